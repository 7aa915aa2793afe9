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
#include "ast.h"
#include "builtin.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 256
#define MAX_TREE_DEPTH 2000
#define MAX_TMPL_DEPTH 32
#define MAX_TMPL_INSTANCES 2000

enum sym_kind { SYM_VAR, SYM_FUNC, SYM_TYPE, SYM_ENUMC, SYM_NS, SYM_TEMPLATE, SYM_BVAR, SYM_MEMBER };

struct template;

struct sym {
	struct sym *next;
	struct sym *hnext;        /* hash bucket chain of big scopes */
	const char *name;
	enum sym_kind kind;
	struct obj *obj;          /* VAR; FUNC: first of the overload chain */
	struct type *ty;          /* TYPE, ENUMC */
	long val;                 /* ENUMC; BVAR: which variable */
	struct scope *ns;         /* NS */
	struct template *tmpl;    /* TEMPLATE: chain via tmpl->next */
	struct member *mem;       /* MEMBER */
};

struct scope {
	struct scope *parent;
	struct sym *syms;
	const char *name;         /* namespace or class name, for qualified names */
	struct scope *usings[8];
	int nusings;
	struct record *rec;       /* class scope */
	int is_ns;
	int nsyms;
	struct sym **hash;        /* SCOPE_HASH buckets once the scope is big */
};

#define SCOPE_HASH 512

static unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h % SCOPE_HASH;
}

struct tparam {
	const char *name;
	int is_type;
	struct type *ty_default;
	struct token *val_default; /* start of the default expression */
};

struct template {
	struct template *next;
	const char *name;
	struct tparam params[8];
	int nparams;
	struct token *start;      /* the declaration after template<...> */
	struct scope *scope;      /* where it was declared */
	int is_class;
	struct inst *insts;
	struct record *outer_rec; /* member templates */
};

struct inst {
	struct inst *next;
	const char *key;
	struct obj *fn;
	struct type *ty;
};

struct targ {
	struct type *ty;          /* type argument, or NULL */
	long val;                 /* value argument */
};

/* Per-function parsing state; saved and restored around template instantiation. */
struct fnstate {
	struct obj *fn;
	struct obj **locals_tail;
	struct node *cur_switch;
	int in_loop, in_switch;
	unsigned space;           /* the execution space code here is checked against */
};

struct parser {
	struct arena *a;
	struct diaglist *dl;
	struct token *tok;
	struct scope *scope, *global;
	struct fnstate f;
	int depth;
	jmp_buf *recover;
	int device_pass;
	int quiet;                /* >0: suppress diagnostics (template deduction) */
	int quiet_errors;
	int tmpl_depth, ninst;
	int extern_c;
	int no_gt;                /* parsing template arguments: '>' ends the expression */
	struct obj *globals, **globals_tail;
	struct obj *funcs, **funcs_tail;
	struct deferred *deferred;
	unsigned tmpcount;
	struct token *prev;       /* the last consumed token */
	int deducing;             /* parsing a template signature with placeholders */
	int no_func_suffix;       /* parsing "T x(args)" object declarations */
	/* the instance a template instantiation is producing */
	const char *inst_name_pending;      /* struct name for the next struct_decl */
	struct template *inst_tmpl_pending; /* its template */
	const char *inst_suffix_pending;    /* "<args>" for the next declared function */
	struct inst *inst_record_pending;   /* where to record that function */
};

struct deferred {
	struct deferred *next;
	struct obj *fn;
	struct token *body;
	struct scope *scope;
};

/* declaration attributes collected by declspec / declarator */
struct declattr {
	int is_typedef, is_static, is_extern, is_inline, is_constexpr;
	unsigned space;           /* SPC_* written */
	enum memspace ms;
	int launch_max, launch_min;
	long align;
	int grid_constant, builtin_id, has_builtin;
	int is_explicit;
	struct token *builtin_tok;
};

static struct node *expr(struct parser *p);
static struct node *assign(struct parser *p);
static struct node *conditional(struct parser *p);
static struct node *cast_expr(struct parser *p);
static struct node *unary(struct parser *p);
static struct node *stmt(struct parser *p);
static struct node *compound_stmt(struct parser *p);
static struct type *declspec(struct parser *p, struct declattr *at);
static struct type *abstract_type(struct parser *p);
static struct node *conv(struct parser *p, struct node *n, struct type *to, const char *what);
static struct node *new_cast(struct parser *p, struct node *n, struct type *to);
static int is_typename(struct parser *p, struct token *t);
static struct type *instantiate_class(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at);
static struct obj *instantiate_func(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at);
static void skip_declaration(struct parser *p);
static long const_int(struct parser *p, struct node *n, int *ok);
static void parse_external_member(struct parser *p);
static struct node *call_resolved(struct parser *p, struct obj *fn, struct node *thisarg, struct node *args, int nargs, struct token *at);
static struct obj *find_ctor(struct parser *p, struct type *ty, struct node *args, int nargs, struct token *at, int quiet);
static void check_call_space(struct parser *p, struct obj *fn, struct token *at, int launch);


/* ---- diagnostics and tokens ---- */

static struct span tok_span(struct token *t)
{
	return t ? t->span : (struct span){ 0 };
}

