/*
 * lex.h - lexer internals shared by lex.c and pp.c (not a public API: the
 * public entry points are in pp.h).
 *
 * Contract:
 * - lex_text tokenizes `len` bytes of text (which may contain NULs) into
 *   arena tokens ending in TK_EOF; spans refer to `file` (0: none) and are
 *   computed against the text as given (backslash-newlines are spliced but
 *   spans still point into the original bytes).
 * - flags: LEX_QUIET reports nothing; LEX_BUILTIN marks the tokens
 *   from_builtin; LEX_NUM_LATER leaves the diagnostics of bad pp-numbers and
 *   unterminated string/character literals to the preprocessor, which
 *   reports them only for tokens that reach its output (skipped groups may
 *   hold apostrophes).
 * - lex_number (re)converts a TK_NUM token's spelling into numty/ival/fval,
 *   reporting bad literals when dl is non-NULL. Returns 0, or -1 when the
 *   spelling is not a valid number.
 */
#ifndef WS_LEX_H
#define WS_LEX_H

#include "token.h"

enum { LEX_QUIET = 1, LEX_BUILTIN = 2, LEX_NUM_LATER = 4 };

struct token *lex_text(struct arena *a, struct diaglist *dl, const char *text, size_t len,
		       uint32_t file, int flags);
int lex_number(struct token *t, struct diaglist *dl);
/* Keyword kind for an identifier spelling, or TK_IDENT. */
enum tok_kind lex_keyword(const char *s, size_t n);

#endif
