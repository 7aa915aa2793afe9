// Litmus test MP+fence.cta+fence.cta in shared memory.
// placement: T0 and T1 in the same block, different warps; x, y in shared memory
// fence.sc.cta in both threads of one block: morally strong, forbidden.
// Expected outcomes: MP_shared_fence_cta.outcomes; run: warpstep explore --model relaxed MP_shared_fence_cta.cu
#include <cstdio>

__managed__ int r[2];

__global__ void litmus()
{
	__shared__ volatile int x, y;
	if (threadIdx.x == 0) { x = 0; y = 0; }
	__syncthreads();
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
	printf("r0=%d r1=%d\n", r[0], r[1]);
	return 0;
}
