// Every built-in vector type 1-4 of char, uchar, short, ushort, int, uint, long, ulong, longlong,
// ulonglong, float and double: make_<type>, member access, size and alignment, passing through
// device memory.
#include <stdio.h>

#define SHOW(T) printf("%-11s size %2d align %2d\n", #T, (int)sizeof(T), (int)alignof(T))

__global__ void k(char4 *c, uchar3 *uc, short2 *s, ushort4 *us, int1 *i1, uint3 *u, long2 *l, ulong1 *ul,
		  longlong2 *ll, ulonglong3 *ull, float3 *f, double3 *d)
{
	int t = threadIdx.x;
	c[t] = make_char4(t, -t, 'a' + t, -128);
	uc[t] = make_uchar3(t, 200 + t, 255);
	s[t] = make_short2(-1000 * t, 32767);
	us[t] = make_ushort4(t, 65535, 40000 + t, 1);
	i1[t] = make_int1(-7 * t);
	u[t] = make_uint3(4000000000u + t, t, 3);
	l[t] = make_long2(-5000000000L * t, t);
	ul[t] = make_ulong1(10000000000UL + t);
	ll[t] = make_longlong2(-3LL * t, 1LL << 40);
	ull[t] = make_ulonglong3(t, 18446744073709551615ULL, 1ULL << 63);
	f[t] = make_float3(t * 0.5f, -t * 0.25f, 1.0f / (t + 1));
	d[t] = make_double3(t / 3.0, -t * 1e10, 2.5);
}

int main(void)
{
	SHOW(char1); SHOW(char2); SHOW(char3); SHOW(char4);
	SHOW(uchar1); SHOW(uchar2); SHOW(uchar3); SHOW(uchar4);
	SHOW(short1); SHOW(short2); SHOW(short3); SHOW(short4);
	SHOW(ushort1); SHOW(ushort2); SHOW(ushort3); SHOW(ushort4);
	SHOW(int1); SHOW(int2); SHOW(int3); SHOW(int4);
	SHOW(uint1); SHOW(uint2); SHOW(uint3); SHOW(uint4);
	SHOW(long1); SHOW(long2); SHOW(long3);
	SHOW(ulong1); SHOW(ulong2); SHOW(ulong3);
	SHOW(longlong1); SHOW(longlong2); SHOW(longlong3);
	SHOW(ulonglong1); SHOW(ulonglong2); SHOW(ulonglong3);
	SHOW(float1); SHOW(float2); SHOW(float3); SHOW(float4);
	SHOW(double1); SHOW(double2); SHOW(double3);
	/* deprecated in CUDA 13 (use the _16a/_32a forms), still 16-byte aligned */
	SHOW(long4); SHOW(ulong4); SHOW(longlong4); SHOW(ulonglong4); SHOW(double4);
	char4 *c; uchar3 *uc; short2 *s; ushort4 *us; int1 *i1; uint3 *u; long2 *l; ulong1 *ul;
	longlong2 *ll; ulonglong3 *ull; float3 *f; double3 *d;
	cudaMallocManaged(&c, 2 * sizeof *c); cudaMallocManaged(&uc, 2 * sizeof *uc);
	cudaMallocManaged(&s, 2 * sizeof *s); cudaMallocManaged(&us, 2 * sizeof *us);
	cudaMallocManaged(&i1, 2 * sizeof *i1); cudaMallocManaged(&u, 2 * sizeof *u);
	cudaMallocManaged(&l, 2 * sizeof *l); cudaMallocManaged(&ul, 2 * sizeof *ul);
	cudaMallocManaged(&ll, 2 * sizeof *ll); cudaMallocManaged(&ull, 2 * sizeof *ull);
	cudaMallocManaged(&f, 2 * sizeof *f); cudaMallocManaged(&d, 2 * sizeof *d);
	k<<<1, 2>>>(c, uc, s, us, i1, u, l, ul, ll, ull, f, d);
	cudaDeviceSynchronize();
	for (int t = 0; t < 2; t++) {
		printf("t%d char4 %d %d %c %d | uchar3 %u %u %u | short2 %d %d | ushort4 %u %u %u %u\n", t, c[t].x, c[t].y, c[t].z,
		       c[t].w, uc[t].x, uc[t].y, uc[t].z, s[t].x, s[t].y, us[t].x, us[t].y, us[t].z, us[t].w);
		printf("   int1 %d | uint3 %u %u %u | long2 %ld %ld | ulong1 %lu\n", i1[t].x, u[t].x, u[t].y, u[t].z, l[t].x, l[t].y,
		       ul[t].x);
		printf("   longlong2 %lld %lld | ulonglong3 %llu %llu %llu\n", ll[t].x, ll[t].y, ull[t].x, ull[t].y, ull[t].z);
		printf("   float3 %.3f %.3f %.3f | double3 %.4f %.1f %.1f\n", f[t].x, f[t].y, f[t].z, d[t].x, d[t].y, d[t].z);
	}
	int4 a = make_int4(1, 2, 3, 4);
	uint2 b = make_uint2(5, 6);
	double2 e = make_double2(0.5, 1.5);
	float1 g = make_float1(2.5f);
	longlong4 q = make_longlong4(-1, 2, -3, 1LL << 50);
	double4 r = make_double4(0.25, 0.5, 0.75, 1.0);
	ulong4 w = make_ulong4(1, 2, 3, 4);
	printf("host: %d %d %d %d | %u %u | %.1f %.1f | %.1f\n", a.x, a.y, a.z, a.w, b.x, b.y, e.x, e.y, g.x);
	printf("host: %lld %lld %lld %lld | %.2f %.2f %.2f %.2f | %lu\n", q.x, q.y, q.z, q.w, r.x, r.y, r.z, r.w, w.x + w.y + w.z + w.w);
	return 0;
}
