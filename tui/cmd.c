/*
 * cmd.c - the command table, key bindings, command-line editing, history
 * and completion (cmd.h). Handlers act on the backend and the session and
 * return UI_ACT_* flags; nothing here draws.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "cmd.h"
#include "export.h"
#include "machine.h"

struct command {
	const char *name, *alias, *usage, *summary;
	int (*fn)(struct ui_session *s, const struct command *cmd, const char *args,
		  struct strbuf *msg);
	int arg; /* enum ui_step for the stepping commands */
};

#define HANDLER(name) static int name(struct ui_session *s, const struct command *cmd, \
					     const char *args, struct strbuf *msg)
HANDLER(do_step);
HANDLER(do_continue);
HANDLER(do_until);
HANDLER(do_run);
HANDLER(do_break);
HANDLER(do_bpop);
HANDLER(do_condition);
HANDLER(do_ignore);
HANDLER(do_watch);
HANDLER(do_display);
HANDLER(do_undisplay);
HANDLER(do_info);
HANDLER(do_print);
HANDLER(do_x);
HANDLER(do_frame);
HANDLER(do_list);
HANDLER(do_cuda);
HANDLER(do_focus);
HANDLER(do_set);
HANDLER(do_help);
HANDLER(do_quit);
HANDLER(do_export);
HANDLER(do_explore);
HANDLER(do_witness);
HANDLER(do_compare);
HANDLER(do_present);
HANDLER(do_pane);
HANDLER(do_reload);

#define FRAME_DOWN 100 /* do_frame's arg for down */

/* Every command, in the order help lists them. alias: space-separated
 * short names; a unique prefix of a name works too (gdb's rule). */
static const struct command commands[] = {
	{ "step", "s", "[N]", "step one source line (into calls)", do_step, UI_STEP_LINE },
	{ "next", "n", "[N]", "step one source line (over calls)", do_step, UI_STEP_OVER },
	{ "stepi", "si nexti ni", "[N]", "step one instruction", do_step, UI_STEP_INSN },
	{ "finish", NULL, "", "run until the current function returns", do_step, UI_STEP_OUT },
	{ "continue", "c", "[N]", "run until a breakpoint, a watchpoint, a finding or the end "
	  "(N: pass the breakpoint stopped at N-1 more times, as gdb)", do_continue, 0 },
	{ "until", "u", "[LOCATION]", "next, but on past a loop's end; or run to LOCATION", do_until,
	  UI_RUN_UNTIL },
	{ "advance", NULL, "LOCATION", "run until LOCATION is reached (a temporary breakpoint)",
	  do_until, UI_RUN_ADVANCE },
	{ "warp-step", "ws", "[N]", "step only the focused warp", do_step, UI_STEP_WARP },
	{ "block-step", "bs", "[N]", "step every warp of the focused block", do_step, UI_STEP_BLOCK },
	{ "to-barrier", "bar", "", "run the block to its next barrier", do_step, UI_STEP_BARRIER },
	{ "reverse-step", "rs", "[N]", "back to the focused thread's previous statement (into calls)",
	  do_step, UI_STEP_BACK },
	{ "reverse-next", "rn", "[N]", "back to the previous line (over calls)", do_step,
	  UI_STEP_BACK_NEXT },
	{ "reverse-continue", "rc", "", "back to the previous stop (or the start)", do_step,
	  UI_STEP_BACK_CONTINUE },
	{ "reverse-finish", NULL, "", "back to where the current function was called", do_step,
	  UI_STEP_BACK_FINISH },
	{ "undo", NULL, "[N]", "back to before the last command (N commands), whatever it did", do_step,
	  UI_STEP_UNDO },
	{ "run", "r", "", "start the program (again: asks first) and run until a stop", do_run,
	  UI_RUN_RUN },
	{ "start", NULL, "", "start the program (again: asks first), stop at main()'s first line",
	  do_run, UI_RUN_START },
	{ "kill", "k", "", "end the program (asks first): back to before main()", do_run, UI_RUN_KILL },
	{ "reload", NULL, "", "recompile the program (after a fix) and start again", do_reload, 0 },
	{ "break", "b", "[LOCATION] [if COND] | barrier | finding [KIND]",
	  "set a breakpoint at LINE, FILE:LINE or FUNCTION", do_break, 0 },
	{ "tbreak", "tb", "LOCATION [if COND]", "set a temporary breakpoint (deleted when hit)",
	  do_break, 1 },
	{ "delete", "d", "[N...]", "delete breakpoints and watchpoints (all without N)", do_bpop,
	  UI_BP_DELETE },
	{ "disable", "dis", "[N...]", "disable breakpoints (all without N)", do_bpop,
	  UI_BP_DISABLE },
	{ "enable", "en", "[once|delete|count COUNT] [N...]",
	  "enable breakpoints (all without N); once: disable after the next stop, count: after COUNT "
	  "stops, delete: delete at the next stop", do_bpop, UI_BP_ENABLE },
	{ "condition", NULL, "N [COND]", "stop at breakpoint N only if COND (no COND: always)",
	  do_condition, 0 },
	{ "ignore", NULL, "N COUNT", "pass breakpoint N the next COUNT times", do_ignore, 0 },
	{ "watch", NULL, "EXPR", "stop when a lane writes a new value to EXPR (its memory)", do_watch,
	  0 },
	{ "rwatch", NULL, "EXPR", "stop when a lane reads EXPR", do_watch, 1 },
	{ "awatch", NULL, "EXPR", "stop when a lane reads or writes EXPR", do_watch, 2 },
	{ "display", NULL, "[/FMT] [EXPR]", "print EXPR at every stop (no EXPR: print them all now)",
	  do_display, 0 },
	{ "undisplay", NULL, "[N...]", "stop displaying (all without N)", do_undisplay, 0 },
	{ "info", "i", "breakpoints|watchpoints|locals|args|frame|display | cuda "
	  "threads|warps|lanes|blocks|kernels|barriers|wmma|textures|async", "show the program's or the machine's state",
	  do_info, 0 },
	{ "print", "p inspect", "[/FMT] [EXPR] [@ lanes]",
	  "evaluate for the focused thread as $N (FMT: x d u o t c f a z; $, $$, $N: earlier values; "
	  "LHS = VALUE assigns), or across the warp", do_print, 0 },
	{ "x", NULL, "[/NFU] ADDR", "examine memory: N units of U (b h w g) in format F", do_x, 0 },
	{ "backtrace", "bt where", "[N]", "the focused thread's call stack", do_frame, UI_FRAME_BT },
	{ "frame", "f", "[N]", "select frame N (without N: show the selected frame)", do_frame,
	  UI_FRAME_SELECT },
	{ "up", NULL, "[N]", "select the calling frame (N frames up)", do_frame, UI_FRAME_UP },
	{ "down", NULL, "[N]", "select the called frame (N frames down)", do_frame, FRAME_DOWN },
	{ "list", "l", "[LINE|FUNCTION|-]", "show source lines in the console", do_list, 0 },
	{ "cuda", NULL, "[kernel|block B|warp W|lane L|thread T]...",
	  "show the focus (no numbers) or switch it, as cuda-gdb", do_cuda, 0 },
	{ "focus", NULL, "warp W [lane L] | lane L", "focus a warp/lane of the block", do_focus, 0 },
	{ "set", NULL, "var LHS = VALUE | $VAR = EXPR | simt|sched|model VALUE",
	  "assign to the program's variable or memory (undo takes it back), set a convenience "
	  "variable, or switch a machine policy", do_set, 0 },
	{ "explore", NULL, "", "list every outcome the memory model allows (all schedules and read choices), each with its witness", do_explore, 0 },
	{ "witness", NULL, "N", "replay outcome N of the last explore, from the start", do_witness, 0 },
	{ "compare", NULL, "[on|off]", "while a GPU trace is replayed (debug --gpu, --trace): the emulator's own run of the same launch beside it in the GPU pane, per warp, differences in red (the lanes rows are the watched values); toggles", do_compare, 0 },
	{ "pane", NULL, "NAME|N", "show and focus a pane", do_pane, 0 },
	{ "help", "h", "[COMMAND]", "the help screen, or one command's help", do_help, 0 },
	{ "present", NULL, "[on|off]", "presentation mode for a projector: source, warps with wide lane glyphs, one more pane and the console, no dim text", do_present, 0 },
	{ "export", NULL, "svg [PANE] FILE", "write the screen, or one pane (source, warps, lanes, thread, memory, sync, findings, console, order, gpu or 1-9), as SVG (for slides)", do_export, 0 },
	{ "quit", "q", "", "leave warpstep (asks while the program runs)", do_quit, 0 },
};

/* Is word[0..n) one of the space-separated names in list? */
static int in_list(const char *list, const char *word, size_t n)
{
	while (list && *list) {
		size_t k = strcspn(list, " ");

		if (k == n && !strncmp(list, word, n))
			return 1;
		list += k;
		while (*list == ' ')
			list++;
	}
	return 0;
}

