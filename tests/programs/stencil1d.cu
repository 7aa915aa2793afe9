// 1D stencil of radius 3 with a shared-memory tile and halo cells.
#include <stdio.h>

#define RADIUS 3
#define BLOCK 64

__global__ void stencil(const int *in, int *out, int n)
{
	__shared__ int tile[BLOCK + 2 * RADIUS];
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int l = threadIdx.x + RADIUS;
	tile[l] = g < n ? in[g] : 0;
	if (threadIdx.x < RADIUS) {
		int left = g - RADIUS, right = g + BLOCK;
		tile[l - RADIUS] = left >= 0 && left < n ? in[left] : 0;
		tile[l + BLOCK] = right < n ? in[right] : 0;
	}
	__syncthreads();
	if (g < n) {
		int sum = 0;
		for (int k = -RADIUS; k <= RADIUS; k++)
			sum += tile[l + k];
		out[g] = sum;
	}
}

int main(void)
{
	const int n = 200;
	int in[200], out[200];
	for (int i = 0; i < n; i++)
		in[i] = i % 10;
	int *din, *dout;
	cudaMalloc(&din, sizeof in);
	cudaMalloc(&dout, sizeof out);
	cudaMemcpy(din, in, sizeof in, cudaMemcpyHostToDevice);
	stencil<<<(n + BLOCK - 1) / BLOCK, BLOCK>>>(din, dout, n);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	int bad = 0;
	for (int i = 0; i < n; i++) {
		int s = 0;
		for (int k = -RADIUS; k <= RADIUS; k++)
			if (i + k >= 0 && i + k < n)
				s += in[i + k];
		if (s != out[i])
			bad++;
	}
	printf("out[0]=%d out[1]=%d out[63]=%d out[64]=%d out[199]=%d bad=%d\n", out[0], out[1], out[63], out[64], out[199], bad);
	return 0;
}
