/*
 * licm.c - loop-invariant code motion for the code `warpstep run` and
 * `check` execute (ir_hoist_invariants in ir.h; ir_optimize_run calls it).
 *
 * A loop is the range [h, e] of a branch back from e to h, when no branch
 * from outside the range enters it anywhere but at h (lowering makes every
 * loop so; a goto into a loop's body leaves that loop alone). An
 * instruction inside it is invariant when it has no effect but its result
 * (the ops of `movable`), its result is a temporary (defined once in the
 * whole function, never a variable or a parameter), and every register it
 * reads is either not written inside the loop or the result of an earlier
 * invariant instruction. Invariant instructions move, in their order, to
 * just before h (the preheader: everything that entered the loop at h now
 * enters there; branches from inside the loop to h go to the first
 * instruction that stayed). So `C[i*N+j] += A[i*N+k] * B[k*N+j]` computes
 * C's element address and i*N once per inner loop, and `as[ty][k]` its row.
 *
 * Why this is exact:
 * - the moved instructions read the same values as before (nothing inside
 *   the loop writes their operands) and write registers nobody else writes;
 * - they cannot fail: integer division and remainder move only with a
 *   constant divisor other than 0 and -1; loads never move (a store, an
 *   atomic, another thread between two barriers or a call may change what
 *   they read), nor does anything else with an effect;
 * - a lane that runs the preheader is one that enters the loop; the value
 *   is the same for every iteration, so computing it early, once, or for a
 *   loop that then runs no iteration changes nothing anyone reads.
 * One rewrite makes more invariant: an element of a 2-D array,
 * `x = base + v ; d = x + y` (pointer additions, x read only there, base and
 * y invariant, v not) becomes `x = base + y ; d = x + v`, whose first half
 * moves (`bs[k][tx]`: the column's address once, then one indexing per
 * iteration). Pointer addition wraps at 64 bits, so the order of the two
 * additions does not change the address.
 *
 * What stays: in device code, a CONST that a reader that stays would take
 * as a constant operand (decode.c's constfold; the fast path's
 * constant-count shifts and counter-and-branch pairs need it there), while
 * one only other instructions read (a shuffle's mask and width, a
 * conversion, a call's argument) moves like any invariant, or it would run
 * at every iteration of every warp (reduce_shfl: 2 of a loop's 7); in code
 * the host runs, every CONST whose readers stay (the host engine fuses a
 * CONST with its reader: hoisted, reduce_smem's host part took 13 M more
 * instructions); a SETP that a branch of the loop reads (decode.c
 * fuses the pair), an instruction that begins its statement when the next
 * instruction left in the loop belongs to another statement (every
 * statement keeps a place).
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "ir.h"
#include "util.h"

#define LICM_ROUNDS 64      /* loops rewritten per function, at most */
#define LICM_MAX_CODE 20000 /* longer functions are left alone (the search is quadratic) */

struct lx {
	struct ir_func *f;
	uint8_t *named;          /* per register: a variable or a parameter */
	uint32_t *ndef, *nuse;
	int32_t *def;            /* the defining instruction when ndef == 1 */
	uint32_t *indef;         /* per register: writes inside the loop */
	uint8_t *inv, *ban;      /* per instruction, inside the loop */
	uint8_t *taint;          /* per register: follows from a moved load */
	int loads;               /* loads may move out of this loop */
};



static int dead(const struct ir_insn *in)
{
	return (in->flags & IRF_DEAD) != 0;
}

static void lx_count(struct lx *x)
{
	struct ir_func *f = x->f;
	memset(x->ndef, 0, f->nregs * sizeof(uint32_t));
	memset(x->nuse, 0, f->nregs * sizeof(uint32_t));
	for (uint32_t r = 0; r < f->nregs; r++)
		x->def[r] = -1;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if (dead(in))
			continue;
		IR_EACH_WRITE(in, r, { x->ndef[r]++; x->def[r] = (int32_t)i; });
		IR_EACH_READ(in, r, x->nuse[r]++);
	}
}

static int is_int(unsigned t)
{
	return t >= IR_S8 && t <= IR_U64;
}

/* a temporary defined once by a CONST: its instruction, else NULL */
static const struct ir_insn *const_of(const struct lx *x, int32_t r)
{
	if (r < 0 || x->named[r] || x->ndef[r] != 1 || x->def[r] < 0)
		return NULL;
	const struct ir_insn *k = &x->f->code[x->def[r]];
	return k->op == IR_CONST ? k : NULL;
}

