/*
 * parse_call.c - the built-in variables (threadIdx ...), calls and
 * overload resolution.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"

/* ---- built-in variables ---- */

enum { BV_THREADIDX, BV_BLOCKDIM, BV_BLOCKIDX, BV_GRIDDIM, BV_WARPSIZE };

static struct type *find_type_named(struct parser *p, const char *name)
{
	struct sym *s = find_in_scope(p->global, name);
	return s && s->kind == SYM_TYPE ? s->ty : NULL;
}

static void check_device_only_var(struct parser *p, struct token *t)
{
	if (!fn_is_device(p))
		error_at(p, t, "cuda-builtin-var-host", "built-in variable '%s' can only be used in device code", t->text);
}

struct node *builtin_var(struct parser *p, struct token *t, int which)
{
	check_device_only_var(p, t);
	if (which == BV_WARPSIZE) {
		struct node *n = new_node(p, ND_SREG, t);
		n->ival = SREG_WARPSIZE;
		n->ty = ty_int;
		n->depth = 1;
		return n;
	}
	static const int base[] = { SREG_TID_X, SREG_NTID_X, SREG_CTAID_X, SREG_NCTAID_X };
	if (p->tok->kind == TK_DOT && p->tok->next->kind == TK_IDENT) {
		next(p);
		struct token *m = next(p);
		int c = !strcmp(m->text, "x") ? 0 : !strcmp(m->text, "y") ? 1 : !strcmp(m->text, "z") ? 2 : -1;
		if (c < 0) {
			error_at(p, m, "no-member", "'%s' has no member named '%s'", t->text, m->text);
			c = 0;
		}
		struct node *n = new_node(p, ND_SREG, t);
		n->ival = base[which] + c;
		n->ty = ty_uint;
		n->depth = 1;
		n->span.len = m->span.off + m->span.len - t->span.off;
		return n;
	}
	/* the whole vector: a temporary uint3 / dim3 built from the three registers */
	struct type *ty = find_type_named(p, which == BV_THREADIDX || which == BV_BLOCKIDX ? "uint3" : "dim3");
	if (!ty || ty->kind != TY_STRUCT || !ty->rec->members) {
		error_at(p, t, "unsupported", "'%s' as a whole needs cuda_runtime.h", t->text);
		return new_num(p, 0, ty_uint, t);
	}
	struct obj *tmp = new_temp(p, ty, t);
	tmp->addr_taken = 1;
	struct node *chain = NULL;
	int c = 0;
	for (struct member *m = ty->rec->members; m && c < 3; m = m->next, c++) {
		struct node *tv = new_var(p, tmp, t);
		struct node *mem = new_unary(p, ND_MEMBER, tv, t);
		mem->mem = m;
		mem->ty = m->ty;
		struct node *sr = new_node(p, ND_SREG, t);
		sr->ival = base[which] + c;
		sr->ty = ty_uint;
		sr->depth = 1;
		struct node *as = new_binary(p, ND_ASSIGN, mem, new_cast(p, sr, m->ty), t);
		as->ty = m->ty;
		chain = chain ? new_binary(p, ND_COMMA, chain, as, t) : as;
		if (chain->kind == ND_COMMA)
			chain->ty = as->ty;
	}
	struct node *r = new_binary(p, ND_COMMA, chain, new_var(p, tmp, t), t);
	r->ty = ty;
	return r;
}

/* ---- calls and overload resolution ---- */


static int nparams_of(struct type *fty, int *min)
{
	int n = 0, m = 0;
	for (struct param *q = fty->params; q; q = q->next) {
		n++;
		if (!q->defarg)
			m = n;
	}
	*min = m;
	return n;
}

