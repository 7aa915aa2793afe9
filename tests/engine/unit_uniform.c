/*
 * unit_uniform.c - TAP tests of the uniform values (docs/PERFORMANCE.md,
 * s18-uni):
 * - uniform.c's answer for the registers of small kernels, as `run`
 *   compiles them: blockIdx.x * blockDim.x, a kernel parameter, a counter
 *   of a loop whose trip count is uniform are uniform; a value assigned in
 *   both arms of a divergent `if`, a counter of a loop whose trip count
 *   depends on threadIdx, a uniform value assigned under a divergent
 *   branch and read after the join are not; a kernel with a barrier in
 *   divergent code has none;
 * - fast_run's uniform classes (F_UNI, F_CBR_U, F_SHFL_U) under partial
 *   masks: uniform ALU ops, compares and branches inside diverged groups,
 *   in a block whose last warp is partial, whose results the lanes
 *   outside the group keep their own values of: the same output and steps
 *   as a run without the analysis (WS_NO_UNIFORM=1), under both --simt
 *   policies and a random schedule, in the fast path's best version and
 *   its baseline one, and the values the host computes; votes whose
 *   member mask is a parameter.
 */
#include "front.h"
#include "machine.h"
#include "simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

static const char ana_prog[] =
	"__global__ void k(int *out, int n)\n"
	"{\n"
	"\tint base = blockIdx.x * blockDim.x;\n"
	"\tint t = threadIdx.x;\n"
	"\tint both;\n"
	"\tif (t & 1)\n"
	"\t\tboth = 5;\n"
	"\telse\n"
	"\t\tboth = 7;\n"
	"\tint cnt = 0;\n"
	"\tfor (int j = 0; j < t; j++)\n"
	"\t\tcnt += 2;\n"
	"\tint late = 1;\n"
	"\tif (t < 3)\n"
	"\t\tlate = n * 3;\n"
	"\tint ucnt = 0;\n"
	"\tfor (int q = 0; q < n; q++)\n"
	"\t\tucnt += 3;\n"
	"\tout[base + t] = both + cnt + late + ucnt;\n"
	"}\n"
	"__global__ void b(int *out, int n)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\tint base = blockIdx.x * blockDim.x;\n"
	"\tif (threadIdx.x < 32)\n"
	"\t\t__syncthreads();\n"
	"\telse\n"
	"\t\t__syncthreads();\n"
	"\ts[threadIdx.x] = base;\n"
	"\tout[base + threadIdx.x] = s[threadIdx.x ^ 1] + n;\n"
	"}\n"
	"int main() { return 0; }\n";

/* the kernel named name of mod */
static const struct ir_func *kernel(const struct ir_module *mod, const char *name)
{
	for (uint32_t i = 0; i < mod->nfuncs; i++)
		if ((mod->funcs[i].kind & FN_KERNEL) && mod->funcs[i].name && !strcmp(mod->funcs[i].name, name))
			return &mod->funcs[i];
	return NULL;
}

/* uniform_regs of fn's code as decode runs it: the instructions
 * ir_optimize dropped left out, the branches' targets moved */
static uint8_t *analyse(const struct ir_func *fn)
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
	uint8_t *u = uniform_regs(c, n, fn->nregs, fn->nparams, ipdom);
	free(ipdom);
	free(c);
	free(map);
	return u;
}

/* whether variable name of fn (in a register) is uniform: 1, 0, or -1
 * where fn has no such variable */
static int var_uniform(const struct ir_func *fn, const uint8_t *u, const char *name)
{
	for (uint32_t i = 0; i < fn->nvars; i++)
		if (fn->vars[i].name && !strcmp(fn->vars[i].name, name) && fn->vars[i].loc == VLOC_REG &&
		    (uint32_t)fn->vars[i].reg < fn->nregs)
			return u[fn->vars[i].reg];
	return -1;
}

