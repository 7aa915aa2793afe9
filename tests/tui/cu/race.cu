// race.cu - the adapter's race test: every warp's lane 0 adds to the same
// shared counter with no atomic and no barrier between them.
#include <cstdio>

__global__ void count(int *out)
{
	__shared__ int total;
	if (threadIdx.x == 0)
		total = 0;
	__syncthreads();
	if (threadIdx.x % 32 == 0)
		total += 1;
	__syncthreads();
	if (threadIdx.x == 0)
		*out = total;
}

int main(void)
{
	int *d, h;
	cudaMalloc(&d, sizeof(int));
	count<<<1, 128>>>(d);
	cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
	printf("total %d\n", h);
	return 0;
}
