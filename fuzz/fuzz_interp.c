/*
 * fuzz_interp.c - libFuzzer target for the interpreter, the runtime and the
 * checkers.
 *
 * The input bytes are not source text: they drive a generator that writes a
 * small, well-formed CUDA program (kernels with integer and float
 * arithmetic, branches, loops with bounded trip counts, early returns,
 * shared and local arrays, barriers, warp shuffles and votes, atomics,
 * loads and stores whose indices may be out of range, device printf; a host
 * main with cudaMalloc, cudaMemcpy, cudaMemset, launches with random grid
 * and block sizes, including invalid ones, and cudaFree). Every byte is a
 * choice; when the bytes run out every choice is the first one, which ends
 * lists and nests, so any input gives a finite program.
 *
 * The first two bytes pick the scheduler's seed and the machine's modes
 * (round-robin or random scheduling, stack or independent thread
 * scheduling, sequentially consistent or relaxed memory, checkers on or off).
 *
 * Invariants checked on every input:
 *   the program compiles without errors (the generator writes valid CUDA;
 *   a diagnostic is a generator or front-end bug);
 *   it runs to the end within a small step limit (the limit is a finding,
 *   not a hang);
 *   running it a second time gives the same stdout, stderr, findings, exit
 *   status and step count (the engine is deterministic).
 * Crashes, hangs and sanitizer reports are found by libFuzzer itself.
 * FUZZ_INTERP_PRINT=1 in the environment prints each generated program on
 * stderr (to turn a corpus file back into a reproducer).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "machine.h"
#include "util.h"

#include "fuzz.h"

#define MAX_STEPS 200000   /* per run: small, so an endless loop is cheap */
#define MAX_DEPTH 3        /* nesting of if/for/while */
#define MAX_STMTS 40       /* statements per kernel, all nests together */
#define NVARS 4            /* int v0..v3 in a kernel, v0 = global thread id */

struct gen {
	const uint8_t *p;
	size_t n, i;
	struct strbuf sb;
	int depth, nstmts, loopvar;
	int na, nb, nsh, nloc;  /* element counts of a, b, sh, loc */
	int kernel;             /* index of the kernel being written */
};

static unsigned gen_byte(struct gen *g)
{
	return g->i < g->n ? g->p[g->i++] : 0;
}

/* A choice among n (n >= 1), 0 once the input is used up. */
static unsigned gen_pick(struct gen *g, unsigned n)
{
	return gen_byte(g) % n;
}

static void gen_indent(struct gen *g)
{
	for (int i = 0; i <= g->depth; i++)
		strbuf_addc(&g->sb, '\t');
}

static const char *const var_names[NVARS] = { "v0", "v1", "v2", "v3" };

static void gen_int_expr(struct gen *g, int depth);

/* A small constant, sometimes an extreme one. */
static void gen_const(struct gen *g)
{
	static const char *const extreme[] = {
		"0", "-1", "(-2147483647 - 1)", "2147483647", "0x55555555", "31", "32", "33",
	};
	unsigned c = gen_pick(g, 8);

	if (c == 7)
		strbuf_adds(&g->sb, extreme[gen_pick(g, WS_ARRAY_LEN(extreme))]);
	else
		strbuf_addf(&g->sb, "%d", (int)gen_pick(g, 64) - 8);
}

static void gen_leaf(struct gen *g)
{
	static const char *const leaves[] = {
		"threadIdx.x", "blockIdx.x", "blockDim.x", "gridDim.x", "threadIdx.y",
		"(threadIdx.x & 31)", "n",
	};
	unsigned c = gen_pick(g, 4);

	if (c == 0)
		gen_const(g);
	else if (c == 1)
		strbuf_adds(&g->sb, leaves[gen_pick(g, WS_ARRAY_LEN(leaves))]);
	else
		strbuf_adds(&g->sb, var_names[gen_pick(g, NVARS)]);
}

