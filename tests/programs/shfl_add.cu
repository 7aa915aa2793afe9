// Shuffles whose result an add reads at once (`v += __shfl_down_sync(...)`, a warp reduction), up,
// down, xor and idx by every offset and width 32 to 1, of int, unsigned, long long and double, at the
// wrap edges (INT_MAX + 1, INT_MIN - 1, UINT_MAX + 1), the shuffled value read again after the add
// or not, the add's other operand the shuffled variable or another, and a half warp's member mask.
// Each lane's result is checked against the host's and summed into a checksum.
#include <stdio.h>
#include <limits.h>

#define NT 11
__device__ int gv[32];
__device__ unsigned gu[32];
__device__ long long gl[32];

__global__ void k(int *o, unsigned *uo, long long *lo, int s, int w)
{
	int l = threadIdx.x;
	int v = gv[l], x = v ^ 0x5a5a5a5a;
	unsigned u = gu[l];
	long long ll = gl[l];
	int *r = o + NT * l;
	/* the reduction's pairs: the shuffled value dead after the add */
	int a = v;
	for (int off = 16; off > 0; off >>= 1)
		a += __shfl_down_sync(0xffffffffu, a, off);
	r[0] = a;
	unsigned b = u;
	for (int off = 1; off < 32; off <<= 1)
		b += __shfl_xor_sync(0xffffffffu, b, off);
	r[1] = (int)b;
	/* by s and width w; the shuffled value read again after the add */
	int t = __shfl_down_sync(0xffffffffu, v, s, w);
	int c = v + t;
	r[2] = c ^ t;
	int t2 = __shfl_up_sync(0xffffffffu, v, s, w);
	int d = t2 + x;
	r[3] = d - t2;
	unsigned t3 = __shfl_down_sync(0xffffffffu, u, s, w);
	unsigned e = u + t3;
	r[4] = (int)(e ^ (t3 >> 1));
	unsigned t4 = __shfl_up_sync(0xffffffffu, u, s);
	u += t4;
	r[5] = (int)u;
	int t5 = __shfl_xor_sync(0xffffffffu, v, s, w);
	r[6] = v + t5;
	int t6 = __shfl_sync(0xffffffffu, v, s, w);
	r[7] = t6 + v;
	long long t7 = __shfl_down_sync(0xffffffffu, ll, s, w);
	lo[l] = ll + t7;
	double dd = (double)v * 0.5;
	dd += __shfl_up_sync(0xffffffffu, dd, s, w);
	r[8] = (int)(long long)(dd * 2.0); /* in long long's range: no overflow */
	/* a half warp's shuffles */
	int h = 0;
	if (l < 16) {
		h = v;
		h += __shfl_down_sync(0x0000ffffu, h, s & 7, 16);
	}
	r[9] = h;
	int m = v;
	m += __shfl_down_sync(0xffffffffu, m, 16);
	m += __shfl_down_sync(0xffffffffu, m, 8);
	r[10] = m;
	uo[l] = b;
}

static int src(int sub, int lane, int s, int w)
{
	int base = lane & ~(w - 1), j;
	switch (sub) {
	case 0: j = lane - s; return j >= base ? j : lane;
	case 1: j = lane + s; return j <= (lane | (w - 1)) ? j : lane;
	case 2: j = lane ^ s; return j <= (lane | (w - 1)) ? j : lane;
	default: return base + (s & (w - 1));
	}
}

static int add(int a, int b) { return (int)((unsigned)a + (unsigned)b); }

