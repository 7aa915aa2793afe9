/*
 * pp.c - the preprocessor, after chibicc's: the token stream is one linked
 * list; #include splices a copy of the included file's tokens (ended by an
 * EOF marker token whose next is the rest of the includer) into it, and a
 * macro use is replaced in place by its expansion. Termination of recursive
 * macros comes from Prosser's hidesets (lists of struct macro pointers).
 *
 * Everything is bounded: a token budget (every token and hideset node made
 * by expansion or inclusion counts), a nesting limit on argument
 * pre-expansion (the only recursion through macros), include depth 200, an
 * expression depth limit in #if; conditional nesting uses an explicit stack.
 * Past a limit one diagnostic is given and expansion stops: the remaining
 * tokens flow through unexpanded, so the work left is linear.
 */
#define _XOPEN_SOURCE 700 /* realpath */
#include "pp.h"
#include "lex.h"
#include "pretok.h"
#include "prelude.h"
#include "units.h"
#include "builtin.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PP_BUDGET 4000000L   /* tokens + hideset nodes made by expansion */
#define PP_MAX_DEPTH 200      /* nested argument pre-expansion */
#define PP_MAX_INCLUDE 200
#define PP_MAX_EXPR_DEPTH 256
#define PP_NAME_BITS 8192     /* the filter of defined names (1 KiB) */

struct macro {
	const char *name;
	size_t len;          /* of name */
	uint32_t hash;       /* pp_hash_name(name) */
	int objlike, deleted;
	const char **params;
	uint32_t *plen;      /* strlen of each of params */
	uint32_t *phash;     /* pp_hash_name of each of params */
	int nparams;
	const char *va_name; /* NULL: not variadic */
	struct token *body;  /* ends in TK_EOF */
	int dyn;             /* DYN_* for __FILE__ and friends */
	/* a macro of the prebuilt prelude: its body is made from these tables
	 * (file ids moved by lshift) when it is first expanded (macro_body) */
	const struct pb_prelude *lpb;
	const struct pb_macro *lpm;
	uint32_t lshift;
};

enum { DYN_NONE, DYN_FILE, DYN_LINE, DYN_COUNTER };

struct hideset {
	const struct hideset *next;
	const struct macro *m;
};

struct marg {
	const char *name;
	int is_va;
	struct token *tok; /* raw, ends in EOF */
	struct token *exp; /* fully expanded, lazily */
};

struct cond {
	struct cond *prev;
	struct token *tok;
	int in_else, included;
};

struct incl {
	struct incl *prev;
	size_t cond_depth;
};

struct cached {
	char *key;
	uint32_t file;
	struct token *toks;             /* lexed; NULL when pt is set */
	const struct pretok_file *pt;   /* a built-in header tokenised at build time */
	const char *guard; /* include-guard macro, or NULL */
	int once;
};

struct linemark {
	uint32_t file;
	long delta;
	const char *name;
};

struct pp {
	struct arena *a;
	struct srcmgr *sm;
	struct diaglist *dl;
	const struct pp_opts *opts;
	struct macro **slots; /* open addressing, power-of-two capacity */
	size_t cap, count;
	struct cond *cond;
	size_t cond_depth;
	struct incl *incl;
	int incl_depth;
	VEC(struct cached) files;
	VEC(struct linemark) lines;
	long used;
	size_t bytes;               /* of the files read (PP_MAX_FILE_BYTES) */
	const char *refused, *refused_why; /* the last include candidate the policy refused */
	int stopped;
	int depth;
	long counter;
	struct span where; /* the macro use being expanded, for limit diagnostics */
	uint64_t names[PP_NAME_BITS / 64]; /* bit (hash % PP_NAME_BITS) set for each name ever defined */
	/* the prelude (pp.h): recorded by the host pass for the device pass */
	struct token *prelude_end;  /* the EOF marker that ends the predefinitions file */
	uint32_t watch;             /* pp_hash_name("__CUDA_ARCH__") while recording, else 0 */
	int watched;                /* the prelude looked that name up (or one of its hash) */
	int user_files;             /* files read from disk (not built-in headers) */
	size_t ndiag0, nrule0;      /* diagnostics and rules before the prelude */
	long used0;                 /* the budget used before the prelude (the main file's tokens) */
	struct token *pre_first, *pre_last; /* the prelude's output, kept after finish_output */
};

/* --- small helpers --- */

static int equal(const struct token *t, const char *s)
{
	size_t n = strlen(s);
	return t->len == n && !memcmp(t->text, s, n) && t->kind != TK_STR && t->kind != TK_CHAR;
}

static int is_ident(const struct token *t)
{
	return t->kind == TK_IDENT || t->kind >= TK_AUTO;
}

static int is_hash(const struct token *t)
{
	return t->at_bol && t->kind == TK_HASH && t->origin.file == 0 && !t->hideset;
}

static struct token *nx(struct token *t)
{
	return t->kind == TK_EOF ? t : t->next;
}

static void stop(struct pp *pp, struct span sp, const char *why)
{
	if (!pp->stopped)
		diag_error(pp->dl, sp, "pp-expansion-limit", "macro expansion too large: %s", why);
	pp->stopped = 1;
}

static void over_budget(struct pp *pp, const struct span *sp)
{
	stop(pp, pp->where.file ? pp->where : *sp, "more than 4000000 tokens produced");
}

/* Count n tokens made against the budget (every copied token: inline) */
static inline void charge(struct pp *pp, long n, const struct span *sp)
{
	pp->used += n;
	if (pp->used > PP_BUDGET)
		over_budget(pp, sp);
}

static struct token *copy_token(struct pp *pp, const struct token *t)
{
	struct token *c = arena_alloc(pp->a, sizeof(*c));
	*c = *t;
	c->next = NULL;
	charge(pp, 1, &t->span);
	return c;
}

static struct token *new_eof(struct pp *pp, const struct token *t)
{
	struct token *c = copy_token(pp, t);
	c->kind = TK_EOF;
	c->text = "";
	c->len = 0;
	c->at_bol = 1;
	return c;
}

/* Copy list tok (up to its EOF) and link the copy to rest. */
static struct token *append(struct pp *pp, const struct token *tok, struct token *rest)
{
	struct token head, *cur = &head;
	for (; tok->kind != TK_EOF && !pp->stopped; tok = tok->next)
		cur = cur->next = copy_token(pp, tok);
	cur->next = rest;
	return head.next;
}

/* Skip to the first token of the next line, warning about leftovers. */
static struct token *skip_line(struct pp *pp, struct token *tok, const char *dir)
{
	if (tok->at_bol)
		return tok;
	diag_warning(pp->dl, tok->span, "pp-extra-tokens", "extra tokens at end of #%s directive", dir);
	while (!tok->at_bol)
		tok = tok->next;
	return tok;
}

static struct token *skip_line_quiet(struct token *tok)
{
	while (!tok->at_bol)
		tok = tok->next;
	return tok;
}

/* Copy the rest of the line into a new EOF-terminated list. */
static struct token *copy_line(struct pp *pp, struct token **rest, struct token *tok)
{
	struct token head, *cur = &head;
	for (; !tok->at_bol; tok = tok->next)
		cur = cur->next = copy_token(pp, tok);
	cur->next = new_eof(pp, tok);
	*rest = tok;
	return head.next;
}

/* Tokens of the line joined with single spaces where there was whitespace. */
static void join_tokens(const struct token *t, const struct token *end, struct strbuf *sb)
{
	for (const struct token *s = t; s != end && s->kind != TK_EOF; s = s->next) {
		if (s != t && s->has_space)
			strbuf_addc(sb, ' ');
		strbuf_add(sb, s->text, s->len);
	}
}

/* --- hidesets --- */

static int hs_contains(const struct hideset *hs, const struct macro *m)
{
	for (; hs; hs = hs->next)
		if (hs->m == m)
			return 1;
	return 0;
}

static const struct hideset *hs_add(struct pp *pp, const struct hideset *hs, const struct macro *m,
				    struct span sp)
{
	if (hs_contains(hs, m))
		return hs;
	struct hideset *n = arena_alloc(pp->a, sizeof(*n));
	n->m = m;
	n->next = hs;
	charge(pp, 1, &sp);
	return n;
}

static const struct hideset *hs_union(struct pp *pp, const struct hideset *a, const struct hideset *b,
				      struct span sp)
{
	if (!a)
		return b;
	for (; b; b = b->next)
		a = hs_add(pp, a, b->m, sp);
	return a;
}

static const struct hideset *hs_intersect(struct pp *pp, const struct hideset *a,
					  const struct hideset *b, struct span sp)
{
	const struct hideset *r = NULL;
	for (; a; a = a->next)
		if (hs_contains(b, a->m))
			r = hs_add(pp, r, a->m, sp);
	return r;
}

/* --- the macro table --- */

uint32_t pp_hash_name(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h ? h : 1;
}

/* The name's hash, kept in the token (0: not yet computed; the built-in
 * headers' tables carry it from the build). */
static inline uint32_t tok_hash(struct token *t)
{
	if (!t->hash)
		t->hash = pp_hash_name(t->text, t->len);
	return t->hash;
}

static struct macro **macro_slot(struct pp *pp, const char *s, size_t n, uint32_t h)
{
	if (h == pp->watch)
		pp->watched = 1; /* every lookup and definition of a name comes here */
	size_t i = h & (pp->cap - 1);
	for (;; i = (i + 1) & (pp->cap - 1)) {
		struct macro *m = pp->slots[i];
		if (!m || (m->hash == h && m->len == n && !memcmp(m->name, s, n)))
			return &pp->slots[i];
	}
}

/* Most identifiers name no macro: a bit per hash value, set when a name is
 * defined (never cleared), answers most of them without the table. */
static inline struct macro *find_macro(struct pp *pp, struct token *t)
{
	if (!is_ident(t))
		return NULL;
	uint32_t h = tok_hash(t);
	if (!(pp->names[(h / 64) % (PP_NAME_BITS / 64)] >> (h % 64) & 1))
		return NULL;
	struct macro *m = *macro_slot(pp, t->text, t->len, h);
	return m && !m->deleted ? m : NULL;
}

static void macro_grow(struct pp *pp)
{
	struct macro **old = pp->slots;
	size_t oldcap = pp->cap;
	pp->cap = oldcap ? oldcap * 2 : 256;
	pp->slots = xcalloc(pp->cap, sizeof(*pp->slots));
	for (size_t i = 0; i < oldcap; i++)
		if (old[i])
			*macro_slot(pp, old[i]->name, old[i]->len, old[i]->hash) = old[i];
	free(old);
}

static struct macro *add_macro(struct pp *pp, const char *name)
{
	if (2 * (pp->count + 1) > pp->cap)
		macro_grow(pp);
	size_t n = strlen(name);
	uint32_t h = pp_hash_name(name, n);
	struct macro **slot = macro_slot(pp, name, n, h);
	if (!*slot) {
		*slot = arena_alloc(pp->a, sizeof(**slot));
		pp->count++;
	}
	struct macro *m = *slot;
	memset(m, 0, sizeof(*m));
	m->name = arena_strdup(pp->a, name);
	m->len = n;
	m->hash = h;
	pp->names[(h / 64) % (PP_NAME_BITS / 64)] |= (uint64_t)1 << (h % 64);
	return m;
}

/* --- #define --- */

static int find_param(const struct macro *m, struct token *t)
{
	if (!is_ident(t))
		return -1;
	uint32_t h = m->nparams ? tok_hash(t) : 0;
	for (int i = 0; i < m->nparams; i++)
		if (h == m->phash[i] && t->len == m->plen[i] && !memcmp(t->text, m->params[i], t->len))
			return i;
	if (m->va_name && equal(t, m->va_name))
		return m->nparams;
	return -1;
}

static int read_params(struct pp *pp, struct token **rest, struct token *tok, struct macro *m)
{
	VEC(const char *) ps = { 0 };
	int ok = 0;
	while (!tok->at_bol) {
		if (equal(tok, ")") && ps.len == 0 && !m->va_name) {
			ok = 1;
			break;
		}
		if (ps.len > 0 || m->va_name) {
			if (!equal(tok, ",") || m->va_name)
				break;
			tok = tok->next;
		}
		if (equal(tok, "...")) {
			m->va_name = "__VA_ARGS__";
			tok = tok->next;
			ok = equal(tok, ")") && !tok->at_bol;
			break;
		}
		if (!is_ident(tok) || tok->at_bol)
			break;
		if (equal(tok->next, "...") && !tok->next->at_bol) {
			m->va_name = tok->text;
			tok = tok->next->next;
			ok = equal(tok, ")") && !tok->at_bol;
			break;
		}
		vec_push(&ps, tok->text);
		tok = tok->next;
		if (equal(tok, ")") && !tok->at_bol) {
			ok = 1;
			break;
		}
	}
	if (ok) {
		m->nparams = (int)ps.len;
		m->params = arena_alloc(pp->a, (ps.len + 1) * sizeof(char *));
		m->plen = arena_alloc(pp->a, (ps.len + 1) * sizeof(uint32_t));
		m->phash = arena_alloc(pp->a, (ps.len + 1) * sizeof(uint32_t));
		for (size_t i = 0; i < ps.len; i++) {
			m->params[i] = ps.v[i];
			m->plen[i] = (uint32_t)strlen(ps.v[i]);
			m->phash[i] = pp_hash_name(ps.v[i], m->plen[i]);
		}
		tok = tok->next;
	} else {
		diag_error(pp->dl, tok->span, "pp-bad-define", "invalid macro parameter list");
	}
	vec_free(&ps);
	*rest = tok;
	return ok;
}

/* Check # and ## placement in a body; returns 0 and reports on misuse. */
static int check_body(struct pp *pp, const struct macro *m, const struct token *body, struct span at)
{
	if (equal(body, "##")) {
		diag_error(pp->dl, body->span, "pp-bad-define", "'##' cannot appear at either end of a macro expansion");
		return 0;
	}
	for (const struct token *t = body; t->kind != TK_EOF; t = t->next) {
		if (equal(t, "##") && t->next->kind == TK_EOF) {
			diag_error(pp->dl, t->span, "pp-bad-define",
				   "'##' cannot appear at either end of a macro expansion");
			return 0;
		}
		if (!m->objlike && equal(t, "#") && find_param(m, t->next) < 0 && !equal(t->next, "__VA_OPT__")) {
			diag_error(pp->dl, t->span, "pp-bad-define", "'#' is not followed by a macro parameter");
			return 0;
		}
	}
	return 1;
}

