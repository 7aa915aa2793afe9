// __threadfence_system between a data write and a flag write (message passing to the host through
// mapped pinned memory read after synchronization) and __threadfence_block in shared memory.
#include <stdio.h>

__global__ void k(volatile int *data, volatile int *flag, int *out)
{
	__shared__ volatile int s[64];
	int t = threadIdx.x;
	s[t] = t * 3;
	__threadfence_block();
	__syncthreads();
	out[t] = s[63 - t];
	if (t == 0) {
		data[0] = 42;
		data[1] = blockIdx.x + 7;
		__threadfence_system();
		flag[0] = 1;
	}
}

int main(void)
{
	int *h, *out, ho[64];
	cudaHostAlloc(&h, 2 * sizeof(int) + sizeof(int), cudaHostAllocMapped);
	h[0] = h[1] = h[2] = 0;
	int *dh;
	cudaHostGetDevicePointer(&dh, h, 0);
	cudaMalloc(&out, sizeof ho);
	k<<<1, 64>>>(dh, dh + 2, out);
	cudaDeviceSynchronize();
	cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
	printf("flag %d data %d %d; out[0]=%d out[63]=%d\n", h[2], h[0], h[1], ho[0], ho[63]);
	cudaFreeHost(h);
	return 0;
}
