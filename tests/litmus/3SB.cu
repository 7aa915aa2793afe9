// Litmus test 3.SB (extra) (../shared/litmus/CATALOGUE.md).
// placement: T0, T1, T2 each in a different block (same GPU)
// Expected outcomes: 3SB.outcomes; run: warpstep explore --model relaxed 3SB.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0, z = 0;
__device__ int r[3];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		int r0 = y;
		r[0] = r0;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 1;
		int r1 = z;
		r[1] = r1;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		z = 1;
		int r2 = x;
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
