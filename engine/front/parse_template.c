/*
 * parse_template.c - template argument lists, template declarations,
 * deduction and instantiation of class and function templates.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"

/* ---- template arguments ---- */

/* template-args = "<" (type | conditional) ("," ...)* ">" */
int template_args(struct parser *p, struct targ *args, int max)
{
	skip(p, TK_LT);
	int n = 0;
	int save_no_gt = p->no_gt;
	p->no_gt = 1;
	split_gt(p);
	if (p->tok->kind != TK_GT) {
		do {
			if (n >= max)
				fail_at(p, p->tok, "too many template arguments");
			if (is_typename(p, p->tok)) {
				args[n].ty = abstract_type(p);
				args[n].val = 0;
			} else {
				struct node *e = conditional(p);
				int ok;
				args[n].ty = NULL;
				args[n].val = const_int(p, e, &ok);
				if (!ok)
					error_node(p, e, "not-constant", "template argument is not a constant");
			}
			n++;
			split_gt(p);
		} while (consume(p, TK_COMMA));
	}
	p->no_gt = save_no_gt;
	split_gt(p);
	skip(p, TK_GT);
	return n;
}

/* ---- templates ---- */

static struct scope *bind_scope(struct parser *p, struct template *t, struct targ *args, int n, int placeholder)
{
	struct scope *sc = arena_alloc(p->a, sizeof(*sc));
	sc->parent = t->scope;
	sc->is_ns = 2;
	for (int i = 0; i < t->nparams; i++) {
		struct tparam *tp = &t->params[i];
		if (!tp->name)
			continue;
		if (tp->is_type) {
			struct sym *s = add_sym(p, sc, tp->name, SYM_TYPE);
			if (placeholder) {
				struct type *ph = type_new(p->a, TY_TPARAM, 4, 4);
				ph->tparam_index = i;
				ph->name = tp->name;
				s->ty = ph;
			} else {
				s->ty = i < n && args[i].ty ? args[i].ty : ty_int;
			}
		} else {
			struct sym *s = add_sym(p, sc, tp->name, SYM_ENUMC);
			s->ty = ty_int;
			s->val = placeholder ? 1 : (i < n ? args[i].val : 0);
		}
	}
	return sc;
}

static const char *targs_key(struct parser *p, struct targ *args, int n)
{
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addc(&sb, '<');
	for (int i = 0; i < n; i++) {
		if (i)
			strbuf_addc(&sb, ',');
		if (args[i].ty)
			type_str(args[i].ty, &sb);
		else
			strbuf_addf(&sb, "%ld", args[i].val);
	}
	strbuf_addc(&sb, '>');
	const char *r = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return r;
}

static int fill_defaults(struct parser *p, struct template *t, struct targ *args, int n, struct token *at, int quiet)
{
	for (int i = n; i < t->nparams; i++) {
		struct tparam *tp = &t->params[i];
		if (tp->is_type && tp->ty_default) {
			args[i].ty = tp->ty_default;
		} else if (!tp->is_type && tp->val_default) {
			struct token *save = p->tok;
			struct scope *ss = p->scope;
			p->scope = bind_scope(p, t, args, i, 0);
			p->tok = tp->val_default;
			int save_ng = p->no_gt;
			p->no_gt = 1;
			struct node *e = conditional(p);
			p->no_gt = save_ng;
			int ok;
			args[i].val = const_int(p, e, &ok);
			args[i].ty = NULL;
			p->tok = save;
			p->scope = ss;
		} else {
			if (!quiet)
				error_at(p, at, "template-args", "too few template arguments for '%s'", t->name);
			return 0;
		}
	}
	return 1;
}

struct saved_state {
	struct token *tok;
	struct scope *scope;
	struct fnstate f;
	int depth, no_gt, quiet;
	jmp_buf *recover;
	struct deferred *deferred;
	const char *inst_suffix, *inst_name;
	struct inst *inst_rec;
	int no_func_suffix;
	struct token *prev;
};

