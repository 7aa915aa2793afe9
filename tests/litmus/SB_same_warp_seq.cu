// Litmus test SB with both threads in one warp (extra), written as two
// consecutive ifs: lanes 1..31 may run ahead of lane 0 (independent thread
// scheduling). placement: T0 lane 0, T1 lane 1 of warp 0 of block 0
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__device__ int r[2];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
		int r0 = y;
		r[0] = r0;
	}
	if (threadIdx.x == 1) {
		y = 1;
		int r1 = x;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<1, 32>>>();
	cudaDeviceSynchronize();
	int h[2];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d\n", h[0], h[1]);
	return 0;
}
