// host_ops.cu - host code over every operation and type the host engine
// specialises (engine/machine/hostvm.c): integers of every width, signed
// and unsigned, with wraparound; shifts by constant and variable counts,
// past the width of the narrow types (defined: they are promoted);
// division and remainder with negative operands; float and double
// arithmetic with infinities and NaN in compares; conversions between
// every pair of scalar types; pointer arithmetic on the heap and the
// stack; calls with many arguments, recursion, struct returns, function
// pointers. Each loop mixes its results into a checksum, so a wrong value
// anywhere shows. A kernel checks one value the host computed.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>

typedef unsigned long long u64;

static u64 mix(u64 h, u64 v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h;
}

struct pair { int lo; long long hi; double d; };
struct big { int v[6]; };

static pair make_pair(int a, long long b, double c)
{
	pair p;
	p.lo = a * 3;
	p.hi = b - a;
	p.d = c * 0.5;
	return p;
}

static big make_big(int s)
{
	big b;
	for (int i = 0; i < 6; i++)
		b.v[i] = s * (i + 1) - i;
	return b;
}

static long long many(int a, unsigned b, short c, unsigned char d, long long e, float f, double g,
		      signed char h, unsigned short i, u64 j)
{
	return a + (long long)b + c + d + e + (long long)f + (long long)g + h + i + (long long)(j % 1000);
}