/* By name or alias, then by a unique prefix of a name (gdb's rule). */
static const struct command *command_lookup(const char *word, size_t n, int *ambiguous)
{
	const struct command *hit = NULL;
	int nhit = 0;

	if (ambiguous)
		*ambiguous = 0;
	for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++) {
		const struct command *c = &commands[i];

		if ((strlen(c->name) == n && !strncmp(c->name, word, n)) || in_list(c->alias, word, n))
			return c;
	}
	for (size_t i = 0; n && i < WS_ARRAY_LEN(commands); i++)
		if (!strncmp(commands[i].name, word, n)) {
			hit = &commands[i];
			nhit++;
		}
	if (nhit > 1 && ambiguous)
		*ambiguous = 1;
	return nhit == 1 ? hit : NULL;
}

static const struct command *command_find(const char *word, size_t n)
{
	return command_lookup(word, n, NULL);
}

const char *cmd_canonical(const char *word)
{
	const struct command *c = command_find(word, strlen(word));

	return c ? c->name : NULL;
}

/* ---- session ---- */

void ui_session_init(struct ui_session *s, const struct ui_backend *be)
{
	memset(s, 0, sizeof(*s));
	ui_state_init(&s->st);
	view_ctl_init(&s->ctl);
	s->be = be;
	s->width = 80;
	s->height = 24;
}

void ui_session_free(struct ui_session *s)
{
	for (size_t i = 0; i < s->history.len; i++)
		free(s->history.v[i]);
	vec_free(&s->history);
	for (size_t i = 0; i < s->displays.len; i++)
		free(s->displays.v[i].expr);
	vec_free(&s->displays);
	free(s->last);
	ui_state_free(&s->st);
}

void ui_session_refresh(struct ui_session *s)
{
	if (s->be && s->be->snapshot)
		s->be->snapshot(s->be->self, &s->st);
}

void ui_session_sync_view(struct ui_session *s)
{
	s->ctl.cmdline = s->editing ? s->line : NULL;
	s->ctl.cursor = s->cursor;
	s->ctl.message = s->message[0] ? s->message : NULL;
	s->ctl.relaxed = s->st.order.on;
	s->ctl.gpu = s->st.gpu.compare;
}

static void history_add(struct ui_session *s, const char *line)
{
	if (s->history.len && !strcmp(s->history.v[s->history.len - 1], line))
		goto done;
	if (s->history.len >= UI_HISTORY_MAX) {
		free(s->history.v[0]);
		memmove(s->history.v, s->history.v + 1, (s->history.len - 1) * sizeof(char *));
		s->history.len--;
	}
	vec_push(&s->history, xstrdup(line));
done:
	s->hist_pos = (int)s->history.len;
}

static const char *skip_ws(const char *p)
{
	while (isspace((unsigned char)*p))
		p++;
	return p;
}

/* Echo a command; a repeat of the last echo becomes "step  [x3]". */
static void echo(struct ui_session *s, const char *cmd)
{
	struct ui_con_line *last = s->st.console.len ? &s->st.console.v[s->st.console.len - 1] : NULL;
	size_t n = strlen(cmd);
	int times = 1;

	if (last && last->kind == UI_CON_ECHO && !strncmp(last->text, cmd, n) &&
	    (!last->text[n] || sscanf(last->text + n, "  [x%d]", &times) == 1)) {
		char *t = xmalloc(n + 24);

		snprintf(t, n + 24, "%s  [x%d]", cmd, times + 1);
		free(last->text);
		last->text = t;
		return;
	}
	ui_console_add(&s->st, UI_CON_ECHO, cmd);
}

enum { CONFIRM_NONE, CONFIRM_QUIT, CONFIRM_RUN, CONFIRM_START, CONFIRM_KILL };

static int confirm_yes(struct ui_session *s, int what, struct strbuf *msg);
static void show_displays(struct ui_session *s, int only);

/* A (y or n) question was open: y runs what it asked about. */
static int confirm_answer(struct ui_session *s, int yes, struct strbuf *msg)
{
	int what = s->confirm;

	s->confirm = CONFIRM_NONE;
	if (!yes) {
		strbuf_adds(msg, "Not confirmed.");
		return UI_ACT_NONE;
	}
	return confirm_yes(s, what, msg);
}

int cmd_run(struct ui_session *s, const char *line)
{
	const char *p = skip_ws(line), *w;
	const struct command *c = NULL;
	struct strbuf msg;
	char *copy;
	int act, amb;

	if (!*p) {
		if (!s->last)
			return UI_ACT_NONE;
		p = s->last;
	} else {
		history_add(s, p);
	}
	copy = xstrdup(p);
	echo(s, copy);
	/* the command word ends at a space or at '/' (print/x, x/8d) */
	for (w = copy; *w && !isspace((unsigned char)*w) && (*w != '/' || w == copy); w++)
		;
	s->message[0] = 0;
	strbuf_init(&msg);
	if (s->confirm) {
		act = confirm_answer(s, !strcasecmp(copy, "y") || !strcasecmp(copy, "yes"), &msg) |
		      UI_ACT_REDRAW;
	} else if (!(c = command_lookup(copy, (size_t)(w - copy), &amb))) {
		if (amb) {
			strbuf_addf(&msg, "ambiguous command '%.*s':", (int)(w - copy), copy);
			for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++)
				if (!strncmp(commands[i].name, copy, (size_t)(w - copy)))
					strbuf_addf(&msg, " %s", commands[i].name);
		} else {
			strbuf_addf(&msg, "unknown command '%.*s' (try 'help')", (int)(w - copy), copy);
		}
		act = UI_ACT_ERROR | UI_ACT_REDRAW;
	} else {
		act = c->fn(s, c, *w == '/' ? w : skip_ws(w), &msg) | UI_ACT_REDRAW;
	}
	if (msg.len)
		ui_console_add(&s->st, act & UI_ACT_ERROR ? UI_CON_ERROR : UI_CON_INFO, strbuf_cstr(&msg));
	if (c && (act & UI_ACT_STATE) && !(act & UI_ACT_ERROR) && c->fn != do_display)
		show_displays(s, 0);
	if (act & UI_ACT_ERROR)
		snprintf(s->message, sizeof(s->message), "%s", msg.len ? strbuf_cstr(&msg) : "error");
	else if (s->confirm && msg.len)
		snprintf(s->message, sizeof(s->message), "%s", strbuf_cstr(&msg));
	s->ctl.scroll[PANE_CONSOLE] = 0;
	strbuf_release(&msg);
	if (s->last != p) {
		free(s->last);
		s->last = copy;
	} else {
		free(copy);
	}
	return act;
}

/* After a backend call: refresh on success, flag an error otherwise. */
static int backend_done(struct ui_session *s, int ret)
{
	if (ret < 0)
		return UI_ACT_ERROR;
	ui_session_refresh(s);
	return UI_ACT_STATE;
}

static int no_backend(struct strbuf *msg)
{
	strbuf_adds(msg, "no program is loaded");
	return UI_ACT_ERROR;
}

/* Optional count argument; 0 on junk. */
static long count_arg(const char *args)
{
	char *end;
	long n;

	if (!*args)
		return 1;
	n = strtol(args, &end, 10);
	return *skip_ws(end) || n < 1 ? 0 : n;
}

static int do_step(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	long n = count_arg(args);

	if (!s->be || !s->be->step)
		return no_backend(msg);
	if (!n) {
		strbuf_addf(msg, "usage: %s %s", cmd->name, cmd->usage);
		return UI_ACT_ERROR;
	}
	return backend_done(s, s->be->step(s->be->self, (enum ui_step)cmd->arg, n, msg));
}

static int do_continue(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	long n = count_arg(args);
	int act = UI_ACT_NONE;

	if (!s->be || !s->be->cont)
		return no_backend(msg);
	if (!n) {
		strbuf_adds(msg, "usage: continue [N]");
		return UI_ACT_ERROR;
	}
	if (n > 1) {
		/* gdb: continue N ignores the breakpoint stopped at N-1 more times */
		const char *r = s->st.stop_reason ? s->st.stop_reason : "";
		int id = 0;
		char cnt[32];

		if (!strncmp(r, "temporary ", 10))
			r += 10;
		struct strbuf said;
		int set = 0;

		strbuf_init(&said);
		if (sscanf(r, "breakpoint %d,", &id) == 1 && id > 0 && s->be->gdb) {
			snprintf(cnt, sizeof(cnt), "%ld", n - 1);
			set = s->be->gdb->break_op(s->be->self, UI_BP_IGNORE, id, cnt, &said) == 0;
		}
		/* (a breakpoint deleted since the stop: gdb's answer too) */
		strbuf_adds(msg, set ? strbuf_cstr(&said) : "Not stopped at any breakpoint; argument ignored.");
		strbuf_adds(msg, set ? "  Continuing.\n" : "\n");
		strbuf_release(&said);
	}
	act = backend_done(s, s->be->cont(s->be->self, msg));
	return act;
}

/* The gdb vocabulary of the backend, or a message that it has none. */
static const struct ui_gdb *gdb_ops(struct ui_session *s, const char *what, struct strbuf *msg)
{
	if (s->be && s->be->gdb)
		return s->be->gdb;
	strbuf_addf(msg, "%s: not available here (only on a program: warpstep debug PROG.cu)", what);
	return NULL;
}

