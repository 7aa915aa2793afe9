// bench: histogram, 2^20 bytes, 256 bins, privatized in shared memory then merged with global
// atomics; 256 threads per block, one byte per thread. Argument "0" skips the launch (baseline);
// a second argument is the log2 of the byte count (8 to 26, default 20).
#include <stdio.h>
#include <stdlib.h>

#define BINS 256

__global__ void histogram(const unsigned char *data, int n, unsigned int *bins)
{
	__shared__ unsigned int local[BINS];
	local[threadIdx.x] = 0;
	__syncthreads();
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd(&local[data[i]], 1u);
	__syncthreads();
	if (local[threadIdx.x])
		atomicAdd(&bins[threadIdx.x], local[threadIdx.x]);
}

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	int lg = argc > 2 ? atoi(argv[2]) : 20;
	if (lg < 8 || lg > 26) {
		fprintf(stderr, "histogram: size %s out of range, want the log2 of the byte count, 8 to 26\n", argv[2]);
		return 2;
	}
	const int n = 1 << lg;
	unsigned char *h = (unsigned char *)malloc(n);
	unsigned int want[BINS], got[BINS];
	for (int b = 0; b < BINS; b++)
		want[b] = 0;
	unsigned x = 1;
	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (unsigned char)(x >> 16);
		want[h[i]]++;
	}
	unsigned char *dd;
	unsigned int *db;
	cudaMalloc(&dd, n);
	cudaMalloc(&db, sizeof got);
	cudaMemcpy(dd, h, n, cudaMemcpyHostToDevice);
	cudaMemset(db, 0, sizeof got);
	if (run)
		histogram<<<n / BINS, BINS>>>(dd, n, db);
	cudaMemcpy(got, db, sizeof got, cudaMemcpyDeviceToHost);
	int bad = 0;
	unsigned long long check = 0;
	for (int b = 0; b < BINS; b++) {
		if (got[b] != want[b])
			bad++;
		check += (unsigned long long)got[b] * (b + 1);
	}
	if (!run) {
		printf("histogram skipped\n");
		return 0;
	}
	printf("histogram checksum %llu %s\n", check, bad ? "FAIL" : "ok");
	return bad != 0;
}
