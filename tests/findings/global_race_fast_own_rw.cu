#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	int i = threadIdx.x % 32;
	if (threadIdx.x < 32) {
		a[i] = i;
		a[i] += a[i];
	} else {
		a[i] = 2 * i;	//@global-race
	}
}
__global__ void blocks(int *a)
{
	int i = threadIdx.x;
	if (blockIdx.x == 0) {
		a[i] = i;
		a[i] += a[i];
	} else {
		a[i] = 1;	//@global-race
	}
}
int main()
{
	int *a, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<1, 64>>>(a);
	blocks<<<2, 32>>>(a);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0] >= 0);
	return 0;
}
