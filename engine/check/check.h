/*
 * check.h - the checkers: the kinds of finding they make (findings.def),
 * the events the machine publishes to them, and what the machine offers
 * them in return. The public header of engine/check/, a layer below the
 * machine: the machine includes it to publish events and to install the
 * checkers; the checkers see the machine only through it (never simt.h).
 *
 * Contract:
 * - Finding kinds: enum finding_kind (FK_OOB_GLOBAL_READ ...), one per row
 *   of findings.def, with a name, a severity, a title and a hint
 *   (finding_kind_info). The machine records every finding with one.
 * - Checkers are plugins listed in one table (checkers.def, check_table):
 *   each names the events it listens to; machine_new creates the ones its
 *   options select (check_selected) and keeps the union of their event
 *   masks, so that publishing an event nobody listens to costs one
 *   predictable branch (`if (listen & CEV_BIT(kind))`) and nothing more:
 *   the event is only built when someone listens.
 * - An event is valid during the call only; a checker reports through
 *   check_report (which the machine implements) and may stop the kernel
 *   with check_fail_kernel. Events arrive in execution order, on the
 *   machine's thread; a checker keeps its own state (create/destroy).
 * - Nothing here prints or exits.
 */
#ifndef WS_CHECK_H
#define WS_CHECK_H

#include <stdint.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "diag.h"
#include "util.h"

/* ---- kinds of finding (findings.c; the table is findings.def) */
enum finding_kind {
#define FINDING(id, name, sev, title, hint) FK_##id,
#include "findings.def"
#undef FINDING
	FK_NKINDS
};
struct finding_kind_info {
	const char *name;      /* "oob-global-read": --report, `break finding KIND` */
	int error;             /* the kind's severity: 1 error, 0 warning */
	const char *title;     /* what happened, in a few words */
	const char *hint;      /* what to do about it */
};
/* The row of kind k, or NULL when k is not a kind. */
const struct finding_kind_info *finding_kind_info(int k);
/* The kind named name, or -1. */
int finding_kind_lookup(const char *name);

/* ---- events (published by the machine, engine/machine/) */
enum check_event_kind {
	CEV_ACCESS,        /* a group's memory access: space, size, access, lane addresses */
	CEV_BARRIER_ARRIVE, /* a group (mask) of a warp arrives at a __syncthreads() */
	CEV_BARRIER,       /* a block's __syncthreads() completes (every live thread arrived) */
	CEV_COLLECTIVE,    /* groups of a warp that were apart complete one warp collective
			      together (ngroups >= 2; a converged group completing alone,
			      the shuffles' hot path, is not published) */
	CEV_FENCE,         /* a memory fence (scope) */
	CEV_ALLOC,         /* an allocation was made (addr, size) */
	CEV_FREE,          /* an allocation was freed (addr, size) */
	CEV_WARP_EXIT,     /* lanes (mask) of a warp exit */
	CEV_LAUNCH,        /* a grid starts (func) */
	CEV_GRID_END,      /* the running grid finished or failed */
	CEV_SAMPLE,        /* a grid runs: every CHECK_SAMPLE steps (or as a checker asks) */
	CEV_FINDING,       /* a finding was just recorded (kind) */
	CEV_LANE,          /* one lane's access of device memory translated off its group's
			      fast path (the lanes CEV_ACCESS's window leaves out, and the
			      built-ins' accesses: memcpy, printf, cooperative groups...) */
	CEV_BLOCK_START,   /* a block becomes resident in a slot (new shared memory) */
	CEV_SYNC,          /* a synchronization other than __syncthreads() and fences orders
			      memory: block b's threads (a cuda::barrier phase, a pipeline
			      stage handed over, a cluster barrier or cluster fence: one
			      event per block of the cluster), or with b NULL every
			      resident block and the grid's memory (grid.sync()) */
	CEV_UNDEFINED,     /* the bytes of an allocation (addr, bytes) are undefined until
			      written: cudaMalloc, device malloc (after its CEV_ALLOC) */
	CEV_COPY,          /* the runtime reads (access CHECK_READ) or writes [lane_addr[0],
			      + size) of an allocation (addr, bytes): cudaMemcpy, cudaMemset... */
	CEV_STACK,         /* a lane's stack grows by [lane_addr[lane], + size): a frame, an
			      alloca (arg 0: undefined bytes; 1: copies of by-value arguments) */
	CEV_NKINDS
};
#define CEV_BIT(k) (1u << (k))
/* The offset part of an address (below its space tag, machine.h
 * MACHINE_TAG_SHIFT): the byte in shared memory, in a lane's stack. */
