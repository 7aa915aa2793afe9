#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned char *d, unsigned *bins, unsigned *part, int *out)
{
	int t = threadIdx.x;
	out[blockIdx.x * 64 + t] = d[t % 32 + 4];
	atomicAdd(&bins[t % 32 + 1], 1u);
	if (t % 3)
		atomicAdd(&part[t % 32 + 2], 1u);
	if (blockIdx.x == 1 && t == 0)
		out[200] = (int)bins[5];
}
int main()
{
	unsigned char *d;
	unsigned *bins, *part, h[64];
	int *out;
	cudaMalloc(&d, 64);
	cudaMalloc(&bins, 64 * sizeof(unsigned));
	cudaMalloc(&part, 64 * sizeof(unsigned));
	cudaMalloc(&out, 256 * sizeof(int));
	cudaMemset(d, 0, 64);
	cudaMemset(bins, 0, 64 * sizeof(unsigned));
	cudaMemset(part, 0, 64 * sizeof(unsigned));
	k<<<2, 64>>>(d, bins, part, out);
	cudaMemcpy(h, bins, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %u %u\n", (int)cudaDeviceSynchronize(), h[1], h[32]);
	return 0;
}
