/*
 * parse_decl.c - initializers, declarations (variables, functions,
 * members), namespaces, using, static_assert and linkage: the external
 * declarations a translation unit is made of.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"

static void parse_external_member(struct parser *p);
static void func_body(struct parser *p, struct obj *fn, struct scope *outer);
static int skip_foreign_body(struct parser *p, struct obj *fn);

/* ---- initializers ---- */

static void initializer2(struct parser *p, struct initializer *in);

static struct initializer *initz_new(struct parser *p, struct type *ty)
{
	struct initializer *in = arena_alloc(p->a, sizeof(*in));
	in->ty = ty;
	if (ty->kind == TY_ARRAY && ty->array_len >= 0) {
		long n = ty->array_len > 1000000 ? 1000000 : ty->array_len;
		in->nchildren = n;
		in->children = arena_alloc(p->a, sizeof(*in->children) * (size_t)(n ? n : 1));
	} else if (ty->kind == TY_STRUCT) {
		long n = 0;
		for (struct member *m = ty->rec->members; m; m = m->next)
			n++;
		in->nchildren = n;
		in->children = arena_alloc(p->a, sizeof(*in->children) * (size_t)(n ? n : 1));
	}
	return in;
}

static struct initializer *initz_child(struct parser *p, struct initializer *in, long i, long *cap)
{
	if (in->ty->kind == TY_ARRAY && in->ty->array_len < 0) {
		if (i >= 1000000)
			return NULL;
		if (i >= *cap) {
			long nc = *cap ? *cap * 2 : 16;
			while (nc <= i)
				nc *= 2;
			struct initializer **c = arena_alloc(p->a, sizeof(*c) * (size_t)nc);
			if (in->children)
				memcpy(c, in->children, sizeof(*c) * (size_t)*cap);
			in->children = c;
			*cap = nc;
		}
		if (i >= in->nchildren)
			in->nchildren = i + 1;
	} else if (i >= in->nchildren) {
		return NULL;
	}
	if (!in->children[i]) {
		struct type *et = in->ty->kind == TY_ARRAY ? in->ty->base : NULL;
		if (!et) {
			struct member *m = in->ty->rec->members;
			for (long k = 0; k < i && m; k++)
				m = m->next;
			et = m ? m->ty : ty_int;
		}
		in->children[i] = initz_new(p, et);
	}
	return in->children[i];
}

static int initz_end(struct parser *p)
{
	return p->tok->kind == TK_RBRACE || (p->tok->kind == TK_COMMA && p->tok->next->kind == TK_RBRACE);
}

static void skip_excess(struct parser *p)
{
	error_at(p, p->tok, "too-many-init", "excess elements in initializer");
	struct initializer dummy = { .ty = ty_int };
	initializer2(p, &dummy);
}

static void finish_flexible(struct parser *p, struct initializer *in)
{
	if (in->ty->kind == TY_ARRAY && in->ty->array_len < 0)
		in->ty = type_array(p->a, in->ty->base, in->nchildren);
}

static long member_index(struct record *rec, const char *name)
{
	long i = 0;
	for (struct member *m = rec->members; m; m = m->next, i++)
		if (m->name && !strcmp(m->name, name))
			return i;
	return -1;
}

/* designator = "[" conditional "]" | "." ident ; returns the element index */
static long designator(struct parser *p, struct initializer *in)
{
	if (in->ty->kind == TY_ARRAY && consume(p, TK_LBRACK)) {
		struct node *e = conditional(p);
		int ok;
		long i = const_int(p, e, &ok);
		if (!ok || i < 0) {
			error_node(p, e, "not-constant", "array designator is not a non-negative constant");
			i = 0;
		}
		skip(p, TK_RBRACK);
		return i;
	}
	if (in->ty->kind == TY_STRUCT && consume(p, TK_DOT)) {
		struct token *name = skip(p, TK_IDENT);
		long i = member_index(in->ty->rec, name->text);
		if (i < 0) {
			error_at(p, name, "no-member", "no member named '%s'", name->text);
			i = 0;
		}
		return i;
	}
	fail_at(p, p->tok, "invalid designator for '%s'", type_name(p->a, in->ty));
}

/* designation = designator+ "=" initializer, for the nested part of a chain */
static void designation(struct parser *p, struct initializer *in)
{
	enter(p, p->tok);
	long cap = in->nchildren;
	long i = designator(p, in);
	struct initializer *c = initz_child(p, in, i, &cap);
	if (!c) {
		skip_excess(p);
	} else if (p->tok->kind == TK_LBRACK || p->tok->kind == TK_DOT) {
		designation(p, c);
	} else {
		skip(p, TK_ASSIGN);
		initializer2(p, c);
	}
	finish_flexible(p, in);
	leave(p);
}

/* braced = "{" (designation? initializer ("," designation? initializer)*)? ","? "}" */
static void init_braced(struct parser *p, struct initializer *in)
{
	struct token *lb = skip(p, TK_LBRACE);
	enter(p, lb);
	long i = 0, cap = in->nchildren;
	int first = 1;
	while (!consume(p, TK_RBRACE)) {
		if (!first) {
			skip(p, TK_COMMA);
			if (consume(p, TK_RBRACE))
				break;
		}
		first = 0;
		if ((in->ty->kind == TY_ARRAY && p->tok->kind == TK_LBRACK) ||
		    (in->ty->kind == TY_STRUCT && p->tok->kind == TK_DOT)) {
			i = designator(p, in);
			struct initializer *d = initz_child(p, in, i, &cap);
			if (!d) {
				skip_excess(p);
			} else if (p->tok->kind == TK_LBRACK || p->tok->kind == TK_DOT) {
				designation(p, d);
			} else {
				skip(p, TK_ASSIGN);
				initializer2(p, d);
			}
			i++;
			continue;
		}
		struct initializer *c = (in->ty->kind == TY_ARRAY || in->ty->kind == TY_STRUCT) ? initz_child(p, in, i, &cap) : NULL;
		if (in->ty->kind == TY_STRUCT && in->ty->rec->is_union && i > 0)
			c = NULL;
		if (!c) {
			skip_excess(p);
		} else {
			initializer2(p, c);
		}
		i++;
	}
	leave(p);
	finish_flexible(p, in);
}

/* Brace elision: fill in's elements from a flat list. */
static void init_flat(struct parser *p, struct initializer *in)
{
	long cap = in->nchildren;
	long n = in->ty->kind == TY_ARRAY && in->ty->array_len < 0 ? 1000000 : in->nchildren;
	if (in->ty->kind == TY_STRUCT && in->ty->rec->is_union)
		n = 1;
	for (long i = 0; i < n && !initz_end(p); i++) {
		if (i > 0)
			skip(p, TK_COMMA);
		struct initializer *c = initz_child(p, in, i, &cap);
		if (!c)
			break;
		initializer2(p, c);
	}
	finish_flexible(p, in);
}

/* initializer = string | braced | assign (brace elision for aggregates) */
static void initializer2(struct parser *p, struct initializer *in)
{
	struct type *ty = in->ty;
	if (ty->kind == TY_ARRAY && p->tok->kind == TK_STR && type_is_integer(ty->base) && ty->base->size == 1) {
		struct node *s = string_lit(p);
		in->is_string = 1;
		in->expr = s;
		if (ty->array_len < 0)
			in->ty = type_array(p->a, ty->base, s->strlen);
		else if (s->strlen - 1 > ty->array_len)
			error_node(p, s, "too-many-init", "initializer string is too long for the array");
		return;
	}
	if (ty->kind == TY_ARRAY) {
		if (p->tok->kind == TK_LBRACE)
			init_braced(p, in);
		else
			init_flat(p, in);
		return;
	}
	if (ty->kind == TY_STRUCT) {
		if (p->tok->kind == TK_LBRACE) {
			if (ty->rec->has_ctor) {
				int nargs;
				struct token *t = p->tok;
				struct node *args = brace_args(p, &nargs);
				struct obj *c = find_ctor(p, ty, args, nargs, t, 0);
				in->expr = construct_temp(p, ty, c, args, c ? nargs : 0, t);
				return;
			}
			init_braced(p, in);
			return;
		}
		struct node *e = assign(p);
		if (e->ty->kind == TY_STRUCT && e->ty->rec == ty->rec) {
			in->expr = e;
			return;
		}
		in->expr = conv(p, e, ty, "initialization");
		return;
	}
	if (p->tok->kind == TK_LBRACE) {
		struct token *lb = next(p);
		enter(p, lb);
		if (p->tok->kind == TK_RBRACE) {
			in->expr = new_cast(p, new_num(p, 0, ty_int, lb), strip_cv(p, ty));
		} else {
			initializer2(p, in);
		}
		consume(p, TK_COMMA);
		skip(p, TK_RBRACE);
		leave(p);
		return;
	}
	struct node *e = assign(p);
	if (ty->kind == TY_REF) {
		in->expr = bind_ref(p, e, ty, "initialization");
		return;
	}
	/* narrowing and other checks are left to conv */
	in->expr = conv(p, decay(p, funcref_value(p, e)), ty, "initialization");
}

static struct type *deduce_auto(struct parser *p, struct type *decl, struct node *init)
{
	struct type *it = init ? decay(p, funcref_value(p, init))->ty : ty_int;
	if (it->kind == TY_NULLPTR)
		it = ty_nullptr;
	if (is_auto_marker(decl)) {
		struct type *r = strip_cv(p, it);
		return decl && decl->is_const ? type_qual(p->a, r, 1, 0) : r;
	}
	if ((decl->kind == TY_REF || decl->kind == TY_PTR) && is_auto_marker(decl->base)) {
		struct type *b = decl->kind == TY_REF ? init->ty : (it->kind == TY_PTR ? it->base : it);
		if (decl->base->is_const)
			b = type_qual(p->a, b, 1, 0);
		return decl->kind == TY_REF ? type_ref(p->a, b) : type_ptr(p->a, b);
	}
	return decl;
}

static int contains_auto(struct type *t)
{
	for (int i = 0; t && i < 64; i++, t = t->base)
		if (is_auto_marker(t))
			return 1;
	return 0;
}

/* ---- declarations ---- */


