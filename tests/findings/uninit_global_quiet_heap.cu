#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int *p;
	if (threadIdx.x == 0)
		p = (int *)malloc(32 * sizeof(int));
	__syncthreads();
	out[threadIdx.x] = p[threadIdx.x];	//@uninitialized-read
	__syncthreads();
	if (threadIdx.x == 0)
		free(p);
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(out, 0, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
