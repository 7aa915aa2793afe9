#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int tx = threadIdx.x & 15, ty = threadIdx.x >> 4;
	if (blockIdx.x == 0)
		out[threadIdx.x] = a[ty * 32 + tx];
	else if (blockIdx.x == 1)
		a[ty * 32 + tx] = threadIdx.x;	//@global-race
	else
		a[(ty + 2) * 32 + 16 + tx] = 1;
}
int main()
{
	int *a, *out, h[128];
	cudaMalloc(&a, 128 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(a, 0, 128 * sizeof(int));
	k<<<3, 32>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0] >= 0, h[48], h[127]);
	return 0;
}
