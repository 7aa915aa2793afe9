#include <cstdio>
#include <cassert>
#define N 256
struct Point { float x, y; };
__constant__ float coef[4] = {1.0f, 2.0f, 3.0f, 4.0f};
__device__ int counter;
__device__ float sq(float v) { return v * v; }
__host__ __device__ int twice(int v) { return 2 * v; }
template <typename T>
__device__ T warp_sum(T v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(0xffffffff, v, off);
	return v;
}
__global__ void reduce(const float *in, float *out, int n)
{
	__shared__ float tile[N];
	extern __shared__ int dyn[];
	int tid = threadIdx.x;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	tile[tid] = i < n ? in[i] * coef[i % 4] : 0.0f;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 32; s >>= 1) {
		if (tid < s)
			tile[tid] += tile[tid + s];
		__syncthreads();
	}
	float v = tile[tid];
	if (tid < 32)
		v = warp_sum(v);
	if (tid == 0) {
		atomicAdd(out, v);
		atomicAdd(&counter, 1);
		printf("block %d sum %f\n", blockIdx.x, v);
	}
	dyn[tid] = twice(tid);
	Point p = {sq(1.0f), 2.0f};
	p.x += p.y;
	assert(p.x > 0);
	switch (tid & 3) {
	case 0: v = 1; break;
	case 1: v = 2;
	case 2: v = 3; break;
	default: v = 4;
	}
	unsigned m = __ballot_sync(0xffffffff, v > 2);
	(void)m;
}
int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 1024;
	float *d_in, *d_out;
	cudaMalloc((void **)&d_in, n * sizeof(float));
	cudaMalloc(&d_out, sizeof(float));
	float *h = (float *)malloc(n * sizeof(float));
	for (int i = 0; i < n; ++i) h[i] = 1.0f;
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemset(d_out, 0, sizeof(float));
	dim3 grid((n + N - 1) / N), block(N);
	reduce<<<grid, block, N * sizeof(int)>>>(d_in, d_out, n);
	cudaError_t err = cudaGetLastError();
	if (err != cudaSuccess) { fprintf(stderr, "%s\n", cudaGetErrorString(err)); return 1; }
	float r;
	cudaMemcpy(&r, d_out, sizeof(float), cudaMemcpyDeviceToHost);
	int c;
	cudaMemcpyFromSymbol(&c, counter, sizeof(int));
	printf("%g %d %d\n", r, c, twice(3));
	free(h);
	cudaFree(d_in);
	return 0;
}
