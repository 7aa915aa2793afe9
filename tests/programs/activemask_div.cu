// __activemask() inside divergent code: printf from inside a branch, and masks recorded in nested if/else.
#include <stdio.h>

__global__ void in_branch(void)
{
	int lane = threadIdx.x % 32;
	if (lane % 8 < 2)
		printf("lane %2d in branch, active %08x\n", lane, __activemask());
}

__global__ void nested(unsigned *masks)
{
	int lane = threadIdx.x;
	unsigned m;
	if (lane % 4 == 0) {
		if (lane < 16)
			m = __activemask();
		else
			m = __activemask();
	} else {
		m = __activemask();
	}
	masks[lane] = m;
}

__global__ void partial(unsigned *out)
{
	out[threadIdx.x] = __activemask();
}

int main(void)
{
	in_branch<<<1, 32>>>();
	cudaDeviceSynchronize();
	unsigned h[32];
	unsigned *d;
	cudaMalloc(&d, sizeof h);
	nested<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("lane 0: %08x, lane 16: %08x, lane 1: %08x, lane 31: %08x\n", h[0], h[16], h[1], h[31]);
	partial<<<1, 20>>>(d);
	cudaMemcpy(h, d, 20 * sizeof(unsigned), cudaMemcpyDeviceToHost);
	printf("20-thread block: %08x\n", h[7]);
	return 0;
}
