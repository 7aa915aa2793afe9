/*
 * unit_warpcost.c - TAP tests of what a warp costs from its start to its
 * exit (docs/PERFORMANCE.md, s17-warp):
 * - chain_other's pair_pick: the visit of a warp that split in two at its
 *   last visit (an `if` without `else`: lane 0's atomic) takes the current
 *   group without the round robin's search. The visits it makes are
 *   counted (m->dev.npair: none without the shortcut), and a machine with
 *   an EV_INSN observer (no chain, no fast path) holds the same groups and
 *   tokens at every stop of short runs and gives the same output, steps and
 *   exit status, under both --simt policies, round robin and random;
 * - warp_start's parameter rows (param_rows): scalars of every size and
 *   aggregates passed by value between them, in warps that start on frames
 *   other warps left (`run`'s stash: a kernel that writes its parameters,
 *   then one of another kernel with as many rows) read their launch's
 *   values;
 * - the fast path's shuffles (shfl_avx2 in the AVX2 and AVX-512 versions,
 *   fast_shfl in the baseline one, both run here: interp_fast_baseline):
 *   32-bit values at the wrap edges (INT_MAX + 1, INT_MIN - 1, UINT_MAX +
 *   1), negative ones, every offset up and down, with a width, from the
 *   frame's first and last rows (the rows either side), against the
 *   values the host computes;
 * - F_SHFL_ADD, a shuffle and the integer add that reads its result in one
 *   dispatch: up, down and xor, s32, u32 and 64-bit, widths 32 to 1, the
 *   shuffled row dead after the add or read again, give the values and
 *   steps of the two instructions run apart (WS_NO_SUPER=1), in the best
 *   version and the baseline one, and the checked run's values;
 * - F_SHFL_RED, a run of CONSTs and shuffle-adds (a reduction's unrolled
 *   loop: down, up and xor of int and unsigned, two runs back to back, a
 *   partial warp, lane 0's atomic) in one dispatch: at every stop of short
 *   runs and single steps the same groups, tokens, steps and register rows
 *   as with WS_NO_SHFLRED=1, under both --simt policies and a random
 *   schedule, in the best version and the baseline one, and runs made.
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

/* lane 0 of each warp adds to a global total (reduce_shfl's last lines),
 * others exit at the reconvergence point; a block of 80 threads has a
 * partial last warp; a second kernel splits at an if with an else */