static int fib(int n)
{
	return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

static long long sum_rec(const int *p, int n)
{
	if (n == 0)
		return 0;
	return p[0] + sum_rec(p + 1, n - 1);
}

static int twice(int x) { return 2 * x; }
static int negate(int x) { return -x; }

__global__ void check(const long long *in, long long *out)
{
	out[0] = in[0] * 2 + 1;
}

static u64 ints(void)
{
	u64 h = 0;
	signed char sc = 100;
	unsigned char uc = 200;
	short ss = 30000;
	unsigned short us = 60000;
	int si = 2000000000;
	unsigned ui = 4000000000u;
	long long sl = 9000000000000000000ll;
	u64 ul = 18000000000000000000ull;
	for (int k = 0; k < 50; k++) {
		sc = (signed char)(sc + 7);
		uc = (unsigned char)(uc * 3 + 1);
		ss = (short)(ss - 1234 * k);
		us = (unsigned short)(us + 4321);
		si = (int)((unsigned)si + 123456789u); /* wraps, through unsigned */
		si = (int)((unsigned)si * 3u);
		ui = ui * 2654435761u + 12345u;
		sl = (long long)((u64)sl * 6364136223846793005ull + 1442695040888963407ull);
		ul = ul - 987654321987654321ull;
		h = mix(h, (u64)(long long)sc);
		h = mix(h, uc);
		h = mix(h, (u64)(long long)ss);
		h = mix(h, us);
		h = mix(h, (u64)(long long)si);
		h = mix(h, ui);
		h = mix(h, (u64)sl);
		h = mix(h, ul);
		h = mix(h, (u64)(long long)(sc & ss) ^ (u64)(uc | us) ^ (u64)(long long)(si ^ (int)ui));
		h = mix(h, (u64)(sl & (long long)ul) ^ (ul | (u64)sl) ^ ~ul);
		h = mix(h, (u64)(long long)~sc ^ (u64)(unsigned char)~uc ^ (u64)-(long long)si);
	}
	printf("ints %016llx\n", h);
	printf("  sc %d uc %u ss %d us %u si %d ui %u\n", sc, uc, ss, us, si, ui);
	printf("  sl %lld ul %llu\n", sl, ul);
	return h;
}

static u64 shifts(void)
{
	u64 h = 0;
	volatile int count = 0;
	for (int k = 0; k < 40; k++) {
		int s = k % 32;
		int s64 = k % 64;
		signed char sc = (signed char)(-100 + k);
		unsigned char uc = (unsigned char)(250 - k);
		short ss = (short)(-30000 + 1000 * k);
		unsigned short us = (unsigned short)(65000 - 100 * k);
		int si = -123456789 + k;
		unsigned ui = 0x87654321u + (unsigned)k;
		long long sl = -1234567890123456789ll + k;
		u64 ul = 0xfedcba9876543210ull + (u64)k;
		/* narrow types are promoted: shifts past 8 and 16 bits are defined */
		h = mix(h, (u64)((unsigned)sc << s % 24));
		h = mix(h, (u64)((unsigned)uc << (s % 24)));
		h = mix(h, (u64)(long long)(sc >> (s % 31)));
		h = mix(h, (u64)(uc >> (s % 31)));
		h = mix(h, (u64)(long long)(ss >> (s % 31)));
		h = mix(h, (u64)((unsigned)us << (s % 16)));
		h = mix(h, (u64)(long long)(si >> s));
		h = mix(h, (u64)(ui >> s));
		h = mix(h, (u64)(ui << s));
		h = mix(h, (u64)(sl >> s64));
		h = mix(h, ul >> s64);
		h = mix(h, ul << s64);
		h = mix(h, (u64)(si >> 31) ^ (u64)(ui >> 31) ^ (u64)(sl >> 63) ^ (ul >> 63));
		h = mix(h, (u64)(ui << 5) ^ (ul << 13) ^ (u64)(sl >> 7) ^ (u64)(long long)(si >> 3));
		count = count + 1;
	}
	printf("shifts %016llx (%d)\n", h, (int)count);
	return h;
}

static u64 divisions(void)
{
	u64 h = 0;
	int sd[] = { 7, -7, 3, -3, 1, -1, 1000, -2147483647 };
	long long ld[] = { 7, -7, 1000000007ll, -3, 1, -1, 9000000000ll };
	for (int k = 0; k < 8; k++) {
		for (int j = 0; j < 8; j++) {
			int a = sd[k], b = sd[j];
			h = mix(h, (u64)(long long)(a / b));
			h = mix(h, (u64)(long long)(a % b));
			unsigned ua = (unsigned)a, ub = (unsigned)b;
			h = mix(h, ua / ub);
			h = mix(h, ua % ub);
			short sa = (short)(a % 30000), sb = (short)(b % 300);
			if (sb)
				h = mix(h, (u64)(long long)(sa / sb) ^ (u64)(long long)(sa % sb));
			unsigned char ca = (unsigned char)a, cb = (unsigned char)(b | 1);
			h = mix(h, (u64)(ca / cb) ^ (u64)(ca % cb));
		}
		for (int j = 0; j < 7; j++) {
			long long a = ld[k % 7] * 12345, b = ld[j];
			h = mix(h, (u64)(a / b));
			h = mix(h, (u64)(a % b));
			h = mix(h, (u64)a / (u64)b);
			h = mix(h, (u64)a % (u64)b);
		}
	}
	/* by constants (powers of two too) */
	for (int k = -20; k < 20; k++) {
		h = mix(h, (u64)(long long)(k / 4) ^ (u64)(long long)(k % 4));
		h = mix(h, (u64)(long long)(k / 10) ^ (u64)(long long)(k % 10));
		h = mix(h, (u64)((unsigned)k / 8u) ^ (u64)((unsigned)k % 7u));
	}
	printf("div %016llx 7/-2=%d -7/2=%d -7%%2=%d 7u/3u=%u\n", h, sd[0] / -2, sd[1] / 2, sd[1] % 2, 7u / 3u);
	return h;
}

static u64 floats(void)
{
	u64 h = 0;
	float fz = 0.0f;
	double dz = 0.0;
	float fv[] = { 1.5f, -2.25f, 0.0f, -0.0f, 1e30f, 3.0f / fz, -1.0f / fz, 1e-40f };
	double dv[] = { 1.5, -2.25, 0.0, -0.0, 1e300, 1.0 / dz, -1.0 / dz, 1e-310 };
	for (int i = 0; i < 8; i++) {
		for (int j = 0; j < 8; j++) {
			float a = fv[i], b = fv[j];
			double c = dv[i], d = dv[j];
			int fl = (a < b) | (a <= b) << 1 | (a > b) << 2 | (a >= b) << 3 | (a == b) << 4 | (a != b) << 5;
			int dl = (c < d) | (c <= d) << 1 | (c > d) << 2 | (c >= d) << 3 | (c == d) << 4 | (c != d) << 5;
			h = mix(h, (u64)fl << 8 | (u64)dl);
			float s = a + b, t = a - b, u = a * b;
			double x = c + d, y = c - d, z = c * d;
			/* NaN results: only whether they are NaN (their sign differs by machine) */
			h = mix(h, s != s ? 1 : s == 0.0f ? 2 : 3);
			h = mix(h, t != t ? 1 : t > 0 ? 4 : t < 0 ? 5 : 6);
			h = mix(h, u != u ? 1 : u > 1e29f ? 7 : u < -1e29f ? 8 : 9);
			h = mix(h, x != x ? 1 : x > 1e299 ? 10 : x < -1e299 ? 11 : 12);
			h = mix(h, y != y ? 1 : y > 0 ? 13 : y < 0 ? 14 : 15);
			h = mix(h, z != z ? 1 : z > 0 ? 16 : z < 0 ? 17 : 18);
			if (b != 0.0f && b == b && a == a && b < 1e20f && b > -1e20f) {
				float q = a / b;
				h = mix(h, q != q ? 1 : q > 1e20f ? 19 : q < -1e20f ? 21 : (u64)(long long)(q * 16.0f));
			}
			if (d != 0.0 && d == d && c == c && d < 1e20 && d > -1e20) {
				double q = c / d;
				h = mix(h, q != q ? 1 : q > 1e20 ? 20 : q < -1e20 ? 22 : (u64)(long long)(q * 16.0));
			}
		}
	}
	float nan_f = fz / fz;
	double nan_d = dz / dz;
	printf("floats %016llx nan<1 %d nan==nan %d nan!=nan %d dnan>=0 %d inf>1e308 %d\n", h,
	       nan_f < 1.0f, nan_f == nan_f, nan_f != nan_f, nan_d >= 0.0, dv[5] > 1e308);
	float acc = 0.0f;
	double dacc = 0.0;
	for (int k = 1; k <= 1000; k++) {
		acc += 1.0f / (float)k;
		dacc += 1.0 / ((double)k * k);
		acc = -(-acc);
	}
	printf("  harmonic %.6f basel %.12f neg %.2f %.2f\n", acc, dacc, -fv[0], -dv[1]);
	printf("  fmod %.3f %.3f\n", fmodf(7.5f, 2.0f), fmod(-7.5, 2.0));
	return h;
}

static u64 conversions(void)
{
	u64 h = 0;
	long long vals[] = { 0, 1, -1, 127, -128, 255, 256, 32767, -32768, 65535, 65536,
			     2147483647ll, -2147483647ll - 1, 4294967295ll, 4294967296ll,
			     -9223372036854775807ll, 9223372036854775807ll, 123456789012ll };
	for (int i = 0; i < 18; i++) {
		long long v = vals[i];
		signed char sc = (signed char)v;
		unsigned char uc = (unsigned char)v;
		short ss = (short)v;
		unsigned short us = (unsigned short)v;
		int si = (int)v;
		unsigned ui = (unsigned)v;
		u64 ul = (u64)v;
		bool b = v != 0;
		h = mix(h, (u64)(long long)sc);
		h = mix(h, uc);
		h = mix(h, (u64)(long long)ss);
		h = mix(h, us);
		h = mix(h, (u64)(long long)si);
		h = mix(h, ui);
		h = mix(h, ul);
		h = mix(h, b);
		/* narrow to narrow */
		h = mix(h, (u64)(unsigned char)ss ^ (u64)(long long)(signed char)us ^ (u64)(unsigned short)sc ^
			   (u64)(long long)(short)uc ^ (u64)(long long)(int)ui ^ (u64)(unsigned)si);
		/* integer to floating */
		float f1 = (float)sc, f2 = (float)uc, f3 = (float)si, f4 = (float)ui, f5 = (float)v, f6 = (float)ul;
		double d1 = (double)ss, d2 = (double)us, d3 = (double)si, d4 = (double)ui, d5 = (double)v, d6 = (double)ul;
		h = mix(h, (u64)(long long)(f1 + f2 + f3) ^ (u64)(long long)(f4 / 8.0f));
		h = mix(h, (u64)(long long)(f5 / 1024.0f) ^ (u64)(f6 / 1e6f));
		h = mix(h, (u64)(long long)(d1 + d2 + d3) ^ (u64)(long long)d4 ^ (u64)(long long)(d5 / 2) ^ (u64)(d6 / 4096.0));
		h = mix(h, (u64)(long long)(float)b + (u64)(long long)(double)b);
		/* floating to integer (in range) and between the two */
		double dd = (double)(v % 100000) + 0.75;
		float ff = (float)dd;
		double back = (double)ff;
		h = mix(h, (u64)(long long)(int)dd ^ (u64)(unsigned)(dd < 0 ? -dd : dd) ^ (u64)(long long)(short)(int)ff);
		h = mix(h, (u64)(long long)(signed char)(ff / 1000.0f) ^ (u64)(unsigned char)(dd < 0 ? 0 : dd / 1000.0));
		h = mix(h, (u64)(long long)dd ^ (u64)(long long)ff ^ (u64)(long long)(back * 4.0));
		h = mix(h, (u64)(dd < 0 ? 0 : (u64)dd) ^ (u64)(unsigned short)(unsigned)(ff < 0 ? 0 : ff));
	}
	printf("conv %016llx (int)-2.75=%d (unsigned)3.99=%u (float)1e10=%.0f (double)0.1f=%.10f\n", h,
	       (int)-2.75, (unsigned)3.99, (float)1e10, (double)0.1f);
	return h;
}

static u64 pointers(void)
{
	u64 h = 0;
	int n = 100;
	int *a = (int *)malloc(n * sizeof(int));
	double *d = (double *)malloc(n * sizeof(double));
	short local[50];
	char bytes[64];
	for (int i = 0; i < n; i++) {
		a[i] = i * i - 50;
		d[i] = i * 0.25;
	}
	for (int i = 0; i < 50; i++)
		local[i] = (short)(i * -3);
	for (int i = 0; i < 64; i++)
		bytes[i] = (char)(i * 5);
	int *p = a + 10, *q = &a[90];
	h = mix(h, (u64)(q - p));
	h = mix(h, (u64)(long long)p[-3] ^ (u64)(long long)*(q + 5) ^ (u64)(long long)p[q - p - 1]);
	long long s = 0;
	for (int *r = a; r < a + n; r += 3)
		s += *r;
	double ds = 0;
	for (double *r = d + n - 1; r >= d; r--)
		ds += *r;
	short *lp = local + 49;
	int ls = 0;
	while (lp >= local)
		ls += *lp--;
	unsigned bs = 0;
	for (int i = 0; i < 64; i += 1)
		bs = bs * 31 + (unsigned char)bytes[i];
	memcpy(a, local, sizeof(local));
	h = mix(h, (u64)s ^ (u64)(long long)ds ^ (u64)(long long)ls ^ bs ^ (u64)(long long)a[7]);
	printf("ptr %016llx s %lld ds %.2f ls %d bs %u diff %d\n", h, s, ds, ls, bs, (int)(q - p));
	free(a);
	free(d);
	return h;
}

static u64 calls(void)
{
	u64 h = 0;
	int arr[200];
	for (int i = 0; i < 200; i++)
		arr[i] = i * 7 - 300;
	for (int k = 0; k < 30; k++) {
		pair p = make_pair(k, 1000000000000ll * k, k * 1.25);
		big b = make_big(k);
		h = mix(h, (u64)(long long)p.lo ^ (u64)p.hi ^ (u64)(long long)(p.d * 8));
		h = mix(h, (u64)(long long)(b.v[0] + b.v[5] * 3));
		h = mix(h, (u64)many(k, 4000000000u, (short)-k, (unsigned char)(k * 9), -5000000000ll * k,
				     k * 0.5f, k * -2.5, (signed char)-k, (unsigned short)(k * 2000),
				     0xffffffffffffull * (u64)k));
		int (*fp)(int) = k % 2 ? twice : negate;
		h = mix(h, (u64)(long long)fp(k));
	}
	printf("calls %016llx fib(20)=%d sum=%lld\n", h, fib(20), sum_rec(arr, 200));
	return h;
}


/* every comparison as a value and as a branch, against a variable and a
 * constant, for signed, unsigned, float and double operands */
#define CMPS(A, B) (((A) < (B)) | ((A) <= (B)) << 1 | ((A) > (B)) << 2 | ((A) >= (B)) << 3 | \
		    ((A) == (B)) << 4 | ((A) != (B)) << 5)
