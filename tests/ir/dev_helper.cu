// dev_helper.cu - kernels whose loops call small __device__ helpers
// (tests/ir/inline.t counts their interpreted steps).
#include <cstdio>
#define N 256
__device__ float axpy(float a, float x, float y) { return a * x + y; }
__device__ int at(int row, int col, int n) { return row * n + col; }
__global__ void init(float *x)
{
	for (int i = threadIdx.x; i < 32 * N; i += 32)
		x[i] = (float)(i % 9);
}
__global__ void k(const float *x, float *y, int n)
{
	int t = threadIdx.x;
	float acc = 0.0f;
	for (int i = 0; i < n; i++)
		acc = axpy(0.5f, x[at(i, t, 32)], acc);
	y[t] = acc;
}
int main()
{
	float hy[32];
	float *x, *y;
	cudaMalloc(&x, 32 * N * sizeof(float));
	cudaMalloc(&y, sizeof(hy));
	init<<<1, 32>>>(x);
	k<<<1, 32>>>(x, y, N);
	cudaMemcpy(hy, y, sizeof(hy), cudaMemcpyDeviceToHost);
	printf("%g %g %g\n", hy[0], hy[1], hy[31]);
	return 0;
}
