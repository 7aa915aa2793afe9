/*
 * check_race_shared.c - the shared-memory checker: races between the
 * threads of a block, and reads of shared memory no thread of the block
 * has written (shared memory starts with garbage on a GPU).
 *
 * Races. Two accesses to the same shared word by threads of different
 * warps, at least one a write, with no __syncthreads() between them (one
 * epoch: it ends at every barrier, every fence, every cuda::barrier phase
 * of the block: a cheap stand-in for happens-before that accepts flag
 * protocols with fences) are a race: the order between warps is not
 * defined. Atomics and volatile accesses are not recorded.
 * Lanes of one warp race too when no __syncwarp (or other collective)
 * completed between their accesses: since Volta the lanes of a warp are
 * not in lockstep, even when converged (the Programming Guide's independent
 * thread scheduling section), so `s[l] = v; x = s[l ^ 1];` is a race. This
 * is checked under both --simt models: the code is wrong on every GPU this
 * tool models, whatever order the emulation happens to run the lanes in.
 * Lanes of one instruction are not a race with each other (a store of
 * several lanes to one word: one of them wins, as the guide specifies).
 *
 * The shadow: one 32-bit word per 4 bytes of a block's shared memory, per
 * resident slot (CEV_BLOCK_START starts it afresh): the last writer (thread
 * in the block + 1, 11 bits), the reader(s) (11 bits, RACE_MULTI: threads
 * of several warps), the writer's warp's collective count at the access
 * (9 bits: a word's records of the warp are dropped when the count moved,
 * so the ones left were made since its last __syncwarp), and bit 31: some
 * thread wrote the word (initialized). An epoch's end clears the records
 * of the words touched since the last one (keeping bit 31): no epoch
 * number per word.
 *
 * Distributed shared memory (thread block clusters): an access to another
 * block's shared memory (e->dslot) is checked against that block's shadow,
 * its accessor recorded as RACE_REMOTE + its block's cluster rank (one
 * accessor per block: its threads are not told apart); a cluster barrier
 * or cluster fence ends the epochs of every block of the cluster (CEV_SYNC).
 * Remote reads are not checked for initialization.
 */
#include "check.h"
#include "ir.h"

#include <string.h>

#define WARP 32
#define RACE_MULTI 0x7ffu
#define RACE_REMOTE 1024u /* + the cluster rank: a thread of another block (DSMEM) */
#define INIT_BIT 0x80000000u

/* a weak read whose records are not made yet (see struct slot): what
 * race_check asks of its event, in 16 bytes (struct check_rlog: the whole
 * event and its lanes took 448, written for every tile read and mostly
 * dropped unread; 32 with the high half and the warp's pointer in each
 * entry). The lanes' addresses: hib | o0 is lane 0's, hib | o1 lane 16's
 * (every entry of a slot's log has the same high half: struct
 * check_slog), and RL_ROWS: each half-warp on consecutive elements from
 * there (a tile's row, s[tid]); RL_HALVES: each half-warp on its one
 * address (a tile's column broadcast); RL_LANES: lane l's low half is the
 * slot's lanes[32 * o0 + l] (high halves all hib's). meta packs the warp's
 * collective count (the 9 bits race_check compares), the warp in its
 * block, the access's size and the kind (CHECK_RL_META); the warp's
 * pointer, which only a report would name, is the log's w[warp] (struct
 * check_rbuf: set by each entry of the warp; a block's warp is one struct
 * warp while the slot holds it). The machine's fast path writes the
 * commonest entries itself (check.h, struct check_slog). */
enum { RL_ROWS, RL_HALVES, RL_LANES };
/* a read's shape as the machine found it is its kind + 1 (shared_read) */
_Static_assert(RL_ROWS == CHECK_SHAPE_ROWS - 1 && RL_HALVES == CHECK_SHAPE_HALVES - 1, "RL_ kinds");
/* lane l's offset in a half-warp's row of 4- and of 8-byte elements */
static const uint64_t rl_step0[16];
static const uint64_t rl_step4[16] = { 0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60 };
static const uint64_t rl_step8[16] = { 0, 8, 16, 24, 32, 40, 48, 56, 64, 72, 80, 88, 96, 104, 112, 120 };
#define RL_WSYNC(m) ((m) & 0x1ffu)
#define RL_WARP(m) ((m) >> 9 & 0x1fu)
#define RL_SIZE(m) ((m) >> 14 & 0xffu)
#define RL_KIND(m) ((m) >> 22 & 3u)
#define RLOG_MAX 4096u
#define RLOG_FIRST 16u /* a log's first capacity */
#define RBUF_BYTES(cap) (sizeof(struct check_rbuf) + (size_t)(cap) * sizeof(struct check_rlog))

struct slot {
	/* Reads after a barrier, deferred. While no weak write has been
	 * checked in this epoch (wrote 0) no word holds a writer, so a read
	 * cannot race; when the block's memory is all initialized (every
	 * word's bit 31, which only a new block clears: initw) it cannot
	 * read garbage either: it changes nothing but the reader records, which
	 * only a later write of the same epoch asks. Such reads are kept in
	 * q.log, in order, and applied (race_check, as if they came now: the
	 * words' state is the one they would have met) before any other access
	 * of the slot's records; an epoch's end forgets them, as it forgets the
	 * records. matmul_tiled's tile reads after its __syncthreads() then
	 * cost a copy each. Atomics on a block's memory all initialized change
	 * nothing (histogram's bins). A log that grew past its first capacity
	 * is lent by the checker's pool (struct shared) at the epoch's first
	 * deferred read and given back at its end (log_give).
	 * q.open: shared_read, and the machine (struct check_slog), may write
	 * entries [q.nlog, q.open) without asking more: the epoch has no weak
	 * write (wrote), the log is lent, and memory [0, q.bytes) was found all
	 * initialized (log_read sets it, every change of those makes it 0).
	 * First in the slot: the machine finds it at the slot's address
	 * (struct shared's logs). */
	struct check_slog q;
	uint32_t caplog;
	uint32_t *w;            /* the shadow words */
	uint32_t n;             /* words */
	uint32_t lo, hi;        /* words touched since the epoch began: [lo, hi) */
	uint32_t *lanes;        /* RL_LANES's low halves, 32 an entry */
	uint32_t nlanes, caplanes; /* entries */
	int wrote;              /* a weak write was checked in this epoch */
	/* Reads are checked at once, not deferred: an epoch of this slot
	 * flushed its log for a weak write (reduce_smem's s[t] +=
	 * s[t + stride]: the warp that reads writes next, so every entry was
	 * replayed a few instructions later, at the cost of the entry, the
	 * flush and the replay's lane passes on top of the check). Until an
	 * epoch ends with reads and no weak write (the log would have paid:
	 * matmul_tiled's tile reads). It keeps across the slot's blocks (the
	 * same kernel's next block). Either way the words end as race_check
	 * leaves them: a deferred read is replayed as if it came then, so
	 * this changes what costs, never a finding. */
	int eager;
	uint32_t initw;         /* words [0, initw) are initialized (all_init: it only grows) */
};
struct shared {
	struct machine *m;
	VEC(struct slot) s;     /* by resident slot */
	struct check_slogs logs; /* the slots' q for the machine (shared_logs), as s moves */
	/* Logs no slot holds (struct slot), the last given back on top. The
	 * scheduler runs a block's warps from one barrier to the next before
	 * the next block's, so an epoch's log is mostly given back before the
	 * next slot's epoch takes one: a few logs, written again while still
	 * in cache, instead of one per resident slot touched once (matmul_tiled
	 * 128^2: 64 slots of 8 KiB, 119 of the launch's page faults) */
	struct rpool {
		struct check_rbuf *log;
		uint32_t cap;
	} *pool;
	uint32_t npool, cappool;
	/* words read alone by a lane of the instruction being checked (by the
	 * word's low bits; valid when its event number is this one's) */
	uint32_t memo_w[WARP];
	uint64_t memo_ev[WARP];
	uint64_t ev;
};

