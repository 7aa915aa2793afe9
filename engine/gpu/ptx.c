/*
 * ptx.c - PTX from the IR (docs/gpu.md).
 *
 * The IR is close to PTX by design, so this is a translation, one IR
 * instruction to a few PTX ones:
 * - Every IR register becomes one PTX register of the class its IR type
 *   lives in: %p (PRED), %r (8- to 32-bit integers, kept extended to 32 bits
 *   as the IR keeps them extended to 64), %rd (64-bit integers, pointers),
 *   %f (F32), %fd (F64), %h (F16 as .b16). An operand read as another class
 *   is converted into a temporary (%t...); narrow results are re-extended.
 * - Pointers are generic addresses, as in the IR: module objects and the
 *   frame are converted with cvta, loads and stores are generic unless a
 *   cache hint needs .global.
 * - Each function's frame (address-taken locals, arrays, structs) is one
 *   .local array; device functions use the PTX ABI (.param), so recursion
 *   and the stack are ptxas's. A kernel's aggregate parameters are copied
 *   into local memory, as the IR lets the callee modify its copy.
 * - Device printf packs its arguments into a local buffer and calls vprintf;
 *   assert calls __assertfail; malloc/free are the device heap's.
 * - cuda::barrier is an mbarrier; this_grid().sync() counts arrivals in a
 *   module global (GPU_GRID_BAR) that the backend zeroes before a launch.
 * What cannot be lowered (device code that launches kernels, double
 * precision transcendental functions ...) fails with its source position.
 */
#include "gpu.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "diag.h"

#define NAME_MAX_LEN 256 /* a function's PTX name (cut at 200) or a register's */

enum cls { C_P, C_R, C_RD, C_F, C_FD, C_H, NCLS };
static const char *const cls_pfx[NCLS] = { "p", "r", "rd", "f", "fd", "h" };
static const char *const cls_decl[NCLS] = { ".pred", ".b32", ".b64", ".f32", ".f64", ".b16" };

struct px {
	const struct ir_module *m;
	int arch;
	struct strbuf *o;       /* the current function's body */
	struct strbuf decl;     /* its extra declarations (buffers) */
	const struct ir_func *f;
	uint32_t fi;
	int ntmp[NCLS];
	int nlabel;             /* local labels beyond the instruction ones */
	int nproto, nbuf;
	int failed;
	struct strbuf *err;
	char names[16][NAME_MAX_LEN];
	int nname;
	/* pending conversion of a result into its register */
	int pend_reg;
	enum cls pend_cls;
	char pend_tmp[48];
	uint8_t *obj_used;
	uint8_t need_vprintf, need_malloc, need_free, need_assert, need_grid, need_setcond, need_pipe, need_tex, need_sincosf, need_dmath;
	int trace;              /* GPU_PTX_TRACE: a probe at each statement start */
	int litmus;             /* GPU_PTX_LITMUS: the stress prologue, blockIdx remapped */
	int live;               /* GPU_PTX_LIVE: a gate at each statement start */
};

static enum cls cls_of(unsigned t)
{
	switch (t) {
	case IR_PRED: return C_P;
	case IR_S8: case IR_U8: case IR_S16: case IR_U16: case IR_S32: case IR_U32: return C_R;
	case IR_F16: return C_H;
	case IR_F32: return C_F;
	case IR_F64: return C_FD;
	default: return C_RD;
	}
}

static int is_signed(unsigned t)
{
	return t == IR_S8 || t == IR_S16 || t == IR_S32 || t == IR_S64;
}

static int is_float(unsigned t)
{
	return t == IR_F16 || t == IR_F32 || t == IR_F64;
}

static int is64(unsigned t)
{
	return cls_of(t) == C_RD || t == IR_F64;
}

/* the PTX type an arithmetic op of IR type t works in */
static const char *otype(unsigned t)
{
	switch (t) {
	case IR_S8: case IR_S16: case IR_S32: return "s32";
	case IR_U8: case IR_U16: case IR_U32: case IR_PRED: return "u32";
	case IR_S64: return "s64";
	case IR_F16: return "f16";
	case IR_F32: return "f32";
	case IR_F64: return "f64";
	default: return "u64";
	}
}

static const char *btype(unsigned t)
{
	switch (cls_of(t)) {
	case C_P: return "pred";
	case C_R: case C_F: return "b32";
	case C_H: return "b16";
	default: return "b64";
	}
}

/* the memory type of a load or store of t */
static const char *mtype(unsigned t)
{
	switch (t) {
	case IR_PRED: case IR_U8: return "u8";
	case IR_S8: return "s8";
	case IR_S16: return "s16";
	case IR_U16: return "u16";
	case IR_F16: return "b16";
	case IR_S32: return "s32";
	case IR_U32: return "u32";
	case IR_F32: return "f32";
	case IR_F64: return "f64";
	case IR_S64: return "s64";
	default: return "u64";
	}
}

static void fail(struct px *p, struct span at, const char *fmt, ...) WS_PRINTF(3, 4);
static void fail(struct px *p, struct span at, const char *fmt, ...)
{
	if (p->failed++)
		return;
	const struct srcfile *sf = p->m->sm ? srcmgr_file(p->m->sm, at.file) : NULL;
	strbuf_addf(p->err, "%s:%u:%u: ", sf ? sf->name : "?", at.line, at.col);
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(p->err, fmt, ap);
	va_end(ap);
}

static void E(struct px *p, const char *fmt, ...) WS_PRINTF(2, 3);
static void E(struct px *p, const char *fmt, ...)
{
	va_list ap;
	strbuf_adds(p->o, "\t");
	va_start(ap, fmt);
	strbuf_vaddf(p->o, fmt, ap);
	va_end(ap);
	strbuf_adds(p->o, "\n");
}

static char *name_slot(struct px *p)
{
	char *s = p->names[p->nname++ & 15];
	return s;
}

static const char *REG(struct px *p, int r)
{
	char *s = name_slot(p);
	snprintf(s, NAME_MAX_LEN, "%%%s%d", cls_pfx[cls_of(p->f->reg_ty[r])], r);
	return s;
}

static const char *TMP(struct px *p, enum cls c)
{
	char *s = name_slot(p);
	snprintf(s, NAME_MAX_LEN, "%%t%s%d", cls_pfx[c], p->ntmp[c]++);
	return s;
}

static int label(struct px *p)
{
	return p->nlabel++;
}

/* Convert the value in name (of IR type from) to class c: a name holding it. */
static const char *conv(struct px *p, const char *name, unsigned from, enum cls c)
{
	enum cls s = cls_of(from);
	if (s == c)
		return name;
	/* first to an integer of the source's width */
	const char *iv = name;
	enum cls ic = s;
	switch (s) {
	case C_P: {
		const char *t = TMP(p, C_R);
		E(p, "selp.u32 %s, 1, 0, %s;", t, name);
		iv = t;
		ic = C_R;
		break;
	}
	case C_F: {
		if (c == C_FD || c == C_H) {
			const char *t = TMP(p, c);
			E(p, c == C_FD ? "cvt.f64.f32 %s, %s;" : "cvt.rn.f16.f32 %s, %s;", t, name);
			return t;
		}
		const char *t = TMP(p, C_R);
		E(p, "mov.b32 %s, %s;", t, name);
		iv = t;
		ic = C_R;
		break;
	}
	case C_FD: {
		if (c == C_F) {
			const char *t = TMP(p, c);
			E(p, "cvt.rn.f32.f64 %s, %s;", t, name);
			return t;
		}
		const char *t = TMP(p, C_RD);
		E(p, "mov.b64 %s, %s;", t, name);
		iv = t;
		ic = C_RD;
		break;
	}
	case C_H: {
		if (c == C_F || c == C_FD) {
			const char *t = TMP(p, c);
			E(p, "cvt.%s.f16 %s, %s;", c == C_F ? "f32" : "f64", t, name);
			return t;
		}
		const char *t = TMP(p, C_R);
		E(p, "cvt.u32.u16 %s, %s;", t, name);
		iv = t;
		ic = C_R;
		break;
	}
	default:
		break;
	}
	if (ic == c)
		return iv;
	const char *t = TMP(p, c);
	switch (c) {
	case C_P:
		E(p, "setp.ne.%s %s, %s, 0;", ic == C_RD ? "b64" : "b32", t, iv);
		break;
	case C_R:
		E(p, "cvt.u32.u64 %s, %s;", t, iv);
		break;
	case C_RD:
		E(p, "cvt.%s64.%s32 %s, %s;", is_signed(from) ? "s" : "u", is_signed(from) ? "s" : "u", t, iv);
		break;
	case C_F:
		if (ic == C_RD) {
			const char *u = TMP(p, C_R);
			E(p, "cvt.u32.u64 %s, %s;", u, iv);
			iv = u;
		}
		E(p, "mov.b32 %s, %s;", t, iv);
		break;
	case C_FD:
		if (ic == C_R) {
			const char *u = TMP(p, C_RD);
			E(p, "cvt.u64.u32 %s, %s;", u, iv);
			iv = u;
		}
		E(p, "mov.b64 %s, %s;", t, iv);
		break;
	case C_H:
		if (ic == C_RD) {
			const char *u = TMP(p, C_R);
			E(p, "cvt.u32.u64 %s, %s;", u, iv);
			iv = u;
		}
		E(p, "cvt.u16.u32 %s, %s;", t, iv);
		break;
	default:
		break;
	}
	return t;
}

/* Register r's value as class c (for an operand of IR type want). */
static const char *V(struct px *p, int r, unsigned want)
{
	if (r < 0 || (uint32_t)r >= p->f->nregs) {
		const char *t = TMP(p, cls_of(want));
		E(p, "mov.%s %s, 0;", cls_of(want) == C_P ? "u32" : btype(want), t);
		return t;
	}
	return conv(p, REG(p, r), p->f->reg_ty[r], cls_of(want));
}

/* The name a result of IR type t goes to for register d; fin() moves it
 * into d (converting) when d's class differs. */
static const char *D(struct px *p, int d, unsigned t)
{
	p->pend_reg = -1;
	if (d < 0 || (uint32_t)d >= p->f->nregs)
		return TMP(p, cls_of(t));
	if (cls_of(p->f->reg_ty[d]) == cls_of(t))
		return REG(p, d);
	const char *tmp = TMP(p, cls_of(t));
	p->pend_reg = d;
	p->pend_cls = cls_of(t);
	snprintf(p->pend_tmp, sizeof(p->pend_tmp), "%s", tmp);
	return tmp;
}

/* Re-extend a narrow integer result in name (type t); then finish D. */
static void narrow(struct px *p, const char *name, unsigned t)
{
	switch (t) {
	case IR_U8: E(p, "and.b32 %s, %s, 255;", name, name); break;
	case IR_U16: E(p, "and.b32 %s, %s, 65535;", name, name); break;
	case IR_S8: E(p, "cvt.s32.s8 %s, %s;", name, name); break;
	case IR_S16: E(p, "cvt.s32.s16 %s, %s;", name, name); break;
	default: break;
	}
}

static void fin_t(struct px *p, unsigned t)
{
	if (p->pend_reg < 0)
		return;
	int d = p->pend_reg;
	p->pend_reg = -1;
	char tmp[48];
	snprintf(tmp, sizeof(tmp), "%s", p->pend_tmp);
	unsigned dt = p->f->reg_ty[d];
	const char *v = conv(p, tmp, t, cls_of(dt));
	E(p, "mov.%s %s, %s;", cls_of(dt) == C_P ? "pred" : btype(dt), REG(p, d), v);
}

static const char *scope_s(int scope)
{
	switch (scope) {
	case SCOPE_CTA: return "cta";
	case SCOPE_SYS: return "sys";
	default: return "gpu";
	}
}

/* ---- names */

static void sanitize(const char *s, struct strbuf *out)
{
	if (!s || !*s) {
		strbuf_adds(out, "_");
		return;
	}
	if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || *s == '_'))
		strbuf_addc(out, '_');
	for (; *s; s++) {
		char c = *s;
		strbuf_addc(out, (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
					 c == '_' ? c : '_');
	}
}

