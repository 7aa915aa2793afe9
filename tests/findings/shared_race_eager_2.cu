#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, v = 0;
	s[t] = in[t];
	s[t + 64] = in[t + 64];
	__syncthreads();
	s[t] += s[t + 64];
	__syncthreads();
	if (t >= 32) {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		v += s[t - 1];
	}
	__syncthreads();
	if (t < 32)
		s[t] = t;
	else
		v += s[t];
	__syncthreads();
	if (t < 32)
		s[t + 32] = v;
	__syncthreads();
	if (t < 4)
		s[t] += s[t + 4];
	__syncwarp();
	if (t < 2)
		s[t] += s[t + 2];
	s[t + 64] += t;
	__syncthreads();
	if (t >= 36 && t < 40)
		v += s[t - 36];
	if (t < 4)
		s[t + 8] = t;
	__syncwarp();
	if (t >= 4 && t < 8)
		v += s[t + 4];
	__syncthreads();
	if (t < 2)
		v += s[t];
	if (t < 2)
		s[t] = v;
	out[t] = v;
}
int main()
{
	int *in, *out, h[64];
	cudaMalloc(&in, 128 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(in, 0, 128 * sizeof(int));
	k<<<1, 64>>>(in, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
