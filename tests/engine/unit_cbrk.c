/*
 * unit_cbrk.c - TAP tests of the nineteenth session's classes for a
 * branch on a compare of s32 or u32 lanes with a constant (interp.c
 * fast_cbr_ltk: F_CBR_LTK for u32 below a constant, reduce_smem's `t < k`
 * once its loop is unrolled; F_CBR_K for the others, `t == 0`), which the
 * AVX2 and AVX-512 versions of fast_run compare without F_CBR's class
 * tests (docs/PERFORMANCE.md, s19-smem):
 * - the decoded kernels hold such classes, and none under WS_NO_CBRK=1;
 * - a machine with the classes and one without (WS_NO_CBRK=1, the
 *   instructions F_CBR's) hold the same groups, tokens and barrier
 *   arrivals at every stop of short runs and give the same output, steps
 *   and exit status: a reduction whose warp 0 splits at `t < k` inside its
 *   barrier loop, partial blocks (200 threads: the last warp of 8 lanes),
 *   a kernel whose diverged lanes leave inside the branch, nine blocks all
 *   resident or one at a time, under `stack`, `its` and `stack random:3`,
 *   in the best version and the baseline one (interp_fast_baseline);
 * - the compares at the wrap edges of s32 and u32 against the host are
 *   unit_divbar.c's (its program runs these classes now).
 */
#include "front.h"
#include "machine.h"
#include "simt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"
#include "unit_state.h"

/* reduce_smem's loop over partial blocks, and a second kernel whose
 * diverged lanes 4 and 5 leave inside the branch (96 threads); u32 and s32
 * compares with constants by several relations on both sides of a lane's
 * index (the last rounds' `t < 2`, `t < 1`: one lane or two) */
static const char prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void red(const int *in, int *part, long long *clk, int n)\n"
	"{\n"
	"\t__shared__ int s[256];\n"
	"\tunsigned t = threadIdx.x;\n"
	"\tunsigned i = blockIdx.x * 200 + t;\n"
	"\ts[t] = i < n ? in[i] : 0;\n"
	"\t__syncthreads();\n"
	"\tfor (unsigned stride = 128; stride > 0; stride >>= 1) {\n"
	"\t\tif (t < stride && t + stride < 200u)\n"
	"\t\t\ts[t] += s[t + stride];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tif ((int)t > 190)\n"
	"\t\ts[t] = -1;\n"
	"\tif (t >= 3u)\n"
	"\t\tatomicAdd(&part[blockIdx.x + 9], 1);\n"
	"\tif ((int)t <= 33)\n"
	"\t\tatomicAdd(&part[blockIdx.x + 18], 2);\n"
	"\tif (t == 0) {\n"
	"\t\tpart[blockIdx.x] = s[0];\n"
	"\t\tracy = racy * 3 + (int)blockIdx.x;\n"
	"\t\tclk[blockIdx.x] = clock64();\n"
	"\t}\n"
	"}\n"
	"__global__ void leave(int *out)\n"
	"{\n"
	"\t__shared__ int s[96];\n"
	"\tunsigned t = threadIdx.x;\n"
	"\ts[t] = (int)(t * 3 + blockIdx.x);\n"
	"\t__syncthreads();\n"
	"\tfor (unsigned k = 48; k > 0; k >>= 1) {\n"
	"\t\tif (t < k) {\n"
	"\t\t\tif (k == 6 && t >= 4)\n"
	"\t\t\t\treturn;\n"
	"\t\t\ts[t] += s[t + k];\n"
	"\t\t}\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tif (t != 0u)\n"
	"\t\treturn;\n"
	"\tout[blockIdx.x] = s[0] + racy;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int nb = 9, n = nb * 200;\n"
	"\tstatic int h[n], part[3 * nb], o[nb];\n"
	"\tstatic long long c[nb];\n"
	"\tint *din, *dp, *dout;\n"
	"\tlong long *dc, want = 0;\n"
	"\tfor (int i = 0; i < n; i++) {\n"
	"\t\th[i] = (i * 7) % 101 - 50;\n"
	"\t\twant += h[i];\n"
	"\t}\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dp, sizeof part);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tcudaMemset(dp, 0, sizeof part);\n"
	"\tred<<<nb, 200>>>(din, dp, dc, n);\n"
	"\tleave<<<nb, 96>>>(dout);\n"
	"\tcudaMemcpy(part, dp, sizeof part, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, s = 0, cs = 0, a = 0;\n"
	"\tfor (int b = 0; b < nb; b++) {\n"
	"\t\tsum += part[b];\n"
	"\t\ta = a * 7 + part[b + 9] * 3 + part[b + 18];\n"
	"\t\ts = s * 31 + o[b];\n"
	"\t\tcs = cs * 17 + c[b];\n"
	"\t}\n"
	"\tprintf(\"sum %lld %s counts %lld leave %lld clocks %lld\\n\", sum, sum == want ? \"ok\" : \"FAIL\", a, s,\n"
	"\t       cs);\n"
	"\treturn sum != want;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* off: the machine decodes its functions under WS_NO_CBRK=1 (the classes
 * are made at decode: the variable stays set while it runs); one: a
 * device of one SM holding one block at a time */
