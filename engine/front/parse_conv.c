/*
 * parse_conv.c - conversions between types, constant evaluation and
 * lvalues: what the C++ rules say an expression may become.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"

/* ---- conversions ---- */

struct type *strip_cv(struct parser *p, struct type *t)
{
	if (!t->is_const && !t->is_volatile)
		return t;
	struct type *n = type_copy(p->a, t);
	n->is_const = n->is_volatile = 0;
	return n;
}

struct node *new_cast(struct parser *p, struct node *n, struct type *to)
{
	if (n->ty == to)
		return n;
	struct node *c = new_unary(p, ND_CAST, n, n->tok);
	c->span = n->span;
	c->ty = to;
	return c;
}

int is_null_const(struct parser *p, struct node *n)
{
	if (n->ty->kind == TY_NULLPTR)
		return 1;
	if (!type_is_integer(n->ty))
		return 0;
	int ok;
	int q = p->quiet;
	p->quiet = 1;
	long v = const_int(p, n, &ok);
	p->quiet = q;
	return ok && v == 0 && (n->kind == ND_NUM || n->kind == ND_CAST);
}


static int ptr_compatible(struct type *to, struct type *from)
{
	struct type *tb = to->base, *fb = from->base;
	if (tb->kind == TY_VOID)
		return !(fb->is_const && !tb->is_const);
	if (fb->is_const && !tb->is_const)
		return 0;
	if (tb->kind == TY_PTR && fb->kind == TY_PTR)
		return type_same(tb->base, fb->base) || tb->base->kind == TY_VOID;
	if (tb->kind == TY_STRUCT && fb->kind == TY_STRUCT && is_base_of(tb->rec, fb->rec))
		return 1;
	return type_same(tb, fb);
}

/* Rank of the implicit conversion of n to `to`: 0 exact, 1 promotion,
 * 2 standard conversion, 3 user-defined (constructor), -1 none. */
/* The conversion function `operator C()` to a class type C of class type
 * ty (its own or a base's), or NULL. Conversions to scalars and pointers
 * are ranked by conv_function. */
struct obj *conv_fn_of(struct type *ty)
{
	if (!ty || ty->kind != TY_STRUCT)
		return NULL;
	for (struct record *r = ty->rec; r; r = r->base ? r->base->rec : NULL)
		if (r->conv_fn)
			return r->conv_fn;
	return NULL;
}

/* n, of a class type with a conversion function, converted through it: the
 * call's value. */
struct node *apply_conv_fn(struct parser *p, struct node *n)
{
	struct obj *fn = conv_fn_of(n->ty);
	n->next = NULL;
	return call_resolved(p, fn, addr_of(p, n, n->tok), NULL, 0, n->tok);
}

static int ref_rank(struct parser *p, struct node *n, struct type *to);
static int value_rank(struct parser *p, struct node *n, struct type *to);

/* An rvalue for reference binding: a prvalue (a temporary, a call's
 * result, a value) or an xvalue (std::move(x)). */
int is_rvalue(struct node *n)
{
	while (n->kind == ND_CAST && n->lhs && n->ty->kind == TY_STRUCT)
		n = n->lhs;
	return n->kind == ND_TEMP || (n->kind == ND_DEREF && n->xvalue) || !is_lvalue(n);
}

