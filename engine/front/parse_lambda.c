/*
 * parse_lambda.c - lambda expressions.
 * Part of the parser; parse_impl.h says what the parts share.
 *
 * A lambda is what the standard says it is: an object of a local class, the
 * closure type, with one member per captured variable and an operator()
 * (const unless the lambda is mutable) whose body is the lambda's. The
 * class is made here: its members are added for the explicit captures,
 * operator() is parsed from a copy of the lambda's tokens as a member
 * function, and a variable of the enclosing function named in the body is
 * captured when [=] or [&] allows it (a member added on first use). The
 * lambda expression is a temporary of the closure type whose members are
 * initialized from the captured variables (by value) or their addresses
 * (by reference). Function templates deduce the closure type like any
 * class; the closure's operator() gets the execution space of the function
 * the lambda is written in, so a lambda defined and called in device code
 * is device code.
 */
#include "parse_impl.h"

struct capture {
	struct capture *next;
	struct obj *var;          /* the captured variable (NULL: an init-capture) */
	struct member *mem;
	int byref;
	struct node *init;        /* init-capture: its initializer */
};

struct lambda {
	struct lambda *outer;
	struct obj *fn;           /* the closure's operator() (while its body is parsed) */
	struct record *rec;
	struct type *ty;
	int mode;                 /* default capture: 0 none, '=' or '&' */
	struct capture *caps, **tail;
	struct obj *enclosing;    /* the function the lambda is written in */
	struct obj *outer_this;   /* its this, if it is a member function */
	struct member *this_mem;  /* the captured this */
};

static struct token *tok_copy(struct parser *p, struct token *t, enum tok_kind k, const char *text)
{
	struct token *n = arena_alloc(p->a, sizeof(*n));
	*n = *t;
	if (text) {
		n->kind = k;
		n->text = text;
		n->ival = 0; /* the literal union (an identifier's hash) was t's */
		n->fval = 0;
	}
	n->next = NULL;
	return n;
}

/* Copy the balanced group that starts at p->tok ('(' or '{') onto *tail. */
static void copy_group(struct parser *p, struct token ***tail)
{
	int depth = 0;
	do {
		struct token *t = p->tok;
		if (t->kind == TK_EOF)
			fail_at(p, t, "unterminated lambda expression");
		if (t->kind == TK_LPAREN || t->kind == TK_LBRACE || t->kind == TK_LBRACK)
			depth++;
		else if (t->kind == TK_RPAREN || t->kind == TK_RBRACE || t->kind == TK_RBRACK)
			depth--;
		**tail = tok_copy(p, t, 0, NULL);
		*tail = &(**tail)->next;
		next(p);
	} while (depth > 0);
}

static struct member *add_capture(struct parser *p, struct lambda *l, const char *name, struct type *ty,
				  struct obj *var, int byref, struct node *init, struct token *at)
{
	if (ty->kind == TY_REF)
		ty = ty->base;
	if (byref)
		ty = type_ref(p->a, ty);
	else
		ty = strip_cv(p, ty); /* a copy, initialized once */
	add_member(p, l->rec, name, ty, at);
	struct member *m = l->rec->members;
	while (m->next)
		m = m->next;
	struct capture *c = arena_alloc(p->a, sizeof(*c));
	c->var = var;
	c->mem = m;
	c->byref = byref;
	c->init = init;
	*l->tail = c;
	l->tail = &c->next;
	return m;
}

static void layout(struct record *rec, struct type *t)
{
	long off = 0, align = 1;
	for (struct member *m = rec->members; m; m = m->next) {
		long a = m->ty->align > 0 ? m->ty->align : 1;
		if (a > align)
			align = a;
		off = (off + a - 1) / a * a;
		m->offset = off;
		off += m->ty->size;
	}
	off = (off + align - 1) / align * align;
	if (off == 0)
		off = 1;
	rec->size = t->size = off;
	rec->align = t->align = align;
	rec->complete = 1;
}

/* this->m inside operator() */
static struct node *member_ref(struct parser *p, struct member *m, struct token *t)
{
	struct sym *ts = lookup(p, "this");
	struct node *th = new_var(p, ts->obj, t);
	struct node *d = new_unary(p, ND_DEREF, th, t);
	d->ty = th->ty->base;
	struct node *n = new_unary(p, ND_MEMBER, d, t);
	n->mem = m;
	n->ty = m->ty;
	if (th->ty->base->is_const && m->ty->kind != TY_REF)
		n->ty = type_qual(p->a, n->ty, 1, 0);
	if (m->ty->kind == TY_REF) {
		struct node *r = new_unary(p, ND_DEREF, n, t);
		r->ty = m->ty->base;
		return r;
	}
	return n;
}

