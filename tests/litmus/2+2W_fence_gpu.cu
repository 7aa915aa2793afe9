// Litmus test 2+2W+fence.gpu.
// placement: each thread in its own block
// fence.sc.gpu, threads in different blocks: morally strong, ordered by Fence-SC order: forbidden.
// Expected outcomes: 2+2W_fence_gpu.outcomes; run: warpstep explore --model relaxed 2+2W_fence_gpu.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence();
		y = 2;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 1;
		__threadfence();
		x = 2;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("x=%d y=%d\n", x, y);
	return 0;
}
