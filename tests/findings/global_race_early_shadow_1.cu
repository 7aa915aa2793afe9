#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void idle(int *p) { __threadfence(); }
__global__ void k(int *g)
{
	g[threadIdx.x & 7] = blockIdx.x;	//@global-race
}
int main()
{
	int *g, *other, h[8];
	cudaMalloc(&g, 8 * sizeof(int));
	cudaMalloc(&other, 8 * sizeof(int));
	for (int i = 0; i < 40; i++)
		idle<<<1, 1>>>(other);
	k<<<2, 32>>>(g);
	cudaMemcpy(h, g, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0] >= 0);
	return 0;
}
