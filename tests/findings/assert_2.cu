#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ int checked(int x)
{
	assert(x < 10);	//@assert-failure
	return x;
}
__global__ void k(int *out)
{
	out[threadIdx.x] = checked(threadIdx.x);
}
int main()
{
	int *out;
	cudaMalloc(&out, 16 * sizeof(int));
	k<<<1, 16>>>(out);
	printf("%d\n", (int)cudaDeviceSynchronize());
	printf("%d\n", (int)cudaMemcpy(out, out, 4, cudaMemcpyDeviceToDevice));
	return 0;
}
