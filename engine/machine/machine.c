/*
 * machine.c - the machine: module loading (objects, addresses), the host
 * thread, the block scheduler (residency, rr / random:SEED), deadlock
 * detection, findings, observers, stepping and state queries.
 */
#include "simt.h"
#include "memmodel.h"
#include "builtin.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>


void machine_opts_init(struct machine_opts *o)
{
	memset(o, 0, sizeof(*o));
	o->simt = SIMT_STACK;
	o->sched = SCHED_RR;
	o->no_hostvm = util_env_on("WS_NO_HOSTVM");
	o->no_super = util_env_on("WS_NO_SUPER");
	o->no_quick = util_env_on("WS_NO_QUICK");
	o->no_hop = util_env_on("WS_NO_HOP");
	o->no_exit_hop = util_env_on("WS_NO_EXITHOP");
	o->no_pair_hop = util_env_on("WS_NO_PAIRHOP");
	o->no_past_hop = util_env_on("WS_NO_PASTHOP");
	o->no_bar_sweep = util_env_on("WS_NO_BARSWEEP");
	o->no_qblock = util_env_on("WS_NO_QBLOCK");
	o->no_split1 = util_env_on("WS_NO_SPLIT1");
	o->no_split1chk = util_env_on("WS_NO_SPLIT1CHK");
	o->no_spec = util_env_on("WS_NO_SPECIALIZE");
	o->no_hostinc = util_env_on("WS_NO_HOSTINC");
	o->no_hostfwd = util_env_on("WS_NO_HOSTFWD");
}

