/* sys/time.h - warpstep built-in header. gettimeofday reads the emulated
 * clock (the same one as clock() and cudaEventElapsedTime), so a program's
 * timings are deterministic: the wall clock starts at time()'s fixed value. */
#ifndef __WS_SYS_TIME_H
#define __WS_SYS_TIME_H
#include <time.h>
struct timeval {
	long tv_sec;
	long tv_usec;
};
struct timezone {
	int tz_minuteswest;
	int tz_dsttime;
};
static inline int gettimeofday(struct timeval *tv, void *tz)
{
	(void)tz;
	if (tv) {
		long us = (long)clock();
		tv->tv_sec = (long)time(NULL) + us / 1000000;
		tv->tv_usec = us % 1000000;
	}
	return 0;
}
#endif
