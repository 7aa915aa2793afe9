/* cuda_bf16.h - warpstep built-in header: bfloat16 (__nv_bfloat16, __nv_bfloat162).
 *
 * Made the way <cuda_fp16.h> is (see it for the rules): the 16 bits of a
 * bfloat16 (8-bit exponent, 7-bit mantissa), every operation in C++ for the
 * host and the device, bit-exact: conversions round per mode (NaN: 0x7fff),
 * add/sub/mul/div/sqrt are computed in float and rounded (float has more
 * than 2 x 8 + 2 bits), fma is rounded once. */
#ifndef __WS_CUDA_BF16_H
#define __WS_CUDA_BF16_H
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#define __WS_BF16_HD static inline __host__ __device__
#define __WS_BF16_DEV static inline __device__

#define CUDART_INF_BF16 __ushort_as_bfloat16((unsigned short)0x7f80U)
#define CUDART_NAN_BF16 __ushort_as_bfloat16((unsigned short)0x7fffU)
#define CUDART_MIN_DENORM_BF16 __ushort_as_bfloat16((unsigned short)0x0001U)
#define CUDART_MAX_NORMAL_BF16 __ushort_as_bfloat16((unsigned short)0x7f7fU)
#define CUDART_ONE_BF16 __ushort_as_bfloat16((unsigned short)0x3f80U)
#define CUDART_ZERO_BF16 __ushort_as_bfloat16((unsigned short)0x0000U)

typedef struct __nv_bfloat16_raw { unsigned short x; } __nv_bfloat16_raw;
typedef struct __nv_bfloat162_raw { unsigned short x, y; } __nv_bfloat162_raw;

/* mode: 0 nearest even, 1 toward zero, 2 down, 3 up */
static inline __host__ __device__ unsigned short __ws_d2b(double d, int mode)
{
	return __ws_d2small(d, mode, 7, 127);
}

static inline __host__ __device__ float __ws_b2f(unsigned short h)
{
	return __ws_bitsf((unsigned int)h << 16);
}

/* a * b + c, rounded once */
static inline __host__ __device__ unsigned short __ws_bfma(unsigned short a, unsigned short b, unsigned short c)
{
	return __ws_fma_small(__ws_b2f(a), __ws_b2f(b), __ws_b2f(c), 7, 127);
}

/* ---- the types */
struct __nv_bfloat16 {
	unsigned short __x;
	__host__ __device__ __nv_bfloat16() {}
	__host__ __device__ __nv_bfloat16(const __nv_bfloat16 &o) : __x(o.__x) {}
	__host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16 &o) { __x = o.__x; return *this; }
	__host__ __device__ __nv_bfloat16(const __nv_bfloat16_raw &r) : __x(r.x) {}
	__host__ __device__ __nv_bfloat16(float f) : __x(__ws_d2b((double)f, 0)) {}
	__host__ __device__ __nv_bfloat16(double d) : __x(__ws_d2b(d, 0)) {}
	__host__ __device__ __nv_bfloat16(int i) : __x(__ws_d2b((double)i, 0)) {}
	__host__ __device__ __nv_bfloat16(unsigned int i) : __x(__ws_d2b((double)i, 0)) {}
	__host__ __device__ __nv_bfloat16(short i) : __x(__ws_d2b((double)i, 0)) {}
	__host__ __device__ __nv_bfloat16(unsigned short i) : __x(__ws_d2b((double)i, 0)) {}
	__host__ __device__ __nv_bfloat16(long long i) : __x(__ws_d2b((double)i, 0)) {}
	__host__ __device__ __nv_bfloat16(unsigned long long i) : __x(__ws_d2b((double)i, 0)) {}
	__host__ __device__ __nv_bfloat16 &operator=(const __nv_bfloat16_raw &r) { __x = r.x; return *this; }
	__host__ __device__ __nv_bfloat16 &operator=(float f) { __x = __ws_d2b((double)f, 0); return *this; }
	__host__ __device__ __nv_bfloat16 &operator=(double d) { __x = __ws_d2b(d, 0); return *this; }
	__host__ __device__ operator __nv_bfloat16_raw() const { __nv_bfloat16_raw r; r.x = __x; return r; }
	__host__ __device__ operator float() const { return __ws_b2f(__x); }
	__host__ __device__ explicit operator bool() const { return (__x & 0x7fffu) != 0; }
};
typedef struct __nv_bfloat16 nv_bfloat16;

