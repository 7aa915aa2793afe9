/* math.h - warpstep built-in header: the C math library and CUDA's C++
 * overloads, on the host and the device. Every function here is a pure
 * built-in (engine/machine/libm.c); frexp, modf, sincos and remquo-like functions
 * with out-parameters are inline wrappers around pure helpers. */
#ifndef __WS_MATH_H
#define __WS_MATH_H

#define M_E 2.7182818284590452354
#define M_LOG2E 1.4426950408889634074
#define M_LOG10E 0.43429448190325182765
#define M_LN2 0.69314718055994530942
#define M_LN10 2.30258509299404568402
#define M_PI 3.14159265358979323846
#define M_PI_2 1.57079632679489661923
#define M_PI_4 0.78539816339744830962
#define M_1_PI 0.31830988618379067154
#define M_2_PI 0.63661977236758134308
#define M_2_SQRTPI 1.12837916709551257390
#define M_SQRT2 1.41421356237309504880
#define M_SQRT1_2 0.70710678118654752440

__host__ __device__ float __builtin_inff(void) __ws_builtin(__builtin_inff);
__host__ __device__ double __builtin_inf(void) __ws_builtin(__builtin_inf);
__host__ __device__ float __builtin_nanf(const char *tag) __ws_builtin(__builtin_nanf);
__host__ __device__ double __builtin_nan(const char *tag) __ws_builtin(__builtin_nan);
#define INFINITY __builtin_inff()
#define NAN __builtin_nanf("")
#define HUGE_VALF __builtin_inff()
#define HUGE_VAL __builtin_inf()
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4

__host__ __device__ float __ws_frexp_mantf(float a) __ws_builtin(__ws_frexp_mantf);
__host__ __device__ double __ws_frexp_mant(double a) __ws_builtin(__ws_frexp_mant);
__host__ __device__ int __ws_frexp_expf(float a) __ws_builtin(__ws_frexp_expf);
__host__ __device__ int __ws_frexp_exp(double a) __ws_builtin(__ws_frexp_exp);
__host__ __device__ float __ws_modf_fracf(float a) __ws_builtin(__ws_modf_fracf);
__host__ __device__ double __ws_modf_frac(double a) __ws_builtin(__ws_modf_frac);

__host__ __device__ float sqrtf(float a) __ws_builtin(sqrtf);
__host__ __device__ float sqrt(float a) __ws_builtin(sqrtf);
__host__ __device__ double sqrt(double a) __ws_builtin(sqrt);
__host__ __device__ float cbrtf(float a) __ws_builtin(cbrtf);
__host__ __device__ float cbrt(float a) __ws_builtin(cbrtf);
__host__ __device__ double cbrt(double a) __ws_builtin(cbrt);
/*
 * The device's sinf and cosf are CUDA's (libdevice), not the host's: lowering
 * calls __ws_cuda_sinf and __ws_cuda_cosf from device code. One declaration
 * serves both passes, so that this header does not test the device-pass
 * macro (pp.h, "prelude": the device pass starts from the host pass's
 * preprocessing of cuda_runtime.h); the comment keeps the lines below where
 * they were. */
