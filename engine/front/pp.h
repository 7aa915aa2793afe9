/*
 * pp.h - the lexer and the preprocessor.
 *
 * Contract:
 * - lex_file tokenizes file `id` of sm (already added) into arena tokens;
 *   bad input (stray bytes, unterminated comments/strings, binary garbage)
 *   becomes diagnostics, never a crash. Returns a list ending in TK_EOF.
 * - pp_run preprocesses file `id`: #include "x" (relative to the including
 *   file, then opts->include_dirs), #include <x> of built-in headers
 *   (builtin_header()), object/function-like macros with # ## __VA_ARGS__,
 *   #if/#ifdef/#ifndef/#elif/#else/#endif with defined, #undef, #error,
 *   #warning, #pragma (once, unroll [N] kept as a TK_IDENT "__ws_pragma_unroll"
 *   token sequence the parser may read; others ignored), #line, __FILE__,
 *   __LINE__, __COUNTER__, predefined macros (__CUDACC__, __NVCC__,
 *   __CUDA_ARCH__ when opts->cuda_arch != 0, __cplusplus = 201703L, ...).
 *   Limits keep it bounded: include depth 200, expansion depth and a total
 *   token budget; exceeding one is a diagnostic.
 * - pp_print writes the token list back as text (golden tests).
 */
#ifndef WS_PP_H
#define WS_PP_H

#include "token.h"

struct pp_opts {
	int cuda_arch;                 /* 0: the host pass; e.g. 900: the device pass */
	const char *const *include_dirs; /* NULL-terminated, may be NULL */
	const char *const *defines;    /* "NAME" or "NAME=VALUE", NULL-terminated, may be NULL */
	const char *implicit_include;  /* e.g. "cuda_runtime.h": included before the main file (as nvcc does for .cu); NULL: none */
	int cuda_version;              /* __CUDACC_VER_MAJOR__: 12 or 13 (0 means 13) */
};

struct token *lex_file(struct arena *a, struct srcmgr *sm, struct diaglist *dl, uint32_t id);
struct token *pp_run(struct arena *a, struct srcmgr *sm, struct diaglist *dl, uint32_t id,
		     const struct pp_opts *opts);
void pp_print(const struct token *t, struct strbuf *out);

#endif
