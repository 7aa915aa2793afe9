/*
 * opfreq.c - which decoded instructions, and which pairs of consecutive
 * ones, a program executes (docs/PERFORMANCE.md, "Instruction pairs"):
 * the measurement behind the choice of superinstructions.
 *
 *   make opfreq && build/opfreq [--no-inline] [--top N] PROG.cu [ARGS...]
 *
 * Compiles PROG.cu as `warpstep run` does (ir_optimize_run; --no-inline:
 * ir_optimize only), runs it with the checkers off and observes every
 * instruction (EV_INSN). The op is the decoded one (decode.c): IDX is the
 * fused indexing, CBR.cmp a compare-and-branch, a ".k" suffix a constant
 * operand. A pair is two instructions one warp (or the host thread) runs
 * one after the other. Counts are warp instructions (one per group, not
 * per lane), host and device apart; the output is tab-separated
 * (`where kind count percent name`), so that runs over many programs add
 * up with awk. The program's own output goes to /dev/null.
 *
 * A tool for warpstep's developers: it includes the machine's private
 * header (simt.h) to see the decoded code, which no front end may do.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "session.h"
#include "simt.h"

#define NOPS (IR_NOPS + 8)
#define NNAMES (NOPS * 2)   /* op, op with a constant operand */

struct freq {
	struct machine *m;
	uint64_t ops[2][NNAMES];
	uint64_t uni[NNAMES];   /* device instructions on uniform operands (uniform.c) */
	uint64_t *pairs[2];     /* [NNAMES * NNAMES] */
	/* the last op of each warp: open hash on (slot, warp) */
	struct { int64_t key; int32_t last; } *last;
	size_t nlast;
};

static int op_id(const struct ir_insn *in)
{
	unsigned op = in->op;
	if (op >= NOPS)
		op = IR_NOP;
	if (op == IR_CBR && (in->flags & DF_CMP))
		op = IR_NOPS + 2; /* CBR.cmp */
	return (int)op + ((in->flags & DF_KB) ? NOPS : 0);
}

static void op_name(int id, char *buf, size_t n)
{
	int k = id >= NOPS;
	unsigned op = (unsigned)(k ? id - NOPS : id);
	const char *s = op == XOP_IDX ? "IDX" : op == IR_NOPS + 2 ? "CBR.cmp" :
		op == XOP_IDX2 ? "IDX2" : op == XOP_GTID ? "GTID" : op == XOP_IDXM ? "IDXM" :
		op < IR_NOPS ? ir_op_name(op) : "?";
	snprintf(buf, n, "%s%s", s, k ? ".k" : "");
}

/* an instruction the fast path runs once for the group (interp.c
 * fast_uniform): an ALU op, CVT, SETP, SEL or indexing whose register
 * operands are all uniform, a CBR on uniform rows, a shuffle whose offset,
 * width and mask are, a vote whose mask is */
static int uni_counted(const struct dfunc *df, uint32_t d)
{
	const struct ir_insn *in = &df->code[d];
	uint8_t u = df->uni ? df->uni[d] : 0;
	switch (in->op) {
	case IR_ADD: case IR_SUB: case IR_MUL: case IR_AND: case IR_OR: case IR_XOR:
	case IR_SHL: case IR_SHR: case IR_SETP: case IR_SEL: case IR_CVT: case XOP_IDX: case IR_CBR:
		return (u & UNI_OPS) != 0;
	case IR_SHFL:
		return (u & (UNI_B | UNI_C | UNI_E)) == (UNI_B | UNI_C | UNI_E);
	case IR_VOTE:
		return (u & UNI_A) != 0;
	default:
		return 0;
	}
}

static int32_t *last_of(struct freq *f, int slot, int warp)
{
	int64_t key = (int64_t)slot << 16 | (uint32_t)warp;
	size_t h = (size_t)(key * 0x9e3779b97f4a7c15ull) & (f->nlast - 1);
	while (f->last[h].key != key && f->last[h].key != INT64_MIN)
		h = (h + 1) & (f->nlast - 1);
	if (f->last[h].key == INT64_MIN) {
		f->last[h].key = key;
		f->last[h].last = -1;
	}
	return &f->last[h].last;
}

static void on_insn(void *ctx, const struct machine_event *e)
{
	struct freq *f = ctx;
	struct machine *m = f->m;
	if (e->func < 0 || (uint32_t)e->func >= m->mod->nfuncs || !m->df[e->func])
		return;
	const struct dfunc *df = m->df[e->func];
	if (e->pc >= df->fn->ncode)
		return;
	uint32_t d = df->map[e->pc];
	if (d >= df->ncode)
		return;
	int id = op_id(&df->code[d]), dev = e->slot >= 0;
	f->ops[dev][id]++;
	if (dev && uni_counted(df, d))
		f->uni[id]++;
	int32_t *last = last_of(f, e->slot, e->warp);
	if (*last >= 0)
		f->pairs[dev][(size_t)*last * NNAMES + (size_t)id]++;
	*last = id;
}