#define CHECK_ADDR_OFF(a) ((a) & (((uint64_t)1 << 40) - 1))
enum check_access { CHECK_READ, CHECK_WRITE, CHECK_ATOMIC };
/* The memory an access falls in (CEV_ACCESS: the first lane's, the
 * instruction's window; CEV_LANE: the lane's). */
enum check_region {
	CR_NONE,           /* no window: local memory, parameters, host memory, or a fault */
	CR_SHARED,         /* the block's shared memory: base ADDR(SHARED, 0), bytes its size */
	CR_GLOBAL,         /* a device allocation (cudaMalloc, device heap, __device__ object) */
	CR_MANAGED,        /* a cudaMallocManaged allocation */
	CR_CONST,          /* __constant__ memory */
	CR_HOST,           /* a host allocation (malloc, pinned) */
	CR_LOCAL,          /* the lane's stack (CEV_LANE): base ADDR(LOCAL, 0), bytes its live top */
	CR_NREGIONS
};
#define CHECK_SAMPLE (1u << 18)

struct machine;        /* the machine (engine/machine/), opaque here */
struct warp;           /* one warp of it, or its host thread */
struct block;          /* one resident block */
struct machine_finding;

/* A group waiting at a barrier (check_block_sites): its warp, its index there
 * (check_group_get), and where it waits. */
struct check_site {
	struct warp *w;
	int group;
	int func;
	uint32_t pc;
	uint32_t mask;
};

struct check_event {
	enum check_event_kind kind;
	struct machine *m;
	struct warp *w;        /* the warp involved (the host thread's for host events), or NULL */
	struct block *b;       /* CEV_BARRIER: the block; else w's block (NULL: host) */
	uint32_t mask;         /* lanes involved */
	struct span span;      /* where in the program (0: unknown) */
	/* CEV_ACCESS, CEV_LANE (CEV_BLOCK_START: slot; CEV_BARRIER: phase) */
	unsigned space;        /* the address tag (machine.h MACHINE_TAG_*) of the first lane */
	uint64_t size;         /* bytes per lane */
	enum check_access access;
	unsigned sem;          /* enum ir_sem of the instruction */
	const uint64_t *lane_addr; /* 32 entries: each lane's address (lanes in mask; CEV_ACCESS
				      fills all 32, the others only the lanes in mask) */
	enum check_region region; /* the window (see enum check_region); base addr, size bytes */
	int slot;              /* the block's resident slot (-1: host) */
	unsigned warp;         /* w's index in its block */
	uint32_t phase;        /* the block's __syncthreads() completed so far */
	uint32_t wsync;        /* w's warp collectives completed so far (__syncwarp ...) */
	uint64_t block;        /* the block's linear index in the grid */
	/* CEV_ALLOC, CEV_FREE: the allocation; CEV_ACCESS, CEV_LANE: the region;
	 * CEV_BLOCK_START: bytes of shared memory */
	uint64_t addr, bytes;
	/* CEV_COLLECTIVE: the groups (check_group indices of w) */
	const uint32_t *groups;
	int ngroups;
	/* CEV_FENCE: enum ir_scope; CEV_LAUNCH, CEV_GRID_END: the function (module
	 * index); CEV_FINDING: the kind; CEV_ALLOC, CEV_FREE: the allocation's kind */
	int arg;
	const struct machine_finding *finding; /* CEV_FINDING */
	unsigned iflags;       /* CEV_ACCESS: the instruction's flags (ir.h IRF_*) */
	/* CEV_ACCESS, CEV_LANE of CR_SHARED: dslot != 0 when the memory is
	 * another block's of the cluster (distributed shared memory): 1 + its
	 * resident slot; drank, didx: the cluster rank and index of the block
	 * whose memory it is (CEV_ACCESS: also when its own); crank: the accessing
	 * block's cluster rank; lane offsets are taken from addr (the rank
	 * is in the address's bits 32..39) */
	int dslot;
	unsigned drank, crank;
	uint32_t didx[3];
};

