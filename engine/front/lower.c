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

enum { LV_REG, LV_MEM };
enum { LOC_NONE, LOC_REG, LOC_FRAME, LOC_GLOBAL };

struct lval {
	int kind;
	int reg;                /* LV_REG: the variable's register; LV_MEM: the address */
	struct type *ty;
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
	VEC(struct ir_insn) code;
	VEC(uint8_t) regty;
	VEC(struct ir_stmt) stmts;
	VEC(struct ir_var) vars;
	VEC(int32_t) labels;
	VEC(struct named_label) named;
	int cur_stmt, stmt_fresh;
	struct span cur_span;
	long frame, frame_align;
	int brk, cont;
	int sret_reg;
};

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
			struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
			in->a = addr;
			in->b = src;
			in->imm = v->ty->size;
		} else {
			gen_expr(L, n->lhs);
		}
	}
	return addr;
}

static struct lval gen_lval(struct lower *L, struct node *n)
{
	struct lval lv = { LV_MEM, -1, n->ty };
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
	return lv.reg;
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
	struct ir_insn *in = emit(L, IR_LD, t);
	in->a = lv.reg;
	in->d = newreg(L, t);
	in->sp = SP_GENERIC;
	in->sem = sem_of(lv.ty);
	return in->d;
}

static void store(struct lower *L, struct lval lv, int val)
{
	if (is_agg(lv.ty)) {
		struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
		in->a = lv.reg;
		in->b = val;
		in->imm = lv.ty->size;
		return;
	}
	enum ir_type t = type_ir(lv.ty);
	if (lv.kind == LV_REG) {
		struct ir_insn *in = emit(L, IR_MOV, t);
		in->a = val;
		in->d = lv.reg;
		return;
	}
	struct ir_insn *in = emit(L, IR_ST, t);
	in->a = lv.reg;
	in->b = val;
	in->sp = SP_GENERIC;
	in->sem = sem_of(lv.ty);
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
		gen_branch(L, n->rhs, lt, lf);
		return;
	}
	if (n->kind == ND_LOGOR) {
		int mid = new_label(L);
		gen_branch(L, n->lhs, lt, mid);
		place_label(L, mid);
		gen_branch(L, n->rhs, lt, lf);
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
		if (a->ty->kind == TY_STRUCT) {
			/* by value: the callee gets a copy it may modify */
			struct obj tmp = { 0 };
			long al = a->ty->align ? a->ty->align : 1;
			L->frame = (L->frame + al - 1) / al * al;
			tmp.lw_kind = LOC_FRAME;
			tmp.lw_off = L->frame;
			L->frame += a->ty->size;
			if (al > L->frame_align)
				L->frame_align = al;
			int addr = var_address(L, &tmp, a->span);
			struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
			in->a = addr;
			in->b = v;
			in->imm = a->ty->size;
			v = addr;
		}
		if (k < nargs)
			args[k++] = v;
	}
	struct obj *fn = n->func;
	struct type *rt = n->ty;
	enum ir_type t = rt->kind == TY_VOID || n->sret_call ? IR_VOID : type_ir(rt);
	if (fn && fn->builtin_id >= 0 && !fn->body) {
		const struct builtin_info *bi = &builtin_table[fn->builtin_id];
		if (bi->kind == BK_OP)
			return gen_builtin_op(L, n, bi, args + (n->sret_call ? 1 : 0), n->nargs);
		struct ir_insn *in = emit(L, IR_BCALL, t);
		in->imm = fn->builtin_id;
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
	if (!n->func)
		return -1;
	int nargs = 8 + n->nargs;
	int32_t *args = arena_alloc(L->a, sizeof(int32_t) * (size_t)nargs);
	launch_dims(L, n->cfg[0], args);
	launch_dims(L, n->cfg[1], args + 3);
	args[6] = n->cfg[2] ? emit_cvt(L, IR_U64, type_ir(n->cfg[2]->ty), gen_expr(L, n->cfg[2])) : emit_const(L, IR_U64, 0);
	args[7] = n->cfg[3] ? gen_expr(L, n->cfg[3]) : emit_const(L, IR_PTR, 0);
	int k = 8;
	for (struct node *a = n->args; a && k < nargs; a = a->next)
		args[k++] = gen_expr(L, a);
	int idx = find_kernel(L, n->func->mangled);
	if (idx < 0)
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
	store(L, lv, nv);
	return (n->kind == ND_PREINC || n->kind == ND_PREDEC) ? nv : old;
}

