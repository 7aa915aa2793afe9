#include <cstdio>
#include <cstdlib>
#include <cassert>
__device__ unsigned done;
__global__ void sum(const int *in, int *partial, int *result)
{
	__shared__ bool last;
	int b = blockIdx.x;
	if (threadIdx.x == 0) {
		partial[b] = in[b] * 2;
		__threadfence();
		unsigned t = atomicInc(&done, gridDim.x);
		last = (t == gridDim.x - 1);
	}
	__syncthreads();
	if (last && threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < gridDim.x; i++)
			s += partial[i];
		*result = s;
	}
}
int main()
{
	int h[16], *in, *partial, *result, r;
	unsigned z = 0;
	for (int i = 0; i < 16; i++)
		h[i] = i;
	cudaMalloc(&in, sizeof(h));
	cudaMalloc(&partial, sizeof(h));
	cudaMalloc(&result, sizeof(int));
	cudaMemcpy(in, h, sizeof(h), cudaMemcpyHostToDevice);
	cudaMemcpyToSymbol(done, &z, sizeof(z));
	sum<<<16, 32>>>(in, partial, result);
	cudaMemcpy(&r, result, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%d\n", r);
	return 0;
}
