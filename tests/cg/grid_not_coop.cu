// this_grid().sync() in a kernel launched with <<<...>>>: the blocks need
// not be co-resident, so the grid barrier is invalid.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
	cg::grid_group g = cg::this_grid();
	out[g.thread_rank()] = g.is_valid();
	g.sync();
}
int main()
{
	int *d;
	cudaMalloc(&d, 128 * sizeof(int));
	k<<<2, 64>>>(d);
	printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
	return 0;
}
