/*
 * unit_screen.c - a screen that tells the truth (issue 16): whole screens
 * of the interface on the real engine, compared with golden files
 * (tests/tui/golden/truth_*.txt; UPDATE_GOLDEN=1 rewrites them), and the
 * facts behind each one checked in the snapshot:
 * - a cuda::barrier wait is named as one (status line, warps pane, sync
 *   pane), with no phantom __syncthreads arrivals;
 * - lanes that returned after arrive_and_drop are drawn as exited;
 * - every warp row shows its active mask in hex, narrow screens included;
 * - after a shuffle the lanes pane shows what each lane received and from
 *   which lane, with width segments; a vote shows who took part and each
 *   lane's predicate;
 * - long findings wrap; break barrier says what it set; tabs expand from
 *   the source line's start; NO_COLOR reaches export svg; the scheduler of
 *   a --schedule witness is named; tiny terminals get a clear message.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"
#include "tap.h"

#define GOLDEN_DIR "tests/tui/golden/"

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

/* The step count depends on the code the front end generates: goldens
 * keep "step N". */
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

/* The whole w x h screen against truth_NAME.txt; returns the text (free it). */
static char *golden(struct ui_session *s, const char *name, int w, int h)
{
	char path[256];
	char *text = screen(s, w, h), *want;
	size_t len;
	const char *err;

	mask_steps(text);
	snprintf(path, sizeof(path), GOLDEN_DIR "truth_%s.txt", name);
	if (getenv("UPDATE_GOLDEN") && *getenv("UPDATE_GOLDEN") == '1') {
		FILE *f = fopen(path, "w");

		if (f) {
			fputs(text, f);
			fclose(f);
		}
		ok(f != NULL, "%s", name);
		return text;
	}
	want = util_read_file(path, &len, &err);
	ok(want && !strcmp(want, text), "%s", path);
	if (!want || strcmp(want, text))
		printf("# got:\n%s", text);
	free(want);
	return text;
}

static struct ui_backend *open_prog(const char *path, struct ui_session *s, int simt)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	char *argv[] = { (char *)path, NULL };

	machine_opts_init(&mo);
	mo.simt = simt;
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

static void run(struct ui_session *s, const char *cmd)
{
	cmd_run(s, cmd);
	printf("# %s -> %s\n", cmd, s->st.stop_reason ? s->st.stop_reason : "-");
}

static void close_prog(struct ui_session *s, struct ui_backend *be)
{
	ui_session_free(s);
	engine_backend_free(be);
}

/* A warp blocked in cuda::barrier::wait(): every pane names the barrier. */
static void test_cubarrier(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/cubar.cu", &s, SIMT_STACK);
	const struct ui_sync *sy;
	char *text;

	if (!be)
		return;
	run(&s, "break 19");
	run(&s, "continue");
	/* statement steps go through a barrier (docs/debugging.md): stepi
	 * stops in it */
	for (int i = 0; i < 200 && !(s.st.stop_reason && strstr(s.st.stop_reason, "waits")); i++)
		run(&s, "stepi");
	sy = &s.st.sync;
	ok(s.st.stop_reason && strstr(s.st.stop_reason, "cuda::barrier bar, phase 0 (line 19)") &&
	   !strstr(s.st.stop_reason, "__syncthreads") && !strstr(s.st.stop_reason, "line 0"),
	   "status: warp 0 waits at cuda::barrier bar, phase 0 (line 19), not at __syncthreads (line 0)");
	ok(s.st.nwarps == 2 && s.st.warps[0].note && strstr(s.st.warps[0].note, "cuda::barrier bar phase 0"),
	   "warps pane: warp 0 waits at cuda::barrier bar, phase 0");
	ok(s.st.thread.line == 19, "thread pane: the wait is read at its call, line 19");
	ok(sy->nbarriers == 1 && sy->barriers[0].arrived[0] == 0 && sy->barriers[0].arrived[1] == 0,
	   "sync pane: nobody has arrived at __syncthreads (no phantom 32/64)");
	ok(sy->ncubars == 1 && !strcmp(sy->cubars[0].kind, "cuda::barrier") && !strcmp(sy->cubars[0].name, "bar") &&
	   sy->cubars[0].expected == 64 && sy->cubars[0].pending == 32 && sy->cubars[0].phase == 0 &&
	   sy->cubars[0].nwarps == 2 && sy->cubars[0].waiting[0] == 0xffffffffu &&
	   sy->cubars[0].waiting[1] == 0 && sy->cubars[0].wait_phase[0] == 0,
	   "sync pane: cuda::barrier bar, phase 0, 32 of 64 pending, warp 0's 32 lanes wait for phase 0");
	text = golden(&s, "cubar_wait_200x60", 200, 60);
	ok(!strstr(text, "32/64 arrived") && strstr(text, "0/64 arrived"), "the screen shows no phantom arrivals");
	free(text);
	free(golden(&s, "cubar_wait_120x40", 120, 40));
	run(&s, "pane sync");
	s.ctl.ascii = 1;
	free(golden(&s, "cubar_wait_ascii_80x24", 80, 24));
	s.ctl.ascii = 0;
	close_prog(&s, be);
}

