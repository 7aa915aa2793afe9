// Device printf is buffered: a kernel launch returns at once, host output printed before the
// synchronization comes first, and the kernel's lines appear when the host synchronizes.
#include <stdio.h>

__global__ void k(int v)
{
	if (threadIdx.x == 0)
		printf("device %d\n", v);
}

int main(void)
{
	k<<<1, 32>>>(1);
	printf("host after launch 1\n");
	fflush(stdout);
	cudaDeviceSynchronize();
	printf("host after sync 1\n");
	fflush(stdout);
	k<<<1, 32>>>(2);
	int x = 0;
	int *d;
	cudaMalloc(&d, sizeof x);
	printf("host after malloc\n");
	fflush(stdout);
	cudaMemcpy(&x, d, sizeof x, cudaMemcpyDeviceToHost);
	printf("host after memcpy\n");
	fflush(stdout);
	return 0;
}
