/*
 * async.c - asynchronous data copies: the ENGINE built-ins __ws_acp_* and
 * __ws_pipe_* (engine/ir/builtins.def) that cooperative_groups::memcpy_async,
 * cuda::memcpy_async, cuda::pipeline and the pipeline primitives call, and
 * the queries of machine.h that show copies in flight and pipeline stages.
 *
 * A COPY is one thread's share of a memcpy_async: the chunks of the
 * destination it writes (a group's copy is split in strided chunks of the
 * alignment, chunk r, r + n, ... for the thread of rank r of n, as the real
 * libraries do). At the issue the source bytes are read (a fault there is
 * the usual finding, at the call) and the copy is recorded IN FLIGHT; its
 * data LANDS later, at a point the scheduler chooses:
 *   - always at the latest when something waits for it: the thread's
 *     __pipeline_wait_prior / cg::wait / a thread-scope pipeline's
 *     consumer_wait (its batch), the completion of the cuda::barrier phase
 *     it belongs to (the copy is a pending transaction of the phase), a
 *     pipeline stage's consumer_wait, or its block's end;
 *   - under --sched rr nowhere earlier, so that a read of the destination
 *     before the wait sees the old bytes, every time;
 *   - under --sched random also at any scheduling step in between, each copy
 *     with probability 1/8 per step (from the scheduler's seed, so a run is
 *     reproducible).
 * A load that overlaps the destination of a copy in flight is the finding
 * `async-copy-read-before-wait` (the load reads the old bytes); a store to
 * the source or the destination of a copy in flight is
 * `async-copy-write-in-flight`. __pipeline_memcpy_async's size must be 4, 8
 * or 16 with both pointers aligned to it, and cuda::aligned_size_t<N> promises
 * pointers and size multiples of N: otherwise `async-copy-misaligned` (the
 * kernel stops with cudaErrorMisalignedAddress, as cp.async faults). A
 * commit or arrive-on by a warp that is not converged is the warning
 * `async-copy-diverged-commit` (the Programming Guide's warp entanglement:
 * the diverged parts commit separate batches, and waits may over-wait).
 *
 * BATCHES: each thread counts its commits; a copy belongs to the batch open
 * at its issue; wait_prior(n) lands the thread's copies of every committed
 * batch but the newest n (cp.async.wait_group).
 *
 * A PIPELINE made from a pipeline_shared_state is kept here, keyed by the
 * state's address and block. Each thread has a head (the use of a stage it
 * acquires and commits next) and a tail (the one it waits for and
 * releases); use u of the pipeline is stage u mod S. producer_acquire of use
 * u waits until the consumers released use u - S of that stage;
 * consumer_wait of use u waits until every producer committed it, then
 * lands its copies. A blocked call puts its group in G_CGWAIT on the
 * state's address, without side effects, and runs again when woken (cg.c's
 * mechanism).
 */
#include "simt.h"
#include "builtin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct acp_copy {
	struct block *b;
	uint32_t tid;           /* issuing thread, linear in its block */
	uint8_t kind;           /* enum machine_acopy_kind */
	uint8_t landed;         /* its data is in the destination */
	uint8_t done;           /* a wait for it returned: dropped at the next sweep */
	uint64_t dst, src;      /* the first chunk of this thread */
	uint64_t chunk, stride, rem; /* chunk k: [k*stride, +min(chunk, rem - k*stride)) */
	uint64_t bytes;         /* the thread's bytes (sum of its chunks) */
	uint8_t *data;          /* the bytes to land, chunk after chunk */
	uint64_t batch;         /* the thread's batch */
	uint64_t bar;           /* the barrier whose phase bar_phase waits for it (0: none) */
	struct block *bar_b;    /* its block (NULL: a barrier in global memory) */
	uint64_t bar_phase;
	uint64_t pipe;          /* pipeline state (0: none) and the stage use it belongs to */
	uint64_t pipe_use;
	struct span at;         /* the user's call */
};

struct acp_blk {
	struct block *b;
	uint64_t *commits;      /* per thread of the block */
	uint32_t *committers;   /* per warp: the lanes that committed or arrived on so far */
	uint16_t *wcnt;         /* per 4-byte word of the block's shared memory: copies not yet
				 * waited for whose destination or source covers it (NULL: none yet) */
	uint32_t nwords;
};

struct pipe_thr {
	uint64_t head, tail;
	uint32_t reg;           /* registration generation + 1 (0: not in the pipeline) */
	uint8_t role;           /* 0 unified, 1 producer, 2 consumer */
};

struct pipe_stage {
	uint64_t use;
	uint8_t used;
	uint32_t acquired, committed, released;
};

struct acp_pipe {
	struct block *b;        /* NULL: state in global memory */
	uint64_t addr;
	uint32_t nstages, producers, consumers, gen;
	int partitioned;
	struct pipe_stage *st;
	struct pipe_thr *thr;
	uint32_t nthr;
};

