#include <cstdio>
#include <cstdlib>
#include <cassert>
// warpstep-opts: --max-steps 100000
__global__ void k(int *out)
{
	int x = 0;
	for (unsigned i = 0; ; i++)	//@step-limit
		x += i;
	out[0] = x;
}
int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<1, 1>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