static void *shared_create(struct machine *m)
{
	struct shared *x = xcalloc(1, sizeof(struct shared));
	x->m = m;
	return x;
}

static void shared_destroy(void *self)
{
	struct shared *x = self;
	for (size_t i = 0; i < x->s.len; i++) {
		free(x->s.v[i].w);
		free(x->s.v[i].q.log);
		free(x->s.v[i].lanes);
	}
	for (uint32_t i = 0; i < x->npool; i++)
		free(x->pool[i].log);
	free(x->pool);
	vec_free(&x->s);
	free(x);
}

/* the slots' logs as the machine finds them (struct check_slogs), after
 * x->s grew (it may have moved) */
static void logs_moved(struct shared *x)
{
	x->logs.base = x->s.len ? (char *)&x->s.v[0].q : NULL;
	x->logs.stride = sizeof(struct slot);
	x->logs.len = x->s.len;
}

static void *shared_clone(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p),
			  void *ctx)
{
	const struct shared *o = self;
	struct shared *x = xcalloc(1, sizeof(*x));
	x->m = m;
	for (size_t i = 0; i < o->s.len; i++) {
		struct slot s = o->s.v[i];
		if (s.w) {
			uint32_t *c = xmalloc((size_t)s.n * sizeof(*c));
			memcpy(c, s.w, (size_t)s.n * sizeof(*c));
			s.w = c;
		}
		s.q.log = NULL;
		s.caplog = 0;
		s.q.open = 0;
		s.lanes = NULL;
		s.caplanes = 0;
		if (s.nlanes) {
			s.lanes = xmalloc((size_t)s.nlanes * WARP * sizeof(*s.lanes));
			memcpy(s.lanes, o->s.v[i].lanes, (size_t)s.nlanes * WARP * sizeof(*s.lanes));
			s.caplanes = s.nlanes;
		}
		if (s.q.nlog) {
			s.q.log = xmalloc(RBUF_BYTES(s.q.nlog));
			memcpy(s.q.log, o->s.v[i].q.log, RBUF_BYTES(s.q.nlog));
			s.caplog = s.q.nlog;
			/* the deferred reads name the copy's warps (the entries' only:
			 * the others may be stale) */
			for (uint32_t j = 0; j < s.q.nlog; j++) {
				unsigned wi = RL_WARP(s.q.log->e[j].meta);
				struct warp *ow = o->s.v[i].q.log->w[wi];
				s.q.log->w[wi] = ow ? map(ctx, ow) : NULL;
			}
		}
		vec_push(&x->s, s);
	}
	logs_moved(x);
	return x;
}

/* slot_get's rare cases: slot k made or its shadow grown */
static WS_NOINLINE struct slot *slot_make(struct shared *x, int k, uint64_t bytes)
{
	int made = 0;
	if (WS_UNLIKELY(x->s.len <= (size_t)k)) {
		while (x->s.len <= (size_t)k) {
			struct slot z = { 0 };
			vec_push(&x->s, z);
		}
		logs_moved(x);
		made = 1;
	}
	struct slot *s = &x->s.v[k];
	uint32_t n = (uint32_t)(bytes / 4 + 1);
	if (s->n < n) {
		s->w = xrealloc(s->w, (size_t)n * sizeof(*s->w));
		memset(s->w + s->n, 0, (size_t)(n - s->n) * sizeof(*s->w));
		s->n = n;
	}
	if (WS_UNLIKELY(made))
		s->lo = s->n; /* no word touched: as CEV_BLOCK_START leaves it */
	return s;
}

/* slot k's shadow, for bytes of shared memory (zeroed when new or grown):
 * an existing slot large enough without a call (every access asks) */
static CHECK_INLINE struct slot *slot_get(struct shared *x, int k, uint64_t bytes)
{
	if (WS_LIKELY((size_t)k < x->s.len)) {
		struct slot *s = &x->s.v[k];
		if (WS_LIKELY(s->n >= (uint32_t)(bytes / 4 + 1)))
			return s;
	}
	return slot_make(x, k, bytes);
}

/* slot s's log, emptied, goes back to x's pool; a log of the first
 * capacity stays (reduce_smem's epochs defer one read each: lending it
 * would cost more than it saves) */
static CHECK_INLINE void log_give(struct shared *x, struct slot *s)
{
	s->q.nlog = s->q.open = 0;
	if (s->caplog <= RLOG_FIRST)
		return;
	if (x->npool == x->cappool) {
		x->cappool = x->cappool ? 2 * x->cappool : 8;
		x->pool = xrealloc(x->pool, (size_t)x->cappool * sizeof(*x->pool));
	}
	x->pool[x->npool].log = s->q.log;
	x->pool[x->npool++].cap = s->caplog;
	s->q.log = NULL;
	s->caplog = 0;
}

/* a weak write of slot s is checked in this epoch: no more deferred reads */
static inline void mark_wrote(struct slot *s)
{
	s->wrote = 1;
	s->q.open = 0;
}

/* the epoch of slot s ends: forget the records (and the reads not
 * applied yet: the log goes back to the pool), keep the initialized bits */
static CHECK_INLINE void epoch_end(struct shared *x, struct slot *s)
{
	/* reads and no weak write (words touched, wrote 0): deferring pays */
	if (!s->wrote && s->lo < s->hi)
		s->eager = 0;
	log_give(x, s);
	s->nlanes = 0;
	s->wrote = 0;
	/* a log the slot kept stays open while its memory is known initialized
	 * (caplog: a read was deferred, so bytes is the memory's) and reads
	 * are deferred */
	if (s->caplog && !s->eager && s->initw >= (s->q.bytes + 3) / 4)
		s->q.open = s->caplog;
	if (s->lo >= s->hi)
		return;
	uint32_t *w = s->w, lo = s->lo, hi = s->hi; /* locals: the loop vectorizes */
	for (uint32_t i = lo; i < hi; i++)
		w[i] &= INIT_BIT;
	s->lo = s->n;
	s->hi = 0;
}

static void mark_init(struct slot *s, uint64_t off, uint64_t n)
{
	if (!n)
		return;
	for (uint64_t wd = off >> 2; wd <= (off + n - 1) >> 2; wd++)
		s->w[wd] |= INIT_BIT;
}

/* a lane's offset in the event's shared memory: that of another block of
 * the cluster carries its rank in the address (e->addr's bits 32..39) */
static inline uint64_t lane_off(const struct check_event *e, uint64_t a)
{
	return CHECK_ADDR_OFF(a) - CHECK_ADDR_OFF(e->addr);
}

/* the address a finding names: the offset in the block's shared memory */
static inline uint64_t rep_addr(const struct check_event *e, uint64_t off)
{
	return (e->addr & ~((uint64_t)0xff << 32)) | off;
}

/* a read of [off, off+sz) by lane l: reported when a word of it was never
 * written; 1 when reported */
