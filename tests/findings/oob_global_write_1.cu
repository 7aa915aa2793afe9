#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = i;	//@oob-global-write
}
int main()
{
	int n = 100, *out;
	cudaMalloc(&out, n * sizeof(int));
	k<<<(n + 63) / 64, 64>>>(out, n);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
