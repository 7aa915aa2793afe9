/* cuda_fp16.h - warpstep built-in header: half precision (__half, __half2).
 *
 * A __half is its 16 bits (IEEE 754 binary16); every operation is written in
 * C++ here, on the host and the device alike, so a student can step into it.
 * Results are those of the GPU's half instructions, bit for bit:
 * - conversions to half round to nearest even (the _rz/_rd/_ru forms as
 *   named); a NaN becomes the canonical 0x7fff, as the GPU's cvt gives it;
 * - add, subtract, multiply, divide and sqrt are computed in float and then
 *   rounded to half: a float carries more than 2 x 11 + 2 bits, so the two
 *   roundings give the correctly rounded half (Figueroa, 1995);
 * - fma is computed exactly (the product of two halves is exact in double,
 *   the sum's rounding error is recovered by TwoSum) and rounded once;
 * - comparisons are IEEE's (a NaN compares unequal, even to itself).
 * The arithmetic operators of __half and __half2 exist on the host too, as
 * in CUDA 12 and later. */
#ifndef __WS_CUDA_FP16_H
#define __WS_CUDA_FP16_H
#include <cuda_runtime.h>

#define __CUDA_FP16_DECL__ static inline __device__
#define __CUDA_HOSTDEVICE_FP16_DECL__ static inline __host__ __device__
#define __WS_FP16_DEV static inline __device__
#define CUDART_INF_FP16 __ushort_as_half((unsigned short)0x7c00U)
#define CUDART_NAN_FP16 __ushort_as_half((unsigned short)0x7fffU)
#define CUDART_MIN_DENORM_FP16 __ushort_as_half((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_FP16 __ushort_as_half((unsigned short)0x7bffU)
#define CUDART_ONE_FP16 __ushort_as_half((unsigned short)0x3c00U)
#define CUDART_ZERO_FP16 __ushort_as_half((unsigned short)0x0000U)

typedef struct __half_raw { unsigned short x; } __half_raw;
typedef struct __half2_raw { unsigned short x, y; } __half2_raw;

#include <bits/ws_f16core.h>

/* mode: 0 nearest even, 1 toward zero, 2 down, 3 up */
static inline __host__ __device__ unsigned short __ws_d2h(double d, int mode)
{
	return __ws_d2small(d, mode, 10, 15);
}

static inline __host__ __device__ float __ws_h2f(unsigned short h)
{
	unsigned int sign = (unsigned int)(h & 0x8000u) << 16;
	unsigned int e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
	if (e == 0) {
		float v = (float)m * 5.9604644775390625e-8f; /* m * 2^-24, exact */
		return sign ? -v : v;
	}
	if (e == 31)
		return __ws_bitsf(sign | 0x7f800000u | (m << 13));
	return __ws_bitsf(sign | ((e + 112u) << 23) | (m << 13));
}

/* a * b + c, rounded once */
static inline __host__ __device__ unsigned short __ws_hfma(unsigned short a, unsigned short b, unsigned short c)
{
	return __ws_fma_small(__ws_h2f(a), __ws_h2f(b), __ws_h2f(c), 10, 15);
}

/* ---- the types */
struct __half {
	unsigned short __x;
	__host__ __device__ __half() {}
	__host__ __device__ __half(const __half &o) : __x(o.__x) {}
	__host__ __device__ __half &operator=(const __half &o) { __x = o.__x; return *this; }
	__host__ __device__ __half(const __half_raw &r) : __x(r.x) {}
	__host__ __device__ __half(float f) : __x(__ws_d2h((double)f, 0)) {}
	__host__ __device__ __half(double d) : __x(__ws_d2h(d, 0)) {}
	__host__ __device__ __half(int i) : __x(__ws_d2h((double)i, 0)) {}
	__host__ __device__ __half(unsigned int i) : __x(__ws_d2h((double)i, 0)) {}
	__host__ __device__ __half(short i) : __x(__ws_d2h((double)i, 0)) {}
	__host__ __device__ __half(unsigned short i) : __x(__ws_d2h((double)i, 0)) {}
	__host__ __device__ __half(long long i) : __x(__ws_d2h((double)i, 0)) {}
	__host__ __device__ __half(unsigned long long i) : __x(__ws_d2h((double)i, 0)) {}
	__host__ __device__ __half &operator=(const __half_raw &r) { __x = r.x; return *this; }
	__host__ __device__ __half &operator=(float f) { __x = __ws_d2h((double)f, 0); return *this; }
	__host__ __device__ __half &operator=(double d) { __x = __ws_d2h(d, 0); return *this; }
	__host__ __device__ operator __half_raw() const { __half_raw r; r.x = __x; return r; }
	__host__ __device__ operator float() const { return __ws_h2f(__x); }
	__host__ __device__ explicit operator bool() const { return (__x & 0x7fffu) != 0; }
};
typedef struct __half half;

