// Litmus test R+fence.cta (one block).
// placement: every thread in block 0, each in its own warp
// fence.sc.cta, every thread in one block: morally strong, ordered by Fence-SC order: forbidden.
// Expected outcomes: R_fence_cta_same.outcomes; run: warpstep explore --model relaxed R_fence_cta_same.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
		__threadfence_block();
		y = 1;
	}
	if (threadIdx.x == 32) {
		y = 2;
		__threadfence_block();
		int r0 = x;
		r[0] = r0;
	}
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	printf("r0=%d y=%d\n", r[0], y);
	return 0;
}
