#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;	//@shared-race
	out[t] = s[63 - t];	//@shared-race //@uninitialized-read
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
