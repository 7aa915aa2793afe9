/*
 * unit_session.c - the debugger session (engine/session/session.h) driven
 * directly: stepping, breakpoints of every kind, the stops they report,
 * reverse execution and the promise that continue runs without
 * per-instruction events. The interface's and the Lua host's own tests
 * then check only how they translate to and from it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "machine.h"
#include "eval.h"
#include "session.h"
#include "tap.h"

/* Line numbers below are this program's. */
static const char *const PROG =
	"#include <cstdio>\n"                            /* 1 */
	"__device__ int helper(int x)\n"                 /* 2 */
	"{\n"                                            /* 3 */
	"\treturn x * 2;\n"                              /* 4 */
	"}\n"                                            /* 5 */
	"__global__ void k(int *out)\n"                  /* 6 */
	"{\n"                                            /* 7 */
	"\tint t = threadIdx.x;\n"                       /* 8 */
	"\tint acc = 0;\n"                               /* 9 */
	"\tfor (int i = 0; i < 3; i++) {\n"              /* 10 */
	"\t\tacc += helper(i);\n"                        /* 11 */
	"\t}\n"                                          /* 12 */
	"\tout[t] = acc + t;\n"                          /* 13 */
	"}\n"                                            /* 14 */
	"int main(void)\n"                               /* 15 */
	"{\n"                                            /* 16 */
	"\tint *d;\n"                                    /* 17 */
	"\tcudaMalloc(&d, 65 * sizeof(int));\n"          /* 18 */
	"\tk<<<1, 64>>>(d);\n"                           /* 19 */
	"\tcudaDeviceSynchronize();\n"                   /* 20 */
	"\tprintf(\"done\\n\");\n"                      /* 21 */
	"\treturn 0;\n"                                  /* 22 */
	"}\n";                                           /* 23 */

/* Kernels that only return, launched over more blocks than are resident
 * (machine.c runs their warps in batches and admits blocks lazily), then a
 * kernel that reads its SM's clock. Line numbers below are this program's. */
static const char *const QUICK =
	"#include <cstdio>\n"                            /* 1 */
	"__global__ void empty() {}\n"                  /* 2 */
	"__global__ void k(unsigned long long *o)\n"     /* 3 */
	"{\n"                                            /* 4 */
	"\tunsigned long long c = clock64();\n"          /* 5 */
	"\to[threadIdx.x] = c + threadIdx.x;\n"           /* 6 */
	"}\n"                                            /* 7 */
	"int main()\n"                                   /* 8 */
	"{\n"                                            /* 9 */
	"\tunsigned long long *d;\n"                     /* 10 */
	"\tcudaMalloc(&d, 64 * 8);\n"                    /* 11 */
	"\tfor (int i = 0; i < 3; i++)\n"                /* 12 */
	"\t\tempty<<<3000, 256>>>();\n"                   /* 13 */
	"\tk<<<1, 32>>>(d);\n"                           /* 14 */
	"\tempty<<<5000, 96>>>();\n"                     /* 15 */
	"\tk<<<1, 32>>>(d);\n"                           /* 16 */
	"\tcudaDeviceSynchronize();\n"                  /* 17 */
	"\treturn 0;\n"                                  /* 18 */
	"}\n";                                           /* 19 */

/* 1: sessions start with machine_opts.no_quick (the general path only) */
static int no_quick;

struct prog {
	struct compilation c;
	struct session *s;
	FILE *null;
};

static int open_prog(struct prog *p, const char *text)
{
	struct front_opts fo = { 0 };
	struct machine_opts mo;

	memset(p, 0, sizeof(*p));
	compilation_init(&p->c);
	if (front_compile_string(&p->c, "prog.cu", text, &fo) < 0 || !p->c.mod) {
		diag_render(&p->c.diags, &p->c.sm, stdout, 0);
		return -1;
	}
	machine_opts_init(&mo);
	mo.debugger = 1;
	mo.no_quick = no_quick;
	p->null = fopen("/dev/null", "w");
	mo.out = mo.err = p->null;
	p->s = session_new(p->c.mod, &p->c.sm, &mo, 1);
	session_start_main(p->s, 1, (char *[]){ "prog", NULL });
	return 0;
}

static void close_prog(struct prog *p)
{
	session_free(p->s);
	compilation_release(&p->c);
	if (p->null)
		fclose(p->null);
}

static int step(struct prog *p, enum session_step how, const struct session_focus *f,
		struct session_stop *st)
{
	struct strbuf msg;
	int r;

	strbuf_init(&msg);
	r = session_step(p->s, how, 1, f, st, &msg);
	strbuf_release(&msg);
	return r;
}

/* A lane's value of expr (the evaluator of eval.h), or -999. */
static long long value(struct prog *p, const struct session_stop *st, const char *expr)
{
	struct eval_ctx c;
	struct eval_val v;
	struct strbuf err;
	long long r = -999;

	session_eval_ctx(p->s, st->slot, st->warp, st->lane, &c);
	strbuf_init(&err);
	if (eval_expr(&c, expr, &v, &err) == 0)
		r = v.isf ? (long long)v.f : v.i;
	strbuf_release(&err);
	return r;
}

static void to_kernel(struct prog *p, struct session_stop *st)
{
	struct session_focus host = { -1, 0, 0 };

	for (int i = 0; i < 20; i++)
		if (step(p, SESSION_LINE, &host, st) < 0 || st->reason == SESSION_KERNEL_START)
			return;
}

