/*
 * unit_backend.c - the interface on the real engine (tui/backend_engine.c):
 * compile small kernels, drive them with the interface's own commands, and
 * check what the snapshot says (lane states, convergence groups, lanes
 * values, shared memory and bank conflicts, barrier arrivals, findings,
 * breakpoints with conditions, reverse stepping); whole screens at 120x40
 * are compared with golden files (tests/tui/golden/engine_*.txt;
 * UPDATE_GOLDEN=1 rewrites them). Also the SVG and asciicast exports.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"
#include "tap.h"
#include "pane_golden.h"

#define GOLDEN_DIR "tests/tui/golden/"
#define PROG "tests/tui/cu/diverge.cu"

static char *screen(struct ui_session *s, int w, int h)
{
	struct view_grid g;
	char *text;

	view_grid_init(&g, w, h);
	ui_session_sync_view(s);
	view_render(&g, &s->st, &s->ctl);
	text = view_to_text(&g);
	view_grid_free(&g);
	return text;
}

/* The status line's step count depends on the code the front end
 * generates: goldens keep "step N" instead of the number. */
static void mask_steps(char *text)
{
	char *p = strstr(text, "| step "), *q;

	if (!p || p > strchr(text, '\n'))
		return;
	p += 7;
	for (q = p; *q >= '0' && *q <= '9'; q++)
		;
	if (q == p)
		return;
	*p = 'N';
	memmove(p + 1, q, strlen(q) + 1);
}

static void golden(struct ui_session *s, const char *name)
{
	char path[256];
	char *text = screen(s, 120, 40), *want;
	size_t len;
	const char *err;

	mask_steps(text);
	snprintf(path, sizeof(path), GOLDEN_DIR "engine_%s.txt", name);
	if (getenv("UPDATE_GOLDEN") && *getenv("UPDATE_GOLDEN") == '1') {
		FILE *f = fopen(path, "w");

		if (f) {
			fputs(text, f);
			fclose(f);
		}
		ok(f != NULL, "%s", name);
		free(text);
		return;
	}
	want = util_read_file(path, &len, &err);
	ok(want && !strcmp(want, text), "%s", path);
	if (!want || strcmp(want, text))
		printf("# got:\n%s", text);
	free(want);
	free(text);
}

static int open_relaxed; /* the next open_prog uses --model relaxed */

static struct ui_backend *open_prog(const char *path, struct ui_session *s)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	char *argv[] = { (char *)path, NULL };

	machine_opts_init(&mo);
	mo.simt = SIMT_STACK;
	if (open_relaxed)
		mo.model = MODEL_RELAXED;
	open_relaxed = 0;
	strbuf_init(&err);
	be = engine_backend_new(path, NULL, &fo, &mo, 1, argv, &err);
	if (!be)
		printf("# %s", strbuf_cstr(&err));
	strbuf_release(&err);
	if (be) {
		ui_session_init(s, be);
		ui_session_refresh(s);
	}
	return be;
}

static int run(struct ui_session *s, const char *cmd)
{
	int act = cmd_run(s, cmd);

	printf("# %s -> %s (line %d)\n", cmd, s->st.stop_reason ? s->st.stop_reason : "-",
	       s->st.run == UI_RUN_KERNEL ? s->st.thread.line : s->st.host_line);
	return act;
}

static int lanes_row(struct ui_session *s, const char *name)
{
	for (int i = 0; i < s->st.nlanes; i++)
		if (!strcmp(s->st.lanes[i].name, name))
			return i;
	return -1;
}

static const char *last_console(struct ui_session *s)
{
	return s->st.console.len ? s->st.console.v[s->st.console.len - 1].text : "";
}

/* step until the focused warp's current line is `line` (at most n steps) */
static int step_to(struct ui_session *s, int line, int n)
{
	while (n-- > 0) {
		if (s->st.run == UI_RUN_KERNEL && s->st.thread.line == line)
			return 1;
		if (run(s, "step") & UI_ACT_ERROR)
			return 0;
	}
	return s->st.thread.line == line;
}

