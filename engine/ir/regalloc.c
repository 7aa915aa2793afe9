/*
 * regalloc.c - register allocation for run's pipeline: the registers of a
 * device function share rows where their live ranges never meet, so that
 * frames hold fewer 64-bit-per-lane rows (less memory to allocate, zero and
 * keep in cache).
 *
 * The code keeps its register numbers: the result is a map (ir_func.regmap,
 * register -> row, nrows rows, row_ty) that decode.c applies after its own
 * rewrites, so that those rewrites (copy propagation, constant operands,
 * fusions: they need a register written once) decide exactly as before and
 * the decoded code, hence m->steps, is the same but for row numbers. What
 * decode reads in place of a temporary at the temporary's uses (the copied
 * register, a fused compare's operands, an index's source: the operands
 * of a temporary's one MOV, SETP, CVT or MUL definition, transitively)
 * counts as live while the temporary is.
 *
 * Liveness is the classic backward analysis over the basic blocks, per
 * register (instructions ir_optimize dropped, IRF_DEAD, are not run and do
 * not count). Two registers interfere when one is written where the other
 * is live afterwards, or read by the writing instruction itself (no
 * instruction's destination is one of its operands: handlers that read an
 * operand again after writing their result, the checkers' address events,
 * stay right). Registers are coloured greedily in number order.
 *
 * Per-thread liveness is right per lane because every writer of a register
 * row writes the lanes of its group only (interp.c EACH/FL, fastrun.h's
 * full-warp loops run only for a full mask; a shuffle from a lane outside
 * the group gives 0, never another row's value). Registers keep a row of
 * their own (never shared) when:
 * - they are parameters (rows 0..nparams-1, their own numbers);
 * - they are live on entry to the function (read before written on some
 *   path: an uninitialised local whose zero, or a reused frame's old value,
 *   is observable);
 * - a call, return, built-in, launch or alloca names them (argument lists
 *   and results are read and written by the row's type: ir_row_ty).
 * A warp or block collective's registers (shuffle, vote, match, reduction,
 * __syncwarp, __activemask, a barrier's predicate and result) share rows
 * like any other's: a collective reads each waiting lane's operands from
 * that lane's slots when it completes (interp.c coll_complete; a barrier's
 * predicate at arrival), and while a lane waits nothing writes its slots
 * (its own group waits; the others write their own lanes only), so that
 * per-lane liveness holds across the wait. Their rows held 4 of
 * reduce_shfl's 14 rows, and each row a warp writes costs it 4 cache
 * lines (docs/PERFORMANCE.md, the twenty-fourth session).
 * $WS_NO_RACOLL=1 gives them rows of their own again (tests compare).
 * Variables' registers may share rows: run's code has no debugger (the
 * debugger's sessions never run this pass); machine_reg_get/set follow the
 * map.
 *
 * Host code is left alone (hostvm.c runs it with its own fusions), and so
 * is every function of a module in which some device function has a
 * register live on entry: frames are reused between activations and
 * launches and keep their rows' values, so another function's new layout
 * would change what such a read sees.
 */
#include "ir.h"

#include <stdlib.h>
#include <string.h>

#define RA_MAX_REGS 8192 /* larger functions keep their registers (the matrix is n^2 bits) */
#define RA_EXT 8         /* operands a temporary's uses stand for, at most */

struct ra {
	struct ir_func *f;
	uint32_t n, nr, nw;      /* instructions, registers, 64-bit words per set */
	uint32_t nb, *first, *blk_of;
	uint64_t *in;            /* per block: live on entry */
	uint64_t *adj;           /* nr x nw interference matrix */
	uint8_t *pin;            /* a row of its own */
	int32_t (*ext)[RA_EXT];  /* decode temporaries: the operands they stand for */
	uint8_t *next;
};

static void set_add(uint64_t *s, int32_t r) { s[r >> 6] |= 1ull << (r & 63); }
static int set_has(const uint64_t *s, int32_t r) { return (int)(s[r >> 6] >> (r & 63) & 1); }

static int uses_of(const struct ir_insn *in, int32_t *out)
{
	int n = 0;
	IR_EACH_READ(in, r, { if (n < 64) out[n++] = r; });
	return n;
}

static int is_term(unsigned op)
{
	return op == IR_BR || op == IR_CBR || op == IR_RET || op == IR_TRAP || op == IR_UNREACHABLE;
}

/* an instruction whose registers something outside plain lane-wise data
 * flow names; a collective's only where pin_coll (WS_NO_RACOLL=1) */
