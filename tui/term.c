/*
 * term.c - the one file that calls curses (term.h): terminal setup with
 * fallbacks, styles to colors/attributes, drawing a view_grid, reading
 * keys and mouse, and restoring the terminal on every way out.
 */
#define _XOPEN_SOURCE_EXTENDED 1
#include <curses.h>
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>
#include <wchar.h>

#include "export.h"
#include "term.h"

static volatile sig_atomic_t got_int, got_term;
static int curses_on;
static attr_t style_attr[VS_COUNT];
static short style_pair[VS_COUNT];

static void on_signal(int sig)
{
	if (sig == SIGINT)
		got_int = 1;
	else
		got_term = 1;
}

static void restore(void)
{
	if (curses_on) {
		endwin();
		curses_on = 0;
	}
}

/* Out of memory (util.h): the message must land on a normal terminal. */
static void restore_oom(void *arg)
{
	(void)arg;
	restore();
}

void term_opts_init(struct term_opts *o)
{
	memset(o, 0, sizeof(*o));
}

/* Attributes that keep every style distinct without color (export.c's
 * table, which the SVG export uses too). */
static attr_t mono_attr(int s)
{
	int rev, bold, dim, ul;

	export_mono_style(s, &rev, &bold, &dim, &ul);
	return (rev ? A_REVERSE : 0) | (bold ? A_BOLD : 0) | (dim ? A_DIM : 0) | (ul ? A_UNDERLINE : 0);
}

/* Colors: export.c's palette (ANSI 0-7 are curses' COLOR_BLACK..COLOR_WHITE). */
_Static_assert(COLOR_BLACK == 0 && COLOR_RED == 1 && COLOR_YELLOW == 3 && COLOR_WHITE == 7,
	       "curses colors are the ANSI numbers");

static attr_t color_attr(int s)
{
	int fg, bg, bold, dim, ul;

	export_style(s, &fg, &bg, &bold, &dim, &ul);
	return (bold ? A_BOLD : 0) | (dim ? A_DIM : 0) | (ul ? A_UNDERLINE : 0);
}

static void styles_init(int mono)
{
	int color = !mono && has_colors() && !export_no_color();

	if (color && start_color() == OK) {
		int defaults = use_default_colors() == OK;

		for (int s = 0; s < VS_COUNT; s++) {
			int ifg, ibg, b, d, u;
			short fg, bg;

			export_style(s, &ifg, &ibg, &b, &d, &u);
			fg = (short)ifg;
			bg = (short)ibg;

			if (!defaults) {
				fg = fg < 0 ? COLOR_WHITE : fg;
				bg = bg < 0 ? COLOR_BLACK : bg;
			}
			if (s + 1 < COLOR_PAIRS && init_pair((short)(s + 1), fg, bg) == OK)
				style_pair[s] = (short)(s + 1);
			style_attr[s] = color_attr(s);
		}
		return;
	}
	for (int s = 0; s < VS_COUNT; s++) {
		style_attr[s] = mono_attr(s);
		style_pair[s] = 0;
	}
}

/* Whether the current terminal can move the cursor (draw a full screen). */
static int can_address(void)
{
	char *cup = tigetstr("cup");

	return cup && cup != (char *)-1;
}

/* newterm with TERM, then safe fallbacks; NULL when nothing works. */
static SCREEN *screen_open(void)
{
	static const char *const fallback[] = { "xterm", "vt100", "ansi", NULL };
	const char *term = getenv("TERM");
	SCREEN *scr = NULL;

	if (term && *term && (scr = newterm(term, stdout, stdin)) && !can_address()) {
		/* e.g. TERM=dumb: known, but it cannot move the cursor */
		endwin();
		delscreen(scr);
		scr = NULL;
	}
	for (size_t i = 0; !scr && i < WS_ARRAY_LEN(fallback) - 1; i++) {
		scr = newterm(fallback[i], stdout, stdin);
		if (scr) {
			/* said after endwin too, so it stays on screen */
			fprintf(stderr, "warpstep: terminal type '%s' is unknown to ncurses or cannot "
				"move the cursor; "
				"using '%s' (set TERM, e.g. TERM=xterm-256color)\n",
				term && *term ? term : "(unset)", fallback[i]);
		}
	}
	return scr;
}

