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
	// Only warp 0 prints: lanes of one warp print in lane order, but two
	// warps may print in either order (on a GPU and under --sched random).
	if (blockIdx.x == which && threadIdx.x < 32 && threadIdx.x % 8 == 0)
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
