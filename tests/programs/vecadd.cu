// Vector addition, the first CUDA homework.
#include <stdio.h>
#include <stdlib.h>

__global__ void vecadd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

int main(void)
{
	const int n = 1000;
	size_t bytes = n * sizeof(float);
	float *a = (float *)malloc(bytes), *b = (float *)malloc(bytes), *c = (float *)malloc(bytes);
	for (int i = 0; i < n; i++) {
		a[i] = i * 0.5f;
		b[i] = 2.0f * i;
	}
	float *da, *db, *dc;
	cudaMalloc((void **)&da, bytes);
	cudaMalloc((void **)&db, bytes);
	cudaMalloc((void **)&dc, bytes);
	cudaMemcpy(da, a, bytes, cudaMemcpyHostToDevice);
	cudaMemcpy(db, b, bytes, cudaMemcpyHostToDevice);
	int threads = 256;
	int blocks = (n + threads - 1) / threads;
	vecadd<<<blocks, threads>>>(da, db, dc, n);
	cudaMemcpy(c, dc, bytes, cudaMemcpyDeviceToHost);
	int errors = 0;
	double sum = 0;
	for (int i = 0; i < n; i++) {
		if (c[i] != a[i] + b[i])
			errors++;
		sum += c[i];
	}
	printf("blocks=%d c[0]=%.1f c[999]=%.1f sum=%.1f errors=%d\n", blocks, c[0], c[999], sum, errors);
	cudaFree(da);
	cudaFree(db);
	cudaFree(dc);
	free(a);
	free(b);
	free(c);
	return 0;
}