static void test_analysis(void)
{
	struct compilation comp;
	if (unit_compile(&comp, ana_prog)) {
		compilation_release(&comp);
		return;
	}
	ir_optimize_run(comp.mod, &comp.arena);
	const struct ir_func *k = kernel(comp.mod, "k"), *b = kernel(comp.mod, "b");
	ok(k && b, "the kernels are there");
	if (!k || !b) {
		compilation_release(&comp);
		return;
	}
	uint8_t *u = analyse(k);
	static const struct { const char *name; int want; } vars[] = {
		{ "base", 1 },  /* blockIdx.x * blockDim.x */
		{ "n", 1 },     /* a parameter */
		{ "ucnt", 1 },  /* the counter of a loop of n trips */
		{ "q", 1 },
		{ "t", 0 },     /* threadIdx.x */
		{ "both", 0 },  /* assigned in both arms of a divergent if */
		{ "cnt", 0 },   /* the counter of a loop of t trips */
		{ "j", 0 },
		{ "late", 0 },  /* n * 3 assigned under t < 3, read after the join */
	};
	for (size_t i = 0; i < sizeof(vars) / sizeof(vars[0]); i++) {
		int got = var_uniform(k, u, vars[i].name);
		ok(got == vars[i].want, "k: %s is %suniform (analysis: %d)", vars[i].name, vars[i].want ? "" : "not ",
		   got);
	}
	free(u);
	u = analyse(b);
	int any = 0;
	for (uint32_t r = 0; r < b->nregs; r++)
		any |= u[r];
	ok(!any, "b: a barrier in divergent code: no register uniform");
	free(u);
	compilation_release(&comp);
}

/* uniform instructions under partial masks: a block of 80 threads (its
 * third warp of 16 lanes), uniform values computed inside divergent
 * branches (and written only to the group's lanes: x keeps the other
 * lanes' own values), a uniform loop and compare inside the divergence,
 * uniform shuffle offsets, each lane's results checked on the host */
