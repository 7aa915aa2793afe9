#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cuda_pipeline.h>
// the two halves of the warp commit separately (warp entanglement)
__global__ void k(const int *in, int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	if (t < 16) {
		__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
		__pipeline_commit();
	} else {
		__pipeline_memcpy_async(&s[t], &in[t], sizeof(int));
		__pipeline_commit();	//@async-copy-diverged-commit
	}
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
