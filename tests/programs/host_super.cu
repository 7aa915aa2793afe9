// host_super.cu - host code over the host engine's pairs and divisions by
// constants (engine/machine/hostvm.c: HV_PAIRS, KC_x): integer division and
// remainder by constants (powers of two, 1, negative, large) of signed and
// unsigned 32- and 64-bit values at their boundaries; conversions after
// masks and shifts, before stores through folded addresses and after loads;
// 32- and 64-bit, signed and unsigned compares at the boundaries; negative
// and 64-bit indices into char arrays; loop counters that wrap around.
// Each result goes into a checksum, printed with a few values that show the
// rounding and wraparound. Host code only: the expected output is the
// program's own, built natively by g++ and run.
#include <cstdio>
#include <cstdlib>
#include <climits>

typedef unsigned long long u64;
typedef long long s64;

static u64 mix(u64 h, u64 v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

static const int si[] = { INT_MIN, INT_MIN + 1, -1000000007, -65536, -101, -17, -16, -15, -8, -7, -2, -1, 0, 1, 2,
			  7, 15, 16, 17, 101, 65535, 1000000007, INT_MAX - 1, INT_MAX };
static const s64 sl[] = { LLONG_MIN, LLONG_MIN + 1, -4611686018427387905LL, -1000000007, -17, -16, -1, 0, 1, 16, 17,
			  1000000007, 4611686018427387905LL, LLONG_MAX };
#define NSI (int)(sizeof(si) / sizeof(si[0]))
#define NSL (int)(sizeof(sl) / sizeof(sl[0]))

/* x / k and x % k for constants k: a CONST before each division */
static u64 div_s32(u64 h)
{
	for (int i = 0; i < NSI; i++) {
		int x = si[i];
		h = mix(h, (unsigned)(x / 7));
		h = mix(h, (unsigned)(x % 7));
		h = mix(h, (unsigned)(x / -7));
		h = mix(h, (unsigned)(x % -7));
		h = mix(h, (unsigned)(x / 16));
		h = mix(h, (unsigned)(x % 16));
		h = mix(h, (unsigned)(x / 2));
		h = mix(h, (unsigned)(x % 2));
		h = mix(h, (unsigned)(x / 1));
		h = mix(h, (unsigned)(x % 1));
		h = mix(h, (unsigned)(x / 1073741824));
		h = mix(h, (unsigned)(x % 1073741824));
		h = mix(h, (unsigned)(x / INT_MAX));
		h = mix(h, (unsigned)(x % INT_MAX));
		h = mix(h, (unsigned)(x / -16));
		h = mix(h, (unsigned)(x % -16));
		h = mix(h, (unsigned)(x / INT_MIN));
		h = mix(h, (unsigned)(x % INT_MIN));
	}
	return h;
}

static u64 div_u32(u64 h)
{
	for (int i = 0; i < NSI; i++) {
		unsigned x = (unsigned)si[i];
		h = mix(h, x / 7u);
		h = mix(h, x % 7u);
		h = mix(h, x / 16u);
		h = mix(h, x % 16u);
		h = mix(h, x / 0x80000000u);
		h = mix(h, x % 0x80000000u);
		h = mix(h, x / 0xffffffffu);
		h = mix(h, x % 0xffffffffu);
		h = mix(h, x / 1u);
		h = mix(h, x % 3u);
	}
	return h;
}

static u64 div_64(u64 h)
{
	for (int i = 0; i < NSL; i++) {
		s64 x = sl[i];
		u64 u = (u64)x;
		h = mix(h, (u64)(x / 1000000007LL));
		h = mix(h, (u64)(x % 1000000007LL));
		h = mix(h, (u64)(x / -3LL));
		h = mix(h, (u64)(x % -3LL));
		h = mix(h, (u64)(x / 4096LL));
		h = mix(h, (u64)(x % 4096LL));
		h = mix(h, (u64)(x / 4611686018427387904LL));
		h = mix(h, (u64)(x % 4611686018427387904LL));
		h = mix(h, u / 10ull);
		h = mix(h, u % 10ull);
		h = mix(h, u / 0x8000000000000000ull);
		h = mix(h, u % 0x8000000000000000ull);
		h = mix(h, u / 0xffffffffffffffffull);
		h = mix(h, u % 0xffffffffffffffffull);
		h = mix(h, u % 4294967296ull);
	}
	return h;
}

/* narrow values, promoted: division of int by constants in a loop (the
 * reduce programs' `(i * 7) % 101 - 50`) */
static u64 div_loop(u64 h, int n)
{
	long long want = 0;
	int *a = (int *)malloc(n * sizeof(int));
	for (int i = -n / 2; i < n / 2; i++) {
		a[i + n / 2] = (i * 7) % 101 - 50;
		want += a[i + n / 2];
	}
	h = mix(h, (u64)want);
	for (int i = 0; i < n; i++) {
		signed char c = (signed char)(i * 37);
		short s = (short)(i * 1237);
		unsigned char uc = (unsigned char)(i * 11);
		h = mix(h, (u64)(c / 3 + c % 5 + s / 64 + s % 64 + uc / 10 + uc % 8));
	}
	free(a);
	return h;
}

/* conversions around loads and stores, float compares with NaN */
static u64 conv(u64 h, int n)
{
	float *a = (float *)malloc(n * sizeof(float));
	float *b = (float *)malloc(n * sizeof(float));
	float *c = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++) {
		int v = (int)((unsigned)i * 2654435u + 16777217u); /* past 2^24: rounding in int -> float */
		a[i] = (float)(v & 0x7ffffff);
		b[i] = (float)(v >> 3);
		c[i] = (float)(i - 100);
	}
	a[5] = 0.0f / 0.0f;
	double sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		sum += a[i];
		if (a[i] != b[i] + c[i])
			bad++;
	}
	h = mix(h, (u64)bad);
	printf("conv: sum %a bad %d a[7] %a b[7] %a\n", sum == sum ? sum : -1.0, bad, a[7], b[7]);
	float s = 0;
	for (int i = 1; i < n; i++)
		s += (float)i * 0.5f + (float)(i - 7) / c[i % 50 + 1];
	printf("conv: s %a\n", s);
	free(a);
	free(b);
	free(c);
	return mix(h, (u64)(s64)s);
}

