/*
 * unit_engine_cu.c - TAP tests of the machine on compiled CUDA source:
 * kernels launched without a host program (the Lua path), breakpoints on
 * source lines, state queries, and whole programs with their stdout and
 * exit status.
 */
#include "front.h"
#include "machine.h"
#include "session.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static const char kernels[] =
	"__global__ void fill(int *p, int n)\n"               /* 1 */
	"{\n"                                                  /* 2 */
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"  /* 3 */
	"\tif (i < n)\n"                                       /* 4 */
	"\t\tp[i] = i * 3;\n"                                  /* 5 */
	"}\n";

static void test_launch_and_break(void)
{
	struct compilation c;
	compilation_init(&c);
	int r = front_compile_string(&c, "k.cu", kernels, NULL);
	ok(r == 0, "kernel-only source compiles");
	if (r) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		return;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	struct machine *m = machine_new(c.mod, &o);
	int f = machine_find_function(m, "fill");
	uint64_t buf = 0;
	ok(f >= 0 && machine_alloc(m, 100 * 4, &buf) == 0, "find the kernel, allocate a buffer");
	uint32_t grid[3] = { 2, 1, 1 }, block[3] = { 64, 1, 1 };
	uint64_t args[2] = { buf, 100 };
	machine_break_line(m, 1, 5, 1);
	ok(machine_launch(m, f, grid, block, 0, args, 2) == 0, "launch queued");
	int hits = 0, lines_ok = 1, guard = 0;
	struct machine_break_info bi;
	while (machine_run(m, 0) == MST_RUNNING && guard++ < 100) {
		if (!machine_break_hit(m, &bi))
			break;
		hits++;
		if (bi.span.line != 5)
			lines_ok = 0;
		if (hits == 1) {
			uint64_t v = 0, base = 0;
			int32_t ri = -1;
			const struct ir_func *fn = &c.mod->funcs[bi.func];
			for (uint32_t k = 0; k < fn->nvars; k++)
				if (!strcmp(fn->vars[k].name, "i") && fn->vars[k].loc == VLOC_REG)
					ri = fn->vars[k].reg;
			int got = ri >= 0 ? machine_lane_reg(m, bi.slot, bi.warp, 5, 0, ri, &v) : -1;
			ok(got == 0 && v == 5, "variable i in lane 5 at the breakpoint is 5 (%llu)",
			   (unsigned long long)v);
			ok(machine_lane_frame(m, bi.slot, bi.warp, 5, 0, &base) == 0, "lane frame address");
			struct machine_kernel_info ki;
			struct machine_group_info gi;
			ok(machine_kernel(m, &ki) == 0 && ki.active && ki.grid[0] == 2,
			   "kernel query at the breakpoint");
			ok(machine_group(m, bi.slot, bi.warp, 0, &gi) == 0 && gi.mask == bi.mask &&
			   gi.pc == bi.pc, "group query agrees with the breakpoint (mask %08x)", bi.mask);
		}
	}
	/* 100 threads in 2 blocks of 64: all four warps have lanes with i < n */
	ok(hits == 4 && lines_ok, "breakpoint on line 5 hit once per warp that reaches it (%d)", hits);
	int out[100], good = 1;
	ok(machine_read(m, -1, 0, 0, buf, out, sizeof(out)) == 0, "read the buffer back");
	for (int i = 0; i < 100; i++)
		if (out[i] != i * 3)
			good = 0;
	ok(good, "kernel results (out[99] = %d)", out[99]);
	uint32_t bad[3] = { 1025, 1, 1 };
	ok(machine_launch(m, f, grid, bad, 0, args, 2) == 1, "bad configuration: error 1 (CUDA 13.0's code, the default)");
	machine_free(m);
	compilation_release(&c);
}

