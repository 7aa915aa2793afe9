// CUDA C++ Programming Guide, "Memory Fence Functions": the sum of an array
// in one call, where the last block to finish reads the other blocks'
// partial sums, with the __threadfence() on both sides: after storing the partial
// sum (release) and, in the last block, after the atomicInc (acquire). Then the
// last block always reads every partial sum (PTX: fence; atom ... atom; fence).
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
			__threadfence(); /* acquire: pairs with the other blocks' fence; atomicInc */
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
