#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cuda/atomic>
__global__ void k(int *data, int *out)
{
	__shared__ int flag, ack;
	cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), a(ack);
	if (threadIdx.x == 0) {
		f.store(0, cuda::memory_order_relaxed);
		a.store(0, cuda::memory_order_relaxed);
	}
	__syncthreads();
	if (threadIdx.x == 0) {
		data[blockIdx.x] = 7 + (int)blockIdx.x;
		f.store(1, cuda::memory_order_relaxed);
		while (a.load(cuda::memory_order_relaxed) == 0)
			;
	} else if (threadIdx.x == 32) {
		while (f.load(cuda::memory_order_relaxed) == 0)
			;
		out[blockIdx.x] = data[blockIdx.x];	//@global-race
		a.store(1, cuda::memory_order_relaxed);
	}
}
int main()
{
	int *data, *out, h[2];
	cudaMalloc(&data, sizeof h);
	cudaMalloc(&out, sizeof h);
	k<<<2, 64>>>(data, out);
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
