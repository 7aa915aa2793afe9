// __syncthreads_count, __syncthreads_and and __syncthreads_or over a block of 96 threads.
#include <stdio.h>

__global__ void votes(int *out)
{
	int t = threadIdx.x;
	int c1 = __syncthreads_count(t % 3 == 0);
	int c2 = __syncthreads_count(t < 70);
	int a1 = __syncthreads_and(t < 96);
	int a2 = __syncthreads_and(t != 50);
	int o1 = __syncthreads_or(t == 95);
	int o2 = __syncthreads_or(t > 200);
	if (t == 0) {
		out[0] = c1;
		out[1] = c2;
		out[2] = a1 != 0;
		out[3] = a2 != 0;
		out[4] = o1 != 0;
		out[5] = o2 != 0;
	}
	if (t == 77 && (c1 != 32 || c2 != 70))
		out[6] = 1;
}

int main(void)
{
	int h[7] = {0};
	int *d;
	cudaMalloc(&d, sizeof h);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	votes<<<1, 96>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("count(t%%3==0)=%d count(t<70)=%d\n", h[0], h[1]);
	printf("and(t<96)=%d and(t!=50)=%d\n", h[2], h[3]);
	printf("or(t==95)=%d or(t>200)=%d\n", h[4], h[5]);
	printf("thread 77 agrees: %s\n", h[6] ? "no" : "yes");
	return 0;
}
