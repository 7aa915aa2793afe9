/*
 * eval.c - variables and expressions of one thread (eval.h).
 * A recursive-descent evaluator over C's operator precedence; it reads
 * registers and memory through machine.h only.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval.h"

struct parser {
	const struct eval_ctx *c;
	const char *p;
	struct strbuf *err;
	int failed;
};

static const struct {
	const char *name;
	uint8_t t;
} type_names[] = {
	{ "int", IR_S32 }, { "unsigned int", IR_U32 }, { "unsigned", IR_U32 },
	{ "float", IR_F32 }, { "double", IR_F64 }, { "char", IR_S8 }, { "signed char", IR_S8 },
	{ "unsigned char", IR_U8 }, { "short", IR_S16 }, { "unsigned short", IR_U16 },
	{ "long", IR_S64 }, { "unsigned long", IR_U64 }, { "long long", IR_S64 },
	{ "unsigned long long", IR_U64 }, { "bool", IR_U8 }, { "size_t", IR_U64 },
	{ "int32_t", IR_S32 }, { "uint32_t", IR_U32 }, { "int64_t", IR_S64 },
	{ "uint64_t", IR_U64 }, { "__half", IR_F16 }, { "half", IR_F16 },
};

uint8_t eval_type_of_name(const char *name)
{
	char buf[64];
	size_t n;

	while (!strncmp(name, "const ", 6) || !strncmp(name, "volatile ", 9))
		name += name[0] == 'c' ? 6 : 9;
	n = strlen(name);
	while (n && (name[n - 1] == ' '))
		n--;
	if (n >= sizeof(buf))
		return IR_VOID;
	memcpy(buf, name, n);
	buf[n] = 0;
	for (size_t i = 0; i < WS_ARRAY_LEN(type_names); i++)
		if (!strcmp(buf, type_names[i].name))
			return type_names[i].t;
	return IR_VOID;
}

int eval_type_size(uint8_t t)
{
	return (int)ir_type_size(t);
}

static int64_t sext(uint64_t bits, int size, int sign)
{
	if (size >= 8)
		return (int64_t)bits;
	bits &= ((uint64_t)1 << (size * 8)) - 1;
	if (sign && bits >> (size * 8 - 1) & 1)
		bits |= ~(((uint64_t)1 << (size * 8)) - 1);
	return (int64_t)bits;
}

void eval_scalar_val(uint8_t t, uint64_t bits, struct eval_val *v)
{
	memset(v, 0, sizeof(*v));
	switch (t) {
	case IR_F16: {
		uint16_t h = (uint16_t)bits;
		int e = h >> 10 & 31, m = h & 1023;
		double d = e == 0 ? m / 16777216.0 : e == 31 ? (m ? 0.0 / 0.0 : 1.0 / 0.0)
			 : (1 + m / 1024.0) * (double)(1u << e) / 32768.0;

		v->isf = 1;
		v->f = h >> 15 ? -d : d;
		break;
	}
	case IR_F32: {
		float f;
		uint32_t u = (uint32_t)bits;
		memcpy(&f, &u, 4);
		v->isf = 1;
		v->f = f;
		break;
	}
	case IR_F64:
		memcpy(&v->f, &bits, 8);
		v->isf = 1;
		break;
	case IR_S8: case IR_S16: case IR_S32: case IR_S64:
		v->i = sext(bits, eval_type_size(t), 1);
		break;
	case IR_PTR:
		v->is_ptr = 1;
		v->i = (int64_t)bits;
		break;
	default:
		v->i = sext(bits, eval_type_size(t), 0);
	}
}

void eval_val_text(const struct eval_val *v, struct strbuf *out)
{
	if (v->isf)
		strbuf_addf(out, "%g", v->f);
	else if (v->is_ptr)
		strbuf_addf(out, "0x%llx", (unsigned long long)v->i);
	else
		strbuf_addf(out, "%lld", (long long)v->i);
}

void eval_scalar_text(uint8_t t, uint64_t bits, struct strbuf *out)
{
	struct eval_val v;

	eval_scalar_val(t, bits, &v);
	if (t == IR_U64 || t == IR_U32)
		strbuf_addf(out, "%llu", (unsigned long long)v.i);
	else
		eval_val_text(&v, out);
}

const struct ir_func *eval_lane_func(const struct eval_ctx *c, uint32_t *pc)
{
	int func;

	if (machine_lane_frame_pc(c->m, c->slot, c->warp, c->lane, 0, &func, pc) < 0 ||
	    func < 0 || (uint32_t)func >= c->mod->nfuncs)
		return NULL;
	return &c->mod->funcs[func];
}

int eval_var_in_scope(const struct ir_var *v, uint32_t pc)
{
	return v->is_param || (pc >= v->live_from && pc <= v->live_to);
}

/* Where a variable lives: its generic address (0 for registers). */
static int var_addr(const struct eval_ctx *c, const struct ir_var *v, uint64_t *addr)
{
	switch (v->loc) {
	case VLOC_REG:
		*addr = 0;
		return 0;
	case VLOC_LOCAL:
		return machine_lane_local_addr(c->m, c->slot, c->warp, c->lane, 0, v->off, addr);
	default:
		return machine_object_addr(c->m, (uint32_t)v->off, addr);
	}
}