static const char pair_prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void red(const int *in, int *total, long long *clk, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * 80 + threadIdx.x;\n"
	"\tint v = i < n ? in[i] : 0;\n"
	"\tfor (int off = 16; off > 0; off >>= 1)\n"
	"\t\tv += __shfl_down_sync(0xffffffffu, v, off);\n"
	"\tif ((threadIdx.x & 31) == 0) {\n"
	"\t\tatomicAdd(total, v);\n"
	"\t\tracy = racy * 3 + (int)blockIdx.x;\n"
	"\t\tclk[i / 32] = clock64();\n"
	"\t}\n"
	"}\n"
	"__global__ void both(int *out)\n"
	"{\n"
	"\tint t = blockIdx.x * 80 + threadIdx.x, v;\n"
	"\tif (t & 4)\n"
	"\t\tv = t * 7;\n"
	"\telse\n"
	"\t\tv = t + 100;\n"
	"\tout[t] = v + racy;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 12 * 80;\n"
	"\tstatic int h[n], o[n];\n"
	"\tstatic long long c[n / 32 + 1];\n"
	"\tint *din, *dt, *dout;\n"
	"\tlong long *dc;\n"
	"\tlong long want = 0;\n"
	"\tfor (int i = 0; i < n; i++) {\n"
	"\t\th[i] = (i * 7) % 101 - 50;\n"
	"\t\twant += h[i];\n"
	"\t}\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dt, sizeof(int));\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tcudaMemset(dt, 0, sizeof(int));\n"
	"\tred<<<12, 80>>>(din, dt, dc, n - 5);\n"
	"\tboth<<<12, 80>>>(dout);\n"
	"\tint total = 0;\n"
	"\tcudaMemcpy(&total, dt, sizeof(int), cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long s = 0, cs = 0;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\ts = s * 31 + o[i];\n"
	"\tfor (int i = 0; i < n / 32; i++)\n"
	"\t\tcs = cs * 17 + c[i];\n"
	"\tfor (int i = n - 5; i < n; i++)\n"
	"\t\twant -= h[i];\n"
	"\tprintf(\"total %d %s sum %lld clocks %lld\\n\", total, total == want ? \"ok\" : \"FAIL\", s, cs);\n"
	"\treturn total != want;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* general: an EV_INSN observer, so that no chain and no fast path runs */
static struct machine *start(int general, const struct unit_cfg *c, FILE *out)
{
	return unit_start(&comp, c, 1, general ? 1u << EV_INSN : 0, out);
}

static void test_pair_whole(const struct unit_cfg *c)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	uint64_t picks[2];
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, c, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
		picks[k] = m[k]->dev.npair;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(strcmp(a, b) == 0 && strstr(a, " ok sum "), "%s: the same output with the shortcuts and without (%.*s)",
	   c->name, (int)strcspn(a, "\n"), a);
	/* the round robin's chain: every warp of `red` visits its lane 0
	 * after the split (12 blocks of three warps), not under a random
	 * schedule or an observer */
	int chained = c->sched == SCHED_RR;
	ok(chained ? picks[0] >= 36 && picks[1] == 0 : picks[0] == 0 && picks[1] == 0,
	   "%s: pair_pick found %llu visits (%llu with an observer)", c->name, (unsigned long long)picks[0],
	   (unsigned long long)picks[1]);
	free(a);
	free(b);
	unit_same_end(m, o, c->name);
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups
 * and tokens at every stop */
static void test_pair_stops(const struct unit_cfg *c)
{
	static uint64_t tr[2][12000];
	size_t n[2];
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(k, c, o[k]);
		n[k] = unit_stops(m, 1, tr[k], 12000, NULL, NULL);
		machine_free(m);
	}
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 100, o, &at, NULL);
	ok(same,
	   "%s: %zu stops of short runs and single steps find the same groups and tokens (first differing: %zu)",
	   c->name, n[0], at);
}

/* parameters of every size, an aggregate between scalars, a kernel that
 * writes its parameters (a later warp on its frame reads the launch's
 * values), then a kernel of as many rows with other values */
static const char param_prog[] =
	"#include <cstdio>\n"
	"struct agg { int a; double b; char c; };\n"
	"__global__ void k1(int *out, char ch, agg s, long long big, short sh, double d, unsigned u)\n"
	"{\n"
	"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tlong long v = ch + s.a + (long long)s.b + s.c + big + sh + (long long)d + u;\n"
	"\ts.a += t;\n"
	"\tch = (char)t;\n"
	"\tbig = t * 3;\n"
	"\tsh = (short)-t;\n"
	"\tu = 7u * t;\n"
	"\tout[t] = (int)(v % 1000003) + s.a - t + ch - (char)t + (int)(big - 3 * t) + sh + t + (int)(u - 7u * t);\n"
	"}\n"
	"__global__ void k2(int *out, unsigned u, char ch, agg s, long long big, short sh, double d)\n"
	"{\n"
	"\tint t = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tlong long v = ch + s.a + (long long)s.b + s.c + big + sh + (long long)d + u;\n"
	"\tout[t] = (int)(v % 1000003) + t;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 40 * 64;\n"
	"\tstatic int h[n];\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, sizeof h);\n"
	"\tagg s1 = { -5, 2.5, 9 }, s2 = { 77, -1.0, -3 };\n"
	"\tint bad = 0;\n"
	"\tfor (int r = 0; r < 2; r++) {\n"
	"\t\tk1<<<40, 64>>>(d, (char)-7, s1, 1LL << 40, (short)-300, 12345.75, 4000000000u);\n"
	"\t\tcudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\t\tlong long w1 = -7 + -5 + 2 + 9 + (1LL << 40) - 300 + 12345 + 4000000000LL;\n"
	"\t\tfor (int i = 0; i < n; i++)\n"
	"\t\t\tbad += h[i] != (int)(w1 % 1000003) - 5;\n"
	"\t\tk2<<<40, 64>>>(d, 17u, (char)100, s2, -(1LL << 33), (short)5, -0.5);\n"
	"\t\tcudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\t\tlong long w2 = 100 + 77 - 1 - 3 - (1LL << 33) + 5 + 0 + 17;\n"
	"\t\tfor (int i = 0; i < n; i++)\n"
	"\t\t\tbad += h[i] != (int)(w2 % 1000003) + i;\n"
	"\t}\n"
	"\tprintf(\"params %s %d\\n\", bad ? \"FAIL\" : \"ok\", bad);\n"
	"\treturn bad != 0;\n"
	"}\n";