int main(void)
{
	int hv[32];
	unsigned hu[32];
	long long hl[32];
	for (int i = 0; i < 32; i++) {
		hv[i] = i % 4 == 0 ? INT_MAX - i : i % 4 == 1 ? INT_MIN + i : i % 4 == 2 ? -i * 977 : i * 31;
		hu[i] = i & 1 ? UINT_MAX - (unsigned)i : 0x80000000u + (unsigned)i * 3u;
		hl[i] = i & 1 ? LLONG_MAX - i : LLONG_MIN + (long long)i * 5;
	}
	cudaMemcpyToSymbol(gv, hv, sizeof hv);
	cudaMemcpyToSymbol(gu, hu, sizeof hu);
	cudaMemcpyToSymbol(gl, hl, sizeof hl);
	int *d_o;
	unsigned *d_u;
	long long *d_l;
	cudaMalloc(&d_o, 32 * NT * sizeof(int));
	cudaMalloc(&d_u, 32 * sizeof(unsigned));
	cudaMalloc(&d_l, 32 * sizeof(long long));
	int bad = 0;
	unsigned sum = 0;
	for (int w = 32; w >= 1; w /= 2) {
		for (int s = 0; s < 32; s++) {
			int o[32 * NT];
			unsigned uo[32];
			long long lo[32];
			k<<<1, 32>>>(d_o, d_u, d_l, s, w);
			cudaMemcpy(o, d_o, sizeof o, cudaMemcpyDeviceToHost);
			cudaMemcpy(uo, d_u, sizeof uo, cudaMemcpyDeviceToHost);
			cudaMemcpy(lo, d_l, sizeof lo, cudaMemcpyDeviceToHost);
			int a[32], m[32];
			unsigned b[32];
			for (int i = 0; i < 32; i++) {
				a[i] = hv[i];
				b[i] = hu[i];
				m[i] = hv[i];
			}
			for (int off = 16; off > 0; off >>= 1) {
				int na[32];
				for (int i = 0; i < 32; i++)
					na[i] = add(a[i], a[src(1, i, off, 32)]);
				for (int i = 0; i < 32; i++)
					a[i] = na[i];
			}
			for (int off = 1; off < 32; off <<= 1) {
				unsigned nb[32];
				for (int i = 0; i < 32; i++)
					nb[i] = b[i] + b[src(2, i, off, 32)];
				for (int i = 0; i < 32; i++)
					b[i] = nb[i];
			}
			for (int off = 16; off >= 8; off >>= 1) {
				int nm[32];
				for (int i = 0; i < 32; i++)
					nm[i] = add(m[i], m[src(1, i, off, 32)]);
				for (int i = 0; i < 32; i++)
					m[i] = nm[i];
			}
			for (int i = 0; i < 32; i++) {
				int x = hv[i] ^ 0x5a5a5a5a;
				int t = hv[src(1, i, s, w)], t2 = hv[src(0, i, s, w)];
				unsigned t3 = hu[src(1, i, s, w)], t4 = hu[src(0, i, s, 32)];
				int t5 = hv[src(2, i, s, w)], t6 = hv[src(3, i, s, w)];
				long long t7 = hl[src(1, i, s, w)];
				double dd = (double)hv[i] * 0.5 + (double)hv[src(0, i, s, w)] * 0.5;
				int h = i < 16 ? add(hv[i], hv[src(1, i, s & 7, 16)]) : 0;
				int want[NT] = { a[i], (int)b[i], add(hv[i], t) ^ t, add(add(t2, x), (int)(0u - (unsigned)t2)),
						 (int)((hu[i] + t3) ^ (t3 >> 1)), (int)(hu[i] + t4), add(hv[i], t5),
						 add(t6, hv[i]), (int)(long long)(dd * 2.0), h, m[i] };
				for (int q = 0; q < NT; q++) {
					bad += o[NT * i + q] != want[q];
					sum = sum * 31u + (unsigned)o[NT * i + q];
				}
				bad += uo[i] != b[i];
				bad += lo[i] != (long long)((unsigned long long)hl[i] + (unsigned long long)t7);
				sum = sum * 31u + (unsigned)lo[i] + (unsigned)(lo[i] >> 32);
			}
		}
	}
	printf("shfl_add %s, %d wrong, checksum %u\n", bad ? "FAIL" : "ok", bad, sum);
	return bad != 0;
}
