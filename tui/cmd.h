/*
 * cmd.h - the interface's commands, keys and the backend they drive.
 *
 * Contract:
 * - struct ui_backend is what the interface needs from a machine. The
 *   integration adapter implements it with the engine; tests use the fake
 *   (fake_backend.c). Every call returns 0 on success or -1 with a message
 *   in *msg (which it may also fill on success: it goes to the console).
 *   After any call that returns 0 the session calls snapshot() to refresh
 *   the state; snapshot() must first call ui_state_clear_snapshot(st), then
 *   fill it, and may append program output with ui_console_add().
 * - Handlers (the command table) and key bindings change the session and
 *   return UI_ACT_* flags; they never draw. term.c draws after each.
 * - Keys are our own codes (UI_KEY_*, or a byte / Unicode codepoint), so
 *   everything here is testable without a terminal.
 */
#ifndef WS_UI_CMD_H
#define WS_UI_CMD_H

#include "model.h"
#include "view.h"

enum ui_step {
	UI_STEP_INSN,    /* stepi: one IR instruction of the focused warp's group */
	UI_STEP_LINE,    /* step: one source line (into calls) */
	UI_STEP_OVER,    /* next: one source line, over calls */
	UI_STEP_OUT,     /* finish: out of the current function */
	UI_STEP_WARP,    /* warp-step: the focused warp to its next line, others wait */
	UI_STEP_BLOCK,   /* block-step: every warp of the focused block one line */
	UI_STEP_BARRIER, /* to-barrier: run until the block reaches a barrier */
	UI_STEP_BACK,    /* reverse-step: back to the focused thread's previous statement */
	UI_STEP_BACK_NEXT,     /* reverse-next: back over calls */
	UI_STEP_BACK_CONTINUE, /* reverse-continue: back to the previous stop */
	UI_STEP_BACK_FINISH,   /* reverse-finish: back to the call of this function */
	UI_STEP_UNDO,          /* undo: back to before the last command (whatever it was) */
};

/* gdb's run control (struct ui_gdb's run) */
enum ui_run {
	UI_RUN_RUN,      /* run: from the start (again) until a stop */
	UI_RUN_START,    /* start: from the start to main()'s first statement */
	UI_RUN_KILL,     /* kill: back to before main(), nothing runs */
	UI_RUN_UNTIL,    /* until [LOCATION] */
	UI_RUN_ADVANCE,  /* advance LOCATION */
};

/* Breakpoint operations (struct ui_gdb's break_op) */
enum ui_bp_op { UI_BP_ENABLE, UI_BP_DISABLE, UI_BP_DELETE, UI_BP_CONDITION, UI_BP_IGNORE,
		UI_BP_ONCE,          /* enable once */
		UI_BP_COUNT,         /* enable count COUNT (arg: the count) */
		UI_BP_ENABLE_DELETE  /* enable delete */ };

/* Frame operations (struct ui_gdb's frame) */
enum ui_frame_op { UI_FRAME_BT, UI_FRAME_SELECT, UI_FRAME_UP, UI_FRAME_INFO };

/* gdb's vocabulary (issue 16) on a backend that has it (the engine's; the
 * fake has none: the commands then say they are not available). Each call
 * returns 0 or -1 with a message, as struct ui_backend's; the first
 * argument is the backend's self. A location (loc) is "LINE", "FILE:LINE"
 * or "FUNCTION". */
struct ui_gdb {
	/* break/tbreak LOCATION [if COND]: the new id (>= 1) or -1 */
	int (*break_at)(void *self, const char *loc, const char *cond, int temporary, struct strbuf *msg);
	/* enable/disable/delete/condition (arg: the condition, NULL: none) /
	 * ignore (arg: the count) / enable once|count|delete; id 0: every breakpoint */
	int (*break_op)(void *self, enum ui_bp_op op, int id, const char *arg, struct strbuf *msg);
	/* watch (kind 0), rwatch (1), awatch (2) EXPR: the new id or -1 */
	int (*watch)(void *self, const char *expr, int kind, struct strbuf *msg);
	/* print/FMT EXPR in the selected frame (fmt 0: natural): "$N = value" text to out */
	int (*print)(void *self, const char *expr, char fmt, struct strbuf *out);
	/* x/NFU EXPR (size 0: the pointee's) */
	int (*examine)(void *self, const char *expr, int count, char fmt, int size, struct strbuf *out);
	/* backtrace (n: frames, 0 all), frame N, up N (down: -N), info frame */
	int (*frame)(void *self, enum ui_frame_op op, int n, struct strbuf *out);
	/* run, start, kill, until, advance (loc NULL: none given) */
	int (*run)(void *self, enum ui_run how, const char *loc, struct strbuf *msg);
	/* set $name = EXPR */
	int (*setvar)(void *self, const char *name, const char *expr, struct strbuf *msg);
	/* The main file's line a location names (list FUNC) */
	int (*locate)(void *self, const char *loc, int *line, struct strbuf *msg);
	/* set var LHS = RHS for the focused thread in the selected frame */
	int (*assign)(void *self, const char *expr, struct strbuf *msg);
	/* display's print: as print, but not added to the value history */
	int (*display)(void *self, const char *expr, char fmt, struct strbuf *out);
};