struct acp_state {
	VEC(struct acp_copy) c;
	VEC(struct acp_blk) blk;
	VEC(struct acp_pipe) pipes;
	uint64_t lo, hi;        /* bounds of the destination and source bytes outside shared memory
				 * of every copy not yet waited for (shared memory: acp_blk.wcnt) */
};

#define ARG(k, l) R[(size_t)in->args[k] * WS_WARP + (l)]

static struct acp_state *state(struct machine *m)
{
	if (!m->acp)
		m->acp = xcalloc(1, sizeof(*m->acp));
	return m->acp;
}

static void pipe_release(struct acp_pipe *p)
{
	free(p->st);
	free(p->thr);
}

static void reset(struct acp_state *st)
{
	for (size_t i = 0; i < st->c.len; i++)
		free(st->c.v[i].data);
	for (size_t i = 0; i < st->blk.len; i++) {
		free(st->blk.v[i].commits);
		free(st->blk.v[i].committers);
		free(st->blk.v[i].wcnt);
	}
	for (size_t i = 0; i < st->pipes.len; i++)
		pipe_release(&st->pipes.v[i]);
	st->c.len = st->blk.len = st->pipes.len = 0;
	st->lo = UINT64_MAX;
	st->hi = 0;
}

void acp_grid_start(struct machine *m)
{
	if (m->acp)
		reset(m->acp);
}

void acp_free(struct machine *m)
{
	if (!m->acp)
		return;
	reset(m->acp);
	vec_free(&m->acp->c);
	vec_free(&m->acp->blk);
	vec_free(&m->acp->pipes);
	free(m->acp);
	m->acp = NULL;
}

static void *dup_bytes(const void *p, size_t n)
{
	if (!p)
		return NULL;
	void *q = xmalloc(n ? n : 1);
	memcpy(q, p, n);
	return q;
}

void acp_clone(struct machine *d, const struct machine *s, void *(*map)(void *ctx, const void *old), void *ctx)
{
	const struct acp_state *a = s->acp;
	d->acp = NULL;
	if (!a)
		return;
	struct acp_state *c = xcalloc(1, sizeof(*c));
	c->lo = a->lo;
	c->hi = a->hi;
	for (size_t i = 0; i < a->c.len; i++) {
		struct acp_copy x = a->c.v[i];
		x.b = map(ctx, x.b);
		x.bar_b = x.bar_b ? map(ctx, x.bar_b) : NULL;
		x.data = dup_bytes(x.data, x.bytes);
		vec_push(&c->c, x);
	}
	for (size_t i = 0; i < a->blk.len; i++) {
		struct acp_blk x = a->blk.v[i];
		x.b = map(ctx, x.b);
		x.commits = dup_bytes(x.commits, a->blk.v[i].b->nthreads * sizeof(uint64_t));
		x.committers = dup_bytes(x.committers, a->blk.v[i].b->nwarps * sizeof(uint32_t));
		x.wcnt = dup_bytes(x.wcnt, x.nwords * sizeof(uint16_t));
		vec_push(&c->blk, x);
	}
	for (size_t i = 0; i < a->pipes.len; i++) {
		struct acp_pipe x = a->pipes.v[i];
		x.b = x.b ? map(ctx, x.b) : NULL;
		x.st = dup_bytes(x.st, x.nstages * sizeof(*x.st));
		x.thr = dup_bytes(x.thr, x.nthr * sizeof(*x.thr));
		vec_push(&c->pipes, x);
	}
	d->acp = c;
}

/* ---- copies */

static uint64_t chunk_len(const struct acp_copy *c, uint64_t k)
{
	uint64_t off = k * c->stride;
	return c->rem - off < c->chunk ? c->rem - off : c->chunk;
}

static uint64_t nchunks(const struct acp_copy *c)
{
	return (c->rem + c->stride - 1) / c->stride;
}

/* Does [a, a+n) meet the copy's bytes at base (its dst or src)? */
static int meets(const struct acp_copy *c, uint64_t base, uint64_t a, uint64_t n)
{
	if (a + n <= base || a >= base + c->rem)
		return 0;
	uint64_t off = a > base ? a - base : 0, end = a + n - base;
	if (end > c->rem)
		end = c->rem;
	for (uint64_t k = off / c->stride; k * c->stride < end; k++) {
		uint64_t lo = k * c->stride, hi = lo + chunk_len(c, k);
		if (lo < end && hi > off)
			return 1;
	}
	return 0;
}

static void bounds_add(struct acp_state *st, uint64_t a, uint64_t n)
{
	if (ADDR_TAG(a) == TAG_SHARED)
		return; /* counted per word (mark) */
	if (a < st->lo)
		st->lo = a;
	if (a + n > st->hi)
		st->hi = a + n;
}

static void land(struct machine *m, struct acp_copy *c)
{
	if (c->landed)
		return;
	c->landed = 1;
	struct warp *w = &c->b->w[c->tid / WS_WARP];
	unsigned l = c->tid % WS_WARP;
	uint64_t done = 0, n = nchunks(c);
	for (uint64_t k = 0; k < n; k++) {
		uint64_t len = chunk_len(c, k);
		uint8_t *d = interp_xlate(m, w, l, c->dst + k * c->stride, len, 1, c->at);
		if (d)
			memcpy(d, c->data + done, len);
		done += len;
	}
	if (CHECK_WANTS(m, CEV_SAMPLE))
		m->nstores++;
}

