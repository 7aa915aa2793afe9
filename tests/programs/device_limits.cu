// cudaDeviceSetLimit/cudaDeviceGetLimit: the device malloc heap size bounds device malloc (a request
// larger than the heap returns NULL); the printf FIFO size can be set before the first launch.
#include <stdio.h>

__global__ void grab(size_t bytes, int *ok)
{
	char *p = (char *)malloc(bytes);
	ok[0] = p != NULL;
	if (p) {
		p[0] = 1;
		p[bytes - 1] = 2;
		ok[1] = p[0] + p[bytes - 1];
		free(p);
	}
}

int main(void)
{
	size_t heap = 0, fifo = 0;
	cudaError_t e1 = cudaDeviceSetLimit(cudaLimitMallocHeapSize, 4 << 20);
	cudaError_t e2 = cudaDeviceSetLimit(cudaLimitPrintfFifoSize, 2 << 20);
	cudaDeviceGetLimit(&heap, cudaLimitMallocHeapSize);
	cudaDeviceGetLimit(&fifo, cudaLimitPrintfFifoSize);
	printf("set: %s %s; heap >= 4 MiB: %d, fifo >= 2 MiB: %d\n", cudaGetErrorName(e1), cudaGetErrorName(e2),
	       heap >= (4u << 20), fifo >= (2u << 20));
	int *ok, h[2];
	cudaMalloc(&ok, sizeof h);
	cudaMemset(ok, 0, sizeof h);
	grab<<<1, 1>>>(1 << 20, ok);
	cudaMemcpy(h, ok, sizeof h, cudaMemcpyDeviceToHost);
	printf("malloc 1 MiB: %s, sum %d\n", h[0] ? "ok" : "NULL", h[1]);
	cudaMemset(ok, 0, sizeof h);
	grab<<<1, 1>>>(64 << 20, ok);
	cudaMemcpy(h, ok, sizeof h, cudaMemcpyDeviceToHost);
	printf("malloc 64 MiB: %s\n", h[0] ? "ok" : "NULL");
	printf("last error: %s\n", cudaGetErrorName(cudaGetLastError()));
	return 0;
}