uint64_t machine_rand(struct machine *m)
{
	/* splitmix64: every choice of the random scheduler comes from here */
	uint64_t z = (m->rnd.rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* ---- findings and events */

void machine_emit(struct machine *m, struct machine_event *e)
{
	for (size_t i = 0; i < m->obs.len; i++)
		if (m->obs.v[i].kinds & (1u << e->kind))
			m->obs.v[i].fn(m->obs.v[i].ctx, e);
}

uint64_t machine_findings_dropped(const struct machine *m)
{
	return m->findings_dropped;
}

size_t machine_nfindings(const struct machine *m)
{
	return m->findings.len;
}

const struct machine_finding *machine_finding_get(const struct machine *m, size_t i)
{
	return i < m->findings.len ? &m->findings.v[i] : NULL;
}

int machine_observe(struct machine *m, unsigned kinds, machine_observer_fn fn, void *ctx)
{
	struct observer o = { kinds, fn, ctx, ++m->next_obs };
	vec_push(&m->obs, o);
	m->hooks |= kinds;
	m->dev.chain_end = 0;
	return o.id;
}

void machine_unobserve(struct machine *m, int id)
{
	m->hooks &= MM_HOOK | STOP_HOOK;
	for (size_t i = 0; i < m->obs.len; i++) {
		if (m->obs.v[i].id == id) {
			m->obs.v[i] = m->obs.v[--m->obs.len];
			i--;
			continue;
		}
		m->hooks |= m->obs.v[i].kinds;
	}
	m->dev.chain_end = 0;
}

/* ---- lifecycle */

static void place_objects(struct machine *m)
{
	const struct ir_module *mod = m->mod;
	m->obj_addr = xcalloc(mod->nobjs ? mod->nobjs : 1, sizeof(uint64_t));
	struct alloc **al = xcalloc(mod->nobjs ? mod->nobjs : 1, sizeof(*al));
	uint64_t dyn = (mod->shared_static_size + 15) & ~(uint64_t)15;
	for (uint32_t i = 0; i < mod->nobjs; i++) {
		const struct ir_object *o = &mod->objs[i];
		unsigned tag = TAG_GLOBAL;
		int kind = AK_DEV_OBJ;
		switch (o->kind) {
		case OBJ_SHARED:
			m->obj_addr[i] = ADDR(TAG_SHARED, o->dynamic ? dyn : o->shared_off);
			continue;
		case OBJ_CONST: tag = TAG_CONST; kind = AK_CONST; break;
		case OBJ_MANAGED: kind = AK_MANAGED; break;
		case OBJ_HOST: tag = TAG_HOST; kind = AK_HOST_OBJ; break;
		case OBJ_STRING: kind = AK_STRING; break;
		default: break;
		}
		al[i] = mem_alloc(&m->mem, tag, o->size, o->align, kind);
		al[i]->obj = (int32_t)i;
		if (o->init)
			memcpy(al[i]->data, o->init, o->size);
		m->obj_addr[i] = al[i]->base;
	}
	for (uint32_t i = 0; i < mod->nobjs; i++) {
		const struct ir_object *o = &mod->objs[i];
		for (uint32_t k = 0; al[i] && k < o->nrelocs; k++) {
			const struct ir_reloc *r = &o->relocs[k];
			uint64_t v = r->obj >= 0 ? m->obj_addr[r->obj]
						 : ADDR(TAG_CODE, ((uint64_t)r->func + 1) << 4);
			v += (uint64_t)r->addend;
			if (ws_range_in(0, o->size, r->off, 8))
				memcpy(al[i]->data + r->off, &v, 8);
		}
	}
	free(al);
}

struct machine *machine_new(const struct ir_module *mod, const struct machine_opts *o)
{
	struct machine *m = xcalloc(1, sizeof(*m));
	m->mod = mod;
	if (o)
		m->o = *o;
	else
		machine_opts_init(&m->o);
	if (!m->o.device)
		m->o.device = device_default();
	if (m->o.num_sms <= 0)
		m->o.num_sms = m->o.device->sms;
	if (m->o.max_blocks_per_sm <= 0)
		m->o.max_blocks_per_sm = m->o.device->blocks_per_sm;
	if (m->o.cuda_version <= 0)
		m->o.cuda_version = 13;
	m->io.out = m->o.out ? m->o.out : stdout;
	m->io.err = m->o.err ? m->o.err : stderr;
	m->rnd.rng = m->o.seed ^ 0x5eed5eed5eedull;
	m->df = xcalloc(mod->nfuncs ? mod->nfuncs : 1, sizeof(struct dfunc *));
	m->dev.smclk = xcalloc((size_t)m->o.num_sms + 1, sizeof(uint64_t));
	m->rt.fn_maxdyn = xcalloc(mod->nfuncs ? mod->nfuncs : 1, sizeof(uint32_t));
	m->rt.fn_shared = xcalloc(mod->nfuncs ? mod->nfuncs : 1, sizeof(uint64_t));
	for (uint32_t i = 0; i < mod->nfuncs; i++)
		if (mod->funcs[i].kind & FN_KERNEL)
			m->rt.fn_shared[i] = runtime_kernel_shared(mod, i);
	m->rt.stack_limit = 64 * 1024;
	m->rt.heap_limit = 8 * 1024 * 1024;
	m->rt.printf_limit = 8650752;    /* the H100's default cudaLimitPrintfFifoSize (CUDA 13.0) */
	mem_init(&m->mem);
	m->mem.limit = m->o.max_memory;
	place_objects(m);
	strbuf_init(&m->io.dev_out);
	strbuf_init(&m->io.dev_err);
	strbuf_init(&m->tmp);
	m->status = MST_IDLE;
	if (m->o.model == MODEL_RELAXED || m->o.schedule)
		mm_attach(m);
	machine_checkers_install(m);
	return m;
}

/* ---- a warp's parts out of line (simt.h) */

const struct lstack lstack_none[WS_WARP];

static ws_tid_rows tid_zero; /* a host thread's (never written) */

struct tid_table {
	struct tid_table *next;
	uint32_t dims[3], nwarps;
	ws_tid_rows rows[];
};

void warp_init(struct warp *w, uint32_t (*tid)[WS_WARP])
{
	w->g = w->g_in;
	w->ls = (struct lstack *)lstack_none; /* never written: warp_lstacks first */
	w->tid = tid ? tid : tid_zero;
}

struct lstack *warp_lstacks_make(struct warp *w)
{
	w->ls = xcalloc(WS_WARP, sizeof(*w->ls));
	return w->ls;
}

void warp_drop_parts(struct warp *w)
{
	if (w->ls != lstack_none) {
		for (int l = 0; l < WS_WARP; l++)
			free(w->ls[l].buf);
		free(w->ls);
		w->ls = (struct lstack *)lstack_none;
	}
	if (w->g != w->g_in) {
		free(w->g);
		w->g = w->g_in;
	}
	free(w->cl_gen);
	w->cl_gen = NULL;
	if (w->toks.v != w->tok_in)
		free(w->toks.v);
	w->toks.v = NULL; /* tok_new starts again on tok_in */
	w->toks.len = w->toks.cap = 0;
}

struct group *warp_group_add(struct warp *w)
{
	if (w->ng == WS_GIN && w->g == w->g_in) {
		struct group *g = xcalloc(WS_MAXG, sizeof(*g));
		memcpy(g, w->g_in, sizeof(w->g_in));
		w->g = g;
	}
	struct group *n = &w->g[w->ng++];
	memset(n, 0, sizeof(*n));
	return n;
}

ws_tid_rows *machine_tid_rows(struct machine *m, const uint32_t dims[3], uint32_t nwarps)
{
	struct tid_table *t;
	for (t = m->dev.tids; t; t = t->next)
		if (!memcmp(t->dims, dims, sizeof(t->dims)) && t->nwarps >= nwarps)
			return t->rows;
	t = xcalloc(1, sizeof(*t) + (size_t)nwarps * sizeof(ws_tid_rows));
	memcpy(t->dims, dims, sizeof(t->dims));
	t->nwarps = nwarps;
	/* thread t's index (t % bx, t / bx % by, t / (bx * by)), counted up
	 * rather than divided */
	uint32_t tx = 0, ty = 0, tz = 0;
	for (uint32_t i = 0; i < nwarps; i++)
		for (uint32_t l = 0; l < WS_WARP; l++) {
			t->rows[i][0][l] = tx;
			t->rows[i][1][l] = ty;
			t->rows[i][2][l] = tz;
			if (++tx == dims[0]) {
				tx = 0;
				if (++ty == dims[1]) {
					ty = 0;
					tz++;
				}
			}
		}
	t->next = m->dev.tids;
	m->dev.tids = t;
	return t->rows;
}

/* free the frames of list f (linked by next_all) */
static void frames_free(struct machine *m, struct frame *f)
{
	for (struct frame *nx; f; f = nx) {
		nx = f->next_all;
		if (f->pooled) {
			pool_free(&m->dev.wpool, f, FRAME_BYTES(f->cap));
			continue;
		}
		free(f->r - WS_WARP); /* row -1, the zero row, starts the block */
		free(f);
	}
}

static void warp_release(struct machine *m, struct warp *w)
{
	frames_free(m, w->all_frames);
	w->all_frames = w->free_frames = NULL;
	warp_drop_parts(w);
}

/* free a warp array of n warps (pooled: its pool, block's w_pooled) */
static void warps_free(struct machine *m, struct warp *w, uint32_t n, int pooled)
{
	for (uint32_t i = 0; i < n; i++)
		warp_release(m, &w[i]);
	if (pooled)
		pool_free(pooled == 2 ? &m->dev.wapool : &m->dev.wpool, w, (size_t)n * sizeof(struct warp));
	else
		free(w);
}

static void block_free(struct machine *m, struct block *b)
{
	if (b->w)
		warps_free(m, b->w, b->nwarps, b->w_pooled);
	free(b->shared);
	free(b);
}

/* Keep a finished grid's blocks for the next launch of the same shape. A
 * block still holding groups (the grid failed) is freed instead. */
static void block_cache(struct machine *m, struct block *b)
{
	int clean = m->dev.nbcache < 4096;
	for (uint32_t i = 0, n = b->w && !b->ng0 ? b->nwarps : 0; clean && i < n; i++)
		if (b->w[i].ng)
			clean = 0;
	if (!clean) {
		block_free(m, b);
		return;
	}
	b->spare_next = m->dev.bcache;
	m->dev.bcache = b;
	m->dev.nbcache++;
}

void grid_free(struct machine *m, struct grid *gr)
{
	for (int i = 0; i < gr->nres; i++)
		if (gr->res[i])
			block_cache(m, gr->res[i]);
	while (gr->spare) {
		struct block *b = gr->spare;
		gr->spare = b->spare_next;
		block_cache(m, b);
	}
	free(gr->res);
	free(gr->par);
	free(gr->l.param);
	free(gr);
	(void)m;
}

void machine_free(struct machine *m)
{
	if (!m)
		return;
	if (m->dev.grid)
		grid_free(m, m->dev.grid);
	while (m->dev.bcache) {
		struct block *b = m->dev.bcache;
		m->dev.bcache = b->spare_next;
		block_free(m, b);
	}
	while (m->dev.wqs) {
		struct wqueue *q = m->dev.wqs;
		m->dev.wqs = q->next;
		for (uint32_t i = 0; i < q->n; i++) {
			uint32_t k = (q->head + i) % q->cap;
			warps_free(m, q->v[k], q->nwarps, q->pooled[k]);
		}
		free(q->v);
		free(q->pooled);
		free(q);
	}
	frames_free(m, m->dev.fstash_all); /* the warps holding some went above */
	while (m->dev.fstashes) {
		struct fstash *q = m->dev.fstashes;
		m->dev.fstashes = q->next;
		free(q);
	}
	pool_release(&m->dev.wpool);
	pool_release(&m->dev.wapool);
	while (m->dev.tids) {
		struct tid_table *t = m->dev.tids;
		m->dev.tids = t->next;
		free(t);
	}
	for (size_t i = m->dev.qhead; i < m->dev.queue.len; i++)
		free(m->dev.queue.v[i].param);
	vec_free(&m->dev.queue);
	hthread_free(m); /* the threads main started; m->ht.cur is main again */
	if (m->ht.cur) {
		warp_release(m, m->ht.cur);
		free(m->ht.cur);
	}
	for (uint32_t i = 0; i < m->mod->nfuncs; i++) {
		hostvm_forget(m->df[i]);
		decode_free(m->df[i]);
	}
	free(m->df);
	machine_spec_free(m);
	for (size_t i = 0; i < m->findings.len; i++)
		free(m->findings.v[i].msg);
	vec_free(&m->findings);
	machine_checkers_free(m);
	cg_free(m);
	acp_free(m);
	vec_free(&m->obs);
	vec_free(&m->bp.v);
	vec_free(&m->hv_win);
	vec_free(&m->rt.events);
	hostio_release(m);
	strbuf_release(&m->io.dev_out);
	strbuf_release(&m->io.dev_err);
	strbuf_release(&m->tmp);
	mm_free(m->mm);
	free(m->obj_addr);
	free(m->rt.fn_maxdyn);
	free(m->rt.fn_shared);
	runtime_release(m);
	texture_release(m);
	free(m->dev.smclk);
	mem_release(&m->mem);
	free(m);
}

void machine_exit(struct machine *m, int status)
{
	if (m->status == MST_FINISHED)
		return;
	m->status = MST_FINISHED;
	m->dev.chain_end = 0;
	m->exit_status = status;
	fflush(m->io.out);
	fflush(m->io.err);
}

void machine_fail_kernel(struct machine *m, int err)
{
	if (!m->dev.fail_err)
		m->dev.fail_err = (uint64_t)err;
	m->dev.chain_end = 0;
}

/* ---- host thread */

int machine_start(struct machine *m, int argc, char **argv)
{
	const struct ir_module *mod = m->mod;
	if (mod->main_func < 0 || (uint32_t)mod->main_func >= mod->nfuncs)
		return -1;
	const struct ir_func *fn = &mod->funcs[mod->main_func];
	struct warp *w = xcalloc(1, sizeof(*w));
	warp_init(w, NULL);
	m->ht.cur = w;
	m->ht.blk.nthreads = 1;
	m->ht.blk.nwarps = 1;
	m->ht.blk.w = w;
	m->ht.blk.slot = -1;
	w->blk = &m->ht.blk;
	w->host = 1;
	w->exists = w->live = 1;
	w->cur = 0;
	hthread_main(m, w);
	struct frame *f = interp_frame_new(m, w, fn, mod->main_func, NULL, 1);
	if (!f) {
		m->status = MST_RUNNING;
		if (m->df[mod->main_func] && m->df[mod->main_func]->bad) {
			machine_exit(m, 134); /* main cannot run: invalid IR (a trap finding) */
			return 0;
		}
		/* main's locals exceed the host stack: natively the first touch of
		 * them is a SIGSEGV */
		interp_stack_overflow(m, w, 1, fn, fn->span);
		machine_exit(m, 139);
		return 0;
	}
	/* argv in host memory */
	struct alloc *ptrs = mem_alloc(&m->mem, TAG_HOST, (uint64_t)(argc + 1) * 8, 16, AK_HOST_OBJ);
	for (int i = 0; i < argc; i++) {
		size_t n = strlen(argv[i]) + 1;
		struct alloc *s = mem_alloc(&m->mem, TAG_HOST, n, 16, AK_HOST_OBJ);
		memcpy(s->data, argv[i], n);
		memcpy(ptrs->data + (size_t)i * 8, &s->base, 8);
	}
	if (fn->nparams >= 1 && fn->nregs >= 1)
		f->r[0] = (uint64_t)(int64_t)argc;
	if (fn->nparams >= 2 && fn->nregs >= 2)
		f->r[WS_WARP] = ptrs->base;
	w->g[0].mask = 1;
	w->g[0].fr = f;
	w->g[0].pc = 0;
	w->g[0].state = G_READY;
	w->ng = 1;
	m->argc = argc;
	m->argv = argv;
	m->status = MST_RUNNING;
	m->rt.last_err = m->rt.sticky_err = 0;
	return 0;
}

/* ---- device: blocks and the scheduler */

static uint64_t ld_param(const uint8_t *p, unsigned t, uint32_t size)
{
	uint64_t v = 0;
	switch (t) {
	case IR_S8: return (uint64_t)(int64_t)(int8_t)p[0];
	case IR_S16: { int16_t x; memcpy(&x, p, 2); return (uint64_t)(int64_t)x; }
	case IR_S32: { int32_t x; memcpy(&x, p, 4); return (uint64_t)(int64_t)x; }
	default:
		memcpy(&v, p, size < 8 ? size : 8);
		return v;
	}
}

/* A retired block of the same grid is reused: its warps keep their frame
 * free lists, stack buffers and thread indices, so steady state allocates
 * nothing. Shared memory is not cleared between blocks (as on a GPU). */
static struct block *block_alloc(struct machine *m, struct grid *gr)
{
	struct launch *L = &gr->l;
	struct block *b = gr->spare;
	if (b) {
		gr->spare = b->spare_next;
		return b;
	}
	uint64_t shsize = ((m->mod->shared_static_size + 15) & ~(uint64_t)15) + L->shmem;
	for (struct block **pp = &m->dev.bcache; *pp; pp = &(*pp)->spare_next) {
		b = *pp;
		if (b->shape[0] == L->block[0] && b->shape[1] == L->block[1] &&
		    b->shape[2] == L->block[2] && b->shared_size == shsize) {
			*pp = b->spare_next;
			m->dev.nbcache--;
			return b;
		}
	}
	b = xcalloc(1, sizeof(*b));
	memcpy(b->shape, L->block, sizeof(b->shape));
	b->nthreads = gr->threads_per_block;
	b->nwarps = gr->warps_per_block;
	b->shared_size = ((m->mod->shared_static_size + 15) & ~(uint64_t)15) + L->shmem;
	b->shared = xcalloc(1, b->shared_size ? b->shared_size : 1);
	return b; /* its warps: block_new's block_warps */
}

/* the queue of warp arrays for blocks of b's shape (made on first use) */
static struct wqueue *wq_of(struct machine *m, const struct block *b)
{
	struct wqueue *q;
	for (q = m->dev.wqs; q; q = q->next)
		if (!memcmp(q->shape, b->shape, sizeof(q->shape)))
			return q;
	q = xcalloc(1, sizeof(*q));
	memcpy(q->shape, b->shape, sizeof(q->shape));
	q->nwarps = b->nwarps;
	q->next = m->dev.wqs;
	m->dev.wqs = q;
	return q;
}

/* Block b, which holds no warps, gets an array of them: the one a
 * retired block of its shape gave back first (block_warps_give), else a
 * new one. A warp keeps what it holds for its next block (frame free
 * lists, thread indices; gr->wlazy: nobody can tell whose it was), and
 * has no groups until started (what looks at an unstarted warp finds
 * none, as block_new's lazy admission leaves it). */
static WS_NOINLINE void block_warps(struct machine *m, struct block *b)
{
	struct grid *gr = m->dev.grid; /* b is one of its blocks */
	struct wqueue *q = gr->wq ? gr->wq : wq_of(m, b);
	struct warp *w;
	if (q->n) {
		uint32_t h = q->head;
		w = q->v[h];
		b->w_pooled = q->pooled[h];
		q->head = h + 1 == q->cap ? 0 : h + 1;
		q->n--;
		for (struct warp *x = w, *e = w + b->nwarps; x < e; x++) {
			x->blk = b;
			x->ng = 0;
		}
		b->w = w;
		return;
	}
	/* a wlazy grid's first array of a shape from wpool, whose chunk the
	 * frames have mapped already: a kernel whose blocks finish one at a
	 * time (vecadd) uses one array, which alone in wapool cost a 2 MB
	 * chunk faulted in and zeroed (0.2-0.3 ms a run); the others from
	 * wapool (s14-warps: reduce_smem's 1,056 among the frames took 20%
	 * longer) */
	int apart = gr->wlazy && q->made++;
	w = pool_alloc(apart ? &m->dev.wapool : &m->dev.wpool, (size_t)b->nwarps * sizeof(struct warp));
	b->w_pooled = w ? 1 + apart : 0;
	if (!w)
		w = xcalloc(b->nwarps, sizeof(struct warp));
	ws_tid_rows *tid = machine_tid_rows(m, b->shape, b->nwarps);
	m->dev.nwarps += b->nwarps;
	for (uint32_t i = 0; i < b->nwarps; i++) {
		uint32_t n = b->nthreads - i * WS_WARP;
		warp_init(&w[i], tid[i]);
		w[i].blk = b;
		w[i].id = i;
		w[i].exists = n >= 32 ? WS_FULL : (1u << n) - 1;
	}
	b->w = w;
}

/* Retired block b of a gr->wlazy grid gives its warps back (the next
 * block to reach its first warp takes them: a kernel whose warps finish
 * in one visit, or whose blocks finish in one round, keeps a few arrays
 * going round, in the caches, rather than one per resident slot) */
static void block_warps_give(struct machine *m, struct grid *gr, struct block *b)
{
	struct wqueue *q = gr->wq; /* b is the grid's (sched_grid_start) */
	if (WS_UNLIKELY(q->n == q->cap)) {
		/* the ring grows: its entries from 0 in order */
		uint32_t cap = q->cap ? q->cap * 2 : 16;
		struct warp **v = xmalloc(cap * sizeof(*v));
		uint8_t *pooled = xmalloc(cap);
		for (uint32_t i = 0; i < q->n; i++) {
			v[i] = q->v[(q->head + i) % q->cap];
			pooled[i] = q->pooled[(q->head + i) % q->cap];
		}
		free(q->v);
		free(q->pooled);
		q->v = v;
		q->pooled = pooled;
		q->cap = cap;
		q->head = 0;
	}
	uint32_t k = q->head + q->n < q->cap ? q->head + q->n : q->head + q->n - q->cap;
	q->v[k] = b->w;
	q->pooled[k] = b->w_pooled;
	q->n++;
	b->w = NULL;
}

/* The kernel's parameters as every warp's frame gets them (once a grid,
 * not once a warp): scalars loaded from the launch's buffer, aggregates'
 * place in it (each thread copies those onto its stack). */
static void grid_params(struct grid *gr)
{
	const struct ir_func *fn = gr->fn;
	const struct launch *L = &gr->l;
	uint32_t n = fn->nparams < fn->nregs ? fn->nparams : fn->nregs;
	gr->npar = n;
	gr->par = xcalloc(n ? n : 1, sizeof(*gr->par));
	uint32_t off = 0;
	for (uint32_t k = 0; k < n; k++) {
		struct gparam *p = &gr->par[k];
		uint32_t sz = fn->param_size ? fn->param_size[k] : 8;
		uint32_t al = fn->param_align && fn->param_align[k] ? fn->param_align[k] : (sz >= 8 ? 8 : sz ? sz : 1);
		off = (off + al - 1) & ~(al - 1);
		unsigned t = fn->param_ty ? fn->param_ty[k] : IR_U64;
		p->off = off;
		p->size = sz;
		p->align = al;
		p->agg = (uint8_t)(interp_param_aggregate(fn, k) != 0);
		if (!p->agg && ws_range_in(0, L->param_size, off, sz))
			p->v = ld_param(L->param + off, t, sz);
		off += sz;
	}
}

/* A warp's scheduling state at its start (live lanes, exited lanes, its
 * current group) with no groups, tokens or breakpoint pass; the lane
 * stacks start empty: they are where the last block left them only if a
 * lane pushed something (aggregate parameters of a stackless kernel, a
 * failed grid) */
static inline void warp_reset(struct warp *w, uint32_t live, uint32_t exited, int cur)
{
	w->live = live;
	w->exited = exited;
	w->cur = cur;
	w->rr = 0;
	w->ng = 0;
	w->toks.len = 0;
	w->bp_pass = 0;
	if (w->ls_moved) {
		for (uint32_t l = 0; l < WS_WARP; l++)
			w->ls[l].sp = 0;
		w->ls_moved = 0;
	}
}

/* A frame for queue q of the machine's stash (gr->stash), zeroed (interp_frame_alloc, as
 * frame_new_slow's), on m->dev.fstash_all rather than a warp's list: the
 * warps that use it come and go */
static WS_NOINLINE struct frame *stash_frame_new(struct machine *m, struct fstash *q)
{
	struct frame *f = interp_frame_alloc(m, q->cap, 1);
	f->stash = q;
	f->ptag = 0;
	m->dev.nstashed++;
	f->next_all = m->dev.fstash_all;
	m->dev.fstash_all = f;
	return f;
}

/*
 * Kernels specialised at launch. In run and check (a module from
 * ir_optimize_run: nothing steps through it), a launch of a kernel that
 * reads blockDim or gridDim runs a copy of its IR in which those reads are
 * the launch's constants, folded and optimised again (ir_specialize):
 * `for (s = blockDim.x / 2; s > 0; s >>= 1)` starts from a constant,
 * divisions and compares by blockDim take constant operands. The copy
 * keeps the kernel's name, parameters, spans and variables, and its frames
 * the kernel's function index: findings, reports and the runtime's
 * queries name the kernel as compiled; what differs is the instructions
 * that run, so run's steps are those of the copy. One copy per kernel and
 * shape, made at its first launch and kept until the machine is freed
 * (a program that launches a kernel a thousand times pays once), at most
 * SPEC_MAX shapes a kernel (then it runs as compiled). Never where
 * anything looks at instructions (hooks, breakpoints, a debugger), nor
 * under the memory model, and not with WS_NO_SPECIALIZE=1.
 */
#define SPEC_MAX 16

static int spec_ok(const struct machine *m)
{
	return m->mod->run_opt && m->dev.in_run && !m->o.no_spec && !m->mm && !m->hooks &&
	       !m->bp.v.len && !m->o.debugger && !m->o.gpu && !m->o.schedule;
}

/* the kernel's copy for l's shape, made now if it is new; NULL: none
 * (SPEC_MAX shapes already) */
static const struct spec *spec_of(struct machine *m, const struct launch *l)
{
	size_t nf = 0;
	for (size_t i = m->spec.len; i-- > 0;) {
		struct spec *s = &m->spec.v[i];
		if (s->fidx != l->fidx)
			continue;
		if (!memcmp(s->block, l->block, sizeof(s->block)) && !memcmp(s->grid, l->grid, sizeof(s->grid)))
			return s;
		nf++;
	}
	if (nf >= SPEC_MAX)
		return NULL;
	if (!m->spec.len)
		arena_init(&m->spec_arena);
	const struct ir_func *fn = &m->mod->funcs[l->fidx];
	struct spec s = { .fidx = l->fidx };
	memcpy(s.block, l->block, sizeof(s.block));
	memcpy(s.grid, l->grid, sizeof(s.grid));
	s.fn = ir_specialize(fn->spec_src, m->mod, l->block, l->grid, &m->spec_arena);
	/* stash_ok asks of the module's functions whether a register is read
	 * before it is written: the copy must answer as its kernel does */
	if (s.fn && !ir_regalloc_entry_written(s.fn) && ir_regalloc_entry_written((struct ir_func *)fn))
		s.fn = NULL;
	if (s.fn && util_env_on("WS_DUMP_SPEC")) {
		/* the copy as dump-run-ir lists its kernel (tests/ir/spec.t) */
		struct strbuf sb;
		strbuf_init(&sb);
		strbuf_addf(&sb, "specialised block (%u,%u,%u) grid (%u,%u,%u)\n", l->block[0], l->block[1],
			    l->block[2], l->grid[0], l->grid[1], l->grid[2]);
		ir_print_func(s.fn, (uint32_t)l->fidx, &sb);
		fputs(strbuf_cstr(&sb), m->io.err);
		strbuf_release(&sb);
	}
	if (s.fn) {
		s.df = decode_func(s.fn, m->mod);
		if (s.df->bad) {
			decode_free(s.df);
			s.df = NULL;
			s.fn = NULL;
		}
	}
	vec_push(&m->spec, s);
	return &m->spec.v[m->spec.len - 1];
}

void machine_spec_free(struct machine *m)
{
	for (size_t i = 0; i < m->spec.len; i++) {
		hostvm_forget(m->spec.v[i].df);
		decode_free(m->spec.v[i].df);
	}
	if (m->spec.len)
		arena_release(&m->spec_arena);
	vec_free(&m->spec);
}

void machine_spec_counts(const struct machine *m, uint64_t *made, uint64_t *used)
{
	uint64_t n = 0;
	for (size_t i = 0; i < m->spec.len; i++)
		n += m->spec.v[i].fn != NULL;
	*made = n;
	*used = m->dev.nspec_used;
}

/* Whether the warps of a grid of kernel df may take their frames from the
 * machine's stash (gr->stash), the oldest one a warp of its row count
 * left, rather than each the frame its slot's previous warp left. A warp then starts
 * on rows another warp wrote, and nobody can tell: no function the device
 * may run has a register but its parameters that is read before it is
 * written (regalloc.c's analysis; warp_start writes the parameters,
 * do_call a callee's), and nothing looks at a frame but its warp: the
 * machine is unobserved (a debugger shows rows before they are written;
 * a clone copies every frame; machine_can_clone refuses once a stash
 * frame exists), no hook, no memory model (its delayed register writes
 * name frames). The spin checker hashes a warp's rows, unwritten ones
 * too, but compares a warp only with itself within one activation, whose
 * frame does not change. The kernel is decoded and stackless (no lbase). */
static int stash_ok(struct machine *m, const struct dfunc *df)
{
	if (!m->o.unobserved || m->mm || m->hooks || !df || df->bad || !df->stackless)
		return 0;
	if (!m->dev.fstash_mod) {
		int ok = 1;
		for (uint32_t i = 0; ok && i < m->mod->nfuncs; i++)
			if (m->mod->funcs[i].kind != FN_HOST) /* a kernel, __device__ or both */
				ok = ir_regalloc_entry_written((struct ir_func *)&m->mod->funcs[i]);
		m->dev.fstash_mod = ok ? 1 : 2;
	}
	return m->dev.fstash_mod == 1;
}

/* The rows of the scalar parameters (not the aggregates') of a warp's
 * frame from row r, as every warp of a launch starts: each the parameter
 * in every lane; returns whether there is an aggregate (warp_start copies
 * those). Out of line, in an AVX2 version too where the compiler makes
 * one: 8 stores a row rather than the 16 of the baseline's SSE2 (vecadd's
 * four parameters were half of warp_start). */
WS_CLONES WS_NOINLINE static int param_rows(uint64_t *r, const struct gparam *par, uint32_t np)
{
	int agg = 0;
	for (uint32_t k = 0; k < np; k++, r += WS_WARP) {
		if (WS_UNLIKELY(par[k].agg)) {
			agg = 1;
			continue;
		}
		uint64_t v = par[k].v;
		/* whole: the stores without a loop (every warp of a launch,
		 * every parameter) */
#if defined(__GNUC__) && !defined(__clang__)
		_Pragma("GCC unroll 32")
#endif
		for (uint32_t l = 0; l < WS_WARP; l++)
			r[l] = v;
	}
	return agg;
}

/* Whether the parameters' rows (the first npar: warp_start's) of a frame
 * of kernel df hold, when a warp of the grid leaves it, what warp_start
 * wrote there: no parameter is an aggregate (their rows are per-lane
 * stack addresses) and no instruction writes one of those rows (d, or e
 * which MATCH writes; regalloc.c may give a row to registers of disjoint
 * lives). A stash frame's rows are written only by its warps' kernels
 * (stash_ok: nothing else looks or writes), so a frame that the grid's own
 * warps alone used since warp_start wrote its parameters (f->ptag) holds
 * them still, and the next warp of that grid need not write them again */
static int params_kept(const struct dfunc *df, const struct gparam *par, uint32_t npar)
{
	for (uint32_t k = 0; k < npar; k++)
		if (par[k].agg)
			return 0;
	for (uint32_t i = 0; i < df->ncode; i++) {
		const struct ir_insn *in = &df->code[i];
		if ((in->d >= 0 && (uint32_t)in->d < npar) || (in->e >= 0 && (uint32_t)in->e < npar))
			return 0;
	}
	return 1;
}

/* Warp w of block b starts the grid's kernel: one group of its threads at
 * the first instruction, in a frame holding the parameters (block_new; a
 * lazily admitted block's warps when they are first looked at). */
static void warp_start(struct machine *m, struct grid *gr, struct warp *w)
{
	struct launch *L = &gr->l;
	const struct ir_func *fn = gr->fn;
	const struct dfunc *df = grid_df(m, gr);
	uint32_t x = w->exists;
	warp_reset(w, x, 0, 0);
	/* the common case in place (a launch starts every warp of every
	 * block): the warp's first free frame fits and the kernel is
	 * stackless, as interp_frame_new's own fast path, which takes every
	 * other case; a stash grid's frame is the head of its queue, or a
	 * new one where the queue is empty */
	struct frame *f = w->free_frames;
	uint32_t need = ir_rows(fn) ? ir_rows(fn) : 1;
	int kept = 0;
	if (gr->stash) {
		struct fstash *q = m->dev.fstash;
		f = q->head;
		if (WS_LIKELY(f)) {
			if (!(q->head = f->next_free))
				q->tail = NULL;
		} else {
			f = stash_frame_new(m, q);
		}
		frame_begin(f, fn, df, L->fidx, NULL, 0, x == WS_FULL ? WS_WARP : (uint32_t)__builtin_popcount(x));
		/* the grid's parameters still in the rows (params_kept) */
		kept = gr->pkeep && f->ptag == gr->pserial;
		f->ptag = gr->pkeep ? gr->pserial : 0;
	} else if (df && f && f->cap >= need && df->stackless && !df->bad) {
		w->free_frames = f->next_free;
		frame_begin(f, fn, df, L->fidx, NULL, 0, x == WS_FULL ? WS_WARP : (uint32_t)__builtin_popcount(x));
	} else {
		f = gr->sdf ? interp_frame_new_df(m, w, fn, gr->sdf, L->fidx, NULL, x)
			    : interp_frame_new(m, w, fn, L->fidx, NULL, x);
		if (!f && grid_df(m, gr) && grid_df(m, gr)->bad) {
			machine_fail_kernel(m, 719);
			return;
		}
		if (!f) {
			machine_finding_add(m, FK_STACK_OVERFLOW, w, x, fn->span, 0,
					    "the kernel's local variables (%u bytes) do not fit in the thread's stack",
					    fn->frame_size);
			machine_fail_kernel(m, 701);
			return;
		}
	}
	uint64_t *r = f->r;
	/* the scalars' rows, then the aggregates', in the parameters' order */
	for (uint32_t k = 0, np = !kept && param_rows(r, gr->par, gr->npar) ? gr->npar : 0; k < np;
	     k++, r += WS_WARP) {
		const struct gparam *p = &gr->par[k];
		if (!p->agg)
			continue;
		/* a struct passed by value: each thread gets its own copy on
		 * its stack, which it may modify */
		for (uint32_t l = 0; l < WS_WARP; l++) {
			uint32_t base = 0;
			if (!(x >> l & 1))
				continue;
			if (interp_lstack_push(m, w, l, p->size, p->align < 8 ? 8 : p->align, &base) == 0 &&
			    ws_range_in(0, L->param_size, p->off, p->size))
				memcpy(w->ls[l].buf + base, L->param + p->off, p->size);
			r[l] = ADDR(TAG_LOCAL, base);
		}
	}
	/* every field but the token stack past ntok (never read) */
	struct group *g0 = &w->g[0];
	g0->mask = x;
	g0->pc = 0;
	g0->fr = f;
	g0->state = G_READY;
	g0->ntok = 0;
	g0->coll_mask = g0->coll_op = 0;
	g0->cg_addr = g0->cg_token = 0;
	w->ng = 1;
	w->pend = 0;
	w->pend_stop = UINT32_MAX;
}

/* The grid's next block (gr->next_block in admission order) enters resident
 * slot `slot` as block b (block_alloc's). lazy (sched_quick only, grids that
 * allow it, gr->lazy): its warps are started when the scheduler reaches
 * them, and before sched_quick returns (block_start). */
static WS_INLINE struct block *block_init(struct machine *m, struct grid *gr, struct block *b, int slot, int lazy)
{
	struct launch *L = &gr->l;
	uint64_t linear;
	if (gr->csize == 1) {
		/* blocks in linear order, each its own cluster: the index
		 * counted on from the last block's (gr->nidx), no division (a
		 * launch of empty blocks admits thousands) */
		linear = gr->next_block++;
		memcpy(b->idx, gr->nidx, sizeof(b->idx));
		b->cluster = linear;
		b->crank = 0;
		if (++gr->nidx[0] == L->grid[0]) {
			gr->nidx[0] = 0;
			if (++gr->nidx[1] == L->grid[1]) {
				gr->nidx[1] = 0;
				gr->nidx[2]++;
			}
		}
	} else {
		linear = cluster_seq_linear(gr, gr->next_block++);
		b->idx[0] = (uint32_t)(linear % L->grid[0]);
		b->idx[1] = (uint32_t)((linear / L->grid[0]) % L->grid[1]);
		b->idx[2] = (uint32_t)(linear / ((uint64_t)L->grid[0] * L->grid[1]));
		b->cluster = cluster_of(gr, b->idx, &b->crank);
	}
	b->linear = linear;
	b->nexited = 0;
	b->bar_arrived = b->bar_gen = b->bar_popc = b->bar_whole = 0;
	b->chk_sync = 0;
	b->exit_noted = 0;
	b->bar_and = 1;
	b->bar_or = 0;
	b->slot = slot;
	b->sm = (uint32_t)(slot % m->o.num_sms);
	if (CHECK_WANTS(m, CEV_BLOCK_START)) {
		struct check_event e = { .kind = CEV_BLOCK_START, .b = b, .slot = slot,
					 .block = linear, .bytes = b->shared_size };
		machine_publish(m, &e);
	}
	int ng0 = b->ng0;
	b->ng0 = 0;
	if (lazy) {
		b->unstarted = gr->wall;
		gr->nlazy++;
		/* no groups (a failed grid's block may have left some): what
		 * looks at the block's warps finds none in an unstarted one
		 * (b->ng0: none has any); gr->wlazy: no warps either, until
		 * the first is reached */
		if (!b->w && !gr->wlazy)
			block_warps(m, b);
		if (b->w && !ng0)
			for (uint32_t i = 0; i < b->nwarps; i++)
				b->w[i].ng = 0;
		return b;
	}
	if (!b->w)
		block_warps(m, b);
	for (uint32_t i = 0; i < b->nwarps; i++)
		warp_start(m, gr, &b->w[i]);
	return b;
}

static struct block *block_new(struct machine *m, struct grid *gr, int slot, int lazy)
{
	return block_init(m, gr, block_alloc(m, gr), slot, lazy);
}

/* Start the warps of block b that a lazy admission left unstarted. */
static void block_start(struct machine *m, struct grid *gr, struct block *b)
{
	if (!b->w)
		block_warps(m, b);
	for (uint32_t i = 0; i < b->nwarps; i++)
		if (b->unstarted >> i & 1)
			warp_start(m, gr, &b->w[i]);
	b->unstarted = 0;
	gr->nlazy--;
}

static void grid_end(struct machine *m);

/* Fill the free slots with the next blocks; a cluster's blocks take csize
 * consecutive free slots together (they must be resident together) */
static void grid_admit(struct machine *m, struct grid *gr, int lazy)
{
	int cs = (int)gr->csize;
	for (int s = 0; s + cs <= gr->maxres && gr->next_block < gr->nblocks; s += cs) {
		int busy = 0;
		for (int k = s; k < s + cs; k++)
			busy |= k < gr->nres && gr->res[k] != NULL;
		if (busy)
			continue;
		if (s + cs > gr->nres)
			gr->nres = s + cs;
		for (int k = s; k < s + cs && gr->next_block < gr->nblocks; k++)
			gr->res[k] = block_new(m, gr, k, lazy);
	}
}

uint32_t sched_max_resident(struct machine *m, const struct launch *l)
{
	uint64_t threads = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	uint64_t per = (uint64_t)m->o.max_blocks_per_sm;
	uint64_t byt = (uint64_t)m->o.device->threads_per_sm / (threads ? threads : 1);
	uint64_t sh = ((m->rt.fn_shared[l->fidx] + 15) & ~(uint64_t)15) + l->shmem;
	if (byt < per)
		per = byt;
	if (sh && (uint64_t)m->o.device->smem_per_sm / sh < per)
		per = (uint64_t)m->o.device->smem_per_sm / sh;
	if (per < 1)
		per = 1;
	return (uint32_t)(per * (uint64_t)m->o.num_sms);
}

static uint64_t wall_ns(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t machine_device_ns(const struct machine *m)
{
	return m->dev.ns;
}

/* every checker listening to events of kind k is one of check/checkers.def
 * (none that machine_add_checker added) */
static int listeners_builtin(const struct machine *m, int k)
{
	size_t n;
	const struct checker *const *t = check_table(&n);
	for (size_t i = 0; i < m->chk.by_kind[k].len; i++) {
		size_t j = 0;
		while (j < n && t[j] != m->chk.by_kind[k].v[i].c)
			j++;
		if (j == n)
			return 0;
	}
	return 1;
}

/* Whether machine_run's visits may start the warps of a block only when
 * the round robin first reaches them (sched_device_step), so that a warp's
 * frame is written just before it runs instead of thousands of warps
 * earlier, out of the caches by then. Starting a warp then has no effect
 * but on the warp itself (a stackless kernel, no parameter copied to a
 * stack, no cluster), and what looks at other warps of the block while
 * it is resident (a barrier's release, the sync and exit checkers'
 * sites, cooperative groups' waiters) looks at their groups, which an
 * unstarted warp has none of, as a started one that has not reached
 * them yet has none in that state; the checkers listening are the
 * built-in ones. */
static int lazy_visit_ok(const struct machine *m, const struct grid *gr, const struct dfunc *df)
{
	for (uint32_t k = 0; k < gr->npar; k++)
		if (gr->par[k].agg)
			return 0;
	if (!df->stackless || gr->csize != 1)
		return 0;
	for (int k = 0; k < CEV_NKINDS; k++)
		if (!listeners_builtin(m, k))
			return 0;
	return 1;
}

/* machine_run's visits start warps lazily now (a gr->lazy_visit grid):
 * nothing observes the machine but the built-in checkers */
static inline int lazy_visits(const struct machine *m)
{
	return m->dev.in_run && !m->hooks && !m->mm && m->o.sched == SCHED_RR;
}

/* Whether the lazily admitted blocks of grid gr may take their warps only
 * when the round robin first reaches one (block_warps), and its retired
 * blocks give theirs back, so that a block may run on the warps of any
 * block before it rather than its slot's. That is seen only through what
 * a warp keeps from one block to the next: the rows of its frames (a
 * stash grid's code reads no row before writing it, stash_ok, which also
 * wants an unobserved machine, no hook, no memory model), its lanes'
 * stacks (no function the device may run keeps anything there: no
 * locals, no alloca), its count of warp collectives (wsync, heard only
 * by checkers of shared accesses) and cooperative groups' tile size (read
 * by the debugger): so a stash grid of a lazy kernel, no cluster, and no
 * checker but WLAZY_EVENTS's built-in ones. */
static int wlazy_ok(struct machine *m, const struct grid *gr)
{
	if (!gr->stash || gr->csize != 1 || !(gr->lazy || gr->lazy_visit))
		return 0;
	/* a kernel whose warps only return (sched_quick) touches a line of
	 * each warp, in a visit of a few instructions: giving a block its
	 * warps and taking them back costs more than the memory it saves
	 * (launches.cu's empty kernel: +8% instructions, +13% kernel time) */
	if (gr->quick)
		return 0;
	/* the checked mode (other built-in checkers listening): of what a
	 * warp keeps, they hear only its count of warp collectives, and only
	 * the shared-memory checker, through accesses of its block's shared
	 * memory (race_word compares one warp's count with the count a word
	 * kept from the last warp that touched it, so the counts' values,
	 * not only their steps, matter): none in a block without shared
	 * memory (an access there is out of bounds, and no event is
	 * published for it). Every listener is built-in (lazy_visit_ok; gr->quick
	 * grids are refused above), and each reads only the warps of the
	 * block its event is about, started (docs/PERFORMANCE.md, s15-chk). */
	int checked = (m->chk.listen & ~WLAZY_EVENTS) != 0;
	if (checked && (m->mod->shared_static_size || gr->l.shmem))
		return 0;
	for (int k = 0; k < CEV_NKINDS; k++)
		if ((checked || (WLAZY_EVENTS & CEV_BIT(k))) && !listeners_builtin(m, k))
			return 0;
	if (!m->dev.wq_mod) {
		int ok = 1;
		for (uint32_t i = 0; ok && i < m->mod->nfuncs; i++) {
			const struct ir_func *fn = &m->mod->funcs[i];
			if (fn->kind == FN_HOST)
				continue;
			ok = fn->frame_size == 0;
			for (uint32_t j = 0; ok && j < fn->ncode; j++)
				ok = fn->code[j].op != IR_ALLOCA;
		}
		m->dev.wq_mod = ok ? 1 : 2;
	}
	return m->dev.wq_mod == 1;
}

/* gr->quick and gr->lazy, from its kernel's decoded code (sched_quick) */
static void grid_quick(struct machine *m, struct grid *gr)
{
	const struct dfunc *df = grid_df(m, gr);
	if (!df || df->bad || !df->ncode || gr->csize != 1 || m->o.no_quick)
		return;
	gr->lazy_visit = lazy_visit_ok(m, gr, df);
	if (df->code[0].op != IR_RET)
		return;
	gr->quick = 1;
	/* lazy admission: starting a warp then has no effect but on the warp
	 * (a stackless kernel, no parameter copied to a stack), and the
	 * checkers that hear of warps exiting and blocks starting, the only
	 * events published while a lazy block is resident, are the built-in
	 * ones, which look at the exiting warp, or the starting block's slot
	 * and shared memory, alone (check_exit, check_race_shared) */
	int agg = 0;
	for (uint32_t k = 0; k < gr->npar; k++)
		agg |= gr->par[k].agg;
	gr->lazy = df->stackless && !agg && listeners_builtin(m, CEV_WARP_EXIT) &&
		   listeners_builtin(m, CEV_BLOCK_START);
}

/* Start the warps of every lazily admitted block of the running grid, so
 * that whatever looks next sees what an admission that started them would
 * have left (sched_quick's end, machine_run's, and before anything in
 * machine_run and step_any that reads the grid's warps). */
static void grid_start_lazy(struct machine *m)
{
	struct grid *gr = m->dev.grid;
	for (int k = 0; gr && gr->nlazy && k < gr->nres; k++)
		if (gr->res[k] && gr->res[k]->unstarted)
			block_start(m, gr, gr->res[k]);
}

void sched_start_lazy(struct machine *m)
{
	grid_start_lazy(m);
}

void sched_grid_start(struct machine *m, struct launch *l)
{
	struct grid *gr = xcalloc(1, sizeof(*gr));
	m->bp.resume.on = 0;
	gr->l = *l;
	gr->fn = &m->mod->funcs[l->fidx];
	if (gr->fn->spec_src && spec_ok(m)) {
		const struct spec *sp = spec_of(m, l);
		if (sp && sp->fn) {
			gr->fn = sp->fn;
			gr->sdf = sp->df;
			m->dev.nspec_used++;
		}
	}
	grid_params(gr);
	gr->nblocks = (uint64_t)l->grid[0] * l->grid[1] * l->grid[2];
	gr->threads_per_block = l->block[0] * l->block[1] * l->block[2];
	gr->warps_per_block = (gr->threads_per_block + WS_WARP - 1) / WS_WARP;
	gr->wall = gr->warps_per_block >= 32 ? WS_FULL : (1u << gr->warps_per_block) - 1;
	for (int k = 0; k < 3; k++)
		gr->cdim[k] = l->cluster[k] ? l->cluster[k] : 1;
	gr->csize = gr->cdim[0] * gr->cdim[1] * gr->cdim[2];
	uint64_t mr = sched_max_resident(m, l);
	if (mr > gr->nblocks)
		mr = gr->nblocks;
	mr = mr / gr->csize * gr->csize; /* whole clusters (the launch checked one fits) */
	if (mr < gr->csize)
		mr = gr->csize;
	gr->maxres = (int)mr;
	gr->res = xcalloc(mr ? mr : 1, sizeof(struct block *));
	m->dev.grid = gr;
	m->dev.chain_end = 0;
	m->dev.t0 = wall_ns();
	m->dev.fail_err = 0;
	cg_grid_start(m);
	acp_grid_start(m);
	m->dev.nlaunched++;
	gr->pserial = m->dev.nlaunched;
	if (m->mm)
		mm_reset(m);
	if (CHECK_WANTS(m, CEV_LAUNCH)) {
		struct check_event e = { .kind = CEV_LAUNCH, .arg = l->fidx };
		machine_publish(m, &e);
	}
	if (m->hooks & (1u << EV_LAUNCH)) {
		struct machine_event e = { .kind = EV_LAUNCH, .func = l->fidx, .slot = -1 };
		machine_emit(m, &e);
	}
	/* a kernel decoded before (launched again) may have its first blocks
	 * admitted lazily too, inside machine_run, where grid_start_lazy
	 * starts them before anything but sched_quick looks (dev.in_run) */
	if (!gr->sdf && !m->df[l->fidx] && m->dev.in_run && !m->mm) {
		/* decoded now rather than by the first warp's start, so that
		 * the first admission may be lazy too (the same decoding) */
		m->df[l->fidx] = decode_func(gr->fn, m->mod);
		if (m->bp.v.len && !m->df[l->fidx]->bad)
			machine_apply_breaks(m, m->df[l->fidx]);
	}
	int decoded = grid_df(m, gr) != NULL;
	gr->stash = (uint8_t)stash_ok(m, grid_df(m, gr));
	gr->pkeep = gr->stash && !util_env_on("WS_NO_PKEEP") && params_kept(grid_df(m, gr), gr->par, gr->npar);
	if (gr->stash) {
		/* the queue of the kernel's row count (a run has a few) */
		uint32_t need = ir_rows(gr->fn) ? ir_rows(gr->fn) : 1;
		struct fstash *q = m->dev.fstashes;
		while (q && q->cap != need)
			q = q->next;
		if (!q) {
			q = xcalloc(1, sizeof(*q));
			q->cap = need;
			q->next = m->dev.fstashes;
			m->dev.fstashes = q;
		}
		m->dev.fstash = q;
	}
	if (decoded) {
		grid_quick(m, gr);
		gr->wlazy = (uint8_t)wlazy_ok(m, gr);
	}
	if (gr->wlazy) {
		struct block shape = { .nwarps = gr->warps_per_block };
		memcpy(shape.shape, l->block, sizeof(shape.shape));
		gr->wq = wq_of(m, &shape);
	}
	grid_admit(m, gr, (gr->lazy || (gr->lazy_visit && lazy_visits(m))) && m->dev.in_run && !m->mm);
	if (!decoded)
		grid_quick(m, gr);
	if (m->dev.fail_err)
		grid_end(m);
}

/* Explain who waits where, for the deadlock finding: one finding at the
 * first waiting group, its message listing up to 8 waiting groups. */
static void report_deadlock(struct machine *m, struct grid *gr)
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
				if (g->state != G_BAR && g->state != G_COLL && g->state != G_CGWAIT)
					continue;
				if (listed == 8) {
					more++;
					continue;
				}
				if (!first) {
					first = w;
					fg = g;
				}
				struct span sp = g->fr->code[g->pc].span;
				strbuf_addf(&sb, "%sblock (%u,%u,%u) warp %u lanes 0x%08x wait at line %u ",
					    listed ? "; " : "", b->idx[0], b->idx[1], b->idx[2], w->id,
					    g->mask, sp.line);
				if (g->state == G_BAR)
					strbuf_addf(&sb, "in __syncthreads (%u of %u live threads arrived)",
						    b->bar_arrived, b->nthreads - b->nexited);
				else if (g->state == G_CGWAIT)
					cg_describe_wait(m, g, &sb);
				else
					strbuf_addf(&sb, "in a warp collective for lanes 0x%08x that never arrive",
						    g->coll_mask & ~g->mask);
				listed++;
			}
		}
	}
	if (more)
		strbuf_addf(&sb, "; and %d more", more);
	if (first)
		machine_finding_add(m, FK_DEADLOCK, first, fg->mask, fg->fr->code[fg->pc].span, 0,
				    "deadlock: no thread can make progress: %s", strbuf_cstr(&sb));
	else
		machine_finding_add(m, FK_DEADLOCK, NULL, 0, gr->fn->span, 0,
				    "deadlock: no thread of the kernel can make progress");
	strbuf_release(&sb);
}

