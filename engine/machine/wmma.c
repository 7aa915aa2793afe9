/*
 * wmma.c - warp matrix functions (<mma.h>, nvcuda::wmma): the lane-to-element
 * mapping of every fragment and the warp-wide matrix multiply-accumulate.
 *
 * A fragment is an ordinary array x[] in each lane's local memory; the
 * built-in header mma.h loads and stores it lane by lane (so the memory
 * checkers see each lane's accesses) and asks __ws_wmma_rc for the matrix
 * row and column of element e of lane l. That mapping is the one ptxas gives
 * wmma on sm_80 and later, where wmma is built from mma.sync tiles
 * (g = lane / 4, t = lane % 4; PTX ISA, "Matrix fragments for mma.m16n8k*"):
 *   m16n16k16 f16/bf16 A: x[e] row g + 8 (e>>1 & 1), col 2t + (e & 1) + 8 (e>>2 & 1);
 *       f16 A and B hold 16 elements, x[8..15] repeating x[0..7];
 *   m16n16k16 B: row 2t + (e & 1) + 8 (e>>1 & 1), col g + 8 (e>>2 & 1);
 *   accumulators (16x16): row g + 8 (e>>1 & 1), col 2t + (e & 1) + 8 (e>>2 & 1);
 *   s8/u8 A: row g + 8 (e>>2), col 4t + (e & 3); B: row 4t + (e & 3), col g + 8 (e>>2);
 *   m16n16k8 tf32 A: row g + 8 (e & 1), col t + 4 (e>>1); B: row t + 4 (e & 1), col g + 8 (e>>1);
 *   m8n8k4 f64 A: (g, t); B: (t, g); accumulator (g, 2t + e);
 *   m8n8k32 s4/u4 and m8n8k128 b1: one 32-bit word per lane, A row g from
 *       column 8t (32t for b1), B column g from row 8t (32t); accumulator (g, 2t + e).
 * The 16x16 mappings were checked against published measurements (the
 * wmma_extension project's per-architecture tables); those of m32n8k16 (two
 * 16x8 tiles down the rows) and m8n32k16 (the transposed problem) are
 * inferred from how ptxas composes mma tiles and are checked by the GPU
 * recording of tests/programs/wmma_shapes.cu.
 *
 * mma_sync (ENGINE built-in __ws_wmma_mma) gathers the 32 lanes' fragments
 * into whole matrices, computes D = A B + C with the hardware's arithmetic
 * and scatters D back. Floating point follows the measurements of Fasi,
 * Higham, Mikaitis and Pranesh ("Numerical behavior of NVIDIA tensor cores",
 * 2021) for the A100: products are exact; the accumulator and a chunk of
 * products (8 for f16/bf16, 4 for tf32) are aligned to the largest exponent,
 * the bits below 3 guard bits past float's 24 are dropped, the exact sum is
 * rounded toward zero to float; k runs upward. A half accumulator is the
 * float result rounded to nearest. tf32 inputs use only their upper 19 bits.
 * Doubles are one fma per k, in order. Integers wrap (satf: saturate).
 *
 * Every wmma operation is warp-collective: a call made by fewer than the 32
 * lanes of the warp is the finding wmma-not-converged and stops the kernel.
 */
#include "simt.h"
#include "builtin.h"
#include "wmma.h"

#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>

#define ARG(k, l) R[(size_t)in->args[k] * WS_WARP + (l)]

/* the parts of a fragment code (mma.h's __ws_code) */
#define USE(c) ((c) & 3)
#define SHAPE(c) (((c) >> 2) & 7)
#define TYPE(c) (((c) >> 5) & 15)

static const struct { uint8_t m, n, k; } shapes[] = {
	[WMMA_M16N16K16] = { 16, 16, 16 }, [WMMA_M32N8K16] = { 32, 8, 16 },
	[WMMA_M8N32K16] = { 8, 32, 16 },   [WMMA_M16N16K8] = { 16, 16, 8 },
	[WMMA_M8N8K4] = { 8, 8, 4 },       [WMMA_M8N8K32] = { 8, 8, 32 },
	[WMMA_M8N8K128] = { 8, 8, 128 },
};