static int plain_name(const char *s)
{
	if (!s || !*s || (*s >= '0' && *s <= '9'))
		return 0;
	for (; *s; s++)
		if (!((*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z') || (*s >= '0' && *s <= '9') || *s == '_'))
			return 0;
	return 1;
}

void gpu_ptx_func_name(const struct ir_module *m, uint32_t idx, struct strbuf *out)
{
	const struct ir_func *f = &m->funcs[idx];
	const char *n = f->mangled && *f->mangled ? f->mangled : f->name;
	/* a kernel whose name is a plain identifier keeps it (as extern "C"
	 * would); every other function gets a unique, readable one */
	if ((f->kind & FN_KERNEL) && f->name && plain_name(f->name)) {
		int unique = 1;
		for (uint32_t i = 0; i < m->nfuncs; i++)
			if (i != idx && (m->funcs[i].kind & FN_KERNEL) && m->funcs[i].name &&
			    !strcmp(m->funcs[i].name, f->name))
				unique = 0;
		if (unique) {
			strbuf_adds(out, f->name);
			return;
		}
	}
	/* long template names are cut: the index keeps them unique */
	size_t at = out->len;
	sanitize(n, out);
	if (out->len - at > 200) {
		out->len = at + 200;
		out->buf[out->len] = 0;
	}
	strbuf_addf(out, "_%u", idx);
}

void gpu_ptx_obj_name(const struct ir_module *m, uint32_t idx, struct strbuf *out)
{
	const struct ir_object *o = &m->objs[idx];
	if (o->kind == OBJ_STRING || !o->name || !*o->name) {
		strbuf_addf(out, "__ws_str_%u", idx);
		return;
	}
	sanitize(o->name, out);
	strbuf_addf(out, "_%u", idx);
}

static const char *fname(struct px *p, uint32_t idx)
{
	char *s = name_slot(p);
	struct strbuf b;
	strbuf_init(&b);
	gpu_ptx_func_name(p->m, idx, &b);
	snprintf(s, NAME_MAX_LEN, "%s", strbuf_cstr(&b));
	strbuf_release(&b);
	return s;
}

/* ---- parameters of device functions (the PTX ABI) */

static const char *ptype(unsigned t)
{
	switch (cls_of(t)) {
	case C_P: case C_R: return "b32";
	case C_F: return "f32";
	case C_FD: return "f64";
	case C_H: return "b16";
	default: return "b64";
	}
}

/* the class a value of IR type t is passed in */
static unsigned pass_t(unsigned t)
{
	return t == IR_PRED ? IR_U32 : t;
}

/* ---- objects */

static int obj_space_ok(const struct ir_object *o)
{
	return o->kind != OBJ_HOST;
}

static const char *obj_space(const struct ir_object *o)
{
	switch (o->kind) {
	case OBJ_CONST: return "const";
	case OBJ_SHARED: return "shared";
	default: return "global";
	}
}

static void addr_of_obj(struct px *p, const char *d, int32_t idx, struct span at)
{
	if (idx < 0 || (uint32_t)idx >= p->m->nobjs) {
		fail(p, at, "address of a bad object %d", idx);
		return;
	}
	const struct ir_object *o = &p->m->objs[idx];
	if (!obj_space_ok(o)) {
		fail(p, at, "device code uses host variable '%s'", o->name ? o->name : "?");
		return;
	}
	p->obj_used[idx] = 1;
	struct strbuf b;
	strbuf_init(&b);
	gpu_ptx_obj_name(p->m, (uint32_t)idx, &b);
	E(p, "cvta.%s.u64 %s, %s;", obj_space(o), d, strbuf_cstr(&b));
	strbuf_release(&b);
}

/* ---- memory operations */

static const char *addr(struct px *p, int a)
{
	return V(p, a, IR_PTR);
}

static const char *cache_s(int c, int store)
{
	switch (c) {
	case CACHE_CA: return store ? NULL : "ca";
	case CACHE_CG: return "cg";
	case CACHE_CS: return "cs";
	case CACHE_LU: return store ? NULL : "lu";
	case CACHE_CV: return store ? NULL : "cv";
	case CACHE_NC: return store ? NULL : "nc";
	case CACHE_WB: return store ? "wb" : NULL;
	case CACHE_WT: return store ? "wt" : NULL;
	default: return NULL;
	}
}

/* ".relaxed.gpu" etc. for a load (store = 0) or store; emits a leading
 * fence.sc for seq_cst */
static const char *strong(struct px *p, const struct ir_insn *in, int store)
{
	static char b[32];
	switch (in->sem) {
	case SEM_WEAK: return "";
	case SEM_VOLATILE: return ".volatile";
	case SEM_SC:
		E(p, "fence.sc.%s;", scope_s(in->scope));
		snprintf(b, sizeof(b), ".%s.%s", store ? "relaxed" : "acquire", scope_s(in->scope));
		return b;
	case SEM_ACQUIRE: case SEM_ACQ_REL: case SEM_RELEASE:
		snprintf(b, sizeof(b), ".%s.%s",
			 store ? (in->sem == SEM_ACQUIRE ? "relaxed" : "release")
			       : (in->sem == SEM_RELEASE ? "relaxed" : "acquire"),
			 scope_s(in->scope));
		return b;
	default:
		snprintf(b, sizeof(b), ".relaxed.%s", scope_s(in->scope));
		return b;
	}
}

static void emit_ld(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t;
	const char *a = addr(p, in->a);
	const char *c = in->sem == SEM_WEAK ? cache_s(in->flags & IRF_CACHE_MASK, 0) : NULL;
	char q[40];
	if (c) {
		const char *g = TMP(p, C_RD);
		E(p, "cvta.to.global.u64 %s, %s;", g, a);
		a = g;
		snprintf(q, sizeof(q), ".global.%s", c);
	} else {
		snprintf(q, sizeof(q), "%s", strong(p, in, 0));
	}
	if (t == IR_PRED) {
		const char *u = TMP(p, C_R);
		E(p, "ld%s.u8 %s, [%s+%" PRId64 "];", q, u, a, in->imm);
		const char *d = D(p, in->d, IR_PRED);
		E(p, "setp.ne.b32 %s, %s, 0;", d, u);
		fin_t(p, IR_PRED);
		return;
	}
	const char *d = D(p, in->d, t);
	E(p, "ld%s.%s %s, [%s+%" PRId64 "];", q, mtype(t), d, a, in->imm);
	fin_t(p, t);
}

static void emit_st(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t;
	const char *a = addr(p, in->a);
	const char *v = V(p, in->b, pass_t(t));
	const char *c = in->sem == SEM_WEAK ? cache_s(in->flags & IRF_CACHE_MASK, 1) : NULL;
	char q[40];
	if (c) {
		const char *g = TMP(p, C_RD);
		E(p, "cvta.to.global.u64 %s, %s;", g, a);
		a = g;
		snprintf(q, sizeof(q), ".global.%s", c);
	} else {
		snprintf(q, sizeof(q), "%s", strong(p, in, 1));
	}
	E(p, "st%s.%s [%s+%" PRId64 "], %s;", q, mtype(t), a, in->imm, v);
}

static void emit_atom(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t;
	if (in->sub == ATOM_LOAD) {
		struct ir_insn l = *in;
		l.op = IR_LD;
		l.imm = 0;
		if (l.sem == SEM_WEAK)
			l.sem = SEM_RELAXED;
		emit_ld(p, &l);
		return;
	}
	if (in->sub == ATOM_STORE) {
		struct ir_insn s = *in;
		s.op = IR_ST;
		s.imm = 0;
		if (s.sem == SEM_WEAK)
			s.sem = SEM_RELAXED;
		emit_st(p, &s);
		return;
	}
	const char *op = NULL, *ty = NULL;
	int bits = is64(t) ? 64 : t == IR_F16 || t == IR_S16 || t == IR_U16 ? 16 : 32;
	unsigned vt = t; /* the IR type the operand is read as */
	switch (in->sub) {
	case ATOM_ADD: case ATOM_SUB:
		op = "add";
		ty = t == IR_F32 ? "f32" : t == IR_F64 ? "f64" : t == IR_F16 ? "noftz.f16" :
		     bits == 64 ? "u64" : is_signed(t) ? "s32" : "u32";
		break;
	case ATOM_MIN: case ATOM_MAX:
		op = in->sub == ATOM_MIN ? "min" : "max";
		if (is_float(t))
			break;
		ty = bits == 64 ? (is_signed(t) ? "s64" : "u64") : (is_signed(t) ? "s32" : "u32");
		break;
	case ATOM_INC: case ATOM_DEC:
		op = in->sub == ATOM_INC ? "inc" : "dec";
		ty = bits == 32 && !is_float(t) ? "u32" : NULL;
		break;
	case ATOM_EXCH: op = "exch"; ty = bits == 64 ? "b64" : bits == 32 ? "b32" : NULL; vt = bits == 64 ? IR_U64 : IR_U32; break;
	case ATOM_CAS: op = "cas"; ty = bits == 64 ? "b64" : bits == 32 ? "b32" : "b16"; vt = bits == 64 ? IR_U64 : bits == 32 ? IR_U32 : IR_F16; break;
	case ATOM_AND: op = "and"; ty = bits == 64 ? "b64" : "b32"; vt = bits == 64 ? IR_U64 : IR_U32; break;
	case ATOM_OR: op = "or"; ty = bits == 64 ? "b64" : "b32"; vt = bits == 64 ? IR_U64 : IR_U32; break;
	case ATOM_XOR: op = "xor"; ty = bits == 64 ? "b64" : "b32"; vt = bits == 64 ? IR_U64 : IR_U32; break;
	}
	if (!op || !ty || (bits == 16 && in->sub != ATOM_CAS && !(t == IR_F16 && in->sub == ATOM_ADD))) {
		fail(p, in->span, "atomic %s on %s has no PTX instruction", op ? op : "?", ir_type_name(t));
		return;
	}
	const char *a = addr(p, in->a);
	const char *b = V(p, in->b, vt);
	if (in->sub == ATOM_SUB) {
		const char *n = TMP(p, cls_of(vt));
		E(p, "neg.%s %s, %s;", is_float(t) ? otype(t) : bits == 64 ? "s64" : "s32", n, b);
		b = n;
	}
	const char *sem = "relaxed";
	switch (in->sem) {
	case SEM_ACQUIRE: sem = "acquire"; break;
	case SEM_RELEASE: sem = "release"; break;
	case SEM_ACQ_REL: sem = "acq_rel"; break;
	case SEM_SC: E(p, "fence.sc.%s;", scope_s(in->scope)); sem = "acq_rel"; break;
	default: break;
	}
	const char *d = D(p, in->d, vt);
	if (in->sub == ATOM_CAS) {
		const char *c = V(p, in->c, vt);
		E(p, "atom.%s.%s.%s.%s %s, [%s], %s, %s;", sem, scope_s(in->scope), op, ty, d, a, b, c);
	} else {
		E(p, "atom.%s.%s.%s.%s %s, [%s], %s;", sem, scope_s(in->scope), op, ty, d, a, b);
	}
	fin_t(p, vt);
}

/* ---- arithmetic */

static void emit_bin(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t == IR_VOID ? IR_U64 : in->t;
	if (t == IR_F16 && (in->op == IR_DIV || in->op == IR_MIN || in->op == IR_MAX)) {
		/* through f32, as cuda_fp16.h's __hdiv does */
		const char *a = V(p, in->a, IR_F32), *b = V(p, in->b, IR_F32);
		const char *r = TMP(p, C_F);
		E(p, "%s.f32 %s, %s, %s;", in->op == IR_DIV ? "div.rn" : in->op == IR_MIN ? "min" : "max", r, a, b);
		const char *d = D(p, in->d, IR_F16);
		E(p, "cvt.rn.f16.f32 %s, %s;", d, r);
		fin_t(p, IR_F16);
		return;
	}
	if (t == IR_PRED && (in->op == IR_AND || in->op == IR_OR || in->op == IR_XOR)) {
		const char *a = V(p, in->a, IR_PRED), *b = V(p, in->b, IR_PRED);
		const char *d = D(p, in->d, IR_PRED);
		E(p, "%s.pred %s, %s, %s;", in->op == IR_AND ? "and" : in->op == IR_OR ? "or" : "xor", d, a, b);
		fin_t(p, IR_PRED);
		return;
	}
	if (t == IR_PRED)
		t = IR_U32;
	const char *a = V(p, in->a, t);
	unsigned bt = (in->op == IR_SHL || in->op == IR_SHR) ? IR_U32 : t;
	const char *b = V(p, in->b, bt);
	const char *d = D(p, in->d, t);
	const char *ot = otype(t);
	int f = is_float(t);
	switch (in->op) {
	case IR_ADD: E(p, f ? "add.rn.%s %s, %s, %s;" : "add.%s %s, %s, %s;", ot, d, a, b); break;
	case IR_SUB: E(p, f ? "sub.rn.%s %s, %s, %s;" : "sub.%s %s, %s, %s;", ot, d, a, b); break;
	case IR_MUL: E(p, f ? "mul.rn.%s %s, %s, %s;" : "mul.lo.%s %s, %s, %s;", ot, d, a, b); break;
	case IR_DIV: E(p, f ? "div.rn.%s %s, %s, %s;" : "div.%s %s, %s, %s;", ot, d, a, b); break;
	case IR_REM:
		if (f) {
			fail(p, in->span, "floating-point remainder operator");
			return;
		}
		E(p, "rem.%s %s, %s, %s;", ot, d, a, b);
		break;
	case IR_AND: E(p, "and.%s %s, %s, %s;", btype(t), d, a, b); break;
	case IR_OR: E(p, "or.%s %s, %s, %s;", btype(t), d, a, b); break;
	case IR_XOR: E(p, "xor.%s %s, %s, %s;", btype(t), d, a, b); break;
	case IR_SHL: E(p, "shl.%s %s, %s, %s;", btype(t), d, a, b); break;
	case IR_SHR: E(p, "shr.%s %s, %s, %s;", ot, d, a, b); break;
	case IR_MIN: E(p, "min.%s %s, %s, %s;", ot, d, a, b); break;
	case IR_MAX: E(p, "max.%s %s, %s, %s;", ot, d, a, b); break;
	default: break;
	}
	if (!f)
		narrow(p, d, t);
	fin_t(p, t);
}

static void emit_cvt(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t, s = in->t2;
	if (t == IR_VOID || s == IR_VOID) {
		fail(p, in->span, "conversion from or to void");
		return;
	}
	if (t == IR_PRED) {
		const char *a = V(p, in->a, s == IR_PRED ? IR_PRED : s);
		const char *d = D(p, in->d, IR_PRED);
		if (s == IR_PRED)
			E(p, "mov.pred %s, %s;", d, a);
		else if (is_float(s) && s != IR_F16)
			E(p, "setp.neu.%s %s, %s, 0%s;", otype(s), d, a, s == IR_F32 ? "f00000000" : "d0000000000000000");
		else if (s == IR_F16) {
			const char *x = V(p, in->a, IR_F32);
			E(p, "setp.neu.f32 %s, %s, 0f00000000;", d, x);
		} else
			E(p, "setp.ne.%s %s, %s, 0;", btype(s), d, a);
		fin_t(p, IR_PRED);
		return;
	}
	if (s == IR_PRED)
		s = IR_U32;
	const char *a = V(p, in->a, s);
	const char *d = D(p, in->d, t);
	if (is_float(t) && is_float(s)) {
		if (t == s)
			E(p, "mov.%s %s, %s;", btype(t), d, a);
		else if (ir_type_size(t) > ir_type_size(s))
			E(p, "cvt.%s.%s %s, %s;", otype(t), otype(s), d, a);
		else
			E(p, "cvt.rn.%s.%s %s, %s;", otype(t), otype(s), d, a);
	} else if (is_float(t)) {
		/* narrow integers are held extended in 32 bits */
		E(p, "cvt.rn.%s.%s %s, %s;", otype(t), otype(s), d, a);
	} else if (is_float(s)) {
		const char *it = cls_of(t) == C_RD ? (is_signed(t) ? "s64" : "u64") : is_signed(t) ? "s32" : "u32";
		E(p, "cvt.rzi.%s.%s %s, %s;", it, otype(s), d, a);
		narrow(p, d, t);
	} else {
		/* integer to integer: widths by class; narrow types re-extended */
		enum cls dc = cls_of(t), sc = cls_of(s);
		if (dc == sc)
			E(p, "mov.%s %s, %s;", btype(t), d, a);
		else if (dc == C_R)
			E(p, "cvt.u32.u64 %s, %s;", d, a);
		else
			E(p, "cvt.%s64.%s32 %s, %s;", is_signed(s) ? "s" : "u", is_signed(s) ? "s" : "u", d, a);
		if (dc == C_R)
			narrow(p, d, t);
	}
	fin_t(p, t);
}

static const char *cmp_s(int c, unsigned t)
{
	int f = is_float(t);
	switch (c) {
	case CMP_EQ: return "eq";
	case CMP_NE: return f ? "neu" : "ne";
	case CMP_LT: return "lt";
	case CMP_LE: return "le";
	case CMP_GT: return "gt";
	default: return "ge";
	}
}

static void emit_setp(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t;
	if (t == IR_PRED || t == IR_VOID)
		t = IR_U32;
	if (t == IR_F16)
		t = IR_F32;
	const char *a = V(p, in->a, t), *b = V(p, in->b, t);
	const char *d = D(p, in->d, IR_PRED);
	E(p, "setp.%s.%s %s, %s, %s;", cmp_s(in->sub, t), otype(t), d, a, b);
	fin_t(p, IR_PRED);
}

static void emit_const(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t;
	const char *d = D(p, in->d, t == IR_VOID ? IR_U64 : t);
	switch (cls_of(t)) {
	case C_P: {
		const char *u = TMP(p, C_R);
		E(p, "mov.u32 %s, %d;", u, in->imm ? 1 : 0);
		E(p, "setp.ne.b32 %s, %s, 0;", d, u);
		break;
	}
	case C_R:
		E(p, "mov.b32 %s, %" PRId64 ";", d, (int64_t)(is_signed(t) ? (int64_t)(int32_t)in->imm :
							      (int64_t)(uint32_t)in->imm));
		break;
	case C_F: E(p, "mov.f32 %s, 0f%08" PRIX32 ";", d, (uint32_t)in->imm); break;
	case C_FD: E(p, "mov.f64 %s, 0d%016" PRIX64 ";", d, (uint64_t)in->imm); break;
	case C_H: E(p, "mov.b16 %s, 0x%04" PRIX32 ";", d, (uint32_t)in->imm & 0xffff); break;
	default: E(p, "mov.b64 %s, %" PRId64 ";", d, in->imm); break;
	}
	fin_t(p, t == IR_VOID ? IR_U64 : t);
}

static void emit_un(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t == IR_VOID ? IR_U64 : in->t;
	if (in->op == IR_MOV) {
		const char *a = V(p, in->a, t);
		const char *d = D(p, in->d, t);
		E(p, "mov.%s %s, %s;", cls_of(t) == C_P ? "pred" : btype(t), d, a);
		fin_t(p, t);
		return;
	}
	if (t == IR_PRED) {
		const char *a = V(p, in->a, IR_PRED);
		const char *d = D(p, in->d, IR_PRED);
		E(p, "not.pred %s, %s;", d, a);
		fin_t(p, IR_PRED);
		return;
	}
	const char *a = V(p, in->a, t);
	const char *d = D(p, in->d, t);
	if (in->op == IR_NEG)
		E(p, "neg.%s %s, %s;", is_float(t) ? otype(t) : is64(t) ? "s64" : "s32", d, a);
	else
		E(p, "not.%s %s, %s;", btype(t), d, a);
	if (!is_float(t))
		narrow(p, d, t);
	fin_t(p, t);
}

static void emit_sel(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t == IR_VOID ? IR_U64 : in->t;
	const char *c = V(p, in->a, IR_PRED);
	if (t == IR_PRED) {
		const char *b = V(p, in->b, IR_U32), *e = V(p, in->c, IR_U32);
		const char *r = TMP(p, C_R);
		E(p, "selp.b32 %s, %s, %s, %s;", r, b, e, c);
		const char *d = D(p, in->d, IR_PRED);
		E(p, "setp.ne.b32 %s, %s, 0;", d, r);
		fin_t(p, IR_PRED);
		return;
	}
	const char *b = V(p, in->b, t), *e = V(p, in->c, t);
	const char *d = D(p, in->d, t);
	E(p, "selp.%s %s, %s, %s, %s;", t == IR_F16 ? "b16" : is_float(t) ? otype(t) : btype(t), d, b, e, c);
	fin_t(p, t);
}

static const char *sreg_s(int s)
{
	static const char *const n[] = {
		"%tid.x", "%tid.y", "%tid.z", "%ntid.x", "%ntid.y", "%ntid.z",
		"%ctaid.x", "%ctaid.y", "%ctaid.z", "%nctaid.x", "%nctaid.y", "%nctaid.z",
		"%laneid", "%warpid", "%nwarpid", "%smid", "%nsmid",
		"%clock", "%clock64", "%globaltimer", "WARP_SZ",
		"%lanemask_lt", "%lanemask_le", "%lanemask_gt", "%lanemask_ge", "%lanemask_eq",
	};
	return s >= 0 && s < (int)(sizeof(n) / sizeof(n[0])) ? n[s] : NULL;
}

static void emit_sreg(struct px *p, const struct ir_insn *in)
{
	int s = (int)in->imm;
	const char *n = sreg_s(s);
	if (!n) {
		fail(p, in->span, "special register %d", s);
		return;
	}
	int wide = s == SREG_CLOCK64 || s == SREG_GLOBALTIMER;
	const char *d = D(p, in->d, wide ? IR_U64 : IR_U32);
	if (p->litmus && (p->f->kind & FN_KERNEL) && s == SREG_CTAID_X)
		E(p, "mov.u32 %s, %%wslblk;", d);        /* the role the block plays */
	else if (p->litmus && s == SREG_NCTAID_X)
		E(p, "ld.global.u32 %s, [%s];", d, GPU_LIT_NTEST);
	else if (p->litmus && s == SREG_NTID_X)
		E(p, "ld.global.u32 %s, [%s];", d, GPU_LIT_NTIDX);
	else
		E(p, "mov.%s %s, %s;", wide ? "u64" : "u32", d, n);
	fin_t(p, wide ? IR_U64 : IR_U32);
}

/* ---- warp collectives */

static void emit_shfl(struct px *p, const struct ir_insn *in)
{
	static const char *const mode[] = { "idx", "up", "down", "bfly" };
	unsigned t = in->t == IR_VOID ? IR_U32 : in->t;
	const char *mask = V(p, in->e, IR_U32);
	const char *lane = V(p, in->b, IR_U32);
	const char *w = V(p, in->c, IR_S32);
	const char *c = TMP(p, C_R);
	E(p, "sub.s32 %s, 32, %s;", c, w);
	E(p, "shl.b32 %s, %s, 8;", c, c);
	if (in->sub != SHFL_UP)
		E(p, "or.b32 %s, %s, 31;", c, c);
	const char *md = mode[in->sub & 3];
	if (is64(t)) {
		const char *x = V(p, in->a, t == IR_F64 ? IR_F64 : IR_U64);
		const char *lo = TMP(p, C_R), *hi = TMP(p, C_R);
		E(p, "mov.b64 {%s, %s}, %s;", lo, hi, x);
		E(p, "shfl.sync.%s.b32 %s, %s, %s, %s, %s;", md, lo, lo, lane, c, mask);
		E(p, "shfl.sync.%s.b32 %s, %s, %s, %s, %s;", md, hi, hi, lane, c, mask);
		unsigned rt = t == IR_F64 ? IR_F64 : IR_U64;
		const char *d = D(p, in->d, rt);
		E(p, "mov.b64 %s, {%s, %s};", d, lo, hi);
		fin_t(p, rt);
		return;
	}
	unsigned wt = t == IR_F32 ? IR_F32 : is_signed(t) ? IR_S32 : IR_U32;
	const char *x = V(p, in->a, wt);
	const char *d = D(p, in->d, wt);
	E(p, "shfl.sync.%s.b32 %s, %s, %s, %s, %s;", md, d, x, lane, c, mask);
	fin_t(p, wt);
}

static void emit_vote(struct px *p, const struct ir_insn *in)
{
	const char *mask = V(p, in->a, IR_U32);
	const char *b = V(p, in->b, IR_PRED);
	if (in->sub == VOTE_BALLOT) {
		const char *d = D(p, in->d, IR_U32);
		E(p, "vote.sync.ballot.b32 %s, %s, %s;", d, b, mask);
		fin_t(p, IR_U32);
		return;
	}
	static const char *const mode[] = { "all", "any", "ballot", "uni" };
	const char *q = TMP(p, C_P);
	E(p, "vote.sync.%s.pred %s, %s, %s;", mode[in->sub & 3], q, b, mask);
	const char *d = D(p, in->d, IR_S32);
	E(p, "selp.s32 %s, 1, 0, %s;", d, q);
	fin_t(p, IR_S32);
}

static void emit_match(struct px *p, const struct ir_insn *in)
{
	unsigned t = in->t == IR_VOID ? IR_U32 : in->t;
	unsigned vt = is64(t) ? IR_U64 : IR_U32;
	const char *mask = V(p, in->a, IR_U32);
	const char *v = V(p, in->b, vt);
	const char *d = D(p, in->d, IR_U32);
	if (in->sub == MATCH_ANY) {
		E(p, "match.any.sync.%s %s, %s, %s;", vt == IR_U64 ? "b64" : "b32", d, v, mask);
		fin_t(p, IR_U32);
		return;
	}
	const char *q = TMP(p, C_P);
	E(p, "match.all.sync.%s %s|%s, %s, %s;", vt == IR_U64 ? "b64" : "b32", d, q, v, mask);
	fin_t(p, IR_U32);
	if (in->e >= 0) {
		const char *e = D(p, in->e, IR_PRED);
		E(p, "mov.pred %s, %s;", e, q);
		fin_t(p, IR_PRED);
	}
}

static void emit_redux(struct px *p, const struct ir_insn *in)
{
	static const char *const mode[] = { "add", "min", "max", "and", "or", "xor" };
	unsigned t = in->t == IR_VOID ? IR_U32 : in->t;
	if (p->arch < 80) {
		fail(p, in->span, "__reduce_*_sync needs sm_80 or newer (target sm_%d)", p->arch);
		return;
	}
	if (is64(t) || is_float(t)) {
		fail(p, in->span, "__reduce_*_sync on %s has no PTX instruction", ir_type_name(t));
		return;
	}
	unsigned wt = is_signed(t) ? IR_S32 : IR_U32;
	const char *mask = V(p, in->a, IR_U32);
	const char *v = V(p, in->b, wt);
	const char *d = D(p, in->d, wt);
	int bit = in->sub >= REDUX_AND;
	E(p, "redux.sync.%s.%s %s, %s, %s;", mode[in->sub % 6], bit ? "b32" : is_signed(t) ? "s32" : "u32", d,
	  v, mask);
	fin_t(p, wt);
}

/* ---- byte loops (MEMCPY, MEMSET, memcpy, memset) */

static void byte_loop(struct px *p, const char *dst, const char *src, const char *val, const char *n)
{
	int top = label(p), done = label(p);
	const char *i = TMP(p, C_RD), *q = TMP(p, C_P), *a = TMP(p, C_RD), *b = TMP(p, C_R);
	E(p, "mov.u64 %s, 0;", i);
	strbuf_addf(p->o, "$W%u_%d:\n", p->fi, top);
	E(p, "setp.ge.u64 %s, %s, %s;", q, i, n);
	E(p, "@%s bra $W%u_%d;", q, p->fi, done);
	if (src) {
		E(p, "add.u64 %s, %s, %s;", a, src, i);
		E(p, "ld.u8 %s, [%s];", b, a);
	}
	E(p, "add.u64 %s, %s, %s;", a, dst, i);
	E(p, "st.u8 [%s], %s;", a, src ? b : val);
	E(p, "add.u64 %s, %s, 1;", i, i);
	E(p, "bra $W%u_%d;", p->fi, top);
	strbuf_addf(p->o, "$W%u_%d:\n", p->fi, done);
}

static void emit_mem(struct px *p, const struct ir_insn *in)
{
	const char *a = addr(p, in->a);
	if (in->imm <= 0)
		return;
	if (in->imm <= 32) {
		const char *b = in->op == IR_MEMCPY ? addr(p, in->b) : V(p, in->b, IR_U32);
		const char *t = TMP(p, C_R);
		for (int64_t k = 0; k < in->imm; k++) {
			if (in->op == IR_MEMCPY) {
				E(p, "ld.u8 %s, [%s+%" PRId64 "];", t, b, k);
				E(p, "st.u8 [%s+%" PRId64 "], %s;", a, k, t);
			} else {
				E(p, "st.u8 [%s+%" PRId64 "], %s;", a, k, b);
			}
		}
		return;
	}
	const char *n = TMP(p, C_RD);
	E(p, "mov.u64 %s, %" PRId64 ";", n, in->imm);
	if (in->op == IR_MEMCPY)
		byte_loop(p, a, addr(p, in->b), NULL, n);
	else
		byte_loop(p, a, NULL, V(p, in->b, IR_U32), n);
}

/* ---- calls */

/* The address-space helpers of the built-in cuda_runtime.h read the
 * emulator's address tags (bits 40 and up), which GPU addresses do not
 * have: a call of one becomes PTX's own instruction (isspacep, cvta).
 * 1 when in was one of them. */
static int emit_space_call(struct px *p, const struct ir_insn *in, const struct ir_func *callee)
{
	static const struct { const char *name, *op; int pred; } sp[] = {
		{ "__isGlobal", "isspacep.global", 1 }, { "__isShared", "isspacep.shared", 1 },
		{ "__isConstant", "isspacep.const", 1 }, { "__isLocal", "isspacep.local", 1 },
		{ "__cvta_generic_to_global", "cvta.to.global.u64", 0 },
		{ "__cvta_generic_to_shared", "cvta.to.shared.u64", 0 },
		{ "__cvta_generic_to_constant", "cvta.to.const.u64", 0 },
		{ "__cvta_generic_to_local", "cvta.to.local.u64", 0 },
		{ "__cvta_global_to_generic", "cvta.global.u64", 0 },
		{ "__cvta_shared_to_generic", "cvta.shared.u64", 0 },
		{ "__cvta_constant_to_generic", "cvta.const.u64", 0 },
		{ "__cvta_local_to_generic", "cvta.local.u64", 0 },
	};
	if (!callee->name || callee->nparams != 1 || in->nargs < 1 || strncmp(callee->name, "__", 2))
		return 0;
	for (size_t k = 0; k < sizeof(sp) / sizeof(sp[0]); k++) {
		if (strcmp(callee->name, sp[k].name))
			continue;
		char a[48];
		snprintf(a, sizeof(a), "%s", V(p, in->args[0], IR_U64));
		if (sp[k].pred) {
			const char *q = TMP(p, C_P);
			E(p, "%s %s, %s;", sp[k].op, q, a);
			if (in->d >= 0) {
				const char *d = D(p, in->d, IR_U32);
				E(p, "selp.u32 %s, 1, 0, %s;", d, q);
				fin_t(p, IR_U32);
			}
		} else if (in->d >= 0) {
			const char *d = D(p, in->d, IR_U64);
			E(p, "%s %s, %s;", sp[k].op, d, a);
			fin_t(p, IR_U64);
		}
		return 1;
	}
	return 0;
}

static void emit_call(struct px *p, const struct ir_insn *in)
{
	const struct ir_func *callee = NULL;
	if (in->op == IR_CALL) {
		if (in->imm < 0 || (uint64_t)in->imm >= p->m->nfuncs) {
			fail(p, in->span, "call of a function that is not defined for device code");
			return;
		}
		callee = &p->m->funcs[in->imm];
		if (!(callee->kind & FN_DEVICE) || (callee->kind & FN_KERNEL)) {
			fail(p, in->span, "device code calls %s function '%s'",
			     callee->kind & FN_KERNEL ? "kernel" : "host", callee->name);
			return;
		}
		if (emit_space_call(p, in, callee))
			return;
		if (callee->variadic) {
			fail(p, in->span, "call of variadic device function '%s'", callee->name);
			return;
		}
	}
	unsigned rt = in->d >= 0 && in->t != IR_VOID ? in->t : IR_VOID;
	int proto = -1;
	struct strbuf sig;
	strbuf_init(&sig);
	if (in->op == IR_ICALL) {
		proto = p->nproto++;
		strbuf_addf(&sig, "$P%u_%d : .callprototype ", p->fi, proto);
		if (rt != IR_VOID)
			strbuf_addf(&sig, "(.param .%s _) ", ptype(rt));
		strbuf_adds(&sig, "_ (");
		for (int k = 0; k < in->nargs; k++)
			strbuf_addf(&sig, "%s.param .%s _", k ? ", " : "", ptype(p->f->reg_ty[in->args[k]]));
		strbuf_adds(&sig, ");");
	}
	/* argument values before the block, so their conversions land outside */
	const char *vals[64];
	unsigned tys[64];
	/* a direct call passes the callee's parameters: extra arguments are
	 * dropped, as the emulator drops them; missing ones are zero */
	int nargs = callee ? (int)callee->nparams : in->nargs;
	if (nargs > 64) {
		fail(p, in->span, "call with more than 64 arguments");
		strbuf_release(&sig);
		return;
	}
	for (int k = 0; k < nargs; k++) {
		unsigned t = callee ? callee->param_ty[k] : p->f->reg_ty[in->args[k]];
		tys[k] = pass_t(t);
		const char *v = V(p, k < in->nargs ? in->args[k] : -1, tys[k]);
		/* names live in a ring of 16: copy into a temporary of our own */
		const char *c = TMP(p, cls_of(tys[k]));
		E(p, "mov.%s %s, %s;", btype(tys[k]), c, v);
		char *slot = xmalloc(48);
		snprintf(slot, 48, "%s", c);
		vals[k] = slot;
	}
	const char *fptr = in->op == IR_ICALL ? V(p, in->a, IR_PTR) : NULL;
	char fp[48] = "";
	if (fptr)
		snprintf(fp, sizeof(fp), "%s", fptr);
	strbuf_adds(p->o, "\t{\n");
	if (proto >= 0)
		strbuf_addf(p->o, "\t%s\n", strbuf_cstr(&sig));
	for (int k = 0; k < nargs; k++) {
		E(p, ".param .%s a%d;", ptype(tys[k]), k);
		E(p, "st.param.%s [a%d], %s;", ptype(tys[k]), k, vals[k]);
		free((void *)vals[k]);
	}
	unsigned prt = pass_t(rt);
	if (rt != IR_VOID)
		E(p, ".param .%s rv;", ptype(prt));
	strbuf_addf(p->o, "\tcall %s%s, (", rt != IR_VOID ? "(rv), " : "",
		    fptr ? fp : fname(p, (uint32_t)in->imm));
	for (int k = 0; k < nargs; k++)
		strbuf_addf(p->o, "%sa%d", k ? ", " : "", k);
	strbuf_adds(p->o, ")");
	if (proto >= 0)
		strbuf_addf(p->o, ", $P%u_%d", p->fi, proto);
	strbuf_adds(p->o, ";\n");
	if (rt != IR_VOID) {
		const char *d = D(p, in->d, prt);
		E(p, "ld.param.%s %s, [rv];", ptype(prt), d);
		strbuf_adds(p->o, "\t}\n");
		fin_t(p, prt);
	} else {
		strbuf_adds(p->o, "\t}\n");
	}
	strbuf_release(&sig);
}

/* device printf: the variadic arguments packed as vprintf wants them (each
 * at its natural alignment; float promoted to double) */
static void emit_printf(struct px *p, const struct ir_insn *in)
{
	p->need_vprintf = 1;
	if (in->nargs < 1) {
		fail(p, in->span, "printf without a format");
		return;
	}
	uint32_t off = 0;
	uint32_t offs[64];
	unsigned tys[64];
	int n = in->nargs - 1;
	if (n > 64) {
		fail(p, in->span, "printf with more than 64 arguments");
		return;
	}
	for (int k = 0; k < n; k++) {
		unsigned t = p->f->reg_ty[in->args[k + 1]];
		if (t == IR_F32 || t == IR_F16)
			t = IR_F64;
		else if (t == IR_PRED || t == IR_S8 || t == IR_S16)
			t = IR_S32;
		else if (t == IR_U8 || t == IR_U16)
			t = IR_U32;
		uint32_t sz = ir_type_size(t);
		off = (off + sz - 1) & ~(sz - 1);
		offs[k] = off;
		tys[k] = t;
		off += sz;
	}
	const char *fmt = V(p, in->args[0], IR_PTR);
	char fmtc[48];
	snprintf(fmtc, sizeof(fmtc), "%s", fmt);
	const char *buf = TMP(p, C_RD);
	if (n > 0) {
		int id = p->nbuf++;
		strbuf_addf(&p->decl, "\t.local .align 8 .b8 __pf%d[%u];\n", id, off ? off : 8);
		char lb[32];
		snprintf(lb, sizeof(lb), "__pf%d", id);
		const char *la = TMP(p, C_RD);
		E(p, "mov.u64 %s, %s;", la, lb);
		for (int k = 0; k < n; k++) {
			const char *v = V(p, in->args[k + 1], tys[k]);
			E(p, "st.local.%s [%s+%u], %s;", tys[k] == IR_F64 ? "f64" : is64(tys[k]) ? "u64" : "u32", la,
			  offs[k], v);
		}
		E(p, "cvta.local.u64 %s, %s;", buf, la);
	} else {
		E(p, "mov.u64 %s, 0;", buf);
	}
	strbuf_adds(p->o, "\t{\n");
	E(p, ".param .b64 a0;");
	E(p, "st.param.b64 [a0], %s;", fmtc);
	E(p, ".param .b64 a1;");
	E(p, "st.param.b64 [a1], %s;", buf);
	E(p, ".param .b32 rv;");
	E(p, "call (rv), vprintf, (a0, a1);");
	if (in->d >= 0) {
		const char *d = D(p, in->d, IR_S32);
		E(p, "ld.param.b32 %s, [rv];", d);
		strbuf_adds(p->o, "\t}\n");
		fin_t(p, IR_S32);
	} else {
		strbuf_adds(p->o, "\t}\n");
	}
}

static void arg_copy(struct px *p, char (*c)[48], const struct ir_insn *in, int k, unsigned t)
{
	const char *v = k < in->nargs ? V(p, in->args[k], t) : NULL;
	if (!v) {
		const char *z = TMP(p, cls_of(t));
		E(p, "mov.%s %s, 0;", btype(t), z);
		v = z;
	}
	snprintf(c[k], 48, "%s", v);
}

/* call an external function of the CUDA device runtime */
static void ext_call(struct px *p, const char *fn, int nargs, char (*vals)[48], const char *const *ptys,
		     const char *rty, int d, unsigned dt)
{
	strbuf_adds(p->o, "\t{\n");
	for (int k = 0; k < nargs; k++) {
		E(p, ".param .%s a%d;", ptys[k], k);
		E(p, "st.param.%s [a%d], %s;", ptys[k], k, vals[k]);
	}
	if (rty)
		E(p, ".param .%s rv;", rty);
	strbuf_addf(p->o, "\tcall %s%s, (", rty ? "(rv), " : "", fn);
	for (int k = 0; k < nargs; k++)
		strbuf_addf(p->o, "%sa%d", k ? ", " : "", k);
	strbuf_adds(p->o, ");\n");
	if (rty && d >= 0) {
		const char *dn = D(p, d, dt);
		E(p, "ld.param.%s %s, [rv];", rty, dn);
		strbuf_adds(p->o, "\t}\n");
		fin_t(p, dt);
	} else {
		strbuf_adds(p->o, "\t}\n");
	}
}

/* sinf and cosf as libdevice computes them (engine/machine/libm.c,
 * cuda_sincosf: Cody-Waite below 105615, Payne-Hanek with 192 bits of 2/pi
 * above, then the quadrant's polynomial), bit for bit: the PTX subroutine
 * GPU_SINCOSF(a, cosine) */
static const char sincosf_ptx[] =
	".func (.param .f32 rv) " GPU_SINCOSF "(.param .f32 pa, .param .b32 pc)\n"
	"{\n"
	"\t.reg .pred %p<8>;\n\t.reg .f32 %f<16>;\n\t.reg .b32 %r<48>;\n\t.reg .b64 %rd<16>;\n\t.reg .f64 %d<4>;\n"
	"\tld.param.f32 %f0, [pa];\n\tld.param.b32 %r0, [pc];\n"
	"\tabs.f32 %f1, %f0;\n\tsetp.lt.f32 %p0, %f1, 0f47CE4780;\n\tsetp.nan.f32 %p1, %f0, %f0;\n"
	"\tor.pred %p0, %p0, %p1;\n\t@!%p0 bra $Llarge;\n"
	/* Cody-Waite: j the nearest integer to a 2/pi (NaN: 0) */
	"\tmul.rn.f32 %f2, %f0, 0f3F22F983;\n\tcvt.rni.s32.f32 %r1, %f2;\n\tcvt.rn.f32.s32 %f3, %r1;\n"
	"\tfma.rn.f32 %f4, %f3, 0fBFC90FDA, %f0;\n\tfma.rn.f32 %f4, %f3, 0fB3A22168, %f4;\n"
	"\tfma.rn.f32 %f4, %f3, 0fA7C234C5, %f4;\n\tbra $Lpoly;\n"
	"$Llarge:\n"
	"\ttestp.infinite.f32 %p2, %f0;\n\t@!%p2 bra $Lph;\n"
	"\tmul.rn.f32 %f4, %f0, 0f00000000;\n\tmov.b32 %r1, 0;\n\tbra $Lpoly;\n"
	"$Lph:\n"
	"\tmov.b32 %r2, %f0;\n\tand.b32 %r3, %r2, -2147483648;\n"        /* sign */
	"\tbfe.u32 %r4, %r2, 23, 8;\n\tsub.s32 %r4, %r4, 128;\n"           /* e */
	"\tshl.b32 %r5, %r2, 8;\n\tor.b32 %r5, %r5, -2147483648;\n"        /* mant */
	/* res[0..6] = 2/pi (192 bits) * mant */
	"\tmov.b64 %rd0, 0;\n"
	"\tmov.b32 %r10, 0x3c439041;\n\tmad.wide.u32 %rd1, %r10, %r5, %rd0;\n\tcvt.u32.u64 %r20, %rd1;\n\tshr.u64 %rd0, %rd1, 32;\n"
	"\tmov.b32 %r10, 0xdb629599;\n\tmad.wide.u32 %rd1, %r10, %r5, %rd0;\n\tcvt.u32.u64 %r21, %rd1;\n\tshr.u64 %rd0, %rd1, 32;\n"
	"\tmov.b32 %r10, 0xf534ddc0;\n\tmad.wide.u32 %rd1, %r10, %r5, %rd0;\n\tcvt.u32.u64 %r22, %rd1;\n\tshr.u64 %rd0, %rd1, 32;\n"
	"\tmov.b32 %r10, 0xfc2757d1;\n\tmad.wide.u32 %rd1, %r10, %r5, %rd0;\n\tcvt.u32.u64 %r23, %rd1;\n\tshr.u64 %rd0, %rd1, 32;\n"
	"\tmov.b32 %r10, 0x4e441529;\n\tmad.wide.u32 %rd1, %r10, %r5, %rd0;\n\tcvt.u32.u64 %r24, %rd1;\n\tshr.u64 %rd0, %rd1, 32;\n"
	"\tmov.b32 %r10, 0xa2f9836e;\n\tmad.wide.u32 %rd1, %r10, %r5, %rd0;\n\tcvt.u32.u64 %r25, %rd1;\n\tshr.u64 %rd0, %rd1, 32;\n"
	"\tcvt.u32.u64 %r26, %rd0;\n"
	/* idx = 4 - (e >> 5) in 1..4: hi = res[idx + 2], lo = res[idx + 1], lo2 = res[idx] */
	"\tshr.s32 %r6, %r4, 5;\n\tmov.b32 %r7, 4;\n\tsub.s32 %r7, %r7, %r6;\n\tand.b32 %r8, %r4, 31;\n"
	"\tsetp.eq.s32 %p3, %r7, 1;\n\tsetp.eq.s32 %p4, %r7, 2;\n\tsetp.eq.s32 %p5, %r7, 3;\n"
	"\tselp.b32 %r30, %r23, %r26, %p3;\n\tselp.b32 %r30, %r24, %r30, %p4;\n\tselp.b32 %r30, %r25, %r30, %p5;\n"
	"\tselp.b32 %r31, %r22, %r25, %p3;\n\tselp.b32 %r31, %r23, %r31, %p4;\n\tselp.b32 %r31, %r24, %r31, %p5;\n"
	"\tselp.b32 %r32, %r21, %r24, %p3;\n\tselp.b32 %r32, %r22, %r32, %p4;\n\tselp.b32 %r32, %r23, %r32, %p5;\n"
	/* shift by sh (PTX: a shift by 32 gives 0, as sh == 0 needs) */
	"\tmov.b32 %r9, 32;\n\tsub.s32 %r9, %r9, %r8;\n"
	"\tshl.b32 %r33, %r30, %r8;\n\tshr.b32 %r34, %r31, %r9;\n\tadd.s32 %r30, %r33, %r34;\n"
	"\tshl.b32 %r33, %r31, %r8;\n\tshr.b32 %r34, %r32, %r9;\n\tadd.s32 %r31, %r33, %r34;\n"
	/* q = hi >> 30; hi = hi << 2 + lo >> 30; lo <<= 2; up = hi >> 31 */
	"\tshr.b32 %r35, %r30, 30;\n\tshl.b32 %r33, %r30, 2;\n\tshr.b32 %r34, %r31, 30;\n\tadd.s32 %r30, %r33, %r34;\n"
	"\tshl.b32 %r31, %r31, 2;\n\tshr.b32 %r36, %r30, 31;\n\tadd.s32 %r35, %r35, %r36;\n"
	"\tsetp.ne.b32 %p3, %r3, 0;\n\tneg.s32 %r37, %r35;\n\tselp.b32 %r35, %r37, %r35, %p3;\n"
	"\tsetp.ne.b32 %p4, %r36, 0;\n\tnot.b32 %r37, %r30;\n\tselp.b32 %r30, %r37, %r30, %p4;\n"
	"\tnot.b32 %r37, %r31;\n\tselp.b32 %r31, %r37, %r31, %p4;\n"
	"\txor.b32 %r37, %r3, -2147483648;\n\tselp.b32 %r3, %r37, %r3, %p4;\n"
	"\tmov.b64 %rd2, {%r31, %r30};\n\tcvt.rn.f64.s64 %d0, %rd2;\n\tmul.rn.f64 %d0, %d0, 0d3BF921FB54442D19;\n"
	"\tcvt.rn.f32.f64 %f4, %d0;\n\tsetp.ne.b32 %p3, %r3, 0;\n\tneg.f32 %f5, %f4;\n\tselp.f32 %f4, %f5, %f4, %p3;\n"
	"\tmov.b32 %r1, %r35;\n"
	"$Lpoly:\n"
	/* the quadrant's polynomial in t = %f4, quadrant %r1 */
	"\tadd.s32 %r1, %r1, %r0;\n\tmul.rn.f32 %f6, %f4, %f4;\n\tand.b32 %r2, %r1, 1;\n\tsetp.ne.b32 %p6, %r2, 0;\n"
	"\tselp.f32 %f7, 0f3F800000, %f4, %p6;\n\tfma.rn.f32 %f8, %f6, %f7, 0f00000000;\n"
	"\tfma.rn.f32 %f9, 0f37CBAC00, %f6, 0fBAB607ED;\n\tselp.f32 %f9, %f9, 0fB94D4153, %p6;\n"
	"\tselp.f32 %f10, 0f3D2AAABB, 0f3C0885E4, %p6;\n\tfma.rn.f32 %f9, %f9, %f6, %f10;\n"
	"\tselp.f32 %f10, 0fBEFFFFFF, 0fBE2AAAA8, %p6;\n\tfma.rn.f32 %f9, %f9, %f6, %f10;\n"
	"\tfma.rn.f32 %f11, %f9, %f8, %f7;\n"
	"\tand.b32 %r2, %r1, 2;\n\tsetp.ne.b32 %p7, %r2, 0;\n\tfma.rn.f32 %f12, %f11, 0fBF800000, 0f00000000;\n"
	"\tselp.f32 %f11, %f12, %f11, %p7;\n"
	"\tst.param.f32 [rv], %f11;\n\tret;\n}\n";

/* Double-precision functions, which have no PTX instruction and no
 * libdevice at JIT time: PTX subroutines (__ws_dNAME, generated by
 * tools/gen-dmath.py) accurate to about an ulp, not libdevice's bits: exp by
 * k ln2 + r and a degree-14 polynomial; log by 2 atanh((m-1)/(m+1)); sin,
 * cos by a three-part Cody-Waite reduction (accurate for |x| below 2^26)
 * and the quadrant's polynomial; atan by two reductions and a series; asin,
 * acos, atan2 from atan; pow, cbrt, sinh, cosh, tanh, expm1, log1p, exp2,
 * log2, log10 from those; hypot scaled; erf by its series below 3 and
 * erfc's continued fraction above */
#include "dmath_ptx.h"

/* the built-ins dmath_ptx implements, with their argument counts */
static const struct { int id; const char *name; int nargs; } dmath_fns[] = {
	{ BI_sin, "sin", 1 }, { BI_cos, "cos", 1 }, { BI_tan, "tan", 1 }, { BI_exp, "exp", 1 },
	{ BI_exp2, "exp2", 1 }, { BI_expm1, "expm1", 1 }, { BI_log, "log", 1 }, { BI_log2, "log2", 1 },
	{ BI_log10, "log10", 1 }, { BI_log1p, "log1p", 1 }, { BI_pow, "pow", 2 }, { BI_atan, "atan", 1 },
	{ BI_atan2, "atan2", 2 }, { BI_asin, "asin", 1 }, { BI_acos, "acos", 1 }, { BI_cbrt, "cbrt", 1 },
	{ BI_hypot, "hypot", 2 }, { BI_sinh, "sinh", 1 }, { BI_cosh, "cosh", 1 }, { BI_tanh, "tanh", 1 },
	{ BI_erf, "erf", 1 },
};

/* a call of one of them: 1, else 0 */
static int emit_dmath(struct px *p, const struct ir_insn *in, int id)
{
	for (size_t k = 0; k < sizeof(dmath_fns) / sizeof(dmath_fns[0]); k++) {
		if (dmath_fns[k].id != id)
			continue;
		char v[2][48], fn[48];
		for (int a = 0; a < dmath_fns[k].nargs; a++)
			arg_copy(p, v, in, a, IR_F64);
		static const char *const pt[] = { "f64", "f64" };
		snprintf(fn, sizeof(fn), "__ws_d%s", dmath_fns[k].name);
		p->need_dmath = 1;
		ext_call(p, fn, dmath_fns[k].nargs, v, pt, "f64", in->d, IR_F64);
		return 1;
	}
	return 0;
}

static int emit_pure(struct px *p, const struct ir_insn *in, int id);

/* the thread's linear index in the grid into rd (a .b64 register) */
static void grid_thread(struct px *p, const char *rd)
{
	const char *a = TMP(p, C_R), *b = TMP(p, C_R), *c = TMP(p, C_R);
	E(p, "mov.u32 %s, %%ctaid.z;", a);
	E(p, "mov.u32 %s, %%nctaid.y;", b);
	E(p, "mov.u32 %s, %%ctaid.y;", c);
	E(p, "mad.lo.u32 %s, %s, %s, %s;", a, a, b, c);
	E(p, "mov.u32 %s, %%nctaid.x;", b);
	E(p, "mov.u32 %s, %%ctaid.x;", c);
	E(p, "mad.lo.u32 %s, %s, %s, %s;", a, a, b, c);   /* block */
	E(p, "mov.u32 %s, %%ntid.x;", b);
	E(p, "mov.u32 %s, %%ntid.y;", c);
	E(p, "mul.lo.u32 %s, %s, %s;", b, b, c);
	E(p, "mov.u32 %s, %%ntid.z;", c);
	E(p, "mul.lo.u32 %s, %s, %s;", b, b, c);           /* threads a block */
	E(p, "mul.wide.u32 %s, %s, %s;", rd, a, b);
	E(p, "mov.u32 %s, %%tid.z;", a);
	E(p, "mov.u32 %s, %%ntid.y;", b);
	E(p, "mov.u32 %s, %%tid.y;", c);
	E(p, "mad.lo.u32 %s, %s, %s, %s;", a, a, b, c);
	E(p, "mov.u32 %s, %%ntid.x;", b);
	E(p, "mov.u32 %s, %%tid.x;", c);
	E(p, "mad.lo.u32 %s, %s, %s, %s;", a, a, b, c);
	char t[48];
	snprintf(t, sizeof(t), "%s", TMP(p, C_RD));
	E(p, "cvt.u64.u32 %s, %s;", t, a);
	E(p, "add.u64 %s, %s, %s;", rd, rd, t);
}

/* the address of this thread's pipeline cursor (head in the low word,
 * tail in the high one) in the backend's per-thread table, into rd */
static void pipe_cursor(struct px *p, const char *rd)
{
	p->need_pipe = 1;
	char t[48];
	snprintf(t, sizeof(t), "%s", TMP(p, C_RD));
	grid_thread(p, rd);
	E(p, "ld.global.u64 %s, [%s];", t, GPU_PIPE_HT);
	E(p, "mad.lo.u64 %s, %s, 8, %s;", rd, rd, t);
}

/* Asynchronous copies (cp.async, cuda::memcpy_async, cuda::pipeline) on
 * the GPU: each thread copies its share of a copy at once, so a batch has
 * landed when it is committed and the waits have nothing to wait for; the
 * order the program needs comes from its barriers, mbarriers and pipeline
 * stages, which keep their semantics. A pipeline's shared state (2 *
 * stages + 1 words) holds the stages, producers and consumers (word 0),
 * each stage's commits and releases (cumulative counts); each thread's
 * head and tail are in GPU_PIPE_HT. */
static int emit_async(struct px *p, const struct ir_insn *in, int id)
{
	char v[10][48];
	switch (id) {
	case BI___ws_acp_issue: {
		/* dst, src, size, zfill, kind, sync, rank, nthreads, align, chunk:
		 * rank's contiguous share of size bytes, the last zfill of them zeros */
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_PTR);
		arg_copy(p, v, in, 2, IR_U64);
		arg_copy(p, v, in, 3, IR_U64);
		arg_copy(p, v, in, 6, IR_U32);
		arg_copy(p, v, in, 7, IR_U32);
		const char *n = TMP(p, C_RD), *per = TMP(p, C_RD), *i = TMP(p, C_RD), *end = TMP(p, C_RD);
		const char *keep = TMP(p, C_RD), *pa = TMP(p, C_RD);
		char nn[48], pp[48], ii[48], ee[48], kk[48], aa[48];
		snprintf(nn, 48, "%s", n);
		snprintf(pp, 48, "%s", per);
		snprintf(ii, 48, "%s", i);
		snprintf(ee, 48, "%s", end);
		snprintf(kk, 48, "%s", keep);
		snprintf(aa, 48, "%s", pa);
		const char *q = TMP(p, C_P);
		char qq[48];
		snprintf(qq, 48, "%s", q);
		const char *b = TMP(p, C_R);
		char bb[48];
		snprintf(bb, 48, "%s", b);
		int top = label(p), done = label(p), zero = label(p), put = label(p);
		E(p, "cvt.u64.u32 %s, %s;", nn, v[7]);
		E(p, "max.u64 %s, %s, 1;", nn, nn);
		E(p, "add.u64 %s, %s, %s;", pp, v[2], nn);
		E(p, "sub.u64 %s, %s, 1;", pp, pp);
		E(p, "div.u64 %s, %s, %s;", pp, pp, nn);
		E(p, "cvt.u64.u32 %s, %s;", ii, v[6]);
		E(p, "mul.lo.u64 %s, %s, %s;", ii, ii, pp);
		E(p, "add.u64 %s, %s, %s;", ee, ii, pp);
		E(p, "min.u64 %s, %s, %s;", ee, ee, v[2]);
		E(p, "sub.u64 %s, %s, %s;", kk, v[2], v[3]);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, top);
		E(p, "setp.ge.u64 %s, %s, %s;", qq, ii, ee);
		E(p, "@%s bra $W%u_%d;", qq, p->fi, done);
		E(p, "setp.ge.u64 %s, %s, %s;", qq, ii, kk);
		E(p, "@%s bra $W%u_%d;", qq, p->fi, zero);
		E(p, "add.u64 %s, %s, %s;", aa, v[1], ii);
		E(p, "ld.u8 %s, [%s];", bb, aa);
		E(p, "bra $W%u_%d;", p->fi, put);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, zero);
		E(p, "mov.u32 %s, 0;", bb);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, put);
		E(p, "add.u64 %s, %s, %s;", aa, v[0], ii);
		E(p, "st.u8 [%s], %s;", aa, bb);
		E(p, "add.u64 %s, %s, 1;", ii, ii);
		E(p, "bra $W%u_%d;", p->fi, top);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, done);
		return 1;
	}
	case BI___ws_acp_commit: case BI___ws_acp_wait_prior: case BI___ws_acp_arrive_on:
		/* the copies landed when they were issued */
		return 1;
	case BI___ws_bar_phase: {
		/* the current phase's parity: the phase of parity 0 completed
		 * means the barrier is in an odd phase */
		if (p->arch < 80) {
			fail(p, in->span, "mbarrier parity waits need sm_80 or newer (target sm_%d)", p->arch);
			return 1;
		}
		arg_copy(p, v, in, 0, IR_PTR);
		const char *q = TMP(p, C_P);
		E(p, "mbarrier.test_wait.parity.b64 %s, [%s], 0;", q, v[0]);
		if (in->d >= 0) {
			const char *d = D(p, in->d, IR_U64);
			E(p, "selp.u64 %s, 1, 0, %s;", d, q);
			fin_t(p, IR_U64);
		}
		return 1;
	}
	case BI___ws_pipe_make: {
		/* every thread of the block: thread 0 clears the state, then
		 * each counts itself as producer and/or consumer */
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_U32);
		arg_copy(p, v, in, 2, IR_S32);
		char t[48], w[48], q[48], c[48], a[48];
		snprintf(t, 48, "%s", TMP(p, C_R));
		snprintf(w, 48, "%s", TMP(p, C_RD));
		snprintf(q, 48, "%s", TMP(p, C_P));
		snprintf(c, 48, "%s", TMP(p, C_RD));
		snprintf(a, 48, "%s", TMP(p, C_RD));
		int skip = label(p), top = label(p);
		E(p, "mov.u32 %s, %%tid.x;", t);
		E(p, "{ .reg .b32 %%y, %%z; mov.u32 %%y, %%tid.y; mov.u32 %%z, %%tid.z; or.b32 %s, %s, %%y; or.b32 %s, %s, %%z; }",
		  t, t, t, t);
		E(p, "setp.ne.u32 %s, %s, 0;", q, t);
		E(p, "@%s bra $W%u_%d;", q, p->fi, skip);
		E(p, "cvt.u64.u32 %s, %s;", c, v[1]);
		E(p, "st.u64 [%s], %s;", v[0], c);
		E(p, "shl.b64 %s, %s, 4;", c, c);     /* 2 * stages words of 8 bytes */
		E(p, "mov.u64 %s, 0;", w);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, top);
		E(p, "add.u64 %s, %s, 8;", w, w);
		E(p, "add.u64 %s, %s, %s;", a, v[0], w);
		E(p, "st.u64 [%s], 0;", a);
		E(p, "setp.lt.u64 %s, %s, %s;", q, w, c);
		E(p, "@%s bra $W%u_%d;", q, p->fi, top);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, skip);
		E(p, "barrier.sync 0;");
		/* role 0: both (1 << 32 | 1 << 48), 1: producer, 2: consumer */
		E(p, "setp.eq.s32 %s, %s, 1;", q, v[2]);
		E(p, "selp.u64 %s, 4294967296, 0, %s;", c, q);
		E(p, "setp.eq.s32 %s, %s, 2;", q, v[2]);
		E(p, "selp.u64 %s, 281474976710656, %s, %s;", c, c, q);
		E(p, "setp.eq.s32 %s, %s, 0;", q, v[2]);
		E(p, "selp.u64 %s, 281479271677952, %s, %s;", c, c, q);
		E(p, "atom.add.u64 %s, [%s], %s;", a, v[0], c);
		pipe_cursor(p, a);
		E(p, "st.global.u64 [%s], 0;", a);
		return 1;
	}
	case BI___ws_pipe_op: {
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_S32);
		char cur[48], hw[48], st[48], cnt[48], k[48], r[48], s[48], a[48], x[48], want[48], q[48];
		snprintf(cur, 48, "%s", TMP(p, C_RD));
		snprintf(hw, 48, "%s", TMP(p, C_RD));
		snprintf(st, 48, "%s", TMP(p, C_RD));
		snprintf(cnt, 48, "%s", TMP(p, C_RD));
		snprintf(k, 48, "%s", TMP(p, C_RD));
		snprintf(r, 48, "%s", TMP(p, C_RD));
		snprintf(s, 48, "%s", TMP(p, C_RD));
		snprintf(a, 48, "%s", TMP(p, C_RD));
		snprintf(x, 48, "%s", TMP(p, C_RD));
		snprintf(want, 48, "%s", TMP(p, C_RD));
		snprintf(q, 48, "%s", TMP(p, C_P));
		char res[48];
		snprintf(res, 48, "%s", TMP(p, C_R));
		int lacq = label(p), lcom = label(p), lwait = label(p), lrel = label(p), spin1 = label(p),
		    spin2 = label(p), out = label(p), cons = label(p);
		pipe_cursor(p, cur);
		E(p, "ld.global.u64 %s, [%s];", hw, cur);
		E(p, "ld.relaxed.cta.u64 %s, [%s];", st, v[0]);
		E(p, "and.b64 %s, %s, 4294967295;", cnt, st);    /* stages */
		E(p, "max.u64 %s, %s, 1;", cnt, cnt);
		E(p, "mov.u32 %s, 1;", res);
		/* producer ops work on the head, consumer ops on the tail */
		E(p, "setp.ge.s32 %s, %s, 2;", q, v[1]);
		E(p, "@%s bra $W%u_%d;", q, p->fi, cons);
		E(p, "and.b64 %s, %s, 4294967295;", k, hw);
		E(p, "bra $W%u_%d;", p->fi, lacq);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, cons);
		E(p, "shr.u64 %s, %s, 32;", k, hw);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, lacq);
		E(p, "rem.u64 %s, %s, %s;", s, k, cnt);          /* stage */
		E(p, "div.u64 %s, %s, %s;", r, k, cnt);          /* its use */
		E(p, "setp.eq.s32 %s, %s, 1;", q, v[1]);
		E(p, "@%s bra $W%u_%d;", q, p->fi, lcom);
		E(p, "setp.eq.s32 %s, %s, 3;", q, v[1]);
		E(p, "@%s bra $W%u_%d;", q, p->fi, lrel);
		E(p, "setp.ge.s32 %s, %s, 2;", q, v[1]);
		E(p, "@%s bra $W%u_%d;", q, p->fi, lwait);
		/* 0 producer_acquire: the consumers released the stage's last use */
		E(p, "shr.u64 %s, %s, 48;", want, st);
		E(p, "mul.lo.u64 %s, %s, %s;", want, want, r);
		E(p, "add.u64 %s, %s, %s;", a, s, cnt);
		E(p, "add.u64 %s, %s, 1;", a, a);
		E(p, "mad.lo.u64 %s, %s, 8, %s;", a, a, v[0]);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, spin1);
		E(p, "ld.acquire.cta.u64 %s, [%s];", x, a);
		E(p, "setp.lt.u64 %s, %s, %s;", q, x, want);
		E(p, "@%s bra $W%u_%d;", q, p->fi, spin1);
		E(p, "bra $W%u_%d;", p->fi, out);
		/* 1 producer_commit */
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, lcom);
		E(p, "add.u64 %s, %s, 1;", a, s);
		E(p, "mad.lo.u64 %s, %s, 8, %s;", a, a, v[0]);
		E(p, "atom.release.cta.add.u64 %s, [%s], 1;", x, a);
		E(p, "add.u64 %s, %s, 1;", hw, hw);
		E(p, "st.global.u64 [%s], %s;", cur, hw);
		E(p, "bra $W%u_%d;", p->fi, out);
		/* 3 consumer_release */
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, lrel);
		E(p, "add.u64 %s, %s, %s;", a, s, cnt);
		E(p, "add.u64 %s, %s, 1;", a, a);
		E(p, "mad.lo.u64 %s, %s, 8, %s;", a, a, v[0]);
		E(p, "atom.release.cta.add.u64 %s, [%s], 1;", x, a);
		E(p, "add.u64 %s, %s, 4294967296;", hw, hw);
		E(p, "st.global.u64 [%s], %s;", cur, hw);
		E(p, "bra $W%u_%d;", p->fi, out);
		/* 2 consumer_wait (4: only test): every producer committed the stage */
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, lwait);
		E(p, "shr.u64 %s, %s, 32;", want, st);
		E(p, "and.b64 %s, %s, 65535;", want, want);
		E(p, "add.u64 %s, %s, 1;", r, r);
		E(p, "mul.lo.u64 %s, %s, %s;", want, want, r);
		E(p, "add.u64 %s, %s, 1;", a, s);
		E(p, "mad.lo.u64 %s, %s, 8, %s;", a, a, v[0]);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, spin2);
		E(p, "ld.acquire.cta.u64 %s, [%s];", x, a);
		E(p, "setp.ge.u64 %s, %s, %s;", q, x, want);
		E(p, "selp.u32 %s, 1, 0, %s;", res, q);
		E(p, "@%s bra $W%u_%d;", q, p->fi, out);
		E(p, "setp.eq.s32 %s, %s, 2;", q, v[1]);
		E(p, "@%s bra $W%u_%d;", q, p->fi, spin2);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, out);
		if (in->d >= 0) {
			const char *d = D(p, in->d, IR_S32);
			E(p, "mov.b32 %s, %s;", d, res);
			fin_t(p, IR_S32);
		}
		return 1;
	}
	default:
		return 0;
	}
}

