#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out, int n)
{
	int i = threadIdx.x;
	__builtin_assume(i < n);
	__builtin_assume(n % 32 == 0);
	out[i] = i;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 64);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
