/*
 * unroll.c - full unrolling of loops whose trip count the IR fixes (run's
 * pipeline only: ir_unroll_loops in ir.h).
 *
 * Every pass through a counted loop pays for its control: the counter's
 * update, the test's compare and branch, the copies and NOPs between them
 * (reduce_shfl's `for (off = 16; off > 0; off >>= 1)` spends about a third
 * of its warp instructions there), and what the body reads of the counter
 * is a register rather than a constant the decoder could fold (a shuffle's
 * offset, a shift count, an index). A loop as ir_inline leaves it (the test
 * at its top, the guard, and a copy at its bottom, the latch) whose
 * counters are constants on entry and are changed only by constant steps
 * runs the same instructions, in the same order, on every thread that
 * enters it: its body written out once per pass, each copy reading the
 * counters' values of that pass as constants, does the same work without
 * the control.
 *
 * What is recognised: a latch `CBR p @B @X` (or `@X @B`) at L with B <= L
 * and X = L + 1; the loop [B, L] is entered only at B, from a guard CBR
 * just before it (@B / @X) or by falling into it (a do-while); its branches
 * stay inside it (no break, no return); the straight run that ends at L
 * (the tail) holds every write of the counters. The counters and the loop
 * test are found by evaluation, not by pattern: the straight run before B
 * (or before the guard) is evaluated with nothing known, which gives the
 * registers that are constants on entry; those that the loop does not
 * write, or writes only once, in the tail, stay known at each pass's top;
 * the tail is then evaluated pass by pass from those values until the
 * latch's predicate says exit. Nothing else in the body matters to the
 * count: it does not write what the test reads. A loop that does not exit
 * within UNROLL_TRIPS passes, or whose copies would add more than the
 * function's budget (UNROLL_ADD_MAX instructions), stays a loop.
 *
 * Each copy: the counters' reads become constants (an instruction all of
 * whose operands are known becomes a CONST of its result; another reading
 * a counter reads a fresh temporary defined by a CONST just before it,
 * which decode.c then folds into the operand), the temporaries of one
 * straight run get fresh registers per copy (defined once, as decode.c's
 * copy propagation, constant folding and fusions want), NOPs go, and the
 * counters' writes are kept only in the last copy (what the loop leaves in
 * them). The latch's test and the guard's, now constants nobody reads,
 * are dropped with the branches. Lines and statements of each copy are
 * the original's, so a finding inside reports the same line. Steps that
 * `run` counts change (fewer); nothing a session steps runs this.
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "ir.h"
#include "util.h"

#define UNROLL_TRIPS 32     /* most passes written out */
#define UNROLL_ADD_MAX 512  /* most instructions the copies may add per function */
#define UNROLL_KNOWN 16     /* most counters and invariants followed per loop */

struct known {
	int32_t r[UNROLL_KNOWN];
	uint32_t n;
};

struct env {
	uint8_t *has;     /* per register: value known */
	uint64_t *val;
};

static int is_dead(const struct ir_insn *in)
{
	return (in->flags & IRF_DEAD) != 0;
}

static int is_int(unsigned t)
{
	return t >= IR_S8 && t <= IR_U64;
}

static int is_signed(unsigned t)
{
	return t == IR_S8 || t == IR_S16 || t == IR_S32 || t == IR_S64;
}


static unsigned reg_type(const struct ir_func *f, int32_t r)
{
	return f->reg_ty ? f->reg_ty[r] : IR_S64;
}

/* The value `in` writes when its operands' values are known, as the
 * interpreter computes it (interp.c: lane_op, do_shift, do_setp,
 * do_minmax; register values are kept extended per their type); 0 when
 * it cannot be computed here (floats, a shift by the width or more). */