/* Score a candidate (lower is better); -1 when it is not viable. */
int cand_score(struct parser *p, struct obj *fn, struct node *args, int nargs)
{
	int min, max = nparams_of(fn->ty, &min);
	if (nargs < min || (nargs > max && !fn->ty->is_variadic))
		return -1;
	int worst = 0, sum = 0;
	struct param *q = fn->ty->params;
	for (struct node *a = args; a; a = a->next) {
		int r = 2;
		if (q) {
			r = conv_rank(p, a, q->ty);
			q = q->next;
		}
		if (r < 0)
			return -1;
		if (r > worst)
			worst = r;
		sum += r;
	}
	int score = worst * 1000 + sum * 10;
	/* prefer the overload of the caller's execution space */
	if (!(fn->space & p->f.space) && !(fn->space & SPC_GLOBAL))
		score += 5;
	return score;
}


struct obj *resolve(struct parser *p, struct fref *fr, struct node *args, int nargs, struct token *at)
{
	struct obj *best = NULL;
	int best_score = -1, ambiguous = 0;
	struct obj *first = fr->single ? fr->single : fr->s ? fr->s->obj : NULL;
	/* the implicit object parameter: a const object calls only const member
	 * functions, a non-const one prefers the non-const overload */
	int obj_const = -1;
	if (fr->thisarg && fr->thisarg->ty->kind == TY_PTR)
		obj_const = fr->thisarg->ty->base->is_const;
	if (!fr->explicit_targs) {
		for (struct obj *f = first; f; f = fr->single ? NULL : f->next_overload) {
			int sc = cand_score(p, f, args, nargs);
			if (sc < 0)
				continue;
			if (obj_const >= 0 && f->is_method) {
				/* (lenient: a lone non-const candidate is still taken) */
				if (obj_const && !f->ty->is_method_const)
					sc += 500;
				if (!obj_const && f->ty->is_method_const)
					sc += 1;
			}
			if (!best || sc < best_score) {
				best = f;
				best_score = sc;
				ambiguous = 0;
			} else if (sc == best_score && !type_same(f->ty, best->ty)) {
				ambiguous = 1;
			}
		}
	}
	if (fr->s && !fr->single) {
		for (struct template *t = fr->s->tmpl; t; t = t->next) {
			if (t->is_class)
				continue;
			struct targ ta[8];
			if (!deduce(p, t, fr, args, nargs, ta))
				continue;
			/* rank the signature first: a candidate that is not viable is
			 * not instantiated (its body could not compile for these types) */
			struct type *sig = template_substituted_signature(p, t, ta);
			if (sig) {
				struct obj probe = { 0 };
				probe.ty = sig;
				probe.space = SPC_GLOBAL;
				if (cand_score(p, &probe, args, nargs) < 0)
					continue;
			}
			struct obj *f = instantiate_func(p, t, ta, t->nparams, at);
			if (!f)
				continue;
			int sc = cand_score(p, f, args, nargs);
			if (sc < 0)
				continue;
			sc += 1; /* a non-template wins a tie */
			if (!best || sc < best_score) {
				best = f;
				best_score = sc;
				ambiguous = 0;
			}
		}
	}
	if (!best) {
		const char *name = fr->name ? fr->name : first ? first->name : "?";
		if (first && !first->next_overload && !(fr->s && fr->s->tmpl) && !fr->explicit_targs) {
			/* one candidate: explain what is wrong with it */
			int min, max = nparams_of(first->ty, &min);
			if (nargs < min || (nargs > max && !first->ty->is_variadic))
				error_at(p, at, "arg-count", "too %s arguments to function '%s' (expected %d, got %d)",
					 nargs < min ? "few" : "many", name, nargs < min ? min : max, nargs);
			else
				return first; /* conversions report their own errors */
		} else {
			error_at(p, at, "no-match", "no matching function for call to '%s'", name);
		}
		return NULL;
	}
	if (ambiguous)
		error_at(p, at, "ambiguous", "call to '%s' is ambiguous", best->name);
	return best;
}

