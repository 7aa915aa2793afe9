/* thrust/detail/ws_thrust.h - warpstep built-in header: the part of Thrust
 * that courses use, behind every <thrust/...> header.
 *
 * Written in the CUDA C++ that warpstep runs. A device_vector's elements
 * live in device memory from cudaMalloc; the host reaches one element
 * through a device_reference, which copies it with cudaMemcpy (as Thrust
 * does). Algorithms on device iterators (device_ptr, or any iterator with
 * the thrust::device policy) run as real kernels launched with <<<>>> from
 * here, so they can be stepped and checked like the program's own: their
 * names are thrust::detail::*_kernel. Algorithms on host iterators (raw
 * pointers, host_vector) are loops in host code.
 *
 * Results are Thrust's: sort, stable_sort and sort_by_key are a stable
 * merge sort (Thrust's radix and merge sorts are stable too, so equal keys
 * keep their order), scans and reductions keep the order of the operands
 * (floating-point sums may round differently from Thrust's tree order),
 * min_element returns the first smallest and max_element the first
 * largest, and the random engines and distributions compute what Thrust's
 * do, number for number.
 *
 * Not here: zip iterators beyond make_tuple/get, transform_iterator,
 * permutation_iterator, reduce_by_key, unique, set operations, binary
 * search, the CUDA streams of execution policies (thrust::cuda::par.on(s)
 * runs on the default stream), and custom allocators. Placeholder
 * expressions compute in the type of their first argument. */
#ifndef __WS_THRUST_H
#define __WS_THRUST_H
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <vector>
#include <algorithm>
#include <ostream>

