// Collectives whose lanes wait in different branches, with temporaries
// computed on both sides: run's register allocation lets a collective's
// registers share rows with other registers (engine/ir/regalloc.c), which
// is right only while nothing writes a waiting lane's slots. Each half of
// every warp computes its own temporaries, then both meet at a shuffle, a
// vote, a match and a reduction named by the full mask.
#include <stdio.h>

__global__ void meet(const int *in, int *out)
{
	int lane = threadIdx.x & 31;
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	int r, b;
	if (lane & 1) {
		int t1 = v * 3 + 1;
		int t2 = t1 ^ (v << 2);
		int t3 = t2 - lane;
		r = __shfl_xor_sync(0xffffffffu, t3, 1);
		b = (int)(__ballot_sync(0xffffffffu, t3 & 1) & 0xffffu);
	} else {
		int u1 = v * 7 - 5;
		int u2 = u1 + (v >> 1);
		int u3 = u2 * u1 + lane;
		int u4 = u3 ^ 0x55;
		r = __shfl_xor_sync(0xffffffffu, u4, 1);
		b = (int)(__ballot_sync(0xffffffffu, u4 & 1) >> 16);
	}
	int w = 0;
	if (lane < 16) {
		int s1 = r * 5 + b;
		w = __shfl_down_sync(0xffffu, s1, 3, 16);
	}
	unsigned m = __match_any_sync(0xffffffffu, v & 3);
	int sum = __reduce_add_sync(0xffffffffu, v);
	int any = __any_sync(0xffffffffu, r > 1000);
	out[blockIdx.x * blockDim.x + threadIdx.x] = r + b + w + (int)__popc(m) + sum + any;
}

int main(void)
{
	const int n = 256;
	int h[n], got[n];
	for (int i = 0; i < n; i++)
		h[i] = (i * 37 + 11) % 97 - 40;
	int *din, *dout;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	meet<<<2, 128>>>(din, dout);
	cudaMemcpy(got, dout, n * sizeof(int), cudaMemcpyDeviceToHost);
	long long check = 0;
	for (int i = 0; i < n; i++)
		check = check * 31 + got[i];
	for (int i = 0; i < 8; i++)
		printf("out[%d] = %d\n", i, got[i]);
	printf("checksum %lld\n", check);
	cudaFree(din);
	cudaFree(dout);
	return 0;
}
