#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned char *d, unsigned *bins, unsigned *part, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		if (t < 32)
			out[t] = d[t + 4];
		else if (t == 35)
			d[6] = 1;	//@global-race
		if (t < 32)
			atomicAdd(&bins[t + 1], 1u);
		if (t < 32 && t % 3)
			atomicAdd(&part[t + 2], 1u);
	} else {
		int v = 0;
		for (int j = 0; j < 200; j++)
			v += j & t;
		out[64 + t] = v;
		if (t == 3)
			bins[4] = 0;	//@global-race
		if (t == 5)
			part[7] = 0;	//@global-race
	}
}
int main()
{
	unsigned char *d;
	unsigned *bins, *part;
	int *out;
	cudaMalloc(&d, 64);
	cudaMalloc(&bins, 64 * sizeof(unsigned));
	cudaMalloc(&part, 64 * sizeof(unsigned));
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMemset(d, 0, 64);
	cudaMemset(bins, 0, 64 * sizeof(unsigned));
	cudaMemset(part, 0, 64 * sizeof(unsigned));
	k<<<2, 64>>>(d, bins, part, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
