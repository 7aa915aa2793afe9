/*
 * clone.c - machine_clone (machine.h): a deep copy of a machine's whole
 * state, for the session's checkpoints (reverse execution).
 *
 * Design:
 * - Everything the machine owns is copied: memory (every allocation with its
 *   bytes, tail, gap pages), the checkers' states (their shadows: each
 *   checker's clone, machine_checkers_clone), the host
 *   thread, the running grid with its resident and spare blocks, the cache
 *   of finished blocks (shared memory is not cleared between blocks, so the
 *   cache is state), each warp's frames (free ones too: a reused frame keeps
 *   its registers), tokens and stacks, the launch queue, CUDA graphs,
 *   cooperative-groups barriers, findings, the device printf buffer, the
 *   runtime's error state and random generators. Decoded code is decoded
 *   again for the copy (the same functions; breakpoint marks follow the
 *   copied breakpoint lines).
 * - Pointers between those objects (a group's frame, a frame's parent, a
 *   warp's block, an access cache's allocation, a barrier's block) are
 *   translated through one map from old to new objects.
 * - Not copied: observers (the copy has none) and what the machine does not
 *   own: the module, the options' streams and callbacks, argv.
 * - A machine that cannot be copied exactly gets NULL: one with a file of
 *   the program open (a FILE's position and buffered bytes belong to the C
 *   library), or with the relaxed memory model or a schedule attached
 *   (memmodel.c's state is not copied). The session then replays from an
 *   earlier copy.
 */
#include "simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the map from old objects to new ones (open addressing) */

struct pmap {
	const void **k;
	void **v;
	size_t cap, n;
};

static size_t phash(const void *p, size_t cap)
{
	uint64_t x = (uint64_t)(uintptr_t)p;
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdull;
	x ^= x >> 33;
	return (size_t)x & (cap - 1);
}

static void pmap_put(struct pmap *pm, const void *k, void *v)
{
	if (!k)
		return;
	if ((pm->n + 1) * 2 > pm->cap) {
		struct pmap big = { NULL, NULL, pm->cap ? pm->cap * 2 : 256, 0 };
		big.k = xcalloc(big.cap, sizeof(*big.k));
		big.v = xcalloc(big.cap, sizeof(*big.v));
		for (size_t i = 0; i < pm->cap; i++)
			if (pm->k[i])
				pmap_put(&big, pm->k[i], pm->v[i]);
		free(pm->k);
		free(pm->v);
		*pm = big;
	}
	size_t i = phash(k, pm->cap);
	while (pm->k[i] && pm->k[i] != k)
		i = (i + 1) & (pm->cap - 1);
	if (!pm->k[i])
		pm->n++;
	pm->k[i] = k;
	pm->v[i] = v;
}

static void *pmap_get(const struct pmap *pm, const void *k)
{
	if (!k || !pm->cap)
		return NULL;
	for (size_t i = phash(k, pm->cap); pm->k[i]; i = (i + 1) & (pm->cap - 1))
		if (pm->k[i] == k)
			return pm->v[i];
	return NULL;
}

void *clone_map(void *ctx, const void *old)
{
	return pmap_get(ctx, old);
}

static void *dup_bytes(const void *p, size_t n)
{
	void *q;

	if (!p)
		return NULL;
	q = xmalloc(n ? n : 1);
	memcpy(q, p, n);
	return q;
}

#define VEC_DUP(dst, src) do { \
	(dst).v = (src).len ? dup_bytes((src).v, (src).len * sizeof(*(src).v)) : NULL; \
	(dst).len = (dst).cap = (src).len; \
} while (0)

static void strbuf_dup(struct strbuf *d, const struct strbuf *s)
{
	strbuf_init(d);
	if (s->len)
		strbuf_add(d, s->buf, s->len);
}

/* ---- memory */

static void region_clone(struct pmap *pm, struct mem_region *d, const struct mem_region *s)
{
	d->next = s->next;
	d->a.len = d->a.cap = s->a.len;
	d->a.v = s->a.len ? xcalloc(s->a.len, sizeof(*d->a.v)) : NULL;
	for (size_t i = 0; i < s->a.len; i++) {
		const struct alloc *o = s->a.v[i];
		struct alloc *a = dup_bytes(o, sizeof(*o));

		a->data = dup_bytes(o->data, (size_t)o->cap);
		a->mapped = 0; /* the copy is the heap's */
		d->a.v[i] = a;
		pmap_put(pm, o, a);
	}
}