static int names_regs(unsigned op, int pin_coll)
{
	switch (op) {
	case IR_CALL: case IR_ICALL: case IR_BCALL: case IR_RET: case IR_LAUNCH: case IR_ALLOCA:
		return 1;
	case IR_SHFL: case IR_VOTE: case IR_MATCH: case IR_REDUX: case IR_BAR:
	case IR_WARPSYNC: case IR_ACTIVEMASK:
		return pin_coll;
	default:
		return 0;
	}
}

static void ra_edge(struct ra *R, int32_t a, int32_t b)
{
	if (a == b)
		return;
	set_add(&R->adj[(size_t)a * R->nw], b);
	set_add(&R->adj[(size_t)b * R->nw], a);
}

static void ra_blocks(struct ra *R)
{
	const struct ir_func *f = R->f;
	uint8_t *lead = xcalloc(R->n + 1, 1);
	R->first = xcalloc(R->n + 1, sizeof(uint32_t));
	R->blk_of = xcalloc(R->n, sizeof(uint32_t));
	lead[0] = 1;
	for (uint32_t i = 0; i < R->n; i++) {
		const struct ir_insn *in = &f->code[i];
		if ((in->op == IR_BR || in->op == IR_CBR) && (uint32_t)in->tgt1 < R->n)
			lead[in->tgt1] = 1;
		if (in->op == IR_CBR && (uint32_t)in->tgt2 < R->n)
			lead[in->tgt2] = 1;
		if (is_term(in->op))
			lead[i + 1] = 1;
	}
	for (uint32_t i = 0; i < R->n; i++) {
		if (lead[i])
			R->first[R->nb++] = i;
		R->blk_of[i] = R->nb - 1;
	}
	free(lead);
}

/* live-out of block b into cur */
static void ra_out(const struct ra *R, uint32_t b, uint64_t *cur)
{
	const struct ir_func *f = R->f;
	uint32_t end = b + 1 < R->nb ? R->first[b + 1] : R->n;
	const struct ir_insn *in = &f->code[end - 1];
	uint32_t s[2] = { UINT32_MAX, UINT32_MAX };
	if (in->op == IR_BR || in->op == IR_CBR) {
		if ((uint32_t)in->tgt1 < R->n)
			s[0] = R->blk_of[in->tgt1];
		if (in->op == IR_CBR && (uint32_t)in->tgt2 < R->n)
			s[1] = R->blk_of[in->tgt2];
	} else if (!is_term(in->op) && end < R->n) {
		s[0] = R->blk_of[end];
	}
	memset(cur, 0, R->nw * sizeof(uint64_t));
	for (int k = 0; k < 2; k++)
		if (s[k] != UINT32_MAX)
			for (uint32_t w = 0; w < R->nw; w++)
				cur[w] |= R->in[(size_t)s[k] * R->nw + w];
}

/* walk block b backward from its live-out cur (left as its live-in); with
 * edges, record interference */
static void ra_walk(struct ra *R, uint32_t b, uint64_t *cur, int edges)
{
	const struct ir_func *f = R->f;
	uint32_t end = b + 1 < R->nb ? R->first[b + 1] : R->n;
	int32_t d[2], u[64];
	for (uint32_t i = end; i-- > R->first[b];) {
		const struct ir_insn *in = &f->code[i];
		if (in->flags & IRF_DEAD)
			continue;
		int nd = ir_insn_writes(in, d), nu = uses_of(in, u);
		for (int k = 0; k < nd; k++) {
			if (!edges)
				break;
			for (uint32_t w = 0; w < R->nw; w++)
				for (uint64_t x = cur[w]; x; x &= x - 1) {
					int32_t t = (int32_t)(w * 64 + (uint32_t)__builtin_ctzll(x));
					ra_edge(R, d[k], t);
					for (int q = 0; q < RA_EXT && R->ext[t][q] >= 0; q++)
						ra_edge(R, d[k], R->ext[t][q]);
				}
			for (int q = 0; q < nu; q++) {
				ra_edge(R, d[k], u[q]);
				for (int z = 0; z < RA_EXT && R->ext[u[q]][z] >= 0; z++)
					ra_edge(R, d[k], R->ext[u[q]][z]);
			}
			for (int q = 0; q < nd; q++)
				ra_edge(R, d[k], d[q]);
		}
		for (int k = 0; k < nd; k++)
			cur[d[k] >> 6] &= ~(1ull << (d[k] & 63));
		for (int k = 0; k < nu; k++)
			set_add(cur, u[k]);
	}
}

/* the definitions whose operands decode.c reads at the temporary's uses:
 * copy propagation (MOV), a compare fused into its branch (SETP), an index
 * CVT ; MUL ; ADD fused into the ADD (XOP_IDX) */
