// Litmus test MP+fence.cta+fence.cta (same block) (../shared/litmus/CATALOGUE.md).
// placement: T0 and T1 in the same block, different warps
// Expected outcomes: MP_fence_cta_same.outcomes; run: warpstep explore --model relaxed MP_fence_cta_same.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__device__ int r[2];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
		__threadfence_block();
		y = 1;
	}
	if (threadIdx.x == 32) {
		int r0 = y;
		__threadfence_block();
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	int h[2];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d\n", h[0], h[1]);
	return 0;
}
