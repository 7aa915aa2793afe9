#include <cstdio>
#include <cstdlib>
#include <cassert>
__managed__ int hits;
__global__ void count(const int *in, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n && in[i] > 0)
		atomicAdd(&hits, 1);
}
int main()
{
	int n = 128, *in;
	cudaMallocManaged(&in, n * sizeof(int));
	for (int i = 0; i < n; i++)
		in[i] = i % 3;
	hits = 0;
	count<<<2, 64>>>(in, n);
	hits = 0;	//@host-device-race
	cudaDeviceSynchronize();
	printf("%d\n", hits >= 0 && hits <= n);
	cudaFree(in);
	return 0;
}
