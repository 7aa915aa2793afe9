// Unified memory: cudaMallocManaged, the host writes, a kernel updates, the host reads after sync.
#include <stdio.h>

__global__ void square(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = a[i] * a[i];
}

__managed__ int total;

__global__ void accumulate(const int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&total, a[i]);
}

int main(void)
{
	const int n = 20;
	int *a;
	cudaMallocManaged(&a, n * sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = i - 5;
	square<<<2, 16>>>(a, n);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++)
		printf("%d ", a[i]);
	printf("\n");
	total = 1;
	accumulate<<<1, 32>>>(a, n);
	cudaDeviceSynchronize();
	printf("total = %d\n", total);
	cudaFree(a);
	return 0;
}
