// Compiler hints have no effect on results: __builtin_assume_aligned, __builtin_assume,
// __builtin_expect, __builtin_unreachable (on a path never taken), __prof_trigger.
#include <stdio.h>

__device__ int pick(int x)
{
	switch (x & 3) {
	case 0: return 10;
	case 1: return 11;
	case 2: return 12;
	case 3: return 13;
	}
	__builtin_unreachable();
}

__global__ void k(int *in, int *out, int n)
{
	int *a = (int *)__builtin_assume_aligned(in, 16);
	int t = threadIdx.x;
	__builtin_assume(t >= 0);
	__builtin_assume(n > 0);
	__prof_trigger(0);
	int v = 0;
	if (__builtin_expect(t < n, 1))
		v = a[t] * 2;
	if (__builtin_expect(t == 5, 0))
		v = -v;
	out[t] = v + pick(t);
}

int main(void)
{
	int h[8], *din, *dout;
	for (int i = 0; i < 8; i++)
		h[i] = i + 1;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof h);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	k<<<1, 8>>>(din, dout, 7);
	cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 8; i++)
		printf("%d ", h[i]);
	printf("\n");
	return 0;
}