/* A program runs and has taken a step: leaving or restarting loses that. */
static int program_live(const struct ui_session *s)
{
	return (s->st.run == UI_RUN_HOST || s->st.run == UI_RUN_KERNEL) && s->st.steps > 0;
}

static int do_until(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	const struct ui_gdb *g = gdb_ops(s, cmd->name, msg);

	if (!g)
		return UI_ACT_ERROR;
	if (cmd->arg == UI_RUN_ADVANCE && !*args) {
		strbuf_adds(msg, "advance: argument required (a location: LINE, FILE:LINE or FUNCTION)");
		return UI_ACT_ERROR;
	}
	return backend_done(s, g->run(s->be->self, (enum ui_run)cmd->arg, *args ? args : NULL, msg));
}

static int run_now(struct ui_session *s, enum ui_run how, struct strbuf *msg)
{
	const struct ui_gdb *g = gdb_ops(s, how == UI_RUN_KILL ? "kill" : how == UI_RUN_START ? "start" : "run", msg);

	if (!g)
		return UI_ACT_ERROR;
	return backend_done(s, g->run(s->be->self, how, NULL, msg));
}

static int confirm_yes(struct ui_session *s, int what, struct strbuf *msg)
{
	switch (what) {
	case CONFIRM_QUIT: return UI_ACT_QUIT;
	case CONFIRM_RUN: return run_now(s, UI_RUN_RUN, msg);
	case CONFIRM_START: return run_now(s, UI_RUN_START, msg);
	case CONFIRM_KILL: return run_now(s, UI_RUN_KILL, msg);
	default: return UI_ACT_NONE;
	}
}

/* Open a (y or n) question (gdb's wording). */
static int ask(struct ui_session *s, int what, const char *question, struct strbuf *msg)
{
	s->confirm = what;
	strbuf_addf(msg, "%s (y or n)", question);
	snprintf(s->message, sizeof(s->message), "%s (y or n)", question);
	return UI_ACT_NONE;
}

static int do_run(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (*args) {
		if (cmd->arg == UI_RUN_KILL)
			strbuf_adds(msg, "usage: kill");
		else
			strbuf_addf(msg, "usage: %s (the program's arguments go on warpstep's command line)",
				    cmd->name);
		return UI_ACT_ERROR;
	}
	if (!gdb_ops(s, cmd->name, msg))
		return UI_ACT_ERROR;
	if (cmd->arg == UI_RUN_KILL) {
		if (!program_live(s)) {
			strbuf_adds(msg, "The program is not being run.");
			return UI_ACT_ERROR;
		}
		return ask(s, CONFIRM_KILL, "Kill the program being debugged?", msg);
	}
	if (program_live(s))
		return ask(s, cmd->arg == UI_RUN_START ? CONFIRM_START : CONFIRM_RUN,
			   "The program being debugged has been started already. "
			   "Start it from the beginning?", msg);
	return run_now(s, (enum ui_run)cmd->arg, msg);
}

/* The line the focused thread stands on (break and list without a location). */
static int current_line(const struct ui_session *s)
{
	if (s->st.run == UI_RUN_KERNEL && s->st.thread.line > 0)
		return s->st.thread.line;
	return s->st.run == UI_RUN_HOST ? s->st.host_line : 0;
}

static int all_digits(const char *p, size_t n)
{
	for (size_t i = 0; i < n; i++)
		if (!isdigit((unsigned char)p[i]))
			return 0;
	return n > 0;
}

static int do_break(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	char loc[UI_LINE_MAX];
	const char *rest, *cond = NULL;
	size_t n;
	int id, temporary = cmd->arg;

	/* break barrier: the backend picks the lines (line -1); break finding
	 * [KIND]: line -2, cond the kind (NULL: any finding) */
	if (!temporary && (!strcmp(args, "barrier") || (!strncmp(args, "finding", 7) &&
							(!args[7] || isspace((unsigned char)args[7]))))) {
		const char *kind = skip_ws(args + 7);

		if (!s->be || !s->be->break_set)
			return no_backend(msg);
		id = s->be->break_set(s->be->self, args[0] == 'b' ? -1 : -2,
				      args[0] == 'f' && *kind ? kind : NULL, msg);
		return id < 0 ? UI_ACT_ERROR : backend_done(s, 0);
	}
	/* LOCATION [if COND], or if COND alone (the current line) */
	n = strcspn(args, " \t");
	if (n == 2 && !strncmp(args, "if", 2))
		n = 0;
	if (n >= sizeof(loc))
		goto usage;
	memcpy(loc, args, n);
	loc[n] = 0;
	rest = skip_ws(args + n);
	if (*rest && (strncmp(rest, "if", 2) || (rest[2] && !isspace((unsigned char)rest[2]))))
		goto usage;
	if (*rest) {
		cond = skip_ws(rest + 2);
		if (!*cond) {
			strbuf_addf(msg, "%s: 'if' needs a condition", cmd->name);
			return UI_ACT_ERROR;
		}
	}
	if (!n) {
		int line = current_line(s);

		if (line <= 0) {
			strbuf_addf(msg, "%s: no default location (give a LINE, FILE:LINE or FUNCTION)",
				    cmd->name);
			return UI_ACT_ERROR;
		}
		snprintf(loc, sizeof(loc), "%d", line);
	}
	if (s->be && s->be->gdb) {
		id = s->be->gdb->break_at(s->be->self, loc, cond, temporary, msg);
		return id < 0 ? UI_ACT_ERROR : backend_done(s, 0);
	}
	if (temporary || !all_digits(loc, strlen(loc)) || atoi(loc) < 1) {
		if (!all_digits(loc, strlen(loc)))
			goto usage;
		gdb_ops(s, cmd->name, msg); /* says it is not available */
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->break_set)
		return no_backend(msg);
	id = s->be->break_set(s->be->self, atoi(loc), cond, msg);
	if (id < 0)
		return UI_ACT_ERROR;
	if (!msg->len)
		strbuf_addf(msg, "breakpoint %d at line %s%s%s", id, loc, cond ? " if " : "",
			    cond ? cond : "");
	return backend_done(s, 0);
usage:
	strbuf_addf(msg, "usage: %s %s", cmd->name, cmd->usage);
	return UI_ACT_ERROR;
}

/* Breakpoint numbers: "1 3 5-7"; none: 0 (every one). -1 on junk. */
static int parse_ids(const char *args, int *ids, int max)
{
	int n = 0;

	for (const char *p = skip_ws(args); *p; p = skip_ws(p)) {
		char *end;
		long a = strtol(p, &end, 10), b = a;

		if (end == p || a < 1)
			return -1;
		if (*end == '-') {
			const char *q = end + 1;

			b = strtol(q, &end, 10);
			if (end == q || b < a || b - a > 1000)
				return -1;
		}
		if (*end && !isspace((unsigned char)*end))
			return -1;
		for (long i = a; i <= b && n < max; i++)
			ids[n++] = (int)i;
		p = end;
	}
	return n;
}

static int do_bpop(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	int ids[64], n, act = UI_ACT_NONE, ok = 0;
	enum ui_bp_op op = (enum ui_bp_op)cmd->arg;

	const char *count = NULL;

	/* gdb's enable once N..., enable count COUNT N..., enable delete N... */
	if (op == UI_BP_ENABLE && !strncmp(args, "once", 4) &&
	    (!args[4] || isspace((unsigned char)args[4]))) {
		op = UI_BP_ONCE;
		args = skip_ws(args + 4);
	} else if (op == UI_BP_ENABLE && !strncmp(args, "delete", 6) &&
		   (!args[6] || isspace((unsigned char)args[6]))) {
		op = UI_BP_ENABLE_DELETE;
		args = skip_ws(args + 6);
	} else if (op == UI_BP_ENABLE && !strncmp(args, "count", 5) &&
		   (!args[5] || isspace((unsigned char)args[5]))) {
		char *end;
		long c;

		args = skip_ws(args + 5);
		c = strtol(args, &end, 10);
		if (end == args || c < 1 || c > 1000000000 || (*end && !isspace((unsigned char)*end))) {
			strbuf_adds(msg, "usage: enable count COUNT N... (COUNT: stops before it is disabled)");
			return UI_ACT_ERROR;
		}
		count = args;
		op = UI_BP_COUNT;
		args = skip_ws(end);
	}
	if ((n = parse_ids(args, ids, 64)) < 0) {
		strbuf_addf(msg, "usage: %s %s", cmd->name, cmd->usage);
		return UI_ACT_ERROR;
	}
	if (!n)
		ids[n++] = 0;
	if (!s->be || (!s->be->gdb && op != UI_BP_DELETE)) {
		gdb_ops(s, cmd->name, msg); /* says it is not available */
		return UI_ACT_ERROR;
	}
	for (int i = 0; i < n; i++) {
		int r;

		if (i && msg->len && msg->buf[msg->len - 1] != '\n')
			strbuf_addc(msg, '\n');
		if (s->be->gdb)
			r = s->be->gdb->break_op(s->be->self, op, ids[i], count, msg);
		else if (s->be->break_delete)
			r = s->be->break_delete(s->be->self, ids[i], msg);
		else
			return no_backend(msg);
		if (r < 0)
			act = UI_ACT_ERROR;
		else
			ok = 1;
	}
	while (msg->len && msg->buf[msg->len - 1] == '\n')
		msg->buf[--msg->len] = 0;
	if (ok)
		ui_session_refresh(s);
	return act | (ok ? UI_ACT_REDRAW : 0);
}

