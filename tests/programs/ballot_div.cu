// __ballot_sync and printf inside if/else: each side votes with its own mask.
#include <stdio.h>

__global__ void k(void)
{
	__shared__ unsigned then_b, else_b;
	int lane = threadIdx.x;
	if (lane < 12) {
		unsigned b = __ballot_sync(0x00000fff, lane % 3 == 0);
		if (lane == 0)
			then_b = b;
	} else {
		unsigned b = __ballot_sync(0xfffff000, lane % 2 == 0);
		if (lane == 12)
			else_b = b;
	}
	__syncwarp();
	if (lane == 0)
		printf("then-side ballot %08x, else-side ballot %08x\n", then_b, else_b);
}

__global__ void k2(void)
{
	int lane = threadIdx.x;
	if ((unsigned)(lane - 8) < 16u) {
		unsigned m = __activemask();
		unsigned b = __ballot_sync(m, lane & 4);
		printf("lane %d mask %08x ballot %08x\n", lane, m, b);
	}
}

int main(void)
{
	k<<<1, 32>>>();
	cudaDeviceSynchronize();
	printf("--\n");
	k2<<<1, 32>>>();
	cudaDeviceSynchronize();
	return 0;
}