/* Lanes that returned after arrive_and_drop() are exited everywhere. */
static void test_dropped(void)
{
	static const int policies[] = { SIMT_STACK, SIMT_ITS };

	for (int p = 0; p < 2; p++) {
		struct ui_session s;
		struct ui_backend *be = open_prog("tests/tui/cu/drop.cu", &s, policies[p]);
		int good = 1;

		if (!be)
			return;
		run(&s, "break 19");
		run(&s, "continue");
		run(&s, "step");
		run(&s, "step");
		for (int w = 0; w < s.st.nwarps; w++)
			for (int l = 1; l < 32; l += 2)
				good &= s.st.warps[w].status[l] == UI_LANE_EXITED;
		ok(s.st.nwarps == 2 && good, "%s: the odd lanes that dropped and returned are drawn as exited",
		   p ? "its" : "stack");
		ok(s.st.nwarps == 2 && (s.st.warps[1].groups[0].mask & 0xaaaaaaaau) == 0,
		   "%s: no group of warp 1 holds an exited lane", p ? "its" : "stack");
		if (!p)
			free(golden(&s, "drop_200x60", 200, 60));
		close_prog(&s, be);
	}
}

/* The last console line of a command's answer. */
static const char *console_text(struct ui_session *s, size_t from, struct strbuf *out)
{
	strbuf_reset(out);
	for (size_t i = from; i < s->st.console.len; i++)
		if (s->st.console.v[i].kind != UI_CON_ECHO)
			strbuf_addf(out, "%s\n", s->st.console.v[i].text);
	return strbuf_cstr(out);
}

/* A whole warp that returned after arrive_and_drop() while the others wait
 * at the barrier (issue 16's "still shows running lanes"): drawn exited in
 * the warps pane, the lanes pane, the thread pane, info cuda lanes and
 * warps, and in no barrier's waiters; the same after the barrier's next
 * phase, with half of warp 2 dropped too. Both SIMT policies. */
static void test_dropped_warp(void)
{
	static const int policies[] = { SIMT_STACK, SIMT_ITS };
	struct strbuf out;

	strbuf_init(&out);
	for (int p = 0; p < 2; p++) {
		const char *pol = p ? "its" : "stack";
		struct ui_session s;
		struct ui_backend *be = open_prog("tests/tui/cu/drop_warp.cu", &s, policies[p]);
		int exited = 1, waiters = 1;
		size_t from;
		char *text;

		if (!be)
			return;
		run(&s, "break 18");
		run(&s, "continue");
		run(&s, "delete");
		run(&s, "cuda warp 1 lane 0");
		run(&s, "next");
		ok(s.st.nwarps == 3 && s.st.focus_warp == 1, "%s: warp 1 returned after arrive_and_drop", pol);
		for (int l = 0; l < 32; l++)
			exited &= s.st.warps[1].status[l] == UI_LANE_EXITED;
		for (int g = 0; g < s.st.warps[1].ngroups; g++)
			exited &= s.st.warps[1].groups[g].mask == 0;
		ok(exited, "%s: the warps pane draws all of warp 1 exited, no group of it", pol);
		for (int i = 0; i < s.st.sync.ncubars; i++)
			if (s.st.sync.cubars[i].nwarps > 1 && s.st.sync.cubars[i].waiting)
				waiters &= s.st.sync.cubars[i].waiting[1] == 0;
		ok(waiters, "%s: warp 1 waits at no barrier", pol);
		from = s.st.console.len;
		run(&s, "info cuda lanes");
		console_text(&s, from, &out);
		ok(strstr(out.buf, "exited") && !strstr(out.buf, "active") && !strstr(out.buf, "ready"),
		   "%s: info cuda lanes says exited for each lane of warp 1", pol);
		from = s.st.console.len;
		run(&s, "info cuda warps");
		console_text(&s, from, &out);
		ok(strstr(out.buf, "*    1  0x00000000        exited") != NULL, "%s: info cuda warps: warp 1 exited",
		   pol);
		text = screen(&s, 200, 60);
		ok(strstr(text, "(exited: this thread has returned)") && !strstr(text, "in (exited)()") &&
		   !strstr(text, "line 0 "), "%s: the thread pane says the focused thread has returned", pol);
		free(text);
		run(&s, "break 22");
		run(&s, "continue");
		exited = 1;
		for (int l = 0; l < 32; l++)
			exited &= s.st.warps[1].status[l] == UI_LANE_EXITED &&
				  (l < 16 ? s.st.warps[2].status[l] != UI_LANE_EXITED
					  : s.st.warps[2].status[l] == UI_LANE_EXITED);
		ok(exited, "%s: at the next phase warp 1 and the upper half of warp 2 are exited", pol);
		if (!p)
			free(golden(&s, "drop_warp_200x60", 200, 60));
		close_prog(&s, be);
	}
	strbuf_release(&out);
}

