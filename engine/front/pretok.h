/*
 * pretok.h - the built-in headers, tokenised at build time (private to front/).
 *
 * tools/pretok-headers.c runs this tree's own lexer (lex_text with
 * LEX_NUM_LATER | LEX_BUILTIN, the flags the preprocessor lexes a built-in
 * header with) over every file of engine/front/include and writes
 * engine/front/pretok_gen.c: one table of compact records per header, a
 * pool of spellings and decoded string bytes, the literals' values and the
 * include guard the preprocessor would detect. At run time the preprocessor
 * builds each inclusion's tokens straight from the table: the lexer never
 * runs over a built-in header.
 *
 * Contract:
 * - pretok_find(name) gives the table of built-in header `name` (as
 *   builtin_header() names it: "stdio.h", "cuda/barrier"), or NULL (then
 *   the caller lexes the text, as before).
 * - pretok_at(i) gives the i-th table in name order, NULL past the end
 *   (tests walk every table).
 * - pretok_token(f, i, file, t) fills *t with the i-th token of f exactly as
 *   lex_text would have made it for file id `file` (kind, span, spelling,
 *   literal values, at_bol, has_space, from_builtin), except t->next, which
 *   it leaves alone. Spellings and string bytes are static. i < f->ntok;
 *   the last token is the TK_EOF. pretok_token_zeroed does the same for a
 *   token whose memory is all zero (fresh arena memory): no stores of zero.
 * - The generator refuses (and the build fails) when lexing a header gives
 *   any diagnostic, or a value does not fit its field.
 * - tests/front/unit_pretok.c lexes every header's text again and compares
 *   the tokens with the table's, so a table out of date with the headers or
 *   the lexer fails the tests.
 */
#ifndef WS_PRETOK_H
#define WS_PRETOK_H

#include "token.h"

#include <string.h>

/* one token: 24 bytes */
struct pretok {
	uint32_t off, line;     /* span start (the span's file is given at run time) */
	uint32_t text;          /* offset of the NUL-terminated spelling in the pool */
	uint32_t lit;           /* literals: index into the file's table of values;
				 * identifiers and keywords: pp_hash_name of the spelling */
	uint16_t col, len;      /* span column and length */
	uint16_t tlen;          /* spelling length */
	uint8_t kind;           /* enum tok_kind */
	uint8_t flags;          /* PRETOK_* and the num_type << 4 */
};

enum { PRETOK_BOL = 1, PRETOK_SPACE = 2 };

struct pretok_lit {
	uint64_t ival;
	uint64_t fbits;         /* fval's bit pattern */
	uint32_t str, strlen;   /* TK_STR, TK_HEADER: decoded bytes in the pool, NUL-terminated */
};

struct pretok_file {
	const char *name;
	uint64_t text_len, text_hash; /* of the header text the table was made from */
	const struct pretok *tok;
	uint32_t ntok;          /* the TK_EOF included */
	const struct pretok_lit *lit;
	const char *guard;      /* include guard (`#ifndef G / #define G ... #endif`), or NULL */
};

const struct pretok_file *pretok_find(const char *name);

/*
 * A hash of a header's text, eight bytes at a step (about 70 k instructions
 * for the 200 KB hello world includes): the preprocessor uses a table only
 * for the very text it was made from (pretok_matches), so a program that
 * supplies its own builtin_header() (tests/pp/unit_pp.c does) gets its own
 * text lexed, never another header's tokens.
 */
static inline uint64_t pretok_text_hash(const char *text, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15u ^ len;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t w;
		memcpy(&w, text + i, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdu;
		h ^= h >> 29;
	}
	for (; i < len; i++)
		h = (h ^ (unsigned char)text[i]) * 0x100000001b3u;
	return h;
}

static inline int pretok_matches(const struct pretok_file *f, const char *text, size_t len)
{
	return f && f->text_len == len && f->text_hash == pretok_text_hash(text, len);
}
const struct pretok_file *pretok_at(size_t i);
/* the pool of spellings and string bytes that every table points into */
extern const char pretok_pool[];

/* pretok_token for a token in zeroed memory (a fresh arena piece): the same
 * token, without the stores of zero (the origin, the hideset, literal fields
 * a kind does not have). */
static inline void pretok_token_zeroed(const struct pretok_file *f, uint32_t i, uint32_t file, struct token *t)
{
	const struct pretok *p = &f->tok[i];
	t->kind = p->kind;
	t->span.file = file;
	t->span.off = p->off;
	t->span.len = p->len;
	t->span.line = p->line;
	t->span.col = p->col;
	t->text = pretok_pool + p->text;
	t->len = p->tlen;
	t->numty = (uint8_t)(p->flags >> 4);
	if (p->kind == TK_IDENT || p->kind >= TK_AUTO) {
		t->hash = p->lit;
	} else if (p->lit) {
		const struct pretok_lit *l = &f->lit[p->lit];
		if (p->kind == TK_STR || p->kind == TK_HEADER) {
			t->str = pretok_pool + l->str;
			t->strlen = l->strlen;
		} else {
			t->ival = l->ival;
			union { uint64_t u; double d; } fb = { l->fbits };
			t->fval = fb.d;
		}
	}
	t->at_bol = (p->flags & PRETOK_BOL) != 0;
	t->has_space = (p->flags & PRETOK_SPACE) != 0;
	t->from_builtin = 1;
}

static inline void pretok_token(const struct pretok_file *f, uint32_t i, uint32_t file, struct token *t)
{
	struct token *next = t->next;
	memset(t, 0, sizeof(*t));
	t->next = next;
	pretok_token_zeroed(f, i, file, t);
}

/* The include guard of a lexed file (pp.c's detection), for the generator. */
const char *pp_detect_guard(struct token *toks);
/* The hash the preprocessor's macro table uses (never 0). */
uint32_t pp_hash_name(const char *s, size_t n);

#endif
