// hostvm_fuse.cu - the host engine's fused sequences (engine/machine/hostvm.c, hv_fuse_seq):
// an index and the load or store that uses it (IX), a 32-bit add before them (AIX), a
// pointer plus a byte offset and its access (PX), a loop counter and its compare-and-branch
// (ACBR), an index the decoder left as MUL and ADD (MX), for every access width and sign
// and every compare, on the heap and on the stack.
// With an argument: 1 reads past the end of a block inside a fused loop (the fault is the
// general loop's), 2 reads a freed block in one, 3 runs the loops again after frees.
#include <cstdio>
#include <cstdlib>

#define N 37

#define FILL_SUM(T, NAME)                                                        \
	static long long NAME(T *h, int n, int m)                                \
	{                                                                        \
		T st[N * 3];                                                     \
		for (int i = 0; i < n; i++)                                      \
			h[i] = (T)(i * 37 - 500);                                \
		for (int i = 0; i < m; i++)                                      \
			for (int k = 0; k < 3; k++)                              \
				st[i * 3 + k] = h[i * 3 + k];                    \
		long long s = 0;                                                 \
		for (int i = 0; i < n; i++)                                      \
			s += (long long)h[i] * (i + 1);                          \
		for (int i = 0; i < m; i++)                                      \
			for (int k = 0; k < 3; k++)                              \
				s += (long long)st[i * 3 + k] * (k + 2);         \
		char *b = (char *)h;                                             \
		for (int i = 0; i < n; i++)                                      \
			s += *(T *)(b + (long long)i * (long long)sizeof(T)) & 7; \
		return s;                                                        \
	}

FILL_SUM(signed char, f_s8)
FILL_SUM(unsigned char, f_u8)
FILL_SUM(short, f_s16)
FILL_SUM(unsigned short, f_u16)
FILL_SUM(int, f_s32)
FILL_SUM(unsigned, f_u32)
FILL_SUM(long long, f_s64)
FILL_SUM(unsigned long long, f_u64)

static double f_flt(int n)
{
	float *a = (float *)malloc(n * n * sizeof(float));
	double *d = (double *)malloc(n * n * sizeof(double));
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 11) * 0.25f;
		d[i] = (double)(i % 13) * 0.125;
	}
	double s = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float t = 0;
			for (int k = 0; k < n; k++)
				t += a[i * n + k] * a[k * n + j];
			d[i * n + j] += t;
			s += d[i * n + j];
		}
	free(a);
	free(d);
	return s;
}

// every compare of a loop counter against a register and a constant
static long long counters(int n)
{
	long long s = 0;
	for (int i = 0; i < n; i++) s += i;
	for (int i = 0; i <= n; i++) s += 2 * i;
	for (int i = 0; i != n; i++) s += 3;
	for (int i = n; i > 0; i--) s += i & 5;
	for (int i = n; i >= -3; i--) s -= 1;
	for (int i = 0; i < 40; i++) s += i ^ 9;
	for (int i = 0; i <= 40; i++) s += 1;
	for (int i = 0; i != 41; i += 2) { s += 7; if (i > 200) break; }
	for (int i = 100; i > 40; i -= 3) s += i;
	for (int i = 100; i >= 40; i -= 7) s += i;
	int i = 0;
	for (;;) { s += i; if (++i == n) break; }
	for (int j = -2147483647 + 3; j > -2147483647 - 0; j--) s += j & 1;
	// 64-bit counters and pointers
	for (long long j = 0; j < n; j++) s += j;
	for (long long j = n; j >= 0; j -= 2) s += j;
	for (unsigned long long u = 0; u != 7; u++) s += u;
	for (unsigned long long u = 9; u > 2; u--) s += u * 3;
	int arr[10];
	for (int *q = arr; q != arr + 10; q++) *q = 3;
	for (const int *q = arr; q < arr + 10; q++) s += *q;
	for (int *q = arr + 9; q >= arr; q--) s += *q * 2;
	return s;
}

// an index through a narrower value (w[h[i]]: MUL by the element size, ADD, access)
static long long tables(void)
{
	unsigned char h[200];
	unsigned int want[256];
	long long big[256];
	short sh[256];
	for (int b = 0; b < 256; b++) {
		want[b] = 0;
		big[b] = b * 3;
		sh[b] = (short)-b;
	}
	unsigned x = 1;
	for (int i = 0; i < 200; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (unsigned char)(x >> 16);
		want[h[i]]++;
		big[h[i]] += i;
		sh[h[i]] -= 2;
	}
	long long s = 0;
	for (int b = 0; b < 256; b++)
		s += want[b] * (b + 1) + big[b] + sh[b];
	return s;
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? atoi(argv[1]) : 0;
	void *h = malloc(N * 8);
	long long t = 0;
	for (int r = 0; r < (mode == 3 ? 2 : 1); r++) {
		t += f_s8((signed char *)h, N, N / 3);
		t += f_u8((unsigned char *)h, N, N / 3);
		t += f_s16((short *)h, N, N / 3);
		t += f_u16((unsigned short *)h, N, N / 3);
		t += f_s32((int *)h, N, N / 3);
		t += f_u32((unsigned *)h, N, N / 3);
		t += f_s64((long long *)h, N, N / 3);
		t += f_u64((unsigned long long *)h, N, N / 3);
		if (mode == 3) {
			free(h);
			h = malloc(N * 8);
		}
	}
	printf("%lld %.3f %lld %lld\n", t, f_flt(20), counters(50), tables());
	if (mode == 1) {
		int *p = (int *)malloc(10 * sizeof(int));
		long long s = 0;
		for (int i = 0; i < 12; i++)
			s += p[i] = i;
		printf("%lld\n", s);
	} else if (mode == 2) {
		int *p = (int *)malloc(10 * sizeof(int));
		for (int i = 0; i < 10; i++)
			p[i] = i;
		long long s = 0;
		for (int r = 0; r < 2; r++) {
			for (int i = 0; i < 10; i++)
				s += p[i];
			if (r == 0)
				free(p);
		}
		printf("%lld\n", s);
	}
	free(h);
	return 0;
}
