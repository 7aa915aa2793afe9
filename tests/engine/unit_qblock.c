/*
 * unit_qblock.c - TAP tests of sched_quick's whole blocks (machine.c
 * block_quick_whole, docs/PERFORMANCE.md, s22-launch): a lazily admitted
 * block of a kernel that only returns, none of its warps started, runs in
 * one step of the accounting (steps, cycles, its SM's clock, its exits)
 * where the batch covers every warp of it; a batch that ends inside the
 * block runs its warps one at a time as before. A machine with whole
 * blocks (the default) and one without (WS_NO_QBLOCK=1) give the same
 * output (clock64() of working kernels between the empty ones: every SM's
 * clock), steps, cycles, SM clocks and exit status, --fast and checked, and
 * hold the same groups, tokens, resident blocks, barrier arrivals, round
 * robin place and clocks at every stop of short runs (1 .. 60 steps: budgets
 * that end inside blocks and at their edges) and single steps. Empty
 * kernels with and without parameters, blocks of 1, 2, 3 (a partial last
 * warp), 8 and 32 warps (the whole mask), of one thread, a 3-D grid, several
 * launches in a row, one of 320,000 steps (the spin checker's sample at
 * step 2^18 ends a batch inside it: its lazy blocks stay lazy for the
 * next, machine.c sched_quick's end); under `stack`, `its` (whole blocks
 * taken under the round robin) and `stack random:3` (never taken), on the
 * default device (whole runs), one of 8 SMs and one holding one block at a
 * time. The machines are unobserved (warpstep
 * run's: stash grids, which whole blocks want).
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
	"__global__ void empty(void)\n"
	"{\n"
	"}\n"
	"__global__ void args(unsigned *p, int a, long long b, float f)\n"
	"{\n"
	"}\n"
	"__global__ void work(unsigned *c, long long *clk, int base)\n"
	"{\n"
	"\tatomicAdd(c, threadIdx.x + 1);\n"
	"\tif (threadIdx.x == 0)\n"
	"\t\tclk[base + blockIdx.x] = clock64();\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tunsigned *c, hc;\n"
	"\tlong long *clk;\n"
	"\tstatic long long h[420];\n"
	"\tcudaMalloc(&c, sizeof hc);\n"
	"\tcudaMalloc(&clk, sizeof h);\n"
	"\tcudaMemset(c, 0, sizeof hc);\n"
	"\tcudaMemset(clk, 0, sizeof h);\n"
	"\tempty<<<1, 32>>>();\n"
	"\tempty<<<3, 70>>>();\n"
	"\twork<<<40, 64>>>(c, clk, 0);\n"
	"\targs<<<700, 64>>>(c, 7, 1ll << 40, 2.5f);\n"
	"\tempty<<<dim3(7, 3, 2), dim3(16, 3)>>>();\n"
	"\twork<<<40, 96>>>(c, clk, 40);\n"
	"\tempty<<<40, 1024>>>();\n"
	"\tempty<<<300, 1>>>();\n"
	"\tempty<<<200, 256>>>();\n"
	"\tempty<<<40000, 256>>>();\n"
	"\twork<<<300, 33>>>(c, clk, 80);\n"
	"\targs<<<90, 200>>>(c, -3, 5, 0.f);\n"
	"\twork<<<40, 256>>>(c, clk, 380);\n"
	"\tcudaMemcpy(&hc, c, sizeof hc, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(h, clk, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tlong long s = 0;\n"
	"\tfor (int k = 0; k < 420; k++)\n"
	"\t\ts = s * 31 + h[k];\n"
	"\tprintf(\"count %u clocks %lld last %lld\\n\", hc, s, h[419]);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* the devices: the default one (whole runs only: a stop starts every lazy
 * block, thousands on it), one of 8 SMs, one of one SM holding one block
 * at a time */
static const char *const devs[] = { "all resident", "8 SMs", "one block resident" };