/* Every warp row has its active mask, at 80 columns too. */
static void test_active_mask(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/diverge.cu", &s, SIMT_STACK);
	char *text;

	if (!be)
		return;
	run(&s, "break 11");
	run(&s, "continue");
	text = golden(&s, "mask_80x24", 80, 24);
	ok(strstr(text, " 55555555") != NULL, "80x24: warp 0's active mask 55555555 (the even lanes)");
	free(text);
	text = golden(&s, "mask_120x40", 120, 40);
	ok(strstr(text, " 0x55555555") != NULL, "120x40: 0x55555555");
	free(text);
	close_prog(&s, be);
}

/* Presentation mode (:present): the source, the warps with two cells per
 * lane, one more pane and the console; nothing dim; the normal layout on a
 * terminal too narrow for it. */
static void test_present(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/diverge.cu", &s, SIMT_STACK);
	char *text;
	struct view_grid g;
	int dim = 0;

	if (!be)
		return;
	run(&s, "break 11");
	run(&s, "continue");
	run(&s, "present on");
	ok(s.ctl.present == 1, ":present on sets presentation mode");
	text = golden(&s, "present_110x34", 110, 34);
	ok(strstr(text, "\u25cf \u25cb \u25cf \u25cb") != NULL, "the lanes are two cells wide");
	ok(strstr(text, "Source") && strstr(text, "Warps") && strstr(text, "Console") && !strstr(text, "Memory") &&
	   !strstr(text, "Findings"), "only the source, the warps, one more pane and the console");
	free(text);
	view_grid_init(&g, 110, 34);
	ui_session_sync_view(&s);
	view_render(&g, &s.st, &s.ctl);
	for (int i = 0; i < g.w * g.h; i++)
		dim += g.cells[i].style == VS_DIM || g.cells[i].style == VS_BORDER;
	ok(dim == 0, "nothing is drawn dim (%d cells)", dim);
	view_grid_free(&g);
	text = golden(&s, "present_narrow_80x24", 80, 24);
	ok(strstr(text, "Warps") && !strstr(text, "\u25cf \u25cb \u25cf"), "too narrow: the normal layout");
	free(text);
	run(&s, "present");
	ok(s.ctl.present == 0, ":present toggles it off");
	close_prog(&s, be);
}