static struct scope *class_of(struct scope *sc)
{
	while (sc && sc->is_ns == 2) /* template binding scope */
		sc = sc->parent;
	return sc && sc->rec ? sc : NULL;
}

static const char *mangle(struct parser *p, struct obj *fn)
{
	if (fn->extern_c || (!strcmp(fn->qname, "main")))
		return fn->qname;
	/* the parser's buffer, kept between calls: hello world mangles 2,466
	 * functions per pass (a heap buffer each was a fifth of the cost) */
	struct strbuf *sb = &p->mangle_buf;
	strbuf_reset(sb);
	strbuf_adds(sb, fn->qname);
	strbuf_addc(sb, '(');
	for (struct param *q = fn->ty->params; q; q = q->next) {
		type_str(q->ty, sb);
		if (q->next)
			strbuf_addc(sb, ',');
	}
	if (fn->ty->is_variadic)
		strbuf_adds(sb, fn->ty->params ? ",..." : "...");
	strbuf_addc(sb, ')');
	if (fn->ty->is_method_const)
		strbuf_adds(sb, "const");
	return arena_strndup(p->a, sb->buf, sb->len);
}


/* Top-level const on a parameter is not part of a function's type (C++
 * [dcl.fct]): `void f(int);` declares `void f(const int n) {...}`. */
static int same_params(struct type *a, struct type *b)
{
	struct param *x = a->params, *y = b->params;
	for (; x && y; x = x->next, y = y->next)
		if (!type_same(x->ty, y->ty))
			return 0;
	return !x && !y && a->is_variadic == b->is_variadic && a->is_method_const == b->is_method_const;
}

static void check_kernel_decl(struct parser *p, struct obj *fn, struct token *t)
{
	if (!(fn->space & SPC_GLOBAL))
		return;
	if (fn->ty->base->kind != TY_VOID)
		error_at(p, t, "cuda-kernel-return", "a __global__ function must return void (here '%s')",
			 type_name(p->a, fn->ty->base));
	if (fn->is_method)
		error_at(p, t, "cuda-kernel-member", "a __global__ function cannot be a member function");
	if (fn->space & SPC_HOST)
		error_at(p, t, "cuda-kernel-host", "a __global__ function cannot also be __host__");
	if (fn->space & SPC_DEVICE)
		error_at(p, t, "cuda-kernel-host", "a __global__ function cannot also be __device__");
}

static void check_params(struct parser *p, struct obj *fn)
{
	for (struct param *q = fn->ty->params; q; q = q->next) {
		if (!q->grid_constant)
			continue;
		if (!(fn->space & SPC_GLOBAL))
			error_at(p, q->tok, "cuda-grid-constant", "__grid_constant__ is only allowed on a parameter of a __global__ function");
		else if (!q->ty->is_const)
			error_at(p, q->tok, "cuda-grid-constant", "a __grid_constant__ parameter must be const-qualified");
	}
}

/* Whether t is a reference to (or, by_value, an object of) class rec. */
static int is_ref_to(struct type *t, struct record *rec, int by_value)
{
	if (t->kind == TY_REF && t->is_rref)
		return 0; /* a move constructor or assignment is not the copy one */
	if (t->kind == TY_REF)
		t = t->base;
	else if (!by_value)
		return 0;
	return t->kind == TY_STRUCT && t->rec == rec;
}

/* Remember the special members lowering calls implicitly: the destructor,
 * the default and copy constructors and the copy assignment. */
static void note_special_member(struct record *rec, struct obj *fn, const char *name, int is_ctor)
{
	struct param *q = fn->ty->params;
	int rest_defaulted = 1;
	for (struct param *r = q ? q->next : NULL; r; r = r->next)
		if (!r->defarg)
			rest_defaulted = 0;
	if (name[0] == '~') {
		fn->is_dtor = 1;
		rec->dtor = fn;
	} else if (is_ctor) {
		if (q && q->ty->kind == TY_REF && q->ty->is_rref && q->ty->base->kind == TY_STRUCT &&
		    q->ty->base->rec == rec && rest_defaulted)
			rec->move_ctor = fn;
		if (!q || q->defarg)
			rec->default_ctor = fn;
		else if (is_ref_to(q->ty, rec, 0) && rest_defaulted &&
			 (!rec->copy_ctor || q->ty->base->is_const))
			rec->copy_ctor = fn;
	} else if (!strcmp(name, "operator=") && q && !q->next && is_ref_to(q->ty, rec, 0) &&
		   (!rec->copy_assign || q->ty->base->is_const)) {
		rec->copy_assign = fn;
	}
}

static struct obj *declare_function(struct parser *p, struct type *fty, struct dname *dn, struct declattr *at, int is_ctor)
{
	struct scope *target = dn->qual ? dn->qual : p->scope;
	struct scope *cls = class_of(target);
	const char *name = dn->name ? dn->name : "?";
	unsigned space = at->space ? at->space : SPC_HOST;
	if (is_ctor && cls)
		name = cls->rec->name ? cls->rec->name : "?";
	const char *symname = is_ctor ? "<ctor>" : name;
	struct sym *s = NULL;
	unsigned hsym = target->hash ? name_hash(symname) : 0;
	if (target->urec)
		unit_rec_name(target->urec, symname);
	for (struct sym *x = target->hash ? target->hash[hsym % SCOPE_HASH] : target->syms; x;
	     x = target->hash ? x->hnext : x->next)
		if ((!target->hash || x->hash == hsym) && !strcmp(x->name, symname) &&
		    (x->kind == SYM_FUNC || (x->kind == SYM_TEMPLATE && !x->tmpl->is_class))) {
			s = x;
			break;
		}
	if (!s && dn->qual)
		s = find_in_scope(target, symname);
	if (s && s->kind != SYM_FUNC && !(s->kind == SYM_TEMPLATE && !s->tmpl->is_class))
		s = NULL;
	int is_inst = p->inst_suffix_pending != NULL;
	if (s && !is_inst) {
		for (struct obj *f = s->obj; f; f = f->next_overload) {
			if (same_params(f->ty, fty) && (f->space == space || (dn->qual && !at->space))) {
				if (at->has_builtin)
					f->builtin_id = at->builtin_id;
				/* keep the defaults written on the first declaration; the
				 * names and top-level const are the latest declaration's,
				 * so a definition after a prototype with other (or no)
				 * parameter names sees its own */
				struct param *x = f->ty->params, *y = fty->params;
				for (; x && y; x = x->next, y = y->next) {
					if (!x->defarg && y->defarg)
						x->defarg = y->defarg;
					if (y->name) {
						x->name = y->name;
						x->tok = y->tok;
					}
					x->ty = y->ty;
				}
				if (at->launch_max)
					f->launch_max = at->launch_max, f->launch_min = at->launch_min;
				if (at->cluster[0])
					memcpy(f->cluster, at->cluster, sizeof(f->cluster));
				return f;
			}
		}
	}
	if (dn->qual && !s)
		error_at(p, dn->tok, "undeclared", "no declaration of '%s%s' in the named scope",
			 !strcmp(name, "~") ? "~" : "", !strcmp(name, "~") && dn->tok ? dn->tok->text : name);
	if (!strcmp(name, "~") && cls && cls->rec->name) {
		/* a destructor: found as "~", shown as "~Name" */
		struct strbuf sb;
		strbuf_init(&sb);
		strbuf_addf(&sb, "~%s", cls->rec->name);
		name = arena_strdup(p->a, strbuf_cstr(&sb));
		strbuf_release(&sb);
	}
	struct obj *fn = new_obj(p, name, fty, dn->tok);
	fn->is_func = 1;
	fn->space = space;
	fn->is_ctor = is_ctor;
	fn->is_inline = at->is_inline;
	fn->is_static = at->is_static;
	fn->builtin_id = at->has_builtin ? at->builtin_id : -1;
	fn->launch_max = at->launch_max;
	fn->launch_min = at->launch_min;
	memcpy(fn->cluster, at->cluster, sizeof(fn->cluster));
	fn->extern_c = p->extern_c;
	fn->is_constexpr = at->is_constexpr;
	if (cls && !strncmp(name, "operator new", 12))
		fn->is_static = 1; /* operator new and delete are static members */
	if (cls && !strncmp(name, "operator delete", 15))
		fn->is_static = 1;
	if (cls && !fn->is_static) {
		fn->is_method = 1;
		fn->rec = cls->rec;
	}
	if (is_ctor && cls)
		cls->rec->has_ctor = 1;
	if (cls && !at->is_static && !is_inst)
		note_special_member(cls->rec, fn, name, is_ctor); /* never a template's instance */
	const char *qn = qualify(p, target->is_ns == 2 ? (cls ? cls : target->parent) : target, name);
	if (p->inst_suffix_pending) {
		struct strbuf sb;
		strbuf_init(&sb);
		strbuf_adds(&sb, qn);
		strbuf_adds(&sb, p->inst_suffix_pending);
		qn = arena_strdup(p->a, strbuf_cstr(&sb));
		strbuf_release(&sb);
		fn->is_tmpl_inst = 1;
		p->inst_suffix_pending = NULL;
		if (p->inst_record_pending) {
			p->inst_record_pending->fn = fn;
			p->inst_record_pending = NULL;
		}
	}
	fn->qname = qn;
	fn->mangled = mangle(p, fn);
	if (!is_inst) {
		/* template instances are found through their template, not by name */
		if (!s)
			s = add_sym(p, target, symname, SYM_FUNC);
		else if (s->kind == SYM_TEMPLATE)
			s->kind = SYM_FUNC;
		struct obj **pp = &s->obj;
		while (*pp)
			pp = &(*pp)->next_overload;
		*pp = fn;
	}
	check_kernel_decl(p, fn, dn->tok);
	check_params(p, fn);
	if (!strcmp(name, "main") && target == p->global && at->space && at->space != SPC_HOST)
		error_at(p, dn->tok, "cuda-main-space", "main must be a host function");
	return fn;
}

static void add_fn(struct parser *p, struct obj *fn)
{
	*p->funcs_tail = fn;
	p->funcs_tail = &fn->next;
}

/* Initialize member m (this->m) from args, as a mem-initializer m(args) does; NULL if
 * no constructor fits (reported). */
