#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int t = threadIdx.x;
	out[t] = 100 % (t - 5);	//@integer-divide-by-zero
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
