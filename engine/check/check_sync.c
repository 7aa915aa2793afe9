/*
 * check_sync.c - the synchronization checker (synccheck), on the machine's
 * events (check.h):
 * - CEV_BARRIER: a __syncthreads() completed by groups waiting at
 *   different __syncthreads() (barrier-divergence);
 * - CEV_COLLECTIVE: the groups completing one warp collective must name
 *   the same mask at the same kind of collective (mismatched masks);
 * - checker "exit", which runs with --fast too: lanes named by a waiting
 *   collective that exit never arrive (CEV_WARP_EXIT); threads that exit
 *   while others of the block wait at a __syncthreads() (noted at
 *   CEV_WARP_EXIT, reported as a barrier-divergence warning when the
 *   barrier completes without them: sm_70+ lets it, CUDA does not define it).
 */
#include "check.h"
#include "ir.h"

#include <stdlib.h>

static enum finding_kind coll_kind(unsigned op)
{
	return op == IR_WARPSYNC ? FK_INVALID_SYNCWARP_MASK : FK_INVALID_COLLECTIVE_MASK;
}

static const char *coll_name(unsigned op)
{
	switch (op) {
	case IR_WARPSYNC: return "__syncwarp";
	case IR_SHFL: return "a shuffle";
	default: return "a warp vote/match/reduce";
	}
}

static void coll_match(struct machine *m, struct warp *w, const uint32_t *list, int n)
{
	struct check_group a, b;
	check_group_get(w, (int)list[0], &a);
	for (int k = 1; k < n; k++) {
		check_group_get(w, (int)list[k], &b);
		if (b.coll_mask == a.coll_mask && b.coll_op == a.coll_op)
			continue;
		const struct check_group *g = b.mask < a.mask ? &b : &a, *o = g == &a ? &b : &a;
		struct machine_finding *f =
			check_report(m, coll_kind(g->coll_op), w, g->mask, g->span, 0,
				     g->coll_op != o->coll_op ?
				     "lanes 0x%08x meet lanes 0x%08x (line %u) at a different collective: %s with mask 0x%08x against %s with mask 0x%08x; every lane named must execute the same collective" :
				     "lanes 0x%08x and lanes 0x%08x (line %u) take part in one collective with different masks: %s with mask 0x%08x against %s with mask 0x%08x; every lane must pass the same mask",
				     g->mask, o->mask, o->span.line, coll_name(g->coll_op), g->coll_mask,
				     coll_name(o->coll_op), o->coll_mask);
		check_report_other(f, w, (unsigned)__builtin_ctz(o->mask), -1);
		return;
	}
}

static void coll_exit(struct machine *m, struct warp *w, uint32_t exiting)
{
	if (!(check_warp_coll_named(w) & exiting))
		return;
	struct check_warp cw;
	check_warp_info(w, &cw);
	for (int j = 0; j < cw.ngroups; j++) {
		struct check_group g;
		check_group_get(w, j, &g);
		if (g.state != CG_COLLECTIVE || !(g.coll_mask & exiting))
			continue;
		check_report(m, coll_kind(g.coll_op), w, g.mask, g.span, 0,
			     "%s with mask 0x%08x waits for lanes 0x%08x, which exited without reaching it; name only the lanes that execute it (e.g. __activemask() or the mask of the branch)",
			     coll_name(g.coll_op), g.coll_mask | g.mask, g.coll_mask & exiting);
	}
}

static void bar_sites(struct machine *m, const struct check_site *site, int n)
{
	for (int k = 1; k < n; k++) {
		const struct check_site *a = &site[0], *b = &site[k];
		if (b->func == a->func && b->pc == a->pc)
			continue;
		struct check_warp fw, cw;
		struct check_group first, g;
		check_warp_info(a->w, &fw);
		check_warp_info(b->w, &cw);
		check_group_get(a->w, a->group, &first);
		check_group_get(b->w, b->group, &g);
		struct machine_finding *f =
			check_report(m, FK_BARRIER_DIVERGENCE, a->w, first.mask, first.span, 0,
				     "threads of the block wait at different __syncthreads(): warp %u lanes 0x%08x here, warp %u lanes 0x%08x at line %u; a barrier inside a condition must be reached by the whole block at the same place",
				     fw.id, first.mask, cw.id, g.mask, g.span.line);
		check_report_other(f, b->w, (unsigned)__builtin_ctz(g.mask), -1);
		return;
	}
}

