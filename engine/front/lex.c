/*
 * lex.c - the lexer: bytes to tokens.
 *
 * Backslash-newlines are spliced into a private copy of the text, with a map
 * back to original offsets so that spans (offset, line, column) always point
 * into the file as written. Every malformed construct becomes a diagnostic
 * and lexing goes on; nothing here allocates outside the arena except the
 * splice buffer, which is freed before returning.
 */
#include "lex.h"
#include "pp.h"

#include <limits.h>
#include <stdlib.h>
#include <pthread.h>
#include <string.h>

struct lexer {
	struct arena *a;
	struct diaglist *dl;
	const char *orig; /* original text, for line/col */
	size_t origlen;
	const char *buf;  /* spliced text, NUL-padded */
	size_t len;
	uint32_t *map;    /* spliced offset -> original offset; NULL: identity */
	uint32_t file;
	int flags;
	/* incremental line tracking over orig */
	size_t lp_off;
	uint32_t lp_line;
	size_t lp_start;
	struct token *cur;
	int at_bol, has_space;
	int dir_state; /* 1: saw '#' at line start, 2: saw "#include" */
};

static const char *const tok_spell[TK_COUNT] = {
#define TOK(n, s) s,
#define KW(n, s) s,
#include "tokens.def"
#undef TOK
#undef KW
};

/* Each spelling's length, known at compile time: the lexer runs over every
 * built-in header a program includes, and measuring spellings there was a
 * fifth of a hello world's start-up. */
static const uint8_t tok_len[TK_COUNT] = {
#define TOK(n, s) sizeof(s) - 1,
#define KW(n, s) sizeof(s) - 1,
#include "tokens.def"
#undef TOK
#undef KW
};

/* Keywords and punctuators by their first byte, longest spelling first
 * (among equal lengths in tokens.def's order), built once. */
#define FIRST_MAX 24
static uint8_t kw_first[128][FIRST_MAX], kw_nfirst[128];
static uint8_t punct_first[128][FIRST_MAX], punct_nfirst[128];
static pthread_once_t first_once = PTHREAD_ONCE_INIT;

static void first_add(uint8_t list[][FIRST_MAX], uint8_t *count, int k)
{
	unsigned char c = (unsigned char)tok_spell[k][0];
	if (c >= 128 || count[c] >= FIRST_MAX)
		return; /* never: tokens.def spells in ASCII, a few per first byte */
	int i = count[c]++;
	while (i > 0 && tok_len[list[c][i - 1]] < tok_len[k]) {
		list[c][i] = list[c][i - 1];
		i--;
	}
	list[c][i] = (uint8_t)k;
}

static void first_build(void)
{
	_Static_assert(TK_COUNT <= 256, "token kinds must fit a byte");
	for (int k = TK_AUTO; k < TK_COUNT; k++)
		first_add(kw_first, kw_nfirst, k);
	for (int k = TK_LPAREN; k <= TK_LAUNCH_CLOSE; k++)
		first_add(punct_first, punct_nfirst, k);
}

enum tok_kind lex_keyword(const char *s, size_t n)
{
	unsigned char c = (unsigned char)s[0];
	if (n < 2 || n > 20 || c >= 128)
		return TK_IDENT;
	pthread_once(&first_once, first_build);
	for (int i = 0; i < kw_nfirst[c]; i++) {
		int k = kw_first[c][i];
		if (tok_len[k] == n && !memcmp(tok_spell[k], s, n))
			return (enum tok_kind)k;
	}
	return TK_IDENT;
}

static uint32_t orig_off(struct lexer *lx, size_t p)
{
	if (p > lx->len)
		p = lx->len;
	return lx->map ? lx->map[p] : (uint32_t)p;
}

