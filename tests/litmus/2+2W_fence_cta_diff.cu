// Litmus test 2+2W+fence.cta (different blocks).
// placement: each thread in its own block
// fence.sc.cta in threads of different blocks: not morally strong (no Fence-SC order, no
// synchronization): the weak outcome is allowed.
// Expected outcomes: 2+2W_fence_cta_diff.outcomes; run: warpstep explore --model relaxed 2+2W_fence_cta_diff.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence_block();
		y = 2;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 1;
		__threadfence_block();
		x = 2;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("x=%d y=%d\n", x, y);
	return 0;
}
