#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(const int *in, int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	__syncthreads();
	int both = s[t % 32] + s[32 + t % 32];	/* read by both warps: no race */
	__syncthreads();
	for (int stride = 32; stride > 0; stride >>= 1) {
		if (t < stride)
			s[t] += s[t + stride];
		__syncwarp();
	}
	if (t == 0)
		out[0] = s[0];
	out[1 + t] = both;
}
int main()
{
	int h[64], *in, *out, r[65];
	for (int i = 0; i < 64; i++)
		h[i] = 1;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&out, sizeof(r));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	k<<<1, 64>>>(in, out);
	cudaMemcpy(r, out, sizeof(r), cudaMemcpyDeviceToHost);
	printf("%d %d %d\n", r[0], r[1], r[64]);
	return 0;
}