/* After a shuffle: what each lane received, from which lane. */
static void test_shuffle(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/shfl.cu", &s, SIMT_STACK);
	const struct ui_lanevar *v;
	int good;

	if (!be)
		return;
	run(&s, "break 9");
	run(&s, "continue");
	run(&s, "step");
	v = s.st.nlanes ? &s.st.lanes[0] : NULL;
	ok(v && v->coll == UI_COLL_SHFL && strstr(v->name, "__shfl_xor_sync (line 9): width 8, laneMask 1"),
	   "the lanes pane's first row is the xor shuffle, width 8");
	good = v != NULL;
	for (int l = 0; good && l < 32; l++) {
		char want[16];

		snprintf(want, sizeof(want), "%d", (l ^ 1) * 10);
		good &= v->src[l] == (l ^ 1) && v->value[l] && !strcmp(v->value[l], want);
	}
	ok(good, "xor 1: lane l received (l ^ 1) * 10 from lane l ^ 1");
	good = 1;
	for (int i = 1; i < s.st.nlanes; i++)
		good &= !s.st.lanes[i].has_src;
	ok(good, "no variable row gets source arrows");
	free(golden(&s, "shfl_xor_120x40", 120, 40));
	s.ctl.ascii = 1;
	free(golden(&s, "shfl_xor_ascii_120x40", 120, 40));
	s.ctl.ascii = 0;
	run(&s, "step");
	v = s.st.nlanes ? &s.st.lanes[0] : NULL;
	good = v && strstr(v->name, "__shfl_up_sync (line 10): width 16, delta 2");
	for (int l = 0; good && l < 32; l++) {
		int src = l % 16 < 2 ? l : l - 2;
		char want[16];

		snprintf(want, sizeof(want), "%d", src * 10);
		good &= v->src[l] == src && v->value[l] && !strcmp(v->value[l], want);
	}
	ok(good, "up 2 in segments of 16: lanes 0, 1, 16, 17 keep their own value");
	free(golden(&s, "shfl_up_120x40", 120, 40));
	run(&s, "step");
	v = s.st.nlanes ? &s.st.lanes[0] : NULL;
	good = v && strstr(v->name, "__shfl_sync (line 11): width 8, srcLane 3");
	for (int l = 0; good && l < 32; l++)
		good &= v->src[l] == (l & ~7) + 3;
	ok(good, "broadcast of lane 3 within each segment of 8");
	run(&s, "pane lanes");
	free(golden(&s, "shfl_idx_80x24", 80, 24));
	close_prog(&s, be);
}

/* After a vote: who took part, each lane's predicate, what each got. */
static void test_vote(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/vote.cu", &s, SIMT_STACK);
	const struct ui_lanevar *v;
	int good;

	if (!be)
		return;
	run(&s, "break 7");
	run(&s, "continue");
	run(&s, "step");
	v = s.st.nlanes ? &s.st.lanes[0] : NULL;
	good = v && v->coll == UI_COLL_VOTE && v->part == 0xffffffffu;
	for (int l = 0; good && l < 32; l++)
		good &= v->gave[l] == (l % 3 == 0);
	ok(good, "ballot: all 32 lanes took part; lane l gave tid %% 3 == 0");
	free(golden(&s, "ballot_120x40", 120, 40));
	close_prog(&s, be);
}

/* A long finding wraps in its pane, zoomed or not: nothing is cut. */
static void test_findings_wrap(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/race.cu", &s, SIMT_STACK);
	char *text;

	if (!be)
		return;
	for (int i = 0; i < 5 && s.st.run != UI_RUN_FINISHED; i++)
		run(&s, "continue");
	ok(s.st.nfindings == 1 && strstr(s.st.findings[0].message, "(x6)"), "one race finding, seen 6 times");
	s.ctl.zoom = PANE_FINDINGS;
	text = golden(&s, "finding_zoom_80x24", 80, 24);
	ok(strstr(text, "(x6)") && strstr(text, "add a barrier between"),
	   "zoomed at 80 columns: the whole message, its end included");
	free(text);
	s.ctl.zoom = PANE_NONE;
	run(&s, "pane findings");
	text = golden(&s, "finding_80x24", 80, 24);
	ok(strstr(text, "(32,0,0): shared memory") && strstr(text, "race.cu:12"),
	   "in the aux slot at 80 columns: the place and the message wrapped, not cut");
	free(text);
	close_prog(&s, be);
}

/* The findings pane lists what check reports, run the same way (continue
 * stops at each new finding; docs/findings.md says why stepping a warp at
 * a time can show other race places). */
static void test_findings_like_check(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/findings/global_race_2.cu", &s, SIMT_STACK);
	int n = 0;

	if (!be)
		return;
	for (int i = 0; i < 10 && s.st.run != UI_RUN_FINISHED; i++)
		run(&s, "continue");
	for (int i = 0; i < s.st.nfindings; i++)
		n += !strcmp(s.st.findings[i].kind, "global-race");
	ok(s.st.run == UI_RUN_FINISHED && s.st.nfindings == 3 && n == 3,
	   "global_race_2.cu: the 3 global-race places check reports");
	close_prog(&s, be);
}

/* break barrier: the lines with a barrier, calls into cuda::barrier's
 * methods included; the message names exactly the breakpoints set. */
