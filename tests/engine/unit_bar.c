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

#include "unit_barphase.h"

static const struct barphase phase = { "values", 13, 19 };

/* ---- the sixteenth session's hop (s16-hop): fast_run goes on from a
 * whole warp's arrival to the next warp's visit testing only
 * m->dev.chain_end (the steps) and the interrupt; every writer of what
 * chain_live tests must zero it. A checker that hears each release
 * (in F_BAR's arrival, just before the hop) acts on the machine there, as
 * an observer of the debugger would: a stop, an observer of every
 * instruction added and removed, a breakpoint set and cleared, the grid
 * failed. The machine with the shortcuts must stop where the one without
 * stops (the same steps, groups and tokens) and its added observer must
 * hear as many instructions. */

/* blocks of four whole warps (each release in F_BAR's arrival, then the
 * hop), seven of them on a device that holds three at a time; block 2's
 * last warp exits between the first barrier and the loop's */
static const char prog_hop[] =
	"#include <cstdio>\n"
	"__global__ void k(int *out)\n"
	"{\n"
	"\t__shared__ int s[128];\n"
	"\tint t = threadIdx.x;\n"
	"\ts[t] = t * 3 + blockIdx.x;\n"
	"\t__syncthreads();\n"
	"\tif (blockIdx.x == 2 && t >= 96)\n"
	"\t\treturn;\n"
	"\tfor (unsigned st = 64; st > 0; st >>= 1) {\n"
	"\t\tif (t < st)\n"
	"\t\t\ts[t] += s[t + st];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tout[blockIdx.x * 128 + t] = s[t];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *out;\n"
	"\tcudaMalloc(&out, 7 * 128 * sizeof(int));\n"
	"\tcudaMemset(out, 0, 7 * 128 * sizeof(int));\n"
	"\tk<<<7, 128>>>(out);\n"
	"\tstatic int h[7 * 128];\n"
	"\tcudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0;\n"
	"\tfor (int i = 0; i < 7 * 128; i++)\n"
	"\t\tsum = sum * 31 + h[i];\n"
	"\tprintf(\"sum %lld block 0 %d\\n\", sum, h[0]);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp_hop;

/* what the actor does at the nth release it hears (mode) on machine act_m */
static struct machine *act_m;
static unsigned act_mode, act_n;
static int act_id;
static uint64_t act_insns;

static void insn_count(void *ctx, const struct machine_event *e)
{
	(void)e;
	++*(uint64_t *)ctx;
}

static void act_heard(void *self, const struct check_event *e)
{
	(void)self;
	(void)e;
	unsigned n = ++act_n;
	switch (act_mode) {
	case 0: /* a stop at every third release */
		if (n % 3 == 2)
			machine_request_stop(act_m);
		break;
	case 1: /* an observer of every instruction from the 10th release to the 20th, and the 30th to the 40th */
		if (n == 10 || n == 30)
			act_id = machine_observe(act_m, 1u << EV_INSN, insn_count, &act_insns);
		if (n == 20 || n == 40)
			machine_unobserve(act_m, act_id);
		break;
	case 2: /* a breakpoint on the loop's body from the 12th release to the 30th */
		if (n == 12 || n == 30)
			machine_break_line(act_m, 1, 12, n == 12);
		break;
	case 3: /* the grid fails at the 5th (a later one may come where no hop follows) */
		if (n == 5)
			machine_fail_kernel(act_m, 700);
		break;
	default: /* the program ends at the 6th */
		if (n == 6)
			machine_exit(act_m, 3);
		break;
	}
}

static const struct checker actor = {
	.name = "hop-actor",
	.what = "acts on the machine at the barriers' releases",
	.events = CEV_BIT(CEV_BARRIER),
	.event = act_heard,
};

static void test_acted(const struct unit_cfg *c, int fast, unsigned mode)
{
	static const char *const modes[] = { "a stop", "an observer added and removed", "a breakpoint set and cleared",
					     "the grid failed", "the program ended" };
	static uint64_t tr[2][4000];
	size_t n[2] = { 0, 0 };
	uint64_t insns[2];
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		struct machine_opts op;
		unit_opts(&op, c, fast, o[k]);
		op.num_sms = 1;
		op.max_blocks_per_sm = 3;
		m[k] = machine_new(comp_hop.mod, &op);
		if (k)
			machine_observe(m[k], 1u << EV_INSN, unit_no_op, NULL);
		machine_add_checker(m[k], &actor, NULL);
		char *argv[] = { "p", NULL };
		machine_start(m[k], 1, argv);
		act_m = m[k];
		act_mode = mode;
		act_n = 0;
		act_insns = 0;
		while (machine_run(m[k], 0) == MST_RUNNING && n[k] < 4000)
			tr[k][n[k]++] = unit_state(m[k], 1);
		insns[k] = act_insns;
	}
	size_t at = unit_first_differing(tr[0], n[0], tr[1], n[1]);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	/* the observer hears some hundreds of instructions (383, then 299 once run's
	 * common subexpressions, engine/ir/cse.c, made the passes shorter) */
	ok(n[0] == n[1] && at == n[0] && n[0] >= (mode == 0 ? 15u : mode == 2 ? 5u : 0u) && insns[0] == insns[1] &&
		   (mode != 1 || insns[0] > 200) && strcmp(a, b) == 0,
	   "%s %s, %s by a checker at releases: the same %zu stops (first differing: %zu), output and "
	   "instructions observed (%llu, %llu)",
	   c->name, fast ? "--fast" : "checked", modes[mode], n[0], at, (unsigned long long)insns[0],
	   (unsigned long long)insns[1]);
	if (strcmp(a, b) != 0)
		printf("# shortcuts:\n%s# general:\n%s", a, b);
	free(a);
	free(b);
	char what[96];
	snprintf(what, sizeof what, "%s %s, %s", c->name, fast ? "--fast" : "checked", modes[mode]);
	unit_same_end(m, o, what);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	/* run's IR (the loops rotated, the compares fused) */
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		test_whole_runs(&cfgs[i], 1, &phase);
		test_whole_runs(&cfgs[i], 0, &phase);
		test_short_runs(&cfgs[i]);
	}
	compilation_release(&comp);
	if (unit_compile(&comp_hop, prog_hop))
		return tap_end();
	ir_optimize_run(comp_hop.mod, &comp_hop.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		for (unsigned mode = 0; mode < 5; mode++) {
			test_acted(&cfgs[i], 1, mode);
			test_acted(&cfgs[i], 0, mode);
		}
	}
	compilation_release(&comp_hop);
	return tap_end();
}
