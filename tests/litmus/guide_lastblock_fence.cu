// CUDA C++ Programming Guide, "Memory Fence Functions": the sum of an array
// in one call, where the last block to finish reads the other blocks'
// partial sums, with the guide's one __threadfence() between storing the
// partial sum and the atomicInc. Under the PTX axioms that fence is only the
// release half: the last block's atomicInc reads the other block's atomicInc,
// but nothing after it acquires (an acquire pattern is 'atom; fence'), so the
// model still lets the last block read a stale partial sum (total 3 or 7).
// On hardware the volatile loads go to L2 after the atomic and see the sums;
// guide_lastblock_fence2.cu adds the acquire fence and is correct by the model.
// Small: 2 blocks of 2 threads, 4 elements.
#include <cstdio>

#define N 4
#define BLOCKS 2
#define THREADS 2

__device__ unsigned int count = 0;
__device__ float total;

__device__ float calculatePartialSum(const float *array, unsigned int n)
{
	/* thread 0 of the block sums the block's elements */
	float s = 0;
	for (unsigned int i = 0; i < THREADS; i++)
		s += array[blockIdx.x * THREADS + i];
	return s;
}

__device__ float calculateTotalSum(volatile float *result)
{
	float s = 0;
	for (unsigned int i = 0; i < gridDim.x; i++)
		s += result[i];
	return s;
}

__global__ void sum(const float *array, unsigned int n, volatile float *result)
{
	__shared__ bool isLastBlockDone;
	if (threadIdx.x == 0) {
		float partialSum = calculatePartialSum(array, n);
		result[blockIdx.x] = partialSum;
		__threadfence();
		unsigned int value = atomicInc(&count, gridDim.x);
		isLastBlockDone = (value == (gridDim.x - 1));
	}
	__syncthreads();
	if (isLastBlockDone) {
		if (threadIdx.x == 0) {
			total = calculateTotalSum(result);
			count = 0;
		}
	}
}

int main()
{
	float h[N] = { 1, 2, 3, 4 };
	float *a, *r;
	cudaMalloc(&a, sizeof(h));
	cudaMalloc(&r, BLOCKS * sizeof(float));
	cudaMemset(r, 0, BLOCKS * sizeof(float));
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	sum<<<BLOCKS, THREADS>>>(a, N, r);
	float t;
	cudaMemcpyFromSymbol(&t, total, sizeof(t));
	printf("total=%g\n", t);
	return 0;
}
