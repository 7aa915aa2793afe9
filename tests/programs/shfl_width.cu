// Shuffles with width 4, 8 and 16, negative and out-of-range source lanes (taken modulo width inside
// the lane's segment), shfl_up/down deltas larger than the width, and 4- and 8-byte types (unsigned,
// long long, unsigned long long, double).
#include <stdio.h>

__global__ void k(int *o)
{
	int l = threadIdx.x;
	int *r = o + 11 * l;
	r[0] = __shfl_sync(0xffffffff, l, 1, 4);
	r[1] = __shfl_sync(0xffffffff, l, -1, 8);
	r[2] = __shfl_sync(0xffffffff, l, 37, 16);
	r[3] = __shfl_sync(0xffffffff, l, -3);
	r[4] = __shfl_up_sync(0xffffffff, l, 3, 4);
	r[5] = __shfl_down_sync(0xffffffff, l, 5, 4);
	r[6] = __shfl_xor_sync(0xffffffff, l, 6, 4);
	unsigned u = 0x80000000u + l;
	r[7] = (int)(__shfl_down_sync(0xffffffff, u, 2, 8) - 0x80000000u);
	long long ll = (long long)l << 33;
	r[8] = (int)(__shfl_xor_sync(0xffffffff, ll, 1, 4) >> 33);
	unsigned long long ull = 0xfffffffff0000000ull + l;
	r[9] = (int)(__shfl_up_sync(0xffffffff, ull, 1, 16) - 0xfffffffff0000000ull);
	double d = l * 0.5;
	r[10] = (int)(__shfl_sync(0xffffffff, d, l + 2, 8) * 2.0);
}

int main(void)
{
	int *d, h[32 * 11];
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	const char *names[11] = {"idx 1 w4", "idx -1 w8", "idx 37 w16", "idx -3 w32", "up 3 w4", "down 5 w4", "xor 6 w4",
				 "uint down 2 w8", "ll xor 1 w4", "ull up 1 w16", "double idx l+2 w8"};
	for (int j = 0; j < 11; j++) {
		printf("%-18s", names[j]);
		for (int l = 0; l < 32; l++)
			printf(" %d", h[11 * l + j]);
		printf("\n");
	}
	return 0;
}
