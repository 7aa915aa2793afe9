/*
 * unit_front.c - TAP tests of the front end: golden files per stage
 * (tests/front/golden/NAME.cu against NAME.ast, NAME.ir, NAME.diag), the
 * compile API, and robustness (deep nesting, truncation, garbage).
 *
 * WS_UPDATE_GOLDEN=1 rewrites the expected files from the current output.
 * Run from the repository root (or set WS_FRONT_GOLDEN to the directory).
 */
#include "front.h"
#include "ast.h"
#include "token.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "tap.h"

static char *read_all(const char *path, size_t *len)
{
	const char *err;
	return util_read_file(path, len, &err);
}

static void first_diff(const char *a, const char *b)
{
	int line = 1;
	while (*a && *a == *b) {
		if (*a == '\n')
			line++;
		a++;
		b++;
	}
	const char *ea = strchr(a, '\n'), *eb = strchr(b, '\n');
	printf("# first difference at line %d\n#   got:      %.*s\n#   expected: %.*s\n", line,
	       (int)(ea ? ea - a : (long)strlen(a)), a, (int)(eb ? eb - b : (long)strlen(b)), b);
}

/* One line per diagnostic with its stable code: the format of the .diag golden files. */
static void list_diags(const char *path, struct strbuf *out)
{
	static const char *const lv[] = { "note", "warning", "error" };
	struct compilation c;
	compilation_init(&c);
	front_compile_file(&c, path, NULL);
	for (size_t i = 0; i < c.diags.v.len; i++) {
		const struct diag *d = &c.diags.v.v[i];
		const struct srcfile *f = srcmgr_file(&c.sm, d->span.file);
		strbuf_addf(out, "%s:%u:%u: %s[%s]: %s\n", f ? f->name : "<none>", d->span.line, d->span.col,
			    lv[d->level], d->code ? d->code : "-", d->msg);
	}
	if (c.diags.truncated)
		strbuf_adds(out, "(more errors not shown)\n");
	compilation_release(&c);
}

static void golden_one(const char *dir, const char *name, const char *ext, enum front_stage st)
{
	char cu[1024], exp[1024];
	(void)dir;
	snprintf(cu, sizeof(cu), "%s.cu", name);
	snprintf(exp, sizeof(exp), "%s.%s", name, ext);
	size_t len;
	char *want = read_all(exp, &len);
	if (!want && !getenv("WS_UPDATE_GOLDEN"))
		return;
	struct strbuf sb;
	strbuf_init(&sb);
	if (st == STAGE_DIAGS)
		list_diags(cu, &sb);
	else
		front_dump(cu, st, NULL, &sb);
	if (getenv("WS_UPDATE_GOLDEN")) {
		if (want || !strcmp(ext, "diag") || !strcmp(ext, "ir")) {
			FILE *f = fopen(exp, "w");
			if (f) {
				fwrite(strbuf_cstr(&sb), 1, sb.len, f);
				fclose(f);
			}
		}
		free(want);
		strbuf_release(&sb);
		return;
	}
	int same = strcmp(strbuf_cstr(&sb), want) == 0;
	ok(same, "golden %s.%s", name, ext);
	if (!same)
		first_diff(strbuf_cstr(&sb), want);
	free(want);
	strbuf_release(&sb);
}

