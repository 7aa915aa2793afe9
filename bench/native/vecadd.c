/* native reference for bench/vecadd.cu: same computation, one thread, kernel part timed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

int main(void)
{
	const int n = 1 << 20;
	float *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i & 1023);
		b[i] = (float)(i >> 10);
	}
	memset(c, 0, n * sizeof *c); /* first-touch page faults outside the timed part */
	double t0 = now_ms();
	for (int i = 0; i < n; i++)
		c[i] = a[i] + b[i];
	double t1 = now_ms();
	double sum = 0;
	for (int i = 0; i < n; i++)
		sum += c[i];
	printf("vecadd checksum %.0f ok\nkernel_ms %.3f\n", sum, t1 - t0);
	return 0;
}
