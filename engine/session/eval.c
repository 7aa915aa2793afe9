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
	v->t = t;
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

	if (machine_lane_frame_pc(c->m, c->slot, c->warp, c->lane, c->frame, &func, pc) < 0 ||
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
		return machine_lane_local_addr(c->m, c->slot, c->warp, c->lane, c->frame, v->off, addr);
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
		if (v->ptr_elem != IR_VOID && ty->elem_count >= 1) { /* print shows its elements */
			v->count = ty->elem_count;
			v->t = ty->elem;
			v->lval = 1;
			v->addr = addr;
		}
		return 0;
	}
	if (var->loc == VLOC_REG) {
		if (machine_lane_reg(c->m, c->slot, c->warp, c->lane, c->frame, var->reg, &bits) < 0)
			return -1;
	} else if (read_scalar(c, addr, ty ? ty->scalar : IR_S32, &bits) < 0) {
		return -1;
	}
	eval_scalar_val(ty ? ty->scalar : IR_S64, bits, v);
	if (var->loc != VLOC_REG) {
		v->lval = 1;
		v->addr = addr;
	}
	if (ty && ty->scalar == IR_PTR) {
		char base[64];
		size_t n = strlen(ty->name);

		snprintf(base, sizeof(base), "%.*s", (int)(n && ty->name[n - 1] == '*' ? n - 1 : n),
			 ty->name);
		v->ptr_elem = eval_type_of_name(base);
	}
	return 0;
}

/* The 16-bit floating types of <cuda_fp16.h> and <cuda_bf16.h> are structs
 * over their bits; the debugger shows them as the numbers they hold.
 * 1: half, 2: half2, 3: bfloat16, 4: bfloat162; 0: another type. */
static int half_kind(const char *name)
{
	static const char *const names[][2] = {
		{ "__half", "half" }, { "__half2", "half2" },
		{ "__nv_bfloat16", "nv_bfloat16" }, { "__nv_bfloat162", "nv_bfloat162" },
	};
	if (!name)
		return 0;
	if (!strncmp(name, "const ", 6))
		name += 6;
	if (!strncmp(name, "struct ", 7))
		name += 7;
	for (int k = 0; k < 4; k++)
		if (!strcmp(name, names[k][0]) || !strcmp(name, names[k][1]))
			return k + 1;
	return 0;
}

