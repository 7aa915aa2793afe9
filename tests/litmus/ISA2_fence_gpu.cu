// Litmus test ISA2+fence.gpu x3 (extra) (../shared/litmus/CATALOGUE.md).
// placement: T0, T1, T2 each in a different block (same GPU)
// Expected outcomes: ISA2_fence_gpu.outcomes; run: warpstep explore --model relaxed ISA2_fence_gpu.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0, z = 0;
__device__ int r[3];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence();
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = y;
		__threadfence();
		z = 1;
		r[0] = r0;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		int r1 = z;
		__threadfence();
		int r2 = x;
		r[1] = r1;
		r[2] = r2;
	}
}

int main()
{
	litmus<<<3, 1>>>();
	cudaDeviceSynchronize();
	int h[3];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d r2=%d\n", h[0], h[1], h[2]);
	return 0;
}
