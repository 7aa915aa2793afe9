// coalesced.cu - cooperative groups: coalesced_threads() inside a branch.
#include <cstdio>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void co(int *out)
{
	int t = threadIdx.x;
	if (t % 3 == 0) {
		cg::coalesced_group g = cg::coalesced_threads();
		int r = g.thread_rank();
		out[t] = r + g.size() * 100;
	}
	out[64 + t] = t;
}

int main(void)
{
	int h[1024];
	int *in, *out;
	for (int i = 0; i < 1024; i++)
		h[i] = (i * 7 + 3) % 23;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(out, 0, sizeof(h));
	co<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	long sum = 0;
	for (int i = 0; i < 1024; i++)
		sum += (long)h[i] * (i + 1);
	printf("%ld\n", sum);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
