// Global index in a 1D grid of 1D blocks, with a bounds check (n not a multiple of the block).
#include <stdio.h>

__global__ void fill(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = i * 10 + blockIdx.x;
}

int main(void)
{
	const int n = 37;
	int h[37];
	int *d;
	cudaMalloc(&d, n * sizeof(int));
	fill<<<(n + 15) / 16, 16>>>(d, n);
	cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		printf("%d%c", h[i], i % 10 == 9 ? '\n' : ' ');
	printf("\n");
	cudaFree(d);
	return 0;
}
