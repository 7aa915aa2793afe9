/*
 * axioms.c - the PTX model's axioms over a recorded execution (axioms.h).
 *
 * Per kernel: events E (reads, writes, RMWs, fences, barrier passages),
 * program order po (same thread, by sequence number), reads-from rf (a read
 * and the write with its id), coherence co (the recorded order per
 * location). Derived, as in PTX ISA 8.9:
 * - morally strong: same thread, or both strong and each one's scope
 *   includes the other's thread (cta: same block);
 * - observation obs: rf between morally strong operations;
 * - synchronizes-with sw: a release pattern (a release write, or a release
 *   fence po-before a strong write) whose write is observed by an acquire
 *   pattern (an acquire read, or a strong read po-before an acquire fence),
 *   the two ends morally strong; fence.sc before a morally strong fence.sc
 *   in the order the fences ran (the Fence-SC order); bar.sync passages of
 *   the same barrier instance;
 * - base causality: (po | sw)+; causality: base | obs;base.
 */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>

#include "axioms.h"
#include "ir.h"
#include "machine.h"
#include "util.h"

struct ax_ev {
	uint8_t kind, strong, scope, sem;
	int thr;
	uint32_t blk, rid, wid, po, kernel;
	uint64_t addr;
};
struct ax_co { uint64_t addr; uint32_t kernel; uint32_t *ids; size_t n; };

struct ax_exec {
	VEC(struct ax_ev) ev;
	VEC(struct ax_co) co;
	uint32_t kernel;
};

struct ax_exec *ax_new(void)
{
	return xcalloc(1, sizeof(struct ax_exec));
}

void ax_clear(struct ax_exec *x)
{
	for (size_t i = 0; i < x->co.len; i++)
		free(x->co.v[i].ids);
	x->co.len = 0;
	x->ev.len = 0;
	x->kernel = 0;
}

void ax_free(struct ax_exec *x)
{
	if (!x)
		return;
	ax_clear(x);
	vec_free(&x->ev);
	vec_free(&x->co);
	free(x);
}

void ax_event(struct ax_exec *x, int kind, int thr, uint32_t blk, uint64_t addr, uint32_t rid,
	      uint32_t wid, int strong, unsigned scope, unsigned sem, uint32_t po)
{
	struct ax_ev e = { (uint8_t)kind, (uint8_t)strong, (uint8_t)scope, (uint8_t)sem, thr, blk, rid,
			   wid, po, x->kernel, addr };
	vec_push(&x->ev, e);
}

void ax_co(struct ax_exec *x, uint64_t addr, const uint32_t *ids, size_t n)
{
	struct ax_co c = { addr, x->kernel, xmalloc((n ? n : 1) * sizeof(uint32_t)), n };
	memcpy(c.ids, ids, n * sizeof(uint32_t));
	vec_push(&x->co, c);
}

void ax_kernel_end(struct ax_exec *x)
{
	x->kernel++;
}

/* the model's event kinds are the axiom checker's, in the same order */
_Static_assert((int)MM_EV_READ == (int)AX_R && (int)MM_EV_WRITE == (int)AX_W &&
	       (int)MM_EV_RMW == (int)AX_U && (int)MM_EV_FENCE == (int)AX_F &&
	       (int)MM_EV_BARRIER == (int)AX_B, "machine_mm_event matches ax_kind");

static void rec_event(void *ctx, int kind, int thr, uint32_t blk, uint64_t addr, uint32_t rid,
		      uint32_t wid, int strong, unsigned scope, unsigned sem, uint32_t po)
{
	ax_event(ctx, kind, thr, blk, addr, rid, wid, strong, scope, sem, po);
}

static void rec_co(void *ctx, uint64_t addr, const uint32_t *ids, size_t n)
{
	ax_co(ctx, addr, ids, n);
}

static void rec_end(void *ctx)
{
	ax_kernel_end(ctx);
}

void ax_recorder(struct ax_exec *x, struct machine_mm_recorder *r)
{
	r->ctx = x;
	r->event = rec_event;
	r->co = rec_co;
	r->kernel_end = rec_end;
}

const char *ax_name(int a)
{
	static const char *const names[] = { "none", "coherence", "fence-SC", "atomicity", "no-thin-air",
					     "SC-per-location", "causality" };
	return a >= 0 && a <= AXV_CAUSALITY ? names[a] : "?";
}

/* ---- one kernel */