/* src, as run compiles it (ir_optimize_run), run to its end as `warpstep
 * run` runs it (unobserved: the stash), fast or checked; its output, its
 * last line's newline dropped */
static char *run_unobserved(const char *src, int fast, uint64_t *steps)
{
	struct unit_cfg cfg = { "stack", SIMT_STACK, SCHED_RR, 0 };
	struct machine_opts mo;
	unit_opts(&mo, &cfg, fast, NULL);
	mo.unobserved = 1;
	return unit_run_ir_to_end(src, 1, &mo, 0, NULL, NULL, steps);
}

static void test_params(void)
{
	for (int fast = 1; fast >= 0; fast--) {
		uint64_t steps;
		char *out = run_unobserved(param_prog, fast, &steps);
		ok(out && strcmp(out, "params ok 0") == 0, "%s: every warp's parameters are its launch's (%s)",
		   fast ? "--fast" : "checked", out ? out : "no output");
		free(out);
	}
}

/* shuffles of 32-bit values up and down by every offset, with widths,
 * from the kernel's first parameter-free rows and its last (a lot of live
 * values: the last row in use), each checked on the host */
static const char shfl_prog[] =
	"#include <cstdio>\n"
	"#include <climits>\n"
	"__global__ void k(const int *in, int *out, unsigned *uout, int w)\n"
	"{\n"
	"\tint t = threadIdx.x, lane = t & 31;\n"
	"\tint v = in[blockIdx.x * 32 + lane];\n"
	"\tunsigned u = (unsigned)v * 2654435761u;\n"
	"\tint o = 0;\n"
	"\tunsigned uo = 0;\n"
	"#pragma unroll\n"
	"\tfor (int s = 0; s < 32; s++) {\n"
	"\t\tint a = __shfl_down_sync(0xffffffffu, v, s) + INT_MAX;\n"
	"\t\tint b = __shfl_up_sync(0xffffffffu, v, s) + INT_MIN;\n"
	"\t\tunsigned c = __shfl_down_sync(0xffffffffu, u, s) + 1u;\n"
	"\t\tunsigned d = __shfl_up_sync(0xffffffffu, u, s) - 1u;\n"
	"\t\tint e = __shfl_down_sync(0xffffffffu, v, s, w) - 3;\n"
	"\t\to = o * 31 + a + (b >> 3) + e;\n"
	"\t\tuo = uo * 17u + c + (d >> 2);\n"
	"\t}\n"
	"\tout[blockIdx.x * 32 + lane] = o;\n"
	"\tuout[blockIdx.x * 32 + lane] = uo;\n"
	"}\n"
	"__device__ int gin[32], gout[2][32 * 32], gs[32];\n"
	"/* no parameter: v is the frame's first row (an up shuffle reads the zero\n"
	" * row before it), then its last (a down shuffle's row after it is none) */\n"
	"__global__ void k0()\n"
	"{\n"
	"\tint v = gin[threadIdx.x];\n"
	"\tfor (int s = 0; s < 32; s++)\n"
	"\t\tgout[0][s * 32 + threadIdx.x] = __shfl_up_sync(0xffffffffu, v, gs[s]);\n"
	"}\n"
	"__global__ void k1()\n"
	"{\n"
	"\tint s = gs[threadIdx.x & 0];\n"
	"\tint v = gin[threadIdx.x];\n"
	"\tgout[1][s * 32 + threadIdx.x] = __shfl_down_sync(0xffffffffu, v, s);\n"
	"}\n"
	"static int src(int lane, int s, int up, int width)\n"
	"{\n"
	"\tint base = lane & ~(width - 1), l = lane - base;\n"
	"\tint x = up ? l - s : l + s;\n"
	"\treturn x < 0 || x >= width ? lane : base + x;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int nb = 4, n = nb * 32;\n"
	"\tstatic int h[n], o[n];\n"
	"\tstatic unsigned uo[n];\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\th[i] = i % 5 == 0 ? INT_MIN + i : i % 5 == 1 ? INT_MAX - i : i % 5 == 2 ? -i * 1000 : i % 5 == 3 ? -1 : i;\n"
	"\tint *din, *dout;\n"
	"\tunsigned *duo;\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&duo, sizeof uo);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tint bad = 0;\n"
	"\tfor (int w = 32; w >= 8; w /= 2) {\n"
	"\t\tk<<<nb, 32>>>(din, dout, duo, w);\n"
	"\t\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\t\tcudaMemcpy(uo, duo, sizeof uo, cudaMemcpyDeviceToHost);\n"
	"\t\tfor (int i = 0; i < n; i++) {\n"
	"\t\t\tint lane = i & 31, blk = i - lane, wo = 0;\n"
	"\t\t\tunsigned wu = 0;\n"
	"\t\t\tfor (int s = 0; s < 32; s++) {\n"
	"\t\t\t\tint a = (int)((unsigned)h[blk + src(lane, s, 0, 32)] + (unsigned)INT_MAX);\n"
	"\t\t\t\tint b = (int)((unsigned)h[blk + src(lane, s, 1, 32)] + (unsigned)INT_MIN);\n"
	"\t\t\t\tunsigned c = (unsigned)h[blk + src(lane, s, 0, 32)] * 2654435761u + 1u;\n"
	"\t\t\t\tunsigned d = (unsigned)h[blk + src(lane, s, 1, 32)] * 2654435761u - 1u;\n"
	"\t\t\t\tint e = (int)((unsigned)h[blk + src(lane, s, 0, w)] - 3u);\n"
	"\t\t\t\two = (int)((unsigned)wo * 31u + (unsigned)a + (unsigned)(b >> 3) + (unsigned)e);\n"
	"\t\t\t\twu = wu * 17u + c + (d >> 2);\n"
	"\t\t\t}\n"
	"\t\t\tbad += o[i] != wo || uo[i] != wu;\n"
	"\t\t}\n"
	"\t}\n"
	"\tint hin[32], hs[32];\n"
	"\tstatic int hout[2][32 * 32];\n"
	"\tfor (int i = 0; i < 32; i++) {\n"
	"\t\thin[i] = i & 1 ? INT_MIN + i : -i;\n"
	"\t\ths[i] = i;\n"
	"\t}\n"
	"\tcudaMemcpyToSymbol(gin, hin, sizeof hin);\n"
	"\tfor (int s = 0; s < 32; s++) {\n"
	"\t\tcudaMemcpyToSymbol(gs, hs + s, sizeof(int));\n"
	"\t\tk1<<<1, 32>>>();\n"
	"\t}\n"
	"\tcudaMemcpyToSymbol(gs, hs, sizeof hs);\n"
	"\tk0<<<1, 32>>>();\n"
	"\tcudaMemcpyFromSymbol(hout, gout, sizeof hout);\n"
	"\tfor (int s = 0; s < 32; s++)\n"
	"\t\tfor (int l = 0; l < 32; l++)\n"
	"\t\t\tbad += hout[0][s * 32 + l] != hin[src(l, s, 1, 32)] || hout[1][s * 32 + l] != hin[src(l, s, 0, 32)];\n"
	"\tprintf(\"shuffles %s %d\\n\", bad ? \"FAIL\" : \"ok\", bad);\n"
	"\treturn bad != 0;\n"
	"}\n";

