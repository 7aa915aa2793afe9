#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(float *out, int n)
{
	extern __shared__ float buf[];
	buf[threadIdx.x] = 1.0f;	//@oob-shared
	__syncthreads();
	out[threadIdx.x] = buf[threadIdx.x];
}
int main()
{
	float *out;
	cudaMalloc(&out, 128 * sizeof(float));
	k<<<1, 128, 64 * sizeof(float)>>>(out, 128);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