static int cmp_names(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Golden files name their inputs relative to the golden directory. */
static void golden_all(const char *gdir)
{
	char cwd[4096];
	if (!getcwd(cwd, sizeof(cwd)) || chdir(gdir) != 0) {
		ok(0, "golden directory %s", gdir);
		return;
	}
	const char *dir = ".";
	DIR *d = opendir(dir);
	if (!d) {
		ok(0, "golden directory %s", dir);
		return;
	}
	char *names[512];
	int n = 0;
	struct dirent *e;
	while ((e = readdir(d)) && n < 512) {
		size_t l = strlen(e->d_name);
		if (l > 3 && !strcmp(e->d_name + l - 3, ".cu"))
			names[n++] = xstrndup(e->d_name, l - 3);
	}
	closedir(d);
	qsort(names, (size_t)n, sizeof(names[0]), cmp_names);
	for (int i = 0; i < n; i++) {
		golden_one(dir, names[i], "ast", STAGE_AST);
		golden_one(dir, names[i], "ir", STAGE_IR);
		golden_one(dir, names[i], "diag", STAGE_DIAGS);
		free(names[i]);
	}
	if (chdir(cwd) != 0)
		ok(0, "back to %s", cwd);
}

/* Compile text; the test is that it returns, with the expected verdict. */
static int compile_text(const char *name, const char *text, int *nerrors)
{
	struct compilation c;
	compilation_init(&c);
	int rc = front_compile_string(&c, name, text, NULL);
	if (nerrors)
		*nerrors = c.diags.nerrors;
	compilation_release(&c);
	return rc;
}

static char *repeat_wrap(const char *pre, const char *open, const char *mid, const char *close,
			 const char *post, int n)
{
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_adds(&sb, pre);
	for (int i = 0; i < n; i++)
		strbuf_adds(&sb, open);
	strbuf_adds(&sb, mid);
	for (int i = 0; i < n; i++)
		strbuf_adds(&sb, close);
	strbuf_adds(&sb, post);
	return strbuf_detach(&sb);
}

static void robustness(void)
{
	int ne;
	char *s = repeat_wrap("int main() { int x = ", "(", "1", ")", "; return x; }\n", 100000);
	ok(compile_text("parens.cu", s, &ne) == -1 && ne > 0, "100000 nested parentheses: an error, no crash");
	free(s);
	s = repeat_wrap("int main() ", "{", "", "}", "\n", 100000);
	ok(compile_text("braces.cu", s, &ne) == -1 && ne > 0, "100000 nested braces: an error, no crash");
	free(s);
	s = repeat_wrap("int main() { int x = 1; return ", "-", "x", "", "; }\n", 100000);
	ok(compile_text("unary.cu", s, &ne) == -1 && ne > 0, "100000 unary minus: an error, no crash");
	free(s);
	s = repeat_wrap("int main() { int x = 1; return x", "+x", "", "", "; }\n", 100000);
	ok(compile_text("chain.cu", s, &ne) == -1 && ne > 0, "an expression of 100000 terms: an error, no crash");
	free(s);
	s = repeat_wrap("int main() { ", "if (1) ", "return 0;", "", " }\n", 100000);
	ok(compile_text("ifs.cu", s, &ne) == -1 && ne > 0, "100000 nested ifs: an error, no crash");
	free(s);
	s = repeat_wrap("int ", "*", "p", "", ";\nint main() { return 0; }\n", 100000);
	ok(compile_text("ptrs.cu", s, &ne) == -1 && ne > 0, "a declarator of 100000 pointers: an error, no crash");
	free(s);
	s = repeat_wrap("int f(int ", "(", "x", ")", ") { return 0; }\nint main() { return 0; }\n", 100000);
	ok(compile_text("decl.cu", s, &ne) == -1 && ne > 0, "100000 nested declarator parentheses: an error, no crash");
	free(s);
	s = repeat_wrap("int a[] = ", "{", "1", "}", ";\nint main() { return 0; }\n", 100000);
	ok(compile_text("init.cu", s, &ne) == -1 && ne > 0, "100000 nested initializer braces: an error, no crash");
	free(s);
	ok(compile_text("tmpl.cu", "template <int N> struct R { R<N + 1> n; };\nR<0> r;\nint main() { return 0; }\n", &ne) == -1 && ne > 0,
	   "unbounded class template recursion stops at the depth limit");
	ok(compile_text("ftmpl.cu", "template <int N> int f() { return f<N + 1>(); }\nint main() { return f<0>(); }\n", &ne) == -1 && ne > 0,
	   "unbounded function template recursion stops at the depth limit");
	/* garbage: deterministic pseudo-random bytes and tokens */
	static const char *const toks[] = { "(", ")", "{", "}", "[", "]", ";", ",", "<", ">", "<<<", ">>>",
		"int", "x", "template", "struct", "::", "=", "*", "&", "1", "\"s\"", "__global__", "__shared__",
		"operator", "typename", "?", ":", "...", "return", "for", "if", "else", "class", "namespace" };
	unsigned seed = 12345;
	int crashed = 0;
	for (int round = 0; round < 60; round++) {
		struct strbuf sb;
		strbuf_init(&sb);
		int n = 5 + (int)(seed % 200);
		for (int i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			if ((seed >> 16) % 7 == 0) {
				strbuf_addc(&sb, (char)(1 + (seed >> 8) % 255));
			} else {
				strbuf_adds(&sb, toks[(seed >> 16) % WS_ARRAY_LEN(toks)]);
				strbuf_addc(&sb, ' ');
			}
		}
		compile_text("garbage.cu", strbuf_cstr(&sb), NULL);
		strbuf_release(&sb);
	}
	ok(!crashed, "60 random token soups compile without crashing");
}

static void truncations(const char *dir)
{
	static const char *const files[] = { "reduce", "cxx_features", "structs_unions", "templates", "warp_ops" };
	int total = 0;
	for (size_t k = 0; k < WS_ARRAY_LEN(files); k++) {
		char path[1024];
		snprintf(path, sizeof(path), "%s/%s.cu", dir, files[k]);
		size_t len;
		char *text = read_all(path, &len);
		if (!text)
			continue;
		size_t step = len / 12 ? len / 12 : 1;
		for (size_t cut = 0; cut < len; cut += step) {
			char *t = xstrndup(text, cut);
			compile_text("cut.cu", t, NULL);
			free(t);
			total++;
		}
		free(text);
	}
	ok(total > 50, "%d truncated programs compile without crashing", total);
}

/* Structural invariants of a module: registers, targets, statements, terminators. */
static const char *check_module(const struct ir_module *m)
{
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		const struct ir_func *f = &m->funcs[i];
		if (!f->ncode)
			return "empty function";
		enum ir_op last = (enum ir_op)f->code[f->ncode - 1].op;
		if (last != IR_RET && last != IR_UNREACHABLE && last != IR_TRAP && last != IR_BR)
			return "function does not end in a terminator";
		if (f->nparams > f->nregs)
			return "more parameters than registers";
		for (uint32_t k = 0; k < f->ncode; k++) {
			const struct ir_insn *in = &f->code[k];
			int32_t regs[] = { in->d, in->a, in->b, in->c, in->e };
			for (size_t r = 0; r < WS_ARRAY_LEN(regs); r++)
				if (regs[r] < -1 || regs[r] >= (int32_t)f->nregs)
					return "register out of range";
			for (int a = 0; a < in->nargs; a++)
				if (in->args[a] < 0 || in->args[a] >= (int32_t)f->nregs)
					return "argument register out of range";
			if ((in->op == IR_BR || in->op == IR_CBR) &&
			    (in->tgt1 < 0 || in->tgt1 >= (int32_t)f->ncode ||
			     (in->op == IR_CBR && (in->tgt2 < 0 || in->tgt2 >= (int32_t)f->ncode))))
				return "branch target out of range";
			if (in->op == IR_CBR && f->reg_ty[in->a] != IR_PRED)
				return "CBR on a non-predicate";
			if (in->stmt < 0 || in->stmt >= (int32_t)f->nstmts)
				return "statement id out of range";
			if ((in->op == IR_CALL || in->op == IR_FADDR) && (in->imm < 0 || in->imm >= (int64_t)m->nfuncs))
				return "call target out of range";
			/* imm -1: through a function pointer, passed as argument 8 */
			if (in->op == IR_LAUNCH && in->imm == -1 && in->nargs < 9)
				return "launch through a pointer without the pointer";
			if (in->op == IR_LAUNCH && in->imm != -1 &&
			    (in->imm < 0 || in->imm >= (int64_t)m->nfuncs || !(m->funcs[in->imm].kind & FN_KERNEL) ||
			     in->nargs < 8))
				return "launch of a non-kernel";
			if (in->op == IR_GADDR && (in->imm < 0 || in->imm >= (int64_t)m->nobjs))
				return "object out of range";
			if (in->op == IR_LADDR && (in->imm < 0 || in->imm >= (int64_t)f->frame_size))
				return "local address outside the frame";
		}
		for (uint32_t v = 0; v < f->nvars; v++)
			if (f->vars[v].live_from > f->vars[v].live_to || f->vars[v].live_to > f->ncode)
				return "variable live range out of order";
	}
	for (uint32_t i = 0; i < m->nobjs; i++)
		for (uint32_t r = 0; r < m->objs[i].nrelocs; r++) {
			const struct ir_reloc *rl = &m->objs[i].relocs[r];
			if (rl->off + 8 > m->objs[i].size || (rl->obj >= 0 && rl->obj >= (int32_t)m->nobjs) ||
			    (rl->obj < 0 && (rl->func < 0 || rl->func >= (int32_t)m->nfuncs)))
				return "bad relocation";
		}
	return NULL;
}

