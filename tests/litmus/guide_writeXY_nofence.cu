// CUDA C++ Programming Guide, "Memory Fence Functions": writeXY / readXY,
// without the fences: A=1 B=20 (the fourth outcome) can happen.
// placement: writer in block 0, reader in block 1.
#include <cstdio>

__device__ int X = 1, Y = 2;
__device__ int res[2];

__device__ void writeXY()
{
	X = 10;
	/* no __threadfence() */
	Y = 20;
}

__device__ void readXY()
{
	int B = Y;
	/* no __threadfence() */
	int A = X;
	res[0] = A;
	res[1] = B;
}

__global__ void litmus()
{
	if (blockIdx.x == 0)
		writeXY();
	else
		readXY();
}

int main()
{
	litmus<<<2, 1>>>();
	int h[2];
	cudaMemcpyFromSymbol(h, res, sizeof(h));
	printf("A=%d B=%d\n", h[0], h[1]);
	return 0;
}
