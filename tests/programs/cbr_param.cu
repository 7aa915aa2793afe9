// Branches on a compare of each thread's value with a kernel's scalar
// parameter: the fast path compares the lanes with the parameter's first
// lane, as with a constant (decode.c cbrparam, DF_BUNI, the twenty-fifth
// session). Every relation, int and unsigned parameters (negative, zero,
// inside and past the grid), long long and float ones (compared lane by
// lane as before), a parameter the kernel writes, one of a struct passed by
// value, full warps, a diverged half and a partial block. Each block sums,
// per test, the thread indices plus one that take the branch.
#include <stdio.h>

#define NT 16

struct lim {
	int lo, hi;
};

__device__ void tally(unsigned *out, int idx, int t)
{
	atomicAdd(&out[blockIdx.x * NT + idx], (unsigned)t + 1);
}

__global__ void cmp(unsigned *out, int n, unsigned u, long long big, float f, int w, lim L)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned ui = (unsigned)i * 3u;
	if (i < n) tally(out, 0, i);
	if (i <= n) tally(out, 1, i);
	if (i > n) tally(out, 2, i);
	if (i >= n) tally(out, 3, i);
	if (i == n) tally(out, 4, i);
	if (i != n) tally(out, 5, i);
	if (ui < u) tally(out, 6, i);
	if (ui >= u) tally(out, 7, i);
	if ((long long)i * 1000000000LL < big) tally(out, 8, i);
	if ((float)i * 0.5f < f) tally(out, 9, i);
	w += i & 3;
	if (i < w) tally(out, 10, i);
	if (i > L.lo && i < L.hi) tally(out, 11, i);
	if (threadIdx.x & 16) { // a diverged half of each warp
		if (i < n) tally(out, 12, i);
		if (i >= n) tally(out, 13, i);
	}
	if (-i > n) tally(out, 14, i);
	if (i - 40 <= n) tally(out, 15, i);
}

int main(void)
{
	unsigned *d, h[4 * NT];
	cudaMalloc(&d, sizeof(h));
	struct { int blocks, threads, n; unsigned u; long long big; float f; int w; lim L; } runs[] = {
		{ 2, 128, 77, 200u, 90000000000LL, 40.25f, 50, { 10, 100 } },
		{ 2, 128, -5, 0u, -1LL, -3.0f, -7, { -1, 1 } },
		{ 3, 100, 250, 0xffffffffu, 1LL << 40, 1e9f, 1000, { 64, 65 } },
		{ 1, 256, 0, 384u, 0LL, 0.0f, 0, { 31, 96 } },
	};
	for (int r = 0; r < 4; r++) {
		cudaMemset(d, 0, sizeof(h));
		cmp<<<runs[r].blocks, runs[r].threads>>>(d, runs[r].n, runs[r].u, runs[r].big, runs[r].f, runs[r].w,
							 runs[r].L);
		cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
		for (int b = 0; b < runs[r].blocks; b++) {
			printf("run %d block %d:", r, b);
			for (int i = 0; i < NT; i++)
				printf(" %u", h[b * NT + i]);
			printf("\n");
		}
	}
	cudaFree(d);
	return 0;
}
