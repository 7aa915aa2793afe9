// Warp-shuffle reduction: __shfl_down_sync within each warp, one atomicAdd per warp.
#include <stdio.h>

__inline__ __device__ int warp_sum(int v)
{
	for (int offset = warpSize / 2; offset > 0; offset /= 2)
		v += __shfl_down_sync(0xffffffff, v, offset);
	return v;
}

__global__ void reduce(const int *in, int *total, int n)
{
	int sum = 0;
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		sum += in[i];
	sum = warp_sum(sum);
	if ((threadIdx.x & (warpSize - 1)) == 0)
		atomicAdd(total, sum);
}

int main(void)
{
	const int n = 100000;
	static int h[100000];
	long want = 0;
	for (int i = 0; i < n; i++) {
		h[i] = i % 100;
		want += h[i];
	}
	int *din, *dtotal, total = 0;
	cudaMalloc(&din, n * sizeof(int));
	cudaMalloc(&dtotal, sizeof(int));
	cudaMemcpy(din, h, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(dtotal, &total, sizeof(int), cudaMemcpyHostToDevice);
	reduce<<<8, 256>>>(din, dtotal, n);
	cudaMemcpy(&total, dtotal, sizeof(int), cudaMemcpyDeviceToHost);
	printf("sum = %d, host = %ld, %s\n", total, want, total == want ? "match" : "MISMATCH");
	return 0;
}