/* on the helpers of a WS_CLONES function: inlined, so compiled into
 * each of its versions (a call would run the baseline one) */
#if defined(__GNUC__)
#define CHECK_INLINE inline __attribute__((always_inline))
#else
#define CHECK_INLINE inline
#endif

/* ---- a checker: one row of checkers.def */
/* A warp's weak read of its own block's shared memory, offered to the one
 * checker of CR_SHARED accesses before its CEV_ACCESS is built (struct
 * checker's shared_read; a 4-byte write the same way: shared_write): the
 * fields that event would carry. A full warp's lanes (the fast paths')
 * all lie inside the memory; a partial warp's (the general loop's) may
 * not. */
struct check_sread {
	struct warp *w;
	const uint64_t *A;     /* lane l's address is A[l] + imm */
	uint64_t imm;
	unsigned size;         /* bytes per lane */
	int slot;              /* the block's resident slot */
	unsigned warp;         /* w's index in its block */
	uint32_t wsync;        /* w's warp collectives completed so far */
	uint64_t addr, bytes;  /* the window: the block's shared memory */
	int shape;             /* what the machine already knows of a full warp's lanes'
				  addresses (size 4): CHECK_SHAPE_ROWS, CHECK_SHAPE_HALVES or 0
				  (always 0 for a partial warp) */
	uint32_t mask;         /* the lanes involved (every lane: ~0u) */
};
/* check_sread's shape: each half-warp on 16 consecutive elements (a
 * tile's row), or each half-warp on one address (a column broadcast) */
enum { CHECK_SHAPE_ROWS = 1, CHECK_SHAPE_HALVES = 2 };

/* A slot's log of deferred shared reads (the shared checker's, struct
 * checker's shared_logs), which the machine's fast path may append a
 * tile's read to without a call: what shared_read does in its commonest
 * case, with the same tests. An entry (16 bytes): the two low halves of
 * lane 0's and lane 16's addresses (the high half is the log's hib), the
 * mask and CHECK_RL_META's packing of the warp's collective count (the 9
 * bits the checker compares), the warp in its block, the size and the
 * kind (a shape of check_sread less 1). A log's warps' pointers (set by
 * each entry of the warp) come first. */
struct check_rlog {
	uint32_t o0, o1, mask, meta;
};
#define CHECK_RLOG_WARPS 32u /* a block's warps (1024 threads): a read of a warp past them is not deferred */
struct check_rbuf {
	struct warp *w[CHECK_RLOG_WARPS];
	struct check_rlog e[];
};
#define CHECK_RL_META(wsync, warp, size, kind) \
	(((uint32_t)(wsync) & 0x1ffu) | (uint32_t)(warp) << 9 | (uint32_t)(size) << 14 | (uint32_t)(kind) << 22)
/* One slot's: a full warp's weak 4-byte read of its own block's memory
 * [addr, addr + bytes) whose shape the machine found (size 4), whose warp
 * is under CHECK_RLOG_WARPS and whose lanes 0 and 16 have the high half
 * hib, may be written at e[nlog] when nlog < open (nlog then one more);
 * anything else goes to shared_read. */