/* An index into an array of len elements: in range, or anything. */
static void gen_index(struct gen *g, int len)
{
	switch (gen_pick(g, 4)) {
	case 0: case 1:
		strbuf_adds(&g->sb, "((unsigned)(");
		gen_int_expr(g, 1);
		strbuf_addf(&g->sb, ") %% %du)", len);
		break;
	case 2: /* may be negative or past the end by a little */
		strbuf_adds(&g->sb, "((");
		gen_int_expr(g, 1);
		strbuf_addf(&g->sb, ") %% %d)", len + 1 + (int)gen_pick(g, 40));
		break;
	default: /* anything at all */
		strbuf_addc(&g->sb, '(');
		gen_int_expr(g, 1);
		strbuf_addc(&g->sb, ')');
		break;
	}
}

static void gen_cond(struct gen *g)
{
	static const char *const rel[] = { "<", "<=", "==", "!=", ">", ">=" };

	switch (gen_pick(g, 4)) {
	case 0:
		strbuf_adds(&g->sb, "(threadIdx.x & 31) < ");
		strbuf_addf(&g->sb, "%u", gen_pick(g, 33));
		break;
	case 1:
		strbuf_adds(&g->sb, "v0 % ");
		strbuf_addf(&g->sb, "%u == %u", 2 + gen_pick(g, 4), gen_pick(g, 2));
		break;
	default:
		strbuf_addc(&g->sb, '(');
		gen_int_expr(g, 1);
		strbuf_addf(&g->sb, ") %s (", rel[gen_pick(g, WS_ARRAY_LEN(rel))]);
		gen_int_expr(g, 1);
		strbuf_addc(&g->sb, ')');
		break;
	}
}

static void gen_int_expr(struct gen *g, int depth)
{
	static const char *const binop[] = { "+", "-", "*", "&", "|", "^" };
	unsigned c = depth >= 3 ? 0 : gen_pick(g, 12);

	switch (c) {
	case 0: case 1: case 2:
		gen_leaf(g);
		break;
	case 3: case 4: case 5:
		strbuf_addc(&g->sb, '(');
		gen_int_expr(g, depth + 1);
		strbuf_addf(&g->sb, " %s ", binop[gen_pick(g, WS_ARRAY_LEN(binop))]);
		gen_int_expr(g, depth + 1);
		strbuf_addc(&g->sb, ')');
		break;
	case 6: /* division and remainder: by zero and INT_MIN / -1 included */
		strbuf_addc(&g->sb, '(');
		gen_int_expr(g, depth + 1);
		strbuf_adds(&g->sb, gen_pick(g, 2) ? " / " : " % ");
		if (gen_pick(g, 4)) {
			strbuf_addc(&g->sb, '(');
			gen_int_expr(g, depth + 1);
			strbuf_adds(&g->sb, " | 1))");
		} else {
			gen_int_expr(g, depth + 1);
			strbuf_addc(&g->sb, ')');
		}
		break;
	case 7: /* shifts, masked or not */
		strbuf_addc(&g->sb, '(');
		gen_int_expr(g, depth + 1);
		strbuf_adds(&g->sb, gen_pick(g, 2) ? " << " : " >> ");
		strbuf_addc(&g->sb, '(');
		gen_int_expr(g, depth + 1);
		strbuf_adds(&g->sb, gen_pick(g, 4) ? " & 31))" : "))");
		break;
	case 8:
		strbuf_adds(&g->sb, gen_pick(g, 2) ? "(- " : "(~");
		gen_int_expr(g, depth + 1);
		strbuf_addc(&g->sb, ')');
		break;
	case 9:
		strbuf_addc(&g->sb, '(');
		gen_cond(g);
		strbuf_adds(&g->sb, " ? ");
		gen_int_expr(g, depth + 1);
		strbuf_adds(&g->sb, " : ");
		gen_int_expr(g, depth + 1);
		strbuf_addc(&g->sb, ')');
		break;
	case 10: { /* intrinsics */
		static const char *const fn1[] = { "__popc", "__clz", "__ffs", "__brev", "abs" };
		static const char *const fn2[] = { "min", "max", "__mul24", "__mulhi" };
		if (gen_pick(g, 2)) {
			strbuf_addf(&g->sb, "(int)%s((int)(", fn1[gen_pick(g, WS_ARRAY_LEN(fn1))]);
			gen_int_expr(g, depth + 1);
		} else {
			strbuf_addf(&g->sb, "%s((int)(", fn2[gen_pick(g, WS_ARRAY_LEN(fn2))]);
			gen_int_expr(g, depth + 1);
			strbuf_adds(&g->sb, "), (int)(");
			gen_int_expr(g, depth + 1);
		}
		strbuf_adds(&g->sb, "))");
		break;
	}
	default: /* a load */
		switch (gen_pick(g, 4)) {
		case 0:
			strbuf_adds(&g->sb, "a[");
			gen_index(g, g->na);
			break;
		case 1:
			strbuf_adds(&g->sb, "b[");
			gen_index(g, g->nb);
			break;
		case 2:
			strbuf_adds(&g->sb, "sh[");
			gen_index(g, g->nsh);
			break;
		default:
			strbuf_adds(&g->sb, "loc[");
			gen_index(g, g->nloc);
			break;
		}
		strbuf_addc(&g->sb, ']');
		break;
	}
}

