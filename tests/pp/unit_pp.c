/*
 * unit_pp.c - TAP tests of the lexer and the preprocessor, plus the golden
 * files in tests/pp/golden (X.cu preprocessed must equal X.pp; run with
 * --regen to rewrite them).
 */
#include "pp.h"
#include "lex.h"
#include "builtin.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "tap.h"

/* Test-only built-in headers; a weak stub so that the real table wins when linked. */
__attribute__((weak)) const char *builtin_header(const char *name, size_t *len)
{
	static const char *const hdrs[][2] = {
		{ "__ws_pp_stub__", "" },
		{ "cuda_runtime.h", "#pragma once\n#define CUDART_STUB 1\nint cuda_rt_decl;\n" },
		{ "stdio.h", "#ifndef STDIO_H\n#define STDIO_H\nint printf(const char *, ...);\n#endif\n" },
		{ "sub/a.h", "#include \"b.h\"\n" },
		{ "sub/b.h", "int from_b;\n" },
		/* implicit includes for the prelude tests */
		{ "arch.h", "#ifdef __CUDA_ARCH__\nint arch_dev;\n#else\nint arch_host;\n#endif\n" },
		{ "rt2.h", "#include <stdio.h>\n#include <cuda_runtime.h>\n#define RT2_COUNT __COUNTER__\n"
			   "int rt2_count = __COUNTER__;\n#undef CUDART_STUB\n" },
	};
	for (size_t i = 0; i < WS_ARRAY_LEN(hdrs); i++)
		if (!strcmp(name, hdrs[i][0])) {
			if (len)
				*len = strlen(hdrs[i][1]);
			return hdrs[i][1];
		}
	return NULL;
}

struct run {
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl;
	struct token *toks;
	struct strbuf out;
};

static void run_init(struct run *r)
{
	arena_init(&r->a);
	srcmgr_init(&r->sm);
	diaglist_init(&r->dl);
	strbuf_init(&r->out);
	r->toks = NULL;
}

static void run_release(struct run *r)
{
	arena_release(&r->a);
	srcmgr_release(&r->sm);
	diaglist_release(&r->dl);
	strbuf_release(&r->out);
}

static uint32_t add_text(struct run *r, const char *name, const char *text, size_t len)
{
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = 0;
	return srcmgr_add(&r->sm, name, copy, len, 0);
}

static void lex_str(struct run *r, const char *text)
{
	run_init(r);
	uint32_t id = add_text(r, "t.cu", text, strlen(text));
	r->toks = lex_file(&r->a, &r->sm, &r->dl, id);
}

static void pp_opts_str(struct run *r, const char *text, size_t len, const struct pp_opts *o)
{
	run_init(r);
	uint32_t id = add_text(r, "t.cu", text, len);
	r->toks = pp_run(&r->a, &r->sm, &r->dl, id, o);
	pp_print(r->toks, &r->out);
}

static void pp_str(struct run *r, const char *text)
{
	struct pp_opts o = { 0 };
	pp_opts_str(r, text, strlen(text), &o);
}

/* Does the run have a diagnostic with this code (and, if line != 0, position)? */
static int has_diag(struct run *r, const char *code, uint32_t line, uint32_t col)
{
	for (size_t i = 0; i < r->dl.v.len; i++) {
		struct diag *d = &r->dl.v.v[i];
		if (d->code && !strcmp(d->code, code) && (!line || (d->span.line == line && d->span.col == col)))
			return 1;
	}
	return 0;
}

static int nerrors(struct run *r)
{
	return r->dl.nerrors;
}

static const char *out(struct run *r)
{
	return strbuf_cstr(&r->out);
}

/* Expect pp output (trailing newline stripped) and no errors. */
static void pp_expect(const char *src, const char *want, const char *what)
{
	struct run r;
	pp_str(&r, src);
	struct strbuf w;
	strbuf_init(&w);
	strbuf_adds(&w, want);
	if (w.len)
		strbuf_addc(&w, '\n');
	int good = !strcmp(out(&r), strbuf_cstr(&w)) && nerrors(&r) == 0;
	ok(good, "pp: %s", what);
	if (!good) {
		printf("#   got: [%s] errors %d\n#  want: [%s]\n", out(&r), nerrors(&r), want);
		for (size_t i = 0; i < r.dl.v.len; i++)
			printf("#   diag %s: %s\n", r.dl.v.v[i].code ? r.dl.v.v[i].code : "-", r.dl.v.v[i].msg);
	}
	strbuf_release(&w);
	run_release(&r);
}

static void pp_expect_diag(const char *src, const char *code, uint32_t line, uint32_t col, const char *what)
{
	struct run r;
	pp_str(&r, src);
	int good = has_diag(&r, code, line, col);
	ok(good, "pp diag %s at %u:%u: %s", code, line, col, what);
	if (!good)
		for (size_t i = 0; i < r.dl.v.len; i++)
			printf("#   diag %s at %u:%u: %s\n", r.dl.v.v[i].code ? r.dl.v.v[i].code : "-",
			       r.dl.v.v[i].span.line, r.dl.v.v[i].span.col, r.dl.v.v[i].msg);
	run_release(&r);
}

/* --- lexer --- */

