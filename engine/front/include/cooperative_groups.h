/* cooperative_groups.h - warpstep built-in header: cooperative groups.
 *
 * Every group operation is written with the warp intrinsics the real
 * header uses, with the group's member mask (a tile of N lanes:
 * ((1 << N) - 1) << (laneid & ~(N - 1)); a coalesced group: the lanes that
 * made it), so the masks, the participation rules and the findings are
 * those of __shfl_sync, __ballot_sync, __syncwarp ... A block syncs with
 * __syncthreads(); this_grid().sync() is the engine's grid barrier
 * (engine/machine/cg.c), valid under cudaLaunchCooperativeKernel only.
 *
 * All group types derive from thread_group (the front end has no
 * conversion from a class template to another class, but converts a
 * derived object to its base), which holds the kind, mask, size, rank and
 * meta-group rank/size; functions that take any group take a thread_group.
 * Tiles of 1, 2, 4, 8, 16 and 32 threads; larger tiles are not supported. */
#ifndef __WS_COOPERATIVE_GROUPS
#define __WS_COOPERATIVE_GROUPS
#include <cuda_runtime.h>

__device__ unsigned int __ws_laneid(void) __ws_builtin(__ws_laneid);
__device__ unsigned int __ws_lanemask_lt(void) __ws_builtin(__ws_lanemask_lt);
__device__ unsigned long long __ws_grid_arrive(void) __ws_builtin(__ws_grid_arrive);
__device__ void __ws_grid_wait(unsigned long long gen) __ws_builtin(__ws_grid_wait);
__device__ int __ws_grid_coop(void) __ws_builtin(__ws_grid_coop);
__device__ void __ws_cg_tile(unsigned int size) __ws_builtin(__ws_cg_tile);

