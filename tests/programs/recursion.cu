// Recursive device functions with lane-dependent depth: factorial, Fibonacci, Ackermann, gcd.
#include <stdio.h>

__device__ long long fact(int n)
{
	return n <= 1 ? 1 : n * fact(n - 1);
}

__device__ int fib(int n)
{
	if (n < 2)
		return n;
	return fib(n - 1) + fib(n - 2);
}

__device__ int ack(int m, int n)
{
	if (m == 0)
		return n + 1;
	if (n == 0)
		return ack(m - 1, 1);
	return ack(m - 1, ack(m, n - 1));
}

__device__ unsigned gcd(unsigned a, unsigned b)
{
	return b == 0 ? a : gcd(b, a % b);
}

__global__ void k(long long *f, int *fb, int *ak, unsigned *g)
{
	int t = threadIdx.x;
	f[t] = fact(t);
	fb[t] = fib(t % 16);
	ak[t] = ack(t % 3, t % 4);
	g[t] = gcd(t * 12 + 6, 84);
}

int main(void)
{
	long long f[21];
	int fb[21], ak[21];
	unsigned g[21];
	long long *df;
	int *dfb, *dak;
	unsigned *dg;
	cudaMalloc(&df, sizeof f);
	cudaMalloc(&dfb, sizeof fb);
	cudaMalloc(&dak, sizeof ak);
	cudaMalloc(&dg, sizeof g);
	k<<<1, 21>>>(df, dfb, dak, dg);
	cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost);
	cudaMemcpy(fb, dfb, sizeof fb, cudaMemcpyDeviceToHost);
	cudaMemcpy(ak, dak, sizeof ak, cudaMemcpyDeviceToHost);
	cudaMemcpy(g, dg, sizeof g, cudaMemcpyDeviceToHost);
	for (int t = 0; t < 21; t++)
		printf("%2d: %lld fib=%d ack=%d gcd=%u\n", t, f[t], fb[t], ak[t], g[t]);
	return 0;
}
