#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cuda_pipeline.h>
// __pipeline_memcpy_async copies 4, 8 or 16 bytes: 12 is not allowed
__global__ void k(const int *in, int *out)
{
	__shared__ int s[96];
	int t = threadIdx.x;
	__pipeline_memcpy_async(&s[3 * t], &in[3 * t], 12);	//@async-copy-misaligned
	__pipeline_commit();
	__pipeline_wait_prior(0);
	out[t] = s[3 * t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 96 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 96 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
