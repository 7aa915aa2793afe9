#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int *d;
	cudaMalloc(&d, 16 * sizeof(int));
	cudaMemset(d, 0, 16 * sizeof(int));
	printf("%d\n", d[0]);	//@device-pointer-on-host
	return 0;
}
