// inline_sem.cu - functions whose semantics inlining (warpstep run: ir_inline)
// must keep: recursion, the address of a local or a parameter, reference
// parameters, struct returns, early returns inside loops, static locals,
// virtual calls, function pointers, printf inside a small function, a
// parameter the callee writes, x = f(x), lambdas given to <algorithm>,
// small __device__ helpers with divergent returns, a warp shuffle helper
// and a __device__ function with __syncthreads inside.
#include <cstdio>
#include <vector>
#include <algorithm>

struct pair2 { int a, b; };

__host__ __device__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }
__host__ __device__ int twice(int x) { x = x * 2; return x; }
__host__ __device__ int ident(int x) { return x; }
__host__ __device__ int sgn(int x)
{
	if (x < 0)
		return -1;
	if (x > 0)
		return 1;
	return 0;
}
__host__ __device__ void bump(int &x) { x += 3; }
__host__ __device__ pair2 mk(int i) { pair2 p; p.a = i; p.b = i * i; return p; }
__host__ __device__ int via_addr(int x) { int *p = &x; *p += 10; return x; }
__host__ __device__ int local_addr(int x) { int y = x; int *p = &y; *p *= 5; return y; }
int counter() { static int c = 100; return ++c; }
int find_first(const int *a, int n, int v)
{
	for (int i = 0; i < n; i++)
		if (a[i] == v)
			return i;
	return -1;
}
void say(int i) { printf("say %d\n", i); }
int add(int a, int b) { return a + b; }
int mul(int a, int b) { return a * b; }

struct shape {
	virtual int area() const { return 0; }
	virtual ~shape() {}
};
struct square : shape {
	int s;
	explicit square(int v) : s(v) {}
	int area() const override { return s * s; }
};

__device__ int clampi(int x)
{
	if (x > 10)
		return 10;
	return x;
}

__device__ int warp_sum(int v)
{
	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__device__ void stage(int *s, int i)
{
	s[i] = i * 3;
	__syncthreads();
}

__global__ void kern(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	int x = t;
	bump(x);
	x = twice(x);
	x = ident(x) + sgn(t - 16);
	pair2 p = mk(t);
	stage(s, t);
	int other = s[31 - t];
	out[t] = x + p.b + clampi(t) + other + via_addr(t) + local_addr(t);
	int w = warp_sum(t);
	if (t == 0) {
		out[32] = w;
		out[33] = fib(12);
		printf("device fib %d sum %d\n", out[33], w);
	}
}

int main()
{
	// host: the same helpers in loops
	int acc = 0;
	for (int i = -3; i <= 3; i++) {
		int x = i;
		bump(x);
		x = twice(x);
		pair2 p = mk(i);
		acc += x + sgn(i) + p.a * 1000 + p.b + via_addr(i) + local_addr(i) + ident(i);
	}
	printf("host acc %d fib %d\n", acc, fib(15));
	for (int i = 0; i < 3; i++)
		printf("counter %d\n", counter());
	int arr[8] = { 5, 3, 9, 3, 7, 1, 9, 0 };
	printf("find 9 -> %d, 3 -> %d, 4 -> %d\n", find_first(arr, 8, 9), find_first(arr, 8, 3),
	       find_first(arr, 8, 4));
	for (int i = 0; i < 2; i++)
		say(i);
	int (*ops[2])(int, int) = { add, mul };
	int r = 1;
	for (int i = 0; i < 4; i++)
		r = ops[i % 2](r, i + 2);
	printf("ops %d\n", r);
	square sq(7);
	const shape *sh = &sq;
	printf("area %d\n", sh->area());
	std::vector<int> v(arr, arr + 8);
	std::sort(v.begin(), v.end(), [](int a, int b) { return a > b; });
	int lim = 4;
	long n = std::count_if(v.begin(), v.end(), [lim](int a) { return a > lim; });
	printf("sorted");
	for (size_t i = 0; i < v.size(); i++)
		printf(" %d", v[i]);
	printf("; above %d: %ld\n", lim, n);

	int *d;
	int h[34];
	cudaMalloc(&d, sizeof(h));
	kern<<<1, 32>>>(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	cudaFree(d);
	long sum = 0;
	for (int i = 0; i < 32; i++)
		sum += h[i] * (i + 1);
	printf("out[0] %d out[5] %d out[31] %d weighted %ld warp_sum %d fib %d\n", h[0], h[5], h[31],
	       sum, h[32], h[33]);
	return 0;
}
