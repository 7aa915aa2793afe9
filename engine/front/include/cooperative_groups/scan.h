/* cooperative_groups/scan.h - warpstep built-in header: cg::inclusive_scan
 * and cg::exclusive_scan over a thread_block_tile or a coalesced_group
 * (Hillis-Steele with the group's shfl_up); without an operator they add.
 * exclusive_scan gives rank 0 a value-initialized T (0). */
#ifndef __WS_CG_SCAN
#define __WS_CG_SCAN
#include <cooperative_groups/reduce.h>
namespace cooperative_groups {
template<class TyGroup, class T, class Op> __device__ T inclusive_scan(const TyGroup &g, T val, Op op)
{
	unsigned int r = g.thread_rank(), n = g.size();
	for (unsigned int o = 1; o < n; o <<= 1) {
		T x = g.shfl_up(val, o);
		if (r >= o)
			val = op(x, val);
	}
	return val;
}
template<class TyGroup, class T> __device__ T inclusive_scan(const TyGroup &g, T val)
{
	return inclusive_scan(g, val, plus<T>());
}
template<class TyGroup, class T, class Op> __device__ T exclusive_scan(const TyGroup &g, T val, Op op)
{
	T incl = inclusive_scan(g, val, op);
	T prev = g.shfl_up(incl, 1);
	T zero = 0;
	return g.thread_rank() == 0 ? zero : prev;
}
template<class TyGroup, class T> __device__ T exclusive_scan(const TyGroup &g, T val)
{
	return exclusive_scan(g, val, plus<T>());
}
}
#endif
