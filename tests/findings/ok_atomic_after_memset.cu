#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstdio>
__global__ void hist(const int *v, unsigned *bins)
{
	atomicAdd(&bins[v[threadIdx.x] & 3], 1u);
}
int main()
{
	int h[32], *v;
	unsigned *bins, out[4];
	for (int i = 0; i < 32; i++)
		h[i] = i;
	cudaMalloc(&v, sizeof(h));
	cudaMalloc(&bins, sizeof(out));
	cudaMemcpy(v, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(bins, 0, sizeof(out));
	hist<<<1, 32>>>(v, bins);
	cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
	printf("%u %u %u %u\n", out[0], out[1], out[2], out[3]);
	return 0;
}