static int ext_op(unsigned op)
{
	return op == IR_MOV || op == IR_SETP || op == IR_CVT || op == IR_MUL;
}

/* the operands decode reads in place of temporary t's uses, into ext[t] */
static void ra_ext(struct ra *R, const int32_t *def_at, const uint32_t *ndef)
{
	for (uint32_t t = 0; t < R->nr; t++) {
		int nx = 0;
		int32_t work[RA_EXT], nwk = 0;
		if (R->next[t])
			work[nwk++] = (int32_t)t;
		while (nwk && nx < RA_EXT) {
			int32_t r = work[--nwk];
			const struct ir_insn *in = &R->f->code[def_at[r]];
			int32_t u[64];
			int nu = uses_of(in, u);
			for (int k = 0; k < nu && nx < RA_EXT; k++) {
				int dup = u[k] == (int32_t)t;
				for (int q = 0; q < nx; q++)
					dup |= R->ext[t][q] == u[k];
				if (dup)
					continue;
				R->ext[t][nx++] = u[k];
				if (R->next[u[k]] && nwk < RA_EXT)
					work[nwk++] = u[k];
			}
		}
		(void)ndef;
	}
}

/* 1 if f's code and operands are what the pass can read */
static int ra_ok(const struct ir_func *f)
{
	if (!f->code || !f->ncode || !f->nregs || f->nregs > RA_MAX_REGS || f->nparams > f->nregs)
		return 0;
	int32_t nr = (int32_t)f->nregs;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->d >= nr || in->a >= nr || in->b >= nr || in->c >= nr || in->e >= nr)
			return 0;
		if (in->nargs && !in->args)
			return 0;
		for (uint32_t k = 0; k < in->nargs; k++)
			if (in->args[k] >= nr)
				return 0;
		if ((in->op == IR_BR || in->op == IR_CBR) &&
		    ((uint32_t)in->tgt1 >= f->ncode || (in->op == IR_CBR && (uint32_t)in->tgt2 >= f->ncode)))
			return 0;
	}
	for (uint32_t i = 0; i < f->nvars; i++)
		if (f->vars[i].loc == VLOC_REG && f->vars[i].reg >= nr)
			return 0;
	return 1;
}

static void ra_free(struct ra *R)
{
	free(R->first);
	free(R->blk_of);
	free(R->in);
	free(R->adj);
	free(R->pin);
	free(R->ext);
	free(R->next);
}

/* liveness to a fixed point; the live-on-entry set into entry (may be NULL) */
static void ra_live(struct ra *R, uint64_t *cur)
{
	for (int changed = 1, round = 0; changed && round < 10000; round++) {
		changed = 0;
		for (uint32_t b = R->nb; b-- > 0;) {
			ra_out(R, b, cur);
			ra_walk(R, b, cur, 0);
			if (memcmp(cur, &R->in[(size_t)b * R->nw], R->nw * sizeof(uint64_t))) {
				memcpy(&R->in[(size_t)b * R->nw], cur, R->nw * sizeof(uint64_t));
				changed = 1;
			}
		}
	}
}

static int ra_begin(struct ra *R, struct ir_func *f)
{
	memset(R, 0, sizeof(*R));
	if (!ra_ok(f))
		return 0;
	R->f = f;
	R->n = f->ncode;
	R->nr = f->nregs;
	R->nw = (R->nr + 63) / 64;
	ra_blocks(R);
	R->in = xcalloc((size_t)R->nb * R->nw, sizeof(uint64_t));
	R->pin = xcalloc(R->nr, 1);
	R->next = xcalloc(R->nr, 1);
	R->ext = xmalloc((size_t)R->nr * sizeof(*R->ext));
	memset(R->ext, 0xff, (size_t)R->nr * sizeof(*R->ext));
	return 1;
}

int ir_regalloc_live_on_entry(struct ir_func *f)
{
	struct ra R;
	if (!ra_begin(&R, f))
		return 0;
	uint64_t *cur = xcalloc(R.nw, sizeof(uint64_t));
	ra_live(&R, cur);
	int any = 0;
	for (uint32_t r = f->nparams; r < R.nr; r++)
		any |= set_has(&R.in[0], (int32_t)r);
	free(cur);
	ra_free(&R);
	return any;
}

int ir_regalloc_entry_written(struct ir_func *f)
{
	if (f->code && f->ncode && !f->nregs)
		return 1; /* no register to read (an empty kernel); ra_ok wants some */
	return ra_ok(f) && !ir_regalloc_live_on_entry(f);
}