static void save_state(struct parser *p, struct saved_state *s)
{
	s->tok = p->tok;
	s->scope = p->scope;
	s->f = p->f;
	s->depth = p->depth;
	s->no_gt = p->no_gt;
	s->quiet = p->quiet;
	s->recover = p->recover;
	s->deferred = p->deferred;
	s->inst_suffix = p->inst_suffix_pending;
	s->inst_name = p->inst_name_pending;
	s->inst_rec = p->inst_record_pending;
	s->no_func_suffix = p->no_func_suffix;
	s->prev = p->prev;
}

static void restore_state(struct parser *p, struct saved_state *s)
{
	p->tok = s->tok;
	p->scope = s->scope;
	p->f = s->f;
	p->depth = s->depth;
	p->no_gt = s->no_gt;
	p->quiet = s->quiet;
	p->recover = s->recover;
	p->deferred = s->deferred;
	p->inst_suffix_pending = s->inst_suffix;
	p->inst_name_pending = s->inst_name;
	p->inst_record_pending = s->inst_rec;
	p->no_func_suffix = s->no_func_suffix;
	p->prev = s->prev;
}

static int inst_limit(struct parser *p, struct token *at)
{
	if (p->tmpl_depth >= MAX_TMPL_DEPTH || p->ninst >= MAX_TMPL_INSTANCES) {
		error_at(p, at, "template-depth", "template instantiation depth or count exceeds the limit (%d)",
			 p->tmpl_depth >= MAX_TMPL_DEPTH ? MAX_TMPL_DEPTH : MAX_TMPL_INSTANCES);
		return 1;
	}
	return 0;
}

/* The instance of t for the arguments key, or NULL when there is none yet. */
static struct inst *inst_find(struct template *t, const char *key)
{
	for (struct inst *i = t->insts; i; i = i->next)
		if (!strcmp(i->key, key))
			return i;
	return NULL;
}

/* Record a new instance of t for key (full: its arguments) and start
 * parsing it: the parser's state is saved in ss, the template's tokens and
 * bound parameters replace it, with a fresh function state. The caller
 * parses the instance (under its own setjmp), then calls inst_leave. */
static struct inst *inst_enter(struct parser *p, struct template *t, struct targ *full,
			       const char *key, struct saved_state *ss)
{
	struct inst *in = arena_alloc(p->a, sizeof(*in));

	in->key = key;
	in->next = t->insts;
	t->insts = in;
	save_state(p, ss);
	p->tmpl_depth++;
	p->ninst++;
	p->scope = bind_scope(p, t, full, t->nparams, 0);
	p->tok = t->start;
	p->f = (struct fnstate){ 0 };
	p->quiet = 0;
	p->no_gt = 0;
	p->deferred = NULL;
	return in;
}

static void inst_leave(struct parser *p, struct saved_state *ss)
{
	p->tmpl_depth--;
	restore_state(p, ss);
}

struct obj *instantiate_func(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at)
{
	struct targ full[8];
	memcpy(full, args, sizeof(struct targ) * (size_t)(nargs < 8 ? nargs : 8));
	if (!fill_defaults(p, t, full, nargs, at, 0))
		return NULL;
	const char *key = targs_key(p, full, t->nparams);
	struct inst *old = inst_find(t, key);
	if (old)
		return old->fn;
	if (inst_limit(p, at))
		return NULL;
	struct saved_state ss;
	struct inst *in = inst_enter(p, t, full, key, &ss);
	p->inst_suffix_pending = key;
	p->inst_record_pending = in;
	p->no_func_suffix = 0;
	jmp_buf jb;
	p->recover = &jb;
	if (!setjmp(jb))
		declaration(p, CTX_FILE);
	inst_leave(p, &ss);
	return in->fn;
}

