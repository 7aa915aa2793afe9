#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void put(int *a)
{
	a[threadIdx.x] = threadIdx.x;
	a[threadIdx.x] += 1;
}
__global__ void get(const int *a, int *out)
{
	out[blockIdx.x * 32 + threadIdx.x] = a[threadIdx.x] + a[5];
}
__global__ void phases(int *a, int *b, int n)
{
	cg::grid_group grid = cg::this_grid();
	int i = (int)grid.thread_rank();
	a[i] = i;
	a[i] += 1;
	grid.sync();
	b[i] = a[(i + 64) % n];
	if (blockIdx.x == 3 && threadIdx.x < 32)
		a[i - 128] = 0;	//@global-race
}
int main()
{
	int *a, *b, h[256], n = 256;
	cudaMalloc(&a, 256 * sizeof(int));
	cudaMalloc(&b, 256 * sizeof(int));
	put<<<1, 32>>>(a);
	get<<<8, 32>>>(a, b);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[127]);
	void *args[] = { &a, &b, &n };
	cudaLaunchCooperativeKernel((void *)phases, dim3(4), dim3(64), args, 0, 0);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[255]);
	return 0;
}