int term_poll(void *ctx, uint64_t steps, uint64_t total)
{
	char line[96];
	wint_t wc;
	int type, stop = 0;

	static struct timespec last;
	struct timespec now;

	if (!curses_on)
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	if (!got_int && (now.tv_sec - last.tv_sec) * 1000000000L + (now.tv_nsec - last.tv_nsec) < 100000000L)
		return 0;
	last = now;
	if (got_int) {
		got_int = 0;
		stop = 1;
	}
	nodelay(stdscr, TRUE);
	while ((type = get_wch(&wc)) != ERR)
		if (type == OK && (wc == 3 || wc == 'q'))
			stop = 1;
	nodelay(stdscr, FALSE);
	if (total)
		snprintf(line, sizeof(line), " reverse: replaying %llu / %llu steps (%d%%)  (Ctrl-C stops) ",
			 (unsigned long long)steps, (unsigned long long)total,
			 (int)(steps * 100 / total));
	else
		snprintf(line, sizeof(line), " running... %llu steps  (Ctrl-C stops) ",
			 (unsigned long long)steps);
	attrset(style_attr[VS_STATUS] | COLOR_PAIR(style_pair[VS_STATUS]));
	mvaddstr(LINES - 1, 0, line);
	clrtoeol();
	attrset(A_NORMAL);
	refresh();
	return stop;
}

static void draw(const struct view_grid *g)
{
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			const struct view_cell *c = &g->cells[y * g->w + x];
			wchar_t wc[2] = { (wchar_t)c->ch, 0 };
			cchar_t cc;
			int s = c->style < VS_COUNT ? c->style : 0;

			setcchar(&cc, wc, style_attr[s], style_pair[s], NULL);
			mvadd_wch(y, x, &cc);
		}
	}
	wnoutrefresh(stdscr);
	doupdate();
}

/* curses key -> UI_KEY_* or a codepoint; -1 to ignore. */
static int key_map(int type, wint_t wc)
{
	if (type == OK) {
		switch (wc) {
		case '\n': case '\r': return UI_KEY_ENTER;
		case '\t': return UI_KEY_TAB;
		case 27: return UI_KEY_ESC;
		case 127: case 8: return UI_KEY_BACKSPACE;
		case 3: return UI_KEY_CTRL_C;
		case 12: return UI_KEY_RESIZE; /* Ctrl-L: redraw */
		default: return (int)wc;
		}
	}
	switch (wc) {
	case KEY_UP: return UI_KEY_UP;
	case KEY_DOWN: return UI_KEY_DOWN;
	case KEY_LEFT: return UI_KEY_LEFT;
	case KEY_RIGHT: return UI_KEY_RIGHT;
	case KEY_HOME: return UI_KEY_HOME;
	case KEY_END: return UI_KEY_END;
	case KEY_PPAGE: return UI_KEY_PGUP;
	case KEY_NPAGE: return UI_KEY_PGDN;
	case KEY_BACKSPACE: return UI_KEY_BACKSPACE;
	case KEY_DC: return UI_KEY_DELETE;
	case KEY_ENTER: return UI_KEY_ENTER;
	case KEY_BTAB: return UI_KEY_BTAB;
	case KEY_RESIZE: return UI_KEY_RESIZE;
	default: return -1;
	}
}

static int mouse_event(struct ui_session *s)
{
	MEVENT ev;

	if (getmouse(&ev) != OK)
		return UI_ACT_NONE;
	if (ev.bstate & BUTTON4_PRESSED)
		return cmd_mouse(s, ev.x, ev.y, UI_KEY_WHEEL_UP);
#ifdef BUTTON5_PRESSED
	if (ev.bstate & BUTTON5_PRESSED)
		return cmd_mouse(s, ev.x, ev.y, UI_KEY_WHEEL_DOWN);
#endif
	if (ev.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))
		return cmd_mouse(s, ev.x, ev.y, 0);
	return UI_ACT_NONE;
}

static void signals_set(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL); /* no SA_RESTART: get_wch returns */
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

static int utf8_locale(void)
{
	const char *cs = nl_langinfo(CODESET);

	return cs && (!strcasecmp(cs, "UTF-8") || !strcasecmp(cs, "utf8"));
}