static void test_lex_kinds(void)
{
	struct run r;
	lex_str(&r, "a<<<b>>>c::d ... -> <<= >>= ## # __global__ __ws_builtin int x_1 $y");
	enum tok_kind want[] = { TK_IDENT, TK_LAUNCH_OPEN, TK_IDENT, TK_LAUNCH_CLOSE, TK_IDENT, TK_COLONCOLON,
				 TK_IDENT, TK_ELLIPSIS, TK_ARROW, TK_SHLEQ, TK_SHREQ, TK_HASHHASH, TK_HASH,
				 TK_GLOBAL, TK_WS_BUILTIN, TK_INT, TK_IDENT, TK_IDENT, TK_EOF };
	struct token *t = r.toks;
	int good = 1;
	for (size_t i = 0; i < WS_ARRAY_LEN(want); i++, t = t ? t->next : NULL)
		if (!t || t->kind != want[i]) {
			good = 0;
			printf("#   token %zu: got %s want %s\n", i, t ? tok_kind_name(t->kind) : "NULL",
			       tok_kind_name(want[i]));
			break;
		}
	ok(good && nerrors(&r) == 0, "lex: punctuators and keywords");
	ok(!strcmp(tok_kind_name(TK_WHILE), "while") && !strcmp(tok_kind_name(TK_LAUNCH_OPEN), "<<<"),
	   "tok_kind_name");
	run_release(&r);
}

static void check_num(const char *src, enum num_type ty, uint64_t v, const char *code)
{
	struct run r;
	lex_str(&r, src);
	struct token *t = r.toks;
	int good = (t->kind == TK_NUM || t->kind == TK_CHAR) && t->numty == ty && t->ival == v &&
		   t->next->kind == TK_EOF;
	if (code)
		good = good && has_diag(&r, code, 0, 0);
	else
		good = good && r.dl.v.len == 0;
	ok(good, "lex literal %s", src);
	if (!good)
		printf("#   kind %s numty %d ival %llu diags %zu\n", tok_kind_name(t->kind), t->numty,
		       (unsigned long long)t->ival, r.dl.v.len);
	run_release(&r);
}

static void check_float(const char *src, enum num_type ty, double v)
{
	struct run r;
	lex_str(&r, src);
	struct token *t = r.toks;
	ok(t->kind == TK_NUM && t->numty == ty && t->fval == v && r.dl.v.len == 0, "lex float %s", src);
	run_release(&r);
}

static void test_lex_numbers(void)
{
	check_num("42", NUM_INT, 42, NULL);
	check_num("2147483647", NUM_INT, 2147483647, NULL);
	check_num("2147483648", NUM_LONG, 2147483648u, NULL);
	check_num("0x7fffffff", NUM_INT, 0x7fffffff, NULL);
	check_num("0xffffffff", NUM_UINT, 0xffffffffu, NULL);
	check_num("0x100000000", NUM_LONG, 0x100000000ull, NULL);
	check_num("0xffffffffffffffff", NUM_ULONG, UINT64_MAX, NULL);
	check_num("10u", NUM_UINT, 10, NULL);
	check_num("10UL", NUM_ULONG, 10, NULL);
	check_num("10lu", NUM_ULONG, 10, NULL);
	check_num("10l", NUM_LONG, 10, NULL);
	check_num("10LL", NUM_LLONG, 10, NULL);
	check_num("10ull", NUM_ULLONG, 10, NULL);
	check_num("10LLU", NUM_ULLONG, 10, NULL);
	check_num("4294967296u", NUM_ULONG, 4294967296ull, NULL);
	check_num("0777", NUM_INT, 511, NULL);
	check_num("0", NUM_INT, 0, NULL);
	check_num("0b101", NUM_INT, 5, NULL);
	check_num("18446744073709551615", NUM_ULONG, UINT64_MAX, "lex-int-unsigned");
	check_num("99999999999999999999999", NUM_LONG, 200376420520689663ull,
		  "lex-int-too-large");
	check_num("123abc", NUM_INT, 123, "lex-bad-number");
	check_num("09", NUM_INT, 0, "lex-bad-number");
	check_num("10lL", NUM_INT, 10, "lex-bad-number");
	check_float("1.5", NUM_DOUBLE, 1.5);
	check_float("1.5f", NUM_FLOAT, 1.5);
	check_float("2.5F", NUM_FLOAT, 2.5);
	check_float("1e3", NUM_DOUBLE, 1000);
	check_float("1.5e-1", NUM_DOUBLE, 0.15);
	check_float(".5", NUM_DOUBLE, 0.5);
	check_float("3.", NUM_DOUBLE, 3);
	check_float("0x1p4", NUM_DOUBLE, 16);
	check_float("0x1.8p1f", NUM_FLOAT, 3);
	check_float("1.0L", NUM_LDOUBLE, 1);
	check_num("1e", NUM_DOUBLE, 1, "lex-bad-number");
}

static void test_lex_chars(void)
{
	check_num("'a'", NUM_CHAR, 'a', NULL);
	check_num("'\\n'", NUM_CHAR, '\n', NULL);
	check_num("'\\t'", NUM_CHAR, '\t', NULL);
	check_num("'\\\\'", NUM_CHAR, '\\', NULL);
	check_num("'\\''", NUM_CHAR, '\'', NULL);
	check_num("'\"'", NUM_CHAR, '"', NULL);
	check_num("'\\\"'", NUM_CHAR, '"', NULL);
	check_num("'\\0'", NUM_CHAR, 0, NULL);
	check_num("'\\x41'", NUM_CHAR, 'A', NULL);
	check_num("'\\101'", NUM_CHAR, 'A', NULL);
	check_num("'\\377'", NUM_CHAR, (uint64_t)-1, NULL);
	check_num("'ab'", NUM_INT, 0x6162, "lex-multichar");
	check_num("L'a'", NUM_INT, 'a', NULL);
	check_num("''", NUM_CHAR, 0, "lex-empty-char");
	check_num("'\\x100'", NUM_CHAR, 0, "lex-bad-escape");
}