static double half_value(int bf16, uint64_t bits)
{
	uint32_t h = (uint32_t)(bits & 0xffff), f;
	float v;

	if (bf16) {
		f = h << 16;
	} else {
		uint32_t sign = (h & 0x8000u) << 16, e = (h >> 10) & 0x1f, m = h & 0x3ff;
		if (e == 0) {
			double d = m * 5.9604644775390625e-8;
			return sign ? -d : d;
		}
		f = sign | (e == 31 ? 0x7f800000u | (m << 13) : ((e + 112) << 23) | (m << 13));
	}
	memcpy(&v, &f, sizeof(v));
	return v;
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
		int hk = half_kind(ty->name);

		if (hk && read_scalar(c, (uint64_t)v.i, hk & 1 ? IR_U16 : IR_U32, &bits) == 0) {
			int bf = hk >= 3;
			if (hk & 1)
				strbuf_addf(out, "%g", half_value(bf, bits));
			else
				strbuf_addf(out, "(%g, %g)", half_value(bf, bits), half_value(bf, bits >> 16));
			return;
		}
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

/* $name: the lane's built-in convenience variables, then the user's. */
static struct eval_val conv_lookup(struct parser *ps, const char *name)
{
	static const char *const idx[] = { "threadIdx", "blockIdx", "blockDim", "gridDim" };
	const struct eval_ctx *c = ps->c;
	struct eval_val v = { 0 };

	if (!strcmp(name, "lane") || !strcmp(name, "laneid"))
		return ival(c->lane);
	if (!strcmp(name, "warp") || !strcmp(name, "warpid"))
		return ival(c->warp);
	if (!strcmp(name, "tid"))
		return ival((int64_t)(c->tid[0] + c->tid[1] * c->ntid[0] +
				      c->tid[2] * c->ntid[0] * c->ntid[1]));
	if (!strcmp(name, "block"))
		return ival((int64_t)(c->ctaid[0] + c->ctaid[1] * c->nctaid[0] +
				      c->ctaid[2] * c->nctaid[0] * c->nctaid[1]));
	for (size_t i = 0; i < WS_ARRAY_LEN(idx); i++)
		if (!strcmp(name, idx[i]) && builtin_index(ps, name, &v))
			return v;
	for (size_t i = c->nconv; i-- > 0;)
		if (!strcmp(c->conv[i].name, name))
			return c->conv[i].v;
	if (!*name) {
		fail(ps, "%s", "'$' needs a name ($lane, $warp, $tid, or one set with set $x = EXPR)");
		return v;
	}
	fail(ps, "convenience variable '$%s' is not set (set $x = EXPR sets one)", name);
	return v;
}

/* gdb's value history at ps->p: `$`, `$$`, `$N`, `$$N`. */
static struct eval_val history(struct parser *ps)
{
	const struct eval_ctx *c = ps->c;
	struct eval_val v = { 0 };
	int back = 0;
	long n = -1;
	char num[24];

	ps->p++;
	if (*ps->p == '$') {
		back = 1;
		ps->p++;
	}
	if (isdigit((unsigned char)*ps->p)) {
		char *end;

		n = strtol(ps->p, &end, 10);
		ps->p = end;
		if (n > 1000000000)
			n = 1000000000;
	}
	if (back) /* $$ is $$1; $$N counts back from the last */
		n = (long)c->nhist - (n < 0 ? 1 : n);
	else if (n < 0)
		n = (long)c->nhist; /* $: the last */
	if (!c->nhist) {
		fail(ps, "%s", "history is empty (print adds values to it: $1, $2, ...)");
		return v;
	}
	if (n < 1) {
		snprintf(num, sizeof(num), "%zu", c->nhist);
		fail(ps, "history does not reach back that far (it holds $1 to $%s)", num);
		return v;
	}
	if ((size_t)n > c->nhist) {
		snprintf(num, sizeof(num), "%ld", n);
		fail(ps, "History has not yet reached $%s.", num);
		return v;
	}
	return c->hist[n - 1];
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
		if (o->type && o->type->scalar == IR_VOID && v.ptr_elem != IR_VOID && !o->dynamic &&
		    o->size / (uint64_t)eval_type_size(v.ptr_elem) >= 1) { /* an array: print shows it */
			v.count = (uint32_t)(o->size / (uint64_t)eval_type_size(v.ptr_elem));
			v.t = v.ptr_elem;
			v.lval = 1;
			v.addr = addr;
		}
		if (o->type && o->type->scalar != IR_VOID) { /* a scalar object: its value */
			uint64_t bits;

			if (read_scalar(c, addr, o->type->scalar, &bits) < 0)
				fail(ps, "cannot read '%s' here", name);
			eval_scalar_val(o->type->scalar, bits, &v);
			v.lval = 1;
			v.addr = addr;
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
	if (base.data) { /* a history snapshot: its own copy */
		if (idx < 0 || (uint64_t)idx >= base.count) {
			fail(ps, "%s", "index outside the array kept in the value history");
			return v;
		}
		bits = 0;
		memcpy(&bits, base.data + idx * eval_type_size(t), (size_t)eval_type_size(t));
		eval_scalar_val(t, bits, &v);
		return v;
	}
	if (read_scalar(ps->c, (uint64_t)base.i + (uint64_t)(idx * eval_type_size(t)), t, &bits) < 0) {
		fail(ps, "%s", "cannot read that address");
		return v;
	}
	eval_scalar_val(t, bits, &v);
	v.lval = 1;
	v.addr = (uint64_t)base.i + (uint64_t)(idx * eval_type_size(t));
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
			v.t = ll == (int32_t)ll ? IR_S32 : IR_S64;
		}
	} else if (*ps->p == '$' && (ps->p[1] == '$' || isdigit((unsigned char)ps->p[1]) ||
				     !(isalpha((unsigned char)ps->p[1]) || ps->p[1] == '_'))) {
		v = history(ps);
	} else if (*ps->p == '$') {
		ps->p++;
		while ((isalnum((unsigned char)*ps->p) || *ps->p == '_') && n < sizeof(name) - 1)
			name[n++] = *ps->p++;
		name[n] = 0;
		v = conv_lookup(ps, name);
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
		v.lval = 0;
		v.count = 0;
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
	if (accept(ps, "&")) {
		v = unary(ps);
		if (!ps->failed && !v.lval) {
			fail(ps, "%s", "attempt to take the address of a value not in memory");
			return v;
		}
		struct eval_val p = ival((int64_t)v.addr);

		p.is_ptr = 1;
		p.t = IR_PTR;
		p.ptr_elem = v.t;
		return p;
	}
	if (accept(ps, "+"))
		return unary(ps);
	return primary(ps);
}

static struct eval_val arith(struct parser *ps, struct eval_val a, struct eval_val b, char op)
{
	if (a.isf || b.isf) {
		double x = fv(&a), y = fv(&b);
		struct eval_val r = { 0 };

		r.isf = 1;

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
	case '+': a.i += b.is_ptr ? b.i : b.i * (a.is_ptr ? eval_type_size(a.ptr_elem) : 1); break;
	default: a.i -= b.i * (a.is_ptr ? eval_type_size(a.ptr_elem) : 1); break;
	}
	a.lval = 0; /* a sum is not in memory */
	a.count = 0;
	if (b.is_ptr && !a.is_ptr) {
		a.is_ptr = 1;
		a.ptr_elem = b.ptr_elem;
		a.t = IR_PTR;
	}
	return a;
}

/* Binary operators by level, tightest first (C's table). */
static const char *const levels[][5] = {
	{ "*", "/", "%" }, { "+", "-" }, { "@" }, { "<<", ">>" }, { "<=", ">=", "<", ">" },
	{ "==", "!=" }, { "&" }, { "^" }, { "|" }, { "&&" }, { "||" },
};

static struct eval_val binop(struct parser *ps, struct eval_val a, struct eval_val b, const char *op)
{
	double x = fv(&a), y = fv(&b);

	if (strchr("*/%", op[0]) || ((op[0] == '+' || op[0] == '-') && !op[1]))
		return arith(ps, a, b, op[0]);
	if (op[0] == '@') { /* gdb's artificial array: LVALUE@COUNT */
		if (!a.lval || a.count || a.t == IR_VOID) {
			fail(ps, "%s", "only values in memory can be extended with '@'");
			return a;
		}
		if (b.isf || b.i < 1 || b.i > 4096) {
			fail(ps, "%s", "'@' needs a count from 1 to 4096");
			return a;
		}
		a.count = (uint32_t)b.i;
		return a;
	}
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

/* ---- gdb's print formats and x */

/* The bytes a value's type holds (its size for /x, /o, /t). */
static int val_size(const struct eval_val *v)
{
	if (v->t != IR_VOID && v->t != IR_PRED)
		return eval_type_size(v->t);
	if (v->is_ptr || v->isf)
		return 8;
	return v->i == (int32_t)v->i ? 4 : 8;
}

void eval_format(const struct eval_val *v, char fmt, struct strbuf *out)
{
	int size = val_size(v);
	uint64_t mask = size >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (size * 8)) - 1;
	uint64_t bits = (uint64_t)(v->isf ? (int64_t)v->f : v->i) & mask;

	switch (fmt) {
	case 'x': case 'a':
		strbuf_addf(out, "0x%llx", (unsigned long long)bits);
		return;
	case 'z':
		strbuf_addf(out, "0x%0*llx", size * 2, (unsigned long long)bits);
		return;
	case 'o':
		strbuf_addf(out, bits ? "0%llo" : "0", (unsigned long long)bits);
		return;
	case 't': {
		int top = 63;

		while (top > 0 && !(bits >> top & 1))
			top--;
		for (int b = top; b >= 0; b--)
			strbuf_addc(out, (char)('0' + (int)(bits >> b & 1)));
		return;
	}
	case 'd':
		strbuf_addf(out, "%lld", (long long)sext(bits, size, 1));
		return;
	case 'u':
		strbuf_addf(out, "%llu", (unsigned long long)bits);
		return;
	case 'c': {
		int ch = (int)(int8_t)(bits & 0xff);

		strbuf_addf(out, "%d ", ch);
		if (ch >= 32 && ch < 127 && ch != '\'' && ch != '\\')
			strbuf_addf(out, "'%c'", ch);
		else if (ch == '\n' || ch == '\t' || ch == 0)
			strbuf_addf(out, "'\\%c'", ch == '\n' ? 'n' : ch == '\t' ? 't' : '0');
		else
			strbuf_addf(out, "'\\%03o'", ch & 0xff);
		return;
	}
	case 'f':
		strbuf_addf(out, "%g", v->isf ? v->f : (double)v->i);
		return;
	default:
		if (!v->isf && !v->is_ptr && (v->t == IR_U32 || v->t == IR_U64))
			strbuf_addf(out, "%llu", (unsigned long long)bits);
		else
			eval_val_text(v, out);
	}
}

int eval_print(const struct eval_ctx *c, const char *expr, char fmt, struct strbuf *out,
	       struct strbuf *err)
{
	struct eval_val v;

	if (fmt && !strchr("xduotcfaz", fmt)) {
		strbuf_addf(err, "undefined output format '%c' (x d u o t c f a z)", fmt);
		return -1;
	}
	if (eval_expr(c, expr, &v, err) < 0)
		return -1;
	eval_print_val(c, &v, fmt, out);
	return 0;
}

void eval_print_val(const struct eval_ctx *c, const struct eval_val *vp, char fmt, struct strbuf *out)
{
	struct eval_val v = *vp;
	int sz;

	if (!v.count) {
		eval_format(&v, fmt, out);
		return;
	}
	sz = eval_type_size(v.t);
	strbuf_addc(out, '{');
	for (uint32_t i = 0; i < v.count; i++) {
		if (i == 200) { /* gdb's `print elements` limit */
			strbuf_adds(out, "...");
			break;
		}
		uint64_t bits = 0;
		struct eval_val e;

		if (i)
			strbuf_adds(out, ", ");
		if (v.data) {
			memcpy(&bits, v.data + (size_t)i * (size_t)sz, (size_t)sz);
		} else if (machine_read(c->m, c->slot, c->warp, c->lane, v.addr + (uint64_t)i * (uint64_t)sz,
					&bits, (size_t)sz) < 0) {
			strbuf_adds(out, "<unreadable>");
			continue;
		}
		eval_scalar_val(v.t, bits, &e);
		eval_format(&e, fmt, out);
	}
	strbuf_addc(out, '}');
}

/* ---- assignment (gdb's set var, print x = 5): where it goes, what bits */

int eval_split_assign(const char *expr, size_t *eq)
{
	int depth = 0;

	for (const char *p = expr; *p; p++) {
		if (*p == '(' || *p == '[')
			depth++;
		else if ((*p == ')' || *p == ']') && depth > 0)
			depth--;
		else if (*p == '=' && !depth && p[1] != '=' &&
			 (p == expr || !strchr("=!<>", p[-1]))) {
			*eq = (size_t)(p - expr);
			return 1;
		} else if (*p == '=' && p[1] == '=')
			p++;
	}
	return 0;
}

int eval_lvalue(const struct eval_ctx *c, const char *expr, int *reg, uint64_t *addr, uint8_t *t,
		struct strbuf *err)
{
	struct eval_val v;
	const char *p = expr, *q;
	size_t n;

	*reg = -1;
	*addr = 0;
	*t = IR_VOID;
	while (isspace((unsigned char)*p))
		p++;
	for (q = p; isalnum((unsigned char)*q) || *q == '_'; q++)
		;
	n = (size_t)(q - p);
	while (isspace((unsigned char)*q))
		q++;
	if (n && !*q && (isalpha((unsigned char)*p) || *p == '_')) {
		/* a plain name: a register variable is assigned in its register */
		const struct ir_func *f;
		uint32_t pc;

		if ((f = eval_lane_func(c, &pc)))
			for (uint32_t k = f->nvars; k-- > 0;) {
				const struct ir_var *var = &f->vars[k];

				if (strlen(var->name) != n || strncmp(var->name, p, n) ||
				    !eval_var_in_scope(var, pc))
					continue;
				if (var->loc != VLOC_REG)
					break;
				if (!var->type || var->type->scalar == IR_VOID) {
					strbuf_addf(err, "cannot assign to '%.*s': not a scalar", (int)n, p);
					return -1;
				}
				*reg = var->reg;
				*t = var->type->scalar;
				return 0;
			}
	}
	if (*p == '$') {
		strbuf_adds(err, "cannot assign to a convenience or history variable here (set $NAME = EXPR "
			    "sets a convenience variable)");
		return -1;
	}
	if (eval_expr(c, expr, &v, err) < 0)
		return -1;
	if (!v.lval || v.data) {
		strbuf_addf(err, "left operand of assignment is not an lvalue ('%s' is a computed value)", p);
		return -1;
	}
	if (v.count || v.t == IR_VOID || v.t == IR_PRED) {
		strbuf_addf(err, "cannot assign to '%s': not one scalar (assign its elements one by one)", p);
		return -1;
	}
	*addr = v.addr;
	*t = v.t;
	return 0;
}

uint64_t eval_bits_of(const struct eval_val *v, uint8_t t)
{
	int64_t i = v->isf ? (int64_t)v->f : v->i;
	uint64_t u;

	switch (t) {
	case IR_F32: {
		float f = v->isf ? (float)v->f : (float)v->i;
		uint32_t b;

		memcpy(&b, &f, 4);
		return b;
	}
	case IR_F64: {
		double d = v->isf ? v->f : (double)v->i;

		memcpy(&u, &d, 8);
		return u;
	}
	case IR_F16: {
		/* round to nearest even through float's bits */
		float f = v->isf ? (float)v->f : (float)v->i;
		uint32_t b, sign, mant;
		int e;

		memcpy(&b, &f, 4);
		sign = (b >> 16) & 0x8000;
		e = (int)((b >> 23) & 0xff) - 127 + 15;
		mant = b & 0x7fffff;
		if (((b >> 23) & 0xff) == 0xff)
			return sign | 0x7c00 | (mant ? 0x200 : 0);
		if (e >= 31)
			return sign | 0x7c00;
		if (e <= 0) {
			if (e < -10)
				return sign;
			mant |= 0x800000;
			uint32_t sh = (uint32_t)(14 - e), h = mant >> sh, rem = mant & ((1u << sh) - 1);

			if (rem > (1u << (sh - 1)) || (rem == (1u << (sh - 1)) && (h & 1)))
				h++;
			return sign | h;
		}
		{
			uint32_t h = (uint32_t)e << 10 | mant >> 13, rem = mant & 0x1fff;

			if (rem > 0x1000 || (rem == 0x1000 && (h & 1)))
				h++;
			return sign | h;
		}
	}
	case IR_S8: return (uint64_t)(int64_t)(int8_t)i;
	case IR_U8: return (uint64_t)i & 0xff;
	case IR_S16: return (uint64_t)(int64_t)(int16_t)i;
	case IR_U16: return (uint64_t)i & 0xffff;
	case IR_S32: return (uint64_t)(int64_t)(int32_t)i;
	case IR_U32: return (uint64_t)i & 0xffffffffu;
	case IR_PRED: return i != 0;
	default: return (uint64_t)i;
	}
}

int eval_examine(const struct eval_ctx *c, const char *addr_expr, int count, char fmt, int size,
		 struct strbuf *out, struct strbuf *err)
{
	struct eval_val v;
	uint64_t addr;
	int per;

	if (!fmt)
		fmt = 'x';
	if (!strchr("xduotcfa", fmt)) {
		strbuf_addf(err, "undefined output format '%c' (x d u o t c f a)", fmt);
		return -1;
	}
	if (eval_expr(c, addr_expr, &v, err) < 0)
		return -1;
	addr = v.count || (v.lval && !v.is_ptr && v.t == IR_VOID) ? v.addr : (uint64_t)v.i;
	if (!size)
		size = fmt == 'c' ? 1 : fmt == 'a' ? 8 : v.is_ptr && v.ptr_elem != IR_VOID
		       ? eval_type_size(v.ptr_elem) : 4;
	if (size != 1 && size != 2 && size != 4 && size != 8) {
		strbuf_addf(err, "bad unit size %d (b, h, w or g)", size);
		return -1;
	}
	if (count < 1)
		count = 1;
	per = size == 8 ? 2 : size == 4 ? 4 : 8;
	for (int i = 0; i < count; i++) {
		uint64_t bits = 0;
		struct eval_val e;
		uint8_t t;

		if (machine_read(c->m, c->slot, c->warp, c->lane, addr + (uint64_t)i * (uint64_t)size, &bits,
				 (size_t)size) < 0) {
			if (!i) {
				strbuf_addf(err, "cannot access memory at address 0x%llx",
					    (unsigned long long)addr);
				return -1;
			}
			strbuf_addf(out, "\ncannot access memory at address 0x%llx",
				    (unsigned long long)(addr + (uint64_t)i * (uint64_t)size));
			return 0;
		}
		if (i % per == 0)
			strbuf_addf(out, "%s0x%llx:", i ? "\n" : "",
				    (unsigned long long)(addr + (uint64_t)i * (uint64_t)size));
		t = fmt == 'f' ? (size == 8 ? IR_F64 : size == 4 ? IR_F32 : size == 2 ? IR_F16 : IR_U8)
		  : size == 8 ? IR_S64 : size == 4 ? IR_S32 : size == 2 ? IR_S16 : IR_S8;
		eval_scalar_val(t, bits, &e);
		strbuf_addc(out, '\t');
		eval_format(&e, fmt == 'f' && size == 1 ? 'd' : fmt, out);
	}
	return 0;
}
