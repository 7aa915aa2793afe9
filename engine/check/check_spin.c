/*
 * check_spin.c - deadlocks that are not barrier waits: a spin-wait on a
 * flag that no runnable thread will set (often a block waiting for a block
 * that is not resident), so that `warpstep run` never hangs on them.
 *
 * On each CEV_SAMPLE of a running grid (every CHECK_SAMPLE steps, or 1024
 * steps per live warp when that is more: hashing them costs), if the device made progress
 * since the last sample (a store or a memory-changing atomic, a block
 * finished), the histories are cleared. Otherwise each live warp's state
 * (groups: mask, pc, state; their frames' registers) is hashed: a warp
 * whose hash was already seen since the last progress is repeating itself.
 * When, after SPIN_ROUNDS samples without progress, every live warp is
 * repeating or waiting at a barrier or collective, nothing can ever change:
 * a deadlock finding lists who spins or waits where, and the grid fails.
 * A loop that computes (its registers change) is never taken for a spin.
 *
 * The first sample of an epoch that would hash is put off until a round of
 * the round robin over the resident warps can have passed since the
 * progress (check_round_steps): before that, a warp not yet visited again
 * looks the same for want of a turn, not for spinning. On a big device
 * profile a round outlasts the sampling interval (the H100's 8448 resident
 * warps of 51 steps each before their first store: reduce_shfl) and the
 * hashes of every resident warp cost more than the kernel's own work (30 M
 * host instructions there); on a small grid a round is shorter than the
 * interval and nothing is put off.
 */
#include "check.h"
#include "ir.h"

#include <stdlib.h>
#include <string.h>

#define SPIN_ROUNDS 8

/* the history of one resident warp (by its index in check_warp_get) */
struct spin_warp {
	uint64_t hist[16];      /* state hashes seen since the last progress */
	uint32_t n, epoch;
};

struct spin {
	struct machine *m;
	uint64_t stores;        /* check_stores at the last sample */
	uint64_t done;          /* blocks done at the last sample */
	uint64_t since;         /* check_steps at the last progress */
	uint32_t judged;        /* epoch of the last sample that hashed */
	uint32_t epoch;         /* advances whenever the device made progress */
	struct spin_warp *w;
	size_t nw;
};

static void *spin_create(struct machine *m)
{
	struct spin *s = xcalloc(1, sizeof(*s));
	s->m = m;
	return s;
}

static void *spin_clone(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p), void *ctx)
{
	const struct spin *o = self;
	struct spin *s = xmalloc(sizeof(*s));

	*s = *o;
	s->m = m;
	s->w = o->nw ? xmalloc(o->nw * sizeof(*o->w)) : NULL;
	if (o->nw)
		memcpy(s->w, o->w, o->nw * sizeof(*o->w));
	(void)map;
	(void)ctx;
	return s;
}

static void spin_destroy(void *self)
{
	struct spin *s = self;
	free(s->w);
	free(s);
}

static const char *doing(int state)
{
	return state == CG_READY ? "spin" : state == CG_PARKED ? "wait for the warp to reconverge" :
	       state == CG_BARRIER ? "wait in __syncthreads" : "wait in a warp collective";
}

