// Litmus test MP+rel.gpu+acq.gpu (../shared/litmus/CATALOGUE.md).
// placement: T0 in block 0, T1 in block 1 (same GPU)
// Expected outcomes: MP_rel_acq_gpu.outcomes; run: warpstep explore --model relaxed MP_rel_acq_gpu.cu
#include <cstdio>
#include <cuda/atomic>

__device__ int x = 0, y = 0;
__device__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		cuda::atomic_ref<int, cuda::thread_scope_device> ry(y);
		ry.store(1, cuda::memory_order_release);
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		cuda::atomic_ref<int, cuda::thread_scope_device> ry(y);
		int r0 = ry.load(cuda::memory_order_acquire);
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	int h[2];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d\n", h[0], h[1]);
	return 0;
}
