/*
 * simt.h - the engine's internal state: machine, grids, blocks, warps,
 * convergence groups, frames, tokens. Shared by machine.c, interp.c,
 * mem.c, cfg.c, runtime.c and devlib.c; nothing outside engine/ includes it.
 *
 * Design (teacher's version in docs/engine.md):
 * - A warp is 32 lanes. Each lane has its own PC and call stack, but lanes
 *   that stand at the same place are kept together in a convergence GROUP:
 *   (mask, pc, frame, state, token stack). An instruction executes for a
 *   whole group in one loop over its lanes.
 * - A FRAME is one activation of a function for the lanes of the group that
 *   called it: registers lane-major (r[reg * 32 + lane]), each lane's local
 *   frame base, the return pc and register. Lanes leave a frame by RET; the
 *   last one frees it (to the warp's free list, reused without malloc).
 * - Reconvergence uses TOKENS, like Volta's BSSY/BSYNC: a group that splits
 *   at a conditional branch creates a token (mask of the lanes, the branch's
 *   immediate post-dominator as reconvergence pc, the frame depth) and both
 *   halves push it. A group that reaches the token's pc (or returns from the
 *   token's frame) parks; when every live lane of the token has arrived the
 *   parked groups merge into one and pop the token.
 *   - simt stack: the warp keeps running the same group until it parks or
 *     blocks, then picks the group with the newest innermost token, taken
 *     path first: exactly the order of a pre-Volta SIMT stack.
 *   - simt its: the scheduler may pick any ready group of the warp at each
 *     step (rr rotates, random chooses); groups still merge at tokens and
 *     whenever two meet at the same pc and frame with the same tokens.
 *   - Forward progress: a warp whose only remaining groups are parked or
 *     blocked releases its parked groups (they abandon their token), as
 *     Volta's scheduler guarantees progress; this also makes a
 *     __syncthreads inside divergent code behave as on sm_70+.
 * - Blocks are resident in slots (num_sms x blocks per SM); a block holds
 *   state only while resident.
 */
#ifndef WS_SIMT_H
#define WS_SIMT_H

#include <stdint.h>
#include <stddef.h>
#include <stdarg.h>
#include <string.h>
#include "ir.h"
#include "check.h"
#include "machine.h"
#include "util.h"
#include "texture.h"

#define WS_WARP 32
#define WS_FULL 0xffffffffu
#define WS_TOKMAX 24
#define WS_MAXG 33

/* address tags, bits 40..47 (the values are machine.h's) */
#define TAG_SHIFT MACHINE_TAG_SHIFT
#define TAG_HOST MACHINE_TAG_HOST
#define TAG_HSTACK MACHINE_TAG_HSTACK
#define TAG_GLOBAL MACHINE_TAG_GLOBAL
#define TAG_CONST MACHINE_TAG_CONST
#define TAG_SHARED MACHINE_TAG_SHARED
#define TAG_LOCAL MACHINE_TAG_LOCAL
#define TAG_PARAM MACHINE_TAG_PARAM
#define TAG_CODE MACHINE_TAG_CODE
#define ADDR(tag, off) (((uint64_t)(tag) << TAG_SHIFT) | (uint64_t)(off))
#define ADDR_TAG(a) ((unsigned)((a) >> TAG_SHIFT))
#define ADDR_OFF(a) ((a) & (((uint64_t)1 << TAG_SHIFT) - 1))

/* ---- memory (mem.c) */
enum alloc_kind { AK_HOST_MALLOC, AK_HOST_PINNED, AK_HOST_OBJ, AK_DEV_MALLOC, AK_DEV_HEAP,
		  AK_DEV_OBJ, AK_MANAGED, AK_STRING, AK_CONST };
struct alloc {
	uint64_t base, size;
	uint8_t *data;
	uint8_t kind;     /* enum alloc_kind */
	uint8_t freed;
	uint8_t host_ok, dev_ok;
	uint8_t ext;      /* in the ext region: at an address given from outside (mem_alloc_at) */
	uint8_t newkind;  /* heap blocks: 0 malloc, 1 new, 2 new[] (delete must match) */
	uint8_t mapped;   /* data is a mapping of its own (util_map_zero, cap bytes), not the heap's */
	uint32_t id;
	int32_t obj;      /* module object, or -1 */
	/* bytes of data: size plus the tail up to the next allocation (global
	 * only; the guard gap is mapped memory, as in cudaMalloc's pages) */
	uint64_t cap;
	/* where the program freed it (file 0: not freed by the program, or
	 * unknown), for the note of a double free */
	struct span freed_at;
};
struct cond_rec;
struct gmem_rec {              /* an allocation of a graph memory node (runtime.c) */
	uint64_t addr, size;
	int live;               /* allocated by its node, not freed since */
};
struct mem_region {
	VEC(struct alloc *) a; /* sorted by base (bump allocation) */
	uint64_t next;
};
struct mem_page;
struct mem {
	struct mem_region host, global, cnst;
	/* allocations at addresses the emulator did not choose: device memory
	 * at the real GPU's addresses (run --gpu); sorted by base */
	struct mem_region ext;
	uint32_t next_id;
	uint64_t dev_bytes;
	uint64_t retained;       /* bytes of freed global data kept (still mapped) */
	VEC(struct mem_page *) gap; /* mapped global bytes outside every allocation */
	VEC(uint32_t) pages;     /* per 2 MiB global page: live cudaMalloc'd/device heap blocks in it */
	uint64_t host_bytes;     /* live host allocations (bounded by mem_try_alloc) */
	uint64_t limit;          /* host_bytes + dev_bytes cap for mem_try_alloc; 0: none */
	uint64_t nfrees;         /* mem_free calls so far (hostvm.c: the allocations its loads
				  * and stores remember are live while this has not changed) */
};
void mem_init(struct mem *mm);
void mem_release(struct mem *mm);
struct alloc *mem_alloc(struct mem *mm, unsigned tag, uint64_t size, uint64_t align, int kind);
/* mem_alloc for sizes the program chose (malloc, cudaMalloc...): NULL when the
 * host total would pass its limit or the real allocation fails. */
struct alloc *mem_try_alloc(struct mem *mm, unsigned tag, uint64_t size, uint64_t align, int kind);
/* An allocation at base, an address given from outside (the GPU's): in the
 * ext region, counted as device memory; NULL when the bytes cannot be had
 * or base overlaps another ext allocation. */
struct alloc *mem_alloc_at(struct mem *mm, uint64_t base, uint64_t size, int kind);
/* The allocation containing addr (freed ones too), or NULL. */
struct alloc *mem_find(struct mem *mm, uint64_t addr);
int mem_free(struct mem *mm, struct alloc *a);
/* Undo the free of a global allocation that the emulator placed (graph
 * memory nodes allocate again at the same address): 0, or -1 when a is not
 * freed or is not such an allocation. Its contents are zero or stale. */
int mem_revive(struct mem *mm, struct alloc *a);
/* Mapped device memory (docs/engine.md): cudaMalloc'd blocks live in 2 MiB
 * pages as cudaMalloc's sub-allocator does; a page stays mapped while it
 * holds a live one (the device heap stays mapped); module objects map their
 * own bytes and tail. The bytes of [addr, addr+size) when mapped (a live or
 * freed allocation's bytes or tail, or a gap, zero until written), NULL when
 * an access would fault. */
#define MEM_PAGE (2u << 20)
uint8_t *mem_mapped(struct mem *mm, uint64_t addr, uint64_t size);
size_t mem_page_bytes(void);  /* bytes of one gap page (machine_clone) */

/* ---- control flow: cfg_ipdom (cfg.c) is declared in ir.h */

