/*
 * unit_hostvm.c - TAP tests of the host engine (engine/machine/hostvm.c)
 * against the general interpreter loop (machine_opts.no_hostvm):
 * the same output, exit status and step count; the same place and step
 * count after every single step, every run of a few thousand steps and
 * every breakpoint stop (set before and after the engine translated the
 * function); the same step-limit finding; a clone taken mid-run finishes
 * the same; and the engine runs nearly all of a host loop's steps, rand()
 * calls included.
 */
#include "front.h"
#include "machine.h"
#include "simt.h" /* m->df, hostvm_count_fused */

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static const char prog[] =
	"#include <cstdio>\n"                                          /* 1 */
	"#include <cstdlib>\n"                                         /* 2 */
	"struct acc { long long sum; int n; double mean; };\n"         /* 3 */
	"static int at(const int *p, int i) { return p[i]; }\n"        /* 4 */
	"static acc add(acc a, int v)\n"                               /* 5 */
	"{\n"                                                          /* 6 */
	"\ta.sum += v;\n"                                              /* 7 */
	"\ta.n++;\n"                                                   /* 8 */
	"\ta.mean = (double)a.sum / a.n;\n"                            /* 9 */
	"\treturn a;\n"                                                /* 10 */
	"}\n"                                                          /* 11 */
	"static int depth(int n) { int pad[4] = { n, n, n, n }; return n ? depth(n - 1) + pad[3] % 3 : 0; }\n" /* 12 */
	"__global__ void twice(int *p) { p[threadIdx.x] *= 2; }\n"     /* 13 */
	"int main()\n"                                                 /* 14 */
	"{\n"                                                          /* 15 */
	"\tint n = 300;\n"                                             /* 16 */
	"\tint *a = (int *)malloc(n * sizeof(int));\n"                 /* 17 */
	"\tfor (int i = 0; i < n; i++)\n"                              /* 18 */
	"\t\ta[i] = (i * 7919) % 1000 - 500;\n"                        /* 19 */
	"\tacc s = { 0, 0, 0.0 };\n"                                   /* 20 */
	"\tfor (int r = 0; r < 20; r++)\n"                             /* 21 */
	"\t\tfor (int i = 0; i < n; i++)\n"                            /* 22 */
	"\t\t\ts = add(s, at(a, (i + r) % n));\n"                      /* 23 */
	"\tint *d;\n"                                                  /* 24 */
	"\tcudaMalloc(&d, 32 * sizeof(int));\n"                        /* 25 */
	"\tcudaMemcpy(d, a, 32 * sizeof(int), cudaMemcpyHostToDevice);\n" /* 26 */
	"\ttwice<<<1, 32>>>(d);\n"                                     /* 27 */
	"\tcudaMemcpy(a, d, 32 * sizeof(int), cudaMemcpyDeviceToHost);\n" /* 28 */
	"\tlong long t = 0;\n"                                         /* 29 */
	"\tfor (int i = 0; i < 32; i++)\n"                             /* 30 */
	"\t\tt += at(a, i);\n"                                         /* 31 */
	"\tprintf(\"%lld %d %.4f %lld %d\\n\", s.sum, s.n, s.mean, t, depth(200));\n" /* 32 */
	"\tfree(a);\n"                                                 /* 33 */
	"\treturn s.n % 7;\n"                                          /* 34 */
	"}\n";

static struct compilation comp;
static struct ir_module *cur; /* the program start() runs: comp's, or the fused sequences' */

static FILE *sink; /* the output of runs that do not compare it */

static struct machine *start(int off, FILE *out, uint64_t max_steps)
{
	struct machine_opts o;
	if (!out && !sink)
		sink = tmpfile();
	if (!out)
		out = sink;
	machine_opts_init(&o);
	o.no_hostvm = off;
	o.out = out;
	o.max_steps = max_steps;
	struct machine *m = machine_new(cur, &o);
	char *argv[] = { "p", NULL };
	machine_start(m, 1, argv);
	return m;
}