static const char *const type_names[] = {
	[WMMA_F16] = "half", [WMMA_F32] = "float", [WMMA_BF16] = "__nv_bfloat16",
	[WMMA_TF32] = "precision::tf32", [WMMA_F64] = "double", [WMMA_S8] = "signed char",
	[WMMA_U8] = "unsigned char", [WMMA_S32] = "int", [WMMA_S4] = "precision::s4",
	[WMMA_U4] = "precision::u4", [WMMA_B1] = "precision::b1",
};

int wmma_valid(int code)
{
	int use = USE(code), sh = SHAPE(code), ty = TYPE(code);
	if (use > 2 || sh > WMMA_M8N8K128 || ty > WMMA_B1)
		return 0;
	if (use == WMMA_C) {
		switch (sh) {
		case WMMA_M16N16K16: case WMMA_M32N8K16: case WMMA_M8N32K16:
			return ty == WMMA_F16 || ty == WMMA_F32 || ty == WMMA_S32;
		case WMMA_M16N16K8: return ty == WMMA_F32;
		case WMMA_M8N8K4: return ty == WMMA_F64;
		default: return ty == WMMA_S32;
		}
	}
	switch (sh) {
	case WMMA_M16N16K16: case WMMA_M32N8K16: case WMMA_M8N32K16:
		return ty == WMMA_F16 || ty == WMMA_BF16 || ty == WMMA_S8 || ty == WMMA_U8;
	case WMMA_M16N16K8: return ty == WMMA_TF32;
	case WMMA_M8N8K4: return ty == WMMA_F64;
	case WMMA_M8N8K32: return ty == WMMA_S4 || ty == WMMA_U4;
	default: return ty == WMMA_B1;
	}
}

int wmma_storage_elements(int code)
{
	int use = USE(code), sh = SHAPE(code), ty = TYPE(code);
	if (!wmma_valid(code))
		return 0;
	if (use == WMMA_C)
		return sh >= WMMA_M8N8K4 ? 2 : 8;
	switch (sh) {
	case WMMA_M16N16K8: return 4;
	case WMMA_M8N8K4: case WMMA_M8N8K32: case WMMA_M8N8K128: return 1;
	default: break;
	}
	if (ty == WMMA_F16)
		return 16;
	if (sh == WMMA_M16N16K16)
		return 8;
	/* m32n8k16: A 32x16 has 16 per lane, B 16x8 has 4; m8n32k16 the reverse */
	return (sh == WMMA_M32N8K16) == (use == WMMA_A) ? 16 : 4;
}

int wmma_elements(int code)
{
	int ty = TYPE(code), n = wmma_storage_elements(code);
	if (USE(code) != WMMA_C && (ty == WMMA_S4 || ty == WMMA_U4))
		return 8 * n;
	if (USE(code) != WMMA_C && ty == WMMA_B1)
		return 32 * n;
	return n;
}

int wmma_dims(int code, int *rows, int *cols)
{
	int sh = SHAPE(code);
	if (!wmma_valid(code))
		return -1;
	switch (USE(code)) {
	case WMMA_A: *rows = shapes[sh].m; *cols = shapes[sh].k; break;
	case WMMA_B: *rows = shapes[sh].k; *cols = shapes[sh].n; break;
	default: *rows = shapes[sh].m; *cols = shapes[sh].n; break;
	}
	return 0;
}

/* the 16x8 accumulator tile (and the 16x16 one: e>>2 its right half) */
static void c_tile(unsigned g, unsigned t, unsigned e, int *r, int *c)
{
	*r = (int)(g + 8 * (e >> 1 & 1));
	*c = (int)(2 * t + (e & 1));
}

/* element e of A in an m16 x k16 tile of 16-bit (8 per lane) or 8-bit data */
static void a16(int ty, unsigned g, unsigned t, unsigned e, int *r, int *c)
{
	if (ty == WMMA_S8 || ty == WMMA_U8) {
		*r = (int)(g + 8 * (e >> 2 & 1));
		*c = (int)(4 * t + (e & 3));
	} else {
		*r = (int)(g + 8 * (e >> 1 & 1));
		*c = (int)(2 * t + (e & 1) + 8 * (e >> 2 & 1));
	}
}

