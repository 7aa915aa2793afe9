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
	if (t < 32)
		v = s[t % 16] + s[32 + t / 16];
	else
		for (int i = 0; i < 3000; i++)
			v += i * t;
	if (t == 35)
		s[5] = v;	//@shared-race
	if (t == 49)
		s[33] = v;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[64];
	cudaMalloc(&out, 64 * sizeof(int));
	k<<<1, 64>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);	/* a reader's: not racy */
	return 0;
}
