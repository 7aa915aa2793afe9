#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cooperative_groups.h>
#include <cuda/barrier>
#include <cuda/pipeline>
// cuda::aligned_size_t<16> promises 16-byte aligned pointers: in + 1 is not
__global__ void k(const int *in, int *out)
{
	__shared__ __align__(16) int s[64];
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	auto block = cooperative_groups::this_thread_block();
	if (block.thread_rank() == 0)
		init(&bar, block.size());
	block.sync();
	cuda::memcpy_async(block, s, in + 1, cuda::aligned_size_t<16>(sizeof(int) * 32), bar);	//@async-copy-misaligned
	bar.arrive_and_wait();
	out[block.thread_rank()] = s[block.thread_rank()];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 64 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 0, 64 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
