#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a)
{
	int t = threadIdx.x;
	a[t] = t;	//@global-race
	a[t] += a[(t + 32) % 64];	//@global-race
}
int main()
{
	int *a;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<1, 64>>>(a);
	cudaDeviceSynchronize();
	return 0;
}
