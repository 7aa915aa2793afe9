/* time.h - warpstep built-in header. time() and clock() are emulated so runs
 * are deterministic. On the device, clock() reads the SM cycle counter. */
#ifndef __WS_TIME_H
#define __WS_TIME_H
#include <stddef.h>
typedef long time_t;
typedef long clock_t;
#define CLOCKS_PER_SEC 1000000L
time_t time(time_t *t) __ws_builtin(time);
/* One declaration for both passes (no test of the device-pass macro, so
 * that the device pass starts from the host pass's preprocessing): lowering
 * calls clock_host from host code. */
__host__ __device__ clock_t clock(void) __ws_builtin(clock);
/* (see above) */
struct timespec {
	time_t tv_sec;
	long tv_nsec;
};
typedef int clockid_t;
#define CLOCK_REALTIME 0
#define CLOCK_MONOTONIC 1
#define CLOCK_PROCESS_CPUTIME_ID 2
#define CLOCK_MONOTONIC_RAW 4
/* The emulated clock, as gettimeofday reads it: deterministic timings. */
static inline int clock_gettime(clockid_t id, struct timespec *ts)
{
	long us = (long)clock();
	ts->tv_sec = (id == CLOCK_REALTIME ? time(NULL) : 0) + us / 1000000;
	ts->tv_nsec = us % 1000000 * 1000;
	return 0;
}
static inline double difftime(time_t a, time_t b) { return (double)(a - b); }
#endif