int conv_rank(struct parser *p, struct node *n, struct type *to)
{
	struct type *from = n->ty;
	if (to->kind == TY_REF && to->is_rref && !is_rvalue(n))
		return -1; /* an rvalue reference does not bind to an lvalue */
	if (to->kind == TY_REF && !to->is_rref && !to->base->is_const && from->kind == TY_STRUCT && is_rvalue(n)) {
		/* a non-const lvalue reference does not bind to a call's result or
		 * std::move(x); a temporary T(args) binds (leniently), after T&& */
		struct node *m = n;
		while (m->kind == ND_CAST && m->lhs && m->ty->kind == TY_STRUCT)
			m = m->lhs;
		if (m->kind != ND_TEMP)
			return -1;
		int r = ref_rank(p, n, to);
		return r < 0 ? -1 : r + 1;
	}
	if (to->kind == TY_REF && !to->is_rref && to->base->is_const && from->kind == TY_STRUCT && is_rvalue(n)) {
		/* an rvalue binds better to T&& than to const T& */
		int r = ref_rank(p, n, type_ref(p->a, strip_cv(p, to->base)));
		if (r >= 0)
			return r + 1;
	}
	if (to->kind == TY_REF)
		return ref_rank(p, n, to);
	return value_rank(p, n, to);
}

/* Binding a reference: the referent's type against the argument's. */
static int ref_rank(struct parser *p, struct node *n, struct type *to)
{
	struct type *from = n->ty, *b = to->base;
	if (type_same(b, from) && (b->is_const || !from->is_const))
		return 0;
	if (b->kind == TY_STRUCT && from->kind == TY_STRUCT && is_base_of(b->rec, from->rec) &&
	    (b->is_const || !from->is_const))
		return 2;
	if (!b->is_const)
		return -1;
	int r = conv_rank(p, n, b);
	return r < 0 ? -1 : r + (r == 0 ? 1 : 0);
}

/*
 * The conversion function (a member operator T(), also of a base class) that
 * converts an object of class type `from` best to the non-class type `to`,
 * or NULL. to NULL: any arithmetic or pointer type (the operands of built-in
 * operators). explicit_ok: an explicit conversion or a condition, where
 * `explicit operator T()` counts too (and converting to bool, any scalar).
 */
struct obj *conv_function(struct parser *p, struct type *from, struct type *to, int explicit_ok)
{
	if (from->kind != TY_STRUCT || (to && (to->kind == TY_STRUCT || to->kind == TY_VOID)))
		return NULL;
	struct obj *best = NULL;
	int best_rank = -1, n = 0;
	for (struct record *r = from->rec; r && n < 64; r = r->base ? r->base->rec : NULL, n++) {
		if (!r->scope)
			continue;
		for (struct sym *s = r->scope->syms; s; s = s->next) {
			if (s->kind != SYM_FUNC)
				continue;
			for (struct obj *f = s->obj; f; f = f->next_overload) {
				if (!f->is_conv || (f->is_explicit && !explicit_ok) ||
				    (from->is_const && !f->ty->is_method_const))
					continue;
				struct type *rt = f->ty->base;
				if (rt->kind == TY_REF)
					rt = rt->base;
				int rk;
				if (!to)
					rk = type_is_arith(rt) || rt->kind == TY_PTR ? 0 : -1;
				else if (to->kind == TY_BOOL && explicit_ok)
					rk = type_is_scalar(rt) ? (rt->kind == TY_BOOL ? 0 : 2) : -1;
				else if (rt->kind == TY_STRUCT)
					rk = -1;
				else {
					struct node fake = { .kind = ND_CALL, .ty = rt };
					rk = value_rank(p, &fake, to);
				}
				if (rk >= 0 && (!best || rk < best_rank)) {
					best = f;
					best_rank = rk;
				}
			}
		}
	}
	return best;
}

/* The call of conversion function fn on the object n. */
struct node *call_conv_function(struct parser *p, struct node *n, struct obj *fn)
{
	struct node *thisarg = addr_of(p, n, n->tok);
	check_call_space(p, fn, n->tok, 0);
	struct node *c = call_resolved(p, virtual_target(p, fn), thisarg, NULL, 0, n->tok);
	c->span = n->span;
	return c;
}

/* n converted for an explicit cast to the non-class type `to`: through its
 * class's conversion function when it is an object, else n itself. */
struct node *explicit_conv(struct parser *p, struct node *n, struct type *to)
{
	if (n->ty->kind != TY_STRUCT)
		return n;
	struct obj *fn = conv_function(p, n->ty, to->kind == TY_REF ? to->base : to, 1);
	return fn ? call_conv_function(p, n, fn) : n;
}

