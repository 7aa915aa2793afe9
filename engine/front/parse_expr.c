/*
 * parse_expr.c - expressions, from primary to comma, each function named
 * after its grammar rule.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"

static struct node *cast_expr(struct parser *p);
static struct node *unary(struct parser *p);

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
struct node *string_lit(struct parser *p)
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
	struct node *lt = p->lambda ? lambda_this(p, t) : NULL;
	if (lt)
		return lt; /* in a lambda's body: the enclosing object's this, captured */
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

/*
 * f<args> named without a call, as in (void *)k<int> or &f<float>: the one
 * instance of a function template that the explicit arguments (and the
 * defaults) determine completely ([temp.arg.explicit]), also as the argument
 * of a call. Sets n->func; leaves it NULL when no template, or more than
 * one, fits.
 */
void funcref_instance(struct parser *p, struct node *n, struct fref *fr)
{
	struct obj *found = NULL;
	int count = 0;
	for (struct template *t = fr->s->tmpl; t; t = t->next) {
		struct targ ta[8];
		if (t->is_class || fr->ntargs > t->nparams || !deduce(p, t, fr, NULL, 0, ta))
			continue;
		struct obj *f = instantiate_func(p, t, ta, t->nparams, n->tok);
		if (f && f != found) {
			found = f;
			count++;
		}
	}
	if (count != 1)
		return;
	fr->single = found;
	n->func = found;
	n->ty = found->ty;
}

