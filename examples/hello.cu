// hello.cu - the example warpstep runs by default: host output, a kernel
// launch, and device printf from two warps.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hello(int *out)
{
	int tid = blockIdx.x * blockDim.x + threadIdx.x;
	int warp = threadIdx.x / warpSize;
	int lane = threadIdx.x % warpSize;
	if (lane == 0)
		printf("hello from warp %d (thread %d)\n", warp, tid);
	out[tid] = tid * tid;
}

int main(void)
{
	const int n = 64; // two warps of 32 threads
	int *d_out;
	int h_out[n];

	printf("launching %d threads\n", n);
	cudaMalloc(&d_out, n * sizeof(int));
	hello<<<1, n>>>(d_out);
	cudaError_t err = cudaDeviceSynchronize();
	if (err != cudaSuccess) {
		fprintf(stderr, "kernel failed: %s\n", cudaGetErrorString(err));
		return 1;
	}
	cudaMemcpy(h_out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaFree(d_out);

	long sum = 0;
	for (int i = 0; i < n; i++)
		sum += h_out[i];
	printf("sum of squares 0..%d = %ld\n", n - 1, sum);
	return 0;
}