/* element e of B in a k16 x n8 tile (4 per lane) */
static void b16(int ty, unsigned g, unsigned t, unsigned e, int *r, int *c)
{
	if (ty == WMMA_S8 || ty == WMMA_U8)
		*r = (int)(4 * t + (e & 3));
	else
		*r = (int)(2 * t + (e & 1) + 8 * (e >> 1 & 1));
	*c = (int)g;
}

int wmma_rc(int code, unsigned lane, unsigned e, int *row, int *col)
{
	int use = USE(code), sh = SHAPE(code), ty = TYPE(code);
	unsigned g = (lane & 31) >> 2, t = lane & 3;
	int r = 0, c = 0;
	if (!wmma_valid(code) || e >= (unsigned)wmma_storage_elements(code))
		return -1;
	switch (sh) {
	case WMMA_M16N16K16:
		if (use == WMMA_A) {
			a16(ty, g, t, e & 7, &r, &c);
		} else if (use == WMMA_B) {
			b16(ty, g, t, e & 3, &r, &c);
			c += 8 * (int)(e >> 2 & 1);
		} else {
			c_tile(g, t, e & 3, &r, &c);
			c += 8 * (int)(e >> 2 & 1);
		}
		break;
	case WMMA_M32N8K16:
		/* two m16n8k16 tiles down the rows */
		if (use == WMMA_A) {
			a16(ty, g, t, e & 7, &r, &c);
			r += 16 * (int)(e >> 3 & 1);
		} else if (use == WMMA_B) {
			b16(ty, g, t, e & 3, &r, &c);
		} else {
			c_tile(g, t, e & 3, &r, &c);
			r += 16 * (int)(e >> 2 & 1);
		}
		break;
	case WMMA_M8N32K16: {
		/* the transposed m32n8k16 problem: D^T = B^T A^T */
		int tr, tc;
		if (use == WMMA_A) {
			b16(ty, g, t, e & 3, &tr, &tc);
			r = tc, c = tr;
		} else if (use == WMMA_B) {
			a16(ty, g, t, e & 7, &tr, &tc);
			tr += 16 * (int)(e >> 3 & 1);
			r = tc, c = tr;
		} else {
			c_tile(g, t, e & 3, &tr, &tc);
			tr += 16 * (int)(e >> 2 & 1);
			r = tc, c = tr;
		}
		break;
	}
	case WMMA_M16N16K8:
		if (use == WMMA_A) {
			r = (int)(g + 8 * (e & 1));
			c = (int)(t + 4 * (e >> 1 & 1));
		} else if (use == WMMA_B) {
			r = (int)(t + 4 * (e & 1));
			c = (int)(g + 8 * (e >> 1 & 1));
		} else {
			c_tile(g, t, e & 3, &r, &c);
			c += 8 * (int)(e >> 2 & 1);
		}
		break;
	case WMMA_M8N8K4:
		if (use == WMMA_A)
			r = (int)g, c = (int)t;
		else if (use == WMMA_B)
			r = (int)t, c = (int)g;
		else
			r = (int)g, c = (int)(2 * t + e);
		break;
	default: { /* m8n8k32, m8n8k128: one packed word of A's row or B's column */
		int w = sh == WMMA_M8N8K32 ? 8 : 32;
		if (use == WMMA_A)
			r = (int)g, c = (int)t * w;
		else if (use == WMMA_B)
			r = (int)t * w, c = (int)g;
		else
			r = (int)g, c = (int)(2 * t + e);
		break;
	}
	}
	*row = r;
	*col = c;
	return 0;
}

int wmma_describe(int code, struct strbuf *out)
{
	int rows, cols;
	static const char *const uses[] = { "matrix_a", "matrix_b", "accumulator" };
	if (wmma_dims(code, &rows, &cols))
		return -1;
	strbuf_addf(out, "fragment<%s, %d, %d, %d, %s>", uses[USE(code)], shapes[SHAPE(code)].m,
		    shapes[SHAPE(code)].n, shapes[SHAPE(code)].k, type_names[TYPE(code)]);
	return 0;
}

