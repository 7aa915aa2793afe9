/*
 * builtin.h - the built-in function ids (from builtins.def), the contract
 * for pure per-lane library functions, and printf formatting.
 *
 * Contract:
 * - Values cross this interface in the register encoding of ir.h: a 64-bit
 *   slot; integers zero/sign-extended per their IR type; F32 as its IEEE bit
 *   pattern in the low 32 bits (high bits zero); F64 as its bit pattern;
 *   PRED as 0 or 1; pointers as 64-bit generic addresses.
 * - builtin_lookup maps the NAME used in __ws_builtin(NAME) to its id, or -1.
 * - Pure functions (kind PURE) have no side effects and may be called for
 *   any lane in any order; builtin_pure(id) returns NULL for other kinds.
 * - builtin_header returns the text of a built-in system header ("stdio.h",
 *   "cuda_runtime.h", "cooperative_groups.h" ...) or NULL; the text is static.
 */
#ifndef WS_BUILTIN_H
#define WS_BUILTIN_H

#include <stdint.h>
#include <stddef.h>
#include "util.h"

enum ws_builtin {
#define BOP(name, op, sub, sem, scope, cache, doc) BI_##name,
#define BFN(name, kind, doc) BI_##name,
#include "builtins.def"
#undef BOP
#undef BFN
	BI_COUNT
};

enum builtin_kind { BK_OP, BK_PURE, BK_ENGINE, BK_HOST };

struct builtin_info {
	const char *name;
	uint8_t kind;   /* enum builtin_kind */
	/* BK_OP only: */
	uint16_t op;    /* enum ir_op */
	uint8_t sub, sem, scope, cache;
	const char *doc;
};

extern const struct builtin_info builtin_table[BI_COUNT];

int builtin_lookup(const char *name);

/* ret and args in register encoding; args typed as the declaration says. */
typedef void (*builtin_pure_fn)(uint64_t *ret, const uint64_t *args);
builtin_pure_fn builtin_pure(int id);

const char *builtin_header(const char *name, size_t *len);

/*
 * printf-family formatting with C semantics (flags, width, precision,
 * length modifiers, %d %i %u %x %X %o %c %s %p %f %F %e %E %g %G %a %A %%).
 * args: the variadic arguments after default promotions, types: their IR
 * types (enum ir_type). read_str fetches a NUL-terminated string at a
 * generic address into out (returns 0, or -1 if the address is bad; the
 * formatter then prints "(null)" for 0 and "<bad address>" otherwise).
 * Returns the number of bytes appended, or -1 on a malformed format (the
 * bytes up to it are appended).
 */
typedef int (*builtin_read_str_fn)(void *ctx, uint64_t addr, struct strbuf *out);
int builtin_format(struct strbuf *out, const char *fmt, const uint64_t *args,
		   const uint8_t *types, int nargs, builtin_read_str_fn read_str, void *ctx);

#endif
