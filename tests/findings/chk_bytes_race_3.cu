#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned char *data, int *out)
{
	int t = threadIdx.x, b = blockIdx.x, v = 0;
	if (b == 0) {
		if (t == 20)
			data[t] = 7;
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t % 3 != 0)
			v += data[t];	//@global-race
	}
	out[b * 32 + t] = v;
}
int main()
{
	unsigned char *d;
	int *out, h[64];
	cudaMalloc(&d, 64);
	cudaMemset(d, 0, 64);
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<2, 32>>>(d, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
