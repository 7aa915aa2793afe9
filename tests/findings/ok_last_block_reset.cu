#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ unsigned retired;
__global__ void sum(const int *in, int *partial, int *result)
{
	__shared__ bool last;
	if (threadIdx.x == 0) {
		partial[blockIdx.x] = in[blockIdx.x] * 2;
		__threadfence();
		unsigned t = atomicInc(&retired, gridDim.x);
		last = (t == gridDim.x - 1);
	}
	__syncthreads();
	if (last && threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < gridDim.x; i++)
			s += partial[i];
		*result = s;
		retired = 0;
	}
}
int main()
{
	int h[16], *in, *partial, *result, r1, r2;
	for (int i = 0; i < 16; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&partial, sizeof(h));
	cudaMalloc(&result, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	sum<<<16, 32>>>(in, partial, result);
	cudaMemcpy(&r1, result, sizeof(int), cudaMemcpyDeviceToHost);
	sum<<<16, 32>>>(in, partial, result);
	cudaMemcpy(&r2, result, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d %d\n", r1, r2);
	return 0;
}
