/*
 * cg.c - the engine side of cooperative groups and cuda::barrier: the
 * ENGINE built-ins __ws_bar_* and __ws_grid_* (engine/ir/builtins.def) that
 * cooperative_groups.h and cuda/barrier call, and the queries of machine.h
 * that show each barrier's state.
 *
 * A cuda::barrier is a counter with phases. init(&bar, n) sets the expected
 * count n; each arrive() lowers the pending count of the current phase and
 * returns a token naming that phase; the arrival that brings it to zero
 * completes the phase: the phase number advances, the pending count goes
 * back to the expected count (less the threads that left with
 * arrive_and_drop()) and the threads blocked in wait(token) on the
 * completed phase continue. The state lives here, keyed by the barrier's
 * address (and its block, for a barrier in shared memory, whose address is
 * the same in every block), not in the object's bytes.
 *
 * A blocking wait that cannot complete puts its group in G_CGWAIT without
 * advancing its pc (cg_addr/cg_token say on what); the scheduler skips it.
 * The arrival that completes the phase makes the waiting groups ready, and
 * they execute the same call again, which now returns. No change to the
 * interpreter's wait states was needed beyond the new state value.
 *
 * Tokens: (barrier id << 32) | (phase mod 2^32). wait() accepts a token of
 * the current phase (blocks) or of the previous one (returns); anything else
 * is the CUDA guide's undefined behavior and a `barrier-bad-token` finding.
 * More arrivals than pending is `barrier-overflow`; any use of an address
 * init() was never called on (in this block) is `barrier-uninitialized`.
 * All three stop the kernel (cudaErrorLaunchFailure, 719).
 *
 * this_grid().sync() under cudaLaunchCooperativeKernel (every block is
 * resident, the launch checked it) is one grid-wide barrier with a
 * generation counter; without a cooperative launch it is the finding
 * `grid-sync-not-cooperative`.
 */
#include "simt.h"
#include "builtin.h"

#include <stdlib.h>
#include <string.h>

struct cg_bar {
	struct block *b;        /* NULL: a barrier in global memory */
	uint64_t linear;        /* the block's index in the grid, when b */
	uint64_t addr;
	uint32_t expected, pending;
	uint64_t phase;
	uint32_t id;            /* index + 1 */
};

struct cg_state {
	VEC(struct cg_bar) bars;
	uint64_t grid_arrived, grid_gen;
	VEC(struct cg_cluster) clusters; /* cluster barriers (cluster.c), made at first use */
};

#define ARG(k, l) R[(size_t)in->args[k] * WS_WARP + (l)]
#define TOK(id, ph) (((uint64_t)(id) << 32) | ((ph) & 0xffffffffu))

static struct cg_state *state(struct machine *m)
{
	if (!m->cg)
		m->cg = xcalloc(1, sizeof(*m->cg));
	return m->cg;
}

void cg_grid_start(struct machine *m)
{
	if (!m->cg)
		return;
	m->cg->bars.len = 0;
	m->cg->clusters.len = 0;
	m->cg->grid_arrived = 0;
	m->cg->grid_gen = 0;
}

void cg_clone(struct machine *d, const struct machine *s, void *(*map)(void *ctx, const void *old),
	      void *ctx)
{
	struct cg_state *c;

	d->cg = NULL;
	if (!s->cg)
		return;
	c = xcalloc(1, sizeof(*c));
	*c = *s->cg;
	c->bars.v = NULL;
	c->bars.len = c->bars.cap = 0;
	c->clusters.v = NULL;
	c->clusters.len = c->clusters.cap = 0;
	for (size_t i = 0; i < s->cg->clusters.len; i++)
		vec_push(&c->clusters, s->cg->clusters.v[i]);
	for (size_t i = 0; i < s->cg->bars.len; i++) {
		struct cg_bar b = s->cg->bars.v[i];

		b.b = b.b ? map(ctx, b.b) : NULL;
		vec_push(&c->bars, b);
	}
	d->cg = c;
}

void cg_free(struct machine *m)
{
	if (!m->cg)
		return;
	vec_free(&m->cg->bars);
	vec_free(&m->cg->clusters);
	free(m->cg);
	m->cg = NULL;
}