/* "N REST": the breakpoint number and the rest; -1 on junk. */
static int id_and_rest(const char *args, const char **rest)
{
	char *end;
	long id = strtol(args, &end, 10);

	if (end == args || id < 1 || (*end && !isspace((unsigned char)*end)))
		return -1;
	*rest = skip_ws(end);
	return (int)id;
}

static int do_condition(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	const struct ui_gdb *g;
	const char *cond;
	int id = id_and_rest(args, &cond);

	if (id < 0) {
		strbuf_adds(msg, "usage: condition N [COND] (N: a breakpoint number)");
		return UI_ACT_ERROR;
	}
	if (!(g = gdb_ops(s, cmd->name, msg)))
		return UI_ACT_ERROR;
	return g->break_op(s->be->self, UI_BP_CONDITION, id, *cond ? cond : NULL, msg) < 0
	       ? UI_ACT_ERROR : backend_done(s, 0);
}

static int do_ignore(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	const struct ui_gdb *g;
	const char *rest;
	int id = id_and_rest(args, &rest);
	char *end;
	long n = strtol(rest, &end, 10);

	if (id < 0 || end == rest || *skip_ws(end) || n < 0) {
		strbuf_adds(msg, "usage: ignore N COUNT (N: a breakpoint number)");
		return UI_ACT_ERROR;
	}
	if (!(g = gdb_ops(s, cmd->name, msg)))
		return UI_ACT_ERROR;
	return g->break_op(s->be->self, UI_BP_IGNORE, id, rest, msg) < 0 ? UI_ACT_ERROR
	       : backend_done(s, 0);
}

static int do_watch(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	const struct ui_gdb *g;

	if (!*args) {
		strbuf_addf(msg, "usage: %s EXPR (a variable, an element, *ptr: something in memory)",
			    cmd->name);
		return UI_ACT_ERROR;
	}
	if (!(g = gdb_ops(s, cmd->name, msg)))
		return UI_ACT_ERROR;
	return g->watch(s->be->self, args, cmd->arg, msg) < 0 ? UI_ACT_ERROR : backend_done(s, 0);
}

/* "/FMT" at the start of args (print, display): the letter, args moved
 * past it; -1 on a bad one. */
static int print_fmt(const char **args, char *fmt, struct strbuf *msg)
{
	const char *p = *args;

	*fmt = 0;
	if (*p != '/')
		return 0;
	p++;
	if (!*p || isspace((unsigned char)*p)) {
		strbuf_adds(msg, "missing output format after '/' (x d u o t c f a z)");
		return -1;
	}
	if (!strchr("xduotcfaz", *p) ||
	    (p[1] && !isspace((unsigned char)p[1]))) {
		strbuf_addf(msg, "undefined output format '%.*s' (x d u o t c f a z)",
			    (int)strcspn(p, " \t"), p);
		return -1;
	}
	*fmt = *p;
	*args = skip_ws(p + 1);
	return 0;
}

static void display_one(struct ui_session *s, const struct ui_display *d)
{
	struct strbuf out;
	int r;

	strbuf_init(&out);
	strbuf_addf(&out, "%d: ", d->id);
	if (d->fmt)
		strbuf_addf(&out, "/%c ", d->fmt);
	strbuf_addf(&out, "%s = ", d->expr);
	r = s->be->gdb->display(s->be->self, d->expr, d->fmt, &out);
	ui_console_add(&s->st, r < 0 ? UI_CON_ERROR : UI_CON_INFO, strbuf_cstr(&out));
	strbuf_release(&out);
}

/* After a stop: every display (only: just that id) in the console. */
static void show_displays(struct ui_session *s, int only)
{
	if (!s->be || !s->be->gdb || s->st.run == UI_RUN_FINISHED)
		return;
	for (size_t i = 0; i < s->displays.len; i++)
		if (!only || s->displays.v[i].id == only)
			display_one(s, &s->displays.v[i]);
}

static int do_display(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	struct ui_display d;
	char fmt;

	if (print_fmt(&args, &fmt, msg) < 0)
		return UI_ACT_ERROR;
	if (!gdb_ops(s, cmd->name, msg))
		return UI_ACT_ERROR;
	if (!*args) {
		if (!s->displays.len)
			strbuf_adds(msg, "no display expressions (display EXPR adds one)");
		show_displays(s, 0);
		return UI_ACT_REDRAW;
	}
	d.id = ++s->next_display;
	d.fmt = fmt;
	d.expr = xstrdup(args);
	vec_push(&s->displays, d);
	show_displays(s, d.id);
	return UI_ACT_REDRAW;
}

static int do_undisplay(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	int ids[64], n = parse_ids(args, ids, 64), act = UI_ACT_REDRAW;

	if (n < 0) {
		strbuf_adds(msg, "usage: undisplay [N...]");
		return UI_ACT_ERROR;
	}
	for (int k = 0; k < (n ? n : 1); k++) {
		size_t j = 0;
		int found = 0;

		for (size_t i = 0; i < s->displays.len; i++) {
			if (!n || s->displays.v[i].id == ids[k]) {
				free(s->displays.v[i].expr);
				found = 1;
				continue;
			}
			s->displays.v[j++] = s->displays.v[i];
		}
		s->displays.len = j;
		if (n && !found) {
			strbuf_addf(msg, "%sno display number %d", msg->len ? "\n" : "", ids[k]);
			act |= UI_ACT_ERROR;
		}
	}
	return act;
}

static int do_info(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	static const char *const whats[] = { "threads", "warps", "lanes", "blocks", "kernels", "barriers", "wmma",
					     "textures", "async" };
	static const struct {
		const char *name, *alias, *what;
	} gdbs[] = {
		{ "breakpoints", "break b watchpoints", "breakpoints" }, { "locals", NULL, "locals" },
		{ "args", NULL, "args" }, { "frame", "f", "frame" }, { "trace", NULL, "trace" },
	};

	if (strncmp(args, "cuda", 4) == 0 && (!args[4] || isspace((unsigned char)args[4]))) {
		const char *what = skip_ws(args + 4);

		for (size_t i = 0; i < WS_ARRAY_LEN(whats); i++) {
			if (strcmp(what, whats[i]))
				continue;
			if (!s->be || !s->be->info)
				return no_backend(msg);
			return s->be->info(s->be->self, what, msg) < 0 ? UI_ACT_ERROR : UI_ACT_NONE;
		}
	}
	if (!strcmp(args, "display")) {
		if (!s->displays.len)
			strbuf_adds(msg, "There are no auto-display expressions now.");
		else
			strbuf_adds(msg, "Auto-display expressions now in effect:\nNum Enb Expression");
		for (size_t i = 0; i < s->displays.len; i++)
			strbuf_addf(msg, "\n%d:   y  %s%c%s%s", s->displays.v[i].id,
				    s->displays.v[i].fmt ? "/" : "", s->displays.v[i].fmt ? s->displays.v[i].fmt : ' ',
				    s->displays.v[i].fmt ? " " : "", s->displays.v[i].expr);
		return UI_ACT_NONE;
	}
	for (size_t i = 0; i < WS_ARRAY_LEN(gdbs); i++) {
		if (strcmp(args, gdbs[i].name) && !in_list(gdbs[i].alias, args, strlen(args)))
			continue;
		if (s->be && s->be->gdb && s->be->info)
			return s->be->info(s->be->self, gdbs[i].what, msg) < 0 ? UI_ACT_ERROR : UI_ACT_NONE;
		if (strcmp(gdbs[i].what, "breakpoints")) {
			gdb_ops(s, "info", msg); /* says it is not available */
			return UI_ACT_ERROR;
		}
		/* the fake: from the snapshot */
		if (!s->st.nbps)
			strbuf_adds(msg, "no breakpoints");
		for (int k = 0; k < s->st.nbps; k++)
			if (s->st.bps[k].line > 0)
				strbuf_addf(msg, "%s%d: line %d%s%s", k ? "\n" : "", s->st.bps[k].id,
					    s->st.bps[k].line, s->st.bps[k].cond ? " if " : "",
					    s->st.bps[k].cond ? s->st.bps[k].cond : "");
			else
				strbuf_addf(msg, "%s%d: %s", k ? "\n" : "", s->st.bps[k].id,
					    s->st.bps[k].cond ? s->st.bps[k].cond : "?");
		return UI_ACT_NONE;
	}
	strbuf_adds(msg, "usage: info breakpoints|watchpoints|locals|args|frame|display|trace, or info cuda "
		    "threads|warps|lanes|blocks|kernels|barriers|wmma|textures|async");
	return UI_ACT_ERROR;
}

