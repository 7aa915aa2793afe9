#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *data, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t >= 3 && t < 10)
			data[t] = t;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t >= 12 && t < 20)
			v += data[t];
		if (t >= 9 && t < 12)
			v += data[t];	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	int *d, *out, h[64];
	cudaMalloc(&d, 32 * sizeof(int));
	cudaMemset(d, 0, 32 * sizeof(int));
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(d, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[32 + 10]);
	return 0;
}
