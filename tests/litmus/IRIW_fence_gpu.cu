// Litmus test IRIW+fence.gpu+fence.gpu (fences in both readers) (../shared/litmus/CATALOGUE.md).
// placement: T0..T3 each in a different block (same GPU)
// Expected outcomes: IRIW_fence_gpu.outcomes; run: warpstep explore --model relaxed IRIW_fence_gpu.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__device__ int r[4];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = x;
		__threadfence();
		int r1 = y;
		r[0] = r0;
		r[1] = r1;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		y = 1;
	}
	if (blockIdx.x == 3 && threadIdx.x == 0) {
		int r2 = y;
		__threadfence();
		int r3 = x;
		r[2] = r2;
		r[3] = r3;
	}
}

int main()
{
	litmus<<<4, 1>>>();
	cudaDeviceSynchronize();
	int h[4];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d r2=%d r3=%d\n", h[0], h[1], h[2], h[3]);
	return 0;
}
