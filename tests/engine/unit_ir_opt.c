/*
 * unit_ir_opt.c - ir_optimize (engine/ir/opt.c): what it rewrites and what
 * it must keep for the debugger. TAP 13. With WS_VERBOSE set, prints the
 * kernel's IR before and after.
 */
#include "front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static const char src[] =
	"__global__ void k(unsigned *o, unsigned x, unsigned long long y)\n"
	"{\n"
	"	o[0] = x / 4u;\n"
	"	o[1] = x % 8u;\n"
	"	o[2] = blockDim.x / 2;\n"
	"	int s = (int)x;\n"
	"	o[3] = s / 2;\n"
	"	o[4] = (unsigned)(y / 1024ull);\n"
	"	o[5] = x / 3u;\n"
	"	int unused = 7;\n"
	"	(void)unused;\n"
	"}\n"
	"int main(void) { return 0; }\n";

static const struct ir_func *find(const struct ir_module *m, const char *name)
{
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (!strcmp(m->funcs[i].name, name) || !strncmp(m->funcs[i].name, "k(", 2))
			return &m->funcs[i];
	return NULL;
}

/* count live instructions of op (and type t, or any type when t < 0) */
static int nops(const struct ir_func *f, unsigned op, int t)
{
	int n = 0;
	for (uint32_t i = 0; i < f->ncode; i++)
		if (!(f->code[i].flags & IRF_DEAD) && f->code[i].op == op && (t < 0 || f->code[i].t == t))
			n++;
	return n;
}

static void dump(const struct ir_module *m, const char *what)
{
	if (!getenv("WS_VERBOSE"))
		return;
	struct strbuf sb;
	strbuf_init(&sb);
	ir_print(m, &sb);
	printf("# %s\n%s", what, strbuf_cstr(&sb));
	strbuf_release(&sb);
}

int main(void)
{
	tap_start();
	struct compilation cu;
	compilation_init(&cu);
	int r = front_compile_string(&cu, "opt.cu", src, NULL);
	ok(r == 0, "the program compiles");
	if (r) {
		diag_render(&cu.diags, &cu.sm, stdout, 0);
		compilation_release(&cu);
		return tap_end();
	}
	const struct ir_func *f = find(cu.mod, "k");
	ok(f != NULL, "the kernel is found");
	if (!f)
		return tap_end();
	dump(cu.mod, "lowered");
	uint32_t nregs = f->nregs, ncode = f->ncode, nstmts = f->nstmts;
	int udiv = nops(f, IR_DIV, IR_U32) + nops(f, IR_DIV, IR_U64), urem = nops(f, IR_REM, IR_U32);
	int sdiv = nops(f, IR_DIV, IR_S32);
	ok(udiv == 4 && urem == 1 && sdiv == 1, "lowering writes 4 unsigned divisions, 1 remainder, "
	   "1 signed division (%d %d %d)", udiv, urem, sdiv);

	ir_optimize(cu.mod);
	dump(cu.mod, "optimised");
	ok(nops(f, IR_DIV, IR_U32) == 1, "x / 4u, blockDim.x / 2 became shifts; x / 3u stays a division");
	ok(nops(f, IR_DIV, IR_U64) == 0, "y / 1024ull became a shift");
	ok(nops(f, IR_REM, -1) == 0, "x %% 8u became an and");
	ok(nops(f, IR_DIV, IR_S32) == 1, "s / 2 (signed, rounds toward zero) stays a division");
	ok(f->nregs < nregs, "registers renumbered densely: %u -> %u", nregs, f->nregs);
	ok(f->nregs_lowered == nregs, "nregs_lowered keeps the lowered count (occupancy estimates)");
	ok(f->ncode == ncode && f->nstmts == nstmts, "no instruction or statement index moves");

	/* every statement keeps an instruction, at its first index */
	int stmts_ok = 1;
	for (uint32_t s = 0; s < f->nstmts; s++) {
		uint32_t i = f->stmts[s].first;
		if (i < f->ncode && (f->code[i].flags & IRF_DEAD))
			stmts_ok = 0;
	}
	ok(stmts_ok, "the first instruction of every statement is kept");

	/* variables stay readable: registers in range, still written */
	int vars_ok = 1, found_s = 0, found_unused = 0;
	for (uint32_t v = 0; v < f->nvars; v++) {
		const struct ir_var *var = &f->vars[v];
		if (var->loc != VLOC_REG)
			continue;
		if (var->reg < 0 || (uint32_t)var->reg >= f->nregs)
			vars_ok = 0;
		int written = 0;
		for (uint32_t i = 0; i < f->ncode; i++)
			if (!(f->code[i].flags & IRF_DEAD) && f->code[i].d == var->reg)
				written = 1;
		if (!written)
			vars_ok = 0;
		found_s |= !strcmp(var->name, "s");
		found_unused |= !strcmp(var->name, "unused");
	}
	ok(vars_ok && found_s && found_unused,
	   "every register variable (s, unused too) has a register in range that is still written");

	/* no live instruction reads a register nobody writes (renumbering kept defs and uses paired) */
	uint8_t *def = calloc(f->nregs ? f->nregs : 1, 1);
	for (uint32_t p = 0; p < f->nparams; p++)
		def[p] = 1;
	for (uint32_t i = 0; i < f->ncode; i++)
		if (!(f->code[i].flags & IRF_DEAD) && f->code[i].d >= 0)
			def[f->code[i].d] = 1;
	int uses_ok = 1;
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if (in->flags & IRF_DEAD)
			continue;
		int32_t u[3] = { in->a, in->b, in->c };
		for (int k = 0; k < 3; k++)
			if (u[k] >= 0 && ((uint32_t)u[k] >= f->nregs || !def[u[k]]))
				uses_ok = 0;
	}
	free(def);
	ok(uses_ok, "every register read is written somewhere");

	uint32_t again = f->nregs;
	ir_optimize(cu.mod);
	ok(f->nregs == again && f->nregs_lowered == nregs, "a second ir_optimize changes nothing");
	compilation_release(&cu);
	return tap_end();
}
