/*
 * uniform.c - which registers of a kernel hold one value in every lane of
 * a group (issue 13 item 1: uniform values computed once a warp).
 *
 * The classic divergence analysis, for the IR's registers (not SSA: a
 * register may have several definitions), iterated to a fixed point:
 * a register is uniform when every definition of it
 * - is of a uniform kind (CONST, MOV, GADDR, the block's and grid's
 *   special registers, the pure ALU ops, CVT, SETP, SEL, indexing) whose
 *   register operands are uniform, and
 * - lies outside the region of every divergent branch: the blocks a CBR
 *   whose operands are not uniform reaches before its immediate
 *   post-dominator (the reconvergence point of the token machinery;
 *   everything it reaches where that is the function's exit). A loop whose
 *   exit test is divergent has its whole body in that region.
 * Kernel parameters are uniform. Why that makes the rows equal: a
 * definition outside every divergent region runs in a group of every live
 * lane of the warp (groups only split at divergent branches, and merge
 * at their post-dominators or where they meet at one pc with the same
 * tokens, both inside the region), so every lane's last write of a
 * uniform register is one execution on equal operands. Two assumptions,
 * checked here: no register is read before it is written (the caller
 * runs it only on code regalloc.c allocated rows for, which it does
 * where none is live on entry), and no group is left behind inside a
 * divergent region while another runs on: the forward progress rule
 * (simt.h) releases a parked group while the others are blocked, so a
 * region holding a barrier, a collective or a call makes the analysis
 * give up (no register uniform), as does any call (a callee's divergent
 * return).
 * Loads, atomics, shuffles, votes, calls and threadIdx or the lane's
 * index are never uniform (a load from a uniform address could be, were
 * no lane-dependent store proven to come between; it is not tried).
 */
#include "simt.h"

#include <stdlib.h>
#include <string.h>
#include "builtin.h"

/* an op whose result is the same in every lane where its operands are */
static int uniform_kind(const struct ir_insn *in)
{
	switch (in->op) {
	case IR_CONST: case IR_MOV: case IR_GADDR: case IR_FADDR:
	case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_REM: case IR_NEG:
	case IR_AND: case IR_OR: case IR_XOR: case IR_NOT: case IR_SHL: case IR_SHR:
	case IR_MIN: case IR_MAX: case IR_SETP: case IR_SEL: case IR_CVT:
	case XOP_IDX: case XOP_IDX2:
		return 1;
	case IR_SREG:
		return (in->imm >= SREG_NTID_X && in->imm <= SREG_NCTAID_Z) || in->imm == SREG_WARPSIZE;
	default:
		return 0;
	}
}

/* an op that may wait for other lanes (or run code that does) */
static int may_wait(const struct ir_insn *in)
{
	switch (in->op) {
	case IR_BAR: case IR_WARPSYNC: case IR_SHFL: case IR_VOTE: case IR_MATCH: case IR_REDUX:
	case IR_CALL: case IR_ICALL: case IR_LAUNCH:
		return 1;
	case IR_BCALL:
		return !(in->imm >= 0 && in->imm < BI_COUNT && builtin_pure((int)in->imm));
	default:
		return 0;
	}
}

/* an integer type of 4 or 8 bytes (a row holds it extended per its type) */
static int int_4_8(unsigned t)
{
	return t == IR_S32 || t == IR_U32 || t == IR_S64 || t == IR_U64;
}

/* Whether definition in (outside every divergent region) keeps its
 * register on lanes: in a full warp, lane l's value is ext(T(c + x_l)) for
 * one c, where x_l is lane l's threadIdx.x, T keeps the low 32 bits and
 * ext is the row's one extension (sign or zero: every lane the same). The
 * kinds: threadIdx.x (c = 0), MOV, a 32-bit ADD of such a register and a
 * uniform one (T(c + u + x_l)), an integer CVT between 4- and 8-byte types
 * (a copy or a truncation: the low 32 bits kept). X: the registers so far
 * (def_fixpoint passes them as S too). */
static int lanex_def(const struct ir_insn *in, const uint8_t *U, const uint8_t *X, const uint8_t *S, uint32_t nregs)
{
	int32_t a = in->a, b = in->b;
#define LX_REG(r) ((r) >= 0 && (uint32_t)(r) < nregs)
	switch (in->op) {
	case IR_SREG:
		return in->imm == SREG_TID_X;
	case IR_MOV:
		return !(in->flags & DF_KB) && LX_REG(a) && X[a];
	case IR_CVT:
		return int_4_8(in->t) && int_4_8(in->t2) && LX_REG(a) && X[a];
	case IR_ADD: {
		if ((in->t != IR_S32 && in->t != IR_U32) || !LX_REG(a))
			return 0;
		if (in->flags & DF_KB)
			return X[a];
		if (!LX_REG(b))
			return 0;
		return (X[a] && U[b] && !X[b]) || (X[b] && U[a] && !X[a]);
	}
	default:
		return 0;
	}
#undef LX_REG
}

