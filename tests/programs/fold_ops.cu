// fold_ops: the instruction sequences `warpstep run` runs as one (docs/PERFORMANCE.md,
// seventh session): indexing folded into 4-byte loads and stores (consecutive lanes,
// half-warps on two rows, a half-warp on one word, reversed and strided lanes, negative
// offsets, 64-bit and unsigned indices, a field's offset, sign- and zero-extension),
// loop counters incremented, compared and branched on (uniform and per-lane counters and
// bounds, every comparison), and 32-bit division and remainder by a divisor the same in
// every lane (signed and unsigned, negative divisors, INT_MIN and INT_MAX dividends,
// powers of two, 1 and -1) and by divisors that differ. Every thread's results are
// compared with the same functions run by the CPU; the sums print the values.
#include <stdio.h>
#include <limits.h>

#define NT 80 /* two blocks of 40 threads: a full warp and a warp of 8 lanes each */

struct pt { int x; int y; float w; };

// the quotient and the remainder in one value (unsigned: wraps, no overflow)
__host__ __device__ int sdiv_mix(int x, int d) { return (int)((unsigned)(x / d) * 7u + (unsigned)(x % d)); }
__host__ __device__ unsigned udiv_mix(unsigned x, unsigned d) { return x / d * 7u + x % d; }

// the dividends of thread t: every lane different, the extremes among them
__host__ __device__ int sdividend(int t)
{
	switch (t % 8) {
	case 0: return INT_MIN;
	case 1: return INT_MAX;
	case 2: return -1;
	case 3: return 0;
	case 4: return t * 1000003;
	case 5: return -t * 999983;
	case 6: return INT_MIN + t;
	default: return INT_MAX - t * 7;
	}
}

__host__ __device__ unsigned udividend(int t)
{
	switch (t % 6) {
	case 0: return 0xffffffffu;
	case 1: return 0x80000000u;
	case 2: return 0;
	case 3: return (unsigned)t * 2654435761u;
	case 4: return 0x7fffffffu - (unsigned)t;
	default: return (unsigned)t;
	}
}

#define NSD 14
#define NUD 12

// loops whose counters (added to or shifted) and bounds are uniform or per-thread, every
// comparison
__host__ __device__ int loops(int t, int n)
{
	int s = 0;
	for (int k = 0; k < 16; k++)
		s += k;
	for (int k = 10; k >= 0; k -= 3)
		s += k * 2;
	for (int k = -5; k <= n; k += 2)
		s += 1;
	for (int k = 40; k > t % 5; k -= 4)
		s += 3;
	int k = 0;
	while (k != 20)
		k += 4, s += k;
	for (int j = t; j < 40; j += 7) /* a per-thread counter */
		s += j;
	for (int j = 0; j < t % 3; j++) /* the warp diverges at the bound */
		s += 100;
	for (int j = 100; j == 100; j += 1)
		s += 5;
	for (int h = 64; h > 0; h >>= 1) /* a reduction's halving */
		s += h;
	for (unsigned h = 0x80000000u; h >= 16u; h >>= 3) /* reaches 16 */
		s += (int)(h & 0xffu) + 1;
	for (int h = -t - 64; h < -1; h >>= 1) /* signed: rounds toward minus infinity */
		s += 2;
	for (int h = t + 40; h > 3; h >>= 1) /* a per-thread counter */
		s += 1;
	return s;
}

__global__ void divs(const int *sd, const unsigned *ud, int *so, unsigned *uo, int *vo, int n)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int x = sdividend(t);
	unsigned u = udividend(t);
	for (int i = 0; i < NSD; i++) {
		int d = sd[i]; /* the same in every lane */
		/* INT_MIN / -1 does not fit: C and CUDA leave it undefined */
		so[t * NSD + i] = d == -1 && x == INT_MIN ? 0 : sdiv_mix(x, d);
	}
	for (int i = 0; i < NUD; i++)
		uo[t * NUD + i] = udiv_mix(u, ud[i]);
	/* constant divisors, and a divisor that differs per lane */
	vo[t * 8 + 0] = x / 7;
	vo[t * 8 + 1] = x % -3;
	vo[t * 8 + 2] = (int)(u / 10u);
	vo[t * 8 + 3] = (int)(u % 641u);
	vo[t * 8 + 4] = x / (t % 5 + 2);
	vo[t * 8 + 5] = x % -(t % 4 + 1 == 1 ? 2 : t % 4 + 1);
	vo[t * 8 + 6] = (x / -16) + (x % 16);
	vo[t * 8 + 7] = loops(t, n);
}

