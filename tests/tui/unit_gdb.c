/*
 * unit_gdb.c - the debugger's gdb and cuda-gdb vocabulary (tui/cmd.c's
 * parsing, tui/backend_engine.c's translation to engine/session): every
 * command is run through cmd_run on tests/tui/cu/gdb.cu and its console
 * answer checked (break FUNC / FILE:LINE / LINE, tbreak, condition,
 * enable/disable/delete, ignore, watch/rwatch/awatch with old and new
 * values and the writing lane, display, info ..., bt/up/down/frame,
 * run/start/kill with confirmation, until/advance, list, print/FMT, x/NFU,
 * *p@n, convenience variables, cuda focus forms, keys, Ctrl-C and q);
 * usage errors for junk. The fake backend's answers ("not available") too.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/cmd.c"
#include "../../tui/export.c"
#include "../../tui/backend_engine.c"
#include "../../tui/fake_backend.c"
#include "tap.h"

#define PROG "tests/tui/cu/gdb.cu"

static struct ui_backend *open_prog(const char *path, struct ui_session *s)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts mo;
	struct strbuf err;
	struct ui_backend *be;
	char *argv[] = { (char *)path, NULL };

	machine_opts_init(&mo);
	mo.simt = SIMT_STACK;
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

/* The console lines a command added, joined by '\n' (a static buffer). */
static const char *said;
static char said_buf[8192];

static int run(struct ui_session *s, const char *cmd)
{
	size_t before = s->st.console.len, n = 0;
	int act = cmd_run(s, cmd);

	said_buf[0] = 0;
	for (size_t i = before; i < s->st.console.len; i++) {
		if (s->st.console.v[i].kind == UI_CON_ECHO)
			continue;
		n += (size_t)snprintf(said_buf + n, sizeof(said_buf) - n, "%s%s", n ? "\n" : "",
				      s->st.console.v[i].text);
		if (n >= sizeof(said_buf))
			n = sizeof(said_buf) - 1;
	}
	said = said_buf;
	printf("# %s -> %s%s\n", cmd, act & UI_ACT_ERROR ? "ERROR " : "", said);
	return act;
}

static int has(const char *text)
{
	return strstr(said, text) != NULL;
}

static int line_now(struct ui_session *s)
{
	return s->st.run == UI_RUN_KERNEL ? s->st.thread.line : s->st.host_line;
}

#define PROG2 "tests/tui/cu/gdb2.cu"

/* A local's value in the thread pane (NULL: not shown). */
static const char *pane_local(struct ui_session *s, const char *name)
{
	for (int i = 0; i < s->st.thread.nlocals; i++)
		if (!strcmp(s->st.thread.locals[i].name, name))
			return s->st.thread.locals[i].value;
	return NULL;
}

