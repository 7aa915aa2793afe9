/*
 * pretok-headers.c - tokenise the built-in headers at build time
 * (engine/front/pretok.h says what the table holds and why).
 *
 * usage: pretok-headers OUTPUT INCLUDE_DIR NAME...
 *   NAME: a header's path relative to INCLUDE_DIR ("stdio.h", "cuda/barrier");
 *   names starting with '.' or ending in '~' are skipped, as
 *   tools/embed-headers.sh skips them.
 *
 * Built from this tree's lexer and preprocessor objects (lex_text and the
 * include-guard detection), so the table is what the run-time lexer would
 * make. Exits 1, writing nothing, when a header cannot be read, lexing it
 * gives a diagnostic, or a value does not fit its field.
 */
#include "lex.h"
#include "pretok.h"
#include "builtin.h"
#include "prelude.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* pp.o asks for these; the generator runs before the tables exist */
const char *builtin_header(const char *name, size_t *len)
{
	(void)name;
	if (len)
		*len = 0;
	return NULL;
}

const struct pretok_file *pretok_find(const char *name)
{
	(void)name;
	return NULL;
}

const char pretok_pool[] = "";

const struct pb_prelude *pp_prebuilt(void)
{
	return NULL;
}

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "pretok-headers: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
	exit(1);
}

/* --- the pool: byte strings, each NUL-terminated, equal ones shared --- */

static struct strbuf pool;
struct slot {
	uint32_t off, len;
};
static struct slot *slots;
static size_t nslots, nused;

static size_t hash_bytes(const char *s, size_t n)
{
	size_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

static uint32_t pool_add(const char *s, size_t n);

static void pool_grow(void)
{
	size_t old = nslots;
	struct slot *o = slots;
	nslots = nslots ? nslots * 2 : 4096;
	slots = xcalloc(nslots, sizeof(*slots));
	nused = 0;
	for (size_t i = 0; i < old; i++)
		if (o[i].off) {
			size_t h = hash_bytes(pool.buf + o[i].off, o[i].len) & (nslots - 1);
			while (slots[h].off)
				h = (h + 1) & (nslots - 1);
			slots[h] = o[i];
			nused++;
		}
	free(o);
}

static uint32_t pool_add(const char *s, size_t n)
{
	if (pool.len == 0)
		strbuf_addc(&pool, 0); /* offset 0: the empty string, and "no entry" in slots */
	if (n == 0)
		return 0;
	if (2 * (nused + 1) > nslots)
		pool_grow();
	size_t h = hash_bytes(s, n) & (nslots - 1);
	for (; slots[h].off; h = (h + 1) & (nslots - 1))
		if (slots[h].len == n && !memcmp(pool.buf + slots[h].off, s, n))
			return slots[h].off;
	if (pool.len + n + 1 > UINT32_MAX)
		die("the pool of spellings is over 4 GiB", NULL);
	uint32_t off = (uint32_t)pool.len;
	strbuf_add(&pool, s, n);
	strbuf_addc(&pool, 0);
	slots[h].off = off;
	slots[h].len = (uint32_t)n;
	nused++;
	return off;
}

/* --- one header --- */

struct hdr {
	char *name;
	struct strbuf toks, lits; /* the C initialisers */
	size_t ntok;
	const char *guard;
	uint64_t text_len, text_hash;
};

static int cmp_hdr(const void *a, const void *b)
{
	return strcmp(((const struct hdr *)a)->name, ((const struct hdr *)b)->name);
}

static void check_name(const char *s)
{
	for (const char *p = s; *p; p++)
		if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		      *p == '_' || *p == '.' || *p == '/' || *p == '-' || *p == '+'))
			die("unsupported character in a header name or guard", s);
}

static void fit(uint64_t v, uint64_t max, const char *what)
{
	if (v > max)
		die("a value does not fit its field", what);
}

