/*
 * start.h - the start screen (a plain `warpstep`): a list of the bundled
 * examples and the lessons, rendered into a view_grid like every other
 * screen (so it is snapshot-testable); term_choose (term.h) runs it.
 */
#ifndef WS_UI_START_H
#define WS_UI_START_H

#include "view.h"

enum start_kind { START_EXAMPLE, START_LESSON, START_PUZZLE };

struct start_item {
	enum start_kind kind;
	const char *name;     /* "divergence.cu" */
	const char *summary;  /* one line */
	int mark;             /* lessons: 0 not started, 1 in progress, 2 done */
};

/* Draw the list with item sel highlighted. */
void start_render(struct view_grid *g, const struct start_item *items, int n, int sel, int ascii);
/* The first comment line of an example (or of a lesson: "-- "), after "// name.cu - " (a static
 * buffer, overwritten by the next call: copy it). */
const char *start_example_summary(const char *text);

#endif
