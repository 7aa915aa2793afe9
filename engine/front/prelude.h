/*
 * prelude.h - the host pass's prelude made at build time (private to front/).
 *
 * The prelude (pp.h) is what the host pass has made when its predefinitions
 * file, with the implicit `#include <cuda_runtime.h>`, is done: its output
 * tokens, its macro table, its include cache (#pragma once states; guards
 * are macros), its #line marks, __COUNTER__ and token budget. For the
 * default options (no -D or -I, the default --cuda-version) it is the
 * same for every program, so tools/prelude-gen.c makes it at build time,
 * with this tree's own preprocessor, and writes it as the tables below
 * (engine/front/prelude_gen.c). pp_run loads them instead of preprocessing
 * the implicit include whenever its options and the built-in headers' texts
 * are those the tables were made from, and falls back to preprocessing it
 * otherwise (pp.c, "the prebuilt prelude").
 *
 * File ids are those of a compilation whose predefinitions file
 * (`<built-in>`) is pb_prelude.pid (2: front.c adds the main file first),
 * the built-in headers after it in the order the prelude first read them;
 * 0 is no file. A compilation whose predefinitions file has another id
 * moves them all by the difference.
 *
 * Contract:
 * - pp_prebuilt() gives the tables, or NULL when there are none (the
 *   generator's own stub, or a build whose generator refused): then every
 *   pass preprocesses its prelude.
 * - The generator makes no tables (a warning; pp_prebuilt() gives NULL, the
 *   build goes on and unit_prebuilt fails) when the prelude gives a
 *   diagnostic, reads a file from disk, asks the read policy, depends on
 *   __CUDA_ARCH__ or holds a value that does not fit its field.
 * - tests/front/unit_prebuilt.c preprocesses the prelude at run time and
 *   compares it with the tables (tokens, macros, files, marks, budget), so a
 *   header, lexer or preprocessor change without regeneration fails loudly.
 */
#ifndef WS_PRELUDE_H
#define WS_PRELUDE_H

#include "diag.h"

#include <stdint.h>

/* one token (of the output or of a macro body): 36 bytes, its span as
 * struct token has it (one copy); the origins of the output's tokens that
 * have one (a third of them: the expanded ones) are in a table of their own */
struct pb_tok {
	struct span span;       /* file ids as above */
	uint32_t text;          /* the spelling, NUL-terminated, in the pool */
	uint32_t lit;           /* PB_LIT: index into lits (literals, and tokens of other
				 * kinds whose literal fields are not zero); else the
				 * identifier's or keyword's hash (0: not computed), or 0 */
	uint16_t tlen;          /* spelling length */
	uint8_t kind, numty;
	uint8_t flags;          /* PB_* */
};

/* PB_ORIGIN: the token's origin is the next one of pb_prelude.origins */
enum { PB_BOL = 1, PB_SPACE = 2, PB_BUILTIN = 4, PB_LIT = 8, PB_ORIGIN = 16 };

struct pb_lit {
	uint64_t ival, fbits;   /* TK_NUM, TK_CHAR: the values (fval's bits) */
	uint32_t str, strlen;   /* TK_STR, TK_HEADER: decoded bytes in the pool */
};

struct pb_macro {
	uint32_t name, hash;    /* pool offset, pp_hash_name */
	uint32_t slot;          /* its index in the table (open addressing) */
	uint32_t body, nbody;   /* its body: mtoks[body .. body + nbody), the TK_EOF last */
	uint32_t params;        /* its parameters' names: pnames[params .. params + nparams) */
	uint32_t va_name;       /* pool offset of the variadic name, 0: not variadic */
	uint16_t nparams;
	uint8_t objlike, deleted, dyn;
};

/* a built-in header the prelude read, in srcmgr order */
struct pb_file {
	const char *name;       /* as builtin_header() names it ("cuda_runtime.h") */
	uint64_t text_len, text_hash; /* of the text it was read as (pretok_text_hash) */
	const char *guard;      /* its include guard, or NULL */
	uint8_t once;           /* #pragma once seen */
};

struct pb_line {
	uint32_t file;          /* relative */
	int64_t delta;
	uint32_t name;          /* pool offset; UINT32_MAX: none */
};

struct pb_prelude {
	const char *implicit_include;
	uint64_t pre_len, pre_hash;   /* the predefinitions text (pretok_text_hash) */
	uint32_t pid;                 /* the predefinitions file's id in the tables */
	const struct pb_file *files;  /* the built-in headers, from file id 2 on */
	uint32_t nfiles;
	const struct pb_tok *toks;    /* the output */
	uint32_t ntok;
	const struct span *origins;   /* of the output's PB_ORIGIN tokens, in order */
	const struct pb_tok *mtoks;   /* the macros' bodies (no origins) */
	const struct pb_lit *lits;
	const struct pb_macro *macros;
	uint32_t nmacro, cap;         /* macros, table capacity */
	const uint32_t *pnames;       /* parameter names (pool offsets) */
	const struct pb_line *lines;
	uint32_t nlines;
	int64_t used, counter;        /* budget charged by the prelude, __COUNTER__ */
	const uint64_t *names;        /* the filter of defined names (PP_NAME_BITS bits) */
	const char *pool;
};

const struct pb_prelude *pp_prebuilt(void);

#endif
