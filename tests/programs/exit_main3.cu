// main returns 3 after a kernel ran; the exit status is the program's.
#include <stdio.h>

__global__ void k(int *r)
{
	*r = 3;
}

int main(void)
{
	int *d, h = 0;
	cudaMalloc(&d, sizeof(int));
	k<<<1, 1>>>(d);
	cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("returning %d\n", h);
	return h;
}
