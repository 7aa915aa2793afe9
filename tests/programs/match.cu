// __match_any_sync and __match_all_sync (with the predicate out-parameter), 32- and 64-bit values.
#include <stdio.h>

__global__ void k(unsigned *any_out, unsigned *all_out, int *pred_out)
{
	int lane = threadIdx.x;
	any_out[lane] = __match_any_sync(0xffffffff, lane % 4);
	any_out[32 + lane] = __match_any_sync(0xffffffff, (unsigned long long)(lane / 8) << 40);
	int pred;
	all_out[0 + lane] = __match_all_sync(0xffffffff, 42, &pred);
	pred_out[lane] = pred;
	all_out[32 + lane] = __match_all_sync(0xffffffff, lane < 31 ? 7 : 8, &pred);
	pred_out[32 + lane] = pred;
}

int main(void)
{
	unsigned any[64], all[64];
	int pred[64];
	unsigned *da, *dl;
	int *dp;
	cudaMalloc(&da, sizeof any);
	cudaMalloc(&dl, sizeof all);
	cudaMalloc(&dp, sizeof pred);
	k<<<1, 32>>>(da, dl, dp);
	cudaMemcpy(any, da, sizeof any, cudaMemcpyDeviceToHost);
	cudaMemcpy(all, dl, sizeof all, cudaMemcpyDeviceToHost);
	cudaMemcpy(pred, dp, sizeof pred, cudaMemcpyDeviceToHost);
	printf("match_any(lane%%4): %08x %08x %08x %08x\n", any[0], any[1], any[2], any[7]);
	printf("match_any(ull lane/8): %08x %08x %08x %08x\n", any[32], any[32 + 9], any[32 + 20], any[32 + 31]);
	printf("match_all(42): %08x pred %d\n", all[5], pred[5]);
	printf("match_all(mixed): %08x pred %d\n", all[32 + 5], pred[32 + 5]);
	return 0;
}
