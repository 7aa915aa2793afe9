/*
 * inline.c - inlining of small leaf functions (ir_inline in ir.h).
 *
 * A call costs the interpreter a CALL, a frame, the argument copies and a
 * RET; std::vector<T>::operator[], begin(), end(), iterator operators,
 * functors and lambdas called by <algorithm> and small __device__ helpers
 * are a handful of instructions each, so in a loop the call is most of
 * the work. This pass copies the body of a small function into its
 * callers, in place of the CALL:
 * - the callee is a leaf (no CALL, ICALL or LAUNCH), at most INLINE_MAX
 *   instructions, not variadic, has no frame (frame_size 0, no LADDR or
 *   ALLOCA: a frame is what the stack-overflow finding and local memory
 *   addresses are made of) and no block barrier (BAR: a barrier's identity
 *   is its instruction, and inlining copies it); the call passes exactly
 *   its parameters;
 * - the callee's registers get fresh numbers in the caller; its parameters
 *   (which it never writes) are the argument registers; RET becomes a
 *   MOV into the call's destination (or, when every RET returns one
 *   register, that register is the destination) and a BR past the copy;
 * - the copied instructions belong to the call's statement (no new
 *   statement starts) and keep their own spans, except that the body of a
 *   function from a built-in header, copied into a function of the user's,
 *   takes the call's span: a finding inside a built-in header is reported
 *   at the user's call (cg_user_span), and with no frame left to walk the
 *   span must say it;
 * - a caller's branch targets, statement starts and variable live ranges
 *   follow the moved instructions; nregs_lowered keeps the register count
 *   as lowered (the occupancy estimate does not change).
 * Rounds repeat so that a function that became a small leaf is inlined
 * into its own callers. Recursion is never inlined (a recursive function
 * is not a leaf). The callee stays in the module, unchanged.
 *
 * The debugger must see every call, frame and local: interactive sessions
 * compile without this pass (session_compile_opts.inline_calls), `warpstep
 * run` and `check` with it (docs/debugging.md).
 */
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "ir.h"
#include "util.h"

#define INLINE_MAX 24        /* callee instructions */
#define CALLER_MAX 60000     /* a caller stops growing here */
#define ROUNDS 3

/* operands in range, targets in range, not optimised yet */
static int sane(const struct ir_func *f)
{
	if (!ir_func_operands_ok(f))
		return 0;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if ((in->op == IR_BR || in->op == IR_CBR) &&
		    (in->tgt1 < 0 || (uint32_t)in->tgt1 >= f->ncode ||
		     (in->op == IR_CBR && (in->tgt2 < 0 || (uint32_t)in->tgt2 >= f->ncode))))
			return 0;
		if (in->op >= IR_NOPS || (in->flags & IRF_DEAD))
			return 0;
		if (in->stmt < 0 || (uint32_t)in->stmt >= f->nstmts)
			return 0;
	}
	switch (f->code[f->ncode - 1].op) {
	case IR_RET: case IR_BR: case IR_TRAP: case IR_UNREACHABLE:
		return 1;
	default:
		return 0;
	}
}

static int writes(const struct ir_func *g, int32_t r);
static int reads_shape(const struct ir_func *f);
static struct ir_func *func_dup(const struct ir_func *f, struct arena *a);

/* may fi's body replace a call of it? */
static int inlinable(const struct ir_module *m, uint32_t fi)
{
	const struct ir_func *f = &m->funcs[fi];
	if (f->ncode > INLINE_MAX || f->frame_size || f->variadic || (f->kind & FN_KERNEL) ||
	    !sane(f))
		return 0;
	for (uint32_t i = 0; i < f->ncode; i++) {
		switch (f->code[i].op) {
		case IR_CALL: case IR_ICALL: case IR_LAUNCH: case IR_LADDR: case IR_ALLOCA:
		case IR_BAR:
			return 0;
		default:
			break;
		}
	}
	/* parameters arrive in registers the callee only reads (lowering copies
	 * them into its variables): a copy reads the arguments themselves */
	for (uint32_t r = 0; r < f->nparams; r++)
		if (writes(f, (int32_t)r))
			return 0;
	return 1;
}

static int is_builtin_file(const struct ir_module *m, uint32_t file)
{
	const struct srcfile *sf = m->sm ? srcmgr_file(m->sm, file) : NULL;
	return sf && sf->builtin;
}

/* does g write register r? */
static int writes(const struct ir_func *g, int32_t r)
{
	for (uint32_t i = 0; i < g->ncode; i++) {
		const struct ir_insn *in = &g->code[i];
		if (in->d == r || (in->op == IR_MATCH && in->e == r))
			return 1;
	}
	return 0;
}

struct site {
	const struct ir_func *g;
	int32_t *rmap;      /* callee register -> caller register */
	int32_t ret;        /* the register every RET returns, renamed to the call's d; -1 */
	uint32_t last;      /* instructions from here on are trailing UNREACHABLEs, dropped */
	uint32_t *cmap;     /* callee index -> offset in the copy (ncode + 1 entries) */
	uint32_t len;       /* instructions of the copy */
	int nop;            /* the copy is one NOP (nothing else was left) */
};

/* instructions RET j of the copy becomes: a MOV and/or a BR */
static uint32_t ret_len(const struct site *s, const struct ir_insn *call, uint32_t j)
{
	const struct ir_insn *in = &s->g->code[j];
	uint32_t n = 0;
	if (call->d >= 0 && in->a >= 0 && s->ret < 0)
		n++;
	if (j + 1 < s->last)
		n++; /* not the end of the copy: jump there */
	return n;
}

