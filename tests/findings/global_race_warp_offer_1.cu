#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	out[t] = a[t];	//@global-race
	a[(t + 32) % 64] = t;	//@global-race
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<1, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[32]);	/* each written by one thread */
	return 0;
}
