#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void fill(int *a)
{
	if (threadIdx.x != 20)
		a[threadIdx.x] = 1;
}
__global__ void use(const int *a, int *out)
{
	out[threadIdx.x] = a[threadIdx.x];	//@uninitialized-read
}
int main()
{
	int *a, *out, h[32];
	cudaMalloc(&a, 32 * sizeof(int));
	cudaMalloc(&out, 32 * sizeof(int));
	fill<<<1, 32>>>(a);
	use<<<1, 32>>>(a, out);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	printf("%d\n", h[0]);
	return 0;
}
