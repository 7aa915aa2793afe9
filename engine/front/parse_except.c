/*
 * parse_except.c - C++ exceptions in host code: throw, try/catch, rethrow,
 * std::terminate for an exception that nothing catches.
 * Part of the parser; parse_impl.h says what the parts share.
 *
 * Design: no unwinder in the machine. An exception in flight is five hidden
 * host globals (__ws_exc_pending, the object's address, the id of its
 * type, its type's name and what() for std::exception-derived types).
 * `throw e;` copy-constructs e into storage of its own, sets them and jumps to the
 * innermost handler of the function: the catch clauses of an enclosing try,
 * else the function's exception exit, which returns at once (main's prints
 * what libstdc++'s std::terminate prints and aborts, exit status 134). A
 * call in host code to a function that may throw (computed for the whole
 * program once it is parsed) is followed by a test of __ws_exc_pending that
 * jumps to the same handler, so an exception crosses any number of calls.
 * Calls to functions that cannot throw, and all device code, carry no test:
 * the device fast path is untouched. Destructors of the locals left on the
 * way (NEEDSWORK, with destructors at scope exit): the exception exits are
 * the hook where they go.
 */
#include "parse_impl.h"

struct exc_state {
	struct obj *pending, *object, *type, *name, *what;
	struct plist *thrown;     /* struct exc_type, one per distinct thrown type */
	struct plist *catches;    /* struct exc_catch: conditions to complete at the end */
	struct plist *handlers;   /* struct exc_catch: every handler's end, to complete at the end */
	struct plist *exits;      /* functions whose body needs the exception exit */
	int ntry;
};

struct exc_type {
	struct type *ty;
	int id;
};

struct exc_catch {
	struct node *cond;        /* filled in by except_finish */
	struct type *ty;          /* the caught type, without reference and cv (NULL: catch (...)) */
	struct node *destroy;     /* the end of the handler: destroys the exception object (except_finish) */
};

static struct exc_state *exc(struct parser *p)
{
	if (!p->exc)
		p->exc = arena_alloc(p->a, sizeof(struct exc_state));
	return p->exc;
}

static void plist_add(struct parser *p, struct plist **head, void *item)
{
	struct plist *l = arena_alloc(p->a, sizeof(*l));
	l->item = item;
	l->next = *head;
	*head = l;
}

static struct obj *hidden_global(struct parser *p, const char *name, struct type *ty, struct token *t)
{
	struct obj *o = new_obj(p, name, ty, t);
	o->is_static = 1;
	add_global(p, o);
	return o;
}

static void need_globals(struct parser *p, struct token *t)
{
	struct exc_state *e = exc(p);
	if (e->pending)
		return;
	struct type *cstr = type_ptr(p->a, type_qual(p->a, ty_char, 1, 0));
	e->pending = hidden_global(p, "__ws_exc_pending", ty_int, t);
	e->object = hidden_global(p, "__ws_exc_object", type_ptr(p->a, ty_void), t);
	e->type = hidden_global(p, "__ws_exc_type", ty_int, t);
	e->name = hidden_global(p, "__ws_exc_name", cstr, t);
	e->what = hidden_global(p, "__ws_exc_what", cstr, t);
}

/* The label an exception raised here jumps to. */
static const char *handler_label(struct parser *p)
{
	return p->f.exc_label ? p->f.exc_label : "__ws_exc_exit";
}

static void mark_exit(struct parser *p)
{
	struct obj *fn = p->f.fn;
	if (!fn || fn->has_exc_exit)
		return;
	fn->has_exc_exit = 1;
	plist_add(p, &exc(p)->exits, fn);
}

static struct node *stmt_of(struct parser *p, struct node *e, struct token *t)
{
	struct node *s = new_unary(p, ND_EXPR_STMT, e, t);
	return s;
}

static struct node *set_var(struct parser *p, struct obj *v, struct node *val, struct token *t)
{
	struct node *a = new_binary(p, ND_ASSIGN, new_var(p, v, t), new_cast(p, val, v->ty), t);
	a->ty = v->ty;
	return stmt_of(p, a, t);
}

static struct node *go_to(struct parser *p, const char *label, struct token *t)
{
	struct node *g = new_node(p, ND_GOTO, t);
	g->str = label;
	return g;
}

