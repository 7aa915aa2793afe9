/* cuda_awbarrier_primitives.h - warpstep built-in header: the __mbarrier_*
 * primitives. An __mbarrier_t is a 64-bit word in shared memory; its state
 * (expected count, pending count, phase) is kept by the engine like a
 * cuda::barrier's (engine/machine/cg.c), so misuse is reported the same way
 * (barrier-uninitialized, barrier-overflow, barrier-bad-token) and the sync
 * pane shows it. try_wait does not sleep: it tests, as a first poll would. */
#ifndef __WS_CUDA_AWBARRIER_PRIMITIVES
#define __WS_CUDA_AWBARRIER_PRIMITIVES
#include <cuda_runtime.h>

typedef unsigned long long __mbarrier_t;
typedef unsigned long long __mbarrier_token_t;

__host__ __device__ void __ws_bar_init(void *bar, long expected) __ws_builtin(__ws_bar_init);
__host__ __device__ unsigned long long __ws_bar_arrive(void *bar, long update, int drop) __ws_builtin(__ws_bar_arrive);
__host__ __device__ void __ws_bar_wait(void *bar, unsigned long long token) __ws_builtin(__ws_bar_wait);
__host__ __device__ int __ws_bar_test(void *bar, unsigned long long token) __ws_builtin(__ws_bar_test);
__device__ unsigned long long __ws_bar_phase(void *bar) __ws_builtin(__ws_bar_phase);

static inline __device__ unsigned int __mbarrier_maximum_count(void) { return (1u << 20) - 1; }
static inline __device__ void __mbarrier_init(__mbarrier_t *bar, unsigned int expected_count)
{
	__ws_bar_init(bar, (long)expected_count);
}
static inline __device__ void __mbarrier_inval(__mbarrier_t *bar) { (void)bar; }
static inline __device__ __mbarrier_token_t __mbarrier_arrive(__mbarrier_t *bar) { return __ws_bar_arrive(bar, 1, 0); }
static inline __device__ __mbarrier_token_t __mbarrier_arrive_and_drop(__mbarrier_t *bar)
{
	return __ws_bar_arrive(bar, 1, 1);
}
static inline __device__ bool __mbarrier_test_wait(__mbarrier_t *bar, __mbarrier_token_t token)
{
	return __ws_bar_test(bar, token) != 0;
}
static inline __device__ bool __mbarrier_try_wait(__mbarrier_t *bar, __mbarrier_token_t token, unsigned int max_sleep_nanosec)
{
	(void)max_sleep_nanosec;
	return __ws_bar_test(bar, token) != 0;
}
/* the phase of the given parity completed: the current phase has the other parity */
static inline __device__ bool __mbarrier_test_wait_parity(__mbarrier_t *bar, bool phase_parity)
{
	return (__ws_bar_phase(bar) & 1ull) != (unsigned long long)phase_parity;
}
static inline __device__ bool __mbarrier_try_wait_parity(__mbarrier_t *bar, bool phase_parity, unsigned int max_sleep_nanosec)
{
	(void)max_sleep_nanosec;
	return (__ws_bar_phase(bar) & 1ull) != (unsigned long long)phase_parity;
}
#endif