struct check_slog {
	struct check_rbuf *log;
	uint32_t nlog, open;
	uint64_t hib;           /* the high half of every entry's addresses (low half 0) */
	uint64_t addr, bytes;   /* the deferred reads' window (the block's memory) */
};
/* The slots' (by resident slot k: base + k * stride), as long as the
 * checker lives; base and len change as slots are added */
struct check_slogs {
	char *base;
	size_t stride, len;
};

/* A full warp's weak 4-byte read or write of a device allocation (region
 * CR_GLOBAL) whose half-warps are each on 16 consecutive words, every lane
 * inside the allocation and aligned: lane l's address is a0 + 4 * l for l <
 * 16, a16 + 4 * (l - 16) for the others (a[i] with i the thread index when
 * a16 == a0 + 64; two rows of a tile otherwise). Offered to the one checker
 * of CR_GLOBAL accesses before its CEV_ACCESS is built (struct checker's
 * global_warp): the fields that event would carry (its mask is every
 * lane, its size 4). */
struct check_gwarp {
	struct warp *w;
	uint64_t a0, a16;
	int write;             /* 1: CHECK_WRITE, 0: CHECK_READ */
	int slot;              /* the block's resident slot */
	unsigned warp;         /* w's index in its block */
	uint32_t phase;        /* the block's __syncthreads() completed so far */
	uint64_t block;        /* the block's linear index in the grid */
	uint64_t addr, bytes;  /* the window: the allocation */
};

/* The other accesses of a device allocation (region CR_GLOBAL) from the
 * machine's fast paths (a warp's bytes and halfwords, its atomics: lanes
 * of mask), offered the same way (struct checker's global_access): the
 * fields that event would carry and the global checker's fast paths ask;
 * a lane's address may lie outside the allocation. */
struct check_gaccess {
	struct warp *w;
	const uint64_t *A;     /* lane l's address is A[l] + imm (all 32 rows hold one) */
	uint64_t imm;
	unsigned size;         /* bytes per lane */
	enum check_access access;
	unsigned sem;          /* enum ir_sem of the instruction */
	uint32_t mask;         /* lanes involved */
	int slot;              /* the block's resident slot */
	unsigned warp;         /* w's index in its block */
	uint32_t phase;        /* the block's __syncthreads() completed so far */
	uint64_t block;        /* the block's linear index in the grid */
	uint64_t addr, bytes;  /* the window: the allocation */
};

