#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cooperative_groups.h>
#include <cuda/pipeline>
// near miss: every read comes after the consumer_wait of its stage
__global__ void k(const int *in, int *out)
{
	__shared__ int s[2][32];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> st;
	auto block = cooperative_groups::this_thread_block();
	auto pipe = cuda::make_pipeline(block, &st);
	int acc = 0;
	for (int b = 0; b < 4; b++) {
		pipe.producer_acquire();
		cuda::memcpy_async(block, s[b % 2], in + 32 * b, sizeof(int) * 32, pipe);
		pipe.producer_commit();
		pipe.consumer_wait();
		acc += s[b % 2][31 - block.thread_rank()];
		pipe.consumer_release();
	}
	out[block.thread_rank()] = acc;
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 128 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 128 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
