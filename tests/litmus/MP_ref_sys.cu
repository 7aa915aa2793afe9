// Litmus test MP+rel.sys+acq.sys with cuda::atomic_ref.
// placement: T0 in block 0, T1 in block 1 (same GPU)
// st.release.sys / ld.acquire.sys: the system scope includes both threads: forbidden.
// Expected outcomes: MP_ref_sys.outcomes; run: warpstep explore --model relaxed MP_ref_sys.cu
#include <cstdio>
#include <cuda/atomic>

__device__ int x = 0, y = 0;
__managed__ int r[2];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		cuda::atomic_ref<int, cuda::thread_scope_system>(y).store(1, cuda::memory_order_release);
	}
	if (blockIdx.x == 1 && threadIdx.x == 0) {
		int r0 = cuda::atomic_ref<int, cuda::thread_scope_system>(y).load(cuda::memory_order_acquire);
		int r1 = x;
		r[0] = r0;
		r[1] = r1;
	}
}

int main()
{
	litmus<<<2, 1>>>();
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r[0], r[1]);
	return 0;
}