static struct node *str_node(struct parser *p, const char *s, struct token *t)
{
	struct node *n = new_node(p, ND_STR, t);
	n->strlen = (long)strlen(s) + 1;
	n->str = arena_strdup(p->a, s);
	n->ty = type_array(p->a, type_qual(p->a, ty_char, 1, 0), n->strlen);
	n->depth = 1;
	return decay(p, n);
}

/* The type's name as g++ prints it in "terminate called after throwing an
 * instance of 'NAME'". */
static const char *cxx_name(struct parser *p, struct type *ty)
{
	struct strbuf sb;
	strbuf_init(&sb);
	int full = ty->kind == TY_STRUCT && ty->rec->tmpl && ty->rec->ntargs > 0;
	for (int i = 0; full && i < ty->rec->ntargs; i++)
		full = ty->rec->targs[i] != NULL;
	if (full) {
		/* a template instance: X<std::a, b> with its arguments' full names */
		const struct template *tm = ty->rec->tmpl;
		strbuf_adds(&sb, qualify(p, tm->scope, tm->name));
		strbuf_addc(&sb, '<');
		for (int i = 0; i < ty->rec->ntargs; i++)
			strbuf_addf(&sb, "%s%s", i ? ", " : "", cxx_name(p, ty->rec->targs[i]));
		strbuf_addc(&sb, '>');
	} else if (ty->kind == TY_STRUCT && ty->rec->name) {
		struct scope *sc = ty->rec->scope->parent;
		while (sc && sc->is_ns == 2)
			sc = sc->parent; /* a template instance's parameter scope */
		strbuf_adds(&sb, qualify(p, sc, ty->rec->name));
	} else {
		type_str(ty, &sb);
	}
	/* "struct X" inside template arguments: C++ spells it X */
	const char *s = strbuf_cstr(&sb);
	struct strbuf out;
	strbuf_init(&out);
	for (size_t i = 0; s[i];) {
		if (!strncmp(s + i, "struct ", 7) && (i == 0 || s[i - 1] == '<' || s[i - 1] == ' ' || s[i - 1] == ',')) {
			i += 7;
			continue;
		}
		strbuf_addc(&out, s[i++]);
	}
	const char *r = arena_strdup(p->a, strbuf_cstr(&out));
	strbuf_release(&sb);
	strbuf_release(&out);
	return r;
}

static int thrown_id(struct parser *p, struct type *ty)
{
	struct exc_state *e = exc(p);
	int n = 0;
	for (struct plist *l = e->thrown; l; l = l->next, n++) {
		struct exc_type *x = l->item;
		if (type_same(x->ty, ty) && x->ty->is_const == ty->is_const)
			return x->id;
	}
	struct exc_type *x = arena_alloc(p->a, sizeof(*x));
	x->ty = ty;
	x->id = n + 1;
	plist_add(p, &e->thrown, x);
	return x->id;
}

static int in_device_code(struct parser *p)
{
	return p->f.fn && (p->f.space & SPC_DEVICE);
}

