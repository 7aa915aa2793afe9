// Every counted thread leaves with arrive_and_drop(); a later arrive finds
// the barrier's pending count already zero.
#include <cstdio>
#include <cuda/barrier>
#pragma nv_diag_suppress 20054
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	if (threadIdx.x == 0)
		init(&bar, 32);
	__syncthreads();
	bar.arrive_and_drop();
	__syncthreads();
	if (threadIdx.x == 3)
		barrier::arrival_token t = bar.arrive();   /* expected count is now 0 */
	out[threadIdx.x] = 1;
}
int main()
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	k<<<1, 32>>>(d);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
