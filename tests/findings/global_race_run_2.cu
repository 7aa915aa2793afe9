#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *a, int *b, int *out)
{
	int t = threadIdx.x;
	if (t < 32)
		a[t] = t;
	else if (t == 52)
		out[0] = a[20];	//@global-race
	if (t == 40)
		b[8] = 1;	//@global-race
	else if (t < 32)
		out[32 + t] = b[t];
}
int main()
{
	int *a, *b, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&b, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(b, 0, 32 * sizeof(int));
	k<<<1, 64>>>(a, b, out);
	cudaMemcpy(h, a, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[20], h[31]);
	return 0;
}