static struct machine *start(const struct unit_cfg *c, int one, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, 1, out);
	if (one) {
		o.num_sms = 1;
		o.max_blocks_per_sm = 1;
	}
	struct machine *m = machine_new(comp.mod, &o);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static void set_off(int off)
{
	if (off)
		setenv("WS_NO_CBRK", "1", 1);
	else
		unsetenv("WS_NO_CBRK");
}

/* the classes in the decoded kernels, with and without WS_NO_CBRK */
static void test_classes(void)
{
	for (int off = 0; off < 2; off++) {
		set_off(off);
		uint32_t n[2] = { 0, 0 };
		int found = 0;
		for (uint32_t f = 0; f < comp.mod->nfuncs; f++) {
			const struct ir_func *fn = &comp.mod->funcs[f];
			int which = strcmp(fn->name, "red") == 0 ? 0 : strcmp(fn->name, "leave") == 0 ? 1 : -1;
			if (!(fn->kind & FN_KERNEL) || which < 0)
				continue;
			struct dfunc *df = decode_func(fn, comp.mod);
			n[which] = interp_fast_ncbrk(df);
			decode_free(df);
			found++;
		}
		ok(found == 2 && (off ? n[0] == 0 && n[1] == 0 : n[0] >= 8 && n[1] >= 4),
		   "%s: red has %u branches on a compare with a constant of their own class, leave %u",
		   off ? "WS_NO_CBRK=1" : "the classes on", n[0], n[1]);
	}
	set_off(0);
}

static void test_whole(const struct unit_cfg *c, int one, int base)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	char what[96];
	snprintf(what, sizeof what, "%s, %s, %s version", c->name, one ? "one block resident" : "all resident",
		 base ? "the baseline" : "the best");
	interp_fast_baseline(base);
	for (int k = 0; k < 2; k++) {
		set_off(k);
		m[k] = start(c, one, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	set_off(0);
	interp_fast_baseline(0);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strstr(a, "sum ") && strstr(a, " ok counts "),
	   "%s: the same output with the classes and without (%.*s)", what, a ? (int)strcspn(a, "\n") : 0,
	   a ? a : "");
	free(a);
	free(b);
	unit_same_end(m, o, what);
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups,
 * tokens and barrier arrivals at every stop */
static void test_stops(const struct unit_cfg *c, int one)
{
	static uint64_t tr[2][40000];
	size_t n[2];
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		set_off(k);
		struct machine *m = start(c, one, o[k]);
		n[k] = unit_stops(m, 1, tr[k], 40000, NULL, NULL);
		machine_free(m);
	}
	set_off(0);
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same,
	   "%s, %s: %zu stops of short runs and single steps find the same groups, tokens and arrivals "
	   "with the classes and without (first differing: %zu)",
	   c->name, one ? "one block resident" : "all resident", n[0], at);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	test_classes();
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		for (int one = 0; one < 2; one++) {
			for (int base = 0; base < 2; base++)
				test_whole(&cfgs[i], one, base);
			test_stops(&cfgs[i], one);
		}
	compilation_release(&comp);
	return tap_end();
}
