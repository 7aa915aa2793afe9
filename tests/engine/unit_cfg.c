/*
 * unit_cfg.c - cfg.c's blocks and dominators (ir_cfg_build, ir_cfg_doms,
 * cfg_ipdom), which the reconvergence tokens (post-dominators) and cse.c
 * (dominators) both rest on. TAP 13.
 *
 * Two hand-made functions with known answers (a diamond in a loop, and
 * code no path reaches), then a few thousand random ones of BR, CBR, RET
 * and NOP (some of them dropped, IRF_DEAD, which the blocks must read as
 * NOPs), each checked against dominance by its definition: d dominates v
 * when every path from the root to v passes d, i.e. v cannot be reached
 * from the root with d taken out. The immediate dominator is the strict
 * dominator that all the others dominate.
 */
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

#define MAXN 40

/* can the walk from root reach v without passing cut (cut may be
 * UINT32_MAX: none)? post: along predecessors */
static int reaches(const struct ir_cfg *c, int post, uint32_t root, uint32_t cut, uint32_t v)
{
	uint32_t N = c->nb + 1, stk[MAXN + 2], sp = 0;
	uint8_t seen[MAXN + 2];
	memset(seen, 0, sizeof(seen));
	if (root == cut)
		return 0;
	stk[sp++] = root;
	seen[root] = 1;
	while (sp) {
		uint32_t u = stk[--sp];
		if (u == v)
			return 1;
		uint32_t nx[MAXN + 2], nn = 0;
		if (post) {
			for (size_t k = 0; k < c->pred[u].len; k++)
				nx[nn++] = c->pred[u].v[k];
		} else {
			for (int k = 0; k < 2; k++)
				if (c->succ[u][k] != UINT32_MAX)
					nx[nn++] = c->succ[u][k];
		}
		for (uint32_t k = 0; k < nn; k++)
			if (nx[k] < N && nx[k] != cut && !seen[nx[k]]) {
				seen[nx[k]] = 1;
				stk[sp++] = nx[k];
			}
	}
	return 0;
}

/* does d dominate v (both reached from the root)? */
static int dominates(const struct ir_cfg *c, int post, uint32_t root, uint32_t d, uint32_t v)
{
	return d == v || !reaches(c, post, root, d, v);
}

/* ir_cfg_doms against the definition; returns the nodes that disagree */
static int check_doms(const struct ir_cfg *c, int post)
{
	uint32_t N = c->nb + 1, root = post ? c->nb : 0, idom[MAXN + 2], num[MAXN + 2];
	uint32_t cnt = ir_cfg_doms(c, post, idom, num), reached = 0;
	int bad = 0;
	for (uint32_t v = 0; v < N; v++) {
		int r = reaches(c, post, root, UINT32_MAX, v);
		reached += (uint32_t)r;
		if (!r) {
			bad += idom[v] != UINT32_MAX || num[v] != UINT32_MAX;
			continue;
		}
		if (v == root) {
			bad += idom[v] != root;
			continue;
		}
		uint32_t i = idom[v];
		if (i >= N || i == v || !dominates(c, post, root, i, v)) {
			bad++;
			continue;
		}
		/* every strict dominator of v dominates i */
		for (uint32_t d = 0; d < N; d++)
			if (d != v && reaches(c, post, root, UINT32_MAX, d) && dominates(c, post, root, d, v) &&
			    !dominates(c, post, root, d, i))
				bad++;
		/* postorder: a node's immediate dominator comes after it */
		bad += num[i] <= num[v];
	}
	return bad + (cnt != reached);
}

static void set(struct ir_insn *code, uint32_t i, unsigned op, int32_t t1, int32_t t2)
{
	memset(&code[i], 0, sizeof(code[i]));
	code[i].op = (uint16_t)op;
	code[i].d = code[i].a = code[i].b = code[i].c = code[i].e = -1;
	code[i].tgt1 = t1;
	code[i].tgt2 = t2;
}

