#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	out[threadIdx.x] = 1;
}
int main()
{
	int *out;
	cudaMalloc(&out, 2048 * sizeof(int));
	k<<<1, 2048>>>(out);	//@invalid-launch
	printf("%s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
