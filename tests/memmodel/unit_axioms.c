/*
 * unit_axioms.c - the PTX axiom checker (engine/explore/axioms.c) on hand-written
 * executions: the forbidden outcome of each classic test violates an
 * axiom, the allowed one does not. TAP.
 */
#include <stdio.h>
#include <string.h>

#include "axioms.h"
#include "ir.h"
#include "machine.h"
#include "tap.h"

static const uint64_t X = 0x7000000100, Y = 0x7000000200;

/* MP with fence.sc.gpu in both threads; r1 = the write id T1 reads for x */
static int mp_fence(uint32_t r1, unsigned fscope, uint32_t blk1)
{
	struct ax_exec *x = ax_new();
	uint32_t co[2] = { 0, 1 };
	ax_event(x, AX_W, 0, 0, X, 0, 1, 1, SCOPE_SYS, SEM_VOLATILE, 0);
	ax_event(x, AX_F, 0, 0, 0, 0, 0, 1, fscope, SEM_SC, 1);
	ax_event(x, AX_W, 0, 0, Y, 0, 1, 1, SCOPE_SYS, SEM_VOLATILE, 2);
	ax_event(x, AX_R, 1, blk1, Y, 1, 0, 1, SCOPE_SYS, SEM_VOLATILE, 0);
	ax_event(x, AX_F, 1, blk1, 0, 0, 0, 1, fscope, SEM_SC, 1);
	ax_event(x, AX_R, 1, blk1, X, r1, 0, 1, SCOPE_SYS, SEM_VOLATILE, 2);
	ax_co(x, X, co, 2);
	ax_co(x, Y, co, 2);
	char why[256];
	int r = ax_check(x, why, sizeof(why));
	ax_free(x);
	return r;
}

static int two_rmw(unsigned scope)
{
	struct ax_exec *x = ax_new();
	uint32_t co[3] = { 0, 2, 1 };
	/* both RMWs read the initial write: T1's is put between */
	ax_event(x, AX_U, 0, 0, X, 0, 1, 1, scope, SEM_RELAXED, 0);
	ax_event(x, AX_U, 1, 1, X, 0, 2, 1, scope, SEM_RELAXED, 0);
	ax_co(x, X, co, 3);
	char why[256];
	int r = ax_check(x, why, sizeof(why));
	ax_free(x);
	return r;
}

static int corr(int strong)
{
	struct ax_exec *x = ax_new();
	uint32_t co[2] = { 0, 1 };
	unsigned sem = strong ? SEM_VOLATILE : SEM_WEAK;
	ax_event(x, AX_W, 0, 0, X, 0, 1, strong, SCOPE_SYS, sem, 0);
	ax_event(x, AX_R, 1, 1, X, 1, 0, strong, SCOPE_SYS, sem, 0);
	ax_event(x, AX_R, 1, 1, X, 0, 0, strong, SCOPE_SYS, sem, 1);
	ax_co(x, X, co, 2);
	char why[256];
	int r = ax_check(x, why, sizeof(why));
	ax_free(x);
	return r;
}

static int sb_fence(void)
{
	struct ax_exec *x = ax_new();
	uint32_t co[2] = { 0, 1 };
	ax_event(x, AX_W, 0, 0, X, 0, 1, 1, SCOPE_SYS, SEM_VOLATILE, 0);
	ax_event(x, AX_F, 0, 0, 0, 0, 0, 1, SCOPE_GPU, SEM_SC, 1);
	ax_event(x, AX_W, 1, 1, Y, 0, 1, 1, SCOPE_SYS, SEM_VOLATILE, 0);
	ax_event(x, AX_F, 1, 1, 0, 0, 0, 1, SCOPE_GPU, SEM_SC, 1);
	ax_event(x, AX_R, 1, 1, X, 0, 0, 1, SCOPE_SYS, SEM_VOLATILE, 2);
	ax_event(x, AX_R, 0, 0, Y, 0, 0, 1, SCOPE_SYS, SEM_VOLATILE, 2);
	ax_co(x, X, co, 2);
	ax_co(x, Y, co, 2);
	char why[256];
	int r = ax_check(x, why, sizeof(why));
	ax_free(x);
	return r;
}

/* LB with fence.sc of scope fscope in both threads, T1 in block blk1: both
 * loads read the other thread's write */
static int lb_fence(unsigned fscope, uint32_t blk1)
{
	struct ax_exec *x = ax_new();
	uint32_t co[2] = { 0, 1 };
	ax_event(x, AX_R, 0, 0, X, 1, 0, 1, SCOPE_SYS, SEM_VOLATILE, 0);
	ax_event(x, AX_F, 0, 0, 0, 0, 0, 1, fscope, SEM_SC, 1);
	ax_event(x, AX_W, 0, 0, Y, 0, 1, 1, SCOPE_SYS, SEM_VOLATILE, 2);
	ax_event(x, AX_R, 1, blk1, Y, 1, 0, 1, SCOPE_SYS, SEM_VOLATILE, 0);
	ax_event(x, AX_F, 1, blk1, 0, 0, 0, 1, fscope, SEM_SC, 1);
	ax_event(x, AX_W, 1, blk1, X, 0, 1, 1, SCOPE_SYS, SEM_VOLATILE, 2);
	ax_co(x, X, co, 2);
	ax_co(x, Y, co, 2);
	char why[256];
	int r = ax_check(x, why, sizeof(why));
	ax_free(x);
	return r;
}

int main(void)
{
	tap_start();
	ok(mp_fence(1, SCOPE_GPU, 1) == 0, "MP+fence.gpu, r1 == 1: consistent");
	ok(mp_fence(0, SCOPE_GPU, 1) != 0, "MP+fence.gpu, r1 == 0: violates an axiom");
	ok(mp_fence(0, SCOPE_CTA, 1) == 0, "MP+fence.cta across blocks, r1 == 0: consistent");
	ok(mp_fence(0, SCOPE_CTA, 0) != 0, "MP+fence.cta in one block, r1 == 0: violates an axiom");
	ok(two_rmw(SCOPE_GPU) == AXV_ATOMICITY, "two atomicAdd (gpu) reading 0: atomicity");
	ok(two_rmw(SCOPE_CTA) == 0, "two atomicAdd_block in different blocks reading 0: consistent");
	ok(corr(1) == AXV_SC_PER_LOC, "CoRR volatile 1 then 0: SC-per-location");
	ok(corr(0) == 0, "CoRR plain 1 then 0: consistent");
	ok(sb_fence() != 0, "SB+fence.gpu both 0: violates an axiom");
	
	ok(lb_fence(SCOPE_GPU, 1) != 0, "LB+fence.gpu both 1: violates an axiom");
	ok(lb_fence(SCOPE_CTA, 0) != 0, "LB+fence.cta in one block both 1: violates an axiom");
	ok(lb_fence(SCOPE_CTA, 1) == 0, "LB+fence.cta across blocks both 1: consistent");
	ok(mp_fence(0, SCOPE_GPU, MACHINE_MM_HOST_BLOCK) == 0, "MP+fence.gpu, host reader, r1 == 0: consistent (gpu scope has no host)");
	ok(mp_fence(0, SCOPE_SYS, MACHINE_MM_HOST_BLOCK) != 0, "MP+fence.sys, host reader, r1 == 0: violates an axiom");
	return tap_end();
}
