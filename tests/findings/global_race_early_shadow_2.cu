#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void idle(int *p) { __threadfence(); }
__global__ void k(int *g)
{
	g[blockIdx.x * 32 + threadIdx.x] = blockIdx.x;
}
int main()
{
	int *g, *other, h[64];
	cudaMalloc(&g, 64 * sizeof(int));
	cudaMalloc(&other, 8 * sizeof(int));
	for (int i = 0; i < 40; i++)
		idle<<<1, 1>>>(other);
	k<<<2, 32>>>(g);
	cudaMemcpy(h, g, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
