// bench: launch overhead. LAUNCHES launches of an empty kernel over 2^20 threads (4096 blocks
// of 256), then one of a trivial kernel that counts its threads. `warpstep run --stats` prints
// the time spent running grids; divided by the launches it is the cost of one launch
// (bench/run.sh prints launches per second). Target (issue 13, item 4): under 0.5 ms a launch.
#include <stdio.h>

#define LAUNCHES 50

__global__ void empty(void)
{
}

__global__ void count(unsigned int *c)
{
	if (threadIdx.x == 0)
		atomicAdd(c, blockDim.x);
}

int main(void)
{
	unsigned int *c, n = 0;
	cudaMalloc(&c, sizeof n);
	cudaMemset(c, 0, sizeof n);
	for (int i = 0; i < LAUNCHES; i++)
		empty<<<4096, 256>>>();
	count<<<4096, 256>>>(c);
	cudaMemcpy(&n, c, sizeof n, cudaMemcpyDeviceToHost);
	int ok = n == 4096u * 256u && cudaGetLastError() == cudaSuccess;
	printf("launches %d threads %u %s\n", LAUNCHES + 1, n, ok ? "ok" : "FAIL");
	return !ok;
}
