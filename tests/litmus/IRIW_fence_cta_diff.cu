// Litmus test IRIW+fence.cta (different blocks).
// placement: each thread in its own block
// fence.sc.cta in threads of different blocks: not morally strong (no Fence-SC order, no
// synchronization): the weak outcome is allowed.
// Expected outcomes: IRIW_fence_cta_diff.outcomes; run: warpstep explore --model relaxed IRIW_fence_cta_diff.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[4];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = x;
		__threadfence_block();
		int r1 = y;
		r[0] = r0;
		r[1] = r1;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		y = 1;
	}
	if (blockIdx.x == 3 && threadIdx.x == 0) {
		int r2 = y;
		__threadfence_block();
		int r3 = x;
		r[2] = r2;
		r[3] = r3;
	}
}

int main()
{
	litmus<<<4, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d r2=%d r3=%d\n", r[0], r[1], r[2], r[3]);
	return 0;
}
