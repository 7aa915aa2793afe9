// Litmus test MP+__syncwarp (plain accesses, extra) (../shared/litmus/CATALOGUE.md).
// placement: T0 and T1 lanes 0 and 1 of one warp
// Expected outcomes: MP_syncwarp.outcomes; run: warpstep explore --model relaxed MP_syncwarp.cu
#include <cstdio>

__device__ int x = 0, y = 0;
__device__ int r[1];

__global__ void litmus()
{
	if (threadIdx.x == 0) x = 1; __syncwarp(); if (threadIdx.x == 1) r[0] = x;
}

int main()
{
	litmus<<<1, 32>>>();
	cudaDeviceSynchronize();
	int h[1];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d\n", h[0]);
	return 0;
}