static double elem_value(int ty, const uint8_t *p, unsigned e);
static unsigned elem_size(int ty);

/* ---- queries (machine.h) */

int machine_wmma_rc(int code, unsigned lane, unsigned e, int *row, int *col)
{
	return wmma_rc(code, lane, e, row, col);
}

/* the next template argument of a type name, without "struct " and spaces */
static const char *next_arg(const char *p, char *buf, size_t n)
{
	size_t k = 0;
	while (*p == ' ')
		p++;
	if (!strncmp(p, "struct ", 7))
		p += 7;
	while (*p && *p != ',' && *p != '>') {
		if (k + 1 < n)
			buf[k++] = *p;
		p++;
	}
	while (k && buf[k - 1] == ' ')
		k--;
	buf[k] = 0;
	return *p == ',' ? p + 1 : NULL;
}

int machine_wmma_frag(const char *type_name, struct machine_wmma_frag *out)
{
	static const char *const tys[] = { "__half", "float", "__nv_bfloat16", "tf32", "double",
					   "signed char", "unsigned char", "int", "s4", "u4", "b1" };
	static const char *const uses[] = { "matrix_a", "matrix_b", "accumulator" };
	char a[6][48];
	const char *p = type_name ? strstr(type_name, "fragment<") : NULL;
	int use = -1, ty = -1, sh = -1, dims[3];
	struct strbuf d;

	memset(out, 0, sizeof(*out));
	if (!p)
		return -1;
	p += 9;
	for (int i = 0; i < 6; i++) {
		a[i][0] = 0;
		if (p)
			p = next_arg(p, a[i], sizeof(a[i]));
		else if (i < 5)
			return -1;
	}
	for (int i = 0; i < 3; i++)
		if (!strcmp(a[0], uses[i]))
			use = i;
	for (int i = 0; i < 11; i++)
		if (!strcmp(a[4], tys[i]) || (i == 0 && !strcmp(a[4], "half")))
			ty = i;
	for (int i = 0; i < 3; i++)
		dims[i] = atoi(a[1 + i]);
	for (int i = 0; i <= WMMA_M8N8K128; i++)
		if (shapes[i].m == dims[0] && shapes[i].n == dims[1] && shapes[i].k == dims[2])
			sh = i;
	if (use < 0 || ty < 0 || sh < 0)
		return -1;
	out->code = use | sh << 2 | ty << 5;
	if (wmma_dims(out->code, &out->rows, &out->cols))
		return -1;
	out->nstorage = wmma_storage_elements(out->code);
	out->per_word = wmma_elements(out->code) / out->nstorage;
	out->layout = use == WMMA_C ? -1 : !strcmp(a[5], "col_major") ? 0 : 1;
	out->elem_size = (int)elem_size(ty);
	strbuf_init(&d);
	wmma_describe(out->code, &d);
	if (out->layout >= 0)
		strbuf_adds(&d, out->layout ? " row_major" : " col_major");
	snprintf(out->desc, sizeof(out->desc), "%s", strbuf_cstr(&d));
	strbuf_release(&d);
	return 0;
}

void machine_wmma_value(int code, const uint8_t *bytes, struct strbuf *out)
{
	int ty = TYPE(code);
	uint32_t u;
	if (ty == WMMA_S4 || ty == WMMA_U4 || ty == WMMA_B1) {
		memcpy(&u, bytes, 4);
		strbuf_addf(out, "0x%08x", u);
	} else if (ty == WMMA_S8 || ty == WMMA_U8 || ty == WMMA_S32) {
		strbuf_addf(out, "%.0f", elem_value(ty, bytes, 0));
	} else {
		strbuf_addf(out, "%.9g", ty == WMMA_TF32 ? elem_value(WMMA_F32, bytes, 0) : elem_value(ty, bytes, 0));
	}
}

/* ---- the multiply-accumulate */