static void do_header(struct hdr *h, const char *dir)
{
	struct strbuf path;
	strbuf_init(&path);
	strbuf_adds(&path, dir);
	strbuf_addc(&path, '/');
	strbuf_adds(&path, h->name);
	size_t len;
	const char *err = NULL;
	char *text = util_read_file(strbuf_cstr(&path), &len, &err);
	if (!text)
		die("cannot read", strbuf_cstr(&path));
	struct arena a;
	struct diaglist dl;
	arena_init(&a);
	diaglist_init(&dl);
	h->text_len = len;
	h->text_hash = pretok_text_hash(text, len);
	struct token *toks = lex_text(&a, &dl, text, len, 1, LEX_NUM_LATER | LEX_BUILTIN);
	if (dl.v.len)
		die("lexing gives diagnostics (built-in headers must lex cleanly)", h->name);
	const char *g = pp_detect_guard(toks);
	if (g) {
		check_name(g);
		h->guard = xstrdup(g);
	}
	strbuf_init(&h->toks);
	strbuf_init(&h->lits);
	strbuf_adds(&h->lits, "{0,0,0,0},");
	size_t nlit = 1;
	for (struct token *t = toks; t; t = t->next) {
		uint32_t lit = 0;
		if (t->kind == TK_NUM || t->kind == TK_CHAR || t->kind == TK_STR || t->kind == TK_HEADER) {
			/* the token's literal union holds values or bytes, by kind */
			int is_str = t->kind == TK_STR || t->kind == TK_HEADER;
			union { double d; uint64_t u; } fb = { is_str ? 0 : t->fval };
			uint32_t str = 0, slen = 0;
			if (is_str) {
				str = pool_add(t->str, t->strlen);
				fit(t->strlen, UINT32_MAX, "string length");
				slen = t->strlen;
			}
			fit(nlit, UINT32_MAX, "literal index");
			lit = (uint32_t)nlit++;
			strbuf_addf(&h->lits, "{%lluu,%lluu,%lu,%lu},", is_str ? 0ull : (unsigned long long)t->ival,
				    (unsigned long long)fb.u, (unsigned long)str, (unsigned long)slen);
			if (nlit % 4 == 0)
				strbuf_addc(&h->lits, '\n');
		}
		if (t->kind == TK_IDENT || t->kind >= TK_AUTO)
			lit = pp_hash_name(t->text, t->len);
		fit(t->span.col, UINT16_MAX, "column");
		fit(t->span.len, UINT16_MAX, "span length");
		fit(t->len, UINT16_MAX, "spelling length");
		fit((uint64_t)t->numty, 15, "number type");
		if (t->span.file != 1 || t->hideset || t->origin.file || !t->from_builtin)
			die("lex_text made an unexpected token", h->name);
		if (strlen(t->text) != t->len)
			die("a spelling holds a NUL byte", h->name);
		uint32_t text_off = pool_add(t->text, t->len);
		unsigned flags = (t->at_bol ? PRETOK_BOL : 0) | (t->has_space ? PRETOK_SPACE : 0) |
				 ((unsigned)t->numty << 4);
		strbuf_addf(&h->toks, "{%lu,%lu,%lu,%lu,%u,%u,%u,%u,%u},\n", (unsigned long)t->span.off,
			    (unsigned long)t->span.line, (unsigned long)text_off, (unsigned long)lit,
			    (unsigned)t->span.col, (unsigned)t->span.len, (unsigned)t->len, (unsigned)t->kind, flags);
		h->ntok++;
		if (t->kind == TK_EOF && t->next)
			die("a TK_EOF before the end", h->name);
	}
	diaglist_release(&dl);
	arena_release(&a);
	free(text);
	strbuf_release(&path);
}

