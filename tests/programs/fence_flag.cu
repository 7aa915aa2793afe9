// Producer/consumer between two warps of one block through a volatile flag in shared memory,
// ordered with __threadfence_block(); and a global flag between two blocks with __threadfence().
// The consumer spins, so producer and consumer must be in different warps (no intra-warp spin).
#include <stdio.h>

__global__ void in_block(int *out)
{
	__shared__ int data[4];
	__shared__ volatile int ready;
	if (threadIdx.x == 0)
		ready = 0;
	__syncthreads();
	if (threadIdx.x == 32) {
		for (int i = 0; i < 4; i++)
			data[i] = (i + 1) * 11;
		__threadfence_block();
		ready = 1;
	}
	if (threadIdx.x == 0) {
		while (ready == 0)
			;
		__threadfence_block();
		int s = 0;
		for (int i = 0; i < 4; i++)
			s += data[i];
		out[0] = s;
	}
}

__device__ volatile int g_ready = 0;
__device__ int g_data[2];

__global__ void across_blocks(int *out)
{
	if (gridDim.x != 2 || threadIdx.x != 0)
		return;
	if (blockIdx.x == 1) {
		g_data[0] = 123;
		g_data[1] = 456;
		__threadfence();
		g_ready = 1;
	} else {
		while (g_ready == 0)
			;
		__threadfence();
		out[1] = g_data[0] + g_data[1];
	}
}

int main(void)
{
	int *d, h[2];
	cudaMalloc(&d, sizeof h);
	in_block<<<1, 64>>>(d);
	across_blocks<<<2, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("consumer in block saw sum %d\n", h[0]);
	printf("consumer block saw sum %d\n", h[1]);
	return 0;
}
