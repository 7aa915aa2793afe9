/*
 * opt.c - machine-independent IR optimisations run after lowering and
 * before the engine decodes a function (ir_optimize in ir.h).
 *
 * Lowering writes a temporary per subexpression; decode.c then does
 * block-local rewrites (copy propagation, constant operands, fused
 * indexing and compare-and-branch). This pass works on whole functions
 * and keeps to rewrites whose result is the same for every input:
 * - integer CVT of a constant becomes a constant (lowering writes `x / 2u`
 *   with x unsigned as CONST.s32 2 ; CVT.u32.s32 ; DIV.u32);
 * - strength reduction: unsigned DIV and REM by a power of two become SHR
 *   and AND (the divisor a temporary defined once, by a CONST, and read by
 *   this instruction only, so its CONST is rewritten in place); signed
 *   division rounds toward zero and is left alone;
 * - dead temporaries: a side-effect-free instruction whose result is never
 *   read is dropped (flagged IRF_DEAD; decode.c skips it), repeatedly;
 * - register renumbering: the registers still in use are numbered densely
 *   (parameters keep 0..nparams-1), so a frame's register rows shrink.
 * What the debugger sees does not change: a register that holds a source
 * variable (ir_var VLOC_REG) or a parameter is never removed and its
 * variable's reg follows the renumbering; the first instruction of a
 * statement is never dropped, so every statement still has its place for
 * stepping and line breakpoints. Instructions that can produce a finding
 * (loads, stores, division, calls ...) are never dropped.
 */
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "util.h"

struct opt {
	struct ir_func *f;
	uint8_t *named;   /* per register: a variable or a parameter lives in it */
	uint32_t *ndef, *nuse;
	int32_t *def;     /* the defining instruction when ndef == 1 */
};

static int is_int(unsigned t)
{
	return t >= IR_S8 && t <= IR_U64;
}

static int is_unsigned(unsigned t)
{
	return t == IR_U8 || t == IR_U16 || t == IR_U32 || t == IR_U64;
}

/* a value in register form of type t (ir.def: extended per its type) */

static int is_dead(const struct ir_insn *in)
{
	return (in->flags & IRF_DEAD) != 0;
}


static void count(struct opt *o)
{
	struct ir_func *f = o->f;
	memset(o->ndef, 0, f->nregs * sizeof(uint32_t));
	memset(o->nuse, 0, f->nregs * sizeof(uint32_t));
	for (uint32_t r = 0; r < f->nregs; r++)
		o->def[r] = -1;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if (is_dead(in))
			continue;
		IR_EACH_WRITE(in, r, { o->ndef[r]++; o->def[r] = (int32_t)i; });
		IR_EACH_READ(in, r, o->nuse[r]++);
	}
}

/* a temporary defined once by a CONST: its instruction, else NULL */
static struct ir_insn *const_def(struct opt *o, int32_t r)
{
	if (r < 0 || o->named[r] || o->ndef[r] != 1 || o->def[r] < 0)
		return NULL;
	struct ir_insn *k = &o->f->code[o->def[r]];
	return k->op == IR_CONST && k->d == r ? k : NULL;
}

static void drop(struct ir_insn *in)
{
	in->op = IR_NOP;
	in->flags |= IRF_DEAD;
	in->d = in->a = in->b = in->c = in->e = -1;
	in->nargs = 0;
	in->args = NULL;
}

/* integer CVT of a constant temporary => CONST */
static int fold_cvt(struct opt *o)
{
	int changed = 0;
	for (uint32_t i = 0; i < o->f->ncode; i++) {
		struct ir_insn *in = &o->f->code[i];
		if (is_dead(in) || in->op != IR_CVT || !is_int(in->t) || !is_int(in->t2))
			continue;
		struct ir_insn *k = const_def(o, in->a);
		if (!k || k->t != in->t2)
			continue;
		uint64_t v = ir_norm(ir_norm((uint64_t)k->imm, in->t2), in->t);
		o->nuse[in->a]--;
		in->op = IR_CONST;
		in->imm = (int64_t)v;
		in->a = -1;
		in->t2 = 0;
		changed = 1;
	}
	return changed;
}

