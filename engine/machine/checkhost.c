/*
 * checkhost.c - the machine's side of the checker interface (check/check.h):
 * installing the checkers its options select, publishing events to them,
 * and the services they call back (findings, warps and groups, progress).
 */
#include "simt.h"

#include <string.h>

/* ---- installing and publishing */

/* s's place in the lists of CEV_ACCESS by region */
static void add_regions(struct machine *m, const struct check_slot *s)
{
	if (!(s->c->events & CEV_BIT(CEV_ACCESS)))
		return;
	for (int r = 0; r < CR_NREGIONS; r++)
		if (!s->c->regions || (s->c->regions >> r & 1))
			vec_push(&m->chk.by_region[r], *s);
}

/* chk.slogs when the machine may append to no log */
static const struct check_slogs slogs_none;

/* chk.sread and chk.gwarp from by_region: the one checker of CR_SHARED
 * (CR_GLOBAL) accesses, when it takes shared reads (a warp's consecutive
 * global words) before their event is built */
static void sread_find(struct machine *m)
{
	const struct check_slot *s = m->chk.by_region[CR_SHARED].v;
	int one = m->chk.by_region[CR_SHARED].len == 1;
	m->chk.sread = one ? s[0].c->shared_read : NULL;
	m->chk.swrite = one ? s[0].c->shared_write : NULL;
	m->chk.satomic = one ? s[0].c->shared_atomic : NULL;
	m->chk.sread_self = one ? s[0].self : NULL;
	m->chk.slogs = one && s[0].c->shared_read && s[0].c->shared_logs ? s[0].c->shared_logs(s[0].self) : &slogs_none;
	/* and the one checker of CR_GLOBAL accesses, when it takes a warp's
	 * consecutive words before their event is built */
	const struct check_slot *gs = m->chk.by_region[CR_GLOBAL].v;
	int gone = m->chk.by_region[CR_GLOBAL].len == 1;
	m->chk.gwarp = gone ? gs[0].c->global_warp : NULL;
	m->chk.gaccess = gone ? gs[0].c->global_access : NULL;
	m->chk.gwarp_self = gone ? gs[0].self : NULL;
	/* and the one listener of CEV_LANE that acts on local memory, when
	 * it takes a warp's local lanes at once and every other listener
	 * says it acts on other regions only */
	const struct check_slot *ls = m->chk.by_kind[CEV_LANE].v, *lo = NULL;
	int nlo = 0;
	for (size_t i = 0; i < m->chk.by_kind[CEV_LANE].len; i++)
		if (!ls[i].c->lane_regions || (ls[i].c->lane_regions & (1u << CR_LOCAL))) {
			lo = &ls[i];
			nlo++;
		}
	m->chk.llocal = nlo == 1 ? lo->c->local_lanes : NULL;
	m->chk.llocal_self = nlo == 1 ? lo->self : NULL;
}

/* by_region again from the slots not quiet, in order of installation */
static void regions_rebuild(struct machine *m)
{
	for (int r = 0; r < CR_NREGIONS; r++)
		m->chk.by_region[r].len = 0;
	for (size_t i = 0; i < m->chk.v.len; i++)
		if (!m->chk.v.v[i].quiet)
			add_regions(m, &m->chk.v.v[i]);
	sread_find(m);
	m->chk.regions_dirty = 0;
}

void check_access_quiet(struct machine *m, const void *self, int quiet)
{
	for (size_t i = 0; i < m->chk.v.len; i++) {
		struct check_slot *s = &m->chk.v.v[i];
		if (s->self == self && s->quiet != !!quiet) {
			s->quiet = !!quiet;
			/* not now: machine_publish may be going through the list */
			m->chk.regions_dirty = 1;
			/* nor may the machine append to the logs of a checker that
			 * may no longer be the one (sread_find sets them again) */
			m->chk.slogs = &slogs_none;
		}
	}
}

