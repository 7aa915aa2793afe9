// A block whose threads have all exited no longer offers its shared memory:
// block rank 1 returns at once, rank 0 reads rank 1's word much later with
// no cluster.sync() keeping rank 1 alive: dsmem-invalid.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) k(int *out)
{
	__shared__ int s;
	cg::cluster_group cluster = cg::this_cluster();
	if (cluster.block_rank() == 1)
		return;
	int acc = 0;
	for (int i = 0; i < 200; i++)
		acc += i;
	s = acc;
	out[threadIdx.x] = *cluster.map_shared_rank(&s, 1);
}

int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<2, 32>>>(out);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