/* The wait for the copy returns: it lands now if it has not yet. */
static void finish(struct machine *m, struct acp_copy *c)
{
	land(m, c);
	c->done = 1;
}

static struct acp_blk *blk_of(struct machine *m, struct block *b);

/* Count (d = 1) or uncount (d = -1) the shared-memory words the copy's
 * destination and source cover, in its block's word counters. */
static void mark(struct machine *m, const struct acp_copy *c, int d)
{
	const uint64_t base[2] = { c->dst, c->src };
	for (int i = 0; i < 2; i++) {
		if (ADDR_TAG(base[i]) != TAG_SHARED)
			continue;
		struct acp_blk *bk = blk_of(m, c->b);
		if (!bk->wcnt) {
			bk->nwords = (uint32_t)((c->b->shared_size + 3) / 4);
			bk->wcnt = xcalloc(bk->nwords ? bk->nwords : 1, sizeof(uint16_t));
		}
		uint64_t n = nchunks(c);
		for (uint64_t k = 0; k < n; k++) {
			uint64_t off = ADDR_OFF(base[i] + k * c->stride), len = chunk_len(c, k);
			for (uint64_t wd = off >> 2; wd <= (off + len - 1) >> 2 && wd < bk->nwords; wd++)
				bk->wcnt[wd] = (uint16_t)(bk->wcnt[wd] + d);
		}
	}
}

/* Drop the copies whose wait returned; recompute the bounds. */
static void sweep(struct machine *m, struct acp_state *st)
{
	size_t j = 0;
	st->lo = UINT64_MAX;
	st->hi = 0;
	for (size_t i = 0; i < st->c.len; i++) {
		struct acp_copy *c = &st->c.v[i];
		if (c->done) {
			mark(m, c, -1);
			free(c->data);
			continue;
		}
		bounds_add(st, c->dst, c->rem);
		bounds_add(st, c->src, c->rem);
		st->c.v[j++] = *c;
	}
	st->c.len = j;
}

static int same_block(const struct acp_copy *c, const struct warp *w, uint64_t addr)
{
	return ADDR_TAG(addr) != TAG_SHARED || c->b == w->blk;
}

static struct acp_pipe *pipe_find(struct machine *m, struct block *b, uint64_t addr)
{
	struct acp_state *st = state(m);
	struct block *key = ADDR_TAG(addr) == TAG_SHARED ? b : NULL;
	for (size_t i = 0; i < st->pipes.len; i++)
		if (st->pipes.v[i].addr == addr && st->pipes.v[i].b == key)
			return &st->pipes.v[i];
	return NULL;
}

/* A copy the hardware cannot do: the kernel fails with code, as on the
 * H100 (716 misaligned address for a pointer off its alignment; 719, an
 * unspecified launch failure, for a size cp.async does not have). */
static int misaligned_code(struct machine *m, struct warp *w, unsigned l, const struct ir_insn *in,
			   uint64_t addr, const char *msg, unsigned code)
{
	machine_finding_add(m, FK_ASYNC_COPY_MISALIGNED, w, 1u << l, in->span, addr, "%s", msg);
	machine_fail_kernel(m, code);
	return -1;
}

static int misaligned(struct machine *m, struct warp *w, unsigned l, const struct ir_insn *in,
		      uint64_t addr, const char *msg)
{
	return misaligned_code(m, w, l, in, addr, msg, 716);
}

static struct acp_blk *blk_of(struct machine *m, struct block *b)
{
	struct acp_state *st = state(m);
	for (size_t i = 0; i < st->blk.len; i++)
		if (st->blk.v[i].b == b)
			return &st->blk.v[i];
	struct acp_blk x = { .b = b, .commits = xcalloc(b->nthreads ? b->nthreads : 1, sizeof(uint64_t)),
			     .committers = xcalloc(b->nwarps ? b->nwarps : 1, sizeof(uint32_t)) };
	vec_push(&st->blk, x);
	return &st->blk.v[st->blk.len - 1];
}

static uint64_t *commits_of(struct machine *m, struct block *b, uint32_t tid)
{
	return &blk_of(m, b)->commits[tid];
}

/* Warp entanglement: the lanes of a warp that commit (or arrive on) must do
 * it together. A commit by lanes other than the warp's earlier committers
 * that are still live means the committing lanes are split. */
static void entangled(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		      const char *what)
{
	uint32_t *c = &blk_of(m, w->blk)->committers[w->id];
	uint32_t before = *c & w->live;
	*c = before | g->mask;
	if (!before || before == g->mask)
		return;
	machine_finding_add(m, FK_ASYNC_COPY_DIVERGED_COMMIT, w, g->mask, in->span, 0,
			    "%s by lanes 0x%08x of a warp whose lanes 0x%08x committed before: the committing "
			    "threads of the warp are not converged, so each part commits its own batch (warp "
			    "entanglement) and a later wait may wait for more than this thread's copies",
			    what, g->mask, before);
}

