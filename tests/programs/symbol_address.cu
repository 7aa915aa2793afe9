// cudaGetSymbolAddress and cudaGetSymbolSize: a __device__ array reached through a pointer, from
// host copies and from a kernel that takes the pointer as a parameter.
#include <stdio.h>

__device__ int table[8];
__device__ float scale = 1.5f;

__global__ void fill(int *p, int n)
{
	int i = threadIdx.x;
	if (i < n)
		p[i] = i * i;
}

__global__ void use(float *out)
{
	int i = threadIdx.x;
	out[i] = table[i] * scale;
}

int main(void)
{
	int *p = NULL;
	size_t sz = 0;
	cudaError_t e = cudaGetSymbolAddress((void **)&p, table);
	cudaGetSymbolSize(&sz, table);
	printf("address: %s, size %d\n", cudaGetErrorName(e), (int)sz);
	fill<<<1, 8>>>(p, 8);
	float *fs;
	cudaGetSymbolAddress((void **)&fs, scale);
	float two = 2.0f;
	cudaMemcpy(fs, &two, sizeof two, cudaMemcpyHostToDevice);
	float *out;
	cudaMalloc(&out, 8 * sizeof(float));
	use<<<1, 8>>>(out);
	float h[8];
	cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
	int t[8];
	cudaMemcpy(t, p, sizeof t, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 8; i++)
		printf("%d: %d %.1f\n", i, t[i], h[i]);
	int back[8];
	cudaMemcpyFromSymbol(back, table, sizeof back);
	printf("from symbol: %d %d\n", back[3], back[7]);
	return 0;
}
