/*
 * unit_split1.c - TAP tests of the twenty-second session's split1
 * (interp.c; docs/PERFORMANCE.md, s22-split): at an `if` without `else`
 * whose body is a short straight region (decode.c split1_marks), fast_run
 * splits a warp's one group without the token and the second group that
 * cbr_taken makes, runs the region at the warp's next visit and joins the
 * lanes at its end; pend_split makes cbr_taken's groups wherever anything
 * else looks (a stop of machine_run, the step limit, the general loop, a
 * visit ending inside the region).
 * A machine with split1 (the default) and one without (the option
 * no_split1, WS_NO_SPLIT1=1) give the same output (a racy global written
 * and read across warps, clock64() in the region), steps and exit status,
 * --fast and checked, and hold the same groups, tokens, barrier arrivals
 * and registers at every stop of short runs and single steps; the same
 * step-limit finding for limits that fall inside the regions; split1 ran
 * (m->dev.nsplit1) under the round robin and the stack with it, never
 * without it. Kernels: lane 0's atomic, store and clock64 after a split
 * (blocks of 80 threads: a partial last warp), some lanes' load into a
 * register read after the join, reduce_smem's tree (`t < k`, `t == 0`),
 * nested splits and if/else (declined: not its shape); under `stack`,
 * `its` and `stack random:3`, all blocks resident or one at a time.
 */
#include "front.h"
#include "machine.h"
#include "simt.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"
#include "unit_state.h"