static int issue(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	struct acp_state *st = state(m);
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t dst = ARG(0, l), src = ARG(1, l), size = ARG(2, l), zfill = ARG(3, l);
		int kind = (int)ARG(4, l);
		uint64_t sync = ARG(5, l);
		uint32_t rank = (uint32_t)ARG(6, l), n = (uint32_t)ARG(7, l), align = (uint32_t)ARG(8, l);
		uint64_t chunk = in->nargs > 9 ? ARG(9, l) : 0;
		uint32_t tid = w->id * WS_WARP + l;
		char msg[200];
		if (kind == ACOPY_PRIMITIVE && size != 4 && size != 8 && size != 16) {
			snprintf(msg, sizeof(msg), "__pipeline_memcpy_async of %llu bytes: size_and_align must be 4, 8 or 16",
				 (unsigned long long)size);
			return misaligned_code(m, w, l, in, dst, msg, 719);
		}
		if (kind == ACOPY_PRIMITIVE && zfill > size) {
			snprintf(msg, sizeof(msg), "__pipeline_memcpy_async with zfill %llu larger than its size %llu",
				 (unsigned long long)zfill, (unsigned long long)size);
			return misaligned(m, w, l, in, dst, msg);
		}
		if (align > 1 && ((dst | src) & (align - 1))) {
			int d = (dst & (align - 1)) != 0;
			snprintf(msg, sizeof(msg), "asynchronous copy whose %s 0x%llx is not a multiple of its alignment %u%s",
				 d ? "destination" : "source", (unsigned long long)(d ? dst : src), align,
				 kind == ACOPY_PRIMITIVE ? " (size_and_align)" : " (cuda::aligned_size_t)");
			return misaligned(m, w, l, in, d ? dst : src, msg);
		}
		if (align > 1 && kind != ACOPY_PRIMITIVE && (size & (align - 1))) {
			snprintf(msg, sizeof(msg), "asynchronous copy of %llu bytes with cuda::aligned_size_t<%u>: the size must be a multiple of the alignment",
				 (unsigned long long)size, align);
			return misaligned(m, w, l, in, dst, msg);
		}
		if (!chunk) {
			chunk = align > 1 ? align : 16;
			while (chunk > 1 && ((dst | src | size) & (chunk - 1)))
				chunk >>= 1;
		}
		if (chunk > 16 && n > 1)
			chunk = 16;
		if (n == 0)
			n = 1;
		if (n == 1 || !chunk)
			chunk = size ? size : 1;
		uint64_t first = (uint64_t)rank * chunk;
		if (!size || first >= size)
			continue; /* nothing for this thread */
		struct acp_copy c = { 0 };
		c.b = w->blk;
		c.tid = tid;
		c.kind = (uint8_t)kind;
		c.dst = dst + first;
		c.src = src + first;
		c.chunk = chunk;
		c.stride = n == 1 ? size : chunk * n;
		c.rem = size - first;
		c.at = cg_user_span(m, w, 1u << l, in->span);
		uint64_t nk = nchunks(&c);
		for (uint64_t k = 0; k < nk; k++)
			c.bytes += chunk_len(&c, k);
		c.data = xcalloc(c.bytes ? c.bytes : 1, 1);
		uint64_t done = 0, keep = size - zfill; /* zfill: the copy's last bytes are zeros */
		for (uint64_t k = 0; k < nk; k++) {
			uint64_t len = chunk_len(&c, k), o = first + k * c.stride;
			if (!interp_xlate(m, w, l, c.dst + k * c.stride, len, 1, in->span)) {
				free(c.data);
				return -1;
			}
			uint64_t rd = o >= keep ? 0 : (keep - o < len ? keep - o : len);
			if (rd) {
				const uint8_t *s = interp_xlate(m, w, l, c.src + k * c.stride, rd, 0, in->span);
				if (!s) {
					free(c.data);
					return -1;
				}
				memcpy(c.data + done, s, rd);
			}
			done += len;
		}
		c.batch = *commits_of(m, w->blk, tid);
		if (kind == ACOPY_BARRIER) {
			struct block *bb = NULL;
			uint64_t phase;
			if (cg_bar_phase(m, w, l, sync, in, &bb, &phase) < 0) {
				free(c.data);
				return -1;
			}
			c.bar = sync;
			c.bar_b = bb;
			c.bar_phase = phase;
		} else if (kind == ACOPY_PIPELINE) {
			struct acp_pipe *p = pipe_find(m, w->blk, sync);
			if (p && tid < p->nthr) {
				c.pipe = sync;
				c.pipe_use = p->thr[tid].head;
			}
		}
		bounds_add(st, c.dst, c.rem);
		bounds_add(st, c.src, c.rem);
		mark(m, &c, 1);
		vec_push(&st->c, c);
	}
	return 0;
}

