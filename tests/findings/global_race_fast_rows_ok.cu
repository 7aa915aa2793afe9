#include <cstdio>
#include <cstdlib>
#include <cassert>
#define N 64
__global__ void k(const float *a, float *b, float *out)
{
	int i = threadIdx.y * N + threadIdx.x;
	out[blockIdx.x * 16 * N + i] = a[i];	/* a's rows read by every block */
	b[blockIdx.x * 16 * N + i] += a[i];	/* each thread's own word, read then written */
}
int main()
{
	float *a, *b, *out, h[4 * 16 * N];
	cudaMalloc(&a, 16 * N * sizeof(float));
	cudaMalloc(&b, 4 * 16 * N * sizeof(float));
	cudaMalloc(&out, 4 * 16 * N * sizeof(float));
	cudaMemset(a, 0, 16 * N * sizeof(float));
	cudaMemset(b, 0, 4 * 16 * N * sizeof(float));
	k<<<4, dim3(16, 16)>>>(a, b, out);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g\n", h[4 * 16 * N - 1]);
	return 0;
}
