#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ double atomic_add_double(double *address, double val)
{
	unsigned long long *p = (unsigned long long *)address;
	unsigned long long old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
	} while (assumed != old);
	return __longlong_as_double(old);
}
__global__ void k(const int *in, double *sum, int *max)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];
	atomic_add_double(sum, v);
	if (v > *max)
		atomicMax(max, v);
}
int main()
{
	int h[256], *in, *max, m;
	double *sum, s;
	for (int i = 0; i < 256; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&sum, sizeof(double));
	cudaMalloc(&max, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemset(sum, 0, sizeof(double));
	cudaMemset(max, 0, sizeof(int));
	k<<<4, 64>>>(in, sum, max);
	cudaMemcpy(&s, sum, sizeof(double), cudaMemcpyDeviceToHost);
	cudaMemcpy(&m, max, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%.0f %d\n", s, m);
	return 0;
}
