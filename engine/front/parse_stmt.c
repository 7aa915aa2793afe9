/*
 * parse_stmt.c - statements.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"
#include "lex.h"

static struct node *stmt(struct parser *p);

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
		/* Cls<args>::f(...): a static member function called (exception.h's throw_it) */
		if (end && end->kind == TK_COLONCOLON && end->next->kind == TK_IDENT &&
		    end->next->next->kind == TK_LPAREN && s->kind == SYM_TEMPLATE)
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

int is_pragma(struct token *t)
{
	return t->kind == TK_IDENT && !strcmp(t->text, "__ws_pragma_unroll");
}

void skip_pragma(struct parser *p)
{
	struct token *t = next(p);
	/* the pragma's operands stay on its line */
	while (p->tok->kind != TK_EOF && !p->tok->at_bol && p->tok->span.line == t->span.line)
		next(p);
}

/* compound-stmt = "{" (declaration | stmt)* "}" */
struct node *compound_stmt(struct parser *p)
{
	struct token *t = skip(p, TK_LBRACE);
	enter(p, t);
	struct node *n = new_node(p, ND_BLOCK, t);
	push_scope(p);
	struct node head, *cur = &head; /* only head.next is read: no 304-byte memset */
	head.next = NULL;
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
	if (p->tok->kind == TK_RBRACE)
		n->end_tok = p->tok;
	consume(p, TK_RBRACE);
	pop_scope(p);
	n->body = head.next;
	struct token *last = p->tok;
	(void)last;
	leave(p);
	return n;
}


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
 * Range-based for. `for (DECL : RANGE) BODY` is rewritten, as the standard
 * defines it ([stmt.ranged]), into
 *
 *   { auto &&__r = RANGE; auto __b = BEGIN, __e = END;
 *     for (; __b != __e; ++__b) { DECL = *__b; BODY } }
 *
 * where BEGIN/END are `__r + 0` and `__r + N` for an array of N elements and
 * `__r.begin()` / `__r.end()` for a class. The rewrite is done on tokens
 * (each spliced token carries the span of the original `for`, so errors
 * point at the loop), then parsed as ordinary declarations and expressions.
 */

/* The ':' of a range-based for whose '(' is at p->tok, or NULL. */
static struct token *range_for_colon(struct parser *p, struct token **rparen)
{
	int depth = 0;
	struct token *colon = NULL;
	for (struct token *u = p->tok; u && u->kind != TK_EOF; u = u->next) {
		switch (u->kind) {
		case TK_LPAREN: case TK_LBRACK: case TK_LBRACE:
			depth++;
			break;
		case TK_RPAREN: case TK_RBRACK: case TK_RBRACE:
			if (--depth == 0) {
				*rparen = u;
				return colon;
			}
			if (depth < 0)
				return NULL;
			break;
		case TK_SEMI:
			if (depth == 1)
				return NULL;
			break;
		case TK_COLON:
			if (depth == 1 && !colon)
				colon = u;
			break;
		default:
			break;
		}
	}
	return NULL;
}

/* Put the tokens of `text`, then copies of [from, to), before p->tok. */
static void splice_tokens(struct parser *p, struct token *at, const char *text,
			  struct token *from, struct token *to, const char *tail)
{
	struct token head = { 0 }, *t = &head;
	const char *parts[2] = { text, tail };
	for (int i = 0; i < 2; i++) {
		if (i == 1)
			for (struct token *u = from; u && u != to && u->kind != TK_EOF; u = u->next) {
				t->next = arena_alloc(p->a, sizeof(*u));
				*t->next = *u;
				t = t->next;
			}
		if (!parts[i] || !*parts[i])
			continue;
		for (struct token *u = lex_text(p->a, p->dl, parts[i], strlen(parts[i]), 0, LEX_QUIET);
		     u && u->kind != TK_EOF; u = u->next) {
			u->span = at->span;
			u->origin = at->origin;
			t->next = u;
			t = u;
		}
	}
	t->next = p->tok;
	p->tok = head.next;
}

/*
 * Structured bindings. `auto Q [a, b] = INIT;` (Q: const, &, &&) becomes
 *
 *   auto Q __ws_bindN = INIT; auto &a = __ws_bindN.m1; auto &b = __ws_bindN.m2;
 *
 * for a class with those data members (its own, in order), or with [0], [1]
 * for an array: each name refers to a member of the hidden object, as
 * [dcl.struct.bind] says.
 */

