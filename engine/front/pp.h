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
 *   token budget; exceeding one is a diagnostic. Included files are read
 *   with util_read_file (regular files only, 16 MiB each), and the files of
 *   one pass together may not exceed PP_MAX_FILE_BYTES (a diagnostic at the
 *   #include line).
 * - pp_print writes the token list back as text (golden tests).
 */
#ifndef WS_PP_H
#define WS_PP_H

#include "front.h"

#include "token.h"

#define PP_MAX_FILE_BYTES ((size_t)64 << 20) /* a program's files in all */

/*
 * Which files a compilation may read, for hosts that run code written by
 * others (the Lua layer: docs/lua-api.md, "Sandbox"). may_read is asked
 * about every file path before the file is looked at (stat or open): the
 * main file of front_compile_file and every #include candidate; built-in
 * headers are not files and are always allowed. It returns 0 to allow, or
 * -1 with *why set (a static string) to refuse. A refused #include
 * candidate is skipped like a missing one, and when no candidate is found
 * the diagnostic gives the refusal.
 */
/* struct pp_read_policy: front.h (the Lua host sets one) */

struct pu_tables;
struct pp_opts {
	int cuda_arch;                 /* 0: the host pass; e.g. 900: the device pass */
	const char *const *include_dirs; /* NULL-terminated, may be NULL */
	const char *const *defines;    /* "NAME" or "NAME=VALUE", NULL-terminated, may be NULL */
	const char *implicit_include;  /* e.g. "cuda_runtime.h": included before the main file (as nvcc does for .cu); NULL: none */
	const struct pp_read_policy *policy; /* NULL: any file may be read */
	int cuda_version;              /* __CUDACC_VER_MAJOR__: 12 or 13 (0 means 13) */
	struct pp_shared *shared;      /* built-in headers lexed by an earlier pass, NULL: none */
	int no_prebuilt;               /* 1: preprocess the prelude even where the prebuilt one fits (tests) */
	/* front.c: the units tables (units.h) made for the prebuilt prelude,
	 * whose units are then stubs (pp_prelude_expand), or NULL */
	const struct pu_tables *units;
};

/* Built-in headers lexed once per compilation: nvcc's two passes (host and
 * device) include the same headers, and their tokens (in the compilation's
 * arena, never changed: each inclusion splices a copy) and file ids serve
 * both. pp_run records what it lexes when opts->shared is set. */
struct pp_shared *pp_shared_new(void);
void pp_shared_free(struct pp_shared *s);

/*
 * The prelude: the predefined macros, the -D options and the implicit
 * include (cuda_runtime.h, ~45 k tokens of built-in headers), which both
 * passes preprocess the same way unless something in them depends on
 * __CUDA_ARCH__ (defined in the device pass only). A host pass (cuda_arch
 * 0) with opts->shared and an implicit include records, at the end of its
 * prelude, its output tokens, a copy of its macro table and include cache,
 * its #line marks, __COUNTER__ and token budget, provided the prelude never looked
 * the name __CUDA_ARCH__ up (no #ifdef, defined, #if, expansion, #define or
 * #undef of it), read no file from disk, gave no diagnostic or diagnostic
 * pragma and hit no limit. A later pass with cuda_arch != 0 and the same
 * include_dirs, defines, implicit_include, policy and cuda_version starts
 * from that state (once: it takes it) and defines __CUDA_ARCH__ in a
 * predefinitions file of its own, then preprocesses its main file: the
 * tokens are the ones it would have made itself, except that the spans of
 * the prelude's macro bodies name the host pass's predefinitions file.
 * The two passes' lists share the prelude's tokens: the device pass links
 * the last of them to its own main file's, so the host pass's list must
 * have been used up before (front.c parses it, and prints it for the
 * golden tests, before the device pass); and the device pass's parser
 * reads them as the host pass's parser left them (with any '>>' split in
 * two: the same splits, since a header parses the same way in both passes
 * when it does not depend on __CUDA_ARCH__).
 * pp_shared_prelude says what became of it: 1 a pass started from it, 0
 * not recorded (yet), -1 refused (the prelude depended on something).
 */
int pp_shared_prelude(const struct pp_shared *s);

/*
 * The prebuilt prelude (prelude.h): a host pass (cuda_arch 0) whose
 * implicit include is the one the tables were made with, with no -D or
 * -I option, whose predefinitions text and built-in headers' texts are the
 * ones the tables were made from (length and hash), and whose token budget
 * has room for the prelude, loads the prelude from the tables instead of
 * preprocessing it: the same files are added to sm in the same order, the
 * same tokens, macros, include cache, marks, __COUNTER__ and budget result,
 * and with opts->shared it is recorded for the device pass as a
 * preprocessed one would be. Anything else (opts->no_prebuilt, the
 * environment variable WS_NO_PREBUILT set to a non-empty value, no tables)
 * preprocesses the prelude as before. The hidesets of the prelude's output
 * tokens are not kept (nothing reads them once a token is output).
 *
 * pp_shared_prebuilt says whether a host pass sharing s loaded them.
 *
 * pp_prelude_emit writes the prelude that the host pass recorded in s (sm:
 * its sources) as the C source of prelude_gen.c (tools/prelude-gen.c), or
 * returns -1 with *why set when it cannot be written (none recorded, one
 * that names the main file, a value too large for its field).
 */
int pp_shared_prebuilt(const struct pp_shared *s); /* 1: a host pass loaded the tables */
/*
 * The prebuilt prelude's units (units.h). With opts->units and
 * opts->shared, a host pass that loads the prebuilt prelude makes each of
 * its units a stub: the unit's first token with unit_stub set, whose next
 * is the token after the unit (the parser steps over it whole); the lists
 * are otherwise what they would be. pp_prelude_expand(s, keep) makes the
 * tokens of each stub unit u with keep[u] (keep NULL: every one) and links
 * them in place, for the rest of the compilation (both passes share the
 * prelude's tokens).
 * pp_prelude_ntok: the prebuilt prelude's token count (0: none loaded);
 * pp_prelude_units: the units tables when its units are stubs, else NULL;
 * pp_prelude_user: the first token after the prelude, of the pass that
 * last linked it (the host pass, then the device pass).
 */
uint32_t pp_prelude_ntok(const struct pp_shared *s);
const struct pu_tables *pp_prelude_units(const struct pp_shared *s);
struct token *pp_prelude_user(const struct pp_shared *s);
void pp_prelude_expand(struct pp_shared *s, const uint8_t *keep);
int pp_prelude_emit(const struct pp_shared *s, const struct srcmgr *sm, struct strbuf *out, const char **why);

struct token *lex_file(struct arena *a, struct srcmgr *sm, struct diaglist *dl, uint32_t id);
struct token *pp_run(struct arena *a, struct srcmgr *sm, struct diaglist *dl, uint32_t id,
		     const struct pp_opts *opts);
void pp_print(const struct token *t, struct strbuf *out);

#endif
