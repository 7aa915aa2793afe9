#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out, int n)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	if (t >= n)
		return;
	s[t] = t;
	__syncthreads();	//@barrier-divergence
	out[t] = s[n - 1 - t];
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 40);
	cudaDeviceSynchronize();
	return 0;
}
