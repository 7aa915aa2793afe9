/* type.c - C/C++ types: construction, LP64 layout, conversions, spelling. */
#include "ast.h"

#include <string.h>

static struct type builtin_types[] = {
	{ .kind = TY_VOID, .size = 1, .align = 1 },
	{ .kind = TY_BOOL, .size = 1, .align = 1 },
	{ .kind = TY_CHAR, .size = 1, .align = 1 },
	{ .kind = TY_SCHAR, .size = 1, .align = 1 },
	{ .kind = TY_UCHAR, .size = 1, .align = 1 },
	{ .kind = TY_SHORT, .size = 2, .align = 2 },
	{ .kind = TY_USHORT, .size = 2, .align = 2 },
	{ .kind = TY_INT, .size = 4, .align = 4 },
	{ .kind = TY_UINT, .size = 4, .align = 4 },
	{ .kind = TY_LONG, .size = 8, .align = 8 },
	{ .kind = TY_ULONG, .size = 8, .align = 8 },
	{ .kind = TY_LLONG, .size = 8, .align = 8 },
	{ .kind = TY_ULLONG, .size = 8, .align = 8 },
	{ .kind = TY_FLOAT, .size = 4, .align = 4 },
	{ .kind = TY_DOUBLE, .size = 8, .align = 8 },
	{ .kind = TY_NULLPTR, .size = 8, .align = 8 },
};

struct type *ty_void = &builtin_types[0], *ty_bool = &builtin_types[1],
	*ty_char = &builtin_types[2], *ty_schar = &builtin_types[3],
	*ty_uchar = &builtin_types[4], *ty_short = &builtin_types[5],
	*ty_ushort = &builtin_types[6], *ty_int = &builtin_types[7],
	*ty_uint = &builtin_types[8], *ty_long = &builtin_types[9],
	*ty_ulong = &builtin_types[10], *ty_llong = &builtin_types[11],
	*ty_ullong = &builtin_types[12], *ty_float = &builtin_types[13],
	*ty_double = &builtin_types[14], *ty_nullptr = &builtin_types[15];

struct type *type_new(struct arena *a, enum type_kind k, long size, long align)
{
	struct type *t = arena_alloc(a, sizeof(*t));
	t->kind = k;
	t->size = size;
	t->align = align;
	return t;
}

struct type *type_copy(struct arena *a, const struct type *t)
{
	struct type *n = arena_alloc(a, sizeof(*n));
	*n = *t;
	return n;
}

struct type *type_ptr(struct arena *a, struct type *base)
{
	struct type *t = type_new(a, TY_PTR, 8, 8);
	t->base = base;
	return t;
}

struct type *type_ref(struct arena *a, struct type *base)
{
	struct type *t = type_new(a, TY_REF, 8, 8);
	t->base = base;
	return t;
}

struct type *type_array(struct arena *a, struct type *base, long len)
{
	long sz = len < 0 ? 0 : base->size * len;
	struct type *t = type_new(a, TY_ARRAY, sz, base->align);
	t->base = base;
	t->array_len = len;
	return t;
}

struct type *type_func(struct arena *a, struct type *ret)
{
	struct type *t = type_new(a, TY_FUNC, 1, 1);
	t->base = ret;
	return t;
}

struct type *type_qual(struct arena *a, struct type *t, int is_const, int is_volatile)
{
	if ((!is_const || t->is_const) && (!is_volatile || t->is_volatile))
		return t;
	struct type *n = type_copy(a, t);
	n->is_const |= is_const;
	n->is_volatile |= is_volatile;
	return n;
}

int type_is_integer(const struct type *t)
{
	return t->kind >= TY_BOOL && t->kind <= TY_ULLONG ? 1 : t->kind == TY_ENUM;
}

int type_is_flonum(const struct type *t)
{
	return t->kind == TY_FLOAT || t->kind == TY_DOUBLE;
}

int type_is_arith(const struct type *t)
{
	return type_is_integer(t) || type_is_flonum(t);
}

int type_is_ptr(const struct type *t)
{
	return t->kind == TY_PTR || t->kind == TY_ARRAY;
}

int type_is_scalar(const struct type *t)
{
	return type_is_arith(t) || t->kind == TY_PTR || t->kind == TY_NULLPTR;
}

int type_is_aggregate(const struct type *t)
{
	return t->kind == TY_STRUCT || t->kind == TY_ARRAY;
}

int type_is_unsigned(const struct type *t)
{
	switch (t->kind) {
	case TY_BOOL: case TY_UCHAR: case TY_USHORT: case TY_UINT: case TY_ULONG: case TY_ULLONG:
		return 1;
	default:
		return 0;
	}
}

