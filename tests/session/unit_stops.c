/*
 * unit_stops.c - the statement rule of docs/debugging.md checked against
 * the engine's own trace. For every program of tests/session/stops/ (each NAME.cu),
 * under both --simt policies, the oracle is the run without breakpoints
 * with an EV_STMT observer: every time a group begins a statement, its
 * (step, block, warp, lane mask, line). Then, for EVERY line with code, a
 * fresh session sets a breakpoint there and continues to the end: the
 * stops must be exactly the oracle's events on that line, in order, at the
 * same machine steps (a stop does not change the schedule).
 * WS_STOPS_VERBOSE=1 prints every stop.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "machine.h"
#include "eval.h"
#include "session.h"
#include "tap.h"

#define STOPS_DIR "tests/session/stops"

struct ev {
	uint64_t step;
	uint32_t block[3];
	int warp, line;
	uint32_t mask;
};

struct trace {
	VEC(struct ev) v;
	struct session *s;
};

static FILE *devnull;

static struct session *open_session(struct compilation *c, enum simt_policy simt)
{
	struct machine_opts mo;
	struct session *s;

	machine_opts_init(&mo);
	mo.simt = simt;
	mo.debugger = 1;
	mo.out = mo.err = devnull;
	s = session_new(c->mod, &c->sm, &mo, 0);
	session_start_main(s, 1, (char *[]){ "prog", NULL });
	return s;
}

static void ev_block(struct session *s, int slot, uint32_t b[3])
{
	struct machine_block_info bi;

	memset(b, 0xff, 3 * sizeof(uint32_t));
	if (slot >= 0 && machine_block(session_machine(s), slot, &bi) == 0)
		memcpy(b, bi.idx, 3 * sizeof(uint32_t));
}

static void on_stmt(void *ctx, const struct machine_event *e)
{
	struct trace *t = ctx;
	struct ev x;

	x.step = session_steps(t->s);
	ev_block(t->s, e->slot, x.block);
	x.warp = e->slot < 0 ? -1 : e->warp;
	x.mask = e->mask;
	x.line = session_line(t->s, e->func, e->pc);
	vec_push(&t->v, x);
}

/* Continue to the end; breakpoint stops go to out (NULL: none expected).
 * Returns -1 when the run does not end normally. */
static int run_to_end(struct session *s, struct trace *out, const char **why)
{
	struct session_stop st;
	struct strbuf msg;

	strbuf_init(&msg);
	for (int i = 0; i < 100000; i++) {
		if (session_step(s, SESSION_CONTINUE, 1, NULL, &st, &msg) < 0) {
			*why = "continue failed";
			strbuf_release(&msg);
			return -1;
		}
		if (st.reason == SESSION_EXITED) {
			strbuf_release(&msg);
			return 0;
		}
		if (st.reason != SESSION_BREAKPOINT) {
			static char buf[240];
			snprintf(buf, sizeof(buf), "unexpected stop: %s", st.text);
			*why = buf;
			strbuf_release(&msg);
			return -1;
		}
		if (out) {
			struct ev x;

			x.step = session_steps(s);
			ev_block(s, st.slot, x.block);
			x.warp = st.slot < 0 ? -1 : st.warp;
			x.mask = st.mask;
			x.line = st.line;
			vec_push(&out->v, x);
			if (getenv("WS_STOPS_VERBOSE"))
				printf("#   %s (step %llu)\n", st.text, (unsigned long long)x.step);
		}
	}
	*why = "more than 100000 stops";
	strbuf_release(&msg);
	return -1;
}

static int ev_same(const struct ev *a, const struct ev *b)
{
	return a->step == b->step && !memcmp(a->block, b->block, sizeof(a->block)) &&
	       a->warp == b->warp && a->mask == b->mask && a->line == b->line;
}

static void ev_str(const struct ev *e, char *buf, size_t n)
{
	if (!e) {
		snprintf(buf, n, "nothing");
		return;
	}
	snprintf(buf, n, "step %llu block %d warp %d mask 0x%08x line %d", (unsigned long long)e->step,
		 (int)e->block[0], e->warp, e->mask, e->line);
}

/* One program under one policy: every line. Returns the lines checked, or
 * -1 (with a diagnostic) at the first mismatch. */
