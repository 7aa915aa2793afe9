// histogram.cu - threads count values into 8 bins with atomicAdd: many
// threads hit the same bin, and the atomics keep every increment. Each
// block counts its own part of the data (a grid-stride loop), privately in
// shared memory, then adds its counts to the global bins.
#include <cstdio>
#include <cuda_runtime.h>

#define BINS 8

__global__ void histogram(const int *data, int n, int *bins)
{
	__shared__ int local[BINS];
	int tid = threadIdx.x;
	if (tid < BINS)
		local[tid] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + tid; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&local[data[i] % BINS], 1);   // shared-memory atomics
	__syncthreads();
	if (tid < BINS)
		atomicAdd(&bins[tid], local[tid]);      // one global atomic per bin
}

int main(void)
{
	const int n = 256;
	int h_data[n], h_bins[BINS], *d_data, *d_bins;

	for (int i = 0; i < n; i++)
		h_data[i] = (i * 7) % 13;
	cudaMalloc(&d_data, sizeof(h_data));
	cudaMalloc(&d_bins, sizeof(h_bins));
	cudaMemset(d_bins, 0, sizeof(h_bins));
	cudaMemcpy(d_data, h_data, sizeof(h_data), cudaMemcpyHostToDevice);
	histogram<<<2, 64>>>(d_data, n, d_bins);
	cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost);
	int total = 0;
	for (int b = 0; b < BINS; b++) {
		printf("bin %d: %d\n", b, h_bins[b]);
		total += h_bins[b];
	}
	printf("total %d of %d values\n", total, n);
	cudaFree(d_data);
	cudaFree(d_bins);
	return 0;
}