static void test_shuffles(void)
{
	for (int base = 0; base < 2; base++) {
		interp_fast_baseline(base);
		for (int fast = 1; fast >= 0; fast--) {
			uint64_t steps;
			char *out = run_unobserved(shfl_prog, fast, &steps);
			ok(out && strcmp(out, "shuffles ok 0") == 0,
			   "%s, %s version: 32-bit shuffles up and down by every offset and width, at the wrap "
			   "edges, match the host's (%s)",
			   fast ? "--fast" : "checked", base ? "the baseline" : "the best", out ? out : "no output");
			free(out);
		}
	}
	interp_fast_baseline(0);
}

/* the fused shuffle and add (F_SHFL_ADD): reductions up, down and xor of
 * s32 and u32 at the wrap edges, by offsets and widths from a parameter,
 * the shuffled value dead after the add or read again, the add's other
 * operand the shuffle's source or another row, 64-bit ones; every lane's
 * values printed */
static const char fuse_prog[] =
	"#include <cstdio>\n"
	"#include <climits>\n"
	"__global__ void k(const int *in, long long *out, int s, int w)\n"
	"{\n"
	"\tint l = threadIdx.x;\n"
	"\tint v = in[l], x = v ^ 0x5a5a5a5a;\n"
	"\tunsigned u = (unsigned)v * 2654435761u;\n"
	"\tlong long q = (long long)v << 31;\n"
	"\tfor (int off = 16; off > 0; off >>= 1)\n"
	"\t\tv += __shfl_down_sync(0xffffffffu, v, off);\n"
	"\tfor (int off = 1; off < 32; off <<= 1)\n"
	"\t\tu += __shfl_up_sync(0xffffffffu, u, off);\n"
	"\tint t = __shfl_down_sync(0xffffffffu, x, s, w);\n"
	"\tint a = t + v;\n"
	"\tunsigned t2 = __shfl_up_sync(0xffffffffu, u, s, w);\n"
	"\tunsigned b = u + t2;\n"
	"\tint t3 = __shfl_xor_sync(0xffffffffu, v, s, w);\n"
	"\tint c = x + t3;\n"
	"\tq += __shfl_down_sync(0xffffffffu, q, s, w);\n"
	"\tint d = x;\n"
	"\td += __shfl_up_sync(0xffffffffu, d, s);\n"
	"\tout[l] = v ^ ((long long)u << 32);\n"
	"\tout[32 + l] = a ^ ((long long)b << 32);\n"
	"\tout[64 + l] = (t ^ c) + ((long long)t2 << 32) + t3;\n"
	"\tout[96 + l] = q ^ d;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tstatic int h[32];\n"
	"\tstatic long long o[128];\n"
	"\tfor (int i = 0; i < 32; i++)\n"
	"\t\th[i] = i % 4 == 0 ? INT_MAX - i : i % 4 == 1 ? INT_MIN + i : i % 4 == 2 ? -i * 977 : i;\n"
	"\tint *din;\n"
	"\tlong long *dout;\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tunsigned long long sum = 0;\n"
	"\tfor (int w = 32; w >= 1; w /= 2)\n"
	"\t\tfor (int s = 0; s < 33; s += 3) {\n"
	"\t\t\tk<<<1, 32>>>(din, dout, s, w);\n"
	"\t\t\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\t\t\tfor (int i = 0; i < 128; i++)\n"
	"\t\t\t\tsum = sum * 1000003ull + (unsigned long long)o[i];\n"
	"\t\t}\n"
	"\tprintf(\"fused %llu\\n\", sum);\n"
	"\treturn 0;\n"
	"}\n";