/* throw-stmt = "throw" expr? ";" */
struct node *throw_stmt(struct parser *p)
{
	struct token *t = skip(p, TK_THROW);
	if (in_device_code(p))
		error_at(p, t, "cuda-device-exception", "exceptions are not supported in device code ('throw' in '%s')",
			 p->f.fn->name);
	need_globals(p, t);
	mark_exit(p);
	if (p->f.fn)
		p->f.fn->has_throw = 1;
	struct exc_state *e = exc(p);
	struct node *blk = new_node(p, ND_BLOCK, t);
	struct node head = { 0 }, *cur = &head;
	if (consume(p, TK_SEMI)) {
		/* rethrow the exception being handled (none: std::terminate) */
		cur = cur->next = set_var(p, e->pending, new_num(p, 1, ty_int, t), t);
		cur = cur->next = go_to(p, handler_label(p), t);
		blk->body = head.next;
		return blk;
	}
	struct node *x = expr(p);
	skip(p, TK_SEMI);
	struct type *ty = x->ty->kind == TY_ARRAY || x->ty->kind == TY_FUNC ? decay(p, x)->ty : strip_cv(p, x->ty);
	if (ty->kind == TY_VOID) {
		error_node(p, x, "bad-type", "cannot throw a value of type void");
		return blk;
	}
	/* storage of this throw's own: a hidden global of the thrown type */
	char name[48];
	snprintf(name, sizeof(name), "__ws_thrown%d", ++e->ntry);
	struct obj *store = hidden_global(p, arena_strdup(p->a, name), ty, t);
	store->addr_taken = 1;
	store->static_local = 1; /* no object until thrown, none after its handler: not built or destroyed at exit */
	struct node *sv = new_var(p, store, t);
	struct node *init = NULL;
	if (ty->kind == TY_STRUCT && ty->rec->has_ctor) {
		struct node *arg = x;
		struct obj *c = find_ctor(p, ty, arg, 1, t, 1);
		if (c)
			init = call_resolved(p, c, addr_of(p, sv, t), arg, 1, t);
	}
	if (!init && ty->kind == TY_STRUCT) {
		/* the implicit copy constructor, as new (&store) T(x): the storage
		 * holds no object (the last one thrown from here was destroyed by
		 * its handler), so it must not be assigned */
		init = copy_construct_at(p, addr_of(p, new_var(p, store, t), t), ty, x, t);
	}
	if (!init) {
		init = new_binary(p, ND_ASSIGN, sv, conv(p, decay(p, x), ty, "throw"), t);
		init->ty = ty;
	}
	cur = cur->next = stmt_of(p, init, t);
	cur = cur->next = set_var(p, e->object, addr_of(p, new_var(p, store, t), t), t);
	cur = cur->next = set_var(p, e->type, new_num(p, thrown_id(p, ty), ty_int, t), t);
	cur = cur->next = set_var(p, e->name, str_node(p, cxx_name(p, ty), t), t);
	struct node *what = new_num(p, 0, type_ptr(p->a, ty_void), t);
	if (ty->kind == TY_STRUCT) {
		struct sym *s = NULL;
		for (struct record *r = ty->rec; r && !s; r = r->base ? r->base->rec : NULL) {
			s = find_in_scope(r->scope, "what");
			if (s && s->kind != SYM_FUNC)
				s = NULL;
		}
		if (s) {
			struct fref fr = { .s = s, .name = "what", .thisarg = addr_of(p, new_var(p, store, t), t) };
			int q = p->quiet;
			p->quiet++;
			struct obj *f = resolve(p, &fr, NULL, 0, t);
			p->quiet = q;
			if (f && f->ty->base->kind == TY_PTR)
				what = make_call(p, &fr, NULL, 0, t);
		}
	}
	cur = cur->next = set_var(p, e->what, what, t);
	cur = cur->next = set_var(p, e->pending, new_num(p, 1, ty_int, t), t);
	cur = cur->next = go_to(p, handler_label(p), t);
	blk->body = head.next;
	return blk;
}

static struct node *label_at(struct parser *p, const char *name, struct token *t)
{
	struct node *l = new_node(p, ND_LABEL, t);
	l->str = name;
	l->body = new_node(p, ND_BLOCK, t);
	return l;
}

/* try-stmt = "try" compound-stmt ("catch" "(" (param | "...") ")" compound-stmt)+ */
struct node *try_stmt(struct parser *p)
{
	struct token *t = skip(p, TK_TRY);
	if (in_device_code(p))
		error_at(p, t, "cuda-device-exception", "exceptions are not supported in device code ('try' in '%s')",
			 p->f.fn->name);
	need_globals(p, t);
	mark_exit(p);
	struct exc_state *e = exc(p);
	int k = ++e->ntry;
	char buf[48];
	snprintf(buf, sizeof(buf), "__ws_catch%d", k);
	const char *lcatch = arena_strdup(p->a, buf);
	snprintf(buf, sizeof(buf), "__ws_tryend%d", k);
	const char *lend = arena_strdup(p->a, buf);
	const char *outer = handler_label(p);

