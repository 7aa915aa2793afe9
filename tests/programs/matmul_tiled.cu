// Tiled matrix multiply with 16x16 tiles in shared memory; n is not a multiple of the tile.
#include <stdio.h>

#define TILE 16

__global__ void matmul_tiled(const float *a, const float *b, float *c, int n)
{
	__shared__ float as[TILE][TILE];
	__shared__ float bs[TILE][TILE];
	int tx = threadIdx.x, ty = threadIdx.y;
	int row = blockIdx.y * TILE + ty;
	int col = blockIdx.x * TILE + tx;
	float sum = 0.0f;
	for (int t = 0; t < (n + TILE - 1) / TILE; t++) {
		int ac = t * TILE + tx;
		int br = t * TILE + ty;
		as[ty][tx] = (row < n && ac < n) ? a[row * n + ac] : 0.0f;
		bs[ty][tx] = (br < n && col < n) ? b[br * n + col] : 0.0f;
		__syncthreads();
		for (int k = 0; k < TILE; k++)
			sum += as[ty][k] * bs[k][tx];
		__syncthreads();
	}
	if (row < n && col < n)
		c[row * n + col] = sum;
}

int main(void)
{
	const int n = 40;
	static float a[40 * 40], b[40 * 40], c[40 * 40];
	for (int i = 0; i < n * n; i++) {
		a[i] = (float)(i % 3);
		b[i] = (float)((i % 4) - 1);
	}
	float *da, *db, *dc;
	size_t bytes = n * n * sizeof(float);
	cudaMalloc(&da, bytes);
	cudaMalloc(&db, bytes);
	cudaMalloc(&dc, bytes);
	cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
	dim3 block(TILE, TILE);
	dim3 grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
	matmul_tiled<<<grid, block>>>(da, db, dc, n);
	cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
	int bad = 0;
	double total = 0;
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			float s = 0;
			for (int k = 0; k < n; k++)
				s += a[i * n + k] * b[k * n + j];
			if (s != c[i * n + j])
				bad++;
			total += c[i * n + j];
		}
	printf("c[0]=%.0f c[41]=%.0f c[1599]=%.0f total=%.0f\n", c[0], c[41], c[1599], total);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return 0;
}
