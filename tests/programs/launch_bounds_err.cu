// __launch_bounds__(maxThreads) is checked at launch: a launch with more threads per block than
// the bound fails (CUDA 13.0: cudaErrorInvalidValue) and the kernel does not run; within the bound it runs.
#include <stdio.h>

__global__ void __launch_bounds__(64) bounded(int *out)
{
	out[threadIdx.x] = threadIdx.x + 1;
}

__global__ void __launch_bounds__(256, 2) bounded2(int *out)
{
	out[threadIdx.x] = 2 * threadIdx.x;
}

int main(void)
{
	int *d;
	int h[512];
	cudaMalloc(&d, sizeof h);
	cudaMemset(d, 0, sizeof h);
	bounded<<<1, 64>>>(d);
	cudaError_t e = cudaGetLastError();
	cudaDeviceSynchronize();
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("64 threads: %s, out[63]=%d\n", cudaGetErrorName(e), h[63]);
	cudaMemset(d, 0, sizeof h);
	bounded<<<1, 96>>>(d);
	e = cudaGetLastError();
	cudaDeviceSynchronize();
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("96 threads: %s (%s), out[0]=%d\n", cudaGetErrorName(e), cudaGetErrorString(e), h[0]);
	bounded2<<<2, 256>>>(d);
	e = cudaGetLastError();
	cudaDeviceSynchronize();
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	printf("256 threads: %s, out[255]=%d\n", cudaGetErrorName(e), h[255]);
	bounded2<<<1, 512>>>(d);
	e = cudaGetLastError();
	printf("512 threads: %s\n", cudaGetErrorName(e));
	printf("after: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