static int read_scalar(const struct eval_ctx *c, uint64_t addr, uint8_t t, uint64_t *bits)
{
	*bits = 0;
	return machine_read(c->m, c->slot, c->warp, c->lane, addr, bits, (size_t)eval_type_size(t));
}

/* The value of a variable as an expression operand. */
static int var_value(const struct eval_ctx *c, const struct ir_var *var, struct eval_val *v)
{
	const struct ir_dbgtype *ty = var->type;
	uint64_t addr, bits;

	memset(v, 0, sizeof(*v));
	if (var_addr(c, var, &addr) < 0)
		return -1;
	if (ty && ty->scalar == IR_VOID) { /* array or struct: its address */
		v->is_ptr = 1;
		v->i = (int64_t)addr;
		v->ptr_elem = ty->elem_count > 1 || strchr(ty->name, '[') ? ty->elem : IR_VOID;
		return 0;
	}
	if (var->loc == VLOC_REG) {
		if (machine_lane_reg(c->m, c->slot, c->warp, c->lane, 0, var->reg, &bits) < 0)
			return -1;
	} else if (read_scalar(c, addr, ty ? ty->scalar : IR_S32, &bits) < 0) {
		return -1;
	}
	eval_scalar_val(ty ? ty->scalar : IR_S64, bits, v);
	if (ty && ty->scalar == IR_PTR) {
		char base[64];
		size_t n = strlen(ty->name);

		snprintf(base, sizeof(base), "%.*s", (int)(n && ty->name[n - 1] == '*' ? n - 1 : n),
			 ty->name);
		v->ptr_elem = eval_type_of_name(base);
	}
	return 0;
}

void eval_var_text(const struct eval_ctx *c, const struct ir_var *var, struct strbuf *out)
{
	const struct ir_dbgtype *ty = var->type;
	struct eval_val v;
	uint64_t bits;

	if (var_value(c, var, &v) < 0) {
		strbuf_adds(out, "?");
		return;
	}
	if (!ty || ty->scalar != IR_VOID) {
		if (ty && (ty->scalar == IR_U32 || ty->scalar == IR_U64))
			strbuf_addf(out, "%llu", (unsigned long long)v.i);
		else
			eval_val_text(&v, out);
		return;
	}
	if (v.ptr_elem == IR_VOID) {
		strbuf_adds(out, "{...}");
		return;
	}
	strbuf_addc(out, '{');
	for (uint32_t i = 0; i < ty->elem_count && i < 8; i++) {
		int sz = eval_type_size(v.ptr_elem);

		if (i)
			strbuf_adds(out, ", ");
		if (read_scalar(c, (uint64_t)v.i + i * (uint64_t)sz, v.ptr_elem, &bits) < 0)
			strbuf_adds(out, "?");
		else
			eval_scalar_text(v.ptr_elem, bits, out);
	}
	strbuf_adds(out, ty->elem_count > 8 ? ", ...}" : "}");
}

/* ---- the expression parser */

static void fail(struct parser *ps, const char *msg, const char *what)
{
	/* msg has one "%s", replaced by what (kept out of printf: msg is data) */
	const char *at = strstr(msg, "%s");

	if (!ps->failed && at) {
		strbuf_add(ps->err, msg, (size_t)(at - msg));
		strbuf_adds(ps->err, what);
		strbuf_adds(ps->err, at + 2);
	}
	ps->failed = 1;
}

static void skip(struct parser *ps)
{
	while (isspace((unsigned char)*ps->p))
		ps->p++;
}

static int accept(struct parser *ps, const char *op)
{
	size_t n = strlen(op);

	skip(ps);
	if (strncmp(ps->p, op, n))
		return 0;
	/* "<" must not take the first char of "<<" or "<=", and so on */
	if (n == 1 && strchr("<>&|=", op[0]) && (ps->p[1] == op[0] || ps->p[1] == '='))
		return 0;
	if (n == 1 && strchr("!", op[0]) && ps->p[1] == '=')
		return 0;
	ps->p += n;
	return 1;
}

