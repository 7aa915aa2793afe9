#include <cstdio>
#include <cstdlib>
#include <cassert>
__global__ void fill(int *a, int n)
{
	int i = threadIdx.x;
	if (i < n)
		a[i] = a[i] + i * 2;
}
__global__ void total(const int *a, int n, int *out)
{
	if (threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < n; i++)
			s += a[i];
		*out = s;
	}
}
int main()
{
	int n = 64, *a, *b, *out;
	cudaMallocManaged(&a, n * sizeof(int));
	cudaMallocManaged(&b, n * sizeof(int));
	cudaMallocManaged(&out, sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = 1;
	fill<<<1, 64>>>(a, n);
	for (int i = 0; i < n; i++)
		b[i] = i;
	cudaDeviceSynchronize();
	int s = 0;
	for (int i = 0; i < n; i++)
		s += a[i] + b[i];
	total<<<1, 32>>>(a, n, out);
	int first = a[0];
	cudaDeviceSynchronize();
	printf("%d %d %d\n", s, first, *out);
	cudaFree(a);
	cudaFree(b);
	cudaFree(out);
	return 0;
}