static void invariants(const char *dir)
{
	const char *dirs[] = { dir, "tests/programs" };
	int checked = 0;
	const char *bad = NULL;
	char badname[1024] = "";
	for (size_t d = 0; d < WS_ARRAY_LEN(dirs); d++) {
		DIR *dp = opendir(dirs[d]);
		if (!dp)
			continue;
		struct dirent *e;
		while ((e = readdir(dp))) {
			size_t l = strlen(e->d_name);
			if (l < 4 || strcmp(e->d_name + l - 3, ".cu"))
				continue;
			char path[1024];
			snprintf(path, sizeof(path), "%s/%s", dirs[d], e->d_name);
			struct compilation c;
			compilation_init(&c);
			if (front_compile_file(&c, path, NULL) == 0 && c.mod) {
				const char *why = check_module(c.mod);
				checked++;
				if (why && !bad) {
					bad = why;
					snprintf(badname, sizeof(badname), "%s", path);
				}
			}
			compilation_release(&c);
		}
		closedir(dp);
	}
	ok(checked > 10 && !bad, "IR invariants hold for %d compiled programs%s%s%s", checked,
	   bad ? " (" : "", bad ? bad : "", bad ? ")" : "");
	if (bad)
		printf("# in %s\n", badname);
}

static void api(void)
{
	struct compilation c;
	compilation_init(&c);
	int rc = front_compile_string(&c, "ok.cu",
		"#include <cstdio>\n__global__ void k(int *p) { p[threadIdx.x] = 1; }\n"
		"int main() { int *p; cudaMalloc(&p, 128); k<<<1, 32>>>(p); printf(\"x\\n\"); }\n", NULL);
	ok(rc == 0 && c.mod, "a valid program compiles");
	int kernels = 0;
	if (c.mod) {
		ok(c.mod->main_func >= 0 && !strcmp(c.mod->funcs[c.mod->main_func].name, "main"), "main is found");
		for (uint32_t i = 0; i < c.mod->nfuncs; i++)
			if (c.mod->funcs[i].kind & FN_KERNEL)
				kernels++;
		ok(kernels == 1, "one kernel");
		int ends = 1;
		for (uint32_t i = 0; i < c.mod->nfuncs; i++) {
			const struct ir_func *f = &c.mod->funcs[i];
			enum ir_op last = f->ncode ? (enum ir_op)f->code[f->ncode - 1].op : IR_NOP;
			if (last != IR_RET && last != IR_UNREACHABLE && last != IR_TRAP)
				ends = 0;
		}
		ok(ends, "every function ends in RET/UNREACHABLE/TRAP");
	}
	compilation_release(&c);
	compilation_init(&c);
	rc = front_compile_string(&c, "bad.cu", "__global__ int k() { return 0; }\n", NULL);
	ok(rc == -1 && c.diags.nerrors == 1 && !strcmp(c.diags.v.v[0].code, "cuda-kernel-return"),
	   "a kernel returning int is one cuda-kernel-return error (not reported twice by the two passes)");
	compilation_release(&c);
}

