// <thread>, <mutex>, <condition_variable>, <atomic> on concurrent host
// threads: a counter under std::mutex with lock_guard, a std::atomic counter
// (fetch_add, ++, compare_exchange loop), a hand-off through a
// condition_variable with a predicate, call_once, and a kernel launched
// from a std::thread.
#include <cstdio>
#include <thread>
#include <mutex>
#include <condition_variable>
#include <atomic>

static std::mutex m;
static long plain = 0;
static std::atomic<int> hits(0);
static std::atomic<long> maxseen(0);
static std::once_flag once;
static int inits = 0;
static void init() { inits++; }

static void work(int n)
{
	std::call_once(once, init);
	for (int i = 0; i < n; i++) {
		{
			std::lock_guard<std::mutex> g(m);
			plain++;
		}
		hits.fetch_add(1, std::memory_order_relaxed);
		++hits;
		long v = i, cur = maxseen.load();
		while (cur < v && !maxseen.compare_exchange_weak(cur, v))
			;
	}
}

static std::condition_variable cv;
static bool ready = false;
static int data = 0;

static void consumer(void *out)
{
	std::unique_lock<std::mutex> l(m);
	cv.wait(l, [] { return ready; });
	*(int *)out = data * 2;
}

__global__ void fill(int *p, int v) { p[threadIdx.x] = v + threadIdx.x; }

static void gpu(void *out)
{
	int *d;
	cudaMalloc(&d, 32 * sizeof(int));
	fill<<<1, 32>>>(d, 100);
	cudaMemcpy(out, d, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(d);
}

int main()
{
	std::thread t[3];
	for (int i = 0; i < 3; i++)
		t[i] = std::thread(work, 500 * (i + 1));
	for (int i = 0; i < 3; i++)
		t[i].join();
	printf("mutex counter %ld, atomic %d, max %ld, init ran %d\n", plain, hits.load(), maxseen.load(), inits);

	int got = 0;
	std::thread c(consumer, &got);
	{
		std::lock_guard<std::mutex> g(m);
		data = 21;
		ready = true;
	}
	cv.notify_one();
	c.join();
	printf("consumer got %d, joinable after join %d\n", got, (int)c.joinable());

	int h[32];
	std::thread g(gpu, h);
	g.join();
	printf("gpu thread: %d %d\n", h[0], h[31]);

	std::atomic<unsigned> u(5u);
	unsigned e = 5;
	bool ok = u.compare_exchange_strong(e, 9u);
	unsigned e2 = 5;
	bool ok2 = u.compare_exchange_strong(e2, 1u);
	unsigned after_cas = u.load();
	unsigned old = u.exchange(3u);
	printf("cas %d %u, cas %d expected now %u, exchange %u, value %u\n", (int)ok, after_cas, (int)ok2, e2,
	       old, u.load());
	std::atomic<bool> flag(false);
	flag.store(true);
	int arr[4] = { 1, 2, 3, 4 };
	std::atomic<int *> ptr(arr);
	ptr.fetch_add(2);
	printf("bool %d, pointer %d, hardware threads > 0: %d, ids differ: %d\n", (int)flag.load(), *ptr.load(),
	       std::thread::hardware_concurrency() > 0, (int)(std::this_thread::get_id() != t[0].get_id()));
	return 0;
}