static struct token *read_define(struct pp *pp, struct token *tok)
{
	if (!is_ident(tok) || tok->at_bol) {
		diag_error(pp->dl, tok->span, "pp-bad-define", "macro names must be identifiers");
		return skip_line_quiet(tok);
	}
	if (equal(tok, "defined")) {
		diag_error(pp->dl, tok->span, "pp-bad-define", "'defined' cannot be used as a macro name");
		return skip_line_quiet(tok);
	}
	struct token *name = tok;
	struct macro tmp;
	memset(&tmp, 0, sizeof(tmp));
	tmp.objlike = 1;
	tok = tok->next;
	if (!tok->at_bol && !tok->has_space && equal(tok, "(")) {
		tmp.objlike = 0;
		if (!read_params(pp, &tok, tok->next, &tmp))
			return skip_line_quiet(tok);
	}
	struct token *body = copy_line(pp, &tok, tok);
	if (!check_body(pp, &tmp, body, name->span))
		return tok;
	struct macro *m = add_macro(pp, name->text);
	tmp.name = m->name;
	tmp.len = m->len;
	tmp.hash = m->hash;
	*m = tmp;
	m->body = body;
	return tok;
}

/* --- macro expansion --- */

static struct token *preprocess2(struct pp *pp, struct token *tok);

static struct token *read_arg(struct pp *pp, struct token **rest, struct token *tok, int read_rest)
{
	struct token head, *cur = &head;
	long level = 0;
	for (; tok->kind != TK_EOF; tok = tok->next) {
		if (level == 0 && equal(tok, ")"))
			break;
		if (level == 0 && !read_rest && equal(tok, ","))
			break;
		if (equal(tok, "("))
			level++;
		else if (equal(tok, ")"))
			level--;
		cur = cur->next = copy_token(pp, tok);
	}
	cur->next = new_eof(pp, tok);
	*rest = tok;
	return head.next;
}

/* The ')' matching the '(' at tok, or the EOF that ends the stream. */
static struct token *skip_parens(struct token *tok)
{
	long level = 0;
	for (; tok->kind != TK_EOF; tok = tok->next) {
		if (equal(tok, "("))
			level++;
		else if (equal(tok, ")") && --level == 0)
			return tok;
	}
	return tok;
}

/*
 * Read the arguments of m; tok is the '('. On success *rest is the ')'.
 * On failure (reported) returns NULL and *rest is the ')' or EOF.
 */
static struct marg *read_args(struct pp *pp, struct token **rest, struct token *tok, const struct macro *m,
			      const struct token *name)
{
	struct marg *args = arena_alloc(pp->a, (size_t)(m->nparams + 1) * sizeof(*args));
	struct token *open = tok;
	tok = tok->next;
	int i;
	for (i = 0; i < m->nparams; i++) {
		if (i > 0) {
			if (!equal(tok, ","))
				goto arity;
			tok = tok->next;
		}
		args[i].name = m->params[i];
		args[i].tok = read_arg(pp, &tok, tok, 0);
		if (tok->kind == TK_EOF)
			goto eof;
	}
	if (m->va_name) {
		args[i].name = m->va_name;
		args[i].is_va = 1;
		if (equal(tok, ")")) {
			args[i].tok = new_eof(pp, tok);
		} else {
			if (m->nparams > 0) {
				if (!equal(tok, ","))
					goto arity;
				tok = tok->next;
			}
			args[i].tok = read_arg(pp, &tok, tok, 1);
		}
	}
	if (tok->kind == TK_EOF)
		goto eof;
	if (!equal(tok, ")"))
		goto arity;
	*rest = tok;
	return args;
arity:
	*rest = skip_parens(open);
	if ((*rest)->kind == TK_EOF)
		goto eof;
	diag_error(pp->dl, name->span, "pp-macro-args", "wrong number of arguments for macro '%s' (takes %d%s)",
		   m->name, m->nparams, m->va_name ? " or more" : "");
	return NULL;
eof:
	*rest = tok;
	diag_error(pp->dl, name->span, "pp-macro-args", "unterminated argument list invoking macro '%s'",
		   m->name);
	return NULL;
}

static struct marg *find_arg(struct marg *args, const struct macro *m, struct token *t)
{
	int i = find_param(m, t);
	return i < 0 ? NULL : &args[i];
}

/* An argument in which no macro can expand and no directive or _Pragma
 * starts (*n: its tokens): preprocess2 gives back its tokens as they are. */
static int arg_is_plain(struct pp *pp, struct token *t, long *n)
{
	for (*n = 0; t->kind != TK_EOF; t = t->next, ++*n)
		if (is_hash(t) || (is_ident(t) && (find_macro(pp, t) || equal(t, "_Pragma"))))
			return 0;
	return 1;
}

/* The argument fully macro-expanded, made once. A plain argument (most of
 * those of the built-in headers' macros) is its own expansion: the copy
 * that preprocess2 would have returned unchanged is not made, but charged
 * as it was, so that the budget runs out where it did. Only the list's
 * EOF differs, and it is never emitted. */
static struct token *expand_arg(struct pp *pp, struct marg *arg)
{
	if (!arg->exp) {
		long n;
		if (!pp->stopped && pp->depth < PP_MAX_DEPTH && arg_is_plain(pp, arg->tok, &n) &&
		    pp->used + n + 1 <= PP_BUDGET) {
			charge(pp, n + 1, &arg->tok->span);
			arg->exp = arg->tok;
		} else {
			struct token *copy = append(pp, arg->tok, new_eof(pp, arg->tok));
			arg->exp = preprocess2(pp, copy);
		}
	}
	return arg->exp;
}

static struct token *stringize(struct pp *pp, const struct token *hash, const struct token *arg)
{
	struct strbuf s, q;
	strbuf_init(&s);
	strbuf_init(&q);
	join_tokens(arg, NULL, &s);
	strbuf_addc(&q, '"');
	for (size_t i = 0; i < s.len; i++) {
		if (s.buf[i] == '"' || s.buf[i] == '\\')
			strbuf_addc(&q, '\\');
		if (s.buf[i] == '\n')
			strbuf_adds(&q, "\\n");
		else
			strbuf_addc(&q, s.buf[i]);
	}
	strbuf_addc(&q, '"');
	struct token *t = lex_text(pp->a, pp->dl, q.buf, q.len, 0, LEX_QUIET);
	strbuf_release(&s);
	strbuf_release(&q);
	t->next = NULL;
	t->span = hash->span;
	t->origin = hash->origin;
	t->at_bol = hash->at_bol;
	t->has_space = hash->has_space;
	charge(pp, 1, &hash->span);
	return t;
}

/* Paste rhs onto *lhs in place; on an invalid paste, report and keep both. */
static struct token *paste(struct pp *pp, struct token *lhs, const struct token *rhs)
{
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_add(&sb, lhs->text, lhs->len);
	strbuf_add(&sb, rhs->text, rhs->len);
	struct token *t = lex_text(pp->a, pp->dl, sb.buf, sb.len, 0, LEX_QUIET | LEX_NUM_LATER);
	if (t->kind == TK_EOF || t->next->kind != TK_EOF) {
		diag_error(pp->dl, lhs->span, "pp-bad-paste",
			   "pasting \"%s\" and \"%s\" does not give a valid preprocessing token", lhs->text,
			   rhs->text);
		strbuf_release(&sb);
		lhs->next = copy_token(pp, rhs);
		return lhs->next;
	}
	strbuf_release(&sb);
	struct span sp = lhs->span, org = lhs->origin;
	unsigned bol = lhs->at_bol, sp_ = lhs->has_space, fb = lhs->from_builtin;
	const void *hs = lhs->hideset;
	*lhs = *t;
	lhs->next = NULL;
	lhs->span = sp;
	lhs->origin = org;
	lhs->at_bol = bol;
	lhs->has_space = sp_;
	lhs->from_builtin = fb;
	lhs->hideset = hs;
	return lhs;
}

struct subst {
	struct pp *pp;
	const struct macro *m;
	struct marg *args;
	struct token head, *cur;
	VEC(const struct token *) opt_close; /* ')' of __VA_OPT__ groups being kept */
};

static void sub_emit(struct subst *s, const struct token *t)
{
	s->cur = s->cur->next = copy_token(s->pp, t);
}

static void sub_emit_list(struct subst *s, const struct token *t)
{
	for (; t->kind != TK_EOF && !s->pp->stopped; t = t->next)
		sub_emit(s, t);
}

static int has_va(const struct subst *s)
{
	const struct macro *m = s->m;
	return m->va_name && s->args[m->nparams].tok->kind != TK_EOF;
}

/* One step of subst at tok; returns the next body token. */
static struct token *subst_one(struct subst *s, struct token *tok)
{
	struct pp *pp = s->pp;
	struct marg *arg;
	if (s->opt_close.len && s->opt_close.v[s->opt_close.len - 1] == tok) {
		s->opt_close.len--;
		return tok->next;
	}
	if (equal(tok, "#") && (arg = find_arg(s->args, s->m, tok->next))) {
		s->cur = s->cur->next = stringize(pp, tok, arg->tok);
		return tok->next->next;
	}
	if (equal(tok, ",") && equal(tok->next, "##") && (arg = find_arg(s->args, s->m, nx(tok->next))) &&
	    arg->is_va) {
		if (arg->tok->kind == TK_EOF)
			return nx(tok->next)->next;
		sub_emit(s, tok);
		return tok->next->next;
	}
	if (equal(tok, "##")) {
		struct token *rhs = nx(tok);
		if (s->cur == &s->head)
			return rhs;
		if ((arg = find_arg(s->args, s->m, rhs))) {
			if (arg->tok->kind != TK_EOF) {
				s->cur = paste(pp, s->cur, arg->tok);
				sub_emit_list(s, arg->tok->next);
			}
			return nx(rhs);
		}
		s->cur = paste(pp, s->cur, rhs);
		return nx(rhs);
	}
	arg = find_arg(s->args, s->m, tok);
	if (arg && equal(tok->next, "##")) {
		struct token *rhs = nx(tok->next);
		if (arg->tok->kind == TK_EOF) {
			struct marg *arg2 = find_arg(s->args, s->m, rhs);
			if (arg2)
				sub_emit_list(s, arg2->tok);
			else if (rhs->kind != TK_EOF)
				sub_emit(s, rhs);
			return nx(rhs);
		}
		sub_emit_list(s, arg->tok);
		return tok->next;
	}
	if (equal(tok, "__VA_OPT__") && equal(tok->next, "(") && s->m->va_name) {
		struct token *close = skip_parens(tok->next);
		if (!has_va(s))
			return nx(close);
		if (close->kind != TK_EOF)
			vec_push(&s->opt_close, close);
		return tok->next->next;
	}
	if (arg) {
		struct token *t = expand_arg(pp, arg);
		if (t->kind != TK_EOF) {
			struct token *first = s->cur;
			sub_emit_list(s, t);
			if (first->next) {
				first->next->at_bol = tok->at_bol;
				first->next->has_space = tok->has_space;
			}
		}
		return tok->next;
	}
	sub_emit(s, tok);
	return tok->next;
}

static struct token *subst(struct pp *pp, const struct macro *m, struct marg *args, struct token *body)
{
	struct subst s;
	memset(&s, 0, sizeof(s));
	s.pp = pp;
	s.m = m;
	s.args = args;
	s.cur = &s.head;
	struct token *tok = body;
	while (tok->kind != TK_EOF && !pp->stopped)
		tok = subst_one(&s, tok);
	vec_free(&s.opt_close);
	s.cur->next = NULL;
	return s.head.next;
}

static const char *file_display(struct pp *pp, uint32_t file, long *delta)
{
	*delta = 0;
	for (size_t i = pp->lines.len; i-- > 0;)
		if (pp->lines.v[i].file == file) {
			*delta = pp->lines.v[i].delta;
			if (pp->lines.v[i].name)
				return pp->lines.v[i].name;
			break;
		}
	const struct srcfile *f = srcmgr_file(pp->sm, file);
	return f ? f->name : "<unknown>";
}

static struct token *dyn_token(struct pp *pp, const struct macro *m, const struct token *tok)
{
	struct strbuf sb;
	strbuf_init(&sb);
	long delta;
	const char *name = file_display(pp, tok->span.file, &delta);
	if (m->dyn == DYN_FILE) {
		strbuf_addc(&sb, '"');
		for (const char *p = name; *p; p++) {
			if (*p == '"' || *p == '\\')
				strbuf_addc(&sb, '\\');
			strbuf_addc(&sb, *p);
		}
		strbuf_addc(&sb, '"');
	} else if (m->dyn == DYN_LINE) {
		strbuf_addf(&sb, "%ld", (long)tok->span.line + delta);
	} else {
		strbuf_addf(&sb, "%ld", pp->counter++);
	}
	struct token *t = lex_text(pp->a, pp->dl, sb.buf, sb.len, 0, LEX_QUIET);
	strbuf_release(&sb);
	t->next = NULL;
	t->span = tok->span;
	t->origin = tok->origin;
	t->at_bol = tok->at_bol;
	t->has_space = tok->has_space;
	t->from_builtin = tok->from_builtin;
	t->hideset = tok->hideset;
	return t;
}

/* Stamp the expansion of macro_tok: spans, hideset, first-token spacing. */
static struct token *finish_expansion(struct pp *pp, struct token *body, const struct token *macro_tok,
				      const struct hideset *hs, struct token *rest)
{
	struct token *last = NULL;
	for (struct token *t = body; t; t = t->next) {
		if (!t->origin.file)
			t->origin = t->span;
		t->span = macro_tok->span;
		t->from_builtin = macro_tok->from_builtin;
		t->hideset = hs_union(pp, t->hideset, hs, macro_tok->span);
		last = t;
	}
	if (!last) {
		rest->at_bol = rest->at_bol || macro_tok->at_bol;
		rest->has_space = rest->has_space || macro_tok->has_space;
		return rest;
	}
	last->next = rest;
	body->at_bol = macro_tok->at_bol;
	body->has_space = macro_tok->has_space;
	return body;
}

