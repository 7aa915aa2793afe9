/*
 * regs.c - an estimate of the registers per thread that ptxas would give a
 * kernel, for the occupancy API and cudaFuncGetAttributes (warpstep itself
 * allocates none).
 *
 * The estimate is the register pressure of the code as lowered: the largest
 * number of 32-bit registers live at once (a 64-bit value takes two, a
 * predicate none: PTX keeps predicates apart), found by a backward liveness
 * analysis over the basic blocks, with a call counting the callee's own
 * pressure on top of what is live across it (nvcc inlines device functions).
 * It is computed before ir_optimize, so --no-opt and the optimiser's
 * changes give every program the same estimate.
 */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

struct live {
	const struct ir_func *f;
	uint32_t nw;          /* 64-bit words per register set */
	uint64_t *in;         /* per block: live on entry */
	uint32_t nb;
	uint32_t *first;      /* first instruction of each block */
	uint32_t *blk_of;
};

static unsigned reg_weight(const struct ir_func *f, int32_t r)
{
	if (r < 0 || (uint32_t)r >= f->nregs || !f->reg_ty)
		return 1;
	switch (f->reg_ty[r]) {
	case IR_PRED: return 0;
	case IR_S64: case IR_U64: case IR_F64: case IR_PTR: return 2;
	default: return 1;
	}
}

static int is_reg(const struct ir_func *f, int32_t r)
{
	return r >= 0 && (uint32_t)r < f->nregs;
}

/* registers an instruction reads, into out (at most max) */
static int insn_uses(const struct ir_func *f, const struct ir_insn *in, int32_t *out, int max)
{
	int n = 0;
	int32_t r[4] = { in->a, in->b, in->c, in->op == IR_MATCH ? -1 : in->e };
	for (int i = 0; i < 4; i++)
		if (is_reg(f, r[i]) && n < max)
			out[n++] = r[i];
	for (uint32_t k = 0; k < in->nargs && in->args; k++)
		if (is_reg(f, in->args[k]) && n < max)
			out[n++] = in->args[k];
	return n;
}

static int insn_defs(const struct ir_func *f, const struct ir_insn *in, int32_t *out)
{
	int n = 0;
	if (is_reg(f, in->d))
		out[n++] = in->d;
	if (in->op == IR_MATCH && is_reg(f, in->e))
		out[n++] = in->e;
	return n;
}

static int is_term(const struct ir_insn *in)
{
	return in->op == IR_BR || in->op == IR_CBR || in->op == IR_RET || in->op == IR_TRAP ||
	       in->op == IR_UNREACHABLE;
}

static void set_add(uint64_t *s, int32_t r) { s[r >> 6] |= 1ull << (r & 63); }
static void set_del(uint64_t *s, int32_t r) { s[r >> 6] &= ~(1ull << (r & 63)); }
static int set_has(const uint64_t *s, int32_t r) { return (int)(s[r >> 6] >> (r & 63) & 1); }

static unsigned set_weight(const struct ir_func *f, const uint64_t *s, uint32_t nw)
{
	unsigned w = 0;
	for (uint32_t i = 0; i < nw; i++)
		for (uint64_t x = s[i]; x; x &= x - 1)
			w += reg_weight(f, (int32_t)(i * 64 + (uint32_t)__builtin_ctzll(x)));
	return w;
}

/* the successors of block b (UINT32_MAX: none) */
static void succs(const struct live *L, uint32_t b, uint32_t s[2])
{
	uint32_t n = L->f->ncode;
	uint32_t last = (b + 1 < L->nb ? L->first[b + 1] : n) - 1;
	const struct ir_insn *in = &L->f->code[last];
	s[0] = s[1] = UINT32_MAX;
	switch (in->op) {
	case IR_BR:
		if ((uint32_t)in->tgt1 < n)
			s[0] = L->blk_of[in->tgt1];
		break;
	case IR_CBR:
		if ((uint32_t)in->tgt1 < n)
			s[0] = L->blk_of[in->tgt1];
		if ((uint32_t)in->tgt2 < n)
			s[1] = L->blk_of[in->tgt2];
		break;
	case IR_RET: case IR_TRAP: case IR_UNREACHABLE:
		break;
	default:
		if (last + 1 < n)
			s[0] = L->blk_of[last + 1];
	}
}

/*
 * Walk block b backward from live-out `cur` (changed to its live-in); with
 * est, the largest pressure seen, calls counting est[callee] on top of what
 * stays live across them.
 */