struct checker {
	const char *name;      /* "spin" */
	const char *what;      /* one line: what it finds */
	unsigned events;       /* CEV_BIT(...) | ...: what it listens to */
	/* 1: its CEV_WARP_EXIT does nothing for a plain exit, a warp whose
	 * last group leaves while no thread of its block waits at a barrier
	 * (every warp of a kernel that ends without diverging): the machine
	 * publishes no such event when every listener says so */
	int plain_exit_quiet;
	/* 1: its CEV_BARRIER acts only on a block where threads exited while
	 * others of the block waited at its barrier (a CEV_WARP_EXIT with
	 * check_block_arrived non-zero; the exit checker's notes): the machine
	 * publishes the release of another block's barrier only when a
	 * listener does not say so (the release of every barrier in --fast) */
	int barrier_after_exit;
	int always;            /* 1: runs with --fast too (checks the program cannot run without) */
	/* CEV_ACCESS: the regions it checks, bits 1u << enum check_region (0:
	 * every one); the machine does not call it for the others' accesses */
	unsigned regions;
	/* its state for machine m (NULL: none needed), freed by destroy */
	void *(*create)(struct machine *m);
	void (*destroy)(void *self);
	void (*event)(void *self, const struct check_event *e);
	/* A copy of self for m, a copy of self's machine (machine_clone:
	 * checkpoints); map(ctx, p) gives the copy of a pointer p into the old
	 * machine (a block, a warp). NULL: the checker has no state to copy
	 * (create is NULL); a machine whose checkers have state but no clone
	 * cannot be copied. */
	void *(*clone)(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p), void *ctx);
	/* Optional, the cheap way in for the commonest access of a shared
	 * tile: a full warp's weak read of its own block's shared memory, offered
	 * before the event is built when this checker is the only one that
	 * checks CR_SHARED accesses. 1: taken, leaving the state event() would
	 * have left, and no CEV_ACCESS is published for it; 0: nothing changed,
	 * the event is published as usual. */
	int (*shared_read)(void *self, const struct check_sread *r);
	/* Optional, the same for a warp's weak 4-byte write of its own block's
	 * shared memory (r->size 4; r->shape CHECK_SHAPE_ROWS or 0) */
	int (*shared_write)(void *self, const struct check_sread *r);
	/* Optional, the same for a warp's atomics on its own block's shared
	 * memory (r->size 4; r->shape 0) */
	int (*shared_atomic)(void *self, const struct check_sread *r);
	/* Optional, with shared_read: its slots' logs (struct check_slogs, in
	 * the checker's state), to which the machine appends the reads
	 * shared_read would log at once, when this checker is the only one of
	 * CR_SHARED accesses */
	const struct check_slogs *(*shared_logs)(void *self);
	/* Optional, the same for the commonest access of global memory: a full
	 * warp's weak 4-byte read or write of consecutive words (struct
	 * check_gwarp), offered when this checker is the only one that checks
	 * CR_GLOBAL accesses. 1: taken, as shared_read; 0: nothing changed. */
	int (*global_warp)(void *self, const struct check_gwarp *r);
	/* Optional, the same for the other accesses of global memory the
	 * machine's fast paths make (struct check_gaccess), offered to the
	 * same one checker. */
	int (*global_access)(void *self, const struct check_gaccess *r);
	/* Optional: the regions (bits of enum check_region) of the CEV_LANE
	 * events it acts on; 0: any. The machine offers local_lanes only when
	 * every CEV_LANE listener declares them. */
	uint32_t lane_regions;
	/* Optional: a warp's loads or stores of its lanes' own local memory
	 * (region CR_LOCAL; every lane of e->mask aligned and inside its live
	 * stack; CEV_LANE's fields, lane_addr for each lane of the mask), as
	 * one event instead of one CEV_LANE per lane, offered when this is the
	 * only CEV_LANE listener whose lane_regions has CR_LOCAL. 1: taken,
	 * leaving what the lanes' events one after the other would have left
	 * (each lane's findings in lane order); 0: nothing changed, each lane's
	 * CEV_LANE is published as usual. */
	int (*local_lanes)(void *self, const struct check_event *e);
};
/* The table (checkers.def), in order; n set to its length. */
const struct checker *const *check_table(size_t *n);
/* Whether checker c runs under the options: fast (--fast: only the
 * checkers marked always) and only (NULL: every one; else a comma-separated
 * list of names). */
int check_selected(const struct checker *c, int fast, const char *only);

/* Whether lane l's address la[l] is la[l0] + step * (l - l0) for every lane
 * l of mask (l0 its first): step 0, one address for all lanes (a broadcast);
 * step = the access size, consecutive elements (a[i] with i the thread
 * index). A whole warp is compared as 32-bit halves, which vectorize where
 * 64-bit lanes do not; a run across a 4 GB line fails (take the slow path). */
