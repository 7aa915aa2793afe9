#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 8)
		v = s[t + 32];
	else
		for (int i = 0; i < 3000; i++)
			v += i * t;
	if (t >= 32)
		s[t] = -t;	//@shared-race
	out[t] = t < 8 ? v : 0;
}
int main()
{
	int *out;
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
