// hostvm_calls.cu - host built-ins called from inside the host engine (engine/machine/hostvm.c:
// BMEMCPY/BMEMSET copy natively, HCALL makes the general loop's own call): malloc, free,
// memcpy and memset (heap, stack, zero bytes, overlapping), printf, strlen, cudaMemcpy after
// a launch (the host waits for the grid, then goes on), in loops. With an argument:
// 1 frees a block twice, 2 memsets past the end of a block, 3 memcpys into device memory,
// 4 calls exit() inside a loop, 5 frees a block a loop then reads.
#include <cstdio>
#include <cstdlib>
#include <cstring>

__global__ void inc(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += i;
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? atoi(argv[1]) : 0;
	char st[96], msg[64];
	long long s = 0;
	for (int i = 0; i < 96; i++)
		st[i] = (char)(i * 5);
	for (int i = 0; i < 300; i++) {
		int n = 8 + i % 40;
		unsigned char *p = (unsigned char *)malloc(n);
		memset(p, i, n);
		memcpy(p + 1, st + i % 50, n - 2);
		memcpy(st + 3, st + 1, 20);   /* overlapping: memmove, as warpstep's memcpy */
		memcpy(p, st, 0);
		memset(st + 90, 7, 0);
		s += p[0] + p[n - 1] * 3 + p[n / 2] * 7 + st[5];
		free(p);
		if (i % 37 == 0) {
			snprintf(msg, sizeof msg, "<%d:%lld>", i, s);
			printf("%s %d\n", msg, (int)strlen(msg));
		}
		if (mode == 4 && i == 123) {
			printf("exit at %d\n", i);
			exit(3);
		}
	}
	int *h = (int *)malloc(64 * sizeof(int)), *d;
	cudaMalloc(&d, 64 * sizeof(int));
	for (int r = 0; r < 5; r++) {
		for (int i = 0; i < 64; i++)
			h[i] = i * r;
		cudaMemcpy(d, h, 64 * sizeof(int), cudaMemcpyHostToDevice);
		inc<<<2, 32>>>(d, 64);
		cudaMemcpy(h, d, 64 * sizeof(int), cudaMemcpyDeviceToHost);
		for (int i = 0; i < 64; i++)
			s += h[i];
	}
	printf("%lld\n", s);
	if (mode == 1) {
		char *q = (char *)malloc(10);
		free(q);
		free(q);
	} else if (mode == 2) {
		char *q = (char *)malloc(10);
		for (int i = 0; i < 4; i++)
			memset(q + i * 4, 1, 4);
		printf("%d\n", q[9]);
	} else if (mode == 3) {
		for (int i = 0; i < 3; i++)
			memcpy(d + i, h, 4);
	} else if (mode == 5) {
		char *q = (char *)malloc(10);
		memset(q, 2, 10);
		int t = 0;
		for (int i = 0; i < 3; i++) {
			t += q[i];
			if (i == 1)
				free(q);
		}
		printf("%d\n", t);
	}
	cudaFree(d);
	free(h);
	return (int)(s % 5);
}
