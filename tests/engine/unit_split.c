/*
 * unit_split.c - TAP tests of the two-way split whose not-taken side is the
 * reconvergence point (an `if` without `else`): fast_run's cbr_taken parks
 * that group, with its lanes in the token's arrived mask, where the general
 * loop leaves it ready for the settle that follows; and the settle that ends
 * a two-way split (settle_pair). A machine with EV_INSN and EV_RECONVERGE
 * observers (which do nothing: every instruction in the general loop, every
 * settle in interp_warp_settle's loops) and one without must hold the same groups (masks, pcs, states, their
 * tokens, the current one) and the same tokens (lanes, arrived lanes,
 * reconvergence pc, depth) in every resident warp at every stop of runs of 1
 * to 60 steps and single steps, and give the same output (clock64() and a
 * racy global show the order the warps ran in), steps and exit status, under
 * both --simt policies and random schedules. The kernel splits that way at
 * the top level, nested in an if, in a loop with barriers, with the
 * condition inverted, in a partial last warp and before a printf.
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

static const char prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void k(int *out, long long *clk)\n"
	"{\n"
	"\t__shared__ int s[80];\n"
	"\tint t = threadIdx.x, lane = t & 31;\n"
	"\tint v = t * 3 + blockIdx.x;\n"
	"\tlong long c0 = clock64();\n"
	"\tif (lane < 5)\n"
	"\t\tv += 7;\n"
	"\tif (t < 70) {\n"
	"\t\tv ^= 1;\n"
	"\t\tif (lane & 1)\n"
	"\t\t\tv ^= 3;\n"
	"\t}\n"
	"\ts[t] = v;\n"
	"\t__syncthreads();\n"
	"\tfor (unsigned st = 64; st > 0; st >>= 1) {\n"
	"\t\tif (t < st && t + st < blockDim.x)\n"
	"\t\t\ts[t] += s[t + st];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tif (!(lane % 3))\n"
	"\t\tv -= s[0] & 15;\n"
	"\telse\n"
	"\t\tv += 1;\n"
	"\tif (lane % 5)\n"
	"\t\tv += 2;\n"
	"\tlong long c1 = clock64();\n"
	"\tif (lane == 0) {\n"
	"\t\tracy = racy + 1;\n"
	"\t\tprintf(\"block %d warp %d v %d s %d racy %d\\n\", blockIdx.x, t / 32, v, s[0], racy);\n"
	"\t}\n"
	"\tclk[blockIdx.x * 80 + t] = c1 - c0;\n"
	"\tout[blockIdx.x * 80 + t] = v;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *out;\n"
	"\tlong long *clk;\n"
	"\tcudaMalloc(&out, 3 * 80 * sizeof(int));\n"
	"\tcudaMalloc(&clk, 3 * 80 * sizeof(long long));\n"
	"\tk<<<3, 80>>>(out, clk);\n"
	"\tstatic int h[3 * 80];\n"
	"\tstatic long long c[3 * 80];\n"
	"\tcudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, clk, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, csum = 0;\n"
	"\tfor (int i = 0; i < 3 * 80; i++) {\n"
	"\t\tsum = sum * 31 + h[i];\n"
	"\t\tcsum = csum * 17 + c[i];\n"
	"\t}\n"
	"\tprintf(\"sum %lld clocks %lld\\n\", sum, csum);\n"
	"\treturn (int)(sum & 7);\n"
	"}\n";

static struct compilation comp;

/* general: observe EV_INSN and EV_RECONVERGE, so that neither shortcut runs */
static struct machine *start(int general, const struct unit_cfg *c, FILE *out)
{
	return unit_start(&comp, c, 1, general ? (1u << EV_INSN) | (1u << EV_RECONVERGE) : 0, out);
}

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "its random:1", SIMT_ITS, SCHED_RANDOM, 1 },
	{ "stack random:2", SIMT_STACK, SCHED_RANDOM, 2 },
};

static void test_whole_runs(const struct unit_cfg *c)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, c, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(strcmp(a, b) == 0 && strstr(a, "sum "), "%s: the same output (%zu bytes)",
	   c->name, strlen(a));
	if (strcmp(a, b) != 0)
		printf("# fast path:\n%s# general loop:\n%s", a, b);
	free(a);
	free(b);
	unit_same_end(m, o, c->name);
}

/* the warps of m's grid (started) with a group parked by a split (not yet
 * run on) beside a ready one */
static size_t parked_groups(const struct machine *m)
{
	size_t parked = 0;
	const struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++)
		for (uint32_t i = 0; gr->res[s] && i < gr->res[s]->nwarps; i++) {
			const struct warp *w = &gr->res[s]->w[i];
			parked += !(gr->res[s]->unstarted >> i & 1) && w->ng == 2 && w->g[1].state == G_PARK &&
				  w->g[0].state == G_READY;
		}
	return parked;
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups
 * and tokens at every stop */
static void test_short_runs(const struct unit_cfg *c)
{
	static uint64_t tr[2][8000];
	size_t n[2], parked = 0;
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(k, c, o[k]);
		n[k] = unit_stops(m, 0, tr[k], 8000, k ? parked_groups : NULL, &parked);
		machine_free(m);
	}
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same && parked > 0,
	   "%s: %zu stops of short runs and single steps find the same groups and tokens (first differing: %zu; "
	   "%zu stops with a parked second group)",
	   c->name, n[0], at, parked);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		test_whole_runs(&cfgs[i]);
		test_short_runs(&cfgs[i]);
	}
	compilation_release(&comp);
	return tap_end();
}