struct cg_cluster *cg_cluster_state(struct machine *m, uint64_t cluster)
{
	struct cg_state *st = state(m);
	struct cg_cluster nc = { cluster, 0, 0 };
	for (size_t i = 0; i < st->clusters.len; i++)
		if (st->clusters.v[i].cluster == cluster)
			return &st->clusters.v[i];
	vec_push(&st->clusters, nc);
	return &st->clusters.v[st->clusters.len - 1];
}

static int is_shared(uint64_t addr)
{
	return ADDR_TAG(addr) == TAG_SHARED;
}

static struct cg_bar *bar_find(struct machine *m, struct warp *w, uint64_t addr)
{
	struct cg_state *st = state(m);
	struct block *b = is_shared(addr) ? w->blk : NULL;
	for (size_t i = 0; i < st->bars.len; i++) {
		struct cg_bar *x = &st->bars.v[i];
		if (x->addr == addr && x->b == b && (!b || x->linear == b->linear))
			return x;
	}
	return NULL;
}

/* A finding inside a built-in header's inline function (a cooperative
 * groups method, cuda::barrier::arrive ...) is reported at the user's call:
 * the call instruction of the innermost frame outside the built-in headers. */
struct span cg_user_span(const struct machine *m, const struct warp *w, uint32_t lanes, struct span sp)
{
	const struct srcfile *sf = srcmgr_file(m->mod->sm, sp.file);
	if (!w || !lanes || !sf || !sf->builtin)
		return sp;
	unsigned l = (unsigned)__builtin_ctz(lanes);
	for (uint32_t j = 0; j < warp_seen_ng(w); j++) {
		struct group tmp;
		const struct group *g = warp_seen_group(w, j, &tmp);
		if (!(g->mask >> l & 1))
			continue;
		for (const struct frame *fr = g->fr; fr && fr->parent && fr->ret_pc; fr = fr->parent) {
			struct span up = fr->parent->code[fr->ret_pc - 1].span;
			sf = srcmgr_file(m->mod->sm, up.file);
			if (sf && !sf->builtin)
				return up;
		}
		break;
	}
	return sp;
}

static int fail(struct machine *m)
{
	machine_fail_kernel(m, 719);
	return -1;
}

static int check_addr(struct machine *m, struct warp *w, unsigned l, uint64_t addr,
		      const struct ir_insn *in)
{
	return interp_xlate(m, w, l, addr, 8, 0, in->span) ? 0 : -1;
}

static struct cg_bar *bar_get(struct machine *m, struct warp *w, unsigned l, uint64_t addr,
			      const struct ir_insn *in, const char *what)
{
	if (check_addr(m, w, l, addr, in))
		return NULL;
	struct cg_bar *x = bar_find(m, w, addr);
	if (!x)
		machine_finding_add(m, FK_BARRIER_UNINITIALIZED, w, 1u << l, in->span, addr,
				    "%s on a cuda::barrier that was never initialized: call init(&bar, count) "
				    "(one thread, then __syncthreads()) before any thread uses it", what);
	return x;
}

static void wake(struct machine *m, struct block *b, uint64_t addr)
{
	struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++) {
		struct block *rb = b ? b : gr->res[s];
		/* a block holding no warps yet (machine.c block_warps) has no group */
		for (uint32_t i = 0; rb && rb->w && i < rb->nwarps; i++) {
			struct warp *w = &rb->w[i];
			for (uint32_t j = 0; j < w->ng; j++)
				if (w->g[j].state == G_CGWAIT && w->g[j].cg_addr == addr)
					w->g[j].state = G_READY;
		}
		if (b)
			break;
	}
	if (CHECK_WANTS(m, CEV_SYNC)) {
		/* the phase orders what came before it */
		struct check_event e = { .kind = CEV_SYNC, .b = b, .slot = b ? b->slot : -1 };
		machine_publish(m, &e);
	}
}