static void grid_end(struct machine *m)
{
	grid_start_lazy(m); /* nothing is lazy past the grid (block_cache reads the warps) */
	struct grid *gr = m->dev.grid;
	m->bp.resume.on = 0;
	if (m->dev.fail_err) {
		m->rt.sticky_err = (int)m->dev.fail_err;
		m->rt.last_err = (int)m->dev.fail_err;
		/* queued work after a fault never runs */
		for (size_t i = m->dev.qhead; i < m->dev.queue.len; i++)
			free(m->dev.queue.v[i].param);
		m->dev.qhead = m->dev.queue.len = 0;
	}
	m->dev.fail_err = 0;
	m->dev.grid = NULL;
	m->dev.chain_end = 0;
	m->dev.ns += wall_ns() - m->dev.t0;
	if (CHECK_WANTS(m, CEV_GRID_END)) {
		struct check_event e = { .kind = CEV_GRID_END, .arg = gr->l.fidx };
		machine_publish(m, &e);
	}
	if (m->hooks & (1u << EV_KERNEL_END)) {
		struct machine_event e = { .kind = EV_KERNEL_END, .func = gr->l.fidx, .slot = -1 };
		machine_emit(m, &e);
	}
	grid_free(m, gr);
}

static int warp_can_run(struct warp *w)
{
	for (uint32_t j = 0; j < w->ng; j++)
		if (w->g[j].state == G_READY || w->g[j].state == G_PARK)
			return 1;
	return 0;
}

