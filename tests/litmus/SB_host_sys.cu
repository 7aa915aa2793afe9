// Litmus test SB, device and host, system-scope fences.
// placement: the kernel's thread 0 of block 0, and the host thread after the asynchronous launch (before cudaDeviceSynchronize); x, y managed
// System scope includes the host: the fences are morally strong and ordered (Fence-SC), forbidden.
// Expected outcomes: SB_host_sys.outcomes; run: warpstep explore --model relaxed SB_host_sys.cu
#include <cstdio>
#include <cuda/atomic>

__managed__ volatile int x = 0, y = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		__threadfence_system();
		int r0 = y;
		r[0] = r0;
	}
}

int main()
{
	litmus<<<1, 1>>>();
	y = 1;
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
	int r1 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], r1);
	return 0;
}
