// Litmus test ISA2+fence.cta (different blocks).
// placement: each thread in its own block
// fence.sc.cta in threads of different blocks: not morally strong (no Fence-SC order, no
// synchronization): the weak outcome is allowed.
// Expected outcomes: ISA2_fence_cta_diff.outcomes; run: warpstep explore --model relaxed ISA2_fence_cta_diff.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[3];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence_block();
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = y;
		__threadfence_block();
		z = 1;
		r[0] = r0;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		int r1 = z;
		__threadfence_block();
		int r2 = x;
		r[1] = r1;
		r[2] = r2;
	}
}

int main()
{
	litmus<<<3, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d r2=%d\n", r[0], r[1], r[2]);
	return 0;
}