struct __half2 {
	__half x, y;
	__host__ __device__ __half2() {}
	__host__ __device__ __half2(const __half2 &o) : x(o.x), y(o.y) {}
	__host__ __device__ __half2 &operator=(const __half2 &o)
	{
		x = o.x;
		y = o.y;
		return *this;
	}
	__host__ __device__ __half2(const __half &a, const __half &b) : x(a), y(b) {}
	__host__ __device__ __half2(const __half2_raw &r)
	{
		x.__x = r.x;
		y.__x = r.y;
	}
	__host__ __device__ __half2 &operator=(const __half2_raw &r)
	{
		x.__x = r.x;
		y.__x = r.y;
		return *this;
	}
	__host__ __device__ operator __half2_raw() const
	{
		__half2_raw r;
		r.x = x.__x;
		r.y = y.__x;
		return r;
	}
};
typedef struct __half2 half2;

static inline __host__ __device__ __half __ws_mkh(unsigned short bits)
{
	__half h;
	h.__x = bits;
	return h;
}
static inline __host__ __device__ __half2 __ws_mkh2(unsigned short lo, unsigned short hi)
{
	__half2 h;
	h.x.__x = lo;
	h.y.__x = hi;
	return h;
}

/* ---- conversions */
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half(const float a) { return __ws_mkh(__ws_d2h((double)a, 0)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_rn(const float a) { return __ws_mkh(__ws_d2h((double)a, 0)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_rz(const float a) { return __ws_mkh(__ws_d2h((double)a, 1)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_rd(const float a) { return __ws_mkh(__ws_d2h((double)a, 2)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __float2half_ru(const float a) { return __ws_mkh(__ws_d2h((double)a, 3)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __double2half(const double a) { return __ws_mkh(__ws_d2h(a, 0)); }
__CUDA_HOSTDEVICE_FP16_DECL__ float __half2float(const __half a) { return __ws_h2f(a.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __float2half2_rn(const float a)
{
	unsigned short h = __ws_d2h((double)a, 0);
	return __ws_mkh2(h, h);
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __floats2half2_rn(const float a, const float b)
{
	return __ws_mkh2(__ws_d2h((double)a, 0), __ws_d2h((double)b, 0));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __float22half2_rn(const float2 a)
{
	return __ws_mkh2(__ws_d2h((double)a.x, 0), __ws_d2h((double)a.y, 0));
}
__CUDA_HOSTDEVICE_FP16_DECL__ float2 __half22float2(const __half2 a)
{
	float2 r;
	r.x = __ws_h2f(a.x.__x);
	r.y = __ws_h2f(a.y.__x);
	return r;
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 make_half2(const __half x, const __half y) { return __ws_mkh2(x.__x, y.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ float __low2float(const __half2 a) { return __ws_h2f(a.x.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ float __high2float(const __half2 a) { return __ws_h2f(a.y.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __low2half(const __half2 a) { return a.x; }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __high2half(const __half2 a) { return a.y; }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __halves2half2(const __half a, const __half b) { return __ws_mkh2(a.__x, b.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __half2half2(const __half a) { return __ws_mkh2(a.__x, a.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __low2half2(const __half2 a) { return __ws_mkh2(a.x.__x, a.x.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __high2half2(const __half2 a) { return __ws_mkh2(a.y.__x, a.y.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __lows2half2(const __half2 a, const __half2 b) { return __ws_mkh2(a.x.__x, b.x.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __highs2half2(const __half2 a, const __half2 b) { return __ws_mkh2(a.y.__x, b.y.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __lowhigh2highlow(const __half2 a) { return __ws_mkh2(a.y.__x, a.x.__x); }
__CUDA_HOSTDEVICE_FP16_DECL__ short __half_as_short(const __half h) { return (short)h.__x; }
__CUDA_HOSTDEVICE_FP16_DECL__ unsigned short __half_as_ushort(const __half h) { return h.__x; }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __short_as_half(const short i) { return __ws_mkh((unsigned short)i); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __ushort_as_half(const unsigned short i) { return __ws_mkh(i); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __int2half_rn(const int i) { return __ws_mkh(__ws_d2h((double)i, 0)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __uint2half_rn(const unsigned int i) { return __ws_mkh(__ws_d2h((double)i, 0)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __short2half_rn(const short i) { return __ws_mkh(__ws_d2h((double)i, 0)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __ll2half_rn(const long long i) { return __ws_mkh(__ws_d2h((double)i, 0)); }
/* half to integer: toward zero, NaN gives 0, out of range saturates (cvt.rzi) */
__CUDA_HOSTDEVICE_FP16_DECL__ int __half2int_rz(const __half h)
{
	float f = __ws_h2f(h.__x);
	if (f != f)
		return 0;
	if (f >= 2147483648.0f)
		return 2147483647;
	if (f <= -2147483648.0f)
		return (-2147483647 - 1);
	return (int)f;
}
__WS_FP16_DEV int __half2int_rn(const __half h)
{
	float f = __ws_h2f(h.__x);
	if (f != f)
		return 0;
	float r = rintf(f);
	return (int)r;
}
__CUDA_HOSTDEVICE_FP16_DECL__ unsigned int __half2uint_rz(const __half h)
{
	float f = __ws_h2f(h.__x);
	if (!(f > 0.0f))
		return 0u;
	return (unsigned int)f;
}
__CUDA_HOSTDEVICE_FP16_DECL__ short __half2short_rz(const __half h)
{
	float f = __ws_h2f(h.__x);
	if (f != f)
		return 0;
	if (f >= 32767.0f)
		return 32767;
	if (f <= -32768.0f)
		return -32768;
	return (short)f;
}

/* ---- arithmetic */
#define __WS_H1(name, expr) \
	__CUDA_HOSTDEVICE_FP16_DECL__ __half name(const __half a, const __half b) \
	{ \
		float x = __ws_h2f(a.__x), y = __ws_h2f(b.__x); \
		return __ws_mkh(__ws_d2h((double)(float)(expr), 0)); \
	}
__WS_H1(__hadd, x + y)
__WS_H1(__hsub, x - y)
__WS_H1(__hmul, x * y)
__WS_H1(__hdiv, x / y)
__WS_H1(__hadd_rn, x + y)
__WS_H1(__hsub_rn, x - y)
__WS_H1(__hmul_rn, x * y)
#undef __WS_H1

static inline __host__ __device__ unsigned short __ws_sat(unsigned short h)
{
	float f = __ws_h2f(h);
	if (f != f)
		return 0; /* _sat: NaN gives +0 */
	if (f < 0.0f)
		return 0;
	if (f > 1.0f)
		return 0x3c00u;
	return h;
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hadd_sat(const __half a, const __half b) { return __ws_mkh(__ws_sat(__hadd(a, b).__x)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hsub_sat(const __half a, const __half b) { return __ws_mkh(__ws_sat(__hsub(a, b).__x)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmul_sat(const __half a, const __half b) { return __ws_mkh(__ws_sat(__hmul(a, b).__x)); }
__WS_FP16_DEV __half __hfma(const __half a, const __half b, const __half c) { return __ws_mkh(__ws_hfma(a.__x, b.__x, c.__x)); }
__WS_FP16_DEV __half __hfma_sat(const __half a, const __half b, const __half c) { return __ws_mkh(__ws_sat(__ws_hfma(a.__x, b.__x, c.__x))); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hneg(const __half a) { return __ws_mkh((unsigned short)(a.__x ^ 0x8000u)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half __habs(const __half a) { return __ws_mkh((unsigned short)(a.__x & 0x7fffu)); }

#define __WS_H2(name, one) \
	__CUDA_HOSTDEVICE_FP16_DECL__ __half2 name(const __half2 a, const __half2 b) \
	{ \
		return __ws_mkh2(one(a.x, b.x).__x, one(a.y, b.y).__x); \
	}
__WS_H2(__hadd2, __hadd)
__WS_H2(__hsub2, __hsub)
__WS_H2(__hmul2, __hmul)
__WS_H2(__h2div, __hdiv)
__WS_H2(__hadd2_sat, __hadd_sat)
__WS_H2(__hsub2_sat, __hsub_sat)
__WS_H2(__hmul2_sat, __hmul_sat)
__WS_H2(__hadd2_rn, __hadd)
__WS_H2(__hsub2_rn, __hsub)
__WS_H2(__hmul2_rn, __hmul)
#undef __WS_H2
__WS_FP16_DEV __half2 __hfma2(const __half2 a, const __half2 b, const __half2 c)
{
	return __ws_mkh2(__ws_hfma(a.x.__x, b.x.__x, c.x.__x), __ws_hfma(a.y.__x, b.y.__x, c.y.__x));
}
__WS_FP16_DEV __half2 __hfma2_sat(const __half2 a, const __half2 b, const __half2 c)
{
	return __ws_mkh2(__ws_sat(__ws_hfma(a.x.__x, b.x.__x, c.x.__x)), __ws_sat(__ws_hfma(a.y.__x, b.y.__x, c.y.__x)));
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __hneg2(const __half2 a) { return __ws_mkh2((unsigned short)(a.x.__x ^ 0x8000u), (unsigned short)(a.y.__x ^ 0x8000u)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __habs2(const __half2 a) { return __ws_mkh2((unsigned short)(a.x.__x & 0x7fffu), (unsigned short)(a.y.__x & 0x7fffu)); }

/* ---- comparisons (ordered: false when either is NaN; the _u forms: true) */
#define __WS_HC(name, op, unord) \
	__CUDA_HOSTDEVICE_FP16_DECL__ bool name(const __half a, const __half b) \
	{ \
		float x = __ws_h2f(a.__x), y = __ws_h2f(b.__x); \
		if (x != x || y != y) \
			return unord; \
		return x op y; \
	}
__WS_HC(__heq, ==, false)
__WS_HC(__hne, !=, false)
__WS_HC(__hlt, <, false)
__WS_HC(__hle, <=, false)
__WS_HC(__hgt, >, false)
__WS_HC(__hge, >=, false)
__WS_HC(__hequ, ==, true)
__WS_HC(__hneu, !=, true)
__WS_HC(__hltu, <, true)
__WS_HC(__hleu, <=, true)
__WS_HC(__hgtu, >, true)
__WS_HC(__hgeu, >=, true)
#undef __WS_HC
__CUDA_HOSTDEVICE_FP16_DECL__ bool __hisnan(const __half a) { return (a.__x & 0x7fffu) > 0x7c00u; }
__CUDA_HOSTDEVICE_FP16_DECL__ int __hisinf(const __half a)
{
	return a.__x == 0x7c00u ? 1 : a.__x == 0xfc00u ? -1 : 0;
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmax(const __half a, const __half b)
{
	if (__hisnan(a))
		return __hisnan(b) ? __ws_mkh(0x7fffu) : b;
	if (__hisnan(b))
		return a;
	return __hgt(b, a) || (__heq(a, b) && !(b.__x & 0x8000u)) ? b : a;
}
__CUDA_HOSTDEVICE_FP16_DECL__ __half __hmin(const __half a, const __half b)
{
	if (__hisnan(a))
		return __hisnan(b) ? __ws_mkh(0x7fffu) : b;
	if (__hisnan(b))
		return a;
	return __hlt(b, a) || (__heq(a, b) && (b.__x & 0x8000u)) ? b : a;
}
#define __WS_HC2(name, one) \
	__CUDA_HOSTDEVICE_FP16_DECL__ __half2 name(const __half2 a, const __half2 b) \
	{ \
		return __ws_mkh2(one(a.x, b.x) ? 0x3c00u : 0u, one(a.y, b.y) ? 0x3c00u : 0u); \
	}
__WS_HC2(__heq2, __heq)
__WS_HC2(__hne2, __hne)
__WS_HC2(__hlt2, __hlt)
__WS_HC2(__hle2, __hle)
__WS_HC2(__hgt2, __hgt)
__WS_HC2(__hge2, __hge)
#undef __WS_HC2
#define __WS_HB2(name, one) \
	__CUDA_HOSTDEVICE_FP16_DECL__ bool name(const __half2 a, const __half2 b) \
	{ \
		return one(a.x, b.x) && one(a.y, b.y); \
	}
__WS_HB2(__hbeq2, __heq)
__WS_HB2(__hbne2, __hne)
__WS_HB2(__hblt2, __hlt)
__WS_HB2(__hble2, __hle)
__WS_HB2(__hbgt2, __hgt)
__WS_HB2(__hbge2, __hge)
#undef __WS_HB2
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __hmax2(const __half2 a, const __half2 b) { return __halves2half2(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __hmin2(const __half2 a, const __half2 b) { return __halves2half2(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__CUDA_HOSTDEVICE_FP16_DECL__ __half2 __hisnan2(const __half2 a)
{
	return __ws_mkh2(__hisnan(a.x) ? 0x3c00u : 0u, __hisnan(a.y) ? 0x3c00u : 0u);
}

/* ---- math: computed in float and rounded to half */
#define __WS_HM(name, name2, f) \
	__WS_FP16_DEV __half name(const __half a) { return __ws_mkh(__ws_d2h((double)f(__ws_h2f(a.__x)), 0)); } \
	__WS_FP16_DEV __half2 name2(const __half2 a) \
	{ \
		return __ws_mkh2(__ws_d2h((double)f(__ws_h2f(a.x.__x)), 0), __ws_d2h((double)f(__ws_h2f(a.y.__x)), 0)); \
	}
static inline __host__ __device__ float __ws_rcpf(float x) { return 1.0f / x; }
static inline __host__ __device__ float __ws_rsqrtf(float x) { return 1.0f / sqrtf(x); }
__WS_HM(hsqrt, h2sqrt, sqrtf)
__WS_HM(hrsqrt, h2rsqrt, __ws_rsqrtf)
__WS_HM(hrcp, h2rcp, __ws_rcpf)
__WS_HM(hexp, h2exp, expf)
__WS_HM(hexp2, h2exp2, exp2f)
__WS_HM(hexp10, h2exp10, exp10f)
__WS_HM(hlog, h2log, logf)
__WS_HM(hlog2, h2log2, log2f)
__WS_HM(hlog10, h2log10, log10f)
__WS_HM(hsin, h2sin, sinf)
__WS_HM(hcos, h2cos, cosf)
__WS_HM(htanh, h2tanh, tanhf)
__WS_HM(htrunc, h2trunc, truncf)
__WS_HM(hfloor, h2floor, floorf)
__WS_HM(hceil, h2ceil, ceilf)
__WS_HM(hrint, h2rint, rintf)
#undef __WS_HM

/* ---- operators */
static inline __host__ __device__ __half operator+(const __half &a, const __half &b) { return __hadd(a, b); }
static inline __host__ __device__ __half operator-(const __half &a, const __half &b) { return __hsub(a, b); }
static inline __host__ __device__ __half operator*(const __half &a, const __half &b) { return __hmul(a, b); }
static inline __host__ __device__ __half operator/(const __half &a, const __half &b) { return __hdiv(a, b); }
static inline __host__ __device__ __half &operator+=(__half &a, const __half &b) { a = __hadd(a, b); return a; }
static inline __host__ __device__ __half &operator-=(__half &a, const __half &b) { a = __hsub(a, b); return a; }
static inline __host__ __device__ __half &operator*=(__half &a, const __half &b) { a = __hmul(a, b); return a; }
static inline __host__ __device__ __half &operator/=(__half &a, const __half &b) { a = __hdiv(a, b); return a; }
static inline __host__ __device__ __half operator+(const __half &a) { return a; }
static inline __host__ __device__ __half operator-(const __half &a) { return __hneg(a); }
static inline __host__ __device__ bool operator==(const __half &a, const __half &b) { return __heq(a, b); }
static inline __host__ __device__ bool operator!=(const __half &a, const __half &b) { return __hneu(a, b); }
static inline __host__ __device__ bool operator<(const __half &a, const __half &b) { return __hlt(a, b); }
static inline __host__ __device__ bool operator<=(const __half &a, const __half &b) { return __hle(a, b); }
static inline __host__ __device__ bool operator>(const __half &a, const __half &b) { return __hgt(a, b); }
static inline __host__ __device__ bool operator>=(const __half &a, const __half &b) { return __hge(a, b); }
static inline __host__ __device__ __half2 operator+(const __half2 &a, const __half2 &b) { return __hadd2(a, b); }
static inline __host__ __device__ __half2 operator-(const __half2 &a, const __half2 &b) { return __hsub2(a, b); }
static inline __host__ __device__ __half2 operator*(const __half2 &a, const __half2 &b) { return __hmul2(a, b); }
static inline __host__ __device__ __half2 operator/(const __half2 &a, const __half2 &b) { return __h2div(a, b); }
static inline __host__ __device__ __half2 &operator+=(__half2 &a, const __half2 &b) { a = __hadd2(a, b); return a; }
static inline __host__ __device__ __half2 &operator-=(__half2 &a, const __half2 &b) { a = __hsub2(a, b); return a; }
static inline __host__ __device__ __half2 &operator*=(__half2 &a, const __half2 &b) { a = __hmul2(a, b); return a; }
static inline __host__ __device__ __half2 &operator/=(__half2 &a, const __half2 &b) { a = __h2div(a, b); return a; }
static inline __host__ __device__ __half2 operator-(const __half2 &a) { return __hneg2(a); }
static inline __host__ __device__ bool operator==(const __half2 &a, const __half2 &b) { return __hbeq2(a, b); }
static inline __host__ __device__ bool operator!=(const __half2 &a, const __half2 &b) { return !__hbeq2(a, b); }

/* ---- warp shuffles and atomics of halves: through their bits */
__WS_FP16_DEV __half __shfl_sync(unsigned int mask, __half var, int srcLane, int width = 32)
{
	return __ws_mkh((unsigned short)__shfl_sync(mask, (unsigned int)var.__x, srcLane, width));
}
__WS_FP16_DEV __half __shfl_up_sync(unsigned int mask, __half var, unsigned int delta, int width = 32)
{
	return __ws_mkh((unsigned short)__shfl_up_sync(mask, (unsigned int)var.__x, delta, width));
}
__WS_FP16_DEV __half __shfl_down_sync(unsigned int mask, __half var, unsigned int delta, int width = 32)
{
	return __ws_mkh((unsigned short)__shfl_down_sync(mask, (unsigned int)var.__x, delta, width));
}
__WS_FP16_DEV __half __shfl_xor_sync(unsigned int mask, __half var, int laneMask, int width = 32)
{
	return __ws_mkh((unsigned short)__shfl_xor_sync(mask, (unsigned int)var.__x, laneMask, width));
}
static inline __device__ unsigned int __ws_h2bits(__half2 v) { return (unsigned int)v.x.__x | ((unsigned int)v.y.__x << 16); }
static inline __device__ __half2 __ws_bits2h2(unsigned int u) { return __ws_mkh2((unsigned short)(u & 0xffffu), (unsigned short)(u >> 16)); }
__WS_FP16_DEV __half2 __shfl_sync(unsigned int mask, __half2 var, int srcLane, int width = 32)
{
	return __ws_bits2h2(__shfl_sync(mask, __ws_h2bits(var), srcLane, width));
}
__WS_FP16_DEV __half2 __shfl_up_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32)
{
	return __ws_bits2h2(__shfl_up_sync(mask, __ws_h2bits(var), delta, width));
}
__WS_FP16_DEV __half2 __shfl_down_sync(unsigned int mask, __half2 var, unsigned int delta, int width = 32)
{
	return __ws_bits2h2(__shfl_down_sync(mask, __ws_h2bits(var), delta, width));
}
__WS_FP16_DEV __half2 __shfl_xor_sync(unsigned int mask, __half2 var, int laneMask, int width = 32)
{
	return __ws_bits2h2(__shfl_xor_sync(mask, __ws_h2bits(var), laneMask, width));
}
static inline __device__ __half2 atomicAdd(__half2 *address, __half2 val)
{
	unsigned int *p = (unsigned int *)address;
	unsigned int old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, __ws_h2bits(__hadd2(__ws_bits2h2(assumed), val)));
	} while (assumed != old);
	return __ws_bits2h2(old);
}
static inline __device__ __half atomicAdd(__half *address, __half val)
{
	unsigned long long a = (unsigned long long)address;
	unsigned int *p = (unsigned int *)(a & ~3ULL);
	unsigned int sh = (unsigned int)(a & 2ULL) * 8u;
	unsigned int old = *p, assumed;
	do {
		assumed = old;
		__half cur = __ws_mkh((unsigned short)(assumed >> sh));
		unsigned int nv = (assumed & ~(0xffffu << sh)) | ((unsigned int)__hadd(cur, val).__x << sh);
		old = atomicCAS(p, assumed, nv);
	} while (assumed != old);
	return __ws_mkh((unsigned short)(old >> sh));
}

#endif