/* A key through the session's hooks, then the bindings. */
static int hooked_key(struct ui_session *s, int key)
{
	int act = -1;

	if (s->hooks && s->hooks->key)
		act = s->hooks->key(s->hooks_ctx, s, key);
	/* Ctrl-C never quits (gdb's rule): cmd_key says how to leave */
	if (act < 0)
		act = cmd_key(s, key);
	if (s->hooks && s->hooks->after && !(act & UI_ACT_QUIT))
		act |= s->hooks->after(s->hooks_ctx, s, act);
	return act;
}

/* One key (or signal) -> actions. */
static int event(struct ui_session *s)
{
	wint_t wc = 0;
	int type = get_wch(&wc), key;

	if (got_term)
		return UI_ACT_QUIT;
	if (got_int) {
		got_int = 0;
		return hooked_key(s, UI_KEY_CTRL_C);
	}
	if (type == ERR)
		return UI_ACT_NONE;
	if (type == KEY_CODE_YES && wc == KEY_MOUSE)
		return mouse_event(s);
	if ((key = key_map(type, wc)) < 0)
		return UI_ACT_NONE;
	return hooked_key(s, key);
}

/* Set up curses; NULL (message on stderr) when the terminal cannot be used. */
static SCREEN *term_open(const struct term_opts *o)
{
	SCREEN *scr;

	setlocale(LC_ALL, "");
	if (!isatty(STDIN_FILENO) || !isatty(STDOUT_FILENO)) {
		fprintf(stderr, "warpstep: the interface needs a terminal (stdin and stdout)\n");
		return NULL;
	}
	signals_set();
	if (!(scr = screen_open())) {
		fprintf(stderr, "warpstep: cannot set up the terminal (TERM=%s)\n",
			getenv("TERM") ? getenv("TERM") : "(unset)");
		return NULL;
	}
	set_term(scr);
	curses_on = 1;
	atexit(restore);
	util_oom_hook(restore_oom, NULL);
	cbreak();
	noecho();
	nonl();
	keypad(stdscr, TRUE);
	set_escdelay(25);
	curs_set(0);
	if (!o->nomouse && !getenv("WARPSTEP_NO_MOUSE")) {
		mousemask(BUTTON1_PRESSED | BUTTON1_CLICKED | BUTTON4_PRESSED
#ifdef BUTTON5_PRESSED
			  | BUTTON5_PRESSED
#endif
			  , NULL);
		mouseinterval(0);
	}
	styles_init(o->mono || getenv("WARPSTEP_MONO"));
	return scr;
}

static void term_close(SCREEN *scr)
{
	restore();
	delscreen(scr);
}

/* --record: an asciicast v2 file, one frame per redraw. It is written to a
 * temporary file and renamed into place at the end (util_out), so a failure
 * to create it or to finish it is an error, never a silently missing file. */
struct recorder {
	struct util_out out;
	FILE *f;
	struct timespec t0;
	struct strbuf sb;
};

/* 0, or -1 with the reason in *why. */
static int record_open(struct recorder *r, const char *path, const char **why)
{
	memset(r, 0, sizeof(*r));
	if (!path)
		return 0;
	if (util_out_open(&r->out, path, 0666, why) < 0)
		return -1;
	r->f = r->out.f;
	clock_gettime(CLOCK_MONOTONIC, &r->t0);
	strbuf_init(&r->sb);
	fprintf(r->f, "{\"version\": 2, \"width\": %d, \"height\": %d, \"timestamp\": %lld, "
		"\"env\": {\"TERM\": \"xterm-256color\", \"SHELL\": \"/bin/sh\"}, "
		"\"title\": \"warpstep\"}\n", COLS, LINES, (long long)time(NULL));
	return 0;
}

static void record_frame(struct recorder *r, const struct view_grid *g)
{
	struct timespec now;

	if (!r->f)
		return;
	clock_gettime(CLOCK_MONOTONIC, &now);
	strbuf_reset(&r->sb);
	export_ansi(g, &r->sb);
	export_cast_event(r->f, (double)(now.tv_sec - r->t0.tv_sec) +
				(double)(now.tv_nsec - r->t0.tv_nsec) / 1e9, strbuf_cstr(&r->sb));
}