static int uninit(const struct check_event *e, const struct slot *s, unsigned l, uint64_t off,
		  unsigned sz)
{
	for (uint64_t wd = off >> 2; wd <= (off + sz - 1) >> 2; wd++) {
		if (s->w[wd] & INIT_BIT)
			continue;
		check_report(e->m, FK_UNINITIALIZED_READ, e->w, 1u << l, e->span, rep_addr(e, off),
			     "reads %u bytes of shared memory at offset %llu that no thread of the block has written (shared memory starts with garbage on a GPU)",
			     sz, (unsigned long long)off);
		return 1;
	}
	return 0;
}

static void race_report(const struct check_event *e, unsigned l, uint64_t off, int write,
			uint32_t other, int other_wrote)
{
	uint32_t grid[3], blk[3];
	struct check_warp cw;
	check_grid_shape(e->m, grid, blk);
	check_warp_info(e->w, &cw);
	char who[96];
	int warp = !e->dslot && other != RACE_MULTI && other / WARP == e->warp;
	if (e->dslot || (other != RACE_MULTI && other >= RACE_REMOTE)) {
		/* distributed shared memory: the accessors are named by block */
		char whom[64];
		if (other == RACE_MULTI)
			snprintf(whom, sizeof(whom), "threads of other warps or blocks");
		else if (other >= RACE_REMOTE)
			snprintf(whom, sizeof(whom), "a thread of cluster block rank %u", other - RACE_REMOTE);
		else
			snprintf(whom, sizeof(whom), "thread (%u,%u,%u) of that block", other % blk[0],
				 (other / blk[0]) % blk[1], other / (blk[0] * blk[1]));
		struct machine_finding *f = check_report(e->m, FK_SHARED_RACE, e->w, 1u << l, e->span, rep_addr(e, off),
			    "distributed shared memory race at offset %llu of cluster block rank %u (block (%u,%u,%u)): "
			    "this thread %s it while %s %s it since the last cluster barrier; "
			    "put a cluster.sync() between the two accesses",
			    (unsigned long long)off, e->drank, e->didx[0], e->didx[1], e->didx[2],
			    write ? "writes" : "reads", whom, other_wrote ? "wrote" : "read");
		check_report_other_at(e->m, f, -1, -1, other_wrote);
		return;
	}
	if (other == RACE_MULTI)
		snprintf(who, sizeof(who), "threads of other warps");
	else
		snprintf(who, sizeof(who), "thread (%u,%u,%u)%s", other % blk[0],
			 (other / blk[0]) % blk[1], other / (blk[0] * blk[1]),
			 warp ? ", a lane of the same warp," : "");
	struct machine_finding *f;
	if (!warp)
		f = check_report(e->m, FK_SHARED_RACE, e->w, 1u << l, e->span, rep_addr(e, off),
			    "shared memory race at offset %llu: this thread %s it while %s %s it since the last __syncthreads() (block (%u,%u,%u)); add a barrier between the two accesses",
			    (unsigned long long)off, write ? "writes" : "reads", who,
			    other_wrote ? "wrote" : "read", cw.block[0], cw.block[1], cw.block[2]);
	else
		f = check_report(e->m, FK_SHARED_RACE, e->w, 1u << l, e->span, rep_addr(e, off),
			    "shared memory race at offset %llu: this thread %s it while %s %s it since the last __syncwarp() (block (%u,%u,%u)); the lanes of a warp do not run in lockstep (independent thread scheduling): add a __syncwarp() between the two accesses",
			    (unsigned long long)off, write ? "writes" : "reads", who,
			    other_wrote ? "wrote" : "read", cw.block[0], cw.block[1], cw.block[2]);
	check_report_other_at(e->m, f, -1, other == RACE_MULTI ? -1 : (int64_t)other, other_wrote);
}

/* Could the record of lane o on word wd come from this very instruction
 * (lane o, already handled, stored to the same word)? */
static inline int same_insn(const struct check_event *e, unsigned l, unsigned o, uint64_t wd)
{
	if (o >= l || !(e->mask >> o & 1))
		return 0;
	uint64_t off = lane_off(e, e->lane_addr[o]);
	return off >> 2 <= wd && (off + e->size - 1) >> 2 >= wd;
}

/* lane offsets as the machine's window takes them: the address's offset
 * bits whatever its tag (a generic pointer of another space in a lane of
 * a shared access lands here as the interpreter always did) */
#define LANE_OFF(a) CHECK_ADDR_OFF(a)


/* the general case of one word (a record to compare with): 1 when a race
 * was reported */
static WS_NOINLINE int race_word(const struct check_event *e, uint32_t *sh, unsigned l, uint64_t off,
				 uint64_t wd, int write, uint32_t ws)
{
	uint32_t v = sh[wd], me = e->dslot ? RACE_REMOTE + e->crank : e->warp * WARP + l;
	uint32_t wr = v & 0x7ff, rd = v >> 11 & 0x7ff;
	int found = 0;
	/* a byte or halfword access: the word's record does not say which bytes
	 * the other lane touched, and lanes of one warp on neighbouring bytes
	 * (s[lane] of a char array) are separate memory locations; within a warp
	 * such records are not reported (a race on the very same byte by two
	 * lanes of one warp is missed: docs/findings.md, Limits) */
	const int sub_same_warp_ok = e->size < 4 && !e->dslot;
	if (!e->dslot && (v >> 22 & 0x1ff) != ws) {
		/* a collective of the warp since: its lanes' accesses are ordered */
		if (wr && (wr - 1) / WARP == e->warp)
			wr = 0;
		if (rd && rd != RACE_MULTI && (rd - 1) / WARP == e->warp)
			rd = 0;
	}
	if (sub_same_warp_ok && wr && wr < RACE_REMOTE + 1 && (wr - 1) / WARP == e->warp)
		wr = 0;
	if (sub_same_warp_ok && rd && rd != RACE_MULTI && rd < RACE_REMOTE + 1 && (rd - 1) / WARP == e->warp)
		rd = 0;
	if (wr && wr - 1 != me &&
	    ((wr - 1) / WARP != e->warp || !(write && same_insn(e, l, (wr - 1) % WARP, wd)))) {
		race_report(e, l, off, write, wr - 1, 1);
		found = 1;
	} else if (write && rd && rd - 1 != me) {
		race_report(e, l, off, write, rd == RACE_MULTI ? RACE_MULTI : rd - 1, 0);
		found = 1;
	}
	if (write)
		wr = me + 1;
	else if (!rd)
		rd = me + 1;
	else if (rd != RACE_MULTI && (rd - 1) / WARP != e->warp)
		rd = RACE_MULTI;
	sh[wd] = wr | rd << 11 | ws << 22 | ((v & INIT_BIT) | (write ? INIT_BIT : 0));
	return found;
}

/* full_warp's and masked_warp's commonest words, in two short passes: no
 * record since the epoch began (epoch_end cleared them; a read: an
 * initialized word), or for a write only this very lane's read since the
 * warp's last collective (s[t] += ...: the lane read its word, then
 * writes it). The lane's record replaces them as the long pass would
 * (a write keeps its own read), 1; else 0 and nothing changed. Lanes of
 * mask (on p[l]) only; base: the warp's first thread + 1. */
static CHECK_INLINE int fresh_words(uint32_t *p, int write, uint32_t base, uint32_t wsb, uint32_t mask)
{
	uint32_t bad = 0;
	for (unsigned l = 0; l < WARP; l++) {
		uint32_t v = p[l], on = 0 - (mask >> l & 1);
		if (write)
			bad |= on & (0 - (uint32_t)((v & 0x3fffffu) != 0)) &
			       ((v & ~INIT_BIT) ^ ((base + l) << 11 | wsb));
		else
			bad |= on & ((v & 0x3fffffu) | (~v & INIT_BIT));
	}
	if (bad)
		return 0;
	for (unsigned l = 0; l < WARP; l++) {
		uint32_t v = p[l], on = 0 - (mask >> l & 1);
		uint32_t n = write ? (base + l) | (v & 0x7ffu << 11) | wsb | INIT_BIT
				   : (base + l) << 11 | wsb | INIT_BIT;
		p[l] = (on & n) | (~on & v);
	}
	return 1;
}

