// Branches on threadIdx.x against constants, every relation, signed and
// unsigned, constants inside, at the edges of and past each warp: in a
// one-dimensional block the fast path finds the taken lanes from the
// warp's index, without reading the compare's row (interp.c cmp_tid_k, the
// twenty-fifth session); a copy of threadIdx.x, a two-dimensional block
// (rows read as before), a block of 100 threads (a partial warp) and one of
// 1024; threadIdx.y, threadIdx.z, blockIdx.x and blockDim.x against
// constants, which are not threadIdx.x (decode.c tid_x_at once took every
// special register for it). Each block sums, per test, the thread indices
// plus one that take it.
#include <stdio.h>

#define NT 30

__device__ void tally(unsigned *out, int idx, unsigned t)
{
	atomicAdd(&out[blockIdx.x * NT + idx], t + 1);
}

__global__ void rel(unsigned *out)
{
	unsigned t = threadIdx.x;
	if (threadIdx.x < 1) tally(out, 0, t);
	if (threadIdx.x < 31) tally(out, 1, t);
	if (threadIdx.x < 32) tally(out, 2, t);
	if (threadIdx.x < 33) tally(out, 3, t);
	if (threadIdx.x <= 63) tally(out, 4, t);
	if (threadIdx.x <= 64) tally(out, 5, t);
	if (threadIdx.x > 95) tally(out, 6, t);
	if (threadIdx.x > 96) tally(out, 7, t);
	if (threadIdx.x >= 99) tally(out, 8, t);
	if (threadIdx.x >= 200) tally(out, 9, t);
	if (threadIdx.x == 0) tally(out, 10, t);
	if (threadIdx.x == 37) tally(out, 11, t);
	if (threadIdx.x == 255) tally(out, 12, t);
	if (threadIdx.x != 64) tally(out, 13, t);
	if (threadIdx.x != 5000) tally(out, 14, t);
	if (threadIdx.x < 0xffffffffu) tally(out, 15, t);
	if (threadIdx.x > 4000000000u) tally(out, 16, t);
	if (t < 47) tally(out, 17, t);
	if (t >= 160) tally(out, 18, t);
	if (t == 127) tally(out, 19, t);
	if ((int)threadIdx.x < -1) tally(out, 20, t);
	if ((int)threadIdx.x > -5) tally(out, 21, t);
	if ((int)threadIdx.x <= 70) tally(out, 22, t);
	if (40 > threadIdx.x) tally(out, 23, t);
	if (1000 <= threadIdx.x) tally(out, 24, t);
	if (threadIdx.x < 1024) tally(out, 25, t);
	// other registers of the kind, never taken for threadIdx.x
	if (threadIdx.y == 0) tally(out, 26, t);
	if (blockIdx.x < 1) tally(out, 27, t);
	if (threadIdx.z != 0) tally(out, 28, t);
	if (blockDim.x > 100) tally(out, 29, t);
}

// 32 x 4 blocks: threadIdx.x is not 32 i + lane there
__global__ void rel2d(unsigned *out)
{
	unsigned t = threadIdx.y * 32 + threadIdx.x;
	if (threadIdx.x < 1) tally(out, 0, t);
	if (threadIdx.x < 17) tally(out, 1, t);
	if (threadIdx.x <= 30) tally(out, 2, t);
	if (threadIdx.x > 15) tally(out, 3, t);
	if (threadIdx.x >= 31) tally(out, 4, t);
	if (threadIdx.x == 9) tally(out, 5, t);
	if (threadIdx.x != 9) tally(out, 6, t);
}

static void show(const char *name, const unsigned *h, int blocks, int nt)
{
	for (int b = 0; b < blocks; b++) {
		printf("%s block %d:", name, b);
		for (int i = 0; i < nt; i++)
			printf(" %u", h[b * NT + i]);
		printf("\n");
	}
}

int main(void)
{
	unsigned *d, h[4 * NT];
	cudaMalloc(&d, sizeof(h));
	int sizes[3] = { 256, 100, 1024 };
	for (int s = 0; s < 3; s++) {
		cudaMemset(d, 0, sizeof(h));
		rel<<<2, sizes[s]>>>(d);
		cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
		char name[32];
		snprintf(name, sizeof(name), "rel %d", sizes[s]);
		show(name, h, 2, NT);
	}
	cudaMemset(d, 0, sizeof(h));
	rel2d<<<3, dim3(32, 4)>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	show("rel2d", h, 3, 7);
	cudaFree(d);
	return 0;
}
