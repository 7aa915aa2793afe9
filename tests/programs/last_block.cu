// The "last block done" pattern: partial sums, __threadfence(), a ticket from atomicInc,
// and the last block to finish adds up the partial sums.
#include <stdio.h>

#define BLOCK 64

__device__ unsigned int blocks_done = 0;

__global__ void sum_all(const int *in, volatile int *partial, int *result)
{
	__shared__ int s[BLOCK];
	__shared__ bool am_last;
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	for (int stride = BLOCK / 2; stride > 0; stride /= 2) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncthreads();
	}
	if (t == 0) {
		partial[blockIdx.x] = s[0];
		__threadfence();
		unsigned ticket = atomicInc(&blocks_done, gridDim.x);
		am_last = (ticket == gridDim.x - 1);
	}
	__syncthreads();
	if (am_last && t == 0) {
		int total = 0;
		for (unsigned b = 0; b < gridDim.x; b++)
			total += partial[b];
		*result = total;
		blocks_done = 0;
		printf("last block sees total %d\n", total);
	}
}

int main(void)
{
	const int blocks = 16, n = blocks * BLOCK;
	int h[16 * BLOCK];
	for (int i = 0; i < n; i++)
		h[i] = i % 13;
	int *din, *dpart, *dres, res;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dpart, blocks * sizeof(int));
	cudaMalloc(&dres, sizeof(int));
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	for (int rep = 0; rep < 2; rep++) {
		sum_all<<<blocks, BLOCK>>>(din, dpart, dres);
		cudaMemcpy(&res, dres, sizeof res, cudaMemcpyDeviceToHost);
		printf("run %d: result %d\n", rep, res);
	}
	unsigned left;
	cudaMemcpyFromSymbol(&left, blocks_done, sizeof left);
	printf("counter after runs: %u\n", left);
	return 0;
}