struct node *lambda_capture(struct parser *p, struct obj *var, struct token *t)
{
	struct lambda *l = p->lambda;
	if (!l || !l->fn || p->f.fn != l->fn || !var->is_local || var->is_static)
		return NULL;
	for (struct obj *o = l->fn->locals; o; o = o->next)
		if (o == var)
			return NULL; /* the lambda's own parameter or local */
	if (!l->mode) {
		error_at(p, t, "not-captured", "variable '%s' cannot be used in the lambda: it is not captured (add it to the capture list, or use [=] or [&])",
			 var->name);
		return NULL;
	}
	struct member *m = add_capture(p, l, var->name, var->ty, var, l->mode == '&', NULL, t);
	return member_ref(p, m, t);
}

struct node *lambda_this(struct parser *p, struct token *t)
{
	struct lambda *l = p->lambda;
	if (!l || !l->fn || p->f.fn != l->fn)
		return NULL;
	if (!l->this_mem) {
		if (!l->outer_this) {
			error_at(p, t, "no-this", "'this' in a lambda outside a member function");
			return NULL;
		}
		if (!l->mode) {
			error_at(p, t, "not-captured", "'this' is not captured by the lambda (add this, = or & to its capture list)");
			return NULL;
		}
		l->this_mem = add_capture(p, l, "__this", l->outer_this->ty, l->outer_this, 0, NULL, t);
	}
	return member_ref(p, l->this_mem, t);
}

struct node *lambda_member(struct parser *p, struct sym *s, struct token *t)
{
	struct lambda *l = p->lambda;
	if (!l || !l->fn || p->f.fn != l->fn)
		return NULL;
	if (find_in_scope(l->rec->scope, s->name) != s)
		return NULL;
	return member_ref(p, s->mem, t);
}

/* lambda = "[" captures "]" ("(" params ")")? "mutable"? ("->" type)? compound-stmt */
struct node *lambda_expr(struct parser *p)
{
	struct token *start = skip(p, TK_LBRACK);
	if (!p->f.fn)
		fail_at(p, start, "a lambda outside a function is not supported");
	struct lambda *l = arena_alloc(p->a, sizeof(*l));
	l->tail = &l->caps;
	l->enclosing = p->f.fn;
	/* the closure type: an incomplete local class for now */
	char name[48];
	snprintf(name, sizeof(name), "__lambda%u", p->tmpcount++);
	struct token *kw = tok_copy(p, start, TK_STRUCT, "struct");
	struct token *tag = tok_copy(p, start, TK_IDENT, arena_strdup(p->a, name));
	struct token *semi = tok_copy(p, start, TK_SEMI, ";");
	kw->next = tag;
	tag->next = semi;
	semi->next = tok_copy(p, start, TK_EOF, "");
	semi->next->next = semi->next;
	struct token *resume = p->tok;
	p->tok = kw;
	struct declattr da = { 0 };
	struct type *ct = declspec(p, &da);
	p->tok = resume;
	if (ct->kind != TY_STRUCT)
		fail_at(p, start, "internal: the closure type of a lambda");
	l->ty = ct;
	l->rec = ct->rec;
	l->rec->scope->parent = p->scope;
	struct sym *ts = lookup(p, "this");
	l->outer_this = ts && ts->kind == SYM_VAR ? ts->obj : NULL;
	/* captures */
	while (p->tok->kind != TK_RBRACK) {
		struct token *t = p->tok;
		if ((t->kind == TK_ASSIGN || t->kind == TK_AMP) && (t->next->kind == TK_COMMA || t->next->kind == TK_RBRACK) &&
		    l->mode == 0 && !l->caps) {
			l->mode = t->kind == TK_ASSIGN ? '=' : '&';
			next(p);
		} else if (t->kind == TK_STAR && t->next->kind == TK_THIS) {
			fail_at(p, t, "capturing '*this' by value is not supported");
		} else if (t->kind == TK_THIS) {
			next(p);
			if (!l->outer_this)
				error_at(p, t, "no-this", "'this' captured outside a member function");
			else if (!l->this_mem)
				l->this_mem = add_capture(p, l, "__this", l->outer_this->ty, l->outer_this, 0, NULL, t);
		} else {
			int byref = consume(p, TK_AMP);
			struct token *id = skip(p, TK_IDENT);
			if (consume(p, TK_ASSIGN)) {
				struct node *e = assign(p);
				struct type *ty = byref ? e->ty : strip_cv(p, decay(p, e)->ty);
				add_capture(p, l, id->text, ty, NULL, byref, e, id);
			} else {
				struct sym *s = lookup(p, id->text);
				if (!s || s->kind != SYM_VAR || !s->obj->is_local || s->obj->is_static) {
					error_at(p, id, "not-captured", "'%s' is not a local variable that a lambda can capture", id->text);
				} else {
					add_capture(p, l, id->text, s->obj->ty, s->obj, byref, NULL, id);
				}
			}
		}
		if (!consume(p, TK_COMMA))
			break;
	}
	skip(p, TK_RBRACK);
	/* operator() as a member function: "auto operator ( ) (params) const -> R { body }" */
	struct token head = { 0 }, *h = &head;
	struct token **tail = &h->next;
	unsigned space = p->f.fn->space & SPC_GLOBAL ? SPC_DEVICE : p->f.fn->space;
	if (space & SPC_HOST) {
		*tail = tok_copy(p, start, TK_HOST, "__host__");
		tail = &(*tail)->next;
	}
	if (space & SPC_DEVICE) {
		*tail = tok_copy(p, start, TK_DEVICE, "__device__");
		tail = &(*tail)->next;
	}
	*tail = tok_copy(p, start, TK_AUTO, "auto");
	tail = &(*tail)->next;
	*tail = tok_copy(p, start, TK_OPERATOR, "operator");
	tail = &(*tail)->next;
	*tail = tok_copy(p, start, TK_LPAREN, "(");
	tail = &(*tail)->next;
	*tail = tok_copy(p, start, TK_RPAREN, ")");
	tail = &(*tail)->next;
	if (p->tok->kind == TK_LPAREN) {
		copy_group(p, &tail);
	} else {
		*tail = tok_copy(p, start, TK_LPAREN, "(");
		tail = &(*tail)->next;
		*tail = tok_copy(p, start, TK_RPAREN, ")");
		tail = &(*tail)->next;
	}
	int is_mutable = 0;
	for (;;) {
		if (consume(p, TK_MUTABLE))
			is_mutable = 1;
		else if (p->tok->kind == TK_NOEXCEPT || p->tok->kind == TK_HOST || p->tok->kind == TK_DEVICE ||
			 p->tok->kind == TK_CONSTEXPR)
			next(p);
		else
			break;
	}
	if (!is_mutable) {
		*tail = tok_copy(p, start, TK_CONST, "const");
		tail = &(*tail)->next;
	}
	if (p->tok->kind == TK_ARROW) {
		while (p->tok->kind != TK_LBRACE && p->tok->kind != TK_EOF && p->tok->kind != TK_SEMI) {
			*tail = tok_copy(p, p->tok, 0, NULL);
			tail = &(*tail)->next;
			next(p);
		}
	}
	if (p->tok->kind != TK_LBRACE)
		fail_at(p, p->tok, "expected '{' to begin the lambda's body");
	copy_group(p, &tail);
	struct token *eof = tok_copy(p, p->prev, TK_EOF, "");
	eof->next = eof;
	*tail = eof;
	resume = p->tok;

