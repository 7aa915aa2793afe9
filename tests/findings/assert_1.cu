#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *a)
{
	assert(a[threadIdx.x] >= 0);	//@assert-failure
}
int main()
{
	int h[32], *a;
	for (int i = 0; i < 32; i++)
		h[i] = i == 7 ? -1 : i;
	cudaMalloc(&a, sizeof(h));
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 32>>>(a);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