int type_same(const struct type *a, const struct type *b)
{
	if (a == b)
		return 1;
	if (a->kind != b->kind)
		return 0;
	switch (a->kind) {
	case TY_PTR: case TY_REF:
		return a->base->is_const == b->base->is_const && a->is_rref == b->is_rref && type_same(a->base, b->base);
	case TY_ARRAY:
		return a->array_len == b->array_len && type_same(a->base, b->base);
	case TY_STRUCT:
		return a->rec == b->rec;
	case TY_ENUM:
		return a->name == b->name || (a->name && b->name && !strcmp(a->name, b->name));
	case TY_TPARAM:
		return a->tparam_index == b->tparam_index;
	case TY_FUNC: {
		if (!type_same(a->base, b->base) || a->is_variadic != b->is_variadic)
			return 0;
		const struct param *p = a->params, *q = b->params;
		for (; p && q; p = p->next, q = q->next)
			if (!type_same(p->ty, q->ty))
				return 0;
		return !p && !q;
	}
	default:
		return 1;
	}
}

int type_rank(const struct type *t)
{
	switch (t->kind) {
	case TY_BOOL: return 0;
	case TY_CHAR: case TY_SCHAR: case TY_UCHAR: return 1;
	case TY_SHORT: case TY_USHORT: return 2;
	case TY_INT: case TY_UINT: case TY_ENUM: return 3;
	case TY_LONG: case TY_ULONG: return 4;
	case TY_LLONG: case TY_ULLONG: return 5;
	default: return 6;
	}
}

struct type *type_promote(const struct type *t)
{
	if (type_is_integer(t) && type_rank(t) <= 3 && t->kind != TY_UINT)
		return ty_int;
	return (struct type *)t;
}

static struct type *unsigned_of(const struct type *t)
{
	switch (t->kind) {
	case TY_INT: return ty_uint;
	case TY_LONG: return ty_ulong;
	case TY_LLONG: return ty_ullong;
	default: return (struct type *)t;
	}
}

/* The usual arithmetic conversions. */
struct type *type_common(const struct type *a, const struct type *b)
{
	if (a->kind == TY_DOUBLE || b->kind == TY_DOUBLE)
		return ty_double;
	if (a->kind == TY_FLOAT || b->kind == TY_FLOAT)
		return ty_float;
	a = type_promote(a);
	b = type_promote(b);
	int ua = type_is_unsigned(a), ub = type_is_unsigned(b);
	int ra = type_rank(a), rb = type_rank(b);
	const struct type *r;
	if (a->kind == b->kind)
		r = a;
	else if (ua == ub)
		r = ra >= rb ? a : b;
	else {
		const struct type *u = ua ? a : b, *s = ua ? b : a;
		int ru = ua ? ra : rb, rs = ua ? rb : ra;
		if (ru >= rs)
			r = u;
		else if (s->size > u->size)
			r = s;
		else
			r = unsigned_of(s);
	}
	switch (r->kind) {
	case TY_INT: return ty_int;
	case TY_UINT: return ty_uint;
	case TY_LONG: return ty_long;
	case TY_ULONG: return ty_ulong;
	case TY_LLONG: return ty_llong;
	case TY_ULLONG: return ty_ullong;
	default: return ty_int;
	}
}

enum ir_type type_ir(const struct type *t)
{
	switch (t->kind) {
	case TY_BOOL: case TY_UCHAR: return IR_U8;
	case TY_CHAR: case TY_SCHAR: return IR_S8;
	case TY_SHORT: return IR_S16;
	case TY_USHORT: return IR_U16;
	case TY_INT: case TY_ENUM: return IR_S32;
	case TY_UINT: return IR_U32;
	case TY_LONG: case TY_LLONG: return IR_S64;
	case TY_ULONG: case TY_ULLONG: return IR_U64;
	case TY_FLOAT: return IR_F32;
	case TY_DOUBLE: return IR_F64;
	case TY_PTR: case TY_REF: case TY_NULLPTR: case TY_ARRAY: case TY_FUNC: return IR_PTR;
	default: return IR_VOID;
	}
}

static const char *basic_name(const struct type *t)
{
	static const char *names[] = {
		[TY_VOID] = "void", [TY_BOOL] = "bool", [TY_CHAR] = "char",
		[TY_SCHAR] = "signed char", [TY_UCHAR] = "unsigned char", [TY_SHORT] = "short",
		[TY_USHORT] = "unsigned short", [TY_INT] = "int", [TY_UINT] = "unsigned int",
		[TY_LONG] = "long", [TY_ULONG] = "unsigned long", [TY_LLONG] = "long long",
		[TY_ULLONG] = "unsigned long long", [TY_FLOAT] = "float", [TY_DOUBLE] = "double",
		[TY_NULLPTR] = "std::nullptr_t",
	};
	if (t->kind <= TY_NULLPTR && names[t->kind])
		return names[t->kind];
	return NULL;
}