struct __nv_bfloat162 {
	__nv_bfloat16 x, y;
	__host__ __device__ __nv_bfloat162() {}
	__host__ __device__ __nv_bfloat162(const __nv_bfloat162 &o) : x(o.x), y(o.y) {}
	__host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162 &o)
	{
		x = o.x;
		y = o.y;
		return *this;
	}
	__host__ __device__ __nv_bfloat162(const __nv_bfloat16 &a, const __nv_bfloat16 &b) : x(a), y(b) {}
	__host__ __device__ __nv_bfloat162(const __nv_bfloat162_raw &r)
	{
		x.__x = r.x;
		y.__x = r.y;
	}
	__host__ __device__ __nv_bfloat162 &operator=(const __nv_bfloat162_raw &r)
	{
		x.__x = r.x;
		y.__x = r.y;
		return *this;
	}
	__host__ __device__ operator __nv_bfloat162_raw() const
	{
		__nv_bfloat162_raw r;
		r.x = x.__x;
		r.y = y.__x;
		return r;
	}
};
typedef struct __nv_bfloat162 nv_bfloat162;

static inline __host__ __device__ __nv_bfloat16 __ws_mkb(unsigned short bits)
{
	__nv_bfloat16 h;
	h.__x = bits;
	return h;
}
static inline __host__ __device__ __nv_bfloat162 __ws_mkb2(unsigned short lo, unsigned short hi)
{
	__nv_bfloat162 h;
	h.x.__x = lo;
	h.y.__x = hi;
	return h;
}

