#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (t != (b == 0 ? 41 : b == 1 ? 32 : 0))
		s[t] = t;
	__syncthreads();
	if (b == 0 && t >= 32 && t < 64)
		v = s[t];	//@uninitialized-read
	if (b == 1 && t >= 32 && t < 64)
		v = s[t];	//@uninitialized-read
	if (b == 2 && t < 32)
		v = s[t];	//@uninitialized-read
	out[b * 128 + t] = v;
}
int main()
{
	int *out, h[384];
	cudaMalloc(&out, 384 * sizeof(int));
	k<<<3, 128>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", h[40], h[128 + 33], h[256 + 1]);	/* written words */
	return 0;
}