/* plan the copy of g for call (in caller f with nregs *nr so far) */
static void plan(struct site *s, const struct ir_func *f, const struct ir_insn *call,
		 const struct ir_func *g, uint32_t *nr)
{
	(void)f;
	s->g = g;
	s->rmap = xmalloc((g->nregs ? g->nregs : 1) * sizeof(int32_t));
	s->cmap = xmalloc((g->ncode + 1) * sizeof(uint32_t));
	/* one register returned by every RET, not a parameter, not an argument */
	s->ret = -2;
	for (uint32_t j = 0; j < g->ncode; j++) {
		const struct ir_insn *in = &g->code[j];
		if (in->op != IR_RET)
			continue;
		if (s->ret == -2)
			s->ret = in->a;
		else if (s->ret != in->a)
			s->ret = -1;
	}
	if (s->ret < (int32_t)g->nparams || call->d < 0)
		s->ret = -1;
	for (uint32_t k = 0; s->ret >= 0 && k < call->nargs; k++)
		if (call->args[k] == call->d)
			s->ret = -1;
	for (uint32_t r = 0; r < g->nregs; r++) {
		if (r < g->nparams) /* never written (inlinable) */
			s->rmap[r] = call->args[r];
		else if ((int32_t)r == s->ret)
			s->rmap[r] = call->d;
		else
			s->rmap[r] = (int32_t)(*nr)++;
	}
	/* trailing UNREACHABLEs no branch reaches are left out */
	s->last = g->ncode;
	while (s->last > 0 && g->code[s->last - 1].op == IR_UNREACHABLE)
		s->last--;
	for (uint32_t j = 0; j < g->ncode; j++) {
		const struct ir_insn *in = &g->code[j];
		if ((in->op == IR_BR || in->op == IR_CBR) &&
		    ((uint32_t)in->tgt1 >= s->last || (in->op == IR_CBR && (uint32_t)in->tgt2 >= s->last)))
			s->last = g->ncode;
	}
	if (s->last == 0 || g->code[s->last - 1].op != IR_RET)
		s->last = g->ncode; /* the copy does not end in a RET: keep it whole */
	uint32_t n = 0;
	for (uint32_t j = 0; j < g->ncode; j++) {
		s->cmap[j] = n;
		if (j >= s->last)
			continue;
		n += g->code[j].op == IR_RET ? ret_len(s, call, j) : 1;
	}
	s->cmap[g->ncode] = n;
	s->nop = n == 0;
	s->len = n ? n : 1;
}

#define REMAP(x) do { if ((x) >= 0) (x) = s->rmap[(x)]; } while (0)

/* write the copy at out[base..base+len); cont = base + len */
static void emit(struct arena *a, const struct ir_module *m, const struct site *s,
		 const struct ir_insn *call, int user_caller, struct ir_insn *out, uint32_t base)
{
	const struct ir_func *g = s->g;
	uint32_t cont = base + s->len, o = base;
	int take_span = user_caller && is_builtin_file(m, g->span.file);
	if (s->nop) {
		struct ir_insn *in = &out[o++];
		memset(in, 0, sizeof(*in));
		in->op = IR_NOP;
		in->d = in->a = in->b = in->c = in->e = -1;
		in->tgt1 = in->tgt2 = -1;
	}
	for (uint32_t j = 0; j < s->last; j++) {
		const struct ir_insn *src = &g->code[j];
		if (src->op == IR_RET) {
			if (call->d >= 0 && src->a >= 0 && s->ret < 0) {
				struct ir_insn *mv = &out[o++];
				*mv = *src;
				mv->op = IR_MOV;
				mv->t = g->ret != IR_VOID ? g->ret : src->t;
				mv->d = call->d;
				mv->a = s->rmap[src->a];
				mv->b = mv->c = mv->e = -1;
				mv->nargs = 0;
				mv->args = NULL;
			}
			if (j + 1 < s->last) {
				struct ir_insn *br = &out[o++];
				*br = *src;
				br->op = IR_BR;
				br->t = IR_VOID;
				br->d = br->a = br->b = br->c = br->e = -1;
				br->tgt1 = (int32_t)cont;
				br->tgt2 = -1;
				br->nargs = 0;
				br->args = NULL;
			}
			continue;
		}
		struct ir_insn *in = &out[o++];
		*in = *src;
		REMAP(in->d);
		REMAP(in->a);
		REMAP(in->b);
		REMAP(in->c);
		REMAP(in->e);
		if (in->nargs && in->args) {
			int32_t *v = arena_alloc(a, in->nargs * sizeof(int32_t));
			for (uint32_t k = 0; k < in->nargs; k++)
				v[k] = s->rmap[src->args[k]];
			in->args = v;
		}
		if (in->op == IR_BR || in->op == IR_CBR) {
			in->tgt1 = (int32_t)(base + s->cmap[in->tgt1]);
			if (in->op == IR_CBR)
				in->tgt2 = (int32_t)(base + s->cmap[in->tgt2]);
		}
	}
	/* every instruction of the copy belongs to the call's statement */
	for (uint32_t k = base; k < cont; k++) {
		out[k].stmt = call->stmt;
		out[k].flags &= (uint16_t)~IRF_STMT_START;
		if (take_span || s->nop)
			out[k].span = call->span;
	}
	out[base].flags |= (uint16_t)(call->flags & IRF_STMT_START);
}

/*
 * Rebuild f's code with len[i] instructions in place of instruction i:
 * where fill is NULL for i (plain[i]), the instruction itself; else
 * fill(ctx, i, out, at, map) writes len[i] instructions at out[at..]. map
 * (old index -> new, ncode + 1 entries) is known before any fill runs.
 * Branch targets of the instructions kept as they were, statement starts
 * and variable live ranges follow; register types grow to nregs (the new
 * ones from ty_new, indices f->nregs..nregs-1).
 */
typedef void (*fill_fn)(void *ctx, uint32_t i, struct ir_insn *out, uint32_t at,
			const uint32_t *map);

static void rebuild(struct ir_func *f, struct arena *a, const uint32_t *len, const uint8_t *plain,
		    fill_fn fill, void *ctx, uint32_t nregs, const uint8_t *ty_new)
{
	uint32_t n = f->ncode, total = 0;
	uint32_t *map = xmalloc((n + 1) * sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++) {
		map[i] = total;
		total += plain[i] ? 1 : len[i];
	}
	map[n] = total;
	struct ir_insn *out = arena_alloc(a, (total ? total : 1) * sizeof(struct ir_insn));
	for (uint32_t i = 0; i < n; i++) {
		if (!plain[i]) {
			fill(ctx, i, out, map[i], map);
			continue;
		}
		struct ir_insn *in = &out[map[i]];
		*in = f->code[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			in->tgt1 = (int32_t)map[in->tgt1];
			if (in->op == IR_CBR)
				in->tgt2 = (int32_t)map[in->tgt2];
		}
	}
	for (uint32_t k = 0; k < f->nstmts; k++)
		if (f->stmts[k].first <= n)
			f->stmts[k].first = map[f->stmts[k].first];
	for (uint32_t k = 0; k < f->nvars; k++) {
		struct ir_var *v = &f->vars[k];
		v->live_from = map[v->live_from < n ? v->live_from : n];
		v->live_to = map[v->live_to < n ? v->live_to : n];
	}
	if (nregs > f->nregs) {
		uint8_t *ty = arena_alloc(a, nregs);
		if (f->reg_ty)
			memcpy(ty, f->reg_ty, f->nregs);
		memcpy(ty + f->nregs, ty_new, nregs - f->nregs);
		f->reg_ty = ty;
		f->nregs = nregs;
	}
	f->code = out;
	f->ncode = total;
	free(map);
}