namespace thrust {

/* ---- systems and execution policies ---- */
struct __ws_host_tag {};
struct __ws_device_tag {};
struct __ws_any_tag : public __ws_host_tag {};
namespace detail {
struct host_t {
	__ws_host_tag __tag() const { return __ws_host_tag(); }
};
struct device_t {
	__ws_device_tag __tag() const { return __ws_device_tag(); }
	device_t on(cudaStream_t s) const { (void)s; return *this; }
};
}
static detail::host_t host;
static detail::host_t seq;
static detail::device_t device;
namespace cuda {
static detail::device_t par;
}
namespace system {
namespace cuda {
static detail::device_t par;
}
}

template<class T> class device_ptr;

/* ---- device_reference: one element of device memory, seen from the host ---- */
template<class T> class device_reference {
public:
	typedef T value_type;
	T *__p;
	explicit device_reference(T *p) : __p(p) {}
	T __load() const
	{
		T v;
		cudaMemcpy(&v, __p, sizeof(T), cudaMemcpyDeviceToHost);
		return v;
	}
	operator T() const { return __load(); }
	device_reference &operator=(const T &v)
	{
		cudaMemcpy(__p, &v, sizeof(T), cudaMemcpyHostToDevice);
		return *this;
	}
	device_reference &operator=(const device_reference &o)
	{
		T v = o.__load();
		cudaMemcpy(__p, &v, sizeof(T), cudaMemcpyHostToDevice);
		return *this;
	}
	device_reference &operator+=(const T &v) { T x = __load(); x += v; return *this = x; }
	device_reference &operator-=(const T &v) { T x = __load(); x -= v; return *this = x; }
	device_reference &operator*=(const T &v) { T x = __load(); x *= v; return *this = x; }
	device_reference &operator/=(const T &v) { T x = __load(); x /= v; return *this = x; }
	device_reference &operator++() { T x = __load(); ++x; return *this = x; }
	device_reference &operator--() { T x = __load(); --x; return *this = x; }
	T operator++(int) { T x = __load(); T y = x; ++y; *this = y; return x; }
	T operator--(int) { T x = __load(); T y = x; --y; *this = y; return x; }
	device_ptr<T> operator&() const { return device_ptr<T>(__p); }
};
template<class T> std::ostream &operator<<(std::ostream &os, const device_reference<T> &r)
{
	T v = r.__load();
	return os << v;
}

/* ---- device_ptr: a pointer to device memory, the device_vector's iterator ---- */
template<class T> class device_ptr {
public:
	typedef T value_type;
	typedef long difference_type;
	T *__p;
	__host__ __device__ device_ptr() : __p(0) {}
	__host__ __device__ explicit device_ptr(T *p) : __p(p) {}
	__host__ __device__ T *get() const { return __p; }
	device_reference<T> operator*() const { return device_reference<T>(__p); }
	device_reference<T> operator[](long i) const { return device_reference<T>(__p + i); }
	__host__ __device__ device_ptr operator+(long n) const { return device_ptr(__p + n); }
	__host__ __device__ device_ptr operator-(long n) const { return device_ptr(__p - n); }
	__host__ __device__ long operator-(const device_ptr &o) const { return (long)(__p - o.__p); }
	__host__ __device__ device_ptr &operator++() { ++__p; return *this; }
	__host__ __device__ device_ptr &operator--() { --__p; return *this; }
	__host__ __device__ device_ptr operator++(int) { device_ptr r = *this; ++__p; return r; }
	__host__ __device__ device_ptr operator--(int) { device_ptr r = *this; --__p; return r; }
	__host__ __device__ device_ptr &operator+=(long n) { __p += n; return *this; }
	__host__ __device__ device_ptr &operator-=(long n) { __p -= n; return *this; }
	__host__ __device__ bool operator==(const device_ptr &o) const { return __p == o.__p; }
	__host__ __device__ bool operator!=(const device_ptr &o) const { return __p != o.__p; }
	__host__ __device__ bool operator<(const device_ptr &o) const { return __p < o.__p; }
	__host__ __device__ bool operator>(const device_ptr &o) const { return __p > o.__p; }
	__host__ __device__ bool operator<=(const device_ptr &o) const { return __p <= o.__p; }
	__host__ __device__ bool operator>=(const device_ptr &o) const { return __p >= o.__p; }
};
template<class T> inline device_ptr<T> device_pointer_cast(T *p) { return device_ptr<T>(p); }
template<class T> inline device_ptr<T> device_pointer_cast(device_ptr<T> p) { return p; }
template<class T> inline __host__ __device__ T *raw_pointer_cast(device_ptr<T> p) { return p.__p; }
template<class T> inline __host__ __device__ T *raw_pointer_cast(T *p) { return p; }
template<class T> inline device_ptr<T> device_malloc(size_t n)
{
	T *p = 0;
	cudaMalloc((void **)&p, n * sizeof(T));
	return device_ptr<T>(p);
}
template<class T> inline void device_free(device_ptr<T> p) { cudaFree(p.__p); }

/* ---- fancy iterators ---- */
template<class T> class counting_iterator {
public:
	typedef T value_type;
	T __v;
	__host__ __device__ counting_iterator() : __v() {}
	__host__ __device__ counting_iterator(T v) : __v(v) {}
	__host__ __device__ T operator*() const { return __v; }
	__host__ __device__ T operator[](long i) const { return (T)(__v + (T)i); }
	__host__ __device__ counting_iterator operator+(long n) const { return counting_iterator((T)(__v + (T)n)); }
	__host__ __device__ counting_iterator operator-(long n) const { return counting_iterator((T)(__v - (T)n)); }
	__host__ __device__ long operator-(const counting_iterator &o) const { return (long)(__v - o.__v); }
	__host__ __device__ counting_iterator &operator++() { ++__v; return *this; }
	__host__ __device__ counting_iterator operator++(int) { counting_iterator r = *this; ++__v; return r; }
	__host__ __device__ counting_iterator &operator+=(long n) { __v += (T)n; return *this; }
	__host__ __device__ bool operator==(const counting_iterator &o) const { return __v == o.__v; }
	__host__ __device__ bool operator!=(const counting_iterator &o) const { return __v != o.__v; }
};
template<class T> inline __host__ __device__ counting_iterator<T> make_counting_iterator(T v) { return counting_iterator<T>(v); }

template<class T> class constant_iterator {
public:
	typedef T value_type;
	T __v;
	long __i;
	__host__ __device__ constant_iterator() : __v(), __i(0) {}
	__host__ __device__ constant_iterator(T v) : __v(v), __i(0) {}
	__host__ __device__ constant_iterator(T v, long i) : __v(v), __i(i) {}
	__host__ __device__ T operator*() const { return __v; }
	__host__ __device__ T operator[](long i) const { (void)i; return __v; }
	__host__ __device__ constant_iterator operator+(long n) const { return constant_iterator(__v, __i + n); }
	__host__ __device__ constant_iterator operator-(long n) const { return constant_iterator(__v, __i - n); }
	__host__ __device__ long operator-(const constant_iterator &o) const { return __i - o.__i; }
	__host__ __device__ constant_iterator &operator++() { ++__i; return *this; }
	__host__ __device__ constant_iterator operator++(int) { constant_iterator r = *this; ++__i; return r; }
	__host__ __device__ bool operator==(const constant_iterator &o) const { return __i == o.__i; }
	__host__ __device__ bool operator!=(const constant_iterator &o) const { return __i != o.__i; }
};
template<class T> inline __host__ __device__ constant_iterator<T> make_constant_iterator(T v) { return constant_iterator<T>(v); }
template<class T> inline __host__ __device__ constant_iterator<T> make_constant_iterator(T v, long i) { return constant_iterator<T>(v, i); }

/* ---- iterator traits: the system an iterator belongs to, its value type,
 * and the iterator a kernel uses for it ---- */
template<class I> struct __ws_it {
	typedef __ws_host_tag sys;
	typedef typename I::value_type value_type;
	typedef I dev;
};
template<class T> struct __ws_it<T *> {
	typedef __ws_host_tag sys;
	typedef T value_type;
	typedef T *dev;
};
template<class T> struct __ws_it<const T *> {
	typedef __ws_host_tag sys;
	typedef T value_type;
	typedef const T *dev;
};
template<class T> struct __ws_it<device_ptr<T> > {
	typedef __ws_device_tag sys;
	typedef T value_type;
	typedef T *dev;
};
template<class T> struct __ws_it<counting_iterator<T> > {
	typedef __ws_any_tag sys;
	typedef T value_type;
	typedef counting_iterator<T> dev;
};
template<class T> struct __ws_it<constant_iterator<T> > {
	typedef __ws_any_tag sys;
	typedef T value_type;
	typedef constant_iterator<T> dev;
};
/* the system of two iterators: the first's, unless it belongs to any */
template<class A, class B> struct __ws_sys2 {
	typedef A type;
};
template<class B> struct __ws_sys2<__ws_any_tag, B> {
	typedef B type;
};
template<class T> inline __host__ __device__ T *__ws_dev(device_ptr<T> p) { return p.__p; }
template<class T> inline __host__ __device__ T *__ws_dev(T *p) { return p; }
template<class T> inline __host__ __device__ counting_iterator<T> __ws_dev(counting_iterator<T> p) { return p; }
template<class T> inline __host__ __device__ constant_iterator<T> __ws_dev(constant_iterator<T> p) { return p; }

/* ---- function objects ---- */
#define __WS_TBINOP(N, R, E) \
	template<class T> struct N { \
		typedef T first_argument_type; \
		typedef T second_argument_type; \
		typedef R result_type; \
		__host__ __device__ R operator()(const T &a, const T &b) const { return E; } \
	};
__WS_TBINOP(plus, T, a + b)
__WS_TBINOP(minus, T, a - b)
__WS_TBINOP(multiplies, T, a * b)
__WS_TBINOP(divides, T, a / b)
__WS_TBINOP(modulus, T, a % b)
__WS_TBINOP(maximum, T, a < b ? b : a)
__WS_TBINOP(minimum, T, b < a ? b : a)
__WS_TBINOP(equal_to, bool, a == b)
__WS_TBINOP(not_equal_to, bool, a != b)
__WS_TBINOP(greater, bool, a > b)
__WS_TBINOP(less, bool, a < b)
__WS_TBINOP(greater_equal, bool, a >= b)
__WS_TBINOP(less_equal, bool, a <= b)
__WS_TBINOP(logical_and, bool, a && b)
__WS_TBINOP(logical_or, bool, a || b)
__WS_TBINOP(bit_and, T, a & b)
__WS_TBINOP(bit_or, T, a | b)
__WS_TBINOP(bit_xor, T, a ^ b)
__WS_TBINOP(project1st, T, a)
__WS_TBINOP(project2nd, T, b)
#undef __WS_TBINOP
template<class T> struct negate {
	typedef T argument_type;
	typedef T result_type;
	__host__ __device__ T operator()(const T &a) const { return -a; }
};
template<class T> struct identity {
	typedef T argument_type;
	typedef T result_type;
	__host__ __device__ T operator()(const T &a) const { return a; }
};
template<class T> struct logical_not {
	typedef T argument_type;
	typedef bool result_type;
	__host__ __device__ bool operator()(const T &a) const { return !a; }
};
template<class T> struct bit_not {
	__host__ __device__ T operator()(const T &a) const { return ~a; }
};
template<class T> inline __host__ __device__ const T &min(const T &a, const T &b)
{
	if (b < a)
		return b;
	return a;
}
template<class T> inline __host__ __device__ const T &max(const T &a, const T &b)
{
	if (a < b)
		return b;
	return a;
}

/* ---- placeholders: _1 + _2, a * _1 + _2, _1 > 0 ... ----
 * An expression is a __ws_pe<K, L, R>: K the operation (a tag type: the
 * first or second argument, a constant held in l, or an operator), L and R
 * its operands. It is evaluated in the type of the first argument. */
struct __ws_none {
	template<class A, class B> __host__ __device__ A __ev(const A &a, const B &b) const
	{
		(void)b;
		return a;
	}
};
template<class T> struct __ws_lit {
	T v;
	template<class A, class B> __host__ __device__ A __ev(const A &a, const B &b) const
	{
		(void)a;
		(void)b;
		return (A)v;
	}
};
template<class A> inline __host__ __device__ A __ws_mod(A x, A y) { return x % y; }
inline __host__ __device__ float __ws_mod(float x, float y) { return fmodf(x, y); }
inline __host__ __device__ double __ws_mod(double x, double y) { return fmod(x, y); }
struct __ws_k_arg1 {};
struct __ws_k_arg2 {};
struct __ws_k_lit {};
struct __ws_k_neg {};
struct __ws_k_not {};
template<class A, class B, class L, class R> inline __host__ __device__ A __ws_apply(__ws_k_arg1, const A &a, const B &b, const L &l, const R &r) { return a; }
template<class A, class B, class L, class R> inline __host__ __device__ A __ws_apply(__ws_k_arg2, const A &a, const B &b, const L &l, const R &r) { return (A)b; }
template<class A, class B, class L, class R> inline __host__ __device__ A __ws_apply(__ws_k_lit, const A &a, const B &b, const L &l, const R &r) { return l.__ev(a, b); }
template<class A, class B, class L, class R> inline __host__ __device__ A __ws_apply(__ws_k_neg, const A &a, const B &b, const L &l, const R &r) { return -l.__ev(a, b); }
template<class A, class B, class L, class R> inline __host__ __device__ A __ws_apply(__ws_k_not, const A &a, const B &b, const L &l, const R &r) { return (A)!l.__ev(a, b); }
#define __WS_PEK(N, E) \
struct __ws_k_##N {}; \
template<class A, class B, class L, class R> inline __host__ __device__ A __ws_apply(__ws_k_##N, const A &a, const B &b, const L &l, const R &r) \
{ \
	A x = l.__ev(a, b); \
	A y = r.__ev(a, b); \
	return (A)(E); \
}
__WS_PEK(add, x + y)
__WS_PEK(sub, x - y)
__WS_PEK(mul, x * y)
__WS_PEK(div, x / y)
__WS_PEK(mod, __ws_mod(x, y))
__WS_PEK(lt, x < y)
__WS_PEK(gt, x > y)
__WS_PEK(le, x <= y)
__WS_PEK(ge, x >= y)
__WS_PEK(eq, x == y)
__WS_PEK(ne, x != y)
__WS_PEK(and, x && y)
__WS_PEK(or, x || y)
#undef __WS_PEK
template<class K, class L, class R> struct __ws_pe {
	L l;
	R r;
	template<class A, class B> __host__ __device__ A __ev(const A &a, const B &b) const
	{
		return __ws_apply(K(), a, b, l, r);
	}
	template<class A> __host__ __device__ A operator()(const A &a) const { return __ev(a, a); }
	template<class A, class B> __host__ __device__ A operator()(const A &a, const B &b) const { return __ev(a, b); }
};
namespace placeholders {
static __ws_pe<__ws_k_arg1, __ws_none, __ws_none> _1;
static __ws_pe<__ws_k_arg2, __ws_none, __ws_none> _2;
}
#define __WS_PEOP(OP, K) \
template<class K1, class L1, class R1, class K2, class L2, class R2> \
inline __ws_pe<K, __ws_pe<K1, L1, R1>, __ws_pe<K2, L2, R2> > operator OP(const __ws_pe<K1, L1, R1> &a, const __ws_pe<K2, L2, R2> &b) \
{ \
	__ws_pe<K, __ws_pe<K1, L1, R1>, __ws_pe<K2, L2, R2> > e; \
	e.l = a; \
	e.r = b; \
	return e; \
} \
template<class K1, class L1, class R1, class T> \
inline __ws_pe<K, __ws_pe<K1, L1, R1>, __ws_pe<__ws_k_lit, __ws_lit<T>, __ws_none> > operator OP(const __ws_pe<K1, L1, R1> &a, const T &b) \
{ \
	__ws_pe<K, __ws_pe<K1, L1, R1>, __ws_pe<__ws_k_lit, __ws_lit<T>, __ws_none> > e; \
	e.l = a; \
	e.r.l.v = b; \
	return e; \
} \
template<class T, class K2, class L2, class R2> \
inline __ws_pe<K, __ws_pe<__ws_k_lit, __ws_lit<T>, __ws_none>, __ws_pe<K2, L2, R2> > operator OP(const T &a, const __ws_pe<K2, L2, R2> &b) \
{ \
	__ws_pe<K, __ws_pe<__ws_k_lit, __ws_lit<T>, __ws_none>, __ws_pe<K2, L2, R2> > e; \
	e.l.l.v = a; \
	e.r = b; \
	return e; \
}
__WS_PEOP(+, __ws_k_add)
__WS_PEOP(-, __ws_k_sub)
__WS_PEOP(*, __ws_k_mul)
__WS_PEOP(/, __ws_k_div)
__WS_PEOP(%, __ws_k_mod)
__WS_PEOP(<, __ws_k_lt)
__WS_PEOP(>, __ws_k_gt)
__WS_PEOP(<=, __ws_k_le)
__WS_PEOP(>=, __ws_k_ge)
__WS_PEOP(==, __ws_k_eq)
__WS_PEOP(!=, __ws_k_ne)
__WS_PEOP(&&, __ws_k_and)
__WS_PEOP(||, __ws_k_or)
#undef __WS_PEOP
template<class K1, class L1, class R1>
inline __ws_pe<__ws_k_neg, __ws_pe<K1, L1, R1>, __ws_none> operator-(const __ws_pe<K1, L1, R1> &a)
{
	__ws_pe<__ws_k_neg, __ws_pe<K1, L1, R1>, __ws_none> e;
	e.l = a;
	return e;
}
template<class K1, class L1, class R1>
inline __ws_pe<__ws_k_not, __ws_pe<K1, L1, R1>, __ws_none> operator!(const __ws_pe<K1, L1, R1> &a)
{
	__ws_pe<__ws_k_not, __ws_pe<K1, L1, R1>, __ws_none> e;
	e.l = a;
	return e;
}

/* ---- kernels ---- */
namespace detail {
/* grid size for n elements: at most 2 blocks per SM of the H100 profile;
 * the kernels loop over the rest (grid-stride) */
inline int __ws_blocks(long n)
{
	long b = (n + 255) / 256;
	if (b > 264)
		b = 264;
	if (b < 1)
		b = 1;
	return (int)b;
}
#define __WS_FOR(i, n) for (long i = blockIdx.x * (long)blockDim.x + threadIdx.x; i < (n); i += (long)gridDim.x * blockDim.x)

template<class O, class T> __global__ void fill_kernel(O out, long n, T v)
{
	__WS_FOR(i, n)
		out[i] = v;
}
template<class O, class T> __global__ void sequence_kernel(O out, long n, T init, T step)
{
	__WS_FOR(i, n)
		out[i] = (T)(init + (T)i * step);
}
template<class I, class O> __global__ void copy_kernel(I in, O out, long n)
{
	__WS_FOR(i, n)
		out[i] = in[i];
}
template<class I, class O, class F> __global__ void transform_kernel(I in, O out, long n, F f)
{
	__WS_FOR(i, n)
		out[i] = f(in[i]);
}
template<class I1, class I2, class O, class F> __global__ void transform2_kernel(I1 a, I2 b, O out, long n, F f)
{
	__WS_FOR(i, n)
		out[i] = f(a[i], b[i]);
}
template<class I, class F> __global__ void for_each_kernel(I in, long n, F f)
{
	__WS_FOR(i, n)
		f(in[i]);
}
template<class I, class T> __global__ void replace_kernel(I p, long n, T old_v, T new_v)
{
	__WS_FOR(i, n)
		if (p[i] == old_v)
			p[i] = new_v;
}
template<class I, class P, class T> __global__ void replace_if_kernel(I p, long n, P pred, T new_v)
{
	__WS_FOR(i, n)
		if (pred(p[i]))
			p[i] = new_v;
}
template<class M, class I, class O> __global__ void gather_kernel(M map, I in, O out, long n)
{
	__WS_FOR(i, n)
		out[i] = in[map[i]];
}
template<class I, class M, class O> __global__ void scatter_kernel(I in, M map, O out, long n)
{
	__WS_FOR(i, n)
		out[map[i]] = in[i];
}
template<class G, class O> __global__ void generate_kernel(O out, long n, G g)
{
	__WS_FOR(i, n)
		out[i] = g();
}

/* Reductions and scans split [0, n) into one contiguous chunk per thread,
 * so the operands are combined in their order (the operation need not
 * commute). */
inline long __ws_chunk(long n, long nth) { return (n + nth - 1) / nth; }

/* what a reduction combines for element i */
template<class T> struct map_value {
	template<class I> __host__ __device__ T operator()(const I &in, long i) const { return (T)in[i]; }
};
template<class T, class F> struct map_unary {
	F f;
	template<class I> __host__ __device__ T operator()(const I &in, long i) const { return (T)f(in[i]); }
};
template<class V> struct map_equal {
	V v;
	template<class I> __host__ __device__ long operator()(const I &in, long i) const { return in[i] == v ? 1 : 0; }
};
template<class P> struct map_pred {
	P p;
	template<class I> __host__ __device__ long operator()(const I &in, long i) const { return p(in[i]) ? 1 : 0; }
};

template<class I, class T, class M, class Op> __global__ void reduce_chunks_kernel(I in, long n, long chunk, M m, Op op, T *sums, int *has)
{
	long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
	long b = t * chunk, e = b + chunk;
	if (e > n)
		e = n;
	if (b >= e) {
		has[t] = 0;
		return;
	}
	T acc = m(in, b);
	for (long i = b + 1; i < e; i++)
		acc = op(acc, m(in, i));
	sums[t] = acc;
	has[t] = 1;
}
template<class T, class Op> __global__ void reduce_final_kernel(const T *sums, const int *has, long nth, T init, Op op, T *out)
{
	T acc = init;
	for (long t = 0; t < nth; t++)
		if (has[t])
			acc = op(acc, sums[t]);
	*out = acc;
}
/* reduce [0, n) of in through m with op, starting from init, on the device */
template<class I, class T, class M, class Op> T __ws_reduce(I in, long n, T init, M m, Op op)
{
	int nb = __ws_blocks(n) < 64 ? __ws_blocks(n) : 64;
	long nth = (long)nb * 256;
	long chunk = __ws_chunk(n, nth);
	T *sums = 0;
	int *has = 0;
	cudaMalloc((void **)&sums, (nth + 1) * sizeof(T));
	cudaMalloc((void **)&has, nth * sizeof(int));
	if (n > 0)
		reduce_chunks_kernel<<<nb, 256>>>(in, n, chunk, m, op, sums, has);
	else
		cudaMemset(has, 0, nth * sizeof(int));
	reduce_final_kernel<<<1, 1>>>(sums, has, nth, init, op, sums + nth);
	T r;
	cudaMemcpy(&r, sums + nth, sizeof(T), cudaMemcpyDeviceToHost);
	cudaFree(sums);
	cudaFree(has);
	return r;
}

template<class I1, class I2, class T, class Op1, class Op2> __global__ void inner_chunks_kernel(I1 a, I2 b2, long n, long chunk, Op1 sum, Op2 prod, T *sums, int *has)
{
	long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
	long b = t * chunk, e = b + chunk;
	if (e > n)
		e = n;
	if (b >= e) {
		has[t] = 0;
		return;
	}
	T acc = (T)prod(a[b], b2[b]);
	for (long i = b + 1; i < e; i++)
		acc = sum(acc, (T)prod(a[i], b2[i]));
	sums[t] = acc;
	has[t] = 1;
}

/* inclusive scan of [0, n): each thread scans its chunk, the chunk totals
 * are scanned (recursively), then each chunk gets the total before it */
template<class I, class O, class T, class Op> __global__ void scan_chunks_kernel(I in, O out, long n, long chunk, Op op, T *sums)
{
	long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
	long b = t * chunk, e = b + chunk;
	if (e > n)
		e = n;
	if (b >= e)
		return;
	T acc = (T)in[b];
	out[b] = acc;
	for (long i = b + 1; i < e; i++) {
		acc = op(acc, (T)in[i]);
		out[i] = acc;
	}
	sums[t] = acc;
}
template<class O, class T, class Op> __global__ void scan_add_kernel(O out, long n, long chunk, Op op, const T *sums)
{
	long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
	long b = t * chunk, e = b + chunk;
	if (t == 0 || b >= n)
		return;
	if (e > n)
		e = n;
	T before = sums[t - 1];
	for (long i = b; i < e; i++)
		out[i] = op(before, (T)out[i]);
}
template<class I, class O, class T, class Op> __global__ void scan_seq_kernel(I in, O out, long n, Op op)
{
	if (n <= 0)
		return;
	T acc = (T)in[0];
	out[0] = acc;
	for (long i = 1; i < n; i++) {
		acc = op(acc, (T)in[i]);
		out[i] = acc;
	}
}
template<class I, class O, class T, class Op> void __ws_scan(I in, O out, long n, T *type_tag, Op op)
{
	(void)type_tag;
	if (n <= 0)
		return;
	if (n <= 256) {
		scan_seq_kernel<I, O, T, Op><<<1, 1>>>(in, out, n, op);
		return;
	}
	int nb = __ws_blocks(n) < 64 ? __ws_blocks(n) : 64;
	long nth = (long)nb * 256;
	long chunk = __ws_chunk(n, nth);
	if (chunk < 8)
		chunk = 8; /* so that the totals to scan are fewer than the elements */
	long used = (n + chunk - 1) / chunk;
	T *sums = 0;
	cudaMalloc((void **)&sums, nth * sizeof(T));
	scan_chunks_kernel<<<nb, 256>>>(in, out, n, chunk, op, sums);
	__ws_scan(sums, sums, used, (T *)0, op);
	scan_add_kernel<<<nb, 256>>>(out, n, chunk, op, sums);
	cudaFree(sums);
}
template<class I, class O, class T, class Op> __global__ void exclusive_shift_kernel(I inc, O out, long n, T init, Op op)
{
	__WS_FOR(i, n)
		out[i] = i == 0 ? init : op(init, (T)inc[i - 1]);
}

/* one pass of a stable bottom-up merge sort: runs of width w are merged in
 * pairs, each element finding its place by binary search in the other run */
template<class K, class V, class C> __global__ void merge_pass_kernel(const K *ki, const V *vi, K *ko, V *vo, long n, long w, C comp)
{
	__WS_FOR(i, n) {
		long run = i / (2 * w) * (2 * w);
		long mid = run + w < n ? run + w : n;
		long end = run + 2 * w < n ? run + 2 * w : n;
		K x = ki[i];
		long lo, hi, pos;
		if (i < mid) {
			lo = mid;
			hi = end;
			while (lo < hi) {
				long m = (lo + hi) / 2;
				if (comp(ki[m], x))
					lo = m + 1;
				else
					hi = m;
			}
			pos = i + (lo - mid);
		} else {
			lo = run;
			hi = mid;
			while (lo < hi) {
				long m = (lo + hi) / 2;
				if (!comp(x, ki[m]))
					lo = m + 1;
				else
					hi = m;
			}
			pos = run + (i - mid) + (lo - run);
		}
		ko[pos] = x;
		if (vi)
			vo[pos] = vi[i];
	}
}
template<class K, class V, class C> void __ws_sort(K *keys, V *vals, long n, C comp)
{
	if (n < 2)
		return;
	K *kt = 0;
	V *vt = 0;
	cudaMalloc((void **)&kt, n * sizeof(K));
	if (vals)
		cudaMalloc((void **)&vt, n * sizeof(V));
	K *ka = keys, *kb = kt;
	V *va = vals, *vb = vt;
	for (long w = 1; w < n; w *= 2) {
		merge_pass_kernel<<<__ws_blocks(n), 256>>>(ka, va, kb, vb, n, w, comp);
		K *k = ka;
		ka = kb;
		kb = k;
		V *v = va;
		va = vb;
		vb = v;
	}
	if (ka != keys) {
		cudaMemcpy(keys, ka, n * sizeof(K), cudaMemcpyDeviceToDevice);
		if (vals)
			cudaMemcpy(vals, va, n * sizeof(V), cudaMemcpyDeviceToDevice);
	}
	cudaFree(kt);
	if (vt)
		cudaFree(vt);
}
/* the same merge sort on the host */
template<class K, class V, class C> void __ws_host_sort(K *keys, V *vals, long n, C comp)
{
	if (n < 2)
		return;
	K *kt = (K *)malloc(n * sizeof(K));
	V *vt = vals ? (V *)malloc(n * sizeof(V)) : (V *)0;
	K *ka = keys, *kb = kt;
	V *va = vals, *vb = vt;
	for (long w = 1; w < n; w *= 2) {
		for (long run = 0; run < n; run += 2 * w) {
			long mid = run + w < n ? run + w : n;
			long end = run + 2 * w < n ? run + 2 * w : n;
			long i = run, j = mid, o = run;
			while (i < mid && j < end) {
				if (comp(ka[j], ka[i])) {
					kb[o] = ka[j];
					if (va)
						vb[o] = va[j];
					j++;
				} else {
					kb[o] = ka[i];
					if (va)
						vb[o] = va[i];
					i++;
				}
				o++;
			}
			for (; i < mid; i++, o++) {
				kb[o] = ka[i];
				if (va)
					vb[o] = va[i];
			}
			for (; j < end; j++, o++) {
				kb[o] = ka[j];
				if (va)
					vb[o] = va[j];
			}
		}
		K *k = ka;
		ka = kb;
		kb = k;
		V *v = va;
		va = vb;
		vb = v;
	}
	if (ka != keys) {
		memcpy(keys, ka, n * sizeof(K));
		if (vals)
			memcpy(vals, va, n * sizeof(V));
	}
	free(kt);
	if (vt)
		free(vt);
}

/* min_element / max_element: the index of the first element that no other
 * beats */
template<class I, class C> __global__ void extremum_chunks_kernel(I in, long n, long chunk, C better, long *best)
{
	long t = blockIdx.x * (long)blockDim.x + threadIdx.x;
	long b = t * chunk, e = b + chunk;
	if (e > n)
		e = n;
	if (b >= e) {
		best[t] = -1;
		return;
	}
	long r = b;
	for (long i = b + 1; i < e; i++)
		if (better(in[i], in[r]))
			r = i;
	best[t] = r;
}
template<class I, class C> __global__ void extremum_final_kernel(I in, long nth, C better, long *best)
{
	long r = -1;
	for (long t = 0; t < nth; t++) {
		long c = best[t];
		if (c >= 0 && (r < 0 || better(in[c], in[r])))
			r = c;
	}
	best[nth] = r;
}
template<class I, class C> long __ws_extremum(I in, long n, C better)
{
	if (n <= 0)
		return 0;
	int nb = __ws_blocks(n) < 64 ? __ws_blocks(n) : 64;
	long nth = (long)nb * 256;
	long *best = 0;
	cudaMalloc((void **)&best, (nth + 1) * sizeof(long));
	extremum_chunks_kernel<<<nb, 256>>>(in, n, __ws_chunk(n, nth), better, best);
	extremum_final_kernel<<<1, 1>>>(in, nth, better, best);
	long r;
	cudaMemcpy(&r, best + nth, sizeof(long), cudaMemcpyDeviceToHost);
	cudaFree(best);
	return r;
}
/* a beats b for max_element: b < a (so the first largest stays) */
template<class C> struct __ws_greater_by {
	C c;
	template<class T> __host__ __device__ bool operator()(const T &a, const T &b) const { return c(b, a); }
};

/* copy_if: the kept elements' places from a scan of 0/1 flags */
template<class I, class P> __global__ void flag_kernel(I in, long n, P pred, long *flags)
{
	__WS_FOR(i, n)
		flags[i] = pred(in[i]) ? 1 : 0;
}
template<class I, class O> __global__ void compact_kernel(I in, long n, const long *pos, O out)
{
	__WS_FOR(i, n)
		if ((i == 0 && pos[0] == 1) || (i > 0 && pos[i] != pos[i - 1]))
			out[pos[i] - 1] = in[i];
}
template<class P> struct __ws_not_pred {
	P p;
	template<class T> __host__ __device__ bool operator()(const T &x) const { return !p(x); }
};
template<class V> struct __ws_ne_value {
	V v;
	template<class T> __host__ __device__ bool operator()(const T &x) const { return !(x == v); }
};
template<class I, class O, class P> long __ws_copy_if(I in, long n, O out, P pred)
{
	if (n <= 0)
		return 0;
	long *flags = 0;
	cudaMalloc((void **)&flags, n * sizeof(long));
	flag_kernel<<<__ws_blocks(n), 256>>>(in, n, pred, flags);
	__ws_scan(flags, flags, n, (long *)0, thrust::plus<long>());
	compact_kernel<<<__ws_blocks(n), 256>>>(in, n, flags, out);
	long k;
	cudaMemcpy(&k, flags + n - 1, sizeof(long), cudaMemcpyDeviceToHost);
	cudaFree(flags);
	return k;
}
template<class T, class C> struct __ws_unsorted_at {
	const T *p;
	C c;
	__host__ __device__ long operator()(const counting_iterator<long> &in, long i) const { return c(p[i + 1], p[i]) ? 1 : 0; }
};
template<class I1, class I2, class P> struct __ws_mismatch {
	I1 a;
	I2 b;
	P p;
	__host__ __device__ long operator()(const counting_iterator<long> &in, long i) const { return p(a[i], b[i]) ? 0 : 1; }
};
template<class T> struct __ws_eq {
	template<class A, class B> __host__ __device__ bool operator()(const A &a, const B &b) const { return a == b; }
};
#undef __WS_FOR
}

/* ---- vectors (a host_vector becomes a device_vector through its
 * conversion function, so that neither class names the other in its
 * declarations) ---- */
template<class T> class device_vector {
public:
	typedef T value_type;
	typedef size_t size_type;
	typedef long difference_type;
	typedef device_ptr<T> iterator;
	typedef device_ptr<T> const_iterator;
	typedef device_ptr<T> pointer;
	typedef device_reference<T> reference;
	T *__d;
	size_t __n, __c;

	void __grow(size_t need)
	{
		if (need <= __c)
			return;
		size_t c = __c * 2 > need ? __c * 2 : need;
		T *p = 0;
		if (cudaMalloc((void **)&p, c * sizeof(T)) != cudaSuccess) {
			fprintf(stderr, "terminate called after throwing an instance of 'thrust::system::detail::bad_alloc'\n"
					"  what():  std::bad_alloc: cudaErrorMemoryAllocation: out of memory\n");
			abort();
		}
		if (__n)
			cudaMemcpy(p, __d, __n * sizeof(T), cudaMemcpyDeviceToDevice);
		if (__d)
			cudaFree(__d);
		__d = p;
		__c = c;
	}
	void __fill(size_t from, size_t to, const T &v)
	{
		if (to > from)
			detail::fill_kernel<<<detail::__ws_blocks((long)(to - from)), 256>>>(__d + from, (long)(to - from), v);
	}
	void __from_host(const T *p, size_t n)
	{
		__grow(n);
		__n = n;
		if (n)
			cudaMemcpy(__d, p, n * sizeof(T), cudaMemcpyHostToDevice);
	}
	void __from_device(const T *p, size_t n)
	{
		__grow(n);
		__n = n;
		if (n)
			cudaMemcpy(__d, p, n * sizeof(T), cudaMemcpyDeviceToDevice);
	}

	device_vector() : __d(0), __n(0), __c(0) {}
	device_vector(size_t n) : __d(0), __n(0), __c(0)
	{
		__grow(n);
		__n = n;
		__fill(0, n, T());
	}
	device_vector(size_t n, const T &v) : __d(0), __n(0), __c(0)
	{
		__grow(n);
		__n = n;
		__fill(0, n, v);
	}
	device_vector(const device_vector &o) : __d(0), __n(0), __c(0) { __from_device(o.__d, o.__n); }
	device_vector(const std::vector<T> &h) : __d(0), __n(0), __c(0) { __from_host(h.data(), h.size()); }
	device_vector(const T *first, const T *last) : __d(0), __n(0), __c(0) { __from_host(first, (size_t)(last - first)); }
	device_vector(device_ptr<T> first, device_ptr<T> last) : __d(0), __n(0), __c(0) { __from_device(first.__p, (size_t)(last - first)); }
	~device_vector()
	{
		if (__d)
			cudaFree(__d);
	}
	device_vector &operator=(const device_vector &o)
	{
		if (this != &o)
			__from_device(o.__d, o.__n);
		return *this;
	}
	/* from a host_vector or std::vector (a template, so that the
	 * host_vector need not be declared here) */
	template<class V> device_vector &operator=(const V &h)
	{
		__from_host(h.data(), h.size());
		return *this;
	}

	size_t size() const { return __n; }
	size_t capacity() const { return __c; }
	size_t max_size() const { return (size_t)-1 / sizeof(T); }
	bool empty() const { return __n == 0; }
	void reserve(size_t n) { __grow(n); }
	void shrink_to_fit() {}
	void clear() { __n = 0; }
	void resize(size_t n)
	{
		__grow(n);
		if (n > __n)
			__fill(__n, n, T());
		__n = n;
	}
	void resize(size_t n, const T &v)
	{
		__grow(n);
		if (n > __n)
			__fill(__n, n, v);
		__n = n;
	}
	void push_back(const T &v)
	{
		__grow(__n + 1);
		cudaMemcpy(__d + __n, &v, sizeof(T), cudaMemcpyHostToDevice);
		__n++;
	}
	void pop_back()
	{
		if (__n)
			__n--;
	}
	void swap(device_vector &o)
	{
		T *d = __d;
		size_t n = __n, c = __c;
		__d = o.__d;
		__n = o.__n;
		__c = o.__c;
		o.__d = d;
		o.__n = n;
		o.__c = c;
	}
	device_ptr<T> begin() const { return device_ptr<T>(__d); }
	device_ptr<T> end() const { return device_ptr<T>(__d + __n); }
	device_ptr<T> cbegin() const { return device_ptr<T>(__d); }
	device_ptr<T> cend() const { return device_ptr<T>(__d + __n); }
	device_ptr<T> data() const { return device_ptr<T>(__d); }
	device_reference<T> operator[](size_t i) const { return device_reference<T>(__d + i); }
	device_reference<T> front() const { return device_reference<T>(__d); }
	device_reference<T> back() const { return device_reference<T>(__d + __n - 1); }
};

template<class T> class host_vector {
public:
	typedef T value_type;
	typedef size_t size_type;
	typedef long difference_type;
	typedef T *iterator;
	typedef const T *const_iterator;
	typedef T &reference;
	typedef const T &const_reference;
	std::vector<T> __v;
	host_vector() {}
	host_vector(size_t n) : __v(n) {}
	host_vector(size_t n, const T &v) : __v(n, v) {}
	host_vector(const T *first, const T *last) : __v(first, last) {}
	host_vector(const host_vector &o) : __v(o.__v) {}
	host_vector(const std::vector<T> &o) : __v(o) {}
	host_vector(const device_vector<T> &d) : __v(d.size())
	{
		if (d.size())
			cudaMemcpy(__v.data(), d.__d, d.size() * sizeof(T), cudaMemcpyDeviceToHost);
	}
	host_vector(device_ptr<T> first, device_ptr<T> last) : __v((size_t)(last - first))
	{
		if (last - first > 0)
			cudaMemcpy(__v.data(), first.__p, (size_t)(last - first) * sizeof(T), cudaMemcpyDeviceToHost);
	}
	host_vector &operator=(const host_vector &o)
	{
		__v = o.__v;
		return *this;
	}
	host_vector &operator=(const std::vector<T> &o)
	{
		__v = o;
		return *this;
	}
	host_vector &operator=(const device_vector<T> &d)
	{
		__v.resize(d.size());
		if (d.size())
			cudaMemcpy(__v.data(), d.__d, d.size() * sizeof(T), cudaMemcpyDeviceToHost);
		return *this;
	}
	size_t size() const { return __v.size(); }
	size_t capacity() const { return __v.capacity(); }
	bool empty() const { return __v.empty(); }
	void reserve(size_t n) { __v.reserve(n); }
	void shrink_to_fit() {}
	void clear() { __v.clear(); }
	void resize(size_t n) { __v.resize(n); }
	void resize(size_t n, const T &x) { __v.resize(n, x); }
	void push_back(const T &x) { __v.push_back(x); }
	void pop_back() { __v.pop_back(); }
	T &operator[](size_t i) { return __v[i]; }
	const T &operator[](size_t i) const { return __v[i]; }
	T &front() { return __v.front(); }
	T &back() { return __v.back(); }
	T *data() { return __v.data(); }
	const T *data() const { return __v.data(); }
	T *begin() { return __v.begin(); }
	T *end() { return __v.end(); }
	const T *begin() const { return __v.begin(); }
	const T *end() const { return __v.end(); }
	const T *cbegin() const { return __v.begin(); }
	const T *cend() const { return __v.end(); }
	void swap(host_vector &o) { __v.swap(o.__v); }
	operator device_vector<T>() const
	{
		device_vector<T> d;
		d.__from_host(__v.data(), __v.size());
		return d;
	}
};

/* ---- algorithms: each one chooses the device kernel or the host loop by
 * the system of its iterators (or its execution policy) ---- */

/* fill, fill_n, sequence */
template<class I, class T> void __ws_fill(__ws_host_tag, I first, I last, const T &v)
{
	for (; first != last; ++first)
		*first = v;
}
template<class I, class T> void __ws_fill(__ws_device_tag, I first, I last, const T &v)
{
	long n = last - first;
	if (n > 0)
		detail::fill_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), n, (typename __ws_it<I>::value_type)v);
}
template<class I, class T> void fill(I first, I last, const T &v)
{
	typename __ws_it<I>::sys s;
	__ws_fill(s, first, last, v);
}
template<class I, class T> void fill(detail::device_t, I first, I last, const T &v) { __ws_fill(__ws_device_tag(), first, last, v); }
template<class I, class T> void fill(detail::host_t, I first, I last, const T &v) { __ws_fill(__ws_host_tag(), first, last, v); }
template<class I, class N, class T> I fill_n(I first, N n, const T &v)
{
	fill(first, first + (long)n, v);
	return first + (long)n;
}

