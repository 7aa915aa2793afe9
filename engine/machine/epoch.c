/*
 * epoch.c - the loads of a kernel that no write of shared memory can meet
 * in their barrier epoch (issue 13 item 5: the shared checker's deferred
 * read log, s18-epoch).
 *
 * The shared checker keeps a weak read of its block's initialized memory
 * in a log (check_race_shared.c, struct slot) that only a later weak write
 * of the same epoch replays; the epoch's end drops it unread. A read that
 * no write of shared memory can follow in its epoch needs no entry. That
 * is known from the code: split the kernel's instructions at its block
 * barriers (IR_BAR of every sub: each completes for the whole block,
 * interp_bar_release, and ends the checker's epoch) and join each
 * instruction to the ones it may go to next. Between two releases of a
 * block's barrier every warp runs from the barrier instruction it was
 * released from to the next it reaches, inside one part of that split,
 * provided all warps are released from the same barrier instruction: true
 * where every barrier's way there is decided by uniform branches only
 * (uniform.c's *aligned: their registers hold one value in the whole block,
 * so every warp runs the same barriers in the same order; a barrier under a
 * divergent branch, including a warp's early exit before one, or any call,
 * and the caller marks nothing). A part holding no instruction that may
 * write shared memory then has no write of any warp of the block in the
 * epoch (the checker's epochs also end at fences: only shorter). What may
 * write: every ST, ATOM, MEMCPY, MEMSET (whatever their space: a global
 * space's address is not checked to be global), CALL, ICALL, LAUNCH, a
 * BCALL not pure (named barriers, cooperative groups' syncs, async
 * copies, wmma stores, cluster syncs all are BCALLs) and any fused op this
 * file does not know. Writes of another block (a cluster's distributed
 * shared memory) are not the code's to exclude: the machine declines
 * those launches at run time (fastrun.h).
 */
#include "simt.h"

#include <stdlib.h>
#include <string.h>
#include "builtin.h"

static uint32_t uf_find(uint32_t *p, uint32_t x)
{
	while (p[x] != x) {
		p[x] = p[p[x]];
		x = p[x];
	}
	return x;
}

static void uf_join(uint32_t *p, uint32_t a, uint32_t b)
{
	a = uf_find(p, a);
	b = uf_find(p, b);
	if (a != b)
		p[a < b ? b : a] = a < b ? a : b;
}

/* an instruction that may write shared memory (see above) */
static int may_write_shared(const struct ir_insn *in)
{
	switch (in->op) {
	case IR_ST: case IR_ATOM: case IR_MEMCPY: case IR_MEMSET:
	case IR_CALL: case IR_ICALL: case IR_LAUNCH:
		return 1;
	case IR_BCALL:
		return !(in->imm >= 0 && in->imm < BI_COUNT && builtin_pure((int)in->imm));
	case XOP_IDX: case XOP_IDX2: case XOP_GTID: case XOP_IDXM:
		return 0; /* address arithmetic (XOP_IDXM's LD or ST is the next instruction) */
	default:
		return in->op >= IR_NOPS;
	}
}

uint8_t *epoch_quiet_loads(const struct ir_insn *code, uint32_t n)
{
	uint8_t *q = xcalloc(n ? n : 1, 1);
	if (!n)
		return q;
	uint32_t *p = xmalloc(n * sizeof(*p));
	uint8_t *dirty = xcalloc(n, 1);
	for (uint32_t i = 0; i < n; i++)
		p[i] = i;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &code[i];
		if (in->op == IR_BAR && !(in->flags & IRF_DEAD))
			continue; /* its epoch ends here: joined to neither side */
		uint32_t to[2] = { UINT32_MAX, UINT32_MAX };
		if (in->flags & IRF_DEAD) {
			to[0] = i + 1;
		} else {
			switch (in->op) {
			case IR_BR: to[0] = (uint32_t)in->tgt1; break;
			case IR_CBR: to[0] = (uint32_t)in->tgt1; to[1] = (uint32_t)in->tgt2; break;
			case IR_RET: case IR_TRAP: case IR_UNREACHABLE: break;
			default: to[0] = i + 1; break;
			}
		}
		for (int k = 0; k < 2; k++)
			if (to[k] < n && !(code[to[k]].op == IR_BAR && !(code[to[k]].flags & IRF_DEAD)))
				uf_join(p, i, to[k]);
	}
	for (uint32_t i = 0; i < n; i++)
		if (!(code[i].flags & IRF_DEAD) && may_write_shared(&code[i]))
			dirty[uf_find(p, i)] = 1;
	for (uint32_t i = 0; i < n; i++)
		if (code[i].op == IR_LD && code[i].sem == SEM_WEAK && !(code[i].flags & IRF_DEAD) && !dirty[uf_find(p, i)])
			q[i] = 1;
	free(p);
	free(dirty);
	return q;
}