struct inl {
	struct arena *a;
	const struct ir_module *m;
	const struct ir_func *f;
	struct site *sites;
	int user_caller;
};

static void inl_fill(void *ctx, uint32_t i, struct ir_insn *out, uint32_t at, const uint32_t *map)
{
	struct inl *x = ctx;
	(void)map;
	emit(x->a, x->m, &x->sites[i], &x->f->code[i], x->user_caller, out, at);
}

/* inline the calls of f whose callee ok[] allows; 1 if f changed */
static int inline_into(struct ir_module *m, struct arena *a, uint32_t fi, const uint8_t *ok)
{
	struct ir_func *f = &m->funcs[fi];
	uint32_t n = f->ncode, nr = f->nregs;
	struct site *sites = xcalloc(n, sizeof(*sites));
	uint32_t *len = xcalloc(n, sizeof(uint32_t));
	uint8_t *plain = xmalloc(n);
	uint32_t total = 0, count = 0;

	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		plain[i] = 1;
		if (in->op == IR_CALL && in->imm >= 0 && (uint64_t)in->imm < m->nfuncs &&
		    (uint32_t)in->imm != fi && ok[in->imm] &&
		    in->nargs == m->funcs[in->imm].nparams && (in->nargs == 0 || in->args) &&
		    total + n + m->funcs[in->imm].ncode < CALLER_MAX) {
			plan(&sites[i], f, in, &m->funcs[in->imm], &nr);
			len[i] = sites[i].len;
			plain[i] = 0;
			total += len[i];
			count++;
		} else {
			total++;
		}
	}
	if (count) {
		uint8_t *ty = xmalloc(nr - f->nregs + 1);
		for (uint32_t i = 0; i < n; i++) {
			const struct site *st = &sites[i];
			for (uint32_t r = 0; st->g && r < st->g->nregs; r++)
				if (st->rmap[r] >= (int32_t)f->nregs)
					ty[st->rmap[r] - (int32_t)f->nregs] =
						st->g->reg_ty ? st->g->reg_ty[r] : IR_U64;
		}
		struct inl x = { a, m, f, sites, !is_builtin_file(m, f->span.file) };
		rebuild(f, a, len, plain, inl_fill, &x, nr, ty);
		free(ty);
	}
	for (uint32_t i = 0; i < n; i++) {
		free(sites[i].rmap);
		free(sites[i].cmap);
	}
	free(sites);
	free(len);
	free(plain);
	return count != 0;
}

/*
 * Loop conditions: `BR @t` where t starts a short straight run of simple
 * instructions that ends in a CBR (a for or while loop's test, which
 * lowering puts at the top and reaches from the latch by a BR) takes a
 * copy of that run instead, so that each iteration tests and branches
 * once (the BR is gone). The copy's temporaries get fresh registers (each
 * stays defined once: decode.c's copy propagation and compare-and-branch
 * fusion need that); a run that writes anything read outside it is not
 * copied.
 */
#define THREAD_MAX 8


/* the run t..e (e the CBR) that a BR to t may copy, else 0 */
static uint32_t thread_run(const struct ir_func *f, uint32_t t, const uint32_t *nuse,
			   const uint8_t *named, uint32_t *uses_in)
{
	uint32_t e;
	for (e = t; e < f->ncode && e < t + THREAD_MAX; e++) {
		const struct ir_insn *in = &f->code[e];
		if (in->op == IR_CBR)
			break;
		if (!ir_op_pure(in->op) || in->d < 0 || named[in->d])
			return 0;
	}
	if (e >= f->ncode || f->code[e].op != IR_CBR || e == t)
		return 0;
	/* every register written in the run is read only inside it, after its write */
	for (uint32_t k = t; k < e; k++)
		uses_in[f->code[k].d] = 0;
	for (uint32_t k = t; k <= e; k++)
		IR_EACH_READ(&f->code[k], r, uses_in[r]++);
	for (uint32_t k = t; k < e; k++) {
		int32_t d = f->code[k].d;
		if (uses_in[d] != nuse[d])
			return 0;
		for (uint32_t j = t; j <= k; j++) {
			int rd = 0;
			IR_EACH_READ(&f->code[j], r, rd |= r == d);
			if (rd)
				return 0; /* read before (or by) its write: a value from outside */
		}
		for (uint32_t j = k + 1; j < e; j++)
			if (f->code[j].d == d)
				return 0;
	}
	return e;
}

struct thr_site {
	uint32_t t, e;      /* the run copied */
	int32_t base;       /* first fresh register */
};

struct thr_ctx {
	const struct ir_func *f;
	struct thr_site *sites;
	int32_t *slot;      /* register -> index among the run's definitions, per site */
};

static void thr_fill(void *ctx, uint32_t i, struct ir_insn *out, uint32_t at, const uint32_t *map)
{
	struct thr_ctx *x = ctx;
	const struct thr_site *s = &x->sites[i];
	const struct ir_func *f = x->f;
	const struct ir_insn *br = &f->code[i];
	int32_t nd = 0;
	for (uint32_t k = s->t; k < s->e; k++)
		x->slot[f->code[k].d] = nd++;
	for (uint32_t k = s->t; k <= s->e; k++) {
		struct ir_insn *in = &out[at + (k - s->t)];
		*in = f->code[k];
#define FRESH(r) do { if ((r) >= 0 && x->slot[(r)] >= 0) (r) = s->base + x->slot[(r)]; } while (0)
		FRESH(in->a);
		FRESH(in->b);
		FRESH(in->c);
		if (in->op != IR_MATCH)
			FRESH(in->e);
		if (k < s->e)
			in->d = s->base + x->slot[f->code[k].d];
#undef FRESH
		in->flags &= (uint16_t)~IRF_STMT_START;
		if (k == s->e) {
			in->tgt1 = (int32_t)map[in->tgt1];
			in->tgt2 = (int32_t)map[in->tgt2];
		}
	}
	(void)br;
	for (uint32_t k = s->t; k < s->e; k++)
		x->slot[f->code[k].d] = -1;
}

