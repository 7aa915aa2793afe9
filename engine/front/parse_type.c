/*
 * parse_type.c - declaration specifiers, declarators and class types: the
 * attributes and CUDA specifiers that may appear among specifiers, the
 * type a declaration names, and structs, unions, classes and enums.
 * Part of the parser; parse_impl.h says what the parts share.
 */
#include "parse_impl.h"

/* ---- attributes that may appear among specifiers ---- */

/* attribute = "__attribute__" "((" balanced "))" | "alignas" "(" ... ")" */
void skip_balanced_parens(struct parser *p)
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
int cuda_spec(struct parser *p, struct declattr *at)
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
	case TK_CLUSTER_DIMS: {
		/* __cluster_dims__(x[, y[, z]]): the kernel's compile-time cluster shape */
		int ok, k = 0;
		next(p);
		skip(p, TK_LPAREN);
		at->cluster[0] = at->cluster[1] = at->cluster[2] = 1;
		while (p->tok->kind != TK_RPAREN && k < 3) {
			struct node *n = assign(p);
			long v = const_int(p, n, &ok);
			if (ok && (v < 1 || v > 1024))
				error_at(p, n->tok, "cluster-dims", "__cluster_dims__ takes positive dimensions (got %ld)", v);
			at->cluster[k++] = ok && v >= 1 && v <= 1024 ? (int)v : 1;
			if (!consume(p, TK_COMMA))
				break;
		}
		skip(p, TK_RPAREN);
		return 1;
	}
	case TK_ALIGN_CUDA: next(p); at->align = paren_const(p); return 1;
	case TK_ALIGNAS: next(p); at->align = paren_const(p); return 1;
	case TK_ATTRIBUTE: next(p); skip_balanced_parens(p); return 1;
	case TK_EXTENSION: next(p); return 1;
	default:
		return 0;
	}
}

/* ---- declaration specifiers ---- */

enum {
	K_VOID = 1 << 0, K_BOOL = 1 << 2, K_CHAR = 1 << 4, K_SHORT = 1 << 6, K_INT = 1 << 8,
	K_LONG = 1 << 10, K_FLOAT = 1 << 12, K_DOUBLE = 1 << 14, K_OTHER = 1 << 16,
	K_SIGNED = 1 << 17, K_UNSIGNED = 1 << 18
};

static struct type *struct_decl(struct parser *p, int is_union);
static int is_empty_rec(struct record *r);
static struct type *enum_decl(struct parser *p);
static struct type *base_clause(struct parser *p);

static struct type auto_marker = { .kind = TY_TPARAM, .size = 4, .align = 4, .tparam_index = -1, .name = "auto" };

int is_auto_marker(struct type *t)
{
	return !t || (t->kind == TY_TPARAM && t->tparam_index == -1);
}

/* GNU spellings that homework uses: __inline__, __inline, __restrict (no effect here) */
static int is_gnu_spelling(struct token *t)
{
	/* by the first bytes first: this is asked of nearly every identifier */
	if (t->kind != TK_IDENT || t->text[0] != '_' || t->text[1] != '_' || (t->text[2] != 'i' && t->text[2] != 'r'))
		return 0;
	return !strcmp(t->text, "__inline__") || !strcmp(t->text, "__inline") || !strcmp(t->text, "__restrict");
}

int is_typename(struct parser *p, struct token *t)
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
struct type *declspec(struct parser *p, struct declattr *at)
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
		case TK_VIRTUAL: next(p); at->is_virtual = 1; continue;
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
					/* X<T>::type in a signature being deduced: a stand-in that
					 * deduction does not look into (a non-deduced context) */
					if (p->deducing && ty->kind == TY_TPARAM) {
						int nested = 0;
						while (p->tok->kind == TK_COLONCOLON && p->tok->next->kind == TK_IDENT) {
							next(p);
							next(p);
							nested = 1;
						}
						if (nested) {
							struct type *ph = type_new(p->a, TY_TPARAM, 4, 4);
							ph->tparam_index = 9;
							ph->name = "<dependent type>";
							ty = ph;
						}
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


/* operator-name = "operator" (op | "(" ")" | "[" "]" | type) */
const char *operator_name(struct parser *p)
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
	if (t->kind == TK_IDENT || t->kind == TK_EOF || t->kind == TK_NUM || is_typename(p, t))
		fail_at(p, t, "conversion operators are only supported inside their class");
	if (t->kind == TK_NEW || t->kind == TK_DELETE) {
		int arr = p->tok->kind == TK_LBRACK && p->tok->next->kind == TK_RBRACK;
		if (arr) {
			next(p);
			next(p);
		}
		if (t->kind == TK_NEW)
			return arr ? "operator new[]" : "operator new";
		return arr ? "operator delete[]" : "operator delete";
	}
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "operator%s", tok_kind_name(t->kind));
	const char *r = arena_strdup(p->a, strbuf_cstr(&sb));
	strbuf_release(&sb);
	return r;
}


