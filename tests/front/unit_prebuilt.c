/*
 * unit_prebuilt.c - the host pass's prelude made at build time
 * (engine/front/prelude.h, pp.h "The prebuilt prelude").
 *
 * - The tables are the prelude this build's preprocessor makes: the host
 *   pass's recorded prelude written out (pp_prelude_emit) is the same text
 *   whether the pass preprocessed it or loaded it from the tables, token by
 *   token, macro by macro, file by file; and the tables are loaded at all
 *   (a header, lexer or preprocessor edited without making them again
 *   fails here, instead of silently falling back).
 * - For each program, the two passes give the same tokens (every field,
 *   file ids included), the same source files (names, texts) and the same
 *   diagnostics whether the host pass loads the tables or preprocesses its
 *   prelude: __LINE__, __FILE__, #line, __COUNTER__, header macros expanded
 *   first in either pass (their bodies are made then), a user #undef of a
 *   header macro, a diagnostic inside a built-in header, a main file whose
 *   id is not 1.
 * - Each option that changes the prelude falls back to preprocessing it.
 */
#include "tap.h"
#include "front.h"
#include "pp.h"
#include "prelude.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct run {
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl, dd;
	struct token *host, *dev;
	int prebuilt, reused;
	struct strbuf emitted; /* the recorded prelude, written out */
	int emit_rc;
	const char *emit_why;
};

/* A copy of list t (the device pass relinks the prelude's last token). */
static struct token *keep_list(struct arena *a, const struct token *t)
{
	struct token head, *cur = &head;
	for (; t; t = t->next) {
		struct token *c = arena_alloc(a, sizeof(*c));
		*c = *t;
		cur = cur->next = c;
	}
	cur->next = NULL;
	return head.next;
}

/* host pass then device pass, as front.c; pad: files added before the
 * main file (so that its id is pad + 1) */
static void run(struct run *r, const char *src, const struct pp_opts *base, int no_prebuilt, int pad)
{
	memset(r, 0, sizeof(*r));
	arena_init(&r->a);
	srcmgr_init(&r->sm);
	diaglist_init(&r->dl);
	diaglist_init(&r->dd);
	strbuf_init(&r->emitted);
	for (int i = 0; i < pad; i++)
		srcmgr_add(&r->sm, "pad.cu", xstrdup(""), 0, 0);
	size_t len = strlen(src);
	char *copy = xmalloc(len + 1);
	memcpy(copy, src, len + 1);
	uint32_t id = srcmgr_add(&r->sm, "t.cu", copy, len, 0);
	struct pp_opts o = *base;
	if (!o.implicit_include)
		o.implicit_include = "cuda_runtime.h";
	else if (!*o.implicit_include)
		o.implicit_include = NULL;
	o.cuda_arch = 0;
	o.no_prebuilt = no_prebuilt;
	o.shared = pp_shared_new();
	r->host = keep_list(&r->a, pp_run(&r->a, &r->sm, &r->dl, id, &o));
	r->prebuilt = pp_shared_prebuilt(o.shared);
	r->emit_rc = pp_prelude_emit(o.shared, &r->sm, &r->emitted, &r->emit_why);
	struct pp_opts d = o;
	d.cuda_arch = 900;
	r->dev = pp_run(&r->a, &r->sm, &r->dd, id, &d);
	r->reused = pp_shared_prelude(o.shared);
	pp_shared_free(o.shared);
}

static void release(struct run *r)
{
	arena_release(&r->a);
	srcmgr_release(&r->sm);
	diaglist_release(&r->dl);
	diaglist_release(&r->dd);
	strbuf_release(&r->emitted);
}

static int same_span(struct span a, struct span b)
{
	return a.file == b.file && a.off == b.off && a.len == b.len && a.line == b.line && a.col == b.col;
}

/* NULL when the lists are the same in every field but the hideset and the
 * spelling's address, else what differs first (*at: its index) */
