#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cuda_pipeline.h>
// the source is overwritten before the wait: the copy may read either value
__global__ void k(int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
	__pipeline_commit();
	in[t] = 7;	//@async-copy-write-in-flight
	__pipeline_wait_prior(0);
	out[t] = s[t];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 32 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