static void test_host_steps(void)
{
	struct prog p;
	struct session_stop st;
	struct session_focus host = { -1, 0, 0 }, f;

	if (open_prog(&p, PROG) < 0) {
		ok(0, "the test program compiles");
		return;
	}
	ok(step(&p, SESSION_LINE, &host, &st) == 0 && st.reason == SESSION_STEPPED,
	   "a line step in host code is a plain step");
	to_kernel(&p, &st);
	ok(st.reason == SESSION_KERNEL_START && st.has_thread && st.slot == 0 && st.line == 8,
	   "host steps reach the kernel's first statement (line 8), not its prologue (got %d)",
	   st.line);
	ok(strstr(st.text, "kernel k<<<(1,1,1),(64,1,1)>>> started") != NULL, "and say so: %s", st.text);
	f = (struct session_focus){ 0, 1, 3 };
	ok(step(&p, SESSION_LINE, &f, &st) == 0 && st.reason == SESSION_STEPPED, "a line step of warp 1");
	f.warp = 0;
	ok(step(&p, SESSION_INSN, &f, &st) == 0 && st.reason == SESSION_STEPPED, "an instruction of warp 0");
	ok(step(&p, SESSION_BLOCK, &host, &st) < 0, "a block step needs a kernel focus");
	close_prog(&p);
}

static void test_breakpoints(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	int id;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	ok(session_break_line(p.s, 0, 12, NULL, 0, &msg) < 0 && strstr(strbuf_cstr(&msg), "no code at line 12"),
	   "no breakpoint on a line without code: %s", strbuf_cstr(&msg));
	id = session_break_line(p.s, 0, 13, NULL, 0, &msg);
	ok(id == 1, "break 13 is breakpoint 1");
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.bp == 1 && st.line == 13 && st.warp == 0 &&
	   st.lane == 0 && st.mask == 0xffffffffu, "continue stops warp 0 (all lanes) at line 13");
	ok(!strcmp(st.text, "breakpoint 1, line 13: block (0,0,0) warp 0, lanes 0xffffffff"),
	   "the stop says which, where and which lanes: %s", st.text);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.warp == 1 && session_break_get(p.s, 0)->hits == 2,
	   "continue goes past it to warp 1's arrival (2 hits)");
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_EXITED && !strcmp(st.text, "program exited with status 0"),
	   "then to the end: %s", st.text);
	ok(session_step(p.s, SESSION_CONTINUE, 1, NULL, &st, &msg) < 0 &&
	   strstr(strbuf_cstr(&msg), "has finished"), "nothing runs after the end");
	strbuf_release(&msg);
	close_prog(&p);
}

static void test_condition_temporary_disable(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	int id;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_break_line(p.s, 0, 11, "threadIdx.x == 40 && i == 2", 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.warp == 1 && st.lane == 8 && value(&p, &st, "i") == 2,
	   "a condition is evaluated per lane: warp 1 lane 8 (thread 40), i == 2");
	ok(strstr(st.text, "if threadIdx.x == 40") != NULL, "the stop shows the condition");
	session_break_delete(p.s, 0);
	ok(session_break_count(p.s) == 0, "delete all");
	id = session_break_line(p.s, 0, 13, NULL, 1, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.bp == id && session_break_count(p.s) == 0,
	   "a temporary breakpoint stops once and is gone");
	id = session_break_line(p.s, 0, 13, NULL, 0, &msg);
	session_break_enable(p.s, id, 0);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_EXITED, "a disabled breakpoint does not stop");
	strbuf_release(&msg);
	close_prog(&p);
}

static void test_function_breakpoint(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	ok(session_break_func(p.s, "nosuch", NULL, 0, &msg) < 0, "no breakpoint on an unknown function");
	ok(session_break_func(p.s, "k", NULL, 0, &msg) > 0 && session_break_get(p.s, 0)->line == 8,
	   "break k: the kernel's first statement (line 8)");
	session_break_func(p.s, "helper", "x == 1", 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.line == 8, "continue stops at k");
	session_break_delete(p.s, 1);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.line == 4 && value(&p, &st, "x") == 1,
	   "break helper if x == 1 stops inside helper with x == 1 (line %d)", st.line);
	strbuf_release(&msg);
	close_prog(&p);
}

/* A breakpoint passed once on resume is not passed again after the warp
 * was stepped away and came back (the engine's pass mark is settled). */
static void test_pass_once(void)
{
	struct prog p;
	struct session_stop st;
	struct session_focus f = { 0, 0, 0 };
	struct strbuf msg;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_break_line(p.s, 0, 11, NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.warp == 0 && value(&p, &st, "i") == 0,
	   "warp 0 stops at line 11 with i == 0");
	step(&p, SESSION_OVER, &f, &st);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.warp == 1 && value(&p, &st, "i") == 0,
	   "then warp 1 with i == 0");
	step(&p, SESSION_CONTINUE, NULL, &st);
	/* a stop does not change the schedule: warp 1 goes on with its turn */
	ok(st.reason == SESSION_BREAKPOINT && st.warp == 1 && value(&p, &st, "i") == 1,
	   "then warp 1 again, with i == 1 (got warp %d, i %lld)", st.warp, value(&p, &st, "i"));
	strbuf_release(&msg);
	close_prog(&p);
}

static const char *const OOB =
	"__global__ void k(int *out)\n"
	"{\n"
	"\tout[threadIdx.x + 1] = 1;\n"
	"}\n"
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 32 * sizeof(int));\n"
	"\tk<<<1, 32>>>(d);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

static void test_findings(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;

	if (open_prog(&p, OOB) < 0)
		return;
	strbuf_init(&msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_FOUND && !strcmp(machine_finding_get(session_machine(p.s), st.finding)->kind,
						   "oob-global-write") && st.line == 3,
	   "continue stops at a new finding: %s", st.text);
	close_prog(&p);
	open_prog(&p, OOB);
	ok(session_break_finding(p.s, "nosuch", &msg) < 0, "break finding with an unknown kind is refused");
	session_break_finding(p.s, "race", &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_EXITED, "with only 'finding race', an oob is not stopped at");
	strbuf_release(&msg);
	close_prog(&p);
}

