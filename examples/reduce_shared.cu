// reduce_shared.cu - a block sums its values in shared memory: a tree of
// additions, with __syncthreads() between the levels.
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

__global__ void reduce(const int *in, int *out)
{
	__shared__ int buf[N];
	int tid = threadIdx.x;
	buf[tid] = in[tid];
	__syncthreads();                 // every value is in shared memory
	for (int s = N / 2; s > 0; s /= 2) {
		if (tid < s)
			buf[tid] += buf[tid + s];
		__syncthreads();         // one level done before the next
	}
	if (tid == 0)
		*out = buf[0];
}

int main(void)
{
	int h_in[N], *d_in, *d_out, sum = 0;

	for (int i = 0; i < N; i++)
		h_in[i] = i + 1;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(int));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	reduce<<<1, N>>>(d_in, d_out);
	cudaMemcpy(&sum, d_out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("sum of 1..%d = %d\n", N, sum);
	cudaFree(d_in);
	cudaFree(d_out);
	return 0;
}
