/*
 * unit_exits.c - TAP tests of what the scheduler's shortcuts owe a checker
 * at each warp's exit: a checker added with machine_add_checker that hears
 * CEV_WARP_EXIT (and is not plain_exit_quiet) must hear every warp of every
 * block leave, once, with its lanes, whichever way the warp left (the fast
 * path's RET, the scheduler's warps that only return, a partial last warp,
 * lanes that exit while others of the block wait at a barrier), and a
 * checker of CEV_SAMPLE that reads the resident warps (check_warp_get) must
 * find each started, as an admission that started every warp would leave
 * it. The built-in exit checker alone (plain_exit_quiet) is told of no
 * plain exit, and the findings stay the same. A warp started on a frame
 * that a warp of the same grid left finds the launch's parameters, also
 * when the kernel or the debugger wrote a parameter's row of that frame
 * (what a start that kept the rows a predecessor left would get wrong).
 */
#include "check.h"
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

static const char prog[] =
	"#include <cstdio>\n"
	"__global__ void add(const float *a, float *c, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i < n)\n"
	"\t\tc[i] = a[i] + 1.0f;\n"
	"}\n"
	"__global__ void nothing(int *p)\n"
	"{\n"
	"}\n"
	"__global__ void early(int *out)\n"
	"{\n"
	"\t__shared__ int s[128];\n"
	"\tint t = threadIdx.x;\n"
	"\tif (t >= 100)\n"
	"\t\treturn;\n"
	"\ts[t] = t;\n"
	"\t__syncthreads();\n"
	"\tout[blockIdx.x * 100 + t] = s[(t + 1) % 100];\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tconst int n = 40000;\n"
	"\tfloat *a, *c;\n"
	"\tint *o;\n"
	"\tcudaMalloc(&a, n * sizeof(float));\n"
	"\tcudaMalloc(&c, n * sizeof(float));\n"
	"\tcudaMalloc(&o, 3 * 100 * sizeof(int));\n"
	"\tcudaMemset(a, 0, n * sizeof(float));\n"
	"\tadd<<<(n + 255) / 256, 256>>>(a, c, n);\n"
	"\tadd<<<3, 70>>>(a, c, n);\n"
	"\tnothing<<<5000, 64>>>(o);\n"
	"\tearly<<<3, 128>>>(o);\n"
	"\tstatic float h[40000];\n"
	"\tcudaMemcpy(h, c, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tprintf(\"c %.0f %.0f\\n\", h[0], h[n - 1]);\n"
	"\treturn 0;\n"
	"}\n";

/* Warps that start on frames warps of the same grid left: launches of
 * one kernel with other values, a kernel that writes its parameter, two
 * resident blocks so that every slot's frames serve many warps; line 5
 * is where the debugger changes a parameter */
static const char params[] =
	"#include <cstdio>\n"
	"__global__ void same(int *out, int a, int b)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tout[i] = a * 1000 + b + i;\n"
	"}\n"
	"__global__ void bump(int *out, int a)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\ta += i & 3;\n"
	"\tout[i] = a;\n"
	"}\n"
	"static int h[64 * 96];\n"
	"static int bad(int *o, int a, int b, int bumped)\n"
	"{\n"
	"\tint n = 0;\n"
	"\tcudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tfor (int i = 0; i < 64 * 96; i++)\n"
	"\t\tn += h[i] != (bumped ? a + (i & 3) : a * 1000 + b + i);\n"
	"\treturn n;\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *o;\n"
	"\tcudaMalloc(&o, sizeof h);\n"
	"\tsame<<<64, 96>>>(o, 1, 2);\n"
	"\tint b1 = bad(o, 1, 2, 0);\n"
	"\tsame<<<64, 96>>>(o, 3, 4);\n"
	"\tint b2 = bad(o, 3, 4, 0);\n"
	"\tbump<<<64, 96>>>(o, 7);\n"
	"\tint b3 = bad(o, 7, 0, 1);\n"
	"\tbump<<<64, 96>>>(o, 9);\n"
	"\tint b4 = bad(o, 9, 0, 1);\n"
	"\tsame<<<64, 96>>>(o, 5, 6);\n"
	"\tprintf(\"bad %d %d %d %d %d\\n\", b1, b2, b3, b4, bad(o, 5, 6, 0));\n"
	"\treturn 0;\n"
	"}\n";

/* the threads that run, launch by launch */
static const uint64_t threads = 157 * 256 + 3 * 70 + 5000 * 64 + 3 * 128;

static struct compilation comp;

struct count {
	uint64_t events, lanes;
	uint64_t samples, warps, unstarted;
};

static void exit_heard(void *self, const struct check_event *e)
{
	struct count *c = self;
	if (e->kind == CEV_WARP_EXIT) {
		c->events++;
		c->lanes += (uint64_t)__builtin_popcount(e->mask);
	}
}

/* every resident warp as check_warp_get shows it: one with live lanes
 * but no group would be one never started */
static void sample_heard(void *self, const struct check_event *e)
{
	struct count *c = self;
	c->samples++;
	for (size_t i = 0, n = check_nwarps(e->m); i < n; i++) {
		struct check_warp cw;
		if (check_warp_get(e->m, i, &cw) < 0)
			continue;
		c->warps++;
		if (cw.live && cw.ngroups == 0)
			c->unstarted++;
	}
}