static int eval(const struct ir_insn *in, const struct env *e, uint64_t *out)
{
	unsigned t = in->t;
	uint64_t a = 0, b = 0, c = 0;
	if (in->d < 0 || !ir_op_pure(in->op) || in->op == IR_SEL)
		return 0;
	if (in->op == IR_CONST) {
		*out = ir_norm((uint64_t)in->imm, t);
		return 1;
	}
	if (in->a < 0 || !e->has[in->a])
		return 0;
	a = e->val[in->a];
	if (in->op == IR_MOV) {
		*out = a;
		return 1;
	}
	if (in->op == IR_CVT) {
		if (!is_int(t) || !is_int(in->t2))
			return 0;
		*out = ir_norm(ir_norm(a, in->t2), t);
		return 1;
	}
	int pred = t == IR_PRED && (in->op == IR_NOT || in->op == IR_AND || in->op == IR_OR ||
				    in->op == IR_XOR);
	if (!is_int(t) && !pred)
		return 0;
	if (in->op == IR_NOT) {
		*out = t == IR_PRED ? !a : ir_norm(~a, t);
		return 1;
	}
	if (in->op == IR_NEG) {
		*out = ir_norm((uint64_t)0 - a, t);
		return 1;
	}
	if (in->b < 0 || !e->has[in->b])
		return 0;
	b = e->val[in->b];
	unsigned bits = ir_type_size(t) * 8;
	switch (in->op) {
	case IR_ADD: c = a + b; break;
	case IR_SUB: c = a - b; break;
	case IR_MUL: c = a * b; break;
	case IR_AND: c = a & b; break;
	case IR_OR: c = a | b; break;
	case IR_XOR: c = a ^ b; break;
	case IR_SHL:
		if ((b & 0xffffffffu) >= bits)
			return 0;
		c = a << (b & 63);
		break;
	case IR_SHR:
		if ((b & 0xffffffffu) >= bits)
			return 0;
		c = is_signed(t) ? (uint64_t)((int64_t)a >> (b & 63)) : a >> (b & 63);
		break;
	case IR_MIN: case IR_MAX: {
		int lt = is_signed(t) ? (int64_t)a < (int64_t)b : a < b;
		c = (lt ^ (in->op == IR_MAX)) ? a : b;
		break;
	}
	case IR_SETP: {
		int s = is_signed(t), r;
		int64_t x = (int64_t)a, y = (int64_t)b;
		switch (in->sub) {
		case CMP_EQ: r = a == b; break;
		case CMP_NE: r = a != b; break;
		case CMP_LT: r = s ? x < y : a < b; break;
		case CMP_LE: r = s ? x <= y : a <= b; break;
		case CMP_GT: r = s ? x > y : a > b; break;
		default: r = s ? x >= y : a >= b; break;
		}
		*out = (uint64_t)r;
		return 1;
	}
	default:
		return 0;
	}
	*out = t == IR_PRED ? c != 0 : ir_norm(c, t);
	return 1;
}

/* The type of the CONST that writes what `in` computes: the value must
 * stay itself under it (a CONST extends its immediate per its type). */
static int const_type(const struct ir_func *f, const struct ir_insn *in, uint64_t v, unsigned *t)
{
	*t = in->op == IR_SETP ? IR_PRED : in->op == IR_MOV ? reg_type(f, in->d) : in->t;
	return ir_norm(v, *t) == v;
}

/* evaluate one instruction into e: its writes become known or unknown */
static void step(const struct ir_insn *in, struct env *e)
{
	uint64_t v;
	if (is_dead(in))
		return;
	if (eval(in, e, &v)) {
		e->has[in->d] = 1;
		e->val[in->d] = v;
		return;
	}
	IR_EACH_WRITE(in, r, e->has[r] = 0);
}

static void env_load(struct env *e, uint32_t nr, const struct known *k, const uint64_t *vals)
{
	memset(e->has, 0, nr);
	for (uint32_t j = 0; j < k->n; j++) {
		e->has[k->r[j]] = 1;
		e->val[k->r[j]] = vals[j];
	}
}

/* One loop to write out. */
struct plan {
	uint32_t B, L, U;      /* body start, latch, tail start */
	int32_t guard;         /* the guard CBR, or -1 */
	uint32_t trips;        /* passes (0: the guard skips it) */
	uint32_t len;          /* instructions a copy emits at most */
	struct known k;        /* counters and invariants */
	uint64_t vals[UNROLL_TRIPS][UNROLL_KNOWN]; /* their values at each pass's top */
	uint8_t counter[UNROLL_KNOWN]; /* k.r[j] is written in the tail */
};

struct ctx {
	struct ir_func *f;
	uint32_t n, nr;
	uint8_t *lead;         /* per instruction: a straight run starts here */
	uint8_t *named;        /* per register: a variable or a parameter */
	uint32_t *ndef;        /* per register: live writes in the function */
	struct env e;
};

static void ctx_scan(struct ctx *x)
{
	struct ir_func *f = x->f;
	x->n = f->ncode;
	x->nr = f->nregs ? f->nregs : 1;
	x->lead = xcalloc(x->n + 1, 1);
	x->named = xcalloc(x->nr, 1);
	x->ndef = xcalloc(x->nr, sizeof(uint32_t));
	x->e.has = xcalloc(x->nr, 1);
	x->e.val = xcalloc(x->nr, sizeof(uint64_t));
	for (uint32_t r = 0; r < f->nparams && r < x->nr; r++)
		x->named[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < x->nr)
			x->named[f->vars[k].reg] = 1;
	x->lead[0] = 1;
	for (uint32_t i = 0; i < x->n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (is_dead(in))
			continue;
		if (in->op == IR_BR || in->op == IR_CBR) {
			x->lead[in->tgt1] = 1;
			if (in->op == IR_CBR)
				x->lead[in->tgt2] = 1;
		}
		if (in->op == IR_BR || in->op == IR_CBR || in->op == IR_RET || in->op == IR_TRAP ||
		    in->op == IR_UNREACHABLE)
			x->lead[i + 1] = 1;
		IR_EACH_WRITE(in, r, x->ndef[r]++);
	}
}

