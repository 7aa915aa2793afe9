/* bits/ws_f16core.h - warpstep built-in header: what <cuda_fp16.h> and
 * <cuda_bf16.h> share: the bits of floats and doubles, the one rounding
 * routine of a double to a 16-bit format, and the exactly rounded fma.
 * A 16-bit format is its mantissa bits (10 for half, 7 for bfloat16) and its
 * largest exponent (15, 127); 1 sign bit and the rest exponent. */
#ifndef __WS_F16CORE_H
#define __WS_F16CORE_H

static inline __host__ __device__ unsigned int __ws_fbits(float f)
{
	union { float f; unsigned int u; } c;
	c.f = f;
	return c.u;
}
static inline __host__ __device__ float __ws_bitsf(unsigned int u)
{
	union { float f; unsigned int u; } c;
	c.u = u;
	return c.f;
}
static inline __host__ __device__ unsigned long long __ws_dbits(double d)
{
	union { double d; unsigned long long u; } c;
	c.d = d;
	return c.u;
}
static inline __host__ __device__ double __ws_bitsd(unsigned long long u)
{
	union { double d; unsigned long long u; } c;
	c.u = u;
	return c.d;
}

/* d rounded to the format (mbits, emax); mode: 0 nearest even, 1 toward
 * zero, 2 down, 3 up. A NaN becomes the canonical 0x7fff. */
static inline __host__ __device__ unsigned short __ws_d2small(double d, int mode, int mbits, int emax)
{
	unsigned long long x = __ws_dbits(d);
	unsigned int sign = (unsigned int)(x >> 48) & 0x8000u;
	unsigned long long ax = x & 0x7fffffffffffffffULL;
	unsigned int inf = (unsigned int)(2 * emax + 1) << mbits, maxf = inf - 1u;
	if (ax > 0x7ff0000000000000ULL)
		return 0x7fffu;
	int neg = sign != 0;
	/* rounding away from zero happens for: nearest (decided below), up when
	 * positive, down when negative */
	int away = (mode == 3 && !neg) || (mode == 2 && neg);
	if (ax == 0x7ff0000000000000ULL)
		return (unsigned short)(sign | inf);
	if (ax == 0)
		return (unsigned short)sign;
	int e = (int)(ax >> 52);
	unsigned long long m = ax & 0xfffffffffffffULL;
	if (e)
		m |= 1ULL << 52;
	else
		e = 1;
	int E = e - 1023;
	int shift;
	unsigned int base;
	if (E >= 1 - emax) {
		shift = E > emax ? 64 : 52 - mbits;
		base = (unsigned int)(E + emax) << mbits;
	} else {
		/* a subnormal: units of 2^(1 - emax - mbits) */
		shift = 52 - (emax - 1 + mbits) - E;
		base = 0;
	}
	unsigned long long k, rem, half;
	if (shift >= 64) {
		if (E > emax) { /* beyond the largest finite value */
			if (mode == 0 || away)
				return (unsigned short)(sign | inf);
			return (unsigned short)(sign | maxf);
		}
		k = 0;
		rem = m;
		half = 1ULL << 63; /* never reached: rem < half, not zero */
	} else {
		k = m >> shift;
		rem = m & ((1ULL << shift) - 1);
		half = 1ULL << (shift - 1);
	}
	unsigned int h;
	if (base)
		h = base | (unsigned int)(k & ((1u << mbits) - 1u));
	else
		h = (unsigned int)k;
	int up;
	if (mode == 0)
		up = rem > half || (rem == half && (h & 1u));
	else
		up = away && rem != 0;
	h += (unsigned int)up;
	if (h >= inf) /* rounded past the largest finite value */
		h = (mode == 0 || away) ? inf : maxf;
	return (unsigned short)(sign | h);
}

/* a * b + c (each exact in float), rounded once to the format: the product
 * is exact in double, the sum's error is recovered by TwoSum, and a sum
 * rounded to odd then rounds correctly to the narrower format */
static inline __host__ __device__ unsigned short __ws_fma_small(float a, float b, float c, int mbits, int emax)
{
	double p = (double)a * (double)b; /* exact */
	double q = (double)c;
	double s = p + q;
	double bb = s - p;
	double err = (p - (s - bb)) + (q - bb);
	if (err != 0.0 && s - s == 0.0 && !(__ws_dbits(s) & 1ULL)) { /* s finite, inexact */
		/* round to odd: the odd neighbour of s toward the exact sum */
		unsigned long long u = __ws_dbits(s);
		int toward_larger = (err > 0) == (s > 0);
		s = __ws_bitsd(toward_larger ? u + 1 : u - 1);
	}
	return __ws_d2small(s, 0, mbits, emax);
}

#endif
