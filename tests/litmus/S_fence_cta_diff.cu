// Litmus test S+fence.cta (different blocks).
// placement: each thread in its own block
// fence.sc.cta in threads of different blocks: not morally strong (no Fence-SC order, no
// synchronization): the weak outcome is allowed.
// Expected outcomes: S_fence_cta_diff.outcomes; run: warpstep explore --model relaxed S_fence_cta_diff.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 2;
		__threadfence_block();
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = y;
		__threadfence_block();
		x = 1;
		r[0] = r0;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d x=%d\n", r[0], x);
	return 0;
}
