/*
 * libm.c - the PURE built-ins: math functions, the fast-math, integer and
 * conversion intrinsics, per lane, in the register encoding of builtin.h.
 *
 * Each p_NAME reads its arguments as the declaration in the built-in headers
 * types them (the doc string of BFN(NAME) in builtins.def) and writes its
 * result sign- or zero-extended; floats travel as their bit patterns.
 * Where CUDA's documented results differ from C's (saturating conversions,
 * __fdividef, __saturatef, __byte_perm, __sad, funnel shifts), CUDA wins.
 * The fast intrinsics (__sinf ...) use the accurate C functions.
 */
#include "builtin.h"
#include "wmma.h"

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

static float getf(uint64_t v)
{
	uint32_t u = (uint32_t)v;
	float f;
	memcpy(&f, &u, sizeof(f));
	return f;
}

static uint64_t putf(float f)
{
	uint32_t u;
	memcpy(&u, &f, sizeof(u));
	return u;
}

static double getd(uint64_t v)
{
	double d;
	memcpy(&d, &v, sizeof(d));
	return d;
}

static uint64_t putd(double d)
{
	uint64_t u;
	memcpy(&u, &d, sizeof(u));
	return u;
}

/* argument i as the declared type; result setters */
#define F(i) getf(a[i])
#define D(i) getd(a[i])
#define I(i) ((int32_t)a[i])
#define U(i) ((uint32_t)a[i])
#define LL(i) ((int64_t)a[i])
#define ULL(i) (a[i])
#define RF(x) (*r = putf(x))
#define RD(x) (*r = putd(x))
#define RI(x) (*r = (uint64_t)(int64_t)(int32_t)(x))
#define RU(x) (*r = (uint64_t)(uint32_t)(x))
#define RLL(x) (*r = (uint64_t)(int64_t)(x))
#define RULL(x) (*r = (uint64_t)(x))

#define DEF(name, stmt) \
	static void p_##name(uint64_t *r, const uint64_t *a) { (void)a; stmt; }

/* the standard functions in float and double */
#define M1(n) DEF(n##f, RF(n##f(F(0)))) DEF(n, RD(n(D(0))))
#define M2(n) DEF(n##f, RF(n##f(F(0), F(1)))) DEF(n, RD(n(D(0), D(1))))
M1(sqrt) M1(cbrt) M1(sin) M1(cos) M1(tan) M1(asin) M1(acos) M1(atan)
M1(sinh) M1(cosh) M1(tanh) M1(asinh) M1(acosh) M1(atanh)
M1(exp) M1(exp2) M1(expm1) M1(log) M1(log2) M1(log10) M1(log1p) M1(logb)
M1(fabs) M1(floor) M1(ceil) M1(trunc) M1(round) M1(rint) M1(nearbyint)
M1(erf) M1(erfc) M1(tgamma) M1(lgamma)
M2(atan2) M2(pow) M2(fmin) M2(fmax) M2(fmod) M2(remainder) M2(hypot)
M2(copysign) M2(fdim) M2(nextafter)
DEF(fmaf, RF(fmaf(F(0), F(1), F(2))))
DEF(fma, RD(fma(D(0), D(1), D(2))))
DEF(ldexpf, RF(ldexpf(F(0), I(1))))
DEF(ldexp, RD(ldexp(D(0), I(1))))
DEF(scalbnf, RF(scalbnf(F(0), I(1))))
DEF(scalbn, RD(scalbn(D(0), I(1))))
DEF(ilogbf, RI(ilogbf(F(0))))
DEF(ilogb, RI(ilogb(D(0))))
DEF(lroundf, RLL(lroundf(F(0))))
DEF(lround, RLL(lround(D(0))))
DEF(llroundf, RLL(llroundf(F(0))))
DEF(llround, RLL(llround(D(0))))
DEF(lrintf, RLL(lrintf(F(0))))
DEF(lrint, RLL(lrint(D(0))))
DEF(llrintf, RLL(llrintf(F(0))))
DEF(llrint, RLL(llrint(D(0))))
DEF(powif, RF(powf(F(0), (float)I(1))))
DEF(powi, RD(pow(D(0), (double)I(1))))
DEF(__builtin_inff, RF(HUGE_VALF))
DEF(__builtin_inf, RD(HUGE_VAL))
DEF(__builtin_nanf, RF(NAN))
DEF(__builtin_nan, RD((double)NAN))

/* CUDA's extra functions */
#define WS_PI 3.14159265358979323846

static double sinpi_d(double x)
{
	double r = fmod(x, 2.0); /* exact */

	if (r == 0.0 || (isfinite(x) && r == rint(r)))
		return copysign(0.0, x);
	return sin(WS_PI * r);
}

static double cospi_d(double x)
{
	double r = fmod(fabs(x), 2.0);

	if (r == 0.5 || r == 1.5)
		return 0.0;
	return cos(WS_PI * r);
}

DEF(rsqrtf, RF(1.0f / sqrtf(F(0))))
DEF(rsqrt, RD(1.0 / sqrt(D(0))))
DEF(exp10f, RF((float)pow(10.0, (double)F(0))))
DEF(exp10, RD(pow(10.0, D(0))))
DEF(rcbrtf, RF(1.0f / cbrtf(F(0))))
DEF(rcbrt, RD(1.0 / cbrt(D(0))))
DEF(sinpif, RF((float)sinpi_d(F(0))))
DEF(sinpi, RD(sinpi_d(D(0))))
DEF(cospif, RF((float)cospi_d(F(0))))
DEF(cospi, RD(cospi_d(D(0))))