struct kx {
	const struct ax_ev **e;
	size_t n;
	uint8_t *c;              /* n x n causality */
	const struct ax_exec *x;
	uint32_t kernel;
};

/* scope inclusion: cta the same block (a host thread is one of its own,
 * MACHINE_MM_HOST_BLOCK), gpu the device's threads, sys everyone */
static int covers(unsigned scope, uint32_t a, uint32_t b)
{
	if (scope == SCOPE_CTA)
		return a == b;
	if (scope == SCOPE_CLUSTER) /* NEEDSWORK: a cluster of one block until clusters are launched */
		return a == b;
	if (scope == SCOPE_GPU)
		return a == b || (!MACHINE_MM_IS_HOST(a) && !MACHINE_MM_IS_HOST(b));
	return 1;
}

static int ms(const struct ax_ev *a, const struct ax_ev *b)
{
	if (a->thr == b->thr)
		return 1;
	return a->strong && b->strong && covers(a->scope, a->blk, b->blk) && covers(b->scope, b->blk, a->blk);
}

static int is_w(const struct ax_ev *e) { return e->kind == AX_W || e->kind == AX_U; }
static int is_r(const struct ax_ev *e) { return e->kind == AX_R || e->kind == AX_U; }
static int acq(unsigned s) { return s == SEM_ACQUIRE || s == SEM_ACQ_REL || s == SEM_SC; }
static int rel(unsigned s) { return s == SEM_RELEASE || s == SEM_ACQ_REL || s == SEM_SC; }

static const struct ax_co *co_of(const struct kx *k, uint64_t addr)
{
	for (size_t i = 0; i < k->x->co.len; i++)
		if (k->x->co.v[i].kernel == k->kernel && k->x->co.v[i].addr == addr)
			return &k->x->co.v[i];
	return NULL;
}

/* coherence position of write id at addr (-1: unknown) */
static int co_pos(const struct kx *k, uint64_t addr, uint32_t id)
{
	const struct ax_co *c = co_of(k, addr);
	for (size_t i = 0; c && i < c->n; i++)
		if (c->ids[i] == id)
			return (int)i;
	return -1;
}

/* the write event with id at addr, or -1 (initial write) */
static int writer(const struct kx *k, uint64_t addr, uint32_t id)
{
	for (size_t i = 0; i < k->n; i++)
		if (is_w(k->e[i]) && k->e[i]->addr == addr && k->e[i]->wid == id)
			return (int)i;
	return -1;
}

static int po(const struct ax_ev *a, const struct ax_ev *b)
{
	return a->thr == b->thr && a->po < b->po;
}

/* a release pattern ending in write i: the op that starts it, or -1 */
static void sw_edges(struct kx *k, uint8_t *b)
{
	size_t n = k->n;
	for (size_t r = 0; r < n; r++) {
		const struct ax_ev *R = k->e[r];
		if (!is_r(R) || !R->strong)
			continue;
		int w = writer(k, R->addr, R->rid);
		if (w < 0 || !ms(k->e[w], R) || k->e[w]->thr == R->thr)
			continue;
		const struct ax_ev *W = k->e[w];
		/* release side: W itself, or a release fence po-before it */
		for (size_t x = 0; x < n; x++) {
			const struct ax_ev *X = k->e[x];
			int relx = ((size_t)w == x && rel(W->sem)) ||
				   (X->kind == AX_F && rel(X->sem) && po(X, W));
			if (!relx)
				continue;
			/* acquire side: R itself, or an acquire fence po-after it */
			for (size_t y = 0; y < n; y++) {
				const struct ax_ev *Y = k->e[y];
				int acqy = (y == r && acq(R->sem)) ||
					   (Y->kind == AX_F && acq(Y->sem) && po(R, Y));
				if (acqy && ms(X, Y))
					b[x * n + y] = 1;
			}
		}
	}
	/* Fence-SC order: the order the fences ran in, for morally strong pairs */
	for (size_t i = 0; i < n; i++)
		for (size_t j = i + 1; j < n; j++) {
			const struct ax_ev *A = k->e[i], *B = k->e[j];
			if (A->kind == AX_F && B->kind == AX_F && A->sem == SEM_SC && B->sem == SEM_SC &&
			    A->thr != B->thr && ms(A, B))
				b[i * n + j] = 1;
			if (A->kind == AX_B && B->kind == AX_B && A->rid == B->rid && A->thr != B->thr) {
				/* a barrier passage: every op before either is before every op after */
				b[i * n + j] = b[j * n + i] = 1;
			}
		}
}

