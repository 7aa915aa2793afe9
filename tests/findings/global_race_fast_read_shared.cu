#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int i = threadIdx.x;
	out[blockIdx.x * 32 + i] = a[i] + a[0];
	if (blockIdx.x == 3)
		a[i] = i;	//@global-race
}
int main()
{
	int *a, *out, h[128];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 128 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<4, 32>>>(a, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[127]);
	return 0;
}
