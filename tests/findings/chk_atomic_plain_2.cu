#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned *bins, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t % 3 != 0)
			atomicAdd(&bins[t], 1u);
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t == 9)
			bins[t] = 1;
		if (t == 10)
			bins[t] = 5;	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned *bins;
	int *out, h[64];
	cudaMalloc(&bins, 32 * sizeof(unsigned));
	cudaMemset(bins, 0, 32 * sizeof(unsigned));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(bins, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
