// Litmus test Z6+fence.cta (different blocks).
// placement: each thread in its own block
// fence.sc.cta in threads of different blocks: not morally strong (no Fence-SC order, no
// synchronization): the weak outcome is allowed.
// Expected outcomes: Z6_fence_cta_diff.outcomes; run: warpstep explore --model relaxed Z6_fence_cta_diff.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence_block();
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 2;
		__threadfence_block();
		z = 1;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		int r0 = z;
		__threadfence_block();
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<3, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d y=%d\n", r[0], r[1], y);
	return 0;
}
