#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void bump(int *a, int s)
{
	int i = (31 - threadIdx.x) * s + blockIdx.x * 60;
	a[i] = a[i] + 1;	//@global-race
}
__global__ void rd(const int *a, int *out, int s)
{
	int i = threadIdx.x;
	out[blockIdx.x * blockDim.x + i] = a[i * s] + a[i * s + 1];
}
__global__ void rd_then_wr(int *a, int *out, int s)
{
	int i = threadIdx.x;
	out[blockIdx.x * blockDim.x + i] = a[i * s];
	if (blockIdx.x == 1 && i >= 17)
		a[i * s] = i;	//@global-race
}
__global__ void own(int *a, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int v = a[i * s];
	a[i * s] = v + 1;
	a[i * s] = a[i * s] * 2;
}
int main()
{
	int *a, *out;
	cudaMalloc(&a, 4096 * sizeof(int));
	cudaMalloc(&out, 4096 * sizeof(int));
	cudaMemset(a, 0, 4096 * sizeof(int));
	cudaMemset(out, 0, 4096 * sizeof(int));
	/* block 1's lanes 0-19 on words of their own, lane 20 and on on block 0's */
	bump<<<2, 32>>>(a, 3);
	cudaDeviceSynchronize();
	rd<<<4, 32>>>(a, out, 5);
	rd_then_wr<<<2, 32>>>(a, out, 7);
	cudaDeviceSynchronize();
	own<<<4, 32>>>(a, 9);
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
