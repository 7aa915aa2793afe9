// cooperative_groups::memcpy_async (<cooperative_groups/memcpy_async.h>):
// the Programming Guide's example that streams a block's slice of global
// memory through a small shared buffer (memcpy_async, then cg::wait), a
// copy given as element counts (the smaller count is copied), and double
// buffering with cg::wait_prior<1>: the newest copy stays in flight while
// the previous one is used.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

#define PER_BLOCK 1024
#define IN_SHARED 128

__global__ void guide_kernel(const int *global_data, long long *sums)
{
	cg::thread_block tb = cg::this_thread_block();
	__shared__ int local_smem[IN_SHARED];
	size_t copy_count;
	size_t index = 0;
	long long acc = 0;
	const int *block_data = global_data + blockIdx.x * PER_BLOCK;
	while (index < PER_BLOCK) {
		cg::memcpy_async(tb, local_smem, IN_SHARED, block_data + index, PER_BLOCK - index);
		copy_count = PER_BLOCK - index < IN_SHARED ? PER_BLOCK - index : IN_SHARED;
		cg::wait(tb);
		/* work with local_smem: each thread sums a strided part */
		for (size_t i = tb.thread_rank(); i < copy_count; i += tb.size())
			acc += local_smem[i] * (long long)(index / IN_SHARED + 1);
		index += copy_count;
		tb.sync(); /* everyone is done with local_smem before the next copy */
	}
	atomicAdd((unsigned long long *)&sums[blockIdx.x], (unsigned long long)acc);
}

/* two buffers: copy chunk c+1 while summing chunk c */
__global__ void double_buffered(const float *in, float *out, int chunks)
{
	auto block = cg::this_thread_block();
	__shared__ float buf[2][64];
	float acc = 0.0f;
	cg::memcpy_async(block, buf[0], in, sizeof(float) * 64);
	for (int c = 0; c < chunks; c++) {
		if (c + 1 < chunks) {
			cg::memcpy_async(block, buf[(c + 1) & 1], in + (c + 1) * 64, sizeof(float) * 64);
			cg::wait_prior<1>(block); /* chunk c has landed; chunk c+1 may still be in flight */
		} else {
			cg::wait(block);
		}
		acc += buf[c & 1][block.thread_rank()] * (c + 1) + buf[c & 1][63 - block.thread_rank()];
		block.sync();
	}
	out[block.thread_rank()] = acc;
}

int main()
{
	const int blocks = 3;
	int *h = new int[blocks * PER_BLOCK], *d;
	long long hs[blocks], *ds;
	for (int i = 0; i < blocks * PER_BLOCK; i++)
		h[i] = (i * 37) % 101 - 50;
	cudaMalloc(&d, sizeof(int) * blocks * PER_BLOCK);
	cudaMalloc(&ds, sizeof(hs));
	cudaMemset(ds, 0, sizeof(hs));
	cudaMemcpy(d, h, sizeof(int) * blocks * PER_BLOCK, cudaMemcpyHostToDevice);
	guide_kernel<<<blocks, 96>>>(d, ds);
	cudaMemcpy(hs, ds, sizeof(hs), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++) {
		long long want = 0;
		for (int i = 0; i < PER_BLOCK; i++)
			want += h[b * PER_BLOCK + i] * (long long)(i / IN_SHARED + 1);
		printf("block %d: weighted sum %lld (host %lld)\n", b, hs[b], want);
	}

	const int chunks = 5;
	float hin[chunks * 64], hout[64], *din, *dout;
	for (int i = 0; i < chunks * 64; i++)
		hin[i] = (float)(i % 17) * 0.5f;
	cudaMalloc(&din, sizeof(hin));
	cudaMalloc(&dout, sizeof(hout));
	cudaMemcpy(din, hin, sizeof(hin), cudaMemcpyHostToDevice);
	double_buffered<<<1, 64>>>(din, dout, chunks);
	cudaMemcpy(hout, dout, sizeof(hout), cudaMemcpyDeviceToHost);
	for (int t = 0; t < 64; t += 21)
		printf("thread %d: %.1f\n", t, hout[t]);
	printf("status: %s\n", cudaGetErrorString(cudaGetLastError()));
	cudaFree(d);
	cudaFree(ds);
	cudaFree(din);
	cudaFree(dout);
	delete[] h;
	return 0;
}