static struct token *pb_list(struct arena *a, const struct pb_prelude *pb, const struct pb_tok *p, uint32_t n,
			     uint32_t shift, const struct span **origin, struct token **last);

/* m's body, made now if m is a prebuilt macro whose body was not made yet:
 * a program expands a few of the prelude's 191 macros, and the tokens are
 * those prebuilt_load made for every macro before (the same fields; only
 * where in the arena they lie differs) */
static struct token *macro_body(struct arena *a, struct macro *m)
{
	if (WS_UNLIKELY(m->lpm != NULL)) {
		struct token *end;
		m->body = pb_list(a, m->lpb, &m->lpb->mtoks[m->lpm->body], m->lpm->nbody, m->lshift, NULL, &end);
		m->lpm = NULL;
	}
	return m->body;
}

/* If tok is a macro use, replace it by its expansion in *rest and return 1. */
static int expand_macro(struct pp *pp, struct token **rest, struct token *tok)
{
	if (pp->stopped)
		return 0;
	struct macro *m = find_macro(pp, tok);
	if (!m || hs_contains(tok->hideset, m))
		return 0;
	pp->where = tok->span;
	if (m->dyn) {
		struct token *t = dyn_token(pp, m, tok);
		t->next = tok->next;
		*rest = t;
		return 1;
	}
	if (m->objlike) {
		const struct hideset *hs = hs_add(pp, tok->hideset, m, tok->span);
		struct token *body = append(pp, macro_body(pp->a, m), NULL);
		*rest = finish_expansion(pp, body, tok, hs, tok->next);
		return 1;
	}
	if (!equal(tok->next, "("))
		return 0;
	struct token *rparen;
	struct marg *args = read_args(pp, &rparen, tok->next, m, tok);
	if (!args) {
		*rest = rparen->kind == TK_EOF ? tok->next : rparen->next;
		return 1;
	}
	const struct hideset *hs = hs_intersect(pp, tok->hideset, rparen->hideset, tok->span);
	hs = hs_add(pp, hs, m, tok->span);
	struct token *body = subst(pp, m, args, macro_body(pp->a, m));
	*rest = finish_expansion(pp, body, tok, hs, rparen->next);
	return 1;
}

/* --- #if expressions --- */

struct val {
	uint64_t v;
	int uns;
};

struct ev {
	struct pp *pp;
	struct token *tok;
	int depth;
	int err;
};

static void ev_error(struct ev *e, const struct token *t, const char *msg)
{
	if (!e->err)
		diag_error(e->pp->dl, t->span, "pp-if-syntax", "%s", msg);
	e->err = 1;
}

static struct val ev_comma(struct ev *e, int live);

static struct val ev_unary(struct ev *e, int live);

static struct val ev_primary(struct ev *e, int live)
{
	struct token *t = e->tok;
	struct val r = { 0, 0 };
	if (equal(t, "(")) {
		e->tok = t->next;
		r = ev_comma(e, live);
		if (!equal(e->tok, ")"))
			ev_error(e, e->tok, "missing ')' in preprocessor expression");
		else
			e->tok = e->tok->next;
		return r;
	}
	if (t->kind == TK_NUM) {
		if (lex_number(t, e->err ? NULL : e->pp->dl) < 0)
			e->err = 1;
		if (t->numty >= NUM_FLOAT)
			ev_error(e, t, "floating constant in preprocessor expression");
		r.v = t->ival;
		r.uns = t->numty == NUM_UINT || t->numty == NUM_ULONG || t->numty == NUM_ULLONG;
		e->tok = t->next;
		return r;
	}
	if (t->kind == TK_CHAR) {
		r.v = t->ival;
		e->tok = t->next;
		return r;
	}
	if (t->kind == TK_EOF)
		ev_error(e, t, "expected value in preprocessor expression");
	else
		ev_error(e, t, "token is not valid in preprocessor expressions");
	return r;
}

static struct val ev_unary(struct ev *e, int live)
{
	struct token *t = e->tok;
	struct val r = { 0, 0 };
	if (e->err)
		return r;
	if (++e->depth > PP_MAX_EXPR_DEPTH) {
		ev_error(e, t, "preprocessor expression nested too deeply");
		e->depth--;
		return r;
	}
	if (equal(t, "+") || equal(t, "-") || equal(t, "~") || equal(t, "!")) {
		e->tok = t->next;
		r = ev_unary(e, live);
		if (equal(t, "-"))
			r.v = 0 - r.v;
		else if (equal(t, "~"))
			r.v = ~r.v;
		else if (equal(t, "!")) {
			r.v = !r.v;
			r.uns = 0;
		}
	} else {
		r = ev_primary(e, live);
	}
	e->depth--;
	return r;
}

static int binop_prec(const struct token *t)
{
	static const char *const ops[][4] = {
		{ "||" }, { "&&" }, { "|" }, { "^" }, { "&" }, { "==", "!=" },
		{ "<", ">", "<=", ">=" }, { "<<", ">>" }, { "+", "-" }, { "*", "/", "%" },
	};
	if (t->kind == TK_EOF || t->kind == TK_STR || t->kind == TK_CHAR || t->kind == TK_NUM)
		return -1;
	for (int p = 0; p < (int)WS_ARRAY_LEN(ops); p++)
		for (int i = 0; i < 4 && ops[p][i]; i++)
			if (equal(t, ops[p][i]))
				return p;
	return -1;
}

static int64_t sv(uint64_t v)
{
	return (int64_t)v;
}

static struct val ev_apply(struct ev *e, const struct token *op, struct val a, struct val b, int live)
{
	struct val r = { 0, a.uns || b.uns };
	const char *o = op->text;
	int u = r.uns;
	if (!strcmp(o, "*"))
		r.v = a.v * b.v;
	else if (!strcmp(o, "/") || !strcmp(o, "%")) {
		if (b.v == 0) {
			if (live)
				ev_error(e, op, "division by zero in preprocessor expression");
			return r;
		}
		int div = o[0] == '/';
		if (u)
			r.v = div ? a.v / b.v : a.v % b.v;
		else if (sv(a.v) == INT64_MIN && sv(b.v) == -1)
			r.v = div ? a.v : 0;
		else
			r.v = (uint64_t)(div ? sv(a.v) / sv(b.v) : sv(a.v) % sv(b.v));
	} else if (!strcmp(o, "+"))
		r.v = a.v + b.v;
	else if (!strcmp(o, "-"))
		r.v = a.v - b.v;
	else if (!strcmp(o, "<<") || !strcmp(o, ">>")) {
		r.uns = a.uns;
		if (b.v >= 64)
			r.v = (o[0] == '>' && !a.uns && sv(a.v) < 0) ? (uint64_t)-1 : 0;
		else if (o[0] == '<')
			r.v = a.v << b.v;
		else
			r.v = a.uns ? a.v >> b.v : (uint64_t)(sv(a.v) >> b.v);
	} else {
		r.uns = 0;
		if (!strcmp(o, "<"))
			r.v = u ? a.v < b.v : sv(a.v) < sv(b.v);
		else if (!strcmp(o, ">"))
			r.v = u ? a.v > b.v : sv(a.v) > sv(b.v);
		else if (!strcmp(o, "<="))
			r.v = u ? a.v <= b.v : sv(a.v) <= sv(b.v);
		else if (!strcmp(o, ">="))
			r.v = u ? a.v >= b.v : sv(a.v) >= sv(b.v);
		else if (!strcmp(o, "=="))
			r.v = a.v == b.v;
		else if (!strcmp(o, "!="))
			r.v = a.v != b.v;
		else {
			r.uns = u;
			if (!strcmp(o, "&"))
				r.v = a.v & b.v;
			else if (!strcmp(o, "^"))
				r.v = a.v ^ b.v;
			else if (!strcmp(o, "|"))
				r.v = a.v | b.v;
		}
	}
	return r;
}

/* Precedence climbing over the binary operators (|| is level 0). */
static struct val ev_binary(struct ev *e, int minprec, int live)
{
	struct val a = ev_unary(e, live);
	for (;;) {
		struct token *op = e->tok;
		int p = binop_prec(op);
		if (e->err || p < minprec)
			return a;
		e->tok = op->next;
		if (p <= 1) {
			int is_or = p == 0;
			int rlive = live && (is_or ? !a.v : !!a.v);
			struct val b = ev_binary(e, p + 1, rlive);
			a.v = is_or ? (a.v || b.v) : (a.v && b.v);
			a.uns = 0;
		} else {
			struct val b = ev_binary(e, p + 1, live);
			a = ev_apply(e, op, a, b, live);
		}
	}
}

static struct val ev_cond(struct ev *e, int live)
{
	struct val c = ev_binary(e, 0, live);
	if (e->err || !equal(e->tok, "?"))
		return c;
	e->tok = e->tok->next;
	if (++e->depth > PP_MAX_EXPR_DEPTH) {
		ev_error(e, e->tok, "preprocessor expression nested too deeply");
		return c;
	}
	struct val a = ev_comma(e, live && c.v);
	if (!equal(e->tok, ":")) {
		ev_error(e, e->tok, "expected ':' in preprocessor expression");
		e->depth--;
		return a;
	}
	e->tok = e->tok->next;
	struct val b = ev_cond(e, live && !c.v);
	e->depth--;
	struct val r = c.v ? a : b;
	r.uns = a.uns || b.uns;
	return r;
}

static struct val ev_comma(struct ev *e, int live)
{
	struct val r = ev_cond(e, live);
	while (!e->err && equal(e->tok, ",")) {
		e->tok = e->tok->next;
		r = ev_cond(e, live);
	}
	return r;
}

static int resolve_include(struct pp *pp, const char *name, int angled, uint32_t from, char **path,
			   int *builtin);

/* __has_include ( "x" | <x> ) at tok; returns the token after it. */
static struct token *has_include(struct pp *pp, struct token *tok, int *val)
{
	struct token *t = tok->next;
	*val = 0;
	if (!equal(t, "("))
		return t;
	t = t->next;
	struct strbuf sb;
	strbuf_init(&sb);
	int angled = 0;
	if (t->kind == TK_STR) {
		strbuf_add(&sb, t->str, t->strlen);
		t = t->next;
	} else if (equal(t, "<")) {
		angled = 1;
		for (t = t->next; !equal(t, ">") && t->kind != TK_EOF; t = t->next) {
			if (t->has_space && sb.len)
				strbuf_addc(&sb, ' ');
			strbuf_add(&sb, t->text, t->len);
		}
		t = nx(t);
	}
	if (sb.len) {
		char *path;
		int bi;
		*val = resolve_include(pp, sb.buf, angled, tok->span.file, &path, &bi);
		if (*val)
			free(path);
	}
	strbuf_release(&sb);
	return equal(t, ")") ? t->next : t;
}

static struct token *num_token(struct pp *pp, const struct token *at, int v)
{
	struct token *t = copy_token(pp, at);
	t->kind = TK_NUM;
	t->text = v ? "1" : "0";
	t->len = 1;
	t->numty = NUM_INT;
	t->ival = (uint64_t)v;
	t->hideset = NULL;
	return t;
}

/* Copy the #if line, replacing defined X / defined(X) and __has_include. */
static struct token *read_const_expr(struct pp *pp, struct token **rest, struct token *tok)
{
	struct token head, *cur = &head;
	while (!tok->at_bol) {
		if (equal(tok, "defined")) {
			struct token *start = tok;
			int paren = equal(tok->next, "(") && !tok->next->at_bol;
			tok = paren ? tok->next->next : tok->next;
			if (!is_ident(tok) || tok->at_bol) {
				diag_error(pp->dl, start->span, "pp-if-syntax", "macro name missing after 'defined'");
				tok = skip_line_quiet(tok);
				break;
			}
			cur = cur->next = num_token(pp, start, find_macro(pp, tok) != NULL);
			tok = tok->next;
			if (paren) {
				if (!equal(tok, ")") || tok->at_bol)
					diag_error(pp->dl, start->span, "pp-if-syntax", "missing ')' after 'defined'");
				else
					tok = tok->next;
			}
			continue;
		}
		if (equal(tok, "__has_include") || equal(tok, "__has_include_next")) {
			int v;
			struct token *start = tok;
			tok = has_include(pp, tok, &v);
			cur = cur->next = num_token(pp, start, v);
			continue;
		}
		cur = cur->next = copy_token(pp, tok);
		tok = tok->next;
	}
	cur->next = new_eof(pp, tok);
	*rest = tok;
	return head.next;
}

static int is_has_feature(const struct token *t)
{
	static const char *const names[] = { "__has_attribute", "__has_builtin", "__has_cpp_attribute",
					     "__has_feature", "__has_extension", "__has_declspec_attribute" };
	for (size_t i = 0; i < WS_ARRAY_LEN(names); i++)
		if (equal(t, names[i]))
			return 1;
	return 0;
}

static long eval_if(struct pp *pp, struct token **rest, struct token *dir)
{
	struct token *expr = read_const_expr(pp, rest, dir->next);
	expr = preprocess2(pp, expr);
	/* Identifiers left after expansion are 0 (true is 1); __has_*(x) are 0. */
	for (struct token *t = expr; t->kind != TK_EOF; t = t->next) {
		if (!is_ident(t))
			continue;
		if (is_has_feature(t) && equal(t->next, "(")) {
			struct token *close = skip_parens(t->next);
			t->next = nx(close);
		}
		int v = t->kind == TK_TRUE;
		t->kind = TK_NUM;
		t->numty = NUM_INT;
		t->ival = (uint64_t)v;
		t->text = v ? "1" : "0";
		t->len = 1;
	}
	struct ev e = { pp, expr, 0, 0 };
	if (expr->kind == TK_EOF) {
		diag_error(pp->dl, dir->span, "pp-if-syntax", "#%s with no expression", dir->text);
		return 0;
	}
	struct val v = ev_comma(&e, 1);
	if (!e.err && e.tok->kind != TK_EOF)
		ev_error(&e, e.tok, "missing binary operator in preprocessor expression");
	return e.err ? 0 : v.v != 0;
}

/* --- conditionals --- */

