/*
 * unit_epoch.c - TAP tests of the loads no write of shared memory can meet
 * in their barrier epoch (epoch.c, DF_QUIET; docs/PERFORMANCE.md,
 * s18-epoch):
 * - the analysis' marks on small kernels as `run` compiles them: a tile
 *   loop's reads between its barriers are marked; none where a store of
 *   another word, an atomic or a store through a generic pointer is in
 *   their epoch; none in a kernel whose barriers are under a divergent
 *   branch (not aligned);
 * (every kernel's memory all initialized, words 64..95 first: the log of
 * deferred reads opens only then)
 * - the skip itself (m->dev.nquiet): a checked run of the tile loop skips
 *   reads, the same run --fast (no checker) and runs of the other kernels
 *   skip none, and every run prints what it prints without the skip.
 */
#include "front.h"
#include "machine.h"
#include "simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

/* the kernels, each run in a program of its own (a program's shared
 * memory is all its kernels' __shared__ variables: the log opens only
 * on memory all initialized) */
#define K_MM \
	"__global__ void mm(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ int s[96];\n" \
	"\tint t = threadIdx.x, v = 0;\n" \
	"\tif (t < 32)\n" \
	"\t\ts[64 + t] = 0;\n" \
	"\tfor (int i = 0; i < n; i++) {\n" \
	"\t\ts[t] = t + i;\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 32; j++)\n" \
	"\t\t\tv += s[(t >> 4) * 16 + j] * s[(t & 15) + j + 32];\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = v;\n" \
	"}\n"

/* mm in floats: the tile loop is matmul_tiled's LD, LD, fmaf, which
 * fast_run runs as one superinstruction (F_LDLD_FMAF, s18-mm) */
/* a float tile loop as matmul_tiled writes it: its LD, LD, fmaf run as one
 * superinstruction (F_LDLD_FMAF, s18-mm) */
#define K_FM \
	"__global__ void fm(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ float as[4][16];\n" \
	"\t__shared__ float bs[16][16];\n" \
	"\tint t = threadIdx.x;\n" \
	"\tfloat v = 0;\n" \
	"\tfor (int i = 0; i < n; i++) {\n" \
	"\t\tas[t >> 4][t & 15] = 0.5f * (t + i);\n" \
	"\t\tfor (int q = 0; q < 4; q++)\n" \
	"\t\t\tbs[(t >> 4) * 4 + q][t & 15] = 0.25f * (t - q + i);\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 16; j++)\n" \
	"\t\t\tv += as[t >> 4][j] * bs[j][t & 15];\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = (int)(v * 4);\n" \
	"}\n"

/* fm with a store in the reads' epoch */
#define K_FW \
	"__global__ void fw(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ float as[4][16];\n" \
	"\t__shared__ float bs[16][16];\n" \
	"\tint t = threadIdx.x;\n" \
	"\tfloat v = 0;\n" \
	"\tfor (int i = 0; i < n; i++) {\n" \
	"\t\tas[t >> 4][t & 15] = 0.5f * (t + i);\n" \
	"\t\tfor (int q = 0; q < 4; q++)\n" \
	"\t\t\tbs[(t >> 4) * 4 + q][t & 15] = 0.25f * (t - q + i);\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 16; j++)\n" \
	"\t\t\tv += as[t >> 4][j] * bs[j][t & 15];\n" \
	"\t\tif (t >= 32)\n" \
	"\t\t\tas[t >> 4][t & 15] = v;\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = (int)(v * 4);\n" \
	"}\n"

#define K_WR \
	"__global__ void wr(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ int s[96];\n" \
	"\tint t = threadIdx.x, v = 0;\n" \
	"\tif (t < 32)\n" \
	"\t\ts[64 + t] = 0;\n" \
	"\tfor (int i = 0; i < n; i++) {\n" \
	"\t\ts[t] = t + i;\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 32; j++)\n" \
	"\t\t\tv += s[(t >> 4) * 16 + j] * s[(t & 15) + j + 32];\n" \
	"\t\tif (t >= 32)\n" \
	"\t\t\ts[t + 32] = v;\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = v;\n" \
	"}\n"

#define K_AT \
	"__global__ void at(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ int s[96];\n" \
	"\tint t = threadIdx.x, v = 0;\n" \
	"\tif (t < 32)\n" \
	"\t\ts[64 + t] = 0;\n" \
	"\tfor (int i = 0; i < n; i++) {\n" \
	"\t\ts[t] = t + i;\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 32; j++)\n" \
	"\t\t\tv += s[(t >> 4) * 16 + j] * s[(t & 15) + j + 32];\n" \
	"\t\tatomicAdd(&s[64 + (t & 31)], 1);\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = v;\n" \
	"}\n"

