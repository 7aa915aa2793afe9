#include <stdio.h>
__global__ void add(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}
int main()
{
	const int n = 1000;
	float *a, *b, *c;
	cudaMalloc(&a, n * sizeof(float));
	cudaMalloc(&b, n * sizeof(float));
	cudaMalloc(&c, n * sizeof(float));
	float h[1000];
	for (int i = 0; i < n; i++) h[i] = i;
	cudaMemcpy(a, h, sizeof(h), cudaMemcpyHostToDevice);
	add<<<(n + 255) / 256, 256>>>(a, b, c, n);
	cudaDeviceSynchronize();
	printf("%f\n", h[3]);
	return 0;
}
