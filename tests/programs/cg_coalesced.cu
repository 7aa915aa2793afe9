// Cooperative groups in divergent code: coalesced_threads() inside branches
// (rank-based shfl, shfl_up, shfl_down, ballot, any/all, match_any/match_all,
// sync), a warp-aggregated atomic increment, labeled_partition and
// binary_partition of a warp tile. The host prints the results.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

/* the classic warp-aggregated atomic: one atomicAdd per coalesced group */
__device__ int agg_inc(int *ctr)
{
	cg::coalesced_group g = cg::coalesced_threads();
	int prev = 0;
	if (g.thread_rank() == 0)
		prev = atomicAdd(ctr, (int)g.size());
	return g.shfl(prev, 0) + (int)g.thread_rank();
}

__global__ void coalesced(int *out, int *ctr, int *slots)
{
	unsigned t = threadIdx.x;
	int *o = out + t * 12;
	if (t % 3 == 0) {
		cg::coalesced_group a = cg::coalesced_threads();
		int r = (int)a.thread_rank();
		int pred;
		o[0] = (int)a.size();
		o[1] = r;
		o[2] = a.shfl(r * 10, 2);
		o[3] = a.shfl_down(r, 1);
		o[4] = a.shfl_up(r, 3);
		o[5] = (int)a.ballot(r & 1);
		o[6] = a.any(r == 4) * 10 + a.all(r < 100);
		o[7] = (int)a.match_any(r / 4);
		o[8] = (int)a.match_all(5, pred) + pred * 100000;
		a.sync();
		o[9] = (int)(a.meta_group_rank() * 10 + a.meta_group_size());
	} else {
		cg::coalesced_group b = cg::coalesced_threads();
		o[0] = (int)b.size();
		o[1] = (int)b.thread_rank();
		o[2] = b.shfl((int)t, 0);
	}
	/* odd threads take slots with one atomic per coalesced group */
	if (t & 1)
		slots[agg_inc(ctr)] = (int)t;

	cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
	cg::coalesced_group lp = cg::labeled_partition(w, (int)(t % 4));
	cg::coalesced_group bp = cg::binary_partition(w, (t & 8) != 0);
	o[10] = (int)(lp.size() * 10000 + lp.thread_rank() * 100 + lp.meta_group_rank() * 10 + lp.meta_group_size());
	o[11] = (int)(bp.size() * 10000 + bp.thread_rank() * 100 + bp.meta_group_rank() * 10 + bp.meta_group_size());
	int s = lp.shfl((int)t, 1);
	o[9] += s * 1000;
}

int main()
{
	const int n = 64;
	int *out, *ctr, *slots, h[n * 12], c, hs[n];
	cudaMalloc(&out, sizeof(h));
	cudaMalloc(&ctr, sizeof(int));
	cudaMalloc(&slots, sizeof(hs));
	cudaMemset(out, 0, sizeof(h));
	cudaMemset(ctr, 0, sizeof(int));
	cudaMemset(slots, 0xff, sizeof(hs));
	coalesced<<<1, n>>>(out, ctr, slots);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(&c, ctr, sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(hs, slots, sizeof(hs), cudaMemcpyDeviceToHost);
	printf("%s\n", cudaGetErrorString(cudaGetLastError()));
	for (int t = 0; t < n; t++) {
		int *o = h + t * 12;
		if (t % 3 == 0)
			printf("t%d: size %d rank %d shfl %d down %d up %d ballot %x any/all %d match_any %x match_all %x lp-shfl/meta %d lp %d bp %d\n",
			       t, o[0], o[1], o[2], o[3], o[4], o[5], o[6], o[7], o[8], o[9], o[10], o[11]);
		else if (t % 7 == 1)
			printf("t%d: size %d rank %d shfl %d lp-shfl %d lp %d bp %d\n", t, o[0], o[1], o[2], o[9], o[10], o[11]);
	}
	/* the slots: every odd thread exactly once, whatever the order */
	int seen = 0, ok = 1;
	for (int i = 0; i < c; i++) {
		if (hs[i] < 0 || !(hs[i] & 1))
			ok = 0;
		seen += hs[i];
	}
	printf("counter %d, slots sum %d (expected %d), ok %d\n", c, seen, 32 * 32, ok);
	return 0;
}