static const struct checker exit_counter = {
	.name = "exit-counter",
	.what = "counts the warps' exits",
	.events = CEV_BIT(CEV_WARP_EXIT),
	.event = exit_heard,
};

static const struct checker sample_reader = {
	.name = "sample-reader",
	.what = "reads every resident warp at each sample",
	.events = CEV_BIT(CEV_SAMPLE),
	.event = sample_heard,
};

static struct machine *run(int fast, int quick, const struct checker *c, struct count *n, FILE *out)
{
	struct machine_opts o;
	machine_opts_init(&o);
	o.fast = fast;
	o.no_quick = !quick;
	o.out = out;
	o.err = out;
	struct machine *m = machine_new(comp.mod, &o);
	if (c)
		machine_add_checker(m, c, n);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	while (machine_run(m, 0) == MST_RUNNING)
		;
	return m;
}

/* params under a two-block device, quick visits or not; debug: stop at
 * the first warp's line 5, give its lane 0's `a` (register 1) 999, go on */
static char *run_params(int quick, int debug)
{
	struct compilation pc;
	compilation_init(&pc);
	if (front_compile_string(&pc, "params.cu", params, NULL)) {
		diag_render(&pc.diags, &pc.sm, stdout, 0);
		compilation_release(&pc);
		return NULL;
	}
	FILE *o = tmpfile();
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.fast = 1;
	mo.no_quick = !quick;
	mo.num_sms = 1;
	mo.max_blocks_per_sm = 2;
	mo.debugger = debug;
	mo.out = o;
	mo.err = o;
	struct machine *m = machine_new(pc.mod, &mo);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	if (debug) {
		struct machine_break_info bi;
		machine_break_line(m, 1, 5, 1);
		while (machine_run(m, 0) == MST_RUNNING && !machine_break_hit(m, &bi))
			;
		machine_break_line(m, 1, 5, 0);
		if (machine_break_hit(m, &bi))
			machine_lane_set_reg(m, bi.slot, bi.warp, 0, 0, 1, 999);
	}
	while (machine_run(m, 0) == MST_RUNNING)
		;
	machine_free(m);
	char *out = tap_slurp(o);
	fclose(o);
	compilation_release(&pc);
	return out;
}

int main(void)
{
	tap_start();
	if (unit_compile(&comp, prog))
		return tap_end();
	char *ref = NULL;
	size_t ref_findings = 0, fast_findings = 0;
	for (int fast = 1; fast >= 0; fast--)
		for (int quick = 1; quick >= 0; quick--) {
			const char *name = fast ? (quick ? "--fast" : "--fast, no quick visits")
						: (quick ? "checked" : "checked, no quick visits");
			struct count n = { 0 };
			FILE *o = tmpfile();
			struct machine *m = run(fast, quick, &exit_counter, &n, o);
			char *out = tap_slurp(o);
			ok(n.lanes == threads && strstr(out, "c 1 1"),
			   "%s: a checker of CEV_WARP_EXIT hears every thread leave (%llu of %llu, %llu events)", name,
			   (unsigned long long)n.lanes, (unsigned long long)threads, (unsigned long long)n.events);
			if (quick) {
				ref_findings = machine_nfindings(m);
				if (fast)
					fast_findings = ref_findings;
			} else {
				ok(machine_nfindings(m) == ref_findings,
				   "%s: the same findings as with quick visits (%zu)", name, ref_findings);
			}
			if (!ref) {
				ref = out;
			} else {
				ok(strcmp(ref, out) == 0, "%s: the same output as --fast", name);
				free(out);
			}
			machine_free(m);
			fclose(o);

			struct count s = { 0 };
			o = tmpfile();
			m = run(fast, quick, &sample_reader, &s, o);
			ok(s.samples > 0 && s.warps > 0 && s.unstarted == 0,
			   "%s: a checker of CEV_SAMPLE finds every resident warp started (%llu samples, %llu warps, %llu not)",
			   name, (unsigned long long)s.samples, (unsigned long long)s.warps,
			   (unsigned long long)s.unstarted);
			machine_free(m);
			fclose(o);
		}
	for (int quick = 1; quick >= 0; quick--) {
		char *p = run_params(quick, 0);
		ok(p && !strcmp(p, "bad 0 0 0 0 0\n"), "%s: every warp finds its launch's parameters (%s)",
		   quick ? "quick visits" : "no quick visits", p ? p : "(no output)");
		free(p);
		p = run_params(quick, 1);
		/* the stopped lane's own store may see 999; no later warp may */
		ok(p && (!strcmp(p, "bad 0 0 0 0 0\n") || !strcmp(p, "bad 1 0 0 0 0\n")),
		   "%s: a parameter the debugger changes stays that warp's (%s)",
		   quick ? "quick visits" : "no quick visits", p ? p : "(no output)");
		free(p);
	}
	/* the built-in checkers alone: the same findings with and without them told */
	FILE *o = tmpfile();
	struct machine *m = run(1, 1, NULL, NULL, o);
	char *out = tap_slurp(o);
	ok(strcmp(ref, out) == 0 && machine_nfindings(m) == fast_findings,
	   "--fast without an added checker: the same output and findings (%zu)", fast_findings);
	free(out);
	free(ref);
	machine_free(m);
	fclose(o);
	compilation_release(&comp);
	return tap_end();
}
