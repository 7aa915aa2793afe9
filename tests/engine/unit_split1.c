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
 * Checked runs take split1 too (the twenty-third session, s23-chk; not
 * under the option no_split1chk, WS_NO_SPLIT1CHK=1): a checked machine
 * with split1, one without and one under no_split1chk give the same
 * output, findings (kind, line, text, count), steps and status, with every
 * checker and with subsets, and the same state at every stop; a second
 * program's findings fall inside the regions and right after their joins
 * (a shared word no thread wrote, shared and global races, an
 * out-of-bounds read, threads that exit past a barrier the others wait
 * at). A checker of the test's own, listening to accesses and findings,
 * reads the event's warp through check.h's services (its count of groups,
 * each group, the spin span, the hash) at every event: the same sequence
 * with split1 and without, events inside the regions included (the
 * services show the group split1's split stands for: warp_seen_group).
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

/* findings inside split1's regions and right after their joins */
static const char prog2[] =
	"#include <cstdio>\n"
	"__device__ int g;\n"
	"__global__ void sh(int *out)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\tint t = threadIdx.x, i = blockIdx.x * blockDim.x + t;\n"
	"\tif (t < 32)\n"
	"\t\ts[t] = t;\n"
	"\t__syncthreads();\n"
	"\tint v = 0;\n"
	"\tif ((t & 7) == 3)\n"
	"\t\tv = s[(t + 8) & 63];\n"
	"\tout[i] = v;\n"
	"\t__syncthreads();\n"
	"\tif (t % 3 == 1)\n"
	"\t\ts[t & 15] = i;\n"
	"\tout[i] += s[(t + 1) & 31] & 0;\n"
	"}\n"
	"__global__ void gl(const int *in, int *out, int *junk, int n)\n"
	"{\n"
	"\tint t = threadIdx.x, i = blockIdx.x * blockDim.x + t;\n"
	"\tint v = in[i];\n"
	"\tif ((t & 31) == 5)\n"
	"\t\tg = g + v;\n"
	"\tint r = g;\n"
	"\tif (t == 37)\n"
	"\t\tjunk[i] = in[n + t];\n"
	"\tout[i] = v * 2 + (r & 0);\n"
	"}\n"
	"__global__ void ex(int *out)\n"
	"{\n"
	"\tint t = threadIdx.x, v = t;\n"
	"\tif (t % 5 == 2)\n"
	"\t\tv *= out[t];\n"
	"\tif (t >= 64)\n"
	"\t\treturn;\n"
	"\t__syncthreads();\n"
	"\tout[t] = v;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 256;\n"
	"\tint h[n], *din, *dpad, *dout, *dj;\n"
	"\tfor (int j = 0; j < n; j++)\n"
	"\t\th[j] = j * 3 - 100;\n"
	"\tcudaMalloc(&din, sizeof h);\n"
	"\tcudaMalloc(&dpad, sizeof h);\n"
	"\tcudaMemset(dpad, 0, sizeof h);\n"
	"\tcudaMalloc(&dout, sizeof h);\n"
	"\tcudaMalloc(&dj, sizeof h);\n"
	"\tcudaMemcpy(din, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tsh<<<2, 64>>>(dout);\n"
	"\tgl<<<4, 64>>>(din, dout, dj, n);\n"
	"\tex<<<1, 128>>>(dout);\n"
	"\tcudaMemcpy(h, dout, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tunsigned long long s = 0;\n"
	"\tfor (int j = 0; j < n; j++)\n"
	"\t\ts = s * 7 + (unsigned)h[j];\n"
	"\tprintf(\"total %llu\\n\", s);\n"
	"\treturn 0;\n"
	"}\n";

static struct compilation comp, comp2;

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "stack random:3", SIMT_STACK, SCHED_RANDOM, 3 },
};

/* how a machine runs: with split1, without (no_split1), or with it
 * in --fast only (no_split1chk) */
enum { WITH, NO_SPLIT1, NO_SPLIT1CHK };

/* p: the program (comp or comp2); off: enum above; one: a device of one
 * SM holding one block at a time; limit: the step limit (0: none);
 * checks: the checkers (NULL: every one); spy: one more checker (NULL:
 * none) with its state */
