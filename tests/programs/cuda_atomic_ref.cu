// cuda::atomic_ref<T, Scope> and cuda::atomic<T, Scope> with memory orders:
// relaxed counters, fetch_sub/and/or/xor/min/max, exchange,
// compare_exchange_strong/weak (a CAS loop on a float), load/store,
// release/acquire message passing between warps (and with
// cuda::atomic_thread_fence), cuda::std::atomic. Results are order-independent.
#include <cstdio>
#include <cstring>
#include <cuda/atomic>
#include <cuda/std/atomic>

struct counters {
	int add, sub, mn, mx, exch_seen;
	unsigned bits_or, bits_and, bits_xor;
	unsigned long long big;
	float fsum;
	int msg_ok, fence_ok;
};

__device__ cuda::atomic<int, cuda::thread_scope_device> ticket;
__device__ cuda::std::atomic<unsigned> sys_count;

__device__ void add_float(float *p, float v)
{
	cuda::atomic_ref<float, cuda::thread_scope_device> a(*p);
	float old = a.load(cuda::memory_order_relaxed);
	while (!a.compare_exchange_weak(old, old + v, cuda::memory_order_relaxed))
		;
}

__global__ void atomics(counters *c, int *data)
{
	unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
	cuda::atomic_ref<int, cuda::thread_scope_device> add(c->add), sub(c->sub), mn(c->mn), mx(c->mx);
	add.fetch_add(2, cuda::memory_order_relaxed);
	sub.fetch_sub(1);
	mn.fetch_min((int)(t * 13 % 97) - 40, cuda::memory_order_acq_rel);
	mx.fetch_max((int)(t * 29 % 89), cuda::memory_order_release);
	cuda::atomic_ref<unsigned, cuda::thread_scope_device> bo(c->bits_or), ba(c->bits_and), bx(c->bits_xor);
	bo.fetch_or(1u << (t % 32), cuda::memory_order_relaxed);
	ba.fetch_and(~(1u << (t % 16)));
	bx.fetch_xor(t);
	cuda::atomic_ref<unsigned long long, cuda::thread_scope_system> big(c->big);
	big += 1000000000ull;
	add_float(&c->fsum, 0.5f);
	cuda::atomic_ref<int, cuda::thread_scope_device> ex(c->exch_seen);
	int prev = ex.exchange((int)t, cuda::memory_order_acq_rel);
	(void)prev;
	ticket.fetch_add(1, cuda::memory_order_relaxed);
	sys_count++;

	/* message passing inside each block: warp 0 publishes, warp 1 waits */
	__shared__ int payload[4];
	__shared__ int flag, flag2;
	if (threadIdx.x == 0) {
		cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), f2(flag2);
		f.store(0, cuda::memory_order_relaxed);
		f2.store(0, cuda::memory_order_relaxed);
	}
	__syncthreads();
	cuda::atomic_ref<int, cuda::thread_scope_block> f(flag), f2(flag2);
	if (threadIdx.x == 0) {
		for (int k = 0; k < 4; k++)
			payload[k] = (int)blockIdx.x * 10 + k;
		f.store(1, cuda::memory_order_release);
		data[blockIdx.x] = 7;
		cuda::atomic_thread_fence(cuda::memory_order_release, cuda::thread_scope_block);
		f2.store(1, cuda::memory_order_relaxed);
	} else if (threadIdx.x == 32) {
		while (f.load(cuda::memory_order_acquire) == 0)
			;
		int ok = 1;
		for (int k = 0; k < 4; k++)
			ok &= payload[k] == (int)blockIdx.x * 10 + k;
		cuda::atomic_ref<int, cuda::thread_scope_device> m(c->msg_ok);
		m.fetch_add(ok);
		while (f2.load(cuda::memory_order_relaxed) == 0)
			;
		cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
		cuda::atomic_ref<int, cuda::thread_scope_device> fo(c->fence_ok);
		fo.fetch_add(data[blockIdx.x] == 7);
	}
}

int main()
{
	counters h, *d;
	int *data;
	memset(&h, 0, sizeof(h));
	h.mn = 1000;
	h.mx = -1000;
	h.bits_and = 0xffffffffu;
	h.exch_seen = -1;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&data, 4 * sizeof(int));
	cudaMemcpy(d, &h, sizeof(h), cudaMemcpyHostToDevice);
	atomics<<<4, 64>>>(d, data);
	printf("%s\n", cudaGetErrorString(cudaMemcpy(&h, d, sizeof(h), cudaMemcpyDeviceToHost)));
	int tk;
	unsigned sc;
	cudaMemcpyFromSymbol(&tk, ticket, sizeof(int));
	cudaMemcpyFromSymbol(&sc, sys_count, sizeof(unsigned));
	printf("add %d sub %d min %d max %d\n", h.add, h.sub, h.mn, h.mx);
	printf("or %08x and %08x xor %08x big %llu\n", h.bits_or, h.bits_and, h.bits_xor, h.big);
	printf("fsum %.1f exchange kept a thread id: %d\n", h.fsum, h.exch_seen >= 0 && h.exch_seen < 256);
	printf("ticket %d sys_count %u message passing ok %d fence ok %d\n", tk, sc, h.msg_ok, h.fence_ok);
	return 0;
}
