/*
 * unit_divbar.c - TAP tests of the eighteenth session's cuts to barrier
 * phases and a diverged warp (docs/PERFORMANCE.md, s18-bar):
 * - chain_other's pair_pick_past: the visit of a warp split at `t < k`
 *   (reduce_smem's warp 0 in its last rounds), reached past the warps of
 *   the block before that wait at its barrier whole, takes the current
 *   group without the round robin's search. Its visits are counted
 *   (m->dev.npast: none without the shortcut), and a machine with an
 *   EV_INSN observer (no chain, no fast path) holds the same groups,
 *   tokens and barrier arrivals at every stop of short runs and gives the
 *   same output, steps and exit status, under both --simt policies, round
 *   robin and random, with many blocks resident and with one (the place
 *   past the waiting warps is then the same block's warp 0 again). The
 *   program's blocks are partial (200 and 96 threads), and in one kernel
 *   lanes of the diverged group exit inside the branch;
 * - the diverged group's loads and stores of one run of words (run_load,
 *   run_store), the same runs;
 * - compares of s32 and u32 values with constants (F_CBR's cmp_row_k_avx2
 *   in the AVX2 and AVX-512 versions, cmp_mask in the baseline one, both
 *   run here: interp_fast_baseline): every relation at the wrap edges,
 *   against the host's answers.
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

/* a reduction of partial blocks (200 threads: the last warp of 8 lanes),
 * its last rounds split warp 0 at `t < stride`; a second kernel whose
 * diverged lanes 4 and 5 leave inside the branch (96 threads) */
static const char div_prog[] =
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
	"\tif (t == 0)\n"
	"\t\tout[blockIdx.x] = s[0] + racy;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int nb = 9, n = nb * 200;\n"
	"\tstatic int h[n], part[nb], o[nb];\n"
	"\tstatic long long c[nb];\n"
	"\tint *din, *dp, *dout;\n"
	"\tlong long *dc;\n"
	"\tlong long want = 0;\n"
	"\tfor (int i = 0; i < n; i++) {\n"
	"\t\th[i] = (i * 7) % 101 - 50;\n"
	"\t\tif (i < n - 13)\n"
	"\t\t\twant += h[i];\n"
	"\t}\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dp, sizeof part);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tred<<<nb, 200>>>(din, dp, dc, n - 13);\n"
	"\tleave<<<nb, 96>>>(dout);\n"
	"\tcudaMemcpy(part, dp, sizeof part, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, s = 0, cs = 0;\n"
	"\tfor (int b = 0; b < nb; b++) {\n"
	"\t\tsum += part[b];\n"
	"\t\ts = s * 31 + o[b];\n"
	"\t\tcs = cs * 17 + c[b];\n"
	"\t}\n"
	"\tprintf(\"sum %lld %s leave %lld clocks %lld\\n\", sum, sum == want ? \"ok\" : \"FAIL\", s, cs);\n"
	"\treturn sum != want;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* general: an EV_INSN observer, so that no chain and no fast path runs;
 * one: a device of one SM holding one block at a time */
static struct machine *start(int general, const struct unit_cfg *c, int one, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, 1, out);
	if (one) {
		o.num_sms = 1;
		o.max_blocks_per_sm = 1;
	}
	struct machine *m = machine_new(comp.mod, &o);
	if (general)
		machine_observe(m, 1u << EV_INSN, unit_no_op, NULL);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static void test_whole(const struct unit_cfg *c, int one)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	uint64_t past[2];
	char what[64];
	snprintf(what, sizeof what, "%s, %s", c->name, one ? "one block resident" : "all resident");
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, c, one, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
		past[k] = m[k]->dev.npast;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(strcmp(a, b) == 0 && strstr(a, " ok leave "), "%s: the same output with the shortcuts and without (%.*s)",
	   what, (int)strcspn(a, "\n"), a);
	/* the round robin's chain: warp 0 of each block, split in the last
	 * rounds of both kernels, is reached past the waiting warps of the
	 * block before it (or, alone on the device, of its own) */
	int chained = c->sched == SCHED_RR;
	ok(chained ? past[0] >= 9 && past[1] == 0 : past[0] == 0 && past[1] == 0,
	   "%s: pair_pick_past found %llu visits (%llu with an observer)", what, (unsigned long long)past[0],
	   (unsigned long long)past[1]);
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
		struct machine *m = start(k, c, one, o[k]);
		n[k] = unit_stops(m, 1, tr[k], 40000, NULL, NULL);
		machine_free(m);
	}
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same,
	   "%s, %s: %zu stops of short runs and single steps find the same groups, tokens and arrivals "
	   "(first differing: %zu)",
	   c->name, one ? "one block resident" : "all resident", n[0], at);
}

/* every relation of s32 and u32 values with constants, at the wrap edges
 * and either side of each constant: each `if` a branch (its atomic), the
 * lanes that took it counted and marked, checked on the host */
