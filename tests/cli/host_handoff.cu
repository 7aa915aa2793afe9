// Three threads contend for a recursive and an error-checking mutex, long
// enough that turns end inside the critical sections: under warpstep an
// unlock then hands the mutex to the thread that waited longest
// (engine/machine/hthread.c). The new owner must own it fully: the
// recursive one counts its own locks from 1, the error-checking one lets
// it (and only it) unlock, and trylock by another thread finds it taken.
#include <cstdio>
#include <pthread.h>

static pthread_mutex_t rm, em;
static int in_rm, in_em, bad;

static void *work(void *)
{
	for (int i = 0; i < 150; i++) {
		if (pthread_mutex_lock(&rm) || pthread_mutex_lock(&rm))
			bad++;
		in_rm++;
		if (pthread_mutex_unlock(&rm) || pthread_mutex_unlock(&rm))
			bad++;
		if (pthread_mutex_lock(&em))
			bad++;
		in_em++;
		if (pthread_mutex_trylock(&em) == 0)
			bad++; /* error-checking: the owner's trylock fails (EBUSY) */
		if (pthread_mutex_unlock(&em))
			bad++;
		if (pthread_mutex_unlock(&em) == 0)
			bad++; /* no longer the owner: EPERM */
	}
	return NULL;
}

int main()
{
	pthread_mutexattr_t a;
	pthread_mutexattr_init(&a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
	pthread_mutex_init(&rm, &a);
	pthread_mutexattr_settype(&a, PTHREAD_MUTEX_ERRORCHECK);
	pthread_mutex_init(&em, &a);
	pthread_t t[3];
	for (int i = 0; i < 3; i++)
		pthread_create(&t[i], NULL, work, NULL);
	for (int i = 0; i < 3; i++)
		pthread_join(t[i], NULL);
	printf("recursive %d, error-checking %d, failures %d\n", in_rm, in_em, bad);
	return 0;
}