static void test_lex_strings(void)
{
	struct run r;
	lex_str(&r, "\"a\\tb\\x41\\101\\0z\" u8\"hi\" \"\\u00e9\"");
	struct token *t = r.toks;
	ok(t->kind == TK_STR && t->strlen == 7 && !memcmp(t->str, "a\tbAA\0z", 7), "lex: string escapes decoded");
	t = t->next;
	ok(t->kind == TK_STR && t->strlen == 2 && !strcmp(t->str, "hi") && !strcmp(t->text, "u8\"hi\""),
	   "lex: u8 string");
	t = t->next;
	ok(t->kind == TK_STR && t->strlen == 2 && !strcmp(t->str, "\xc3\xa9"), "lex: \\u escape as UTF-8");
	ok(r.dl.v.len == 0, "lex: strings without diagnostics");
	run_release(&r);
}

static void test_lex_spans(void)
{
	struct run r;
	lex_str(&r, "int a;\n  // c\n\tfoo /* x\n y */ bar\nin\\\nt z");
	struct token *t = r.toks;
	ok(t->span.line == 1 && t->span.col == 1 && t->span.len == 3 && t->at_bol, "span of first token");
	t = t->next->next->next; /* foo */
	ok(!strcmp(t->text, "foo") && t->span.line == 3 && t->span.col == 2 && t->at_bol && t->has_space,
	   "span after a comment line");
	t = t->next;
	ok(!strcmp(t->text, "bar") && t->span.line == 4 && t->span.col == 7 && !t->at_bol && t->has_space,
	   "span after a block comment");
	t = t->next;
	ok(t->kind == TK_INT && t->span.line == 5 && t->span.col == 1 && t->span.len == 5 && t->at_bol,
	   "spliced keyword spans the splice");
	t = t->next;
	ok(!strcmp(t->text, "z") && t->span.line == 6 && t->span.col == 3, "span after a splice");
	run_release(&r);
}

static void test_lex_errors(void)
{
	struct run r;
	lex_str(&r, "x = \"abc\ny");
	ok(has_diag(&r, "lex-unterminated-string", 1, 5) && r.toks->next->next->kind == TK_STR &&
	   r.toks->next->next->next->kind == TK_IDENT, "unterminated string: diagnostic, lexing goes on");
	run_release(&r);
	lex_str(&r, "a /* never closed");
	ok(has_diag(&r, "lex-unterminated-comment", 1, 3) && r.toks->next->kind == TK_EOF, "unterminated comment");
	run_release(&r);
	lex_str(&r, "c = 'x;\nd");
	ok(has_diag(&r, "lex-unterminated-char", 1, 5), "unterminated char constant");
	run_release(&r);
	lex_str(&r, "a @ b\n  `");
	ok(has_diag(&r, "lex-bad-char", 1, 3) && has_diag(&r, "lex-bad-char", 2, 3) &&
	   r.toks->next->kind == TK_IDENT, "stray characters");
	run_release(&r);
	static const char nul[] = "a\0\0b";
	run_init(&r);
	uint32_t id = add_text(&r, "n.cu", nul, 4);
	r.toks = lex_file(&r.a, &r.sm, &r.dl, id);
	ok(has_diag(&r, "lex-bad-char", 1, 2) && r.dl.nerrors == 1 && !strcmp(r.toks->next->text, "b"),
	   "NUL bytes: one diagnostic for the run");
	run_release(&r);
	lex_str(&r, "#include <stdio.h>\na < b > c");
	struct token *t = r.toks->next->next;
	ok(t->kind == TK_HEADER && !strcmp(t->str, "stdio.h") && t->next->kind == TK_IDENT &&
	   t->next->next->kind == TK_LT, "header names only after #include");
	run_release(&r);
}

static unsigned long long rng = 88172645463325252ull;
static unsigned next_rand(void)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (unsigned)rng;
}

static void test_lex_random(void)
{
	static const char alphabet[] = "#definclude()\"'\\/*\n ,a1.xX<>#";
	int good = 1;
	for (int i = 0; i < 300; i++) {
		char buf[600];
		size_t n = 1 + next_rand() % sizeof(buf);
		for (size_t k = 0; k < n; k++)
			buf[k] = (i & 1) ? (char)next_rand() : alphabet[next_rand() % (sizeof(alphabet) - 1)];
		struct run r;
		struct pp_opts o = { 0 };
		pp_opts_str(&r, buf, n, &o);
		struct token *t = r.toks;
		size_t count = 0;
		while (t && t->kind != TK_EOF && count < 100000) {
			t = t->next;
			count++;
		}
		if (!t || t->next)
			good = 0;
		run_release(&r);
	}
	ok(good, "300 random inputs (bytes and pp-ish text) lex and preprocess to an EOF-terminated list");
}

/* --- preprocessor --- */

