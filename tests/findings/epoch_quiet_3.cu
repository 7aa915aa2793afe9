#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ int g[64];
__global__ void k(int *out, int w)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	/* an atomic after the reads: not a race, and the reads are logged */
	v = s[t & 31];
	v += s[(t & 31) + 32];
	if (t >= 32)
		atomicAdd(&s[t], v);
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out, 1);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
