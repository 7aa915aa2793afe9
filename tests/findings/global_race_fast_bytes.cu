#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned char *d, int *out)
{
	int i = threadIdx.x;
	out[blockIdx.x * 32 + i] = d[i];
	if (blockIdx.x == 3)
		d[i] = 1;	//@global-race
}
__global__ void put_get(unsigned char *d, int *out)
{
	if (blockIdx.x == 0)
		d[threadIdx.x] = 3;
	else
		out[threadIdx.x] = d[threadIdx.x];	//@global-race
}
__global__ void count(int *c)
{
	atomicAdd(&c[threadIdx.x], 1);	//@global-race
	if (blockIdx.x == 0)
		c[threadIdx.x] = 0;
}
int main()
{
	unsigned char *d;
	int *out, *c, h[128];
	cudaMalloc(&d, 32);
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMalloc(&c, 32 * sizeof(int));
	cudaMemset(d, 2, 32);
	cudaMemset(c, 0, 32 * sizeof(int));
	k<<<4, 32>>>(d, out);
	put_get<<<2, 32>>>(d, out);
	count<<<4, 32>>>(c);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
