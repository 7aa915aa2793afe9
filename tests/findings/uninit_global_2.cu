#include <cstdio>
#include <cstdlib>
#include <cassert>
int main()
{
	int *d, h[8];
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);	//@uninitialized-read
	return 0;
}