/* Line and column of original offset off (monotonic calls are O(1) amortized). */
static void line_col(struct lexer *lx, size_t off, uint32_t *line, uint32_t *col)
{
	if (off < lx->lp_off) {
		lx->lp_off = 0;
		lx->lp_line = 1;
		lx->lp_start = 0;
	}
	const char *t = lx->orig;
	while (lx->lp_off < off) {
		const char *nl = memchr(t + lx->lp_off, '\n', off - lx->lp_off);
		if (!nl) {
			lx->lp_off = off;
			break;
		}
		lx->lp_line++;
		lx->lp_off = (size_t)(nl - t) + 1;
		lx->lp_start = lx->lp_off;
	}
	*line = lx->lp_line;
	*col = (uint32_t)(off - lx->lp_start) + 1;
}

static struct span span_of(struct lexer *lx, size_t start, size_t end)
{
	struct span sp;
	sp.file = lx->file;
	sp.off = orig_off(lx, start);
	uint32_t e = end > start ? orig_off(lx, end - 1) + 1 : sp.off;
	sp.len = e - sp.off;
	line_col(lx, sp.off, &sp.line, &sp.col);
	return sp;
}

static void lex_err(struct lexer *lx, size_t start, size_t end, int lvl, const char *code,
		    const char *msg)
{
	if (lx->flags & LEX_QUIET)
		return;
	diag_add(lx->dl, (enum diag_level)lvl, span_of(lx, start, end), code, "%s", msg);
}