#define K_GP \
	"__global__ void gp(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ int s[96];\n" \
	"\tint t = threadIdx.x, v = 0;\n" \
	"\tif (t < 32)\n" \
	"\t\ts[64 + t] = 0;\n" \
	"\tint *p = n > 100 ? out : s;\n" \
	"\tfor (int i = 0; i < n; i++) {\n" \
	"\t\ts[t] = t + i;\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 32; j++)\n" \
	"\t\t\tv += s[(t >> 4) * 16 + j] * s[(t & 15) + j + 32];\n" \
	"\t\tp[64 + (t & 31)] = v;\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = v;\n" \
	"}\n"

#define K_DV \
	"__global__ void dv(int *out, int n)\n" \
	"{\n" \
	"\t__shared__ int s[96];\n" \
	"\tint t = threadIdx.x, v = 0;\n" \
	"\tif (t < 32)\n" \
	"\t\ts[64 + t] = 0;\n" \
	"\ts[t] = t;\n" \
	"\t__syncthreads();\n" \
	"\tif (t < 32) {\n" \
	"\t\t__syncthreads();\n" \
	"\t\tfor (int j = 0; j < 32; j++)\n" \
	"\t\t\tv += s[(t >> 4) * 16 + j] * s[(t & 15) + j + 32];\n" \
	"\t\t__syncthreads();\n" \
	"\t} else {\n" \
	"\t\t__syncthreads();\n" \
	"\t\t__syncthreads();\n" \
	"\t}\n" \
	"\tout[blockIdx.x * 64 + t] = v;\n" \
	"}\n"
#define KERNELS K_MM K_WR K_AT K_GP K_DV

static const char ana_prog[] = KERNELS "int main() { return 0; }\n";

/* the kernel named name of mod */
static const struct ir_func *kernel(const struct ir_module *mod, const char *name)
{
	for (uint32_t i = 0; i < mod->nfuncs; i++)
		if ((mod->funcs[i].kind & FN_KERNEL) && mod->funcs[i].name && !strcmp(mod->funcs[i].name, name))
			return &mod->funcs[i];
	return NULL;
}

/* fn's marked loads as decode finds them (the instructions ir_optimize
 * dropped left out, the branches' targets moved): how many, -1 where its
 * barriers are not aligned */
static int marks(const struct ir_func *fn)
{
	uint32_t n = 0, *map = xcalloc(fn->ncode + 1, sizeof(uint32_t));
	struct ir_insn *c = xcalloc(fn->ncode + 1, sizeof(*c));
	for (uint32_t i = 0; i < fn->ncode; i++) {
		map[i] = n;
		if (!(fn->code[i].flags & IRF_DEAD))
			c[n++] = fn->code[i];
	}
	map[fn->ncode] = n;
	for (uint32_t i = 0; i < n; i++)
		if (c[i].op == IR_BR || c[i].op == IR_CBR) {
			c[i].tgt1 = (int32_t)map[c[i].tgt1];
			if (c[i].op == IR_CBR)
				c[i].tgt2 = (int32_t)map[c[i].tgt2];
		}
	struct ir_func tmp = *fn;
	tmp.code = c;
	tmp.ncode = n;
	int32_t *ipdom = cfg_ipdom(&tmp);
	int aligned = 0, k = 0;
	free(uniform_insns_aligned(c, n, fn->nregs, fn->nparams, ipdom, &aligned));
	uint8_t *q = epoch_quiet_loads(c, n);
	for (uint32_t i = 0; i < n; i++)
		k += q[i];
	free(q);
	free(ipdom);
	free(c);
	free(map);
	return aligned ? k : -1;
}

static void test_analysis(void)
{
	struct compilation comp;
	if (unit_compile(&comp, ana_prog)) {
		compilation_release(&comp);
		return;
	}
	ir_optimize_run(comp.mod, &comp.arena);
	static const char *names[] = { "mm", "wr", "at", "gp", "dv" };
	int got[5];
	for (int i = 0; i < 5; i++) {
		const struct ir_func *f = kernel(comp.mod, names[i]);
		got[i] = f ? marks(f) : -2;
	}
	ok(got[0] >= 2, "mm: the tile reads are marked (%d)", got[0]);
	ok(got[1] == 0, "wr: a store in the reads' epoch: none marked (%d)", got[1]);
	ok(got[2] == 0, "at: an atomic in the reads' epoch: none marked (%d)", got[2]);
	ok(got[3] == 0, "gp: a store through a generic pointer in the reads' epoch: none marked (%d)", got[3]);
	ok(got[4] == -1, "dv: barriers under a divergent branch: not aligned (%d)", got[4]);
	compilation_release(&comp);
}