static void test_pp_macros(void)
{
	pp_expect("#define N 10\nint a = N;", "int a = 10;", "object-like macro");
	pp_expect("#define MAX(a, b) ((a) > (b) ? (a) : (b))\nMAX(1, x+2)", "((1) > (x+2) ? (1) : (x+2))",
		  "function-like macro");
	pp_expect("#define F(x) x\nF((a, b))", "(a, b)", "parenthesized comma in an argument");
	pp_expect("#define F(x) #x\nF(a  +  \"b\\n\")", "\"a + \\\"b\\\\n\\\"\"", "stringize");
	pp_expect("#define CAT(a, b) a ## b\nCAT(x, 1) CAT(,y) CAT(z,)", "x1 y z", "token paste");
	pp_expect("#define V(...) f(__VA_ARGS__)\nV() V(1) V(1, 2)", "f() f(1) f(1, 2)", "__VA_ARGS__");
	pp_expect("#define V(fmt, ...) p(fmt, ## __VA_ARGS__)\nV(a) V(a, b)", "p(a) p(a, b)", ", ## __VA_ARGS__");
	pp_expect("#define V(a, ...) g(a __VA_OPT__(,) __VA_ARGS__)\nV(1) V(1, 2)", "g(1) g(1, 2)",
		  "__VA_OPT__");
	pp_expect("#define a a b\na", "a b", "self-recursive macro stops");
	pp_expect("#define x y\n#define y x\nx y", "x y", "mutual recursion stops");
	pp_expect("#define f(x) g(x)\n#define g(x) f(x)\nf(1)", "f(1)", "mutual function-like recursion");
	pp_expect("#define f(a) a*g\n#define g(a) f(a)\nf(2)(9)", "2*9*g", "the C standard's f(2)(9) example");
	pp_expect("#define E\n#define F() E x\nF()", "x", "empty expansion");
	pp_expect("#define F(x) x\nF\n(1) F", "1 F", "function-like name without parentheses");
	pp_expect("#define N 1\n#undef N\nN", "N", "#undef");
	pp_expect("#define str(x) #x\n#define xstr(x) str(x)\n#define V 42\nxstr(V) str(V)", "\"42\" \"V\"",
		  "argument pre-expansion but not for #");
	pp_expect("#define H(x) x ## x\nH(<)", "<<", "paste of punctuators");
	pp_expect("#define K(x) x ## int\nK(unsigned )", "unsignedint", "paste giving an identifier");
	pp_expect_diag("#define P(a,b) a##b\nP(+,/)", "pp-bad-paste", 2, 3, "invalid paste");
	pp_expect_diag("#define F(a,b) a\nF(1)", "pp-macro-args", 2, 1, "too few arguments");
	pp_expect_diag("#define F(a) a\nF(1,2)", "pp-macro-args", 2, 1, "too many arguments");
	pp_expect_diag("#define F(a) a\nF(1", "pp-macro-args", 2, 1, "unterminated argument list");
	pp_expect_diag("#define F(a) #b\n", "pp-bad-define", 1, 14, "# not followed by a parameter");
	pp_expect_diag("#define F(a) ## a\n", "pp-bad-define", 1, 14, "## at the start");
	pp_expect_diag("#define F(a,) a\n", "pp-bad-define", 0, 0, "bad parameter list");
	pp_expect_diag("#define 3 x\n", "pp-bad-define", 1, 9, "macro name must be an identifier");

	struct run r;
	pp_str(&r, "#define TWICE(x) (x + x)\nint v = TWICE(y);");
	struct token *t = r.toks;
	while (t->kind != TK_LPAREN)
		t = t->next;
	ok(t->span.line == 2 && t->span.col == 9 && t->origin.line == 1 && t->origin.col == 18,
	   "macro token: span = expansion point, origin = body");
	t = t->next;
	ok(!strcmp(t->text, "y") && t->span.line == 2, "argument token keeps the call-site line");
	ok(r.toks->at_bol && t->kind == TK_IDENT, "first output token at_bol");
	run_release(&r);
}

/* Arguments a parameter uses outside # and ##: an argument in which no
 * macro can expand is its own expansion (pp.c, expand_arg: no copy since
 * the ninth session); the others are expanded first. */
static void test_pp_args(void)
{
	pp_expect("#define TWO(x) x x\nTWO(a b)", "a b a b", "a plain argument used twice");
	pp_expect("#define TWO(x) x x\n#define N 7\nTWO(N q)", "7 q 7 q", "an argument with a macro, expanded once");
	pp_expect("#define ID(x) x\n#define G(y) [y]\nID(G)(1)", "[1]",
		  "a function-like macro's name as the argument, called after substitution");
	pp_expect("#define ID(x) x\nID(_Pragma(\"once\") b)", "b", "_Pragma in an argument");
	pp_expect("#define ID(x) x\nID(ID(c) d)", "c d", "a macro call in an argument");
	pp_expect("#define ID(x) x\n#define P(x) <x>\nID(P)(P(e))", "<<e>>", "a name, then a call, in arguments");
	pp_expect("#define TWO(x) x x\n#define S(x) #x TWO(x)\nS(a + b)", "\"a + b\" a + b a + b",
		  "one argument stringized and substituted");

	struct run r;
	pp_str(&r, "#define ID(x) (x)\nint v = ID(y);");
	struct token *t = r.toks;
	while (t->kind != TK_IDENT || strcmp(t->text, "y"))
		t = t->next;
	ok(t->span.line == 2 && t->span.col == 9 && t->origin.line == 2 && t->origin.col == 12,
	   "a plain argument's token: span = expansion point, origin = where it was written");
	run_release(&r);
}

