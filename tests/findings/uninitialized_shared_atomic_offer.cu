#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned *out)
{
	__shared__ unsigned s[64];
	if (threadIdx.x < 32)
		s[threadIdx.x] = 0;
	__syncthreads();
	atomicAdd(&s[threadIdx.x], 1u);
	__syncthreads();
	out[threadIdx.x] = s[threadIdx.x];
}
int main()
{
	unsigned *out, h[64];
	cudaMalloc(&out, 64 * sizeof(unsigned));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%u\n", h[0]);	/* written, then updated once */
	return 0;
}
