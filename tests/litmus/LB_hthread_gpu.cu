// Litmus test LB, device and hthread, device-scope fences.
// placement: the kernel's thread 0 of block 0, and a std::thread started after the asynchronous launch; x, y managed
// Device scope does not include the host: the fences are not morally strong, nothing is ordered.
// Expected outcomes: LB_hthread_gpu.outcomes; run: warpstep explore --model relaxed LB_hthread_gpu.cu
#include <cstdio>
#include <cuda/atomic>
#include <thread>

__managed__ volatile int x = 0, y = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		int r0 = x;
		__threadfence();
		y = 1;
		r[0] = r0;
	}
}

static int hr0[1];
static void host0()
{
	int r1 = y;
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
	x = 1;
	hr0[0] = r1;
}

int main()
{
	litmus<<<1, 1>>>();
	std::thread t0(host0);
	t0.join();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], hr0[0]);
	return 0;
}
