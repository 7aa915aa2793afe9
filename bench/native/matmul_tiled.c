/* native reference for bench/matmul_tiled.cu: 256x256 float matrix multiply, one thread. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "common.h"

#define N 256

int main(void)
{
	float *a = malloc(N * N * sizeof *a), *b = malloc(N * N * sizeof *b), *c = malloc(N * N * sizeof *c);
	for (int i = 0; i < N * N; i++) {
		a[i] = (float)(i % 7 - 3);
		b[i] = (float)(i % 5 - 2);
	}
	memset(c, 0, N * N * sizeof *c); /* first-touch page faults outside the timed part */
	double t0 = now_ms();
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			float s = 0.0f;
			for (int k = 0; k < N; k++)
				s += a[i * N + k] * b[k * N + j];
			c[i * N + j] = s;
		}
	double t1 = now_ms();
	double sum = 0;
	for (int i = 0; i < N * N; i++)
		sum += c[i];
	printf("matmul_tiled checksum %.0f ok\nkernel_ms %.3f\n", sum, t1 - t0);
	return 0;
}