/* unsigned DIV/REM by a power of two => SHR/AND */
static int reduce_divrem(struct opt *o)
{
	int changed = 0;
	for (uint32_t i = 0; i < o->f->ncode; i++) {
		struct ir_insn *in = &o->f->code[i];
		if (is_dead(in) || (in->op != IR_DIV && in->op != IR_REM) || !is_unsigned(in->t) ||
		    in->a == in->b)
			continue;
		struct ir_insn *k = const_def(o, in->b);
		if (!k || k->t != in->t || o->nuse[in->b] != 1)
			continue;
		uint64_t v = ir_norm((uint64_t)k->imm, in->t);
		if (v == 0 || (v & (v - 1)))
			continue;
		if (in->op == IR_DIV) {
			in->op = IR_SHR;
			k->imm = __builtin_ctzll(v);
		} else {
			in->op = IR_AND;
			k->imm = (int64_t)(v - 1);
		}
		changed = 1;
	}
	return changed;
}

/* A specialised kernel's copy (ir_specialize; run's steps are its own):
 * also integer shifts, MIN, MAX and unsigned DIV and REM (by a constant
 * other than 0) of two constant temporaries => CONST, as interp.c
 * computes them: blockDim.x / 2, gridDim.x * blockDim.x >> k ... */
static int fold_spec(struct opt *o, struct ir_insn *in)
{
	unsigned op = in->op, t = in->t;
	if (is_dead(in) || !is_int(t) || in->a < 0 || in->b < 0 ||
	    (op != IR_SHL && op != IR_SHR && op != IR_MIN && op != IR_MAX &&
	     !((op == IR_DIV || op == IR_REM) && is_unsigned(t))))
		return 0;
	struct ir_insn *ka = const_def(o, in->a), *kb = const_def(o, in->b);
	if (!ka || !kb || ka->t != t || (op != IR_SHL && op != IR_SHR && kb->t != t) || !is_int(kb->t))
		return 0;
	uint64_t x = ir_norm((uint64_t)ka->imm, t), y = ir_norm((uint64_t)kb->imm, kb->t), v;
	unsigned bits = ir_type_size(t) * 8;
	int sg = !is_unsigned(t);
	switch (op) {
	case IR_SHL: y &= 0xffffffffu; v = y >= bits ? 0 : x << y; break;
	case IR_SHR:
		y &= 0xffffffffu;
		if (sg)
			v = (uint64_t)((int64_t)x >> (y >= bits ? 63 : y));
		else
			v = y >= bits ? 0 : x >> y;
		break;
	case IR_MIN: v = (sg ? (int64_t)x < (int64_t)y : x < y) ? x : y; break;
	case IR_MAX: v = (sg ? (int64_t)x < (int64_t)y : x < y) ? y : x; break;
	case IR_DIV: if (!y) return 0; v = x / y; break;
	default: if (!y) return 0; v = x % y; break;
	}
	o->nuse[in->a]--;
	o->nuse[in->b]--;
	in->op = IR_CONST;
	in->imm = (int64_t)ir_norm(v, t);
	in->a = in->b = -1;
	return 1;
}

/* integer ADD, SUB, MUL, AND, OR, XOR of two constant temporaries =>
 * CONST (wrapping as the type does); x + 0, x - 0, x | 0, x ^ 0, x * 1 =>
 * MOV x. Lowering writes p[2] as CONST 2 ; CVT ; CONST 4 ; MUL ; ADD. */
