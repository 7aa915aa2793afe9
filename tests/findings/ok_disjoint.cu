#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(float *a, const float *b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = a[i] * 2.0f + b[i];
}
int main()
{
	int n = 1000;
	float *a, *b;
	cudaMalloc(&a, n * sizeof(float));
	cudaMalloc(&b, n * sizeof(float));
	cudaMemset(a, 0, n * sizeof(float));
	cudaMemset(b, 0, n * sizeof(float));
	k<<<(n + 255) / 256, 256>>>(a, b, n);
	k<<<(n + 255) / 256, 256>>>(a, b, n);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
