// bfloat16 on the host and the device: conversions with every rounding
// mode, arithmetic, fma, comparisons, half2 and shuffles. Prints bit patterns,
// so the output shows whether each result is rounded as the GPU rounds it.
// warpstep-test: todo ptxas contracts __hmul then __hadd of bfloat16 into one fma (nvcc --fmad=true): row 20 rounds once on the GPU, twice here
#include <cstdio>
#include <cuda_bf16.h>

#define N 24
__device__ __host__ float input(int i)
{
	const float v[N] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.1f, 3.3895314e38f, 3.3961775e38f, 3.4028235e38f,
			     70000.0f, 9.2e-41f, 4.6e-41f, 2.9802322e-8f, 1.0e-39f, -3.14159265f,
			     0.33333333f, 1.00390625f, 1.01171875f, 2049.0f, 1e30f, -1e30f,
			     9.18355e-41f, 1.1754944e-38f, 0.5f, 123.456f };
	return v[i];
}

__global__ void convert(unsigned short *out)
{
	int i = threadIdx.x;
	float f = input(i);
	out[4 * i + 0] = __bfloat16_as_ushort(__float2bfloat16_rn(f));
	out[4 * i + 1] = __bfloat16_as_ushort(__float2bfloat16_rz(f));
	out[4 * i + 2] = __bfloat16_as_ushort(__float2bfloat16_rd(f));
	out[4 * i + 3] = __bfloat16_as_ushort(__float2bfloat16_ru(f));
}

__global__ void arith(const __nv_bfloat16 *a, const __nv_bfloat16 *b, unsigned short *out)
{
	int i = threadIdx.x;
	__nv_bfloat16 x = a[i], y = b[i];
	out[8 * i + 0] = __bfloat16_as_ushort(__hadd(x, y));
	out[8 * i + 1] = __bfloat16_as_ushort(__hsub(x, y));
	out[8 * i + 2] = __bfloat16_as_ushort(__hmul(x, y));
	out[8 * i + 3] = __bfloat16_as_ushort(__hdiv(x, y));
	out[8 * i + 4] = __bfloat16_as_ushort(__hfma(x, y, a[(i + 1) % N]));
	out[8 * i + 5] = __bfloat16_as_ushort(__hadd(__hmul(x, y), x));
	out[8 * i + 6] = (unsigned short)((__hlt(x, y) ? 1 : 0) | (__heq(x, y) ? 2 : 0) | (__hisnan(x) ? 4 : 0));
	out[8 * i + 7] = __bfloat16_as_ushort(hsqrt(__habs(x)));
}

__global__ void pairs(float *out)
{
	int i = threadIdx.x;
	__nv_bfloat162 v = __floats2bfloat162_rn(input(i % N), (float)i * 0.25f);
	__nv_bfloat162 w = __hfma2(v, __float2bfloat162_rn(1.5f), __halves2bfloat162(__float2bfloat16(1.0f), __float2bfloat16(-2.0f)));
	__nv_bfloat162 s = __shfl_xor_sync(0xffffffffu, w, 1);
	out[2 * i] = __low2float(s);
	out[2 * i + 1] = __high2float(s);
}

int main()
{
	unsigned short *cv, *ar;
	__nv_bfloat16 *a, *b;
	float *pr;
	cudaMallocManaged(&cv, 4 * N * sizeof(unsigned short));
	cudaMallocManaged(&ar, 8 * N * sizeof(unsigned short));
	cudaMallocManaged(&a, N * sizeof(__nv_bfloat16));
	cudaMallocManaged(&b, N * sizeof(__nv_bfloat16));
	cudaMallocManaged(&pr, 64 * sizeof(float));
	for (int i = 0; i < N; i++) {
		a[i] = __float2bfloat16(input(i));
		b[i] = __float2bfloat16(input((i * 7 + 3) % N));
	}
	convert<<<1, N>>>(cv);
	arith<<<1, N>>>(a, b, ar);
	pairs<<<1, 32>>>(pr);
	cudaDeviceSynchronize();
	int host_mismatch = 0;
	for (int i = 0; i < N; i++) {
		printf("%2d %-14g rn %04x rz %04x rd %04x ru %04x -> %g\n", i, input(i), cv[4 * i], cv[4 * i + 1],
		       cv[4 * i + 2], cv[4 * i + 3], __bfloat162float(__ushort_as_bfloat16(cv[4 * i])));
		if (__bfloat16_as_ushort(__float2bfloat16_rn(input(i))) != cv[4 * i])
			host_mismatch++;
	}
	for (int i = 0; i < N; i++) {
		printf("%2d", i);
		for (int k = 0; k < 8; k++)
			printf(" %04x", ar[8 * i + k]);
		printf("\n");
		if (__bfloat16_as_ushort(__hadd(a[i], b[i])) != ar[8 * i + 0])
			host_mismatch++;
		if (__bfloat16_as_ushort(__hadd(__hmul(a[i], b[i]), a[i])) != ar[8 * i + 5])
			host_mismatch++;
	}
	for (int i = 0; i < 32; i += 4)
		printf("pair %2d: %g %g\n", i, pr[2 * i], pr[2 * i + 1]);
	printf("host and device differ in %d results\n", host_mismatch);
	return 0;
}
