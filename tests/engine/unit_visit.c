/*
 * unit_visit.c - TAP tests of the twentieth session's visits that the fast
 * path begins itself in a chain (docs/PERFORMANCE.md, s20-visit):
 * - ret_hop: a visit that ends at a plain RET exits its warp and goes on
 *   to the block's next warp (a run of exits, histogram's and
 *   reduce_shfl's third visits, reduce_smem's warps after the last
 *   barrier);
 * - pair_hop and chain_pair: a split warp's group visit (chain_other's
 *   pair_pick) runs as a chain's, and a visit whose group reaches its
 *   reconvergence token settles the warp and goes on to the block's next
 *   warp, its split group or its whole one.
 * A machine with both (the default) and one without (WS_NO_EXITHOP=1,
 * WS_NO_PAIRHOP=1: every such visit returns to the scheduler) give the
 * same output (a racy global and clock64() in it), steps and exit status,
 * --fast and checked, and hold the same groups, tokens and barrier
 * arrivals at every stop of short runs and single steps; chain_other's
 * pair_pick count (m->dev.npair) is the same, and the hops were taken
 * (m->dev.nrethop, npairhop) with them on, none off. Kernels: lane 0's
 * atomic after a split (blocks of 80 threads: a partial last warp; of 32:
 * one warp), histogram's two barriers and split (blocks of 224 and 256
 * threads: 7 and 8 warps), reduce_smem's barrier loop with its split
 * warp 0 (200 and 256 threads), nested splits (two tokens) with warps of
 * a partial last block leaving at once; under `stack`, `its` and `stack
 * random:3`, all blocks resident or one at a time.
 * s23-smem's bar_sweep (the visits a barrier's hop runs itself, whose
 * compare with a constant takes no lane and skips to the barrier): a
 * reduction over blocks of any width (9 warps, 3, a partial one, one: the
 * upper half's length, not a power of two), rounds of constants some warps
 * pass whole, some in part, some not at all (a round none passes, one all
 * do), a __syncthreads_count() after such a skip (declined: its result),
 * clock64() after the rounds; the same as with WS_NO_BARSWEEP's option.
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
	"__global__ void lane0(const int *in, int *total, long long *clk, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tint v = i < n ? in[i] * 3 + 1 : 0;\n"
	"\tif ((threadIdx.x & 31) == 0) {\n"
	"\t\tatomicAdd(total, v);\n"
	"\t\tracy = racy * 3 + (int)blockIdx.x;\n"
	"\t\tclk[i / 32] = clock64();\n"
	"\t}\n"
	"}\n"
	"__global__ void hist(const unsigned char *data, int n, unsigned *bins)\n"
	"{\n"
	"\t__shared__ unsigned local[256];\n"
	"\tlocal[threadIdx.x] = 0;\n"
	"\t__syncthreads();\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tatomicAdd(&local[data[i] % blockDim.x], 1u);\n"
	"\t__syncthreads();\n"
	"\tif (local[threadIdx.x])\n"
	"\t\tatomicAdd(&bins[threadIdx.x], local[threadIdx.x]);\n"
	"}\n"
	"__global__ void red(const int *in, int *part, int n)\n"
	"{\n"
	"\t__shared__ int s[256];\n"
	"\tunsigned t = threadIdx.x;\n"
	"\tunsigned i = blockIdx.x * blockDim.x + t;\n"
	"\ts[t] = i < n ? in[i] : 0;\n"
	"\t__syncthreads();\n"
	"\tfor (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {\n"
	"\t\tif (t < k)\n"
	"\t\t\ts[t] += s[t + k];\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tif (t == 0)\n"
	"\t\tpart[blockIdx.x] = s[0] + racy;\n"
	"}\n"
	"__global__ void nest(int *out, int n)\n"
	"{\n"
	"\tint t = threadIdx.x, i = blockIdx.x * blockDim.x + t;\n"
	"\tif (i >= n)\n"
	"\t\treturn;\n"
	"\tint v = t;\n"
	"\tif (t & 1) {\n"
	"\t\tv += 3;\n"
	"\t\tif (t & 2)\n"
	"\t\t\tv *= 5;\n"
	"\t}\n"
	"\tif ((t & 31) < 3)\n"
	"\t\tatomicAdd(&out[0], v);\n"
	"\tout[i + 1] = v;\n"
	"}\n"
	"__global__ void np2(const int *in, int *part, long long *clk, int n)\n"
	"{\n"
	"\t__shared__ int s[320];\n"
	"\tunsigned t = threadIdx.x, u = t ^ 31;\n"
	"\tunsigned i = blockIdx.x * blockDim.x + t;\n"
	"\ts[t] = i < n ? in[i] : 0;\n"
	"\t__syncthreads();\n"
	"\tfor (unsigned m = blockDim.x; m > 1;) {\n"
	"\t\tunsigned h = (m + 1) / 2;\n"
	"\t\tif (t < m - h)\n"
	"\t\t\ts[t] += s[t + h];\n"
	"\t\t__syncthreads();\n"
	"\t\tm = h;\n"
	"\t}\n"
	"\tint v = s[0];\n"
	"\t__syncthreads();\n"
	"\tconst unsigned ks[6] = { 300, 65, 64, 0, 33, 7 };\n"
	"#pragma unroll\n"
	"\tfor (int r = 0; r < 6; r++) {\n"
	"\t\tif (t < ks[r])\n"
	"\t\t\ts[t] += r + 1;\n"
	"\t\t__syncthreads();\n"
	"\t}\n"
	"\tif (u < 8)\n"
	"\t\ts[t] += 5;\n"
	"\t__syncthreads();\n"
	"\tint p = s[t] > 2;\n"
	"\tif (t < 40)\n"
	"\t\ts[t] *= 3;\n"
	"\tint c = __syncthreads_count(p);\n"
	"\tif (t % 32 == 0)\n"
	"\t\tclk[blockIdx.x * 10 + t / 32] = clock64();\n"
	"\tif (t == 0)\n"
	"\t\tpart[blockIdx.x] = v * 1000 + c * 7 + s[0] + s[blockDim.x - 1];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 2400;\n"
	"\tstatic int h[n], part[36], o[n + 1];\n"
	"\tstatic unsigned char d[n];\n"
	"\tstatic unsigned bins[256];\n"
	"\tstatic long long c[n / 32 + 1];\n"
	"\tint *din, *dp, *dt, *dout;\n"
	"\tunsigned char *dd;\n"
	"\tunsigned *db;\n"
	"\tlong long *dc;\n"
	"\tfor (int i = 0; i < n; i++) {\n"
	"\t\th[i] = (i * 7) % 101 - 50;\n"
	"\t\td[i] = (unsigned char)((i * 37 + i / 7) % 180);\n"
	"\t}\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dp, sizeof part);\n"
	"\tcudaMalloc(&dt, sizeof(int));\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dd, sizeof d);\n"
	"\tcudaMalloc(&db, sizeof bins);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tcudaMemcpy(dd, d, sizeof d, cudaMemcpyHostToDevice);\n"
	"\tcudaMemset(dp, 0, sizeof part);\n"
	"\tcudaMemset(dt, 0, sizeof(int));\n"
	"\tcudaMemset(dout, 0, sizeof o);\n"
	"\tcudaMemset(db, 0, sizeof bins);\n"
	"\tlane0<<<12, 80>>>(din, dt, dc, 12 * 80 - 5);\n"
	"\tlane0<<<7, 32>>>(din, dt, dc, 7 * 32);\n"
	"\thist<<<6, 224>>>(dd, 6 * 224 - 9, db);\n"
	"\thist<<<4, 256>>>(dd, 4 * 256, db);\n"
	"\tred<<<5, 200>>>(din, dp, 1000);\n"
	"\tred<<<9, 256>>>(din, dp + 5, n);\n"
	"\tred<<<4, 224>>>(din, dp + 14, 4 * 224 - 30);\n"
	"\tred<<<3, 32>>>(din, dp + 18, 90);\n"
	"\tnp2<<<3, 288>>>(din, dp + 21, dc, 3 * 288 - 50);\n"
	"\tnp2<<<4, 96>>>(din, dp + 24, dc + 5, n);\n"
	"\tnp2<<<5, 40>>>(din, dp + 28, dc + 9, 190);\n"
	"\tnp2<<<3, 32>>>(din, dp + 33, dc + 3, 90);\n"
	"\tnest<<<5, 96>>>(dout, 5 * 96 - 40);\n"
	"\tint tot;\n"
	"\tcudaMemcpy(&tot, dt, sizeof tot, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(part, dp, sizeof part, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(bins, db, sizeof bins, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long p = 0, s = 0, b = 0, cs = 0;\n"
	"\tfor (int k = 0; k < 36; k++)\n"
	"\t\tp = p * 31 + part[k];\n"
	"\tfor (int k = 0; k <= n; k++)\n"
	"\t\ts = s * 17 + o[k];\n"
	"\tfor (int k = 0; k < 256; k++)\n"
	"\t\tb = b * 13 + bins[k];\n"
	"\tfor (int k = 0; k < n / 32; k++)\n"
	"\t\tcs = cs * 7 + c[k];\n"
	"\tprintf(\"total %d parts %lld nest %lld bins %lld clocks %lld \\n\", tot, p, s, b, cs);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* off: 1, neither hop (the options WS_NO_EXITHOP and WS_NO_PAIRHOP set);
 * 2, all but the visits past a block's waiting warps (WS_NO_PASTHOP:
 * s20-bar's pair_hop_past and chain_other's chain for them); 3, all but
 * the visits a barrier's hop runs itself (WS_NO_BARSWEEP: s23-smem's
 * bar_sweep); one: a device of one SM holding one block at a time */
