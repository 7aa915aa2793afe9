#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out, int j)
{
	int a[4];
	for (int i = 0; i < 4; i++)
		a[i] = i * threadIdx.x;
	out[threadIdx.x] = a[j];	//@oob-local
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out, 100000);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
