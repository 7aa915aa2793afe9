// Litmus test LB+fence.cta+fence.cta (different blocks).
// placement: T0 in block 0, T1 in block 1 (same GPU)
// PTX: the fences are fence.sc.cta; neither block contains the other thread, so they are not
// morally strong: no Fence-SC order, no synchronization, r0 == 1 && r1 == 1 is allowed.
// Expected outcomes: LB_fence_cta_diff.outcomes; run: warpstep explore --model relaxed LB_fence_cta_diff.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		int r0 = x;
		__threadfence_block();
		y = 1;
		r[0] = r0;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r1 = y;
		__threadfence_block();
		x = 1;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], r[1]);
	return 0;
}
