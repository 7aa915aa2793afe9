// exit(4) from a helper function: output printed before is kept, the rest of main never runs.
#include <stdio.h>
#include <stdlib.h>

__global__ void k(int *flag)
{
	if (threadIdx.x == 0)
		*flag = 4;
}

static void fail_if_set(int flag)
{
	if (flag) {
		printf("flag %d set, exiting\n", flag);
		exit(flag);
	}
}

int main(void)
{
	int *d, h = 0;
	cudaMalloc(&d, sizeof(int));
	cudaMemset(d, 0, sizeof(int));
	k<<<1, 32>>>(d);
	cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("before check\n");
	fail_if_set(h);
	printf("not reached\n");
	return 0;
}
