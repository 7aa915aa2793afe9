#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (blockIdx.x == 0) {
		if (t < 16)
			a[t] = t;	//@global-race
		b[t] = t;	//@global-race
	} else {
		out[t] = a[t];
		if (t >= 16)
			out[32 + t] = b[t];
	}
}
int main()
{
	int *a, *b, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(a, 0, 32 * sizeof(int));
	cudaMemset(b, 0, 32 * sizeof(int));
	k<<<2, 32>>>(a, b, out);
	cudaMemcpy(h, b, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[31]);
	return 0;
}
