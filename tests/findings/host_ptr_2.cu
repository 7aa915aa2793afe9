#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const float *x, float *y)
{
	y[threadIdx.x] = x[threadIdx.x];	//@host-pointer-in-kernel
}
int main()
{
	float x[16] = {1}, *y;
	cudaMalloc(&y, sizeof(x));
	k<<<1, 16>>>(x, y);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