/* where the host thread is: function and IR pc of its frame and caller */
static uint64_t place(const struct machine *m)
{
	int f0 = -1, f1 = -1;
	uint32_t p0 = 0, p1 = 0;
	machine_lane_frame_pc(m, -1, 0, 0, 0, &f0, &p0);
	machine_lane_frame_pc(m, -1, 0, 0, 1, &f1, &p1);
	return ((uint64_t)(uint32_t)f0 << 48) ^ ((uint64_t)p0 << 32) ^ ((uint64_t)(uint32_t)f1 << 16) ^ p1;
}

static char *slurp(FILE *f)
{
	static char buf[4][256];
	static int k;
	char *b = buf[k++ & 3];
	rewind(f);
	size_t n = fread(b, 1, sizeof(buf[0]) - 1, f);
	while (n && b[n - 1] == '\n')
		n--;
	b[n] = 0;
	return b;
}

struct trace {
	uint64_t v[20000];
	size_t n;
};

static void rec(struct trace *t, const struct machine *m)
{
	if (t->n < sizeof(t->v) / sizeof(t->v[0]))
		t->v[t->n++] = machine_steps(m) * 1000003u ^ place(m);
}

static int same(const struct trace *a, const struct trace *b)
{
	if (a->n != b->n)
		return 0;
	for (size_t i = 0; i < a->n; i++)
		if (a->v[i] != b->v[i]) {
			printf("# traces differ at %zu\n", i);
			return 0;
		}
	return 1;
}

static struct trace ta, tb;

static void test_whole_runs(void)
{
	FILE *o1 = tmpfile(), *o2 = tmpfile();
	struct machine *a = start(0, o1, 0), *b = start(1, o2, 0);
	while (machine_run(a, 0) == MST_RUNNING)
		;
	while (machine_run(b, 0) == MST_RUNNING)
		;
	char *sa = slurp(o1), *sb = slurp(o2);
	ok(strcmp(sa, sb) == 0 && sa[0], "the same output (%s)", sa);
	ok(machine_exit_status(a) == machine_exit_status(b), "the same exit status (%d)", machine_exit_status(a));
	ok(machine_steps(a) == machine_steps(b), "the same steps (%llu, %llu)",
	   (unsigned long long)machine_steps(a), (unsigned long long)machine_steps(b));
	ok(machine_hostvm_steps(a) * 10 > machine_steps(a) * 9 && machine_hostvm_steps(b) == 0,
	   "the engine ran most steps (%llu), none when off",
	   (unsigned long long)machine_hostvm_steps(a));
	machine_free(a);
	machine_free(b);
	fclose(o1);
	fclose(o2);
}

/* one step at a time: every branch, call and return is a run of one */
static void test_single_steps(void)
{
	struct machine *m[2];
	struct trace *t[2] = { &ta, &tb };
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, NULL, 0);
		t[k]->n = 0;
		for (int i = 0; i < 6000 && machine_step(m[k]) == MST_RUNNING; i++)
			rec(t[k], m[k]);
	}
	ok(same(&ta, &tb) && ta.n == 6000, "6000 single steps stop at the same places (%zu)", ta.n);
	/* then a run of each length 1..50 from the same start, then single steps */
	int good = 1;
	for (int k = 0; k < 2; k++) {
		machine_free(m[k]);
		m[k] = start(k, NULL, 0);
		t[k]->n = 0;
		for (int len = 1; len <= 60 && machine_get_status(m[k]) == MST_RUNNING; len++) {
			machine_run(m[k], (uint64_t)len);
			rec(t[k], m[k]);
			for (int s = 0; s < len % 5; s++) {
				machine_step(m[k]);
				rec(t[k], m[k]);
			}
		}
	}
	good = same(&ta, &tb) && ta.n > 60;
	ok(good, "runs interleaved with single steps stop at the same places and counts (%zu stops)", ta.n);
	machine_free(m[0]);
	machine_free(m[1]);
}

/* breakpoints: in the callee of the hot loop, set before the run and set
 * after the engine translated the function (its code must be dropped) */