static int fold_alu(struct opt *o)
{
	int changed = 0;
	for (uint32_t i = 0; i < o->f->ncode; i++) {
		struct ir_insn *in = &o->f->code[i];
		unsigned op = in->op;
		if (o->f->spec && fold_spec(o, in))
			changed = 1;
		if (is_dead(in) || (op != IR_ADD && op != IR_SUB && op != IR_MUL && op != IR_AND &&
				    op != IR_OR && op != IR_XOR) ||
		    !(is_int(in->t) || in->t == IR_PTR) || in->a < 0 || in->b < 0)
			continue;
		struct ir_insn *ka = const_def(o, in->a), *kb = const_def(o, in->b);
		if (ka && !is_int(ka->t) && ka->t != IR_PTR)
			ka = NULL;
		if (kb && !is_int(kb->t) && kb->t != IR_PTR)
			kb = NULL;
		if (ka && kb && ka->t == in->t && kb->t == in->t) {
			uint64_t x = ir_norm((uint64_t)ka->imm, in->t), y = ir_norm((uint64_t)kb->imm, in->t), v;
			switch (op) {
			case IR_ADD: v = x + y; break;
			case IR_SUB: v = x - y; break;
			case IR_MUL: v = x * y; break;
			case IR_AND: v = x & y; break;
			case IR_OR: v = x | y; break;
			default: v = x ^ y; break;
			}
			o->nuse[in->a]--;
			o->nuse[in->b]--;
			in->op = IR_CONST;
			in->imm = (int64_t)ir_norm(v, in->t);
			in->a = in->b = -1;
			changed = 1;
			continue;
		}
		/* the identity element on the right (or on the left, commuting) */
		uint64_t id = op == IR_MUL ? 1 : 0;
		int32_t keep = -1;
		if (op == IR_AND)
			continue;
		if (kb && ir_norm((uint64_t)kb->imm, kb->t) == id) {
			keep = in->a;
			o->nuse[in->b]--;
		} else if (ka && op != IR_SUB && ir_norm((uint64_t)ka->imm, ka->t) == id) {
			keep = in->b;
			o->nuse[in->a]--;
		} else {
			continue;
		}
		in->op = IR_MOV;
		in->a = keep;
		in->b = -1;
		changed = 1;
	}
	return changed;
}

static int pure(unsigned op)
{
	switch (op) {
	case IR_CONST: case IR_MOV: case IR_ADD: case IR_SUB: case IR_MUL: case IR_NEG:
	case IR_AND: case IR_OR: case IR_XOR: case IR_NOT: case IR_SHL: case IR_SHR:
	case IR_MIN: case IR_MAX: case IR_SETP: case IR_SEL: case IR_CVT:
	case IR_GADDR: case IR_LADDR: case IR_FADDR:
		return 1;
	default:
		return 0;
	}
}

/* results nobody reads, of instructions without effects */
static int drop_dead(struct opt *o)
{
	int changed = 0, again = 1;
	while (again) {
		again = 0;
		for (uint32_t i = 0; i < o->f->ncode; i++) {
			struct ir_insn *in = &o->f->code[i];
			if (is_dead(in) || !pure(in->op) || in->d < 0 || o->named[in->d] ||
			    o->nuse[in->d] || (in->flags & IRF_STMT_START))
				continue;
			IR_EACH_READ(in, r, o->nuse[r]--);
			o->ndef[in->d]--;
			drop(in);
			again = changed = 1;
		}
	}
	return changed;
}

/* number the registers still in use densely */
static void renumber(struct opt *o)
{
	struct ir_func *f = o->f;
	uint32_t nr = f->nregs;
	int32_t *map = xmalloc(nr * sizeof(int32_t));
	for (uint32_t r = 0; r < nr; r++)
		map[r] = o->named[r] || o->ndef[r] || o->nuse[r] ? 0 : -1;
	int32_t n = 0;
	for (uint32_t r = 0; r < nr; r++)
		if (map[r] == 0 || r < f->nparams)
			map[r] = n++;
	if ((uint32_t)n == nr) {
		free(map);
		return;
	}
#define MAP(x) do { if ((x) >= 0) (x) = map[(x)]; } while (0)
	for (uint32_t i = 0; i < f->ncode; i++) {
		struct ir_insn *in = &f->code[i];
		if (is_dead(in))
			continue;
		MAP(in->d);
		MAP(in->a);
		MAP(in->b);
		MAP(in->c);
		MAP(in->e);
		for (uint32_t k = 0; in->args && k < in->nargs; k++)
			MAP(in->args[k]);
	}
	for (uint32_t i = 0; i < f->nvars; i++)
		if (f->vars[i].loc == VLOC_REG && f->vars[i].reg >= 0 && (uint32_t)f->vars[i].reg < nr)
			f->vars[i].reg = map[f->vars[i].reg];
#undef MAP
	if (f->reg_ty)
		for (uint32_t r = 0; r < nr; r++)
			if (map[r] >= 0)
				f->reg_ty[map[r]] = f->reg_ty[r]; /* map[r] <= r: in place */
	f->nregs = (uint32_t)n;
	free(map);
}