static inline int check_lanes_linear(const uint64_t *la, uint32_t step, uint32_t mask)
{
	unsigned l0 = (unsigned)__builtin_ctz(mask);
	uint64_t k0 = la[l0] - step * (uint64_t)l0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	if (mask == ~0u && (step & (step - 1)) == 0 && step <= 8) {
		/* lane l's halves are h[2l] (low) and h[2l + 1] (high): the low
		 * half moves by a table's steps (no multiply: SSE2 has none for
		 * 32-bit lanes), the high half must not move */
#define CHECK_ST(s, l) (s) * (l), 0, (s) * (l) + (s), 0, (s) * (l) + 2 * (s), 0, (s) * (l) + 3 * (s), 0
#define CHECK_ROW(s) { CHECK_ST(s, 0), CHECK_ST(s, 4), CHECK_ST(s, 8), CHECK_ST(s, 12), \
		       CHECK_ST(s, 16), CHECK_ST(s, 20), CHECK_ST(s, 24), CHECK_ST(s, 28) }
		static const uint32_t offs[5][64] = { CHECK_ROW(0), CHECK_ROW(1), CHECK_ROW(2),
						      CHECK_ROW(4), CHECK_ROW(8) };
#undef CHECK_ROW
#undef CHECK_ST
		const uint32_t *d = offs[step ? 1 + __builtin_ctz(step) : 0];
		uint32_t h[64], bad = 0, lo = (uint32_t)k0, hi = (uint32_t)(k0 >> 32);
		memcpy(h, la, sizeof(h));
		for (uint32_t i = 0; i < 64; i++)
			bad |= (h[i] - d[i]) ^ ((i & 1) ? hi : lo);
		return !bad;
	}
#endif
	if (mask == 0xffffu) {
		/* half a warp: 16 lanes, unrolled (too short to vectorize) */
		uint64_t bad = 0;
		for (uint32_t l = 0; l < 16; l++)
			bad |= la[l] ^ (k0 + step * (uint64_t)l);
		return !bad;
	}
	uint64_t bad = 0;
	for (uint32_t mm = mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		bad |= la[l] ^ (k0 + step * (uint64_t)l);
	}
	return !bad;
}

/* check_lanes_linear of a whole warp, step a power of two up to 8, as one
 * pass over 64-bit lanes: for the AVX2 versions of WS_CLONES functions
 * (a 64-bit load, subtract, xor and or per 4 lanes, the lanes' offsets
 * from a table); the baseline compiles it to scalar code, where
 * check_lanes_linear's 32-bit halves are better. */
static CHECK_INLINE int check_warp_linear(const uint64_t *la, uint32_t step)
{
#define CHECK_OF(s, l) (s) * (l), (s) * (l) + (s), (s) * (l) + 2 * (s), (s) * (l) + 3 * (s)
#define CHECK_ROW(s) { CHECK_OF(s, 0), CHECK_OF(s, 4), CHECK_OF(s, 8), CHECK_OF(s, 12), \
		       CHECK_OF(s, 16), CHECK_OF(s, 20), CHECK_OF(s, 24), CHECK_OF(s, 28) }
	static const uint64_t offs[4][32] = { CHECK_ROW(1), CHECK_ROW(2), CHECK_ROW(4), CHECK_ROW(8) };
#undef CHECK_ROW
#undef CHECK_OF
	if (!step || (step & (step - 1)) || step > 8)
		return check_lanes_linear(la, step, ~0u);
	const uint64_t *d = offs[__builtin_ctz(step)];
	uint64_t k0 = la[0], bad = 0;
	for (uint32_t l = 0; l < 32; l++)
		bad |= (la[l] - d[l]) ^ k0;
	return !bad;
}

/* check_lanes_linear of the lanes of mask, step a power of two up to 8, as
 * one pass over the 32 lanes (the others' addresses are ignored): for the
 * AVX2 versions of WS_CLONES functions, where a mask of many lanes
 * costs less so than lane by lane */
static CHECK_INLINE int check_warp_linear_mask(const uint64_t *la, uint32_t step, uint32_t mask)
{
#define CHECK_OF(s, l) (s) * (l), (s) * (l) + (s), (s) * (l) + 2 * (s), (s) * (l) + 3 * (s)
#define CHECK_ROW(s) { CHECK_OF(s, 0), CHECK_OF(s, 4), CHECK_OF(s, 8), CHECK_OF(s, 12), \
		       CHECK_OF(s, 16), CHECK_OF(s, 20), CHECK_OF(s, 24), CHECK_OF(s, 28) }
	static const uint64_t offs[4][32] = { CHECK_ROW(1), CHECK_ROW(2), CHECK_ROW(4), CHECK_ROW(8) };