/* ---- conversions */
__WS_BF16_HD __nv_bfloat16 __float2bfloat16(const float a) { return __ws_mkb(__ws_d2b((double)a, 0)); }
__WS_BF16_HD __nv_bfloat16 __float2bfloat16_rn(const float a) { return __ws_mkb(__ws_d2b((double)a, 0)); }
__WS_BF16_HD __nv_bfloat16 __float2bfloat16_rz(const float a) { return __ws_mkb(__ws_d2b((double)a, 1)); }
__WS_BF16_HD __nv_bfloat16 __float2bfloat16_rd(const float a) { return __ws_mkb(__ws_d2b((double)a, 2)); }
__WS_BF16_HD __nv_bfloat16 __float2bfloat16_ru(const float a) { return __ws_mkb(__ws_d2b((double)a, 3)); }
__WS_BF16_HD __nv_bfloat16 __double2bfloat16(const double a) { return __ws_mkb(__ws_d2b(a, 0)); }
__WS_BF16_HD float __bfloat162float(const __nv_bfloat16 a) { return __ws_b2f(a.__x); }
__WS_BF16_HD __nv_bfloat162 __float2bfloat162_rn(const float a)
{
	unsigned short h = __ws_d2b((double)a, 0);
	return __ws_mkb2(h, h);
}
__WS_BF16_HD __nv_bfloat162 __floats2bfloat162_rn(const float a, const float b)
{
	return __ws_mkb2(__ws_d2b((double)a, 0), __ws_d2b((double)b, 0));
}
__WS_BF16_HD __nv_bfloat162 __float22bfloat162_rn(const float2 a)
{
	return __ws_mkb2(__ws_d2b((double)a.x, 0), __ws_d2b((double)a.y, 0));
}
__WS_BF16_HD float2 __bfloat1622float2(const __nv_bfloat162 a)
{
	float2 r;
	r.x = __ws_b2f(a.x.__x);
	r.y = __ws_b2f(a.y.__x);
	return r;
}
__WS_BF16_HD __nv_bfloat162 make_bfloat162(const __nv_bfloat16 x, const __nv_bfloat16 y) { return __ws_mkb2(x.__x, y.__x); }
__WS_BF16_HD float __low2float(const __nv_bfloat162 a) { return __ws_b2f(a.x.__x); }
__WS_BF16_HD float __high2float(const __nv_bfloat162 a) { return __ws_b2f(a.y.__x); }
__WS_BF16_HD __nv_bfloat16 __low2bfloat16(const __nv_bfloat162 a) { return a.x; }
__WS_BF16_HD __nv_bfloat16 __high2bfloat16(const __nv_bfloat162 a) { return a.y; }
__WS_BF16_HD __nv_bfloat162 __halves2bfloat162(const __nv_bfloat16 a, const __nv_bfloat16 b) { return __ws_mkb2(a.__x, b.__x); }
__WS_BF16_HD __nv_bfloat162 __bfloat162bfloat162(const __nv_bfloat16 a) { return __ws_mkb2(a.__x, a.__x); }
__WS_BF16_HD __nv_bfloat162 __low2bfloat162(const __nv_bfloat162 a) { return __ws_mkb2(a.x.__x, a.x.__x); }
__WS_BF16_HD __nv_bfloat162 __high2bfloat162(const __nv_bfloat162 a) { return __ws_mkb2(a.y.__x, a.y.__x); }
__WS_BF16_HD __nv_bfloat162 __lows2bfloat162(const __nv_bfloat162 a, const __nv_bfloat162 b) { return __ws_mkb2(a.x.__x, b.x.__x); }
__WS_BF16_HD __nv_bfloat162 __highs2bfloat162(const __nv_bfloat162 a, const __nv_bfloat162 b) { return __ws_mkb2(a.y.__x, b.y.__x); }
__WS_BF16_HD __nv_bfloat162 __lowhigh2highlow(const __nv_bfloat162 a) { return __ws_mkb2(a.y.__x, a.x.__x); }
__WS_BF16_HD short __bfloat16_as_short(const __nv_bfloat16 h) { return (short)h.__x; }
__WS_BF16_HD unsigned short __bfloat16_as_ushort(const __nv_bfloat16 h) { return h.__x; }
__WS_BF16_HD __nv_bfloat16 __short_as_bfloat16(const short i) { return __ws_mkb((unsigned short)i); }
__WS_BF16_HD __nv_bfloat16 __ushort_as_bfloat16(const unsigned short i) { return __ws_mkb(i); }
__WS_BF16_HD __nv_bfloat16 __int2bfloat16_rn(const int i) { return __ws_mkb(__ws_d2b((double)i, 0)); }
__WS_BF16_HD __nv_bfloat16 __uint2bfloat16_rn(const unsigned int i) { return __ws_mkb(__ws_d2b((double)i, 0)); }
__WS_BF16_HD __nv_bfloat16 __short2bfloat16_rn(const short i) { return __ws_mkb(__ws_d2b((double)i, 0)); }
__WS_BF16_HD __nv_bfloat16 __ll2bfloat16_rn(const long long i) { return __ws_mkb(__ws_d2b((double)i, 0)); }
/* bfloat16 to integer: toward zero, NaN gives 0, out of range saturates (cvt.rzi) */
__WS_BF16_HD int __bfloat162int_rz(const __nv_bfloat16 h)
{
	float f = __ws_b2f(h.__x);
	if (f != f)
		return 0;
	if (f >= 2147483648.0f)
		return 2147483647;
	if (f <= -2147483648.0f)
		return (-2147483647 - 1);
	return (int)f;
}
__WS_BF16_DEV int __bfloat162int_rn(const __nv_bfloat16 h)
{
	float f = __ws_b2f(h.__x);
	if (f != f)
		return 0;
	float r = rintf(f);
	return (int)r;
}
__WS_BF16_HD unsigned int __bfloat162uint_rz(const __nv_bfloat16 h)
{
	float f = __ws_b2f(h.__x);
	if (!(f > 0.0f))
		return 0u;
	return (unsigned int)f;
}
__WS_BF16_HD short __bfloat162short_rz(const __nv_bfloat16 h)
{
	float f = __ws_b2f(h.__x);
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
	__WS_BF16_HD __nv_bfloat16 name(const __nv_bfloat16 a, const __nv_bfloat16 b) \
	{ \
		float x = __ws_b2f(a.__x), y = __ws_b2f(b.__x); \
		return __ws_mkb(__ws_d2b((double)(float)(expr), 0)); \
	}
__WS_H1(__hadd, x + y)
__WS_H1(__hsub, x - y)
__WS_H1(__hmul, x * y)
__WS_H1(__hdiv, x / y)
__WS_H1(__hadd_rn, x + y)
__WS_H1(__hsub_rn, x - y)
__WS_H1(__hmul_rn, x * y)
#undef __WS_H1

static inline __host__ __device__ unsigned short __ws_bsat(unsigned short h)
{
	float f = __ws_b2f(h);
	if (f != f)
		return 0; /* _sat: NaN gives +0 */
	if (f < 0.0f)
		return 0;
	if (f > 1.0f)
		return 0x3f80u;
	return h;
}
__WS_BF16_HD __nv_bfloat16 __hadd_sat(const __nv_bfloat16 a, const __nv_bfloat16 b) { return __ws_mkb(__ws_bsat(__hadd(a, b).__x)); }
__WS_BF16_HD __nv_bfloat16 __hsub_sat(const __nv_bfloat16 a, const __nv_bfloat16 b) { return __ws_mkb(__ws_bsat(__hsub(a, b).__x)); }
__WS_BF16_HD __nv_bfloat16 __hmul_sat(const __nv_bfloat16 a, const __nv_bfloat16 b) { return __ws_mkb(__ws_bsat(__hmul(a, b).__x)); }
__WS_BF16_DEV __nv_bfloat16 __hfma(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c) { return __ws_mkb(__ws_bfma(a.__x, b.__x, c.__x)); }
__WS_BF16_DEV __nv_bfloat16 __hfma_sat(const __nv_bfloat16 a, const __nv_bfloat16 b, const __nv_bfloat16 c) { return __ws_mkb(__ws_bsat(__ws_bfma(a.__x, b.__x, c.__x))); }
__WS_BF16_HD __nv_bfloat16 __hneg(const __nv_bfloat16 a) { return __ws_mkb((unsigned short)(a.__x ^ 0x8000u)); }
__WS_BF16_HD __nv_bfloat16 __habs(const __nv_bfloat16 a) { return __ws_mkb((unsigned short)(a.__x & 0x7fffu)); }

#define __WS_H2(name, one) \
	__WS_BF16_HD __nv_bfloat162 name(const __nv_bfloat162 a, const __nv_bfloat162 b) \
	{ \
		return __ws_mkb2(one(a.x, b.x).__x, one(a.y, b.y).__x); \
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
__WS_BF16_DEV __nv_bfloat162 __hfma2(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c)
{
	return __ws_mkb2(__ws_bfma(a.x.__x, b.x.__x, c.x.__x), __ws_bfma(a.y.__x, b.y.__x, c.y.__x));
}
__WS_BF16_DEV __nv_bfloat162 __hfma2_sat(const __nv_bfloat162 a, const __nv_bfloat162 b, const __nv_bfloat162 c)
{
	return __ws_mkb2(__ws_bsat(__ws_bfma(a.x.__x, b.x.__x, c.x.__x)), __ws_bsat(__ws_bfma(a.y.__x, b.y.__x, c.y.__x)));
}
__WS_BF16_HD __nv_bfloat162 __hneg2(const __nv_bfloat162 a) { return __ws_mkb2((unsigned short)(a.x.__x ^ 0x8000u), (unsigned short)(a.y.__x ^ 0x8000u)); }
__WS_BF16_HD __nv_bfloat162 __habs2(const __nv_bfloat162 a) { return __ws_mkb2((unsigned short)(a.x.__x & 0x7fffu), (unsigned short)(a.y.__x & 0x7fffu)); }

/* ---- comparisons (ordered: false when either is NaN; the _u forms: true) */
#define __WS_HC(name, op, unord) \
	__WS_BF16_HD bool name(const __nv_bfloat16 a, const __nv_bfloat16 b) \
	{ \
		float x = __ws_b2f(a.__x), y = __ws_b2f(b.__x); \
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
__WS_BF16_HD bool __hisnan(const __nv_bfloat16 a) { return (a.__x & 0x7fffu) > 0x7f80u; }
__WS_BF16_HD int __hisinf(const __nv_bfloat16 a)
{
	return a.__x == 0x7f80u ? 1 : a.__x == 0xff80u ? -1 : 0;
}
__WS_BF16_HD __nv_bfloat16 __hmax(const __nv_bfloat16 a, const __nv_bfloat16 b)
{
	if (__hisnan(a))
		return __hisnan(b) ? __ws_mkb(0x7fffu) : b;
	if (__hisnan(b))
		return a;
	return __hgt(b, a) || (__heq(a, b) && !(b.__x & 0x8000u)) ? b : a;
}
__WS_BF16_HD __nv_bfloat16 __hmin(const __nv_bfloat16 a, const __nv_bfloat16 b)
{
	if (__hisnan(a))
		return __hisnan(b) ? __ws_mkb(0x7fffu) : b;
	if (__hisnan(b))
		return a;
	return __hlt(b, a) || (__heq(a, b) && (b.__x & 0x8000u)) ? b : a;
}
#define __WS_HC2(name, one) \
	__WS_BF16_HD __nv_bfloat162 name(const __nv_bfloat162 a, const __nv_bfloat162 b) \
	{ \
		return __ws_mkb2(one(a.x, b.x) ? 0x3f80u : 0u, one(a.y, b.y) ? 0x3f80u : 0u); \
	}
__WS_HC2(__heq2, __heq)
__WS_HC2(__hne2, __hne)
__WS_HC2(__hlt2, __hlt)
__WS_HC2(__hle2, __hle)
__WS_HC2(__hgt2, __hgt)
__WS_HC2(__hge2, __hge)
#undef __WS_HC2
#define __WS_HB2(name, one) \
	__WS_BF16_HD bool name(const __nv_bfloat162 a, const __nv_bfloat162 b) \
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
__WS_BF16_HD __nv_bfloat162 __hmax2(const __nv_bfloat162 a, const __nv_bfloat162 b) { return __halves2bfloat162(__hmax(a.x, b.x), __hmax(a.y, b.y)); }
__WS_BF16_HD __nv_bfloat162 __hmin2(const __nv_bfloat162 a, const __nv_bfloat162 b) { return __halves2bfloat162(__hmin(a.x, b.x), __hmin(a.y, b.y)); }
__WS_BF16_HD __nv_bfloat162 __hisnan2(const __nv_bfloat162 a)
{
	return __ws_mkb2(__hisnan(a.x) ? 0x3f80u : 0u, __hisnan(a.y) ? 0x3f80u : 0u);
}

/* ---- math: computed in float and rounded to bfloat16 */
#define __WS_HM(name, name2, f) \
	__WS_BF16_DEV __nv_bfloat16 name(const __nv_bfloat16 a) { return __ws_mkb(__ws_d2b((double)f(__ws_b2f(a.__x)), 0)); } \
	__WS_BF16_DEV __nv_bfloat162 name2(const __nv_bfloat162 a) \
	{ \
		return __ws_mkb2(__ws_d2b((double)f(__ws_b2f(a.x.__x)), 0), __ws_d2b((double)f(__ws_b2f(a.y.__x)), 0)); \
	}
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
static inline __host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hadd(a, b); }
static inline __host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hsub(a, b); }
static inline __host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hmul(a, b); }
static inline __host__ __device__ __nv_bfloat16 operator/(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hdiv(a, b); }
static inline __host__ __device__ __nv_bfloat16 &operator+=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hadd(a, b); return a; }
static inline __host__ __device__ __nv_bfloat16 &operator-=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hsub(a, b); return a; }
static inline __host__ __device__ __nv_bfloat16 &operator*=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hmul(a, b); return a; }
static inline __host__ __device__ __nv_bfloat16 &operator/=(__nv_bfloat16 &a, const __nv_bfloat16 &b) { a = __hdiv(a, b); return a; }
static inline __host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &a) { return a; }
static inline __host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &a) { return __hneg(a); }
static inline __host__ __device__ bool operator==(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __heq(a, b); }
static inline __host__ __device__ bool operator!=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hneu(a, b); }
static inline __host__ __device__ bool operator<(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hlt(a, b); }
static inline __host__ __device__ bool operator<=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hle(a, b); }
static inline __host__ __device__ bool operator>(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hgt(a, b); }
static inline __host__ __device__ bool operator>=(const __nv_bfloat16 &a, const __nv_bfloat16 &b) { return __hge(a, b); }
static inline __host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hadd2(a, b); }
static inline __host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hsub2(a, b); }
static inline __host__ __device__ __nv_bfloat162 operator*(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hmul2(a, b); }
static inline __host__ __device__ __nv_bfloat162 operator/(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __h2div(a, b); }
static inline __host__ __device__ __nv_bfloat162 &operator+=(__nv_bfloat162 &a, const __nv_bfloat162 &b) { a = __hadd2(a, b); return a; }
static inline __host__ __device__ __nv_bfloat162 &operator-=(__nv_bfloat162 &a, const __nv_bfloat162 &b) { a = __hsub2(a, b); return a; }
static inline __host__ __device__ __nv_bfloat162 &operator*=(__nv_bfloat162 &a, const __nv_bfloat162 &b) { a = __hmul2(a, b); return a; }
static inline __host__ __device__ __nv_bfloat162 &operator/=(__nv_bfloat162 &a, const __nv_bfloat162 &b) { a = __h2div(a, b); return a; }
static inline __host__ __device__ __nv_bfloat162 operator-(const __nv_bfloat162 &a) { return __hneg2(a); }
static inline __host__ __device__ bool operator==(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return __hbeq2(a, b); }
static inline __host__ __device__ bool operator!=(const __nv_bfloat162 &a, const __nv_bfloat162 &b) { return !__hbeq2(a, b); }

