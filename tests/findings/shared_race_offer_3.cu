#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	if (t < 32)
		s[t] += s[t + 32];
	if (t < 16)
		s[t] += s[t + 16];	//@shared-race
	if (t == 0)
		*out = s[0];
}
int main()
{
	int h[64], *in, *out;
	for (int i = 0; i < 64; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 64>>>(in, out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
