#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cuda_pipeline.h>
// __pipeline_wait_prior(1) leaves the newest batch in flight: its destination is not ready
__global__ void k(const int4 *in, int *out)
{
	__shared__ int4 s[2][32];
	int t = threadIdx.x;
	__pipeline_memcpy_async(&s[0][t], &in[t], sizeof(int4));
	__pipeline_commit();
	__pipeline_memcpy_async(&s[1][t], &in[32 + t], sizeof(int4));
	__pipeline_commit();
	__pipeline_wait_prior(1);
	int a = s[0][t].x;
	int b = s[1][t].y;	//@async-copy-read-before-wait
	__pipeline_wait_prior(0);
	out[t] = a + b;
}
int main()
{
	int4 *in;
	int *out;
	cudaMalloc(&in, 64 * sizeof(int4));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 64 * sizeof(int4));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
