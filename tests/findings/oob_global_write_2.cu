#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(double *a)
{
	a[threadIdx.x + 8] = 1.0;	//@oob-global-write
}
int main()
{
	double *a;
	cudaMalloc(&a, 32 * sizeof(double));
	k<<<1, 32>>>(a);
	cudaError_t e = cudaDeviceSynchronize();
	printf("%d %d\n", (int)e, (int)cudaGetLastError());
	return 0;
}
