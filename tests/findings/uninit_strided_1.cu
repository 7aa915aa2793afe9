#include <cstdio>
#include <cstdlib>
#include <cassert>
#define N 4096
__global__ void rd_int(const int *a, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = a[i * s];	//@uninitialized-read
}
__global__ void wr_int(int *a, int s, int o)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	a[i * s + o] = i;
}
__global__ void rd_all(const int *a, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = a[i] + a[(i * 7) % N];
}
__global__ void rd_char(const char *c, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = c[i * s];	//@uninitialized-read
}
__global__ void rd_short(const short *h, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = h[i * s];	//@uninitialized-read
}
__global__ void rd_double(const double *d, double *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = d[i * s];	//@uninitialized-read
}
__global__ void at_int(int *a, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&a[i * s], 1);	//@uninitialized-read
}
__global__ void rd_int0(const int *a, int *out, int s)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = a[i * s];	//@uninitialized-read
}
int main()
{
	int *a, *b, *out, *fresh;
	char *c;
	short *h;
	double *d, *dout;
	cudaMalloc(&a, N * sizeof(int));
	cudaMalloc(&b, N * sizeof(int));
	cudaMalloc(&out, N * sizeof(int));
	cudaMalloc(&fresh, N * sizeof(int));
	cudaMalloc(&c, N);
	cudaMalloc(&h, N * sizeof(short));
	cudaMalloc(&d, N * sizeof(double));
	cudaMalloc(&dout, N * sizeof(double));
	cudaMemset(out, 0, N * sizeof(int));
	cudaMemset(dout, 0, N * sizeof(double));
	cudaMemset(a, 0, N / 2 * sizeof(int));
	rd_int<<<N / 3 / 64, 64>>>(a, out, 3);
	wr_int<<<N / 2 / 64, 64>>>(b, 2, 0);
	wr_int<<<N / 2 / 64, 64>>>(b, 2, 1);
	rd_all<<<N / 64, 64>>>(b, out);
	int *hb = (int *)malloc(N * sizeof(int));
	cudaMemcpy(hb, b, N * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemset(c, 1, N / 2);
	rd_char<<<N / 5 / 32, 32>>>(c, out, 5);
	cudaMemset(h, 1, N / 2 * sizeof(short));
	rd_short<<<N / 3 / 64, 64>>>(h, out, 3);
	cudaMemset(d, 0, N / 2 * sizeof(double));
	rd_double<<<N / 3 / 64, 64>>>(d, dout, 3);
	at_int<<<N / 2 / 64, 64>>>(fresh, 2);
	rd_int0<<<N / 2 / 64, 64>>>(a, out, 2);	/* the first unwritten word at lane 0 */
	printf("%d\n", (int)cudaDeviceSynchronize());
	return 0;
}
