/*
 * decode.c - turn a function's IR into the form the interpreter runs.
 *
 * The front end's IR is straightforward and verbose (a temporary per
 * subexpression, copies of every variable before use, constants in
 * registers). Decoding, once per function, does a few safe local
 * rewrites inside basic blocks and drops the instructions they make dead:
 * - copy propagation: a temporary defined once by MOV from a register that
 *   is not redefined before the temporary's last use is replaced by it;
 * - constant operands: a temporary defined once by CONST and used as the
 *   second operand of an ALU op or SETP becomes a constant-pool operand
 *   (DF_KB); commutative ops take a constant first operand too;
 * - indexing: CVT(int -> 64) ; MUL by a constant ; ADD.ptr becomes one
 *   XOP_IDX "d = a + ext(b) * imm".
 * Registers that hold source variables (ir_var VLOC_REG) are never
 * removed, so the debugger still finds every variable. Each decoded
 * instruction remembers its IR index (orig) and branch targets are
 * remapped, so positions shown to the user are the IR's.
 */
#include "simt.h"

#include <stdlib.h>
#include <string.h>
#include "builtin.h"

#define DECODE_DEVICE_SUPER 0

static struct dfunc *decode_ok(const struct ir_func *fn, int fuse);

struct dctx {
	const struct ir_func *fn;
	struct ir_insn *c;       /* working copy, same indices as the IR */
	uint32_t n;
	uint8_t *dead;
	uint8_t *named;          /* register holds a source variable */
	uint32_t *ndef, *nuse;
	uint32_t *blk;           /* basic block of each instruction */
	VEC(uint64_t) pool;      /* constant values */
};

static int is_leader_op(unsigned op)
{
	return op == IR_BR || op == IR_CBR || op == IR_RET || op == IR_TRAP || op == IR_UNREACHABLE;
}

/* registers read by an instruction (up to 5 + args) */
static int uses(const struct ir_insn *in, int32_t *out, int max)
{
	int n = 0;
	int32_t r[5] = { in->a, in->b, in->c, in->e, -1 };
	for (int i = 0; i < 4; i++) {
		if (r[i] < 0)
			continue;
		if (i == 1 && (in->flags & DF_KB))
			continue;
		if (i == 3 && in->op == IR_MATCH)
			continue;
		if (n < max)
			out[n++] = r[i];
	}
	for (uint32_t k = 0; k < in->nargs && in->args; k++)
		if (n < max)
			out[n++] = in->args[k];
	return n;
}

static void count(struct dctx *x)
{
	uint32_t nr = x->fn->nregs;
	memset(x->ndef, 0, nr * sizeof(uint32_t));
	memset(x->nuse, 0, nr * sizeof(uint32_t));
	for (uint32_t i = 0; i < x->fn->nparams && i < nr; i++)
		x->ndef[i]++;
	for (uint32_t i = 0; i < x->n; i++) {
		if (x->dead[i])
			continue;
		int32_t r[64];
		int k = ir_insn_writes(&x->c[i], r);
		for (int j = 0; j < k; j++)
			if ((uint32_t)r[j] < nr)
				x->ndef[r[j]]++;
		k = uses(&x->c[i], r, 64);
		for (int j = 0; j < k; j++)
			if ((uint32_t)r[j] < nr)
				x->nuse[r[j]]++;
	}
}

static void blocks(struct dctx *x)
{
	uint8_t *lead = xcalloc(x->n + 1, 1);
	lead[0] = 1;
	for (uint32_t i = 0; i < x->n; i++) {
		const struct ir_insn *in = &x->c[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			if ((uint32_t)in->tgt1 < x->n)
				lead[in->tgt1] = 1;
			if (in->op == IR_CBR && (uint32_t)in->tgt2 < x->n)
				lead[in->tgt2] = 1;
		}
		if (is_leader_op(in->op) || in->op == IR_CALL || in->op == IR_ICALL)
			lead[i + 1] = 1;
	}
	uint32_t b = 0;
	for (uint32_t i = 0; i < x->n; i++) {
		if (lead[i] && i)
			b++;
		x->blk[i] = b;
	}
	free(lead);
}

/* replace register `from` by `to` in uses of instruction in */
static void subst(struct ir_insn *in, int32_t from, int32_t to)
{
	if (in->a == from)
		in->a = to;
	if (in->b == from && !(in->flags & DF_KB))
		in->b = to;
	if (in->c == from)
		in->c = to;
	if (in->e == from && !(in->op == IR_MATCH))
		in->e = to;
	for (uint32_t k = 0; k < in->nargs && in->args; k++)
		if (in->args[k] == from)
			in->args[k] = to;
}

static int reads(const struct ir_insn *in, int32_t r)
{
	int32_t u[64];
	int n = uses(in, u, 64);
	for (int i = 0; i < n; i++)
		if (u[i] == r)
			return 1;
	return 0;
}

static int writes(const struct ir_insn *in, int32_t r)
{
	int32_t d[2];
	int n = ir_insn_writes(in, d);
	for (int i = 0; i < n; i++)
		if (d[i] == r)
			return 1;
	return 0;
}

static int temp(const struct dctx *x, int32_t r)
{
	return r >= 0 && (uint32_t)r < x->fn->nregs && !x->named[r] && x->ndef[r] == 1;
}

