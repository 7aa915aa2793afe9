#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void fill(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = 7;
}
int main()
{
	int n = 256, *a;
	cudaMallocManaged(&a, n * sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = 0;
	fill<<<n / 64, 64>>>(a, n);
	int v = a[10];	//@host-device-race
	cudaDeviceSynchronize();
	printf("%d %d\n", v == 0 || v == 7, a[10]);
	cudaFree(a);
	return 0;
}
