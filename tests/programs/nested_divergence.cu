// printf inside nested divergent branches: each line shows the lanes that executed it.
// Each launch prints from one side of the outer if only, so the output order does not depend
// on which side of a divergent branch runs first.
#include <stdio.h>

__global__ void k(int side)
{
	int lane = threadIdx.x;
	if (lane < 16) {
		if (lane % 4 == 1) {
			unsigned m = __activemask();
			if (side == 0)
				printf("A lane %2d mask %08x\n", lane, m);
		}
	} else {
		unsigned outer = __activemask();
		if (lane >= 28) {
			unsigned inner = __activemask();
			if (side == 1)
				printf("B lane %2d outer %08x inner %08x\n", lane, outer, inner);
		}
	}
}

__global__ void k2(void)
{
	int lane = threadIdx.x;
	if (lane % 2 == 0)
		return;
	unsigned m = __activemask();
	unsigned b = __ballot_sync(m, lane % 3 == 0);
	if (lane > 24)
		printf("after return: lane %d mask %08x ballot %08x\n", lane, m, b);
}

int main(void)
{
	k<<<1, 32>>>(0);
	cudaDeviceSynchronize();
	k<<<1, 32>>>(1);
	cudaDeviceSynchronize();
	k2<<<1, 32>>>();
	cudaDeviceSynchronize();
	return 0;
}
