// Distributed shared memory needs the cluster barrier between a write and
// another block's access: block rank 0 writes block rank 1's word while
// rank 1 reads it with no cluster.sync() between.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) k(int *out)
{
	__shared__ int s;
	cg::cluster_group cluster = cg::this_cluster();
	if (threadIdx.x == 0)
		s = 1;
	cluster.sync();
	if (cluster.block_rank() == 0 && threadIdx.x == 0)
		*cluster.map_shared_rank(&s, 1) = 7;
	if (cluster.block_rank() == 1 && threadIdx.x == 0)
		out[0] = s;
	cluster.sync();
}

int main()
{
	int *out;
	cudaMalloc(&out, sizeof(int));
	k<<<2, 32>>>(out);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