static void ctx_free(struct ctx *x)
{
	free(x->lead);
	free(x->named);
	free(x->ndef);
	free(x->e.has);
	free(x->e.val);
}

static int writes_reg(const struct ir_insn *in, int32_t r)
{
	int hit = 0;
	IR_EACH_WRITE(in, w, hit |= w == r);
	return hit;
}

/* an instruction that may wait for other threads, or whose result depends
 * on which threads run it together */
static int waits(const struct ir_insn *in)
{
	switch (in->op) {
	case IR_BAR: case IR_WARPSYNC: case IR_SHFL: case IR_VOTE: case IR_MATCH: case IR_REDUX:
	case IR_ACTIVEMASK: case IR_CALL: case IR_ICALL:
		return 1;
	case IR_BCALL:
		return !(in->imm >= 0 && in->imm < BI_COUNT && builtin_table[in->imm].kind == BK_PURE);
	default:
		return 0;
	}
}

/* whether the latch at L closes a loop this pass writes out; p filled */
static int plan_loop(struct ctx *x, uint32_t L, struct plan *p, uint32_t budget)
{
	struct ir_func *f = x->f;
	const struct ir_insn *lt = &f->code[L];
	uint32_t X = L + 1;
	int cont;           /* the latch's predicate value that goes round again */
	if (lt->op != IR_CBR || is_dead(lt) || lt->a < 0)
		return 0;
	if ((uint32_t)lt->tgt2 == X && (uint32_t)lt->tgt1 <= L)
		cont = 1;
	else if ((uint32_t)lt->tgt1 == X && (uint32_t)lt->tgt2 <= L)
		cont = 0;
	else
		return 0;
	uint32_t B = (uint32_t)(cont ? lt->tgt1 : lt->tgt2);
	/* the guard, or a fall into B */
	int32_t g = (int32_t)B - 1;
	while (g >= 0 && is_dead(&f->code[g]))
		g--;
	if (g < 0)
		return 0;
	const struct ir_insn *gi = &f->code[g];
	int gcont = -1;
	if (gi->op == IR_CBR) {
		if ((uint32_t)gi->tgt1 == B && (uint32_t)gi->tgt2 == X)
			gcont = 1;
		else if ((uint32_t)gi->tgt1 == X && (uint32_t)gi->tgt2 == B)
			gcont = 0;
		else
			return 0;
	} else if (gi->op == IR_BR || gi->op == IR_RET || gi->op == IR_TRAP ||
		   gi->op == IR_UNREACHABLE) {
		return 0;
	}
	/* entered only at B (from the guard or the latch), left only by the
	 * latch: no break, return or branch from outside into it */
	for (uint32_t k = 0; k < x->n; k++) {
		const struct ir_insn *in = &f->code[k];
		if (is_dead(in))
			continue;
		int inside = k >= B && k <= L;
		if (inside && k < L &&
		    (in->op == IR_RET || in->op == IR_UNREACHABLE || in->op == IR_LAUNCH))
			return 0;
		if (in->op != IR_BR && in->op != IR_CBR)
			continue;
		uint32_t t[2] = { (uint32_t)in->tgt1, in->op == IR_CBR ? (uint32_t)in->tgt2 : (uint32_t)in->tgt1 };
		for (int q = 0; q < 2; q++) {
			if (inside && k < L && (t[q] < B || t[q] >= L))
				return 0;
			if (!inside && t[q] >= B && t[q] <= L && !((int32_t)k == g && t[q] == B))
				return 0;
		}
	}
	/* what waits for other threads (a barrier, a warp collective, a
	 * call that may hold one) only where every pass of every thread
	 * runs it: no branch of the body jumps over it or back around it.
	 * The k-th arrival of each thread is then the k-th copy, as it was
	 * the k-th pass of one instruction; under divergence the copies
	 * would be different instructions where the loop had one. */
	for (uint32_t k = B; k < L; k++) {
		const struct ir_insn *in = &f->code[k];
		if (is_dead(in) || !waits(in))
			continue;
		for (uint32_t j = B; j < L; j++) {
			const struct ir_insn *br = &f->code[j];
			if (is_dead(br) || (br->op != IR_BR && br->op != IR_CBR))
				continue;
			uint32_t t[2] = { (uint32_t)br->tgt1, br->op == IR_CBR ? (uint32_t)br->tgt2 : (uint32_t)br->tgt1 };
			for (int q = 0; q < 2; q++)
				if ((j < k && t[q] > k) || (j >= k && t[q] <= k))
					return 0;
		}
	}
	/* the tail: the straight run that ends at the latch */
	uint32_t U = L;
	while (U > B && !x->lead[U])
		U--;
	if (U == L)
		return 0;
	/* what is known on entry: the straight run before B, evaluated */
	uint32_t P = (uint32_t)g;
	while (P > 0 && !x->lead[P])
		P--;
	memset(x->e.has, 0, x->nr);
	for (uint32_t k = P; k < (uint32_t)g + (gcont < 0); k++)
		step(&f->code[k], &x->e);
	if (gcont >= 0 && !x->e.has[gi->a])
		return 0;
	/* the counters and invariants: known on entry, and either not written
	 * in the loop or written once, in the tail */
	p->k.n = 0;
	uint8_t *seen = xcalloc(x->nr, 1);
	uint32_t *wr = xcalloc(x->nr, sizeof(uint32_t));
	int ok = 1;
	for (uint32_t k = B; k <= L; k++) {
		const struct ir_insn *in = &f->code[k];
		if (is_dead(in))
			continue;
		IR_EACH_WRITE(in, r, { wr[r] += k >= U ? 1 : 1000; });
	}
	for (uint32_t k = B; k <= L && ok; k++) {
		const struct ir_insn *in = &f->code[k];
		if (is_dead(in))
			continue;
		int32_t rs[8];
		int nrs = 0;
		IR_EACH_READ(in, r, { if (nrs < 8) rs[nrs++] = r; });
		IR_EACH_WRITE(in, r, { if (nrs < 8) rs[nrs++] = r; });
		for (int q = 0; q < nrs; q++) {
			int32_t r = rs[q];
			if (seen[r] || !x->e.has[r] || wr[r] > 1)
				continue;
			seen[r] = 1;
			if (p->k.n == UNROLL_KNOWN) {
				ok = 0;
				break;
			}
			if (ir_norm(x->e.val[r], reg_type(f, r)) != x->e.val[r]) {
				ok = 0;
				break;
			}
			p->counter[p->k.n] = wr[r] == 1;
			p->vals[0][p->k.n] = x->e.val[r];
			p->k.r[p->k.n++] = r;
		}
	}
	free(seen);
	free(wr);
	if (!ok)
		return 0;
	p->B = B;
	p->L = L;
	p->U = U;
	p->guard = gcont >= 0 ? g : -1;
	int gskip = gcont >= 0 && (int)(x->e.val[gi->a] != 0) != gcont;
again:
	p->trips = 0;
	if (gskip)
		goto counted;
	for (;;) {
		if (p->trips == UNROLL_TRIPS)
			return 0;
		uint32_t i = p->trips++;
		env_load(&x->e, x->nr, &p->k, p->vals[i]);
		for (uint32_t k = U; k < L; k++)
			step(&f->code[k], &x->e);
		if (!x->e.has[lt->a])
			return 0;
		if ((int)(x->e.val[lt->a] != 0) != cont)
			break;
		if (p->trips == UNROLL_TRIPS)
			return 0;
		for (uint32_t j = 0; j < p->k.n; j++) {
			int32_t r = p->k.r[j];
			if (x->e.has[r] && ir_norm(x->e.val[r], reg_type(f, r)) == x->e.val[r]) {
				p->vals[i + 1][j] = x->e.val[r];
				continue;
			}
			/* not a counter after all (an accumulator that starts
			 * as a constant): unknown in every pass, count again */
			p->k.n--;
			memmove(&p->k.r[j], &p->k.r[j + 1], (p->k.n - j) * sizeof(p->k.r[0]));
			memmove(&p->counter[j], &p->counter[j + 1], p->k.n - j);
			for (uint32_t q = j; q < p->k.n; q++)
				p->vals[0][q] = p->vals[0][q + 1];
			goto again;
		}
	}
counted:
	/* a copy's size once folded: what stays, and a constant per counter
	 * read that stays (pass 0 stands for all) */
	p->len = 0;
	for (uint32_t k = B; k < L; k++) {
		const struct ir_insn *in = &f->code[k];
		if (k == B || x->lead[k])
			env_load(&x->e, x->nr, &p->k, p->vals[0]);
		if (is_dead(in) || in->op == IR_NOP)
			continue;
		uint64_t v;
		unsigned ct;
		if (eval(in, &x->e, &v) && const_type(f, in, v, &ct)) {
			p->len += in->d >= 0 && x->named[in->d];
		} else {
			p->len++;
			IR_EACH_READ(in, r, {
				for (uint32_t j = 0; j < p->k.n; j++)
					p->len += p->k.r[j] == r && p->counter[j] && x->e.has[r];
			});
		}
		step(in, &x->e);
	}
	return (uint64_t)p->trips * p->len <= budget + p->len;
}