static struct node *init_member(struct parser *p, struct node *m, struct node *args, int nargs, struct token *name)
{
	if (m->ty->kind == TY_STRUCT && m->ty->rec->has_ctor && implicit_copy_init(p, m->ty, args, nargs, name))
		return copy_construct_at(p, addr_of(p, m, name), m->ty, args, name);
	if (m->ty->kind == TY_STRUCT && m->ty->rec->has_ctor) {
		struct obj *c = find_ctor(p, m->ty, args, nargs, name, 0);
		if (!c)
			return NULL;
		return call_resolved(p, c, addr_of(p, m, name), args, nargs, name);
	}
	if (nargs == 0 && m->ty->kind == TY_STRUCT) /* member(): value-initialized (helper_timer.h's start_time()) */
		return assign_to(p, m, aggregate_temp(p, m->ty, NULL, name), name);
	if (nargs == 0)
		return assign_to(p, m, new_num(p, 0, ty_int, name), name);
	if (nargs > 1)
		error_at(p, name, "arg-count", "too many initializers for member '%s'", m->mem->name);
	return assign_to(p, m, args, name);
}

/* mem-initializers = ":" member ("(" args ")" | "{" args "}") ("," ...)* */
/* The call that default-constructs the base subobject at address addr (a Derived *), or NULL. */
static struct node *base_default_ctor(struct parser *p, struct type *ty, struct node *addr, struct token *at)
{
	if (ty->kind != TY_STRUCT || !ty->rec->base || !ty->rec->base->rec->has_ctor)
		return NULL;
	struct type *bt = ty->rec->base;
	struct obj *c = find_ctor(p, bt, NULL, 0, at, 0);
	if (!c)
		return NULL;
	check_call_space(p, c, at, 0);
	return call_resolved(p, c, new_cast(p, addr, type_ptr(p->a, bt)), NULL, 0, at);
}

static struct node *mem_initializers(struct parser *p, struct obj *fn, struct obj *thisv, struct member **named, int *nnamed)
{
	struct node head = { 0 }, *cur = &head;
	if (!consume(p, TK_COLON))
		return NULL;
	do {
		struct type *qbase = NULL;
		if (p->tok->kind == TK_COLONCOLON ||
		    (p->tok->kind == TK_IDENT && (p->tok->next->kind == TK_COLONCOLON || p->tok->next->kind == TK_LT))) {
			/* the base by a qualified or template name: std::vector<T>(n) */
			struct declattr da = { 0 };
			struct token *bt0 = p->tok;
			qbase = declspec(p, &da);
			p->prev = bt0;
		}
		struct token *name = qbase ? p->prev : skip(p, TK_IDENT);
		int nargs;
		struct node *args = p->tok->kind == TK_LBRACE ? brace_args(p, &nargs) : call_args(p, &nargs);
		if (qbase) {
			if (!fn->rec || !fn->rec->base || qbase->kind != TY_STRUCT || qbase->rec != fn->rec->base->rec) {
				error_at(p, name, "no-member", "'%s' is not a base to initialize", type_name(p->a, qbase));
				continue;
			}
			struct type *bt = fn->rec->base;
			struct obj *c = bt->rec->has_ctor ? find_ctor(p, bt, args, nargs, name, 0) : NULL;
			if (c) {
				struct node *th = new_cast(p, new_var(p, thisv, name), type_ptr(p->a, bt));
				cur = cur->next = new_unary(p, ND_EXPR_STMT, call_resolved(p, c, th, args, nargs, name), name);
			}
			continue;
		}
		struct sym *s = fn->rec ? find_in_scope(fn->rec->scope, name->text) : NULL;
		if (!s && fn->rec && fn->rec->base) {
			/* the base named through a template parameter: Std_Exception(s) */
			struct sym *g = lookup(p, name->text);
			if (g && g->kind == SYM_TYPE && g->ty->kind == TY_STRUCT && g->ty->rec == fn->rec->base->rec)
				s = g;
		}
		if (s && s->kind == SYM_TYPE && fn->rec->base && s->ty->kind == TY_STRUCT && s->ty->rec == fn->rec->base->rec) {
			/* Base(args): construct the base subobject through this */
			struct type *bt = fn->rec->base;
			if (bt->rec->has_ctor && implicit_copy_init(p, bt, args, nargs, name)) {
				/* Base(other): the base's implicit copy constructor */
				struct node *th = new_cast(p, new_var(p, thisv, name), type_ptr(p->a, bt));
				cur = cur->next = new_unary(p, ND_EXPR_STMT, copy_construct_at(p, th, bt, args, name), name);
				continue;
			}
			struct obj *c = bt->rec->has_ctor ? find_ctor(p, bt, args, nargs, name, 0) : NULL;
			if (c) {
				struct node *th = new_cast(p, new_var(p, thisv, name), type_ptr(p->a, bt));
				struct node *st = new_unary(p, ND_EXPR_STMT, call_resolved(p, c, th, args, nargs, name), name);
				cur = cur->next = st;
			}
			continue;
		}
		if (!s || s->kind != SYM_MEMBER) {
			error_at(p, name, "no-member", "'%s' is not a member to initialize", name->text);
			continue;
		}
		if (*nnamed < 64)
			named[(*nnamed)++] = s->mem;
		struct node *th = new_var(p, thisv, name);
		struct node *d = new_unary(p, ND_DEREF, th, name);
		d->ty = th->ty->base;
		struct node *m = new_unary(p, ND_MEMBER, d, name);
		m->mem = s->mem;
		/* initialization, not assignment: a const member takes its value here */
		m->ty = s->mem->ty->kind == TY_STRUCT ? s->mem->ty : strip_cv(p, s->mem->ty);
		struct node *init = init_member(p, m, args, nargs, name);
		if (!init)
			continue;
		struct node *st = new_unary(p, ND_EXPR_STMT, init, name);
		cur = cur->next = st;
	} while (consume(p, TK_COMMA));
	return head.next;
}

/* The default member initializers (int n = 5; T x{1, 2};) of the members a
 * constructor's mem-initializers do not name, as statements; adds those
 * members to named. */
static struct node *default_member_inits(struct parser *p, struct obj *fn, struct obj *thisv, struct member **named,
					 int *nnamed)
{
	struct node head = { 0 }, *cur = &head;
	for (struct member *mb = fn->rec->members; mb; mb = mb->next) {
		if (!mb->init)
			continue;
		int done = 0;
		for (int i = 0; i < *nnamed; i++)
			done |= named[i] == mb;
		if (done)
			continue;
		struct token *name = mb->tok, *save = p->tok;
		p->tok = mb->init;
		int nargs = 1;
		struct node *args;
		consume(p, TK_ASSIGN);
		if (p->tok->kind == TK_LBRACE)
			args = brace_args(p, &nargs);
		else
			args = assign(p);
		p->tok = save;
		if (*nnamed < 64)
			named[(*nnamed)++] = mb;
		struct node *th = new_var(p, thisv, name);
		struct node *d = new_unary(p, ND_DEREF, th, name);
		d->ty = th->ty->base;
		struct node *m = new_unary(p, ND_MEMBER, d, name);
		m->mem = mb;
		m->ty = mb->ty;
		struct node *init = NULL;
		if (mb->ty->kind == TY_ARRAY) {
			/* T a[n] = {x, y}: element by element, the rest zero */
			struct node *a = args, *na;
			for (long i = 0; i < mb->ty->array_len && (a || type_is_scalar(mb->ty->base)); a = na, i++) {
				na = a ? a->next : NULL;
				if (a)
					a->next = NULL;
				else
					a = new_num(p, 0, ty_int, name);
				struct node *base = decay(p, m);
				struct node *add = new_binary(p, ND_PTRADD, base, new_num(p, i, ty_long, name), name);
				add->ty = base->ty;
				add->ival = mb->ty->base->size;
				struct node *el = new_unary(p, ND_DEREF, add, name);
				el->ty = mb->ty->base;
				struct node *as = assign_to(p, el, a, name);
				if (init) {
					init = new_binary(p, ND_COMMA, init, as, name);
					init->ty = as->ty;
				} else {
					init = as;
				}
			}
		} else if (mb->ty->kind == TY_STRUCT && !mb->ty->rec->has_ctor && mb->init->kind == TK_LBRACE) {
			init = assign_to(p, m, aggregate_temp(p, mb->ty, args, name), name);
		} else {
			init = init_member(p, m, args, nargs, name);
		}
		if (init)
			cur = cur->next = new_unary(p, ND_EXPR_STMT, init, name);
	}
	return head.next;
}