/* copy propagation within a block */
static void copyprop(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *mv = &x->c[i];
		if (x->dead[i] || mv->op != IR_MOV || !temp(x, mv->d) || mv->a < 0 || mv->a == mv->d)
			continue;
		int32_t t = mv->d, s = mv->a;
		uint32_t left = x->nuse[t], j;
		/* all uses must follow in the block, before any redefinition of s */
		for (j = i + 1; j < x->n && left && x->blk[j] == x->blk[i]; j++) {
			if (x->dead[j])
				continue;
			if (reads(&x->c[j], t))
				left--;
			if (left && writes(&x->c[j], s))
				break;
		}
		if (left)
			continue;
		for (uint32_t k = i + 1; k < j; k++)
			if (!x->dead[k])
				subst(&x->c[k], t, s);
		x->dead[i] = 1;
		x->nuse[s] += x->nuse[t] ? x->nuse[t] - 1 : 0;
	}
}

/* a CONST's value in register form (ir.def: extended per its type) */

static int32_t pool_add(struct dctx *x, uint64_t v)
{
	for (size_t i = 0; i < x->pool.len; i++)
		if (x->pool.v[i] == v)
			return (int32_t)i;
	vec_push(&x->pool, v);
	return (int32_t)x->pool.len - 1;
}

/* Whether the first block runs once, before every other: no branch goes
 * back to it. A specialised kernel's copy (ir_specialize) has its blockDim
 * and gridDim there, as CONSTs that dominate every reader. */
static int entry_once(const struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		const struct ir_insn *in = &x->c[i];
		if (x->dead[i] || (in->op != IR_BR && in->op != IR_CBR))
			continue;
		if ((uint32_t)in->tgt1 < x->n && x->blk[in->tgt1] == x->blk[0])
			return 0;
		if (in->op == IR_CBR && (uint32_t)in->tgt2 < x->n && x->blk[in->tgt2] == x->blk[0])
			return 0;
	}
	return 1;
}

/* constants into the second operand: readers in the CONST's block, and
 * in a specialised copy those of a CONST of a first block that runs once
 * anywhere (its launch shape: `i < blockDim.x` in a loop) */
static void constfold(struct dctx *x)
{
	int anywhere = x->fn->spec && x->n && entry_once(x);
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *k = &x->c[i];
		if (x->dead[i] || k->op != IR_CONST || !temp(x, k->d))
			continue;
		int32_t r = k->d;
		uint32_t left = x->nuse[r];
		int all = anywhere && x->blk[i] == x->blk[0];
		for (uint32_t j = i + 1; j < x->n && left && (all || x->blk[j] == x->blk[i]); j++) {
			struct ir_insn *u = &x->c[j];
			if (x->dead[j] || !reads(u, r))
				continue;
			if (!ir_op_takes_const(u->op) || (u->flags & DF_KB) || u->a == u->b) {
				left--;
				continue;
			}
			if (u->a == r && ir_op_commutes(u->op)) {
				u->a = u->b;
				u->b = r;
			}
			if (u->b != r || u->a == r) {
				left--;
				continue;
			}
			u->b = pool_add(x, ir_norm((uint64_t)k->imm, k->t));
			u->flags |= DF_KB;
			left--;
			x->nuse[r]--;
		}
		if (x->nuse[r] == 0)
			x->dead[i] = 1;
	}
}

/* CVT of a constant temporary becomes a constant (the front end writes
 * `i < 16u` as CONST.s32 16 ; CVT.u32.s32) */
static void cvtconst(struct dctx *x)
{
	uint32_t nr = x->fn->nregs;
	int32_t *def = xmalloc((nr ? nr : 1) * sizeof(int32_t));
	for (uint32_t r = 0; r < nr; r++)
		def[r] = -1;
	for (uint32_t i = 0; i < x->n; i++)
		if (!x->dead[i] && x->c[i].op == IR_CONST && x->c[i].d >= 0)
			def[x->c[i].d] = (int32_t)i;
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *cv = &x->c[i];
		if (x->dead[i] || cv->op != IR_CVT || cv->a < 0 || !temp(x, cv->a) || def[cv->a] < 0)
			continue;
		const struct ir_insn *k = &x->c[def[cv->a]];
		if (x->blk[def[cv->a]] != x->blk[i] || (uint32_t)def[cv->a] > i)
			continue;
		uint64_t v = interp_cvt(ir_norm((uint64_t)k->imm, k->t), cv->t, cv->t2);
		cv->op = IR_CONST;
		cv->imm = (int64_t)v;
		cv->a = -1;
		if (--x->nuse[k->d] == 0)
			x->dead[def[k->d]] = 1;
	}
	free(def);
}

/* CVT.64 <- 32 ; MUL.64 by a constant ; ADD.ptr base  =>  XOP_IDX.
 * narrow: the same from an 8- or 16-bit integer (histogram's
 * local[data[i]]), whose CVT and MUL become NOPs instead of being dropped,
 * so that the steps stay those of the code before (the pass came later
 * than the steps it would change); only for code that `run` compiled, as
 * fuse_idx2. The rows hold every integer type extended to 64 bits
 * (ir_norm), so that the CVT to 64 bits is a copy (fast_run's
 * F_CVT_COPY), and XOP_IDX reads the narrow row as it is. */
