// barrier findings right after the join of a short body of an `if` without `else`
// (interp.c split1, which checked runs take too): the threads of a block wait at two
// different __syncthreads() of an if/else just after the join, and in a second kernel
// the high warps exit past a barrier the others wait at
#include <cstdio>
__global__ void k(int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = s[t ^ 1];
	if (t & 1)
		v += s[(t + 2) & 127];
	if (t < 64)
		__syncthreads();	//@barrier-divergence
	else
		__syncthreads();
	out[blockIdx.x * blockDim.x + t] = v;
}
__global__ void k2(int *out)
{
	int t = threadIdx.x, v = t;
	if (t % 5 == 2)
		v *= 3;
	if (t >= 64)
		return;
	__syncthreads();	//@barrier-divergence
	out[t] = v;
}
int main()
{
	int *d, h[256];
	cudaMalloc(&d, sizeof h);
	cudaMemset(d, 0, sizeof h);
	k<<<2, 128>>>(d);
	cudaDeviceSynchronize();
	k2<<<1, 128>>>(d);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
