#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *a, int *b, int *c, int *out, int phases)
{
	int t = threadIdx.x, s = 0;
	if (blockIdx.x == 0 && t == 0)
		s += b[0];
	if (blockIdx.x == 5 && t < 32)
		c[t] = t;
	for (int i = 0; i < phases; i++) {
		s += a[t];
		__syncthreads();
	}
	if (blockIdx.x == gridDim.x - 1 && t == 0)
		b[0] = s;	//@global-race
	if (blockIdx.x == gridDim.x - 1 && t >= 32 && t < 64)
		s += c[t - 32];	//@global-race
	out[blockIdx.x * blockDim.x + t] = s;
}
int main()
{
	int *a, *b, *c, *out, h[2];
	const int blocks = 64, threads = 1024, phases = 384;
	cudaMalloc(&a, threads * sizeof(int));
	cudaMalloc(&b, sizeof(int));
	cudaMalloc(&c, 32 * sizeof(int));
	cudaMalloc(&out, blocks * threads * sizeof(int));
	cudaMemset(a, 0, threads * sizeof(int));
	cudaMemset(b, 0, sizeof(int));
	k<<<blocks, threads>>>(a, b, c, out, phases);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