static void test_reverse(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	uint64_t s1;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_break_line(p.s, 0, 13, NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	s1 = session_steps(p.s);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.warp == 1 && session_steps(p.s) > s1, "two stops");
	session_break_delete(p.s, 0);
	step(&p, SESSION_BACK, NULL, &st);
	ok(st.reason == SESSION_BACKED && session_steps(p.s) == s1, "reverse: back at the first stop (step %llu)",
	   (unsigned long long)s1);
	step(&p, SESSION_BACK, NULL, &st);
	ok(session_steps(p.s) == 0, "and before it, at the start");
	ok(session_step(p.s, SESSION_BACK, 1, NULL, &st, &msg) < 0 && strstr(strbuf_cstr(&msg), "already at the start"),
	   "not further");
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_EXITED, "the breakpoints deleted meanwhile stay deleted after the replay");
	strbuf_release(&msg);
	close_prog(&p);
}


static const char *const LOOP =
	"__device__ int helper(int x)\n"                 /* 1 */
	"{\n"                                            /* 2 */
	"\treturn x * 2;\n"                              /* 3 */
	"}\n"                                            /* 4 */
	"__global__ void k(int *out, int n)\n"           /* 5 */
	"{\n"                                            /* 6 */
	"\tint acc = 0;\n"                               /* 7 */
	"\tfor (int i = 0; i < n; i++) {\n"              /* 8 */
	"\t\tacc += helper(i);\n"                        /* 9 */
	"\t\tif (i % 50 == 49)\n"                        /* 10 */
	"\t\t\tacc -= i;\n"                              /* 11 */
	"\t}\n"                                          /* 12 */
	"\tout[threadIdx.x] = acc;\n"                    /* 13 */
	"}\n"                                            /* 14 */
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 128 * sizeof(int));\n"
	"\tk<<<2, 64>>>(d, 400);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

/* Checkpoints: reverse execution restores a copy of the machine and replays
 * only the distance; every result is the one a replay from the start gives. */
static void test_checkpoints(void)
{
	struct prog a, b;
	struct session_stop sa, sb;
	struct strbuf msg;
	struct session_focus f = { 0, 0, 5 };
	int same = 1, n = 0;
	size_t nck = 0;
	static const enum session_step script[] = {
		SESSION_CONTINUE, SESSION_CONTINUE, SESSION_CONTINUE, SESSION_OVER, SESSION_OVER,
		SESSION_BACK_STEP, SESSION_BACK_STEP, SESSION_BACK, SESSION_CONTINUE, SESSION_CONTINUE,
		SESSION_BACK_NEXT, SESSION_BACK_CONTINUE, SESSION_BACK_CONTINUE, SESSION_STMT, SESSION_STMT,
		SESSION_STMT, SESSION_STMT, SESSION_BACK_FINISH, SESSION_BACK, SESSION_BACK, SESSION_CONTINUE,
		SESSION_BACK_STEP, SESSION_CONTINUE,
	};

	if (open_prog(&a, LOOP) < 0 || open_prog(&b, LOOP) < 0) {
		ok(0, "the loop program compiles");
		return;
	}
	strbuf_init(&msg);
	session_set_checkpoints(a.s, 64u << 20, 500);  /* many */
	session_set_checkpoints(b.s, 0, 0);           /* none: replays from the start */
	session_break_line(a.s, 0, 11, NULL, 0, &msg);
	session_break_line(b.s, 0, 11, NULL, 0, &msg);
	for (size_t i = 0; i < sizeof(script) / sizeof(script[0]); i++) {
		const struct session_focus *fp = script[i] == SESSION_CONTINUE ? NULL : &f;
		int ra = session_step(a.s, script[i], 1, fp, &sa, &msg);
		int rb = session_step(b.s, script[i], 1, fp, &sb, &msg);
		struct session_warp wa, wb;

		if (sa.has_thread && sa.slot >= 0)
			f = (struct session_focus){ sa.slot, sa.warp, sa.lane };
		session_warp(a.s, 0, f.warp, &wa);
		session_warp(b.s, 0, f.warp, &wb);
		if (ra != rb || sa.reason != sb.reason || strcmp(sa.text, sb.text) ||
		    session_steps(a.s) != session_steps(b.s) || memcmp(wa.line, wb.line, sizeof(wa.line)) ||
		    value(&a, &sa, "acc") != value(&b, &sb, "acc")) {
			same = 0;
			printf("# command %zu: %s (%llu steps) vs %s (%llu steps)\n", i, sa.text,
			       (unsigned long long)session_steps(a.s), sb.text,
			       (unsigned long long)session_steps(b.s));
		}
		n += sa.reason == SESSION_BACKED;
		if (getenv("WS_DEBUG_TEST"))
			printf("# %zu: %d %s | %s\n", i, ra, sa.text, strbuf_cstr(&msg));
		strbuf_reset(&msg);
		if (session_checkpoints(a.s) > nck)
			nck = session_checkpoints(a.s);
	}
	ok(nck > 1 && session_checkpoints(b.s) == 0, "checkpoints were taken (up to %zu)", nck);
	ok(same && n >= 10, "%d reverse commands from checkpoints land where replays from the start do", n);
	strbuf_release(&msg);
	close_prog(&a);
	close_prog(&b);
}

/* gdb's set var and until/advance LOCATION cut short by a return, with
 * checkpoints: a session that restores copies of the machine lands where
 * one that replays from the start does, assignments included (session.h:
 * an assignment is a step of the log). */
