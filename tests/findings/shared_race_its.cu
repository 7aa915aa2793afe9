#include <cstdio>
#include <cstdlib>
#include <cassert>
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	if (l < 16)
		s[l] = l;
	else
		out[l] = s[l - 16];	//@shared-race
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
