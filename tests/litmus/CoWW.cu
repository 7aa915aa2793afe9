// Litmus test CoWW (one thread, plain) (../shared/litmus/CATALOGUE.md).
// placement: T0 alone
// Expected outcomes: CoWW.outcomes; run: warpstep explore --model relaxed CoWW.cu
#include <cstdio>

__device__ int x = 0;
__device__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		x = 2;
	}
}

int main()
{
	litmus<<<1, 1>>>();
	cudaDeviceSynchronize();
	int h_x;
	cudaMemcpyFromSymbol(&h_x, x, sizeof(int));
	printf("x=%d\n", h_x);
	return 0;
}
