// Cooperative groups: cg::reduce with cg::plus, cg::less, cg::greater,
// cg::bit_xor over tiles of 8 and 32 and over a coalesced group;
// cg::inclusive_scan and cg::exclusive_scan. The host prints the results.
#include <cstdio>
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;

__global__ void rs(int *out)
{
	cg::thread_block block = cg::this_thread_block();
	unsigned t = block.thread_rank();
	int v = (int)((t * 37) % 23);
	cg::thread_block_tile<32> w = cg::tiled_partition<32>(block);
	cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(block);
	int *o = out + t * 8;
	o[0] = cg::reduce(w, v, cg::plus<int>());
	o[1] = cg::reduce(t8, v, cg::less<int>());
	o[2] = cg::reduce(t8, v, cg::greater<int>());
	o[3] = cg::reduce(w, v, cg::bit_xor<int>());
	o[4] = cg::inclusive_scan(t8, v);
	o[5] = cg::exclusive_scan(w, v, cg::plus<int>());
	if (t % 3 == 1) {
		cg::coalesced_group c = cg::coalesced_threads();
		o[6] = cg::reduce(c, v, cg::plus<int>());
		o[7] = cg::inclusive_scan(c, 1);
	}
}

int main()
{
	int *d, h[64 * 8];
	cudaMalloc(&d, sizeof(h));
	cudaMemset(d, 0, sizeof(h));
	rs<<<1, 64>>>(d);
	printf("%s\n", cudaGetErrorString(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost)));
	for (int t = 0; t < 64; t += 7) {
		int *o = h + t * 8;
		printf("t%d: sum32 %d min8 %d max8 %d xor32 %d incl8 %d excl32 %d coalesced sum %d rank+1 %d\n",
		       t, o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7]);
	}
	return 0;
}
