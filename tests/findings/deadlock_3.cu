#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *lock)
{
	if (threadIdx.x == 0)
		while (atomicCAS(lock, 0, 1) != 0)	//@deadlock
			;
}
int main()
{
	int *lock;
	cudaMalloc(&lock, sizeof(int));
	cudaMemset(lock, 0xff, sizeof(int));
	k<<<2, 32>>>(lock);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
