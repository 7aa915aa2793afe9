#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(float *out)
{
	__shared__ float acc;
	acc += 1.0f;	//@uninitialized-read
	out[0] = acc;
}
int main()
{
	float *out;
	cudaMalloc(&out, sizeof(float));
	k<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