/* A conversion to a non-reference type. */
static int value_rank(struct parser *p, struct node *n, struct type *to)
{
	struct type *from = n->ty;
	if (from->kind == TY_STRUCT && to->kind != TY_STRUCT)
		return conv_function(p, from, to, 0) ? 3 : -1;
	if (type_same(to, from))
		return to->kind == TY_ARRAY ? 0 : 0;
	if (from->kind == TY_STRUCT && to->kind == TY_STRUCT && from->rec != to->rec && conv_fn_of(from) &&
	    conv_fn_of(from)->ty->base->kind == TY_STRUCT && conv_fn_of(from)->ty->base->rec == to->rec)
		return 3; /* operator To() */
	if (from->kind == TY_STRUCT && to->kind != TY_STRUCT && conv_fn_of(from)) {
		/* a user-defined conversion through operator T() */
		struct type *rt = conv_fn_of(from)->ty->base;
		if (rt->kind == TY_REF)
			rt = rt->base;
		if (type_same(strip_cv(p, rt), strip_cv(p, to)) || (type_is_arith(rt) && type_is_arith(to)) ||
		    (to->kind == TY_BOOL && type_is_ptr(rt)))
			return 3;
		return -1;
	}
	if (type_is_arith(to) && type_is_arith(from)) {
		if (to->kind == TY_BOOL)
			return 2;
		if ((to->kind == TY_INT && type_is_integer(from) && type_rank(from) < 3) ||
		    (to->kind == TY_DOUBLE && from->kind == TY_FLOAT))
			return 1;
		if (to->kind == TY_ENUM)
			return -1;
		return 2;
	}
	if (to->kind == TY_BOOL && (type_is_ptr(from) || from->kind == TY_NULLPTR))
		return 2;
	if (to->kind == TY_PTR) {
		if (is_null_const(p, n))
			return 2;
		if (type_is_ptr(from)) {
			if (from->kind == TY_ARRAY && type_same(to->base, from->base))
				return 0;
			if (n->kind == ND_STR && to->base->kind == TY_CHAR)
				return 2;
			if (ptr_compatible(to, from))
				return to->base->kind == TY_VOID && from->base->kind != TY_VOID ? 2 : 1;
			return -1;
		}
		if (from->kind == TY_FUNC && type_same(to->base, from))
			return 0;
		return -1;
	}
	if (to->kind == TY_STRUCT) {
		if (from->kind == TY_STRUCT && from->rec == to->rec)
			return 0;
		if (from->kind == TY_STRUCT && is_base_of(to->rec, from->rec))
			return 2;
		/* At most one user-defined conversion in a sequence ([over.best.ics]):
		 * while ranking the constructors of one, none may nest (else the
		 * copy constructor's `const T &` recurses for ever). */
		if (to->rec->has_ctor && !p->in_user_conv) {
			struct node a = *n;
			a.next = NULL;
			p->in_user_conv = 1;
			struct obj *c = find_ctor(p, to, &a, 1, n->tok, 1);
			p->in_user_conv = 0;
			if (c)
				return 3;
		}
		return -1;
	}
	return -1;
}

