#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i <= n)
		out[i % n] = in[i];	//@oob-global-read //@global-race
}
int main()
{
	int n = 64, *in, *out;
	cudaMalloc(&in, n * sizeof(int));
	cudaMalloc(&out, n * sizeof(int));
	cudaMemset(in, 0, n * sizeof(int));
	k<<<1, 128>>>(in, out, n);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
