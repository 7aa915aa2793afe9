/*
 * parse_virtual.c - virtual member functions.
 * Part of the parser; parse_impl.h says what the parts share.
 *
 * Design: no table of function pointers. A polymorphic class gets a hidden
 * int member __vid (in the first polymorphic class of a hierarchy, so a
 * derived object shares its base's), and every constructor of a polymorphic
 * class stores the class's id there after the base and members are built
 * (a class without constructors gets a defaulted one). A call through a
 * pointer or reference to a virtual function C::f calls a dispatcher, a
 * function with f's signature built once the whole translation unit is
 * parsed: it compares this->__vid with the id of every class derived from C
 * and calls that class's final overrider. The same code works in host and
 * device code (the Programming Guide allows virtual calls on objects created
 * in the same space), and the dispatcher is ordinary code that the
 * debugger steps through.
 */
#include "parse_impl.h"

static void plist_push(struct parser *p, struct plist **head, void *item)
{
	struct plist *l = arena_alloc(p->a, sizeof(*l));
	l->item = item;
	l->next = *head;
	*head = l;
}

/* The class type of rec (its injected name). */
static struct type *rec_type(struct record *rec)
{
	for (struct sym *s = rec->scope->syms; s; s = s->next)
		if (s->kind == SYM_TYPE && s->ty->kind == TY_STRUCT && s->ty->rec == rec)
			return s->ty;
	return NULL;
}

/* The record holding the hidden __vid member of rec's hierarchy, or NULL
 * when rec is not polymorphic. */
static struct record *vid_owner(struct record *rec)
{
	for (int i = 0; rec && i < 64; i++) {
		struct sym *s = find_in_scope(rec->scope, "__vid");
		if (s && s->kind == SYM_MEMBER)
			return rec;
		rec = rec->base ? rec->base->rec : NULL;
	}
	return NULL;
}

static int same_signature(struct type *a, struct type *b)
{
	struct param *x = a->params, *y = b->params;
	for (; x && y; x = x->next, y = y->next)
		if (!type_same(x->ty, y->ty))
			return 0;
	return !x && !y && a->is_variadic == b->is_variadic && a->is_method_const == b->is_method_const;
}

/* The method of rec itself named name with fn's signature, or NULL. */
static struct obj *own_method(struct record *rec, const char *name, struct type *fty)
{
	struct sym *s = find_in_scope(rec->scope, name);
	if (!s || s->kind != SYM_FUNC)
		return NULL;
	for (struct obj *o = s->obj; o; o = o->next_overload)
		if (o->is_method && o->rec == rec && same_signature(o->ty, fty))
			return o;
	return NULL;
}

/* The name fn is found by in its class: "~" for every destructor (a derived
 * class's destructor overrides a virtual one of its base). */
static const char *method_key(struct obj *fn)
{
	return fn->is_dtor ? "~" : fn->name;
}

/* A virtual function of a base of rec that fn (declared in rec) overrides. */
static struct obj *overridden(struct record *rec, struct obj *fn)
{
	for (struct record *b = rec->base ? rec->base->rec : NULL; b; b = b->base ? b->base->rec : NULL) {
		struct obj *o = own_method(b, method_key(fn), fn->ty);
		if (o && o->is_virtual)
			return o;
	}
	return NULL;
}

void virtual_method(struct parser *p, struct record *rec, struct obj *fn, int is_virtual, int is_pure,
		    struct token *at)
{
	if (!fn || !fn->is_method || !rec)
		return;
	if (!is_virtual && !overridden(rec, fn)) {
		if (is_pure)
			error_at(p, at, "not-virtual", "only a virtual function can be pure ('= 0')");
		return;
	}
	if (fn->space & SPC_GLOBAL)
		return;
	fn->is_virtual = 1;
	fn->is_pure = is_pure;
	if (!vid_owner(rec)) {
		/* the first polymorphic class of the hierarchy: the hidden member */
		add_member(p, rec, "__vid", ty_int, at);
	}
}