static int thread_into(struct ir_func *f, struct arena *a)
{
	uint32_t n = f->ncode, nr = f->nregs, count = 0;
	uint32_t *nuse = xcalloc(nr ? nr : 1, sizeof(uint32_t));
	uint32_t *uses_in = xcalloc(nr ? nr : 1, sizeof(uint32_t));
	uint8_t *named = xcalloc(nr ? nr : 1, 1);
	for (uint32_t r = 0; r < f->nparams; r++)
		named[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < nr)
			named[f->vars[k].reg] = 1;
	for (uint32_t i = 0; i < n; i++)
		IR_EACH_READ(&f->code[i], r, nuse[r]++);
	struct thr_site *sites = xcalloc(n, sizeof(*sites));
	uint32_t *len = xcalloc(n, sizeof(uint32_t));
	uint8_t *plain = xmalloc(n);
	VEC(uint8_t) ty = { 0 };
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		plain[i] = 1;
		if (in->op != IR_BR || (in->flags & IRF_STMT_START) || (uint32_t)in->tgt1 == i + 1)
			continue;
		uint32_t t = (uint32_t)in->tgt1, e = thread_run(f, t, nuse, named, uses_in);
		if (!e || (i >= t && i <= e) || n + count * THREAD_MAX > CALLER_MAX)
			continue;
		sites[i].t = t;
		sites[i].e = e;
		sites[i].base = (int32_t)nr;
		for (uint32_t k = t; k < e; k++) {
			vec_push(&ty, f->reg_ty ? f->reg_ty[f->code[k].d] : (uint8_t)IR_U64);
			nr++;
		}
		len[i] = e - t + 1;
		plain[i] = 0;
		count++;
	}
	if (count) {
		struct thr_ctx x = { f, sites, xmalloc((f->nregs ? f->nregs : 1) * sizeof(int32_t)) };
		for (uint32_t r = 0; r < f->nregs; r++)
			x.slot[r] = -1;
		rebuild(f, a, len, plain, thr_fill, &x, nr, ty.v);
		free(x.slot);
	}
	vec_free(&ty);
	free(sites);
	free(len);
	free(plain);
	free(nuse);
	free(uses_in);
	free(named);
	return count != 0;
}

/*
 * Addresses of module objects and the thread's own indices: GADDR gives the
 * same address every time a thread runs it (a __shared__ array's is its
 * block's, a global's is fixed), and SREG of threadIdx, blockDim,
 * blockIdx, gridDim, the lane index, warpSize and the lane masks gives the
 * same value (a thread never changes block, warp or lane), so a function
 * computes each once, at its entry, into one register that every former
 * GADDR's or SREG's readers read. Done where it saves work: a value taken
 * inside a loop (an instruction at or after the target of a branch back to
 * it) or more than once. Only temporaries' definitions move (defined once);
 * SREGs only in functions the host never runs; a statement that began with
 * one begins with the next instruction. Clocks, timers, the SM and warp
 * ids stay where they are.
 */
struct entry_val {
	uint16_t op;             /* IR_GADDR or IR_SREG */
	uint8_t t;
	int64_t imm;
};

struct hoist {
	const struct ir_func *f;
	const uint8_t *gone;     /* per instruction: a GADDR or SREG that moved */
	struct entry_val *vals;  /* in order of first use */
	uint32_t nval;
	int32_t base;            /* register of vals[0] */
};

static void hoist_fill(void *ctx, uint32_t i, struct ir_insn *out, uint32_t at, const uint32_t *map)
{
	struct hoist *h = ctx;
	const struct ir_func *f = h->f;
	(void)map;
	if (i == 0) {
		for (uint32_t k = 0; k < h->nval; k++) {
			struct ir_insn *in = &out[at++];
			memset(in, 0, sizeof(*in));
			in->op = h->vals[k].op;
			in->t = h->vals[k].t;
			in->d = h->base + (int32_t)k;
			in->a = in->b = in->c = in->e = -1;
			in->tgt1 = in->tgt2 = -1;
			in->imm = h->vals[k].imm;
			in->stmt = f->code[0].stmt;
			in->span = f->code[0].span;
			if (k == 0)
				in->flags = (uint16_t)(f->code[0].flags & IRF_STMT_START);
		}
		if (!h->gone[0]) {
			out[at] = f->code[0];
			out[at].flags &= (uint16_t)~IRF_STMT_START;
			if (out[at].op == IR_BR || out[at].op == IR_CBR) {
				out[at].tgt1 = (int32_t)map[out[at].tgt1];
				if (out[at].op == IR_CBR)
					out[at].tgt2 = (int32_t)map[out[at].tgt2];
			}
		}
	}
}

/* is SREG imm the same whenever one thread reads it? */
static int sreg_fixed(int64_t s)
{
	return (s >= SREG_TID_X && s <= SREG_LANEID) || s == SREG_WARPSIZE ||
	       (s >= SREG_LANEMASK_LT && s <= SREG_LANEMASK_EQ);
}

