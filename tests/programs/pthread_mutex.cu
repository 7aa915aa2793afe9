// Concurrent host threads: four threads add to one counter under a mutex
// (the total is exact under every schedule), a recursive mutex, trylock on
// a held mutex, an error-checking mutex locked twice, pthread_self/equal,
// detach, pthread_exit's value through join, and pthread keys.
#include <cstdio>
#include <pthread.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long counter = 0;
static pthread_key_t key;

static void *add(void *arg)
{
	long n = (long)arg;
	pthread_setspecific(key, arg);
	for (long i = 0; i < n; i++) {
		pthread_mutex_lock(&lock);
		counter++;
		pthread_mutex_unlock(&lock);
	}
	if (pthread_getspecific(key) != arg)
		printf("key mixed up\n");
	return (void *)(n * 2);
}

static void *leave(void *arg)
{
	pthread_exit((void *)((long)arg + 1));
	return NULL;
}

static void *quiet(void *) { return NULL; }

int main()
{
	pthread_key_create(&key, NULL);
	pthread_t t[4];
	for (int i = 0; i < 4; i++)
		pthread_create(&t[i], NULL, add, (void *)(long)(1000 * (i + 1)));
	long sum = 0;
	for (int i = 0; i < 4; i++) {
		void *r;
		pthread_join(t[i], &r);
		sum += (long)r;
	}
	printf("counter %ld, returned %ld\n", counter, sum);
	printf("distinct ids %d, self equal %d\n", !pthread_equal(t[0], t[1]),
	       pthread_equal(pthread_self(), pthread_self()));

	pthread_mutexattr_t ra;
	pthread_mutexattr_init(&ra);
	pthread_mutexattr_settype(&ra, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_t rm;
	pthread_mutex_init(&rm, &ra);
	int r1 = pthread_mutex_lock(&rm);
	int r2 = pthread_mutex_lock(&rm);
	int r3 = pthread_mutex_unlock(&rm);
	int r4 = pthread_mutex_unlock(&rm);
	printf("recursive %d %d %d %d\n", r1, r2, r3, r4);

	pthread_mutex_lock(&lock);
	printf("trylock held: %d\n", pthread_mutex_trylock(&lock) != 0);
	pthread_mutex_unlock(&lock);
	printf("trylock free: %d\n", pthread_mutex_trylock(&lock));
	pthread_mutex_unlock(&lock);

	pthread_mutexattr_t ea;
	pthread_mutexattr_init(&ea);
	pthread_mutexattr_settype(&ea, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_t em;
	pthread_mutex_init(&em, &ea);
	pthread_mutex_lock(&em);
	int e1 = pthread_mutex_lock(&em) != 0;
	int e2 = pthread_mutex_unlock(&em);
	int e3 = pthread_mutex_unlock(&em) != 0;
	printf("errorcheck relock fails: %d, unlock %d, unlock again fails: %d\n", e1, e2, e3);

	pthread_t x;
	void *r;
	pthread_create(&x, NULL, leave, (void *)41L);
	pthread_join(x, &r);
	printf("pthread_exit value %ld\n", (long)r);

	pthread_attr_t da;
	pthread_attr_init(&da);
	pthread_attr_setdetachstate(&da, PTHREAD_CREATE_DETACHED);
	pthread_t d;
	pthread_create(&d, &da, quiet, NULL);
	printf("join of a detached thread fails: %d\n", pthread_join(d, NULL) != 0);
	return 0;
}