static struct node *promote_vararg(struct parser *p, struct node *a)
{
	a = decay(p, a);
	if (a->ty->kind == TY_FLOAT)
		return new_cast(p, a, ty_double);
	if (type_is_integer(a->ty) && type_rank(a->ty) < 3)
		return new_cast(p, a, ty_int);
	if (a->ty->kind == TY_ENUM)
		return new_cast(p, a, ty_int);
	if (a->ty->kind == TY_NULLPTR)
		return new_cast(p, a, type_ptr(p->a, ty_void));
	if (a->ty->kind == TY_STRUCT)
		error_node(p, a, "type-mismatch", "cannot pass a struct through '...'");
	return a;
}

static const char *space_name(unsigned s)
{
	if (s & SPC_GLOBAL)
		return "__global__";
	if ((s & (SPC_HOST | SPC_DEVICE)) == (SPC_HOST | SPC_DEVICE))
		return "__host__ __device__";
	return s & SPC_DEVICE ? "__device__" : "__host__";
}

/* The CUDA calling rules between execution spaces. */
void check_call_space(struct parser *p, struct obj *fn, struct token *at, int launch)
{
	if (launch) {
		if (!(fn->space & SPC_GLOBAL))
			error_at(p, at, "cuda-launch-non-kernel",
				 "'%s' is not a __global__ function: only kernels are launched with <<<...>>>", fn->name);
		else if (fn_is_device(p))
			error_at(p, at, "unsupported", "launching a kernel from device code (dynamic parallelism) is not supported");
		return;
	}
	if (fn->space & SPC_GLOBAL) {
		error_at(p, at, "cuda-kernel-call",
			 "a __global__ function call must be configured: use %s<<<grid, block>>>(...)", fn->name);
		return;
	}
	if (!p->f.fn)
		return;
	unsigned cs = p->f.fn->space;
	int caller_host_only = (cs & SPC_HOST) && !(cs & (SPC_DEVICE | SPC_GLOBAL));
	int caller_device_only = !(cs & SPC_HOST);
	if (caller_host_only && !(fn->space & SPC_HOST))
		error_at(p, at, "cuda-device-from-host",
			 "calling a __device__ function ('%s') from host code is not allowed", fn->name);
	else if (caller_device_only && !(fn->space & SPC_DEVICE))
		error_at(p, at, "cuda-host-from-device",
			 "calling a __host__ function ('%s') from a %s function is not allowed",
			 fn->name, space_name(cs));
}

/* Build the call of a resolved function: converts the arguments. */
struct node *call_resolved(struct parser *p, struct obj *fn, struct node *thisarg, struct node *args, int nargs, struct token *at)
{
	struct node *n = new_node(p, ND_CALL, at);
	n->func = fn;
	fn->used = 1;
	struct node head, *cur = &head; /* only head.next is read: no 304-byte memset */
	head.next = NULL;
	int d = 0;
	if (fn->is_method) {
		if (!thisarg) {
			error_at(p, at, "no-object", "call to member function '%s' without an object", fn->name);
			thisarg = new_num(p, 0, type_ptr(p->a, ty_void), at);
		}
		cur = cur->next = thisarg;
		n->nargs++;
	}
	struct param *q = fn->ty->params;
	struct node *a = args;
	for (; a || q; q = q ? q->next : NULL) {
		struct node *cv, *src = a;
		struct node *nexta = a ? a->next : NULL;
		if (q) {
			if (!src) {
				if (!q->defarg)
					break;
				src = q->defarg;
			}
			if (q->ty->kind == TY_REF)
				cv = bind_ref(p, src, q->ty, "argument passing");
			else
				cv = conv(p, decay(p, src), q->ty, "argument passing");
		} else {
			cv = promote_vararg(p, a);
		}
		if (cv == src) {
			/* never relink a node that another list (a default argument) holds */
			struct node *w = new_unary(p, ND_CAST, src, src->tok);
			w->ty = src->ty;
			w->span = src->span;
			cv = w;
		}
		cv->next = NULL;
		cur = cur->next = cv;
		if (cv->depth > d)
			d = cv->depth;
		n->nargs++;
		a = nexta;
		if (!q && !a)
			break;
	}
	n->args = head.next;
	n->depth = d + 1;
	except_call(p, n); /* a constructor or operator may throw too */
	struct type *rt = fn->ty->base;
	if (rt->kind == TY_REF) {
		n->ty = type_ptr(p->a, rt->base);
		struct node *dr = new_unary(p, ND_DEREF, n, at);
		dr->ty = rt->base;
		dr->xvalue = rt->is_rref;
		return dr;
	}
	n->ty = rt;
	if (rt->kind == TY_STRUCT) {
		/* an aggregate result lives in a temporary of the caller */
		struct obj *tmp = new_temp(p, rt, at);
		n->var = tmp;
		n->sret_call = 1;
	}
	return n;
}

