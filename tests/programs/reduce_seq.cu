// Sequential-addressing reduction (stride halves each step), first add during load,
// dynamic block count; second pass reduces the partial sums with one block.
#include <stdio.h>

#define BLOCK 256

__global__ void reduce_seq(const float *in, float *out, int n)
{
	__shared__ float s[BLOCK];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * (blockDim.x * 2) + threadIdx.x;
	float v = 0.0f;
	if (i < n)
		v = in[i];
	if (i + blockDim.x < n)
		v += in[i + blockDim.x];
	s[tid] = v;
	__syncthreads();
	for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (tid < stride)
			s[tid] += s[tid + stride];
		__syncthreads();
	}
	if (tid == 0)
		out[blockIdx.x] = s[0];
}

int main(void)
{
	const int n = 10000;
	static float h[10000];
	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 10);
	float *din, *dpart, *dres;
	int blocks = (n + 2 * BLOCK - 1) / (2 * BLOCK);
	cudaMalloc(&din, n * sizeof(float));
	cudaMalloc(&dpart, blocks * sizeof(float));
	cudaMalloc(&dres, sizeof(float));
	cudaMemcpy(din, h, n * sizeof(float), cudaMemcpyHostToDevice);
	reduce_seq<<<blocks, BLOCK>>>(din, dpart, n);
	reduce_seq<<<1, BLOCK>>>(dpart, dres, blocks);
	float res;
	cudaMemcpy(&res, dres, sizeof(float), cudaMemcpyDeviceToHost);
	printf("blocks=%d sum=%.1f expected=%.1f\n", blocks, res, 45.0f * (n / 10));
	return 0;
}
