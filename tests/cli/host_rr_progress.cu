// Three threads announce themselves under a lock that main takes and
// drops in a polling loop; then main lets them go with a broadcast.
// argv: MODE DELAY EXTRA AFTER. MODE 0: main polls with sched_yield;
// 1: main polls without yielding; 2: the lock is a spin lock of
// test-and-set (nobody blocks); 3: the waiters spin on trylock. DELAY
// steps of busy work before main polls, EXTRA inside each poll's critical
// section and AFTER after it move where main stands when its turns end,
// which must not decide whether the program ends (tests/cli/host_rr.t).
#include <cstdio>
#include <cstdlib>
#include <pthread.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static int mode, started, waiting, woken, spin;
static volatile int pad;

static void take(void)
{
	if (mode == 2)
		while (__sync_lock_test_and_set(&spin, 1))
			;
	else
		pthread_mutex_lock(&m);
}

static void drop(void)
{
	if (mode == 2)
		__sync_lock_release(&spin);
	else
		pthread_mutex_unlock(&m);
}

static void *waiter(void *)
{
	if (mode == 3)
		while (pthread_mutex_trylock(&m))
			;
	else
		take();
	waiting++;
	drop();
	pthread_mutex_lock(&m);
	while (!started)
		pthread_cond_wait(&go, &m);
	woken++;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main(int argc, char **argv)
{
	mode = argc > 1 ? atoi(argv[1]) : 0;
	int delay = argc > 2 ? atoi(argv[2]) : 0, extra = argc > 3 ? atoi(argv[3]) : 0;
	int after = argc > 4 ? atoi(argv[4]) : 0;
	pthread_t w[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&w[i], NULL, waiter, NULL);
	for (int i = 0; i < delay; i++)
		pad = pad + 1;
	for (;;) {
		take();
		int n = waiting;
		for (int i = 0; i < extra; i++)
			pad = pad + 1;
		drop();
		for (int i = 0; i < after; i++)
			pad = pad * 3 + i;
		if (n == 3)
			break;
		if (mode == 0)
			sched_yield();
	}
	pthread_mutex_lock(&m);
	started = 1;
	pthread_cond_broadcast(&go);
	pthread_mutex_unlock(&m);
	for (int i = 0; i < 3; i++)
		pthread_join(w[i], NULL);
	printf("mode %d: waiting %d, woken %d\n", mode, waiting, woken);
	return 0;
}