struct node *make_call(struct parser *p, struct fref *fr, struct node *args, int nargs, struct token *at)
{
	struct obj *fn = resolve(p, fr, args, nargs, at);
	if (!fn)
		return new_num(p, 0, ty_int, at);
	check_call_space(p, fn, at, 0);
	if (fr->thisarg && !fr->nonvirtual)
		fn = virtual_target(p, fn);
	struct node *call = call_resolved(p, fn, fr->thisarg, args, nargs, at);
	except_call(p, call);
	return call;
}

/* Indirect call through a function pointer. */
struct node *call_indirect(struct parser *p, struct node *callee, struct node *args, int nargs, struct token *at)
{
	struct type *fty = callee->ty;
	if (fty->kind == TY_PTR)
		fty = fty->base;
	if (fty->kind != TY_FUNC) {
		error_node(p, callee, "not-function", "called object is not a function");
		return new_num(p, 0, ty_int, at);
	}
	struct node *n = new_node(p, ND_CALL, at);
	n->lhs = decay(p, callee);
	struct node head = { 0 }, *cur = &head;
	struct param *q = fty->params;
	for (struct node *a = args, *na; a; a = na, q = q ? q->next : NULL) {
		na = a->next;
		struct node *cv = q ? (q->ty->kind == TY_REF ? bind_ref(p, a, q->ty, "argument passing")
							     : conv(p, decay(p, a), q->ty, "argument passing"))
				    : promote_vararg(p, a);
		if (cv == a) {
			cv = new_unary(p, ND_CAST, a, a->tok);
			cv->ty = a->ty;
		}
		cv->next = NULL;
		cur = cur->next = cv;
		n->nargs++;
	}
	n->args = head.next;
	n->ty = fty->base;
	n->depth = callee->depth + 1;
	if (fty->base->kind == TY_REF) {
		/* as for a direct call: the callee returns the address */
		n->ty = type_ptr(p->a, fty->base->base);
		struct node *dr = new_unary(p, ND_DEREF, n, at);
		dr->ty = fty->base->base;
		return dr;
	}
	if (n->ty->kind == TY_STRUCT) {
		n->var = new_temp(p, n->ty, at);
		n->sret_call = 1;
	}
	return n;
}

/* args = "(" (assign ("," assign)*)? ")" */
struct node *call_args(struct parser *p, int *nargs)
{
	struct node head = { 0 }, *cur = &head;
	*nargs = 0;
	skip(p, TK_LPAREN);
	int no_gt = p->no_gt;
	p->no_gt = 0;
	while (!consume(p, TK_RPAREN)) {
		if (cur != &head)
			skip(p, TK_COMMA);
		struct node *a = assign(p);
		if (a->kind == ND_FUNCADDR && a->aux && !a->func) {
			struct fref *fr = a->aux;
			if (fr->explicit_targs && fr->s && !fr->thisarg)
				funcref_instance(p, a, fr); /* f(g<int>): g's instance is the argument */
		}
		cur = cur->next = a;
		(*nargs)++;
	}
	p->no_gt = no_gt;
	return head.next;
}

