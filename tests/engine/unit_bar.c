/*
 * unit_bar.c - TAP tests of the fifteenth session's shortcuts on reduce_smem's
 * barrier phases (docs/PERFORMANCE.md, s15-bar):
 * - a loop counter's add or shift and its compare-and-branch going on, in the
 *   same dispatch, to the compare at the loop's top of a row with the counter
 *   (interp.c fast_pairs' F_ADDK_CBR_CMP, F_SHRK_CBR_CMP; cmp_row_k_avx2),
 *   and from there to the barrier when no lane takes the branch: u32 and s32
 *   counters on either side of the compare, LT, GT, GE, EQ, NE and LE, a
 *   compare whose lanes diverge (the split after it);
 * - a chain's whole warp arriving at a plain __syncthreads() without
 *   bar_arrive, and the release of a block whose every warp waits whole.
 * A machine with an EV_INSN observer (every instruction in the general loop)
 * and a CEV_BARRIER listener, and one with neither, must give the same
 * output (clock64() and a racy global show the order the warps ran in; main()
 * checks every value against its own run of the rounds), findings, steps and
 * exit status, --fast and checked, under both --simt policies, and the same
 * groups and tokens at every stop of runs of 1 to 60 steps and single steps
 * (runs that end between the counter, its compare and the barrier). The
 * program is run's IR (ir_optimize_run), where fast_pairs finds the pairs.
 * Seven blocks of 112 threads (a partial last warp) on a device that holds three at
 * a time; block 2's upper half exits before the first barrier, block 3's
 * lanes 20 and up of each warp before the loops (warps whose live lanes are
 * fewer than their threads); block 4's lanes meet at two different barriers.
 */
#include "front.h"
#include "machine.h"
#include "simt.h"
#include "check.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"
#include "unit_state.h"