static int hoist_gaddr(struct ir_func *f, struct arena *a, const struct ir_module *m)
{
	uint32_t n = f->ncode, nr = f->nregs ? f->nregs : 1;
	uint32_t *ndef = xcalloc(nr, sizeof(uint32_t));
	uint8_t *named = xcalloc(nr, 1), *gone = xcalloc(n + 1, 1);
	int32_t *ren = xmalloc(nr * sizeof(int32_t));
	uint32_t first_back = n; /* the lowest target of a backward branch */
	int device_only = !(f->kind & FN_HOST);
	for (uint32_t r = 0; r < f->nparams; r++)
		named[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < nr)
			named[f->vars[k].reg] = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->d >= 0)
			ndef[in->d]++;
		if (in->op == IR_MATCH && in->e >= 0)
			ndef[in->e]++;
		if ((in->op == IR_BR || in->op == IR_CBR) && (uint32_t)in->tgt1 <= i && (uint32_t)in->tgt1 < first_back)
			first_back = (uint32_t)in->tgt1;
		if (in->op == IR_CBR && (uint32_t)in->tgt2 <= i && (uint32_t)in->tgt2 < first_back)
			first_back = (uint32_t)in->tgt2;
	}
	for (uint32_t r = 0; r < nr; r++)
		ren[r] = -1;
	int worth = 0;
	VEC(struct entry_val) vals = { 0 };
	VEC(uint32_t) uses = { 0 };
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->d < 0 || named[in->d] || ndef[in->d] != 1 || in->nargs)
			continue;
		if (in->op == IR_GADDR) {
			if (in->imm < 0 || (uint64_t)in->imm >= m->nobjs)
				continue;
		} else if (in->op != IR_SREG || !device_only || !sreg_fixed(in->imm)) {
			continue;
		}
		/* a statement that starts with it starts with the next instruction */
		if ((in->flags & IRF_STMT_START) &&
		    (i + 1 >= n || f->code[i + 1].stmt != in->stmt || i == 0))
			continue;
		uint32_t k;
		for (k = 0; k < vals.len; k++)
			if (vals.v[k].op == in->op && vals.v[k].imm == in->imm &&
			    (in->op == IR_GADDR || vals.v[k].t == in->t))
				break;
		if (k == vals.len) {
			struct entry_val v = { (uint16_t)in->op, (uint8_t)(in->op == IR_GADDR ? IR_PTR : in->t), in->imm };
			vec_push(&vals, v);
			vec_push(&uses, 0);
		}
		if (++uses.v[k] > 1 || i >= first_back)
			worth = 1;
		ren[in->d] = (int32_t)(f->nregs + k);
		gone[i] = 1;
	}
	for (uint32_t i = 0; i + 1 < n; i++)
		if (gone[i] && (f->code[i].flags & IRF_STMT_START))
			f->code[i + 1].flags |= IRF_STMT_START;
	int changed = 0;
	if (worth && vals.len) {
		uint32_t *len = xcalloc(n, sizeof(uint32_t));
		uint8_t *plain = xmalloc(n);
		for (uint32_t i = 0; i < n; i++) {
			plain[i] = !gone[i] && i != 0;
			len[i] = i == 0 ? (uint32_t)vals.len + !gone[0] : 0;
		}
		/* readers of the moved instructions read the entry's register */
		for (uint32_t i = 0; i < n; i++) {
			struct ir_insn *in = &f->code[i];
			if (gone[i])
				continue;
#define REN(x) do { if ((x) >= 0 && ren[(x)] >= 0) (x) = ren[(x)]; } while (0)
			REN(in->a);
			REN(in->b);
			REN(in->c);
			if (in->op != IR_MATCH)
				REN(in->e);
#undef REN
			if (in->nargs && in->args) {
				int hit = 0;
				for (uint32_t k = 0; k < in->nargs; k++)
					hit |= in->args[k] >= 0 && ren[in->args[k]] >= 0;
				if (hit) {
					int32_t *v = arena_alloc(a, in->nargs * sizeof(int32_t));
					for (uint32_t k = 0; k < in->nargs; k++)
						v[k] = in->args[k] >= 0 && ren[in->args[k]] >= 0 ? ren[in->args[k]] : in->args[k];
					in->args = v;
				}
			}
		}
		uint8_t *ty = xmalloc(vals.len);
		for (uint32_t k = 0; k < vals.len; k++)
			ty[k] = vals.v[k].t;
		struct hoist h = { f, gone, vals.v, (uint32_t)vals.len, (int32_t)f->nregs };
		rebuild(f, a, len, plain, hoist_fill, &h, f->nregs + (uint32_t)vals.len, ty);
		free(ty);
		free(len);
		free(plain);
		changed = 1;
	} else {
		/* nothing moves: the statement starts stay where they were */
		for (uint32_t i = 0; i + 1 < n; i++)
			if (gone[i] && (f->code[i].flags & IRF_STMT_START))
				f->code[i + 1].flags &= (uint16_t)~IRF_STMT_START;
	}
	vec_free(&vals);
	vec_free(&uses);
	free(ndef);
	free(named);
	free(gone);
	free(ren);
	return changed;
}

/*
 * Functions that may run below a recursion: reachable in the call graph
 * from a function on a cycle. An ICALL may reach every function whose
 * address is taken (FADDR, or a function address in an object's
 * initializer: vtables). Their calls are not inlined: the stack-overflow
 * finding counts frames, and which call overflows must not change.
 */
struct cg {
	const struct ir_module *m;
	uint8_t *taken, *state, *deep;
	uint32_t *idx, *low, *stack;
	uint32_t sp, next;
};

static void cg_edges(struct cg *c, uint32_t f, void (*fn)(struct cg *, uint32_t, uint32_t))
{
	const struct ir_func *F = &c->m->funcs[f];
	for (uint32_t i = 0; i < F->ncode; i++) {
		const struct ir_insn *in = &F->code[i];
		if (in->op == IR_CALL && in->imm >= 0 && (uint64_t)in->imm < c->m->nfuncs)
			fn(c, f, (uint32_t)in->imm);
		else if (in->op == IR_ICALL || (in->op == IR_LAUNCH && in->imm == -1))
			for (uint32_t g = 0; g < c->m->nfuncs; g++)
				if (c->taken[g])
					fn(c, f, g);
	}
}

static void scc(struct cg *c, uint32_t f);

static void scc_edge(struct cg *c, uint32_t f, uint32_t g)
{
	if (g == f)
		c->deep[f] = 1; /* calls itself */
	if (!c->state[g]) {
		scc(c, g);
		if (c->low[g] < c->low[f])
			c->low[f] = c->low[g];
	} else if (c->state[g] == 1 && c->idx[g] < c->low[f]) {
		c->low[f] = c->idx[g];
	}
}

/* Tarjan: state 1 = on the stack, 2 = done; a component of more than one
 * function is a cycle */
static void scc(struct cg *c, uint32_t f)
{
	c->idx[f] = c->low[f] = c->next++;
	c->state[f] = 1;
	c->stack[c->sp++] = f;
	cg_edges(c, f, scc_edge);
	if (c->low[f] != c->idx[f])
		return;
	uint32_t n = 0, g;
	uint32_t top = c->sp;
	do {
		g = c->stack[--c->sp];
		c->state[g] = 2;
		n++;
	} while (g != f);
	if (n > 1)
		for (uint32_t k = c->sp; k < top; k++)
			c->deep[c->stack[k]] = 1;
}

static void spread(struct cg *c, uint32_t f, uint32_t g)
{
	(void)f;
	if (!c->deep[g]) {
		c->deep[g] = 1;
		cg_edges(c, g, spread);
	}
}