static const char cmp_prog[] =
	"#include <cstdio>\n"
	"#include <climits>\n"
	"#define NC 14\n"
	"__global__ void k(const int *in, int *out, int *cnt)\n"
	"{\n"
	"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tint x = in[t];\n"
	"\tunsigned u = (unsigned)x;\n"
	"\tint r = 0;\n"
	"\tif (x < -5) { atomicAdd(&cnt[0], 1); r |= 1 << 0; }\n"
	"\tif (x >= 7) { atomicAdd(&cnt[1], 1); r |= 1 << 1; }\n"
	"\tif (x == 0) { atomicAdd(&cnt[2], 1); r |= 1 << 2; }\n"
	"\tif (x != INT_MIN) { atomicAdd(&cnt[3], 1); r |= 1 << 3; }\n"
	"\tif (x > INT_MAX - 3) { atomicAdd(&cnt[4], 1); r |= 1 << 4; }\n"
	"\tif (x <= INT_MIN + 1) { atomicAdd(&cnt[5], 1); r |= 1 << 5; }\n"
	"\tif (u > 0x80000000u) { atomicAdd(&cnt[6], 1); r |= 1 << 6; }\n"
	"\tif (u <= 0x7fffffffu) { atomicAdd(&cnt[7], 1); r |= 1 << 7; }\n"
	"\tif (u < 7u) { atomicAdd(&cnt[8], 1); r |= 1 << 8; }\n"
	"\tif (u >= 0xfffffffau) { atomicAdd(&cnt[9], 1); r |= 1 << 9; }\n"
	"\tif (u == 0xffffffffu) { atomicAdd(&cnt[10], 1); r |= 1 << 10; }\n"
	"\tif (u != 5u) { atomicAdd(&cnt[11], 1); r |= 1 << 11; }\n"
	"\tif (x > -1) { atomicAdd(&cnt[12], 1); r |= 1 << 12; }\n"
	"\tif (u < 0x80000001u) { atomicAdd(&cnt[13], 1); r |= 1 << 13; }\n"
	"\tout[t] = r;\n"
	"}\n"
	"static int want(int x, int *c)\n"
	"{\n"
	"\tunsigned u = (unsigned)x;\n"
	"\tint b[NC] = { x < -5, x >= 7, x == 0, x != INT_MIN, x > INT_MAX - 3, x <= INT_MIN + 1,\n"
	"\t\tu > 0x80000000u, u <= 0x7fffffffu, u < 7u, u >= 0xfffffffau, u == 0xffffffffu, u != 5u,\n"
	"\t\tx > -1, u < 0x80000001u };\n"
	"\tint r = 0;\n"
	"\tfor (int j = 0; j < NC; j++) {\n"
	"\t\tr |= b[j] << j;\n"
	"\t\tc[j] += b[j];\n"
	"\t}\n"
	"\treturn r;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 256;\n"
	"\tstatic int h[n], o[n], c[NC], wc[NC];\n"
	"\tconst int edge[] = { INT_MIN, INT_MIN + 1, INT_MIN + 2, -7, -6, -5, -4, -2, -1, 0, 1, 4, 5, 6, 7, 8,\n"
	"\t\tINT_MAX - 3, INT_MAX - 2, INT_MAX - 1, INT_MAX };\n"
	"\tconst int ne = sizeof edge / sizeof edge[0];\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\th[i] = i % 3 ? edge[(i * 7) % ne] : (int)((unsigned)i * 2654435761u);\n"
	"\tint *din, *dout, *dc;\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tcudaMemset(dc, 0, sizeof c);\n"
	"\tk<<<n / 64, 64>>>(din, dout, dc);\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tint bad = 0;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tbad += o[i] != want(h[i], wc);\n"
	"\tfor (int j = 0; j < NC; j++)\n"
	"\t\tbad += c[j] != wc[j];\n"
	"\tprintf(\"compares %s %d\\n\", bad ? \"FAIL\" : \"ok\", bad);\n"
	"\treturn bad != 0;\n"
	"}\n";

static void test_compares(void)
{
	for (int base = 0; base < 2; base++) {
		interp_fast_baseline(base);
		for (int fast = 1; fast >= 0; fast--) {
			struct unit_cfg cfg = { "stack", SIMT_STACK, SCHED_RR, 0 };
			struct machine_opts mo;
			uint64_t steps;
			unit_opts(&mo, &cfg, fast, NULL);
			mo.unobserved = 1;
			char *out = unit_run_ir_to_end(cmp_prog, 1, &mo, 0, NULL, NULL, &steps);
			ok(out && strcmp(out, "compares ok 0") == 0,
			   "%s, %s version: s32 and u32 compares with constants at the wrap edges match the "
			   "host's (%s)",
			   fast ? "--fast" : "checked", base ? "the baseline" : "the best", out ? out : "no output");
			free(out);
		}
	}
	interp_fast_baseline(0);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, div_prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++)
		for (int one = 0; one < 2; one++) {
			test_whole(&cfgs[i], one);
			test_stops(&cfgs[i], one);
		}
	compilation_release(&comp);
	test_compares();
	return tap_end();
}