/* The value of register r of function f when it is a compile-time
 * constant (a CONST, or MOV, CVT, ADD, SUB, MUL, DIV of constants, or the
 * call of a function that returns one, as the built-in headers compute a
 * built-in's selector): 1 and *v, else 0. */
static int const_of(const struct ir_module *m, const struct ir_func *f, int r, int64_t *v, int depth)
{
	if (r < 0 || (uint32_t)r >= f->nregs || (uint32_t)r < f->nparams || depth > 8)
		return 0;
	const struct ir_insn *def = NULL;
	for (uint32_t i = 0; i < f->ncode; i++)
		if (f->code[i].d == r && f->code[i].op != IR_NOP) {
			if (def)
				return 0;       /* assigned twice: not a constant */
			def = &f->code[i];
		}
	if (!def)
		return 0;
	int64_t a, b;
	switch (def->op) {
	case IR_CONST:
		*v = def->imm;
		return !is_float(def->t);
	case IR_MOV: case IR_CVT:
		if (is_float(def->t) || (def->op == IR_CVT && is_float(def->t2)))
			return 0;
		return const_of(m, f, def->a, v, depth + 1);
	case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV:
		if (is_float(def->t) || !const_of(m, f, def->a, &a, depth + 1) || !const_of(m, f, def->b, &b, depth + 1))
			return 0;
		if (def->op == IR_DIV && b == 0)
			return 0;
		*v = def->op == IR_ADD ? a + b : def->op == IR_SUB ? a - b : def->op == IR_MUL ? a * b : a / b;
		return 1;
	case IR_CALL: {
		if (def->imm < 0 || (uint64_t)def->imm >= m->nfuncs)
			return 0;
		const struct ir_func *g = &m->funcs[def->imm];
		int found = 0;
		int64_t w = 0;
		for (uint32_t i = 0; i < g->ncode; i++)
			if (g->code[i].op == IR_RET && g->code[i].a >= 0) {
				int64_t x;
				if (!const_of(m, g, g->code[i].a, &x, depth + 1) || (found && x != w))
					return 0;
				w = x;
				found = 1;
			}
		*v = w;
		return found;
	}
	default:
		return 0;
	}
}