/* Finish the file: 0, or -1 with *why (no recording is left behind). */
static int record_close(struct recorder *r, const char **why)
{
	if (!r->f)
		return 0;
	strbuf_release(&r->sb);
	r->f = NULL;
	return util_out_commit(&r->out, why);
}

int term_run(struct ui_session *s, const struct term_opts *o)
{
	struct view_grid g;
	struct recorder rec;
	SCREEN *scr;
	int act = UI_ACT_REDRAW;

	const char *why = NULL;
	int status = 0;

	if (!(scr = term_open(o)))
		return 2;
	/* after term_open: the header holds the terminal's size */
	if (record_open(&rec, o->record, &why) < 0) {
		term_close(scr);
		fprintf(stderr, "warpstep: --record: cannot write '%s': %s\n", o->record, why);
		return 2;
	}
	s->ctl.ascii = o->ascii || !utf8_locale() || getenv("WARPSTEP_ASCII");
	if (getenv("WARPSTEP_PRESENT") && *getenv("WARPSTEP_PRESENT") && strcmp(getenv("WARPSTEP_PRESENT"), "0"))
		s->ctl.present = 1;
	view_grid_init(&g, COLS, LINES);
	while (!(act & UI_ACT_QUIT)) {
		if (act) {
			s->width = COLS;
			s->height = LINES;
			view_grid_resize(&g, COLS, LINES);
			ui_session_sync_view(s);
			view_render(&g, &s->st, &s->ctl);
			if (s->hooks && s->hooks->draw)
				s->hooks->draw(s->hooks_ctx, s, &g);
			draw(&g);
			record_frame(&rec, &g);
		}
		act = event(s);
	}
	if (record_close(&rec, &why) < 0)
		status = 2;
	view_grid_free(&g);
	term_close(scr);
	if (status)
		fprintf(stderr, "warpstep: --record: cannot write '%s': %s\n", o->record, why);
	return status;
}

int term_edit(const char *file)
{
	pid_t pid;
	int status = -1;

	if (!curses_on || !getenv("EDITOR") || !*getenv("EDITOR"))
		return -1;
	def_prog_mode();
	endwin();
	fflush(stdout);
	if ((pid = fork()) == 0) {
		execl("/bin/sh", "sh", "-c", "exec $EDITOR \"$1\"", "sh", file, (char *)NULL);
		_exit(127);
	}
	while (pid > 0 && waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	reset_prog_mode();
	clearok(curscr, TRUE);
	refresh();
	return pid > 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0 ? 0 : -1;
}

int term_choose(const struct start_item *items, int n, int sel)
{
	struct term_opts o;
	struct view_grid g;
	SCREEN *scr;
	int ret = -3, ascii;

	if (sel < 0 || sel >= n)
		sel = 0;
	term_opts_init(&o);
	o.nomouse = 1;
	if (!(scr = term_open(&o)))
		return -2;
	ascii = !utf8_locale() || getenv("WARPSTEP_ASCII");
	view_grid_init(&g, COLS, LINES);
	while (ret == -3) {
		wint_t wc = 0;
		int type;

		view_grid_resize(&g, COLS, LINES);
		start_render(&g, items, n, sel, ascii);
		draw(&g);
		type = get_wch(&wc);
		if (got_int || got_term) {
			got_int = 0;
			ret = -1;
		} else if (type == ERR) {
			continue;
		} else if ((type == OK && (wc == 'q' || wc == 27 || wc == 3))) {
			ret = -1;
		} else if ((type == OK && (wc == 'j')) || (type == KEY_CODE_YES && wc == KEY_DOWN)) {
			sel = sel + 1 < n ? sel + 1 : sel;
		} else if ((type == OK && (wc == 'k')) || (type == KEY_CODE_YES && wc == KEY_UP)) {
			sel = sel > 0 ? sel - 1 : 0;
		} else if ((type == OK && (wc == '\n' || wc == '\r')) ||
			   (type == KEY_CODE_YES && wc == KEY_ENTER)) {
			ret = n ? sel : -1;
		}
	}
	view_grid_free(&g);
	term_close(scr);
	return ret;
}
