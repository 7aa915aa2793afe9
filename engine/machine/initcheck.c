/*
 * initcheck.c - the checks that stay in the machine's memory paths for
 * speed (docs/engine.md, "Checkers"): reads of shared memory no thread of
 * the block wrote (bit 63 of the race shadow word, see shared_mark_init in
 * simt.h), reads of local memory the thread never wrote, and host/device
 * races on managed memory. They run per lane inside the interpreter's loads
 * and stores on shadow state the machine keeps beside the memory, so they
 * are called directly (simt.h), not through the event interface.
 */
#include "simt.h"

#include <string.h>

int check_shared_uninit(struct machine *m, struct warp *w, unsigned lane, const struct ir_insn *in,
			uint64_t off, unsigned sz)
{
	const uint64_t *sh = w->blk->race;
	for (uint64_t wd = off >> 2; wd <= (off + sz - 1) >> 2; wd++) {
		if (sh[wd] >> 63)
			continue;
		machine_finding_add(m, FK_UNINITIALIZED_READ, w, 1u << lane, in->span,
				    ADDR(TAG_SHARED, off),
				    "reads %u bytes of shared memory at offset %llu that no thread of the block has written (shared memory starts with garbage on a GPU)",
				    sz, (unsigned long long)off);
		return 1;
	}
	return 0;
}

void check_shared_init(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		       const uint64_t *A, uint64_t imm, unsigned sz, int write)
{
	struct block *b = w->blk;
	for (uint32_t mm = M; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t off = ADDR_OFF(A[l] + imm);
		if (!ws_range_in(0, b->shared_size, off, sz))
			continue;
		if (write)
			shared_mark_init(b, off, sz);
		else if (check_shared_uninit(m, w, l, in, off, sz))
			return;
	}
}

void check_local_range(struct lstack *ls, uint32_t off, uint32_t n, int set)
{
	if (ls->init_cap < ls->cap) {
		uint32_t nc = ls->cap;
		ls->init = xrealloc(ls->init, nc / 8 + 1);
		memset(ls->init + ls->init_cap / 8, 0, nc / 8 + 1 - ls->init_cap / 8);
		ls->init_cap = nc;
	}
	for (uint32_t i = off; i < off + n; i++) {
		if (set)
			ls->init[i >> 3] |= (uint8_t)(1u << (i & 7));
		else
			ls->init[i >> 3] &= (uint8_t)~(1u << (i & 7));
	}
}

void check_local_access(struct machine *m, struct warp *w, unsigned lane, uint64_t off,
			uint64_t n, int write, struct span sp)
{
	struct lstack *ls = &w->ls[lane];
	if (!ws_range_in(0, ls->init_cap, off, n))
		return;
	if (write) {
		check_local_range(ls, (uint32_t)off, (uint32_t)n, 1);
		return;
	}
	for (uint64_t i = off; i < off + n; i++) {
		if (ls->init[i >> 3] >> (i & 7) & 1)
			continue;
		machine_finding_add(m, FK_UNINITIALIZED_READ, w, 1u << lane, sp, ADDR(TAG_LOCAL, off),
				    "reads %llu bytes of the thread's local memory (a local variable or array) that were never written",
				    (unsigned long long)n);
		return;
	}
}

/* ---- host/device races on managed memory
 * A launch returns at once: until the host synchronizes, a queued kernel
 * runs concurrently with the host thread (warpstep runs it later, when the
 * host waits). A host load or store of managed memory while launches are
 * queued is noted; an access by one of those kernels to the same bytes,
 * one of the two a write, is a host-device-race, reported at the host's
 * access with the kernel's thread as the other side. On a GPU with
 * concurrentManagedAccess (the H100) the two race; on one without it, the
 * host access faults. At most HRACE_MAX notes are kept until the device is
 * idle; a host loop over an array makes one note per contiguous range. */
#define HRACE_MAX 256

void check_host_managed(struct machine *m, struct alloc *a, uint64_t off, uint64_t n, int write,
			struct span sp)
{
	if (m->o.fast || m->qhead >= m->queue.len || !n)
		return;
	uint64_t upto = m->nlaunched + (m->queue.len - m->qhead);
	sp = cg_user_span(m, m->host, 1, sp);
	/* extend a recent note of the same access (a loop over an array) */
	for (size_t i = m->race.hrace.len, k = 0; i-- > 0 && k < 4; k++) {
		struct hrace *r = &m->race.hrace.v[i];
		if (r->a == a && r->write == write && r->upto == upto && !r->done &&
		    r->sp.off == sp.off && r->sp.file == sp.file && off <= r->hi && off + n >= r->lo) {
			if (off < r->lo)
				r->lo = off;
			if (off + n > r->hi)
				r->hi = off + n;
			return;
		}
	}
	if (m->race.hrace.len >= HRACE_MAX)
		return;
	struct hrace r = { a, off, off + n, upto, sp, write, 0 };
	vec_push(&m->race.hrace, r);
	a->hrace++;
}

static void host_race_report(struct machine *m, struct warp *w, unsigned l, const struct ir_insn *in,
			     struct hrace *r, uint64_t off, int acc)
{
	struct alloc *a = r->a;
	struct span dsp = cg_user_span(m, w, 1u << l, in->span);
	struct machine_finding *f = machine_finding_add(m, FK_HOST_DEVICE_RACE, m->host, 1, r->sp, a->base + off,
			    "the host %s managed memory at offset %llu of a %llu-byte allocation while kernel %s, launched before and not synchronized with, %s (line %u): a launch returns at once and the kernel runs concurrently with the host, so the host sees old or new values (a GPU without concurrent managed access faults instead)",
			    r->write ? "writes" : "reads", (unsigned long long)off,
			    (unsigned long long)a->size, m->grid->fn->name,
			    acc == 2 ? "updates it atomically" : acc ? "writes it" : "reads it", dsp.line);
	finding_alloc(f, a->base, a->size);
	finding_other(m, f, (int64_t)w->blk->linear, (int64_t)(w->id * WS_WARP + l), acc);
}

void check_host_race(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		     const uint64_t *A, uint64_t imm, unsigned sz, int acc, struct alloc *a)
{
	int write = acc != 0;
	for (size_t i = 0; i < m->race.hrace.len && a->hrace; i++) {
		struct hrace *r = &m->race.hrace.v[i];
		if (r->a != a || r->done)
			continue;
		if (m->nlaunched > r->upto) {
			/* this kernel was launched after the host access: ordered */
			r->done = 1;
			a->hrace--;
			continue;
		}
		if (!write && !r->write)
			continue;
		for (uint32_t mm = M; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			uint64_t off = A[l] + imm - a->base;
			if (off < r->hi && off + sz > r->lo) {
				host_race_report(m, w, l, in, r, off > r->lo ? off : r->lo, acc);
				r->done = 1;
				a->hrace--;
				break;
			}
		}
	}
}

void check_host_clear(struct machine *m)
{
	for (size_t i = 0; i < m->race.hrace.len; i++)
		m->race.hrace.v[i].a->hrace = 0;
	m->race.hrace.len = 0;
}
