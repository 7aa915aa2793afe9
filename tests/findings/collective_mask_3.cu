#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int l = threadIdx.x, v;
	if (l < 16)
		v = __shfl_sync(0xffffffff, l, 3);	//@invalid-collective-mask
	else
		v = __ballot_sync(0xffffffff, l > 20);
	out[l] = v;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