static const char *tok_diff(const struct token *a, const struct token *b, long *at)
{
	for (*at = 0; a && b; a = a->next, b = b->next, ++*at) {
		if (a->kind != b->kind || a->len != b->len || memcmp(a->text, b->text, a->len) || a->text[a->len] ||
		    b->text[b->len])
			return "kind or spelling";
		if (!same_span(a->span, b->span))
			return "span";
		if (!same_span(a->origin, b->origin))
			return "origin";
		if (a->numty != b->numty)
			return "number type";
		if (a->kind == TK_STR || a->kind == TK_HEADER) {
			if (a->strlen != b->strlen || !a->str != !b->str || (a->str && memcmp(a->str, b->str, a->strlen)))
				return "string bytes";
		} else if (memcmp(&a->ival, &b->ival, sizeof(a->ival)) || memcmp(&a->fval, &b->fval, sizeof(a->fval))) {
			return "literal fields or hash";
		}
		if (a->at_bol != b->at_bol || a->has_space != b->has_space || a->from_builtin != b->from_builtin)
			return "flags";
	}
	return a || b ? "length" : NULL;
}

static int same_files(const struct srcmgr *a, const struct srcmgr *b)
{
	if (a->files.len != b->files.len)
		return 0;
	for (size_t i = 0; i < a->files.len; i++) {
		const struct srcfile *x = &a->files.v[i], *y = &b->files.v[i];
		if (strcmp(x->name, y->name) || x->len != y->len || x->builtin != y->builtin ||
		    memcmp(x->text, y->text, x->len))
			return 0;
	}
	return 1;
}

static void render(struct run *r, struct strbuf *sb)
{
	for (int pass = 0; pass < 2; pass++) {
		struct diaglist *dl = pass ? &r->dd : &r->dl;
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		if (!f)
			return;
		diag_render(dl, &r->sm, f, 0);
		fclose(f);
		strbuf_add(sb, buf, len);
		free(buf);
		strbuf_addf(sb, "rules %zu\n", dl->rules.len);
	}
}

/* the first line where two texts differ, for the report */
static void first_diff(const char *a, const char *b)
{
	long line = 1;
	const char *la = a, *lb = b;
	for (; *a && *a == *b; a++, b++)
		if (*a == '\n') {
			line++;
			la = a + 1;
			lb = b + 1;
		}
	printf("# line %ld differs:\n#  %.*s\n#  %.*s\n", line, (int)strcspn(la, "\n"), la, (int)strcspn(lb, "\n"), lb);
}

/* src with the tables and without: everything the same; pad as run() */
static void both(const char *what, const char *src, int pad, struct strbuf *rendered)
{
	struct pp_opts none = { 0 };
	struct run t, p;
	run(&t, src, &none, 0, pad);
	run(&p, src, &none, 1, pad);
	ok(t.prebuilt == 1 && p.prebuilt == 0, "%s: the tables load (%d), and no_prebuilt preprocesses (%d)", what,
	   t.prebuilt, p.prebuilt);
	long at;
	const char *wh = tok_diff(t.host, p.host, &at);
	if (wh)
		printf("# host token %ld: %s\n", at, wh);
	const char *wd = tok_diff(t.dev, p.dev, &at);
	if (wd)
		printf("# device token %ld: %s\n", at, wd);
	ok(!wh && !wd, "%s: the same tokens in both passes", what);
	ok(same_files(&t.sm, &p.sm), "%s: the same source files in the same order", what);
	struct strbuf a, b;
	strbuf_init(&a);
	strbuf_init(&b);
	render(&t, &a);
	render(&p, &b);
	ok(!strcmp(strbuf_cstr(&a), strbuf_cstr(&b)), "%s: the same diagnostics", what);
	if (strcmp(strbuf_cstr(&a), strbuf_cstr(&b)))
		first_diff(strbuf_cstr(&a), strbuf_cstr(&b));
	ok(t.reused == 1 && p.reused == 1, "%s: the device pass starts from the prelude both ways", what);
	ok(t.emit_rc == 0 && p.emit_rc == 0 && !strcmp(strbuf_cstr(&t.emitted), strbuf_cstr(&p.emitted)),
	   "%s: the recorded preludes are the same", what);
	if (rendered)
		strbuf_add(rendered, a.buf, a.len);
	strbuf_release(&a);
	strbuf_release(&b);
	release(&t);
	release(&p);
}

static int has_ident(const struct token *t, const char *name)
{
	for (; t; t = t->next)
		if (t->kind == TK_IDENT && t->len == strlen(name) && !memcmp(t->text, name, t->len))
			return 1;
	return 0;
}

