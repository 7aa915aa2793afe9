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

/*
 * 88 bytes (112 before the ninth session: a hello world materialises 56 k of
 * them). The literal fields share one union, chosen by kind: the values of
 * TK_NUM and TK_CHAR (a float literal sets both ival and fval), the decoded
 * bytes of TK_STR and TK_HEADER, the spelling's hash of identifiers and
 * keywords. A token whose kind changes (an identifier that #if turns into a
 * number) gets the fields of its new kind written.
 */
struct token {
	struct token *next;
	const char *text; /* spelling, NUL-terminated (arena, or static for built-in headers) */
	const void *hideset;     /* preprocessor-private */
	union {
		struct {           /* TK_NUM, TK_CHAR */
			uint64_t ival;
			double fval;
		};
		struct {           /* TK_STR, TK_HEADER */
			const char *str;   /* decoded bytes (arena), strlen may stop early at embedded NUL */
			uint32_t strlen;   /* decoded length without the terminating NUL */
		};
		uint32_t hash;     /* identifiers, keywords: preprocessor-private, the
				    * spelling's hash, 0 until computed */
	};
	struct span span;
	struct span origin;
	uint32_t len;
	uint8_t kind;            /* enum tok_kind */
	uint8_t numty;           /* literals: enum num_type */
	/* preprocessor */
	unsigned at_bol : 1;     /* first token on its line */
	unsigned has_space : 1;  /* whitespace before it */
	unsigned from_builtin : 1; /* comes from a built-in header */
	unsigned unit_stub : 1;  /* stands for a whole prelude unit not made (pp.h, units.h): next is the token after it */
};

const char *tok_kind_name(enum tok_kind k); /* "identifier", "(", "while", ... */

#endif