static uint64_t quiet;

static void read_quiet(struct machine *m, void *ctx)
{
	(void)ctx;
	quiet = m->dev.nquiet;
}

/* kernel k of KERNELS run on 3 blocks of 64 threads, checked or --fast:
 * the output, the reads skipped in *nq */
static char *run_kernel(const char *k, const char *ksrc, int fast, int off, uint64_t *nq)
{
	char src[8192];
	snprintf(src, sizeof(src),
		 "#include <cstdio>\n%s"
		 "int main()\n"
		 "{\n"
		 "\tint *o, h[192];\n"
		 "\tcudaMalloc(&o, sizeof(h));\n"
		 "\t%s<<<3, 64>>>(o, 4);\n"
		 "\tcudaMemcpy(h, o, sizeof(h), cudaMemcpyDeviceToHost);\n"
		 "\tlong long sum = 0;\n"
		 "\tfor (int i = 0; i < 192; i++)\n"
		 "\t\tsum += h[i] * (i + 1);\n"
		 "\tprintf(\"%%lld\\n\", sum);\n"
		 "\treturn 0;\n"
		 "}\n",
		 ksrc, k);
	if (off)
		setenv("WS_NO_QUIET", "1", 1);
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.fast = fast;
	uint64_t steps;
	quiet = 0;
	char *out = unit_run_ir_to_end(src, 1, &mo, 0, read_quiet, NULL, &steps);
	unsetenv("WS_NO_QUIET");
	*nq = quiet;
	return out;
}

static void test_skip(void)
{
	static const char *names[] = { "mm", "wr", "at", "gp", "dv" };
	static const char *srcs[] = { K_MM, K_WR, K_AT, K_GP, K_DV };
	for (int i = 0; i < 5; i++) {
		uint64_t q, q0, qf;
		char *a = run_kernel(names[i], srcs[i], 0, 0, &q), *b = run_kernel(names[i], srcs[i], 0, 1, &q0);
		char *f = run_kernel(names[i], srcs[i], 1, 0, &qf);
		ok(a && b && !strcmp(a, b), "%s: the same output checked with the skip and without (%s)", names[i],
		   a ? a : "?");
		if (i == 0)
			ok(q > 0 && q <= 3 * 4 * 32 * 2 * 2, "mm: checked, reads skipped (%llu)", (unsigned long long)q);
		else
			ok(q == 0, "%s: checked, no read skipped (%llu)", names[i], (unsigned long long)q);
		ok(q0 == 0 && qf == 0, "%s: none skipped with WS_NO_QUIET=1 (%llu) or --fast (%llu)", names[i],
		   (unsigned long long)q0, (unsigned long long)qf);
		free(a);
		free(b);
		free(f);
	}
}

/* the float tile loop through F_LDLD_FMAF, which skips both loads' checks
 * at once: as many reads skipped as F_LD4 skips them one by one
 * (WS_NO_LDFMA=1), the same output with and without either */
static void test_fma(void)
{
	uint64_t q, ql, q0, qf, qw;
	char *a = run_kernel("fm", K_FM, 0, 0, &q);
	setenv("WS_NO_LDFMA", "1", 1);
	char *l = run_kernel("fm", K_FM, 0, 0, &ql);
	unsetenv("WS_NO_LDFMA");
	char *b = run_kernel("fm", K_FM, 0, 1, &q0);
	char *f = run_kernel("fm", K_FM, 1, 0, &qf);
	char *w = run_kernel("fw", K_FW, 0, 0, &qw);
	ok(a && l && b && f && !strcmp(a, l) && !strcmp(a, b) && !strcmp(a, f),
	   "fm: the same output checked with the skip, without it, without the superinstruction and --fast (%s)",
	   a ? a : "?");
	ok(q > 0 && q == ql, "fm: the superinstruction skips as many reads (%llu) as the loads one by one (%llu)",
	   (unsigned long long)q, (unsigned long long)ql);
	ok(q0 == 0 && qf == 0 && qw == 0,
	   "fm: none skipped with WS_NO_QUIET=1 (%llu) or --fast (%llu); fw, a store in the epoch: none (%llu)",
	   (unsigned long long)q0, (unsigned long long)qf, (unsigned long long)qw);
	free(a);
	free(l);
	free(b);
	free(f);
	free(w);
}

int main(void)
{
	tap_start();
	test_analysis();
	test_skip();
	test_fma();
	return tap_end();
}