static const char prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void lane0(const int *in, int *total, long long *clk, int *seen, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tint v = i < n ? in[i] * 3 + 1 : 0;\n"
	"\tint r = racy;\n"
	"\tif ((threadIdx.x & 31) == 0) {\n"
	"\t\tatomicAdd(total, v);\n"
	"\t\tracy = racy * 3 + (int)blockIdx.x;\n"
	"\t\tclk[i / 32] = clock64();\n"
	"\t}\n"
	"\tif (threadIdx.x % 3 == 1)\n"
	"\t\tv = in[(i * 7) % n] + racy;\n"
	"\tseen[i] = r * 5 + v;\n"
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
	"\t} else {\n"
	"\t\tv -= racy;\n"
	"\t}\n"
	"\tif ((t & 31) < 3)\n"
	"\t\tatomicAdd(&out[0], v);\n"
	"\tif (v > 100000)\n"
	"\t\tout[1] = v;\n"
	"\tout[i + 2] = v;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 2400;\n"
	"\tstatic int h[n], part[24], o[n + 2], seen[n + 80];\n"
	"\tstatic long long c[n / 32 + 3];\n"
	"\tint *din, *dp, *dt, *dout, *dseen;\n"
	"\tlong long *dc;\n"
	"\tfor (int i = 0; i < n; i++)\n"
	"\t\th[i] = (i * 7) % 101 - 50;\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dp, sizeof part);\n"
	"\tcudaMalloc(&dt, sizeof(int));\n"
	"\tcudaMalloc(&dout, sizeof o);\n"
	"\tcudaMalloc(&dseen, sizeof seen);\n"
	"\tcudaMalloc(&dc, sizeof c);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tcudaMemset(dp, 0, sizeof part);\n"
	"\tcudaMemset(dt, 0, sizeof(int));\n"
	"\tcudaMemset(dout, 0, sizeof o);\n"
	"\tlane0<<<30, 80>>>(din, dt, dc, dseen, n);\n"
	"\tred<<<5, 200>>>(din, dp, 1000);\n"
	"\tred<<<9, 256>>>(din, dp + 5, n);\n"
	"\tred<<<3, 32>>>(din, dp + 14, 90);\n"
	"\tnest<<<5, 96>>>(dout, 5 * 96 - 40);\n"
	"\tint tot;\n"
	"\tcudaMemcpy(&tot, dt, sizeof tot, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(part, dp, sizeof part, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(o, dout, sizeof o, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(seen, dseen, sizeof seen, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, dc, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tlong long p = 0, s = 0, q = 0, cs = 0;\n"
	"\tfor (int k = 0; k < 17; k++)\n"
	"\t\tp = p * 31 + part[k];\n"
	"\tfor (int k = 0; k < n + 2; k++)\n"
	"\t\ts = s * 17 + o[k];\n"
	"\tfor (int k = 0; k < n; k++)\n"
	"\t\tq = q * 13 + seen[k];\n"
	"\tfor (int k = 0; k < n / 32; k++)\n"
	"\t\tcs = cs * 7 + c[k];\n"
	"\tprintf(\"total %d parts %lld nest %lld seen %lld clocks %lld\\n\", tot, p, s, q, cs);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* off: without split1; one: a device of one SM holding one block at a
 * time; limit: the step limit (0: none) */
static struct machine *start(const struct unit_cfg *c, int fast, int one, int off, uint64_t limit, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	o.no_split1 = off;
	o.max_steps = limit;
	if (one) {
		o.num_sms = 1;
		o.max_blocks_per_sm = 1;
	}
	struct machine *m = machine_new(comp.mod, &o);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

/* split1 should run: the round robin under the stack, no checker */
static int wanted(const struct unit_cfg *c, int fast)
{
	return c->sched == SCHED_RR && c->simt == SIMT_STACK && fast;
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
		m[k] = start(c, fast, one, k, 0, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	interp_fast_baseline(0);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strstr(a, "total "), "%s: the same output with split1 and without (%.*s)",
	   what, a ? (int)strcspn(a, "\n") : 0, a ? a : "");
	free(a);
	free(b);
	uint64_t s0 = m[0]->dev.nsplit1;
	ok(m[1]->dev.nsplit1 == 0 && (wanted(c, fast) ? s0 > 0 : s0 == 0), "%s: %llu splits of split1's", what,
	   (unsigned long long)s0);
	unit_same_end(m, o, what);
}

/* unit_state and the registers of every group's lanes */
static uint64_t state_regs(struct machine *m)
{
	uint64_t h = unit_state(m, 1);
	const struct grid *gr = m->dev.grid;
	for (int s = 0; gr && s < gr->nres; s++) {
		const struct block *b = gr->res[s];
		for (uint32_t i = 0; b && i < b->nwarps; i++) {
			const struct warp *w = &b->w[i];
			if (b->unstarted >> i & 1)
				continue;
			for (uint32_t j = 0; j < w->ng; j++) {
				const struct frame *f = w->g[j].fr;
				for (uint32_t r = 0; r < f->cap; r++)
					for (unsigned l = 0; l < WS_WARP; l++)
						if (w->g[j].mask >> l & 1)
							UNIT_MIX(h, f->r[r * WS_WARP + l]);
			}
		}
	}
	return h;
}

/* the splits a machine made so far */
static size_t splits(const struct machine *m)
{
	return (size_t)m->dev.nsplit1;
}

/* runs of 1 .. 60 steps, each followed by a few single steps: the groups,
 * tokens, barrier arrivals and registers at every stop (split1's splits
 * made inside the short runs, their regions cut by the stops) */
static void test_stops(const struct unit_cfg *c, int one)
{
	static uint64_t tr[2][40000];
	size_t n[2] = { 0, 0 }, seen[2] = { 0, 0 };
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(c, 1, one, k, 0, o[k]);
		for (int len = 1; machine_get_status(m) == MST_RUNNING && n[k] + 100 < 40000; len = len % 60 + 1) {
			machine_run(m, (uint64_t)len);
			tr[k][n[k]++] = state_regs(m);
			for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
				machine_step(m);
				tr[k][n[k]++] = state_regs(m);
			}
			seen[k] = splits(m);
		}
		machine_free(m);
	}
	size_t at = unit_first_differing(tr[0], n[0], tr[1], n[1]);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(n[0] == n[1] && at == n[0] && a && b && strcmp(a, b) == 0 && n[0] > 100 && !seen[1] &&
	   (!wanted(c, 1) || seen[0]),
	   "%s, %s: %zu stops of short runs and single steps find the same groups, tokens, arrivals and "
	   "registers with split1 and without (first differing: %zu; splits %zu)",
	   c->name, one ? "one block resident" : "all resident", n[0], at, seen[0]);
	free(a);
	free(b);
	fclose(o[0]);
	fclose(o[1]);
}