static const char run_prog[] =
	"#include <cstdio>\n"
	"__global__ void k(int *out, unsigned *uout, long long *lout, float *fout, int n, float f)\n"
	"{\n"
	"\tint t = threadIdx.x, g = blockIdx.x * blockDim.x + t;\n"
	"\tint x = t * 5;\n"
	"\tunsigned ux = (unsigned)t;\n"
	"\tlong long lx = t;\n"
	"\tfloat fx = (float)t;\n"
	"\tif (t % 3 == 1) {\n"
	"\t\tx = n * 7 - (int)blockIdx.x;\n"
	"\t\tux = (unsigned)n * 2654435761u >> 3;\n"
	"\t\tlx = (long long)n * 1000000007LL + blockIdx.x;\n"
	"\t\tfx = f * 3.5f + (float)n;\n"
	"\t\tfor (int i = 0; i < n; i++)\n"
	"\t\t\tif (i * 2 > n)\n"
	"\t\t\t\tx += i ^ n;\n"
	"\t} else if (t & 4) {\n"
	"\t\tx = (n << 2) | (int)blockDim.x;\n"
	"\t\tux = (unsigned)(n - 100) / 3u;\n"
	"\t\tlx = -(long long)n << 33;\n"
	"\t}\n"
	"\tout[g] = x;\n"
	"\tuout[g] = ux;\n"
	"\tlout[g] = lx;\n"
	"\tfout[g] = fx;\n"
	"}\n"
	"__global__ void s(int *out, int n)\n"
	"{\n"
	"\tint g = blockIdx.x * blockDim.x + threadIdx.x, v = g * g;\n"
	"\tfor (int off = n & 15; off > 0; off >>= 1)\n"
	"\t\tv += __shfl_down_sync(0xffffffffu, v, off);\n"
	"\tout[g] = v;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int nb = 3, bs = 80, N = nb * bs, n = 13;\n"
	"\tconst float f = 1.25f;\n"
	"\tstatic int o[N];\n"
	"\tstatic unsigned uo[N];\n"
	"\tstatic long long lo[N];\n"
	"\tstatic float fo[N];\n"
	"\tint *d;\n"
	"\tunsigned *ud;\n"
	"\tlong long *ld;\n"
	"\tfloat *fd;\n"
	"\tcudaMalloc(&d, sizeof o);\n"
	"\tcudaMalloc(&ud, sizeof uo);\n"
	"\tcudaMalloc(&ld, sizeof lo);\n"
	"\tcudaMalloc(&fd, sizeof fo);\n"
	"\tk<<<nb, bs>>>(d, ud, ld, fd, n, f);\n"
	"\tstatic int so[128];\n"
	"\tint *sd;\n"
	"\tcudaMalloc(&sd, sizeof so);\n"
	"\ts<<<2, 64>>>(sd, n);\n"
	"\tcudaMemcpy(so, sd, sizeof so, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(uo, ud, sizeof uo, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(lo, ld, sizeof lo, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(fo, fd, sizeof fo, cudaMemcpyDeviceToHost);\n"
	"\tint bad = 0;\n"
	"\tlong long sum = 0;\n"
	"\tfor (int g = 0; g < N; g++) {\n"
	"\t\tint t = g % bs, blk = g / bs, x = t * 5;\n"
	"\t\tunsigned ux = (unsigned)t;\n"
	"\t\tlong long lx = t;\n"
	"\t\tfloat fx = (float)t;\n"
	"\t\tif (t % 3 == 1) {\n"
	"\t\t\tx = n * 7 - blk;\n"
	"\t\t\tux = (unsigned)n * 2654435761u >> 3;\n"
	"\t\t\tlx = (long long)n * 1000000007LL + blk;\n"
	"\t\t\tfx = f * 3.5f + (float)n;\n"
	"\t\t\tfor (int i = 0; i < n; i++)\n"
	"\t\t\t\tif (i * 2 > n)\n"
	"\t\t\t\t\tx += i ^ n;\n"
	"\t\t} else if (t & 4) {\n"
	"\t\t\tx = (n << 2) | bs;\n"
	"\t\t\tux = (unsigned)(n - 100) / 3u;\n"
	"\t\t\tlx = -(long long)n << 33;\n"
	"\t\t}\n"
	"\t\tbad += o[g] != x || uo[g] != ux || lo[g] != lx || fo[g] != fx;\n"
	"\t\tsum = sum * 31 + o[g] + (long long)uo[g] + lo[g] + (long long)fo[g];\n"
	"\t}\n"
	"\t/* the shuffles down, each warp apart: a lane past the end reads its own */\n"
	"\tfor (int w0 = 0; w0 < 128; w0 += 32) {\n"
	"\t\tint vv[32], nv[32];\n"
	"\t\tfor (int l = 0; l < 32; l++)\n"
	"\t\t\tvv[l] = (w0 + l) * (w0 + l);\n"
	"\t\tfor (int off = n & 15; off > 0; off >>= 1) {\n"
	"\t\t\tfor (int l = 0; l < 32; l++)\n"
	"\t\t\t\tnv[l] = vv[l] + (l + off < 32 ? vv[l + off] : vv[l]);\n"
	"\t\t\tfor (int l = 0; l < 32; l++)\n"
	"\t\t\t\tvv[l] = nv[l];\n"
	"\t\t}\n"
	"\t\tfor (int l = 0; l < 32; l++) {\n"
	"\t\t\tbad += so[w0 + l] != vv[l];\n"
	"\t\t\tsum = sum * 7 + so[w0 + l];\n"
	"\t\t}\n"
	"\t}\n"
	"\tprintf(\"uniform %s %d sum %lld\\n\", bad ? \"FAIL\" : \"ok\", bad, sum);\n"
	"\treturn bad != 0;\n"
	"}\n";