/* Block of slot s, of a grid without clusters, whose threads all exited
 * and whose copies in flight have landed, leaves; the next one takes its
 * slot (lazy: block_init's). In line in sched_quick, whose blocks are
 * such (a launch of empty blocks retires thousands). */
static WS_INLINE void block_leave(struct machine *m, struct grid *gr, int s, int lazy)
{
	struct block *b = gr->res[s];
	if (gr->wlazy)
		block_warps_give(m, gr, b);
	gr->res[s] = NULL;
	gr->done_blocks++;
	if (gr->next_block < gr->nblocks) {
		/* the next block is b again: block_alloc would take back first
		 * the spare b would have become */
		gr->res[s] = block_init(m, gr, b, s, lazy);
		return;
	}
	b->spare_next = gr->spare;
	gr->spare = b;
}

/* Finish a block whose threads all exited; the next one takes its slot
 * (lazy: block_new's). */
static void block_retire(struct machine *m, struct grid *gr, int s, int lazy)
{
	if (m->acp)
		acp_block_done(m, gr->res[s]); /* its copies in flight land before it goes */
	if (gr->csize > 1) {
		/* a cluster's blocks stay resident (their shared memory readable
		 * by the others) until every block of the cluster has finished;
		 * then they leave together and the next cluster comes in */
		int base = s / (int)gr->csize * (int)gr->csize;
		for (int k = base; k < base + (int)gr->csize && k < gr->nres; k++)
			if (gr->res[k] && gr->res[k]->nexited != gr->res[k]->nthreads) {
				cluster_recheck(m, gr->res[s]);
				return;
			}
		for (int k = base; k < base + (int)gr->csize && k < gr->nres; k++) {
			if (!gr->res[k])
				continue;
			gr->res[k]->spare_next = gr->spare;
			gr->spare = gr->res[k];
			gr->res[k] = NULL;
			gr->done_blocks++;
		}
		grid_admit(m, gr, 0);
		return;
	}
	block_leave(m, gr, s, lazy);
}

/* A stepping call other than machine_run: the group a stop interrupted
 * loses its turn, and the round robin moves past its warp as it would have. */
static void resume_drop(struct machine *m)
{
	struct grid *gr = m->dev.grid;
	if (!m->bp.resume.on)
		return;
	m->bp.resume.on = 0;
	uint64_t total = gr ? (uint64_t)gr->nres * gr->warps_per_block : 0;
	if (total && m->o.sched == SCHED_RR)
		gr->rr = (int)(((uint64_t)m->bp.resume.slot * gr->warps_per_block + (uint64_t)m->bp.resume.warp + 1) %
			       total);
}

/* the hooks under which the visit of a warp that only returns is not
 * sched_quick's: those interp_run_group tests before each instruction (the
 * others are events that such a visit never makes: no memory access,
 * barrier, divergence or launch) */
#define QUICK_HOOKS ((1u << EV_INSN) | (1u << EV_STMT) | MM_HOOK | STOP_HOOK)

/* what ends a batch of sched_quick's visits besides its step count: what
 * machine_run and step_any test after each visit */
static inline int quick_stop(const struct machine *m, const volatile sig_atomic_t *sig)
{
	return (m->hooks & QUICK_HOOKS) || m->bp.hit || m->dev.fail_err || m->status != MST_RUNNING ||
	       (sig && *sig);
}

/* The round robin's visits of warps that only return (an empty kernel's:
 * the whole cost of its launch), one after another in one call. Each is
 * the visit sched_device_step would make (the warp at gr->rr, its one
 * step, the round robin moved on, its block retired when its last warp
 * left), and the calls between them would have done nothing else:
 * machine_run set dev.batch_end at or below the first step count at which
 * it or step_any would stop or look, and the batch ends after any visit
 * that changed what they test (hooks, a stop, a failure, an interrupt).
 * The caller has checked that no hook or memory model watches and that the
 * schedule is the round robin. Returns the steps run; 0: the warp at rr is
 * not such a warp (the general visit runs it or skips it). */
/* Warp w of block b, admitted lazily and not started, runs its kernel's
 * one RET: what warp_start and interp_warp_quick_ret together leave,
 * without building the group and frame the RET takes down again. When the
 * warp's first free frame fits, the start would take it and the RET put it
 * back first, with the parameters in its registers (a free frame's other
 * fields are written again before it is used); else the warp starts and
 * returns the long way. Returns 1; 0 when the warp started but could not
 * return that way (its visit is the general path's). */