/* The temporaries one copy renames: not a variable, every use and write
 * inside one straight run of the body, written before it is read. */
static void plan_rename(struct ctx *x, const struct plan *p, uint8_t *ren)
{
	struct ir_func *f = x->f;
	int32_t *run = xmalloc(x->nr * sizeof(int32_t));
	uint8_t *bad = xcalloc(x->nr, 1);
	for (uint32_t r = 0; r < x->nr; r++)
		run[r] = -1;
	int32_t cur = -1;
	for (uint32_t k = 0; k < x->n; k++) {
		const struct ir_insn *in = &f->code[k];
		if (x->lead[k])
			cur = (int32_t)k;
		if (is_dead(in))
			continue;
		int inside = k >= p->B && k <= p->L;
		IR_EACH_READ(in, r, {
			if (!inside || run[r] != cur)
				bad[r] = 1;
		});
		IR_EACH_WRITE(in, r, {
			if (!inside || (run[r] >= 0 && run[r] != cur))
				bad[r] = 1;
			run[r] = cur;
		});
	}
	for (uint32_t r = 0; r < x->nr; r++)
		ren[r] = run[r] >= 0 && !bad[r] && !x->named[r];
	free(run);
	free(bad);
}

static int reads_reg(const struct ir_insn *in, int32_t r)
{
	int hit = 0;
	IR_EACH_READ(in, q, hit |= q == r);
	return hit;
}