static void fuse_idx(struct dctx *x, int narrow)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *cv = &x->c[i];
		if (x->dead[i] || cv->op != IR_CVT || !temp(x, cv->d) || x->nuse[cv->d] != 1)
			continue;
		if (!((cv->t == IR_S64 || cv->t == IR_U64) &&
		      (narrow ? cv->t2 == IR_S8 || cv->t2 == IR_U8 || cv->t2 == IR_S16 || cv->t2 == IR_U16
			      : cv->t2 == IR_S32 || cv->t2 == IR_U32 || cv->t2 == IR_S64 || cv->t2 == IR_U64)))
			continue;
		uint32_t j = i + 1, k;
		while (j < x->n && x->dead[j])
			j++;
		if (j >= x->n || x->blk[j] != x->blk[i])
			continue;
		struct ir_insn *mu = &x->c[j];
		if (mu->op != IR_MUL || !(mu->flags & DF_KB) || mu->a != cv->d || !temp(x, mu->d) ||
		    x->nuse[mu->d] != 1 || (mu->t != IR_S64 && mu->t != IR_U64))
			continue;
		for (k = j + 1; k < x->n && x->dead[k]; k++)
			;
		if (k >= x->n || x->blk[k] != x->blk[i])
			continue;
		struct ir_insn *ad = &x->c[k];
		if (ad->op != IR_ADD || (ad->flags & DF_KB) || (ad->t != IR_PTR && ad->t != IR_U64 && ad->t != IR_S64))
			continue;
		int32_t base;
		if (ad->b == mu->d && ad->a != mu->d)
			base = ad->a;
		else if (ad->a == mu->d && ad->b != mu->d)
			base = ad->b;
		else
			continue;
		int64_t scale = (int64_t)x->pool.v[mu->b];
		ad->op = XOP_IDX;
		ad->a = base;
		ad->b = cv->a;
		ad->t2 = cv->t2;
		ad->imm = scale;
		if (!narrow) {
			x->dead[i] = x->dead[j] = 1;
			continue;
		}
		struct ir_insn *nop[2] = { cv, mu };
		for (int q = 0; q < 2; q++) {
			nop[q]->op = IR_NOP;
			nop[q]->d = nop[q]->a = nop[q]->b = -1;
			nop[q]->flags &= (uint16_t)~DF_KB;
		}
	}
}

/* XOP_IDX t ; XOP_IDX d = t + c * k2  =>  XOP_IDX2 d = a + b * k1 + c * k2
 * (a 2-D array element: as[ty][k]). Only for code that `run` compiled
 * (ir_module.run_opt: sessions count and step the instructions as they
 * were) and only in functions the host never runs (the host's fast path
 * knows XOP_IDX, not this). */
static void fuse_idx2(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *p = &x->c[i];
		if (x->dead[i] || p->op != XOP_IDX || !temp(x, p->d) || x->nuse[p->d] != 1)
			continue;
		uint32_t j = i + 1;
		while (j < x->n && x->dead[j])
			j++;
		if (j >= x->n || x->blk[j] != x->blk[i])
			continue;
		struct ir_insn *q = &x->c[j];
		if (q->op != XOP_IDX || q->a != p->d || q->b == p->d || q->imm != (int32_t)q->imm)
			continue;
		q->op = XOP_IDX2;
		q->c = q->b;
		q->tgt1 = (int32_t)q->imm;
		q->a = p->a;
		q->b = p->b;
		q->imm = p->imm;
		x->dead[i] = 1;
	}
}

/* SREG ctaid.x ; SREG ntid.x ; MUL.u32 ; SREG tid.x ; ADD.u32 (in any order
 * of the operands, in one block, each temporary read once) => XOP_GTID:
 * `blockIdx.x * blockDim.x + threadIdx.x`, the first line of most
 * kernels. Same conditions as fuse_idx2. */
static int32_t def_in_blk(const struct dctx *x, int32_t r, uint32_t j, unsigned op)
{
	if (!temp(x, r) || x->nuse[r] != 1)
		return -1;
	for (uint32_t i = j; i-- > 0 && x->blk[i] == x->blk[j];)
		if (!x->dead[i] && x->c[i].d == r)
			return x->c[i].op == op ? (int32_t)i : -1;
	return -1;
}

static int is_sreg(const struct dctx *x, int32_t i, unsigned s)
{
	return i >= 0 && x->c[i].imm == s && x->c[i].t == IR_U32;
}

static void fuse_gtid(struct dctx *x)
{
	for (uint32_t j = 0; j < x->n; j++) {
		struct ir_insn *ad = &x->c[j];
		if (x->dead[j] || ad->op != IR_ADD || ad->t != IR_U32 || (ad->flags & DF_KB) ||
		    ad->a == ad->b)
			continue;
		for (int side = 0; side < 2; side++) {
			int32_t tr = side ? ad->a : ad->b, mr = side ? ad->b : ad->a;
			int32_t ti = def_in_blk(x, tr, j, IR_SREG), mi = def_in_blk(x, mr, j, IR_MUL);
			if (!is_sreg(x, ti, SREG_TID_X) || mi < 0)
				continue;
			const struct ir_insn *mu = &x->c[mi];
			if (mu->t != IR_U32 || (mu->flags & DF_KB) || mu->a == mu->b)
				continue;
			int32_t p = def_in_blk(x, mu->a, (uint32_t)mi, IR_SREG);
			int32_t q = def_in_blk(x, mu->b, (uint32_t)mi, IR_SREG);
			if (!((is_sreg(x, p, SREG_CTAID_X) && is_sreg(x, q, SREG_NTID_X)) ||
			      (is_sreg(x, p, SREG_NTID_X) && is_sreg(x, q, SREG_CTAID_X))))
				continue;
			ad->op = XOP_GTID;
			ad->a = ad->b = -1;
			x->dead[ti] = x->dead[mi] = x->dead[p] = x->dead[q] = 1;
			break;
		}
	}
}

/* XOP_IDX or XOP_IDX2 t ; LD [t] (or ST [t] v), t read only there, both of
 * one statement  =>  XOP_IDXM t, which runs the LD or ST that stays right
 * after it in the same dispatch (one step). Same conditions as fuse_idx2. */