uint32_t ir_regalloc_func(struct ir_func *f, struct arena *a)
{
	struct ra R;
	if (!f || f->regmap || !ra_begin(&R, f))
		return f ? ir_rows(f) : 0;
	uint32_t nr = R.nr;
	uint32_t *ndef = xcalloc(nr, sizeof(uint32_t));
	int32_t *def_at = xmalloc(nr * sizeof(int32_t));
	uint8_t *named = xcalloc(nr, 1);
	for (uint32_t i = 0; i < f->nvars; i++)
		if (f->vars[i].loc == VLOC_REG && f->vars[i].reg >= 0)
			named[f->vars[i].reg] = 1;
	for (uint32_t r = 0; r < nr; r++)
		def_at[r] = -1;
	for (uint32_t r = 0; r < f->nparams; r++) {
		R.pin[r] = 1;
		ndef[r]++; /* as decode counts them */
	}
	const int pin_coll = util_env_on("WS_NO_RACOLL");
	for (uint32_t i = 0; i < R.n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->flags & IRF_DEAD)
			continue;
		int32_t d[2], u[64];
		int nd = ir_insn_writes(in, d), nu = uses_of(in, u);
		for (int k = 0; k < nd; k++) {
			ndef[d[k]]++;
			def_at[d[k]] = (int32_t)i;
		}
		if (names_regs(in->op, pin_coll)) {
			for (int k = 0; k < nd; k++)
				R.pin[d[k]] = 1;
			for (int k = 0; k < nu; k++)
				R.pin[u[k]] = 1;
		}
	}
	/* decode's temporaries: written once, not a variable */
	for (uint32_t r = 0; r < nr; r++)
		R.next[r] = !named[r] && ndef[r] == 1 && def_at[r] >= 0 && ext_op(f->code[def_at[r]].op);
	ra_ext(&R, def_at, ndef);
	uint64_t *cur = xcalloc(R.nw, sizeof(uint64_t));
	ra_live(&R, cur);
	for (uint32_t r = 0; r < nr; r++)
		if (set_has(&R.in[0], (int32_t)r))
			R.pin[r] = 1; /* live on entry: its own row */
	R.adj = xcalloc((size_t)nr * R.nw, sizeof(uint64_t));
	for (uint32_t b = 0; b < R.nb; b++) {
		ra_out(&R, b, cur);
		ra_walk(&R, b, cur, 1);
	}
	/* greedy colouring in register order: a pinned register opens a row of
	 * its own; the others take the first shared row nothing in it meets */
	int32_t *col = xmalloc(nr * sizeof(int32_t));
	uint8_t *shared = xcalloc(nr, 1);       /* row may take more registers */
	uint64_t *members = xcalloc((size_t)nr * R.nw, sizeof(uint64_t)); /* registers in each row */
	uint8_t *rowty = xcalloc(nr, 1);
	uint32_t nrow = 0;
	for (uint32_t r = 0; r < nr; r++) {
		int32_t c = -1;
		if (!R.pin[r]) {
			for (uint32_t k = 0; k < nrow && c < 0; k++) {
				if (!shared[k])
					continue;
				int meet = 0;
				for (uint32_t w = 0; w < R.nw && !meet; w++)
					meet = (members[(size_t)k * R.nw + w] & R.adj[(size_t)r * R.nw + w]) != 0;
				if (!meet)
					c = (int32_t)k;
			}
		}
		if (c < 0) {
			c = (int32_t)nrow++;
			shared[c] = !R.pin[r];
			rowty[c] = f->reg_ty ? f->reg_ty[r] : IR_S64;
		}
		col[r] = c;
		set_add(&members[(size_t)c * R.nw], (int32_t)r);
	}
	if (nrow < nr) {
		f->regmap = arena_alloc(a, nr * sizeof(int32_t));
		memcpy(f->regmap, col, nr * sizeof(int32_t));
		f->row_ty = arena_alloc(a, nrow);
		memcpy(f->row_ty, rowty, nrow);
		f->nrows = nrow;
	}
	free(col);
	free(shared);
	free(members);
	free(rowty);
	free(cur);
	free(ndef);
	free(def_at);
	free(named);
	ra_free(&R);
	return ir_rows(f);
}

void ir_regalloc(struct ir_module *m, struct arena *a)
{
	if (!m || util_env_on("WS_NO_REGALLOC"))
		return;
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		struct ir_func *f = &m->funcs[i];
		if ((f->kind & (FN_DEVICE | FN_KERNEL)) && !(f->kind & FN_HOST) && ir_regalloc_live_on_entry(f))
			return; /* see the head comment */
	}
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		struct ir_func *f = &m->funcs[i];
		if ((f->kind & (FN_DEVICE | FN_KERNEL)) && !(f->kind & FN_HOST))
			ir_regalloc_func(f, a);
	}
	m->run_rows = 1;
}