__global__ void mem(const int *a, const unsigned *ua, const pt *ps, int *out, long long *wide,
		    float *fo, int base)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	const int *mid = a + 60;
	out[t * 8 + 0] = a[t];                      /* consecutive lanes */
	out[t * 8 + 1] = a[(t % 16) + 32 * (t / 16 % 2)]; /* two rows of 16 */
	out[t * 8 + 2] = a[t / 16];                 /* a half-warp on one word */
	out[t * 8 + 3] = a[79 - t];                 /* reversed */
	out[t * 8 + 4] = mid[-lane - 1];            /* negative indices */
	long long big = (long long)base * 4 - 3 * (long long)base; /* 64-bit index: base */
	out[t * 8 + 5] = a[big + t % 9];
	unsigned ui = (unsigned)t + 0xffffffffu;    /* wraps to t - 1 for t > 0 */
	out[t * 8 + 6] = t > 0 ? a[ui] : -7;
	out[t * 8 + 7] = ps[t % 23].y;              /* a field at offset 4 */
	wide[t * 2 + 0] = (long long)a[t] * 3;      /* sign-extended */
	wide[t * 2 + 1] = (long long)ua[t] + 1;     /* zero-extended */
	int lo = lane < 16, hi = lane >= 16; /* no branch: the whole warp loads */
	out[NT * 8 + t * 2 + 0] = a[lo * t + hi * (t * 3 % 71)]; /* one half consecutive */
	out[NT * 8 + t * 2 + 1] = a[lo * 5 + hi * t];             /* one word, then consecutive */
	fo[t] = ps[t].w * 2.0f;
	fo[NT + 79 - t] = (float)t;                 /* stores, reversed */
	fo[2 * NT + t / 16 * 32 + t % 16] = t + 0.5f; /* stores, half-warps on two rows */
}

static unsigned long long mix(unsigned long long h, long long v)
{
	return (h ^ (unsigned long long)v) * 1099511628211ull;
}

