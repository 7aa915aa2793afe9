#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *c, int *out)
{
	int t = threadIdx.x, w = t / 32, tile = (t % 32) / 16 * 64 + t % 16;
	if (w == 0) {
		out[blockIdx.x * 64 + t] = a[t];
		out[blockIdx.x * 64 + 32 + t] = c[tile];
	}
	if (blockIdx.x == 0)
		out[256 + t] = b[t % 32];
	__syncthreads();
	if (blockIdx.x == 0 && t == 9)
		b[9] = 2;
}
__global__ void k2(int *a, int *c)
{
	if (threadIdx.x == 7) {
		a[7] = 1;
		c[68] = 1;
	}
}
int main()
{
	int *a, *b, *c, *out, h;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&b, 64 * sizeof(int));
	cudaMalloc(&c, 128 * sizeof(int));
	cudaMalloc(&out, 512 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	cudaMemset(b, 0, 64 * sizeof(int));
	cudaMemset(c, 0, 128 * sizeof(int));
	k<<<3, 64>>>(a, b, c, out);
	k2<<<1, 32>>>(a, c);
	cudaMemcpy(&h, b + 9, sizeof h, cudaMemcpyDeviceToHost);
	printf("%d %d\n", (int)cudaDeviceSynchronize(), h);
	return 0;
}