/* ---- decoded functions (decode.c) */
#define DF_KB 0x100              /* insn.flags: b is an index into the constant pool */
#define DF_BREAK 0x200           /* insn.flags: a breakpoint is set on this statement start */
#define DF_CMP 0x400             /* CBR: branch on (a sub b) of type t, a fused SETP */
#define DF_STMT 0x800            /* insn.flags: a statement starts here (EV_STMT, breakpoints) */
#define DF_KCE 0x1000            /* SHFL: rows c and e (those it has) each hold one value in every
                                  * lane that reaches it: a CONST whose every path there passes
                                  * (decode.c shflconst; run's code only) */
#define DF_TIDA 0x2000           /* CBR (DF_CMP): a holds threadIdx.x in every lane that reaches
                                  * it (decode.c cbrtid; run's code only): interp.c bar_sweep
                                  * reads the warp's shared tid row, not the frame's, and in a
                                  * one-dimensional block it and fast_run's compares with a
                                  * constant read no row (interp.c cmp_tid_k) */
#define DF_AUNI 0x8000           /* XOP_IDX: a is a scalar parameter of the kernel that no
                                  * instruction writes, one value in every lane of its row
                                  * (decode.c idxparam; run's code only): fast_run reads a[0] */
#define DF_BUNI DF_AUNI         /* CBR (DF_CMP, b a register): b is a scalar parameter of the
                                  * kernel that no instruction writes, as DF_AUNI's a (decode.c
                                  * cbrparam; run's code only): fast_run compares with b[0] */
#define DF_QUIET 0x4000          /* LD: no write of shared memory by any warp of the block can
                                  * come in its barrier epoch (epoch.c; run's code only): the
                                  * shared checker's deferred read needs no log entry */
enum { XOP_IDX = IR_NOPS + 1,   /* d := a + b * imm (b already extended to 64 bits) */
       XOP_IDX2 = IR_NOPS + 3,   /* d := a + b * imm + c * tgt1 (two XOP_IDX, a 2-D index) */
       XOP_GTID = IR_NOPS + 4,   /* d (u32) := ctaid.x * ntid.x + tid.x (5 IR instructions) */
       XOP_IDXM = IR_NOPS + 5 }; /* d := a + b * imm (+ c * tgt1 when c >= 0), then the LD or ST
                                  * at pc + 1 (which reads d) in the same dispatch */
struct dfunc {
	const struct ir_func *fn;
	struct ir_insn *code;    /* decoded instructions */
	uint32_t ncode;
	uint32_t *orig;          /* decoded index -> IR index */
	uint32_t *map;           /* IR index -> decoded index (ncode + 1 entries) */
	int32_t *ipdom;          /* per decoded CBR: reconvergence pc, -1 = exit */
	uint64_t (*pool)[32];    /* constant operands, broadcast to 32 lanes */
	uint32_t npool;
	uint8_t stackless;       /* no local memory, LADDR or ALLOCA: its frames push nothing on
				  * the lane stacks, so they keep no lbase (frame_lbase) */
	uint8_t flat;            /* no CALL or ICALL: a warp running it as its kernel has no other
				  * frame, so that every warp of its grid is in a frame of this
				  * code (interp.c bar_sweep reads no other warp's frame) */
	uint8_t *fop;            /* per decoded instruction: its class in interp.c's fast path;
				  * then ncode more: what fast_uniform notes of a uniform one */
	uint8_t *uni;            /* per decoded instruction: UNI_* (uniform.c), or NULL */
	uint8_t *nrow;           /* per row (nrows): 1 where its lanes are 32-bit (interp.c
				  * interp_n32; run's code only), or NULL */
	uint8_t *split1;         /* per decoded instruction: 1 on a CBR whose taken side is a short
				  * region that falls through to its reconvergence point, its
				  * not-taken target (interp.c split1; run's code only), or NULL */
	uint32_t nrows;
	const char *bad;         /* invalid IR: why (the function cannot run) */
	uint32_t bad_at;
	void *hv;                /* hostvm.c: its host engine code, built when first run (NULL) */
};
struct dfunc *decode_func(const struct ir_func *fn, const struct ir_module *mod);
/* uniform.c: per register of a kernel's code (n instructions, ipdom per
 * CBR as cfg_ipdom's), 1 where every lane of a group that reads it holds
 * one value (the registers numbered as the code names them; the code's
 * registers written before read); uniform_insns: per instruction, which
 * operands (UNI_A, UNI_B: b a register or a pool constant, UNI_C, UNI_E;
 * an absent operand counts) are uniform, UNI_OPS: every register it
 * reads; UNI_BX: b is a register on lanes, lane l's value ext(T(c + x_l))
 * for one c, x_l its threadIdx.x, T the low 32 bits, ext the row's
 * extension (uniform.c lanex_def; WS_NO_LANEX=1: none); UNI_AX: a is a
 * register holding an address on lanes, lane l's u + 4 e_l, u uniform, e_l
 * such an index (uniform.c addrx_def; WS_NO_ADDRX=1: none); UNI_AL: a is
 * a register on lanes as UNI_BX's b. Arrays of the caller's to free. */
enum { UNI_A = 1, UNI_B = 2, UNI_C = 4, UNI_E = 8, UNI_OPS = 16, UNI_BX = 32, UNI_AX = 64, UNI_AL = 128 };
uint8_t *uniform_regs(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
		      const int32_t *ipdom);
uint8_t *uniform_insns(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
		       const int32_t *ipdom);
/* uniform_insns, and *aligned (when not NULL): 1 where every warp of a
 * block runs the same barrier instructions in the same order (no call, no
 * barrier under a divergent branch) */
uint8_t *uniform_insns_aligned(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
			       const int32_t *ipdom, int *aligned);
/* epoch.c: per instruction of a kernel's code whose barriers are aligned
 * (uniform_insns_aligned), 1 on each LD that no instruction which may
 * write shared memory can meet between the block barriers around it. The
 * caller's to free. */
uint8_t *epoch_quiet_loads(const struct ir_insn *code, uint32_t n);
void decode_free(struct dfunc *df);
/* decode.c: the registers an instruction reads (b not where it is a pool
 * constant, e not for MATCH, which writes it), at most max into out */
int decode_uses(const struct ir_insn *in, int32_t *out, int max);
/* interp.c: the fast path's class of each of df's instructions (df->fop) */
uint8_t *interp_fast_ops(const struct dfunc *df);
/* interp.c: recompute df->fop in place after df's DF_BREAK flags changed
 * (a breakpoint instruction is of class F_GEN); the array stays where it
 * is, so that a fast_run under way (an observer set the breakpoint) reads
 * the new classes from its next instruction on */
void interp_fast_refresh(struct dfunc *df);
/* interp.c: the rows of df's code that hold 32-bit lanes (df->nrow), and
 * df->fop again with their classes; interp_n32_rows: how many rows every
 * call made narrow (tests) */
void interp_n32(struct dfunc *df);
unsigned long interp_n32_rows(void);

/* ---- execution state */
struct frame {
	/* what a visit (fast_run) and a warp's start (machine.c warp_start)
	 * read is the first cache line: r, df, code, depth, the stash's
	 * fields (docs/PERFORMANCE.md, the twenty-fourth session) */
	uint64_t *r;            /* r[reg * 32 + lane] */
	const struct dfunc *df;
	const struct ir_insn *code; /* df->code */
	struct fstash *stash;   /* the machine's queue it belongs to (machine.c warp_start): it
				 * goes back there, not to the warp's list, and is on no warp's
				 * all_frames; NULL: the warp's own */
	uint64_t ptag;          /* a stash frame: the grid (its serial, gr->pserial) whose scalar
				 * parameters its first rows hold, as warp_start wrote them and
				 * its kernel left them (gr->pkeep); 0: none */
	struct frame *parent;
	uint32_t depth;
	uint32_t nlanes;        /* lanes still in this frame */
	uint32_t cap;           /* register capacity */
	uint8_t pooled;         /* frame and rows are one piece of m->dev.wpool (frame_bytes) */
	struct frame *next_free;
	struct frame *next_all;  /* every frame the warp ever allocated */
	const struct ir_func *fn;
	int32_t fidx;
	uint32_t ret_pc;
	int32_t ret_reg;
	uint32_t lbase[WS_WARP]; /* lane stack pointers at entry; not kept when df->stackless */
};
_Static_assert(offsetof(struct frame, pooled) < 64, "struct frame: a visit's fields in its first line");
/* the machine's frames of one row count that the warps of stash grids
 * share (machine.c stash_ok), first freed first taken */
struct fstash {
	struct frame *head, *tail;
	uint32_t cap;
	struct fstash *next;
};
/* f's fields for an activation of fn (decoded: df, module index fidx) by
 * nlanes lanes, called from parent (NULL: a kernel or main) at depth;
 * lbase, the registers and the frame lists are the caller's business
 * (interp_frame_new, block_new) */
static inline void frame_begin(struct frame *f, const struct ir_func *fn, const struct dfunc *df,
			       int32_t fidx, struct frame *parent, uint32_t depth, uint32_t nlanes)
{
	f->parent = parent;
	f->next_free = NULL;
	f->fn = fn;
	f->df = df;
	f->code = df->code;
	f->fidx = fidx;
	f->depth = depth;
	f->nlanes = nlanes;
	f->ret_pc = 0;
	f->ret_reg = -1;
}
/* machine.c: where frame f (in the chain of the group holding lane) starts
 * on the lane's stack; also for a stackless frame, whose base is that of
 * the nearest frame above it that keeps one, or the lane's stack pointer. */
uint32_t frame_lbase(const struct warp *w, const struct frame *f, unsigned lane);
/* the bytes of a pooled frame with cap register rows: the frame, then the
 * zero row and the rows */
#define FRAME_HEAD (((sizeof(struct frame) + 63) / 64) * 64)
#define FRAME_BYTES(cap) (FRAME_HEAD + ((size_t)(cap) + 1) * WS_WARP * sizeof(uint64_t))

enum gstate { G_READY, G_PARK, G_BAR, G_COLL, G_HOSTWAIT,
	      G_CGWAIT /* cg.c: blocked in a cuda::barrier wait or grid sync (cg_addr) */ };

struct group {
	uint32_t mask;
	uint32_t pc;
	struct frame *fr;
	uint8_t state;          /* enum gstate */
	uint8_t ntok;
	uint16_t tok[WS_TOKMAX];
	uint32_t coll_mask;     /* G_COLL: lanes named by the collective */
	uint32_t coll_op;       /* G_COLL: ir op */
	uint64_t cg_addr;       /* G_CGWAIT: the barrier's address, 0 = the grid barrier */
	uint64_t cg_token;      /* G_CGWAIT: the token (phase) it waits for */
};

struct token {
	uint32_t mask;          /* live lanes expected */
	uint32_t arrived;
	uint32_t rpc;           /* reconvergence pc, UINT32_MAX = function exit */
	uint32_t depth;         /* frame depth it belongs to */
	uint8_t used;
};

struct lstack {
	uint8_t *buf;
	uint32_t sp, cap;
	uint8_t host;           /* a host thread's stack (8 MiB, not initcheck'ed) */
};

struct block;
/* a warp's groups: WS_GIN inline (most warps never diverge further), all
 * WS_MAXG out of line once it needs more (interp.c warp_group_add) */
#define WS_GIN 4
#define WS_TOKIN 2
struct warp {
	/* what every scheduler visit reads is the first cache line, g_in[0]'s
	 * mask, pc, fr, state and ntok included (its first 18 bytes, from
	 * offset 40: the static assertion below), so that a visit, and a
	 * barrier's release of each of its block's warps, touches one line
	 * of a warp; what a launch sets follows, then what few warps need. A
	 * resident grid holds thousands of warps (an H100 keeps 8448) and the
	 * round robin comes back to one after all the others (a block whose
	 * warp 0 splits at `t < k` releases its barrier a round later): each
	 * line a visit reads is a miss (docs/PERFORMANCE.md, the
	 * twenty-fourth session) */
	struct block *blk;
	struct group *g;        /* g_in, or WS_MAXG groups of its own (warp_group_add) */
	uint32_t ng;
	int32_t cur;            /* sticky group (stack policy), -1 */
	/* run's split of a short region (interp.c split1): g[0] holds the
	 * lanes that run it, pend the others, waiting at pend_stop, where the
	 * token and the parked group cbr_taken would have made stand for them
	 * (pend_split makes them where anything else looks); pend 0 and
	 * pend_stop UINT32_MAX: none (fast_run's stop where g[0] has no
	 * token, read as it is) */
	uint32_t pend, pend_stop;
	uint32_t id;            /* warp index in block */
	int host;
	struct group g_in[WS_GIN];
	/* tid[d][lane]: the lanes' thread index, rows shared by every warp
	 * at this place of a block of this shape (machine_tid_rows) */
	uint32_t (*tid)[WS_WARP];   /* never written through */
	uint32_t exists, live, exited;
	uint32_t wsync;         /* collectives completed (orders lanes' shared accesses) */
	uint8_t ls_moved;       /* a lane stack pointer may be nonzero (lstack_push sets it;
				 * block_new resets the 32 pointers only then) */
	uint8_t cg_tile;        /* cg.c: tile size of the last tiled_partition in this warp, 0 none */
	uint32_t rr;            /* rotation for its + rr */
	uint32_t bp_pass;       /* pc at which this warp passes a breakpoint once (resume), +1 */
	struct frame *free_frames;
	VEC(struct token) toks;
	uint32_t tok_free_hint;
	/* the WS_WARP lane stacks: lstack_none (read-only, empty) until the
	 * warp first needs them (warp_lstacks) */
	struct lstack *ls;
	struct frame *all_frames;
	int blocked_host;       /* host: waiting for the device */
	uint32_t bp_pass_mask;  /* ... for the group with these lanes */
	const struct frame *bp_pass_fr; /* ... in this frame */
	/* cluster.c: the cluster barrier phase each lane last arrived in
	 * (WS_WARP of them), NULL before the warp's first arrival (all 0) */
	uint64_t *cl_gen;
	/* toks' first WS_TOKIN entries (interp.c tok_new): a warp's first
	 * divergence needs one, and a fresh warp of every block (histogram at
	 * 2^17: 4,096 of them) paid a malloc at its first and a free at its
	 * block's end */
	struct token tok_in[WS_TOKIN];
	/* host threads (hthread.c); zero for device warps and for main */
	uint64_t hbase;         /* its index << HSTACK_SHIFT: the addresses of its stack */
	uint32_t hid;           /* index in m->ht.all, 0 = main */
	uint8_t hwait;          /* enum hwait: what it is blocked on (HW_NONE: it can run) */
	uint8_t hresume;        /* the blocking built-in completes when it runs again */
	uint8_t hdone;          /* 1 finished, 2 finished and joined */
	uint8_t hdetached;
	uint8_t hatomic;        /* inside an <atomic> operation: keeps its turn */
	uint64_t hkey;          /* the object it waits for (address, or thread index) */
	uint64_t hseq;          /* when it blocked (wake-ups are first come, first served) */
	uint64_t hret;          /* finished: the value its start routine returned */
	/* to a whole number of cache lines (the assertion below): a block's
	 * warps are one array of a 64-byte aligned pool piece, so that each
	 * warp's first line holds what every visit reads */
	uint8_t pad_[8];
};
_Static_assert(sizeof(struct warp) % 64 == 0, "struct warp: adjust pad_ to a multiple of 64 bytes");
_Static_assert(offsetof(struct warp, g_in) == 40 && offsetof(struct group, ntok) < 24,
	       "struct warp: a visit's fields, g_in[0]'s mask, pc, fr, state and ntok with them, in its first line");
/* tests/unit: a resident warp's own bytes stay within this budget (a launch
 * makes thousands at once; struct warp was 4744 bytes before the eighth
 * session moved groups, lane stacks, thread indices and cluster phases out) */
#define WS_WARP_BUDGET 640

/* machine.c: the parts of a warp out of line. warp_init: a zeroed warp
 * gets its inline groups, no lane stacks and the thread index rows tid
 * (NULL: zero, a host thread's). warp_drop_parts frees what the warp holds
 * out of line (groups, lane stacks, cluster phases, tokens; not frames).
 * warp_lstacks_make gives w lane stacks of its own (empty). */
extern const struct lstack lstack_none[WS_WARP];
void warp_init(struct warp *w, uint32_t (*tid)[WS_WARP]);
void warp_drop_parts(struct warp *w);
struct lstack *warp_lstacks_make(struct warp *w);
/* w's lane stacks, made writable: call before changing any of them */
static inline struct lstack *warp_lstacks(struct warp *w)
{
	return w->ls != lstack_none ? w->ls : warp_lstacks_make(w);
}
/* the number of groups w has room for */
static inline uint32_t warp_gcap(const struct warp *w)
{
	return w->g == w->g_in ? WS_GIN : WS_MAXG;
}
/* group j of w (j < warp_seen_ng(w)) as whatever is not the scheduler
 * sees it (the checkers' services, checkhost.c; a finding's place, cg.c):
 * where w holds interp.c split1's split (w->pend; w has one group then),
 * its waiting lanes are group 1, the copy of group 0 parked at
 * w->pend_stop that pend_split would make, shown in *tmp without being
 * made, so that a checker's look from inside the region (an access's
 * event, a finding) leaves the warp as it runs */
static inline uint32_t warp_seen_ng(const struct warp *w)
{
	return w->ng + (w->pend != 0);
}
static inline const struct group *warp_seen_group(const struct warp *w, uint32_t j, struct group *tmp)
{
	if (j < w->ng)
		return &w->g[j];
	*tmp = w->g[0];
	tmp->mask = w->pend;
	tmp->pc = w->pend_stop;
	tmp->state = G_PARK;
	return tmp;
}
/* a new group at w->g[w->ng++] (zero; at most WS_MAXG): the array may move,
 * so pointers to w's groups taken before are stale (interp.c) */
struct group *warp_group_add(struct warp *w);
/* the thread index rows of a block of shape dims (nwarps warps): warp i's
 * at [i]; made once per shape and kept by m (machine_free frees them) */
typedef uint32_t ws_tid_rows[3][WS_WARP];
ws_tid_rows *machine_tid_rows(struct machine *m, const uint32_t dims[3], uint32_t nwarps);

struct block {
	uint32_t idx[3];
	uint64_t linear;
	uint8_t *shared;
	uint64_t shared_size;
	struct warp *w;
	uint32_t nwarps;
	uint32_t nthreads, nexited;
	uint32_t bar_arrived, bar_gen, bar_popc;
	/* fences and releases its threads made (interp.c fence_event): with
	 * bar_gen, the phase the checkers' accesses carry (chk_phase) */
	uint32_t chk_sync;
	int bar_and, bar_or;
	uint8_t exit_noted;      /* threads exited (lanes_exit) while others waited at the
				  * barrier: its release is published to every CEV_BARRIER
				  * listener (struct checker's barrier_after_exit); 0 again
				  * once it is */
	uint32_t bar_whole;      /* warps whose one group, every live lane, waits at a plain
				  * __syncthreads() (no result) without tokens (bit per warp:
				  * bar_arrive; 0 at its release, which readies them without
				  * a test), which cannot run until it: machine.c's chain_find
				  * passes them together */
	uint32_t sm;
	int slot;
	uint64_t cluster;        /* the cluster's linear number (cluster launches) */
	uint32_t crank;          /* the block's rank in its cluster */
	struct block *spare_next;
	uint32_t shape[3];       /* block dimensions it was built for (reuse key) */
	uint8_t w_pooled;        /* w came from m->dev.wpool (1), m->dev.wapool (2), else malloc */
	/* w is NULL while the block holds no warps: admitted lazily in a
	 * gr->wlazy grid and not reached yet (every warp unstarted), or
	 * retired there (machine.c block_warps) */
	uint32_t unstarted;      /* warps a lazy admission has not started (bit per warp;
				  * only inside machine.c's machine_run, and there only
				  * until something but sched_quick looks: 0 elsewhere) */
	uint8_t ng0;             /* no warp holds a group, none started since a lazy admission
				  * gave each none: a block sched_quick ran whole, retired
				  * (machine.c block_quick_whole), until block_new admits it */
};
/* the phase of block b's threads' accesses as the checkers see it: its
 * __syncthreads() completed, and every fence or release one of its threads
 * made (a flag protocol inside the block: the global checker's phases
 * order the accesses of one block as the shared checker's epochs, which
 * every fence ends, do) */
static inline uint32_t chk_phase(const struct block *b)
{
	return b->bar_gen + b->chk_sync;
}

struct launch {
	int32_t fidx;
	uint32_t grid[3], block[3];
	uint64_t shmem;
	uint64_t stream;
	uint8_t *param;
	uint32_t param_size;
	int cooperative;
	uint32_t cluster[3];    /* thread block cluster dimensions; 0: not a cluster launch */
};

struct gparam {                /* a kernel parameter as block_new loads it (grid_params) */
	uint64_t v;             /* a scalar's value, the same for every thread */
	uint32_t off, size, align; /* an aggregate's bytes in the launch's buffer */
	uint8_t agg;            /* an aggregate: each thread gets a copy on its stack */
};

/* the most steps one scheduler visit of a device warp runs (machine_run's
 * device budget; check_round_steps) */
#define QUANTUM_RR 256

struct grid {
	struct launch l;
	struct gparam *par;     /* the kernel's parameters held in registers (npar) */
	uint32_t npar;
	const struct ir_func *fn;  /* the kernel's IR, or its copy for this launch's shape */
	struct dfunc *sdf;         /* that copy decoded (machine.c spec_of); NULL: m->df[l.fidx] */
	uint64_t nblocks, next_block, done_blocks;
	struct block **res;     /* resident slots */
	struct block *spare;    /* retired blocks kept for reuse (next in ->spare_next) */
	int nres, maxres;
	int rr;
	uint64_t rr_idx;         /* == rr: rr is warp rr_wi of slot rr_s (no division to find it) */
	int rr_s;
	uint32_t rr_wi;
	uint32_t threads_per_block, warps_per_block;
	uint32_t wall;          /* a bit per warp of a block: a lazy block's unstarted at admission */
	uint32_t nidx[3];       /* csize 1: the index of block next_block (machine.c block_new) */
	uint32_t cdim[3], csize; /* cluster dimensions (1 1 1 without clusters) and blocks per cluster */
	uint8_t quick;          /* the kernel's first instruction is a RET and no clusters:
				 * sched_quick may run its warps */
	uint8_t lazy;           /* ... and admit blocks lazily (machine.c sched_grid_start) */
	uint8_t lazy_visit;     /* any kernel: machine_run's visits start warps lazily (sched_device_step) */
	uint8_t stash;          /* its warps' frames come from m->dev.fstash, a queue of its
				 * kernel's row count (machine.c stash_ok) */
	uint8_t pkeep;          /* a stash grid whose kernel writes no parameter's row and has
				 * no aggregate parameter (machine.c params_kept) */
	uint64_t pserial;       /* m->dev.nlaunched when it started: its frames' ptag */
	uint32_t nlazy;         /* resident blocks with unstarted warps */
	uint8_t wlazy;          /* its lazily admitted blocks get their warps when first reached,
				 * and its retiring blocks give theirs back (machine.c wlazy_ok) */
	struct wqueue *wq;      /* wlazy: the queue of its blocks' shape (m->dev.wqs) */
};
/* warp arrays that no block holds, of blocks of one shape, first given
 * back first taken (machine.c block_warps): a ring of n from head */
struct wqueue {
	uint32_t shape[3], nwarps;
	struct warp **v;
	uint8_t *pooled;        /* v[i]'s pool, as block's w_pooled */
	uint32_t cap, head, n;
	uint32_t made;          /* arrays block_warps made for this shape */
	struct wqueue *next;
};

/* ---- thread block clusters (cluster.c) */
/* the block idx's cluster (its linear number) and rank in it */
uint64_t cluster_of(const struct grid *gr, const uint32_t idx[3], uint32_t *rank);
/* the linear block number of the seq-th block admitted: a cluster's blocks
 * are admitted together, cluster after cluster */
uint64_t cluster_seq_linear(const struct grid *gr, uint64_t seq);
/* the resident block of rank in b's cluster, or NULL */
struct block *cluster_block(const struct machine *m, const struct block *b, uint32_t rank);
int cluster_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
/* a block of a cluster finished: the threads still waiting at the cluster
 * barrier may be all that is left of it */
void cluster_recheck(struct machine *m, struct block *b);
struct block *cluster_dsmem_block(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
				  struct span sp);
/* a cluster's barrier: arrivals in the current generation */
struct cg_cluster { uint64_t cluster, arrived, gen; };
struct cg_cluster *cg_cluster_state(struct machine *m, uint64_t cluster);
/* a shared-memory address of another block of the cluster (map_shared_rank):
 * bits 32..39 of the offset hold the rank + 1 */
#define DSMEM_RANK(a) ((unsigned)(ADDR_OFF(a) >> 32 & 0xff))
#define DSMEM_OFF(a) (ADDR_OFF(a) & 0xffffffffu)

struct observer {
	unsigned kinds;
	machine_observer_fn fn;
	void *ctx;
	int id;
};

struct event_rec { uint64_t stream; int done; uint64_t time; int in_capture; };

/* An installed checker (checkhost.c) and its state. */
struct check_slot {
	const struct checker *c;
	void *self;
	int owned;              /* self was made by c->create (machine_add_checker's caller owns it otherwise) */
	int quiet;              /* left out of chk.by_region for now (check_access_quiet) */
};
struct bp { uint32_t file, line; };

/* struct machine's parts, by subsystem */
struct rt_state {              /* the CUDA runtime (runtime.c) */
	int last_err, sticky_err;
	VEC(struct event_rec) events;
	uint32_t nstreams;
	VEC(struct ws_graph *) graphs; /* CUDA graphs and their instances */
	VEC(struct gmem_rec) gmem;     /* graph memory allocations (runtime.c) */
	VEC(struct cond_rec) conds;    /* conditional handles (runtime.c) */
	uint64_t capture_deps;         /* cudaStreamGetCaptureInfo's array of dependencies */
	uint64_t gmem_in_use, gmem_reserved; /* graph memory: bytes live, bytes reserved */
	uint64_t gmem_used_high, gmem_reserved_high;
	int capturing;          /* a stream capture is on: capture_stream's work goes to capture_graph */
	uint64_t capture_stream;
	uint32_t capture_graph;
	uint64_t capture_joined[8]; /* streams that joined the capture by waiting on an event recorded in it */
	int ncapture_joined;
	uint64_t heap_limit, printf_limit, stack_limit;
	uint64_t persist_l2_limit; /* cudaLimitPersistingL2CacheSize: kept, no effect on the emulation */
	uint64_t dev_heap_used;
	uint32_t *fn_maxdyn;     /* cudaFuncAttributeMaxDynamicSharedMemorySize per function */
	uint64_t *fn_shared;     /* static __shared__ bytes per kernel (runtime_kernel_shared) */
	uint64_t errstr[2][1024]; /* host copies of error strings/names */
};
struct io_state {              /* the program's output (runtime.c, devlib.c, hostio.c) */
	struct strbuf dev_out;  /* device printf, flushed at sync points */
	struct strbuf dev_err;  /* device assert messages */
	FILE *out, *err;
	VEC(FILE *) files;      /* the program's open files (hostio.c); NULL: closed */
	int io_used;            /* the program used files or stdin: machine_clone refuses */
};
struct ht_state {              /* the host threads (hthread.c) */
	struct block blk;       /* the host's block: its warps are the host threads */
	struct warp *cur;       /* the host thread running now (main when there is one) */
	VEC(struct warp *) all; /* every host thread, by index */
	uint32_t quant;         /* instructions left of the running host thread's turn */
	uint64_t seq;           /* blocking order (wake-ups are first come, first served) */
	uint64_t rr;            /* --sched rr: the state of its turn lengths (hthread.c rr_turn) */
};
struct dev_state {             /* the device (machine.c's scheduler, runtime.c's queue) */
	struct grid *grid;      /* running grid or NULL */
	VEC(struct launch) queue;
	size_t qhead;
	uint64_t cycles;        /* emulated clock: one per group instruction, 1 GHz (events, %globaltimer) */
	uint64_t *smclk;        /* per-SM cycle counters (clock(), clock64()) */
	uint64_t fail_err;      /* error the running grid failed with */
	uint64_t nlaunched;     /* grids started so far (the running one's serial number) */
	uint64_t nspec_used;    /* of them, those that ran a specialised copy (machine.c spec_of) */
	uint64_t npair;         /* visits whose group pair_pick found (machine.c chain_other; tests) */
	uint64_t npast;         /* those pair_pick_past found past a block's waiting warps (tests) */
	uint64_t nrethop;       /* visits fast_run began after a warp's exit (interp.c ret_hop; tests) */
	uint64_t npairhop;      /* visits fast_run began after a group's settle (interp.c pair_hop; tests) */
	uint64_t npasthop;      /* of them, those in another block, past waiting warps (pair_hop; tests) */
	uint64_t nsweep;        /* visits run in a barrier's hop (interp.c bar_sweep; tests) */
	uint64_t nquiet;        /* shared reads at DF_QUIET loads not logged (access_read_quiet; tests) */
	uint64_t nqblock;       /* blocks sched_quick ran whole (machine.c block_quick_whole; tests) */
	uint64_t nsplit1;       /* splits of interp.c split1's (tests) */
	uint64_t ns, t0;        /* wall time spent running grids (benchmarks), start of the running one */
	struct block *bcache;   /* blocks of finished grids, reused by the next launch */
	struct tid_table *tids; /* machine_tid_rows' tables, one per block shape */
	uint32_t nbcache;
	/* the warp arrays of gr->wlazy grids, apart from the frames: built as
	 * blocks are first reached (machine.c block_warps), they would lie
	 * between the frames of the warps started before, and reduce_smem,
	 * whose 8448 warps are all live, took 20% longer so. Other grids
	 * build theirs in wpool, at admission as before (a machine of
	 * explore's, one an execution, maps one 2 MB chunk, not two) */
	struct pool wapool;
	struct pool wpool;      /* blocks' warp arrays and frames (huge pages: a launch admits up to
				 * thousands of blocks at once) */
	/* machine_run: one call of sched_device_step may go on through more
	 * visits (and sched_quick's warps that only return) while m->steps is below this, the
	 * first count at which machine_run or step_any would stop or look (0:
	 * one visit a call, as machine_step) */
	uint64_t batch_end;
	/* the steps at which fast_run's hop stops going on in a chain
	 * (chain_still): batch_end where chain_live has just held in one
	 * (machine.c sched_chain, sched_hop), 0 once a writer of anything
	 * else it tests but the interrupt acted (a hook added, a stop, a
	 * breakpoint hit, a failure, the program's end, a grid's start or
	 * end), so that the hop tests one count for them all */
	uint64_t chain_end;
	int in_run;             /* machine_run is running (a grid it starts may admit lazily) */
	int pend_any;           /* a warp of the grid may hold a split of fast_run's (w->pend) */
	int split1_on;          /* machine_run: what interp.c split1 needs of the machine holds */
	/* kernel frames shared by the warps of stash grids (gr->stash), one
	 * queue per row count (fstashes), first freed first taken, so that a
	 * warp starts on a frame the warps before it left instead of its
	 * slot's own: a vecadd's warps, one live at a time, all run on one
	 * frame still in the caches, not on 8448 (26 MB on the H100); and
	 * where every resident warp is live (barriers), the frames go round
	 * in the order the round robin takes them, as the slots' own do.
	 * fstash: the running stash grid's queue; fstash_all lists every
	 * frame (next_all), freed with the machine */
	struct fstash *fstash, *fstashes;
	struct frame *fstash_all;
	uint64_t nframes, nstashed; /* device frames made for warps' own lists, for the stash */
	/* warp arrays that blocks of gr->wlazy grids gave back, one queue
	 * per block shape, and whether the module's device code keeps
	 * nothing on the lanes' stacks (1 yes, 2 no, 0 not yet known;
	 * machine.c wlazy_ok) */
	struct wqueue *wqs;
	uint64_t nwarps;        /* warps built (block_warps; machine_warps_made) */
	uint8_t wq_mod;
	uint8_t fstash_mod;     /* whether the module's device code reads no row before writing
				 * it: 1 yes, 2 no, 0 not yet known (machine.c stash_ok) */
};
struct lc_state {              /* the memory fast paths (interp.c) */
	struct alloc *dev;      /* last allocation a device access hit */
	struct alloc *d[4];     /* the checked path's recent device allocations (mem_window):
				 * a kernel reading two arrays and writing a third kept
				 * missing the one-entry dev */
	unsigned dnext;
	struct alloc *host;     /* same for host accesses to the host heap */
	struct alloc *h[4];     /* the host engine's recent allocations (hostvm.c) */
	unsigned hnext;
};
struct bp_state {              /* breakpoints (file id, line) and stops (machine.c) */
	VEC(struct bp) v;
	int hit;
	struct machine_break_info last;
	/* interp_run_group returned before an instruction because of a
	 * breakpoint or machine_request_stop (not because the groups changed) */
	int mid_stop;
	/* the group a stop interrupted, resumed by the next machine_run with
	 * the rest of its quantum (machine.h: stops do not change the schedule) */
	struct { int on, slot, warp, gi, budget; uint32_t gen; } resume;
};
struct rnd_state {
	uint64_t rng;           /* the scheduler's (--sched random, machine_rand) */
	uint32_t rand_state[34 + 310]; /* the program's rand() (glibc's TYPE_3) */
	int rand_i;
	int rand_seeded;
};

/* a kernel's copy for one launch shape (machine.c spec_of) */
struct spec {
	int32_t fidx;
	uint32_t block[3];
	uint32_t grid[3];
	struct ir_func *fn;
	struct dfunc *df;
};

struct machine {
	const struct ir_module *mod;
	struct machine_opts o;
	struct dfunc **df;      /* per function, decoded lazily */
	/* run's kernels specialised on a launch shape (machine.c spec_of):
	 * the copies' IR in spec_arena, decoded; fn NULL: the copy was
	 * declined (the kernel runs as compiled) */
	struct arena spec_arena;
	VEC(struct spec) spec;
	struct mem mem;
	uint64_t *obj_addr;     /* generic address of each module object */
	VEC(struct machine_finding) findings;
	/* checkers (checkhost.c): listen is the union of their events, tested
	 * before an event is built */
	struct {
		unsigned listen;
		/* the CEV_WARP_EXIT listeners that hear of a plain exit (not
		 * plain_exit_quiet): none, and warp_ret_exit publishes nothing */
		int exit_loud;
		/* the CEV_BARRIER listeners that hear of every release (not
		 * barrier_after_exit): none, and a release is published only
		 * for a block with b->exit_noted */
		int bar_loud;
		VEC(struct check_slot) v;  /* in order of installation */
		VEC(struct check_slot) by_kind[CEV_NKINDS]; /* the listeners of each event */
		VEC(struct check_slot) by_region[CR_NREGIONS]; /* CEV_ACCESS's, by the regions
								  they check (struct checker) */
		int regions_dirty;      /* a checker's quiet changed: by_region is made again
					   before the next CEV_ACCESS */
		/* the shared_read of the one checker of CR_SHARED accesses, when it
		 * has one (struct checker): made with by_region, else NULL */
		int (*sread)(void *self, const struct check_sread *r);
		int (*swrite)(void *self, const struct check_sread *r); /* its shared_write */
		int (*satomic)(void *self, const struct check_sread *r); /* its shared_atomic */
		void *sread_self;
		/* its slots' logs (struct checker's shared_logs), to which
		 * access_read_log appends a tile's read itself; none (a list of
		 * no slot) when there is no such checker or by_region is not
		 * current (regions_dirty) */
		const struct check_slogs *slogs;
		/* the global_warp of the one checker of CR_GLOBAL accesses, the same way */
		int (*gwarp)(void *self, const struct check_gwarp *r);
		int (*gaccess)(void *self, const struct check_gaccess *r); /* its global_access */
		void *gwarp_self;
		/* the one checker that takes a warp's local lanes as one event
		 * (struct checker's local_lanes; checkhost.c sread_find) */
		int (*llocal)(void *self, const struct check_event *e);
		void *llocal_self;
		uint64_t sample_next;   /* step of the next CEV_SAMPLE */
		int end_grid;           /* a checker failed the grid: end it */
		VEC(struct check_site) sites; /* check_block_sites' list (reused) */
	} chk;
	/* observers */
	unsigned hooks;         /* union of observed kinds; 0 = none */
	VEC(struct observer) obs;
	int next_obs;
	struct ht_state ht;      /* the host threads (hthread.c) */
	int argc;
	char **argv;
	enum machine_status status;
	int exit_status;
	uint64_t steps;
	uint64_t hv_steps;      /* of which the host engine ran (hostvm.c) */
	uint64_t gen_steps;     /* of which the general loop ran on the device (run_general; tests) */
	/* hostvm.c: the loads and stores that remember a host allocation (x_H,
	 * by function and pc), all forgotten when m->mem.nfrees is no longer
	 * hv_nfrees (a free) */
	VEC(struct hv_window { struct dfunc *df; uint32_t pc; }) hv_win;
	uint64_t hv_nfrees;
	int hv_stop;            /* hostvm_run made a built-in call after which the general loop
				 * returns (a wait, a fault, an exit): interp_run_group does (and clears it) */
	uint64_t polled;        /* steps charged to o.interrupt so far */
	struct dev_state dev;    /* the device: grids, launches, clocks (machine.c's scheduler) */
	struct rt_state rt;      /* the CUDA runtime's state (runtime.c) */
	struct tex_state tex;    /* CUDA arrays, texture and surface objects (texture.c) */
	struct io_state io;      /* the program's output and files */
	struct rnd_state rnd;    /* random numbers: the scheduler's and the C library's */
	struct lc_state lc;      /* the memory fast paths' last allocations (interp.c) */
	struct bp_state bp;      /* breakpoints and stops (machine.c, interp.c) */
	struct strbuf tmp;
	struct memmodel *mm;     /* the relaxed memory model (memmodel.h); NULL under sc */
	uint64_t findings_dropped; /* findings past WS_FINDINGS_MAX distinct ones */
	uint64_t nstores;        /* device stores and memory-changing atomics so far (progress) */
	struct cg_state *cg;     /* cg.c: cuda::barrier objects and the grid barrier (NULL until used) */
	struct acp_state *acp;   /* async.c: asynchronous copies in flight, pipelines (NULL until used) */
	uint8_t far_local[16];   /* other threads' stacks (mapped local memory, not modelled) */
};

/* checkhost.c: the checkers of check/checkers.def the options select
 * (machine_new), their release (machine_free), and publishing an event to
 * those that listen to it. Callers test m->chk.listen first (CHECK_WANTS),
 * so that an event nobody listens to costs one branch. */
#define CHECK_WANTS(m, k) WS_UNLIKELY((m)->chk.listen & CEV_BIT(k))
/* the checker events that may be heard while a gr->wlazy grid runs
 * (machine.c): the always-on checkers' (check_spin, check_exit), built-in
 * ones, which read a resident warp through check_warp_get (which starts
 * the lazy blocks) or the warps of the block an event is about (started) */
#define WLAZY_EVENTS (CEV_BIT(CEV_SAMPLE) | CEV_BIT(CEV_WARP_EXIT) | CEV_BIT(CEV_BARRIER) | CEV_BIT(CEV_GRID_END))
/* a plain exit's CEV_WARP_EXIT (struct checker's plain_exit_quiet) */
#define CHECK_WANTS_PLAIN_EXIT(m) WS_UNLIKELY((m)->chk.exit_loud != 0)
void machine_checkers_install(struct machine *m);
void machine_checkers_free(struct machine *m);
/* machine_clone's part (checkhost.c): m, a byte copy of s, gets its own
 * checker lists and copies of their states; can_clone: every checker with
 * state can copy it. */
void machine_checkers_clone(struct machine *m, const struct machine *s, void *(*map)(void *ctx, const void *p),
			    void *ctx);
int machine_checkers_can_clone(const struct machine *m);
void machine_publish(struct machine *m, struct check_event *e);
/* by_region made again after a checker's quiet changed (chk.regions_dirty) */
void machine_checkers_regions(struct machine *m);
/* machine_publish of a CEV_ACCESS event e whose region is set (< CR_NREGIONS)
 * and whose m is m: to the checkers of its region, without the general
 * path's tests (the hottest event: one per warp's load or store) */
static inline void machine_publish_access(struct machine *m, const struct check_event *e)
{
	if (WS_UNLIKELY(m->chk.regions_dirty))
		machine_checkers_regions(m);
	const struct check_slot *s = m->chk.by_region[e->region].v;
	size_t n = m->chk.by_region[e->region].len;
	for (size_t i = 0; i < n; i++)
		s[i].c->event(s[i].self, e);
}
/* Offers r (struct check_sread) to the one checker of CR_SHARED accesses
 * (struct checker's shared_read): 1 when it took it (publish no CEV_ACCESS
 * for it), 0 else (publish it). */
static inline int machine_offer_sread(struct machine *m, const struct check_sread *r)
{
	if (WS_UNLIKELY(m->chk.regions_dirty))
		machine_checkers_regions(m);
	return m->chk.sread && m->chk.sread(m->chk.sread_self, r);
}
/* The same for a full warp's weak 4-byte write (struct checker's shared_write) */
static inline int machine_offer_swrite(struct machine *m, const struct check_sread *r)
{
	if (WS_UNLIKELY(m->chk.regions_dirty))
		machine_checkers_regions(m);
	return m->chk.swrite && m->chk.swrite(m->chk.sread_self, r);
}
/* The same for a warp's atomics (struct checker's shared_atomic) */
static inline int machine_offer_satomic(struct machine *m, const struct check_sread *r)
{
	if (WS_UNLIKELY(m->chk.regions_dirty))
		machine_checkers_regions(m);
	return m->chk.satomic && m->chk.satomic(m->chk.sread_self, r);
}
/* Offers r (struct check_gwarp) to the one checker of CR_GLOBAL accesses
 * (struct checker's global_warp): 1 when it took it, 0 else (publish it). */
static inline int machine_offer_gwarp(struct machine *m, const struct check_gwarp *r)
{
	if (WS_UNLIKELY(m->chk.regions_dirty))
		machine_checkers_regions(m);
	return m->chk.gwarp && m->chk.gwarp(m->chk.gwarp_self, r);
}
/* The same for the other accesses (struct checker's global_access) */
static inline int machine_offer_gaccess(struct machine *m, const struct check_gaccess *r)
{
	if (WS_UNLIKELY(m->chk.regions_dirty))
		machine_checkers_regions(m);
	return m->chk.gaccess && m->chk.gaccess(m->chk.gwarp_self, r);
}
/* CEV_LANE: lane of w accesses [addr, addr+size) of region r (base, bytes)
 * through the general translation (callers test CHECK_WANTS) */
void machine_publish_lane(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
			  unsigned size, int write, struct span sp, enum check_region r,
			  uint64_t base, uint64_t bytes);
/* CEV_SYNC for block b: a synchronization orders its threads' shared
 * memory accesses (a cluster barrier or fence, a pipeline stage handed
 * over); callers test CHECK_WANTS */
void machine_publish_sync(struct machine *m, struct block *b);
/* CEV_SAMPLE while a grid runs (m->chk.end_grid: a checker failed it) */
void machine_publish_sample(struct machine *m);
/* mem_try_alloc and mem_free for the program's own allocations (malloc,
 * cudaMalloc, new ...), published as CEV_ALLOC / CEV_FREE (arg: the kind) */
struct alloc *machine_mem_alloc(struct machine *m, unsigned tag, uint64_t size, uint64_t align,
				int kind);
int machine_mem_free(struct machine *m, struct alloc *a);
/* CEV_UNDEFINED: the program's allocation a starts with undefined bytes
 * (cudaMalloc, device malloc) */
void machine_mem_undefined(struct machine *m, struct alloc *a);
/* CEV_COPY: the runtime reads (write 0) or writes [addr, addr+n) of
 * device memory (cudaMemcpy, cudaMemset ...) at sp */
void machine_publish_copy(struct machine *m, uint64_t addr, uint64_t n, int write, struct span sp);

/* machine.c */
void machine_apply_breaks(struct machine *m, struct dfunc *df);
/* machine.c: free the machine's specialised kernels (machine_free's, clone's) */
void machine_spec_free(struct machine *m);
/* the decoded code grid gr's warps start in: its specialised copy's, else
 * its kernel's */
static inline const struct dfunc *grid_df(const struct machine *m, const struct grid *gr)
{
	return gr->sdf ? gr->sdf : m->df[gr->l.fidx];
}
/* report.c: record a finding of kind (its severity in findings.def, or
 * error 1/0 where this call site differs from the table, said there) for
 * lanes of w (NULL: no thread) at sp. NULL when it repeats one of the same
 * kind at the same place (it counts), or past WS_FINDINGS_MAX. */
struct machine_finding *machine_finding_add(struct machine *m, enum finding_kind kind,
					    struct warp *w, uint32_t lanes, struct span sp,
					    uint64_t addr, const char *fmt, ...) WS_PRINTF(7, 8);
struct machine_finding *machine_finding_add_sev(struct machine *m, enum finding_kind kind,
						int error, struct warp *w, uint32_t lanes,
						struct span sp, uint64_t addr, const char *fmt, ...)
	WS_PRINTF(8, 9);
struct machine_finding *machine_finding_vadd(struct machine *m, enum finding_kind kind, int error,
					     struct warp *w, uint32_t lanes, struct span sp,
					     uint64_t addr, const char *fmt, va_list ap);
void machine_emit(struct machine *m, struct machine_event *e);
/* findings.c: the other thread of a race (thread index linear in its block,
 * block linear in the grid; -1: unknown), and the allocation/distance of a
 * memory finding. f may be NULL (a repeat). */
void finding_other(struct machine *m, struct machine_finding *f, int64_t block_linear,
		   int64_t tid_linear, int wrote);
void finding_alloc(struct machine_finding *f, uint64_t base, uint64_t size);
/* A call (at span call) of fn found no room on w's stack: the finding
 * points at fn's largest local when the locals are too big, else at the
 * call (recursion) (interp.c). */
void interp_stack_overflow(struct machine *m, struct warp *w, uint32_t mask,
			   const struct ir_func *fn, struct span call);
/* Attach a note ("first freed here") pointing at another place of the
 * program; f may be NULL (a repeated finding). at.file 0: no note. */
void finding_note(struct machine_finding *f, const char *note, struct span at);
/* The newest finding (just made by a fault at addr): record the nearest
 * allocation and the distance to it. */
void check_oob_nearest(struct machine *m, uint64_t addr);
uint64_t machine_rand(struct machine *m);
void machine_fail_kernel(struct machine *m, int err);
void machine_exit(struct machine *m, int status);

/* interp.c */
/* Execute up to budget instructions of group gi of warp w; returns number run. */
int interp_run_group(struct machine *m, struct warp *w, int gi, int budget);
/* interp_run_group for a caller that settles w itself when it is left with
 * more than one group (machine.c's visits: interp_warp_settle then), so
 * that a visit ending at a reconvergence point settles once, not twice */
int interp_run_visit(struct machine *m, struct warp *w, int gi, int budget);

/* A chain of visits (machine.c sched_chain) that the fast path may carry on
 * itself: when a visit ends at a barrier and the next visit of the chain is
 * of the same block (the next warp, or its first after the barrier's
 * release) and of the common case, fast_run's F_BAR ends the one and begins
 * the other (sched_hop) instead of returning through interp_run_group and
 * sched_chain, which would make the same two steps. The visit under way:
 * warp w (index wi) of block b in slot s, begun at b's barrier generation
 * gen, each visit's quantum budget. */
struct chain {
	struct grid *gr;
	struct block *b;
	struct warp *w;
	int s;
	uint32_t wi, gen;
	int budget;
	int lazyv;      /* sched_chain's: warps not started yet start when reached */
	int ran;        /* the instructions of the visits sched_hop ended (each >= 1) */
	int loop;       /* sched_hop ended the visit and started the next warp, which
			 * sched_chain visits itself (no visit is under way) */
	int settled;    /* the visit ended at a split that left c->w as the settle
			 * after it would (interp.c cbr_taken's park): sched_chain
			 * does not settle it again */
	uint32_t gi;    /* the group of c->w the visit under way runs: 0 but where
			 * chain_other began it (a split warp's current group) or
			 * interp.c pair_hop went on to one */
};
/* sched_hop's answers: nothing changed (the visit ends as any other), or
 * the chain's next visit begins (c->w from its pc), or the visit ended
 * (counted) and sched_chain makes the next (c->loop set) */
enum { HOP_NONE, HOP_NEXT, HOP_LOOP };
/* interp.c's fast class of an instruction the general loop runs (df->fop) */
#define FOP_GEN 0
/* machine.c's chain_ok but for what cannot change while a chain's visits
 * run (the memory model, a stop to resume, the schedule and its options:
 * set before machine_run, or by sched_device_step itself) */
static WS_INLINE int chain_live(const struct machine *m, const struct grid *gr)
{
	const volatile sig_atomic_t *sig = m->o.sigint;
	/* the four words a call out of the fast path may set (an observer's
	 * hook, a stop, a failure, the program's exit) or'd and tested once:
	 * every hop reads them all (one test a word was 30 host instructions
	 * a barrier's hop, s16-hop) */
	uint64_t off = (uint64_t)m->hooks | (uint64_t)(unsigned)m->bp.hit | m->dev.fail_err |
		       (uint64_t)((unsigned)m->status ^ MST_RUNNING);
	return m->dev.grid == gr && m->steps < m->dev.batch_end && !off && !(sig && *sig);
}

/* chain_live where it held last in this chain (fast_run's hop): no writer
 * of what it tests has acted since (m->dev.chain_end 0), the steps and the
 * interrupt */
static WS_INLINE int chain_still(const struct machine *m)
{
	const volatile sig_atomic_t *sig = m->o.sigint;
	return m->steps < m->dev.chain_end && !(sig && *sig);
}

/* the round robin's next place after a visit of warp wi of the block in
 * slot s (place idx of total) that began at barrier generation gen: the
 * next warp; but when this warp completed a barrier, the first warp of its
 * block, so a block runs through its barrier phases while its registers
 * are still in cache */
static inline void rr_advance(struct grid *gr, const struct block *b, uint32_t gen, int s, uint32_t wi,
			      uint64_t idx, uint64_t total)
{
	uint32_t wpb = gr->warps_per_block;
	if (b->bar_gen != gen) {
		gr->rr = (int)((uint64_t)s * wpb);
		gr->rr_s = s;
		gr->rr_wi = 0;
	} else if (idx + 1 == total) {
		gr->rr = 0;
		gr->rr_s = 0;
		gr->rr_wi = 0;
	} else {
		gr->rr = (int)(idx + 1);
		gr->rr_s = wi + 1 == wpb ? s + 1 : s;
		gr->rr_wi = wi + 1 == wpb ? 0 : wi + 1;
	}
	gr->rr_idx = (uint64_t)gr->rr;
}

/* a warp ready for a visit sched_hop begins: sched_chain's test, and
 * interp_run_group's and fast_run's for their fast path */
static inline int hop_ready(const struct warp *w)
{
	const struct group *g = &w->g[0];
	const uint8_t *fop;
	return w->ng == 1 && g->state == G_READY && !g->ntok && (fop = g->fr->df->fop) != NULL &&
	       fop[g->pc] != FOP_GEN;
}

/* pair_pick's choice in warp nw of two groups: the current one, ready and
 * picked (the stack, or the other not ready); or of one group holding
 * interp.c split1's split (w->pend: the two groups it stands for), the
 * one, ready; -1 where it would not pick */
static inline int32_t pair_pick_cur(const struct machine *m, const struct warp *nw)
{
	int32_t cur = nw->cur;
	if (nw->ng == 1 && nw->pend)
		return nw->g[0].state == G_READY ? 0 : -1;
	if (nw->ng != 2 || (uint32_t)cur > 1 || nw->g[cur].state != G_READY ||
	    (m->o.simt != SIMT_STACK && nw->g[cur ^ 1].state == G_READY))
		return -1;
	return cur;
}

/* a chain's hop within its block: the round robin's next place, known
 * to be warp nwi of the same block as c's visit (its first after a
 * release, else the next: not the grid's last place), as rr_advance would
 * set it */
static inline void chain_next_place(struct grid *gr, const struct chain *c, uint32_t nwi)
{
	uint64_t idx = nwi ? gr->rr_idx + 1 : gr->rr_idx - c->wi;
	gr->rr = (int)idx;
	gr->rr_idx = idx;
	gr->rr_wi = nwi;
}

/* sched_hop's next visit begins, of warp nwi of c's block, as sched_chain
 * begins it */
static inline int hop_begin(struct machine *m, struct chain *c, struct warp *nw, uint32_t nwi)
{
	nw->cur = 0; /* interp_warp_pick's choice */
	m->bp.mid_stop = 0;
	c->w = nw;
	c->gi = 0;
	c->wi = nwi;
	c->gen = c->b->bar_gen;
	return HOP_NEXT;
}

/* machine.c: sched_hop where the next warp is not started yet: ends the
 * visit, starts the warp, begins its visit when it is ready for one */
int sched_hop_start(struct machine *m, struct chain *c, int k, uint32_t nwi);

/* fast_run's F_BAR in a chain c, after the visit's group arrived at the
 * barrier: the visit ran k instructions (k >= 1, counted in m->steps and
 * the clocks). Decides as machine.c's sched_chain would after the visit
 * and before the next, and does what it would do; HOP_NEXT only where the
 * next warp's group 0 is its only one, ready, without tokens, at an
 * instruction of a fast class (not FOP_GEN). A visit in fast_run sets no
 * m->bp.mid_stop (the general loop's) and retires no block (this warp's
 * group waits at the barrier or has just been released). */
static inline int sched_hop(struct machine *m, struct chain *c, int k)
{
	struct grid *gr = c->gr;
	struct block *b = c->b;
	uint32_t wi = c->wi, nwi;
	if (c->w->ng != 1) /* sched_chain would settle it */
		return HOP_NONE;
	/* rr_advance's next place, if it is in the same block */
	if (b->bar_gen != c->gen)
		nwi = 0;
	else if (wi + 1 < gr->warps_per_block)
		nwi = wi + 1;
	else
		return HOP_NONE;
	if (!chain_live(m, gr) || (gr->nlazy && !c->lazyv))
		return HOP_NONE;
	m->dev.chain_end = m->dev.batch_end; /* chain_live holds */
	if (WS_UNLIKELY(b->unstarted >> nwi & 1))
		return sched_hop_start(m, c, k, nwi);
	struct warp *nw = &b->w[nwi];
	if (!hop_ready(nw))
		return HOP_NONE;
	/* the visit ends as sched_chain ends it: rr_advance's place (the round
	 * robin is at this visit's warp, place rr_idx of slot c->s), known to
	 * be warp nwi of the same block: the block's first after a release,
	 * else the next (not the grid's last place: wi + 1 < wpb) */
	c->ran += k;
	chain_next_place(gr, c, nwi);
	return hop_begin(m, c, nw, nwi);
}

/* the visits of chain c, from c->w's group 0 (sched_chain's
 * interp_run_visit): returns the instructions of the visit under way when
 * it returns (c->w, c->gen...: sched_hop may have begun later ones) */
int interp_run_chain(struct machine *m, struct chain *c);
struct frame *interp_frame_alloc(struct machine *m, uint32_t cap, int pooled);
struct frame *interp_frame_new(struct machine *m, struct warp *w, const struct ir_func *fn,
			       int32_t fidx, struct frame *parent, uint32_t mask);
/* the same for a kernel's specialised copy fn, decoded df (machine.c spec_of) */
struct frame *interp_frame_new_df(struct machine *m, struct warp *w, const struct ir_func *fn,
				  const struct dfunc *df, int32_t fidx, struct frame *parent, uint32_t mask);
int interp_warp_pick(struct machine *m, struct warp *w);
/* tests: fast_run's baseline version from now on (on), or again the best
 * the CPU has (its AVX2 or AVX-512 version where there is one) */
void interp_fast_baseline(int on);
/* tests: the runs of shuffle-adds (F_SHFL_RED) the fast path's classes
 * were given since the process started */
unsigned long interp_fast_chains(void);
/* tests: how many of df's instructions fast_run compares with a constant
 * by their own classes (interp.c fast_cbr_ltk; none under WS_NO_CBRK=1) */
uint32_t interp_fast_ncbrk(const struct dfunc *df);
/* The lane a shuffle's lane reads (PTX shfl.sync: the low five bits of bval, the segment of
 * width lanes, the clamp): itself where the source is out of range (*ok 0). */
uint32_t interp_shfl_src(unsigned sub, unsigned lane, int32_t bval, uint32_t width, int *ok);
/* The scheduler's visit of a warp that only returns (machine.c sched_quick):
 * when device warp w's one group is ready at pc 0 of a frame of df (its
 * kernel, whose first instruction is a RET without a breakpoint) at depth
 * 0, with no tokens, and no thread of its block waits at a barrier, run
 * that RET exactly as interp_warp_pick and interp_run_group would (one
 * step, the lanes exit) and return 1; else change nothing and return 0.
 * ev: NULL when no checker hears of a plain exit (CHECK_WANTS_PLAIN_EXIT), else an event of that
 * kind, zero but for what this fills in (w, b, mask) and publishes. The
 * caller has checked that no hook and no memory model watches. */
int interp_warp_quick_ret(struct machine *m, struct warp *w, const struct dfunc *df,
			  struct check_event *ev);
void interp_warp_release(struct warp *w);
/* park, complete tokens, merge groups that meet (after any change) */
void interp_warp_settle_any(struct machine *m, struct warp *w);
static inline void interp_warp_settle(struct machine *m, struct warp *w)
{
	/* else no token to reach, no two groups to merge: the call saved
	 * (split1's joined warps, two settles each) */
	if (w->ng > 1 || (w->ng == 1 && w->g[0].ntok))
		interp_warp_settle_any(m, w);
}
/* interp.c split1: the warps of the grid that hold a split of fast_run's
 * (w->pend) get cbr_taken's groups and token for it (machine_run's end:
 * what a stop shows) */
void interp_pend_flush(struct machine *m);
/* interp.c split1: machine_run's start tests what split1 needs of the
 * machine for the run (m->dev.split1_on; machine_run's end clears it) */
void interp_split1_arm(struct machine *m);
/* push size bytes (zeroed) on a lane's local stack, copies of by-value
 * arguments (CEV_STACK: defined bytes); -1 on overflow */
int interp_lstack_push(struct machine *m, struct warp *w, unsigned lane, uint32_t size,
		       uint32_t align, uint32_t *base);
/* parameter k of fn is an aggregate passed by value (IR_PTR to a copy) */
int interp_param_aggregate(const struct ir_func *fn, uint32_t k);
void interp_bar_release(struct machine *m, struct block *b);
/* generic memory access by a lane (device: w is the lane's warp). NULL = fault (finding made). */
uint8_t *interp_xlate(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
		      uint64_t size, int write, struct span sp);
/* C conversion of a register value of type t2 to type t (ir.def CVT) */
uint64_t interp_cvt(uint64_t v, unsigned t, unsigned t2);
/* copy helpers used by the runtime: 0 ok, -1 fault */
int machine_host_read(struct machine *m, uint64_t addr, void *dst, uint64_t n);
int machine_host_write(struct machine *m, uint64_t addr, const void *src, uint64_t n);
/* read a NUL-terminated string (limit bytes) as lane l of w; -1 on bad address */
int interp_read_str(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
		    struct strbuf *out);

/* hostvm.c: the host thread's threaded-code engine. hostvm_run runs group
 * gi of host warp w (one lane, no hooks, no memory model) for up to budget
 * instructions and returns how many ran (steps and cycles counted); it
 * stops BEFORE any instruction it does not run exactly as interp_run_group
 * would, leaving pc and frames as that loop expects; a host built-in it
 * makes as that loop makes it (interp_bcall), and sets m->hv_stop where
 * that loop would return after the call. m->o.no_hostvm
 * turns it off (it runs nothing). hostvm_forget drops df's
 * engine code (its breakpoints changed, or df is freed). */
int hostvm_run(struct machine *m, struct warp *w, int gi, int budget);
/* interp.c: the built-in call in (IR_BCALL) of group gi, as the general loop
 * makes it (pc advanced on success). Returns 0, 1 (the group waits, pc
 * unchanged) or -1 (a fault or exit, pc unchanged). For hostvm.c. */
int interp_bcall(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in);
void hostvm_forget(struct dfunc *df);
/* hostvm.c, for tests: the fused instructions in df's host engine code
 * (none where the host has not run df): out[0] fused sequences (an access
 * and its address, a multiply-add, a loop counter and its branch), out[1]
 * constants and the divisions by them, out[2] pairs of HV_PAIRS, out[3]
 * counters and stores read back (HV_INCS, HV_SLS; not in out[0]) */
void hostvm_count_fused(const struct dfunc *df, uint32_t out[4]);

/* hostio.c: the stdio file API. hostio_call runs built-in id (0 done, -1
 * the program stopped, -2 not a hostio built-in); hostio_out is the host
 * stream a FILE handle writes to (NULL: none); hostio_release closes every
 * file the program left open. */
int hostio_call(struct machine *m, int id, const uint64_t *a, int nargs, uint64_t *ret);
FILE *hostio_out(struct machine *m, uint64_t h);
void hostio_release(struct machine *m);

/* runtime.c: HOST built-ins. Returns 0 done, 1 = host must wait (retry). */
int runtime_call(struct machine *m, struct warp *w, const struct ir_insn *in, uint64_t *ret,
		 const uint64_t *args, const uint8_t *types);
int runtime_launch(struct machine *m, struct warp *w, const struct ir_insn *in);
/* rand(): the next value of the host's glibc-compatible sequence (srand's
 * seed, 1 when never seeded); what the built-in rand returns */
int32_t runtime_rand(struct machine *m);
/* machine_launch's queueing: checks, builds the parameter buffer */
int runtime_queue_launch(struct machine *m, int func, const uint32_t grid[3],
			 const uint32_t block[3], uint64_t shmem, const uint64_t *args, int nargs);
void runtime_flush_output(struct machine *m);
/* free the CUDA graphs (machine_free) */
void runtime_release(struct machine *m);
/* The static __shared__ bytes of function fidx as ptxas reserves them for a
 * kernel: the module's shared objects that its code, and the functions it
 * calls or takes the address of, reference, each at its alignment, in
 * module order. (The module lays every kernel's objects out together,
 * ir_module.shared_static_size; a GPU reserves a block only its own.) */
uint64_t runtime_kernel_shared(const struct ir_module *mod, uint32_t fidx);
/* cudaGraphSetConditional(handle, value) from device code; an unknown handle does nothing */
void runtime_set_conditional(struct machine *m, uint64_t handle, uint32_t value);
const char *runtime_error_string(int e);
const char *runtime_error_name(int e);
/* Start the next queued launch if any: 1 started, 0 nothing queued. */
int runtime_next_launch(struct machine *m);

/* devlib.c: ENGINE built-ins, for a group (mask) of w. Return 0, or -1 when
 * the group must stop (kernel aborted / program exited). */
int devlib_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);

/* cg.c: cooperative groups and cuda::barrier built-ins (same contract as
 * devlib_call, plus 1 = the group blocked: state G_CGWAIT, pc unchanged). */
int cg_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
/* the ENGINE built-ins of warp matrix functions (wmma.c) */
int wmma_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
void cg_grid_start(struct machine *m);  /* a grid starts: forget the previous grid's barriers */
void cg_free(struct machine *m);
/* deadlock report: what a G_CGWAIT group waits for */
void cg_describe_wait(const struct machine *m, const struct group *g, struct strbuf *out);
/* the span of the user's call when sp lies in a built-in header (findings) */
struct span cg_user_span(const struct machine *m, const struct warp *w, uint32_t lanes, struct span sp);

/* cg.c for async.c: the phase of the cuda::barrier at addr (lane l of w; a
 * barrier-uninitialized finding and -1 when init() was never called), and
 * its block (NULL: in global memory). */
int cg_bar_phase(struct machine *m, struct warp *w, unsigned l, uint64_t addr, const struct ir_insn *in,
		 struct block **b, uint64_t *phase);

/* async.c: asynchronous copies and pipelines. acp_call: the __ws_acp_* and
 * __ws_pipe_* built-ins (cg_call's contract); acp_access: a load or store of
 * lanes g->mask at A[l] + imm meets copies in flight (call only while
 * acp_inflight); acp_phase_complete: barrier phase `phase` completes, its
 * copies land first; acp_tick: a scheduling step under --sched random (some
 * copies land); acp_block_done: the block ends, its copies land;
 * acp_describe_wait: 1 and the text when g waits in a pipeline. */
int acp_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
static inline int acp_inflight(const struct machine *m);
void acp_access(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		const uint64_t *A, uint64_t imm, unsigned sz, int write);
void acp_phase_complete(struct machine *m, struct block *b, uint64_t bar, uint64_t phase);
void acp_tick(struct machine *m);
void acp_block_done(struct machine *m, struct block *b);
void acp_grid_start(struct machine *m);
void acp_free(struct machine *m);
void acp_clone(struct machine *d, const struct machine *s, void *(*map)(void *ctx, const void *old), void *ctx);
int acp_describe_wait(const struct machine *m, const struct group *g, struct strbuf *out);
int acp_count(const struct machine *m);
static inline int acp_inflight(const struct machine *m)
{
	return m->acp && acp_count(m);
}

/* hthread.c: concurrent host threads. The host threads are host warps of
 * one lane; the scheduler (--sched) gives them turns while no grid runs.
 * A host stack address is ADDR(TAG_HSTACK, index << HSTACK_SHIFT | offset). */
#define HSTACK_SHIFT 24
enum hwait { HW_NONE, HW_JOIN, HW_MUTEX, HW_COND, HW_BARRIER, HW_ONCE };
void hthread_main(struct machine *m, struct warp *w);
/* the stack holding host stack address addr, *off the offset in it; NULL: no such thread */
struct lstack *hthread_stack(struct machine *m, uint64_t addr, uint64_t *off);
/* the host thread to run next (m->host), or NULL: none can run (a
 * host-deadlock finding was made and the program stopped, or it ended) */
struct warp *hthread_pick(struct machine *m);
/* thread w returned v from its start routine (or called pthread_exit) */
void hthread_end(struct machine *m, struct warp *w, uint64_t v);
/* the __ws_thread_* built-ins: 0 done, 1 the thread blocked (retried when woken), -1 stop */
int hthread_call(struct machine *m, struct warp *w, int id, const uint64_t *a, uint64_t *ret);
int hthread_is_builtin(int id);
void hthread_free(struct machine *m);

/* sched (machine.c) */
int sched_device_step(struct machine *m, int budget);
void sched_grid_start(struct machine *m, struct launch *l);
/* start the warps of the running grid that a lazy admission left
 * unstarted (check_warp_get, before a checker reads a resident warp) */
void sched_start_lazy(struct machine *m);
uint32_t sched_max_resident(struct machine *m, const struct launch *l);
void grid_free(struct machine *m, struct grid *gr);

/* clone.c: machine_clone's map from the original's objects to the copy's;
 * cg.c and runtime.c copy their private state with it. */
void *clone_map(void *ctx, const void *old);
void cg_clone(struct machine *d, const struct machine *s, void *(*map)(void *ctx, const void *old),
	      void *ctx);
void runtime_clone(struct machine *d, const struct machine *s);

/* register bits as float / double and back (the interpreters' view of f32
 * and f64 registers) */
static inline float fval(uint64_t v)
{
	uint32_t u = (uint32_t)v;
	float f;
	memcpy(&f, &u, 4);
	return f;
}
static inline uint64_t fbits(float f)
{
	uint32_t u;
	memcpy(&u, &f, 4);
	return u;
}
static inline double dval(uint64_t v)
{
	double d;
	memcpy(&d, &v, 8);
	return d;
}
static inline uint64_t dbits(double d)
{
	uint64_t u;
	memcpy(&u, &d, 8);
	return u;
}

#endif
