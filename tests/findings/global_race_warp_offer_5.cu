#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	out[blockIdx.x * 64 + t] = a[t];
	if (blockIdx.x == 2 && t >= 32)
		a[t] = 7;	//@global-race
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 3 * 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<3, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63]);
	return 0;
}
