#include <cstdio>
#include <cstdlib>
#include <cassert>
#define N 64
__global__ void k(float *a, float *out)
{
	int i = threadIdx.y * N + threadIdx.x;
	if (blockIdx.x == 0)
		out[i] = a[i];
	else
		a[i] = 1.0f;	//@global-race
}
int main()
{
	float *a, *out, h[16 * N];
	cudaMalloc(&a, 16 * N * sizeof(float));
	cudaMalloc(&out, 16 * N * sizeof(float));
	cudaMemset(a, 0, 16 * N * sizeof(float));
	k<<<2, dim3(16, 16)>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g\n", h[16 * N - 1]);	/* the writer's: not racy */
	return 0;
}
