// Every thread atomically adds into one counter, and a block-level atomic into shared memory.
#include <stdio.h>

__global__ void count(int *global_count, unsigned long long *sum)
{
	__shared__ int block_count;
	if (threadIdx.x == 0)
		block_count = 0;
	__syncthreads();
	atomicAdd(&block_count, 1);
	atomicAdd(sum, (unsigned long long)(blockIdx.x * blockDim.x + threadIdx.x));
	__syncthreads();
	if (threadIdx.x == 0)
		atomicAdd(global_count, block_count);
}

int main(void)
{
	int *dc;
	unsigned long long *ds;
	cudaMalloc(&dc, sizeof(int));
	cudaMalloc(&ds, sizeof(unsigned long long));
	cudaMemset(dc, 0, sizeof(int));
	cudaMemset(ds, 0, sizeof(unsigned long long));
	count<<<50, 200>>>(dc, ds);
	int c;
	unsigned long long s;
	cudaMemcpy(&c, dc, sizeof c, cudaMemcpyDeviceToHost);
	cudaMemcpy(&s, ds, sizeof s, cudaMemcpyDeviceToHost);
	printf("threads counted: %d\n", c);
	printf("sum of ids: %llu\n", s);
	return 0;
}
