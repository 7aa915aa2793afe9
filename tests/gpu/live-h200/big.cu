#include <stdio.h>

__global__ void fill(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = i;
}

int main(void)
{
	int *d, h = 0;
	cudaMalloc(&d, 4096 * 1024 * sizeof(int));
	fill<<<4096, 1024>>>(d);
	cudaMemcpy(&h, d + 4096 * 1024 - 1, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h);
	return 0;
}
