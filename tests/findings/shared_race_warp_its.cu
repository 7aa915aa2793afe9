#include <cstdio>
#include <cstdlib>
#include <cassert>
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[32];
	int l = threadIdx.x;
	s[l] = l * l;
	out[l] = s[l ^ 1];	//@shared-race
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
