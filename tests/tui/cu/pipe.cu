#include <cstdio>
#include <cooperative_groups.h>
#include <cuda/pipeline>

__global__ void k(const int *in, int *out)
{
	__shared__ int buf[2][64];
	__shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
	auto block = cooperative_groups::this_thread_block();
	auto pipe = cuda::make_pipeline(block, &state);
	int t = block.thread_rank(), acc = 0;
	for (int b = 0; b < 2; b++) {
		pipe.producer_acquire();
		cuda::memcpy_async(block, buf[b], in + 64 * b, sizeof(int) * 64, pipe);
		pipe.producer_commit();
	}
	pipe.consumer_wait();
	acc += buf[0][t];
	pipe.consumer_release();
	pipe.consumer_wait();
	acc += buf[1][t];
	pipe.consumer_release();
	out[t] = acc;
}

int main()
{
	int h[128], *in, *out;
	for (int i = 0; i < 128; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 64>>>(in, out);
	cudaMemcpy(h, out, 64 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