static int warp_lazy_ret(struct machine *m, struct grid *gr, struct block *b, struct warp *w,
			 const struct dfunc *df, uint32_t need, struct check_event *ev)
{
	/* a stash grid's warp touches no frame: no later activation reads
	 * a row before writing it (stash_ok) */
	if (!gr->stash) {
		struct frame *f = w->free_frames;
		if (!f || f->cap < need) {
			warp_start(m, gr, w);
			return interp_warp_quick_ret(m, w, df, ev); /* 0: started, not run */
		}
		uint64_t *r = f->r;
		for (uint32_t k = 0, np = gr->npar; k < np; k++, r += WS_WARP) {
			uint64_t v = gr->par[k].v; /* no aggregates (gr->lazy) */
			for (uint32_t l = 0; l < WS_WARP; l++)
				r[l] = v;
		}
	}
	uint32_t x = w->exists;
	warp_reset(w, 0, x, -1);
	m->steps++;
	m->dev.cycles++;
	m->dev.smclk[b->sm]++;
	b->nexited += x == WS_FULL ? WS_WARP : (uint32_t)__builtin_popcount(x);
	if (ev) {
		ev->w = w;
		ev->b = b;
		ev->mask = x;
		machine_publish(m, ev);
	}
	return 1;
}

/* Block b, admitted lazily and none of its warps started, runs whole: each
 * warp's one RET as warp_lazy_ret runs it (a step, a cycle of the block's
 * SM, its lanes exited), in one step of the accounting. sched_quick's
 * caller has checked that every warp of it runs before the batch ends and
 * that no checker hears a plain exit; nothing between two warps' visits
 * could change what quick_stop tests (no event, no frame: a stash grid),
 * but an interrupt, which no run can time. The warps are left as the lazy
 * admission left them (no groups), not reset: nothing reads a warp of a
 * retired block before warp_start or warp_lazy_ret resets it (block_new,
 * block_start, the general visit's and the chain's starts). */
static WS_INLINE void block_quick_whole(struct machine *m, struct grid *gr, struct block *b, uint32_t wpb)
{
	m->steps += wpb;
	m->dev.cycles += wpb;
	m->dev.smclk[b->sm] += wpb;
	b->nexited = b->nthreads;
	b->unstarted = 0;
	b->ng0 = 1;
	gr->nlazy--;
	m->dev.nqblock++;
}

/* The round robin's place (idx, the warp wi of resident slot s) moved on by
 * one warp past its block's last, or past the last resident warp (total),
 * to the first of the next block, or of slot 0: sched_quick and chain_find */
static WS_INLINE void rr_wrap(uint64_t *idx, int *s, uint32_t *wi, uint32_t wpb, uint64_t total)
{
	if (*wi == wpb) {
		*wi = 0;
		(*s)++;
	}
	if (*idx == total) {
		*idx = 0;
		*s = 0;
		*wi = 0;
	}
}

/* The round robin's visits of warps that only return (an empty kernel's:
 * the whole cost of its launch), one after another in one call. Each is
 * the visit sched_device_step would make (the warp at gr->rr, its one
 * step, the round robin moved on, its block retired when its last warp
 * left), and the calls between them would have done nothing else:
 * machine_run set dev.batch_end at or below the first step count at which
 * it or step_any would stop or look, and the batch ends after any visit
 * that changed what they test (hooks, a stop, a failure, an interrupt).
 * The caller has checked that no hook or memory model watches and that the
 * schedule is the round robin. Returns the steps run; 0: the warp at rr is
 * not such a warp (the general visit runs it or skips it).
 * In a gr->lazy grid the blocks admitted here start their warps only when
 * reached (warp_lazy_ret); those still unstarted are started before this
 * returns, so that nothing else ever sees a lazy block, but where the
 * general visit starts warps lazily too (gr->lazy_visit under
 * lazy_visits, whole blocks on): what looks at the machine from
 * machine_run's loop starts them itself (the interrupt's poll, the step
 * limit, a sample heard by a checker not built in, machine_run's end),
 * and the visits that follow run them, whole where none of a block has
 * started (the spin checker's sample every 2^18 steps started about a
 * thousand blocks of launches.cu's, each a round before its warps' one
 * step: 2.2 M instructions). */
static int sched_quick(struct machine *m, struct grid *gr)
{
	const struct dfunc *df = grid_df(m, gr);
	if (df->code[0].flags & DF_BREAK)
		return 0;
	uint32_t wpb = gr->warps_per_block;
	uint64_t total = (uint64_t)gr->nres * wpb, end = m->dev.batch_end;
	const volatile sig_atomic_t *sig = m->o.sigint;
	/* the exit event, the same but for the warp and lanes (checkers get it const) */
	struct check_event ev = { .kind = CEV_WARP_EXIT };
	struct check_event *evp = CHECK_WANTS_PLAIN_EXIT(m) ? &ev : NULL;
	/* the round robin's place, kept here and stored back at the end */
	uint64_t idx = gr->rr_idx;
	int s = gr->rr_s;
	uint32_t wi = gr->rr_wi;
	uint32_t need = ir_rows(gr->fn) ? ir_rows(gr->fn) : 1;
	int n = 0, lazy = gr->lazy;
	/* a block whose warps are all unstarted runs whole where its warps'
	 * visits would touch nothing but counts (block_quick_whole) */
	int whole = lazy && gr->stash && !evp && !m->o.no_qblock;
	if (idx != (uint64_t)gr->rr)
		return 0;
	while (idx < total) {
		struct block *b = gr->res[s];
		if (!b)
			break;
		int go = 1, failed = 0;
		if (whole && wi == 0 && b->unstarted == gr->wall && m->steps + wpb <= end) {
			block_quick_whole(m, gr, b, wpb);
			n += (int)wpb;
			idx += wpb;
			wi = wpb;
			/* quick_stop after the block's retirement below, which
			 * clears nothing it tests */
			go = m->steps < end;
		} else {
			if (WS_UNLIKELY(!b->w))
				block_warps(m, b); /* its first warp is reached (gr->wlazy) */
			struct warp *w = &b->w[wi];
			do { /* b's warps from wi on, a visit each, until b is done */
				if (b->unstarted >> wi & 1) {
					int ran = warp_lazy_ret(m, gr, b, w, df, need, evp);
					if (!(b->unstarted &= ~(1u << wi)))
						gr->nlazy--;
					if (!ran) {
						go = 0;
						break;
					}
				} else if (!interp_warp_quick_ret(m, w, df, evp)) {
					go = 0;
					break;
				}
				n++;
				idx++;
				wi++;
				w++;
				if (WS_UNLIKELY(m->dev.fail_err)) {
					failed = 1; /* a checker failed the grid: it ends (sched_device_step) */
					break;
				}
				go = m->steps < end && !quick_stop(m, sig);
			} while (go && wi < wpb && b->nexited != b->nthreads);
		}
		int bs = s;
		rr_wrap(&idx, &s, &wi, wpb, total);
		if (failed)
			break;
		if (b->nexited == b->nthreads) {
			/* no clusters (gr->quick) */
			if (WS_UNLIKELY(m->acp))
				block_retire(m, gr, bs, lazy);
			else
				block_leave(m, gr, bs, lazy);
			go = go && !quick_stop(m, sig);
		}
		if (!go)
			break;
	}
	gr->rr = (int)idx;
	gr->rr_idx = idx;
	gr->rr_s = s;
	gr->rr_wi = wi;
	if (!(whole && gr->lazy_visit && lazy_visits(m)))
		grid_start_lazy(m);
	return n;
}

/* sched_device_step's test for one more visit in the same call, after a
 * visit of grid gr that ran (and retired no block, failed nothing) */
static inline int chain_ok(const struct machine *m, const struct grid *gr)
{
	return !m->mm && !m->bp.resume.on && m->o.sched == SCHED_RR && !m->o.no_quick && chain_live(m, gr);
}

/* a visit stopped before an instruction (m->bp.mid_stop) with left of its
 * quantum q: the rest of it, then what follows, is for the next run */
static int visit_stopped(struct machine *m, int s, uint32_t wi, int gi, int left, uint32_t gen)
{
	if (!m->bp.mid_stop || left <= 0 || m->status != MST_RUNNING || m->dev.fail_err)
		return 0;
	m->bp.mid_stop = 0;
	m->bp.resume.on = 1;
	m->bp.resume.slot = s;
	m->bp.resume.warp = (int)wi;
	m->bp.resume.gi = gi;
	m->bp.resume.budget = left;
	m->bp.resume.gen = gen;
	return 1;
}

/* The scheduler's search for a visit (sched_device_step's, and the
 * chain's, chain_other), over n places of the round robin from place *idx
 * (slot *sp, warp *wip; the place past the last wraps to the first): each
 * warp reached is started, one that cannot run is passed, the first whose
 * group interp_warp_pick picks is the visit's. Returns that group and its
 * place in *sp, *wip, *idx; -1 when none of the n places has one. The
 * warps of a block that wait at its barrier whole (b->bar_whole) are
 * passed together, untested (reduce_smem's diverged warp 0 leaves the
 * other seven of its block waiting at each of its last rounds). */
static WS_INLINE int chain_find(struct machine *m, struct grid *gr, int *sp, uint32_t *wip, uint64_t *idxp, uint64_t n)
{
	uint32_t wpb = gr->warps_per_block;
	uint64_t total = (uint64_t)gr->nres * wpb, idx = *idxp;
	int s = *sp;
	uint32_t wi = *wip;
	for (uint64_t k = 0; k < n; k++, idx++, wi++) {
		rr_wrap(&idx, &s, &wi, wpb, total);
		struct block *b = gr->res[s];
		if (!b)
			continue;
		uint32_t bw = b->bar_whole >> wi;
		if (bw & 1) {
			/* this warp and those after it of the block that wait at
			 * the barrier whole (started: they arrived) */
			uint64_t nw = (uint64_t)__builtin_ctzll(~(uint64_t)bw);
			if (nw > n - k)
				nw = n - k;
			k += nw - 1;
			idx += nw - 1;
			wi += (uint32_t)nw - 1;
			continue;
		}
		if (WS_UNLIKELY(b->unstarted >> wi & 1)) {
			if (!b->w)
				block_warps(m, b); /* its first warp reached (gr->wlazy) */
			warp_start(m, gr, &b->w[wi]);
			if (!(b->unstarted &= ~(1u << wi)))
				gr->nlazy--;
		}
		struct warp *w = &b->w[wi];
		if (!warp_can_run(w))
			continue;
		int gi = interp_warp_pick(m, w);
		if (gi < 0)
			continue;
		*sp = s;
		*wip = wi;
		*idxp = idx;
		return gi;
	}
	return -1;
}

/* chain_find's answer where its search stops at its first place (slot s,
 * warp wi, the round robin's place idx, in range), found without the
 * search: a warp of two groups whose current one is ready, which
 * interp_warp_pick picks (under the SIMT stack, or the other group not
 * ready: no choice by turns), or the one ready group of split1's split
 * (pair_pick_cur); its block not at a barrier whole (no warp passed).
 * Else -1: the search decides. */
static inline int pair_pick(const struct machine *m, const struct grid *gr, int s, uint32_t wi, uint64_t idx)
{
	const struct block *b = gr->res[s];
	if (!b || idx >= (uint64_t)gr->nres * gr->warps_per_block || wi >= gr->warps_per_block ||
	    (b->bar_whole >> wi & 1) || (b->unstarted >> wi & 1))
		return -1;
	return (int)pair_pick_cur(m, &b->w[wi]);
}

/* pair_pick one place on, where the warp at the round robin's place (slot
 * s, warp wi, place idx, in range) waits at its block's barrier whole with
 * every warp after it up to the next place: chain_find's first step passes
 * them together (b->bar_whole), then stops at that place first when
 * pair_pick's case holds there (reduce_smem's warp 0 split at `t < k` in
 * its last rounds, reached after the previous block's seven waiting
 * warps). Returns the group and the place in *sp, *wip, *idxp; else -1
 * (the search decides). */
static inline int pair_pick_past(const struct machine *m, const struct grid *gr, int *sp, uint32_t *wip,
				 uint64_t *idxp)
{
	uint32_t wpb = gr->warps_per_block, wi = *wip;
	uint64_t total = (uint64_t)gr->nres * wpb, idx = *idxp;
	int s = *sp;
	const struct block *b = gr->res[s];
	if (!b || idx >= total || wi >= wpb || !(b->bar_whole >> wi & 1))
		return -1;
	uint32_t nw = (uint32_t)__builtin_ctzll(~(uint64_t)(b->bar_whole >> wi));
	if (nw >= total)
		return -1; /* the search ends there */
	idx += nw;
	wi += nw;
	rr_wrap(&idx, &s, &wi, wpb, total);
	int gi = pair_pick(m, gr, s, wi, idx);
	if (gi >= 0) {
		*sp = s;
		*wip = wi;
		*idxp = idx;
	}
	return gi;
}

/* sched_chain's answers besides its own (1: sched_device_step returns, 0:
 * its loop makes the next visit): the chain goes on */
#define CHAIN_ON 2

/* The visit of group gi of warp wi of slot s (the round robin's place
 * idx) for up to q instructions (gen: its block's barrier generation when
 * it began), and what follows it: the settle, the round robin's next place,
 * the block's retirement (not after a failure: the caller ends the grid).
 * *ranp: its instructions, at least 1. Returns 1 when a stop ended it
 * (visit_stopped: the caller returns at once), else 0. */
static WS_INLINE int visit_make(struct machine *m, struct grid *gr, int s, uint32_t wi, int gi, int q, uint32_t gen,
		      uint64_t idx, int lazyv, int *ranp)
{
	struct block *b = gr->res[s];
	struct warp *w = &b->w[wi];
	m->bp.mid_stop = 0;
	int ran = interp_run_visit(m, w, gi, q); /* settled below */
	if (WS_UNLIKELY(m->bp.mid_stop) && visit_stopped(m, s, wi, gi, q - ran, gen)) {
		*ranp = ran ? ran : 1;
		return 1;
	}
	*ranp = ran ? ran : 1;
	if (w->ng > 1)
		interp_warp_settle(m, w);
	if (WS_UNLIKELY(m->acp != NULL) && m->o.sched == SCHED_RANDOM && acp_inflight(m))
		acp_tick(m); /* copies in flight land at random points */
	if (m->o.sched == SCHED_RR)
		rr_advance(gr, b, gen, s, wi, idx, (uint64_t)gr->nres * gr->warps_per_block);
	if (!m->dev.fail_err && b->nexited == b->nthreads)
		block_retire(m, gr, s, lazyv && lazy_visits(m));
	return 0;
}

/* c's next visit: group gi of warp wi of block b (slot s), nothing run yet */
static inline void chain_visit(struct chain *c, struct block *b, int s, uint32_t wi, uint32_t gi)
{
	c->b = b;
	c->w = &b->w[wi];
	c->s = s;
	c->wi = wi;
	c->gen = b->bar_gen;
	c->ran = 0;
	c->loop = 0;
	c->settled = 0;
	c->gi = gi;
}