/* What every pass computes alike: in the body's first straight run (which
 * every pass runs), a register op whose operands the loop does not write,
 * or are such results themselves (an array row's address: ir_hoist_invariants
 * would have taken it out of the loop). The later copies read the first
 * copy's result instead of computing it again; inv[k - B] marks them, and
 * ren[] no longer renames their results. */
static void plan_invariant(struct ctx *x, const struct plan *p, uint8_t *ren, uint8_t *inv)
{
	struct ir_func *f = x->f;
	uint8_t *wr = xcalloc(x->nr, 1), *same = xcalloc(x->nr, 1);
	uint32_t *nw = xcalloc(x->nr, sizeof(uint32_t));
	for (uint32_t k = p->B; k <= p->L; k++)
		if (!is_dead(&f->code[k]))
			IR_EACH_WRITE(&f->code[k], r, { wr[r] = 1; nw[r]++; });
	int32_t *defk = xmalloc(x->nr * sizeof(int32_t));
	uint32_t *nrd = xcalloc(x->nr, sizeof(uint32_t));
	for (uint32_t r = 0; r < x->nr; r++)
		defk[r] = -1;
	for (uint32_t k = p->B; k <= p->L; k++)
		if (!is_dead(&f->code[k]))
			IR_EACH_READ(&f->code[k], r, nrd[r]++);
	for (uint32_t k = p->B; k < p->L && (k == p->B || !x->lead[k]); k++) {
		struct ir_insn *in = &f->code[k];
		if (is_dead(in) || !ir_op_pure(in->op) || in->d < 0 || !ren[in->d] || nw[in->d] != 1)
			continue;
		defk[in->d] = (int32_t)k;
		/* (A + c) + V, A and V the same in every pass, c not: A + V
		 * first (an array row plus a column, as licm.c does for a
		 * loop), so that it is computed once and c becomes the
		 * access's offset (ir_fold_offsets) */
		if (in->op == IR_ADD && (in->t == IR_PTR || in->t == IR_U64 || in->t == IR_S64) &&
		    in->a >= 0 && in->b >= 0 && defk[in->a] >= 0 && !same[in->a] && nrd[in->a] == 1) {
			uint32_t i1 = (uint32_t)defk[in->a];
			struct ir_insn *ad = &f->code[i1];
			int32_t V = in->b;
			int vok = !wr[V] || (same[V] && defk[V] >= 0);
			if (ad->op == IR_ADD && ad->t == in->t && vok && ad->a >= 0 && ad->b >= 0) {
				int inv_a = !wr[ad->a] || same[ad->a], inv_b = !wr[ad->b] || same[ad->b];
				int32_t A = inv_a ? ad->a : ad->b, C = inv_a ? ad->b : ad->a;
				int cok = inv_a != inv_b;
				for (uint32_t j = i1 + 1; cok && j < k; j++)
					if (!is_dead(&f->code[j]))
						IR_EACH_WRITE(&f->code[j], r, cok &= r != C && r != A);
				if (cok && wr[V] && (uint32_t)defk[V] > i1) {
					/* V is computed after A + c: A + c moves down to
					 * just before its one reader (same straight run,
					 * nothing between writes A or c) */
					struct ir_insn mv = *ad;
					memmove(ad, ad + 1, (k - 1 - i1) * sizeof(*ad));
					memmove(&inv[i1 - p->B], &inv[i1 + 1 - p->B], k - 1 - i1);
					inv[k - 1 - p->B] = 0;
					for (uint32_t r = 0; r < x->nr; r++)
						if (defk[r] > (int32_t)i1 && defk[r] < (int32_t)k)
							defk[r]--;
					for (uint32_t q = 0; q < f->nstmts; q++)
						if (f->stmts[q].first > i1 && f->stmts[q].first < k)
							f->stmts[q].first--;
					i1 = k - 1;
					f->code[i1] = mv;
					defk[mv.d] = (int32_t)i1;
					ad = &f->code[i1];
				}
				if (cok) {
					ad->a = A;
					ad->b = V;
					in->a = ad->d;
					in->b = C;
					same[ad->d] = 1;
					ren[ad->d] = 0;
					inv[i1 - p->B] = 1;
					continue;
				}
			}
		}
		if (in->op == IR_CONST) {
			/* a constant decode.c folds into its reader costs nothing:
			 * each copy keeps its own; one it cannot (a shuffle's
			 * width and mask, a stored value) is run once */
			same[in->d] = 1;
			int folds = 0;
			for (uint32_t j = p->B; j < p->L; j++)
				if (!is_dead(&f->code[j]) && reads_reg(&f->code[j], in->d))
					folds |= ir_const_folds_into(&f->code[j], in->d);
			if (folds)
				continue;
		}
		int ok = 1;
		IR_EACH_READ(in, r, ok &= !wr[r] || same[r]);
		if (!ok)
			continue;
		same[in->d] = 1;
		ren[in->d] = 0;
		inv[k - p->B] = 1;
	}
	free(wr);
	free(same);
	free(nw);
	free(defk);
	free(nrd);
}

