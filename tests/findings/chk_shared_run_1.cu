#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, v = 0;
	s[t] = t;
	__syncthreads();
	if (t < 32) {
		v = s[32 + t];
		if (t % 4 != 0)
			v += s[t + 1];
	} else {
		for (int i = 0; i < 3000; i++)
			v += i * t;
		if (t == 32)
			s[5] = v;
		if (t == 33)
			s[6] = v;	//@shared-race
	}
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	cudaMemset(out, 0, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d %d\n", h[1], h[63]);
	return 0;
}
