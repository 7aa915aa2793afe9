// Conversion intrinsics and C conversions: __float2int_rn/rz/rd/ru, __int_as_float,
// __float_as_uint, __double_as_longlong, __double2hiint/loint, integer promotions and truncation.
#include <stdio.h>

__global__ void k(const float *f, int *out, unsigned *bits, long long *dbits)
{
	int i = threadIdx.x;
	float v = f[i];
	out[i * 6 + 0] = __float2int_rn(v);
	out[i * 6 + 1] = __float2int_rz(v);
	out[i * 6 + 2] = __float2int_rd(v);
	out[i * 6 + 3] = __float2int_ru(v);
	out[i * 6 + 4] = (int)v;
	out[i * 6 + 5] = (int)(unsigned char)(int)(v * 100.0f);
	bits[i] = __float_as_uint(v);
	dbits[i] = __double_as_longlong((double)v);
	if (i == 0) {
		bits[8] = __float_as_uint(__int_as_float(0x3f800000) * 2.0f);
		dbits[8] = __double2hiint(1.0);
		dbits[9] = __double2loint(1.0 / 3.0);
		short s = (short)70000;
		unsigned char c = (unsigned char)-1;
		signed char sc = (signed char)200;
		dbits[10] = s;
		dbits[11] = c + sc;
		dbits[12] = (long long)(-7 / 2) * 100 + (-7 % 2);
		dbits[13] = (long long)(unsigned)-1 + (1u << 31) * 2LL;
	}
}

int main(void)
{
	float f[8] = {0.5f, 1.5f, 2.5f, -0.5f, -1.5f, 2.7f, -2.7f, 1e3f};
	int out[48];
	unsigned bits[9];
	long long dbits[14];
	float *df;
	int *dout;
	unsigned *dbi;
	long long *ddb;
	cudaMalloc(&df, sizeof f);
	cudaMalloc(&dout, sizeof out);
	cudaMalloc(&dbi, sizeof bits);
	cudaMalloc(&ddb, sizeof dbits);
	cudaMemcpy(df, f, sizeof f, cudaMemcpyHostToDevice);
	k<<<1, 8>>>(df, dout, dbi, ddb);
	cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost);
	cudaMemcpy(bits, dbi, sizeof bits, cudaMemcpyDeviceToHost);
	cudaMemcpy(dbits, ddb, sizeof dbits, cudaMemcpyDeviceToHost);
	for (int i = 0; i < 8; i++)
		printf("%7.2f: rn %d rz %d rd %d ru %d cast %d uchar %d bits %08x dbits %016llx\n", f[i], out[i * 6], out[i * 6 + 1],
		       out[i * 6 + 2], out[i * 6 + 3], out[i * 6 + 4], out[i * 6 + 5], bits[i], (unsigned long long)dbits[i]);
	printf("2.0f bits %08x, hi(1.0) %08llx, lo(1/3) %08llx\n", bits[8], (unsigned long long)dbits[8] & 0xffffffffULL,
	       (unsigned long long)dbits[9] & 0xffffffffULL);
	printf("short(70000)=%lld uchar(-1)+schar(200)=%lld -7/2*100+-7%%2=%lld big=%lld\n", dbits[10], dbits[11], dbits[12], dbits[13]);
	return 0;
}
