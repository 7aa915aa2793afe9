/*
 * cse.c - common subexpressions, constant index offsets and branches to
 * the next instruction, in the device code `warpstep run` and `check`
 * execute (ir_cse in ir.h; ir_optimize_run_func calls it after the
 * unroller). Nothing a session steps runs this.
 *
 * Written-out loops (unroll.c) compute the same address in every pass:
 * reduce_smem's `s[t] += s[t + stride]` recomputed `s + t*4` (CVT, MUL,
 * ADD: one decoded XOP_IDX) and `s + (t + K)*4` (ADD, then an XOP_IDX)
 * in each of its eight passes, and its `if` ended in a BR to the very
 * next instruction. Three rewrites:
 *
 * - Offsets. `y = x + K ; c = CVT.64 y ; m = c * S ; d = base + m` with d
 *   read only as the address of loads and stores becomes `c = CVT.64 x`
 *   and those accesses' immediate offset grows by K*S, where the index's
 *   own type cannot wrap: for a 32-bit index only where the range of x
 *   (thread and lane indices, constants, and what masks, shifts, sums and
 *   conversions of them give) keeps x + K inside the type, since the
 *   conversion extends the wrapped 32-bit value (`s[t - 1]` with an
 *   unsigned t = 0 reads s + 4*(2^32 - 1), not s - 4); for a 64-bit index
 *   always (the address wraps at 64 bits as the index does). The chain
 *   then computes `base + x*S`, which the next rewrite may find computed.
 *
 * - Common subexpressions. A value number per instruction of the pure
 *   ops (ir_op_pure, GADDR, the SREGs of a thread's fixed coordinates):
 *   its op, types and immediate with its operands' numbers, a CONST
 *   operand numbered by its value (decode.c folds each CONST into its
 *   readers, so they stay where they are). Only operands that hold one
 *   value wherever they are read take part: a register written once whose
 *   writer dominates the reader (or a parameter nothing writes). An
 *   instruction j with the number of an instruction i that dominates it
 *   computes what i left in its register: a lane that reaches j passed i
 *   after the last write of every operand (i's operands are written once,
 *   by instructions that dominate i), and nothing else writes i's result.
 *   j's readers then read i's result (each of them dominated by j) and j
 *   goes, with the operands nothing reads any more. Where dropping j would
 *   cost more than it saves, j keeps its place and only lends its number:
 *   the CVT and MUL inside an index (decode.c fuses CVT, MUL and ADD into
 *   one XOP_IDX only while each is read once) and a SETP (fused with its
 *   CBR); so is i when a second reader would undo its fusion.
 *
 * - A BR whose target is the next instruction left goes: the lanes fall
 *   through to the same instruction. A token's reconvergence pc is an
 *   instruction (cfg_ipdom's post-dominator of the CBR), not the BR, and
 *   the group stops there however it arrives.
 *
 * Lines: nothing moves, and what stays keeps its span; an instruction that
 * begins a statement is never dropped. Registers stay (regalloc.c gives
 * the longer-lived results their rows). WS_NO_CSE=1 turns the pass off.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "util.h"

#define CSE_MAX_CODE 20000  /* longer functions are left alone */
#define RANGE_DEPTH 8       /* definitions followed for an index's range */

struct cx {
	struct ir_func *f;
	uint32_t n, nr;
	uint8_t *named;     /* per register: a variable or a parameter */
	uint8_t *param;
	uint32_t *ndef, *nuse;
	int32_t *def;       /* the writer when ndef == 1 (parameters: -1) */
	struct ir_cfg cfg;  /* the blocks (cfg.c) */
	uint32_t *blk;      /* per instruction: its block (cfg's) */
	uint32_t nb;
	uint32_t *bfirst;   /* per block: its first instruction (cfg's) */
	int32_t *idom;      /* per block: immediate dominator, -1 for the entry or unreachable */
	uint32_t *rpo;      /* per block: its place in reverse postorder (UINT32_MAX: unreachable) */
	int32_t *vn;        /* per register: the register holding its value number */
	/* per register: the instructions that read it, a list through rd
	 * (rhead, rtail: -1 when empty). An entry may be stale (the reader
	 * dropped, or its operand renamed) and a reader may appear twice: each
	 * walk tests the instruction itself, once (stamp) */
	int32_t *rhead, *rtail;
	struct { uint32_t insn; int32_t next; } *rd;
	uint32_t nrd, caprd;
	uint32_t *stamp, now; /* per instruction: the walk that last met it */
};

