/* native twin of bench/reduce_smem.cu: per-block tree reduction (timed), partial sums added on
 * the host. Arguments as bench/reduce_smem.cu: "0" skips the kernel; log2 of n. */
#include <string.h>
#include "common.h"

#define BLOCK 256

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	const int n = 1 << bench_arg(argc, argv, "reduce_smem", 20, 8, 26), blocks = n / BLOCK;
	int *h = bench_alloc(n * sizeof(int)), *part = bench_alloc(blocks * sizeof(int));
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7) % 101 - 50;
		want += h[i];
	}
	int *din = bench_alloc(n * sizeof(int)), *dpart = bench_alloc(blocks * sizeof(int));
	memcpy(din, h, n * sizeof(int));
	memset(dpart, 0, blocks * sizeof(int));
	int s[BLOCK];
	double t0 = now_ms();
	for (int blk = 0; run && blk < blocks; blk++) {
		for (int t = 0; t < BLOCK; t++)
			s[t] = din[blk * BLOCK + t];
		for (int stride = BLOCK / 2; stride > 0; stride >>= 1)
			for (int t = 0; t < stride; t++)
				s[t] += s[t + stride];
		dpart[blk] = s[0];
	}
	double t1 = now_ms();
	memcpy(part, dpart, blocks * sizeof(int));
	long long sum = 0;
	for (int b = 0; b < blocks; b++)
		sum += part[b];
	if (!run) {
		printf("reduce_smem skipped\n");
		return 0;
	}
	printf("reduce_smem checksum %lld %s\nkernel_ms %.3f\n", sum, sum == want ? "ok" : "FAIL", t1 - t0);
	return sum != want;
}
