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

static void diag_text(const char *text)
{
	while (*text) {
		size_t n = strcspn(text, "\n");
		printf("# %.*s\n", (int)n, text);
		text += n + (text[n] == '\n');
	}
}

/* the comparison rows, one line each (diag and assertions read them) */
static void rows_text(struct session *s, struct session_trace *t, struct strbuf *out)
{
	const struct session_cmp_row *rows;
	size_t n = session_trace_compare(s, t, &rows);
	for (size_t i = 0; i < n; i++) {
		const struct session_cmp_row *r = &rows[i];
		strbuf_addf(out, "b%llu w%d n%llu | gpu #%d b#%d SM %u line %d 0x%08x | emu #%d b#%d SM %u line %d%s 0x%08x |",
			    (unsigned long long)r->block, r->warp, (unsigned long long)r->n, r->gpu_rank, r->gpu_brank,
			    r->gpu_sm, r->gpu_line, r->gpu_mask, r->emu_rank, r->emu_brank, r->emu_sm, r->emu_line,
			    r->emu_done ? " done" : "", r->emu_mask);
		const char *const *ex;
		int nx = session_trace_exprs(t, &ex);
		for (int x = 0; x < nx; x++)
			strbuf_addf(out, " %s=%s/%s", ex[x], r->gpu_val[x] ? r->gpu_val[x] : "-",
				    r->emu_val[x] ? r->emu_val[x] : "-");
		strbuf_addf(out, "%s%s%s%s\n", r->differs & SESSION_CMP_LINE ? " LINE" : "",
			    r->differs & SESSION_CMP_LANES ? " LANES" : "", r->differs & SESSION_CMP_ORDER ? " ORDER" : "",
			    r->differs & SESSION_CMP_VALUE ? " VALUE" : "");
	}
}

/* a replay session of diverge.cu on trace file path, with the emulator's
 * own run beside it (watching exprs) */
static struct session *cmp_open(const char *path, struct session_program **pp, struct session_trace **tp,
				FILE *null, const char *const *exprs, int nexprs)
{
	size_t len;
	char *text = slurp(path, &len);
	struct strbuf err;
	strbuf_init(&err);
	*tp = text ? session_trace_parse(text, len, &err) : NULL;
	free(text);
	ok(*tp != NULL, "%s parses (%s)", path, strbuf_cstr(&err));
	struct session_compile_opts fo;
	memset(&fo, 0, sizeof(fo));
	*pp = session_compile("tests/gpu/trace/diverge.cu", NULL, &fo);
	struct machine_opts mo;
	machine_opts_init(&mo);
	mo.debugger = 1;
	mo.out = null;
	char *argv[] = { "./diverge", NULL };
	struct session *s = session_new((*pp)->mod, (*pp)->sm, &mo, 0);
	session_start_main(s, 1, argv);
	strbuf_reset(&err);
	int r = *tp ? session_trace_emulate(*tp, (*pp)->mod, (*pp)->sm, &mo, 1, argv, exprs, nexprs, 0, &err) : -1;
	ok(r == 0, "the emulator's own run of the launch is kept beside it (%s)", strbuf_cstr(&err));
	strbuf_release(&err);
	return s;
}

static void cmp_steps(struct session *s, struct session_trace *t, int n)
{
	struct session_stop st;
	struct strbuf msg;
	strbuf_init(&msg);
	for (int i = 0; i < n && session_trace_step(s, t, &st, &msg) == 0; i++)
		;
	strbuf_release(&msg);
}

static const struct session_cmp_row *row_of(struct session *s, struct session_trace *t, uint64_t block, int warp,
					    size_t *n)
{
	const struct session_cmp_row *rows;
	*n = session_trace_compare(s, t, &rows);
	for (size_t i = 0; i < *n; i++)
		if (rows[i].block == block && rows[i].warp == warp)
			return &rows[i];
	return NULL;
}

static void cmp_close(struct session *s, struct session_program *p, struct session_trace *t)
{
	session_free(s);
	session_program_free(p);
	session_trace_free(t);
}

/* the H200's trace beside the emulator: the same blocks on other SMs, the
 * if's sides in the other order (a statement and a value apart), then the
 * same statement again at the end */