/* chain_other's visit of group gi of warp wi of slot s, the round robin's
 * place (pair_pick's: a split warp's current group), as visit_make makes
 * it, but as a chain's (struct chain, interp_run_chain), from which the
 * fast path may go on to the block's next warps (interp.c pair_hop:
 * reduce_shfl's and histogram's lanes after their split, a block at a
 * time); then what visit_make does after the visit under way (c.w, c.gi
 * ...) where the fast path did not (c.loop). Not under its (chain_other's
 * quantum). Returns as chain_other. */
static WS_NOINLINE int chain_pair(struct machine *m, struct grid *gr, int s, uint32_t wi, int gi, int budget,
				  int *chained, int lazyv)
{
	struct block *b = gr->res[s];
	struct chain c;
	c.gr = gr;
	c.budget = budget;
	c.lazyv = lazyv;
	chain_visit(&c, b, s, wi, (uint32_t)gi);
	m->bp.mid_stop = 0;
	int ran = interp_run_chain(m, &c);
	*chained += c.ran;
	if (c.loop)
		return CHAIN_ON; /* sched_hop ended the last visit and started the next warp */
	struct warp *w = c.w;
	b = c.b;
	if (WS_UNLIKELY(m->bp.mid_stop) && visit_stopped(m, c.s, c.wi, (int)c.gi, budget - ran, c.gen)) {
		*chained += ran ? ran : 1;
		return 1;
	}
	*chained += ran ? ran : 1;
	if (w->ng > 1 && !c.settled)
		interp_warp_settle(m, w);
	rr_advance(gr, b, c.gen, c.s, c.wi, gr->rr_idx, (uint64_t)gr->nres * gr->warps_per_block);
	if (!m->dev.fail_err && b->nexited == b->nthreads)
		block_retire(m, gr, c.s, lazyv && lazy_visits(m));
	if (m->dev.fail_err) {
		grid_end(m);
		return 1;
	}
	return chain_ok(m, gr) ? CHAIN_ON : 1;
}

/* The chain's visit where the warp at the round robin's place (started)
 * is not of the common case: waiting at a barrier, exited, or diverged
 * (reduce_smem's warp 0 in its last rounds): the visit sched_device_step's
 * loop would make (chain_find, then visit_make), under the same chain_ok
 * (chained: as sched_chain's). Returns 0 when no warp can run (the loop
 * reports it), 1 when sched_device_step returns, CHAIN_ON when the chain
 * goes on. */
static WS_NOINLINE int chain_other(struct machine *m, struct grid *gr, int budget, int *chained, int lazyv)
{
	int s = gr->rr_s;
	uint32_t wi = gr->rr_wi;
	uint64_t idx = gr->rr_idx;
	/* the warp at the place split in two at its last visit (an `if`
	 * without `else` of some lanes: reduce_shfl's lane 0 and its atomic,
	 * histogram's bins): the search would stop at this place, first,
	 * with interp_warp_pick's answer, the current group */
	int gi = pair_pick(m, gr, s, wi, idx), pair = gi >= 0;
	if (gi >= 0) {
		m->dev.npair++;
	} else if ((gi = pair_pick_past(m, gr, &s, &wi, &idx)) >= 0) {
		m->dev.npast++;
		if (!m->o.no_hop && !m->o.no_pair_hop && !m->o.no_past_hop && m->o.simt != SIMT_ITS) {
			/* as pair_pick's visit, a chain's (reduce_smem's warp 0
			 * in its last rounds, whose settle may go on to the next
			 * block's: pair_hop), with the round robin's place moved
			 * to it first, which the chain's visits take as theirs
			 * (rr_advance after it sets all four fields from its
			 * arguments; a stop in it resumes from its own place, or
			 * resume_drop sets rr, where rr_idx is only a shortcut
			 * kept consistent with rr_s and rr_wi; nothing reads them
			 * during a visit) */
			gr->rr = (int)idx;
			gr->rr_idx = idx;
			gr->rr_s = s;
			gr->rr_wi = wi;
			return chain_pair(m, gr, s, wi, gi, budget, chained, lazyv);
		}
	} else
		gi = chain_find(m, gr, &s, &wi, &idx, (uint64_t)gr->nres * gr->warps_per_block);
	if (gi < 0)
		return 0;
	struct block *b = gr->res[s];
	int q = budget, ran;
	if (m->o.simt == SIMT_ITS && b->w[wi].ng > 1 && q > 4)
		q = 4; /* its: diverged paths of a warp take turns */
	else if (pair && !m->o.no_hop && !m->o.no_pair_hop && m->o.simt != SIMT_ITS)
		return chain_pair(m, gr, s, wi, gi, budget, chained, lazyv);
	int stopped = visit_make(m, gr, s, wi, gi, q, b->bar_gen, idx, lazyv, &ran);
	*chained += ran;
	if (stopped)
		return 1;
	if (m->dev.fail_err) {
		grid_end(m);
		return 1;
	}
	return chain_ok(m, gr) ? CHAIN_ON : 1;
}

/* The visits of a chain (sched_device_step, after one of its own visits
 * for which chain_ok held) in the common case: the warp at the round
 * robin's place has (once started) one ready group. Each is the visit
 * sched_device_step's loop would make first (chain_ok: no stop to resume,
 * no memory model, no hook, the round robin; the grid has no sched_quick),
 * without its set-up and search; a warp not started yet starts there, as
 * the loop would start it. The fast path may go on from a visit that ends
 * at a barrier to the next of the same block itself (sched_hop; not under
 * m->o.no_hop). Adds the instructions run to *chained.
 * Returns 1 when sched_device_step returns now, 0 when the next visit is
 * not of the common case (it makes that one itself). */
static int sched_chain(struct machine *m, struct grid *gr, int budget, int *chained)
{
	struct chain c;
	c.gr = gr;
	c.budget = budget;
	c.settled = 0;
	c.lazyv = gr->lazy_visit && m->dev.in_run; /* sched_device_step's, under chain_ok */
	int hop = !m->o.no_hop;
	/* sched_device_step's chain_ok holds; a writer that zeroes it later
	 * in the chain sends the hops to sched_hop, which arms it again where
	 * chain_live holds */
	m->dev.chain_end = m->dev.batch_end;
	for (;;) {
		int s = gr->rr_s;
		uint32_t wi = gr->rr_wi;
		struct block *b = gr->res[s];
		if (!b || (gr->nlazy && !c.lazyv))
			return 0;
		if (WS_UNLIKELY(b->unstarted >> wi & 1)) {
			/* reached for the first time: started as the loop starts it */
			if (!b->w)
				block_warps(m, b); /* the block's first (gr->wlazy) */
			warp_start(m, gr, &b->w[wi]);
			if (!(b->unstarted &= ~(1u << wi)))
				gr->nlazy--;
		}
		struct warp *w = &b->w[wi];
		if (w->ng != 1 || w->g[0].state != G_READY) {
			int r = chain_other(m, gr, budget, chained, c.lazyv);
			if (r != CHAIN_ON)
				return r;
			continue;
		}
		w->cur = 0; /* interp_warp_pick's choice */
		uint32_t gen = b->bar_gen;
		m->bp.mid_stop = 0;
		int ran;
		if (hop) {
			chain_visit(&c, b, s, wi, 0);
			ran = interp_run_chain(m, &c);
			*chained += c.ran;
			if (c.loop)
				continue; /* sched_hop ended the last visit and started the next warp */
			b = c.b;
			w = c.w;
			s = c.s;
			wi = c.wi;
			gen = c.gen;
		} else {
			ran = interp_run_visit(m, w, 0, budget);
		}
		if (WS_UNLIKELY(m->bp.mid_stop) && visit_stopped(m, s, wi, 0, budget - ran, gen)) {
			*chained += ran ? ran : 1;
			return 1;
		}
		if (!ran)
			ran = 1;
		*chained += ran;
		if (w->ng > 1 && !c.settled)
			interp_warp_settle(m, w);
		rr_advance(gr, b, gen, s, wi, gr->rr_idx, (uint64_t)gr->nres * gr->warps_per_block);
		if (m->dev.fail_err) {
			grid_end(m);
			return 1;
		}
		if (b->nexited == b->nthreads)
			block_retire(m, gr, s, c.lazyv && lazy_visits(m));
		if (!chain_ok(m, gr))
			return 1;
	}
}

int sched_hop_start(struct machine *m, struct chain *c, int k, uint32_t nwi)
{
	struct grid *gr = c->gr;
	struct block *b = c->b;
	struct warp *nw = &b->w[nwi];
	/* the visit ends as sched_chain ends it */
	c->ran += k;
	rr_advance(gr, b, c->gen, c->s, c->wi, gr->rr_idx, (uint64_t)gr->nres * gr->warps_per_block);
	/* sched_chain's next visit starts the warp */
	warp_start(m, gr, nw);
	if (!(b->unstarted &= ~(1u << nwi)))
		gr->nlazy--;
	if (!hop_ready(nw) || m->dev.fail_err) {
		c->loop = 1;
		return HOP_LOOP;
	}
	return hop_begin(m, c, nw, nwi);
}

/* One scheduling decision on the device: pick a warp (rr or random), run
 * one of its groups for up to budget instructions. Returns instructions run
 * (several visits' under machine_run when the warps only return: sched_quick).
 * Under machine_run the round robin's next visits follow in this call
 * (again:) while nothing that machine_run and step_any do between two calls
 * would act (chain_ok: their step counts, dev.batch_end; a stop, a failure,
 * the end of the grid) and nothing observes the machine (no hook, no memory
 * model, no random schedule): each is the visit the next call would make,
 * with the same steps and clocks, without the trip through machine_run's
 * loop and step_any (a block of reduce_smem visits each of its 8 warps 10
 * times). */
int sched_device_step(struct machine *m, int budget)
{
	struct grid *gr = m->dev.grid;
	int chained = 0; /* the instructions of the visits this call made before (chain_ok) */
	int chain_visit = 0; /* the last of them was the loop's below (not sched_quick's) */
	if (!gr)
		return 0;
again:
	if (chain_visit && !gr->quick && sched_chain(m, gr, budget, &chained))
		return chained;
	if (gr->quick && m->dev.batch_end > m->steps && !(m->hooks & QUICK_HOOKS) && !m->mm && !m->bp.resume.on &&
	    m->o.sched == SCHED_RR) {
		int n = sched_quick(m, gr);
		if (n) {
			if (m->dev.fail_err)
				grid_end(m);
			else if (chain_ok(m, gr)) {
				chained += n;
				goto again;
			}
			return chained + n;
		}
	}
	/* the general visit sees every warp started, but where the round
	 * robin starts each as it reaches it (gr->lazy_visit) */
	int lazyv = gr->lazy_visit && lazy_visits(m) && !m->bp.resume.on;
	if (WS_UNLIKELY(gr->nlazy) && !lazyv)
		grid_start_lazy(m);
	uint32_t wpb = gr->warps_per_block;
	uint64_t total = (uint64_t)gr->nres * wpb;
	uint64_t start;
	int mmg = -1;
	int resume = m->bp.resume.on;
	m->bp.resume.on = 0;
	if (WS_UNLIKELY(resume)) {
		/* the group a stop interrupted goes on first, with the rest of
		 * its quantum, as if it had not stopped */
		struct block *rb = m->bp.resume.slot < gr->nres ? gr->res[m->bp.resume.slot] : NULL;
		struct warp *rw = rb && (uint32_t)m->bp.resume.warp < rb->nwarps ? &rb->w[m->bp.resume.warp] : NULL;
		resume = rw && (uint32_t)m->bp.resume.gi < rw->ng && rw->g[m->bp.resume.gi].state == G_READY;
	}
	if (WS_UNLIKELY(resume)) {
		start = (uint64_t)m->bp.resume.slot * wpb + (uint64_t)m->bp.resume.warp;
	} else if (WS_UNLIKELY(m->mm) && mm_sched_active(m)) {
		/* one instruction, of the group the model's scheduler picks */
		int64_t p = mm_sched_pick(m, &mmg);
		if (m->status != MST_RUNNING)
			return chained;
		if (p >= (int64_t)total) {
			/* a host thread's instruction, beside the grid */
			struct warp *hw = m->ht.all.len ? m->ht.all.v[p - (int64_t)total] : m->ht.cur;
			m->ht.cur = hw;
			int ran = interp_run_group(m, hw, 0, 1);
			return chained + (ran ? ran : 1);
		}
		start = p < 0 ? 0 : (uint64_t)p;
		budget = 1;
	} else if (m->o.sched == SCHED_RANDOM) {
		start = machine_rand(m) % (total ? total : 1);
	} else {
		start = (uint64_t)gr->rr < total ? (uint64_t)gr->rr : (uint64_t)gr->rr % (total ? total : 1);
	}
	int ran = 0;
	/* warp idx = s * wpb + wi, counted on from start (< total) without
	 * dividing (a 64-bit division costs a good part of the visit of a warp
	 * that only returns): the round robin's next warp is remembered */
	uint64_t idx = start;
	int s;
	uint32_t wi;
	if (start == gr->rr_idx) {
		s = gr->rr_s;
		wi = gr->rr_wi;
	} else {
		s = total ? (int)(start / wpb) : 0;
		wi = total ? (uint32_t)(start % wpb) : 0;
	}
	int gi = -1, q = budget;
	uint32_t gen = 0;
	if (total) {
		/* the place start first: a stop's group resumes there (ready,
		 * so its warp can run), the memory model's pick runs there */
		struct block *b = gr->res[s];
		if (b && WS_UNLIKELY(b->unstarted >> wi & 1)) {
			if (!b->w)
				block_warps(m, b); /* its first warp reached (gr->wlazy) */
			warp_start(m, gr, &b->w[wi]);
			if (!(b->unstarted &= ~(1u << wi)))
				gr->nlazy--;
		}
		struct warp *w = b ? &b->w[wi] : NULL;
		if (w && warp_can_run(w))
			gi = resume ? m->bp.resume.gi : mmg >= 0 ? mmg : interp_warp_pick(m, w);
		if (gi < 0) {
			/* the round robin's search from the next place */
			wi++;
			idx++;
			gi = chain_find(m, gr, &s, &wi, &idx, total - 1);
		}
		if (gi >= 0) {
			b = gr->res[s];
			w = &b->w[wi];
			gen = b->bar_gen;
			if (WS_UNLIKELY(resume)) {
				q = m->bp.resume.budget;
				gen = m->bp.resume.gen;
			} else if (m->o.sched == SCHED_RANDOM && budget > 1) {
				q = 1 + (int)(machine_rand(m) % 16);
			} else if (m->o.simt == SIMT_ITS && w->ng > 1 && q > 4) {
				q = 4; /* its: diverged paths of a warp take turns */
			}
		}
	}
	if (gi >= 0) {
		if (visit_make(m, gr, s, wi, gi, q, gen, idx, lazyv, &ran))
			return chained + ran;
		if (!m->dev.fail_err && chain_ok(m, gr)) {
			/* the next visit, as a next call would make it */
			chained += ran;
			chain_visit = 1;
			goto again;
		}
	}
	if (m->dev.fail_err) {
		grid_end(m);
		return chained + ran;
	}
	if (!ran) {
		grid_start_lazy(m);
		int live = 0;
		for (int k = 0; k < gr->nres; k++)
			if (gr->res[k])
				live = 1;
		if (!live && gr->next_block >= gr->nblocks) {
			grid_end(m);
			return chained;
		}
		report_deadlock(m, gr);
		machine_fail_kernel(m, 702);
		grid_end(m);
	}
	return chained + ran;
}

