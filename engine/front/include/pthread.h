/* pthread.h - warpstep built-in header: POSIX threads on the emulated host.
 *
 * Threads are real host threads of the emulated host (engine/machine/
 * hthread.c): the scheduler interleaves them (--sched rr gives turns of a
 * thousand instructions in creation order, --sched random:SEED random
 * threads for random short turns), each can block (join, mutex, condition
 * variable, barrier, once) while the others run, and when every thread
 * waits for another that is a host-deadlock finding (status 134).
 * A thread may call the CUDA runtime and launch kernels; kernels run while
 * the host threads wait for them. pthread_t values are 1 (main), 2, 3 ...
 * in creation order. Cancellation is not supported (pthread_cancel
 * returns ENOSYS); timed waits wait without a timeout. */
#ifndef __WS_PTHREAD_H
#define __WS_PTHREAD_H
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

typedef unsigned long pthread_t;
typedef struct { int __detach; size_t __stack; } pthread_attr_t;
/* the first four words are the engine's: lock, kind, owner, recursion count */
typedef struct { int __lock; int __kind; int __owner; int __count; int __pad[6]; } pthread_mutex_t;
typedef struct { int __kind; } pthread_mutexattr_t;
typedef struct { int __seq; int __pad[11]; } pthread_cond_t;
typedef struct { int __unused; } pthread_condattr_t;
/* count, arrived, generation */
typedef struct { unsigned __count, __arrived, __gen; int __pad[5]; } pthread_barrier_t;
typedef struct { int __unused; } pthread_barrierattr_t;
typedef struct { int __lock; int __kind; int __owner; int __count; int __pad[10]; } pthread_rwlock_t;
typedef struct { int __unused; } pthread_rwlockattr_t;
typedef unsigned pthread_key_t;
typedef int pthread_once_t;

#define PTHREAD_MUTEX_INITIALIZER { 0, 0, 0, 0 }
#define PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP { 0, 1, 0, 0 }
#define PTHREAD_COND_INITIALIZER { 0 }
#define PTHREAD_RWLOCK_INITIALIZER { 0, 0, 0, 0 }
#define PTHREAD_ONCE_INIT 0
#define PTHREAD_CREATE_JOINABLE 0
#define PTHREAD_CREATE_DETACHED 1
#define PTHREAD_BARRIER_SERIAL_THREAD (-1)
#define PTHREAD_MUTEX_NORMAL 0
#define PTHREAD_MUTEX_RECURSIVE 1
#define PTHREAD_MUTEX_ERRORCHECK 2
#define PTHREAD_MUTEX_DEFAULT 0
#define PTHREAD_CANCELED ((void *)-1)
#define PTHREAD_STACK_MIN 16384

int __ws_thread_create(unsigned long *id, void *(*start)(void *), void *arg, int detached) __ws_builtin(__ws_thread_create);
int __ws_thread_join(unsigned long id, void **ret) __ws_builtin(__ws_thread_join);
int __ws_thread_detach(unsigned long id) __ws_builtin(__ws_thread_detach);
unsigned long __ws_thread_self(void) __ws_builtin(__ws_thread_self);
void __ws_thread_exit(void *ret) __ws_builtin(__ws_thread_exit);
int __ws_thread_yield(void) __ws_builtin(__ws_thread_yield);
int __ws_mutex_lock(void *mutex, int trylock) __ws_builtin(__ws_mutex_lock);
int __ws_mutex_unlock(void *mutex) __ws_builtin(__ws_mutex_unlock);
int __ws_cond_wait(void *cond, void *mutex) __ws_builtin(__ws_cond_wait);
int __ws_cond_wake(void *cond, int all) __ws_builtin(__ws_cond_wake);
int __ws_barrier_wait(void *barrier) __ws_builtin(__ws_barrier_wait);
int __ws_once_begin(int *once) __ws_builtin(__ws_once_begin);
void __ws_once_end(int *once) __ws_builtin(__ws_once_end);

static inline int pthread_attr_init(pthread_attr_t *a) { a->__detach = 0; a->__stack = 8u << 20; return 0; }
static inline int pthread_attr_destroy(pthread_attr_t *a) { (void)a; return 0; }
static inline int pthread_attr_setdetachstate(pthread_attr_t *a, int d)
{
	if (d != PTHREAD_CREATE_JOINABLE && d != PTHREAD_CREATE_DETACHED)
		return 22;
	a->__detach = d;
	return 0;
}
static inline int pthread_attr_getdetachstate(const pthread_attr_t *a, int *d) { *d = a->__detach; return 0; }
static inline int pthread_attr_setstacksize(pthread_attr_t *a, size_t s)
{
	if (s < PTHREAD_STACK_MIN)
		return 22;
	a->__stack = s;
	return 0;
}
static inline int pthread_attr_getstacksize(const pthread_attr_t *a, size_t *s) { *s = a->__stack; return 0; }

static inline int pthread_create(pthread_t *t, const pthread_attr_t *attr, void *(*start)(void *), void *arg)
{
	return __ws_thread_create(t, start, arg, attr && attr->__detach);
}
static inline int pthread_join(pthread_t t, void **ret) { return __ws_thread_join(t, ret); }
static inline int pthread_detach(pthread_t t) { return __ws_thread_detach(t); }
static inline int pthread_cancel(pthread_t t) { (void)t; return 38; /* ENOSYS */ }
static inline pthread_t pthread_self(void) { return __ws_thread_self(); }
static inline int pthread_equal(pthread_t a, pthread_t b) { return a == b; }
static inline void pthread_exit(void *r) { __ws_thread_exit(r); }
static inline int sched_yield(void) { return __ws_thread_yield(); }
static inline int pthread_yield(void) { return __ws_thread_yield(); }

