#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ unsigned long long fact(unsigned long long n)
{
	return n * fact(n - 1);	//@stack-overflow
}
__global__ void k(unsigned long long *out)
{
	out[threadIdx.x] = fact(threadIdx.x + 5);
}
int main()
{
	unsigned long long *out;
	cudaMalloc(&out, 32 * sizeof(*out));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