#undef CHECK_ROW
#undef CHECK_OF
	if (!step || (step & (step - 1)) || step > 8 || !mask)
		return check_lanes_linear(la, step, mask);
	const uint64_t *d = offs[__builtin_ctz(step)];
	unsigned l0 = (unsigned)__builtin_ctz(mask);
	uint64_t k0 = la[l0] - d[l0];
	uint32_t ne = 0;
	for (uint32_t l = 0; l < 32; l++)
		ne |= (uint32_t)(la[l] - d[l] != k0) << l;
	return !(ne & mask);
}

/* ---- what the machine offers its checkers (engine/machine/checkhost.c) */
/* Record a finding of kind k (its table severity) at sp for lanes of w
 * (NULL: none). NULL when it repeats one at the same place (it counts). */
struct machine_finding *check_report(struct machine *m, enum finding_kind k, struct warp *w,
				     uint32_t lanes, struct span sp, uint64_t addr,
				     const char *fmt, ...) WS_PRINTF(7, 8);
/* check_report with a severity (1 error, 0 warning) other than the kind's,
 * where the checker says why. */
struct machine_finding *check_report_sev(struct machine *m, enum finding_kind k, int error,
					 struct warp *w, uint32_t lanes, struct span sp, uint64_t addr,
					 const char *fmt, ...) WS_PRINTF(8, 9);
/* The other side of a finding: lane of warp o (f NULL: nothing). */
void check_report_other(struct machine_finding *f, const struct warp *o, unsigned lane, int wrote);
/* Fail the running grid with CUDA error err (702: launch timeout ...). */
void check_fail_kernel(struct machine *m, int err);
/* The step count and, while a grid runs, its progress. */
uint64_t check_steps(const struct machine *m);
/* Ask for the next CEV_SAMPLE at step `at` (default: CHECK_SAMPLE steps after the last). */
void check_sample_at(struct machine *m, uint64_t at);

/* Warps and groups as the checkers see them. */
enum check_gstate { CG_READY, CG_PARKED, CG_BARRIER, CG_COLLECTIVE, CG_OTHER };
struct check_group {
	uint32_t mask;
	int state;             /* enum check_gstate: ready, parked at a reconvergence point,
				  waiting at __syncthreads, in a warp collective, other waits */
	uint32_t coll_mask;    /* CG_COLLECTIVE: lanes named by the collective */
	unsigned coll_op;      /* CG_COLLECTIVE: enum ir_op of the collective */
	int func;              /* where it stands: function (module index) and pc */
	uint32_t pc;
	struct span span;
};
struct check_warp {
	struct warp *w;
	uint32_t block[3];
	unsigned id;           /* warp index in its block */
	uint32_t live;         /* lanes not exited */
	int ngroups;
};
/* Resident warps of the running grid: how many, and the i-th (0 or -1;
 * every resident warp started, as an admission that started them all
 * would leave it: the machine starts those it admitted lazily first) */
size_t check_nwarps(const struct machine *m);
int check_warp_get(struct machine *m, size_t i, struct check_warp *out);
int check_warp_info(const struct warp *w, struct check_warp *out);
int check_group_get(const struct warp *w, int g, struct check_group *out);
/* The groups of block b waiting at its __syncthreads(), in warp order
 * (CEV_BARRIER: those about to move on); *n set to how many. Valid until
 * the next call. */
const struct check_site *check_block_sites(struct machine *m, const struct block *b, int *n);
/* Whether the groups of block b waiting at its __syncthreads() wait at more
 * than one place (function and pc): 0 when check_block_sites would list one
 * place only (or none); a walk over the block's warps that stores nothing,
 * for the common barrier whose groups all wait at one __syncthreads(). */
