// Litmus test LB in shared memory.
// placement: T0 and T1 in the same block, different warps; x, y in shared memory
// Shared memory follows the relaxed model too (PTX makes no exception for it).
// Expected outcomes: LB_shared.outcomes; run: warpstep explore --model relaxed LB_shared.cu
#include <cstdio>

__managed__ int r[2];

__global__ void litmus()
{
	__shared__ volatile int x, y;
	if (threadIdx.x == 0) { x = 0; y = 0; }
	__syncthreads();
	if (threadIdx.x == 0) {
		int r0 = x;
		y = 1;
		r[0] = r0;
	}
	if (threadIdx.x == 32) {
		int r1 = y;
		x = 1;
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