static void type_str_depth(const struct type *t, struct strbuf *sb, int depth)
{
	if (depth > 32) {
		strbuf_adds(sb, "...");
		return;
	}
	if (t->is_const && t->kind != TY_PTR)
		strbuf_adds(sb, "const ");
	if (t->is_volatile && t->kind != TY_PTR)
		strbuf_adds(sb, "volatile ");
	const char *b = basic_name(t);
	if (b) {
		strbuf_adds(sb, b);
		return;
	}
	switch (t->kind) {
	case TY_ENUM:
		strbuf_adds(sb, "enum "); /* no format: names of every declaration pass here */
		strbuf_adds(sb, t->name ? t->name : "<anonymous>");
		break;
	case TY_TPARAM:
		strbuf_adds(sb, t->name ? t->name : "T");
		break;
	case TY_STRUCT:
		strbuf_adds(sb, t->rec->is_union ? "union " : "struct ");
		strbuf_adds(sb, t->rec->name ? t->rec->name : "<anonymous>");
		break;
	case TY_PTR: case TY_REF:
		if (t->base->kind == TY_FUNC) {
			type_str_depth(t->base->base, sb, depth + 1);
			strbuf_adds(sb, " (*)(");
			for (const struct param *p = t->base->params; p; p = p->next) {
				type_str_depth(p->ty, sb, depth + 1);
				if (p->next)
					strbuf_adds(sb, ", ");
			}
			strbuf_adds(sb, ")");
			break;
		}
		type_str_depth(t->base, sb, depth + 1);
		strbuf_adds(sb, t->kind == TY_PTR ? " *" : t->is_rref ? " &&" : " &");
		if (t->is_const)
			strbuf_adds(sb, "const");
		break;
	case TY_ARRAY: {
		const struct type *e = t;
		while (e->kind == TY_ARRAY)
			e = e->base;
		type_str_depth(e, sb, depth + 1);
		for (e = t; e->kind == TY_ARRAY; e = e->base) {
			if (e->array_len < 0)
				strbuf_adds(sb, "[]");
			else
				strbuf_addf(sb, "[%ld]", e->array_len);
		}
		break;
	}
	case TY_FUNC:
		type_str_depth(t->base, sb, depth + 1);
		strbuf_adds(sb, " (");
		for (const struct param *p = t->params; p; p = p->next) {
			type_str_depth(p->ty, sb, depth + 1);
			if (p->next)
				strbuf_adds(sb, ", ");
		}
		if (t->is_variadic)
			strbuf_adds(sb, t->params ? ", ..." : "...");
		strbuf_adds(sb, ")");
		break;
	default:
		strbuf_adds(sb, "?");
	}
}

void type_str(const struct type *t, struct strbuf *sb)
{
	type_str_depth(t, sb, 0);
}

const char *type_name(struct arena *a, const struct type *t)
{
	struct strbuf sb;
	strbuf_init(&sb);
	type_str(t, &sb);
	char *s = arena_strdup(a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return s;
}

struct ir_dbgtype *type_dbg(struct arena *a, const struct type *t)
{
	struct ir_dbgtype *d = arena_alloc(a, sizeof(*d));
	d->name = (char *)type_name(a, t);
	d->size = (uint32_t)t->size;
	d->elem_count = 1;
	if (t->kind == TY_ARRAY) {
		const struct type *e = t;
		uint32_t n = 1;
		while (e->kind == TY_ARRAY) {
			n *= (uint32_t)(e->array_len < 0 ? 0 : e->array_len);
			e = e->base;
		}
		d->elem_count = n;
		d->elem = type_is_scalar(e) ? (uint8_t)type_ir(e) : IR_VOID;
		d->scalar = IR_VOID;
	} else if (t->kind == TY_STRUCT) {
		d->scalar = IR_VOID;
		uint32_t n = 0;
		for (struct member *m = t->rec->members; m; m = m->next)
			n++;
		d->nfields = n;
		d->fields = arena_alloc(a, sizeof(*d->fields) * (n ? n : 1));
		n = 0;
		for (struct member *m = t->rec->members; m; m = m->next, n++) {
			d->fields[n].name = (char *)(m->name ? m->name : "");
			d->fields[n].off = (uint32_t)m->offset;
			d->fields[n].type = type_dbg(a, m->ty);
		}
	} else {
		d->scalar = (uint8_t)type_ir(t);
	}
	return d;
}