static void test_break_barrier(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/cubar.cu", &s, SIMT_STACK);
	static const int want[] = { 15, 17, 19, 22, 25, 27 };
	const char *msg;
	int good;

	if (!be)
		return;
	run(&s, "break 15");
	run(&s, "break barrier");
	msg = s.st.console.len ? s.st.console.v[s.st.console.len - 1].text : "";
	good = s.st.nbps == 6;
	for (int i = 0; good && i < 6; i++)
		good &= s.st.bps[i].line == want[i];
	ok(good, "breakpoints on lines 15 17 19 22 25 27 (__syncthreads, arrive, wait, arrive_and_drop, "
		 "arrive_and_wait)");
	ok(strstr(msg, "5 breakpoints at the barrier lines") && strstr(msg, "2 at line 17") &&
	   strstr(msg, "6 at line 27") && strstr(msg, "1 barrier line had a breakpoint already"),
	   "the message says 5 set (2-6), and that line 15 had one: %s", msg);
	free(golden(&s, "break_barrier_100x30", 100, 30));
	close_prog(&s, be);
}

/* Tabs expand from the start of the source line, in steps of 4. */
static void test_tabs(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/cubar.cu", &s, SIMT_STACK);
	char *text, *p;

	if (!be)
		return;
	text = golden(&s, "tabs_100x30", 100, 30);
	/* "    33 \tint *d, h[96];": the tab is 4 columns, the text at 7 + 4 */
	p = strstr(text, "    33 ");
	ok(p && !strncmp(p, "    33     int *d, h[96];", 25), "a leading tab is 4 columns wide");
	p = strstr(text, "    37 ");
	ok(p && !strncmp(p + 7, "    printf(", 11), "every tabbed line starts at the same column");
	free(text);
	close_prog(&s, be);
}

/* export svg: NO_COLOR gives a monochrome SVG, as on the terminal. */
static void test_svg_no_color(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/diverge.cu", &s, SIMT_STACK);
	char path[] = "/tmp/ws-unit-screen.svg", *svg;
	size_t len;
	const char *err;

	if (!be)
		return;
	s.width = 100;
	s.height = 30;
	run(&s, "break 11");
	run(&s, "continue");
	unsetenv("WARPSTEP_MONO");
	setenv("NO_COLOR", "1", 1);
	run(&s, "export svg /tmp/ws-unit-screen.svg");
	svg = util_read_file(path, &len, &err);
	ok(svg && strstr(svg, "<svg") && !strstr(svg, "#50d050") && !strstr(svg, "#f05050") &&
	   !strstr(svg, "#40c8d0") && strstr(svg, "fill=\"#d8d8d8\""),
	   "NO_COLOR=1: the SVG has no palette color, only the foreground gray");
	free(svg);
	setenv("NO_COLOR", "", 1);
	run(&s, "export svg /tmp/ws-unit-screen.svg");
	svg = util_read_file(path, &len, &err);
	ok(svg && strstr(svg, "#50d050"), "NO_COLOR empty (no-color.org: not set): colors, the running lanes green");
	free(svg);
	unsetenv("NO_COLOR");
	remove(path);
	close_prog(&s, be);
}

/* --schedule WITNESS: the status line says the witness is replayed. */
static void test_witness(void)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	struct ui_session s;
	char *argv[] = { "tests/tui/cu/race.cu", NULL }, *text;

	machine_opts_init(&mo);
	mo.schedule = "sc:0.0.0.0.0.0.0.0.0.0.0.1.0.0";
	strbuf_init(&err);
	be = engine_backend_new(argv[0], NULL, &fo, &mo, 1, argv, &err);
	strbuf_release(&err);
	if (!be)
		return;
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	run(&s, "break 12");
	run(&s, "continue");
	ok(s.st.sched && !strcmp(s.st.sched, "witness sc:0.0.0.0.0.0.0.0.0.0.0.1.0.0"),
	   "the status line's scheduler is the witness replayed, not rr");
	text = golden(&s, "witness_200x60", 200, 60);
	ok(strstr(text, "sched witness sc:0.0.0.0.0.0.0.0.0.0.0.1.0.0") && !strstr(text, "sched rr"),
	   "the screen says sched witness ...");
	free(text);
	run(&s, "set sched rr");
	ok(s.st.sched && !strcmp(s.st.sched, "rr"), "set sched rr: round robin again, the witness dropped");
	close_prog(&s, be);
}

