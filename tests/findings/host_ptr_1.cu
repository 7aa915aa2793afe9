#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	a[threadIdx.x] *= 2;	//@host-pointer-in-kernel
}
int main()
{
	int *h = (int *)malloc(32 * sizeof(int));
	for (int i = 0; i < 32; i++)
		h[i] = i;
	k<<<1, 32>>>(h);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
