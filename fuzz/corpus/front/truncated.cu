// hello.cu - the example warpstep runs by default: host output, a kernel
// launch, and device printf from two warps.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hello(int *out)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int warp = threadIdx.x / warpSize;
	int lane = threadIdx.x % warpSize;
	if (lane == 0)
		printf("hello from warp %d (thread %d)\n", warp, tid);
	out[ti