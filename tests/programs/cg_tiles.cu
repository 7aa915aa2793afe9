// Cooperative groups: this_thread_block() and its methods, static tiles of
// 4, 8, 16 and 32 threads (every thread_block_tile method), a dynamic tile,
// this_thread(). Results go to global memory; the host prints them.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define NT 96
#define NV 16

template<unsigned N> __device__ void tile_ops(cg::thread_block block, unsigned *o)
{
	cg::thread_block_tile<N> t = cg::tiled_partition<N>(block);
	unsigned r = t.thread_rank();
	int v = (int)r + 1, s = v;
	for (unsigned d = N / 2; d > 0; d /= 2)
		s += t.shfl_xor(s, d);                 /* butterfly: every rank gets the sum */
	int down = t.shfl_down(v, 1);              /* last rank keeps its own value */
	int up = t.shfl_up(v, 2);                  /* the first two keep theirs */
	int bc = t.shfl(v * 10, N - 1);            /* broadcast from the last rank */
	int pred;
	o[0] = N;
	o[1] = t.size() * 1000 + t.num_threads();
	o[2] = r;
	o[3] = t.meta_group_rank() * 100 + t.meta_group_size();
	o[4] = (unsigned)s;
	o[5] = (unsigned)(down * 1000 + up);
	o[6] = (unsigned)bc;
	o[7] = t.ballot(r % 3 == 0);
	o[8] = t.any(r == 1) * 10 + t.all(r < N);
	o[9] = t.all(r != 0);
	o[10] = t.match_any(r / 2);
	o[11] = t.match_all(7, pred);
	o[12] = (unsigned)pred;
	t.match_all(r, pred);
	o[13] = (unsigned)pred;
	t.sync();
	float f = t.shfl_down(0.5f * (float)r, 1);
	o[14] = (unsigned)(f * 2.0f);
}

__global__ void tiles(unsigned *out)
{
	cg::thread_block block = cg::this_thread_block();
	unsigned tr = block.thread_rank();
	unsigned *o = out + (size_t)tr * 5 * NV;
	dim3 gi = block.group_index(), ti = block.thread_index(), dt = block.dim_threads();
	if (tr == 0)
		out[NT * 5 * NV] = block.size() * 1000 + block.num_threads();
	if (tr == 50)
		out[NT * 5 * NV + 1] = gi.x * 10000 + ti.x * 100 + dt.x;
	block.sync();
	tile_ops<4>(block, o);
	tile_ops<8>(block, o + NV);
	tile_ops<16>(block, o + 2 * NV);
	tile_ops<32>(block, o + 3 * NV);
	/* a tile of a tile, and a dynamic tile */
	cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
	cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(w);
	cg::thread_group d = cg::tiled_partition(block, 16);
	o[4 * NV + 0] = t8.meta_group_rank() * 100 + t8.meta_group_size();
	o[4 * NV + 1] = (unsigned)(d.size() * 100 + d.thread_rank());
	d.sync();
	cg::thread_block_tile<1> me = cg::this_thread();
	o[4 * NV + 2] = me.size() * 10 + me.thread_rank();
	cg::sync(block);
}

int main()
{
	const int n = NT * 5 * NV + 2;
	unsigned *d, *h = (unsigned *)malloc(n * sizeof(unsigned));
	cudaMalloc(&d, n * sizeof(unsigned));
	cudaMemset(d, 0, n * sizeof(unsigned));
	tiles<<<1, NT>>>(d);
	cudaError_t e = cudaMemcpy(h, d, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	printf("%s\n", cudaGetErrorString(e));
	printf("block size/num_threads %u, index/thread/dim %u\n", h[NT * 5 * NV], h[NT * 5 * NV + 1]);
	int lanes[] = { 0, 1, 5, 7, 13, 31, 32, 45, 95 };
	for (int k = 0; k < 9; k++) {
		int t = lanes[k];
		for (int j = 0; j < 4; j++) {
			unsigned *o = h + (size_t)t * 5 * NV + j * NV;
			printf("t%d tile%u: size %u rank %u meta %u sum %u down/up %u bcast %u ballot %x any/all %u %u "
			       "match_any %x match_all %x/%u %u half %u\n", t, o[0], o[1], o[2], o[3], o[4], o[5], o[6],
			       o[7], o[8], o[9], o[10], o[11], o[12], o[13], o[14]);
		}
		unsigned *o = h + (size_t)t * 5 * NV + 4 * NV;
		printf("t%d t8-of-warp meta %u dyn %u this_thread %u\n", t, o[0], o[1], o[2]);
	}
	free(h);
	return 0;
}