static const char prog[] =
	"#include <stdio.h>\n"
	"__global__ void hi(int k)\n"
	"{\n"
	"\tif (threadIdx.x % 8 == 0)\n"
	"\t\tprintf(\"hi %d from %d\\n\", k, threadIdx.x);\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\thi<<<1, 32>>>(7);\n"
	"\tprintf(\"host first\\n\");\n"
	"\tcudaDeviceSynchronize();\n"
	"\thi<<<1, 16>>>(8);\n"
	"\treturn 5;\n"
	"}\n";

static void test_program(void)
{
	struct compilation c;
	compilation_init(&c);
	int r = front_compile_string(&c, "p.cu", prog, NULL);
	ok(r == 0, "program compiles");
	if (r) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		return;
	}
	FILE *out = tmpfile();
	struct machine_opts o;
	machine_opts_init(&o);
	o.out = out;
	struct machine *m = machine_new(c.mod, &o);
	char *argv[] = { "p", NULL };
	int st = machine_run_main(m, 1, argv);
	char buf[512] = "";
	rewind(out);
	size_t n = fread(buf, 1, sizeof(buf) - 1, out);
	buf[n] = 0;
	ok(st == 5, "main's return value is the exit status (%d)", st);
	int same = strcmp(buf, "host first\nhi 7 from 0\nhi 7 from 8\nhi 7 from 16\nhi 7 from 24\n") == 0;
	ok(same, "device printf appears at the sync point in lane order; unsynchronized output is lost");
	if (!same)
		for (char *p = strtok(buf, "\n"); p; p = strtok(NULL, "\n"))
			printf("# got: %s\n", p);
	fclose(out);
	machine_free(m);
	compilation_release(&c);
}


static void test_manual(void)
{
	struct compilation c;
	compilation_init(&c);
	if (front_compile_string(&c, "k.cu", kernels, NULL)) {
		ok(0, "compile");
		compilation_release(&c);
		return;
	}
	struct machine_opts mo;
	machine_opts_init(&mo);
	struct session *ses = session_new(c.mod, &c.sm, &mo, 0);
	struct machine *m = session_machine(ses);
	int f = machine_find_function(m, "fill");
	uint64_t buf = 0;
	machine_alloc(m, 64 * 4, &buf);
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
	uint64_t args[2] = { buf, 64 };
	machine_launch(m, f, grid, block, 0, args, 2);
	machine_step(m); /* starts the grid */
	struct machine_choice ch[8];
	int n = machine_choices(m, ch, 8);
	ok(n == 2 && ch[0].warp == 0 && ch[1].warp == 1, "two warps to choose from (%d)", n);
	for (int k = 0; k < 5; k++) {
		n = machine_choices(m, ch, 8);
		for (int i = 0; i < n; i++)
			if (ch[i].warp == 1) {
				machine_choose(m, &ch[i]);
				break;
			}
	}
	struct machine_group_info g0, g1;
	machine_lane(m, 0, 0, 0, &g0);
	machine_lane(m, 0, 1, 0, &g1);
	ok(g0.pc == 0 && g1.pc > 0, "choosing warp 1 five times moves only warp 1 (pcs %u, %u)", g0.pc, g1.pc);
	struct span s0 = machine_span(m, g0.func, g0.pc);
	struct session_stop stop;
	struct strbuf msg;
	strbuf_init(&msg);
	session_step(ses, SESSION_STMT, 1, &(struct session_focus){ 0, 0, 0 }, &stop, &msg);
	strbuf_release(&msg);
	machine_lane(m, 0, 0, 0, &g0);
	struct span s1 = machine_span(m, g0.func, g0.pc);
	ok(s1.line > s0.line, "statement step moves warp 0 to a later line (%u -> %u)", s0.line, s1.line);
	machine_run(m, 0);
	int out[64], good = 1;
	machine_read(m, -1, 0, 0, buf, out, sizeof(out));
	for (int i = 0; i < 64; i++)
		good &= out[i] == 3 * i;
	ok(good && machine_run(m, 0) == MST_IDLE, "the rest runs to completion; the machine is idle");
	session_free(ses);
	compilation_release(&c);
}


