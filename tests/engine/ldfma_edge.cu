// ldfma_edge: the LD, LD, fmaf superinstruction's (F_LDLD_FMAF) declines, for
// tests/engine/ldfma.t: a dot product whose reads run past the end of the block's shared
// memory at a chosen k (the same out-of-bounds error, at the same step, with it and
// without), reads misaligned by 2 bytes (the same misaligned-access error), and a diverged
// warp's (only some lanes in the loop).
#include <stdio.h>

#define T 16

__global__ void edge(const float *in, float *out, long long *clk, int mode, int off)
{
	__shared__ float s[T][T];
	int tx = threadIdx.x, ty = threadIdx.y, t = ty * T + tx, b = blockIdx.x * T * T;
	s[ty][tx] = in[t] + (float)blockIdx.x;
	__syncthreads();
	float sum = 1.0f;
	if (mode == 0) {
		/* row ty from word off: past the end once ty * T + off + k >= T * T */
		const float *p = &s[0][0] + ty * T + off;
		for (int k = 0; k < T; k++)
			sum += p[k] * s[k][tx];
	} else if (mode == 1) {
		const float *p = (const float *)((const char *)&s[ty][0] + off);
		for (int k = 0; k < T; k++)
			sum += p[k] * s[k][tx];
	} else if (tx < off) {
		for (int k = 0; k < T; k++)
			sum += s[ty][k] * s[k][tx];
	}
	out[b + t] = sum;
	clk[b + t] = clock64();
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? argv[1][0] - '0' : 0, off = argc > 2 ? argv[2][0] - '0' : 0;
	static float h[T * T], o[8 * T * T];
	static long long c[8 * T * T];
	for (int i = 0; i < T * T; i++)
		h[i] = (float)(i % 13) * 0.25f - 1.0f;
	float *din, *dout;
	long long *dclk;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof o);
	cudaMalloc(&dclk, sizeof c);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	edge<<<8, dim3(T, T)>>>(din, dout, dclk, mode, off);
	cudaError_t e = cudaDeviceSynchronize();
	printf("mode %d off %d: %s\n", mode, off, cudaGetErrorString(e));
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	cudaMemcpy(c, dclk, sizeof c, cudaMemcpyDeviceToHost);
	double sum = 0;
	unsigned long long cs = 0;
	for (int i = 0; i < 8 * T * T; i++) {
		sum += o[i] * (double)(i + 1);
		cs = cs * 31 + (unsigned long long)c[i];
	}
	printf("checksum %.6f clocks %llx\n", sum, cs);
	return e != cudaSuccess;
}