static int do_print(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	char expr[UI_LINE_MAX];
	const char *at;
	int lanes = 0;
	char fmt;
	size_t n;

	if (print_fmt(&args, &fmt, msg) < 0)
		return UI_ACT_ERROR;
	at = strrchr(args, '@');
	n = strlen(args);
	if (at && !strcmp(skip_ws(at + 1), "lanes")) {
		lanes = 1;
		n = (size_t)(at - args);
	}
	while (n && isspace((unsigned char)args[n - 1]))
		n--;
	if ((!n && (lanes || !s->be || !s->be->gdb)) || n >= sizeof(expr)) {
		strbuf_adds(msg, "usage: print[/FMT] EXPR [@ lanes]");
		return UI_ACT_ERROR;
	}
	memcpy(expr, args, n);
	expr[n] = 0;
	if (!lanes && s->be && s->be->gdb) {
		/* "$N = value": the value history's number (print x = 5 assigns;
		 * a bare print shows the last value again) */
		if (s->be->gdb->print(s->be->self, expr, fmt, msg) < 0)
			return UI_ACT_ERROR;
		ui_session_refresh(s); /* an assignment shows in every pane */
		return UI_ACT_REDRAW;
	}
	if (fmt && !lanes) {
		gdb_ops(s, "print/FMT", msg); /* says it is not available */
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->eval)
		return no_backend(msg);
	if (s->be->eval(s->be->self, expr, lanes, msg) < 0)
		return UI_ACT_ERROR;
	if (lanes) {
		s->ctl.aux_pane = PANE_LANES;
		ui_session_refresh(s);
		return UI_ACT_STATE;
	}
	return UI_ACT_NONE;
}

/* x/NFU ADDR */
static int do_x(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	const struct ui_gdb *g;
	long count = 1;
	char fmt = 0;
	int size = 0;
	const char *p = args;

	if (*p == '/') {
		char *end;

		p++;
		if (isdigit((unsigned char)*p)) {
			count = strtol(p, &end, 10);
			p = end;
		}
		for (; *p && !isspace((unsigned char)*p); p++) {
			if (strchr("bhwg", *p))
				size = *p == 'b' ? 1 : *p == 'h' ? 2 : *p == 'w' ? 4 : 8;
			else if (strchr("xduotcfa", *p))
				fmt = *p;
			else
				goto usage;
		}
		p = skip_ws(p);
	}
	if (!*p || count < 1 || count > 4096)
		goto usage;
	if (!(g = gdb_ops(s, "x", msg)))
		return UI_ACT_ERROR;
	return g->examine(s->be->self, p, (int)count, fmt, size, msg) < 0 ? UI_ACT_ERROR : UI_ACT_NONE;
usage:
	strbuf_adds(msg, "usage: x/NFU ADDR (N: count, F: x d u o t c f a, U: b h w g)");
	return UI_ACT_ERROR;
}

static int do_frame(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	const struct ui_gdb *g;
	char *end;
	long n = *args ? strtol(args, &end, 10) : -1;
	enum ui_frame_op op = cmd->arg == FRAME_DOWN ? UI_FRAME_UP : (enum ui_frame_op)cmd->arg;

	if (*args && (end == args || *skip_ws(end) || n < 0 || n > 100000)) {
		strbuf_addf(msg, "usage: %s %s", cmd->name, cmd->usage);
		return UI_ACT_ERROR;
	}
	if (!(g = gdb_ops(s, cmd->name, msg)))
		return UI_ACT_ERROR;
	if (op == UI_FRAME_UP)
		n = (n < 0 ? 1 : n) * (cmd->arg == FRAME_DOWN ? -1 : 1);
	else if (op == UI_FRAME_BT && n < 0)
		n = 0;
	if (g->frame(s->be->self, op, (int)n, msg) < 0)
		return UI_ACT_ERROR;
	if (op == UI_FRAME_BT)
		return UI_ACT_NONE;
	ui_session_refresh(s); /* the thread pane shows the selected frame */
	return UI_ACT_STATE;
}

static int do_list(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	int first, center = 0;

	if (!s->st.nlines) {
		strbuf_adds(msg, "no source to list");
		return UI_ACT_ERROR;
	}
	if (!strcmp(args, "-")) {
		int top = s->list_first > 0 ? s->list_first : current_line(s) - 5;

		if (top <= 1) {
			strbuf_adds(msg, "Already at the start of the file.");
			return UI_ACT_ERROR;
		}
		first = top - 10;
	} else if (!*args) {
		if (s->list_last > 0) {
			first = s->list_last + 1;
		} else {
			center = current_line(s);
			first = (center > 0 ? center : 1) - 5;
		}
	} else {
		char *end;
		long line = strtol(args, &end, 10);

		if (end == args || *skip_ws(end)) {
			const struct ui_gdb *g = gdb_ops(s, "list FUNCTION", msg);
			int l;

			if (!g || g->locate(s->be->self, args, &l, msg) < 0)
				return UI_ACT_ERROR;
			line = l;
		}
		if (line < 1 || line > s->st.nlines) {
			strbuf_addf(msg, "Line number %ld out of range; \"%s\" has %d lines.", line,
				    s->st.file ? s->st.file : "the file", s->st.nlines);
			return UI_ACT_ERROR;
		}
		first = (int)line - 5;
	}
	if (first < 1)
		first = 1;
	if (first > s->st.nlines) {
		strbuf_addf(msg, "Line number %d out of range; \"%s\" has %d lines.", first,
			    s->st.file ? s->st.file : "the file", s->st.nlines);
		return UI_ACT_ERROR;
	}
	s->list_first = first;
	for (int l = first; l < first + 10 && l <= s->st.nlines; l++) {
		strbuf_addf(msg, "%s%d\t%s", l > first ? "\n" : "", l, s->st.lines[l - 1]);
		s->list_last = l;
	}
	return UI_ACT_REDRAW;
}

/* Parse "(x,y,z)", "(x,y)", "(x)" or "x" at *p into v (missing parts 0). */
static int parse_triple(const char **p, int v[3])
{
	const char *q = skip_ws(*p);
	int paren = *q == '(';
	char *end;

	v[0] = v[1] = v[2] = 0;
	if (paren)
		q++;
	for (int i = 0; i < 3; i++) {
		long x = strtol(skip_ws(q), &end, 10);

		if (end == skip_ws(q) || x < 0 || x > 1 << 30)
			return -1;
		v[i] = (int)x;
		q = skip_ws(end);
		if (*q != ',')
			break;
		q++;
	}
	if (paren && *q++ != ')')
		return -1;
	*p = q;
	return 0;
}

static void focus_text(struct ui_session *s, const char *word, struct strbuf *out)
{
	int t[3], ti = s->st.focus_warp * UI_WARP_SIZE + s->st.focus_lane;

	ui_thread_xyz(&s->st, ti, t);
	if (!strcmp(word, "kernel"))
		strbuf_addf(out, "kernel %s", s->st.kernel ? s->st.kernel : "?");
	else if (!strcmp(word, "block"))
		strbuf_addf(out, "block (%d,%d,%d)", s->st.focus_block[0], s->st.focus_block[1],
			    s->st.focus_block[2]);
	else if (!strcmp(word, "thread"))
		strbuf_addf(out, "thread (%d,%d,%d)", t[0], t[1], t[2]);
	else if (!strcmp(word, "warp"))
		strbuf_addf(out, "warp %d", s->st.focus_warp);
	else
		strbuf_addf(out, "lane %d", s->st.focus_lane);
}

/* cuda-gdb's focus command: `cuda thread` (no numbers) says where the focus
 * is; `cuda block 1 thread 5`, `cuda warp 1 lane 3`, `cuda thread (3,1,0)`
 * switch it. Warp and lane count in the focused (or named) block. */
