/* builtin.c - the table generated from builtins.def, and name lookup. */
#include "builtin.h"
#include "ir.h"

#include <string.h>

#define BK_KIND_PURE BK_PURE
#define BK_KIND_ENGINE BK_ENGINE
#define BK_KIND_HOST BK_HOST

const struct builtin_info builtin_table[BI_COUNT] = {
#define BOP(name, op, sub, sem, scope, cache, doc) \
	[BI_##name] = { #name, BK_OP, IR_##op, sub, sem, scope, cache, doc },
#define BFN(name, kind, doc) [BI_##name] = { #name, BK_KIND_##kind, 0, 0, 0, 0, 0, doc },
#include "builtins.def"
#undef BOP
#undef BFN
};

int builtin_lookup(const char *name)
{
	/* NEEDSWORK: linear scan; a few hundred entries, called once per
	 * declaration in the built-in headers. */
	for (int i = 0; i < BI_COUNT; i++)
		if (strcmp(builtin_table[i].name, name) == 0)
			return i;
	return -1;
}
