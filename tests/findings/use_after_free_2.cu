#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int *p = (int *)malloc(4 * sizeof(int));
	p[0] = 7;
	free(p);
	out[threadIdx.x] = p[0];	//@use-after-free
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