static double fv(const struct eval_val *v)
{
	return v->isf ? v->f : (double)v->i;
}

static int truth(const struct eval_val *v)
{
	return v->isf ? v->f != 0 : v->i != 0;
}

static struct eval_val ival(int64_t i)
{
	struct eval_val v = { 0 };

	v.i = i;
	return v;
}

static struct eval_val expr_or(struct parser *ps);

static int builtin_index(struct parser *ps, const char *name, struct eval_val *v)
{
	static const char *const names[] = { "threadIdx", "blockIdx", "blockDim", "gridDim" };
	const struct eval_ctx *c = ps->c;
	const uint32_t *src[] = { c->tid, c->ctaid, c->ntid, c->nctaid };

	if (!strcmp(name, "warpSize")) {
		*v = ival(32);
		return 1;
	}
	if (!strcmp(name, "laneid")) {
		*v = ival(c->lane);
		return 1;
	}
	for (int i = 0; i < 4; i++) {
		if (strcmp(name, names[i]))
			continue;
		skip(ps);
		if (*ps->p != '.' || !strchr("xyz", ps->p[1]) || !ps->p[1]) {
			fail(ps, "%s needs .x, .y or .z", name);
			return 1;
		}
		*v = ival(src[i][ps->p[1] - 'x']);
		ps->p += 2;
		return 1;
	}
	return 0;
}

static struct eval_val lookup(struct parser *ps, const char *name)
{
	const struct eval_ctx *c = ps->c;
	const struct ir_func *f;
	struct eval_val v = { 0 };
	uint32_t pc;

	if (builtin_index(ps, name, &v))
		return v;
	if (!(f = eval_lane_func(c, &pc))) {
		fail(ps, "no thread to read '%s' from", name);
		return v;
	}
	for (uint32_t k = f->nvars; k-- > 0;) { /* innermost (latest) first */
		const struct ir_var *var = &f->vars[k];

		if (strcmp(var->name, name) || !eval_var_in_scope(var, pc))
			continue;
		if (var_value(c, var, &v) < 0)
			fail(ps, "cannot read '%s' here", name);
		return v;
	}
	for (uint32_t k = 0; k < c->mod->nobjs; k++) {
		const struct ir_object *o = &c->mod->objs[k];
		uint64_t addr;

		if (strcmp(o->name, name) || machine_object_addr(c->m, k, &addr) < 0)
			continue;
		v.is_ptr = 1;
		v.i = (int64_t)addr;
		v.ptr_elem = o->type ? (o->type->scalar != IR_VOID ? o->type->scalar : o->type->elem)
				     : IR_S32;
		if (o->type && o->type->scalar != IR_VOID) { /* a scalar object: its value */
			uint64_t bits;

			if (read_scalar(c, addr, o->type->scalar, &bits) < 0)
				fail(ps, "cannot read '%s' here", name);
			eval_scalar_val(o->type->scalar, bits, &v);
		}
		return v;
	}
	fail(ps, "no symbol '%s' in this scope", name);
	return v;
}

static struct eval_val deref(struct parser *ps, struct eval_val base, int64_t idx)
{
	struct eval_val v = { 0 };
	uint64_t bits;
	uint8_t t = base.ptr_elem;

	if (!base.is_ptr || t == IR_VOID) {
		fail(ps, "%s", "cannot index or dereference this value");
		return v;
	}
	if (read_scalar(ps->c, (uint64_t)base.i + (uint64_t)(idx * eval_type_size(t)), t, &bits) < 0) {
		fail(ps, "%s", "cannot read that address");
		return v;
	}
	eval_scalar_val(t, bits, &v);
	return v;
}

static struct eval_val primary(struct parser *ps)
{
	struct eval_val v = { 0 };
	char name[64];
	size_t n = 0;

	skip(ps);
	if (accept(ps, "(")) {
		v = expr_or(ps);
		if (!accept(ps, ")"))
			fail(ps, "%s", "missing ')'");
	} else if (isdigit((unsigned char)*ps->p) || *ps->p == '.') {
		char *end;
		double d = strtod(ps->p, &end);
		long long ll = strtoll(ps->p, NULL, 0);
		const char *e = end;
		int isf = 0;

		for (const char *q = ps->p; q < e; q++)
			isf |= *q == '.' || ((*q == 'e' || *q == 'E') && ps->p[1] != 'x');
		if (!isf)
			strtoll(ps->p, &end, 0);
		ps->p = end;
		while (*ps->p && strchr("uUlLf", *ps->p))
			ps->p++;
		if (isf) {
			v.isf = 1;
			v.f = d;
		} else {
			v = ival(ll);
		}
	} else if (isalpha((unsigned char)*ps->p) || *ps->p == '_') {
		while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n < sizeof(name) - 1)
			name[n++] = *ps->p++;
		name[n] = 0;
		v = lookup(ps, name);
	} else {
		fail(ps, "unexpected '%s'", *ps->p ? ps->p : "end of expression");
		return v;
	}
	while (!ps->failed && accept(ps, "[")) {
		struct eval_val i = expr_or(ps);

		if (!accept(ps, "]"))
			fail(ps, "%s", "missing ']'");
		v = deref(ps, v, i.i);
	}
	return v;
}

