/* super.t: the shapes of a whole warp's 4-byte loads and stores that the fast
 * path copies as blocks (interp.c pair_load, pair_store): each half-warp on 16
 * consecutive words (a tile's row) or on one word (a broadcast), whose window
 * test is that of its first and last lanes, and every other shape lane by lane.
 * Rows and broadcasts that end exactly at the end of their shared array or
 * allocation, a shared array of exactly one row, halves that overlap, one half
 * on a row and the other on a word, negative ints (sign extension) and large
 * unsigned words (none). With an argument of 1, a row whose last lane reads one
 * word past the end of its allocation, which must still be reported. */
#include <cstdio>
#include <cstdlib>

__global__ void tiles(const int *g, const unsigned *gu, int n, int *out, unsigned *outu, int mode)
{
	__shared__ int s[16]; /* 64 bytes: one half-warp's row fills it */
	__shared__ int t[40];
	__shared__ int w[16];
	int l = threadIdx.x, h = l / 16, i = l % 16;
	s[i] = -1000 * (i + 1) + (int)blockIdx.x; /* both halves write the same value */
	t[l] = l * 3 - 50;
	if (l < 8)
		t[32 + l] = -7 * l - 1;
	__syncthreads();
	int a = s[i];                  /* rows ending at the array's end */
	int b = s[15];                 /* one word, the last */
	int idx = h ? 39 : 8 + i;
	int c = t[idx];                /* a row, then one word */
	int d = t[i + 4 * h];          /* halves that overlap */
	int e = g[n - 16 + i];         /* rows ending at the allocation's end */
	unsigned u = gu[n - 16 + i];   /* unsigned words at the top of the range */
	int f = g[n - 1];              /* one word, the allocation's last */
	int q = g[(l * 7) % n];        /* no shape: lane by lane */
	int x = mode ? g[n - 31 + l] : 0; /* mode 1: the last lane one past the end */
	w[i] = a + b;                  /* both halves store the same row */
	__syncthreads();
	int base = (blockIdx.x * 32 + l) * 8;
	out[base + 0] = a;
	out[base + 1] = b;
	out[base + 2] = c;
	out[base + 3] = d;
	out[base + 4] = e;
	out[base + 5] = f;
	out[base + 6] = q + x;
	out[base + 7] = w[15 - i];
	outu[blockIdx.x * 32 + l] = u;
}

int main(int argc, char **argv)
{
	int mode = argc > 1 ? atoi(argv[1]) : 0;
	const int n = 1000;
	static int hg[n], ho[2 * 32 * 8];
	static unsigned hu[n], hou[64];
	for (int i = 0; i < n; i++) {
		hg[i] = (i * 37) % 101 - 50;
		hu[i] = 0xf0000000u + (unsigned)i * 3u;
	}
	int *g, *out;
	unsigned *gu, *outu;
	cudaMalloc(&g, n * sizeof(int));
	cudaMalloc(&gu, n * sizeof(unsigned));
	cudaMalloc(&out, sizeof ho);
	cudaMalloc(&outu, sizeof hou);
	cudaMemcpy(g, hg, sizeof hg, cudaMemcpyHostToDevice);
	cudaMemcpy(gu, hu, sizeof hu, cudaMemcpyHostToDevice);
	tiles<<<2, 32>>>(g, gu, n, out, outu, mode);
	cudaError_t err = cudaDeviceSynchronize();
	printf("kernel: %s\n", cudaGetErrorString(err));
	cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
	cudaMemcpy(hou, outu, sizeof hou, cudaMemcpyDeviceToHost);
	for (int l = 0; l < 32; l += 15) {
		const int *r = &ho[(32 + l) * 8];
		printf("lane %d: %d %d %d %d %d %d %d %d %u\n", l, r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7],
		       hou[32 + l]);
	}
	unsigned long long hash = 0;
	for (int i = 0; i < 2 * 32 * 8; i++)
		hash = hash * 1000003u + (unsigned)ho[i];
	for (int i = 0; i < 64; i++)
		hash = hash * 31u + hou[i];
	printf("hash %llu\n", hash);
	return 0;
}