int main(void)
{
	tap_start();
	struct ir_insn code[MAXN];
	struct ir_func f;
	memset(&f, 0, sizeof(f));
	f.code = code;

	/* 0 NOP; 1 CBR @2 @4; 2 NOP; 3 BR @5; 4 NOP; 5 CBR @1 @6; 6 RET
	 * blocks: [0,1] [2,3] [4] [5] [6]: a diamond in a loop */
	f.ncode = 7;
	set(code, 0, IR_NOP, 0, 0);
	set(code, 1, IR_CBR, 2, 4);
	set(code, 2, IR_NOP, 0, 0);
	set(code, 3, IR_BR, 5, 0);
	set(code, 4, IR_NOP, 0, 0);
	set(code, 5, IR_CBR, 0, 6);
	set(code, 6, IR_RET, 0, 0);
	struct ir_cfg c;
	ir_cfg_build(&f, &c);
	ok(c.nb == 5 && c.first[0] == 0 && c.first[1] == 2 && c.first[2] == 4 && c.first[3] == 5 &&
	   c.first[4] == 6 && c.first[5] == 7, "the diamond in a loop has five blocks where they begin");
	uint32_t idom[MAXN + 2], num[MAXN + 2];
	ir_cfg_doms(&c, 0, idom, num);
	ok(idom[0] == 0 && idom[1] == 0 && idom[2] == 0 && idom[3] == 0 && idom[4] == 3,
	   "dominators: the loop head dominates both arms and the join, the join the exit");
	ir_cfg_doms(&c, 1, idom, num);
	ok(idom[5] == 5 && idom[4] == 5 && idom[3] == 4 && idom[1] == 3 && idom[2] == 3 && idom[0] == 3,
	   "post-dominators: the join post-dominates the head and both arms");
	int32_t *ip = cfg_ipdom(&f);
	ok(ip[1] == 5 && ip[5] == 6, "cfg_ipdom: the arms reconverge at 5, the loop's CBR at the RET");
	free(ip);
	ok(check_doms(&c, 0) == 0 && check_doms(&c, 1) == 0, "both agree with the definition");
	ir_cfg_free(&c);

	/* 0 BR @3; 1 NOP; 2 RET (unreachable); 3 CBR @4 @4; 4 RET, and a dropped
	 * BR at 1 that would have made 1-2 a loop */
	f.ncode = 5;
	set(code, 0, IR_BR, 3, 0);
	set(code, 1, IR_BR, 1, 0);
	code[1].flags = IRF_DEAD;
	set(code, 2, IR_RET, 0, 0);
	set(code, 3, IR_CBR, 4, 4);
	set(code, 4, IR_RET, 0, 0);
	ir_cfg_build(&f, &c);
	ir_cfg_doms(&c, 0, idom, num);
	ok(c.nb == 4 && c.blk_of[1] == c.blk_of[2] && c.succ[c.blk_of[1]][0] == c.nb,
	   "a dropped BR is a NOP to the blocks: it neither ends its block nor jumps");
	ok(idom[1] == UINT32_MAX && num[1] == UINT32_MAX && idom[2] == 0 && c.succ[2][1] == UINT32_MAX,
	   "code no path reaches has no dominator; a CBR to one place has one successor");
	ok(check_doms(&c, 0) == 0 && check_doms(&c, 1) == 0, "both agree with the definition");
	ir_cfg_free(&c);

	/* random functions */
	uint32_t seed = 12345;
	int bad = 0, funcs = 0, unreached = 0;
	for (int it = 0; it < 3000; it++) {
		uint32_t n = 1 + (uint32_t)(it % (MAXN - 2));
		for (uint32_t i = 0; i < n; i++) {
			seed = seed * 1103515245u + 12345u;
			uint32_t r = seed >> 8;
			unsigned op = r % 10 < 4 ? IR_NOP : r % 10 < 6 ? IR_BR : r % 10 < 9 ? IR_CBR : IR_RET;
			set(code, i, op, (int32_t)((r >> 4) % (n + 1)), (int32_t)((r >> 12) % (n + 1)));
			if ((r >> 20) % 8 == 0)
				code[i].flags = IRF_DEAD;
		}
		f.ncode = n;
		ir_cfg_build(&f, &c);
		bad += check_doms(&c, 0) + check_doms(&c, 1);
		uint32_t nid[MAXN + 2], nnum[MAXN + 2];
		ir_cfg_doms(&c, 0, nid, nnum);
		for (uint32_t b = 0; b < c.nb; b++)
			unreached += nnum[b] == UINT32_MAX;
		ir_cfg_free(&c);
		funcs++;
	}
	ok(bad == 0, "%d random functions (loops, dropped branches, jumps past the end, %d unreached "
	   "blocks): dominators and post-dominators agree with the definition (%d disagree)",
	   funcs, unreached, bad);
	return tap_end();
}
