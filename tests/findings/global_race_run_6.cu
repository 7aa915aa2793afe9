#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (t < 32) {
		a[t] = t;
		b[t] = t;
	} else {
		out[t] = b[t - 32];	//@global-race
	}
	__syncthreads();
	if (t >= 32)
		out[t - 32] = a[t - 32];
}
int main()
{
	int *a, *b, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(a, b, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
