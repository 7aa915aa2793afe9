#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(unsigned *out)
{
	int l = threadIdx.x;
	if (l % 2)
		out[l] = __ballot_sync(0xffffffff, l > 10);	//@invalid-collective-mask
}
int main()
{
	unsigned *out;
	cudaMalloc(&out, 32 * sizeof(unsigned));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