/* brace-args = "{" (assign ("," assign)*)? "}" */
struct node *brace_args(struct parser *p, int *nargs)
{
	struct node head = { 0 }, *cur = &head;
	*nargs = 0;
	skip(p, TK_LBRACE);
	while (!consume(p, TK_RBRACE)) {
		if (cur != &head)
			skip(p, TK_COMMA);
		if (p->tok->kind == TK_RBRACE) {
			next(p);
			break;
		}
		struct node *a = assign(p);
		cur = cur->next = a;
		(*nargs)++;
	}
	return head.next;
}

struct obj *find_ctor(struct parser *p, struct type *ty, struct node *args, int nargs, struct token *at, int quiet)
{
	struct sym *s = NULL;
	for (struct sym *x = ty->rec->scope->syms; x && !s; x = x->next)
		if (!strcmp(x->name, "<ctor>"))
			s = x; /* constructors are not inherited */
	if (!s)
		return NULL;
	struct fref fr = { .s = s, .name = ty->rec->name };
	struct obj *best = NULL;
	int best_score = -1;
	for (struct obj *f = s->obj; f; f = f->next_overload) {
		int sc = cand_score(p, f, args, nargs);
		if (sc >= 0 && (!best || sc < best_score)) {
			best = f;
			best_score = sc;
		}
	}
	/* constructor templates; never for a copy of the class itself while the
	 * implicit copy constructor (which a template does not replace) exists */
	int self_copy = nargs == 1 && args && args->ty->kind == TY_STRUCT && args->ty->rec == ty->rec &&
			!ty->rec->copy_ctor;
	for (struct template *t = s->tmpl; t && !self_copy && !p->deducing; t = t->next) {
		if (t->is_class)
			continue;
		struct targ ta[8];
		int q = p->quiet;
		p->quiet = 1;
		int ok = deduce(p, t, &fr, args, nargs, ta);
		p->quiet = q;
		if (!ok)
			continue;
		struct obj *f = instantiate_func(p, t, ta, t->nparams, at);
		int sc = f ? cand_score(p, f, args, nargs) : -1;
		if (sc >= 0 && (!best || sc + 1 < best_score)) {
			best = f;
			best_score = sc + 1;
		}
	}
	if (!best && !quiet)
		error_at(p, at, "no-match", "no matching constructor for '%s' with %d argument%s",
			 ty->rec->name ? ty->rec->name : "struct", nargs, nargs == 1 ? "" : "s");
	(void)fr;
	return best;
}

/* Whether T x(arg) takes the implicit copy constructor of ty: arg is a ty (or
 * derived from it), ty declares no copy constructor and no declared one fits. */
int implicit_copy_init(struct parser *p, struct type *ty, struct node *arg, int nargs, struct token *at)
{
	if (ty->kind != TY_STRUCT || nargs != 1 || !arg || ty->rec->copy_ctor || arg->ty->kind != TY_STRUCT ||
	    (arg->ty->rec != ty->rec && !is_base_of(ty->rec, arg->ty->rec)))
		return 0;
	if (!ty->rec->has_ctor)
		return 1;
	int q = p->quiet;
	p->quiet = 1;
	struct obj *c = find_ctor(p, ty, arg, 1, at, 1);
	p->quiet = q;
	return !c;
}

/* Copy-construct the object of type ty at address addr from src with the
 * implicit copy constructor: new (addr) ty(src), as an ND_NEW (op 4). */
struct node *copy_construct_at(struct parser *p, struct node *addr, struct type *ty, struct node *src, struct token *at)
{
	struct node *nn = new_node(p, ND_NEW, at);
	nn->ty = type_ptr(p->a, ty);
	nn->rhs = addr;
	nn->var = new_temp(p, nn->ty, at);
	nn->var->addr_taken = 0;
	nn->cond = conv(p, src, ty, "initialization");
	nn->op = 4;
	nn->depth = nn->cond->depth + 2;
	return nn;
}