static void mem_clone(struct pmap *pm, struct mem *d, const struct mem *s)
{
	*d = *s;
	region_clone(pm, &d->host, &s->host);
	region_clone(pm, &d->global, &s->global);
	region_clone(pm, &d->cnst, &s->cnst);
	d->gap.len = d->gap.cap = s->gap.len;
	d->gap.v = s->gap.len ? xcalloc(s->gap.len, sizeof(*d->gap.v)) : NULL;
	for (size_t i = 0; i < s->gap.len; i++)
		d->gap.v[i] = dup_bytes(s->gap.v[i], mem_page_bytes());
	VEC_DUP(d->pages, s->pages);
}

/* ---- threads: first every object (so that pointers can be mapped), then
 * the pointers */

static void warp_copy(struct pmap *pm, struct warp *d, const struct warp *s)
{
	struct frame **tail = &d->all_frames;

	*d = *s;
	pmap_put(pm, s, d);
	if (s->toks.v == s->tok_in)
		d->toks.v = d->tok_in; /* copied with the warp */
	else
		VEC_DUP(d->toks, s->toks);
	d->g = s->g == s->g_in ? d->g_in : dup_bytes(s->g, WS_MAXG * sizeof(*s->g));
	if (s->ls != lstack_none) {
		d->ls = dup_bytes(s->ls, WS_WARP * sizeof(*s->ls));
		for (int l = 0; l < WS_WARP; l++)
			d->ls[l].buf = s->ls[l].buf ? dup_bytes(s->ls[l].buf, s->ls[l].cap) : NULL;
	}
	d->cl_gen = s->cl_gen ? dup_bytes(s->cl_gen, WS_WARP * sizeof(*s->cl_gen)) : NULL;
	d->all_frames = NULL;
	for (const struct frame *f = s->all_frames; f; f = f->next_all) {
		struct frame *nf = dup_bytes(f, sizeof(*f));
		nf->pooled = 0; /* a copy's frames are malloc'd */

		nf->r = (uint64_t *)dup_bytes(f->r - WS_WARP, (size_t)(f->cap + 1) * WS_WARP * sizeof(uint64_t)) +
			WS_WARP;
		nf->next_all = NULL;
		*tail = nf;
		tail = &nf->next_all;
		pmap_put(pm, f, nf);
	}
}

/* The original's specialised kernels (machine.c spec_of), made again for
 * the copy, which frees its own: the same IR from the same source and
 * shape; pm maps each original's IR and decoded code to the copy's. */
static void spec_clone(struct pmap *pm, struct machine *m, const struct machine *s)
{
	memset(&m->spec, 0, sizeof(m->spec));
	memset(&m->spec_arena, 0, sizeof(m->spec_arena));
	if (s->spec.len)
		arena_init(&m->spec_arena);
	for (size_t i = 0; i < s->spec.len; i++) {
		struct spec e = s->spec.v[i];
		if (e.fn) {
			e.fn = ir_specialize(m->mod->funcs[e.fidx].spec_src, m->mod, e.block, e.grid,
					     &m->spec_arena);
			e.df = decode_func(e.fn, m->mod);
			pmap_put(pm, s->spec.v[i].fn, e.fn);
			pmap_put(pm, s->spec.v[i].df, e.df);
		}
		vec_push(&m->spec, e);
	}
}

static void warp_fix(struct machine *m, struct pmap *pm, struct warp *w)
{
	w->blk = pmap_get(pm, w->blk);
	w->free_frames = pmap_get(pm, w->free_frames);
	for (struct frame *f = w->all_frames; f; f = f->next_all) {
		f->parent = pmap_get(pm, f->parent);
		f->next_free = pmap_get(pm, f->next_free);
		const struct ir_func *sfn = pmap_get(pm, f->fn);
		if (sfn) { /* a specialised kernel's frame: the copy's own */
			f->fn = sfn;
			f->df = f->df ? pmap_get(pm, f->df) : NULL;
		} else {
			f->df = f->df ? m->df[f->fidx] : NULL;
		}
		f->code = f->df ? f->df->code : NULL;
	}
	for (uint32_t g = 0, n = warp_gcap(w); g < n; g++)
		w->g[g].fr = pmap_get(pm, w->g[g].fr);
	/* the thread index rows are the copy's own (machine_tid_rows) */
	if (!w->host)
		w->tid = machine_tid_rows(m, w->blk->shape, w->blk->nwarps)[w->id];
	/* the group that passes a breakpoint once is named by its frame */
	w->bp_pass_fr = pmap_get(pm, w->bp_pass_fr);
}

