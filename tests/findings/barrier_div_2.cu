#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int t = threadIdx.x;
	if (t < 32) {
		out[t] = 1;
		__syncthreads();	//@barrier-divergence
	} else {
		out[t] = 2;
		__syncthreads();
	}
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