/* fresh_words for a few lanes (mask), lane by lane, with masked_warp's
 * linear test of their addresses A (lane l on p[l]): two passes of 32
 * lanes cost more than these for up to 8 (reduce_smem's last strides,
 * t < 8, 4, 2, 1). 1, stored; else 0, nothing changed (the long way
 * decides). */
static CHECK_INLINE int few_words(const uint64_t *A, uint32_t *p, int write, uint32_t base, uint32_t wsb,
				  uint32_t mask)
{
	const unsigned l0 = (unsigned)__builtin_ctz(mask);
	const uint64_t k0 = A[l0] - 4 * (uint64_t)l0;
	uint32_t bad = 0;
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint32_t v = p[l];
		bad |= (uint32_t)(A[l] - 4 * (uint64_t)l != k0);
		if (write)
			bad |= (uint32_t)((v & 0x3fffffu) != 0) & (uint32_t)((v & ~INIT_BIT) != ((base + l) << 11 | wsb));
		else
			bad |= (v & 0x3fffffu) | (~v & INIT_BIT);
	}
	if (bad)
		return 0;
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		p[l] = write ? (base + l) | (p[l] & 0x7ffu << 11) | wsb | INIT_BIT : (base + l) << 11 | wsb | INIT_BIT;
	}
	return 1;
}

/* A weak load or store of lanes of one warp. The common cases take no
 * call: a word nobody touched since the epoch began, a word whose only
 * record is this very thread's (the read-modify-write of s[tid]), a
 * word read by this thread or this warp since its last collective. */
/* A whole warp on 32 consecutive words p[0..31] whose accesses take the
 * fast cases of race_check (no record, or only records no access of this
 * warp can race with) and read only initialized words: the new words in
 * branch-free passes, 1. Else 0 and nothing changed. */
static CHECK_INLINE int full_warp(unsigned warp, uint32_t *p, int write, uint32_t ws)
{
	uint32_t nv[WARP], ok = 1;
	const uint32_t base = warp * WARP + 1, wsb = ws << 22;
	if (fresh_words(p, write, base, wsb, ~0u))
		return 1;
	for (unsigned l = 0; l < WARP; l++) {
		uint32_t v = p[l], rec = v & 0x3fffffu, me1 = base + l;
		uint32_t wr = rec & 0x7ff, rd = rec >> 11;
		uint32_t fresh = (uint32_t)(rec == 0) | (uint32_t)((v >> 22 & 0x1ff) == ws);
		if (write) {
			ok &= fresh & ((uint32_t)(wr == 0) | (uint32_t)(wr == me1)) &
			      ((uint32_t)(rd == 0) | (uint32_t)(rd == me1));
			nv[l] = me1 | rd << 11 | wsb | INIT_BIT;
		} else {
			uint32_t other = (uint32_t)(rd != RACE_MULTI) & (uint32_t)((rd - 1) >> 5 != warp);
			ok &= fresh & ((uint32_t)(wr == 0) | (uint32_t)(wr == me1)) & (v >> 31);
			uint32_t nrd = rd == 0 ? me1 : other ? RACE_MULTI : rd;
			nv[l] = wr | nrd << 11 | wsb | (v & INIT_BIT);
		}
	}
	if (!ok)
		return 0;
	memcpy(p, nv, sizeof(nv));
	return 1;
}

/* full_warp for the lanes of mask only (a partial warp: s[t] under
 * if (t < stride)), lane l on p[l]; the other words are left as they are
 * (p[0..31] must all lie in the shadow) */
static CHECK_INLINE int masked_warp(unsigned warp, uint32_t *p, int write, uint32_t ws, uint32_t mask)
{
	uint32_t nv[WARP], ok = ~0u;
	const uint32_t base = warp * WARP + 1, wsb = ws << 22;
	if (fresh_words(p, write, base, wsb, mask))
		return 1;
	for (unsigned l = 0; l < WARP; l++) {
		uint32_t v = p[l], rec = v & 0x3fffffu, me1 = base + l, on = 0 - (mask >> l & 1);
		uint32_t wr = rec & 0x7ff, rd = rec >> 11, good, n;
		uint32_t fresh = (uint32_t)(rec == 0) | (uint32_t)((v >> 22 & 0x1ff) == ws);
		if (write) {
			good = fresh & ((uint32_t)(wr == 0) | (uint32_t)(wr == me1)) &
			       ((uint32_t)(rd == 0) | (uint32_t)(rd == me1));
			n = me1 | rd << 11 | wsb | INIT_BIT;
		} else {
			uint32_t other = (uint32_t)(rd != RACE_MULTI) & (uint32_t)((rd - 1) >> 5 != warp);
			good = fresh & ((uint32_t)(wr == 0) | (uint32_t)(wr == me1)) & (v >> 31);
			uint32_t nrd = rd == 0 ? me1 : other ? RACE_MULTI : rd;
			n = wr | nrd << 11 | wsb | (v & INIT_BIT);
		}
		ok &= ~on | (0 - good);
		nv[l] = (on & n) | (~on & v);
	}
	if (!ok)
		return 0;
	memcpy(p, nv, sizeof(nv));
	return 1;
}

/* The first half-warp's reads, lanes 0..15 on 16 consecutive words, as
 * full_warp's, on initialized words with no writer recorded (so that the
 * second half's repeats of them change nothing): 1, stored; else 0. */
static CHECK_INLINE int half_warp(const struct check_event *e, uint32_t *p, uint32_t ws)
{
	uint32_t nv[WARP / 2], ok = 1;
	const uint32_t base = e->warp * WARP + 1, wsb = ws << 22, warp = e->warp;
	for (unsigned l = 0; l < WARP / 2; l++) {
		uint32_t v = p[l], rec = v & 0x3fffffu, me1 = base + l, rd = rec >> 11;
		uint32_t fresh = (uint32_t)(rec == 0) | (uint32_t)((v >> 22 & 0x1ff) == ws);
		uint32_t other = (uint32_t)(rd != RACE_MULTI) & (uint32_t)((rd - 1) >> 5 != warp);
		ok &= fresh & (uint32_t)((rec & 0x7ff) == 0) & (v >> 31);
		uint32_t nrd = rd == 0 ? me1 : other ? RACE_MULTI : rd;
		nv[l] = nrd << 11 | wsb | INIT_BIT;
	}
	if (!ok)
		return 0;
	memcpy(p, nv, sizeof(nv));
	return 1;
}

/* whether lanes from..from+15 share one address */
static inline int half_same(const uint64_t *la, unsigned from)
{
	uint64_t d = 0;
	for (unsigned l = from + 1; l < from + WARP / 2; l++)
		d |= la[l] ^ la[from];
	return !d;
}

