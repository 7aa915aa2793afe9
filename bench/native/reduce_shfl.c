/* native twin of bench/reduce_shfl.cu: per-warp shuffle-down tree and one add per warp (timed).
 * Arguments as bench/reduce_shfl.cu: "0" skips the kernel; log2 of n. */
#include <string.h>
#include "common.h"

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	const int n = 1 << bench_arg(argc, argv, "reduce_shfl", 20, 8, 26);
	int *h = bench_alloc(n * sizeof(int));
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7) % 101 - 50;
		want += h[i];
	}
	int *din = bench_alloc(n * sizeof(int)), *dtotal = bench_alloc(sizeof(int)), total = 0;
	memcpy(din, h, n * sizeof(int));
	memset(dtotal, 0, sizeof(int));
	int v[32];
	double t0 = now_ms();
	for (int w = 0; run && w < n / 32; w++) {
		for (int l = 0; l < 32; l++)
			v[l] = din[w * 32 + l];
		/* lanes l < off read lane l + off: the lanes whose sums reach lane 0 */
		for (int off = 16; off > 0; off >>= 1)
			for (int l = 0; l < off; l++)
				v[l] += v[l + off];
		*dtotal += v[0];
	}
	double t1 = now_ms();
	memcpy(&total, dtotal, sizeof(int));
	if (!run) {
		printf("reduce_shfl skipped\n");
		return 0;
	}
	printf("reduce_shfl checksum %d %s\nkernel_ms %.3f\n", total, total == want ? "ok" : "FAIL", t1 - t0);
	return total != want;
}
