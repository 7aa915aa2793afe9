/*
 * cfg.c - basic blocks and immediate post-dominators of a function.
 *
 * The reconvergence point of a divergent branch is the immediate
 * post-dominator of the branch: the first instruction every path from the
 * branch to the function's exit must pass. A pre-Volta GPU's SIMT stack
 * waits there for the other side of the branch; the token machinery of
 * interp.c does the same. Algorithm: Cooper, Harvey and Kennedy's
 * iterative dominators on the reversed CFG, with a virtual exit node.
 * The same blocks and the same iteration forward give cse.c its
 * dominators (ir_cfg_build, ir_cfg_doms in ir.h).
 */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

static int is_term(const struct ir_insn *in)
{
	switch (in->op) {
	case IR_BR: case IR_CBR: case IR_RET: case IR_TRAP: case IR_UNREACHABLE:
		return 1;
	default:
		return 0;
	}
}

/* a dropped instruction (IRF_DEAD, left in place by the optimiser) is a
 * NOP to the blocks: it ends none and jumps nowhere */
static int live(const struct ir_insn *in)
{
	return !(in->flags & IRF_DEAD);
}

void ir_cfg_build(const struct ir_func *f, struct ir_cfg *c)
{
	uint32_t n = f->ncode;
	uint8_t *lead = xcalloc(n + 1, 1);
	lead[0] = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (!live(in))
			continue;
		if (in->op == IR_BR || in->op == IR_CBR) {
			if ((uint32_t)in->tgt1 < n)
				lead[in->tgt1] = 1;
			if (in->op == IR_CBR && (uint32_t)in->tgt2 < n)
				lead[in->tgt2] = 1;
		}
		if (is_term(in))
			lead[i + 1] = 1;
	}
	c->n = n;
	c->blk_of = xcalloc(n ? n : 1, sizeof(uint32_t));
	c->first = xcalloc(n + 2, sizeof(uint32_t));
	c->nb = 0;
	for (uint32_t i = 0; i < n; i++) {
		if (lead[i])
			c->first[c->nb++] = i;
		c->blk_of[i] = c->nb - 1;
	}
	c->first[c->nb] = n;
	free(lead);
	c->succ = xcalloc(c->nb + 1, sizeof(*c->succ));
	c->pred = xcalloc(c->nb + 1, sizeof(*c->pred));
	c->succ[c->nb][0] = c->succ[c->nb][1] = UINT32_MAX;
	for (uint32_t b = 0; b < c->nb; b++) {
		uint32_t last = c->first[b + 1] - 1;
		const struct ir_insn *in = &f->code[last];
		uint32_t s0 = UINT32_MAX, s1 = UINT32_MAX;
		switch (live(in) ? in->op : IR_NOP) {
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

void ir_cfg_free(struct ir_cfg *c)
{
	for (uint32_t b = 0; b <= c->nb; b++)
		vec_free(&c->pred[b]);
	free(c->pred);
	free(c->succ);
	free(c->first);
	free(c->blk_of);
	memset(c, 0, sizeof(*c));
}

/* the edges out of node v in the direction of the walk: successors
 * forward, predecessors for post-dominators; *k counts them */
static uint32_t edge_out(const struct ir_cfg *c, int post, uint32_t v, uint32_t k)
{
	if (post)
		return k < c->pred[v].len ? c->pred[v].v[k] : UINT32_MAX - 1;
	return k < 2 ? c->succ[v][k] : UINT32_MAX - 1;
}

/* and into it: the ones the iteration meets */
static uint32_t edge_in(const struct ir_cfg *c, int post, uint32_t v, uint32_t k)
{
	if (!post)
		return k < c->pred[v].len ? c->pred[v].v[k] : UINT32_MAX - 1;
	return k < 2 ? c->succ[v][k] : UINT32_MAX - 1;
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

uint32_t ir_cfg_doms(const struct ir_cfg *c, int post, uint32_t *idom, uint32_t *num)
{
	uint32_t N = c->nb + 1, root = post ? c->nb : 0, cnt = 0, sp = 0;
	uint32_t *order = xmalloc(N * sizeof(uint32_t));
	uint32_t *stk = xmalloc(N * sizeof(uint32_t)), *it = xcalloc(N, sizeof(uint32_t));
	for (uint32_t v = 0; v < N; v++) {
		num[v] = UINT32_MAX;
		idom[v] = UINT32_MAX;
	}
	/* postorder from the root by an explicit stack (num marks the
	 * visited: UINT32_MAX - 1 while on the stack) */
	stk[sp++] = root;
	num[root] = UINT32_MAX - 1;
	while (sp) {
		uint32_t v = stk[sp - 1], e = edge_out(c, post, v, it[v]);
		if (e != UINT32_MAX - 1) {
			it[v]++;
			if (e != UINT32_MAX && num[e] == UINT32_MAX) {
				num[e] = UINT32_MAX - 1;
				stk[sp++] = e;
			}
			continue;
		}
		num[v] = cnt;
		order[cnt++] = v;
		sp--;
	}
	/* Cooper, Harvey and Kennedy's iteration, in reverse postorder */
	idom[root] = root;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t k = cnt; k-- > 0;) {
			uint32_t b = order[k], nd = UINT32_MAX, p;
			if (b == root)
				continue;
			for (uint32_t q = 0; (p = edge_in(c, post, b, q)) != UINT32_MAX - 1; q++) {
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
	free(order);
	free(stk);
	free(it);
	return cnt;
}

int32_t *cfg_ipdom(const struct ir_func *f)
{
	int32_t *res = xmalloc((f->ncode ? f->ncode : 1) * sizeof(int32_t));
	for (uint32_t i = 0; i < f->ncode; i++)
		res[i] = -1;
	if (f->ncode == 0)
		return res;
	struct ir_cfg c;
	ir_cfg_build(f, &c);
	uint32_t *idom = xmalloc((c.nb + 1) * sizeof(uint32_t)), *num = xmalloc((c.nb + 1) * sizeof(uint32_t));
	ir_cfg_doms(&c, 1, idom, num);
	for (uint32_t b = 0; b < c.nb; b++) {
		uint32_t d = idom[b];
		res[c.first[b + 1] - 1] = (d == UINT32_MAX || d == c.nb) ? -1 : (int32_t)c.first[d];
	}
	free(idom);
	free(num);
	ir_cfg_free(&c);
	return res;
}