struct type *instantiate_class(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at)
{
	if (p->deducing) {
		/* a signature with placeholder arguments: an opaque stand-in, no instance */
		struct type *ph = type_new(p->a, TY_TPARAM, 4, 4);
		ph->tparam_index = 8;
		ph->name = t->name;
		ph->tmpl = t;
		ph->ntargs = nargs < 8 ? nargs : 8;
		ph->targs = arena_alloc(p->a, sizeof(struct type *) * 8);
		for (int i = 0; i < ph->ntargs; i++)
			ph->targs[i] = args[i].ty;
		return ph;
	}
	struct targ full[8];
	memcpy(full, args, sizeof(struct targ) * (size_t)(nargs < 8 ? nargs : 8));
	if (!fill_defaults(p, t, full, nargs, at, 0))
		return ty_int;
	const char *key = targs_key(p, full, t->nparams);
	struct inst *old = inst_find(t, key);
	if (old)
		return old->ty ? old->ty : ty_int;
	if (inst_limit(p, at))
		return ty_int;
	struct saved_state ss;
	struct inst *in = inst_enter(p, t, full, key, &ss);
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s%s", t->name, key);
	p->inst_name_pending = arena_strdup(p->a, strbuf_cstr(&sb));
	p->inst_tmpl_pending = t;
	strbuf_release(&sb);
	p->inst_suffix_pending = NULL;
	p->no_func_suffix = 0;
	jmp_buf jb;
	p->recover = &jb;
	if (!setjmp(jb)) {
		struct declattr a2 = { 0 };
		in->ty = declspec(p, &a2);
	}
	inst_leave(p, &ss);
	if (in->ty && in->ty->kind == TY_STRUCT && !in->ty->rec->tmpl) {
		in->ty->rec->tmpl = t;
		in->ty->rec->ntargs = t->nparams < 8 ? t->nparams : 8;
		for (int i = 0; i < in->ty->rec->ntargs; i++)
			in->ty->rec->targs[i] = full[i].ty;
	}
	return in->ty ? in->ty : ty_int;
}

static int unify(struct type *P, struct type *A, struct targ *out, int *bound, int depth)
{
	if (!P || !A || depth > 20)
		return 1;
	if (P->kind == TY_TPARAM && P->tparam_index >= 0 && P->tparam_index < 8) {
		int k = P->tparam_index;
		struct type *a = A;
		if (bound[k])
			return type_same(out[k].ty, a) ||
			       (out[k].ty && out[k].ty->kind == TY_REF && type_same(out[k].ty->base, a));
		out[k].ty = a;
		bound[k] = 1;
		return 1;
	}
	if (P->kind == TY_TPARAM && P->tparam_index == 8 && P->tmpl) {
		/* vector<T> against vector<int>: the same template, argument by argument */
		if (A->kind != TY_STRUCT || A->rec->tmpl != P->tmpl)
			return 0;
		for (int i = 0; i < P->ntargs && i < A->rec->ntargs; i++)
			if (P->targs[i] && A->rec->targs[i] && !unify(P->targs[i], A->rec->targs[i], out, bound, depth + 1))
				return 0;
		return 1;
	}
	if (P->kind == TY_PTR && (A->kind == TY_PTR || A->kind == TY_ARRAY))
		return unify(P->base, A->base, out, bound, depth + 1);
	if (P->kind == TY_ARRAY && A->kind == TY_ARRAY)
		return unify(P->base, A->base, out, bound, depth + 1);
	return 1;
}

static struct type *plain(struct parser *p, struct type *t)
{
	return strip_cv(p, t);
}

static void signature_probe(struct parser *p, struct template *t, struct targ *out, struct type **sig)
{
	jmp_buf jb;
	p->recover = &jb;
	if (!setjmp(jb)) {
		struct declattr at = { 0 };
		struct type *ty = declspec(p, &at);
		struct dname dn = { 0 };
		ty = declarator_dn(p, ty, &dn, &at);
		if (ty->kind == TY_FUNC)
			*sig = ty;
	}
}

/* The function type of a template with its parameters as placeholders. */
static struct type *template_signature(struct parser *p, struct template *t, struct targ *out)
{
	struct type *sig = NULL;
	struct saved_state ss;
	save_state(p, &ss);
	p->scope = bind_scope(p, t, out, 0, 1);
	p->tok = t->start;
	p->quiet++;
	p->deducing++;
	signature_probe(p, t, out, &sig);
	p->deducing--;
	restore_state(p, &ss);
	return sig;
}