namespace cooperative_groups {

enum { __ws_k_block = 1, __ws_k_grid = 2, __ws_k_tile = 3, __ws_k_coalesced = 4 };

/* lane of the member of rank r in mask (32 when there is none) */
static inline __device__ unsigned int __ws_lane_of(unsigned int mask, unsigned int r)
{
	unsigned int lane = 32, n = 0;
	for (unsigned int i = 0; i < 32; i++) {
		unsigned int b = (mask >> i) & 1u;
		lane = b && n == r ? i : lane;
		n += b;
	}
	return lane;
}
/* the bits of lane_bits that are in mask, renumbered by rank in mask */
static inline __device__ unsigned int __ws_pack(unsigned int mask, unsigned int lane_bits)
{
	unsigned int out = 0, n = 0;
	for (unsigned int i = 0; i < 32; i++) {
		if ((mask >> i) & 1u) {
			if ((lane_bits >> i) & 1u)
				out |= 1u << n;
			n++;
		}
	}
	return out;
}

class thread_group {
public:
	unsigned int __ws_kind, __ws_mask, __ws_size, __ws_rank, __ws_mrank, __ws_msize;
	__device__ unsigned long long size() const { return __ws_size; }
	__device__ unsigned long long num_threads() const { return __ws_size; }
	__device__ unsigned long long thread_rank() const { return __ws_rank; }
	__device__ unsigned int get_type() const { return __ws_kind; }
	__device__ void sync() const
	{
		if (__ws_kind == __ws_k_block)
			__syncthreads();
		else if (__ws_kind == __ws_k_grid)
			__ws_grid_wait(__ws_grid_arrive());
		else if (__ws_kind == 5) /* a cluster */
			__ws_cluster_wait(__ws_cluster_arrive());
		else
			__syncwarp(__ws_mask);
	}
};

class thread_block : public thread_group {
public:
	__device__ void sync() const { __syncthreads(); }
	__device__ unsigned int size() const { return blockDim.x * blockDim.y * blockDim.z; }
	__device__ unsigned int num_threads() const { return blockDim.x * blockDim.y * blockDim.z; }
	__device__ unsigned int thread_rank() const
	{
		return (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	}
	__device__ dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	__device__ dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
	__device__ dim3 dim_threads() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
	__device__ dim3 group_dim() const { return dim3(blockDim.x, blockDim.y, blockDim.z); }
};

static inline __device__ thread_block this_thread_block()
{
	thread_block b;
	b.__ws_kind = __ws_k_block;
	b.__ws_mask = 0xffffffffu;
	b.__ws_size = blockDim.x * blockDim.y * blockDim.z;
	b.__ws_rank = (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	b.__ws_mrank = 0;
	b.__ws_msize = 1;
	return b;
}

class grid_group : public thread_group {
public:
	__device__ bool is_valid() const { return __ws_grid_coop() != 0; }
	__device__ void sync() const { __ws_grid_wait(__ws_grid_arrive()); }
	__device__ unsigned long long num_blocks() const
	{
		return (unsigned long long)gridDim.x * gridDim.y * gridDim.z;
	}
	__device__ unsigned long long block_rank() const
	{
		return ((unsigned long long)blockIdx.z * gridDim.y + blockIdx.y) * gridDim.x + blockIdx.x;
	}
	__device__ unsigned long long size() const
	{
		return num_blocks() * (blockDim.x * blockDim.y * blockDim.z);
	}
	__device__ unsigned long long num_threads() const { return size(); }
	__device__ unsigned long long thread_rank() const
	{
		return block_rank() * (blockDim.x * blockDim.y * blockDim.z) +
		       (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	}
	__device__ dim3 dim_blocks() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
	__device__ dim3 block_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	__device__ dim3 group_dim() const { return dim3(gridDim.x, gridDim.y, gridDim.z); }
};

static inline __device__ grid_group this_grid()
{
	grid_group g;
	g.__ws_kind = __ws_k_grid;
	g.__ws_mask = 0xffffffffu;
	g.__ws_size = (unsigned int)g.size();
	g.__ws_rank = (unsigned int)g.thread_rank();
	g.__ws_mrank = 0;
	g.__ws_msize = 1;
	return g;
}

template<unsigned int N> class thread_block_tile : public thread_group {
public:
	__device__ void sync() const { __syncwarp(__ws_mask); }
	__device__ unsigned int size() const { return N; }
	__device__ unsigned int num_threads() const { return N; }
	__device__ unsigned int thread_rank() const { return __ws_laneid() & (N - 1); }
	__device__ unsigned int meta_group_rank() const { return __ws_mrank; }
	__device__ unsigned int meta_group_size() const { return __ws_msize; }
	template<class T> __device__ T shfl(T var, int srcRank) const
	{
		return __shfl_sync(__ws_mask, var, srcRank, N);
	}
	template<class T> __device__ T shfl_up(T var, unsigned int delta) const
	{
		return __shfl_up_sync(__ws_mask, var, delta, N);
	}
	template<class T> __device__ T shfl_down(T var, unsigned int delta) const
	{
		return __shfl_down_sync(__ws_mask, var, delta, N);
	}
	template<class T> __device__ T shfl_xor(T var, unsigned int laneMask) const
	{
		return __shfl_xor_sync(__ws_mask, var, laneMask, N);
	}
	/* votes and matches are computed over the whole set of lanes that
	 * execute together and restricted to the tile's mask afterwards: the
	 * result a tile member gets from PTX's vote/match with its own mask */
	__device__ int any(int predicate) const { return (__ballot_sync(__ws_mask, predicate) & __ws_mask) != 0; }
	__device__ int all(int predicate) const { return (__ballot_sync(__ws_mask, predicate) & __ws_mask) == __ws_mask; }
	__device__ unsigned int ballot(int predicate) const
	{
		return (__ballot_sync(__ws_mask, predicate) & __ws_mask) >> (__ws_laneid() & ~(N - 1));
	}
	template<class T> __device__ unsigned int match_any(T val) const
	{
		return (__match_any_sync(__ws_mask, val) & __ws_mask) >> (__ws_laneid() & ~(N - 1));
	}
	template<class T> __device__ unsigned int match_all(T val, int &pred) const
	{
		unsigned int m = __match_any_sync(__ws_mask, val) & __ws_mask;
		pred = m == __ws_mask;
		return pred ? __ws_mask >> (__ws_laneid() & ~(N - 1)) : 0;
	}
};

/* tiled_partition<N>(parent): the tiles of N consecutive ranks of a block
 * or of a bigger tile (warp-aligned: the lanes of one tile are contiguous) */
template<unsigned int N, class ParentT> __device__ thread_block_tile<N> tiled_partition(const ParentT &parent)
{
	thread_block_tile<N> t;
	unsigned int lane = __ws_laneid();
	t.__ws_kind = __ws_k_tile;
	t.__ws_mask = N >= 32 ? 0xffffffffu : ((1u << (N & 31)) - 1) << (lane & ~(N - 1));
	t.__ws_size = N;
	t.__ws_rank = lane & (N - 1);
	t.__ws_mrank = (unsigned int)(parent.thread_rank() / N);
	t.__ws_msize = (unsigned int)((parent.size() + N - 1) / N);
	__ws_cg_tile(N);
	return t;
}

/* this_thread(): the group of the calling thread alone */
static inline __device__ thread_block_tile<1> this_thread()
{
	thread_block_tile<1> t;
	t.__ws_kind = __ws_k_tile;
	t.__ws_mask = 1u << __ws_laneid();
	t.__ws_size = 1;
	t.__ws_rank = 0;
	t.__ws_mrank = 0;
	t.__ws_msize = 1;
	return t;
}

class coalesced_group : public thread_group {
public:
	__device__ void sync() const { __syncwarp(__ws_mask); }
	__device__ unsigned int size() const { return __ws_size; }
	__device__ unsigned int num_threads() const { return __ws_size; }
	__device__ unsigned int thread_rank() const { return __popc(__ws_mask & __ws_lanemask_lt()); }
	__device__ unsigned int meta_group_rank() const { return __ws_mrank; }
	__device__ unsigned int meta_group_size() const { return __ws_msize; }
	/* shuffles address members by rank, as the real header does */
	template<class T> __device__ T shfl(T var, int srcRank) const
	{
		unsigned int lane = __ws_size == 32 ? (unsigned int)srcRank : __ws_lane_of(__ws_mask, (unsigned int)srcRank);
		return __shfl_sync(__ws_mask, var, (int)lane, 32);
	}
	template<class T> __device__ T shfl_down(T var, unsigned int delta) const
	{
		if (__ws_size == 32)
			return __shfl_down_sync(0xffffffffu, var, delta, 32);
		unsigned int r = thread_rank() + delta;
		unsigned int lane = r < __ws_size ? __ws_lane_of(__ws_mask, r) : __ws_laneid();
		return __shfl_sync(__ws_mask, var, (int)lane, 32);
	}
	template<class T> __device__ T shfl_up(T var, unsigned int delta) const
	{
		if (__ws_size == 32)
			return __shfl_up_sync(0xffffffffu, var, delta, 32);
		unsigned int r = thread_rank();
		unsigned int lane = r >= delta ? __ws_lane_of(__ws_mask, r - delta) : __ws_laneid();
		return __shfl_sync(__ws_mask, var, (int)lane, 32);
	}
	__device__ int any(int predicate) const { return (__ballot_sync(__ws_mask, predicate) & __ws_mask) != 0; }
	__device__ int all(int predicate) const { return (__ballot_sync(__ws_mask, predicate) & __ws_mask) == __ws_mask; }
	__device__ unsigned int ballot(int predicate) const
	{
		return __ws_pack(__ws_mask, __ballot_sync(__ws_mask, predicate));
	}
	template<class T> __device__ unsigned int match_any(T val) const
	{
		return __ws_pack(__ws_mask, __match_any_sync(__ws_mask, val));
	}
	template<class T> __device__ unsigned int match_all(T val, int &pred) const
	{
		unsigned int m = __match_any_sync(__ws_mask, val) & __ws_mask;
		pred = m == __ws_mask;
		return pred ? __ws_pack(__ws_mask, __ws_mask) : 0;
	}
};

static inline __device__ coalesced_group __ws_coalesced(unsigned int mask, unsigned int mrank, unsigned int msize)
{
	coalesced_group g;
	g.__ws_kind = __ws_k_coalesced;
	g.__ws_mask = mask;
	g.__ws_size = __popc(mask);
	g.__ws_rank = __popc(mask & __ws_lanemask_lt());
	g.__ws_mrank = mrank;
	g.__ws_msize = msize;
	return g;
}

/* coalesced_threads(): the threads of the warp that execute it together */
static inline __device__ coalesced_group coalesced_threads()
{
	return __ws_coalesced(__activemask(), 0, 1);
}

/* binary_partition(g, pred): the members of a tile or coalesced group with
 * the same predicate */
static inline __device__ coalesced_group binary_partition(const thread_group &g, bool pred)
{
	unsigned int all = g.__ws_mask;
	unsigned int set = __ballot_sync(all, pred) & all;
	if (set == all || set == 0)
		return __ws_coalesced(all, 0, 1);
	return __ws_coalesced(pred ? set : all & ~set, pred ? 1 : 0, 2);
}

/* labeled_partition(g, label): the members with the same label */
template<class Label> __device__ coalesced_group labeled_partition(const thread_group &g, Label label)
{
	unsigned int all = g.__ws_mask;
	unsigned int sub = __match_any_sync(all, label) & all;
	unsigned int leader = (unsigned int)__ffs(sub) - 1;
	unsigned int leaders = __ballot_sync(all, leader == __ws_laneid()) & all;
	return __ws_coalesced(sub, __popc(leaders & ((1u << leader) - 1)), __popc(leaders));
}

/* tiled_partition(g, n): dynamic tiles (n a power of two, at most 32) of
 * a block, a tile or a coalesced group (by rank, for the latter) */
static inline __device__ thread_group __ws_dyn_tile(const thread_group &parent, unsigned int n)
{
	thread_group t;
	unsigned int lane = __ws_laneid();
	if (parent.__ws_kind == __ws_k_coalesced) {
		unsigned int r = __popc(parent.__ws_mask & __ws_lanemask_lt());
		unsigned int first = r / n * n, mask = 0;
		for (unsigned int k = first; k < first + n && k < parent.__ws_size; k++)
			mask |= 1u << __ws_lane_of(parent.__ws_mask, k);
		t.__ws_kind = __ws_k_coalesced;
		t.__ws_mask = mask;
		t.__ws_size = __popc(mask);
		t.__ws_rank = r - first;
		t.__ws_mrank = r / n;
		t.__ws_msize = (parent.__ws_size + n - 1) / n;
		return t;
	}
	t.__ws_kind = __ws_k_tile;
	t.__ws_mask = n >= 32 ? 0xffffffffu : ((1u << (n & 31)) - 1) << (lane & ~(n - 1));
	t.__ws_size = n;
	t.__ws_rank = lane & (n - 1);
	t.__ws_mrank = parent.__ws_rank / n;
	t.__ws_msize = (parent.__ws_size + n - 1) / n;
	__ws_cg_tile(n);
	return t;
}
static inline __device__ thread_group tiled_partition(const thread_group &parent, unsigned int tilesz)
{
	return __ws_dyn_tile(parent, tilesz);
}
static inline __device__ coalesced_group tiled_partition(const coalesced_group &parent, unsigned int tilesz)
{
	thread_group t = __ws_dyn_tile(parent, tilesz);
	return __ws_coalesced(t.__ws_mask, t.__ws_mrank, t.__ws_msize);
}

/* ---- thread block clusters (sm_90; engine/machine/cluster.c): the
 * blocks of one cluster, co-resident, each able to read and write the
 * others' shared memory through map_shared_rank. sync() is the cluster
 * barrier (barrier.cluster.arrive + wait) of every thread of the cluster. */
enum { __ws_k_cluster = 5 };
struct cluster_barrier_arrival_token { unsigned long long __ws_gen; };
class cluster_group : public thread_group {
public:
	static __device__ void sync() { __ws_cluster_wait(__ws_cluster_arrive()); }
	static __device__ cluster_barrier_arrival_token barrier_arrive()
	{
		cluster_barrier_arrival_token t;
		t.__ws_gen = __ws_cluster_arrive();
		return t;
	}
	static __device__ void barrier_wait() { __ws_cluster_wait(~0ull); }
	static __device__ void barrier_wait(cluster_barrier_arrival_token t) { __ws_cluster_wait(t.__ws_gen); }
	static __device__ unsigned int block_rank() { return (unsigned int)__ws_cluster_info(0); }
	static __device__ unsigned int num_blocks() { return (unsigned int)__ws_cluster_info(1); }
	static __device__ dim3 dim_blocks() { return __clusterDim(); }
	static __device__ dim3 block_index() { return __clusterRelativeBlockIdx(); }
	static __device__ unsigned long long num_threads()
	{
		return (unsigned long long)__ws_cluster_info(1) * (blockDim.x * blockDim.y * blockDim.z);
	}
	static __device__ unsigned long long size() { return num_threads(); }
	static __device__ unsigned long long thread_rank()
	{
		return (unsigned long long)__ws_cluster_info(0) * (blockDim.x * blockDim.y * blockDim.z) +
		       (threadIdx.z * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	}
	static __device__ dim3 dim_threads()
	{
		dim3 c = __clusterDim();
		return dim3(c.x * blockDim.x, c.y * blockDim.y, c.z * blockDim.z);
	}
	static __device__ bool is_valid() { return true; }
	static __device__ unsigned int query_shared_rank(const void *addr) { return __ws_cluster_rank_of(addr); }
	template<class T> static __device__ T *map_shared_rank(T *addr, int rank)
	{
		return (T *)__ws_cluster_map((const void *)addr, (unsigned int)rank);
	}
	template<class T> static __device__ T &map_shared_rank(T &addr, int rank)
	{
		return *(T *)__ws_cluster_map((const void *)&addr, (unsigned int)rank);
	}
};

static inline __device__ cluster_group this_cluster()
{
	cluster_group c;
	c.__ws_kind = __ws_k_cluster;
	c.__ws_mask = 0xffffffffu;
	c.__ws_size = (unsigned int)cluster_group::num_threads();
	c.__ws_rank = (unsigned int)cluster_group::thread_rank();
	c.__ws_mrank = 0;
	c.__ws_msize = 1;
	return c;
}

/* the free-function forms */
template<class G> __device__ void sync(const G &g) { g.sync(); }
template<class G> __device__ unsigned long long thread_rank(const G &g) { return g.thread_rank(); }
template<class G> __device__ unsigned long long group_size(const G &g) { return g.size(); }

} /* namespace cooperative_groups */
#endif