int check_block_split(const struct block *b);
/* Threads of block b waiting at its __syncthreads() now (0: none). */
uint32_t check_block_arrived(const struct block *b);
/* The lanes named by w's groups that wait in a warp collective (0: none). */
uint32_t check_warp_coll_named(const struct warp *w);
/* Where group j of warp w spins, for a report that must not depend on the
 * step at which it is made: the span of the first conditional branch its
 * code reaches from its pc, following jumps (a spin loop's test), else (a
 * call, a return, no branch within 64 instructions) its pc's span. */
struct span check_group_spin_span(const struct warp *w, int j);
/* A hash of warp w's whole state (groups, pcs, registers of its live
 * lanes), and whether every group of it is blocked (barrier, collective). */
uint64_t check_warp_hash(const struct warp *w, int *blocked);
/* Blocks of the running grid finished, and those not resident yet. */
uint64_t check_blocks_done(const struct machine *m);
uint64_t check_blocks_waiting(const struct machine *m);
/* Steps within which machine_run's round robin surely visits every resident
 * warp of the running grid once (a visit runs at most QUANTUM_RR steps),
 * if no barrier sends it back to a block's first warp. */
uint64_t check_round_steps(const struct machine *m);
/* Device stores and memory-changing atomics so far (progress). */
uint64_t check_stores(const struct machine *m);
/* The running grid's shape: blocks and threads per block in each
 * dimension, and how many blocks (0: no grid runs). */
uint64_t check_grid_shape(const struct machine *m, uint32_t grid[3], uint32_t block[3]);
/* Whether the lanes of a warp are scheduled independently (--simt its). */
int check_simt_its(const struct machine *m);
/* The other side of a finding by index: thread tid_linear of block
 * block_linear of the running grid (-1: unknown; block -1: the finding's
 * own block); wrote as check_report_other. f may be NULL. */
void check_report_other_at(struct machine *m, struct machine_finding *f, int64_t block_linear,
			   int64_t tid_linear, int wrote);
/* The allocation [base, base+size) a memory finding is about (f may be NULL). */
void check_report_alloc(struct machine_finding *f, uint64_t base, uint64_t size);
/* The newest finding recorded (NULL: none). */
struct machine_finding *check_last_finding(struct machine *m);
/* Whether launches are queued that have not started, and the serial
 * number (1, 2 ...) of the last grid started. */
int check_launches_pending(const struct machine *m, uint64_t *started, uint64_t *queued);
/* The host thread running now (the host side of a finding). */
struct warp *check_host_thread(const struct machine *m);
/* The name of the running grid's kernel ("" when none runs). */
const char *check_grid_name(const struct machine *m);
/* The span of the user's own code for a finding at sp inside a built-in
 * header (cooperative groups, <atomic> ...): sp itself elsewhere. */
struct span check_user_span(const struct machine *m, const struct warp *w, uint32_t lanes,
			    struct span sp);
/* Whether checker state self is left out of CEV_ACCESS (quiet 1) or sent
 * them again (0): a checker with nothing to check in them for a while (the
 * init checker while every allocation it tracked has been written) spares
 * the machine the call. From the next CEV_ACCESS on; every other event
 * still arrives. A machine's copy (machine_clone) starts with every
 * checker listening: a checker that uses this keeps quiet in its state and
 * starts its copy at 0. */
void check_access_quiet(struct machine *m, const void *self, int quiet);
/* Zeroed memory for a checker's large shadow (untouched pages cost no
 * memory), and its release. */
void *check_shadow_alloc(size_t bytes);
/* The same, its pages committed at once at every size (huge ones from
 * 2 MiB up where the system has them): for a small shadow that every
 * access reads, so that its first touches are not made inside a kernel.
 * Released with check_shadow_free. */
void *check_shadow_alloc_now(size_t bytes);
void check_shadow_free(void *p, size_t bytes);

#endif