/* F_SHFL_ADD against its two instructions run apart (WS_NO_SUPER=1), in
 * the best version and the baseline one, and against the checked run: the
 * same output and steps */
static void test_fused(void)
{
	uint64_t want_steps = 0;
	char *want = NULL;
	for (int base = 0; base < 2; base++) {
		interp_fast_baseline(base);
		for (int sup = 1; sup >= 0; sup--) {
			if (!sup)
				setenv("WS_NO_SUPER", "1", 1);
			uint64_t steps;
			char *out = run_unobserved(fuse_prog, 1, &steps);
			unsetenv("WS_NO_SUPER");
			if (!want) {
				want = out;
				want_steps = steps;
				ok(out && strncmp(out, "fused ", 6) == 0, "the fused shuffles run (%s)", out ? out : "no output");
				continue;
			}
			ok(out && strcmp(out, want) == 0 && steps == want_steps,
			   "%s version, %s: the shuffle-and-add pairs give the same values and steps (%s, %llu steps)",
			   base ? "the baseline" : "the best", sup ? "fused" : "WS_NO_SUPER=1", out ? out : "no output",
			   (unsigned long long)steps);
			free(out);
		}
	}
	interp_fast_baseline(0);
	uint64_t steps;
	char *out = run_unobserved(fuse_prog, 0, &steps);
	ok(out && want && strcmp(out, want) == 0, "checked: the same values (%s)", out ? out : "no output");
	free(out);
	free(want);
}

