// bench: start-up. Hello world (<cstdio>, one kernel with printf): what `warpstep run` costs
// before a program does any work (compiling it and the built-in headers it includes).
// Target (issue 13, item 6): under 5 ms for the whole run.
#include <cstdio>

__global__ void hello(void)
{
	printf("hello from thread %d\n", threadIdx.x);
}

int main(void)
{
	hello<<<1, 4>>>();
	cudaDeviceSynchronize();
	printf("hello ok\n");
	return 0;
}
