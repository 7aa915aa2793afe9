// oob.cu - the adapter's finding test: the last thread writes past the end.
#include <cstdio>

__global__ void fill(int *a, int n)
{
	int i = threadIdx.x;
	a[i + 1] = i;
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	fill<<<1, 32>>>(d, 32);
	cudaError_t e = cudaDeviceSynchronize();
	printf("status %d\n", (int)e);
	return 0;
}