static void fuse_mem(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *p = &x->c[i];
		if (x->dead[i] || (p->op != XOP_IDX && p->op != XOP_IDX2) || !temp(x, p->d) ||
		    x->nuse[p->d] != 1)
			continue;
		uint32_t j = i + 1;
		while (j < x->n && x->dead[j])
			j++;
		if (j >= x->n || x->blk[j] != x->blk[i] || x->c[j].stmt != p->stmt)
			continue;
		const struct ir_insn *q = &x->c[j];
		if (!((q->op == IR_LD && q->a == p->d) || (q->op == IR_ST && q->a == p->d && q->b != p->d)))
			continue;
		if (p->op == XOP_IDX)
			p->c = -1;
		p->op = XOP_IDXM;
	}
}

/* The interpreter trusts decoded code; check every operand once. Returns
 * NULL or a description of the first bad instruction. */
static const char *validate(const struct ir_func *fn, const struct ir_module *mod, uint32_t *at)
{
	int32_t nr = (int32_t)fn->nregs;
	for (uint32_t i = 0; i < fn->ncode; i++) {
		const struct ir_insn *in = &fn->code[i];
		*at = i;
		int32_t r[6] = { in->d, in->a, in->b, in->c, in->e, -1 };
		for (int k = 0; k < 5; k++)
			if (r[k] < -1 || r[k] >= nr)
				return "register out of range";
		for (uint32_t k = 0; k < in->nargs; k++)
			if (!in->args || in->args[k] < 0 || in->args[k] >= nr)
				return "argument register out of range";
		switch (in->op) {
		case IR_BR: case IR_CBR:
			if (in->tgt1 < 0 || (uint32_t)in->tgt1 >= fn->ncode ||
			    (in->op == IR_CBR && (in->tgt2 < 0 || (uint32_t)in->tgt2 >= fn->ncode)))
				return "branch target out of range";
			break;
		case IR_CALL: case IR_LAUNCH:
			if (in->op == IR_LAUNCH && in->imm == -1 && in->nargs > 8)
				break; /* through a pointer: the kernel's address is argument 8 */
			if (in->imm < 0 || (uint64_t)in->imm >= mod->nfuncs)
				return "function index out of range";
			break;
		case IR_BCALL:
			if (in->imm < 0 || in->imm >= BI_COUNT)
				return "built-in index out of range";
			break;
		case IR_GADDR:
			if (in->imm < 0 || (uint64_t)in->imm >= mod->nobjs)
				return "object index out of range";
			break;
		case IR_FADDR:
			if (in->imm < 0 || (uint64_t)in->imm >= mod->nfuncs)
				return "function index out of range";
			break;
		default:
			if (in->op >= IR_NOPS)
				return "unknown opcode";
			break;
		}
	}
	if (fn->ncode == 0)
		return "empty function body";
	switch (fn->code[fn->ncode - 1].op) {
	case IR_RET: case IR_BR: case IR_TRAP: case IR_UNREACHABLE:
		break;
	default:
		*at = fn->ncode - 1;
		return "the last instruction can fall off the end";
	}
	return NULL;
}

/* SETP p ; CBR p  =>  CBR on the comparison (p a temporary used once) */
static void fuse_cbr(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *sp = &x->c[i];
		if (x->dead[i] || sp->op != IR_SETP || !temp(x, sp->d) || x->nuse[sp->d] != 1 ||
		    sp->t == IR_F16)
			continue;
		uint32_t j = i + 1;
		while (j < x->n && x->dead[j])
			j++;
		if (j >= x->n || x->blk[j] != x->blk[i])
			continue;
		struct ir_insn *br = &x->c[j];
		if (br->op != IR_CBR || br->a != sp->d)
			continue;
		br->flags |= (uint16_t)(DF_CMP | (sp->flags & DF_KB));
		br->a = sp->a;
		br->b = sp->b;
		br->t = sp->t;
		br->sub = sp->sub;
		x->dead[i] = 1;
	}
}

/* CVT.u32.s32 t = v (or s32 from u32) ; SHFL ... lane offset t  =>  NOP ;
 * SHFL ... lane offset v (t a temporary read only there, v not written in
 * between, both in one block): the shuffle reads its offset's low five
 * bits (interp_shfl_src) and fast_run tests the row for one value in
 * every lane, which the two forms of one 32-bit value pass or fail
 * alike. The CVT stays a NOP, so that the steps are the same; its row,
 * which nothing reads now, is no longer written. Only for code that `run`
 * compiled (as fuse_idx2): sessions step and show the instructions as
 * they are. reduce_shfl's `__shfl_down_sync(m, v, off)` with an int off. */
static void shflcvt(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *cv = &x->c[i];
		if (x->dead[i] || cv->op != IR_CVT || !temp(x, cv->d) || x->nuse[cv->d] != 1 || cv->a < 0 ||
		    cv->a == cv->d ||
		    !((cv->t == IR_U32 && cv->t2 == IR_S32) || (cv->t == IR_S32 && cv->t2 == IR_U32)))
			continue;
		uint32_t j;
		for (j = i + 1; j < x->n && x->blk[j] == x->blk[i]; j++) {
			if (x->dead[j])
				continue;
			if (reads(&x->c[j], cv->d) || writes(&x->c[j], cv->a))
				break;
		}
		if (j >= x->n || x->blk[j] != x->blk[i])
			continue;
		struct ir_insn *sh = &x->c[j];
		if (sh->op != IR_SHFL || (sh->flags & DF_KB) || sh->b != cv->d || sh->a == cv->d || sh->c == cv->d || sh->e == cv->d ||
		    sh->d == cv->a || writes(sh, cv->a) || sh->nargs)
			continue;
		sh->b = cv->a;
		cv->op = IR_NOP;
		cv->d = cv->a = -1;
	}
}

