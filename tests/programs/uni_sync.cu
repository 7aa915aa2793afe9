// __uni_sync(mask, pred): nonzero when pred is the same in every lane of mask; with a full and a
// partial mask.
#include <stdio.h>

__global__ void k(int *o)
{
	int l = threadIdx.x;
	o[l * 4 + 0] = __uni_sync(0xffffffff, 1) != 0;
	o[l * 4 + 1] = __uni_sync(0xffffffff, l < 16) != 0;
	o[l * 4 + 2] = __uni_sync(0xffffffff, l >= 0) != 0;
	if (l < 16)
		o[l * 4 + 3] = __uni_sync(0x0000ffff, l < 16) != 0;
	else
		o[l * 4 + 3] = __uni_sync(0xffff0000, l < 24) != 0;
}

int main(void)
{
	int *d, h[128];
	cudaMalloc(&d, sizeof h);
	k<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	for (int j = 0; j < 4; j++) {
		printf("case %d:", j);
		for (int l = 0; l < 32; l++)
			printf("%d", h[l * 4 + j]);
		printf("\n");
	}
	return 0;
}
