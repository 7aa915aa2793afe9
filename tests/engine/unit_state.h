/*
 * unit_state.h - what a stop of a device run shows, hashed, for the engine
 * unit tests that compare a machine taking a shortcut with one whose
 * observers turn it off (tests/engine/unit_split.c, unit_smem.c).
 */
#ifndef WS_TESTS_UNIT_STATE_H
#define WS_TESTS_UNIT_STATE_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simt.h"
#include "tap.h"

#define UNIT_MIX(h, x) ((h) = ((h) ^ (uint64_t)(x)) * 1099511628211u)

/* the steps, and the groups and tokens of every started resident warp;
 * blocks: each resident block's place in the grid and its barrier's
 * arrivals too */
static inline uint64_t unit_state(const struct machine *m, int blocks)
{
	uint64_t h = 14695981039346656037u;
	UNIT_MIX(h, m->steps);
	const struct grid *gr = m->dev.grid;
	if (!gr)
		return h;
	for (int s = 0; s < gr->nres; s++) {
		const struct block *b = gr->res[s];
		if (!b)
			continue;
		UNIT_MIX(h, 1000 + s);
		if (blocks) {
			UNIT_MIX(h, b->linear);
			UNIT_MIX(h, b->bar_arrived);
		}
		for (uint32_t i = 0; i < b->nwarps; i++) {
			const struct warp *w = &b->w[i];
			if (b->unstarted >> i & 1)
				continue;
			UNIT_MIX(h, w->ng);
			UNIT_MIX(h, (uint32_t)w->cur);
			for (uint32_t j = 0; j < w->ng; j++) {
				const struct group *g = &w->g[j];
				UNIT_MIX(h, g->mask);
				UNIT_MIX(h, g->pc);
				UNIT_MIX(h, g->state);
				UNIT_MIX(h, g->ntok);
				for (unsigned q = 0; q < g->ntok; q++)
					UNIT_MIX(h, g->tok[q]);
			}
			for (size_t q = 0; q < w->toks.len; q++) {
				const struct token *tk = &w->toks.v[q];
				if (!tk->used)
					continue;
				UNIT_MIX(h, q);
				UNIT_MIX(h, tk->mask);
				UNIT_MIX(h, tk->arrived);
				UNIT_MIX(h, tk->rpc);
				UNIT_MIX(h, tk->depth);
			}
		}
	}
	return h;
}

/* runs of 1 .. 60 steps of m, each followed by a few single steps, while it
 * runs and tr has room (cap): unit_state(m, blocks) at every stop into tr;
 * after each run, count(m) (when given) is added to *seen. Returns the
 * stops recorded. */
static inline size_t unit_stops(struct machine *m, int blocks, uint64_t *tr, size_t cap,
				size_t (*count)(const struct machine *), size_t *seen)
{
	size_t n = 0;
	for (int len = 1; machine_get_status(m) == MST_RUNNING && n + 100 < cap; len = len % 60 + 1) {
		machine_run(m, (uint64_t)len);
		tr[n++] = unit_state(m, blocks);
		for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
			machine_step(m);
			tr[n++] = unit_state(m, blocks);
		}
		if (count)
			*seen += count(m);
	}
	return n;
}

/* the first stop at which two records differ (the shorter's length when
 * one is the other's start) */
static inline size_t unit_first_differing(const uint64_t *a, size_t na, const uint64_t *b, size_t nb)
{
	size_t at = 0;
	while (at < na && at < nb && a[at] == b[at])
		at++;
	return at;
}

/* the end of a stop-by-stop comparison of two machines: tr0 and tr1 their
 * n[0] and n[1] stops' records, o[0] and o[1] their output (closed here).
 * 1 when they made as many stops, more than min, each the same, and
 * printed the same; *at: the first differing stop; *out (when given): the
 * first machine's output (empty where it could not be read), which the
 * caller frees */
static inline int unit_stops_same(const uint64_t *tr0, const uint64_t *tr1, const size_t n[2], size_t min, FILE *o[2],
				  size_t *at, char **out)
{
	*at = unit_first_differing(tr0, n[0], tr1, n[1]);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	int same = n[0] == n[1] && *at == n[0] && n[0] > min && a && b && strcmp(a, b) == 0;
	free(b);
	if (out)
		*out = a ? a : calloc(1, 1);
	else
		free(a);
	fclose(o[0]);
	fclose(o[1]);
	return same;
}

#endif