/* Implicit conversion of n to type `to` (assignment, initialization, argument, return). */
struct node *conv(struct parser *p, struct node *n, struct type *to, const char *what)
{
	struct type *from = n->ty;
	if (to->kind == TY_REF)
		to = to->base;
	if (type_same(to, from) && to->kind != TY_ARRAY)
		return to->kind == TY_STRUCT ? n : new_cast(p, n, strip_cv(p, to));
	if (to->kind == TY_VOID)
		return new_cast(p, n, to);
	if (from->kind == TY_STRUCT && to->kind != TY_STRUCT) {
		struct obj *fn = conv_function(p, from, to, 0);
		if (fn)
			return conv(p, call_conv_function(p, n, fn), to, what);
	}
	if (type_is_arith(to) && type_is_arith(from)) {
		if (to->kind == TY_ENUM && from->kind != TY_ENUM)
			error_node(p, n, "type-mismatch", "cannot convert '%s' to '%s' in %s",
				   type_name(p->a, from), type_name(p->a, to), what);
		return new_cast(p, n, strip_cv(p, to));
	}
	if (to->kind == TY_BOOL && (type_is_ptr(from) || from->kind == TY_NULLPTR))
		return new_cast(p, n, ty_bool);
	if (to->kind == TY_PTR) {
		if (is_null_const(p, n) || (type_is_ptr(from) && ptr_compatible(to, from)) ||
		    (from->kind == TY_FUNC && type_same(to->base, from)))
			return new_cast(p, n, strip_cv(p, to));
		struct node *lit = n->kind == ND_CAST ? n->lhs : n;
		if (lit->kind == ND_STR && to->base->kind == TY_CHAR && !to->base->is_const) {
			if (!p->quiet)
				diag_warning(p->dl, n->span, "string-to-char-ptr",
					     "conversion from a string literal to 'char *' is deprecated (use 'const char *')");
			else
				p->quiet_errors++; /* a diagnostic left out (params_parse) */
			return new_cast(p, n, strip_cv(p, to));
		}
		if (type_is_ptr(from) && to->base->kind != TY_VOID && from->base->kind == TY_VOID)
			error_node(p, n, "type-mismatch", "invalid conversion from '%s' to '%s' in %s (C++ needs a cast)",
				   type_name(p->a, from), type_name(p->a, to), what);
		else
			error_node(p, n, "type-mismatch", "cannot convert '%s' to '%s' in %s",
				   type_name(p->a, from), type_name(p->a, to), what);
		return new_cast(p, n, strip_cv(p, to));
	}
	if (to->kind == TY_STRUCT) {
		if (from->kind == TY_STRUCT && from->rec == to->rec)
			return n;
		if (from->kind == TY_STRUCT && conv_fn_of(from) && conv_fn_of(from)->ty->base->kind == TY_STRUCT &&
		    conv_fn_of(from)->ty->base->rec == to->rec)
			return apply_conv_fn(p, n);
		if (from->kind == TY_STRUCT && is_base_of(to->rec, from->rec)) {
			/* slicing: the base subobject sits at offset 0 */
			struct node *c = new_unary(p, ND_CAST, n, n->tok);
			c->ty = to;
			c->span = n->span;
			return c;
		}
		if (to->rec->has_ctor) {
			struct node a = *n;
			a.next = NULL;
			struct obj *c = find_ctor(p, to, &a, 1, n->tok, 1);
			if (c) {
				/* the constructor gets this one argument: n may still be
				 * linked to the arguments after it in a call (f(2, 3) with
				 * a dim3 parameter must not build dim3(2, 3)) */
				struct node *rest = n->next, *t;
				n->next = NULL;
				t = construct_temp(p, to, c, n, 1, n->tok);
				n->next = rest;
				return t;
			}
		}
	}
	error_node(p, n, "type-mismatch", "cannot convert '%s' to '%s' in %s",
		   type_name(p->a, from), type_name(p->a, to), what);
	struct node *z = new_num(p, 0, type_is_scalar(to) ? strip_cv(p, to) : ty_int, n->tok);
	if (to->kind == TY_STRUCT) {
		struct obj *tmp = new_temp(p, to, n->tok);
		struct node *t = new_node(p, ND_TEMP, n->tok);
		t->var = tmp;
		t->ty = to;
		return t;
	}
	return z;
}

/* Array-to-pointer and function-to-pointer decay for rvalue uses. */
struct node *decay(struct parser *p, struct node *n)
{
	if (n->ty->kind == TY_ARRAY)
		return new_cast(p, n, type_ptr(p->a, n->ty->base));
	if (n->ty->kind == TY_FUNC && n->kind == ND_FUNCADDR)
		return new_cast(p, n, type_ptr(p->a, n->ty));
	return n;
}

