#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	for (int d = 64; d > 0; d /= 2) {
		if (t < d)
			s[t] += s[t + d];
		__syncthreads();
	}
	out[t] = s[127 - t] + s[0];
}
int main()
{
	int h[128], *in, *out;
	for (int i = 0; i < 128; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(h));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 128>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[127]);
	cudaFree(in);
	cudaFree(out);
	return 0;
}
