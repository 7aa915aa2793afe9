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
	if (t < 32) {
		v = s[t ^ 1];
		__syncwarp();
		v += s[t];
		s[t] = v;
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[5]);
	return 0;
}
