/*
 * unit_pretok.c - the built-in headers' build-time token tables
 * (engine/front/pretok.h) against the lexer run on the headers' text now.
 *
 * Fails when a table is out of date with its header or with the lexer (the
 * build regenerates them; this catches a rule that did not), when a header
 * under engine/front/include has no table, or when the comparison itself
 * would miss a difference (a self-test on an altered text).
 */
#define _XOPEN_SOURCE 700 /* nftw */
#include "tap.h"
#include "lex.h"
#include "pretok.h"
#include "builtin.h"

#include <ftw.h>
#include <stdlib.h>
#include <string.h>

enum { FILE_ID = 7 };

static int same_span(struct span a, struct span b)
{
	return a.file == b.file && a.off == b.off && a.len == b.len && a.line == b.line && a.col == b.col;
}

/* 0 when the table f makes exactly the tokens lexing text makes; else the
 * index of the first difference + 1, with *why set */
static size_t compare(const struct pretok_file *f, const char *text, size_t len, const char **why)
{
	struct arena a;
	struct diaglist dl;
	arena_init(&a);
	diaglist_init(&dl);
	struct token *t = lex_text(&a, &dl, text, len, FILE_ID, LEX_NUM_LATER | LEX_BUILTIN);
	size_t bad = 0;
	uint32_t i = 0;
	*why = NULL;
	for (; t && !bad; t = t->next, i++) {
		struct token p;
		memset(&p, 0, sizeof(p));
		if (i >= f->ntok) {
			*why = "the table is shorter";
			bad = i + 1;
			break;
		}
		pretok_token(f, i, FILE_ID, &p);
		union { double d; uint64_t u; } x = { t->fval }, y = { p.fval };
		/* the literal union holds values, bytes or a name's hash by kind */
		int str = t->kind == TK_STR || t->kind == TK_HEADER;
		int name = t->kind == TK_IDENT || t->kind >= TK_AUTO;
		if (p.kind != t->kind)
			*why = "kind";
		else if (!same_span(p.span, t->span) || !same_span(p.origin, t->origin))
			*why = "span";
		else if (p.len != t->len || strcmp(p.text, t->text))
			*why = "spelling";
		else if (p.numty != t->numty || (!str && !name && (p.ival != t->ival || x.u != y.u)))
			*why = "literal value";
		else if (str && (!p.str || p.strlen != t->strlen || memcmp(p.str, t->str, (size_t)t->strlen + 1)))
			*why = "string bytes";
		else if (name && p.hash != pp_hash_name(t->text, t->len))
			*why = "name hash";
		else if (p.at_bol != t->at_bol || p.has_space != t->has_space || p.from_builtin != t->from_builtin ||
			 p.hideset != t->hideset)
			*why = "flags";
		if (*why)
			bad = i + 1;
	}
	if (!bad && i != f->ntok) {
		*why = "the table is longer";
		bad = i + 1;
	}
	if (!bad && dl.v.len) {
		*why = "the text lexes with diagnostics";
		bad = 1;
	}
	if (!bad) {
		struct token *toks = lex_text(&a, NULL, text, len, FILE_ID, LEX_QUIET | LEX_NUM_LATER | LEX_BUILTIN);
		const char *g = pp_detect_guard(toks);
		if ((g == NULL) != (f->guard == NULL) || (g && strcmp(g, f->guard))) {
			*why = "include guard";
			bad = 1;
		}
	}
	diaglist_release(&dl);
	arena_release(&a);
	return bad;
}

static int missing;

static int visit(const char *path, const struct stat *st, int type, struct FTW *ftw)
{
	(void)st;
	if (type != FTW_F)
		return 0;
	const char *base = path + ftw->base;
	size_t bl = strlen(base);
	if (base[0] == '.' || (bl && base[bl - 1] == '~'))
		return 0;
	const char *name = path + strlen("engine/front/include/");
	size_t len;
	if (!pretok_find(name) || !builtin_header(name, &len)) {
		ok(0, "%s has a token table and a text", name);
		missing++;
	}
	return 0;
}

int main(void)
{
	tap_start();

	size_t n = 0;
	for (const struct pretok_file *f; (f = pretok_at(n)); n++) {
		size_t len;
		const char *text = builtin_header(f->name, &len);
		const char *why = NULL;
		size_t bad = text ? compare(f, text, len, &why) : 1;
		ok(text && !bad, "%s: %u tokens as the lexer makes them%s%s (token %zu)", f->name,
		   (unsigned)f->ntok, why ? ": differs in " : "", why ? why : "", bad ? bad - 1 : 0);
		ok(pretok_find(f->name) == f && text && pretok_matches(f, text, len),
		   "pretok_find finds %s, made from the embedded text", f->name);
	}
	ok(n > 100, "%zu built-in headers have token tables", n);
	ok(pretok_find("no-such-header.h") == NULL && pretok_find("") == NULL, "pretok_find: unknown names give NULL");

	/* every file the build embeds has a table (run from the source tree) */
	int rc = nftw("engine/front/include", visit, 16, FTW_PHYS);
	ok(rc == 0 && missing == 0, "every file under engine/front/include has a token table (%d missing)", missing);

	/* the comparison sees a difference: stdio.h's table against altered texts */
	const struct pretok_file *f = pretok_find("stdio.h");
	size_t len;
	const char *text = builtin_header("stdio.h", &len);
	ok(f && text, "stdio.h has a table and a text");
	if (f && text) {
		const char *why = NULL;
		size_t bad;
		char *alt = xmalloc(len + 8);
		memcpy(alt, text, len);
		memcpy(alt + len, "\nint x;", 8);
		bad = compare(f, alt, len + 7, &why);
		ok(bad != 0, "a token added to the text is seen (%s)", why ? why : "-");
		memcpy(alt, text, len);
		char *sp = memchr(alt, '\n', len);
		if (sp)
			*sp = ' '; /* the second line joins the first: lines and at_bol differ */
		bad = compare(f, alt, len, &why);
		ok(bad != 0, "a line joined in the text is seen (%s)", why ? why : "-");
		ok(!pretok_matches(f, alt, len), "the table is not used for another text of the same length");
		ok(!pretok_matches(f, text, len - 1), "nor for a shorter one");
		ok(!pretok_matches(NULL, text, len), "nor without a table");
		free(alt);
	}
	return tap_end();
}
