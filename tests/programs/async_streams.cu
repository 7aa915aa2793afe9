// Streams: cudaMemsetAsync and cudaMemcpyAsync (host-to-device, device-to-device, device-to-host)
// ordered within one stream, kernels on two streams, cudaStreamSynchronize, the default stream;
// cudaEventElapsedTime between two recorded events is non-negative.
#include <stdio.h>

__global__ void add(int *p, int v, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] += v;
}

int main(void)
{
	const int n = 100;
	cudaStream_t s1, s2;
	cudaStreamCreate(&s1);
	cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking);
	int *a, *b, *c;
	int *h;
	cudaMallocHost(&h, n * sizeof(int));
	cudaMalloc(&a, n * sizeof(int));
	cudaMalloc(&b, n * sizeof(int));
	cudaMalloc(&c, n * sizeof(int));
	for (int i = 0; i < n; i++)
		h[i] = i;
	cudaEvent_t t0, t1;
	cudaEventCreate(&t0);
	cudaEventCreate(&t1);
	cudaEventRecord(t0, s1);
	cudaMemcpyAsync(a, h, n * sizeof(int), cudaMemcpyHostToDevice, s1);
	add<<<(n + 31) / 32, 32, 0, s1>>>(a, 1000, n);
	cudaMemsetAsync(b, 0, n * sizeof(int), s2);
	add<<<4, 32, 0, s2>>>(b, 7, n);
	cudaMemcpyAsync(c, a, n * sizeof(int), cudaMemcpyDeviceToDevice, s1);
	add<<<4, 32, 0, s1>>>(c, 1, n);
	cudaEventRecord(t1, s1);
	cudaStreamSynchronize(s1);
	cudaStreamSynchronize(s2);
	cudaMemcpyAsync(h, c, n * sizeof(int), cudaMemcpyDeviceToHost, s1);
	cudaStreamSynchronize(s1);
	printf("c: %d %d %d\n", h[0], h[50], h[99]);
	cudaMemcpyAsync(h, b, n * sizeof(int), cudaMemcpyDeviceToHost, s2);
	cudaStreamSynchronize(s2);
	printf("b: %d %d %d\n", h[0], h[50], h[99]);
	cudaMemsetAsync(a, 0xff, n * sizeof(int));
	cudaMemcpy(h, a, n * sizeof(int), cudaMemcpyDeviceToHost);
	printf("a after memset 0xff on the default stream: %d\n", h[42]);
	float ms = -1.0f;
	cudaError_t e = cudaEventElapsedTime(&ms, t0, t1);
	printf("elapsed: %s, non-negative %d\n", cudaGetErrorName(e), ms >= 0.0f);
	printf("query: %s %s\n", cudaGetErrorName(cudaStreamQuery(s1)), cudaGetErrorName(cudaEventQuery(t1)));
	cudaEventDestroy(t0);
	cudaEventDestroy(t1);
	cudaStreamDestroy(s1);
	cudaStreamDestroy(s2);
	cudaFreeHost(h);
	cudaFree(a);
	cudaFree(b);
	cudaFree(c);
	printf("%s\n", cudaGetErrorName(cudaGetLastError()));
	return 0;
}
