// atomicAdd of one constant by whole warps and diverged groups (the histogram idiom
// atomicAdd(&bin[key], 1) as a statement: warpstep's F_CONST_ATOM), on shared and global
// words, many lanes on one word and on distinct ones, by int and unsigned, constants 1, 0,
// 7, -3 and 0xffffffff (wrapping); the same with the old value kept, a float add of a
// constant, and an atomicSub, atomicMax of a constant; a partial last warp (blockDim 80).
// Every result is compared with the CPU's.
#include <stdio.h>

#define NB 64
#define NT 80
#define BLOCKS 5
#define N (NT * BLOCKS)

__global__ void consts(const unsigned char *key, unsigned *gu, int *gi, unsigned *old, float *gf, int *gm)
{
	__shared__ unsigned su[NB];
	__shared__ int si[NB];
	int t = threadIdx.x, i = blockIdx.x * NT + t;
	for (int b = t; b < NB; b += NT) {
		su[b] = 0;
		si[b] = 0;
	}
	__syncthreads();
	unsigned k = key[i];
	atomicAdd(&su[k % NB], 1u);           // random bins, whole warps and the partial one
	atomicAdd(&si[k % 7], -3);             // many lanes on few words, negative
	if (t % 3 != 0)
		atomicAdd(&su[(k * 5) % NB], 7u); // a diverged group
	if (t & 1)
		atomicAdd(&si[t % NB], 0);       // adds nothing
	atomicAdd(&gu[k % NB], 0xffffffffu);   // wraps: subtracts one
	atomicAdd(&gu[NB + t % 32], 1u);       // distinct words (consecutive lanes)
	old[i] = atomicAdd(&gu[2 * NB + (k & 3)], 1u) < 0x80000000u; // the old value kept
	atomicAdd(&gf[k & 7], 1.0f);
	atomicSub(&gi[k % NB], 2);
	atomicMax(&gm[k & 15], 5);
	__syncthreads();
	for (int b = t; b < NB; b += NT) {
		atomicAdd(&gu[3 * NB + b], su[b]);
		atomicAdd(&gi[NB + b], si[b]);
	}
}

int main(void)
{
	static unsigned char key[N];
	unsigned x = 2463534242u;
	for (int i = 0; i < N; i++) {
		x ^= x << 13;
		x ^= x >> 17;
		x ^= x << 5;
		key[i] = (unsigned char)(x >> 8);
	}
	static unsigned wu[4 * NB], hu[4 * NB];
	static int wi[2 * NB], hi[2 * NB], wm[16], hm[16];
	static float wf[8], hf[8];
	static unsigned hold[N];
	for (int i = 0; i < N; i++) {
		unsigned k = key[i];
		int t = i % NT;
		wu[3 * NB + k % NB] += 1;
		wi[NB + k % 7] += -3;
		if (t % 3 != 0)
			wu[3 * NB + (k * 5) % NB] += 7;
		wu[k % NB] += 0xffffffffu;
		wu[NB + t % 32] += 1;
		wu[2 * NB + (k & 3)] += 1;
		wf[k & 7] += 1.0f;
		wi[k % NB] -= 2;
		if (wm[k & 15] < 5)
			wm[k & 15] = 5;
	}
	unsigned char *dk;
	unsigned *du, *dold;
	int *di, *dm;
	float *df;
	cudaMalloc(&dk, N);
	cudaMalloc(&du, sizeof hu);
	cudaMalloc(&di, sizeof hi);
	cudaMalloc(&dm, sizeof hm);
	cudaMalloc(&df, sizeof hf);
	cudaMalloc(&dold, sizeof hold);
	cudaMemcpy(dk, key, N, cudaMemcpyHostToDevice);
	cudaMemset(du, 0, sizeof hu);
	cudaMemset(di, 0, sizeof hi);
	cudaMemset(dm, 0, sizeof hm);
	cudaMemset(df, 0, sizeof hf);
	consts<<<BLOCKS, NT>>>(dk, du, di, dold, df, dm);
	cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost);
	cudaMemcpy(hm, dm, sizeof hm, cudaMemcpyDeviceToHost);
	cudaMemcpy(hf, df, sizeof hf, cudaMemcpyDeviceToHost);
	cudaMemcpy(hold, dold, sizeof hold, cudaMemcpyDeviceToHost);
	int bad = 0, olds = 0;
	unsigned long long sum = 0;
	for (int b = 0; b < 4 * NB; b++) {
		bad += hu[b] != wu[b];
		sum = sum * 31 + hu[b];
	}
	for (int b = 0; b < 2 * NB; b++) {
		bad += hi[b] != wi[b];
		sum = sum * 31 + (unsigned)hi[b];
	}
	for (int b = 0; b < 16; b++)
		bad += hm[b] != wm[b];
	for (int b = 0; b < 8; b++)
		bad += hf[b] != wf[b];
	for (int i = 0; i < N; i++)
		olds += hold[i];
	printf("atom_const: %d wrong; old values below 2^31: %d of %d; checksum %llu\n", bad, olds, N, sum);
	printf("shared bins: su[0]=%u su[63]=%u si[0]=%d si[6]=%d; gu[0]=%u gf[0]=%.1f gi[0]=%d gm[0]=%d\n",
	       hu[3 * NB], hu[4 * NB - 1], hi[NB], hi[NB + 6], hu[0], hf[0], hi[0], hm[0]);
	return bad != 0;
}