/* A temporary of class type built by constructor ctor (or zero-initialized when NULL). */
struct node *construct_temp(struct parser *p, struct type *ty, struct obj *ctor, struct node *args, int nargs, struct token *at)
{
	struct obj *tmp = new_temp(p, ty, at);
	tmp->addr_taken = 1;
	struct node *t = new_node(p, ND_TEMP, at);
	t->var = tmp;
	t->ty = ty;
	if (ctor) {
		struct node *tv = new_var(p, tmp, at);
		struct node *thisarg = addr_of(p, tv, at);
		check_call_space(p, ctor, at, 0);
		t->lhs = call_resolved(p, ctor, thisarg, args, nargs, at);
		t->depth = t->lhs->depth + 1;
	} else {
		t->op = 1; /* zero-initialize */
	}
	return t;
}

/* Aggregate-initialize a temporary from a brace list of values. */
struct node *aggregate_temp(struct parser *p, struct type *ty, struct node *args, struct token *at)
{
	struct obj *tmp = new_temp(p, ty, at);
	tmp->addr_taken = 1;
	struct node *t = new_node(p, ND_TEMP, at);
	t->var = tmp;
	t->ty = ty;
	t->op = 1;
	struct node *chain = NULL;
	struct member *m = ty->kind == TY_STRUCT ? ty->rec->members : NULL;
	for (struct node *a = args, *na; a; a = na) {
		na = a->next;
		a->next = NULL;
		if (!m) {
			error_node(p, a, "too-many-init", "too many initializers for '%s'", type_name(p->a, ty));
			break;
		}
		struct node *mem = new_unary(p, ND_MEMBER, new_var(p, tmp, at), at);
		mem->mem = m;
		mem->ty = m->ty;
		struct node *as;
		if (m->ty->kind == TY_STRUCT && a->ty->kind == TY_STRUCT) {
			/* a member of class type is copy-initialized, a temporary's object taken over */
			as = copy_construct_at(p, addr_of(p, mem, at), m->ty, a, at);
		} else {
			as = new_binary(p, ND_ASSIGN, mem, conv(p, decay(p, a), m->ty, "initialization"), at);
			as->ty = m->ty;
		}
		chain = chain ? new_binary(p, ND_COMMA, chain, as, at) : as;
		chain->ty = as->ty;
		m = m->next;
	}
	t->lhs = chain;
	return t;
}

/* T(args) or T{args}: a functional cast or a temporary. */
struct node *functional_cast(struct parser *p, struct type *ty, struct token *at)
{
	int nargs;
	int brace = p->tok->kind == TK_LBRACE;
	struct node *args = brace ? brace_args(p, &nargs) : call_args(p, &nargs);
	if (ty->kind == TY_STRUCT) {
		if (ty->rec->has_ctor) {
			struct obj *c = find_ctor(p, ty, args, nargs, at, 0);
			return construct_temp(p, ty, c, args, c ? nargs : 0, at);
		}
		if (nargs == 1 && args->ty->kind == TY_STRUCT && args->ty->rec == ty->rec)
			return args;
		return aggregate_temp(p, ty, args, at);
	}
	if (nargs == 0)
		return new_cast(p, new_num(p, 0, ty_int, at), ty);
	if (nargs > 1)
		error_at(p, at, "arg-count", "too many values in a functional cast");
	struct node *e = decay(p, explicit_conv(p, args, ty));
	if (!type_is_scalar(e->ty) || !type_is_scalar(ty)) {
		if (ty->kind != TY_VOID)
			error_node(p, e, "bad-cast", "invalid cast from '%s' to '%s'", type_name(p->a, e->ty), type_name(p->a, ty));
	}
	return new_cast(p, e, ty);
}

