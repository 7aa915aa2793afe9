// Litmus test SB+fence.gpu+fence.gpu (../shared/litmus/CATALOGUE.md).
// placement: T0 in block 0, T1 in block 1 (same GPU)
// Expected outcomes: SB_fence_gpu.outcomes; run: warpstep explore --model relaxed SB_fence_gpu.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__device__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence();
		int r0 = y;
		r[0] = r0;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 1;
		__threadfence();
		int r1 = x;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	int h[2];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d\n", h[0], h[1]);
	return 0;
}
