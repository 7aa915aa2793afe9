#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *a, int *out, int d)
{
	out[threadIdx.x] = a[threadIdx.x] / d;	//@integer-divide-by-zero
}
int main()
{
	int *a, *out;
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<1, 32>>>(a, out, 0);
	cudaDeviceSynchronize();
	return 0;
}
