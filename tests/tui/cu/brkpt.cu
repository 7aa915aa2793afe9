// brkpt.cu - __brkpt() stops the debugger; continue goes past it.
#include <cstdio>

__global__ void k(int *out)
{
	int tid = threadIdx.x;
	if (tid == 5)
		__brkpt();
	out[tid] = tid;
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	k<<<1, 32>>>(d);
	cudaError_t err = cudaDeviceSynchronize();
	printf("%s\n", cudaGetErrorString(err));
	return 0;
}