static void test_breakpoints(void)
{
	for (int late = 0; late < 2; late++) {
		struct machine *m[2];
		struct trace *t[2] = { &ta, &tb };
		int hits[2] = { 0, 0 };
		for (int k = 0; k < 2; k++) {
			m[k] = start(k, NULL, 0);
			t[k]->n = 0;
			if (late)
				machine_run(m[k], 20000); /* add and at are translated by now */
			machine_break_line(m[k], 1, 8, 1);
			struct machine_break_info bi;
			while (machine_run(m[k], 0) == MST_RUNNING && machine_break_hit(m[k], &bi) && hits[k] < 3000) {
				hits[k]++;
				rec(t[k], m[k]);
				if (hits[k] == 1000)
					machine_break_line(m[k], 1, 8, 0); /* cleared: runs to the end */
			}
			rec(t[k], m[k]);
		}
		ok(same(&ta, &tb) && hits[0] == hits[1] && hits[0] == 1000,
		   "breakpoint set %s: %d stops at the same places and steps", late ? "mid-run" : "first",
		   hits[0]);
		machine_free(m[0]);
		machine_free(m[1]);
	}
}

static void test_step_limit(void)
{
	uint64_t limits[] = { 5000, 12345, 40001 };
	for (int i = 0; i < 3; i++) {
		struct machine *m[2];
		for (int k = 0; k < 2; k++) {
			m[k] = start(k, NULL, limits[i]);
			while (machine_run(m[k], 0) == MST_RUNNING)
				;
		}
		const struct machine_finding *f0 = machine_nfindings(m[0]) ? machine_finding_get(m[0], 0) : NULL;
		const struct machine_finding *f1 = machine_nfindings(m[1]) ? machine_finding_get(m[1], 0) : NULL;
		ok(f0 && f1 && machine_steps(m[0]) == machine_steps(m[1]) && place(m[0]) == place(m[1]) &&
			   f0->span.line == f1->span.line && !strcmp(f0->msg, f1->msg),
		   "--max-steps %llu: the same finding, at line %u, after %llu steps",
		   (unsigned long long)limits[i], f0 ? f0->span.line : 0,
		   (unsigned long long)machine_steps(m[0]));
		machine_free(m[0]);
		machine_free(m[1]);
	}
}

static void test_clone(void)
{
	FILE *o1 = tmpfile(), *o2 = tmpfile();
	struct machine *a = start(0, o1, 0), *ref = start(1, o2, 0);
	machine_run(a, 30000);
	int can = machine_can_clone(a);
	struct machine *c = can ? machine_clone(a) : NULL;
	ok(c != NULL, "a machine in a host loop can be cloned");
	if (!c) {
		machine_free(a);
		machine_free(ref);
		return;
	}
	while (machine_run(a, 0) == MST_RUNNING)
		;
	while (machine_run(c, 0) == MST_RUNNING)
		;
	while (machine_run(ref, 0) == MST_RUNNING)
		;
	ok(machine_steps(a) == machine_steps(c) && machine_steps(c) == machine_steps(ref) &&
		   machine_exit_status(c) == machine_exit_status(ref),
	   "the clone and the original finish after the same steps as the general loop (%llu)",
	   (unsigned long long)machine_steps(c));
	machine_free(a);
	machine_free(c);
	machine_free(ref);
	fclose(o1);
	fclose(o2);
}

/* rand() runs inside the engine (it used to hand back at every call): the
 * same numbers as glibc (the native program prints "2621211 507.910
 * 255825766" and exits 5), the same steps with the engine off, and all but
 * a few steps in the engine */
static const char rand_prog[] =
	"#include <cstdio>\n"
	"#include <cstdlib>\n"
	"static unsigned char low(void) { return (unsigned char)rand(); }\n"
	"int main()\n"
	"{\n"
	"\tsrand(7);\n"
	"\tlong long s = 0;\n"
	"\tfor (int i = 0; i < 5000; i++)\n"
	"\t\ts += rand() % 1000;\n"
	"\tfor (int i = 0; i < 1000; i++) {\n"
	"\t\trand();\n"
	"\t\ts += low();\n"
	"\t}\n"
	"\tfloat f = 0;\n"
	"\tfor (int i = 0; i < 1000; i++)\n"
	"\t\tf += rand() / (float)RAND_MAX;\n"
	"\tprintf(\"%lld %.3f %d\\n\", s, f, rand());\n"
	"\treturn (int)(s % 7);\n"
	"}\n";

/* c compiled from src (named name), as the test "what" says: 1, or 0 with
 * the diagnostics shown and c released */