static double h2d(uint16_t h)
{
	int e = h >> 10 & 31, mant = h & 1023;
	double v;
	if (e == 31)
		v = mant ? NAN : INFINITY;
	else if (e == 0)
		v = ldexp(mant, -24);
	else
		v = ldexp(mant | 1024, e - 25);
	return h & 0x8000 ? -v : v;
}

static double f2d_bits(uint32_t u)
{
	float f;
	memcpy(&f, &u, 4);
	return f;
}

/* d rounded to half, to nearest even */
static uint16_t d2h(double d)
{
	uint16_t sign = signbit(d) ? 0x8000 : 0;
	double a = fabs(d);
	if (isnan(d))
		return 0x7fff;
	if (a >= 65520.0)
		return sign | 0x7c00;
	if (a < ldexp(1, -14)) { /* subnormal: units of 2^-24 */
		double q = nearbyint(ldexp(a, 24));
		return (uint16_t)(sign | (uint16_t)q);
	}
	int e;
	frexp(a, &e); /* a = f 2^e, f in [0.5, 1) */
	double unit = ldexp(1, e - 11);
	double q = nearbyint(a / unit) * unit; /* nearbyint: ties to even under the default mode */
	frexp(q, &e);
	if (q >= 65520.0)
		return sign | 0x7c00;
	int be = e - 1 + 15;
	uint32_t m = (uint32_t)(ldexp(q, -(e - 11))) & 1023;
	return (uint16_t)(sign | (uint16_t)(be << 10) | (uint16_t)m);
}

/* element e of lane l's fragment as a double (integers exactly) */
static double elem_value(int ty, const uint8_t *p, unsigned e)
{
	switch (ty) {
	case WMMA_F16: { uint16_t h; memcpy(&h, p + 2 * e, 2); return h2d(h); }
	case WMMA_BF16: { uint16_t h; memcpy(&h, p + 2 * e, 2); return f2d_bits((uint32_t)h << 16); }
	case WMMA_F32: { uint32_t u; memcpy(&u, p + 4 * e, 4); return f2d_bits(u); }
	case WMMA_TF32: { uint32_t u; memcpy(&u, p + 4 * e, 4); return f2d_bits(u & 0xffffe000u); }
	case WMMA_F64: { double d; memcpy(&d, p + 8 * e, 8); return d; }
	case WMMA_S8: return (int8_t)p[e];
	case WMMA_U8: return p[e];
	case WMMA_S32: { int32_t v; memcpy(&v, p + 4 * e, 4); return v; }
	default: return 0;
	}
}

static unsigned elem_size(int ty)
{
	switch (ty) {
	case WMMA_F16: case WMMA_BF16: return 2;
	case WMMA_F64: return 8;
	case WMMA_S8: case WMMA_U8: return 1;
	default: return 4;
	}
}

/* round x toward zero to float */
static double rz_float(double x)
{
	float f = (float)x;
	if (isnan(x) || isinf(x))
		return x;
	if (fabs((double)f) > fabs(x))
		f = nextafterf(f, 0.0f);
	return f;
}

/* c + sum p[0..n) as the tensor core's float adder does it */
static double chunk_sum(double c, const double *p, int n)
{
	double terms[9], maxa = fabs(c), s = 0;
	int e, nt = 0;
	terms[nt++] = c;
	for (int i = 0; i < n; i++) {
		terms[nt++] = p[i];
		if (fabs(p[i]) > maxa)
			maxa = fabs(p[i]);
	}
	for (int i = 0; i < nt; i++)
		if (isnan(terms[i]) || isinf(terms[i])) {
			for (int j = 0; j < nt; j++)
				s += terms[j];
			return s;
		}
	if (maxa == 0)
		return c + 0.0;
	frexp(maxa, &e);
	double unit = ldexp(1, e - 24 - 3); /* 3 guard bits past float's 24 */
	for (int i = 0; i < nt; i++)
		s += trunc(terms[i] / unit) * unit; /* exact: the terms span few bits */
	return rz_float(s);
}

