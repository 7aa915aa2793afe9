/* pthread.h - warpstep built-in header: POSIX threads on the emulated host.
 *
 * The emulated host has one thread of execution today. A thread started with
 * pthread_create runs to completion inside the call, before it returns: one
 * of the schedules a real machine may take, so a program whose threads only
 * share data through join, or through a mutex they never hold across a wait,
 * prints what it prints natively. A thread that would have to wait for
 * another one to run (a condition variable, a barrier of more than one
 * thread, a mutex still held) cannot make progress in this schedule: warpstep
 * says so and stops the program (exit status 134) instead of hanging.
 * NEEDSWORK: concurrent host threads under the scheduler and the memory model. */
#ifndef __WS_PTHREAD_H
#define __WS_PTHREAD_H
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned long pthread_t;
typedef struct { int __detach; } pthread_attr_t;
typedef struct { int __locked; int __kind; } pthread_mutex_t;
typedef struct { int __kind; } pthread_mutexattr_t;
typedef struct { int __waiters; } pthread_cond_t;
typedef struct { int __unused; } pthread_condattr_t;
typedef struct { unsigned __count, __arrived; } pthread_barrier_t;
typedef struct { int __unused; } pthread_barrierattr_t;
typedef unsigned pthread_key_t;
typedef int pthread_once_t;

#define PTHREAD_MUTEX_INITIALIZER { 0, 0 }
#define PTHREAD_COND_INITIALIZER { 0 }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT 0

#define __WS_PTHREAD_MAX 1024
static void *__ws_pthread_ret[__WS_PTHREAD_MAX];
static int __ws_pthread_state[__WS_PTHREAD_MAX]; /* 1 finished, 2 joined or detached */
static pthread_t __ws_pthread_next = 1;
static pthread_t __ws_pthread_self = 0;

static inline void __ws_pthread_stuck(const char *what)
{
	fflush(stdout);
	fprintf(stderr, "warpstep: %s: this thread would wait for another host thread, but warpstep runs "
			"each host thread to completion when it is created (concurrent host threads are "
			"not supported yet)\n", what);
	abort();
}

static inline int pthread_attr_init(pthread_attr_t *a) { a->__detach = 0; return 0; }
static inline int pthread_attr_destroy(pthread_attr_t *a) { (void)a; return 0; }
static inline int pthread_attr_setdetachstate(pthread_attr_t *a, int d) { a->__detach = d; return 0; }
static inline int pthread_attr_setstacksize(pthread_attr_t *a, size_t s) { (void)a; (void)s; return 0; }

static inline int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
	if (__ws_pthread_next >= __WS_PTHREAD_MAX)
		return 11; /* EAGAIN */
	pthread_t id = __ws_pthread_next++;
	*t = id;
	pthread_t parent = __ws_pthread_self;
	__ws_pthread_self = id;
	void *r = start(arg);
	__ws_pthread_self = parent;
	__ws_pthread_ret[id] = r;
	__ws_pthread_state[id] = attr && attr->__detach ? 2 : 1;
	return 0;
}
static inline int pthread_join(pthread_t t, void **ret)
{
	if (t == 0 || t >= __ws_pthread_next)
		return 3; /* ESRCH */
	if (__ws_pthread_state[t] != 1)
		return 22; /* EINVAL: detached or joined already */
	__ws_pthread_state[t] = 2;
	if (ret)
		*ret = __ws_pthread_ret[t];
	return 0;
}
static inline int pthread_detach(pthread_t t)
{
	if (t == 0 || t >= __ws_pthread_next)
		return 3;
	__ws_pthread_state[t] = 2;
	return 0;
}
static inline int pthread_cancel(pthread_t t)
{
	/* the thread has already run to its end */
	return t == 0 || t >= __ws_pthread_next ? 3 : 0;
}
static inline pthread_t pthread_self(void) { return __ws_pthread_self; }
static inline int pthread_equal(pthread_t a, pthread_t b) { return a == b; }
static inline void pthread_exit(void *r)
{
	(void)r;
	__ws_pthread_stuck("pthread_exit");
}

static inline int pthread_mutexattr_init(pthread_mutexattr_t *a) { a->__kind = 0; return 0; }
static inline int pthread_mutexattr_settype(pthread_mutexattr_t *a, int k) { a->__kind = k; return 0; }
static inline int pthread_mutexattr_destroy(pthread_mutexattr_t *a) { (void)a; return 0; }
static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	m->__locked = 0;
	m->__kind = a ? a->__kind : 0;
	return 0;
}
static inline int pthread_mutex_destroy(pthread_mutex_t *m) { return m->__locked ? 16 : 0; }
static inline int pthread_mutex_lock(pthread_mutex_t *m)
{
	if (m->__locked) {
		if (m->__kind == PTHREAD_MUTEX_RECURSIVE) {
			m->__locked++;
			return 0;
		}
		if (m->__kind == PTHREAD_MUTEX_ERRORCHECK)
			return 35; /* EDEADLK */
		__ws_pthread_stuck("pthread_mutex_lock");
	}
	m->__locked = 1;
	return 0;
}
static inline int pthread_mutex_trylock(pthread_mutex_t *m)
{
	if (m->__locked && m->__kind != PTHREAD_MUTEX_RECURSIVE)
		return 16; /* EBUSY */
	m->__locked++;
	return 0;
}
static inline int pthread_mutex_unlock(pthread_mutex_t *m)
{
	if (!m->__locked)
		return 1; /* EPERM */
	m->__locked--;
	return 0;
}

static inline int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a) { (void)a; c->__waiters = 0; return 0; }
static inline int pthread_cond_destroy(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_signal(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_broadcast(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	(void)c;
	(void)m;
	__ws_pthread_stuck("pthread_cond_wait");
	return 0;
}

static inline int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a, unsigned count)
{
	(void)a;
	if (count == 0)
		return 22;
	b->__count = count;
	b->__arrived = 0;
	return 0;
}
static inline int pthread_barrier_destroy(pthread_barrier_t *b) { (void)b; return 0; }
static inline int pthread_barrier_wait(pthread_barrier_t *b)
{
	if (b->__count > 1)
		__ws_pthread_stuck("pthread_barrier_wait");
	return PTHREAD_BARRIER_SERIAL_THREAD;
}

static inline int pthread_once(pthread_once_t *o, void (*f)(void))
{
	if (!*o) {
		*o = 1;
		f();
	}
	return 0;
}
#endif
