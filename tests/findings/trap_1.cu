#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	if (a[threadIdx.x] < 0)
		__trap();	//@trap
}
int main()
{
	int *a;
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMemset(a, 0xff, 32 * sizeof(int));
	k<<<1, 32>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