static void add(struct machine *m, const struct checker *c, void *self)
{
	struct check_slot s = { c, self ? self : c->create ? c->create(m) : NULL, !self && c->create, 0 };
	vec_push(&m->chk.v, s);
	m->chk.listen |= c->events;
	if ((c->events & CEV_BIT(CEV_WARP_EXIT)) && !c->plain_exit_quiet)
		m->chk.exit_loud++;
	if ((c->events & CEV_BIT(CEV_BARRIER)) && !c->barrier_after_exit)
		m->chk.bar_loud++;
	for (int k = 0; k < CEV_NKINDS; k++)
		if (c->events & CEV_BIT(k))
			vec_push(&m->chk.by_kind[k], s);
	add_regions(m, &s);
	sread_find(m);
}

void machine_checkers_install(struct machine *m)
{
	size_t n;
	const struct checker *const *t = check_table(&n);
	for (size_t i = 0; i < n; i++)
		if (check_selected(t[i], m->o.fast, m->o.checks))
			add(m, t[i], NULL);
}

void machine_checkers_free(struct machine *m)
{
	for (size_t i = 0; i < m->chk.v.len; i++)
		if (m->chk.v.v[i].c->destroy)
			m->chk.v.v[i].c->destroy(m->chk.v.v[i].self);
	vec_free(&m->chk.v);
	for (int k = 0; k < CEV_NKINDS; k++)
		vec_free(&m->chk.by_kind[k]);
	for (int r = 0; r < CR_NREGIONS; r++)
		vec_free(&m->chk.by_region[r]);
	vec_free(&m->chk.sites);
	m->chk.listen = 0;
	m->chk.exit_loud = 0;
	m->chk.bar_loud = 0;
	m->chk.sread = NULL;
	m->chk.swrite = NULL;
	m->chk.satomic = NULL;
	m->chk.sread_self = NULL;
	m->chk.slogs = &slogs_none;
	m->chk.gwarp = NULL;
	m->chk.gaccess = NULL;
	m->chk.gwarp_self = NULL;
	m->chk.llocal = NULL;
	m->chk.llocal_self = NULL;
}

/* machine_clone: m is a byte copy of s; give m its own checker lists and
 * copies of the checkers' states. */
void machine_checkers_clone(struct machine *m, const struct machine *s, void *(*map)(void *ctx, const void *p),
			    void *ctx)
{
	memset(&m->chk.v, 0, sizeof(m->chk.v));
	memset(&m->chk.by_kind, 0, sizeof(m->chk.by_kind));
	memset(&m->chk.by_region, 0, sizeof(m->chk.by_region));
	memset(&m->chk.sites, 0, sizeof(m->chk.sites));
	m->chk.listen = 0;
	m->chk.exit_loud = 0;
	m->chk.bar_loud = 0;
	m->chk.regions_dirty = 0;
	for (size_t i = 0; i < s->chk.v.len; i++) {
		const struct check_slot *o = &s->chk.v.v[i];
		/* not quiet: a copy's state starts listening (check_access_quiet) */
		struct check_slot n = { o->c, o->self && o->c->clone ? o->c->clone(o->self, m, map, ctx) : NULL,
					o->owned, 0 };

		if (o->self && !o->owned)
			continue; /* a listener its installer attaches to the copy again */

		vec_push(&m->chk.v, n);
		m->chk.listen |= o->c->events;
		if ((o->c->events & CEV_BIT(CEV_WARP_EXIT)) && !o->c->plain_exit_quiet)
			m->chk.exit_loud++;
		if ((o->c->events & CEV_BIT(CEV_BARRIER)) && !o->c->barrier_after_exit)
			m->chk.bar_loud++;
		for (int k = 0; k < CEV_NKINDS; k++)
			if (o->c->events & CEV_BIT(k))
				vec_push(&m->chk.by_kind[k], n);
		add_regions(m, &n);
	}
	sread_find(m);
}

