// Warp reductions and scans written as loops of `v += __shfl_*_sync(mask, v, off)` (unrolled: runs
// of constants and shuffle-adds) beside shuffles that are not such runs: up, down, xor and idx, by
// constant offsets and by a register, widths 32, 16 and 8, of int, unsigned, float and long long, full
// and partial member masks, the shuffled value read again after the loop, two runs back to back, and
// lane 0 of each warp adding its warp's sum to a total with an atomic. Each lane's results are checked
// against the host's and summed into a checksum.
#include <stdio.h>
#include <limits.h>

#define NV 16
#define NB 2
#define NTH 96 /* three warps */

__global__ void k(const int *in, int *o, long long *lo, float *fo, int s, int *total)
{
	int t = blockIdx.x * NTH + threadIdx.x, l = threadIdx.x & 31;
	int v = in[t];
	int *r = o + NV * t;
	/* int down, the reduction whose sum lane 0 adds */
	int a = v;
	for (int off = 16; off > 0; off >>= 1)
		a += __shfl_down_sync(0xffffffffu, a, off);
	r[0] = a;
	/* unsigned up: an inclusive scan, wrapping */
	unsigned u = (unsigned)v * 2654435761u;
	for (int off = 1; off < 32; off <<= 1)
		u += __shfl_up_sync(0xffffffffu, u, off);
	r[1] = (int)u;
	/* int xor, offsets rising and falling */
	int x = v ^ 0x5a5a5a;
	for (int off = 1; off < 32; off <<= 1)
		x += __shfl_xor_sync(0xffffffffu, x, off);
	r[2] = x;
	unsigned y = (unsigned)v + 0x80000000u;
	for (int off = 16; off > 0; off >>= 1)
		y += __shfl_xor_sync(0xffffffffu, y, off);
	r[3] = (int)y;
	/* widths 16 and 8 */
	int b = v;
	for (int off = 8; off > 0; off >>= 1)
		b += __shfl_down_sync(0xffffffffu, b, off, 16);
	r[4] = b;
	unsigned c = (unsigned)v;
	for (int off = 1; off < 8; off <<= 1)
		c += __shfl_up_sync(0xffffffffu, c, off, 8);
	r[5] = (int)c;
	/* the shuffled value kept: read after the loop */
	int z = v, last = 0;
	for (int off = 4; off > 0; off >>= 1) {
		last = __shfl_down_sync(0xffffffffu, z, off);
		z += last;
	}
	r[6] = z ^ last;
	/* offsets from a register, mixed kinds in one run */
	int m = v;
	m += __shfl_down_sync(0xffffffffu, m, s);
	m += __shfl_xor_sync(0xffffffffu, m, 3);
	m += __shfl_up_sync(0xffffffffu, m, 5);
	m += __shfl_down_sync(0xffffffffu, m, 0);
	r[7] = m;
	/* idx: a constant lane and a register's */
	r[8] = __shfl_sync(0xffffffffu, v, 7) + __shfl_sync(0xffffffffu, v, (l * 5) & 31);
	r[9] = __shfl_sync(0xffffffffu, v, s + 1, 8);
	/* a half warp's member mask */
	int h = 0;
	if (l < 16) {
		h = v;
		for (int off = 8; off > 0; off >>= 1)
			h += __shfl_xor_sync(0x0000ffffu, h, off, 16);
	}
	r[10] = h;
	/* float and long long */
	float f = (float)(v % 1000) * 0.25f;
	for (int off = 16; off > 0; off >>= 1)
		f += __shfl_down_sync(0xffffffffu, f, off);
	fo[t] = f;
	long long q = (long long)v << 20;
	for (int off = 1; off < 32; off <<= 1)
		q += __shfl_xor_sync(0xffffffffu, q, off);
	lo[t] = q;
	/* two runs back to back on one value */
	int e = v;
	for (int off = 16; off > 0; off >>= 1)
		e += __shfl_down_sync(0xffffffffu, e, off);
	for (int off = 1; off < 32; off <<= 1)
		e += __shfl_up_sync(0xffffffffu, e, off);
	r[11] = e;
	if ((threadIdx.x & 31) == 0)
		atomicAdd(total, a);
}

/* the source lane of a shuffle (0 idx, 1 up, 2 down, 3 xor) by off, width w */
static int src(int lane, int kind, int off, int w)
{
	int base = lane & ~(w - 1), j;
	off &= 31;
	switch (kind) {
	case 0: return base + (off & (w - 1));
	case 1: j = lane - off; return j < base ? lane : j;
	case 2: j = lane + off; return j >= base + w ? lane : j;
	default: j = lane ^ off; return j >= base + w ? lane : j;
	}
}

/* one shuffle-add step over a warp's 32 values (lanes below n take part) */
static void step(long long *v, int kind, int off, int w, int n)
{
	long long old[32];
	for (int i = 0; i < 32; i++)
		old[i] = v[i];
	for (int i = 0; i < n; i++)
		v[i] = old[i] + old[src(i, kind, off, w)];
}

