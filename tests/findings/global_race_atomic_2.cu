#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void hist(const int *in, int *bins, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int b = in[i] % 8;
	if (b == 0)
		bins[0] = bins[0] + 1;	//@global-race
	else
		atomicAdd(&bins[b], 1);
}
int main()
{
	int h[256], *in, *bins, r[8];
	for (int i = 0; i < 256; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&bins, sizeof(r));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(bins, 0, sizeof(r));
	hist<<<4, 64>>>(in, bins, 256);
	cudaMemcpy(r, bins, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%d\n", r[1]);
	return 0;
}
