// __shfl_up_sync / __shfl_down_sync: lanes whose source is outside the (sub)segment keep their own value.
#include <stdio.h>

__global__ void k(int *out)
{
	int lane = threadIdx.x;
	int v = lane + 1;
	out[0 * 32 + lane] = __shfl_up_sync(0xffffffff, v, 3);
	out[1 * 32 + lane] = __shfl_up_sync(0xffffffff, v, 2, 8);
	out[2 * 32 + lane] = __shfl_down_sync(0xffffffff, v, 5);
	out[3 * 32 + lane] = __shfl_down_sync(0xffffffff, v, 5, 16);
	out[4 * 32 + lane] = __shfl_down_sync(0xffffffff, v, 1, 8);
}

int main(void)
{
	int h[5 * 32];
	int *d;
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	const char *names[5] = {"up 3", "up 2 w8", "down 5", "down 5 w16", "down 1 w8"};
	for (int r = 0; r < 5; r++) {
		printf("%-10s:", names[r]);
		for (int l = 0; l < 32; l++)
			printf(" %d", h[r * 32 + l]);
		printf("\n");
	}
	return 0;
}
