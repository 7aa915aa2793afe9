#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	a[threadIdx.x] = 1;	//@use-after-free
}
int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	cudaFree(a);
	k<<<1, 32>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