__host__ __device__ float sinf(float a) __ws_builtin(sinf);
__host__ __device__ float sin(float a) __ws_builtin(sinf);
__host__ __device__ float cosf(float a) __ws_builtin(cosf);
__host__ __device__ float cos(float a) __ws_builtin(cosf);
/* (see above) */
__host__ __device__ double sin(double a) __ws_builtin(sin);
__host__ __device__ double cos(double a) __ws_builtin(cos);
__host__ __device__ float tanf(float a) __ws_builtin(tanf);
__host__ __device__ float tan(float a) __ws_builtin(tanf);
__host__ __device__ double tan(double a) __ws_builtin(tan);
__host__ __device__ float asinf(float a) __ws_builtin(asinf);
__host__ __device__ float asin(float a) __ws_builtin(asinf);
__host__ __device__ double asin(double a) __ws_builtin(asin);
__host__ __device__ float acosf(float a) __ws_builtin(acosf);
__host__ __device__ float acos(float a) __ws_builtin(acosf);
__host__ __device__ double acos(double a) __ws_builtin(acos);
__host__ __device__ float atanf(float a) __ws_builtin(atanf);
__host__ __device__ float atan(float a) __ws_builtin(atanf);
__host__ __device__ double atan(double a) __ws_builtin(atan);
__host__ __device__ float sinhf(float a) __ws_builtin(sinhf);
__host__ __device__ float sinh(float a) __ws_builtin(sinhf);
__host__ __device__ double sinh(double a) __ws_builtin(sinh);
__host__ __device__ float coshf(float a) __ws_builtin(coshf);
__host__ __device__ float cosh(float a) __ws_builtin(coshf);
__host__ __device__ double cosh(double a) __ws_builtin(cosh);
__host__ __device__ float tanhf(float a) __ws_builtin(tanhf);
__host__ __device__ float tanh(float a) __ws_builtin(tanhf);
__host__ __device__ double tanh(double a) __ws_builtin(tanh);
__host__ __device__ float asinhf(float a) __ws_builtin(asinhf);
__host__ __device__ float asinh(float a) __ws_builtin(asinhf);
__host__ __device__ double asinh(double a) __ws_builtin(asinh);
__host__ __device__ float acoshf(float a) __ws_builtin(acoshf);
__host__ __device__ float acosh(float a) __ws_builtin(acoshf);
__host__ __device__ double acosh(double a) __ws_builtin(acosh);
__host__ __device__ float atanhf(float a) __ws_builtin(atanhf);
__host__ __device__ float atanh(float a) __ws_builtin(atanhf);
__host__ __device__ double atanh(double a) __ws_builtin(atanh);
__host__ __device__ float expf(float a) __ws_builtin(expf);
__host__ __device__ float exp(float a) __ws_builtin(expf);
__host__ __device__ double exp(double a) __ws_builtin(exp);
__host__ __device__ float exp2f(float a) __ws_builtin(exp2f);
__host__ __device__ float exp2(float a) __ws_builtin(exp2f);
__host__ __device__ double exp2(double a) __ws_builtin(exp2);
__host__ __device__ float expm1f(float a) __ws_builtin(expm1f);
__host__ __device__ float expm1(float a) __ws_builtin(expm1f);
__host__ __device__ double expm1(double a) __ws_builtin(expm1);
__host__ __device__ float logf(float a) __ws_builtin(logf);
__host__ __device__ float log(float a) __ws_builtin(logf);
__host__ __device__ double log(double a) __ws_builtin(log);
__host__ __device__ float log2f(float a) __ws_builtin(log2f);
__host__ __device__ float log2(float a) __ws_builtin(log2f);
__host__ __device__ double log2(double a) __ws_builtin(log2);
__host__ __device__ float log10f(float a) __ws_builtin(log10f);
__host__ __device__ float log10(float a) __ws_builtin(log10f);
__host__ __device__ double log10(double a) __ws_builtin(log10);
__host__ __device__ float log1pf(float a) __ws_builtin(log1pf);
__host__ __device__ float log1p(float a) __ws_builtin(log1pf);
__host__ __device__ double log1p(double a) __ws_builtin(log1p);
__host__ __device__ float logbf(float a) __ws_builtin(logbf);
__host__ __device__ float logb(float a) __ws_builtin(logbf);
__host__ __device__ double logb(double a) __ws_builtin(logb);
__host__ __device__ float fabsf(float a) __ws_builtin(fabsf);
__host__ __device__ float fabs(float a) __ws_builtin(fabsf);
__host__ __device__ double fabs(double a) __ws_builtin(fabs);
__host__ __device__ float floorf(float a) __ws_builtin(floorf);
__host__ __device__ float floor(float a) __ws_builtin(floorf);
__host__ __device__ double floor(double a) __ws_builtin(floor);
__host__ __device__ float ceilf(float a) __ws_builtin(ceilf);
__host__ __device__ float ceil(float a) __ws_builtin(ceilf);
__host__ __device__ double ceil(double a) __ws_builtin(ceil);
__host__ __device__ float truncf(float a) __ws_builtin(truncf);
__host__ __device__ float trunc(float a) __ws_builtin(truncf);
__host__ __device__ double trunc(double a) __ws_builtin(trunc);
__host__ __device__ float roundf(float a) __ws_builtin(roundf);
__host__ __device__ float round(float a) __ws_builtin(roundf);
__host__ __device__ double round(double a) __ws_builtin(round);
__host__ __device__ float rintf(float a) __ws_builtin(rintf);
__host__ __device__ float rint(float a) __ws_builtin(rintf);
__host__ __device__ double rint(double a) __ws_builtin(rint);
__host__ __device__ float nearbyintf(float a) __ws_builtin(nearbyintf);
__host__ __device__ float nearbyint(float a) __ws_builtin(nearbyintf);
__host__ __device__ double nearbyint(double a) __ws_builtin(nearbyint);
__host__ __device__ float erff(float a) __ws_builtin(erff);
__host__ __device__ float erf(float a) __ws_builtin(erff);
__host__ __device__ double erf(double a) __ws_builtin(erf);
__host__ __device__ float erfcf(float a) __ws_builtin(erfcf);
__host__ __device__ float erfc(float a) __ws_builtin(erfcf);
__host__ __device__ double erfc(double a) __ws_builtin(erfc);
__host__ __device__ float tgammaf(float a) __ws_builtin(tgammaf);
__host__ __device__ float tgamma(float a) __ws_builtin(tgammaf);
__host__ __device__ double tgamma(double a) __ws_builtin(tgamma);
__host__ __device__ float lgammaf(float a) __ws_builtin(lgammaf);
__host__ __device__ float lgamma(float a) __ws_builtin(lgammaf);
__host__ __device__ double lgamma(double a) __ws_builtin(lgamma);
__device__ float rsqrtf(float a) __ws_builtin(rsqrtf);
__device__ float rsqrt(float a) __ws_builtin(rsqrtf);
__device__ double rsqrt(double a) __ws_builtin(rsqrt);
__device__ float exp10f(float a) __ws_builtin(exp10f);
__device__ float exp10(float a) __ws_builtin(exp10f);
__device__ double exp10(double a) __ws_builtin(exp10);
__device__ float rcbrtf(float a) __ws_builtin(rcbrtf);
__device__ float rcbrt(float a) __ws_builtin(rcbrtf);
__device__ double rcbrt(double a) __ws_builtin(rcbrt);
__device__ float sinpif(float a) __ws_builtin(sinpif);
__device__ float sinpi(float a) __ws_builtin(sinpif);
__device__ double sinpi(double a) __ws_builtin(sinpi);
__device__ float cospif(float a) __ws_builtin(cospif);
__device__ float cospi(float a) __ws_builtin(cospif);
__device__ double cospi(double a) __ws_builtin(cospi);
__host__ __device__ float atan2f(float a, float b) __ws_builtin(atan2f);
__host__ __device__ float atan2(float a, float b) __ws_builtin(atan2f);
__host__ __device__ double atan2(double a, double b) __ws_builtin(atan2);
__host__ __device__ float powf(float a, float b) __ws_builtin(powf);
__host__ __device__ float pow(float a, float b) __ws_builtin(powf);
__host__ __device__ double pow(double a, double b) __ws_builtin(pow);
__host__ __device__ float fminf(float a, float b) __ws_builtin(fminf);
__host__ __device__ float fmin(float a, float b) __ws_builtin(fminf);
__host__ __device__ double fmin(double a, double b) __ws_builtin(fmin);
__host__ __device__ float fmaxf(float a, float b) __ws_builtin(fmaxf);
__host__ __device__ float fmax(float a, float b) __ws_builtin(fmaxf);
__host__ __device__ double fmax(double a, double b) __ws_builtin(fmax);
__host__ __device__ float fmodf(float a, float b) __ws_builtin(fmodf);
__host__ __device__ float fmod(float a, float b) __ws_builtin(fmodf);
__host__ __device__ double fmod(double a, double b) __ws_builtin(fmod);
__host__ __device__ float remainderf(float a, float b) __ws_builtin(remainderf);
__host__ __device__ float remainder(float a, float b) __ws_builtin(remainderf);
__host__ __device__ double remainder(double a, double b) __ws_builtin(remainder);
__host__ __device__ float hypotf(float a, float b) __ws_builtin(hypotf);
__host__ __device__ float hypot(float a, float b) __ws_builtin(hypotf);
__host__ __device__ double hypot(double a, double b) __ws_builtin(hypot);
__host__ __device__ float copysignf(float a, float b) __ws_builtin(copysignf);
__host__ __device__ float copysign(float a, float b) __ws_builtin(copysignf);
__host__ __device__ double copysign(double a, double b) __ws_builtin(copysign);
__host__ __device__ float fdimf(float a, float b) __ws_builtin(fdimf);
__host__ __device__ float fdim(float a, float b) __ws_builtin(fdimf);
__host__ __device__ double fdim(double a, double b) __ws_builtin(fdim);
__host__ __device__ float nextafterf(float a, float b) __ws_builtin(nextafterf);
__host__ __device__ float nextafter(float a, float b) __ws_builtin(nextafterf);
__host__ __device__ double nextafter(double a, double b) __ws_builtin(nextafter);
__host__ __device__ float fmaf(float a, float b, float c) __ws_builtin(fmaf);
__host__ __device__ float fma(float a, float b, float c) __ws_builtin(fmaf);
__host__ __device__ double fma(double a, double b, double c) __ws_builtin(fma);
__host__ __device__ float ldexpf(float a, int b) __ws_builtin(ldexpf);
__host__ __device__ float ldexp(float a, int b) __ws_builtin(ldexpf);
__host__ __device__ double ldexp(double a, int b) __ws_builtin(ldexp);
__host__ __device__ float scalbnf(float a, int b) __ws_builtin(scalbnf);
__host__ __device__ float scalbn(float a, int b) __ws_builtin(scalbnf);
__host__ __device__ double scalbn(double a, int b) __ws_builtin(scalbn);
__host__ __device__ int ilogbf(float a) __ws_builtin(ilogbf);
__host__ __device__ int ilogb(float a) __ws_builtin(ilogbf);
__host__ __device__ int ilogb(double a) __ws_builtin(ilogb);
__host__ __device__ long lroundf(float a) __ws_builtin(lroundf);
__host__ __device__ long lround(float a) __ws_builtin(lroundf);
__host__ __device__ long lround(double a) __ws_builtin(lround);
__host__ __device__ long long llroundf(float a) __ws_builtin(llroundf);
__host__ __device__ long long llround(float a) __ws_builtin(llroundf);
__host__ __device__ long long llround(double a) __ws_builtin(llround);
__host__ __device__ long lrintf(float a) __ws_builtin(lrintf);
__host__ __device__ long lrint(float a) __ws_builtin(lrintf);
__host__ __device__ long lrint(double a) __ws_builtin(lrint);
__host__ __device__ long long llrintf(float a) __ws_builtin(llrintf);
__host__ __device__ long long llrint(float a) __ws_builtin(llrintf);
__host__ __device__ long long llrint(double a) __ws_builtin(llrint);
__host__ __device__ float powif(float a, int b) __ws_builtin(powif);
__host__ __device__ float powi(float a, int b) __ws_builtin(powif);
__host__ __device__ double powi(double a, int b) __ws_builtin(powi);
__host__ __device__ int __isnanf(float a) __ws_builtin(__isnanf);
__host__ __device__ int __isnan(double a) __ws_builtin(__isnan);
__host__ __device__ int __isinff(float a) __ws_builtin(__isinff);
__host__ __device__ int __isinf(double a) __ws_builtin(__isinf);
__host__ __device__ int __finitef(float a) __ws_builtin(__finitef);
__host__ __device__ int __finite(double a) __ws_builtin(__finite);
__host__ __device__ int __signbitf(float a) __ws_builtin(__signbitf);
__host__ __device__ int __signbit(double a) __ws_builtin(__signbit);


