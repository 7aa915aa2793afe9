#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ int *escape(void)
{
	int a[8];
	for (int i = 0; i < 8; i++)
		a[i] = i;
	return a;
}
__global__ void k(int *out)
{
	int *p = escape();
	out[threadIdx.x] = p[threadIdx.x];	//@oob-local
}
int main()
{
	int *out;
	cudaMalloc(&out, 8 * sizeof(int));
	k<<<1, 8>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