/* Whether definition in (outside every divergent region) keeps its
 * register an address on lanes: lane l's value u + 4 e_l, u uniform, e_l
 * the value of a register on lanes (lanex_def's ext(T(c + x_l))): an
 * indexing of 4-byte steps from a uniform base, or a MOV of such a
 * register. In a full warp the last lane's less the first's is then 124
 * exactly when the 32 addresses are consecutive words, and in any run of
 * consecutive lanes its last's less its first's is 4 (n - 1) exactly when
 * its n addresses are (fast_run's F_LD4 and F_ST4: one test instead of the
 * shape's pass). X: the registers on lanes (final), S: these so far. */
static int addrx_def(const struct ir_insn *in, const uint8_t *U, const uint8_t *X, const uint8_t *S, uint32_t nregs)
{
	int32_t a = in->a, b = in->b;
	if (a < 0 || (uint32_t)a >= nregs || (in->flags & DF_KB))
		return 0;
	if (in->op == IR_MOV)
		return S[a];
	return in->op == XOP_IDX && in->imm == 4 && U[a] && b >= 0 && (uint32_t)b < nregs && (X[b] & 1);
}

/* S: the registers whose every definition lies outside every divergent
 * region (inreg, blk: uniform_core's) and keeps its register in S by def
 * (lanex_def, addrx_def: S so far, X and U as they read them); from every
 * register with a definition, each dropped whose definition does not, to
 * a fixed point */
static void def_fixpoint(const struct ir_insn *code, uint32_t n, uint32_t nregs, const uint8_t *inreg,
			 const uint32_t *blk, const uint8_t *U, const uint8_t *X, uint8_t *S,
			 int (*def)(const struct ir_insn *, const uint8_t *, const uint8_t *, const uint8_t *, uint32_t))
{
	for (uint32_t i = 0; i < n; i++) {
		int32_t d[2];
		int nd = (code[i].flags & IRF_DEAD) ? 0 : ir_insn_writes(&code[i], d);
		for (int j = 0; j < nd; j++)
			if ((uint32_t)d[j] < nregs)
				S[d[j]] = 1;
	}
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t i = 0; i < n; i++) {
			const struct ir_insn *in = &code[i];
			int32_t d[2];
			int nd = (in->flags & IRF_DEAD) ? 0 : ir_insn_writes(in, d);
			if (!nd || (!inreg[blk[i]] && def(in, U, X, S, nregs)))
				continue;
			for (int j = 0; j < nd; j++)
				if ((uint32_t)d[j] < nregs && S[d[j]]) {
					S[d[j]] = 0;
					changed = 1;
				}
		}
	}
}

/* uniform_regs; *aligned (when not NULL) 1 where the analysis did not
 * give up: no call, and no region of a divergent branch holds a barrier
 * (then every warp of a block runs the same barrier instructions in the
 * same order: the branches that lead to them read only uniform registers,
 * which hold one value in the whole block, none being per warp) */