/* What a collective, call or built-in names keeps a row of its own
 * (regalloc.c): renamed per copy, each copy would add a row to every
 * frame (reduce_shfl 14 -> 22 rows, matmul_tiled 27 -> 50). The copies run
 * one after the other, so one register serves them all: their results
 * (but one only a MOV reads: forward_dest writes it into the MOV's
 * register, if it is defined once), and their operands (but copies:
 * decode.c propagates a MOV away, if it is defined once; and what the
 * first copy computes for all). */
static void keep_rows(struct ctx *x, const struct plan *p, uint8_t *ren, const uint8_t *inv)
{
	struct ir_func *f = x->f;
	int32_t *def = xmalloc(x->nr * sizeof(int32_t));
	for (uint32_t r = 0; r < x->nr; r++)
		def[r] = -1;
	for (uint32_t k = p->B; k < p->L; k++)
		if (!is_dead(&f->code[k]))
			IR_EACH_WRITE(&f->code[k], r, def[r] = (int32_t)k);
	for (uint32_t k = p->B; k < p->L; k++) {
		const struct ir_insn *in = &f->code[k];
		if (is_dead(in) || !(waits(in) || in->op == IR_BCALL))
			continue;
		IR_EACH_WRITE(in, r, {
			int movs = 1; /* read only by a MOV: forward_dest writes it straight */
			for (uint32_t j = p->B; j <= p->L; j++)
				if (!is_dead(&f->code[j]) && f->code[j].op != IR_MOV && reads_reg(&f->code[j], r))
					movs = 0;
			if (!movs)
				ren[r] = 0;
		});
		IR_EACH_READ(in, r, {
			if (def[r] >= 0 && f->code[def[r]].op != IR_MOV && !inv[def[r] - (int32_t)p->B])
				ren[r] = 0;
		});
	}
	free(def);
}

struct emit {
	struct ir_func *f;
	struct arena *a;
	VEC(struct ir_insn) out;
	VEC(uint8_t) ty;       /* types of the fresh registers */
	uint32_t nr;           /* registers so far */
};

static int32_t fresh(struct emit *o, unsigned t)
{
	vec_push(&o->ty, (uint8_t)t);
	return (int32_t)o->nr++;
}