/*
 * What a compilation touches (docs/PERFORMANCE.md, start-up, ninth session):
 * hello world materialises about 56 k tokens and 18 k nodes, so their sizes
 * are most of the compilation arena, whose huge pages the kernel zeroes at
 * first touch. The bounds are what the ninth session reached; the arena's
 * is the eleventh's (9.5 MiB when the host pass preprocesses its prelude,
 * 8.6 MiB when it comes from the tables made at build time, prelude.h, and
 * 0.9 MiB when only the prelude's units the program reaches are made into
 * tokens and parsed, units.h).
 */
#define TOKEN_BUDGET 88
#define NODE_BUDGET 208
#define HELLO_ARENA_BUDGET ((size_t)1280 << 10)
static void footprint(void)
{
	ok(sizeof(struct token) <= TOKEN_BUDGET, "struct token is %zu bytes, within its budget of %d",
	   sizeof(struct token), TOKEN_BUDGET);
	ok(sizeof(struct node) <= NODE_BUDGET, "struct node is %zu bytes, within its budget of %d",
	   sizeof(struct node), NODE_BUDGET);
	struct compilation c;
	compilation_init(&c);
	int rc = front_compile_file(&c, "bench/hello.cu", NULL);
	ok(rc == 0 && c.arena.total <= HELLO_ARENA_BUDGET,
	   "bench/hello.cu compiles in %zu KiB of arena, within its budget of %zu KiB",
	   c.arena.total >> 10, HELLO_ARENA_BUDGET >> 10);
	compilation_release(&c);
}

int main(void)
{
	const char *dir = getenv("WS_FRONT_GOLDEN");
	if (!dir)
		dir = "tests/front/golden";
	tap_start();
	api();
	footprint();
	golden_all(dir);
	invariants(dir);
	robustness();
	truncations(dir);
	return tap_end();
}