/* an operation with no effect but its result, that cannot fail: the pure
 * ops, and integer division by a constant other than 0 and -1 */
static int harmless(const struct lx *x, const struct ir_insn *in)
{
	if (dead(in) || in->nargs)
		return 0;
	switch (in->op) {
	case IR_CONST: case IR_MOV: case IR_ADD: case IR_SUB: case IR_MUL: case IR_NEG:
	case IR_AND: case IR_OR: case IR_XOR: case IR_NOT: case IR_SHL: case IR_SHR:
	case IR_MIN: case IR_MAX: case IR_SETP: case IR_SEL: case IR_CVT:
	case IR_GADDR: case IR_FADDR: case IR_LADDR:
		return 1;
	case IR_DIV: case IR_REM: {
		if (!is_int(in->t) || in->a == in->b)
			return 0;
		const struct ir_insn *k = const_of(x, in->b);
		if (!k || k->t != in->t)
			return 0;
		uint64_t v = ir_norm((uint64_t)k->imm, in->t);
		return v != 0 && v != ir_norm(~(uint64_t)0, in->t);
	}
	default:
		return 0;
	}
}

/* may in move out of a loop (its operands aside)? harmless, into a temporary */
static int movable(const struct lx *x, const struct ir_insn *in)
{
	return in->d >= 0 && !x->named[in->d] && x->ndef[in->d] == 1 && harmless(x, in);
}

/* is register r, read by instruction i of the loop, the same in every iteration? */
static int inv_reg(const struct lx *x, int32_t r, uint32_t i, uint32_t h)
{
	if (!x->indef[r])
		return 1;
	if (x->ndef[r] != 1 || x->def[r] < (int32_t)h || (uint32_t)x->def[r] >= i)
		return 0;
	return x->inv[x->def[r] - (int32_t)h];
}

/* a plain load into a temporary (whether it may move: see loads_ok, mark) */
static int load(const struct lx *x, const struct ir_insn *in)
{
	return in->op == IR_LD && !dead(in) && in->sem == SEM_WEAK && in->d >= 0 && !x->named[in->d] &&
	       x->ndef[in->d] == 1 && !in->nargs && !(in->flags & IRF_BITS_RMW);
}

/*
 * Loads move only out of a loop of host code that changes no memory and
 * cannot fail but by its loads: nothing in it but what movable() takes,
 * plain loads, branches and pure built-ins (the data pointer of a
 * std::vector, read on every access of a CPU reference loop). Device code
 * keeps its loads: other threads may write what a loop reads.
 */
static int loads_ok(const struct lx *x, uint32_t h, uint32_t e)
{
	const struct ir_func *f = x->f;
	if (f->kind != FN_HOST)
		return 0;
	for (uint32_t i = h; i <= e; i++) {
		const struct ir_insn *in = &f->code[i];
		if (dead(in) || in->op == IR_NOP || in->op == IR_BR || in->op == IR_CBR ||
		    (in->op == IR_LD && in->sem == SEM_WEAK && !(in->flags & IRF_BITS_RMW)) ||
		    harmless(x, in))
			continue;
		if (in->op == IR_BCALL && in->imm >= 0 && in->imm < BI_COUNT &&
		    builtin_table[in->imm].kind == BK_PURE)
			continue;
		return 0;
	}
	return 1;
}

/* mark the invariant instructions of [h, e] (x->inv), not those banned.
 * A load moves when x->loads, only from the loop's first straight run
 * and only when no load before it there stays (the first iteration reads
 * memory in the same order, and a load that fails fails first). */
static void mark(struct lx *x, uint32_t h, uint32_t e)
{
	const struct ir_func *f = x->f;
	int prefix = 1, stays = 0;
	for (uint32_t i = h; i <= e; i++) {
		const struct ir_insn *in = &f->code[i];
		int ok = !x->ban[i - h] &&
			 (movable(x, in) || (x->loads && prefix && !stays && load(x, in)));
		if (ok)
			IR_EACH_READ(in, r, ok &= inv_reg(x, r, i, h));
		x->inv[i - h] = (uint8_t)ok;
		if (dead(in))
			continue;
		if (in->op == IR_LD && !ok)
			stays = 1;
		if (in->op == IR_BR || in->op == IR_CBR || in->op == IR_RET)
			prefix = 0;
	}
}

