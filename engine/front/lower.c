/*
 * lower.c - AST to IR.
 *
 * Scalars whose address is never taken live in registers; everything else
 * (arrays, structs, address-taken locals) in the frame's local memory.
 * Aggregate-valued expressions evaluate to an address. Control flow uses
 * label ids patched into instruction indices when the function is done.
 */
#include "lower.h"
#include "builtin.h"

#include <stdlib.h>
#include <string.h>

enum { LV_REG, LV_MEM, LV_BITS };
enum { LOC_NONE, LOC_REG, LOC_FRAME, LOC_GLOBAL };

struct lval {
	int kind;
	int reg;                /* LV_REG: the variable's register; LV_MEM, LV_BITS: the address */
	struct type *ty;
	int bits, bit_off;      /* LV_BITS: a bit-field in the unit of ty at reg */
};

struct fentry {
	const char *mangled;
	unsigned kind;          /* FN_HOST or FN_DEVICE|FN_KERNEL */
	int idx;
	struct obj *fn;
};

struct oentry {
	const char *name;
	int idx;
	int device;             /* a device-side object (device, constant, shared, managed) */
};

struct named_label {
	const char *name;
	int label;
	long depth;             /* the scope cleanups live where it is placed (-1: not yet) */
};

/* A goto that leaves scopes with objects: the destructors to run (a copy
 * of the scope cleanups at the goto) on the way to its label. */
struct pending_goto {
	int tramp;              /* the label of the trampoline code, emitted last */
	int target;             /* index into named */
	struct cleanup *cl;
	size_t ncl;
	struct span at;
};

/* A hash index from (name, device) to an index: the first one put wins, as
 * the linear searches it replaced found the first match (a program with
 * 100 000 functions made those quadratic). */
struct nslot {
	const char *name;
	int device, idx;
};
struct nindex {
	struct nslot *s;
	size_t cap, n;
};

static size_t nindex_hash(const char *name, int device)
{
	size_t h = 2166136261u ^ (size_t)device;
	for (; *name; name++)
		h = (h ^ (unsigned char)*name) * 16777619u;
	return h;
}

static int nindex_find(const struct nindex *x, const char *name, int device)
{
	if (!x->cap)
		return -1;
	for (size_t i = nindex_hash(name, device) & (x->cap - 1);; i = (i + 1) & (x->cap - 1)) {
		const struct nslot *sl = &x->s[i];
		if (!sl->name)
			return -1;
		if (sl->device == device && !strcmp(sl->name, name))
			return sl->idx;
	}
}

static void nindex_put(struct nindex *x, const char *name, int device, int idx)
{
	if (nindex_find(x, name, device) >= 0)
		return;
	if (2 * (x->n + 1) > x->cap) {
		struct nindex y = { xcalloc(x->cap ? 2 * x->cap : 64, sizeof(struct nslot)),
				    x->cap ? 2 * x->cap : 64, 0 };
		for (size_t i = 0; i < x->cap; i++)
			if (x->s[i].name)
				nindex_put(&y, x->s[i].name, x->s[i].device, x->s[i].idx);
		free(x->s);
		*x = y;
	}
	size_t i = nindex_hash(name, device) & (x->cap - 1);
	while (x->s[i].name)
		i = (i + 1) & (x->cap - 1);
	x->s[i] = (struct nslot){ name, device, idx };
	x->n++;
}

enum { CL_OBJ, CL_MEMBERS, CL_WRITEBACK };

struct cleanup {
	int kind;               /* CL_* */
	struct obj *var;        /* the object (CL_OBJ, CL_WRITEBACK), this (CL_MEMBERS) */
	struct type *ty;
	int reg;                /* CL_WRITEBACK: the caller's address of the parameter */
};

struct lower {
	struct arena *a;
	struct diaglist *dl;
	struct srcmgr *sm;
	VEC(struct ir_func) funcs;
	VEC(struct ir_object) objs;
	VEC(struct fentry) fmap;
	VEC(struct oentry) omap;
	struct nindex fidx, oidx; /* (name, device) -> idx over fmap, omap */
	int dyn_shared;         /* index of the dynamic shared object, -1 */
	/* the function being lowered */
	struct obj *fn;
	int device;             /* lowering device code */
	int fmad;               /* contract a*b+c in device code (lower.h) */
	VEC(struct ir_insn) code;
	VEC(uint8_t) regty;
	VEC(struct ir_stmt) stmts;
	VEC(struct ir_var) vars;
	VEC(int32_t) labels;
	VEC(struct named_label) named;
	VEC(struct pending_goto) gotos;
	int cur_stmt, stmt_fresh;
	struct span cur_span;
	long frame, frame_align;
	int brk, cont;
	int sret_reg;
	/* object lifetime (see run_cleanup) */
	VEC(struct cleanup) scl, tcl; /* scope cleanups; temporaries of the full-expression */
	size_t brk_depth, cont_depth; /* scl depth at the innermost break / continue target */
	int cond_depth;               /* inside a branch of ?:, && or || */
	struct obj *nrvo;             /* the local every return returns: never destroyed */
	struct program *host_prog;    /* for main: the globals it initializes and destroys */
	int dry_const;                /* const_address only answers, adding no object */
};

static int needs_dtor(struct type *t);
static int init_is_const(struct lower *L, struct initializer *in, int depth);
static void gen_static_local(struct lower *L, struct obj *v, struct span sp);
static void push_cleanup(struct lower *L, int kind, struct obj *v, struct type *ty, int temp);
static void init_from(struct lower *L, struct type *t, int dst, int src, struct node *e);

/* memcpy that accepts an empty (NULL) source */
static void copy_out(void *dst, const void *src, size_t n)
{
	if (n)
		memcpy(dst, src, n);
}

/* ---- registers and instructions ---- */

static int newreg(struct lower *L, enum ir_type t)
{
	vec_push(&L->regty, (uint8_t)t);
	return (int)L->regty.len - 1;
}

static struct ir_insn *emit(struct lower *L, enum ir_op op, enum ir_type t)
{
	struct ir_insn in = { 0 };
	in.op = (uint16_t)op;
	in.t = (uint8_t)t;
	in.d = in.a = in.b = in.c = in.e = -1;
	in.tgt1 = in.tgt2 = -1;
	in.stmt = L->cur_stmt;
	in.span = L->cur_span;
	if (L->stmt_fresh) {
		in.flags |= IRF_STMT_START;
		L->stmt_fresh = 0;
	}
	vec_push(&L->code, in);
	return &L->code.v[L->code.len - 1];
}

static int emit_const(struct lower *L, enum ir_type t, int64_t v)
{
	struct ir_insn *in = emit(L, IR_CONST, t);
	in->d = newreg(L, t);
	in->imm = v;
	return in->d;
}

static int emit_fconst(struct lower *L, enum ir_type t, double v)
{
	int64_t bits = 0;
	if (t == IR_F32) {
		float f = (float)v;
		uint32_t u;
		memcpy(&u, &f, 4);
		bits = u;
	} else {
		memcpy(&bits, &v, 8);
	}
	return emit_const(L, t, bits);
}

static int emit2(struct lower *L, enum ir_op op, enum ir_type t, int a, int b)
{
	struct ir_insn *in = emit(L, op, t);
	in->a = a;
	in->b = b;
	in->d = newreg(L, t);
	return in->d;
}

static int emit_cvt(struct lower *L, enum ir_type to, enum ir_type from, int r)
{
	if (to == from)
		return r;
	struct ir_insn *in = emit(L, IR_CVT, to);
	in->t2 = (uint8_t)from;
	in->a = r;
	in->d = newreg(L, to);
	return in->d;
}

static int new_label(struct lower *L)
{
	vec_push(&L->labels, -1);
	return (int)L->labels.len - 1;
}

static void place_label(struct lower *L, int l)
{
	L->labels.v[l] = (int32_t)L->code.len;
}

static void emit_br(struct lower *L, int l)
{
	struct ir_insn *in = emit(L, IR_BR, IR_VOID);
	in->tgt1 = l;
}

static void emit_cbr(struct lower *L, int pred, int lt, int lf)
{
	struct ir_insn *in = emit(L, IR_CBR, IR_PRED);
	in->a = pred;
	in->tgt1 = lt;
	in->tgt2 = lf;
}

static void begin_stmt(struct lower *L, struct span sp)
{
	struct ir_stmt s = { sp, (uint32_t)L->code.len };
	vec_push(&L->stmts, s);
	L->cur_stmt = (int)L->stmts.len - 1;
	L->cur_span = sp;
	L->stmt_fresh = 1;
}

