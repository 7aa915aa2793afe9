// __reduce_add/min/max_sync on int and unsigned, __reduce_and/or/xor_sync, on a full and a partial mask.
#include <stdio.h>

__global__ void k(unsigned *out)
{
	int lane = threadIdx.x;
	int sv = (lane * 7) % 32 - 10;
	unsigned uv = 1u << (lane % 8);
	unsigned r[9];
	r[0] = __reduce_add_sync(0xffffffff, sv);
	r[1] = __reduce_min_sync(0xffffffff, sv);
	r[2] = __reduce_max_sync(0xffffffff, sv);
	r[3] = __reduce_add_sync(0xffffffff, (unsigned)lane);
	r[4] = __reduce_min_sync(0xffffffff, (unsigned)(lane + 5));
	r[5] = __reduce_max_sync(0xffffffff, (unsigned)(lane ^ 9));
	r[6] = __reduce_and_sync(0xffffffff, uv | 0x100u);
	r[7] = __reduce_or_sync(0xffffffff, uv);
	r[8] = __reduce_xor_sync(0xffffffff, (unsigned)lane);
	if (lane == 3)
		for (int i = 0; i < 9; i++)
			out[i] = r[i];
	if (lane < 16) {
		unsigned s = __reduce_add_sync(0x0000ffff, (unsigned)lane);
		if (lane == 0)
			out[9] = s;
	}
}

int main(void)
{
	unsigned h[10];
	unsigned *d;
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("add(int)=%d min(int)=%d max(int)=%d\n", (int)h[0], (int)h[1], (int)h[2]);
	printf("add(u)=%u min(u)=%u max(u)=%u\n", h[3], h[4], h[5]);
	printf("and=%08x or=%08x xor=%u\n", h[6], h[7], h[8]);
	printf("add over 16 lanes=%u\n", h[9]);
	return 0;
}