#define BRS(A, B, acc) do { \
	if ((A) < (B)) acc += 1; \
	if ((A) <= (B)) acc += 2; \
	if ((A) > (B)) acc += 4; \
	if ((A) >= (B)) acc += 8; \
	if ((A) == (B)) acc += 16; \
	if ((A) != (B)) acc += 32; \
} while (0)

static u64 compares(void)
{
	u64 h = 0;
	int iv[] = { -5, 0, 3, 7, -2147483647 - 1, 2147483647 };
	unsigned uv[] = { 0u, 3u, 7u, 4000000000u, 4294967295u, 1u };
	long long lv[] = { -5, 7, 0, 5000000000ll, -5000000000ll, 3 };
	u64 qv[] = { 0, 7, 18446744073709551615ull, 5000000000ull, 1, 3 };
	float fv[] = { -1.5f, 0.0f, 2.5f, 7.0f, 1e30f, -0.0f };
	double dv[] = { -1.5, 0.0, 2.5, 7.0, -1e300, 1e-300 };
	unsigned char bytes[6] = { 0, 1, 200, 255, 7, 128 };
	unsigned short halves[6] = { 0, 1, 60000, 65535, 7, 32768 };
	for (int i = 0; i < 6; i++) {
		for (int j = 0; j < 6; j++) {
			long long acc = 0;
			h = mix(h, (u64)CMPS(iv[i], iv[j]) | (u64)CMPS(uv[i], uv[j]) << 6 | (u64)CMPS(lv[i], lv[j]) << 12 |
				   (u64)CMPS(qv[i], qv[j]) << 18 | (u64)CMPS(fv[i], fv[j]) << 24 | (u64)CMPS(dv[i], dv[j]) << 30);
			BRS(iv[i], iv[j], acc);
			BRS(uv[i], uv[j], acc);
			BRS(lv[i], lv[j], acc);
			BRS(qv[i], qv[j], acc);
			BRS(fv[i], fv[j], acc);
			BRS(dv[i], dv[j], acc);
			BRS(bytes[i], bytes[j], acc);
			BRS(halves[i], halves[j], acc);
			h = mix(h, (u64)acc);
		}
		long long acc = 0;
		h = mix(h, (u64)CMPS(iv[i], 3) | (u64)CMPS(uv[i], 7u) << 6 | (u64)CMPS(lv[i], 5000000000ll) << 12 |
			   (u64)CMPS(qv[i], 3ull) << 18 | (u64)CMPS(fv[i], 2.5f) << 24 | (u64)CMPS(dv[i], -1.5) << 30);
		BRS(iv[i], 3, acc);
		BRS(uv[i], 7u, acc);
		BRS(lv[i], -5ll, acc);
		BRS(qv[i], 5000000000ull, acc);
		BRS(fv[i], 0.0f, acc);
		BRS(dv[i], 2.5, acc);
		h = mix(h, (u64)acc);
	}
	printf("cmp %016llx\n", h);
	return h;
}

