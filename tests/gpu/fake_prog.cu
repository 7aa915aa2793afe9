// fake_prog.cu - run through `run --gpu` with tests/gpu/fakecuda.c standing
// in for libcuda (tests/gpu/fake_driver.t): the kernels' bodies are what the
// fake runs by name. Valid CUDA (nvcc -arch=sm_90).
#include <stdio.h>

__device__ int counter;

__global__ void scale(int *p, int n, int k)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] *= k;
}

__global__ void count(void)
{
	atomicAdd(&counter, 1);
}

__global__ void boom(int *p)
{
	p[-(1 << 28)] = 1;
}

int main(void)
{
	int h[5] = { 1, 2, 3, 4, 5 }, c = 0;
	int *d;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	scale<<<1, 32>>>(d, 5, 3);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("scaled: %d %d %d %d %d\n", h[0], h[1], h[2], h[3], h[4]);
	c = 40;
	cudaMemcpyToSymbol(counter, &c, sizeof(c));
	count<<<1, 1>>>();
	count<<<1, 1>>>();
	cudaMemcpyFromSymbol(&c, counter, sizeof(c));
	printf("counter: %d\n", c);
	cudaEvent_t a, b;
	cudaEventCreate(&a);
	cudaEventCreate(&b);
	cudaEventRecord(a, 0);
	scale<<<1, 32>>>(d, 5, 1);
	cudaEventRecord(b, 0);
	cudaEventSynchronize(b);
	float ms = 0;
	cudaEventElapsedTime(&ms, a, b);
	printf("kernel time at least 2.5 ms: %d\n", ms >= 2.5f);
	boom<<<1, 1>>>(d);
	cudaError_t e = cudaDeviceSynchronize();
	printf("boom: %s (%d)\n", cudaGetErrorName(e), (int)e);
	e = cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("sticky: %s\n", cudaGetErrorString(e));
	cudaFree(d);
	return 0;
}
