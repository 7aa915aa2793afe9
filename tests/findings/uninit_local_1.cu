#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(int *out)
{
	int a[8];
	for (int i = 0; i < 4; i++)
		a[i] = i * threadIdx.x;
	int s = 0;
	for (int i = 0; i < 8; i++)
		s += a[i];	//@uninitialized-read
	out[threadIdx.x] = s;
}
int main()
{
	int *out;
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(out);
	cudaDeviceSynchronize();
	return 0;
}
