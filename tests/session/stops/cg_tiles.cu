// cg_tiles.cu - cooperative-groups tiled partitions: a reduction per tile of 8.
#include <cstdio>

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void tiles(const int *in, int *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<8> tile = cg::tiled_partition<8>(block);
	int v = in[threadIdx.x];
	for (int off = tile.size() / 2; off > 0; off /= 2)
		v += tile.shfl_down(v, off);
	if (tile.thread_rank() == 0)
		out[threadIdx.x / 8] = v;
	tile.sync();
	if (tile.meta_group_rank() % 2)
		out[100 + threadIdx.x] = tile.thread_rank();
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
	tiles<<<1, 64>>>(in, out);
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
