#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ int lock;
__device__ int total;
__global__ void k(void)
{
	if (threadIdx.x == 0) {
		while (atomicCAS(&lock, 0, 1) != 0)
			;
		__threadfence();
		total = total + 1;
		__threadfence();
		atomicExch(&lock, 0);
	}
}
int main()
{
	int h = 0;
	cudaMemcpyToSymbol(total, &h, sizeof(int));
	cudaMemcpyToSymbol(lock, &h, sizeof(int));
	k<<<8, 32>>>();
	cudaMemcpyFromSymbol(&h, total, sizeof(int));
	printf("%d\n", h);
	return 0;
}
