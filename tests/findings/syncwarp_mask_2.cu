#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16) {
		out[l] = l;
		__syncwarp(0x0000ffff);
	} else {
		out[l] = -l;
		__syncwarp(0xffff0001);	//@invalid-syncwarp-mask
	}
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