/* p->tok starts "auto Q [ ident (, ident)* ]": the '[', or NULL */
static struct token *binding_bracket(struct token *t)
{
	while (t->kind == TK_CONST || t->kind == TK_VOLATILE || t->kind == TK_STATIC)
		t = t->next;
	if (t->kind != TK_AUTO)
		return NULL;
	for (t = t->next; t->kind == TK_CONST || t->kind == TK_VOLATILE || t->kind == TK_AMP || t->kind == TK_ANDAND;)
		t = t->next;
	if (t->kind != TK_LBRACK || t->next->kind != TK_IDENT)
		return NULL;
	return t;
}

int is_structured_binding(struct parser *p)
{
	return binding_bracket(p->tok) != NULL;
}

struct node *structured_binding(struct parser *p)
{
	struct token *t = p->tok;
	struct token *lb = binding_bracket(t);
	int id = p->range_for_count++;
	char text[256];
	struct token *names[16];
	int n = 0;
	p->tok = lb->next;
	do {
		struct token *nt = skip(p, TK_IDENT);
		if (n >= 16)
			fail_at(p, nt, "too many names in a structured binding (at most 16)");
		names[n++] = nt;
	} while (consume(p, TK_COMMA));
	skip(p, TK_RBRACK);
	if (p->tok->kind != TK_ASSIGN && p->tok->kind != TK_LPAREN && p->tok->kind != TK_LBRACE)
		fail_at(p, p->tok, "expected an initializer for the structured binding");
	/* by reference: auto Q __ws_bindrefN = INIT; by value:
	 * const auto &__ws_bindrefN = INIT; then, for a class,
	 * auto Q __ws_bindN = __ws_bindrefN; (an array bound by value is not
	 * copied: its elements are bound read-only where they are, NEEDSWORK) */
	int byref = 0;
	for (struct token *q = t; q != lb; q = q->next)
		if (q->kind == TK_AMP || q->kind == TK_ANDAND)
			byref = 1;
	snprintf(text, sizeof(text), " __ws_bindref%d", id);
	if (byref)
		splice_tokens(p, t, "", t, lb, text);
	else
		splice_tokens(p, t, "const auto &", NULL, NULL, text);
	struct node *head = declaration(p, CTX_LOCAL), *tail = head;
	while (tail && tail->next)
		tail = tail->next;
	char hname[32];
	snprintf(hname, sizeof(hname), "__ws_bindref%d", id);
	struct sym *hs = lookup(p, hname);
	struct type *ht = hs && hs->obj ? hs->obj->ty : NULL;
	if (ht && ht->kind == TY_REF)
		ht = ht->base;
	char bname[32];
	snprintf(bname, sizeof(bname), "__ws_bindref%d", id);
	if (ht && ht->kind == TY_STRUCT && !byref) {
		snprintf(text, sizeof(text), " __ws_bind%d = __ws_bindref%d;", id, id);
		splice_tokens(p, t, "", t, lb, text);
		struct node *d = declaration(p, CTX_LOCAL);
		if (tail)
			tail->next = d;
		else
			head = d;
		for (tail = head; tail && tail->next;)
			tail = tail->next;
		snprintf(bname, sizeof(bname), "__ws_bind%d", id);
	}
	struct member *mems[16];
	int nm = 0;
	if (ht && ht->kind == TY_STRUCT) {
		for (struct member *m = ht->rec->members; m && nm < 17; m = m->next)
			if (m->name && strcmp(m->name, "__vid")) {
				if (nm == 16) {
					nm++;
					break;
				}
				mems[nm++] = m;
			}
	} else if (ht && ht->kind == TY_ARRAY && ht->array_len >= 0) {
		nm = ht->array_len > 16 ? 17 : (int)ht->array_len;
	} else {
		error_at(p, lb, "bad-binding", "a structured binding needs a class or an array (here '%s')",
			 ht ? type_name(p->a, strip_cv(p, ht)) : "?");
		return head;
	}
	if (nm != n) {
		error_at(p, lb, "bad-binding", "the structured binding has %d names but '%s' has %d elements", n,
			 type_name(p->a, strip_cv(p, ht)), nm);
		return head;
	}
	for (int i = 0; i < n; i++) {
		if (ht->kind == TY_STRUCT)
			snprintf(text, sizeof(text), "auto &%s = %s.%s;", names[i]->text, bname, mems[i]->name);
		else
			snprintf(text, sizeof(text), "auto &%s = %s[%d];", names[i]->text, bname, i);
		splice_tokens(p, names[i], text, NULL, NULL, NULL);
		struct node *d = declaration(p, CTX_LOCAL);
		if (!d)
			continue;
		if (tail)
			tail->next = d;
		else
			head = d;
		tail = d;
		while (tail->next)
			tail = tail->next;
	}
	return head;
}

