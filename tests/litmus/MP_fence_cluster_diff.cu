// Litmus test MP+fence.cluster+fence.cluster (different blocks, no clusters).
// placement: T0 in block 0, T1 in block 1, launched without clusters (a cluster of one block each)
// Without a cluster launch each block is a cluster of its own: the fences are not morally strong, allowed.
// Expected outcomes: MP_fence_cluster_diff.outcomes; run: warpstep explore --model relaxed MP_fence_cluster_diff.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		asm volatile("fence.sc.cluster;" ::: "memory");
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = y;
		asm volatile("fence.sc.cluster;" ::: "memory");
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], r[1]);
	return 0;
}