static int do_cuda(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	static const char *const words[] = { "kernel", "block", "thread", "warp", "lane" };
	const char *p = args, *asked[8];
	int block[3], thread[3], warp = -1, lane = -1, nasked = 0, set_block = 0, set_thread = 0;

	memcpy(block, s->st.focus_block, sizeof(block));
	while (*(p = skip_ws(p))) {
		size_t n = strcspn(p, " \t(");
		size_t k;
		const char *v;

		for (k = 0; k < WS_ARRAY_LEN(words); k++)
			if (strlen(words[k]) == n && !strncmp(p, words[k], n))
				break;
		if (k == WS_ARRAY_LEN(words) || nasked == 8)
			goto usage;
		p += n;
		v = skip_ws(p);
		if (*v != '(' && !isdigit((unsigned char)*v)) {
			asked[nasked++] = words[k];
			continue;
		}
		if (k == 0)
			goto usage; /* one kernel runs at a time */
		if (k == 1 || k == 2) {
			if (parse_triple(&p, k == 1 ? block : thread) < 0)
				goto usage;
			if (k == 1)
				set_block = 1;
			else
				set_thread = 1;
		} else {
			char *end;
			long x = strtol(v, &end, 10);

			if (x < 0 || x > 1 << 20 || (k == 4 && x >= UI_WARP_SIZE))
				goto usage;
			*(k == 3 ? &warp : &lane) = (int)x;
			p = end;
		}
	}
	if (nasked && (set_block || set_thread || warp >= 0 || lane >= 0))
		goto usage;
	if (s->st.run != UI_RUN_KERNEL) {
		strbuf_adds(msg, "Focus not set on any active CUDA kernel.");
		return nasked || !*args ? UI_ACT_NONE : UI_ACT_ERROR;
	}
	if (!*skip_ws(args)) { /* bare `cuda`: the whole focus */
		static const char *const all[] = { "kernel", "block", "thread", "warp", "lane" };

		for (size_t i = 0; i < WS_ARRAY_LEN(all); i++) {
			if (i)
				strbuf_adds(msg, ", ");
			focus_text(s, all[i], msg);
		}
		return UI_ACT_NONE;
	}
	if (nasked) {
		for (int i = 0; i < nasked; i++) {
			if (i)
				strbuf_adds(msg, ", ");
			focus_text(s, asked[i], msg);
		}
		return UI_ACT_NONE;
	}
	if (set_thread && (warp >= 0 || lane >= 0)) {
		strbuf_adds(msg, "cuda: name a thread either by thread or by warp and lane");
		return UI_ACT_ERROR;
	}
	if (!set_thread) {
		int ti = (warp >= 0 ? warp : s->st.focus_warp) * UI_WARP_SIZE +
			 (lane >= 0 ? lane : s->st.focus_lane);

		if (ti >= ui_block_threads(&s->st)) {
			strbuf_addf(msg, "no warp %d lane %d in the block (%d threads)",
				    warp >= 0 ? warp : s->st.focus_warp, lane >= 0 ? lane : s->st.focus_lane,
				    ui_block_threads(&s->st));
			return UI_ACT_ERROR;
		}
		ui_thread_xyz(&s->st, ti, thread);
	}
	if (!s->be || !s->be->focus)
		return no_backend(msg);
	if (s->be->focus(s->be->self, block, thread, msg) < 0)
		return UI_ACT_ERROR;
	ui_session_refresh(s);
	strbuf_adds(msg, "[Switching focus to CUDA ");
	for (size_t i = 0; i < WS_ARRAY_LEN(words); i++) {
		if (i)
			strbuf_adds(msg, ", ");
		focus_text(s, words[i], msg);
	}
	strbuf_addc(msg, ']');
	return UI_ACT_STATE;
usage:
	strbuf_adds(msg, "usage: cuda [kernel|block|thread|warp|lane]... (no numbers: show the focus), "
		    "cuda block (x,y,z) thread (x,y,z), cuda warp W lane L");
	return UI_ACT_ERROR;
}

/* Focus linear thread index ti of the focused block. */
static int focus_linear(struct ui_session *s, int ti, struct strbuf *msg)
{
	int thread[3];

	if (ti < 0 || ti >= ui_block_threads(&s->st)) {
		strbuf_addf(msg, "no thread %d in this block (%d threads)", ti, ui_block_threads(&s->st));
		return UI_ACT_ERROR;
	}
	ui_thread_xyz(&s->st, ti, thread);
	if (!s->be || !s->be->focus)
		return no_backend(msg);
	return backend_done(s, s->be->focus(s->be->self, s->st.focus_block, thread, msg));
}

static int do_focus(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	int warp = s->st.focus_warp, lane = s->st.focus_lane;
	char w1[16], w2[16];
	int v1, v2, n = sscanf(args, "%15s %d %15s %d", w1, &v1, w2, &v2);

	if (n >= 2 && !strcmp(w1, "warp")) {
		warp = v1;
		if (n == 4 && !strcmp(w2, "lane"))
			lane = v2;
		else if (n != 2)
			goto usage;
	} else if (n == 2 && !strcmp(w1, "lane")) {
		lane = v1;
	} else {
		goto usage;
	}
	if (lane < 0 || lane >= UI_WARP_SIZE || warp < 0)
		goto usage;
	return focus_linear(s, warp * UI_WARP_SIZE + lane, msg);
usage:
	strbuf_adds(msg, "usage: focus warp W [lane L] | focus lane L");
	return UI_ACT_ERROR;
}

static int do_set(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	char key[16], val[64];

	if (!strncmp(args, "var ", 4) || !strncmp(args, "variable ", 9) || !strcmp(args, "var") ||
	    !strcmp(args, "variable") ||
	    (*args != '$' && strncmp(args, "simt ", 5) && strncmp(args, "sched ", 6) &&
	     strncmp(args, "model ", 6) && strchr(args, '='))) {
		/* gdb's set var LHS = VALUE (and set LHS = VALUE) */
		const struct ui_gdb *g;
		const char *e = args;

		if (!strncmp(e, "var", 3) && (!e[3] || isspace((unsigned char)e[3])))
			e = skip_ws(e + 3);
		else if (!strncmp(e, "variable", 8) && (!e[8] || isspace((unsigned char)e[8])))
			e = skip_ws(e + 8);
		if (!strchr(e, '=')) {
			strbuf_adds(msg, "usage: set var LHS = VALUE (LHS: a variable, an element, *ptr)");
			return UI_ACT_ERROR;
		}
		if (!(g = gdb_ops(s, "set var", msg)) || !g->assign)
			return UI_ACT_ERROR;
		return backend_done(s, g->assign(s->be->self, e, msg));
	}
	if (*args == '$') { /* set $name = EXPR */
		char name[32];
		size_t n = 0;
		const char *p = args + 1;
		const struct ui_gdb *g;

		while ((isalnum((unsigned char)*p) || *p == '_') && n < sizeof(name) - 1)
			name[n++] = *p++;
		name[n] = 0;
		p = skip_ws(p);
		if (!n || *p != '=' || p[1] == '=' || !*skip_ws(p + 1)) {
			strbuf_adds(msg, "usage: set $NAME = EXPR");
			return UI_ACT_ERROR;
		}
		if (!(g = gdb_ops(s, "set $NAME", msg)))
			return UI_ACT_ERROR;
		return g->setvar(s->be->self, name, skip_ws(p + 1), msg) < 0 ? UI_ACT_ERROR : UI_ACT_NONE;
	}

	if (sscanf(args, "%15s %63s", key, val) != 2 ||
	    (strcmp(key, "simt") && strcmp(key, "sched") && strcmp(key, "model"))) {
		strbuf_adds(msg, "usage: set simt stack|its | set sched rr|random:SEED | set model sc|relaxed");
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->set)
		return no_backend(msg);
	return backend_done(s, s->be->set(s->be->self, key, val, msg));
}

static int do_explore(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (!s->be || !s->be->info)
		return no_backend(msg);
	return s->be->info(s->be->self, "explore", msg) < 0 ? UI_ACT_ERROR : UI_ACT_NONE;
}

static int do_witness(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (!*args) {
		strbuf_adds(msg, "usage: witness N (an outcome number from explore)");
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->set)
		return no_backend(msg);
	return backend_done(s, s->be->set(s->be->self, "witness", args, msg));
}

static void pane_show(struct ui_session *s, int p);

static int do_compare(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	int act;

	if (*args && strcmp(args, "on") && strcmp(args, "off")) {
		strbuf_adds(msg, "usage: compare [on|off]");
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->set)
		return no_backend(msg);
	act = backend_done(s, s->be->set(s->be->self, "compare", *args ? args : "toggle", msg));
	ui_session_sync_view(s);
	if (!(act & UI_ACT_ERROR) && s->st.gpu.compare)
		pane_show(s, PANE_GPU);
	return act;
}

static int do_help(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (*args) {
		const struct command *c = command_find(args, strlen(args));

		if (!c) {
			strbuf_addf(msg, "Undefined command: \"%s\".  Try \"help\".", args);
			return UI_ACT_ERROR;
		}
		strbuf_addf(msg, "%s%s%s: %s", c->name, *c->usage ? " " : "", c->usage, c->summary);
		if (c->alias)
			strbuf_addf(msg, " (also: %s)", c->alias);
		return UI_ACT_NONE;
	}
	s->ctl.help = 1;
	s->ctl.help_scroll = 0;
	return UI_ACT_NONE;
}

/* present [on|off]: presentation mode (toggles without an argument). */
static int do_present(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (!*args)
		s->ctl.present = !s->ctl.present;
	else if (!strcmp(args, "on"))
		s->ctl.present = 1;
	else if (!strcmp(args, "off"))
		s->ctl.present = 0;
	else {
		strbuf_adds(msg, "usage: present [on|off]");
		return UI_ACT_ERROR;
	}
	strbuf_addf(msg, "presentation mode %s%s", s->ctl.present ? "on" : "off",
		    s->ctl.present && s->width && s->width < VIEW_WARPS_PRESENT
			    ? " (needs 96 columns: the normal layout until the terminal is that wide)" : "");
	return UI_ACT_REDRAW;
}

/* The pane a word names: its title ("warps", any case) or its key ("2"). */
static int pane_named(const char *w, size_t n)
{
	for (int p = 0; p < PANE_COUNT; p++) {
		const char *t = view_pane_title(p);
		if ((n == strlen(t) && !strncasecmp(w, t, n)) || (n == 1 && p < 9 && *w == '1' + p))
			return p;
	}
	return PANE_NONE;
}