static int commit(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	if (in->nargs > 0 && ARG(0, __builtin_ctz(g->mask)))
		entangled(m, w, g, in, "a commit of asynchronous copies");
	for (uint32_t mm = g->mask; mm; mm &= mm - 1)
		(*commits_of(m, w->blk, w->id * WS_WARP + (unsigned)__builtin_ctz(mm)))++;
	return 0;
}

static int wait_prior(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	struct acp_state *st = state(m);
	uint64_t lim[WS_WARP] = { 0 }; /* per lane: its batches below this one land */
	uint32_t lanes = 0;
	int any = 0;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t n = ARG(0, l), done = *commits_of(m, w->blk, w->id * WS_WARP + l);
		if (n < done) {
			lim[l] = done - n;
			lanes |= 1u << l;
		}
	}
	/* one pass over the copies for the whole group */
	for (size_t i = 0; lanes && i < st->c.len; i++) {
		struct acp_copy *c = &st->c.v[i];
		unsigned l = c->tid % WS_WARP;
		if (c->b == w->blk && c->tid / WS_WARP == w->id && (lanes >> l & 1) && !c->done &&
		    c->batch < lim[l]) {
			finish(m, c);
			any = 1;
		}
	}
	if (any)
		sweep(m, st);
	return 0;
}

static int arrive_on(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	struct acp_state *st = state(m);
	entangled(m, w, g, in, "__pipeline_arrive_on");
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint32_t tid = w->id * WS_WARP + l;
		struct block *bb = NULL;
		uint64_t phase, bar = ARG(0, l);
		if (cg_bar_phase(m, w, l, bar, in, &bb, &phase) < 0)
			return -1;
		for (size_t i = 0; i < st->c.len; i++) {
			struct acp_copy *c = &st->c.v[i];
			if (c->b == w->blk && c->tid == tid && !c->done) {
				c->bar = bar;
				c->bar_b = bb;
				c->bar_phase = phase;
			}
		}
	}
	return 0;
}

void acp_phase_complete(struct machine *m, struct block *b, uint64_t bar, uint64_t phase)
{
	struct acp_state *st = m->acp;
	int any = 0;
	if (!st)
		return;
	for (size_t i = 0; i < st->c.len; i++) {
		struct acp_copy *c = &st->c.v[i];
		if (c->bar == bar && c->bar_b == b && c->bar_phase == phase && !c->done) {
			finish(m, c);
			any = 1;
		}
	}
	if (any)
		sweep(m, st);
}

/* ---- pipelines */

static void pipe_wake(struct machine *m, struct acp_pipe *p)
{
	struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++) {
		struct block *rb = p->b ? p->b : gr->res[s];
		/* a block holding no warps yet (machine.c block_warps) has no group */
		for (uint32_t i = 0; rb && rb->w && i < rb->nwarps; i++) {
			struct warp *w = &rb->w[i];
			for (uint32_t j = 0; j < w->ng; j++)
				if (w->g[j].state == G_CGWAIT && w->g[j].cg_addr == p->addr)
					w->g[j].state = G_READY;
		}
		if (rb && CHECK_WANTS(m, CEV_SYNC))
			machine_publish_sync(m, rb); /* a stage handed over orders what came before */
		if (p->b)
			break;
	}
}

/* the thread's index in the pipeline: in its block, or in the grid for a
 * state in global memory */
static uint32_t pipe_tid(const struct machine *m, const struct acp_pipe *p, const struct warp *w, uint32_t tid)
{
	if (p->b)
		return tid;
	return (uint32_t)(w->blk->linear * m->dev.grid->threads_per_block) + tid;
}

static int pipe_make(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	struct acp_state *st = state(m);
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t addr = ARG(0, l);
		uint32_t stages = (uint32_t)ARG(1, l), role = (uint32_t)ARG(2, l);
		uint32_t tid = w->id * WS_WARP + l;
		if (!interp_xlate(m, w, l, addr, 8, 0, in->span))
			return -1;
		if (!stages)
			stages = 1;
		struct acp_pipe *p = pipe_find(m, w->blk, addr);
		if (!p) {
			struct acp_pipe np = { 0 };
			np.b = ADDR_TAG(addr) == TAG_SHARED ? w->blk : NULL;
			np.addr = addr;
			np.nthr = np.b ? w->blk->nthreads : m->dev.grid->threads_per_block * (uint32_t)m->dev.grid->nblocks;
			if (!np.nthr)
				np.nthr = 1;
			np.thr = xcalloc(np.nthr, sizeof(*np.thr));
			np.nstages = stages;
			np.st = xcalloc(stages, sizeof(*np.st));
			vec_push(&st->pipes, np);
			p = &st->pipes.v[st->pipes.len - 1];
		}
		uint32_t t = pipe_tid(m, p, w, tid);
		if (t >= p->nthr)
			continue;
		if (p->thr[t].reg == p->gen + 1 || p->nstages != stages) {
			/* the thread makes the pipeline again: a new one on the same state */
			p->gen++;
			p->producers = p->consumers = 0;
			p->partitioned = 0;
			if (p->nstages != stages) {
				free(p->st);
				p->st = xcalloc(stages, sizeof(*p->st));
				p->nstages = stages;
			}
			memset(p->st, 0, stages * sizeof(*p->st));
		}
		p->thr[t] = (struct pipe_thr){ 0, 0, p->gen + 1, (uint8_t)role };
		if (role != 2)
			p->producers++;
		if (role != 1)
			p->consumers++;
		if (role)
			p->partitioned = 1;
	}
	return 0;
}

