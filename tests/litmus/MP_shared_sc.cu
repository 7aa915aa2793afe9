// Litmus test MP in shared memory, --shared-sc.
// placement: T0 and T1 in the same block, different warps; x, y in shared memory
// Under --shared-sc shared memory is sequentially consistent: the weak outcome is gone.
// Expected outcomes: MP_shared_sc.outcomes; run: warpstep explore --model relaxed MP_shared_sc.cu
#include <cstdio>

__managed__ int r[2];

__global__ void litmus()
{
	__shared__ volatile int x, y;
	if (threadIdx.x == 0) { x = 0; y = 0; }
	__syncthreads();
	if (threadIdx.x == 0) {
		x = 1;
		y = 1;
	}
	if (threadIdx.x == 32) {
		int r0 = y;
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
