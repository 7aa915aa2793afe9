#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out)
{
	int i = threadIdx.x;
	out[i] = in[i] + 1;	//@uninitialized-read
}
int main()
{
	int *in, *out, *fresh;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	cudaMemset(out, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);	/* everything written: nothing to check */
	cudaDeviceSynchronize();
	cudaMalloc(&fresh, 32 * sizeof(int));
	k<<<1, 32>>>(fresh, out);
	cudaDeviceSynchronize();
	return 0;
}
