#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *c)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		atomicAdd(&a[t], 1);
		b[t] = t;
		atomicAdd(&c[t], 1);
	} else {
		a[t] = 0;	//@global-race
		atomicAdd(&b[t], 1);	//@global-race
		atomicAdd(&c[t], 2);
	}
}
int main()
{
	int *a, *b, *c, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&c, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	cudaMemset(c, 0, 32 * sizeof(int));
	k<<<2, 32>>>(a, b, c);
	cudaMemcpy(h, c, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