/* ---- stepping */

static int host_step(struct machine *m, int budget)
{
	if (m->ht.all.len > 1) {
		/* several host threads: the scheduler's pick runs for the rest of its turn */
		if (!hthread_pick(m))
			return 0;
		if ((uint32_t)budget > m->ht.quant)
			budget = (int)m->ht.quant;
	}
	if (WS_UNLIKELY(m->mm) && mm_sched_active(m))
		budget = 1; /* a launch starts the grid before the next instruction (step_any) */
	struct warp *w = m->ht.cur;
	struct group *g = &w->g[0];
	if (g->state == G_HOSTWAIT) {
		if (runtime_next_launch(m))
			return 1;
		g->state = G_READY;
	}
	int n = interp_run_group(m, w, 0, budget);
	if (m->ht.all.len > 1)
		m->ht.quant = m->ht.quant > (uint32_t)n ? m->ht.quant - (uint32_t)n : 0;
	return n;
}

/* Where the program is when the step limit stops it: the first warp of a
 * running grid with a group in a function (that is where an endless
 * kernel loop spins), else the host thread's instruction. NULL: nowhere
 * known (main's definition is used). */
static struct group *limit_place(struct machine *m, struct warp **wp)
{
	struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			struct warp *w = &b->w[i];
			for (uint32_t j = 0; w->live && j < w->ng; j++) {
				if (w->g[j].fr && w->g[j].mask) {
					*wp = w;
					return &w->g[j];
				}
			}
		}
	}
	if (m->ht.cur && m->ht.cur->ng && m->ht.cur->g[0].fr) {
		*wp = m->ht.cur;
		return &m->ht.cur->g[0];
	}
	return NULL;
}

/* where the groups of warp w are: " at line L" (one per group), into sb */
static void where_warp(struct strbuf *sb, const struct warp *w)
{
	for (uint32_t j = 0; j < w->ng; j++) {
		const struct group *g = &w->g[j];
		strbuf_addf(sb, "%s lanes 0x%08x at line %u", j ? "," : "", g->mask,
			    g->fr->code[g->pc].span.line);
	}
}

/* the "interrupted" finding: the host thread and every resident warp (the first 64) */
static void interrupt_report(struct machine *m)
{
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_addf(&sb, "interrupted after %llu instructions: ", (unsigned long long)m->steps);
	if (m->ht.cur && m->ht.cur->ng) {
		strbuf_adds(&sb, "the host thread");
		where_warp(&sb, m->ht.cur);
	} else {
		strbuf_adds(&sb, "the host thread has ended");
	}
	struct grid *gr = m->dev.grid;
	uint64_t listed = 0, more = 0;
	for (int s = 0; gr && s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			struct warp *w = &b->w[i];
			if (!w->live || !w->ng)
				continue;
			if (listed == 64) {
				more++;
				continue;
			}
			strbuf_addf(&sb, "; %s%sblock (%u,%u,%u) warp %u", listed ? "" : gr->fn->name,
				    listed ? "" : " ", b->idx[0], b->idx[1], b->idx[2], w->id);
			where_warp(&sb, w);
			listed++;
		}
	}
	if (more)
		strbuf_addf(&sb, "; and %llu more warps", (unsigned long long)more);
	if (gr && gr->nblocks > gr->next_block)
		strbuf_addf(&sb, "; %llu blocks not started yet",
			    (unsigned long long)(gr->nblocks - gr->next_block));
	struct warp *w = m->ht.cur && m->ht.cur->ng ? m->ht.cur : NULL;
	struct span at = w ? w->g[0].fr->code[w->g[0].pc].span : m->mod->funcs[m->mod->main_func].span;
	machine_finding_add(m, FK_INTERRUPTED, w, w ? w->g[0].mask : 0, at, 0, "%s", strbuf_cstr(&sb));
	strbuf_release(&sb);
}

static void check_limit(struct machine *m)
{
	if (m->dev.pend_any)
		interp_pend_flush(m); /* what the finding's place and a report read */
	if (WS_UNLIKELY(m->o.sigint && *m->o.sigint) && m->status == MST_RUNNING) {
		interrupt_report(m);
		if (m->dev.grid) {
			machine_fail_kernel(m, 702);
			grid_end(m);
		}
		machine_exit(m, 130);
		return;
	}
	if (m->o.max_steps && m->steps > m->o.max_steps && m->status == MST_RUNNING) {
		struct warp *w = NULL;
		struct group *g = limit_place(m, &w);
		struct span sp = g ? g->fr->code[g->pc].span : m->mod->funcs[m->mod->main_func].span;
		machine_finding_add(m, FK_STEP_LIMIT, w, g ? g->mask : 0, sp, 0,
				    "the program ran more than %llu instructions and was stopped%s",
				    (unsigned long long)m->o.max_steps,
				    w && !w->host ? "; the kernel's threads were here" : "");
		if (m->dev.grid) {
			machine_fail_kernel(m, 702);
			grid_end(m);
		}
		machine_exit(m, 124);
	}
}

/* One scheduling decision: the device if a grid runs, else the host
 * thread, else (no host program) the next queued launch. */
static void step_any(struct machine *m, int dev_budget, int host_budget)
{
	/* exploring (or replaying a witness): a launch starts at once and the
	 * host code after it runs beside the grid */
	if (!m->dev.grid && m->dev.qhead < m->dev.queue.len && WS_UNLIKELY(m->mm) && mm_sched_active(m))
		runtime_next_launch(m);
	if (m->dev.grid)
		sched_device_step(m, dev_budget);
	else if (m->ht.cur)
		host_step(m, host_budget);
	else if (!runtime_next_launch(m)) {
		m->status = MST_IDLE;
		m->dev.chain_end = 0;
	}
	/* check_limit's two tests first, here: this runs at every scheduling decision */
	if (WS_UNLIKELY((m->o.sigint && *m->o.sigint) || (m->o.max_steps && m->steps > m->o.max_steps))) {
		grid_start_lazy(m);
		check_limit(m);
	}
	if (WS_UNLIKELY(m->dev.grid && m->steps >= m->chk.sample_next) && CHECK_WANTS(m, CEV_SAMPLE)) {
		/* the built-in checkers read resident warps through
		 * check_warp_get, which starts them first: the spin checker
		 * only when a sample saw no progress, so that a sample of a
		 * progressing grid leaves the warps to start when the round
		 * robin reaches them (a warp started here ran a round later,
		 * its frame out of the caches by then) */
		if (!listeners_builtin(m, CEV_SAMPLE))
			grid_start_lazy(m);
		machine_publish_sample(m);
		if (m->chk.end_grid)
			grid_end(m);
	}
}

enum machine_status machine_step(struct machine *m)
{
	if (m->status != MST_RUNNING)
		return m->status;
	resume_drop(m);
	m->bp.hit = 0;
	m->hooks &= ~STOP_HOOK;
	step_any(m, 1, 1);
	return m->status;
}

int machine_poll(struct machine *m)
{
	uint64_t n = m->steps - m->polled;
	m->polled = m->steps;
	return m->o.interrupt ? m->o.interrupt(m->o.interrupt_ctx, n) : 0;
}

uint64_t machine_memory(const struct machine *m)
{
	return m->mem.host_bytes + m->mem.dev_bytes;
}

void machine_set_max_memory(struct machine *m, uint64_t bytes)
{
	m->o.max_memory = bytes;
	m->mem.limit = bytes;
}

/* The first step count at which machine_run's loop (max_steps from
 * start, the interrupt poll) or step_any (the step limit, CEV_SAMPLE)
 * would act: sched_quick's and sched_device_step's visits stop there
 * (dev.batch_end). */
static uint64_t run_batch_end(const struct machine *m, uint64_t start, uint64_t max_steps)
{
	uint64_t end = max_steps ? start + max_steps : UINT64_MAX;
	if (m->o.interrupt && m->polled + 4096 < end)
		end = m->polled + 4096;
	if (m->o.max_steps && m->o.max_steps < end)
		end = m->o.max_steps + 1; /* check_limit: once steps pass it */
	if (CHECK_WANTS(m, CEV_SAMPLE) && m->chk.sample_next < end)
		end = m->chk.sample_next;
	return end;
}

enum machine_status machine_run(struct machine *m, uint64_t max_steps)
{
	uint64_t start = m->steps;
	m->bp.hit = 0;
	m->hooks &= ~STOP_HOOK;
	m->dev.in_run = 1;
	interp_split1_arm(m);
	while (m->status == MST_RUNNING && !m->bp.hit && !(m->hooks & STOP_HOOK)) {
		if (max_steps && m->steps - start >= max_steps)
			break;
		if (WS_UNLIKELY(m->o.interrupt && m->steps - m->polled >= 4096)) {
			grid_start_lazy(m);
			if (m->dev.pend_any)
				interp_pend_flush(m); /* what the poll's caller may read */
			if (machine_poll(m))
				break;
		}
		m->dev.batch_end = m->dev.grid ? run_batch_end(m, start, max_steps) : 0;
		step_any(m, QUANTUM_RR, 4096);
	}
	m->dev.batch_end = 0;
	m->dev.in_run = 0;
	m->dev.split1_on = 0;
	if (m->dev.pend_any)
		interp_pend_flush(m);
	grid_start_lazy(m);
	return m->status;
}

int machine_find_function(const struct machine *m, const char *name)
{
	for (uint32_t i = 0; i < m->mod->nfuncs; i++) {
		const struct ir_func *f = &m->mod->funcs[i];
		if ((f->name && !strcmp(f->name, name)) || (f->mangled && !strcmp(f->mangled, name)))
			return (int)i;
	}
	return -1;
}

int machine_alloc(struct machine *m, uint64_t bytes, uint64_t *addr)
{
	if (!ws_range_in(0, 8ull << 30, m->mem.dev_bytes, bytes))
		return 2;
	/* the caller's size: no memory is an error code, not an abort */
	struct alloc *a = machine_mem_alloc(m, TAG_GLOBAL, bytes, 256, AK_DEV_MALLOC);
	if (!a)
		return 2;
	*addr = a->base;
	return 0;
}

int machine_write(struct machine *m, uint64_t addr, const void *src, size_t n)
{
	if (ADDR_TAG(addr) == TAG_HSTACK)
		return m->ht.cur ? machine_host_write(m, addr, src, n) : -1;
	struct alloc *a = mem_find(&m->mem, addr);
	if (!a || a->freed || !ws_range_in(a->base, a->size, addr, n))
		return -1;
	memcpy(a->data + (addr - a->base), src, n);
	return 0;
}

int machine_cuda_error(const struct machine *m)
{
	return m->rt.sticky_err ? m->rt.sticky_err : m->rt.last_err;
}

int machine_launch(struct machine *m, int func, const uint32_t grid[3], const uint32_t block[3],
		   uint64_t shmem, const uint64_t *args, int nargs)
{
	if (func < 0 || (uint32_t)func >= m->mod->nfuncs || !(m->mod->funcs[func].kind & FN_KERNEL))
		return 98;
	if (m->rt.sticky_err)
		return m->rt.sticky_err;
	int e = runtime_queue_launch(m, func, grid, block, shmem, args, nargs);
	if (e)
		return e;
	if (m->status != MST_FINISHED)
		m->status = MST_RUNNING;
	return 0;
}

/* Mark the statement starts (DF_STMT) of every breakpoint line. */
void machine_apply_breaks(struct machine *m, struct dfunc *df)
{
	const struct ir_func *fn = df->fn;
	hostvm_forget(df); /* its code has the old breakpoints */
	for (uint32_t i = 0; i < df->ncode; i++) {
		struct ir_insn *in = &df->code[i];
		int32_t st = fn->code[df->orig[i]].stmt;
		in->flags &= (uint16_t)~DF_BREAK;
		if (!(in->flags & DF_STMT))
			continue;
		struct span sp = fn->stmts[st].span;
		for (size_t k = 0; k < m->bp.v.len; k++)
			if (m->bp.v.v[k].file == sp.file && m->bp.v.v[k].line == sp.line)
				in->flags |= DF_BREAK;
	}
	interp_fast_refresh(df); /* the fast path's FETCH tests only the class */
}

int machine_break_line(struct machine *m, uint32_t file, uint32_t line, int on)
{
	size_t k;
	for (k = 0; k < m->bp.v.len; k++)
		if (m->bp.v.v[k].file == file && m->bp.v.v[k].line == line)
			break;
	if (on && k == m->bp.v.len) {
		struct bp b = { file, line };
		vec_push(&m->bp.v, b);
	} else if (!on && k < m->bp.v.len) {
		m->bp.v.v[k] = m->bp.v.v[--m->bp.v.len];
	}
	int count = 0;
	for (uint32_t f = 0; f < m->mod->nfuncs; f++) {
		if (!m->df[f])
			continue;
		machine_apply_breaks(m, m->df[f]);
		for (uint32_t i = 0; i < m->df[f]->ncode; i++)
			count += (m->df[f]->code[i].flags & DF_BREAK) != 0;
	}
	return count;
}

void machine_request_stop(struct machine *m)
{
	m->hooks |= STOP_HOOK;
	m->dev.chain_end = 0;
}

/* A warp keeps its pass mark only while the group it names stands there. */
static void break_settle_warp(struct warp *w)
{
	int keep = 0;
	for (uint32_t j = 0; j < w->ng && w->bp_pass; j++)
		keep |= w->g[j].pc + 1 == w->bp_pass && w->g[j].mask == w->bp_pass_mask &&
			w->g[j].fr == w->bp_pass_fr;
	if (!keep)
		w->bp_pass = 0;
}

void machine_break_settle(struct machine *m)
{
	struct grid *gr = m->dev.grid;
	if (m->ht.cur)
		break_settle_warp(m->ht.cur);
	for (int s = 0; gr && s < gr->nres; s++)
		for (uint32_t i = 0; gr->res[s] && i < gr->res[s]->nwarps; i++)
			break_settle_warp(&gr->res[s]->w[i]);
}

int machine_break_hit(const struct machine *m, struct machine_break_info *bi)
{
	if (m->bp.hit && bi)
		*bi = m->bp.last;
	return m->bp.hit;
}

struct span machine_span(const struct machine *m, int func, uint32_t pc)
{
	struct span none = {0};
	if (func < 0 || (uint32_t)func >= m->mod->nfuncs || pc >= m->mod->funcs[func].ncode)
		return none;
	return m->mod->funcs[func].code[pc].span;
}

int machine_run_main(struct machine *m, int argc, char **argv)
{
	if (machine_start(m, argc, argv) < 0) {
		fprintf(m->io.err, "warpstep: the program has no main function\n");
		return 1;
	}
	machine_run(m, 0);
	return m->exit_status;
}

