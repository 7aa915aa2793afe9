#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ void fail(void)
{
	__trap();	//@trap
}
__global__ void k(void)
{
	if (blockIdx.x == 3)
		fail();
}
int main()
{
	k<<<4, 32>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	printf("%d\n", (int)cudaGetLastError());
	return 0;
}
