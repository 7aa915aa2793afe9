// litmus_hw.cu - hardware histograms of a few litmus tests (MP, MP+fence.cta
// across blocks, MP+fence.gpu, SB, LB, SB+fence.gpu) for docs/memory-model.md.
// Each launch runs K instances; instance i uses blocks 2i (T0) and 2i+1 (T1)
// and its own cache line for x and y. Build: nvcc -O2 -arch=sm_90 litmus_hw.cu
#include <cstdio>
#include <cstdlib>

#define K 8192
#define STRIDE 32 /* ints: 128 bytes */

enum { T_MP, T_MP_CTA, T_MP_GPU, T_SB, T_LB, T_SB_GPU, NT };
static const char *names[NT] = { "MP", "MP+fence.cta (different blocks)", "MP+fence.gpu", "SB", "LB",
				 "SB+fence.gpu" };

__device__ __forceinline__ void fence(int f)
{
	if (f == 1)
		__threadfence_block();
	else if (f == 2)
		__threadfence();
}

__global__ void litmus(volatile int *x, volatile int *y, int *r0, int *r1, int test)
{
	if (threadIdx.x != 0)
		return;
	int i = blockIdx.x >> 1, k = i * STRIDE, t1 = blockIdx.x & 1;
	int f = test == T_MP_CTA ? 1 : (test == T_MP_GPU || test == T_SB_GPU) ? 2 : 0;
	switch (test) {
	case T_MP: case T_MP_CTA: case T_MP_GPU:
		if (!t1) {
			x[k] = 1;
			fence(f);
			y[k] = 1;
		} else {
			int a = y[k];
			fence(f);
			int b = x[k];
			r0[i] = a;
			r1[i] = b;
		}
		break;
	case T_SB: case T_SB_GPU:
		if (!t1) {
			x[k] = 1;
			fence(f);
			r0[i] = y[k];
		} else {
			y[k] = 1;
			fence(f);
			r1[i] = x[k];
		}
		break;
	case T_LB:
		if (!t1) {
			int a = x[k];
			y[k] = 1;
			r0[i] = a;
		} else {
			int b = y[k];
			x[k] = 1;
			r1[i] = b;
		}
		break;
	}
}

int main(int argc, char **argv)
{
	int iters = argc > 1 ? atoi(argv[1]) : 1000;
	int *x, *y, *r0, *r1;
	static int h0[K], h1[K];
	cudaMalloc(&x, K * STRIDE * sizeof(int));
	cudaMalloc(&y, K * STRIDE * sizeof(int));
	cudaMalloc(&r0, K * sizeof(int));
	cudaMalloc(&r1, K * sizeof(int));
	for (int t = 0; t < NT; t++) {
		long long c[4] = { 0, 0, 0, 0 };
		for (int it = 0; it < iters; it++) {
			cudaMemset(x, 0, K * STRIDE * sizeof(int));
			cudaMemset(y, 0, K * STRIDE * sizeof(int));
			litmus<<<2 * K, 32>>>(x, y, r0, r1, t);
			cudaMemcpy(h0, r0, sizeof(h0), cudaMemcpyDeviceToHost);
			cudaMemcpy(h1, r1, sizeof(h1), cudaMemcpyDeviceToHost);
			for (int i = 0; i < K; i++)
				c[(h0[i] & 1) * 2 + (h1[i] & 1)]++;
		}
		printf("%-34s runs %lld: r0=0,r1=0 %lld | r0=0,r1=1 %lld | r0=1,r1=0 %lld | r0=1,r1=1 %lld\n",
		       names[t], (long long)iters * K, c[0], c[1], c[2], c[3]);
	}
	cudaError_t e = cudaGetLastError();
	printf("cuda: %s\n", cudaGetErrorString(e));
	return 0;
}
