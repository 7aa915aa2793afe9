#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int l = threadIdx.x;
	int v = l;
	if (l < 16) {
		unsigned m = __activemask();
		for (int d = 8; d > 0; d /= 2)
			v += __shfl_down_sync(m, v, d, 16);
	} else {
		v = __shfl_sync(0xffff0000, v, 16);
	}
	out[l] = v;
}
int main()
{
	int *out, h[32];
	cudaMalloc(&out, sizeof(h));
	k<<<1, 32>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[0], h[20]);
	return 0;
}
