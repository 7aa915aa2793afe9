// Litmus test atomicAdd_block x2 (different blocks) (../shared/litmus/CATALOGUE.md).
// placement: T0 in block 0, T1 in block 1 (same GPU)
// Expected outcomes: atomicAdd_block.outcomes; run: warpstep explore --model relaxed atomicAdd_block.cu
#include <cstdio>

__device__ int x = 0;
__device__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		r[0] = atomicAdd_block(&x, 1);
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		r[1] = atomicAdd_block(&x, 1);
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	int h[2];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	int h_x;
	cudaMemcpyFromSymbol(&h_x, x, sizeof(int));
	printf("r0=%d r1=%d x=%d\n", h[0], h[1], h_x);
	return 0;
}
