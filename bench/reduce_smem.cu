// bench: reduce_smem, 2^20 ints, shared-memory tree + __syncthreads, 256 threads per block,
// per-block partial sums added on the host. Argument "0" skips the launch (baseline);
// a second argument is the log2 of the element count (8 to 26, default 20).
#include <stdio.h>
#include <stdlib.h>

#define BLOCK 256

__global__ void reduce_smem(const int *in, int *partial, int n)
{
	__shared__ int s[BLOCK];
	unsigned t = threadIdx.x;
	unsigned i = blockIdx.x * blockDim.x + t;
	s[t] = i < n ? in[i] : 0;
	__syncthreads();
	for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncthreads();
	}
	if (t == 0)
		partial[blockIdx.x] = s[0];
}

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	int lg = argc > 2 ? atoi(argv[2]) : 20;
	if (lg < 8 || lg > 26) {
		fprintf(stderr, "reduce_smem: size %s out of range, want the log2 of the element count, 8 to 26\n", argv[2]);
		return 2;
	}
	const int n = 1 << lg, blocks = n / BLOCK;
	int *h = (int *)malloc(n * sizeof(int)), *part = (int *)malloc(blocks * sizeof(int));
	long long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = (i * 7) % 101 - 50;
		want += h[i];
	}
	int *din, *dpart;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dpart, blocks * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(dpart, 0, blocks * sizeof(int));
	if (run)
		reduce_smem<<<blocks, BLOCK>>>(din, dpart, n);
	cudaMemcpy(part, dpart, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	long long sum = 0;
	for (int b = 0; b < blocks; b++)
		sum += part[b];
	if (!run) {
		printf("reduce_smem skipped\n");
		return 0;
	}
	printf("reduce_smem checksum %lld %s\n", sum, sum == want ? "ok" : "FAIL");
	return sum != want;
}