/* Are all operands in range, and the function not optimised yet? One that
 * is not is left alone: the engine reports it when it decodes it. */
/* o's tables for f: parameters and variables' registers are named (kept) */
static void opt_begin(struct opt *o, struct ir_func *f)
{
	uint32_t nr = f->nregs ? f->nregs : 1;
	o->f = f;
	o->named = xcalloc(nr, 1);
	o->ndef = xcalloc(nr, sizeof(uint32_t));
	o->nuse = xcalloc(nr, sizeof(uint32_t));
	o->def = xcalloc(nr, sizeof(int32_t));
	for (uint32_t i = 0; i < f->nparams && i < nr; i++)
		o->named[i] = 1;
	for (uint32_t i = 0; i < f->nvars; i++)
		if (f->vars[i].loc == VLOC_REG && f->vars[i].reg >= 0 && (uint32_t)f->vars[i].reg < nr)
			o->named[f->vars[i].reg] = 1;
}

static void opt_end(struct opt *o)
{
	free(o->named);
	free(o->ndef);
	free(o->nuse);
	free(o->def);
}

/* every register operand of every instruction within the frame */
static int operands_in_range(const struct ir_func *f)
{
	int32_t nr = (int32_t)f->nregs;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		int32_t r[5] = { in->d, in->a, in->b, in->c, in->e };
		for (int k = 0; k < 5; k++)
			if (r[k] < -1 || r[k] >= nr)
				return 0;
		for (uint32_t k = 0; k < in->nargs; k++)
			if (!in->args || in->args[k] < 0 || in->args[k] >= nr)
				return 0;
	}
	return 1;
}

int ir_func_operands_ok(const struct ir_func *f)
{
	int32_t nr = (int32_t)f->nregs;
	if (!f->ncode || f->nparams > f->nregs || !f->code || !operands_in_range(f))
		return 0;
	for (uint32_t i = 0; i < f->ncode; i++)
		if (f->code[i].flags & IRF_DEAD)
			return 0; /* optimised already */
	for (uint32_t i = 0; i < f->nvars; i++)
		if (f->vars[i].loc == VLOC_REG && (f->vars[i].reg < -1 || f->vars[i].reg >= nr))
			return 0;
	return 1;
}

void ir_optimize_func(struct ir_func *f)
{
	if (!ir_func_operands_ok(f))
		return;
	struct opt o;
	opt_begin(&o, f);
	if (!f->nregs_lowered) /* ir_inline may have set it */
		f->nregs_lowered = f->nregs;
	count(&o);
	for (int round = 0; round < 4; round++) {
		int c = fold_cvt(&o);
		if (c)
			count(&o);
		if (fold_alu(&o))
			count(&o);
		else if (!c)
			break;
	}
	if (reduce_divrem(&o))
		count(&o);
	if (drop_dead(&o))
		count(&o);
	renumber(&o);
	opt_end(&o);
}

void ir_compact_regs(struct ir_func *f)
{
	if (!f || !f->nregs || !f->code || f->nparams > f->nregs)
		return;
	if (!operands_in_range(f))
		return;
	struct opt o;
	opt_begin(&o, f);
	count(&o);
	renumber(&o);
	opt_end(&o);
}

void ir_optimize(struct ir_module *m)
{
	for (uint32_t i = 0; m && i < m->nfuncs; i++)
		ir_optimize_func(&m->funcs[i]);
}