/* 1 if every path from the function's entry to instruction u passes
 * instruction d (d before u in one block, or no path around d): a walk
 * from the entry that does not enter d. Dropped instructions fall
 * through, as in the decoded code. */
static int dominates(const struct dctx *x, uint32_t d, uint32_t u, uint8_t *seen, uint32_t *stack)
{
	if (x->blk[d] == x->blk[u])
		return d < u;
	uint32_t n = 0;
	memset(seen, 0, x->n);
	if (d != 0) {
		stack[n++] = 0;
		seen[0] = 1;
	}
	while (n) {
		uint32_t i = stack[--n], nx[2];
		int k = 0;
		if (i == u)
			return 0;
		const struct ir_insn *in = &x->c[i];
		if (x->dead[i] || (in->op != IR_BR && in->op != IR_CBR && in->op != IR_RET &&
				   in->op != IR_TRAP && in->op != IR_UNREACHABLE)) {
			nx[k++] = i + 1;
		} else if (in->op == IR_BR || in->op == IR_CBR) {
			nx[k++] = (uint32_t)in->tgt1;
			if (in->op == IR_CBR)
				nx[k++] = (uint32_t)in->tgt2;
		}
		for (int q = 0; q < k; q++)
			if (nx[q] < x->n && nx[q] != d && !seen[nx[q]]) {
				seen[nx[q]] = 1;
				stack[n++] = nx[q];
			}
	}
	return 1;
}

/* each register's definition (the last one a live instruction makes:
 * the one, where ndef is 1) and dominates()'s scratch, made at a pass's
 * first need (shflconst, cbrtid) */
struct defs {
	int32_t *def;
	uint8_t *seen;
	uint32_t *stack;
};

static void defs_make(const struct dctx *x, struct defs *s)
{
	uint32_t nr = x->fn->nregs ? x->fn->nregs : 1;
	s->def = xmalloc(nr * sizeof(int32_t));
	for (uint32_t r = 0; r < nr; r++)
		s->def[r] = -1;
	for (uint32_t i = 0; i < x->n; i++) {
		int32_t d[2];
		int nd = x->dead[i] ? 0 : ir_insn_writes(&x->c[i], d);
		for (int k = 0; k < nd; k++)
			if (d[k] >= 0 && (uint32_t)d[k] < nr)
				s->def[d[k]] = (int32_t)i;
	}
	s->seen = xmalloc(x->n + 1);
	s->stack = xmalloc((x->n + 1) * sizeof(uint32_t));
}

/* register r's one definition, where it lies on every path to instruction
 * u; else -1 */
static int32_t defs_one(const struct dctx *x, struct defs *s, int32_t r, uint32_t u)
{
	if (r < 0 || (uint32_t)r >= x->fn->nregs || x->ndef[r] != 1 || s->def[r] < 0 ||
	    !dominates(x, (uint32_t)s->def[r], u, s->seen, s->stack))
		return -1;
	return s->def[r];
}

static void defs_free(struct defs *s)
{
	free(s->def);
	free(s->seen);
	free(s->stack);
}

/* 1 if register r, read at instruction u, holds threadIdx.x in every lane
 * that reaches u: its one definition, an SREG of tid.x or a 32-bit MOV of
 * such a register (at most four copies), lies on every path to u
 * (defs_one), and so on for the copy's source at the MOV. Rows hold
 * a register's value while it lives (regalloc.c) */
static int tid_x_at(const struct dctx *x, struct defs *s, int32_t r, uint32_t u)
{
	for (int hop = 0; hop < 4; hop++) {
		int32_t d = defs_one(x, s, r, u);
		if (d < 0)
			return 0;
		const struct ir_insn *in = &x->c[d];
		if (in->op == IR_SREG) /* its register: imm (sub is 0 for every one) */
			return in->imm == SREG_TID_X && in->t == IR_U32;
		if (in->op != IR_MOV || (in->t != IR_U32 && in->t != IR_S32))
			return 0;
		r = in->a;
		u = (uint32_t)d;
	}
	return 0;
}

/* a branch on a compare of threadIdx.x (reduce_smem's `if (t < k)`, t a
 * copy of threadIdx.x): DF_TIDA, so that interp.c bar_sweep, which tests a
 * skipping warp's lanes against k at every round of a tree, reads the
 * thread index row every warp at its place shares (in the caches) instead
 * of the warp's own row (4 cache lines it missed: the round robin comes
 * back to a warp after all 8448 others); in a one-dimensional block it
 * and fast_run's compares with a constant read no row at all (interp.c
 * cmp_tid_k: lane l of warp i holds 32 i + l). Only for code that `run`
 * compiled (a session's debugger may assign one lane's copy of a
 * register); not under WS_NO_SWEEPTID=1 */
static void cbrtid(struct dctx *x)
{
	struct defs s = { 0 };
	for (uint32_t j = 0; j < x->n; j++) {
		struct ir_insn *br = &x->c[j];
		if (x->dead[j] || br->op != IR_CBR || !(br->flags & DF_CMP) || br->t != IR_U32)
			continue;
		if (!s.def)
			defs_make(x, &s);
		if (tid_x_at(x, &s, br->a, j))
			br->flags |= DF_TIDA;
	}
	defs_free(&s);
}

/* an index whose base is a kernel's scalar parameter that no instruction
 * writes (vecadd's a[i], histogram's data[i] and bins[t]): DF_AUNI, so that
 * fast_run reads the base's first lane, one cache line of its row rather
 * than four. Every warp of a launch starts with the parameter in every
 * lane of its row (machine.c param_rows; parameters keep their rows,
 * regalloc.c), and an aggregate's row holds each lane's own address
 * (ir_param_aggregate): not those. Only for code that `run` compiled (a
 * session's debugger may assign one lane's copy of a register); not
 * under WS_NO_IDXPARAM=1 */