static const char *gen_mask(struct gen *g)
{
	static const char *const masks[] = {
		"0xffffffffu", "0xffffffffu", "0xffffffffu", "__activemask()", "0x0000ffffu", "1u",
	};
	return masks[gen_pick(g, WS_ARRAY_LEN(masks))];
}

static void gen_block(struct gen *g);

static void gen_stmt(struct gen *g)
{
	const char *v = var_names[1 + gen_pick(g, NVARS - 1)];
	unsigned c = gen_pick(g, 20);

	g->nstmts++;
	if (g->depth >= MAX_DEPTH && c >= 14 && c <= 16)
		c = 0;
	gen_indent(g);
	switch (c) {
	case 0: case 1: case 2:
		strbuf_addf(&g->sb, "%s = ", v);
		gen_int_expr(g, 0);
		strbuf_adds(&g->sb, ";\n");
		break;
	case 3: { /* a store */
		static const char *const arr[] = { "b", "sh", "loc", "a" };
		int lens[] = { g->nb, g->nsh, g->nloc, g->na };
		unsigned w = gen_pick(g, 4);
		strbuf_addf(&g->sb, "%s[", arr[w]);
		gen_index(g, lens[w]);
		strbuf_adds(&g->sb, "] = ");
		gen_int_expr(g, 0);
		strbuf_adds(&g->sb, ";\n");
		break;
	}
	case 4: /* a barrier, possibly in divergent code */
		strbuf_adds(&g->sb, gen_pick(g, 3) ? "__syncthreads();\n" : "__syncwarp();\n");
		break;
	case 5: { /* shuffles */
		static const char *const shfl[] = { "__shfl_sync", "__shfl_xor_sync", "__shfl_down_sync",
						     "__shfl_up_sync" };
		unsigned s = gen_pick(g, 4);
		strbuf_addf(&g->sb, "%s = %s(%s, %s, ", v, shfl[s], gen_mask(g), var_names[gen_pick(g, NVARS)]);
		if (s == 0)
			gen_int_expr(g, 1);
		else
			strbuf_addf(&g->sb, "%u", 1u << gen_pick(g, 5));
		if (gen_pick(g, 3) == 0)
			strbuf_addf(&g->sb, ", %u", 1u << gen_pick(g, 6));
		strbuf_adds(&g->sb, ");\n");
		break;
	}
	case 6: { /* votes */
		static const char *const vote[] = { "__ballot_sync", "__any_sync", "__all_sync" };
		strbuf_addf(&g->sb, "%s = %s(%s, ", v, vote[gen_pick(g, 3)], gen_mask(g));
		gen_cond(g);
		strbuf_adds(&g->sb, ");\n");
		break;
	}
	case 7: case 8: { /* atomics on global or shared memory */
		static const char *const at[] = { "atomicAdd", "atomicMax", "atomicMin", "atomicExch",
						  "atomicAnd", "atomicOr", "atomicXor", "atomicSub" };
		int shared = gen_pick(g, 3) == 0;
		if (gen_pick(g, 5) == 0) {
			strbuf_addf(&g->sb, "%s = atomicCAS(&%s[", v, shared ? "sh" : "b");
			gen_index(g, shared ? g->nsh : g->nb);
			strbuf_adds(&g->sb, "], ");
			gen_int_expr(g, 1);
			strbuf_adds(&g->sb, ", ");
		} else {
			strbuf_addf(&g->sb, "%s = %s(&%s[", v, at[gen_pick(g, WS_ARRAY_LEN(at))],
				    shared ? "sh" : "b");
			gen_index(g, shared ? g->nsh : g->nb);
			strbuf_adds(&g->sb, "], ");
		}
		gen_int_expr(g, 1);
		strbuf_adds(&g->sb, ");\n");
		break;
	}
	case 9: /* device printf, usually from a few threads */
		if (gen_pick(g, 4))
			strbuf_addf(&g->sb, "if (v0 < %u) ", 1 + gen_pick(g, 4));
		strbuf_addf(&g->sb, "printf(\"k%d t%%d %%d %%x\\n\", v0, %s, (unsigned)",
			    g->kernel, var_names[gen_pick(g, NVARS)]);
		gen_int_expr(g, 1);
		strbuf_adds(&g->sb, ");\n");
		break;
	case 10: /* float arithmetic */
		switch (gen_pick(g, 4)) {
		case 0:
			strbuf_addf(&g->sb, "f = f * 0.5f + (float)%s;\n", var_names[gen_pick(g, NVARS)]);
			break;
		case 1:
			strbuf_addf(&g->sb, "f = sqrtf(f) + __int_as_float(%s);\n", var_names[gen_pick(g, NVARS)]);
			break;
		case 2:
			strbuf_addf(&g->sb, "f = f / (float)%s;\n", var_names[gen_pick(g, NVARS)]);
			break;
		default:
			strbuf_addf(&g->sb, "%s = (int)f;\n", v);
			break;
		}
		break;
	case 11: /* an early exit of some threads */
		strbuf_adds(&g->sb, "if (");
		gen_cond(g);
		strbuf_adds(&g->sb, ") return;\n");
		break;
	case 12:
		strbuf_addf(&g->sb, "%s = __activemask() ^ (int)(threadIdx.x * 2654435761u);\n", v);
		break;
	case 13:
		strbuf_addf(&g->sb, "%s += helper(%s, ", v, var_names[gen_pick(g, NVARS)]);
		gen_int_expr(g, 1);
		strbuf_adds(&g->sb, ");\n");
		break;
	case 14: /* if / else */
		strbuf_adds(&g->sb, "if (");
		gen_cond(g);
		strbuf_adds(&g->sb, ") {\n");
		gen_block(g);
		gen_indent(g);
		if (gen_pick(g, 2)) {
			strbuf_adds(&g->sb, "} else {\n");
			gen_block(g);
			gen_indent(g);
		}
		strbuf_adds(&g->sb, "}\n");
		break;
	case 15: { /* a counted loop, the count maybe thread-dependent */
		int i = g->loopvar++;
		strbuf_addf(&g->sb, "for (int i%d = 0; i%d < ", i, i);
		if (gen_pick(g, 2))
			strbuf_addf(&g->sb, "%u", gen_pick(g, 9));
		else
			strbuf_addf(&g->sb, "(int)(threadIdx.x %% %uu)", 1 + gen_pick(g, 6));
		strbuf_addf(&g->sb, "; i%d++) {\n", i);
		gen_block(g);
		gen_indent(g);
		if (gen_pick(g, 3) == 0)
			strbuf_addf(&g->sb, "\tif (i%d == %u) break;\n", i, gen_pick(g, 4));
		strbuf_adds(&g->sb, "}\n");
		break;
	}
	case 16: { /* a while loop with a counter */
		int i = g->loopvar++;
		strbuf_addf(&g->sb, "{ int w%d = %u;\n", i, gen_pick(g, 6));
		gen_indent(g);
		strbuf_addf(&g->sb, "while (w%d-- > 0) {\n", i);
		gen_block(g);
		gen_indent(g);
		strbuf_adds(&g->sb, "} }\n");
		break;
	}
	case 17:
		strbuf_adds(&g->sb, "__syncwarp(");
		strbuf_adds(&g->sb, gen_mask(g));
		strbuf_adds(&g->sb, ");\n");
		break;
	case 18: /* an endless loop, cut by the step limit */
		if (gen_pick(g, 8) == 0)
			strbuf_adds(&g->sb, "if (v0 == 1) while (1) { v1++; }\n");
		else
			strbuf_adds(&g->sb, "v1 ^= v2;\n");
		break;
	default: /* shared memory through the dynamic window */
		strbuf_adds(&g->sb, "dyn[");
		gen_index(g, 8);
		strbuf_adds(&g->sb, "] = ");
		gen_int_expr(g, 1);
		strbuf_adds(&g->sb, ";\n");
		break;
	}
}

