/*
 * parse.c - recursive-descent parser for the CUDA C++ subset, with types
 * and semantic checks (the CUDA rules included) done while parsing.
 *
 * Each parse function is named after its grammar rule, which is written in
 * the comment above it. Errors are diagnostics with a stable code; a syntax
 * error unwinds (longjmp) to the innermost statement or declaration, which
 * skips to a ';' or '}' and goes on. Recursion is bounded (MAX_DEPTH) so no
 * token sequence can exhaust the stack.
 */
#include "parse_impl.h"

/* ---- diagnostics and tokens ---- */

void error_at(struct parser *p, struct token *t, const char *code, const char *fmt, ...)
{
	if (p->quiet) {
		p->quiet_errors++;
		return;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	diag_error(p->dl, tok_span(t), code, "%s", strbuf_cstr(&sb));
	strbuf_release(&sb);
}

void error_node(struct parser *p, struct node *n, const char *code, const char *fmt, ...)
{
	if (p->quiet) {
		p->quiet_errors++;
		return;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	va_list ap;
	va_start(ap, fmt);
	strbuf_vaddf(&sb, fmt, ap);
	va_end(ap);
	diag_error(p->dl, n->span, code, "%s", strbuf_cstr(&sb));
	strbuf_release(&sb);
}

/* A syntax error: report it and unwind to the innermost recovery point. */
void fail_at(struct parser *p, struct token *t, const char *fmt, ...)
{
	if (!p->quiet) {
		struct strbuf sb;
		strbuf_init(&sb);
		va_list ap;
		va_start(ap, fmt);
		strbuf_vaddf(&sb, fmt, ap);
		va_end(ap);
		diag_error(p->dl, tok_span(t), "syntax", "%s", strbuf_cstr(&sb));
		strbuf_release(&sb);
	} else {
		p->quiet_errors++;
	}
	longjmp(*p->recover, 1);
}


/* The span from a to the end of b (same file), else a. */
struct span span_union(struct span a, struct span b)
{
	if (a.file != b.file || b.off + b.len < a.off)
		return a;
	if (b.off < a.off) {
		struct span r = b;
		r.len = (a.off + a.len > b.off + b.len ? a.off + a.len : b.off + b.len) - b.off;
		return r;
	}
	if (b.off + b.len > a.off + a.len)
		a.len = b.off + b.len - a.off;
	return a;
}


/* Split '>>' (or '>=', '>>=') so that the first '>' closes a template argument list. */
void split_gt(struct parser *p)
{
	struct token *t = p->tok;
	enum tok_kind rest;
	if (t->kind == TK_SHR)
		rest = TK_GT;
	else if (t->kind == TK_GE)
		rest = TK_ASSIGN;
	else if (t->kind == TK_SHREQ)
		rest = TK_GE;
	else if (t->kind == TK_LAUNCH_CLOSE)
		rest = TK_SHR;
	else
		return;
	struct token *n = arena_alloc(p->a, sizeof(*n));
	*n = *t;
	n->kind = rest;
	n->text = tok_kind_name(rest);
	n->span.off++;
	n->span.col++;
	if (n->span.len)
		n->span.len--;
	t->kind = TK_GT;
	t->text = ">";
	t->span.len = 1;
	t->next = n;
}

/* ---- scopes and symbols ---- */

void push_scope(struct parser *p)
{
	struct scope *s = arena_alloc(p->a, sizeof(*s));
	s->parent = p->scope;
	p->scope = s;
}

void pop_scope(struct parser *p)
{
	if (p->scope->parent)
		p->scope = p->scope->parent;
}

struct sym *add_sym(struct parser *p, struct scope *sc, const char *name, enum sym_kind k)
{
	struct sym *s = arena_alloc(p->a, sizeof(*s));
	s->name = name;
	s->kind = k;
	s->next = sc->syms;
	sc->syms = s;
	if (sc->urec)
		unit_rec_name(sc->urec, name);
	if (sc->hash) {
		s->hash = name_hash(name);
		s->hnext = sc->hash[s->hash % SCOPE_HASH];
		sc->hash[s->hash % SCOPE_HASH] = s;
	} else if (++sc->nsyms == 32) {
		/* big scopes (the headers' globals) get a hash table; the list keeps the order */
		sc->hash = arena_alloc(p->a, sizeof(*sc->hash) * SCOPE_HASH);
		struct sym *rev = NULL;
		for (struct sym *x = sc->syms; x; x = x->next) {
			x->hnext = rev; /* temporarily reverse so that newer ones end up first */
			rev = x;
		}
		while (rev) {
			struct sym *nx = rev->hnext;
			rev->hash = name_hash(rev->name);
			rev->hnext = sc->hash[rev->hash % SCOPE_HASH];
			sc->hash[rev->hash % SCOPE_HASH] = rev;
			rev = nx;
		}
	}
	return s;
}

/* h: name_hash(name), computed once by the caller for every scope it asks */
static struct sym *find_in_scope_depth(struct scope *sc, const char *name, unsigned h, int depth)
{
	if (!sc || depth > 8)
		return NULL;
	if (sc->hash) {
		for (struct sym *s = sc->hash[h % SCOPE_HASH]; s; s = s->hnext)
			if (s->hash == h && !strcmp(s->name, name))
				return s;
	} else {
		for (struct sym *s = sc->syms; s; s = s->next)
			if (s->name[0] == name[0] && !strcmp(s->name, name))
				return s;
	}
	for (int i = 0; i < sc->nusings; i++) {
		struct sym *s = find_in_scope_depth(sc->usings[i], name, h, depth + 1);
		if (s)
			return s;
	}
	return NULL;
}

struct sym *find_in_scope(struct scope *sc, const char *name)
{
	if (sc && sc->urec) /* a redeclaration, or a qualified name: the unit may change what it finds */
		unit_rec_name(sc->urec, name);
	return find_in_scope_depth(sc, name, name_hash(name), 0);
}

/* name_hash of an identifier token's spelling: the preprocessor's hash of
 * it when it has one (the same function, except that the preprocessor
 * makes a hash of 0 into 1) */
static unsigned tok_name_hash(const struct token *t)
{
	return t->kind == TK_IDENT && t->hash > 1 ? t->hash : name_hash(t->text);
}

static struct sym *lookup_hashed(struct parser *p, const char *name, unsigned h)
{
	for (struct scope *sc = p->scope; sc; sc = sc->parent) {
		struct sym *s = find_in_scope_depth(sc, name, h, 0);
		if (s)
			return s;
	}
	return NULL;
}

struct sym *lookup(struct parser *p, const char *name)
{
	return lookup_hashed(p, name, name_hash(name));
}

const char *qualify(struct parser *p, struct scope *sc, const char *name)
{
	struct strbuf sb;
	strbuf_init(&sb);
	const char *parts[32];
	int n = 0;
	for (; sc && n < 32; sc = sc->parent)
		if (sc->name)
			parts[n++] = sc->name;
	if (n == 0) /* most names (every global of the headers): no buffer */
		return arena_strdup(p->a, name);
	while (n > 0) {
		strbuf_adds(&sb, parts[--n]);
		strbuf_adds(&sb, "::");
	}
	strbuf_adds(&sb, name);
	const char *r = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return r;
}


/*
 * qualified-name = "::"? (ident ("<" targs ">")? "::")* ident
 * Resolves without consuming: returns the symbol of the last component and
 * sets *end to the token after the name (NULL when it is not a name).
 */
struct sym *peek_name(struct parser *p, struct token *t, struct token **end)
{
	struct scope *sc = NULL;
	int global = 0;
	*end = NULL;
	if (t->kind == TK_COLONCOLON) {
		global = 1;
		t = t->next;
	}
	struct sym *s = NULL;
	for (int guard = 0; guard < 64; guard++) {
		if (t->kind != TK_IDENT)
			return NULL;
		unsigned h = tok_name_hash(t);
		if (global)
			s = find_in_scope_depth(p->global, t->text, h, 0);
		else if (sc)
			s = find_in_scope_depth(sc, t->text, h, 0);
		else
			s = lookup_hashed(p, t->text, h);
		global = 0;
		struct token *after = t->next;
		if (after->kind == TK_COLONCOLON && after->next->kind == TK_IDENT && s) {
			if (s->kind == SYM_NS) {
				sc = s->ns;
				t = after->next;
				continue;
			}
			if (s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT && s->ty->rec->scope) {
				sc = s->ty->rec->scope;
				t = after->next;
				continue;
			}
			if (s->kind == SYM_TYPE && s->ty->kind == TY_ENUM) {
				/* scoped enum access E::X: enumerators live beside the enum */
				t = after->next;
				continue;
			}
		}
		*end = after;
		return s;
	}
	return NULL;
}

/* ---- nodes ---- */

struct node *new_node(struct parser *p, enum node_kind k, struct token *t)
{
	struct node *n = arena_alloc(p->a, sizeof(*n));
	n->kind = k;
	n->tok = t;
	n->span = tok_span(t);
	n->ty = ty_int;
	return n;
}

int tree_depth(struct node *n)
{
	return n ? n->depth : 0;
}

void set_depth(struct parser *p, struct node *n, struct node *a, struct node *b)
{
	int d = tree_depth(a) > tree_depth(b) ? tree_depth(a) : tree_depth(b);
	n->depth = d + 1;
	if (n->depth > MAX_TREE_DEPTH)
		fail_at(p, n->tok, "expression too complex");
}

struct node *new_binary(struct parser *p, enum node_kind k, struct node *l, struct node *r, struct token *t)
{
	struct node *n = new_node(p, k, t);
	n->lhs = l;
	n->rhs = r;
	set_depth(p, n, l, r);
	if (l && r && k != ND_ASSIGN)
		n->span = span_union(l->span, r->span);
	return n;
}

struct node *new_unary(struct parser *p, enum node_kind k, struct node *e, struct token *t)
{
	struct node *n = new_node(p, k, t);
	n->lhs = e;
	set_depth(p, n, e, NULL);
	return n;
}

struct node *new_num(struct parser *p, int64_t v, struct type *ty, struct token *t)
{
	struct node *n = new_node(p, ND_NUM, t);
	n->ival = v;
	n->ty = ty;
	n->depth = 1;
	return n;
}

struct node *new_var(struct parser *p, struct obj *v, struct token *t)
{
	struct node *n = new_node(p, ND_VAR, t);
	n->var = v;
	n->ty = v->ty;
	n->depth = 1;
	v->used = 1;
	if (v->ty->kind == TY_REF) {
		struct node *d = new_unary(p, ND_DEREF, n, t);
		d->ty = v->ty->base;
		return d;
	}
	return n;
}

/* ---- objects ---- */

struct obj *new_obj(struct parser *p, const char *name, struct type *ty, struct token *t)
{
	struct obj *o = arena_alloc(p->a, sizeof(*o));
	o->name = name;
	o->qname = name;
	o->ty = ty;
	o->tok = t;
	o->builtin_id = -1;
	return o;
}

struct obj *new_local(struct parser *p, const char *name, struct type *ty, struct token *t)
{
	struct obj *o = new_obj(p, name, ty, t);
	o->is_local = 1;
	if (p->f.fn) {
		*p->f.locals_tail = o;
		p->f.locals_tail = &o->next;
	}
	if (name) {
		struct sym *s = add_sym(p, p->scope, name, SYM_VAR);
		s->obj = o;
	}
	return o;
}

void add_global(struct parser *p, struct obj *o)
{
	*p->globals_tail = o;
	p->globals_tail = &o->next;
}

struct obj *new_temp(struct parser *p, struct type *ty, struct token *t)
{
	char buf[32];
	snprintf(buf, sizeof(buf), ".t%u", p->tmpcount++);
	struct obj *o = new_obj(p, arena_strdup(p->a, buf), ty, t);
	o->is_local = 1;
	o->addr_taken = type_is_aggregate(ty);
	if (p->f.fn) {
		*p->f.locals_tail = o;
		p->f.locals_tail = &o->next;
	} else {
		/* a global's dynamic initializer runs in main's frame */
		*p->gtemps_tail = o;
		p->gtemps_tail = &o->next;
	}
	return o;
}

/* Recovery: skip to the end of the current statement or declaration. */
void skip_to_sync(struct parser *p)
{
	int depth = 0;
	while (p->tok->kind != TK_EOF) {
		enum tok_kind k = p->tok->kind;
		if (k == TK_LBRACE)
			depth++;
		else if (k == TK_RBRACE) {
			if (depth == 0)
				return; /* the enclosing block's '}' */
			if (--depth == 0) {
				next(p);
				consume(p, TK_SEMI);
				return;
			}
		} else if (k == TK_SEMI && depth == 0) {
			next(p);
			return;
		}
		next(p);
	}
}

static void add_builtin_vars(struct parser *p)
{
	static const char *names[] = { "threadIdx", "blockDim", "blockIdx", "gridDim", "warpSize" };
	for (int i = 0; i < 5; i++) {
		struct sym *s = add_sym(p, p->global, names[i], SYM_BVAR);
		s->val = i;
	}
}

/* program = external* EOF */
struct program *parse_program(struct arena *a, struct diaglist *dl, struct token *tok,
			      const struct parse_opts *o)
{
	struct parser ps = { 0 }, *p = &ps;
	p->a = a;
	p->dl = dl;
	p->tok = tok;
	p->device_pass = o ? o->device_pass : 0;
	p->global = arena_alloc(a, sizeof(*p->global));
	p->global->is_ns = 1;
	p->rec = o ? o->rec : NULL;
	p->global->urec = p->rec;
	p->scope = p->global;
	p->globals_tail = &p->globals;
	p->funcs_tail = &p->funcs;
	p->gtemps_tail = &p->gtemps;
	p->inst_name_pending = NULL;
	p->inst_suffix_pending = NULL;
	p->inst_record_pending = NULL;
	p->no_func_suffix = 0;
	add_builtin_vars(p);
	while (p->tok->kind != TK_EOF) {
		jmp_buf jb;
		p->recover = &jb;
		if (!setjmp(jb)) {
			parse_external(p, CTX_FILE);
		} else {
			p->depth = 0;
			p->scope = p->global;
			p->f = (struct fnstate){ 0 };
			p->no_gt = 0;
			p->quiet = 0;
			p->extern_c = 0;
			p->inst_name_pending = NULL;
			p->inst_suffix_pending = NULL;
			p->inst_record_pending = NULL;
			p->no_func_suffix = 0;
			struct token *before = p->tok;
			skip_to_sync(p);
			if (p->tok == before)
				next(p); /* a stray '}' */
		}
		if (dl->truncated)
			break;
	}
	virtual_finish(p);
	except_finish(p);
	strbuf_release(&p->mangle_buf);
	struct program *prog = arena_alloc(a, sizeof(*prog));
	prog->globals = p->globals;
	prog->funcs = p->funcs;
	prog->init_temps = p->gtemps;
	prog->device_pass = p->device_pass;
	return prog;
}

long ast_eval_int(struct node *n, int *ok)
{
	struct parser ps = { 0 };
	ps.quiet = 1;
	*ok = 1;
	return eval_int(&ps, n, ok, 0);
}

double ast_eval_double(struct node *n, int *ok)
{
	struct parser ps = { 0 };
	ps.quiet = 1;
	*ok = 1;
	return eval_double(&ps, n, ok, 0);
}