/* export svg [PANE] FILE: the screen as it is now, at the terminal's size;
 * or one pane alone, at the size it has on screen (at least 80 x 12), so a
 * slide can show just the warps or the lanes. */
static int do_export(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	struct view_grid g;
	struct strbuf out;
	const char *path = skip_ws(args + 3), *why;
	int pane = PANE_NONE;

	if (strncmp(args, "svg", 3) || !isspace((unsigned char)args[3]) || !*path) {
		strbuf_adds(msg, "usage: export svg [PANE] FILE");
		return UI_ACT_ERROR;
	}
	{
		size_t n = strcspn(path, " \t");
		const char *rest = skip_ws(path + n);

		if (*rest && (pane = pane_named(path, n)) != PANE_NONE)
			path = rest;
		else if (*rest) {
			strbuf_addf(msg, "no pane named '%.*s' (source, warps, lanes, thread, memory, sync, findings, console, order, gpu or 1-9)",
				    (int)n, path);
			return UI_ACT_ERROR;
		}
	}
	ui_session_sync_view(s);
	if (pane != PANE_NONE) {
		struct view_rect r[PANE_COUNT];
		int w = s->width > 0 ? s->width : 120, h = s->height > 0 ? s->height : 40;

		view_layout(w, h, &s->ctl, s->st.nwarps, r);
		view_grid_init(&g, r[pane].w >= 80 ? r[pane].w : 80, r[pane].h >= 12 ? r[pane].h : 12);
		view_render_pane(&g, pane, &s->st, &s->ctl);
	} else {
		view_grid_init(&g, s->width > 0 ? s->width : 120, s->height > 0 ? s->height : 40);
		view_render(&g, &s->st, &s->ctl);
	}
	strbuf_init(&out);
	export_svg(&g, export_no_color(), &out);
	if (util_write_file(path, out.buf, out.len, 0666, &why) < 0) {
		strbuf_addf(msg, "cannot write '%s': %s", path, why);
		strbuf_release(&out);
		view_grid_free(&g);
		return UI_ACT_ERROR;
	}
	strbuf_addf(msg, "wrote %s (%dx%d cells)", path, g.w, g.h);
	strbuf_release(&out);
	view_grid_free(&g);
	return UI_ACT_REDRAW;
}

static int do_reload(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (!s->be || !s->be->reload) {
		strbuf_adds(msg, "reload: not available here");
		return UI_ACT_ERROR;
	}
	if (s->be->reload(s->be->self, msg) < 0) {
		ui_session_refresh(s); /* the diagnostics go to the console */
		return UI_ACT_ERROR | UI_ACT_STATE;
	}
	return backend_done(s, 0);
}

static int do_quit(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	if (program_live(s))
		return ask(s, CONFIRM_QUIT, "A debugging session is active. Quit anyway?", msg);
	return UI_ACT_QUIT;
}

static void pane_show(struct ui_session *s, int p)
{
	struct view_rect r[PANE_COUNT];

	s->ctl.focus_pane = p;
	view_layout(s->width, s->height, &s->ctl, s->st.nwarps, r);
	if (!r[p].w)
		s->ctl.aux_pane = p;
	if (s->ctl.zoom != PANE_NONE)
		s->ctl.zoom = p;
}

static int do_pane(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	for (int p = 0; p < PANE_COUNT; p++) {
		if (!strcasecmp(args, view_pane_title(p)) || (p < 9 && args[0] == '1' + p && !args[1])) {
			pane_show(s, p);
			return UI_ACT_NONE;
		}
	}
	strbuf_adds(msg, "usage: pane source|warps|lanes|thread|memory|sync|findings|console|order|gpu|1-9");
	return UI_ACT_ERROR;
}

/* ---- completion ---- */

/* What may follow a command (by canonical name and the words after it). */
static const struct {
	const char *ctx;
	const char *words[40];
} subwords[] = {
	{ "info", { "cuda", "breakpoints", "watchpoints", "locals", "args", "frame", "display", "trace" } },
	{ "info cuda", { "threads", "warps", "lanes", "blocks", "kernels", "barriers", "wmma",
					     "textures", "async" } },
	{ "set", { "var", "variable", "simt", "sched", "model" } },
	{ "enable", { "once", "count", "delete" } },
	{ "set simt", { "stack", "its" } },
	{ "set sched", { "rr", "random:" } },
	{ "set model", { "sc", "relaxed" } },
	{ "break", { "barrier", "finding" } },
	{ "pane", { "source", "warps", "lanes", "thread", "memory", "sync", "findings", "console" } },
	{ "export", { "svg" } },
	{ "cuda", { "kernel", "block", "thread", "warp", "lane" } },
	{ "focus", { "warp", "lane" } },
};

/* Complete word [from, *len) of line among cands; see cmd_complete. */
static int complete_among(char *line, int *len, int cap, int from, const char *const *cands,
			  size_t ncands, struct strbuf *out)
{
	const char *first = NULL;
	size_t common = 0, wl = (size_t)(*len - from);
	int n = 0;

	for (size_t i = 0; i < ncands && cands[i]; i++) {
		const char *name = cands[i];

		if (strncmp(name, line + from, wl))
			continue;
		if (!n++) {
			first = name;
			common = strlen(name);
		} else {
			size_t k = 0;

			while (k < common && first[k] == name[k])
				k++;
			common = k;
		}
		if (out)
			strbuf_addf(out, "%s%s", n > 1 ? " " : "", name);
	}
	if (n && (int)(from + common + 2) < cap && (common > wl || n == 1)) {
		memcpy(line + from, first, common);
		*len = from + (int)common;
		if (n == 1 && first[common - 1] != ':')
			line[(*len)++] = ' ';
		line[*len] = 0;
	}
	return n;
}

int cmd_complete(char *line, int *len, int cap, struct strbuf *out)
{
	const char *names[WS_ARRAY_LEN(commands) + 1];
	char ctx[UI_LINE_MAX];
	int from = *len, n = 0;
	const struct command *c;
	const char *p;

	while (from > 0 && !isspace((unsigned char)line[from - 1]))
		from--;
	if (!from) {
		for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++)
			names[i] = commands[i].name;
		return complete_among(line, len, cap, 0, names, WS_ARRAY_LEN(commands), out);
	}
	/* the context: the canonical command and the words up to this one */
	p = skip_ws(line);
	for (n = 0; p[n] && !isspace((unsigned char)p[n]); n++)
		;
	if (!(c = command_find(p, (size_t)n)))
		return 0;
	snprintf(ctx, sizeof(ctx), "%s", c->name);
	for (p = skip_ws(p + n); p < line + from; p = skip_ws(p + n)) {
		for (n = 0; p[n] && !isspace((unsigned char)p[n]); n++)
			;
		if (strlen(ctx) + (size_t)n + 2 < sizeof(ctx))
			snprintf(ctx + strlen(ctx), sizeof(ctx) - strlen(ctx), " %.*s", n, p);
	}
	if (!strcmp(ctx, "break finding")) {
		/* every kind of check/findings.def, then the two families */
		const char *kinds[64];
		size_t nk = 0;
		const char *k;

		while (nk + 3 < WS_ARRAY_LEN(kinds) && (k = machine_finding_kind(nk)))
			kinds[nk++] = k;
		kinds[nk++] = "race";
		kinds[nk++] = "oob";
		return complete_among(line, len, cap, from, kinds, nk, out);
	}
	for (size_t i = 0; i < WS_ARRAY_LEN(subwords); i++)
		if (!strcmp(ctx, subwords[i].ctx))
			return complete_among(line, len, cap, from, subwords[i].words,
					      WS_ARRAY_LEN(subwords[i].words), out);
	return 0;
}

/* ---- keys ---- */

static int edit_key(struct ui_session *s, int key)
{
	struct strbuf out;
	int act = UI_ACT_REDRAW;

	switch (key) {
	case UI_KEY_ENTER: {
		char buf[UI_LINE_MAX];

		memcpy(buf, s->line, (size_t)s->len + 1);
		s->editing = 0;
		s->len = s->cursor = 0;
		s->line[0] = 0;
		return cmd_run(s, buf);
	}
	case UI_KEY_ESC:
	case UI_KEY_CTRL_C:
		s->editing = 0;
		s->len = s->cursor = 0;
		s->line[0] = 0;
		break;
	case UI_KEY_BACKSPACE:
		if (s->cursor == 0) {
			if (s->len == 0)
				s->editing = 0;
			break;
		}
		memmove(s->line + s->cursor - 1, s->line + s->cursor, (size_t)(s->len - s->cursor + 1));
		s->cursor--;
		s->len--;
		break;
	case UI_KEY_DELETE:
		if (s->cursor < s->len) {
			memmove(s->line + s->cursor, s->line + s->cursor + 1, (size_t)(s->len - s->cursor));
			s->len--;
		}
		break;
	case UI_KEY_LEFT:
		s->cursor -= s->cursor > 0;
		break;
	case UI_KEY_RIGHT:
		s->cursor += s->cursor < s->len;
		break;
	case UI_KEY_HOME:
		s->cursor = 0;
		break;
	case UI_KEY_END:
		s->cursor = s->len;
		break;
	case UI_KEY_UP:
	case UI_KEY_DOWN:
		if (key == UI_KEY_UP && s->hist_pos > 0)
			s->hist_pos--;
		else if (key == UI_KEY_DOWN && s->hist_pos < (int)s->history.len)
			s->hist_pos++;
		snprintf(s->line, sizeof(s->line), "%s",
			 s->hist_pos < (int)s->history.len ? s->history.v[s->hist_pos] : "");
		s->len = s->cursor = (int)strlen(s->line);
		break;
	case UI_KEY_TAB:
		strbuf_init(&out);
		if (cmd_complete(s->line, &s->len, (int)sizeof(s->line), &out) > 1)
			ui_console_add(&s->st, UI_CON_INFO, strbuf_cstr(&out));
		strbuf_release(&out);
		s->cursor = s->len;
		break;
	default:
		if (key >= 32 && key < 127 && s->len + 1 < (int)sizeof(s->line)) {
			memmove(s->line + s->cursor + 1, s->line + s->cursor, (size_t)(s->len - s->cursor + 1));
			s->line[s->cursor++] = (char)key;
			s->len++;
		}
		break;
	}
	return act;
}

