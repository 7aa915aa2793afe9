// Litmus test 2+2W+fence.cta (one block).
// placement: every thread in block 0, each in its own warp
// fence.sc.cta, every thread in one block: morally strong, ordered by Fence-SC order: forbidden.
// Expected outcomes: 2+2W_fence_cta_same.outcomes; run: warpstep explore --model relaxed 2+2W_fence_cta_same.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
		__threadfence_block();
		y = 2;
	}
	if (threadIdx.x == 32) {
		y = 1;
		__threadfence_block();
		x = 2;
	}
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	printf("x=%d y=%d\n", x, y);
	return 0;
}
