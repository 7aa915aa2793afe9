// ldfma_tiles: unrolled dot products over 16x16 shared tiles, `sum += x * y` (fmaf), with the
// shapes of a matrix product's reads and others: a broadcast row times a tile's row, strided
// columns, one half-warp on a broadcast and the other on a row, a uniform word, the operands
// swapped, a partial warp, and operands that are NaN, infinite, -0.0, denormal or of far apart
// magnitudes (the fused multiply-add's one rounding shows). Each result is printed as its bits
// (a NaN as "nan": its payload is the hardware's; with an argument, its bits too:
// tests/engine/ldfma.t compares them with and without the superinstruction). The fast path's LD, LD, fmaf
// superinstruction (F_LDLD_FMAF, docs/PERFORMANCE.md s18-mm) must give these bits.
#include <stdio.h>
#include <string.h>
#include <math.h>

#define T 16

__global__ void dot(const float *in, unsigned *out, int mode, float init)
{
	__shared__ float sa[T][T];
	__shared__ float sb[T][T];
	int tx = threadIdx.x, ty = threadIdx.y;
	int nt = blockDim.x * blockDim.y, t = ty * blockDim.x + tx;
	for (int i = t; i < T * T; i += nt) {
		sa[i / T][i % T] = in[i];
		sb[i / T][i % T] = in[T * T + i];
	}
	__syncthreads();
	float sum = init;
	int lane = t & 31;
	const float *p = lane < 16 ? &sa[ty][0] : &sb[0][tx];
	switch (mode) {
	case 0: /* a matrix product's: a broadcast word per half-warp, a tile's row */
		for (int k = 0; k < T; k++)
			sum += sa[ty][k] * sb[k][tx];
		break;
	case 1: /* strided columns */
		for (int k = 0; k < T; k++)
			sum += sa[k][ty] * sb[tx][k];
		break;
	case 2: /* one half on a word, the other on a row */
		for (int k = 0; k < T; k++)
			sum += p[k] * sb[k][tx];
		break;
	case 3: /* a uniform word, eight words twice */
		for (int k = 0; k < T; k++)
			sum += sa[0][k] * sb[k][tx & 7];
		break;
	default: /* the row first */
		for (int k = 0; k < T; k++)
			sum += sb[k][tx] * sa[ty][k];
		break;
	}
	unsigned u;
	memcpy(&u, &sum, 4);
	out[t] = u;
}

static int raw;

static void show(const char *what, const unsigned *v, int n)
{
	printf("%s\n", what);
	for (int i = 0; i < n; i++) {
		float f;
		memcpy(&f, &v[i], 4);
		if (f != f && !raw)
			printf(" nan");
		else
			printf(" %08x", v[i]);
		if (i % 8 == 7 || i == n - 1)
			printf("\n");
	}
}

int main(int argc, char **argv)
{
	raw = argc > 1 && argv[1][0] == 'r';
	static float h[2 * T * T];
	static unsigned o[T * T];
	for (int i = 0; i < 2 * T * T; i++)
		h[i] = (float)((i * 37) % 29 - 14) / 8.0f * ldexpf(1.0f, i % 11 - 5) + (float)(i % 3) * 1e-3f;
	/* a's row 7 is -0.0; a NaN in a's row 3; infinities in b's columns 9 and 4; denormals in
	 * a's row 10 and b's column 11; huge values in a's row 12 */
	for (int k = 0; k < T; k++) {
		h[7 * T + k] = -0.0f;
		h[10 * T + k] = 1e-39f * (float)(k - 7);
		h[T * T + k * T + 11] = 3e-41f * (float)(k + 1);
		h[12 * T + k] = 3e38f * (k & 1 ? 1.0f : -1.0f);
	}
	h[3 * T + 5] = NAN;
	h[T * T + 2 * T + 9] = INFINITY;
	h[T * T + 12 * T + 4] = -INFINITY;
	float *din;
	unsigned *dout;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof o);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	const float inits[2] = { 0.0f, -0.0f };
	char what[64];
	for (int mode = 0; mode < 5; mode++)
		for (int z = 0; z < 2; z++) {
			cudaMemset(dout, 0, sizeof o);
			dot<<<1, dim3(T, T)>>>(din, dout, mode, inits[z]);
			cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
			snprintf(what, sizeof what, "mode %d init %s", mode, z ? "-0" : "+0");
			show(what, o, T * T);
		}
	/* a partial warp: 16 x 3 threads, the second warp half full */
	cudaMemset(dout, 0, sizeof o);
	dot<<<1, dim3(T, 3)>>>(din, dout, 0, 0.0f);
	cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
	show("partial", o, T * 3);
	cudaFree(din);
	cudaFree(dout);
	return 0;
}
