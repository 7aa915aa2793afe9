#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void smooth(float *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i > 0 && i < n - 1)
		a[i] = (a[i - 1] + a[i + 1]) / 2;	//@global-race
}
int main()
{
	int n = 256;
	float *a;
	cudaMalloc(&a, n * sizeof(float));
	cudaMemset(a, 0, n * sizeof(float));
	smooth<<<n / 64, 64>>>(a, n);
	cudaDeviceSynchronize();
	return 0;
}