int deduce(struct parser *p, struct template *t, struct fref *fr, struct node *args, int nargs, struct targ *out)
{
	int bound[8] = { 0 };
	memset(out, 0, sizeof(struct targ) * 8);
	for (int i = 0; i < fr->ntargs && i < t->nparams; i++) {
		out[i] = fr->targs[i];
		bound[i] = 1;
	}
	struct type *sig = template_signature(p, t, out);
	if (!sig)
		return 0;
	struct param *q = sig->params;
	int i = 0;
	for (struct node *a = args; a && q; a = a->next, q = q->next, i++) {
		struct type *P = q->ty, *A = a->ty;
		if (P->kind == TY_REF && P->is_rref && P->base->kind == TY_TPARAM && !P->base->is_const &&
		    !P->base->tmpl && !is_rvalue(a)) {
			/* a forwarding reference T&& given an lvalue: T is A& */
			A = type_ref(p->a, A);
			P = P->base;
		} else if (P->kind == TY_REF) {
			P = P->base;
			if (P->is_const)
				A = plain(p, A);
		} else {
			if (A->kind == TY_ARRAY)
				A = type_ptr(p->a, A->base);
			A = plain(p, A);
		}
		if (P->kind == TY_PTR && P->base->is_const && (A->kind == TY_PTR) && A->base->is_const)
			A = type_ptr(p->a, plain(p, A->base));
		if (!unify(P, A, out, bound, 0))
			return 0;
	}
	for (int k = 0; k < t->nparams; k++) {
		if (bound[k])
			continue;
		/* the rest come from defaults */
		if (!fill_defaults(p, t, out, k, NULL, 1))
			return 0;
		break;
	}
	(void)nargs;
	return 1;
}

