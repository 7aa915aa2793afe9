// Pinned host memory: cudaMallocHost / cudaFreeHost as copy source and destination.
#include <stdio.h>

__global__ void negate(double *d, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		d[i] = -2.0 * d[i];
}

int main(void)
{
	const int n = 300;
	double *h, *d;
	cudaError_t e = cudaMallocHost((void **)&h, n * sizeof(double));
	printf("cudaMallocHost: %s\n", cudaGetErrorString(e));
	for (int i = 0; i < n; i++)
		h[i] = i / 4.0;
	cudaMalloc(&d, n * sizeof(double));
	cudaMemcpy(d, h, n * sizeof(double), cudaMemcpyHostToDevice);
	negate<<<3, 128>>>(d, n);
	cudaMemcpy(h, d, n * sizeof(double), cudaMemcpyDeviceToHost);
	double s = 0;
	for (int i = 0; i < n; i++)
		s += h[i];
	printf("h[1]=%.2f h[299]=%.2f sum=%.2f\n", h[1], h[299], s);
	cudaFree(d);
	e = cudaFreeHost(h);
	printf("cudaFreeHost: %s\n", cudaGetErrorString(e));
	return 0;
}
