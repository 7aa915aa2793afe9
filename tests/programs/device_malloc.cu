// Device-side malloc/free: per-thread buffers of thread-dependent size, and one block-shared
// buffer allocated by thread 0 and published through shared memory; device memset/memcpy.
#include <stdio.h>
#include <string.h>

__global__ void per_thread(int *out)
{
	int t = threadIdx.x;
	int n = t + 1;
	int *buf = (int *)malloc(n * sizeof(int));
	if (buf == NULL) {
		out[t] = -1;
		return;
	}
	for (int i = 0; i < n; i++)
		buf[i] = i * t;
	int s = 0;
	for (int i = 0; i < n; i++)
		s += buf[i];
	out[t] = s;
	free(buf);
}

__global__ void shared_buffer(int *out)
{
	__shared__ int *block_buf;
	if (threadIdx.x == 0) {
		block_buf = (int *)malloc(blockDim.x * sizeof(int));
		memset(block_buf, 0, blockDim.x * sizeof(int));
	}
	__syncthreads();
	block_buf[threadIdx.x] = threadIdx.x * 3;
	__syncthreads();
	if (threadIdx.x == 0) {
		memcpy(out, block_buf, blockDim.x * sizeof(int));
		free(block_buf);
	}
}

int main(void)
{
	int h[32];
	int *d;
	cudaMalloc(&d, sizeof h);
	per_thread<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("per-thread sums: %d %d %d %d\n", h[0], h[1], h[10], h[31]);
	shared_buffer<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("block buffer: %d %d %d\n", h[0], h[5], h[31]);
	return 0;
}