static struct machine *start_p(const struct compilation *p, const struct unit_cfg *c, int fast, int one, int off,
			       uint64_t limit, const char *checks, const struct checker *spy, void *self, FILE *out)
{
	struct machine_opts o;
	unit_opts(&o, c, fast, out);
	o.no_split1 = off == NO_SPLIT1;
	o.no_split1chk = off == NO_SPLIT1CHK;
	o.max_steps = limit;
	o.checks = checks;
	if (one) {
		o.num_sms = 1;
		o.max_blocks_per_sm = 1;
	}
	struct machine *m = machine_new(p->mod, &o);
	if (spy)
		machine_add_checker(m, spy, self);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

static struct machine *start(const struct unit_cfg *c, int fast, int one, int off, uint64_t limit, FILE *out)
{
	return start_p(&comp, c, fast, one, off, limit, NULL, NULL, NULL, out);
}

/* split1 should run: the round robin under the stack, in --fast, and
 * checked unless no_split1chk */
static int wanted(const struct unit_cfg *c, int fast, int off)
{
	return c->sched == SCHED_RR && c->simt == SIMT_STACK && (off == WITH || (off == NO_SPLIT1CHK && fast));
}

/* the program p run to its end with split1 and with alt (NO_SPLIT1 or
 * NO_SPLIT1CHK): the same output, findings (kind, line, text, count:
 * rendered after the output), status and steps */
static void test_whole_p(const struct compilation *p, const char *pname, const struct unit_cfg *c, int fast, int one,
			 int base, int alt, const char *checks)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	char what[192];
	snprintf(what, sizeof what, "%s, %s, %s%s%s, %s, %s version, against %s", pname, c->name,
		 fast ? "--fast" : "checked", checks ? " by " : "", checks ? checks : "",
		 one ? "one block resident" : "all resident", base ? "the baseline" : "the best",
		 alt == NO_SPLIT1 ? "no_split1" : "no_split1chk");
	interp_fast_baseline(base);
	for (int k = 0; k < 2; k++) {
		m[k] = start_p(p, c, fast, one, k ? alt : WITH, 0, checks, NULL, NULL, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
		machine_findings_render(m[k], o[k], 0);
	}
	interp_fast_baseline(0);
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(a && b && strcmp(a, b) == 0 && strstr(a, "total ") && (fast || p != &comp2 || strstr(a, "error[")),
	   "%s: the same output and findings with split1 and without (%.*s)", what,
	   a ? (int)strcspn(a, "\n") : 0, a ? a : "");
	free(a);
	free(b);
	uint64_t s0 = m[0]->dev.nsplit1, s1 = m[1]->dev.nsplit1;
	ok((wanted(c, fast, WITH) ? s0 > 0 : s0 == 0) && (wanted(c, fast, alt) ? s1 == s0 : s1 == 0),
	   "%s: %llu splits of split1's, %llu without", what, (unsigned long long)s0, (unsigned long long)s1);
	unit_same_end(m, o, what);
}

static void test_whole(const struct unit_cfg *c, int fast, int one, int base)
{
	test_whole_p(&comp, "lane0", c, fast, one, base, NO_SPLIT1, NULL);
	if (!fast)
		test_whole_p(&comp, "lane0", c, fast, one, base, NO_SPLIT1CHK, NULL);
}

/* the test's own checker: at each access, lane access and finding, what
 * check.h's services show of the event's warp, hashed into a record
 * (split1's splits made inside a region are shown as they would be) */
struct spy {
	uint64_t rec[60000];
	size_t n;
	size_t inside;          /* events of a warp holding split1's split */
};

static void spy_event(void *self, const struct check_event *e)
{
	struct spy *x = self;
	if (!e->w || x->n == sizeof(x->rec) / sizeof(x->rec[0]))
		return;
	uint64_t h = 14695981039346656037u;
	UNIT_MIX(h, e->kind);
	UNIT_MIX(h, e->mask);
	UNIT_MIX(h, e->span.line);
	struct check_warp cw;
	check_warp_info(e->w, &cw);
	UNIT_MIX(h, cw.ngroups);
	UNIT_MIX(h, cw.live);
	UNIT_MIX(h, cw.id);
	for (int j = 0; j < cw.ngroups + 1; j++) {
		struct check_group g;
		if (check_group_get(e->w, j, &g) < 0) {
			UNIT_MIX(h, 7777);
			continue;
		}
		UNIT_MIX(h, g.mask);
		UNIT_MIX(h, g.state);
		UNIT_MIX(h, g.pc);
		UNIT_MIX(h, g.func);
		UNIT_MIX(h, g.span.line);
		UNIT_MIX(h, check_group_spin_span(e->w, j).line);
	}
	int blocked;
	UNIT_MIX(h, check_warp_hash(e->w, &blocked));
	UNIT_MIX(h, blocked);
	UNIT_MIX(h, check_warp_coll_named(e->w));
	x->rec[x->n++] = h;
	x->inside += !e->w->host && e->w->pend != 0;
}

static const struct checker spy_checker = {
	.name = "spy",
	.what = "the services' view of each access's warp",
	.events = CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_LANE) | CEV_BIT(CEV_FINDING),
	.event = spy_event,
};

