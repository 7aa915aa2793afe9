/* native twin of bench/matmul_tiled.cu: n x n float matrix multiply (timed; one thread, i-k-j
 * order), a sample of rows checked exactly on the host as the .cu does.
 * Arguments as bench/matmul_tiled.cu: "0" skips the kernel; the side, a multiple of 16. */
#include <string.h>
#include "common.h"

/* multiply: c = a b, n x n, in i-k-j order so that the inner loop runs along rows (the
 * compiler vectorises it); every value is a small integer, so the sums are exact in any order
 * and equal the kernel's */
static void multiply(const float *restrict a, const float *restrict b, float *restrict c, int n)
{
	for (int i = 0; i < n; i++) {
		float *row = c + (size_t)i * n;
		for (int j = 0; j < n; j++)
			row[j] = 0.0f;
		for (int k = 0; k < n; k++) {
			float aik = a[(size_t)i * n + k];
			const float *brow = b + (size_t)k * n;
			for (int j = 0; j < n; j++)
				row[j] += aik * brow[j];
		}
	}
}

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	int n = bench_arg(argc, argv, "matmul_tiled", 256, 16, 2048);
	if (n % 16 != 0) {
		fprintf(stderr, "matmul_tiled: side %d is not a multiple of 16\n", n);
		return 2;
	}
	size_t bytes = (size_t)n * n * sizeof(float);
	float *a = bench_alloc(bytes), *b = bench_alloc(bytes), *c = bench_alloc(bytes);
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7 - 3);
		b[i] = (float)(i % 5 - 2);
	}
	float *da = bench_alloc(bytes), *db = bench_alloc(bytes), *dc = bench_alloc(bytes);
	memcpy(da, a, bytes);
	memcpy(db, b, bytes);
	memset(dc, 0, bytes);
	double t0 = now_ms();
	if (run)
		multiply(da, db, dc, n);
	double t1 = now_ms();
	memcpy(c, dc, bytes);
	/* verify a sample of rows exactly (all values are small integers) and checksum everything */
	int bad = 0;
	for (int i = 0; i < n; i += 17)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			if (s != c[i * n + j])
				bad++;
		}
	double sum = 0;
	for (int i = 0; i < n * n; i++)
		sum += c[i];
	if (!run) {
		printf("matmul_tiled skipped\n");
		return 0;
	}
	printf("matmul_tiled checksum %.0f %s\nkernel_ms %.3f\n", sum, bad ? "FAIL" : "ok", t1 - t0);
	return bad != 0;
}
