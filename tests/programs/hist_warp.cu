// Byte, short and word loads of every shape by whole warps and by diverged groups
// (consecutive, broadcast, strided, scattered; signed and unsigned), and integer atomicAdd
// on shared and global memory by whole warps and groups: on consecutive words (old values
// kept and dropped, negative ones included) and with many lanes on few words (only the
// final words printed: which lane reads which old value there is the hardware's choice).
// Every result is compared with the CPU's; the sums are printed.
#include <stdio.h>

#define N 2048
#define ROUNDS 16
#define THREADS 64
#define BLOCKS 2
#define NT (THREADS * BLOCKS)

// the lanes of round r that take part, and where lane l reads (an element index)
__host__ __device__ unsigned round_mask(int r)
{
	const unsigned m[8] = { 0xffffffffu, 0xffff0000u, 0x0f0f0f0fu, 0x000000ffu,
				0x00000007u, 0x9b6e31d5u, 0x7ffffffeu, 0x80000001u };
	return m[(r + (r >> 2)) & 7]; // each shape under four of them
}

__host__ __device__ int round_off(int r, int lane, int w)
{
	int base = 37 * r + 64 * w;
	switch (r & 3) {
	case 0: return base + lane;                                 // consecutive
	case 1: return base;                                        // broadcast
	case 2: return base + 3 * lane;                             // strided
	default: return (int)(((unsigned)lane * 2654435761u >> 21) & 1023); // scattered
	}
}

__global__ void loads(const unsigned char *b, const short *h, const int *i, long long *out)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31, w = t >> 5;
	const signed char *sb = (const signed char *)b;
	const unsigned short *uh = (const unsigned short *)h;
	const unsigned *ui = (const unsigned *)i;
	long long acc[6] = { 0, 0, 0, 0, 0, 0 };
	for (int r = 0; r < ROUNDS; r++) {
		if (round_mask(r) >> lane & 1) {
			int o = round_off(r, lane, w);
			acc[0] += b[o] * (r + 1);
			acc[1] += sb[o + 1] * (r + 1);
			acc[2] += uh[o] * (r + 1);
			acc[3] += h[o + 1] * (r + 1);
			acc[4] += (long long)ui[o] * (r + 1);
			acc[5] += (long long)i[o + 1] * (r + 1);
		}
	}
	for (int k = 0; k < 6; k++)
		out[6 * t + k] = acc[k];
}

__global__ void adds(unsigned *g, int *gs, unsigned *old, long long *olds, unsigned *gfew, unsigned *sfinal)
{
	__shared__ unsigned s[THREADS + 32];
	__shared__ int ss[THREADS + 32];
	int t = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x & 31, wb = threadIdx.x >> 5;
	for (int k = threadIdx.x; k < THREADS + 32; k += blockDim.x) {
		s[k] = 1000u * k;
		ss[k] = -7 * k;
	}
	__syncthreads();
	for (int r = 0; r < ROUNDS; r++) {
		if (round_mask(r) >> lane & 1) {
			// consecutive words of this warp's own: the old values are the hardware's too
			int slot = (t >> 5) * ROUNDS * 32 + r * 32 + lane;
			old[slot] = atomicAdd(&g[slot], (unsigned)(lane * 3 + r));
			olds[slot] = atomicAdd(&gs[slot], lane % 3 == 0 ? -1000 - lane : lane); // sign-extended
			atomicAdd(&g[NT * ROUNDS + slot], (unsigned)r + 1); // old value dropped
			// shared, consecutive (a warp's own words: kept) and on few words (dropped)
			old[2 * NT * ROUNDS + slot] = atomicAdd(&s[wb * 32 + lane + (r & 1)], 1u + lane);
			atomicAdd(&ss[(lane * 7 + r) & 3], lane - 9);
			atomicAdd(&gfew[lane & 3], (unsigned)lane + 1);
		}
		__syncthreads();
	}
	for (int k = threadIdx.x; k < THREADS + 32; k += blockDim.x) {
		sfinal[blockIdx.x * 2 * (THREADS + 32) + k] = s[k];
		sfinal[blockIdx.x * 2 * (THREADS + 32) + THREADS + 32 + k] = (unsigned)ss[k];
	}
}