static const char prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void k(int *out, long long *clk)\n"
	"{\n"
	"\t__shared__ int s[128];\n"
	"\tint t = threadIdx.x, lane = t & 31;\n"
	"\tlong long c0 = clock64();\n"
	"\ts[t] = t * 3 + blockIdx.x;\n"
	"\tif (t < 16)\n"
	"\t\ts[112 + t] = 0;\n"
	"\tif (blockIdx.x == 2 && t >= 64)\n"
	"\t\treturn;\n"
	"\t__syncthreads();\n"
	"\tif (blockIdx.x == 3 && lane >= 20)\n"
	"\t\treturn;\n"
	"\tfor (unsigned st = 64; st > 0; st >>= 1) {\n"
	"\t\tif (t < st)\n"
	"\t\t\ts[t] += s[t + st] & 0xff;\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tfor (int st = 48; st > 0; st >>= 1) {\n"
	"\t\tif (st > t)\n"
	"\t\t\ts[t] ^= s[t + st];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tfor (int i = 0; i < 112; i += 16) {\n"
	"\t\tif (t >= i)\n"
	"\t\t\ts[t] += 1;\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tfor (unsigned st = 40; st > 0; st >>= 1) {\n"
	"\t\tif (t == st)\n"
	"\t\t\ts[t] += 5;\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tfor (int st = 40; st > 0; st >>= 1) {\n"
	"\t\tif (t != st)\n"
	"\t\t\ts[t] -= 1;\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tfor (int st = 70; st > 0; st >>= 1) {\n"
	"\t\tif (t <= st)\n"
	"\t\t\ts[t] += t;\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tif (blockIdx.x == 4) {\n"
	"\t\tif (lane < 8)\n"
	"\t\t\t__syncthreads();\n"
	"\t\telse\n"
	"\t\t\t__syncthreads();\n"
	"\t}\n"
	"\tlong long c1 = clock64();\n"
	"\tif (lane == 0) {\n"
	"\t\tracy = racy + 1;\n"
	"\t\tprintf(\"block %d warp %d s %d racy %d\\n\", blockIdx.x, t / 32, s[0], racy);\n"
	"\t}\n"
	"\tclk[blockIdx.x * 112 + t] = c1 - c0;\n"
	"\tout[blockIdx.x * 112 + t] = s[t];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *out;\n"
	"\tlong long *clk;\n"
	"\tcudaMalloc(&out, 7 * 112 * sizeof(int));\n"
	"\tcudaMalloc(&clk, 7 * 112 * sizeof(long long));\n"
	"\tk<<<7, 112>>>(out, clk);\n"
	"\tstatic int h[7 * 112];\n"
	"\tstatic long long c[7 * 112];\n"
	"\tcudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, clk, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, csum = 0;\n"
	"\tint bad = 0;\n"
	"\tfor (int b = 0; b < 7; b++) {\n"
	"\t\tstatic int s[128], n[128];\n"
	"\t\tfor (int t = 0; t < 128; t++)\n"
	"\t\t\ts[t] = t < 112 ? t * 3 + b : 0;\n"
	"\t\tfor (int r = 0; r < 6; r++) {\n"
	"\t\t\tint lo = r == 0 ? 64 : r == 1 ? 48 : r == 2 ? 0 : r == 3 ? 40 : r == 4 ? 40 : 70;\n"
	"\t\t\tfor (int st = lo, i = 0; r == 2 ? i < 112 : st > 0; st >>= 1, i += 16) {\n"
	"\t\t\t\tfor (int t = 0; t < 128; t++)\n"
	"\t\t\t\t\tn[t] = s[t];\n"
	"\t\t\t\tfor (int t = 0; t < 112; t++) {\n"
	"\t\t\t\t\tif ((b == 2 && t >= 64) || (b == 3 && (t & 31) >= 20))\n"
	"\t\t\t\t\t\tcontinue;\n"
	"\t\t\t\t\tif (r == 0 && (unsigned)t < (unsigned)st)\n"
	"\t\t\t\t\t\tn[t] += s[t + st] & 0xff;\n"
	"\t\t\t\t\tif (r == 1 && st > t)\n"
	"\t\t\t\t\t\tn[t] ^= s[t + st];\n"
	"\t\t\t\t\tif (r == 2 && t >= i)\n"
	"\t\t\t\t\t\tn[t] += 1;\n"
	"\t\t\t\t\tif (r == 3 && t == st)\n"
	"\t\t\t\t\t\tn[t] += 5;\n"
	"\t\t\t\t\tif (r == 4 && t != st)\n"
	"\t\t\t\t\t\tn[t] -= 1;\n"
	"\t\t\t\t\tif (r == 5 && t <= st)\n"
	"\t\t\t\t\t\tn[t] += t;\n"
	"\t\t\t\t}\n"
	"\t\t\t\tfor (int t = 0; t < 128; t++)\n"
	"\t\t\t\t\ts[t] = n[t];\n"
	"\t\t\t}\n"
	"\t\t}\n"
	"\t\tfor (int t = 0; t < 112; t++)\n"
	"\t\t\tbad += !((b == 2 && t >= 64) || (b == 3 && (t & 31) >= 20)) && h[b * 112 + t] != s[t];\n"
	"\t}\n"
	"\tfor (int i = 0; i < 7 * 112; i++) {\n"
	"\t\tsum = sum * 31 + h[i];\n"
	"\t\tcsum = csum * 17 + c[i];\n"
	"\t}\n"
	"\tprintf(\"sum %lld clocks %lld values %s\\n\", sum, csum, bad ? \"FAIL\" : \"ok\");\n"
	"\treturn (int)(sum & 7);\n"
	"}\n";

static struct compilation comp;

/* a listener of every barrier's release (not barrier_after_exit) */
static void bar_heard(void *self, const struct check_event *e)
{
	(void)e;
	++*(unsigned *)self;
}

static const struct checker bar_counter = {
	.name = "bar-counter",
	.what = "counts the barriers' releases",
	.events = CEV_BIT(CEV_BARRIER),
	.event = bar_heard,
};

static unsigned heard;

/* general: an EV_INSN observer and the release counter, so that none of
 * the shortcuts runs (bar_whole is the arrival's, in both) */
