// Litmus test RWC+fence.gpu.
// placement: each thread in its own block
// fence.sc.gpu, threads in different blocks: morally strong, ordered by Fence-SC order: forbidden.
// Expected outcomes: RWC_fence_gpu.outcomes; run: warpstep explore --model relaxed RWC_fence_gpu.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[3];

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
		__threadfence();
		int r2 = x;
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
