#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int h[32] = {0}, *d;
	cudaMalloc(&d, 16 * sizeof(int));
	cudaError_t e = cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);	//@oob-global-write
	printf("%d\n", (int)e);
	return 0;
}