static void test_pp_conditionals(void)
{
	pp_expect("#if 1\na\n#else\nb\n#endif", "a", "#if 1");
	pp_expect("#if 0\na\n#elif 2 > 1\nb\n#else\nc\n#endif", "b", "#elif");
	pp_expect("#if 0\na\n#elif 0\nb\n#else\nc\n#endif", "c", "#else");
	pp_expect("#define X\n#ifdef X\na\n#endif\n#ifndef X\nb\n#endif", "a", "#ifdef/#ifndef");
	pp_expect("#if defined(X) || defined Y\na\n#else\nb\n#endif", "b", "defined");
	pp_expect("#define X 0\n#if defined X && !X\na\n#endif", "a", "defined and value");
	pp_expect("#if UNKNOWN == 0 && !UNKNOWN2\na\n#endif", "a", "unknown identifiers are 0");
	pp_expect("#if (2 + 3 * 4 - 10 / 2 % 3) == 12\na\n#endif", "a", "arithmetic precedence");
	pp_expect("#if -1 > 0u\na\n#endif", "a", "unsigned conversion");
	pp_expect("#if -1 < 0\na\n#endif", "a", "signed comparison");
	pp_expect("#if (1 << 62) >> 61 == 2 && (~0 & 0xff) == 255 && (5 ^ 3) == 6 && (4 | 1) == 5\na\n#endif",
		  "a", "bit operators");
	pp_expect("#if 1 ? 2 : (1/0)\na\n#endif", "a", "?: and short circuit");
	pp_expect("#if 0 && (1 / 0)\n#else\nb\n#endif", "b", "&& short circuit avoids division by zero");
	pp_expect("#if 'A' == 65 && '\\n' == 10\na\n#endif", "a", "character constants in #if");
	pp_expect("#if true && !false\na\n#endif", "a", "true/false in #if");
	pp_expect("#if 0\n#if 1\nx\n#else\ny\n#endif\n#elif 1\nz\n#endif", "z", "nested skipped groups");
	pp_expect("#if 0\n#bogus\n'unterminated\n#endif\nok", "ok", "skipped groups tolerate junk");
	pp_expect("#define V 3\n#if V >= 2 && V < 5\nin\n#endif", "in", "macros in #if");
	pp_expect("#if __has_include(\"nonexistent.h\")\na\n#else\nb\n#endif", "b", "__has_include");
	pp_expect_diag("#if 1/0\n#endif", "pp-if-syntax", 1, 6, "division by zero");
	pp_expect_diag("#if\n#endif", "pp-if-syntax", 1, 2, "#if with no expression");
	pp_expect_diag("#if (1\n#endif", "pp-if-syntax", 0, 0, "missing )");
	pp_expect_diag("#if 1.5\n#endif", "pp-if-syntax", 1, 5, "float in #if");
	pp_expect_diag("#if 1\nx", "pp-unterminated-if", 1, 1, "unterminated #if");
	pp_expect_diag("#endif", "pp-stray-directive", 1, 2, "stray #endif");
	pp_expect_diag("#else", "pp-stray-directive", 1, 2, "stray #else");
	pp_expect_diag("#if 1\n#else\n#else\n#endif", "pp-stray-directive", 3, 2, "#else after #else");
}

static void test_pp_directives(void)
{
	pp_expect_diag("\n  #error stop  here\n", "pp-error", 2, 4, "#error");
	struct run r;
	pp_str(&r, "#error stop  here now");
	ok(r.dl.v.len == 1 && !strcmp(r.dl.v.v[0].msg, "#error stop here now"), "#error message");
	run_release(&r);
	pp_expect_diag("#warning careful\n", "pp-warning", 1, 2, "#warning");
	pp_expect_diag("#frobnicate\n", "pp-bad-directive", 1, 2, "unknown directive");
	pp_expect("#\nx", "x", "null directive");
	pp_expect("#pragma unroll\n#pragma unroll 4\n#pragma omp parallel\nx _Pragma(\"unroll\") y", "x y",
		  "pragmas dropped");
	pp_expect("__LINE__\n#line 100\n__LINE__\n#line 7 \"f.cu\"\n__FILE__ __LINE__", "1\n\n100\n\n\"f.cu\" 7",
		  "#line, __LINE__, __FILE__");
	pp_expect("__FILE__", "\"t.cu\"", "__FILE__");
	pp_expect("__COUNTER__ __COUNTER__ __COUNTER__", "0 1 2", "__COUNTER__");
	pp_expect("__DATE__ __TIME__", "\"Jan  1 2026\" \"00:00:00\"", "__DATE__ and __TIME__");
	pp_expect("#define L __LINE__\nL\nL", "2\n3", "__LINE__ through a macro is the expansion line");
	pp_expect("__cplusplus __CUDACC__ __NVCC__ __CUDACC_VER_MAJOR__ __CUDACC_VER_MINOR__ __WARPSTEP__",
		  "201703L 1 1 13 0 1", "predefined macros (nvcc 13.0 by default)");
	pp_expect("__x86_64__ __linux__ __LP64__ __CHAR_BIT__ __SIZEOF_INT__ __SIZEOF_LONG__ __SIZEOF_POINTER__",
		  "1 1 1 8 4 8 8", "target macros");
	pp_expect("#ifdef __CUDA_ARCH__\ndev\n#else\nhost\n#endif", "host", "no __CUDA_ARCH__ on the host pass");

	const char *defs[] = { "N=5", "FLAG", "E=", NULL };
	struct pp_opts o = { .cuda_arch = 900, .defines = defs };
	const char *src = "__CUDA_ARCH__ N FLAG [E]";
	pp_opts_str(&r, src, strlen(src), &o);
	ok(!strcmp(out(&r), "900 5 1 []\n"), "__CUDA_ARCH__ and -D defines");
	run_release(&r);
}