static void sync_event(void *self, const struct check_event *e)
{
	if (e->kind == CEV_BARRIER) {
		if (!check_block_split(e->b))
			return; /* every group waits at one place: nothing to compare */
		int n;
		const struct check_site *site = check_block_sites(e->m, e->b, &n);
		bar_sites(e->m, site, n);
	}
	else if (e->kind == CEV_COLLECTIVE)
		coll_match(e->m, e->w, e->groups, e->ngroups);
}

/* the exit checker's notes: blocks where threads exited while others
 * waited at a barrier (few at a time) */
struct skip {
	struct block *b;
	uint32_t skipped;      /* threads that exited meanwhile */
	struct warp *w;        /* the first such warp, and its lanes */
	uint32_t lanes;
};
struct exits {
	VEC(struct skip) v;
};

static void *exits_create(struct machine *m)
{
	return xcalloc(1, sizeof(struct exits));
}

static void *exits_clone(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p), void *ctx)
{
	const struct exits *o = self;
	struct exits *x = xcalloc(1, sizeof(*x));

	for (size_t i = 0; i < o->v.len; i++) {
		struct skip k = o->v.v[i];

		k.b = map(ctx, k.b);
		k.w = map(ctx, k.w);
		vec_push(&x->v, k);
	}
	(void)m;
	return x;
}

static void exits_destroy(void *self)
{
	struct exits *x = self;
	vec_free(&x->v);
	free(x);
}

static void skip_note(struct exits *x, struct block *b, struct warp *w, uint32_t lanes)
{
	for (size_t i = 0; i < x->v.len; i++)
		if (x->v.v[i].b == b) {
			x->v.v[i].skipped += (uint32_t)__builtin_popcount(lanes);
			return;
		}
	struct skip s = { b, (uint32_t)__builtin_popcount(lanes), w, lanes };
	vec_push(&x->v, s);
}

/* the barrier of a block with notes completes: the warning, at the place
 * the skipping warp's own lanes wait (else the first waiting warp's) */
static void skip_report(struct machine *m, struct exits *x, const struct check_event *e)
{
	size_t i = 0;
	while (i < x->v.len && x->v.v[i].b != e->b)
		i++;
	if (i == x->v.len)
		return;
	struct skip s = x->v.v[i];
	x->v.v[i] = x->v.v[--x->v.len];
	int n;
	const struct check_site *site = check_block_sites(m, e->b, &n), *at = NULL;
	for (int k = 0; k < n; k++)
		if (site[k].w == s.w)
			at = &site[k];
	for (int k = 0; !at && k < n; k++)
		if (k + 1 == n || site[k + 1].w != site[0].w)
			at = &site[k];
	struct check_group g = {0};
	if (at)
		check_group_get(at->w, at->group, &g);
	/* a warning: on sm_70+ the barrier completes without them and the
	 * block runs on, but CUDA leaves it undefined */
	check_report_sev(m, FK_BARRIER_DIVERGENCE, 0, s.w, s.lanes, g.span, 0,
			 "%u threads of the block exited without reaching this __syncthreads() while others waited at it; a barrier must be reached by every thread of the block (move it out of the condition)",
			 s.skipped);
}

static void exit_event(void *self, const struct check_event *e)
{
	struct exits *x = self;
	switch (e->kind) {
	case CEV_WARP_EXIT:
		if (check_block_arrived(e->b))
			skip_note(x, e->b, e->w, e->mask);
		coll_exit(e->m, e->w, e->mask);
		break;
	case CEV_BARRIER:
		if (x->v.len)
			skip_report(e->m, x, e);
		break;
	case CEV_GRID_END:
		x->v.len = 0;
		break;
	default:
		break;
	}
}

const struct checker check_sync = {
	.name = "sync",
	.what = "barriers reached at different places, collectives with mismatched masks",
	.events = CEV_BIT(CEV_BARRIER) | CEV_BIT(CEV_COLLECTIVE),
	.event = sync_event,
};

const struct checker check_exit = {
	.name = "exit",
	.what = "lanes that exit while others wait for them at a collective or a barrier",
	.events = CEV_BIT(CEV_WARP_EXIT) | CEV_BIT(CEV_BARRIER) | CEV_BIT(CEV_GRID_END),
	/* a plain exit: no thread at a barrier (skip_note), no group left to
	 * wait at a collective (coll_exit) */
	.plain_exit_quiet = 1,
	/* a barrier's release: skip_report, for a block noted at an exit */
	.barrier_after_exit = 1,
	.always = 1,
	.create = exits_create,
	.clone = exits_clone,
	.destroy = exits_destroy,
	.event = exit_event,
};