int main(void)
{
	int sd[NSD] = { 1, 2, 3, 7, -1, -3, -7, 10, 641, 65536, INT_MAX, INT_MIN, -2147483647, 1000000007 };
	unsigned ud[NUD] = { 1u, 2u, 3u, 5u, 7u, 641u, 0x80000000u, 0x80000001u, 0xffffffffu, 1000000007u,
			     65535u, 0x7fffffffu };
	int ha[NT];
	unsigned hua[NT];
	pt hps[NT];
	for (int i = 0; i < NT; i++) {
		ha[i] = (i % 3 == 0 ? -1 : 1) * (i * 37 + 5);
		hua[i] = 0xfffffff0u + (unsigned)i;
		hps[i].x = i;
		hps[i].y = -i * 11;
		hps[i].w = (float)i / 4.0f;
	}
	int *dsd, *dso, *dvo, *da, *dout;
	unsigned *dud, *duo, *dua;
	pt *dps;
	long long *dwide;
	float *dfo;
	cudaMalloc(&dsd, sizeof(sd));
	cudaMalloc(&dud, sizeof(ud));
	cudaMalloc(&dso, NT * NSD * sizeof(int));
	cudaMalloc(&duo, NT * NUD * sizeof(unsigned));
	cudaMalloc(&dvo, NT * 8 * sizeof(int));
	cudaMalloc(&da, sizeof(ha));
	cudaMalloc(&dua, sizeof(hua));
	cudaMalloc(&dps, sizeof(hps));
	cudaMalloc(&dout, NT * 10 * sizeof(int));
	cudaMalloc(&dwide, NT * 2 * sizeof(long long));
	cudaMalloc(&dfo, (2 * NT + 144) * sizeof(float));
	cudaMemcpy(dsd, sd, sizeof(sd), cudaMemcpyHostToDevice);
	cudaMemcpy(dud, ud, sizeof(ud), cudaMemcpyHostToDevice);
	cudaMemcpy(da, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(dua, hua, sizeof(hua), cudaMemcpyHostToDevice);
	cudaMemcpy(dps, hps, sizeof(hps), cudaMemcpyHostToDevice);
	cudaMemset(dfo, 0, (2 * NT + 144) * sizeof(float)); /* the rows' gaps stay 0 */
	divs<<<2, 40>>>(dsd, dud, dso, duo, dvo, 9);
	mem<<<2, 40>>>(da, dua, dps, dout, dwide, dfo, 3);
	static int so[NT * NSD], vo[NT * 8], out[NT * 10];
	static unsigned uo[NT * NUD];
	static long long wide[NT * 2];
	static float fo[2 * NT + 144];
	cudaMemcpy(so, dso, sizeof(so), cudaMemcpyDeviceToHost);
	cudaMemcpy(uo, duo, sizeof(uo), cudaMemcpyDeviceToHost);
	cudaMemcpy(vo, dvo, sizeof(vo), cudaMemcpyDeviceToHost);
	cudaMemcpy(out, dout, sizeof(out), cudaMemcpyDeviceToHost);
	cudaMemcpy(wide, dwide, sizeof(wide), cudaMemcpyDeviceToHost);
	cudaMemcpy(fo, dfo, sizeof(fo), cudaMemcpyDeviceToHost);

	/* the CPU's results, the same functions */
	int bad = 0;
	for (int i = 0; i < NSD; i++) {
		unsigned long long h = 14695981039346656037ull;
		for (int t = 0; t < NT; t++) {
			int x = sdividend(t), d = sd[i];
			int want = d == -1 && x == INT_MIN ? 0 : sdiv_mix(x, d);
			bad += so[t * NSD + i] != want;
			h = mix(h, so[t * NSD + i]);
		}
		printf("s32 / %d: %d %d %d %d hash %016llx\n", sd[i], so[0 * NSD + i], so[1 * NSD + i],
		       so[5 * NSD + i], so[6 * NSD + i], h);
	}
	for (int i = 0; i < NUD; i++) {
		unsigned long long h = 14695981039346656037ull;
		for (int t = 0; t < NT; t++) {
			unsigned want = udiv_mix(udividend(t), ud[i]);
			bad += uo[t * NUD + i] != want;
			h = mix(h, uo[t * NUD + i]);
		}
		printf("u32 / %u: %u %u %u hash %016llx\n", ud[i], uo[0 * NUD + i], uo[1 * NUD + i],
		       uo[3 * NUD + i], h);
	}
	for (int t = 0; t < NT; t++) {
		int x = sdividend(t);
		unsigned u = udividend(t);
		int want[8] = { x / 7, x % -3, (int)(u / 10u), (int)(u % 641u), x / (t % 5 + 2),
				x % -(t % 4 + 1 == 1 ? 2 : t % 4 + 1), (x / -16) + (x % 16), loops(t, 9) };
		for (int j = 0; j < 8; j++)
			bad += vo[t * 8 + j] != want[j];
	}
	printf("thread 0: %d %d %d %d %d %d %d %d\n", vo[0], vo[1], vo[2], vo[3], vo[4], vo[5], vo[6], vo[7]);
	printf("thread 45: %d %d %d %d %d %d %d %d\n", vo[360], vo[361], vo[362], vo[363], vo[364], vo[365],
	       vo[366], vo[367]);
	for (int t = 0; t < NT; t++) {
		int lane = t % 40 % 32;
		int want[8] = { ha[t], ha[(t % 16) + 32 * (t / 16 % 2)], ha[t / 16], ha[79 - t],
				ha[59 - lane], ha[3 + t % 9], t > 0 ? ha[t - 1] : -7, hps[t % 23].y };
		for (int j = 0; j < 8; j++)
			bad += out[t * 8 + j] != want[j];
		int lo = lane < 16, hi = lane >= 16;
		bad += out[NT * 8 + t * 2] != ha[lo * t + hi * (t * 3 % 71)];
		bad += out[NT * 8 + t * 2 + 1] != ha[lo * 5 + hi * t];
		bad += wide[t * 2] != (long long)ha[t] * 3 || wide[t * 2 + 1] != (long long)hua[t] + 1;
		bad += fo[t] != hps[t].w * 2.0f || fo[NT + 79 - t] != (float)t;
		bad += fo[2 * NT + t / 16 * 32 + t % 16] != t + 0.5f;
	}
	unsigned long long h = 14695981039346656037ull;
	for (int i = 0; i < NT * 10; i++)
		h = mix(h, out[i]);
	printf("loads: %d %d %d %d %d %d %d %d hash %016llx\n", out[41 * 8 + 0], out[41 * 8 + 1],
	       out[41 * 8 + 2], out[41 * 8 + 3], out[41 * 8 + 4], out[41 * 8 + 5], out[41 * 8 + 6],
	       out[41 * 8 + 7], h);
	printf("wide: %lld %lld %lld %lld\n", wide[0], wide[1], wide[2 * 79], wide[2 * 79 + 1]);
	printf("stores: %g %g %g %g %g %g\n", fo[3], fo[79], fo[NT], fo[2 * NT - 1], fo[2 * NT + 33],
	       fo[2 * NT + 143]);
	printf("%d differ from the CPU\n", bad);
	return 0;
}
