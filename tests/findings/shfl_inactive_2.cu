#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(float *out)
{
	int l = threadIdx.x;
	float v = l;
	if (l < 16)
		v += __shfl_down_sync(0x0000ffff, v, 8);	//@shfl-inactive-source
	out[l] = v;
}
int main()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
