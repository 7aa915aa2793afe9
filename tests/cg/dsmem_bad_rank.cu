// map_shared_rank with a rank outside the cluster: dsmem-invalid.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void __cluster_dims__(2, 1, 1) k(int *out)
{
	__shared__ int s;
	cg::cluster_group cluster = cg::this_cluster();
	s = threadIdx.x;
	cluster.sync();
	int *p = cluster.map_shared_rank(&s, 2);
	out[threadIdx.x] = *p;
	cluster.sync();
}

int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<2, 32>>>(out);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