static int visible_next(struct ui_session *s, int dir)
{
	struct view_rect r[PANE_COUNT];
	int p = s->ctl.focus_pane;

	view_layout(s->width, s->height, &s->ctl, s->st.nwarps, r);
	for (int i = 0; i < PANE_COUNT; i++) {
		p = (p + dir + PANE_COUNT) % PANE_COUNT;
		if (r[p].w)
			return p;
	}
	return s->ctl.focus_pane;
}

static int scroll(struct ui_session *s, int pane, int d)
{
	if (pane < 0)
		return UI_ACT_NONE;
	if (pane == PANE_CONSOLE)
		d = -d;
	s->ctl.scroll[pane] += d;
	if (pane == PANE_CONSOLE && s->ctl.scroll[pane] < 0)
		s->ctl.scroll[pane] = 0;
	if (pane != PANE_SOURCE && pane != PANE_CONSOLE && pane != PANE_WARPS && s->ctl.scroll[pane] < 0)
		s->ctl.scroll[pane] = 0;
	return UI_ACT_REDRAW;
}

static int focus_step(struct ui_session *s, int delta)
{
	struct strbuf msg;
	int ti = s->st.focus_warp * UI_WARP_SIZE + s->st.focus_lane + delta, act;
	int n = ui_block_threads(&s->st);

	if (ti < 0 || ti >= n)
		return UI_ACT_NONE;
	strbuf_init(&msg);
	act = focus_linear(s, ti, &msg) | UI_ACT_REDRAW;
	if (act & UI_ACT_ERROR)
		snprintf(s->message, sizeof(s->message), "%s", strbuf_cstr(&msg));
	strbuf_release(&msg);
	return act;
}

static int help_key(struct ui_session *s, int key)
{
	if (key == 'j' || key == UI_KEY_DOWN)
		s->ctl.help_scroll += view_help_lines[s->ctl.help_scroll] != NULL;
	else if ((key == 'k' || key == UI_KEY_UP) && s->ctl.help_scroll > 0)
		s->ctl.help_scroll--;
	else if (key == 'q' || key == '?' || key == UI_KEY_ESC || key == UI_KEY_ENTER)
		s->ctl.help = 0;
	return UI_ACT_REDRAW;
}

int cmd_key(struct ui_session *s, int key)
{
	int pane = s->ctl.focus_pane;

	if (key == UI_KEY_RESIZE)
		return UI_ACT_REDRAW;
	if (s->editing)
		return edit_key(s, key);
	s->message[0] = 0;
	if (s->ctl.help)
		return help_key(s, key);
	if (s->confirm) { /* a (y or n) question: y answers it, any other key says no */
		struct strbuf msg;
		int act;

		strbuf_init(&msg);
		act = confirm_answer(s, key == 'y' || key == 'Y', &msg) | UI_ACT_REDRAW;
		if (msg.len) {
			ui_console_add(&s->st, UI_CON_INFO, strbuf_cstr(&msg));
			snprintf(s->message, sizeof(s->message), "%s", strbuf_cstr(&msg));
		}
		strbuf_release(&msg);
		return act;
	}
	switch (key) {
	case ':':
		s->editing = 1;
		s->len = s->cursor = 0;
		s->line[0] = 0;
		s->hist_pos = (int)s->history.len;
		return UI_ACT_REDRAW;
	/* gdb's TUI single-key mode (C-x s) where keys clash: s n i c f r u d
	 * w v q mean what they mean there; the SIMT steps take capitals */
	case 's': return cmd_run(s, "step");
	case 'n': return cmd_run(s, "next");
	case 'i': return cmd_run(s, "stepi");
	case 'c': return cmd_run(s, "continue");
	case 'f': return cmd_run(s, "finish");
	case 'r': return cmd_run(s, "run");
	case 'u': return cmd_run(s, "up");
	case 'd': return cmd_run(s, "down");
	case 'w': return cmd_run(s, "backtrace");
	case 'v': return cmd_run(s, "info locals");
	case 'W': return cmd_run(s, "warp-step");
	case 'b': return cmd_run(s, "block-step");
	case 'B': return cmd_run(s, "to-barrier");
	case 'R': return cmd_run(s, "reverse-step");
	case 'N': return cmd_run(s, "reverse-next");
	case 'C': return cmd_run(s, "reverse-continue");
	case UI_KEY_CTRL_C:
		snprintf(s->message, sizeof(s->message),
			 "Quit (Ctrl-C stops a long run; to leave warpstep: q or :quit)");
		return UI_ACT_REDRAW;
	case UI_KEY_ENTER: return s->last ? cmd_run(s, "") : UI_ACT_NONE;
	case 'q': return cmd_run(s, "quit");
	case '?': s->ctl.help = 1; s->ctl.help_scroll = 0; return UI_ACT_REDRAW;
	case 'h': case UI_KEY_LEFT: return focus_step(s, -1);
	case 'l': case UI_KEY_RIGHT: return focus_step(s, 1);
	case 'J': return focus_step(s, UI_WARP_SIZE);
	case 'K': return focus_step(s, -UI_WARP_SIZE);
	case 'j': case UI_KEY_DOWN: return scroll(s, pane, 1);
	case 'k': case UI_KEY_UP: return scroll(s, pane, -1);
	case UI_KEY_PGDN: return scroll(s, pane, 10);
	case UI_KEY_PGUP: return scroll(s, pane, -10);
	case UI_KEY_TAB: s->ctl.focus_pane = visible_next(s, 1); return UI_ACT_REDRAW;
	case UI_KEY_BTAB: s->ctl.focus_pane = visible_next(s, -1); return UI_ACT_REDRAW;
	case 'z':
		s->ctl.zoom = s->ctl.zoom == PANE_NONE ? s->ctl.focus_pane : PANE_NONE;
		return UI_ACT_REDRAW;
	case UI_KEY_ESC:
		s->ctl.zoom = PANE_NONE;
		return UI_ACT_REDRAW;
	case '0':
		memset(s->ctl.scroll, 0, sizeof(s->ctl.scroll));
		return UI_ACT_REDRAW;
	case 'o': /* the Order pane; also 9, except in a lesson, where 9 is the lesson pane */
		pane_show(s, PANE_ORDER);
		return UI_ACT_REDRAW;
	case 'G': return cmd_run(s, "compare");
	default:
		if (key >= '1' && key <= '9') {
			pane_show(s, key - '1');
			return UI_ACT_REDRAW;
		}
		return UI_ACT_NONE;
	}
}

int cmd_mouse(struct ui_session *s, int x, int y, int key)
{
	struct view_rect r[PANE_COUNT];
	int p = view_pane_at(s->width, s->height, &s->ctl, s->st.nwarps, x, y);

	if (p == PANE_NONE)
		return UI_ACT_NONE;
	if (key == UI_KEY_WHEEL_UP || key == UI_KEY_WHEEL_DOWN)
		return scroll(s, p, key == UI_KEY_WHEEL_UP ? -3 : 3);
	s->ctl.focus_pane = p;
	view_layout(s->width, s->height, &s->ctl, s->st.nwarps, r);
	if (p == PANE_WARPS) {
		/* the same first row as draw_warps: keep the focused warp visible */
		int rows = r[p].h - 3, first = 0, row = y - r[p].y - 2, col = x - r[p].x - 6;

		if (rows < 1)
			rows = 1;
		if (s->st.focus_warp >= rows)
			first = s->st.focus_warp - rows + 1;
		first += s->ctl.scroll[PANE_WARPS];
		if (first > s->st.nwarps - rows)
			first = s->st.nwarps - rows;
		if (first < 0)
			first = 0;
		if (row >= 0 && row < rows && col >= 0 && col < 35 && col % 9 != 8)
			return focus_step(s, (first + row - s->st.focus_warp) * UI_WARP_SIZE +
					  col / 9 * 8 + col % 9 - s->st.focus_lane);
	}
	return UI_ACT_REDRAW;
}
