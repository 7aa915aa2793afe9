// A kernel that reads blockDim and gridDim, launched 100 times with one shape, then once
// with another: `run` makes one copy of it per shape (tests/ir/spec.t, WS_DUMP_SPEC=1), in
// which blockDim.x / 2, the loop's start, the division and the compares are constants.
#include <stdio.h>

__global__ void halve(int *a, int n)
{
	unsigned t = threadIdx.x;
	unsigned i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + t;
	int v = 0;
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1)
		v += t < s ? (int)(s / blockDim.y) : 1;
	if (i < n)
		a[i] += v + (int)(gridDim.x * blockDim.x / 64);
}

int main(void)
{
	const int n = 256;
	int *d, h[n];
	cudaMalloc(&d, n * sizeof(int));
	cudaMemset(d, 0, n * sizeof(int));
	for (int k = 0; k < 100; k++)
		halve<<<4, 64>>>(d, n);
	halve<<<1, dim3(128, 2)>>>(d, n);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long long s = 0;
	for (int i = 0; i < n; i++)
		s += (long long)h[i] * (i % 13 + 1);
	printf("%d %d %d %lld\n", h[0], h[63], h[255], s);
	return 0;
}
