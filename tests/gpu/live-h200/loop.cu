#include <stdio.h>

__global__ void sum(int *out)
{
	int acc = 0;
	for (int i = 0; i < 100; i++)
		acc += i;
	out[threadIdx.x] = acc;
}

int main(void)
{
	int *d, h = 0;
	cudaMalloc(&d, 32 * sizeof(int));
	sum<<<1, 32>>>(d);
	cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h);
	return 0;
}
