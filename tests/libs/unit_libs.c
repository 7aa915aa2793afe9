/*
 * unit_libs.c - the built-in table, the embedded headers, the PURE
 * functions on sample values, builtin_format against the C library's
 * snprintf, and tools/embed-headers.sh. TAP 13.
 */
#include "builtin.h"
#include "ir.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"

/* ---- the table and the headers */

static const char *const header_names[] = {
	"cuda_runtime.h", "stdio.h", "stdlib.h", "string.h", "math.h", "cmath", "assert.h",
	"stdint.h", "cstdint", "stddef.h", "limits.h", "climits", "float.h", "cfloat",
	"stdbool.h", "time.h", "cstdio", "cstdlib", "cstring", "cassert", "ctime", "cuda.h",
	"device_launch_parameters.h", "cuda_runtime_api.h", "device_functions.h",
	"sm_32_intrinsics.h", "math_constants.h", "utility", "algorithm", "iostream",
	"cooperative_groups.h", "cuda/barrier", "cuda/atomic", "cuda/pipeline", "__ws_texture.h",
	"texture_types.h", "surface_types.h", "channel_descriptor.h", "texture_indirect_functions.h",
	"surface_indirect_functions.h",
};

/* every __ws_builtin(NAME) in a header names a known built-in */
static int check_annotations(const char *name, const char *text, int *count)
{
	const char *p = text;
	int bad = 0;

	while ((p = strstr(p, "__ws_builtin(")) != NULL) {
		char id[128];
		size_t n = 0;
		p += strlen("__ws_builtin(");
		while (*p && *p != ')' && n < sizeof(id) - 1)
			id[n++] = *p++;
		id[n] = 0;
		/* macro parameters in the atomics/shuffle helpers */
		if (strcmp(id, "x") == 0 || strcmp(id, "name") == 0 || strstr(id, "##"))
			continue;
		(*count)++;
		if (builtin_lookup(id) < 0) {
			printf("# %s: unknown built-in %s\n", name, id);
			bad++;
		}
	}
	return bad;
}

static void test_headers(void)
{
	size_t len = 0;
	int bad = 0, count = 0;
	const char *t;

	for (size_t i = 0; i < WS_ARRAY_LEN(header_names); i++) {
		t = builtin_header(header_names[i], &len);
		if (!t || len != strlen(t)) {
			printf("# missing or bad length: %s\n", header_names[i]);
			bad++;
			continue;
		}
		bad += check_annotations(header_names[i], t, &count);
	}
	ok(bad == 0, "%zu headers present, %d __ws_builtin names known", WS_ARRAY_LEN(header_names), count);
	ok(builtin_header("no/such.h", &len) == NULL, "unknown header is NULL");
	t = builtin_header("stdio.h", NULL);
	ok(t && strstr(t, "__host__ __device__ int printf(const char *format, ...) __ws_builtin(printf);"),
	   "stdio.h declares printf for host and device");
	ok(t && strstr(t, "#define stdout ((FILE *)1)"), "stdio.h stdout is (FILE *)1");
	t = builtin_header("cuda_runtime.h", NULL);
	ok(t && strstr(t, "cudaErrorMemoryAllocation = 2,") && strstr(t, "cudaErrorAssert = 710,"),
	   "cuda_runtime.h has the real error values");
	ok(t && strstr(t, "int hostNumaMultinodeIpcSupported;\n\tint reserved[56];\n#endif\n};"),
	   "cudaDeviceProp ends as CUDA 13.0's driver_types.h");
	t = builtin_header("cooperative_groups.h", NULL);
	ok(t && strstr(t, "class thread_block_tile") && !strstr(t, "#error"),
	   "cooperative_groups.h is implemented (tiles, see engine/machine/cg.c)");
	t = builtin_header("iostream", NULL);
	ok(t && !strstr(t, "#error") && strstr(t, "#include <ostream>"),
	   "iostream is implemented (std::cout in <ostream>)");

	int pure_ok = 1, npure = 0;
	for (int i = 0; i < BI_COUNT; i++) {
		int has = builtin_pure(i) != NULL;
		if (has != (builtin_table[i].kind == BK_PURE)) {
			printf("# %s: kind %d, pure fn %d\n", builtin_table[i].name, builtin_table[i].kind, has);
			pure_ok = 0;
		}
		npure += has;
	}
	ok(pure_ok, "every PURE built-in (%d) has an implementation, and only those", npure);
	ok(builtin_pure(-1) == NULL && builtin_pure(BI_COUNT) == NULL, "builtin_pure range check");
	ok(builtin_lookup("sqrtf") == BI_sqrtf && builtin_lookup("nope") == -1, "builtin_lookup");
}

/* ---- pure functions */

