// Streams and events: kernels and async copies in two streams, events timing a kernel
// (only the sign of the elapsed time is printed), stream and event synchronization.
#include <stdio.h>

__global__ void fill(int *a, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = v + i;
}

int main(void)
{
	const int n = 1024;
	int *d0, *d1, *h0, *h1;
	cudaMalloc(&d0, n * sizeof(int));
	cudaMalloc(&d1, n * sizeof(int));
	cudaMallocHost(&h0, n * sizeof(int));
	cudaMallocHost(&h1, n * sizeof(int));
	cudaStream_t s0, s1;
	cudaStreamCreate(&s0);
	cudaStreamCreate(&s1);
	cudaEvent_t start, stop;
	cudaEventCreate(&start);
	cudaEventCreate(&stop);
	cudaEventRecord(start, s0);
	fill<<<n / 256, 256, 0, s0>>>(d0, n, 1000);
	fill<<<n / 256, 256, 0, s1>>>(d1, n, 2000);
	cudaEventRecord(stop, s0);
	cudaMemcpyAsync(h0, d0, n * sizeof(int), cudaMemcpyDeviceToHost, s0);
	cudaMemcpyAsync(h1, d1, n * sizeof(int), cudaMemcpyDeviceToHost, s1);
	cudaStreamSynchronize(s0);
	cudaStreamSynchronize(s1);
	cudaEventSynchronize(stop);
	float ms = -1.0f;
	cudaError_t e = cudaEventElapsedTime(&ms, start, stop);
	printf("elapsed: %s, time >= 0: %s\n", cudaGetErrorString(e), ms >= 0.0f ? "yes" : "no");
	printf("h0[5]=%d h0[1023]=%d h1[0]=%d h1[1023]=%d\n", h0[5], h0[1023], h1[0], h1[1023]);
	printf("query s0: %s\n", cudaGetErrorName(cudaStreamQuery(s0)));
	printf("query stop: %s\n", cudaGetErrorName(cudaEventQuery(stop)));
	cudaEventDestroy(start);
	cudaEventDestroy(stop);
	cudaStreamDestroy(s0);
	cudaStreamDestroy(s1);
	cudaFreeHost(h0);
	cudaFreeHost(h1);
	cudaFree(d0);
	cudaFree(d1);
	printf("%s\n", cudaGetErrorString(cudaGetLastError()));
	return 0;
}
