/* native reference for bench/reduce_shfl.cu: per-warp shuffle-down tree, one add per warp. */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"

int main(void)
{
	const int n = 1 << 20;
	int *h = malloc(n * sizeof *h);
	for (int i = 0; i < n; i++)
		h[i] = (i * 7) % 101 - 50;
	int total = 0;
	int v[32];
	double t0 = now_ms();
	for (int w = 0; w < n / 32; w++) {
		for (int l = 0; l < 32; l++)
			v[l] = h[w * 32 + l];
		/* lanes l < off read lane l + off: the lanes whose sums reach lane 0 */
		for (int off = 16; off > 0; off >>= 1)
			for (int l = 0; l < off; l++)
				v[l] += v[l + off];
		total += v[0];
	}
	double t1 = now_ms();
	printf("reduce_shfl checksum %d ok\nkernel_ms %.3f\n", total, t1 - t0);
	return 0;
}
