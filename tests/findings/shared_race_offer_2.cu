#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = s[t];	//@shared-race
	s[(t + 32) % 64] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
