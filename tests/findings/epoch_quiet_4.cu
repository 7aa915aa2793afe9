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
	/* warps at different barriers: warp 1's write is in warp 0's epoch
	 * though no path joins them (uniform.c's barriers not aligned) */
	if (t < 32) {
		__syncthreads();	//@barrier-divergence
		v = s[t & 31];
		v += s[(t & 31) + 32];
		v += s[(t & 31) + 32];
		v += s[(t & 31) + 32];
		__syncthreads();	//@barrier-divergence
	} else {
		__syncthreads();
		s[t] = t;	//@shared-race
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
