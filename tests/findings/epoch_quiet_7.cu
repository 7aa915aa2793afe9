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
	/* tiles read between barriers, written before them: no finding, the
	 * reads need no log entry */
	for (int i = 0; i < 4; i++) {
		if (i)
			s[t] = t + i;
		__syncthreads();
		for (int j = 0; j < 32; j++)
			v += s[j] * s[(t & 31) + 32];
		__syncthreads();
	}
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