/* C++ classification overloads (CUDA's math_functions.hpp) */
__host__ __device__ bool isnan(float x) __ws_builtin(__isnanf);
__host__ __device__ bool isnan(double x) __ws_builtin(__isnan);
__host__ __device__ bool isinf(float x) __ws_builtin(__isinff);
__host__ __device__ bool isinf(double x) __ws_builtin(__isinf);
__host__ __device__ bool isfinite(float x) __ws_builtin(__finitef);
__host__ __device__ bool isfinite(double x) __ws_builtin(__finite);
__host__ __device__ bool signbit(float x) __ws_builtin(__signbitf);
__host__ __device__ bool signbit(double x) __ws_builtin(__signbit);

/* functions with out-parameters */
static inline __host__ __device__ float frexpf(float x, int *e) { *e = __ws_frexp_expf(x); return __ws_frexp_mantf(x); }
static inline __host__ __device__ double frexp(double x, int *e) { *e = __ws_frexp_exp(x); return __ws_frexp_mant(x); }
static inline __host__ __device__ float frexp(float x, int *e) { return frexpf(x, e); }
static inline __host__ __device__ float modff(float x, float *ip) { *ip = truncf(x); return __ws_modf_fracf(x); }
static inline __host__ __device__ double modf(double x, double *ip) { *ip = trunc(x); return __ws_modf_frac(x); }
static inline __host__ __device__ float modf(float x, float *ip) { return modff(x, ip); }
static inline __host__ __device__ void sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
static inline __host__ __device__ void sincos(double x, double *s, double *c) { *s = sin(x); *c = cos(x); }
static inline __host__ __device__ void sincos(float x, float *s, float *c) { sincosf(x, s, c); }
static inline __device__ void __sincosf(float x, float *s, float *c) { *s = sinf(x); *c = cosf(x); }
static inline __device__ void sincospif(float x, float *s, float *c) { *s = sinpif(x); *c = cospif(x); }
static inline __device__ void sincospi(double x, double *s, double *c) { *s = sinpi(x); *c = cospi(x); }

