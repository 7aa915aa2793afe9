// Litmus test MP+__syncthreads (plain accesses) (../shared/litmus/CATALOGUE.md).
// placement: T0 and T1 in the same block, different warps
// Expected outcomes: MP_syncthreads.outcomes; run: warpstep explore --model relaxed MP_syncthreads.cu
#include <cstdio>

__device__ int x = 0, y = 0;
__device__ int r[1];

__global__ void litmus()
{
	if (threadIdx.x == 0) x = 1; __syncthreads(); if (threadIdx.x == 32) r[0] = x;
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	int h[1];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d\n", h[0]);
	return 0;
}
