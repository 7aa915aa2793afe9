// __device__ global variables: written by kernels, read back with cudaMemcpyFromSymbol,
// initialized statically and with cudaMemcpyToSymbol.
#include <stdio.h>

__device__ int counter = 100;
__device__ int table[8];
__device__ float ratio;

__global__ void bump(int by)
{
	atomicAdd(&counter, by);
	if (blockIdx.x == 0) {
		table[threadIdx.x] = threadIdx.x * threadIdx.x;
		if (threadIdx.x == 0)
			ratio = 0.75f;
	}
}

__global__ void use(int *out)
{
	out[threadIdx.x] = table[7 - threadIdx.x] + (int)(ratio * 4);
}

int main(void)
{
	int c;
	cudaMemcpyFromSymbol(&c, counter, sizeof c);
	printf("initial counter %d\n", c);
	bump<<<1, 8>>>(5);
	cudaMemcpyFromSymbol(&c, counter, sizeof c);
	printf("after bump counter %d\n", c);
	int t[8];
	cudaMemcpyFromSymbol(t, table, sizeof t);
	printf("table: %d %d %d %d %d %d %d %d\n", t[0], t[1], t[2], t[3], t[4], t[5], t[6], t[7]);
	int zero = 0;
	cudaMemcpyToSymbol(counter, &zero, sizeof zero);
	bump<<<2, 8>>>(1);
	cudaMemcpyFromSymbol(&c, counter, sizeof c);
	printf("reset then bump counter %d\n", c);
	int *d, out[8];
	cudaMalloc(&d, sizeof out);
	use<<<1, 8>>>(d);
	cudaMemcpy(out, d, sizeof out, cudaMemcpyDeviceToHost);
	printf("use: %d %d %d\n", out[0], out[3], out[7]);
	int tail[2];
	cudaMemcpyFromSymbol(tail, table, sizeof tail, 6 * sizeof(int));
	printf("table tail: %d %d\n", tail[0], tail[1]);
	return 0;
}
