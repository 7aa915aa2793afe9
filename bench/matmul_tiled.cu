// bench: matmul_tiled, n x n floats (default 256), 16x16 tiles in shared memory.
// Argument "0" skips the launch (baseline); a second argument is the matrix side (a multiple
// of 16 from 16 to 2048, default 256).
#include <stdio.h>
#include <stdlib.h>

#define TILE 16

__global__ void matmul_tiled(const float *a, const float *b, float *c, int n)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
	float sum = 0.0f;
	for (int t = 0; t < n / TILE; t++) {
		as[ty][tx] = a[row * n + t * TILE + tx];
		bs[ty][tx] = b[(t * TILE + ty) * n + col];
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	c[row * n + col] = sum;
}

int main(int argc, char **argv)
{
	int run = argc < 2 || atoi(argv[1]) != 0;
	int n = argc > 2 ? atoi(argv[2]) : 256;
	if (n < 16 || n > 2048 || n % 16 != 0) {
		fprintf(stderr, "matmul_tiled: side %s out of range, want a multiple of 16 from 16 to 2048\n", argv[2]);
		return 2;
	}
	size_t bytes = (size_t)n * n * sizeof(float);
	float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 7 - 3);
		b[i] = (float)(i % 5 - 2);
	}
	float *da, *db, *dc;
	cudaMalloc(&da, bytes);
	cudaMalloc(&db, bytes);
	cudaMalloc(&dc, bytes);
	cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
	cudaMemset(dc, 0, bytes);
	if (run)
		matmul_tiled<<<dim3(n / TILE, n / TILE), dim3(TILE, TILE)>>>(da, db, dc, n);
	cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
	/* verify a sample of rows exactly (all values are small integers) and checksum everything */
	int bad = 0;
	for (int i = 0; i < n; i += 17)
		for (int j = 0; j < n; j++) {
			float s = 0.0f;
			for (int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			if (s != c[i * n + j])
				bad++;
		}
	double sum = 0;
	for (int i = 0; i < n * n; i++)
		sum += c[i];
	if (!run) {
		printf("matmul_tiled skipped\n");
		return 0;
	}
	printf("matmul_tiled checksum %.0f %s\n", sum, bad ? "FAIL" : "ok");
	return bad != 0;
}