static void gdb2_tests(void)
{
	struct ui_session s;
	struct ui_backend *be;
	uint64_t s0, s1;

	/* until/advance LOCATION: also stop when the current frame returns
	 * (gdb's "until location ... or the current frame returns") */
	if (!(be = open_prog(PROG2, &s))) {
		ok(0, "%s compiles", PROG2);
		return;
	}
	run(&s, "b fill");
	run(&s, "run");
	run(&s, "delete");
	ok(line_now(&s) == 10, "b fill, run: in fill at line 10");
	s0 = s.st.steps;
	ok(!(run(&s, "advance 29") & UI_ACT_ERROR) && line_now(&s) == 24 &&
	   has("Run till exit from fill: back in kernel, line 24"),
	   "advance 29 from inside fill: stops when fill returns, in the caller (line 24)");
	s1 = s.st.steps;
	ok(s1 > s0 && strcmp(s.st.thread.func ? s.st.thread.func : "", "fill"),
	   "the focused thread is back in kernel");
	run(&s, "next");
	ok(line_now(&s) == 25, "next: line 25");
	ok(!(run(&s, "undo") & UI_ACT_ERROR) && s.st.steps == s1 && line_now(&s) == 24,
	   "undo after it: exactly where the return stopped it (step %llu)", (unsigned long long)s1);
	ok(!(run(&s, "undo") & UI_ACT_ERROR) && s.st.steps == s0 && line_now(&s) == 10,
	   "undo again: back in fill at line 10, at the same step");
	ok(!(run(&s, "until 29") & UI_ACT_ERROR) && line_now(&s) == 24 && s.st.steps == s1 &&
	   has("Run till exit from fill"), "until 29: the same stop at the same step");
	ok(!(run(&s, "reverse-step") & UI_ACT_ERROR) && !(run(&s, "until 29") & UI_ACT_ERROR) &&
	   line_now(&s) == 24, "reverse-step into fill, until 29 again: out of fill once more");
	ok(!(run(&s, "advance 29") & UI_ACT_ERROR) && line_now(&s) == 29,
	   "advance 29 in the kernel's outermost frame: at line 29 (its return ends the thread)");
	ok((run(&s, "advance nosuch") & UI_ACT_ERROR) && has("Function \"nosuch\" not defined."),
	   "advance to an unknown function: gdb's message");
	run(&s, "b 24");
	run(&s, "run");
	run(&s, "y");
	run(&s, "delete");
	ok(line_now(&s) == 24, "again at line 24, in the kernel's frame");
	ok(!(run(&s, "advance 11") & UI_ACT_ERROR) && line_now(&s) == 11, "advance 11: into the callee, as gdb's");
	run(&s, "undo");
	ok(line_now(&s) == 24 && !(run(&s, "until 11") & UI_ACT_ERROR) && line_now(&s) != 11 &&
	   s.st.run != UI_RUN_KERNEL, "until 11: not in a callee (gdb's until): runs on to the end");
	ui_session_free(&s);
	engine_backend_free(be);

	/* the value history: $N, $, $$, $$N; snapshots; display; conditions */
	if (!(be = open_prog(PROG2, &s)))
		return;
	run(&s, "b 11");
	run(&s, "run");
	run(&s, "cuda thread 5");
	ok(!(run(&s, "p x") & UI_ACT_ERROR) && has("$1 = 5"), "print numbers its value: $1 = 5");
	ok(!(run(&s, "p x * 2") & UI_ACT_ERROR) && has("$2 = 10"), "$2 = 10");
	ok(!(run(&s, "p $") & UI_ACT_ERROR) && has("$3 = 10"), "$ is the last value");
	ok(!(run(&s, "p $$2") & UI_ACT_ERROR) && has("$4 = 5"), "$$2: two back from the last ($1)");
	ok(!(run(&s, "p $1 + $2") & UI_ACT_ERROR) && has("$5 = 15"), "$1 + $2 in an expression");
	ok(!(run(&s, "p $$") & UI_ACT_ERROR) && has("$6 = 5"), "$$: the one before the last");
	ok(!(run(&s, "p/x $2") & UI_ACT_ERROR) && has("$7 = 0xa"), "p/x of a history value");
	ok(!(run(&s, "p") & UI_ACT_ERROR) && has("$8 = 10"), "a bare print: the last value again");
	ok((run(&s, "p $99") & UI_ACT_ERROR) && has("History has not yet reached $99."),
	   "a value not yet in the history: gdb's message");
	ok(!(run(&s, "p tmp") & UI_ACT_ERROR) && has("$9 = {5, 0}"), "an array into the history");
	ok(!(run(&s, "display $1 * 3") & UI_ACT_ERROR) && has("1: $1 * 3 = 15"),
	   "display of a history expression (not itself added)");
	ok(!(run(&s, "next") & UI_ACT_ERROR) && has("1: $1 * 3 = 15"), "and shown at the next stop");
	ok(!(run(&s, "p tmp") & UI_ACT_ERROR) && has("$10 = {5, 10}"), "the array now: $10 (display added none)");
	ok(!(run(&s, "p $9") & UI_ACT_ERROR) && has("$11 = {5, 0}"), "$9 is a snapshot: the array as it was");
	ok(!(run(&s, "p $9[1] + $10[1]") & UI_ACT_ERROR) && has("$12 = 10"), "snapshot elements in expressions");
	run(&s, "undisplay");
	run(&s, "delete");
	ok(!(run(&s, "b 27 if i == $1 - 2") & UI_ACT_ERROR) && !(run(&s, "c") & UI_ACT_ERROR) &&
	   !(run(&s, "p i") & UI_ACT_ERROR) && has("= 3"), "a condition with a history value ($1 - 2 == 3)");
	ui_session_free(&s);
	engine_backend_free(be);

	/* set var / print LHS = VALUE: registers, local, shared and global
	 * memory, in every pane; undo across it */
	if (!(be = open_prog(PROG2, &s)))
		return;
	run(&s, "b 11");
	run(&s, "run");
	run(&s, "delete");
	run(&s, "cuda thread 5");
	s0 = s.st.steps;
	ok(!(run(&s, "set var tmp[1] = 100") & UI_ACT_ERROR), "set var tmp[1] = 100 (local memory)");
	ok(!(run(&s, "p tmp") & UI_ACT_ERROR) && has("{5, 100}"), "print sees it");
	ok(pane_local(&s, "tmp") && strstr(pane_local(&s, "tmp"), "100"), "the thread pane shows it: %s",
	   pane_local(&s, "tmp") ? pane_local(&s, "tmp") : "-");
	ok(!(run(&s, "set variable x = 7") & UI_ACT_ERROR) && !(run(&s, "p x") & UI_ACT_ERROR) &&
	   has("= 7") && pane_local(&s, "x") && !strcmp(pane_local(&s, "x"), "7"),
	   "set variable x = 7 (a register): print and the pane");
	ok(!(run(&s, "p tmp[0] = 2.9") & UI_ACT_ERROR) && has("= 2"), "print tmp[0] = 2.9: assigns, converted to int");
	ok(s.st.steps == s0, "assignments run no step");
	run(&s, "cuda thread 6");
	ok(!(run(&s, "p x") & UI_ACT_ERROR) && has("= 6"), "lane 6's x is its own");
	run(&s, "cuda thread 5");
	ok(!(run(&s, "set var *out = 55") & UI_ACT_ERROR), "set var *out = 55 (global memory through a pointer)");
	run(&s, "up");
	ok(!(run(&s, "p data[5]") & UI_ACT_ERROR) && has("= 55"), "the kernel's data[5] is 55");
	ok(!(run(&s, "set var s[3] = 99") & UI_ACT_ERROR) && !(run(&s, "p s[3]") & UI_ACT_ERROR) &&
	   has("= 99"), "set var s[3] = 99 (shared memory, in the caller's frame)");
	ok(!(run(&s, "set var g[1] = -4") & UI_ACT_ERROR) && !(run(&s, "p g[1]") & UI_ACT_ERROR) &&
	   has("= -4"), "set var g[1] = -4 (a __device__ array)");
	ok(!(run(&s, "set tid = 8") & UI_ACT_ERROR) && !(run(&s, "p tid") & UI_ACT_ERROR) && has("= 8"),
	   "set LHS = VALUE without var (gdb's short form)");
	run(&s, "down");
	s1 = s.st.steps;
	run(&s, "next"); /* tmp[1] = tmp[0] * 2 with tmp[0] == 2 */
	ok(!(run(&s, "p tmp") & UI_ACT_ERROR) && has("{2, 4}"), "next runs with the values set: tmp = {2, 4}");
	ok(!(run(&s, "undo") & UI_ACT_ERROR) && s.st.steps == s1 && !(run(&s, "p tmp") & UI_ACT_ERROR) &&
	   has("{2, 100}") && !(run(&s, "p x") & UI_ACT_ERROR) && has("= 7"),
	   "undo the next: the assignments stay (the replay re-applies them)");
	ok(!(run(&s, "undo") & UI_ACT_ERROR) && !(run(&s, "up") & UI_ACT_ERROR) &&
	   !(run(&s, "p tid") & UI_ACT_ERROR) && has("= 5"), "undo: the last assignment (tid = 8) is taken back");
	run(&s, "down");
	ok(!(run(&s, "undo 3") & UI_ACT_ERROR) && !(run(&s, "p tmp") & UI_ACT_ERROR) && has("{2, 100}") &&
	   !(run(&s, "undo") & UI_ACT_ERROR) && !(run(&s, "p tmp") & UI_ACT_ERROR) && has("{5, 100}") &&
	   !(run(&s, "p x") & UI_ACT_ERROR) && has("= 7"),
	   "undo, one command at a time: g[1], s[3], *out, then tmp[0] are taken back in turn");
	ok(!(run(&s, "undo 2") & UI_ACT_ERROR) && !(run(&s, "p tmp") & UI_ACT_ERROR) && has("{5, 0}") &&
	   !(run(&s, "p x") & UI_ACT_ERROR) && has("= 5") && s.st.steps == s0,
	   "and x, tmp[1]: the run as the program made it");
	run(&s, "set var tmp[0] = 20");
	run(&s, "c");
	ok(strstr(s.st.stop_reason ? s.st.stop_reason : "", "exited") != NULL, "continue to the end");
	{
		int seen = 0;

		for (size_t i = 0; i < s.st.console.len; i++)
			seen |= strstr(s.st.console.v[i].text, "h[5] = 143") != NULL;
		/* fill(x=20 in tmp[0]): tmp[1] = 41, data[5] = 41 + (61 + 26 + 15) */
		ok(seen, "the program's output shows the assignment (h[5] = 143)");
	}
	ui_session_free(&s);
	engine_backend_free(be);

	/* set var in host code: main()'s array on the host stack, a register */
	if (!(be = open_prog(PROG2, &s)))
		return;
	run(&s, "start");
	run(&s, "next");
	run(&s, "next");
	ok(line_now(&s) == 37, "start, next x2: main at the launch (line 37)");
	ok(!(run(&s, "set var h[3] = 42") & UI_ACT_ERROR) && !(run(&s, "p h[3]") & UI_ACT_ERROR) &&
	   has("= 42"), "set var h[3] = 42 in main (host memory)");
	ok(!(run(&s, "p h[3] += 8") & UI_ACT_ERROR) && has("= 50") && !(run(&s, "set var h[3] /= 5") & UI_ACT_ERROR) &&
	   !(run(&s, "p h[3]") & UI_ACT_ERROR) && has("= 10"), "compound assignments: += and /=");
	ok((run(&s, "set var d = 0") & UI_ACT_ERROR) == 0 && !(run(&s, "p d") & UI_ACT_ERROR) && has("= 0x0") &&
	   !(run(&s, "undo") & UI_ACT_ERROR) && !(run(&s, "p d") & UI_ACT_ERROR) && has("= 0x7"),
	   "set var d = 0 (a host pointer), undo: its value again");
	ui_session_free(&s);
	engine_backend_free(be);

	/* a watchpoint on a local is deleted when its frame returns */
	if (!(be = open_prog(PROG2, &s)))
		return;
	run(&s, "b 11");
	run(&s, "run");
	run(&s, "delete");
	run(&s, "cuda thread 5");
	ok(!(run(&s, "watch tmp[1]") & UI_ACT_ERROR) && has("local memory of the focused thread"),
	   "watch tmp[1] in fill");
	ok(!(run(&s, "c") & UI_ACT_ERROR) && has("old = 0, new = 10"), "continue: its write at line 11");
	ok(!(run(&s, "c") & UI_ACT_ERROR) && has("old = 10, new = 11"), "continue: line 12");
	ok(!(run(&s, "c") & UI_ACT_ERROR) &&
	   has("Watchpoint 2 deleted because the program has left the block in which its expression is valid.") &&
	   line_now(&s) == 24 && s.st.focus_lane == 5, "continue: fill returns, the watchpoint is deleted, "
	   "stopped in the caller (line 24, lane 5)");
	ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && has("No breakpoints or watchpoints."),
	   "it is gone from info breakpoints");
	ok(!(run(&s, "undo") & UI_ACT_ERROR) && line_now(&s) == 13, "undo: back at line 13");
	run(&s, "watch tmp[1]");
	run(&s, "next");
	ok(line_now(&s) == 14, "watch tmp[1] again, next: line 14");
	ok(!(run(&s, "next") & UI_ACT_ERROR) && s.st.stop_reason &&
	   strstr(s.st.stop_reason, "Watchpoint 3 deleted because the program has left the block") &&
	   line_now(&s) == 24, "next out of fill: the step stops there too, the watchpoint deleted");
	ui_session_free(&s);
	engine_backend_free(be);

	/* enable once, enable count, enable delete (gdb's) on the loop's body
	 * (line 27: six iterations of one warp) */
	if (!(be = open_prog(PROG2, &s)))
		return;
	run(&s, "b 27");
	ok(!(run(&s, "enable once 1") & UI_ACT_ERROR) && !(run(&s, "info breakpoints") & UI_ACT_ERROR) &&
	   has("1       breakpoint      dis  y"), "enable once: disposition dis");
	run(&s, "run");
	ok(!(run(&s, "p i") & UI_ACT_ERROR) && has("= 0") && !(run(&s, "info breakpoints") & UI_ACT_ERROR) &&
	   has("1       breakpoint      dis  n"), "it stopped once (i = 0) and is disabled now");
	ok(!(run(&s, "enable count 2 1") & UI_ACT_ERROR) && !(run(&s, "info breakpoints") & UI_ACT_ERROR) &&
	   has("dis  y") && has("disable after 2 more hits"), "enable count 2 1");
	run(&s, "c");
	ok(!(run(&s, "p i") & UI_ACT_ERROR) && has("= 1"), "stop 1 of 2 (i = 1)");
	run(&s, "c");
	ok(!(run(&s, "p i") & UI_ACT_ERROR) && has("= 2") && !(run(&s, "info breakpoints") & UI_ACT_ERROR) &&
	   has("dis  n"), "stop 2 of 2 (i = 2), then disabled");
	ok(!(run(&s, "enable delete 1") & UI_ACT_ERROR) && !(run(&s, "info breakpoints") & UI_ACT_ERROR) &&
	   has("1       breakpoint      del  y"), "enable delete: disposition del");
	ok(!(run(&s, "c") & UI_ACT_ERROR) && has("temporary breakpoint 1, line 27") &&
	   !(run(&s, "p i") & UI_ACT_ERROR) && has("= 3"), "it stops once more (i = 3)");
	ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && has("No breakpoints or watchpoints."),
	   "and is deleted");
	ok((run(&s, "enable count 0 1") & UI_ACT_ERROR) && has("usage: enable count"),
	   "enable count 0: usage");
	ok((run(&s, "enable once 9") & UI_ACT_ERROR) && has("No breakpoint number 9."),
	   "enable once of a missing one");
	ui_session_free(&s);
	engine_backend_free(be);
}