void arith_conv(struct parser *p, struct node **l, struct node **r)
{
	struct type *t = type_common((*l)->ty, (*r)->ty);
	*l = new_cast(p, *l, t);
	*r = new_cast(p, *r, t);
}

/* ---- constant evaluation ---- */


double eval_double(struct parser *p, struct node *n, int *ok, int depth)
{
	if (depth > 200) {
		*ok = 0;
		return 0;
	}
	if (type_is_integer(n->ty))
		return type_is_unsigned(n->ty) ? (double)(unsigned long)eval_int(p, n, ok, depth + 1)
					       : (double)eval_int(p, n, ok, depth + 1);
	switch (n->kind) {
	case ND_FNUM: return n->fval;
	case ND_CAST: return n->ty->kind == TY_FLOAT ? (float)eval_double(p, n->lhs, ok, depth + 1)
						     : eval_double(p, n->lhs, ok, depth + 1);
	case ND_NEG: return -eval_double(p, n->lhs, ok, depth + 1);
	case ND_ADD: return eval_double(p, n->lhs, ok, depth + 1) + eval_double(p, n->rhs, ok, depth + 1);
	case ND_SUB: return eval_double(p, n->lhs, ok, depth + 1) - eval_double(p, n->rhs, ok, depth + 1);
	case ND_MUL: return eval_double(p, n->lhs, ok, depth + 1) * eval_double(p, n->rhs, ok, depth + 1);
	case ND_DIV: return eval_double(p, n->lhs, ok, depth + 1) / eval_double(p, n->rhs, ok, depth + 1);
	case ND_COND: return eval_int(p, n->cond, ok, depth + 1) ? eval_double(p, n->then, ok, depth + 1)
								   : eval_double(p, n->els, ok, depth + 1);
	case ND_VAR:
		if (n->var->is_constexpr && n->var->init && n->var->init->expr)
			return eval_double(p, n->var->init->expr, ok, depth + 1);
		*ok = 0;
		return 0;
	default:
		*ok = 0;
		return 0;
	}
}

static long wrap(struct type *t, long v)
{
	switch (t->size) {
	case 1: return type_is_unsigned(t) ? (long)(uint8_t)v : (long)(int8_t)v;
	case 2: return type_is_unsigned(t) ? (long)(uint16_t)v : (long)(int16_t)v;
	case 4: return type_is_unsigned(t) ? (long)(uint32_t)v : (long)(int32_t)v;
	default: return v;
	}
}