enum { PIPE_ACQUIRE, PIPE_COMMIT, PIPE_WAIT, PIPE_RELEASE };

static const char *const pipe_opname[] = { "producer_acquire()", "producer_commit()", "consumer_wait()",
					   "consumer_release()" };

/* can use u of the pipeline be acquired (1) or waited for (2)? */
static int stage_ok(const struct acp_pipe *p, uint64_t u, int op)
{
	const struct pipe_stage *s = &p->st[u % p->nstages];
	if (op == PIPE_ACQUIRE) {
		if (!s->used)
			return u < p->nstages;
		if (s->use == u)
			return 1;
		return s->use + p->nstages == u && s->released >= p->consumers;
	}
	return s->used && s->use == u && s->committed >= p->producers;
}

static int pipe_op(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	struct acp_state *st = state(m);
	unsigned l0 = (unsigned)__builtin_ctz(g->mask);
	int op = (int)ARG(1, l0);
	uint64_t addr = ARG(0, l0);
	struct acp_pipe *p = pipe_find(m, w->blk, addr);
	if (op < PIPE_ACQUIRE || op > PIPE_RELEASE)
		return 0;
	if (!p) {
		machine_finding_add(m, FK_BARRIER_UNINITIALIZED, w, g->mask, in->span, addr,
				    "pipeline %s on a cuda::pipeline_shared_state no make_pipeline() was called on",
				    pipe_opname[op]);
		machine_fail_kernel(m, 719);
		return -1;
	}
	/* a call that cannot go on for some lane blocks the whole group, with no effect */
	if (op == PIPE_ACQUIRE || op == PIPE_WAIT) {
		for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			if (ARG(0, l) != addr)
				continue;
			uint32_t t = pipe_tid(m, p, w, w->id * WS_WARP + l);
			if (t >= p->nthr)
				continue;
			uint64_t u = op == PIPE_ACQUIRE ? p->thr[t].head : p->thr[t].tail;
			if (!stage_ok(p, u, op)) {
				g->state = G_CGWAIT;
				g->cg_addr = addr;
				g->cg_token = u;
				return 1;
			}
		}
	}
	if (op == PIPE_COMMIT)
		entangled(m, w, g, in, "pipeline.producer_commit()");
	int wake = 0, landed = 0;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint32_t t = pipe_tid(m, p, w, w->id * WS_WARP + l);
		if (ARG(0, l) != addr || t >= p->nthr)
			continue;
		struct pipe_thr *th = &p->thr[t];
		uint64_t u = op <= PIPE_COMMIT ? th->head : th->tail;
		struct pipe_stage *s = &p->st[u % p->nstages];
		switch (op) {
		case PIPE_ACQUIRE:
			if (!s->used || s->use != u)
				*s = (struct pipe_stage){ u, 1, 0, 0, 0 };
			s->acquired++;
			break;
		case PIPE_COMMIT:
			if (!s->used || s->use != u)
				*s = (struct pipe_stage){ u, 1, 0, 0, 0 }; /* committed without acquiring */
			s->committed++;
			th->head++;
			wake |= s->committed == p->producers;
			break;
		case PIPE_WAIT:
			for (size_t i = 0; i < st->c.len; i++) {
				struct acp_copy *c = &st->c.v[i];
				if (c->pipe == addr && c->pipe_use == u && !c->done &&
				    (!p->b || c->b == p->b)) {
					finish(m, c);
					landed = 1;
				}
			}
			break;
		case PIPE_RELEASE:
			s->released++;
			th->tail++;
			wake |= s->released == p->consumers;
			break;
		}
	}
	if (landed)
		sweep(m, st);
	if (wake)
		pipe_wake(m, p);
	if (D)
		for (uint32_t mm = g->mask; mm; mm &= mm - 1)
			D[__builtin_ctz(mm)] = 1;
	return 0;
}

/* ---- the scheduler, blocks, accesses */

void acp_tick(struct machine *m)
{
	struct acp_state *st = m->acp;
	for (size_t i = 0; i < st->c.len; i++)
		if (!st->c.v[i].landed && machine_rand(m) % 8 == 0)
			land(m, &st->c.v[i]);
}