static struct machine *start(const struct unit_cfg *c, int fast, int one, int off, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	o.no_exit_hop = off == 1;
	o.no_pair_hop = off == 1;
	o.no_past_hop = off == 2;
	o.no_bar_sweep = off == 3;
	if (one) {
		o.num_sms = 1;
		o.max_blocks_per_sm = 1;
	}
	struct machine *m = machine_new(comp.mod, &o);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static void test_whole(const struct unit_cfg *c, int fast, int one, int base)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	char what[128];
	snprintf(what, sizeof what, "%s, %s, %s, %s version", c->name, fast ? "--fast" : "checked",
		 one ? "one block resident" : "all resident", base ? "the baseline" : "the best");
	interp_fast_baseline(base);
	for (int k = 0; k < 2; k++) {
		m[k] = start(c, fast, one, k, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	interp_fast_baseline(0);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strstr(a, "total "), "%s: the same output with the hops and without (%.*s)",
	   what, a ? (int)strcspn(a, "\n") : 0, a ? a : "");
	free(a);
	free(b);
	/* round robin: the hops taken with them on, none off; pair_pick's
	 * count the same (pair_hop counts the visits it begins as chain_other
	 * would); random: no chain, no hop */
	int rr = c->sched == SCHED_RR;
	uint64_t r0 = m[0]->dev.nrethop, p0 = m[0]->dev.npairhop;
	ok(m[0]->dev.npair == m[1]->dev.npair && m[1]->dev.nrethop == 0 && m[1]->dev.npairhop == 0 &&
	   (rr ? r0 > 0 && (c->simt == SIMT_ITS ? p0 == 0 : p0 > 0) : r0 == 0 && p0 == 0),
	   "%s: %llu exits and %llu settles went on in line; pair_pick's visits %llu and %llu", what,
	   (unsigned long long)r0, (unsigned long long)p0, (unsigned long long)m[0]->dev.npair,
	   (unsigned long long)m[1]->dev.npair);
	unit_same_end(m, o, what);
}

/* the hops a machine took so far */
static size_t hops(const struct machine *m)
{
	return (size_t)(m->dev.nrethop + m->dev.npairhop);
}

/* those past a block's waiting warps (pair_hop_past) */
static size_t past_hops(const struct machine *m)
{
	return (size_t)m->dev.npasthop;
}

/* the visits run in a barrier's hop (bar_sweep) */
static size_t sweeps(const struct machine *m)
{
	return (size_t)m->dev.nsweep;
}

/* a hop test_hop compares with and without: start's off for the machine
 * without it, its count, its name, and where the machine with it takes
 * some (one: one block resident; base: the baseline version) */
struct hopk {
	int off;
	size_t (*count)(const struct machine *);
	const char *name;
	int (*want)(const struct unit_cfg *c, int one, int base);
};

/* pair_hop_past: under the round robin and the stack where several blocks
 * are resident (with one, the next such visit is the same warp's:
 * declined) */
static int want_past(const struct unit_cfg *c, int one, int base)
{
	return c->sched == SCHED_RR && c->simt == SIMT_STACK && !one;
}

/* bar_sweep: in a chain (the round robin), in the AVX2 and AVX-512
 * versions (F_CBR_LTK's) */
static int want_sweep(const struct unit_cfg *c, int one, int base)
{
	return c->sched == SCHED_RR && !base;
}

static const struct hopk past = { 2, past_hops, "the hops past waiting warps", want_past };
static const struct hopk sweep = { 3, sweeps, "the visits run in barriers' hops", want_sweep };

/* s20-bar: the machine with every hop and one without the visits past a
 * block's waiting warps (reduce_smem's warp 0 split in its last rounds,
 * blocks of 7 and 8 warps, one of a partial last warp; blocks of one
 * warp, where none is past); s23-smem: one without the visits a barrier's
 * hop runs: the same output, steps and exit status, the same count of
 * pair_pick_past's visits (pair_hop_past counts those it begins as
 * chain_other would), the hops taken where want says, none without */
static void test_hop(const struct hopk *hk, const struct unit_cfg *c, int fast, int one, int base)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	char what[128];
	snprintf(what, sizeof what, "%s, %s, %s, %s version", c->name, fast ? "--fast" : "checked",
		 one ? "one block resident" : "all resident", base ? "the baseline" : "the best");
	interp_fast_baseline(base);
	for (int k = 0; k < 2; k++) {
		m[k] = start(c, fast, one, k ? hk->off : 0, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	interp_fast_baseline(0);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strstr(a, "total "), "%s: the same output with %s and without", what,
	   hk->name);
	free(a);
	free(b);
	size_t p0 = hk->count(m[0]);
	int want = hk->want(c, one, base);
	ok(m[0]->dev.npast == m[1]->dev.npast && hk->count(m[1]) == 0 && (want ? p0 > 0 : p0 == 0),
	   "%s: %zu of %s; pair_pick_past's visits %llu and %llu", what, p0, hk->name,
	   (unsigned long long)m[0]->dev.npast, (unsigned long long)m[1]->dev.npast);
	unit_same_end(m, o, what);
}

/* unit_state and the round robin's place (pair_hop_past moves it as
 * chain_other would: every field of it the same at every stop) */
static uint64_t state_rr(struct machine *m)
{
	const struct grid *gr = m->dev.grid;
	uint64_t h = unit_state(m, 1);
	if (gr)
		h = h * 1000003u + (uint64_t)(uint32_t)gr->rr * 131u + gr->rr_idx * 31u + (uint64_t)gr->rr_s * 7u +
		    gr->rr_wi;
	return h;
}

/* test_stops for the hops past waiting warps, or the visits run in
 * barriers' hops (the machine without them has every other hop),
 * unit_stops' runs with the round robin's place in each record */
static void test_hop_stops(const struct hopk *hk, const struct unit_cfg *c, int one)
{
	static uint64_t tr[2][60000];
	size_t n[2] = { 0, 0 }, seen[2] = { 0, 0 };
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(c, 1, one, k ? hk->off : 0, o[k]);
		for (int len = 1; machine_get_status(m) == MST_RUNNING && n[k] + 100 < 60000; len = len % 60 + 1) {
			machine_run(m, (uint64_t)len);
			tr[k][n[k]++] = state_rr(m);
			for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
				machine_step(m);
				tr[k][n[k]++] = state_rr(m);
			}
			seen[k] += hk->count(m);
		}
		machine_free(m);
	}
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same && !seen[1] && (!hk->want(c, one, 0) || seen[0]),
	   "%s, %s: %zu stops find the same groups, tokens and arrivals with %s and without (first "
	   "differing: %zu; hops %zu)",
	   c->name, one ? "one block resident" : "all resident", n[0], hk->name, at, seen[0]);
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups,
 * tokens and barrier arrivals at every stop (the hops taken inside the
 * short runs too, under the round robin) */