long eval_int(struct parser *p, struct node *n, int *ok, int depth)
{
	if (depth > 200) {
		*ok = 0;
		return 0;
	}
	if (type_is_flonum(n->ty))
		return (long)eval_double(p, n, ok, depth + 1);
	long a, b;
	int uns = type_is_unsigned(n->ty);
	switch (n->kind) {
	case ND_NUM: return n->ival;
	case ND_CAST:
		if (n->ty->kind == TY_BOOL)
			return type_is_flonum(n->lhs->ty) ? eval_double(p, n->lhs, ok, depth + 1) != 0
							  : eval_int(p, n->lhs, ok, depth + 1) != 0;
		if (type_is_flonum(n->lhs->ty))
			return wrap(n->ty, (long)eval_double(p, n->lhs, ok, depth + 1));
		if (!type_is_integer(n->ty) && n->ty->kind != TY_PTR)
			break;
		return n->ty->kind == TY_PTR ? eval_int(p, n->lhs, ok, depth + 1)
					     : wrap(n->ty, eval_int(p, n->lhs, ok, depth + 1));
	case ND_NEG: return wrap(n->ty, -eval_int(p, n->lhs, ok, depth + 1));
	case ND_NOT: return !eval_int(p, n->lhs, ok, depth + 1);
	case ND_BITNOT: return wrap(n->ty, ~eval_int(p, n->lhs, ok, depth + 1));
	case ND_COND:
		return eval_int(p, n->cond, ok, depth + 1) ? eval_int(p, n->then, ok, depth + 1)
							    : eval_int(p, n->els, ok, depth + 1);
	case ND_COMMA: return eval_int(p, n->rhs, ok, depth + 1);
	case ND_LOGAND: return eval_int(p, n->lhs, ok, depth + 1) && eval_int(p, n->rhs, ok, depth + 1);
	case ND_LOGOR: return eval_int(p, n->lhs, ok, depth + 1) || eval_int(p, n->rhs, ok, depth + 1);
	case ND_VAR:
		if (n->var->is_constexpr && n->var->init && n->var->init->expr)
			return wrap(n->ty, eval_int(p, n->var->init->expr, ok, depth + 1));
		*ok = 0;
		return 0;
	default:
		break;
	}
	if (!n->lhs || !n->rhs) {
		*ok = 0;
		return 0;
	}
	if (n->kind >= ND_EQ && n->kind <= ND_GE && type_is_flonum(n->lhs->ty)) {
		double x = eval_double(p, n->lhs, ok, depth + 1), y = eval_double(p, n->rhs, ok, depth + 1);
		switch (n->kind) {
		case ND_EQ: return x == y;
		case ND_NE: return x != y;
		case ND_LT: return x < y;
		case ND_LE: return x <= y;
		case ND_GT: return x > y;
		default: return x >= y;
		}
	}
	a = eval_int(p, n->lhs, ok, depth + 1);
	b = eval_int(p, n->rhs, ok, depth + 1);
	int cuns = type_is_unsigned(n->lhs->ty);
	switch (n->kind) {
	case ND_ADD: return wrap(n->ty, (long)((unsigned long)a + (unsigned long)b));
	case ND_SUB: return wrap(n->ty, (long)((unsigned long)a - (unsigned long)b));
	case ND_MUL: return wrap(n->ty, (long)((unsigned long)a * (unsigned long)b));
	case ND_DIV: case ND_MOD:
		if (b == 0 || (!uns && b == -1 && a == INT64_MIN)) {
			*ok = 0;
			return 0;
		}
		if (uns)
			return wrap(n->ty, (long)(n->kind == ND_DIV ? (unsigned long)a / (unsigned long)b
								    : (unsigned long)a % (unsigned long)b));
		return wrap(n->ty, n->kind == ND_DIV ? a / b : a % b);
	case ND_BITAND: return a & b;
	case ND_BITOR: return a | b;
	case ND_BITXOR: return a ^ b;
	case ND_SHL: return wrap(n->ty, (long)((unsigned long)a << (b & 63)));
	case ND_SHR:
		if (uns)
			return wrap(n->ty, (long)((unsigned long)a >> (b & 63)));
		return a >> (b & 63);
	case ND_EQ: return a == b;
	case ND_NE: return a != b;
	case ND_LT: return cuns ? (unsigned long)a < (unsigned long)b : a < b;
	case ND_LE: return cuns ? (unsigned long)a <= (unsigned long)b : a <= b;
	case ND_GT: return cuns ? (unsigned long)a > (unsigned long)b : a > b;
	case ND_GE: return cuns ? (unsigned long)a >= (unsigned long)b : a >= b;
	default:
		*ok = 0;
		return 0;
	}
}

long const_int(struct parser *p, struct node *n, int *ok)
{
	*ok = 1;
	if (!type_is_integer(n->ty) && !type_is_flonum(n->ty)) {
		*ok = 0;
		return 0;
	}
	return eval_int(p, n, ok, 0);
}

/* ---- lvalues ---- */

/* A value standing for an expression already reported as wrong. */
struct node *poison(struct parser *p, struct token *t)
{
	struct node *n = new_num(p, 0, ty_int, t);
	n->op = -1;
	return n;
}

