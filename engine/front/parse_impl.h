/*
 * parse_impl.h - what the parts of the parser share; private to engine/parse*.c.
 *
 * The parser is one recursive descent split by subject: parse.c (diagnostics,
 * tokens, scopes, symbols, nodes, objects and parse_program), parse_type.c,
 * parse_template.c, parse_conv.c, parse_call.c, parse_expr.c, parse_decl.c and
 * parse_stmt.c. The declarations below are grouped by the file that defines them.
 */
#ifndef WS_PARSE_IMPL_H
#define WS_PARSE_IMPL_H

#include "ast.h"
#include "builtin.h"
#include "units.h"

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
	unsigned hash;            /* name_hash of the name, in a big scope (else 0) */
	struct obj *obj;          /* VAR; FUNC: first of the overload chain */
	struct type *ty;          /* TYPE, ENUMC */
	long val;                 /* ENUMC; BVAR: which variable */
	struct scope *ns;         /* NS */
	struct template *tmpl;    /* TEMPLATE: chain via tmpl->next */
	struct member *mem;       /* MEMBER */
	/* MEMBER of an anonymous struct or union: the unnamed members to go
	 * through first, outermost first */
	struct anon_path { struct member *m; struct anon_path *next; } *via;
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
	struct unit_rec *urec;    /* a namespace scope while units are recorded (units.h) */
};

#define SCOPE_HASH 512

/* A name's hash: its bucket in a big scope is name_hash % SCOPE_HASH, and
 * the symbols there keep it whole, so that a lookup compares names only
 * when the hashes agree. */
