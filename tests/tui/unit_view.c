/*
 * unit_view.c - the interface without a terminal: every pane and whole
 * screens at 80x24, 120x40 and 200x60, UTF-8 and ASCII, rendered from the
 * fake backend's scripted states and compared with the golden files in tests/tui/golden;
 * command parsing, keys, completion and history; the too-small screen.
 *
 * UPDATE_GOLDEN=1 rewrites the golden files instead of comparing (review
 * them by eye: `cat tests/tui/golden/screen_80x24_utf8_diverge.txt`).
 * The interface sources are compiled in here (they are not in the engine
 * library the Makefile links unit tests with).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/fake_backend.c"
#include "tap.h"

#define GOLDEN_DIR "tests/tui/golden/"

static char *slurp(const char *path)
{
	size_t len;
	const char *err;

	return util_read_file(path, &len, &err);
}

/* Compare text with the golden file NAME.txt (or write it). */
static void golden(const char *name, const char *text)
{
	char path[256];
	char *want;

	snprintf(path, sizeof(path), GOLDEN_DIR "%s.txt", name);
	if (getenv("UPDATE_GOLDEN") && *getenv("UPDATE_GOLDEN") == '1') {
		FILE *f = fopen(path, "w");

		if (f) {
			fputs(text, f);
			fclose(f);
		}
		ok(f != NULL, "%s", name);
		return;
	}
	want = slurp(path);
	ok(want && !strcmp(want, text), "%s", name);
	if (want && strcmp(want, text)) {
		/* show the first differing line */
		const char *a = want, *b = text;
		int line = 1;

		while (*a && *a == *b) {
			line += *a == '\n';
			a++;
			b++;
		}
		printf("# first difference at line %d of %s\n", line, path);
	} else if (!want) {
		printf("# missing %s (run with UPDATE_GOLDEN=1)\n", path);
	}
	free(want);
}

static struct ui_backend *be;
static struct ui_session sess;

/* Take the fake's state at a frame, with a focused thread. */
static void at(int frame, int thread)
{
	struct strbuf msg;
	int t[3] = { thread, 0, 0 }, b[3] = { 0, 0, 0 };

	strbuf_init(&msg);
	be->focus(be->self, b, t, &msg);
	strbuf_release(&msg);
	fake_goto(be, frame);
	ui_session_refresh(&sess);
}

static void shot_screen(const char *name, int w, int h, int ascii)
{
	struct view_grid g;
	char full[128];
	char *text;

	view_grid_init(&g, w, h);
	sess.ctl.ascii = ascii;
	view_render(&g, &sess.st, &sess.ctl);
	text = view_to_text(&g);
	snprintf(full, sizeof(full), "screen_%dx%d_%s_%s", w, h, ascii ? "ascii" : "utf8", name);
	golden(full, text);
	if (ascii) {
		int clean = 1;

		for (int i = 0; i < w * h; i++)
			clean &= g.cells[i].ch < 128;
		ok(clean, "ASCII mode draws only ASCII");
	}
	free(text);
	view_grid_free(&g);
	sess.ctl.ascii = 0;
}

static void shot_pane(const char *name, int pane, int w, int h, int ascii)
{
	struct view_grid g;
	char full[128];
	char *text;

	view_grid_init(&g, w, h);
	sess.ctl.ascii = ascii;
	view_render_pane(&g, pane, &sess.st, &sess.ctl);
	text = view_to_text(&g);
	snprintf(full, sizeof(full), "pane_%s_%s", name, ascii ? "ascii" : "utf8");
	golden(full, text);
	free(text);
	view_grid_free(&g);
	sess.ctl.ascii = 0;
}

