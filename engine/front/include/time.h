/* time.h - warpstep built-in header. time() and clock() are emulated so runs
 * are deterministic. On the device, clock() reads the SM cycle counter. */
#ifndef __WS_TIME_H
#define __WS_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC 1000000L
time_t time(time_t *t) __ws_builtin(time);
#ifdef __CUDA_ARCH__
__host__ __device__ clock_t clock(void) __ws_builtin(clock);
#else
__host__ __device__ clock_t clock(void) __ws_builtin(clock_host);
#endif
#endif