int main(void)
{
	struct ui_session s;
	struct ui_backend *be;

	tap_start();
	if (!(be = open_prog(PROG, &s))) {
		ok(0, "%s compiles", PROG);
		return tap_end();
	}
	/* breakpoints: function, FILE:LINE, LINE; usage errors */
	ok(!(run(&s, "break helper") & UI_ACT_ERROR) && has("breakpoint 1 at helper: line 9"),
	   "break FUNC: at its first statement");
	ok(!(run(&s, "b gdb.cu:22") & UI_ACT_ERROR) && has("breakpoint 2 at line 22"), "break FILE:LINE");
	ok(!(run(&s, "tbreak 24") & UI_ACT_ERROR) && has("temporary breakpoint 3 at line 24"), "tbreak LINE");
	ok((run(&s, "b nosuch") & UI_ACT_ERROR) && has("Function \"nosuch\" not defined."),
	   "break of an unknown function: gdb's message");
	ok((run(&s, "b other.cu:3") & UI_ACT_ERROR) && has("No source file named other.cu."),
	   "break in an unknown file: gdb's message");
	ok((run(&s, "b 14 when x") & UI_ACT_ERROR) && has("usage: break"), "break with junk: usage");
	ok((run(&s, "b 9 if") & UI_ACT_ERROR) && has("needs a condition"), "break 'if' without a condition");
	ok((run(&s, "b 2") & UI_ACT_ERROR) && has("no code at line 2"), "break on a line without code");
	ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && has("Num     Type") &&
	   has("1       breakpoint      keep y   in helper at line 9") &&
	   has("3       breakpoint      del  y   at line 24"), "info breakpoints: gdb's table");
	ok(!(run(&s, "condition 1 x == 5") & UI_ACT_ERROR), "condition N COND");
	ok(!(run(&s, "disable 2 3") & UI_ACT_ERROR), "disable N N");
	ok((run(&s, "disable 9") & UI_ACT_ERROR) && has("No breakpoint number 9."), "disable of a missing one");
	ok((run(&s, "condition x") & UI_ACT_ERROR) && has("usage: condition"), "condition junk: usage");
	ok((run(&s, "ignore 1") & UI_ACT_ERROR) && has("usage: ignore"), "ignore without a count: usage");
	/* run: from before main, no question */
	ok(!(run(&s, "run") & UI_ACT_ERROR) && has("Starting program") && has("breakpoint 1, line 9") &&
	   s.st.run == UI_RUN_KERNEL && s.st.thread.line == 9, "run stops at break helper (line 9)");
	ok(!(run(&s, "p x") & UI_ACT_ERROR) && has("$1 = 5"), "condition x == 5: the lane with x == 5 (lane 5)");
	ok(!(run(&s, "p $lane") & UI_ACT_ERROR) && has("$2 = 5"), "$lane is the stopped lane");
	ok(!(run(&s, "p $warp + $tid * 10") & UI_ACT_ERROR) && has("= 50"), "$warp and $tid in expressions");
	ok(!(run(&s, "p $blockIdx.x") & UI_ACT_ERROR) && has("= 0"), "$blockIdx.x");
	ok((run(&s, "p $nosuch") & UI_ACT_ERROR) && has("not set"), "an unset convenience variable");
	ok(!(run(&s, "set $k = x * 3") & UI_ACT_ERROR) && !(run(&s, "p $k + 1") & UI_ACT_ERROR) &&
	   has("$5 = 16"), "set $k = EXPR, then $k in print");
	ok((run(&s, "set $lane = 3") & UI_ACT_ERROR) && has("built in"), "$lane cannot be set");
	/* backtrace, up, down, frame in a device function call */
	ok(!(run(&s, "bt") & UI_ACT_ERROR) && has("#0  helper (x=5, scale=2) at gdb.cu:9") &&
	   has("#1  kernel (data=") && has("at gdb.cu:20"), "bt: helper called from kernel line 20");
	ok(!(run(&s, "up") & UI_ACT_ERROR) && has("#1  kernel") && has("20\t\tint r = helper(tid, 2);"),
	   "up: the caller's frame and its line");
	ok(!(run(&s, "p tid") & UI_ACT_ERROR) && has("$6 = 5"), "print in the caller's frame");
	ok(!(run(&s, "info locals") & UI_ACT_ERROR) && has("tid = 5") && has("acc = 3"),
	   "info locals of the caller's frame");
	ok(s.st.thread.func && strstr(s.st.thread.func, "frame #1"), "the thread pane shows frame #1");
	ok((run(&s, "up") & UI_ACT_ERROR) && has("Initial frame selected; you cannot go up."), "up past the top");
	ok(!(run(&s, "down") & UI_ACT_ERROR) && has("#0  helper"), "down: back in helper");
	ok((run(&s, "down") & UI_ACT_ERROR) && has("Bottom (innermost) frame selected"), "down past the bottom");
	ok(!(run(&s, "frame 1") & UI_ACT_ERROR) && has("#1  kernel"), "frame 1");
	ok((run(&s, "frame 7") & UI_ACT_ERROR) && has("No frame at level 7."), "frame N past the stack");
	ok(!(run(&s, "info frame") & UI_ACT_ERROR) && has("Stack level 1, frame in kernel") &&
	   has("caller of frame at level 0 (helper)"), "info frame");
	ok(!(run(&s, "info args") & UI_ACT_ERROR) && has("n = 64"), "info args of the kernel frame");
	ok(!(run(&s, "frame 0") & UI_ACT_ERROR) && !(run(&s, "info args") & UI_ACT_ERROR) &&
	   has("x = 5") && has("scale = 2"), "frame 0, info args of helper");
	/* print formats, x, @ */
	ok(!(run(&s, "p/x 255") & UI_ACT_ERROR) && has("$7 = 0xff"), "p/x");
	ok(!(run(&s, "p/x -1") & UI_ACT_ERROR) && has("= 0xffffffff"), "p/x -1: an int's 32 bits");
	ok(!(run(&s, "p/t 10") & UI_ACT_ERROR) && has("= 1010"), "p/t");
	ok(!(run(&s, "p/o 8") & UI_ACT_ERROR) && has("= 010"), "p/o");
	ok(!(run(&s, "p/c 65") & UI_ACT_ERROR) && has("= 65 'A'"), "p/c");
	ok(!(run(&s, "p/d x") & UI_ACT_ERROR) && has("$12 = 5"), "p/d");
	ok((run(&s, "p/q x") & UI_ACT_ERROR) && has("undefined output format"), "p/q: a bad format");
	ok(!(run(&s, "p/x x") & UI_ACT_ERROR) && has("$13 = 0x5"), "p/x of a variable");
	ok(!(run(&s, "up") & UI_ACT_ERROR) && !(run(&s, "p *data@4") & UI_ACT_ERROR) && has("{"),
	   "p *data@4: an artificial array");
	ok((run(&s, "p tid@2") & UI_ACT_ERROR) && has("only values in memory"), "@ of a register value");
	ok(!(run(&s, "x/4d data") & UI_ACT_ERROR) && has("0x") && has(":\t"), "x/4d data");
	ok((run(&s, "x/4q data") & UI_ACT_ERROR) && has("usage: x/NFU"), "x with a bad format: usage");
	ok((run(&s, "x/4d") & UI_ACT_ERROR), "x without an address: usage");
	/* cuda focus forms */
	ok(!(run(&s, "cuda thread") & UI_ACT_ERROR) && has("thread (5,0,0)") && !has("block"),
	   "bare cuda thread: the focus, as cuda-gdb prints it");
	ok(!(run(&s, "cuda block thread") & UI_ACT_ERROR) && has("block (0,0,0), thread (5,0,0)"),
	   "cuda block thread: both");
	ok(!(run(&s, "cuda warp 1 lane 3") & UI_ACT_ERROR) && has("[Switching focus to CUDA kernel kernel") &&
	   has("thread (35,0,0), warp 1, lane 3]") && s.st.focus_warp == 1 && s.st.focus_lane == 3,
	   "cuda warp 1 lane 3 switches the focus");
	ok(!(run(&s, "cuda block 1 thread 5") & UI_ACT_ERROR) && s.st.focus_block[0] == 1 &&
	   s.st.focus_warp == 0 && s.st.focus_lane == 5, "cuda block 1 thread 5");
	ok((run(&s, "cuda lane 40") & UI_ACT_ERROR) && has("usage: cuda"), "cuda lane 40: usage");
	ok((run(&s, "cuda thread 5 warp 1") & UI_ACT_ERROR), "thread and warp together: error");
	ok(!(run(&s, "cuda block 0 thread 0") & UI_ACT_ERROR), "back to block 0 thread 0");
	/* info cuda */
	ok(!(run(&s, "info cuda kernels") & UI_ACT_ERROR) && has("Active") && has("(2,1,1) (64,1,1)") &&
	   has("kernel()"), "info cuda kernels");
	ok(!(run(&s, "info cuda warps") & UI_ACT_ERROR) && has("warp"), "info cuda warps");
	ok(!(run(&s, "info cuda threads") & UI_ACT_ERROR) && has("BlockIdx ThreadIdx") && has("*"),
	   "info cuda threads: runs of threads, the focused one starred");
	ok((run(&s, "info cuda nothing") & UI_ACT_ERROR) && has("usage: info"), "info cuda junk: usage");
	/* display */
	ok(!(run(&s, "display/x scale") & UI_ACT_ERROR) && has("1: /x scale = 0x2"), "display/x shows it now");
	ok(!(run(&s, "next") & UI_ACT_ERROR) && has("1: /x scale = 0x2"), "and after each stop");
	ok(!(run(&s, "info display") & UI_ACT_ERROR) && has("1:   y  /x scale"), "info display");
	ok(!(run(&s, "undisplay 1") & UI_ACT_ERROR) && !(run(&s, "next") & UI_ACT_ERROR) &&
	   !has("scale = "), "undisplay 1: not shown any more");
	ok((run(&s, "undisplay 4") & UI_ACT_ERROR) && has("no display number 4"), "undisplay of a missing one");
	/* enable, ignore, delete; until, advance, list */
	ok(!(run(&s, "delete 1") & UI_ACT_ERROR) && !(run(&s, "enable 2") & UI_ACT_ERROR), "delete 1, enable 2");
	ok(!(run(&s, "ignore 2 1") & UI_ACT_ERROR) && has("Will ignore next crossing of breakpoint 2."),
	   "ignore 2 1: gdb's message");
	ok(!(run(&s, "continue") & UI_ACT_ERROR) && has("breakpoint 2, line 22"),
	   "continue: breakpoint 2 passed once (one block), stops in the other");
	ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && has("breakpoint already hit 2 times"),
	   "the passed hit counts");
	run(&s, "delete");
	ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && has("No breakpoints or watchpoints."), "delete: all");
	ok(!(run(&s, "list 20") & UI_ACT_ERROR) && has("15\t") && has("24\t") && !has("25\t"), "list 20: lines 15-24");
	ok(!(run(&s, "list") & UI_ACT_ERROR) && has("25\t"), "list again: the next lines");
	ok(!(run(&s, "list -") & UI_ACT_ERROR) && has("15\t") && has("24\t") && !has("25\t"),
	   "list -: the ten lines before the last shown");
	ok(!(run(&s, "list helper") & UI_ACT_ERROR) && has("7\t__device__ int helper"), "list FUNCTION");
	ok((run(&s, "list 400") & UI_ACT_ERROR) && has("out of range"), "list past the end");
	ok(!(run(&s, "advance 26") & UI_ACT_ERROR) && line_now(&s) == 26, "advance 26");
	ok(!(run(&s, "run") & UI_ACT_ERROR) && s.confirm && has("Start it from the beginning? (y or n)"),
	   "run while the program runs: asks");
	ok(!(run(&s, "n") & UI_ACT_ERROR) && has("Not confirmed.") && line_now(&s) == 26,
	   "n: nothing restarts");
	ok(!(run(&s, "start") & UI_ACT_ERROR) && s.confirm, "start asks too");
	ok(!(run(&s, "y") & UI_ACT_ERROR) && has("temporary breakpoint") && s.st.run == UI_RUN_HOST &&
	   s.st.host_line == 36, "y: start again, stopped at main's first line");
	ok(strstr(said, "temporary breakpoint") && strstr(strstr(said, "temporary breakpoint") + 1,
							  "temporary breakpoint") && has(", line 36"),
	   "start's stop says temporary breakpoint (gdb's)");
	ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && !has("breakpoint      del"),
	   "and the temporary breakpoint is gone");
	ok(!(run(&s, "b 18") & UI_ACT_ERROR) && !(run(&s, "c") & UI_ACT_ERROR) && line_now(&s) == 18,
	   "b 18, continue: at the loop");
	run(&s, "delete");
	ok(!(run(&s, "until") & UI_ACT_ERROR) && line_now(&s) == 19, "until: into the loop body");
	ok(!(run(&s, "until") & UI_ACT_ERROR) && line_now(&s) == 20, "until: past the loop (not back to 18)");
	/* watchpoints */
	ok(!(run(&s, "watch s[0]") & UI_ACT_ERROR) && has("hardware watchpoint") && has("shared memory"),
	   "watch s[0] (shared)");
	ok(!(run(&s, "c") & UI_ACT_ERROR) && has("old = 0, new = 1") && has("warp 0 lane 0 wrote"),
	   "watch hits: old and new value and the writing lane");
	ok(!(run(&s, "rwatch total") & UI_ACT_ERROR) && has("read watchpoint"), "rwatch of a __device__ variable");
	ok(!(run(&s, "awatch data[3]") & UI_ACT_ERROR) && has("access (read/write) watchpoint"), "awatch data[3]");
	ok((run(&s, "watch tid") & UI_ACT_ERROR) && has("not one value in memory"),
	   "watch of a register variable: why not");
	ok((run(&s, "watch") & UI_ACT_ERROR) && has("usage: watch"), "watch without an expression");
	ok(!(run(&s, "c") & UI_ACT_ERROR) && has(": data[3], old = 0, new = 10 (warp 0 lane 3 wrote)") &&
	   has("by block (0,0,0) thread (3,0,0)"),
	   "awatch data[3]: the write of lane 3");
	run(&s, "next");
	ok(!(run(&s, "watch loc[1]") & UI_ACT_ERROR) && has("local memory of the focused thread"),
	   "watch of a local array element: the focused thread's");
	ok(!(run(&s, "c") & UI_ACT_ERROR) && has(": loc[1], old = 0, new = 10 (warp 0 lane 3 wrote)"),
	   "it stops when that thread writes a new value (not at the initializer's 0)");
	ok(!(run(&s, "p loc") & UI_ACT_ERROR) && has("$15 = {3, 10}"), "print of an array: its elements");
	ok(!(run(&s, "p/x loc") & UI_ACT_ERROR) && has("$16 = {0x3, 0xa}"), "p/x of an array");
	/* hostile input: a clear message each, nothing changes, nothing crashes */
	{
		static const char *const bad[] = {
			"x/999999d data", "frame -1", "p ((((((((", "cuda block (99999999999,0,0)",
			"ignore 1 -5", "b :", "b a:b", "b ::7", "list 0", "display/", "p/", "set $ = 3",
			"set $x 3", "undisplay x", "delete 1-x", "delete 5-2", "tbreak if", "advance", "x/",
			"p *0@4", "p tid@0", "p loc@5000", "watch 3", "rwatch $lane", "condition 0 x",
			"frame 1 2", "up x", "cuda warp", "cuda warp 1 bogus", "info nothing", "kill now",
			"run now", "p $999", "p $$40", "x/3z data", "set var 3 = 4", "p tid + 1 = 2",
			"set var loc = 5", "set var $lane = 1", "set var", "p s[99999] = 1", "set var tid = (", "b 99999999999999999999",
		};
		uint64_t steps = s.st.steps;
		int all = 1;

		for (size_t i = 0; i < WS_ARRAY_LEN(bad); i++) {
			int act = run(&s, bad[i]);

			if (!(act & UI_ACT_ERROR) && strcmp(bad[i], "cuda warp") && strcmp(bad[i], "display/")) {
				printf("# accepted: %s\n", bad[i]);
				all = 0;
			}
		}
		ok(all && s.st.steps == steps && !s.confirm, "hostile commands: each an error, the run unchanged");
	}
	/* kill, quit, keys */
	ok(!(run(&s, "kill") & UI_ACT_ERROR) && s.confirm && has("Kill the program being debugged? (y or n)"),
	   "kill asks");
	ok(!(cmd_key(&s, 'y') & UI_ACT_ERROR) && s.st.run == UI_RUN_HOST && s.st.steps == 0, "y: killed, before main()");
	ok((run(&s, "kill") & UI_ACT_ERROR) && has("The program is not being run."), "kill when nothing runs");
	ok(cmd_run(&s, "quit") & UI_ACT_QUIT, "quit before the program runs: no question");
	run(&s, "step");
	ok(!(cmd_key(&s, 'q') & UI_ACT_QUIT) && s.confirm && strstr(s.message, "Quit anyway? (y or n)"),
	   "q while the program runs: asks");
	ok(!(cmd_key(&s, 'n') & UI_ACT_QUIT) && !s.confirm, "n: stays");
	ok(!(cmd_key(&s, UI_KEY_CTRL_C) & UI_ACT_QUIT) && strstr(s.message, "to leave warpstep"),
	   "Ctrl-C at the prompt does not quit and says how to");
	cmd_key(&s, 'q');
	ok(cmd_key(&s, 'y') & UI_ACT_QUIT, "q, y: quits");
	ok((run(&s, "help break") & UI_ACT_ERROR) == 0 && has("break [LOCATION] [if COND]"), "help CMD");
	ok((run(&s, "help nosuch") & UI_ACT_ERROR) && has("Undefined command: \"nosuch\""), "help of no command");
	ok((run(&s, "re") & UI_ACT_ERROR) && has("ambiguous command 're'"), "an ambiguous prefix");
	ok(!(run(&s, "disp") & UI_ACT_ERROR), "disp: display's alias");
	ok(!strcmp(cmd_canonical("where"), "backtrace") && !strcmp(cmd_canonical("tb"), "tbreak") &&
	   !strcmp(cmd_canonical("wat"), "watch") && !strcmp(cmd_canonical("u"), "until"),
	   "aliases and unique prefixes (gdb's)");
	ui_session_free(&s);
	engine_backend_free(be);

	/* a watchpoint stops a step too, as in gdb: next over the line that
	 * writes s[0] stops there with the old and new value */
	if ((be = open_prog(PROG, &s))) {
		run(&s, "b 21");
		run(&s, "c");
		ok(line_now(&s) == 21, "b 21, continue: at line 21");
		run(&s, "watch s[0]");
		run(&s, "next"); /* to line 22, the write of s[tid] */
		run(&s, "next");
		ok(s.st.stop_reason && strstr(s.st.stop_reason, "watchpoint 2: s[0], old = 0, new = 1 (warp 0 lane 0 wrote)"),
		   "next stops at the watched write: %s", s.st.stop_reason ? s.st.stop_reason : "-");
		run(&s, "delete");
		run(&s, "watch s[1]");
		ok(!(run(&s, "stepi") & UI_ACT_ERROR), "stepi with a watchpoint set");
		ui_session_free(&s);
		engine_backend_free(be);
	}

	/* continue N, as gdb's: the breakpoint stopped at is passed N-1 more
	 * times (each warp's arrival at line 19 is one crossing) */
	if ((be = open_prog(PROG, &s))) {
		run(&s, "b 19");
		run(&s, "c");
		ok(!(run(&s, "c 3") & UI_ACT_ERROR) && has("Will ignore next 2 crossings of breakpoint 1.") &&
		   s.st.stop_reason && strstr(s.st.stop_reason, "breakpoint 1, line 19"),
		   "continue 3: ignores 2 crossings, stops at the third");
		ok(!(run(&s, "info breakpoints") & UI_ACT_ERROR) && has("breakpoint already hit 4 times"),
		   "the breakpoint was hit 4 times in all");
		run(&s, "delete");
		ok(!(run(&s, "c 2") & UI_ACT_ERROR) && has("Not stopped at any breakpoint; argument ignored."),
		   "continue N away from a breakpoint: gdb's message");
		ui_session_free(&s);
		engine_backend_free(be);
	}

	/* gdb2.cu: until/advance LOCATION out of a call, the value history,
	 * set var with undo, a local watchpoint's scope, enable once/count/delete */
	gdb2_tests();

	/* the fake backend has no gdb vocabulary: clear messages */
	be = fake_backend_new();
	ui_session_init(&s, be);
	ui_session_refresh(&s);
	ok((run(&s, "watch x") & UI_ACT_ERROR) && has("not available here"), "the fake: watch is not available");
	ok((run(&s, "b helper") & UI_ACT_ERROR) && has("usage: break"), "the fake: break FUNC: usage");
	ok(!(run(&s, "b 14") & UI_ACT_ERROR), "the fake: break LINE still works");
	ui_session_free(&s);
	fake_backend_free(be);
	return tap_end();
}
