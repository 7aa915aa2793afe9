/* native twin of bench/histogram.cu: 256-bin histogram (timed), checked against the counts
 * made while generating. Arguments as bench/histogram.cu: "0" skips the kernel; log2 of n. */
#include <string.h>
#include "common.h"

#define BINS 256

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	const int n = 1 << bench_arg(argc, argv, "histogram", 20, 8, 26);
	unsigned char *h = bench_alloc(n);
	unsigned int want[BINS], got[BINS];
	for (int b = 0; b < BINS; b++)
		want[b] = 0;
	unsigned x = 1;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (unsigned char)(x >> 16);
		want[h[i]]++;
	}
	unsigned char *dd = bench_alloc(n);
	unsigned int *db = bench_alloc(sizeof got);
	memcpy(dd, h, n);
	memset(db, 0, sizeof got);
	double t0 = now_ms();
	for (int i = 0; run && i < n; i++)
		db[dd[i]]++;
	double t1 = now_ms();
	memcpy(got, db, sizeof got);
	int bad = 0;
	unsigned long long check = 0;
	for (int b = 0; b < BINS; b++) {
		if (got[b] != want[b])
			bad++;
		check += (unsigned long long)got[b] * (b + 1);
	}
	if (!run) {
		printf("histogram skipped\n");
		return 0;
	}
	printf("histogram checksum %llu %s\nkernel_ms %.3f\n", check, bad ? "FAIL" : "ok", t1 - t0);
	return bad != 0;
}