template<class I, class T> void __ws_sequence(__ws_host_tag, I first, I last, T init, T step)
{
	for (long i = 0; first != last; ++first, ++i)
		*first = (T)(init + (T)i * step);
}
template<class I, class T> void __ws_sequence(__ws_device_tag, I first, I last, T init, T step)
{
	long n = last - first;
	if (n > 0)
		detail::sequence_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), n, init, step);
}
template<class I> void sequence(I first, I last)
{
	typename __ws_it<I>::sys s;
	typedef typename __ws_it<I>::value_type V;
	__ws_sequence(s, first, last, (V)0, (V)1);
}
template<class I, class T> void sequence(I first, I last, T init)
{
	typename __ws_it<I>::sys s;
	typedef typename __ws_it<I>::value_type V;
	__ws_sequence(s, first, last, (V)init, (V)1);
}
template<class I, class T> void sequence(I first, I last, T init, T step)
{
	typename __ws_it<I>::sys s;
	typedef typename __ws_it<I>::value_type V;
	__ws_sequence(s, first, last, (V)init, (V)step);
}
template<class I> void sequence(detail::device_t, I first, I last)
{
	typedef typename __ws_it<I>::value_type V;
	__ws_sequence(__ws_device_tag(), first, last, (V)0, (V)1);
}