/* Does a branch of the loop depend on a load that would move? Then the
 * loop may wait for another thread to write that memory (a spin on a
 * flag); its loads stay. */
static int exit_reads_load(struct lx *x, uint32_t h, uint32_t e)
{
	const struct ir_func *f = x->f;
	int any = 0, hit = 0;
	for (uint32_t i = h; i <= e; i++)
		if (x->inv[i - h] && f->code[i].op == IR_LD) {
			x->taint[f->code[i].d] = 1;
			any = 1;
		}
	for (int again = any; again;) {
		again = 0;
		for (uint32_t i = h; i <= e; i++) {
			const struct ir_insn *in = &f->code[i];
			int t = 0;
			if (dead(in))
				continue;
			IR_EACH_READ(in, r, t |= x->taint[r]);
			if (!t)
				continue;
			if (in->op == IR_CBR)
				hit = 1;
			IR_EACH_WRITE(in, r, if (!x->taint[r]) { x->taint[r] = 1; again = 1; });
		}
	}
	for (uint32_t i = h; i <= e; i++) {
		const struct ir_insn *in = &f->code[i];
		IR_EACH_WRITE(in, r, x->taint[r] = 0);
	}
	return hit;
}

/* the first instruction at or after i (inside [h, e]) that stays */
static uint32_t next_kept(const struct lx *x, uint32_t i, uint32_t e, uint32_t h)
{
	while (i <= e && (x->inv[i - h] || dead(&x->f->code[i])))
		i++;
	return i;
}

/* ban what would be moved at a loss, or would leave a statement without
 * its first instruction; 1 if anything was banned */
static int prune(struct lx *x, uint32_t h, uint32_t e)
{
	const struct ir_func *f = x->f;
	int banned = 0, host = (f->kind & FN_HOST) != 0;
	for (uint32_t i = h; i <= e; i++) {
		const struct ir_insn *in = &f->code[i];
		if (!x->inv[i - h])
			continue;
		int bad = 0;
		if (in->flags & IRF_STMT_START) {
			uint32_t k = next_kept(x, i + 1, e, h);
			bad = k > e || f->code[k].stmt != in->stmt;
		}
		for (uint32_t j = h; !bad && j <= e; j++) {
			const struct ir_insn *u = &f->code[j];
			if (x->inv[j - h] || dead(u))
				continue;
			int reads = 0;
			IR_EACH_READ(u, r, reads |= r == in->d);
			if (reads && ((in->op == IR_CONST && (host || ir_const_folds_into(u, in->d))) ||
				      (in->op == IR_SETP && u->op == IR_CBR)))
				bad = 1;
		}
		if (bad) {
			x->ban[i - h] = 1;
			banned = 1;
		}
	}
	return banned;
}

/* x = base + v ; d = x + y  =>  x = base + y ; d = x + v (see the top);
 * 1 if anything was rewritten */
static int reassociate(struct lx *x, uint32_t h, uint32_t e)
{
	struct ir_func *f = x->f;
	int changed = 0;
	for (uint32_t id = h; id <= e; id++) {
		struct ir_insn *D = &f->code[id];
		if (x->inv[id - h] || x->ban[id - h] || dead(D) || D->op != IR_ADD || D->t != IR_PTR ||
		    D->d < 0 || x->named[D->d] || x->ndef[D->d] != 1 || (D->flags & IRF_STMT_START) ||
		    D->a < 0 || D->b < 0 || D->a == D->b)
			continue;
		for (int side = 0; side < 2; side++) {
			int32_t xr = side ? D->b : D->a, y = side ? D->a : D->b;
			if (x->named[xr] || x->ndef[xr] != 1 || x->nuse[xr] != 1 || x->def[xr] < (int32_t)h ||
			    (uint32_t)x->def[xr] >= id || !inv_reg(x, y, id, h))
				continue;
			uint32_t ix = (uint32_t)x->def[xr];
			struct ir_insn *X = &f->code[ix];
			if (x->inv[ix - h] || X->op != IR_ADD || X->t != IR_PTR || X->a < 0 || X->b < 0 ||
			    X->a == X->b || X->a == xr || X->b == xr)
				continue;
			int32_t base, v;
			if (inv_reg(x, X->a, ix, h) && !inv_reg(x, X->b, ix, h)) {
				base = X->a;
				v = X->b;
			} else if (inv_reg(x, X->b, ix, h) && !inv_reg(x, X->a, ix, h)) {
				base = X->b;
				v = X->a;
			} else {
				continue;
			}
			/* d is read only after D, inside the loop; v is not written between */
			int32_t d = D->d;
			int ok = 1;
			for (uint32_t j = 0; ok && j < f->ncode; j++) {
				const struct ir_insn *q = &f->code[j];
				if (dead(q))
					continue;
				int rd = 0;
				IR_EACH_READ(q, r, rd |= r == d);
				if (rd && (j <= id || j > e))
					ok = 0;
			}
			if (!ok)
				continue;
			/* D computes base + y into x (invariant, it moves); X adds v */
			X->d = d;
			X->a = xr;
			X->b = v;
			D->d = xr;
			D->a = base;
			D->b = y;
			x->def[d] = (int32_t)ix;
			x->def[xr] = (int32_t)id;
			x->inv[id - h] = 1;
			changed = 1;
			break;
		}
	}
	return changed;
}