static uint64_t ef(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t ed(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }
static float df(uint64_t v) { uint32_t u = (uint32_t)v; float f; memcpy(&f, &u, 4); return f; }
static double dd(uint64_t v) { double d; memcpy(&d, &v, 8); return d; }

static uint64_t call(const char *name, uint64_t a0, uint64_t a1, uint64_t a2)
{
	uint64_t args[3] = { a0, a1, a2 }, r = 0xdeadbeefdeadbeefull;
	int id = builtin_lookup(name);
	builtin_pure_fn fn = id >= 0 ? builtin_pure(id) : NULL;

	if (!fn) {
		printf("# no pure function %s\n", name);
		return r;
	}
	fn(&r, args);
	return r;
}

#define SI(x) ((uint64_t)(int64_t)(x))
#define UI(x) ((uint64_t)(x))

static int same_f(float a, float b)
{
	return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

static int same_d(double a, double b)
{
	return (isnan(a) && isnan(b)) || (a == b && signbit(a) == signbit(b));
}

static void f1(const char *name, float x, float want)
{
	float got = df(call(name, ef(x), 0, 0));
	ok(same_f(got, want), "%s(%a) = %a (want %a)", name, x, got, want);
}

/* within one unit in the last place (libm is not correctly rounded everywhere) */
static void d1_ulp(const char *name, double x, double want)
{
	double got = dd(call(name, ed(x), 0, 0));
	ok(got == want || nextafter(got, want) == want, "%s(%a) = %a (want %a, 1 ulp)", name, x, got, want);
}

static void f2(const char *name, float x, float y, float want)
{
	float got = df(call(name, ef(x), ef(y), 0));
	ok(same_f(got, want), "%s(%a, %a) = %a (want %a)", name, x, y, got, want);
}

static void d1(const char *name, double x, double want)
{
	double got = dd(call(name, ed(x), 0, 0));
	ok(same_d(got, want), "%s(%a) = %a (want %a)", name, x, got, want);
}

static void d2(const char *name, double x, double y, double want)
{
	double got = dd(call(name, ed(x), ed(y), 0));
	ok(same_d(got, want), "%s(%a, %a) = %a (want %a)", name, x, y, got, want);
}

/* integer result, as the 64-bit register */
static void ir(const char *name, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t want)
{
	uint64_t got = call(name, a0, a1, a2);
	ok(got == want, "%s(%#llx, %#llx, %#llx) = %#llx (want %#llx)", name,
	   (unsigned long long)a0, (unsigned long long)a1, (unsigned long long)a2,
	   (unsigned long long)got, (unsigned long long)want);
}

static void test_math(void)
{
	f1("sqrtf", 2.0f, sqrtf(2.0f));
	d1("sqrt", 2.0, sqrt(2.0));
	f1("sqrtf", -1.0f, NAN);
	f1("rsqrtf", 4.0f, 0.5f);
	d1("rsqrt", 0.25, 2.0);
	f1("sinf", 1.0f, sinf(1.0f));
	d1("cos", 1.0, cos(1.0));
	f1("tanf", 0.5f, tanf(0.5f));
	d1("asin", 0.5, asin(0.5));
	d1("acos", 0.5, acos(0.5));
	f1("atanf", 1.0f, atanf(1.0f));
	d2("atan2", 1.0, -1.0, atan2(1.0, -1.0));
	f2("atan2f", -0.0f, -1.0f, atan2f(-0.0f, -1.0f));
	d1("sinh", 1.0, sinh(1.0));
	d1("cosh", 1.0, cosh(1.0));
	f1("tanhf", 0.5f, tanhf(0.5f));
	f1("expf", 1.0f, expf(1.0f));
	d1("exp2", 10.0, 1024.0);
	f1("exp2f", 0.5f, exp2f(0.5f));
	d1("exp10", 3.0, 1000.0);
	f1("exp10f", 2.0f, 100.0f);
	d1("expm1", 1e-10, expm1(1e-10));
	f1("logf", 10.0f, logf(10.0f));
	d1("log2", 8.0, 3.0);
	d1("log10", 1000.0, 3.0);
	f1("log1pf", 1e-7f, log1pf(1e-7f));
	d1("log", 0.0, -INFINITY);
	d2("pow", 2.0, 10.0, 1024.0);
	f2("powf", 2.0f, 0.5f, powf(2.0f, 0.5f));
	f1("fabsf", -0.0f, 0.0f);
	d1("fabs", -3.5, 3.5);
	f2("fminf", 1.0f, NAN, 1.0f);
	d2("fmax", NAN, 2.0, 2.0);
	f1("floorf", -1.5f, -2.0f);
	d1("ceil", -1.5, -1.0);
	d1("trunc", -1.7, -1.0);
	f1("roundf", 2.5f, 3.0f);
	d1("round", -2.5, -3.0);
	f1("rintf", 2.5f, 2.0f);
	d1("rint", 3.5, 4.0);
	d1("nearbyint", -2.5, -2.0);
	ir("lroundf", ef(2.5f), 0, 0, 3);
	ir("llround", ed(-2.5), 0, 0, SI(-3));
	ir("lrint", ed(2.5), 0, 0, 2);
	d2("fmod", 7.5, 2.0, 1.5);
	f2("fmodf", -7.5f, 2.0f, -1.5f);
	d2("remainder", 7.5, 2.0, -0.5);
	d2("hypot", 3.0, 4.0, 5.0);
	f2("hypotf", 5.0f, 12.0f, 13.0f);
	d1_ulp("cbrt", 27.0, 3.0);
	f1("cbrtf", -8.0f, -2.0f);
	d1("erf", 0.5, erf(0.5));
	f1("erfcf", 0.5f, erfcf(0.5f));
	d1("tgamma", 5.0, 24.0);
	f1("lgammaf", 10.0f, lgammaf(10.0f));
	d2("copysign", 3.0, -0.0, -3.0);
	f2("copysignf", -2.0f, 1.0f, 2.0f);
	d2("fdim", 5.0, 3.0, 2.0);
	d2("nextafter", 1.0, 2.0, nextafter(1.0, 2.0));
	d1("asinh", 1.0, asinh(1.0));
	d1_ulp("acosh", 2.0, acosh(2.0));
	d1_ulp("atanh", 0.5, atanh(0.5));
	d1("logb", 10.0, 3.0);
	ir("ilogbf", ef(10.0f), 0, 0, 3);
	{
		float got = df(call("fmaf", ef(2.0f), ef(3.0f), ef(1.0f)));
		ok(got == 7.0f, "fmaf(2, 3, 1) = 7");
		double g = dd(call("fma", ed(0x1p-60 + 1.0), ed(0x1p-60 + 1.0), ed(-1.0)));
		ok(g == fma(0x1p-60 + 1.0, 0x1p-60 + 1.0, -1.0), "fma is fused");
	}
	ok(dd(call("ldexp", ed(1.5), SI(4), 0)) == 24.0, "ldexp(1.5, 4) = 24");
	ok(df(call("ldexpf", ef(1.0f), SI(-2), 0)) == 0.25f, "ldexpf(1, -2) = 0.25");
	ok(dd(call("scalbn", ed(1.0), SI(10), 0)) == 1024.0, "scalbn");
	ok(df(call("powif", ef(3.0f), SI(3), 0)) == 27.0f, "powif(3, 3) = 27");
	ok(dd(call("powi", ed(2.0), SI(-1), 0)) == 0.5, "powi(2, -1) = 0.5");
	d1("sinpi", 1.0, 0.0);
	d1("sinpi", 0.5, 1.0);
	d1("cospi", 0.5, 0.0);
	f1("cospif", 1.0f, -1.0f);
	/* frexp / modf helpers */
	f1("__ws_frexp_mantf", 8.0f, 0.5f);
	ir("__ws_frexp_expf", ef(8.0f), 0, 0, 4);
	d1("__ws_frexp_mant", -3.0, -0.75);
	ir("__ws_frexp_exp", ed(-3.0), 0, 0, 2);
	d1("__ws_modf_frac", -2.75, -0.75);
	f1("__ws_modf_fracf", INFINITY, 0.0f);
	/* classification */
	ir("__isnanf", ef(NAN), 0, 0, 1);
	ir("__isnan", ed(1.0), 0, 0, 0);
	ir("__isinff", ef(-INFINITY), 0, 0, 1);
	ir("__isinf", ed(NAN), 0, 0, 0);
	ir("__finitef", ef(1.0f), 0, 0, 1);
	ir("__finite", ed(INFINITY), 0, 0, 0);
	ir("__signbitf", ef(-0.0f), 0, 0, 1);
	ir("__signbit", ed(1.0), 0, 0, 0);
	ok(isinf(df(call("__builtin_inff", 0, 0, 0))) && isnan(dd(call("__builtin_nan", 0, 0, 0))),
	   "__builtin_inff, __builtin_nan");
	/* integer abs/min/max with the encodings of their declarations */
	ir("abs", SI(-5), 0, 0, 5);
	ir("abs", SI(INT32_MIN), 0, 0, SI(INT32_MIN));
	ir("llabs", SI(-5000000000LL), 0, 0, 5000000000ULL);
	ir("__ws_min_i", SI(-3), SI(2), 0, SI(-3));
	ir("__ws_max_i", SI(-3), SI(2), 0, 2);
	ir("__ws_min_u", SI(-3), 2, 0, 2); /* min(int -3, unsigned 2): -3 converts to 4294967293 */
	ir("__ws_max_u", SI(-3), 2, 0, 4294967293ULL);
	ir("__ws_min_ll", SI(-5000000000LL), 1, 0, SI(-5000000000LL));
	ir("__ws_max_ull", SI(-1), 1, 0, UINT64_MAX);
}

static void test_intrinsics(void)
{
	f1("__sinf", 0.5f, sinf(0.5f));
	f1("__expf", 2.0f, expf(2.0f));
	f1("__logf", 2.0f, logf(2.0f));
	f1("__log2f", 8.0f, 3.0f);
	f1("__log10f", 100.0f, 2.0f);
	f1("__exp10f", 2.0f, 100.0f);
	f2("__powf", 2.0f, 3.0f, 8.0f);
	f2("__fdividef", 1.0f, 4.0f, 0.25f);
	f2("__fdividef", 1.0f, 0x1p127f, 0.0f);
	f2("__fdividef", INFINITY, 0x1p127f, NAN);
	f2("__fdividef", -1.0f, 0x1p127f, -0.0f);
	f1("__saturatef", 1.5f, 1.0f);
	f1("__saturatef", -0.5f, 0.0f);
	f1("__saturatef", NAN, 0.0f);
	f1("__saturatef", 0.25f, 0.25f);
	/* rounding modes: 1 + 2^-30 is not representable in float */
	f2("__fadd_rn", 1.0f, 0x1p-30f, 1.0f);
	f2("__fadd_ru", 1.0f, 0x1p-30f, 0x1.000002p0f);
	f2("__fadd_rd", -1.0f, -0x1p-30f, -0x1.000002p0f);
	f2("__fadd_rz", -1.0f, -0x1p-30f, -1.0f);
	f2("__fsub_ru", 1.0f, -0x1p-30f, 0x1.000002p0f);
	f2("__fmul_rd", 0x1.000002p0f, 0x1.000002p0f, 0x1.000004p0f);
	f2("__fmul_ru", 0x1.000002p0f, 0x1.000002p0f, 0x1.000006p0f);
	f2("__fdiv_rz", 1.0f, 3.0f, 0x1.555554p-2f);
	f2("__fdiv_ru", 1.0f, 3.0f, 0x1.555556p-2f);
	f2("__fdiv_rn", 1.0f, 3.0f, 1.0f / 3.0f);
	f1("__frcp_rn", 4.0f, 0.25f);
	f1("__fsqrt_rd", 2.0f, 0x1.6a09e6p0f);
	f1("__fsqrt_ru", 2.0f, 0x1.6a09e8p0f);
	d2("__dadd_ru", 1.0, 0x1p-60, 0x1.0000000000001p0);
	d2("__dadd_rn", 1.0, 0x1p-60, 1.0);
	d2("__ddiv_rd", 1.0, 3.0, 0x1.5555555555555p-2);
	d2("__ddiv_ru", 1.0, 3.0, 0x1.5555555555556p-2);
	d1("__dsqrt_rn", 9.0, 3.0);
	{
		float got = df(call("__fmaf_rz", ef(1.0f), ef(1.0f), ef(0x1p-30f)));
		ok(got == 1.0f, "__fmaf_rz(1, 1, 2^-30) = 1");
		got = df(call("__fmaf_ru", ef(1.0f), ef(1.0f), ef(0x1p-30f)));
		ok(got == 0x1.000002p0f, "__fmaf_ru(1, 1, 2^-30) = 1 + ulp");
	}
	/* integer intrinsics */
	ir("__popc", 0xf0f0f0f0u, 0, 0, 16);
	ir("__popcll", UINT64_MAX, 0, 0, 64);
	ir("__clz", 0, 0, 0, 32);
	ir("__clz", 1, 0, 0, 31);
	ir("__clz", SI(-1), 0, 0, 0);
	ir("__clzll", 1, 0, 0, 63);
	ir("__clzll", 0, 0, 0, 64);
	ir("__ffs", 0, 0, 0, 0);
	ir("__ffs", 8, 0, 0, 4);
	ir("__ffs", SI(INT32_MIN), 0, 0, 32);
	ir("__ffsll", 1ULL << 40, 0, 0, 41);
	ir("__brev", 1, 0, 0, 0x80000000u);
	ir("__brev", 0x12345678u, 0, 0, 0x1e6a2c48u);
	ir("__brevll", 1, 0, 0, 1ULL << 63);
	ir("__byte_perm", 0x33221100u, 0x77665544u, 0x3210, 0x33221100u);
	ir("__byte_perm", 0x33221100u, 0x77665544u, 0x7654, 0x77665544u);
	ir("__byte_perm", 0x33221100u, 0x77665544u, 0x0123, 0x00112233u);
	ir("__byte_perm", 0x33221100u, 0x77665544u, 0x5140, 0x55114400u);
	ir("__byte_perm", 0x33221100u, 0x77665544u, 0xffff8888u, 0x00000000u);
	ir("__mul24", SI(-2), 3, 0, SI(-6));
	ir("__mul24", 0x01000003u, 2, 0, 6);      /* bits above 24 ignored */
	ir("__mul24", 0x00800000u, 1, 0, SI(-8388608)); /* bit 23 is the sign */
	ir("__umul24", 0xff000010u, 0x10, 0, 0x100);
	ir("__mulhi", SI(-1), SI(-1), 0, 0);
	ir("__mulhi", 0x40000000, 8, 0, 2);
	ir("__umulhi", 0xffffffffu, 0xffffffffu, 0, 0xfffffffeu);
	ir("__mul64hi", SI(-1), 2, 0, SI(-1));
	ir("__umul64hi", UINT64_MAX, UINT64_MAX, 0, UINT64_MAX - 1);
	ir("__sad", SI(-5), 5, 2, 12);
	ir("__usad", 3, 10, 1, 8);
	ir("__funnelshift_l", 0x80000000u, 0x1, 1, 0x3);
	ir("__funnelshift_l", 0x80000000u, 0x1, 33, 0x3);
	ir("__funnelshift_lc", 0x80000000u, 0x1, 33, 0x80000000u);
	ir("__funnelshift_r", 0x2, 0x1, 1, 0x80000001u);
	ir("__funnelshift_rc", 0x2, 0x1, 40, 0x1);
	ir("__funnelshift_r", 0x2, 0x1, 32, 0x2);
	ir("__hadd", SI(INT32_MAX), SI(INT32_MAX), 0, SI(INT32_MAX));
	ir("__hadd", SI(-3), 0, 0, SI(-2));
	ir("__rhadd", SI(-3), 0, 0, SI(-1));
	ir("__rhadd", 3, 0, 0, 2);
	ir("__uhadd", 0xffffffffu, 0xffffffffu, 0, 0xffffffffu);
	ir("__urhadd", 0xffffffffu, 0, 0, 0x80000000u);
}

static void test_conversions(void)
{
	ir("__float2int_rn", ef(2.5f), 0, 0, 2);
	ir("__float2int_rn", ef(3.5f), 0, 0, 4);
	ir("__float2int_rn", ef(-2.5f), 0, 0, SI(-2));
	ir("__float2int_rz", ef(-2.7f), 0, 0, SI(-2));
	ir("__float2int_ru", ef(2.1f), 0, 0, 3);
	ir("__float2int_rd", ef(-2.1f), 0, 0, SI(-3));
	ir("__float2int_rz", ef(1e10f), 0, 0, SI(INT32_MAX));
	ir("__float2int_rz", ef(-1e10f), 0, 0, SI(INT32_MIN));
	ir("__float2int_rn", ef(NAN), 0, 0, 0);
	ir("__float2uint_rn", ef(-1.0f), 0, 0, 0);
	ir("__float2uint_rz", ef(5e9f), 0, 0, 0xffffffffu);
	ir("__float2uint_ru", ef(0.1f), 0, 0, 1);
	ir("__float2ll_rn", ef(-1e30f), 0, 0, SI(INT64_MIN));
	ir("__float2ll_rz", ef(1e30f), 0, 0, SI(INT64_MAX));
	ir("__float2ull_rd", ef(1e30f), 0, 0, UINT64_MAX);
	ir("__float2ull_rn", ef(3.5f), 0, 0, 4);
	ir("__double2int_rn", ed(-0.5), 0, 0, 0);
	ir("__double2int_rd", ed(-0.5), 0, 0, SI(-1));
	ir("__double2uint_rz", ed(4294967295.9), 0, 0, 0xffffffffu);
	ir("__double2ll_rz", ed(-9e18), 0, 0, SI(-9000000000000000000LL));
	ir("__double2ull_ru", ed(1.5), 0, 0, 2);
	f1("__int2float_rn", 0, 0.0f);
	ok(df(call("__int2float_rn", SI(16777217), 0, 0)) == 16777216.0f, "__int2float_rn(2^24+1)");
	ok(df(call("__int2float_ru", SI(16777217), 0, 0)) == 16777218.0f, "__int2float_ru(2^24+1)");
	ok(df(call("__int2float_rd", SI(-16777217), 0, 0)) == -16777218.0f, "__int2float_rd(-(2^24+1))");
	ok(df(call("__int2float_rz", SI(-16777217), 0, 0)) == -16777216.0f, "__int2float_rz(-(2^24+1))");
	ok(df(call("__uint2float_rn", 0xffffffffu, 0, 0)) == 4294967296.0f, "__uint2float_rn(UINT_MAX)");
	ok(df(call("__uint2float_rz", 0xffffffffu, 0, 0)) == 4294967040.0f, "__uint2float_rz(UINT_MAX)");
	ok(df(call("__ull2float_rd", UINT64_MAX, 0, 0)) == 0x1.fffffep63f, "__ull2float_rd(ULLONG_MAX)");
	ok(df(call("__ll2float_rn", SI(-3), 0, 0)) == -3.0f, "__ll2float_rn(-3)");
	ok(dd(call("__ll2double_rz", SI((1LL << 53) + 1), 0, 0)) == 0x1p53, "__ll2double_rz(2^53+1)");
	ok(dd(call("__ull2double_ru", (1ULL << 53) + 1, 0, 0)) == 0x1p53 + 2, "__ull2double_ru(2^53+1)");
	ok(dd(call("__int2double_rn", SI(-7), 0, 0)) == -7.0, "__int2double_rn(-7)");
	ok(dd(call("__uint2double_rn", 0xffffffffu, 0, 0)) == 4294967295.0, "__uint2double_rn");
	ok(df(call("__double2float_rn", ed(0.1), 0, 0)) == 0.1f, "__double2float_rn(0.1)");
	ok(df(call("__double2float_rz", ed(0.1), 0, 0)) == 0x1.999998p-4f, "__double2float_rz(0.1)");
	ok(df(call("__double2float_ru", ed(0.1), 0, 0)) == 0x1.99999ap-4f, "__double2float_ru(0.1)");
	ir("__float_as_int", ef(-1.0f), 0, 0, SI((int32_t)0xbf800000));
	ir("__float_as_uint", ef(1.0f), 0, 0, 0x3f800000u);
	ok(df(call("__int_as_float", SI((int32_t)0xbf800000), 0, 0)) == -1.0f, "__int_as_float");
	ok(df(call("__uint_as_float", 0x40000000u, 0, 0)) == 2.0f, "__uint_as_float");
	ir("__double_as_longlong", ed(1.0), 0, 0, 0x3ff0000000000000ULL);
	ok(dd(call("__longlong_as_double", 0x4000000000000000ULL, 0, 0)) == 2.0, "__longlong_as_double");
	ir("__double2hiint", ed(-2.0), 0, 0, SI((int32_t)0xc0000000));
	ir("__double2loint", ed(0x1.0000000000001p0), 0, 0, 1);
	ok(dd(call("__hiloint2double", SI((int32_t)0x3ff00000), 0, 0)) == 1.0, "__hiloint2double");
	/* results stay in the register encoding: F32 high bits zero */
	ok((call("sqrtf", ef(4.0f), 0, 0) >> 32) == 0, "F32 result has zero high bits");
	ok(call("__float2int_rz", ef(-1.0f), 0, 0) == UINT64_MAX, "S32 result is sign-extended");
	ok(call("__float2uint_rz", ef(4e9f), 0, 0) == 4000000000ULL, "U32 result is zero-extended");
}

/* ---- formatting */

static int fake_read_str(void *ctx, uint64_t addr, struct strbuf *out)
{
	(void)ctx;
	if (addr == 0xbad)
		return -1;
	strbuf_adds(out, (const char *)(uintptr_t)addr);
	return 0;
}

static void fmt_check(const char *fmt, const uint64_t *args, const uint8_t *types, int n,
		      const char *want)
{
	struct strbuf sb, desc;
	int r;

	strbuf_init(&sb);
	strbuf_init(&desc);
	r = builtin_format(&sb, fmt, args, types, n, fake_read_str, NULL);
	strbuf_addf(&desc, "format \"%s\" -> \"%s\" (want \"%s\", r=%d)", fmt, strbuf_cstr(&sb), want, r);
	for (size_t i = 0; i < desc.len; i++)
		if (desc.buf[i] == '\n' || desc.buf[i] == '#')
			desc.buf[i] = '~';
	ok(r == (int)strlen(want) && strcmp(strbuf_cstr(&sb), want) == 0, "%s", strbuf_cstr(&desc));
	strbuf_release(&sb);
	strbuf_release(&desc);
}

/* one argument of C type CT in IR type IRT, compared with snprintf */
#define FMT1(f, IRT, enc, CT, val) do { \
	char want[512]; \
	uint64_t a_[1] = { enc((CT)(val)) }; \
	uint8_t t_[1] = { IRT }; \
	snprintf(want, sizeof(want), f, (CT)(val)); \
	fmt_check(f, a_, t_, 1, want); \
} while (0)
#define ENC_S(x) ((uint64_t)(int64_t)(x))
#define ENC_U(x) ((uint64_t)(x))
#define ENC_D(x) ed(x)
#define ENC_P(x) ((uint64_t)(uintptr_t)(x))

static void test_format(void)
{
	/* integers */
	FMT1("%d", IR_S32, ENC_S, int, 42);
	FMT1("%d", IR_S32, ENC_S, int, -42);
	FMT1("%i", IR_S32, ENC_S, int, INT32_MIN);
	FMT1("%5d|", IR_S32, ENC_S, int, 42);
	FMT1("%-5d|", IR_S32, ENC_S, int, 42);
	FMT1("%05d", IR_S32, ENC_S, int, -42);
	FMT1("%+d", IR_S32, ENC_S, int, 42);
	FMT1("% d", IR_S32, ENC_S, int, 42);
	FMT1("%.5d", IR_S32, ENC_S, int, 42);
	FMT1("%8.5d", IR_S32, ENC_S, int, -42);
	FMT1("%.0d|", IR_S32, ENC_S, int, 0);
	FMT1("%-+8.3d|", IR_S32, ENC_S, int, 7);
	FMT1("%u", IR_U32, ENC_U, unsigned, 4294967295u);
	FMT1("%x", IR_U32, ENC_U, unsigned, 0xdeadbeefu);
	FMT1("%X", IR_U32, ENC_U, unsigned, 0xdeadbeefu);
	FMT1("%#x", IR_U32, ENC_U, unsigned, 255);
	FMT1("%#X", IR_U32, ENC_U, unsigned, 0);
	FMT1("%#o", IR_U32, ENC_U, unsigned, 8);
	FMT1("%o", IR_U32, ENC_U, unsigned, 511);
	FMT1("%08x", IR_U32, ENC_U, unsigned, 0xbeef);
	FMT1("%#010x", IR_U32, ENC_U, unsigned, 0xbeef);
	FMT1("%ld", IR_S64, ENC_S, long, -5000000000L);
	FMT1("%lld", IR_S64, ENC_S, long long, INT64_MIN);
	FMT1("%llu", IR_U64, ENC_U, unsigned long long, UINT64_MAX);
	FMT1("%lx", IR_U64, ENC_U, unsigned long, 0x123456789abcdefUL);
	FMT1("%zu", IR_U64, ENC_U, size_t, 123456789012UL);
	FMT1("%zd", IR_S64, ENC_S, long, -1);
	FMT1("%jd", IR_S64, ENC_S, long, -9);
	FMT1("%td", IR_S64, ENC_S, long, 77);
	FMT1("%hd", IR_S32, ENC_S, int, 70000); /* truncates to short */
	FMT1("%hu", IR_S32, ENC_S, int, -1);
	FMT1("%hhd", IR_S32, ENC_S, int, 200);
	FMT1("%hhx", IR_S32, ENC_S, int, 0x1ff);
	FMT1("%u", IR_S32, ENC_S, int, -1);
	FMT1("%x", IR_S32, ENC_S, int, -1);
	/* characters and strings */
	FMT1("%c", IR_S32, ENC_S, int, 'A');
	FMT1("%3c|", IR_S32, ENC_S, int, 'z');
	FMT1("%-3c|", IR_S32, ENC_S, int, 'z');
	FMT1("%s", IR_PTR, ENC_P, const char *, "hello");
	FMT1("%10s|", IR_PTR, ENC_P, const char *, "hello");
	FMT1("%-10s|", IR_PTR, ENC_P, const char *, "hello");
	FMT1("%.3s", IR_PTR, ENC_P, const char *, "hello");
	FMT1("%8.2s|", IR_PTR, ENC_P, const char *, "hello");
	FMT1("%s", IR_PTR, ENC_P, const char *, "");
	/* floating point */
	FMT1("%f", IR_F64, ENC_D, double, 3.14159265358979);
	FMT1("%.2f", IR_F64, ENC_D, double, 2.675);
	FMT1("%10.3f|", IR_F64, ENC_D, double, -3.14159);
	FMT1("%-10.1f|", IR_F64, ENC_D, double, 2.25);
	FMT1("%+.0f", IR_F64, ENC_D, double, 2.5);
	FMT1("%.0f", IR_F64, ENC_D, double, 3.5);
	FMT1("%#.0f", IR_F64, ENC_D, double, 3.0);
	FMT1("%010.4f", IR_F64, ENC_D, double, -1.5);
	FMT1("% f", IR_F64, ENC_D, double, 1.0);
	FMT1("%f", IR_F64, ENC_D, double, 1e300);
	FMT1("%f", IR_F64, ENC_D, double, -0.0);
	FMT1("%F", IR_F64, ENC_D, double, INFINITY);
	FMT1("%f", IR_F64, ENC_D, double, -INFINITY);
	FMT1("%f", IR_F64, ENC_D, double, NAN);
	FMT1("%5.1F|", IR_F64, ENC_D, double, NAN);
	FMT1("%e", IR_F64, ENC_D, double, 12345.6789);
	FMT1("%E", IR_F64, ENC_D, double, 0.000123);
	FMT1("%.3e", IR_F64, ENC_D, double, 1e-310);
	FMT1("%12.4e|", IR_F64, ENC_D, double, -6.02214076e23);
	FMT1("%g", IR_F64, ENC_D, double, 0.0001);
	FMT1("%g", IR_F64, ENC_D, double, 0.00001);
	FMT1("%g", IR_F64, ENC_D, double, 123456.0);
	FMT1("%g", IR_F64, ENC_D, double, 1234567.0);
	FMT1("%G", IR_F64, ENC_D, double, 1e-20);
	FMT1("%#g", IR_F64, ENC_D, double, 1.0);
	FMT1("%.10g", IR_F64, ENC_D, double, 1.0 / 3.0);
	FMT1("%.0g", IR_F64, ENC_D, double, 123.0);
	FMT1("%a", IR_F64, ENC_D, double, 1.0);
	FMT1("%A", IR_F64, ENC_D, double, -0.1);
	FMT1("%.2a", IR_F64, ENC_D, double, 3.14);
	FMT1("%lf", IR_F64, ENC_D, double, 2.5);
	FMT1("%.17g", IR_F64, ENC_D, double, 0.1);
	/* pointers */
	FMT1("%p", IR_PTR, ENC_P, void *, (void *)0x7f001234);
	FMT1("%p", IR_PTR, ENC_P, void *, (void *)0);
	FMT1("%20p|", IR_PTR, ENC_P, void *, (void *)0x1234);
	FMT1("%-20p|", IR_PTR, ENC_P, void *, (void *)0);
	/* literal text and %% */
	fmt_check("plain text\n", NULL, NULL, 0, "plain text\n");
	fmt_check("100%% sure", NULL, NULL, 0, "100% sure");
	fmt_check("", NULL, NULL, 0, "");
	{
		/* several arguments, * width and precision */
		uint64_t a[] = { SI(8), SI(3), ed(3.14159), SI(-6), SI(42), ed(2.0) };
		uint8_t t[] = { IR_S32, IR_S32, IR_F64, IR_S32, IR_S32, IR_F64 };
		char want[128];
		snprintf(want, sizeof(want), "[%*.*f] [%*d] %g", 8, 3, 3.14159, -6, 42, 2.0);
		fmt_check("[%*.*f] [%*d] %g", a, t, 6, want);
	}
	{
		uint64_t a[] = { SI(-1), ed(2.5) };
		uint8_t t[] = { IR_S32, IR_F64 };
		char want[64];
		snprintf(want, sizeof(want), "%.*f", -1, 2.5); /* negative precision: none */
		fmt_check("%.*f", a, t, 2, want);
	}
	{
		/* huge widths are capped, not honoured to the byte */
		uint64_t a[] = { SI(2147483647), SI(1) };
		uint8_t t[] = { IR_S32, IR_S32 };
		struct strbuf sb;
		strbuf_init(&sb);
		int r = builtin_format(&sb, "%*d", a, t, 2, NULL, NULL);
		ok(r == 65536 && sb.buf[r - 1] == '1', "width is capped at 65536");
		strbuf_release(&sb);
	}
	{
		/* a float passed without promotion still prints as a double */
		uint64_t a[] = { ef(1.5f) };
		uint8_t t[] = { IR_F32 };
		fmt_check("%f", a, t, 1, "1.500000");
	}
	{
		/* %s of NULL and of a bad address */
		uint64_t a[] = { 0, 0, 0xbad };
		uint8_t t[] = { IR_PTR, IR_PTR, IR_PTR };
		fmt_check("%s|%.3s|%s", a, t, 3, "(null)||<bad address>");
	}
	{
		/* %n prints nothing and consumes its argument */
		uint64_t a[] = { 0x1000, SI(5) };
		uint8_t t[] = { IR_PTR, IR_S32 };
		fmt_check("a%nb%d", a, t, 2, "ab5");
	}
	{
		/* missing arguments read as 0 */
		fmt_check("%d %s", NULL, NULL, 0, "0 (null)");
	}
	{
		/* malformed: the bytes before it are appended, -1 returned */
		struct strbuf sb;
		strbuf_init(&sb);
		int r = builtin_format(&sb, "ab%y", NULL, NULL, 0, fake_read_str, NULL);
		ok(r == -1 && strcmp(strbuf_cstr(&sb), "ab") == 0, "bad conversion: -1, \"ab\"");
		strbuf_reset(&sb);
		r = builtin_format(&sb, "x%", NULL, NULL, 0, fake_read_str, NULL);
		ok(r == -1 && strcmp(strbuf_cstr(&sb), "x") == 0, "trailing %%: -1");
		strbuf_reset(&sb);
		strbuf_adds(&sb, "keep:");
		r = builtin_format(&sb, "%d", (uint64_t[]){ 7 }, (uint8_t[]){ IR_S32 }, 1, NULL, NULL);
		ok(r == 1 && strcmp(strbuf_cstr(&sb), "keep:7") == 0, "appends, returns the bytes appended");
		strbuf_release(&sb);
	}
}

/* ---- tools/embed-headers.sh */

static void test_embed(void)
{
	char dir[] = "/tmp/ws-embed-XXXXXX";
	char cmd[512], path[600];
	FILE *f;
	struct strbuf out;
	char buf[4096];
	size_t n;

	if (access("tools/embed-headers.sh", R_OK) != 0 || !mkdtemp(dir)) {
		ok(1, "# SKIP embed-headers.sh not found from the current directory");
		return;
	}
	snprintf(path, sizeof(path), "%s/sub", dir);
	snprintf(cmd, sizeof(cmd), "mkdir -p %s/sub && printf 'A \"q\" \\\\ \\n' > %s/a.h && printf 'x' > %s/sub/b",
		 dir, dir, dir);
	ok(system(cmd) == 0, "embed: made a header tree");
	snprintf(cmd, sizeof(cmd), "sh tools/embed-headers.sh %s", dir);
	strbuf_init(&out);
	f = popen(cmd, "r");
	while (f && (n = fread(buf, 1, sizeof(buf), f)) > 0)
		strbuf_add(&out, buf, n);
	ok(f && pclose(f) == 0, "embed: the script exits 0");
	const char *s = strbuf_cstr(&out);
	ok(strstr(s, "{ \"a.h\", hdr_0, sizeof(hdr_0) - 1 }") && strstr(s, "{ \"sub/b\", hdr_1"),
	   "embed: names are relative paths, sorted");
	/* 'A' '"' 'q' ... as bytes */
	ok(strstr(s, "0x41, 0x20, 0x22, 0x71, 0x22, 0x20, 0x5c, 0x20, 0x0a,") != NULL,
	   "embed: bytes are kept exactly");
	ok(strstr(s, "const char *builtin_header(const char *name, size_t *len)") != NULL,
	   "embed: defines builtin_header");
	strbuf_release(&out);
	snprintf(cmd, sizeof(cmd), "sh tools/embed-headers.sh %s/nonexistent >/dev/null 2>&1", dir);
	ok(system(cmd) != 0, "embed: a missing directory is an error");
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd) != 0)
		printf("# could not remove %s\n", dir);
}

int main(void)
{
	tap_start();
	test_headers();
	test_math();
	test_intrinsics();
	test_conversions();
	test_format();
	test_embed();
	return tap_end();
}
