#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <pthread.h>
// two host threads take two mutexes in opposite orders; the barrier makes
// sure each holds its first before it asks for the second
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static pthread_barrier_t both;
static void *other(void *)
{
	pthread_mutex_lock(&b);
	pthread_barrier_wait(&both);
	pthread_mutex_lock(&a);
	pthread_mutex_unlock(&a);
	pthread_mutex_unlock(&b);
	return NULL;
}
int main()
{
	pthread_t t;
	pthread_barrier_init(&both, NULL, 2);
	pthread_create(&t, NULL, other, NULL);
	pthread_mutex_lock(&a);
	pthread_barrier_wait(&both);
	pthread_mutex_lock(&b);	//@host-deadlock
	printf("never\n");
	return 0;
}
