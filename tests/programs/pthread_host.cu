// POSIX threads on the emulated host: concurrent threads, join returns each
// one's result, a mutex guards a shared counter, pthread_once runs once. Each
// thread launches its own kernel.
#include <cstdio>
#include <pthread.h>
struct job {
	int id;
	int *dev;
	int result;
};
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static int total = 0;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static void hello(void) { printf("once\n"); }
__global__ void square(int *d, int v) { d[threadIdx.x] = v * v + threadIdx.x; }
static void *work(void *arg)
{
	job *j = (job *)arg;
	pthread_once(&once, hello);
	square<<<1, 4>>>(j->dev, j->id);
	int h[4];
	cudaMemcpy(h, j->dev, sizeof h, cudaMemcpyDeviceToHost);
	j->result = h[0] + h[1] + h[2] + h[3];
	pthread_mutex_lock(&lock);
	total += j->result;
	pthread_mutex_unlock(&lock);
	return (void *)(long)(j->id * 10);
}
int main()
{
	const int n = 4;
	pthread_t t[n];
	job jobs[n];
	for (int i = 0; i < n; i++) {
		jobs[i].id = i + 1;
		cudaMalloc(&jobs[i].dev, 4 * sizeof(int));
		pthread_create(&t[i], NULL, work, &jobs[i]);
	}
	for (int i = 0; i < n; i++) {
		void *r;
		pthread_join(t[i], &r);
		printf("thread %d: %d (returned %ld)\n", i, jobs[i].result, (long)r);
	}
	printf("total %d, join again: %d\n", total, pthread_join(t[0], NULL) != 0);
	return 0;
}
