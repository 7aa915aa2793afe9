// Litmus test RWC+fence.sys with the host.
// placement: device threads in their own blocks, the last thread is the host
// The last thread is the host (after the asynchronous launch): __threadfence_system() on the device and a
// system-scope fence on the host are morally strong: forbidden.
// Expected outcomes: RWC_host_sys.outcomes; run: warpstep explore --model relaxed RWC_host_sys.cu
#include <cstdio>
#include <cuda/atomic>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = x;
		__threadfence_system();
		int r1 = y;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	y = 1;
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
	int r2 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d r2=%d\n", r[0], r[1], r2);
	return 0;
}
