#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned *bins, unsigned *out)
{
	int t = threadIdx.x;
	unsigned v = 0;
	if (blockIdx.x == 0) {
		if (t & 1)
			atomicAdd(&bins[t], 1u);
	} else {
		for (int i = 0; i < 2000; i++)
			v += i * t;
		if (t & 1)
			bins[t] = 5;	//@global-race
	}
	out[blockIdx.x * 32 + t] = v;
}
int main()
{
	unsigned *bins, *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	cudaMemset(out, 0, 64 * sizeof(unsigned));	/* every allocation written: the offer is made */
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u\n", h[33]);
	return 0;
}