static int gen_assign(struct lower *L, struct node *n)
{
	if (!n->op) {
		if (is_agg(n->ty)) {
			int src = gen_expr(L, n->rhs);
			int dst = gen_addr(L, n->lhs);
			struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
			in->a = dst;
			in->b = src;
			in->imm = n->ty->size;
			return dst;
		}
		int v = gen_expr(L, n->rhs);
		struct lval lv = gen_lval(L, n->lhs);
		store(L, lv, v);
		return v;
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
		int b = gen_expr(L, n->rhs);
		enum ir_type rt = type_ir(n->rhs->ty);
		if ((op->kind == ND_SHL || op->kind == ND_SHR) && rt != ct)
			b = emit_cvt(L, ct, rt, b);
		nv = emit2(L, arith_op(op->kind), ct, a, b);
		nv = emit_cvt(L, lt, ct, nv);
	}
	store(L, lv, nv);
	return nv;
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
	int a = gen_expr(L, n->then);
	if (res >= 0) {
		struct ir_insn *in = emit(L, IR_MOV, t);
		in->a = a;
		in->d = res;
	}
	emit_br(L, end);
	place_label(L, lf);
	int b = gen_expr(L, n->els);
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
		int a = gen_expr(L, n->lhs), b = gen_expr(L, n->rhs);
		enum ir_type t = type_ir(n->ty);
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
		struct lval lv = { LV_MEM, addr, n->ty };
		return load(L, lv);
	}
	case ND_NOP:
		return -1;
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
	struct named_label nl = { name, new_label(L) };
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
			struct ir_insn *mc = emit(L, IR_MEMCPY, IR_VOID);
			mc->a = dst;
			mc->b = v;
			mc->imm = in->ty->size;
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
		for (struct member *m = in->ty->rec->members; m && i < in->nchildren; m = m->next, i++)
			if (in->children[i])
				gen_initz(L, in->children[i], base, off + m->offset);
	}
}

static void gen_decl(struct lower *L, struct node *n)
{
	struct obj *v = n->var;
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
			struct ir_insn *in = emit(L, IR_MEMCPY, IR_VOID);
			in->a = dst;
			in->b = src;
			in->imm = v->ty->size;
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
	}
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
	int v = gen_expr(L, n->cond);
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
	L->brk = end;
	gen_stmt(L, n->then);
	L->brk = brk;
	place_label(L, end);
}

static void gen_return(struct lower *L, struct node *n)
{
	begin_stmt(L, n->span);
	struct ir_insn *in;
	if (!n->lhs) {
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
		emit(L, IR_RET, IR_VOID);
		return;
	}
	int v = gen_expr(L, n->lhs);
	if (L->sret_reg >= 0) {
		in = emit(L, IR_MEMCPY, IR_VOID);
		in->a = L->sret_reg;
		in->b = v;
		in->imm = n->lhs->ty->size;
		emit(L, IR_RET, IR_VOID);
		return;
	}
	struct type *rt = L->fn->ty->base;
	in = emit(L, IR_RET, rt->kind == TY_REF ? IR_PTR : type_ir(rt));
	in->a = v;
}