static int check_policy(struct compilation *c, enum simt_policy simt, int nlines, int *nstops,
			char *diag, size_t dn)
{
	struct trace oracle = { 0 };
	const char *why = NULL;
	int lines = 0;
	struct session *s = open_session(c, simt);

	oracle.s = s;
	session_observe(s, 1u << EV_STMT, 0, on_stmt, &oracle);
	if (run_to_end(s, NULL, &why) < 0) {
		snprintf(diag, dn, "the oracle run: %s", why);
		session_free(s);
		vec_free(&oracle.v);
		return -1;
	}
	session_free(s);
	*nstops = 0;
	for (int line = 1; line <= nlines; line++) {
		struct trace got = { 0 };
		struct strbuf msg;
		size_t k = 0, i;

		s = open_session(c, simt);
		if (!session_line_has_code(s, line)) {
			session_free(s);
			continue;
		}
		strbuf_init(&msg);
		if (session_break_line(s, 0, line, NULL, 0, &msg) < 0) {
			session_free(s);
			strbuf_release(&msg);
			continue;
		}
		strbuf_release(&msg);
		lines++;
		if (run_to_end(s, &got, &why) < 0) {
			snprintf(diag, dn, "line %d: %s", line, why);
			session_free(s);
			vec_free(&got.v);
			vec_free(&oracle.v);
			return -1;
		}
		session_free(s);
		for (i = 0; i < oracle.v.len; i++) {
			char a[120], b[120];

			if (oracle.v.v[i].line != line)
				continue;
			if (k >= got.v.len || !ev_same(&oracle.v.v[i], &got.v.v[k])) {
				ev_str(&oracle.v.v[i], a, sizeof(a));
				ev_str(k < got.v.len ? &got.v.v[k] : NULL, b, sizeof(b));
				snprintf(diag, dn, "line %d, stop %zu: the oracle has %s, the breakpoint %s",
					 line, k + 1, a, b);
				vec_free(&got.v);
				vec_free(&oracle.v);
				return -1;
			}
			k++;
		}
		if (k != got.v.len) {
			char b[120];

			ev_str(&got.v.v[k], b, sizeof(b));
			snprintf(diag, dn, "line %d: %zu stops more than the oracle's %zu, first %s", line,
				 got.v.len - k, k, b);
			vec_free(&got.v);
			vec_free(&oracle.v);
			return -1;
		}
		*nstops += (int)k;
		vec_free(&got.v);
	}
	vec_free(&oracle.v);
	return lines;
}


/* ---- the reproductions of issue 16 and the steps that follow a thread */

struct stopv {
	int warp, lane, line, reason;
	uint32_t mask;
	long long val;           /* the value of the probe expression at the stop's lane */
};

static int compile(struct compilation *c, const char *name)
{
	char path[256];
	struct front_opts fo = { 0 };

	snprintf(path, sizeof(path), STOPS_DIR "/%s", name);
	compilation_init(c);
	if (front_compile_file(c, path, &fo) < 0 || !c->mod) {
		diag_render(&c->diags, &c->sm, stdout, 0);
		return -1;
	}
	return 0;
}

static long long lane_value(struct session *s, const struct session_stop *st, const char *expr)
{
	struct eval_ctx c;
	struct eval_val v;
	struct strbuf err;
	long long r = -999;

	if (!expr)
		return 0;
	session_eval_ctx(s, st->slot, st->warp, st->lane, &c);
	strbuf_init(&err);
	if (eval_expr(&c, expr, &v, &err) == 0)
		r = v.isf ? (long long)v.f : v.i;
	strbuf_release(&err);
	return r;
}

/* Breakpoint on line (with cond), continue to the end: the stops. */
static size_t bp_stops(const char *file, enum simt_policy simt, int line, const char *cond,
		       const char *probe, struct stopv *out, size_t max, char *text, size_t tn)
{
	struct compilation c;
	struct session *s;
	struct session_stop st;
	struct strbuf msg;
	size_t n = 0;

	if (compile(&c, file) < 0)
		return 0;
	s = open_session(&c, simt);
	strbuf_init(&msg);
	session_break_line(s, 0, line, cond, 0, &msg);
	for (int i = 0; i < 1000; i++) {
		if (session_step(s, SESSION_CONTINUE, 1, NULL, &st, &msg) < 0 ||
		    st.reason != SESSION_BREAKPOINT)
			break;
		if (n == 0 && text)
			snprintf(text, tn, "%s", st.text);
		if (n < max)
			out[n] = (struct stopv){ st.warp, st.lane, st.line, st.reason, st.mask,
						 lane_value(s, &st, probe) };
		n++;
	}
	strbuf_release(&msg);
	session_free(s);
	compilation_release(&c);
	return n;
}