static int bar_init(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t addr = ARG(0, l);
		int64_t n = (int64_t)ARG(1, l);
		if (check_addr(m, w, l, addr, in))
			return -1;
		if (n < 0) {
			machine_finding_add(m, FK_BARRIER_OVERFLOW, w, 1u << l, in->span, addr,
					    "init(&bar, %lld): the expected count must not be negative", (long long)n);
			return fail(m);
		}
		struct cg_bar *x = bar_find(m, w, addr);
		if (!x) {
			struct cg_state *st = state(m);
			struct cg_bar nb = { 0 };
			vec_push(&st->bars, nb);
			x = &st->bars.v[st->bars.len - 1];
			x->id = (uint32_t)st->bars.len;
		}
		x->b = is_shared(addr) ? w->blk : NULL;
		x->linear = w->blk->linear;
		x->addr = addr;
		x->expected = x->pending = (uint32_t)n;
		x->phase = 0;
	}
	return 0;
}

static int bar_arrive(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t addr = ARG(0, l);
		int64_t upd = (int64_t)ARG(1, l);
		int drop = in->nargs > 2 && ARG(2, l);
		struct cg_bar *x = bar_get(m, w, l, addr, in, drop ? "arrive_and_drop()" : "arrive()");
		if (!x)
			return fail(m);
		if (upd <= 0 || (uint64_t)upd > x->pending) {
			if (x->pending == 0)
				machine_finding_add(m, FK_BARRIER_OVERFLOW, w, 1u << l, in->span, addr,
						    "arrive on a cuda::barrier whose pending count is already zero "
						    "(expected count %u, phase %llu): every thread that arrives must be counted in init()",
						    x->expected, (unsigned long long)x->phase);
			else
				machine_finding_add(m, FK_BARRIER_OVERFLOW, w, 1u << l, in->span, addr,
						    "arrive(%lld) on a cuda::barrier with only %u arrivals pending in phase %llu "
						    "(expected count %u): more threads arrive than init() counted",
						    (long long)upd, x->pending, (unsigned long long)x->phase, x->expected);
			return fail(m);
		}
		if (D)
			D[l] = TOK(x->id, x->phase);
		if (drop && x->expected)
			x->expected--;
		x->pending -= (uint32_t)upd;
		if (x->pending == 0) {
			if (m->acp) /* the phase's copies in flight (cuda::memcpy_async) land first */
				acp_phase_complete(m, x->b, x->addr, x->phase);
			x->phase++;
			x->pending = x->expected;
			wake(m, x->b, x->addr);
		}
	}
	return 0;
}

/* 1: the token's phase completed, 0: not yet, -1: bad token (finding made) */
static int token_done(struct machine *m, struct warp *w, unsigned l, struct cg_bar *x, uint64_t tok,
		      const struct ir_insn *in)
{
	uint32_t tph = (uint32_t)tok, cur = (uint32_t)x->phase;
	if ((tok >> 32) == x->id) {
		if (tph == cur)
			return 0;
		if (tph + 1 == cur)
			return 1;
	}
	if ((tok >> 32) != x->id)
		machine_finding_add(m, FK_BARRIER_BAD_TOKEN, w, 1u << l, in->span, x->addr,
				    "wait() with a token that %s: pass the token this thread's arrive() on this barrier returned",
				    tok ? "comes from another barrier" : "no arrive() returned");
	else
		machine_finding_add(m, FK_BARRIER_BAD_TOKEN, w, 1u << l, in->span, x->addr,
				    "wait() with a token of phase %u while the barrier is in phase %u: "
				    "a token must belong to the current or the immediately preceding phase",
				    tph, cur);
	return -1;
}

static int bar_wait(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		    int test)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t addr = ARG(0, l), tok = ARG(1, l);
		struct cg_bar *x = bar_get(m, w, l, addr, in, "wait()");
		if (!x)
			return fail(m);
		int r = token_done(m, w, l, x, tok, in);
		if (r < 0)
			return fail(m);
		if (test) {
			if (D)
				D[l] = (uint64_t)r;
			continue;
		}
		if (!r) {
			g->state = G_CGWAIT;
			g->cg_addr = addr;
			g->cg_token = tok;
			return 1;
		}
	}
	return 0;
}

int cg_bar_phase(struct machine *m, struct warp *w, unsigned l, uint64_t addr, const struct ir_insn *in,
		 struct block **b, uint64_t *phase)
{
	struct cg_bar *x = bar_get(m, w, l, addr, in, "an asynchronous copy");
	if (!x)
		return fail(m);
	*b = x->b;
	*phase = x->phase;
	return 0;
}