static unsigned walk_block(const struct live *L, uint32_t b, uint64_t *cur, const uint16_t *est, const struct ir_module *m)
{
	const struct ir_func *f = L->f;
	uint32_t end = b + 1 < L->nb ? L->first[b + 1] : f->ncode;
	unsigned best = 0;
	int32_t r[64];
	for (uint32_t i = end; i-- > L->first[b];) {
		const struct ir_insn *in = &f->code[i];
		unsigned w = est ? set_weight(f, cur, L->nw) : 0; /* the fixed point needs no weights */
		int nd = insn_defs(f, in, r);
		unsigned wd = 0, wlive = 0; /* defs not live after it (a value nobody reads), defs live after it */
		for (int k = 0; k < nd; k++) {
			if (est && !set_has(cur, r[k]))
				wd += reg_weight(f, r[k]);
			else if (est)
				wlive += reg_weight(f, r[k]);
			set_del(cur, r[k]);
		}
		if (est && w + wd > best)
			best = w + wd;
		int nu = insn_uses(f, in, r, 64);
		for (int k = 0; k < nu; k++)
			set_add(cur, r[k]);
		if (!est)
			continue;
		unsigned wu = set_weight(f, cur, L->nw);
		if (wu > best)
			best = wu;
		if (in->op == IR_CALL && in->imm >= 0 && (uint64_t)in->imm < m->nfuncs) {
			/* the callee's pressure on top of what is live across the call */
			unsigned across = w - wlive;
			if (across + est[in->imm] > best)
				best = across + est[in->imm];
		}
	}
	return best;
}

static unsigned pressure(const struct ir_module *m, uint32_t fi, const uint16_t *est)
{
	const struct ir_func *f = &m->funcs[fi];
	if (!f->ncode || !f->nregs)
		return 0;
	struct live L = { .f = f, .nw = (f->nregs + 63) / 64 };
	uint32_t n = f->ncode;
	uint8_t *lead = xcalloc(n + 1, 1);
	L.first = xcalloc(n + 1, sizeof(uint32_t));
	L.blk_of = xcalloc(n, sizeof(uint32_t));
	lead[0] = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if ((in->op == IR_BR || in->op == IR_CBR) && (uint32_t)in->tgt1 < n)
			lead[in->tgt1] = 1;
		if (in->op == IR_CBR && (uint32_t)in->tgt2 < n)
			lead[in->tgt2] = 1;
		if (is_term(in))
			lead[i + 1] = 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		if (lead[i])
			L.first[L.nb++] = i;
		L.blk_of[i] = L.nb - 1;
	}
	L.in = xcalloc((size_t)L.nb * L.nw, sizeof(uint64_t));
	uint64_t *cur = xcalloc(L.nw, sizeof(uint64_t));
	unsigned best = 0;
	/* live-in sets to a fixed point, blocks in reverse order */
	for (int changed = 1, round = 0; changed && round < 1000; round++) {
		changed = 0;
		for (uint32_t b = L.nb; b-- > 0;) {
			uint32_t s[2];
			succs(&L, b, s);
			memset(cur, 0, L.nw * sizeof(uint64_t));
			for (int k = 0; k < 2; k++)
				if (s[k] != UINT32_MAX)
					for (uint32_t w = 0; w < L.nw; w++)
						cur[w] |= L.in[(size_t)s[k] * L.nw + w];
			walk_block(&L, b, cur, NULL, m);
			if (memcmp(cur, &L.in[(size_t)b * L.nw], L.nw * sizeof(uint64_t))) {
				memcpy(&L.in[(size_t)b * L.nw], cur, L.nw * sizeof(uint64_t));
				changed = 1;
			}
		}
	}
	for (uint32_t b = 0; b < L.nb; b++) {
		uint32_t s[2];
		succs(&L, b, s);
		memset(cur, 0, L.nw * sizeof(uint64_t));
		for (int k = 0; k < 2; k++)
			if (s[k] != UINT32_MAX)
				for (uint32_t w = 0; w < L.nw; w++)
					cur[w] |= L.in[(size_t)s[k] * L.nw + w];
		unsigned p = walk_block(&L, b, cur, est, m);
		if (p > best)
			best = p;
	}
	free(cur);
	free(L.in);
	free(lead);
	free(L.first);
	free(L.blk_of);
	return best > 65535 ? 65535 : best;
}

/* est[i] for function i and, first, for the device functions it calls */
static void estimate(struct ir_module *m, uint32_t fi, uint16_t *est, uint8_t *state)
{
	if (state[fi])
		return; /* done, or on the call stack (recursion: counted once) */
	state[fi] = 1;
	const struct ir_func *f = &m->funcs[fi];
	for (uint32_t i = 0; i < f->ncode; i++)
		if (f->code[i].op == IR_CALL && f->code[i].imm >= 0 && (uint64_t)f->code[i].imm < m->nfuncs)
			estimate(m, (uint32_t)f->code[i].imm, est, state);
	est[fi] = (uint16_t)pressure(m, fi, est);
	state[fi] = 2;
}

void ir_estimate_regs(struct ir_module *m)
{
	if (!m || !m->nfuncs)
		return;
	uint16_t *est = xcalloc(m->nfuncs, sizeof(uint16_t));
	uint8_t *state = xcalloc(m->nfuncs, 1);
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind & (FN_KERNEL | FN_DEVICE))
			estimate(m, i, est, state);
	for (uint32_t i = 0; i < m->nfuncs; i++)
		m->funcs[i].reg_pressure = est[i];
	free(est);
	free(state);
}
