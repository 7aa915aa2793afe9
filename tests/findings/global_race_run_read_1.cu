#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *c, int *out)
{
	int t = threadIdx.x, w = t / 32, tile = (t % 32) / 16 * 64 + t % 16;
	if (blockIdx.x < 2 && w == 0) {
		out[blockIdx.x * 64 + t] = a[t];
		out[blockIdx.x * 64 + 32 + t] = c[tile];
	}
	if (blockIdx.x == 0)
		out[128 + t] = b[t % 32];
	int v = 0;
	for (int j = 0; j < 200 * (int)blockIdx.x; j++)
		v += j & t;
	if (t == 0)
		out[256 + blockIdx.x] = v;
	if (blockIdx.x == 2 && t == 7)
		a[7] = 1;	//@global-race
	if (blockIdx.x == 2 && t == 20)
		c[68] = 1;	//@global-race
	if (blockIdx.x == 1 && t == 9)
		b[9] = 2;	//@global-race
}
int main()
{
	int *a, *b, *c, *out;
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&b, 64 * sizeof(int));
	cudaMalloc(&c, 128 * sizeof(int));
	cudaMalloc(&out, 512 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	cudaMemset(b, 0, 64 * sizeof(int));
	cudaMemset(c, 0, 128 * sizeof(int));
	k<<<3, 64>>>(a, b, c, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
