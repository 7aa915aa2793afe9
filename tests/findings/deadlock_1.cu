#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int l = threadIdx.x;
	if (l < 16)
		__syncwarp();	//@deadlock
	else
		__syncthreads();
	out[l] = l;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