/* template-decl = "template" "<" tparam ("," tparam)* ">" declaration */
void template_decl(struct parser *p)
{
	struct token *t = skip(p, TK_TEMPLATE);
	skip(p, TK_LT);
	struct template *tm = arena_alloc(p->a, sizeof(*tm));
	if (p->tok->kind == TK_GT)
		fail_at(p, t, "explicit template specializations are not supported");
	do {
		if (tm->nparams >= 8)
			fail_at(p, p->tok, "too many template parameters (at most 8)");
		struct tparam *tp = &tm->params[tm->nparams++];
		if (p->tok->kind == TK_TYPENAME || p->tok->kind == TK_CLASS) {
			next(p);
			if (p->tok->kind == TK_ELLIPSIS)
				fail_at(p, p->tok, "variadic templates are not supported");
			tp->is_type = 1;
			if (p->tok->kind == TK_IDENT)
				tp->name = next(p)->text;
			if (consume(p, TK_ASSIGN)) {
				struct scope *ss = p->scope;
				p->scope = bind_scope(p, tm, NULL, 0, 1);
				int ng = p->no_gt;
				p->no_gt = 1;
				tp->ty_default = abstract_type(p);
				p->no_gt = ng;
				p->scope = ss;
			}
		} else if (p->tok->kind == TK_TEMPLATE) {
			fail_at(p, p->tok, "template template parameters are not supported");
		} else {
			struct declattr at = { 0 };
			struct type *ty = declspec(p, &at);
			(void)ty;
			if (p->tok->kind == TK_ELLIPSIS)
				fail_at(p, p->tok, "variadic templates are not supported");
			tp->is_type = 0;
			if (p->tok->kind == TK_IDENT)
				tp->name = next(p)->text;
			if (consume(p, TK_ASSIGN)) {
				tp->val_default = p->tok;
				int ng = p->no_gt;
				p->no_gt = 1;
				struct scope *ss = p->scope;
				p->scope = bind_scope(p, tm, NULL, 0, 1);
				int q = p->quiet;
				p->quiet++;
				conditional(p);
				p->quiet = q;
				p->scope = ss;
				p->no_gt = ng;
			}
		}
		split_gt(p);
	} while (consume(p, TK_COMMA));
	split_gt(p);
	skip(p, TK_GT);
	tm->start = p->tok;
	tm->scope = p->scope;
	/* find the name: a class template, or the function name before its '(' */
	struct token *x = p->tok;
	while (x->kind != TK_EOF && (x->kind == TK_GLOBAL || x->kind == TK_DEVICE || x->kind == TK_HOST ||
				     x->kind == TK_INLINE || x->kind == TK_STATIC || x->kind == TK_FORCEINLINE ||
				     x->kind == TK_NOINLINE || x->kind == TK_CONSTEXPR || x->kind == TK_EXTERN))
		x = x->next;
	if (x->kind == TK_STRUCT || x->kind == TK_CLASS || x->kind == TK_UNION) {
		struct token *n = x->next;
		while (n->kind == TK_ATTRIBUTE || n->kind == TK_ALIGN_CUDA) {
			n = n->next;
			if (n->kind == TK_LPAREN) {
				int d = 0;
				do {
					if (n->kind == TK_LPAREN)
						d++;
					else if (n->kind == TK_RPAREN)
						d--;
					n = n->next;
				} while (d > 0 && n->kind != TK_EOF);
			}
		}
		if (n->kind != TK_IDENT)
			fail_at(p, n, "expected the name of the class template");
		if (n->next->kind != TK_LBRACE && n->next->kind != TK_COLON && n->next->kind != TK_SEMI)
			fail_at(p, n->next, "class template partial specializations are not supported");
		tm->name = n->text;
		tm->is_class = 1;
	} else {
		int depth = 0;
		struct token *name = NULL;
		for (; x->kind != TK_EOF; x = x->next) {
			if (x->kind == TK_LT && depth == 0 && name == NULL) {
				/* template arguments in the return type */
			}
			if (x->kind == TK_LPAREN && depth == 0) {
				break;
			}
			if (x->kind == TK_LBRACE || x->kind == TK_SEMI)
				break;
			if (x->kind == TK_IDENT)
				name = x;
			if (x->kind == TK_OPERATOR) {
				name = x;
				break;
			}
		}
		if (!name)
			fail_at(p, tm->start, "expected a function or class template");
		if (name->kind == TK_OPERATOR) {
			struct token *save = p->tok;
			p->tok = name->next;
			tm->name = operator_name(p);
			p->tok = save;
		} else {
			tm->name = name->text;
		}
	}
	/* register */
	struct scope *sc = p->scope;
	struct sym *s = find_in_scope(sc, tm->name);
	if (!tm->is_class && s && (s->kind == SYM_FUNC || (s->kind == SYM_TEMPLATE && !s->tmpl->is_class))) {
		struct template **pp = &s->tmpl;
		while (*pp)
			pp = &(*pp)->next;
		*pp = tm;
	} else {
		s = add_sym(p, sc, tm->name, SYM_TEMPLATE);
		s->tmpl = tm;
	}
	skip_declaration(p);
}

/* Skip one declaration: up to ';' at depth 0 or the '}' of a function body. */
void skip_declaration(struct parser *p)
{
	int depth = 0;
	int is_class = 0;
	struct token *x = p->tok;
	for (int i = 0; i < 8 && x->kind != TK_EOF; i++, x = x->next)
		if (x->kind == TK_STRUCT || x->kind == TK_CLASS || x->kind == TK_UNION) {
			is_class = 1;
			break;
		} else if (x->kind == TK_LPAREN || x->kind == TK_LBRACE) {
			break;
		}
	while (p->tok->kind != TK_EOF) {
		enum tok_kind k = p->tok->kind;
		next(p);
		if (k == TK_LPAREN || k == TK_LBRACE || k == TK_LBRACK) {
			depth++;
		} else if (k == TK_RPAREN || k == TK_RBRACK) {
			if (depth > 0)
				depth--;
		} else if (k == TK_RBRACE) {
			if (depth > 0)
				depth--;
			if (depth == 0 && !is_class) {
				consume(p, TK_SEMI);
				return;
			}
		} else if (k == TK_SEMI && depth == 0) {
			return;
		}
	}
}

