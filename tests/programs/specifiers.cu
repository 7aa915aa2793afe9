// Function and parameter specifiers: __noinline__, __forceinline__, __inline_hint__, __host__ __device__
// called from both sides, __restrict__ pointers, a __grid_constant__ struct parameter (its address
// taken in the kernel), warpSize in device code.
#include <stdio.h>

struct params {
	int n;
	int coef[4];
};

__noinline__ __device__ int slow_sq(int x)
{
	return x * x;
}

__forceinline__ __device__ int fast_inc(int x)
{
	return x + 1;
}

__inline_hint__ __device__ int hinted(int x)
{
	return x - 3;
}

__host__ __device__ int both(int x)
{
	return 10 * x + 1;
}

__global__ void k(const __grid_constant__ params p, const int *__restrict__ in, int *__restrict__ out)
{
	int i = threadIdx.x;
	const params *pp = &p;
	if (i < pp->n)
		out[i] = slow_sq(in[i]) + fast_inc(p.coef[i % 4]) + hinted(both(i)) + warpSize;
}

int main(void)
{
	params p;
	p.n = 6;
	for (int j = 0; j < 4; j++)
		p.coef[j] = 100 * j;
	int h[8], *din, *dout;
	for (int i = 0; i < 8; i++)
		h[i] = i - 2;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof h);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	cudaMemset(dout, 0, sizeof h);
	k<<<1, 8>>>(p, din, dout);
	cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 8; i++)
		printf("%d ", h[i]);
	printf("\nhost both(4) = %d\n", both(4));
	return 0;
}