static int is_sreg_ref(struct node *n)
{
	return n->kind == ND_SREG || (n->kind == ND_MEMBER && n->lhs->kind == ND_SREG);
}

int is_lvalue(struct node *n)
{
	switch (n->kind) {
	case ND_COND:
		/* c ? a : b with both arms lvalues of one type is an lvalue ([expr.cond]) */
		return n->then && n->els && n->then->ty->kind != TY_VOID && is_lvalue(n->then) &&
		       is_lvalue(n->els) && type_same(n->then->ty, n->els->ty) &&
		       n->then->ty->is_const == n->els->ty->is_const && !is_sreg_ref(n->then) && !is_sreg_ref(n->els);
	case ND_VAR: return !n->var->is_func;
	case ND_DEREF: return 1;
	case ND_MEMBER: return 1;
	case ND_TEMP: return 1;
	case ND_COMMA: return is_lvalue(n->rhs);
	case ND_ASSIGN: case ND_PREINC: case ND_PREDEC: return 1;
	default: return 0;
	}
}

static struct obj *root_var(struct node *n)
{
	for (int i = 0; n && i < 1000; i++) {
		switch (n->kind) {
		case ND_VAR: return n->var;
		case ND_MEMBER: case ND_CAST: n = n->lhs; break;
		case ND_DEREF:
			n = n->lhs;
			if (n->kind == ND_PTRADD || n->kind == ND_PTRSUB)
				n = n->lhs;
			else if (n->kind != ND_CAST)
				return NULL;
			break;
		default: return NULL;
		}
	}
	return NULL;
}

static const char *bvar_name(struct node *n)
{
	static const char *names[] = { "threadIdx", "threadIdx", "threadIdx", "blockDim", "blockDim", "blockDim",
		"blockIdx", "blockIdx", "blockIdx", "gridDim", "gridDim", "gridDim" };
	if (n->ival >= 0 && n->ival < 12)
		return names[n->ival];
	return "warpSize";
}

int fn_is_device(struct parser *p)
{
	return p->f.fn && (p->f.fn->space & (SPC_DEVICE | SPC_GLOBAL));
}

/* Check that n may be assigned; code names the broken rule. */
void check_assignable(struct parser *p, struct node *n, struct token *t)
{
	if (n->kind == ND_NUM && n->op == -1)
		return;
	struct node *base = n;
	while (base->kind == ND_MEMBER || base->kind == ND_CAST)
		base = base->lhs;
	if (n->kind == ND_SREG || base->kind == ND_SREG) {
		error_node(p, n, "cuda-builtin-var-write", "built-in variable '%s' is read-only",
			   bvar_name(n->kind == ND_SREG ? n : base));
		return;
	}
	if (!is_lvalue(n)) {
		error_node(p, n, "not-lvalue", "expression is not assignable");
		return;
	}
	struct obj *v = root_var(n);
	if (v && v->ms == MS_CONSTANT && fn_is_device(p)) {
		error_node(p, n, "cuda-constant-write",
			   "__constant__ variable '%s' is read-only in device code", v->name);
		return;
	}
	if (n->ty->is_const || n->ty->kind == TY_ARRAY) {
		error_node(p, n, "assign-const", "cannot assign to %s",
			   n->ty->kind == TY_ARRAY ? "an array" : "a const-qualified object");
	}
}

