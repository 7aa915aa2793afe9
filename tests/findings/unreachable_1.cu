#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ int pick(int x)
{
	switch (x & 3) {
	case 0: return 10;
	case 1: return 11;
	case 2: return 12;
	}
	__builtin_unreachable();	//@unreachable
}
__global__ void k(int *out)
{
	out[threadIdx.x] = pick(threadIdx.x);
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