/* reductions and scans as runs of CONSTs and shuffle-adds (fast_chains):
 * int down, unsigned up (wrapping), int and unsigned xor, two runs on one
 * value back to back, one by a parameter's offset (no run), blocks of 80
 * threads (the last warp partial: F_SHFL_RED declines), lane 0's atomic */
static const char chain_prog[] =
	"#include <cstdio>\n"
	"__global__ void red(const int *in, int *out, int *total, int s)\n"
	"{\n"
	"\tint i = blockIdx.x * 80 + threadIdx.x;\n"
	"\tint v = in[i], a = v, x = v ^ 0x5a5a5a;\n"
	"\tunsigned u = (unsigned)v * 2654435761u, y = (unsigned)v + 0x80000000u;\n"
	"\tfor (int off = 16; off > 0; off >>= 1)\n"
	"\t\ta += __shfl_down_sync(0xffffffffu, a, off);\n"
	"\tfor (int off = 1; off < 32; off <<= 1)\n"
	"\t\tu += __shfl_up_sync(0xffffffffu, u, off);\n"
	"\tfor (int off = 1; off < 32; off <<= 1)\n"
	"\t\tx += __shfl_xor_sync(0xffffffffu, x, off);\n"
	"\tfor (int off = 16; off > 0; off >>= 1)\n"
	"\t\ty += __shfl_xor_sync(0xffffffffu, y, off);\n"
	"\tfor (int off = 1; off < 32; off <<= 1)\n"
	"\t\ty += __shfl_up_sync(0xffffffffu, y, off);\n"
	"\tv += __shfl_down_sync(0xffffffffu, v, s);\n"
	"\tv += __shfl_xor_sync(0xffffffffu, v, s);\n"
	"\tout[i] = a ^ (int)u ^ x ^ (int)y ^ v;\n"
	"\tif ((threadIdx.x & 31) == 0)\n"
	"\t\tatomicAdd(total, a);\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 24 * 80;\n"
	"\tstatic int h[n], o[n];\n"
	"\tint *din, *dout, *dt;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\th[i] = i % 3 ? (i * 7919) % 20011 - 10000 : 2147480000 - i;\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dt, sizeof(int));\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tcudaMemset(dt, 0, sizeof(int));\n"
	"\tred<<<24, 80>>>(din, dout, dt, 3);\n"
	"\tint total = 0;\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(&total, dt, sizeof(int), cudaMemcpyDeviceToHost);\n"
	"\tunsigned long long sum = 0;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\tsum = sum * 1000003ull + (unsigned)o[i];\n"
	"\tprintf(\"chain total %d sum %llu\\n\", total, sum);\n"
	"\treturn 0;\n"
	"}\n";

