#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned *bins)
{
	int t = threadIdx.x;
	if ((t & 1) || blockIdx.x == 1)
		atomicAdd(&bins[t], 1u);
}
int main()
{
	unsigned *bins, h[32];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	k<<<3, 32>>>(bins);
	cudaMemcpy(h, bins, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u %u\n", h[0], h[1]);
	return 0;
}