/* add instruction i to the readers of r */
static void reader_add(struct cx *x, int32_t r, uint32_t i)
{
	if (x->rtail[r] >= 0 && x->rd[x->rtail[r]].insn == i)
		return; /* read twice by i */
	if (x->nrd == x->caprd) {
		x->caprd = x->caprd ? 2 * x->caprd : 64;
		x->rd = xrealloc(x->rd, x->caprd * sizeof(*x->rd));
	}
	x->rd[x->nrd].insn = i;
	x->rd[x->nrd].next = -1;
	if (x->rtail[r] >= 0)
		x->rd[x->rtail[r]].next = (int32_t)x->nrd;
	else
		x->rhead[r] = (int32_t)x->nrd;
	x->rtail[r] = (int32_t)x->nrd++;
}

/* the readers of from become readers of to (rename_reads) */
static void readers_move(struct cx *x, int32_t from, int32_t to)
{
	if (x->rhead[from] < 0)
		return;
	if (x->rtail[to] >= 0)
		x->rd[x->rtail[to]].next = x->rhead[from];
	else
		x->rhead[to] = x->rhead[from];
	x->rtail[to] = x->rtail[from];
	x->rhead[from] = x->rtail[from] = -1;
}

/* each live instruction on r's list once: for (READERS(x, r, e, i)) */
#define READERS(x, r, e, i) \
	int32_t e = ((x)->now++, (x)->rhead[r]); e >= 0; e = (x)->rd[e].next) \
		if ((i = (x)->rd[e].insn, (x)->stamp[i] != (x)->now) && ((x)->stamp[i] = (x)->now, !dead(&(x)->f->code[i]))

static int dead(const struct ir_insn *in)
{
	return (in->flags & IRF_DEAD) != 0;
}

static void kill(struct ir_insn *in)
{
	in->op = IR_NOP;
	in->flags |= IRF_DEAD;
	in->d = in->a = in->b = in->c = in->e = -1;
}

static void cx_count(struct cx *x)
{
	struct ir_func *f = x->f;
	memset(x->ndef, 0, x->nr * sizeof(uint32_t));
	memset(x->nuse, 0, x->nr * sizeof(uint32_t));
	for (uint32_t r = 0; r < x->nr; r++)
		x->def[r] = -1;
	for (uint32_t r = 0; r < f->nparams && r < x->nr; r++)
		x->ndef[r] = 1;
	for (uint32_t i = 0; i < x->n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (dead(in))
			continue;
		IR_EACH_WRITE(in, r, { x->ndef[r]++; x->def[r] = (int32_t)i; });
		IR_EACH_READ(in, r, { x->nuse[r]++; reader_add(x, r, i); });
	}
}

/* blocks, reverse postorder and immediate dominators (cfg.c's, forward):
 * dropped instructions fall through as in the decoded code */
static void cx_blocks(struct cx *x)
{
	ir_cfg_build(x->f, &x->cfg);
	uint32_t N = x->cfg.nb + 1;
	uint32_t *id = xmalloc(N * sizeof(uint32_t)), *num = xmalloc(N * sizeof(uint32_t));
	uint32_t cnt = ir_cfg_doms(&x->cfg, 0, id, num);
	x->nb = x->cfg.nb;
	x->blk = x->cfg.blk_of;
	x->bfirst = x->cfg.first;
	for (uint32_t b = 0; b < x->nb; b++) {
		x->rpo[b] = num[b] == UINT32_MAX ? UINT32_MAX : cnt - 1 - num[b];
		x->idom[b] = b == 0 || id[b] == UINT32_MAX ? -1 : (int32_t)id[b];
	}
	free(id);
	free(num);
}

/* does instruction d dominate instruction u (every path from the entry to
 * u passes d)? Unreachable code is dominated by nothing. */
static int dom(const struct cx *x, uint32_t d, uint32_t u)
{
	uint32_t bd = x->blk[d], bu = x->blk[u];
	if (x->rpo[bu] == UINT32_MAX || x->rpo[bd] == UINT32_MAX)
		return 0;
	if (bd == bu)
		return d < u;
	for (int32_t b = x->idom[bu]; b >= 0; b = x->idom[b])
		if ((uint32_t)b == bd)
			return 1;
	return 0;
}

/* r holds one value wherever instruction at reads it: a parameter nothing
 * writes, or a register written once, by an instruction dominating at */
static int stable(const struct cx *x, int32_t r, uint32_t at)
{
	if (r < 0 || (uint32_t)r >= x->nr || x->ndef[r] != 1)
		return 0;
	if (x->param[r])
		return 1;
	return x->def[r] >= 0 && dom(x, (uint32_t)x->def[r], at);
}

static int temp(const struct cx *x, int32_t r)
{
	return r >= 0 && (uint32_t)r < x->nr && !x->named[r] && x->ndef[r] == 1 && x->def[r] >= 0;
}

/* the CONST defining r (once, dominating at), else NULL */
static const struct ir_insn *const_at(const struct cx *x, int32_t r, uint32_t at)
{
	if (!stable(x, r, at) || x->def[r] < 0)
		return NULL;
	const struct ir_insn *k = &x->f->code[x->def[r]];
	return k->op == IR_CONST ? k : NULL;
}

static int is_int32(unsigned t)
{
	return t == IR_S8 || t == IR_U8 || t == IR_S16 || t == IR_U16 || t == IR_S32 || t == IR_U32;
}

static int is_signed_int(unsigned t)
{
	return t == IR_S8 || t == IR_S16 || t == IR_S32 || t == IR_S64;
}

static void type_range(unsigned t, int64_t *lo, int64_t *hi)
{
	unsigned bits = ir_type_size(t) * 8;
	if (is_signed_int(t)) {
		*lo = -((int64_t)1 << (bits - 1));
		*hi = ((int64_t)1 << (bits - 1)) - 1;
	} else {
		*lo = 0;
		*hi = (int64_t)(((uint64_t)1 << bits) - 1);
	}
}

/* a register-form value of type t (at most 32 bits) as the integer it is */
static int64_t as_int(uint64_t v, unsigned t)
{
	return (int64_t)ir_norm(v, t); /* sign- or zero-extended by its type */
}

static int fits(int64_t lo, int64_t hi, unsigned t)
{
	int64_t tl, th;
	type_range(t, &tl, &th);
	return lo >= tl && hi <= th && lo <= hi;
}

/* the values register r (of a 32-bit or narrower integer type) may hold
 * where instruction at reads it, as integers of its type: 1 and [lo, hi]
 * when its writer says (every writer followed dominates its reader) */
static int range_of(const struct cx *x, int32_t r, uint32_t at, int64_t *lo, int64_t *hi, int depth)
{
	const struct ir_func *f = x->f;
	if (depth > RANGE_DEPTH || !stable(x, r, at) || x->param[r] || !is_int32(f->reg_ty[r]))
		return 0;
	uint32_t di = (uint32_t)x->def[r];
	const struct ir_insn *in = &f->code[di];
	unsigned t = in->t;
	if (t != f->reg_ty[r])
		return 0;
	int64_t l1, h1, l2, h2;
	const struct ir_insn *k;
	switch (in->op) {
	case IR_CONST:
		*lo = *hi = as_int((uint64_t)in->imm, t);
		return 1;
	case IR_SREG:
		switch (in->imm) {
		case SREG_TID_X: case SREG_TID_Y: *lo = 0; *hi = 1023; break;
		case SREG_TID_Z: *lo = 0; *hi = 63; break;
		case SREG_NTID_X: case SREG_NTID_Y: *lo = 1; *hi = 1024; break;
		case SREG_NTID_Z: *lo = 1; *hi = 64; break;
		case SREG_LANEID: *lo = 0; *hi = 31; break;
		default: return 0;
		}
		return fits(*lo, *hi, t);
	case IR_MOV:
		return in->a >= 0 && f->reg_ty[in->a] == t && range_of(x, in->a, di, lo, hi, depth + 1);
	case IR_CVT:
		if (in->a < 0 || f->reg_ty[in->a] != in->t2 || !is_int32(in->t2) ||
		    !range_of(x, in->a, di, &l1, &h1, depth + 1) || !fits(l1, h1, t))
			return 0;
		*lo = l1;
		*hi = h1;
		return 1;
	case IR_AND:
		/* with a constant that is not negative: from 0 to it */
		k = const_at(x, in->b, di);
		if (!k)
			k = const_at(x, in->a, di);
		if (!k || as_int((uint64_t)k->imm, t) < 0)
			return 0;
		*lo = 0;
		*hi = as_int((uint64_t)k->imm, t);
		return 1;
	case IR_ADD:
		if (in->a < 0 || in->b < 0 || f->reg_ty[in->a] != t || f->reg_ty[in->b] != t ||
		    !range_of(x, in->a, di, &l1, &h1, depth + 1) ||
		    !range_of(x, in->b, di, &l2, &h2, depth + 1) || !fits(l1 + l2, h1 + h2, t))
			return 0;
		*lo = l1 + l2;
		*hi = h1 + h2;
		return 1;
	case IR_SUB:
		if (in->a < 0 || in->b < 0 || in->a == in->b || f->reg_ty[in->a] != t || f->reg_ty[in->b] != t ||
		    !range_of(x, in->a, di, &l1, &h1, depth + 1) ||
		    !range_of(x, in->b, di, &l2, &h2, depth + 1) || !fits(l1 - h2, h1 - l2, t))
			return 0;
		*lo = l1 - h2;
		*hi = h1 - l2;
		return 1;
	case IR_SHR:
		k = const_at(x, in->b, di);
		if (!k || in->a < 0 || f->reg_ty[in->a] != t ||
		    !range_of(x, in->a, di, &l1, &h1, depth + 1) || l1 < 0)
			return 0;
		{
			uint64_t s = ir_norm((uint64_t)k->imm, k->t);
			if (s >= 32)
				return 0;
			*lo = l1 >> s;
			*hi = h1 >> s;
		}
		return 1;
	default:
		return 0;
	}
}

/* every read of d (written by instruction w): the address of a LD, or of
 * a ST that does not store d, dominated by w */
static int address_only(struct cx *x, int32_t d, uint32_t w)
{
	uint32_t left = x->nuse[d], i;
	for (READERS(x, d, e, i)) {
		if (!left)
			break;
		const struct ir_insn *q = &x->f->code[i];
		int rd = 0;
		IR_EACH_READ(q, r, rd += r == d);
		if (!rd)
			continue;
		if (!((q->op == IR_LD && q->a == d && rd == 1) ||
		      (q->op == IR_ST && q->a == d && q->b != d && rd == 1)) || !dom(x, w, i))
			return 0;
		left--;
	}
	return left == 0;
}

static void drop_use(struct cx *x, int32_t r, int32_t *work, uint32_t *nw);

/* `y = x + K ; c = CVT.64 y ; m = c * S ; d = base + m` (or m = y * S with
 * a 64-bit y), d an address only: the accesses take K*S */
static int fold_index(struct cx *x, uint32_t i, int32_t *work, uint32_t *nw)
{
	struct ir_func *f = x->f;
	struct ir_insn *ad = &f->code[i];
	if (dead(ad) || ad->op != IR_ADD || (ad->t != IR_PTR && ad->t != IR_U64 && ad->t != IR_S64) ||
	    !temp(x, ad->d) || ad->a < 0 || ad->b < 0 || ad->a == ad->b || ad->d == ad->a || ad->d == ad->b)
		return 0;
	for (int side = 0; side < 2; side++) {
		int32_t mr = side ? ad->a : ad->b;
		if (!temp(x, mr) || x->nuse[mr] != 1 || !dom(x, (uint32_t)x->def[mr], i))
			continue;
		uint32_t mi = (uint32_t)x->def[mr];
		struct ir_insn *mu = &f->code[mi];
		if (mu->op != IR_MUL || (mu->t != IR_S64 && mu->t != IR_U64) || mu->a == mu->b)
			continue;
		const struct ir_insn *sk = const_at(x, mu->b, mi);
		int32_t cr = mu->a;
		if (!sk) {
			sk = const_at(x, mu->a, mi);
			cr = mu->b;
		}
		if (!sk || cr < 0 || !temp(x, cr) || !dom(x, (uint32_t)x->def[cr], mi))
			continue;
		uint64_t scale = ir_norm((uint64_t)sk->imm, sk->t);
		/* the reader of y: the CVT feeding the MUL, or the MUL itself */
		struct ir_insn *rd;
		uint32_t ri;
		int32_t yr;
		unsigned yt;
		struct ir_insn *cv = &f->code[x->def[cr]];
		if (cv->op == IR_CVT && (cv->t == IR_S64 || cv->t == IR_U64) &&
		    (cv->t2 == IR_S32 || cv->t2 == IR_U32) && x->nuse[cr] == 1) {
			rd = cv;
			ri = (uint32_t)x->def[cr];
			yr = cv->a;
			yt = cv->t2;
		} else if (f->reg_ty[cr] == IR_S64 || f->reg_ty[cr] == IR_U64) {
			rd = mu;
			ri = mi;
			yr = cr;
			yt = f->reg_ty[cr];
		} else {
			continue;
		}
		if (yr < 0 || (uint32_t)yr >= x->nr || x->param[yr] || x->ndef[yr] != 1 || x->def[yr] < 0 ||
		    f->reg_ty[yr] != yt || !dom(x, (uint32_t)x->def[yr], ri))
			continue;
		uint32_t yi = (uint32_t)x->def[yr];
		const struct ir_insn *ya = &f->code[yi];
		if ((ya->op != IR_ADD && ya->op != IR_SUB) || ya->t != yt || ya->a < 0 || ya->b < 0 ||
		    ya->a == ya->b)
			continue;
		const struct ir_insn *kk = const_at(x, ya->b, yi);
		int32_t xr = ya->a;
		if (!kk && ya->op == IR_ADD) {
			kk = const_at(x, ya->a, yi);
			xr = ya->b;
		}
		if (!kk || xr == yr || !stable(x, xr, yi) || f->reg_ty[xr] != yt)
			continue;
		uint64_t delta;
		if (yt == IR_S32 || yt == IR_U32) {
			int64_t lo, hi, kv = as_int((uint64_t)kk->imm, yt);
			if (ya->op == IR_SUB)
				kv = -kv;
			if (!range_of(x, xr, yi, &lo, &hi, 0) || !fits(lo + kv, hi + kv, yt))
				continue;
			delta = (uint64_t)kv;
		} else {
			uint64_t kv = ir_norm((uint64_t)kk->imm, yt);
			delta = ya->op == IR_SUB ? (uint64_t)0 - kv : kv;
		}
		uint64_t off = delta * scale;
		if (!address_only(x, ad->d, i))
			continue;
		/* x read at the reader: its writer dominates y's, which dominates the reader */
		if (rd->a == yr)
			rd->a = xr;
		else
			rd->b = xr;
		x->nuse[xr]++;
		reader_add(x, xr, ri);
		uint32_t u;
		for (READERS(x, ad->d, e, u)) {
			struct ir_insn *q = &f->code[u];
			if ((q->op == IR_LD || q->op == IR_ST) && q->a == ad->d)
				q->imm = (int64_t)((uint64_t)q->imm + off);
		}
		drop_use(x, yr, work, nw);
		return 1;
	}
	return 0;
}

/* r lost a reader: if nothing reads it now and a pure instruction made it
 * for nothing else, that instruction goes (and so on up its operands) */
static void drop_use(struct cx *x, int32_t r, int32_t *work, uint32_t *nw)
{
	if (r < 0 || (uint32_t)r >= x->nr)
		return;
	x->nuse[r]--;
	work[(*nw)++] = r;
	while (*nw) {
		int32_t q = work[--*nw];
		if (x->nuse[q] || !temp(x, q))
			continue;
		struct ir_insn *in = &x->f->code[x->def[q]];
		if (!(ir_op_pure(in->op) || in->op == IR_GADDR) || (in->flags & IRF_STMT_START) || in->d != q ||
		    in->nargs)
			continue;
		int32_t ops[4] = { in->a, in->b, in->c, in->e };
		kill(in);
		x->ndef[q] = 0;
		x->def[q] = -1;
		for (int k = 0; k < 4; k++)
			if (ops[k] >= 0 && (uint32_t)ops[k] < x->nr) {
				x->nuse[ops[k]]--;
				work[(*nw)++] = ops[k];
			}
	}
}

/* ---- value numbers */

struct vkey {
	uint16_t op;
	uint8_t t, t2, sub, sp;
	uint8_t kind[4];   /* 0 none, 1 a value number, 2 a constant */
	uint8_t ct[4];     /* a constant's type (its value alone names no type) */
	int64_t imm;
	int64_t v[4];
};

static int op_numbered(const struct ir_insn *in)
{
	if (in->nargs || in->d < 0)
		return 0;
	switch (in->op) {
	case IR_CONST:
		return 0; /* an operand's value instead */
	case IR_GADDR:
		return 1;
	case IR_SREG:
		switch (in->imm) {
		case SREG_TID_X: case SREG_TID_Y: case SREG_TID_Z: case SREG_NTID_X: case SREG_NTID_Y:
		case SREG_NTID_Z: case SREG_CTAID_X: case SREG_CTAID_Y: case SREG_CTAID_Z:
		case SREG_NCTAID_X: case SREG_NCTAID_Y: case SREG_NCTAID_Z: case SREG_LANEID:
		case SREG_WARPSIZE:
			return 1;
		default:
			return 0;
		}
	default:
		return ir_op_pure(in->op);
	}
}

/* the key of instruction i, 0 when an operand is not one value wherever read */
static int make_key(const struct cx *x, uint32_t i, struct vkey *k)
{
	const struct ir_insn *in = &x->f->code[i];
	memset(k, 0, sizeof(*k));
	k->op = in->op;
	k->t = in->t;
	k->t2 = in->t2;
	k->sub = in->sub;
	k->sp = in->sp;
	k->imm = in->imm;
	int32_t ops[4] = { in->a, in->b, in->c, in->e };
	for (int q = 0; q < 4; q++) {
		int32_t r = ops[q];
		if (r < 0)
			continue;
		if (!stable(x, r, i))
			return 0;
		const struct ir_insn *c = const_at(x, r, i);
		if (c) {
			k->kind[q] = 2;
			k->v[q] = (int64_t)ir_norm((uint64_t)c->imm, c->t);
			k->ct[q] = (uint8_t)c->t;
			if (c->t != x->f->reg_ty[r])
				return 0;
		} else {
			k->kind[q] = 1;
			k->v[q] = x->vn[r];
		}
	}
	if (ir_op_commutes(in->op) &&
	    (k->kind[0] > k->kind[1] ||
	     (k->kind[0] == k->kind[1] && (k->v[0] > k->v[1] || (k->v[0] == k->v[1] && k->ct[0] > k->ct[1]))))) {
		uint8_t tk = k->kind[0], tc = k->ct[0];
		int64_t tv = k->v[0];
		k->kind[0] = k->kind[1];
		k->v[0] = k->v[1];
		k->ct[0] = k->ct[1];
		k->kind[1] = tk;
		k->v[1] = tv;
		k->ct[1] = tc;
	}
	return 1;
}

static uint64_t key_hash(const struct vkey *k)
{
	uint64_t h = 1469598103934665603ull;
	h = (h ^ k->op) * 1099511628211ull;
	h = (h ^ ((uint64_t)k->t << 8 | k->t2 | (uint64_t)k->sub << 16 | (uint64_t)k->sp << 24)) * 1099511628211ull;
	h = (h ^ (uint64_t)k->imm) * 1099511628211ull;
	for (int q = 0; q < 4; q++)
		h = (h ^ ((uint64_t)k->v[q] + k->kind[q] + ((uint64_t)k->ct[q] << 56))) * 1099511628211ull;
	return h ^ (h >> 29);
}

static int key_eq(const struct vkey *a, const struct vkey *b)
{
	if (a->op != b->op || a->t != b->t || a->t2 != b->t2 || a->sub != b->sub || a->sp != b->sp ||
	    a->imm != b->imm)
		return 0;
	for (int q = 0; q < 4; q++)
		if (a->kind[q] != b->kind[q] || a->v[q] != b->v[q] || a->ct[q] != b->ct[q])
			return 0;
	return 1;
}

/* an instruction decode.c fuses with its one reader while it has one */
static int fused_inner(const struct cx *x, const struct ir_insn *in)
{
	if (in->op == IR_SETP)
		return 1;
	if ((in->op == IR_CVT || in->op == IR_MUL) && (in->t == IR_S64 || in->t == IR_U64))
		return 1;
	(void)x;
	return 0;
}

/* replace every read of register from by to; 0 (and nothing changed) when
 * some read is not dominated by instruction j */
static int rename_reads(struct cx *x, int32_t from, int32_t to, uint32_t j)
{
	struct ir_func *f = x->f;
	uint32_t u;
	for (READERS(x, from, e, u)) {
		const struct ir_insn *q = &f->code[u];
		int rd = 0;
		IR_EACH_READ(q, r, rd |= r == from);
		if (rd && !dom(x, j, u))
			return 0;
	}
	for (READERS(x, from, e, u)) {
		struct ir_insn *q = &f->code[u];
		if (q->a == from)
			q->a = to, x->nuse[to]++;
		if (q->b == from)
			q->b = to, x->nuse[to]++;
		if (q->c == from)
			q->c = to, x->nuse[to]++;
		if (q->e == from && q->op != IR_MATCH)
			q->e = to, x->nuse[to]++;
		for (uint32_t k = 0; q->args && k < q->nargs; k++)
			if (q->args[k] == from)
				q->args[k] = to, x->nuse[to]++;
	}
	readers_move(x, from, to);
	x->nuse[from] = 0;
	return 1;
}

struct ventry {
	struct vkey k;
	uint32_t insn;
	int32_t next;
};

int ir_cse(struct ir_func *f)
{
	if (!f || !f->ncode || !f->code || !f->nregs || !f->reg_ty || f->ncode > CSE_MAX_CODE ||
	    (f->kind & FN_HOST) || util_env_on("WS_NO_CSE"))
		return 0;
	struct cx x;
	memset(&x, 0, sizeof(x));
	x.f = f;
	x.n = f->ncode;
	x.nr = f->nregs;
	x.named = xcalloc(x.nr, 1);
	x.param = xcalloc(x.nr, 1);
	x.ndef = xcalloc(x.nr, sizeof(uint32_t));
	x.nuse = xcalloc(x.nr, sizeof(uint32_t));
	x.def = xmalloc(x.nr * sizeof(int32_t));
	x.vn = xmalloc(x.nr * sizeof(int32_t));
	x.rhead = xmalloc(x.nr * sizeof(int32_t));
	x.rtail = xmalloc(x.nr * sizeof(int32_t));
	for (uint32_t r = 0; r < x.nr; r++)
		x.rhead[r] = x.rtail[r] = -1;
	x.stamp = xcalloc(x.n + 1, sizeof(uint32_t));
	x.idom = xmalloc((x.n + 1) * sizeof(int32_t));
	x.rpo = xmalloc((x.n + 1) * sizeof(uint32_t));
	for (uint32_t r = 0; r < f->nparams && r < x.nr; r++)
		x.named[r] = x.param[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < x.nr)
			x.named[f->vars[k].reg] = 1;
	for (uint32_t r = 0; r < x.nr; r++)
		x.vn[r] = (int32_t)r;
	int32_t *work = xmalloc((4 * (size_t)x.n + x.nr + 8) * sizeof(int32_t));
	uint32_t nw = 0;
	int changed = 0;
	cx_count(&x);
	cx_blocks(&x);

	/* again while it folds: `t + 3 - 1` is two constants */
	for (uint32_t i = 0; i < x.n; i++)
		while (fold_index(&x, i, work, &nw))
			changed++;

	/* value numbers, blocks in reverse postorder: an operand's writer
	 * (dominating its reader) comes first */
	uint32_t *order = xmalloc((x.nb + 1) * sizeof(uint32_t));
	uint32_t nord = 0;
	for (uint32_t b = 0; b <= x.nb; b++)
		order[b] = UINT32_MAX;
	for (uint32_t b = 0; b < x.nb; b++)
		if (x.rpo[b] != UINT32_MAX)
			order[x.rpo[b]] = b;
	for (uint32_t o = 0; o <= x.nb; o++)
		if (order[o] != UINT32_MAX)
			order[nord++] = order[o]; /* the exit's place, if reached, left out */
	uint32_t nbk = 16;
	while (nbk < 2 * x.n)
		nbk <<= 1;
	int32_t *bucket = xmalloc(nbk * sizeof(int32_t));
	for (uint32_t h = 0; h < nbk; h++)
		bucket[h] = -1;
	struct ventry *ent = xmalloc((x.n + 1) * sizeof(*ent));
	uint32_t nent = 0;
	for (uint32_t o = 0; o < nord; o++) {
		uint32_t b = order[o], end = b + 1 < x.nb ? x.bfirst[b + 1] : x.n;
		for (uint32_t j = x.bfirst[b]; j < end; j++) {
			struct ir_insn *in = &f->code[j];
			if (dead(in))
				continue;
			int32_t d = in->d;
			if (in->op == IR_MOV && d >= 0 && in->a >= 0 && in->a != d && x.ndef[d] == 1 &&
			    f->reg_ty[d] == in->t && f->reg_ty[in->a] == in->t && stable(&x, in->a, j)) {
				/* a copy of one value is that value */
				int32_t s = in->a;
				x.vn[d] = x.vn[s];
				if (temp(&x, d) && !(in->flags & IRF_STMT_START) && rename_reads(&x, d, s, j)) {
					kill(in);
					x.ndef[d] = 0;
					x.def[d] = -1;
					drop_use(&x, s, work, &nw);
					changed++;
				}
				continue;
			}
			if (!op_numbered(in) || x.ndef[d] != 1 || in->op == IR_MOV)
				continue;
			struct vkey k;
			if (!make_key(&x, j, &k))
				continue;
			uint32_t h = (uint32_t)key_hash(&k) & (nbk - 1);
			int32_t rep = -1;
			for (int32_t e = bucket[h]; e >= 0; e = ent[e].next)
				if (key_eq(&ent[e].k, &k) && dom(&x, ent[e].insn, j)) {
					rep = e;
					break;
				}
			if (rep < 0) {
				ent[nent].k = k;
				ent[nent].insn = j;
				ent[nent].next = bucket[h];
				bucket[h] = (int32_t)nent++;
				continue;
			}
			const struct ir_insn *ri = &f->code[ent[rep].insn];
			int32_t rd = ri->d;
			if (rd < 0 || f->reg_ty[rd] != f->reg_ty[d])
				continue;
			x.vn[d] = x.vn[rd];
			/* keep j where dropping it would undo a fusion of j's or i's */
			if ((fused_inner(&x, in) && x.nuse[d] <= 1) || (fused_inner(&x, ri) && x.nuse[rd] <= 1))
				continue;
			if (!temp(&x, d) || (in->flags & IRF_STMT_START) || !rename_reads(&x, d, rd, j))
				continue;
			int32_t ops[4] = { in->a, in->b, in->c, in->e };
			kill(in);
			x.ndef[d] = 0;
			x.def[d] = -1;
			for (int q = 0; q < 4; q++)
				if (ops[q] >= 0)
					drop_use(&x, ops[q], work, &nw);
			changed++;
		}
	}

	/* a BR to the next instruction left */
	for (uint32_t i = 0; i < x.n; i++) {
		struct ir_insn *in = &f->code[i];
		if (dead(in) || in->op != IR_BR || (in->flags & IRF_STMT_START) || (uint32_t)in->tgt1 <= i)
			continue;
		uint32_t j = i + 1;
		while (j < (uint32_t)in->tgt1 && dead(&f->code[j]))
			j++;
		if (j != (uint32_t)in->tgt1)
			continue;
		kill(in);
		changed++;
	}

	free(order);
	free(bucket);
	free(ent);
	free(work);
	free(x.named);
	free(x.param);
	free(x.ndef);
	free(x.nuse);
	free(x.def);
	free(x.vn);
	free(x.rhead);
	free(x.rtail);
	free(x.rd);
	free(x.stamp);
	free(x.idom);
	free(x.rpo);
	ir_cfg_free(&x.cfg);
	return changed;
}