	struct node *blk = new_node(p, ND_BLOCK, t);
	struct node head = { 0 }, *cur = &head;
	const char *save = p->f.exc_label;
	p->f.exc_label = lcatch;
	if (p->tok->kind != TK_LBRACE)
		fail_at(p, p->tok, "expected '{' after 'try'");
	struct node *body = compound_stmt(p);
	p->f.exc_label = save;
	cur = cur->next = body;
	cur = cur->next = go_to(p, lend, t);
	cur = cur->next = label_at(p, lcatch, t);
	if (p->tok->kind != TK_CATCH)
		error_at(p, p->tok, "syntax", "expected 'catch' after the try block");
	while (p->tok->kind == TK_CATCH) {
		struct token *ct = next(p);
		skip(p, TK_LPAREN);
		push_scope(p);
		struct node *cond;
		struct node *bind = NULL;
		struct exc_catch *hend = arena_alloc(p->a, sizeof(*hend));
		hend->destroy = new_node(p, ND_BLOCK, ct);
		plist_add(p, &e->handlers, hend);
		if (consume(p, TK_ELLIPSIS)) {
			cond = new_num(p, 1, ty_bool, ct);
		} else {
			struct declattr at = { 0 };
			struct type *ty = declspec(p, &at);
			struct dname dn = { 0 };
			ty = declarator_dn(p, ty, &dn, &at);
			struct type *caught = ty->kind == TY_REF ? ty->base : ty;
			caught = strip_cv(p, caught);
			hend->ty = caught;
			struct exc_catch *c = arena_alloc(p->a, sizeof(*c));
			c->ty = caught;
			cond = new_num(p, 0, ty_bool, ct);
			c->cond = cond;
			plist_add(p, &e->catches, c);
			if (dn.name) {
				/* the handler's name refers to the exception object itself */
				struct type *rt = type_ref(p->a, ty->kind == TY_REF ? ty->base : ty);
				struct obj *v = new_local(p, dn.name, rt, dn.tok);
				struct node *vn = new_node(p, ND_VAR, dn.tok);
				vn->var = v;
				vn->ty = type_ptr(p->a, rt->base);
				vn->depth = 1;
				struct node *a = new_binary(p, ND_ASSIGN, vn,
							    new_cast(p, new_var(p, e->object, dn.tok), vn->ty), dn.tok);
				a->ty = vn->ty;
				bind = stmt_of(p, a, dn.tok);
			}
		}
		skip(p, TK_RPAREN);
		struct node *h = new_node(p, ND_BLOCK, ct);
		struct node hh = { 0 }, *hc = &hh;
		hc = hc->next = set_var(p, e->pending, new_num(p, 0, ty_int, ct), ct);
		if (bind)
			hc = hc->next = bind;
		int save_in = p->f.in_handler;
		p->f.in_handler = 1;
		if (p->tok->kind != TK_LBRACE)
			fail_at(p, p->tok, "expected '{' after the catch clause");
		hc = hc->next = compound_stmt(p);
		p->f.in_handler = save_in;
		hc = hc->next = hend->destroy; /* the handler ends: so does the exception object */
		hc = hc->next = go_to(p, lend, ct);
		h->body = hh.next;
		pop_scope(p);
		struct node *iff = new_node(p, ND_IF, ct);
		iff->cond = cond;
		iff->then = h;
		cur = cur->next = iff;
	}
	/* no clause matched: on to the enclosing handler */
	cur = cur->next = go_to(p, outer, t);
	cur = cur->next = label_at(p, lend, t);
	blk->body = head.next;
	return blk;
}

void except_call(struct parser *p, struct node *call)
{
	if (!call || !p->f.fn || p->f.space != SPC_HOST)
		return;
	struct node *c = call;
	if (c->kind == ND_DEREF && c->lhs && c->lhs->kind == ND_CALL)
		c = c->lhs;
	if (c->kind != ND_CALL || !c->func)
		return;
	/* the test is built now (its condition at the end if the program has not
	 * used exceptions yet); lowering emits it only if the callee may throw */
	struct node *iff = new_node(p, ND_IF, call->tok);
	iff->cond = p->exc && p->exc->pending ? to_cond(p, new_var(p, p->exc->pending, call->tok)) : NULL;
	iff->then = go_to(p, handler_label(p), call->tok);
	c->exc_check = iff;
	if (!p->f.exc_label)
		c->exc_exit_fn = p->f.fn;
}

/* Does the tree n call a function that may throw? checked_exit: one of the
 * calls tests for an exception and jumps to self's exception exit. */
