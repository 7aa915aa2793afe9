// The last-warp unrolled reduction: shared-memory tree down to 64 elements with __syncthreads,
// then the final warp through a volatile pointer, with __syncwarp between read and write.
#include <stdio.h>

#define BLOCK 256

__device__ void warp_reduce(volatile int *s, int t)
{
	/* read, __syncwarp, write, __syncwarp: correct without relying on lockstep execution */
	for (int off = 32; off > 0; off >>= 1) {
		int v = s[t] + s[t + off];
		__syncwarp();
		s[t] = v;
		__syncwarp();
	}
}

__global__ void reduce(const int *in, int *out)
{
	__shared__ int s[BLOCK];
	int t = threadIdx.x;
	s[t] = in[blockIdx.x * BLOCK + t];
	__syncthreads();
	for (int stride = BLOCK / 2; stride > 32; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncthreads();
	}
	if (t < 32)
		warp_reduce(s, t);
	if (t == 0)
		out[blockIdx.x] = s[0];
}

int main(void)
{
	static int h[4 * BLOCK];
	for (int i = 0; i < 4 * BLOCK; i++)
		h[i] = (i % 17) - 8;
	int *din, *dout, out[4];
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	reduce<<<4, BLOCK>>>(din, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	for (int b = 0; b < 4; b++) {
		int want = 0;
		for (int i = 0; i < BLOCK; i++)
			want += h[b * BLOCK + i];
		printf("block %d: %d (host %d)\n", b, out[b], want);
	}
	return 0;
}