static const char racy[] =
	"__global__ void k(int *out)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = threadIdx.x;\n"
	"\tout[threadIdx.x] = s[63 - threadIdx.x];\n"
	"}\n"
	"__global__ void fine(int *out)\n"
	"{\n"
	"\t__shared__ int s[64];\n"
	"\ts[threadIdx.x] = threadIdx.x;\n"
	"\t__syncthreads();\n"
	"\tout[threadIdx.x] = s[63 - threadIdx.x];\n"
	"}\n";

static int race_findings(const char *kernel, int fast)
{
	struct compilation c;
	compilation_init(&c);
	if (front_compile_string(&c, "r.cu", racy, NULL)) {
		compilation_release(&c);
		return -1;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	o.fast = fast;
	struct machine *m = machine_new(c.mod, &o);
	uint64_t buf;
	machine_alloc(m, 256, &buf);
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 64, 1, 1 };
	machine_launch(m, machine_find_function(m, kernel), grid, block, 0, &buf, 1);
	machine_run(m, 0);
	int n = 0;
	for (size_t i = 0; i < machine_nfindings(m); i++)
		n += strcmp(machine_finding_get(m, i)->kind, "shared-race") == 0;
	machine_free(m);
	compilation_release(&c);
	return n;
}

static void test_race(void)
{
	int a = race_findings("k", 0), b = race_findings("fine", 0), c = race_findings("k", 1);
	ok(a > 0 && b == 0 && c == 0, "shared-race found without __syncthreads (%d), not with it (%d), not with --fast (%d)", a, b, c);
}


static const char uninit[] =
	"__global__ void add(const float *a, float *c) { c[threadIdx.x] = a[threadIdx.x] + 1.0f; }\n"
	"int main(void)\n"
	"{\n"
	"\tfloat h[32] = {0}, *da, *dc;\n"
	"\tcudaMalloc(&da, sizeof h);\n"
	"\tcudaMalloc(&dc, sizeof h);\n"
	"\tif (MEMCPY) cudaMemcpy(da, h, sizeof h, cudaMemcpyHostToDevice);\n"
	"\tadd<<<1, 32>>>(da, dc);\n"
	"\tcudaMemcpy(h, dc, sizeof h, cudaMemcpyDeviceToHost);\n"
	"\treturn 0;\n"
	"}\n";

static int count_kind(const char *src, const char *def, const char *kind)
{
	struct compilation c;
	compilation_init(&c);
	const char *defs[] = { def, NULL };
	struct front_opts fo = { .defines = defs };
	if (front_compile_string(&c, "u.cu", src, &fo)) {
		compilation_release(&c);
		return -1;
	}
	struct machine *m = machine_new(c.mod, NULL);
	char *argv[] = { "u", NULL };
	machine_run_main(m, 1, argv);
	int n = 0;
	for (size_t i = 0; i < machine_nfindings(m); i++)
		n += strcmp(machine_finding_get(m, i)->kind, kind) == 0;
	machine_free(m);
	compilation_release(&c);
	return n;
}

static void test_uninit(void)
{
	int a = count_kind(uninit, "MEMCPY=0", "uninitialized-read");
	int b = count_kind(uninit, "MEMCPY=1", "uninitialized-read");
	ok(a == 1 && b == 0, "uninitialized-read when the input was never copied (%d), not after cudaMemcpy (%d)", a, b);
}


static const char shift_src[] =
	"__global__ void shift(int *a, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i + 1 < n)\n"
	"\t\ta[i] = a[i + 1];\n"
	"}\n"
	"__global__ void copy(const int *a, int *b, int n)\n"
	"{\n"
	"\tint i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"\tif (i + 1 < n)\n"
	"\t\tb[i] = a[i + 1];\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *d, *e;\n"
	"\tcudaMalloc(&d, 4096);\n"
	"\tcudaMalloc(&e, 4096);\n"
	"\tcudaMemset(d, 0, 4096);\n"
	"\tif (SHIFT) shift<<<4, 256>>>(d, 1024); else copy<<<4, 256>>>(d, e, 1024);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