static void closure(uint8_t *c, size_t n)
{
	for (size_t m = 0; m < n; m++)
		for (size_t i = 0; i < n; i++)
			if (c[i * n + m])
				for (size_t j = 0; j < n; j++)
					if (c[m * n + j])
						c[i * n + j] = 1;
}

static int check_kernel(struct kx *k, char *why, size_t wn)
{
	size_t n = k->n;
	/* no-thin-air (values come from writes): every read's write exists */
	for (size_t i = 0; i < n; i++) {
		const struct ax_ev *R = k->e[i];
		if (is_r(R) && co_pos(k, R->addr, R->rid) < 0) {
			snprintf(why, wn, "a read of 0x%llx reads a write that does not exist", (unsigned long long)R->addr);
			return AXV_THIN_AIR;
		}
	}
	/* atomicity */
	for (size_t i = 0; i < n; i++) {
		const struct ax_ev *U = k->e[i];
		if (U->kind != AX_U)
			continue;
		int pr = co_pos(k, U->addr, U->rid), pu = co_pos(k, U->addr, U->wid);
		for (size_t j = 0; j < n; j++) {
			const struct ax_ev *W = k->e[j];
			if (j == i || !is_w(W) || W->addr != U->addr || !ms(W, U))
				continue;
			int pw = co_pos(k, W->addr, W->wid);
			if (pr < pw && pw < pu) {
				snprintf(why, wn, "an RMW of 0x%llx read a value overwritten before its own write",
					 (unsigned long long)U->addr);
				return AXV_ATOMICITY;
			}
		}
	}
	/* coherence + SC-per-location: per location, po-loc | (rf|co|fr) among
	 * morally strong pairs is acyclic; here: for ordered pairs A po B on one
	 * location and any ms path, check the direct contradictions */
	uint8_t *g = xcalloc(n * n, 1);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++) {
			const struct ax_ev *A = k->e[i], *B = k->e[j];
			if (i == j || A->kind >= AX_F || B->kind >= AX_F || A->addr != B->addr)
				continue;
			if (po(A, B))
				g[i * n + j] = 1;
			if (!ms(A, B))
				continue;
			if (is_w(A) && is_w(B) && co_pos(k, A->addr, A->wid) < co_pos(k, B->addr, B->wid))
				g[i * n + j] = 1; /* co */
			if (is_w(A) && is_r(B) && B->rid == A->wid)
				g[i * n + j] = 1; /* rf */
			if (is_r(A) && is_w(B) && co_pos(k, A->addr, A->rid) < co_pos(k, B->addr, B->wid))
				g[i * n + j] = 1; /* fr */
		}
	closure(g, n);
	for (size_t i = 0; i < n; i++)
		if (g[i * n + i]) {
			free(g);
			snprintf(why, wn, "a cycle of program order and morally strong communication on 0x%llx",
				 (unsigned long long)k->e[i]->addr);
			return AXV_SC_PER_LOC;
		}
	free(g);
	/* causality */
	uint8_t *b = xcalloc(n * n, 1);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			if (po(k->e[i], k->e[j]))
				b[i * n + j] = 1;
	sw_edges(k, b);
	closure(b, n);
	for (size_t i = 0; i < n; i++)
		if (b[i * n + i] && k->e[i]->kind == AX_F) {
			free(b);
			snprintf(why, wn, "fence.sc order contradicts causality order");
			return AXV_FENCE_SC;
		}
	/* causality = base | obs;base */
	uint8_t *c = xcalloc(n * n, 1);
	memcpy(c, b, n * n);
	for (size_t r = 0; r < n; r++) {
		const struct ax_ev *R = k->e[r];
		if (!is_r(R))
			continue;
		int w = writer(k, R->addr, R->rid);
		if (w < 0 || !ms(k->e[w], R))
			continue;
		for (size_t y = 0; y < n; y++)
			if (b[r * n + y] || y == r)
				c[(size_t)w * n + y] = 1;
	}
	int bad = 0;
	/* a read never reads a write that it precedes in causality order (the
	 * load-buffering cycle rf;cause, as in the PTX model's Causality axiom:
	 * irreflexive((rf | fr)?; cause)) */
	for (size_t r = 0; r < n && !bad; r++) {
		const struct ax_ev *R = k->e[r];
		int w = is_r(R) ? writer(k, R->addr, R->rid) : -1;
		if (is_r(R) && (c[r * n + r] || (w >= 0 && (size_t)w != r && c[r * n + (size_t)w]))) {
			bad = 1;
			snprintf(why, wn, "a read of 0x%llx reads a write that it precedes in causality order",
				 (unsigned long long)R->addr);
		}
	}
	for (size_t i = 0; i < n && !bad; i++) {
		const struct ax_ev *W = k->e[i];
		if (!is_w(W))
			continue;
		int pw = co_pos(k, W->addr, W->wid);
		for (size_t j = 0; j < n && !bad; j++) {
			const struct ax_ev *M = k->e[j];
			if (j == i || !c[i * n + j] || M->kind >= AX_F || M->addr != W->addr)
				continue;
			if (is_w(M) && co_pos(k, M->addr, M->wid) < pw)
				bad = 1;
			if (is_r(M) && co_pos(k, M->addr, M->rid) < pw)
				bad = 1;
			if (bad)
				snprintf(why, wn, "a write to 0x%llx precedes an access in causality order, but the access reads or overwrites an older value",
					 (unsigned long long)W->addr);
		}
	}
	free(b);
	free(c);
	return bad ? AXV_CAUSALITY : 0;
}

