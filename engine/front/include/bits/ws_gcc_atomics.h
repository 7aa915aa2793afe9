/* bits/ws_gcc_atomics.h - warpstep built-in header: GCC's __sync_* and
 * __atomic_* builtins for host code (included by cuda_runtime.h, since GCC
 * provides them without any header).
 *
 * Every read-modify-write is a loop on the emulated machine's system-scope
 * compare-and-swap (atomicCAS_system), so it is atomic against the device
 * and against other host threads, and the memory model sees it as the
 * atomic it is. The memory-order arguments of the __atomic_* forms are
 * accepted and the operation is sequentially consistent, which is stronger
 * than any order a program asks for. Types: the 32- and 64-bit integers
 * (int, unsigned, long, unsigned long, long long, unsigned long long). */
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

#define __WS_SYNC_OP(T, name, E) \
static inline __host__ T __sync_fetch_and_##name(volatile T *p, T v) \
{ \
	T o = *p; \
	for (;;) { \
		T r = __sync_val_compare_and_swap(p, o, (T)(E)); \
		if (r == o) \
			return o; \
		o = r; \
	} \
} \
static inline __host__ T __sync_##name##_and_fetch(volatile T *p, T v) \
{ \
	T o = __sync_fetch_and_##name(p, v); \
	return (T)(E); \
} \
static inline __host__ T __atomic_fetch_##name(volatile T *p, T v, int order) { (void)order; return __sync_fetch_and_##name(p, v); } \
static inline __host__ T __atomic_##name##_fetch(volatile T *p, T v, int order) { (void)order; return __sync_##name##_and_fetch(p, v); }

#define __WS_SYNC_T(T, B, CAS) \
static inline __host__ T __sync_val_compare_and_swap(volatile T *p, T o, T n) { return (T)CAS((B *)p, (B)o, (B)n); } \
static inline __host__ bool __sync_bool_compare_and_swap(volatile T *p, T o, T n) { return __sync_val_compare_and_swap(p, o, n) == o; } \
__WS_SYNC_OP(T, add, o + v) \
__WS_SYNC_OP(T, sub, o - v) \
__WS_SYNC_OP(T, and, o & v) \
__WS_SYNC_OP(T, or, o | v) \
__WS_SYNC_OP(T, xor, o ^ v) \
__WS_SYNC_OP(T, nand, ~(o & v)) \
static inline __host__ T __sync_lock_test_and_set(volatile T *p, T v) \
{ \
	T o = *p; \
	for (;;) { \
		T r = __sync_val_compare_and_swap(p, o, v); \
		if (r == o) \
			return o; \
		o = r; \
	} \
} \
static inline __host__ void __sync_lock_release(volatile T *p) { __sync_lock_test_and_set(p, (T)0); } \
static inline __host__ T __atomic_load_n(volatile T *p, int order) { (void)order; return __sync_val_compare_and_swap(p, (T)0, (T)0); } \
static inline __host__ void __atomic_store_n(volatile T *p, T v, int order) { (void)order; __sync_lock_test_and_set(p, v); } \
static inline __host__ T __atomic_exchange_n(volatile T *p, T v, int order) { (void)order; return __sync_lock_test_and_set(p, v); } \
static inline __host__ bool __atomic_compare_exchange_n(volatile T *p, T *expected, T desired, bool weak, int so, int fo) \
{ \
	(void)weak; \
	(void)so; \
	(void)fo; \
	T e = *expected; \
	T r = __sync_val_compare_and_swap(p, e, desired); \
	if (r == e) \
		return true; \
	*expected = r; \
	return false; \
}

__WS_SYNC_T(int, unsigned int, __ws_host_cas32)
__WS_SYNC_T(unsigned int, unsigned int, __ws_host_cas32)
__WS_SYNC_T(long, unsigned long long, __ws_host_cas64)
__WS_SYNC_T(unsigned long, unsigned long long, __ws_host_cas64)
__WS_SYNC_T(long long, unsigned long long, __ws_host_cas64)
__WS_SYNC_T(unsigned long long, unsigned long long, __ws_host_cas64)
#undef __WS_SYNC_T
#undef __WS_SYNC_OP
#endif