static void push_cond(struct pp *pp, struct token *tok, int included)
{
	struct cond *c = arena_alloc(pp->a, sizeof(*c));
	c->prev = pp->cond;
	c->tok = tok;
	c->included = included;
	pp->cond = c;
	pp->cond_depth++;
}

static void pop_cond(struct pp *pp)
{
	pp->cond = pp->cond->prev;
	pp->cond_depth--;
}

static int cond_open(const struct pp *pp)
{
	size_t base = pp->incl ? pp->incl->cond_depth : 0;
	return pp->cond_depth > base;
}

/* Skip a false group: returns the '#' of the matching #elif/#else/#endif (or EOF). */
static struct token *skip_cond(struct token *tok)
{
	long depth = 0;
	for (; tok->kind != TK_EOF; tok = tok->next) {
		if (!is_hash(tok) || !is_ident(tok->next))
			continue;
		struct token *d = tok->next;
		if (equal(d, "if") || equal(d, "ifdef") || equal(d, "ifndef"))
			depth++;
		else if ((equal(d, "elif") || equal(d, "else") || equal(d, "elifdef") || equal(d, "elifndef")) && !depth)
			return tok;
		else if (equal(d, "endif") && depth-- == 0)
			return tok;
	}
	return tok;
}

/* --- #include --- */

static struct cached *cache_find(struct pp *pp, const char *key)
{
	for (size_t i = 0; i < pp->files.len; i++)
		if (!strcmp(pp->files.v[i].key, key))
			return &pp->files.v[i];
	return NULL;
}

static struct cached *cache_by_id(struct pp *pp, uint32_t id)
{
	for (size_t i = 0; i < pp->files.len; i++)
		if (pp->files.v[i].file == id)
			return &pp->files.v[i];
	return NULL;
}

/* The guard macro of `#ifndef G / #define G ... #endif <EOF>`, or NULL
 * (pretok.h: the generator records it for each built-in header). */
const char *pp_detect_guard(struct token *tok)
{
	if (!is_hash(tok) || !equal(tok->next, "ifndef") || !is_ident(tok->next->next))
		return NULL;
	struct token *g = tok->next->next;
	struct token *d = g->next;
	if (!is_hash(d) || !equal(d->next, "define") || !equal(d->next->next, g->text))
		return NULL;
	struct token *end = skip_cond(g->next);
	while (end->kind != TK_EOF && !equal(end->next, "endif"))
		end = skip_cond(end->next);
	if (end->kind == TK_EOF)
		return NULL;
	end = skip_line_quiet(end->next->next);
	return end->kind == TK_EOF ? g->text : NULL;
}

/* Register file id under key: its tokens are lexed now, or, for a built-in
 * header tokenised at build time (pt), made from the table at each entry. */
/* toks: the file's tokens as lexed already (never changed: each use of a
 * cached file copies them), or NULL to lex them */
static struct cached *cache_add_lexed(struct pp *pp, const char *key, uint32_t id, struct token *toks)
{
	struct cached c = { xstrdup(key), id, toks, NULL, pp_detect_guard(toks), 0 };
	vec_push(&pp->files, c);
	return &pp->files.v[pp->files.len - 1];
}

static struct cached *cache_add(struct pp *pp, const char *key, uint32_t id, const struct pretok_file *pt)
{
	struct cached c = { xstrdup(key), id, NULL, pt, NULL, 0 };
	if (pt) {
		c.guard = pt->guard;
	} else {
		const struct srcfile *f = srcmgr_file(pp->sm, id);
		c.toks = lex_text(pp->a, pp->dl, f->text, f->len, id, LEX_NUM_LATER | (f->builtin ? LEX_BUILTIN : 0));
		c.guard = pp_detect_guard(c.toks);
	}
	vec_push(&pp->files, c);
	return &pp->files.v[pp->files.len - 1];
}

/* The host pass's state after its implicit include (pp.h, "prelude"). */
struct prelude {
	/* the options it was made with (the device pass's must be the same) */
	const char *const *include_dirs, *const *defines;
	const char *implicit_include;
	const struct pp_read_policy *policy;
	int cuda_version;
	struct token *toks, *tail;     /* its output, the host pass's own tokens (NULL: none) */
	struct macro **slots;          /* the macro table, each macro copied */
	size_t cap, count;
	uint64_t names[PP_NAME_BITS / 64];
	VEC(struct cached) files;      /* the include cache, main file first */
	VEC(struct linemark) lines;
	long used, counter;
	long used0;                    /* of used, what the main file's tokens took before it */
};

/* the prebuilt prelude's units (units.h) as stubs: each one's first token,
 * unit_stub set, whose next is the token after the unit until it is expanded */
struct units_list {
	const struct pu_tables *tab;
	struct token **first;     /* per unit */
	uint32_t shift;           /* the file id shift of the prelude's tokens */
};

struct pp_shared {
	VEC(struct cached) files; /* built-in headers: key, file id, tokens, guard */
	struct prelude *pre;      /* recorded by a host pass, or NULL */
	int pre_state;            /* PRE_*: what became of the prelude */
	struct token *main_toks;  /* the main file as the first pass lexed it (cache_add_lexed) */
	uint32_t main_id;
	int prebuilt;             /* a host pass loaded its prelude from the tables */
	uint32_t ntok;            /* then its token count */
	struct units_list units;  /* its units that are stubs (opts->collapse_units) */
	struct token *tail;       /* its last token, kept as units are expanded */
	struct arena *a;          /* where its tokens are */
	const struct pb_prelude *pb;
};

enum { PRE_NONE, PRE_SAVED, PRE_REFUSED, PRE_REUSED };

struct pp_shared *pp_shared_new(void)
{
	return xcalloc(1, sizeof(struct pp_shared));
}

static void prelude_free(struct prelude *pre)
{
	if (!pre)
		return;
	free(pre->slots);
	for (size_t i = 0; i < pre->files.len; i++)
		free(pre->files.v[i].key);
	vec_free(&pre->files);
	vec_free(&pre->lines);
	free(pre);
}

void pp_shared_free(struct pp_shared *s)
{
	if (!s)
		return;
	for (size_t i = 0; i < s->files.len; i++)
		free(s->files.v[i].key);
	vec_free(&s->files);
	prelude_free(s->pre);
	free(s->units.first);
	free(s);
}

int pp_shared_prebuilt(const struct pp_shared *s)
{
	return s && s->prebuilt;
}

uint32_t pp_prelude_ntok(const struct pp_shared *s)
{
	return s && s->prebuilt ? s->ntok : 0;
}

const struct pu_tables *pp_prelude_units(const struct pp_shared *s)
{
	return s && s->prebuilt ? s->units.tab : NULL;
}

struct token *pp_prelude_user(const struct pp_shared *s)
{
	return s && s->prebuilt && s->tail ? s->tail->next : NULL;
}

static struct token *pb_list(struct arena *a, const struct pb_prelude *pb, const struct pb_tok *p, uint32_t n,
			     uint32_t shift, const struct span **origin, struct token **last);

void pp_prelude_expand(struct pp_shared *s, const uint8_t *keep)
{
	const struct pu_tables *tab = pp_prelude_units(s);
	if (!tab)
		return;
	const struct pb_prelude *pb = s->pb;
	for (uint32_t u = 0; u < tab->nunits; u++) {
		struct token *f = s->units.first[u];
		if ((keep && !keep[u]) || !f->unit_stub)
			continue;
		f->unit_stub = 0;
		const struct pu_unit *pu = &tab->units[u];
		if (pu->end - pu->start < 2)
			continue;
		const struct span *org = pb->origins + pu->origin0 + ((pb->toks[pu->start].flags & PB_ORIGIN) != 0);
		struct token *last, *rest = pb_list(s->a, pb, &pb->toks[pu->start + 1], pu->end - pu->start - 1,
						    s->units.shift, &org, &last);
		last->next = f->next;
		f->next = rest;
		if (s->tail == f)
			s->tail = last;
		if (s->pre && s->pre->tail == f)
			s->pre->tail = last;
	}
}

int pp_shared_prelude(const struct pp_shared *s)
{
	if (!s)
		return -1;
	return s->pre_state == PRE_REUSED ? 1 : s->pre_state == PRE_REFUSED ? -1 : 0;
}

/* A built-in header an earlier pass lexed, entered into this pass's cache
 * (its #pragma once state starts afresh), or NULL. */
static struct cached *shared_find(struct pp *pp, const char *key)
{
	struct pp_shared *sh = pp->opts ? pp->opts->shared : NULL;
	for (size_t i = 0; sh && i < sh->files.len; i++)
		if (!strcmp(sh->files.v[i].key, key)) {
			struct cached c = sh->files.v[i];
			c.key = xstrdup(key);
			c.once = 0;
			vec_push(&pp->files, c);
			return &pp->files.v[pp->files.len - 1];
		}
	return NULL;
}

static void shared_add(struct pp *pp, const struct cached *c)
{
	struct pp_shared *sh = pp->opts ? pp->opts->shared : NULL;
	if (!sh)
		return;
	struct cached k = *c;
	k.key = xstrdup(c->key);
	k.once = 0;
	vec_push(&sh->files, k);
}

static char *path_join(const char *dir, size_t dlen, const char *name)
{
	struct strbuf sb;
	strbuf_init(&sb);
	if (dlen) {
		strbuf_add(&sb, dir, dlen);
		strbuf_addc(&sb, '/');
	}
	strbuf_adds(&sb, name);
	return strbuf_detach(&sb);
}

static int try_builtin(const char *name, char **path, int *builtin)
{
	size_t len;
	if (!builtin_header(name, &len))
		return 0;
	*path = xstrdup(name);
	*builtin = 1;
	return 1;
}

/* Does the file cand exist (and may it be read)? Never opens it: opening a
 * FIFO blocks; load_include refuses what is not a regular file. */
static int try_file(struct pp *pp, const char *cand, char **path, int *builtin)
{
	const struct pp_read_policy *pol = pp->opts ? pp->opts->policy : NULL;
	const char *why = NULL;
	struct stat st;

	if (pol && pol->may_read && pol->may_read(pol->ctx, cand, &why) < 0) {
		pp->refused = arena_strdup(pp->a, cand);
		pp->refused_why = why ? why : "not allowed";
		return 0;
	}
	if (stat(cand, &st) < 0)
		return 0;
	*path = xstrdup(cand);
	*builtin = 0;
	return 1;
}

/*
 * Find an include: "x" in the includer's directory, then include_dirs,
 * then the built-in headers; <x> in include_dirs then built-in. A built-in
 * header's quoted includes look among built-ins relative to its own name.
 */
static int resolve_include(struct pp *pp, const char *name, int angled, uint32_t from, char **path,
			   int *builtin)
{
	const struct srcfile *f = srcmgr_file(pp->sm, from);
	if (!angled && f) {
		const char *slash = strrchr(f->name, '/');
		size_t dlen = slash ? (size_t)(slash - f->name) : 0;
		if (f->builtin) {
			const char *base = "<built-in>/";
			size_t bl = strlen(base);
			int under = !strncmp(f->name, base, bl) && dlen >= bl;
			char *cand = under ? path_join(f->name + bl, dlen - bl, name) : xstrdup(name);
			int ok = try_builtin(cand, path, builtin);
			free(cand);
			if (ok)
				return 1;
		} else {
			char *cand = name[0] == '/' ? xstrdup(name) : path_join(f->name, dlen, name);
			int ok = try_file(pp, cand, path, builtin);
			free(cand);
			if (ok)
				return 1;
		}
	}
	if (name[0] == '/' && try_file(pp, name, path, builtin))
		return 1;
	for (const char *const *d = pp->opts ? pp->opts->include_dirs : NULL; d && *d; d++) {
		char *cand = path_join(*d, strlen(*d), name);
		int ok = try_file(pp, cand, path, builtin);
		free(cand);
		if (ok)
			return 1;
	}
	return try_builtin(name, path, builtin);
}

/* The cache entry for a resolved include, reading and registering it once. */
static struct cached *load_include(struct pp *pp, const char *path, int builtin, const struct token *at)
{
	struct strbuf key;
	strbuf_init(&key);
	if (builtin) {
		strbuf_adds(&key, "<built-in>/");
		strbuf_adds(&key, path);
	} else {
		char *real = realpath(path, NULL);
		strbuf_adds(&key, real ? real : path);
		free(real);
	}
	struct cached *c = cache_find(pp, key.buf);
	if (!c && builtin)
		c = shared_find(pp, key.buf);
	if (!c) {
		const char *text;
		size_t len = 0;
		if (builtin) {
			text = builtin_header(path, &len); /* static: srcmgr_add_static */
		} else {
			const char *err = NULL;
			text = util_read_file(path, &len, &err);
			if (!text) {
				diag_error(pp->dl, at->span, "pp-include-not-found", "cannot read '%s': %s", path,
					   err ? err : "error");
				strbuf_release(&key);
				return NULL;
			}
			if (len > PP_MAX_FILE_BYTES - pp->bytes) {
				diag_error(pp->dl, at->span, "pp-include-too-large",
					   "cannot read '%s': the program's files would exceed %zu MiB in all",
					   path, PP_MAX_FILE_BYTES >> 20);
				free((char *)text);
				strbuf_release(&key);
				pp->stopped = 1;
				return NULL;
			}
			pp->bytes += len;
			pp->user_files++;
		}
		uint32_t id = builtin ? srcmgr_add_static(pp->sm, key.buf, text, len, 1)
				      : srcmgr_add(pp->sm, path, (char *)text, len, 0);
		/* the build-time table, when it was made from this very text */
		const struct pretok_file *pt = builtin ? pretok_find(path) : NULL;
		c = cache_add(pp, key.buf, id, pretok_matches(pt, text, len) ? pt : NULL);
		if (builtin)
			shared_add(pp, c);
	}
	strbuf_release(&key);
	return c;
}