/* integer arguments and mixed float/double arguments compute in double, as
 * in C++'s <cmath> */

template<class T> static inline __host__ __device__ double sqrt(T x) { return sqrt((double)x); }
template<class T> static inline __host__ __device__ double cbrt(T x) { return cbrt((double)x); }
template<class T> static inline __host__ __device__ double sin(T x) { return sin((double)x); }
template<class T> static inline __host__ __device__ double cos(T x) { return cos((double)x); }
template<class T> static inline __host__ __device__ double tan(T x) { return tan((double)x); }
template<class T> static inline __host__ __device__ double asin(T x) { return asin((double)x); }
template<class T> static inline __host__ __device__ double acos(T x) { return acos((double)x); }
template<class T> static inline __host__ __device__ double atan(T x) { return atan((double)x); }
template<class T> static inline __host__ __device__ double sinh(T x) { return sinh((double)x); }
template<class T> static inline __host__ __device__ double cosh(T x) { return cosh((double)x); }
template<class T> static inline __host__ __device__ double tanh(T x) { return tanh((double)x); }
template<class T> static inline __host__ __device__ double asinh(T x) { return asinh((double)x); }
template<class T> static inline __host__ __device__ double acosh(T x) { return acosh((double)x); }
template<class T> static inline __host__ __device__ double atanh(T x) { return atanh((double)x); }
template<class T> static inline __host__ __device__ double exp(T x) { return exp((double)x); }
template<class T> static inline __host__ __device__ double exp2(T x) { return exp2((double)x); }
template<class T> static inline __host__ __device__ double expm1(T x) { return expm1((double)x); }
template<class T> static inline __host__ __device__ double log(T x) { return log((double)x); }
template<class T> static inline __host__ __device__ double log2(T x) { return log2((double)x); }
template<class T> static inline __host__ __device__ double log10(T x) { return log10((double)x); }
template<class T> static inline __host__ __device__ double log1p(T x) { return log1p((double)x); }
template<class T> static inline __host__ __device__ double logb(T x) { return logb((double)x); }
template<class T> static inline __host__ __device__ double fabs(T x) { return fabs((double)x); }
template<class T> static inline __host__ __device__ double floor(T x) { return floor((double)x); }
template<class T> static inline __host__ __device__ double ceil(T x) { return ceil((double)x); }
template<class T> static inline __host__ __device__ double trunc(T x) { return trunc((double)x); }
template<class T> static inline __host__ __device__ double round(T x) { return round((double)x); }
template<class T> static inline __host__ __device__ double rint(T x) { return rint((double)x); }
template<class T> static inline __host__ __device__ double nearbyint(T x) { return nearbyint((double)x); }
template<class T> static inline __host__ __device__ double erf(T x) { return erf((double)x); }
template<class T> static inline __host__ __device__ double erfc(T x) { return erfc((double)x); }
template<class T> static inline __host__ __device__ double tgamma(T x) { return tgamma((double)x); }
template<class T> static inline __host__ __device__ double lgamma(T x) { return lgamma((double)x); }
template<class A, class B> static inline __host__ __device__ double atan2(A x, B y) { return atan2((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double pow(A x, B y) { return pow((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double fmin(A x, B y) { return fmin((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double fmax(A x, B y) { return fmax((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double fmod(A x, B y) { return fmod((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double remainder(A x, B y) { return remainder((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double hypot(A x, B y) { return hypot((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double copysign(A x, B y) { return copysign((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double fdim(A x, B y) { return fdim((double)x, (double)y); }
template<class A, class B> static inline __host__ __device__ double nextafter(A x, B y) { return nextafter((double)x, (double)y); }
template<class A, class B, class C> static inline __host__ __device__ double fma(A x, B y, C z) { return fma((double)x, (double)y, (double)z); }

/* abs, min and max overloads as CUDA provides them */
__host__ __device__ float abs(float x) __ws_builtin(fabsf);
__host__ __device__ double abs(double x) __ws_builtin(fabs);
__host__ __device__ int min(int a, int b) __ws_builtin(__ws_min_i);
__host__ __device__ unsigned int min(unsigned int a, unsigned int b) __ws_builtin(__ws_min_u);
__host__ __device__ unsigned int min(int a, unsigned int b) __ws_builtin(__ws_min_u);
__host__ __device__ unsigned int min(unsigned int a, int b) __ws_builtin(__ws_min_u);
__host__ __device__ long min(long a, long b) __ws_builtin(__ws_min_ll);
__host__ __device__ unsigned long min(unsigned long a, unsigned long b) __ws_builtin(__ws_min_ull);
__host__ __device__ unsigned long min(long a, unsigned long b) __ws_builtin(__ws_min_ull);
__host__ __device__ unsigned long min(unsigned long a, long b) __ws_builtin(__ws_min_ull);
__host__ __device__ long long min(long long a, long long b) __ws_builtin(__ws_min_ll);
__host__ __device__ unsigned long long min(unsigned long long a, unsigned long long b) __ws_builtin(__ws_min_ull);
__host__ __device__ unsigned long long min(long long a, unsigned long long b) __ws_builtin(__ws_min_ull);
__host__ __device__ unsigned long long min(unsigned long long a, long long b) __ws_builtin(__ws_min_ull);
__host__ __device__ float min(float a, float b) __ws_builtin(fminf);
__host__ __device__ double min(double a, double b) __ws_builtin(fmin);
static inline __host__ __device__ double min(float a, double b) { return fmin((double)a, b); }
static inline __host__ __device__ double min(double a, float b) { return fmin(a, (double)b); }
__host__ __device__ int max(int a, int b) __ws_builtin(__ws_max_i);
__host__ __device__ unsigned int max(unsigned int a, unsigned int b) __ws_builtin(__ws_max_u);
__host__ __device__ unsigned int max(int a, unsigned int b) __ws_builtin(__ws_max_u);
__host__ __device__ unsigned int max(unsigned int a, int b) __ws_builtin(__ws_max_u);
__host__ __device__ long max(long a, long b) __ws_builtin(__ws_max_ll);
__host__ __device__ unsigned long max(unsigned long a, unsigned long b) __ws_builtin(__ws_max_ull);
__host__ __device__ unsigned long max(long a, unsigned long b) __ws_builtin(__ws_max_ull);
__host__ __device__ unsigned long max(unsigned long a, long b) __ws_builtin(__ws_max_ull);
__host__ __device__ long long max(long long a, long long b) __ws_builtin(__ws_max_ll);
__host__ __device__ unsigned long long max(unsigned long long a, unsigned long long b) __ws_builtin(__ws_max_ull);
__host__ __device__ unsigned long long max(long long a, unsigned long long b) __ws_builtin(__ws_max_ull);
__host__ __device__ unsigned long long max(unsigned long long a, long long b) __ws_builtin(__ws_max_ull);
__host__ __device__ float max(float a, float b) __ws_builtin(fmaxf);
__host__ __device__ double max(double a, double b) __ws_builtin(fmax);
static inline __host__ __device__ double max(float a, double b) { return fmax((double)a, b); }
static inline __host__ __device__ double max(double a, float b) { return fmax(a, (double)b); }
__host__ __device__ int abs(int j) __ws_builtin(abs);
__host__ __device__ long long llabs(long long j) __ws_builtin(llabs);

#endif
