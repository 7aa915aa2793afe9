// Litmus test MP, device writer, hthread reader, system-scope fences.
// placement: the kernel's thread 0 of block 0, and a std::thread started after the asynchronous launch; x, y managed
// System scope includes the host: the fences are morally strong and ordered (Fence-SC), forbidden.
// Expected outcomes: MP_hthread_sys.outcomes; run: warpstep explore --model relaxed MP_hthread_sys.cu
#include <cstdio>
#include <cuda/atomic>
#include <thread>

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

static int hr0[2];
static void host0()
{
	int r0 = y;
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
	int r1 = x;
	hr0[0] = r0;
	hr0[1] = r1;
}

int main()
{
	litmus<<<1, 1>>>();
	std::thread t0(host0);
	t0.join();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", hr0[0], hr0[1]);
	return 0;
}
