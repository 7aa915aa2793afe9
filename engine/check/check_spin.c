/*
 * check_spin.c - deadlocks that are not barrier waits: a spin-wait on a
 * flag that no runnable thread will set (often a block waiting for a block
 * that is not resident), so that `warpstep run` never hangs on them.
 *
 * Every SPIN_SAMPLE steps of a running grid (or 1024 steps per live warp,
 * when that is more: hashing them costs), if the device made progress
 * since the last sample (a store or a memory-changing atomic, a block
 * finished), the histories are cleared. Otherwise each live warp's state
 * (groups: mask, pc, state; their frames' registers) is hashed: a warp
 * whose hash was already seen since the last progress is repeating itself.
 * When, after SPIN_ROUNDS samples without progress, every live warp is
 * repeating or waiting at a barrier or collective, nothing can ever change:
 * a deadlock finding lists who spins or waits where, and the grid fails.
 * A loop that computes (its registers change) is never taken for a spin.
 */
#include "simt.h"

#include <string.h>

#define SPIN_ROUNDS 8

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xbf58476d1ce4e5b9ull;
}

static uint64_t warp_hash(const struct warp *w, int *blocked)
{
	uint64_t h = 0x12345;
	*blocked = w->ng > 0;
	for (uint32_t j = 0; j < w->ng; j++) {
		const struct group *g = &w->g[j];
		h = mix(h, g->mask);
		h = mix(h, (uint64_t)g->pc << 8 | g->state);
		h = mix(h, (uint64_t)g->fr->fidx << 32 | g->fr->depth);
		if (g->state == G_READY || g->state == G_PARK)
			*blocked = 0;
		uint32_t nregs = g->fr->fn->nregs;
		for (uint32_t r = 0; r < nregs; r++)
			for (uint32_t mm = g->mask; mm; mm &= mm - 1)
				h = mix(h, g->fr->r[r * WS_WARP + (unsigned)__builtin_ctz(mm)]);
	}
	return h;
}

static void spin_report(struct machine *m, struct grid *gr, uint64_t interval)
{
	struct strbuf sb;
	strbuf_init(&sb);
	struct warp *first = NULL;
	struct group *fg = NULL;
	int listed = 0, more = 0;
	for (int s = 0; s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			struct warp *w = &b->w[i];
			for (uint32_t j = 0; j < w->ng; j++) {
				struct group *g = &w->g[j];
				if (listed == 8) {
					more++;
					continue;
				}
				int spins = g->state == G_READY;
				if (!first || (spins && fg->state != G_READY)) {
					first = w;
					fg = g;
				}
				strbuf_addf(&sb, "%sblock (%u,%u,%u) warp %u lanes 0x%08x %s at line %u",
					    listed ? "; " : "", b->idx[0], b->idx[1], b->idx[2], w->id,
					    g->mask, g->state == G_READY ? "spin" : g->state == G_PARK ?
					    "wait for the warp to reconverge" : g->state == G_BAR ?
					    "wait in __syncthreads" : "wait in a warp collective",
					    g->fr->code[g->pc].span.line);
				listed++;
			}
		}
	}
	if (more)
		strbuf_addf(&sb, "; and %d more", more);
	uint64_t waiting = gr->nblocks - gr->next_block;
	if (waiting)
		strbuf_addf(&sb, "; %llu blocks of the grid are not resident (they wait for a free slot, and a resident block that waits for one of them waits forever)",
			    (unsigned long long)waiting);
	if (first)
		machine_finding_add(m, FK_DEADLOCK, first, fg->mask, fg->fr->code[fg->pc].span, 0,
				    "deadlock: the threads spin on memory that no runnable thread will change (nothing was written for %llu million steps): %s",
				    (unsigned long long)(SPIN_ROUNDS * interval >> 20), strbuf_cstr(&sb));
	strbuf_release(&sb);
}

int check_spin(struct machine *m)
{
	struct grid *gr = m->grid;
	m->spin_next = m->steps + SPIN_SAMPLE;
	if (m->nstores != m->spin_stores || gr->done_blocks != m->spin_done) {
		m->spin_stores = m->nstores;
		m->spin_done = gr->done_blocks;
		m->spin_epoch++;
		return 0;
	}
	int all = 1, rounds = SPIN_ROUNDS, spinning = 0;
	uint64_t live = 0;
	for (int s = 0; s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			struct warp *w = &b->w[i];
			if (!w->live)
				continue;
			live++;
			if (w->spin_epoch != m->spin_epoch) {
				w->spin_epoch = m->spin_epoch;
				w->spin_n = 0;
			}
			int blocked;
			uint64_t h = warp_hash(w, &blocked);
			int seen = 0;
			uint32_t n = w->spin_n < 16 ? w->spin_n : 16;
			for (uint32_t k = 0; k < n; k++)
				seen |= w->spin_hist[k] == h;
			w->spin_hist[w->spin_n++ % 16] = h;
			if ((int)w->spin_n < rounds)
				rounds = (int)w->spin_n;
			if (seen)
				spinning = 1;
			else if (!blocked)
				all = 0;
		}
	}
	/*
	 * Hashing costs in proportion to the live warps: sample no more often
	 * than every 1024 steps per live warp, so that the thousands of warps of
	 * a large device profile (8448 on the H100) cost a few operations a step.
	 */
	uint64_t interval = live << 10 > SPIN_SAMPLE ? live << 10 : SPIN_SAMPLE;
	m->spin_next = m->steps + interval;
	if (!all || !spinning || rounds < SPIN_ROUNDS)
		return 0;
	spin_report(m, gr, interval);
	return 1;
}