static void test_assign_advance_checkpoints(void)
{
	struct prog a, b;
	struct session_stop sa, sb;
	struct strbuf msg;
	struct session_focus f;
	long long fwd[4], orig;
	int same = 1, back_ok = 1;

	if (open_prog(&a, LOOP) < 0 || open_prog(&b, LOOP) < 0)
		return;
	strbuf_init(&msg);
	session_set_checkpoints(a.s, 64u << 20, 500);
	session_set_checkpoints(b.s, 0, 0);
	session_break_line(a.s, 0, 11, NULL, 0, &msg);
	session_break_line(b.s, 0, 11, NULL, 0, &msg);
	step(&a, SESSION_CONTINUE, NULL, &sa);
	step(&b, SESSION_CONTINUE, NULL, &sb);
	f = (struct session_focus){ sa.slot, sa.warp, sa.lane };
	orig = value(&a, &sa, "acc");
	ok(session_assign(a.s, f.slot, f.warp, f.lane, 0, "acc = 1000", NULL, &msg) == 0 &&
	   session_assign(b.s, f.slot, f.warp, f.lane, 0, "acc = 1000", NULL, &msg) == 0 &&
	   value(&a, &sa, "acc") == 1000, "session_assign: acc = 1000 (was %lld)", orig);
	fwd[0] = 1000;
	for (int i = 1; i < 4; i++) {
		step(&a, SESSION_CONTINUE, NULL, &sa);
		step(&b, SESSION_CONTINUE, NULL, &sb);
		sa.slot = f.slot, sa.warp = f.warp, sa.lane = f.lane;
		fwd[i] = value(&a, &sa, "acc");
		same &= session_steps(a.s) == session_steps(b.s) && fwd[i] == value(&b, &sa, "acc");
	}
	ok(session_checkpoints(a.s) > 1, "checkpoints were taken after the assignment (%zu)",
	   session_checkpoints(a.s));
	for (int i = 2; i >= 0; i--) {
		step(&a, SESSION_BACK, NULL, &sa);
		step(&b, SESSION_BACK, NULL, &sb);
		sa.slot = f.slot, sa.warp = f.warp, sa.lane = f.lane;
		back_ok &= value(&a, &sa, "acc") == fwd[i] && value(&b, &sa, "acc") == fwd[i];
		same &= session_steps(a.s) == session_steps(b.s);
	}
	ok(back_ok, "undo after the assignment: each value as it was going forward (1000 kept)");
	step(&a, SESSION_BACK, NULL, &sa);
	step(&b, SESSION_BACK, NULL, &sb);
	sa.slot = f.slot, sa.warp = f.warp, sa.lane = f.lane;
	ok(value(&a, &sa, "acc") == orig && value(&b, &sa, "acc") == orig,
	   "one more undo takes the assignment back");
	/* advance out of helper: the stop at its return, replayed exactly */
	session_break_delete(a.s, 0);
	session_break_delete(b.s, 0);
	session_break_line(a.s, 0, 3, NULL, 1, &msg);
	session_break_line(b.s, 0, 3, NULL, 1, &msg);
	step(&a, SESSION_CONTINUE, NULL, &sa);
	step(&b, SESSION_CONTINUE, NULL, &sb);
	f = (struct session_focus){ sa.slot, sa.warp, sa.lane };
	session_advance(a.s, &f, 0, 13, NULL, 0, &sa, &msg);
	session_advance(b.s, &f, 0, 13, NULL, 0, &sb, &msg);
	ok(sa.line == 9 && strstr(sa.text, "Run till exit from helper") && !strcmp(sa.text, sb.text),
	   "advance 13 from helper: stopped at its return (line %d: %s)", sa.line, sa.text);
	{
		uint64_t at = session_steps(a.s);

		for (int i = 0; i < 5; i++) {
			step(&a, SESSION_OVER, &f, &sa);
			step(&b, SESSION_OVER, &f, &sb);
		}
		step(&a, SESSION_CONTINUE, NULL, &sa);
		step(&b, SESSION_CONTINUE, NULL, &sb);
		for (int i = 0; i < 6; i++) {
			step(&a, SESSION_BACK, NULL, &sa);
			step(&b, SESSION_BACK, NULL, &sb);
			same &= session_steps(a.s) == session_steps(b.s);
		}
		ok(session_steps(a.s) == at && session_steps(b.s) == at,
		   "undo back to the advance's stop: the same step (%llu) from checkpoints and from the start",
		   (unsigned long long)at);
	}
	ok(same, "every step count agrees with the replay from the start");
	strbuf_release(&msg);
	close_prog(&a);
	close_prog(&b);
}

/* Past the memory cap, older checkpoints are thinned out; going back still
 * lands where a replay from the start does. */
