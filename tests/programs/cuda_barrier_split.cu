// cuda::barrier<cuda::thread_scope_block>: the CUDA guide's split arrive/wait
// pattern over several iterations (independent work between arrive() and
// wait(std::move(token))), arrive_and_wait(), and arrive_and_drop() by
// threads that leave early (the expected count shrinks for later phases).
#include <cstdio>
/* the CUDA guide does the same: a __shared__ cuda::barrier is initialized by init() */
#pragma nv_diag_suppress 20054
#include <cuda/barrier>
#include <utility>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;

__device__ int compute(int x) { return (x * 7 + 3) % 11; }

__global__ void split(int *out, int iters)
{
	__shared__ barrier bar;
	__shared__ int buf[2][128];
	auto block = cg::this_thread_block();
	unsigned t = block.thread_rank(), n = block.size();
	if (t == 0)
		init(&bar, n);
	block.sync();
	out += blockIdx.x * 2 * n;
	int acc = 0;
	for (int it = 0; it < iters; it++) {
		int *cur = buf[it & 1];
		cur[t] = (int)t * (it + 1);
		/* arrive: this thread's write is done; it need not wait yet */
		barrier::arrival_token token = bar.arrive();
		int local = compute((int)t + it);       /* independent work */
		bar.wait(std::move(token));             /* every write of this phase is visible */
		acc += cur[(t + 1) % n] + local;
	}
	out[t] = acc;
	/* threads 0..15 leave: later phases count only the others */
	if (t < 16) {
		bar.arrive_and_drop();
		return;
	}
	for (int it = 0; it < 3; it++) {
		buf[1][t] = (int)t + it;   /* buf[1] was last read before the final phase */
		bar.arrive_and_wait();
		out[n + t] += buf[1][t == n - 1 ? 16 : t + 1];
		bar.arrive_and_wait();
	}
}

int main()
{
	const int n = 128;
	int *d, h[4 * n];
	cudaMalloc(&d, sizeof(h));
	cudaMemset(d, 0, sizeof(h));
	split<<<2, n>>>(d, 5);
	cudaError_t e = cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%s\n", cudaGetErrorString(e));
	long s1 = 0, s2 = 0;
	for (int b = 0; b < 2; b++)
		for (int i = 0; i < n; i++) {
			s1 += h[2 * n * b + i];
			s2 += h[2 * n * b + n + i];
		}
	printf("out[0]=%d out[1]=%d out[127]=%d sum %ld\n", h[0], h[1], h[127], s1);
	printf("after drop: out[16]=%d out[127]=%d sum %ld\n", h[n + 16], h[n + 127], s2);
	return 0;
}
