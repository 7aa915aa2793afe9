// Producer and consumer on the host: a bounded buffer of 4 slots guarded
// by a mutex and two condition variables; the consumer sums what the
// producer made. Then a broadcast wakes three waiting threads.
#include <cstdio>
#include <pthread.h>

#define SLOTS 4
#define ITEMS 100
static int buf[SLOTS], head = 0, count = 0;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t not_full = PTHREAD_COND_INITIALIZER, not_empty = PTHREAD_COND_INITIALIZER;

static void *producer(void *)
{
	for (int i = 1; i <= ITEMS; i++) {
		pthread_mutex_lock(&m);
		while (count == SLOTS)
			pthread_cond_wait(&not_full, &m);
		buf[(head + count) % SLOTS] = i;
		count++;
		pthread_cond_signal(&not_empty);
		pthread_mutex_unlock(&m);
	}
	return NULL;
}

static void *consumer(void *out)
{
	long sum = 0;
	for (int i = 0; i < ITEMS; i++) {
		pthread_mutex_lock(&m);
		while (count == 0)
			pthread_cond_wait(&not_empty, &m);
		sum += buf[head];
		head = (head + 1) % SLOTS;
		count--;
		pthread_cond_signal(&not_full);
		pthread_mutex_unlock(&m);
	}
	*(long *)out = sum;
	return NULL;
}

static pthread_cond_t go = PTHREAD_COND_INITIALIZER;
static int started = 0, waiting = 0, woken = 0;

static void *waiter(void *)
{
	pthread_mutex_lock(&m);
	waiting++;
	while (!started)
		pthread_cond_wait(&go, &m);
	woken++;
	pthread_mutex_unlock(&m);
	return NULL;
}

int main()
{
	pthread_t p, c;
	long sum = 0;
	pthread_create(&c, NULL, consumer, &sum);
	pthread_create(&p, NULL, producer, NULL);
	pthread_join(p, NULL);
	pthread_join(c, NULL);
	printf("consumed sum %ld (want %d), left %d\n", sum, ITEMS * (ITEMS + 1) / 2, count);

	pthread_t w[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&w[i], NULL, waiter, NULL);
	for (;;) {
		pthread_mutex_lock(&m);
		int n = waiting;
		if (n == 3) {
			started = 1;
			pthread_cond_broadcast(&go);
		}
		pthread_mutex_unlock(&m);
		if (n == 3)
			break;
		sched_yield();
	}
	for (int i = 0; i < 3; i++)
		pthread_join(w[i], NULL);
	printf("woken %d\n", woken);
	return 0;
}