struct node *addr_of(struct parser *p, struct node *n, struct token *t)
{
	if (n->kind == ND_SREG || (n->kind == ND_MEMBER && n->lhs->kind == ND_SREG)) {
		error_node(p, n, "cuda-builtin-var-addr", "cannot take the address of built-in variable '%s'",
			   bvar_name(n->kind == ND_SREG ? n : n->lhs));
		return new_num(p, 0, type_ptr(p->a, n->ty), t);
	}
	if (n->kind == ND_COND && is_lvalue(n)) {
		/* &(c ? a : b) is c ? &a : &b */
		struct node *c = new_node(p, ND_COND, n->tok);
		c->cond = n->cond;
		c->then = addr_of(p, n->then, t);
		c->els = addr_of(p, n->els, t);
		c->ty = type_ptr(p->a, n->ty);
		c->span = n->span;
		c->depth = n->depth + 1;
		return c;
	}
	if (n->kind == ND_DEREF) {
		/* &*p is p */
		struct node *r = new_cast(p, n->lhs, type_ptr(p->a, n->ty));
		return r;
	}
	if (n->kind == ND_VAR)
		n->var->addr_taken = 1;
	struct obj *v = root_var(n);
	if (v && n->kind != ND_DEREF)
		v->addr_taken = 1;
	struct node *a = new_unary(p, ND_ADDR, n, t);
	a->ty = type_ptr(p->a, n->ty);
	return a;
}

/* n for a use that writes it: an lvalue c ? a : b of scalar type becomes
 * *(c ? &a : &b), since its arms may live in registers; anything else is n. */
struct node *as_lvalue(struct parser *p, struct node *n)
{
	if (n->kind != ND_COND || n->ty->kind == TY_STRUCT || !is_lvalue(n))
		return n;
	struct node *a = addr_of(p, n, n->tok);
	struct node *d = new_unary(p, ND_DEREF, a, n->tok);
	d->ty = n->ty;
	d->span = n->span;
	return d;
}

/* Materialize an rvalue into a temporary so that a const reference can bind to it. */
static struct node *materialize(struct parser *p, struct node *n, struct type *ty)
{
	if (ty->kind == TY_STRUCT && n->ty->kind == TY_STRUCT && n->ty->rec == ty->rec)
		return n; /* an aggregate rvalue already lives in a temporary */
	if (ty->kind == TY_STRUCT && n->ty->kind == TY_STRUCT && conv_fn_of(n->ty) &&
	    conv_fn_of(n->ty)->ty->base->kind == TY_STRUCT && conv_fn_of(n->ty)->ty->base->rec == ty->rec)
		return apply_conv_fn(p, n); /* so does the result of operator T() */
	struct obj *tmp = new_temp(p, ty, n->tok);
	tmp->addr_taken = 1;
	struct node *t = new_node(p, ND_TEMP, n->tok);
	t->var = tmp;
	t->ty = ty;
	t->lhs = conv(p, n, ty, "initialization");
	set_depth(p, t, n, NULL);
	return t;
}

/* Bind a reference of type `ref` to n: yields an address. */
struct node *bind_ref(struct parser *p, struct node *n, struct type *ref, const char *what)
{
	struct type *b = ref->base;
	if (ref->is_rref && !is_rvalue(n)) {
		error_node(p, n, "type-mismatch", "cannot bind an rvalue reference of type '%s' to an lvalue (use std::move)",
			   type_name(p->a, ref));
		return addr_of(p, n, n->tok);
	}
	if (is_lvalue(n) && b->kind == TY_STRUCT && n->ty->kind == TY_STRUCT && is_base_of(b->rec, n->ty->rec)) {
		struct node *a = addr_of(p, n, n->tok);
		return new_cast(p, a, type_ptr(p->a, b));
	}
	if (is_lvalue(n) && type_same(b, n->ty)) {
		if (n->ty->is_const && !b->is_const)
			error_node(p, n, "type-mismatch", "binding a non-const reference to a const object in %s", what);
		return addr_of(p, n, n->tok);
	}
	if (!b->is_const && !(n->kind == ND_TEMP) && !ref->is_rref)
		error_node(p, n, "type-mismatch", "cannot bind a non-const reference of type '%s' to %s",
			   type_name(p->a, ref), is_lvalue(n) ? "an object of another type" : "a temporary");
	return addr_of(p, materialize(p, n, strip_cv(p, b)), n->tok);
}

