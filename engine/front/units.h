/*
 * units.h - the prelude's declarations a program can reach (private to front/).
 *
 * The prebuilt prelude (prelude.h) is some 45 k tokens of built-in headers:
 * the CUDA runtime, the vector types, the math library, <cstdio>'s and
 * <cstdlib>'s declarations. A program names a few dozen of its entities,
 * yet both passes parsed every declaration, most of a small program's
 * compile time. The prelude's declarations are split into units, what one
 * file- or namespace-scope call of parse_external reads (a declaration, a
 * function definition, a template, a class; a namespace or an extern "C"
 * block is not a unit, its declarations are). tools/units-gen.c parses the
 * prebuilt prelude at build time, both passes, and records for each unit
 * the names it declares or redeclares in a namespace scope; a unit may be
 * left out (is in the tables) when it declared at least one such name,
 * each a plain identifier (no operator, constructor or template-id), left
 * the parser's counters and lists (temporaries, lambdas, virtual classes,
 * instances, deferred bodies) as it found them, and gave no diagnostic.
 * Every other unit is always parsed, and so is every unit the names in it
 * can reach, closed under "a kept unit's identifiers reach the units that
 * declare them": the tables hold that closure for the always-parsed units
 * (base), and per unit the units its identifiers reach (deps).
 *
 * At run time (front.c), for each pass that loaded the prebuilt prelude,
 * units_plan starts from the identifiers of the pass's own tokens after the
 * prelude (the main file and what it includes, with its macros expanded),
 * plus the names the parser itself looks up (uint3 and dim3, for
 * threadIdx and friends), and closes under deps. The prelude's units start
 * as stubs (pp.h, pp_prelude_expand): the units reached are made into
 * tokens in place, and the parser steps over every other (the first
 * token's unit_stub bit: parse_external).
 * Whatever a program names, all its declarations are parsed in their
 * order; an entity it cannot name has no effect on its parse.
 * tests/front/unit_units.c holds that (the tree, IR and diagnostics of
 * every test program and example, with and without WS_NO_UNITS).
 *
 * Off (every unit parsed): WS_NO_UNITS set to a non-empty value, a pass
 * that preprocessed its prelude (-D, -I, --cuda-version, WS_NO_PREBUILT),
 * or tables that were not made from this build's prelude.
 */
#ifndef WS_UNITS_H
#define WS_UNITS_H

#include "token.h"
#include "util.h"

#include <stdint.h>

/* --- the tables (units_gen.c, made by tools/units-gen.c) --- */

struct pb_tok;

struct pu_unit {
	uint32_t start, end;     /* prelude token indices: [start, end) */
	uint32_t deps, ndeps;    /* pu_tables.deps[deps .. deps + ndeps): units it reaches */
	uint32_t origin0, norig; /* its tokens' macro origins: pb_prelude.origins[origin0 ..
				  * origin0 + norig) */
};

struct pu_name {
	uint32_t hash;           /* name_hash of the spelling; slot empty when str is 0 */
	uint32_t str;            /* pool offset of the spelling */
	uint32_t units, nunits;  /* pu_tables.name_units[units ..): the units declaring it */
};

struct pu_tables {
	uint32_t ntok;           /* the prelude's token count (pb_prelude.ntok) */
	uint64_t check;          /* units_prelude_check of the prelude they were made from */
	const struct pu_unit *units;  /* skippable units, in token order */
	uint32_t nunits;
	const uint32_t *deps;
	const uint8_t *base;     /* 1: reached by the always-parsed units */
	const struct pu_name *names;  /* open addressing by hash, cap a power of 2 */
	uint32_t names_cap;
	const uint32_t *name_units;
	const char *pool;
	/* the prelude's tokens with each unit a stub (its first token), as
	 * pp.c's pb_collapsed lists them: copies of pb_prelude.toks records in
	 * one run, so that a run reads 2 k records instead of touching every
	 * page of the 45 k (each a page fault on the binary's file) */
	const struct pb_tok *stoks;
	uint32_t nstok;
	const struct span *sorigins;  /* the origins of those with PB_ORIGIN, in order */
	const uint32_t *stub_at;      /* per unit, the index of its stub in stoks */
};

const struct pu_tables *units_prebuilt(void);

/* a hash of the prebuilt prelude's tables (prelude.h) that the units
 * tables must have been made from */
struct pb_prelude;
uint64_t units_prelude_check(const struct pb_prelude *pb);

/* --- run time --- */

/* 1 when tab was made from the prebuilt prelude pb (token count and check) */
int units_fit(const struct pu_tables *tab, const struct pb_prelude *pb);

/*
 * units_plan: which of tab's units a pass parses, from user, its first
 * token after the prelude: kept[u] = 1 for each unit reached (tab->nunits
 * entries, zeroed by the caller). Returns 1, or 0 when the pass must parse
 * every unit (inline assembly, WS_NO_UNITS) and kept is left as it was.
 */
int units_plan(const struct pu_tables *tab, const struct token *user, uint8_t *kept);

/* --- recording (tools/units-gen.c; the parser calls these when parse_opts.rec is set) --- */

/* what the parser must leave as it was for a unit to be skippable */
struct unit_state {
	unsigned tmpcount;
	int range_for_count, nvclasses, ninst;
	const void *vclasses, *vdisps, *gtemps_tail, *exc, *deferred;
	size_t ndiags;
};

struct unit_rec;
struct unit_rec *unit_rec_new(void);
void unit_rec_free(struct unit_rec *r);
void unit_rec_begin(struct unit_rec *r, struct token *t, const struct unit_state *st);
void unit_rec_end(struct unit_rec *r, struct token *t, const struct unit_state *st);
void unit_rec_name(struct unit_rec *r, const char *name);

/*
 * units_emit: the units recorded by the host pass's parse (h) and the
 * device pass's (d) of the prebuilt prelude pb, whose token i in the
 * passes' lists is tok(ctx, i), as the C
 * source of units_gen.c. Returns -1 with *why set when the two passes do
 * not split the prelude alike or a unit's token is not one of the prelude's.
 */
int units_emit(struct unit_rec *h, struct unit_rec *d, struct token *(*tok)(void *ctx, uint32_t i), void *ctx,
	       const struct pb_prelude *pb, struct strbuf *out, const char **why);

#endif
