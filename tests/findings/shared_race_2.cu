#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void reduce(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	for (int d = 64; d > 0; d /= 2) {
		if (t < d)
			s[t] += s[t + d];	//@shared-race
	}
	if (t == 0)
		*out = s[0];
}
int main()
{
	int h[128], *in, *out, r;
	for (int i = 0; i < 128; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	reduce<<<1, 128>>>(in, out);
	cudaMemcpy(&r, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", r);
	return 0;
}
