/*
 * unit_trace.c - TAP tests of GPU trace replay without a GPU (docs/gpu.md
 * "Traces"): tests/gpu/trace/diverge.hand.trace, written by hand in the
 * format trace --gpu writes, is parsed and replayed through the session
 * (session_trace_step) on tests/gpu/trace/diverge.cu: the host runs to the
 * launch, then each step runs the warp the trace names, in its order (block
 * 1 first, on SM 2), with the recorded masks; the kernel's result is the
 * program's; bad files are refused with the line. Then diverge.h200.trace,
 * recorded with trace --gpu on an H200, replays to its end.
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "tap.h"

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	*len = 0;
	if (!f)
		return NULL;
	buf = xmalloc(1 << 20);
	*len = fread(buf, 1, (1 << 20) - 1, f);
	buf[*len] = 0;
	fclose(f);
	return buf;
}

static void test_parse_errors(void)
{
	static const struct {
		const char *text, *want;
	} bad[] = {
		{ "hello\n", "not a warpstep trace" },
		{ "warpstep-trace 2\n", "trace version '2'" },
		{ "warpstep-trace 1\nkernel k\nlaunch 1\ngrid 1 1 1\nblock 32 1 1\nrecords 2\n"
		  "0 0 0 0 0 0 0xffffffff 3 0 k\n", "the header says 2 records, the file holds 1" },
		{ "warpstep-trace 1\nkernel k\nlaunch 1\ngrid 1 1 1\nblock 32 1 1\n0 0 0 0 0 40 0x1 3 0 k\n",
		  "line 6: a bad record" },
		{ "warpstep-trace 1\nkernel k\nlaunch 1\ngrid 1 1 1\nblock 32 1 1\n1 0 0 0 0 0 0x1 3 0 k\n",
		  "line 6: a bad record" },
		{ "warpstep-trace 1\nlaunch 1\n", "the header lacks kernel" },
		{ "warpstep-trace 1\nwhat 3\n", "line 2: unknown or bad header 'what'" },
	};
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		struct strbuf err;
		strbuf_init(&err);
		struct session_trace *t = session_trace_parse(bad[i].text, strlen(bad[i].text), &err);
		ok(!t && strstr(strbuf_cstr(&err), bad[i].want), "a bad trace is refused: %s (%s)", bad[i].want,
		   strbuf_cstr(&err));
		session_trace_free(t);
		strbuf_release(&err);
	}
}

static void test_replay(void)
{
	size_t len;
	char *text = slurp("tests/gpu/trace/diverge.hand.trace", &len);
	struct strbuf err, msg;
	strbuf_init(&err);
	strbuf_init(&msg);
	if (!ok(text != NULL, "the hand-written trace is there")) {
		return;
	}
	struct session_trace *t = session_trace_parse(text, len, &err);
	free(text);
	if (!ok(t != NULL, "it parses (%s)", strbuf_cstr(&err)))
		return;
	size_t n;
	session_trace_pos(t, &n);
	ok(n == 28 && !strcmp(session_trace_kernel(t), "diverge"), "28 records of kernel diverge");

	struct session_compile_opts fo;
	memset(&fo, 0, sizeof(fo));
	struct session_program *p = session_compile("tests/gpu/trace/diverge.cu", NULL, &fo);
	if (!ok(p->mod != NULL, "diverge.cu compiles"))
		return;
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.debugger = 1;
	char *out = NULL;
	size_t olen = 0;
	FILE *of = open_memstream(&out, &olen);
	mo.out = of;
	struct session *s = session_new(p->mod, p->sm, &mo, 0);
	char *argv[] = { "./diverge", NULL };
	session_start_main(s, 1, argv);
	struct session_stop st;
	int r = session_trace_step(s, t, &st, &msg);
	ok(r == 0 && strstr(st.text, "kernel diverge started: replaying 28 steps recorded on NVIDIA H100"),
	   "the first step runs the host to the launch (%s%s)", st.text, strbuf_cstr(&msg));
	r = session_trace_step(s, t, &st, &msg);
	ok(r == 0 && strstr(st.text, "GPU step 1 of 28: SM 2 warp slot 0: block (1,0,0) warp 0, lanes 0xffffffff, line 6"),
	   "then the warp the GPU ran first: block 1 on SM 2 (%s)", st.text);
	struct machine_block_info bi;
	memset(&bi, 0, sizeof(bi));
	int got = st.has_thread && st.warp == 0 && machine_block(session_machine(s), st.slot, &bi) == 0;
	ok(got && bi.idx[0] == 1, "the stop focuses that warp (block %u)", bi.idx[0]);
	r = session_trace_step(s, t, &st, &msg);
	ok(r == 0 && strstr(st.text, "GPU step 2 of 28: SM 2 warp slot 1: block (1,0,0) warp 1"),
	   "then its second warp (%s)", st.text);
	/* record 3 is block 0 warp 0's prologue, which the launch's stop
	 * already stepped: it is passed over */
	r = session_trace_step(s, t, &st, &msg);
	ok(r == 0 && strstr(st.text, "GPU step 4 of 28: SM 0 warp slot 1: block (0,0,0) warp 1") &&
	   strstr(st.text, "1 records passed"), "a record the emulator is past is passed over (%s)", st.text);
	int steps = 3, masks = 0, over = 0;
	while ((r = session_trace_step(s, t, &st, &msg)) == 0 && steps < 100) {
		steps++;
		if (strstr(st.text, "lanes 0xaaaaaaaa, line 11") || strstr(st.text, "lanes 0x55555555, line 13"))
			masks++;
	}
	over = r == 1;
	ok(over, "the replay ends with the trace (%d steps, %s)", steps, strbuf_cstr(&msg));
	ok(masks == 8, "the recorded masks of both sides of the if are shown (%d of 8)", masks);
	/* the program goes on to its end in the emulator's order */
	struct session_focus host = { -1, 0, 0 };
	for (int k = 0; k < 100 && session_step(s, SESSION_CONTINUE, 1, &host, &st, &msg) == 0 &&
			st.reason != SESSION_EXITED; k++)
		;
	fflush(of);
	ok(st.reason == SESSION_EXITED && out && strstr(out, "100 10 164 1270"),
	   "the program finishes with the kernel's results (%s)", out ? out : "");
	session_free(s);
	fclose(of);
	free(out);
	session_program_free(p);
	session_trace_free(t);
	strbuf_release(&err);
	strbuf_release(&msg);
}