void virtual_class_done(struct parser *p, struct type *t, struct token *at)
{
	struct record *rec = t->rec;
	if (!vid_owner(rec))
		return;
	rec->vid = ++p->nvclasses;
	plist_push(p, &p->vclasses, rec);
	if (!rec->has_ctor)
		declare_implicit_ctor(p, rec, at);
	/* abstract: a pure virtual function of the hierarchy without an overrider */
	for (struct record *b = rec; b && !rec->is_abstract; b = b->base ? b->base->rec : NULL)
		for (struct sym *s = b->scope->syms; s && !rec->is_abstract; s = s->next) {
			if (s->kind != SYM_FUNC)
				continue;
			for (struct obj *o = s->obj; o; o = o->next_overload) {
				if (!o->is_pure || o->rec != b)
					continue;
				int done = 0;
				for (struct record *d = rec; d && d != b; d = d->base ? d->base->rec : NULL) {
					struct obj *ov = own_method(d, o->name, o->ty);
					if (ov && !ov->is_pure) {
						done = 1;
						break;
					}
				}
				if (!done) {
					rec->is_abstract = 1;
					break;
				}
			}
		}
}

/* this->__vid, through a pointer to the record that holds it */
static struct node *vid_lvalue(struct parser *p, struct obj *thisv, struct token *at)
{
	struct record *owner = vid_owner(thisv->ty->base->rec);
	struct type *ot = rec_type(owner);
	struct node *th = new_var(p, thisv, at);
	if (ot && ot->rec != thisv->ty->base->rec)
		th = new_cast(p, th, type_ptr(p->a, ot));
	struct node *d = new_unary(p, ND_DEREF, th, at);
	d->ty = th->ty->base;
	struct sym *s = find_in_scope(owner->scope, "__vid");
	struct node *m = new_unary(p, ND_MEMBER, d, at);
	m->mem = s->mem;
	m->ty = s->mem->ty;
	return m;
}

void virtual_ctor_init(struct parser *p, struct obj *fn, struct obj *thisv, struct node **inits)
{
	if (!fn->is_ctor || !fn->rec || !fn->rec->vid || !thisv || thisv->ty->kind != TY_PTR)
		return;
	struct node *set = new_binary(p, ND_ASSIGN, vid_lvalue(p, thisv, fn->tok),
				      new_num(p, fn->rec->vid, ty_int, fn->tok), fn->tok);
	set->ty = ty_int;
	struct node *st = new_unary(p, ND_EXPR_STMT, set, fn->tok);
	struct node **pp = inits;
	while (*pp)
		pp = &(*pp)->next;
	*pp = st;
}

struct obj *virtual_target(struct parser *p, struct obj *fn)
{
	if (!fn || !fn->is_virtual)
		return fn;
	if (fn->vdisp)
		return fn->vdisp;
	struct obj *d = new_obj(p, fn->name, fn->ty, fn->tok);
	*d = *fn;
	d->next = NULL;
	d->next_overload = NULL;
	d->is_virtual = 0;
	d->is_pure = 0;
	d->vdisp = NULL;
	d->body = NULL;
	d->params = d->locals = NULL;
	d->is_defined = 1;
	d->used = 1;
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s<virtual>", fn->qname);
	d->qname = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	strbuf_init(&sb);
	strbuf_addf(&sb, "%s$virtual", fn->mangled);
	d->mangled = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	fn->vdisp = d;
	plist_push(p, &p->vdisps, d);
	return d;
}

void virtual_check_object(struct parser *p, struct type *ty, struct token *at)
{
	while (ty && ty->kind == TY_ARRAY)
		ty = ty->base;
	if (ty && ty->kind == TY_STRUCT && ty->rec->is_abstract)
		error_at(p, at, "abstract", "cannot declare an object of abstract class '%s' (it has pure virtual functions)",
			 ty->rec->name ? ty->rec->name : "?");
}

/* The final overrider in class k of fn (a method of c, k derived from c). */
static struct obj *final_overrider(struct record *k, struct record *c, struct obj *fn)
{
	for (struct record *r = k; r; r = r->base ? r->base->rec : NULL) {
		struct obj *o = r == c ? fn : own_method(r, method_key(fn), fn->ty);
		if (o && !o->is_pure)
			return o;
		if (r == c)
			break;
	}
	return NULL;
}

/* One case of a dispatcher: call target on this (as a kt *) with the
 * dispatcher's parameters, and return its result. */
static struct node *dispatch_call(struct parser *p, struct obj *d, struct obj *thisv, struct obj *target,
				  struct type *kt, struct token *at)
{
	struct node head = { 0 }, *cur = &head;
	int nargs = 0;
	for (struct obj *v = thisv->next; v; v = v->next) {
		if (!v->is_param)
			break;
		cur = cur->next = new_var(p, v, at);
		nargs++;
	}
	struct node *th = new_var(p, thisv, at);
	if (kt)
		th = new_cast(p, th, type_ptr(p->a, kt));
	struct node *call = call_resolved(p, target, th, head.next, nargs, at);
	struct node *ret = new_node(p, ND_RETURN, at);
	struct type *rt = d->ty->base;
	if (rt->kind == TY_VOID) {
		ret->lhs = call;
		ret->op = 1;
	} else if (rt->kind == TY_REF) {
		ret->lhs = bind_ref(p, call, rt, "return");
	} else {
		ret->lhs = conv(p, call, rt, "return");
	}
	return ret;
}