	/* parse operator() in the closure's scope; its body at once */
	struct scope *saved_scope = p->scope;
	struct deferred *saved_def = p->deferred;
	p->deferred = NULL;
	p->scope = l->rec->scope;
	p->tok = head.next;
	layout(l->rec, ct);
	member_decl(p, l->rec, ct);
	p->scope = saved_scope;
	struct sym *os = find_in_scope(l->rec->scope, "operator()");
	l->fn = os && os->kind == SYM_FUNC ? os->obj : NULL;
	l->outer = p->lambda;
	p->lambda = l;
	parse_deferred(p);
	p->lambda = l->outer;
	p->deferred = saved_def;
	p->tok = resume;
	layout(l->rec, ct);
	if (l->fn && is_auto_marker(l->fn->ty->base))
		l->fn->ty->base = ty_void; /* no return statement */

	/* the closure object */
	struct obj *tmp = new_temp(p, ct, start);
	tmp->addr_taken = 1;
	struct node *t = new_node(p, ND_TEMP, start);
	t->var = tmp;
	t->ty = ct;
	t->op = 1;
	struct node *chain = NULL;
	for (struct capture *c = l->caps; c; c = c->next) {
		struct node *mem = new_unary(p, ND_MEMBER, new_var(p, tmp, start), start);
		mem->mem = c->mem;
		struct node *as;
		if (c->byref) {
			mem->ty = type_ptr(p->a, c->mem->ty->base);
			struct node *src = c->init ? c->init : new_var(p, c->var, start);
			as = new_binary(p, ND_ASSIGN, mem, addr_of(p, src, start), start);
			as->ty = mem->ty;
		} else {
			mem->ty = c->mem->ty;
			struct node *src = c->init ? c->init : new_var(p, c->var, start);
			as = assign_to(p, mem, src, start);
		}
		chain = chain ? new_binary(p, ND_COMMA, chain, as, start) : as;
		chain->ty = as->ty;
	}
	t->lhs = chain;
	return t;
}
