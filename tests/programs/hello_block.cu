// One block of 8 threads prints; lanes of one warp print in ascending order.
#include <stdio.h>

__global__ void hello(void)
{
	printf("hello from thread %d of block %d\n", threadIdx.x, blockIdx.x);
}

int main(void)
{
	hello<<<1, 8>>>();
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
