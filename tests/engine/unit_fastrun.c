/*
 * unit_fastrun.c - TAP tests of the device fast path (engine/machine/fastrun.h)
 * against the general interpreter loop: a machine with an EV_INSN observer
 * (which does nothing) runs every instruction in the general loop, one
 * without runs what it can in fast_run. A kernel that barriers, shuffles,
 * votes and adds atomically, by whole warps, half warps and diverged paths,
 * reads clock64() and races on a global must give the same output (the
 * clocks and the racy counter show the order the warps ran in), exit status,
 * steps and findings, with and without the checkers, under both --simt
 * policies and random schedules; and runs of 1 to 60 steps interleaved with
 * single steps must stop at the same steps and places.
 */
#include "front.h"
#include "machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"
#include "unit_compile.h"

static const char prog[] =
	"#include <cstdio>\n"
	"__device__ int racy;\n"
	"__global__ void k(int *out, float *fout, long long *clk)\n"
	"{\n"
	"\t__shared__ int s[96];\n"
	"\t__shared__ int hist[8];\n"
	"\tint t = threadIdx.x, lane = t & 31, w = t / 32;\n"
	"\tif (t < 8)\n"
	"\t\thist[t] = 0;\n"
	"\tlong long c0 = clock64();\n"
	"\t__syncthreads();\n"
	"\tint v = (t * 7 + blockIdx.x * 13) % 23 - 11;\n"
	"\tfor (int r = 0; r < 3; r++) {\n"
	"\t\ts[t] = v;\n"
	"\t\t__syncthreads();\n"
	"\t\tv += s[(t + 1 + r) % blockDim.x];\n"
	"\t\t__syncthreads();\n"
	"\t\tv += __shfl_down_sync(0xffffffffu, v, 1 + r);\n"
	"\t\tv ^= __shfl_xor_sync(0xffffffffu, v, 4) & 3;\n"
	"\t\tv += __shfl_sync(0xffffffffu, v, (lane * 5) & 31) & 7;\n"
	"\t\tif (lane < 20)\n"
	"\t\t\tv += __shfl_xor_sync(0x000fffffu, v, 2) & 1;\n"
	"\t\tif (lane & 1)\n"
	"\t\t\tv += __shfl_up_sync(0xaaaaaaaau, v, 2) & 3;\n"
	"\t\telse\n"
	"\t\t\tv -= __ballot_sync(0x55555555u, v > 0) & 3;\n"
	"\t\tv += __ballot_sync(0xffffffffu, v > 0) & 0xff;\n"
	"\t\tv += __all_sync(0xffffffffu, v > -100) + __any_sync(0xffffffffu, v > 50);\n"
	"\t\tatomicAdd(&hist[(v & 0x7fffffff) % 8], 1);\n"
	"\t\tatomicAdd(&out[0], v);\n"
	"\t\tatomicAdd(fout, (float)(v & 15) * 0.5f);\n"
	"\t\tint old = atomicAdd(&out[2000 + (lane & 3)], 1);\n"
	"\t\tv += old & 1;\n"
	"\t\tv += __syncthreads_count(v & 1);\n"
	"\t\tif (lane == 0)\n"
	"\t\t\tatomicAdd(&out[1], v);\n"
	"\t}\n"
	"\tlong long c1 = clock64();\n"
	"\tif (lane == 0) {\n"
	"\t\tracy = racy + 1;\n"
	"\t\tprintf(\"block %d warp %d v %d racy %d\\n\", blockIdx.x, w, v, racy);\n"
	"\t}\n"
	"\tclk[blockIdx.x * 96 + t] = c1 - c0;\n"
	"\tout[2 + blockIdx.x * 96 + t] = v;\n"
	"\t__syncthreads();\n"
	"\tif (t < 8)\n"
	"\t\tatomicAdd(&out[1000 + t], hist[t]);\n"
	"}\n"
	"int main()\n"
	"{\n"
	"\tint *out;\n"
	"\tfloat *fout;\n"
	"\tlong long *clk;\n"
	"\tcudaMalloc(&out, 2004 * sizeof(int));\n"
	"\tcudaMalloc(&fout, sizeof(float));\n"
	"\tcudaMalloc(&clk, 4 * 96 * sizeof(long long));\n"
	"\tcudaMemset(out, 0, 2004 * sizeof(int));\n"
	"\tcudaMemset(fout, 0, sizeof(float));\n"
	"\tk<<<4, 96>>>(out, fout, clk);\n"
	"\tstatic int h[2004];\n"
	"\tstatic long long c[4 * 96];\n"
	"\tfloat f;\n"
	"\tcudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(c, clk, sizeof c, cudaMemcpyDeviceToHost);\n"
	"\tcudaMemcpy(&f, fout, sizeof f, cudaMemcpyDeviceToHost);\n"
	"\tlong long sum = 0, csum = 0;\n"
	"\tfor (int i = 0; i < 2004; i++)\n"
	"\t\tsum = sum * 31 + h[i];\n"
	"\tfor (int i = 0; i < 4 * 96; i++)\n"
	"\t\tcsum = csum * 17 + c[i];\n"
	"\tprintf(\"sum %lld clocks %lld float %.1f\\n\", sum, csum, f);\n"
	"\treturn (int)(sum & 7);\n"
	"}\n";

static struct compilation comp;

/* general: observe EV_INSN, so that every instruction runs in the general loop */
static struct machine *start(int general, int fast, const struct unit_cfg *c, FILE *out)
{
	return unit_start(&comp, c, fast, general ? 1u << EV_INSN : 0, out);
}