static inline int pthread_mutexattr_init(pthread_mutexattr_t *a) { a->__kind = 0; return 0; }
static inline int pthread_mutexattr_settype(pthread_mutexattr_t *a, int k)
{
	if (k < 0 || k > 2)
		return 22;
	a->__kind = k;
	return 0;
}
static inline int pthread_mutexattr_gettype(const pthread_mutexattr_t *a, int *k) { *k = a->__kind; return 0; }
static inline int pthread_mutexattr_destroy(pthread_mutexattr_t *a) { (void)a; return 0; }
static inline int pthread_mutex_init(pthread_mutex_t *m, const pthread_mutexattr_t *a)
{
	m->__lock = 0;
	m->__kind = a ? a->__kind : 0;
	m->__owner = 0;
	m->__count = 0;
	return 0;
}
static inline int pthread_mutex_destroy(pthread_mutex_t *m) { return m->__lock ? 16 : 0; }
static inline int pthread_mutex_lock(pthread_mutex_t *m) { return __ws_mutex_lock(m, 0); }
static inline int pthread_mutex_trylock(pthread_mutex_t *m) { return __ws_mutex_lock(m, 1); }
static inline int pthread_mutex_unlock(pthread_mutex_t *m) { return __ws_mutex_unlock(m); }

/* read-write locks: exclusive for readers too (a legal, if slower, schedule) */
static inline int pthread_rwlock_init(pthread_rwlock_t *l, const pthread_rwlockattr_t *a)
{
	(void)a;
	l->__lock = l->__kind = l->__owner = l->__count = 0;
	return 0;
}
static inline int pthread_rwlock_destroy(pthread_rwlock_t *l) { return l->__lock ? 16 : 0; }
static inline int pthread_rwlock_rdlock(pthread_rwlock_t *l) { return __ws_mutex_lock(l, 0); }
static inline int pthread_rwlock_wrlock(pthread_rwlock_t *l) { return __ws_mutex_lock(l, 0); }
static inline int pthread_rwlock_tryrdlock(pthread_rwlock_t *l) { return __ws_mutex_lock(l, 1); }
static inline int pthread_rwlock_trywrlock(pthread_rwlock_t *l) { return __ws_mutex_lock(l, 1); }
static inline int pthread_rwlock_unlock(pthread_rwlock_t *l) { return __ws_mutex_unlock(l); }

static inline int pthread_condattr_init(pthread_condattr_t *a) { (void)a; return 0; }
static inline int pthread_condattr_destroy(pthread_condattr_t *a) { (void)a; return 0; }
static inline int pthread_cond_init(pthread_cond_t *c, const pthread_condattr_t *a) { (void)a; c->__seq = 0; return 0; }
static inline int pthread_cond_destroy(pthread_cond_t *c) { (void)c; return 0; }
static inline int pthread_cond_signal(pthread_cond_t *c) { return __ws_cond_wake(c, 0); }
static inline int pthread_cond_broadcast(pthread_cond_t *c) { return __ws_cond_wake(c, 1); }
static inline int pthread_cond_wait(pthread_cond_t *c, pthread_mutex_t *m)
{
	int e = __ws_cond_wait(c, m);
	if (e)
		return e;
	return __ws_mutex_lock(m, 0);
}
static inline int pthread_cond_timedwait(pthread_cond_t *c, pthread_mutex_t *m, const struct timespec *t)
{
	(void)t;
	return pthread_cond_wait(c, m);
}

static inline int pthread_barrierattr_init(pthread_barrierattr_t *a) { (void)a; return 0; }
static inline int pthread_barrierattr_destroy(pthread_barrierattr_t *a) { (void)a; return 0; }
static inline int pthread_barrier_init(pthread_barrier_t *b, const pthread_barrierattr_t *a, unsigned count)
{
	(void)a;
	if (count == 0)
		return 22;
	b->__count = count;
	b->__arrived = 0;
	b->__gen = 0;
	return 0;
}
static inline int pthread_barrier_destroy(pthread_barrier_t *b) { return b->__arrived ? 16 : 0; }
static inline int pthread_barrier_wait(pthread_barrier_t *b) { return __ws_barrier_wait(b); }

static inline int pthread_once(pthread_once_t *o, void (*f)(void))
{
	if (__ws_once_begin(o)) {
		f();
		__ws_once_end(o);
	}
	return 0;
}

/* thread-specific data: PTHREAD_KEYS_MAX keys for the first 1024 threads;
 * destructors do not run */
#define PTHREAD_KEYS_MAX 128
#define __WS_PTHREAD_TLS 1024
static void **__ws_tls[__WS_PTHREAD_TLS];
static unsigned __ws_key_next;
static inline int pthread_key_create(pthread_key_t *k, void (*destructor)(void *))
{
	(void)destructor;
	if (__ws_key_next >= PTHREAD_KEYS_MAX)
		return 11;
	*k = __ws_key_next++;
	return 0;
}
static inline int pthread_key_delete(pthread_key_t k) { return k < __ws_key_next ? 0 : 22; }
static inline int pthread_setspecific(pthread_key_t k, const void *v)
{
	unsigned long t = __ws_thread_self();
	if (k >= __ws_key_next || t >= __WS_PTHREAD_TLS)
		return 22;
	if (!__ws_tls[t])
		__ws_tls[t] = (void **)calloc(PTHREAD_KEYS_MAX, sizeof(void *));
	__ws_tls[t][k] = (void *)v;
	return 0;
}
static inline void *pthread_getspecific(pthread_key_t k)
{
	unsigned long t = __ws_thread_self();
	if (k >= __ws_key_next || t >= __WS_PTHREAD_TLS || !__ws_tls[t])
		return NULL;
	return __ws_tls[t][k];
}
#endif
