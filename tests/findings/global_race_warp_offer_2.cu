#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *out)
{
	int t = threadIdx.x;
	out[t] = a[t];
	__syncthreads();
	a[(t + 32) % 64] = t;
}
int main()
{
	int *a, *out, h[64];
	cudaMalloc(&a, 64 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 64 * sizeof(int));
	k<<<1, 64>>>(a, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[32]);
	return 0;
}