static void write_out(struct ctx *x, struct plan *p, struct arena *a)
{
	struct ir_func *f = x->f;
	uint32_t B = p->B, L = p->L, X = L + 1, n = x->n;
	uint8_t *ren = xcalloc(x->nr, 1);
	uint8_t *inv = xcalloc(L - B + 1, 1);
	plan_rename(x, p, ren);
	plan_invariant(x, p, ren, inv);
	keep_rows(x, p, ren, inv);
	int32_t *rmap = xmalloc(x->nr * sizeof(int32_t));
	uint32_t *map = xmalloc((n + 1) * sizeof(uint32_t));   /* old index -> new, outside copies */
	uint32_t ncopy = p->trips ? p->trips : 1;
	uint32_t *cmap = xmalloc((size_t)ncopy * (L - B + 1) * sizeof(uint32_t));
	struct emit o = { f, a, { 0 }, { 0 }, f->nregs };
	for (uint32_t k = 0; k < B; k++) {
		map[k] = (uint32_t)o.out.len;
		struct ir_insn in = f->code[k];
		if ((int32_t)k == p->guard) {
			in.op = IR_NOP;
			in.flags |= IRF_DEAD;
			in.d = in.a = in.b = in.c = in.e = -1;
		}
		vec_push(&o.out, in);
	}
	for (uint32_t i = 0; i < p->trips; i++) {
		uint32_t *cm = &cmap[(size_t)i * (L - B + 1)];
		size_t first = o.out.len;
		for (uint32_t r = 0; r < x->nr; r++)
			rmap[r] = i && ren[r] ? -2 : (int32_t)r;
		for (uint32_t k = B; k < L; k++) {
			cm[k - B] = (uint32_t)o.out.len;
			const struct ir_insn *src = &f->code[k];
			if (k == B || x->lead[k])
				env_load(&x->e, x->nr, &p->k, p->vals[i]);
			if (is_dead(src) || src->op == IR_NOP)
				continue;
			if (i && inv[k - B]) {
				step(src, &x->e);
				continue;
			}
			struct ir_insn in = *src;
			/* nothing steps through the copies: forward_dest and licm may
			 * move what began a statement */
			in.flags &= (uint16_t)~IRF_STMT_START;
			int32_t *ops[4] = { &in.a, &in.b, &in.c, in.op == IR_MATCH ? NULL : &in.e };
			uint64_t v;
			unsigned ct;
			int folded = eval(src, &x->e, &v) && const_type(f, src, v, &ct);
			/* a counter's write is what the next copy's constants
			 * stand for: only the last copy keeps it */
			int keep = 1;
			for (uint32_t j = 0; j < p->k.n; j++)
				if (p->counter[j] && writes_reg(src, p->k.r[j]) && i + 1 < p->trips)
					keep = 0;
			if (!keep) {
				step(src, &x->e);
				continue;
			}
			if (in.nargs && in.args) {
				int32_t *na = arena_alloc(a, in.nargs * sizeof(int32_t));
				memcpy(na, in.args, in.nargs * sizeof(int32_t));
				in.args = na;
			}
			if (folded) {
				in.op = IR_CONST;
				in.t = (uint8_t)ct;
				in.t2 = 0;
				in.sub = 0;
				in.imm = (int64_t)v;
				in.a = in.b = in.c = in.e = -1;
				in.nargs = 0;
				in.args = NULL;
			} else {
				/* a counter read: its value here, in a temporary of
				 * its own defined just before */
				for (int q = 0; q < 4 + (int)in.nargs; q++) {
					int32_t *op = q < 4 ? ops[q] : &in.args[q - 4];
					if (!op || *op < 0 || !x->e.has[*op])
						continue;
					for (uint32_t j = 0; j < p->k.n; j++) {
						if (p->k.r[j] != *op || !p->counter[j])
							continue;
						struct ir_insn kc = *src;
						kc.op = IR_CONST;
						kc.t = (uint8_t)reg_type(f, *op);
						kc.t2 = kc.sub = kc.sp = kc.sem = kc.scope = 0;
						kc.flags = in.flags & IRF_STMT_START;
						kc.imm = (int64_t)x->e.val[*op];
						kc.a = kc.b = kc.c = kc.e = -1;
						kc.nargs = 0;
						kc.args = NULL;
						kc.tgt1 = kc.tgt2 = -1;
						kc.d = fresh(&o, kc.t);
						in.flags &= (uint16_t)~IRF_STMT_START;
						*op = kc.d;
						vec_push(&o.out, kc);
						break;
					}
				}
			}
			step(src, &x->e);
			/* fresh temporaries for this copy */
#define REN(r) do { if ((r) >= 0 && rmap[(r)] != (r)) { \
		if (rmap[(r)] == -2) rmap[(r)] = fresh(&o, reg_type(f, (r))); \
		(r) = rmap[(r)]; } } while (0)
			for (int q = 0; q < 4; q++)
				if (ops[q])
					REN(*ops[q]);
			for (uint32_t q = 0; q < in.nargs; q++)
				REN(in.args[q]);
			REN(in.d);
			if (in.op == IR_MATCH)
				REN(in.e);
#undef REN
			vec_push(&o.out, in);
		}
		cm[L - B] = (uint32_t)o.out.len;
		for (size_t q = first; q < o.out.len; q++) {
			struct ir_insn *in = &o.out.v[q];
			if (in->op == IR_BR || in->op == IR_CBR) {
				in->tgt1 = (int32_t)cm[in->tgt1 - B];
				if (in->op == IR_CBR)
					in->tgt2 = (int32_t)cm[in->tgt2 - B];
			}
		}
	}
	if (!p->trips)
		for (uint32_t k = 0; k <= L - B; k++)
			cmap[k] = (uint32_t)o.out.len;
	for (uint32_t k = B; k <= L; k++)
		map[k] = cmap[k - B];
	for (uint32_t k = X; k < n; k++) {
		map[k] = (uint32_t)o.out.len;
		vec_push(&o.out, f->code[k]);
	}
	map[n] = (uint32_t)o.out.len;
	/* branches outside the copies */
	uint32_t total = (uint32_t)o.out.len;
	for (uint32_t k = 0; k < n; k++) {
		if (k >= B && k <= L)
			continue;
		struct ir_insn *in = &o.out.v[map[k]];
		if (in->op == IR_BR || in->op == IR_CBR) {
			in->tgt1 = (int32_t)map[in->tgt1];
			if (in->op == IR_CBR)
				in->tgt2 = (int32_t)map[in->tgt2];
		}
	}
	/* statements start in the first copy; a variable in scope in the
	 * body is in scope in every copy */
	uint32_t *last = p->trips ? &cmap[(size_t)(p->trips - 1) * (L - B + 1)] : cmap;
	for (uint32_t k = 0; k < f->nstmts; k++)
		if (f->stmts[k].first <= n)
			f->stmts[k].first = map[f->stmts[k].first];
	for (uint32_t k = 0; k < f->nvars; k++) {
		struct ir_var *v = &f->vars[k];
		uint32_t from = v->live_from < n ? v->live_from : n, to = v->live_to < n ? v->live_to : n;
		v->live_from = map[from];
		v->live_to = to > B && to <= L ? last[to - B] : map[to];
	}
	/* what the copies no longer read: the tests, constants folded away */
	uint32_t nr = o.nr;
	uint32_t *nuse = xcalloc(nr, sizeof(uint32_t));
	uint8_t *named = xcalloc(nr, 1);
	memcpy(named, x->named, x->nr);
	/* a counter nothing reads any more (the loop's own variable): its
	 * first value and its last go too */
	for (uint32_t j = 0; j < p->k.n; j++)
		if (p->counter[j] && p->k.r[j] >= (int32_t)f->nparams)
			named[p->k.r[j]] = 0;
	for (uint32_t k = 0; k < total; k++) {
		const struct ir_insn *in = &o.out.v[k];
		if (!is_dead(in))
			IR_EACH_READ(in, r, nuse[r]++);
	}
	uint32_t lo = map[p->guard >= 0 ? (uint32_t)p->guard : B], hi = map[X];
	while (lo > 0 && !x->lead[lo]) /* the indices before B stay */
		lo--;
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t k = hi; k-- > lo;) {
			struct ir_insn *in = &o.out.v[k];
			if (is_dead(in) || !ir_op_pure(in->op) || in->d < 0 || named[in->d] || nuse[in->d])
				continue;
			IR_EACH_READ(in, r, nuse[r]--);
			in->op = IR_NOP;
			in->flags |= IRF_DEAD;
			in->d = in->a = in->b = in->c = in->e = -1;
			changed = 1;
		}
	}
	free(nuse);
	free(named);
	if (nr > f->nregs) {
		uint8_t *ty = arena_alloc(a, nr);
		if (f->reg_ty)
			memcpy(ty, f->reg_ty, f->nregs);
		else
			memset(ty, IR_S64, f->nregs);
		memcpy(ty + f->nregs, o.ty.v, nr - f->nregs);
		f->reg_ty = ty;
		f->nregs = nr;
	}
	struct ir_insn *code = arena_alloc(a, (total ? total : 1) * sizeof(struct ir_insn));
	memcpy(code, o.out.v, total * sizeof(struct ir_insn));
	f->code = code;
	f->ncode = total;
	vec_free(&o.out);
	vec_free(&o.ty);
	free(ren);
	free(inv);
	free(rmap);
	free(map);
	free(cmap);
}

