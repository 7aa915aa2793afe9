// Litmus test R+fence.gpu x2 (extra) (../shared/litmus/CATALOGUE.md).
// placement: T0 in block 0, T1 in block 1 (same GPU)
// Expected outcomes: R_fence_gpu.outcomes; run: warpstep explore --model relaxed R_fence_gpu.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__device__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence();
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 2;
		__threadfence();
		int r0 = x;
		r[0] = r0;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	int h[1];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	int h_y;
	cudaMemcpyFromSymbol(&h_y, y, sizeof(int));
	printf("r0=%d y=%d\n", h[0], h_y);
	return 0;
}
