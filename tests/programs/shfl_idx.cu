// __shfl_sync: broadcast, width 8 and 16 segments, source lane taken modulo width.
#include <stdio.h>

__global__ void k(int *out)
{
	int lane = threadIdx.x;
	int v = lane * 10;
	out[0 * 32 + lane] = __shfl_sync(0xffffffff, v, 3);
	out[1 * 32 + lane] = __shfl_sync(0xffffffff, v, 2, 8);
	out[2 * 32 + lane] = __shfl_sync(0xffffffff, v, 13, 8);
	out[3 * 32 + lane] = __shfl_sync(0xffffffff, v, lane + 1, 16);
	out[4 * 32 + lane] = __shfl_sync(0xffffffff, v, 31 - lane);
	out[5 * 32 + lane] = __shfl_sync(0xffffffff, v, 40);
}

int main(void)
{
	int h[6 * 32];
	int *d;
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	const char *names[6] = {"src 3", "src 2 w8", "src 13 w8", "lane+1 w16", "31-lane", "src 40"};
	for (int r = 0; r < 6; r++) {
		printf("%-10s:", names[r]);
		for (int l = 0; l < 32; l++)
			printf(" %d", h[r * 32 + l]);
		printf("\n");
	}
	return 0;
}
