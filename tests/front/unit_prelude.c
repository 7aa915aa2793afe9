/*
 * unit_prelude.c - the device pass started from the host pass's prelude
 * (engine/front/pp.h, "prelude"): the predefinitions, the -D options and the
 * implicit cuda_runtime.h preprocessed once for both passes.
 *
 * Each case preprocesses one program as front.c does (host pass, then device
 * pass, sharing one pp_shared) and again with a fresh pp_shared for the
 * device pass, which therefore preprocesses its prelude itself. The two
 * device passes must give the same tokens (kind, spelling, spans and macro
 * origins by file name and position, literal values, flags) and the same
 * diagnostics; the test also checks whether the prelude was reused, so that
 * a prelude that depends on __CUDA_ARCH__ (or on a file read from disk, or
 * that gave a diagnostic) is refused, and one that does not is shared.
 * The spans of the prelude's macro bodies (the origin of a token expanded
 * from a predefined or -D macro) name the host pass's predefinitions file,
 * so for files named <built-in> only the name is compared.
 */
#include "tap.h"
#include "pp.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct pass2 {
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl, dd;
	struct token *host, *dev;
	int reused;
};

/* A copy of list t: the device pass links the last of the prelude's
 * tokens, which the passes share, to its own (pp.h). */
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

/* host pass then device pass; share: one pp_shared for both (as front.c),
 * else the device pass gets a fresh one */
static void run2(struct pass2 *r, const char *src, const struct pp_opts *base, const struct pp_opts *dev_base,
		 int share)
{
	arena_init(&r->a);
	srcmgr_init(&r->sm);
	diaglist_init(&r->dl);
	diaglist_init(&r->dd);
	size_t len = strlen(src);
	char *copy = xmalloc(len + 1);
	memcpy(copy, src, len + 1);
	uint32_t id = srcmgr_add(&r->sm, "t.cu", copy, len, 0);
	struct pp_opts o = *base;
	o.implicit_include = "cuda_runtime.h";
	o.cuda_arch = 0;
	o.shared = pp_shared_new();
	r->host = keep_list(&r->a, pp_run(&r->a, &r->sm, &r->dl, id, &o));
	struct pp_shared *fresh = share ? NULL : pp_shared_new();
	struct pp_opts d = dev_base ? *dev_base : *base;
	d.implicit_include = "cuda_runtime.h";
	d.cuda_arch = 900;
	d.shared = share ? o.shared : fresh;
	r->dev = pp_run(&r->a, &r->sm, &r->dd, id, &d);
	r->reused = pp_shared_prelude(o.shared);
	pp_shared_free(o.shared);
	pp_shared_free(fresh);
}

static void release2(struct pass2 *r)
{
	arena_release(&r->a);
	srcmgr_release(&r->sm);
	diaglist_release(&r->dl);
	diaglist_release(&r->dd);
}

static const char *fname(const struct srcmgr *sm, uint32_t id)
{
	const struct srcfile *f = srcmgr_file(sm, id);
	return f ? f->name : "";
}

static int same_span(const struct srcmgr *sa, struct span a, const struct srcmgr *sb, struct span b)
{
	const char *na = fname(sa, a.file), *nb = fname(sb, b.file);
	if (strcmp(na, nb))
		return 0;
	if (!strcmp(na, "<built-in>"))
		return 1;
	return a.off == b.off && a.len == b.len && a.line == b.line && a.col == b.col;
}

