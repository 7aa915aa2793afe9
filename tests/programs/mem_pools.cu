// Stream-ordered allocation from the default memory pool, and managed
// memory with CUDA 13's cudaMemPrefetchAsync and cudaMemAdvise (a
// cudaMemLocation instead of CUDA 12's device number).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void square(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = a[i] * a[i];
}

int main(void)
{
	const int n = 512;
	cudaStream_t s;
	cudaStreamCreate(&s);
	cudaMemPool_t pool;
	printf("default pool: %s\n", cudaGetErrorName(cudaDeviceGetDefaultMemPool(&pool, 0)));
	unsigned long long threshold = ~0ull;
	printf("set release threshold: %s\n",
	       cudaGetErrorName(cudaMemPoolSetAttribute(pool, cudaMemPoolAttrReleaseThreshold, &threshold)));
	int *d = NULL;
	printf("cudaMallocFromPoolAsync: %s\n", cudaGetErrorName(cudaMallocFromPoolAsync(&d, n * sizeof(int), pool, s)));
	cudaMemsetAsync(d, 0, n * sizeof(int), s);
	cudaFreeAsync(d, s);

	int *m = NULL;
	cudaMallocManaged(&m, n * sizeof(int));
	for (int i = 0; i < n; i++)
		m[i] = i;
	cudaMemLocation dev = {};
	dev.type = cudaMemLocationTypeDevice;
	dev.id = 0;
	cudaMemLocation host = {};
	host.type = cudaMemLocationTypeHost;
	printf("advise: %s\n", cudaGetErrorName(cudaMemAdvise(m, n * sizeof(int), cudaMemAdviseSetPreferredLocation, dev)));
	printf("prefetch to the device: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(m, n * sizeof(int), dev, 0, s)));
	square<<<(n + 127) / 128, 128, 0, s>>>(m, n);
	printf("prefetch to the host: %s\n", cudaGetErrorName(cudaMemPrefetchAsync(m, n * sizeof(int), host, 0, s)));
	cudaStreamSynchronize(s);
	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += m[i];
	printf("sum of squares 0..%d: %ld\n", n - 1, sum);
	cudaFree(m);
	cudaStreamDestroy(s);
	return 0;
}
