// Tree reductions whose `if (t < k)` compares the thread index: warps whose
// lanes all fail it pass whole rounds in the barrier's hop (interp.c
// bar_sweep), which reads the shared thread index row where the compare's
// register is threadIdx.x (decode.c cbrtid) and the warp's own row
// otherwise: threadIdx.x itself, a copy of it, a copy that one block in two
// reverses (written twice: never the shared row), threadIdx.y in 2-D blocks,
// and a block of 200 threads with a partial warp.
#include <stdio.h>

#define N 256

__global__ void tree_copy(const int *in, int *out)
{
	__shared__ int s[N];
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * blockDim.x + t];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k] * 3 + 1;
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

__global__ void tree_direct(const int *in, int *out)
{
	__shared__ int s[N];
	s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (threadIdx.x < k)
			s[threadIdx.x] = s[threadIdx.x] * 2 - s[threadIdx.x + k];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = s[0];
}

__global__ void tree_reversed(const int *in, int *out)
{
	__shared__ int s[N];
	unsigned t = threadIdx.x;
	if (blockIdx.x & 1)
		t = blockDim.x - 1 - t;
	s[t] = in[blockIdx.x * blockDim.x + threadIdx.x];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k] ^ (int)k;
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

// blocks of 32 x 8: threadIdx.y picks the row, warps are rows
__global__ void tree_rows(const int *in, int *out)
{
	__shared__ int s[8][32];
	unsigned x = threadIdx.x, y = threadIdx.y;
	s[y][x] = in[blockIdx.x * 256 + y * 32 + x];
	__syncthreads();
	for (unsigned k = 4; k > 0; k >>= 1) {
		if (y < k)
			s[y][x] += s[y + k][x] * 5;
		__syncthreads();
	}
	if (y == 0)
		out[blockIdx.x * 32 + x] = s[0][x];
}

// 200 threads: the last warp is partial
__global__ void tree_partial(const int *in, int *out)
{
	__shared__ int s[N];
	unsigned t = threadIdx.x;
	s[t] = in[blockIdx.x * 200 + t];
	__syncthreads();
	for (unsigned k = 128; k > 0; k >>= 1) {
		if (t < k && t + k < 200)
			s[t] += s[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = s[0];
}

static long long sum_of(const int *v, int n)
{
	long long c = 0;
	for (int i = 0; i < n; i++)
		c = c * 131 + v[i];
	return c;
}

int main(void)
{
	const int blocks = 24, n = blocks * N;
	int *h = (int *)malloc(n * sizeof(int)), *got = (int *)malloc(n * sizeof(int));
	for (int i = 0; i < n; i++)
		h[i] = (i * 29 + 7) % 113 - 56;
	int *din, *dout;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dout, n * sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);

	cudaMemset(dout, 0, n * sizeof(int));
	tree_copy<<<blocks, N>>>(din, dout);
	cudaMemcpy(got, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	printf("copy of threadIdx.x: block 0 %d, block 5 %d, all %lld\n", got[0], got[5], sum_of(got, blocks));

	tree_direct<<<blocks, N>>>(din, dout);
	cudaMemcpy(got, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	printf("threadIdx.x: block 0 %d, block 5 %d, all %lld\n", got[0], got[5], sum_of(got, blocks));

	tree_reversed<<<blocks, N>>>(din, dout);
	cudaMemcpy(got, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	printf("reversed in odd blocks: block 0 %d, block 1 %d, all %lld\n", got[0], got[1], sum_of(got, blocks));

	tree_rows<<<blocks, dim3(32, 8)>>>(din, dout);
	cudaMemcpy(got, dout, blocks * 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("threadIdx.y rows: out[0] %d, out[33] %d, all %lld\n", got[0], got[33], sum_of(got, blocks * 32));

	tree_partial<<<blocks, 200>>>(din, dout);
	cudaMemcpy(got, dout, blocks * sizeof(int), cudaMemcpyDeviceToHost);
	printf("partial warp: block 0 %d, block 7 %d, all %lld\n", got[0], got[7], sum_of(got, blocks));

	cudaFree(din);
	cudaFree(dout);
	free(h);
	free(got);
	return 0;
}