static void spin_report(struct machine *m, uint64_t interval)
{
	struct strbuf sb;
	strbuf_init(&sb);
	struct check_warp first = {0};
	struct check_group fg = {0};
	int listed = 0, more = 0, have = 0;
	for (size_t i = 0, n = check_nwarps(m); i < n; i++) {
		struct check_warp cw;
		if (check_warp_get(m, i, &cw) < 0)
			continue;
		for (int j = 0; j < cw.ngroups; j++) {
			struct check_group g;
			check_group_get(cw.w, j, &g);
			/* a spinning group anywhere in its loop: the loop's test, so
			 * that the report is the same whichever sample makes it */
			if (g.state == CG_READY)
				g.span = check_group_spin_span(cw.w, j);
			if (listed == 8) {
				more++;
				continue;
			}
			if (!have || (g.state == CG_READY && fg.state != CG_READY)) {
				first = cw;
				fg = g;
				have = 1;
			}
			strbuf_addf(&sb, "%sblock (%u,%u,%u) warp %u lanes 0x%08x %s at line %u",
				    listed ? "; " : "", cw.block[0], cw.block[1], cw.block[2], cw.id,
				    g.mask, doing(g.state), g.span.line);
			listed++;
		}
	}
	if (more)
		strbuf_addf(&sb, "; and %d more", more);
	uint64_t waiting = check_blocks_waiting(m);
	if (waiting)
		strbuf_addf(&sb, "; %llu blocks of the grid are not resident (they wait for a free slot, and a resident block that waits for one of them waits forever)",
			    (unsigned long long)waiting);
	if (have)
		check_report(m, FK_DEADLOCK, first.w, fg.mask, fg.span, 0,
			     "deadlock: the threads spin on memory that no runnable thread will change (nothing was written for %llu million steps): %s",
			     (unsigned long long)(SPIN_ROUNDS * interval >> 20), strbuf_cstr(&sb));
	strbuf_release(&sb);
}

static void spin_event(void *self, const struct check_event *e)
{
	struct spin *s = self;
	struct machine *m = e->m;
	uint64_t stores = check_stores(m), done = check_blocks_done(m);
	if (stores != s->stores || done != s->done) {
		s->stores = stores;
		s->done = done;
		s->epoch++;
		s->since = check_steps(m);
		return;
	}
	if (s->judged != s->epoch && check_steps(m) - s->since < check_round_steps(m))
		return; /* not a round since the progress: the next sample (CHECK_SAMPLE) */
	s->judged = s->epoch;
	size_t n = check_nwarps(m);
	if (n > s->nw) {
		s->w = xrealloc(s->w, n * sizeof(*s->w));
		memset(s->w + s->nw, 0, (n - s->nw) * sizeof(*s->w));
		s->nw = n;
	}
	int all = 1, rounds = SPIN_ROUNDS, spinning = 0;
	uint64_t live = 0;
	for (size_t i = 0; i < n; i++) {
		struct check_warp cw;
		if (check_warp_get(m, i, &cw) < 0 || !cw.live)
			continue;
		struct spin_warp *sw = &s->w[i];
		live++;
		if (sw->epoch != s->epoch) {
			sw->epoch = s->epoch;
			sw->n = 0;
		}
		int blocked;
		uint64_t h = check_warp_hash(cw.w, &blocked);
		int seen = 0;
		uint32_t k = sw->n < 16 ? sw->n : 16;
		for (uint32_t j = 0; j < k; j++)
			seen |= sw->hist[j] == h;
		sw->hist[sw->n++ % 16] = h;
		if ((int)sw->n < rounds)
			rounds = (int)sw->n;
		if (seen)
			spinning = 1;
		else if (!blocked)
			all = 0;
	}
	/*
	 * Hashing costs in proportion to the live warps: sample no more often
	 * than every 1024 steps per live warp, so that the thousands of warps of
	 * a large device profile (8448 on the H100) cost a few operations a step.
	 */
	uint64_t interval = live << 10 > CHECK_SAMPLE ? live << 10 : CHECK_SAMPLE;
	check_sample_at(m, check_steps(m) + interval);
	if (!all || !spinning || rounds < SPIN_ROUNDS)
		return;
	spin_report(m, interval);
	check_fail_kernel(m, 702);
}

const struct checker check_spin = {
	.name = "spin",
	.what = "deadlocks of threads that spin on memory nobody will change",
	.events = CEV_BIT(CEV_SAMPLE),
	.always = 1,
	.create = spin_create,
	.clone = spin_clone,
	.destroy = spin_destroy,
	.event = spin_event,
};