static inline unsigned name_hash(const char *s)
{
	unsigned h = 2166136261u;
	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

struct tparam {
	const char *name;
	int is_type;
	struct type *ty_default;
	struct token *val_default; /* start of the default expression */
	struct token *ty_default_tok; /* start of the default type, parsed again for each use */
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
	/* class template specializations: on the primary template, its explicit
	 * (nparams 0) and partial specializations; on a specialization, where
	 * its argument pattern starts (the '<' after the name) */
	struct template *specs;
	struct token *pattern;
	struct template *mdefs;   /* member definitions outside the class: X<T>::f() {} */
	struct record *ctor_rec;  /* a constructor template (named "<ctor>"): its class */
	int is_fwd;               /* a class template declared, not defined yet: template<class T> class X; */
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
	const char *exc_label;    /* the catch clauses an exception here goes to (NULL: the exit) */
	int in_handler;
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
	struct obj *gtemps, **gtemps_tail; /* temporaries of global initializers */
	struct deferred *deferred;
	unsigned tmpcount;
	struct token *prev;       /* the last consumed token */
	int deducing;             /* parsing a template signature with placeholders */
	int no_func_suffix;       /* parsing "T x(args)" object declarations */
	/* the instance a template instantiation is producing */
	const char *inst_name_pending;      /* struct name for the next struct_decl */
	struct template *inst_tmpl_pending; /* its template */
	const char *inst_suffix_pending;    /* "<args>" for the next declared function */
	int range_for_count;               /* names the hidden variables of range-based fors */
	int in_user_conv;                   /* ranking a user-defined conversion's constructors */
	struct inst *inst_record_pending;   /* where to record that function */
	int spec_name_targs;                /* an explicit specialization: skip f<args> after the name */
	struct plist *vclasses;             /* polymorphic classes, newest first */
	struct plist *vdisps;               /* virtual dispatchers to give a body at the end */
	int nvclasses;
	struct exc_state *exc;              /* exceptions: parse_except.c */
	struct lambda *lambda;              /* the lambda whose body is being parsed */
	struct strbuf mangle_buf;           /* mangle's, reused (released by parse_program) */
	struct unit_rec *rec;               /* recording the prelude's units (units.h), or NULL */
};

struct plist {
	struct plist *next;
	void *item;
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
	int cluster[3];           /* __cluster_dims__(x, y, z); 0: none */
	long align;
	int grid_constant, builtin_id, has_builtin;
	int is_explicit;
	struct token *builtin_tok;
	int is_virtual;
};

struct dname {
	struct token *tok;        /* NULL for abstract declarators */
	const char *name;
	struct scope *qual;       /* A::f: the scope of A */
	int is_dtor;
};

struct fref {
	struct sym *s;            /* overload set: s->obj chain and s->tmpl chain */
	struct obj *single;       /* a method found in a class scope, or one function */
	struct targ targs[8];
	int ntargs, explicit_targs;
	struct node *thisarg;     /* method calls: the object's address */
	const char *name;
	int nonvirtual;           /* a qualified name: B::f() calls B's f */
};

enum { CTX_FILE, CTX_LOCAL, CTX_CLASS };

/* parse.c */
void error_at(struct parser *p, struct token *t, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
void error_node(struct parser *p, struct node *n, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
void WS_NORETURN fail_at(struct parser *p, struct token *t, const char *fmt, ...) WS_PRINTF(3, 4);
struct span span_union(struct span a, struct span b);
void split_gt(struct parser *p);
void push_scope(struct parser *p);
void pop_scope(struct parser *p);
struct sym *add_sym(struct parser *p, struct scope *sc, const char *name, enum sym_kind k);
struct sym *find_in_scope(struct scope *sc, const char *name);
struct sym *lookup(struct parser *p, const char *name);
const char *qualify(struct parser *p, struct scope *sc, const char *name);
struct sym *peek_name(struct parser *p, struct token *t, struct token **end);
struct node *new_node(struct parser *p, enum node_kind k, struct token *t);
int tree_depth(struct node *n);
void set_depth(struct parser *p, struct node *n, struct node *a, struct node *b);
struct node *new_binary(struct parser *p, enum node_kind k, struct node *l, struct node *r, struct token *t);
struct node *new_unary(struct parser *p, enum node_kind k, struct node *e, struct token *t);
struct node *new_num(struct parser *p, int64_t v, struct type *ty, struct token *t);
struct node *new_var(struct parser *p, struct obj *v, struct token *t);
struct obj *new_obj(struct parser *p, const char *name, struct type *ty, struct token *t);
struct obj *new_local(struct parser *p, const char *name, struct type *ty, struct token *t);
void add_global(struct parser *p, struct obj *o);
struct obj *new_temp(struct parser *p, struct type *ty, struct token *t);
void skip_to_sync(struct parser *p);

/* Token and depth helpers of parse.c, inline because every rule calls them. */
static inline struct span tok_span(struct token *t)
{
	return t ? t->span : (struct span){ 0 };
}

static inline const char *tok_str(struct token *t)
{
	if (t->kind == TK_EOF)
		return "end of file";
	return t->text ? t->text : tok_kind_name(t->kind);
}

static inline int consume(struct parser *p, enum tok_kind k)
{
	if (p->tok->kind == k) {
		p->prev = p->tok;
		if (k != TK_EOF)
			p->tok = p->tok->next;
		return 1;
	}
	return 0;
}

static inline struct token *next(struct parser *p)
{
	struct token *t = p->tok;
	p->prev = t;
	if (t->kind != TK_EOF)
		p->tok = t->next;
	return t;
}

static inline struct token *skip(struct parser *p, enum tok_kind k)
{
	if (p->tok->kind != k)
		fail_at(p, p->tok, "expected '%s' before '%s'", tok_kind_name(k), tok_str(p->tok));
	return next(p);
}

static inline int is_ident(struct token *t, const char *s)
{
	return t->kind == TK_IDENT && !strcmp(t->text, s);
}

static inline void enter(struct parser *p, struct token *t)
{
	if (++p->depth > MAX_DEPTH) {
		p->depth = 0; /* the recovery point restores it */
		fail_at(p, t, "nesting too deep (more than %d levels)", MAX_DEPTH);
	}
}

static inline void leave(struct parser *p)
{
	p->depth--;
}

/* parse_type.c */
void skip_balanced_parens(struct parser *p);
int cuda_spec(struct parser *p, struct declattr *at);
int is_auto_marker(struct type *t);
int is_typename(struct parser *p, struct token *t);
struct type *declspec(struct parser *p, struct declattr *at);
const char *operator_name(struct parser *p);
struct type *conversion_type(struct parser *p);
struct type *declarator_dn(struct parser *p, struct type *ty, struct dname *dn, struct declattr *at);
struct type *abstract_type(struct parser *p);
struct type *func_params(struct parser *p, struct type *ret);
int is_base_of(struct record *base, struct record *derived);
void add_member(struct parser *p, struct record *rec, const char *name, struct type *ty, struct token *t);

/* parse_template.c */
int template_args(struct parser *p, struct targ *args, int max);
struct obj *instantiate_func(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at);
struct type *instantiate_class(struct parser *p, struct template *t, struct targ *args, int nargs, struct token *at);
int deduce(struct parser *p, struct template *t, struct fref *fr, struct node *args, int nargs, struct targ *out);
struct type *template_substituted_signature(struct parser *p, struct template *t, struct targ *args);
void template_decl(struct parser *p);
struct type *template_qualifier(struct parser *p);
void skip_declaration(struct parser *p);

/* parse_conv.c */
struct type *strip_cv(struct parser *p, struct type *t);
struct node *new_cast(struct parser *p, struct node *n, struct type *to);
int is_null_const(struct parser *p, struct node *n);
int conv_rank(struct parser *p, struct node *n, struct type *to);
struct obj *conv_fn_of(struct type *ty);
struct node *apply_conv_fn(struct parser *p, struct node *n);
struct node *conv(struct parser *p, struct node *n, struct type *to, const char *what);
struct obj *conv_function(struct parser *p, struct type *from, struct type *to, int explicit_ok);
struct node *call_conv_function(struct parser *p, struct node *n, struct obj *fn);
struct node *explicit_conv(struct parser *p, struct node *n, struct type *to);
struct node *decay(struct parser *p, struct node *n);
void arith_conv(struct parser *p, struct node **l, struct node **r);
double eval_double(struct parser *p, struct node *n, int *ok, int depth);
long eval_int(struct parser *p, struct node *n, int *ok, int depth);
long const_int(struct parser *p, struct node *n, int *ok);
struct node *poison(struct parser *p, struct token *t);
int is_lvalue(struct node *n);
struct node *as_lvalue(struct parser *p, struct node *n);
int is_rvalue(struct node *n);
int fn_is_device(struct parser *p);
void check_assignable(struct parser *p, struct node *n, struct token *t);
struct node *addr_of(struct parser *p, struct node *n, struct token *t);
struct node *bind_ref(struct parser *p, struct node *n, struct type *ref, const char *what);

/* parse_call.c */
struct node *builtin_var(struct parser *p, struct token *t, int which);
struct obj *resolve(struct parser *p, struct fref *fr, struct node *args, int nargs, struct token *at);
/* Score of a viable candidate for args (lower is better), -1 if not viable. */
int cand_score(struct parser *p, struct obj *fn, struct node *args, int nargs);
void check_call_space(struct parser *p, struct obj *fn, struct token *at, int launch);
struct node *call_resolved(struct parser *p, struct obj *fn, struct node *thisarg, struct node *args, int nargs, struct token *at);
struct node *make_call(struct parser *p, struct fref *fr, struct node *args, int nargs, struct token *at);
struct node *call_indirect(struct parser *p, struct node *callee, struct node *args, int nargs, struct token *at);
struct node *call_args(struct parser *p, int *nargs);
struct node *brace_args(struct parser *p, int *nargs);
struct obj *find_ctor(struct parser *p, struct type *ty, struct node *args, int nargs, struct token *at, int quiet);
struct node *construct_temp(struct parser *p, struct type *ty, struct obj *ctor, struct node *args, int nargs, struct token *at);
int implicit_copy_init(struct parser *p, struct type *ty, struct node *arg, int nargs, struct token *at);
struct node *copy_construct_at(struct parser *p, struct node *addr, struct type *ty, struct node *src, struct token *at);
struct node *aggregate_temp(struct parser *p, struct type *ty, struct node *args, struct token *at);
struct node *functional_cast(struct parser *p, struct type *ty, struct token *at);

/* parse_expr.c */
struct node *string_lit(struct parser *p);
struct node *funcref_value(struct parser *p, struct node *n);
void funcref_instance(struct parser *p, struct node *n, struct fref *fr);
struct node *to_cond(struct parser *p, struct node *n);
struct node *conditional(struct parser *p);
struct node *assign_to(struct parser *p, struct node *l, struct node *r, struct token *t);
struct node *assign(struct parser *p);
struct node *expr(struct parser *p);

/* parse_decl.c */
void parse_deferred(struct parser *p);
struct node *declaration(struct parser *p, int ctx);
void member_decl(struct parser *p, struct record *rec, struct type *rty);
void parse_external(struct parser *p, int ctx);

/* parse_decl.c: a defaulted constructor declared for rec (empty body, parsed with
 * the class's deferred bodies) */
struct obj *declare_implicit_ctor(struct parser *p, struct record *rec, struct token *at);
/* X::X(...) ... and X::~X() ... outside the class (also X<T>::X): 1 if parsed */
int out_of_class_ctor(struct parser *p);

/* parse_virtual.c */
void virtual_method(struct parser *p, struct record *rec, struct obj *fn, int is_virtual, int is_pure,
		    struct token *at);
void virtual_class_done(struct parser *p, struct type *t, struct token *at);
void virtual_ctor_init(struct parser *p, struct obj *fn, struct obj *thisv, struct node **inits);
struct obj *virtual_target(struct parser *p, struct obj *fn);
void virtual_check_object(struct parser *p, struct type *ty, struct token *at);
void virtual_finish(struct parser *p);

/* parse_except.c */
struct node *throw_stmt(struct parser *p);
struct node *try_stmt(struct parser *p);
void except_call(struct parser *p, struct node *call);
void except_finish(struct parser *p);

/* parse_lambda.c */
struct node *lambda_expr(struct parser *p);
/* var named in a lambda's body: the captured copy or reference, NULL if var is not captured */
struct node *lambda_capture(struct parser *p, struct obj *var, struct token *t);
/* this in a lambda's body: the captured this of the enclosing member function, or NULL */
struct node *lambda_this(struct parser *p, struct token *t);
/* a member found in a lambda's body: the closure's own (a capture), or NULL */
struct node *lambda_member(struct parser *p, struct sym *s, struct token *t);

/* parse_stmt.c */
int is_structured_binding(struct parser *p);
struct node *structured_binding(struct parser *p);
int is_pragma(struct token *t);
void skip_pragma(struct parser *p);
struct node *compound_stmt(struct parser *p);
/* parse_asm.c: an asm statement at p->tok (TK_ASM), as the block it means */
struct node *asm_stmt(struct parser *p);

#endif
