// big.cu - one block of 1024 threads (32 warps), a shared tile, divergence
// and barriers: the step+redraw benchmark's program (bench_debug.c).
#include <cstdio>

__global__ void big(float *a, const float *b, int iters)
{
	__shared__ float tile[1024];
	int t = threadIdx.x;
	float acc = 0.0f;
	for (int k = 0; k < iters; k++) {
		tile[t] = b[t] + k;
		__syncthreads();
		if (t & 1)
			acc += tile[t] * 2.0f;
		else
			acc += tile[1023 - t];
		__syncthreads();
	}
	a[t] = acc;
}

int main(void)
{
	float *a, *b;
	cudaMalloc(&a, 1024 * sizeof(float));
	cudaMalloc(&b, 1024 * sizeof(float));
	cudaMemset(b, 0, 1024 * sizeof(float));
	big<<<1, 1024>>>(a, b, 1000);
	cudaDeviceSynchronize();
	printf("done\n");
	return 0;
}
