#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		if (t < 32)
			a[t + 16] = t;
	} else {
		out[t] = a[t];	//@global-race
	}
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<2, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[0], h[16], h[47]);
	return 0;
}
