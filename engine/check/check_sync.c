/*
 * check_sync.c - the synchronization checker (synccheck), on the machine's
 * events (check.h):
 * - CEV_BARRIER: a __syncthreads() completed by groups waiting at
 *   different __syncthreads() (barrier-divergence);
 * - CEV_COLLECTIVE: the groups completing one warp collective must name
 *   the same mask at the same kind of collective (mismatched masks);
 * - CEV_WARP_EXIT (checker "collective-exit", which runs with --fast too):
 *   lanes named by a waiting collective that exit never arrive.
 */
#include "check.h"
#include "ir.h"

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
	if (e->kind == CEV_BARRIER)
		bar_sites(e->m, e->sites, e->nsites);
	else if (e->kind == CEV_COLLECTIVE)
		coll_match(e->m, e->w, e->groups, e->ngroups);
}

static void exit_event(void *self, const struct check_event *e)
{
	coll_exit(e->m, e->w, e->mask);
}

const struct checker check_sync = {
	.name = "sync",
	.what = "barriers reached at different places, collectives with mismatched masks",
	.events = CEV_BIT(CEV_BARRIER) | CEV_BIT(CEV_COLLECTIVE),
	.event = sync_event,
};

const struct checker check_collective_exit = {
	.name = "collective-exit",
	.what = "collectives that wait for lanes which exited",
	.events = CEV_BIT(CEV_WARP_EXIT),
	.always = 1,
	.event = exit_event,
};
