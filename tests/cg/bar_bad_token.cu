// wait() with a token two phases old: neither the current nor the previous
// phase (the CUDA guide leaves it undefined).
#include <cstdio>
#include <cuda/barrier>
#include <utility>
#pragma nv_diag_suppress 20054
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	barrier::arrival_token old = bar.arrive();   /* phase 0 */
	__syncthreads();                             /* (each thread arrives once per phase) */
	bar.arrive_and_wait();                       /* phase 1 */
	bar.arrive_and_wait();                       /* phase 2 */
	bar.wait(std::move(old));                    /* the barrier is in phase 3 */
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
