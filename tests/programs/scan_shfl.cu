// Block-wide inclusive scan: __shfl_up_sync within each warp, warp totals through shared memory.
#include <stdio.h>

__global__ void block_scan(const int *in, int *out, int n)
{
	__shared__ int warp_tot[32];
	int t = threadIdx.x;
	int lane = t % 32, warp = t / 32;
	int v = t < n ? in[t] : 0;
	for (int d = 1; d < 32; d *= 2) {
		int up = __shfl_up_sync(0xffffffffu, v, d);
		if (lane >= d)
			v += up;
	}
	if (lane == 31)
		warp_tot[warp] = v;
	__syncthreads();
	if (warp == 0) {
		int nw = blockDim.x / 32;
		int w = lane < nw ? warp_tot[lane] : 0;
		for (int d = 1; d < 32; d *= 2) {
			int up = __shfl_up_sync(0xffffffffu, w, d);
			if (lane >= d)
				w += up;
		}
		if (lane < nw)
			warp_tot[lane] = w;
	}
	__syncthreads();
	if (warp > 0)
		v += warp_tot[warp - 1];
	if (t < n)
		out[t] = v;
}

int main(void)
{
	const int n = 200;
	int h[256], r[256];
	for (int i = 0; i < n; i++)
		h[i] = (i % 5 == 0) ? 3 : 1;
	int *din, *dout;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	block_scan<<<1, 256>>>(din, dout, n);
	cudaMemcpy(r, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
	int run = 0, bad = 0;
	for (int i = 0; i < n; i++) {
		run += h[i];
		if (r[i] != run)
			bad++;
	}
	printf("r[0]=%d r[31]=%d r[32]=%d r[100]=%d r[199]=%d mismatches=%d\n", r[0], r[31], r[32], r[100], r[199], bad);
	return 0;
}