static int compile_ok(struct compilation *c, const char *name, const char *src, const char *what)
{
	compilation_init(c);
	int r = front_compile_string(c, name, src, NULL);
	ok(r == 0, "%s", what);
	if (r) {
		diag_render(&c->diags, &c->sm, stdout, 0);
		compilation_release(c);
	}
	return r == 0;
}

static void test_rand(void)
{
	struct compilation rc;
	if (!compile_ok(&rc, "r.cu", rand_prog, "the rand() program compiles"))
		return;
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		struct machine_opts op;
		machine_opts_init(&op);
		op.no_hostvm = k;
		op.out = o[k];
		m[k] = machine_new(rc.mod, &op);
		char *argv[] = { "r", NULL };
		machine_start(m[k], 1, argv);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *sa = slurp(o[0]), *sb = slurp(o[1]);
	ok(strcmp(sa, "2621211 507.910 255825766") == 0 && strcmp(sa, sb) == 0,
	   "rand(): glibc's numbers both ways (%s, %s)", sa, sb);
	ok(machine_exit_status(m[0]) == 5 && machine_exit_status(m[1]) == 5, "rand(): exit status 5");
	ok(machine_steps(m[0]) == machine_steps(m[1]), "rand(): the same steps (%llu, %llu)",
	   (unsigned long long)machine_steps(m[0]), (unsigned long long)machine_steps(m[1]));
	uint64_t outside = machine_steps(m[0]) - machine_hostvm_steps(m[0]);
	ok(outside < 100, "rand(): the engine runs the 8001 calls (%llu steps outside it)",
	   (unsigned long long)outside);
	for (int k = 0; k < 2; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
	compilation_release(&rc);
}

/* the fused sequences of hostvm.c (hv_fuse_seq: index + load or store,
 * add + index + access, pointer + offset + access, loop counter +
 * compare-and-branch; tests/cli/hostvm_fuse.cu runs every width and
 * compare): single steps, and runs whose ends are shifted by single steps,
 * stop inside each sequence and must leave the place and step count the
 * general loop leaves, to the end of the program */
/* compile path into fc, optimized as run does (opt) or as the front end
 * makes it: 0, or -1 (reported, fc released) */
static int compile_file(struct compilation *fc, const char *path, int opt)
{
	compilation_init(fc);
	int r = front_compile_file(fc, path, NULL);
	ok(r == 0, "%s compiles (%s)", path, opt ? "optimized as run does" : "as the front end makes it");
	if (r == 0 && opt)
		ir_optimize_run(fc->mod, &fc->arena);
	if (r) {
		diag_render(&fc->diags, &fc->sm, stdout, 0);
		compilation_release(fc);
		return -1;
	}
	return 0;
}

static void test_fused(int opt)
{
	struct compilation fc;
	if (compile_file(&fc, "tests/cli/hostvm_fuse.cu", opt))
		return;
	cur = fc.mod;
	struct machine *m[2];
	struct trace *t[2] = { &ta, &tb };
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, NULL, 0);
		t[k]->n = 0;
		/* single steps through f_s8's loops, then runs (of 4096 steps:
		 * machine_run's quantum) shifted by 0 to 12 single steps, to the end */
		for (int i = 0; i < 9000 && machine_step(m[k]) == MST_RUNNING; i++)
			rec(t[k], m[k]);
		for (int i = 0; machine_get_status(m[k]) == MST_RUNNING; i++) {
			machine_run(m[k], 1);
			rec(t[k], m[k]);
			for (int s = 0; s < i % 13 && machine_step(m[k]) == MST_RUNNING; s++)
				rec(t[k], m[k]);
		}
	}
	ok(same(&ta, &tb) && ta.n > 9000, "fused sequences: single steps and runs stop at the same places and counts (%zu stops)",
	   ta.n);
	ok(machine_steps(m[0]) == machine_steps(m[1]) && machine_exit_status(m[0]) == machine_exit_status(m[1]),
	   "fused sequences: the same steps to the end (%llu, %llu)", (unsigned long long)machine_steps(m[0]),
	   (unsigned long long)machine_steps(m[1]));
	machine_free(m[0]);
	machine_free(m[1]);
	cur = comp.mod;
	compilation_release(&fc);
}