static void func_body(struct parser *p, struct obj *fn, struct scope *outer)
{
	struct fnstate saved = p->f;
	struct scope *saved_scope = p->scope;
	if (fn->is_defined && fn->body) {
		error_at(p, p->tok, "redefinition", "redefinition of '%s'", fn->name);
	}
	p->scope = outer;
	push_scope(p);
	fn->locals = NULL;
	p->f = (struct fnstate){ 0 };
	p->f.fn = fn;
	p->f.locals_tail = &fn->locals;
	p->f.space = fn->space & SPC_GLOBAL ? SPC_DEVICE : fn->space;
	if ((fn->space & SPC_HOST) && (fn->space & SPC_DEVICE))
		p->f.space = p->device_pass ? SPC_DEVICE : SPC_HOST;
	struct obj *thisv = NULL;
	if (fn->is_method) {
		struct type *rt = NULL;
		for (struct sym *s = fn->rec->scope->syms; s; s = s->next)
			if (s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT && s->ty->rec == fn->rec) {
				rt = s->ty;
				break;
			}
		if (!rt)
			rt = ty_int;
		if (fn->ty->is_method_const)
			rt = type_qual(p->a, rt, 1, 0);
		thisv = new_local(p, "this", type_ptr(p->a, rt), fn->tok);
		thisv->is_param = 1;
	}
	for (struct param *q = fn->ty->params; q; q = q->next) {
		struct obj *v = new_local(p, q->name, q->ty, q->tok);
		v->is_param = 1;
	}
	fn->params = fn->locals;
	fn->is_defined = 1;
	struct node *inits = NULL;
	struct member *inited[64];
	int nnamed = 0;
	if (fn->is_ctor && p->tok->kind == TK_COLON)
		inits = mem_initializers(p, fn, thisv, inited, &nnamed);
	if (fn->is_ctor && fn->rec && fn->rec->has_nsdmi && thisv) {
		struct node *dm = default_member_inits(p, fn, thisv, inited, &nnamed);
		if (dm) {
			struct node *last = dm;
			while (last->next)
				last = last->next;
			last->next = inits;
			inits = dm;
		}
	}
	if (fn->is_ctor && fn->rec && thisv) {
		/* members of class type not named among the mem-initializers are
		 * default-constructed before them (lowering decides whether that
		 * needs any code) */
		struct node head = { 0 }, *cur = &head;
		for (struct member *m = fn->rec->members; m; m = m->next) {
			struct type *et = m->ty;
			while (et->kind == TY_ARRAY)
				et = et->base;
			if (et->kind != TY_STRUCT)
				continue;
			if (!m->name && m->offset == 0 && fn->rec->base && et->rec == fn->rec->base->rec)
				continue; /* the base subobject: constructed as the base below */
			int done = 0;
			for (int i = 0; i < nnamed; i++)
				if (inited[i] == m)
					done = 1;
			if (done)
				continue;
			struct node *th = new_var(p, thisv, fn->tok);
			struct node *d = new_unary(p, ND_DEREF, th, fn->tok);
			d->ty = th->ty->base;
			struct node *mn = new_unary(p, ND_MEMBER, d, fn->tok);
			mn->mem = m;
			mn->ty = m->ty;
			struct node *c = new_unary(p, ND_CONSTRUCT, addr_of(p, mn, fn->tok), fn->tok);
			c->ty = m->ty;
			cur = cur->next = new_unary(p, ND_EXPR_STMT, c, fn->tok);
		}
		if (head.next) {
			cur->next = inits;
			inits = head.next;
		}
	}
	if (fn->is_ctor && fn->rec && fn->rec->base && fn->rec->base->rec->has_ctor && thisv) {
		/* a base not named among the mem-initializers is default-constructed first */
		int named = 0;
		for (struct node *i = inits; i; i = i->next)
			if (i->lhs && ((i->lhs->kind == ND_CALL && i->lhs->func && i->lhs->func->is_ctor &&
					i->lhs->func->rec == fn->rec->base->rec) ||
				       (i->lhs->kind == ND_NEW && (i->lhs->op & 4) &&
					i->lhs->ty->base->rec == fn->rec->base->rec)))
				named = 1;
		struct type *dt = thisv->ty->base;
		struct node *bc = named ? NULL : base_default_ctor(p, dt, new_var(p, thisv, fn->tok), fn->tok);
		if (bc) {
			struct node *st = new_unary(p, ND_EXPR_STMT, bc, fn->tok);
			st->next = inits;
			inits = st;
		}
	}
	virtual_ctor_init(p, fn, thisv, &inits);
	if (p->tok->kind != TK_LBRACE)
		fail_at(p, p->tok, "expected '{' to begin the function body");
	struct node *body = compound_stmt(p);
	if (is_auto_marker(fn->ty->base))
		fn->ty->base = ty_void; /* auto f() { } without a return value */
	if (inits) {
		struct node *last = inits;
		while (last->next)
			last = last->next;
		last->next = body->body;
		body->body = inits;
	}
	fn->body = body;
	add_fn(p, fn);
	p->scope = saved_scope;
	p->f = saved;
}

/* Past a function body unparsed: its mem-initializers, then the braces */
static void skip_body(struct parser *p)
{
	while (p->tok->kind != TK_LBRACE && p->tok->kind != TK_EOF) {
		if (p->tok->kind == TK_LPAREN)
			skip_balanced_parens(p);
		else
			next(p);
	}
	int depth = 0;
	do {
		if (p->tok->kind == TK_LBRACE)
			depth++;
		else if (p->tok->kind == TK_RBRACE)
			depth--;
		next(p);
	} while (depth > 0 && p->tok->kind != TK_EOF);
}

static void defer_body(struct parser *p, struct obj *fn)
{
	struct deferred *d = arena_alloc(p->a, sizeof(*d));
	d->fn = fn;
	d->body = p->tok;
	d->scope = p->scope;
	d->next = NULL;
	struct deferred **pp = &p->deferred;
	while (*pp)
		pp = &(*pp)->next;
	*pp = d;
	skip_body(p);
}

/* A built-in header's function of the other space only (a __device__ one
 * in the host pass, a __host__ one in the device pass) is declared and
 * defined but its body is not parsed: the pass never lowers it, nor what
 * only its body calls (lower.c, mark_fn), and the other pass parses it.
 * About 40% of the headers' function bodies in each pass (hello world:
 * 161 __device__ bodies of 3.8 k tokens, 115 __host__ ones of 5.8 k).
 * constexpr functions (evaluated while parsing), deduced return types
 * (the body says the type) and template instances keep their bodies.
 * Returns 1 when the body was skipped. */
static int skip_foreign_body(struct parser *p, struct obj *fn)
{
	unsigned want = p->device_pass ? (SPC_DEVICE | SPC_GLOBAL) : SPC_HOST;
	if (!p->tok->from_builtin || (fn->space & want) || fn->is_constexpr || fn->is_tmpl_inst ||
	    (fn->is_defined && fn->body) || is_auto_marker(fn->ty->base) || p->tmpl_depth)
		return 0;
	skip_body(p);
	fn->is_defined = 1;
	add_fn(p, fn);
	return 1;
}

static void deferred_body(struct parser *p, struct deferred *d)
{
	struct token *save = p->tok;
	p->tok = d->body;
	jmp_buf jb, *sr = p->recover;
	struct fnstate sf = p->f;
	struct scope *ss = p->scope;
	p->recover = &jb;
	int depth = p->depth;
	if (!setjmp(jb))
		func_body(p, d->fn, d->scope);
	p->recover = sr;
	p->depth = depth;
	p->f = sf;
	p->scope = ss;
	p->tok = save;
}

void parse_deferred(struct parser *p)
{
	struct deferred *d = p->deferred;
	p->deferred = NULL;
	for (; d; d = d->next)
		deferred_body(p, d);
}

static int is_const_init(struct parser *p, struct node *e)
{
	int ok;
	int q = p->quiet;
	p->quiet = 1;
	if (type_is_integer(e->ty))
		const_int(p, e, &ok);
	else if (type_is_flonum(e->ty)) {
		ok = 1;
		eval_double(p, e, &ok, 0);
	} else
		ok = 0;
	p->quiet = q;
	return ok;
}

static enum memspace var_memspace(struct parser *p, struct declattr *at, struct token *t)
{
	enum memspace ms = at->ms;
	if (ms == MS_NONE && (at->space & SPC_DEVICE))
		ms = MS_DEVICE;
	if (at->space & (SPC_HOST | SPC_GLOBAL))
		error_at(p, t, "cuda-space-placement", "%s cannot be applied to a variable",
			 at->space & SPC_GLOBAL ? "__global__" : "__host__");
	return ms;
}

static const char *ms_name(enum memspace ms)
{
	switch (ms) {
	case MS_DEVICE: return "__device__";
	case MS_CONSTANT: return "__constant__";
	case MS_SHARED: return "__shared__";
	case MS_MANAGED: return "__managed__";
	default: return "";
	}
}

