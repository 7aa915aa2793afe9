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

static int do_step(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_continue(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_break(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_delete(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_info(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_print(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_cuda(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_focus(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_set(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_help(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_quit(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_export(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_pane(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);
static int do_reload(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg);

static const struct command commands[] = {
	{ "step", "s", "[N]", "step one source line (into calls)", do_step, UI_STEP_LINE },
	{ "next", "n", "[N]", "step one source line (over calls)", do_step, UI_STEP_OVER },
	{ "stepi", "si", "[N]", "step one instruction", do_step, UI_STEP_INSN },
	{ "finish", NULL, "", "run until the current function returns", do_step, UI_STEP_OUT },
	{ "continue", "c", "", "run until a breakpoint, a finding or the end", do_continue, 0 },
	{ "warp-step", "ws", "[N]", "step only the focused warp", do_step, UI_STEP_WARP },
	{ "block-step", "bs", "[N]", "step every warp of the focused block", do_step, UI_STEP_BLOCK },
	{ "to-barrier", "tb", "", "run the block to its next barrier", do_step, UI_STEP_BARRIER },
	{ "reverse-step", "rs", "[N]", "undo a step", do_step, UI_STEP_BACK },
	{ "break", "b", "LINE [if COND] | barrier | finding [KIND]", "set a breakpoint", do_break, 0 },
	{ "delete", "d", "[ID]", "delete a breakpoint (all without ID)", do_delete, 0 },
	{ "info", "i", "cuda warps|lanes|blocks|barriers", "show machine state", do_info, 0 },
	{ "print", "p", "EXPR [@ lanes]", "evaluate for the focused thread or warp", do_print, 0 },
	{ "cuda", NULL, "block (x,y,z) thread (x,y,z)", "focus a block and thread", do_cuda, 0 },
	{ "focus", NULL, "warp W [lane L] | lane L", "focus a warp/lane of the block", do_focus, 0 },
	{ "set", NULL, "simt|sched|model VALUE", "switch a machine policy", do_set, 0 },
	{ "pane", NULL, "NAME|N", "show and focus a pane", do_pane, 0 },
	{ "reload", NULL, "", "recompile the program (after a fix) and start again", do_reload, 0 },
	{ "help", "h", "", "show the help screen", do_help, 0 },
	{ "export", NULL, "svg FILE", "write the screen as SVG (for slides)", do_export, 0 },
	{ "quit", "q", "", "leave warpstep", do_quit, 0 },
};

static const struct command *command_find(const char *word, size_t n)
{
	for (size_t i = 0; i < WS_ARRAY_LEN(commands); i++) {
		const struct command *c = &commands[i];

		if ((strlen(c->name) == n && !strncmp(c->name, word, n)) ||
		    (c->alias && strlen(c->alias) == n && !strncmp(c->alias, word, n)))
			return c;
	}
	return NULL;
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

int cmd_run(struct ui_session *s, const char *line)
{
	const char *p = skip_ws(line), *w;
	const struct command *c;
	struct strbuf msg;
	char *copy;
	int act;

	if (!*p) {
		if (!s->last)
			return UI_ACT_NONE;
		p = s->last;
	} else {
		history_add(s, p);
	}
	copy = xstrdup(p);
	echo(s, copy);
	for (w = copy; *w && !isspace((unsigned char)*w); w++)
		;
	s->message[0] = 0;
	strbuf_init(&msg);
	if (!(c = command_find(copy, (size_t)(w - copy)))) {
		strbuf_addf(&msg, "unknown command '%.*s' (try 'help')", (int)(w - copy), copy);
		act = UI_ACT_ERROR | UI_ACT_REDRAW;
	} else {
		act = c->fn(s, c, skip_ws(w), &msg) | UI_ACT_REDRAW;
	}
	if (msg.len)
		ui_console_add(&s->st, act & UI_ACT_ERROR ? UI_CON_ERROR : UI_CON_INFO, strbuf_cstr(&msg));
	if (act & UI_ACT_ERROR)
		snprintf(s->message, sizeof(s->message), "%s", msg.len ? strbuf_cstr(&msg) : "error");
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
	if (!s->be || !s->be->cont)
		return no_backend(msg);
	return backend_done(s, s->be->cont(s->be->self, msg));
}

static int do_break(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	char *end;
	long line = strtol(args, &end, 10);
	const char *rest = skip_ws(end), *cond = NULL;
	int id;

	/* break barrier: the backend picks the lines (line -1); break finding
	 * [KIND]: line -2, cond the kind (NULL: any finding) */
	if (!strcmp(args, "barrier") || !strncmp(args, "finding", 7)) {
		const char *kind = skip_ws(args + 7);

		if (args[0] == 'f' && args[7] && !isspace((unsigned char)args[7]))
			goto usage;
		if (!s->be || !s->be->break_set)
			return no_backend(msg);
		id = s->be->break_set(s->be->self, args[0] == 'b' ? -1 : -2,
				      args[0] == 'f' && *kind ? kind : NULL, msg);
		return id < 0 ? UI_ACT_ERROR : backend_done(s, 0);
	}

	if (end == args || line < 1 || (*rest && strncmp(rest, "if", 2)) ||
	    (*rest && rest[2] && !isspace((unsigned char)rest[2]))) {
usage:
		strbuf_adds(msg, "usage: break LINE [if COND] | break barrier | break finding [KIND]");
		return UI_ACT_ERROR;
	}
	if (*rest) {
		cond = skip_ws(rest + 2);
		if (!*cond) {
			strbuf_adds(msg, "break: 'if' needs a condition");
			return UI_ACT_ERROR;
		}
	}
	if (!s->be || !s->be->break_set)
		return no_backend(msg);
	id = s->be->break_set(s->be->self, (int)line, cond, msg);
	if (id < 0)
		return UI_ACT_ERROR;
	if (!msg->len)
		strbuf_addf(msg, "breakpoint %d at line %ld%s%s", id, line, cond ? " if " : "",
			    cond ? cond : "");
	return backend_done(s, 0);
}

static int do_delete(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	char *end;
	long id = *args ? strtol(args, &end, 10) : 0;

	if (*args && (*skip_ws(end) || id < 1)) {
		strbuf_adds(msg, "usage: delete [ID]");
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->break_delete)
		return no_backend(msg);
	return backend_done(s, s->be->break_delete(s->be->self, (int)id, msg));
}

static int do_info(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	static const char *const whats[] = { "warps", "lanes", "blocks", "barriers" };

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
	if (!strcmp(args, "breakpoints") || !strcmp(args, "break")) {
		if (!s->st.nbps)
			strbuf_adds(msg, "no breakpoints");
		for (int i = 0; i < s->st.nbps; i++)
			if (s->st.bps[i].line > 0)
				strbuf_addf(msg, "%s%d: line %d%s%s", i ? "\n" : "", s->st.bps[i].id,
					    s->st.bps[i].line, s->st.bps[i].cond ? " if " : "",
					    s->st.bps[i].cond ? s->st.bps[i].cond : "");
			else
				strbuf_addf(msg, "%s%d: %s", i ? "\n" : "", s->st.bps[i].id,
					    s->st.bps[i].cond ? s->st.bps[i].cond : "?");
		return UI_ACT_NONE;
	}
	strbuf_adds(msg, "usage: info cuda warps|lanes|blocks|barriers, or info breakpoints");
	return UI_ACT_ERROR;
}

static int do_print(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	char expr[UI_LINE_MAX];
	const char *at = strrchr(args, '@');
	int lanes = 0;
	size_t n = strlen(args);

	if (at && !strcmp(skip_ws(at + 1), "lanes")) {
		lanes = 1;
		n = (size_t)(at - args);
	}
	while (n && isspace((unsigned char)args[n - 1]))
		n--;
	if (!n || n >= sizeof(expr)) {
		strbuf_adds(msg, "usage: print EXPR [@ lanes]");
		return UI_ACT_ERROR;
	}
	memcpy(expr, args, n);
	expr[n] = 0;
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

static int do_cuda(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	int block[3], thread[3], got = 0;
	const char *p = args;
	int ti;

	memcpy(block, s->st.focus_block, sizeof(block));
	ti = s->st.focus_warp * UI_WARP_SIZE + s->st.focus_lane;
	ui_thread_xyz(&s->st, ti, thread);
	while (*(p = skip_ws(p))) {
		if (!strncmp(p, "block", 5)) {
			p += 5;
			if (parse_triple(&p, block) < 0)
				goto usage;
		} else if (!strncmp(p, "thread", 6)) {
			p += 6;
			if (parse_triple(&p, thread) < 0)
				goto usage;
		} else {
			goto usage;
		}
		got = 1;
	}
	if (!got)
		goto usage;
	if (!s->be || !s->be->focus)
		return no_backend(msg);
	return backend_done(s, s->be->focus(s->be->self, block, thread, msg));
usage:
	strbuf_adds(msg, "usage: cuda block (x,y,z) thread (x,y,z)");
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

	if (sscanf(args, "%15s %63s", key, val) != 2 ||
	    (strcmp(key, "simt") && strcmp(key, "sched") && strcmp(key, "model"))) {
		strbuf_adds(msg, "usage: set simt stack|its | set sched rr|random:SEED | set model sc|relaxed");
		return UI_ACT_ERROR;
	}
	if (!s->be || !s->be->set)
		return no_backend(msg);
	return backend_done(s, s->be->set(s->be->self, key, val, msg));
}

static int do_help(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	s->ctl.help = 1;
	s->ctl.help_scroll = 0;
	return UI_ACT_NONE;
}

/* export svg FILE: the screen as it is now, at the terminal's size. */
static int do_export(struct ui_session *s, const struct command *cmd, const char *args, struct strbuf *msg)
{
	struct view_grid g;
	struct strbuf out;
	const char *path = skip_ws(args + 3), *why;

	if (strncmp(args, "svg", 3) || !isspace((unsigned char)args[3]) || !*path) {
		strbuf_adds(msg, "usage: export svg FILE");
		return UI_ACT_ERROR;
	}
	view_grid_init(&g, s->width > 0 ? s->width : 120, s->height > 0 ? s->height : 40);
	ui_session_sync_view(s);
	view_render(&g, &s->st, &s->ctl);
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
		if (!strcasecmp(args, view_pane_title(p)) || (args[0] == '1' + p && !args[1])) {
			pane_show(s, p);
			return UI_ACT_NONE;
		}
	}
	strbuf_adds(msg, "usage: pane source|warps|lanes|thread|memory|sync|findings|console|1-8");
	return UI_ACT_ERROR;
}

/* ---- completion ---- */

/* What may follow a command (by canonical name and the words after it). */
static const struct {
	const char *ctx;
	const char *words[40];
} subwords[] = {
	{ "info", { "cuda", "breakpoints" } },
	{ "info cuda", { "warps", "lanes", "blocks", "barriers" } },
	{ "set", { "simt", "sched", "model" } },
	{ "set simt", { "stack", "its" } },
	{ "set sched", { "rr", "random:" } },
	{ "set model", { "sc", "relaxed" } },
	{ "break", { "barrier", "finding" } },
	{ "pane", { "source", "warps", "lanes", "thread", "memory", "sync", "findings", "console" } },
	{ "export", { "svg" } },
	{ "cuda", { "block", "thread" } },
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
	switch (key) {
	case ':':
		s->editing = 1;
		s->len = s->cursor = 0;
		s->line[0] = 0;
		s->hist_pos = (int)s->history.len;
		return UI_ACT_REDRAW;
	case 's': return cmd_run(s, "step");
	case 'n': return cmd_run(s, "next");
	case 'i': return cmd_run(s, "stepi");
	case 'w': return cmd_run(s, "warp-step");
	case 'b': return cmd_run(s, "block-step");
	case 'f': return cmd_run(s, "to-barrier");
	case 'c': return cmd_run(s, "continue");
	case 'r': return cmd_run(s, "reverse-step");
	case UI_KEY_ENTER: return s->last ? cmd_run(s, "") : UI_ACT_NONE;
	case 'q': return UI_ACT_QUIT;
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
	default:
		if (key >= '1' && key < '1' + PANE_COUNT) {
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