int machine_checkers_can_clone(const struct machine *m)
{
	for (size_t i = 0; i < m->chk.v.len; i++)
		if (m->chk.v.v[i].owned && !m->chk.v.v[i].c->clone)
			return 0;
	return 1;
}

int machine_add_checker(struct machine *m, const struct checker *c, void *self)
{
	if (!c || !c->event)
		return -1;
	add(m, c, self);
	return 0;
}

void machine_publish(struct machine *m, struct check_event *e)
{
	e->m = m;
	if (e->kind == CEV_ACCESS && (unsigned)e->region < CR_NREGIONS) {
		/* a memory access: only to the checkers of its region, from
		 * their list, less those quiet for now (simt.h) */
		machine_publish_access(m, e);
		return;
	}
	const struct check_slot *s = m->chk.by_kind[e->kind].v;
	size_t n = m->chk.by_kind[e->kind].len;
	for (size_t i = 0; i < n; i++)
		s[i].c->event(s[i].self, e);
}

void machine_checkers_regions(struct machine *m)
{
	regions_rebuild(m);
}

void machine_publish_sample(struct machine *m)
{
	m->chk.sample_next = m->steps + CHECK_SAMPLE;
	m->chk.end_grid = 0;
	struct check_event e = { .kind = CEV_SAMPLE };
	machine_publish(m, &e);
}

/* ---- services */

struct machine_finding *check_report(struct machine *m, enum finding_kind k, struct warp *w,
				     uint32_t lanes, struct span sp, uint64_t addr,
				     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct machine_finding *f = machine_finding_vadd(m, k, finding_kind_info(k)->error, w, lanes,
							 sp, addr, fmt, ap);
	va_end(ap);
	return f;
}

struct machine_finding *check_report_sev(struct machine *m, enum finding_kind k, int error,
					 struct warp *w, uint32_t lanes, struct span sp, uint64_t addr,
					 const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct machine_finding *f = machine_finding_vadd(m, k, error, w, lanes, sp, addr, fmt, ap);
	va_end(ap);
	return f;
}

const struct check_site *check_block_sites(struct machine *m, const struct block *b, int *n)
{
	/* at most every group of every warp: room once, then plain stores */
	size_t cap = (size_t)b->nwarps * WS_MAXG;
	if (m->chk.sites.cap < cap) {
		m->chk.sites.v = xrealloc(m->chk.sites.v, cap * sizeof(*m->chk.sites.v));
		m->chk.sites.cap = cap;
	}
	struct check_site *cs = m->chk.sites.v;
	int k = 0;
	for (uint32_t i = 0; i < b->nwarps; i++) {
		struct warp *w = &b->w[i];
		for (uint32_t j = 0; j < w->ng; j++) {
			const struct group *g = &w->g[j];
			if (g->state != G_BAR)
				continue;
			cs[k].w = w;
			cs[k].group = (int)j;
			cs[k].func = g->fr->fidx;
			cs[k].pc = g->pc;
			cs[k].mask = g->mask;
			k++;
		}
	}
	m->chk.sites.len = (size_t)k;
	*n = k;
	return cs;
}

int check_block_split(const struct block *b)
{
	const struct warp *w = b->w, *end = w + b->nwarps;
	/* the commonest block first, with the first group's place loaded once:
	 * each warp one group, all waiting at one barrier (the loop below
	 * cost about 200 instructions at each of reduce_smem's nine barriers
	 * a block, of 8 warps) */
	if (w < end && w->ng == 1 && w->g[0].state == G_BAR) {
		const uint32_t pc0 = w->g[0].pc;
		const int f0 = w->g[0].fr->fidx;
		for (w++; w < end && w->ng == 1; w++) {
			const struct group *g = &w->g[0];
			if (g->state != G_BAR || g->pc != pc0 || g->fr->fidx != f0)
				break;
		}
		if (w == end)
			return 0;
	}
	int func = -1;
	uint32_t pc = 0;
	for (uint32_t i = 0; i < b->nwarps; i++) {
		w = &b->w[i];
		for (uint32_t j = 0; j < w->ng; j++) {
			const struct group *g = &w->g[j];
			if (g->state != G_BAR)
				continue;
			if (func < 0) {
				func = g->fr->fidx;
				pc = g->pc;
			} else if (g->fr->fidx != func || g->pc != pc) {
				return 1;
			}
		}
	}
	return 0;
}