static unsigned long long mix(unsigned long long h, long long x)
{
	return (h ^ (unsigned long long)x) * 1099511628211ull;
}

int main()
{
	const int n = NB * NTH;
	static int h[n], o[n * NV];
	static long long lo[n];
	static float fo[n];
	for (int i = 0; i < n; i++)
		h[i] = i % 7 == 0 ? 1000000 - i * 3 : i % 7 == 1 ? -777777 + i : (i * 7919) % 20011 - 10000;
	int *din, *dout, *dtot;
	long long *dlo;
	float *dfo;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dout, sizeof o);
	cudaMalloc(&dlo, sizeof lo);
	cudaMalloc(&dfo, sizeof fo);
	cudaMalloc(&dtot, sizeof(int));
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	int wrong = 0;
	unsigned long long sum = 14695981039346656037ull;
	for (int s = 0; s < 12; s += 5) {
		cudaMemset(dout, 0, sizeof o);
		cudaMemset(dtot, 0, sizeof(int));
		k<<<NB, NTH>>>(din, dout, dlo, dfo, s, dtot);
		int total = 0;
		cudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);
		cudaMemcpy(lo, dlo, sizeof lo, cudaMemcpyDeviceToHost);
		cudaMemcpy(fo, dfo, sizeof fo, cudaMemcpyDeviceToHost);
		cudaMemcpy(&total, dtot, sizeof(int), cudaMemcpyDeviceToHost);
		long long want_total = 0;
		for (int w0 = 0; w0 < n; w0 += 32) {
			const int nl = 32;
			long long V[NV][32], F[32], Q[32];
			int last[32];
			for (int i = 0; i < 32; i++) {
				int v = i < nl ? h[w0 + i] : 0;
				V[0][i] = v;
				V[1][i] = (unsigned)v * 2654435761u;
				V[2][i] = v ^ 0x5a5a5a;
				V[3][i] = (unsigned)v + 0x80000000u;
				V[4][i] = v;
				V[5][i] = (unsigned)v;
				V[6][i] = v;
				V[7][i] = v;
				V[10][i] = i < 16 ? v : 0;
				V[11][i] = v;
				F[i] = v % 1000; /* quarters: f * 4 */
				Q[i] = (long long)v << 20;
				last[i] = 0;
			}
			for (int off = 16; off > 0; off >>= 1) {
				step(V[0], 2, off, 32, 32);
				step(V[3], 3, off, 32, 32);
				step(F, 2, off, 32, 32);
				step(V[11], 2, off, 32, 32);
			}
			for (int off = 1; off < 32; off <<= 1) {
				step(V[1], 1, off, 32, 32);
				step(V[2], 3, off, 32, 32);
				step(Q, 3, off, 32, 32);
			}
			for (int off = 1; off < 32; off <<= 1)
				step(V[11], 1, off, 32, 32);
			for (int off = 8; off > 0; off >>= 1) {
				step(V[4], 2, off, 16, 32);
				step(V[10], 3, off, 16, 16);
			}
			for (int off = 1; off < 8; off <<= 1)
				step(V[5], 1, off, 8, 32);
			for (int off = 4; off > 0; off >>= 1) {
				long long old[32];
				for (int i = 0; i < 32; i++)
					old[i] = V[6][i];
				for (int i = 0; i < 32; i++) {
					last[i] = (int)old[src(i, 2, off, 32)];
					V[6][i] = (int)((unsigned)old[i] + (unsigned)last[i]);
				}
			}
			step(V[7], 2, s, 32, 32);
			step(V[7], 3, 3, 32, 32);
			step(V[7], 1, 5, 32, 32);
			step(V[7], 2, 0, 32, 32);
			want_total += (int)V[0][0];
			for (int i = 0; i < nl; i++) {
				int t = w0 + i, want[12];
				for (int j = 0; j < 12; j++)
					want[j] = (int)(unsigned)V[j][i];
				want[6] = (int)V[6][i] ^ last[i];
				want[8] = h[w0 + 7] + h[w0 + ((i * 5) & 31)];
				want[9] = h[w0 + src(i, 0, s + 1, 8)];
				for (int j = 0; j < 12; j++) {
					wrong += o[NV * t + j] != want[j];
					sum = mix(sum, o[NV * t + j]);
				}
				wrong += lo[t] != Q[i] || fo[t] != (float)F[i] * 0.25f;
				sum = mix(sum, lo[t]);
				sum = mix(sum, (long long)(fo[t] * 4.0f));
			}
		}
		wrong += total != (int)want_total;
		sum = mix(sum, total);
	}
	printf("shfl_chain %s, %d wrong, checksum %llu\n", wrong ? "FAIL" : "ok", wrong, sum % 1000000007ull);
	return wrong != 0;
}
