// hostvm_edge.cu - host code whose C behaviour is undefined, run by
// tests/cli/hostvm.t under the host engine and the general loop,
// which must agree (warpstep gives these operations the PTX semantics):
// shifts by the width or more, INT_MIN / -1, out-of-range float to int
// conversions, NaN to int; then an integer division by zero (a finding,
// exit status 136).
#include <cstdio>
#include <climits>

static volatile int vz = 0;

int main(int argc, char **argv)
{
	unsigned long long h = 0;
	for (int s = 28; s < 72; s += 3) {
		int x = -123456 - s;
		unsigned u = 0x89abcdefu + (unsigned)s;
		long long l = -1234567890123ll * s;
		unsigned long long q = 0xfedcba9876543210ull >> (s & 3);
		h = h * 31 + (unsigned long long)(x << s);
		h = h * 31 + (unsigned long long)(x >> s);
		h = h * 31 + (u << s) + (u >> s);
		h = h * 31 + (unsigned long long)(l << s) + (unsigned long long)(l >> s);
		h = h * 31 + (q << s) + (q >> s);
		printf("%d: %d %d %u %u %lld %lld\n", s, x << s, x >> s, u << s, u >> s, l >> s, (long long)(q >> s));
	}
	volatile int mn = INT_MIN, m1 = -1;
	volatile long long lmn = LLONG_MIN, lm1 = -1;
	printf("INT_MIN/-1 %d INT_MIN%%-1 %d LLONG_MIN/-1 %lld\n", mn / m1, mn % m1, lmn / lm1);
	volatile double big = 1e20, nan = 0.0 / (double)vz, neg = -1.0;
	volatile float fbig = 3e9f;
	printf("(int)1e20 %d (unsigned)-1.0 %u (short)1e6 %d (int)nan %d (unsigned)3e9f %u (char)300.5 %d\n",
	       (int)big, (unsigned)neg, (short)(big / 1e14), (int)nan, (unsigned)fbig, (signed char)(big / 1e20 * 300.5));
	printf("hash %llx\n", h);
	fflush(stdout);
	return argc > 5 ? 0 : 7 / vz;
}