uint32_t check_block_arrived(const struct block *b)
{
	return b->bar_arrived;
}

void check_report_other(struct machine_finding *f, const struct warp *o, unsigned lane, int wrote)
{
	if (!f || !o || o->host)
		return;
	f->has_other = 1;
	f->other_write = wrote;
	memcpy(f->other_block, o->blk->idx, sizeof(f->other_block));
	for (int d = 0; d < 3; d++)
		f->other_thread[d] = o->tid[d][lane];
	f->other_warp = (int)o->id;
	f->other_lane = (int)lane;
}

void check_fail_kernel(struct machine *m, int err)
{
	machine_fail_kernel(m, err);
	m->chk.end_grid = 1;
}

uint64_t check_steps(const struct machine *m)
{
	return m->steps;
}

void check_sample_at(struct machine *m, uint64_t at)
{
	m->chk.sample_next = at;
}

size_t check_nwarps(const struct machine *m)
{
	return m->dev.grid ? (size_t)m->dev.grid->nres * m->dev.grid->warps_per_block : 0;
}

int check_warp_info(const struct warp *w, struct check_warp *out)
{
	memset(out, 0, sizeof(*out));
	out->w = (struct warp *)w;
	if (!w->host)
		memcpy(out->block, w->blk->idx, sizeof(out->block));
	out->id = w->id;
	out->live = w->live;
	out->ngroups = (int)warp_seen_ng(w);
	return 0;
}

int check_warp_get(struct machine *m, size_t i, struct check_warp *out)
{
	if (i >= check_nwarps(m))
		return -1;
	if (m->dev.grid->nlazy)
		sched_start_lazy(m); /* what an admission that started them would show */
	if (m->dev.pend_any)
		interp_pend_flush(m); /* the groups split1's splits stand for */
	const struct block *b = m->dev.grid->res[i / m->dev.grid->warps_per_block];
	uint32_t k = (uint32_t)(i % m->dev.grid->warps_per_block);
	if (!b || k >= b->nwarps)
		return -1;
	return check_warp_info(&b->w[k], out);
}

struct span check_group_spin_span(const struct warp *w, int j)
{
	struct group tmp;
	const struct group *g = warp_seen_group(w, (uint32_t)j, &tmp);
	const struct dfunc *df = g->fr->df;
	uint32_t pc = g->pc;
	for (int k = 0; k < 64 && pc < df->ncode; k++) {
		const struct ir_insn *in = &df->code[pc];
		if (in->op == IR_CBR)
			return in->span;
		if (in->op == IR_BR)
			pc = (uint32_t)in->tgt1;
		else if (in->op == IR_RET || in->op == IR_CALL || in->op == IR_ICALL)
			break;
		else
			pc++;
	}
	return g->fr->code[g->pc].span;
}

int check_group_get(const struct warp *w, int j, struct check_group *out)
{
	if (j < 0 || (uint32_t)j >= warp_seen_ng(w))
		return -1;
	struct group tmp;
	const struct group *g = warp_seen_group(w, (uint32_t)j, &tmp);
	out->mask = g->mask;
	out->state = g->state == G_READY ? CG_READY : g->state == G_PARK ? CG_PARKED :
		     g->state == G_BAR ? CG_BARRIER : g->state == G_COLL ? CG_COLLECTIVE : CG_OTHER;
	out->coll_mask = g->coll_mask;
	out->coll_op = g->coll_op;
	out->func = g->fr->fidx;
	out->pc = g->pc;
	out->span = g->fr->code[g->pc].span;
	return 0;
}

