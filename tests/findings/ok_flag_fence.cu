#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ volatile int flag;
__device__ int data;
__global__ void k(int *out)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		data = 42;
		__threadfence();
		flag = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		while (flag == 0)
			;
		__threadfence();
		*out = data;
	}
}
int main()
{
	int *out, h = 0;
	cudaMalloc(&out, sizeof(int));
	cudaMemcpyToSymbol(flag, &h, sizeof(int));
	k<<<2, 32>>>(out);
	cudaMemcpy(&h, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h);
	return 0;
}
