// Litmus test 2+2W (../shared/litmus/CATALOGUE.md).
// placement: T0 in block 0, T1 in block 1 (same GPU)
// Expected outcomes: 2+2W.outcomes; run: warpstep explore --model relaxed 2+2W.cu
#include <cstdio>

__device__ volatile int x = 0, y = 0;
__device__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		y = 2;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		y = 1;
		x = 2;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	int h_x;
	cudaMemcpyFromSymbol(&h_x, x, sizeof(int));
	int h_y;
	cudaMemcpyFromSymbol(&h_y, y, sizeof(int));
	printf("x=%d y=%d\n", h_x, h_y);
	return 0;
}