WS_CLONES static void race_check(struct shared *x, const struct check_event *e, struct slot *s)
{
	uint32_t *sh = s->w;
	const uint64_t *la = e->lane_addr;
	const unsigned sz = (unsigned)e->size;
	const int write = e->access == CHECK_WRITE;
	const uint32_t ws = e->wsync & 0x1ff, base = e->warp * WARP + 1;
	const uint32_t wsb = ws << 22;
	const uint64_t lim = e->bytes;
	uint32_t lo = s->lo, hi = s->hi;
	int found = 0, ufound = write || (e->iflags & IRF_BITS_RMW);
	uint32_t mm = e->mask;
	if (e->dslot) {
		/* another block's shared memory: the general case, lane by lane */
		for (; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			uint64_t off = lane_off(e, la[l]);
			if (!ws_range_in(0, lim, off, sz))
				continue;
			uint32_t w0 = (uint32_t)(off >> 2), w1 = (uint32_t)((off + sz - 1) >> 2);
			lo = w0 < lo ? w0 : lo;
			hi = w1 >= hi ? w1 + 1 : hi;
			for (uint32_t wd = w0; wd <= w1 && !found; wd++)
				found = race_word(e, sh, l, off, wd, write, ws);
		}
		s->lo = lo;
		s->hi = hi;
		return;
	}
	if (sz == 4) {
		/* the common case: lanes on consecutive words (s[tid], s[tid + k]) */
		unsigned l0 = (unsigned)__builtin_ctz(mm), l1 = 31 - (unsigned)__builtin_clz(mm);
		uint64_t o0 = LANE_OFF(la[l0]), a0 = la[l0];
		int ok = !(o0 & 3) && o0 + 4 * (uint64_t)(l1 - l0) + 4 <= lim;
		uint64_t k0 = a0 - 4 * (uint64_t)l0;
		if (ok && mm == 0xffffffffu) {
			/* three lanes first: broadcasts and repeated rows fail here */
			uint64_t bad = (la[1] - a0 - 4) | (la[16] - a0 - 64) | (la[31] - a0 - 124);
			ok = !bad && check_lanes_linear(la, 4, ~0u);
		} else {
			for (uint32_t m2 = mm; m2 && ok; m2 &= m2 - 1) {
				unsigned l = (unsigned)__builtin_ctz(m2);
				ok = la[l] - 4 * (uint64_t)l == k0;
			}
		}
		if (ok) {
			uint32_t wb = (uint32_t)(o0 >> 2) - l0;
			lo = wb + l0 < lo ? wb + l0 : lo;
			hi = wb + l1 + 1 > hi ? wb + l1 + 1 : hi;
			if (mm == 0xffffffffu ? full_warp(e->warp, sh + wb, write, ws) :
			    (__builtin_popcount(mm) >= 16 && o0 >> 2 >= l0 && (uint64_t)wb + WARP <= s->n &&
			     masked_warp(e->warp, sh + wb, write, ws, mm))) {
				s->lo = lo;
				s->hi = hi;
				return;
			}
			for (; mm; mm &= mm - 1) {
				unsigned l = (unsigned)__builtin_ctz(mm);
				uint32_t wd = wb + l, v = sh[wd];
				if (WS_UNLIKELY(!ufound && !(v & INIT_BIT)))
					ufound = uninit(e, s, l, (uint64_t)wd * 4, sz);
				if (WS_UNLIKELY(found))
					continue;
				uint32_t me1 = base + l, rec = v & 0x3fffffu;
				if (rec == 0 || (v >> 22 & 0x1ff) == ws) {
					if (write) {
						if (rec == 0 || rec == me1 || rec == me1 << 11 ||
						    rec == (me1 | me1 << 11)) {
							sh[wd] = me1 | (rec & 0x7ffu << 11) | wsb | INIT_BIT;
							continue;
						}
					} else {
						uint32_t wr = rec & 0x7ff, rd = rec >> 11;
						if (wr == 0 || wr == me1) {
							if (rd == 0)
								rd = me1;
							else if (rd != RACE_MULTI && (rd - 1) / WARP != e->warp)
								rd = RACE_MULTI;
							sh[wd] = wr | rd << 11 | wsb | (v & INIT_BIT);
							continue;
						}
					}
				}
				found = race_word(e, sh, l, (uint64_t)wd * 4, wd, write, ws);
			}
			s->lo = lo;
			s->hi = hi;
			return;
		}
	}
	const uint64_t ev = ++x->ev;
	/* a whole warp reading words in a pattern (a tile's row broadcast to
	 * half-warps, a row read by both half-warps): the lanes whose aligned
	 * address is the previous lane's, or that of the lane 16 before */
	const int dup = !write && sz == 4 && mm == 0xffffffffu;
	if (dup) {
		/* the same, a half-warp at a time: when the second half reads
		 * the first half's words, or each half one word, and no writer
		 * is recorded on them, the lanes the loop below would skip are
		 * left out at once (a read of a word no one wrote, by a lane of
		 * a warp whose earlier lane just read it, changes nothing) */
		uint32_t keep = 0, wbits = 0;
		uint64_t dh = 0;
		for (unsigned l = 0; l < WARP / 2; l++)
			dh |= la[l] ^ la[l + WARP / 2];
		if (!dh) {
			uint64_t o0 = LANE_OFF(la[0]);
			if (!(o0 & 3) && o0 + 64 <= lim && check_lanes_linear(la, 4, 0xffffu) &&
			    half_warp(e, sh + (o0 >> 2), ws)) {
				lo = (uint32_t)(o0 >> 2) < lo ? (uint32_t)(o0 >> 2) : lo;
				hi = (uint32_t)(o0 >> 2) + 16 > hi ? (uint32_t)(o0 >> 2) + 16 : hi;
				s->lo = lo;
				s->hi = hi;
				return;
			}
			keep = 0xffffu;
		} else if (half_same(la, 0) && half_same(la, WARP / 2)) {
			keep = 0x10001u;
		}
		for (uint32_t m2 = keep; m2; m2 &= m2 - 1) {
			uint64_t off = LANE_OFF(la[__builtin_ctz(m2)]);
			if (off + sz > lim)
				continue; /* its repeats are outside too */
			wbits |= (off & 3) ? 1 : sh[off >> 2] & 0x7ff;
		}
		if (keep && !wbits) {
			mm = keep;
		}
	}
	for (; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t off = LANE_OFF(la[l]);
		if (WS_UNLIKELY(!(off + sz <= lim)))
			continue;
		if (dup && !(off & 3) &&
		    ((l && la[l] == la[l - 1]) || (l >= 16 && la[l] == la[l - 16])) &&
		    !(sh[off >> 2] & 0x7ff))
			continue; /* a lane before it read the word: nothing would
				     change unless a writer is recorded */
		uint32_t w0 = (uint32_t)(off >> 2), w1 = (uint32_t)((off + sz - 1) >> 2);
		uint32_t v = sh[w0];
		if (!write && w0 == w1 && !dup) {
			uint32_t k = w0 & (WARP - 1);
			if (x->memo_w[k] == w0 && x->memo_ev[k] == ev && !(v & 0x7ff))
				continue; /* a broadcast read: a lane of this instruction read this
					     word, no writer is recorded, nothing would change */
			x->memo_w[k] = w0;
			x->memo_ev[k] = ev;
		}
		if (WS_UNLIKELY(!ufound && !(v & INIT_BIT)))
			ufound = uninit(e, s, l, off, sz);
		if (WS_UNLIKELY(found))
			continue;
		lo = w0 < lo ? w0 : lo;
		hi = w1 >= hi ? w1 + 1 : hi;
		if (WS_LIKELY(w0 == w1)) {
			/* one word: no record, or records made since the warp's
			 * last collective that cannot race with this access */
			uint32_t me1 = base + l, rec = v & 0x3fffffu;
			if (rec == 0 || (v >> 22 & 0x1ff) == ws) {
				if (write) {
					/* no record, or only this thread's: it stays the reader */
					if (rec == 0 || rec == me1 || rec == me1 << 11 ||
					    rec == (me1 | me1 << 11)) {
						sh[w0] = me1 | (rec & 0x7ffu << 11) | wsb | INIT_BIT;
						continue;
					}
				} else {
					uint32_t wr = rec & 0x7ff, rd = rec >> 11;
					if (wr == 0 || wr == me1) {
						if (rd == 0)
							rd = me1;
						else if (rd != RACE_MULTI && (rd - 1) / WARP != e->warp)
							rd = RACE_MULTI;
						sh[w0] = wr | rd << 11 | wsb | (v & INIT_BIT);
						continue;
					}
				}
			}
		}
		for (uint32_t wd = w0; wd <= w1 && !found; wd++)
			found = race_word(e, sh, l, off, wd, write, ws);
	}
	s->lo = lo;
	s->hi = hi;
}