static void test_checkpoint_cap(void)
{
	struct prog a, b;
	struct session_stop sa, sb;
	struct strbuf msg;
	int capped = 1, kept2 = 0, same = 1;

	if (open_prog(&a, LOOP) < 0 || open_prog(&b, LOOP) < 0)
		return;
	strbuf_init(&msg);
	session_set_checkpoints(b.s, 0, 0);
	session_break_line(a.s, 0, 11, NULL, 0, &msg);
	session_break_line(b.s, 0, 11, NULL, 0, &msg);
	step(&a, SESSION_CONTINUE, NULL, &sa);
	step(&b, SESSION_CONTINUE, NULL, &sb);
	/* room for three copies of the machine as it is while the kernel runs */
	session_set_checkpoints(a.s, 3 * machine_clone_bytes(session_machine(a.s)) + 1024, 100);
	for (int i = 0; i < 24; i++) {
		step(&a, SESSION_CONTINUE, NULL, &sa);
		step(&b, SESSION_CONTINUE, NULL, &sb);
		capped &= session_checkpoints(a.s) <= 3;
		kept2 += session_checkpoints(a.s) >= 2;
		same &= session_steps(a.s) == session_steps(b.s);
	}
	for (int i = 0; i < 12; i++) {
		step(&a, i % 3 ? SESSION_BACK : SESSION_BACK_CONTINUE, NULL, &sa);
		step(&b, i % 3 ? SESSION_BACK : SESSION_BACK_CONTINUE, NULL, &sb);
		same &= session_steps(a.s) == session_steps(b.s) && !strcmp(sa.text, sb.text);
	}
	ok(capped && kept2 > 12, "within a cap of 3 copies, 2 or 3 checkpoints are kept (%d of 24 stops)", kept2);
	ok(same, "continues and reverses land where they do without checkpoints");
	strbuf_release(&msg);
	close_prog(&a);
	close_prog(&b);
}

/* Forward statement steps of one thread, then reverse-step as many times:
 * the same statements, in reverse order, at the same machine steps. */
static void test_reverse_step(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	struct session_focus f = { 0, 1, 3 };
	uint64_t steps[40];
	int line[40], n = 0, good = 1;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_set_checkpoints(p.s, 64u << 20, 25);
	to_kernel(&p, &st);
	for (; n < 40; n++) {
		struct session_warp w;

		struct machine_group_info gi;

		session_warp(p.s, 0, 1, &w);
		steps[n] = session_steps(p.s);
		line[n] = w.line[3];
		if (line[n] == 13)
			break;
		/* a stop after a return stands inside the caller's statement: not
		 * a statement start, reverse-step goes past it (into the call) */
		if (machine_lane(session_machine(p.s), 0, 1, 3, &gi) == 0 &&
		    machine_stmt_start(session_machine(p.s), gi.func, gi.pc))
			;
		else if (n)
			n--;
		step(&p, SESSION_STMT, &f, &st);
	}
	ok(n > 10 && line[n] == 13, "%d statement steps of warp 1 to line 13", n);
	for (int i = n - 1; i >= 0; i--) {
		step(&p, SESSION_BACK_STEP, &f, &st);
		if (st.reason != SESSION_BACKED || session_steps(p.s) != steps[i] || st.line != line[i] ||
		    st.warp != 1 || st.lane != 3) {
			good = 0;
			printf("# back to %d: %s, line %d at step %llu (expected line %d at %llu)\n", i, st.text,
			       st.line, (unsigned long long)session_steps(p.s), line[i],
			       (unsigned long long)steps[i]);
			break;
		}
	}
	ok(good, "reverse-step visits them backwards, each at its own step");
	ok(session_step(p.s, SESSION_BACK_STEP, 1, &f, &st, &msg) < 0 &&
	   strstr(strbuf_cstr(&msg), "no earlier statement"), "not before the thread's first: %s",
	   strbuf_cstr(&msg));
	strbuf_release(&msg);
	close_prog(&p);
}

/* The case: continue, next, next, then three reverse-steps go to the
 * previous statements of the thread, not to the start; reverse-next skips
 * the calls, reverse-finish goes to the call, reverse-continue to the
 * previous breakpoint hit. */
static void test_reverse_kinds(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	struct session_focus f = { 0, 0, 0 };
	uint64_t s1, s2;
	int l1, l2, l3;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_break_line(p.s, 0, 11, NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	f = (struct session_focus){ st.slot, st.warp, st.lane };
	s1 = session_steps(p.s);
	step(&p, SESSION_OVER, &f, &st);
	l1 = st.line;
	step(&p, SESSION_OVER, &f, &st);
	l2 = st.line;
	s2 = session_steps(p.s);
	step(&p, SESSION_BACK_STEP, &f, &st);
	l3 = st.line;
	ok(st.reason == SESSION_BACKED && session_steps(p.s) < s2 && session_steps(p.s) > s1,
	   "continue, next, next, reverse-step: between the stops (%s; lines %d %d)", st.text, l1, l2);
	step(&p, SESSION_BACK_STEP, &f, &st);
	step(&p, SESSION_BACK_STEP, &f, &st);
	ok(session_steps(p.s) > 0 && st.line >= 4 && st.line <= 11,
	   "three reverse-steps stay in the kernel: %s (after line %d)", st.text, l3);
	session_break_delete(p.s, 0);
	session_break_line(p.s, 0, 4, NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && st.line == 4, "into helper (line 4)");
	f = (struct session_focus){ st.slot, st.warp, st.lane };
	s1 = session_steps(p.s);
	{
		long long acc0;

		step(&p, SESSION_BACK_FINISH, &f, &st);
		acc0 = value(&p, &st, "acc");
		ok(st.reason == SESSION_BACKED && st.line == 11 && session_steps(p.s) < s1,
		   "reverse-finish: to the call's statement (%s)", st.text);
		step(&p, SESSION_OVER, &f, &st);
		ok(value(&p, &st, "acc") > acc0 || st.line != 11, "the call had not run there");
	}
	step(&p, SESSION_BACK_NEXT, &f, &st);
	ok(st.reason == SESSION_BACKED && st.line >= 8 && st.line <= 11, "reverse-next stays in k: %s", st.text);
	session_break_delete(p.s, 0);
	session_break_line(p.s, 0, 13, NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	s1 = session_steps(p.s);
	{
		/* which warp comes first is the scheduler's business: the two
		 * hits are in the two warps */
		int w1 = st.warp, w2;

		step(&p, SESSION_CONTINUE, NULL, &st);
		w2 = st.warp;
		ok(w2 != w1 && session_steps(p.s) > s1, "two breakpoint hits, one per warp (%d, %d)", w1, w2);
		strbuf_reset(&msg);
		session_step(p.s, SESSION_BACK_CONTINUE, 1, &f, &st, &msg);
		ok(st.reason == SESSION_BACKED && st.bp > 0 && st.line == 13 && st.warp == w1 &&
		   session_steps(p.s) == s1, "reverse-continue: back at the first hit (%s%s)", st.text,
		   strbuf_cstr(&msg));
		step(&p, SESSION_CONTINUE, NULL, &st);
		ok(st.reason == SESSION_BREAKPOINT && st.warp == w2, "and continue goes to the second again: %s",
		   st.text);
	}
	strbuf_release(&msg);
	close_prog(&p);
}

static int ninsn;
static void count_insn(void *ctx, const struct machine_event *e)
{
	(void)ctx;
	ninsn += e->kind == EV_INSN;
}

static void test_no_insn_events_in_continue(void)
{
	struct prog p;
	struct session_stop st;
	struct session_focus f = { 0, 0, 0 };
	struct strbuf msg;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_observe(p.s, 1u << EV_INSN, 0, count_insn, NULL);
	session_break_line(p.s, 0, 11, NULL, 0, &msg);
	ninsn = 0;
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BREAKPOINT && ninsn == 0,
	   "continue to a breakpoint runs without per-instruction events (%d)", ninsn);
	step(&p, SESSION_INSN, &f, &st);
	ok(ninsn == 1, "a step delivers them");
	session_set_limit(p.s, 10);
	session_break_delete(p.s, 0);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_LIMIT, "the step limit stops a command: %s", st.text);
	strbuf_release(&msg);
	close_prog(&p);
}

