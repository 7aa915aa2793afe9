#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cstdio>
// a histogram whose bins no cudaMemset cleared: the atomics read them
__global__ void hist(const int *v, unsigned *bins)
{
	atomicAdd(&bins[v[threadIdx.x] & 3], 1u);	//@uninitialized-read
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
	hist<<<1, 32>>>(v, bins);
	cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
	return 0;
}