static void test_seen(const struct compilation *p, const char *pname, const struct unit_cfg *c)
{
	static struct spy x[2];
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		memset(&x[k], 0, sizeof(x[k]));
		m[k] = start_p(p, c, 0, 0, k ? NO_SPLIT1 : WITH, 0, NULL, &spy_checker, &x[k], o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	size_t at = unit_first_differing(x[0].rec, x[0].n, x[1].rec, x[1].n);
	ok(x[0].n == x[1].n && at == x[0].n && x[0].n > 50 && !x[1].inside &&
	   (!wanted(c, 0, WITH) || x[0].inside > 0),
	   "%s, %s, checked: %zu events show the same warp through the checkers' services with split1 and "
	   "without (first differing: %zu; %zu inside split1's regions)",
	   pname, c->name, x[0].n, at, x[0].inside);
	unit_free_pair(m, o);
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
static void test_stops(const struct compilation *p, const char *pname, const struct unit_cfg *c, int one, int fast)
{
	static uint64_t tr[2][40000];
	size_t n[2] = { 0, 0 }, seen[2] = { 0, 0 };
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start_p(p, c, fast, one, k, 0, NULL, NULL, NULL, o[k]);
		for (int len = 1; machine_get_status(m) == MST_RUNNING && n[k] + 100 < 40000; len = len % 60 + 1) {
			machine_run(m, (uint64_t)len);
			tr[k][n[k]++] = state_regs(m);
			for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
				machine_step(m);
				tr[k][n[k]++] = state_regs(m);
			}
			seen[k] = splits(m);
		}
		machine_findings_render(m, o[k], 0);
		machine_free(m);
	}
	size_t at;
	int same = unit_stops_same(tr[0], tr[1], n, 50, o, &at, NULL);
	ok(same && !seen[1] &&
	   (!wanted(c, fast, WITH) || seen[0]),
	   "%s, %s, %s, %s: %zu stops of short runs and single steps find the same groups, tokens, arrivals, "
	   "registers, output and findings with split1 and without (first differing: %zu; splits %zu)",
	   pname, c->name, fast ? "--fast" : "checked", one ? "one block resident" : "all resident", n[0], at,
	   seen[0]);
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
	ok(same == runs && (!wanted(c, 1, WITH) || made > 0),
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
	ok(same == runs && (!wanted(c, 1, WITH) || made > 0),
	   "%s: interrupts after %llu to %llu steps: %zu of %zu report the same warps, output and status "
	   "with split1 and without (%zu with splits before the report)",
	   c->name, (unsigned long long)from, (unsigned long long)to, same, runs, made);
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog) || unit_compile(&comp2, prog2))
		return tap_end();
	ir_optimize_run(comp.mod, &comp.arena);
	ir_optimize_run(comp2.mod, &comp2.arena);
	for (size_t i = 0; i < sizeof(cfgs) / sizeof(cfgs[0]); i++) {
		for (int one = 0; one < 2; one++) {
			for (int fast = 0; fast < 2; fast++) {
				for (int base = 0; base < 2; base++)
					test_whole(&cfgs[i], fast, one, base);
				test_stops(&comp, "lane0", &cfgs[i], one, fast);
				test_stops(&comp2, "findings", &cfgs[i], one, fast);
			}
			for (int base = 0; base < 2; base++)
				for (int alt = NO_SPLIT1; alt <= NO_SPLIT1CHK; alt++)
					test_whole_p(&comp2, "findings", &cfgs[i], 0, one, base, alt, NULL);
		}
		/* subsets of the checkers: each alone with the always-on ones */
		static const char *const subsets[] = { "shared,spin,exit", "global,init", "sync,exit", "hostrace" };
		for (size_t k = 0; k < sizeof(subsets) / sizeof(subsets[0]); k++) {
			test_whole_p(&comp, "lane0", &cfgs[i], 0, 0, 0, NO_SPLIT1, subsets[k]);
			test_whole_p(&comp2, "findings", &cfgs[i], 0, 0, 0, NO_SPLIT1, subsets[k]);
		}
		test_seen(&comp, "lane0", &cfgs[i]);
		test_seen(&comp2, "findings", &cfgs[i]);
		test_limits(&cfgs[i], 18800, 27600, 23);
		test_interrupts(&cfgs[i], 18800, 27600, 61);
	}
	compilation_release(&comp);
	compilation_release(&comp2);
	return tap_end();
}
