// global-memory findings inside the short bodies of `if` without `else` (interp.c
// split1, which checked runs take too) and right after their join: one lane of each warp
// adds to a global without an atomic while the others wait at the join, every lane reads
// it right after, and one lane reads past the end of its array
#include <cstdio>
__device__ int g;
__global__ void k(const int *in, int *out, int *junk, int n)
{
	int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
	int v = in[i];
	if ((t & 31) == 5)
		g = g + v;	//@global-race
	int r = g;	//@global-race
	if (t == 37)
		junk[i] = in[n + t];	//@oob-global-read
	out[i] = v * 2 + (r & 0);
}
int main()
{
	const int n = 256;
	int h[n], *din, *dpad, *dout, *dj;
	for (int j = 0; j < n; j++)
		h[j] = j * 3 - 100;
	cudaMalloc(&din, sizeof h);
	cudaMalloc(&dpad, sizeof h); /* what lies past din: nothing writes it in the kernel */
	cudaMemset(dpad, 0, sizeof h);
	cudaMalloc(&dout, sizeof h);
	cudaMalloc(&dj, sizeof h);
	cudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);
	k<<<4, 64>>>(din, dout, dj, n);
	cudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);
	unsigned long long s = 0;
	for (int j = 0; j < n; j++)
		s = s * 7 + (unsigned)h[j];
	printf("check %llu\n", s);
	return 0;
}