static void dispatcher_body(struct parser *p, struct obj *d)
{
	struct obj *fn = NULL;
	struct record *c = d->rec;
	struct token *at = d->tok;
	/* the virtual function this dispatches: the one whose vdisp is d */
	struct sym *s = find_in_scope(c->scope, method_key(d));
	for (struct obj *o = s && s->kind == SYM_FUNC ? s->obj : NULL; o; o = o->next_overload)
		if (o->vdisp == d)
			fn = o;
	if (!fn)
		return;
	struct fnstate saved = p->f;
	struct scope *saved_scope = p->scope;
	p->scope = c->scope;
	push_scope(p);
	p->f = (struct fnstate){ 0 };
	p->f.fn = d;
	p->f.locals_tail = &d->locals;
	p->f.space = d->space & SPC_GLOBAL ? SPC_DEVICE : d->space;
	if ((d->space & SPC_HOST) && (d->space & SPC_DEVICE))
		p->f.space = p->device_pass ? SPC_DEVICE : SPC_HOST;
	struct type *ct = rec_type(c);
	if (fn->ty->is_method_const)
		ct = type_qual(p->a, ct, 1, 0);
	struct obj *thisv = new_local(p, "this", type_ptr(p->a, ct), at);
	thisv->is_param = 1;
	int i = 0;
	for (struct param *q = d->ty->params; q; q = q->next, i++) {
		char name[32];
		snprintf(name, sizeof(name), "__arg%d", i);
		struct obj *v = new_local(p, arena_strdup(p->a, name), q->ty, at);
		v->is_param = 1;
	}
	d->params = d->locals;
	struct node *blk = new_node(p, ND_BLOCK, at);
	struct node head = { 0 }, *cur = &head;
	/* most derived classes first (vclasses is newest first) */
	struct plist *cases = NULL;
	for (struct plist *l = p->vclasses; l; l = l->next) {
		struct record *k = l->item;
		if (k != c && !is_base_of(c, k))
			continue;
		if (final_overrider(k, c, fn))
			plist_push(p, &cases, k);
	}
	/* the last case is the fallback: no comparison */
	struct plist *rev = NULL;
	for (struct plist *l = cases; l; l = l->next)
		plist_push(p, &rev, l->item);
	for (struct plist *l = rev; l; l = l->next) {
		struct record *k = l->item;
		struct obj *target = final_overrider(k, c, fn);
		struct type *kt = k == c ? NULL : rec_type(k);
		if (fn->ty->is_method_const && kt)
			kt = type_qual(p->a, kt, 1, 0);
		struct node *ret = dispatch_call(p, d, thisv, target, kt, at);
		if (!l->next) {
			cur = cur->next = ret;
			break;
		}
		struct node *cmp = new_binary(p, ND_EQ, vid_lvalue(p, thisv, at), new_num(p, k->vid, ty_int, at), at);
		cmp->ty = ty_bool;
		struct node *iff = new_node(p, ND_IF, at);
		iff->cond = cmp;
		iff->then = ret;
		cur = cur->next = iff;
	}
	if (!rev && d->ty->base->kind != TY_VOID && d->ty->base->kind != TY_REF) {
		/* no class implements it: nothing can call it */
		struct node *ret = new_node(p, ND_RETURN, at);
		ret->lhs = conv(p, new_num(p, 0, ty_int, at), d->ty->base, "return");
		cur = cur->next = ret;
	}
	blk->body = head.next;
	d->body = blk;
	*p->funcs_tail = d;
	p->funcs_tail = &d->next;
	pop_scope(p);
	p->scope = saved_scope;
	p->f = saved;
}

static void finish_one(struct parser *p, struct obj *d)
{
	jmp_buf jb, *save = p->recover;
	p->recover = &jb;
	if (!setjmp(jb))
		dispatcher_body(p, d);
	p->recover = save;
}

void virtual_finish(struct parser *p)
{
	for (struct plist *l = p->vdisps; l; l = l->next)
		finish_one(p, l->item);
}