/* init-declarator for a variable; returns a ND_DECL for locals (or NULL). */
static struct node *declare_var(struct parser *p, struct type *ty, struct dname *dn, struct declattr *at, int ctx)
{
	struct token *t = dn->tok;
	enum memspace ms = var_memspace(p, at, t);
	if (ty->kind == TY_VOID) {
		error_at(p, t, "bad-type", "variable '%s' has type void", dn->name);
		ty = ty_int;
	}
	if (ms == MS_SHARED && at->is_extern) {
		if (ty->kind != TY_ARRAY || ty->array_len >= 0)
			error_at(p, t, "cuda-extern-shared", "an extern __shared__ variable must be an array of unknown size ('%s[]')", dn->name);
	}
	int local = ctx == CTX_LOCAL;
	if (!at->is_extern)
		virtual_check_object(p, ty, t);
	if (local) {
		unsigned fs = p->f.fn ? p->f.fn->space : 0;
		if (ms == MS_SHARED && !(fs & (SPC_DEVICE | SPC_GLOBAL)))
			error_at(p, t, "cuda-shared-host", "__shared__ variable '%s' cannot be declared in host code", dn->name);
		else if ((ms == MS_DEVICE || ms == MS_CONSTANT || ms == MS_MANAGED) && !at->is_static)
			error_at(p, t, "cuda-space-placement", "%s variable '%s' cannot be a non-static local variable",
				 ms_name(ms), dn->name);
		else if (ms != MS_NONE && ms != MS_SHARED && !(fs & (SPC_DEVICE | SPC_GLOBAL)))
			error_at(p, t, "cuda-space-placement", "%s variable '%s' cannot be declared in host code",
				 ms_name(ms), dn->name);
	}
	int is_static = !local || at->is_static || ms != MS_NONE || at->is_extern;
	if (local && at->is_static && ms == MS_NONE && p->f.fn && !(p->f.fn->space & SPC_HOST))
		ms = MS_DEVICE; /* a static local of device code lives in global memory */
	struct obj *v;
	struct sym *existing = !local ? find_in_scope(p->scope, dn->name) : NULL;
	if (existing && existing->kind == SYM_VAR && !existing->obj->is_local) {
		v = existing->obj;
		if (!at->is_extern) {
			v->is_extern = 0;
			v->ty = ty->kind == TY_ARRAY && ty->array_len < 0 ? v->ty : ty;
		}
	} else if (is_static) {
		v = new_obj(p, dn->name, ty, t);
		v->qname = local && p->f.fn ? qualify(p, NULL, dn->name) : qualify(p, p->scope, dn->name);
		if (local && p->f.fn) {
			struct strbuf sb;
			strbuf_init(&sb);
			strbuf_addf(&sb, "%s::%s", p->f.fn->qname, dn->name);
			v->qname = arena_strdup(p->a, strbuf_cstr(&sb));
			strbuf_release(&sb);
			v->owner_fn = p->f.fn;
		}
		v->is_static = 1;
		v->static_local = local && p->f.fn;
		v->is_extern = at->is_extern;
		v->ms = ms;
		v->align = at->align;
		v->dyn_shared = ms == MS_SHARED && at->is_extern;
		add_global(p, v);
		struct sym *s = add_sym(p, p->scope, dn->name, SYM_VAR);
		s->obj = v;
	} else {
		v = new_local(p, dn->name, ty, t);
		v->align = at->align;
	}
	v->ms = ms;
	if (at->is_constexpr)
		v->is_constexpr = 0; /* set below once the initializer is known constant */
	struct node *decl = local && !is_static ? new_node(p, ND_DECL, t) : NULL;
	if (decl) {
		decl->var = v;
		decl->ty = ty_void;
	}
	/* initializer */
	struct token *it = p->tok;
	int has_init = it->kind == TK_ASSIGN || it->kind == TK_LBRACE || it->kind == TK_LPAREN;
	if (has_init && ms == MS_SHARED) {
		error_at(p, it, "cuda-shared-init", "__shared__ variable '%s' cannot have an initializer", dn->name);
	}
	if (contains_auto(ty) && !has_init) {
		error_at(p, t, "auto-init", "declaration of 'auto' variable '%s' needs an initializer", dn->name);
		v->ty = ty = ty_int;
	}
	if (ty->kind == TY_REF && !has_init && !at->is_extern && ctx != CTX_CLASS)
		error_at(p, t, "ref-init", "reference '%s' must be initialized", dn->name);
	if (it->kind == TK_LPAREN || (it->kind == TK_LBRACE && ty->kind == TY_STRUCT && ty->rec->has_ctor)) {
		int nargs;
		struct node *args = it->kind == TK_LPAREN ? call_args(p, &nargs) : brace_args(p, &nargs);
		if (contains_auto(ty)) {
			v->ty = ty = deduce_auto(p, ty, args);
			if (decl)
				decl->var->ty = ty;
		}
		int implicit_copy = 0;
		if (ty->kind == TY_STRUCT && ty->rec->has_ctor && nargs == 1 && !ty->rec->copy_ctor &&
		    args->ty->kind == TY_STRUCT && (args->ty->rec == ty->rec || is_base_of(ty->rec, args->ty->rec))) {
			/* T x(y) with y a T and no user-declared copy constructor: the
			 * implicit one, as T x = y (unless a constructor fits better) */
			int q = p->quiet;
			p->quiet = 1;
			implicit_copy = !find_ctor(p, ty, args, nargs, t, 1);
			p->quiet = q;
		}
		if (implicit_copy) {
			struct node *e = conv(p, args, ty, "initialization");
			if (decl) {
				decl->init = e;
			} else {
				struct initializer *in = initz_new(p, ty);
				in->expr = e;
				v->init = in;
				v->has_init = 1;
			}
		} else if (ty->kind == TY_STRUCT && ty->rec->has_ctor) {
			struct obj *c = find_ctor(p, ty, args, nargs, t, 0);
			if (c) {
				v->addr_taken = 1;
				if (decl) {
					struct node *vn = new_var(p, v, t);
					check_call_space(p, c, t, 0);
					decl->init = call_resolved(p, c, addr_of(p, vn, t), args, nargs, t);
					decl->op = 1;
				} else {
					struct initializer *in = initz_new(p, ty);
					in->expr = construct_temp(p, ty, c, args, nargs, t);
					v->init = in;
				}
			}
		} else if (nargs == 1) {
			struct initializer *in = initz_new(p, ty);
			in->expr = ty->kind == TY_REF ? bind_ref(p, args, ty, "initialization") : conv(p, decay(p, args), ty, "initialization");
			if (decl)
				decl->init = in->expr;
			else
				v->init = in;
		} else if (nargs == 0 && it->kind == TK_LBRACE) {
			if (decl)
				decl->init = new_cast(p, new_num(p, 0, ty_int, t), ty);
		} else {
			error_at(p, it, "arg-count", "wrong number of values to initialize '%s'", dn->name);
		}
	} else if (it->kind == TK_ASSIGN || it->kind == TK_LBRACE) {
		if (it->kind == TK_ASSIGN)
			next(p);
		struct initializer *in;
		if (contains_auto(ty)) {
			struct node *e = assign(p);
			v->ty = ty = deduce_auto(p, ty, e);
			in = initz_new(p, ty);
			in->expr = ty->kind == TY_REF ? bind_ref(p, e, ty, "initialization") : conv(p, decay(p, funcref_value(p, e)), ty, "initialization");
		} else {
			in = initz_new(p, ty);
			initializer2(p, in);
		}
		if (in->ty != ty) {
			v->ty = ty = in->ty; /* int a[] = {...} */
		}
		/* `T x = y;` with y an lvalue of class T copy-initializes through
		 * T's copy constructor (a temporary initializer is elided) */
		struct obj *cc = NULL;
		if (decl && in->expr && ty->kind == TY_STRUCT && ty->rec->has_ctor && is_lvalue(in->expr) &&
		    in->expr->ty->kind == TY_STRUCT && in->expr->ty->rec == ty->rec) {
			struct node *a = in->expr;
			a->next = NULL;
			int q = p->quiet;
			p->quiet = 1;
			cc = find_ctor(p, ty, a, 1, t, 1);
			p->quiet = q;
		}
		if (cc) {
			v->addr_taken = 1;
			struct node *vn = new_var(p, v, t);
			check_call_space(p, cc, t, 0);
			decl->init = call_resolved(p, cc, addr_of(p, vn, t), in->expr, 1, t);
			decl->op = 1;
		} else if (decl) {
			if (type_is_aggregate(ty) && !(ty->kind == TY_STRUCT && in->expr))
				decl->initz = in;
			else
				decl->init = in->expr;
		} else {
			v->init = in;
			v->has_init = 1;
		}
		if (ty->is_const && type_is_arith(ty) && in->expr && is_const_init(p, in->expr)) {
			v->is_constexpr = 1;
			v->init = in;
		} else if (at->is_constexpr && in->expr && type_is_arith(ty)) {
			error_node(p, in->expr, "not-constant", "constexpr variable '%s' needs a constant initializer", dn->name);
		}
	} else if (ty->kind == TY_STRUCT && !ty->rec->has_ctor && ty->rec->base && decl && ms != MS_SHARED) {
		v->addr_taken = 1;
		struct node *vn = new_var(p, v, t);
		decl->init = base_default_ctor(p, ty, addr_of(p, vn, t), t);
		decl->op = decl->init ? 1 : 0;
	} else if (ty->kind == TY_STRUCT && ty->rec->has_ctor && !at->is_extern && ms != MS_SHARED && ctx != CTX_CLASS) {
		struct obj *c = find_ctor(p, ty, NULL, 0, t, 0);
		if (c) {
			v->addr_taken = 1;
			if (decl) {
				struct node *vn = new_var(p, v, t);
				check_call_space(p, c, t, 0);
				decl->init = call_resolved(p, c, addr_of(p, vn, t), NULL, 0, t);
				decl->op = 1;
			} else {
				struct initializer *in = initz_new(p, ty);
				in->expr = construct_temp(p, ty, c, NULL, 0, t);
				v->init = in;
			}
		}
	}
	if (ty->kind == TY_ARRAY && ty->array_len < 0 && !at->is_extern && ctx != CTX_CLASS && !v->dyn_shared) {
		error_at(p, t, "incomplete-type", "array '%s' has no size", dn->name);
		v->ty = type_array(p->a, ty->base, 1);
	}
	if (ty->kind == TY_STRUCT && !ty->rec->complete)
		error_at(p, t, "incomplete-type", "variable '%s' has incomplete type '%s'", dn->name, type_name(p->a, ty));
	if (decl && type_is_aggregate(v->ty))
		v->addr_taken = 1;
	if (!decl && local && !at->is_extern) {
		/* a static or __shared__ local: no code, but the debugger shows it in scope */
		decl = new_node(p, ND_DECL, t);
		decl->var = v;
		decl->ty = ty_void;
	}
	return decl;
}

/*
 * declaration = declspec (init-declarator ("," init-declarator)*)? ";"
 *             | declspec declarator function-body
 * Returns the ND_DECL statements of a block-scope declaration.
 */
struct node *declaration(struct parser *p, int ctx)
{
	if (ctx == CTX_FILE && out_of_class_ctor(p))
		return NULL;
	if (ctx == CTX_LOCAL && is_structured_binding(p))
		return structured_binding(p);
	struct declattr at = { 0 };
	struct token *start = p->tok;
	struct type *base = declspec(p, &at);
	struct node head, *cur = &head; /* only head.next is read: no 304-byte memset */
	head.next = NULL;
	if (consume(p, TK_SEMI))
		return NULL;
	int first = 1;
	do {
		struct dname dn = { 0 };
		struct declattr at2 = at;
		p->no_func_suffix = ctx != CTX_CLASS;
		struct type *ty = declarator_dn(p, base, &dn, &at2);
		p->no_func_suffix = 0;
		if (!dn.name) {
			fail_at(p, p->tok, "expected a name in the declaration before '%s'", tok_str(p->tok));
		}
		if (at.is_typedef) {
			struct sym *s = add_sym(p, p->scope, dn.name, SYM_TYPE);
			s->ty = ty;
			if (ty->kind == TY_STRUCT && !ty->rec->name) {
				ty->rec->name = dn.name;
				ty->rec->scope->name = dn.name;
			}
			first = 0;
			continue;
		}
		if (ty->kind == TY_FUNC) {
			/* auto f(...) { ... }: the return type is the first return's
			 * (func_body); only a definition outside a class can say it */
			if (is_auto_marker(ty->base) && (ctx == CTX_CLASS || p->tok->kind != TK_LBRACE))
				error_at(p, dn.tok, "unsupported", "deduced return types are supported only on function definitions outside a class");
			struct obj *fn = declare_function(p, ty, &dn, &at2, 0);
			if (first && (p->tok->kind == TK_LBRACE || (p->tok->kind == TK_COLON))) {
				if (ctx == CTX_LOCAL)
					fail_at(p, p->tok, "function definitions are not allowed inside a function");
				struct scope *outer = dn.qual ? dn.qual : p->scope;
				if (ctx == CTX_CLASS)
					defer_body(p, fn);
				else if (!skip_foreign_body(p, fn))
					func_body(p, fn, outer);
				return NULL;
			}
			if (consume(p, TK_ASSIGN)) {
				/* = default / = delete / = 0 */
				if (fn->rec && fn == fn->rec->copy_assign)
					fn->rec->copy_assign = NULL; /* the implicit, memberwise one */
				if (p->tok->kind == TK_NUM)
					error_at(p, p->tok, "unsupported", "pure virtual functions are not supported");
				next(p);
			}
			first = 0;
			continue;
		}
		if (ctx == CTX_CLASS) {
			/* handled by member_decl */
			fail_at(p, start, "internal: data member in declaration()");
		}
		if (at.is_static && at.is_extern)
			error_at(p, dn.tok, "bad-storage", "'static' and 'extern' together");
		struct node *d = declare_var(p, ty, &dn, &at2, ctx);
		if (d) {
			d->span = span_union(tok_span(dn.tok), tok_span(p->prev)); /* "x = init" */
			cur = cur->next = d;
		}
		first = 0;
	} while (consume(p, TK_COMMA));
	skip(p, TK_SEMI);
	return head.next;
}

