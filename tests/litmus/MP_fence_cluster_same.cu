// Litmus test MP+fence.cluster+fence.cluster (same block).
// placement: T0 and T1 in the same block, different warps
// fence.sc.cluster: a block is always inside its own cluster, so both threads are in the fences' scope: forbidden.
// Expected outcomes: MP_fence_cluster_same.outcomes; run: warpstep explore --model relaxed MP_fence_cluster_same.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
		asm volatile("fence.sc.cluster;" ::: "memory");
		y = 1;
	}
	if (threadIdx.x == 32) {
		int r0 = y;
		asm volatile("fence.sc.cluster;" ::: "memory");
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], r[1]);
	return 0;
}