/* the texel type a texture template was instantiated with, from the
 * function's name (tex2D<uchar4>(...)): 'f' float, 's' signed, 'u'
 * unsigned; 0 when the name does not say */
static int texel_kind(const char *name)
{
	const char *l = name ? strchr(name, '<') : NULL;
	if (!l)
		return 0;
	l++;
	if (!strncmp(l, "struct ", 7))
		l += 7;
	if (!strncmp(l, "float", 5))
		return 'f';
	if (!strncmp(l, "unsigned", 8) || !strncmp(l, "uchar", 5) || !strncmp(l, "ushort", 6) ||
	    !strncmp(l, "uint", 4) || !strncmp(l, "ulong", 5))
		return 'u';
	if (!strncmp(l, "char", 4) || !strncmp(l, "signed", 6) || !strncmp(l, "short", 5) ||
	    !strncmp(l, "int", 3) || !strncmp(l, "long", 4))
		return 's';
	return 0;
}

/* the GPU's texture or surface object for the emulator's handle in h (the
 * backend keeps the table GPU_TEX_MAP, indexed by the handle) into rd */
static void tex_handle(struct px *p, const char *h, const char *rd)
{
	p->need_tex = 1;
	char t[48];
	snprintf(t, sizeof(t), "%s", TMP(p, C_RD));
	E(p, "and.b64 %s, %s, %d;", t, h, GPU_TEX_MAX - 1);
	E(p, "mov.u64 %s, %s;", rd, GPU_TEX_MAP);
	E(p, "mad.lo.u64 %s, %s, 8, %s;", t, t, rd);
	E(p, "ld.global.u64 %s, [%s];", rd, t);
}

/* __ws_tex(obj, op, x, y, z, layer, lod, dPdx xyz, dPdy xyz, out, fmt): a
 * tex or tld4 instruction; op and fmt must be constants (the header's
 * templates make them so) */
static void emit_tex(struct px *p, const struct ir_insn *in)
{
	int64_t op, fmt;
	if (in->nargs < 15 || !const_of(p->m, p->f, in->args[1], &op, 0) || !const_of(p->m, p->f, in->args[14], &fmt, 0)) {
		fail(p, in->span, "a texture fetch whose function or result type is not a constant");
		return;
	}
	int kind = texel_kind(p->f->name);
	int n = (int)(fmt >> 3), size = (int)(fmt & 7);
	if (!kind || n < 1 || n > 4 || (size != 1 && size != 2 && size != 4) || (kind == 'f' && size != 4)) {
		fail(p, in->span, "a texture fetch of a type the PTX lowering does not know (%s)", p->f->name);
		return;
	}
	int base = (int)(op & 15), lod = (op & 0x10) != 0, grad = (op & 0x20) != 0;
	const char *dt = kind == 'f' ? "f32" : kind == 's' ? "s32" : "u32";
	char h[48], x[48], y[48], z[48], layer[48], lv[48], g[6][48], out[48], r[4][48];
	snprintf(h, 48, "%s", TMP(p, C_RD));
	tex_handle(p, V(p, in->args[0], IR_U64), h);
	snprintf(x, 48, "%s", V(p, in->args[2], IR_F32));
	snprintf(y, 48, "%s", V(p, in->args[3], IR_F32));
	snprintf(z, 48, "%s", V(p, in->args[4], IR_F32));
	snprintf(layer, 48, "%s", V(p, in->args[5], IR_S32));
	snprintf(lv, 48, "%s", V(p, in->args[6], IR_F32));
	for (int k = 0; k < 6; k++)
		snprintf(g[k], 48, "%s", V(p, in->args[7 + k], IR_F32));
	snprintf(out, 48, "%s", V(p, in->args[13], IR_PTR));
	enum cls rc = kind == 'f' ? C_F : C_R;
	for (int k = 0; k < 4; k++)
		snprintf(r[k], 48, "%s", TMP(p, rc));
	char dst[200];
	snprintf(dst, sizeof(dst), "{%s, %s, %s, %s}", r[0], r[1], r[2], r[3]);
	const char *geo = NULL;
	char co[200] = "";
	int gdim = 1;
	switch (base) {
	case 0: /* tex1Dfetch: the integer index is in layer */
		E(p, "tex.1d.v4.%s.s32 %s, [%s, {%s}];", dt, dst, h, layer);
		goto store;
	case 1: geo = "1d"; snprintf(co, sizeof(co), "{%s}", x); gdim = 1; break;
	case 2: geo = "2d"; snprintf(co, sizeof(co), "{%s, %s}", x, y); gdim = 2; break;
	case 3: geo = "3d"; snprintf(co, sizeof(co), "{%s, %s, %s, %s}", x, y, z, z); gdim = 4; break;
	case 4: geo = "a1d"; snprintf(co, sizeof(co), "{%s, %s}", layer, x); gdim = 1; break;
	case 5: geo = "a2d"; snprintf(co, sizeof(co), "{%s, %s, %s, %s}", layer, x, y, y); gdim = 2; break;
	case 6: geo = "cube"; snprintf(co, sizeof(co), "{%s, %s, %s, %s}", x, y, z, z); gdim = 4; break;
	case 7: geo = "acube"; snprintf(co, sizeof(co), "{%s, %s, %s, %s}", layer, x, y, z); gdim = 4; break;
	case 8: {
		/* tex2Dgather: the component (in layer) picks tld4.r/g/b/a */
		int64_t comp;
		static const char *const rgba[] = { "r", "g", "b", "a" };
		if (const_of(p->m, p->f, in->args[5], &comp, 0)) {
			E(p, "tld4.%s.2d.v4.%s.f32 %s, [%s, {%s, %s}];", rgba[comp & 3], dt, dst, h, x, y);
		} else {
			char q[48];
			snprintf(q, 48, "%s", TMP(p, C_P));
			int done = label(p);
			for (int c = 0; c < 4; c++) {
				int next = label(p);
				E(p, "setp.ne.s32 %s, %s, %d;", q, layer, c);
				E(p, "@%s bra $W%u_%d;", q, p->fi, next);
				E(p, "tld4.%s.2d.v4.%s.f32 %s, [%s, {%s, %s}];", rgba[c], dt, dst, h, x, y);
				E(p, "bra $W%u_%d;", p->fi, done);
				strbuf_addf(p->o, "$W%u_%d:\n", p->fi, next);
			}
			E(p, "tld4.r.2d.v4.%s.f32 %s, [%s, {%s, %s}];", dt, dst, h, x, y);
			strbuf_addf(p->o, "$W%u_%d:\n", p->fi, done);
		}
		goto store;
	}
	default:
		fail(p, in->span, "texture function %d is not lowered to PTX", base);
		return;
	}
	if (grad) {
		char gx[240], gy[240];
		if (gdim == 1) {
			snprintf(gx, sizeof(gx), "{%s}", g[0]);
			snprintf(gy, sizeof(gy), "{%s}", g[3]);
		} else if (gdim == 2) {
			snprintf(gx, sizeof(gx), "{%s, %s}", g[0], g[1]);
			snprintf(gy, sizeof(gy), "{%s, %s}", g[3], g[4]);
		} else {
			snprintf(gx, sizeof(gx), "{%s, %s, %s, %s}", g[0], g[1], g[2], g[2]);
			snprintf(gy, sizeof(gy), "{%s, %s, %s, %s}", g[3], g[4], g[5], g[5]);
		}
		E(p, "tex.grad.%s.v4.%s.f32 %s, [%s, %s], %s, %s;", geo, dt, dst, h, co, gx, gy);
	} else if (lod) {
		E(p, "tex.level.%s.v4.%s.f32 %s, [%s, %s], %s;", geo, dt, dst, h, co, lv);
	} else {
		E(p, "tex.%s.v4.%s.f32 %s, [%s, %s];", geo, dt, dst, h, co);
	}
store:
	for (int k = 0; k < n; k++) {
		const char *st = kind == 'f' ? "f32" : size == 1 ? "u8" : size == 2 ? "u16" : "u32";
		E(p, "st.%s [%s+%d], %s;", st, out, k * size, r[k]);
	}
}

/* __ws_surf(obj, op, x bytes, y, z, layer, data, size, mode): suld.b or
 * sust.b of size bytes with the boundary mode; op, size and mode constants */
static void emit_surf(struct px *p, const struct ir_insn *in)
{
	int64_t op, size, mode = -1;
	if (in->nargs < 9 || !const_of(p->m, p->f, in->args[1], &op, 0) || !const_of(p->m, p->f, in->args[7], &size, 0)) {
		fail(p, in->span, "a surface access whose function or size is not a constant");
		return;
	}
	/* the boundary mode is the templates' parameter: a branch per mode
	 * when the caller's constant is not visible here */
	if (!const_of(p->m, p->f, in->args[8], &mode, 0))
		mode = -1;
	int write = (op & 0x100) != 0, dims = (int)(op & 0xff);
	const char *ty = size == 1 ? "b8" : size == 2 ? "b16" : size == 4 ? "b32" : size == 8 ? "v2.b32" :
			 size == 16 ? "v4.b32" : NULL;
	if (!ty || dims < 1 || dims > 7) {
		fail(p, in->span, "a surface access of %d bytes is not lowered to PTX", (int)size);
		return;
	}
	char h[48], x[48], y[48], z[48], layer[48], data[48], co[200], r[4][48];
	snprintf(h, 48, "%s", TMP(p, C_RD));
	tex_handle(p, V(p, in->args[0], IR_U64), h);
	snprintf(x, 48, "%s", V(p, in->args[2], IR_S32));
	snprintf(y, 48, "%s", V(p, in->args[3], IR_S32));
	snprintf(z, 48, "%s", V(p, in->args[4], IR_S32));
	snprintf(layer, 48, "%s", V(p, in->args[5], IR_S32));
	snprintf(data, 48, "%s", V(p, in->args[6], IR_PTR));
	const char *geo;
	switch (dims) {
	case 1: geo = "1d"; snprintf(co, sizeof(co), "{%s}", x); break;
	case 2: geo = "2d"; snprintf(co, sizeof(co), "{%s, %s}", x, y); break;
	case 3: geo = "3d"; snprintf(co, sizeof(co), "{%s, %s, %s, %s}", x, y, z, z); break;
	case 4: geo = "a1d"; snprintf(co, sizeof(co), "{%s, %s}", layer, x); break;
	default: geo = "a2d"; snprintf(co, sizeof(co), "{%s, %s, %s, %s}", layer, x, y, y); break; /* cube faces are layers */
	}
	int nv = size == 8 ? 2 : size == 16 ? 4 : 1;
	enum cls rc = size == 2 ? C_H : C_R;
	for (int k = 0; k < nv; k++)
		snprintf(r[k], 48, "%s", TMP(p, rc));
	char vec[200];
	if (nv == 1)
		snprintf(vec, sizeof(vec), "{%s}", r[0]);
	else if (nv == 2)
		snprintf(vec, sizeof(vec), "{%s, %s}", r[0], r[1]);
	else
		snprintf(vec, sizeof(vec), "{%s, %s, %s, %s}", r[0], r[1], r[2], r[3]);
	const char *mt = size == 1 ? "u8" : size == 2 ? "b16" : "b32";
	int step = size == 1 ? 1 : size == 2 ? 2 : 4;
	static const char *const bms[] = { "zero", "clamp", "trap" };
	char m[48] = "", q[48] = "";
	if (mode < 0) {
		snprintf(m, 48, "%s", V(p, in->args[8], IR_S32));
		snprintf(q, 48, "%s", TMP(p, C_P));
	}
	if (write)
		for (int k = 0; k < nv; k++)
			E(p, "ld.%s %s, [%s+%d];", mt, r[k], data, k * step);
	int done = label(p);
	for (int b = 0; b < 3; b++) {
		if (mode >= 0 && (mode > 2 ? 2 : mode) != b)
			continue;
		int next = label(p);
		if (mode < 0 && b < 2) {
			E(p, "setp.ne.s32 %s, %s, %d;", q, m, b);
			E(p, "@%s bra $W%u_%d;", q, p->fi, next);
		}
		if (write)
			E(p, "sust.b.%s.%s.%s [%s, %s], %s;", geo, ty, bms[b], h, co, vec);
		else
			E(p, "suld.b.%s.%s.%s %s, [%s, %s];", geo, ty, bms[b], vec, h, co);
		if (mode < 0 && b < 2) {
			E(p, "bra $W%u_%d;", p->fi, done);
			strbuf_addf(p->o, "$W%u_%d:\n", p->fi, next);
		}
	}
	strbuf_addf(p->o, "$W%u_%d:\n", p->fi, done);
	if (!write)
		for (int k = 0; k < nv; k++)
			E(p, "st.%s [%s+%d], %s;", mt, data, k * step, r[k]);
}

/* ---- warp matrix functions: the fragments are the lanes' x[] arrays,
 * laid out as wmma's registers are on sm_80 and later (engine/machine/wmma.c:
 * the mma.sync tiles), so mma_sync loads them into registers, runs
 * wmma.mma.sync and stores D back */

/* a fragment code's parts (mma.h's __ws_code): use, shape, type */
#define WM_USE(c) ((int)(c) & 3)
#define WM_SHAPE(c) (((int)(c) >> 2) & 7)
#define WM_TYPE(c) (((int)(c) >> 5) & 15)

static int wm_storage(int64_t code)
{
	int use = WM_USE(code), sh = WM_SHAPE(code), ty = WM_TYPE(code);
	if (use == 2)
		return sh >= 4 ? 2 : 8;
	if (sh == 3)
		return 4;
	if (sh >= 4)
		return 1;
	if (ty == 0)
		return 16;
	if (sh == 0)
		return 8;
	return (sh == 1) == (use == 0) ? 16 : 4;
}

static int wm_elem_bytes(int ty)
{
	static const int b[] = { 2, 4, 2, 4, 8, 1, 1, 4, 4, 4, 4 };
	return ty >= 0 && ty <= 10 ? b[ty] : 4;
}

/* d := lane's and element e's row << 16 | column (wmma.c's wmma_rc) for the
 * constant code */
static void emit_wmma_rc(struct px *p, const struct ir_insn *in)
{
	int64_t code;
	if (in->nargs < 3 || !const_of(p->m, p->f, in->args[0], &code, 0)) {
		fail(p, in->span, "a wmma fragment whose code is not a constant");
		return;
	}
	int use = WM_USE(code), sh = WM_SHAPE(code), ty = WM_TYPE(code);
	char g[48], t[48], e[48], r[48], c[48], x[48];
	snprintf(e, 48, "%s", V(p, in->args[2], IR_U32));
	snprintf(g, 48, "%s", TMP(p, C_R));
	snprintf(t, 48, "%s", TMP(p, C_R));
	snprintf(r, 48, "%s", TMP(p, C_R));
	snprintf(c, 48, "%s", TMP(p, C_R));
	snprintf(x, 48, "%s", TMP(p, C_R));
	E(p, "and.b32 %s, %s, 31;", g, V(p, in->args[1], IR_U32));
	E(p, "and.b32 %s, %s, 3;", t, g);
	E(p, "shr.u32 %s, %s, 2;", g, g);
	/* r or c := base + mul * ((e >> sh) & 1) terms */
#define BIT(dst, s, mul) do { E(p, "bfe.u32 %s, %s, %d, 1;", x, e, (s)); E(p, "mad.lo.u32 %s, %s, %d, %s;", dst, x, (mul), dst); } while (0)
#define BITS(dst, s, n, mul) do { E(p, "bfe.u32 %s, %s, %d, %d;", x, e, (s), (n)); E(p, "mad.lo.u32 %s, %s, %d, %s;", dst, x, (mul), dst); } while (0)
	int i8 = ty == 5 || ty == 6;
	/* the m16n8k16 tiles: a16 (A), b16 (B), c_tile (C), as in wmma.c */
#define A16(R, C) do { if (i8) { E(p, "mov.u32 %s, %s;", R, g); BIT(R, 2, 8); E(p, "shl.b32 %s, %s, 2;", C, t); BITS(C, 0, 2, 1); } \
	else { E(p, "mov.u32 %s, %s;", R, g); BIT(R, 1, 8); E(p, "shl.b32 %s, %s, 1;", C, t); BIT(C, 0, 1); BIT(C, 2, 8); } } while (0)
#define B16(R, C) do { if (i8) { E(p, "shl.b32 %s, %s, 2;", R, t); BITS(R, 0, 2, 1); } \
	else { E(p, "shl.b32 %s, %s, 1;", R, t); BIT(R, 0, 1); BIT(R, 1, 8); } E(p, "mov.u32 %s, %s;", C, g); } while (0)
#define CT(R, C) do { E(p, "mov.u32 %s, %s;", R, g); BIT(R, 1, 8); E(p, "shl.b32 %s, %s, 1;", C, t); BIT(C, 0, 1); } while (0)
	switch (sh) {
	case 0:
		if (use == 0) A16(r, c);
		else if (use == 1) { B16(r, c); BIT(c, 2, 8); }
		else { CT(r, c); BIT(c, 2, 8); }
		break;
	case 1:
		if (use == 0) { A16(r, c); BIT(r, 3, 16); }
		else if (use == 1) B16(r, c);
		else { CT(r, c); BIT(r, 2, 16); }
		break;
	case 2:     /* the transposed m32n8k16 problem */
		if (use == 0) B16(c, r);
		else if (use == 1) { A16(c, r); BIT(c, 3, 16); }
		else { CT(c, r); BIT(c, 2, 16); }
		break;
	case 3:
		if (use == 0) { E(p, "mov.u32 %s, %s;", r, g); BIT(r, 0, 8); E(p, "mov.u32 %s, %s;", c, t); BIT(c, 1, 4); }
		else if (use == 1) { E(p, "mov.u32 %s, %s;", r, t); BIT(r, 0, 4); E(p, "mov.u32 %s, %s;", c, g); BIT(c, 1, 8); }
		else { CT(r, c); BIT(c, 2, 8); }
		break;
	case 4:
		if (use == 0) { E(p, "mov.u32 %s, %s;", r, g); E(p, "mov.u32 %s, %s;", c, t); }
		else if (use == 1) { E(p, "mov.u32 %s, %s;", r, t); E(p, "mov.u32 %s, %s;", c, g); }
		else { E(p, "mov.u32 %s, %s;", r, g); E(p, "shl.b32 %s, %s, 1;", c, t); E(p, "add.u32 %s, %s, %s;", c, c, e); }
		break;
	default: {
		int w = sh == 5 ? 8 : 32;
		if (use == 0) { E(p, "mov.u32 %s, %s;", r, g); E(p, "mul.lo.u32 %s, %s, %d;", c, t, w); }
		else if (use == 1) { E(p, "mul.lo.u32 %s, %s, %d;", r, t, w); E(p, "mov.u32 %s, %s;", c, g); }
		else { E(p, "mov.u32 %s, %s;", r, g); E(p, "shl.b32 %s, %s, 1;", c, t); E(p, "add.u32 %s, %s, %s;", c, c, e); }
		break;
	}
	}