/* votes with a uniform member mask (F_VOTE's test of its first lane): a
 * mask from a parameter, every lane's in the first launch, a partial
 * warp's in the second (blocks of 16 threads: the general loop's
 * collective) */
static const char vote_prog[] =
	"#include <cstdio>\n"
	"__global__ void v(int *out, unsigned m, int n)\n"
	"{\n"
	"\tint t = threadIdx.x, g = blockIdx.x * blockDim.x + t;\n"
	"\tout[g] = __all_sync(m, t < n) + 2 * __any_sync(m, t == n) +\n"
	"\t\t 4 * (__ballot_sync(m, t & 1) == (m & 0xaaaaaaaau));\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tstatic int o[128];\n"
	"\tint *d;\n"
	"\tunsigned s = 0, want = 0, s2 = 0, want2 = 0;\n"
	"\tcudaMalloc(&d, sizeof o);\n"
	"\tv<<<2, 64>>>(d, 0xffffffffu, 40);\n"
	"\tcudaMemcpy(o, d, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tfor (int i = 0; i < 128; i++) {\n"
	"\t\tint w = i % 64 / 32;\n"
	"\t\ts = s * 3 + (unsigned)o[i];\n"
	"\t\twant = want * 3 + (w == 0) + 2 * (w == 1) + 4;\n"
	"\t}\n"
	"\tv<<<2, 16>>>(d, 0xffffu, 8);\n"
	"\tcudaMemcpy(o, d, 32 * sizeof(int), cudaMemcpyDeviceToHost);\n"
	"\tfor (int i = 0; i < 32; i++) {\n"
	"\t\ts2 = s2 * 3 + (unsigned)o[i];\n"
	"\t\twant2 = want2 * 3 + 6;\n"
	"\t}\n"
	"\tprintf(\"votes %s %u %u\\n\", s == want && s2 == want2 ? \"ok\" : \"FAIL\", s, s2);\n"
	"\treturn 0;\n"
	"}\n";

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "its random:5", SIMT_ITS, SCHED_RANDOM, 5 },
};

/* src run --fast (as `run` runs it) with the analysis and without: the
 * output must begin with want, and be the same, with the same steps */
static void test_same(const struct unit_cfg *c, const char *what, const char *src, const char *want)
{
	char *out[2];
	uint64_t steps[2];
	for (int k = 0; k < 2; k++) {
		if (k)
			setenv("WS_NO_UNIFORM", "1", 1);
		struct machine_opts mo;
		unit_opts(&mo, c, 1, NULL);
		mo.unobserved = 1;
		out[k] = unit_run_ir_to_end(src, 1, &mo, 0, NULL, NULL, &steps[k]);
		unsetenv("WS_NO_UNIFORM");
	}
	ok(out[0] && strncmp(out[0], want, strlen(want)) == 0, "%s, %s: every lane's values are the host's (%s)",
	   c->name, what, out[0] ? out[0] : "no output");
	ok(out[0] && out[1] && strcmp(out[0], out[1]) == 0 && steps[0] == steps[1],
	   "%s, %s: the same output and steps (%llu, %llu) without the analysis", c->name, what,
	   (unsigned long long)steps[0], (unsigned long long)steps[1]);
	free(out[0]);
	free(out[1]);
}

static void test_partial(const struct unit_cfg *c)
{
	test_same(c, "partial masks", run_prog, "uniform ok 0 ");
	test_same(c, "votes", vote_prog, "votes ok ");
}

int main(void)
{
	tap_start();
	test_analysis();
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		test_partial(&cfgs[i]);
	/* the fast path's baseline version (fast_shfl, not shfl_avx2) */
	interp_fast_baseline(1);
	test_partial(&(struct unit_cfg){ "stack, the baseline version", SIMT_STACK, SCHED_RR, 0 });
	interp_fast_baseline(0);
	return tap_end();
}
