// __shfl_xor_sync: butterfly all-reduce over the warp and over 16-lane halves, pair swap.
#include <stdio.h>

__global__ void k(int *out)
{
	int lane = threadIdx.x;
	int v = lane * lane;
	int all = v;
	for (int m = 16; m > 0; m >>= 1)
		all += __shfl_xor_sync(0xffffffff, all, m);
	int half = v;
	for (int m = 8; m > 0; m >>= 1)
		half += __shfl_xor_sync(0xffffffff, half, m, 16);
	int mx = (lane * 7) % 32;
	for (int m = 1; m < 32; m <<= 1)
		mx = max(mx, __shfl_xor_sync(0xffffffff, mx, m));
	out[lane] = all;
	out[32 + lane] = half;
	out[64 + lane] = __shfl_xor_sync(0xffffffff, lane, 1);
	out[96 + lane] = mx;
}

int main(void)
{
	int h[128];
	int *d;
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	int same = 1;
	for (int l = 1; l < 32; l++)
		same &= h[l] == h[0] && h[96 + l] == h[96];
	printf("warp sum %d (all lanes agree: %d), max %d\n", h[0], same, h[96]);
	printf("half sums: lane 0 %d, lane 15 %d, lane 16 %d, lane 31 %d\n", h[32], h[47], h[48], h[63]);
	printf("pair swap:");
	for (int l = 0; l < 8; l++)
		printf(" %d", h[64 + l]);
	printf("\n");
	return 0;
}
