/*
 * unit_smem.c - TAP tests of the thirteenth session's shortcuts on
 * reduce_smem's path (docs/PERFORMANCE.md, s13-smem):
 * - sched_chain's visits of a warp that is not the common case (chain_other:
 *   the scheduler's search from the round robin's place, the warps that wait
 *   at their block's barrier whole passed together by b->bar_whole, the
 *   diverged warp's visit and settle);
 * - the release that readies those warps without reading their group again,
 *   and bar_whole's condition (one group, every live lane, a barrier without
 *   a result, no token);
 * - no settle after a split that cbr_taken's park left settled;
 * - a barrier's release published to the exit checker only for a block where
 *   threads exited while others waited (barrier_after_exit, b->exit_noted).
 * A machine with an EV_INSN observer (every instruction in the general loop,
 * every visit sched_device_step's own) and a CEV_BARRIER listener that hears
 * every release, and one with neither, must give the same output (clock64()
 * and a racy global show the order the warps ran in), findings, steps and
 * exit status, and the same groups and tokens at every stop of runs of 1 to
 * 60 steps and single steps, --fast and checked, under both --simt policies.
 * Seven blocks of 112 threads (a partial last warp) on a device that holds
 * three at a time: the reduction's rounds leave warp 0 diverged while the
 * others wait; block 2's upper half exits before the first barrier (the exit
 * checker's warning at it), block 3's lanes 20 and up of each warp before the
 * loop (warps whose live lanes are fewer than their threads, with a token);
 * __syncthreads_count's results are checked by main().
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
	"__global__ void k(int *out, long long *clk, int *cnt)\n"
	"{\n"
	"\t__shared__ int s[128];\n"
	"\tint t = threadIdx.x, lane = t & 31;\n"
	"\tlong long c0 = clock64();\n"
	"\ts[t] = t * 3 + blockIdx.x;\n"
	"\tif (blockIdx.x == 2 && t >= 64)\n"
	"\t\treturn;\n"
	"\t__syncthreads();\n"
	"\tif (blockIdx.x == 3 && lane >= 20)\n"
	"\t\treturn;\n"
	"\tfor (unsigned st = 64; st > 0; st >>= 1) {\n"
	"\t\tif (t < st && t + st < 64)\n"
	"\t\t\ts[t] += s[t + st];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tint n = __syncthreads_count(t % 3 == 0);\n"
	"\tlong long c1 = clock64();\n"
	"\tif (lane == 0) {\n"
	"\t\tracy = racy + 1;\n"
	"\t\tprintf(\"block %d warp %d s %d n %d racy %d\\n\", blockIdx.x, t / 32, s[0], n, racy);\n"
	"\t}\n"
	"\tcnt[blockIdx.x * 112 + t] = n;\n"
	"\tclk[blockIdx.x * 112 + t] = c1 - c0;\n"
	"\tout[blockIdx.x * 112 + t] = s[t & 63];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *out, *cnt;\n"
	"\tlong long *clk;\n"
	"\tcudaMalloc(&out, 7 * 112 * sizeof(int));\n"
	"\tcudaMalloc(&cnt, 7 * 112 * sizeof(int));\n"
	"\tcudaMalloc(&clk, 7 * 112 * sizeof(long long));\n"
	"\tcudaMemset(cnt, 0, 7 * 112 * sizeof(int));\n"
	"\tk<<<7, 112>>>(out, clk, cnt);\n"
	"\tstatic int h[7 * 112], n[7 * 112];\n"
	"\tstatic long long c[7 * 112];\n"
	"\tcudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(n, cnt, sizeof n, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, clk, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, csum = 0;\n"
	"\tint bad = 0;\n"
	"\tfor (int b = 0; b < 7; b++) {\n"
	"\t\tint want = 0;\n"
	"\t\tfor (int u = 0; u < 112; u++)\n"
	"\t\t\twant += (b == 2 ? u < 64 : b == 3 ? (u & 31) < 20 : 1) && u % 3 == 0;\n"
	"\t\tfor (int t = 0; t < 112; t++) {\n"
	"\t\t\tint live = b == 2 ? t < 64 : b == 3 ? (t & 31) < 20 : 1;\n"
	"\t\t\tbad += n[b * 112 + t] != (live ? want : 0);\n"
	"\t\t}\n"
	"\t}\n"
	"\tfor (int i = 0; i < 7 * 112; i++) {\n"
	"\t\tsum = sum * 31 + h[i];\n"
	"\t\tcsum = csum * 17 + c[i];\n"
	"\t}\n"
	"\tprintf(\"sum %lld clocks %lld counts %s\\n\", sum, csum, bad ? \"FAIL\" : \"ok\");\n"
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
	ok(strcmp(a, b) == 0 && strstr(a, "counts ok"),
	   "%s %s: the same output, with the right counts (%zu bytes)", c->name, mode, strlen(a));
	if (strcmp(a, b) != 0 || !strstr(a, "counts ok"))
		printf("# shortcuts:\n%s# general:\n%s", a, b);
	char fa[512], fb[512], want[64];
	findings(m[0], fa, sizeof fa);
	findings(m[1], fb, sizeof fb);
	/* the exit checker's warnings: block 2 at the first barrier, block 3 in the loop */
	snprintf(want, sizeof want, "%d:11 ", (int)FK_BARRIER_DIVERGENCE);
	int w11 = strstr(fa, want) != NULL;
	snprintf(want, sizeof want, "%d:17 ", (int)FK_BARRIER_DIVERGENCE);
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
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		test_whole_runs(&cfgs[i], 1);
		test_whole_runs(&cfgs[i], 0);
		test_short_runs(&cfgs[i]);
	}
	compilation_release(&comp);
	return tap_end();
}