static int is_ident_start(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static int is_digit(int c)
{
	return c >= '0' && c <= '9';
}

static int is_ident_char(int c)
{
	return is_ident_start(c) || is_digit(c);
}

static int hex_val(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

static struct token *new_token(struct lexer *lx, enum tok_kind kind, size_t start, size_t end)
{
	struct token *t = arena_alloc(lx->a, sizeof(*t));
	t->kind = kind;
	t->span = span_of(lx, start, end);
	t->text = arena_strndup(lx->a, lx->buf + start, end - start);
	t->len = (uint32_t)(end - start);
	t->at_bol = lx->at_bol;
	t->has_space = lx->has_space;
	t->from_builtin = (lx->flags & LEX_BUILTIN) != 0;
	lx->at_bol = 0;
	lx->has_space = 0;
	lx->cur->next = t;
	lx->cur = t;
	return t;
}

/* --- numbers --- */

static int parse_int_suffix(const char *s, int *u, int *l)
{
	*u = 0;
	*l = 0;
	while (*s) {
		if ((*s == 'u' || *s == 'U') && !*u) {
			*u = 1;
			s++;
		} else if ((*s == 'l' || *s == 'L') && !*l) {
			if (s[1] == s[0]) {
				*l = 2;
				s += 2;
			} else {
				*l = 1;
				s++;
			}
		} else {
			return -1;
		}
	}
	return 0;
}

static enum num_type int_type(uint64_t v, int dec, int u, int l, int *too_big_signed)
{
	*too_big_signed = 0;
	if (u)
		return l == 2 ? NUM_ULLONG : l == 1 || v > UINT_MAX ? NUM_ULONG : NUM_UINT;
	if (l == 2) {
		if (v <= LLONG_MAX)
			return NUM_LLONG;
		*too_big_signed = dec;
		return NUM_ULLONG;
	}
	if (!l && v <= INT_MAX)
		return NUM_INT;
	if (!l && !dec && v <= UINT_MAX)
		return NUM_UINT;
	if (v <= LONG_MAX)
		return NUM_LONG;
	*too_big_signed = dec;
	return NUM_ULONG;
}

static void num_err(struct token *t, struct diaglist *dl, int lvl, const char *code, const char *pre,
		    const char *arg, const char *post)
{
	if (dl)
		diag_add(dl, (enum diag_level)lvl, t->span, code, "%s%s%s", pre, arg, post);
}

static int lex_float(struct token *t, struct diaglist *dl)
{
	size_t n = t->len;
	char last = t->text[n - 1];
	t->numty = NUM_DOUBLE;
	if (last == 'f' || last == 'F') {
		t->numty = NUM_FLOAT;
		n--;
	} else if (last == 'l' || last == 'L') {
		t->numty = NUM_LDOUBLE;
		n--;
	}
	char tmp[128];
	char *copy = n < sizeof(tmp) ? tmp : xmalloc(n + 1);
	memcpy(copy, t->text, n);
	copy[n] = 0;
	char *end;
	t->fval = strtod(copy, &end);
	int ok = end == copy + n && n > 0;
	if (copy != tmp)
		free(copy);
	/* the cast is undefined outside long's range (1e999 is inf): clamp */
	t->ival = t->fval >= -9.2e18 && t->fval <= 9.2e18 ? (uint64_t)(int64_t)t->fval : 0;
	if (!ok) {
		num_err(t, dl, DIAG_ERROR, "lex-bad-number", "invalid floating constant '", t->text, "'");
		return -1;
	}
	return 0;
}

int lex_number(struct token *t, struct diaglist *dl)
{
	const char *s = t->text;
	size_t n = t->len, i = 0;
	int base = 10;
	t->numty = NUM_INT;
	t->ival = 0;
	t->fval = 0;
	if (n == 0)
		return -1;
	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && (hex_val(s[2]) >= 0 || s[2] == '.')) {
		base = 16;
		i = 2;
		if (strpbrk(s, ".pP"))
			return lex_float(t, dl);
	} else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B') && (s[2] == '0' || s[2] == '1')) {
		base = 2;
		i = 2;
	} else {
		if (strpbrk(s, ".eE"))
			return lex_float(t, dl);
		if (s[0] == '0')
			base = 8;
	}
	uint64_t v = 0;
	int overflow = 0;
	for (; i < n; i++) {
		int d = hex_val((unsigned char)s[i]);
		if (d < 0 || d >= base)
			break;
		if (v > (UINT64_MAX - (uint64_t)d) / (uint64_t)base)
			overflow = 1;
		v = v * (uint64_t)base + (uint64_t)d;
	}
	int u, l, big;
	t->ival = v;
	if (base == 8 && is_digit(s[i])) {
		char d[2] = { s[i], 0 };
		num_err(t, dl, DIAG_ERROR, "lex-bad-number", "invalid digit '", d, "' in octal constant");
		return -1;
	}
	if (parse_int_suffix(s + i, &u, &l) < 0) {
		num_err(t, dl, DIAG_ERROR, "lex-bad-number", "invalid suffix '", s + i,
			"' on integer constant");
		return -1;
	}
	t->numty = int_type(v, base == 10, u, l, &big);
	if (overflow) {
		num_err(t, dl, DIAG_ERROR, "lex-int-too-large", "integer literal is too large", "", "");
		return -1;
	}
	if (big)
		num_err(t, dl, DIAG_WARNING, "lex-int-unsigned",
			"integer literal is so large that it is unsigned", "", "");
	return 0;
}

static size_t scan_number(struct lexer *lx, size_t p)
{
	const char *b = lx->buf;
	p++;
	while (p < lx->len) {
		char c = b[p];
		if ((c == 'e' || c == 'E' || c == 'p' || c == 'P') && p + 1 < lx->len &&
		    (b[p + 1] == '+' || b[p + 1] == '-'))
			p += 2;
		else if (is_ident_char((unsigned char)c) || c == '.')
			p++;
		else
			break;
	}
	return p;
}

/* --- character constants and strings --- */

static void put_utf8(struct strbuf *sb, uint32_t c)
{
	if (c < 0x80) {
		strbuf_addc(sb, (char)c);
	} else if (c < 0x800) {
		strbuf_addc(sb, (char)(0xc0 | (c >> 6)));
		strbuf_addc(sb, (char)(0x80 | (c & 0x3f)));
	} else if (c < 0x10000) {
		strbuf_addc(sb, (char)(0xe0 | (c >> 12)));
		strbuf_addc(sb, (char)(0x80 | ((c >> 6) & 0x3f)));
		strbuf_addc(sb, (char)(0x80 | (c & 0x3f)));
	} else {
		strbuf_addc(sb, (char)(0xf0 | ((c >> 18) & 7)));
		strbuf_addc(sb, (char)(0x80 | ((c >> 12) & 0x3f)));
		strbuf_addc(sb, (char)(0x80 | ((c >> 6) & 0x3f)));
		strbuf_addc(sb, (char)(0x80 | (c & 0x3f)));
	}
}