/* One block (chain: and the blocks linked after it by spare_next; a
 * resident block's spare_next is stale and not followed). */
static struct block *block_copy(struct pmap *pm, const struct block *s, int chain)
{
	struct block *b;

	if (!s)
		return NULL;
	b = dup_bytes(s, sizeof(*s));
	pmap_put(pm, s, b);
	b->shared = dup_bytes(s->shared, s->shared_size ? s->shared_size : 1);
	b->w = s->w ? xcalloc(s->nwarps ? s->nwarps : 1, sizeof(struct warp)) : NULL; /* none: block_warps */
	b->w_pooled = 0;
	for (uint32_t i = 0; b->w && i < s->nwarps; i++)
		warp_copy(pm, &b->w[i], &s->w[i]);
	b->spare_next = chain ? block_copy(pm, s->spare_next, 1) : NULL;
	return b;
}

static void block_fix(struct machine *m, struct pmap *pm, struct block *b, int chain)
{
	for (; b; b = chain ? b->spare_next : NULL) {
		for (uint32_t i = 0; b->w && i < b->nwarps; i++)
			warp_fix(m, pm, &b->w[i]);
	}
}

int machine_can_clone(const struct machine *m)
{
	/* a stash frame (machine.c stash_ok) is on no warp's frame list */
	return !m->mm && !m->io.io_used && !m->o.gpu && !m->dev.fstash_all && machine_checkers_can_clone(m);
}

struct machine *machine_clone(const struct machine *s)
{
	struct machine *m;
	struct pmap pm = { 0 };