struct row { uint64_t n; int a, b; };

static int by_count(const void *x, const void *y)
{
	const struct row *p = x, *q = y;
	return p->n < q->n ? 1 : p->n > q->n ? -1 : 0;
}

static void report(struct freq *f, int top)
{
	static const char *where[2] = { "host", "device" };
	for (int dev = 0; dev < 2; dev++) {
		uint64_t total = 0;
		for (int i = 0; i < NNAMES; i++)
			total += f->ops[dev][i];
		printf("%s\ttotal\t%llu\t100.0\t-\n", where[dev], (unsigned long long)total);
		if (!total)
			continue;
		struct row *r = calloc((size_t)NNAMES * NNAMES, sizeof(*r));
		int n = 0;
		for (int i = 0; i < NNAMES; i++)
			if (f->ops[dev][i])
				r[n++] = (struct row){ f->ops[dev][i], i, -1 };
		qsort(r, (size_t)n, sizeof(*r), by_count);
		for (int i = 0; i < n && i < top; i++) {
			char a[32];
			op_name(r[i].a, a, sizeof(a));
			printf("%s\top\t%llu\t%.1f\t%s\n", where[dev], (unsigned long long)r[i].n,
			       100.0 * (double)r[i].n / (double)total, a);
		}
		if (dev) {
			/* the uniform ones (uni_counted), by op, then their share */
			uint64_t un = 0;
			for (int i = 0; i < NNAMES; i++) {
				if (!f->uni[i])
					continue;
				char a[32];
				op_name(i, a, sizeof(a));
				printf("%s\tuniform\t%llu\t%.1f\t%s\n", where[dev], (unsigned long long)f->uni[i],
				       100.0 * (double)f->uni[i] / (double)total, a);
				un += f->uni[i];
			}
			printf("%s\tuniform\t%llu\t%.1f\t-\n", where[dev], (unsigned long long)un,
			       100.0 * (double)un / (double)total);
		}
		n = 0;
		for (int i = 0; i < NNAMES; i++)
			for (int j = 0; j < NNAMES; j++)
				if (f->pairs[dev][(size_t)i * NNAMES + (size_t)j])
					r[n++] = (struct row){ f->pairs[dev][(size_t)i * NNAMES + (size_t)j], i, j };
		qsort(r, (size_t)n, sizeof(*r), by_count);
		for (int i = 0; i < n && i < top; i++) {
			char a[32], b[32];
			op_name(r[i].a, a, sizeof(a));
			op_name(r[i].b, b, sizeof(b));
			printf("%s\tpair\t%llu\t%.1f\t%s+%s\n", where[dev], (unsigned long long)r[i].n,
			       100.0 * (double)r[i].n / (double)total, a, b);
		}
		free(r);
	}
}

int main(int argc, char **argv)
{
	struct session_compile_opts co = { 0 };
	int top = 25, i = 1;
	co.inline_calls = 1;
	for (; i < argc && argv[i][0] == '-'; i++) {
		if (!strcmp(argv[i], "--no-inline"))
			co.inline_calls = 0;
		else if (!strcmp(argv[i], "--top") && i + 1 < argc)
			top = atoi(argv[++i]);
		else
			break;
	}
	if (i >= argc) {
		fprintf(stderr, "usage: opfreq [--no-inline] [--top N] PROG.cu [ARGS...]\n");
		return 2;
	}
	struct session_program *p = session_compile(argv[i], NULL, &co);
	if (!p->mod) {
		fprintf(stderr, "opfreq: %s does not compile\n", argv[i]);
		session_program_free(p);
		return 2;
	}
	FILE *null = fopen("/dev/null", "w");
	struct machine_opts mo = { 0 };
	mo.fast = 1;
	mo.out = mo.err = null;
	struct freq f;
	memset(&f, 0, sizeof(f));
	f.pairs[0] = calloc((size_t)NNAMES * NNAMES, sizeof(uint64_t));
	f.pairs[1] = calloc((size_t)NNAMES * NNAMES, sizeof(uint64_t));
	f.nlast = 1 << 16;
	f.last = malloc(f.nlast * sizeof(*f.last));
	for (size_t k = 0; k < f.nlast; k++)
		f.last[k].key = INT64_MIN;
	f.m = machine_new(p->mod, &mo);
	machine_observe(f.m, 1u << EV_INSN, on_insn, &f);
	machine_run_main(f.m, argc - i, argv + i);
	report(&f, top);
	machine_free(f.m);
	session_program_free(p);
	fclose(null);
	free(f.pairs[0]);
	free(f.pairs[1]);
	free(f.last);
	return 0;
}
