// shared-memory findings inside the short bodies of `if` without `else` (interp.c
// split1, which checked runs take too: the taken lanes run the body, the others wait at
// its end without a group of their own) and right after their join: a read of a word no
// thread wrote, lanes of several warps writing one word, and a read of words other warps
// wrote since the last barrier
#include <cstdio>
__global__ void k(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	if (t < 32)
		s[t] = t;
	__syncthreads();
	int v = 0;
	if ((t & 7) == 3)
		v = s[(t + 8) & 63];	//@uninitialized-read
	out[i] = v;
	__syncthreads();
	if (t % 3 == 1)
		s[t & 15] = i;	//@shared-race
	out[i] += s[(t + 1) & 31] & 0;	//@shared-race
}
int main()
{
	int *d, h[128];
	cudaMalloc(&d, sizeof h);
	k<<<2, 64>>>(d);
	cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
	long long s = 0;
	for (int j = 0; j < 128; j++)
		if ((j & 7) == 3 && (j & 63) + 8 < 32)
			s += h[j];
	printf("sum %lld\n", s);
	return 0;
}
