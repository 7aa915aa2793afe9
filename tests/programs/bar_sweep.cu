// Barrier rounds whose `if (t < k)` some warps skip whole: warpstep's fast
// path runs such a warp's compare and arrival inside the barrier's hop
// (interp.c bar_sweep). Blocks of 9 warps, 3, a partial last warp and one;
// a tree over a width that is not a power of two (the upper half's length
// rounded up), rounds of constants some warps pass whole, some in part,
// none or all, a __syncthreads_count() after such a skip, and a barrier
// loop whose bound each block reads from memory (not the same in every
// block, the same in all of a block's warps).
#include <cstdio>

__global__ void np2(const int *in, int *part, int n)
{
	__shared__ int s[320];
	unsigned t = threadIdx.x, u = t ^ 31;
	unsigned i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned m = blockDim.x; m > 1;) {
		unsigned h = (m + 1) / 2;
		if (t < m - h)
			s[t] += s[t + h];
		__syncthreads();
		m = h;
	}
	int v = s[0];
	__syncthreads();
	const unsigned ks[6] = { 300, 65, 64, 0, 33, 7 };
#pragma unroll
	for (int r = 0; r < 6; r++) {
		if (t < ks[r])
			s[t] += r + 1;
		__syncthreads();
	}
	if (u < 8)
		s[t] += 5;
	__syncthreads();
	int p = s[t] > 2;
	if (t < 40)
		s[t] *= 3;
	int c = __syncthreads_count(p);
	if (t < 70)
		s[t] += 2;
	c += __syncthreads_or(p && t > 250) * 100;
	if (t == 0)
		part[blockIdx.x] = v * 1000 + c * 7 + s[0] + s[blockDim.x - 1];
}

__global__ void rounds(const int *lim, int *out)
{
	__shared__ int s[256];
	unsigned t = threadIdx.x;
	s[t] = (int)t;
	__syncthreads();
	unsigned k = (unsigned)lim[blockIdx.x];
	for (int r = 0; r < 5; r++) {
		if (t < k)
			s[t] += (int)((t * 13 + r) & 7) + r;
		__syncthreads();
		k = k * 3 / 4 + 1;
	}
	out[blockIdx.x * blockDim.x + t] = s[t] + s[(t + 37) % blockDim.x];
}

int main()
{
	const int n = 2000;
	static int h[n], part[16], o[4 * 256];
	int lim[4] = { 256, 31, 100, 3 };
	for (int i = 0; i < n; i++)
		h[i] = (i * 7) % 101 - 50;
	int *din, *dp, *dl, *dout;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dp, sizeof part);
	cudaMalloc(&dl, sizeof lim);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	cudaMemcpy(dl, lim, sizeof lim, cudaMemcpyHostToDevice);
	cudaMemset(dp, 0, sizeof part);
	np2<<<3, 288>>>(din, dp, 3 * 288 - 50);
	np2<<<4, 96>>>(din, dp + 3, n);
	np2<<<5, 40>>>(din, dp + 7, 190);
	np2<<<3, 32>>>(din, dp + 12, 90);
	rounds<<<4, 256>>>(dl, dout);
	cudaMemcpy(part, dp, sizeof part, cudaMemcpyDeviceToHost);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	for (int k = 0; k < 15; k++)
		printf("part[%d] = %d\n", k, part[k]);
	long long cs = 0;
	for (int k = 0; k < 4 * 256; k++)
		cs = cs * 31 + o[k];
	printf("rounds %lld\n", cs);
	return 0;
}
