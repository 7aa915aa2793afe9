// Litmus test LB+fence.cta+fence.cta (same block).
// placement: T0 and T1 in the same block, different warps
// PTX: both threads are in the fences' block: the fences are morally strong and ordered by
// Fence-SC order; either order puts one load in causality order before the write it would read.
// Expected outcomes: LB_fence_cta_same.outcomes; run: warpstep explore --model relaxed LB_fence_cta_same.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		int r0 = x;
		__threadfence_block();
		y = 1;
		r[0] = r0;
	}
	if (threadIdx.x == 32) {
		int r1 = y;
		__threadfence_block();
		x = 1;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], r[1]);
	return 0;
}