static void error_at(struct parser *p, struct token *t, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
static void error_at(struct parser *p, struct token *t, const char *code, const char *fmt, ...)
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

static void error_node(struct parser *p, struct node *n, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
static void error_node(struct parser *p, struct node *n, const char *code, const char *fmt, ...)
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
static void WS_NORETURN fail_at(struct parser *p, struct token *t, const char *fmt, ...) WS_PRINTF(3, 4);
static void fail_at(struct parser *p, struct token *t, const char *fmt, ...)
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

static const char *tok_str(struct token *t)
{
	if (t->kind == TK_EOF)
		return "end of file";
	return t->text ? t->text : tok_kind_name(t->kind);
}


static int consume(struct parser *p, enum tok_kind k)
{
	if (p->tok->kind == k) {
		p->prev = p->tok;
		if (k != TK_EOF)
			p->tok = p->tok->next;
		return 1;
	}
	return 0;
}

static struct token *next(struct parser *p)
{
	struct token *t = p->tok;
	p->prev = t;
	if (t->kind != TK_EOF)
		p->tok = t->next;
	return t;
}

/* The span from a to the end of b (same file), else a. */
static struct span span_union(struct span a, struct span b)
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

static struct token *skip(struct parser *p, enum tok_kind k)
{
	if (p->tok->kind != k)
		fail_at(p, p->tok, "expected '%s' before '%s'", tok_kind_name(k), tok_str(p->tok));
	return next(p);
}

static int is_ident(struct token *t, const char *s)
{
	return t->kind == TK_IDENT && !strcmp(t->text, s);
}

static void enter(struct parser *p, struct token *t)
{
	if (++p->depth > MAX_DEPTH) {
		p->depth = 0; /* the recovery point restores it */
		fail_at(p, t, "nesting too deep (more than %d levels)", MAX_DEPTH);
	}
}

static void leave(struct parser *p)
{
	p->depth--;
}

/* Split '>>' (or '>=', '>>=') so that the first '>' closes a template argument list. */
static void split_gt(struct parser *p)
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

static void push_scope(struct parser *p)
{
	struct scope *s = arena_alloc(p->a, sizeof(*s));
	s->parent = p->scope;
	p->scope = s;
}

static void pop_scope(struct parser *p)
{
	if (p->scope->parent)
		p->scope = p->scope->parent;
}

static struct sym *add_sym(struct parser *p, struct scope *sc, const char *name, enum sym_kind k)
{
	struct sym *s = arena_alloc(p->a, sizeof(*s));
	s->name = name;
	s->kind = k;
	s->next = sc->syms;
	sc->syms = s;
	if (sc->hash) {
		unsigned h = name_hash(name);
		s->hnext = sc->hash[h];
		sc->hash[h] = s;
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
			unsigned h = name_hash(rev->name);
			rev->hnext = sc->hash[h];
			sc->hash[h] = rev;
			rev = nx;
		}
	}
	return s;
}

static struct sym *find_in_scope_depth(struct scope *sc, const char *name, int depth)
{
	if (!sc || depth > 8)
		return NULL;
	if (sc->hash) {
		for (struct sym *s = sc->hash[name_hash(name)]; s; s = s->hnext)
			if (!strcmp(s->name, name))
				return s;
	} else {
		for (struct sym *s = sc->syms; s; s = s->next)
			if (!strcmp(s->name, name))
				return s;
	}
	for (int i = 0; i < sc->nusings; i++) {
		struct sym *s = find_in_scope_depth(sc->usings[i], name, depth + 1);
		if (s)
			return s;
	}
	return NULL;
}

static struct sym *find_in_scope(struct scope *sc, const char *name)
{
	return find_in_scope_depth(sc, name, 0);
}

static struct sym *lookup(struct parser *p, const char *name)
{
	for (struct scope *sc = p->scope; sc; sc = sc->parent) {
		struct sym *s = find_in_scope(sc, name);
		if (s)
			return s;
	}
	return NULL;
}

static const char *qualify(struct parser *p, struct scope *sc, const char *name)
{
	struct strbuf sb;
	strbuf_init(&sb);
	const char *parts[32];
	int n = 0;
	for (; sc && n < 32; sc = sc->parent)
		if (sc->name)
			parts[n++] = sc->name;
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
static struct sym *peek_name(struct parser *p, struct token *t, struct token **end)
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
		if (global)
			s = find_in_scope(p->global, t->text);
		else if (sc)
			s = find_in_scope(sc, t->text);
		else
			s = lookup(p, t->text);
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

static struct node *new_node(struct parser *p, enum node_kind k, struct token *t)
{
	struct node *n = arena_alloc(p->a, sizeof(*n));
	n->kind = k;
	n->tok = t;
	n->span = tok_span(t);
	n->ty = ty_int;
	return n;
}

static int tree_depth(struct node *n)
{
	return n ? n->depth : 0;
}

static void set_depth(struct parser *p, struct node *n, struct node *a, struct node *b)
{
	int d = tree_depth(a) > tree_depth(b) ? tree_depth(a) : tree_depth(b);
	n->depth = d + 1;
	if (n->depth > MAX_TREE_DEPTH)
		fail_at(p, n->tok, "expression too complex");
}

static struct node *new_binary(struct parser *p, enum node_kind k, struct node *l, struct node *r, struct token *t)
{
	struct node *n = new_node(p, k, t);
	n->lhs = l;
	n->rhs = r;
	set_depth(p, n, l, r);
	if (l && r && k != ND_ASSIGN)
		n->span = span_union(l->span, r->span);
	return n;
}

static struct node *new_unary(struct parser *p, enum node_kind k, struct node *e, struct token *t)
{
	struct node *n = new_node(p, k, t);
	n->lhs = e;
	set_depth(p, n, e, NULL);
	return n;
}

static struct node *new_num(struct parser *p, int64_t v, struct type *ty, struct token *t)
{
	struct node *n = new_node(p, ND_NUM, t);
	n->ival = v;
	n->ty = ty;
	n->depth = 1;
	return n;
}

static struct node *new_var(struct parser *p, struct obj *v, struct token *t)
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

static struct obj *new_obj(struct parser *p, const char *name, struct type *ty, struct token *t)
{
	struct obj *o = arena_alloc(p->a, sizeof(*o));
	o->name = name;
	o->qname = name;
	o->ty = ty;
	o->tok = t;
	o->builtin_id = -1;
	return o;
}

static struct obj *new_local(struct parser *p, const char *name, struct type *ty, struct token *t)
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

static void add_global(struct parser *p, struct obj *o)
{
	*p->globals_tail = o;
	p->globals_tail = &o->next;
}

static struct obj *new_temp(struct parser *p, struct type *ty, struct token *t)
{
	char buf[32];
	snprintf(buf, sizeof(buf), ".t%u", p->tmpcount++);
	struct obj *o = new_obj(p, arena_strdup(p->a, buf), ty, t);
	o->is_local = 1;
	o->addr_taken = type_is_aggregate(ty);
	if (p->f.fn) {
		*p->f.locals_tail = o;
		p->f.locals_tail = &o->next;
	}
	return o;
}

/* Recovery: skip to the end of the current statement or declaration. */
static void skip_to_sync(struct parser *p)
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

/* ---- attributes that may appear among specifiers ---- */

/* attribute = "__attribute__" "((" balanced "))" | "alignas" "(" ... ")" */
static void skip_balanced_parens(struct parser *p)
{
	skip(p, TK_LPAREN);
	int depth = 1;
	while (depth > 0 && p->tok->kind != TK_EOF) {
		if (p->tok->kind == TK_LPAREN)
			depth++;
		else if (p->tok->kind == TK_RPAREN)
			depth--;
		next(p);
	}
}

static long paren_const(struct parser *p)
{
	skip(p, TK_LPAREN);
	struct node *n = conditional(p);
	int ok;
	long v = const_int(p, n, &ok);
	if (!ok)
		error_node(p, n, "not-constant", "expected an integer constant expression");
	skip(p, TK_RPAREN);
	return v;
}

/* cuda-spec = __global__ | __device__ | ... (returns 1 if one was consumed) */
static int cuda_spec(struct parser *p, struct declattr *at)
{
	struct token *t = p->tok;
	switch (t->kind) {
	case TK_GLOBAL: next(p); at->space |= SPC_GLOBAL; return 1;
	case TK_DEVICE: next(p); at->space |= SPC_DEVICE; return 1;
	case TK_HOST: next(p); at->space |= SPC_HOST; return 1;
	case TK_SHARED: next(p); at->ms = MS_SHARED; return 1;
	case TK_CONSTANT: next(p); at->ms = MS_CONSTANT; return 1;
	case TK_MANAGED: next(p); at->ms = MS_MANAGED; return 1;
	case TK_NOINLINE: case TK_FORCEINLINE: case TK_INLINE_HINT: next(p); return 1;
	case TK_GRID_CONSTANT: next(p); at->grid_constant = 1; return 1;
	case TK_LAUNCH_BOUNDS: {
		next(p);
		skip(p, TK_LPAREN);
		struct node *n = assign(p);
		int ok;
		at->launch_max = (int)const_int(p, n, &ok);
		if (consume(p, TK_COMMA)) {
			n = assign(p);
			at->launch_min = (int)const_int(p, n, &ok);
			if (consume(p, TK_COMMA))
				assign(p);
		}
		skip(p, TK_RPAREN);
		return 1;
	}
	case TK_CLUSTER_DIMS: next(p); skip_balanced_parens(p); return 1;
	case TK_ALIGN_CUDA: next(p); at->align = paren_const(p); return 1;
	case TK_ALIGNAS: next(p); at->align = paren_const(p); return 1;
	case TK_ATTRIBUTE: next(p); skip_balanced_parens(p); return 1;
	case TK_EXTENSION: next(p); return 1;
	default:
		return 0;
	}
}

/* ---- template arguments ---- */

/* template-args = "<" (type | conditional) ("," ...)* ">" */
static int template_args(struct parser *p, struct targ *args, int max)
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

/* ---- declaration specifiers ---- */

enum {
	K_VOID = 1 << 0, K_BOOL = 1 << 2, K_CHAR = 1 << 4, K_SHORT = 1 << 6, K_INT = 1 << 8,
	K_LONG = 1 << 10, K_FLOAT = 1 << 12, K_DOUBLE = 1 << 14, K_OTHER = 1 << 16,
	K_SIGNED = 1 << 17, K_UNSIGNED = 1 << 18
};

static struct type *struct_decl(struct parser *p, int is_union);
static struct type *enum_decl(struct parser *p);
static struct type *base_clause(struct parser *p);
static void add_member(struct parser *p, struct record *rec, const char *name, struct type *ty, struct token *t);

static struct type auto_marker = { .kind = TY_TPARAM, .size = 4, .align = 4, .tparam_index = -1, .name = "auto" };

static int is_auto_marker(struct type *t)
{
	return !t || (t->kind == TY_TPARAM && t->tparam_index == -1);
}

/* GNU spellings that homework uses: __inline__, __inline, __restrict (no effect here) */
static int is_gnu_spelling(struct token *t)
{
	return t->kind == TK_IDENT && (!strcmp(t->text, "__inline__") || !strcmp(t->text, "__inline") ||
				       !strcmp(t->text, "__restrict"));
}

static int is_typename(struct parser *p, struct token *t)
{
	if (is_gnu_spelling(t))
		return 1;
	switch (t->kind) {
	case TK_VOID: case TK_BOOL: case TK_BOOL_C: case TK_CHAR_KW: case TK_SHORT: case TK_INT:
	case TK_LONG: case TK_FLOAT: case TK_DOUBLE: case TK_SIGNED: case TK_UNSIGNED:
	case TK_STRUCT: case TK_UNION: case TK_CLASS: case TK_ENUM: case TK_CONST:
	case TK_VOLATILE: case TK_TYPEDEF: case TK_STATIC: case TK_EXTERN: case TK_INLINE:
	case TK_CONSTEXPR: case TK_GLOBAL: case TK_DEVICE: case TK_HOST: case TK_SHARED:
	case TK_CONSTANT: case TK_MANAGED: case TK_RESTRICT: case TK_RESTRICT_CUDA:
	case TK_NOINLINE: case TK_FORCEINLINE: case TK_INLINE_HINT: case TK_LAUNCH_BOUNDS:
	case TK_ALIGN_CUDA: case TK_ALIGNAS: case TK_GRID_CONSTANT: case TK_TYPENAME:
	case TK_REGISTER: case TK_AUTO: case TK_EXTENSION: case TK_ATTRIBUTE: case TK_DECLTYPE:
	case TK_CLUSTER_DIMS: case TK_EXPLICIT: case TK_MUTABLE: case TK_VIRTUAL: case TK_FRIEND:
		return 1;
	case TK_IDENT: case TK_COLONCOLON: {
		struct token *end;
		struct sym *s = peek_name(p, t, &end);
		return s && (s->kind == SYM_TYPE || (s->kind == SYM_TEMPLATE && s->tmpl->is_class));
	}
	default:
		return 0;
	}
}

/* Consume a name that peek_name resolved; returns its symbol. */
static struct sym *take_name(struct parser *p)
{
	struct token *end;
	struct sym *s = peek_name(p, p->tok, &end);
	if (!end)
		fail_at(p, p->tok, "expected a name");
	p->tok = end;
	return s;
}

/*
 * declspec = (storage | cuda-spec | qualifier | type-specifier)+
 * type-specifier = "void" | "int" | ... | struct-decl | enum-decl | typedef-name
 *                | template-name template-args | "auto" | "decltype" "(" expr ")"
 */
static struct type *declspec(struct parser *p, struct declattr *at)
{
	int counter = 0, is_const = 0, is_volatile = 0;
	struct type *ty = ty_int;
	struct token *start = p->tok;
	for (;;) {
		struct token *t = p->tok;
		if (cuda_spec(p, at))
			continue;
		switch (t->kind) {
		case TK_TYPEDEF: next(p); at->is_typedef = 1; continue;
		case TK_STATIC: next(p); at->is_static = 1; continue;
		case TK_EXTERN:
			next(p);
			at->is_extern = 1;
			continue;
		case TK_INLINE: next(p); at->is_inline = 1; continue;
		case TK_CONSTEXPR: next(p); at->is_constexpr = 1; is_const = 1; continue;
		case TK_REGISTER: case TK_MUTABLE: case TK_FRIEND: next(p); continue;
		case TK_EXPLICIT: next(p); at->is_explicit = 1; continue;
		case TK_VIRTUAL:
			error_at(p, t, "unsupported", "virtual functions are not supported");
			next(p);
			continue;
		case TK_CONST: next(p); is_const = 1; continue;
		case TK_VOLATILE: next(p); is_volatile = 1; continue;
		case TK_RESTRICT: case TK_RESTRICT_CUDA: next(p); continue;
		case TK_TYPENAME: next(p); continue;
		default:
			break;
		}
		if (is_gnu_spelling(t)) {
			next(p);
			at->is_inline = 1;
			continue;
		}
		if (t->kind == TK_IDENT || t->kind == TK_COLONCOLON) {
			if (counter)
				break;
			struct token *end;
			struct sym *s = peek_name(p, t, &end);
			if (!s || !(s->kind == SYM_TYPE || (s->kind == SYM_TEMPLATE && s->tmpl->is_class)))
				break;
			/* a constructor declaration inside its class: "T(" */
			if (s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT && end->kind == TK_LPAREN &&
			    p->scope->rec == s->ty->rec)
				break;
			take_name(p);
			if (s->kind == SYM_TYPE && s->tmpl && p->tok->kind == TK_LT) {
				struct targ args[8];
				int n = template_args(p, args, 8);
				ty = instantiate_class(p, s->tmpl, args, n, t);
				counter |= K_OTHER;
				continue;
			}
			if (s->kind == SYM_TEMPLATE) {
				struct targ args[8];
				if (p->tok->kind != TK_LT) {
					/* the injected class name inside its own template */
					struct sym *in = lookup(p, s->name);
					ty = in && in->kind == SYM_TYPE ? in->ty : ty_int;
					if (!(in && in->kind == SYM_TYPE))
						error_at(p, t, "template-args", "template '%s' needs arguments", s->name);
				} else {
					int n = template_args(p, args, 8);
					ty = instantiate_class(p, s->tmpl, args, n, t);
					/* Cls<args>::nested_type */
					while (p->tok->kind == TK_COLONCOLON && p->tok->next->kind == TK_IDENT &&
					       ty->kind == TY_STRUCT) {
						struct sym *ns = find_in_scope(ty->rec->scope, p->tok->next->text);
						if (!ns || ns->kind != SYM_TYPE)
							break;
						next(p);
						next(p);
						ty = ns->ty;
					}
				}
			} else {
				ty = s->ty;
			}
			counter |= K_OTHER;
			continue;
		}
		switch (t->kind) {
		case TK_STRUCT: case TK_CLASS:
			if (counter)
				goto done;
			next(p);
			ty = struct_decl(p, 0);
			counter |= K_OTHER;
			continue;
		case TK_UNION:
			if (counter)
				goto done;
			next(p);
			ty = struct_decl(p, 1);
			counter |= K_OTHER;
			continue;
		case TK_ENUM:
			if (counter)
				goto done;
			next(p);
			ty = enum_decl(p);
			counter |= K_OTHER;
			continue;
		case TK_AUTO:
			next(p);
			ty = &auto_marker; /* deduced from the initializer */
			counter |= K_OTHER;
			continue;
		case TK_DECLTYPE: {
			next(p);
			skip(p, TK_LPAREN);
			struct node *e = expr(p);
			skip(p, TK_RPAREN);
			ty = e->ty;
			counter |= K_OTHER;
			continue;
		}
		case TK_VOID: counter += K_VOID; break;
		case TK_BOOL: case TK_BOOL_C: counter += K_BOOL; break;
		case TK_CHAR_KW: counter += K_CHAR; break;
		case TK_SHORT: counter += K_SHORT; break;
		case TK_INT: counter += K_INT; break;
		case TK_LONG: counter += K_LONG; break;
		case TK_FLOAT: counter += K_FLOAT; break;
		case TK_DOUBLE: counter += K_DOUBLE; break;
		case TK_SIGNED: counter |= K_SIGNED; break;
		case TK_UNSIGNED: counter |= K_UNSIGNED; break;
		default:
			goto done;
		}
		next(p);
		switch (counter) {
		case K_VOID: ty = ty_void; break;
		case K_BOOL: ty = ty_bool; break;
		case K_CHAR: ty = ty_char; break;
		case K_SIGNED + K_CHAR: ty = ty_schar; break;
		case K_UNSIGNED + K_CHAR: ty = ty_uchar; break;
		case K_SHORT: case K_SHORT + K_INT: case K_SIGNED + K_SHORT:
		case K_SIGNED + K_SHORT + K_INT: ty = ty_short; break;
		case K_UNSIGNED + K_SHORT: case K_UNSIGNED + K_SHORT + K_INT: ty = ty_ushort; break;
		case K_INT: case K_SIGNED: case K_SIGNED + K_INT: ty = ty_int; break;
		case K_UNSIGNED: case K_UNSIGNED + K_INT: ty = ty_uint; break;
		case K_LONG: case K_LONG + K_INT: case K_SIGNED + K_LONG:
		case K_SIGNED + K_LONG + K_INT: ty = ty_long; break;
		case K_UNSIGNED + K_LONG: case K_UNSIGNED + K_LONG + K_INT: ty = ty_ulong; break;
		case K_LONG + K_LONG: case K_LONG + K_LONG + K_INT: case K_SIGNED + K_LONG + K_LONG:
		case K_SIGNED + K_LONG + K_LONG + K_INT: ty = ty_llong; break;
		case K_UNSIGNED + K_LONG + K_LONG: case K_UNSIGNED + K_LONG + K_LONG + K_INT:
			ty = ty_ullong; break;
		case K_FLOAT: ty = ty_float; break;
		case K_DOUBLE: case K_LONG + K_DOUBLE: ty = ty_double; break;
		default:
			error_at(p, t, "bad-type", "invalid combination of type specifiers");
		}
	}
done:
	if (p->tok == start)
		fail_at(p, p->tok, "expected a type before '%s'", tok_str(p->tok));
	if (is_const || is_volatile)
		ty = type_qual(p->a, ty, is_const, is_volatile);
	return ty;
}


/* ---- declarators ---- */

struct dname {
	struct token *tok;        /* NULL for abstract declarators */
	const char *name;
	struct scope *qual;       /* A::f: the scope of A */
	int is_dtor;
};


/* operator-name = "operator" (op | "(" ")" | "[" "]" | type) */
static const char *operator_name(struct parser *p)
{
	struct token *t = next(p);
	if (t->kind == TK_LPAREN) {
		skip(p, TK_RPAREN);
		return "operator()";
	}
	if (t->kind == TK_LBRACK) {
		skip(p, TK_RBRACK);
		return "operator[]";
	}
	if (t->kind == TK_IDENT || t->kind == TK_EOF || t->kind == TK_NUM)
		fail_at(p, t, "conversion operators are not supported");
	if (t->kind == TK_NEW || t->kind == TK_DELETE)
		fail_at(p, t, "operator new/delete are not supported");
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "operator%s", tok_kind_name(t->kind));
	const char *r = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return r;
}

static struct type *func_params(struct parser *p, struct type *ret);

/* array-dim = "[" conditional? "]" */
static struct type *type_suffix(struct parser *p, struct type *ty, int allow_func)
{
	if (p->tok->kind == TK_LPAREN && allow_func) {
		next(p);
		return func_params(p, ty);
	}
	if (p->tok->kind == TK_LBRACK) {
		struct token *t = next(p);
		long len = -1;
		if (p->tok->kind != TK_RBRACK) {
			struct node *n = conditional(p);
			int ok;
			len = const_int(p, n, &ok);
			if (!ok) {
				error_node(p, n, "array-size", "array size is not a constant expression");
				len = 1;
			} else if (len < 0 || len > (1L << 40)) {
				error_node(p, n, "array-size", "array size is negative or too large");
				len = 1;
			}
		}
		skip(p, TK_RBRACK);
		enter(p, t);
		ty = type_suffix(p, ty, 0);
		leave(p);
		if (ty->kind == TY_VOID || ty->kind == TY_FUNC || ty->kind == TY_REF) {
			error_at(p, t, "bad-type", "invalid array element type");
			ty = ty_int;
		}
		if (ty->kind == TY_STRUCT && !ty->rec->complete)
			error_at(p, t, "incomplete-type", "array of incomplete type");
		if (len > 0 && ty->size > (1L << 40) / len) {
			error_at(p, t, "array-size", "array is too large");
			len = 1;
		}
		return type_array(p->a, ty, len);
	}
	return ty;
}

static int starts_params(struct parser *p)
{
	struct token *t = p->tok->next; /* after '(' */
	return t->kind == TK_RPAREN || is_typename(p, t) || t->kind == TK_ELLIPSIS;
}

static struct type *declarator_dn(struct parser *p, struct type *ty, struct dname *dn, struct declattr *at);

/* Skip a nested declarator quietly (its type is parsed again once the suffix is known). */
static void probe_declarator(struct parser *p)
{
	struct dname dummy;
	struct declattr ad = { 0 };
	int saveq = p->quiet;
	p->quiet++;
	jmp_buf jb, *save = p->recover;
	p->recover = &jb;
	if (!setjmp(jb))
		declarator_dn(p, ty_int, &dummy, &ad);
	p->recover = save;
	p->quiet = saveq;
}

/*
 * declarator = ("*" cv* | "&" | "&&")* direct-declarator
 * direct-declarator = ("(" declarator ")" | qualified-id | "operator" op | "~" ident)? type-suffix
 */
static struct type *declarator_dn(struct parser *p, struct type *ty, struct dname *dn, struct declattr *at)
{
	struct token *start = p->tok;
	enter(p, start);
	int nptr = 0;
	for (;;) {
		if (consume(p, TK_STAR)) {
			if (++nptr > MAX_DEPTH)
				fail_at(p, p->prev, "too many levels of pointers (more than %d)", MAX_DEPTH);
			ty = type_ptr(p->a, ty);
			for (;;) {
				if (consume(p, TK_CONST))
					ty = type_qual(p->a, ty, 1, 0);
				else if (consume(p, TK_VOLATILE))
					ty = type_qual(p->a, ty, 0, 1);
				else if (consume(p, TK_RESTRICT) || consume(p, TK_RESTRICT_CUDA))
					;
				else if (is_gnu_spelling(p->tok))
					next(p);
				else if (p->tok->kind == TK_ATTRIBUTE)
					cuda_spec(p, at);
				else
					break;
			}
			continue;
		}
		if (p->tok->kind == TK_AMP || p->tok->kind == TK_ANDAND) {
			next(p);
			if (ty->kind == TY_REF)
				ty = ty->base;
			ty = type_ref(p->a, ty);
			while (consume(p, TK_RESTRICT) || consume(p, TK_RESTRICT_CUDA))
				;
			continue;
		}
		if (cuda_spec(p, at))
			continue;
		break;
	}
	dn->tok = NULL;
	dn->name = NULL;
	dn->qual = NULL;
	if (p->tok->kind == TK_LPAREN && !starts_params(p) &&
	    (p->tok->next->kind == TK_STAR || p->tok->next->kind == TK_AMP ||
	     p->tok->next->kind == TK_LPAREN || p->tok->next->kind == TK_IDENT ||
	     p->tok->next->kind == TK_CARET)) {
		/* nested declarator: splice the outer suffix in */
		struct token *lp = next(p);
		struct token *inner = p->tok;
		probe_declarator(p);
		skip(p, TK_RPAREN);
		ty = type_suffix(p, ty, 1);
		struct token *after = p->tok;
		p->tok = inner;
		ty = declarator_dn(p, ty, dn, at);
		skip(p, TK_RPAREN);
		p->tok = after;
		(void)lp;
		leave(p);
		return ty;
	}
	if (p->tok->kind == TK_OPERATOR) {
		dn->tok = next(p);
		dn->name = operator_name(p);
	} else if (p->tok->kind == TK_TILDE && p->tok->next->kind == TK_IDENT) {
		next(p);
		dn->tok = next(p);
		dn->name = arena_strdup(p->a, "~");
		dn->is_dtor = 1;
	} else if (p->tok->kind == TK_IDENT || p->tok->kind == TK_COLONCOLON) {
		/* qualified declarator id: A::B::name */
		int global = consume(p, TK_COLONCOLON);
		struct scope *qual = global ? p->global : NULL;
		while (p->tok->kind == TK_IDENT && p->tok->next->kind == TK_COLONCOLON) {
			struct sym *s = qual ? find_in_scope(qual, p->tok->text) : lookup(p, p->tok->text);
			if (s && s->kind == SYM_NS)
				qual = s->ns;
			else if (s && s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT)
				qual = s->ty->rec->scope;
			else
				fail_at(p, p->tok, "'%s' is not a namespace or class", p->tok->text);
			next(p);
			next(p);
		}
		if (p->tok->kind == TK_TILDE) {
			next(p);
			dn->is_dtor = 1;
		}
		if (p->tok->kind == TK_OPERATOR) {
			dn->tok = next(p);
			dn->name = operator_name(p);
		} else {
			dn->tok = skip(p, TK_IDENT);
			dn->name = dn->is_dtor ? "~" : dn->tok->text;
		}
		dn->qual = qual;
	}
	int allow_func = !(p->no_func_suffix && dn->tok && p->tok->kind == TK_LPAREN && !starts_params(p));
	ty = type_suffix(p, ty, allow_func);
	/* trailing parts: const (methods), noexcept, __ws_builtin(NAME), attributes */
	for (;;) {
		if (ty->kind == TY_FUNC && consume(p, TK_CONST)) {
			ty->is_method_const = 1;
			continue;
		}
		if (consume(p, TK_NOEXCEPT)) {
			if (p->tok->kind == TK_LPAREN)
				skip_balanced_parens(p);
			continue;
		}
		if (p->tok->kind == TK_WS_BUILTIN) {
			struct token *t = next(p);
			skip(p, TK_LPAREN);
			struct token *nm = skip(p, TK_IDENT);
			skip(p, TK_RPAREN);
			at->has_builtin = 1;
			at->builtin_tok = t;
			at->builtin_id = builtin_lookup(nm->text);
			if (at->builtin_id < 0)
				error_at(p, nm, "unknown-builtin", "unknown built-in '%s'", nm->text);
			continue;
		}
		if (p->tok->kind == TK_ATTRIBUTE || p->tok->kind == TK_LAUNCH_BOUNDS ||
		    p->tok->kind == TK_ALIGN_CUDA) {
			cuda_spec(p, at);
			continue;
		}
		if (p->tok->kind == TK_ARROW && ty->kind == TY_FUNC && is_auto_marker(ty->base)) {
			next(p);
			ty->base = abstract_type(p);
			continue;
		}
		if (is_ident(p->tok, "override") || is_ident(p->tok, "final")) {
			next(p);
			continue;
		}
		break;
	}
	leave(p);
	return ty;
}


/* abstract-type = declspec abstract-declarator */
static struct type *abstract_type(struct parser *p)
{
	struct declattr at = { 0 };
	struct type *ty = declspec(p, &at);
	if (is_auto_marker(ty))
		fail_at(p, p->tok, "'auto' is not allowed here");
	struct dname dn = { 0 };
	return declarator_dn(p, ty, &dn, &at);
}

/* params = "void" ")" | param ("," param)* ("," "...")? ")" | "..." ")" | ")" */
static struct type *func_params(struct parser *p, struct type *ret)
{
	struct type *fty = type_func(p->a, ret);
	if (p->tok->kind == TK_VOID && p->tok->next->kind == TK_RPAREN) {
		next(p);
		next(p);
		return fty;
	}
	struct param head = { 0 }, *cur = &head;
	while (!consume(p, TK_RPAREN)) {
		if (cur != &head)
			skip(p, TK_COMMA);
		if (consume(p, TK_ELLIPSIS)) {
			fty->is_variadic = 1;
			skip(p, TK_RPAREN);
			break;
		}
		struct declattr at = { 0 };
		struct token *pt = p->tok;
		struct type *ty = declspec(p, &at);
		if (is_auto_marker(ty)) {
			error_at(p, pt, "unsupported", "'auto' parameters are not supported");
			ty = ty_int;
		}
		struct dname dn = { 0 };
		ty = declarator_dn(p, ty, &dn, &at);
		if (ty->kind == TY_ARRAY)
			ty = type_ptr(p->a, ty->base);
		else if (ty->kind == TY_FUNC)
			ty = type_ptr(p->a, ty);
		if (ty->kind == TY_VOID) {
			error_at(p, pt, "bad-type", "parameter of type void");
			ty = ty_int;
		}
		struct param *prm = arena_alloc(p->a, sizeof(*prm));
		prm->ty = ty;
		prm->name = dn.name;
		prm->tok = dn.tok ? dn.tok : pt;
		prm->grid_constant = at.grid_constant;
		if (at.ms != MS_NONE)
			error_at(p, pt, "cuda-space-placement",
				 "a memory space specifier is not allowed on a function parameter");
		if (consume(p, TK_ASSIGN))
			prm->defarg = assign(p);
		cur = cur->next = prm;
	}
	fty->params = head.next;
	return fty;
}

/* ---- structs, unions, classes, enums ---- */

static void member_decl(struct parser *p, struct record *rec, struct type *rty);
static void parse_deferred(struct parser *p);
static void func_body(struct parser *p, struct obj *fn, struct scope *outer);

static struct type *new_struct_type(struct parser *p, const char *name, int is_union)
{
	struct record *r = arena_alloc(p->a, sizeof(*r));
	r->name = name;
	r->is_union = is_union;
	r->align = 1;
	struct type *t = type_new(p->a, TY_STRUCT, 0, 1);
	t->rec = r;
	struct scope *sc = arena_alloc(p->a, sizeof(*sc));
	sc->parent = p->scope;
	sc->name = name;
	sc->rec = r;
	r->scope = sc;
	/* the injected class name */
	struct sym *s = add_sym(p, sc, name ? name : "", SYM_TYPE);
	s->ty = t;
	return t;
}

/* base-clause = ":" ("public" | "protected" | "private")? qualified-type-name */
static struct type *base_clause(struct parser *p)
{
	skip(p, TK_COLON);
	if (p->tok->kind == TK_VIRTUAL)
		fail_at(p, p->tok, "virtual base classes are not supported");
	if (p->tok->kind == TK_PUBLIC || p->tok->kind == TK_PROTECTED || p->tok->kind == TK_PRIVATE)
		next(p);
	struct token *t = p->tok;
	struct declattr at = { 0 };
	struct type *b = declspec(p, &at);
	if (p->tok->kind == TK_COMMA)
		fail_at(p, p->tok, "multiple inheritance is not supported");
	if (b->kind != TY_STRUCT || !b->rec->complete || b->rec->is_union) {
		error_at(p, t, "bad-base", "a base class must be a complete struct or class");
		return NULL;
	}
	return b;
}

/* Is `base` a (possibly indirect) base class of `derived`? */
static int is_base_of(struct record *base, struct record *derived)
{
	for (int i = 0; derived && derived->base && i < 64; i++) {
		if (derived->base->rec == base)
			return 1;
		derived = derived->base->rec;
	}
	return 0;
}

/* struct-decl = attribute* ident? base-clause? ("{" member* "}")? */
static struct type *struct_decl(struct parser *p, int is_union)
{
	struct declattr at = { 0 };
	while (cuda_spec(p, &at))
		;
	const char *iname = p->inst_name_pending;
	p->inst_name_pending = NULL;
	struct token *tag = NULL;
	if (p->tok->kind == TK_IDENT)
		tag = next(p);
	if (p->tok->kind == TK_LT && tag)
		fail_at(p, p->tok, "class template specializations are not supported");
	if (p->tok->kind != TK_LBRACE && p->tok->kind != TK_COLON) {
		if (!tag)
			fail_at(p, p->tok, "expected '{' after struct");
		struct sym *s = lookup(p, tag->text);
		if (s && s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT)
			return s->ty;
		struct type *t = new_struct_type(p, tag->text, is_union);
		struct sym *ns = add_sym(p, p->scope, tag->text, SYM_TYPE);
		ns->ty = t;
		return t;
	}
	struct type *base = p->tok->kind == TK_COLON ? base_clause(p) : NULL;
	const char *name = iname ? iname : tag ? tag->text : NULL;
	struct type *t = NULL;
	if (tag && !iname) {
		struct sym *s = find_in_scope(p->scope, tag->text);
		if (s && s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT && !s->ty->rec->complete)
			t = s->ty;
		else if (s && s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT)
			error_at(p, tag, "redefinition", "redefinition of '%s'", tag->text);
	}
	if (!t) {
		t = new_struct_type(p, name, is_union);
		if (tag) {
			struct sym *ns = add_sym(p, p->scope, iname ? iname : tag->text, SYM_TYPE);
			ns->ty = t;
			if (iname) {
				/* the template's own name refers to this instance inside it,
				 * and with arguments to the template */
				struct sym *inj = add_sym(p, t->rec->scope, tag->text, SYM_TYPE);
				inj->ty = t;
				inj->tmpl = p->inst_tmpl_pending;
			}
		}
	}
	struct record *rec = t->rec;
	rec->scope->parent = p->scope;
	skip(p, TK_LBRACE);
	struct scope *saved = p->scope;
	p->scope = rec->scope;
	struct deferred *saved_def = p->deferred;
	p->deferred = NULL;
	struct member head = { 0 };
	rec->members = NULL;
	if (base) {
		/* the base subobject comes first, so a Derived * is also a Base *; the
		 * base's members and methods are found through its scope */
		rec->base = base;
		add_member(p, rec, NULL, base, tag);
		if (rec->scope->nusings < 8)
			rec->scope->usings[rec->scope->nusings++] = base->rec->scope;
	}
	long off = 0;
	while (p->tok->kind != TK_RBRACE && p->tok->kind != TK_EOF) {
		jmp_buf jb, *save = p->recover;
		p->recover = &jb;
		int depth = p->depth;
		if (!setjmp(jb))
			member_decl(p, rec, t);
		else {
			p->depth = depth;
			p->scope = rec->scope;
			skip_to_sync(p);
		}
		p->recover = save;
	}
	(void)head;
	/* layout */
	off = 0;
	long align = 1;
	for (struct member *m = rec->members; m; m = m->next) {
		long a = m->ty->align;
		if (a > align)
			align = a;
		if (is_union) {
			m->offset = 0;
			if (m->ty->size > off)
				off = m->ty->size;
		} else {
			off = (off + a - 1) / a * a;
			m->offset = off;
			off += m->ty->size;
		}
	}
	if (at.align > align)
		align = at.align;
	off = (off + align - 1) / align * align;
	if (off == 0)
		off = 1;
	rec->size = off;
	rec->align = align;
	t->size = off;
	t->align = align;
	rec->complete = 1;
	p->scope = saved;
	skip(p, TK_RBRACE);
	/* member function bodies see the complete class */
	parse_deferred(p);
	p->deferred = saved_def;
	return t;
}

static void add_member(struct parser *p, struct record *rec, const char *name, struct type *ty, struct token *t)
{
	struct member *m = arena_alloc(p->a, sizeof(*m));
	m->name = name;
	m->ty = ty;
	m->tok = t;
	struct member **pp = &rec->members;
	while (*pp)
		pp = &(*pp)->next;
	*pp = m;
	if (name) {
		struct sym *s = add_sym(p, rec->scope, name, SYM_MEMBER);
		s->mem = m;
		s->ty = ty;
	}
}

/* enum-decl = ("class" | "struct")? ident? (":" type)? ("{" enumerator ("," enumerator)* ","? "}")? */
static struct type *enum_decl(struct parser *p)
{
	if (!consume(p, TK_CLASS))
		consume(p, TK_STRUCT);
	struct token *tag = NULL;
	if (p->tok->kind == TK_IDENT)
		tag = next(p);
	struct type *base = ty_int;
	if (consume(p, TK_COLON))
		base = abstract_type(p);
	if (p->tok->kind != TK_LBRACE) {
		if (!tag)
			fail_at(p, p->tok, "expected '{' after enum");
		struct sym *s = lookup(p, tag->text);
		if (s && s->kind == SYM_TYPE)
			return s->ty;
		struct type *t = type_copy(p->a, base);
		if (t->kind == TY_INT)
			t->kind = TY_ENUM;
		t->name = tag->text;
		struct sym *ns = add_sym(p, p->scope, tag->text, SYM_TYPE);
		ns->ty = t;
		return t;
	}
	struct type *t = type_copy(p->a, base);
	if (t->kind == TY_INT)
		t->kind = TY_ENUM;
	t->name = tag ? tag->text : NULL;
	if (tag) {
		struct sym *ns = add_sym(p, p->scope, tag->text, SYM_TYPE);
		ns->ty = t;
	}
	skip(p, TK_LBRACE);
	long val = 0;
	while (!consume(p, TK_RBRACE)) {
		struct token *n = skip(p, TK_IDENT);
		if (consume(p, TK_ASSIGN)) {
			struct node *e = conditional(p);
			int ok;
			val = const_int(p, e, &ok);
			if (!ok)
				error_node(p, e, "not-constant", "enumerator value is not a constant");
		}
		struct sym *s = add_sym(p, p->scope, n->text, SYM_ENUMC);
		s->ty = t;
		s->val = val++;
		if (!consume(p, TK_COMMA)) {
			skip(p, TK_RBRACE);
			break;
		}
	}
	return t;
}

/* ---- conversions ---- */

static struct type *strip_cv(struct parser *p, struct type *t)
{
	if (!t->is_const && !t->is_volatile)
		return t;
	struct type *n = type_copy(p->a, t);
	n->is_const = n->is_volatile = 0;
	return n;
}

static struct node *new_cast(struct parser *p, struct node *n, struct type *to)
{
	if (n->ty == to)
		return n;
	struct node *c = new_unary(p, ND_CAST, n, n->tok);
	c->span = n->span;
	c->ty = to;
	return c;
}

static int is_null_const(struct parser *p, struct node *n)
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

static struct node *addr_of(struct parser *p, struct node *n, struct token *t);
static struct obj *find_ctor(struct parser *p, struct type *ty, struct node *args, int nargs, struct token *at, int quiet);
static struct node *construct_temp(struct parser *p, struct type *ty, struct obj *ctor, struct node *args, int nargs, struct token *at);

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
static int conv_rank(struct parser *p, struct node *n, struct type *to)
{
	struct type *from = n->ty;
	if (to->kind == TY_REF) {
		struct type *b = to->base;
		if (type_same(b, from) && (b->is_const || !from->is_const))
			return 0;
		if (b->kind == TY_STRUCT && from->kind == TY_STRUCT && is_base_of(b->rec, from->rec) &&
		    (b->is_const || !from->is_const))
			return 2;
		if (!b->is_const)
			return -1;
		return conv_rank(p, n, b) < 0 ? -1 : conv_rank(p, n, b) + (conv_rank(p, n, b) == 0 ? 1 : 0);
	}
	if (type_same(to, from))
		return to->kind == TY_ARRAY ? 0 : 0;
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
		if (to->rec->has_ctor) {
			struct node a = *n;
			a.next = NULL;
			if (find_ctor(p, to, &a, 1, n->tok, 1))
				return 3;
		}
		return -1;
	}
	return -1;
}