static void test_screens(void)
{
	static const int sizes[][2] = { { 80, 24 }, { 120, 40 }, { 200, 60 } };
	struct view_grid g;
	char *styles;

	at(5, 3); /* warp 0 diverged: the else branch runs */
	for (size_t i = 0; i < WS_ARRAY_LEN(sizes); i++)
		for (int a = 0; a < 2; a++)
			shot_screen("diverge", sizes[i][0], sizes[i][1], a);
	at(0, 0);
	shot_screen("host", 80, 24, 0);
	at(8, 40);
	shot_screen("barrier", 200, 60, 0);
	shot_screen("barrier", 80, 24, 0);
	at(12, 5);
	shot_screen("shuffle", 200, 60, 0);
	at(14, 0);
	shot_screen("race", 200, 60, 0);
	shot_screen("race", 120, 40, 1);
	at(FAKE_FRAMES - 1, 0);
	shot_screen("finished", 80, 24, 0);

	/* the style layer: lane states have distinct styles */
	at(5, 3);
	view_grid_init(&g, 80, 24);
	view_render(&g, &sess.st, &sess.ctl);
	styles = view_styles_to_text(&g);
	golden("styles_80x24_diverge", styles);
	ok(strchr(styles, 'A') && strchr(styles, 'D') && strchr(styles, 'F') && strchr(styles, 'c'),
	   "active, diverged, focused lane and current line styles are on screen");
	free(styles);
	view_grid_free(&g);

	sess.ctl.help = 1;
	shot_screen("help", 80, 24, 0);
	shot_screen("help", 80, 24, 1);
	sess.ctl.help = 0;
}

static void test_panes(void)
{
	at(5, 3);
	shot_pane("source_diverge", PANE_SOURCE, 70, 14, 0);
	shot_pane("source_diverge", PANE_SOURCE, 70, 14, 1);
	shot_pane("warps_diverge", PANE_WARPS, 72, 8, 0);
	shot_pane("warps_diverge", PANE_WARPS, 72, 8, 1);
	shot_pane("thread", PANE_THREAD, 40, 10, 0);
	at(8, 40);
	shot_pane("warps_barrier", PANE_WARPS, 50, 8, 0);
	shot_pane("sync_barrier", PANE_SYNC, 60, 8, 0);
	shot_pane("sync_barrier", PANE_SYNC, 60, 8, 1);
	at(7, 3);
	shot_pane("memory_conflict", PANE_MEMORY, 100, 16, 0);
	shot_pane("memory_conflict", PANE_MEMORY, 60, 16, 1);
	at(3, 3);
	shot_pane("memory_sectors", PANE_MEMORY, 100, 30, 0);
	at(12, 5);
	shot_pane("lanes_shuffle", PANE_LANES, 100, 8, 0);
	shot_pane("lanes_shuffle", PANE_LANES, 50, 12, 1);
	at(13, 5);
	shot_pane("lanes_ballot", PANE_LANES, 100, 10, 0);
	at(14, 0);
	shot_pane("findings_race", PANE_FINDINGS, 90, 5, 0);
	shot_pane("sync_pending", PANE_SYNC, 70, 12, 0);
	fake_sync_extras(&sess.st);
	shot_pane("sync_extras", PANE_SYNC, 70, 14, 0);
	shot_pane("console", PANE_CONSOLE, 60, 6, 0);
}

static void test_too_small(void)
{
	static const int sizes[][2] = { { 59, 24 }, { 80, 15 }, { 20, 5 }, { 1, 1 } };
	struct view_grid g;

	for (size_t i = 0; i < WS_ARRAY_LEN(sizes); i++) {
		char *text, *flat, desc[96];
		int k = 0;

		view_grid_init(&g, sizes[i][0], sizes[i][1]);
		view_render(&g, &sess.st, &sess.ctl);
		text = view_to_text(&g);
		flat = xstrdup(text);
		for (char *p = text; *p; p++) /* join wrapped rows */
			if (*p != '\n')
				flat[k++] = *p;
		flat[k] = 0;
		snprintf(desc, sizeof(desc), "too small at %dx%d says so", sizes[i][0], sizes[i][1]);
		ok(sizes[i][0] < 10 || strstr(flat, "too small") != NULL, "%s", desc);
		if (i == 0)
			ok(strstr(text, "need 60x16, have 59x24") != NULL, "message names both sizes");
		free(text);
		free(flat);
		view_grid_free(&g);
	}
	view_grid_init(&g, 40, 10);
	view_render(&g, &sess.st, &sess.ctl);
	{
		char *text = view_to_text(&g);

		golden("too_small_40x10", text);
		free(text);
	}
	view_grid_free(&g);
	view_grid_init(&g, 60, 16);
	view_render(&g, &sess.st, &sess.ctl);
	{
		char *text = view_to_text(&g);

		ok(!strstr(text, "too small") && strstr(text, "Source"), "60x16 shows the panes");
		free(text);
	}
	view_grid_free(&g);
}

/* One render at w x h: no crash, no garbage (every cell a printable
 * character with a known style), exactly h rows, a status row, the panes'
 * rectangles inside the screen. Returns 1 when all holds. */