/* Splice a copy of c's tokens in front of rest, behind an include marker. */
static struct token *enter_file(struct pp *pp, struct cached *c, struct token *rest, const struct token *at)
{
	if (c->once)
		return rest;
	struct macro *g = NULL;
	if (c->guard) {
		size_t n = strlen(c->guard);
		g = *macro_slot(pp, c->guard, n, pp_hash_name(c->guard, n));
	}
	if (g && !g->deleted)
		return rest;
	if (pp->incl_depth >= PP_MAX_INCLUDE) {
		diag_error(pp->dl, at->span, "pp-include-depth", "#include nested more than %d levels deep",
			   PP_MAX_INCLUDE);
		return rest;
	}
	struct token *marker;
	if (c->pt) {
		marker = arena_alloc(pp->a, sizeof(*marker));
		pretok_token(c->pt, c->pt->ntok - 1, c->file, marker);
		charge(pp, 1, &marker->span);
	} else {
		struct token *eof = c->toks;
		while (eof->kind != TK_EOF)
			eof = eof->next;
		marker = copy_token(pp, eof);
	}
	marker->next = rest;
	struct incl *in = arena_alloc(pp->a, sizeof(*in));
	in->prev = pp->incl;
	in->cond_depth = pp->cond_depth;
	pp->incl = in;
	pp->incl_depth++;
	if (!c->pt)
		return append(pp, c->toks, marker);
	/* what append does to a lexed list: a fresh token per table entry,
	 * allocated and charged by the thousand while the budget lasts, one
	 * by one near its end (so that it stops where append would) */
	const struct pretok_file *pt = c->pt;
	uint32_t n = pt->ntok - 1, i = 0;
	struct token head, *cur = &head;
	while (i < n && !pp->stopped) {
		uint32_t k = n - i < 1024 ? n - i : 1024;
		if (pp->used + (long)k > PP_BUDGET)
			k = 1;
		struct token *t = arena_alloc(pp->a, k * sizeof(*t));
		for (uint32_t j = 0; j < k; j++, i++) {
			pretok_token_zeroed(pt, i, c->file, &t[j]); /* arena memory is zero */
			cur = cur->next = &t[j];
		}
		charge(pp, k, &t[k - 1].span);
	}
	cur->next = marker;
	return head.next;
}

static void leave_file(struct pp *pp, struct token *marker)
{
	if (!pp->incl)
		return;
	if (cond_open(pp))
		diag_error(pp->dl, pp->cond->tok->span, "pp-unterminated-if", "unterminated conditional directive");
	while (cond_open(pp))
		pop_cond(pp);
	pp->incl = pp->incl->prev;
	pp->incl_depth--;
}

/* The file name of an #include line; *angled set for <x>. NULL on error. */
static char *include_name(struct pp *pp, struct token **rest, struct token *tok, int *angled)
{
	*angled = 0;
	if (tok->kind == TK_HEADER || (tok->kind == TK_STR && tok->text[0] == '"')) {
		*angled = tok->kind == TK_HEADER;
		*rest = skip_line(pp, tok->next, "include");
		return xstrndup(tok->str, strlen(tok->str));
	}
	struct token *line = preprocess2(pp, copy_line(pp, rest, tok));
	if (line->kind == TK_STR) {
		return xstrndup(line->str, strlen(line->str));
	}
	if (equal(line, "<")) {
		struct strbuf sb;
		strbuf_init(&sb);
		struct token *t = line->next;
		for (; t->kind != TK_EOF && !equal(t, ">"); t = t->next) {
			if (t->has_space && sb.len)
				strbuf_addc(&sb, ' ');
			strbuf_add(&sb, t->text, t->len);
		}
		if (t->kind != TK_EOF) {
			*angled = 1;
			return strbuf_detach(&sb);
		}
		strbuf_release(&sb);
	}
	diag_error(pp->dl, tok->span, "pp-bad-include", "#include expects \"FILENAME\" or <FILENAME>");
	return NULL;
}

static struct token *do_include(struct pp *pp, struct token *hash, struct token *tok)
{
	int angled;
	struct token *rest;
	char *name = include_name(pp, &rest, tok, &angled);
	if (!name)
		return rest;
	char *path;
	int builtin;
	pp->refused = NULL;
	if (!name[0] || !resolve_include(pp, name, angled, hash->span.file, &path, &builtin)) {
		if (pp->refused)
			diag_error(pp->dl, tok->span, "pp-include-refused", "cannot read '%s': %s",
				   pp->refused, pp->refused_why);
		else
			diag_error(pp->dl, tok->span, "pp-include-not-found", "'%s' file not found", name);
		free(name);
		return rest;
	}
	free(name);
	struct cached *c = load_include(pp, path, builtin, tok);
	free(path);
	if (!c || pp->stopped)
		return rest;
	return enter_file(pp, c, rest, tok);
}

/* --- other directives --- */

static struct token *do_line(struct pp *pp, struct token *hash, struct token *tok)
{
	struct token *rest;
	struct token *line = preprocess2(pp, copy_line(pp, &rest, tok));
	if (line->kind != TK_NUM || line->numty != NUM_INT || (line->text[0] < '0' || line->text[0] > '9')) {
		diag_error(pp->dl, line->kind == TK_EOF ? hash->span : line->span, "pp-bad-line",
			   "#line directive requires a simple digit sequence");
		return rest;
	}
	struct linemark lm = { hash->span.file, (long)line->ival - (long)hash->span.line - 1, NULL };
	long olddelta;
	const char *oldname = file_display(pp, hash->span.file, &olddelta);
	lm.name = oldname;
	if (line->next->kind == TK_STR)
		lm.name = line->next->str;
	vec_push(&pp->lines, lm);
	return rest;
}

/* the diagnostic pragmas of nvcc (nv_diag_* and the older diag_*): they
 * act on warpstep's own warnings, named by code or number
 * (docs/diagnostics.md); nvcc's numbers are accepted and mean nothing here */
static const struct { const char *name; enum diag_act act; } diag_pragmas[] = {
	{ "nv_diag_suppress", DIAG_SUPPRESS }, { "diag_suppress", DIAG_SUPPRESS },
	{ "nv_diag_warning", DIAG_AS_WARNING }, { "diag_warning", DIAG_AS_WARNING },
	{ "nv_diag_error", DIAG_AS_ERROR }, { "diag_error", DIAG_AS_ERROR },
	{ "nv_diag_default", DIAG_DEFAULT }, { "diag_default", DIAG_DEFAULT },
	{ "nv_diag_once", DIAG_ONCE }, { "diag_once", DIAG_ONCE },
};

static struct token *do_diag_pragma(struct pp *pp, struct token *name, enum diag_act act)
{
	struct token *tok = name->next;
	int n = 0;
	while (!tok->at_bol) {
		struct strbuf sb;
		strbuf_init(&sb);
		/* one name or number: the tokens up to a comma, joined
		 * ("string-to-char-ptr" is five tokens); parentheses skipped */
		while (!tok->at_bol && !equal(tok, ",")) {
			if (!equal(tok, "(") && !equal(tok, ")"))
				strbuf_add(&sb, tok->text, tok->len);
			tok = tok->next;
		}
		if (sb.len) {
			diag_rule_add(pp->dl, name->span, act, strbuf_cstr(&sb));
			n++;
		}
		strbuf_release(&sb);
		if (!tok->at_bol)
			tok = tok->next;        /* the comma */
	}
	if (!n)
		diag_warning(pp->dl, name->span, "pp-diag-pragma", "#pragma %.*s names no diagnostic (a number or a code such as string-to-char-ptr)",
			     (int)name->len, name->text);
	return tok;
}

static struct token *do_pragma(struct pp *pp, struct token *tok)
{
	if (!tok->at_bol)
		for (size_t i = 0; i < sizeof(diag_pragmas) / sizeof(diag_pragmas[0]); i++)
			if (equal(tok, diag_pragmas[i].name))
				return do_diag_pragma(pp, tok, diag_pragmas[i].act);
	if (!tok->at_bol && equal(tok, "nv_diagnostic") && !tok->next->at_bol) {
		if (equal(tok->next, "push"))
			diag_rule_add(pp->dl, tok->span, DIAG_PUSH, NULL);
		else if (equal(tok->next, "pop"))
			diag_rule_add(pp->dl, tok->span, DIAG_POP, NULL);
	}
	if (equal(tok, "once") && !tok->at_bol) {
		struct cached *c = cache_by_id(pp, tok->span.file);
		if (c)
			c->once = 1;
	}
	return skip_line_quiet(tok);
}