/* conversion-type-id = type-specifier+ ("*" cv* | "&" | "&&")*, after "operator" */
struct type *conversion_type(struct parser *p)
{
	struct declattr at = { 0 };
	struct type *ty = declspec(p, &at);
	for (;;) {
		if (consume(p, TK_STAR)) {
			ty = type_ptr(p->a, ty);
			for (;;) {
				if (consume(p, TK_CONST))
					ty = type_qual(p->a, ty, 1, 0);
				else if (consume(p, TK_VOLATILE))
					ty = type_qual(p->a, ty, 0, 1);
				else
					break;
			}
		} else if (p->tok->kind == TK_AMP || p->tok->kind == TK_ANDAND) {
			int rref = next(p)->kind == TK_ANDAND;
			if (ty->kind == TY_REF)
				ty = ty->base;
			ty = type_ref(p->a, ty);
			ty->is_rref = rref;
		} else {
			return ty;
		}
	}
}

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


/* A parameter list parsed quietly by params_parse that the declaration may
 * keep instead of parsing it again: nothing in it was reported or left
 * unreported, and it made no temporary or lambda (named by a counter). */
struct params_trial {
	struct type *fty;          /* NULL: parse the list again */
	struct token *tok, *prev;  /* the parser's position after the ')' */
};

/* Whether the parenthesized list at p->tok parses as function parameters
 * (quietly), the list parsed as the parameters of a function returning ret
 * in *tr when it can be kept (else the tokens are read again afterwards). */
static int params_parse(struct parser *p, struct type *ret, struct params_trial *tr)
{
	struct token *save_tok = p->tok, *save_prev = p->prev;
	struct scope *save_scope = p->scope;
	int saveq = p->quiet, depth = p->depth, ok = 0;
	int qerr = p->quiet_errors;
	size_t ndiag = p->dl->v.len;
	unsigned ntmp = p->tmpcount;
	tr->fty = NULL;
	p->quiet++;
	jmp_buf jb, *save = p->recover;
	p->recover = &jb;
	if (!setjmp(jb)) {
		next(p);
		struct type *fty = func_params(p, ret);
		ok = 1;
		if (p->quiet_errors == qerr && p->dl->v.len == ndiag && p->tmpcount == ntmp &&
		    p->depth == depth && p->scope == save_scope) {
			tr->fty = fty;
			tr->tok = p->tok;
			tr->prev = p->prev;
		}
	}
	p->recover = save;
	p->quiet = saveq;
	p->depth = depth;
	p->scope = save_scope;
	p->tok = save_tok;
	p->prev = save_prev;
	return ok;
}