static int render_clean(int w, int h)
{
	struct view_grid g;
	struct view_rect r[PANE_COUNT];
	char *text;
	int good = 1, rows = 0;

	view_grid_init(&g, w, h);
	ui_session_sync_view(&sess);
	view_render(&g, &sess.st, &sess.ctl);
	for (int i = 0; i < w * h; i++) {
		uint32_t ch = g.cells[i].ch;

		good &= (ch >= 0x20 && ch < 0x7f) || (ch >= 0xa0 && ch < 0xd800) ||
			(ch > 0xdfff && ch <= 0x10ffff);
		good &= g.cells[i].style < VS_COUNT;
	}
	text = view_to_text(&g);
	for (const char *p = text; *p; p++)
		rows += *p == '\n';
	good &= rows == h;
	if (w >= VIEW_MIN_W && h >= VIEW_MIN_H && !sess.ctl.help) {
		int blank = 1;

		for (int x = 0; x < w; x++)
			blank &= g.cells[x].ch == ' ';
		good &= !blank && strstr(text, "too small") == NULL;
		view_layout(w, h, &sess.ctl, sess.st.nwarps, r);
		for (int p = 0; p < PANE_COUNT; p++)
			good &= !r[p].w || (r[p].x >= 0 && r[p].y >= 0 && r[p].x + r[p].w <= w &&
					    r[p].y + r[p].h <= h);
	}
	if (!good)
		printf("# garbage or bad layout at %dx%d (frame state: help %d zoom %d ascii %d)\n", w,
		       h, sess.ctl.help, sess.ctl.zoom, sess.ctl.ascii);
	free(text);
	view_grid_free(&g);
	return good;
}

/* Property: every terminal size from 60x16 to 300x100 renders cleanly:
 * every width at some heights, every height at some widths, and a grid
 * over the whole range in both glyph sets, with help and zoom too; and
 * sizes below the minimum. */
static void test_every_size(void)
{
	static const int hs[] = { 16, 17, 23, 24, 25, 40, 60, 99, 100 };
	static const int ws[] = { 60, 61, 79, 80, 81, 120, 200, 299, 300 };
	static const int frames[] = { 5, 12 };
	int good = 1, n = 0;

	for (size_t f = 0; f < WS_ARRAY_LEN(frames); f++) {
		at(frames[f], 3);
		for (int w = 60; w <= 300; w++)
			for (size_t i = 0; i < WS_ARRAY_LEN(hs); i++, n++)
				good &= render_clean(w, hs[i]);
		for (int h = 16; h <= 100; h++)
			for (size_t i = 0; i < WS_ARRAY_LEN(ws); i++, n++)
				good &= render_clean(ws[i], h);
	}
	printf("# %d renders\n", n);
	ok(good, "every width 60..300 and every height 16..100 renders cleanly (2 machine states)");
	good = 1;
	n = 0;
	at(8, 40);
	for (int ascii = 0; ascii < 2; ascii++) {
		sess.ctl.ascii = ascii;
		for (int w = 60; w <= 300; w += 3)
			for (int h = 16; h <= 100; h += 4, n++)
				good &= render_clean(w, h);
	}
	sess.ctl.help = 1;
	for (int w = 60; w <= 300; w += 11)
		for (int h = 16; h <= 100; h += 7, n++)
			good &= render_clean(w, h);
	sess.ctl.help = 0;
	sess.ctl.zoom = PANE_MEMORY;
	for (int w = 60; w <= 300; w += 11)
		for (int h = 16; h <= 100; h += 7, n++)
			good &= render_clean(w, h);
	sess.ctl.zoom = PANE_NONE;
	sess.ctl.ascii = 0;
	for (int w = 1; w < 60; w += 2)
		for (int h = 1; h < 30; h += 3, n++)
			good &= render_clean(w, h);
	printf("# %d renders\n", n);
	ok(good, "the whole range in ASCII and UTF-8, with help, zoomed, and below the minimum");
}

static const char *last_console(void)
{
	return sess.st.console.len ? sess.st.console.v[sess.st.console.len - 1].text : "";
}

static void keys(const char *s)
{
	for (; *s; s++)
		cmd_key(&sess, *s == '\n' ? UI_KEY_ENTER : *s == '\t' ? UI_KEY_TAB : *s);
}