static void gen_block(struct gen *g)
{
	unsigned n = gen_pick(g, 5);

	g->depth++;
	for (unsigned k = 0; k < n && g->nstmts < MAX_STMTS; k++)
		gen_stmt(g);
	g->depth--;
}

static void gen_kernel(struct gen *g, int k)
{
	g->kernel = k;
	g->nstmts = 0;
	g->depth = 0;
	g->nsh = 1 + (int)gen_pick(g, 64);
	g->nloc = 1 + (int)gen_pick(g, 8);
	strbuf_addf(&g->sb, "__global__ void k%d(int *a, int *b, int n)\n{\n", k);
	strbuf_addf(&g->sb, "\t__shared__ int sh[%d];\n", g->nsh);
	strbuf_adds(&g->sb, "\textern __shared__ int dyn[];\n");
	strbuf_addf(&g->sb, "\tint loc[%d];\n", g->nloc);
	strbuf_adds(&g->sb, "\tint v0 = blockIdx.x * blockDim.x + threadIdx.x;\n");
	strbuf_adds(&g->sb, "\tint v1 = n, v2 = threadIdx.x, v3 = 0;\n");
	strbuf_adds(&g->sb, "\tfloat f = 1.0f;\n");
	if (gen_pick(g, 2))
		strbuf_addf(&g->sb, "\tfor (int j = 0; j < 8; j++) loc[j %% %d] = j;\n", g->nloc);
	if (gen_pick(g, 2))
		strbuf_addf(&g->sb, "\tsh[threadIdx.x %% %d] = v0;\n\t__syncthreads();\n", g->nsh);
	while (g->nstmts < MAX_STMTS && gen_pick(g, 8) != 0)
		gen_stmt(g);
	strbuf_adds(&g->sb, "\tif (v0 < n) b[v0] = v1 + v2 + v3 + loc[0] + (int)f;\n}\n\n");
}