/* whether bytes [0, bytes) of slot s's memory are all initialized: the
 * initialized prefix s->initw grows as far as it goes (bit 31 of a word
 * is cleared only when a new block takes the slot), eight words a step */
static CHECK_INLINE int all_init(struct slot *s, uint64_t bytes)
{
	uint64_t nw = (bytes + 3) / 4;
	if (s->initw >= nw)
		return 1;
	const uint32_t *w = s->w;
	uint32_t i = s->initw;
	while (i + 8 <= nw) {
		uint32_t all = INIT_BIT;
		for (unsigned j = 0; j < 8; j++)
			all &= w[i + j];
		if (!all)
			break;
		i += 8;
	}
	while (i < nw && (w[i] & INIT_BIT))
		i++;
	s->initw = i;
	return i >= nw;
}

/* A deferred 4-byte read (lanes of mask at la[l]) replayed without
 * race_check: when each lane's word inside the memory is aligned,
 * initialized and holds no writer (so no finding can come of it), the
 * reader records race_check would leave, lane by lane in its order (its
 * skips of lanes whose word an earlier lane read change nothing): 1.
 * Else 0, nothing changed. No writer is the rule for a deferred read (the
 * log is flushed before any write of its epoch); the test keeps this exact
 * whatever happens. */
static CHECK_INLINE int replay_read(struct slot *s, const uint64_t *la, uint32_t mask, unsigned warp, uint32_t ws)
{
	uint32_t *sh = s->w;
	const uint64_t lim = s->q.bytes;
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		uint64_t off = LANE_OFF(la[__builtin_ctz(mm)]);
		if (off + 4 > lim)
			continue; /* race_check leaves it out */
		if ((off & 3) || (sh[off >> 2] & (INIT_BIT | 0x7ffu)) != INIT_BIT)
			return 0;
	}
	uint32_t lo = s->lo, hi = s->hi;
	const uint32_t wsb = ws << 22;
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t off = LANE_OFF(la[l]);
		if (off + 4 > lim)
			continue;
		uint32_t wd = (uint32_t)(off >> 2), v = sh[wd], rec = v & 0x3fffffu, rd = rec >> 11;
		uint32_t me1 = warp * WARP + l + 1;
		/* race_word's: a collective of the warp since drops its own lanes' record */
		if (rec && (v >> 22 & 0x1ff) != ws && rd && rd != RACE_MULTI && (rd - 1) / WARP == warp)
			rd = 0;
		rd = !rd ? me1 : rd != RACE_MULTI && (rd - 1) / WARP != warp ? RACE_MULTI : rd;
		sh[wd] = rd << 11 | wsb | INIT_BIT;
		lo = wd < lo ? wd : lo;
		hi = wd + 1 > hi ? wd + 1 : hi;
	}
	s->lo = lo;
	s->hi = hi;
	return 1;
}

/* apply slot k's (s) deferred reads, in order: each as race_check would
 * have met its event (a read with no writer on initialized words reports
 * nothing: the span, block and flags that only reports use are left out) */
WS_CLONES static WS_NOINLINE void log_flush(struct shared *x, int k, struct slot *s)
{
	uint32_t n = s->q.nlog;
	uint64_t la[WARP];
	const uint32_t *lanes = s->lanes;
	struct check_event e;
	int made = 0; /* e is made for the first entry race_check needs */
	s->q.nlog = s->nlanes = 0;
	for (uint32_t i = 0; i < n; i++) {
		const struct check_rlog *r = &s->q.log->e[i];
		const unsigned kind = RL_KIND(r->meta), size = RL_SIZE(r->meta), warp = RL_WARP(r->meta);
		const uint32_t ws = RL_WSYNC(r->meta);
		uint64_t hi = s->q.hib, a0 = hi | r->o0, a16 = hi | r->o1;
		if (kind == RL_ROWS && r->mask == ~0u && size == 4 && a16 - a0 == 64) {
			/* a warp on 32 consecutive words: race_check's full_warp at once,
			 * when it takes them (the event is for the other cases) */
			uint64_t o0 = CHECK_ADDR_OFF(a0);
			uint32_t wb = (uint32_t)(o0 >> 2);
			if (!(o0 & 3) && o0 + 128 <= s->q.bytes && full_warp(warp, s->w + wb, 0, ws)) {
				s->lo = wb < s->lo ? wb : s->lo;
				s->hi = wb + WARP > s->hi ? wb + WARP : s->hi;
				continue;
			}
		}
		if (kind == RL_LANES) {
			const uint32_t *o = lanes + (size_t)WARP * r->o0;
			for (unsigned l = 0; l < WARP; l++)
				la[l] = hi | o[l];
		} else {
			/* straight passes, vectorized */
			const uint64_t *st = kind == RL_HALVES ? rl_step0 : size == 8 ? rl_step8 : rl_step4;
			for (unsigned l = 0; l < WARP / 2; l++) {
				la[l] = a0 + st[l];
				la[l + 16] = a16 + st[l];
			}
		}
		if (size == 4 && replay_read(s, la, r->mask, warp, ws))
			continue;
		if (!made) {
			memset(&e, 0, sizeof(e));
			e.kind = CEV_ACCESS;
			e.m = x->m;
			e.access = CHECK_READ;
			e.sem = SEM_WEAK;
			e.lane_addr = la;
			e.region = CR_SHARED;
			e.slot = k;
			e.addr = s->q.addr;
			e.bytes = s->q.bytes;
			made = 1;
		}
		e.w = s->q.log->w[warp];
		e.mask = r->mask;
		e.size = size;
		e.warp = warp;
		e.wsync = ws;
		race_check(x, &e, s);
	}
}

/* defer a weak read of slot s's own block (lane l of mask at A[l] + imm)
 * that can neither race nor read garbage (struct slot); 0, nothing
 * changed, when it must be checked now. in: the lanes' addresses are
 * known to be inside the block's memory (so their high halves are one);
 * else they are compared, and a read whose lanes differ above the low 32
 * bits, which the log does not keep, is checked now. */