/* unit_state, and every register row of each started warp's groups'
 * frames */
static uint64_t chain_state(const struct machine *m)
{
	uint64_t h = unit_state(m, 1);
	const struct grid *gr = m->dev.grid;
	if (!gr)
		return h;
	for (int s = 0; s < gr->nres; s++) {
		const struct block *b = gr->res[s];
		if (!b)
			continue;
		for (uint32_t i = 0; i < b->nwarps; i++) {
			const struct warp *w = &b->w[i];
			if (b->unstarted >> i & 1)
				continue;
			for (uint32_t j = 0; j < w->ng; j++) {
				const struct frame *fr = w->g[j].fr;
				for (size_t q = 0; fr && q < (size_t)fr->cap * WS_WARP; q++)
					UNIT_MIX(h, fr->r[q]);
			}
		}
	}
	return h;
}

/* unit_stops with chain_state */
static size_t chain_stops(struct machine *m, uint64_t *tr, size_t cap)
{
	size_t n = 0;
	for (int len = 1; machine_get_status(m) == MST_RUNNING && n + 100 < cap; len = len % 60 + 1) {
		machine_run(m, (uint64_t)len);
		tr[n++] = chain_state(m);
		for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
			machine_step(m);
			tr[n++] = chain_state(m);
		}
	}
	return n;
}

/* F_SHFL_RED against WS_NO_SHFLRED=1, stop by stop, registers included */
static void test_chain_stops(void)
{
	static uint64_t tr[2][20000];
	struct compilation cc;
	if (unit_compile(&cc, chain_prog)) {
		ok(0, "the chain program compiles");
		return;
	}
	ir_optimize_run(cc.mod, &cc.arena);
	for (int base = 0; base < 2; base++) {
		interp_fast_baseline(base);
		for (size_t c = 0; c < sizeof(cfgs) / sizeof(cfgs[0]); c++) {
			size_t n[2];
			unsigned long made[2];
			FILE *o[2] = { tmpfile(), tmpfile() };
			for (int k = 0; k < 2; k++) {
				if (k)
					setenv("WS_NO_SHFLRED", "1", 1);
				unsigned long before = interp_fast_chains();
				struct machine *m = unit_start(&cc, &cfgs[c], 1, 0, o[k]);
				n[k] = chain_stops(m, tr[k], 20000);
				while (machine_run(m, 0) == MST_RUNNING)
					;
				made[k] = interp_fast_chains() - before;
				machine_free(m);
				unsetenv("WS_NO_SHFLRED");
			}
			size_t at;
			char *a;
			int same = unit_stops_same(tr[0], tr[1], n, 150, o, &at, &a);
			ok(same && strncmp(a, "chain total ", 12) == 0 && made[0] >= 5 && made[1] == 0,
			   "%s version, %s: %zu stops with runs of shuffle-adds (%lu made) and without find the same "
			   "groups, tokens, steps and rows (first differing: %zu; %.*s)",
			   base ? "the baseline" : "the best", cfgs[c].name, n[0], made[0], at, (int)strcspn(a, "\n"), a);
			free(a);
		}
	}
	interp_fast_baseline(0);
	compilation_release(&cc);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, pair_prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		test_pair_whole(&cfgs[i]);
		test_pair_stops(&cfgs[i]);
	}
	compilation_release(&comp);
	test_params();
	test_shuffles();
	test_fused();
	test_chain_stops();
	return tap_end();
}
