#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(float *out)
{
	extern __shared__ float s[];
	s[threadIdx.x] = 0;
	out[threadIdx.x] = s[threadIdx.x];
}
int main()
{
	float *out;
	cudaMalloc(&out, 32 * sizeof(float));
	k<<<1, 32, 1 << 20>>>(out);	//@invalid-launch
	printf("%d\n", (int)cudaGetLastError());
	return 0;
}
