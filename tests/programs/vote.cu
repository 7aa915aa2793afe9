// Warp votes: __all_sync, __any_sync, __ballot_sync on a full warp and on a partial last warp.
#include <stdio.h>

__global__ void votes(unsigned *out)
{
	int t = threadIdx.x;
	int lane = t % 32, warp = t / 32;
	unsigned mask = __activemask();
	int all_pos = __all_sync(mask, t >= 0);
	int all_small = __all_sync(mask, lane < 31);
	int any_big = __any_sync(mask, t == 39);
	unsigned odd = __ballot_sync(mask, lane & 1);
	unsigned mult3 = __ballot_sync(mask, t % 3 == 0);
	if (lane == 0) {
		unsigned *o = out + warp * 6;
		o[0] = mask;
		o[1] = all_pos;
		o[2] = all_small;
		o[3] = any_big;
		o[4] = odd;
		o[5] = mult3;
	}
}

int main(void)
{
	unsigned h[12];
	unsigned *d;
	cudaMalloc(&d, sizeof h);
	votes<<<1, 40>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int w = 0; w < 2; w++) {
		unsigned *o = h + w * 6;
		printf("warp %d: active=%08x all(t>=0)=%u all(lane<31)=%u any(t==39)=%u ballot(odd)=%08x ballot(t%%3==0)=%08x\n",
		       w, o[0], o[1], o[2], o[3], o[4], o[5]);
	}
	return 0;
}