static int bar_phase(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		struct cg_bar *x = bar_get(m, w, l, ARG(0, l), in, "a parity wait");
		if (!x)
			return fail(m);
		if (D)
			D[l] = x->phase;
	}
	return 0;
}

static uint64_t grid_expected(struct machine *m)
{
	struct grid *gr = m->dev.grid;
	uint64_t n = gr->nblocks * gr->threads_per_block;
	for (int s = 0; s < gr->nres; s++)
		if (gr->res[s])
			n -= gr->res[s]->nexited;
	n -= gr->done_blocks * gr->threads_per_block;
	return n;
}

static int grid_arrive(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	struct cg_state *st = state(m);
	if (!m->dev.grid->l.cooperative) {
		machine_finding_add(m, FK_GRID_SYNC_NOT_COOPERATIVE, w, g->mask, in->span, 0,
				    "this_grid().sync() in a kernel not launched with cudaLaunchCooperativeKernel: "
				    "the blocks need not be resident together, so the grid barrier is invalid");
		return fail(m);
	}
	uint64_t gen = st->grid_gen;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1)
		if (D)
			D[__builtin_ctz(mm)] = gen;
	st->grid_arrived += (uint64_t)__builtin_popcount(g->mask);
	if (st->grid_arrived >= grid_expected(m)) {
		st->grid_arrived = 0;
		st->grid_gen++;
		wake(m, NULL, 0);
	}
	return 0;
}

static int grid_wait(struct machine *m, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	uint64_t tok = ARG(0, __builtin_ctz(g->mask));
	if (state(m)->grid_gen > tok)
		return 0;
	g->state = G_CGWAIT;
	g->cg_addr = 0;
	g->cg_token = tok;
	return 1;
}

int cg_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	if (w->host || !m->dev.grid) {
		/* host code: nothing to synchronize with */
		for (uint32_t mm = g->mask; D && mm; mm &= mm - 1)
			D[__builtin_ctz(mm)] = 0;
		return 0;
	}
	switch ((int)in->imm) {
	case BI___ws_bar_init: return bar_init(m, w, g, in);
	case BI___ws_bar_arrive: return bar_arrive(m, w, g, in);
	case BI___ws_bar_wait: return bar_wait(m, w, g, in, 0);
	case BI___ws_bar_test: return bar_wait(m, w, g, in, 1);
	case BI___ws_bar_phase: return bar_phase(m, w, g, in);
	case BI___ws_grid_arrive: return grid_arrive(m, w, g, in);
	case BI___ws_grid_wait: return grid_wait(m, g, in);
	case BI___ws_grid_coop:
		for (uint32_t mm = g->mask; D && mm; mm &= mm - 1)
			D[__builtin_ctz(mm)] = (uint64_t)m->dev.grid->l.cooperative;
		return 0;
	case BI___ws_cg_tile:
		w->cg_tile = (uint8_t)ARG(0, __builtin_ctz(g->mask));
		return 0;
	default:
		return 0;
	}
}

void cg_describe_wait(const struct machine *m, const struct group *g, struct strbuf *out)
{
	const struct cg_state *st = m->cg;
	if (acp_describe_wait(m, g, out))
		return;
	if (!st) {
		strbuf_adds(out, "in a barrier wait");
		return;
	}
	if (g->cg_addr >> 56 == 0xc1) {
		for (size_t i = 0; i < st->clusters.len; i++)
			if (st->clusters.v[i].cluster == (g->cg_addr & 0xffffffffffffffULL))
				strbuf_addf(out, "in this_cluster().sync() of cluster %llu (%llu threads arrived)",
					    (unsigned long long)st->clusters.v[i].cluster,
					    (unsigned long long)st->clusters.v[i].arrived);
		return;
	}
	if (!g->cg_addr) {
		strbuf_addf(out, "in this_grid().sync() (%llu of %llu threads arrived)",
			    (unsigned long long)st->grid_arrived,
			    (unsigned long long)grid_expected((struct machine *)m));
		return;
	}
	for (size_t i = 0; i < st->bars.len; i++) {
		const struct cg_bar *x = &st->bars.v[i];
		if (x->addr != g->cg_addr)
			continue;
		strbuf_addf(out, "in cuda::barrier wait for phase %u (%u of %u arrivals still pending)",
			    (uint32_t)g->cg_token, x->pending, x->expected);
		return;
	}
	strbuf_adds(out, "in a cuda::barrier wait");
}

