// Cooperative groups: this_grid() under cudaLaunchCooperativeKernel: grid.sync()
// between two phases that read what other blocks wrote, thread_rank, size,
// num_blocks, is_valid; a cooperative launch too large to be co-resident fails
// with cudaErrorCooperativeLaunchTooLarge (720).
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
/* Two phases over the whole grid: every thread writes, the grid syncs, every
 * thread reads a value another block wrote. */
__global__ void shift(int *a, int *b, int n) {
	cg::grid_group grid = cg::this_grid();
	unsigned long long i = grid.thread_rank();
	a[i] = (int)i * 3;
	grid.sync();
	b[i] = a[(i + 37) % grid.size()];
	grid.sync();
	if (i == 0) {
		printf("valid %d size %llu blocks %llu rank %llu\n", (int)grid.is_valid(), grid.size(), grid.num_blocks(), grid.block_rank());
	}
}
int main() {
	const int blocks = 4, threads = 64, n = blocks * threads;
	int *a, *b, h[n];
	cudaMalloc(&a, n * sizeof(int));
	cudaMalloc(&b, n * sizeof(int));
	int nn = n;
	void *args[] = { &a, &b, &nn };
	cudaError_t e = cudaLaunchCooperativeKernel((void *)shift, dim3(blocks), dim3(threads), args, 0, 0);
	printf("launch: %s\n", cudaGetErrorString(e));
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	long sum = 0;
	for (int i = 0; i < n; i++) sum += h[i];
	printf("b[0]=%d b[255]=%d sum=%ld\n", h[0], h[255], sum);
	/* too many blocks to be co-resident: the launch fails */
	e = cudaLaunchCooperativeKernel((void *)shift, dim3(100000), dim3(1024), args, 0, 0);
	printf("huge launch: %d %s\n", (int)e, cudaGetErrorName(e));
	return 0;
}
