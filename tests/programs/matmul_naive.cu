// Naive matrix multiply C = A * B, one thread per output element, 2D blocks.
#include <stdio.h>

#define N 48

__global__ void matmul(const int *a, const int *b, int *c, int n)
{
	int row = blockIdx.y * blockDim.y + threadIdx.y;
	int col = blockIdx.x * blockDim.x + threadIdx.x;
	if (row < n && col < n) {
		int sum = 0;
		for (int k = 0; k < n; k++)
			sum += a[row * n + k] * b[k * n + col];
		c[row * n + col] = sum;
	}
}

int main(void)
{
	static int a[N * N], b[N * N], c[N * N];
	for (int i = 0; i < N; i++)
		for (int j = 0; j < N; j++) {
			a[i * N + j] = (i + j) % 5 - 2;
			b[i * N + j] = (i * 3 + j) % 7 - 3;
		}
	int *da, *db, *dc;
	size_t bytes = sizeof a;
	cudaMalloc(&da, bytes);
	cudaMalloc(&db, bytes);
	cudaMalloc(&dc, bytes);
	cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
	dim3 block(16, 16);
	dim3 grid((N + 15) / 16, (N + 15) / 16);
	matmul<<<grid, block>>>(da, db, dc, N);
	cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
	int bad = 0;
	long trace = 0;
	for (int i = 0; i < N; i++) {
		for (int j = 0; j < N; j++) {
			int s = 0;
			for (int k = 0; k < N; k++)
				s += a[i * N + k] * b[k * N + j];
			if (s != c[i * N + j])
				bad++;
		}
		trace += c[i * N + i];
	}
	printf("c[0][0]=%d c[1][2]=%d c[47][47]=%d trace=%ld\n", c[0], c[1 * N + 2], c[N * N - 1], trace);
	printf("%s (%d mismatches)\n", bad ? "FAIL" : "PASS", bad);
	return 0;
}
