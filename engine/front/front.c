/*
 * front.c - the front-end driver: nvcc's two passes (host and device), the
 * merge of their diagnostics, lowering, and the golden-test dumps.
 */
#include "front.h"
#include "ast.h"
#include "lower.h"
#include "pp.h"
#include "prelude.h"
#include "units.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void compilation_init(struct compilation *c)
{
	memset(c, 0, sizeof(*c));
	arena_init(&c->arena);
	srcmgr_init(&c->sm);
	diaglist_init(&c->diags);
}

void compilation_release(struct compilation *c)
{
	arena_release(&c->arena);
	srcmgr_release(&c->sm);
	diaglist_release(&c->diags);
	c->mod = NULL;
}

struct passes {
	struct token *htok, *dtok;
	struct program *host, *dev;
	struct strbuf *host_pp; /* front_dump: the host pass's tokens, printed before the device pass */
};

static int same_diag(const struct diag *a, const struct diag *b)
{
	return a->level == b->level && a->span.file == b->span.file && a->span.off == b->span.off &&
	       a->span.line == b->span.line && !strcmp(a->msg, b->msg);
}

/* Append the device pass's diagnostics that the host pass did not already report. */
static void merge_diags(struct diaglist *into, struct diaglist *from)
{
	size_t nhost = into->v.len;
	int *map = xmalloc(sizeof(int) * (from->v.len ? from->v.len : 1));
	for (size_t i = 0; i < from->v.len; i++) {
		const struct diag *d = &from->v.v[i];
		map[i] = -1;
		int dup = 0;
		for (size_t k = 0; k < nhost && !dup; k++)
			dup = same_diag(&into->v.v[k], d);
		if (dup)
			continue;
		if (d->level == DIAG_NOTE && d->parent >= 0) {
			if (map[d->parent] >= 0)
				map[i] = diag_note(into, map[d->parent], d->span, "%s", d->msg);
			continue;
		}
		map[i] = diag_add(into, d->level, d->span, d->code, "%s", d->msg);
	}
	if (from->truncated)
		into->truncated = 1;
	free(map);
}

/* Makes the prelude's units this pass reaches (units.h), from its own
 * tokens after the prelude; every unit when it must parse them all. */
static void pass_units(struct pp_shared *sh)
{
	const struct pu_tables *tab = pp_prelude_units(sh);
	if (!tab)
		return;
	uint8_t *kept = xcalloc(tab->nunits, 1);
	int planned = units_plan(tab, pp_prelude_user(sh), kept);
	pp_prelude_expand(sh, planned ? kept : NULL);
	free(kept);
}

static int compile_id(struct compilation *c, uint32_t id, const struct front_opts *o, struct passes *ps)
{
	struct front_opts none = { 0 };
	if (!o)
		o = &none;
	struct pp_opts po = { 0 };
	po.cuda_arch = 0;
	po.cuda_version = o->cuda_version;
	po.include_dirs = o->include_dirs;
	po.defines = o->defines;
	po.implicit_include = "cuda_runtime.h";
	po.policy = o->policy;
	po.shared = pp_shared_new(); /* the device pass reuses the host pass's header tokens */
	/* the prelude's units as stubs, made as a pass reaches them (units.h) */
	po.units = units_fit(units_prebuilt(), pp_prebuilt()) ? units_prebuilt() : NULL;
	ps->htok = pp_run(&c->arena, &c->sm, &c->diags, id, &po);
	struct parse_opts hopt = { 0 };
	pass_units(po.shared);
	ps->host = parse_program(&c->arena, &c->diags, ps->htok, &hopt);
	diag_apply_rules(&c->diags);
	if (ps->host_pp)
		pp_print(ps->htok, ps->host_pp);
	/* from here on htok leads into the device pass's tokens (pp.h, "prelude") */
	ps->htok = NULL;

	struct diaglist dd;
	diaglist_init(&dd);
	po.cuda_arch = o->cuda_arch ? o->cuda_arch : 900;
	ps->dtok = pp_run(&c->arena, &c->sm, &dd, id, &po);
	/* the device pass's own tokens follow the same prelude tokens when it
	 * started from the host pass's prelude (pp.h) */
	if (pp_shared_prelude(po.shared) == 1)
		pass_units(po.shared);
	pp_shared_free(po.shared);
	struct parse_opts dopt = { 1, NULL };
	ps->dev = parse_program(&c->arena, &dd, ps->dtok, &dopt);
	diag_apply_rules(&dd);
	merge_diags(&c->diags, &dd);
	c->diags.ruled = c->diags.v.len;
	diaglist_release(&dd);
	if (c->diags.nerrors)
		return -1;
	c->mod = lower_module(&c->arena, &c->diags, &c->sm, ps->host, ps->dev, !o->no_fmad);
	diag_apply_rules(&c->diags);
	if (c->diags.nerrors) {
		c->mod = NULL;
		return -1;
	}
	return 0;
}

