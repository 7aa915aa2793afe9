/*
 * unit_regalloc.c - run's register allocation (engine/ir/regalloc.c):
 * registers share rows, a register live on entry keeps a row of its own,
 * parameters keep theirs, and a module with such a register is left alone;
 * a collective's registers share rows like any other's (WS_NO_RACOLL=1:
 * rows of their own).
 * TAP 13. With WS_VERBOSE set, prints the IR.
 */
#include "front.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

/* u is read before it is written on the path where t >= n: live on entry */
static const char src_uninit[] =
	"__global__ void k(int *o, int n)\n"
	"{\n"
	"	int u;\n"
	"	int t = threadIdx.x;\n"
	"	if (t < n)\n"
	"		u = t * 3 + 1;\n"
	"	int a = o[t] + 5, b = o[t + 1] * 7;\n"
	"	int c = a - b;\n"
	"	o[t] = u + c;\n"
	"}\n"
	"int main(void) { return 0; }\n";

/* the same without the uninitialised read */
static const char src_clean[] =
	"__global__ void k(int *o, int n)\n"
	"{\n"
	"	int t = threadIdx.x;\n"
	"	int u = 0;\n"
	"	if (t < n)\n"
	"		u = t * 3 + 1;\n"
	"	int a = o[t] + 5, b = o[t + 1] * 7;\n"
	"	int c = a - b;\n"
	"	o[t] = u + c;\n"
	"}\n"
	"int main(void) { return 0; }\n";

/* a reduction of shuffles: their offsets, width and mask are temporaries
 * that live from their CONST to the shuffle */
static const char src_shfl[] =
	"__global__ void k(const int *in, int *o)\n"
	"{\n"
	"	int v = in[threadIdx.x];\n"
	"	int t = v * 3 + 1;\n"
	"	for (int off = 16; off > 0; off >>= 1)\n"
	"		v += __shfl_down_sync(0xffffffffu, v, off);\n"
	"	if (__any_sync(0xffffffffu, t > 5))\n"
	"		o[threadIdx.x] = v + t;\n"
	"}\n"
	"int main(void) { return 0; }\n";

/* 1 if every register that a shuffle or vote of f names has a row no
 * other register shares */
static int coll_alone(const struct ir_func *f)
{
	for (uint32_t i = 0; i < f->ncode; i++) {
		const struct ir_insn *in = &f->code[i];
		if ((in->op != IR_SHFL && in->op != IR_VOTE) || (in->flags & IRF_DEAD))
			continue;
		int32_t regs[5] = { in->d, in->a, in->b, in->c, in->e };
		for (int k = 0; k < 5; k++) {
			if (regs[k] < 0)
				continue;
			for (uint32_t q = 0; q < f->nregs; q++)
				if ((int32_t)q != regs[k] && f->regmap[q] == f->regmap[regs[k]])
					return 0;
		}
	}
	return 1;
}

static struct ir_func *find(struct ir_module *m)
{
	for (uint32_t i = 0; i < m->nfuncs; i++)
		if (m->funcs[i].kind & FN_KERNEL)
			return &m->funcs[i];
	return NULL;
}

static void dump(const struct ir_module *m)
{
	if (!getenv("WS_VERBOSE"))
		return;
	struct strbuf sb;
	strbuf_init(&sb);
	ir_print(m, &sb);
	printf("%s", strbuf_cstr(&sb));
	strbuf_release(&sb);
}

static int compile(struct compilation *cu, const char *src)
{
	compilation_init(cu);
	int r = front_compile_string(cu, "ra.cu", src, NULL);
	if (r) {
		diag_render(&cu->diags, &cu->sm, stdout, 0);
		return r;
	}
	ir_optimize_run(cu->mod, &cu->arena);
	return 0;
}

static int32_t var_reg(const struct ir_func *f, const char *name)
{
	for (uint32_t i = 0; i < f->nvars; i++)
		if (!strcmp(f->vars[i].name, name) && f->vars[i].loc == VLOC_REG)
			return f->vars[i].reg;
	return -1;
}

int main(void)
{
	tap_start();
	struct compilation cu;

	/* the whole module is left alone: it reads a register before writing it */
	int r = compile(&cu, src_uninit);
	ok(r == 0, "the program with an uninitialised local compiles");
	struct ir_func *f = r ? NULL : find(cu.mod);
	ok(f && !f->regmap && ir_rows(f) == f->nregs, "a module with a register live on entry keeps one row per register");
	ok(f && ir_regalloc_live_on_entry(f), "u is live on entry");
	if (f) {
		/* the function alone: rows are shared, u's is its own */
		uint32_t rows = ir_regalloc_func(f, &cu.arena);
		dump(cu.mod);
		int32_t u = var_reg(f, "u");
		ok(f->regmap && rows < f->nregs, "registers share rows (%u registers, %u rows)", f->nregs, rows);
		ok(u >= 0, "u is a register");
		int alone = u >= 0 && f->regmap;
		for (uint32_t q = 0; alone && q < f->nregs; q++)
			if ((int32_t)q != u && f->regmap[q] == f->regmap[u])
				alone = 0;
		ok(alone, "the register live on entry has a row of its own");
		int params = f->regmap != NULL;
		for (uint32_t q = 0; params && q < f->nregs; q++)
			if ((q < f->nparams && f->regmap[q] != (int32_t)q) ||
			    (q >= f->nparams && f->regmap[q] < (int32_t)f->nparams))
				params = 0;
		ok(params, "parameters keep rows 0..nparams-1 to themselves");
		ok(ir_regalloc_func(f, &cu.arena) == rows, "a second allocation changes nothing");
	}
	compilation_release(&cu);

	r = compile(&cu, src_clean);
	ok(r == 0, "the program without one compiles");
	f = r ? NULL : find(cu.mod);
	ok(f && f->regmap && f->nrows < f->nregs, "run's pipeline shares rows (%u registers, %u rows)",
	   f ? f->nregs : 0, f ? ir_rows(f) : 0);
	compilation_release(&cu);

	/* collectives: their registers share rows; WS_NO_RACOLL=1 pins them */
	r = compile(&cu, src_shfl);
	ok(r == 0, "the shuffle reduction compiles");
	f = r ? NULL : find(cu.mod);
	uint32_t rows_shared = f ? ir_rows(f) : 0;
	ok(f && f->regmap && !coll_alone(f), "a shuffle's or vote's register shares a row (%u registers, %u rows)",
	   f ? f->nregs : 0, rows_shared);
	if (f && f->regmap && getenv("WS_VERBOSE"))
		dump(cu.mod);
	compilation_release(&cu);
	setenv("WS_NO_RACOLL", "1", 1);
	r = compile(&cu, src_shfl);
	f = r ? NULL : find(cu.mod);
	ok(f && f->regmap && coll_alone(f), "WS_NO_RACOLL=1: every register a shuffle or vote names has a row of its own");
	ok(f && ir_rows(f) > rows_shared, "... which takes more rows (%u, against %u)", f ? ir_rows(f) : 0,
	   rows_shared);
	compilation_release(&cu);
	unsetenv("WS_NO_RACOLL");

	setenv("WS_NO_REGALLOC", "1", 1);
	r = compile(&cu, src_clean);
	f = r ? NULL : find(cu.mod);
	ok(f && !f->regmap, "WS_NO_REGALLOC=1 turns it off");
	compilation_release(&cu);
	return tap_end();
}