/* helpers of the inline frexp and modf in math.h */
static float frexp_mantf(float x) { int e; return frexpf(x, &e); }
static double frexp_mant(double x) { int e; return frexp(x, &e); }
static int frexp_expf(float x) { int e = 0; frexpf(x, &e); return e; }
static int frexp_exp(double x) { int e = 0; frexp(x, &e); return e; }
static float modf_fracf(float x) { float ip; return modff(x, &ip); }
static double modf_frac(double x) { double ip; return modf(x, &ip); }
DEF(__ws_frexp_mantf, RF(frexp_mantf(F(0))))
DEF(__ws_frexp_mant, RD(frexp_mant(D(0))))
DEF(__ws_frexp_expf, RI(frexp_expf(F(0))))
DEF(__ws_frexp_exp, RI(frexp_exp(D(0))))
DEF(__ws_modf_fracf, RF(modf_fracf(F(0))))
DEF(__ws_modf_frac, RD(modf_frac(D(0))))

/* classification: 0 or 1 */
DEF(__isnanf, RI(isnan(F(0)) != 0))
DEF(__isnan, RI(isnan(D(0)) != 0))
DEF(__isinff, RI(isinf(F(0)) != 0))
DEF(__isinf, RI(isinf(D(0)) != 0))
DEF(__finitef, RI(isfinite(F(0)) != 0))
DEF(__finite, RI(isfinite(D(0)) != 0))
DEF(__signbitf, RI(signbit(F(0)) != 0))
DEF(__signbit, RI(signbit(D(0)) != 0))

/* integer abs, min, max (abs(INT_MIN) is INT_MIN, as on the GPU) */
DEF(abs, RI(I(0) < 0 ? 0u - U(0) : U(0)))
DEF(llabs, RLL(LL(0) < 0 ? 0u - ULL(0) : ULL(0)))
DEF(__ws_min_i, RI(I(0) < I(1) ? I(0) : I(1)))
DEF(__ws_min_u, RU(U(0) < U(1) ? U(0) : U(1)))
DEF(__ws_min_ll, RLL(LL(0) < LL(1) ? LL(0) : LL(1)))
DEF(__ws_min_ull, RULL(ULL(0) < ULL(1) ? ULL(0) : ULL(1)))
DEF(__ws_max_i, RI(I(0) > I(1) ? I(0) : I(1)))
DEF(__ws_max_u, RU(U(0) > U(1) ? U(0) : U(1)))
DEF(__ws_max_ll, RLL(LL(0) > LL(1) ? LL(0) : LL(1)))
DEF(__ws_max_ull, RULL(ULL(0) > ULL(1) ? ULL(0) : ULL(1)))

/* fast-math intrinsics */
static float saturate(float x)
{
	if (!(x > 0.0f))
		return 0.0f; /* NaN and negatives */
	return x > 1.0f ? 1.0f : x;
}

/* __fdividef: 0 for 2^126 < |y| < 2^128 (NaN when x is infinite) */
static float fdividef(float x, float y)
{
	float ay = fabsf(y);

	if (ay > 0x1p126f && ay < INFINITY)
		return x * copysignf(0.0f, y);
	return x / y;
}

DEF(__sinf, RF(sinf(F(0))))
DEF(__cosf, RF(cosf(F(0))))
DEF(__tanf, RF(tanf(F(0))))
DEF(__expf, RF(expf(F(0))))
DEF(__exp10f, RF((float)pow(10.0, (double)F(0))))
DEF(__logf, RF(logf(F(0))))
DEF(__log2f, RF(log2f(F(0))))
DEF(__log10f, RF(log10f(F(0))))
DEF(__saturatef, RF(saturate(F(0))))
DEF(__powf, RF(powf(F(0), F(1))))
DEF(__fdividef, RF(fdividef(F(0), F(1))))

/* IEEE operations in a given rounding mode. The operands go through
 * volatile objects so the compiler cannot fold or move the operation
 * across fesetround. */
enum { OP_ADD, OP_SUB, OP_MUL, OP_DIV, OP_RCP, OP_SQRT, OP_FMA };

static float fop(int op, int mode, float x, float y, float z)
{
	volatile float vx = x, vy = y, vz = z, vr;
	int old = fegetround();

	fesetround(mode);
	switch (op) {
	case OP_ADD: vr = vx + vy; break;
	case OP_SUB: vr = vx - vy; break;
	case OP_MUL: vr = vx * vy; break;
	case OP_DIV: vr = vx / vy; break;
	case OP_RCP: vr = 1.0f / vx; break;
	case OP_SQRT: vr = sqrtf(vx); break;
	default: vr = fmaf(vx, vy, vz); break;
	}
	fesetround(old);
	return vr;
}

static double dop(int op, int mode, double x, double y, double z)
{
	volatile double vx = x, vy = y, vz = z, vr;
	int old = fegetround();

	fesetround(mode);
	switch (op) {
	case OP_ADD: vr = vx + vy; break;
	case OP_SUB: vr = vx - vy; break;
	case OP_MUL: vr = vx * vy; break;
	case OP_DIV: vr = vx / vy; break;
	case OP_RCP: vr = 1.0 / vx; break;
	case OP_SQRT: vr = sqrt(vx); break;
	default: vr = fma(vx, vy, vz); break;
	}
	fesetround(old);
	return vr;
}

