#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const float *in, float *out)
{
	int i = threadIdx.x;
	out[i] = in[i - 1];	//@oob-global-read
}
int main()
{
	float *in, *out;
	cudaMalloc(&in, 32 * sizeof(float));
	cudaMalloc(&out, 32 * sizeof(float));
	cudaMemset(in, 0, 32 * sizeof(float));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