static int calls_may_throw(struct parser *p, struct node *n, int depth, struct obj *self, int *checked_exit)
{
	if (!n || depth > 4000)
		return 0;
	int r = 0;
	if (n->kind == ND_CALL && n->exc_check && !n->exc_check->cond)
		n->exc_check->cond = to_cond(p, new_var(p, p->exc->pending, n->tok));
	if (n->kind == ND_CALL && n->func && n->func->may_throw) {
		r = 1;
		if (n->exc_check && n->exc_exit_fn == self)
			*checked_exit = 1;
	}
	int launch = n->kind == ND_LAUNCH; /* cfg shares a union with other kinds' fields */
	struct node *kids[] = { n->lhs, n->rhs, n->cond, n->then, n->els, n->init, n->inc, n->body, n->args,
				launch ? n->cfg[0] : NULL, launch ? n->cfg[1] : NULL,
				launch ? n->cfg[2] : NULL, launch ? n->cfg[3] : NULL };
	for (size_t i = 0; i < sizeof(kids) / sizeof(kids[0]); i++)
		for (struct node *k = kids[i]; k; k = k->next) {
			r |= calls_may_throw(p, k, depth + 1, self, checked_exit);
			if (k == n->lhs || k == n->rhs || k == n->cond || k == n->then || k == n->els ||
			    k == n->init || k == n->inc)
				break; /* single children: their next is not a sibling list */
		}
	return r;
}

static struct obj *builtin_fn(struct parser *p, const char *name, struct type *ret, int nparams, struct token *t)
{
	struct type *fty = type_func(p->a, ret);
	struct param head = { 0 }, *cur = &head;
	for (int i = 0; i < nparams; i++) {
		struct param *q = arena_alloc(p->a, sizeof(*q));
		q->ty = i == 0 ? type_ptr(p->a, type_qual(p->a, ty_char, 1, 0)) : type_ptr(p->a, ty_void);
		q->name = NULL;
		q->tok = t;
		cur = cur->next = q;
	}
	fty->params = head.next;
	struct obj *f = new_obj(p, name, fty, t);
	f->is_func = 1;
	f->space = SPC_HOST;
	f->builtin_id = builtin_lookup(name);
	f->mangled = name;
	return f;
}

/* the exception exit of fn: return at once; main's calls std::terminate */
static void add_exit(struct parser *p, struct obj *fn)
{
	struct exc_state *e = p->exc;
	struct token *t = fn->tok;
	struct node *lab = label_at(p, "__ws_exc_exit", t);
	struct node *blk = lab->body;
	struct node head = { 0 }, *cur = &head;
	struct type *rt = fn->ty->base;
	int is_main = !strcmp(fn->name, "main") && !fn->is_method;
	if (is_main) {
		struct obj *fputs_ = builtin_fn(p, "fputs", ty_int, 2, t);
		struct obj *abort_ = builtin_fn(p, "abort", ty_void, 0, t);
		const char *parts[] = { "terminate called after throwing an instance of '", NULL, "'\n" };
		struct node *named = new_node(p, ND_BLOCK, t);
		struct node nh = { 0 }, *nc = &nh;
		for (int i = 0; i < 3; i++) {
			struct node *a1 = parts[i] ? str_node(p, parts[i], t) : new_var(p, e->name, t);
			a1->next = new_num(p, 2, type_ptr(p->a, ty_void), t);
			nc = nc->next = stmt_of(p, call_resolved(p, fputs_, NULL, a1, 2, t), t);
		}
		named->body = nh.next;
		struct node *a0 = str_node(p, "terminate called without an active exception\n", t);
		a0->next = new_num(p, 2, type_ptr(p->a, ty_void), t);
		struct node *ifn = new_node(p, ND_IF, t);
		ifn->cond = to_cond(p, new_var(p, e->name, t));
		ifn->then = named;
		ifn->els = stmt_of(p, call_resolved(p, fputs_, NULL, a0, 2, t), t);
		cur = cur->next = ifn;
		struct node *w = new_node(p, ND_BLOCK, t);
		struct node wh = { 0 }, *wc = &wh;
		const char *wparts[] = { "  what():  ", NULL, "\n" };
		for (int i = 0; i < 3; i++) {
			struct node *a1 = wparts[i] ? str_node(p, wparts[i], t) : new_var(p, e->what, t);
			a1->next = new_num(p, 2, type_ptr(p->a, ty_void), t);
			wc = wc->next = stmt_of(p, call_resolved(p, fputs_, NULL, a1, 2, t), t);
		}
		w->body = wh.next;
		struct node *iff = new_node(p, ND_IF, t);
		iff->cond = to_cond(p, new_var(p, e->what, t));
		iff->then = w;
		cur = cur->next = iff;
		cur = cur->next = stmt_of(p, call_resolved(p, abort_, NULL, NULL, 0, t), t);
	}
	struct node *ret = new_node(p, ND_RETURN, t);
	if (rt->kind == TY_REF)
		ret->lhs = new_num(p, 0, type_ptr(p->a, rt->base), t);
	else if (type_is_scalar(rt) && rt->kind != TY_NULLPTR)
		ret->lhs = new_cast(p, new_num(p, 0, ty_int, t), rt);
	cur = cur->next = ret;
	blk->body = head.next;
	struct node **pp = &fn->body->body;
	while (*pp)
		pp = &(*pp)->next;
	*pp = lab;
}