/* The Lua API's stepping: the scheduler's warp, and breakpoints stop steps. */
static void test_step_stops(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	int n = 0;

	if (open_prog(&p, PROG) < 0)
		return;
	strbuf_init(&msg);
	session_set_step_stops(p.s, 1);
	session_break_line(p.s, 0, 13, NULL, 0, &msg);
	do
		step(&p, SESSION_STMT, NULL, &st);
	while (st.reason != SESSION_BREAKPOINT && st.reason != SESSION_EXITED && ++n < 10000);
	ok(st.reason == SESSION_BREAKPOINT && st.line == 13, "statement steps stop at a breakpoint (%d steps: %d %s)", n, st.reason, st.text);
	strbuf_release(&msg);
	close_prog(&p);
}


static const char *const SHARED =
	"__global__ void k(int *out)\n"                  /* 1 */
	"{\n"                                            /* 2 */
	"\t__shared__ int s[128];\n"                    /* 3 */
	"\ts[threadIdx.x * 2] = threadIdx.x;\n"          /* 4 */
	"\t__syncthreads();\n"                           /* 5 */
	"\tout[threadIdx.x] = s[threadIdx.x * 2];\n"     /* 6 */
	"\tif (threadIdx.x == 0) out[0] = 5;\n"          /* 7 */
	"\tif (threadIdx.x == 0) out[0] = 5;\n"          /* 8 */
	"\tif (threadIdx.x == 0) out[0] = 7;\n"          /* 9 */
	"}\n"                                            /* 10 */
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 64 * sizeof(int));\n"
	"\tk<<<1, 64>>>(d);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

/* The access log and the summaries of a warp and of a barrier. */
static void test_access_and_summaries(void)
{
	struct prog p;
	struct session_stop st;
	struct session_focus f = { 0, 0, 0 };
	struct session_warp w;
	struct session_barrier b;
	const struct session_access *a;
	struct strbuf msg;

	if (open_prog(&p, SHARED) < 0) {
		ok(0, "the shared-memory program compiles");
		return;
	}
	strbuf_init(&msg);
	session_break_line(p.s, 0, 5, NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	a = session_access_last(p.s, SESSION_SHARED);
	ok(st.reason == SESSION_BREAKPOINT && a && a->write && a->warp == 0 && a->line == 4 &&
	   a->mask == 0xffffffffu, "the access log keeps warp 0's shared store of line 4");
	ok(a && a->degree == 2 && !strcmp(a->note, "lanes 0 and 16 hit bank 0 at different words"),
	   "a stride-2 store is a 2-way bank conflict: %s", a ? a->note : "-");
	ok(session_access_last(p.s, SESSION_GLOBAL) == NULL, "no global access yet");
	/* a line step would go through the barrier (docs/debugging.md);
	 * instruction steps stop there */
	for (int i = 0; i < 10 && st.reason != SESSION_WAITS; i++)
		step(&p, SESSION_INSN, &f, &st);
	ok(st.reason == SESSION_WAITS, "instruction steps of warp 0 end at the barrier: %s", st.text);
	ok(session_warp(p.s, 0, 0, &w) == 0 && w.ngroups == 1 && w.state[0] == LS_BARRIER &&
	   w.line[31] == 5 && w.note && !strcmp(w.note, "at __syncthreads"),
	   "the warp summary: one group, at __syncthreads on line 5");
	ok(session_warp(p.s, 0, 1, &w) == 0 && w.current == 0 && w.state[0] == LS_ACTIVE && !w.note,
	   "warp 1 runs next, not waiting");
	ok(session_barrier(p.s, 0, &b) == 0 && b.at_bar[0] == 0xffffffffu && b.at_bar[1] == 0 &&
	   b.live == 64 && b.nwarps == 2, "the barrier summary: warp 0's 32 lanes of 64 arrived");
	ok(session_warp(p.s, 5, 0, &w) < 0 && session_barrier(p.s, 5, &b) < 0, "no slot 5");
	strbuf_release(&msg);
	close_prog(&p);
}

static void test_watchpoints(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	struct eval_ctx c;
	struct eval_val v;
	uint64_t out;
	const struct session_access *a;

	if (open_prog(&p, SHARED) < 0)
		return;
	strbuf_init(&msg);
	session_break_func(p.s, "k", NULL, 0, &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	session_eval_ctx(p.s, st.slot, st.warp, st.lane, &c);
	ok(st.reason == SESSION_BREAKPOINT && eval_expr(&c, "out", &v, &msg) == 0, "stopped in k: out is known");
	out = (uint64_t)v.i;
	session_break_delete(p.s, 0);
	ok(session_watch(p.s, out, 16, SESSION_WATCH_WRITE, -1, "x", &msg) < 0, "at most 8 bytes");
	ok(session_watch(p.s, out + 40 * 4, 4, SESSION_WATCH_WRITE, -1, "out[40]", &msg) > 0, "watch out[40]");
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_WATCHED && st.warp == 1 && st.lane == 8 && st.new_val == 40,
	   "continue stops after warp 1 lane 8 writes 40: %s", st.text);
	a = session_access_last(p.s, SESSION_GLOBAL);
	ok(a && a->write && a->warp == 1 && a->sectors == 4 && a->line == 6,
	   "the global access of line 6: 4 sectors");
	session_break_delete(p.s, 0);
	session_watch(p.s, out, 4, SESSION_WATCH_WRITE, -1, "out[0]", &msg);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_WATCHED && st.old_val == 0 && st.new_val == 5, "out[0]: 0 -> 5 (%s)", st.text);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_WATCHED && st.old_val == 5 && st.new_val == 7,
	   "storing 5 over 5 does not stop; 5 -> 7 does (%s)", st.text);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_EXITED, "then the end");
	step(&p, SESSION_BACK, NULL, &st);
	ok(st.reason == SESSION_BACKED && session_steps(p.s) > 0, "reverse replays through watchpoints");
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_EXITED, "and runs on from there: %s", st.text);
	strbuf_release(&msg);
	close_prog(&p);
}

