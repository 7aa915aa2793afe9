/* bits/ws_gcc_atomics.h - warpstep built-in header: GCC's __sync_* and
 * __atomic_* builtins for host code (included by cuda_runtime.h, since GCC
 * provides them without any header).
 *
 * Every read-modify-write is a loop on the emulated machine's system-scope
 * compare-and-swap (atomicCAS_system), so it is atomic against the device
 * and against other host threads, and the memory model sees it as the
 * atomic it is. The memory-order arguments of the __atomic_* forms are
 * accepted and the operation is sequentially consistent, which is stronger
 * than any order a program asks for. Types: the 32- and 64-bit integers.
 * They are templates, so that a program that does not use them pays
 * nothing to compile them. */
#ifndef __WS_GCC_ATOMICS_H
#define __WS_GCC_ATOMICS_H
#define __ATOMIC_RELAXED 0
#define __ATOMIC_CONSUME 1
#define __ATOMIC_ACQUIRE 2
#define __ATOMIC_RELEASE 3
#define __ATOMIC_ACQ_REL 4
#define __ATOMIC_SEQ_CST 5

__host__ unsigned int __ws_host_cas32(unsigned int *a, unsigned int c, unsigned int v) __ws_builtin(atomicCAS_system);
__host__ unsigned long long __ws_host_cas64(unsigned long long *a, unsigned long long c, unsigned long long v) __ws_builtin(atomicCAS_system);

static inline __host__ void __sync_synchronize(void) {}
static inline __host__ void __atomic_thread_fence(int order) { (void)order; }
static inline __host__ void __atomic_signal_fence(int order) { (void)order; }

template<class T, class U, class V> static inline __host__ T __sync_val_compare_and_swap(T *p, U o, V n)
{
	if (sizeof(T) == 4)
		return (T)__ws_host_cas32((unsigned int *)p, (unsigned int)(T)o, (unsigned int)(T)n);
	return (T)__ws_host_cas64((unsigned long long *)p, (unsigned long long)(T)o, (unsigned long long)(T)n);
}
template<class T, class U, class V> static inline __host__ bool __sync_bool_compare_and_swap(T *p, U o, V n)
{
	return __sync_val_compare_and_swap(p, o, n) == (T)o;
}
#define __WS_SYNC_OP(name, E) \
template<class T, class U> static inline __host__ T __sync_fetch_and_##name(T *p, U u) \
{ \
	T v = (T)u; \
	T o = *p; \
	for (;;) { \
		T r = __sync_val_compare_and_swap(p, o, (T)(E)); \
		if (r == o) \
			return o; \
		o = r; \
	} \
} \
template<class T, class U> static inline __host__ T __sync_##name##_and_fetch(T *p, U u) \
{ \
	T v = (T)u; \
	T o = __sync_fetch_and_##name(p, v); \
	return (T)(E); \
} \
template<class T, class U> static inline __host__ T __atomic_fetch_##name(T *p, U u, int order) { (void)order; return __sync_fetch_and_##name(p, u); } \
template<class T, class U> static inline __host__ T __atomic_##name##_fetch(T *p, U u, int order) { (void)order; return __sync_##name##_and_fetch(p, u); }
__WS_SYNC_OP(add, o + v)
__WS_SYNC_OP(sub, o - v)
__WS_SYNC_OP(and, o & v)
__WS_SYNC_OP(or, o | v)
__WS_SYNC_OP(xor, o ^ v)
__WS_SYNC_OP(nand, ~(o & v))
#undef __WS_SYNC_OP
template<class T, class U> static inline __host__ T __sync_lock_test_and_set(T *p, U u)
{
	T v = (T)u;
	T o = *p;
	for (;;) {
		T r = __sync_val_compare_and_swap(p, o, v);
		if (r == o)
			return o;
		o = r;
	}
}
template<class T> static inline __host__ void __sync_lock_release(T *p) { __sync_lock_test_and_set(p, 0); }
template<class T> static inline __host__ T __atomic_load_n(T *p, int order) { (void)order; return __sync_val_compare_and_swap(p, 0, 0); }
template<class T, class U> static inline __host__ void __atomic_store_n(T *p, U v, int order) { (void)order; __sync_lock_test_and_set(p, v); }
template<class T, class U> static inline __host__ T __atomic_exchange_n(T *p, U v, int order) { (void)order; return __sync_lock_test_and_set(p, v); }
template<class T, class U> static inline __host__ bool __atomic_compare_exchange_n(T *p, T *expected, U desired, bool weak, int so, int fo)
{
	(void)weak;
	(void)so;
	(void)fo;
	T e = *expected;
	T r = __sync_val_compare_and_swap(p, e, desired);
	if (r == e)
		return true;
	*expected = r;
	return false;
}
#endif
