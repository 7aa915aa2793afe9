// cuda::barrier: warp-specialized producer/consumer with two buffers and two
// barriers per buffer (the CUDA programming guide's pattern): warp 0
// produces into buffer i%2 once ready[i%2] completes, then arrives on
// filled[i%2]; the other warps wait on filled[i%2], consume, and arrive on
// ready[i%2] so that the buffer can be refilled.
#include <cstdio>
/* the CUDA guide does the same: a __shared__ cuda::barrier is initialized by init() */
#pragma nv_diag_suppress 20054
#include <cuda/barrier>
#include <utility>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

#define LEN 64

__device__ void producer(barrier ready[], barrier filled[], int *buffer, const int *in, int n, int lane)
{
	for (int i = 0; i < n / LEN; ++i) {
		ready[i % 2].arrive_and_wait();               /* buffer i%2 may be filled */
		for (int k = lane; k < LEN; k += 32)
			buffer[(i % 2) * LEN + k] = in[i * LEN + k];
		barrier::arrival_token token = filled[i % 2].arrive(); /* buffer i%2 is filled */
	}
}

__device__ void consumer(barrier ready[], barrier filled[], int *buffer, int *out, int n, int c)
{
	barrier::arrival_token token1 = ready[0].arrive();  /* buffer 0 is ready for the first fill */
	barrier::arrival_token token2 = ready[1].arrive();  /* buffer 1 too */
	int acc = 0;
	for (int i = 0; i < n / LEN; ++i) {
		filled[i % 2].arrive_and_wait();              /* wait for buffer i%2 to be filled */
		acc += buffer[(i % 2) * LEN + c] * (i + 1);   /* consume */
		barrier::arrival_token token = ready[i % 2].arrive(); /* buffer i%2 may be refilled */
	}
	out[blockIdx.x * LEN + c] = acc;
}

__global__ void prodcons(const int *in, int *out, int n)
{
	__shared__ int buffer[2 * LEN];
	__shared__ barrier bar[4];   /* ready[0], ready[1], filled[0], filled[1] */
	cg::thread_block block = cg::this_thread_block();
	if (block.thread_rank() < 4)
		init(bar + block.thread_rank(), block.size());
	block.sync();
	if (block.thread_rank() < warpSize)
		producer(bar, bar + 2, buffer, in + blockIdx.x * n, n, (int)block.thread_rank());
	else
		consumer(bar, bar + 2, buffer, out, n, (int)block.thread_rank() - warpSize);
}

int main()
{
	const int n = 8 * LEN, blocks = 2;
	int *hin = (int *)malloc(blocks * n * sizeof(int)), hout[blocks * LEN];
	for (int i = 0; i < blocks * n; i++)
		hin[i] = (i * 37) % 101;
	int *in, *out;
	cudaMalloc(&in, blocks * n * sizeof(int));
	cudaMalloc(&out, sizeof(hout));
	cudaMemcpy(in, hin, blocks * n * sizeof(int), cudaMemcpyHostToDevice);
	prodcons<<<blocks, 32 + LEN>>>(in, out, n);
	printf("%s\n", cudaGetErrorString(cudaMemcpy(hout, out, sizeof(hout), cudaMemcpyDeviceToHost)));
	/* the reference on the host */
	int bad = 0;
	long sum = 0;
	for (int b = 0; b < blocks; b++)
		for (int c = 0; c < LEN; c++) {
			int acc = 0;
			for (int i = 0; i < n / LEN; i++)
				acc += hin[b * n + i * LEN + c] * (i + 1);
			bad += acc != hout[b * LEN + c];
			sum += hout[b * LEN + c];
		}
	printf("out[0]=%d out[63]=%d out[64]=%d sum %ld mismatches %d\n", hout[0], hout[63], hout[64], sum, bad);
	free(hin);
	return 0;
}
