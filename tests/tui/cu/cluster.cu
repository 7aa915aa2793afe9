#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) k(int *out)
{
	__shared__ int s;
	cg::cluster_group cluster = cg::this_cluster();
	s = (int)cluster.block_rank();
	cluster.sync();
	out[blockIdx.x * 32 + threadIdx.x] = *cluster.map_shared_rank(&s, (cluster.block_rank() + 1) % 2);
	cluster.sync();
}

int main()
{
	int *out;
	cudaMalloc(&out, 4 * 32 * sizeof(int));
	k<<<4, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
