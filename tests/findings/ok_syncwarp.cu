#include <cstdio>
#include <cstdlib>
#include <cassert>
// warpstep-opts: --simt its
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, l = t % 32;
	s[t] = t;
	__syncwarp();
	for (int d = 16; d > 0; d /= 2) {
		int v = 0;
		if (l < d)
			v = s[t + d];
		__syncwarp();
		if (l < d)
			s[t] += v;
		__syncwarp();
	}
	if (l == 0)
		out[t / 32] = s[t];
}
int main()
{
	int *out, h[2];
	cudaMalloc(&out, 2 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[1]);
	return 0;
}