/* NULL when the lists are the same, else what differs first (*at: its index) */
static const char *same_tokens(const struct srcmgr *sa, const struct token *a, const struct srcmgr *sb,
			       const struct token *b, long *at)
{
	for (*at = 0; a && b; a = a->next, b = b->next, ++*at) {
		if (a->kind != b->kind || a->len != b->len || memcmp(a->text, b->text, a->len))
			return "kind or spelling";
		if (!same_span(sa, a->span, sb, b->span))
			return "span";
		if (!same_span(sa, a->origin, sb, b->origin))
			return "origin";
		/* the literal union holds values, bytes or a name's hash by kind */
		int str = a->kind == TK_STR || a->kind == TK_HEADER;
		int lit = a->kind == TK_NUM || a->kind == TK_CHAR;
		if (a->numty != b->numty ||
		    (lit && (a->ival != b->ival || memcmp(&a->fval, &b->fval, sizeof(a->fval)))))
			return "literal value";
		if (str && (a->strlen != b->strlen || (a->str != NULL) != (b->str != NULL) ||
			    (a->str && memcmp(a->str, b->str, a->strlen))))
			return "string bytes";
		if (a->at_bol != b->at_bol || a->has_space != b->has_space || a->from_builtin != b->from_builtin)
			return "flags";
	}
	return a || b ? "length" : NULL;
}

static void render(const struct srcmgr *sm, const struct diaglist *dl, struct strbuf *sb)
{
	for (size_t i = 0; i < dl->v.len; i++) {
		const struct diag *d = &dl->v.v[i];
		strbuf_addf(sb, "%s:%u:%u:%d:%s:%s\n", fname(sm, d->span.file), d->span.line, d->span.col,
			    (int)d->level, d->code ? d->code : "-", d->msg);
	}
	strbuf_addf(sb, "rules %zu\n", dl->rules.len);
}

static int same_diags(struct pass2 *x, struct pass2 *y)
{
	struct strbuf a, b;
	strbuf_init(&a);
	strbuf_init(&b);
	render(&x->sm, &x->dl, &a);
	render(&x->sm, &x->dd, &a);
	render(&y->sm, &y->dl, &b);
	render(&y->sm, &y->dd, &b);
	int same = !strcmp(strbuf_cstr(&a), strbuf_cstr(&b));
	if (!same)
		printf("# shared:\n%s# fresh:\n%s", strbuf_cstr(&a), strbuf_cstr(&b));
	strbuf_release(&a);
	strbuf_release(&b);
	return same;
}

static int has_ident(const struct token *t, const char *name)
{
	for (; t; t = t->next)
		if (t->kind == TK_IDENT && t->len == strlen(name) && !memcmp(t->text, name, t->len))
			return 1;
	return 0;
}

/* Preprocess src both ways; want_reuse: 1 shared, 0 not recorded or not
 * fitting, -1 refused. Returns the shared run for more checks (release it). */
static void check(struct pass2 *s, const char *what, const char *src, const struct pp_opts *o,
		  const struct pp_opts *dev_o, int want_reuse)
{
	struct pass2 f;
	run2(s, src, o, dev_o, 1);
	run2(&f, src, o, dev_o, 0);
	long at;
	const char *why_h = same_tokens(&s->sm, s->host, &f.sm, f.host, &at);
	long at_h = at;
	const char *why_d = same_tokens(&s->sm, s->dev, &f.sm, f.dev, &at);
	ok(s->reused == want_reuse, "%s: prelude %s (got %d)", what,
	   want_reuse > 0 ? "reused" : want_reuse < 0 ? "refused" : "not used", s->reused);
	ok(!why_h && !why_d, "%s: the same tokens as preprocessing each pass alone%s%s", what,
	   why_h ? " (host: " : why_d ? " (device: " : "", why_h ? why_h : why_d ? why_d : "");
	if (why_h || why_d)
		printf("# first difference at token %ld\n", why_h ? at_h : at);
	ok(same_diags(s, &f), "%s: the same diagnostics", what);
	release2(&f);
}

static const char hello[] =
	"#include <cstdio>\n"
	"__global__ void hello(void) { printf(\"hello from thread %d\\n\", threadIdx.x); }\n"
	"int main(void) { hello<<<1, 4>>>(); cudaDeviceSynchronize(); printf(\"hello ok\\n\"); return 0; }\n";

