// More arrivals than the barrier's pending count: arrive(update) beyond
// it, and an arrive after every thread dropped out (pending count zero).
#include <cstdio>
#include <cuda/barrier>
#pragma nv_diag_suppress 20054
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	if (threadIdx.x == 0)
		init(&bar, 4);
	__syncthreads();
	if (threadIdx.x == 0) {
		barrier::arrival_token t = bar.arrive(6);   /* only 4 pending */
		bar.wait(std::move(t));
	}
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
