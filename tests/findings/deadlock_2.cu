#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(volatile int *flag)
{
	if (threadIdx.x == 0)
		while (*flag == 0)	//@deadlock
			;
}
int main()
{
	int *flag;
	cudaMalloc(&flag, sizeof(int));
	cudaMemset(flag, 0, sizeof(int));
	k<<<1, 32>>>(flag);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