/* copy, copy_n */
template<class I, class O> O __ws_copy(__ws_host_tag, __ws_host_tag, I first, I last, O out)
{
	for (; first != last; ++first, ++out)
		*out = *first;
	return out;
}
template<class T> T *__ws_copy(__ws_device_tag, __ws_host_tag, device_ptr<T> first, device_ptr<T> last, T *out)
{
	long n = last - first;
	if (n > 0)
		cudaMemcpy(out, first.__p, n * sizeof(T), cudaMemcpyDeviceToHost);
	return out + n;
}
template<class T> device_ptr<T> __ws_copy(__ws_host_tag, __ws_device_tag, const T *first, const T *last, device_ptr<T> out)
{
	long n = last - first;
	if (n > 0)
		cudaMemcpy(out.__p, first, n * sizeof(T), cudaMemcpyHostToDevice);
	return out + n;
}
template<class T> device_ptr<T> __ws_copy(__ws_host_tag, __ws_device_tag, T *first, T *last, device_ptr<T> out)
{
	long n = last - first;
	if (n > 0)
		cudaMemcpy(out.__p, first, n * sizeof(T), cudaMemcpyHostToDevice);
	return out + n;
}
template<class I, class O> O __ws_copy(__ws_device_tag, __ws_device_tag, I first, I last, O out)
{
	long n = last - first;
	if (n > 0)
		detail::copy_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), __ws_dev(out), n);
	return out + n;
}
template<class I, class O> O __ws_copy(__ws_any_tag, __ws_device_tag, I first, I last, O out)
{
	return __ws_copy(__ws_device_tag(), __ws_device_tag(), first, last, out);
}
template<class I, class O> O copy(I first, I last, O out)
{
	typename __ws_it<I>::sys a;
	typename __ws_it<O>::sys b;
	return __ws_copy(a, b, first, last, out);
}
template<class I, class O> O copy(detail::device_t, I first, I last, O out) { return __ws_copy(__ws_device_tag(), __ws_device_tag(), first, last, out); }
template<class I, class O> O copy(detail::host_t, I first, I last, O out) { return __ws_copy(__ws_host_tag(), __ws_host_tag(), first, last, out); }
template<class I, class N, class O> O copy_n(I first, N n, O out) { return copy(first, first + (long)n, out); }

