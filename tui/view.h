/*
 * view.h - the pure view model: a ui_state rendered into a grid of cells.
 *
 * Contract:
 * - view_render(grid, st, ctl) fills the whole grid (any size) from the
 *   state and the UI's view controls; it never calls curses and never
 *   changes st. The same inputs give the same grid (snapshot-testable).
 * - A cell is one Unicode codepoint (one column wide) and a style from
 *   VIEW_STYLE_LIST; the renderer (term.c) maps styles to colors and
 *   attributes, monochrome included. In ASCII mode (ctl->ascii) every
 *   codepoint is < 128.
 * - Below VIEW_MIN_W x VIEW_MIN_H the grid holds only a "terminal too
 *   small" message.
 * - view_to_text / view_styles_to_text turn a grid into text for goldens.
 */
#ifndef WS_UI_VIEW_H
#define WS_UI_VIEW_H

#include <stdint.h>
#include "model.h"

#define VIEW_MIN_W 60
#define VIEW_MIN_H 16
/* Warps pane widths: every row with its active mask, full or compact form. */
#define VIEW_WARPS_FULL 57
#define VIEW_WARPS_COMPACT 51
#define VIEW_WARPS_PRESENT 96    /* presentation mode: two cells per lane */

/* Styles: X(NAME, letter for style snapshots) */
#define VIEW_STYLE_LIST(X) \
	X(NORMAL, '.') \
	X(DIM, 'd') \
	X(HIGHLIGHT, 'h') \
	X(ACTIVE_LANE, 'A') \
	X(DIVERGED_LANE, 'D') \
	X(EXITED_LANE, 'E') \
	X(BARRIER_WAIT, 'B') \
	X(WARPSYNC_WAIT, 'W') \
	X(BREAKPOINT, 'b') \
	X(CURRENT_LINE, 'c') \
	X(ERROR, 'e') \
	X(TITLE, 't') \
	X(TITLE_FOCUS, 'T') \
	X(BORDER, '-') \
	X(STATUS, 's') \
	X(READ, 'r') \
	X(WRITE, 'w') \
	X(KEYWORD, 'k') \
	X(NUMBER, 'n') \
	X(FOCUS_LANE, 'F')

enum view_style {
#define X(n, c) VS_##n,
	VIEW_STYLE_LIST(X)
#undef X
	VS_COUNT
};

struct view_cell {
	uint32_t ch;
	uint8_t style;
};

struct view_grid {
	int w, h;
	struct view_cell *cells; /* w*h, row-major */
};

/* Panes: X(NAME, title, key) */
#define VIEW_PANE_LIST(X) \
	X(SOURCE, "Source", '1') \
	X(WARPS, "Warps", '2') \
	X(LANES, "Lanes", '3') \
	X(THREAD, "Thread", '4') \
	X(MEMORY, "Memory", '5') \
	X(SYNC, "Sync", '6') \
	X(FINDINGS, "Findings", '7') \
	X(CONSOLE, "Console", '8') \
	X(ORDER, "Order", '9') \
	X(GPU, "GPU", 'G')

enum view_pane {
#define X(n, t, k) PANE_##n,
	VIEW_PANE_LIST(X)
#undef X
	PANE_COUNT,
	PANE_NONE = -1
};

struct view_rect {
	int x, y, w, h; /* w == 0: not shown */
};

/* What the UI (not the machine) decides: focus, scroll, modes. */
struct view_ctl {
	int ascii;               /* ASCII box drawing and glyphs */
	int focus_pane;          /* enum view_pane with keyboard focus */
	int aux_pane;            /* pane shown in the swappable slot (small layouts) */
	int scroll[PANE_COUNT];  /* lines scrolled up (console) or offset (others) */
	int zoom;                /* pane shown alone, PANE_NONE: normal layout */
	int help;                /* help screen shown */
	int help_scroll;
	const char *cmdline;     /* text being typed after ':' (NULL: not typing) */
	int cursor;              /* byte offset in cmdline */
	const char *message;     /* one-line message for the command row */
	int relaxed;             /* the relaxed memory model is on: the Order pane has a place */
	int gpu;                 /* :compare is on: the GPU pane has a place */
	int present;             /* presentation mode (projector): source, warps with wide
				  * lane glyphs, the aux pane and the console only; no dim text */
};

void view_ctl_init(struct view_ctl *ctl);

void view_grid_init(struct view_grid *g, int w, int h);
void view_grid_free(struct view_grid *g);
void view_grid_resize(struct view_grid *g, int w, int h);

void view_render(struct view_grid *g, const struct ui_state *st, const struct view_ctl *ctl);
/* Render a single pane filling the whole grid (for pane snapshots). */
void view_render_pane(struct view_grid *g, int pane, const struct ui_state *st,
		      const struct view_ctl *ctl);
/* Where each pane is for a w x h screen (w == 0: hidden), with nwarps
 * warps in the focused block (the warps pane grows to fit them). */
void view_layout(int w, int h, const struct view_ctl *ctl, int nwarps, struct view_rect r[PANE_COUNT]);
/* The pane under screen cell (x, y), or PANE_NONE. */
int view_pane_at(int w, int h, const struct view_ctl *ctl, int nwarps, int x, int y);

const char *view_pane_title(int pane);

/* Text snapshot: UTF-8 rows, trailing blanks trimmed, '\n' after each. */
char *view_to_text(const struct view_grid *g);
/* Style snapshot: one letter per cell (VIEW_STYLE_LIST). */
char *view_styles_to_text(const struct view_grid *g);

/* The help text (also used by the `help` command). */
extern const char *const view_help_lines[];

#endif