#undef A16
#undef B16
#undef CT
#undef BIT
#undef BITS
	if (in->d >= 0) {
		const char *d = D(p, in->d, IR_U32);
		E(p, "shl.b32 %s, %s, 16;", x, r);
		E(p, "or.b32 %s, %s, %s;", d, x, c);
		fin_t(p, IR_U32);
	}
}

/* the registers of a fragment at address a (generic): n words of 32 bits
 * (64 for f64), packed from x[]'s elements of b bytes; into regs */
static void wm_load(struct px *p, const char *a, int code, char (*regs)[48], int *n)
{
	int ty = WM_TYPE(code), b = wm_elem_bytes(ty), st = wm_storage(code);
	if (ty == 4) {
		*n = st;
		for (int k = 0; k < st; k++) {
			snprintf(regs[k], 48, "%s", TMP(p, C_FD));
			E(p, "ld.f64 %s, [%s+%d];", regs[k], a, 8 * k);
		}
		return;
	}
	*n = st * b / 4;
	for (int k = 0; k < *n; k++) {
		snprintf(regs[k], 48, "%s", TMP(p, C_R));
		if (b == 4) {
			E(p, "ld.b32 %s, [%s+%d];", regs[k], a, 4 * k);
		} else if (b == 2) {
			E(p, "{ .reg .b16 %%l, %%h; ld.b16 %%l, [%s+%d]; ld.b16 %%h, [%s+%d]; mov.b32 %s, {%%l, %%h}; }", a,
			  4 * k, a, 4 * k + 2, regs[k]);
		} else {
			E(p, "{ .reg .b32 %%q; ld.u8 %s, [%s+%d]; ld.u8 %%q, [%s+%d]; bfi.b32 %s, %%q, %s, 8, 8; "
			  "ld.u8 %%q, [%s+%d]; bfi.b32 %s, %%q, %s, 16, 8; ld.u8 %%q, [%s+%d]; bfi.b32 %s, %%q, %s, 24, 8; }",
			  regs[k], a, 4 * k, a, 4 * k + 1, regs[k], regs[k], a, 4 * k + 2, regs[k], regs[k], a, 4 * k + 3,
			  regs[k], regs[k]);
		}
	}
}

static void wm_store(struct px *p, const char *a, int code, char (*regs)[48], int n)
{
	int ty = WM_TYPE(code), b = wm_elem_bytes(ty);
	for (int k = 0; k < n; k++) {
		if (ty == 4)
			E(p, "st.f64 [%s+%d], %s;", a, 8 * k, regs[k]);
		else if (b == 4)
			E(p, "st.b32 [%s+%d], %s;", a, 4 * k, regs[k]);
		else
			E(p, "{ .reg .b16 %%l, %%h; mov.b32 {%%l, %%h}, %s; st.b16 [%s+%d], %%l; st.b16 [%s+%d], %%h; }", regs[k], a,
			  4 * k, a, 4 * k + 2);
	}
}

static void wm_list(struct strbuf *o, char (*regs)[48], int n)
{
	strbuf_adds(o, "{");
	for (int k = 0; k < n; k++)
		strbuf_addf(o, "%s%s", k ? ", " : "", regs[k]);
	strbuf_adds(o, "}");
}

/* __ws_wmma_mma(d, a, b, c, ca, cb, cc, cd, satf, bitop): wmma.mma.sync */
static void emit_wmma_mma(struct px *p, const struct ir_insn *in)
{
	int64_t ca, cb, cc, cd, satf, bitop;
	if (in->nargs < 10 || !const_of(p->m, p->f, in->args[4], &ca, 0) || !const_of(p->m, p->f, in->args[5], &cb, 0) ||
	    !const_of(p->m, p->f, in->args[6], &cc, 0) || !const_of(p->m, p->f, in->args[7], &cd, 0)) {
		fail(p, in->span, "a wmma mma_sync whose fragment types are not constants");
		return;
	}
	if (!const_of(p->m, p->f, in->args[8], &satf, 0))
		satf = -1;      /* mma_sync's parameter: a branch */
	if (!const_of(p->m, p->f, in->args[9], &bitop, 0))
		bitop = -1;
	if (p->arch < 80) {
		fail(p, in->span, "warp matrix functions are lowered for sm_80 and newer (target sm_%d)", p->arch);
		return;
	}
	static const char *const shapes[] = { "m16n16k16", "m32n8k16", "m8n32k16", "m16n16k8", "m8n8k4", "m8n8k32", "m8n8k128" };
	static const char *const tys[] = { "f16", "f32", "bf16", "tf32", "f64", "s8", "u8", "s32", "s4", "u4", "b1" };
	int sh = WM_SHAPE(ca), ta = WM_TYPE(ca), tc = WM_TYPE(cc), td = WM_TYPE(cd);
	if (sh > 6 || ta > 10 || tc > 10 || td > 10) {
		fail(p, in->span, "a wmma fragment code the PTX lowering does not know");
		return;
	}
	char pa[48], pb[48], pc[48], pd[48];
	snprintf(pd, 48, "%s", V(p, in->args[0], IR_PTR));
	snprintf(pa, 48, "%s", V(p, in->args[1], IR_PTR));
	snprintf(pb, 48, "%s", V(p, in->args[2], IR_PTR));
	snprintf(pc, 48, "%s", V(p, in->args[3], IR_PTR));
	char ra[16][48], rb[16][48], rc[16][48], rd[16][48];
	int na, nb, nc, nd;
	wm_load(p, pa, (int)ca, ra, &na);
	wm_load(p, pb, (int)cb, rb, &nb);
	wm_load(p, pc, (int)cc, rc, &nc);
	nd = td == 4 ? wm_storage(cd) : wm_storage(cd) * wm_elem_bytes(td) / 4;
	for (int k = 0; k < nd; k++)
		snprintf(rd[k], 48, "%s", TMP(p, td == 4 ? C_FD : C_R));
	/* integers saturate in the instruction; a floating-point result (PTX
	 * 6.5 dropped .satfinite there) is clamped after it, as wmma.c does */
	int has_satf = ta >= 5 && ta <= 9;
	if (ta == 10 && bitop < 0) {
		/* bmma_sync's operation is its parameter: xor (0) or and (1) by
		 * a branch, as with satf */
		has_satf = 1;
		satf = -1;
	}
	char q[48] = "";
	int lsat = 0, ldone = 0;
	if (satf < 0 && has_satf) {
		snprintf(q, 48, "%s", TMP(p, C_P));
		/* satf != 0; for b1, bmmaBitOpAND (2) */
		E(p, "setp.%s.s32 %s, %s, %d;", ta == 10 ? "eq" : "ne", q, V(p, in->args[ta == 10 ? 9 : 8], IR_S32),
		  ta == 10 ? 2 : 0);
		lsat = label(p);
		ldone = label(p);
		E(p, "@%s bra $W%u_%d;", q, p->fi, lsat);
	}
	for (int pass = 0; pass < (satf < 0 && has_satf ? 2 : 1); pass++) {
	int sat = satf < 0 ? pass : (int)satf;
	if (pass == 1)
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, lsat);
	struct strbuf ins;
	strbuf_init(&ins);
	if (ta == 10)
		strbuf_addf(&ins, "wmma.mma.%s.popc.sync.aligned.row.col.%s.s32.b1.b1.s32",
			    (bitop < 0 ? sat == 1 : bitop == 2) ? "and" : "xor", shapes[sh]);
	else if (ta == 0)
		strbuf_addf(&ins, "wmma.mma.sync.aligned.row.col.%s.%s.%s%s", shapes[sh], tys[td], tys[tc],
			    sat ? ".satfinite" : "");
	else if (ta == 2 || ta == 3)
		strbuf_addf(&ins, "wmma.mma.sync.aligned.row.col.%s.f32.%s.%s.f32", shapes[sh], tys[ta], tys[ta]);
	else if (ta == 4)
		strbuf_addf(&ins, "wmma.mma.sync.aligned.row.col.%s.f64.f64.f64.f64", shapes[sh]);
	else
		strbuf_addf(&ins, "wmma.mma.sync.aligned.row.col.%s.s32.%s.%s.s32%s", shapes[sh], tys[ta], tys[ta],
			    sat ? ".satfinite" : "");
	strbuf_adds(&ins, " ");
	wm_list(&ins, rd, nd);
	strbuf_adds(&ins, ", ");
	wm_list(&ins, ra, na);
	strbuf_adds(&ins, ", ");
	wm_list(&ins, rb, nb);
	strbuf_adds(&ins, ", ");
	wm_list(&ins, rc, nc);
	E(p, "%s;", strbuf_cstr(&ins));
	strbuf_release(&ins);
	if (satf < 0 && has_satf && pass == 0)
		E(p, "bra $W%u_%d;", p->fi, ldone);
	}
	if (satf < 0 && has_satf)
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, ldone);
	if (satf != 0 && !has_satf && (td == 1 || td == 0)) {
		char sq[48], x[48], y[48], z[48];
		int skip = label(p);
		snprintf(sq, 48, "%s", TMP(p, C_P));
		snprintf(x, 48, "%s", TMP(p, C_R));
		snprintf(y, 48, "%s", TMP(p, C_R));
		snprintf(z, 48, "%s", TMP(p, C_R));
		if (satf < 0) {
			E(p, "setp.eq.s32 %s, %s, 0;", sq, V(p, in->args[8], IR_S32));
			E(p, "@%s bra $W%u_%d;", sq, p->fi, skip);
		}
		for (int k = 0; k < nd; k++) {
			if (td == 1) {
				/* NaN to 0, beyond FLT_MAX to FLT_MAX (the sign kept) */
				E(p, "and.b32 %s, %s, 2147483647;", x, rd[k]);
				E(p, "setp.gt.u32 %s, %s, 2139095040;", sq, x);
				E(p, "selp.b32 %s, 0, %s, %s;", rd[k], rd[k], sq);
				E(p, "setp.eq.u32 %s, %s, 2139095040;", sq, x);
				E(p, "and.b32 %s, %s, 2147483648;", y, rd[k]);
				E(p, "or.b32 %s, %s, 2139095039;", y, y);
				E(p, "selp.b32 %s, %s, %s, %s;", rd[k], y, rd[k], sq);
			} else {
				/* each half: an infinity becomes the largest half */
				for (int hpos = 0; hpos < 32; hpos += 16) {
					E(p, "bfe.u32 %s, %s, %d, 15;", x, rd[k], hpos);
					E(p, "setp.eq.u32 %s, %s, 31744;", sq, x);
					E(p, "bfe.u32 %s, %s, %d, 16;", z, rd[k], hpos);
					E(p, "and.b32 %s, %s, 32768;", y, z);
					E(p, "or.b32 %s, %s, 31743;", y, y);
					E(p, "selp.b32 %s, %s, %s, %s;", z, y, z, sq);
					E(p, "bfi.b32 %s, %s, %s, %d, 16;", rd[k], z, rd[k], hpos);
				}
			}
		}
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, skip);
	}
	wm_store(p, pd, (int)cd, rd, nd);
}

static void emit_bcall(struct px *p, const struct ir_insn *in)
{
	int id = (int)in->imm;
	if (id < 0 || id >= BI_COUNT) {
		fail(p, in->span, "unknown built-in %d", id);
		return;
	}
	char v[6][48];
	switch (id) {
	case BI_printf:
		emit_printf(p, in);
		return;
	case BI___assertfail: {
		p->need_assert = 1;
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_PTR);
		arg_copy(p, v, in, 2, IR_U32);
		arg_copy(p, v, in, 3, IR_PTR);
		const char *one = TMP(p, C_RD);
		E(p, "mov.u64 %s, 1;", one);
		snprintf(v[4], 48, "%s", one);
		static const char *const pt[] = { "b64", "b64", "b32", "b64", "b64" };
		ext_call(p, "__assertfail", 5, v, pt, NULL, -1, IR_VOID);
		return;
	}
	case BI_malloc: {
		p->need_malloc = 1;
		arg_copy(p, v, in, 0, IR_U64);
		static const char *const pt[] = { "b64" };
		ext_call(p, "malloc", 1, v, pt, "b64", in->d, IR_PTR);
		return;
	}
	case BI_free: {
		p->need_free = 1;
		arg_copy(p, v, in, 0, IR_PTR);
		static const char *const pt[] = { "b64" };
		ext_call(p, "free", 1, v, pt, NULL, -1, IR_VOID);
		return;
	}
	case BI_memcpy: case BI_memset: {
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, id == BI_memcpy ? IR_PTR : IR_U32);
		arg_copy(p, v, in, 2, IR_U64);
		byte_loop(p, v[0], id == BI_memcpy ? v[1] : NULL, id == BI_memset ? v[1] : NULL, v[2]);
		if (in->d >= 0) {
			const char *d = D(p, in->d, IR_PTR);
			E(p, "mov.b64 %s, %s;", d, v[0]);
			fin_t(p, IR_PTR);
		}
		return;
	}
	case BI___nanosleep:
		arg_copy(p, v, in, 0, IR_U32);
		E(p, "nanosleep.u32 %s;", v[0]);
		return;
	case BI___ws_graph_set_cond: {
		/* cudaGraphSetConditional: the graph runs in warpstep's runtime,
		 * not the driver's, so the handle is the emulator's: each call
		 * appends (handle, value) to a log the backend applies after the
		 * launch, in the order of the log */
		p->need_setcond = 1;
		arg_copy(p, v, in, 0, IR_U64);
		arg_copy(p, v, in, 1, IR_U32);
		char i[48], a[48], q[48], w[48];
		snprintf(i, 48, "%s", TMP(p, C_RD));
		snprintf(a, 48, "%s", TMP(p, C_RD));
		snprintf(q, 48, "%s", TMP(p, C_P));
		snprintf(w, 48, "%s", TMP(p, C_RD));
		int skip = label(p);
		E(p, "atom.global.add.u64 %s, [%s], 1;", i, GPU_SETCOND_N);
		E(p, "setp.ge.u64 %s, %s, %d;", q, i, GPU_SETCOND_MAX);
		E(p, "@%s bra $W%u_%d;", q, p->fi, skip);
		E(p, "mov.u64 %s, %s;", a, GPU_SETCOND_LOG);
		E(p, "mad.lo.u64 %s, %s, 16, %s;", a, i, a);
		E(p, "st.global.u64 [%s], %s;", a, v[0]);
		E(p, "cvt.u64.u32 %s, %s;", w, v[1]);
		E(p, "st.global.u64 [%s+8], %s;", a, w);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, skip);
		return;
	}
	case BI___brkpt:
		E(p, "brkpt;");
		return;
	case BI___prof_trigger: case BI___ws_cg_tile: case BI___ws_assume:
		return;
	case BI___ws_bar_init: case BI___ws_bar_arrive: case BI___ws_bar_wait: case BI___ws_bar_test:
		if (p->arch < 80) {
			fail(p, in->span, "cuda::barrier (mbarrier) needs sm_80 or newer (target sm_%d)", p->arch);
			return;
		}
		break;
	default:
		break;
	}
	switch (id) {
	case BI___ws_bar_init:
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_U32);
		E(p, "mbarrier.init.b64 [%s], %s;", v[0], v[1]);
		return;
	case BI___ws_bar_arrive: {
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_U32);
		arg_copy(p, v, in, 2, IR_PRED);
		const char *d = D(p, in->d, IR_U64);
		int drop = label(p), done = label(p);
		E(p, "@%s bra $W%u_%d;", v[2], p->fi, drop);
		if (p->arch >= 90)
			E(p, "mbarrier.arrive.b64 %s, [%s], %s;", d, v[0], v[1]);
		else
			E(p, "mbarrier.arrive.b64 %s, [%s];", d, v[0]);
		E(p, "bra $W%u_%d;", p->fi, done);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, drop);
		if (p->arch >= 90)
			E(p, "mbarrier.arrive_drop.b64 %s, [%s], %s;", d, v[0], v[1]);
		else
			E(p, "mbarrier.arrive_drop.b64 %s, [%s];", d, v[0]);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, done);
		fin_t(p, IR_U64);
		return;
	}
	case BI___ws_bar_wait: case BI___ws_bar_test: {
		arg_copy(p, v, in, 0, IR_PTR);
		arg_copy(p, v, in, 1, IR_U64);
		const char *q = TMP(p, C_P);
		int top = label(p);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, top);
		E(p, "mbarrier.test_wait.b64 %s, [%s], %s;", q, v[0], v[1]);
		if (id == BI___ws_bar_wait) {
			E(p, "@!%s bra $W%u_%d;", q, p->fi, top);
		} else {
			const char *d = D(p, in->d, IR_S32);
			E(p, "selp.s32 %s, 1, 0, %s;", d, q);
			fin_t(p, IR_S32);
		}
		return;
	}
	case BI___ws_grid_arrive: {
		/* every block's thread 0 adds one to the counter and waits
		 * until the count reaches the next multiple of the block
		 * count; the block's barriers hold its other threads */
		p->need_grid = 1;
		const char *t = TMP(p, C_R), *u = TMP(p, C_R), *q = TMP(p, C_P);
		const char *nb = TMP(p, C_RD), *old = TMP(p, C_RD), *tgt = TMP(p, C_RD), *x = TMP(p, C_RD);
		int skip = label(p), spin = label(p);
		E(p, "barrier.sync 0;");
		E(p, "mov.u32 %s, %%tid.x;", t);
		E(p, "mov.u32 %s, %%tid.y;", u);
		E(p, "or.b32 %s, %s, %s;", t, t, u);
		E(p, "mov.u32 %s, %%tid.z;", u);
		E(p, "or.b32 %s, %s, %s;", t, t, u);
		E(p, "setp.ne.u32 %s, %s, 0;", q, t);
		E(p, "@%s bra $W%u_%d;", q, p->fi, skip);
		E(p, "mov.u32 %s, %%nctaid.x;", t);
		E(p, "mov.u32 %s, %%nctaid.y;", u);
		E(p, "mul.lo.u32 %s, %s, %s;", t, t, u);
		E(p, "mov.u32 %s, %%nctaid.z;", u);
		E(p, "mul.lo.u32 %s, %s, %s;", t, t, u);
		E(p, "cvt.u64.u32 %s, %s;", nb, t);
		E(p, "atom.acq_rel.gpu.global.add.u64 %s, [%s], 1;", old, GPU_GRID_BAR);
		E(p, "div.u64 %s, %s, %s;", tgt, old, nb);
		E(p, "add.u64 %s, %s, 1;", tgt, tgt);
		E(p, "mul.lo.u64 %s, %s, %s;", tgt, tgt, nb);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, spin);
		E(p, "ld.acquire.gpu.global.u64 %s, [%s];", x, GPU_GRID_BAR);
		E(p, "setp.lt.u64 %s, %s, %s;", q, x, tgt);
		E(p, "@%s bra $W%u_%d;", q, p->fi, spin);
		strbuf_addf(p->o, "$W%u_%d:\n", p->fi, skip);
		E(p, "barrier.sync 0;");
		if (in->d >= 0) {
			const char *d = D(p, in->d, IR_U64);
			E(p, "mov.u64 %s, 0;", d);
			fin_t(p, IR_U64);
		}
		return;
	}
	case BI___ws_grid_wait:
		return;
	case BI___ws_cluster_arrive:
		/* barrier.cluster (sm_90): arrive here, wait in __ws_cluster_wait;
		 * the engine's generation has no PTX meaning: 0 */
		E(p, p->arch >= 90 ? "barrier.cluster.arrive;" : "trap; // clusters need sm_90");
		if (in->d >= 0) {
			const char *d = D(p, in->d, IR_U64);
			E(p, "mov.u64 %s, 0;", d);
			fin_t(p, IR_U64);
		}
		return;
	case BI___ws_cluster_wait:
		E(p, p->arch >= 90 ? "barrier.cluster.wait;" : "trap; // clusters need sm_90");
		return;
	case BI___ws_cluster_info: case BI___ws_cluster_map: case BI___ws_cluster_rank_of:
		if (p->arch < 90) {
			fail(p, in->span, "thread block clusters need sm_90 or newer (target sm_%d)", p->arch);
			return;
		}
		if (id == BI___ws_cluster_map) {
			/* map_shared_rank: the same shared variable in the block of rank */
			arg_copy(p, v, in, 0, IR_PTR);
			arg_copy(p, v, in, 1, IR_U32);
			const char *d = D(p, in->d, IR_PTR);
			E(p, "mapa.u64 %s, %s, %s;", d, v[0], v[1]);
			fin_t(p, IR_PTR);
		} else if (id == BI___ws_cluster_rank_of) {
			arg_copy(p, v, in, 0, IR_PTR);
			const char *d = D(p, in->d, IR_U32);
			E(p, "getctarank.u64 %s, %s;", d, v[0]);
			fin_t(p, IR_U32);
		} else {
			int64_t what;
			if (!const_of(p->m, p->f, in->args[0], &what, 0) || what < 0 || what > 15) {
				fail(p, in->span, "a cluster query that is not a constant");
				return;
			}
			static const char *const sr[] = { "%cluster_ctarank", "%cluster_nctarank", "%cluster_nctaid.x",
				"%cluster_nctaid.y", "%cluster_nctaid.z", "%clusterid.x", "%clusterid.y", "%clusterid.z",
				"%cluster_ctaid.x", "%cluster_ctaid.y", "%cluster_ctaid.z", "%nclusterid.x", "%nclusterid.y",
				"%nclusterid.z" };
			char r[48], t[48];
			snprintf(r, 48, "%s", TMP(p, C_R));
			if (what < 14) {
				E(p, "mov.u32 %s, %s;", r, sr[what]);
			} else if (what == 14) {
				const char *q = TMP(p, C_P);
				E(p, "mov.pred %s, %%is_explicit_cluster;", q);
				E(p, "selp.u32 %s, 1, 0, %s;", r, q);
			} else {
				/* the cluster's linear number: x + X (y + Y z) */
				snprintf(t, 48, "%s", TMP(p, C_R));
				E(p, "mov.u32 %s, %%clusterid.z;", r);
				E(p, "mov.u32 %s, %%nclusterid.y;", t);
				E(p, "mul.lo.u32 %s, %s, %s;", r, r, t);
				E(p, "mov.u32 %s, %%clusterid.y;", t);
				E(p, "add.u32 %s, %s, %s;", r, r, t);
				E(p, "mov.u32 %s, %%nclusterid.x;", t);
				E(p, "mul.lo.u32 %s, %s, %s;", r, r, t);
				E(p, "mov.u32 %s, %%clusterid.x;", t);
				E(p, "add.u32 %s, %s, %s;", r, r, t);
			}
			if (in->d >= 0) {
				const char *d = D(p, in->d, IR_U64);
				E(p, "cvt.u64.u32 %s, %s;", d, r);
				fin_t(p, IR_U64);
			}
		}
		return;
	case BI___ws_tex:
		emit_tex(p, in);
		return;
	case BI___ws_cuda_sinf: case BI___ws_cuda_cosf: case BI_sinf: case BI_cosf: {
		/* libdevice's algorithm, bit for bit (sincosf_ptx) */
		p->need_sincosf = 1;
		arg_copy(p, v, in, 0, IR_F32);
		const char *one = TMP(p, C_R);
		E(p, "mov.b32 %s, %d;", one, id == BI___ws_cuda_cosf || id == BI_cosf);
		snprintf(v[1], 48, "%s", one);
		static const char *const pt[] = { "f32", "b32" };
		ext_call(p, GPU_SINCOSF, 2, v, pt, "f32", in->d, IR_F32);
		return;
	}
	case BI___ws_wmma_rc:
		emit_wmma_rc(p, in);
		return;
	case BI___ws_wmma_sync:
		E(p, "bar.warp.sync -1;");
		return;
	case BI___ws_wmma_mma:
		emit_wmma_mma(p, in);
		return;
	case BI___ws_surf:
		emit_surf(p, in);
		return;
	case BI___ws_acp_issue: case BI___ws_acp_commit: case BI___ws_acp_wait_prior: case BI___ws_acp_arrive_on:
	case BI___ws_bar_phase: case BI___ws_pipe_make: case BI___ws_pipe_op:
		emit_async(p, in, id);
		return;
	case BI___ws_grid_coop: {
		p->need_grid = 1;
		const char *d = D(p, in->d, IR_S32);
		E(p, "ld.global.u32 %s, [%s];", d, GPU_GRID_COOP);
		fin_t(p, IR_S32);
		return;
	}
	default:
		break;
	}
	const struct builtin_info *bi = &builtin_table[id];
	if (bi->kind == BK_PURE && emit_pure(p, in, id))
		return;
	if (emit_dmath(p, in, id))
		return;
	fail(p, in->span, "%s '%s' is not lowered to PTX", bi->kind == BK_PURE ? "math function" :
		   bi->kind == BK_HOST ? "host function" : "built-in", bi->name);
}

/* ---- pure functions: direct PTX instructions where there are some */

struct pure {
	const char *name;
	const char *tmpl;   /* %d dest, %0 %1 %2 args; \n separates instructions */
	unsigned ret, a0, a1, a2, a3;
};

