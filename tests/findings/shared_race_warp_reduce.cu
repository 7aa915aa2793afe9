#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void reduce(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	if (t < 32) {
		s[t] += s[t + 32];
		s[t] += s[t + 16];	//@shared-race
		s[t] += s[t + 8];	//@shared-race
		s[t] += s[t + 4];	//@shared-race
		s[t] += s[t + 2];	//@shared-race
		s[t] += s[t + 1];	//@shared-race
	}
	if (t == 0)
		*out = s[0];
}
int main()
{
	int h[64], *in, *out, r = 0;
	for (int i = 0; i < 64; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	reduce<<<1, 64>>>(in, out);
	cudaMemcpy(&r, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", r > 0);
	return 0;
}
