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

/* While a signature is parsed for deduction, value parameter i stands for
 * VAL_PLACEHOLDER + i: an array bound T (&)[N] then says which parameter it is
 * (small enough that T (&)[R][C] is not too large an array). */
#define VAL_PLACEHOLDER 32480L

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
			s->val = placeholder ? VAL_PLACEHOLDER + i : (i < n ? args[i].val : 0);
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

static void default_type_probe(struct parser *p, struct type **out)
{
	jmp_buf jb;
	p->recover = &jb;
	if (!setjmp(jb))
		*out = abstract_type(p);
}

/* The default of type parameter i of t, parsed with the parameters before
 * it bound to args: NULL when it does not form. */
static struct type *default_type(struct parser *p, struct template *t, struct targ *args, int i)
{
	struct token *save = p->tok;
	struct scope *ss = p->scope;
	int save_ng = p->no_gt, q = p->quiet;
	jmp_buf *saved = p->recover;
	struct type *ty = NULL;
	p->scope = bind_scope(p, t, args, i, 0);
	p->tok = t->params[i].ty_default_tok;
	p->no_gt = 1;
	p->quiet++;
	default_type_probe(p, &ty);
	p->recover = saved;
	p->quiet = q;
	p->no_gt = save_ng;
	p->tok = save;
	p->scope = ss;
	return ty;
}

