#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *c)
{
	if (threadIdx.x == 0)
		*c = 0;	//@global-race
	atomicAdd(c, 1);
}
int main()
{
	int *c, h = 0;
	cudaMalloc(&c, sizeof(int));
	cudaMemset(c, 0, sizeof(int));
	k<<<1, 64>>>(c);
	cudaMemcpy(&h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h > 0);
	return 0;
}