/* member = access ":" | declaration of fields, methods, constructors, static members */
/* Skip a default member initializer: "{" ... "}" or "=" up to the ',' or ';' that ends it. */
static void skip_member_init(struct parser *p)
{
	if (p->tok->kind == TK_LBRACE) {
		int depth = 0;
		do {
			if (p->tok->kind == TK_LBRACE)
				depth++;
			else if (p->tok->kind == TK_RBRACE)
				depth--;
			next(p);
		} while (depth > 0 && p->tok->kind != TK_EOF);
		return;
	}
	next(p);
	int depth = 0;
	while (p->tok->kind != TK_EOF) {
		enum tok_kind k = p->tok->kind;
		if (depth == 0 && (k == TK_COMMA || k == TK_SEMI || k == TK_RBRACE))
			return;
		if (k == TK_LPAREN || k == TK_LBRACK || k == TK_LBRACE)
			depth++;
		else if ((k == TK_RPAREN || k == TK_RBRACK || k == TK_RBRACE) && depth > 0)
			depth--;
		next(p);
	}
}

/*
 * conversion-function = ("explicit" | "virtual" | spec)* "operator" conversion-type-id "(" ")"
 *                       ("const" | "noexcept")* (body | "= default" ";" | "= 0" ";" | ";")
 * The specifiers before "operator" were read by the caller from s; at holds
 * the CUDA ones. Declared as the member "operator T" marked is_conv.
 */