int main()
{
	static unsigned char hb[N];
	static short hh[N];
	static int hi[N];
	unsigned x = 12345;
	for (int k = 0; k < N; k++) {
		x = x * 1103515245u + 12345u;
		hb[k] = (unsigned char)(x >> 16);
		hh[k] = (short)(x >> 8);
		hi[k] = (int)(x ^ (x << 7));
	}
	unsigned char *db;
	short *dh;
	int *di;
	long long *dout;
	cudaMalloc(&db, N);
	cudaMalloc(&dh, N * sizeof(short));
	cudaMalloc(&di, N * sizeof(int));
	cudaMalloc(&dout, 6 * NT * sizeof(long long));
	cudaMemcpy(db, hb, N, cudaMemcpyHostToDevice);
	cudaMemcpy(dh, hh, N * sizeof(short), cudaMemcpyHostToDevice);
	cudaMemcpy(di, hi, N * sizeof(int), cudaMemcpyHostToDevice);
	loads<<<BLOCKS, THREADS>>>(db, dh, di, dout);
	static long long got[6 * NT];
	cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost);
	int wrong = 0;
	long long sum[6] = { 0, 0, 0, 0, 0, 0 };
	for (int t = 0; t < NT; t++) {
		int lane = t & 31, w = t >> 5;
		long long acc[6] = { 0, 0, 0, 0, 0, 0 };
		for (int r = 0; r < ROUNDS; r++)
			if (round_mask(r) >> lane & 1) {
				int o = round_off(r, lane, w);
				acc[0] += hb[o] * (r + 1);
				acc[1] += (signed char)hb[o + 1] * (r + 1);
				acc[2] += (unsigned short)hh[o] * (r + 1);
				acc[3] += hh[o + 1] * (r + 1);
				acc[4] += (long long)(unsigned)hi[o] * (r + 1);
				acc[5] += (long long)hi[o + 1] * (r + 1);
			}
		for (int k = 0; k < 6; k++) {
			wrong += got[6 * t + k] != acc[k];
			sum[k] += got[6 * t + k];
		}
	}
	printf("loads: %d wrong; u8 %lld s8 %lld u16 %lld s16 %lld u32 %lld s32 %lld\n", wrong, sum[0], sum[1],
	       sum[2], sum[3], sum[4], sum[5]);

	const int NG = 2 * NT * ROUNDS, NO = 3 * NT * ROUNDS, NS = BLOCKS * 2 * (THREADS + 32);
	unsigned *dg, *dold, *dfew, *dsf;
	int *dgs;
	long long *dolds;
	cudaMalloc(&dg, NG * sizeof(unsigned));
	cudaMalloc(&dgs, NT * ROUNDS * sizeof(int));
	cudaMalloc(&dold, NO * sizeof(unsigned));
	cudaMalloc(&dolds, NT * ROUNDS * sizeof(long long));
	cudaMalloc(&dfew, 4 * sizeof(unsigned));
	cudaMalloc(&dsf, NS * sizeof(unsigned));
	static unsigned hg[2 * NT * ROUNDS], hold[3 * NT * ROUNDS], hsf[BLOCKS * 2 * (THREADS + 32)];
	static int hgs[NT * ROUNDS];
	static long long holds[NT * ROUNDS];
	for (int k = 0; k < NG; k++)
		hg[k] = 5u * k;
	for (int k = 0; k < NT * ROUNDS; k++)
		hgs[k] = 3 * k - 700;
	cudaMemcpy(dg, hg, sizeof hg, cudaMemcpyHostToDevice);
	cudaMemcpy(dgs, hgs, sizeof hgs, cudaMemcpyHostToDevice);
	cudaMemset(dold, 0, sizeof hold);
	cudaMemset(dolds, 0, sizeof holds);
	cudaMemset(dfew, 0, 4 * sizeof(unsigned));
	adds<<<BLOCKS, THREADS>>>(dg, dgs, dold, dolds, dfew, dsf);
	static unsigned rg[2 * NT * ROUNDS];
	unsigned rfew[4];
	static int rgs[NT * ROUNDS];
	cudaMemcpy(rg, dg, sizeof rg, cudaMemcpyDeviceToHost);
	cudaMemcpy(rgs, dgs, sizeof rgs, cudaMemcpyDeviceToHost);
	cudaMemcpy(hold, dold, sizeof hold, cudaMemcpyDeviceToHost);
	cudaMemcpy(holds, dolds, sizeof holds, cudaMemcpyDeviceToHost);
	cudaMemcpy(rfew, dfew, sizeof rfew, cudaMemcpyDeviceToHost);
	cudaMemcpy(hsf, dsf, sizeof hsf, cudaMemcpyDeviceToHost);
	// the CPU's: every add on its own word, the few words' sums, shared words' finals
	int awrong = 0;
	unsigned efew[4] = { 0, 0, 0, 0 };
	long long osum = 0;
	static unsigned es[BLOCKS][THREADS + 32];
	static int ess[BLOCKS][THREADS + 32];
	for (int b = 0; b < BLOCKS; b++)
		for (int k = 0; k < THREADS + 32; k++) {
			es[b][k] = 1000u * k;
			ess[b][k] = -7 * k;
		}
	for (int r = 0; r < ROUNDS; r++)
		for (int t = 0; t < NT; t++) {
			int lane = t & 31, b = t / THREADS, wb = (t % THREADS) >> 5;
			int slot = (t >> 5) * ROUNDS * 32 + r * 32 + lane;
			if (!(round_mask(r) >> lane & 1)) {
				awrong += hold[slot] != 0 || holds[slot] != 0 || rg[slot] != hg[slot] ||
					  rgs[slot] != hgs[slot] || rg[NT * ROUNDS + slot] != hg[NT * ROUNDS + slot];
				continue;
			}
			awrong += hold[slot] != hg[slot] || holds[slot] != hgs[slot];
			awrong += rg[slot] != hg[slot] + (unsigned)(lane * 3 + r);
			awrong += rgs[slot] != hgs[slot] + (lane % 3 == 0 ? -1000 - lane : lane);
			awrong += rg[NT * ROUNDS + slot] != hg[NT * ROUNDS + slot] + (unsigned)r + 1;
			unsigned *sw = &es[b][wb * 32 + lane + (r & 1)];
			awrong += hold[2 * NT * ROUNDS + slot] != *sw;
			*sw += 1u + lane;
			ess[b][(lane * 7 + r) & 3] += lane - 9;
			efew[lane & 3] += (unsigned)lane + 1;
			osum += holds[slot] + (long long)hold[slot] + hold[2 * NT * ROUNDS + slot];
		}
	for (int b = 0; b < BLOCKS; b++)
		for (int k = 0; k < THREADS + 32; k++)
			awrong += hsf[b * 2 * (THREADS + 32) + k] != es[b][k] ||
				  (int)hsf[b * 2 * (THREADS + 32) + THREADS + 32 + k] != ess[b][k];
	for (int k = 0; k < 4; k++)
		awrong += rfew[k] != efew[k];
	printf("atomics: %d wrong; old values %lld; few %u %u %u %u; shared %u %d\n", awrong, osum, rfew[0],
	       rfew[1], rfew[2], rfew[3], hsf[33], (int)hsf[THREADS + 32 + 2]);
	return wrong + awrong != 0;
}
