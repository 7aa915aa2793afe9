// Two threads each write their letter six times into a shared trail and
// give up their turn after each (sched_yield). Under warpstep's schedulers
// the trail is the same whether the program runs or is stepped one
// instruction at a time (tests/cli/host_rr.t); on a real OS it may be any
// interleaving.
#include <cstdio>
#include <pthread.h>
static char trail[64];
static int len;
static void *turns(void *arg)
{
	for (int i = 0; i < 6; i++) {
		trail[__sync_fetch_and_add(&len, 1)] = (char)(long)arg;
		sched_yield();
	}
	return NULL;
}
int main()
{
	pthread_t a, b;
	pthread_create(&a, NULL, turns, (void *)'a');
	pthread_create(&b, NULL, turns, (void *)'b');
	pthread_join(a, NULL);
	pthread_join(b, NULL);
	printf("%s\n", trail);
	return 0;
}
