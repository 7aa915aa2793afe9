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
 * - the callee's registers get fresh numbers in the caller; a parameter the
 *   callee never writes reads the argument register itself; RET becomes a
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

#include "ir.h"
#include "util.h"

#define INLINE_MAX 24        /* callee instructions */
#define CALLER_MAX 60000     /* a caller stops growing here */
#define ROUNDS 3

/* operands in range, targets in range, not optimised yet */
static int sane(const struct ir_func *f)
{
	int32_t nr = (int32_t)f->nregs;
	if (!f->ncode || f->nparams > f->nregs || !f->code)
		return 0;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		int32_t r[5] = { in->d, in->a, in->b, in->c, in->e };
		for (int k = 0; k < 5; k++)
			if (r[k] < -1 || r[k] >= nr)
				return 0;
		for (uint32_t k = 0; k < in->nargs; k++)
			if (!in->args || in->args[k] < 0 || in->args[k] >= nr)
				return 0;
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
		if (r < g->nparams && !writes(g, (int32_t)r))
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

/* inline the calls of f whose callee ok[] allows; 1 if f changed */
static int inline_into(struct ir_module *m, struct arena *a, uint32_t fi, const uint8_t *ok)
{
	struct ir_func *f = &m->funcs[fi];
	uint32_t n = f->ncode, nr = f->nregs;
	struct site *sites = xcalloc(n, sizeof(*sites));
	uint32_t total = 0, count = 0;
	int user_caller = !is_builtin_file(m, f->span.file);

	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->op == IR_CALL && in->imm >= 0 && (uint64_t)in->imm < m->nfuncs &&
		    (uint32_t)in->imm != fi && ok[in->imm] &&
		    in->nargs == m->funcs[in->imm].nparams && (in->nargs == 0 || in->args) &&
		    total + n + m->funcs[in->imm].ncode < CALLER_MAX) {
			plan(&sites[i], f, in, &m->funcs[in->imm], &nr);
			total += sites[i].len;
			count++;
		} else {
			total++;
		}
	}
	if (!count) {
		free(sites);
		return 0;
	}
	struct ir_insn *out = arena_alloc(a, total * sizeof(struct ir_insn));
	uint32_t *map = xmalloc((n + 1) * sizeof(uint32_t));
	uint8_t *own = xcalloc(total, 1);  /* the caller's own instructions (targets to remap) */
	uint32_t o = 0;
	for (uint32_t i = 0; i < n; i++) {
		map[i] = o;
		if (sites[i].g) {
			emit(a, m, &sites[i], &f->code[i], user_caller, out, o);
			o += sites[i].len;
		} else {
			own[o] = 1;
			out[o++] = f->code[i];
		}
	}
	map[n] = o;
	for (uint32_t k = 0; k < total; k++) {
		struct ir_insn *in = &out[k];
		if (!own[k] || (in->op != IR_BR && in->op != IR_CBR))
			continue;
		in->tgt1 = (int32_t)map[in->tgt1];
		if (in->op == IR_CBR)
			in->tgt2 = (int32_t)map[in->tgt2];
	}
	for (uint32_t k = 0; k < f->nstmts; k++)
		if (f->stmts[k].first <= n)
			f->stmts[k].first = map[f->stmts[k].first];
	for (uint32_t k = 0; k < f->nvars; k++) {
		struct ir_var *v = &f->vars[k];
		v->live_from = map[v->live_from < n ? v->live_from : n];
		v->live_to = map[v->live_to < n ? v->live_to : n];
	}
	uint8_t *ty = arena_alloc(a, nr ? nr : 1);
	if (f->reg_ty)
		memcpy(ty, f->reg_ty, f->nregs);
	for (uint32_t i = 0; i < n; i++) {
		const struct site *s = &sites[i];
		for (uint32_t r = 0; s->g && r < s->g->nregs; r++)
			if (s->rmap[r] >= (int32_t)f->nregs)
				ty[s->rmap[r]] = s->g->reg_ty ? s->g->reg_ty[r] : IR_U64;
		free(s->rmap);
		free(s->cmap);
	}
	f->reg_ty = ty;
	f->nregs = nr;
	f->code = out;
	f->ncode = total;
	free(map);
	free(own);
	free(sites);
	return 1;
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
}