static void conversion_decl(struct parser *p, struct record *rec, struct token *s, struct declattr *at)
{
	int is_explicit = 0, is_virtual = 0;
	for (struct token *x = s; x != p->tok; x = x->next) {
		is_explicit |= x->kind == TK_EXPLICIT;
		is_virtual |= x->kind == TK_VIRTUAL;
		at->is_inline |= x->kind == TK_INLINE;
		at->is_constexpr |= x->kind == TK_CONSTEXPR;
	}
	struct token *ot = next(p);
	struct type *cty = conversion_type(p);
	skip(p, TK_LPAREN);
	struct type *fty = func_params(p, cty);
	if (fty->params)
		error_at(p, ot, "bad-decl", "a conversion function takes no parameters");
	for (;;) {
		if (consume(p, TK_CONST))
			fty->is_method_const = 1;
		else if (consume(p, TK_NOEXCEPT)) {
			if (p->tok->kind == TK_LPAREN)
				skip_balanced_parens(p);
		} else if (is_ident(p->tok, "override") || is_ident(p->tok, "final"))
			next(p);
		else if (!cuda_spec(p, at))
			break;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_adds(&sb, "operator ");
	type_str(cty, &sb);
	struct dname dn = { .tok = ot, .name = arena_strdup(p->a, strbuf_cstr(&sb)) };
	strbuf_release(&sb);
	struct obj *fn = declare_function(p, fty, &dn, at, 0);
	fn->is_conv = 1;
	fn->is_explicit = is_explicit;
	/* conversions to a class type go through conv_fn_of (parse_conv.c);
	 * conv_function ranks those to scalars and pointers */
	if ((cty->kind == TY_REF ? cty->base : cty)->kind == TY_STRUCT && !rec->conv_fn)
		rec->conv_fn = fn;
	int pure = 0;
	if (p->tok->kind == TK_LBRACE) {
		virtual_method(p, rec, fn, is_virtual, 0, ot);
		defer_body(p, fn);
		return;
	}
	if (consume(p, TK_ASSIGN)) {
		pure = p->tok->kind == TK_NUM;
		next(p);
	}
	virtual_method(p, rec, fn, is_virtual, pure, ot);
	skip(p, TK_SEMI);
}

/* bit-field-width = ":" constant-expression, after a member's declarator.
 * Returns the width, or -1 after a diagnostic. A named bit-field may not be
 * zero wide; the width may not exceed the bits of its integral type. */
static int bitfield_width(struct parser *p, struct type *ty, const char *name, int unnamed)
{
	struct token *colon = skip(p, TK_COLON);
	struct node *e = conditional(p);
	int ok;
	long w = const_int(p, e, &ok);
	const char *sp = name ? " " : "", *nm = name ? name : "";
	if (!type_is_integer(ty)) {
		error_at(p, colon, "bad-bitfield", "bit-field%s%s has non-integral type", sp, nm);
		return -1;
	}
	if (!ok) {
		error_node(p, e, "not-constant", "bit-field width is not an integral constant expression");
		return -1;
	}
	if (w < 0 || (w == 0 && !unnamed)) {
		error_node(p, e, "bad-bitfield", "bit-field%s%s has %s width", sp, nm, w < 0 ? "negative" : "zero");
		return -1;
	}
	if (w > ty->size * 8) {
		error_node(p, e, "bad-bitfield", "width of bit-field%s%s (%ld bits) exceeds the width of its type (%ld bits)",
			   sp, nm, w, ty->size * 8);
		return -1;
	}
	return (int)w;
}

void member_decl(struct parser *p, struct record *rec, struct type *rty)
{
	struct token *t = p->tok;
	if ((t->kind == TK_PUBLIC || t->kind == TK_PRIVATE || t->kind == TK_PROTECTED) && t->next->kind == TK_COLON) {
		next(p);
		next(p);
		return;
	}
	if (consume(p, TK_SEMI))
		return;
	if (t->kind == TK_TEMPLATE || t->kind == TK_USING || t->kind == TK_STATIC_ASSERT ||
	    t->kind == TK_STATIC_ASSERT_C || t->kind == TK_TYPEDEF || t->kind == TK_FRIEND) {
		parse_external_member(p);
		return;
	}
	struct declattr at = { 0 };
	/* constructor or destructor */
	struct type *base;
	struct token *s = p->tok;
	while (cuda_spec(p, &at) || consume(p, TK_INLINE) || consume(p, TK_EXPLICIT) || consume(p, TK_CONSTEXPR) ||
	       consume(p, TK_VIRTUAL))
		;
	if ((p->tok->kind == TK_IDENT && p->tok->next->kind == TK_LPAREN && rec->name &&
	     lookup(p, p->tok->text) && lookup(p, p->tok->text)->kind == SYM_TYPE &&
	     lookup(p, p->tok->text)->ty->rec == rec) ||
	    p->tok->kind == TK_TILDE) {
		int dtor = p->tok->kind == TK_TILDE;
		if (dtor)
			next(p);
		struct token *nt = skip(p, TK_IDENT);
		skip(p, TK_LPAREN);
		struct type *fty = func_params(p, ty_void);
		while (cuda_spec(p, &at) || consume(p, TK_NOEXCEPT) ||
		       (p->tok->kind == TK_THROW && p->tok->next->kind == TK_LPAREN && consume(p, TK_THROW)))
			if (p->prev->kind == TK_THROW)
				skip_balanced_parens(p);
		if (dtor) {
			struct dname dd = { .tok = nt, .name = "~" };
			struct obj *fn = declare_function(p, fty, &dd, &at, 0);
			int is_virtual = 0;
			for (struct token *x = s; x != nt; x = x->next)
				is_virtual |= x->kind == TK_VIRTUAL;
			/* a virtual destructor: delete through a base pointer runs the
			 * dynamic type's (parse_virtual.c) */
			virtual_method(p, rec, fn, is_virtual, 0, nt);
			if (p->tok->kind == TK_LBRACE) {
				defer_body(p, fn);
				return;
			}
			if (consume(p, TK_ASSIGN)) {
				struct token *k = next(p);
				if (is_ident(k, "default") || k->kind == TK_DEFAULT || k->kind == TK_DELETE)
					rec->dtor = NULL; /* the implicit destructor */
			}
			skip(p, TK_SEMI);
			return;
		}
		struct dname dn = { .tok = nt, .name = nt->text };
		struct obj *fn = declare_function(p, fty, &dn, &at, 1);
		if (p->tok->kind == TK_LBRACE || p->tok->kind == TK_COLON) {
			defer_body(p, fn);
			return;
		}
		if (consume(p, TK_ASSIGN)) {
			struct token *k = next(p);
			if (is_ident(k, "default") || k->kind == TK_DEFAULT || k->kind == TK_DELETE) {
				/* a defaulted copy constructor is the implicit, memberwise one */
				if (fn == rec->copy_ctor)
					rec->copy_ctor = NULL;
			}
		}
		skip(p, TK_SEMI);
		return;
	}
	if (p->tok->kind == TK_OPERATOR && is_typename(p, p->tok->next)) {
		conversion_decl(p, rec, s, &at);
		return;
	}
	p->tok = s;
	at = (struct declattr){ 0 };
	base = declspec(p, &at);
	if (p->tok->kind == TK_SEMI && !at.is_typedef && base->kind == TY_STRUCT && !base->rec->name &&
	    base->rec->complete) {
		/* an anonymous struct or union: its members are found as members of
		 * the enclosing class, through an unnamed member */
		add_member(p, rec, NULL, base, s);
		struct member *am = rec->members;
		while (am->next)
			am = am->next;
		for (struct sym *in = base->rec->scope->syms; in; in = in->next) {
			if (in->kind != SYM_MEMBER || !in->name)
				continue;
			struct anon_path *ap = arena_alloc(p->a, sizeof(*ap));
			ap->m = am;
			ap->next = in->via;
			struct sym *os = add_sym(p, rec->scope, in->name, SYM_MEMBER);
			os->mem = in->mem;
			os->ty = in->ty;
			os->via = ap;
		}
		next(p);
		return;
	}
	if (consume(p, TK_SEMI))
		return;
	int first = 1;
	do {
		struct dname dn = { 0 };
		struct declattr at2 = at;
		struct type *ty = declarator_dn(p, base, &dn, &at2);
		if (!dn.name && p->tok->kind == TK_COLON && !at.is_typedef) {
			/* an unnamed bit-field: only moves the layout */
			int w = bitfield_width(p, ty, NULL, 1);
			if (w >= 0) {
				struct bfpad *bp = arena_alloc(p->a, sizeof(*bp));
				bp->ty = ty;
				bp->width = w;
				struct bfpad **pp = &rec->pads;
				while (*pp)
					pp = &(*pp)->next;
				*pp = bp;
			}
			first = 0;
			continue;
		}
		if (!dn.name)
			fail_at(p, p->tok, "expected a member name");
		if (at.is_typedef) {
			struct sym *sy = add_sym(p, p->scope, dn.name, SYM_TYPE);
			sy->ty = ty;
			first = 0;
			continue;
		}
		if (ty->kind == TY_FUNC) {
			struct obj *fn = declare_function(p, ty, &dn, &at2, 0);
			if (first && (p->tok->kind == TK_LBRACE)) {
				virtual_method(p, rec, fn, at2.is_virtual, 0, dn.tok);
				defer_body(p, fn);
				return;
			}
			int pure = 0;
			if (consume(p, TK_ASSIGN)) {
				pure = p->tok->kind == TK_NUM; /* = 0 */
				next(p);
			}
			virtual_method(p, rec, fn, at2.is_virtual, pure, dn.tok);
			first = 0;
			continue;
		}
		if (at.ms != MS_NONE || (at.space & SPC_DEVICE)) {
			error_at(p, dn.tok, "cuda-space-placement", "memory space specifiers are not allowed on struct members");
		}
		if (at.is_static) {
			/* a static data member: a global with a qualified name */
			struct declattr a3 = at2;
			a3.ms = MS_NONE;
			a3.space = 0;
			/* of class type: only declared here; the definition outside
			 * the class constructs it */
			if (ty->kind == TY_STRUCT && p->tok->kind == TK_SEMI)
				a3.is_extern = 1;
			struct scope *saved = p->scope;
			declare_var(p, ty, &dn, &a3, CTX_FILE);
			p->scope = saved;
			first = 0;
			continue;
		}
		if (ty->kind == TY_STRUCT && !ty->rec->complete)
			error_at(p, dn.tok, "incomplete-type", "field '%s' has incomplete type", dn.name);
		if (ty->kind == TY_ARRAY && ty->array_len < 0)
			error_at(p, dn.tok, "incomplete-type", "flexible array members are not supported");
		int bits = 0;
		if (p->tok->kind == TK_COLON) {
			bits = bitfield_width(p, ty, dn.name, 0);
			if (bits < 0)
				bits = 0;
		}
		if (find_in_scope(rec->scope, dn.name) && find_in_scope(rec->scope, dn.name)->kind == SYM_MEMBER)
			error_at(p, dn.tok, "redefinition", "duplicate member '%s'", dn.name);
		add_member(p, rec, dn.name, ty, dn.tok);
		if (bits) {
			struct member *mm = rec->members;
			while (mm->next)
				mm = mm->next;
			mm->bits = bits;
		}
		if (p->tok->kind == TK_ASSIGN || p->tok->kind == TK_LBRACE) {
			/* a default member initializer: parsed in each constructor that
			 * does not name the member (an implicit one if none is declared) */
			struct sym *ms = find_in_scope(rec->scope, dn.name);
			if (ms && ms->kind == SYM_MEMBER)
				ms->mem->init = p->tok;
			rec->has_nsdmi = 1;
			skip_member_init(p);
		}
		first = 0;
	} while (consume(p, TK_COMMA));
	(void)rty;
	skip(p, TK_SEMI);
}

/* ---- namespaces, using, static_assert, linkage ---- */

/* static-assert = "static_assert" "(" conditional ("," string)? ")" ";" */
static void static_assert_decl(struct parser *p)
{
	struct token *t = next(p);
	skip(p, TK_LPAREN);
	struct node *e = conditional(p);
	const char *msg = NULL;
	if (consume(p, TK_COMMA)) {
		struct node *s = string_lit(p);
		msg = s->str;
	}
	skip(p, TK_RPAREN);
	skip(p, TK_SEMI);
	int ok;
	long v = const_int(p, e, &ok);
	if (!ok)
		error_node(p, e, "not-constant", "static_assert expression is not an integral constant expression");
	else if (!v)
		error_at(p, t, "static-assert", "static assertion failed%s%s", msg ? ": " : "", msg ? msg : "");
}

static struct scope *resolve_ns(struct parser *p)
{
	int global = consume(p, TK_COLONCOLON);
	struct scope *sc = global ? p->global : NULL;
	for (;;) {
		struct token *n = skip(p, TK_IDENT);
		struct sym *s = sc ? find_in_scope(sc, n->text) : lookup(p, n->text);
		if (!s || s->kind != SYM_NS) {
			error_at(p, n, "undeclared", "'%s' is not a namespace", n->text);
			return NULL;
		}
		sc = s->ns;
		if (!consume(p, TK_COLONCOLON))
			return sc;
	}
}

/* namespace-decl = "namespace" ident? ("=" qualified ";" | "{" external* "}") */
static void namespace_decl(struct parser *p)
{
	next(p);
	struct token *name = NULL;
	if (p->tok->kind == TK_IDENT)
		name = next(p);
	if (name && consume(p, TK_ASSIGN)) {
		struct scope *target = resolve_ns(p);
		skip(p, TK_SEMI);
		if (target) {
			struct sym *s = add_sym(p, p->scope, name->text, SYM_NS);
			s->ns = target;
		}
		return;
	}
	struct scope *ns = NULL;
	if (name) {
		struct sym *s = find_in_scope(p->scope, name->text);
		if (s && s->kind == SYM_NS)
			ns = s->ns;
	}
	if (!ns) {
		ns = arena_alloc(p->a, sizeof(*ns));
		ns->parent = p->scope;
		ns->is_ns = 1;
		ns->urec = p->rec;
		ns->name = name ? name->text : NULL;
		if (name) {
			struct sym *s = add_sym(p, p->scope, name->text, SYM_NS);
			s->ns = ns;
		} else if (p->scope->nusings < 8) {
			p->scope->usings[p->scope->nusings++] = ns;
		}
	}
	skip(p, TK_LBRACE);
	struct scope *saved = p->scope;
	p->scope = ns;
	while (p->tok->kind != TK_RBRACE && p->tok->kind != TK_EOF)
		parse_external(p, CTX_FILE);
	p->scope = saved;
	skip(p, TK_RBRACE);
}

/* using-decl = "using" "namespace" qualified ";" | "using" qualified ";" | "using" ident "=" type ";" */
static void using_decl(struct parser *p)
{
	next(p);
	if (consume(p, TK_NAMESPACE)) {
		struct scope *ns = resolve_ns(p);
		skip(p, TK_SEMI);
		if (ns && p->scope->nusings < 8)
			p->scope->usings[p->scope->nusings++] = ns;
		else if (ns)
			error_at(p, p->tok, "limit", "too many using-directives in one scope");
		return;
	}
	if (p->tok->kind == TK_IDENT && p->tok->next->kind == TK_ASSIGN) {
		struct token *name = next(p);
		next(p);
		struct type *ty = abstract_type(p);
		skip(p, TK_SEMI);
		struct sym *s = add_sym(p, p->scope, name->text, SYM_TYPE);
		s->ty = ty;
		return;
	}
	consume(p, TK_TYPENAME);
	struct token *end;
	struct token *start = p->tok;
	struct sym *s = peek_name(p, start, &end);
	if (!end)
		fail_at(p, start, "expected a qualified name after 'using'");
	struct token *last = start;
	for (struct token *x = start; x != end; x = x->next)
		if (x->kind == TK_IDENT)
			last = x;
	p->tok = end;
	skip(p, TK_SEMI);
	if (!s) {
		error_at(p, last, "undeclared", "no member named '%s'", last->text);
		return;
	}
	struct sym *alias = add_sym(p, p->scope, s->name, s->kind);
	const char *nm = alias->name;
	struct sym *nx = alias->next, *hn = alias->hnext;
	unsigned h = alias->hash;
	*alias = *s;
	alias->name = nm;
	alias->next = nx;
	alias->hnext = hn;
	alias->hash = h;
}

static void parse_external_member(struct parser *p)
{
	parse_external(p, CTX_CLASS);
}

/*
 * external = namespace-decl | using-decl | static-assert | template-decl
 *          | "extern" "\"C\"" ("{" external* "}" | external) | ";" | declaration
 */
/* A::A(params) and A::~A() defined outside their class (also after
 * __host__ __device__ / inline): the constructor or destructor, or 0 when the
 * tokens are something else. */
static int out_of_class_special(struct parser *p)
{
	struct token *s = p->tok;
	struct declattr at = { 0 };
	while (cuda_spec(p, &at) || consume(p, TK_INLINE))
		;
	struct token *t = p->tok;
	struct scope *qual = NULL;
	struct record *rec = NULL;
	while (t->kind == TK_IDENT && t->next->kind == TK_COLONCOLON) {
		struct sym *sy = qual ? find_in_scope(qual, t->text) : lookup(p, t->text);
		if (!sy)
			break;
		if (sy->kind == SYM_NS) {
			qual = sy->ns;
			rec = NULL;
		} else if (sy->kind == SYM_TYPE && sy->ty->kind == TY_STRUCT && sy->ty->rec->scope) {
			qual = sy->ty->rec->scope;
			rec = sy->ty->rec;
		} else {
			break;
		}
		t = t->next->next;
	}
	int dtor = t->kind == TK_TILDE;
	struct token *nt = dtor ? t->next : t;
	if (!rec || !rec->name || nt->kind != TK_IDENT || strcmp(nt->text, rec->name) ||
	    nt->next->kind != TK_LPAREN || (t->next->kind == TK_COLONCOLON)) {
		p->tok = s;
		return 0;
	}
	p->tok = nt->next;
	next(p);
	struct type *fty = func_params(p, ty_void);
	while (cuda_spec(p, &at) || consume(p, TK_NOEXCEPT) ||
	       (p->tok->kind == TK_THROW && p->tok->next->kind == TK_LPAREN && consume(p, TK_THROW)))
		if (p->prev->kind == TK_THROW)
			skip_balanced_parens(p);
	/* the definition of a special member the class declared, never a new one */
	struct sym *ds = find_in_scope(rec->scope, dtor ? "~" : "<ctor>");
	int declared = 0;
	for (struct obj *o = ds && ds->kind == SYM_FUNC ? ds->obj : NULL; o; o = o->next_overload)
		if (dtor || same_params(o->ty, fty))
			declared = 1;
	if (!declared) {
		if (dtor)
			error_at(p, nt, "undeclared", "no destructor of '%s' is declared in the class", rec->name);
		else
			error_at(p, nt, "undeclared", "no constructor of '%s' with these parameters is declared in the class",
				 rec->name);
		skip_declaration(p);
		return 1;
	}
	struct dname dn = { .tok = nt, .name = dtor ? "~" : nt->text, .qual = qual };
	struct obj *fn = declare_function(p, fty, &dn, &at, !dtor);
	if (p->tok->kind == TK_LBRACE || p->tok->kind == TK_COLON)
		func_body(p, fn, qual);
	else
		skip(p, TK_SEMI);
	return 1;
}

/* the parser's state that a prelude unit must leave as it found it to be
 * skippable (units.h) */
static void unit_state(const struct parser *p, struct unit_state *st)
{
	memset(st, 0, sizeof(*st));
	st->tmpcount = p->tmpcount;
	st->range_for_count = p->range_for_count;
	st->nvclasses = p->nvclasses;
	st->ninst = p->ninst;
	st->vclasses = p->vclasses;
	st->vdisps = p->vdisps;
	st->gtemps_tail = p->gtemps_tail;
	st->exc = p->exc;
	st->deferred = p->deferred;
	st->ndiags = p->dl->v.len;
}

static void parse_external_one(struct parser *p, int ctx);

/*
 * external-decl at file or namespace scope is a unit of the prelude
 * (units.h): a stub (a unit no name of the program reaches) is stepped
 * over whole; while units are recorded, each is bracketed.
 */
void parse_external(struct parser *p, int ctx)
{
	if (ctx != CTX_FILE || (!p->rec && !p->tok->unit_stub)) {
		parse_external_one(p, ctx);
		return;
	}
	if (p->tok->unit_stub) {
		p->prev = p->tok;
		p->tok = p->tok->next;
		return;
	}
	struct unit_state st;
	unit_state(p, &st);
	unit_rec_begin(p->rec, p->tok, &st);
	parse_external_one(p, ctx);
	unit_state(p, &st);
	unit_rec_end(p->rec, p->tok, &st);
}

static void parse_external_one(struct parser *p, int ctx)
{
	struct token *t = p->tok;
	if (ctx == CTX_FILE && out_of_class_special(p))
		return;
	switch (t->kind) {
	case TK_NAMESPACE:
		/* a namespace alias (namespace cg = cooperative_groups;) may be local */
		if (ctx != CTX_FILE && !(t->next->kind == TK_IDENT && t->next->next->kind == TK_ASSIGN))
			fail_at(p, t, "a namespace is not allowed here");
		namespace_decl(p);
		return;
	case TK_USING:
		using_decl(p);
		return;
	case TK_STATIC_ASSERT: case TK_STATIC_ASSERT_C:
		static_assert_decl(p);
		return;
	case TK_TEMPLATE:
		if (ctx == CTX_LOCAL)
			fail_at(p, t, "a template is not allowed inside a function");
		template_decl(p);
		return;
	case TK_SEMI:
		next(p);
		return;
	case TK_FRIEND:
		/* friend declarations grant access, which is not checked */
		skip_declaration(p);
		return;
	case TK_EXTERN:
		if (t->next->kind == TK_STR) {
			next(p);
			struct token *lang = next(p);
			int c = lang->str && !strcmp(lang->str, "C");
			int saved = p->extern_c;
			p->extern_c = c;
			if (consume(p, TK_LBRACE)) {
				while (p->tok->kind != TK_RBRACE && p->tok->kind != TK_EOF)
					parse_external(p, ctx);
				skip(p, TK_RBRACE);
			} else {
				parse_external(p, ctx);
			}
			p->extern_c = saved;
			return;
		}
		break;
	case TK_ASM:
		fail_at(p, t, "inline assembly is not supported");
	default:
		break;
	}
	if (is_pragma(t)) {
		skip_pragma(p);
		return;
	}
	if (ctx == CTX_CLASS) {
		/* typedef/enum inside a class */
		declaration(p, CTX_LOCAL);
		return;
	}
	if (!is_typename(p, t) && t->kind != TK_IDENT)
		fail_at(p, t, "expected a declaration before '%s'", tok_str(t));
	if (t->kind == TK_IDENT && !is_typename(p, t)) {
		struct token *end;
		struct sym *s = peek_name(p, t, &end);
		/* A::f() out-of-class definitions start with the return type; an
		 * unknown identifier here is an undeclared type */
		if (!s || s->kind != SYM_TYPE) {
			error_at(p, t, "undeclared", "unknown type name '%s'", t->text);
			skip_to_sync(p);
			return;
		}
	}
	declaration(p, ctx);
}

struct obj *declare_implicit_ctor(struct parser *p, struct record *rec, struct token *at)
{
	/* the tokens "{ }" of its empty body, ended like a file */
	struct token *lb = arena_alloc(p->a, sizeof(*lb));
	struct token *rb = arena_alloc(p->a, sizeof(*rb));
	struct token *eof = arena_alloc(p->a, sizeof(*eof));
	*lb = *at;
	lb->kind = TK_LBRACE;
	lb->text = "{";
	*rb = *lb;
	rb->kind = TK_RBRACE;
	rb->text = "}";
	*eof = *lb;
	eof->kind = TK_EOF;
	eof->text = NULL;
	lb->next = rb;
	rb->next = eof;
	eof->next = eof;
	struct dname dn = { .tok = at, .name = rec->name };
	struct declattr da = { .space = SPC_HOST | SPC_DEVICE };
	struct obj *fn = declare_function(p, type_func(p->a, ty_void), &dn, &da, 1);
	struct token *save = p->tok;
	p->tok = lb;
	defer_body(p, fn);
	p->tok = save;
	return fn;
}

int out_of_class_ctor(struct parser *p)
{
	struct token *t = p->tok;
	if (t->kind != TK_IDENT)
		return 0;
	struct sym *s = lookup(p, t->text);
	if (!s || !((s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT) || (s->kind == SYM_TEMPLATE && s->tmpl->is_class)))
		return 0;
	/* look ahead: X [<...>] :: [~] X ( */
	struct token *x = t->next;
	if (x->kind == TK_LT) {
		int angle = 0;
		for (; x->kind != TK_EOF && x->kind != TK_SEMI && x->kind != TK_LBRACE; x = x->next) {
			if (x->kind == TK_LT)
				angle++;
			else if (x->kind == TK_GT && --angle == 0)
				break;
			else if (x->kind == TK_SHR && (angle -= 2) <= 0)
				break;
		}
		if (x->kind != TK_GT && x->kind != TK_SHR)
			return 0;
		x = x->next;
	}
	if (x->kind != TK_COLONCOLON)
		return 0;
	x = x->next;
	int dtor = x->kind == TK_TILDE;
	if (dtor)
		x = x->next;
	if (x->kind != TK_IDENT || strcmp(x->text, t->text) || x->next->kind != TK_LPAREN)
		return 0;
	/* the class: X or the instance X<args> */
	struct type *ct;
	if (s->kind == SYM_TEMPLATE) {
		ct = template_qualifier(p);
		if (!ct)
			return 0;
	} else {
		next(p);
		skip(p, TK_COLONCOLON);
		ct = s->ty;
	}
	if (dtor)
		skip(p, TK_TILDE);
	struct token *nt = skip(p, TK_IDENT);
	skip(p, TK_LPAREN);
	struct type *fty = func_params(p, ty_void);
	while (consume(p, TK_NOEXCEPT) || (p->tok->kind == TK_THROW && p->tok->next->kind == TK_LPAREN && consume(p, TK_THROW)))
		if (p->tok->kind == TK_LPAREN)
			skip_balanced_parens(p);
	struct record *rec = ct->rec;
	if (dtor) {
		/* the destructor the class declared */
		struct sym *ds = find_in_scope(rec->scope, "~");
		struct obj *fn = ds && ds->kind == SYM_FUNC ? ds->obj : NULL;
		if (!fn) {
			error_at(p, nt, "undeclared", "no destructor of '%s' is declared in the class",
				 rec->name ? rec->name : "?");
			skip_declaration(p);
			return 1;
		}
		if (consume(p, TK_SEMI))
			return 1;
		func_body(p, fn, rec->scope);
		return 1;
	}
	struct sym *cs = find_in_scope(rec->scope, "<ctor>");
	struct obj *fn = NULL;
	for (struct obj *o = cs && cs->kind == SYM_FUNC ? cs->obj : NULL; o; o = o->next_overload)
		if (same_params(o->ty, fty))
			fn = o;
	if (!fn) {
		error_at(p, nt, "undeclared", "no constructor of '%s' with these parameters is declared in the class",
			 rec->name ? rec->name : "?");
		skip_declaration(p);
		return 1;
	}
	/* the definition's parameter names */
	for (struct param *a = fn->ty->params, *b = fty->params; a && b; a = a->next, b = b->next)
		if (b->name) {
			a->name = b->name;
			a->tok = b->tok;
		}
	if (p->tok->kind == TK_SEMI) {
		next(p);
		return 1;
	}
	func_body(p, fn, rec->scope);
	return 1;
}
