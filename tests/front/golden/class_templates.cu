#include <cstdio>
namespace cuda { namespace std {
enum memory_order { memory_order_relaxed, memory_order_acquire, memory_order_release, memory_order_seq_cst };
template <class T> __host__ __device__ T &&move(T &t) { return static_cast<T &&>(t); }
} 
enum thread_scope { thread_scope_system, thread_scope_device, thread_scope_block };
template <class T, thread_scope S = thread_scope_system>
struct atomic_ref {
	T *p;
	__device__ explicit atomic_ref(T &r) : p(&r) {}
	__device__ T load(std::memory_order o = std::memory_order_seq_cst) const { return *p; }
	__device__ T fetch_add(T v, std::memory_order o = std::memory_order_seq_cst) { return atomicAdd(p, v); }
	__device__ void store(T v) { *p = v; }
	static constexpr int scope = S;
};
}
namespace cooperative_groups {
struct thread_block {
	__device__ void sync() const { __syncthreads(); }
	__device__ unsigned thread_rank() const { return threadIdx.x + threadIdx.y * blockDim.x; }
	__device__ static unsigned size() { return blockDim.x * blockDim.y * blockDim.z; }
	__device__ uint3 group_index() const { return blockIdx; }
};
__device__ inline thread_block this_thread_block() { return thread_block(); }
template <unsigned N> struct thread_block_tile {
	unsigned base;
	__device__ unsigned thread_rank() const { return threadIdx.x % N; }
	__device__ constexpr unsigned size() const { return N; }
	template <class T> __device__ T shfl_down(T v, unsigned d) const { return __shfl_down_sync(0xffffffffu, v, d, N); }
	__device__ void sync() const { __syncwarp(); }
	__device__ unsigned meta_group_rank() const { return threadIdx.x / N; }
};
template <unsigned N> __device__ thread_block_tile<N> tiled_partition(const thread_block &) { thread_block_tile<N> t; t.base = 0; return t; }
}
namespace cg = cooperative_groups;
__global__ void k(int *out)
{
	cg::thread_block block = cg::this_thread_block();
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(block);
	int v = tile.thread_rank();
	for (int o = tile.size() / 2; o > 0; o /= 2)
		v += tile.shfl_down(v, o);
	block.sync();
	cuda::atomic_ref<int, cuda::thread_scope_device> r(*out);
	if (tile.thread_rank() == 0)
		r.fetch_add(v, cuda::std::memory_order_relaxed);
	int x = 5;
	int y = cuda::std::move(x);
	uint3 gi = block.group_index();
	out[1] = y + gi.x + cg::thread_block::size() + cuda::atomic_ref<int>::scope;
}
int main() { int *o; cudaMalloc(&o, 8); k<<<1, 64>>>(o); int h; cudaMemcpy(&h, o, 4, cudaMemcpyDeviceToHost); printf("%d\n", h); return 0; }