/* Implicit conversion of n to type `to` (assignment, initialization, argument, return). */
static struct node *conv(struct parser *p, struct node *n, struct type *to, const char *what)
{
	struct type *from = n->ty;
	if (to->kind == TY_REF)
		to = to->base;
	if (type_same(to, from) && to->kind != TY_ARRAY)
		return to->kind == TY_STRUCT ? n : new_cast(p, n, strip_cv(p, to));
	if (to->kind == TY_VOID)
		return new_cast(p, n, to);
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
				struct node *arg = n;
				return construct_temp(p, to, c, arg, 1, n->tok);
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
static struct node *decay(struct parser *p, struct node *n)
{
	if (n->ty->kind == TY_ARRAY)
		return new_cast(p, n, type_ptr(p->a, n->ty->base));
	if (n->ty->kind == TY_FUNC && n->kind == ND_FUNCADDR)
		return new_cast(p, n, type_ptr(p->a, n->ty));
	return n;
}

static void arith_conv(struct parser *p, struct node **l, struct node **r)
{
	struct type *t = type_common((*l)->ty, (*r)->ty);
	*l = new_cast(p, *l, t);
	*r = new_cast(p, *r, t);
}

/* ---- constant evaluation ---- */

static long eval_int(struct parser *p, struct node *n, int *ok, int depth);

static double eval_double(struct parser *p, struct node *n, int *ok, int depth)
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

static long eval_int(struct parser *p, struct node *n, int *ok, int depth)
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

static long const_int(struct parser *p, struct node *n, int *ok)
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
static struct node *poison(struct parser *p, struct token *t)
{
	struct node *n = new_num(p, 0, ty_int, t);
	n->op = -1;
	return n;
}

static int is_lvalue(struct node *n)
{
	switch (n->kind) {
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

static int fn_is_device(struct parser *p)
{
	return p->f.fn && (p->f.fn->space & (SPC_DEVICE | SPC_GLOBAL));
}

/* Check that n may be assigned; code names the broken rule. */
static void check_assignable(struct parser *p, struct node *n, struct token *t)
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

static struct node *addr_of(struct parser *p, struct node *n, struct token *t)
{
	if (n->kind == ND_SREG || (n->kind == ND_MEMBER && n->lhs->kind == ND_SREG)) {
		error_node(p, n, "cuda-builtin-var-addr", "cannot take the address of built-in variable '%s'",
			   bvar_name(n->kind == ND_SREG ? n : n->lhs));
		return new_num(p, 0, type_ptr(p->a, n->ty), t);
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

/* Materialize an rvalue into a temporary so that a const reference can bind to it. */
static struct node *materialize(struct parser *p, struct node *n, struct type *ty)
{
	if (ty->kind == TY_STRUCT && n->ty->kind == TY_STRUCT && n->ty->rec == ty->rec)
		return n; /* an aggregate rvalue already lives in a temporary */
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
static struct node *bind_ref(struct parser *p, struct node *n, struct type *ref, const char *what)
{
	struct type *b = ref->base;
	if (is_lvalue(n) && b->kind == TY_STRUCT && n->ty->kind == TY_STRUCT && is_base_of(b->rec, n->ty->rec)) {
		struct node *a = addr_of(p, n, n->tok);
		return new_cast(p, a, type_ptr(p->a, b));
	}
	if (is_lvalue(n) && type_same(b, n->ty)) {
		if (n->ty->is_const && !b->is_const)
			error_node(p, n, "type-mismatch", "binding a non-const reference to a const object in %s", what);
		return addr_of(p, n, n->tok);
	}
	if (!b->is_const && !(n->kind == ND_TEMP))
		error_node(p, n, "type-mismatch", "cannot bind a non-const reference of type '%s' to %s",
			   type_name(p->a, ref), is_lvalue(n) ? "an object of another type" : "a temporary");
	return addr_of(p, materialize(p, n, strip_cv(p, b)), n->tok);
}

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

static struct node *builtin_var(struct parser *p, struct token *t, int which)
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

struct fref {
	struct sym *s;            /* overload set: s->obj chain and s->tmpl chain */
	struct obj *single;       /* a method found in a class scope, or one function */
	struct targ targs[8];
	int ntargs, explicit_targs;
	struct node *thisarg;     /* method calls: the object's address */
	const char *name;
};

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
static int cand_score(struct parser *p, struct obj *fn, struct node *args, int nargs)
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

static int deduce(struct parser *p, struct template *t, struct fref *fr, struct node *args, int nargs, struct targ *out);

static struct obj *resolve(struct parser *p, struct fref *fr, struct node *args, int nargs, struct token *at)
{
	struct obj *best = NULL;
	int best_score = -1, ambiguous = 0;
	struct obj *first = fr->single ? fr->single : fr->s ? fr->s->obj : NULL;
	if (!fr->explicit_targs) {
		for (struct obj *f = first; f; f = fr->single ? NULL : f->next_overload) {
			int sc = cand_score(p, f, args, nargs);
			if (sc < 0)
				continue;
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
static void check_call_space(struct parser *p, struct obj *fn, struct token *at, int launch)
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
static struct node *call_resolved(struct parser *p, struct obj *fn, struct node *thisarg, struct node *args, int nargs, struct token *at)
{
	struct node *n = new_node(p, ND_CALL, at);
	n->func = fn;
	fn->used = 1;
	struct node head = { 0 }, *cur = &head;
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
	struct type *rt = fn->ty->base;
	if (rt->kind == TY_REF) {
		n->ty = type_ptr(p->a, rt->base);
		struct node *dr = new_unary(p, ND_DEREF, n, at);
		dr->ty = rt->base;
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

static struct node *make_call(struct parser *p, struct fref *fr, struct node *args, int nargs, struct token *at)
{
	struct obj *fn = resolve(p, fr, args, nargs, at);
	if (!fn)
		return new_num(p, 0, ty_int, at);
	check_call_space(p, fn, at, 0);
	return call_resolved(p, fn, fr->thisarg, args, nargs, at);
}

/* Indirect call through a function pointer. */
static struct node *call_indirect(struct parser *p, struct node *callee, struct node *args, int nargs, struct token *at)
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
	if (n->ty->kind == TY_STRUCT) {
		n->var = new_temp(p, n->ty, at);
		n->sret_call = 1;
	}
	return n;
}

/* args = "(" (assign ("," assign)*)? ")" */
static struct node *call_args(struct parser *p, int *nargs)
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
		cur = cur->next = a;
		(*nargs)++;
	}
	p->no_gt = no_gt;
	return head.next;
}

/* brace-args = "{" (assign ("," assign)*)? "}" */
static struct node *brace_args(struct parser *p, int *nargs)
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

static struct obj *find_ctor(struct parser *p, struct type *ty, struct node *args, int nargs, struct token *at, int quiet)
{
	struct sym *s = NULL;
	for (struct sym *x = ty->rec->scope->syms; x && !s; x = x->next)
		if (!strcmp(x->name, "<ctor>"))
			s = x; /* constructors are not inherited */
	if (!s)
		return NULL;
	struct fref fr = { .s = s, .name = ty->rec->name };
	/* constructors are never templates here; avoid deduce */
	struct obj *best = NULL;
	int best_score = -1;
	for (struct obj *f = s->obj; f; f = f->next_overload) {
		int sc = cand_score(p, f, args, nargs);
		if (sc >= 0 && (!best || sc < best_score)) {
			best = f;
			best_score = sc;
		}
	}
	if (!best && !quiet)
		error_at(p, at, "no-match", "no matching constructor for '%s' with %d argument%s",
			 ty->rec->name ? ty->rec->name : "struct", nargs, nargs == 1 ? "" : "s");
	(void)fr;
	return best;
}

/* A temporary of class type built by constructor ctor (or zero-initialized when NULL). */
static struct node *construct_temp(struct parser *p, struct type *ty, struct obj *ctor, struct node *args, int nargs, struct token *at)
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
static struct node *aggregate_temp(struct parser *p, struct type *ty, struct node *args, struct token *at)
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
		struct node *as = new_binary(p, ND_ASSIGN, mem, conv(p, decay(p, a), m->ty, "initialization"), at);
		as->ty = m->ty;
		chain = chain ? new_binary(p, ND_COMMA, chain, as, at) : as;
		chain->ty = as->ty;
		m = m->next;
	}
	t->lhs = chain;
	return t;
}

/* T(args) or T{args}: a functional cast or a temporary. */
static struct node *functional_cast(struct parser *p, struct type *ty, struct token *at)
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
	struct node *e = decay(p, args);
	if (!type_is_scalar(e->ty) || !type_is_scalar(ty)) {
		if (ty->kind != TY_VOID)
			error_node(p, e, "bad-cast", "invalid cast from '%s' to '%s'", type_name(p->a, e->ty), type_name(p->a, ty));
	}
	return new_cast(p, e, ty);
}

/* ---- expressions ---- */

static struct node *struct_ref(struct parser *p, struct node *lhs, struct token *name, struct token *at);
static struct node *try_operator(struct parser *p, const char *op, struct node *l, struct node *r, struct token *at);

static struct type *num_type(struct token *t)
{
	switch (t->numty) {
	case NUM_INT: return ty_int;
	case NUM_UINT: return ty_uint;
	case NUM_LONG: return ty_long;
	case NUM_ULONG: return ty_ulong;
	case NUM_LLONG: return ty_llong;
	case NUM_ULLONG: return ty_ullong;
	case NUM_FLOAT: return ty_float;
	case NUM_DOUBLE: case NUM_LDOUBLE: return ty_double;
	case NUM_CHAR: return ty_char;
	}
	return ty_int;
}

/* string = STR+ (adjacent literals concatenate) */
static struct node *string_lit(struct parser *p)
{
	struct token *t = p->tok;
	struct strbuf sb;
	strbuf_init(&sb);
	struct token *last = t;
	while (p->tok->kind == TK_STR) {
		last = p->tok;
		if (p->tok->str)
			strbuf_add(&sb, p->tok->str, p->tok->strlen);
		next(p);
	}
	struct node *n = new_node(p, ND_STR, t);
	long len = (long)sb.len + 1;
	char *bytes = arena_alloc(p->a, (size_t)len);
	if (sb.len)
		memcpy(bytes, sb.buf, sb.len);
	n->str = bytes;
	n->strlen = len;
	n->ty = type_array(p->a, type_qual(p->a, ty_char, 1, 0), len);
	n->depth = 1;
	if (last != t && last->span.file == t->span.file && last->span.off >= t->span.off)
		n->span.len = last->span.off + last->span.len - t->span.off;
	strbuf_release(&sb);
	return n;
}

static struct node *this_ptr(struct parser *p, struct token *t)
{
	struct sym *s = lookup(p, "this");
	if (!s || s->kind != SYM_VAR) {
		error_at(p, t, "no-this", "'this' outside a member function");
		return new_num(p, 0, type_ptr(p->a, ty_void), t);
	}
	struct node *n = new_var(p, s->obj, t);
	return n;
}

static struct node *funcref_node(struct parser *p, struct fref *fr, struct token *t)
{
	struct node *n = new_node(p, ND_FUNCADDR, t);
	struct fref *c = arena_alloc(p->a, sizeof(*c));
	*c = *fr;
	n->aux = c;
	struct obj *f = fr->single ? fr->single : fr->s ? fr->s->obj : NULL;
	n->func = f;
	n->ty = f ? f->ty : type_func(p->a, ty_int);
	n->depth = 1 + (fr->thisarg ? fr->thisarg->depth : 0);
	return n;
}

/* Resolve a reference to an overloaded function without a call: &f, f as a pointer. */
static struct node *funcref_value(struct parser *p, struct node *n)
{
	if (n->kind != ND_FUNCADDR || !n->aux)
		return n;
	struct fref *fr = n->aux;
	if (!n->func) {
		error_node(p, n, "not-supported", "taking the address of a function template is not supported");
		return new_num(p, 0, type_ptr(p->a, ty_void), n->tok);
	}
	if (fr->thisarg) {
		error_node(p, n, "not-supported", "pointers to member functions are not supported");
		return new_num(p, 0, type_ptr(p->a, ty_void), n->tok);
	}
	n->func->used = 1;
	n->func->addr_taken = 1;
	return n;
}

/*
 * primary = "(" expr ")" | num | char | string | "true" | "false" | "nullptr" | "this"
 *         | qualified-name template-args? | type "(" args ")" | type "{" args "}"
 *         | "sizeof" ... | casts
 */
static void skip_template_args_quietly(struct parser *p);

/* Cls<args>::member: a static member, an enumerator, a static function or a nested type. */
static struct node *class_member_ref(struct parser *p, struct type *ty)
{
	skip(p, TK_COLONCOLON);
	struct token *name = skip(p, TK_IDENT);
	struct sym *s = find_in_scope(ty->rec->scope, name->text);
	if (!s) {
		error_at(p, name, "no-member", "no member named '%s' in '%s'", name->text, type_name(p->a, ty));
		return poison(p, name);
	}
	switch (s->kind) {
	case SYM_VAR: return new_var(p, s->obj, name);
	case SYM_ENUMC: return new_num(p, s->val, s->ty, name);
	case SYM_FUNC: {
		struct fref fr = { .s = s, .name = s->name };
		return funcref_node(p, &fr, name);
	}
	case SYM_TYPE:
		if (p->tok->kind == TK_LPAREN || p->tok->kind == TK_LBRACE)
			return functional_cast(p, s->ty, name);
		/* fall through */
	default:
		fail_at(p, name, "unexpected name '%s'", name->text);
	}
}

static struct node *primary(struct parser *p)
{
	struct token *t = p->tok;
	switch (t->kind) {
	case TK_LPAREN: {
		next(p);
		enter(p, t);
		int no_gt = p->no_gt;
		p->no_gt = 0; /* '>' is an operator again inside parentheses */
		struct node *n = expr(p);
		p->no_gt = no_gt;
		leave(p);
		skip(p, TK_RPAREN);
		return n;
	}
	case TK_NUM: case TK_CHAR: {
		next(p);
		struct type *ty = num_type(t);
		if (t->kind == TK_CHAR && t->numty != NUM_CHAR)
			ty = ty_int;
		if (type_is_flonum(ty)) {
			struct node *n = new_node(p, ND_FNUM, t);
			n->fval = ty->kind == TY_FLOAT ? (double)(float)t->fval : t->fval;
			n->ty = ty;
			n->depth = 1;
			return n;
		}
		return new_num(p, (int64_t)t->ival, ty, t);
	}
	case TK_STR:
		return string_lit(p);
	case TK_TRUE: next(p); return new_num(p, 1, ty_bool, t);
	case TK_FALSE: next(p); return new_num(p, 0, ty_bool, t);
	case TK_NULLPTR: next(p); return new_num(p, 0, ty_nullptr, t);
	case TK_THIS: next(p); return this_ptr(p, t);
	case TK_LBRACK:
		fail_at(p, t, "lambda expressions are not supported");
	case TK_NEW: case TK_DELETE:
		fail_at(p, t, "'%s' is not supported (use malloc/free or cudaMalloc)", t->text);
	case TK_THROW: case TK_TRY:
		fail_at(p, t, "exceptions are not supported");
	case TK_TYPEID: case TK_DYNAMIC_CAST:
		fail_at(p, t, "RTTI ('%s') is not supported", t->text);
	default:
		break;
	}
	if (t->kind == TK_IDENT || t->kind == TK_COLONCOLON || t->kind == TK_OPERATOR) {
		struct token *end;
		struct sym *s;
		const char *opname = NULL;
		if (t->kind == TK_OPERATOR) {
			next(p);
			opname = operator_name(p);
			s = lookup(p, opname);
			end = p->tok;
		} else {
			s = peek_name(p, t, &end);
		}
		if (!end) {
			fail_at(p, t, "expected an expression before '%s'", tok_str(t));
		}
		struct token *name_tok = t;
		if (t->kind != TK_OPERATOR) {
			/* the last identifier of the qualified name */
			for (struct token *x = t; x && x != end; x = x->next)
				if (x->kind == TK_IDENT)
					name_tok = x;
			p->tok = end;
		}
		if (!s) {
			if (!strcmp(name_tok->text, "__builtin_expect") || !strcmp(name_tok->text, "__builtin_assume_aligned")) {
				int nargs;
				struct node *args = call_args(p, &nargs);
				if (!args)
					return new_num(p, 0, ty_int, t);
				return args;
			}
			if (!strcmp(name_tok->text, "__builtin_assume") || !strcmp(name_tok->text, "__assume")) {
				int nargs;
				call_args(p, &nargs);
				struct node *n = new_node(p, ND_NOP, t);
				n->ty = ty_void;
				return n;
			}
			if (!strcmp(name_tok->text, "__PRETTY_FUNCTION__") || !strcmp(name_tok->text, "__func__") ||
			    !strcmp(name_tok->text, "__FUNCTION__")) {
				const char *fname = p->f.fn ? p->f.fn->name : "";
				struct node *n = new_node(p, ND_STR, t);
				n->strlen = (long)strlen(fname) + 1;
				n->str = arena_strdup(p->a, fname);
				n->ty = type_array(p->a, type_qual(p->a, ty_char, 1, 0), n->strlen);
				n->depth = 1;
				return n;
			}
			error_at(p, name_tok, "undeclared", "use of undeclared identifier '%s'", opname ? opname : name_tok->text);
			/* skip the rest of a qualified name: one error for 'ns::a::b' */
			int qualified = 0;
			while (p->tok->kind == TK_COLONCOLON && p->tok->next->kind == TK_IDENT) {
				next(p);
				next(p);
				qualified = 1;
			}
			if (p->tok->kind == TK_LT && qualified)
				skip_template_args_quietly(p);
			if (p->tok->kind == TK_IDENT || (p->tok->kind == TK_STAR && p->tok->next->kind == TK_IDENT &&
							 p->tok->next->next->kind == TK_ASSIGN)) {
				/* "unknown_type name ...": a declaration with an unknown type */
				longjmp(*p->recover, 1);
			}
			if (p->tok->kind == TK_LPAREN) {
				int nargs;
				call_args(p, &nargs);
			}
			struct node *poison = new_num(p, 0, ty_int, name_tok);
			poison->op = -1; /* already reported: no further errors about it */
			return poison;
		}
		switch (s->kind) {
		case SYM_VAR:
			return new_var(p, s->obj, name_tok);
		case SYM_ENUMC:
			return new_num(p, s->val, s->ty, name_tok);
		case SYM_BVAR:
			return builtin_var(p, name_tok, (int)s->val);
		case SYM_MEMBER: {
			struct node *th = this_ptr(p, name_tok);
			struct node *d = new_unary(p, ND_DEREF, th, name_tok);
			d->ty = th->ty->kind == TY_PTR ? th->ty->base : ty_int;
			if (d->ty->kind != TY_STRUCT)
				return new_num(p, 0, ty_int, name_tok);
			struct node *m = new_unary(p, ND_MEMBER, d, name_tok);
			m->mem = s->mem;
			m->ty = s->mem->ty;
			if (th->ty->base->is_const)
				m->ty = type_qual(p->a, m->ty, 1, 0);
			if (m->ty->kind == TY_REF) {
				struct node *r = new_unary(p, ND_DEREF, m, name_tok);
				r->ty = m->ty->base;
				return r;
			}
			return m;
		}
		case SYM_NS:
			fail_at(p, name_tok, "'%s' is a namespace, not a value", name_tok->text);
		case SYM_TYPE:
			if (p->tok->kind == TK_LPAREN || p->tok->kind == TK_LBRACE)
				return functional_cast(p, s->ty, name_tok);
			fail_at(p, name_tok, "unexpected type name '%s'", name_tok->text);
		case SYM_TEMPLATE:
			if (s->tmpl && s->tmpl->is_class) {
				struct targ args[8];
				int n = template_args(p, args, 8);
				struct type *ty = instantiate_class(p, s->tmpl, args, n, name_tok);
				if (p->tok->kind == TK_LPAREN || p->tok->kind == TK_LBRACE)
					return functional_cast(p, ty, name_tok);
				if (p->tok->kind == TK_COLONCOLON && ty->kind == TY_STRUCT)
					return class_member_ref(p, ty);
				fail_at(p, name_tok, "unexpected type name");
			}
			/* fall through */
		case SYM_FUNC: {
			struct fref fr = { .s = s, .name = s->name };
			if (p->tok->kind == TK_LT && s->tmpl) {
				fr.ntargs = template_args(p, fr.targs, 8);
				fr.explicit_targs = 1;
			}
			/* a method named without an object inside a member function: this->f */
			if (s->obj && s->obj->is_method && lookup(p, "this"))
				fr.thisarg = this_ptr(p, name_tok);
			return funcref_node(p, &fr, name_tok);
		}
		}
	}
	fail_at(p, t, "expected an expression before '%s'", tok_str(t));
}

static void skip_template_args_quietly(struct parser *p)
{
	struct token *save = p->tok;
	int depth = 0;
	for (int i = 0; i < 64 && p->tok->kind != TK_EOF; i++) {
		if (p->tok->kind == TK_LT)
			depth++;
		else if (p->tok->kind == TK_GT && --depth == 0) {
			next(p);
			return;
		} else if (p->tok->kind == TK_SEMI || p->tok->kind == TK_LBRACE)
			break;
		next(p);
	}
	p->tok = save;
}

/* launch = postfix "<<<" assign ("," assign){1,3} ">>>" args */
static struct node *launch(struct parser *p, struct node *callee)
{
	struct token *t = skip(p, TK_LAUNCH_OPEN);
	struct node *n = new_node(p, ND_LAUNCH, t);
	n->ty = ty_void;
	int ncfg = 0;
	do {
		if (ncfg >= 4)
			fail_at(p, p->tok, "too many launch configuration values (at most 4)");
		n->cfg[ncfg++] = assign(p);
	} while (consume(p, TK_COMMA));
	skip(p, TK_LAUNCH_CLOSE);
	if (ncfg < 2)
		error_at(p, t, "launch-config", "a kernel launch needs at least a grid and a block size");
	int nargs;
	struct node *args = call_args(p, &nargs);
	for (int i = 0; i < 2; i++) {
		struct node *c = n->cfg[i];
		if (!c)
			continue;
		if (c->ty->kind == TY_STRUCT) {
			int nm = 0;
			for (struct member *m = c->ty->rec->members; m; m = m->next)
				nm++;
			if (nm != 3)
				error_node(p, c, "launch-config", "launch configuration must be dim3 or an integer");
		} else if (type_is_integer(c->ty)) {
			n->cfg[i] = new_cast(p, c, ty_uint);
		} else {
			error_node(p, c, "launch-config", "launch configuration must be dim3 or an integer");
			n->cfg[i] = new_num(p, 1, ty_uint, c->tok);
		}
	}
	if (n->cfg[2])
		n->cfg[2] = conv(p, n->cfg[2], ty_ulong, "launch configuration");
	if (n->cfg[3]) {
		if (type_is_integer(n->cfg[3]->ty))
			n->cfg[3] = new_cast(p, n->cfg[3], type_ptr(p->a, ty_void));
		else
			n->cfg[3] = decay(p, n->cfg[3]);
	}
	if (callee->kind != ND_FUNCADDR || !callee->aux) {
		error_node(p, callee, "cuda-launch-non-kernel", "only a __global__ function can be launched with <<<...>>>");
		return n;
	}
	struct fref *fr = callee->aux;
	struct obj *fn = resolve(p, fr, args, nargs, callee->tok);
	if (!fn)
		return n;
	check_call_space(p, fn, callee->tok, 1);
	struct node *call = call_resolved(p, fn, NULL, args, nargs, callee->tok);
	n->func = fn;
	n->args = call->args;
	n->nargs = call->nargs;
	n->depth = call->depth + 1;
	return n;
}

/* postfix = primary ("[" expr "]" | "(" args ")" | "." name | "->" name | "++" | "--" | launch)* */
static int is_poison(struct node *n)
{
	return n->kind == ND_NUM && n->op == -1;
}

static struct node *postfix(struct parser *p)
{
	struct node *n = primary(p);
	for (;;) {
		struct token *t = p->tok;
		if (is_poison(n)) {
			/* already reported: parse the rest without more errors */
			if (t->kind == TK_DOT || t->kind == TK_ARROW) {
				next(p);
				skip(p, TK_IDENT);
				continue;
			}
			if (t->kind == TK_LPAREN) {
				int nargs;
				call_args(p, &nargs);
				continue;
			}
			if (t->kind == TK_LBRACK) {
				next(p);
				expr(p);
				skip(p, TK_RBRACK);
				continue;
			}
		}
		if (t->kind == TK_LAUNCH_OPEN) {
			n = launch(p, n);
			continue;
		}
		if (t->kind == TK_LPAREN) {
			if (n->kind == ND_FUNCADDR && n->aux) {
				int nargs;
				struct node *args = call_args(p, &nargs);
				struct span cs = span_union(n->span, tok_span(p->prev));
				n = make_call(p, n->aux, args, nargs, n->tok);
				n->span = cs;
				continue;
			}
			if (n->ty->kind == TY_STRUCT) {
				int nargs;
				struct node *args = call_args(p, &nargs);
				struct sym *s = find_in_scope(n->ty->rec->scope, "operator()");
				if (!s || s->kind != SYM_FUNC) {
					error_node(p, n, "not-function", "called object is not a function");
					continue;
				}
				struct fref fr = { .s = s, .name = "operator()", .thisarg = addr_of(p, n, t) };
				n = make_call(p, &fr, args, nargs, t);
				continue;
			}
			int nargs;
			struct node *args = call_args(p, &nargs);
			n = call_indirect(p, n, args, nargs, t);
			continue;
		}
		if (t->kind == TK_LBRACK) {
			next(p);
			int no_gt = p->no_gt;
			p->no_gt = 0;
			struct node *idx = expr(p);
			p->no_gt = no_gt;
			skip(p, TK_RBRACK);
			if (n->ty->kind == TY_STRUCT) {
				struct node *r = try_operator(p, "operator[]", n, idx, t);
				if (r) {
					n = r;
					continue;
				}
			}
			struct node *base = decay(p, n), *i2 = idx;
			if (!type_is_ptr(base->ty) && type_is_ptr(decay(p, idx)->ty)) {
				base = decay(p, idx);
				i2 = n;
			}
			if (base->ty->kind != TY_PTR || !type_is_integer(i2->ty)) {
				error_at(p, t, "bad-subscript", "subscripted value is not an array or pointer");
				n = new_num(p, 0, ty_int, t);
				continue;
			}
			struct node *add = new_binary(p, ND_PTRADD, base, new_cast(p, i2, ty_long), t);
			add->ty = base->ty;
			add->ival = base->ty->base->size;
			n = new_unary(p, ND_DEREF, add, t);
			n->ty = base->ty->base;
			n->span = span_union(base->span, tok_span(p->prev)); /* "a[i]" */
			add->span = n->span;
			continue;
		}
		if (t->kind == TK_DOT || t->kind == TK_ARROW) {
			next(p);
			if (t->kind == TK_ARROW) {
				if (n->ty->kind == TY_STRUCT) {
					error_at(p, t, "bad-member", "'->' on a struct (did you mean '.'?)");
				} else {
					struct node *b = decay(p, n);
					if (b->ty->kind != TY_PTR) {
						error_at(p, t, "bad-member", "'->' on a value that is not a pointer");
						skip(p, TK_IDENT);
						n = new_num(p, 0, ty_int, t);
						continue;
					}
					n = new_unary(p, ND_DEREF, b, t);
					n->ty = b->ty->base;
				}
			}
			if (p->tok->kind == TK_TILDE)
				fail_at(p, p->tok, "explicit destructor calls are not supported");
			struct token *name = skip(p, TK_IDENT);
			n = struct_ref(p, n, name, t);
			continue;
		}
		if (t->kind == TK_INC || t->kind == TK_DEC) {
			next(p);
			if (n->ty->kind == TY_STRUCT) {
				struct node *r = try_operator(p, t->kind == TK_INC ? "operator++" : "operator--", n,
							      new_num(p, 0, ty_int, t), t);
				if (r) {
					n = r;
					continue;
				}
			}
			check_assignable(p, n, t);
			struct node *u = new_unary(p, t->kind == TK_INC ? ND_POSTINC : ND_POSTDEC, n, t);
			u->ty = strip_cv(p, n->ty);
			u->ival = n->ty->kind == TY_PTR ? n->ty->base->size : 1;
			if (!type_is_scalar(n->ty) || n->ty->kind == TY_NULLPTR)
				error_node(p, n, "bad-operand", "invalid operand to '%s'", tok_str(t));
			n = u;
			continue;
		}
		return n;
	}
}

/* member access: lhs is a struct-valued expression */
static struct node *struct_ref(struct parser *p, struct node *lhs, struct token *name, struct token *at)
{
	if (lhs->kind == ND_SREG) {
		error_at(p, name, "no-member", "member of a non-struct");
		return new_num(p, 0, ty_int, name);
	}
	if (lhs->ty->kind != TY_STRUCT) {
		error_at(p, name, "bad-member", "request for member '%s' in something that is not a struct", name->text);
		return poison(p, name);
	}
	struct record *rec = lhs->ty->rec;
	if (!rec->complete) {
		error_at(p, name, "incomplete-type", "member access into incomplete type '%s'", rec->name ? rec->name : "struct");
		return new_num(p, 0, ty_int, name);
	}
	struct sym *s = find_in_scope(rec->scope, name->text);
	if (!s) {
		error_at(p, name, "no-member", "no member named '%s' in '%s'", name->text, type_name(p->a, lhs->ty));
		return poison(p, name);
	}
	if (s->kind == SYM_MEMBER) {
		struct node *m = new_unary(p, ND_MEMBER, lhs, at);
		m->mem = s->mem;
		m->ty = s->mem->ty;
		if (lhs->ty->is_const)
			m->ty = type_qual(p->a, m->ty, 1, 0);
		if (lhs->ty->is_volatile)
			m->ty = type_qual(p->a, m->ty, 0, 1);
		m->span = lhs->span;
		if (name->span.file == lhs->span.file && name->span.off >= lhs->span.off)
			m->span.len = name->span.off + name->span.len - lhs->span.off;
		if (m->ty->kind == TY_REF) {
			struct node *r = new_unary(p, ND_DEREF, m, name);
			r->ty = m->ty->base;
			return r;
		}
		return m;
	}
	if (s->kind == SYM_FUNC || (s->kind == SYM_TEMPLATE && !s->tmpl->is_class)) {
		struct fref fr = { .s = s, .name = name->text };
		if (p->tok->kind == TK_LT && s->tmpl) {
			fr.ntargs = template_args(p, fr.targs, 8);
			fr.explicit_targs = 1;
		}
		if (s->obj && !s->obj->is_method)
			fr.thisarg = NULL; /* static member function */
		else
			fr.thisarg = addr_of(p, lhs, at);
		return funcref_node(p, &fr, name);
	}
	if (s->kind == SYM_VAR)
		return new_var(p, s->obj, name);
	if (s->kind == SYM_ENUMC)
		return new_num(p, s->val, s->ty, name);
	error_at(p, name, "bad-member", "'%s' is not a data member", name->text);
	return new_num(p, 0, ty_int, name);
}

/* Operator overloading: a member operator of l's class or a free function. */
static struct node *try_operator(struct parser *p, const char *op, struct node *l, struct node *r, struct token *at)
{
	struct node *args;
	int nargs;
	if (l->ty->kind == TY_STRUCT) {
		struct sym *s = find_in_scope(l->ty->rec->scope, op);
		if (s && s->kind == SYM_FUNC) {
			struct fref fr = { .s = s, .name = op };
			args = r ? r : NULL;
			nargs = r ? 1 : 0;
			if (r)
				r->next = NULL;
			struct obj *fn = NULL;
			int q = p->quiet;
			p->quiet = 1;
			fn = resolve(p, &fr, args, nargs, at);
			p->quiet = q;
			if (fn) {
				check_call_space(p, fn, at, 0);
				return call_resolved(p, fn, addr_of(p, l, at), args, nargs, at);
			}
		}
	}
	struct sym *s = lookup(p, op);
	if (!s && r && r->ty->kind == TY_STRUCT && r->ty->rec->scope->parent)
		s = find_in_scope(r->ty->rec->scope->parent, op);
	if (!s && l->ty->kind == TY_STRUCT && l->ty->rec->scope->parent)
		s = find_in_scope(l->ty->rec->scope->parent, op);
	if (s && (s->kind == SYM_FUNC || s->kind == SYM_TEMPLATE)) {
		struct fref fr = { .s = s, .name = op };
		l->next = r;
		if (r)
			r->next = NULL;
		nargs = r ? 2 : 1;
		int q = p->quiet;
		p->quiet = 1;
		struct obj *fn = resolve(p, &fr, l, nargs, at);
		p->quiet = q;
		if (fn) {
			check_call_space(p, fn, at, 0);
			return call_resolved(p, fn, NULL, l, nargs, at);
		}
	}
	return NULL;
}

static struct node *sizeof_type_node(struct parser *p, struct type *ty, struct token *t)
{
	if (ty->kind == TY_VOID || ty->kind == TY_FUNC || (ty->kind == TY_STRUCT && !ty->rec->complete)) {
		error_at(p, t, "incomplete-type", "invalid application of 'sizeof' to an incomplete type");
		return new_num(p, 1, ty_ulong, t);
	}
	if (ty->kind == TY_REF)
		ty = ty->base;
	return new_num(p, ty->size, ty_ulong, t);
}

static int is_type_in_parens(struct parser *p)
{
	return p->tok->kind == TK_LPAREN && is_typename(p, p->tok->next);
}

/*
 * unary = ("+" | "-" | "!" | "~" | "*" | "&" | "++" | "--") cast
 *       | "sizeof" (unary | "(" type ")") | "alignof" "(" type ")"
 *       | ("static_cast" | "reinterpret_cast" | "const_cast") "<" type ">" "(" expr ")"
 *       | postfix
 */
static struct node *unary(struct parser *p)
{
	struct token *t = p->tok;
	enter(p, t);
	struct node *r;
	switch (t->kind) {
	case TK_PLUS: {
		next(p);
		struct node *e = cast_expr(p);
		if (e->ty->kind == TY_STRUCT && (r = try_operator(p, "operator+", e, NULL, t)))
			break;
		e = decay(p, e);
		if (!type_is_arith(e->ty) && e->ty->kind != TY_PTR)
			error_node(p, e, "bad-operand", "invalid operand to unary '+'");
		r = type_is_arith(e->ty) ? new_cast(p, e, type_promote(e->ty)) : e;
		break;
	}
	case TK_MINUS: {
		next(p);
		struct node *e = cast_expr(p);
		if (e->ty->kind == TY_STRUCT && (r = try_operator(p, "operator-", e, NULL, t)))
			break;
		if (!type_is_arith(e->ty)) {
			error_node(p, e, "bad-operand", "invalid operand to unary '-'");
			r = e;
			break;
		}
		e = new_cast(p, e, type_promote(e->ty));
		r = new_unary(p, ND_NEG, e, t);
		r->ty = e->ty;
		break;
	}
	case TK_BANG: {
		next(p);
		struct node *e = decay(p, cast_expr(p));
		if (e->ty->kind == TY_STRUCT && (r = try_operator(p, "operator!", e, NULL, t)))
			break;
		if (!type_is_scalar(e->ty))
			error_node(p, e, "bad-operand", "invalid operand to '!'");
		r = new_unary(p, ND_NOT, e, t);
		r->ty = ty_bool;
		break;
	}
	case TK_TILDE: {
		next(p);
		struct node *e = cast_expr(p);
		if (!type_is_integer(e->ty)) {
			error_node(p, e, "bad-operand", "invalid operand to '~'");
			r = e;
			break;
		}
		e = new_cast(p, e, type_promote(e->ty));
		r = new_unary(p, ND_BITNOT, e, t);
		r->ty = e->ty;
		break;
	}
	case TK_STAR: {
		next(p);
		struct node *e = decay(p, cast_expr(p));
		if (e->ty->kind == TY_STRUCT && (r = try_operator(p, "operator*", e, NULL, t)))
			break;
		if (e->ty->kind != TY_PTR) {
			error_node(p, e, "bad-operand", "indirection requires a pointer operand ('%s' invalid)",
				   type_name(p->a, e->ty));
			r = new_num(p, 0, ty_int, t);
			break;
		}
		if (e->ty->base->kind == TY_VOID)
			error_node(p, e, "bad-operand", "dereferencing a 'void *' pointer");
		if (e->ty->base->kind == TY_FUNC) {
			r = e;
			break;
		}
		r = new_unary(p, ND_DEREF, e, t);
		r->ty = e->ty->base;
		break;
	}
	case TK_AMP: {
		next(p);
		struct node *e = cast_expr(p);
		if (e->kind == ND_FUNCADDR) {
			e = funcref_value(p, e);
			r = new_cast(p, e, type_ptr(p->a, e->ty));
			break;
		}
		if (!is_lvalue(e) && e->kind != ND_SREG && !(e->kind == ND_MEMBER && e->lhs->kind == ND_SREG)) {
			error_node(p, e, "not-lvalue", "cannot take the address of an rvalue");
			r = new_num(p, 0, type_ptr(p->a, e->ty), t);
			break;
		}
		r = addr_of(p, e, t);
		break;
	}
	case TK_INC: case TK_DEC: {
		next(p);
		struct node *e = cast_expr(p);
		if (e->ty->kind == TY_STRUCT &&
		    (r = try_operator(p, t->kind == TK_INC ? "operator++" : "operator--", e, NULL, t)))
			break;
		check_assignable(p, e, t);
		if (!type_is_scalar(e->ty) || e->ty->kind == TY_NULLPTR)
			error_node(p, e, "bad-operand", "invalid operand to '%s'", tok_str(t));
		r = new_unary(p, t->kind == TK_INC ? ND_PREINC : ND_PREDEC, e, t);
		r->ty = e->ty;
		r->ival = e->ty->kind == TY_PTR ? e->ty->base->size : 1;
		break;
	}
	case TK_SIZEOF: {
		next(p);
		if (p->tok->kind == TK_ELLIPSIS)
			fail_at(p, p->tok, "variadic templates are not supported");
		if (is_type_in_parens(p)) {
			next(p);
			struct type *ty = abstract_type(p);
			skip(p, TK_RPAREN);
			r = sizeof_type_node(p, ty, t);
			break;
		}
		int q = p->quiet;
		struct node *e = unary(p);
		p->quiet = q;
		r = sizeof_type_node(p, e->ty, t);
		break;
	}
	case TK_ALIGNOF: case TK_ALIGNOF_C: {
		next(p);
		skip(p, TK_LPAREN);
		struct type *ty = abstract_type(p);
		skip(p, TK_RPAREN);
		r = new_num(p, ty->align, ty_ulong, t);
		break;
	}
	case TK_STATIC_CAST: case TK_REINTERPRET_CAST: case TK_CONST_CAST: {
		next(p);
		skip(p, TK_LT);
		int save = p->no_gt;
		p->no_gt = 1;
		struct type *ty = abstract_type(p);
		p->no_gt = save;
		split_gt(p);
		skip(p, TK_GT);
		skip(p, TK_LPAREN);
		struct node *e = expr(p);
		skip(p, TK_RPAREN);
		if (ty->kind == TY_REF) {
			if (!is_lvalue(e)) {
				error_node(p, e, "not-lvalue", "cast to a reference of an rvalue");
				r = e;
				break;
			}
			struct node *a = addr_of(p, e, t);
			struct node *c = new_cast(p, a, type_ptr(p->a, ty->base));
			r = new_unary(p, ND_DEREF, c, t);
			r->ty = ty->base;
			break;
		}
		e = decay(p, e);
		if (ty->kind == TY_STRUCT) {
			r = conv(p, e, ty, "cast");
			break;
		}
		if ((!type_is_scalar(e->ty) && e->ty->kind != TY_FUNC) || (!type_is_scalar(ty) && ty->kind != TY_VOID))
			error_node(p, e, "bad-cast", "invalid cast from '%s' to '%s'", type_name(p->a, e->ty), type_name(p->a, ty));
		else if (t->kind == TK_STATIC_CAST && ty->kind == TY_PTR && e->ty->kind == TY_PTR &&
			 e->ty->base->kind != TY_VOID && ty->base->kind != TY_VOID && !type_same(e->ty->base, ty->base))
			error_node(p, e, "bad-cast", "static_cast from '%s' to '%s' is not allowed (use reinterpret_cast)",
				   type_name(p->a, e->ty), type_name(p->a, ty));
		r = new_cast(p, e, ty);
		if (r == e) {
			r = new_unary(p, ND_CAST, e, t);
			r->ty = ty;
		}
		break;
	}
	default:
		r = postfix(p);
	}
	leave(p);
	return r;
}

/* cast = "(" type ")" cast | unary */
static struct node *cast_expr(struct parser *p)
{
	if (is_type_in_parens(p)) {
		struct token *t = p->tok;
		/* "(T)(...)" or "(T){...}" */
		next(p);
		struct type *ty = abstract_type(p);
		skip(p, TK_RPAREN);
		if (p->tok->kind == TK_LBRACE) {
			int nargs;
			struct node *args = brace_args(p, &nargs);
			return aggregate_temp(p, ty, args, t);
		}
		enter(p, t);
		struct node *e = cast_expr(p);
		leave(p);
		e = decay(p, funcref_value(p, e));
		if (ty->kind == TY_STRUCT)
			return conv(p, e, ty, "cast");
		if ((!type_is_scalar(e->ty) && e->ty->kind != TY_FUNC) || (!type_is_scalar(ty) && ty->kind != TY_VOID)) {
			error_node(p, e, "bad-cast", "invalid cast from '%s' to '%s'", type_name(p->a, e->ty), type_name(p->a, ty));
			return new_num(p, 0, type_is_scalar(ty) ? ty : ty_int, t);
		}
		struct node *c = new_unary(p, ND_CAST, e, t);
		c->ty = ty->kind == TY_REF ? ty->base : ty;
		return c;
	}
	return unary(p);
}

static const char *binop_name(enum node_kind k)
{
	switch (k) {
	case ND_ADD: return "operator+";
	case ND_SUB: return "operator-";
	case ND_MUL: return "operator*";
	case ND_DIV: return "operator/";
	case ND_MOD: return "operator%";
	case ND_BITAND: return "operator&";
	case ND_BITOR: return "operator|";
	case ND_BITXOR: return "operator^";
	case ND_SHL: return "operator<<";
	case ND_SHR: return "operator>>";
	case ND_EQ: return "operator==";
	case ND_NE: return "operator!=";
	case ND_LT: return "operator<";
	case ND_LE: return "operator<=";
	case ND_GT: return "operator>";
	case ND_GE: return "operator>=";
	default: return "operator?";
	}
}

/* Type-check a binary operator and build its node (also used by compound assignment). */
static struct node *binary_op(struct parser *p, enum node_kind k, struct node *l, struct node *r, struct token *t)
{
	if (is_poison(l) || is_poison(r))
		return poison(p, t);
	if (l->ty->kind == TY_STRUCT || r->ty->kind == TY_STRUCT) {
		struct node *o = try_operator(p, binop_name(k), l, r, t);
		if (o)
			return o;
		error_at(p, t, "bad-operand", "invalid operands to binary '%s' ('%s' and '%s')", tok_str(t),
			 type_name(p->a, l->ty), type_name(p->a, r->ty));
		return new_num(p, 0, ty_int, t);
	}
	l = decay(p, funcref_value(p, l));
	r = decay(p, funcref_value(p, r));
	struct node *n;
	switch (k) {
	case ND_ADD: case ND_SUB:
		if (type_is_arith(l->ty) && type_is_arith(r->ty))
			break;
		if (l->ty->kind == TY_PTR && type_is_integer(r->ty)) {
			n = new_binary(p, k == ND_ADD ? ND_PTRADD : ND_PTRSUB, l, new_cast(p, r, ty_long), t);
			n->ty = l->ty;
			n->ival = l->ty->base->kind == TY_VOID ? 1 : l->ty->base->size;
			return n;
		}
		if (k == ND_ADD && type_is_integer(l->ty) && r->ty->kind == TY_PTR) {
			n = new_binary(p, ND_PTRADD, r, new_cast(p, l, ty_long), t);
			n->ty = r->ty;
			n->ival = r->ty->base->size;
			return n;
		}
		if (k == ND_SUB && l->ty->kind == TY_PTR && r->ty->kind == TY_PTR) {
			n = new_binary(p, ND_PTRDIFF, l, r, t);
			n->ty = ty_long;
			n->ival = l->ty->base->size ? l->ty->base->size : 1;
			return n;
		}
		goto bad;
	case ND_MUL: case ND_DIV:
		if (!type_is_arith(l->ty) || !type_is_arith(r->ty))
			goto bad;
		break;
	case ND_MOD: case ND_BITAND: case ND_BITOR: case ND_BITXOR:
		if (!type_is_integer(l->ty) || !type_is_integer(r->ty))
			goto bad;
		break;
	case ND_SHL: case ND_SHR:
		if (!type_is_integer(l->ty) || !type_is_integer(r->ty))
			goto bad;
		l = new_cast(p, l, type_promote(l->ty));
		r = new_cast(p, r, type_promote(r->ty));
		n = new_binary(p, k, l, r, t);
		n->ty = l->ty;
		return n;
	case ND_EQ: case ND_NE: case ND_LT: case ND_LE: case ND_GT: case ND_GE:
		if (type_is_arith(l->ty) && type_is_arith(r->ty)) {
			arith_conv(p, &l, &r);
		} else if ((l->ty->kind == TY_PTR || l->ty->kind == TY_NULLPTR) &&
			   (r->ty->kind == TY_PTR || r->ty->kind == TY_NULLPTR || is_null_const(p, r))) {
			r = new_cast(p, r, l->ty->kind == TY_PTR ? l->ty : r->ty);
		} else if (r->ty->kind == TY_PTR && is_null_const(p, l)) {
			l = new_cast(p, l, r->ty);
		} else {
			goto bad;
		}
		n = new_binary(p, k, l, r, t);
		n->ty = ty_bool;
		return n;
	default:
		break;
	}
	arith_conv(p, &l, &r);
	n = new_binary(p, k, l, r, t);
	n->ty = l->ty;
	return n;
bad:
	error_at(p, t, "bad-operand", "invalid operands to binary '%s' ('%s' and '%s')", tok_str(t),
		 type_name(p->a, l->ty), type_name(p->a, r->ty));
	return new_num(p, 0, ty_int, t);
}

static enum node_kind binop_kind(enum tok_kind k, int level)
{
	switch (level) {
	case 0: return k == TK_STAR ? ND_MUL : k == TK_SLASH ? ND_DIV : k == TK_PERCENT ? ND_MOD : ND_NOP;
	case 1: return k == TK_PLUS ? ND_ADD : k == TK_MINUS ? ND_SUB : ND_NOP;
	case 2: return k == TK_SHL ? ND_SHL : k == TK_SHR ? ND_SHR : ND_NOP;
	case 3: return k == TK_LT ? ND_LT : k == TK_LE ? ND_LE : k == TK_GT ? ND_GT : k == TK_GE ? ND_GE : ND_NOP;
	case 4: return k == TK_EQEQ ? ND_EQ : k == TK_NE ? ND_NE : ND_NOP;
	case 5: return k == TK_AMP ? ND_BITAND : ND_NOP;
	case 6: return k == TK_CARET ? ND_BITXOR : ND_NOP;
	case 7: return k == TK_PIPE ? ND_BITOR : ND_NOP;
	default: return ND_NOP;
	}
}

/*
 * binary(level) = binary(level-1) (op(level) binary(level-1))*
 * levels: mul < add < shift < relational < equality < bitand < bitxor < bitor
 * (inside template arguments '>' and '>>' end the expression)
 */
static struct node *binary(struct parser *p, int level)
{
	if (level < 0)
		return cast_expr(p);
	struct node *n = binary(p, level - 1);
	for (;;) {
		struct token *t = p->tok;
		if (p->no_gt && (t->kind == TK_GT || t->kind == TK_SHR || t->kind == TK_GE))
			return n;
		enum node_kind k = binop_kind(t->kind, level);
		if (k == ND_NOP)
			return n;
		next(p);
		struct node *r = binary(p, level - 1);
		n = binary_op(p, k, n, r, t);
	}
}

static struct node *to_cond(struct parser *p, struct node *n)
{
	n = decay(p, funcref_value(p, n));
	if (n->ty->kind == TY_STRUCT) {
		error_node(p, n, "bad-operand", "a struct cannot be used as a condition");
		return new_num(p, 0, ty_bool, n->tok);
	}
	if (n->ty->kind == TY_VOID) {
		error_node(p, n, "bad-operand", "a void value cannot be used as a condition");
		return new_num(p, 0, ty_bool, n->tok);
	}
	return n;
}

/* logand = binary(7) ("&&" binary(7))* ; logor = logand ("||" logand)* */
static struct node *logand(struct parser *p)
{
	struct node *n = binary(p, 7);
	while (p->tok->kind == TK_ANDAND) {
		struct token *t = next(p);
		struct node *r = binary(p, 7);
		n = new_binary(p, ND_LOGAND, to_cond(p, n), to_cond(p, r), t);
		n->ty = ty_bool;
	}
	return n;
}

static struct node *logor(struct parser *p)
{
	struct node *n = logand(p);
	while (p->tok->kind == TK_OROR) {
		struct token *t = next(p);
		struct node *r = logand(p);
		n = new_binary(p, ND_LOGOR, to_cond(p, n), to_cond(p, r), t);
		n->ty = ty_bool;
	}
	return n;
}

/* conditional = logor ("?" expr ":" conditional)? */
static struct node *conditional(struct parser *p)
{
	struct node *c = logor(p);
	if (p->tok->kind != TK_QUESTION)
		return c;
	struct token *t = next(p);
	int save = p->no_gt;
	p->no_gt = 0;
	struct node *a = expr(p);
	p->no_gt = save;
	skip(p, TK_COLON);
	enter(p, t);
	struct node *b = assign(p);
	leave(p);
	struct node *n = new_node(p, ND_COND, t);
	n->cond = to_cond(p, c);
	a = decay(p, funcref_value(p, a));
	b = decay(p, funcref_value(p, b));
	if (type_is_arith(a->ty) && type_is_arith(b->ty)) {
		arith_conv(p, &a, &b);
		n->ty = a->ty;
	} else if (a->ty->kind == TY_VOID || b->ty->kind == TY_VOID) {
		n->ty = ty_void;
	} else if (a->ty->kind == TY_PTR && (b->ty->kind == TY_PTR || is_null_const(p, b))) {
		b = new_cast(p, b, a->ty);
		n->ty = a->ty;
	} else if (b->ty->kind == TY_PTR && is_null_const(p, a)) {
		a = new_cast(p, a, b->ty);
		n->ty = b->ty;
	} else if (a->ty->kind == TY_STRUCT && b->ty->kind == TY_STRUCT && a->ty->rec == b->ty->rec) {
		n->ty = a->ty;
	} else {
		error_at(p, t, "type-mismatch", "incompatible operand types ('%s' and '%s') in '?:'",
			 type_name(p->a, a->ty), type_name(p->a, b->ty));
		n->ty = a->ty;
		b = a;
	}
	n->then = a;
	n->els = b;
	n->depth = 1 + (tree_depth(a) > tree_depth(b) ? tree_depth(a) : tree_depth(b));
	if (tree_depth(c) >= n->depth)
		n->depth = tree_depth(c) + 1;
	if (n->depth > MAX_TREE_DEPTH)
		fail_at(p, t, "expression too complex");
	return n;
}

static enum node_kind compound_kind(enum tok_kind k)
{
	switch (k) {
	case TK_ADDEQ: return ND_ADD;
	case TK_SUBEQ: return ND_SUB;
	case TK_MULEQ: return ND_MUL;
	case TK_DIVEQ: return ND_DIV;
	case TK_MODEQ: return ND_MOD;
	case TK_ANDEQ: return ND_BITAND;
	case TK_OREQ: return ND_BITOR;
	case TK_XOREQ: return ND_BITXOR;
	case TK_SHLEQ: return ND_SHL;
	case TK_SHREQ: return ND_SHR;
	default: return ND_NOP;
	}
}

static const char *compound_opname(enum tok_kind k)
{
	switch (k) {
	case TK_ADDEQ: return "operator+=";
	case TK_SUBEQ: return "operator-=";
	case TK_MULEQ: return "operator*=";
	case TK_DIVEQ: return "operator/=";
	default: return "operator?=";
	}
}

/* Plain assignment l = r (r already parsed). */
static struct node *assign_to(struct parser *p, struct node *l, struct node *r, struct token *t)
{
	if (l->ty->kind == TY_STRUCT) {
		struct sym *s = find_in_scope(l->ty->rec->scope, "operator=");
		if (s && s->kind == SYM_FUNC) {
			struct node *o = try_operator(p, "operator=", l, r, t);
			if (o)
				return o;
		}
	}
	check_assignable(p, l, t);
	struct node *n = new_binary(p, ND_ASSIGN, l, conv(p, decay(p, funcref_value(p, r)), l->ty, "assignment"), t);
	n->ty = l->ty;
	n->span = l->span;
	return n;
}

/* assign = conditional (assign-op assign)? */
static struct node *assign(struct parser *p)
{
	struct token *start = p->tok;
	enter(p, start);
	struct node *n = conditional(p);
	struct token *t = p->tok;
	if (t->kind == TK_ASSIGN) {
		next(p);
		struct node *r = assign(p);
		n = assign_to(p, n, r, t);
	} else if (compound_kind(t->kind) != ND_NOP) {
		next(p);
		struct node *r = assign(p);
		enum node_kind k = compound_kind(t->kind);
		if (n->ty->kind == TY_STRUCT) {
			struct node *o = try_operator(p, compound_opname(t->kind), n, r, t);
			if (!o) {
				error_at(p, t, "bad-operand", "no '%s' for '%s'", compound_opname(t->kind), type_name(p->a, n->ty));
				o = new_num(p, 0, ty_int, t);
			}
			leave(p);
			return o;
		}
		check_assignable(p, n, t);
		/* the operation as if written l = l op r, with l evaluated once */
		struct node *op = binary_op(p, k, n, r, t);
		struct node *a = new_node(p, ND_ASSIGN, t);
		a->lhs = n;
		a->op = op->kind;
		a->ty = n->ty;
		a->span = n->span;
		if (op->kind == ND_PTRADD || op->kind == ND_PTRSUB) {
			a->rhs = op->rhs;
			a->ival = op->ival;
		} else if (op->kind >= ND_ADD && op->kind <= ND_SHR) {
			a->rhs = op->rhs;   /* converted to the operation type */
			a->init = op;       /* the whole operation: its lhs is the converted lhs */
		} else {
			a->op = 0;
			a->rhs = conv(p, op, n->ty, "assignment");
		}
		set_depth(p, a, n, a->rhs);
		n = a;
	}
	leave(p);
	return n;
}

/* expr = assign ("," expr)? */
static struct node *expr(struct parser *p)
{
	struct node *n = assign(p);
	while (p->tok->kind == TK_COMMA) {
		struct token *t = next(p);
		struct node *r = assign(p);
		n = new_binary(p, ND_COMMA, n, r, t);
		n->ty = r->ty;
	}
	return n;
}

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

enum { CTX_FILE, CTX_LOCAL, CTX_CLASS };

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
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_adds(&sb, fn->qname);
	strbuf_addc(&sb, '(');
	for (struct param *q = fn->ty->params; q; q = q->next) {
		type_str(q->ty, &sb);
		if (q->next)
			strbuf_addc(&sb, ',');
	}
	if (fn->ty->is_variadic)
		strbuf_adds(&sb, fn->ty->params ? ",..." : "...");
	strbuf_addc(&sb, ')');
	if (fn->ty->is_method_const)
		strbuf_adds(&sb, "const");
	const char *r = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return r;
}


static int same_params(struct type *a, struct type *b)
{
	struct param *x = a->params, *y = b->params;
	for (; x && y; x = x->next, y = y->next)
		if (!type_same(x->ty, y->ty) || x->ty->is_const != y->ty->is_const)
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
	for (struct sym *x = target->hash ? target->hash[name_hash(symname)] : target->syms; x;
	     x = target->hash ? x->hnext : x->next)
		if (!strcmp(x->name, symname) && (x->kind == SYM_FUNC || (x->kind == SYM_TEMPLATE && !x->tmpl->is_class))) {
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
				/* keep the defaults written on the first declaration */
				struct param *x = f->ty->params, *y = fty->params;
				for (; x && y; x = x->next, y = y->next)
					if (!x->defarg && y->defarg)
						x->defarg = y->defarg;
				if (at->launch_max)
					f->launch_max = at->launch_max, f->launch_min = at->launch_min;
				return f;
			}
		}
	}
	if (dn->qual && !s)
		error_at(p, dn->tok, "undeclared", "no declaration of '%s' in the named scope", name);
	struct obj *fn = new_obj(p, name, fty, dn->tok);
	fn->is_func = 1;
	fn->space = space;
	fn->is_ctor = is_ctor;
	fn->is_inline = at->is_inline;
	fn->is_static = at->is_static;
	fn->builtin_id = at->has_builtin ? at->builtin_id : -1;
	fn->launch_max = at->launch_max;
	fn->launch_min = at->launch_min;
	fn->extern_c = p->extern_c;
	fn->is_constexpr = at->is_constexpr;
	if (cls && !at->is_static) {
		fn->is_method = 1;
		fn->rec = cls->rec;
	}
	if (is_ctor && cls)
		cls->rec->has_ctor = 1;
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

static struct node *mem_initializers(struct parser *p, struct obj *fn, struct obj *thisv)
{
	struct node head = { 0 }, *cur = &head;
	if (!consume(p, TK_COLON))
		return NULL;
	do {
		struct token *name = skip(p, TK_IDENT);
		int nargs;
		struct node *args = p->tok->kind == TK_LBRACE ? brace_args(p, &nargs) : call_args(p, &nargs);
		struct sym *s = fn->rec ? find_in_scope(fn->rec->scope, name->text) : NULL;
		if (s && s->kind == SYM_TYPE && fn->rec->base && s->ty->kind == TY_STRUCT && s->ty->rec == fn->rec->base->rec) {
			/* Base(args): construct the base subobject through this */
			struct type *bt = fn->rec->base;
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
		struct node *th = new_var(p, thisv, name);
		struct node *d = new_unary(p, ND_DEREF, th, name);
		d->ty = th->ty->base;
		struct node *m = new_unary(p, ND_MEMBER, d, name);
		m->mem = s->mem;
		m->ty = s->mem->ty;
		struct node *init;
		if (m->ty->kind == TY_STRUCT && m->ty->rec->has_ctor) {
			struct obj *c = find_ctor(p, m->ty, args, nargs, name, 0);
			if (!c)
				continue;
			init = call_resolved(p, c, addr_of(p, m, name), args, nargs, name);
		} else if (nargs == 0) {
			init = assign_to(p, m, new_num(p, 0, ty_int, name), name);
		} else {
			if (nargs > 1)
				error_at(p, name, "arg-count", "too many initializers for member '%s'", name->text);
			init = assign_to(p, m, args, name);
		}
		struct node *st = new_unary(p, ND_EXPR_STMT, init, name);
		cur = cur->next = st;
	} while (consume(p, TK_COMMA));
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
	if (fn->is_ctor && p->tok->kind == TK_COLON)
		inits = mem_initializers(p, fn, thisv);
	if (fn->is_ctor && fn->rec && fn->rec->base && fn->rec->base->rec->has_ctor && thisv) {
		/* a base not named among the mem-initializers is default-constructed first */
		int named = 0;
		for (struct node *i = inits; i; i = i->next)
			if (i->lhs && i->lhs->kind == ND_CALL && i->lhs->func && i->lhs->func->is_ctor &&
			    i->lhs->func->rec == fn->rec->base->rec)
				named = 1;
		struct type *dt = thisv->ty->base;
		struct node *bc = named ? NULL : base_default_ctor(p, dt, new_var(p, thisv, fn->tok), fn->tok);
		if (bc) {
			struct node *st = new_unary(p, ND_EXPR_STMT, bc, fn->tok);
			st->next = inits;
			inits = st;
		}
	}
	if (p->tok->kind != TK_LBRACE)
		fail_at(p, p->tok, "expected '{' to begin the function body");
	struct node *body = compound_stmt(p);
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
	/* skip the body: mem-initializers and braces */
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

static void parse_deferred(struct parser *p)
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
		}
		v->is_static = 1;
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
		if (ty->kind == TY_STRUCT && ty->rec->has_ctor) {
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
		if (decl) {
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
	} else if (ty->kind == TY_STRUCT && ty->rec->has_ctor && !at->is_extern && ms != MS_SHARED) {
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
static struct node *declaration(struct parser *p, int ctx)
{
	struct declattr at = { 0 };
	struct token *start = p->tok;
	struct type *base = declspec(p, &at);
	struct node head = { 0 }, *cur = &head;
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
			if (is_auto_marker(ty->base))
				error_at(p, dn.tok, "unsupported", "deduced return types are not supported");
			struct obj *fn = declare_function(p, ty, &dn, &at2, 0);
			if (first && (p->tok->kind == TK_LBRACE || (p->tok->kind == TK_COLON))) {
				if (ctx == CTX_LOCAL)
					fail_at(p, p->tok, "function definitions are not allowed inside a function");
				struct scope *outer = dn.qual ? dn.qual : p->scope;
				if (ctx == CTX_CLASS)
					defer_body(p, fn);
				else
					func_body(p, fn, outer);
				return NULL;
			}
			if (consume(p, TK_ASSIGN)) {
				/* = default / = delete / = 0 */
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
static void member_decl(struct parser *p, struct record *rec, struct type *rty)
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
	while (cuda_spec(p, &at) || consume(p, TK_INLINE) || consume(p, TK_EXPLICIT) || consume(p, TK_CONSTEXPR))
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
		while (cuda_spec(p, &at) || consume(p, TK_NOEXCEPT))
			;
		if (dtor) {
			if (p->tok->kind == TK_LBRACE) {
				/* an empty destructor is harmless; bodies would not run */
				struct deferred *sd = p->deferred;
				struct obj dummy = { 0 };
				(void)dummy;
				int depth = 0;
				do {
					if (p->tok->kind == TK_LBRACE)
						depth++;
					else if (p->tok->kind == TK_RBRACE)
						depth--;
					next(p);
				} while (depth > 0 && p->tok->kind != TK_EOF);
				p->deferred = sd;
			} else if (consume(p, TK_ASSIGN)) {
				next(p);
				skip(p, TK_SEMI);
			} else {
				skip(p, TK_SEMI);
			}
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
			if (is_ident(k, "default") || k->kind == TK_DEFAULT) {
				/* = default: treat as an empty body only for the default constructor */
			}
		}
		skip(p, TK_SEMI);
		return;
	}
	p->tok = s;
	at = (struct declattr){ 0 };
	base = declspec(p, &at);
	if (consume(p, TK_SEMI))
		return;
	int first = 1;
	do {
		struct dname dn = { 0 };
		struct declattr at2 = at;
		struct type *ty = declarator_dn(p, base, &dn, &at2);
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
				defer_body(p, fn);
				return;
			}
			if (consume(p, TK_ASSIGN)) {
				if (p->tok->kind == TK_NUM)
					error_at(p, p->tok, "unsupported", "pure virtual functions are not supported");
				next(p);
			}
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
		if (p->tok->kind == TK_COLON)
			fail_at(p, p->tok, "bit-fields are not supported");
		if (find_in_scope(rec->scope, dn.name) && find_in_scope(rec->scope, dn.name)->kind == SYM_MEMBER)
			error_at(p, dn.tok, "redefinition", "duplicate member '%s'", dn.name);
		add_member(p, rec, dn.name, ty, dn.tok);
		if (consume(p, TK_ASSIGN) || p->tok->kind == TK_LBRACE) {
			error_at(p, p->tok, "unsupported", "default member initializers are not supported");
			assign(p);
		}
		first = 0;
	} while (consume(p, TK_COMMA));
	(void)rty;
	skip(p, TK_SEMI);
}

/* ---- statements ---- */

/*
 * The token after the template-argument list that starts at `lt` ("<"), or
 * NULL when it does not close on this statement. Only looks ahead: nested
 * <>, (), [] and {} balance; ">>" closes two lists; ";" gives up.
 */
static struct token *skip_template_args_ahead(struct token *lt)
{
	int angle = 0, nest = 0;
	for (struct token *t = lt; t && t->kind != TK_EOF; t = t->next) {
		switch (t->kind) {
		case TK_LT: if (!nest) angle++; break;
		case TK_GT: if (!nest && --angle == 0) return t->next; break;
		case TK_SHR: if (!nest && (angle -= 2) <= 0) return angle == 0 ? t->next : NULL; break;
		case TK_LPAREN: case TK_LBRACK: case TK_LBRACE: nest++; break;
		case TK_RPAREN: case TK_RBRACK: case TK_RBRACE: if (--nest < 0) return NULL; break;
		case TK_SEMI: return NULL;
		default: break;
		}
	}
	return NULL;
}

static int is_decl_start(struct parser *p)
{
	struct token *t = p->tok;
	if (t->kind == TK_IDENT || t->kind == TK_COLONCOLON) {
		struct token *end;
		struct sym *s = peek_name(p, t, &end);
		if (!s || !(s->kind == SYM_TYPE || (s->kind == SYM_TEMPLATE && s->tmpl->is_class)))
			return 0;
		/* a class template's arguments: look past them, as for a plain type */
		if (end && end->kind == TK_LT && s->kind == SYM_TEMPLATE)
			end = skip_template_args_ahead(end);
		/* T(args) and T{args} start expressions (temporaries, functional casts):
		 * cuda::atomic_ref<int, S>(x).store(1); is an expression statement */
		if (end && (end->kind == TK_LPAREN || end->kind == TK_LBRACE || end->kind == TK_DOT))
			return 0;
		return 1;
	}
	if (t->kind == TK_STATIC_ASSERT || t->kind == TK_STATIC_ASSERT_C || t->kind == TK_USING ||
	    t->kind == TK_NAMESPACE || t->kind == TK_TEMPLATE)
		return 1;
	/* int(x) as an expression is rare; treat basic types as declarations */
	return is_typename(p, t);
}

static struct node *stmt_or_decl(struct parser *p);

static int is_pragma(struct token *t)
{
	return t->kind == TK_IDENT && !strcmp(t->text, "__ws_pragma_unroll");
}

static void skip_pragma(struct parser *p)
{
	struct token *t = next(p);
	/* the pragma's operands stay on its line */
	while (p->tok->kind != TK_EOF && !p->tok->at_bol && p->tok->span.line == t->span.line)
		next(p);
}

/* compound-stmt = "{" (declaration | stmt)* "}" */
static struct node *compound_stmt(struct parser *p)
{
	struct token *t = skip(p, TK_LBRACE);
	enter(p, t);
	struct node *n = new_node(p, ND_BLOCK, t);
	push_scope(p);
	struct node head = { 0 }, *cur = &head;
	while (p->tok->kind != TK_RBRACE) {
		if (p->tok->kind == TK_EOF) {
			error_at(p, p->tok, "syntax", "expected '}' at end of input");
			break;
		}
		jmp_buf jb, *save = p->recover;
		p->recover = &jb;
		int depth = p->depth;
		struct scope *sc = p->scope;
		int no_gt = p->no_gt;
		if (!setjmp(jb)) {
			struct node *s = stmt_or_decl(p);
			while (s) {
				struct node *nx = s->next;
				s->next = NULL;
				cur = cur->next = s;
				s = nx;
			}
		} else {
			p->depth = depth;
			p->scope = sc;
			p->no_gt = no_gt;
			skip_to_sync(p);
		}
		p->recover = save;
	}
	consume(p, TK_RBRACE);
	pop_scope(p);
	n->body = head.next;
	struct token *last = p->tok;
	(void)last;
	leave(p);
	return n;
}

static void parse_external(struct parser *p, int ctx);

static struct node *stmt_or_decl(struct parser *p)
{
	if (is_pragma(p->tok)) {
		skip_pragma(p);
		return NULL;
	}
	if (is_decl_start(p)) {
		struct token *t = p->tok;
		if (t->kind == TK_STATIC_ASSERT || t->kind == TK_STATIC_ASSERT_C || t->kind == TK_USING ||
		    t->kind == TK_NAMESPACE || t->kind == TK_TEMPLATE) {
			parse_external(p, CTX_LOCAL);
			return NULL;
		}
		struct node *d = declaration(p, CTX_LOCAL);
		return d;
	}
	return stmt(p);
}

static struct node *cond_expr(struct parser *p)
{
	skip(p, TK_LPAREN);
	struct node *c;
	if (is_decl_start(p) && p->tok->kind != TK_STATIC_ASSERT) {
		fail_at(p, p->tok, "declarations in conditions are not supported");
	}
	c = to_cond(p, expr(p));
	skip(p, TK_RPAREN);
	return c;
}

static struct node *sub_stmt(struct parser *p)
{
	/* a statement body gets its own scope */
	push_scope(p);
	struct node *s;
	if (is_decl_start(p)) {
		struct token *t = p->tok;
		s = new_node(p, ND_BLOCK, t);
		s->body = declaration(p, CTX_LOCAL);
	} else {
		s = stmt(p);
	}
	pop_scope(p);
	return s;
}

/*
 * stmt = "return" expr? ";" | "if" "(" expr ")" stmt ("else" stmt)?
 *      | "switch" "(" expr ")" stmt | "case" const ":" stmt | "default" ":" stmt
 *      | "for" "(" (declaration | expr? ";") expr? ";" expr? ")" stmt
 *      | "while" "(" expr ")" stmt | "do" stmt "while" "(" expr ")" ";"
 *      | "break" ";" | "continue" ";" | "goto" ident ";" | ident ":" stmt
 *      | compound-stmt | expr? ";"
 */
static struct node *stmt(struct parser *p)
{
	struct token *t = p->tok;
	enter(p, t);
	struct node *n;
	switch (t->kind) {
	case TK_RETURN: {
		next(p);
		n = new_node(p, ND_RETURN, t);
		struct type *rt = p->f.fn ? p->f.fn->ty->base : ty_int;
		if (p->tok->kind != TK_SEMI) {
			struct node *e = expr(p);
			if (rt->kind == TY_VOID) {
				if (e->ty->kind != TY_VOID)
					error_node(p, e, "return-value", "void function '%s' should not return a value",
						   p->f.fn ? p->f.fn->name : "?");
				n->lhs = e;
				n->op = 1; /* evaluate for side effects only */
			} else if (rt->kind == TY_REF) {
				n->lhs = bind_ref(p, e, rt, "return");
			} else {
				n->lhs = conv(p, decay(p, funcref_value(p, e)), rt, "return");
			}
		} else if (rt->kind != TY_VOID && p->f.fn && strcmp(p->f.fn->name, "main")) {
			error_at(p, t, "return-value", "non-void function '%s' should return a value", p->f.fn->name);
		}
		skip(p, TK_SEMI);
		break;
	}
	case TK_IF: {
		next(p);
		n = new_node(p, ND_IF, t);
		if (p->tok->kind == TK_CONSTEXPR)
			next(p);
		n->cond = cond_expr(p);
		n->then = sub_stmt(p);
		if (consume(p, TK_ELSE))
			n->els = sub_stmt(p);
		break;
	}
	case TK_SWITCH: {
		next(p);
		n = new_node(p, ND_SWITCH, t);
		skip(p, TK_LPAREN);
		struct node *c = decay(p, expr(p));
		skip(p, TK_RPAREN);
		if (!type_is_integer(c->ty)) {
			error_node(p, c, "bad-operand", "switch quantity is not an integer");
			c = new_num(p, 0, ty_int, t);
		}
		n->cond = new_cast(p, c, type_promote(c->ty));
		struct node *sw = p->f.cur_switch;
		p->f.cur_switch = n;
		p->f.in_switch++;
		n->then = sub_stmt(p);
		p->f.in_switch--;
		p->f.cur_switch = sw;
		break;
	}
	case TK_CASE: {
		next(p);
		n = new_node(p, ND_CASE, t);
		struct node *e = conditional(p);
		int ok;
		long lo = const_int(p, e, &ok), hi = lo;
		if (!ok)
			error_node(p, e, "not-constant", "case label is not an integer constant");
		if (consume(p, TK_ELLIPSIS)) {
			struct node *e2 = conditional(p);
			hi = const_int(p, e2, &ok);
		}
		skip(p, TK_COLON);
		if (!p->f.cur_switch) {
			error_at(p, t, "case-outside", "'case' outside a switch");
		} else {
			struct node *sw = p->f.cur_switch;
			for (struct node *c = sw->case_next; c; c = c->case_next)
				if (c->case_lo == lo)
					error_at(p, t, "duplicate-case", "duplicate case value %ld", lo);
			n->case_lo = lo;
			n->case_hi = hi;
			n->case_next = sw->case_next;
			sw->case_next = n;
		}
		if (p->tok->kind == TK_RBRACE)
			n->body = NULL;
		else
			n->body = stmt(p);
		break;
	}
	case TK_DEFAULT: {
		next(p);
		skip(p, TK_COLON);
		n = new_node(p, ND_CASE, t);
		n->op = 1;
		if (!p->f.cur_switch)
			error_at(p, t, "case-outside", "'default' outside a switch");
		else if (p->f.cur_switch->default_case)
			error_at(p, t, "duplicate-case", "multiple default labels in one switch");
		else
			p->f.cur_switch->default_case = n;
		if (p->tok->kind != TK_RBRACE)
			n->body = stmt(p);
		break;
	}
	case TK_FOR: {
		next(p);
		n = new_node(p, ND_FOR, t);
		skip(p, TK_LPAREN);
		push_scope(p);
		if (is_decl_start(p)) {
			struct node *d = declaration(p, CTX_LOCAL);
			struct node *b = new_node(p, ND_BLOCK, t);
			b->body = d;
			n->init = b;
		} else if (!consume(p, TK_SEMI)) {
			struct node *e = new_node(p, ND_EXPR_STMT, p->tok);
			e->lhs = expr(p);
			e->span = e->lhs->span;
			n->init = e;
			if (p->tok->kind == TK_COLON)
				fail_at(p, p->tok, "range-based for loops are not supported");
			skip(p, TK_SEMI);
		}
		if (p->tok->kind != TK_SEMI)
			n->cond = to_cond(p, expr(p));
		skip(p, TK_SEMI);
		if (p->tok->kind != TK_RPAREN) {
			n->inc = expr(p);
		}
		skip(p, TK_RPAREN);
		p->f.in_loop++;
		struct node *sw = p->f.cur_switch;
		n->then = sub_stmt(p);
		p->f.cur_switch = sw;
		p->f.in_loop--;
		pop_scope(p);
		break;
	}
	case TK_WHILE: {
		next(p);
		n = new_node(p, ND_FOR, t);
		n->cond = cond_expr(p);
		p->f.in_loop++;
		n->then = sub_stmt(p);
		p->f.in_loop--;
		break;
	}
	case TK_DO: {
		next(p);
		n = new_node(p, ND_DO, t);
		p->f.in_loop++;
		n->then = sub_stmt(p);
		p->f.in_loop--;
		skip(p, TK_WHILE);
		n->cond = cond_expr(p);
		skip(p, TK_SEMI);
		break;
	}
	case TK_BREAK:
		next(p);
		n = new_node(p, ND_BREAK, t);
		if (!p->f.in_loop && !p->f.in_switch)
			error_at(p, t, "break-outside", "'break' outside a loop or switch");
		skip(p, TK_SEMI);
		break;
	case TK_CONTINUE:
		next(p);
		n = new_node(p, ND_CONTINUE, t);
		if (!p->f.in_loop)
			error_at(p, t, "continue-outside", "'continue' outside a loop");
		skip(p, TK_SEMI);
		break;
	case TK_GOTO:
		next(p);
		n = new_node(p, ND_GOTO, t);
		n->str = skip(p, TK_IDENT)->text;
		skip(p, TK_SEMI);
		break;
	case TK_LBRACE:
		n = compound_stmt(p);
		break;
	case TK_SEMI:
		next(p);
		n = new_node(p, ND_BLOCK, t);
		break;
	case TK_TRY: case TK_THROW:
		fail_at(p, t, "exceptions are not supported");
	case TK_ASM:
		fail_at(p, t, "inline assembly is not supported");
	default:
		if (t->kind == TK_IDENT && t->next->kind == TK_COLON) {
			next(p);
			next(p);
			n = new_node(p, ND_LABEL, t);
			n->str = t->text;
			if (p->tok->kind != TK_RBRACE)
				n->body = stmt(p);
			break;
		}
		n = new_node(p, ND_EXPR_STMT, t);
		n->lhs = expr(p);
		skip(p, TK_SEMI);
		break;
	}
	if (n->kind != ND_BLOCK && n->kind != ND_IF && n->kind != ND_FOR && n->kind != ND_SWITCH &&
	    n->kind != ND_DO && n->kind != ND_CASE && n->kind != ND_LABEL && p->prev)
		n->span = span_union(tok_span(t), tok_span(p->prev));
	leave(p);
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

static struct obj *instantiate_func(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at)
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

static struct type *instantiate_class(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at)
{
	if (p->deducing) {
		/* a signature with placeholder arguments: an opaque stand-in, no instance */
		struct type *ph = type_new(p->a, TY_TPARAM, 4, 4);
		ph->tparam_index = 8;
		ph->name = t->name;
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
			return type_same(out[k].ty, a);
		out[k].ty = a;
		bound[k] = 1;
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

static int deduce(struct parser *p, struct template *t, struct fref *fr, struct node *args, int nargs, struct targ *out)
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
		if (P->kind == TY_REF) {
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
static void template_decl(struct parser *p)
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
static void skip_declaration(struct parser *p)
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
	*alias = *s;
	alias->name = nm;
	alias->next = nx;
	alias->hnext = hn;
}

static void parse_external_member(struct parser *p)
{
	parse_external(p, CTX_CLASS);
}

/*
 * external = namespace-decl | using-decl | static-assert | template-decl
 *          | "extern" "\"C\"" ("{" external* "}" | external) | ";" | declaration
 */
static void parse_external(struct parser *p, int ctx)
{
	struct token *t = p->tok;
	switch (t->kind) {
	case TK_NAMESPACE:
		if (ctx != CTX_FILE)
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
	p->scope = p->global;
	p->globals_tail = &p->globals;
	p->funcs_tail = &p->funcs;
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
	struct program *prog = arena_alloc(a, sizeof(*prog));
	prog->globals = p->globals;
	prog->funcs = p->funcs;
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
