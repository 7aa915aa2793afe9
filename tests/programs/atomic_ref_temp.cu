// cuda::atomic_ref used as a temporary, the way the litmus catalogue writes
// ref_dev(x): an expression statement that starts with a class template's
// name, T<args>(x).store(...), next to the named form and other template
// declarations that must still parse as declarations.
#include <cstdio>
#include <cuda/atomic>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

template<int N> struct Box {
	int v[N];
	__device__ int get(int i) const { return v[i]; }
};

__device__ int x, y;

__global__ void k(int *r)
{
	cuda::atomic_ref<int, cuda::thread_scope_device>(x).store(1, cuda::memory_order_relaxed);
	int a = cuda::atomic_ref<int, cuda::thread_scope_device>(y).load(cuda::memory_order_acquire);
	cuda::atomic_thread_fence(cuda::memory_order_acq_rel, cuda::thread_scope_device);
	r[0] = a + cuda::atomic_ref<int, cuda::thread_scope_block>(x).fetch_add(2);
	cuda::atomic_ref<int, cuda::thread_scope_device> ref(y);
	ref.store(5);
	Box<2> b;
	b.v[0] = 3;
	b.v[1] = 4;
	int s = Box<2>(b).get(1);
	cg::thread_block_tile<32> t = cg::tiled_partition<32>(cg::this_thread_block());
	r[1] = ref.load() + s + (int)t.size() + x;
}

int main(void)
{
	int *r, h[2];
	cudaMalloc(&r, sizeof(h));
	k<<<1, 1>>>(r);
	cudaMemcpy(h, r, sizeof(h), cudaMemcpyDeviceToHost);
	printf("fetch_add saw %d, then %d\n", h[0], h[1]);
	cudaFree(r);
	return 0;
}
