// printf from several blocks, made deterministic by synchronizing between launches,
// and one launch whose single printing block is chosen by argument.
#include <stdio.h>

__global__ void hello(int launch)
{
	if (threadIdx.x < 3)
		printf("launch %d block %d thread %d\n", launch, blockIdx.x, threadIdx.x);
}

__global__ void only_block(int which)
{
	if (blockIdx.x == which && threadIdx.x % 16 == 0)
		printf("block %d of %d, thread %d, gridDim=(%d,%d,%d)\n", blockIdx.x, gridDim.x, threadIdx.x, gridDim.x, gridDim.y, gridDim.z);
}

int main(void)
{
	for (int i = 0; i < 3; i++) {
		hello<<<1, 8>>>(i);
		cudaDeviceSynchronize();
	}
	only_block<<<4, 64>>>(2);
	cudaDeviceSynchronize();
	printf("host done\n");
	return 0;
}