int main(void)
{
	tap_start();
	struct pass2 s;
	struct pp_opts none = { 0 };

	check(&s, "hello world", hello, &none, NULL, 1);
	ok(has_ident(s.dev, "cudaDeviceSynchronize") && has_ident(s.dev, "hello"),
	   "hello world: the device pass has the headers' and the program's tokens");
	release2(&s);

	/* a user #define before an include, and __CUDA_ARCH__ after the prelude */
	check(&s, "user #define before includes",
	      "#define WS_USER_MACRO 3\n#define printf my_printf\n#include <cstdio>\n#include <vector>\n"
	      "#include <cmath>\n#ifdef __CUDA_ARCH__\nint dev_side = __CUDA_ARCH__;\n#else\nint host_side;\n#endif\n"
	      "__device__ float f(float x) { return sinf(x) + (float)clock(); }\n"
	      "int main() { printf(\"%d\\n\", WS_USER_MACRO); }\n",
	      &none, NULL, 1);
	ok(has_ident(s.dev, "dev_side") && !has_ident(s.dev, "host_side") && has_ident(s.host, "host_side") &&
	   !has_ident(s.host, "dev_side"), "__CUDA_ARCH__ in the main file: each pass its own group");
	int n900 = 0;
	for (struct token *t = s.dev; t; t = t->next)
		n900 += t->kind == TK_NUM && t->ival == 900 && !t->from_builtin;
	ok(n900 == 1, "__CUDA_ARCH__ expands to 900 in the device pass");
	release2(&s);

	/* -D options and include directories */
	static const char *const defs[] = { "NDEBUG", "N=42", "S=\"str\"", "F(x)=((x)+1)", NULL };
	static const char *const dirs[] = { "/nonexistent-ws-dir", NULL };
	struct pp_opts od = { .defines = defs, .include_dirs = dirs };
	check(&s, "-D options", "#include <cassert>\nint a[N]; const char *s = S; int g = F(N);\n"
	      "void h(int x) { assert(x); }\n", &od, NULL, 1);
	release2(&s);
	struct pp_opts o12 = { .cuda_version = 12 };
	check(&s, "--cuda-version 12", "#if __CUDACC_VER_MAJOR__ == 12\nint twelve;\n#endif\n", &o12, NULL, 1);
	ok(has_ident(s.dev, "twelve"), "--cuda-version 12: the device pass sees it");
	release2(&s);

	/* a prelude that depends on __CUDA_ARCH__ is refused */
	static const char *const arch[] = { "__CUDA_ARCH__=500", NULL };
	struct pp_opts oa = { .defines = arch };
	check(&s, "-D__CUDA_ARCH__", "int v = __CUDA_ARCH__;\n", &oa, NULL, -1);
	release2(&s);

	/* a header read from disk that tests __CUDA_ARCH__ (shadowing the built-in stdio.h) */
	char dir[] = "/tmp/s8-prelude-XXXXXX";
	if (mkdtemp(dir)) {
		char path[256];
		snprintf(path, sizeof(path), "%s/stdio.h", dir);
		FILE *fp = fopen(path, "w");
		if (fp) {
			fputs("#ifdef __CUDA_ARCH__\nint dev_stdio;\n#else\nint host_stdio;\n#endif\n"
			      "int printf(const char *, ...);\n", fp);
			fclose(fp);
		}
		const char *const udirs[] = { dir, NULL };
		struct pp_opts ou = { .include_dirs = udirs };
		check(&s, "a header from disk testing __CUDA_ARCH__", "int x;\n", &ou, NULL, -1);
		ok(has_ident(s.dev, "dev_stdio") && !has_ident(s.dev, "host_stdio") && has_ident(s.host, "host_stdio"),
		   "a header from disk testing __CUDA_ARCH__: each pass its own tokens");
		release2(&s);
		remove(path);
		rmdir(dir);
	}

	/* a prelude with a diagnostic is refused; so is a device pass with other options */
	static const char *const bad[] = { "1BAD=2", NULL };
	struct pp_opts ob = { .defines = bad };
	check(&s, "a bad -D option", "int y;\n", &ob, NULL, -1);
	release2(&s);
	check(&s, "other options in the device pass", "int z = N;\n", &none, &od, 0);
	release2(&s);
	return tap_end();
}