static uint8_t *below_recursion(const struct ir_module *m)
{
	uint32_t n = m->nfuncs ? m->nfuncs : 1;
	struct cg c = { m, xcalloc(n, 1), xcalloc(n, 1), xcalloc(n, 1),
			xcalloc(n, sizeof(uint32_t)), xcalloc(n, sizeof(uint32_t)),
			xcalloc(n, sizeof(uint32_t)), 0, 0 };
	for (uint32_t f = 0; f < m->nfuncs; f++)
		for (uint32_t i = 0; i < m->funcs[f].ncode; i++)
			if (m->funcs[f].code[i].op == IR_FADDR && m->funcs[f].code[i].imm >= 0 &&
			    (uint64_t)m->funcs[f].code[i].imm < m->nfuncs)
				c.taken[m->funcs[f].code[i].imm] = 1;
	for (uint32_t o = 0; o < m->nobjs; o++)
		for (uint32_t k = 0; k < m->objs[o].nrelocs; k++)
			if (m->objs[o].relocs[k].obj == -1 && m->objs[o].relocs[k].func >= 0 &&
			    (uint32_t)m->objs[o].relocs[k].func < m->nfuncs)
				c.taken[m->objs[o].relocs[k].func] = 1;
	for (uint32_t f = 0; f < m->nfuncs; f++)
		if (!c.state[f])
			scc(&c, f);
	/* everything a function on a cycle reaches */
	uint8_t *cyc = xmalloc(n);
	memcpy(cyc, c.deep, n);
	memset(c.deep, 0, n);
	for (uint32_t f = 0; f < m->nfuncs; f++)
		if (cyc[f] && !c.deep[f]) {
			c.deep[f] = 1;
			cg_edges(&c, f, spread);
		}
	free(cyc);
	free(c.taken);
	free(c.state);
	free(c.idx);
	free(c.low);
	free(c.stack);
	return c.deep;
}

void ir_inline(struct ir_module *m, struct arena *a)
{
	if (!m || !a)
		return;
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (!m->funcs[i].nregs_lowered)
			m->funcs[i].nregs_lowered = m->funcs[i].nregs;
	uint8_t *ok = xcalloc(m->nfuncs ? m->nfuncs : 1, 1);
	uint8_t *deep = below_recursion(m);
	for (int round = 0; round < ROUNDS; round++) {
		int any = 0;
		for (uint32_t i = 0; i < m->nfuncs; i++)
			any |= ok[i] = (uint8_t)inlinable(m, i);
		if (!any)
			break;
		int changed = 0;
		for (uint32_t i = 0; i < m->nfuncs; i++)
			if (!deep[i] && sane(&m->funcs[i]))
				changed |= inline_into(m, a, i, ok);
		if (!changed)
			break;
	}
	free(ok);
	free(deep);
	for (uint32_t i = 0; i < m->nfuncs; i++) {
		if (sane(&m->funcs[i]))
			thread_into(&m->funcs[i], a);
		if (sane(&m->funcs[i]))
			hoist_gaddr(&m->funcs[i], a, m);
		if (sane(&m->funcs[i]) && reads_shape(&m->funcs[i]))
			m->funcs[i].spec_src = func_dup(&m->funcs[i], a);
	}
}

/* a kernel reading blockDim or gridDim, which a launch makes constants */
static int shape_sreg(const struct ir_insn *in)
{
	return in->op == IR_SREG && !(in->flags & IRF_DEAD) &&
	       ((in->imm >= SREG_NTID_X && in->imm <= SREG_NTID_Z) ||
		(in->imm >= SREG_NCTAID_X && in->imm <= SREG_NCTAID_Z));
}

static int reads_shape(const struct ir_func *f)
{
	if ((f->kind & (FN_KERNEL | FN_HOST)) != FN_KERNEL)
		return 0;
	for (uint32_t i = 0; i < f->ncode; i++)
		if (shape_sreg(&f->code[i]))
			return 1;
	return 0;
}

/* f with its own copies of what the passes rewrite (code, argument lists,
 * register types, variables, statements), in arena a */
static struct ir_func *func_dup(const struct ir_func *f, struct arena *a)
{
	struct ir_func *g = arena_alloc(a, sizeof(*g));
	*g = *f;
	g->spec_src = NULL;
	g->code = arena_alloc(a, (f->ncode ? f->ncode : 1) * sizeof(*g->code));
	memcpy(g->code, f->code, f->ncode * sizeof(*g->code));
	for (uint32_t i = 0; i < f->ncode; i++)
		if (g->code[i].nargs && g->code[i].args) {
			int32_t *v = arena_alloc(a, g->code[i].nargs * sizeof(int32_t));
			memcpy(v, g->code[i].args, g->code[i].nargs * sizeof(int32_t));
			g->code[i].args = v;
		}
	if (f->reg_ty) {
		g->reg_ty = arena_alloc(a, f->nregs ? f->nregs : 1);
		memcpy(g->reg_ty, f->reg_ty, f->nregs);
	}
	if (f->vars) {
		g->vars = arena_alloc(a, (f->nvars ? f->nvars : 1) * sizeof(*g->vars));
		memcpy(g->vars, f->vars, f->nvars * sizeof(*g->vars));
	}
	if (f->stmts) {
		g->stmts = arena_alloc(a, (f->nstmts ? f->nstmts : 1) * sizeof(*g->stmts));
		memcpy(g->stmts, f->stmts, f->nstmts * sizeof(*g->stmts));
	}
	return g;
}

/*
 * Results straight into variables: lowering writes `x = e` (and `i = i +
 * 1`) as t = e ; x = MOV t. e: an ALU op, CVT, SETP, SEL, CONST or a pure
 * built-in (fmaf, sqrtf: a BCALL computes every lane's result from its
 * arguments before it writes it). When t is a temporary defined once and read
 * only by that MOV, in the same straight run, and x is neither read nor
 * written between the two, e writes x itself and the MOV goes. Runs after
 * ir_optimize (the MOV is flagged IRF_DEAD like its drops). A variable
 * then takes its value a few instructions early, inside its statement:
 * only a session that steps by instruction could tell, and sessions do
 * not run this.
 */
static void fold_cvt_chain(struct ir_func *f, const uint8_t *named, const uint8_t *lead,
			   uint32_t *ndef, uint32_t *nuse, const int32_t *def);
static void copy_forward(struct ir_func *f, const uint8_t *named, const uint8_t *lead,
			 uint32_t *ndef, uint32_t *nuse);

