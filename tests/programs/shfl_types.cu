// Shuffles of 8-byte and floating types: float, double, long long, unsigned long long.
#include <stdio.h>

__global__ void k(float *f, double *d, long long *ll, unsigned long long *ull)
{
	int lane = threadIdx.x;
	float fv = lane * 0.5f;
	double dv = lane * 0.25 + 1e10;
	long long lv = (long long)lane * -1000000007LL;
	unsigned long long uv = (1ULL << 40) + lane;
	f[lane] = __shfl_down_sync(0xffffffff, fv, 4);
	d[lane] = __shfl_sync(0xffffffff, dv, (lane + 3) % 32);
	ll[lane] = __shfl_up_sync(0xffffffff, lv, 1);
	ull[lane] = __shfl_xor_sync(0xffffffff, uv, 31);
}

int main(void)
{
	float f[32];
	double d[32];
	long long ll[32];
	unsigned long long ull[32];
	float *df;
	double *dd;
	long long *dll;
	unsigned long long *dull;
	cudaMalloc(&df, sizeof f);
	cudaMalloc(&dd, sizeof d);
	cudaMalloc(&dll, sizeof ll);
	cudaMalloc(&dull, sizeof ull);
	k<<<1, 32>>>(df, dd, dll, dull);
	cudaMemcpy(f, df, sizeof f, cudaMemcpyDeviceToHost);
	cudaMemcpy(d, dd, sizeof d, cudaMemcpyDeviceToHost);
	cudaMemcpy(ll, dll, sizeof ll, cudaMemcpyDeviceToHost);
	cudaMemcpy(ull, dull, sizeof ull, cudaMemcpyDeviceToHost);
	for (int l = 0; l < 32; l += 5)
		printf("lane %2d: %5.2f %.2f %lld %llu\n", l, f[l], d[l], ll[l], ull[l]);
	return 0;
}
