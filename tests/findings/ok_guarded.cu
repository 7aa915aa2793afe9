#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i] / (in[i] + 1);
}
int main()
{
	int n = 100, *in, *out;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<(n + 63) / 64, 64>>>(in, out, n);
	printf("%d\n", (int)cudaDeviceSynchronize());
	cudaFree(in);
	cudaFree(out);
	return 0;
}
