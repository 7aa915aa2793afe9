// atomicAdd on float and double, atomicExch on float; values chosen so the sum is exact in any order.
#include <stdio.h>

__global__ void k(float *f, double *d, float *ex, float *exsum)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
	atomicAdd(&f[0], 0.5f);
	atomicAdd(&f[1], (float)(t % 4) * 0.25f);
	atomicAdd(&d[0], 0.125);
	atomicAdd(&d[1], (double)t);
	float old = atomicExch(ex, (float)t);
	atomicAdd(exsum, old);
}

int main(void)
{
	float f[2] = {0.0f, 100.0f}, ex = -1.0f, exsum = 0.0f;
	double d[2] = {0.0, 0.0};
	float *df, *dex, *dexsum;
	double *dd;
	cudaMalloc(&df, sizeof f);
	cudaMalloc(&dd, sizeof d);
	cudaMalloc(&dex, sizeof ex);
	cudaMalloc(&dexsum, sizeof exsum);
	cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
	cudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);
	cudaMemcpy(dex, &ex, sizeof ex, cudaMemcpyHostToDevice);
	cudaMemcpy(dexsum, &exsum, sizeof exsum, cudaMemcpyHostToDevice);
	k<<<4, 100>>>(df, dd, dex, dexsum);
	cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost);
	cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
	cudaMemcpy(&ex, dex, sizeof ex, cudaMemcpyDeviceToHost);
	cudaMemcpy(&exsum, dexsum, sizeof exsum, cudaMemcpyDeviceToHost);
	printf("float add: %.3f %.3f\n", f[0], f[1]);
	printf("double add: %.3f %.1f\n", d[0], d[1]);
	printf("float exch: final + olds = %.1f\n", ex + exsum);
	return 0;
}