static void test_commands(void)
{
	char line[UI_LINE_MAX];
	int len, act;
	struct strbuf out;

	at(0, 0);
	act = cmd_run(&sess, "step");
	ok((act & UI_ACT_STATE) && sess.st.run == UI_RUN_KERNEL, "step enters the kernel");
	cmd_run(&sess, "s 3");
	ok(sess.st.steps == 4 * 7, "step N steps N times");
	cmd_run(&sess, "");
	ok(sess.st.steps == 7 * 7, "Enter repeats the last command");
	act = cmd_run(&sess, "step x");
	ok((act & UI_ACT_ERROR) && strstr(last_console(), "usage: step"), "step junk: usage");
	cmd_run(&sess, "reverse-step");
	ok(sess.st.steps == 6 * 7, "reverse-step goes back");
	act = cmd_run(&sess, "b 14 if tid == 5");
	ok(!(act & UI_ACT_ERROR) && sess.st.nbps == 1 && sess.st.bps[0].line == 14 &&
	   !strcmp(sess.st.bps[0].cond, "tid == 5"), "break LINE if COND");
	ok(cmd_run(&sess, "break if") & UI_ACT_ERROR, "break 'if' without a condition or a line: error");
	ok(cmd_run(&sess, "break 3 when x") & UI_ACT_ERROR, "break with junk: error");
	ok(cmd_run(&sess, "break 12 if") & UI_ACT_ERROR, "break 'if' without a condition: error");
	cmd_run(&sess, "c");
	ok(strstr(last_console(), "breakpoint 1, line 14") != NULL, "continue stops at the breakpoint");
	cmd_run(&sess, "delete 1");
	ok(sess.st.nbps == 0, "delete ID");
	ok(cmd_run(&sess, "delete 7") & UI_ACT_ERROR, "delete of a missing breakpoint: error");
	ok(!(cmd_run(&sess, "break") & UI_ACT_ERROR) && sess.st.nbps == 1 &&
	   sess.st.bps[0].line == sess.st.thread.line, "break alone: the current line (gdb's)");
	cmd_run(&sess, "delete");
	ok(sess.st.nbps == 0, "delete alone: every breakpoint");
	cmd_run(&sess, "cuda block (0,0,0) thread (37,0,0)");
	ok(sess.st.focus_warp == 1 && sess.st.focus_lane == 5, "cuda block thread focuses warp 1 lane 5");
	cmd_run(&sess, "cuda thread 3");
	ok(sess.st.focus_warp == 0 && sess.st.focus_lane == 3, "cuda thread N");
	ok(cmd_run(&sess, "cuda thread (500,0,0)") & UI_ACT_ERROR, "cuda thread out of the block: error");
	ok(cmd_run(&sess, "cuda block (1,") & UI_ACT_ERROR, "cuda block junk: usage");
	cmd_run(&sess, "focus warp 2 lane 7");
	ok(sess.st.focus_warp == 2 && sess.st.focus_lane == 7, "focus warp W lane L");
	cmd_run(&sess, "p v");
	ok(!strncmp(last_console(), "v = ", 4), "print EXPR for the focused thread");
	cmd_run(&sess, "print tid @ lanes");
	ok(sess.st.nlanes == 2 && !strcmp(sess.st.lanes[1].name, "tid"), "print EXPR @ lanes adds a lanes row");
	ok(cmd_run(&sess, "print nope") & UI_ACT_ERROR, "print of an unknown name: error");
	cmd_run(&sess, "info cuda warps");
	ok(strstr(last_console(), "   3 ") != NULL, "info cuda warps lists the warps");
	ok(cmd_run(&sess, "info cuda nothing") & UI_ACT_ERROR, "info cuda junk: usage");
	cmd_run(&sess, "set simt its");
	ok(!strcmp(sess.st.simt, "its"), "set simt its");
	ok(cmd_run(&sess, "set simt nope") & UI_ACT_ERROR, "set simt junk: error");
	ok(cmd_run(&sess, "set color red") & UI_ACT_ERROR, "set of an unknown key: usage");
	ok(cmd_run(&sess, "frobnicate") & UI_ACT_ERROR, "unknown command: error");
	ok(strstr(sess.message, "unknown command") != NULL, "errors show on the command row");
	ok(!(cmd_run(&sess, "quit") & UI_ACT_QUIT) && sess.confirm, "quit while the program runs: asks");
	ok(cmd_run(&sess, "y") & UI_ACT_QUIT, "y: quit");
	ok(!strcmp(cmd_canonical("si"), "stepi") && !strcmp(cmd_canonical("c"), "continue") &&
	   !cmd_canonical("xyz"), "aliases");
	{
		/* the help screen names every command, alias and bound key */
		struct strbuf h;
		int all = 1;
		static const char *const keys_shown[] = { " s ", " n ", " i ", " w ", " b ", " f ",
			" c ", " r ", " h l ", " J K ", " j k ", "PgUp", "PgDn", " 0 ", "Tab", "Shift-Tab",
			"1-9", " z ", " o ", "Esc", " : ", "Enter", " ? ", " q ", "Ctrl-C", "mouse", "Left",
			"Right", "Up", "Down", "Space", " a ", " e ", " L ", " 9 ", "Ctrl-S" };

		strbuf_init(&h);
		for (int i = 0; view_help_lines[i]; i++)
			strbuf_addf(&h, " %s \n", view_help_lines[i]);
		for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++) {
			char al[16];

			snprintf(al, sizeof(al), "(%.*s)", (int)strcspn(commands[i].alias ? commands[i].alias : "", " "),
				 commands[i].alias ? commands[i].alias : "");
			if (!strstr(h.buf, commands[i].name) || (commands[i].alias && !strstr(h.buf, al))) {
				printf("# help lacks %s %s\n", commands[i].name, al);
				all = 0;
			}
		}
		for (size_t i = 0; i < WS_ARRAY_LEN(keys_shown); i++)
			if (!strstr(h.buf, keys_shown[i])) {
				printf("# help lacks key '%s'\n", keys_shown[i]);
				all = 0;
			}
		ok(all, "the help screen lists every command (with its alias) and every key");
		strbuf_release(&h);
	}
	cmd_run(&sess, "help");
	ok(sess.ctl.help, "help opens the help screen");
	cmd_key(&sess, 'q');
	ok(!sess.ctl.help, "q closes it");

	/* completion */
	strcpy(line, "warp");
	len = 4;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "warp-step "),
	   "tab completes a unique command");
	strcpy(line, "s");
	len = 1;
	strbuf_init(&out);
	ok(cmd_complete(line, &len, sizeof(line), &out) == 4 &&
	   !strcmp(strbuf_cstr(&out), "step stepi start set"),
	   "tab lists the candidates");
	strbuf_release(&out);
	strcpy(line, "ste");
	len = 3;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 2 && !strcmp(line, "step"),
	   "tab completes the common prefix");
	strcpy(line, "step 1");
	len = 6;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 0, "no completion of a step count");
	strcpy(line, "info cuda wa");
	len = 12;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "info cuda warps "),
	   "info cuda subcommands complete");
	strcpy(line, "break finding host-dev");
	len = 22;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "break finding host-device-race "),
	   "break finding completes the kinds of findings.def");
	strcpy(line, "break finding invalid-h");
	len = 23;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "break finding invalid-host-access "),
	   "... every one of them");
	strcpy(line, "i c");
	len = 3;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "i cuda "),
	   "after an alias too (i -> info)");
	strcpy(line, "info cuda b");
	len = 11;
	strbuf_init(&out);
	ok(cmd_complete(line, &len, sizeof(line), &out) == 2 && !strcmp(strbuf_cstr(&out), "blocks barriers") &&
	   !strcmp(line, "info cuda b"), "info cuda b lists blocks and barriers");
	strbuf_release(&out);
	strcpy(line, "break finding shared");
	len = 20;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "break finding shared-race "),
	   "finding kinds complete");
	{
		/* the candidates of `break finding ` are the kinds table's, in its
		 * order, then the two families */
		struct strbuf want;
		strbuf_init(&want);
		for (int k = 0; k < FK_NKINDS; k++)
			strbuf_addf(&want, "%s ", finding_kind_info(k)->name);
		strbuf_adds(&want, "race oob");
		strcpy(line, "break finding ");
		len = 14;
		strbuf_init(&out);
		int n = cmd_complete(line, &len, sizeof(line), &out);
		ok(n == FK_NKINDS + 2 && !strcmp(strbuf_cstr(&out), strbuf_cstr(&want)),
		   "break finding offers exactly the %d kinds of findings.def (%d)", FK_NKINDS, n);
		strbuf_release(&out);
		strbuf_release(&want);
	}
	strcpy(line, "set sched ra");
	len = 12;
	ok(cmd_complete(line, &len, sizeof(line), NULL) == 1 && !strcmp(line, "set sched random:"),
	   "set sched random: (no space: the seed follows)");

	/* typing, history */
	keys(":fi\t");
	ok(sess.editing && !strcmp(sess.line, "finish "), "Tab completes in the command line");
	cmd_key(&sess, UI_KEY_ESC);
	keys(":info cu\t");
	ok(sess.editing && !strcmp(sess.line, "info cuda "), "Tab completes info cuda in the command line");
	cmd_key(&sess, UI_KEY_ESC);
	ok(!sess.editing, "Esc closes the command line");
	keys(":info cuda blocks\n");
	ok(strstr(last_console(), "4 warps") != NULL, "typed command runs");
	keys(":");
	cmd_key(&sess, UI_KEY_UP);
	ok(!strcmp(sess.line, "info cuda blocks"), "Up recalls the last command");
	cmd_key(&sess, UI_KEY_UP);
	ok(!strcmp(sess.line, "help"), "Up again: the one before");
	cmd_key(&sess, UI_KEY_DOWN);
	cmd_key(&sess, UI_KEY_DOWN);
	ok(!strcmp(sess.line, ""), "Down past the end: empty line");
	keys("sxep");
	cmd_key(&sess, UI_KEY_LEFT);
	cmd_key(&sess, UI_KEY_LEFT);
	cmd_key(&sess, UI_KEY_BACKSPACE);
	keys("t");
	ok(!strcmp(sess.line, "step"), "editing: left, backspace, insert");
	cmd_key(&sess, UI_KEY_ESC);

	/* keys */
	at(5, 3);
	cmd_key(&sess, 'l');
	ok(sess.st.focus_lane == 4, "l: next lane");
	cmd_key(&sess, 'h');
	cmd_key(&sess, 'h');
	ok(sess.st.focus_lane == 2, "h: previous lane");
	cmd_key(&sess, 'J');
	ok(sess.st.focus_warp == 1 && sess.st.focus_lane == 2, "J: next warp, same lane");
	cmd_key(&sess, 'K');
	ok(sess.st.focus_warp == 0, "K: previous warp");
	cmd_key(&sess, 'K');
	ok(sess.st.focus_warp == 0, "K at warp 0 stays");
	act = cmd_key(&sess, 's');
	ok((act & UI_ACT_STATE) && !strcmp(last_console(), "step"), "s steps (and echoes)");
	sess.width = 80;
	sess.height = 24;
	cmd_key(&sess, '6');
	ok(sess.ctl.focus_pane == PANE_SYNC && sess.ctl.aux_pane == PANE_SYNC, "6 shows the sync pane at 80x24");
	cmd_key(&sess, UI_KEY_TAB);
	ok(sess.ctl.focus_pane == PANE_CONSOLE, "Tab cycles visible panes");
	cmd_key(&sess, 'z');
	ok(sess.ctl.zoom == PANE_CONSOLE, "z zooms");
	cmd_key(&sess, 'z');
	ok(sess.ctl.zoom == PANE_NONE, "z again unzooms");
	ok(!(cmd_key(&sess, 'q') & UI_ACT_QUIT) && sess.confirm, "q while the program runs: asks");
	ok(cmd_key(&sess, 'y') & UI_ACT_QUIT, "y: quits");

	/* mouse: click a lane of warp 2 in the warps pane at 80x24 */
	{
		struct view_rect r[PANE_COUNT];

		view_layout(80, 24, &sess.ctl, sess.st.nwarps, r);
		cmd_mouse(&sess, r[PANE_WARPS].x + 6 + 9 + 1, r[PANE_WARPS].y + 2 + 2, 0);
		ok(sess.ctl.focus_pane == PANE_WARPS && sess.st.focus_warp == 2 && sess.st.focus_lane == 9,
		   "mouse click focuses a warp and lane");
		cmd_mouse(&sess, r[PANE_SOURCE].x + 3, r[PANE_SOURCE].y + 3, UI_KEY_WHEEL_DOWN);
		ok(sess.ctl.scroll[PANE_SOURCE] == 3, "wheel scrolls the pane under the mouse");
		sess.ctl.scroll[PANE_SOURCE] = 0;
	}
}

int main(void)
{
	tap_start();
	be = fake_backend_new();
	ui_session_init(&sess, be);
	test_panes();
	test_screens();
	test_too_small();
	test_every_size();
	test_commands();
	ui_session_free(&sess);
	fake_backend_free(be);
	return tap_end();
}