static void test_repro_divergence(void)
{
	for (int p = 0; p < 2; p++) {
		enum simt_policy simt = p ? SIMT_ITS : SIMT_STACK;
		const char *pn = p ? "its" : "stack";
		struct stopv v[8];
		char text[200] = "";
		size_t n = bp_stops("divergence.cu", simt, 13, NULL, "tid", v, 8, text, sizeof(text));

		ok(n == 2 && v[0].warp == 0 && v[0].mask == 0xaaaaaaaau && v[1].warp == 1 &&
		   v[1].mask == 0xaaaaaaaau && v[0].line == 13 && v[0].val == 1 && v[1].val == 33,
		   "--simt %s: break 13 (the else) stops warp 0 and warp 1, the odd lanes (%zu stops)", pn, n);
		ok(strstr(text, "warp 0, lanes 0xaaaaaaaa") != NULL, "--simt %s: and says which lanes: %s", pn,
		   text);
		n = bp_stops("divergence.cu", simt, 13, "tid == 35", "tid", v, 8, NULL, 0);
		ok(n == 1 && v[0].warp == 1 && v[0].lane == 3 && v[0].val == 35,
		   "--simt %s: break 13 if tid == 35 stops once, on warp 1 lane 3 (%zu stops)", pn, n);
		n = bp_stops("divergence.cu", simt, 14, NULL, NULL, v, 8, NULL, 0);
		ok(n == 2 && v[0].warp == 0 && v[1].warp == 1 && v[0].mask == 0xffffffffu &&
		   v[1].mask == 0xffffffffu,
		   "--simt %s: the line where the branches rejoin stops once per warp, all lanes (%zu stops)",
		   pn, n);
	}
}

static void test_repro_loop_trips(void)
{
	for (int p = 0; p < 2; p++) {
		struct stopv v[8];
		size_t n = bp_stops("loop_trips.cu", p ? SIMT_ITS : SIMT_STACK, 10, NULL, "i", v, 8, NULL, 0);
		int good = n == 5;

		for (size_t k = 0; good && k < 5; k++) {
			uint32_t want = 0;

			for (int l = 0; l < 32; l++)
				if (l % 5 + 1 > (int)k)
					want |= 1u << l;
			good = v[k].mask == want && v[k].val == (long long)k;
		}
		ok(good, "--simt %s: a loop of lane %% 5 + 1 trips stops its body 5 times, each with the lanes "
		   "still looping (%zu stops)", p ? "its" : "stack", n);
	}
}

static void test_repro_lesson10(void)
{
	for (int p = 0; p < 2; p++) {
		struct stopv v[8];
		size_t n = bp_stops("lesson10_barrier.cu", p ? SIMT_ITS : SIMT_STACK, 26, NULL, NULL, v, 8,
				    NULL, 0);

		ok(n == 1 && v[0].warp == 0 && v[0].mask == 0xffffffffu && v[0].line == 26,
		   "--simt %s: the line after if (...) { ...; return; } stops warp 0, whose lanes go on "
		   "(%zu stops)", p ? "its" : "stack", n);
	}
}

static void test_repro_single_lane(void)
{
	for (int p = 0; p < 2; p++) {
		struct stopv v[8];
		size_t n = bp_stops("single_lane.cu", p ? SIMT_ITS : SIMT_STACK, 7, NULL, "i", v, 8, NULL, 0);

		/* the if's condition (every lane, both warps), then y[0] = 1 (lane 63 only) */
		ok(n == 3 && v[0].warp == 0 && v[0].mask == 0xffffffffu && v[1].warp == 1 &&
		   v[1].mask == 0xffffffffu && v[2].warp == 1 && v[2].mask == 0x80000000u &&
		   v[2].lane == 31 && v[2].val == 63,
		   "--simt %s: if (i == 63) y[0] = 1; stops each warp at the condition, then lane 63 alone "
		   "at y[0] = 1 (%zu stops)", p ? "its" : "stack", n);
		n = bp_stops("single_lane.cu", p ? SIMT_ITS : SIMT_STACK, 7, "i == 63", "i", v, 8, NULL, 0);
		ok(n == 2 && v[0].warp == 1 && v[0].lane == 31 && v[1].mask == 0x80000000u && v[1].val == 63,
		   "--simt %s: with `if i == 63` only warp 1 stops, on lane 31 (%zu stops)",
		   p ? "its" : "stack", n);
	}
}