static struct machine *start(int general, const struct unit_cfg *c, int fast, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	o.num_sms = 1;
	o.max_blocks_per_sm = 3;
	struct machine *m = machine_new(comp.mod, &o);
	if (general) {
		machine_observe(m, 1u << EV_INSN, unit_no_op, NULL);
		machine_add_checker(m, &bar_counter, &heard);
	}
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
};

/* the findings of m, kind and line, one string */
static void findings(const struct machine *m, char *buf, size_t len)
{
	size_t at = 0;
	buf[0] = 0;
	for (size_t i = 0; i < machine_nfindings(m) && at + 64 < len; i++) {
		const struct machine_finding *f = machine_finding_get(m, i);
		at += (size_t)snprintf(buf + at, len - at, "%d:%u ", (int)f->id, f->span.line);
	}
}

static void test_whole_runs(const struct unit_cfg *c, int fast)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	heard = 0;
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, c, fast, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	const char *mode = fast ? "--fast" : "checked";
	ok(strcmp(a, b) == 0 && strstr(a, "values ok"),
	   "%s %s: the same output, with the right values (%zu bytes)", c->name, mode, strlen(a));
	if (strcmp(a, b) != 0 || !strstr(a, "values ok"))
		printf("# shortcuts:\n%s# general:\n%s", a, b);
	char fa[512], fb[512], want[64];
	findings(m[0], fa, sizeof fa);
	findings(m[1], fb, sizeof fb);
	/* the exit checker's warnings: block 2 at the first barrier, block 3 in the first loop */
	snprintf(want, sizeof want, "%d:13 ", (int)FK_BARRIER_DIVERGENCE);
	int w11 = strstr(fa, want) != NULL;
	snprintf(want, sizeof want, "%d:19 ", (int)FK_BARRIER_DIVERGENCE);
	ok(strcmp(fa, fb) == 0 && w11 && strstr(fa, want) && heard > 7 * 6,
	   "%s %s: the same findings (%s), the exit checker's two warnings among them, with every release heard "
	   "(%u)",
	   c->name, mode, fa, heard);
	ok(machine_exit_status(m[0]) == machine_exit_status(m[1]) && machine_steps(m[0]) == machine_steps(m[1]),
	   "%s %s: the same exit status (%d) and steps (%llu, %llu)", c->name, mode, machine_exit_status(m[0]),
	   (unsigned long long)machine_steps(m[0]), (unsigned long long)machine_steps(m[1]));
	free(a);
	free(b);
	for (int k = 0; k < 2; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
}

/* the blocks of m's grid (all started) where a diverged warp 0 runs while
 * others wait at the barrier whole */
static size_t waiting_blocks(const struct machine *m)
{
	size_t waiting = 0;
	const struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++)
		waiting += gr->res[s] && gr->res[s]->bar_whole && !gr->res[s]->unstarted &&
			   gr->res[s]->w[0].ng == 2;
	return waiting;
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups
 * and tokens at every stop */
static void test_short_runs(const struct unit_cfg *c)
{
	static uint64_t tr[2][8000];
	size_t n[2], waiting = 0;
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(k, c, 1, o[k]);
		n[k] = unit_stops(m, 1, tr[k], 8000, k ? NULL : waiting_blocks, &waiting);
		machine_free(m);
	}
	size_t at = unit_first_differing(tr[0], n[0], tr[1], n[1]);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(n[0] == n[1] && at == n[0] && strcmp(a, b) == 0 && n[0] > 100 && waiting > 0,
	   "%s: %zu stops of short runs and single steps find the same groups and tokens (first differing: %zu; "
	   "%zu stops with a diverged warp 0 beside waiting warps)",
	   c->name, n[0], at, waiting);
	free(a);
	free(b);
	fclose(o[0]);
	fclose(o[1]);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	/* run's IR (the loops rotated, the compares fused) */
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		test_whole_runs(&cfgs[i], 1);
		test_whole_runs(&cfgs[i], 0);
		test_short_runs(&cfgs[i]);
	}
	compilation_release(&comp);
	return tap_end();
}