/* move the invariant instructions of [h, e] before h */
static void move(struct lx *x, uint32_t h, uint32_t e, struct arena *a)
{
	struct ir_func *f = x->f;
	uint32_t n = f->ncode;
	uint32_t *map = xmalloc((n + 1) * sizeof(uint32_t));   /* old index -> new */
	uint32_t *kept = xmalloc((n + 1) * sizeof(uint32_t));  /* first kept at or after, new index */
	struct ir_insn *out = arena_alloc(a, n * sizeof(struct ir_insn));
	uint32_t at = h;
	for (uint32_t i = h; i <= e; i++)
		if (x->inv[i - h])
			map[i] = at++;
	for (uint32_t i = h; i <= e; i++)
		if (!x->inv[i - h])
			map[i] = at++;
	for (uint32_t i = 0; i < n; i++)
		if (i < h || i > e)
			map[i] = i;
	map[n] = n;
	for (uint32_t i = n + 1; i-- > 0;)
		kept[i] = i >= h && i <= e && x->inv[i - h] ? kept[i + 1] : map[i];
	for (uint32_t i = 0; i < n; i++) {
		struct ir_insn *in = &out[map[i]];
		*in = f->code[i];
		int inside = i >= h && i <= e;
		if (inside && x->inv[i - h]) {
			/* a statement that began here begins at the next kept instruction
			 * (prune made sure it is of the same statement) */
			if (in->flags & IRF_STMT_START) {
				uint32_t k = next_kept(x, i + 1, e, h);
				f->code[k].flags |= IRF_STMT_START;
				out[map[k]].flags |= IRF_STMT_START;
			}
			in->flags &= (uint16_t)~IRF_STMT_START;
			continue;
		}
		if (in->op == IR_BR || in->op == IR_CBR) {
			int32_t *t[2] = { &in->tgt1, &in->tgt2 };
			for (int k = 0; k < (in->op == IR_CBR ? 2 : 1); k++) {
				uint32_t to = (uint32_t)*t[k];
				/* from outside, h is the preheader; from inside, the loop */
				if (to == h && !inside)
					*t[k] = (int32_t)h;
				else
					*t[k] = (int32_t)kept[to];
			}
		}
	}
	for (uint32_t k = 0; k < f->nstmts; k++)
		if (f->stmts[k].first < n)
			f->stmts[k].first = kept[f->stmts[k].first];
	for (uint32_t k = 0; k < f->nvars; k++) {
		struct ir_var *v = &f->vars[k];
		v->live_from = kept[v->live_from < n ? v->live_from : n];
		v->live_to = kept[v->live_to < n ? v->live_to : n];
	}
	f->code = out;
	free(map);
	free(kept);
}

/* Does [h, e] wait for other threads (an atomic, a fence, a volatile or
 * ordered access)? Such a loop is left as it is: the spin-wait detector
 * reports the instruction a spinning thread is at when it gives up, and
 * which one that is follows from the loop's instructions. */
static int waits(const struct ir_func *f, uint32_t h, uint32_t e)
{
	for (uint32_t i = h; i <= e; i++) {
		const struct ir_insn *in = &f->code[i];
		if (dead(in))
			continue;
		if (in->op == IR_ATOM || in->op == IR_FENCE ||
		    ((in->op == IR_LD || in->op == IR_ST) && in->sem != SEM_WEAK))
			return 1;
	}
	return 0;
}