static void forward_dest(struct ir_func *f)
{
	uint32_t n = f->ncode, nr = f->nregs ? f->nregs : 1;
	uint8_t *named = xcalloc(nr, 1), *lead = xcalloc(n + 1, 1);
	uint32_t *ndef = xcalloc(nr, sizeof(uint32_t)), *nuse = xcalloc(nr, sizeof(uint32_t));
	int32_t *def = xmalloc(nr * sizeof(int32_t));
	for (uint32_t r = 0; r < f->nparams; r++)
		named[r] = 1;
	for (uint32_t k = 0; k < f->nvars; k++)
		if (f->vars[k].loc == VLOC_REG && f->vars[k].reg >= 0 && (uint32_t)f->vars[k].reg < nr)
			named[f->vars[k].reg] = 1;
	for (uint32_t r = 0; r < nr; r++)
		def[r] = -1;
	lead[0] = 1;
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->op == IR_BR || in->op == IR_CBR) {
			lead[in->tgt1] = 1;
			if (in->op == IR_CBR)
				lead[in->tgt2] = 1;
		}
		if (in->op == IR_BR || in->op == IR_CBR || in->op == IR_RET || in->op == IR_TRAP ||
		    in->op == IR_UNREACHABLE)
			lead[i + 1] = 1;
		if (in->flags & IRF_DEAD)
			continue;
		if (in->d >= 0) {
			ndef[in->d]++;
			def[in->d] = (int32_t)i;
		}
		if (in->op == IR_MATCH && in->e >= 0)
			ndef[in->e]++;
		IR_EACH_READ(in, r, nuse[r]++);
	}
	copy_forward(f, named, lead, ndef, nuse);
	for (uint32_t r = 0; r < nr; r++)
		def[r] = -1;
	for (uint32_t i = 0; i < n; i++)
		if (!(f->code[i].flags & IRF_DEAD) && f->code[i].d >= 0)
			def[f->code[i].d] = (int32_t)i;
	fold_cvt_chain(f, named, lead, ndef, nuse, def);
	for (uint32_t j = 0; j < n; j++) {
		struct ir_insn *mv = &f->code[j];
		if ((mv->flags & (IRF_DEAD | IRF_STMT_START)) || mv->op != IR_MOV || mv->a < 0 ||
		    mv->d < 0 || mv->a == mv->d)
			continue;
		int32_t t = mv->a, v = mv->d;
		if (named[t] || ndef[t] != 1 || nuse[t] != 1 || def[t] < 0 || (uint32_t)def[t] >= j)
			continue;
		uint32_t i = (uint32_t)def[t];
		struct ir_insn *src = &f->code[i];
		int pure_call = src->op == IR_BCALL && src->imm >= 0 && src->imm < BI_COUNT &&
				builtin_table[src->imm].kind == BK_PURE;
		if (!(ir_op_pure(src->op) || pure_call) || src->d != t)
			continue;
		int ok = 1;
		for (uint32_t k = i + 1; ok && k < j; k++) {
			const struct ir_insn *in = &f->code[k];
			if (lead[k])
				ok = 0;
			if (in->flags & IRF_DEAD)
				continue;
			if (in->d == v || (in->op == IR_MATCH && in->e == v))
				ok = 0;
			IR_EACH_READ(in, r, ok &= r != v);
		}
		if (!ok || lead[j])
			continue;
		src->d = v;
		ndef[t] = nuse[t] = 0;
		nuse[v] += 0;
		mv->op = IR_NOP;
		mv->flags |= IRF_DEAD;
		mv->d = mv->a = mv->b = mv->c = mv->e = -1;
	}
	free(named);
	free(lead);
	free(ndef);
	free(nuse);
	free(def);
}

/*
 * Widening chains: `(long)(unsigned long)i` is lowered as CVT.u64.s32 then
 * CVT.s64.u64; between 64-bit integer types a CVT changes no bit, so the
 * pair is one CVT.s64.s32 (which decode.c then folds into indexing) when
 * the inner result is a temporary read only there and its source is not
 * written in between (same straight run).
 */
/* copies of registers, in a straight run: t = MOV s, then t read (before
 * s is written again) => s read, the MOV dropped */
static int reads_reg(const struct ir_insn *in, int32_t r)
{
	int hit = 0;
	IR_EACH_READ(in, q, hit += q == r);
	return hit;
}

static void copy_forward(struct ir_func *f, const uint8_t *named, const uint8_t *lead,
			 uint32_t *ndef, uint32_t *nuse)
{
	for (uint32_t j = 0; j < f->ncode; j++) {
		struct ir_insn *mv = &f->code[j];
		if ((mv->flags & (IRF_DEAD | IRF_STMT_START)) || mv->op != IR_MOV || mv->a < 0 ||
		    mv->d < 0 || mv->a == mv->d)
			continue;
		int32_t t = mv->d, src = mv->a;
		if (named[t] || ndef[t] != 1)
			continue;
		uint32_t left = nuse[t], k;
		for (k = j + 1; left && k < f->ncode && !lead[k]; k++) {
			const struct ir_insn *q = &f->code[k];
			if (q->flags & IRF_DEAD)
				continue;
			left -= (uint32_t)reads_reg(q, t);
			if (left && (q->d == src || (q->op == IR_MATCH && q->e == src)))
				break;
		}
		if (left)
			continue;
		for (uint32_t u = j + 1; u < k; u++) {
			struct ir_insn *q = &f->code[u];
			if (q->flags & IRF_DEAD)
				continue;
			if (q->a == t)
				q->a = src;
			if (q->b == t)
				q->b = src;
			if (q->c == t)
				q->c = src;
			if (q->e == t && q->op != IR_MATCH)
				q->e = src;
			for (uint32_t z = 0; q->args && z < q->nargs; z++)
				if (q->args[z] == t)
					q->args[z] = src;
		}
		nuse[src] += nuse[t] ? nuse[t] - 1 : 0;
		ndef[t] = nuse[t] = 0;
		mv->op = IR_NOP;
		mv->flags |= IRF_DEAD;
		mv->d = mv->a = mv->b = mv->c = mv->e = -1;
	}
}

static int is64(unsigned t)
{
	return t == IR_S64 || t == IR_U64;
}

static int isint(unsigned t)
{
	return t >= IR_S8 && t <= IR_U64;
}