static struct token *do_message(struct pp *pp, struct token *hash, struct token *name)
{
	struct token *end = skip_line_quiet(name->next);
	struct strbuf sb;
	strbuf_init(&sb);
	join_tokens(name->next, end, &sb);
	int err = equal(name, "error");
	diag_add(pp->dl, err ? DIAG_ERROR : DIAG_WARNING, name->span, err ? "pp-error" : "pp-warning", "#%s %s",
		 name->text, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return end;
}

static struct token *do_ifdef(struct pp *pp, struct token *hash, struct token *name)
{
	struct token *tok = name->next;
	int want = equal(name, "ifdef") || equal(name, "elifdef");
	int defined = 0;
	if (!is_ident(tok) || tok->at_bol)
		diag_error(pp->dl, name->span, "pp-bad-directive", "macro name missing after #%s", name->text);
	else {
		defined = find_macro(pp, tok) != NULL;
		tok = tok->next;
	}
	tok = skip_line(pp, tok, name->text);
	int val = defined == want;
	if (name->text[0] == 'i') {
		push_cond(pp, hash, val);
		return val ? tok : skip_cond(tok);
	}
	pp->cond->in_else = 0;
	if (pp->cond->included || !val)
		return skip_cond(tok);
	pp->cond->included = 1;
	return tok;
}

static struct token *do_else_group(struct pp *pp, struct token *hash, struct token *name)
{
	struct token *tok;
	if (!cond_open(pp) || pp->cond->in_else) {
		diag_error(pp->dl, name->span, "pp-stray-directive", "#%s without #if", name->text);
		return skip_line_quiet(name->next);
	}
	if (equal(name, "else")) {
		pp->cond->in_else = 1;
		tok = skip_line(pp, name->next, "else");
		if (pp->cond->included)
			return skip_cond(tok);
		pp->cond->included = 1;
		return tok;
	}
	if (equal(name, "elif")) {
		if (pp->cond->included)
			return skip_cond(skip_line_quiet(name->next));
		if (eval_if(pp, &tok, name)) {
			pp->cond->included = 1;
			return tok;
		}
		return skip_cond(tok);
	}
	return do_ifdef(pp, hash, name);
}

static struct token *do_endif(struct pp *pp, struct token *name)
{
	if (!cond_open(pp))
		diag_error(pp->dl, name->span, "pp-stray-directive", "#endif without #if");
	else
		pop_cond(pp);
	return skip_line(pp, name->next, "endif");
}

static struct token *do_undef(struct pp *pp, struct token *name)
{
	struct token *tok = name->next;
	if (!is_ident(tok) || tok->at_bol) {
		diag_error(pp->dl, name->span, "pp-bad-directive", "macro name missing after #undef");
		return skip_line_quiet(tok);
	}
	struct macro *m = find_macro(pp, tok);
	if (m)
		m->deleted = 1;
	return skip_line(pp, tok->next, "undef");
}

/* One directive; hash is the '#'. Returns the first token after it. */
static struct token *directive(struct pp *pp, struct token *hash)
{
	struct token *name = hash->next, *tok;
	if (name->at_bol)
		return name; /* null directive */
	if (name->kind == TK_NUM)
		return do_line(pp, hash, name);
	if (equal(name, "include") || equal(name, "include_next") || equal(name, "import"))
		return do_include(pp, hash, name->next);
	if (equal(name, "define"))
		return read_define(pp, name->next);
	if (equal(name, "undef"))
		return do_undef(pp, name);
	if (equal(name, "if")) {
		long v = eval_if(pp, &tok, name);
		push_cond(pp, hash, (int)v);
		return v ? tok : skip_cond(tok);
	}
	if (equal(name, "ifdef") || equal(name, "ifndef"))
		return do_ifdef(pp, hash, name);
	if (equal(name, "elif") || equal(name, "else") || equal(name, "elifdef") || equal(name, "elifndef"))
		return do_else_group(pp, hash, name);
	if (equal(name, "endif"))
		return do_endif(pp, name);
	if (equal(name, "line"))
		return do_line(pp, hash, name->next);
	if (equal(name, "pragma"))
		return do_pragma(pp, name->next);
	if (equal(name, "error") || equal(name, "warning"))
		return do_message(pp, hash, name);
	diag_error(pp->dl, name->span, "pp-bad-directive", "invalid preprocessing directive #%s", name->text);
	return skip_line_quiet(name);
}

/* _Pragma("...") at tok: dropped. Returns the token after it. */
static struct token *skip_pragma_op(struct pp *pp, struct token *tok)
{
	struct token *t = tok->next;
	if (equal(t, "(") && t->next->kind == TK_STR && equal(t->next->next, ")"))
		return t->next->next->next;
	diag_error(pp->dl, tok->span, "pp-bad-pragma", "_Pragma takes a parenthesized string literal");
	return t;
}

static void prelude_save(struct pp *pp, struct token *first, struct token *last);

static struct token *preprocess2(struct pp *pp, struct token *tok)
{
	struct token head, *cur = &head;
	if (++pp->depth > PP_MAX_DEPTH)
		stop(pp, tok->span, "macro arguments nested too deeply");
	for (;;) {
		if (tok->kind == TK_EOF) {
			if (!tok->next)
				break;
			leave_file(pp, tok);
			if (tok == pp->prelude_end && pp->depth == 1)
				prelude_save(pp, head.next, cur == &head ? NULL : cur);
			tok = tok->next;
			continue;
		}
		if (expand_macro(pp, &tok, tok))
			continue;
		if (is_hash(tok)) {
			tok = directive(pp, tok);
			continue;
		}
		if (equal(tok, "_Pragma")) {
			tok = skip_pragma_op(pp, tok);
			continue;
		}
		cur = cur->next = tok;
		tok = tok->next;
	}
	cur->next = tok;
	pp->depth--;
	return head.next;
}

/* --- predefined macros and the entry point --- */

static void predefine_dynamic(struct pp *pp)
{
	static const char *const fixed[] = {
		"__FILE__", "__LINE__", "__COUNTER__",
	};
	for (size_t i = 0; i < WS_ARRAY_LEN(fixed); i++) {
		struct macro *m = add_macro(pp, fixed[i]);
		m->objlike = 1;
		m->dyn = (int)i + 1;
	}
}

/* The predefinitions file's text (the dynamic macros are not in it). */
static void predefine(struct pp *pp, struct strbuf *sb)
{
	strbuf_adds(sb, "#define __DATE__ \"Jan  1 2026\"\n#define __TIME__ \"00:00:00\"\n"
		    "#define __cplusplus 201703L\n#define __CUDACC__ 1\n#define __NVCC__ 1\n"
		    "#define __CUDACC_VER_BUILD__ 0\n#define __STDC__ 1\n"
		    "#define __x86_64__ 1\n#define __x86_64 1\n#define __linux__ 1\n#define __linux 1\n"
		    "#define __unix__ 1\n#define __LP64__ 1\n#define _LP64 1\n#define __CHAR_BIT__ 8\n"
		    "#define __SIZEOF_SHORT__ 2\n#define __SIZEOF_INT__ 4\n#define __SIZEOF_LONG__ 8\n"
		    "#define __SIZEOF_LONG_LONG__ 8\n#define __SIZEOF_POINTER__ 8\n"
		    "#define __SIZEOF_FLOAT__ 4\n#define __SIZEOF_DOUBLE__ 8\n#define __WARPSTEP__ 1\n");
	/* nvcc 13.0, or 12.8 under --cuda-version 12 */
	if (pp->opts && pp->opts->cuda_version == 12)
		strbuf_adds(sb, "#define __CUDACC_VER_MAJOR__ 12\n#define __CUDACC_VER_MINOR__ 8\n");
	else
		strbuf_adds(sb, "#define __CUDACC_VER_MAJOR__ 13\n#define __CUDACC_VER_MINOR__ 0\n");
	if (pp->opts && pp->opts->cuda_arch)
		strbuf_addf(sb, "#define __CUDA_ARCH__ %d\n", pp->opts->cuda_arch);
	for (const char *const *d = pp->opts ? pp->opts->defines : NULL; d && *d; d++) {
		const char *eq = strchr(*d, '=');
		strbuf_adds(sb, "#define ");
		size_t start = sb->len;
		if (eq) {
			strbuf_add(sb, *d, (size_t)(eq - *d));
			strbuf_addc(sb, ' ');
			strbuf_adds(sb, eq + 1);
		} else {
			strbuf_adds(sb, *d);
			strbuf_adds(sb, " 1");
		}
		for (size_t i = start; i < sb->len; i++)
			if (sb->buf[i] == '\n' || sb->buf[i] == '\r')
				sb->buf[i] = ' ';
		strbuf_addc(sb, '\n');
	}
	if (pp->opts && pp->opts->implicit_include)
		strbuf_addf(sb, "#include <%s>\n", pp->opts->implicit_include);
}

static void pp_release(struct pp *pp)
{
	for (size_t i = 0; i < pp->files.len; i++)
		free(pp->files.v[i].key);
	vec_free(&pp->files);
	vec_free(&pp->lines);
	free(pp->slots);
}

/* Is a string or character literal closed (its last quote not escaped)? */
static int literal_closed(const struct token *t)
{
	const char *q = strpbrk(t->text, "\"'");
	if (!q)
		return 1;
	size_t start = (size_t)(q - t->text), n = t->len;
	if (n < start + 2 || t->text[n - 1] != *q)
		return 0;
	size_t bs = 0;
	while (n - 2 - bs > start && t->text[n - 2 - bs] == '\\')
		bs++;
	return bs % 2 == 0;
}

/*
 * Report literal problems for the tokens that reach the output (so that
 * skipped groups may hold anything), at the place they were written;
 * mark built-in provenance.
 */
static void finish_output(struct pp *pp, struct token *tok, const struct token *mark, size_t *ndiag_at_mark)
{
	uint32_t last = 0;
	unsigned builtin = 0;
	for (; tok; tok = tok->next) {
		enum tok_kind k = tok->kind;
		if (k == TK_NUM) {
			struct span keep = tok->span;
			if (tok->origin.file)
				tok->span = tok->origin;
			lex_number(tok, pp->dl);
			tok->span = keep;
		} else if ((k == TK_STR || k == TK_CHAR) && !literal_closed(tok)) {
			int str = k == TK_STR;
			diag_error(pp->dl, tok->origin.file ? tok->origin : tok->span,
				   str ? "lex-unterminated-string" : "lex-unterminated-char",
				   "missing terminating %s character", str ? "\"" : "'");
		}
		if (tok->span.file != last || !last) {
			const struct srcfile *f = srcmgr_file(pp->sm, tok->span.file);
			builtin = f ? f->builtin != 0 : 0;
			last = tok->span.file;
		}
		if (tok->from_builtin != builtin) /* most already are what they came as */
			tok->from_builtin = builtin;
		if (tok == mark)
			*ndiag_at_mark = pp->dl->v.len;
	}
}

static void report_open_conds(struct pp *pp)
{
	struct cond *c = pp->cond;
	if (!c)
		return;
	while (c->prev)
		c = c->prev;
	diag_error(pp->dl, c->tok->span, "pp-unterminated-if", "unterminated conditional directive");
	pp->cond = NULL;
	pp->cond_depth = 0;
}

/* --- the prelude: the implicit include preprocessed once for both passes --- */

static const char arch_name[] = "__CUDA_ARCH__";

static int same_list(const char *const *a, const char *const *b)
{
	for (; a && *a && b && *b; a++, b++)
		if (strcmp(*a, *b))
			return 0;
	return !(a && *a) && !(b && *b);
}

static int prelude_fits(const struct prelude *pre, const struct pp_opts *o)
{
	return same_list(pre->include_dirs, o->include_dirs) && same_list(pre->defines, o->defines) &&
	       !strcmp(pre->implicit_include, o->implicit_include) && pre->policy == o->policy &&
	       pre->cuda_version == o->cuda_version;
}

/*
 * At the end of the host pass's predefinitions file (its implicit include
 * done): keep a copy of the state for the device pass, unless the prelude
 * looked __CUDA_ARCH__ up (the device pass would have seen it defined),
 * read a file from disk, gave a diagnostic or a diagnostic pragma, or hit a
 * limit. The output so far is first..last.
 */
static void prelude_save(struct pp *pp, struct token *first, struct token *last)
{
	struct pp_shared *sh = pp->opts->shared;
	pp->prelude_end = NULL;
	pp->watch = 0;
	if (pp->watched || pp->user_files || pp->stopped || pp->dl->v.len != pp->ndiag0 ||
	    pp->dl->rules.len != pp->nrule0 || pp->dl->truncated) {
		sh->pre_state = PRE_REFUSED;
		return;
	}
	struct prelude *pre = xcalloc(1, sizeof(*pre));
	const struct pp_opts *o = pp->opts;
	pre->include_dirs = o->include_dirs;
	pre->defines = o->defines;
	pre->implicit_include = o->implicit_include;
	pre->policy = o->policy;
	pre->cuda_version = o->cuda_version;
	/* the tokens: kept once finish_output has seen them (prelude_keep) */
	pp->pre_first = last ? first : NULL;
	pp->pre_last = last;
	/* the macros: copied, since #define and #undef change them in place */
	pre->cap = pp->cap;
	pre->count = pp->count;
	pre->slots = xcalloc(pp->cap, sizeof(*pre->slots));
	struct macro *ms = arena_alloc(pp->a, (pp->count ? pp->count : 1) * sizeof(*ms));
	size_t k = 0;
	for (size_t i = 0; i < pp->cap; i++)
		if (pp->slots[i] && k < pp->count) {
			ms[k] = *pp->slots[i];
			pre->slots[i] = &ms[k++];
		}
	memcpy(pre->names, pp->names, sizeof(pre->names));
	for (size_t i = 0; i < pp->files.len; i++) {
		struct cached c = pp->files.v[i];
		c.key = xstrdup(c.key);
		vec_push(&pre->files, c);
	}
	for (size_t i = 0; i < pp->lines.len; i++)
		vec_push(&pre->lines, pp->lines.v[i]);
	pre->used = pp->used;
	pre->used0 = pp->used0;
	pre->counter = pp->counter;
	sh->pre = pre;
	sh->pre_state = PRE_SAVED;
}

/*
 * The end of the recording pass: the prelude's output as finish_output left
 * it, for the device pass to continue (pp.h: the two passes share these
 * tokens), or no prelude when finish_output reported a problem in it.
 */
static void prelude_keep(struct pp *pp, int clean)
{
	struct pp_shared *sh = pp->opts->shared;
	if (!clean) {
		prelude_free(sh->pre);
		sh->pre = NULL;
		sh->pre_state = PRE_REFUSED;
		return;
	}
	sh->pre->toks = pp->pre_first;
	sh->pre->tail = pp->pre_last;
}

/*
 * The device pass from the host pass's prelude: its macros, include cache
 * (after this pass's own main file) and its output, then
 * __CUDA_ARCH__ defined by a predefinitions file of its own. Returns the
 * stream to preprocess (main_toks behind that file); *pre_out gets the
 * prelude's output.
 */
static struct token *prelude_take(struct pp *pp, struct prelude *pre, struct token *main_toks,
				  struct prelude *out)
{
	free(pp->slots);
	pp->slots = pre->slots;
	pre->slots = NULL;
	pp->cap = pre->cap;
	pp->count = pre->count;
	memcpy(pp->names, pre->names, sizeof(pp->names));
	for (size_t i = 1; i < pre->files.len; i++) {
		struct cached c = pre->files.v[i];
		c.key = xstrdup(c.key);
		vec_push(&pp->files, c);
	}
	for (size_t i = 0; i < pre->lines.len; i++)
		vec_push(&pp->lines, pre->lines.v[i]);
	pp->used = pre->used;
	pp->counter = pre->counter;
	out->toks = pre->toks;
	out->tail = pre->tail;
	pre->toks = pre->tail = NULL;

	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "#define %s %d\n", arch_name, pp->opts->cuda_arch);
	size_t len = sb.len;
	uint32_t pid = srcmgr_add(pp->sm, "<built-in>", strbuf_detach(&sb), len, 1);
	struct cached *pc = cache_add(pp, "<built-in>", pid, NULL);
	return enter_file(pp, pc, main_toks, main_toks);
}

/* --- the prebuilt prelude (prelude.h): made at build time, loaded here --- */

static int list_empty(const char *const *l)
{
	return !l || !*l;
}

/* One table token into zeroed (fresh arena) memory: file ids as the
 * tables have them (pb->pid the predefinitions file; pb_list moves them) */
static inline void pb_fill(const struct pb_prelude *pb, const struct pb_tok *p, const struct token *tails,
			   const struct span **origin, struct token *t)
{
	t->span = p->span;
	if (p->flags & PB_ORIGIN)
		t->origin = *(*origin)++;
	t->text = pb->pool + p->text;
	if (p->flags & PB_LIT) {
		const struct pb_lit *l = &pb->lits[p->lit];
		if (p->kind == TK_STR || p->kind == TK_HEADER) {
			t->str = pb->pool + l->str;
			t->strlen = l->strlen;
		} else {
			uint64_t w[2] = { l->ival, l->fbits }; /* the union's bytes (emit_tok) */
			memcpy(&t->ival, w, sizeof(w));
		}
	} else {
		t->hash = p->lit; /* an identifier's hash, else 0 */
	}
	/* len, kind, numty and the flag bits: the flags from a token that has
	 * them (pb_tails), then the rest */
	memcpy(&t->len, &tails[p->flags & 7].len, sizeof(*t) - offsetof(struct token, len));
	t->len = p->tlen;
	t->kind = p->kind;
	t->numty = p->numty;
}

/* the eight combinations of the flag bits, for pb_fill */
static void pb_tails(struct token tails[8])
{
	memset(tails, 0, 8 * sizeof(*tails));
	for (int f = 0; f < 8; f++) {
		tails[f].at_bol = (f & PB_BOL) != 0;
		tails[f].has_space = (f & PB_SPACE) != 0;
		tails[f].from_builtin = (f & PB_BUILTIN) != 0;
	}
}

/* n table tokens as a list (NULL-terminated; *last: its last, or NULL),
 * allocated a thousand at a time as enter_file does; their file ids moved
 * by shift (the predefinitions file is pb->pid + shift); the origins of
 * those that have one from *origin on (*origin: past them) */
static struct token *pb_list(struct arena *a, const struct pb_prelude *pb, const struct pb_tok *p, uint32_t n,
			     uint32_t shift, const struct span **origin, struct token **last)
{
	struct token head, *cur = &head, tails[8];
	pb_tails(tails);
	for (uint32_t i = 0; i < n;) {
		uint32_t k = n - i < 1024 ? n - i : 1024;
		struct token *t = arena_alloc(a, k * sizeof(*t));
		for (uint32_t j = 0; j < k; j++, i++) {
			pb_fill(pb, &p[i], tails, origin, &t[j]);
			cur = cur->next = &t[j];
		}
	}
	cur->next = NULL;
	*last = cur == &head ? NULL : cur;
	if (shift)
		for (struct token *t = head.next; t; t = t->next) {
			t->span.file += t->span.file ? shift : 0;
			t->origin.file += t->origin.file ? shift : 0;
		}
	return head.next;
}

/* The prelude's tokens with each of units' units a stub (its first
 * token, unit_stub set, followed by the token after the unit): the other
 * tokens are made when pp_prelude_expand asks for them. One block, so that
 * the arena takes a huge-page chunk for it, as for the whole prelude
 * (util.c; small pieces first would grow it by small pages). */
