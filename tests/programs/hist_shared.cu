// Histogram privatized in shared memory, merged into global with atomics (256 bins).
#include <stdio.h>

#define BINS 256

__global__ void histo_shared(const unsigned char *data, int n, unsigned int *bins)
{
	__shared__ unsigned int local[BINS];
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		atomicAdd(&local[data[i]], 1);
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += blockDim.x)
		if (local[b])
			atomicAdd(&bins[b], local[b]);
}

int main(void)
{
	const int n = 50000;
	static unsigned char data[50000];
	unsigned int x = 12345;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		data[i] = (unsigned char)((x >> 16) & 0xff);
	}
	unsigned int want[BINS] = {0}, got[BINS];
	for (int i = 0; i < n; i++)
		want[data[i]]++;
	unsigned char *dd;
	unsigned int *db;
	cudaMalloc(&dd, n);
	cudaMalloc(&db, sizeof got);
	cudaMemcpy(dd, data, n, cudaMemcpyHostToDevice);
	cudaMemset(db, 0, sizeof got);
	histo_shared<<<16, 128>>>(dd, n, db);
	cudaMemcpy(got, db, sizeof got, cudaMemcpyDeviceToHost);
	int bad = 0;
	unsigned total = 0, maxb = 0;
	for (int b = 0; b < BINS; b++) {
		if (got[b] != want[b])
			bad++;
		total += got[b];
		if (got[b] > got[maxb])
			maxb = b;
	}
	printf("total=%u bin0=%u bin255=%u fullest=%u (%u)\n", total, got[0], got[255], maxb, got[maxb]);
	printf("bins differing from host: %d\n", bad);
	return 0;
}
