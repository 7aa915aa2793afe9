// __brkpt() outside a debugger: on the GPU the breakpoint trap ends the kernel with an error that
// is sticky (later calls fail too).
#include <stdio.h>

__global__ void k(int *p)
{
	p[threadIdx.x] = 1;
	if (threadIdx.x == 3)
		__brkpt();
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	k<<<1, 32>>>(d);
	cudaError_t e = cudaDeviceSynchronize();
	printf("sync: %s\n", cudaGetErrorName(e));
	printf("then: %s\n", cudaGetErrorName(cudaMalloc(&d, 4)));
	return 0;
}