/*
 * Decode one escape; *pp points after the backslash and is advanced.
 * *is_ucn is set for \u and \U (the value is a code point, not a byte).
 */
static uint32_t decode_escape(struct lexer *lx, size_t *pp, size_t end, int *is_ucn)
{
	const char *b = lx->buf;
	size_t p = *pp, start = p - 1;
	*is_ucn = 0;
	if (p >= end)
		return '\\';
	char c = b[p++];
	uint32_t v = 0;
	if (c >= '0' && c <= '7') {
		v = (uint32_t)(c - '0');
		for (int k = 0; k < 2 && p < end && b[p] >= '0' && b[p] <= '7'; k++)
			v = v * 8 + (uint32_t)(b[p++] - '0');
		if (v > 0xff)
			lex_err(lx, start, p, DIAG_ERROR, "lex-bad-escape", "octal escape sequence out of range");
	} else if (c == 'x' || c == 'u' || c == 'U') {
		int maxd = c == 'x' ? 1 << 30 : c == 'u' ? 4 : 8, nd = 0, big = 0;
		while (p < end && nd < maxd && hex_val((unsigned char)b[p]) >= 0) {
			if (v > 0x0fffffff)
				big = 1;
			v = v * 16 + (uint32_t)hex_val((unsigned char)b[p++]);
			nd++;
		}
		if (nd == 0 || (c != 'x' && nd != maxd)) {
			lex_err(lx, start, p, DIAG_ERROR, "lex-bad-escape",
				c == 'x' ? "\\x used with no following hex digits" : "incomplete universal character name");
		} else if (c == 'x' && (big || v > 0xff)) {
			lex_err(lx, start, p, DIAG_ERROR, "lex-bad-escape", "hex escape sequence out of range");
		} else if (c != 'x') {
			*is_ucn = 1;
			if (v > 0x10ffff) {
				lex_err(lx, start, p, DIAG_ERROR, "lex-bad-escape", "invalid universal character");
				v = 0xfffd;
			}
		}
	} else {
		switch (c) {
		case 'n': v = '\n'; break;
		case 't': v = '\t'; break;
		case 'r': v = '\r'; break;
		case 'a': v = 7; break;
		case 'b': v = 8; break;
		case 'f': v = 12; break;
		case 'v': v = 11; break;
		case 'e': v = 27; break;
		case '\\': case '\'': case '"': case '?': v = (unsigned char)c; break;
		default:
			lex_err(lx, start, p, DIAG_WARNING, "lex-bad-escape", "unknown escape sequence");
			v = (unsigned char)c;
		}
	}
	*pp = p;
	return v;
}

/* Find the closing quote q from p (after the opening one); returns its offset or the line end. */
static size_t scan_quoted(struct lexer *lx, size_t p, char q, int *closed)
{
	const char *b = lx->buf;
	while (p < lx->len && b[p] != q && b[p] != '\n') {
		if (b[p] == '\\' && p + 1 < lx->len && b[p + 1] != '\n')
			p++;
		p++;
	}
	*closed = p < lx->len && b[p] == q;
	return p;
}

/* Decode the body [p, end) of a literal into sb (bytes, UTF-8 for \u). */
static void decode_body(struct lexer *lx, size_t p, size_t end, struct strbuf *sb)
{
	const char *b = lx->buf;
	while (p < end) {
		if (b[p] != '\\') {
			strbuf_addc(sb, b[p++]);
			continue;
		}
		p++;
		int ucn;
		uint32_t v = decode_escape(lx, &p, end, &ucn);
		if (ucn)
			put_utf8(sb, v);
		else
			strbuf_addc(sb, (char)v);
	}
}

