// Half precision on the host and the device: conversions with every rounding
// mode, arithmetic, fma, comparisons, half2 and shuffles. Prints bit patterns,
// so the output shows whether each result is rounded as the GPU rounds it.
#include <cstdio>
#include <cuda_fp16.h>

#define N 24
__device__ __host__ float input(int i)
{
	const float v[N] = { 0.0f, -0.0f, 1.0f, -1.0f, 0.1f, 65504.0f, 65519.99f, 65520.0f,
			     70000.0f, 6.0e-8f, 2.98e-8f, 2.9802322e-8f, 1.0e-5f, -3.14159265f,
			     0.33333333f, 1.00048828125f, 1.00146484375f, 2049.0f, 1e30f, -1e30f,
			     5.9604645e-8f, 6.1035156e-5f, 0.5f, 123.456f };
	return v[i];
}

__global__ void convert(unsigned short *out)
{
	int i = threadIdx.x;
	float f = input(i);
	out[4 * i + 0] = __half_as_ushort(__float2half_rn(f));
	out[4 * i + 1] = __half_as_ushort(__float2half_rz(f));
	out[4 * i + 2] = __half_as_ushort(__float2half_rd(f));
	out[4 * i + 3] = __half_as_ushort(__float2half_ru(f));
}

__global__ void arith(const __half *a, const __half *b, unsigned short *out)
{
	int i = threadIdx.x;
	__half x = a[i], y = b[i];
	out[8 * i + 0] = __half_as_ushort(__hadd(x, y));
	out[8 * i + 1] = __half_as_ushort(__hsub(x, y));
	out[8 * i + 2] = __half_as_ushort(__hmul(x, y));
	out[8 * i + 3] = __half_as_ushort(__hdiv(x, y));
	out[8 * i + 4] = __half_as_ushort(__hfma(x, y, a[(i + 1) % N]));
	out[8 * i + 5] = __half_as_ushort(__hadd(__hmul(x, y), x));
	out[8 * i + 6] = (unsigned short)((__hlt(x, y) ? 1 : 0) | (__heq(x, y) ? 2 : 0) | (__hisnan(x) ? 4 : 0));
	out[8 * i + 7] = __half_as_ushort(hsqrt(__habs(x)));
}

__global__ void pairs(float *out)
{
	int i = threadIdx.x;
	__half2 v = __floats2half2_rn(input(i % N), (float)i * 0.25f);
	__half2 w = __hfma2(v, __float2half2_rn(1.5f), __halves2half2(__float2half(1.0f), __float2half(-2.0f)));
	__half2 s = __shfl_xor_sync(0xffffffffu, w, 1);
	out[2 * i] = __low2float(s);
	out[2 * i + 1] = __high2float(s);
}

int main()
{
	unsigned short *cv, *ar;
	__half *a, *b;
	float *pr;
	cudaMallocManaged(&cv, 4 * N * sizeof(unsigned short));
	cudaMallocManaged(&ar, 8 * N * sizeof(unsigned short));
	cudaMallocManaged(&a, N * sizeof(__half));
	cudaMallocManaged(&b, N * sizeof(__half));
	cudaMallocManaged(&pr, 64 * sizeof(float));
	for (int i = 0; i < N; i++) {
		a[i] = __float2half(input(i));
		b[i] = __float2half(input((i * 7 + 3) % N));
	}
	convert<<<1, N>>>(cv);
	arith<<<1, N>>>(a, b, ar);
	pairs<<<1, 32>>>(pr);
	cudaDeviceSynchronize();
	int host_mismatch = 0;
	for (int i = 0; i < N; i++) {
		printf("%2d %-14g rn %04x rz %04x rd %04x ru %04x -> %g\n", i, input(i), cv[4 * i], cv[4 * i + 1],
		       cv[4 * i + 2], cv[4 * i + 3], __half2float(__ushort_as_half(cv[4 * i])));
		if (__half_as_ushort(__float2half_rn(input(i))) != cv[4 * i])
			host_mismatch++;
	}
	for (int i = 0; i < N; i++) {
		printf("%2d", i);
		for (int k = 0; k < 8; k++)
			printf(" %04x", ar[8 * i + k]);
		printf("\n");
		if (__half_as_ushort(__hadd(a[i], b[i])) != ar[8 * i + 0])
			host_mismatch++;
		if (__half_as_ushort(__hadd(__hmul(a[i], b[i]), a[i])) != ar[8 * i + 5])
			host_mismatch++;
	}
	for (int i = 0; i < 32; i += 4)
		printf("pair %2d: %g %g\n", i, pr[2 * i], pr[2 * i + 1]);
	printf("host and device differ in %d results\n", host_mismatch);
	return 0;
}