/* compares at the boundaries, through a MOV or after an add */
static u64 compares(u64 h)
{
	unsigned us[] = { 0u, 1u, 0x7fffffffu, 0x80000000u, 0xfffffffeu, 0xffffffffu };
	for (int i = 0; i < 6; i++) {
		unsigned x = us[i];
		h = mix(h, x < 0x80000000u);
		h = mix(h, x < 1u);
		h = mix(h, (x >> 1) < (x >> 31) + 0x3fffffffu);
		int y = (int)(x + 1u);
		long long w = y;
		h = mix(h, (u64)(w * w + w));
		h = mix(h, (u64)((s64)(int)x * 3 + (s64)y));
	}
	u64 acc = 0, mul = (u64)sl[10];
	for (int i = 0; i < 1000; i++) {
		int t = i - 500;
		long long lt = t;
		acc += (u64)lt;
		acc = acc * 3 + (u64)(lt * lt);
		acc = acc * mul + (u64)lt;
	}
	h = mix(h, (u64)acc);
	float f[4] = { 1.0f, -0.0f, 0.0f / 0.0f, 3.5f };
	for (int i = 0; i < 4; i++)
		for (int j = 0; j < 4; j++)
			if (f[i] + f[j] != f[j])
				h = mix(h, (u64)(i * 4 + j));
	return h;
}

/* char arrays: an int index widened (MOV) then added (PX), a loaded byte
 * widened and scaled (MX); negative and 64-bit offsets */