/* transform */
template<class I, class O, class F> O __ws_transform(__ws_host_tag, I first, I last, O out, F f)
{
	for (; first != last; ++first, ++out)
		*out = f(*first);
	return out;
}
template<class I, class O, class F> O __ws_transform(__ws_device_tag, I first, I last, O out, F f)
{
	long n = last - first;
	if (n > 0)
		detail::transform_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), __ws_dev(out), n, f);
	return out + n;
}
template<class I1, class I2, class O, class F> O __ws_transform2(__ws_host_tag, I1 first, I1 last, I2 first2, O out, F f)
{
	for (; first != last; ++first, ++first2, ++out)
		*out = f(*first, *first2);
	return out;
}
template<class I1, class I2, class O, class F> O __ws_transform2(__ws_device_tag, I1 first, I1 last, I2 first2, O out, F f)
{
	long n = last - first;
	if (n > 0)
		detail::transform2_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), __ws_dev(first2), __ws_dev(out), n, f);
	return out + n;
}
template<class I, class O, class F> O transform(I first, I last, O out, F f)
{
	typename __ws_sys2<typename __ws_it<I>::sys, typename __ws_it<O>::sys>::type s;
	return __ws_transform(s, first, last, out, f);
}
template<class I1, class I2, class O, class F> O transform(I1 first, I1 last, I2 first2, O out, F f)
{
	typename __ws_sys2<typename __ws_it<I1>::sys, typename __ws_it<O>::sys>::type s;
	return __ws_transform2(s, first, last, first2, out, f);
}
template<class I, class O, class F> O transform(detail::device_t, I first, I last, O out, F f) { return __ws_transform(__ws_device_tag(), first, last, out, f); }
template<class I, class O, class F> O transform(detail::host_t, I first, I last, O out, F f) { return __ws_transform(__ws_host_tag(), first, last, out, f); }
template<class I1, class I2, class O, class F> O transform(detail::device_t, I1 first, I1 last, I2 first2, O out, F f)
{
	return __ws_transform2(__ws_device_tag(), first, last, first2, out, f);
}
template<class I1, class I2, class O, class F> O transform(detail::host_t, I1 first, I1 last, I2 first2, O out, F f)
{
	return __ws_transform2(__ws_host_tag(), first, last, first2, out, f);
}

