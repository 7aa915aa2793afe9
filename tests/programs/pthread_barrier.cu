// A pthread barrier between four host threads, three phases: each thread
// writes its slot, waits, then reads its neighbour's; exactly one thread
// per phase gets PTHREAD_BARRIER_SERIAL_THREAD. pthread_once runs once.
#include <cstdio>
#include <pthread.h>

#define N 4
static pthread_barrier_t bar;
static int slot[N], seen[3][N], serial[3];
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int inits = 0;
static void init(void) { inits++; }

static void *work(void *arg)
{
	int id = (int)(long)arg;
	pthread_once(&once, init);
	for (int phase = 0; phase < 3; phase++) {
		slot[id] = (phase + 1) * 10 + id;
		if (pthread_barrier_wait(&bar) == PTHREAD_BARRIER_SERIAL_THREAD)
			serial[phase]++;
		seen[phase][id] = slot[(id + 1) % N];
		pthread_barrier_wait(&bar);
	}
	return NULL;
}

int main()
{
	pthread_t t[N];
	pthread_barrier_init(&bar, NULL, N);
	for (int i = 0; i < N; i++)
		pthread_create(&t[i], NULL, work, (void *)(long)i);
	for (int i = 0; i < N; i++)
		pthread_join(t[i], NULL);
	for (int p = 0; p < 3; p++)
		printf("phase %d: %d %d %d %d, serial threads %d\n", p, seen[p][0], seen[p][1], seen[p][2],
		       seen[p][3], serial[p]);
	printf("init ran %d time(s), destroy %d\n", inits, pthread_barrier_destroy(&bar));
	return 0;
}
