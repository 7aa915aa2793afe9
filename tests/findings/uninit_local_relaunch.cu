#include <cstdio>
#include <cstdlib>
#include <cassert>
struct coef { int a, b; };
__global__ void lin(int *out, coef k)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = k.a * threadIdx.x + k.b;
}
__global__ void loc(int *out, int n, int skip)
{
	int a[8];
	for (int j = 0; j < 8; j++)
		if (j != skip)
			a[j] = j * n;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (skip < 0)
		out[i] = a[threadIdx.x % 8];
	else
		out[i] = a[skip];	//@uninitialized-read
}
int main()
{
	int *out;
	cudaMalloc(&out, 1024 * sizeof(int));
	coef k = { 2, 1 };
	loc<<<2, 96>>>(out, 3, -1);
	lin<<<4, 64>>>(out, k);
	loc<<<2, 96>>>(out, 5, 2);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