static int fill_defaults(struct parser *p, struct template *t, struct targ *args, int n, struct token *at, int quiet)
{
	for (int i = n; i < t->nparams; i++) {
		struct tparam *tp = &t->params[i];
		if (tp->is_type && tp->ty_default_tok) {
			struct type *ty = default_type(p, t, args, i);
			args[i].ty = ty ? ty : tp->ty_default;
			if (!args[i].ty) {
				if (!quiet)
					error_at(p, at, "template-args", "too few template arguments for '%s'", t->name);
				return 0;
			}
		} else if (tp->is_type && tp->ty_default) {
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
static struct inst *inst_enter_body(struct parser *p, struct template *t, struct template *body,
				    struct targ *full, const char *key, struct saved_state *ss);

static struct inst *inst_enter(struct parser *p, struct template *t, struct targ *full,
			       const char *key, struct saved_state *ss)
{
	return inst_enter_body(p, t, t, full, key, ss);
}

/* inst_enter where the instance's tokens and parameters come from body (a
 * specialization of t, full being its own arguments) but the instance is
 * recorded on t under key. */
static struct inst *inst_enter_body(struct parser *p, struct template *t, struct template *body,
				    struct targ *full, const char *key, struct saved_state *ss)
{
	struct inst *in = arena_alloc(p->a, sizeof(*in));

	in->key = key;
	in->next = t->insts;
	t->insts = in;
	save_state(p, ss);
	p->tmpl_depth++;
	p->ninst++;
	p->scope = bind_scope(p, body, full, body->nparams, 0);
	p->tok = body->start;
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
	if (!setjmp(jb)) {
		if (t->ctor_rec) {
			/* a constructor template: declared as in its class, body now */
			member_decl(p, t->ctor_rec, NULL);
			parse_deferred(p);
		} else {
			declaration(p, CTX_FILE);
		}
	}
	inst_leave(p, &ss);
	return in->fn;
}

/* Does the pattern P (with spec parameters as placeholders) match the type A
 * exactly, binding the placeholders in out? Unlike unify, every part that is
 * not a placeholder must be the same type with the same qualifiers. */
static int spec_match(struct parser *p, struct type *P, struct type *A, struct targ *out, int *bound, int depth)
{
	if (!P || !A || depth > 20)
		return 0;
	if (P->kind == TY_TPARAM && P->tparam_index >= 0 && P->tparam_index < 8) {
		int k = P->tparam_index;
		/* const T against const int: T is int */
		if ((P->is_const && !A->is_const) || (P->is_volatile && !A->is_volatile))
			return 0;
		struct type *a = A;
		if (P->is_const || P->is_volatile) {
			a = type_copy(p->a, A);
			a->is_const = A->is_const && !P->is_const;
			a->is_volatile = A->is_volatile && !P->is_volatile;
		}
		if (bound[k])
			return type_same(out[k].ty, a) && out[k].ty->is_const == a->is_const &&
			       out[k].ty->is_volatile == a->is_volatile;
		out[k].ty = a;
		bound[k] = 1;
		return 1;
	}
	if (P->is_const != A->is_const || P->is_volatile != A->is_volatile)
		return 0;
	if (P->kind == TY_TPARAM && P->tparam_index == 8 && P->tmpl) {
		if (A->kind != TY_STRUCT || A->rec->tmpl != P->tmpl)
			return 0;
		for (int i = 0; i < P->ntargs && i < A->rec->ntargs; i++) {
			if (!P->targs[i] || !A->rec->targs[i])
				continue;
			if (!spec_match(p, P->targs[i], A->rec->targs[i], out, bound, depth + 1))
				return 0;
		}
		return 1;
	}
	if (P->kind != A->kind)
		return 0;
	if (P->kind == TY_PTR || P->kind == TY_REF)
		return spec_match(p, P->base, A->base, out, bound, depth + 1);
	if (P->kind == TY_ARRAY)
		return P->array_len == A->array_len && spec_match(p, P->base, A->base, out, bound, depth + 1);
	return type_same(P, A);
}

/* The argument pattern of a specialization, X<pattern>, parsed with the
 * specialization's parameters as placeholders. Value parameters written
 * alone as an argument are reported in vparam (-1 elsewhere). */
static int spec_pattern(struct parser *p, struct template *sp, struct targ *pat, int *vparam)
{
	for (int i = 0; i < 8; i++)
		vparam[i] = -1;
	/* which arguments are a value parameter alone */
	int depth = 0, arg = 0;
	struct token *first = NULL;
	for (struct token *x = sp->pattern; x->kind != TK_EOF && arg < 8; x = x->next) {
		if (x->kind == TK_LT || x->kind == TK_LPAREN) {
			if (depth++ == 0) {
				first = x->next;
				continue;
			}
		}
		if (x->kind == TK_GT || x->kind == TK_RPAREN || x->kind == TK_SHR)
			depth -= x->kind == TK_SHR ? 2 : 1;
		if (depth <= 0 || (depth == 1 && x->kind == TK_COMMA)) {
			if (first && first->kind == TK_IDENT && first->next == x)
				for (int k = 0; k < sp->nparams; k++)
					if (!sp->params[k].is_type && sp->params[k].name &&
					    !strcmp(sp->params[k].name, first->text))
						vparam[arg] = k;
			arg++;
			first = x->next;
			if (depth <= 0)
				break;
		}
	}
	struct saved_state ss;
	save_state(p, &ss);
	p->scope = bind_scope(p, sp, NULL, 0, 1);
	p->tok = sp->pattern;
	p->quiet++;
	p->deducing++;
	int n = -1;
	jmp_buf jb;
	p->recover = &jb;
	if (!setjmp(jb))
		n = template_args(p, pat, 8);
	p->deducing--;
	restore_state(p, &ss);
	return n;
}

/* The specialization of t that the full arguments select, with its own
 * arguments in sargs; NULL for the primary template. An explicit
 * specialization wins over partial ones; among partial ones the first that
 * matches (NEEDSWORK: no partial ordering of several matching ones). */
static struct template *pick_spec(struct parser *p, struct template *t, struct targ *full, struct targ *sargs)
{
	struct template *best = NULL;
	struct targ out[8];
	for (struct template *sp = t->specs; sp; sp = sp->next) {
		struct targ pat[8];
		int vparam[8];
		int n = spec_pattern(p, sp, pat, vparam);
		if (n != t->nparams)
			continue;
		int bound[8] = { 0 };
		memset(out, 0, sizeof(out));
		int ok = 1;
		for (int i = 0; i < n && ok; i++) {
			if (vparam[i] >= 0) {
				int k = vparam[i];
				if (full[i].ty)
					ok = 0;
				else if (bound[k])
					ok = out[k].val == full[i].val;
				else
					out[k].val = full[i].val, bound[k] = 1;
			} else if (pat[i].ty) {
				ok = full[i].ty && spec_match(p, pat[i].ty, full[i].ty, out, bound, 0);
			} else {
				ok = !full[i].ty && pat[i].val == full[i].val;
			}
		}
		for (int k = 0; k < sp->nparams && ok; k++)
			if (!bound[k])
				ok = 0;
		if (!ok)
			continue;
		if (sp->nparams == 0) {
			best = sp;
			memcpy(sargs, out, sizeof(out));
			break;
		}
		if (!best) {
			best = sp;
			memcpy(sargs, out, sizeof(out));
		}
	}
	return best;
}

/* Parse a member definition written outside its class template (md: its
 * own template parameters and tokens) for the instance with arguments full. */
static void member_def(struct parser *p, struct template *md, struct targ *full, struct token *at)
{
	if (inst_limit(p, at))
		return;
	struct saved_state ss;
	save_state(p, &ss);
	p->tmpl_depth++;
	p->scope = bind_scope(p, md, full, md->nparams, 0);
	p->tok = md->start;
	p->f = (struct fnstate){ 0 };
	p->quiet = 0;
	p->no_gt = 0;
	p->deferred = NULL;
	p->inst_suffix_pending = NULL;
	p->inst_name_pending = NULL;
	p->inst_record_pending = NULL;
	p->no_func_suffix = 0;
	jmp_buf jb;
	p->recover = &jb;
	if (!setjmp(jb))
		declaration(p, CTX_FILE);
	p->tmpl_depth--;
	restore_state(p, &ss);
}

/* The token after the template arguments starting at lt ('<'), or NULL. */
static struct token *after_targs(struct token *lt)
{
	int angle = 0, nest = 0;
	for (struct token *t = lt; t->kind != TK_EOF; t = t->next) {
		switch (t->kind) {
		case TK_LT: if (!nest) angle++; break;
		case TK_GT: if (!nest && --angle == 0) return t->next; break;
		case TK_SHR: if (!nest && (angle -= 2) <= 0) return angle == 0 ? t->next : NULL; break;
		case TK_LPAREN: case TK_LBRACK: nest++; break;
		case TK_RPAREN: case TK_RBRACK: if (--nest < 0) return NULL; break;
		case TK_SEMI: case TK_LBRACE: case TK_RBRACE: return NULL;
		default: break;
		}
	}
	return NULL;
}

/* The class template named at t with arguments followed by '::' (X<T>::), or NULL. */
static struct template *qualifier_template(struct parser *p, struct token *t)
{
	if (t->kind != TK_IDENT || t->next->kind != TK_LT)
		return NULL;
	struct sym *s = lookup(p, t->text);
	struct template *ct = NULL;
	if (s && s->kind == SYM_TEMPLATE && s->tmpl->is_class)
		ct = s->tmpl;
	else if (s && s->kind == SYM_TYPE && s->tmpl)
		ct = s->tmpl; /* the injected name inside the template */
	if (!ct)
		return NULL;
	struct token *e = after_targs(t->next);
	return e && e->kind == TK_COLONCOLON ? ct : NULL;
}

struct type *template_qualifier(struct parser *p)
{
	struct token *t = p->tok;
	struct template *ct = qualifier_template(p, t);
	if (!ct)
		return NULL;
	next(p);
	struct targ args[8];
	int n = template_args(p, args, 8);
	struct type *ty = instantiate_class(p, ct, args, n, t);
	skip(p, TK_COLONCOLON);
	return ty->kind == TY_STRUCT ? ty : NULL;
}

/* template<class T> R X<T>::f(...) {...}: kept on X, parsed for each instance. */
static int member_def_decl(struct parser *p, struct template *tm)
{
	int depth = 0;
	struct template *ct = NULL;
	struct token *prev = NULL;
	for (struct token *x = tm->start; x->kind != TK_EOF; prev = x, x = x->next) {
		if (x->kind == TK_LPAREN && depth == 0)
			break;
		if (x->kind == TK_LBRACE || x->kind == TK_SEMI)
			break;
		if (x->kind == TK_LPAREN)
			depth++;
		else if (x->kind == TK_RPAREN)
			depth--;
		/* typename X<T>::type names a type (a return type), not a member */
		if (prev && prev->kind == TK_TYPENAME)
			continue;
		if ((ct = qualifier_template(p, x)))
			break;
	}
	if (!ct)
		return 0;
	tm->name = ct->name;
	struct template **pp = &ct->mdefs;
	while (*pp)
		pp = &(*pp)->next;
	*pp = tm;
	/* instances made before this definition get it now */
	for (struct inst *in = ct->insts; in; in = in->next) {
		if (!in->ty || in->ty->kind != TY_STRUCT)
			continue;
		struct targ full[8];
		memset(full, 0, sizeof(full));
		for (int i = 0; i < in->ty->rec->ntargs && i < 8; i++)
			full[i].ty = in->ty->rec->targs[i];
		member_def(p, tm, full, tm->start);
	}
	skip_declaration(p);
	return 1;
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
		ph->tvals = arena_alloc(p->a, sizeof(long) * 8);
		for (int i = 0; i < ph->ntargs; i++) {
			ph->targs[i] = args[i].ty;
			ph->tvals[i] = args[i].val;
		}
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
	struct targ sargs[8];
	struct template *spec = pick_spec(p, t, full, sargs);
	struct saved_state ss;
	struct inst *in = spec ? inst_enter_body(p, t, spec, sargs, key, &ss) : inst_enter(p, t, full, key, &ss);
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
		for (int i = 0; i < in->ty->rec->ntargs; i++) {
			in->ty->rec->targs[i] = full[i].ty;
			in->ty->rec->tvals[i] = full[i].ty ? 0 : full[i].val;
		}
	}
	if (in->ty && in->ty->kind == TY_STRUCT)
		for (struct template *md = t->mdefs; md; md = md->next)
			member_def(p, md, full, at);
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
		for (int i = 0; i < P->ntargs && i < A->rec->ntargs; i++) {
			if (P->targs[i] && A->rec->targs[i] && !unify(P->targs[i], A->rec->targs[i], out, bound, depth + 1))
				return 0;
			long k = P->tvals ? P->tvals[i] - VAL_PLACEHOLDER : -1;
			if (!P->targs[i] && !A->rec->targs[i] && k >= 0 && k < 8) {
				/* pipeline_shared_state<S, N> against <block, 2>: the value N */
				if (bound[k] && out[k].val != A->rec->tvals[i])
					return 0;
				out[k].ty = NULL;
				out[k].val = A->rec->tvals[i];
				bound[k] = 1;
			}
		}
		return 1;
	}
	if (P->kind == TY_PTR && (A->kind == TY_PTR || A->kind == TY_ARRAY))
		return unify(P->base, A->base, out, bound, depth + 1);
	if (P->kind == TY_ARRAY && A->kind == TY_ARRAY) {
		long k = P->array_len - VAL_PLACEHOLDER;
		if (k >= 0 && k < 8 && A->array_len >= 0) {
			/* the bound N of T (&)[N] */
			if (bound[k] && out[k].val != A->array_len)
				return 0;
			out[k].ty = NULL;
			out[k].val = A->array_len;
			bound[k] = 1;
		}
		return unify(P->base, A->base, out, bound, depth + 1);
	}
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

/* The function type of t with its parameters bound to args (deduced and
 * defaulted), parsed from the declaration alone: NULL when the signature
 * does not form (substitution failure). Overload resolution ranks a
 * template candidate on it before instantiating the body, so a candidate
 * that is not viable (wrong arity, a parameter of a type the argument does
 * not convert to) never has its body instantiated. */
struct type *template_substituted_signature(struct parser *p, struct template *t, struct targ *args)
{
	struct targ full[8];
	memcpy(full, args, sizeof(full));
	struct type *sig = NULL;
	struct saved_state ss;
	save_state(p, &ss);
	p->quiet++;
	if (fill_defaults(p, t, full, t->nparams, NULL, 1)) {
		p->scope = bind_scope(p, t, full, t->nparams, 0);
		p->tok = t->start;
		signature_probe(p, t, full, &sig);
	}
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

/* A specialization of a class template, explicit (template<> struct X<int>)
 * or partial (template<class T> struct X<T *>): recorded on the primary
 * template, whose instantiation picks it when its pattern matches. */
static void class_spec(struct parser *p, struct template *tm, struct token *name)
{
	struct sym *s = lookup(p, name->text);
	if (!s || s->kind != SYM_TEMPLATE || !s->tmpl->is_class)
		fail_at(p, name, "'%s' is not a class template", name->text);
	struct template *prim = s->tmpl;
	if (prim->insts && tm->nparams == 0) {
		/* already instantiated for these arguments? then it comes too late */
		struct targ pat[8];
		int vparam[8];
		tm->pattern = name->next;
		tm->scope = p->scope;
		int n = spec_pattern(p, tm, pat, vparam);
		struct targ full[8];
		memcpy(full, pat, sizeof(full));
		if (n >= 0 && fill_defaults(p, prim, full, n, name, 1) && inst_find(prim, targs_key(p, full, prim->nparams)))
			error_at(p, name, "late-specialization",
				 "explicit specialization of '%s' after its instantiation", name->text);
	}
	tm->pattern = name->next;
	tm->scope = p->scope;
	struct template **pp = &prim->specs;
	while (*pp)
		pp = &(*pp)->next;
	*pp = tm;
	skip_declaration(p);
}

/* An explicit specialization of a function template, template<> R f<args>(...)
 * or with the arguments deduced from its parameters: parsed now as the
 * instance of the template for those arguments, so calls that deduce or name
 * them get it. */
static void func_spec(struct parser *p, struct template *tm)
{
	struct sym *s = lookup(p, tm->name);
	if (!s || !s->tmpl || s->tmpl->is_class)
		fail_at(p, tm->start, "'%s' is not a function template", tm->name);
	/* the name's token: find it again as template_decl did */
	struct token *name = NULL;
	for (struct token *x = tm->start; x->kind != TK_EOF && x->kind != TK_LPAREN && x->kind != TK_LBRACE &&
	     x->kind != TK_SEMI; x = x->next)
		if (x->kind == TK_IDENT && !strcmp(x->text, tm->name)) {
			name = x;
			break;
		}
	struct targ full[8];
	memset(full, 0, sizeof(full));
	struct template *prim = NULL;
	if (name && name->next->kind == TK_LT) {
		struct token *save = p->tok;
		p->tok = name->next;
		int n = template_args(p, full, 8);
		p->tok = save;
		for (struct template *t = s->tmpl; t && !prim; t = t->next)
			if (n <= t->nparams && fill_defaults(p, t, full, n, NULL, 1))
				prim = t;
	} else {
		struct type *sig = NULL;
		struct saved_state ss;
		save_state(p, &ss);
		p->quiet++;
		signature_probe(p, tm, full, &sig);
		restore_state(p, &ss);
		struct node head = { 0 }, *cur = &head;
		int nargs = 0;
		for (struct param *q = sig ? sig->params : NULL; q; q = q->next, nargs++) {
			cur = cur->next = new_node(p, ND_NOP, tm->start);
			cur->ty = q->ty->kind == TY_REF ? q->ty->base : q->ty;
		}
		struct fref fr = { .s = s };
		for (struct template *t = s->tmpl; t && !prim; t = t->next)
			if (sig && deduce(p, t, &fr, head.next, nargs, full))
				prim = t;
	}
	if (!prim)
		fail_at(p, tm->start, "no function template '%s' matches this explicit specialization", tm->name);
	const char *key = targs_key(p, full, prim->nparams);
	if (inst_find(prim, key))
		error_at(p, name ? name : tm->start, "late-specialization",
			 "explicit specialization of '%s' after its instantiation", tm->name);
	struct inst *in = arena_alloc(p->a, sizeof(*in));
	in->key = key;
	in->next = prim->insts;
	prim->insts = in;
	p->inst_suffix_pending = key;
	p->inst_record_pending = in;
	p->spec_name_targs = 1;
	declaration(p, CTX_FILE);
	p->spec_name_targs = 0;
	p->inst_suffix_pending = NULL;
	p->inst_record_pending = NULL;
}

/* template-decl = "template" "<" tparam ("," tparam)* ">" declaration */
void template_decl(struct parser *p)
{
	skip(p, TK_TEMPLATE);
	skip(p, TK_LT);
	struct template *tm = arena_alloc(p->a, sizeof(*tm));
	int explicit_spec = p->tok->kind == TK_GT;
	if (!explicit_spec) do {
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
				/* checked once with placeholders; a default that names a
				 * member of an earlier parameter (typename Clock::duration)
				 * only forms for real arguments, so it is parsed again for
				 * each use (fill_defaults) */
				tp->ty_default_tok = p->tok;
				struct scope *ss = p->scope;
				p->scope = bind_scope(p, tm, NULL, 0, 1);
				int ng = p->no_gt;
				p->no_gt = 1;
				jmp_buf jb, *saved = p->recover;
				int q = p->quiet;
				p->recover = &jb;
				p->quiet++;
				if (!setjmp(jb))
					tp->ty_default = abstract_type(p);
				p->recover = saved;
				p->quiet = q;
				p->tok = tp->ty_default_tok;
				for (int depth = 0; p->tok->kind != TK_EOF; next(p)) {
					enum tok_kind k = p->tok->kind;
					if (depth == 0 && (k == TK_COMMA || k == TK_GT || k == TK_SHR))
						break;
					if (k == TK_LT || k == TK_LPAREN)
						depth++;
					else if (k == TK_GT || k == TK_RPAREN)
						depth--;
					else if (k == TK_SHR)
						depth -= 2;
				}
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
				     x->kind == TK_NOINLINE || x->kind == TK_CONSTEXPR || x->kind == TK_EXTERN ||
				     x->kind == TK_EXPLICIT))
		x = x->next;
	struct scope *cls = p->scope;
	while (cls && cls->is_ns == 2)
		cls = cls->parent;
	if (cls && cls->rec && x->kind == TK_IDENT && x->next->kind == TK_LPAREN) {
		struct sym *cs = find_in_scope(cls, x->text);
		if (cs && cs->kind == SYM_TYPE && cs->ty->kind == TY_STRUCT && cs->ty->rec == cls->rec) {
			/* a constructor template, template <class U> X(const X<U> &): a
			 * candidate of the class's constructors, never its copy constructor */
			tm->name = "<ctor>";
			tm->ctor_rec = cls->rec;
			tm->scope = p->scope;
			cls->rec->has_ctor = 1;
			struct sym *s = find_in_scope(cls, "<ctor>");
			if (s && (s->kind == SYM_FUNC || (s->kind == SYM_TEMPLATE && !s->tmpl->is_class))) {
				struct template **pp = &s->tmpl;
				while (*pp)
					pp = &(*pp)->next;
				*pp = tm;
			} else {
				s = add_sym(p, cls, "<ctor>", SYM_TEMPLATE);
				s->tmpl = tm;
			}
			skip_declaration(p);
			return;
		}
	}
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
		tm->name = n->text;
		tm->is_class = 1;
		if (n->next->kind == TK_LT) {
			class_spec(p, tm, n);
			return;
		}
		if (explicit_spec)
			fail_at(p, n, "expected template arguments after '%s' in an explicit specialization", n->text);
		if (n->next->kind != TK_LBRACE && n->next->kind != TK_COLON && n->next->kind != TK_SEMI)
			fail_at(p, n->next, "expected '{' or ';' after the class template's name");
		tm->is_fwd = n->next->kind == TK_SEMI;
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
	if (explicit_spec) {
		func_spec(p, tm);
		return;
	}
	tm->start = tm->start ? tm->start : p->tok;
	tm->scope = p->scope;
	if (member_def_decl(p, tm))
		return;
	/* register */
	struct scope *sc = p->scope;
	struct sym *s = find_in_scope(sc, tm->name);
	if (!tm->is_class && s && (s->kind == SYM_FUNC || (s->kind == SYM_TEMPLATE && !s->tmpl->is_class))) {
		struct template **pp = &s->tmpl;
		while (*pp)
			pp = &(*pp)->next;
		*pp = tm;
	} else if (tm->is_class && s && s->kind == SYM_TEMPLATE && s->tmpl->is_class && (tm->is_fwd || s->tmpl->is_fwd)) {
		/* a class template declared before (or again after) its definition:
		 * one template, which the definition completes; names that used the
		 * declaration instantiate the definition */
		if (!tm->is_fwd) {
			struct template *old = s->tmpl;
			tm->specs = old->specs;
			tm->mdefs = old->mdefs;
			tm->next = old->next;
			*old = *tm;
		}
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