/* one loop of f with something to move, innermost first; 1 if moved */
static int hoist_one(struct lx *x, struct arena *a)
{
	struct ir_func *f = x->f;
	uint32_t n = f->ncode;
	/* the loops: for each header, its last back edge */
	uint32_t *last = xcalloc(n, sizeof(uint32_t));
	uint8_t *is_h = xcalloc(n, 1);
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (dead(in) || (in->op != IR_BR && in->op != IR_CBR))
			continue;
		uint32_t t[2] = { (uint32_t)in->tgt1, in->op == IR_CBR ? (uint32_t)in->tgt2 : (uint32_t)in->tgt1 };
		for (int k = 0; k < 2; k++)
			if (t[k] <= i) {
				is_h[t[k]] = 1;
				last[t[k]] = i;
			}
	}
	int moved = 0;
	/* innermost (shortest) first: try loops by length */
	for (uint32_t width = 1; !moved && width / 2 < n; width *= 2) {
		for (uint32_t h = 0; !moved && h < n; h++) {
			if (!is_h[h])
				continue;
			uint32_t e = last[h], len = e - h + 1;
			if (len > width || len <= width / 2)
				continue;
			/* one entry: no branch from outside into (h, e] */
			int single = 1;
			for (uint32_t i = 0; single && i < n; i++) {
				const struct ir_insn *in = &f->code[i];
				if ((i >= h && i <= e) || dead(in) || (in->op != IR_BR && in->op != IR_CBR))
					continue;
				if (((uint32_t)in->tgt1 > h && (uint32_t)in->tgt1 <= e) ||
				    (in->op == IR_CBR && (uint32_t)in->tgt2 > h && (uint32_t)in->tgt2 <= e))
					single = 0;
			}
			if (!single || waits(f, h, e))
				continue;
			for (uint32_t i = h; i <= e; i++) {
				x->ban[i - h] = 0;
				IR_EACH_WRITE(&f->code[i], r, if (!dead(&f->code[i])) x->indef[r]++);
			}
			x->loads = loads_ok(x, h, e);
			for (int pass = 0; pass < 2; pass++) {
				for (int round = 0; round < 64; round++) {
					mark(x, h, e);
					if (!prune(x, h, e))
						break;
				}
				mark(x, h, e);
				if (!x->loads || !exit_reads_load(x, h, e))
					break;
				x->loads = 0;
				memset(x->ban, 0, e - h + 1);
			}
			for (int k = 0; k < 8 && reassociate(x, h, e); k++)
				mark(x, h, e);
			uint32_t cnt = 0;
			for (uint32_t i = h; i <= e; i++)
				cnt += x->inv[i - h];
			if (cnt) {
				move(x, h, e, a);
				moved = 1;
			}
			for (uint32_t i = h; i <= e; i++)
				IR_EACH_WRITE(&f->code[i], r, x->indef[r] = 0);
		}
	}
	free(last);
	free(is_h);
	return moved;
}

void ir_hoist_invariants(struct ir_func *f, struct arena *a)
{
	if (!f || !a || !f->ncode || !f->code || !f->nregs || f->ncode > LICM_MAX_CODE)
		return;
	uint32_t nr = f->nregs, n = f->ncode;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if ((in->op == IR_BR || in->op == IR_CBR) &&
		    ((uint32_t)in->tgt1 >= n || (in->op == IR_CBR && (uint32_t)in->tgt2 >= n)))
			return;
	}
	struct lx x;
	x.f = f;
	x.named = xcalloc(nr, 1);
	x.ndef = xcalloc(nr, sizeof(uint32_t));
	x.nuse = xcalloc(nr, sizeof(uint32_t));
	x.def = xcalloc(nr, sizeof(int32_t));
	x.indef = xcalloc(nr, sizeof(uint32_t));
	x.inv = xcalloc(n, 1);
	x.ban = xcalloc(n, 1);
	x.taint = xcalloc(nr, 1);
	for (uint32_t r = 0; r < f->nparams && r < nr; r++)
		x.named[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < nr)
			x.named[f->vars[k].reg] = 1;
	for (int round = 0; round < LICM_ROUNDS; round++) {
		lx_count(&x);
		if (!hoist_one(&x, a))
			break;
	}
	free(x.named);
	free(x.ndef);
	free(x.nuse);
	free(x.def);
	free(x.indef);
	free(x.inv);
	free(x.ban);
	free(x.taint);
}