/* Every size, tiny ones included: a clear message, never a crash. */
static void test_tiny(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/diverge.cu", &s, SIMT_STACK);
	int good = 1;

	if (!be)
		return;
	run(&s, "break 17");
	run(&s, "continue");
	for (int w = 1; w <= 130; w++)
		for (int h = 1; h <= 45; h++) {
			char *text = screen(&s, w, h);

			if (w < VIEW_MIN_W || h < VIEW_MIN_H)
				good &= strstr(text, "small") != NULL || (w < 5 && strchr(text, '!'));
			free(text);
		}
	ok(good, "1x1 to 130x45: every screen renders; below 60x16 it says it is too small");
	for (int z = 0; z < PANE_COUNT; z++) {
		s.ctl.zoom = z;
		for (int w = 55; w <= 70; w++)
			free(screen(&s, w, 16));
	}
	s.ctl.zoom = PANE_NONE;
	ok(1, "every pane zoomed at the smallest sizes renders");
	free(golden(&s, "tiny_20x5", 20, 5));
	free(golden(&s, "tiny_10x2", 10, 2));
	close_prog(&s, be);
}

/* A cuda::pipeline whose two stages warp 0 has filled (warp 1 has not yet):
 * the sync pane lists the stages (acquired, half the producers committed)
 * and the copies in flight; `info cuda async` says the same; after
 * consumer_wait() stage 0 is ready and its copies landed. */
static void test_pipeline(void)
{
	struct ui_session s;
	struct ui_backend *be = open_prog("tests/tui/cu/pipe.cu", &s, SIMT_STACK);
	const struct ui_sync *sy;
	struct strbuf out;

	if (!be)
		return;
	run(&s, "break 17");
	run(&s, "continue");
	sy = &s.st.sync;
	ok(sy->npipes == 1 && sy->pipes[0].nstages == 2 && strstr(sy->pipes[0].title, "cuda::pipeline state") &&
	   strstr(sy->pipes[0].title, "64 producers, 64 consumers (unified)"),
	   "sync pane: the pipeline, its stages and roles");
	ok(sy->npipes == 1 && !strcmp(sy->pipes[0].state[0], "acquired") && !strcmp(sy->pipes[0].state[1], "acquired") &&
	   strstr(sy->pipes[0].stage[0], "committed 32/64") && strstr(sy->pipes[0].stage[0], "32 in flight"),
	   "sync pane: both stages acquired, warp 0's half committed with its copies in flight");
	ok(sy->ncopies == 2 && sy->copies_total == 64 && strstr(sy->copies[0], "line 14 memcpy_async (pipeline)") &&
	   strstr(sy->copies[0], "threads 0..31, use 0: stage not committed yet") && strstr(sy->copies[1], "use 1"),
	   "sync pane: the copies in flight, by line and stage use");
	strbuf_init(&out);
	ok(be->info(be->self, "async", &out) == 0 && strstr(strbuf_cstr(&out), "stage 1: acquired") &&
	   strstr(strbuf_cstr(&out), "asynchronous copies in flight: 64"), "info cuda async lists stages and copies");
	strbuf_release(&out);
	run(&s, "pane sync");
	free(golden(&s, "pipeline_200x60", 200, 60));
	s.ctl.zoom = PANE_SYNC;
	free(golden(&s, "pipeline_zoom_160x24", 160, 24));
	s.ctl.zoom = PANE_NONE;
	for (int i = 0; i < 200 && !(s.st.stop_reason && strstr(s.st.stop_reason, "waits")); i++)
		run(&s, "stepi");
	ok(s.st.stop_reason && strstr(s.st.stop_reason, "cuda::pipeline acquire/wait (line 17)") &&
	   s.st.warps[0].note && strstr(s.st.warps[0].note, "cuda::pipeline"),
	   "warp 0 blocked in consumer_wait() is named as a pipeline wait, not __syncthreads");
	run(&s, "next");
	ok(!strcmp(sy->pipes[0].state[0], "ready") && strstr(sy->pipes[0].stage[0], "0 in flight"),
	   "after consumer_wait(): stage 0 is ready, its copies landed");
	close_prog(&s, be);
}

int main(void)
{
	tap_start();
	test_cubarrier();
	test_dropped();
	test_dropped_warp();
	test_active_mask();
	test_present();
	test_shuffle();
	test_vote();
	test_findings_wrap();
	test_findings_like_check();
	test_break_barrier();
	test_tabs();
	test_svg_no_color();
	test_witness();
	test_tiny();
	test_pipeline();
	return tap_end();
}
