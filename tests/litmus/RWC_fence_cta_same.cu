// Litmus test RWC+fence.cta (one block).
// placement: every thread in block 0, each in its own warp
// fence.sc.cta, every thread in one block: morally strong, ordered by Fence-SC order: forbidden.
// Expected outcomes: RWC_fence_cta_same.outcomes; run: warpstep explore --model relaxed RWC_fence_cta_same.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[3];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
	}
	if (threadIdx.x == 32) {
		int r0 = x;
		__threadfence_block();
		int r1 = y;
		r[0] = r0;
		r[1] = r1;
	}
	if (threadIdx.x == 64) {
		y = 1;
		__threadfence_block();
		int r2 = x;
		r[2] = r2;
	}
}

int main()
{
	litmus<<<1, 96>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d r2=%d\n", r[0], r[1], r[2]);
	return 0;
}