/* an option that changes the prelude: the tables are not used */
static void fallback(const char *what, const char *src, const struct pp_opts *o, struct run *keep)
{
	struct run t, p;
	run(&t, src, o, 0, 0);
	run(&p, src, o, 1, 0);
	long at;
	const char *wh = tok_diff(t.host, p.host, &at);
	ok(t.prebuilt == 0 && !wh && !tok_diff(t.dev, p.dev, &at), "%s: the prelude is preprocessed (%d)%s%s", what,
	   t.prebuilt, wh ? ": " : "", wh ? wh : "");
	release(&p);
	if (keep)
		*keep = t;
	else
		release(&t);
}

static const char hello[] =
	"#include <cstdio>\n"
	"__global__ void hello(void) { printf(\"hello from thread %d\\n\", threadIdx.x); }\n"
	"int main(void) { hello<<<1, 4>>>(); cudaDeviceSynchronize(); printf(\"hello ok\\n\"); return 0; }\n";

int main(void)
{
	tap_start();
	const struct pb_prelude *pb = pp_prebuilt();
	ok(pb && pb->ntok > 10000 && pb->nmacro > 100 && pb->nfiles > 5,
	   "the build made the tables (%u tokens, %u macros, %u headers)", pb ? pb->ntok : 0, pb ? pb->nmacro : 0,
	   pb ? pb->nfiles : 0);

	/* the tables against this build's preprocessor, field by field */
	struct pp_opts none = { 0 };
	struct run t, p;
	run(&t, "", &none, 0, 0);
	run(&p, "", &none, 1, 0);
	ok(t.prebuilt == 1, "an empty program loads the tables");
	ok(p.emit_rc == 0, "the preprocessed prelude can be written (%s)", p.emit_why ? p.emit_why : "ok");
	int same = t.emit_rc == 0 && !strcmp(strbuf_cstr(&t.emitted), strbuf_cstr(&p.emitted));
	ok(same, "the tables hold the prelude this build makes: tokens, macros, files, marks, budget");
	if (!same)
		first_diff(strbuf_cstr(&t.emitted), strbuf_cstr(&p.emitted));
	release(&t);
	release(&p);

	both("hello world", hello, 0, NULL);
	both("__LINE__, __FILE__, #line, __COUNTER__",
	     "int a = __LINE__; const char *f = __FILE__; int c0 = __COUNTER__;\n"
	     "#line 100 \"other.cu\"\nint b = __LINE__; const char *g = __FILE__; int c1 = __COUNTER__;\n"
	     "#include <cstdio>\nint c2 = __COUNTER__;\n",
	     0, NULL);
	both("a user #undef and #define of header macros",
	     "#undef EOF\n#undef cudaStreamNonBlocking\n#define M_PI 3\n#include <cstdio>\n#include <cmath>\n"
	     "int e = EOF; unsigned s = cudaStreamNonBlocking; double pi = M_PI;\n"
	     "#ifdef __WS_STDIO_H\nint guarded;\n#endif\n#pragma once\n",
	     0, NULL);
	/* the prelude's macro bodies are made when first expanded: in the
	 * host pass, only in the device pass (__CUDA_ARCH__), in #if, nested,
	 * function-like with # (assert), and with the main file's id moved */
	static const char lazy[] =
		"#include <cstdio>\n#include <cstdlib>\n#include <cmath>\n#include <cassert>\n"
		"int v = CUDART_VERSION; int e = EOF;\n"
		"#if RAND_MAX > 1000 && EXIT_FAILURE\nint big;\n#endif\n"
		"__global__ void k(float *p) {\n"
		"#ifdef __CUDA_ARCH__\n\tp[0] = INFINITY; assert(p != NULL);\n#endif\n"
		"\tp[1] = EXIT_FAILURE;\n}\n"
		"int main(void) { assert(v > 0 && \"v\"); return e == EOF ? EXIT_SUCCESS : RAND_MAX; }\n";
	both("header macros expanded in one pass or both", lazy, 0, NULL);
	both("header macros expanded, a main file whose id is not 1", lazy, 2, NULL);
	struct strbuf diags;
	strbuf_init(&diags);
	both("a diagnostic inside a built-in header",
	     "#define swap(a) a\n#define EOF (\n#include <utility>\n#include \"cuda_runtime.h\"\nint x = EOF;\n"
	     "#if 1\n",
	     0, &diags);
	ok(strstr(strbuf_cstr(&diags), "<built-in>/") != NULL && strstr(strbuf_cstr(&diags), "t.cu:") != NULL,
	   "a diagnostic inside a built-in header: reported in the header and in the program");
	strbuf_release(&diags);
	both("a main file whose id is not 1", hello, 2, NULL);
	run(&t, "", &none, 0, 3);
	run(&p, "", &none, 0, 0);
	ok(t.prebuilt == 1 && t.emit_rc == 0 && !strcmp(strbuf_cstr(&t.emitted), strbuf_cstr(&p.emitted)),
	   "a main file whose id is not 1: the tables' file ids are moved");
	release(&t);
	release(&p);

	/* what changes the prelude falls back */
	static const char *const defs[] = { "N=3", NULL };
	struct pp_opts od = { .defines = defs };
	fallback("-D", "int a[N];\n", &od, NULL);
	static const char *const redef[] = { "__CUDACC_VER_MAJOR__=11", NULL };
	struct pp_opts orr = { .defines = redef };
	struct run k;
	fallback("-D of a predefined macro", "#if __CUDACC_VER_MAJOR__ == 11\nint eleven;\n#endif\n", &orr, &k);
	ok(has_ident(k.host, "eleven") && has_ident(k.dev, "eleven"), "-D of a predefined macro: both passes see it");
	release(&k);
	static const char *const dirs[] = { "/nonexistent-ws-dir", NULL };
	struct pp_opts oi = { .include_dirs = dirs };
	fallback("-I", "int y;\n", &oi, NULL);
	struct pp_opts o12 = { .cuda_version = 12 };
	fallback("--cuda-version 12", "#if __CUDACC_VER_MAJOR__ == 12\nint twelve;\n#endif\n", &o12, &k);
	ok(has_ident(k.host, "twelve"), "--cuda-version 12: the host pass sees it");
	release(&k);
	struct pp_opts o13 = { .cuda_version = 13 };
	run(&t, "int z;\n", &o13, 0, 0);
	ok(t.prebuilt == 1, "--cuda-version 13 (the default) loads the tables");
	release(&t);
	struct pp_opts oc = { .implicit_include = "cuda.h" };
	fallback("another implicit include", "int w;\n", &oc, NULL);
	struct pp_opts on = { .implicit_include = "" };
	fallback("no implicit include", "int v;\n", &on, NULL);
	setenv("WS_NO_PREBUILT", "1", 1);
	fallback("WS_NO_PREBUILT=1", hello, &none, NULL);
	/* "0" is off, as for every WS_NO_* switch (util_env_on) */
	setenv("WS_NO_PREBUILT", "0", 1);
	run(&t, "int y;\n", &o13, 0, 0);
	ok(t.prebuilt == 1, "WS_NO_PREBUILT=0 loads the tables");
	release(&t);
	unsetenv("WS_NO_PREBUILT");

	/* the whole front end, both ways: the rendered diagnostics of a program
	 * with errors inside a built-in header and in its own lines */
	const char *bad = "#define template struct\n#include <vector>\nint main() { undeclared(); return __LINE__; }\n";
	struct strbuf r1, r2;
	strbuf_init(&r1);
	strbuf_init(&r2);
	for (int i = 0; i < 2; i++) {
		if (i)
			setenv("WS_NO_PREBUILT", "1", 1);
		struct compilation c;
		compilation_init(&c);
		front_compile_string(&c, "bad.cu", bad, NULL);
		char *buf = NULL;
		size_t len = 0;
		FILE *f = open_memstream(&buf, &len);
		if (f) {
			diag_render(&c.diags, &c.sm, f, 0);
			fclose(f);
			strbuf_add(i ? &r2 : &r1, buf, len);
			free(buf);
		}
		compilation_release(&c);
	}
	unsetenv("WS_NO_PREBUILT");
	ok(r1.len > 0 && strstr(strbuf_cstr(&r1), "<built-in>/") && !strcmp(strbuf_cstr(&r1), strbuf_cstr(&r2)),
	   "front_compile_string: the same rendered diagnostics (a header's line quoted) both ways");
	if (strcmp(strbuf_cstr(&r1), strbuf_cstr(&r2)))
		first_diff(strbuf_cstr(&r1), strbuf_cstr(&r2));
	strbuf_release(&r1);
	strbuf_release(&r2);
	return tap_end();
}
