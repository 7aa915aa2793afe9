/* native twin of bench/vecadd.cu: the same host code, malloc'd "device" buffers, the kernel
 * as one loop (timed). Arguments as bench/vecadd.cu: "0" skips the kernel; log2 of n. */
#include <string.h>
#include "common.h"

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	const int n = 1 << bench_arg(argc, argv, "vecadd", 20, 8, 26);
	size_t bytes = n * sizeof(float);
	float *a = bench_alloc(bytes), *b = bench_alloc(bytes), *c = bench_alloc(bytes);
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i & 1023);
		b[i] = (float)(i >> 10);
	}
	float *da = bench_alloc(bytes), *db = bench_alloc(bytes), *dc = bench_alloc(bytes);
	memcpy(da, a, bytes);
	memcpy(db, b, bytes);
	memset(dc, 0, bytes);
	double t0 = now_ms();
	if (run)
		for (int i = 0; i < n; i++)
			dc[i] = da[i] + db[i];
	double t1 = now_ms();
	memcpy(c, dc, bytes);
	double sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		sum += c[i];
		if (c[i] != a[i] + b[i])
			bad++;
	}
	if (!run) {
		printf("vecadd skipped\n");
		return 0;
	}
	printf("vecadd checksum %.0f %s\nkernel_ms %.3f\n", sum, bad ? "FAIL" : "ok", t1 - t0);
	return bad != 0;
}