/* off: whole blocks off (WS_NO_QBLOCK); dev: devs[dev] */
static struct machine *start(const struct unit_cfg *c, int fast, int dev, int off, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	o.unobserved = 1;
	o.no_qblock = off;
	if (dev) {
		o.num_sms = dev == 1 ? 8 : 1;
		o.max_blocks_per_sm = dev == 1 ? o.max_blocks_per_sm : 1;
	}
	struct machine *m = machine_new(comp.mod, &o);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

/* the clocks: the device's and every SM's */
static uint64_t clocks(const struct machine *m)
{
	uint64_t h = 14695981039346656037u;
	UNIT_MIX(h, m->dev.cycles);
	for (int k = 0; k < m->o.num_sms; k++)
		UNIT_MIX(h, m->dev.smclk[k]);
	return h;
}

/* unit_state, the clocks, and the round robin's place and each resident
 * block's exited threads */
static uint64_t state(struct machine *m)
{
	const struct grid *gr = m->dev.grid;
	uint64_t h = unit_state(m, 1) * 1000003u + clocks(m);
	if (gr) {
		UNIT_MIX(h, (uint32_t)gr->rr);
		UNIT_MIX(h, gr->rr_idx);
		UNIT_MIX(h, (uint32_t)gr->rr_s);
		UNIT_MIX(h, gr->rr_wi);
		UNIT_MIX(h, gr->next_block);
		for (int s = 0; s < gr->nres; s++)
			if (gr->res[s])
				UNIT_MIX(h, gr->res[s]->nexited);
	}
	return h;
}

static void name(char *what, size_t n, const struct unit_cfg *c, int fast, int dev)
{
	snprintf(what, n, "%s, %s, %s", c->name, fast ? "--fast" : "checked", devs[dev]);
}

/* whole runs: the same output, steps, clocks and status; whole blocks
 * taken under the round robin, none under the random schedule or off */
static void test_whole(const struct unit_cfg *c, int fast, int dev)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	char what[128];
	name(what, sizeof what, c, fast, dev);
	for (int k = 0; k < 2; k++) {
		m[k] = start(c, fast, dev, k, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strstr(a, "count "), "%s: the same output with whole blocks and without (%.*s)",
	   what, a ? (int)strcspn(a, "\n") : 0, a ? a : "");
	free(a);
	free(b);
	uint64_t q = m[0]->dev.nqblock;
	ok(clocks(m[0]) == clocks(m[1]) && m[1]->dev.nqblock == 0 && (c->sched == SCHED_RR ? q > 0 : q == 0),
	   "%s: the same cycles (%llu) and SM clocks; %llu blocks ran whole", what,
	   (unsigned long long)m[0]->dev.cycles, (unsigned long long)q);
	unit_same_end(m, o, what);
}

/* runs of 1 .. 60 steps, each followed by a few single steps: state() at
 * every stop (whole blocks taken inside the short runs too, under the
 * round robin) */
static void test_stops(const struct unit_cfg *c, int fast, int dev)
{
	static uint64_t tr[2][60000];
	size_t n[2] = { 0, 0 };
	uint64_t seen[2];
	FILE *o[2] = { tmpfile(), tmpfile() };
	char what[128];
	name(what, sizeof what, c, fast, dev);
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(c, fast, dev, k, o[k]);
		for (int len = 1; machine_get_status(m) == MST_RUNNING && n[k] + 100 < 60000; len = len % 60 + 1) {
			machine_run(m, (uint64_t)len);
			tr[k][n[k]++] = state(m);
			for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
				machine_step(m);
				tr[k][n[k]++] = state(m);
			}
		}
		seen[k] = m->dev.nqblock;
		machine_free(m);
	}
	size_t at;
	char *a;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, &a);
	ok(same && strstr(a, "count ") && !seen[1] && (c->sched == SCHED_RR ? seen[0] > 0 : seen[0] == 0),
	   "%s: %zu stops of short runs and single steps find the same state with whole blocks and without "
	   "(first differing: %zu; %llu blocks ran whole)",
	   what, n[0], at, (unsigned long long)seen[0]);
	free(a);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		for (int dev = 0; dev < 3; dev++)
			for (int fast = 0; fast < 2; fast++) {
				test_whole(&cfgs[i], fast, dev);
				if (dev)
					test_stops(&cfgs[i], fast, dev);
			}
	compilation_release(&comp);
	return tap_end();
}