	if (!machine_can_clone(s))
		return NULL;
	m = dup_bytes(s, sizeof(*s));
	memset(&m->dev.wpool, 0, sizeof(m->dev.wpool)); /* the copies' warps are malloc'd */
	memset(&m->dev.wapool, 0, sizeof(m->dev.wapool));
	m->dev.tids = NULL;    /* made again as the copy's warps need them (warp_fix) */
	m->dev.wqs = NULL;     /* the arrays no block holds stay the original's (block_warps) */
	/* observers stay with the original */
	m->hooks = 0;
	memset(&m->obs, 0, sizeof(m->obs));
	VEC_DUP(m->bp.v, s->bp.v);
	memset(&m->hv_win, 0, sizeof(m->hv_win)); /* the copy's host engine code is built anew */
	m->df = xcalloc(s->mod->nfuncs ? s->mod->nfuncs : 1, sizeof(struct dfunc *));
	for (uint32_t i = 0; i < s->mod->nfuncs; i++)
		if (s->df[i]) {
			m->df[i] = decode_func(&s->mod->funcs[i], s->mod);
			if (m->bp.v.len && !m->df[i]->bad)
				machine_apply_breaks(m, m->df[i]);
		}
	spec_clone(&pm, m, s);
	mem_clone(&pm, &m->mem, &s->mem);
	m->obj_addr = dup_bytes(s->obj_addr, (s->mod->nobjs ? s->mod->nobjs : 1) * sizeof(uint64_t));
	VEC_DUP(m->findings, s->findings);
	for (size_t i = 0; i < m->findings.len; i++)
		m->findings.v[i].msg = s->findings.v[i].msg ? xstrdup(s->findings.v[i].msg) : NULL;
	/* the host thread */
	pmap_put(&pm, &s->ht.blk, &m->ht.blk);
	memset(&m->ht.all, 0, sizeof(m->ht.all));
	if (s->ht.all.len) {
		/* every host thread (hthread.c); main's is the block's warp */
		for (size_t i = 0; i < s->ht.all.len; i++) {
			struct warp *w = xcalloc(1, sizeof(*w));

			warp_copy(&pm, w, s->ht.all.v[i]);
			vec_push(&m->ht.all, w);
		}
		m->ht.cur = pmap_get(&pm, s->ht.cur);
		m->ht.blk.w = pmap_get(&pm, s->ht.blk.w);
	} else if (s->ht.cur) {
		m->ht.cur = xcalloc(1, sizeof(*m->ht.cur));
		warp_copy(&pm, m->ht.cur, s->ht.cur);
		m->ht.blk.w = m->ht.cur;
	}
	/* the device */
	if (s->dev.grid) {
		const struct grid *g = s->dev.grid;

		m->dev.grid = dup_bytes(g, sizeof(*g));
		m->dev.grid->l.param = dup_bytes(g->l.param, g->l.param_size);
		m->dev.grid->par = dup_bytes(g->par, (g->npar ? g->npar : 1) * sizeof(*g->par));
		m->dev.grid->res = xcalloc(g->maxres ? (size_t)g->maxres : 1, sizeof(struct block *));
		for (int i = 0; i < g->nres; i++)
			m->dev.grid->res[i] = block_copy(&pm, g->res[i], 0);
		m->dev.grid->spare = block_copy(&pm, g->spare, 1);
		if (g->sdf) {
			m->dev.grid->fn = pmap_get(&pm, g->fn);
			m->dev.grid->sdf = pmap_get(&pm, g->sdf);
		}
	}
	m->dev.bcache = block_copy(&pm, s->dev.bcache, 1);
	m->dev.queue.len = m->dev.queue.cap = s->dev.queue.len;
	m->dev.queue.v = s->dev.queue.len ? dup_bytes(s->dev.queue.v, s->dev.queue.len * sizeof(*s->dev.queue.v)) : NULL;
	for (size_t i = 0; i < s->dev.queue.len; i++)
		m->dev.queue.v[i].param = i >= s->dev.qhead ? dup_bytes(s->dev.queue.v[i].param, s->dev.queue.v[i].param_size)
						    : NULL;
	m->dev.smclk = dup_bytes(s->dev.smclk, ((size_t)s->o.num_sms + 1) * sizeof(uint64_t));
	strbuf_dup(&m->io.dev_out, &s->io.dev_out);
	strbuf_dup(&m->io.dev_err, &s->io.dev_err);
	strbuf_init(&m->tmp);
	VEC_DUP(m->io.files, s->io.files);
	VEC_DUP(m->rt.events, s->rt.events);
	runtime_clone(m, s);
	texture_clone(m, s);
	m->rt.fn_maxdyn = dup_bytes(s->rt.fn_maxdyn, (s->mod->nfuncs ? s->mod->nfuncs : 1) * sizeof(uint32_t));
	m->rt.fn_shared = dup_bytes(s->rt.fn_shared, (s->mod->nfuncs ? s->mod->nfuncs : 1) * sizeof(uint64_t));
	m->cg = NULL;
	cg_clone(m, s, clone_map, &pm);
	acp_clone(m, s, clone_map, &pm);
	machine_checkers_clone(m, s, clone_map, &pm);
	/* the pointers */
	if (m->ht.all.len)
		for (size_t i = 0; i < m->ht.all.len; i++)
			warp_fix(m, &pm, m->ht.all.v[i]);
	else if (m->ht.cur)
		warp_fix(m, &pm, m->ht.cur);
	if (m->dev.grid) {
		for (int i = 0; i < m->dev.grid->nres; i++)
			block_fix(m, &pm, m->dev.grid->res[i], 0);
		block_fix(m, &pm, m->dev.grid->spare, 1);
	}
	block_fix(m, &pm, m->dev.bcache, 1);
	m->lc.dev = pmap_get(&pm, s->lc.dev);
	m->lc.host = pmap_get(&pm, s->lc.host);
	for (int i = 0; i < 4; i++) {
		m->lc.h[i] = pmap_get(&pm, s->lc.h[i]);
		m->lc.d[i] = pmap_get(&pm, s->lc.d[i]);
	}
	free(pm.k);
	free(pm.v);
	return m;
}

void machine_set_output(struct machine *m, FILE *out, FILE *err)
{
	m->o.out = out;
	m->o.err = err;
	m->io.out = out ? out : stdout;
	m->io.err = err ? err : stderr;
}

uint64_t machine_clone_bytes(const struct machine *m)
{
	uint64_t n = sizeof(*m);
	const struct mem_region *r[3] = { &m->mem.host, &m->mem.global, &m->mem.cnst };

	for (int k = 0; k < 3; k++)
		for (size_t i = 0; i < r[k]->a.len; i++) {
			const struct alloc *a = r[k]->a.v[i];

			n += sizeof(*a) + (a->data ? a->cap : 0);
		}
	n += m->mem.gap.len * (mem_page_bytes());
	if (m->dev.grid)
		for (int i = 0; i < m->dev.grid->nres; i++) {
			const struct block *b = m->dev.grid->res[i];

			if (b)
				n += b->shared_size * 3 + b->nwarps * (sizeof(struct warp) + 4096);
		}
	return n;
}