static uint32_t utf8_first(const unsigned char *s, size_t n)
{
	if (n == 0)
		return 0;
	if (s[0] < 0x80 || n < 2)
		return s[0];
	if ((s[0] & 0xe0) == 0xc0)
		return ((uint32_t)(s[0] & 0x1f) << 6) | (s[1] & 0x3f);
	if ((s[0] & 0xf0) == 0xe0 && n >= 3)
		return ((uint32_t)(s[0] & 0x0f) << 12) | ((uint32_t)(s[1] & 0x3f) << 6) | (s[2] & 0x3f);
	if (n >= 4)
		return ((uint32_t)(s[0] & 0x07) << 18) | ((uint32_t)(s[1] & 0x3f) << 12) |
		       ((uint32_t)(s[2] & 0x3f) << 6) | (s[3] & 0x3f);
	return s[0];
}

static size_t lex_char(struct lexer *lx, size_t start, size_t q)
{
	int closed;
	size_t end = scan_quoted(lx, q + 1, '\'', &closed);
	struct strbuf sb;
	strbuf_init(&sb);
	decode_body(lx, q + 1, end, &sb);
	size_t tend = closed ? end + 1 : end;
	struct token *t = new_token(lx, TK_CHAR, start, tend);
	const unsigned char *s = (const unsigned char *)strbuf_cstr(&sb);
	size_t prefix = q - start;
	if (!closed && !(lx->flags & LEX_NUM_LATER))
		lex_err(lx, start, tend, DIAG_ERROR, "lex-unterminated-char",
			"missing terminating ' character");
	else if (sb.len == 0)
		lex_err(lx, start, tend, DIAG_ERROR, "lex-empty-char", "empty character constant");
	if (prefix == 1 || (prefix == 2 && lx->buf[start + 1] != '8')) {
		char p0 = lx->buf[start];
		t->numty = p0 == 'L' ? NUM_INT : NUM_UINT;
		t->ival = utf8_first(s, sb.len);
	} else if (sb.len <= 1) {
		t->numty = NUM_CHAR;
		t->ival = (uint64_t)(int64_t)(signed char)s[0];
	} else {
		uint32_t v = 0;
		for (size_t i = 0; i < sb.len; i++)
			v = (v << 8) | s[i];
		t->numty = NUM_INT;
		t->ival = (uint64_t)(int64_t)(int32_t)v;
		if (closed)
			lex_err(lx, start, tend, DIAG_WARNING, "lex-multichar",
				"multi-character character constant");
	}
	strbuf_release(&sb);
	return tend;
}

static size_t lex_string(struct lexer *lx, size_t start, size_t q)
{
	int closed;
	size_t end = scan_quoted(lx, q + 1, '"', &closed);
	struct strbuf sb;
	strbuf_init(&sb);
	decode_body(lx, q + 1, end, &sb);
	size_t tend = closed ? end + 1 : end;
	struct token *t = new_token(lx, TK_STR, start, tend);
	t->str = arena_strndup(lx->a, strbuf_cstr(&sb), sb.len);
	t->strlen = (uint32_t)sb.len;
	strbuf_release(&sb);
	if (!closed && !(lx->flags & LEX_NUM_LATER))
		lex_err(lx, start, tend, DIAG_ERROR, "lex-unterminated-string",
			"missing terminating \" character");
	return tend;
}

/* Offset of the quote if a (prefixed) literal starts at p, else 0 with *q untouched. */
static int literal_start(struct lexer *lx, size_t p, size_t *q)
{
	const char *b = lx->buf;
	size_t n = lx->len - p;
	if (b[p] == '"' || b[p] == '\'') {
		*q = p;
		return 1;
	}
	if (n >= 3 && b[p] == 'u' && b[p + 1] == '8' && (b[p + 2] == '"' || b[p + 2] == '\'')) {
		*q = p + 2;
		return 1;
	}
	if (n >= 2 && (b[p] == 'u' || b[p] == 'U' || b[p] == 'L') && (b[p + 1] == '"' || b[p + 1] == '\'')) {
		*q = p + 1;
		return 1;
	}
	return 0;
}