/* register r is a kernel's scalar parameter that no instruction writes:
 * its row holds the parameter in every lane (idxparam's and cbrparam's) */
static int scalar_param(const struct dctx *x, int32_t r)
{
	return r >= 0 && (uint32_t)r < x->fn->nparams && x->ndef[r] == 1 && !ir_param_aggregate(x->fn, (uint32_t)r);
}

static void idxparam(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *in = &x->c[i];
		if (!x->dead[i] && in->op == XOP_IDX && scalar_param(x, in->a))
			in->flags |= DF_AUNI;
	}
}

/* a branch on a compare with a kernel's scalar parameter that no
 * instruction writes (vecadd's, reduce_shfl's and histogram's `i < n`):
 * DF_BUNI, so that fast_run compares the lanes with the parameter's first
 * lane, as with a constant, and reads one cache line of its row rather
 * than four (the round robin left them cold: docs/PERFORMANCE.md, the
 * twenty-fifth session). The same conditions as idxparam's. Not under
 * WS_NO_IDXPARAM=1 */
static void cbrparam(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *in = &x->c[i];
		if (!x->dead[i] && in->op == IR_CBR && (in->flags & DF_CMP) && !(in->flags & DF_KB) &&
		    scalar_param(x, in->b))
			in->flags |= DF_BUNI;
	}
}

/* a shuffle's width (c) and member mask (e) are most often constants
 * defined before the loop the shuffle is in: where each is a temporary
 * whose one definition, a CONST, lies on every path to the shuffle, every
 * lane that reaches the shuffle holds that constant (its row is written
 * by nothing else while the temporary lives: regalloc.c's live ranges),
 * and DF_KCE spares fast_run the test of the rows for one value in every
 * lane (fastrun.h F_SHFL). Only for code that `run` compiled: a session's
 * debugger may assign one lane's copy of a register. */
static void shflconst(struct dctx *x)
{
	struct defs s = { 0 };
	for (uint32_t j = 0; j < x->n; j++) {
		struct ir_insn *sh = &x->c[j];
		if (x->dead[j] || sh->op != IR_SHFL)
			continue;
		if (!s.def)
			defs_make(x, &s);
		int ok = 1;
		int32_t ops[2] = { sh->c, sh->e };
		for (int q = 0; q < 2 && ok; q++) {
			if (ops[q] < 0)
				continue;
			int32_t d = temp(x, ops[q]) ? defs_one(x, &s, ops[q], j) : -1;
			ok = d >= 0 && x->c[d].op == IR_CONST;
		}
		if (ok)
			sh->flags |= DF_KCE;
	}
	defs_free(&s);
}

/* An atomic whose old value nothing reads (atomicAdd(&bin, 1) as a
 * statement: a temporary written there and read nowhere) writes no row:
 * d = -1, so that fast_run's pass adds into memory without keeping each
 * lane's old value (atom32_run). The instruction, its step and its memory
 * effect are the same. Only for code that `run` compiled (as shflcvt). */
static void atomdead(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *in = &x->c[i];
		if (!x->dead[i] && in->op == IR_ATOM && temp(x, in->d) && x->nuse[in->d] == 0)
			in->d = -1;
	}
}

/* An integer instruction of no effect whose result nothing reads (run's
 * IR leaves some: histogram's CVT of threadIdx.x before a load whose
 * address cse.c took from an earlier one) becomes a NOP: the step stays,
 * the row is not written, fast_run's NOP costs a dispatch instead of a
 * pass over the lanes. Nothing observes a register (the checkers watch
 * memory), and none of these ops traps. Only for code that `run` compiled
 * (as shflcvt). */
static int int_type(unsigned t)
{
	return (t >= IR_PRED && t <= IR_U64) || t == IR_PTR;
}

static void deadpure(struct dctx *x)
{
	for (uint32_t i = 0; i < x->n; i++) {
		struct ir_insn *in = &x->c[i];
		if (x->dead[i] || !temp(x, in->d) || x->nuse[in->d] != 0 || in->nargs || !int_type(in->t))
			continue;
		switch (in->op) {
		case IR_CVT:
			if (!int_type(in->t2))
				continue;
			break;
		case IR_MOV: case IR_CONST: case IR_ADD: case IR_SUB: case IR_MUL: case IR_AND: case IR_OR:
		case IR_XOR:
			break;
		default:
			continue;
		}
		in->op = IR_NOP;
		in->d = in->a = in->b = in->c = in->e = -1;
		in->flags &= (uint16_t)~DF_KB;
	}
}

struct dfunc *decode_func(const struct ir_func *fn, const struct ir_module *mod)
{
	uint32_t at = 0;
	const char *bad = validate(fn, mod, &at);
	if (bad) {
		struct dfunc *df = xcalloc(1, sizeof(*df));
		df->fn = fn;
		df->bad = bad;
		df->bad_at = at;
		return df;
	}
	return decode_ok(fn, mod->run_opt && !(fn->kind & FN_HOST));
}

/* df->split1: the CBRs (of a class of fast_run's) whose taken side is a
 * region of instructions of fast_run's classes that runs straight, from
 * the taken target, to the branch's reconvergence point, its not-taken
 * target (an `if` without `else`: reduce_shfl's lane 0 and its atomic,
 * reduce_smem's `t < k` and `t == 0`): no branch, call, return, barrier
 * or cross-lane instruction, nothing fast_run hands to the general loop.
 * fast_run splits a warp's one group there without the token and the
 * second group (interp.c split1) */
