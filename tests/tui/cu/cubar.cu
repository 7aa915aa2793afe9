// cubar.cu - the lesson 10 kernel: cuda::barrier phases, a split
// arrive/wait, and arrive_and_drop (warp 1 leaves, warp 0 goes on).
#include <cstdio>
#include <cuda/barrier>
#include <utility>
using barrier = cuda::barrier<cuda::thread_scope_block>;

__global__ void phases(int *out)
{
	__shared__ barrier bar;
	__shared__ int buf[64];
	int t = threadIdx.x;
	if (t == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	buf[t] = t;
	barrier::arrival_token tok = bar.arrive();
	int mine = t * 10;
	bar.wait(std::move(tok));
	out[t] = buf[63 - t] + mine;
	if (t >= 32) {
		bar.arrive_and_drop();
		return;
	}
	bar.arrive_and_wait();
	buf[t] = -t;
	bar.arrive_and_wait();
	out[64 + t] = buf[31 - t];
}

int main(void)
{
	int *d, h[96];
	cudaMalloc(&d, sizeof(h));
	phases<<<1, 64>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	printf("out[0] = %d, out[64] = %d\n", h[0], h[64]);
	cudaFree(d);
	return 0;
}
