/*
 * lesson_view.h - the lesson pane and the built-in editor, drawn into a
 * rectangle of a view_grid (pure: no curses, snapshot-testable like view.h).
 *
 * Contract:
 * - The lesson pane is a title row (the lesson, its progress), the
 *   transcript (paragraphs, each wrapped at word boundaries to the pane's
 *   width; '\n' starts a new row) and an optional footer row of key hints.
 * - Scrolling: rows start at paragraph top plus scroll rows, clamped so the
 *   pane is never scrolled past the end (or past paragraph top at the top
 *   of the pane: a new page starts on a clean pane); v->scroll is set to
 *   the clamped value; follow set scrolls further down when the last row
 *   would be hidden (the question that waits stays in view). bottom set shows the last rows instead (the strip
 *   under the debugger). lesson_view_draw returns how
 *   many rows are hidden below the pane (0: the end is on screen).
 * - The editor draws lines with the cursor cell in VS_FOCUS_LANE, scrolled so
 *   the cursor row is visible; *top is updated.
 * - In ASCII mode every codepoint drawn is < 128.
 */
#ifndef WS_UI_LESSON_VIEW_H
#define WS_UI_LESSON_VIEW_H

#include "view.h"

struct lesson_line {
	int style;  /* enum view_style */
	char *text; /* a paragraph */
};

struct lesson_view {
	const char *title;  /* "Lesson 01-threads" */
	const char *status; /* "3 steps done" (may be NULL) */
	const struct lesson_line *lines;
	int nlines;
	int top, scroll, bottom;
	const char *footer; /* NULL: none */
	int focus, ascii;
	int follow;         /* keep the last row on screen (scrolling down if needed) */
};

int lesson_view_draw(struct view_grid *g, struct view_rect r, struct lesson_view *v);
/* Rows the transcript takes at width w (the pane's inner width). */
int lesson_view_rows(const struct lesson_view *v, int w);

void lesson_editor_draw(struct view_grid *g, struct view_rect r, const char *title,
			char *const *lines, int n, int cy, int cx, int *top, const char *footer,
			int ascii);

#endif