static uint32_t add_file(struct compilation *c, const char *path, const char *text, size_t len)
{
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = 0;
	return srcmgr_add(&c->sm, path, copy, len, 0);
}

static int compile_file(struct compilation *c, const char *path, const struct front_opts *o, struct passes *ps)
{
	size_t len;
	const char *err = NULL;
	const struct pp_read_policy *pol = o ? o->policy : NULL;
	char *text = NULL;
	if (!pol || !pol->may_read || pol->may_read(pol->ctx, path, &err) == 0)
		text = util_read_file(path, &len, &err);
	if (!text) {
		diag_error(&c->diags, (struct span){ 0 }, "io", "cannot read %s: %s", path, err ? err : "error");
		return -1;
	}
	uint32_t id = srcmgr_add(&c->sm, path, text, len, 0);
	return compile_id(c, id, o, ps);
}

int front_compile_file(struct compilation *c, const char *path, const struct front_opts *opts)
{
	struct passes ps = { 0 };
	return compile_file(c, path, opts, &ps);
}

int front_compile_string(struct compilation *c, const char *name, const char *text,
			 const struct front_opts *opts)
{
	struct passes ps = { 0 };
	uint32_t id = add_file(c, name, text, strlen(text));
	return compile_id(c, id, opts, &ps);
}

/* ---- AST dump ---- */

static const char *const node_names[] = {
	"num", "fnum", "str", "var", "funcaddr",
	"add", "sub", "mul", "div", "mod", "bitand", "bitor", "bitxor", "shl", "shr",
	"eq", "ne", "lt", "le", "gt", "ge",
	"ptradd", "ptrsub", "ptrdiff",
	"neg", "not", "bitnot", "logand", "logor", "cond", "comma",
	"assign", "preinc", "predec", "postinc", "postdec",
	"addr", "deref", "member", "call", "cast", "sreg", "launch", "temp", "zero-init", "builtin-op", "nop",
	"construct", "destroy", "new", "delete",
	"block", "expr", "decl", "if", "for", "do", "switch", "case",
	"break", "continue", "goto", "label", "return",
};

static void indent(struct strbuf *sb, int d)
{
	for (int i = 0; i < d && i < 40; i++)
		strbuf_adds(sb, "  ");
}

static void dump_node(struct strbuf *sb, struct node *n, int d);

static void dump_list(struct strbuf *sb, struct node *n, int d)
{
	for (; n; n = n->next)
		dump_node(sb, n, d);
}

