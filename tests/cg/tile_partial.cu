// A tile collective that only half of the tile reaches: the other members
// have exited, as with __shfl_down_sync and a mask naming exited lanes.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
	cg::thread_block_tile<8> t = cg::tiled_partition<8>(cg::this_thread_block());
	int v = threadIdx.x;
	if (t.thread_rank() >= 4)
		return;
	v += t.shfl_down(v, 1);
	out[threadIdx.x] = v;
}
int main()
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	k<<<1, 32>>>(d);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
