#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ int depth(int n)
{
	int pad[64];
	pad[n % 64] = n;
	return depth(n + 1) + pad[n % 64];	//@stack-overflow
}
__global__ void k(int *out)
{
	out[0] = depth(0);
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
