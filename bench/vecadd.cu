// bench: vecadd, 2^20 floats, 256 threads per block. Argument "0" skips the launch (baseline);
// a second argument is the log2 of the element count (8 to 26, default 20).
#include <stdio.h>
#include <stdlib.h>

__global__ void vecadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	int lg = argc > 2 ? atoi(argv[2]) : 20;
	if (lg < 8 || lg > 26) {
		fprintf(stderr, "vecadd: size %s out of range, want the log2 of the element count, 8 to 26\n", argv[2]);
		return 2;
	}
	const int n = 1 << lg;
	size_t bytes = n * sizeof(float);
	float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i & 1023);
		b[i] = (float)(i >> 10);
	}
	float *da, *db, *dc;
	cudaMalloc(&da, bytes);
	cudaMalloc(&db, bytes);
	cudaMalloc(&dc, bytes);
	cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
	cudaMemset(dc, 0, bytes);
	if (run)
		vecadd<<<(n + 255) / 256, 256>>>(da, db, dc, n);
	cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
	double sum = 0;
	int bad = 0;
	for (int i = 0; i < n; i++) {
		sum += c[i];
		if (c[i] != a[i] + b[i])
			bad++;
	}
	if (!run) {
		printf("vecadd skipped\n");
		return 0;
	}
	printf("vecadd checksum %.0f %s\n", sum, bad ? "FAIL" : "ok");
	return bad != 0;
}