#define ROUNDED(r, mode) \
	DEF(__fadd_##r, RF(fop(OP_ADD, mode, F(0), F(1), 0))) \
	DEF(__fsub_##r, RF(fop(OP_SUB, mode, F(0), F(1), 0))) \
	DEF(__fmul_##r, RF(fop(OP_MUL, mode, F(0), F(1), 0))) \
	DEF(__fdiv_##r, RF(fop(OP_DIV, mode, F(0), F(1), 0))) \
	DEF(__frcp_##r, RF(fop(OP_RCP, mode, F(0), 0, 0))) \
	DEF(__fsqrt_##r, RF(fop(OP_SQRT, mode, F(0), 0, 0))) \
	DEF(__fmaf_##r, RF(fop(OP_FMA, mode, F(0), F(1), F(2)))) \
	DEF(__dadd_##r, RD(dop(OP_ADD, mode, D(0), D(1), 0))) \
	DEF(__dsub_##r, RD(dop(OP_SUB, mode, D(0), D(1), 0))) \
	DEF(__dmul_##r, RD(dop(OP_MUL, mode, D(0), D(1), 0))) \
	DEF(__ddiv_##r, RD(dop(OP_DIV, mode, D(0), D(1), 0))) \
	DEF(__drcp_##r, RD(dop(OP_RCP, mode, D(0), 0, 0))) \
	DEF(__dsqrt_##r, RD(dop(OP_SQRT, mode, D(0), 0, 0))) \
	DEF(__fma_##r, RD(dop(OP_FMA, mode, D(0), D(1), D(2))))
ROUNDED(rn, FE_TONEAREST)
ROUNDED(rz, FE_TOWARDZERO)
ROUNDED(ru, FE_UPWARD)
ROUNDED(rd, FE_DOWNWARD)
DEF(__frsqrt_rn, RF(1.0f / sqrtf(F(0))))

/* integer intrinsics */
static uint32_t brev32(uint32_t x)
{
	x = ((x >> 1) & 0x55555555u) | ((x & 0x55555555u) << 1);
	x = ((x >> 2) & 0x33333333u) | ((x & 0x33333333u) << 2);
	x = ((x >> 4) & 0x0f0f0f0fu) | ((x & 0x0f0f0f0fu) << 4);
	x = ((x >> 8) & 0x00ff00ffu) | ((x & 0x00ff00ffu) << 8);
	return (x >> 16) | (x << 16);
}

static uint64_t brev64(uint64_t x)
{
	return ((uint64_t)brev32((uint32_t)x) << 32) | brev32((uint32_t)(x >> 32));
}

/* result byte n = byte s<4n+2:4n> of the 8 bytes {y, x} (x = bytes 0..3) */
static uint32_t byte_perm(uint32_t x, uint32_t y, uint32_t s)
{
	uint64_t v = ((uint64_t)y << 32) | x;
	uint32_t out = 0;

	for (int n = 0; n < 4; n++) {
		unsigned sel = (s >> (4 * n)) & 7;
		out |= (uint32_t)((v >> (8 * sel)) & 0xff) << (8 * n);
	}
	return out;
}

static int32_t sext24(uint32_t x)
{
	return (int32_t)(x << 8) >> 8;
}

__extension__ typedef __int128 ws_i128;
__extension__ typedef unsigned __int128 ws_u128;

static uint32_t absdiff(int64_t x, int64_t y)
{
	return (uint32_t)(x > y ? x - y : y - x);
}

static uint32_t funnel_l(uint32_t lo, uint32_t hi, uint32_t s)
{
	return (uint32_t)(((((uint64_t)hi << 32) | lo) << s) >> 32);
}

static uint32_t funnel_r(uint32_t lo, uint32_t hi, uint32_t s)
{
	return (uint32_t)((((uint64_t)hi << 32) | lo) >> s);
}

DEF(__popc, RI(__builtin_popcount(U(0))))
DEF(__popcll, RI(__builtin_popcountll(ULL(0))))
DEF(__clz, RI(U(0) ? __builtin_clz(U(0)) : 32))
DEF(__clzll, RI(ULL(0) ? __builtin_clzll(ULL(0)) : 64))
DEF(__ffs, RI(__builtin_ffs(I(0))))
DEF(__ffsll, RI(__builtin_ffsll(LL(0))))
DEF(__brev, RU(brev32(U(0))))
DEF(__brevll, RULL(brev64(ULL(0))))
DEF(__byte_perm, RU(byte_perm(U(0), U(1), U(2))))
DEF(__mul24, RI((uint32_t)((int64_t)sext24(U(0)) * sext24(U(1)))))
DEF(__umul24, RU((U(0) & 0xffffffu) * (U(1) & 0xffffffu)))
DEF(__mulhi, RI(((int64_t)I(0) * I(1)) >> 32))
DEF(__umulhi, RU(((uint64_t)U(0) * U(1)) >> 32))
DEF(__mul64hi, RLL((int64_t)(((ws_i128)LL(0) * LL(1)) >> 64)))
DEF(__umul64hi, RULL((uint64_t)(((ws_u128)ULL(0) * ULL(1)) >> 64)))
DEF(__sad, RU(absdiff(I(0), I(1)) + U(2)))
DEF(__usad, RU(absdiff(U(0), U(1)) + U(2)))
DEF(__funnelshift_l, RU(funnel_l(U(0), U(1), U(2) & 31)))
DEF(__funnelshift_lc, RU(funnel_l(U(0), U(1), U(2) < 32 ? U(2) : 32)))
DEF(__funnelshift_r, RU(funnel_r(U(0), U(1), U(2) & 31)))
DEF(__funnelshift_rc, RU(funnel_r(U(0), U(1), U(2) < 32 ? U(2) : 32)))
DEF(__hadd, RI(((int64_t)I(0) + I(1)) >> 1))
DEF(__rhadd, RI(((int64_t)I(0) + I(1) + 1) >> 1))
DEF(__uhadd, RU(((uint64_t)U(0) + U(1)) >> 1))
DEF(__urhadd, RU(((uint64_t)U(0) + U(1) + 1) >> 1))

/* conversions: float to integer saturates, NaN gives 0 (PTX cvt.rni etc.) */
enum { RM_RN, RM_RZ, RM_RU, RM_RD };

static double round_by(double x, int rm)
{
	switch (rm) {
	case RM_RN: return nearbyint(x); /* default mode: ties to even */
	case RM_RZ: return trunc(x);
	case RM_RU: return ceil(x);
	default: return floor(x);
	}
}

static int32_t to_i32(double x, int rm)
{
	if (isnan(x))
		return 0;
	x = round_by(x, rm);
	if (x <= -2147483648.0)
		return INT32_MIN;
	if (x >= 2147483647.0)
		return INT32_MAX;
	return (int32_t)x;
}

static uint32_t to_u32(double x, int rm)
{
	if (isnan(x))
		return 0;
	x = round_by(x, rm);
	if (x <= 0.0)
		return 0;
	if (x >= 4294967295.0)
		return UINT32_MAX;
	return (uint32_t)x;
}

static int64_t to_i64(double x, int rm)
{
	if (isnan(x))
		return 0;
	x = round_by(x, rm);
	if (x < -0x1p63)
		return INT64_MIN;
	if (x >= 0x1p63)
		return INT64_MAX;
	return (int64_t)x;
}

static uint64_t to_u64(double x, int rm)
{
	if (isnan(x))
		return 0;
	x = round_by(x, rm);
	if (x <= 0.0)
		return 0;
	if (x >= 0x1p64)
		return UINT64_MAX;
	return (uint64_t)x;
}

static const int fe_mode[4] = { FE_TONEAREST, FE_TOWARDZERO, FE_UPWARD, FE_DOWNWARD };

/*
 * Integer (as int64 or uint64) and double to float/double in a rounding mode:
 * convert under the host's FPU rounding mode rm (fe_mode index), then restore
 * the mode. volatile keeps the compiler from folding or moving the
 * conversion out from between the two fesetround calls.
 */
#define ROUNDED_CONV(name, from, to) \
	static to name(from v, int rm) \
	{ \
		volatile from vv = v; \
		volatile to r; \
		int old = fegetround(); \
		fesetround(fe_mode[rm]); \
		r = (to)vv; \
		fesetround(old); \
		return r; \
	}
ROUNDED_CONV(i64_to_f, int64_t, float)
ROUNDED_CONV(u64_to_f, uint64_t, float)
ROUNDED_CONV(i64_to_d, int64_t, double)
ROUNDED_CONV(u64_to_d, uint64_t, double)
ROUNDED_CONV(d_to_f, double, float)
#undef ROUNDED_CONV

#define CONV(r, rm) \
	DEF(__float2int_##r, RI(to_i32(F(0), rm))) \
	DEF(__float2uint_##r, RU(to_u32(F(0), rm))) \
	DEF(__float2ll_##r, RLL(to_i64(F(0), rm))) \
	DEF(__float2ull_##r, RULL(to_u64(F(0), rm))) \
	DEF(__double2int_##r, RI(to_i32(D(0), rm))) \
	DEF(__double2uint_##r, RU(to_u32(D(0), rm))) \
	DEF(__double2ll_##r, RLL(to_i64(D(0), rm))) \
	DEF(__double2ull_##r, RULL(to_u64(D(0), rm))) \
	DEF(__int2float_##r, RF(i64_to_f(I(0), rm))) \
	DEF(__uint2float_##r, RF(i64_to_f(U(0), rm))) \
	DEF(__ll2float_##r, RF(i64_to_f(LL(0), rm))) \
	DEF(__ull2float_##r, RF(u64_to_f(ULL(0), rm))) \
	DEF(__ll2double_##r, RD(i64_to_d(LL(0), rm))) \
	DEF(__ull2double_##r, RD(u64_to_d(ULL(0), rm))) \
	DEF(__double2float_##r, RF(d_to_f(D(0), rm)))
CONV(rn, RM_RN)
CONV(rz, RM_RZ)
CONV(ru, RM_RU)
CONV(rd, RM_RD)
DEF(__int2double_rn, RD((double)I(0)))
DEF(__uint2double_rn, RD((double)U(0)))
DEF(__float_as_int, RI(U(0)))
DEF(__int_as_float, RF(getf(U(0))))
DEF(__float_as_uint, RU(U(0)))
DEF(__uint_as_float, RF(getf(U(0))))
DEF(__double_as_longlong, RLL(ULL(0)))
DEF(__longlong_as_double, RD(getd(ULL(0))))
DEF(__double2hiint, RI(ULL(0) >> 32))
DEF(__double2loint, RI(ULL(0)))
DEF(__hiloint2double, RD(getd(((uint64_t)U(0) << 32) | U(1))))

/* inline PTX's bfe and bfi (PTX ISA: pos and len are clamped to 255; past
 * the width a signed field is its sign bits), and .shared window addresses */
static uint64_t ptx_bfe(uint64_t a, uint32_t pos, uint32_t len, uint32_t bits, int sgn)
{
	pos &= 255;
	len &= 255;
	if (bits != 32 && bits != 64)
		bits = 64;
	if (len == 0)
		return 0;
	uint32_t last = pos + len - 1 < bits - 1 ? pos + len - 1 : bits - 1;
	uint64_t sign = sgn ? (a >> last) & 1 : 0;
	if (pos >= bits)
		return sign ? ~(uint64_t)0 : 0;
	uint32_t n = last - pos + 1;
	uint64_t v = a >> pos;
	if (n < 64) {
		v &= ((uint64_t)1 << n) - 1;
		if (sign)
			v |= ~(((uint64_t)1 << n) - 1);
	}
	return v;
}
static uint64_t ptx_bfi(uint64_t a, uint64_t b, uint32_t pos, uint32_t len, uint32_t bits)
{
	pos &= 255;
	len &= 255;
	if (bits != 32 && bits != 64)
		bits = 64;
	if (len == 0 || pos >= bits)
		return b;
	if (pos + len > bits)
		len = bits - pos;
	uint64_t mask = (len >= 64 ? ~(uint64_t)0 : (((uint64_t)1 << len) - 1)) << pos;
	uint64_t r = (b & ~mask) | ((a << pos) & mask);
	return bits == 64 ? r : r & 0xffffffffu;
}
DEF(__ws_bfe_u, RULL(ptx_bfe(ULL(0), U(1), U(2), U(3), 0)))
DEF(__ws_bfe_s, RULL(ptx_bfe(ULL(0), U(1), U(2), U(3), 1)))
DEF(__ws_bfi, RULL(ptx_bfi(ULL(0), ULL(1), U(2), U(3), U(4))))
DEF(__ws_shared_addr, RULL(ULL(0) >> 40 ? ULL(0) : ((uint64_t)0x72 << 40) | ULL(0)))
DEF(__ws_shared_off, RULL(ULL(0) & (((uint64_t)1 << 40) - 1)))
static uint32_t wmma_rc_packed(int code, uint32_t lane, uint32_t e)
{
	int r, c;
	if (wmma_rc(code, lane, e, &r, &c))
		return 0xffffffffu;
	return (uint32_t)r << 16 | (uint32_t)c;
}
DEF(__ws_wmma_rc, RU(wmma_rc_packed((int)U(0), U(1), U(2))))

/*
 * sinf and cosf as CUDA computes them on the device: the algorithm of
 * libdevice's __nv_sinf and __nv_cosf (no flush to zero), so that results
 * match the GPU to the last bit where glibc's correctly rounded ones do not.
 * The argument is reduced to t = a - j pi/2 with j the nearest integer to
 * a 2/pi, by a three-part Cody-Waite subtraction; from |a| >= 105615 by
 * Payne-Hanek, with 192 bits of 2/pi. Then a degree-7 odd (sine) or degree-8
 * even (cosine) polynomial in float fmas, by the quadrant.
 */
static const uint32_t two_over_pi_bits[6] = {
	0x3c439041u, 0xdb629599u, 0xf534ddc0u, 0xfc2757d1u, 0x4e441529u, 0xa2f9836eu,
};

static float cuda_trig_reduce(float a, int *quadrant)
{
	if (fabsf(a) < 105615.0f || isnan(a)) {
		volatile float scaled = a * 0x1.45f306p-1f;
		int q = isnan(a) ? 0 : (int)rintf(scaled); /* cvt.rni.s32.f32: NaN gives 0 */
		float j = (float)q;                        /* +0 for a = -0: sinf(-0) is -0 */
		float t = fmaf(j, -0x1.921fb4p+0f, a);
		t = fmaf(j, -0x1.4442d0p-24f, t);
		t = fmaf(j, -0x1.84698ap-48f, t);
		*quadrant = q;
		return t;
	}
	if (isinf(a)) {
		*quadrant = 0;
		return a * 0.0f;
	}
	uint32_t ia;
	memcpy(&ia, &a, 4);
	uint32_t sign = ia & 0x80000000u;
	int e = (int)((ia >> 23) & 255) - 128;
	uint32_t mant = (ia << 8) | 0x80000000u;
	uint32_t res[7], carry = 0;
	for (int k = 0; k < 6; k++) {
		uint64_t p = (uint64_t)two_over_pi_bits[k] * mant + carry;
		res[k] = (uint32_t)p;
		carry = (uint32_t)(p >> 32);
	}
	res[6] = carry;
	int idx = 4 - (e >> 5), sh = e & 31;
	uint32_t hi = res[idx + 2], lo = res[idx + 1];
	if (sh) {
		hi = (hi << sh) + (lo >> (32 - sh));
		lo = (lo << sh) + (res[idx] >> (32 - sh));
	}
	uint32_t q = hi >> 30;
	hi = (hi << 2) + (lo >> 30);
	lo <<= 2;
	uint32_t up = hi >> 31;
	q += up;
	if (sign)
		q = 0u - q;
	if (up) {
		hi = ~hi;
		lo = ~lo;
		sign ^= 0x80000000u;
	}
	int64_t frac = (int64_t)((uint64_t)hi << 32 | lo);
	float r = (float)((double)frac * 0x1.921fb54442d19p-64);
	*quadrant = (int)q;
	return sign ? -r : r;
}

static float cuda_sincosf(float a, int cosine)
{
	int i;
	float t = cuda_trig_reduce(a, &i);
	i += cosine;
	volatile float t2v = t * t;
	float t2 = t2v;
	int odd = i & 1;
	float z = odd ? 1.0f : t;
	float tz = fmaf(t2, z, 0.0f);
	float p = odd ? fmaf(0x1.9758p-16f, t2, -0x1.6c0fdap-10f) : -0x1.9a82a6p-13f;
	p = fmaf(p, t2, odd ? 0x1.555576p-5f : 0x1.110bc8p-7f);
	p = fmaf(p, t2, odd ? -0x1.fffffep-2f : -0x1.55555p-3f);
	float r = fmaf(p, tz, z);
	if (i & 2)
		r = fmaf(r, -1.0f, 0.0f);
	return r;
}
DEF(__ws_cuda_sinf, RF(cuda_sincosf(F(0), 0)))
DEF(__ws_cuda_cosf, RF(cuda_sincosf(F(0), 1)))

static const builtin_pure_fn pure_table[BI_COUNT] = {
	[BI___ws_cuda_sinf] = p___ws_cuda_sinf,
	[BI___ws_cuda_cosf] = p___ws_cuda_cosf,
	[BI_sqrtf] = p_sqrtf,
	[BI_sqrt] = p_sqrt,
	[BI_cbrtf] = p_cbrtf,
	[BI_cbrt] = p_cbrt,
	[BI_sinf] = p_sinf,
	[BI_sin] = p_sin,
	[BI_cosf] = p_cosf,
	[BI_cos] = p_cos,
	[BI_tanf] = p_tanf,
	[BI_tan] = p_tan,
	[BI_asinf] = p_asinf,
	[BI_asin] = p_asin,
	[BI_acosf] = p_acosf,
	[BI_acos] = p_acos,
	[BI_atanf] = p_atanf,
	[BI_atan] = p_atan,
	[BI_sinhf] = p_sinhf,
	[BI_sinh] = p_sinh,
	[BI_coshf] = p_coshf,
	[BI_cosh] = p_cosh,
	[BI_tanhf] = p_tanhf,
	[BI_tanh] = p_tanh,
	[BI_asinhf] = p_asinhf,
	[BI_asinh] = p_asinh,
	[BI_acoshf] = p_acoshf,
	[BI_acosh] = p_acosh,
	[BI_atanhf] = p_atanhf,
	[BI_atanh] = p_atanh,
	[BI_expf] = p_expf,
	[BI_exp] = p_exp,
	[BI_exp2f] = p_exp2f,
	[BI_exp2] = p_exp2,
	[BI_expm1f] = p_expm1f,
	[BI_expm1] = p_expm1,
	[BI_logf] = p_logf,
	[BI_log] = p_log,
	[BI_log2f] = p_log2f,
	[BI_log2] = p_log2,
	[BI_log10f] = p_log10f,
	[BI_log10] = p_log10,
	[BI_log1pf] = p_log1pf,
	[BI_log1p] = p_log1p,
	[BI_logbf] = p_logbf,
	[BI_logb] = p_logb,
	[BI_fabsf] = p_fabsf,
	[BI_fabs] = p_fabs,
	[BI_floorf] = p_floorf,
	[BI_floor] = p_floor,
	[BI_ceilf] = p_ceilf,
	[BI_ceil] = p_ceil,
	[BI_truncf] = p_truncf,
	[BI_trunc] = p_trunc,
	[BI_roundf] = p_roundf,
	[BI_round] = p_round,
	[BI_rintf] = p_rintf,
	[BI_rint] = p_rint,
	[BI_nearbyintf] = p_nearbyintf,
	[BI_nearbyint] = p_nearbyint,
	[BI_erff] = p_erff,
	[BI_erf] = p_erf,
	[BI_erfcf] = p_erfcf,
	[BI_erfc] = p_erfc,
	[BI_tgammaf] = p_tgammaf,
	[BI_tgamma] = p_tgamma,
	[BI_lgammaf] = p_lgammaf,
	[BI_lgamma] = p_lgamma,
	[BI_rsqrtf] = p_rsqrtf,
	[BI_rsqrt] = p_rsqrt,
	[BI_exp10f] = p_exp10f,
	[BI_exp10] = p_exp10,
	[BI_rcbrtf] = p_rcbrtf,
	[BI_rcbrt] = p_rcbrt,
	[BI_sinpif] = p_sinpif,
	[BI_sinpi] = p_sinpi,
	[BI_cospif] = p_cospif,
	[BI_cospi] = p_cospi,
	[BI_atan2f] = p_atan2f,
	[BI_atan2] = p_atan2,
	[BI_powf] = p_powf,
	[BI_pow] = p_pow,
	[BI_fminf] = p_fminf,
	[BI_fmin] = p_fmin,
	[BI_fmaxf] = p_fmaxf,
	[BI_fmax] = p_fmax,
	[BI_fmodf] = p_fmodf,
	[BI_fmod] = p_fmod,
	[BI_remainderf] = p_remainderf,
	[BI_remainder] = p_remainder,
	[BI_hypotf] = p_hypotf,
	[BI_hypot] = p_hypot,
	[BI_copysignf] = p_copysignf,
	[BI_copysign] = p_copysign,
	[BI_fdimf] = p_fdimf,
	[BI_fdim] = p_fdim,
	[BI_nextafterf] = p_nextafterf,
	[BI_nextafter] = p_nextafter,
	[BI_fmaf] = p_fmaf,
	[BI_fma] = p_fma,
	[BI_ldexpf] = p_ldexpf,
	[BI_ldexp] = p_ldexp,
	[BI_scalbnf] = p_scalbnf,
	[BI_scalbn] = p_scalbn,
	[BI_ilogbf] = p_ilogbf,
	[BI_ilogb] = p_ilogb,
	[BI_lroundf] = p_lroundf,
	[BI_lround] = p_lround,
	[BI_llroundf] = p_llroundf,
	[BI_llround] = p_llround,
	[BI_lrintf] = p_lrintf,
	[BI_lrint] = p_lrint,
	[BI_llrintf] = p_llrintf,
	[BI_llrint] = p_llrint,
	[BI_powif] = p_powif,
	[BI_powi] = p_powi,
	[BI___builtin_inff] = p___builtin_inff,
	[BI___builtin_inf] = p___builtin_inf,
	[BI___builtin_nanf] = p___builtin_nanf,
	[BI___builtin_nan] = p___builtin_nan,
	[BI___ws_frexp_mantf] = p___ws_frexp_mantf,
	[BI___ws_frexp_mant] = p___ws_frexp_mant,
	[BI___ws_frexp_expf] = p___ws_frexp_expf,
	[BI___ws_frexp_exp] = p___ws_frexp_exp,
	[BI___ws_modf_fracf] = p___ws_modf_fracf,
	[BI___ws_modf_frac] = p___ws_modf_frac,
	[BI___isnanf] = p___isnanf,
	[BI___isnan] = p___isnan,
	[BI___isinff] = p___isinff,
	[BI___isinf] = p___isinf,
	[BI___finitef] = p___finitef,
	[BI___finite] = p___finite,
	[BI___signbitf] = p___signbitf,
	[BI___signbit] = p___signbit,
	[BI_abs] = p_abs,
	[BI_llabs] = p_llabs,
	[BI___ws_min_i] = p___ws_min_i,
	[BI___ws_min_u] = p___ws_min_u,
	[BI___ws_min_ll] = p___ws_min_ll,
	[BI___ws_min_ull] = p___ws_min_ull,
	[BI___ws_max_i] = p___ws_max_i,
	[BI___ws_max_u] = p___ws_max_u,
	[BI___ws_max_ll] = p___ws_max_ll,
	[BI___ws_max_ull] = p___ws_max_ull,
	[BI___sinf] = p___sinf,
	[BI___cosf] = p___cosf,
	[BI___tanf] = p___tanf,
	[BI___expf] = p___expf,
	[BI___exp10f] = p___exp10f,
	[BI___logf] = p___logf,
	[BI___log2f] = p___log2f,
	[BI___log10f] = p___log10f,
	[BI___saturatef] = p___saturatef,
	[BI___powf] = p___powf,
	[BI___fdividef] = p___fdividef,
	[BI___fadd_rn] = p___fadd_rn,
	[BI___fsub_rn] = p___fsub_rn,
	[BI___fmul_rn] = p___fmul_rn,
	[BI___fdiv_rn] = p___fdiv_rn,
	[BI___frcp_rn] = p___frcp_rn,
	[BI___fsqrt_rn] = p___fsqrt_rn,
	[BI___fmaf_rn] = p___fmaf_rn,
	[BI___dadd_rn] = p___dadd_rn,
	[BI___dsub_rn] = p___dsub_rn,
	[BI___dmul_rn] = p___dmul_rn,
	[BI___ddiv_rn] = p___ddiv_rn,
	[BI___drcp_rn] = p___drcp_rn,
	[BI___dsqrt_rn] = p___dsqrt_rn,
	[BI___fma_rn] = p___fma_rn,
	[BI___fadd_rz] = p___fadd_rz,
	[BI___fsub_rz] = p___fsub_rz,
	[BI___fmul_rz] = p___fmul_rz,
	[BI___fdiv_rz] = p___fdiv_rz,
	[BI___frcp_rz] = p___frcp_rz,
	[BI___fsqrt_rz] = p___fsqrt_rz,
	[BI___fmaf_rz] = p___fmaf_rz,
	[BI___dadd_rz] = p___dadd_rz,
	[BI___dsub_rz] = p___dsub_rz,
	[BI___dmul_rz] = p___dmul_rz,
	[BI___ddiv_rz] = p___ddiv_rz,
	[BI___drcp_rz] = p___drcp_rz,
	[BI___dsqrt_rz] = p___dsqrt_rz,
	[BI___fma_rz] = p___fma_rz,
	[BI___fadd_ru] = p___fadd_ru,
	[BI___fsub_ru] = p___fsub_ru,
	[BI___fmul_ru] = p___fmul_ru,
	[BI___fdiv_ru] = p___fdiv_ru,
	[BI___frcp_ru] = p___frcp_ru,
	[BI___fsqrt_ru] = p___fsqrt_ru,
	[BI___fmaf_ru] = p___fmaf_ru,
	[BI___dadd_ru] = p___dadd_ru,
	[BI___dsub_ru] = p___dsub_ru,
	[BI___dmul_ru] = p___dmul_ru,
	[BI___ddiv_ru] = p___ddiv_ru,
	[BI___drcp_ru] = p___drcp_ru,
	[BI___dsqrt_ru] = p___dsqrt_ru,
	[BI___fma_ru] = p___fma_ru,
	[BI___fadd_rd] = p___fadd_rd,
	[BI___fsub_rd] = p___fsub_rd,
	[BI___fmul_rd] = p___fmul_rd,
	[BI___fdiv_rd] = p___fdiv_rd,
	[BI___frcp_rd] = p___frcp_rd,
	[BI___fsqrt_rd] = p___fsqrt_rd,
	[BI___fmaf_rd] = p___fmaf_rd,
	[BI___dadd_rd] = p___dadd_rd,
	[BI___dsub_rd] = p___dsub_rd,
	[BI___dmul_rd] = p___dmul_rd,
	[BI___ddiv_rd] = p___ddiv_rd,
	[BI___drcp_rd] = p___drcp_rd,
	[BI___dsqrt_rd] = p___dsqrt_rd,
	[BI___fma_rd] = p___fma_rd,
	[BI___frsqrt_rn] = p___frsqrt_rn,
	[BI___popc] = p___popc,
	[BI___popcll] = p___popcll,
	[BI___clz] = p___clz,
	[BI___clzll] = p___clzll,
	[BI___ffs] = p___ffs,
	[BI___ffsll] = p___ffsll,
	[BI___brev] = p___brev,
	[BI___brevll] = p___brevll,
	[BI___byte_perm] = p___byte_perm,
	[BI___mul24] = p___mul24,
	[BI___umul24] = p___umul24,
	[BI___mulhi] = p___mulhi,
	[BI___umulhi] = p___umulhi,
	[BI___mul64hi] = p___mul64hi,
	[BI___umul64hi] = p___umul64hi,
	[BI___sad] = p___sad,
	[BI___usad] = p___usad,
	[BI___funnelshift_l] = p___funnelshift_l,
	[BI___funnelshift_lc] = p___funnelshift_lc,
	[BI___funnelshift_r] = p___funnelshift_r,
	[BI___funnelshift_rc] = p___funnelshift_rc,
	[BI___hadd] = p___hadd,
	[BI___rhadd] = p___rhadd,
	[BI___uhadd] = p___uhadd,
	[BI___urhadd] = p___urhadd,
	[BI___float2int_rn] = p___float2int_rn,
	[BI___float2uint_rn] = p___float2uint_rn,
	[BI___float2ll_rn] = p___float2ll_rn,
	[BI___float2ull_rn] = p___float2ull_rn,
	[BI___double2int_rn] = p___double2int_rn,
	[BI___double2uint_rn] = p___double2uint_rn,
	[BI___double2ll_rn] = p___double2ll_rn,
	[BI___double2ull_rn] = p___double2ull_rn,
	[BI___int2float_rn] = p___int2float_rn,
	[BI___uint2float_rn] = p___uint2float_rn,
	[BI___ll2float_rn] = p___ll2float_rn,
	[BI___ull2float_rn] = p___ull2float_rn,
	[BI___ll2double_rn] = p___ll2double_rn,
	[BI___ull2double_rn] = p___ull2double_rn,
	[BI___double2float_rn] = p___double2float_rn,
	[BI___float2int_rz] = p___float2int_rz,
	[BI___float2uint_rz] = p___float2uint_rz,
	[BI___float2ll_rz] = p___float2ll_rz,
	[BI___float2ull_rz] = p___float2ull_rz,
	[BI___double2int_rz] = p___double2int_rz,
	[BI___double2uint_rz] = p___double2uint_rz,
	[BI___double2ll_rz] = p___double2ll_rz,
	[BI___double2ull_rz] = p___double2ull_rz,
	[BI___int2float_rz] = p___int2float_rz,
	[BI___uint2float_rz] = p___uint2float_rz,
	[BI___ll2float_rz] = p___ll2float_rz,
	[BI___ull2float_rz] = p___ull2float_rz,
	[BI___ll2double_rz] = p___ll2double_rz,
	[BI___ull2double_rz] = p___ull2double_rz,
	[BI___double2float_rz] = p___double2float_rz,
	[BI___float2int_ru] = p___float2int_ru,
	[BI___float2uint_ru] = p___float2uint_ru,
	[BI___float2ll_ru] = p___float2ll_ru,
	[BI___float2ull_ru] = p___float2ull_ru,
	[BI___double2int_ru] = p___double2int_ru,
	[BI___double2uint_ru] = p___double2uint_ru,
	[BI___double2ll_ru] = p___double2ll_ru,
	[BI___double2ull_ru] = p___double2ull_ru,
	[BI___int2float_ru] = p___int2float_ru,
	[BI___uint2float_ru] = p___uint2float_ru,
	[BI___ll2float_ru] = p___ll2float_ru,
	[BI___ull2float_ru] = p___ull2float_ru,
	[BI___ll2double_ru] = p___ll2double_ru,
	[BI___ull2double_ru] = p___ull2double_ru,
	[BI___double2float_ru] = p___double2float_ru,
	[BI___float2int_rd] = p___float2int_rd,
	[BI___float2uint_rd] = p___float2uint_rd,
	[BI___float2ll_rd] = p___float2ll_rd,
	[BI___float2ull_rd] = p___float2ull_rd,
	[BI___double2int_rd] = p___double2int_rd,
	[BI___double2uint_rd] = p___double2uint_rd,
	[BI___double2ll_rd] = p___double2ll_rd,
	[BI___double2ull_rd] = p___double2ull_rd,
	[BI___int2float_rd] = p___int2float_rd,
	[BI___uint2float_rd] = p___uint2float_rd,
	[BI___ll2float_rd] = p___ll2float_rd,
	[BI___ull2float_rd] = p___ull2float_rd,
	[BI___ll2double_rd] = p___ll2double_rd,
	[BI___ull2double_rd] = p___ull2double_rd,
	[BI___double2float_rd] = p___double2float_rd,
	[BI___int2double_rn] = p___int2double_rn,
	[BI___uint2double_rn] = p___uint2double_rn,
	[BI___float_as_int] = p___float_as_int,
	[BI___int_as_float] = p___int_as_float,
	[BI___float_as_uint] = p___float_as_uint,
	[BI___uint_as_float] = p___uint_as_float,
	[BI___double_as_longlong] = p___double_as_longlong,
	[BI___longlong_as_double] = p___longlong_as_double,
	[BI___double2hiint] = p___double2hiint,
	[BI___double2loint] = p___double2loint,
	[BI___hiloint2double] = p___hiloint2double,
	[BI___ws_bfe_u] = p___ws_bfe_u,
	[BI___ws_bfe_s] = p___ws_bfe_s,
	[BI___ws_bfi] = p___ws_bfi,
	[BI___ws_shared_addr] = p___ws_shared_addr,
	[BI___ws_shared_off] = p___ws_shared_off,
	[BI___ws_wmma_rc] = p___ws_wmma_rc,
};

builtin_pure_fn builtin_pure(int id)
{
	if (id < 0 || id >= BI_COUNT)
		return NULL;
	return pure_table[id];
}