static CHECK_INLINE int log_read(struct shared *x, struct slot *s, struct warp *w, const uint64_t *A, uint64_t imm,
				 uint32_t mask, unsigned size, unsigned warp, uint32_t wsync, uint64_t addr,
				 uint64_t bytes, int in, int shape)
{
	if (s->wrote || s->eager || warp >= CHECK_RLOG_WARPS || size > 0xff || !all_init(s, bytes))
		return 0;
	uint64_t a0 = A[0] + imm, a16 = A[16] + imm;
	if (s->q.nlog && (a0 ^ s->q.hib) >> 32)
		return 0;
	if (s->q.nlog == s->caplog) {
		if (s->caplog >= RLOG_MAX) /* a clone's log may have any capacity */
			return 0;
		if (!s->caplog && x->npool) {
			/* the log given back last (struct shared) */
			x->npool--;
			s->q.log = x->pool[x->npool].log;
			s->caplog = x->pool[x->npool].cap;
		} else {
			s->caplog = s->caplog ? 2 * s->caplog : RLOG_FIRST;
			s->q.log = xrealloc(s->q.log, RBUF_BYTES(s->caplog));
		}
	}
	struct check_rlog *r = &s->q.log->e[s->q.nlog];
	unsigned kind = RL_LANES;
	if (in && size == 4 && shape && !((a0 ^ a16) >> 32)) {
		/* the pattern the machine found loading it (pair_load) */
		kind = shape == CHECK_SHAPE_ROWS ? RL_ROWS : RL_HALVES;
	} else if (in && (size == 4 || size == 8) && !((a0 ^ a16) >> 32)) {
		/* a pattern (struct check_rlog), in passes the compiler vectorizes */
		const uint64_t *st = size == 8 ? rl_step8 : rl_step4, b0 = A[0], b16 = A[16];
		uint64_t dr = 0, db = 0;
		for (unsigned l = 0; l < WARP / 2; l++)
			dr |= (A[l] - b0 - st[l]) | (A[l + 16] - b16 - st[l]);
		if (!dr) {
			kind = RL_ROWS;
		} else {
			for (unsigned l = 0; l < WARP / 2; l++)
				db |= (A[l] ^ b0) | (A[l + 16] ^ b16);
			kind = !db ? RL_HALVES : RL_LANES;
		}
	}
	if (kind == RL_LANES) {
		if (s->nlanes == s->caplanes) {
			s->caplanes = s->caplanes ? 2 * s->caplanes : 2;
			s->lanes = xrealloc(s->lanes, (size_t)s->caplanes * WARP * sizeof(*s->lanes));
		}
		/* the low halves copied and the high halves compared in one pass
		 * (the entry is taken only when they are one: the copy is left
		 * unused otherwise) */
		uint32_t *o = s->lanes + (size_t)WARP * s->nlanes;
		uint64_t d = 0;
		for (unsigned l = 0; l < WARP; l++) {
			uint64_t v = A[l] + imm;
			o[l] = (uint32_t)v;
			d |= v ^ a0;
		}
		if (!in && d >> 32)
			return 0;
		r->o0 = s->nlanes++;
	} else {
		r->o0 = (uint32_t)a0;
		r->o1 = (uint32_t)a16;
	}
	s->q.nlog++;
	s->q.hib = a0 & ~(uint64_t)0xffffffffu;
	r->mask = mask;
	r->meta = CHECK_RL_META(wsync, warp, size, kind);
	s->q.log->w[warp] = w;
	s->q.addr = addr; /* the same for every read of the block's own memory */
	s->q.bytes = bytes;
	s->q.open = s->caplog; /* memory [0, bytes) initialized, no weak write */
	return 1;
}

static CHECK_INLINE void access(struct shared *x, const struct check_event *e)
{
	struct slot *s = slot_get(x, e->dslot ? e->dslot - 1 : e->slot, e->bytes);
	unsigned sz = e->size;
	if (e->access == CHECK_ATOMIC) {
		/* atomics are not recorded; they initialize what they update
		 * (the lanes the window serves; the others arrive as CEV_LANE):
		 * nothing to do when every word is */
		if (!e->dslot && all_init(s, e->bytes))
			return;
		const uint64_t *la = e->lane_addr, lo = e->addr, n = e->bytes;
		for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
			uint64_t off = la[__builtin_ctz(mm)] - lo;
			if (!(off < n && n - off >= sz && !(off & (sz - 1))))
				continue;
			if (sz <= 4)
				s->w[off >> 2] |= INIT_BIT; /* aligned: one word */
			else
				mark_init(s, off, sz);
		}
		return;
	}
	if (e->sem != SEM_WEAK) {
		/* volatile and atomic-like accesses synchronize on purpose */
		for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			uint64_t off = lane_off(e, e->lane_addr[l]);
			if (!ws_range_in(0, e->bytes, off, sz))
				continue;
			if (e->access == CHECK_WRITE)
				mark_init(s, off, sz);
			else if (!e->dslot && uninit(e, s, l, off, sz))
				return;
		}
		return;
	}
	if (e->access == CHECK_READ && !e->dslot &&
	    log_read(x, s, e->w, e->lane_addr, 0, e->mask, sz, e->warp, e->wsync, e->addr, e->bytes, 0, 0))
		return;
	if (s->q.nlog) {
		log_flush(x, e->dslot ? e->dslot - 1 : e->slot, s);
		s->eager |= e->access == CHECK_WRITE;
	}
	if (e->access == CHECK_WRITE)
		mark_wrote(s);
	race_check(x, e, s);
}

WS_CLONES static void shared_event(void *self, const struct check_event *e)
{
	struct shared *x = self;
	/* a block without shared memory in a slot never used (below), before
	 * the switch: its cases' frame (an aligned stack for the vector code)
	 * costs more than the test */
	if (e->kind == CEV_BLOCK_START && !e->bytes && (size_t)e->slot >= x->s.len)
		return;
	switch (e->kind) {
	case CEV_ACCESS:
		if (e->region == CR_SHARED && e->slot >= 0)
			access(x, e);
		break;
	case CEV_LANE:
		/* a write off the fast path (a built-in's, a lane outside the window) */
		if (e->region == CR_SHARED && e->access != CHECK_READ && e->slot >= 0) {
			unsigned l = (unsigned)__builtin_ctz(e->mask);
			uint64_t off = lane_off(e, e->lane_addr[l]);
			if (ws_range_in(0, e->bytes, off, e->size))
				mark_init(slot_get(x, e->dslot ? e->dslot - 1 : e->slot, e->bytes), off,
					  e->size);
		}
		break;
	case CEV_BLOCK_START: {
		/* a block without shared memory in a slot never used: no access
		 * can be in its memory (nothing is published for one out of
		 * it), so no slot (vecadd's 1,056 resident slots grew the vector
		 * and took a word each: about 60 page faults a launch); one made
		 * later by slot_get starts as this would leave it (tested
		 * above) */
		struct slot *s = slot_get(x, e->slot, e->bytes);
		memset(s->w, 0, (size_t)s->n * sizeof(*s->w));
		s->lo = s->n;
		s->hi = 0;
		log_give(x, s);
		s->nlanes = 0;
		s->wrote = 0;
		s->initw = 0;
		break;
	}
	case CEV_BARRIER:
	case CEV_FENCE:
	case CEV_SYNC:
		if (e->slot >= 0) {
			if ((size_t)e->slot < x->s.len)
				epoch_end(x, &x->s.v[e->slot]);
		} else if (e->kind == CEV_SYNC) {
			for (size_t i = 0; i < x->s.len; i++)
				epoch_end(x, &x->s.v[i]);
		}
		break;
	default:
		break;
	}
}

/* A full warp's weak access r of its block's own memory as access() would
 * check it after the log (flushed) and, for a write, the epoch's mark:
 * race_check's commonest case, 32 consecutive words whose records
 * full_warp takes (the lanes' shape is the machine's: r->shape, lane 16
 * 64 bytes after lane 0), 1; else 0 (the event follows, and race_check
 * finds the same state: the log is empty, the words untouched) */
