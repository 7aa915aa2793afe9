#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ volatile int ready;
__global__ void k(int *out)
{
	if (blockIdx.x == gridDim.x - 1) {
		if (threadIdx.x == 0)
			ready = 1;
	} else {
		while (ready == 0)	//@deadlock
			;
		out[blockIdx.x] = 1;
	}
}
int main()
{
	int *out, z = 0;
	cudaMalloc(&out, 4096 * sizeof(int));
	cudaMemcpyToSymbol(ready, &z, sizeof(int));
	k<<<4096, 1024>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