/* Resolve a reference to an overloaded function without a call: &f, f as a pointer. */
struct node *funcref_value(struct parser *p, struct node *n)
{
	if (n->kind != ND_FUNCADDR || !n->aux)
		return n;
	struct fref *fr = n->aux;
	if (!n->func && fr->explicit_targs && fr->s && !fr->thisarg)
		funcref_instance(p, n, fr);
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
static struct scope *enclosing_namespace(struct record *rec);

/*
 * f(args) where ordinary lookup finds no f: argument-dependent lookup, the
 * functions named f in the namespaces of the arguments' classes, as
 * begin(v) finds std::begin for a std::vector ([basic.lookup.argdep]).
 * The call, or NULL (p->tok unchanged) when no such function exists.
 */
static void args_quietly(struct parser *p, int *nargs, struct node **out)
{
	jmp_buf jb, *sr = p->recover;
	int depth = p->depth;
	p->recover = &jb;
	p->quiet++;
	*out = NULL;
	if (!setjmp(jb))
		*out = call_args(p, nargs);
	p->quiet--;
	p->depth = depth;
	p->recover = sr;
}

static struct node *adl_call(struct parser *p, struct token *name)
{
	struct token *save = p->tok;
	int nargs;
	struct node *args;
	int nogt = p->no_gt;
	args_quietly(p, &nargs, &args);
	p->no_gt = nogt;
	p->tok = save;
	struct sym *found = NULL;
	for (struct node *a = args; a && !found; a = a->next) {
		struct type *ty = a->ty;
		if (ty && ty->kind == TY_REF)
			ty = ty->base;
		if (!ty || ty->kind != TY_STRUCT)
			continue;
		struct sym *s = find_in_scope(enclosing_namespace(ty->rec), name->text);
		if (s && (s->kind == SYM_FUNC || (s->kind == SYM_TEMPLATE && !s->tmpl->is_class)))
			found = s;
	}
	if (!found)
		return NULL;
	args = call_args(p, &nargs);
	struct fref fr = { .s = found, .name = found->name };
	return make_call(p, &fr, args, nargs, name);
}

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

/* The type a simple-type-specifier keyword names on its own (`unsigned` is
 * unsigned int, `long` long int), for functional casts such as double(x). */
static struct type *simple_type_keyword(enum tok_kind k)
{
	switch (k) {
	case TK_CHAR_KW: return ty_char;
	case TK_SHORT: return ty_short;
	case TK_LONG: return ty_long;
	case TK_UNSIGNED: return ty_uint;
	case TK_FLOAT: return ty_float;
	case TK_DOUBLE: return ty_double;
	case TK_BOOL: return ty_bool;
	default: return ty_int;
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
		return lambda_expr(p);
	case TK_THROW:
		fail_at(p, t, "'throw' inside an expression is not supported (write it as a statement)");
	case TK_TRY:
		fail_at(p, t, "expected an expression before 'try'");
	case TK_TYPEID: case TK_DYNAMIC_CAST:
		fail_at(p, t, "RTTI ('%s') is not supported", t->text);
	case TK_CHAR_KW: case TK_SHORT: case TK_INT: case TK_LONG: case TK_UNSIGNED:
	case TK_SIGNED: case TK_FLOAT: case TK_DOUBLE: case TK_BOOL: {
		/* functional cast with a simple type: double(x), unsigned(n), int() */
		struct type *ty = simple_type_keyword(t->kind);
		if (t->next && (t->next->kind == TK_LPAREN || t->next->kind == TK_LBRACE)) {
			next(p);
			return functional_cast(p, ty, t);
		}
		break;
	}
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
			if (!opname && name_tok == t && p->tok->kind == TK_LPAREN) {
				struct node *c = adl_call(p, name_tok);
				if (c)
					return c;
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
		case SYM_VAR: {
			struct node *c = p->lambda ? lambda_capture(p, s->obj, name_tok) : NULL;
			return c ? c : new_var(p, s->obj, name_tok);
		}
		case SYM_ENUMC:
			return new_num(p, s->val, s->ty, name_tok);
		case SYM_BVAR:
			return builtin_var(p, name_tok, (int)s->val);
		case SYM_MEMBER: {
			struct node *own = p->lambda ? lambda_member(p, s, name_tok) : NULL;
			if (own)
				return own; /* a lambda's capture */
			struct node *th = this_ptr(p, name_tok);
			struct node *d = new_unary(p, ND_DEREF, th, name_tok);
			d->ty = th->ty->kind == TY_PTR ? th->ty->base : ty_int;
			if (d->ty->kind != TY_STRUCT)
				return new_num(p, 0, ty_int, name_tok);
			for (struct anon_path *ap = s->via; ap; ap = ap->next) {
				struct node *am = new_unary(p, ND_MEMBER, d, name_tok);
				am->mem = ap->m;
				am->ty = ap->m->ty;
				d = am;
			}
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
			if (s->tmpl && p->tok->kind == TK_LT) {
				/* the template's own name inside it, with arguments: X<U>(v) */
				struct targ args[8];
				int n = template_args(p, args, 8);
				struct type *ty = instantiate_class(p, s->tmpl, args, n, name_tok);
				if (p->tok->kind == TK_LPAREN || p->tok->kind == TK_LBRACE)
					return functional_cast(p, ty, name_tok);
				if (p->tok->kind == TK_COLONCOLON && ty->kind == TY_STRUCT)
					return class_member_ref(p, ty);
				fail_at(p, name_tok, "unexpected type name");
			}
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
			struct fref fr = { .s = s, .name = s->name, .nonvirtual = name_tok != t };
			if (p->tok->kind == TK_LT && s->tmpl) {
				fr.ntargs = template_args(p, fr.targs, 8);
				fr.explicit_targs = 1;
			}
			/* a method named without an object inside a member function: this->f */
			if (((s->obj && s->obj->is_method) || (!s->obj && s->tmpl && s->tmpl->scope && s->tmpl->scope->rec)) &&
			    lookup(p, "this"))
				fr.thisarg = this_ptr(p, name_tok); /* also a member function template */
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

/*
 * Some editors format a launch as `k << <grid, block >> > (args)`. nvcc
 * accepts it, so when a function name is followed by "<<" "<", the two
 * tokens become one "<<<", and the first ">>" ">" at bracket depth 0 after
 * it one ">>>".
 */
static void join_tokens(struct token *a, enum tok_kind kind, const char *text)
{
	struct token *b = a->next;
	a->kind = kind;
	a->text = text;
	a->span.len = b->span.off + b->span.len - a->span.off;
	a->next = b->next;
}

/* Returns 1 when the tokens were joined. */
static int join_spaced_launch(struct parser *p)
{
	struct token *t = p->tok;
	if (t->kind != TK_SHL || !t->next || t->next->kind != TK_LT)
		return 0;
	int depth = 0;
	for (struct token *u = t->next->next; u && u->kind != TK_EOF; u = u->next) {
		switch (u->kind) {
		case TK_LPAREN: case TK_LBRACK: case TK_LBRACE:
			depth++;
			break;
		case TK_RPAREN: case TK_RBRACK: case TK_RBRACE:
			if (--depth < 0)
				return 0;
			break;
		case TK_SEMI:
			return 0;
		case TK_LAUNCH_CLOSE:
			if (depth == 0) {
				join_tokens(t, TK_LAUNCH_OPEN, "<<<");
				return 1;
			}
			break;
		case TK_SHR:
			if (depth == 0 && u->next && u->next->kind == TK_GT) {
				join_tokens(t, TK_LAUNCH_OPEN, "<<<");
				join_tokens(u, TK_LAUNCH_CLOSE, ">>>");
				return 1;
			}
			break;
		default:
			break;
		}
	}
	return 0;
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
	struct type *cty = callee->ty->kind == TY_PTR ? callee->ty->base : callee->ty;
	if ((callee->kind != ND_FUNCADDR || !callee->aux) && cty->kind == TY_FUNC && cty->base->kind == TY_VOID &&
	    !fn_is_device(p)) {
		/* through a function pointer (void (*kernel)(...) = &k1; kernel<<<g, b>>>(...)):
		 * the runtime checks that it points to a kernel */
		struct node *call = call_indirect(p, callee, args, nargs, callee->tok);
		n->lhs = call->lhs;
		n->args = call->args;
		n->nargs = call->nargs;
		n->depth = call->depth + 1;
		return n;
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
		if (t->kind == TK_SHL && n->kind == ND_FUNCADDR && n->aux && join_spaced_launch(p))
			t = p->tok;
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
				if (!s || (s->kind != SYM_FUNC && !(s->kind == SYM_TEMPLATE && !s->tmpl->is_class))) {
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
				/* x->m on a class object: x.operator->(), again while that
				 * gives an object (smart pointers, iterators) */
				for (int i = 0; n->ty->kind == TY_STRUCT && i < 32; i++) {
					struct node *o = try_operator(p, "operator->", n, NULL, t);
					if (!o)
						break;
					n = o;
				}
				if (n->ty->kind == TY_STRUCT) {
					error_at(p, t, "bad-member", "'->' on a struct without operator-> (did you mean '.'?)");
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
			if (p->tok->kind == TK_TILDE) {
				/* an explicit destructor call: obj.~T() (a no-op for scalars) */
				struct token *tl = next(p);
				skip(p, TK_IDENT);
				if (p->tok->kind == TK_LT) {
					int depth = 0;
					do {
						if (p->tok->kind == TK_LT)
							depth++;
						else if (p->tok->kind == TK_GT)
							depth--;
						next(p);
					} while (depth > 0 && p->tok->kind != TK_EOF);
				}
				skip(p, TK_LPAREN);
				skip(p, TK_RPAREN);
				struct node *d = new_unary(p, ND_DESTROY, addr_of(p, n, tl), tl);
				d->ty = n->ty;
				n = new_unary(p, ND_CAST, d, tl);
				n->ty = ty_void;
				continue;
			}
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
			n = as_lvalue(p, n);
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
	int qualified = 0;
	if (p->tok->kind == TK_COLONCOLON && p->tok->next->kind == TK_IDENT) {
		/* x.Base::f(): Base's member, called without virtual dispatch */
		struct sym *q = lookup(p, name->text);
		if (q && q->kind == SYM_TYPE && q->ty->kind == TY_STRUCT &&
		    (q->ty->rec == rec || is_base_of(q->ty->rec, rec))) {
			next(p);
			name = next(p);
			rec = q->ty->rec;
			qualified = 1;
		}
	}
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
		for (struct anon_path *ap = s->via; ap; ap = ap->next) {
			struct node *am = new_unary(p, ND_MEMBER, lhs, at);
			am->mem = ap->m;
			am->ty = type_qual(p->a, ap->m->ty, lhs->ty->is_const, lhs->ty->is_volatile);
			am->span = lhs->span;
			lhs = am;
		}
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
		struct fref fr = { .s = s, .name = name->text, .nonvirtual = qualified };
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
/* The namespace a class was declared in (past template-parameter scopes
 * and enclosing classes), where argument-dependent lookup looks. */
static struct scope *enclosing_namespace(struct record *rec)
{
	struct scope *sc = rec->tmpl ? ((const struct template *)rec->tmpl)->scope : rec->scope->parent;
	for (; sc && sc->parent; sc = sc->parent)
		if (sc->is_ns)
			return sc;
	return sc;
}

/*
 * An overloaded operator: the member candidates of the left operand's class
 * and the non-member ones found by name compete together, and the better
 * conversion sequence wins ([over.match.oper]); a member wins a tie. So
 * `cout << "text"` takes operator<<(ostream &, const char *) rather than the
 * member operator<<(bool) through a pointer conversion.
 */
static struct node *try_operator(struct parser *p, const char *op, struct node *l, struct node *r, struct token *at)
{
	int nargs = r ? 2 : 1;
	struct obj *mfn = NULL, *fn = NULL;
	int msc = -1, nsc = -1;
	int q = p->quiet;
	p->quiet = 1;
	if (r)
		r->next = NULL;
	if (l->ty->kind == TY_STRUCT) {
		struct sym *s = find_in_scope(l->ty->rec->scope, op);
		if (s && (s->kind == SYM_FUNC || (s->kind == SYM_TEMPLATE && !s->tmpl->is_class))) {
			struct fref fr = { .s = s, .name = op };
			l->next = NULL;
			mfn = resolve(p, &fr, r, nargs - 1, at);
			if (mfn)
				msc = cand_score(p, mfn, r, nargs - 1);
		}
	}
	/* the non-members: found by ordinary lookup and in the namespaces of
	 * the operands' classes (argument-dependent lookup) */
	struct sym *sets[3] = { lookup(p, op), NULL, NULL };
	if (r && r->ty->kind == TY_STRUCT)
		sets[1] = find_in_scope(enclosing_namespace(r->ty->rec), op);
	if (l->ty->kind == TY_STRUCT)
		sets[2] = find_in_scope(enclosing_namespace(l->ty->rec), op);
	for (int i = 0; i < 3; i++) {
		struct sym *s = sets[i];
		if (!s || (s->kind != SYM_FUNC && s->kind != SYM_TEMPLATE) || (i > 0 && s == sets[0]) ||
		    (i == 2 && s == sets[1]))
			continue;
		struct fref fr = { .s = s, .name = op };
		l->next = r;
		struct obj *f = resolve(p, &fr, l, nargs, at);
		int sc = f ? cand_score(p, f, l, nargs) : -1;
		if (f && sc >= 0 && (!fn || sc < nsc)) {
			fn = f;
			nsc = sc;
		}
	}
	p->quiet = q;
	if (mfn && (!fn || (msc >= 0 && msc <= nsc))) {
		l->next = NULL;
		check_call_space(p, mfn, at, 0);
		return call_resolved(p, mfn, addr_of(p, l, at), r, nargs - 1, at);
	}
	if (fn) {
		l->next = r;
		check_call_space(p, fn, at, 0);
		return call_resolved(p, fn, NULL, l, nargs, at);
	}
	l->next = NULL;
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

/* "(" type ")": a cast or sizeof's operand. `(double(x) + 1)` and `(T{a})`
 * start with a type too, but are functional casts inside parentheses: a
 * type name followed by "(" is a declarator only when "*", "&" or ")" comes
 * next, as in `(int (*)[4])`. */
static int is_type_in_parens(struct parser *p)
{
	struct token *t = p->tok->next;
	if (p->tok->kind != TK_LPAREN || !is_typename(p, t))
		return 0;
	struct token *u = t->next;
	if (t->kind == TK_IDENT && u && u->kind == TK_COLONCOLON)
		return 1;
	if (u && u->kind == TK_LBRACE)
		return 0;
	if (u && u->kind == TK_LPAREN && u->next && u->next->kind != TK_STAR && u->next->kind != TK_AMP &&
	    u->next->kind != TK_RPAREN && u->next->kind != TK_ANDAND)
		return 0;
	return 1;
}

/*
 * unary = ("+" | "-" | "!" | "~" | "*" | "&" | "++" | "--") cast
 *       | "sizeof" (unary | "(" type ")") | "alignof" "(" type ")"
 *       | ("static_cast" | "reinterpret_cast" | "const_cast") "<" type ">" "(" expr ")"
 *       | postfix
 */
/* A class's own operator new / operator delete (static members), or NULL. */
static struct obj *class_alloc_fn(struct parser *p, struct type *ty, const char *name)
{
	if (ty->kind != TY_STRUCT || !ty->rec->scope)
		return NULL;
	struct sym *s = find_in_scope(ty->rec->scope, name);
	if (!s || s->kind != SYM_FUNC)
		return NULL;
	check_call_space(p, s->obj, p->prev, 0);
	return s->obj;
}

/*
 * new-expr = "new" ("(" expr ")")? type ("[" expr "]")* ("(" args ")" | "{" args "}")?
 * An ND_NEW: lowering allocates (the class's operator new, else the heap of
 * the code's side; placement: rhs), stores the address in the hidden pointer
 * var, then runs init (a constructor call or a store through var), or copies
 * cond there (op & 4: the implicit copy constructor) or, for arrays of lhs
 * elements, the default constructor of each (op & 2: value-initialized,
 * zeroed first).
 */
static struct node *new_expr(struct parser *p, struct token *t)
{
	struct node *place = NULL;
	if (p->tok->kind == TK_LPAREN && !is_typename(p, p->tok->next)) {
		next(p);
		place = decay(p, expr(p));
		skip(p, TK_RPAREN);
		if (!type_is_ptr(place->ty))
			error_node(p, place, "type-mismatch", "placement new needs a pointer");
	}
	int paren = consume(p, TK_LPAREN);
	struct declattr at = { 0 };
	struct type *ty = declspec(p, &at);
	while (p->tok->kind == TK_STAR) {
		next(p);
		ty = type_ptr(p->a, ty);
		while (consume(p, TK_CONST) || consume(p, TK_VOLATILE))
			;
	}
	if (paren)
		skip(p, TK_RPAREN);
	struct node *count = NULL;
	if (!paren && p->tok->kind == TK_LBRACK) {
		struct token *lb = next(p);
		count = new_cast(p, conditional(p), ty_ulong);
		skip(p, TK_RBRACK);
		/* further dimensions are constant: elements of array type */
		long dims[8];
		int nd = 0;
		while (p->tok->kind == TK_LBRACK && nd < 8) {
			next(p);
			int ok;
			dims[nd++] = const_int(p, conditional(p), &ok);
			if (!ok)
				error_at(p, lb, "array-size", "array size is not a constant expression");
			skip(p, TK_RBRACK);
		}
		while (nd-- > 0)
			ty = type_array(p->a, ty, dims[nd]);
	}
	if (ty->kind == TY_VOID || ty->kind == TY_FUNC || ty->kind == TY_REF)
		error_at(p, t, "bad-new", "cannot allocate an object of type '%s' with new", type_name(p->a, ty));
	if (ty->kind == TY_STRUCT && !ty->rec->complete)
		error_at(p, t, "incomplete-type", "'new' of incomplete type '%s'", type_name(p->a, ty));
	struct node *n = new_node(p, ND_NEW, t);
	n->ty = type_ptr(p->a, ty->kind == TY_ARRAY && !count ? ty->base : ty);
	n->lhs = count;
	n->rhs = place;
	n->var = new_temp(p, n->ty, t);
	n->var->addr_taken = 0;
	n->func = class_alloc_fn(p, ty, count ? "operator new[]" : "operator new");
	if (!n->func && count)
		n->func = class_alloc_fn(p, ty, "operator new");
	if (count)
		n->op |= 1;
	int has_args = p->tok->kind == TK_LPAREN || p->tok->kind == TK_LBRACE;
	if (has_args && count) {
		int nargs;
		struct token *lb = p->tok;
		struct node *args = p->tok->kind == TK_LPAREN ? call_args(p, &nargs) : brace_args(p, &nargs);
		if (nargs && !type_is_scalar(ty)) {
			error_at(p, lb, "unsupported", "initial values for the elements of 'new T[n]' of class type are not supported");
		} else if (nargs) {
			/* new T[n]{a, b, ...}: these first, the rest zero */
			struct node head = { 0 }, *cur = &head;
			for (struct node *a = args, *na; a; a = na) {
				na = a->next;
				a->next = NULL;
				cur = cur->next = conv(p, decay(p, a), ty, "initialization");
			}
			n->args = head.next;
			n->nargs = nargs;
			int ok;
			long c = const_int(p, count, &ok);
			if (ok && c < nargs)
				error_at(p, lb, "too-many-init", "too many initializers for 'new %s[%ld]'", type_name(p->a, ty), c);
		}
		n->op |= 2;
	}
	if (count) {
		/* each element is default-constructed: T needs a default constructor */
		struct type *et = ty;
		while (et->kind == TY_ARRAY)
			et = et->base;
		if (et->kind == TY_STRUCT && et->rec->has_ctor)
			find_ctor(p, et, NULL, 0, t, 0);
	} else if (!count && ty->kind == TY_STRUCT && ty->rec->has_ctor) {
		int nargs = 0;
		struct node *args = NULL;
		if (has_args)
			args = p->tok->kind == TK_LPAREN ? call_args(p, &nargs) : brace_args(p, &nargs);
		struct obj *c = NULL;
		if (nargs == 1 && !ty->rec->copy_ctor && args->ty->kind == TY_STRUCT &&
		    (args->ty->rec == ty->rec || is_base_of(ty->rec, args->ty->rec))) {
			int q = p->quiet;
			p->quiet = 1;
			c = find_ctor(p, ty, args, nargs, t, 1);
			p->quiet = q;
			if (!c) {
				/* new T(x) with x a T: the implicit copy constructor */
				n->cond = conv(p, args, ty, "initialization");
				n->op |= 4;
			}
		}
		if (!(n->op & 4))
			c = find_ctor(p, ty, args, nargs, t, 0);
		if (c) {
			check_call_space(p, c, t, 0);
			n->init = call_resolved(p, c, new_var(p, n->var, t), args, nargs, t);
		}
	} else if (has_args && !count) {
		int nargs;
		int brace = p->tok->kind == TK_LBRACE;
		struct node *args = brace ? brace_args(p, &nargs) : call_args(p, &nargs);
		struct node *obj = new_unary(p, ND_DEREF, new_var(p, n->var, t), t);
		obj->ty = ty;
		if (ty->kind == TY_STRUCT) {
			n->op |= 2;
			if (nargs)
				n->init = assign_to(p, obj, nargs == 1 && args->ty->kind == TY_STRUCT ? args : aggregate_temp(p, ty, args, t), t);
		} else if (nargs == 0) {
			n->init = assign_to(p, obj, new_num(p, 0, ty_int, t), t);
		} else {
			if (nargs > 1)
				error_at(p, t, "arg-count", "too many initializers in 'new'");
			n->init = assign_to(p, obj, args, t);
		}
	}
	n->depth = 2 + (n->init ? n->init->depth : 0);
	return n;
}

/* delete-expr = "delete" ("[" "]")? cast */
static struct node *delete_expr(struct parser *p, struct token *t)
{
	int arr = 0;
	if (p->tok->kind == TK_LBRACK && p->tok->next->kind == TK_RBRACK) {
		next(p);
		next(p);
		arr = 1;
	}
	struct node *e = decay(p, cast_expr(p));
	struct node *n = new_node(p, ND_DELETE, t);
	n->lhs = e;
	n->ty = ty_void;
	n->op = arr;
	n->depth = e->depth + 1;
	if (e->ty->kind != TY_PTR) {
		error_node(p, e, "type-mismatch", "'delete' needs a pointer, not '%s'", type_name(p->a, e->ty));
		return n;
	}
	struct type *ty = e->ty->base;
	if (ty->kind == TY_STRUCT && !ty->rec->complete)
		diag_warning(p->dl, e->span, "delete-incomplete",
			     "deleting a pointer to incomplete type '%s': no destructor runs", type_name(p->a, ty));
	n->func = class_alloc_fn(p, ty, arr ? "operator delete[]" : "operator delete");
	if (!n->func && arr)
		n->func = class_alloc_fn(p, ty, "operator delete");
	if (!arr && ty->kind == TY_STRUCT && ty->rec->dtor && ty->rec->dtor->is_virtual)
		n->var = virtual_target(p, ty->rec->dtor); /* the dynamic type's destructor */
	return n;
}

/* __is_trivially_copyable(T): no user-provided copy or move constructor,
 * copy assignment or destructor and no virtual functions, in the class,
 * its base and its members (what cuda::memcpy_async requires). */
static int trivially_copyable(const struct type *t, int depth)
{
	while (t->kind == TY_ARRAY)
		t = t->base;
	if (t->kind != TY_STRUCT)
		return t->kind != TY_REF && t->kind != TY_VOID && t->kind != TY_FUNC;
	const struct record *r = t->rec;
	if (depth > 64)
		return 1;
	if (r->dtor || r->copy_ctor || r->copy_assign || r->move_ctor || r->vid)
		return 0;
	if (r->base && !trivially_copyable(r->base, depth + 1))
		return 0;
	for (const struct member *m = r->members; m; m = m->next)
		if (!trivially_copyable(m->ty, depth + 1))
			return 0;
	return 1;
}

static struct node *unary(struct parser *p)
{
	struct token *t = p->tok;
	enter(p, t);
	struct node *r;
	if (t->kind == TK_IDENT && t->next->kind == TK_LPAREN && !strcmp(t->text, "__is_trivially_copyable")) {
		next(p);
		skip(p, TK_LPAREN);
		struct type *ty = abstract_type(p);
		skip(p, TK_RPAREN);
		r = new_num(p, trivially_copyable(ty, 0), ty_bool, t);
		leave(p);
		return r;
	}
	switch (t->kind) {
	case TK_NEW:
		next(p);
		r = new_expr(p, t);
		break;
	case TK_DELETE:
		next(p);
		r = delete_expr(p, t);
		break;
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
		if (e->ty->kind == TY_STRUCT)
			e = to_cond(p, e); /* explicit operator bool() */
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
		e = as_lvalue(p, e);
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
			r->xvalue = ty->is_rref;
			break;
		}
		e = decay(p, explicit_conv(p, e, ty));
		if (ty->kind == TY_STRUCT) {
			r = conv(p, e, ty, "cast");
			break;
		}
		if (ty->kind != TY_VOID && conv_fn_of(e->ty))
			e = apply_conv_fn(p, e);
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
		if (ty->kind == TY_REF && is_lvalue(e) && e->kind != ND_SREG) {
			/* (T &)x names x as a T: *(T *)&x */
			struct node *c = new_cast(p, addr_of(p, e, t), type_ptr(p->a, ty->base));
			struct node *d = new_unary(p, ND_DEREF, c, t);
			d->ty = ty->base;
			d->xvalue = ty->is_rref;
			return d;
		}
		e = decay(p, explicit_conv(p, funcref_value(p, e), ty));
		if (ty->kind == TY_STRUCT)
			return conv(p, e, ty, "cast");
		if (ty->kind != TY_VOID && conv_fn_of(e->ty))
			e = apply_conv_fn(p, e);
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
		/* the built-in operator on what a conversion function gives */
		struct obj *lf = conv_function(p, l->ty, NULL, 0), *rf = conv_function(p, r->ty, NULL, 0);
		if ((l->ty->kind != TY_STRUCT || lf) && (r->ty->kind != TY_STRUCT || rf))
			return binary_op(p, k, lf ? call_conv_function(p, l, lf) : l,
					 rf ? call_conv_function(p, r, rf) : r, t);
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

/* The level of a binary operator token (0 = mul ... 7 = bitor), -1 for others. */
static int binop_level(enum tok_kind k)
{
	switch (k) {
	case TK_STAR: case TK_SLASH: case TK_PERCENT: return 0;
	case TK_PLUS: case TK_MINUS: return 1;
	case TK_SHL: case TK_SHR: return 2;
	case TK_LT: case TK_LE: case TK_GT: case TK_GE: return 3;
	case TK_EQEQ: case TK_NE: return 4;
	case TK_AMP: return 5;
	case TK_CARET: return 6;
	case TK_PIPE: return 7;
	default: return -1;
	}
}

static enum node_kind binop_kind(enum tok_kind k)
{
	switch (k) {
	case TK_STAR: return ND_MUL;
	case TK_SLASH: return ND_DIV;
	case TK_PERCENT: return ND_MOD;
	case TK_PLUS: return ND_ADD;
	case TK_MINUS: return ND_SUB;
	case TK_SHL: return ND_SHL;
	case TK_SHR: return ND_SHR;
	case TK_LT: return ND_LT;
	case TK_LE: return ND_LE;
	case TK_GT: return ND_GT;
	case TK_GE: return ND_GE;
	case TK_EQEQ: return ND_EQ;
	case TK_NE: return ND_NE;
	case TK_AMP: return ND_BITAND;
	case TK_CARET: return ND_BITXOR;
	case TK_PIPE: return ND_BITOR;
	default: return ND_NOP;
	}
}

/*
 * binary(level) = binary(level-1) (op(level) binary(level-1))*
 * levels: mul < add < shift < relational < equality < bitand < bitxor < bitor
 * (inside template arguments '>' and '>>' end the expression). Parsed by
 * precedence climbing: one call per operand instead of one per level (the
 * same trees, built in the same order; a tenth of start-up went to
 * descending through the eight levels for every operand).
 */
static struct node *binary(struct parser *p, int level)
{
	struct node *n = cast_expr(p);
	for (;;) {
		struct token *t = p->tok;
		if (p->no_gt && (t->kind == TK_GT || t->kind == TK_SHR || t->kind == TK_GE))
			return n;
		int lv = binop_level(t->kind);
		if (lv < 0 || lv > level)
			return n;
		next(p);
		struct node *r = lv > 0 ? binary(p, lv - 1) : cast_expr(p);
		n = binary_op(p, binop_kind(t->kind), n, r, t);
	}
}

struct node *to_cond(struct parser *p, struct node *n)
{
	n = decay(p, funcref_value(p, n));
	if (conv_fn_of(n->ty))
		n = apply_conv_fn(p, n);
	if (n->ty->kind == TY_STRUCT) {
		struct obj *fn = conv_function(p, n->ty, ty_bool, 1);
		if (fn)
			return to_cond(p, call_conv_function(p, n, fn));
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
struct node *conditional(struct parser *p)
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
	if (a->ty->kind != TY_VOID && a->ty->kind != TY_STRUCT && type_same(a->ty, b->ty) &&
	    a->ty->is_const == b->ty->is_const && is_lvalue(a) && is_lvalue(b)) {
		n->ty = a->ty; /* an lvalue: is_lvalue says so, as_lvalue and addr_of use it */
	} else if (a->ty->kind == TY_ENUM && type_same(a->ty, b->ty)) {
		n->ty = a->ty; /* two enumerators of one enum: that enum, not int */
	} else if (type_is_arith(a->ty) && type_is_arith(b->ty)) {
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
struct node *assign_to(struct parser *p, struct node *l, struct node *r, struct token *t)
{
	if (l->ty->kind == TY_STRUCT) {
		struct sym *s = find_in_scope(l->ty->rec->scope, "operator=");
		if (s && s->kind == SYM_FUNC) {
			struct node *o = try_operator(p, "operator=", l, r, t);
			if (o)
				return o;
		}
	}
	l = as_lvalue(p, l);
	check_assignable(p, l, t);
	struct node *n = new_binary(p, ND_ASSIGN, l, conv(p, decay(p, funcref_value(p, r)), l->ty, "assignment"), t);
	n->ty = l->ty;
	n->span = l->span;
	return n;
}

/* assign = conditional (assign-op assign)? */
struct node *assign(struct parser *p)
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
		n = as_lvalue(p, n);
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
struct node *expr(struct parser *p)
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