/* atan on [0, 1] (Abramowitz and Stegun 4.4.49, error under 2e-8): %fc :=
 * atan(z) for z in %fd, with %fe scratch */
#define ATAN01 \
	"mul.f32 %fe, %fd, %fd;\nmov.f32 %fc, 0f3B3BD74A;\nfma.rn.f32 %fc, %fc, %fe, 0fBC846E02;\n" \
	"fma.rn.f32 %fc, %fc, %fe, 0f3D2FC1FE;\nfma.rn.f32 %fc, %fc, %fe, 0fBD9A3174;\n" \
	"fma.rn.f32 %fc, %fc, %fe, 0f3DDA3D83;\nfma.rn.f32 %fc, %fc, %fe, 0fBE117FC7;\n" \
	"fma.rn.f32 %fc, %fc, %fe, 0f3E4CBBE5;\nfma.rn.f32 %fc, %fc, %fe, 0fBEAAAA6C;\n" \
	"fma.rn.f32 %fc, %fc, %fe, 0f3F800000;\nmul.f32 %fc, %fc, %fd;\n"
/* atan2(y in %fa, x in %fb) into %d: the octant by comparisons */
#define ATAN2(y, x) \
	"abs.f32 %fa, " y ";\nabs.f32 %fb, " x ";\nmax.f32 %fc, %fa, %fb;\nmin.f32 %fd, %fa, %fb;\n" \
	"div.rn.f32 %fd, %fd, %fc;\nsetp.eq.f32 %pb, %fc, 0f00000000;\nselp.f32 %fd, 0f00000000, %fd, %pb;\n" \
	ATAN01 \
	"setp.gt.f32 %pa, %fa, %fb;\nsub.f32 %fd, 0f3FC90FDB, %fc;\nselp.f32 %fc, %fd, %fc, %pa;\n" \
	"setp.lt.f32 %pa, " x ", 0f00000000;\nsub.f32 %fd, 0f40490FDB, %fc;\nselp.f32 %fc, %fd, %fc, %pa;\n" \
	"copysign.f32 %d, " y ", %fc;"