/* for_each, replace, gather, scatter, generate */
template<class I, class F> I __ws_for_each(__ws_host_tag, I first, I last, F f)
{
	for (; first != last; ++first)
		f(*first);
	return last;
}
template<class I, class F> I __ws_for_each(__ws_device_tag, I first, I last, F f)
{
	long n = last - first;
	if (n > 0)
		detail::for_each_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), n, f);
	return last;
}
template<class I, class F> I for_each(I first, I last, F f)
{
	typename __ws_it<I>::sys s;
	return __ws_for_each(s, first, last, f);
}
template<class I, class F> I for_each(detail::device_t, I first, I last, F f) { return __ws_for_each(__ws_device_tag(), first, last, f); }
template<class I, class N, class F> I for_each_n(I first, N n, F f) { return for_each(first, first + (long)n, f); }

template<class I, class T> void __ws_replace(__ws_host_tag, I first, I last, const T &o, const T &v)
{
	for (; first != last; ++first)
		if (*first == o)
			*first = v;
}
template<class I, class T> void __ws_replace(__ws_device_tag, I first, I last, const T &o, const T &v)
{
	long n = last - first;
	if (n > 0)
		detail::replace_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), n, o, v);
}
template<class I, class T> void replace(I first, I last, const T &old_value, const T &new_value)
{
	typename __ws_it<I>::sys s;
	__ws_replace(s, first, last, old_value, new_value);
}
template<class I, class P, class T> void __ws_replace_if(__ws_host_tag, I first, I last, P pred, const T &v)
{
	for (; first != last; ++first)
		if (pred(*first))
			*first = v;
}
template<class I, class P, class T> void __ws_replace_if(__ws_device_tag, I first, I last, P pred, const T &v)
{
	long n = last - first;
	if (n > 0)
		detail::replace_if_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), n, pred, v);
}
template<class I, class P, class T> void replace_if(I first, I last, P pred, const T &new_value)
{
	typename __ws_it<I>::sys s;
	__ws_replace_if(s, first, last, pred, new_value);
}

template<class M, class I, class O> O __ws_gather(__ws_host_tag, M mf, M ml, I in, O out)
{
	for (; mf != ml; ++mf, ++out)
		*out = in[*mf];
	return out;
}
template<class M, class I, class O> O __ws_gather(__ws_device_tag, M mf, M ml, I in, O out)
{
	long n = ml - mf;
	if (n > 0)
		detail::gather_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(mf), __ws_dev(in), __ws_dev(out), n);
	return out + n;
}
template<class M, class I, class O> O gather(M map_first, M map_last, I input_first, O result)
{
	typename __ws_sys2<typename __ws_it<M>::sys, typename __ws_it<I>::sys>::type s;
	return __ws_gather(s, map_first, map_last, input_first, result);
}
template<class I, class M, class O> void __ws_scatter(__ws_host_tag, I f, I l, M map, O out)
{
	for (; f != l; ++f, ++map)
		out[*map] = *f;
}
template<class I, class M, class O> void __ws_scatter(__ws_device_tag, I f, I l, M map, O out)
{
	long n = l - f;
	if (n > 0)
		detail::scatter_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(f), __ws_dev(map), __ws_dev(out), n);
}
template<class I, class M, class O> void scatter(I first, I last, M map, O result)
{
	typename __ws_sys2<typename __ws_it<I>::sys, typename __ws_it<O>::sys>::type s;
	__ws_scatter(s, first, last, map, result);
}

template<class I, class G> void __ws_generate(__ws_host_tag, I first, I last, G g)
{
	for (; first != last; ++first)
		*first = g();
}
template<class I, class G> void __ws_generate(__ws_device_tag, I first, I last, G g)
{
	long n = last - first;
	if (n > 0)
		detail::generate_kernel<<<detail::__ws_blocks(n), 256>>>(__ws_dev(first), n, g);
}
template<class I, class G> void generate(I first, I last, G g)
{
	typename __ws_it<I>::sys s;
	__ws_generate(s, first, last, g);
}
template<class I, class N, class G> I generate_n(I first, N n, G g)
{
	generate(first, first + (long)n, g);
	return first + (long)n;
}

/* reduce, transform_reduce, inner_product, count, count_if */
template<class I, class T, class Op> T __ws_reduce(__ws_host_tag, I first, I last, T init, Op op)
{
	for (; first != last; ++first)
		init = op(init, (T)*first);
	return init;
}
template<class I, class T, class Op> T __ws_reduce(__ws_device_tag, I first, I last, T init, Op op)
{
	detail::map_value<T> m;
	return detail::__ws_reduce(__ws_dev(first), (long)(last - first), init, m, op);
}
template<class I> typename __ws_it<I>::value_type reduce(I first, I last)
{
	typename __ws_it<I>::sys s;
	typedef typename __ws_it<I>::value_type V;
	return __ws_reduce(s, first, last, (V)0, thrust::plus<V>());
}
template<class I, class T> T reduce(I first, I last, T init)
{
	typename __ws_it<I>::sys s;
	return __ws_reduce(s, first, last, init, thrust::plus<T>());
}
template<class I, class T, class Op> T reduce(I first, I last, T init, Op op)
{
	typename __ws_it<I>::sys s;
	return __ws_reduce(s, first, last, init, op);
}
template<class I> typename __ws_it<I>::value_type reduce(detail::device_t, I first, I last)
{
	typedef typename __ws_it<I>::value_type V;
	return __ws_reduce(__ws_device_tag(), first, last, (V)0, thrust::plus<V>());
}
template<class I, class T> T reduce(detail::device_t, I first, I last, T init)
{
	return __ws_reduce(__ws_device_tag(), first, last, init, thrust::plus<T>());
}
template<class I, class T, class Op> T reduce(detail::device_t, I first, I last, T init, Op op)
{
	return __ws_reduce(__ws_device_tag(), first, last, init, op);
}
template<class I> typename __ws_it<I>::value_type reduce(detail::host_t, I first, I last)
{
	typedef typename __ws_it<I>::value_type V;
	return __ws_reduce(__ws_host_tag(), first, last, (V)0, thrust::plus<V>());
}
template<class I, class T, class Op> T reduce(detail::host_t, I first, I last, T init, Op op)
{
	return __ws_reduce(__ws_host_tag(), first, last, init, op);
}

template<class I, class F, class T, class Op> T __ws_transform_reduce(__ws_host_tag, I first, I last, F f, T init, Op op)
{
	for (; first != last; ++first)
		init = op(init, (T)f(*first));
	return init;
}
template<class I, class F, class T, class Op> T __ws_transform_reduce(__ws_device_tag, I first, I last, F f, T init, Op op)
{
	detail::map_unary<T, F> m;
	m.f = f;
	return detail::__ws_reduce(__ws_dev(first), (long)(last - first), init, m, op);
}
template<class I, class F, class T, class Op> T transform_reduce(I first, I last, F f, T init, Op op)
{
	typename __ws_it<I>::sys s;
	return __ws_transform_reduce(s, first, last, f, init, op);
}
template<class I, class F, class T, class Op> T transform_reduce(detail::device_t, I first, I last, F f, T init, Op op)
{
	return __ws_transform_reduce(__ws_device_tag(), first, last, f, init, op);
}