static void test_compare_recorded(const char *path)
{
	FILE *null = fopen("/dev/null", "w");
	struct session_program *p;
	struct session_trace *t;
	const char *exprs[] = { "v" };
	struct session *s = cmp_open(path, &p, &t, null, exprs, 1);
	struct strbuf out;
	size_t n;
	strbuf_init(&out);
	if (!t)
		return;
	session_trace_order_text(t, &out);
	diag_text(strbuf_cstr(&out));
	ok(!strcmp(strbuf_cstr(&out), "blocks first ran on the GPU: (0,0,0) SM 124, (1,0,0) SM 126\n"
		   "in the emulator: (0,0,0) SM 0, (1,0,0) SM 1\n"),
	   "the blocks' order and SMs on each side");
	const struct session_cmp_row *r = row_of(s, t, 0, 0, &n);
	ok(n == 4 && r && r->n == 0 && !r->gpu_line && !r->differs && r->gpu_rank == 1 && r->emu_rank == 1,
	   "before the launch: four warps, none has run, nothing differs");
	cmp_steps(s, t, 18); /* to the launch, then 17 records */
	strbuf_reset(&out);
	rows_text(s, t, &out);
	diag_text(strbuf_cstr(&out));
	r = row_of(s, t, 0, 0, &n);
	ok(r && r->n == 5 && r->gpu_line == 13 && r->gpu_mask == 0x55555555 && r->emu_line == 11 &&
	   r->emu_mask == 0xaaaaaaaa && r->differs == (SESSION_CMP_LINE | SESSION_CMP_VALUE),
	   "block 0 warp 0: the GPU ran the else side (line 13, lanes 0x55555555) where the emulator ran the if "
	   "side (line 11, 0xaaaaaaaa)");
	ok(r && r->gpu_val[0] && r->emu_val[0] && !strcmp(r->gpu_val[0], "100") && !strcmp(r->emu_val[0], "0"),
	   "and lane 0's v is already 100 in the hardware's order, still 0 in the emulator's");
	ok(r && r->gpu_sm == 124 && r->emu_sm == 0 && r->gpu_slot == 0 && r->gpu_brank == 1 && r->emu_brank == 1,
	   "the warp's SM on each side, the same place in the block order (nothing flagged for it)");
	r = row_of(s, t, 1, 1, &n);
	ok(r && r->n == 4 && r->gpu_line == 10 && r->emu_line == 10 && !r->differs,
	   "block 1 warp 1 is still before the if: the same on both sides");
	cmp_steps(s, t, 20);
	int same = 1;
	const struct session_cmp_row *rows;
	n = session_trace_compare(s, t, &rows);
	for (size_t i = 0; i < n; i++)
		same &= rows[i].gpu_line == 14 && rows[i].emu_line == 14 && !rows[i].differs && (int)i + 1 == rows[i].gpu_rank;
	ok(n == 4 && same, "at the end all four warps are at line 14 on both sides, in the GPU's order");
	strbuf_release(&out);
	cmp_close(s, p, t);
	fclose(null);
}

/* a hand-written trace with a planted difference of lanes, and the
 * hand-written one whose block 1 ran first */
