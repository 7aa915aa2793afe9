#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0)
		a[t] = t;
	else
		out[t] = a[t];	//@global-race
}
int main()
{
	int *a, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	k<<<2, 32>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
