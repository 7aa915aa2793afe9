#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	double *d = (double *)(a + 1);
	d[threadIdx.x] = 2.0;	//@misaligned
}
int main()
{
	int *a;
	cudaMalloc(&a, 1024);
	k<<<1, 4>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