static void test_repro_call_and_barrier(void)
{
	for (int p = 0; p < 2; p++) {
		struct stopv v[16];
		size_t n = bp_stops("call_line.cu", p ? SIMT_ITS : SIMT_STACK, 14, NULL, "i", v, 16, NULL, 0);
		int good = n == 6, next[2] = { 0, 0 };

		/* each warp's stops are its iterations i = 0, 1, 2 in order */
		for (size_t k = 0; good && k < 6; k++)
			good = v[k].warp >= 0 && v[k].warp < 2 && v[k].val == next[v[k].warp]++;
		ok(good, "--simt %s: a line with a call stops once per warp and iteration, not again after "
		   "the call returns (%zu stops)", p ? "its" : "stack", n);
		n = bp_stops("barrier_after_branch.cu", p ? SIMT_ITS : SIMT_STACK, 13, NULL, NULL, v, 16,
			     NULL, 0);
		ok(n == 2 && v[0].warp == 0 && v[1].warp == 1 && v[0].mask == 0xffffffffu &&
		   v[1].mask == 0xffffffffu,
		   "--simt %s: the line after __syncthreads stops every warp (%zu stops)",
		   p ? "its" : "stack", n);
	}
}

/* A session stopped at the first stop of a breakpoint on line. */
static struct session *stopped_at(struct compilation *c, const char *file, enum simt_policy simt,
				  int line, struct session_stop *st)
{
	struct session *s;
	struct strbuf msg;

	if (compile(c, file) < 0)
		return NULL;
	s = open_session(c, simt);
	strbuf_init(&msg);
	session_break_line(s, 0, line, NULL, 0, &msg);
	session_step(s, SESSION_CONTINUE, 1, NULL, st, &msg);
	session_break_delete(s, 0);
	strbuf_release(&msg);
	return s;
}

static int do_step(struct session *s, enum session_step how, int warp, int lane,
		   struct session_stop *st)
{
	struct session_focus f = { 0, warp, lane };
	struct strbuf msg;
	int r;

	strbuf_init(&msg);
	r = session_step(s, how, 1, &f, st, &msg);
	strbuf_release(&msg);
	return r;
}

static int lane_line(struct session *s, int warp, int lane)
{
	struct session_warp w;

	return session_warp(s, 0, warp, &w) == 0 ? w.line[lane] : -1;
}

