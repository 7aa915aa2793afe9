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
