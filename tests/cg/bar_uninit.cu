// cuda::barrier used before init(): barrier-uninitialized at the arrive.
#include <cstdio>
#include <cuda/barrier>
#pragma nv_diag_suppress 20054
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	out[threadIdx.x] = threadIdx.x;
	bar.arrive_and_wait();     /* nobody called init(&bar, blockDim.x) */
}
int main()
{
	int *d;
	cudaMalloc(&d, 64 * sizeof(int));
	k<<<1, 64>>>(d);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
