// __trap() in one thread aborts the kernel; the error is reported at the next synchronization.
#include <stdio.h>

__global__ void k(int *out, int bad)
{
	if (threadIdx.x == bad)
		__trap();
	out[threadIdx.x] = 1;
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 64 * sizeof(int));
	k<<<1, 64>>>(d, 100);
	cudaError_t e = cudaDeviceSynchronize();
	printf("no trap: %s\n", cudaGetErrorName(e));
	k<<<1, 64>>>(d, 5);
	e = cudaDeviceSynchronize();
	printf("trap: %d %s: %s\n", (int)e, cudaGetErrorName(e), cudaGetErrorString(e));
	return e == cudaSuccess ? 0 : 2;
}