struct ui_backend {
	void *self;
	int (*step)(void *self, enum ui_step how, long count, struct strbuf *msg);
	int (*cont)(void *self, struct strbuf *msg);
	/* Returns the new breakpoint id (>= 1) or -1. cond may be NULL. */
	int (*break_set)(void *self, int line, const char *cond, struct strbuf *msg);
	int (*break_delete)(void *self, int id, struct strbuf *msg); /* id 0: all */
	/* Focus a thread: block and thread indices (x,y,z). */
	int (*focus)(void *self, const int block[3], const int thread[3], struct strbuf *msg);
	/* print EXPR for the focused thread, or across the focused warp (lanes):
	 * the value text goes to out; a lanes eval may also add a lanes row to the
	 * next snapshot. */
	int (*eval)(void *self, const char *expr, int lanes, struct strbuf *out);
	/* info cuda WHAT (warps|lanes|blocks|barriers): text to out */
	int (*info)(void *self, const char *what, struct strbuf *out);
	/* set simt|sched|model VALUE */
	int (*set)(void *self, const char *key, const char *value, struct strbuf *msg);
	void (*snapshot)(void *self, struct ui_state *st);
	/* reload: recompile the program (after a fix) and start it again before
	 * main(); NULL: not supported. Added at the end (tui2). */
	int (*reload)(void *self, struct strbuf *msg);
	/* gdb's vocabulary; NULL: not available (added at the end, issue 16) */
	const struct ui_gdb *gdb;
};

/* Action flags returned by handlers and keys */
enum {
	UI_ACT_NONE = 0,
	UI_ACT_REDRAW = 1,  /* the screen changed */
	UI_ACT_STATE = 2,   /* the machine changed: snapshot taken */
	UI_ACT_QUIT = 4,
	UI_ACT_ERROR = 8,   /* the command failed (message in the console) */
};

enum {
	UI_KEY_UP = 0x110000, UI_KEY_DOWN, UI_KEY_LEFT, UI_KEY_RIGHT, UI_KEY_HOME, UI_KEY_END,
	UI_KEY_PGUP, UI_KEY_PGDN, UI_KEY_BACKSPACE, UI_KEY_DELETE, UI_KEY_ENTER, UI_KEY_TAB,
	UI_KEY_BTAB, UI_KEY_ESC, UI_KEY_RESIZE, UI_KEY_WHEEL_UP, UI_KEY_WHEEL_DOWN,
	UI_KEY_CTRL_C,
};

#define UI_LINE_MAX 256

struct ui_display {
	int id;
	char fmt;                   /* print/FMT letter, 0: natural */
	char *expr;
};
#define UI_HISTORY_MAX 200

struct ui_session {
	struct ui_state st;
	struct view_ctl ctl;
	const struct ui_backend *be;
	int editing;                /* the command line is open */
	char line[UI_LINE_MAX];
	int len, cursor;
	VEC(char *) history;
	int hist_pos;               /* == history.len when not browsing */
	char *last;                 /* last command run (Enter repeats) */
	char message[160];          /* shown on the command row */
	int width, height;          /* screen size, for mouse hit tests */
	/* added for lessons and scenarios (tui/lesson_ui.c): optional hooks */
	const struct ui_hooks *hooks;
	void *hooks_ctx;
	/* gdb's vocabulary (issue 16) */
	int confirm;                /* a (y or n) question is open: enum in cmd.c */
	VEC(struct ui_display) displays; /* display EXPR: shown after each stop */
	int next_display;
	int list_first, list_last;  /* list: the lines shown last (0: none yet) */
};

/* Hooks a lesson or a scenario puts around the bindings (term_run calls them):
 * key sees every key first and returns UI_ACT_* flags, or -1 to leave the
 * key to cmd_key; after runs after each event with the flags it gave and
 * returns more; draw draws over the rendered grid. Any may be NULL. */
struct ui_hooks {
	int (*key)(void *ctx, struct ui_session *s, int key);
	int (*after)(void *ctx, struct ui_session *s, int act);
	void (*draw)(void *ctx, struct ui_session *s, struct view_grid *g);
};

void ui_session_init(struct ui_session *s, const struct ui_backend *be);
void ui_session_free(struct ui_session *s);
/* Refresh st from the backend. */
void ui_session_refresh(struct ui_session *s);
/* Copy the command line, cursor and message into s->ctl before rendering. */
void ui_session_sync_view(struct ui_session *s);

/* Run one command line (also records history and echo). */
int cmd_run(struct ui_session *s, const char *line);
/* Handle a key (command-line editing when s->editing, else bindings). */
int cmd_key(struct ui_session *s, int key);
/* Mouse press (button 1: focus pane/lane/warp) or wheel at screen (x, y). */
int cmd_mouse(struct ui_session *s, int x, int y, int key);

/* Complete the command name in line[0..*len) in place; returns the number
 * of candidates (1: completed uniquely), and lists them into out if given. */
int cmd_complete(char *line, int *len, int cap, struct strbuf *out);

/* Command table lookup by name or alias (NULL if none). */
const char *cmd_canonical(const char *word);

#endif