static double satf_float(double v)
{
	if (isnan(v))
		return 0;
	if (v > (double)FLT_MAX)
		return (double)FLT_MAX;
	if (v < -(double)FLT_MAX)
		return -(double)FLT_MAX;
	return v;
}

struct wmma_ops {
	int a, b, c, d, satf, bop;
};

/* read (or write, write != 0) lane l's fragment bytes */
static uint8_t *frag_bytes(struct machine *m, struct warp *w, unsigned l, uint64_t addr, int code,
			   int write, const struct ir_insn *in)
{
	unsigned n = (unsigned)wmma_storage_elements(code) * elem_size(TYPE(code));
	return interp_xlate(m, w, l, addr, n, write, in->span);
}

static int not_converged(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
			 const char *what)
{
	uint32_t missing = ~g->mask;
	struct span sp = cg_user_span(m, w, g->mask, in->span);
	machine_finding_add(m, FK_WMMA_NOT_CONVERGED, w, g->mask, sp, 0,
			    "%s called by %d of the warp's 32 lanes (lane %d is not with them): "
			    "a warp matrix function must be called by every lane of the warp together",
			    what, __builtin_popcount(g->mask), __builtin_ctz(missing));
	machine_fail_kernel(m, 719);
	return -1;
}

static const char *op_name(int op)
{
	switch (op) {
	case 0: return "wmma::load_matrix_sync";
	case 1: return "wmma::store_matrix_sync";
	default: return "wmma::mma_sync";
	}
}

