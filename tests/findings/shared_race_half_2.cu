#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	if (t < 16)
		s[t] = 2 * t;
	if (t == 0)
		s[20] = 1;
	out[t] = s[t % 16];	//@shared-race
	out[t] += s[20 + t / 16];	//@shared-race
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