/* Skip a nested declarator quietly (its type is parsed again once the suffix is known). */
static void probe_declarator(struct parser *p)
{
	struct dname dummy = { 0 };
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
struct type *declarator_dn(struct parser *p, struct type *ty, struct dname *dn, struct declattr *at)
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
			/* T&& is an rvalue reference; references to references
			 * collapse (& wins), as template arguments make them */
			int rref = next(p)->kind == TK_ANDAND;
			if (ty->kind == TY_REF) {
				rref = rref && ty->is_rref;
				ty = ty->base;
			}
			ty = type_ref(p->a, ty);
			ty->is_rref = rref;
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
		struct type *ct = global ? NULL : template_qualifier(p);
		if (ct)
			qual = ct->rec->scope; /* X<T>::member defined outside its class template */
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
			if (p->spec_name_targs && p->tok->kind == TK_LT) {
				/* template<> R f<args>(...): the arguments were read already */
				struct targ ignored[8];
				p->spec_name_targs = 0;
				template_args(p, ignored, 8);
			}
		}
		dn->qual = qual;
	}
	int allow_func = !(p->no_func_suffix && dn->tok && p->tok->kind == TK_LPAREN && !starts_params(p));
	struct params_trial tr = { 0 };
	if (allow_func && p->no_func_suffix && dn->tok && p->tok->kind == TK_LPAREN && !params_parse(p, ty, &tr))
		allow_func = 0; /* T x(U(1), 2): an object whose first argument starts like a type */
	if (tr.fty) {
		ty = tr.fty; /* what type_suffix would make again */
		p->tok = tr.tok;
		p->prev = tr.prev;
	} else {
		ty = type_suffix(p, ty, allow_func);
	}
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
		if (ty->kind == TY_FUNC && p->tok->kind == TK_THROW && p->tok->next->kind == TK_LPAREN) {
			/* a dynamic exception specification, throw(): not checked */
			next(p);
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
struct type *abstract_type(struct parser *p)
{
	struct declattr at = { 0 };
	struct type *ty = declspec(p, &at);
	if (is_auto_marker(ty))
		fail_at(p, p->tok, "'auto' is not allowed here");
	struct dname dn = { 0 };
	return declarator_dn(p, ty, &dn, &at);
}

/* params = "void" ")" | param ("," param)* ("," "...")? ")" | "..." ")" | ")" */
struct type *func_params(struct parser *p, struct type *ret)
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
int is_base_of(struct record *base, struct record *derived)
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
	if (tag && is_ident(p->tok, "final") &&
	    (p->tok->next->kind == TK_COLON || p->tok->next->kind == TK_LBRACE))
		next(p);
	if (p->tok->kind == TK_LT && tag) {
		if (!iname)
			fail_at(p, p->tok, "a class template specialization must follow template<...>");
		/* the pattern of a specialization being instantiated: already matched */
		struct targ ignored[8];
		int q = p->quiet;
		p->quiet++;
		p->deducing++;
		template_args(p, ignored, 8);
		p->deducing--;
		p->quiet = q;
	}
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
	if (rec->has_nsdmi && !rec->has_ctor)
		declare_implicit_ctor(p, rec, p->tok); /* runs the default member initializers */
	virtual_class_done(p, t, p->tok);
	/* layout, in bits so that bit-fields pack as g++ and nvcc pack them:
	 * a bit-field shares the unit of its declared type with the fields
	 * before it unless it would cross that unit's boundary */
	long bitpos = 0;
	long align = 1;
	for (struct member *m = rec->members; ; m = m->next) {
		for (struct bfpad *bp = m ? m->pads : rec->pads; bp; bp = bp->next) {
			long ub = bp->ty->align * 8;
			if (is_union)
				continue;
			if (bp->width == 0 || bitpos % ub + bp->width > bp->ty->size * 8)
				bitpos = (bitpos + ub - 1) / ub * ub;
			bitpos += bp->width;
		}
		if (!m)
			break;
		long a = m->ty->align;
		if (a > align)
			align = a;
		if (m->bits) {
			long ub = a * 8;
			long at0 = is_union ? 0 : bitpos;
			if (at0 % ub + m->bits > m->ty->size * 8)
				at0 = (at0 + ub - 1) / ub * ub;
			m->offset = at0 / ub * a;
			m->bit_off = (int)(at0 - m->offset * 8);
			if (is_union) {
				if ((m->bits + 7) / 8 * 8 > bitpos)
					bitpos = (m->bits + 7) / 8 * 8;
			} else {
				bitpos = at0 + m->bits;
			}
		} else if (is_union) {
			m->offset = 0;
			if (m->ty->size * 8 > bitpos)
				bitpos = m->ty->size * 8;
		} else if (!m->name && m == rec->members && rec->base && is_empty_rec(rec->base->rec)) {
			m->offset = 0; /* an empty base takes no room (as g++ lays it out) */
		} else {
			off = ((bitpos + 7) / 8 + a - 1) / a * a;
			m->offset = off;
			bitpos = (off + m->ty->size) * 8;
		}
	}
	off = (bitpos + 7) / 8;
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

/* A class with no data: no members but an empty base. */
static int is_empty_rec(struct record *r)
{
	for (int depth = 0; r && depth < 64; depth++) {
		struct member *m = r->members;
		if (!m)
			return 1;
		if (m->name || m->next || !r->base)
			return 0;
		r = r->base->rec;
	}
	return 0;
}

void add_member(struct parser *p, struct record *rec, const char *name, struct type *ty, struct token *t)
{
	struct member *m = arena_alloc(p->a, sizeof(*m));
	m->name = name;
	m->ty = ty;
	m->tok = t;
	m->pads = rec->pads;
	rec->pads = NULL;
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
	int scoped = consume(p, TK_CLASS) || consume(p, TK_STRUCT);
	struct token *tag = NULL;
	if (p->tok->kind == TK_IDENT)
		tag = next(p);
	struct type *base = ty_int;
	int fixed = scoped;
	if (consume(p, TK_COLON)) {
		base = abstract_type(p);
		fixed = 1;
	}
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
	t->enum_unsigned = !fixed;
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
		if (val < 0)
			t->enum_unsigned = 0;
		s->val = val++;
		if (!consume(p, TK_COMMA)) {
			skip(p, TK_RBRACE);
			break;
		}
	}
	return t;
}

