// Litmus test MP+rel.cta+acq.cta, same block (extra) (../shared/litmus/CATALOGUE.md).
// placement: T0 and T1 in the same block, different warps
// Expected outcomes: MP_rel_acq_cta_same.outcomes; run: warpstep explore --model relaxed MP_rel_acq_cta_same.cu
#include <cstdio>
#include <cuda/atomic>

__device__ int x = 0, y = 0;
__device__ int r[2];

__global__ void litmus()
{
	if (threadIdx.x == 0) {
		x = 1;
		cuda::atomic_ref<int, cuda::thread_scope_block> ry(y);
		ry.store(1, cuda::memory_order_release);
	}
	if (threadIdx.x == 32) {
		cuda::atomic_ref<int, cuda::thread_scope_block> ry(y);
		int r0 = ry.load(cuda::memory_order_acquire);
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<1, 64>>>();
	cudaDeviceSynchronize();
	int h[2];
	cudaMemcpyFromSymbol(h, r, sizeof(h));
	printf("r0=%d r1=%d\n", h[0], h[1]);
	return 0;
}