static uint8_t *uniform_core(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
			     const int32_t *ipdom, int *aligned, uint8_t **lanex)
{
	if (aligned)
		*aligned = 1;
	if (lanex)
		*lanex = xcalloc(nregs ? nregs : 1, 1);
	uint8_t *U = xmalloc(nregs ? nregs : 1);
	memset(U, 1, nregs);
	if (!n)
		return U;
	for (uint32_t i = 0; i < n; i++)
		if ((code[i].op == IR_CALL || code[i].op == IR_ICALL) && !(code[i].flags & IRF_DEAD))
			goto none;
	/* the blocks (cfg.c's; node nb is the exit, which has no successor) */
	struct ir_func fn;
	memset(&fn, 0, sizeof(fn));
	fn.code = (struct ir_insn *)code;
	fn.ncode = n;
	struct ir_cfg cfg;
	ir_cfg_build(&fn, &cfg);
	uint32_t nb = cfg.nb + 1, *first = cfg.first, *blk = cfg.blk_of, (*succ)[2] = cfg.succ;
	uint8_t *inreg = xmalloc(nb);
	uint32_t *stack = xmalloc((2 * nb + 2) * sizeof(uint32_t));
	int32_t r[64];
	(void)nparams; /* a kernel's: uniform, as every register starts */
	for (int changed = 1; changed;) {
		changed = 0;
		memset(inreg, 0, nb);
		/* the regions of the divergent branches */
		for (uint32_t b = 0; b < nb; b++) {
			if (b == cfg.nb)
				continue;
			uint32_t at = first[b + 1] - 1;
			const struct ir_insn *br = &code[at];
			if (br->op != IR_CBR || (br->flags & IRF_DEAD))
				continue;
			int k = decode_uses(br, r, 64), div = 0;
			for (int j = 0; j < k; j++)
				div |= (uint32_t)r[j] >= nregs || !U[r[j]];
			if (!div)
				continue;
			uint32_t stop = ipdom[at] >= 0 && (uint32_t)ipdom[at] < n ? blk[ipdom[at]] : UINT32_MAX;
			uint32_t sp = 0;
			for (int s = 0; s < 2; s++)
				if (succ[b][s] != UINT32_MAX)
					stack[sp++] = succ[b][s];
			uint8_t *seen = xcalloc(nb, 1);
			while (sp) {
				uint32_t x = stack[--sp];
				if (x == stop || seen[x])
					continue;
				seen[x] = 1;
				inreg[x] = 1;
				for (int s = 0; s < 2; s++)
					if (succ[x][s] != UINT32_MAX && !seen[succ[x][s]])
						stack[sp++] = succ[x][s];
			}
			free(seen);
		}
		for (uint32_t i = 0; i < n; i++) {
			const struct ir_insn *in = &code[i];
			if (in->flags & IRF_DEAD)
				continue;
			if (inreg[blk[i]] && may_wait(in))
				goto give_up;
			int32_t d[64];
			int nd = ir_insn_writes(in, d);
			if (!nd)
				continue;
			int uni = uniform_kind(in) && !inreg[blk[i]];
			if (uni) {
				int k = decode_uses(in, r, 64);
				for (int j = 0; j < k && uni; j++)
					uni = (uint32_t)r[j] < nregs && U[r[j]];
			}
			for (int j = 0; j < nd; j++)
				if (!uni && (uint32_t)d[j] < nregs && U[d[j]]) {
					U[d[j]] = 0;
					changed = 1;
				}
		}
	}
	/* the registers on lanes (lanex_def), with the final regions: every
	 * register with a definition to begin with, each dropped whose
	 * definition is of another kind or inside a region, to a fixed point.
	 * Sound as the uniform registers are: each lane's last write of one
	 * is one execution of a definition run by every live lane, on
	 * operands that were (inductively) on lanes or uniform */
	if (lanex && !util_env_on("WS_NO_LANEX"))
		def_fixpoint(code, n, nregs, inreg, blk, U, *lanex, *lanex, lanex_def);
	/* the addresses on lanes (addrx_def), the same way, on the final
	 * registers on lanes; bit 2 of *lanex (bit 1: on lanes).
	 * WS_NO_ADDRX=1: none */
	if (lanex && !util_env_on("WS_NO_ADDRX")) {
		uint8_t *X = *lanex, *AX = xcalloc(nregs ? nregs : 1, 1);
		def_fixpoint(code, n, nregs, inreg, blk, U, X, AX, addrx_def);
		for (uint32_t q = 0; q < nregs; q++)
			X[q] |= (uint8_t)(AX[q] << 1);
		free(AX);
	}
	if (0) {
	give_up:
		memset(U, 0, nregs);
		if (aligned)
			*aligned = 0;
	}
	ir_cfg_free(&cfg);
	free(inreg);
	free(stack);
	return U;
none:
	memset(U, 0, nregs);
	if (aligned)
		*aligned = 0;
	return U;
}

uint8_t *uniform_regs(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
		      const int32_t *ipdom)
{
	return uniform_core(code, n, nregs, nparams, ipdom, NULL, NULL);
}

uint8_t *uniform_insns(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
		       const int32_t *ipdom)
{
	return uniform_insns_aligned(code, n, nregs, nparams, ipdom, NULL);
}

uint8_t *uniform_insns_aligned(const struct ir_insn *code, uint32_t n, uint32_t nregs, uint32_t nparams,
			       const int32_t *ipdom, int *aligned)
{
	uint8_t *X = NULL;
	uint8_t *U = uniform_core(code, n, nregs, nparams, ipdom, aligned, &X);
	uint8_t *f = xcalloc(n ? n : 1, 1);
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &code[i];
		int32_t o[4] = { in->a, in->b, in->c, in->e };
		uint8_t v = 0;
		for (int k = 0; k < 4; k++) {
			int konst = k == 1 && (in->flags & DF_KB);
			if (o[k] < 0 || konst || ((uint32_t)o[k] < nregs && U[o[k]]))
				v |= (uint8_t)(UNI_A << k);
		}
		int32_t r[64];
		int k = decode_uses(in, r, 64), all = 1;
		for (int j = 0; j < k; j++)
			all &= (uint32_t)r[j] < nregs && U[r[j]];
		if (all)
			v |= UNI_OPS;
		if (in->b >= 0 && !(in->flags & DF_KB) && (uint32_t)in->b < nregs && (X[in->b] & 1))
			v |= UNI_BX;
		if (in->a >= 0 && (uint32_t)in->a < nregs && (X[in->a] & 2))
			v |= UNI_AX;
		if (in->a >= 0 && (uint32_t)in->a < nregs && (X[in->a] & 1))
			v |= UNI_AL;
		f[i] = v;
	}
	free(U);
	free(X);
	return f;
}
