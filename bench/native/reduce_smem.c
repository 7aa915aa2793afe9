/* native reference for bench/reduce_smem.cu: per-block tree reduction, one thread. */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"

#define BLOCK 256

int main(void)
{
	const int n = 1 << 20, blocks = n / BLOCK;
	int *h = malloc(n * sizeof *h), *part = malloc(blocks * sizeof *part);
	for (int i = 0; i < n; i++)
		h[i] = (i * 7) % 101 - 50;
	int s[BLOCK];
	double t0 = now_ms();
	for (int blk = 0; blk < blocks; blk++) {
		for (int t = 0; t < BLOCK; t++)
			s[t] = h[blk * BLOCK + t];
		for (int stride = BLOCK / 2; stride > 0; stride >>= 1)
			for (int t = 0; t < stride; t++)
				s[t] += s[t + stride];
		part[blk] = s[0];
	}
	double t1 = now_ms();
	long long sum = 0;
	for (int b = 0; b < blocks; b++)
		sum += part[b];
	printf("reduce_smem checksum %lld ok\nkernel_ms %.3f\n", sum, t1 - t0);
	return 0;
}
