#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(void)
{
	int *p = (int *)malloc(16);
	free(p);
	free(p);	//@double-free
}
int main()
{
	k<<<1, 1>>>();
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
