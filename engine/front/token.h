/*
 * token.h - tokens produced by the lexer and the preprocessor.
 *
 * Contract:
 * - lex_file() turns one source file into a linked list of tokens ending in
 *   TK_EOF; it never fails: bad bytes become diagnostics and are skipped.
 * - pp_run() expands directives and macros and returns the token list the
 *   parser consumes (keywords already classified, adjacent string literals
 *   NOT yet concatenated: the parser does that).
 * - Tokens live in the compilation's arena; the list is singly linked.
 * - Every token has the span of where it was written; a token produced by a
 *   macro expansion carries the span of the macro use (expansion point) in
 *   `span` and the span inside the macro body in `origin` (file 0 if none).
 */
#ifndef WS_TOKEN_H
#define WS_TOKEN_H

#include <stdint.h>
#include "diag.h"

enum tok_kind {
#define TOK(n, s) TK_##n,
#define KW(n, s) TK_##n,
#include "tokens.def"
#undef TOK
#undef KW
	TK_COUNT
};

/* Type of a numeric or character literal, after C/C++ rules (suffixes, base). */
enum num_type {
	NUM_INT, NUM_UINT, NUM_LONG, NUM_ULONG, NUM_LLONG, NUM_ULLONG,
	NUM_FLOAT, NUM_DOUBLE, NUM_LDOUBLE, NUM_CHAR /* 'c' in C++ is char */
};

struct token {
	struct token *next;
	enum tok_kind kind;
	struct span span;
	struct span origin;
	uint32_t hash;    /* preprocessor-private: the spelling's hash, 0 until computed */
	const char *text; /* spelling, NUL-terminated (arena, or static for built-in headers) */
	uint32_t len;
	/* literals */
	enum num_type numty;
	uint64_t ival;
	double fval;
	const char *str;   /* TK_STR: decoded bytes (arena), strlen may stop early at embedded NUL */
	uint32_t strlen;   /* TK_STR: decoded length without the terminating NUL */
	/* preprocessor */
	unsigned at_bol : 1;     /* first token on its line */
	unsigned has_space : 1;  /* whitespace before it */
	unsigned from_builtin : 1; /* comes from a built-in header */
	const void *hideset;     /* preprocessor-private */
};

const char *tok_kind_name(enum tok_kind k); /* "identifier", "(", "while", ... */

#endif
