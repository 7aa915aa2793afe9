// Litmus test R.
// placement: each thread in its own block
// No fences: nothing synchronizes, the weak outcome is allowed.
// Expected outcomes: R.outcomes; run: warpstep explore --model relaxed R.cu
#include <cstdio>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		y = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 2;
		int r0 = x;
		r[0] = r0;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d y=%d\n", r[0], y);
	return 0;
}
