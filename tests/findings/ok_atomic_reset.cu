#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void reset(int *c)
{
	if (blockIdx.x == 0 && threadIdx.x == 0)
		*c = 0;
}
__global__ void add(int *c)
{
	atomicAdd(c, 1);
}
__global__ void one_block(int *c)
{
	if (threadIdx.x == 0)
		*c = 0;
	__syncthreads();
	atomicAdd(c, 1);
	__syncthreads();
	if (threadIdx.x == 0)
		c[1] = *c;
}
int main()
{
	int *c, h[2];
	cudaMalloc(&c, 2 * sizeof(int));
	reset<<<4, 64>>>(c);
	add<<<4, 64>>>(c);
	cudaMemcpy(h, c, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	one_block<<<1, 128>>>(c);
	cudaMemcpy(h, c, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
