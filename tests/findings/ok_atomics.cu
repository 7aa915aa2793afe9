#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void hist(const int *in, int *bins, int n)
{
	__shared__ int local[16];
	int t = threadIdx.x;
	if (t < 16)
		local[t] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + t; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&local[in[i] % 16], 1);
	__syncthreads();
	if (t < 16)
		atomicAdd(&bins[t], local[t]);
}
int main()
{
	int n = 4096, *h = (int *)malloc(n * sizeof(int)), *in, *bins, out[16];
	for (int i = 0; i < n; i++)
		h[i] = i * 7;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&bins, 16 * sizeof(int));
	cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(bins, 0, 16 * sizeof(int));
	hist<<<8, 128>>>(in, bins, n);
	cudaMemcpy(out, bins, sizeof(out), cudaMemcpyDeviceToHost);
	printf("%d\n", out[3]);
	free(h);
	return 0;
}
