#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int *a;
	cudaMalloc(&a, 64);
	cudaFree(a);
	cudaError_t e = cudaFree(a);	//@double-free
	printf("%d\n", (int)e);
	return 0;
}