/* bool values, selects, narrow loads, floats with constants */
static u64 misc(void)
{
	u64 h = 0;
	unsigned char uc[8] = { 0, 1, 2, 127, 128, 200, 254, 255 };
	unsigned short us[8] = { 0, 1, 300, 32767, 32768, 40000, 65534, 65535 };
	bool flags[8];
	for (int i = 0; i < 8; i++)
		flags[i] = uc[i] & 1;
	for (int i = 0; i < 8; i++) {
		bool b = us[i];
		bool nb = !flags[i];
		int sel = flags[i] ? i * 3 : 17;
		long long sel2 = nb ? (long long)us[i] : -5ll;
		if (b)
			h = mix(h, 1);
		if (flags[i])
			h = mix(h, 2);
		float f = (float)uc[i];
		double d = (double)us[i];
		h = mix(h, (u64)(long long)((f + 2.5f) * 4.0f) ^ (u64)(long long)((f - 1.5f) * 2.0f) ^
			   (u64)(long long)(f / 4.0f * 8.0f) ^ (u64)(long long)(d - 0.25) ^ (u64)(long long)(d / 3.0 * 9.0));
		h = mix(h, (u64)b | (u64)nb << 1 | (u64)(unsigned)sel << 2 | (u64)sel2 << 20);
		h = mix(h, (u64)(uc[i] ^ 0x5a) ^ (u64)(us[i] & 0x0ff0) ^ (u64)(us[i] | 3u));
		unsigned ux = us[i];
		h = mix(h, (u64)(ux - 40000u) ^ (u64)(ux * 70000u));
	}
	/* arrays of 12-byte structs (an index scaled by a non-power of two),
	 * unsigned arithmetic, min and max, double compares with constants */
	struct trio { int a, b, c; } tr[10];
	for (int i = 0; i < 10; i++) {
		tr[i].a = i;
		tr[i].b = i * i;
		tr[i].c = -i;
	}
	for (int i = 0; i < 10; i++) {
		int j = 9 - i;
		unsigned ux = 4000000000u - (unsigned)i * 123456789u, uy = (unsigned)j * 987654321u;
		long long la = -5000000000ll + i * 1000000000ll, lb = 3 - j;
		u64 qa = 18000000000000000000ull - (u64)i * 1000000000000000000ull, qb = (u64)j << 60;
		float fa = i * 1.5f - 4.0f, fb = j * -0.5f + 1.0f;
		double da = i * 2.25 - 10.0, db = j * 1.75 - 3.0;
		h = mix(h, (u64)(long long)(tr[i].a + tr[j].b * 3 + tr[(i * 7) % 10].c));
		h = mix(h, (u64)(ux - uy) ^ (u64)(ux * uy) << 1 ^ (u64)(ux + uy) << 2);
		h = mix(h, (u64)(long long)min(i - 5, j - 3) ^ (u64)(long long)max(i * 3, 17) << 8);
		h = mix(h, (u64)min(ux, uy) ^ (u64)max(ux, uy) << 3 ^ (u64)min(ux, 7u) << 5);
		h = mix(h, (u64)min(la, lb) ^ (u64)max(la, lb) << 2 ^ min(qa, qb) ^ max(qa, qb) << 1);
		h = mix(h, (u64)(long long)(fminf(fa, fb) * 4.0f) ^ (u64)(long long)(fmaxf(fa, fb) * 4.0f) << 8 ^
			   (u64)(long long)(fmaxf(fa, 0.0f) * 2.0f) << 16);
		h = mix(h, (u64)(long long)(fmin(da, db) * 8.0) ^ (u64)(long long)(fmax(da, db) * 8.0) << 8 ^
			   (u64)(long long)(fmin(da, 1.0) * 8.0) << 16);
		h = mix(h, (u64)CMPS(da, 2.5) | (u64)CMPS(db, 0.0) << 6 | (u64)CMPS(fa, 3.0f) << 12);
	}
	printf("misc %016llx\n", h);
	return h;
}

int main()
{
	u64 h = 0;
	h = mix(h, ints());
	h = mix(h, shifts());
	h = mix(h, divisions());
	h = mix(h, floats());
	h = mix(h, conversions());
	h = mix(h, pointers());
	h = mix(h, calls());
	h = mix(h, compares());
	h = mix(h, misc());
	long long in = (long long)(h >> 40), *din, *dout, out = 0;
	cudaMalloc(&din, sizeof(long long));
	cudaMalloc(&dout, sizeof(long long));
	cudaMemcpy(din, &in, sizeof(in), cudaMemcpyHostToDevice);
	check<<<1, 1>>>(din, dout);
	cudaMemcpy(&out, dout, sizeof(out), cudaMemcpyDeviceToHost);
	printf("all %016llx kernel %s\n", h, out == in * 2 + 1 ? "agrees" : "differs");
	cudaFree(din);
	cudaFree(dout);
	return 0;
}
