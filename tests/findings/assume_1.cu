#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out, int n)
{
	int i = threadIdx.x;
	__builtin_assume(i < n);	//@assume-violated
	out[i] = i;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 48);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