/* the step limit at every count from..to (by step; the kernels' run):
 * the same finding (where the threads were: a group's place and lanes),
 * output and status with split1 and without */
static void test_limits(const struct unit_cfg *c, uint64_t from, uint64_t to, uint64_t step)
{
	size_t same = 0, runs = 0, made = 0;
	for (uint64_t lim = from; lim <= to; lim += step, runs++) {
		FILE *o[2] = { tmpfile(), tmpfile() };
		int st[2];
		for (int k = 0; k < 2; k++) {
			struct machine *m = start(c, 1, 0, k, lim, o[k]);
			while (machine_run(m, 0) == MST_RUNNING)
				;
			st[k] = machine_exit_status(m);
			machine_findings_render(m, o[k], 0);
			if (!k)
				made += splits(m) > 0;
			machine_free(m);
		}
		char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
		same += a && b && strcmp(a, b) == 0 && st[0] == st[1] && strstr(a, "was stopped");
		free(a);
		free(b);
		fclose(o[0]);
		fclose(o[1]);
	}
	ok(same == runs && (!wanted(c, 1) || made > 0),
	   "%s: step limits %llu to %llu: %zu of %zu stop with the same finding, output and status with "
	   "split1 and without (%zu with splits)",
	   c->name, (unsigned long long)from, (unsigned long long)to, same, runs, made);
}

/* Ctrl-C (o.sigint) after runs of from..to steps (by step): the next
 * scheduling decision's interrupted finding, which says where every warp
 * was (the visits before it in that call made splits), the same with
 * split1 and without */
static void test_interrupts(const struct unit_cfg *c, uint64_t from, uint64_t to, uint64_t step)
{
	static volatile sig_atomic_t flag;
	size_t same = 0, runs = 0, made = 0;
	for (uint64_t len = from; len <= to; len += step, runs++) {
		FILE *o[2] = { tmpfile(), tmpfile() };
		int st[2];
		for (int k = 0; k < 2; k++) {
			struct machine_opts mo;
			unit_opts(&mo, c, 1, o[k]);
			mo.no_split1 = k;
			mo.sigint = &flag;
			flag = 0;
			struct machine *m = machine_new(comp.mod, &mo);
			char *argv[] = { "p", NULL };
			machine_start(m, 1, argv);
			machine_run(m, len);
			size_t before = splits(m);
			flag = 1;
			while (machine_run(m, 0) == MST_RUNNING)
				;
			if (!k)
				made += splits(m) > before;
			st[k] = machine_exit_status(m);
			machine_findings_render(m, o[k], 0);
			machine_free(m);
		}
		char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
		same += a && b && strcmp(a, b) == 0 && st[0] == st[1] && strstr(a, "interrupted");
		free(a);
		free(b);
		fclose(o[0]);
		fclose(o[1]);
	}
	flag = 0;
	ok(same == runs && (!wanted(c, 1) || made > 0),
	   "%s: interrupts after %llu to %llu steps: %zu of %zu report the same warps, output and status "
	   "with split1 and without (%zu with splits before the report)",
	   c->name, (unsigned long long)from, (unsigned long long)to, same, runs, made);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		for (int one = 0; one < 2; one++) {
			for (int fast = 0; fast < 2; fast++)
				for (int base = 0; base < 2; base++)
					test_whole(&cfgs[i], fast, one, base);
			test_stops(&cfgs[i], one);
		}
		test_limits(&cfgs[i], 18800, 27600, 23);
		test_interrupts(&cfgs[i], 18800, 27600, 61);
	}
	compilation_release(&comp);
	return tap_end();
}
