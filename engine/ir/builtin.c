/* builtin.c - the table generated from builtins.def, and name lookup. */
#include "builtin.h"
#include "ir.h"

#include <pthread.h>
#include <stdint.h>
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

/* Name lookup by an open-addressing hash over the table, built once: the
 * front end asks for every declaration of the built-in headers, and a
 * linear scan was a tenth of a hello world's start-up. */
#define BI_HASH_SIZE 2048 /* a power of two, more than twice BI_COUNT */
_Static_assert(BI_HASH_SIZE > 2 * BI_COUNT, "builtin hash table too small");
static int16_t bi_hash[BI_HASH_SIZE]; /* index + 1; 0: empty */
static pthread_once_t bi_hash_once = PTHREAD_ONCE_INIT;

static uint32_t bi_name_hash(const char *s)
{
	uint32_t h = 2166136261u;
	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static void bi_hash_build(void)
{
	for (int i = 0; i < BI_COUNT; i++) {
		uint32_t h = bi_name_hash(builtin_table[i].name) & (BI_HASH_SIZE - 1);
		while (bi_hash[h])
			h = (h + 1) & (BI_HASH_SIZE - 1);
		bi_hash[h] = (int16_t)(i + 1);
	}
}

int builtin_lookup(const char *name)
{
	pthread_once(&bi_hash_once, bi_hash_build);
	uint32_t h = bi_name_hash(name) & (BI_HASH_SIZE - 1);
	for (; bi_hash[h]; h = (h + 1) & (BI_HASH_SIZE - 1))
		if (strcmp(builtin_table[bi_hash[h] - 1].name, name) == 0)
			return bi_hash[h] - 1;
	return -1;
}
