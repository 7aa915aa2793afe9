// Histogram with global atomics: 16 bins over a text.
#include <stdio.h>
#include <string.h>

__global__ void histo(const unsigned char *data, int n, unsigned int *bins)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int stride = blockDim.x * gridDim.x;
	for (; i < n; i += stride)
		atomicAdd(&bins[data[i] % 16], 1u);
}

int main(void)
{
	const char *text = "the quick brown fox jumps over the lazy dog while the warp scheduler picks a warp";
	int n = (int)strlen(text);
	unsigned char *dd;
	unsigned int *db, bins[16];
	cudaMalloc(&dd, n);
	cudaMalloc(&db, sizeof bins);
	cudaMemcpy(dd, text, n, cudaMemcpyHostToDevice);
	cudaMemset(db, 0, sizeof bins);
	histo<<<2, 32>>>(dd, n, db);
	cudaMemcpy(bins, db, sizeof bins, cudaMemcpyDeviceToHost);
	unsigned total = 0;
	for (int b = 0; b < 16; b++) {
		printf("bin %2d: %u\n", b, bins[b]);
		total += bins[b];
	}
	printf("n=%d total=%u\n", n, total);
	return 0;
}