#define F IR_F32
#define D2 IR_F64
#define S IR_S32
#define U IR_U32
#define SL IR_S64
#define UL IR_U64
#define V0 IR_VOID
static const struct pure pures[] = {
	{ "sqrtf", "sqrt.rn.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "sqrt", "sqrt.rn.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__fsqrt_rn", "sqrt.rn.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__fsqrt_rz", "sqrt.rz.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__fsqrt_ru", "sqrt.rp.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__fsqrt_rd", "sqrt.rm.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__dsqrt_rn", "sqrt.rn.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__dsqrt_rz", "sqrt.rz.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__dsqrt_ru", "sqrt.rp.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__dsqrt_rd", "sqrt.rm.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "rsqrtf", "rsqrt.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__frsqrt_rn", "rsqrt.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "rsqrt", "rsqrt.approx.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "fabsf", "abs.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "fabs", "abs.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "floorf", "cvt.rmi.f32.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "floor", "cvt.rmi.f64.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "ceilf", "cvt.rpi.f32.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "ceil", "cvt.rpi.f64.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "truncf", "cvt.rzi.f32.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "trunc", "cvt.rzi.f64.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "rintf", "cvt.rni.f32.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "rint", "cvt.rni.f64.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "nearbyintf", "cvt.rni.f32.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "nearbyint", "cvt.rni.f64.f64 %d, %0;", D2, D2, V0, V0, V0 },
	/* round half away from zero: trunc, then one more when the rest is >= 0.5 */
	{ "roundf", "abs.f32 %fa, %0;\ncvt.rzi.f32.f32 %fb, %fa;\nsub.f32 %fc, %fa, %fb;\n"
		    "setp.ge.f32 %pa, %fc, 0f3F000000;\n@%pa add.f32 %fb, %fb, 0f3F800000;\n"
		    "copysign.f32 %d, %0, %fb;", F, F, V0, V0, V0 },
	{ "round", "abs.f64 %da, %0;\ncvt.rzi.f64.f64 %db, %da;\nsub.f64 %dc, %da, %db;\n"
		   "setp.ge.f64 %pa, %dc, 0d3FE0000000000000;\n@%pa add.f64 %db, %db, 0d3FF0000000000000;\n"
		   "copysign.f64 %d, %0, %db;", D2, D2, V0, V0, V0 },
	{ "fminf", "min.f32 %d, %0, %1;", F, F, F, V0, V0 },
	{ "fmin", "min.f64 %d, %0, %1;", D2, D2, D2, V0, V0 },
	{ "fmaxf", "max.f32 %d, %0, %1;", F, F, F, V0, V0 },
	{ "fmax", "max.f64 %d, %0, %1;", D2, D2, D2, V0, V0 },
	{ "copysignf", "copysign.f32 %d, %1, %0;", F, F, F, V0, V0 },
	{ "copysign", "copysign.f64 %d, %1, %0;", D2, D2, D2, V0, V0 },
	{ "fdimf", "sub.rn.f32 %fa, %0, %1;\nsetp.gt.f32 %pa, %0, %1;\nselp.f32 %d, %fa, 0f00000000, %pa;", F, F, F, V0, V0 },
	{ "fdim", "sub.rn.f64 %da, %0, %1;\nsetp.gt.f64 %pa, %0, %1;\nselp.f64 %d, %da, 0d0000000000000000, %pa;", D2, D2, D2, V0, V0 },
	{ "fmaf", "fma.rn.f32 %d, %0, %1, %2;", F, F, F, F, V0 },
	{ "fma", "fma.rn.f64 %d, %0, %1, %2;", D2, D2, D2, D2, V0 },
	{ "__fmaf_rn", "fma.rn.f32 %d, %0, %1, %2;", F, F, F, F, V0 },
	{ "__fmaf_rz", "fma.rz.f32 %d, %0, %1, %2;", F, F, F, F, V0 },
	{ "__fmaf_ru", "fma.rp.f32 %d, %0, %1, %2;", F, F, F, F, V0 },
	{ "__fmaf_rd", "fma.rm.f32 %d, %0, %1, %2;", F, F, F, F, V0 },
	{ "__fma_rn", "fma.rn.f64 %d, %0, %1, %2;", D2, D2, D2, D2, V0 },
	{ "__fma_rz", "fma.rz.f64 %d, %0, %1, %2;", D2, D2, D2, D2, V0 },
	{ "__fma_ru", "fma.rp.f64 %d, %0, %1, %2;", D2, D2, D2, D2, V0 },
	{ "__fma_rd", "fma.rm.f64 %d, %0, %1, %2;", D2, D2, D2, D2, V0 },
	/* approximate transcendental functions (docs/gpu.md: they may differ
	 * from nvcc's libdevice in the last bits) */
	{ "__sinf", "sin.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__cosf", "cos.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__tanf", "sin.approx.f32 %fa, %0;\ncos.approx.f32 %fb, %0;\ndiv.approx.f32 %d, %fa, %fb;", F, F, V0, V0, V0 },
	{ "__expf", "mul.f32 %fa, %0, 0f3FB8AA3B;\nex2.approx.f32 %d, %fa;", F, F, V0, V0, V0 },
	{ "__exp10f", "mul.f32 %fa, %0, 0f40549A78;\nex2.approx.f32 %d, %fa;", F, F, V0, V0, V0 },
	{ "__logf", "lg2.approx.f32 %fa, %0;\nmul.f32 %d, %fa, 0f3F317218;", F, F, V0, V0, V0 },
	{ "__log2f", "lg2.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__log10f", "lg2.approx.f32 %fa, %0;\nmul.f32 %d, %fa, 0f3E9A209B;", F, F, V0, V0, V0 },
	{ "__powf", "lg2.approx.f32 %fa, %0;\nmul.f32 %fa, %fa, %1;\nex2.approx.f32 %d, %fa;", F, F, F, V0, V0 },
	{ "__fdividef", "div.approx.f32 %d, %0, %1;", F, F, F, V0, V0 },
	{ "__saturatef", "cvt.sat.f32.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "tanf", "sin.approx.f32 %fa, %0;\ncos.approx.f32 %fb, %0;\ndiv.rn.f32 %d, %fa, %fb;", F, F, V0, V0, V0 },
	{ "expf", "mul.f32 %fa, %0, 0f3FB8AA3B;\nex2.approx.f32 %d, %fa;", F, F, V0, V0, V0 },
	{ "exp2f", "ex2.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "exp10f", "mul.f32 %fa, %0, 0f40549A78;\nex2.approx.f32 %d, %fa;", F, F, V0, V0, V0 },
	{ "logf", "lg2.approx.f32 %fa, %0;\nmul.f32 %d, %fa, 0f3F317218;", F, F, V0, V0, V0 },
	{ "log2f", "lg2.approx.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "log10f", "lg2.approx.f32 %fa, %0;\nmul.f32 %d, %fa, 0f3E9A209B;", F, F, V0, V0, V0 },
	{ "powf", "lg2.approx.f32 %fa, %0;\nmul.f32 %fa, %fa, %1;\nex2.approx.f32 %d, %fa;", F, F, F, V0, V0 },
	{ "atan2f", ATAN2("%0", "%1"), F, F, F, V0, V0 },
	{ "atanf", "mov.f32 %ff, 0f3F800000;\n" ATAN2("%0", "%ff"), F, F, V0, V0, V0 },
	{ "asinf", "mul.f32 %fe, %0, %0;\nsub.f32 %fe, 0f3F800000, %fe;\nsqrt.rn.f32 %ff, %fe;\n" ATAN2("%0", "%ff"),
	  F, F, V0, V0, V0 },
	{ "acosf", "mul.f32 %fe, %0, %0;\nsub.f32 %fe, 0f3F800000, %fe;\nsqrt.rn.f32 %ff, %fe;\n" ATAN2("%ff", "%0"),
	  F, F, V0, V0, V0 },
	{ "tanhf", "abs.f32 %fa, %0;\nmul.f32 %fb, %fa, 0fC038AA3B;\nex2.approx.f32 %fb, %fb;\n"
		   "sub.f32 %fc, 0f3F800000, %fb;\nadd.f32 %fb, 0f3F800000, %fb;\ndiv.rn.f32 %fc, %fc, %fb;\n"
		   "copysign.f32 %d, %0, %fc;", F, F, V0, V0, V0 },
	{ "hypotf", "mul.f32 %fa, %0, %0;\nfma.rn.f32 %fa, %1, %1, %fa;\nsqrt.rn.f32 %d, %fa;", F, F, F, V0, V0 },
	{ "fmodf", "div.rn.f32 %fa, %0, %1;\ncvt.rzi.f32.f32 %fa, %fa;\nneg.f32 %fa, %fa;\nfma.rn.f32 %d, %fa, %1, %0;", F, F, F, V0, V0 },
	{ "__ws_modf_fracf", "cvt.rzi.f32.f32 %fa, %0;\nsub.f32 %d, %0, %fa;", F, F, V0, V0, V0 },
	{ "__ws_modf_frac", "cvt.rzi.f64.f64 %da, %0;\nsub.f64 %d, %0, %da;", D2, D2, V0, V0, V0 },
	/* correctly rounded arithmetic */
#define ARITH(op, ptx) \
	{ "__f" op "_rn", ptx ".rn.f32 %d, %0, %1;", F, F, F, V0, V0 }, \
	{ "__f" op "_rz", ptx ".rz.f32 %d, %0, %1;", F, F, F, V0, V0 }, \
	{ "__f" op "_ru", ptx ".rp.f32 %d, %0, %1;", F, F, F, V0, V0 }, \
	{ "__f" op "_rd", ptx ".rm.f32 %d, %0, %1;", F, F, F, V0, V0 }, \
	{ "__d" op "_rn", ptx ".rn.f64 %d, %0, %1;", D2, D2, D2, V0, V0 }, \
	{ "__d" op "_rz", ptx ".rz.f64 %d, %0, %1;", D2, D2, D2, V0, V0 }, \
	{ "__d" op "_ru", ptx ".rp.f64 %d, %0, %1;", D2, D2, D2, V0, V0 }, \
	{ "__d" op "_rd", ptx ".rm.f64 %d, %0, %1;", D2, D2, D2, V0, V0 },
	ARITH("add", "add") ARITH("sub", "sub") ARITH("mul", "mul") ARITH("div", "div")
#undef ARITH
	{ "__frcp_rn", "rcp.rn.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__frcp_rz", "rcp.rz.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__frcp_ru", "rcp.rp.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__frcp_rd", "rcp.rm.f32 %d, %0;", F, F, V0, V0, V0 },
	{ "__drcp_rn", "rcp.rn.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__drcp_rz", "rcp.rz.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__drcp_ru", "rcp.rp.f64 %d, %0;", D2, D2, V0, V0, V0 },
	{ "__drcp_rd", "rcp.rm.f64 %d, %0;", D2, D2, V0, V0, V0 },
	/* integer intrinsics */
	{ "abs", "abs.s32 %d, %0;", S, S, V0, V0, V0 },
	{ "llabs", "abs.s64 %d, %0;", SL, SL, V0, V0, V0 },
	{ "__ws_min_i", "min.s32 %d, %0, %1;", S, S, S, V0, V0 },
	{ "__ws_min_u", "min.u32 %d, %0, %1;", U, U, U, V0, V0 },
	{ "__ws_min_ll", "min.s64 %d, %0, %1;", SL, SL, SL, V0, V0 },
	{ "__ws_min_ull", "min.u64 %d, %0, %1;", UL, UL, UL, V0, V0 },
	{ "__ws_max_i", "max.s32 %d, %0, %1;", S, S, S, V0, V0 },
	{ "__ws_max_u", "max.u32 %d, %0, %1;", U, U, U, V0, V0 },
	{ "__ws_max_ll", "max.s64 %d, %0, %1;", SL, SL, SL, V0, V0 },
	{ "__ws_max_ull", "max.u64 %d, %0, %1;", UL, UL, UL, V0, V0 },
	{ "__popc", "popc.b32 %d, %0;", S, U, V0, V0, V0 },
	{ "__popcll", "popc.b64 %d, %0;", S, UL, V0, V0, V0 },
	{ "__clz", "clz.b32 %d, %0;", S, S, V0, V0, V0 },
	{ "__clzll", "clz.b64 %d, %0;", S, SL, V0, V0, V0 },
	{ "__ffs", "brev.b32 %ra, %0;\nclz.b32 %ra, %ra;\nadd.u32 %ra, %ra, 1;\nsetp.eq.u32 %pa, %0, 0;\n"
		   "selp.u32 %d, 0, %ra, %pa;", S, S, V0, V0, V0 },
	{ "__ffsll", "brev.b64 %xa, %0;\nclz.b64 %ra, %xa;\nadd.u32 %ra, %ra, 1;\nsetp.eq.u64 %pa, %0, 0;\n"
		     "selp.u32 %d, 0, %ra, %pa;", S, SL, V0, V0, V0 },
	{ "__brev", "brev.b32 %d, %0;", U, U, V0, V0, V0 },
	{ "__brevll", "brev.b64 %d, %0;", UL, UL, V0, V0, V0 },
	{ "__byte_perm", "prmt.b32 %d, %0, %1, %2;", U, U, U, U, V0 },
	{ "__mul24", "mul24.lo.s32 %d, %0, %1;", S, S, S, V0, V0 },
	{ "__umul24", "mul24.lo.u32 %d, %0, %1;", U, U, U, V0, V0 },
	{ "__mulhi", "mul.hi.s32 %d, %0, %1;", S, S, S, V0, V0 },
	{ "__umulhi", "mul.hi.u32 %d, %0, %1;", U, U, U, V0, V0 },
	{ "__mul64hi", "mul.hi.s64 %d, %0, %1;", SL, SL, SL, V0, V0 },
	{ "__umul64hi", "mul.hi.u64 %d, %0, %1;", UL, UL, UL, V0, V0 },
	{ "__sad", "sad.s32 %d, %0, %1, %2;", U, S, S, U, V0 },
	{ "__usad", "sad.u32 %d, %0, %1, %2;", U, U, U, U, V0 },
	{ "__funnelshift_l", "shf.l.wrap.b32 %d, %0, %1, %2;", U, U, U, U, V0 },
	{ "__funnelshift_lc", "shf.l.clamp.b32 %d, %0, %1, %2;", U, U, U, U, V0 },
	{ "__funnelshift_r", "shf.r.wrap.b32 %d, %0, %1, %2;", U, U, U, U, V0 },
	{ "__funnelshift_rc", "shf.r.clamp.b32 %d, %0, %1, %2;", U, U, U, U, V0 },
	{ "__hadd", "cvt.s64.s32 %xa, %0;\ncvt.s64.s32 %xb, %1;\nadd.s64 %xa, %xa, %xb;\nshr.s64 %xa, %xa, 1;\n"
		    "cvt.u32.u64 %d, %xa;", S, S, S, V0, V0 },
	{ "__rhadd", "cvt.s64.s32 %xa, %0;\ncvt.s64.s32 %xb, %1;\nadd.s64 %xa, %xa, %xb;\nadd.s64 %xa, %xa, 1;\n"
		     "shr.s64 %xa, %xa, 1;\ncvt.u32.u64 %d, %xa;", S, S, S, V0, V0 },
	{ "__uhadd", "cvt.u64.u32 %xa, %0;\ncvt.u64.u32 %xb, %1;\nadd.u64 %xa, %xa, %xb;\nshr.u64 %xa, %xa, 1;\n"
		     "cvt.u32.u64 %d, %xa;", U, U, U, V0, V0 },
	{ "__urhadd", "cvt.u64.u32 %xa, %0;\ncvt.u64.u32 %xb, %1;\nadd.u64 %xa, %xa, %xb;\nadd.u64 %xa, %xa, 1;\n"
		      "shr.u64 %xa, %xa, 1;\ncvt.u32.u64 %d, %xa;", U, U, U, V0, V0 },
	/* bit views */
	{ "__float_as_int", "mov.b32 %d, %0;", S, F, V0, V0, V0 },
	{ "__float_as_uint", "mov.b32 %d, %0;", U, F, V0, V0, V0 },
	{ "__int_as_float", "mov.b32 %d, %0;", F, S, V0, V0, V0 },
	{ "__uint_as_float", "mov.b32 %d, %0;", F, U, V0, V0, V0 },
	{ "__double_as_longlong", "mov.b64 %d, %0;", SL, D2, V0, V0, V0 },
	{ "__longlong_as_double", "mov.b64 %d, %0;", D2, SL, V0, V0, V0 },
	{ "__double2hiint", "mov.b64 {%ra, %d}, %0;", S, D2, V0, V0, V0 },
	{ "__double2loint", "mov.b64 {%d, %ra}, %0;", S, D2, V0, V0, V0 },
	{ "__hiloint2double", "mov.b64 %d, {%1, %0};", D2, S, S, V0, V0 },
	/* classification */
	{ "__isnanf", "testp.notanumber.f32 %pa, %0;\nselp.s32 %d, 1, 0, %pa;", S, F, V0, V0, V0 },
	{ "__isnan", "testp.notanumber.f64 %pa, %0;\nselp.s32 %d, 1, 0, %pa;", S, D2, V0, V0, V0 },
	{ "__isinff", "testp.infinite.f32 %pa, %0;\nselp.s32 %d, 1, 0, %pa;", S, F, V0, V0, V0 },
	{ "__isinf", "testp.infinite.f64 %pa, %0;\nselp.s32 %d, 1, 0, %pa;", S, D2, V0, V0, V0 },
	{ "__finitef", "testp.finite.f32 %pa, %0;\nselp.s32 %d, 1, 0, %pa;", S, F, V0, V0, V0 },
	{ "__finite", "testp.finite.f64 %pa, %0;\nselp.s32 %d, 1, 0, %pa;", S, D2, V0, V0, V0 },
	{ "__signbitf", "mov.b32 %ra, %0;\nshr.u32 %d, %ra, 31;", S, F, V0, V0, V0 },
	{ "__signbit", "mov.b64 %xa, %0;\nshr.u64 %xa, %xa, 63;\ncvt.u32.u64 %d, %xa;", S, D2, V0, V0, V0 },
	{ "__builtin_inff", "mov.f32 %d, 0f7F800000;", F, V0, V0, V0, V0 },
	{ "__builtin_inf", "mov.f64 %d, 0d7FF0000000000000;", D2, V0, V0, V0, V0 },
	{ "__builtin_nanf", "mov.f32 %d, 0f7FFFFFFF;", F, UL, V0, V0, V0 },
	{ "__builtin_nan", "mov.f64 %d, 0d7FFFFFFFFFFFFFFF;", D2, UL, V0, V0, V0 },
	{ "lrintf", "cvt.rni.s64.f32 %d, %0;", SL, F, V0, V0, V0 },
	{ "llrintf", "cvt.rni.s64.f32 %d, %0;", SL, F, V0, V0, V0 },
	{ "lrint", "cvt.rni.s64.f64 %d, %0;", SL, D2, V0, V0, V0 },
	{ "llrint", "cvt.rni.s64.f64 %d, %0;", SL, D2, V0, V0, V0 },
	{ "__int2double_rn", "cvt.rn.f64.s32 %d, %0;", D2, S, V0, V0, V0 },
	{ "__uint2double_rn", "cvt.rn.f64.u32 %d, %0;", D2, U, V0, V0, V0 },
	/* inline PTX helpers */
	{ "__ws_bfi", "bfi.b64 %d, %0, %1, %2, %3;", UL, UL, UL, U, U },
	{ "__ws_bfe_u", "bfe.u64 %d, %0, %1, %2;", UL, UL, U, U, V0 },
	{ "__ws_bfe_s", "bfe.s64 %d, %0, %1, %2;", SL, SL, U, U, V0 },
	{ "__ws_shared_off", "cvta.to.shared.u64 %d, %0;", UL, UL, V0, V0, V0 },
	{ "__ws_shared_addr", "setp.lt.u64 %pa, %0, 4294967296;\ncvta.shared.u64 %xa, %0;\n"
			      "selp.b64 %d, %xa, %0, %pa;", UL, UL, V0, V0, V0 },
};
#undef F
#undef D2
#undef S
#undef U
#undef SL
#undef UL
#undef V0

/* the rounding conversions __float2int_rn ... : parsed from the name */
static int conv_pure(const char *n, char *tmpl, size_t cap, unsigned *ret, unsigned *arg)
{
	static const struct { const char *c; unsigned t; const char *p; } ty[] = {
		{ "float", IR_F32, "f32" }, { "double", IR_F64, "f64" }, { "int", IR_S32, "s32" },
		{ "uint", IR_U32, "u32" }, { "ll", IR_S64, "s64" }, { "ull", IR_U64, "u64" },
	};
	if (strncmp(n, "__", 2))
		return 0;
	n += 2;
	const char *two = strchr(n, '2');
	if (!two)
		return 0;
	const char *us = strrchr(two, '_');
	if (!us || strlen(us) != 3)
		return 0;
	int si = -1, di = -1;
	for (int k = 0; k < 6; k++) {
		size_t l = strlen(ty[k].c);
		if ((size_t)(two - n) == l && !strncmp(n, ty[k].c, l))
			si = k;
		if ((size_t)(us - two - 1) == l && !strncmp(two + 1, ty[k].c, l))
			di = k;
	}
	if (si < 0 || di < 0)
		return 0;
	char r = us[2];
	const char *rm = r == 'n' ? "rn" : r == 'z' ? "rz" : r == 'u' ? "rp" : r == 'd' ? "rm" : NULL;
	if (!rm || us[1] != 'r')
		return 0;
	int sf = is_float(ty[si].t), df = is_float(ty[di].t);
	if (!sf && !df)
		return 0;
	if (sf && !df)
		snprintf(tmpl, cap, "cvt.%si.%s.%s %%d, %%0;", rm, ty[di].p, ty[si].p);
	else
		snprintf(tmpl, cap, "cvt.%s.%s.%s %%d, %%0;", rm, ty[di].p, ty[si].p);
	*ret = ty[di].t;
	*arg = ty[si].t;
	return 1;
}

static int emit_pure(struct px *p, const struct ir_insn *in, int id)
{
	const char *n = builtin_table[id].name;
	const struct pure *pu = NULL;
	struct pure conv_p;
	char buf[96];
	for (size_t k = 0; k < sizeof(pures) / sizeof(pures[0]); k++)
		if (!strcmp(pures[k].name, n))
			pu = &pures[k];
	if (!pu) {
		unsigned r, a;
		if (!conv_pure(n, buf, sizeof(buf), &r, &a))
			return 0;
		conv_p.name = n;
		conv_p.tmpl = buf;
		conv_p.ret = r;
		conv_p.a0 = a;
		conv_p.a1 = conv_p.a2 = conv_p.a3 = IR_VOID;
		pu = &conv_p;
	}
	unsigned at[4] = { pu->a0, pu->a1, pu->a2, pu->a3 };
	char args[4][48];
	for (int k = 0; k < 4; k++) {
		if (at[k] == IR_VOID)
			continue;
		if (k >= in->nargs) {
			fail(p, in->span, "'%s' with too few arguments", n);
			return 1;
		}
		snprintf(args[k], 48, "%s", V(p, in->args[k], at[k]));
	}
	/* scratch names the template uses: %fa %fb %fc (f32), %da %db %dc
	 * (f64), %pa (pred), %ra (b32), %xa %xb (b64) */
	enum { NSCR = 14 };
	char scratch[NSCR][48];
	static const char *const sn[NSCR] = { "fa", "fb", "fc", "fd", "fe", "ff", "da", "db", "dc", "pa", "pb",
					      "ra", "xa", "xb" };
	static const enum cls sc[NSCR] = { C_F, C_F, C_F, C_F, C_F, C_F, C_FD, C_FD, C_FD, C_P, C_P, C_R, C_RD,
					   C_RD };
	for (int k = 0; k < NSCR; k++)
		snprintf(scratch[k], 48, "%s", TMP(p, sc[k]));
	char dn[48];
	snprintf(dn, sizeof(dn), "%s", D(p, in->d, pu->ret));
	strbuf_adds(p->o, "\t");
	for (const char *s = pu->tmpl; *s; s++) {
		if (*s == '\n') {
			strbuf_adds(p->o, "\n\t");
			continue;
		}
		if (*s != '%') {
			strbuf_addc(p->o, *s);
			continue;
		}
		if (s[1] == 'd' && !(s[2] >= 'a' && s[2] <= 'c')) {
			strbuf_adds(p->o, dn);
			s++;
			continue;
		}
		if (s[1] >= '0' && s[1] <= '3') {
			strbuf_adds(p->o, args[s[1] - '0']);
			s++;
			continue;
		}
		int hit = 0;
		for (int k = 0; k < NSCR; k++)
			if (s[1] == sn[k][0] && s[2] == sn[k][1]) {
				strbuf_adds(p->o, scratch[k]);
				s += 2;
				hit = 1;
				break;
			}
		if (!hit)
			strbuf_addc(p->o, *s);
	}
	strbuf_adds(p->o, "\n");
	fin_t(p, pu->ret);
	return 1;
}

/* ---- functions */

static void emit_insn(struct px *p, const struct ir_insn *in, uint32_t i)
{
	switch (in->op) {
	case IR_NOP: break;
	case IR_CONST: emit_const(p, in); break;
	case IR_MOV: case IR_NEG: case IR_NOT: emit_un(p, in); break;
	case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM: case IR_AND: case IR_OR:
	case IR_XOR: case IR_SHL: case IR_SHR: case IR_MIN: case IR_MAX:
		emit_bin(p, in);
		break;
	case IR_SETP: emit_setp(p, in); break;
	case IR_SEL: emit_sel(p, in); break;
	case IR_CVT: emit_cvt(p, in); break;
	case IR_LD: emit_ld(p, in); break;
	case IR_ST: emit_st(p, in); break;
	case IR_ATOM: emit_atom(p, in); break;
	case IR_FENCE:
		E(p, "fence.%s.%s;", in->sem == SEM_ACQ_REL ? "acq_rel" : "sc", scope_s(in->scope));
		break;
	case IR_BAR:
		switch (in->sub) {
		case BAR_SYNC: E(p, "barrier.sync 0;"); break;
		case BAR_POPC: {
			const char *q = V(p, in->a, IR_PRED);
			const char *d = D(p, in->d, IR_U32);
			E(p, "barrier.red.popc.u32 %s, 0, %s;", d, q);
			fin_t(p, IR_U32);
			break;
		}
		default: {
			const char *q = V(p, in->a, IR_PRED);
			const char *r = TMP(p, C_P);
			E(p, "barrier.red.%s.pred %s, 0, %s;", in->sub == BAR_AND ? "and" : "or", r, q);
			const char *d = D(p, in->d, IR_S32);
			E(p, "selp.s32 %s, 1, 0, %s;", d, r);
			fin_t(p, IR_S32);
			break;
		}
		}
		break;
	case IR_WARPSYNC: E(p, "bar.warp.sync %s;", V(p, in->a, IR_U32)); break;
	case IR_SHFL: emit_shfl(p, in); break;
	case IR_VOTE: emit_vote(p, in); break;
	case IR_MATCH: emit_match(p, in); break;
	case IR_REDUX: emit_redux(p, in); break;
	case IR_ACTIVEMASK: {
		const char *d = D(p, in->d, IR_U32);
		E(p, "activemask.b32 %s;", d);
		fin_t(p, IR_U32);
		break;
	}
	case IR_SREG: emit_sreg(p, in); break;
	case IR_GADDR: {
		const char *d = D(p, in->d, IR_PTR);
		addr_of_obj(p, d, (int32_t)in->imm, in->span);
		fin_t(p, IR_PTR);
		break;
	}
	case IR_LADDR: {
		const char *d = D(p, in->d, IR_PTR);
		E(p, "cvta.local.u64 %s, __frame;", d);
		if (in->imm)
			E(p, "add.u64 %s, %s, %" PRId64 ";", d, d, in->imm);
		fin_t(p, IR_PTR);
		break;
	}
	case IR_FADDR: {
		if (in->imm < 0 || (uint64_t)in->imm >= p->m->nfuncs ||
		    !(p->m->funcs[in->imm].kind & FN_DEVICE) || (p->m->funcs[in->imm].kind & FN_KERNEL)) {
			fail(p, in->span, "address of a function that has no device code");
			break;
		}
		const char *d = D(p, in->d, IR_PTR);
		E(p, "mov.u64 %s, %s;", d, fname(p, (uint32_t)in->imm));
		fin_t(p, IR_PTR);
		break;
	}
	case IR_ALLOCA: {
		const char *n = V(p, in->a, IR_U64);
		const char *l = TMP(p, C_RD);
		int64_t al = in->imm > 0 ? in->imm : 16;
		E(p, "alloca.u64 %s, %s, %" PRId64 ";", l, n, al);
		const char *d = D(p, in->d, IR_PTR);
		E(p, "cvta.local.u64 %s, %s;", d, l);
		fin_t(p, IR_PTR);
		break;
	}
	case IR_MEMCPY: case IR_MEMSET: emit_mem(p, in); break;
	case IR_BR: E(p, "bra $L%u_%d;", p->fi, in->tgt1); break;
	case IR_CBR: {
		const char *c = V(p, in->a, IR_PRED);
		E(p, "@%s bra $L%u_%d;", c, p->fi, in->tgt1);
		if ((uint32_t)in->tgt2 != i + 1)
			E(p, "bra $L%u_%d;", p->fi, in->tgt2);
		break;
	}
	case IR_CALL: case IR_ICALL: emit_call(p, in); break;
	case IR_BCALL: emit_bcall(p, in); break;
	case IR_RET:
		if (!(p->f->kind & FN_KERNEL) && in->a >= 0 && p->f->ret != IR_VOID) {
			unsigned rt = pass_t(p->f->ret);
			const char *v = V(p, in->a, rt);
			E(p, "st.param.%s [func_retval0], %s;", ptype(rt), v);
		}
		E(p, "ret;");
		break;
	case IR_LAUNCH:
		fail(p, in->span, "device code launches a kernel (dynamic parallelism)");
		break;
	case IR_TRAP: case IR_UNREACHABLE: E(p, "trap;"); break;
	default:
		fail(p, in->span, "IR op %s is not lowered to PTX", ir_op_name((enum ir_op)in->op));
		break;
	}
}

/* Copy a kernel's aggregate parameter k into local memory; register k
 * gets its generic address. */
static void kernel_aggregate(struct px *p, uint32_t k, const char *pname)
{
	uint32_t size = p->f->param_size ? p->f->param_size[k] : 8;
	uint32_t al = p->f->param_align && p->f->param_align[k] ? p->f->param_align[k] : 8;
	if (al > 16)
		al = 16;
	strbuf_addf(&p->decl, "\t.local .align %u .b8 __arg%u[%u];\n", al, k, size ? size : 1);
	uint32_t unit = al >= 8 && size % 8 == 0 ? 8 : al >= 4 && size % 4 == 0 ? 4 : al >= 2 && size % 2 == 0 ? 2 : 1;
	const char *t = TMP(p, unit == 8 ? C_RD : C_R);
	for (uint32_t o = 0; o < size; o += unit) {
		E(p, "ld.param.b%u %s, [%s+%u];", unit * 8 < 16 ? 8 : unit * 8, t, pname, o);
		E(p, "st.local.b%u [__arg%u+%u], %s;", unit * 8 < 16 ? 8 : unit * 8, k, o, t);
	}
	E(p, "cvta.local.u64 %s, __arg%u;", REG(p, (int)k), k);
}

static int kernel_param_aggregate(const struct ir_func *f, uint32_t k)
{
	return ir_param_aggregate(f, k);
}

/*
 * The trace probe (GPU_PTX_TRACE, docs/gpu.md "Traces"): the lowest active
 * lane of the warp takes the next record of the buffer the backend put in
 * GPU_TRACE_BUF (none: 0) and writes GPU_TRACE_REC bytes: %globaltimer,
 * %smid, %warpid, the active mask, the statement (function << 20 | pc), the
 * block's linear index and the warp's index in its block.
 */
static void trace_probe(struct px *p, struct strbuf *o, uint32_t fi, uint32_t pc)
{
	int l = p->nlabel++;
	strbuf_addf(o, "\t{\n\t.reg .pred %%wsp;\n\t.reg .b32 %%wsm, %%wsl, %%wsf, %%wsv;\n"
		    "\t.reg .b64 %%wsb, %%wsi, %%wsc, %%wsa, %%wst;\n"
		    "\tactivemask.b32 %%wsm;\n\tmov.u32 %%wsl, %%laneid;\n\tbrev.b32 %%wsf, %%wsm;\n"
		    "\tclz.b32 %%wsf, %%wsf;\n\tsetp.ne.u32 %%wsp, %%wsl, %%wsf;\n\t@%%wsp bra $Lws%u_%d;\n"
		    "\tld.global.u64 %%wsb, [%s];\n\tsetp.eq.u64 %%wsp, %%wsb, 0;\n\t@%%wsp bra $Lws%u_%d;\n"
		    "\tatom.global.add.u64 %%wsi, [%s], 1;\n\tld.global.u64 %%wsc, [%s];\n"
		    "\tsetp.ge.u64 %%wsp, %%wsi, %%wsc;\n\t@%%wsp bra $Lws%u_%d;\n"
		    "\tmad.lo.u64 %%wsa, %%wsi, %d, %%wsb;\n\tmov.u64 %%wst, %%globaltimer;\n"
		    "\tst.global.u64 [%%wsa], %%wst;\n\tmov.u32 %%wsv, %%smid;\n\tst.global.u32 [%%wsa+8], %%wsv;\n"
		    "\tmov.u32 %%wsv, %%warpid;\n\tst.global.u32 [%%wsa+12], %%wsv;\n"
		    "\tst.global.u32 [%%wsa+16], %%wsm;\n\tst.global.u32 [%%wsa+20], %u;\n"
		    "\tmov.u32 %%wsv, %%ctaid.z;\n\tmov.u32 %%wsf, %%nctaid.y;\n\tmul.lo.u32 %%wsv, %%wsv, %%wsf;\n"
		    "\tmov.u32 %%wsf, %%ctaid.y;\n\tadd.u32 %%wsv, %%wsv, %%wsf;\n\tmov.u32 %%wsf, %%nctaid.x;\n"
		    "\tmul.lo.u32 %%wsv, %%wsv, %%wsf;\n\tmov.u32 %%wsf, %%ctaid.x;\n\tadd.u32 %%wsv, %%wsv, %%wsf;\n"
		    "\tst.global.u32 [%%wsa+24], %%wsv;\n"
		    "\tmov.u32 %%wsv, %%tid.z;\n\tmov.u32 %%wsf, %%ntid.y;\n\tmul.lo.u32 %%wsv, %%wsv, %%wsf;\n"
		    "\tmov.u32 %%wsf, %%tid.y;\n\tadd.u32 %%wsv, %%wsv, %%wsf;\n\tmov.u32 %%wsf, %%ntid.x;\n"
		    "\tmul.lo.u32 %%wsv, %%wsv, %%wsf;\n\tmov.u32 %%wsf, %%tid.x;\n\tadd.u32 %%wsv, %%wsv, %%wsf;\n"
		    "\tshr.u32 %%wsv, %%wsv, 5;\n\tst.global.u32 [%%wsa+28], %%wsv;\n"
		    "$Lws%u_%d:\n\t}\n",
		    fi, l, GPU_TRACE_BUF, fi, l, GPU_TRACE_N, GPU_TRACE_CAP, fi, l, GPU_TRACE_REC, fi << 20 | pc,
		    fi, l);
}

uint32_t gpu_live_vars(const struct ir_func *f, uint32_t pc, uint32_t out[GPU_LIVE_NVALS])
{
	uint32_t n = 0;
	for (uint32_t k = 0; k < f->nvars && n < GPU_LIVE_NVALS; k++) {
		const struct ir_var *v = &f->vars[k];
		if (v->loc == VLOC_REG && v->reg >= 0 && (uint32_t)v->reg < f->nregs && v->type &&
		    v->type->scalar != IR_VOID && pc >= v->live_from && pc < v->live_to)
			out[n++] = k;
	}
	return n;
}

/*
 * The start of a live gate or exit (GPU_PTX_LIVE): the lowest active lane
 * of the warp, when the live area is set, computes its slot (%wgs) and lock
 * (%wgk) and takes the lock, unless release_all is set or the timeout
 * passes (then to $Lwg..._out, without the lock). Opens a { } scope the
 * caller closes.
 */
static void live_enter(struct px *p, struct strbuf *o, uint32_t fi, int l)
{
	strbuf_addf(o, "\t{\n\t.reg .pred %%wgp;\n\t.reg .b32 %%wgm, %%wgl, %%wgf, %%wgv, %%wgn, %%wgw;\n"
		    "\t.reg .b64 %%wgb, %%wgs, %%wgk, %%wgt, %%wgo, %%wgx;\n"
		    "\tactivemask.b32 %%wgm;\n\tmov.u32 %%wgl, %%laneid;\n\tbrev.b32 %%wgf, %%wgm;\n"
		    "\tclz.b32 %%wgf, %%wgf;\n\tsetp.ne.u32 %%wgp, %%wgl, %%wgf;\n\t@%%wgp bra $Lwg%u_%d_out;\n"
		    "\tld.global.u64 %%wgb, [%s];\n\tsetp.eq.u64 %%wgp, %%wgb, 0;\n\t@%%wgp bra $Lwg%u_%d_out;\n",
		    fi, l, GPU_LIVE_BUF, fi, l);
	/* block linear index (%wgv), warp in block (%wgw), warps per block (%wgn) */
	strbuf_adds(o, "\tmov.u32 %wgv, %ctaid.z;\n\tmov.u32 %wgf, %nctaid.y;\n\tmul.lo.u32 %wgv, %wgv, %wgf;\n"
		       "\tmov.u32 %wgf, %ctaid.y;\n\tadd.u32 %wgv, %wgv, %wgf;\n\tmov.u32 %wgf, %nctaid.x;\n"
		       "\tmul.lo.u32 %wgv, %wgv, %wgf;\n\tmov.u32 %wgf, %ctaid.x;\n\tadd.u32 %wgv, %wgv, %wgf;\n"
		       "\tmov.u32 %wgw, %tid.z;\n\tmov.u32 %wgf, %ntid.y;\n\tmul.lo.u32 %wgw, %wgw, %wgf;\n"
		       "\tmov.u32 %wgf, %tid.y;\n\tadd.u32 %wgw, %wgw, %wgf;\n\tmov.u32 %wgf, %ntid.x;\n"
		       "\tmul.lo.u32 %wgw, %wgw, %wgf;\n\tmov.u32 %wgf, %tid.x;\n\tadd.u32 %wgw, %wgw, %wgf;\n"
		       "\tshr.u32 %wgw, %wgw, 5;\n"
		       "\tmov.u32 %wgn, %ntid.x;\n\tmov.u32 %wgf, %ntid.y;\n\tmul.lo.u32 %wgn, %wgn, %wgf;\n"
		       "\tmov.u32 %wgf, %ntid.z;\n\tmul.lo.u32 %wgn, %wgn, %wgf;\n\tadd.u32 %wgn, %wgn, 31;\n"
		       "\tshr.u32 %wgn, %wgn, 5;\n\tmad.lo.u32 %wgf, %wgv, %wgn, %wgw;\n");
	strbuf_addf(o, "\tmul.wide.u32 %%wgs, %%wgf, %d;\n\tadd.u64 %%wgs, %%wgs, %%wgb;\n\tadd.u64 %%wgs, %%wgs, %d;\n"
		    "\tld.global.u64 %%wgk, [%s];\n\tmul.wide.u32 %%wgx, %%wgf, 4;\n\tadd.u64 %%wgk, %%wgk, %%wgx;\n"
		    "\tld.volatile.u64 %%wgo, [%%wgb+%d];\n\tmov.u64 %%wgt, %%globaltimer;\n"
		    "$Lwg%u_%d_lock:\n\tld.volatile.u32 %%wgf, [%%wgb+%d];\n\tsetp.ne.u32 %%wgp, %%wgf, 0;\n"
		    "\t@%%wgp bra $Lwg%u_%d_out;\n\tatom.global.cas.b32 %%wgf, [%%wgk], 0, 1;\n"
		    "\tsetp.eq.u32 %%wgp, %%wgf, 0;\n\t@%%wgp bra $Lwg%u_%d_got;\n"
		    "\tmov.u64 %%wgx, %%globaltimer;\n\tsub.u64 %%wgx, %%wgx, %%wgt;\n\tsetp.gt.u64 %%wgp, %%wgx, %%wgo;\n"
		    "\t@%%wgp bra $Lwg%u_%d_quit;\n\tnanosleep.u32 500;\n\tbra $Lwg%u_%d_lock;\n"
		    "$Lwg%u_%d_got:\n\tfence.acq_rel.gpu;\n",
		    GPU_LIVE_SLOT, GPU_LIVE_HDR, GPU_LIVE_LOCK, GPU_LIVE_H_TIMEOUT, fi, l, GPU_LIVE_H_RELEASE, fi,
		    l, fi, l, fi, l, fi, l, fi, l);
}

/* The end of a live gate or exit: the lock released; the timeout's path
 * (quit: release_all and gave_up set) and the way out. */
static void live_leave(struct strbuf *o, uint32_t fi, int l, int sync)
{
	strbuf_addf(o, "\tfence.sc.sys;\n\tatom.global.exch.b32 %%wgf, [%%wgk], 0;\n\tbra $Lwg%u_%d_out;\n"
		    "$Lwg%u_%d_quit:\n\tst.volatile.u32 [%%wgb+%d], 1;\n\tst.volatile.u32 [%%wgb+%d], 1;\n"
		    "\tfence.sc.sys;\n\tbra $Lwg%u_%d_out;\n"
		    "$Lwg%u_%d_qlock:\n\tst.volatile.u32 [%%wgb+%d], 1;\n\tst.volatile.u32 [%%wgb+%d], 1;\n"
		    "\tfence.sc.sys;\n\tatom.global.exch.b32 %%wgf, [%%wgk], 0;\n"
		    "$Lwg%u_%d_out:\n%s\t}\n",
		    fi, l, fi, l, GPU_LIVE_H_GAVEUP, GPU_LIVE_H_RELEASE, fi, l, fi, l, GPU_LIVE_H_GAVEUP,
		    GPU_LIVE_H_RELEASE, fi, l, sync ? "\tbar.warp.sync %wgm;\n" : "");
}

/*
 * The live gate (GPU_PTX_LIVE, docs/gpu.md "Live stepping") at statement
 * pc (source line line) of function fi: under the warp's lock, the record
 * and the values into its slot, seq counted up, then a bounded spin until
 * go reaches seq or release_all is set.
 */
static void live_gate(struct px *p, struct strbuf *o, uint32_t fi, uint32_t pc, uint32_t line)
{
	int l = p->nlabel++;
	uint32_t vars[GPU_LIVE_NVALS];
	uint32_t nv = gpu_live_vars(p->f, pc, vars);
	live_enter(p, o, fi, l);
	strbuf_addf(o, "\tst.volatile.u32 [%%wgs+%d], %u;\n\tst.volatile.u32 [%%wgs+%d], %u;\n"
		    "\tst.volatile.u32 [%%wgs+%d], %%wgm;\n\tmov.u32 %%wgf, %%smid;\n\tst.volatile.u32 [%%wgs+%d], %%wgf;\n"
		    "\tmov.u32 %%wgf, %%warpid;\n\tst.volatile.u32 [%%wgs+%d], %%wgf;\n"
		    "\tst.volatile.u32 [%%wgs+%d], %u;\n\tst.volatile.u32 [%%wgs+%d], %%wgv;\n"
		    "\tst.volatile.u32 [%%wgs+%d], %%wgw;\n",
		    GPU_LIVE_S_STMT, fi << 20 | pc, GPU_LIVE_S_LINE, line, GPU_LIVE_S_MASK, GPU_LIVE_S_SMID,
		    GPU_LIVE_S_WARPID, GPU_LIVE_S_NVALS, nv, GPU_LIVE_S_BLOCK, GPU_LIVE_S_WARP);
	for (uint32_t k = 0; k < nv; k++) {
		int r = p->f->vars[vars[k]].reg;
		const char *rn = REG(p, r);
		int off = GPU_LIVE_S_VALS + 8 * (int)k;
		switch (cls_of(p->f->reg_ty[r])) {
		case C_P: strbuf_addf(o, "\tselp.u64 %%wgx, 1, 0, %s;\n", rn); break;
		case C_R: strbuf_addf(o, "\tcvt.u64.u32 %%wgx, %s;\n", rn); break;
		case C_F: strbuf_addf(o, "\tmov.b32 %%wgf, %s;\n\tcvt.u64.u32 %%wgx, %%wgf;\n", rn); break;
		case C_H: strbuf_addf(o, "\t{\n\t.reg .b16 %%wgh;\n\tmov.b16 %%wgh, %s;\n\tcvt.u64.u16 %%wgx, %%wgh;\n\t}\n", rn); break;
		default: strbuf_addf(o, "\tmov.b64 %%wgx, %s;\n", rn); break;
		}
		strbuf_addf(o, "\tst.volatile.u64 [%%wgs+%d], %%wgx;\n", off);
	}
	/* seq + 1 published after the record; then wait for go */
	strbuf_addf(o, "\tld.volatile.u32 %%wgn, [%%wgs+%d];\n\tadd.u32 %%wgn, %%wgn, 1;\n\tfence.sc.sys;\n"
		    "\tst.volatile.u32 [%%wgs+%d], %%wgn;\n\tfence.sc.sys;\n"
		    "$Lwg%u_%d_wait:\n\tld.volatile.u32 %%wgf, [%%wgs+%d];\n\tsetp.ge.u32 %%wgp, %%wgf, %%wgn;\n"
		    "\t@%%wgp bra $Lwg%u_%d_go;\n\tld.volatile.u32 %%wgf, [%%wgb+%d];\n\tsetp.ne.u32 %%wgp, %%wgf, 0;\n"
		    "\t@%%wgp bra $Lwg%u_%d_go;\n\tmov.u64 %%wgx, %%globaltimer;\n\tsub.u64 %%wgx, %%wgx, %%wgt;\n"
		    "\tsetp.gt.u64 %%wgp, %%wgx, %%wgo;\n\t@%%wgp bra $Lwg%u_%d_qlock;\n\tnanosleep.u32 500;\n"
		    "\tbra $Lwg%u_%d_wait;\n$Lwg%u_%d_go:\n",
		    GPU_LIVE_S_SEQ, GPU_LIVE_S_SEQ, fi, l, GPU_LIVE_S_GO, fi, l, GPU_LIVE_H_RELEASE, fi, l, fi, l, fi, l,
		    fi, l);
	live_leave(o, fi, l, 1);
}

/* A kernel's return under GPU_PTX_LIVE: the returning lanes into the
 * warp's exit mask (under its lock, so that the two sides of a divergent
 * warp do not lose each other's lanes). */
static void live_exit(struct px *p, struct strbuf *o, uint32_t fi)
{
	int l = p->nlabel++;
	live_enter(p, o, fi, l);
	strbuf_addf(o, "\tld.volatile.u32 %%wgf, [%%wgs+%d];\n\tor.b32 %%wgf, %%wgf, %%wgm;\n"
		    "\tst.volatile.u32 [%%wgs+%d], %%wgf;\n",
		    GPU_LIVE_S_EXIT, GPU_LIVE_S_EXIT);
	live_leave(o, fi, l, 0);
}

/*
 * The litmus prologue (GPU_PTX_LITMUS, docs/gpu.md "litmus --gpu"): physical
 * block b plays role GPU_LIT_MAP[b]; a role below GPU_LIT_NTEST is a block of
 * the test (blockIdx.x reads the role), whose threads count themselves in
 * GPU_LIT_BAR and spin until all GPU_LIT_NTHREADS have arrived, so that the
 * test's threads start together; the other blocks stress memory: each
 * thread runs GPU_LIT_ITERS volatile increments over the scratch words
 * (GPU_LIT_SCRATCH, GPU_LIT_MASK + 1 of them) and returns.
 */
static void litmus_prologue(struct px *p, uint32_t fi)
{
	strbuf_adds(&p->decl, "\t.reg .b32 %wslblk;\n");
	E(p, "{");
	E(p, ".reg .pred %%wslp;");
	E(p, ".reg .b32 %%wsla, %%wslb, %%wslc, %%wsli, %%wslm, %%wslx;");
	E(p, ".reg .b64 %%wslq, %%wslr;");
	E(p, "mov.u32 %%wsla, %%ctaid.x;");
	E(p, "mul.wide.u32 %%wslq, %%wsla, 4;");
	E(p, "mov.u64 %%wslr, %s;", GPU_LIT_MAP);
	E(p, "add.u64 %%wslr, %%wslr, %%wslq;");
	E(p, "ld.global.u32 %%wslblk, [%%wslr];");
	E(p, "ld.global.u32 %%wslc, [%s];", GPU_LIT_NTEST);
	E(p, "setp.ge.u32 %%wslp, %%wslblk, %%wslc;");
	E(p, "@%%wslp bra $Lwsl%u_stress;", fi);
	/* threads past the test's block: whole warps stress, the rest of the
	 * test's last warp leaves */
	E(p, "mov.u32 %%wslb, %%tid.x;");
	E(p, "ld.global.u32 %%wslc, [%s];", GPU_LIT_NTIDX);
	E(p, "setp.lt.u32 %%wslp, %%wslb, %%wslc;");
	E(p, "@%%wslp bra $Lwsl%u_test;", fi);
	E(p, "add.u32 %%wslc, %%wslc, 31;");
	E(p, "and.b32 %%wslc, %%wslc, -32;");
	E(p, "setp.lt.u32 %%wslp, %%wslb, %%wslc;");
	E(p, "@%%wslp ret;");
	E(p, "bra $Lwsl%u_stress;", fi);
	strbuf_addf(p->o, "$Lwsl%u_test:\n", fi);
	E(p, "atom.global.add.u32 %%wsli, [%s], 1;", GPU_LIT_BAR);
	E(p, "ld.global.u32 %%wslc, [%s];", GPU_LIT_NTHREADS);
	strbuf_addf(p->o, "$Lwsl%u_spin:\n", fi);
	E(p, "ld.volatile.global.u32 %%wsli, [%s];", GPU_LIT_BAR);
	E(p, "setp.lt.u32 %%wslp, %%wsli, %%wslc;");
	E(p, "@%%wslp bra $Lwsl%u_spin;", fi);
	E(p, "bra $Lwsl%u_body;", fi);
	strbuf_addf(p->o, "$Lwsl%u_stress:\n", fi);
	E(p, "ld.global.u64 %%wslr, [%s];", GPU_LIT_SCRATCH);
	E(p, "ld.global.u32 %%wslc, [%s];", GPU_LIT_ITERS);
	E(p, "ld.global.u32 %%wslm, [%s];", GPU_LIT_MASK);
	E(p, "mov.u32 %%wslb, %%tid.x;");
	E(p, "mad.lo.u32 %%wsla, %%wsla, 1031, %%wslb;");
	E(p, "mov.u32 %%wsli, 0;");
	E(p, "setp.eq.u64 %%wslp, %%wslr, 0;");
	E(p, "@%%wslp bra $Lwsl%u_done;", fi);
	strbuf_addf(p->o, "$Lwsl%u_loop:\n", fi);
	E(p, "setp.ge.u32 %%wslp, %%wsli, %%wslc;");
	E(p, "@%%wslp bra $Lwsl%u_done;", fi);
	E(p, "mad.lo.u32 %%wslb, %%wsli, 131, %%wsla;");
	E(p, "and.b32 %%wslb, %%wslb, %%wslm;");
	E(p, "mul.wide.u32 %%wslq, %%wslb, 4;");
	E(p, "add.u64 %%wslq, %%wslq, %%wslr;");
	E(p, "ld.volatile.global.u32 %%wslx, [%%wslq];");
	E(p, "add.u32 %%wslx, %%wslx, 1;");
	E(p, "st.volatile.global.u32 [%%wslq], %%wslx;");
	E(p, "add.u32 %%wsli, %%wsli, 1;");
	E(p, "bra $Lwsl%u_loop;", fi);
	strbuf_addf(p->o, "$Lwsl%u_done:\n", fi);
	E(p, "ret;");
	strbuf_addf(p->o, "$Lwsl%u_body:\n", fi);
	E(p, "}");
}

static void emit_func(struct px *p, uint32_t fi, struct strbuf *out)
{
	const struct ir_func *f = &p->m->funcs[fi];
	struct strbuf body;
	strbuf_init(&body);
	strbuf_init(&p->decl);
	p->o = &body;
	p->f = f;
	p->fi = fi;
	memset(p->ntmp, 0, sizeof(p->ntmp));
	p->nlabel = p->nproto = p->nbuf = 0;
	p->pend_reg = -1;
	int kernel = (f->kind & FN_KERNEL) != 0;
	const char *nm = fname(p, fi);
	char name[512];
	snprintf(name, sizeof(name), "%s", nm);
	if (f->variadic && !kernel) {
		fail(p, f->span, "variadic device function '%s'", f->name);
	}
	/* header */
	struct strbuf hd;
	strbuf_init(&hd);
	if (kernel) {
		strbuf_addf(&hd, ".visible .entry %s(", name);
		for (uint32_t k = 0; k < f->nparams; k++) {
			unsigned t = f->param_ty[k];
			uint32_t sz = f->param_size ? f->param_size[k] : 8;
			uint32_t al = f->param_align && f->param_align[k] ? f->param_align[k] : 8;
			strbuf_adds(&hd, k ? ",\n\t" : "\n\t");
			if (kernel_param_aggregate(f, k))
				strbuf_addf(&hd, ".param .align %u .b8 %s_param_%u[%u]", al, name, k, sz);
			else
				strbuf_addf(&hd, ".param .%s %s_param_%u", t == IR_PRED ? "u8" : mtype(t), name, k);
		}
		strbuf_adds(&hd, ")\n");
		if (f->launch_bounds_max > 0) {
			strbuf_addf(&hd, ".maxntid %d, 1, 1\n", f->launch_bounds_max);
			if (f->launch_bounds_min > 0)
				strbuf_addf(&hd, ".minnctapersm %d\n", f->launch_bounds_min);
		}
	} else {
		strbuf_adds(&hd, ".func ");
		if (f->ret != IR_VOID)
			strbuf_addf(&hd, "(.param .%s func_retval0) ", ptype(pass_t(f->ret)));
		strbuf_addf(&hd, "%s(", name);
		for (uint32_t k = 0; k < f->nparams; k++)
			strbuf_addf(&hd, "%s.param .%s %s_param_%u", k ? ", " : "", ptype(pass_t(f->param_ty[k])), name, k);
		strbuf_adds(&hd, ")\n");
	}
	/* parameters into their registers */
	for (uint32_t k = 0; k < f->nparams; k++) {
		unsigned t = f->param_ty[k];
		char pn[600];
		snprintf(pn, sizeof(pn), "%s_param_%u", name, k);
		if (kernel && kernel_param_aggregate(f, k)) {
			kernel_aggregate(p, k, pn);
			continue;
		}
		if (t == IR_PRED) {
			const char *u = TMP(p, C_R);
			E(p, "ld.param.%s %s, [%s];", kernel ? "u8" : "b32", u, pn);
			E(p, "setp.ne.b32 %s, %s, 0;", REG(p, (int)k), u);
		} else if (kernel) {
			E(p, "ld.param.%s %s, [%s];", mtype(t), REG(p, (int)k), pn);
		} else {
			E(p, "ld.param.%s %s, [%s];", ptype(t), REG(p, (int)k), pn);
		}
	}
	if (p->litmus && kernel)
		litmus_prologue(p, fi);
	/* the body */
	uint8_t *target = xcalloc(f->ncode + 1, 1);
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			if ((uint32_t)in->tgt1 <= f->ncode)
				target[in->tgt1] = 1;
			if (in->op == IR_CBR && (uint32_t)in->tgt2 <= f->ncode)
				target[in->tgt2] = 1;
		}
	}
	uint32_t lastline = 0, lastfile = 0;
	for (uint32_t i = 0; i < f->ncode && !p->failed; i++) {
		const struct ir_insn *in = &f->code[i];
		if (target[i])
			strbuf_addf(&body, "$L%u_%u:\n", fi, i);
		if (in->span.line && in->span.file && (in->span.line != lastline || in->span.file != lastfile)) {
			strbuf_addf(&body, "\t.loc %u %u %u\n", in->span.file, in->span.line, in->span.col);
			lastline = in->span.line;
			lastfile = in->span.file;
		}
		if (p->trace && (in->flags & IRF_STMT_START) && i < (1u << 20) && fi < (1u << 12))
			trace_probe(p, &body, fi, i);
		if (p->live && (in->flags & IRF_STMT_START) && i < (1u << 20) && fi < (1u << 12))
			live_gate(p, &body, fi, i, in->span.line);
		if (p->live && kernel && in->op == IR_RET)
			live_exit(p, &body, fi);
		emit_insn(p, in, i);
	}
	if (target[f->ncode])
		strbuf_addf(&body, "$L%u_%u:\n", fi, f->ncode);
	free(target);
	if (p->live && kernel)
		live_exit(p, &body, fi);
	E(p, "ret;");
	/* declarations, then the body */
	strbuf_adds(out, strbuf_cstr(&hd));
	strbuf_adds(out, "{\n");
	for (int c = 0; c < NCLS; c++) {
		int n = 0;
		for (uint32_t r = 0; r < f->nregs; r++)
			if (cls_of(f->reg_ty[r]) == (enum cls)c)
				n = (int)r + 1;
		if (n)
			strbuf_addf(out, "\t.reg %s %%%s<%d>;\n", cls_decl[c], cls_pfx[c], n);
		if (p->ntmp[c])
			strbuf_addf(out, "\t.reg %s %%t%s<%d>;\n", cls_decl[c], cls_pfx[c], p->ntmp[c]);
	}
	if (f->frame_size)
		strbuf_addf(out, "\t.local .align %u .b8 __frame[%u];\n", f->frame_align > 16 ? 16 : f->frame_align ? f->frame_align : 8,
			    f->frame_size);
	strbuf_adds(out, strbuf_cstr(&p->decl));
	strbuf_adds(out, strbuf_cstr(&body));
	strbuf_adds(out, "}\n\n");
	strbuf_release(&hd);
	strbuf_release(&body);
	strbuf_release(&p->decl);
}

static void func_decl(struct px *p, uint32_t fi, struct strbuf *out)
{
	const struct ir_func *f = &p->m->funcs[fi];
	const char *name = fname(p, fi);
	strbuf_adds(out, ".func ");
	if (f->ret != IR_VOID)
		strbuf_addf(out, "(.param .%s func_retval0) ", ptype(pass_t(f->ret)));
	strbuf_addf(out, "%s(", name);
	for (uint32_t k = 0; k < f->nparams; k++)
		strbuf_addf(out, "%s.param .%s %s_param_%u", k ? ", " : "", ptype(pass_t(f->param_ty[k])), name, k);
	strbuf_adds(out, ");\n");
}

static int is_device_code(const struct ir_func *f)
{
	return (f->kind & (FN_DEVICE | FN_KERNEL)) != 0;
}

/* The device functions a kernel can reach: kernels, and what they call or
 * take the address of, transitively. Only these are lowered, as nvcc emits
 * only them: an inline function of a header that no kernel uses (a cluster
 * helper of cooperative_groups.h) does not need its built-ins in PTX.
 * Returns a flag per function (to free). */
static uint8_t *reachable_funcs(const struct ir_module *m)
{
	uint8_t *r = xcalloc(m->nfuncs + 1, 1);
	uint32_t *stack = xmalloc(sizeof(*stack) * (m->nfuncs + 1));
	uint32_t n = 0;

	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind & FN_KERNEL) {
			r[i] = 1;
			stack[n++] = i;
		}
	while (n) {
		const struct ir_func *f = &m->funcs[stack[--n]];

		for (uint32_t k = 0; k < f->ncode; k++) {
			const struct ir_insn *in = &f->code[k];

			if ((in->op == IR_CALL || in->op == IR_FADDR) && in->imm >= 0 &&
			    (uint64_t)in->imm < m->nfuncs && !r[in->imm] &&
			    (m->funcs[in->imm].kind & (FN_DEVICE | FN_KERNEL))) {
				r[in->imm] = 1;
				stack[n++] = (uint32_t)in->imm;
			}
		}
	}
	free(stack);
	return r;
}

/* ---- the module */

static void emit_obj(struct px *p, uint32_t idx, struct strbuf *out)
{
	const struct ir_object *o = &p->m->objs[idx];
	struct strbuf nb;
	strbuf_init(&nb);
	gpu_ptx_obj_name(p->m, idx, &nb);
	const char *name = strbuf_cstr(&nb);
	uint64_t al = o->align ? o->align : 1;
	if (al > 256)
		al = 256;
	if (p->litmus && o->kind == OBJ_GLOBAL)
		al = 4096; /* litmus --gpu: each location in its own page, apart in the L2 */
	uint64_t size = o->size ? o->size : 1;
	if (o->kind == OBJ_SHARED) {
		if (o->dynamic)
			strbuf_addf(out, ".extern .shared .align 16 .b8 %s[];\n", name);
		else
			strbuf_addf(out, ".shared .align %" PRIu64 " .b8 %s[%" PRIu64 "];\n", al, name, size);
		strbuf_release(&nb);
		return;
	}
	const char *sp = o->kind == OBJ_CONST ? ".const" : ".global";
	const char *attr = o->kind == OBJ_MANAGED ? " .attribute(.managed)" : "";
	if (o->nrelocs) {
		/* words of 8 bytes, pointers as generic addresses of their targets */
		if (size % 8 || al < 8) {
			strbuf_release(&nb);
			fail(p, o->span, "'%s' holds a pointer at a position PTX cannot initialize", o->name);
			return;
		}
		strbuf_addf(out, ".visible %s%s .align 8 .u64 %s[%" PRIu64 "] = {", sp, attr, name, size / 8);
		for (uint64_t w = 0; w < size / 8; w++) {
			strbuf_adds(out, w ? ", " : "");
			const struct ir_reloc *r = NULL;
			for (uint32_t k = 0; k < o->nrelocs; k++)
				if (o->relocs[k].off == w * 8)
					r = &o->relocs[k];
			if (r && r->obj >= 0 && (uint32_t)r->obj < p->m->nobjs) {
				p->obj_used[r->obj] = 1;
				struct strbuf tn;
				strbuf_init(&tn);
				gpu_ptx_obj_name(p->m, (uint32_t)r->obj, &tn);
				strbuf_addf(out, "generic(%s)+%" PRId64, strbuf_cstr(&tn), r->addend);
				strbuf_release(&tn);
			} else if (r && r->obj < 0 && r->func >= 0 && (uint32_t)r->func < p->m->nfuncs &&
				   is_device_code(&p->m->funcs[r->func]) && !(p->m->funcs[r->func].kind & FN_KERNEL)) {
				strbuf_adds(out, fname(p, (uint32_t)r->func));
			} else {
				uint64_t v = 0;
				if (o->init)
					memcpy(&v, o->init + w * 8, 8);
				strbuf_addf(out, "%" PRIu64, v);
			}
		}
		strbuf_adds(out, "};\n");
		strbuf_release(&nb);
		return;
	}
	strbuf_addf(out, ".visible %s%s .align %" PRIu64 " .b8 %s[%" PRIu64 "]", sp, attr, al, name, size);
	if (o->init) {
		int nz = 0;
		for (uint64_t k = 0; k < o->size; k++)
			nz |= o->init[k];
		if (nz) {
			strbuf_adds(out, " = {");
			for (uint64_t k = 0; k < o->size; k++)
				strbuf_addf(out, "%s%u", k ? (k % 32 ? "," : ",\n\t") : "", o->init[k]);
			strbuf_adds(out, "}");
		}
	}
	strbuf_adds(out, ";\n");
	strbuf_release(&nb);
}

/* The PTX ISA version for sm_<arch>: the oldest that knows the target (and
 * everything emitted: 7.3 for alloca), 8.1 for kernel parameters over
 * 4352 bytes. */
static const char *ptx_version(int arch, int bigparams)
{
	static const struct { int arch; const char *v; } t[] = {
		{ 80, "7.3" }, { 86, "7.3" }, { 87, "7.4" }, { 89, "7.8" }, { 90, "8.0" },
		{ 100, "8.6" }, { 103, "8.8" }, { 110, "9.0" }, { 120, "8.7" }, { 121, "8.8" },
	};
	const char *v = "7.3";
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++)
		if (arch >= t[i].arch)
			v = t[i].v;
	if (bigparams && strcmp(v, "8.1") < 0)
		v = "8.1";
	return v;
}

