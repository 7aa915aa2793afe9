// Histograms of bytes, each thread adding a constant at the word its byte indexes
// (atomicAdd(&h[data[i]], 1u) as a statement: warpstep's F_LDB_ATOM): unsigned bytes into
// shared and global bins, signed bytes around the middle of an array, constants 1, 3 and 0,
// int and unsigned bins, the byte used again after the add, bytes read from shared memory
// into bins of the same shared memory, a small shared array the bytes stay inside (the
// window test declines), and a partial last warp (blockDim 80). Every bin is compared with
// the CPU's.
#include <stdio.h>

#define NT 80
#define BLOCKS 6
#define N (NT * BLOCKS)

__global__ void bytes(const unsigned char *u, const signed char *s, const unsigned char *small,
		      unsigned *gbin, int *gint, unsigned *twice, unsigned *gsm)
{
	__shared__ unsigned su[256];
	__shared__ unsigned ss[256];
	__shared__ int si[256];
	__shared__ unsigned char sb[N];
	int t = threadIdx.x, i = blockIdx.x * NT + t;
	for (int b = t; b < 256; b += NT) {
		su[b] = 0;
		ss[b] = 0;
		si[b] = 0;
	}
	for (int b = t; b < N; b += NT)
		sb[b] = u[(b * 7) % N];
	__syncthreads();
	atomicAdd(&su[u[i]], 1u);          // shared, unsigned bytes
	unsigned *mid = &ss[128];
	atomicAdd(&mid[s[i]], 3u);         // signed bytes around the middle
	atomicAdd(&gbin[u[i]], 1u);        // global bins
	atomicAdd(&si[u[i]], (int)0xfffffffeu); // int bins, minus two
	atomicAdd(&su[sb[i]], 0u);         // bytes from shared memory, adding nothing
	atomicAdd(&ss[sb[(i * 5) % N]], 1u);
	unsigned char c = u[i];
	atomicAdd(&gbin[256 + c], 1u);
	twice[i] = c * 3u + 1u;            // the byte again after its add
	atomicAdd(&gsm[small[i]], 1u);     // bytes below 64 into an allocation of 64 words
	unsigned *hi = gbin + 1280;
	unsigned *at = &hi[u[(i * 3) % N]];
	atomicAdd(at, 2u);                  // the word's address used again after the add
	twice[N + i] = (unsigned)(at - gbin);
	__syncthreads();
	for (int b = t; b < 256; b += NT) {
		atomicAdd(&gbin[768 + b], su[b]);
		atomicAdd(&gbin[1024 + b], ss[b]);
		atomicAdd(&gint[b], si[b]);
	}
}

int main(void)
{
	static unsigned char u[N], small[N];
	static signed char s[N];
	unsigned x = 88172645u;
	for (int i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		u[i] = (unsigned char)(x >> 3);
		s[i] = (signed char)(x >> 11);
		small[i] = (unsigned char)((x >> 20) & 63);
	}
	static unsigned want[1536], got[1536], wtw[2 * N], tw[2 * N], wsm[64], gsm[64];
	static int wint[256], gi[256];
	unsigned char sb[N];
	for (int b = 0; b < N; b++)
		sb[b] = u[(b * 7) % N];
	for (int i = 0; i < N; i++) {
		want[768 + u[i]] += 1;
		want[1024 + 128 + s[i]] += 3;
		want[u[i]] += 1;
		wint[u[i]] -= 2;
		want[1024 + sb[(i * 5) % N]] += 1;
		want[256 + u[i]] += 1;
		wtw[i] = u[i] * 3u + 1u;
		wsm[small[i]] += 1;
		want[1280 + u[(i * 3) % N]] += 2;
		wtw[N + i] = 1280 + u[(i * 3) % N];
	}
	unsigned char *du, *dsmall;
	signed char *ds;
	unsigned *dbin, *dtw, *dsm;
	int *dint;
	cudaMalloc(&du, N);
	cudaMalloc(&ds, N);
	cudaMalloc(&dsmall, N);
	cudaMalloc(&dbin, sizeof got);
	cudaMalloc(&dint, sizeof gi);
	cudaMalloc(&dtw, sizeof tw);
	cudaMalloc(&dsm, sizeof gsm);
	cudaMemcpy(du, u, N, cudaMemcpyHostToDevice);
	cudaMemcpy(ds, s, N, cudaMemcpyHostToDevice);
	cudaMemcpy(dsmall, small, N, cudaMemcpyHostToDevice);
	cudaMemset(dbin, 0, sizeof got);
	cudaMemset(dint, 0, sizeof gi);
	cudaMemset(dsm, 0, sizeof gsm);
	bytes<<<BLOCKS, NT>>>(du, ds, dsmall, dbin, dint, dtw, dsm);
	cudaMemcpy(got, dbin, sizeof got, cudaMemcpyDeviceToHost);
	cudaMemcpy(gi, dint, sizeof gi, cudaMemcpyDeviceToHost);
	cudaMemcpy(tw, dtw, sizeof tw, cudaMemcpyDeviceToHost);
	cudaMemcpy(gsm, dsm, sizeof gsm, cudaMemcpyDeviceToHost);
	int bad = 0;
	unsigned long long sum = 0;
	for (int b = 0; b < 1536; b++) {
		bad += got[b] != want[b];
		sum = sum * 31 + got[b];
	}
	for (int b = 0; b < 256; b++) {
		bad += gi[b] != wint[b];
		sum = sum * 31 + (unsigned)gi[b];
	}
	for (int i = 0; i < 2 * N; i++)
		bad += tw[i] != wtw[i];
	for (int b = 0; b < 64; b++)
		bad += gsm[b] != wsm[b];
	printf("hist_bytes: %d wrong; checksum %llu\n", bad, sum);
	printf("su[0]=%u su[255]=%u ss[0]=%u gbin[0]=%u gint[0]=%d small[0]=%u\n", got[768], got[1023], got[1024],
	       got[0], gi[0], gsm[0]);
	return bad != 0;
}