static void gen_launch_dims(struct gen *g, char *buf, size_t size)
{
	static const char *const odd_blocks[] = { "0", "1025", "dim3(32, 33)", "dim3(2, 2, 65)" };
	static const char *const odd_grids[] = { "0", "dim3(1, 65536)", "dim3(2, 2)", "dim3(1, 1, 2)" };
	char grid[32], block[32];

	if (gen_pick(g, 16) == 15)
		snprintf(grid, sizeof(grid), "%s", odd_grids[gen_pick(g, 4)]);
	else
		snprintf(grid, sizeof(grid), "%u", 1 + gen_pick(g, 4));
	if (gen_pick(g, 16) == 15)
		snprintf(block, sizeof(block), "%s", odd_blocks[gen_pick(g, 4)]);
	else if (gen_pick(g, 4) == 3)
		snprintf(block, sizeof(block), "dim3(%u, %u)", 1 + gen_pick(g, 32), 1 + gen_pick(g, 4));
	else
		snprintf(block, sizeof(block), "%u", 1 + gen_pick(g, 96));
	snprintf(buf, size, "%s, %s, %u", grid, block, gen_pick(g, 3) == 0 ? 4u * gen_pick(g, 16) : 0u);
}

static void gen_program(struct gen *g)
{
	int nk = 1 + (int)gen_pick(g, 2);
	char dims[96];

	g->na = 1 + (int)gen_pick(g, 64);
	g->nb = 1 + (int)gen_pick(g, 256);
	strbuf_adds(&g->sb, "#include <cstdio>\n\n");
	strbuf_adds(&g->sb, "__device__ int helper(int x, int y)\n{\n");
	strbuf_adds(&g->sb, "\treturn y > 0 && y < 4 ? helper(x + 1, y - 1) : x ^ y;\n}\n\n");
	for (int k = 0; k < nk; k++)
		gen_kernel(g, k);
	strbuf_adds(&g->sb, "int main(void)\n{\n");
	strbuf_addf(&g->sb, "\tint ha[%d], hb[%d];\n", g->na, g->nb);
	strbuf_adds(&g->sb, "\tint *a = 0, *b = 0;\n");
	strbuf_addf(&g->sb, "\tfor (int i = 0; i < %d; i++) ha[i] = i * %d;\n", g->na, (int)gen_pick(g, 256) - 128);
	strbuf_addf(&g->sb, "\tprintf(\"malloc %%d\\n\", (int)cudaMalloc(&a, %d * sizeof(int)));\n", g->na);
	strbuf_addf(&g->sb, "\tprintf(\"malloc %%d\\n\", (int)cudaMalloc(&b, %d * sizeof(int)));\n",
		    gen_pick(g, 8) != 7 ? g->nb : (int)gen_pick(g, 8));
	/* copies: usually the right size, sometimes a little too big for the device side */
	strbuf_addf(&g->sb, "\tprintf(\"copy %%d\\n\", (int)cudaMemcpy(a, ha, %d, cudaMemcpyHostToDevice));\n",
		    gen_pick(g, 8) != 7 ? g->na * 4 : g->na * 4 - (int)gen_pick(g, 4) * 4);
	strbuf_addf(&g->sb, "\tprintf(\"set %%d\\n\", (int)cudaMemset(b, %u, %d * sizeof(int)));\n",
		    gen_pick(g, 256), g->nb);
	for (int k = 0; k < nk; k++) {
		int times = 1 + (int)gen_pick(g, 2);
		for (int t = 0; t < times; t++) {
			gen_launch_dims(g, dims, sizeof(dims));
			strbuf_addf(&g->sb, "\tk%d<<<%s>>>(%s, b, %d);\n", k, dims,
				    gen_pick(g, 16) != 15 ? "a" : "ha", gen_pick(g, 8) != 7 ? g->nb : (int)gen_pick(g, 512));
			strbuf_adds(&g->sb, "\tprintf(\"launch %d\\n\", (int)cudaGetLastError());\n");
			if (gen_pick(g, 2))
				strbuf_adds(&g->sb, "\tprintf(\"sync %d\\n\", (int)cudaDeviceSynchronize());\n");
		}
	}
	strbuf_addf(&g->sb, "\tprintf(\"back %%d\\n\", (int)cudaMemcpy(hb, b, %d * sizeof(int), cudaMemcpyDeviceToHost));\n",
		    g->nb);
	strbuf_addf(&g->sb, "\tfor (int i = 0; i < %d; i++) printf(\"%%d%%c\", hb[i], i %% 16 == 15 ? '\\n' : ' ');\n",
		    g->nb);
	strbuf_adds(&g->sb, "\tprintf(\"\\n\");\n");
	switch (gen_pick(g, 8)) {
	case 0:
		break; /* leak them */
	case 1:
		strbuf_adds(&g->sb, "\tcudaFree(a);\n\tprintf(\"free %d\\n\", (int)cudaFree(a));\n");
		break;
	default:
		strbuf_adds(&g->sb, "\tcudaFree(a);\n\tcudaFree(b);\n");
		break;
	}
	strbuf_addf(&g->sb, "\treturn %u;\n}\n", gen_pick(g, 3));
}

