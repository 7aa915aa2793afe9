#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[16];
	int t = threadIdx.x;
	if (t < 16)
		s[t] = t;
	__syncthreads();
	int v = s[t % 16] + s[t / 16];
	if (t >= 32 && t < 48)
		s[t - 32] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