static void write_file(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

static void test_pp_include(void)
{
	char dir[] = "/tmp/ws_pp_XXXXXX";
	if (!mkdtemp(dir)) {
		ok(0, "mkdtemp");
		return;
	}
	char p[256], inc[256];
	snprintf(inc, sizeof(inc), "%s/inc", dir);
	mkdir(inc, 0700);
#define W(name, text) (snprintf(p, sizeof(p), "%s/%s", dir, name), write_file(p, text))
	W("g.h", "#ifndef G_H\n#define G_H\nint g;\n#endif\n");
	W("once.h", "#pragma once\nint once;\n");
	W("self.h", "#include \"self.h\"\n");
	W("inc/other.h", "int other;\n#include \"near.h\"\n");
	W("inc/near.h", "int near;\n");
	W("bad.h", "#if 1\nint bad;\n");
	W("main.cu", "#include \"g.h\"\n#include \"g.h\"\n#include \"once.h\"\n#include \"once.h\"\n"
		     "#include <other.h>\n#define HDR \"g.h\"\n#include HDR\nend\n");
	struct run r;
	run_init(&r);
	snprintf(p, sizeof(p), "%s/main.cu", dir);
	size_t len;
	const char *err;
	char *text = util_read_file(p, &len, &err);
	uint32_t id = srcmgr_add(&r.sm, p, text, len, 0);
	const char *dirs[] = { inc, NULL };
	struct pp_opts o = { .include_dirs = dirs };
	r.toks = pp_run(&r.a, &r.sm, &r.dl, id, &o);
	pp_print(r.toks, &r.out);
	ok(!strcmp(out(&r), "int g;\nint once;\nint other;\nint near;\nend\n") && nerrors(&r) == 0,
	   "#include: relative, guards, #pragma once, include dirs, macro-named");
	if (strcmp(out(&r), "int g;\nint once;\nint other;\nint near;\nend\n"))
		printf("#   got [%s]\n", out(&r));
	run_release(&r);

	W("m2.cu", "#include \"self.h\"\nx\n");
	run_init(&r);
	snprintf(p, sizeof(p), "%s/m2.cu", dir);
	text = util_read_file(p, &len, &err);
	id = srcmgr_add(&r.sm, p, text, len, 0);
	r.toks = pp_run(&r.a, &r.sm, &r.dl, id, &o);
	ok(has_diag(&r, "pp-include-depth", 1, 10) && nerrors(&r) == 1, "recursive #include stops at depth 200");
	run_release(&r);

	W("m3.cu", "#include \"bad.h\"\n#include \"missing.h\"\n#include\nx\n");
	run_init(&r);
	snprintf(p, sizeof(p), "%s/m3.cu", dir);
	text = util_read_file(p, &len, &err);
	id = srcmgr_add(&r.sm, p, text, len, 0);
	r.toks = pp_run(&r.a, &r.sm, &r.dl, id, &o);
	pp_print(r.toks, &r.out);
	ok(has_diag(&r, "pp-unterminated-if", 1, 1) && has_diag(&r, "pp-include-not-found", 2, 10) &&
	   has_diag(&r, "pp-bad-include", 0, 0) && strstr(out(&r), "x"),
	   "unterminated #if in a header, missing header, #include without a name");
	run_release(&r);
	const char *names[] = { "g.h", "once.h", "self.h", "inc/other.h", "inc/near.h", "bad.h", "main.cu",
				"m2.cu", "m3.cu" };
	for (size_t i = 0; i < WS_ARRAY_LEN(names); i++) {
		snprintf(p, sizeof(p), "%s/%s", dir, names[i]);
		remove(p);
	}
	rmdir(inc);
	rmdir(dir);
#undef W
}

static void test_pp_builtin(void)
{
	if (!builtin_header("__ws_pp_stub__", NULL)) {
		printf("ok %d # SKIP the real built-in headers are linked\n", ++tap_ntest);
		return;
	}
	pp_expect("#include <stdio.h>\n#include \"stdio.h\"\nx", "x", "built-in headers via <> and \"\"");
	struct run r;
	const char *src = "CUDART_STUB\n#include <sub/a.h>\n#include <cuda_runtime.h>\n";
	struct pp_opts o = { .implicit_include = "cuda_runtime.h" };
	pp_opts_str(&r, src, strlen(src), &o);
	ok(!strcmp(out(&r), "1\n") && nerrors(&r) == 0, "implicit include; built-in tokens not printed");
	struct token *t = r.toks;
	int n_rt = 0, n_b = 0;
	for (; t; t = t->next) {
		n_rt += !strcmp(t->text, "cuda_rt_decl") && t->from_builtin;
		n_b += !strcmp(t->text, "from_b") && t->from_builtin;
	}
	ok(n_rt == 1 && n_b == 1, "built-in tokens present once, from_builtin set; quoted include inside a built-in");
	run_release(&r);
	pp_expect_diag("#include <nope.h>\n", "pp-include-not-found", 1, 10, "missing built-in header");
}

/* count the tokens spelled name in a pass's output */
static int count_ident(const struct token *t, const char *name)
{
	int n = 0;
	for (; t; t = t->next)
		n += t->kind == TK_IDENT && t->len == strlen(name) && !memcmp(t->text, name, t->len);
	return n;
}

/* host then device pass over src with implicit include inc, sharing one
 * pp_shared as front.c does; their tokens in *host (a copy: the passes
 * share the prelude's tokens, and the device pass relinks the last) and
 * *dev; returns pp_shared_prelude */
static int two_passes(struct run *r, const char *src, const char *inc, struct token **host, struct token **dev)
{
	run_init(r);
	uint32_t id = add_text(r, "t.cu", src, strlen(src));
	struct pp_opts o = { .implicit_include = inc, .shared = pp_shared_new() };
	struct token head, *cur = &head;
	for (struct token *t = pp_run(&r->a, &r->sm, &r->dl, id, &o); t; t = t->next) {
		cur = cur->next = arena_alloc(&r->a, sizeof(*t));
		*cur = *t;
	}
	cur->next = NULL;
	*host = head.next;
	o.cuda_arch = 900;
	*dev = pp_run(&r->a, &r->sm, &r->dl, id, &o);
	int st = pp_shared_prelude(o.shared);
	pp_shared_free(o.shared);
	return st;
}

/* the prebuilt prelude (prelude.h) is made from the real headers: with
 * other texts under the same names, each pass preprocesses its prelude */
static void test_pp_prebuilt_stub(void)
{
	if (!builtin_header("__ws_pp_stub__", NULL)) {
		printf("ok %d # SKIP the real built-in headers are linked\n", ++tap_ntest);
		return;
	}
	struct run r;
	run_init(&r);
	uint32_t id = add_text(&r, "t.cu", "int x = CUDART_STUB;\n", 21);
	struct pp_opts o = { .implicit_include = "cuda_runtime.h", .shared = pp_shared_new() };
	struct token *toks = pp_run(&r.a, &r.sm, &r.dl, id, &o);
	int num1 = 0;
	for (struct token *t = toks; t; t = t->next)
		num1 += t->kind == TK_NUM && t->ival == 1;
	ok(!pp_shared_prebuilt(o.shared) && count_ident(toks, "cuda_rt_decl") == 1 && num1 == 1 && nerrors(&r) == 0,
	   "prebuilt prelude: stub headers of the same names are preprocessed, not loaded from the tables");
	pp_shared_free(o.shared);
	run_release(&r);
}

static void test_pp_prelude(void)
{
	if (!builtin_header("__ws_pp_stub__", NULL)) {
		printf("ok %d # SKIP the real built-in headers are linked\n", ++tap_ntest);
		return;
	}
	struct run r;
	struct token *h, *d;
	int st = two_passes(&r, "int x;\n", "arch.h", &h, &d);
	ok(st == -1 && count_ident(h, "arch_host") == 1 && count_ident(h, "arch_dev") == 0 &&
	   count_ident(d, "arch_dev") == 1 && count_ident(d, "arch_host") == 0 && nerrors(&r) == 0,
	   "prelude: an implicit include testing __CUDA_ARCH__ is refused, each pass gets its own tokens");
	run_release(&r);
	/* the device pass continues from the host's state: #pragma once, include
	 * guards, #undef, __COUNTER__ */
	const char *src = "#include <cuda_runtime.h>\n#include <stdio.h>\n#ifdef CUDART_STUB\nint stub_defined;\n#endif\n"
			  "int c = __COUNTER__; int arch = __CUDA_ARCH__;\n";
	st = two_passes(&r, src, "rt2.h", &h, &d);
	int dev_arch = 0, dev_count = -1, host_count = -1, host_arch = 0;
	for (struct token *t = d; t; t = t->next) {
		if (t->kind == TK_IDENT && !strcmp(t->text, "arch") && t->next->next->kind == TK_NUM)
			dev_arch = (int)t->next->next->ival;
		if (t->kind == TK_IDENT && !strcmp(t->text, "c") && t->next->next->kind == TK_NUM)
			dev_count = (int)t->next->next->ival;
	}
	for (struct token *t = h; t; t = t->next) {
		if (t->kind == TK_IDENT && !strcmp(t->text, "arch") && t->next->next->kind == TK_IDENT)
			host_arch = 1;
		if (t->kind == TK_IDENT && !strcmp(t->text, "c") && t->next->next->kind == TK_NUM)
			host_count = (int)t->next->next->ival;
	}
	ok(st == 1 && nerrors(&r) == 0, "prelude: an implicit include not testing __CUDA_ARCH__ is shared");
	ok(count_ident(d, "cuda_rt_decl") == 1 && count_ident(d, "printf") == 1 && count_ident(d, "rt2_count") == 1 &&
	   count_ident(h, "cuda_rt_decl") == 1 && count_ident(h, "printf") == 1,
	   "prelude: #pragma once and include guards carry over to the device pass");
	ok(!count_ident(d, "stub_defined") && !count_ident(h, "stub_defined"), "prelude: #undef carries over");
	ok(host_count == 1 && dev_count == 1, "prelude: __COUNTER__ carries over (host %d, device %d)", host_count,
	   dev_count);
	ok(host_arch && dev_arch == 900, "prelude: __CUDA_ARCH__ defined in the device pass only");
	run_release(&r);
}

static char *repeat(const char *a, long n, const char *mid, const char *b)
{
	struct strbuf sb;
	strbuf_init(&sb);
	for (long i = 0; i < n; i++)
		strbuf_adds(&sb, a);
	strbuf_adds(&sb, mid);
	for (long i = 0; i < n; i++)
		strbuf_adds(&sb, b);
	return strbuf_detach(&sb);
}

static void test_pp_limits(void)
{
	struct run r;
	char *s = repeat("#if 1\n", 100000, "deep\n", "#endif\n");
	pp_str(&r, s);
	ok(!strcmp(out(&r), "deep\n") && nerrors(&r) == 0, "100000 nested #if");
	run_release(&r);
	free(s);
	s = repeat("#if 0\n", 100000, "deep\n", "#endif\n");
	pp_str(&r, s);
	ok(!strcmp(out(&r), "") && nerrors(&r) == 0, "100000 nested skipped #if");
	run_release(&r);
	free(s);
	s = repeat("(", 100000, "#if ", ")");
	char *s2 = repeat("", 0, "", "");
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_adds(&sb, "#if ");
	for (int i = 0; i < 100000; i++)
		strbuf_addc(&sb, '(');
	strbuf_addc(&sb, '1');
	for (int i = 0; i < 100000; i++)
		strbuf_addc(&sb, ')');
	strbuf_adds(&sb, "\n#endif\nx\n");
	pp_str(&r, sb.buf);
	ok(has_diag(&r, "pp-if-syntax", 0, 0) && strstr(out(&r), "x"), "100000 nested parentheses in #if");
	run_release(&r);
	strbuf_reset(&sb);
	strbuf_adds(&sb, "#define f(x) x\nf(");
	for (int i = 0; i < 100000; i++)
		strbuf_addc(&sb, '(');
	for (int i = 0; i < 100000; i++)
		strbuf_addc(&sb, ')');
	strbuf_adds(&sb, ")\n");
	pp_str(&r, sb.buf);
	ok(nerrors(&r) == 0 && r.out.len == 200001, "100000 nested parentheses in a macro argument");
	run_release(&r);
	strbuf_reset(&sb);
	strbuf_adds(&sb, "#define f(x) x\n");
	for (int i = 0; i < 100000; i++)
		strbuf_adds(&sb, "f(");
	strbuf_addc(&sb, '1');
	for (int i = 0; i < 100000; i++)
		strbuf_addc(&sb, ')');
	pp_str(&r, sb.buf);
	ok(has_diag(&r, "pp-expansion-limit", 0, 0), "100000 nested macro calls: bounded, diagnosed");
	run_release(&r);
	strbuf_release(&sb);
	free(s);
	free(s2);
	pp_str(&r, "#define a b b\n#define b c c\n#define c d d\n#define d e e\n#define e f f\n#define f g g\n"
		   "#define g h h\n#define h i i\n#define i j j\n#define j k k\n#define k l l\n#define l m m\n"
		   "#define m n n\n#define n o o\n#define o p p\n#define p q q\n#define q r r\n#define r s s\n"
		   "#define s t t\n#define t u u\n#define u v v\n#define v w w\n#define w x x\n#define x y y\n"
		   "a\n");
	ok(has_diag(&r, "pp-expansion-limit", 25, 1), "exponential expansion: macro expansion too large");
	ok(r.dl.v.len >= 1 && strstr(r.dl.v.v[0].msg, "macro expansion too large") != NULL,
	   "message says macro expansion too large");
	run_release(&r);
	pp_str(&r, "#define F(x) F(x) F(x)\nF(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(F(1)))))))))))))))))))))\n");
	ok(1, "nested self-referential function-like macro terminates (%d errors)", nerrors(&r));
	run_release(&r);
	pp_expect_diag("int x = 99999999999999999999999;", "lex-int-too-large", 1, 9, "huge literal via pp");
	pp_expect_diag("#define S \"abc\nS", "lex-unterminated-string", 1, 11,
		       "unterminated string in #define, reported where written when used");
	pp_expect_diag("x /* y", "lex-unterminated-comment", 1, 3, "unterminated comment via pp");
	pp_expect("#if 0\nint x = 0x;\n#endif\nok", "ok", "bad numbers in skipped groups are not errors");
}

/* --- golden files --- */

static int golden_one(const char *dir, const char *name, int regen)
{
	char path[1024], want_path[1024];
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	snprintf(want_path, sizeof(want_path), "%s/%.*s.pp", dir, (int)(strlen(name) - 3), name);
	struct run r;
	run_init(&r);
	size_t len;
	const char *err;
	char *text = util_read_file(path, &len, &err);
	if (!text) {
		run_release(&r);
		return 0;
	}
	uint32_t id = srcmgr_add(&r.sm, name, text, len, 0);
	struct pp_opts o = { 0 };
	r.toks = pp_run(&r.a, &r.sm, &r.dl, id, &o);
	pp_print(r.toks, &r.out);
	for (size_t i = 0; i < r.dl.v.len; i++) {
		struct diag *d = &r.dl.v.v[i];
		strbuf_addf(&r.out, "// %s:%u:%u: %s [%s]\n", d->level == DIAG_ERROR ? "error" : "warning",
			    d->span.line, d->span.col, d->msg, d->code ? d->code : "");
	}
	int good;
	if (regen) {
		write_file(want_path, out(&r));
		good = 1;
	} else {
		char *want = util_read_file(want_path, &len, &err);
		good = want && !strcmp(want, out(&r));
		if (!good)
			printf("# --- got for %s:\n%s", name, out(&r));
		free(want);
	}
	run_release(&r);
	return good;
}

static void test_golden(int regen)
{
	const char *dirs[] = { "tests/pp/golden", "../tests/pp/golden", "golden" };
	for (size_t i = 0; i < WS_ARRAY_LEN(dirs); i++) {
		DIR *d = opendir(dirs[i]);
		if (!d)
			continue;
		struct dirent *e;
		VEC(char *) names = { 0 };
		while ((e = readdir(d))) {
			size_t n = strlen(e->d_name);
			if (n > 3 && !strcmp(e->d_name + n - 3, ".cu"))
				vec_push(&names, xstrdup(e->d_name));
		}
		closedir(d);
		for (size_t k = 0; k < names.len; k++) {
			ok(golden_one(dirs[i], names.v[k], regen), "golden %s", names.v[k]);
			free(names.v[k]);
		}
		vec_free(&names);
		return;
	}
	printf("ok %d # SKIP golden directory not found\n", ++tap_ntest);
}

int main(int argc, char **argv)
{
	int regen = argc > 1 && !strcmp(argv[1], "--regen");
	tap_start();
	test_lex_kinds();
	test_lex_numbers();
	test_lex_chars();
	test_lex_strings();
	test_lex_spans();
	test_lex_errors();
	test_lex_random();
	test_pp_macros();
	test_pp_args();
	test_pp_conditionals();
	test_pp_directives();
	test_pp_include();
	test_pp_builtin();
	test_pp_prebuilt_stub();
	test_pp_prelude();
	test_pp_limits();
	test_golden(regen);
	return tap_end();
}