struct outcome {
	char *out;
	size_t outlen;
	int status;
	uint64_t steps;
	size_t nfindings;
};

/* Machine options from one byte: bit 0 random scheduling, bit 1 independent
 * thread scheduling, bit 2 the relaxed memory model, bit 3 checkers off. */
static void run_once(const struct ir_module *mod, uint64_t seed, unsigned flags, struct outcome *o)
{
	struct machine_opts mo;
	struct machine *m;
	char *argv[] = { "fuzz", NULL };
	FILE *f = open_memstream(&o->out, &o->outlen);

	if (!f)
		abort();
	machine_opts_init(&mo);
	mo.max_steps = MAX_STEPS;
	mo.seed = seed;
	mo.sched = flags & 1 ? SCHED_RANDOM : SCHED_RR;
	mo.simt = flags & 2 ? SIMT_ITS : SIMT_STACK;
	mo.model = flags & 4 ? MODEL_RELAXED : MODEL_SC;
	mo.fast = (flags & 8) != 0;
	mo.out = f;
	mo.err = f;
	m = machine_new(mod, &mo);
	o->status = machine_run_main(m, 1, argv);
	o->steps = machine_steps(m);
	o->nfindings = machine_nfindings(m);
	machine_findings_render(m, f, 0);
	machine_findings_json(m, f);
	machine_free(m);
	fclose(f);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct gen g = { data, size, 0, { NULL, 0, 0 }, 0, 0, 0, 0, 0, 0, 0, 0 };
	struct front_opts fo = { 0 };
	struct compilation c;
	struct outcome o1, o2;
	uint64_t seed;
	unsigned flags;

	strbuf_init(&g.sb);
	seed = gen_byte(&g);
	flags = gen_byte(&g);
	gen_program(&g);
	if (getenv("FUZZ_INTERP_PRINT"))
		fprintf(stderr, "%s", strbuf_cstr(&g.sb));
	compilation_init(&c);
	if (front_compile_string(&c, "fuzz.cu", strbuf_cstr(&g.sb), &fo) != 0 || !c.mod) {
		/* the generator writes valid CUDA: a diagnostic is a bug somewhere */
		fprintf(stderr, "%s", strbuf_cstr(&g.sb));
		diag_render(&c.diags, &c.sm, stderr, 0);
		abort();
	}
	run_once(c.mod, seed, flags, &o1);
	run_once(c.mod, seed, flags, &o2);
	if (o1.status != o2.status || o1.steps != o2.steps || o1.nfindings != o2.nfindings ||
	    o1.outlen != o2.outlen || memcmp(o1.out, o2.out, o1.outlen)) {
		size_t d = 0;
		while (d < o1.outlen && d < o2.outlen && o1.out[d] == o2.out[d])
			d++;
		d = d > 200 ? d - 200 : 0;
		fprintf(stderr, "%s\nnot deterministic: status %d/%d, steps %llu/%llu\n"
			"first run from byte %zu:\n%.600s\nsecond run:\n%.600s\n",
			strbuf_cstr(&g.sb), o1.status, o2.status, (unsigned long long)o1.steps,
			(unsigned long long)o2.steps, d, o1.outlen > d ? o1.out + d : "",
			o2.outlen > d ? o2.out + d : "");
		abort();
	}
	free(o1.out);
	free(o2.out);
	compilation_release(&c);
	strbuf_release(&g.sb);
	return 0;
}