static void fold_cvt_chain(struct ir_func *f, const uint8_t *named, const uint8_t *lead,
			   uint32_t *ndef, uint32_t *nuse, const int32_t *def)
{
	for (uint32_t j = 0; j < f->ncode; j++) {
		struct ir_insn *out = &f->code[j];
		if ((out->flags & IRF_DEAD) || out->op != IR_CVT || out->a < 0 || !is64(out->t) ||
		    !is64(out->t2))
			continue;
		int32_t t = out->a;
		if (named[t] || ndef[t] != 1 || nuse[t] != 1 || def[t] < 0 || (uint32_t)def[t] >= j)
			continue;
		uint32_t i = (uint32_t)def[t];
		struct ir_insn *in = &f->code[i];
		if (in->op != IR_CVT || in->t != out->t2 || !isint(in->t2) || in->a < 0 ||
		    (in->flags & IRF_STMT_START))
			continue;
		int ok = 1;
		for (uint32_t k = i + 1; ok && k <= j; k++) {
			const struct ir_insn *q = &f->code[k];
			if (lead[k])
				ok = 0;
			if (k < j && !(q->flags & IRF_DEAD) &&
			    (q->d == in->a || (q->op == IR_MATCH && q->e == in->a)))
				ok = 0;
		}
		if (!ok)
			continue;
		out->a = in->a;
		out->t2 = in->t2;
		ndef[t] = nuse[t] = 0;
		in->op = IR_NOP;
		in->flags |= IRF_DEAD;
		in->d = in->a = in->b = in->c = in->e = -1;
	}
}

/*
 * Parameters: a function's first instructions copy each parameter register
 * into its variable's register (v = MOV p). When p is never written and v
 * is written only by that copy, v's readers read p and the copy goes (a
 * kernel's every thread paid one MOV per parameter). The variable's
 * register becomes p: run's code has no debugger to show it.
 */
static void coalesce_params(struct ir_func *f)
{
	uint32_t n = f->ncode, nr = f->nregs ? f->nregs : 1;
	uint32_t *ndef = xcalloc(nr, sizeof(uint32_t));
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->flags & IRF_DEAD)
			continue;
		if (in->d >= 0)
			ndef[in->d]++;
		if (in->op == IR_MATCH && in->e >= 0)
			ndef[in->e]++;
	}
	for (uint32_t j = 0; j < n; j++) {
		struct ir_insn *mv = &f->code[j];
		if (mv->flags & IRF_DEAD)
			continue;
		if (mv->op == IR_GADDR || mv->op == IR_SREG || (f->spec && mv->op == IR_CONST))
			continue; /* hoist_gaddr's values (a specialised copy's
				   * blockDim and gridDim), before the copies */
		if (mv->op != IR_MOV)
			break; /* only the copies at the entry */
		int32_t p = mv->a, v = mv->d;
		if (p < 0 || (uint32_t)p >= f->nparams || v < 0 || v == p || ndef[p] || ndef[v] != 1 ||
		    (uint32_t)v < f->nparams)
			continue;
		int early = 0;
		for (uint32_t k = 0; k < j; k++)
			if (!(f->code[k].flags & IRF_DEAD))
				early |= reads_reg(&f->code[k], v);
		if (early)
			continue;
		for (uint32_t k = j + 1; k < n; k++) {
			struct ir_insn *q = &f->code[k];
			if (q->flags & IRF_DEAD)
				continue;
			if (q->a == v)
				q->a = p;
			if (q->b == v)
				q->b = p;
			if (q->c == v)
				q->c = p;
			if (q->e == v && q->op != IR_MATCH)
				q->e = p;
			for (uint32_t z = 0; q->args && z < q->nargs; z++)
				if (q->args[z] == v)
					q->args[z] = p;
		}
		for (uint32_t k = 0; k < f->nvars; k++)
			if (f->vars[k].loc == VLOC_REG && f->vars[k].reg == v)
				f->vars[k].reg = p;
		ndef[v] = 0;
		mv->op = IR_NOP;
		mv->flags = (uint16_t)((mv->flags & IRF_STMT_START) | IRF_DEAD);
		mv->d = mv->a = mv->b = mv->c = mv->e = -1;
	}
	free(ndef);
}

void ir_optimize_run_func(struct ir_func *f, struct arena *a)
{
	ir_optimize_func(f);
	int ok = f->ncode > 0 && f->code;
	for (uint32_t k = 0; ok && k < f->ncode; k++) {
		const struct ir_insn *in = &f->code[k];
		if ((in->op == IR_BR || in->op == IR_CBR) &&
		    ((uint32_t)in->tgt1 >= f->ncode ||
		     (in->op == IR_CBR && (uint32_t)in->tgt2 >= f->ncode)))
			ok = 0;
		if (in->d >= (int32_t)f->nregs || in->a >= (int32_t)f->nregs ||
		    in->b >= (int32_t)f->nregs || in->c >= (int32_t)f->nregs ||
		    in->e >= (int32_t)f->nregs)
			ok = 0;
		for (uint32_t q = 0; q < in->nargs; q++)
			if (!in->args || in->args[q] < 0 || in->args[q] >= (int32_t)f->nregs)
				ok = 0;
	}
	if (ok) {
		/* loops of a constant trip count written out (unroll.c): a
		 * specialised kernel's blockDim loops are such loops */
		ir_unroll_loops(f, a);
		coalesce_params(f);
		forward_dest(f);
		ir_cse(f);
		ir_fold_offsets(f);
		ir_hoist_invariants(f, a);
		ir_compact_regs(f);
	}
}

void ir_optimize_run(struct ir_module *m, struct arena *a)
{
	if (!m)
		return;
	m->run_opt = 1;
	ir_inline(m, a);
	for (uint32_t i = 0; i < m->nfuncs; i++)
		ir_optimize_run_func(&m->funcs[i], a);
	ir_regalloc(m, a);
}

struct ir_func *ir_specialize(const struct ir_func *src, const struct ir_module *mod,
			      const uint32_t block[3], const uint32_t grid[3], struct arena *a)
{
	struct ir_func *g = func_dup(src, a);
	g->spec = 1;
	for (uint32_t i = 0; i < g->ncode; i++) {
		struct ir_insn *in = &g->code[i];
		if (!shape_sreg(in))
			continue;
		uint32_t v = in->imm <= SREG_NTID_Z ? block[in->imm - SREG_NTID_X] : grid[in->imm - SREG_NCTAID_X];
		in->op = IR_CONST;
		in->imm = (int64_t)ir_norm(v, in->t);
	}
	ir_optimize_run_func(g, a);
	if (mod->run_rows) {
		if (ir_regalloc_live_on_entry(g))
			return NULL; /* ir_regalloc would have left the module alone */
		ir_regalloc_func(g, a);
	}
	return g;
}