static int same_file(const char *a, const char *b)
{
	size_t la, lb;
	const char *err;
	char *ta = util_read_file(a, &la, &err), *tb = util_read_file(b, &lb, &err);
	int same = ta && tb && la == lb && !memcmp(ta, tb, la);
	free(ta);
	free(tb);
	return same;
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: pretok-headers OUTPUT INCLUDE_DIR NAME...\n");
		return 2;
	}
	const char *out = argv[1], *dir = argv[2];
	struct hdr *h = xcalloc((size_t)argc, sizeof(*h));
	size_t n = 0;
	strbuf_init(&pool);
	for (int i = 3; i < argc; i++) {
		const char *name = argv[i];
		const char *base = strrchr(name, '/');
		base = base ? base + 1 : name;
		size_t bl = strlen(base);
		if (base[0] == '.' || (bl && base[bl - 1] == '~'))
			continue;
		check_name(name);
		h[n].name = xstrdup(name);
		do_header(&h[n], dir);
		n++;
	}
	qsort(h, n, sizeof(*h), cmp_hdr);
	for (size_t i = 1; i < n; i++)
		if (!strcmp(h[i].name, h[i - 1].name))
			die("a header named twice", h[i].name);

	struct strbuf tmp;
	strbuf_init(&tmp);
	strbuf_adds(&tmp, out);
	strbuf_adds(&tmp, ".tmp");
	FILE *f = fopen(strbuf_cstr(&tmp), "w");
	if (!f)
		die("cannot write", strbuf_cstr(&tmp));
	fprintf(f, "/* Generated by tools/pretok-headers.c from the built-in headers and this tree's lexer; do not edit. */\n");
	fprintf(f, "#include \"pretok.h\"\n#include <string.h>\n\n");
	fprintf(f, "const char pretok_pool[] = {\n");
	for (size_t i = 0; i < pool.len; i++)
		fprintf(f, "%d,%s", (int)(unsigned char)pool.buf[i], i % 24 == 23 ? "\n" : "");
	fprintf(f, "0 };\n\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "/* %s */\nstatic const struct pretok t_%zu[] = {\n%s};\n", h[i].name, i, strbuf_cstr(&h[i].toks));
		fprintf(f, "static const struct pretok_lit l_%zu[] = {\n%s};\n\n", i, strbuf_cstr(&h[i].lits));
	}
	fprintf(f, "static const struct pretok_file files[] = {\n");
	for (size_t i = 0; i < n; i++) {
		fprintf(f, "\t{ \"%s\", %lluu, %lluu, t_%zu, %zuu, l_%zu, ", h[i].name,
			(unsigned long long)h[i].text_len, (unsigned long long)h[i].text_hash, i, h[i].ntok, i);
		if (h[i].guard)
			fprintf(f, "\"%s\" },\n", h[i].guard);
		else
			fprintf(f, "NULL },\n");
	}
	fprintf(f, "\t{ NULL, 0, 0, NULL, 0, NULL, NULL }\n};\n\n");
	fprintf(f, "const struct pretok_file *pretok_at(size_t i)\n{\n"
		   "\treturn i < %zu ? &files[i] : NULL;\n}\n\n", n);
	fprintf(f, "const struct pretok_file *pretok_find(const char *name)\n{\n"
		   "\tsize_t lo = 0, hi = %zu;\n"
		   "\twhile (lo < hi) {\n"
		   "\t\tsize_t mid = lo + (hi - lo) / 2;\n"
		   "\t\tint c = strcmp(name, files[mid].name);\n"
		   "\t\tif (c == 0)\n\t\t\treturn &files[mid];\n"
		   "\t\tif (c < 0)\n\t\t\thi = mid;\n\t\telse\n\t\t\tlo = mid + 1;\n"
		   "\t}\n\treturn NULL;\n}\n", n);
	if (ferror(f) | fclose(f))
		die("cannot write", strbuf_cstr(&tmp));
	if (same_file(strbuf_cstr(&tmp), out)) {
		remove(strbuf_cstr(&tmp)); /* unchanged: keep its time, so nothing recompiles */
		return 0;
	}
	if (rename(strbuf_cstr(&tmp), out) != 0)
		die("cannot rename the output to", out);
	return 0;
}