static size_t lex_punct(struct lexer *lx, size_t p)
{
	unsigned char c = (unsigned char)lx->buf[p];
	if (c >= 128)
		return p;
	pthread_once(&first_once, first_build);
	for (int i = 0; i < punct_nfirst[c]; i++) {
		int k = punct_first[c][i];
		size_t n = tok_len[k];
		if (ws_range_in(0, lx->len, p, n) && !memcmp(tok_spell[k], lx->buf + p, n)) {
			new_token(lx, (enum tok_kind)k, p, p + n);
			return p + n;
		}
	}
	return p;
}

static size_t lex_header(struct lexer *lx, size_t p)
{
	size_t e = p + 1;
	while (e < lx->len && lx->buf[e] != '>' && lx->buf[e] != '\n')
		e++;
	if (e >= lx->len || lx->buf[e] != '>')
		return p;
	struct token *t = new_token(lx, TK_HEADER, p, e + 1);
	t->str = arena_strndup(lx->a, lx->buf + p + 1, e - p - 1);
	t->strlen = (uint32_t)(e - p - 1);
	return e + 1;
}

static size_t skip_block_comment(struct lexer *lx, size_t p)
{
	const char *b = lx->buf;
	size_t q = p + 2;
	while (q + 1 < lx->len && !(b[q] == '*' && b[q + 1] == '/'))
		q++;
	if (q + 1 >= lx->len) {
		lex_err(lx, p, p + 2, DIAG_ERROR, "lex-unterminated-comment", "unterminated comment");
		return lx->len;
	}
	return q + 2;
}

static size_t lex_bad(struct lexer *lx, size_t p)
{
	size_t e = p + 1;
	unsigned char c = (unsigned char)lx->buf[p];
	while (e < lx->len && e - p < 4096) {
		unsigned char d = (unsigned char)lx->buf[e];
		if (d >= 0x20 && d < 0x7f && d != '@' && d != '`' && d != '\\')
			break;
		if (d == '\n' || d == '\t' || d == ' ')
			break;
		e++;
	}
	if (!(lx->flags & LEX_QUIET)) {
		if (c >= 0x20 && c < 0x7f)
			diag_error(lx->dl, span_of(lx, p, e), "lex-bad-char", "stray '%c' in program", c);
		else
			diag_error(lx->dl, span_of(lx, p, e), "lex-bad-char", "stray byte 0x%02x in program", c);
	}
	lx->has_space = 1;
	return e;
}

static void note_directive(struct lexer *lx, const struct token *t)
{
	if (t->at_bol && t->kind == TK_HASH)
		lx->dir_state = 1;
	else if (lx->dir_state == 1 && t->kind == TK_IDENT &&
		 (!strcmp(t->text, "include") || !strcmp(t->text, "include_next") || !strcmp(t->text, "import")))
		lx->dir_state = 2;
	else
		lx->dir_state = 0;
}

static size_t lex_one(struct lexer *lx, size_t p)
{
	const char *b = lx->buf;
	unsigned char c = (unsigned char)b[p];
	size_t q;
	if (lx->dir_state == 2 && c == '<') {
		size_t e = lex_header(lx, p);
		if (e != p)
			return e;
	}
	if (is_digit(c) || (c == '.' && is_digit((unsigned char)b[p + 1]))) {
		size_t e = scan_number(lx, p);
		struct token *t = new_token(lx, TK_NUM, p, e);
		lex_number(t, (lx->flags & (LEX_QUIET | LEX_NUM_LATER)) ? NULL : lx->dl);
		return e;
	}
	if (literal_start(lx, p, &q))
		return b[q] == '"' ? lex_string(lx, p, q) : lex_char(lx, p, q);
	if (is_ident_start(c)) {
		size_t e = p + 1;
		while (e < lx->len && is_ident_char((unsigned char)b[e]))
			e++;
		new_token(lx, lex_keyword(b + p, e - p), p, e);
		return e;
	}
	size_t e = lex_punct(lx, p);
	return e != p ? e : lex_bad(lx, p);
}