/* where three warps of two blocks are (function and pc of lane 0), or 0 outside a kernel */
static uint64_t place(const struct machine *m)
{
	struct machine_kernel_info ki;
	uint64_t h = 0;
	if (machine_kernel(m, &ki) != 0 || !ki.active)
		return 0;
	for (int s = 0; s < 2; s++)
		for (int w = 0; w < 3; w++) {
			int f = -1;
			uint32_t pc = 0;
			if (machine_lane_frame_pc(m, s, w, 0, 0, &f, &pc) == 0)
				h = h * 1000003u + (uint64_t)(uint32_t)f * 65536u + pc;
		}
	return h;
}

static const struct unit_cfg cfgs[] = {
	{ "stack", SIMT_STACK, SCHED_RR, 0 },
	{ "its", SIMT_ITS, SCHED_RR, 0 },
	{ "its random:1", SIMT_ITS, SCHED_RANDOM, 1 },
	{ "stack random:2", SIMT_STACK, SCHED_RANDOM, 2 },
	{ "its random:3", SIMT_ITS, SCHED_RANDOM, 3 },
};

static void test_whole_runs(const struct unit_cfg *c, int fast)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, fast, c, o[k]);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(strcmp(a, b) == 0 && strstr(a, "sum "), "%s%s: the same output (%zu bytes)", c->name,
	   fast ? " --fast" : "", strlen(a));
	if (strcmp(a, b) != 0)
		printf("# fast path:\n%s# general loop:\n%s", a, b);
	ok(machine_exit_status(m[0]) == machine_exit_status(m[1]) &&
		   machine_steps(m[0]) == machine_steps(m[1]) &&
		   machine_nfindings(m[0]) == machine_nfindings(m[1]),
	   "%s%s: the same exit status (%d), steps (%llu, %llu) and findings (%zu, %zu)", c->name,
	   fast ? " --fast" : "", machine_exit_status(m[0]), (unsigned long long)machine_steps(m[0]),
	   (unsigned long long)machine_steps(m[1]), machine_nfindings(m[0]), machine_nfindings(m[1]));
	free(a);
	free(b);
	unit_free_pair(m, o);
}

/* runs of 1 .. 60 steps, each followed by a few single steps */
static void test_short_runs(const struct unit_cfg *c)
{
	static uint64_t tr[2][4000];
	size_t n[2] = { 0, 0 };
	FILE *o[2] = { tmpfile(), tmpfile() };
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(k, 1, c, o[k]);
		for (int len = 1; machine_get_status(m) == MST_RUNNING && n[k] < 3900; len = len % 60 + 1) {
			machine_run(m, (uint64_t)len);
			tr[k][n[k]++] = machine_steps(m) * 1000003u ^ place(m);
			for (int s = 0; s < len % 4 && machine_get_status(m) == MST_RUNNING; s++) {
				machine_step(m);
				tr[k][n[k]++] = machine_steps(m) * 1000003u ^ place(m);
			}
		}
		machine_free(m);
	}
	int same = n[0] == n[1] && memcmp(tr[0], tr[1], n[0] * sizeof(uint64_t)) == 0;
	char *a = tap_slurp(o[0]), *b = tap_slurp(o[1]);
	ok(same && strcmp(a, b) == 0 && n[0] > 100, "%s: %zu short runs and single steps stop at the same steps and places",
	   c->name, n[0]);
	free(a);
	free(b);
	fclose(o[0]);
	fclose(o[1]);
}

/* An observer that acts mid-run, from inside a call of the fast path: on
 * its first event of a device warp it requests a stop (what = 0, at a load's EV_MEM, which
 * do_ld emits; pure arithmetic follows) or sets a breakpoint on line 33,
 * `v += old & 1;` (what = 1, at the group's split at a divergence,
 * EV_DIVERGE), which the same warp reaches without leaving the fast path.
 * fast_run tests the hooks only at its start and after its calls
 * (NEXT_PC_CALLED), and a breakpoint only through the instruction classes
 * (interp_fast_refresh): the stop must come at the same step and place as
 * in the general loop. */
struct mid {
	struct machine *m;
	int what, fired;
};

static void on_event(void *ctx, const struct machine_event *e)
{
	struct mid *d = ctx;
	if (e->slot < 0 || d->fired++) /* the host's accesses run in the general loop */
		return;
	if (d->what == 0)
		machine_request_stop(d->m);
	else
		machine_break_line(d->m, 1, 33, 1);
}

static void test_mid_run(const struct unit_cfg *c, int what)
{
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct mid d[2];
	uint64_t steps[2], where[2];
	int hit[2];
	for (int k = 0; k < 2; k++) {
		struct machine *m = start(k, 1, c, o[k]);
		d[k] = (struct mid){ m, what, 0 };
		machine_observe(m, 1u << (what ? EV_DIVERGE : EV_MEM), on_event, &d[k]);
		machine_run(m, 0);
		struct machine_break_info bi;
		steps[k] = machine_steps(m);
		where[k] = place(m);
		hit[k] = machine_break_hit(m, &bi);
		machine_free(m);
		fclose(o[k]);
	}
	ok(d[0].fired && steps[0] == steps[1] && where[0] == where[1] && hit[0] == hit[1] && hit[0] == what,
	   "%s: %s from an observer mid-run stops at the same step (%llu, %llu) and place", c->name,
	   what ? "a breakpoint set" : "a stop requested", (unsigned long long)steps[0],
	   (unsigned long long)steps[1]);
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
		test_mid_run(&cfgs[i], 0);
		test_mid_run(&cfgs[i], 1);
	}
	compilation_release(&comp);
	return tap_end();
}