void acp_block_done(struct machine *m, struct block *b)
{
	struct acp_state *st = m->acp;
	if (!st)
		return;
	int any = 0;
	for (size_t i = 0; i < st->c.len; i++)
		if (st->c.v[i].b == b) {
			finish(m, &st->c.v[i]);
			any = 1;
		}
	if (any)
		sweep(m, st);
	size_t j = 0;
	for (size_t i = 0; i < st->blk.len; i++) {
		if (st->blk.v[i].b == b) {
			free(st->blk.v[i].commits);
			free(st->blk.v[i].committers);
			free(st->blk.v[i].wcnt);
		} else
			st->blk.v[j++] = st->blk.v[i];
	}
	st->blk.len = j;
	j = 0;
	for (size_t i = 0; i < st->pipes.len; i++) {
		if (st->pipes.v[i].b == b)
			pipe_release(&st->pipes.v[i]);
		else
			st->pipes.v[j++] = st->pipes.v[i];
	}
	st->pipes.len = j;
}

static void where(struct strbuf *sb, const struct machine *m, const struct acp_copy *c)
{
	const uint32_t *bd = m->dev.grid->l.block;
	uint32_t bx = bd[0] ? bd[0] : 1, by = bd[1] ? bd[1] : 1;
	strbuf_addf(sb, "line %u by thread (%u,%u,%u) of block (%u,%u,%u)", c->at.line, c->tid % bx,
		    (c->tid / bx) % by, c->tid / (bx * by), c->b->idx[0], c->b->idx[1], c->b->idx[2]);
}

static const char *const waits_for[] = {
	"the wait for its batch (cg::wait, __pipeline_wait_prior, pipeline.consumer_wait())",
	"the completion of its cuda::barrier phase (every thread's arrive, then wait)",
	"the pipeline's consumer_wait() for its stage",
	"__pipeline_wait_prior for its batch",
};

void acp_access(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		const uint64_t *A, uint64_t imm, unsigned sz, int write)
{
	struct acp_state *st = m->acp;
	const struct acp_blk *bk = NULL;
	if (w->host)
		return;
	for (size_t i = 0; i < st->blk.len; i++)
		if (st->blk.v[i].b == w->blk)
			bk = &st->blk.v[i];
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t a = A[l] + imm;
		if (ADDR_TAG(a) == TAG_SHARED) {
			/* only words some copy covers need the search below */
			uint64_t off = ADDR_OFF(a), wd = off >> 2, hit = 0;
			if (!bk || !bk->wcnt)
				continue;
			for (; wd <= (off + sz - 1) >> 2 && wd < bk->nwords; wd++)
				hit |= bk->wcnt[wd];
			if (!hit)
				continue;
		} else if (a + sz <= st->lo || a >= st->hi) {
			continue;
		}
		for (size_t i = 0; i < st->c.len; i++) {
			const struct acp_copy *c = &st->c.v[i];
			if (c->done || !same_block(c, w, a))
				continue;
			int dst = meets(c, c->dst, a, sz);
			int src = write && !dst && meets(c, c->src, a, sz);
			if (!dst && !src)
				continue;
			struct strbuf sb;
			strbuf_init(&sb);
			where(&sb, m, c);
			if (!write)
				machine_finding_add(m, FK_ASYNC_COPY_READ_BEFORE_WAIT, w, 1u << l, in->span, a,
						    "this thread reads %u bytes at 0x%llx that the asynchronous copy issued at %s "
						    "has not written yet: the copy lands at %s, so this read sees the old bytes",
						    sz, (unsigned long long)a, strbuf_cstr(&sb), waits_for[c->kind]);
			else
				machine_finding_add(m, FK_ASYNC_COPY_WRITE_IN_FLIGHT, w, 1u << l, in->span, a,
						    "this thread writes %u bytes at 0x%llx, the %s of the asynchronous copy issued "
						    "at %s, which is still in flight: the copy may %s the bytes before or after this write",
						    sz, (unsigned long long)a, dst ? "destination" : "source", strbuf_cstr(&sb),
						    dst ? "overwrite" : "read");
			strbuf_release(&sb);
			return;
		}
	}
}

int acp_describe_wait(const struct machine *m, const struct group *g, struct strbuf *out)
{
	const struct acp_state *st = m->acp;
	for (size_t i = 0; st && i < st->pipes.len; i++) {
		const struct acp_pipe *p = &st->pipes.v[i];
		if (p->addr != g->cg_addr)
			continue;
		const struct pipe_stage *s = &p->st[g->cg_token % p->nstages];
		if (s->used && s->use == g->cg_token)
			strbuf_addf(out, "in cuda::pipeline consumer_wait() for stage %llu (%u of %u producers committed)",
				    (unsigned long long)(g->cg_token % p->nstages), s->committed, p->producers);
		else
			strbuf_addf(out, "in cuda::pipeline producer_acquire() of stage %llu (%u of %u consumers released its previous use)",
				    (unsigned long long)(g->cg_token % p->nstages), s->used ? s->released : 0, p->consumers);
		return 1;
	}
	return 0;
}