/* ---- warp shuffles and atomics of halves: through their bits */
__WS_BF16_DEV __nv_bfloat16 __shfl_sync(unsigned int mask, __nv_bfloat16 var, int srcLane, int width = 32)
{
	return __ws_mkb((unsigned short)__shfl_sync(mask, (unsigned int)var.__x, srcLane, width));
}
__WS_BF16_DEV __nv_bfloat16 __shfl_up_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = 32)
{
	return __ws_mkb((unsigned short)__shfl_up_sync(mask, (unsigned int)var.__x, delta, width));
}
__WS_BF16_DEV __nv_bfloat16 __shfl_down_sync(unsigned int mask, __nv_bfloat16 var, unsigned int delta, int width = 32)
{
	return __ws_mkb((unsigned short)__shfl_down_sync(mask, (unsigned int)var.__x, delta, width));
}
__WS_BF16_DEV __nv_bfloat16 __shfl_xor_sync(unsigned int mask, __nv_bfloat16 var, int laneMask, int width = 32)
{
	return __ws_mkb((unsigned short)__shfl_xor_sync(mask, (unsigned int)var.__x, laneMask, width));
}
static inline __device__ unsigned int __ws_b2bits(__nv_bfloat162 v) { return (unsigned int)v.x.__x | ((unsigned int)v.y.__x << 16); }
static inline __device__ __nv_bfloat162 __ws_bits2b2(unsigned int u) { return __ws_mkb2((unsigned short)(u & 0xffffu), (unsigned short)(u >> 16)); }
__WS_BF16_DEV __nv_bfloat162 __shfl_sync(unsigned int mask, __nv_bfloat162 var, int srcLane, int width = 32)
{
	return __ws_bits2b2(__shfl_sync(mask, __ws_b2bits(var), srcLane, width));
}
__WS_BF16_DEV __nv_bfloat162 __shfl_up_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta, int width = 32)
{
	return __ws_bits2b2(__shfl_up_sync(mask, __ws_b2bits(var), delta, width));
}
__WS_BF16_DEV __nv_bfloat162 __shfl_down_sync(unsigned int mask, __nv_bfloat162 var, unsigned int delta, int width = 32)
{
	return __ws_bits2b2(__shfl_down_sync(mask, __ws_b2bits(var), delta, width));
}
__WS_BF16_DEV __nv_bfloat162 __shfl_xor_sync(unsigned int mask, __nv_bfloat162 var, int laneMask, int width = 32)
{
	return __ws_bits2b2(__shfl_xor_sync(mask, __ws_b2bits(var), laneMask, width));
}
static inline __device__ __nv_bfloat162 atomicAdd(__nv_bfloat162 *address, __nv_bfloat162 val)
{
	unsigned int *p = (unsigned int *)address;
	unsigned int old = *p, assumed;
	do {
		assumed = old;
		old = atomicCAS(p, assumed, __ws_b2bits(__hadd2(__ws_bits2b2(assumed), val)));
	} while (assumed != old);
	return __ws_bits2b2(old);
}
static inline __device__ __nv_bfloat16 atomicAdd(__nv_bfloat16 *address, __nv_bfloat16 val)
{
	unsigned long long a = (unsigned long long)address;
	unsigned int *p = (unsigned int *)(a & ~3ULL);
	unsigned int sh = (unsigned int)(a & 2ULL) * 8u;
	unsigned int old = *p, assumed;
	do {
		assumed = old;
		__nv_bfloat16 cur = __ws_mkb((unsigned short)(assumed >> sh));
		unsigned int nv = (assumed & ~(0xffffu << sh)) | ((unsigned int)__hadd(cur, val).__x << sh);
		old = atomicCAS(p, assumed, nv);
	} while (assumed != old);
	return __ws_mkb((unsigned short)(old >> sh));
}

#endif
