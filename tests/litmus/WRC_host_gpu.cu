// Litmus test WRC+fence.gpu with the host.
// placement: device threads in their own blocks, the last thread is the host
// The last thread is the host: device-scope fences do not include the host, so the fences that would
// order it are not morally strong: allowed.
// Expected outcomes: WRC_host_gpu.outcomes; run: warpstep explore --model relaxed WRC_host_gpu.cu
#include <cstdio>
#include <cuda/atomic>

__managed__ volatile int x = 0, y = 0, z = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = x;
		__threadfence();
		y = 1;
		r[0] = r0;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	int r1 = y;
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
	int r2 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d r2=%d\n", r[0], r1, r2);
	return 0;
}