int ax_check(const struct ax_exec *x, char *why, size_t wn)
{
	int r = 0;
	for (uint32_t kn = 0; kn <= x->kernel && !r; kn++) {
		struct kx k = { NULL, 0, NULL, x, kn };
		k.e = xmalloc((x->ev.len + 1) * sizeof(*k.e));
		for (size_t i = 0; i < x->ev.len; i++)
			if (x->ev.v[i].kernel == kn)
				k.e[k.n++] = &x->ev.v[i];
		if (k.n && k.n <= 400)
			r = check_kernel(&k, why, wn);
		free(k.e);
	}
	return r;
}

/* ---- both ways: candidate executions */

static int ev_cmp(const struct ax_ev *a, const struct ax_ev *b)
{
	if (a->thr != b->thr)
		return a->thr < b->thr ? -1 : 1;
	return a->po < b->po ? -1 : a->po > b->po;
}

/* the write event with id at addr (-1: the initial write) */
static int writer_all(const struct ax_exec *x, uint64_t addr, uint32_t id)
{
	for (size_t i = 0; i < x->ev.len; i++) {
		const struct ax_ev *e = &x->ev.v[i];
		if ((e->kind == AX_W || e->kind == AX_U) && e->addr == addr && e->wid == id)
			return (int)i;
	}
	return -1;
}

static void ev_name(struct strbuf *sb, const struct ax_exec *x, int i)
{
	if (i < 0)
		strbuf_adds(sb, "init");
	else
		strbuf_addf(sb, "%d.%u", x->ev.v[i].thr, x->ev.v[i].po);
}

