#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16)
		out[l] = __shfl_sync(0x0000ffff, l, l + 16);	//@shfl-inactive-source
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