static CHECK_INLINE int offer_words(struct shared *x, const struct check_sread *r, struct slot *s, int write)
{
	if (s->q.nlog) {
		log_flush(x, r->slot, s);
		s->eager |= write;
	}
	if (write)
		mark_wrote(s);
	const uint32_t M = r->mask;
	if (M != ~0u) {
		/* a partial warp on consecutive words: race_check's masked_warp
		 * (its linear test, the lanes l0..l1 inside, then the pass), of
		 * any number of lanes: race_check takes the same records lane by
		 * lane when masked_warp declines, and its event costs more than
		 * the pass (reduce_smem's last five strides) */
		if (r->size != 4)
			return 0;
		unsigned l0 = (unsigned)__builtin_ctz(M), l1 = 31 - (unsigned)__builtin_clz(M);
		uint64_t o = CHECK_ADDR_OFF(r->A[l0] + r->imm);
		if ((o & 3) || o + 4 * (uint64_t)(l1 - l0) + 4 > r->bytes || o >> 2 < l0)
			return 0;
		uint32_t wb = (uint32_t)(o >> 2) - l0;
		if ((uint64_t)wb + WARP > s->n)
			return 0;
		if (!(__builtin_popcount(M) <= 8 &&
		      few_words(r->A, s->w + wb, write, r->warp * WARP + 1, (r->wsync & 0x1ff) << 22, M))) {
			if (!check_warp_linear_mask(r->A, 4, M) ||
			    !masked_warp(r->warp, s->w + wb, write, r->wsync & 0x1ff, M))
				return 0;
		}
		s->lo = wb + l0 < s->lo ? wb + l0 : s->lo;
		s->hi = wb + l1 + 1 > s->hi ? wb + l1 + 1 : s->hi;
		/* lanes l0..l1 all written, from the initialized prefix on */
		if (write && wb + l0 <= s->initw && wb + l1 + 1 > s->initw && !(((M >> l0) + 1) & (M >> l0)))
			s->initw = wb + l1 + 1;
		return 1;
	}
	uint64_t o0 = CHECK_ADDR_OFF(r->A[0] + r->imm);
	if (r->shape != CHECK_SHAPE_ROWS || r->size != 4 || r->A[16] - r->A[0] != 64 || (o0 & 3) ||
	    o0 + 128 > r->bytes)
		return 0;
	uint32_t wb = (uint32_t)(o0 >> 2);
	if ((wb >= s->hi || wb + WARP <= s->lo) && (write || wb + WARP <= s->initw)) {
		/* no word of the 32 touched since the epoch began (a record is
		 * made only with its word inside [lo, hi); epoch_end clears those,
		 * CEV_BLOCK_START all): no record, so fresh_words' test passes
		 * (a read's words initialized: the prefix), and its second pass
		 * is this, without the first (histogram's local[threadIdx.x] =
		 * 0, each warp on its own words) */
		uint32_t *p = s->w + wb;
		const uint32_t base = r->warp * WARP + 1, wsb = (r->wsync & 0x1ff) << 22 | INIT_BIT;
		for (unsigned l = 0; l < WARP; l++)
			p[l] = (write ? base + l : (base + l) << 11) | wsb;
	} else if (!full_warp(r->warp, s->w + wb, write, r->wsync & 0x1ff)) {
		return 0;
	}
	s->lo = wb < s->lo ? wb : s->lo;
	s->hi = wb + WARP > s->hi ? wb + WARP : s->hi;
	/* a write's 32 words are initialized now (full_warp's INIT_BIT): the
	 * prefix all_init knows grows over them when they touch it, and the
	 * epoch's first read or atomic does not scan the words again
	 * (histogram's local[threadIdx.x] = 0, warp by warp) */
	if (write && wb <= s->initw && wb + WARP > s->initw)
		s->initw = wb + WARP;
	return 1;
}

/* shared_read's general case: slot_get and log_read, else offer_words */
WS_CLONES static WS_NOINLINE int shared_read_any(struct shared *x, const struct check_sread *r)
{
	struct slot *s = slot_get(x, r->slot, r->bytes);
	/* a full warp's lanes are inside the memory (the fast paths' test);
	 * log_read's first test first (reduce_smem's reads all fail it) */
	if (!(s->wrote | s->eager) && log_read(x, s, r->w, r->A, r->imm, r->mask, r->size, r->warp, r->wsync, r->addr, r->bytes,
		     r->mask == ~0u, r->mask == ~0u ? r->shape : 0))
		return 1;
	return offer_words(x, r, s, 0);
}

/* struct checker's shared_write: a weak write of the block's own memory
 * checked as access() would, in offer_words, else 0 (the event follows) */
WS_CLONES static int shared_write(void *self, const struct check_sread *r)
{
	struct shared *x = self;
	return offer_words(x, r, slot_get(x, r->slot, r->bytes), 1);
}

/* struct checker's shared_read: a weak read of the block's own memory
 * deferred as access() would, else 0 (the event follows). Its commonest
 * case first, without a vector loop or a call (a tile's row or column
 * after the barrier: matmul_tiled's every shared read): a read whose
 * shape the machine found, in a slot whose log is open (struct slot: the
 * epoch's first read went through log_read) for the same memory, with the
 * same high half: the entry log_read would write. */
static int shared_read(void *self, const struct check_sread *r)
{
	struct shared *x = self;
	if (WS_LIKELY(r->shape && r->size == 4 && (size_t)r->slot < x->s.len)) { /* shape: a full warp */
		struct slot *s = &x->s.v[r->slot];
		uint64_t a0 = r->A[0] + r->imm, a16 = r->A[16] + r->imm;
		uint32_t n = s->q.nlog, warp = r->warp;
		if (n < s->q.open && r->bytes == s->q.bytes && r->addr == s->q.addr && warp < CHECK_RLOG_WARPS &&
		    !(((a0 ^ s->q.hib) | (a16 ^ s->q.hib)) >> 32)) {
			struct check_rbuf *b = s->q.log;
			s->q.nlog = n + 1;
			b->e[n].o0 = (uint32_t)a0;
			b->e[n].o1 = (uint32_t)a16;
			b->e[n].mask = ~0u;
			b->e[n].meta = CHECK_RL_META(r->wsync, warp, 4, (unsigned)r->shape - 1);
			b->w[warp] = r->w;
			return 1;
		}
	}
	return shared_read_any(x, r);
}

/* struct checker's shared_logs */
static const struct check_slogs *shared_logs(void *self)
{
	struct shared *x = self;
	return &x->logs;
}

/* struct checker's shared_atomic: atomics on a block's memory all
 * initialized change nothing (access()'s first test), else 0 (the event
 * marks what they initialize) */
static int shared_atomic(void *self, const struct check_sread *r)
{
	struct shared *x = self;
	return all_init(slot_get(x, r->slot, r->bytes), r->bytes);
}

const struct checker check_race_shared = {
	.name = "shared",
	.what = "shared-memory races between threads of a block, reads of shared memory never written",
	.events = CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_LANE) | CEV_BIT(CEV_BLOCK_START) |
		  CEV_BIT(CEV_BARRIER) | CEV_BIT(CEV_FENCE) | CEV_BIT(CEV_SYNC),
	.regions = 1u << CR_SHARED,
	.lane_regions = 1u << CR_SHARED, /* its CEV_LANE: writes off the fast path */
	.create = shared_create,
	.destroy = shared_destroy,
	.clone = shared_clone,
	.event = shared_event,
	.shared_read = shared_read,
	.shared_write = shared_write,
	.shared_atomic = shared_atomic,
	.shared_logs = shared_logs,
};
