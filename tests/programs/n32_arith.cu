// 32-bit arithmetic on values that wrap (INT_MIN, -1, 0xffffffff, negative values) in
// kernels whose rows warpstep's `run` keeps as 32-bit lanes (docs/PERFORMANCE.md, s20-n32):
// s32 and u32 add, sub, mul, and, or, xor, f32 arithmetic, indices computed in 32 bits and
// widened, s32 and u32 values widened to 64 bits; a partial last warp. Each result is
// checked on the host.
#include <cstdio>

__global__ void addk(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = (int)((unsigned)a[i] + (unsigned)b[i]);
}
__global__ void subk(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = (int)((unsigned)a[i] - (unsigned)b[i]);
}
__global__ void mulk(const unsigned *a, const unsigned *b, unsigned *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = (a[i] ^ 0xffffffffu) * b[i];
}
__global__ void bitk(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = (a[i] & b[i]) | (a[i] ^ 0x0ff00ff0);
}
__global__ void fk(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] * b[i];
}
__global__ void widek(const int *a, const unsigned *b, long long *c, unsigned long long *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		c[i] = (long long)a[i] * 3;
		d[i] = (unsigned long long)b[i] + 1;
	}
}
__global__ void idxk(const int *a, int *c, int n)
{
	unsigned t = threadIdx.x;
	unsigned j = blockIdx.x * blockDim.x + (t ^ 31u); // blockDim.x a multiple of 32
	if (j < (unsigned)n)
		c[j] = a[j] + 1;
}

int main()
{
	const int n = 1000 - 37;
	static int ia[1000], ib[1000], ic[1000];
	static unsigned ua[1000], ub[1000], uc[1000];
	static float fa[1000], fb[1000], fc[1000];
	static long long wc[1000];
	static unsigned long long wd[1000];
	for (int k = 0; k < 1000; k++) {
		ia[k] = k % 4 == 0 ? -k * 1000003 : k % 4 == 1 ? (int)(0x80000000u + (unsigned)k) : k % 4 == 2 ? -1 : 0x7fffffff - k;
		ib[k] = k % 3 == 0 ? -1 : k % 3 == 1 ? (int)0x80000000u : k * 7919;
		ua[k] = k % 2 ? 0xffffffffu - (unsigned)k : (unsigned)k * 2654435761u;
		ub[k] = (unsigned)k * 40503u + 0x80000000u;
		fa[k] = (float)(k % 97) * 0.5f - 20.0f;
		fb[k] = (float)(k % 13) * -0.75f;
	}
	int *dia, *dib, *dic;
	unsigned *dua, *dub, *duc;
	float *dfa, *dfb, *dfc;
	long long *dwc;
	unsigned long long *dwd;
	cudaMalloc(&dia, sizeof ia);
	cudaMalloc(&dib, sizeof ib);
	cudaMalloc(&dic, sizeof ic);
	cudaMalloc(&dua, sizeof ua);
	cudaMalloc(&dub, sizeof ub);
	cudaMalloc(&duc, sizeof uc);
	cudaMalloc(&dfa, sizeof fa);
	cudaMalloc(&dfb, sizeof fb);
	cudaMalloc(&dfc, sizeof fc);
	cudaMalloc(&dwc, sizeof wc);
	cudaMalloc(&dwd, sizeof wd);
	cudaMemcpy(dia, ia, sizeof ia, cudaMemcpyHostToDevice);
	cudaMemcpy(dib, ib, sizeof ib, cudaMemcpyHostToDevice);
	cudaMemcpy(dua, ua, sizeof ua, cudaMemcpyHostToDevice);
	cudaMemcpy(dub, ub, sizeof ub, cudaMemcpyHostToDevice);
	cudaMemcpy(dfa, fa, sizeof fa, cudaMemcpyHostToDevice);
	cudaMemcpy(dfb, fb, sizeof fb, cudaMemcpyHostToDevice);
	const char *names[7] = { "add.s32", "sub.s32", "mul.u32", "bits.s32", "mul.f32", "widen", "index" };
	for (int q = 0; q < 7; q++) {
		cudaMemset(dic, 0, sizeof ic);
		cudaMemset(duc, 0, sizeof uc);
		cudaMemset(dfc, 0, sizeof fc);
		cudaMemset(dwc, 0, sizeof wc);
		cudaMemset(dwd, 0, sizeof wd);
		switch (q) {
		case 0: addk<<<5, 200>>>(dia, dib, dic, n); break;
		case 1: subk<<<5, 200>>>(dia, dib, dic, n); break;
		case 2: mulk<<<5, 200>>>(dua, dub, duc, n); break;
		case 3: bitk<<<5, 200>>>(dia, dib, dic, n); break;
		case 4: fk<<<5, 200>>>(dfa, dfb, dfc, n); break;
		case 5: widek<<<5, 200>>>(dia, dub, dwc, dwd, n); break;
		default: idxk<<<4, 256>>>(dia, dic, n); break;
		}
		cudaMemcpy(ic, dic, sizeof ic, cudaMemcpyDeviceToHost);
		cudaMemcpy(uc, duc, sizeof uc, cudaMemcpyDeviceToHost);
		cudaMemcpy(fc, dfc, sizeof fc, cudaMemcpyDeviceToHost);
		cudaMemcpy(wc, dwc, sizeof wc, cudaMemcpyDeviceToHost);
		cudaMemcpy(wd, dwd, sizeof wd, cudaMemcpyDeviceToHost);
		int bad = 0;
		unsigned long long cs = 0;
		for (int k = 0; k < n; k++) {
			unsigned long long got, want;
			switch (q) {
			case 0: got = (unsigned)ic[k]; want = (unsigned)ia[k] + (unsigned)ib[k]; break;
			case 1: got = (unsigned)ic[k]; want = (unsigned)ia[k] - (unsigned)ib[k]; break;
			case 2: got = uc[k]; want = (unsigned)((ua[k] ^ 0xffffffffu) * ub[k]); break;
			case 3: got = (unsigned)ic[k]; want = (unsigned)((ia[k] & ib[k]) | (ia[k] ^ 0x0ff00ff0)); break;
			case 4: {
				float w = fa[k] * fb[k];
				got = (unsigned long long)(long long)(fc[k] * 8.0f);
				want = (unsigned long long)(long long)(w * 8.0f);
				break;
			}
			case 5:
				got = (unsigned long long)wc[k] ^ (wd[k] << 1);
				want = (unsigned long long)((long long)ia[k] * 3) ^ (((unsigned long long)ub[k] + 1) << 1);
				break;
			default: got = (unsigned)ic[k]; want = (unsigned)ia[k] + 1u; break;
			}
			bad += got != want;
			cs = cs * 1099511628211ull + got;
		}
		printf("%s: %s, %d wrong, checksum %016llx\n", names[q], bad ? "FAIL" : "ok", bad, cs);
	}
	return 0;
}
