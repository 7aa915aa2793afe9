// Warp-synchronous tree reduction made correct with __syncwarp between steps, and __syncwarp
// with a partial mask inside a branch.
#include <stdio.h>

__global__ void warp_reduce(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	int lane = t % 32;
	s[t] = in[t];
	__syncwarp();
	for (int off = 16; off > 0; off >>= 1) {
		int v = 0;
		if (lane < off)
			v = s[t + off];
		__syncwarp();
		if (lane < off)
			s[t] += v;
		__syncwarp();
	}
	if (lane == 0)
		out[t / 32] = s[t];
	if (lane < 8) {
		s[t] = lane * 2;
		__syncwarp(0xff);
		out[2 + t / 32 * 8 + lane] = s[t - lane + (lane + 1) % 8];
	}
}

int main(void)
{
	int in[64], out[18];
	for (int i = 0; i < 64; i++)
		in[i] = i + 1;
	int *din, *dout;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	warp_reduce<<<1, 64>>>(din, dout);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	printf("warp sums: %d %d\n", out[0], out[1]);
	printf("rotated:");
	for (int i = 2; i < 18; i++)
		printf(" %d", out[i]);
	printf("\n");
	return 0;
}