static void test_global_race(void)
{
	int a = count_kind(shift_src, "SHIFT=1", "global-race");
	int b = count_kind(shift_src, "SHIFT=0", "global-race");
	ok(a == 1 && b == 0, "global-race for an in-place shift across blocks (%d), none out of place (%d)", a, b);
}

/* Frames of functions without local memory (decode.c: stackless) keep no
 * stack base of their own; machine_lane_frame still answers for them: the
 * base of the frame above, as if they had recorded the stack pointer. */
static const char frames_src[] =
	"__device__ int inner(int x)\n"                 /* 1 */
	"{\n"                                           /* 2 */
	"\tint a[4] = { x, x + 1, x + 2, x + 3 };\n"    /* 3 */
	"\treturn a[x & 3];\n"                          /* 4 */
	"}\n"                                           /* 5 */
	"__device__ int mid(int x) { return inner(x) + 1; }\n" /* 6 */
	"__global__ void outer(int *p)\n"               /* 7 */
	"{\n"                                           /* 8 */
	"\tint b[8];\n"                                 /* 9 */
	"\tfor (int k = 0; k < 8; k++) b[k] = k;\n"     /* 10 */
	"\tp[threadIdx.x] = mid(b[threadIdx.x & 7]) + b[1];\n" /* 11 */
	"}\n";

static void test_stackless_frames(void)
{
	struct compilation c;
	compilation_init(&c);
	int r = front_compile_string(&c, "frames.cu", frames_src, NULL);
	ok(r == 0, "the frames program compiles");
	if (r) {
		diag_render(&c.diags, &c.sm, stdout, 0);
		compilation_release(&c);
		return;
	}
	struct machine_opts o;
	machine_opts_init(&o);
	struct machine *m = machine_new(c.mod, &o);
	int f = machine_find_function(m, "outer");
	uint64_t buf = 0;
	ok(f >= 0 && machine_alloc(m, 32 * 4, &buf) == 0, "find outer, allocate its buffer");
	uint32_t grid[3] = { 1, 1, 1 }, block[3] = { 32, 1, 1 };
	uint64_t args[1] = { buf };
	machine_break_line(m, 1, 4, 1);
	ok(machine_launch(m, f, grid, block, 0, args, 1) == 0, "launch queued");
	struct machine_break_info bi;
	int hit = 0;
	if (machine_run(m, 0) == MST_RUNNING && machine_break_hit(m, &bi)) {
		uint64_t b0 = 0, b1 = 0, b2 = 0;
		hit = 1;
		ok(machine_lane_frame(m, bi.slot, bi.warp, 3, 0, &b0) == 0 &&
		   machine_lane_frame(m, bi.slot, bi.warp, 3, 1, &b1) == 0 &&
		   machine_lane_frame(m, bi.slot, bi.warp, 3, 2, &b2) == 0, "three frames in lane 3");
		ok(b1 == b0, "mid (no locals) starts where inner does (%#llx %#llx)",
		   (unsigned long long)b1, (unsigned long long)b0);
		ok(b2 < b1 && b1 - b2 >= 32, "outer's frame lies below, with its 32 bytes of b (%#llx)",
		   (unsigned long long)b2);
		machine_break_line(m, 1, 4, 0);
	}
	ok(hit, "the breakpoint in inner is hit");
	while (machine_run(m, 0) == MST_RUNNING)
		;
	int out[32], good = 1;
	ok(machine_read(m, -1, 0, 0, buf, out, sizeof(out)) == 0, "read the buffer back");
	for (int i = 0; i < 32; i++)
		if (out[i] != (i & 7) + ((i & 7) & 3) + 1 + 1)
			good = 0;
	ok(good, "results after returning through mid: locals of outer intact (out[5] = %d)", out[5]);
	machine_free(m);
	compilation_release(&c);
}

int main(void)
{
	tap_start();
	test_launch_and_break();
	test_stackless_frames();
	test_program();
	test_manual();
	test_race();
	test_uninit();
	test_global_race();
	return tap_end();
}
