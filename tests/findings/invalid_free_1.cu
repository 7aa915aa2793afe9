#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int *a;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaError_t e = cudaFree(a + 4);	//@invalid-free
	printf("%d\n", (int)e);
	return 0;
}
