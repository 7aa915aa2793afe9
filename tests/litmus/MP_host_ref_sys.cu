// Litmus test MP, device release, host acquire, cuda::atomic_ref at system scope.
// placement: the kernel's thread 0 of block 0, and the host thread after the asynchronous launch (before cudaDeviceSynchronize); x, y managed
// st.release.sys and ld.acquire.sys are morally strong: the release synchronizes with the acquire.
// Expected outcomes: MP_host_ref_sys.outcomes; run: warpstep explore --model relaxed MP_host_ref_sys.cu
#include <cstdio>
#include <cuda/atomic>

__managed__ int x = 0, y = 0;
__managed__ int r[1];

__global__ void litmus()
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		x = 1;
		cuda::atomic_ref<int, cuda::thread_scope_system>(y).store(1, cuda::memory_order_release);
	}
}

int main()
{
	litmus<<<1, 1>>>();
	int r0 = cuda::atomic_ref<int, cuda::thread_scope_system>(y).load(cuda::memory_order_acquire);
	int r1 = x;
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r0, r1);
	return 0;
}
