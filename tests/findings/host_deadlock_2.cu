#include <cstdio>
#include <cstdlib>
#include <cassert>
#include <pthread.h>
// a near miss: the same two mutexes, always taken in one order
static pthread_mutex_t a = PTHREAD_MUTEX_INITIALIZER, b = PTHREAD_MUTEX_INITIALIZER;
static int n = 0;
static void *work(void *)
{
	for (int i = 0; i < 50; i++) {
		pthread_mutex_lock(&a);
		pthread_mutex_lock(&b);
		n++;
		pthread_mutex_unlock(&b);
		pthread_mutex_unlock(&a);
	}
	return NULL;
}
int main()
{
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, work, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("%d\n", n);
	return 0;
}
