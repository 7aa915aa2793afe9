/*
 * cfg.c - basic blocks and immediate post-dominators of a function.
 *
 * The reconvergence point of a divergent branch is the immediate
 * post-dominator of the branch: the first instruction every path from the
 * branch to the function's exit must pass. A pre-Volta GPU's SIMT stack
 * waits there for the other side of the branch; the token machinery of
 * interp.c does the same. Algorithm: Cooper, Harvey and Kennedy's
 * iterative dominators on the reversed CFG, with a virtual exit node.
 */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

struct cfg {
	uint32_t nb;            /* blocks; node nb is the virtual exit */
	uint32_t *first;        /* first insn of each block */
	uint32_t *blk_of;       /* insn -> block */
	uint32_t (*succ)[2];    /* successors, UINT32_MAX = none */
	VEC(uint32_t) *pred;    /* predecessors (in the forward CFG) */
};

static int is_term(const struct ir_insn *in)
{
	switch (in->op) {
	case IR_BR: case IR_CBR: case IR_RET: case IR_TRAP: case IR_UNREACHABLE:
		return 1;
	default:
		return 0;
	}
}

static void cfg_build(const struct ir_func *f, struct cfg *c)
{
	uint32_t n = f->ncode;
	uint8_t *lead = xcalloc(n + 1, 1);
	lead[0] = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			if ((uint32_t)in->tgt1 < n)
				lead[in->tgt1] = 1;
			if (in->op == IR_CBR && (uint32_t)in->tgt2 < n)
				lead[in->tgt2] = 1;
		}
		if (is_term(in))
			lead[i + 1] = 1;
	}
	c->blk_of = xcalloc(n ? n : 1, sizeof(uint32_t));
	c->first = xcalloc(n + 1, sizeof(uint32_t));
	c->nb = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (lead[i])
			c->first[c->nb++] = i;
		c->blk_of[i] = c->nb - 1;
	}
	free(lead);
	c->succ = xcalloc(c->nb + 1, sizeof(*c->succ));
	c->pred = xcalloc(c->nb + 1, sizeof(*c->pred));
	for (uint32_t b = 0; b < c->nb; b++) {
		uint32_t last = (b + 1 < c->nb ? c->first[b + 1] : n) - 1;
		const struct ir_insn *in = &f->code[last];
		uint32_t s0 = UINT32_MAX, s1 = UINT32_MAX;
		switch (in->op) {
		case IR_BR: s0 = (uint32_t)in->tgt1 < n ? c->blk_of[in->tgt1] : c->nb; break;
		case IR_CBR:
			s0 = (uint32_t)in->tgt1 < n ? c->blk_of[in->tgt1] : c->nb;
			s1 = (uint32_t)in->tgt2 < n ? c->blk_of[in->tgt2] : c->nb;
			if (s1 == s0)
				s1 = UINT32_MAX;
			break;
		case IR_RET: case IR_TRAP: case IR_UNREACHABLE: s0 = c->nb; break;
		default: s0 = last + 1 < n ? c->blk_of[last + 1] : c->nb; break;
		}
		c->succ[b][0] = s0;
		c->succ[b][1] = s1;
		if (s0 != UINT32_MAX)
			vec_push(&c->pred[s0], b);
		if (s1 != UINT32_MAX)
			vec_push(&c->pred[s1], b);
	}
}

static void cfg_free(struct cfg *c)
{
	for (uint32_t b = 0; b <= c->nb; b++)
		vec_free(&c->pred[b]);
	free(c->pred);
	free(c->succ);
	free(c->first);
	free(c->blk_of);
}

/* post-order of the reverse CFG from the exit (iterative DFS over preds) */
static uint32_t rev_postorder(struct cfg *c, uint32_t *order, uint32_t *num)
{
	uint32_t N = c->nb + 1, cnt = 0, sp = 0;
	uint32_t *stk = xmalloc(N * sizeof(uint32_t)), *it = xcalloc(N, sizeof(uint32_t));
	uint8_t *seen = xcalloc(N, 1);
	stk[sp++] = c->nb;
	seen[c->nb] = 1;
	while (sp) {
		uint32_t v = stk[sp - 1];
		if (it[v] < c->pred[v].len) {
			uint32_t p = c->pred[v].v[it[v]++];
			if (!seen[p]) {
				seen[p] = 1;
				stk[sp++] = p;
			}
		} else {
			num[v] = cnt;
			order[cnt++] = v;
			sp--;
		}
	}
	for (uint32_t v = 0; v < N; v++)
		if (!seen[v])
			num[v] = UINT32_MAX;
	free(stk);
	free(it);
	free(seen);
	return cnt;
}

static uint32_t intersect(const uint32_t *idom, const uint32_t *num, uint32_t a, uint32_t b)
{
	while (a != b) {
		while (num[a] < num[b])
			a = idom[a];
		while (num[b] < num[a])
			b = idom[b];
	}
	return a;
}

int32_t *cfg_ipdom(const struct ir_func *f)
{
	int32_t *res = xmalloc((f->ncode ? f->ncode : 1) * sizeof(int32_t));
	for (uint32_t i = 0; i < f->ncode; i++)
		res[i] = -1;
	if (f->ncode == 0)
		return res;
	struct cfg c;
	cfg_build(f, &c);
	uint32_t N = c.nb + 1;
	uint32_t *order = xmalloc(N * sizeof(uint32_t)), *num = xmalloc(N * sizeof(uint32_t));
	uint32_t *idom = xmalloc(N * sizeof(uint32_t));
	uint32_t cnt = rev_postorder(&c, order, num);
	for (uint32_t v = 0; v < N; v++)
		idom[v] = UINT32_MAX;
	idom[c.nb] = c.nb;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t k = cnt; k-- > 0;) {
			uint32_t b = order[k];
			if (b == c.nb)
				continue;
			uint32_t nd = UINT32_MAX;
			for (int s = 0; s < 2; s++) {
				uint32_t p = c.succ[b][s];
				if (p == UINT32_MAX || idom[p] == UINT32_MAX)
					continue;
				nd = nd == UINT32_MAX ? p : intersect(idom, num, p, nd);
			}
			if (nd != idom[b]) {
				idom[b] = nd;
				changed = 1;
			}
		}
	}
	for (uint32_t b = 0; b < c.nb; b++) {
		uint32_t last = (b + 1 < c.nb ? c.first[b + 1] : f->ncode) - 1;
		uint32_t d = idom[b];
		res[last] = (d == UINT32_MAX || d == c.nb) ? -1 : (int32_t)c.first[d];
	}
	free(order);
	free(num);
	free(idom);
	cfg_free(&c);
	return res;
}