static void dump_node(struct strbuf *sb, struct node *n, int d)
{
	if (!n)
		return;
	indent(sb, d);
	if (d > 200) {
		strbuf_adds(sb, "...\n");
		return;
	}
	strbuf_addf(sb, "(%s", (size_t)n->kind < WS_ARRAY_LEN(node_names) ? node_names[n->kind] : "?");
	switch (n->kind) {
	case ND_NUM: strbuf_addf(sb, " %lld", (long long)n->ival); break;
	case ND_FNUM: strbuf_addf(sb, " %g", n->fval); break;
	case ND_VAR: case ND_DECL: case ND_TEMP:
		strbuf_addf(sb, " %s", n->var && n->var->name ? n->var->name : "?");
		break;
	case ND_MEMBER: strbuf_addf(sb, " .%s", n->mem && n->mem->name ? n->mem->name : "?"); break;
	case ND_CALL: case ND_LAUNCH: case ND_FUNCADDR:
		strbuf_addf(sb, " %s", n->func ? n->func->mangled : "<indirect>");
		break;
	case ND_SREG: case ND_PREINC: case ND_PREDEC: case ND_POSTINC: case ND_POSTDEC:
		strbuf_addf(sb, " %lld", (long long)n->ival);
		break;
	case ND_STR: {
		strbuf_adds(sb, " \"");
		for (long i = 0; i + 1 < n->strlen && i < 40; i++) {
			unsigned char ch = (unsigned char)n->str[i];
			if (ch >= 32 && ch < 127 && ch != '"' && ch != '\\')
				strbuf_addc(sb, (char)ch);
			else
				strbuf_addf(sb, "\\x%02x", ch);
		}
		strbuf_adds(sb, "\"");
		break;
	}
	case ND_GOTO: case ND_LABEL: strbuf_addf(sb, " %s", n->str ? n->str : "?"); break;
	case ND_CASE:
		if (n->op)
			strbuf_adds(sb, " default");
		else
			strbuf_addf(sb, " %lld", (long long)n->case_lo);
		break;
	case ND_ASSIGN:
		if (n->op)
			strbuf_addf(sb, " %s=", node_names[n->op]);
		break;
	default:
		break;
	}
	if (n->kind < ND_BLOCK && n->ty) {
		strbuf_adds(sb, " : ");
		type_str(n->ty, sb);
	}
	strbuf_addc(sb, '\n');
	struct node *kids[] = { n->cond, n->init, n->lhs, n->rhs, n->then, n->els, n->inc, n->body };
	if (n->kind == ND_FOR) {
		dump_node(sb, n->init, d + 1);
		dump_node(sb, n->cond, d + 1);
		dump_node(sb, n->inc, d + 1);
		dump_node(sb, n->then, d + 1);
	} else if (n->kind == ND_BLOCK) {
		dump_list(sb, n->body, d + 1);
	} else {
		for (size_t i = 0; i < WS_ARRAY_LEN(kids); i++)
			if (kids[i] && !(n->kind == ND_ASSIGN && kids[i] == n->init))
				dump_node(sb, kids[i], d + 1);
		for (int i = 0; i < 4 && n->kind == ND_LAUNCH; i++)
			dump_node(sb, n->cfg[i], d + 1);
		dump_list(sb, n->args, d + 1);
	}
	indent(sb, d);
	strbuf_adds(sb, ")\n");
}

static int user_file(struct compilation *c, struct token *t)
{
	const struct srcfile *f = t ? srcmgr_file(&c->sm, t->span.file) : NULL;
	return f && !f->builtin;
}

static void dump_program(struct compilation *c, struct program *p, int device, struct strbuf *sb)
{
	if (!p)
		return;
	for (struct obj *v = p->globals; v; v = v->next) {
		if (!user_file(c, v->tok) || ((v->ms != MS_NONE) != device))
			continue;
		strbuf_addf(sb, "var %s : ", v->qname);
		type_str(v->ty, sb);
		if (v->ms != MS_NONE)
			strbuf_addf(sb, " ms=%d", (int)v->ms);
		strbuf_addc(sb, '\n');
	}
	for (struct obj *fn = p->funcs; fn; fn = fn->next) {
		if (!user_file(c, fn->tok))
			continue;
		int want = device ? (fn->space & (SPC_DEVICE | SPC_GLOBAL)) != 0 : (fn->space & SPC_HOST) != 0;
		if (!want)
			continue;
		strbuf_addf(sb, "func %s [%s%s%s] : ", fn->mangled, fn->space & SPC_HOST ? "h" : "",
			    fn->space & SPC_DEVICE ? "d" : "", fn->space & SPC_GLOBAL ? "g" : "");
		type_str(fn->ty, sb);
		strbuf_addc(sb, '\n');
		dump_node(sb, fn->body, 1);
	}
}

static void render_diags(struct compilation *c, struct strbuf *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	if (!f)
		return;
	diag_render(&c->diags, &c->sm, f, 0);
	fclose(f);
	strbuf_add(out, buf, len);
	free(buf);
}

int front_dump(const char *path, enum front_stage stage, const struct front_opts *opts,
	       struct strbuf *out)
{
	struct compilation c;
	compilation_init(&c);
	struct passes ps = { 0 };
	if (stage == STAGE_PP_HOST)
		ps.host_pp = out;
	int rc = compile_file(&c, path, opts, &ps);
	switch (stage) {
	case STAGE_PP_HOST:
		break;
	case STAGE_PP_DEVICE:
		if (ps.dtok)
			pp_print(ps.dtok, out);
		break;
	case STAGE_AST:
		strbuf_adds(out, "== host ==\n");
		dump_program(&c, ps.host, 0, out);
		strbuf_adds(out, "== device ==\n");
		dump_program(&c, ps.dev, 1, out);
		break;
	case STAGE_IR:
		if (c.mod)
			ir_print(c.mod, out);
		else
			render_diags(&c, out);
		break;
	case STAGE_DIAGS:
		render_diags(&c, out);
		break;
	}
	compilation_release(&c);
	return rc;
}
