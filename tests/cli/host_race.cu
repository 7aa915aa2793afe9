#include <cstdio>
#include <pthread.h>
static volatile long counter = 0;
static void *add(void *)
{
	for (int i = 0; i < 2000; i++)
		counter = counter + 1;
	return NULL;
}
int main()
{
	pthread_t t[2];
	for (int i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, add, NULL);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	printf("%ld\n", counter);
	return 0;
}