static void test_values(void)
{
	struct eval_val v;
	struct strbuf sb;

	eval_scalar_val(IR_F16, 0x3e00, &v);
	ok(v.isf && v.f == 1.5, "a half 0x3e00 is 1.5");
	eval_scalar_val(IR_S8, 0xff, &v);
	ok(!v.isf && v.i == -1, "a signed char 0xff is -1");
	strbuf_init(&sb);
	eval_scalar_text(IR_U32, 0xffffffffu, &sb);
	ok(!strcmp(strbuf_cstr(&sb), "4294967295"), "an unsigned int prints unsigned");
	strbuf_release(&sb);
}

static const char *const LONG =
	"__global__ void k(int *out, int n)\n"           /* 1 */
	"{\n"                                            /* 2 */
	"\tint acc = 0;\n"                               /* 3 */
	"\tfor (int i = 0; i < n; i++)\n"                /* 4 */
	"\t\tacc += i;\n"                                /* 5 */
	"\t__brkpt();\n"                                 /* 6 */
	"\tout[threadIdx.x] = acc;\n"                    /* 7 */
	"}\n"                                            /* 8 */
	"int main(void)\n"
	"{\n"
	"\tint *d;\n"
	"\tcudaMalloc(&d, 32 * sizeof(int));\n"
	"\tk<<<1, 32>>>(d, 20000);\n"
	"\tcudaDeviceSynchronize();\n"
	"\tk<<<1, 32>>>(d, 1);\n"
	"\tcudaDeviceSynchronize();\n"
	"\treturn 0;\n"
	"}\n";

static int npolls;
static int poll_once(void *ctx, uint64_t steps, uint64_t total)
{
	(void)ctx;
	(void)steps;
	(void)total;
	return ++npolls >= 2;
}

static int poll_always(void *ctx, uint64_t steps, uint64_t total)
{
	(void)ctx;
	(void)steps;
	(void)total;
	return 1;
}

/* The other step sizes, the poll, __brkpt() and manual scheduling. */
static void test_runs(void)
{
	struct prog p;
	struct session_stop st;
	struct session_focus f = { 0, 0, 0 };
	struct machine_choice ch[4];

	if (open_prog(&p, LONG) < 0) {
		ok(0, "the long program compiles");
		return;
	}
	session_set_poll(p.s, poll_once, NULL);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_INTERRUPTED && npolls == 2 && strstr(st.text, "interrupted (Ctrl-C) after"),
	   "the poll interrupts a long continue between chunks: %s", st.text);
	session_set_poll(p.s, NULL, NULL);
	step(&p, SESSION_CONTINUE, NULL, &st);
	ok(st.reason == SESSION_BRKPT && st.has_thread && st.warp == 0 && strstr(st.text, "line 6"),
	   "__brkpt() stops continue on its thread: %s", st.text);
	{
		/* a long replay (no checkpoints: from the start) interrupted
		 * stops at an earlier point of the same run */
		uint64_t at = session_steps(p.s);

		session_set_checkpoints(p.s, 0, 0);
		session_set_poll(p.s, poll_always, NULL);
		step(&p, SESSION_BACK, NULL, &st);
		ok(st.reason == SESSION_BACKED && strstr(st.text, "interrupted") && session_steps(p.s) < at &&
		   session_steps(p.s) > 0, "an interrupted replay stops on the way: %s", st.text);
		session_set_poll(p.s, NULL, NULL);
		step(&p, SESSION_CONTINUE, NULL, &st);
		ok(st.reason == SESSION_BRKPT, "and continue goes on from there: %s", st.text);
	}
	step(&p, SESSION_KERNEL, NULL, &st);
	ok(st.reason == SESSION_KERNEL_DONE && !machine_kernel(session_machine(p.s), &(struct machine_kernel_info){ 0 }) == 0,
	   "run to the kernel's end: %s", st.text);
	to_kernel(&p, &st);
	ok(st.reason == SESSION_KERNEL_START, "host steps reach the second launch");
	ok(session_choose(p.s, &(struct machine_choice){ 5, 0, 0, 0, 0, 0 }) < 0, "no such choice");
	ok(machine_choices(session_machine(p.s), ch, 4) == 1 && session_choose(p.s, &ch[0]) == 0,
	   "a chosen group runs");
	ok(session_last_ran(p.s, &f.slot, &f.warp, NULL, NULL) == 0 && f.slot == 0 && f.warp == 0,
	   "the session knows which group ran last");
	step(&p, SESSION_FINDING, NULL, &st);
	ok(st.reason == SESSION_BRKPT, "to the next finding: __brkpt() stops it too (%s)", st.text);
	step(&p, SESSION_FINDING, NULL, &st);
	ok(st.reason == SESSION_EXITED, "then no finding: the end (%s)", st.text);
	close_prog(&p);

	if (open_prog(&p, SHARED) < 0)
		return;
	to_kernel(&p, &st);
	step(&p, SESSION_BARRIER, &f, &st);
	ok(st.reason == SESSION_BARRIER_DONE && !strcmp(st.text, "a barrier completed"), "to the barrier");
	close_prog(&p);
}