/* the trace recorded on an H200 (trace --gpu): it replays to its end, and
 * the hardware's order of the if's two sides shows */
static void test_recorded(void)
{
	size_t len;
	char *text = slurp("tests/gpu/trace/diverge.h200.trace", &len);
	struct strbuf err, msg;
	strbuf_init(&err);
	strbuf_init(&msg);
	struct session_trace *t = text ? session_trace_parse(text, len, &err) : NULL;
	free(text);
	if (!ok(t != NULL, "the trace recorded on the H200 parses (%s)", strbuf_cstr(&err)))
		return;
	struct session_compile_opts fo;
	memset(&fo, 0, sizeof(fo));
	struct session_program *p = session_compile("tests/gpu/trace/diverge.cu", NULL, &fo);
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.debugger = 1;
	FILE *null = fopen("/dev/null", "w");
	mo.out = null;
	struct session *s = session_new(p->mod, p->sm, &mo, 0);
	char *argv[] = { "./diverge", NULL };
	session_start_main(s, 1, argv);
	struct session_stop st;
	int r, steps = 0, sms = 0, else_first = 0, ifs = 0;
	while ((r = session_trace_step(s, t, &st, &msg)) == 0 && steps < 100) {
		steps++;
		if (strstr(st.text, "SM 124 ") || strstr(st.text, "SM 126 "))
			sms++;
		if (strstr(st.text, "lanes 0x55555555, line 13") && !ifs)
			else_first = 1;
		if (strstr(st.text, "lanes 0xaaaaaaaa, line 11"))
			ifs++;
	}
	ok(r == 1 && steps >= 20, "it replays to its end (%d steps; %s)", steps, strbuf_cstr(&msg));
	ok(sms == steps - 1, "every step names the SM the warp ran on (%d of %d)", sms, steps - 1);
	ok(else_first && ifs > 0, "the hardware ran the else side (lanes 0x55555555) before the if side");
	session_free(s);
	if (null)
		fclose(null);
	session_program_free(p);
	session_trace_free(t);
	strbuf_release(&err);
	strbuf_release(&msg);
}

int main(void)
{
	tap_start();
	test_parse_errors();
	test_replay();
	test_recorded();
	return tap_end();
}
