#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[128];
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	int hole = b == 0 ? 41 : b == 1 ? 32 : 0;
	if (t != hole)
		s[t] = t;
	__syncthreads();
	if (t == hole)
		s[t] = -t;
	__syncthreads();
	v = s[t] + s[127 - t];
	out[b * 128 + t] = v;
}
int main()
{
	int *out, h[384];
	cudaMalloc(&out, 384 * sizeof(int));
	k<<<3, 128>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d %d %d\n", h[41], h[128 + 32], h[256], h[383]);
	return 0;
}
