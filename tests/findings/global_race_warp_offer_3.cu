#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	a[threadIdx.x] = blockIdx.x;	//@global-race
}
int main()
{
	int *a, h[48];
	cudaMalloc(&a, 48 * sizeof(int));
	k<<<2, 48>>>(a);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0] >= 0 && h[47] >= 0);
	return 0;
}
