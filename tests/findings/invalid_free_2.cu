#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int *h = (int *)malloc(64);
	cudaError_t e = cudaFree(h);	//@invalid-free
	printf("%d\n", (int)e);
	free(h);
	return 0;
}
