// Litmus test MP, device writer, host reader, __threadfence_system and std::atomic_thread_fence.
// placement: the kernel's thread 0 of block 0, and the host thread after the asynchronous launch (before cudaDeviceSynchronize); x, y managed
// A host fence is a system-scope fence.sc: with __threadfence_system() the outcome is forbidden.
// Expected outcomes: MP_host_std_fence.outcomes; run: warpstep explore --model relaxed MP_host_std_fence.cu
#include <cstdio>
#include <cuda/atomic>
#include <atomic>

__managed__ volatile int x = 0, y = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence_system();
		y = 1;
	}
}

int main()
{
	litmus<<<1, 1>>>();
	int r0 = y;
	std::atomic_thread_fence(std::memory_order_seq_cst);
	int r1 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r0, r1);
	return 0;
}