static struct token *pb_collapsed(struct arena *a, const struct pb_prelude *pb, uint32_t shift,
				  struct units_list *units, struct token **lastp)
{
	const struct pu_tables *tab = units->tab;
	uint32_t n = pb->ntok;
	for (uint32_t u = 0; u < tab->nunits; u++)
		n -= tab->units[u].end - tab->units[u].start - 1;
	struct token *t = arena_alloc(a, (n ? n : 1) * sizeof(*t)), tails[8];
	pb_tails(tails);
	const struct span *org = pb->origins;
	units->first = xmalloc(sizeof(*units->first) * tab->nunits);
	units->shift = shift;
	uint32_t k = 0, u = 0;
	if (tab->nstok == n && tab->stoks) {
		/* the same list from the tables' copy of its records, in one run */
		org = tab->sorigins;
		for (; k < n; k++) {
			pb_fill(pb, &tab->stoks[k], tails, &org, &t[k]);
			if (shift) {
				t[k].span.file += t[k].span.file ? shift : 0;
				t[k].origin.file += t[k].origin.file ? shift : 0;
			}
			t[k].next = &t[k + 1];
			if (u < tab->nunits && tab->stub_at[u] == k) {
				t[k].unit_stub = 1;
				units->first[u++] = &t[k];
			}
		}
	}
	for (uint32_t i = 0; i < pb->ntok && k < n; k++) {
		pb_fill(pb, &pb->toks[i], tails, &org, &t[k]);
		if (shift) {
			t[k].span.file += t[k].span.file ? shift : 0;
			t[k].origin.file += t[k].origin.file ? shift : 0;
		}
		t[k].next = &t[k + 1];
		if (u < tab->nunits && tab->units[u].start == i) {
			t[k].unit_stub = 1;
			units->first[u] = &t[k];
			org = pb->origins + tab->units[u].origin0 + tab->units[u].norig;
			i = tab->units[u++].end;
		} else {
			i++;
		}
	}
	if (!k) {
		*lastp = NULL;
		return NULL;
	}
	t[k - 1].next = NULL;
	*lastp = &t[k - 1];
	return t;
}

static int prebuilt_off(void)
{
	return util_env_on("WS_NO_PREBUILT");
}

/*
 * The host pass's prelude from the tables, when they fit (pp.h): adds the
 * predefinitions file and the built-in headers to the source manager and
 * the include cache, sets the macro table, marks, budget and __COUNTER__,
 * and returns 1 with the prelude's output in *first .. *last (both NULL
 * when empty); 0, with nothing changed, when the prelude must be
 * preprocessed.
 */
static int prebuilt_load(struct pp *pp, const struct pb_prelude *pb, struct token **first, struct token **last,
			 struct units_list *units)
{
	const struct pp_opts *o = pp->opts;
	if (!pb || !o || o->cuda_arch || o->no_prebuilt || !o->implicit_include ||
	    strcmp(o->implicit_include, pb->implicit_include) || !list_empty(o->include_dirs) ||
	    !list_empty(o->defines) || pp->used + pb->used > PP_BUDGET || prebuilt_off())
		return 0;
	struct strbuf sb;
	strbuf_init(&sb);
	predefine(pp, &sb);
	if (sb.len != pb->pre_len || pretok_text_hash(sb.buf, sb.len) != pb->pre_hash) {
		strbuf_release(&sb);
		return 0;
	}
	/* the headers must be the very texts the tables were made from, each
	 * with its build-time token table (as load_include would find it) */
	const char **texts = xmalloc((pb->nfiles + 1) * sizeof(*texts));
	const struct pretok_file **pts = xmalloc((pb->nfiles + 1) * sizeof(*pts));
	for (uint32_t i = 0; i < pb->nfiles; i++) {
		const struct pb_file *f = &pb->files[i];
		size_t len = 0;
		texts[i] = builtin_header(f->name, &len);
		pts[i] = pretok_find(f->name);
		if (!texts[i] || len != f->text_len || !pts[i] || pts[i]->text_len != f->text_len ||
		    pts[i]->text_hash != f->text_hash || pretok_text_hash(texts[i], len) != f->text_hash) {
			free(texts);
			free(pts);
			strbuf_release(&sb);
			return 0;
		}
	}

	size_t len = sb.len;
	uint32_t pid = srcmgr_add(pp->sm, "<built-in>", strbuf_detach(&sb), len, 1);
	cache_add(pp, "<built-in>", pid, NULL);
	struct strbuf key;
	strbuf_init(&key);
	for (uint32_t i = 0; i < pb->nfiles; i++) {
		const struct pb_file *f = &pb->files[i];
		strbuf_reset(&key);
		strbuf_adds(&key, "<built-in>/");
		strbuf_adds(&key, f->name);
		uint32_t id = srcmgr_add_static(pp->sm, key.buf, texts[i], f->text_len, 1);
		struct cached c = { xstrdup(key.buf), id, NULL, pts[i], pts[i]->guard, f->once };
		vec_push(&pp->files, c);
		shared_add(pp, &c);
	}
	strbuf_release(&key);
	free(texts);
	free(pts);

	/* the output first: its first thousand tokens make the arena take a
	 * huge-page chunk (util.c), which the macros' small pieces then share;
	 * made after them, the macros would grow it by malloc'd chunks of
	 * small pages first (450 more page faults for a longer main file) */
	if (units)
		*first = pb_collapsed(pp->a, pb, pid - pb->pid, units, last);
	else {
		const struct span *org = pb->origins;
		*first = pb_list(pp->a, pb, pb->toks, pb->ntok, pid - pb->pid, &org, last);
	}

	/* the macros, each where the table had it */
	free(pp->slots);
	pp->cap = pb->cap;
	pp->count = pb->nmacro;
	pp->slots = xcalloc(pb->cap, sizeof(*pp->slots));
	struct macro *ms = arena_alloc(pp->a, (pb->nmacro ? pb->nmacro : 1) * sizeof(*ms));
	for (uint32_t i = 0; i < pb->nmacro; i++) {
		const struct pb_macro *pm = &pb->macros[i];
		struct macro *m = &ms[i];
		m->name = pb->pool + pm->name;
		m->len = strlen(m->name);
		m->hash = pm->hash;
		m->objlike = pm->objlike;
		m->deleted = pm->deleted;
		m->dyn = pm->dyn;
		m->nparams = pm->nparams;
		m->va_name = pm->va_name ? pb->pool + pm->va_name : NULL;
		if (!m->objlike) {
			m->params = arena_alloc(pp->a, ((size_t)pm->nparams + 1) * sizeof(char *));
			m->plen = arena_alloc(pp->a, ((size_t)pm->nparams + 1) * sizeof(uint32_t));
			m->phash = arena_alloc(pp->a, ((size_t)pm->nparams + 1) * sizeof(uint32_t));
			for (uint32_t k = 0; k < pm->nparams; k++) {
				m->params[k] = pb->pool + pb->pnames[pm->params + k];
				m->plen[k] = (uint32_t)strlen(m->params[k]);
				m->phash[k] = pp_hash_name(m->params[k], m->plen[k]);
			}
		}
		if (pm->nbody) { /* made when first expanded (macro_body) */
			m->lpb = pb;
			m->lpm = pm;
			m->lshift = pid - pb->pid;
		}
		pp->slots[pm->slot] = m;
	}
	memcpy(pp->names, pb->names, sizeof(pp->names));
	for (uint32_t i = 0; i < pb->nlines; i++) {
		const struct pb_line *l = &pb->lines[i];
		struct linemark lm = { l->file ? l->file + pid - pb->pid : 0, (long)l->delta,
				       l->name == UINT32_MAX ? NULL : pb->pool + l->name };
		vec_push(&pp->lines, lm);
	}
	pp->used += (long)pb->used;
	pp->counter = (long)pb->counter;
	return 1;
}

/* --- writing the prelude as C (tools/prelude-gen.c) --- */

struct emit {
	struct strbuf pool, toks, mtoks, lits, macros, pnames, origins;
	struct arena a;         /* the bodies of a loaded prelude's macros (macro_body) */
	size_t nlit, npname;
	uint32_t at, nfiles;    /* the predefinitions file, and the files after it */
	uint32_t pid;           /* the id the tables give the predefinitions file */
	uint32_t *slot_off, *slot_len;
	size_t nslots, nused;
	const char *why;
};

static size_t emit_hash(const char *s, size_t n)
{
	return pp_hash_name(s, n);
}

static uint32_t emit_pool(struct emit *e, const char *s, size_t n);

static void emit_pool_grow(struct emit *e)
{
	uint32_t *oo = e->slot_off, *ol = e->slot_len;
	size_t old = e->nslots;
	e->nslots = old ? old * 2 : 4096;
	e->slot_off = xcalloc(e->nslots, sizeof(uint32_t));
	e->slot_len = xcalloc(e->nslots, sizeof(uint32_t));
	for (size_t i = 0; i < old; i++)
		if (oo[i]) {
			size_t h = emit_hash(e->pool.buf + oo[i], ol[i]) & (e->nslots - 1);
			while (e->slot_off[h])
				h = (h + 1) & (e->nslots - 1);
			e->slot_off[h] = oo[i];
			e->slot_len[h] = ol[i];
		}
	free(oo);
	free(ol);
}

/* bytes s[0..n) NUL-terminated in the pool, equal ones once; offset 0 is "" */
static uint32_t emit_pool(struct emit *e, const char *s, size_t n)
{
	if (e->pool.len == 0)
		strbuf_addc(&e->pool, 0);
	if (n == 0)
		return 0;
	if (2 * (e->nused + 1) > e->nslots)
		emit_pool_grow(e);
	size_t h = emit_hash(s, n) & (e->nslots - 1);
	for (; e->slot_off[h]; h = (h + 1) & (e->nslots - 1))
		if (e->slot_len[h] == n && !memcmp(e->pool.buf + e->slot_off[h], s, n))
			return e->slot_off[h];
	uint32_t off = (uint32_t)e->pool.len;
	strbuf_add(&e->pool, s, n);
	strbuf_addc(&e->pool, 0);
	e->slot_off[h] = off;
	e->slot_len[h] = (uint32_t)n;
	e->nused++;
	return off;
}

/* a file id as the tables hold it: as if the predefinitions file were
 * e->pid (its id in the generator) */
static int emit_file(struct emit *e, uint32_t id, uint8_t *rel)
{
	if (id == 0) {
		*rel = 0;
		return 0;
	}
	if (id < e->at || id - e->at > e->nfiles || id - e->at + e->pid > 255) {
		e->why = "a token names a file outside the prelude";
		return -1;
	}
	*rel = (uint8_t)(id - e->at + e->pid);
	return 0;
}

static int emit_tok(struct emit *e, struct strbuf *to, const struct token *t, int body)
{
	struct pb_tok p;
	memset(&p, 0, sizeof(p));
	uint8_t file, ofile;
	if (emit_file(e, t->span.file, &file) || emit_file(e, t->origin.file, &ofile))
		return -1;
	if (t->len > UINT16_MAX || strlen(t->text) != t->len) {
		e->why = "a token's column, length or spelling does not fit its field";
		return -1;
	}
	static const struct span none;
	int has_origin = memcmp(&t->origin, &none, sizeof(none)) != 0;
	if (body && (t->hideset || has_origin)) {
		e->why = "a macro body token has a hideset or an origin";
		return -1;
	}
	p.text = emit_pool(e, t->text, t->len);
	p.tlen = (uint16_t)t->len;
	p.kind = t->kind;
	p.numty = t->numty;
	p.flags = (uint8_t)((t->at_bol ? PB_BOL : 0) | (t->has_space ? PB_SPACE : 0) |
			    (t->from_builtin ? PB_BUILTIN : 0) | (has_origin ? PB_ORIGIN : 0));
	unsigned char zero[sizeof(t->ival) + sizeof(t->fval)] = { 0 };
	if (t->kind == TK_IDENT || t->kind >= TK_AUTO) {
		p.lit = t->hash;
		if (memcmp((const char *)&t->ival + sizeof(t->hash), zero, sizeof(zero) - sizeof(t->hash))) {
			e->why = "an identifier's literal fields are not zero";
			return -1;
		}
	} else if (t->kind == TK_STR || t->kind == TK_HEADER) {
		if (!t->str) {
			e->why = "a string literal without its bytes";
			return -1;
		}
		uint32_t so = emit_pool(e, t->str, t->strlen);
		p.lit = (uint32_t)e->nlit++;
		p.flags |= PB_LIT;
		strbuf_addf(&e->lits, "{0,0,%lu,%lu},\n", (unsigned long)so, (unsigned long)t->strlen);
	} else if (t->kind == TK_NUM || t->kind == TK_CHAR || memcmp(&t->ival, zero, sizeof(zero))) {
		/* the values; or what another kind holds there (an EOF made from
		 * an identifier keeps its hash): the union's bytes as they are */
		uint64_t w[2];
		memcpy(w, &t->ival, sizeof(w));
		p.lit = (uint32_t)e->nlit++;
		p.flags |= PB_LIT;
		strbuf_addf(&e->lits, "{%lluu,%lluu,0,0},\n", (unsigned long long)w[0], (unsigned long long)w[1]);
	}
	const struct span *sp = &t->span, *o = &t->origin;
	strbuf_addf(to, "{{%u,%lu,%lu,%lu,%lu},%lu,%lu,%u,%u,%u,%u},\n", file, (unsigned long)sp->off,
		    (unsigned long)sp->len, (unsigned long)sp->line, (unsigned long)sp->col, (unsigned long)p.text,
		    (unsigned long)p.lit, p.tlen, p.kind, p.numty, p.flags);
	if (has_origin)
		strbuf_addf(&e->origins, "{%u,%lu,%lu,%lu,%lu},\n", ofile, (unsigned long)o->off,
			    (unsigned long)o->len, (unsigned long)o->line, (unsigned long)o->col);
	return 0;
}

static void emit_release(struct emit *e)
{
	strbuf_release(&e->pool);
	strbuf_release(&e->toks);
	strbuf_release(&e->mtoks);
	strbuf_release(&e->lits);
	strbuf_release(&e->macros);
	strbuf_release(&e->pnames);
	strbuf_release(&e->origins);
	free(e->slot_off);
	free(e->slot_len);
	arena_release(&e->a);
}

static int emit_fail(struct emit *e, const char **why, const char *msg)
{
	*why = msg ? msg : e->why;
	emit_release(e);
	return -1;
}