uint32_t check_warp_coll_named(const struct warp *w)
{
	uint32_t named = 0;
	for (uint32_t j = 0; j < w->ng; j++)
		if (w->g[j].state == G_COLL)
			named |= w->g[j].coll_mask;
	return named;
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xbf58476d1ce4e5b9ull;
}

/* The registers of a group's lanes (mask), row by row: each lane keeps its
 * own running value (a shift-add-xor step per row, which the compiler
 * vectorizes: no multiply, no dependence between lanes), and the 32 of
 * them are mixed once at the end. The spin checker hashes every resident
 * warp (8448 on the H100) when a sample finds no progress: mixing each
 * lane of each row in one serial chain cost a quarter of reduce_shfl's
 * device instructions (docs/PERFORMANCE.md, eighth session); in an AVX2
 * version where the CPU has it (SSE2 has no vector form of the step). Inactive
 * lanes count as 0 whatever their rows hold, as before (the mask is
 * hashed too). */
WS_CLONES static uint64_t hash_rows(uint64_t h, const uint64_t *r, uint32_t nrows, uint32_t mask)
{
	uint64_t sel[WS_WARP], acc[WS_WARP];
	for (unsigned l = 0; l < WS_WARP; l++) {
		sel[l] = (mask >> l & 1) ? ~(uint64_t)0 : 0;
		acc[l] = 0x9e3779b97f4a7c15ull + l;
	}
	for (uint32_t k = 0; k < nrows; k++, r += WS_WARP)
		for (unsigned l = 0; l < WS_WARP; l++) {
			uint64_t a = acc[l] ^ (r[l] & sel[l]);
			a += a << 13;
			a ^= a >> 7;
			acc[l] = a + (a << 3) + k;
		}
	for (unsigned l = 0; l < WS_WARP; l++)
		if (mask >> l & 1)
			h = mix(h, acc[l]);
	return h;
}

uint64_t check_warp_hash(const struct warp *w, int *blocked)
{
	uint64_t h = 0x12345;
	uint32_t ng = warp_seen_ng(w);
	*blocked = ng > 0;
	for (uint32_t j = 0; j < ng; j++) {
		struct group tmp;
		const struct group *g = warp_seen_group(w, j, &tmp);
		h = mix(h, g->mask);
		h = mix(h, (uint64_t)g->pc << 8 | g->state);
		h = mix(h, (uint64_t)g->fr->fidx << 32 | g->fr->depth);
		if (g->state == G_READY || g->state == G_PARK)
			*blocked = 0;
		h = hash_rows(h, g->fr->r, ir_rows(g->fr->fn), g->mask);
	}
	return h;
}

uint64_t check_blocks_done(const struct machine *m)
{
	return m->dev.grid ? m->dev.grid->done_blocks : 0;
}

uint64_t check_round_steps(const struct machine *m)
{
	return (uint64_t)check_nwarps(m) * QUANTUM_RR;
}

uint64_t check_blocks_waiting(const struct machine *m)
{
	return m->dev.grid ? m->dev.grid->nblocks - m->dev.grid->next_block : 0;
}

uint64_t check_stores(const struct machine *m)
{
	return m->nstores;
}

/* ---- allocations the program makes, published as CEV_ALLOC and CEV_FREE */

struct alloc *machine_mem_alloc(struct machine *m, unsigned tag, uint64_t size, uint64_t align,
				int kind)
{
	struct alloc *a = mem_try_alloc(&m->mem, tag, size, align, kind);
	if (a && CHECK_WANTS(m, CEV_ALLOC)) {
		struct check_event e = { .kind = CEV_ALLOC, .addr = a->base, .bytes = a->size,
					 .arg = kind };
		machine_publish(m, &e);
	}
	return a;
}

int machine_mem_free(struct machine *m, struct alloc *a)
{
	if (CHECK_WANTS(m, CEV_FREE)) {
		struct check_event e = { .kind = CEV_FREE, .addr = a->base, .bytes = a->size,
					 .arg = a->kind };
		machine_publish(m, &e);
	}
	return mem_free(&m->mem, a);
}