template<class I1, class I2, class T, class Op1, class Op2> T __ws_inner_product(__ws_host_tag, I1 f1, I1 l1, I2 f2, T init, Op1 sum, Op2 prod)
{
	for (; f1 != l1; ++f1, ++f2)
		init = sum(init, (T)prod(*f1, *f2));
	return init;
}
template<class I1, class I2, class T, class Op1, class Op2> T __ws_inner_product(__ws_device_tag, I1 f1, I1 l1, I2 f2, T init, Op1 sum, Op2 prod)
{
	long n = l1 - f1;
	int nb = detail::__ws_blocks(n) < 64 ? detail::__ws_blocks(n) : 64;
	long nth = (long)nb * 256;
	T *sums = 0;
	int *has = 0;
	cudaMalloc((void **)&sums, (nth + 1) * sizeof(T));
	cudaMalloc((void **)&has, nth * sizeof(int));
	if (n > 0)
		detail::inner_chunks_kernel<<<nb, 256>>>(__ws_dev(f1), __ws_dev(f2), n, detail::__ws_chunk(n, nth), sum, prod, sums, has);
	else
		cudaMemset(has, 0, nth * sizeof(int));
	detail::reduce_final_kernel<<<1, 1>>>(sums, has, nth, init, sum, sums + nth);
	T r;
	cudaMemcpy(&r, sums + nth, sizeof(T), cudaMemcpyDeviceToHost);
	cudaFree(sums);
	cudaFree(has);
	return r;
}
template<class I1, class I2, class T> T inner_product(I1 f1, I1 l1, I2 f2, T init)
{
	typename __ws_it<I1>::sys s;
	return __ws_inner_product(s, f1, l1, f2, init, thrust::plus<T>(), thrust::multiplies<T>());
}
template<class I1, class I2, class T, class Op1, class Op2> T inner_product(I1 f1, I1 l1, I2 f2, T init, Op1 sum, Op2 prod)
{
	typename __ws_it<I1>::sys s;
	return __ws_inner_product(s, f1, l1, f2, init, sum, prod);
}

template<class I, class T> long __ws_count(__ws_host_tag, I first, I last, const T &v)
{
	long n = 0;
	for (; first != last; ++first)
		if (*first == v)
			n++;
	return n;
}
template<class I, class T> long __ws_count(__ws_device_tag, I first, I last, const T &v)
{
	detail::map_equal<T> m;
	m.v = v;
	return detail::__ws_reduce(__ws_dev(first), (long)(last - first), 0L, m, thrust::plus<long>());
}
template<class I, class T> long count(I first, I last, const T &v)
{
	typename __ws_it<I>::sys s;
	return __ws_count(s, first, last, v);
}
template<class I, class P> long __ws_count_if(__ws_host_tag, I first, I last, P p)
{
	long n = 0;
	for (; first != last; ++first)
		if (p(*first))
			n++;
	return n;
}
template<class I, class P> long __ws_count_if(__ws_device_tag, I first, I last, P p)
{
	detail::map_pred<P> m;
	m.p = p;
	return detail::__ws_reduce(__ws_dev(first), (long)(last - first), 0L, m, thrust::plus<long>());
}
template<class I, class P> long count_if(I first, I last, P p)
{
	typename __ws_it<I>::sys s;
	return __ws_count_if(s, first, last, p);
}

/* min_element, max_element, minmax_element */
template<class I, class C> I __ws_best(__ws_host_tag, I first, I last, C better)
{
	if (first == last)
		return last;
	I r = first;
	for (++first; first != last; ++first)
		if (better(*first, *r))
			r = first;
	return r;
}
template<class I, class C> I __ws_best(__ws_device_tag, I first, I last, C better)
{
	return first + detail::__ws_extremum(__ws_dev(first), (long)(last - first), better);
}
template<class I> I min_element(I first, I last)
{
	typename __ws_it<I>::sys s;
	return __ws_best(s, first, last, thrust::less<typename __ws_it<I>::value_type>());
}
template<class I, class C> I min_element(I first, I last, C comp)
{
	typename __ws_it<I>::sys s;
	return __ws_best(s, first, last, comp);
}
template<class I> I max_element(I first, I last)
{
	typename __ws_it<I>::sys s;
	detail::__ws_greater_by<thrust::less<typename __ws_it<I>::value_type> > g;
	return __ws_best(s, first, last, g);
}
template<class I, class C> I max_element(I first, I last, C comp)
{
	typename __ws_it<I>::sys s;
	detail::__ws_greater_by<C> g;
	g.c = comp;
	return __ws_best(s, first, last, g);
}

/* equal, is_sorted */
template<class I1, class I2, class P> bool __ws_equal(__ws_host_tag, I1 f1, I1 l1, I2 f2, P p)
{
	for (; f1 != l1; ++f1, ++f2)
		if (!p(*f1, *f2))
			return false;
	return true;
}
template<class I1, class I2, class P> bool __ws_equal(__ws_device_tag, I1 f1, I1 l1, I2 f2, P p)
{
	detail::__ws_mismatch<typename __ws_it<I1>::dev, typename __ws_it<I2>::dev, P> m;
	m.a = __ws_dev(f1);
	m.b = __ws_dev(f2);
	m.p = p;
	return detail::__ws_reduce(counting_iterator<long>(0), (long)(l1 - f1), 0L, m, thrust::plus<long>()) == 0;
}
template<class I1, class I2> bool equal(I1 f1, I1 l1, I2 f2)
{
	typename __ws_it<I1>::sys s;
	detail::__ws_eq<int> e;
	return __ws_equal(s, f1, l1, f2, e);
}
template<class I1, class I2, class P> bool equal(I1 f1, I1 l1, I2 f2, P p)
{
	typename __ws_it<I1>::sys s;
	return __ws_equal(s, f1, l1, f2, p);
}
template<class I, class C> bool __ws_is_sorted(__ws_host_tag, I first, I last, C comp)
{
	if (first == last)
		return true;
	I prev = first;
	for (++first; first != last; ++first, ++prev)
		if (comp(*first, *prev))
			return false;
	return true;
}
template<class I, class C> bool __ws_is_sorted(__ws_device_tag, I first, I last, C comp)
{
	long n = last - first;
	if (n < 2)
		return true;
	detail::__ws_unsorted_at<typename __ws_it<I>::value_type, C> m;
	m.p = __ws_dev(first);
	m.c = comp;
	return detail::__ws_reduce(counting_iterator<long>(0), n - 1, 0L, m, thrust::plus<long>()) == 0;
}
template<class I> bool is_sorted(I first, I last)
{
	typename __ws_it<I>::sys s;
	return __ws_is_sorted(s, first, last, thrust::less<typename __ws_it<I>::value_type>());
}
template<class I, class C> bool is_sorted(I first, I last, C comp)
{
	typename __ws_it<I>::sys s;
	return __ws_is_sorted(s, first, last, comp);
}

/* sort, stable_sort, sort_by_key, stable_sort_by_key */
template<class I, class C> void __ws_sort(__ws_host_tag, I first, I last, C comp)
{
	typedef typename __ws_it<I>::value_type K;
	detail::__ws_host_sort(&*first, (K *)0, (long)(last - first), comp);
}
template<class I, class C> void __ws_sort(__ws_device_tag, I first, I last, C comp)
{
	typedef typename __ws_it<I>::value_type K;
	detail::__ws_sort(__ws_dev(first), (K *)0, (long)(last - first), comp);
}
template<class I> void sort(I first, I last)
{
	typename __ws_it<I>::sys s;
	__ws_sort(s, first, last, thrust::less<typename __ws_it<I>::value_type>());
}
template<class I, class C> void sort(I first, I last, C comp)
{
	typename __ws_it<I>::sys s;
	__ws_sort(s, first, last, comp);
}
template<class I> void sort(detail::device_t, I first, I last) { __ws_sort(__ws_device_tag(), first, last, thrust::less<typename __ws_it<I>::value_type>()); }
template<class I, class C> void sort(detail::device_t, I first, I last, C comp) { __ws_sort(__ws_device_tag(), first, last, comp); }
template<class I> void sort(detail::host_t, I first, I last) { __ws_sort(__ws_host_tag(), first, last, thrust::less<typename __ws_it<I>::value_type>()); }
template<class I> void stable_sort(I first, I last) { sort(first, last); }
template<class I, class C> void stable_sort(I first, I last, C comp) { sort(first, last, comp); }

template<class I, class J, class C> void __ws_sort_by_key(__ws_host_tag, I kf, I kl, J vf, C comp)
{
	detail::__ws_host_sort(&*kf, &*vf, (long)(kl - kf), comp);
}
template<class I, class J, class C> void __ws_sort_by_key(__ws_device_tag, I kf, I kl, J vf, C comp)
{
	detail::__ws_sort(__ws_dev(kf), __ws_dev(vf), (long)(kl - kf), comp);
}
template<class I, class J> void sort_by_key(I kf, I kl, J vf)
{
	typename __ws_it<I>::sys s;
	__ws_sort_by_key(s, kf, kl, vf, thrust::less<typename __ws_it<I>::value_type>());
}
template<class I, class J, class C> void sort_by_key(I kf, I kl, J vf, C comp)
{
	typename __ws_it<I>::sys s;
	__ws_sort_by_key(s, kf, kl, vf, comp);
}
template<class I, class J> void sort_by_key(detail::device_t, I kf, I kl, J vf)
{
	__ws_sort_by_key(__ws_device_tag(), kf, kl, vf, thrust::less<typename __ws_it<I>::value_type>());
}
template<class I, class J> void stable_sort_by_key(I kf, I kl, J vf) { sort_by_key(kf, kl, vf); }
template<class I, class J, class C> void stable_sort_by_key(I kf, I kl, J vf, C comp) { sort_by_key(kf, kl, vf, comp); }

