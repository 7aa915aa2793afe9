#include <stdio.h>

__global__ void sync_step(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t * 2;
	__syncthreads();
	int v = s[63 - t];
	out[blockIdx.x * 64 + t] = v;
}

int main(void)
{
	int *d, h[128];
	cudaMalloc(&d, sizeof(h));
	sync_step<<<2, 64>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0], h[63], h[64]);
	return 0;
}