int acp_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	if (w->host || !m->dev.grid) {
		for (uint32_t mm = g->mask; D && mm; mm &= mm - 1)
			D[__builtin_ctz(mm)] = 0;
		return 0;
	}
	switch ((int)in->imm) {
	case BI___ws_acp_issue: return issue(m, w, g, in);
	case BI___ws_acp_commit: return commit(m, w, g, in);
	case BI___ws_acp_wait_prior: return wait_prior(m, w, g, in);
	case BI___ws_acp_arrive_on: return arrive_on(m, w, g, in);
	case BI___ws_pipe_make: return pipe_make(m, w, g, in);
	case BI___ws_pipe_op: return pipe_op(m, w, g, in);
	default: return 0;
	}
}

/* ---- queries (machine.h) */

static int blk_live(const struct machine *m, const struct block *b)
{
	const struct grid *gr = m->dev.grid;
	return gr && b && b->slot >= 0 && b->slot < gr->nres && gr->res[b->slot] == b;
}

int machine_acopy_count(const struct machine *m)
{
	return m->acp && m->dev.grid ? (int)m->acp->c.len : 0;
}

int machine_acopy(const struct machine *m, int i, struct machine_acopy_info *out)
{
	if (i < 0 || i >= machine_acopy_count(m))
		return -1;
	const struct acp_copy *c = &m->acp->c.v[i];
	memset(out, 0, sizeof(*out));
	out->slot = blk_live(m, c->b) ? c->b->slot : -1;
	memcpy(out->block, c->b->idx, sizeof(out->block));
	out->tid = c->tid;
	out->kind = c->kind;
	out->dst = c->dst;
	out->src = c->src;
	out->size = c->bytes;
	out->sync = c->kind == ACOPY_BARRIER ? c->bar : c->kind == ACOPY_PIPELINE ? c->pipe : 0;
	if (c->bar && c->kind != ACOPY_BARRIER)
		out->sync = c->bar;
	out->batch = c->kind == ACOPY_PIPELINE ? c->pipe_use : c->batch;
	if (c->kind == ACOPY_PIPELINE) {
		const struct acp_pipe *p = NULL;
		for (size_t k = 0; k < m->acp->pipes.len; k++)
			if (m->acp->pipes.v[k].addr == c->pipe && (!m->acp->pipes.v[k].b || m->acp->pipes.v[k].b == c->b))
				p = &m->acp->pipes.v[k];
		if (p) {
			const struct pipe_stage *s = &p->st[c->pipe_use % p->nstages];
			out->committed = s->used && s->use == c->pipe_use && s->committed >= p->producers;
		}
	} else {
		for (size_t k = 0; k < m->acp->blk.len; k++)
			if (m->acp->blk.v[k].b == c->b)
				out->committed = m->acp->blk.v[k].commits[c->tid] > c->batch;
	}
	out->landed = c->landed;
	out->file = c->at.file;
	out->line = c->at.line;
	return 0;
}

static const struct acp_pipe *pipe_at(const struct machine *m, int i)
{
	if (!m->acp || !m->dev.grid || i < 0)
		return NULL;
	for (size_t k = 0; k < m->acp->pipes.len; k++) {
		const struct acp_pipe *p = &m->acp->pipes.v[k];
		if ((!p->b || blk_live(m, p->b)) && i-- == 0)
			return p;
	}
	return NULL;
}

int machine_pipe_count(const struct machine *m)
{
	int n = 0;
	while (pipe_at(m, n))
		n++;
	return n;
}

int machine_pipe(const struct machine *m, int i, struct machine_pipe_info *out)
{
	const struct acp_pipe *p = pipe_at(m, i);
	if (!p)
		return -1;
	memset(out, 0, sizeof(*out));
	out->slot = p->b ? p->b->slot : -1;
	if (p->b)
		memcpy(out->block, p->b->idx, sizeof(out->block));
	out->addr = p->addr;
	out->obj = -1;
	for (uint32_t k = 0; k < m->mod->nobjs; k++)
		if (m->obj_addr && m->obj_addr[k] == p->addr)
			out->obj = (int)k;
	out->nstages = p->nstages;
	out->producers = p->producers;
	out->consumers = p->consumers;
	out->partitioned = p->partitioned;
	for (uint32_t k = 0; k < p->nstages && k < MACHINE_PIPE_MAXSTAGES; k++) {
		const struct pipe_stage *s = &p->st[k];
		struct machine_pipe_stage *o = &out->stage[k];
		o->use = s->use;
		o->acquired = s->acquired;
		o->committed = s->committed;
		o->released = s->released;
		for (size_t j = 0; j < m->acp->c.len; j++) {
			const struct acp_copy *c = &m->acp->c.v[j];
			if (c->pipe == p->addr && c->pipe_use == s->use && s->used && !c->landed &&
			    (!p->b || c->b == p->b))
				o->inflight++;
		}
		if (!s->used)
			o->state = STAGE_FREE;
		else if (p->consumers && s->released >= p->consumers)
			o->state = STAGE_RELEASED;
		else if (s->committed < p->producers)
			o->state = STAGE_ACQUIRED;
		else if (o->inflight)
			o->state = STAGE_COMMITTED;
		else
			o->state = STAGE_READY;
	}
	return 0;
}

int acp_count(const struct machine *m)
{
	return m->acp ? (int)m->acp->c.len : 0;
}
