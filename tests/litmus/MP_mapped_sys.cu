// Litmus test MP, device writer, host reader, mapped (zero-copy) memory, sys-scope fences.
// placement: the kernel's thread 0 of block 0, and the host thread after the asynchronous launch;
// x, y in host memory from cudaHostAlloc(cudaHostAllocMapped), reached by the kernel through
// cudaHostGetDevicePointer.
// System scope includes the host: the fences are morally strong, forbidden.
// Expected outcomes: MP_mapped_sys.outcomes; run: warpstep explore --model relaxed MP_mapped_sys.cu
#include <cstdio>
#include <cuda/atomic>

__global__ void litmus(volatile int *m)
{
	if (blockIdx.x == 0 && threadIdx.x == 0) {
		m[0] = 1;
		__threadfence_system();
		m[1] = 1;
	}
}

int main()
{
	int *h, *d;
	cudaHostAlloc((void **)&h, 2 * sizeof(int), cudaHostAllocMapped);
	h[0] = h[1] = 0;
	cudaHostGetDevicePointer((void **)&d, h, 0);
	litmus<<<1, 1>>>(d);
	volatile int *m = h;
	int r0 = m[1];
	cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_system);
	int r1 = m[0];
	cudaDeviceSynchronize();
	printf("r0=%d r1=%d\n", r0, r1);
	cudaFreeHost(h);
	return 0;
}