static void split1_marks(struct dfunc *df)
{
	const uint8_t *fop = df->fop;
	uint8_t *mk = NULL;
	for (uint32_t i = 0; i < df->ncode; i++) {
		const struct ir_insn *in = &df->code[i];
		if (in->op != IR_CBR || fop[i] == FOP_GEN || df->ipdom[i] < 0)
			continue;
		uint32_t t1 = (uint32_t)in->tgt1, rpc = (uint32_t)df->ipdom[i];
		if ((uint32_t)in->tgt2 != rpc || t1 <= i || t1 >= rpc || rpc > df->ncode)
			continue;
		uint32_t j = t1;
		for (; j < rpc; j++) {
			unsigned op = df->code[j].op;
			if (fop[j] == FOP_GEN || op == IR_BR || op == IR_CBR || op == IR_RET || op == IR_BAR ||
			    op == IR_SHFL || op == IR_VOTE)
				break;
		}
		if (j < rpc)
			continue;
		if (!mk)
			mk = xcalloc(df->ncode, 1);
		mk[i] = 1;
	}
	df->split1 = mk;
}

static struct dfunc *decode_ok(const struct ir_func *fn, int fuse)
{
	struct dctx x;
	memset(&x, 0, sizeof(x));
	x.fn = fn;
	x.n = fn->ncode;
	uint32_t nr = fn->nregs ? fn->nregs : 1;
	x.c = xcalloc(x.n ? x.n : 1, sizeof(struct ir_insn));
	memcpy(x.c, fn->code, x.n * sizeof(struct ir_insn));
	/* argument lists are rewritten: give each its own copy */
	for (uint32_t i = 0; i < x.n; i++) {
		if (x.c[i].nargs && x.c[i].args) {
			int32_t *a = xmalloc(x.c[i].nargs * sizeof(int32_t));
			memcpy(a, x.c[i].args, x.c[i].nargs * sizeof(int32_t));
			x.c[i].args = a;
		}
		x.c[i].flags &= (uint16_t)~(DF_KB | DF_CMP | DF_BREAK | DF_STMT | DF_KCE | DF_TIDA | DF_AUNI);
	}
	x.dead = xcalloc(x.n + 1, 1);
	for (uint32_t i = 0; i < x.n; i++)
		x.dead[i] = (x.c[i].flags & IRF_DEAD) != 0; /* ir_optimize dropped it */
	x.named = xcalloc(nr, 1);
	x.ndef = xcalloc(nr, sizeof(uint32_t));
	x.nuse = xcalloc(nr, sizeof(uint32_t));
	x.blk = xcalloc(x.n + 1, sizeof(uint32_t));
	for (uint32_t i = 0; i < fn->nvars; i++)
		if (fn->vars[i].loc == VLOC_REG && (uint32_t)fn->vars[i].reg < nr)
			x.named[fn->vars[i].reg] = 1;
	for (uint32_t i = 0; i < fn->nparams && i < nr; i++)
		x.named[i] = 1;
	blocks(&x);
	count(&x);
	copyprop(&x);
	count(&x);
	cvtconst(&x);
	count(&x);
	constfold(&x);
	count(&x);
	fuse_idx(&x, 0);
	count(&x);
	fuse_cbr(&x);
	/* WS_NO_SUPER=1: not these (tests/ir/super.t compares) */
	if (fuse && !util_env_on("WS_NO_SUPER")) {
		count(&x);
		shflcvt(&x);
		count(&x);
		fuse_idx(&x, 1);
		count(&x);
		shflconst(&x);
		count(&x);
		atomdead(&x);
		count(&x);
		deadpure(&x);
		if ((fn->kind & FN_KERNEL) && !util_env_on("WS_NO_SWEEPTID")) {
			count(&x);
			cbrtid(&x);
		}
		if ((fn->kind & FN_KERNEL) && !util_env_on("WS_NO_IDXPARAM")) {
			count(&x);
			idxparam(&x);
			cbrparam(&x);
		}
	}
	/* The device superinstructions (XOP_IDX2, XOP_GTID, XOP_IDXM) paid off
	 * in the general loop; the device fast path (fastrun.h) has no class for
	 * them and runs the plain instructions for less: callgrind, --fast,
	 * device instructions with / without them: matmul_tiled 1309 M / 1010 M,
	 * vecadd 150 M / 139 M, histogram 368 M / 351 M, reduce_smem 548 M /
	 * 521 M (docs/PERFORMANCE.md). Kept, off, until the fast path runs them. */
	if (fuse && DECODE_DEVICE_SUPER) {
		count(&x);
		fuse_idx2(&x);
		count(&x);
		fuse_gtid(&x);
		count(&x);
		fuse_mem(&x);
	}

