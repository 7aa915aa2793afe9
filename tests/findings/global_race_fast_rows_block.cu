#include <cstdio>
#include <cstdlib>
#include <cassert>
#define N 64
__global__ void k(float *a, float *out)
{
	int tx = threadIdx.x, ty = threadIdx.y;
	out[ty * N + tx] = a[ty * N + tx];	//@global-race
	a[((ty + 2) % 16) * N + tx] = 2.0f;	//@global-race
}
int main()
{
	float *a, *out, h[16 * N];
	cudaMalloc(&a, 16 * N * sizeof(float));
	cudaMalloc(&out, 16 * N * sizeof(float));
	cudaMemset(a, 0, 16 * N * sizeof(float));
	k<<<1, dim3(16, 16)>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%g\n", h[0]);	/* every writer wrote 2 */
	return 0;
}
