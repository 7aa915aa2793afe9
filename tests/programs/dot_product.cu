// Dot product in the "CUDA by Example" style: per-block shared cache reduction, partial sums
// copied back and finished on the host; a second version finishes with atomicAdd on a double.
#include <stdio.h>

#define THREADS 128
#define BLOCKS 8

__global__ void dot(const float *a, const float *b, float *partial, double *total, int n)
{
	__shared__ float cache[THREADS];
	int tid = threadIdx.x + blockIdx.x * blockDim.x;
	float temp = 0;
	while (tid < n) {
		temp += a[tid] * b[tid];
		tid += blockDim.x * gridDim.x;
	}
	cache[threadIdx.x] = temp;
	__syncthreads();
	int i = blockDim.x / 2;
	while (i != 0) {
		if (threadIdx.x < i)
			cache[threadIdx.x] += cache[threadIdx.x + i];
		__syncthreads();
		i /= 2;
	}
	if (threadIdx.x == 0) {
		partial[blockIdx.x] = cache[0];
		atomicAdd(total, (double)cache[0]);
	}
}

int main(void)
{
	const int n = 5000;
	static float a[5000], b[5000];
	for (int i = 0; i < n; i++) {
		a[i] = (float)(i % 10);
		b[i] = (float)(i % 3);
	}
	float *da, *db, *dp, part[BLOCKS];
	double *dt, total = 0;
	cudaMalloc(&da, sizeof a);
	cudaMalloc(&db, sizeof b);
	cudaMalloc(&dp, sizeof part);
	cudaMalloc(&dt, sizeof total);
	cudaMemcpy(da, a, sizeof a, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, sizeof b, cudaMemcpyHostToDevice);
	cudaMemcpy(dt, &total, sizeof total, cudaMemcpyHostToDevice);
	dot<<<BLOCKS, THREADS>>>(da, db, dp, dt, n);
	cudaMemcpy(part, dp, sizeof part, cudaMemcpyDeviceToHost);
	cudaMemcpy(&total, dt, sizeof total, cudaMemcpyDeviceToHost);
	float c = 0;
	for (int i = 0; i < BLOCKS; i++)
		c += part[i];
	double want = 0;
	for (int i = 0; i < n; i++)
		want += (double)a[i] * b[i];
	printf("dot = %.1f, atomic total = %.1f, host = %.1f\n", c, total, want);
	return 0;
}
