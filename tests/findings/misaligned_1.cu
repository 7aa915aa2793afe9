#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void k(char *buf, int *out)
{
	int *p = (int *)(buf + 1);
	out[threadIdx.x] = p[threadIdx.x];	//@misaligned
}
int main()
{
	char *buf;
	int *out;
	cudaMalloc(&buf, 256);
	cudaMemset(buf, 0, 256);
	cudaMalloc(&out, 32 * sizeof(int));
	k<<<1, 32>>>(buf, out);
	printf("%s\n", cudaGetErrorName(cudaDeviceSynchronize()));
	return 0;
}