static void test_compare_planted(void)
{
	FILE *null = fopen("/dev/null", "w");
	struct session_program *p;
	struct session_trace *t;
	size_t n;
	struct session *s = cmp_open("tests/gpu/trace/diverge.its.trace", &p, &t, null, NULL, 0);
	if (!t)
		return;
	cmp_steps(s, t, 20); /* to the launch, then 20 records (one passed over) */
	struct strbuf out;
	strbuf_init(&out);
	rows_text(s, t, &out);
	diag_text(strbuf_cstr(&out));
	const struct session_cmp_row *rows;
	n = session_trace_compare(s, t, &rows);
	int others = 0, planted = 0;
	for (size_t i = 0; i < n; i++) {
		const struct session_cmp_row *r = &rows[i];
		if (r->block == 1 && r->warp == 1)
			planted = r->differs == SESSION_CMP_LANES && r->gpu_line == 11 && r->emu_line == 11 &&
				  r->gpu_mask == 0xaaaaaaa8 && r->emu_mask == 0xaaaaaaaa && r->n == 5;
		else
			others += r->differs != 0;
	}
	ok(planted, "the planted mask shows: block 1 warp 1 at line 11 with lanes 0xaaaaaaa8, the emulator's 0xaaaaaaaa");
	ok(n == 4 && !others, "nothing else differs");
	cmp_steps(s, t, 1);
	const struct session_cmp_row *r = row_of(s, t, 1, 1, &n);
	ok(r && r->n == 6 && r->gpu_line == 11 && r->gpu_mask == 2 && r->emu_line == 13 && (r->differs & SESSION_CMP_LINE),
	   "lane 1 alone on line 11 next: one statement more on the GPU, so the statements part");
	cmp_steps(s, t, 100);
	r = row_of(s, t, 1, 1, &n);
	ok(r && r->n == 8 && r->emu_done && r->gpu_line == 14 && (r->differs & SESSION_CMP_LINE),
	   "at the end the emulator's warp has finished a statement earlier");
	cmp_close(s, p, t);

	s = cmp_open("tests/gpu/trace/diverge.hand.trace", &p, &t, null, NULL, 0);
	r = row_of(s, t, 1, 0, &n);
	ok(r && r->gpu_brank == 1 && r->emu_brank == 2 && r->gpu_rank == 1 && r->gpu_sm == 2 &&
	   (r->differs & SESSION_CMP_ORDER) && r == &row_of(s, t, 0, 0, &n)[-2],
	   "block 1 ran first on the GPU (SM 2), second in the emulator: the order differs; its warps come first");
	strbuf_reset(&out);
	session_trace_order_text(t, &out);
	diag_text(strbuf_cstr(&out));
	ok(strstr(strbuf_cstr(&out), "on the GPU: (1,0,0) SM 2, (0,0,0) SM 0\n") != NULL, "the order line says so");
	cmp_close(s, p, t);

	/* the emulator's run must reach the launch with the recorded shape */
	static const struct {
		const char *from, *to, *want;
	} bad[] = {
		{ "grid 2 1 1", "grid 4 1 1", "the launch runs <<<(2,1,1),(64,1,1)>>>, the trace recorded <<<(4,1,1),(64,1,1)>>>" },
		{ "launch 1", "launch 2", "the emulator's run ended before launch 2 of diverge, the launch traced" },
	};
	size_t len;
	char *text = slurp("tests/gpu/trace/diverge.hand.trace", &len);
	struct session_compile_opts fo;
	memset(&fo, 0, sizeof(fo));
	p = session_compile("tests/gpu/trace/diverge.cu", NULL, &fo);
	for (size_t i = 0; text && i < sizeof(bad) / sizeof(bad[0]); i++) {
		char *copy = xstrdup(text), *at = strstr(copy, bad[i].from);
		memcpy(at, bad[i].to, strlen(bad[i].to));
		struct strbuf err;
		strbuf_init(&err);
		t = session_trace_parse(copy, strlen(copy), &err);
		struct machine_opts mo;
		machine_opts_init(&mo);
		mo.out = null;
		char *argv[] = { "./diverge", NULL };
		const char *ex[] = { "v" };
		int rr = session_trace_emulate(t, p->mod, p->sm, &mo, 1, argv, ex, 1, 0, &err);
		const struct session_cmp_row *rw;
		ok(rr < 0 && strstr(strbuf_cstr(&err), bad[i].want) && session_trace_exprs(t, NULL) < 0,
		   "emulate refuses: %s (%s)", bad[i].want, strbuf_cstr(&err));
		struct session *s2 = session_new(p->mod, p->sm, &mo, 0);
		ok(session_trace_compare(s2, t, &rw) == 0, "and there is nothing to compare");
		session_free(s2);
		session_trace_free(t);
		strbuf_release(&err);
		free(copy);
	}
	free(text);
	session_program_free(p);
	strbuf_release(&out);
	fclose(null);
}

int main(void)
{
	tap_start();
	test_parse_errors();
	test_replay();
	test_recorded();
	test_compare_recorded("tests/gpu/trace/diverge.h200.trace");
	test_compare_recorded("tests/gpu/trace/diverge.h200b.trace");
	test_compare_planted();
	return tap_end();
}
