#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	__shared__ int s[32];
	int t = threadIdx.x;
	if (t < 32)
		s[t] = t;
	__syncthreads();
	int v = 0;
	if (t < 64)
		v = s[t % 32];
	if (t >= 64)
		s[t - 64] = 1;	//@shared-race
	out[t] = v;
}
int main()
{
	int *out, h[96];
	cudaMalloc(&out, 96 * sizeof(int));
	k<<<1, 96>>>(out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[95]);	/* a writer's: not racy */
	return 0;
}
