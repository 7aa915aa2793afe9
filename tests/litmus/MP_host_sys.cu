// Litmus test MP, device writer, host reader, system-scope fences.
// placement: the kernel's thread 0 of block 0, and the host thread after the asynchronous launch (before cudaDeviceSynchronize); x, y managed
// System scope includes the host: the fences are morally strong and ordered (Fence-SC), forbidden.
// Expected outcomes: MP_host_sys.outcomes; run: warpstep explore --model relaxed MP_host_sys.cu
#include <cstdio>
#include <cuda/atomic>

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
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
	int r1 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r0, r1);
	return 0;
}