int pp_prelude_emit(const struct pp_shared *sh, const struct srcmgr *sm, struct strbuf *out, const char **why)
{
	struct emit e;
	memset(&e, 0, sizeof(e));
	strbuf_init(&e.pool);
	strbuf_init(&e.toks);
	strbuf_init(&e.mtoks);
	strbuf_init(&e.lits);
	strbuf_init(&e.macros);
	strbuf_init(&e.pnames);
	strbuf_init(&e.origins);
	arena_init(&e.a);
	const struct prelude *pre = sh ? sh->pre : NULL;
	if (!pre || pre->files.len < 2 || strcmp(pre->files.v[1].key, "<built-in>"))
		return emit_fail(&e, why, "no prelude was recorded");
	if (!list_empty(pre->include_dirs) || !list_empty(pre->defines) || !pre->implicit_include)
		return emit_fail(&e, why, "the prelude was made with -D or -I options");
	e.at = pre->files.v[1].file;
	e.pid = 2; /* the main file is 1 in front.c's compilations */
	e.nfiles = (uint32_t)pre->files.len - 2;
	const struct srcfile *pf = srcmgr_file(sm, e.at);
	if (!pf)
		return emit_fail(&e, why, "no predefinitions file");
	strbuf_adds(&e.lits, "{0,0,0,0},\n");
	e.nlit = 1;
	emit_pool(&e, "", 0);

	/* the headers, in srcmgr order */
	struct strbuf files;
	strbuf_init(&files);
	const char *pfx = "<built-in>/";
	for (size_t i = 2; i < pre->files.len; i++) {
		const struct cached *c = &pre->files.v[i];
		const struct srcfile *f = srcmgr_file(sm, c->file);
		if (!f || c->file != e.at + i - 1 || strncmp(c->key, pfx, strlen(pfx)) || !c->pt || c->toks ||
		    !f->builtin || strcmp(f->name, c->key)) {
			strbuf_release(&files);
			return emit_fail(&e, why, "a file of the prelude is not a built-in header with its table");
		}
		for (const char *q = c->key; *q; q++)
			if (*q == '"' || *q == '\\' || (unsigned char)*q < 32) {
				strbuf_release(&files);
				return emit_fail(&e, why, "a header name needs quoting");
			}
		if (c->guard)
			for (const char *q = c->guard; *q; q++)
				if (!(*q == '_' || (*q >= 'a' && *q <= 'z') || (*q >= 'A' && *q <= 'Z') ||
				      (*q >= '0' && *q <= '9'))) {
					strbuf_release(&files);
					return emit_fail(&e, why, "a guard is not an identifier");
				}
		strbuf_addf(&files, "\t{ \"%s\", %lluu, %lluu, ", c->key + strlen(pfx), (unsigned long long)f->len,
			    (unsigned long long)pretok_text_hash(f->text, f->len));
		if (c->guard)
			strbuf_addf(&files, "\"%s\", %d },\n", c->guard, c->once);
		else
			strbuf_addf(&files, "NULL, %d },\n", c->once);
	}

	/* the output */
	size_t ntok = 0;
	for (const struct token *t = pre->toks; t; t = t->next) {
		if (emit_tok(&e, &e.toks, t, 0) < 0) {
			strbuf_release(&files);
			return emit_fail(&e, why, NULL);
		}
		ntok++;
		if (t == pre->tail)
			break;
	}
	/* the macros, by slot */
	size_t nmacro = 0, nmtok = 0;
	for (size_t s = 0; s < pre->cap; s++) {
		const struct macro *m = pre->slots[s];
		if (!m)
			continue;
		if (m->len != strlen(m->name) || m->nparams > UINT16_MAX) {
			strbuf_release(&files);
			return emit_fail(&e, why, "a macro does not fit its record");
		}
		size_t body = nmtok, nbody = 0;
		struct macro lm = *m; /* a loaded prelude's macro: its body made here */
		for (const struct token *t = macro_body(&e.a, &lm); t; t = t->next, nbody++, nmtok++)
			if (emit_tok(&e, &e.mtoks, t, 1) < 0) {
				strbuf_release(&files);
				return emit_fail(&e, why, NULL);
			}
		size_t params = e.npname;
		for (int k = 0; k < m->nparams; k++) {
			strbuf_addf(&e.pnames, "%lu,%s", (unsigned long)emit_pool(&e, m->params[k], strlen(m->params[k])),
				    ++e.npname % 16 ? "" : "\n");
		}
		uint32_t va = m->va_name ? emit_pool(&e, m->va_name, strlen(m->va_name)) : 0;
		if (m->va_name && !va) {
			strbuf_release(&files);
			return emit_fail(&e, why, "an empty variadic name");
		}
		strbuf_addf(&e.macros, "{%lu,%lu,%zu,%zu,%zu,%zu,%lu,%d,%d,%d,%d},\n",
			    (unsigned long)emit_pool(&e, m->name, m->len), (unsigned long)m->hash, s, body, nbody,
			    params, (unsigned long)va, m->nparams, m->objlike, m->deleted, m->dyn);
		nmacro++;
	}
	if (nmacro != pre->count) {
		strbuf_release(&files);
		return emit_fail(&e, why, "the macro table's count is off");
	}
	struct strbuf lines;
	strbuf_init(&lines);
	for (size_t i = 0; i < pre->lines.len; i++) {
		const struct linemark *l = &pre->lines.v[i];
		uint8_t rel;
		if (emit_file(&e, l->file, &rel) < 0) {
			strbuf_release(&files);
			strbuf_release(&lines);
			return emit_fail(&e, why, NULL);
		}
		strbuf_addf(&lines, "{%u,%ld,%lu},\n", rel, l->delta,
			    l->name ? (unsigned long)emit_pool(&e, l->name, strlen(l->name)) : (unsigned long)UINT32_MAX);
	}

	strbuf_adds(out, "/* Generated by tools/prelude-gen.c with this tree's preprocessor; do not edit.\n"
			 " * The host pass's prelude for the default options (engine/front/prelude.h). */\n"
			 "#include \"prelude.h\"\n#include <stddef.h>\n\n");
	strbuf_adds(out, "static const char pool[] = {\n");
	for (size_t i = 0; i < e.pool.len; i++)
		strbuf_addf(out, "%d,%s", (int)(unsigned char)e.pool.buf[i], i % 24 == 23 ? "\n" : "");
	strbuf_adds(out, "0 };\n\nstatic const struct pb_lit lits[] = {\n");
	strbuf_adds(out, strbuf_cstr(&e.lits));
	strbuf_adds(out, "};\n\nstatic const struct pb_tok toks[] = {\n");
	strbuf_adds(out, strbuf_cstr(&e.toks));
	strbuf_adds(out, "{{0,0,0,0,0},0,0,0,0,0,0}};\n\nstatic const struct span origins[] = {\n");
	strbuf_adds(out, strbuf_cstr(&e.origins));
	strbuf_adds(out, "{0,0,0,0,0}};\n\nstatic const struct pb_tok mtoks[] = {\n");
	strbuf_adds(out, strbuf_cstr(&e.mtoks));
	strbuf_adds(out, "{{0,0,0,0,0},0,0,0,0,0,0}};\n\nstatic const struct pb_macro macros[] = {\n");
	strbuf_adds(out, strbuf_cstr(&e.macros));
	strbuf_adds(out, "{0}};\n\nstatic const uint32_t pnames[] = {\n");
	strbuf_adds(out, strbuf_cstr(&e.pnames));
	strbuf_adds(out, "0 };\n\nstatic const struct pb_file files[] = {\n");
	strbuf_adds(out, strbuf_cstr(&files));
	strbuf_adds(out, "\t{ NULL, 0, 0, NULL, 0 }\n};\n\nstatic const struct pb_line lines[] = {\n");
	strbuf_adds(out, strbuf_cstr(&lines));
	strbuf_adds(out, "{0,0,0}};\n\nstatic const uint64_t names[] = {\n");
	for (size_t i = 0; i < PP_NAME_BITS / 64; i++)
		strbuf_addf(out, "%lluu,%s", (unsigned long long)pre->names[i], i % 4 == 3 ? "\n" : "");
	strbuf_adds(out, "};\n\n");
	strbuf_addf(out, "static const struct pb_prelude prelude = {\n\t\"%s\", %lluu, %lluu, %lu,\n",
		    pre->implicit_include, (unsigned long long)pf->len,
		    (unsigned long long)pretok_text_hash(pf->text, pf->len), (unsigned long)e.pid);
	strbuf_addf(out, "\tfiles, %lu, toks, %zu, origins, mtoks, lits, macros, %zu, %zu, pnames, lines, %zu,\n",
		    (unsigned long)e.nfiles, ntok, nmacro, pre->cap, pre->lines.len);
	strbuf_addf(out, "\t%ld, %ld, names, pool\n};\n\n", pre->used - pre->used0, pre->counter);
	strbuf_adds(out, "const struct pb_prelude *pp_prebuilt(void)\n{\n\treturn &prelude;\n}\n");
	strbuf_release(&files);
	strbuf_release(&lines);
	emit_release(&e);
	return 0;
}

struct token *pp_run(struct arena *a, struct srcmgr *sm, struct diaglist *dl, uint32_t id,
		     const struct pp_opts *opts)
{
	struct pp pp;
	memset(&pp, 0, sizeof(pp));
	pp.a = a;
	pp.sm = sm;
	pp.dl = dl;
	pp.opts = opts;
	const struct srcfile *f = srcmgr_file(sm, id);
	if (!f)
		return lex_file(a, sm, dl, id);
	macro_grow(&pp);
	if (!f->builtin)
		pp.bytes = f->len;
	char *real = f->builtin ? NULL : realpath(f->name, NULL);
	struct pp_shared *sh = opts ? opts->shared : NULL;
	struct cached *mc;
	if (sh && sh->main_toks && sh->main_id == id) {
		/* the device pass: the main file as the host pass lexed it (its
		 * diagnostics, if any, are the host pass's) */
		mc = cache_add_lexed(&pp, real ? (const char *)real : f->name, id, sh->main_toks);
	} else {
		mc = cache_add(&pp, real ? (const char *)real : f->name, id, NULL);
		if (sh && !sh->main_toks) {
			sh->main_toks = mc->toks;
			sh->main_id = id;
		}
	}
	free(real);
	struct token *eof = mc->toks;
	while (eof->kind != TK_EOF)
		eof = eof->next;
	struct token *main_toks = append(&pp, mc->toks, copy_token(&pp, eof));

	if (sh && sh->pre && opts->cuda_arch && opts->implicit_include && prelude_fits(sh->pre, opts)) {
		struct prelude got = { 0 };
		struct token *stream = prelude_take(&pp, sh->pre, main_toks, &got);
		prelude_free(sh->pre);
		sh->pre = NULL;
		sh->pre_state = PRE_REUSED;
		struct token *out = preprocess2(&pp, stream);
		report_open_conds(&pp);
		finish_output(&pp, out, NULL, NULL); /* the prelude's tokens are finished */
		if (got.toks) {
			got.tail->next = out;
			out = got.toks;
		}
		pp_release(&pp);
		return out;
	}

	pp.used0 = pp.used;
	predefine_dynamic(&pp);
	struct token *pre_first, *pre_last;
	struct units_list ul = { 0 }, *units = NULL;
	if (opts && sh && opts->units && opts->units->ntok == (pp_prebuilt() ? pp_prebuilt()->ntok : 0)) {
		ul.tab = opts->units;
		units = &ul;
	}
	if (opts && (!sh || !sh->pre) && prebuilt_load(&pp, pp_prebuilt(), &pre_first, &pre_last, units)) {
		/* the prelude from the tables: recorded for the device pass as
		 * prelude_save and prelude_keep would record a preprocessed one */
		if (sh) {
			sh->prebuilt = 1;
			sh->ntok = pp_prebuilt()->ntok;
			sh->units = units ? ul : (struct units_list){ 0 };
			sh->a = pp.a;
			sh->pb = pp_prebuilt();
			pp.ndiag0 = dl->v.len;
			pp.nrule0 = dl->rules.len;
			prelude_save(&pp, pre_first, pre_last);
		}
		struct token *out = preprocess2(&pp, main_toks);
		report_open_conds(&pp);
		finish_output(&pp, out, NULL, NULL);
		if (pre_last) {
			pre_last->next = out;
			out = pre_first;
		}
		if (pp.pre_last)
			prelude_keep(&pp, 1);
		if (sh)
			sh->tail = pre_last;
		pp_release(&pp);
		return out;
	}
	free(ul.first);

	struct strbuf sb;
	strbuf_init(&sb);
	predefine(&pp, &sb);
	size_t len = sb.len;
	uint32_t pid = srcmgr_add(sm, "<built-in>", strbuf_detach(&sb), len, 1);
	struct cached *pc = cache_add(&pp, "<built-in>", pid, NULL);
	struct token *stream = enter_file(&pp, pc, main_toks, main_toks);
	if (sh && !sh->pre && !opts->cuda_arch && opts->implicit_include) {
		/* record the prelude, watching for __CUDA_ARCH__ */
		for (struct token *t = stream; t; t = t->next)
			if (t->next == main_toks) {
				pp.prelude_end = t;
				break;
			}
		pp.watch = pp_hash_name(arch_name, strlen(arch_name));
		pp.names[(pp.watch / 64) % (PP_NAME_BITS / 64)] |= (uint64_t)1 << (pp.watch % 64);
		pp.ndiag0 = dl->v.len;
		pp.nrule0 = dl->rules.len;
	}

	struct token *out = preprocess2(&pp, stream);
	pp.watch = 0;
	report_open_conds(&pp);
	size_t nd = dl->v.len, nd_mark = nd;
	finish_output(&pp, out, pp.pre_last, &nd_mark);
	if (pp.pre_last)
		prelude_keep(&pp, nd_mark == nd);
	pp_release(&pp);
	return out;
}

/*
 * Print tokens as text: one output line per source line (blank lines kept,
 * up to 8), a space where there was whitespace. Tokens from built-in
 * headers are left out so that golden files do not depend on them.
 */
void pp_print(const struct token *t, struct strbuf *out)
{
	int first = 1;
	uint32_t file = 0, line = 0;
	for (; t && t->kind != TK_EOF; t = t->next) {
		if (t->from_builtin)
			continue;
		if (!first && t->at_bol) {
			uint32_t n = 1;
			if (t->span.file == file && t->span.line > line)
				n = t->span.line - line;
			if (n > 8)
				n = 8;
			while (n--)
				strbuf_addc(out, '\n');
		} else if (!first && t->has_space) {
			strbuf_addc(out, ' ');
		}
		strbuf_add(out, t->text, t->len);
		first = 0;
		file = t->span.file;
		line = t->span.line;
	}
	if (!first)
		strbuf_addc(out, '\n');
}