/* inclusive_scan, exclusive_scan */
template<class I, class O, class Op> O __ws_inclusive_scan(__ws_host_tag, I first, I last, O out, Op op)
{
	typedef typename __ws_it<I>::value_type T;
	if (first == last)
		return out;
	T acc = *first;
	*out = acc;
	for (++first, ++out; first != last; ++first, ++out) {
		acc = op(acc, (T)*first);
		*out = acc;
	}
	return out;
}
template<class I, class O, class Op> O __ws_inclusive_scan(__ws_device_tag, I first, I last, O out, Op op)
{
	typedef typename __ws_it<I>::value_type T;
	long n = last - first;
	detail::__ws_scan(__ws_dev(first), __ws_dev(out), n, (T *)0, op);
	return out + n;
}
template<class I, class O> O inclusive_scan(I first, I last, O out)
{
	typename __ws_it<I>::sys s;
	return __ws_inclusive_scan(s, first, last, out, thrust::plus<typename __ws_it<I>::value_type>());
}
template<class I, class O, class Op> O inclusive_scan(I first, I last, O out, Op op)
{
	typename __ws_it<I>::sys s;
	return __ws_inclusive_scan(s, first, last, out, op);
}
template<class I, class O, class T, class Op> O __ws_exclusive_scan(__ws_host_tag, I first, I last, O out, T init, Op op)
{
	T acc = init;
	for (; first != last; ++first, ++out) {
		T x = *first;
		*out = acc;
		acc = op(acc, x);
	}
	return out;
}
template<class I, class O, class T, class Op> O __ws_exclusive_scan(__ws_device_tag, I first, I last, O out, T init, Op op)
{
	long n = last - first;
	if (n <= 0)
		return out;
	T *inc = 0;
	cudaMalloc((void **)&inc, n * sizeof(T));
	detail::__ws_scan(__ws_dev(first), inc, n, (T *)0, op);
	detail::exclusive_shift_kernel<<<detail::__ws_blocks(n), 256>>>(inc, __ws_dev(out), n, init, op);
	cudaFree(inc);
	return out + n;
}
template<class I, class O> O exclusive_scan(I first, I last, O out)
{
	typename __ws_it<I>::sys s;
	typedef typename __ws_it<I>::value_type T;
	return __ws_exclusive_scan(s, first, last, out, (T)0, thrust::plus<T>());
}
template<class I, class O, class T> O exclusive_scan(I first, I last, O out, T init)
{
	typename __ws_it<I>::sys s;
	return __ws_exclusive_scan(s, first, last, out, init, thrust::plus<T>());
}
template<class I, class O, class T, class Op> O exclusive_scan(I first, I last, O out, T init, Op op)
{
	typename __ws_it<I>::sys s;
	return __ws_exclusive_scan(s, first, last, out, init, op);
}

/* copy_if, remove, remove_if, remove_copy_if */
template<class I, class O, class P> O __ws_copy_if(__ws_host_tag, I first, I last, O out, P pred)
{
	for (; first != last; ++first)
		if (pred(*first)) {
			*out = *first;
			++out;
		}
	return out;
}
template<class I, class O, class P> O __ws_copy_if(__ws_device_tag, I first, I last, O out, P pred)
{
	return out + detail::__ws_copy_if(__ws_dev(first), (long)(last - first), __ws_dev(out), pred);
}
template<class I, class O, class P> O copy_if(I first, I last, O out, P pred)
{
	typename __ws_it<I>::sys s;
	return __ws_copy_if(s, first, last, out, pred);
}
template<class I, class P> I __ws_remove_if(__ws_host_tag, I first, I last, P keep)
{
	I out = first;
	for (; first != last; ++first)
		if (keep(*first)) {
			*out = *first;
			++out;
		}
	return out;
}
template<class I, class P> I __ws_remove_if(__ws_device_tag, I first, I last, P keep)
{
	typedef typename __ws_it<I>::value_type T;
	long n = last - first;
	if (n <= 0)
		return first;
	T *tmp = 0;
	cudaMalloc((void **)&tmp, n * sizeof(T));
	long k = detail::__ws_copy_if(__ws_dev(first), n, tmp, keep);
	if (k > 0)
		cudaMemcpy(__ws_dev(first), tmp, k * sizeof(T), cudaMemcpyDeviceToDevice);
	cudaFree(tmp);
	return first + k;
}
template<class I, class P> I remove_if(I first, I last, P pred)
{
	typename __ws_it<I>::sys s;
	detail::__ws_not_pred<P> keep;
	keep.p = pred;
	return __ws_remove_if(s, first, last, keep);
}
template<class I, class T> I remove(I first, I last, const T &v)
{
	typename __ws_it<I>::sys s;
	detail::__ws_ne_value<T> keep;
	keep.v = v;
	return __ws_remove_if(s, first, last, keep);
}

/* ---- tuples (make_tuple, get) ---- */
template<class A, class B> struct tuple {
	A __a;
	B __b;
	__host__ __device__ tuple() : __a(), __b() {}
	__host__ __device__ tuple(const A &a, const B &b) : __a(a), __b(b) {}
};
template<class A, class B> inline __host__ __device__ tuple<A, B> make_tuple(const A &a, const B &b) { return tuple<A, B>(a, b); }
template<class A, class B> struct pair {
	typedef A first_type;
	typedef B second_type;
	A first;
	B second;
	__host__ __device__ pair() : first(), second() {}
	__host__ __device__ pair(const A &a, const B &b) : first(a), second(b) {}
};
template<class A, class B> inline __host__ __device__ pair<A, B> make_pair(const A &a, const B &b) { return pair<A, B>(a, b); }

/* ---- random numbers: the engines and distributions of thrust/random.h,
 * computing what Thrust's compute ---- */
template<class U, unsigned long long A, unsigned long long C, unsigned long long M> class linear_congruential_engine {
public:
	typedef U result_type;
	U __x;
	static __host__ __device__ U __mod(unsigned long long x) { return (U)((x * A + C) % M); }
	__host__ __device__ linear_congruential_engine() { seed(1); }
	__host__ __device__ linear_congruential_engine(U s) { seed(s); }
	__host__ __device__ void seed(U s)
	{
		if (C % M == 0 && s % M == 0)
			__x = (U)(1 % M);
		else
			__x = (U)(s % M);
	}
	__host__ __device__ U operator()()
	{
		__x = __mod(__x);
		return __x;
	}
	__host__ __device__ void discard(unsigned long long z)
	{
		/* x -> a^z x + c (a^z - 1)/(a - 1), by squaring */
		unsigned long long mul = A % M, add = C % M, am = 1, ac = 0;
		while (z) {
			if (z & 1) {
				am = am * mul % M;
				ac = (ac * mul + add) % M;
			}
			add = (mul + 1) * add % M;
			mul = mul * mul % M;
			z >>= 1;
		}
		__x = (U)((am * __x + ac) % M);
	}
	static __host__ __device__ U min() { return C == 0 ? 1 : 0; }
	static __host__ __device__ U max() { return (U)(M - 1); }
};
typedef linear_congruential_engine<unsigned int, 16807, 0, 2147483647> __ws_minstd_rand0;
typedef linear_congruential_engine<unsigned int, 48271, 0, 2147483647> __ws_minstd_rand;
typedef __ws_minstd_rand default_random_engine;
typedef __ws_minstd_rand minstd_rand;
typedef __ws_minstd_rand0 minstd_rand0;

template<class R> class uniform_real_distribution {
public:
	typedef R result_type;
	R __a, __b;
	__host__ __device__ uniform_real_distribution() : __a(0), __b(1) {}
	__host__ __device__ uniform_real_distribution(R a, R b) : __a(a), __b(b) {}
	template<class G> __host__ __device__ R operator()(G &g)
	{
		R r = (R)(g() - G::min());
		r /= ((R)1 + (R)(G::max() - G::min()));
		return r * (__b - __a) + __a;
	}
	__host__ __device__ R a() const { return __a; }
	__host__ __device__ R b() const { return __b; }
	__host__ __device__ void reset() {}
};
template<class I> class uniform_int_distribution {
public:
	typedef I result_type;
	I __a, __b;
	__host__ __device__ uniform_int_distribution() : __a(0), __b(2147483647) {}
	__host__ __device__ uniform_int_distribution(I a, I b) : __a(a), __b(b) {}
	template<class G> __host__ __device__ I operator()(G &g)
	{
		uniform_real_distribution<double> real((double)__a, (double)__b + 1.0);
		return (I)real(g);
	}
	__host__ __device__ I a() const { return __a; }
	__host__ __device__ I b() const { return __b; }
	__host__ __device__ void reset() {}
};
namespace random {
typedef __ws_minstd_rand default_random_engine;
typedef __ws_minstd_rand minstd_rand;
typedef __ws_minstd_rand0 minstd_rand0;
template<class R> class uniform_real_distribution : public thrust::uniform_real_distribution<R> {
public:
	__host__ __device__ uniform_real_distribution() {}
	__host__ __device__ uniform_real_distribution(R a, R b) : thrust::uniform_real_distribution<R>(a, b) {}
};
template<class I> class uniform_int_distribution : public thrust::uniform_int_distribution<I> {
public:
	__host__ __device__ uniform_int_distribution() {}
	__host__ __device__ uniform_int_distribution(I a, I b) : thrust::uniform_int_distribution<I>(a, b) {}
};
}

}
#endif
