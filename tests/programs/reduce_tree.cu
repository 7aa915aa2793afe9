// Shared-memory tree reduction with interleaved addressing (the divergent first version),
// per-block partial sums, final sum on the host.
#include <stdio.h>

#define BLOCK 128

__global__ void reduce_interleaved(const int *in, int *partial, int n)
{
	__shared__ int s[BLOCK];
	unsigned tid = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	s[tid] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned stride = 1; stride < blockDim.x; stride *= 2) {
		if (tid % (2 * stride) == 0)
			s[tid] += s[tid + stride];
		__syncthreads();
	}
	if (tid == 0)
		partial[blockIdx.x] = s[0];
}

int main(void)
{
	const int n = 1000;
	int h[1000];
	for (int i = 0; i < n; i++)
		h[i] = (i * 7) % 11 - 5;
	int blocks = (n + BLOCK - 1) / BLOCK;
	int *din, *dpart;
	int part[8];
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dpart, blocks * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	reduce_interleaved<<<blocks, BLOCK>>>(din, dpart, n);
	cudaMemcpy(part, dpart, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	int total = 0;
	for (int b = 0; b < blocks; b++) {
		printf("block %d: %d\n", b, part[b]);
		total += part[b];
	}
	int want = 0;
	for (int i = 0; i < n; i++)
		want += h[i];
	printf("total %d (host %d)\n", total, want);
	return 0;
}