int machine_exit_status(const struct machine *m)
{
	return m->exit_status;
}

uint64_t machine_warps_made(const struct machine *m)
{
	return m->dev.nwarps;
}

void machine_frames_made(const struct machine *m, uint64_t *own, uint64_t *stashed)
{
	*own = m->dev.nframes;
	*stashed = m->dev.nstashed;
}

uint64_t machine_steps(const struct machine *m)
{
	return m->steps;
}

uint64_t machine_general_steps(const struct machine *m)
{
	return m->gen_steps;
}

uint64_t machine_hostvm_steps(const struct machine *m)
{
	return m->hv_steps;
}


static struct warp *warp_at(const struct machine *m, int slot, int warp)
{
	if (slot < 0)
		return warp == 0 ? m->ht.cur : NULL;
	struct grid *gr = m->dev.grid;
	if (!gr || slot >= gr->nres || !gr->res[slot] || warp < 0 ||
	    (uint32_t)warp >= gr->res[slot]->nwarps)
		return NULL;
	return &gr->res[slot]->w[warp];
}

int machine_step_warp(struct machine *m, int slot, int warp)
{
	struct warp *w = warp_at(m, slot, warp);
	if (!w || m->status != MST_RUNNING)
		return -1;
	m->hooks &= ~STOP_HOOK;
	m->bp.hit = 0;
	resume_drop(m);
	if (w->host) {
		if (m->dev.grid)
			return -1;
		host_step(m, 1);
		return 0;
	}
	int gi = interp_warp_pick(m, w);
	if (gi < 0)
		return machine_step(m) == MST_RUNNING ? 0 : -1;
	struct block *b = w->blk;
	interp_run_group(m, w, gi, 1);
	if (w->ng > 1)
		interp_warp_settle(m, w);
	if (m->dev.fail_err)
		grid_end(m);
	else if (b->nexited == b->nthreads)
		block_retire(m, m->dev.grid, slot, 0);
	check_limit(m);
	return 0;
}

int machine_choices(struct machine *m, struct machine_choice *out, int max)
{
	int n = 0;
	if (m->status != MST_RUNNING)
		return 0;
	struct grid *gr = m->dev.grid;
	if (!gr) {
		if (m->ht.cur && n < max) {
			struct group *g = &m->ht.cur->g[0];
			struct machine_choice c = { -1, 0, 0, g->mask, g->fr->fidx, g->fr->df->orig[g->pc] };
			out[n] = c;
		}
		return m->ht.cur ? 1 : 0;
	}
	for (int s = 0; s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			struct warp *w = &b->w[i];
			for (uint32_t j = 0; j < w->ng; j++) {
				struct group *g = &w->g[j];
				if (g->state != G_READY)
					continue;
				if (n < max) {
					struct machine_choice c = { s, (int)i, (int)j, g->mask, g->fr->fidx,
								    g->fr->df->orig[g->pc] };
					out[n] = c;
				}
				n++;
			}
		}
	}
	return n;
}

int machine_choose(struct machine *m, const struct machine_choice *c)
{
	if (m->status != MST_RUNNING)
		return -1;
	m->hooks &= ~STOP_HOOK;
	m->bp.hit = 0;
	resume_drop(m);
	if (c->slot < 0) {
		if (m->dev.grid || !m->ht.cur)
			return -1;
		host_step(m, 1);
		check_limit(m);
		return 0;
	}
	struct warp *w = warp_at(m, c->slot, c->warp);
	if (!w || c->group < 0 || (uint32_t)c->group >= w->ng || w->g[c->group].state != G_READY ||
	    w->g[c->group].mask != c->mask)
		return -1;
	struct block *b = w->blk;
	w->cur = c->group;
	interp_run_group(m, w, c->group, 1);
	if (w->ng > 1)
		interp_warp_settle(m, w);
	if (m->dev.fail_err)
		grid_end(m);
	else if (b->nexited == b->nthreads)
		block_retire(m, m->dev.grid, c->slot, 0);
	check_limit(m);
	return 0;
}

int machine_run_to_barrier(struct machine *m)
{
	struct grid *gr = m->dev.grid;
	if (!gr)
		return -1;
	uint32_t gens = 0;
	for (int s = 0; s < gr->nres; s++)
		if (gr->res[s])
			gens += gr->res[s]->bar_gen;
	while (m->status == MST_RUNNING && m->dev.grid == gr) {
		uint32_t now = 0;
		int waiting = 0;
		for (int s = 0; s < gr->nres; s++)
			if (gr->res[s]) {
				now += gr->res[s]->bar_gen;
				waiting |= gr->res[s]->bar_arrived != 0;
			}
		if (now != gens)
			break;
		/* a barrier no warp reaches: the caller's interrupt still stops it */
		if (WS_UNLIKELY(m->o.interrupt && m->steps - m->polled >= 4096) && machine_poll(m))
			return 1;
		machine_step(m);
		(void)waiting;
	}
	return 0;
}

/* ---- queries */

int machine_kernel(const struct machine *m, struct machine_kernel_info *k)
{
	memset(k, 0, sizeof(*k));
	struct grid *gr = m->dev.grid;
	if (!gr)
		return -1;
	k->active = 1;
	k->func = gr->l.fidx;
	memcpy(k->grid, gr->l.grid, sizeof(k->grid));
	memcpy(k->block, gr->l.block, sizeof(k->block));
	k->shmem = gr->l.shmem;
	k->blocks_done = gr->done_blocks;
	k->blocks_total = gr->nblocks;
	k->nresident = gr->nres;
	return 0;
}

int machine_block(const struct machine *m, int slot, struct machine_block_info *bi)
{
	struct grid *gr = m->dev.grid;
	memset(bi, 0, sizeof(*bi));
	if (!gr || slot < 0 || slot >= gr->nres || !gr->res[slot])
		return -1;
	struct block *b = gr->res[slot];
	memcpy(bi->idx, b->idx, sizeof(bi->idx));
	bi->nwarps = (int)b->nwarps;
	bi->nthreads = b->nthreads;
	bi->nexited = b->nexited;
	bi->bar_arrived = b->bar_arrived;
	bi->bar_expected = b->nthreads - b->nexited;
	bi->bar_generation = b->bar_gen;
	bi->sm = b->sm;
	bi->clustered = gr->csize > 1 || gr->l.cluster[0];
	if (bi->clustered) {
		for (int k = 0; k < 3; k++)
			bi->cluster_idx[k] = b->idx[k] / gr->cdim[k];
		bi->cluster_rank = b->crank;
	}
	return 0;
}

int machine_warp(const struct machine *m, int slot, int warp, struct machine_warp_info *wi)
{
	struct warp *w = warp_at(m, slot, warp);
	memset(wi, 0, sizeof(*wi));
	if (!w)
		return -1;
	wi->exists = w->exists;
	wi->live = w->live;
	wi->exited = w->exited;
	wi->ngroups = (int)w->ng;
	wi->current = w->cur;
	return 0;
}

static int lane_state(const struct group *g, int current)
{
	switch (g->state) {
	case G_READY: return current ? LS_ACTIVE : LS_READY;
	case G_PARK: return LS_PARKED;
	case G_BAR: case G_CGWAIT: return LS_BARRIER;
	case G_COLL: return LS_WARPSYNC;
	default: return LS_READY;
	}
}

int machine_group(const struct machine *m, int slot, int warp, int gidx, struct machine_group_info *gi)
{
	struct warp *w = warp_at(m, slot, warp);
	memset(gi, 0, sizeof(*gi));
	if (!w || gidx < 0 || (uint32_t)gidx >= w->ng)
		return -1;
	const struct group *g = &w->g[gidx];
	gi->mask = g->mask;
	gi->func = g->fr->fidx;
	gi->pc = g->fr->df->orig[g->pc];
	gi->depth = (int)g->fr->depth;
	gi->state = lane_state(g, gidx == w->cur);
	gi->wait_mask = g->state == G_COLL ? g->coll_mask : 0;
	return 0;
}

int machine_lane(const struct machine *m, int slot, int warp, int lane, struct machine_group_info *gi)
{
	struct warp *w = warp_at(m, slot, warp);
	memset(gi, 0, sizeof(*gi));
	if (!w || lane < 0 || lane >= WS_WARP || !(w->exists >> lane & 1))
		return -1;
	if (w->exited >> lane & 1) {
		gi->state = LS_EXITED;
		gi->mask = 1u << lane;
		return 0;
	}
	for (uint32_t j = 0; j < w->ng; j++)
		if (w->g[j].mask >> lane & 1)
			return machine_group(m, slot, warp, (int)j, gi);
	return -1;
}

int machine_lane_reg(const struct machine *m, int slot, int warp, int lane, int up, int r, uint64_t *val)
{
	struct warp *w = warp_at(m, slot, warp);
	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		if (!(w->g[j].mask >> lane & 1))
			continue;
		struct frame *f = w->g[j].fr;
		while (f && up-- > 0)
			f = f->parent;
		if (!f || r < 0 || (uint32_t)r >= f->fn->nregs)
			return -1;
		if (f->fn->regmap)
			r = f->fn->regmap[r]; /* run's rows (regalloc.c) */
		*val = f->r[(size_t)r * WS_WARP + lane];
		return 0;
	}
	return -1;
}

uint32_t frame_lbase(const struct warp *w, const struct frame *f, unsigned lane)
{
	if (!f->df || !f->df->stackless)
		return f->lbase[lane];
	/* nothing between its entry and the frames above it moved the stack */
	uint32_t base = w->ls[lane].sp;
	for (uint32_t j = 0; j < w->ng; j++) {
		if (!(w->g[j].mask >> lane & 1))
			continue;
		for (const struct frame *a = w->g[j].fr; a && a != f; a = a->parent)
			if (a->df && !a->df->stackless)
				base = a->lbase[lane];
		break;
	}
	return base;
}

int machine_lane_frame(const struct machine *m, int slot, int warp, int lane, int up, uint64_t *addr)
{
	struct warp *w = warp_at(m, slot, warp);
	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		if (!(w->g[j].mask >> lane & 1))
			continue;
		struct frame *f = w->g[j].fr;
		while (f && up-- > 0)
			f = f->parent;
		if (!f)
			return -1;
		*addr = ADDR(w->host ? TAG_HSTACK : TAG_LOCAL, w->hbase + frame_lbase(w, f, (unsigned)lane));
		return 0;
	}
	return -1;
}

int machine_read(const struct machine *m, int slot, int warp, int lane, uint64_t addr, void *buf, size_t n)
{
	struct warp *w = warp_at(m, slot, warp);
	struct machine *mm = (struct machine *)m;
	if (!w)
		return machine_host_read(mm, addr, buf, n);
	unsigned tag = ADDR_TAG(addr);
	uint64_t off = ADDR_OFF(addr);
	if (tag == TAG_SHARED && !w->host) {
		if (!ws_range_in(0, w->blk->shared_size, off, n))
			return -1;
		memcpy(buf, w->blk->shared + off, n);
		return 0;
	}
	if (tag == TAG_LOCAL && !w->host && lane >= 0 && lane < WS_WARP) {
		if (!ws_range_in(0, w->ls[lane].sp, off, n))
			return -1;
		memcpy(buf, w->ls[lane].buf + off, n);
		return 0;
	}
	struct alloc *a = mem_find(&mm->mem, addr);
	if (tag == TAG_HSTACK)
		return machine_host_read(mm, addr, buf, n);
	if (!a || a->freed || !ws_range_in(a->base, a->size, addr, n))
		return -1;
	memcpy(buf, a->data + (addr - a->base), n);
	return 0;
}

int machine_lane_write(struct machine *m, int slot, int warp, int lane, uint64_t addr, const void *src,
		       size_t n)
{
	struct warp *w = warp_at(m, slot, warp);
	unsigned tag = ADDR_TAG(addr);
	uint64_t off = ADDR_OFF(addr);
	if (w && tag == TAG_SHARED && !w->host) {
		if (!ws_range_in(0, w->blk->shared_size, off, n))
			return -1;
		memcpy(w->blk->shared + off, src, n);
		return 0;
	}
	if (w && tag == TAG_LOCAL && !w->host && lane >= 0 && lane < WS_WARP) {
		if (!ws_range_in(0, w->ls[lane].sp, off, n))
			return -1;
		memcpy(w->ls[lane].buf + off, src, n);
		return 0;
	}
	if (tag == TAG_SHARED || tag == TAG_LOCAL)
		return -1;
	return machine_write(m, addr, src, n);
}

int machine_lane_set_reg(struct machine *m, int slot, int warp, int lane, int up, int r, uint64_t val)
{
	struct warp *w = warp_at(m, slot, warp);
	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		if (!(w->g[j].mask >> lane & 1))
			continue;
		struct frame *f = w->g[j].fr;
		while (f && up-- > 0)
			f = f->parent;
		if (!f || r < 0 || (uint32_t)r >= f->fn->nregs)
			return -1;
		if (f->fn->regmap)
			r = f->fn->regmap[r]; /* run's rows (regalloc.c) */
		f->r[(size_t)r * WS_WARP + lane] = val;
		return 0;
	}
	return -1;
}

/* the group of the lowest live lane of a warp */
int machine_bank_conflicts(const uint64_t *lane_addr, uint32_t mask, unsigned size, uint32_t *banks)
{
	/* per bank, the distinct words requested: the degree is the largest count */
	uint64_t words[32][32];
	int nw[32] = {0}, degree = 0;
	uint32_t touched = 0;
	if (size == 0)
		size = 4;
	for (int l = 0; l < 32; l++) {
		if (!(mask >> l & 1))
			continue;
		for (uint64_t a = lane_addr[l] & ~(uint64_t)3; a < lane_addr[l] + size; a += 4) {
			uint64_t wd = ADDR_OFF(a) >> 2;
			int bank = (int)(wd & 31), k;
			touched |= 1u << bank;
			for (k = 0; k < nw[bank]; k++)
				if (words[bank][k] == wd)
					break;
			if (k == nw[bank] && nw[bank] < 32)
				words[bank][nw[bank]++] = wd;
		}
	}
	for (int b = 0; b < 32; b++)
		if (nw[b] > degree)
			degree = nw[b];
	if (banks)
		*banks = touched;
	return degree ? degree : 1;
}

int machine_sectors(const uint64_t *lane_addr, uint32_t mask, unsigned size)
{
	uint64_t sec[64];
	int n = 0;
	if (size == 0)
		size = 4;
	for (int l = 0; l < 32; l++) {
		if (!(mask >> l & 1))
			continue;
		for (uint64_t s0 = lane_addr[l] >> 5; s0 <= (lane_addr[l] + size - 1) >> 5; s0++) {
			int k;
			for (k = 0; k < n; k++)
				if (sec[k] == s0)
					break;
			if (k == n && n < 64)
				sec[n++] = s0;
		}
	}
	return n;
}

int machine_break_pass(struct machine *m, int slot, int warp, int lane)
{
	struct warp *w = warp_at(m, slot, warp);
	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t g = 0; g < w->ng; g++)
		if (w->g[g].mask >> lane & 1) {
			w->bp_pass = w->g[g].pc + 1;
			return 0;
		}
	return -1;
}