int ir_unroll_loops(struct ir_func *f, struct arena *a)
{
	if (!f || !f->code || !f->ncode || !(f->kind & (FN_DEVICE | FN_KERNEL)))
		return 0;
	/* most functions have no loop: nothing allocated for them */
	uint32_t back = 0;
	for (uint32_t i = 0; i < f->ncode && !back; i++) {
		const struct ir_insn *in = &f->code[i];
		back = in->op == IR_CBR && !is_dead(in) && ((uint32_t)in->tgt1 <= i || (uint32_t)in->tgt2 <= i);
	}
	if (!back || util_env_on("WS_NO_UNROLL"))
		return 0;
	uint32_t budget = UNROLL_ADD_MAX;
	int done = 0;
	struct plan *p = xmalloc(sizeof(*p));
	for (int again = 1; again;) {
		again = 0;
		struct ctx x;
		memset(&x, 0, sizeof(x));
		x.f = f;
		ctx_scan(&x);
		/* innermost first: an inner loop's latch comes before its outer's */
		for (uint32_t L = 0; L < x.n; L++) {
			if (!plan_loop(&x, L, p, budget))
				continue;
			uint32_t old = f->ncode;
			write_out(&x, p, a);
			uint32_t grew = f->ncode > old ? f->ncode - old : 0;
			budget = grew < budget ? budget - grew : 0;
			done++;
			again = 1;
			break;
		}
		ctx_free(&x);
	}
	free(p);
	return done;
}