static u64 bytes(u64 h, int n)
{
	unsigned char *p = (unsigned char *)malloc(n + 64);
	unsigned int want[256];
	for (int b = 0; b < 256; b++)
		want[b] = 0;
	unsigned x = 12345;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		p[i] = (unsigned char)(x >> 16);
		want[p[i]]++;
	}
	unsigned char *e = p + n;
	for (int i = 1; i <= 40; i++)
		h = mix(h, e[-i]);
	long long big = 3;
	for (long long i = big; i < big + 10; i++)
		h = mix(h, p[i] + p[i * 7]);
	for (int b = 0; b < 256; b += 5)
		h = mix(h, want[b]);
	free(p);
	return h;
}

/* loop counters that wrap around, shifts and compares of unsigned values */
static u64 wrap(u64 h)
{
	int k = 0;
	for (unsigned u = 0xfffffff0u; u != 5u; u++)
		h = mix(h, (u64)u), k++;
	for (unsigned char c = 250; c != 4; c++)
		h = mix(h, c);
	for (unsigned long long v = ~0ull - 3; v != 2; v++)
		h = mix(h, v);
	int j = INT_MAX - 5;
	while (j < INT_MAX) {
		j += 1;
		h = mix(h, (u64)j);
	}
	for (int i = 0; i < 300; i++) {
		unsigned s = (unsigned)i * 0x9e3779b9u;
		if ((s >> 7) < (s >> 9) + 0x1000000u)
			h = mix(h, s >> 3);
	}
	return mix(h, (u64)k);
}

/* stores of constants and of converted values through indices */
static u64 stores(u64 h, int n)
{
	int *a = (int *)malloc(n * sizeof(int));
	float *f = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; i++)
		a[i] = 7;
	for (int i = 0; i < n; i++)
		a[i] = a[i] * i - 3;
	for (int i = 0; i < n; i++)
		f[i] = (float)(a[i] - 1000);
	for (int i = n - 1; i >= 0; i -= 3)
		h = mix(h, (u64)(s64)a[i] + (u64)(s64)f[i]);
	for (int i = 0; i < n; i++)
		f[i] = (float)a[i];
	float q = 0;
	for (int i = 1; i < n; i++) {
		float t = f[i];
		q += (float)i / t;
	}
	printf("stores: q %a f[999] %a\n", q, f[n - 1]);
	free(a);
	free(f);
	return h;
}

/* an int counter compared with a size_t bound (widened, unsigned), sums
 * compared with a register and a constant (bounds tests) */
static u64 bounds(u64 h, int n)
{
	const size_t ds = 1000;
	float *a = (float *)malloc(ds * sizeof(float));
	for (int i = 0; i < ds; i++)
		a[i] = 1.0f;
	int hit = 0, in = 0;
	for (int i = -n; i < n; i++) {
		for (int j = -3; j <= 3; j++) {
			int x = i + j;
			if (x >= 0 && x < n)
				in++;
			int y = i * j;
			if (y + i == j)
				hit++;
		}
	}
	h = mix(h, (u64)(a[999] + a[0]));
	free(a);
	return mix(mix(h, (u64)hit), (u64)in);
}

int main()
{
	u64 h = 1;
	h = div_s32(h);
	printf("div_s32 %016llx  %d %d %d %d %d %d\n", h, INT_MIN / 16, INT_MIN % 16, -15 / 16, -15 % 16, -17 / 16, -17 % 16);
	h = div_u32(h);
	printf("div_u32 %016llx  %u %u\n", h, 0xffffffffu / 7u, 0xffffffffu % 7u);
	h = div_64(h);
	printf("div_64  %016llx  %lld %lld\n", h, LLONG_MIN / 4096LL, LLONG_MIN % 1000000007LL);
	h = div_loop(h, 3000);
	printf("div_loop %016llx\n", h);
	h = conv(h, 2000);
	printf("conv    %016llx\n", h);
	h = compares(h);
	printf("compares %016llx\n", h);
	h = bytes(h, 5000);
	printf("bytes   %016llx\n", h);
	h = wrap(h);
	printf("wrap    %016llx\n", h);
	h = stores(h, 1000);
	printf("stores  %016llx\n", h);
	h = bounds(h, 300);
	printf("bounds  %016llx\n", h);
	return 0;
}
