#include <cstdio>
#include <cuda/barrier>
#include <utility>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
using barrier = cuda::barrier<cuda::thread_scope_block>;
__global__ void k(int *out)
{
	__shared__ barrier bar;
	auto tile = cg::tiled_partition<8>(cg::this_thread_block());
	if (threadIdx.x == 0)
		init(&bar, blockDim.x);
	__syncthreads();
	if (threadIdx.x >= 32)
		for (int j = 0; j < 20; j++)
			out[threadIdx.x] += j;
	barrier::arrival_token t = bar.arrive();
	bar.wait(std::move(t));
	out[threadIdx.x] += tile.thread_rank();
}
int main()
{
	int *d;
	cudaMalloc(&d, 64 * sizeof(int));
	cudaMemset(d, 0, 64 * sizeof(int));
	k<<<1, 64>>>(d);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