static struct eval_val unary(struct parser *ps)
{
	struct eval_val v;

	if (accept(ps, "-")) {
		v = unary(ps);
		if (v.isf)
			v.f = -v.f;
		else
			v.i = -v.i;
		return v;
	}
	if (accept(ps, "!"))
		return v = unary(ps), ival(!truth(&v));
	if (accept(ps, "~"))
		return v = unary(ps), ival(~v.i);
	if (accept(ps, "*"))
		return v = unary(ps), deref(ps, v, 0);
	if (accept(ps, "+"))
		return unary(ps);
	return primary(ps);
}

static struct eval_val arith(struct parser *ps, struct eval_val a, struct eval_val b, char op)
{
	if (a.isf || b.isf) {
		double x = fv(&a), y = fv(&b);
		struct eval_val r = { 1, 0, 0, 0, 0 };

		r.f = op == '*' ? x * y : op == '/' ? x / y : op == '+' ? x + y : x - y;
		return r;
	}
	if ((op == '/' || op == '%') && b.i == 0) {
		fail(ps, "%s", "division by zero");
		return ival(0);
	}
	switch (op) {
	case '*': return ival(a.i * b.i);
	case '/': return ival(a.i / b.i);
	case '%': return ival(a.i % b.i);
	case '+': a.i += b.is_ptr ? b.i : b.i * (a.is_ptr ? eval_type_size(a.ptr_elem) : 1); return a;
	default: a.i -= b.i * (a.is_ptr ? eval_type_size(a.ptr_elem) : 1); return a;
	}
}

/* Binary operators by level, tightest first (C's table). */
static const char *const levels[][5] = {
	{ "*", "/", "%" }, { "+", "-" }, { "<<", ">>" }, { "<=", ">=", "<", ">" },
	{ "==", "!=" }, { "&" }, { "^" }, { "|" }, { "&&" }, { "||" },
};

static struct eval_val binop(struct parser *ps, struct eval_val a, struct eval_val b, const char *op)
{
	double x = fv(&a), y = fv(&b);

	if (strchr("*/%", op[0]) || ((op[0] == '+' || op[0] == '-') && !op[1]))
		return arith(ps, a, b, op[0]);
	if (!strcmp(op, "<<")) return ival(a.i << b.i);
	if (!strcmp(op, ">>")) return ival(a.i >> b.i);
	if (!strcmp(op, "<=")) return ival(x <= y);
	if (!strcmp(op, ">=")) return ival(x >= y);
	if (!strcmp(op, "<")) return ival(x < y);
	if (!strcmp(op, ">")) return ival(x > y);
	if (!strcmp(op, "==")) return ival(x == y);
	if (!strcmp(op, "!=")) return ival(x != y);
	if (!strcmp(op, "&")) return ival(a.i & b.i);
	if (!strcmp(op, "^")) return ival(a.i ^ b.i);
	if (!strcmp(op, "|")) return ival(a.i | b.i);
	if (!strcmp(op, "&&")) return ival(truth(&a) && truth(&b));
	return ival(truth(&a) || truth(&b));
}

static struct eval_val level(struct parser *ps, int lv)
{
	struct eval_val a = lv < 0 ? unary(ps) : level(ps, lv - 1);

	for (;;) {
		const char *op = NULL;

		for (int k = 0; k < 5 && levels[lv < 0 ? 0 : lv][k] && lv >= 0; k++)
			if (accept(ps, levels[lv][k])) {
				op = levels[lv][k];
				break;
			}
		if (!op || ps->failed)
			return a;
		a = binop(ps, a, level(ps, lv - 1), op);
	}
}

static struct eval_val expr_or(struct parser *ps)
{
	return level(ps, (int)WS_ARRAY_LEN(levels) - 1);
}

int eval_expr(const struct eval_ctx *c, const char *expr, struct eval_val *v, struct strbuf *err)
{
	struct parser ps = { c, expr, err, 0 };

	*v = expr_or(&ps);
	skip(&ps);
	if (!ps.failed && *ps.p)
		fail(&ps, "unexpected '%s'", ps.p);
	return ps.failed ? -1 : 0;
}
