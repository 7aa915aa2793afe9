/* cooperative_groups/reduce.h - warpstep built-in header: cg::reduce over a
 * thread_block_tile or a coalesced_group, and the function objects cg::plus,
 * cg::less, cg::greater, cg::bit_and, cg::bit_or, cg::bit_xor. Written with
 * the group's shuffles (so with its mask): a tree over ranks, then rank 0's
 * result broadcast; the order of operands keeps lower ranks on the left. */
#ifndef __WS_CG_REDUCE
#define __WS_CG_REDUCE
#include <cooperative_groups.h>
namespace cooperative_groups {
template<class T> struct plus { __device__ T operator()(T a, T b) const { return a + b; } };
template<class T> struct less { __device__ T operator()(T a, T b) const { return b < a ? b : a; } };
template<class T> struct greater { __device__ T operator()(T a, T b) const { return a < b ? b : a; } };
template<class T> struct bit_and { __device__ T operator()(T a, T b) const { return a & b; } };
template<class T> struct bit_or { __device__ T operator()(T a, T b) const { return a | b; } };
template<class T> struct bit_xor { __device__ T operator()(T a, T b) const { return a ^ b; } };
template<class TyGroup, class T, class Op> __device__ T reduce(const TyGroup &g, T val, Op op)
{
	unsigned int r = g.thread_rank(), n = g.size();
	for (unsigned int o = 1; o < n; o <<= 1) {
		T x = g.shfl_down(val, o);
		if (r + o < n)
			val = op(val, x);
	}
	return g.shfl(val, 0);
}
}
#endif