static void lerror(struct lower *L, struct span sp, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
static void lerror(struct lower *L, struct span sp, const char *code, const char *fmt, ...)
{
	struct strbuf sb;
	strbuf_init(&sb);
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	diag_error(L->dl, sp, code, "%s", strbuf_cstr(&sb));
	strbuf_release(&sb);
}

/* ---- module-level maps ---- */

static unsigned space_kind(unsigned fnspace, int device)
{
	if (fnspace & SPC_GLOBAL)
		return FN_KERNEL;
	return device ? FN_DEVICE : FN_HOST;
}

static int find_func(struct lower *L, const char *mangled, int device)
{
	return nindex_find(&L->fidx, mangled, device);
}

static int find_kernel(struct lower *L, const char *mangled)
{
	for (size_t i = 0; i < L->fmap.len; i++)
		if ((L->fmap.v[i].kind & FN_KERNEL) && !strcmp(L->fmap.v[i].mangled, mangled))
			return L->fmap.v[i].idx;
	return -1;
}

static int find_obj(struct lower *L, const char *name, int device)
{
	return nindex_find(&L->oidx, name, device);
}

static int is_device_var(struct obj *v)
{
	return v->ms != MS_NONE;
}

static int add_object(struct lower *L, struct obj *v, enum ir_objkind kind)
{
	struct ir_object o = { 0 };
	o.name = (char *)v->qname;
	o.kind = (uint8_t)kind;
	o.size = (uint64_t)(v->ty->size > 0 ? v->ty->size : 0);
	o.align = (uint64_t)(v->align > v->ty->align ? v->align : v->ty->align);
	if (o.align == 0)
		o.align = 1;
	o.type = type_dbg(L->a, v->ty);
	o.span = v->tok ? v->tok->span : (struct span){ 0 };
	vec_push(&L->objs, o);
	int idx = (int)L->objs.len - 1;
	struct oentry e = { v->qname, idx, is_device_var(v) };
	vec_push(&L->omap, e);
	nindex_put(&L->oidx, e.name, e.device, idx);
	return idx;
}

static int string_object(struct lower *L, struct node *n)
{
	for (size_t i = 0; i < L->objs.len; i++) {
		struct ir_object *o = &L->objs.v[i];
		if (o->kind == OBJ_STRING && o->size == (uint64_t)n->strlen && !memcmp(o->init, n->str, (size_t)n->strlen))
			return (int)i;
	}
	struct ir_object o = { 0 };
	o.name = "";
	o.kind = OBJ_STRING;
	o.size = (uint64_t)n->strlen;
	o.align = 1;
	o.init = arena_alloc(L->a, (size_t)n->strlen);
	memcpy(o.init, n->str, (size_t)n->strlen);
	o.span = n->span;
	vec_push(&L->objs, o);
	return (int)L->objs.len - 1;
}

/* The module object of a global variable seen from the current code. */
static int global_index(struct lower *L, struct obj *v, struct span at)
{
	if (v->dyn_shared && L->dyn_shared >= 0)
		return L->dyn_shared;
	int idx = find_obj(L, v->qname, is_device_var(v));
	if (idx < 0 && !is_device_var(v) && L->device)
		lerror(L, at, "cuda-host-var-in-device", "host variable '%s' cannot be used in device code", v->name);
	if (idx < 0) {
		/* an extern declared but never defined, or one the other pass owns: define it here */
		idx = add_object(L, v, is_device_var(v) ? OBJ_GLOBAL : OBJ_HOST);
	}
	return idx;
}

/* ---- lvalues and expressions ---- */

static int gen_expr(struct lower *L, struct node *n);
static void gen_stmt(struct lower *L, struct node *n);
static int gen_cond(struct lower *L, struct node *n);
static void gen_branch(struct lower *L, struct node *n, int lt, int lf);

static int is_agg(struct type *t)
{
	return t->kind == TY_STRUCT || t->kind == TY_ARRAY || t->kind == TY_FUNC;
}

static uint8_t sem_of(struct type *t)
{
	return t->is_volatile ? SEM_VOLATILE : SEM_WEAK;
}

static int var_address(struct lower *L, struct obj *v, struct span at)
{
	if (v->lw_kind == LOC_FRAME) {
		struct ir_insn *in = emit(L, IR_LADDR, IR_PTR);
		in->d = newreg(L, IR_PTR);
		in->imm = v->lw_off;
		return in->d;
	}
	if (v->lw_kind == LOC_REG || (v->is_local && !v->is_static)) {
		lerror(L, at, "internal", "address of a register variable '%s'", v->name);
		return emit_const(L, IR_PTR, 0);
	}
	struct ir_insn *in = emit(L, IR_GADDR, IR_PTR);
	in->d = newreg(L, IR_PTR);
	in->imm = global_index(L, v, at);
	return in->d;
}

static int gen_addr(struct lower *L, struct node *n);

static int temp_address(struct lower *L, struct node *n)
{
	struct obj *v = n->var;
	int addr = var_address(L, v, n->span);
	if (n->op == 1) {
		int z = emit_const(L, IR_U8, 0);
		struct ir_insn *in = emit(L, IR_MEMSET, IR_VOID);
		in->a = addr;
		in->b = z;
		in->imm = v->ty->size;
	}
	if (n->lhs) {
		if (!is_agg(v->ty) && n->lhs->ty->kind != TY_VOID && type_same(n->lhs->ty, v->ty)) {
			int val = gen_expr(L, n->lhs);
			struct ir_insn *in = emit(L, IR_ST, type_ir(v->ty));
			in->a = addr;
			in->b = val;
			in->sp = SP_GENERIC;
		} else if (is_agg(v->ty) && n->lhs->ty->kind == TY_STRUCT && n->lhs->ty->rec == v->ty->rec &&
			   n->lhs->kind != ND_COMMA) {
			int src = gen_expr(L, n->lhs);
			init_from(L, v->ty, addr, src, n->lhs);
		} else {
			gen_expr(L, n->lhs);
		}
	}
	if (needs_dtor(v->ty))
		push_cleanup(L, CL_OBJ, v, v->ty, 1);
	return addr;
}

static struct lval gen_lval(struct lower *L, struct node *n)
{
	struct lval lv = { LV_MEM, -1, n->ty, 0, 0 };
	switch (n->kind) {
	case ND_VAR:
		if (n->var->lw_kind == LOC_REG) {
			lv.kind = LV_REG;
			lv.reg = n->var->lw_reg;
			return lv;
		}
		lv.reg = var_address(L, n->var, n->span);
		return lv;
	case ND_DEREF:
		lv.reg = gen_expr(L, n->lhs);
		return lv;
	case ND_MEMBER: {
		int base = gen_addr(L, n->lhs);
		if (n->mem->offset) {
			int off = emit_const(L, IR_S64, n->mem->offset);
			base = emit2(L, IR_ADD, IR_PTR, base, off);
		}
		lv.reg = base;
		if (n->mem->bits) {
			lv.kind = LV_BITS;
			lv.ty = n->mem->ty;
			lv.bits = n->mem->bits;
			lv.bit_off = n->mem->bit_off;
		}
		return lv;
	}
	case ND_TEMP:
		lv.reg = temp_address(L, n);
		return lv;
	case ND_COMMA:
		gen_expr(L, n->lhs);
		return gen_lval(L, n->rhs);
	case ND_CAST:
		if (n->lhs->ty->kind == n->ty->kind && (is_agg(n->ty) || n->lhs->kind == ND_VAR ||
							n->lhs->kind == ND_DEREF || n->lhs->kind == ND_MEMBER)) {
			struct lval r = gen_lval(L, n->lhs);
			r.ty = n->ty;
			return r;
		}
		break;
	case ND_CALL:
		if (n->sret_call) {
			lv.reg = gen_expr(L, n);
			return lv;
		}
		break;
	case ND_ASSIGN: case ND_PREINC: case ND_PREDEC:
		/* (a = b) as an lvalue: perform, then name a again */
		gen_expr(L, n);
		return gen_lval(L, n->lhs);
	case ND_COND:
		if (is_agg(n->ty)) {
			lv.reg = gen_expr(L, n);
			return lv;
		}
		break;
	default:
		break;
	}
	if (is_agg(n->ty)) {
		lv.reg = gen_expr(L, n);
		return lv;
	}
	lerror(L, n->span, "not-lvalue", "expression is not an lvalue");
	lv.reg = emit_const(L, IR_PTR, 0);
	return lv;
}

static int gen_addr(struct lower *L, struct node *n)
{
	if (is_agg(n->ty) && n->kind != ND_VAR && n->kind != ND_DEREF && n->kind != ND_MEMBER && n->kind != ND_TEMP)
		return gen_expr(L, n);
	struct lval lv = gen_lval(L, n);
	if (lv.kind == LV_REG) {
		lerror(L, n->span, "internal", "address of a register value");
		return emit_const(L, IR_PTR, 0);
	}
	if (lv.kind == LV_BITS)
		lerror(L, n->span, "bitfield-address", "cannot take the address of a bit-field");
	return lv.reg;
}

/* A bit-field's value is signed when its declared type is (an unscoped
 * enum with no negative enumerator counts as unsigned, as in g++). */
static int bits_signed(const struct type *t)
{
	return !type_is_unsigned(t) && t->kind != TY_BOOL && !(t->kind == TY_ENUM && t->enum_unsigned);
}

/* The field's value from its unit u (of the field's IR type): shifted to
 * the bottom and, if signed, sign-extended from its top bit. */
static int bits_extract(struct lower *L, struct lval lv, int u)
{
	enum ir_type t = type_ir(lv.ty);
	int w = (int)lv.ty->size * 8;
	if (bits_signed(lv.ty)) {
		int l = emit2(L, IR_SHL, t, u, emit_const(L, t, w - lv.bit_off - lv.bits));
		return emit2(L, IR_SHR, t, l, emit_const(L, t, w - lv.bits));
	}
	int v = lv.bit_off ? emit2(L, IR_SHR, t, u, emit_const(L, t, lv.bit_off)) : u;
	if (lv.bits == w)
		return v;
	return emit2(L, IR_AND, t, v, emit_const(L, t, (int64_t)((~0ULL) >> (64 - lv.bits))));
}

static int bits_load_unit(struct lower *L, struct lval lv)
{
	enum ir_type t = type_ir(lv.ty);
	struct ir_insn *in = emit(L, IR_LD, t);
	in->a = lv.reg;
	in->d = newreg(L, t);
	in->sp = SP_GENERIC;
	in->sem = sem_of(lv.ty);
	return in->d;
}

/* Stores val into the bit-field (read-modify-write of its unit) and returns
 * the value the field now holds, the value of the assignment expression. */
static int bits_store(struct lower *L, struct lval lv, int val)
{
	enum ir_type t = type_ir(lv.ty);
	int w = (int)lv.ty->size * 8;
	uint64_t mask = (~0ULL) >> (64 - lv.bits);
	int old = bits_load_unit(L, lv);
	L->code.v[L->code.len - 1].flags |= IRF_BITS_RMW;
	int keep = emit2(L, IR_AND, t, old, emit_const(L, t, (int64_t)~(mask << lv.bit_off)));
	int nv = lv.bits == w ? val : emit2(L, IR_AND, t, val, emit_const(L, t, (int64_t)mask));
	if (lv.bit_off)
		nv = emit2(L, IR_SHL, t, nv, emit_const(L, t, lv.bit_off));
	int unit = emit2(L, IR_OR, t, keep, nv);
	struct ir_insn *in = emit(L, IR_ST, t);
	in->a = lv.reg;
	in->b = unit;
	in->sp = SP_GENERIC;
	in->sem = sem_of(lv.ty);
	return bits_extract(L, lv, unit);
}

static int load(struct lower *L, struct lval lv)
{
	enum ir_type t = type_ir(lv.ty);
	if (lv.kind == LV_REG) {
		struct ir_insn *in = emit(L, IR_MOV, t);
		in->a = lv.reg;
		in->d = newreg(L, t);
		return in->d;
	}
	if (is_agg(lv.ty))
		return lv.reg;
	if (lv.kind == LV_BITS)
		return bits_extract(L, lv, bits_load_unit(L, lv));
	struct ir_insn *in = emit(L, IR_LD, t);
	in->a = lv.reg;
	in->d = newreg(L, t);
	in->sp = SP_GENERIC;
	in->sem = sem_of(lv.ty);
	return in->d;
}

/* Stores val (already of lv's type) and returns the value the object now
 * holds: val itself, except for a bit-field, which keeps only its bits. */
static int store(struct lower *L, struct lval lv, int val)
{
	if (lv.kind == LV_BITS)
		return bits_store(L, lv, val);
	if (is_agg(lv.ty)) {
		struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
		in->a = lv.reg;
		in->b = val;
		in->imm = lv.ty->size;
		return val;
	}
	enum ir_type t = type_ir(lv.ty);
	if (lv.kind == LV_REG) {
		struct ir_insn *in = emit(L, IR_MOV, t);
		in->a = val;
		in->d = lv.reg;
		return val;
	}
	struct ir_insn *in = emit(L, IR_ST, t);
	in->a = lv.reg;
	in->b = val;
	in->sp = SP_GENERIC;
	in->sem = sem_of(lv.ty);
	return val;
}

static int pred_to_val(struct lower *L, int pred, enum ir_type t)
{
	int one = emit_const(L, t, 1), zero = emit_const(L, t, 0);
	struct ir_insn *in = emit(L, IR_SEL, t);
	in->a = pred;
	in->b = one;
	in->c = zero;
	in->d = newreg(L, t);
	return in->d;
}

static int zero_of(struct lower *L, enum ir_type t)
{
	if (t == IR_F32 || t == IR_F64)
		return emit_fconst(L, t, 0.0);
	return emit_const(L, t, 0);
}

static int setp(struct lower *L, enum ir_cmp c, enum ir_type t, int a, int b)
{
	struct ir_insn *in = emit(L, IR_SETP, t);
	in->sub = (uint8_t)c;
	in->a = a;
	in->b = b;
	in->d = newreg(L, IR_PRED);
	return in->d;
}

static enum ir_cmp cmp_of(enum node_kind k)
{
	switch (k) {
	case ND_EQ: return CMP_EQ;
	case ND_NE: return CMP_NE;
	case ND_LT: return CMP_LT;
	case ND_LE: return CMP_LE;
	case ND_GT: return CMP_GT;
	default: return CMP_GE;
	}
}

/* A scalar value as a predicate (value != 0). */
static int gen_cond(struct lower *L, struct node *n)
{
	if (n->kind >= ND_EQ && n->kind <= ND_GE) {
		int a = gen_expr(L, n->lhs), b = gen_expr(L, n->rhs);
		return setp(L, cmp_of(n->kind), type_ir(n->lhs->ty), a, b);
	}
	if (n->kind == ND_NOT) {
		int p = gen_cond(L, n->lhs);
		struct ir_insn *in = emit(L, IR_NOT, IR_PRED);
		in->a = p;
		in->d = newreg(L, IR_PRED);
		return in->d;
	}
	if (n->kind == ND_LOGAND || n->kind == ND_LOGOR) {
		int v = gen_expr(L, n);
		return setp(L, CMP_NE, IR_U8, v, emit_const(L, IR_U8, 0));
	}
	int v = gen_expr(L, n);
	enum ir_type t = type_ir(n->ty);
	if (t == IR_VOID)
		return setp(L, CMP_NE, IR_S32, emit_const(L, IR_S32, 0), emit_const(L, IR_S32, 0));
	return setp(L, CMP_NE, t, v, zero_of(L, t));
}

static void gen_branch(struct lower *L, struct node *n, int lt, int lf)
{
	if (n->kind == ND_LOGAND) {
		int mid = new_label(L);
		gen_branch(L, n->lhs, mid, lf);
		place_label(L, mid);
		L->cond_depth++;
		gen_branch(L, n->rhs, lt, lf);
		L->cond_depth--;
		return;
	}
	if (n->kind == ND_LOGOR) {
		int mid = new_label(L);
		gen_branch(L, n->lhs, lt, mid);
		place_label(L, mid);
		L->cond_depth++;
		gen_branch(L, n->rhs, lt, lf);
		L->cond_depth--;
		return;
	}
	if (n->kind == ND_NOT) {
		gen_branch(L, n->lhs, lf, lt);
		return;
	}
	if (n->kind == ND_CAST && n->ty->kind == TY_BOOL && n->lhs->ty->kind == TY_BOOL) {
		gen_branch(L, n->lhs, lt, lf);
		return;
	}
	emit_cbr(L, gen_cond(L, n), lt, lf);
}

static int gen_cast(struct lower *L, struct node *n)
{
	struct type *to = n->ty, *from = n->lhs->ty;
	if (to->kind == TY_VOID) {
		gen_expr(L, n->lhs);
		return -1;
	}
	if (is_agg(from) || to->kind == TY_STRUCT)
		return gen_expr(L, n->lhs); /* decay or same aggregate: the address */
	int v = gen_expr(L, n->lhs);
	if (to->kind == TY_BOOL) {
		if (from->kind == TY_BOOL)
			return v;
		enum ir_type ft = type_ir(from);
		return pred_to_val(L, setp(L, CMP_NE, ft, v, zero_of(L, ft)), IR_U8);
	}
	enum ir_type tt = type_ir(to), ft = type_ir(from);
	if (tt == ft)
		return v;
	if (from->kind == TY_FUNC)
		return v;
	return emit_cvt(L, tt, ft, v);
}

/* ---- fused multiply-add contraction (lower.h: fmad) */

/* e, when it is a multiply of type t that device code contracts into an add */
static struct node *fma_operand(struct lower *L, struct node *e, enum ir_type t)
{
	if (!L->device || !L->fmad || (t != IR_F32 && t != IR_F64))
		return NULL;
	return e && e->kind == ND_MUL && type_ir(e->ty) == t ? e : NULL;
}

static int emit_neg(struct lower *L, enum ir_type t, int v)
{
	struct ir_insn *in = emit(L, IR_NEG, t);
	in->a = v;
	in->d = newreg(L, t);
	return in->d;
}

/* fmaf(x, y, z) or fma(x, y, z): x*y + z rounded once */
static int emit_fma(struct lower *L, enum ir_type t, int x, int y, int z)
{
	int32_t *args = arena_alloc(L->a, sizeof(int32_t) * 3);
	args[0] = x;
	args[1] = y;
	args[2] = z;
	struct ir_insn *in = emit(L, IR_BCALL, t);
	in->imm = t == IR_F32 ? BI_fmaf : BI_fma;
	in->args = args;
	in->nargs = 3;
	in->d = newreg(L, t);
	return in->d;
}

/*
 * acc + m or acc - m (sub) where m is a contractible multiply, acc already
 * computed: fma(x, y, acc) or fma(-x, y, acc)
 */
static int gen_fma_into(struct lower *L, enum ir_type t, int acc, struct node *m, int sub)
{
	int x = gen_expr(L, m->lhs), y = gen_expr(L, m->rhs);
	if (sub)
		x = emit_neg(L, t, x);
	return emit_fma(L, t, x, y, acc);
}

static enum ir_op arith_op(enum node_kind k)
{
	switch (k) {
	case ND_ADD: return IR_ADD;
	case ND_SUB: return IR_SUB;
	case ND_MUL: return IR_MUL;
	case ND_DIV: return IR_DIV;
	case ND_MOD: return IR_REM;
	case ND_BITAND: return IR_AND;
	case ND_BITOR: return IR_OR;
	case ND_BITXOR: return IR_XOR;
	case ND_SHL: return IR_SHL;
	case ND_SHR: return IR_SHR;
	default: return IR_NOP;
	}
}

static int scale_index(struct lower *L, int idx, long size)
{
	if (size == 1)
		return idx;
	int s = emit_const(L, IR_S64, size);
	return emit2(L, IR_MUL, IR_S64, idx, s);
}

static int func_index(struct lower *L, struct obj *fn, struct span at)
{
	int idx = find_func(L, fn->mangled, L->device);
	if (idx < 0 && (fn->space & SPC_GLOBAL))
		idx = find_kernel(L, fn->mangled);
	if (idx < 0 && L->fn && (L->fn->space & SPC_HOST) && (L->fn->space & SPC_DEVICE) &&
	    L->device != ((fn->space & (SPC_DEVICE | SPC_GLOBAL)) != 0)) {
		/* a __host__ __device__ function calling a function of one space only:
		 * nvcc warns; the call traps if this copy ever runs it */
		diag_warning(L->dl, at, "cuda-hd-call", "calling %s function '%s' from a __host__ __device__ function: "
			     "it cannot run in %s code", L->device ? "a __host__" : "a __device__", fn->qname,
			     L->device ? "device" : "host");
		return -2;
	}
	if (idx < 0)
		lerror(L, at, "undefined-function", "'%s' is declared but never defined (for %s code)", fn->qname,
		       L->device ? "device" : "host");
	return idx;
}

static int gen_builtin_op(struct lower *L, struct node *n, const struct builtin_info *bi, int *args, int nargs)
{
	struct obj *fn = n->func;
	struct type *rt = fn->ty->base;
	enum ir_type t = rt->kind == TY_VOID ? IR_VOID : type_ir(rt);
	/* constants first: emit() may move the instruction array */
	int width = bi->op == IR_SHFL && nargs <= 3 ? emit_const(L, IR_S32, 32) : -1;
	int fullmask = bi->op == IR_WARPSYNC && nargs == 0 ? emit_const(L, IR_U32, 0xffffffffu) : -1;
	int matchpred = bi->op == IR_MATCH && bi->sub == MATCH_ALL && nargs > 2 ? newreg(L, IR_PRED) : -1;
	struct ir_insn *in = emit(L, (enum ir_op)bi->op, t);
	in->sub = bi->sub;
	in->sem = bi->sem;
	in->scope = bi->scope;
	in->flags |= bi->cache & IRF_CACHE_MASK;
	in->sp = SP_GENERIC;
	/* the IR type of the operation comes from the first value argument */
	struct param *q = fn->ty->params;
	switch (bi->op) {
	case IR_ATOM:
		in->a = nargs > 0 ? args[0] : -1;
		in->b = nargs > 1 ? args[1] : -1;
		in->c = nargs > 2 ? args[2] : -1;
		if (q && q->ty->kind == TY_PTR)
			in->t = (uint8_t)type_ir(q->ty->base);
		break;
	case IR_SHFL:
		/* __shfl_*_sync(mask, var, lane, width) */
		in->e = nargs > 0 ? args[0] : -1;
		in->a = nargs > 1 ? args[1] : -1;
		in->b = nargs > 2 ? args[2] : -1;
		in->c = nargs > 3 ? args[3] : width;
		if (q && q->next)
			in->t = (uint8_t)type_ir(q->next->ty);
		break;
	case IR_VOTE: case IR_REDUX:
		in->a = nargs > 0 ? args[0] : -1;
		in->b = nargs > 1 ? args[1] : -1;
		if (bi->op == IR_REDUX && q && q->next)
			in->t = (uint8_t)type_ir(q->next->ty);
		if (bi->op == IR_VOTE)
			in->t = (uint8_t)(rt->kind == TY_VOID ? IR_S32 : type_ir(rt));
		break;
	case IR_MATCH:
		in->a = nargs > 0 ? args[0] : -1;
		in->b = nargs > 1 ? args[1] : -1;
		if (q && q->next)
			in->t = (uint8_t)type_ir(q->next->ty);
		if (matchpred >= 0) {
			in->e = matchpred;
			int d = newreg(L, type_ir(rt));
			in->d = d;
			int v = pred_to_val(L, matchpred, IR_S32);
			struct ir_insn *st = emit(L, IR_ST, IR_S32);
			st->a = args[2];
			st->b = v;
			st->sp = SP_GENERIC;
			return d;
		}
		break;
	case IR_LD:
		in->a = nargs > 0 ? args[0] : -1;
		if (q && q->ty->kind == TY_PTR)
			in->t = (uint8_t)type_ir(q->ty->base);
		break;
	case IR_ST:
		in->a = nargs > 0 ? args[0] : -1;
		in->b = nargs > 1 ? args[1] : -1;
		if (q && q->ty->kind == TY_PTR)
			in->t = (uint8_t)type_ir(q->ty->base);
		t = IR_VOID;
		break;
	case IR_BAR:
		in->a = nargs > 0 ? args[0] : -1;
		in->t = IR_S32;
		break;
	case IR_WARPSYNC:
		in->a = nargs > 0 ? args[0] : fullmask;
		break;
	case IR_SREG:
		in->imm = bi->sub;
		in->sub = 0;
		break;
	default:
		in->a = nargs > 0 ? args[0] : -1;
		in->b = nargs > 1 ? args[1] : -1;
		break;
	}
	if (t != IR_VOID && bi->op != IR_ST && bi->op != IR_TRAP && bi->op != IR_UNREACHABLE &&
	    bi->op != IR_FENCE && bi->op != IR_WARPSYNC) {
		enum ir_type dt = type_ir(rt);
		in->d = newreg(L, dt);
		return in->d;
	}
	return -1;
}

/* ---- object lifetime: constructors, copies and destructors that C++ runs implicitly ---- */

enum { LWF_KNOWN = 1, LWF_DTOR = 2, LWF_COPY = 4, LWF_ASSIGN = 8, LWF_DEFAULT = 16 };

static struct type *elem_type(struct type *t, long *count)
{
	long n = 1;
	while (t->kind == TY_ARRAY) {
		n *= t->array_len > 0 ? t->array_len : 0;
		t = t->base;
	}
	if (count)
		*count = n;
	return t;
}

/* What a class needs beyond bytes: LWF_DTOR (a destructor runs), LWF_COPY
 * (copying calls constructors), LWF_ASSIGN, LWF_DEFAULT (default
 * construction runs code), from its own special members, its base's and
 * its members'. */
static int rec_flags(struct record *r, int depth)
{
	if (r->lw_flags & LWF_KNOWN)
		return r->lw_flags;
	if (depth > 64)
		return 0;
	int f = 0;
	if (r->dtor)
		f |= LWF_DTOR;
	if (r->copy_ctor)
		f |= LWF_COPY;
	if (r->copy_assign)
		f |= LWF_ASSIGN;
	if (r->has_ctor && r->default_ctor)
		f |= LWF_DEFAULT;
	int inherit = LWF_DTOR | LWF_COPY | LWF_ASSIGN | (r->has_ctor ? 0 : LWF_DEFAULT);
	if (r->base && r->base->kind == TY_STRUCT)
		f |= rec_flags(r->base->rec, depth + 1) & inherit;
	for (struct member *m = r->members; m; m = m->next) {
		struct type *et = elem_type(m->ty, NULL);
		if (et->kind == TY_STRUCT && et->rec != r)
			f |= rec_flags(et->rec, depth + 1) & (inherit | (r->has_ctor ? LWF_DEFAULT : 0));
	}
	r->lw_flags = f | LWF_KNOWN;
	return r->lw_flags;
}

static int type_flags(struct type *t)
{
	struct type *et = elem_type(t, NULL);
	if (et->kind != TY_STRUCT || !et->rec->complete)
		return 0;
	int f = rec_flags(et->rec, 0);
	if (t->kind == TY_ARRAY && et->rec->has_ctor && et->rec->default_ctor)
		f |= LWF_DEFAULT;
	return f;
}

static int needs_dtor(struct type *t) { return (type_flags(t) & LWF_DTOR) != 0; }
static int needs_copy(struct type *t) { return (type_flags(t) & LWF_COPY) != 0; }

/* Call a special member: fn(a0[, a1]). */
static void special_call(struct lower *L, struct obj *fn, int a0, int a1)
{
	int idx = func_index(L, fn, L->cur_span);
	if (idx == -2) {
		emit(L, IR_TRAP, IR_VOID);
		return;
	}
	if (idx < 0)
		return;
	int32_t *args = arena_alloc(L->a, sizeof(int32_t) * 2);
	int k = 0;
	args[k++] = a0;
	if (a1 >= 0)
		args[k++] = a1;
	struct type *rt = fn->ty->base;
	enum ir_type t = rt->kind == TY_VOID || rt->kind == TY_STRUCT ? IR_VOID : rt->kind == TY_REF ? IR_PTR : type_ir(rt);
	struct ir_insn *in = emit(L, IR_CALL, t);
	in->imm = idx;
	in->args = args;
	in->nargs = (uint16_t)k;
	if (t != IR_VOID)
		in->d = newreg(L, t);
}

static int addr_plus(struct lower *L, int base, long off)
{
	if (!off)
		return base;
	return emit2(L, IR_ADD, IR_PTR, base, emit_const(L, IR_S64, off));
}

static void emit_memcpy(struct lower *L, int dst, int src, long size)
{
	struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
	in->a = dst;
	in->b = src;
	in->imm = size;
}

typedef void (*elem_fn)(struct lower *L, struct type *t, int dst, int src);
static void each_elem_n(struct lower *L, struct type *et, int dst, int src, int count, int reverse, elem_fn op);

/* Apply op to each element of an array (backwards when reverse, as
 * destruction goes), as a loop so that big arrays stay small code. */
static void each_elem(struct lower *L, struct type *arr, int dst, int src, int reverse, elem_fn op)
{
	long n;
	struct type *et = elem_type(arr, &n);
	if (n <= 0)
		return;
	if (n <= 4) {
		for (long j = 0; j < n; j++) {
			long i = reverse ? n - 1 - j : j;
			op(L, et, addr_plus(L, dst, i * et->size), src >= 0 ? addr_plus(L, src, i * et->size) : -1);
		}
		return;
	}
	each_elem_n(L, et, dst, src, emit_const(L, IR_S64, n), reverse, op);
}

/* The same over a run-time count (a register) of elements of type et. */
static void each_elem_n(struct lower *L, struct type *et, int dst, int src, int count, int reverse, elem_fn op)
{
	int i = newreg(L, IR_S64);
	struct ir_insn *in;
	if (reverse) {
		in = emit(L, IR_MOV, IR_S64);
		in->a = count;
	} else {
		in = emit(L, IR_CONST, IR_S64);
		in->imm = 0;
	}
	in->d = i;
	int head = new_label(L), body = new_label(L), end = new_label(L);
	place_label(L, head);
	int lim = reverse ? emit_const(L, IR_S64, 0) : count;
	emit_cbr(L, setp(L, CMP_EQ, IR_S64, i, lim), end, body);
	place_label(L, body);
	if (reverse) {
		int one = emit_const(L, IR_S64, 1);
		in = emit(L, IR_SUB, IR_S64);
		in->a = i;
		in->b = one;
		in->d = i;
	}
	int off = emit2(L, IR_MUL, IR_S64, i, emit_const(L, IR_S64, et->size));
	op(L, et, emit2(L, IR_ADD, IR_PTR, dst, off), src >= 0 ? emit2(L, IR_ADD, IR_PTR, src, off) : -1);
	if (!reverse) {
		int one = emit_const(L, IR_S64, 1);
		in = emit(L, IR_ADD, IR_S64);
		in->a = i;
		in->b = one;
		in->d = i;
	}
	emit_br(L, head);
	place_label(L, end);
}

static void emit_destroy(struct lower *L, struct type *t, int addr, int unused);

/* The base subobject, which the parser also lists as the first (unnamed)
 * member: the special members handle it once, as the base. */
static int is_base_member(const struct record *r, const struct member *m)
{
	return r->base && !m->name && m->offset == 0 && m->ty->kind == TY_STRUCT && m->ty->rec == r->base->rec;
}

/* The implicit part of destruction: members in reverse order, then the base. */
static void destroy_members(struct lower *L, struct record *r, int addr)
{
	struct member *ms[256];
	int n = 0;
	for (struct member *m = r->members; m && n < 256; m = m->next)
		if (!is_base_member(r, m))
			ms[n++] = m;
	while (n-- > 0)
		if (needs_dtor(ms[n]->ty))
			emit_destroy(L, ms[n]->ty, addr_plus(L, addr, ms[n]->offset), -1);
	if (r->base && needs_dtor(r->base))
		emit_destroy(L, r->base, addr, -1);
}

static void emit_destroy(struct lower *L, struct type *t, int addr, int unused)
{
	(void)unused;
	if (t->kind == TY_ARRAY) {
		each_elem(L, t, addr, -1, 1, emit_destroy);
		return;
	}
	if (t->kind != TY_STRUCT)
		return;
	if (t->rec->dtor)
		special_call(L, t->rec->dtor, addr, -1);
	else
		destroy_members(L, t->rec, addr);
}

/* Copy-construct the object at dst from the one at src. */
static void emit_copy(struct lower *L, struct type *t, int dst, int src)
{
	if (t->kind == TY_ARRAY) {
		if (needs_copy(t))
			each_elem(L, t, dst, src, 0, emit_copy);
		else
			emit_memcpy(L, dst, src, t->size);
		return;
	}
	if (t->kind == TY_STRUCT && t->rec->copy_ctor) {
		special_call(L, t->rec->copy_ctor, dst, src);
		return;
	}
	emit_memcpy(L, dst, src, t->size);
	if (t->kind != TY_STRUCT || !needs_copy(t))
		return;
	/* the implicit copy constructor: bytes, then the members that need more */
	if (t->rec->base && needs_copy(t->rec->base))
		emit_copy(L, t->rec->base, dst, src);
	for (struct member *m = t->rec->members; m; m = m->next)
		if (needs_copy(m->ty) && !is_base_member(t->rec, m))
			emit_copy(L, m->ty, addr_plus(L, dst, m->offset), addr_plus(L, src, m->offset));
}

/* Copy-assign the object at src to the one at dst. */
static void emit_assign(struct lower *L, struct type *t, int dst, int src)
{
	if (!(type_flags(t) & LWF_ASSIGN)) {
		emit_memcpy(L, dst, src, t->size);
		return;
	}
	if (t->kind == TY_ARRAY) {
		each_elem(L, t, dst, src, 0, emit_assign);
		return;
	}
	if (t->rec->copy_assign) {
		special_call(L, t->rec->copy_assign, dst, src);
		return;
	}
	/* the implicit copy assignment: base, then each member */
	long done = 0;
	if (t->rec->base) {
		emit_assign(L, t->rec->base, dst, src);
		done = t->rec->base->size;
	}
	for (struct member *m = t->rec->members; m; m = m->next) {
		if (m->offset < done)
			continue;
		if (type_flags(m->ty) & LWF_ASSIGN)
			emit_assign(L, m->ty, addr_plus(L, dst, m->offset), addr_plus(L, src, m->offset));
		else if (m->ty->size > 0)
			emit_memcpy(L, addr_plus(L, dst, m->offset), addr_plus(L, src, m->offset), m->ty->size);
	}
}

/* Default-construct the object at addr (the implicit default constructor:
 * members and base of class type; arrays element by element). */
static void emit_default(struct lower *L, struct type *t, int addr, int unused)
{
	(void)unused;
	if (!(type_flags(t) & LWF_DEFAULT))
		return;
	if (t->kind == TY_ARRAY) {
		each_elem(L, t, addr, -1, 0, emit_default);
		return;
	}
	if (t->rec->has_ctor) {
		if (t->rec->default_ctor)
			special_call(L, t->rec->default_ctor, addr, -1);
		return;
	}
	if (t->rec->base)
		emit_default(L, t->rec->base, addr, -1);
	for (struct member *m = t->rec->members; m; m = m->next)
		if (!is_base_member(t->rec, m))
			emit_default(L, m->ty, addr_plus(L, addr, m->offset), -1);
}

/* Cleanups: what runs when a scope is left (locals, by-value parameters,
 * the members of *this in a destructor) and at the end of a full-expression
 * (temporaries), newest first. */
static void run_cleanup(struct lower *L, const struct cleanup *c)
{
	switch (c->kind) {
	case CL_OBJ:
		emit_destroy(L, c->ty, var_address(L, c->var, L->cur_span), -1);
		break;
	case CL_MEMBERS: {
		struct lval lv = { c->var->lw_kind == LOC_REG ? LV_REG : LV_MEM, -1, c->var->ty, 0, 0 };
		lv.reg = lv.kind == LV_REG ? c->var->lw_reg : var_address(L, c->var, L->cur_span);
		destroy_members(L, c->ty->rec, load(L, lv));
		break;
	}
	case CL_WRITEBACK:
		emit_memcpy(L, c->reg, var_address(L, c->var, L->cur_span), c->ty->size);
		break;
	}
}

/* Emit the scope cleanups above depth `to` (newest first), keeping them. */
static void run_scope_cleanups(struct lower *L, size_t to, struct span at)
{
	if (L->scl.len <= to)
		return;
	struct span saved = L->cur_span;
	L->cur_span = at;
	for (size_t i = L->scl.len; i-- > to;)
		run_cleanup(L, &L->scl.v[i]);
	L->cur_span = saved;
}

static void push_cleanup(struct lower *L, int kind, struct obj *v, struct type *ty, int temp)
{
	if (temp && L->cond_depth > 0)
		return; /* a temporary made on one branch of ?:, && or || is not destroyed */
	struct cleanup c = { kind, v, ty, -1 };
	if (temp)
		vec_push(&L->tcl, c);
	else
		vec_push(&L->scl, c);
}

/* The end of a full-expression: destroy its temporaries, newest first. */
static void flush_temps(struct lower *L, size_t to)
{
	for (size_t i = L->tcl.len; i-- > to;)
		run_cleanup(L, &L->tcl.v[i]);
	L->tcl.len = to;
}

/* The object a prvalue expression lives in (a temporary or a call's
 * result slot), or NULL for an lvalue. */
static struct obj *prvalue_obj(struct node *n)
{
	while (n && (n->kind == ND_COMMA || (n->kind == ND_CAST && n->lhs && n->lhs->ty->kind == TY_STRUCT)))
		n = n->kind == ND_COMMA ? n->rhs : n->lhs;
	if (!n)
		return NULL;
	if (n->kind == ND_TEMP || (n->kind == ND_CALL && n->sret_call))
		return n->var;
	return NULL;
}

/* Initialize the object of type t at dst from the value src of expression e:
 * a prvalue's object is taken over (elided copy), an lvalue is copied. */
static void init_from(struct lower *L, struct type *t, int dst, int src, struct node *e)
{
	struct obj *pv = prvalue_obj(e);
	if (pv) {
		for (size_t i = L->tcl.len; i-- > 0;)
			if (L->tcl.v[i].var == pv && L->tcl.v[i].kind == CL_OBJ) {
				memmove(&L->tcl.v[i], &L->tcl.v[i + 1], (L->tcl.len - i - 1) * sizeof(L->tcl.v[0]));
				L->tcl.len--;
				break;
			}
		emit_memcpy(L, dst, src, t->size);
		return;
	}
	emit_copy(L, t, dst, src);
}


/* The heap: the C library's malloc/free of the code's side (host heap or
 * device heap), so that the findings on heap misuse apply to new/delete. */
static int heap_call(struct lower *L, const char *name, int arg, int kind)
{
	int id = builtin_lookup(name);
	if (id < 0) {
		lerror(L, L->cur_span, "internal", "no built-in '%s'", name);
		return emit_const(L, IR_PTR, 0);
	}
	/* the second argument tags the block: 1 new, 2 new[] (delete must match) */
	int k = emit_const(L, IR_S32, kind);
	int32_t *args = arena_alloc(L->a, sizeof(int32_t) * 2);
	args[0] = arg;
	args[1] = k;
	int isfree = !strcmp(name, "free");
	struct ir_insn *in = emit(L, IR_BCALL, isfree ? IR_VOID : IR_PTR);
	in->imm = id;
	in->args = args;
	in->nargs = 2;
	if (!isfree)
		in->d = newreg(L, IR_PTR);
	return in->d;
}

static int call_alloc_fn(struct lower *L, struct obj *fn, int arg)
{
	int idx = func_index(L, fn, L->cur_span);
	if (idx < 0)
		return emit_const(L, IR_PTR, 0);
	int32_t *args = arena_alloc(L->a, sizeof(int32_t));
	args[0] = arg;
	enum ir_type t = fn->ty->base->kind == TY_VOID ? IR_VOID : IR_PTR;
	struct ir_insn *in = emit(L, IR_CALL, t);
	in->imm = idx;
	in->args = args;
	in->nargs = 1;
	if (t != IR_VOID)
		in->d = newreg(L, t);
	return in->d;
}

/* The array cookie before the elements of new T[n] when T has a destructor:
 * the count, in a slot as aligned as T (as the Itanium C++ ABI does). */
static long cookie_size(struct type *et)
{
	return et->align > 8 ? et->align : 8;
}

static int gen_new(struct lower *L, struct node *n)
{
	struct type *et = n->ty->base;
	int size = emit_const(L, IR_U64, et->size > 0 ? et->size : 1);
	int count = -1;
	long cookie = 0;
	if (n->op & 1) {
		count = emit_cvt(L, IR_S64, type_ir(n->lhs->ty), gen_expr(L, n->lhs));
		size = emit2(L, IR_MUL, IR_U64, size, count);
		if (needs_dtor(et) && !n->rhs) {
			cookie = cookie_size(et);
			size = emit2(L, IR_ADD, IR_U64, size, emit_const(L, IR_U64, cookie));
		}
	}
	int p;
	if (n->rhs)
		p = gen_expr(L, n->rhs);
	else if (n->func)
		p = call_alloc_fn(L, n->func, size);
	else
		p = heap_call(L, "malloc", size, n->op & 1 ? 2 : 1);
	if (cookie) {
		struct ir_insn *st = emit(L, IR_ST, IR_S64);
		st->a = p;
		st->b = count;
		st->sp = SP_GENERIC;
		p = addr_plus(L, p, cookie);
	}
	struct lval lv = { n->var->lw_kind == LOC_REG ? LV_REG : LV_MEM, -1, n->var->ty, 0, 0 };
	lv.reg = lv.kind == LV_REG ? n->var->lw_reg : var_address(L, n->var, n->span);
	store(L, lv, p);
	if (n->op & 2) {
		/* value-initialized: zeroed, then constructed */
		int bytes = count >= 0 ? emit2(L, IR_MUL, IR_U64, emit_const(L, IR_U64, et->size), count)
				       : emit_const(L, IR_U64, et->size);
		int32_t *args = arena_alloc(L->a, sizeof(int32_t) * 3);
		args[0] = p;
		args[1] = emit_const(L, IR_S32, 0);
		args[2] = bytes;
		int id = builtin_lookup("memset");
		if (id >= 0) {
			struct ir_insn *in = emit(L, IR_BCALL, IR_PTR);
			in->imm = id;
			in->args = args;
			in->nargs = 3;
			in->d = newreg(L, IR_PTR);
		}
	}
	long i = 0;
	for (struct node *a = n->args; a; a = a->next, i++) {
		/* new T[n]{a, b, ...}: the listed elements (the rest were zeroed) */
		int v = gen_expr(L, a);
		struct lval el = { LV_MEM, addr_plus(L, p, i * et->size), et, 0, 0 };
		store(L, el, v);
	}
	if (n->op & 4)
		init_from(L, et, p, gen_expr(L, n->cond), n->cond); /* the implicit copy constructor */
	else if (n->init)
		gen_expr(L, n->init);
	else if (count >= 0 && (type_flags(et) & LWF_DEFAULT))
		each_elem_n(L, et, p, -1, count, 0, emit_default);
	else if (count < 0)
		emit_default(L, et, p, -1);
	return load(L, lv);
}

static int gen_delete(struct lower *L, struct node *n)
{
	struct type *et = n->lhs->ty->base;
	int p = gen_expr(L, n->lhs);
	int lnull = new_label(L), lgo = new_label(L);
	emit_cbr(L, setp(L, CMP_EQ, IR_PTR, p, emit_const(L, IR_PTR, 0)), lnull, lgo);
	place_label(L, lgo);
	int base = p;
	if (n->op) {
		if (needs_dtor(et)) {
			base = emit2(L, IR_SUB, IR_PTR, p, emit_const(L, IR_S64, cookie_size(et)));
			struct ir_insn *in = emit(L, IR_LD, IR_S64);
			in->a = base;
			in->d = newreg(L, IR_S64);
			in->sp = SP_GENERIC;
			each_elem_n(L, et, p, -1, in->d, 1, emit_destroy);
		}
	} else if (n->var) {
		special_call(L, n->var, p, -1); /* a virtual destructor's dispatcher */
	} else if (needs_dtor(et)) {
		emit_destroy(L, et, p, -1);
	}
	if (n->func)
		call_alloc_fn(L, n->func, base);
	else
		heap_call(L, "free", base, n->op ? 2 : 1);
	place_label(L, lnull);
	return -1;
}

/* A by-value class argument: copy-constructed into a slot of the caller,
 * destroyed at the end of the caller's full-expression; a temporary is the
 * parameter itself (the copy is elided). Returns the address to pass. */
static int by_value_arg(struct lower *L, struct node *a, int v)
{
	if (a->ty->kind != TY_STRUCT || (prvalue_obj(a) && needs_dtor(a->ty)))
		return v;
	/* by value: the callee gets a copy it may modify */
	struct obj *tmp = arena_alloc(L->a, sizeof(*tmp));
	memset(tmp, 0, sizeof(*tmp));
	long al = a->ty->align ? a->ty->align : 1;
	L->frame = (L->frame + al - 1) / al * al;
	tmp->lw_kind = LOC_FRAME;
	tmp->lw_off = L->frame;
	tmp->ty = a->ty;
	L->frame += a->ty->size;
	if (al > L->frame_align)
		L->frame_align = al;
	int addr = var_address(L, tmp, a->span);
	init_from(L, a->ty, addr, v, a);
	if (needs_dtor(a->ty))
		push_cleanup(L, CL_OBJ, tmp, a->ty, 1);
	return addr;
}

/*
 * The built-in a call means in the space of the code that makes it. The
 * built-in headers declare clock, sinf, sin(float), cosf and cos(float) once
 * for both passes, without testing __CUDA_ARCH__ (so that the device pass
 * starts from the host pass's preprocessing of cuda_runtime.h: pp.h,
 * "prelude"); host code reads the emulated host clock, device code computes
 * sinf and cosf as CUDA's libdevice does.
 */
static int builtin_in_space(int id, int device)
{
	if (!device && id == BI_clock)
		return BI_clock_host;
	if (device && id == BI_sinf)
		return BI___ws_cuda_sinf;
	if (device && id == BI_cosf)
		return BI___ws_cuda_cosf;
	return id;
}

static int gen_call(struct lower *L, struct node *n)
{
	int nargs = n->nargs + (n->sret_call ? 1 : 0);
	int32_t *args = arena_alloc(L->a, sizeof(int32_t) * (size_t)(nargs ? nargs : 1));
	int k = 0, sret = -1;
	if (n->sret_call) {
		sret = var_address(L, n->var, n->span);
		args[k++] = sret;
	}
	for (struct node *a = n->args; a; a = a->next) {
		int v = gen_expr(L, a);
		v = by_value_arg(L, a, v);
		if (k < nargs)
			args[k++] = v;
	}
	struct obj *fn = n->func;
	struct type *rt = n->ty;
	enum ir_type t = rt->kind == TY_VOID || n->sret_call ? IR_VOID : type_ir(rt);
	if (fn && fn->builtin_id >= 0 && !fn->body) {
		int id = builtin_in_space(fn->builtin_id, L->device);
		const struct builtin_info *bi = &builtin_table[id];
		if (bi->kind == BK_OP)
			return gen_builtin_op(L, n, bi, args + (n->sret_call ? 1 : 0), n->nargs);
		struct ir_insn *in = emit(L, IR_BCALL, t);
		in->imm = id;
		in->args = args;
		in->nargs = (uint16_t)k;
		if (t != IR_VOID)
			in->d = newreg(L, t);
		return n->sret_call ? sret : in->d;
	}
	struct ir_insn *in;
	if (fn) {
		int idx = func_index(L, fn, n->span);
		if (idx == -2) {
			emit(L, IR_TRAP, IR_VOID);
			return t == IR_VOID ? -1 : zero_of(L, t);
		}
		in = emit(L, IR_CALL, t);
		in->imm = idx;
	} else {
		int callee = gen_expr(L, n->lhs);
		in = emit(L, IR_ICALL, t);
		in->a = callee;
	}
	in->args = args;
	in->nargs = (uint16_t)k;
	if (t != IR_VOID)
		in->d = newreg(L, t);
	if (n->sret_call && needs_dtor(n->ty))
		push_cleanup(L, CL_OBJ, n->var, n->ty, 1);
	return n->sret_call ? sret : in->d;
}

static void launch_dims(struct lower *L, struct node *c, int32_t *out)
{
	if (!c) {
		out[0] = out[1] = out[2] = emit_const(L, IR_U32, 1);
		return;
	}
	if (c->ty->kind == TY_STRUCT) {
		int base = gen_expr(L, c);
		int i = 0;
		for (struct member *m = c->ty->rec->members; m && i < 3; m = m->next, i++) {
			struct ir_insn *in = emit(L, IR_LD, IR_U32);
			in->a = base;
			in->imm = m->offset;
			in->sp = SP_GENERIC;
			in->d = newreg(L, IR_U32);
			out[i] = in->d;
		}
		for (; i < 3; i++)
			out[i] = emit_const(L, IR_U32, 1);
		return;
	}
	out[0] = emit_cvt(L, IR_U32, type_ir(c->ty), gen_expr(L, c));
	out[1] = emit_const(L, IR_U32, 1);
	out[2] = emit_const(L, IR_U32, 1);
}

static int gen_launch(struct lower *L, struct node *n)
{
	if (!n->func && !n->lhs)
		return -1; /* reported by the parser */
	int nargs = 8 + n->nargs + (n->func ? 0 : 1);
	int32_t *args = arena_alloc(L->a, sizeof(int32_t) * (size_t)nargs);
	launch_dims(L, n->cfg[0], args);
	launch_dims(L, n->cfg[1], args + 3);
	args[6] = n->cfg[2] ? emit_cvt(L, IR_U64, type_ir(n->cfg[2]->ty), gen_expr(L, n->cfg[2])) : emit_const(L, IR_U64, 0);
	args[7] = n->cfg[3] ? gen_expr(L, n->cfg[3]) : emit_const(L, IR_PTR, 0);
	int k = 8;
	if (!n->func)
		args[k++] = gen_expr(L, n->lhs); /* through a pointer: the kernel's address first */
	for (struct node *a = n->args; a && k < nargs; a = a->next) {
		int v = gen_expr(L, a);
		if (a->ty->kind == TY_STRUCT && (needs_copy(a->ty) || needs_dtor(a->ty)))
			v = by_value_arg(L, a, v); /* the launch stub takes it by value */
		args[k++] = v;
	}
	int idx = n->func ? find_kernel(L, n->func->mangled) : -1;
	if (idx < 0 && n->func)
		lerror(L, n->span, "undefined-function", "kernel '%s' is declared but never defined", n->func->qname);
	struct ir_insn *in = emit(L, IR_LAUNCH, IR_VOID);
	in->imm = idx;
	in->args = args;
	in->nargs = (uint16_t)k;
	return -1;
}

static int gen_incdec(struct lower *L, struct node *n)
{
	struct lval lv = gen_lval(L, n->lhs);
	int old = load(L, lv);
	enum ir_type t = type_ir(n->lhs->ty);
	int one;
	int is_inc = n->kind == ND_PREINC || n->kind == ND_POSTINC;
	int nv;
	if (n->lhs->ty->kind == TY_PTR) {
		one = emit_const(L, IR_S64, n->ival);
		nv = emit2(L, is_inc ? IR_ADD : IR_SUB, IR_PTR, old, one);
	} else if (n->lhs->ty->kind == TY_BOOL) {
		nv = is_inc ? emit_const(L, IR_U8, 1) : emit2(L, IR_XOR, IR_U8, old, emit_const(L, IR_U8, 1));
	} else {
		one = (t == IR_F32 || t == IR_F64) ? emit_fconst(L, t, 1.0) : emit_const(L, t, 1);
		enum ir_type ct = t;
		int o2 = old;
		if (t == IR_S8 || t == IR_S16 || t == IR_U8 || t == IR_U16) {
			ct = IR_S32;
			o2 = emit_cvt(L, IR_S32, t, old);
			one = emit_const(L, IR_S32, 1);
		}
		nv = emit2(L, is_inc ? IR_ADD : IR_SUB, ct, o2, one);
		nv = emit_cvt(L, t, ct, nv);
	}
	nv = store(L, lv, nv);
	return (n->kind == ND_PREINC || n->kind == ND_PREDEC) ? nv : old;
}

static int gen_assign(struct lower *L, struct node *n)
{
	if (!n->op) {
		if (is_agg(n->ty)) {
			int src = gen_expr(L, n->rhs);
			int dst = gen_addr(L, n->lhs);
			emit_assign(L, n->ty, dst, src);
			return dst;
		}
		int v = gen_expr(L, n->rhs);
		struct lval lv = gen_lval(L, n->lhs);
		return store(L, lv, v);
	}
	struct lval lv = gen_lval(L, n->lhs);
	int old = load(L, lv);
	enum ir_type lt = type_ir(n->lhs->ty);
	int nv;
	if (n->op == ND_PTRADD || n->op == ND_PTRSUB) {
		int idx = scale_index(L, gen_expr(L, n->rhs), n->ival);
		nv = emit2(L, n->op == ND_PTRADD ? IR_ADD : IR_SUB, IR_PTR, old, idx);
	} else {
		struct node *op = n->init;
		enum ir_type ct = type_ir(op->ty);
		enum ir_type olt = type_ir(op->lhs->ty);
		int a = emit_cvt(L, olt, lt, old);
		if (olt != ct)
			a = emit_cvt(L, ct, olt, a);
		struct node *m = op->kind == ND_ADD || op->kind == ND_SUB ? fma_operand(L, n->rhs, ct) : NULL;
		if (m) {
			nv = gen_fma_into(L, ct, a, m, op->kind == ND_SUB);   /* x += a*b */
		} else {
			int b = gen_expr(L, n->rhs);
			enum ir_type rt = type_ir(n->rhs->ty);
			if ((op->kind == ND_SHL || op->kind == ND_SHR) && rt != ct)
				b = emit_cvt(L, ct, rt, b);
			nv = emit2(L, arith_op(op->kind), ct, a, b);
		}
		nv = emit_cvt(L, lt, ct, nv);
	}
	return store(L, lv, nv);
}

static int gen_logical(struct lower *L, struct node *n)
{
	int res = newreg(L, IR_U8);
	int lt = new_label(L), lf = new_label(L), end = new_label(L);
	gen_branch(L, n, lt, lf);
	place_label(L, lt);
	struct ir_insn *in = emit(L, IR_CONST, IR_U8);
	in->d = res;
	in->imm = 1;
	emit_br(L, end);
	place_label(L, lf);
	in = emit(L, IR_CONST, IR_U8);
	in->d = res;
	in->imm = 0;
	place_label(L, end);
	return res;
}

static int gen_condexpr(struct lower *L, struct node *n)
{
	enum ir_type t = n->ty->kind == TY_VOID ? IR_VOID : is_agg(n->ty) ? IR_PTR : type_ir(n->ty);
	int res = t == IR_VOID ? -1 : newreg(L, t);
	int lt = new_label(L), lf = new_label(L), end = new_label(L);
	gen_branch(L, n->cond, lt, lf);
	place_label(L, lt);
	L->cond_depth++;
	int a = gen_expr(L, n->then);
	if (res >= 0) {
		struct ir_insn *in = emit(L, IR_MOV, t);
		in->a = a;
		in->d = res;
	}
	emit_br(L, end);
	place_label(L, lf);
	int b = gen_expr(L, n->els);
	L->cond_depth--;
	if (res >= 0) {
		struct ir_insn *in = emit(L, IR_MOV, t);
		in->a = b;
		in->d = res;
	}
	place_label(L, end);
	return res;
}

static int gen_expr_inner(struct lower *L, struct node *n);

/* Each expression's instructions carry the expression's own source range
 * (findings point at "a[i]", not at the whole statement). */
static int gen_expr(struct lower *L, struct node *n)
{
	struct span saved = L->cur_span;
	if (n->span.file && n->span.file == saved.file)
		L->cur_span = n->span;
	int r = gen_expr_inner(L, n);
	L->cur_span = saved;
	return r;
}

static int gen_expr_inner(struct lower *L, struct node *n)
{
	switch (n->kind) {
	case ND_NUM:
		return emit_const(L, n->ty->kind == TY_VOID ? IR_S32 : type_ir(n->ty), n->ival);
	case ND_FNUM:
		return emit_fconst(L, type_ir(n->ty), n->fval);
	case ND_STR: {
		struct ir_insn *in = emit(L, IR_GADDR, IR_PTR);
		in->d = newreg(L, IR_PTR);
		in->imm = string_object(L, n);
		return in->d;
	}
	case ND_VAR:
		if (n->var->is_func)
			break;
		if (n->var->is_constexpr && type_is_arith(n->ty)) {
			int ok;
			if (type_is_flonum(n->ty)) {
				double d = ast_eval_double(n, &ok);
				if (ok)
					return emit_fconst(L, type_ir(n->ty), d);
			} else {
				long v = ast_eval_int(n, &ok);
				if (ok)
					return emit_const(L, type_ir(n->ty), v);
			}
		}
		if (is_agg(n->ty))
			return gen_addr(L, n);
		return load(L, gen_lval(L, n));
	case ND_FUNCADDR: {
		if (!n->func)
			return emit_const(L, IR_PTR, 0);
		struct ir_insn *in = emit(L, IR_FADDR, IR_PTR);
		in->d = newreg(L, IR_PTR);
		in->imm = func_index(L, n->func, n->span);
		return in->d;
	}
	case ND_ADD: case ND_SUB: case ND_MUL: case ND_DIV: case ND_MOD: case ND_BITAND:
	case ND_BITOR: case ND_BITXOR: case ND_SHL: case ND_SHR: {
		enum ir_type t = type_ir(n->ty);
		if (n->kind == ND_ADD || n->kind == ND_SUB) {
			struct node *ml = fma_operand(L, n->lhs, t);
			struct node *mr = ml ? NULL : fma_operand(L, n->rhs, t);
			if (ml) {       /* a*b + c, a*b - c: fma(a, b, c), fma(a, b, -c) */
				int x = gen_expr(L, ml->lhs), y = gen_expr(L, ml->rhs);
				int c = gen_expr(L, n->rhs);
				if (n->kind == ND_SUB)
					c = emit_neg(L, t, c);
				return emit_fma(L, t, x, y, c);
			}
			if (mr)         /* c + a*b, c - a*b: fma(a, b, c), fma(-a, b, c) */
				return gen_fma_into(L, t, gen_expr(L, n->lhs), mr, n->kind == ND_SUB);
		}
		int a = gen_expr(L, n->lhs), b = gen_expr(L, n->rhs);
		if ((n->kind == ND_SHL || n->kind == ND_SHR) && type_ir(n->rhs->ty) != t)
			b = emit_cvt(L, t, type_ir(n->rhs->ty), b);
		return emit2(L, arith_op(n->kind), t, a, b);
	}
	case ND_EQ: case ND_NE: case ND_LT: case ND_LE: case ND_GT: case ND_GE:
		return pred_to_val(L, gen_cond(L, n), IR_U8);
	case ND_PTRADD: case ND_PTRSUB: {
		int base = gen_expr(L, n->lhs);
		int idx = scale_index(L, gen_expr(L, n->rhs), n->ival);
		return emit2(L, n->kind == ND_PTRADD ? IR_ADD : IR_SUB, IR_PTR, base, idx);
	}
	case ND_PTRDIFF: {
		int a = gen_expr(L, n->lhs), b = gen_expr(L, n->rhs);
		a = emit_cvt(L, IR_S64, IR_PTR, a);
		b = emit_cvt(L, IR_S64, IR_PTR, b);
		int d = emit2(L, IR_SUB, IR_S64, a, b);
		if (n->ival > 1)
			d = emit2(L, IR_DIV, IR_S64, d, emit_const(L, IR_S64, n->ival));
		return d;
	}
	case ND_NEG: case ND_BITNOT: {
		int a = gen_expr(L, n->lhs);
		struct ir_insn *in = emit(L, n->kind == ND_NEG ? IR_NEG : IR_NOT, type_ir(n->ty));
		in->a = a;
		in->d = newreg(L, type_ir(n->ty));
		return in->d;
	}
	case ND_NOT:
		return pred_to_val(L, gen_cond(L, n), IR_U8);
	case ND_LOGAND: case ND_LOGOR:
		return gen_logical(L, n);
	case ND_COND:
		return gen_condexpr(L, n);
	case ND_COMMA:
		gen_expr(L, n->lhs);
		return gen_expr(L, n->rhs);
	case ND_ASSIGN:
		return gen_assign(L, n);
	case ND_PREINC: case ND_PREDEC: case ND_POSTINC: case ND_POSTDEC:
		return gen_incdec(L, n);
	case ND_ADDR:
		return gen_addr(L, n->lhs);
	case ND_DEREF:
		if (is_agg(n->ty))
			return gen_expr(L, n->lhs);
		return load(L, gen_lval(L, n));
	case ND_MEMBER:
		if (is_agg(n->ty))
			return gen_addr(L, n);
		return load(L, gen_lval(L, n));
	case ND_CALL: {
		int r = gen_call(L, n);
		if (n->exc_check && n->exc_check->cond && n->func && n->func->may_throw)
			gen_stmt(L, n->exc_check); /* a pending exception: to the handler */
		return r;
	}
	case ND_CAST:
		return gen_cast(L, n);
	case ND_SREG: {
		struct ir_insn *in = emit(L, IR_SREG, type_ir(n->ty));
		in->imm = n->ival;
		in->d = newreg(L, type_ir(n->ty));
		return in->d;
	}
	case ND_LAUNCH:
		return gen_launch(L, n);
	case ND_TEMP: {
		int addr = temp_address(L, n);
		if (is_agg(n->ty))
			return addr;
		struct lval lv = { LV_MEM, addr, n->ty, 0, 0 };
		return load(L, lv);
	}
	case ND_NOP:
		return -1;
	case ND_CONSTRUCT:
		emit_default(L, n->ty, gen_expr(L, n->lhs), -1);
		return -1;
	case ND_DESTROY:
		emit_destroy(L, n->ty, gen_expr(L, n->lhs), -1);
		return -1;
	case ND_NEW:
		return gen_new(L, n);
	case ND_DELETE:
		return gen_delete(L, n);
	default:
		break;
	}
	lerror(L, n->span, "internal", "cannot lower this expression (kind %d)", (int)n->kind);
	return emit_const(L, IR_S32, 0);
}

/* ---- statements ---- */

static int named_label(struct lower *L, const char *name)
{
	for (size_t i = 0; i < L->named.len; i++)
		if (!strcmp(L->named.v[i].name, name))
			return L->named.v[i].label;
	struct named_label nl = { name, new_label(L), -1 };
	vec_push(&L->named, nl);
	return nl.label;
}

static void add_var(struct lower *L, struct obj *v, int is_param)
{
	if (!v->name || v->name[0] == '.')
		return;
	struct ir_var iv = { 0 };
	iv.name = (char *)v->name;
	iv.type = type_dbg(L->a, v->ty);
	iv.is_param = (uint8_t)is_param;
	iv.decl = v->tok ? v->tok->span : (struct span){ 0 };
	iv.live_from = (uint32_t)L->code.len;
	iv.live_to = UINT32_MAX; /* closed when its block ends */
	if (v->lw_kind == LOC_REG) {
		iv.loc = VLOC_REG;
		iv.reg = v->lw_reg;
	} else if (v->lw_kind == LOC_FRAME) {
		iv.loc = VLOC_LOCAL;
		iv.off = v->lw_off;
	} else {
		iv.loc = v->ms == MS_SHARED ? VLOC_SHARED : VLOC_GLOBAL;
		iv.off = global_index(L, v, iv.decl);
	}
	vec_push(&L->vars, iv);
}

/* Store an initializer tree at address base + off. */
static void gen_initz(struct lower *L, struct initializer *in, int base, long off)
{
	if (!in)
		return;
	if (in->is_string && in->expr) {
		long n = in->expr->strlen;
		if (in->ty->array_len >= 0 && n > in->ty->array_len)
			n = in->ty->array_len;
		for (long i = 0; i < n; i++) {
			int c = emit_const(L, IR_S8, (int8_t)in->expr->str[i]);
			struct ir_insn *st = emit(L, IR_ST, IR_S8);
			st->a = base;
			st->imm = off + i;
			st->b = c;
			st->sp = SP_GENERIC;
		}
		return;
	}
	if (in->expr) {
		int v = gen_expr(L, in->expr);
		if (is_agg(in->ty)) {
			int dst = base;
			if (off)
				dst = emit2(L, IR_ADD, IR_PTR, base, emit_const(L, IR_S64, off));
			init_from(L, in->ty, dst, v, in->expr);
			return;
		}
		struct ir_insn *st = emit(L, IR_ST, type_ir(in->ty));
		st->a = base;
		st->imm = off;
		st->b = v;
		st->sp = SP_GENERIC;
		st->sem = sem_of(in->ty);
		return;
	}
	if (in->ty->kind == TY_ARRAY) {
		for (long i = 0; i < in->nchildren; i++)
			if (in->children[i])
				gen_initz(L, in->children[i], base, off + i * in->ty->base->size);
	} else if (in->ty->kind == TY_STRUCT) {
		long i = 0;
		for (struct member *m = in->ty->rec->members; m && i < in->nchildren; m = m->next, i++) {
			struct initializer *c = in->children[i];
			if (c && m->bits && c->expr && !c->is_string) {
				int a = emit2(L, IR_ADD, IR_PTR, base, emit_const(L, IR_S64, off + m->offset));
				struct lval lv = { LV_BITS, a, m->ty, m->bits, m->bit_off };
				bits_store(L, lv, gen_expr(L, c->expr));
			} else if (c) {
				gen_initz(L, c, base, off + m->offset);
			}
		}
	}
}

static void gen_decl(struct lower *L, struct node *n)
{
	struct obj *v = n->var;
	size_t t0 = L->tcl.len;
	if (n->init || n->initz)
		begin_stmt(L, n->span);
	if (n->initz) {
		int addr = var_address(L, v, n->span);
		int z = emit_const(L, IR_U8, 0);
		struct ir_insn *in = emit(L, IR_MEMSET, IR_VOID);
		in->a = addr;
		in->b = z;
		in->imm = v->ty->size;
		gen_initz(L, n->initz, addr, 0);
	} else if (n->init) {
		if (n->op == 1) {
			gen_expr(L, n->init); /* a constructor call */
		} else if (is_agg(v->ty)) {
			int src = gen_expr(L, n->init);
			int dst = var_address(L, v, n->span);
			init_from(L, v->ty, dst, src, n->init);
		} else {
			int val = gen_expr(L, n->init);
			struct lval lv;
			lv.ty = v->ty;
			if (v->lw_kind == LOC_REG) {
				lv.kind = LV_REG;
				lv.reg = v->lw_reg;
			} else {
				lv.kind = LV_MEM;
				lv.reg = var_address(L, v, n->span);
			}
			store(L, lv, val);
		}
	} else if (v->is_static && !L->device && !is_device_var(v) && !v->is_constexpr && !v->is_extern &&
		   (v->init ? !init_is_const(L, v->init, 0) : (type_flags(v->ty) & LWF_DEFAULT) != 0)) {
		gen_static_local(L, v, n->span);
	} else if (v->is_local && !v->is_static && v->lw_kind == LOC_FRAME && (type_flags(v->ty) & LWF_DEFAULT)) {
		/* the implicit default constructor, or an array of class objects */
		begin_stmt(L, n->span);
		emit_default(L, v->ty, var_address(L, v, n->span), -1);
	}
	flush_temps(L, t0);
	if (v->is_local && !v->is_static && v->lw_kind == LOC_FRAME && v != L->nrvo && needs_dtor(v->ty))
		push_cleanup(L, CL_OBJ, v, v->ty, 0);
	add_var(L, v, 0);
}

static void close_vars(struct lower *L, size_t from)
{
	for (size_t i = from; i < L->vars.len; i++)
		if (L->vars.v[i].live_to == UINT32_MAX)
			L->vars.v[i].live_to = (uint32_t)L->code.len;
}

static void gen_switch(struct lower *L, struct node *n)
{
	begin_stmt(L, n->cond->span);
	size_t t0 = L->tcl.len;
	int v = gen_expr(L, n->cond);
	flush_temps(L, t0);
	enum ir_type t = type_ir(n->cond->ty);
	int end = new_label(L);
	for (struct node *c = n->case_next; c; c = c->case_next) {
		c->lw_label = new_label(L);
		int nx = new_label(L);
		if (c->case_lo == c->case_hi) {
			int p = setp(L, CMP_EQ, t, v, emit_const(L, t, c->case_lo));
			emit_cbr(L, p, c->lw_label, nx);
		} else {
			int p1 = setp(L, CMP_GE, t, v, emit_const(L, t, c->case_lo));
			int p2 = setp(L, CMP_LE, t, v, emit_const(L, t, c->case_hi));
			int p = emit2(L, IR_AND, IR_PRED, p1, p2);
			L->regty.v[p] = IR_PRED;
			emit_cbr(L, p, c->lw_label, nx);
		}
		place_label(L, nx);
	}
	if (n->default_case) {
		n->default_case->lw_label = new_label(L);
		emit_br(L, n->default_case->lw_label);
	} else {
		emit_br(L, end);
	}
	int brk = L->brk;
	size_t bd = L->brk_depth;
	L->brk = end;
	L->brk_depth = L->scl.len;
	gen_stmt(L, n->then);
	L->brk = brk;
	L->brk_depth = bd;
	place_label(L, end);
}

static void gen_return(struct lower *L, struct node *n)
{
	begin_stmt(L, n->span);
	struct ir_insn *in;
	size_t t0 = L->tcl.len;
	if (!n->lhs) {
		run_scope_cleanups(L, 0, n->span);
		if (L->fn && !strcmp(L->fn->name, "main") && !L->fn->is_method && L->fn->ty->base->kind != TY_VOID) {
			int z = emit_const(L, IR_S32, 0);
			in = emit(L, IR_RET, IR_S32);
			in->a = z;
			return;
		}
		emit(L, IR_RET, IR_VOID);
		return;
	}
	if (n->op == 1) {
		gen_expr(L, n->lhs);
		flush_temps(L, t0);
		run_scope_cleanups(L, 0, n->span);
		emit(L, IR_RET, IR_VOID);
		return;
	}
	int v = gen_expr(L, n->lhs);
	if (L->sret_reg >= 0) {
		struct node *e = n->lhs;
		while (e->kind == ND_CAST && e->lhs->ty->kind == TY_STRUCT && e->lhs->ty->rec == e->ty->rec)
			e = e->lhs;
		struct record *rr = n->lhs->ty->kind == TY_STRUCT ? n->lhs->ty->rec : NULL;
		if ((e->kind == ND_VAR && e->var == L->nrvo) || !(e->kind == ND_VAR || prvalue_obj(e)) ||
		    !is_agg(n->lhs->ty))
			emit_memcpy(L, L->sret_reg, v, n->lhs->ty->size); /* the named return value, or bytes */
		else if (e->kind == ND_VAR && e->var->is_local && !e->var->is_static && rr && rr->move_ctor &&
			 e->var->ty->kind == TY_STRUCT && e->var->ty->rec == rr)
			special_call(L, rr->move_ctor, L->sret_reg, v); /* a returned local is moved */
		else
			init_from(L, n->lhs->ty, L->sret_reg, v, n->lhs);
		flush_temps(L, t0);
		run_scope_cleanups(L, 0, n->span);
		emit(L, IR_RET, IR_VOID);
		return;
	}
	flush_temps(L, t0);
	run_scope_cleanups(L, 0, n->span);
	struct type *rt = L->fn->ty->base;
	in = emit(L, IR_RET, rt->kind == TY_REF ? IR_PTR : type_ir(rt));
	in->a = v;
}

/* A condition: branch to lt or lf, destroying the temporaries it made on both ways. */
static void gen_branch_full(struct lower *L, struct node *c, int lt, int lf)
{
	size_t t0 = L->tcl.len;
	int a = new_label(L), b = new_label(L);
	gen_branch(L, c, a, b);
	if (L->tcl.len == t0) {
		/* nothing to destroy: the labels are the targets */
		L->labels.v[a] = -2 - lt;
		L->labels.v[b] = -2 - lf;
		return;
	}
	VEC(struct cleanup) saved = { 0 };
	for (size_t i = t0; i < L->tcl.len; i++)
		vec_push(&saved, L->tcl.v[i]);
	place_label(L, a);
	flush_temps(L, t0);
	emit_br(L, lt);
	place_label(L, b);
	for (size_t i = 0; i < saved.len; i++)
		vec_push(&L->tcl, saved.v[i]);
	flush_temps(L, t0);
	emit_br(L, lf);
	vec_free(&saved);
}

static void gen_stmt(struct lower *L, struct node *n)
{
	if (!n)
		return;
	switch (n->kind) {
	case ND_BLOCK: {
		size_t vars = L->vars.len, d = L->scl.len;
		for (struct node *s = n->body; s; s = s->next)
			gen_stmt(L, s);
		if (L->scl.len > d) {
			/* destructors run at the closing brace, where the debugger stops */
			struct span at = n->end_tok ? n->end_tok->span : n->span;
			begin_stmt(L, at);
			run_scope_cleanups(L, d, at);
			L->scl.len = d;
		}
		close_vars(L, vars);
		return;
	}
	case ND_EXPR_STMT: {
		size_t t0 = L->tcl.len;
		begin_stmt(L, n->span);
		gen_expr(L, n->lhs);
		flush_temps(L, t0);
		return;
	}
	case ND_DECL:
		gen_decl(L, n);
		return;
	case ND_IF: {
		begin_stmt(L, n->cond->span);
		int lt = new_label(L), lf = new_label(L), end = new_label(L);
		gen_branch_full(L, n->cond, lt, lf);
		place_label(L, lt);
		gen_stmt(L, n->then);
		emit_br(L, end);
		place_label(L, lf);
		gen_stmt(L, n->els);
		place_label(L, end);
		return;
	}
	case ND_FOR: {
		size_t vars = L->vars.len, d = L->scl.len;
		if (n->init && n->init->kind == ND_BLOCK) {
			for (struct node *s2 = n->init->body; s2; s2 = s2->next)
				gen_stmt(L, s2);
		} else if (n->init) {
			gen_stmt(L, n->init);
		}
		int lcond = new_label(L), lbody = new_label(L), lcont = new_label(L), end = new_label(L);
		place_label(L, lcond);
		if (n->cond) {
			begin_stmt(L, n->cond->span);
			gen_branch_full(L, n->cond, lbody, end);
		}
		place_label(L, lbody);
		int brk = L->brk, cont = L->cont;
		size_t bd = L->brk_depth, cd = L->cont_depth;
		L->brk = end;
		L->cont = lcont;
		L->brk_depth = L->cont_depth = L->scl.len;
		gen_stmt(L, n->then);
		L->brk = brk;
		L->cont = cont;
		L->brk_depth = bd;
		L->cont_depth = cd;
		place_label(L, lcont);
		if (n->inc) {
			size_t t0 = L->tcl.len;
			begin_stmt(L, n->inc->span);
			gen_expr(L, n->inc);
			flush_temps(L, t0);
		}
		emit_br(L, lcond);
		place_label(L, end);
		if (L->scl.len > d) {
			/* the variables of the for's init statement */
			struct span at = n->then && n->then->kind == ND_BLOCK && n->then->end_tok ? n->then->end_tok->span : n->span;
			begin_stmt(L, at);
			run_scope_cleanups(L, d, at);
			L->scl.len = d;
		}
		close_vars(L, vars);
		return;
	}
	case ND_DO: {
		int lbody = new_label(L), lcont = new_label(L), end = new_label(L);
		place_label(L, lbody);
		int brk = L->brk, cont = L->cont;
		size_t bd = L->brk_depth, cd = L->cont_depth;
		L->brk = end;
		L->cont = lcont;
		L->brk_depth = L->cont_depth = L->scl.len;
		gen_stmt(L, n->then);
		L->brk = brk;
		L->cont = cont;
		L->brk_depth = bd;
		L->cont_depth = cd;
		place_label(L, lcont);
		begin_stmt(L, n->cond->span);
		gen_branch_full(L, n->cond, lbody, end);
		place_label(L, end);
		return;
	}
	case ND_SWITCH:
		gen_switch(L, n);
		return;
	case ND_CASE:
		if (n->lw_label > 0 || (n->lw_label == 0 && L->labels.len > 0))
			place_label(L, n->lw_label);
		gen_stmt(L, n->body);
		return;
	case ND_BREAK:
		begin_stmt(L, n->span);
		run_scope_cleanups(L, L->brk_depth, n->span);
		if (L->brk >= 0)
			emit_br(L, L->brk);
		return;
	case ND_CONTINUE:
		begin_stmt(L, n->span);
		run_scope_cleanups(L, L->cont_depth, n->span);
		if (L->cont >= 0)
			emit_br(L, L->cont);
		return;
	case ND_GOTO: {
		begin_stmt(L, n->span);
		int l = named_label(L, n->str);
		if (!L->scl.len) {
			emit_br(L, l);
			return;
		}
		/* the label's depth may not be known yet: go through a trampoline
		 * that destroys what the jump leaves */
		struct pending_goto g = { new_label(L), 0, NULL, L->scl.len, n->span };
		for (size_t i = 0; i < L->named.len; i++)
			if (L->named.v[i].label == l)
				g.target = (int)i;
		g.cl = arena_alloc(L->a, sizeof(struct cleanup) * L->scl.len);
		memcpy(g.cl, L->scl.v, sizeof(struct cleanup) * L->scl.len);
		vec_push(&L->gotos, g);
		emit_br(L, g.tramp);
		return;
	}
	case ND_LABEL: {
		int l = named_label(L, n->str);
		place_label(L, l);
		for (size_t i = 0; i < L->named.len; i++)
			if (L->named.v[i].label == l)
				L->named.v[i].depth = (long)L->scl.len;
		gen_stmt(L, n->body);
		return;
	}
	case ND_RETURN:
		gen_return(L, n);
		return;
	default: {
		size_t t0 = L->tcl.len;
		begin_stmt(L, n->span);
		gen_expr(L, n);
		flush_temps(L, t0);
		return;
	}
	}
}

/* ---- functions ---- */

static void alloc_frame(struct lower *L, struct obj *v)
{
	long al = v->align > v->ty->align ? v->align : v->ty->align;
	if (al < 1)
		al = 1;
	L->frame = (L->frame + al - 1) / al * al;
	v->lw_kind = LOC_FRAME;
	v->lw_off = L->frame;
	L->frame += v->ty->size > 0 ? v->ty->size : 1;
	if (al > L->frame_align)
		L->frame_align = al;
}

static int const_address(struct lower *L, struct node *n, struct ir_reloc *r, int depth);

/* Whether an initializer can be laid out as bytes at load time. */
static int init_is_const(struct lower *L, struct initializer *in, int depth)
{
	if (!in || in->is_string || depth > 64)
		return 1;
	if (in->expr) {
		int ok = 1;
		if (type_is_integer(in->ty) || in->ty->kind == TY_BOOL || in->ty->kind == TY_ENUM)
			ast_eval_int(in->expr, &ok);
		else if (type_is_flonum(in->ty))
			ast_eval_double(in->expr, &ok);
		else if (in->ty->kind == TY_PTR) {
			ast_eval_int(in->expr, &ok);
			struct ir_reloc r = { 0, -1, -1, 0 };
			L->dry_const = 1;
			if (!ok)
				ok = const_address(L, in->expr, &r, 0);
			L->dry_const = 0;
		} else {
			ok = 0;
		}
		return ok;
	}
	for (long i = 0; i < in->nchildren; i++)
		if (!init_is_const(L, in->children[i], depth + 1))
			return 0;
	return 1;
}

/* Run the initializer of the static-storage variable v as code. */
static void gen_dyn_init(struct lower *L, struct obj *v, struct span sp)
{
	v->dyn_init = 1;
	size_t t0 = L->tcl.len;
	int addr = var_address(L, v, sp);
	struct initializer *in = v->init;
	if (!in) {
		emit_default(L, v->ty, addr, -1);
	} else if (in->expr && !in->is_string) {
		int val = gen_expr(L, in->expr);
		if (is_agg(v->ty)) {
			init_from(L, v->ty, addr, val, in->expr);
		} else {
			struct lval lv = { LV_MEM, addr, v->ty, 0, 0 };
			store(L, lv, val);
		}
	} else {
		gen_initz(L, in, addr, 0);
	}
	flush_temps(L, t0);
}

/* A function-local static with a dynamic initializer: initialized the first
 * time control passes its declaration, behind a hidden guard byte. */
static void gen_static_local(struct lower *L, struct obj *v, struct span sp)
{
	struct obj *g = arena_alloc(L->a, sizeof(*g));
	memset(g, 0, sizeof(*g));
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s@guard", v->qname ? v->qname : v->name);
	g->name = g->qname = arena_strdup(L->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	g->ty = ty_uchar;
	g->is_static = 1;
	g->tok = v->tok;
	begin_stmt(L, sp);
	int ga = var_address(L, g, sp);
	struct ir_insn *in = emit(L, IR_LD, IR_U8);
	in->a = ga;
	in->d = newreg(L, IR_U8);
	in->sp = SP_GENERIC;
	int done = new_label(L), run = new_label(L);
	emit_cbr(L, setp(L, CMP_EQ, IR_U8, in->d, emit_const(L, IR_U8, 0)), run, done);
	place_label(L, run);
	int one = emit_const(L, IR_U8, 1);
	in = emit(L, IR_ST, IR_U8);
	in->a = ga;
	in->b = one;
	in->sp = SP_GENERIC;
	gen_dyn_init(L, v, sp);
	place_label(L, done);
}

/* main's prologue: the dynamic initialization of the host globals, in
 * declaration order (constructors, non-constant values); their destructors
 * are main's outermost cleanups, so they run in reverse after main returns. */
static void init_dynamic_globals(struct lower *L)
{
	struct program *prog = L->host_prog;
	if (!prog)
		return;
	for (struct obj *t = prog->init_temps; t; t = t->next)
		alloc_frame(L, t);
	for (struct obj *v = prog->globals; v; v = v->next) {
		if (is_device_var(v) || v->is_extern || v->is_constexpr || v->ms != MS_NONE || v->static_local)
			continue; /* a function's static is initialized where it is declared */
		int dyn = v->init ? !init_is_const(L, v->init, 0) : (type_flags(v->ty) & LWF_DEFAULT) != 0;
		if (dyn) {
			struct span sp = v->tok ? v->tok->span : L->cur_span;
			begin_stmt(L, sp);
			gen_dyn_init(L, v, sp);
		}
		if (needs_dtor(v->ty))
			push_cleanup(L, CL_OBJ, v, v->ty, 0);
	}
}

/* A label's instruction index (following aliases, -2 - label, to their target). */
static int32_t label_target(struct lower *L, int l)
{
	for (int hops = 0; L->labels.v[l] <= -2 && hops < 1000000; hops++)
		l = -2 - L->labels.v[l];
	return L->labels.v[l] >= 0 ? L->labels.v[l] : (int32_t)L->code.len - 1;
}

/* The local that every `return` of fn names, when it has the return type:
 * it is built in place (NRVO, as g++ does) and never destroyed. */
static void find_nrvo(struct node *n, struct type *rt, struct obj **var, int *ok, int depth)
{
	if (!n || !*ok || depth > 4000)
		return;
	if (n->kind == ND_RETURN) {
		struct node *e = n->lhs;
		while (e && e->kind == ND_CAST && e->lhs->ty->kind == TY_STRUCT && e->lhs->ty->rec == e->ty->rec)
			e = e->lhs;
		if (!e || e->kind != ND_VAR || !e->var->is_local || e->var->is_param || e->var->is_static ||
		    e->var->ty->kind != TY_STRUCT || e->var->ty->rec != rt->rec || (*var && *var != e->var))
			*ok = 0;
		else
			*var = e->var;
		return;
	}
	struct node *kids[] = { n->then, n->els, n->init, n->body };
	for (size_t i = 0; i < WS_ARRAY_LEN(kids); i++)
		for (struct node *k = kids[i]; k; k = k->next) {
			find_nrvo(k, rt, var, ok, depth + 1);
			if (k == n->then || k == n->els || k == n->init)
				break;
		}
}

static void lower_function(struct lower *L, struct obj *fn, struct ir_func *f, int device)
{
	L->fn = fn;
	L->device = device;
	L->code.len = L->regty.len = L->stmts.len = L->vars.len = L->labels.len = L->named.len = 0;
	L->gotos.len = 0;
	L->frame = 0;
	L->frame_align = 1;
	L->brk = L->cont = -1;
	L->sret_reg = -1;
	L->scl.len = L->tcl.len = 0;
	L->brk_depth = L->cont_depth = 0;
	L->cond_depth = 0;
	L->nrvo = NULL;
	L->cur_span = fn->tok ? fn->tok->span : (struct span){ 0 };
	begin_stmt(L, L->cur_span);
	struct type *rt = fn->ty->base;
	int nparams = 0;
	if (rt->kind == TY_STRUCT) {
		L->sret_reg = newreg(L, IR_PTR);
		nparams++;
		int ok = 1;
		find_nrvo(fn->body, rt, &L->nrvo, &ok, 0);
		if (!ok)
			L->nrvo = NULL;
	}
	/* parameters: the first locals */
	int np = 0;
	for (struct param *q = fn->ty->params; q; q = q->next)
		np++;
	np += fn->is_method;
	struct obj *v = fn->locals;
	int *preg = arena_alloc(L->a, sizeof(int) * (size_t)(np + 1));
	for (int i = 0; i < np && v; i++, v = v->next) {
		enum ir_type t = v->ty->kind == TY_STRUCT ? IR_PTR : type_ir(v->ty);
		preg[i] = newreg(L, t);
		nparams++;
	}
	f->nparams = (uint32_t)nparams;
	f->param_ty = arena_alloc(L->a, (size_t)(nparams ? nparams : 1));
	f->param_size = arena_alloc(L->a, sizeof(uint32_t) * (size_t)(nparams ? nparams : 1));
	f->param_align = arena_alloc(L->a, sizeof(uint32_t) * (size_t)(nparams ? nparams : 1));
	for (int i = 0; i < nparams; i++)
		f->param_ty[i] = L->regty.v[i];
	int k = L->sret_reg >= 0 ? 1 : 0;
	if (k) {
		f->param_size[0] = 8;
		f->param_align[0] = 8;
	}
	/* locals: registers or frame slots */
	for (struct obj *o = fn->locals; o; o = o->next) {
		o->lw_kind = LOC_NONE;
		if (type_is_scalar(o->ty) || o->ty->kind == TY_REF) {
			if (!o->addr_taken) {
				o->lw_kind = LOC_REG;
				o->lw_reg = newreg(L, type_ir(o->ty));
				continue;
			}
		}
		alloc_frame(L, o);
	}
	v = fn->locals;
	for (int i = 0; i < np && v; i++, v = v->next, k++) {
		f->param_size[k] = (uint32_t)(v->ty->size > 0 ? v->ty->size : 8);
		f->param_align[k] = (uint32_t)(v->ty->align > 0 ? v->ty->align : 8);
		if (v->lw_kind == LOC_REG) {
			struct ir_insn *in = emit(L, IR_MOV, type_ir(v->ty));
			in->a = preg[i];
			in->d = v->lw_reg;
		} else {
			struct lval lv = { LV_MEM, var_address(L, v, v->tok ? v->tok->span : L->cur_span), v->ty, 0, 0 };
			store(L, lv, preg[i]);
			if (v->ty->kind == TY_STRUCT && !(fn->space & SPC_GLOBAL) && needs_dtor(v->ty)) {
				/* the caller destroys a by-value parameter: give it back the final state */
				struct cleanup c = { CL_WRITEBACK, v, v->ty, preg[i] };
				vec_push(&L->scl, c);
			}
		}
		add_var(L, v, 1);
	}
	if (!device && !fn->is_method && fn->qname && !strcmp(fn->qname, "main"))
		init_dynamic_globals(L);
	if (fn->is_dtor && fn->is_method && fn->params && fn->rec) {
		/* after a destructor's body: its members' and base's destructors */
		struct type *rty = fn->params->ty->base;
		if (rty->kind == TY_STRUCT) {
			struct cleanup c = { CL_MEMBERS, fn->params, rty, -1 };
			vec_push(&L->scl, c);
		}
	}
	gen_stmt(L, fn->body);
	if (L->scl.len) {
		struct span at = fn->body && fn->body->kind == ND_BLOCK && fn->body->end_tok ? fn->body->end_tok->span
											      : L->cur_span;
		begin_stmt(L, at);
		run_scope_cleanups(L, 0, at);
	}
	/* falling off the end */
	L->cur_span = fn->body && fn->body->tok ? fn->body->tok->span : L->cur_span;
	struct ir_insn *in;
	if (!strcmp(fn->name, "main") && !fn->is_method && rt->kind != TY_VOID) {
		int z = emit_const(L, IR_S32, 0);
		in = emit(L, IR_RET, IR_S32);
		in->a = z;
	} else if (rt->kind == TY_VOID || L->sret_reg >= 0) {
		emit(L, IR_RET, IR_VOID);
	} else {
		emit(L, IR_UNREACHABLE, IR_VOID);
	}
	/* the trampolines of gotos out of scopes: destructors, then the jump */
	for (size_t i = 0; i < L->gotos.len; i++) {
		struct pending_goto *g = &L->gotos.v[i];
		struct named_label *nl = &L->named.v[g->target];
		size_t to = nl->depth >= 0 && (size_t)nl->depth < g->ncl ? (size_t)nl->depth : g->ncl;
		place_label(L, g->tramp);
		begin_stmt(L, g->at);
		for (size_t c = g->ncl; c-- > to;)
			run_cleanup(L, &g->cl[c]);
		emit_br(L, nl->label);
	}
	L->gotos.len = 0;
	close_vars(L, 0);
	/* patch labels */
	for (size_t i = 0; i < L->code.len; i++) {
		struct ir_insn *c = &L->code.v[i];
		if (c->op == IR_BR || c->op == IR_CBR) {
			if (c->tgt1 >= 0)
				c->tgt1 = label_target(L, c->tgt1);
			if (c->tgt2 >= 0)
				c->tgt2 = label_target(L, c->tgt2);
		}
	}
	for (size_t i = 0; i < L->named.len; i++)
		if (L->labels.v[L->named.v[i].label] < 0)
			lerror(L, fn->tok ? fn->tok->span : L->cur_span, "undefined-label",
			       "label '%s' used but not defined", L->named.v[i].name);
	f->ncode = (uint32_t)L->code.len;
	f->code = arena_alloc(L->a, sizeof(*f->code) * (L->code.len ? L->code.len : 1));
	copy_out(f->code, L->code.v, sizeof(*f->code) * L->code.len);
	f->nregs = (uint32_t)L->regty.len;
	f->reg_ty = arena_alloc(L->a, L->regty.len ? L->regty.len : 1);
	copy_out(f->reg_ty, L->regty.v, L->regty.len);
	f->nstmts = (uint32_t)L->stmts.len;
	f->stmts = arena_alloc(L->a, sizeof(*f->stmts) * (L->stmts.len ? L->stmts.len : 1));
	copy_out(f->stmts, L->stmts.v, sizeof(*f->stmts) * L->stmts.len);
	f->nvars = (uint32_t)L->vars.len;
	f->vars = arena_alloc(L->a, sizeof(*f->vars) * (L->vars.len ? L->vars.len : 1));
	copy_out(f->vars, L->vars.v, sizeof(*f->vars) * L->vars.len);
	/* a frame over 4 GiB (int a[1 << 30]) must not wrap to a small one:
	 * saturate, so that pushing it overflows the stack */
	f->frame_size = L->frame > (long)UINT32_MAX - 15 ? UINT32_MAX & ~15u
							  : (uint32_t)((L->frame + 15) / 16 * 16);
	f->frame_align = (uint32_t)(L->frame_align < 16 ? 16 : L->frame_align);
	f->ret = (uint8_t)(rt->kind == TY_VOID || rt->kind == TY_STRUCT ? IR_VOID : type_ir(rt));
	f->ret_sret = rt->kind == TY_STRUCT;
	f->variadic = fn->ty->is_variadic;
	f->launch_bounds_max = fn->launch_max;
	f->launch_bounds_min = fn->launch_min;
	for (int ci = 0; ci < 3; ci++)
		f->cluster_dims[ci] = (uint32_t)(fn->cluster[ci] > 0 ? fn->cluster[ci] : 0);
}

/* ---- global initializers ---- */

static int const_address(struct lower *L, struct node *n, struct ir_reloc *r, int depth)
{
	if (depth > 64)
		return 0;
	switch (n->kind) {
	case ND_CAST:
		return const_address(L, n->lhs, r, depth + 1);
	case ND_ADDR:
		if (n->lhs->kind == ND_VAR && !n->lhs->var->is_local) {
			r->obj = L->dry_const ? 0 : global_index(L, n->lhs->var, n->span);
			return 1;
		}
		if (n->lhs->kind == ND_DEREF)
			return const_address(L, n->lhs->lhs, r, depth + 1);
		if (n->lhs->kind == ND_MEMBER) {
			if (!const_address(L, &(struct node){ .kind = ND_ADDR, .lhs = n->lhs->lhs, .span = n->span }, r, depth + 1))
				return 0;
			r->addend += n->lhs->mem->offset;
			return 1;
		}
		return 0;
	case ND_VAR:
		if (n->ty->kind == TY_ARRAY && !n->var->is_local) {
			r->obj = L->dry_const ? 0 : global_index(L, n->var, n->span);
			return 1;
		}
		return 0;
	case ND_STR:
		r->obj = L->dry_const ? 0 : string_object(L, n);
		return 1;
	case ND_FUNCADDR:
		if (!n->func)
			return 0;
		r->obj = -1;
		r->func = L->dry_const ? 0 : func_index(L, n->func, n->span);
		return 1;
	case ND_PTRADD: case ND_PTRSUB: {
		int ok;
		long v = ast_eval_int(n->rhs, &ok);
		if (!ok || !const_address(L, n->lhs, r, depth + 1))
			return 0;
		r->addend += (n->kind == ND_PTRADD ? v : -v) * n->ival;
		return 1;
	}
	default:
		return 0;
	}
}

static void write_scalar(uint8_t *buf, long size, uint64_t v)
{
	for (long i = 0; i < size && i < 8; i++)
		buf[i] = (uint8_t)(v >> (8 * i));
}

struct relocvec { struct ir_reloc *v; size_t len, cap; };
/* idx, not a pointer: evaluating an initializer may add objects (a string
 * literal, a compound literal) and move L->objs */
static void init_bytes(struct lower *L, int idx, struct initializer *in, long off, struct relocvec *relocs)
{
#define o (&L->objs.v[idx])
	if (!in || off < 0 || (uint64_t)off >= o->size)
		return;
	if (in->is_string && in->expr) {
		long n = in->expr->strlen;
		if (!ws_range_in(0, o->size, (uint64_t)off, (uint64_t)n))
			n = (long)o->size - off;
		memcpy(o->init + off, in->expr->str, (size_t)n);
		return;
	}
	if (in->expr) {
		struct node *e = in->expr;
		if (type_is_integer(in->ty) || in->ty->kind == TY_BOOL) {
			int ok;
			long v = ast_eval_int(e, &ok);
			if (!ok) {
				lerror(L, e->span, "not-constant", "initializer of a global is not a constant expression");
				return;
			}
			write_scalar(o->init + off, in->ty->size, (uint64_t)v);
			return;
		}
		if (type_is_flonum(in->ty)) {
			int ok;
			double d = ast_eval_double(e, &ok);
			if (!ok) {
				lerror(L, e->span, "not-constant", "initializer of a global is not a constant expression");
				return;
			}
			if (in->ty->kind == TY_FLOAT) {
				float f = (float)d;
				memcpy(o->init + off, &f, 4);
			} else {
				memcpy(o->init + off, &d, 8);
			}
			return;
		}
		if (in->ty->kind == TY_PTR) {
			int ok;
			long v = ast_eval_int(e, &ok);
			if (ok) {
				write_scalar(o->init + off, 8, (uint64_t)v);
				return;
			}
			struct ir_reloc r = { (uint32_t)off, -1, -1, 0 };
			if (!const_address(L, e, &r, 0)) {
				lerror(L, e->span, "not-constant", "initializer of a global is not a constant address");
				return;
			}
			vec_push(relocs, r);
			return;
		}
		lerror(L, e->span, "not-constant", "dynamic initialization of a global is not supported");
		return;
	}
	if (in->ty->kind == TY_ARRAY) {
		for (long i = 0; i < in->nchildren; i++)
			init_bytes(L, idx, in->children[i], off + i * in->ty->base->size, relocs);
	} else if (in->ty->kind == TY_STRUCT) {
		long i = 0;
		for (struct member *m = in->ty->rec->members; m && i < in->nchildren; m = m->next, i++) {
			struct initializer *c = in->children[i];
			if (c && m->bits && c->expr) {
				int ok;
				long v = ast_eval_int(c->expr, &ok);
				long at = off + m->offset;
				if (!ok) {
					lerror(L, c->expr->span, "not-constant", "initializer of a global is not a constant expression");
				} else if (at >= 0 && ws_range_in(0, o->size, (uint64_t)at, (uint64_t)m->ty->size)) {
					uint64_t mask = (~0ULL) >> (64 - m->bits), u = 0;
					memcpy(&u, o->init + at, (size_t)m->ty->size);
					u = (u & ~(mask << m->bit_off)) | (((uint64_t)v & mask) << m->bit_off);
					memcpy(o->init + at, &u, (size_t)m->ty->size);
				}
			} else {
				init_bytes(L, idx, c, off + m->offset, relocs);
			}
		}
	}
}
#undef o

static void global_init(struct lower *L, struct obj *v, int idx)
{
	if (!v->init || v->dyn_init)
		return; /* a dynamic initializer runs before main */
	struct ir_object *o = &L->objs.v[idx];
	if (!o->init)
		o->init = arena_alloc(L->a, o->size ? o->size : 1);
	struct relocvec relocs = { 0 };
	L->device = is_device_var(v);
	init_bytes(L, idx, v->init, 0, &relocs);
	o = &L->objs.v[idx];
	if (relocs.len) {
		o->relocs = arena_alloc(L->a, sizeof(struct ir_reloc) * relocs.len);
		memcpy(o->relocs, relocs.v, sizeof(struct ir_reloc) * relocs.len);
		o->nrelocs = (uint32_t)relocs.len;
	}
	vec_free(&relocs);
}

static enum ir_objkind obj_kind(struct obj *v)
{
	switch (v->ms) {
	case MS_DEVICE: return OBJ_GLOBAL;
	case MS_CONSTANT: return OBJ_CONST;
	case MS_SHARED: return OBJ_SHARED;
	case MS_MANAGED: return OBJ_MANAGED;
	default: return OBJ_HOST;
	}
}

static int is_builtin_file(struct lower *L, struct obj *fn)
{
	const struct srcfile *f = fn->tok ? srcmgr_file(L->sm, fn->tok->span.file) : NULL;
	return f && f->builtin;
}

static int in_space(struct obj *fn, int device)
{
	return device ? (fn->space & (SPC_DEVICE | SPC_GLOBAL)) != 0 : (fn->space & SPC_HOST) != 0;
}

static void mark_reachable(int dev, struct node *n, int depth);

static void mark_initz(int dev, struct initializer *in, int depth)
{
	if (!in || depth > 4000)
		return;
	if (in->expr)
		mark_reachable(dev, in->expr, depth + 1);
	for (long i = 0; i < in->nchildren; i++)
		mark_initz(dev, in->children[i], depth + 1);
}

static void mark_fn(int dev, struct obj *fn, int depth);

/* The special members that lowering calls implicitly (destructors, copies,
 * default construction) are reached through the types a function uses. */
static void mark_type(int dev, struct type *t, int depth)
{
	if (!t || depth > 64)
		return;
	while (t->kind == TY_ARRAY)
		t = t->base;
	if (t->kind != TY_STRUCT || t->rec->lw_marked)
		return;
	struct record *r = t->rec;
	r->lw_marked = 1;
	mark_fn(dev, r->dtor, depth + 1);
	mark_fn(dev, r->copy_ctor, depth + 1);
	mark_fn(dev, r->copy_assign, depth + 1);
	mark_fn(dev, r->default_ctor, depth + 1);
	mark_fn(dev, r->move_ctor, depth + 1);
	mark_type(dev, r->base, depth + 1);
	for (struct member *m = r->members; m; m = m->next)
		mark_type(dev, m->ty, depth + 1);
}

static void mark_fn(int dev, struct obj *fn, int depth)
{
	if (!fn || fn->lw_index == 1 || depth > 10000)
		return;
	fn->lw_index = 1;
	/* a function of the other space only is never emitted by this pass,
	 * nor is anything only its body reaches (its body may not even have
	 * been parsed: skip_foreign_body) */
	if (!in_space(fn, dev))
		return;
	if (fn->rec && fn->rec->lw_marked == 0) {
		/* a class's methods run on objects that it must also destroy */
		for (struct obj *q = fn->params; q; q = q->next)
			if (q->ty->kind == TY_PTR)
				mark_type(dev, q->ty->base, 0);
			else
				break;
	}
	for (struct obj *v = fn->locals; v; v = v->next)
		mark_type(dev, v->ty, 0);
	if (fn->body)
		mark_reachable(dev, fn->body, 0);
}

static void mark_reachable(int dev, struct node *n, int depth)
{
	if (!n || depth > 4000)
		return;
	if ((n->kind == ND_CALL || n->kind == ND_LAUNCH || n->kind == ND_FUNCADDR || n->kind == ND_NEW ||
	     n->kind == ND_DELETE) && n->func)
		mark_fn(dev, n->func, depth);
	if (n->ty)
		mark_type(dev, n->ty->kind == TY_PTR && (n->kind == ND_NEW || n->kind == ND_DELETE) ? n->ty->base : n->ty, 0);
	if (n->kind == ND_DELETE && n->lhs && n->lhs->ty->kind == TY_PTR)
		mark_type(dev, n->lhs->ty->base, 0);
	if (n->kind == ND_DELETE && n->var)
		mark_fn(dev, n->var, depth); /* a virtual destructor's dispatcher */
	if (n->kind == ND_DECL && n->var && n->var->is_static)
		mark_initz(dev, n->var->init, depth + 1);
	int launch = n->kind == ND_LAUNCH; /* cfg shares a union with other kinds' fields */
	struct node *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els, n->init, n->inc,
				launch ? n->cfg[0] : NULL, launch ? n->cfg[1] : NULL,
				launch ? n->cfg[2] : NULL, launch ? n->cfg[3] : NULL };
	for (size_t i = 0; i < WS_ARRAY_LEN(kids); i++)
		mark_reachable(dev, kids[i], depth + 1);
	for (struct node *a = n->args; a; a = a->next)
		mark_reachable(dev, a, depth + 1);
	for (struct node *b = n->body; b; b = b->next)
		mark_reachable(dev, b, depth + 1);
	if (n->kind == ND_DECL && n->initz)
		mark_initz(dev, n->initz, depth + 1);
}

/* The functions a pass must emit: those of the user's files, and what they reach. */
static void reach(struct lower *L, struct program *prog)
{
	if (!prog)
		return;
	int dev = prog->device_pass;
	for (struct obj *fn = prog->funcs; fn; fn = fn->next)
		fn->lw_index = 0;
	for (struct obj *fn = prog->funcs; fn; fn = fn->next) {
		/* a kernel of a built-in header (thrust's) exists only where host
		 * code instantiated it; the device pass, which skips host code,
		 * must emit it all the same */
		if (is_builtin_file(L, fn) && !(fn->space & SPC_GLOBAL))
			continue;
		/* device copies of __host__ __device__ functions only when device code calls them */
		if (prog->device_pass && (fn->space & SPC_HOST) && !(fn->space & SPC_GLOBAL))
			continue;
		mark_fn(dev, fn, 0);
	}
	/* what the dynamic initialization of the host globals calls */
	for (struct obj *v = prog->device_pass ? NULL : prog->globals; v; v = v->next) {
		if (is_device_var(v))
			continue;
		mark_initz(dev, v->init, 0);
		mark_type(dev, v->ty, 0);
	}
}

static int want_func(struct lower *L, struct obj *fn, int device)
{
	if (!fn->body || !in_space(fn, device))
		return 0;
	/* the built-in headers' inline functions only when something calls them */
	return fn->lw_index == 1;
}

static void add_funcs(struct lower *L, struct program *prog, int device)
{
	if (!prog)
		return;
	for (struct obj *fn = prog->funcs; fn; fn = fn->next) {
		if (!want_func(L, fn, device))
			continue;
		unsigned kind = space_kind(fn->space, device);
		const char *mangled = fn->mangled;
		if (device && !(fn->space & SPC_GLOBAL) && find_func(L, fn->mangled, 0) >= 0) {
			/* the device copy of a __host__ __device__ function, or a
			 * __device__ overload of a __host__ one: a distinct name */
			struct strbuf sb;
			strbuf_init(&sb);
			strbuf_addf(&sb, "%s@device", fn->mangled);
			mangled = arena_strdup(L->a, strbuf_cstr(&sb));
			strbuf_release(&sb);
		}
		if (find_func(L, fn->mangled, device) >= 0)
			continue; /* defined twice (inline in a header and again) */
		struct ir_func f = { 0 };
		f.name = (char *)fn->qname;
		f.mangled = (char *)mangled;
		f.kind = kind;
		f.span = fn->tok ? fn->tok->span : (struct span){ 0 };
		vec_push(&L->funcs, f);
		struct fentry e = { fn->mangled, kind, (int)L->funcs.len - 1, fn };
		vec_push(&L->fmap, e);
		nindex_put(&L->fidx, e.mangled, (kind & (FN_DEVICE | FN_KERNEL)) != 0, e.idx);
	}
}

static void add_globals(struct lower *L, struct program *prog, int device)
{
	if (!prog)
		return;
	for (struct obj *v = prog->globals; v; v = v->next) {
		if (is_device_var(v) != device)
			continue;
		if (v->is_constexpr && !v->used)
			continue;
		/* the static of a function nothing calls (strtok's, in <string.h>;
		 * a kernel counts as called: Lua launches it by name)
		 * is not part of the program */
		if (v->owner_fn && !v->owner_fn->used && !(v->owner_fn->space & SPC_GLOBAL))
			continue;
		if (find_obj(L, v->qname, device) >= 0)
			continue;
		if (v->dyn_shared) {
			if (L->dyn_shared < 0) {
				L->dyn_shared = add_object(L, v, OBJ_SHARED);
				L->objs.v[L->dyn_shared].dynamic = 1;
				L->objs.v[L->dyn_shared].size = 0;
				if (L->objs.v[L->dyn_shared].align < 16)
					L->objs.v[L->dyn_shared].align = 16;
			} else {
				struct oentry e = { v->qname, L->dyn_shared, 1 };
				vec_push(&L->omap, e);
				nindex_put(&L->oidx, e.name, 1, L->dyn_shared);
			}
			continue;
		}
		add_object(L, v, obj_kind(v));
	}
}

static void init_globals(struct lower *L, struct program *prog, int device)
{
	if (!prog)
		return;
	for (struct obj *v = prog->globals; v; v = v->next) {
		if (is_device_var(v) != device || v->dyn_shared)
			continue;
		int idx = find_obj(L, v->qname, device);
		if (idx >= 0 && !L->objs.v[idx].init)
			global_init(L, v, idx);
	}
}

struct ir_module *lower_module(struct arena *a, struct diaglist *dl, struct srcmgr *sm,
			       struct program *host, struct program *dev, int fmad)
{
	struct lower lw = { 0 }, *L = &lw;
	L->a = a;
	L->fmad = fmad;
	L->dl = dl;
	L->sm = sm;
	L->dyn_shared = -1;
	add_globals(L, dev, 1);
	add_globals(L, host, 0);
	reach(L, host);
	reach(L, dev);
	add_funcs(L, host, 0);
	add_funcs(L, dev, 1);
	L->host_prog = host;
	/* bodies (the function array is complete: indices are stable) */
	for (size_t i = 0; i < L->fmap.len; i++) {
		struct fentry *e = &L->fmap.v[i];
		int device = (e->kind & (FN_DEVICE | FN_KERNEL)) != 0;
		struct ir_func f = L->funcs.v[e->idx];
		lower_function(L, e->fn, &f, device);
		L->funcs.v[e->idx] = f;
	}
	init_globals(L, dev, 1);
	init_globals(L, host, 0);
	struct ir_module *m = arena_alloc(a, sizeof(*m));
	/* shared memory layout: static objects, then the dynamic region */
	uint64_t off = 0;
	for (size_t i = 0; i < L->objs.len; i++) {
		struct ir_object *o = &L->objs.v[i];
		if (o->kind != OBJ_SHARED || o->dynamic)
			continue;
		off = (off + o->align - 1) / o->align * o->align;
		o->shared_off = off;
		off += o->size;
	}
	m->shared_static_size = off;
	if (L->dyn_shared >= 0) {
		struct ir_object *o = &L->objs.v[L->dyn_shared];
		o->shared_off = (off + o->align - 1) / o->align * o->align;
	}
	m->nfuncs = (uint32_t)L->funcs.len;
	m->funcs = arena_alloc(a, sizeof(*m->funcs) * (L->funcs.len ? L->funcs.len : 1));
	copy_out(m->funcs, L->funcs.v, sizeof(*m->funcs) * L->funcs.len);
	m->nobjs = (uint32_t)L->objs.len;
	m->objs = arena_alloc(a, sizeof(*m->objs) * (L->objs.len ? L->objs.len : 1));
	copy_out(m->objs, L->objs.v, sizeof(*m->objs) * L->objs.len);
	m->main_func = find_func(L, "main", 0);
	m->sm = sm;
	vec_free(&L->funcs);
	vec_free(&L->objs);
	vec_free(&L->fmap);
	vec_free(&L->omap);
	free(L->fidx.s);
	free(L->oidx.s);
	vec_free(&L->code);
	vec_free(&L->regty);
	vec_free(&L->stmts);
	vec_free(&L->vars);
	vec_free(&L->labels);
	vec_free(&L->named);
	vec_free(&L->scl);
	vec_free(&L->tcl);
	vec_free(&L->gotos);
	ir_estimate_regs(m);
	return m;
}