static void test_host_and_divergence(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog(PROG, &s);
	struct ui_warp *w;
	int evens = 1, odds = 1, r;

	ok(be != NULL, "compiles " PROG);
	if (!be)
		return;
	ok(s.st.run == UI_RUN_HOST && s.st.host_line == 24, "starts in host main() at line 24");
	run(&s, "step");
	ok(s.st.run == UI_RUN_HOST && s.st.host_line == 25, "step: host line 25");
	golden(&s, "host_step");
	run(&s, "step");
	run(&s, "step");
	ok(s.st.run == UI_RUN_KERNEL && s.st.kernel && !strcmp(s.st.kernel, "k"),
	   "stepping over cudaDeviceSynchronize enters the kernel");
	ok(s.st.thread.line == 8, "the kernel stops at its first statement (line 8)");
	ok(s.st.nwarps == 2, "two warps in the block");
	ok(strstr(s.st.console.v[s.st.console.len - 1].text, "launched") != NULL ||
	   strstr(s.st.console.v[s.st.console.len - 2].text, "launched") != NULL,
	   "the launch appears in the console");
	ok(step_to(&s, 11, 10), "step to the even branch (line 11)");
	w = &s.st.warps[0];
	for (int l = 0; l < 32; l++) {
		evens &= w->status[l] == (l % 2 == 0 ? UI_LANE_ACTIVE : UI_LANE_DIVERGED);
		odds &= w->line[l] == (l % 2 == 0 ? 11 : 13) || (l % 2 && w->line[l] == 10);
	}
	ok(evens, "even lanes active, odd lanes diverged");
	ok(w->ngroups == 2 && w->groups[w->current].mask == 0x55555555u,
	   "two convergence groups; the current one is the even lanes");
	ok(w->groups[0].reconv_line == 14 || w->groups[1].reconv_line == 14,
	   "the groups reconverge at line 14");
	ok(odds, "lane lines: evens at 11, odds at their branch");
	r = lanes_row(&s, "tid");
	ok(r >= 0 && s.st.lanes[r].value[5] && !strcmp(s.st.lanes[r].value[5], "5"),
	   "lanes pane: tid of lane 5 is 5");
	golden(&s, "diverge");
	run(&s, "print tid * 2 + 1");
	ok(!strcmp(last_console(&s), "$1 = 1"), "print evaluates for the focused thread (gdb's $1)");
	run(&s, "print v @ lanes");
	ok(lanes_row(&s, "v") >= 0, "print v @ lanes adds a lanes row");
	run(&s, "cuda block (0,0,0) thread (33,0,0)");
	ok(s.st.focus_warp == 1 && s.st.focus_lane == 1, "focus thread 33: warp 1 lane 1");
	run(&s, "info cuda warps");
	ok(strstr(last_console(&s), "*    1") != NULL || s.st.console.len > 0, "info cuda warps");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* A breakpoint in the else branch (issue 16): it stops with the odd lanes,
 * and the lanes pane draws those as the ones running there. */
static void test_break_in_else(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog(PROG, &s);
	struct ui_warp *w;
	int odd_active = 1;

	if (!be)
		return;
	run(&s, "break 13");
	run(&s, "continue");
	ok(s.st.stop_reason && strstr(s.st.stop_reason, "line 13: block (0,0,0) warp 0, lanes 0xaaaaaaaa"),
	   "break 13 (the else) stops warp 0's odd lanes: %s", s.st.stop_reason ? s.st.stop_reason : "-");
	w = &s.st.warps[0];
	for (int l = 0; l < 32; l++)
		odd_active &= (w->status[l] == UI_LANE_ACTIVE) == (l % 2 == 1);
	ok(odd_active && s.st.focus_warp == 0 && s.st.focus_lane == 1,
	   "the lanes pane draws the odd lanes running, the even ones not; focus on lane 1");
	run(&s, "continue");
	ok(s.st.stop_reason && strstr(s.st.stop_reason, "warp 1, lanes 0xaaaaaaaa"),
	   "continue: the same else in warp 1: %s", s.st.stop_reason ? s.st.stop_reason : "-");
	ui_session_free(&s);
	engine_backend_free(be);
}

static void test_barrier_shuffle_memory(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog(PROG, &s);
	int all = 1, r;
	char *before, *after;

	if (!be)
		return;
	run(&s, "break 15");
	run(&s, "continue");
	ok(s.st.thread.line == 15 && s.st.stop_reason && strstr(s.st.stop_reason, "breakpoint 1"),
	   "continue stops at the breakpoint on line 15");
	ok(s.st.mem.nshared == 1 && !strcmp(s.st.mem.shared[0].name, "buf") &&
	   s.st.mem.shared[0].count == 64, "memory pane: __shared__ int buf[64]");
	ok(s.st.mem.conflict_degree == 2, "buf[tid * 2 %% 64]: a 2-way bank conflict");
	ok(s.st.mem.shared[0].access[0] & UI_ACC_WRITE, "the last access wrote buf[0]");
	ok(!strcmp(s.st.mem.shared[0].values[0], "0") && !strcmp(s.st.mem.shared[0].values[2], "101"),
	   "buf[0] and buf[2] hold v of threads 0 and 1 (0, 101)");
	/* stepi stops at the barrier (a line step goes through it: docs/debugging.md) */
	run(&s, "stepi");
	for (int l = 0; l < 32; l++)
		all &= s.st.warps[0].status[l] == UI_LANE_BARRIER;
	ok(all, "warp 0 waits at __syncthreads");
	ok(s.st.sync.nbarriers == 1 && s.st.sync.barriers[0].arrived[0] == 0xffffffffu &&
	   s.st.sync.barriers[0].arrived[1] == 0 && s.st.sync.barriers[0].expected == 64,
	   "sync pane: warp 0 arrived, warp 1 not yet, 64 expected");
	golden(&s, "barrier");
	before = screen(&s, 120, 40);
	run(&s, "step");
	run(&s, "undo");
	after = screen(&s, 120, 40);
	/* the console differs (it logs the commands); compare the panes above it */
	before[strstr(before, "8 Console") - before] = 0;
	after[strstr(after, "8 Console") - after] = 0;
	ok(!strcmp(strchr(before, '\n'), strchr(after, '\n')),
	   "undo re-executes to the same state (all panes but the status line)");
	free(before);
	free(after);
	run(&s, "delete");
	run(&s, "break 17");
	run(&s, "continue");
	run(&s, "step");
	r = lanes_row(&s, "w");
	ok(s.st.thread.line == 18 && r >= 0, "after the shuffle (line 18)");
	ok(r >= 0 && s.st.lanes[r].value[0] && s.st.lanes[r].value[1], "lanes pane shows w");
	golden(&s, "shuffle");
	run(&s, "delete");
	run(&s, "continue");
	ok(s.st.run == UI_RUN_FINISHED, "continue runs to the end");
	ok(!strcmp(last_console(&s), "done") || strstr(s.st.stop_reason, "status 0"),
	   "the program's output is in the console");
	ui_session_free(&s);
	engine_backend_free(be);
}

static void test_condition_and_finding(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog(PROG, &s);

	if (!be)
		return;
	run(&s, "break barrier");
	ok(s.st.nbps == 1 && s.st.bps[0].line == 15, "break barrier: a breakpoint on the __syncthreads line");
	run(&s, "continue");
	ok(s.st.thread.line == 15 && s.st.run == UI_RUN_KERNEL, "continue stops there");
	run(&s, "delete");
	run(&s, "undo");
	ok(s.st.run == UI_RUN_HOST, "undo undoes the continue: back in host code");
	run(&s, "break 16 if threadIdx.x == 40");
	run(&s, "continue");
	ok(s.st.focus_warp == 1 && s.st.focus_lane == 8,
	   "a conditional breakpoint focuses the thread that meets it");
	ok(run(&s, "break 3") & UI_ACT_ERROR, "a breakpoint on a line without code is refused");
	run(&s, "delete");
	{
		uint64_t at = s.st.steps;

		run(&s, "set simt stack");
		ok(s.st.steps == at && strstr(last_console(&s), "re-ran"),
		   "set simt rebuilds the machine at the same step count");
	}
	ui_session_free(&s);
	engine_backend_free(be);

	be = open_prog("tests/tui/cu/oob.cu", &s);
	if (!be)
		return;
	run(&s, "continue");
	ok(s.st.nfindings >= 1 && !strncmp(s.st.findings[0].kind, "oob", 3),
	   "continue stops on an out-of-bounds finding");
	ok(s.st.stop_reason && strstr(s.st.stop_reason, "finding"), "the stop reason names it");
	golden(&s, "finding");
	run(&s, "continue");
	ok(s.st.run == UI_RUN_FINISHED, "the program then ends");
	ui_session_free(&s);
	engine_backend_free(be);
}

static void test_race(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/race.cu", &s);

	if (!be)
		return;
	run(&s, "continue");
	ok(s.st.nfindings >= 1 && strstr(s.st.findings[0].kind, "race") && s.st.findings[0].line == 12,
	   "a shared-memory race on line 12 is a finding; continue stops there");
	ok(s.st.run == UI_RUN_KERNEL, "the kernel is still there to look at");
	golden(&s, "race");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* The lanes pane after a ballot, a match and a reduction: bits and values. */
static void test_vote(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/vote.cu", &s);
	int r, good = 1;

	if (!be)
		return;
	run(&s, "break 7");
	run(&s, "continue");
	run(&s, "step");
	r = s.st.nlanes ? 0 : -1;
	ok(r == 0 && strstr(s.st.lanes[0].name, "__ballot_sync (line 7)") && s.st.lanes[0].has_bits,
	   "after __ballot_sync the lanes pane's first row is the ballot, as bits");
	for (int l = 0; r == 0 && l < 32; l++)
		good &= s.st.lanes[0].bits[l] == 0x49249249u && s.st.lanes[0].value[l] &&
			!strcmp(s.st.lanes[0].value[l], "0x49249249");
	ok(r == 0 && good, "every lane holds the ballot of tid %% 3 == 0 (0x49249249)");
	golden(&s, "ballot");
	run(&s, "step");
	good = s.st.nlanes && strstr(s.st.lanes[0].name, "__match_any_sync") && s.st.lanes[0].has_bits;
	for (int l = 0; good && l < 32; l++)
		good &= s.st.lanes[0].bits[l] == 0x11111111u << (l % 4);
	ok(good, "after __match_any_sync each lane has the mask of the lanes with its value");
	run(&s, "step");
	good = s.st.nlanes && strstr(s.st.lanes[0].name, "__reduce_add_sync") && !s.st.lanes[0].has_bits;
	for (int l = 0; good && l < 32; l++)
		good &= s.st.lanes[0].value[l] && !strcmp(s.st.lanes[0].value[l], "496");
	ok(good, "after __reduce_add_sync every lane shows the sum (496)");
	run(&s, "step");
	ok(!s.st.nlanes || !strstr(s.st.lanes[0].name, "_sync ("),
	   "one statement later the collective's row is gone");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* __brkpt() in the debugger: a stop on its thread, then continue goes past. */
static void test_brkpt(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/brkpt.cu", &s);
	int found;

	if (!be)
		return;
	run(&s, "continue");
	ok(s.st.run == UI_RUN_KERNEL && s.st.stop_reason && strstr(s.st.stop_reason, "__brkpt() at line 8"),
	   "continue stops at __brkpt() (line 8)");
	ok(s.st.focus_lane == 5, "the focus is on the thread that hit it (lane 5)");
	ok(s.st.nfindings == 0, "no trap finding in the debugger");
	run(&s, "continue");
	ok(s.st.run == UI_RUN_FINISHED && strstr(s.st.stop_reason, "status 0"),
	   "continue goes past it to the end (exit 0)");
	found = 0;
	for (size_t i = 0; i < s.st.console.len; i++)
		found |= !strcmp(s.st.console.v[i].text, "no error");
	ok(found,
	   "the kernel was not aborted (cudaDeviceSynchronize: no error)");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* Ctrl-C as the poll function sees it: stop a run at 1M steps, stop a
 * reverse-step's replay at 300k. */
static uint64_t stop_run_at, stop_replay_at;

static int test_poll(void *ctx, uint64_t steps, uint64_t total)
{
	return total ? stop_replay_at && steps >= stop_replay_at : stop_run_at && steps >= stop_run_at;
}

static double now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Reverse-step at 1M steps (from the newest checkpoint), timed. An
 * interrupted replay is the session's (tests/session/unit_session.c). */
static void test_reverse_long(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/spin.cu", &s);
	uint64_t at;
	double t0, ms;

	if (!be)
		return;
	engine_backend_set_poll(be, test_poll, NULL);
	stop_run_at = 1000000;
	run(&s, "continue");
	ok(s.st.steps >= 1000000 && s.st.stop_reason && strstr(s.st.stop_reason, "interrupted"),
	   "Ctrl-C stops a long continue (at 1M steps)");
	stop_run_at = 0;
	run(&s, "stepi");
	at = s.st.steps;
	t0 = now_ms();
	run(&s, "undo");
	ms = now_ms() - t0;
	printf("# undo at step %llu: %.0f ms (replay from the newest checkpoint)\n",
	       (unsigned long long)at, ms);
	ok(s.st.steps == at - 1 && strstr(s.st.stop_reason, "reverse step: back"),
	   "undo at 1M steps goes back one instruction");
	ok(ms < 1000, "... in under 1 s (a replay from the start took about 0.3 s per million steps)");
	at = s.st.steps;
	run(&s, "stepi");
	ok(s.st.steps == at + 1 && s.st.run == UI_RUN_HOST, "stepping goes on from there");
	run(&s, "undo");
	ok(s.st.steps == at, "and undo comes back to it");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* break finding KIND / break barrier as commands, shown in the source pane. */
static void test_break_kinds(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/race.cu", &s);
	char *text;

	if (!be)
		return;
	ok(run(&s, "break finding nosuch") & UI_ACT_ERROR, "break finding with an unknown kind is refused");
	ok(!(run(&s, "break finding host-device-race") & UI_ACT_ERROR),
	   "break finding host-device-race is a known kind");
	run(&s, "delete");
	run(&s, "break finding oob");
	ok(s.st.nbps == 1 && s.st.bps[0].line == 0 && !strcmp(s.st.bps[0].cond, "finding oob"),
	   "break finding oob: a breakpoint without a line");
	text = screen(&s, 120, 40);
	ok(strstr(text, "stops at finding oob") != NULL, "the source pane's title names it");
	free(text);
	run(&s, "continue");
	ok(s.st.run == UI_RUN_FINISHED && s.st.nfindings >= 1,
	   "with only 'finding oob', the race is listed but continue does not stop at it");
	ui_session_free(&s);
	engine_backend_free(be);

	be = open_prog("tests/tui/cu/race.cu", &s);
	if (!be)
		return;
	run(&s, "break finding race");
	run(&s, "continue");
	ok(s.st.run == UI_RUN_KERNEL && strstr(s.st.stop_reason, "shared-race"),
	   "break finding race: continue stops at the shared-race");
	run(&s, "delete");
	run(&s, "break barrier");
	ok(s.st.nbps == 2 && s.st.bps[0].line == 10 && s.st.bps[1].line == 13,
	   "break barrier: breakpoints on both __syncthreads lines (10, 13)");
	text = screen(&s, 120, 40);
	ok(strstr(text, "\u25cf   10 ") != NULL, "the source pane marks line 10");
	free(text);
	run(&s, "continue");
	ok(s.st.thread.line == 13 && strstr(s.st.stop_reason, "breakpoint"),
	   "continue stops at the next barrier line (13)");
	cmd_run(&s, "info breakpoints");
	{
		int found = 0;

		for (size_t i = s.st.console.len; i-- > 0 && !found;)
			found = strstr(s.st.console.v[i].text, "3       breakpoint      keep y   at line 13") != NULL;
		ok(found, "info breakpoints lists them (gdb's table)");
	}
	ui_session_free(&s);
	engine_backend_free(be);
}

/* A program that does not compile opens anyway; :reload after the fix. */
static void test_compile_error_reload(void)
{
	const char *path = "/tmp/ws-unit-reload.cu";
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_session s;
	struct ui_backend *be;
	char *argv[] = { (char *)path, NULL };
	int found = 0;
	FILE *f = fopen(path, "w");

	if (!f)
		return;
	fputs("#include <cstdio>\nint main(void)\n{\n\tint x = y;\n\treturn 0;\n}\n", f);
	fclose(f);
	machine_opts_init(&mo);
	strbuf_init(&err);
	ok(engine_backend_new(path, NULL, &fo, &mo, 1, argv, &err) == NULL,
	   "engine_backend_new still refuses a program that does not compile");
	strbuf_reset(&err);
	be = engine_backend_open(path, NULL, &fo, &mo, 1, argv, &err);
	ok(be && strstr(strbuf_cstr(&err), ":4:"), "engine_backend_open gives a backend and the diagnostics");
	strbuf_release(&err);
	if (!be)
		return;
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	for (size_t i = 0; i < s.st.console.len; i++)
		found |= strstr(s.st.console.v[i].text, ":4:") != NULL;
	ok(found && s.st.nlines == 6 && strstr(s.st.stop_reason, ":reload"),
	   "the console shows the diagnostics, the source pane the file, the status says :reload");
	ok(run(&s, "step") & UI_ACT_ERROR, "step says the program does not compile");
	ok(strstr(last_console(&s), "fix it, then :reload") != NULL, "... and what to do");
	free(screen(&s, 80, 24));
	ok(run(&s, "reload") & UI_ACT_ERROR, "reload of the unfixed file fails again");
	f = fopen(path, "w");
	fputs("#include <cstdio>\nint main(void)\n{\n\tint x = 4;\n\tprintf(\"%d\\n\", x);\n\treturn 0;\n}\n", f);
	fclose(f);
	run(&s, "reload");
	ok(s.st.run == UI_RUN_HOST && s.st.nlines == 7, "after the fix, reload compiles it: stopped before main()");
	run(&s, "continue");
	ok(s.st.run == UI_RUN_FINISHED && strstr(s.st.stop_reason, "status 0"), "and it runs to the end");
	ui_session_free(&s);
	engine_backend_free(be);
	remove(path);
}

static void test_exports(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog(PROG, &s);
	struct view_grid g;
	struct strbuf sb;
	char path[] = "/tmp/ws-unit-export.svg";
	FILE *f;

	if (!be)
		return;
	s.width = 100;
	s.height = 30;
	run(&s, "export svg /tmp/ws-unit-export.svg");
	f = fopen(path, "r");
	ok(f != NULL, "export svg writes the file");
	if (f) {
		char head[64] = "";

		ok(fread(head, 1, 40, f) > 0 && strstr(head, "<?xml") == head, "it is an SVG document");
		fclose(f);
		remove(path);
	}
	{
		/* the SVG colors are the terminal palette's: one cell per style */
		int all = 1;

		view_grid_init(&g, VS_COUNT, 1);
		for (int i = 0; i < VS_COUNT; i++)
			g.cells[i] = (struct view_cell){ 'A' + (uint32_t)i, (uint8_t)i };
		strbuf_init(&sb);
		export_svg(&g, 0, &sb);
		for (int i = 0; i < VS_COUNT; i++) {
			int fg, bg, b, d, u;
			char want[64];

			export_style(i, &fg, &bg, &b, &d, &u);
			snprintf(want, sizeof(want), "fill=\"%s\"", export_svg_rgb(fg));
			all &= strstr(strbuf_cstr(&sb), want) != NULL;
			if (bg >= 0) {
				snprintf(want, sizeof(want), "fill=\"%s\"", export_svg_rgb(bg));
				all &= strstr(strbuf_cstr(&sb), want) != NULL;
			}
		}
		ok(all, "the SVG uses the palette's color for every style (fg and bg)");
		strbuf_release(&sb);
		view_grid_free(&g);
	}
	view_grid_init(&g, 20, 2);
	view_render(&g, &s.st, &s.ctl);
	strbuf_init(&sb);
	export_ansi(&g, &sb);
	ok(!strncmp(strbuf_cstr(&sb), "\x1b[H", 3), "asciicast frames are ANSI screens");
	strbuf_release(&sb);
	view_grid_free(&g);
	ui_session_free(&s);
	engine_backend_free(be);
}

/* `info cuda textures`: the last fetch, the texels each lane read and
 * their weights (the session's data, tests/tui/cu/tex.cu) */
static void test_textures(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/tex.cu", &s);
	int head = 0, w = 0, edge = 0, before = 0;

	if (!be)
		return;
	run(&s, "info cuda textures");
	for (size_t i = 0; i < s.st.console.len; i++)
		before |= strstr(s.st.console.v[i].text, "no texture fetch yet") != NULL;
	ok(before, "info cuda textures before any fetch: none yet");
	run(&s, "break 8");
	run(&s, "continue");
	ok(s.st.run == UI_RUN_KERNEL && s.st.thread.line == 8, "stopped after the fetch (line 8)");
	run(&s, "info cuda textures");
	for (size_t i = 0; i < s.st.console.len; i++) {
		const char *t = s.st.console.v[i].text;
		head |= strstr(t, "tex2D on texture object 1 at line 7") && strstr(t, "linear filtering");
		/* lane 0 at (1.25, 0.75): a = 192/256, b = 64/256; texel (0,0) weighs 1/4 * 3/4 */
		w |= strstr(t, "texel (0, 0, 0) layer 0 weight 48/256 = 0") != NULL;
		/* lane 1 at (2.25, 0.75): past the last texel centre, clamp moves x
		 * to 1.5, so texel (1, 0) takes the whole x weight (3/4 of 256)
		 * and the texel past the edge (2, 0) weighs 0 */
		edge |= strstr(t, "texel (1, 0, 0) layer 0 weight 192/256 = 1") != NULL;
		if (strstr(t, "texel (2, 0, 0) layer 0 weight 0/256"))
			edge |= 2;
	}
	ok(head, "the fetch: function, object, line and filter mode");
	if (!head)
		for (size_t i = 0; i < s.st.console.len; i++)
			printf("# %s\n", s.st.console.v[i].text);
	ok(w, "lane 0's texel (0,0) with weight 48/256 and its value");
	ok(edge == 3, "lane 1: the coordinate clamped to the edge texel's centre, the texel past it weighs 0");
	/* the memory pane: the focused lane's fetch, its texels and weights */
	pane_golden(&s, PANE_MEMORY, 80, 16, "pane_memory_tex");
	ok(s.st.mem.tex_head && strstr(s.st.mem.tex_head, "tex2D (line 7)") && s.st.mem.ntex == 4,
	   "the memory pane's last fetch: tex2D at line 7, four texels");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* `info cuda textures` of a trilinear fetch: the level of detail, and the
 * texels of both levels with the level weight in theirs
 * (tests/tui/cu/texmip.cu) */
static void test_textures_mipmap(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/texmip.cu", &s);
	int lod = 0, t0 = 0, t1 = 0;

	if (!be)
		return;
	run(&s, "break 7");
	run(&s, "continue");
	run(&s, "info cuda textures");
	for (size_t i = 0; i < s.st.console.len; i++) {
		const char *t = s.st.console.v[i].text;
		lod |= strstr(t, "lod 0.25 of 2 levels") != NULL;
		/* point filtering: level 0 (2 x 2) reads texel (1, 1) with the level weight 192/256 */
		t0 |= strstr(t, "texel (1, 1, 0) layer 0 level 0 weight 192/256 = 4") != NULL;
		/* level 1 (1 x 1) reads its one texel with 64/256 */
		t1 |= strstr(t, "texel (0, 0, 0) layer 0 level 1 weight 64/256 = 8") != NULL;
	}
	ok(lod, "a trilinear fetch shows its level of detail and the levels");
	if (!lod)
		for (size_t i = 0; i < s.st.console.len; i++)
			printf("# %s\n", s.st.console.v[i].text);
	ok(t0, "a level-0 texel with its weight times the level's 192/256");
	ok(t1, "a level-1 texel with its weight times the level's 64/256");
	ui_session_free(&s);
	engine_backend_free(be);
}

static int console_has(struct ui_session *s, const char *a, const char *b)
{
	for (size_t i = 0; i < s->st.console.len; i++)
		if (strstr(s->st.console.v[i].text, a) && (!b || strstr(s->st.console.v[i].text, b)))
			return 1;
	return 0;
}

/* The Order pane (issue "The memory model, complete", item 5): store
 * buffering's weak outcome chosen from :explore's list, replayed, and shown
 * as an execution graph with rf/fr edges, the why of the stale read and
 * every thread's view. */
static void test_order_pane(void)
{
	struct ui_session s;
	struct ui_backend *be;
	int k = 0, rf_init = 0, fr = 0;
	char cmd[32], *text;

	open_relaxed = 1;
	be = open_prog("tests/litmus/SB.cu", &s);
	if (!be)
		return;
	ok(s.st.order.on && s.st.order.nev == 0, "relaxed model: the Order pane is on, no event before the launch");
	text = screen(&s, 80, 24);
	ok(strstr(text, "9 Order") != NULL, "at 80x24 the Order pane is on screen (the aux slot)");
	free(text);
	run(&s, "explore");
	ok(console_has(&s, "4 outcomes", "every one the model allows"), "explore lists SB's four outcomes");
	for (int i = 1; i <= 4 && !k; i++) {
		char want[16];
		snprintf(want, sizeof(want), "%d: r0=0 r1=0", i);
		if (console_has(&s, want, NULL))
			k = i;
	}
	ok(k > 0, "the weak outcome r0=0 r1=0 is among them");
	snprintf(cmd, sizeof(cmd), "witness %d", k ? k : 1);
	run(&s, cmd);
	ok(s.st.sched && strstr(s.st.sched, "witness") != NULL, "the status line says a witness is replayed (%s)",
	   s.st.sched ? s.st.sched : "-");
	run(&s, "continue");
	ok(console_has(&s, "r0=0 r1=0", NULL) && !console_has(&s, "r0=1", NULL) ? 1 : console_has(&s, "r0=0 r1=0", NULL),
	   "the replay prints the weak outcome");
	ok(s.st.order.nthreads >= 2 && !strcmp(s.st.order.threads[0], "b0.t0") &&
	   !strcmp(s.st.order.threads[1], "b1.t0"), "one column per thread");
	for (int i = 0; i < s.st.order.nedges; i++) {
		const struct ui_mmedge *d = &s.st.order.edges[i];
		rf_init += !strcmp(d->kind, "rf") && d->from == -1;
		fr += !strcmp(d->kind, "fr");
	}
	ok(rf_init == 2 && fr == 2, "both loads read the initial value (rf init) and are fr-before the other store (%d, %d)",
	   rf_init, fr);
	ok(s.st.order.why && strstr(s.st.order.why, "an older value") && strstr(s.st.order.why, "was not visible"),
	   "why: the stale read explained (%s)", s.st.order.why ? s.st.order.why : "-");
	golden(&s, "order_sb");
	run(&s, "witness 9");
	ok(strstr(last_console(&s), "choose 1 to 4") != NULL, "witness out of range: a clear message");
	ui_session_free(&s);
	engine_backend_free(be);
}

/* A launch with more memory events than the pane keeps: the latest 200,
 * labelled by their place in the whole log, and the title counts them all. */
static void test_order_window(void)
{
	struct ui_session s;
	struct ui_backend *be;
	char *text;

	open_relaxed = 1;
	be = open_prog("tests/tui/cu/order_many.cu", &s);
	if (!be)
		return;
	run(&s, "continue");
	ok(s.st.order.nev == 200 && s.st.order.earlier >= 101, "the pane keeps the latest 200 of %d events",
	   s.st.order.nev + s.st.order.earlier);
	ok(s.st.order.nev > 0 && strcmp(s.st.order.ev[0].label, "a") != 0,
	   "labels stay those of the whole log (first shown: %s)", s.st.order.nev ? s.st.order.ev[0].label : "-");
	text = screen(&s, 120, 40);
	ok(strstr(text, "the latest shown") != NULL, "the title says only the latest are shown");
	free(text);
	ui_session_free(&s);
	engine_backend_free(be);
}

/* :compare while a GPU trace is replayed (docs/gpu.md "Beside the
 * emulator"): the GPU pane, a row per warp, the hardware's statement and
 * lanes beside the emulator's own run, a lanes row as the watched value */
static void test_gpu_pane(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/gpu/trace/diverge.cu", &s);
	struct strbuf err;
	char *text;

	if (!be)
		return;
	run(&s, "compare");
	ok(strstr(last_console(&s), "compare needs a run recorded on the GPU") != NULL && !s.st.gpu.on,
	   "compare without a GPU trace: a clear message (%s)", last_console(&s));
	strbuf_init(&err);
	ok(engine_backend_set_trace(be, "tests/gpu/trace/diverge.h200.trace", &err) == 0, "the H200's trace loads");
	strbuf_release(&err);
	ui_session_refresh(&s);
	ok(s.st.gpu.on && !s.st.gpu.compare && s.st.gpu.nlines >= 2 && !s.st.gpu.nrows,
	   "the GPU pane shows the trace's header and next records until :compare");
	run(&s, "compare");
	ok(s.st.gpu.compare && s.st.gpu.nrows == 4 && s.ctl.gpu && s.ctl.focus_pane == PANE_GPU,
	   "compare on: four warps, the GPU pane focused (%s)", last_console(&s));
	for (int i = 0; i < 12; i++)
		run(&s, "step"); /* the host to the launch, then 11 records of the GPU */
	run(&s, "print v @ lanes");
	for (int i = 0; i < 6; i++)
		run(&s, "step");
	const struct ui_gpurow *r = &s.st.gpu.rows[0];
	ok(s.st.gpu.watch && !strcmp(s.st.gpu.watch, "v") && s.st.gpu.nrows == 4,
	   "the lanes row v is the watched value on both sides");
	ok(!strcmp(r->warp, "(0,0,0) w0") && (r->differs & UI_GPU_LINE) && (r->differs & UI_GPU_VALUE) &&
	   strstr(r->gpu, "l13 0x55555555") && strstr(r->emu, "l11 0xaaaaaaaa") && r->vals && !strcmp(r->vals, "100|0"),
	   "block 0 warp 0: the GPU at the else side, the emulator at the if side, v 100 against 0 (%s | %s | %s)",
	   r->gpu, r->emu, r->vals ? r->vals : "-");
	text = screen(&s, 120, 40);
	ok(strstr(text, "G GPU: step 18 of 28 beside the emulator") != NULL,
	   "at 120x40 the GPU pane takes the swappable slot");
	free(text);
	golden(&s, "gpu_compare");
	pane_golden(&s, PANE_GPU, 110, 12, "engine_gpu_pane");
	cmd_key(&s, 'G');
	ui_session_sync_view(&s);
	ok(!s.st.gpu.compare && !s.ctl.gpu, "G toggles it off");
	run(&s, "compare bogus");
	ok(strstr(last_console(&s), "usage: compare [on|off]") != NULL, "a bad argument: usage");
	ui_session_free(&s);
	engine_backend_free(be);
}

int main(void)
{
	tap_start();
	test_host_and_divergence();
	test_break_in_else();
	test_barrier_shuffle_memory();
	test_condition_and_finding();
	test_race();
	test_vote();
	test_brkpt();
	test_reverse_long();
	test_break_kinds();
	test_compile_error_reload();
	test_exports();
	test_textures();
	test_order_pane();
	test_order_window();
	test_textures_mipmap();
	test_gpu_pane();
	return tap_end();
}