static struct node *range_for(struct parser *p, struct token *t, struct token *colon, struct token *rparen)
{
	int id = p->range_for_count++;
	char text[256];
	struct token *decl = p->tok;
	struct node *outer = new_node(p, ND_BLOCK, t);
	push_scope(p);
	/* the header's tokens are read from copies; what follows is the body */
	p->tok = rparen->next;
	/* auto &&__r = RANGE; */
	snprintf(text, sizeof(text), "auto &&__ws_range%d = ", id);
	splice_tokens(p, t, text, colon->next, rparen, ";");
	struct node *d1 = declaration(p, CTX_LOCAL);
	char rname[32];
	snprintf(rname, sizeof(rname), "__ws_range%d", id);
	struct sym *rs = lookup(p, rname);
	struct type *rt = rs && rs->obj ? rs->obj->ty : NULL;
	if (rt && rt->kind == TY_REF)
		rt = rt->base;
	if (!rt || (rt->kind != TY_ARRAY && rt->kind != TY_STRUCT) || (rt->kind == TY_ARRAY && rt->array_len < 0)) {
		error_at(p, colon, "range-for", "the range of a range-based for must be an array of known size or have begin() and end()");
		snprintf(text, sizeof(text), "int *__ws_it%d = 0, *__ws_end%d = 0;", id, id);
	} else if (rt->kind == TY_ARRAY) {
		snprintf(text, sizeof(text), "auto __ws_it%d = __ws_range%d + 0, __ws_end%d = __ws_range%d + %ld;",
			 id, id, id, id, rt->array_len);
	} else {
		snprintf(text, sizeof(text), "auto __ws_it%d = __ws_range%d.begin(), __ws_end%d = __ws_range%d.end();",
			 id, id, id, id);
	}
	splice_tokens(p, t, text, NULL, NULL, NULL);
	struct node *d2 = declaration(p, CTX_LOCAL);
	struct node *n = new_node(p, ND_FOR, t);
	snprintf(text, sizeof(text), "__ws_it%d != __ws_end%d;", id, id);
	splice_tokens(p, t, text, NULL, NULL, NULL);
	n->cond = to_cond(p, expr(p));
	skip(p, TK_SEMI);
	snprintf(text, sizeof(text), "++__ws_it%d;", id);
	splice_tokens(p, t, text, NULL, NULL, NULL);
	n->inc = expr(p);
	skip(p, TK_SEMI);
	/* { DECL = *__it; BODY } */
	push_scope(p);
	snprintf(text, sizeof(text), " = *__ws_it%d;", id);
	splice_tokens(p, t, "", decl, colon, text);
	struct node *d3 = declaration(p, CTX_LOCAL);
	p->f.in_loop++;
	struct node *sw = p->f.cur_switch;
	struct node *body = sub_stmt(p);
	p->f.cur_switch = sw;
	p->f.in_loop--;
	pop_scope(p);
	struct node *b3 = new_node(p, ND_BLOCK, t);
	b3->body = d3;
	struct node *blk = new_node(p, ND_BLOCK, t);
	b3->next = body;
	blk->body = b3;
	n->then = blk;
	pop_scope(p);
	struct node *b1 = new_node(p, ND_BLOCK, t), *b2 = new_node(p, ND_BLOCK, t);
	b1->body = d1;
	b2->body = d2;
	b1->next = b2;
	b2->next = n;
	outer->body = b1;
	return outer;
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
		if (is_auto_marker(rt)) /* a lambda's return type: deduced from the first return */
			rt = p->f.fn->ty->base = p->tok->kind == TK_SEMI ? ty_void : NULL;
		if (p->tok->kind != TK_SEMI) {
			struct node *e = expr(p);
			if (!rt)
				rt = p->f.fn->ty->base = strip_cv(p, decay(p, funcref_value(p, e))->ty);
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
		struct token *rparen = NULL, *colon = range_for_colon(p, &rparen);
		skip(p, TK_LPAREN);
		if (colon) {
			n = range_for(p, t, colon, rparen);
			break;
		}
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
	case TK_TRY:
		n = try_stmt(p);
		break;
	case TK_THROW:
		n = throw_stmt(p);
		break;
	case TK_ASM:
		n = asm_stmt(p); /* parse_asm.c: inline PTX, translated */
		break;
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