int gpu_ptx_emit(const struct ir_module *m, int arch, struct strbuf *out, struct strbuf *err)
{
	return gpu_ptx_emit_flags(m, arch, 0, out, err);
}

int gpu_ptx_emit_flags(const struct ir_module *m, int arch, unsigned flags, struct strbuf *out,
		       struct strbuf *err)
{
	struct px p;
	memset(&p, 0, sizeof(p));
	p.trace = (flags & GPU_PTX_TRACE) != 0;
	p.litmus = (flags & GPU_PTX_LITMUS) != 0;
	p.live = (flags & GPU_PTX_LIVE) != 0;
	p.m = m;
	p.arch = arch;
	p.err = err;
	p.pend_reg = -1;
	if (arch < GPU_ARCH_MIN || arch > GPU_ARCH_MAX) {
		strbuf_addf(err, "sm_%d is not a target (sm_%d to sm_%d)", arch, GPU_ARCH_MIN, GPU_ARCH_MAX);
		return -1;
	}
	p.obj_used = xcalloc(m->nobjs + 1, 1);
	/* functions first, into a buffer: they decide which objects are used */
	struct strbuf fns, decls;
	strbuf_init(&fns);
	strbuf_init(&decls);
	uint8_t *reach = reachable_funcs(m);
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		const struct ir_func *f = &m->funcs[i];
		if (!is_device_code(f) || !reach[i])
			continue;
		if (!(f->kind & FN_KERNEL))
			func_decl(&p, i, &decls);
		emit_func(&p, i, &fns);
	}
	free(reach);
	/* objects: every __device__/__constant__/managed one (cudaMemcpyToSymbol
	 * may name it), shared ones, and the strings device code uses */
	struct strbuf objs;
	strbuf_init(&objs);
	for (uint32_t i = 0; i < m->nobjs; i++) {
		const struct ir_object *o = &m->objs[i];
		if (o->kind == OBJ_GLOBAL || o->kind == OBJ_CONST || o->kind == OBJ_MANAGED || o->kind == OBJ_SHARED)
			p.obj_used[i] = 1;
	}
	/* relocations may pull in more objects: iterate to a fixed point */
	uint8_t *done = xcalloc(m->nobjs + 1, 1);
	for (int again = 1; again;) {
		again = 0;
		for (uint32_t i = 0; i < m->nobjs; i++)
			if (p.obj_used[i] && !done[i]) {
				done[i] = 1;
				again = 1;
				if (m->objs[i].kind != OBJ_HOST)
					emit_obj(&p, i, &objs);
			}
	}
	free(done);
	/* the header: kernel parameters over 4352 bytes need PTX 8.1 */
	uint32_t maxparam = 0;
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind & FN_KERNEL) {
			uint32_t o = 0;
			for (uint32_t k = 0; k < m->funcs[i].nparams; k++)
				o += m->funcs[i].param_size ? m->funcs[i].param_size[k] + 16 : 8;
			if (o > maxparam)
				maxparam = o;
		}
	strbuf_addf(out, "//\n// Generated by warpstep from the IR of the program's device code.\n//\n\n"
		    ".version %s\n.target sm_%d\n.address_size 64\n\n", ptx_version(arch, maxparam > 4352), arch);
	if (m->sm) {
		for (uint32_t id = 1;; id++) {
			const struct srcfile *sf = srcmgr_file(m->sm, id);
			if (!sf)
				break;
			strbuf_addf(out, ".file %u \"", id);
			for (const char *s = sf->name; *s; s++) {
				if (*s == '"' || *s == '\\')
					strbuf_addc(out, '\\');
				strbuf_addc(out, *s);
			}
			strbuf_adds(out, "\"\n");
		}
		strbuf_adds(out, "\n");
	}
	if (p.need_vprintf)
		strbuf_adds(out, ".extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, "
				 ".param .b64 vprintf_param_1);\n");
	if (p.need_malloc)
		strbuf_adds(out, ".extern .func (.param .b64 func_retval0) malloc(.param .b64 malloc_param_0);\n");
	if (p.need_free)
		strbuf_adds(out, ".extern .func free(.param .b64 free_param_0);\n");
	if (p.need_setcond)
		strbuf_addf(out, ".visible .global .align 8 .u64 %s;\n.visible .global .align 8 .u64 %s[%d];\n",
			    GPU_SETCOND_N, GPU_SETCOND_LOG, 2 * GPU_SETCOND_MAX);
	if (p.need_assert)
		strbuf_adds(out, ".extern .func __assertfail(.param .b64 __assertfail_param_0, "
				 ".param .b64 __assertfail_param_1, .param .b32 __assertfail_param_2, "
				 ".param .b64 __assertfail_param_3, .param .b64 __assertfail_param_4);\n");
	if (p.need_grid)
		strbuf_addf(out, ".visible .global .align 8 .u64 %s;\n.visible .global .align 4 .u32 %s;\n",
			    GPU_GRID_BAR, GPU_GRID_COOP);
	if (p.need_tex)
		strbuf_addf(out, ".visible .global .align 8 .u64 %s[%d];\n", GPU_TEX_MAP, GPU_TEX_MAX);
	if (p.need_pipe)
		strbuf_addf(out, ".visible .global .align 8 .u64 %s;\n", GPU_PIPE_HT);
	if (p.litmus)
		strbuf_addf(out, ".visible .global .align 4 .u32 %s[%d];\n.visible .global .align 4 .u32 %s;\n"
			    ".visible .global .align 4 .u32 %s;\n.visible .global .align 4 .u32 %s;\n"
			    ".visible .global .align 8 .u64 %s;\n.visible .global .align 4 .u32 %s;\n"
			    ".visible .global .align 4 .u32 %s;\n.visible .global .align 4 .u32 %s;\n", GPU_LIT_MAP,
			    GPU_LIT_MAXBLOCKS, GPU_LIT_NTEST, GPU_LIT_BAR, GPU_LIT_NTHREADS, GPU_LIT_SCRATCH, GPU_LIT_ITERS,
			    GPU_LIT_MASK, GPU_LIT_NTIDX);
	if (p.live)
		strbuf_addf(out, ".visible .global .align 8 .u64 %s;\n.visible .global .align 8 .u64 %s;\n",
			    GPU_LIVE_BUF, GPU_LIVE_LOCK);
	if (p.trace)
		strbuf_addf(out, ".visible .global .align 8 .u64 %s;\n.visible .global .align 8 .u64 %s;\n"
			    ".visible .global .align 8 .u64 %s;\n", GPU_TRACE_BUF, GPU_TRACE_N, GPU_TRACE_CAP);
	strbuf_adds(out, strbuf_cstr(&objs));
	strbuf_adds(out, "\n");
	strbuf_adds(out, strbuf_cstr(&decls));
	strbuf_adds(out, "\n");
	if (p.need_sincosf)
		strbuf_addf(out, "%s\n", sincosf_ptx);
	if (p.need_dmath) {
		for (size_t k = 0; dmath_ptx[k]; k++)
			strbuf_adds(out, dmath_ptx[k]);
		strbuf_adds(out, "\n");
	}
	strbuf_adds(out, strbuf_cstr(&fns));
	strbuf_release(&objs);
	strbuf_release(&fns);
	strbuf_release(&decls);
	free(p.obj_used);
	return p.failed ? -1 : 0;
}

uint32_t gpu_pack_args(const struct ir_func *fn, uint8_t *buf, void **ptrs)
{
	uint32_t o = 0;
	for (uint32_t k = 0; k < fn->nparams; k++) {
		uint32_t s = fn->param_size ? fn->param_size[k] : 8;
		uint32_t a = fn->param_align && fn->param_align[k] ? fn->param_align[k] : (s >= 8 ? 8 : s ? s : 1);
		o = (o + a - 1) & ~(a - 1);
		ptrs[k] = buf + o;
		o += s;
	}
	return fn->nparams;
}
