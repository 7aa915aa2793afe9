// __launch_bounds__, #pragma unroll (with and without a count), __restrict__, __forceinline__,
// __noinline__ and __ldg.
#include <stdio.h>

__forceinline__ __device__ int twice(int x)
{
	return 2 * x;
}

__noinline__ __device__ int thrice(int x)
{
	return 3 * x;
}

__global__ void __launch_bounds__(128, 2) k(const int *__restrict__ in, int *__restrict__ out)
{
	int t = threadIdx.x;
	int acc = 0;
#pragma unroll
	for (int i = 0; i < 4; i++)
		acc += __ldg(&in[(t + i) % 128]);
#pragma unroll 2
	for (int i = 0; i < 6; i++)
		acc += twice(i) + thrice(i);
	out[t] = acc;
}

int main(void)
{
	int h[128];
	for (int i = 0; i < 128; i++)
		h[i] = i;
	int *din, *dout;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof h);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	k<<<1, 128>>>(din, dout);
	cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d %d %d\n", h[0], h[1], h[125], h[127]);
	return 0;
}
