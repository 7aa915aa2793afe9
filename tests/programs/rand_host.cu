// Host rand() with a fixed seed fills the input (glibc's generator), the GPU sums it.
#include <stdio.h>
#include <stdlib.h>

__global__ void sum(const int *a, int n, long long *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		atomicAdd((unsigned long long *)out, (unsigned long long)a[i]);
}

int main(void)
{
	srand(2024);
	const int n = 100;
	int h[100];
	for (int i = 0; i < n; i++)
		h[i] = rand() % 1000;
	printf("first values: %d %d %d %d %d\n", h[0], h[1], h[2], h[3], h[4]);
	int *d;
	long long *ds, s = 0;
	cudaMalloc(&d, sizeof h);
	cudaMalloc(&ds, sizeof s);
	cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
	cudaMemcpy(ds, &s, sizeof s, cudaMemcpyHostToDevice);
	sum<<<2, 64>>>(d, n, ds);
	cudaMemcpy(&s, ds, sizeof s, cudaMemcpyDeviceToHost);
	long long want = 0;
	for (int i = 0; i < n; i++)
		want += h[i];
	printf("device sum %lld, host sum %lld\n", s, want);
	srand(1);
	int r1 = rand();
	int r2 = rand();
	printf("srand(1): %d %d\n", r1, r2);
	return 0;
}