/*
 * Constant offsets into loads and stores: `p->y` is lowered as CONST 4 ;
 * r = ADD.ptr p, 4 ; LD [r]. A load or store adds its own immediate (imm)
 * to its address register, so when r is a temporary that only loads and
 * stores of the same straight run use as their address (p not written in
 * between), they read [p + imm + 4] and the ADD goes. The address each
 * accesses is the same to the byte, so is every check and finding.
 */
void ir_fold_offsets(struct ir_func *f)
{
	if (!f || !f->ncode || !f->code || !f->nregs)
		return;
	uint32_t n = f->ncode, nr = f->nregs;
	struct lx x;
	memset(&x, 0, sizeof(x));
	x.f = f;
	x.named = xcalloc(nr, 1);
	x.ndef = xcalloc(nr, sizeof(uint32_t));
	x.nuse = xcalloc(nr, sizeof(uint32_t));
	x.def = xcalloc(nr, sizeof(int32_t));
	uint8_t *lead = xcalloc(n + 1, 1);
	for (uint32_t r = 0; r < f->nparams && r < nr; r++)
		x.named[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < nr)
			x.named[f->vars[k].reg] = 1;
	lead[0] = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			if ((uint32_t)in->tgt1 < n)
				lead[in->tgt1] = 1;
			if (in->op == IR_CBR && (uint32_t)in->tgt2 < n)
				lead[in->tgt2] = 1;
		}
		if (in->op == IR_BR || in->op == IR_CBR || in->op == IR_RET || in->op == IR_TRAP ||
		    in->op == IR_UNREACHABLE || in->op == IR_CALL || in->op == IR_ICALL)
			lead[i + 1] = 1;
	}
	lx_count(&x);
	for (uint32_t i = 0; i < n; i++) {
		struct ir_insn *ad = &f->code[i];
		if (dead(ad) || ad->op != IR_ADD || ad->t != IR_PTR || ad->d < 0 || x.named[ad->d] ||
		    x.ndef[ad->d] != 1 || (ad->flags & IRF_STMT_START) || ad->a < 0 || ad->b < 0 ||
		    ad->a == ad->b)
			continue;
		const struct ir_insn *k = const_of(&x, ad->b);
		int32_t base = ad->a, kr = ad->b;
		if (!k) {
			k = const_of(&x, ad->a);
			base = ad->b;
			kr = ad->a;
		}
		if (!k || (k->t != IR_S64 && k->t != IR_U64 && k->t != IR_PTR) || base == ad->d)
			continue;
		/* every use: the address of a LD or ST after it in its straight run */
		int32_t d = ad->d;
		uint32_t left = x.nuse[d], j;
		int ok = 1;
		for (j = i + 1; ok && left && j < n && !lead[j]; j++) {
			const struct ir_insn *q = &f->code[j];
			if (dead(q))
				continue;
			int rd = 0;
			IR_EACH_READ(q, r, rd += r == d);
			if (rd) {
				if (!((q->op == IR_LD && q->a == d && rd == 1) ||
				      (q->op == IR_ST && q->a == d && q->b != d && rd == 1)))
					ok = 0;
				left--;
			}
			if (left)
				IR_EACH_WRITE(q, r, ok &= r != base);
		}
		if (!ok || left)
			continue;
		for (uint32_t u = i + 1; u < j; u++) {
			struct ir_insn *q = &f->code[u];
			if (!dead(q) && (q->op == IR_LD || q->op == IR_ST) && q->a == d) {
				q->a = base;
				q->imm = (int64_t)((uint64_t)q->imm + (uint64_t)k->imm);
			}
		}
		if (--x.nuse[kr] == 0 && x.def[kr] >= 0 &&
		    !(f->code[x.def[kr]].flags & IRF_STMT_START)) {
			struct ir_insn *kin = &f->code[x.def[kr]];
			kin->op = IR_NOP;
			kin->flags |= IRF_DEAD;
			kin->d = kin->a = kin->b = kin->c = kin->e = -1;
			x.ndef[kr] = 0;
		}
		x.nuse[base] += x.nuse[d];
		x.nuse[d] = 0;
		x.ndef[d] = 0;
		ad->op = IR_NOP;
		ad->flags |= IRF_DEAD;
		ad->d = ad->a = ad->b = ad->c = ad->e = -1;
	}
	free(x.named);
	free(x.ndef);
	free(x.nuse);
	free(x.def);
	free(lead);
}