static int do_mma(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	unsigned l0 = (unsigned)__builtin_ctz(g->mask);
	struct wmma_ops o = { (int)ARG(4, l0), (int)ARG(5, l0), (int)ARG(6, l0), (int)ARG(7, l0),
			      (int)ARG(8, l0), (int)ARG(9, l0) };
	int M, N, K, kk, ta = TYPE(o.a), tc = TYPE(o.c), td = TYPE(o.d);
	if (wmma_dims(o.a, &M, &K) || wmma_dims(o.d, &kk, &N) || !wmma_valid(o.b) || !wmma_valid(o.c))
		return 0;
	/* whole matrices, row-major; sub-byte A and B as words */
	double *A = xcalloc((size_t)M * K + (size_t)K * N + 2u * M * N, sizeof(double));
	double *B = A + (size_t)M * K, *C = B + (size_t)K * N, *D = C + (size_t)M * N;
	/* an element held twice (half A and B keep two copies) is read from its
	 * first place, x[0..7] */
	uint8_t *seen = xcalloc((size_t)M * K + (size_t)K * N, 1), *seenb = seen + (size_t)M * K;
	uint32_t wa[8][4] = { { 0 } }, wb[8][4] = { { 0 } };
	int packed = ta == WMMA_S4 || ta == WMMA_U4 || ta == WMMA_B1;
	for (unsigned l = 0; l < WS_WARP; l++) {
		const uint8_t *pa = frag_bytes(m, w, l, ARG(1, l), o.a, 0, in);
		const uint8_t *pb = pa ? frag_bytes(m, w, l, ARG(2, l), o.b, 0, in) : NULL;
		const uint8_t *pc = pb ? frag_bytes(m, w, l, ARG(3, l), o.c, 0, in) : NULL;
		int r, c;
		if (!pc) {
			free(A);
			free(seen);
			return -1;
		}
		for (unsigned e = 0; e < (unsigned)wmma_storage_elements(o.a); e++) {
			wmma_rc(o.a, l, e, &r, &c);
			if (packed) {
				memcpy(&wa[r][l & 3], pa, 4);
			} else if (!seen[(size_t)r * K + c]) {
				seen[(size_t)r * K + c] = 1;
				A[(size_t)r * K + c] = elem_value(ta, pa, e);
			}
		}
		for (unsigned e = 0; e < (unsigned)wmma_storage_elements(o.b); e++) {
			wmma_rc(o.b, l, e, &r, &c);
			if (packed) {
				memcpy(&wb[c][l & 3], pb, 4);
			} else if (!seenb[(size_t)r * N + c]) {
				seenb[(size_t)r * N + c] = 1;
				B[(size_t)r * N + c] = elem_value(TYPE(o.b), pb, e);
			}
		}
		for (unsigned e = 0; e < (unsigned)wmma_storage_elements(o.c); e++) {
			wmma_rc(o.c, l, e, &r, &c);
			C[(size_t)r * N + c] = elem_value(tc, pc, e);
		}
	}
	for (int i = 0; i < M; i++)
		for (int j = 0; j < N; j++) {
			double acc = C[(size_t)i * N + j];
			if (packed) {
				int64_t s = (int64_t)acc;
				for (int q = 0; q < 4; q++) {
					uint32_t x = wa[i][q], y = wb[j][q];
					if (ta == WMMA_B1) {
						s += __builtin_popcount(o.bop == 2 ? x & y : x ^ y);
						continue;
					}
					for (int nib = 0; nib < 8; nib++) {
						int32_t u = (int32_t)(x >> (4 * nib) & 15), v = (int32_t)(y >> (4 * nib) & 15);
						if (ta == WMMA_S4) {
							u = u >= 8 ? u - 16 : u;
							v = v >= 8 ? v - 16 : v;
						}
						s += (int64_t)u * v;
					}
				}
				acc = o.satf ? (double)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s)
					     : (double)(int32_t)(uint32_t)(uint64_t)s;
			} else if (ta == WMMA_S8 || ta == WMMA_U8) {
				int64_t s = (int64_t)acc;
				for (int k = 0; k < K; k++)
					s += (int64_t)A[(size_t)i * K + k] * (int64_t)B[(size_t)k * N + j];
				acc = o.satf ? (double)(s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s)
					     : (double)(int32_t)(uint32_t)(uint64_t)s;
			} else if (ta == WMMA_F64) {
				for (int k = 0; k < K; k++)
					acc = fma(A[(size_t)i * K + k], B[(size_t)k * N + j], acc);
			} else {
				int chunk = ta == WMMA_TF32 ? 4 : 8;
				double p[8];
				for (int k0 = 0; k0 < K; k0 += chunk) {
					for (int k = 0; k < chunk; k++)
						p[k] = A[(size_t)i * K + k0 + k] * B[(size_t)(k0 + k) * N + j];
					acc = chunk_sum(acc, p, chunk);
				}
				if (o.satf)
					acc = satf_float(acc);
			}
			D[(size_t)i * N + j] = acc;
		}
	for (unsigned l = 0; l < WS_WARP; l++) {
		uint8_t *pd = frag_bytes(m, w, l, ARG(0, l), o.d, 1, in);
		int r, c;
		if (!pd) {
			free(A);
			free(seen);
			return -1;
		}
		for (unsigned e = 0; e < (unsigned)wmma_storage_elements(o.d); e++) {
			double v;
			wmma_rc(o.d, l, e, &r, &c);
			v = D[(size_t)r * N + c];
			if (td == WMMA_F16) {
				uint16_t h = d2h(v);
				if (o.satf && (h & 0x7fff) == 0x7c00)
					h = (uint16_t)((h & 0x8000) | 0x7bff);
				memcpy(pd + 2 * e, &h, 2);
			} else if (td == WMMA_F32) {
				float f = (float)v;
				memcpy(pd + 4 * e, &f, 4);
			} else if (td == WMMA_F64) {
				memcpy(pd + 8 * e, &v, 8);
			} else {
				int32_t x = (int32_t)v;
				memcpy(pd + 4 * e, &x, 4);
			}
		}
	}
	free(A);
	free(seen);
	return 0;
}

int wmma_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	if (w->host) {
		machine_finding_add(m, FK_WMMA_NOT_CONVERGED, w, g->mask, in->span, 0,
				    "a warp matrix function called on the host: wmma runs on the device only");
		machine_exit(m, 134);
		return -1;
	}
	int op = in->imm == BI___ws_wmma_mma ? 2 : (int)ARG(0, __builtin_ctz(g->mask));
	if (g->mask != WS_FULL)
		return not_converged(m, w, g, in, op_name(op));
	if (in->imm == BI___ws_wmma_mma)
		return do_mma(m, w, g, in);
	return 0;
}