void ax_key(const struct ax_exec *x, struct strbuf *sb)
{
	strbuf_reset(sb);
	/* events sorted by (thread, po): reads and what they read */
	size_t n = x->ev.len;
	int *ord = xmalloc((n ? n : 1) * sizeof(int));
	for (size_t i = 0; i < n; i++)
		ord[i] = (int)i;
	for (size_t i = 1; i < n; i++)
		for (size_t j = i; j > 0 && ev_cmp(&x->ev.v[ord[j - 1]], &x->ev.v[ord[j]]) > 0; j--) {
			int t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
	for (size_t k = 0; k < n; k++) {
		const struct ax_ev *e = &x->ev.v[ord[k]];
		if (e->kind != AX_R && e->kind != AX_U)
			continue;
		strbuf_addf(sb, "r%d.%u<", e->thr, e->po);
		ev_name(sb, x, writer_all(x, e->addr, e->rid));
		strbuf_adds(sb, " ");
	}
	free(ord);
	/* coherence, per location in address order */
	size_t nc = x->co.len;
	int *co = xmalloc((nc ? nc : 1) * sizeof(int));
	for (size_t i = 0; i < nc; i++)
		co[i] = (int)i;
	for (size_t i = 1; i < nc; i++)
		for (size_t j = i; j > 0 && x->co.v[co[j - 1]].addr > x->co.v[co[j]].addr; j--) {
			int t = co[j];
			co[j] = co[j - 1];
			co[j - 1] = t;
		}
	for (size_t k = 0; k < nc; k++) {
		const struct ax_co *c = &x->co.v[co[k]];
		if (c->n < 3)
			continue; /* one write after the initial one: nothing to order */
		strbuf_adds(sb, "co");
		for (size_t i = 1; i < c->n; i++) {
			strbuf_adds(sb, i > 1 ? "," : ":");
			ev_name(sb, x, writer_all(x, c->addr, c->ids[i]));
		}
		strbuf_adds(sb, " ");
	}
	free(co);
}

struct ax_exec *ax_dup(const struct ax_exec *x)
{
	struct ax_exec *y = ax_new();
	for (size_t i = 0; i < x->ev.len; i++)
		vec_push(&y->ev, x->ev.v[i]);
	for (size_t i = 0; i < x->co.len; i++) {
		const struct ax_co *c = &x->co.v[i];
		ax_co(y, c->addr, c->ids, c->n);
		y->co.v[y->co.len - 1].kernel = c->kernel;
	}
	y->kernel = x->kernel;
	return y;
}

int ax_same_events(const struct ax_exec *x, const struct ax_exec *y)
{
	if (x->ev.len != y->ev.len || x->kernel > 1 || y->kernel > 1)
		return 0;
	for (size_t i = 0; i < x->ev.len; i++) {
		int found = 0;
		const struct ax_ev *a = &x->ev.v[i];
		for (size_t j = 0; j < y->ev.len && !found; j++) {
			const struct ax_ev *b = &y->ev.v[j];
			found = a->thr == b->thr && a->po == b->po && a->kind == b->kind && a->addr == b->addr;
		}
		if (!found)
			return 0;
	}
	return 1;
}

struct cand {
	const struct ax_exec *x;
	struct ax_exec *c;
	int *reads, nreads;          /* event indices of reads */
	int **opts, *nopts;          /* per read: candidate writes (event index, -1 initial) */
	uint64_t *addrs;             /* locations */
	int **ws, *nws, naddr;       /* per location: its write events, permuted in place */
	void (*fn)(void *, const struct ax_exec *);
	void *ctx;
	long count, tried, max;
	int *choice;
};

static int fence_orders(struct ax_exec *c, int *fs, int nf, int m);

static int loc_index(const struct cand *k, uint64_t addr)
{
	for (int i = 0; i < k->naddr; i++)
		if (k->addrs[i] == addr)
			return i;
	return -1;
}

/* the canonical id of write event w: its index in its location's list + 1 */
static uint32_t cand_id(const struct cand *k, int w)
{
	if (w < 0)
		return 0;
	int l = loc_index(k, k->x->ev.v[w].addr);
	for (int i = 0; i < k->nws[l]; i++)
		if (k->ws[l][i] == w)
			return (uint32_t)i + 1;
	return 0;
}

static void cand_emit(struct cand *k)
{
	if (k->max >= 0 && ++k->tried > k->max)
		return;
	struct ax_exec *c = k->c;
	ax_clear(c);
	/* the ids are fixed per write (its place in the location's original order) */
	for (size_t i = 0; i < k->x->ev.len; i++) {
		struct ax_ev e = k->x->ev.v[i];
		e.kernel = 0;
		vec_push(&c->ev, e);
	}
	for (int r = 0; r < k->nreads; r++)
		c->ev.v[k->reads[r]].rid = 0;
	for (size_t i = 0; i < c->ev.len; i++) {
		struct ax_ev *e = &c->ev.v[i];
		if (e->kind == AX_W || e->kind == AX_U)
			e->wid = cand_id(k, (int)i);
	}
	for (int r = 0; r < k->nreads; r++)
		c->ev.v[k->reads[r]].rid = cand_id(k, k->opts[r][k->choice[r]]);
	/* coherence: the permutation of each location's writes */
	for (int l = 0; l < k->naddr; l++) {
		uint32_t ids[256];
		size_t n = 0;
		ids[n++] = 0;
		for (int i = 0; i < k->nws[l] && n < 256; i++)
			ids[n++] = cand_id(k, k->ws[l][i]);
		ax_co(c, k->addrs[l], ids, n);
	}
	/* the Fence-SC order is the order of the fence.sc events: try each */
	int fs[8], nf = 0;
	for (size_t i = 0; i < c->ev.len; i++)
		if (c->ev.v[i].kind == AX_F && c->ev.v[i].sem == SEM_SC && nf < 8)
			fs[nf++] = (int)i;
	if (fence_orders(c, fs, nf, nf)) {
		k->count++;
		k->fn(k->ctx, c);
	}
}

static void cand_co(struct cand *k, int l);

/* does some order of the fence events in slots fs[0..m) satisfy the axioms
 * (the slots' order is the Fence-SC order ax_check reads) */
static int fence_orders(struct ax_exec *c, int *fs, int nf, int m)
{
	char why[128];
	if (m <= 1)
		return !ax_check(c, why, sizeof(why));
	for (int i = 0; i < m; i++) {
		if (fence_orders(c, fs, nf, m - 1))
			return 1;
		int j = m % 2 ? 0 : i;
		struct ax_ev t = c->ev.v[fs[j]];
		c->ev.v[fs[j]] = c->ev.v[fs[m - 1]];
		c->ev.v[fs[m - 1]] = t;
	}
	return 0;
}

/* permutations of location l's writes (Heap's algorithm, recursive) */
static void perm(struct cand *k, int l, int m)
{
	if (m <= 1) {
		cand_co(k, l + 1);
		return;
	}
	for (int i = 0; i < m; i++) {
		perm(k, l, m - 1);
		int j = m % 2 ? 0 : i, t = k->ws[l][j];
		k->ws[l][j] = k->ws[l][m - 1];
		k->ws[l][m - 1] = t;
	}
}

static void cand_co(struct cand *k, int l)
{
	if (l == k->naddr) {
		cand_emit(k);
		return;
	}
	perm(k, l, k->nws[l]);
}

static void cand_rf(struct cand *k, int r)
{
	if (k->max >= 0 && k->tried > k->max)
		return;
	if (r == k->nreads) {
		cand_co(k, 0);
		return;
	}
	for (int o = 0; o < k->nopts[r]; o++) {
		k->choice[r] = o;
		cand_rf(k, r + 1);
	}
}

long ax_candidates(const struct ax_exec *x, void (*fn)(void *ctx, const struct ax_exec *c), void *ctx,
		   long max)
{
	struct cand k;
	memset(&k, 0, sizeof(k));
	size_t n = x->ev.len;
	k.x = x;
	k.c = ax_new();
	k.fn = fn;
	k.ctx = ctx;
	k.max = max;
	k.reads = xmalloc((n ? n : 1) * sizeof(int));
	k.opts = xcalloc(n ? n : 1, sizeof(int *));
	k.nopts = xcalloc(n ? n : 1, sizeof(int));
	k.choice = xcalloc(n ? n : 1, sizeof(int));
	k.addrs = xmalloc((n ? n : 1) * sizeof(uint64_t));
	k.ws = xcalloc(n ? n : 1, sizeof(int *));
	k.nws = xcalloc(n ? n : 1, sizeof(int));
	/* locations and their writes, in the recorded coherence order */
	for (size_t i = 0; i < x->co.len; i++) {
		const struct ax_co *c = &x->co.v[i];
		if (loc_index(&k, c->addr) >= 0)
			continue;
		int l = k.naddr++;
		k.addrs[l] = c->addr;
		k.ws[l] = xmalloc((c->n ? c->n : 1) * sizeof(int));
		for (size_t j = 1; j < c->n; j++) {
			int w = writer_all(x, c->addr, c->ids[j]);
			if (w >= 0)
				k.ws[l][k.nws[l]++] = w;
		}
	}
	for (size_t i = 0; i < n; i++) {
		const struct ax_ev *e = &x->ev.v[i];
		if (e->kind != AX_R && e->kind != AX_U)
			continue;
		int l = loc_index(&k, e->addr), r = k.nreads++;
		k.reads[r] = (int)i;
		k.opts[r] = xmalloc(((l >= 0 ? (size_t)k.nws[l] : 0) + 1) * sizeof(int));
		k.opts[r][k.nopts[r]++] = -1;
		for (int j = 0; l >= 0 && j < k.nws[l]; j++)
			if (k.ws[l][j] != (int)i)
				k.opts[r][k.nopts[r]++] = k.ws[l][j];
	}
	cand_rf(&k, 0);
	long res = k.max >= 0 && k.tried > k.max ? -1 : k.count;
	for (size_t i = 0; i < n; i++) {
		free(k.opts[i]);
		free(k.ws[i]);
	}
	free(k.opts);
	free(k.nopts);
	free(k.choice);
	free(k.reads);
	free(k.addrs);
	free(k.ws);
	free(k.nws);
	ax_free(k.c);
	return res;
}