/* ---- one lane's access off the fast path (CEV_LANE) */

void machine_publish_lane(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
			  unsigned size, int write, struct span sp, enum check_region r,
			  uint64_t base, uint64_t bytes)
{
	uint64_t la[WS_WARP];
	la[lane] = addr;
	struct check_event e = { .kind = CEV_LANE, .w = w, .b = w->host ? NULL : w->blk,
				 .mask = 1u << lane, .span = sp, .space = ADDR_TAG(addr), .size = size,
				 .access = write ? CHECK_WRITE : CHECK_READ, .lane_addr = la,
				 .region = r, .addr = base, .bytes = bytes, .slot = -1 };
	if (!w->host) {
		e.slot = w->blk->slot;
		e.warp = w->id;
		e.phase = chk_phase(w->blk);
		e.wsync = w->wsync;
		e.block = w->blk->linear;
	}
	machine_publish(m, &e);
}

void machine_publish_sync(struct machine *m, struct block *b)
{
	struct check_event e = { .kind = CEV_SYNC, .b = b, .slot = b->slot };
	machine_publish(m, &e);
}

/* ---- more services */

uint64_t check_grid_shape(const struct machine *m, uint32_t grid[3], uint32_t block[3])
{
	if (!m->dev.grid) {
		memset(grid, 0, 3 * sizeof(*grid));
		memset(block, 0, 3 * sizeof(*block));
		return 0;
	}
	memcpy(grid, m->dev.grid->l.grid, 3 * sizeof(*grid));
	memcpy(block, m->dev.grid->l.block, 3 * sizeof(*block));
	return m->dev.grid->nblocks;
}

int check_simt_its(const struct machine *m)
{
	return m->o.simt == SIMT_ITS;
}

void check_report_other_at(struct machine *m, struct machine_finding *f, int64_t block_linear,
			   int64_t tid_linear, int wrote)
{
	finding_other(m, f, block_linear, tid_linear, wrote);
}

void check_report_alloc(struct machine_finding *f, uint64_t base, uint64_t size)
{
	finding_alloc(f, base, size);
}

struct machine_finding *check_last_finding(struct machine *m)
{
	return m->findings.len ? &m->findings.v[m->findings.len - 1] : NULL;
}

int check_launches_pending(const struct machine *m, uint64_t *started, uint64_t *queued)
{
	*started = m->dev.nlaunched;
	*queued = m->dev.qhead < m->dev.queue.len ? m->dev.queue.len - m->dev.qhead : 0;
	return *queued != 0;
}

const char *check_grid_name(const struct machine *m)
{
	return m->dev.grid ? m->dev.grid->fn->name : "";
}

struct span check_user_span(const struct machine *m, const struct warp *w, uint32_t lanes,
			    struct span sp)
{
	return cg_user_span(m, w, lanes, sp);
}

struct warp *check_host_thread(const struct machine *m)
{
	return m->ht.cur;
}

void machine_mem_undefined(struct machine *m, struct alloc *a)
{
	if (CHECK_WANTS(m, CEV_UNDEFINED)) {
		struct check_event e = { .kind = CEV_UNDEFINED, .addr = a->base, .bytes = a->size,
					 .arg = a->kind };
		machine_publish(m, &e);
	}
}

void machine_publish_copy(struct machine *m, uint64_t addr, uint64_t n, int write, struct span sp)
{
	struct alloc *a = mem_find(&m->mem, addr);
	if (!a)
		return;
	uint64_t la[WS_WARP];
	la[0] = addr;
	struct check_event e = { .kind = CEV_COPY, .w = m->ht.cur, .mask = 1, .span = sp,
				 .space = ADDR_TAG(addr), .size = n,
				 .access = write ? CHECK_WRITE : CHECK_READ, .lane_addr = la,
				 .region = CR_GLOBAL, .addr = a->base, .bytes = a->size, .slot = -1 };
	machine_publish(m, &e);
}