/* the host engine's pairs and divisions by constants (hostvm.c
 * hv_fuse_pairs), in tests/programs/host_super.cu, compiled as the front
 * end makes it (sessions) and as run optimises it: the general loop, the
 * engine without its superinstructions (machine_opts.no_super) and with
 * them stop at the same places with the same step counts after single
 * steps and after runs whose ends are shifted by single steps (so that
 * runs end between the two of a pair), and print the native program's
 * output; with them, the engine's code has the fused forms, without, none */
static void test_super(int opt)
{
	struct compilation fc;
	if (compile_file(&fc, "tests/programs/host_super.cu", opt))
		return;
	FILE *want = fopen("tests/programs/host_super.expected", "r");
	char wbuf[4096] = "";
	size_t wn = want ? fread(wbuf, 1, sizeof(wbuf) - 1, want) : 0;
	wbuf[wn] = 0;
	if (want)
		fclose(want);
	cur = fc.mod;
	static struct trace t3[3];
	struct machine *m[3];
	FILE *o[3];
	uint32_t fused[3][3];
	for (int k = 0; k < 3; k++) {
		struct machine_opts mo;
		machine_opts_init(&mo);
		mo.no_hostvm = k == 0;
		mo.no_super = k == 1;
		mo.out = o[k] = tmpfile();
		m[k] = machine_new(cur, &mo);
		char *argv[] = { "p", NULL };
		machine_start(m[k], 1, argv);
		t3[k].n = 0;
		for (int i = 0; i < 3000 && machine_step(m[k]) == MST_RUNNING; i++)
			rec(&t3[k], m[k]);
		for (int i = 0; machine_get_status(m[k]) == MST_RUNNING; i++) {
			machine_run(m[k], 1);
			rec(&t3[k], m[k]);
			for (int s = 0; s < i % 7 && machine_step(m[k]) == MST_RUNNING; s++)
				rec(&t3[k], m[k]);
		}
		fused[k][0] = fused[k][1] = fused[k][2] = 0;
		for (uint32_t f = 0; f < cur->nfuncs; f++) {
			uint32_t c[4];
			hostvm_count_fused(m[k]->df[f], c);
			for (int j = 0; j < 3; j++)
				fused[k][j] += c[j];
		}
	}
	ok(same(&t3[0], &t3[1]) && same(&t3[0], &t3[2]) && t3[0].n > 3000,
	   "pairs (%s): the general loop and the engine without and with superinstructions stop at the same places and counts (%zu stops)",
	   opt ? "optimized" : "unoptimized", t3[0].n);
	int out_ok = 1;
	for (int k = 0; k < 3; k++) {
		rewind(o[k]);
		char buf[4096];
		size_t n = fread(buf, 1, sizeof(buf) - 1, o[k]);
		buf[n] = 0;
		out_ok &= wn > 0 && strcmp(buf, wbuf) == 0;
	}
	ok(out_ok && machine_steps(m[0]) == machine_steps(m[1]) && machine_steps(m[0]) == machine_steps(m[2]),
	   "pairs (%s): the native program's output three times, the same steps (%llu)", opt ? "optimized" : "unoptimized",
	   (unsigned long long)machine_steps(m[0]));
	ok(fused[1][0] + fused[1][1] + fused[1][2] == 0 && fused[0][0] + fused[0][1] + fused[0][2] == 0,
	   "pairs (%s): no fused instruction without superinstructions or without the engine", opt ? "optimized" : "unoptimized");
	ok(fused[2][0] > 20 && fused[2][1] >= 30 && fused[2][2] >= 40,
	   "pairs (%s): with them, %u fused sequences, %u divisions by constants, %u pairs", opt ? "optimized" : "unoptimized",
	   fused[2][0], fused[2][1], fused[2][2]);
	for (int k = 0; k < 3; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
	cur = comp.mod;
	compilation_release(&fc);
}

/* the host thread's registers in its current frame, hashed */
static uint64_t regs_hash(const struct machine *m)
{
	uint64_t h = 0, v;
	for (int r = 0; r < 4096 && machine_lane_reg(m, -1, 0, 0, 0, r, &v) == 0; r++)
		h = (h ^ v) * 0x100000001b3ull + (uint64_t)r;
	return h;
}

/* the counters and stores read back of hostvm.c (hv_fuse_inc, hv_fuse_sl)
 * in tests/programs/host_count.cu, compiled as the front end makes it and
 * as run optimises it: the general loop, the engine without its
 * superinstructions, without the counters and stores read back
 * (WS_NO_HOSTINC, WS_NO_HOSTFWD) and with everything stop at the same
 * places with the same step counts and the same registers after single
 * steps and after runs whose ends are shifted by single steps (so that
 * runs end inside the sequences), and print the native program's output;
 * the engine's code has more fused instructions with them than without */
static void test_count(int opt)
{
	struct compilation fc;
	if (compile_file(&fc, "tests/programs/host_count.cu", opt))
		return;
	FILE *want = fopen("tests/programs/host_count.expected", "r");
	static char wbuf[4096], buf[4096];
	size_t wn = want ? fread(wbuf, 1, sizeof(wbuf) - 1, want) : 0;
	wbuf[wn] = 0;
	if (want)
		fclose(want);
	cur = fc.mod;
	static struct trace t4[4];
	struct machine *m[4];
	FILE *o[4];
	uint32_t fused[4] = { 0, 0, 0, 0 };
	int out_ok = 1;
	for (int k = 0; k < 4; k++) {
		struct machine_opts mo;
		machine_opts_init(&mo);
		mo.no_hostvm = k == 0;
		mo.no_super = k == 1;
		mo.no_hostinc = mo.no_hostfwd = k == 2;
		mo.out = o[k] = tmpfile();
		m[k] = machine_new(cur, &mo);
		char *argv[] = { "p", NULL };
		machine_start(m[k], 1, argv);
		t4[k].n = 0;
		for (int i = 0; i < 3000 && machine_step(m[k]) == MST_RUNNING; i++)
			rec(&t4[k], m[k]);
		for (int i = 0; machine_get_status(m[k]) == MST_RUNNING; i++) {
			machine_run(m[k], 1);
			rec(&t4[k], m[k]);
			for (int s = 0; s < i % 7 && machine_step(m[k]) == MST_RUNNING; s++) {
				rec(&t4[k], m[k]);
				if (t4[k].n < sizeof(t4[k].v) / sizeof(t4[k].v[0]))
					t4[k].v[t4[k].n++] = regs_hash(m[k]);
			}
		}
		for (uint32_t f = 0; f < cur->nfuncs; f++) {
			uint32_t c[4];
			hostvm_count_fused(m[k]->df[f], c);
			fused[k] += c[3];
		}
		rewind(o[k]);
		size_t n = fread(buf, 1, sizeof(buf) - 1, o[k]);
		buf[n] = 0;
		out_ok &= wn > 0 && strcmp(buf, wbuf) == 0;
	}
	ok(same(&t4[0], &t4[1]) && same(&t4[0], &t4[2]) && same(&t4[0], &t4[3]) && t4[0].n > 3000,
	   "counters and stores read back (%s): the general loop, the engine without superinstructions, without counters and stores read back and with everything stop at the same places, counts and registers (%zu stops)",
	   opt ? "optimized" : "unoptimized", t4[0].n);
	ok(out_ok && machine_steps(m[0]) == machine_steps(m[1]) && machine_steps(m[0]) == machine_steps(m[2]) &&
		   machine_steps(m[0]) == machine_steps(m[3]),
	   "counters and stores read back (%s): the native program's output four times, the same steps (%llu)",
	   opt ? "optimized" : "unoptimized", (unsigned long long)machine_steps(m[0]));
	ok(fused[3] >= (opt ? 20u : 1u) && fused[0] + fused[1] + fused[2] == 0,
	   "counters and stores read back (%s): %u in the engine's code with them, none without", opt ? "optimized" : "unoptimized",
	   fused[3]);
	for (int k = 0; k < 4; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
	cur = comp.mod;
	compilation_release(&fc);
}

/* an access that goes from a block to the stack and back keeps the block
 * it remembered (it is still live) and is listed once in m->hv_win, which
 * therefore stays small however often it alternates */
static void test_windows(void)
{
	static const char alt[] =
		"#include <cstdio>\n#include <cstdlib>\n"
		"static int sum(const int *p, int n) { int s = 0; for (int i = 0; i < n; i++) s += p[i]; return s; }\n"
		"int main() { int *h = (int *)malloc(64 * sizeof(int)); int st[64];\n"
		" for (int i = 0; i < 64; i++) { h[i] = i; st[i] = 2 * i; }\n"
		" long long t = 0; for (int r = 0; r < 5000; r++) t += sum(r & 1 ? h : st, 64);\n"
		" printf(\"%lld\\n\", t); free(h); return 0; }\n";
	struct compilation fc;
	if (!compile_ok(&fc, "alt.cu", alt, "windows: the program compiles"))
		return;
	ir_optimize_run(fc.mod, &fc.arena);
	cur = fc.mod;
	FILE *o = tmpfile();
	struct machine *m = start(0, o, 0);
	size_t most = 0;
	while (machine_run(m, 1) == MST_RUNNING) /* a quantum at a time */
		most = m->hv_win.len > most ? m->hv_win.len : most;
	ok(!strcmp(slurp(o), "15120000") && most >= 1 && most <= 8,
	   "windows: 5,000 calls alternating a block and the stack list at most %zu accesses (the output %s)", most, slurp(o));
	machine_free(m);
	fclose(o);
	cur = comp.mod;
	compilation_release(&fc);
}

/* host built-ins (malloc, free, memcpy, memset, printf, snprintf, strlen,
 * cudaMemcpy) are made from inside the engine (they used to hand back to
 * the general loop at every call): the same output, exit status and steps,
 * and all but the launches' and a few other steps in the engine */
static void test_calls(void)
{
	struct compilation fc;
	compilation_init(&fc);
	int r = front_compile_file(&fc, "tests/cli/hostvm_calls.cu", NULL);
	ok(r == 0, "tests/cli/hostvm_calls.cu compiles");
	if (r) {
		diag_render(&fc.diags, &fc.sm, stdout, 0);
		compilation_release(&fc);
		return;
	}
	ir_optimize_run(fc.mod, &fc.arena);
	cur = fc.mod;
	FILE *o[2] = { tmpfile(), tmpfile() };
	struct machine *m[2];
	for (int k = 0; k < 2; k++) {
		m[k] = start(k, o[k], 0);
		while (machine_run(m[k], 0) == MST_RUNNING)
			;
	}
	char *sa = slurp(o[0]), *sb = slurp(o[1]);
	ok(strcmp(sa, sb) == 0 && !strncmp(sa, "<0:120> 7\n<37:29297> 10\n", 24),
	   "built-ins: the same output both ways");
	ok(machine_exit_status(m[0]) == 4 && machine_exit_status(m[1]) == 4, "built-ins: exit status 4");
	ok(machine_steps(m[0]) == machine_steps(m[1]), "built-ins: the same steps (%llu, %llu)",
	   (unsigned long long)machine_steps(m[0]), (unsigned long long)machine_steps(m[1]));
	uint64_t outside = machine_steps(m[0]) - machine_hostvm_steps(m[0]);
	ok(outside < 1000, "built-ins: the engine makes the 2,100 calls (%llu steps outside it: the grids' and the launches')",
	   (unsigned long long)outside);
	for (int k = 0; k < 2; k++) {
		machine_free(m[k]);
		fclose(o[k]);
	}
	cur = comp.mod;
	compilation_release(&fc);
}

int main(void)
{
	tap_start();
	compilation_init(&comp);
	int r = front_compile_string(&comp, "p.cu", prog, NULL);
	cur = comp.mod;
	ok(r == 0, "the program compiles");
	if (r) {
		diag_render(&comp.diags, &comp.sm, stdout, 0);
		return tap_end();
	}
	test_whole_runs();
	test_single_steps();
	test_breakpoints();
	test_step_limit();
	test_clone();
	test_rand();
	test_fused(0);
	test_fused(1);
	test_super(0);
	test_super(1);
	test_count(0);
	test_count(1);
	test_windows();
	test_calls();
	compilation_release(&comp);
	return tap_end();
}