void except_finish(struct parser *p)
{
	struct exc_state *e = p->exc;
	if (!e || !e->pending)
		return;
	/* which functions may throw: a fixed point over the call graph */
	for (struct plist *l = e->exits; l; l = l->next) {
		struct obj *fn = l->item;
		if (fn->has_throw)
			fn->may_throw = 1;
	}
	for (int changed = 1, round = 0; changed && round < 1000; round++) {
		changed = 0;
		for (struct obj *fn = p->funcs; fn; fn = fn->next) {
			if (fn->may_throw || !fn->body || !(fn->space & SPC_HOST))
				continue;
			int ce = 0;
			if (calls_may_throw(p, fn->body, 0, fn, &ce)) {
				fn->may_throw = 1;
				changed = 1;
			}
		}
	}
	/* the exception exits: functions with a throw or try, or a tested call */
	for (struct obj *fn = p->funcs; fn; fn = fn->next) {
		if (!fn->body || !(fn->space & SPC_HOST) || fn->has_exc_exit)
			continue;
		int ce = 0;
		calls_may_throw(p, fn->body, 0, fn, &ce);
		if (ce) {
			fn->has_exc_exit = 1;
			plist_add(p, &e->exits, fn);
		}
	}
	for (struct plist *l = e->exits; l; l = l->next) {
		struct obj *fn = l->item;
		if (fn->body)
			add_exit(p, fn);
	}
	/* catch clauses: the ids of the thrown types each one catches */
	for (struct plist *l = e->catches; l; l = l->next) {
		struct exc_catch *c = l->item;
		struct node *chain = NULL;
		for (struct plist *m = e->thrown; m; m = m->next) {
			struct exc_type *x = m->item;
			int match = type_same(x->ty, c->ty) ||
				    (x->ty->kind == TY_STRUCT && c->ty->kind == TY_STRUCT && is_base_of(c->ty->rec, x->ty->rec));
			if (!match)
				continue;
			struct node *cmp = new_binary(p, ND_EQ, new_var(p, e->type, c->cond->tok),
						      new_num(p, x->id, ty_int, c->cond->tok), c->cond->tok);
			cmp->ty = ty_bool;
			if (chain) {
				struct node *o = new_binary(p, ND_LOGOR, chain, cmp, c->cond->tok);
				o->ty = ty_bool;
				chain = o;
			} else {
				chain = cmp;
			}
		}
		if (chain)
			*c->cond = *chain;
	}
	/* the end of each handler: destroy the exception object as the type it
	 * was thrown as (a handler left by `throw;`, return or goto skips this) */
	for (struct plist *l = e->handlers; l; l = l->next) {
		struct exc_catch *c = l->item;
		struct token *t = c->destroy->tok;
		struct node head = { 0 }, *cur = &head;
		for (struct plist *m = e->thrown; m; m = m->next) {
			struct exc_type *x = m->item;
			if (x->ty->kind != TY_STRUCT ||
			    (c->ty && !type_same(x->ty, c->ty) &&
			     !(c->ty->kind == TY_STRUCT && is_base_of(c->ty->rec, x->ty->rec))))
				continue;
			struct node *cmp = new_binary(p, ND_EQ, new_var(p, e->type, t), new_num(p, x->id, ty_int, t), t);
			cmp->ty = ty_bool;
			struct node *obj = new_cast(p, new_var(p, e->object, t), type_ptr(p->a, x->ty));
			struct node *d = new_unary(p, ND_DESTROY, obj, t);
			d->ty = x->ty;
			struct node *iff = new_node(p, ND_IF, t);
			iff->cond = cmp;
			iff->then = stmt_of(p, d, t);
			cur = cur->next = iff;
		}
		c->destroy->body = head.next;
	}
}
