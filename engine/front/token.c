/* token.c - names of token kinds, generated from tokens.def. */
#include "token.h"

static const char *const tok_names[TK_COUNT] = {
#define TOK(n, s) s,
#define KW(n, s) s,
#include "tokens.def"
#undef TOK
#undef KW
};

const char *tok_kind_name(enum tok_kind k)
{
	if ((unsigned)k >= TK_COUNT)
		return "?";
	return tok_names[k];
}