static void test_steps_follow(void)
{
	for (int p = 0; p < 2; p++) {
		enum simt_policy simt = p ? SIMT_ITS : SIMT_STACK;
		const char *pn = p ? "its" : "stack";
		struct compilation c;
		struct session_stop st;
		struct session *s = stopped_at(&c, "divergence.cu", simt, 10, &st);
		int l1, l2, l3;

		if (!s) {
			ok(0, "divergence.cu compiles");
			continue;
		}
		/* lane 1 (odd) at the if: next, next goes through the else */
		do_step(s, SESSION_OVER, 0, 1, &st);
		l1 = lane_line(s, 0, 1);
		do_step(s, SESSION_OVER, 0, 1, &st);
		l2 = lane_line(s, 0, 1);
		ok(l1 == 13 && l2 == 14, "--simt %s: next from the if, focus on lane 1: lines %d, %d "
		   "(the else, then the rejoin)", pn, l1, l2);
		session_free(s);
		compilation_release(&c);

		s = stopped_at(&c, "divergence.cu", simt, 10, &st);
		do_step(s, SESSION_LINE, 0, 2, &st);
		l1 = lane_line(s, 0, 2);
		do_step(s, SESSION_LINE, 0, 2, &st);
		l2 = lane_line(s, 0, 2);
		ok(l1 == 11 && l2 == 14, "--simt %s: step from the if, focus on lane 2: lines %d, %d", pn,
		   l1, l2);
		session_free(s);
		compilation_release(&c);

		/* next over a call: never a second stop on the call's line */
		s = stopped_at(&c, "call_line.cu", simt, 14, &st);
		do_step(s, SESSION_OVER, 0, 0, &st);
		l1 = lane_line(s, 0, 0);
		do_step(s, SESSION_OVER, 0, 0, &st);
		l2 = lane_line(s, 0, 0);
		do_step(s, SESSION_OVER, 0, 0, &st);
		l3 = lane_line(s, 0, 0);
		ok(l1 == 13 && l2 == 14 && l3 == 13, "--simt %s: next over the call's line: lines %d, %d, %d "
		   "(the loop's step, the call, the loop's step)", pn, l1, l2, l3);
		session_free(s);
		compilation_release(&c);

		/* step into the call, finish back out */
		s = stopped_at(&c, "call_line.cu", simt, 14, &st);
		do_step(s, SESSION_LINE, 0, 0, &st);
		l1 = lane_line(s, 0, 0);
		do_step(s, SESSION_OUT, 0, 0, &st);
		l2 = lane_line(s, 0, 0);
		do_step(s, SESSION_OVER, 0, 0, &st);
		l3 = lane_line(s, 0, 0);
		ok(l1 == 6 && l2 == 14 && l3 == 13, "--simt %s: step into helper (line %d), finish (line %d), "
		   "next (line %d)", pn, l1, l2, l3);
		session_free(s);
		compilation_release(&c);

		/* next over __syncthreads: the other warps run, the focused one goes on */
		s = stopped_at(&c, "barrier_after_branch.cu", simt, 12, &st);
		{
			int w = st.warp;

			do_step(s, SESSION_OVER, w, 5, &st);
			ok(st.reason == SESSION_STEPPED && lane_line(s, w, 5) == 13 &&
			   lane_line(s, 1 - w, 5) == 13,
			   "--simt %s: next over __syncthreads reaches the next line (%d), and so has the "
			   "other warp (%d)", pn, lane_line(s, w, 5), lane_line(s, 1 - w, 5));
		}
		session_free(s);
		compilation_release(&c);
	}
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int main(void)
{
	DIR *d = opendir(STOPS_DIR);
	struct dirent *de;
	VEC(char *) names = { 0 };
	static const char *const pol[] = { "stack", "its" };

	devnull = fopen("/dev/null", "w");
	if (!d) {
		printf("Bail out! cannot open %s (run from the source tree)\n", STOPS_DIR);
		return 1;
	}
	while ((de = readdir(d)))
		if (strlen(de->d_name) > 3 && !strcmp(de->d_name + strlen(de->d_name) - 3, ".cu"))
			vec_push(&names, xstrdup(de->d_name));
	closedir(d);
	qsort(names.v, names.len, sizeof(char *), cmp_str);
	tap_start();
	ok(names.len >= 30, "the corpus has at least 30 programs (%zu)", names.len);
	for (size_t i = 0; i < names.len; i++) {
		char path[512];
		struct compilation c;
		struct front_opts fo = { 0 };
		int nlines = 1;
		FILE *f;
		int ch;

		snprintf(path, sizeof(path), STOPS_DIR "/%s", names.v[i]);
		if ((f = fopen(path, "r"))) {
			while ((ch = fgetc(f)) != EOF)
				nlines += ch == '\n';
			fclose(f);
		}
		compilation_init(&c);
		if (front_compile_file(&c, path, &fo) < 0 || !c.mod) {
			diag_render(&c.diags, &c.sm, stdout, 0);
			ok(0, "%s compiles", names.v[i]);
			ok(0, "%s compiles", names.v[i]);
			compilation_release(&c);
			continue;
		}
		for (int p = 0; p < 2; p++) {
			char diag[400] = "";
			int nstops = 0;
			int lines = check_policy(&c, p ? SIMT_ITS : SIMT_STACK, nlines, &nstops, diag,
						 sizeof(diag));

			ok(lines > 0, "%s --simt %s: %d lines, %d stops, each the oracle's%s%s", names.v[i],
			   pol[p], lines, nstops, lines > 0 ? "" : ": ", diag);
		}
		compilation_release(&c);
		free(names.v[i]);
	}
	vec_free(&names);
	test_repro_divergence();
	test_repro_loop_trips();
	test_repro_lesson10();
	test_repro_single_lane();
	test_repro_call_and_barrier();
	test_steps_follow();
	fclose(devnull);
	return tap_end();
}
