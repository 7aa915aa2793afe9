// deadlock.cu (a copy of tests/cg/bar_deadlock.cu for the interface tests)
// init() counts more threads than ever arrive: every thread waits for a
// phase that cannot complete (a deadlock, reported at the wait).
#include <cstdio>
#include <cuda/barrier>
#pragma nv_diag_suppress 20054
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x + 1);
	__syncthreads();
	bar.arrive_and_wait();
	out[threadIdx.x] = 1;
}
int main()
{
	int *d;
	cudaMalloc(&d, 64 * sizeof(int));
	k<<<1, 64>>>(d);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
