// narrow_loads: whole warps loading 1- and 2-byte elements (signed and unsigned char,
// short, unsigned short, bool) from global and shared memory, with negative values that
// must be sign-extended and large ones that must not; atomicAdd gathers the sums, so that
// tests/programs_fast.t runs it with --fast too (the fast path loads them in one pass).
#include <stdio.h>

#define N 256

__global__ void narrow(const signed char *sc, const unsigned char *uc, const short *ss,
		       const unsigned short *us, const bool *bs, long long *sum, int *neg)
{
	__shared__ short sh[N];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	sh[threadIdx.x] = ss[i];
	__syncthreads();
	int a = sc[i], b = uc[i], c = ss[i], d = us[i], e = bs[i];
	int f = sh[(threadIdx.x + 5) % blockDim.x];
	atomicAdd((unsigned long long *)&sum[0], (unsigned long long)(long long)a);
	atomicAdd((unsigned long long *)&sum[1], (unsigned long long)(long long)b);
	atomicAdd((unsigned long long *)&sum[2], (unsigned long long)(long long)c);
	atomicAdd((unsigned long long *)&sum[3], (unsigned long long)(long long)d);
	atomicAdd((unsigned long long *)&sum[4], (unsigned long long)(long long)e);
	atomicAdd((unsigned long long *)&sum[5], (unsigned long long)(long long)f);
	atomicAdd(neg, (a < 0) + (c < 0) + (f < 0));
}

int main(void)
{
	signed char hsc[N];
	unsigned char huc[N];
	short hss[N];
	unsigned short hus[N];
	bool hbs[N];
	for (int i = 0; i < N; i++) {
		hsc[i] = (signed char)(i * 37 - 128);
		huc[i] = (unsigned char)(i * 53 + 7);
		hss[i] = (short)(i * 2011 - 30000);
		hus[i] = (unsigned short)(i * 4099 + 12345);
		hbs[i] = (i % 3) == 0;
	}
	signed char *sc;
	unsigned char *uc;
	short *ss;
	unsigned short *us;
	bool *bs;
	long long *sum, hsum[6];
	int *neg, hneg;
	cudaMalloc(&sc, N);
	cudaMalloc(&uc, N);
	cudaMalloc(&ss, N * sizeof(short));
	cudaMalloc(&us, N * sizeof(short));
	cudaMalloc(&bs, N * sizeof(bool));
	cudaMalloc(&sum, sizeof(hsum));
	cudaMalloc(&neg, sizeof(int));
	cudaMemcpy(sc, hsc, N, cudaMemcpyHostToDevice);
	cudaMemcpy(uc, huc, N, cudaMemcpyHostToDevice);
	cudaMemcpy(ss, hss, N * sizeof(short), cudaMemcpyHostToDevice);
	cudaMemcpy(us, hus, N * sizeof(short), cudaMemcpyHostToDevice);
	cudaMemcpy(bs, hbs, N * sizeof(bool), cudaMemcpyHostToDevice);
	cudaMemset(sum, 0, sizeof(hsum));
	cudaMemset(neg, 0, sizeof(int));
	narrow<<<N / 64, 64>>>(sc, uc, ss, us, bs, sum, neg);
	cudaMemcpy(hsum, sum, sizeof(hsum), cudaMemcpyDeviceToHost);
	cudaMemcpy(&hneg, neg, sizeof(int), cudaMemcpyDeviceToHost);
	long long want[6] = { 0 };
	int wneg = 0;
	for (int i = 0; i < N; i++) {
		int f = hss[i / 64 * 64 + (i % 64 + 5) % 64];
		want[0] += hsc[i];
		want[1] += huc[i];
		want[2] += hss[i];
		want[3] += hus[i];
		want[4] += hbs[i];
		want[5] += f;
		wneg += (hsc[i] < 0) + (hss[i] < 0) + (f < 0);
	}
	const char *name[6] = { "signed char", "unsigned char", "short", "unsigned short", "bool", "shared short" };
	for (int k = 0; k < 6; k++)
		printf("%-14s sum %lld %s\n", name[k], hsum[k], hsum[k] == want[k] ? "ok" : "WRONG");
	printf("negative values %d %s\n", hneg, hneg == wneg ? "ok" : "WRONG");
	return 0;
}