	/* the uniform registers (uniform.c) of a kernel that `run` compiled
	 * (a session's debugger may assign one lane's copy of a register),
	 * found on the code's own register numbers: a copy of the kept
	 * instructions before they name rows (rows are shared by registers of
	 * disjoint lives, uniform or not). Where rows were allocated, no
	 * register is read before it is written (ir_regalloc).
	 * WS_NO_UNIFORM=1: none (tests compare). */
	struct ir_insn *pre = NULL;
	uint32_t npre = 0;
	if (fuse && fn->regmap && (fn->kind & FN_KERNEL) && !util_env_on("WS_NO_UNIFORM")) {
		pre = xmalloc((x.n ? x.n : 1) * sizeof(*pre));
		for (uint32_t i = 0; i < x.n; i++) {
			if (x.dead[i])
				continue;
			pre[npre] = x.c[i];
			if (x.c[i].nargs && x.c[i].args) {
				pre[npre].args = xmalloc(x.c[i].nargs * sizeof(int32_t));
				memcpy(pre[npre].args, x.c[i].args, x.c[i].nargs * sizeof(int32_t));
			}
			npre++;
		}
	}
	/* run's register allocation (regalloc.c): the rewrites above saw the
	 * code's own register numbers; what runs names rows */
	if (fn->regmap)
		for (uint32_t i = 0; i < x.n; i++) {
			struct ir_insn *in = &x.c[i];
			if (x.dead[i])
				continue;
			int32_t *o[5] = { &in->d, &in->a, &in->b, &in->c, &in->e };
			for (int k = 0; k < 5; k++)
				if (*o[k] >= 0 && (uint32_t)*o[k] < fn->nregs && !(k == 2 && (in->flags & DF_KB)))
					*o[k] = fn->regmap[*o[k]];
			for (uint32_t k = 0; k < in->nargs && in->args; k++)
				if (in->args[k] >= 0 && (uint32_t)in->args[k] < fn->nregs)
					in->args[k] = fn->regmap[in->args[k]];
		}
	struct dfunc *df = xcalloc(1, sizeof(*df));
	df->fn = fn;
	df->map = xcalloc(x.n + 1, sizeof(uint32_t));
	uint32_t kept = 0;
	for (uint32_t i = 0; i < x.n; i++)
		kept += !x.dead[i];
	df->code = xcalloc(kept ? kept : 1, sizeof(struct ir_insn));
	df->orig = xcalloc(kept ? kept : 1, sizeof(uint32_t));
	uint32_t o = 0;
	for (uint32_t i = 0; i < x.n; i++) {
		df->map[i] = o;
		if (x.dead[i]) {
			free(x.c[i].nargs ? x.c[i].args : NULL);
			continue;
		}
		df->code[o] = x.c[i];
		df->orig[o] = i;
		o++;
	}
	df->map[x.n] = o;
	df->ncode = kept;
	/* statement starts: where a run of one statement's instructions begins
	 * (what EV_STMT reports and line breakpoints mark) */
	for (uint32_t i = 0, prev = UINT32_MAX; i < kept; i++) {
		int32_t st = fn->code[df->orig[i]].stmt;
		if ((uint32_t)st != prev && st >= 0 && (uint32_t)st < fn->nstmts)
			df->code[i].flags |= DF_STMT;
		prev = (uint32_t)st;
	}
	for (uint32_t i = 0; i < kept; i++) {
		struct ir_insn *in = &df->code[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			if ((uint32_t)in->tgt1 <= x.n)
				in->tgt1 = (int32_t)df->map[in->tgt1];
			if (in->op == IR_CBR && (uint32_t)in->tgt2 <= x.n)
				in->tgt2 = (int32_t)df->map[in->tgt2];
		}
	}
	df->stackless = fn->frame_size == 0;
	df->flat = 1;
	for (uint32_t i = 0; i < kept; i++) {
		if (df->code[i].op == IR_LADDR || df->code[i].op == IR_ALLOCA)
			df->stackless = 0;
		if (df->code[i].op == IR_CALL || df->code[i].op == IR_ICALL)
			df->flat = 0;
	}
	df->npool = (uint32_t)x.pool.len;
	df->pool = xmalloc((x.pool.len ? x.pool.len : 1) * sizeof(*df->pool));
	for (size_t i = 0; i < x.pool.len; i++)
		for (int l = 0; l < WS_WARP; l++)
			df->pool[i][l] = x.pool.v[i];
	struct ir_func tmp = *fn;
	tmp.code = df->code;
	tmp.ncode = df->ncode;
	df->ipdom = cfg_ipdom(&tmp);
	if (pre) {
		for (uint32_t i = 0; i < npre; i++) {
			pre[i].tgt1 = df->code[i].tgt1;
			pre[i].tgt2 = df->code[i].tgt2;
		}
		int aligned = 0;
		df->uni = uniform_insns_aligned(pre, npre, fn->nregs, fn->nparams, df->ipdom, &aligned);
		/* the loads in barrier epochs no write of shared memory can meet
		 * (epoch.c): only where every warp runs the same barriers */
		if (aligned && !util_env_on("WS_NO_QUIET")) {
			uint8_t *q = epoch_quiet_loads(pre, npre);
			for (uint32_t i = 0; i < npre; i++)
				if (q[i])
					df->code[i].flags |= DF_QUIET;
			free(q);
		}
		for (uint32_t i = 0; i < npre; i++)
			if (pre[i].nargs)
				free(pre[i].args);
		free(pre);
	}
	df->fop = interp_fast_ops(df);
	/* run's narrow rows (interp.c): WS_NO_N32=1 none (tests compare) */
	if (fuse && (fn->kind & FN_KERNEL) && !util_env_on("WS_NO_N32"))
		interp_n32(df);
	/* run's splits of short regions (interp.c split1; none under the
	 * machine option no_split1, WS_NO_SPLIT1=1) */
	if (fuse)
		split1_marks(df);
	vec_free(&x.pool);
	free(x.c);
	free(x.dead);
	free(x.named);
	free(x.ndef);
	free(x.nuse);
	free(x.blk);
	return df;
}

void decode_free(struct dfunc *df)
{
	if (!df)
		return;
	for (uint32_t i = 0; i < df->ncode; i++)
		if (df->code[i].nargs)
			free(df->code[i].args);
	free(df->code);
	free(df->orig);
	free(df->map);
	free(df->pool);
	free(df->ipdom);
	free(df->fop);
	free(df->uni);
	free(df->nrow);
	free(df->split1);
	free(df);
}

int decode_uses(const struct ir_insn *in, int32_t *out, int max)
{
	return uses(in, out, max);
}
