#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out)
{
	out[threadIdx.x] = in[threadIdx.x] * 2;	//@uninitialized-read
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	cudaDeviceSynchronize();
	return 0;
}
