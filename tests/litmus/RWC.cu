// Litmus test RWC.
// placement: each thread in its own block
// No fences: nothing synchronizes, the weak outcome is allowed.
// Expected outcomes: RWC.outcomes; run: warpstep explore --model relaxed RWC.cu
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
		int r1 = y;
		r[0] = r0;
		r[1] = r1;
	}
	if (blockIdx.x == 2 && threadIdx.x == 0) {
		y = 1;
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