/* A reload: the breakpoints go to the new program where their lines still
 * have code, with their ids; watchpoints do not. */
static void test_break_copy(void)
{
	struct prog a, b;
	struct strbuf msg;
	uint64_t addr = 0;

	if (open_prog(&a, PROG) < 0 || open_prog(&b, SHARED) < 0)
		return;
	strbuf_init(&msg);
	session_break_line(a.s, 0, 13, "t > 3", 0, &msg);  /* 1: SHARED has no line 13 */
	session_break_line(a.s, 0, 8, NULL, 0, &msg);      /* 2: kept */
	machine_alloc(session_machine(a.s), 16, &addr);
	ok(session_watch(a.s, addr, 4, SESSION_WATCH_WRITE, -1, "x", &msg) == 3, "a watchpoint is 3");
	session_break_finding(a.s, "race", &msg);          /* 3 or 4: kept */
	session_break_copy(b.s, a.s);
	ok(session_break_count(b.s) == 2 && session_break_get(b.s, 0)->id == 2 &&
	   session_break_get(b.s, 0)->line == 8 && session_break_get(b.s, 1)->kind == SBP_FINDING,
	   "line 8 and the finding breakpoint are kept, with their ids");
	ok(session_break_line(b.s, 0, 4, NULL, 0, &msg) > session_break_get(a.s, session_break_count(a.s) - 1)->id,
	   "new ids continue after the old ones");
	strbuf_release(&msg);
	close_prog(&a);
	close_prog(&b);
}

/* Stops after launches of kernels that only return, and reverse execution
 * back through them, with the quick visits (machine.c sched_quick) and
 * without: the same steps and the same clock readings. */
static void test_quick_launches(void)
{
	struct prog p;
	struct session_stop st;
	struct strbuf msg;
	unsigned long long r[2][5];

	for (int q = 0; q < 2; q++) {
		no_quick = q;
		memset(r[q], 0, sizeof(r[q]));
		if (open_prog(&p, QUICK) < 0)
			break;
		strbuf_init(&msg);
		session_break_line(p.s, 0, 6, NULL, 0, &msg);
		step(&p, SESSION_CONTINUE, NULL, &st);
		r[q][0] = session_steps(p.s);
		r[q][1] = (unsigned long long)value(&p, &st, "c");
		step(&p, SESSION_CONTINUE, NULL, &st);
		r[q][2] = session_steps(p.s);
		r[q][3] = (unsigned long long)value(&p, &st, "c");
		step(&p, SESSION_BACK, NULL, &st);
		r[q][4] = session_steps(p.s) == r[q][0] ? (unsigned long long)value(&p, &st, "c") : 0;
		strbuf_release(&msg);
		close_prog(&p);
	}
	no_quick = 0;
	ok(r[0][0] > 3 * 3000 * 8 && r[0][2] > r[0][0] + 5000 * 3, "stops in k after the empty launches (steps %llu, %llu)",
	   r[0][0], r[0][2]);
	ok(r[0][0] == r[1][0] && r[0][1] == r[1][1], "first stop: steps and clock as without quick visits (%llu %llu, %llu %llu)",
	   r[0][0], r[1][0], r[0][1], r[1][1]);
	ok(r[0][2] == r[1][2] && r[0][3] == r[1][3], "second stop: the same (%llu %llu, %llu %llu)", r[0][2], r[1][2],
	   r[0][3], r[1][3]);
	ok(r[0][4] == r[0][1] && r[1][4] == r[1][1], "reverse through the empty launches: back at the first stop, same clock");
}

int main(void)
{
	tap_start();
	test_host_steps();
	test_breakpoints();
	test_condition_temporary_disable();
	test_function_breakpoint();
	test_pass_once();
	test_findings();
	test_reverse();
	test_checkpoints();
	test_checkpoint_cap();
	test_assign_advance_checkpoints();
	test_reverse_step();
	test_reverse_kinds();
	test_no_insn_events_in_continue();
	test_step_stops();
	test_access_and_summaries();
	test_watchpoints();
	test_values();
	test_runs();
	test_break_copy();
	test_quick_launches();
	return tap_end();
}