static void lex_loop(struct lexer *lx)
{
	const char *b = lx->buf;
	size_t p = 0;
	while (p < lx->len) {
		char c = b[p];
		if (c == '\n') {
			p++;
			lx->at_bol = 1;
			lx->has_space = 0;
			lx->dir_state = 0;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f') {
			p++;
			lx->has_space = 1;
		} else if (c == '/' && b[p + 1] == '/') {
			while (p < lx->len && b[p] != '\n')
				p++;
			lx->has_space = 1;
		} else if (c == '/' && b[p + 1] == '*') {
			p = skip_block_comment(lx, p);
			lx->has_space = 1;
		} else {
			struct token *before = lx->cur;
			p = lex_one(lx, p);
			if (lx->cur != before)
				note_directive(lx, lx->cur);
		}
	}
}

/* Splice backslash-newlines; builds the offset map only when there are any. */
static void splice(struct lexer *lx, const char *text, size_t len)
{
	int any = 0;
	for (const char *s = memchr(text, '\\', len); s; s = memchr(s + 1, '\\', len - (size_t)(s + 1 - text))) {
		size_t i = (size_t)(s - text);
		if ((i + 1 < len && s[1] == '\n') || (i + 2 < len && s[1] == '\r' && s[2] == '\n')) {
			any = 1;
			break;
		}
		if (i + 1 >= len)
			break;
	}
	char *buf = xmalloc(len + 4);
	lx->map = NULL;
	if (!any) {
		memcpy(buf, text, len);
		lx->len = len;
	} else {
		lx->map = xmalloc((len + 1) * sizeof(uint32_t));
		size_t j = 0;
		for (size_t i = 0; i < len; i++) {
			if (text[i] == '\\' && i + 1 < len && text[i + 1] == '\n') {
				i++;
				continue;
			}
			if (text[i] == '\\' && i + 2 < len && text[i + 1] == '\r' && text[i + 2] == '\n') {
				i += 2;
				continue;
			}
			lx->map[j] = (uint32_t)i;
			buf[j++] = text[i];
		}
		lx->map[j] = (uint32_t)len;
		lx->len = j;
	}
	memset(buf + lx->len, 0, 4);
	lx->buf = buf;
}

struct token *lex_text(struct arena *a, struct diaglist *dl, const char *text, size_t len,
		       uint32_t file, int flags)
{
	struct lexer lx;
	struct token head;
	memset(&lx, 0, sizeof(lx));
	memset(&head, 0, sizeof(head));
	if (len > UINT32_MAX - 8)
		len = UINT32_MAX - 8;
	lx.a = a;
	lx.dl = dl;
	lx.orig = text;
	lx.origlen = len;
	lx.file = file;
	lx.flags = flags;
	lx.lp_line = 1;
	lx.cur = &head;
	lx.at_bol = 1;
	splice(&lx, text, len);
	lex_loop(&lx);
	struct token *eof = new_token(&lx, TK_EOF, lx.len, lx.len);
	eof->at_bol = 1;
	free((void *)lx.buf);
	free(lx.map);
	return head.next;
}

struct token *lex_file(struct arena *a, struct srcmgr *sm, struct diaglist *dl, uint32_t id)
{
	const struct srcfile *f = srcmgr_file(sm, id);
	if (!f) {
		struct token *t = arena_alloc(a, sizeof(*t));
		t->kind = TK_EOF;
		t->text = "";
		t->at_bol = 1;
		return t;
	}
	return lex_text(a, dl, f->text, f->len, id, f->builtin ? LEX_BUILTIN : 0);
}
