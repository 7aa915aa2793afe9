#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;
// the copy lands at cg::wait: reading the destination before it sees the old bytes
__global__ void k(const int *in, int *out)
{
	__shared__ int s[64];
	cg::thread_block tb = cg::this_thread_block();
	s[tb.thread_rank()] = 0;
	s[tb.thread_rank() + 32] = 0;
	tb.sync();
	cg::memcpy_async(tb, s, in, sizeof(int) * 64);
	int early = s[tb.thread_rank()];	//@async-copy-read-before-wait
	cg::wait(tb);
	out[tb.thread_rank()] = early + s[tb.thread_rank() + 32];
}
int main()
{
	int *in, *out;
	cudaMalloc(&in, 64 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(in, 1, 64 * sizeof(int));
	k<<<1, 32>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