static void test_stops(const struct unit_cfg *c, int one)
{
	static uint64_t tr[2][60000];
	size_t n[2], seen[2] = { 0, 0 };
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(c, 1, one, k, o[k]);
		n[k] = unit_stops(m, 1, tr[k], 60000, hops, &seen[k]);
		machine_free(m);
	}
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same && !seen[1] && (c->sched != SCHED_RR || seen[0]),
	   "%s, %s: %zu stops of short runs and single steps find the same groups, tokens and arrivals "
	   "with the hops and without (first differing: %zu; hops %zu)",
	   c->name, one ? "one block resident" : "all resident", n[0], at, seen[0]);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		for (int one = 0; one < 2; one++) {
			for (int fast = 0; fast < 2; fast++)
				for (int base = 0; base < 2; base++)
					test_whole(&cfgs[i], fast, one, base);
			test_stops(&cfgs[i], one);
			for (int fast = 0; fast < 2; fast++)
				for (int base = 0; base < 2; base++) {
					test_hop(&past, &cfgs[i], fast, one, base);
					test_hop(&sweep, &cfgs[i], fast, one, base);
				}
			test_hop_stops(&past, &cfgs[i], one);
			test_hop_stops(&sweep, &cfgs[i], one);
		}
	compilation_release(&comp);
	return tap_end();
}