static void gen_stmt(struct lower *L, struct node *n)
{
	if (!n)
		return;
	switch (n->kind) {
	case ND_BLOCK: {
		size_t vars = L->vars.len;
		for (struct node *s = n->body; s; s = s->next)
			gen_stmt(L, s);
		close_vars(L, vars);
		return;
	}
	case ND_EXPR_STMT:
		begin_stmt(L, n->span);
		gen_expr(L, n->lhs);
		return;
	case ND_DECL:
		gen_decl(L, n);
		return;
	case ND_IF: {
		begin_stmt(L, n->cond->span);
		int lt = new_label(L), lf = new_label(L), end = new_label(L);
		gen_branch(L, n->cond, lt, lf);
		place_label(L, lt);
		gen_stmt(L, n->then);
		emit_br(L, end);
		place_label(L, lf);
		gen_stmt(L, n->els);
		place_label(L, end);
		return;
	}
	case ND_FOR: {
		size_t vars = L->vars.len;
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
			gen_branch(L, n->cond, lbody, end);
		}
		place_label(L, lbody);
		int brk = L->brk, cont = L->cont;
		L->brk = end;
		L->cont = lcont;
		gen_stmt(L, n->then);
		L->brk = brk;
		L->cont = cont;
		place_label(L, lcont);
		if (n->inc) {
			begin_stmt(L, n->inc->span);
			gen_expr(L, n->inc);
		}
		emit_br(L, lcond);
		place_label(L, end);
		close_vars(L, vars);
		return;
	}
	case ND_DO: {
		int lbody = new_label(L), lcont = new_label(L), end = new_label(L);
		place_label(L, lbody);
		int brk = L->brk, cont = L->cont;
		L->brk = end;
		L->cont = lcont;
		gen_stmt(L, n->then);
		L->brk = brk;
		L->cont = cont;
		place_label(L, lcont);
		begin_stmt(L, n->cond->span);
		gen_branch(L, n->cond, lbody, end);
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
		if (L->brk >= 0)
			emit_br(L, L->brk);
		return;
	case ND_CONTINUE:
		begin_stmt(L, n->span);
		if (L->cont >= 0)
			emit_br(L, L->cont);
		return;
	case ND_GOTO:
		begin_stmt(L, n->span);
		emit_br(L, named_label(L, n->str));
		return;
	case ND_LABEL:
		place_label(L, named_label(L, n->str));
		gen_stmt(L, n->body);
		return;
	case ND_RETURN:
		gen_return(L, n);
		return;
	default:
		begin_stmt(L, n->span);
		gen_expr(L, n);
		return;
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

static void lower_function(struct lower *L, struct obj *fn, struct ir_func *f, int device)
{
	L->fn = fn;
	L->device = device;
	L->code.len = L->regty.len = L->stmts.len = L->vars.len = L->labels.len = L->named.len = 0;
	L->frame = 0;
	L->frame_align = 1;
	L->brk = L->cont = -1;
	L->sret_reg = -1;
	L->cur_span = fn->tok ? fn->tok->span : (struct span){ 0 };
	begin_stmt(L, L->cur_span);
	struct type *rt = fn->ty->base;
	int nparams = 0;
	if (rt->kind == TY_STRUCT) {
		L->sret_reg = newreg(L, IR_PTR);
		nparams++;
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
			struct lval lv = { LV_MEM, var_address(L, v, v->tok ? v->tok->span : L->cur_span), v->ty };
			store(L, lv, preg[i]);
		}
		add_var(L, v, 1);
	}
	gen_stmt(L, fn->body);
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
	close_vars(L, 0);
	/* patch labels */
	for (size_t i = 0; i < L->code.len; i++) {
		struct ir_insn *c = &L->code.v[i];
		if (c->op == IR_BR || c->op == IR_CBR) {
			if (c->tgt1 >= 0)
				c->tgt1 = L->labels.v[c->tgt1] >= 0 ? L->labels.v[c->tgt1] : (int32_t)L->code.len - 1;
			if (c->tgt2 >= 0)
				c->tgt2 = L->labels.v[c->tgt2] >= 0 ? L->labels.v[c->tgt2] : (int32_t)L->code.len - 1;
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
	f->frame_size = (uint32_t)((L->frame + 15) / 16 * 16);
	f->frame_align = (uint32_t)(L->frame_align < 16 ? 16 : L->frame_align);
	f->ret = (uint8_t)(rt->kind == TY_VOID || rt->kind == TY_STRUCT ? IR_VOID : type_ir(rt));
	f->ret_sret = rt->kind == TY_STRUCT;
	f->variadic = fn->ty->is_variadic;
	f->launch_bounds_max = fn->launch_max;
	f->launch_bounds_min = fn->launch_min;
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
			r->obj = global_index(L, n->lhs->var, n->span);
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
			r->obj = global_index(L, n->var, n->span);
			return 1;
		}
		return 0;
	case ND_STR:
		r->obj = string_object(L, n);
		return 1;
	case ND_FUNCADDR:
		if (!n->func)
			return 0;
		r->obj = -1;
		r->func = func_index(L, n->func, n->span);
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
static void init_bytes(struct lower *L, struct ir_object *o, struct initializer *in, long off, struct relocvec *relocs)
{
	if (!in || off < 0 || (uint64_t)off >= o->size)
		return;
	if (in->is_string && in->expr) {
		long n = in->expr->strlen;
		if ((uint64_t)(off + n) > o->size)
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
			init_bytes(L, o, in->children[i], off + i * in->ty->base->size, relocs);
	} else if (in->ty->kind == TY_STRUCT) {
		long i = 0;
		for (struct member *m = in->ty->rec->members; m && i < in->nchildren; m = m->next, i++)
			init_bytes(L, o, in->children[i], off + m->offset, relocs);
	}
}

static void global_init(struct lower *L, struct obj *v, int idx)
{
	if (!v->init)
		return;
	struct ir_object *o = &L->objs.v[idx];
	if (!o->init)
		o->init = arena_alloc(L->a, o->size ? o->size : 1);
	struct relocvec relocs = { 0 };
	L->device = is_device_var(v);
	init_bytes(L, o, v->init, 0, &relocs);
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

static void mark_reachable(struct node *n, int depth);

static void mark_initz(struct initializer *in, int depth)
{
	if (!in || depth > 4000)
		return;
	if (in->expr)
		mark_reachable(in->expr, depth + 1);
	for (long i = 0; i < in->nchildren; i++)
		mark_initz(in->children[i], depth + 1);
}

static void mark_fn(struct obj *fn, int depth)
{
	if (!fn || fn->lw_index == 1 || depth > 10000)
		return;
	fn->lw_index = 1;
	if (fn->body)
		mark_reachable(fn->body, 0);
}

static void mark_reachable(struct node *n, int depth)
{
	if (!n || depth > 4000)
		return;
	if ((n->kind == ND_CALL || n->kind == ND_LAUNCH || n->kind == ND_FUNCADDR) && n->func)
		mark_fn(n->func, depth);
	struct node *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els, n->init, n->inc,
				n->cfg[0], n->cfg[1], n->cfg[2], n->cfg[3] };
	for (size_t i = 0; i < WS_ARRAY_LEN(kids); i++)
		mark_reachable(kids[i], depth + 1);
	for (struct node *a = n->args; a; a = a->next)
		mark_reachable(a, depth + 1);
	for (struct node *b = n->body; b; b = b->next)
		mark_reachable(b, depth + 1);
	if (n->initz)
		mark_initz(n->initz, depth + 1);
}

/* The functions a pass must emit: those of the user's files, and what they reach. */
static void reach(struct lower *L, struct program *prog)
{
	if (!prog)
		return;
	for (struct obj *fn = prog->funcs; fn; fn = fn->next)
		fn->lw_index = 0;
	for (struct obj *fn = prog->funcs; fn; fn = fn->next) {
		if (is_builtin_file(L, fn))
			continue;
		/* device copies of __host__ __device__ functions only when device code calls them */
		if (prog->device_pass && (fn->space & SPC_HOST) && !(fn->space & SPC_GLOBAL))
			continue;
		mark_fn(fn, 0);
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
			       struct program *host, struct program *dev)
{
	struct lower lw = { 0 }, *L = &lw;
	L->a = a;
	L->dl = dl;
	L->sm = sm;
	L->dyn_shared = -1;
	add_globals(L, dev, 1);
	add_globals(L, host, 0);
	reach(L, host);
	reach(L, dev);
	add_funcs(L, host, 0);
	add_funcs(L, dev, 1);
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
	return m;
}
