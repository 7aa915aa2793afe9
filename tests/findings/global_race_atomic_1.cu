#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void count(int *counter)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		*counter = 0;	//@global-race
	atomicAdd(counter, 1);
}
int main()
{
	int *c, h = 0;
	cudaMalloc(&c, sizeof(int));
	cudaMemset(c, 0, sizeof(int));
	count<<<4, 64>>>(c);
	cudaMemcpy(&h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h > 0);
	return 0;
}
