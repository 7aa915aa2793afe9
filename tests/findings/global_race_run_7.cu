#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x < 2) {
		out[blockIdx.x * 32 + t] = a[t] + b[t];
	} else {
		b[t] = t;	//@global-race
	}
}
int main()
{
	int *a, *b, *out, h[64];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	cudaMemset(b, 0, 32 * sizeof(int));
	k<<<3, 32>>>(a, b, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[63] >= 0);
	return 0;
}
