/*
 * axioms.h - a checker of the PTX memory model's axioms over one recorded
 * execution (engine-internal; the relaxed model records, explore checks).
 *
 * Contract:
 * - The model records events (ax_event) in the order it performs them and,
 *   at the end of each kernel, every location's coherence order (ax_co).
 * - ax_check tests coherence, fence-SC, atomicity, no-thin-air (every read
 *   reads a recorded or initial write), SC-per-location and causality, as in
 *   PTX ISA section 8 (program order, synchronizes-with from release and
 *   acquire patterns, bar.sync and fence.sc order, observation between
 *   morally strong operations). Returns 0, or the number of the violated
 *   axiom with a reason in why.
 */
#ifndef WS_AXIOMS_H
#define WS_AXIOMS_H

#include <stddef.h>
#include <stdint.h>

enum ax_kind { AX_R, AX_W, AX_U, AX_F, AX_B };
enum { AXV_COHERENCE = 1, AXV_FENCE_SC, AXV_ATOMICITY, AXV_THIN_AIR, AXV_SC_PER_LOC, AXV_CAUSALITY };

struct ax_exec;
struct ax_exec *ax_new(void);
void ax_free(struct ax_exec *x);
void ax_clear(struct ax_exec *x);
/* rid: the write id read (R, U; for B the barrier instance); wid: the id written */
void ax_event(struct ax_exec *x, int kind, int thr, uint32_t blk, uint64_t addr, uint32_t rid,
	      uint32_t wid, int strong, unsigned scope, unsigned sem, uint32_t po);
/* the coherence order of addr at the end of the kernel (ids, oldest first) */
void ax_co(struct ax_exec *x, uint64_t addr, const uint32_t *ids, size_t n);
/* a kernel ended: later events belong to the next one */
void ax_kernel_end(struct ax_exec *x);
int ax_check(const struct ax_exec *x, char *why, size_t n);
const char *ax_name(int axiom);

/* The execution's reads-from and coherence orders with events named by
 * (thread, program order), into sb: two executions with the same key are
 * the same candidate execution. */
struct strbuf;
void ax_key(const struct ax_exec *x, struct strbuf *sb);
struct ax_exec *ax_dup(const struct ax_exec *x);
/* 1 if x and y have the same events (thread, program order, kind, address,
 * in one kernel): the program's control did not depend on the values read */
int ax_same_events(const struct ax_exec *x, const struct ax_exec *y);
/* Every candidate execution over x's events (each read reads any write of
 * its address or the initial value; any coherence order) that satisfies the
 * axioms, passed to fn. Returns how many, or -1 past max candidates tried. */
long ax_candidates(const struct ax_exec *x, void (*fn)(void *ctx, const struct ax_exec *c), void *ctx,
		   long max);

/* A recorder for machine_mm_record (machine.h) that fills x: the model's
 * events become x's events (their kinds are the same, in the same order). */
struct machine_mm_recorder;
void ax_recorder(struct ax_exec *x, struct machine_mm_recorder *r);

#endif
