#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *count)
{
	if (threadIdx.x == 0)
		*count = *count + 1;	//@global-race
}
int main()
{
	int *c, h = 0;
	cudaMalloc(&c, sizeof(int));
	cudaMemset(c, 0, sizeof(int));
	k<<<8, 32>>>(c);
	cudaMemcpy(&h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h > 0);
	return 0;
}