/* ---- queries (machine.h) */

static int bar_live(const struct machine *m, const struct cg_bar *x)
{
	const struct grid *gr = m->dev.grid;
	if (!gr)
		return 0;
	if (!x->b)
		return 1;
	return x->b->slot >= 0 && x->b->slot < gr->nres && gr->res[x->b->slot] == x->b &&
	       x->b->linear == x->linear;
}

static const struct cg_bar *bar_at(const struct machine *m, int i)
{
	if (!m->cg || i < 0)
		return NULL;
	for (size_t k = 0; k < m->cg->bars.len; k++)
		if (bar_live(m, &m->cg->bars.v[k]) && i-- == 0)
			return &m->cg->bars.v[k];
	return NULL;
}

int machine_cgbar_count(const struct machine *m)
{
	int n = 0;
	while (bar_at(m, n))
		n++;
	return n;
}

int machine_cgbar(const struct machine *m, int i, struct machine_cgbar_info *out)
{
	const struct cg_bar *x = bar_at(m, i);
	if (!x)
		return -1;
	memset(out, 0, sizeof(*out));
	out->slot = x->b ? x->b->slot : -1;
	if (x->b)
		memcpy(out->block, x->b->idx, sizeof(out->block));
	out->addr = x->addr;
	out->obj = -1;
	for (uint32_t k = 0; k < m->mod->nobjs; k++)
		if (m->obj_addr && m->obj_addr[k] == x->addr)
			out->obj = (int)k;
	out->expected = x->expected;
	out->pending = x->pending;
	out->phase = x->phase;
	out->nwaiters = (uint32_t)machine_cgbar_waiters(m, i, NULL, 0);
	return 0;
}

static int waiters_of(const struct machine *m, const struct block *b, uint64_t addr,
		      struct machine_cgbar_waiter *out, int max)
{
	int n = 0;
	for (uint32_t i = 0; b->w && i < b->nwarps; i++) {
		const struct warp *w = &b->w[i];
		for (uint32_t j = 0; j < w->ng; j++) {
			const struct group *g = &w->g[j];
			if (g->state != G_CGWAIT || g->cg_addr != addr)
				continue;
			if (out && n < max) {
				out[n].slot = b->slot;
				out[n].warp = (int)i;
				out[n].lanes = g->mask;
				out[n].phase = (uint32_t)g->cg_token;
			}
			n++;
		}
	}
	return n;
}

int machine_cgbar_waiters(const struct machine *m, int i, struct machine_cgbar_waiter *out, int max)
{
	const struct cg_bar *x = bar_at(m, i);
	if (!x)
		return -1;
	if (x->b)
		return waiters_of(m, x->b, x->addr, out, max);
	int n = 0;
	for (int s = 0; s < m->dev.grid->nres; s++)
		if (m->dev.grid->res[s])
			n += waiters_of(m, m->dev.grid->res[s], x->addr, out ? out + (n < max ? n : max) : NULL,
					max > n ? max - n : 0);
	return n;
}

int machine_gridsync(const struct machine *m, struct machine_gridsync_info *out)
{
	memset(out, 0, sizeof(*out));
	if (!m->dev.grid)
		return -1;
	out->cooperative = m->dev.grid->l.cooperative;
	out->generation = m->cg ? m->cg->grid_gen : 0;
	out->arrived = m->cg ? m->cg->grid_arrived : 0;
	out->expected = grid_expected((struct machine *)m);
	return 0;
}

int machine_warp_tile(const struct machine *m, int slot, int warp)
{
	const struct grid *gr = m->dev.grid;
	if (!gr || slot < 0 || slot >= gr->nres || !gr->res[slot] || warp < 0 ||
	    (uint32_t)warp >= gr->res[slot]->nwarps || !gr->res[slot]->w)
		return 0;
	return gr->res[slot]->w[warp].cg_tile;
}
