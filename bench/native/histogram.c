/* native reference for bench/histogram.cu: 256-bin histogram of 2^20 bytes, one thread. */
#include <stdio.h>
#include <stdlib.h>
#include "common.h"

#define BINS 256

int main(void)
{
	const int n = 1 << 20;
	unsigned char *h = malloc(n);
	unsigned int bins[BINS] = {0};
	unsigned x = 1;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (unsigned char)(x >> 16);
	}
	double t0 = now_ms();
	for (int i = 0; i < n; i++)
		bins[h[i]]++;
	double t1 = now_ms();
	unsigned long long check = 0;
	for (int b = 0; b < BINS; b++)
		check += (unsigned long long)bins[b] * (b + 1);
	printf("histogram checksum %llu ok\nkernel_ms %.3f\n", check, t1 - t0);
	return 0;
}
