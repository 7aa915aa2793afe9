// Indexes whose base is a kernel parameter: fast_run reads the base's first
// lane where the parameter is a scalar no instruction writes (decode.c
// idxparam), and each lane's own value otherwise: a pointer the kernel
// moves per thread (written, so per lane), a struct passed by value (an
// aggregate: its row holds each lane's address), and plain pointers, in
// full warps, a diverged half and a partial block.
#include <stdio.h>

struct Table {
	int w[8];
	int scale;
};

__global__ void plain(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] * 3 - b[i];
	if ((threadIdx.x & 1) && i < n)
		c[i] += a[n - 1 - i];
}

__global__ void moved(const int *a, int *c, int n)
{
	// the kernel writes its parameters: a and c differ from lane to lane
	a += threadIdx.x % 5;
	c += blockIdx.x * blockDim.x;
	int t = threadIdx.x;
	if (blockIdx.x * blockDim.x + t + 5 < n)
		c[t] = a[blockIdx.x * blockDim.x + t] + 7 * t;
}

__global__ void by_value(Table tb, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = tb.w[threadIdx.x & 7] * tb.scale + i;
}

static long long sum_of(const int *v, int n)
{
	long long s = 0;
	for (int i = 0; i < n; i++)
		s = s * 37 + v[i];
	return s;
}

int main(void)
{
	const int n = 1000;
	int ha[n], hb[n], got[n];
	for (int i = 0; i < n; i++) {
		ha[i] = (i * 13 + 5) % 71 - 30;
		hb[i] = (i * 7 + 2) % 53;
	}
	int *a, *b, *c;
	cudaMalloc(&a, n * sizeof(int));
	cudaMalloc(&b, n * sizeof(int));
	cudaMalloc(&c, n * sizeof(int));
	cudaMemcpy(a, ha, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemcpy(b, hb, n * sizeof(int), cudaMemcpyHostToDevice);

	cudaMemset(c, 0, n * sizeof(int));
	plain<<<(n + 127) / 128, 128>>>(a, b, c, n);
	cudaMemcpy(got, c, n * sizeof(int), cudaMemcpyDeviceToHost);
	printf("plain: c[0] %d, c[1] %d, c[999] %d, all %lld\n", got[0], got[1], got[999], sum_of(got, n));

	cudaMemset(c, 0, n * sizeof(int));
	moved<<<(n + 95) / 96, 96>>>(a, c, n);
	cudaMemcpy(got, c, n * sizeof(int), cudaMemcpyDeviceToHost);
	printf("moved: c[0] %d, c[4] %d, c[500] %d, all %lld\n", got[0], got[4], got[500], sum_of(got, n));

	Table tb;
	for (int k = 0; k < 8; k++)
		tb.w[k] = k * k - 9;
	tb.scale = 3;
	cudaMemset(c, 0, n * sizeof(int));
	by_value<<<(n + 63) / 64, 64>>>(tb, c, n);
	cudaMemcpy(got, c, n * sizeof(int), cudaMemcpyDeviceToHost);
	printf("by value: c[0] %d, c[7] %d, c[998] %d, all %lld\n", got[0], got[7], got[998], sum_of(got, n));

	cudaFree(a);
	cudaFree(b);
	cudaFree(c);
	return 0;
}
