// cg_dynamic_tiles.cu - cooperative-groups tiled_partition(block, 4) and a branch on the tile.
#include <cstdio>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void dt(const int *in, int *out)
{
	cg::thread_group g = cg::tiled_partition(cg::this_thread_block(), 4);
	int r = g.thread_rank();
	if (r == 0)
		out[threadIdx.x] = in[threadIdx.x];
	else
		out[threadIdx.x] = r;
	g.sync();
}

int main(void)
{
	int h[1024];
	int *in, *out;
	for (int i = 0; i < 1024; i++)
		h[i] = (i * 7 + 3) % 23;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(out, 0, sizeof(h));
	dt<<<1, 32>>>(in, out);
	cudaDeviceSynchronize();
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	long sum = 0;
	for (int i = 0; i < 1024; i++)
		sum += (long)h[i] * (i + 1);
	printf("%ld\n", sum);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
