// bench: launch overhead. N launches (argv[1], default 20) of an empty kernel over 2^20
// threads (4096 blocks of 256), then one of a trivial kernel that counts its threads.
// `warpstep run --stats bench/launches.cu N` prints the time spent running grids; bench/run.sh
// runs it with N = 0 and N = 50 and prints the first launch's cost and each further one's
// (launches per second). Target (issue 13, item 4): under 0.5 ms a launch.
#include <stdio.h>
#include <stdlib.h>

__global__ void empty(void)
{
}

__global__ void count(unsigned int *c)
{
	if (threadIdx.x == 0)
		atomicAdd(c, blockDim.x);
}

int main(int argc, char **argv)
{
	int launches = argc > 1 ? atoi(argv[1]) : 20;
	unsigned int *c, n = 0;
	cudaMalloc(&c, sizeof n);
	cudaMemset(c, 0, sizeof n);
	count<<<4096, 256>>>(c);
	for (int i = 0; i < launches; i++)
		empty<<<4096, 256>>>();
	cudaMemcpy(&n, c, sizeof n, cudaMemcpyDeviceToHost);
	int ok = n == 4096u * 256u && cudaGetLastError() == cudaSuccess;
	printf("launches %d threads %u %s\n", launches + 1, n, ok ? "ok" : "FAIL");
	return !ok;
}
