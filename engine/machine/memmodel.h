/*
 * memmodel.h - the relaxed (scoped PTX) memory model behind the interpreter's
 * LD/ST/ATOM/FENCE/BAR paths. Engine-internal (simt.h users only).
 *
 * Contract:
 * - m->mm is NULL under --model sc: every hook in interp.c is one branch on
 *   it. Under --model relaxed, device accesses to global memory go through
 *   mm_ld/mm_st/mm_atom (1 = not mine: the caller takes its SC path; 0 done;
 *   -1 fault, finding made); fences, barriers and warp syncs call in too.
 * - The model is operational and view based (docs/memory-model.md): every
 *   location keeps its history of writes in coherence order; every thread a
 *   view (per location, the oldest write it may still read); release writes
 *   carry the writer's view, acquire reads (and fences) join it when the
 *   scopes cover both threads; fence.sc joins a per-scope SC view; bar.sync
 *   joins the views of the block. A load may be deferred past later
 *   independent stores (load buffering). Every choice (which write a load
 *   reads, where a store goes in coherence order, deferring a load, and
 *   with a chooser the next warp at memory events) goes through mm_choose.
 * - The backing memory always holds the coherence-last write, so host
 *   copies after a kernel see the final values; the model is reset at each
 *   launch.
 */
#ifndef WS_MEMMODEL_H
#define WS_MEMMODEL_H

#include "simt.h"

#define MM_HOOK (1u << EV_NKINDS) /* in m->hooks while deferred loads exist */
#define STOP_HOOK (1u << (EV_NKINDS + 1)) /* in m->hooks while machine_request_stop is pending */

struct memmodel;
/* machine_new: make m->mm (relaxed, or a schedule to replay: "relaxed:0.1"
 * or "sc:2.0" replays those choices, then option 0) */
void mm_attach(struct machine *m);
struct memmodel *mm_new(struct machine *m);
void mm_free(struct memmodel *mm);
void mm_reset(struct machine *m);  /* a launch starts: forget locations and views */
typedef uint64_t (*mm_atom_fn)(unsigned sub, unsigned t, uint64_t old, uint64_t b, uint64_t c,
			       int *store);
int mm_ld(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
int mm_st(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
int mm_atom(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
	    mm_atom_fn op);
void mm_fence(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
void mm_bar(struct machine *m, struct block *b);
/* __syncwarp completed for the lanes in mask: their views merge */
void mm_warpsync(struct machine *m, struct warp *w, uint32_t mask);
/* before each instruction while loads are deferred: perform those it depends on */
void mm_pre(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in);
/* visible-event scheduling (explore, litmus, --schedule): the warp index
 * (slot * warps_per_block + warp) and *group to run one instruction of
 * next, or -1; from nres * warps_per_block on, host thread (index -
 * that) runs one instruction */
int64_t mm_sched_pick(struct machine *m, int *group);
/* the host thread m->host waited for the device (cudaDeviceSynchronize, a
 * blocking copy ...): the finished grid's writes are visible to it */
void mm_host_sync(struct machine *m);
/* host thread to starts after, or joined, host thread from: it sees what
 * from saw */
void mm_host_handoff(struct machine *m, struct warp *from, struct warp *to);
int mm_sched_active(const struct machine *m);

#endif
