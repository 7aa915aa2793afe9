/*
 * unit_lesson_view.c - the lesson pane and the built-in editor without a
 * terminal (tui/lesson_view.c): a lesson transcript full screen at 80x24
 * and 200x60 (the pane between the status and command rows), in the strip
 * under the debugger, narrow and wrapped, ASCII, scrolled; the editor with
 * its cursor. Compared with tests/tui/golden/lesson_*.txt; UPDATE_GOLDEN=1
 * rewrites them (review by eye: cat tests/tui/golden/lesson_80x24.txt).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tui/model.c"
#include "../../tui/view.c"
#include "../../tui/lesson_view.c"
#include "tap.h"

#define GOLDEN_DIR "tests/tui/golden/"

static void golden(const char *name, const char *text)
{
	char path[256];
	const char *err;
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
	want = util_read_file(path, NULL, &err);
	ok(want && !strcmp(want, text), "%s", name);
	if (!want)
		printf("# missing %s (UPDATE_GOLDEN=1 writes it)\n", path);
	else if (strcmp(want, text))
		printf("# %s differs; got:\n%s", path, text);
	free(want);
}

static struct lesson_line lines[] = {
	{ VS_TITLE, "== Threads, blocks and grids ==" },
	{ VS_NORMAL, "A kernel launch kernel<<<grid, block>>> starts grid.x * grid.y * grid.z\n"
		     "blocks of block.x * block.y * block.z threads. Each thread knows where it\n"
		     "is through threadIdx and blockIdx, and the shape through blockDim and gridDim." },
	{ VS_NORMAL, "" },
	{ VS_KEYWORD, "Q1. The block is 8 x 4 x 2. What is the linear index t of threadIdx = (3, 2, 1)?" },
	{ VS_HIGHLIGHT, "> 50" },
	{ VS_ERROR, "  not quite" },
	{ VS_DIVERGED_LANE, "  hint: t = x + y * blockDim.x + z * blockDim.x * blockDim.y" },
	{ VS_HIGHLIGHT, "> 51" },
	{ VS_ACTIVE_LANE, "  correct" },
	{ VS_KEYWORD, "Task 1. Focus block (1,1,0) thread (0,0,0) and step until it reaches line 6 \u2014 watch the warps pane." },
};

static void view_init(struct lesson_view *v)
{
	memset(v, 0, sizeof(*v));
	v->title = "Lesson 01-threads";
	v->status = "1 steps done";
	v->lines = lines;
	v->nlines = (int)WS_ARRAY_LEN(lines);
	v->focus = 1;
}

/* A grid of blanks, as view_render leaves the screen before the pane is drawn. */
static void grid_blank(struct view_grid *g, int w, int h)
{
	view_grid_init(g, w, h);
	for (int i = 0; i < w * h; i++)
		g->cells[i] = (struct view_cell){ ' ', VS_NORMAL };
}

/* Render v into a w x h grid at r and compare text (and styles if sname). */
static int render(const char *name, const char *sname, int w, int h, struct view_rect r,
		  struct lesson_view *v)
{
	struct view_grid g;
	char *t;
	int hidden;

	grid_blank(&g, w, h);
	hidden = lesson_view_draw(&g, r, v);
	t = view_to_text(&g);
	golden(name, t);
	free(t);
	if (sname) {
		t = view_styles_to_text(&g);
		golden(sname, t);
		free(t);
	}
	view_grid_free(&g);
	return hidden;
}

int main(void)
{
	struct lesson_view v;
	struct view_grid g;
	int hidden;
	char *ed[] = { "__global__ void scale(int *a, int n)", "{",
		       "    int i = blockIdx.x * blockDim.x + threadIdx.x;", "    a[i] = a[i] * 2;", "}" };
	int top = 0;

	tap_start();
	view_init(&v);
	v.footer = "Enter: type your answer   L: debugger   q: leave (progress kept)";
	hidden = render("lesson_80x24", "lesson_80x24_styles", 80, 24, (struct view_rect){ 0, 1, 80, 22 }, &v);
	ok(hidden == 0, "80x24: the whole transcript fits, nothing hidden");

	view_init(&v);
	v.footer = "Space: next page   j/k: scroll   L: debugger   q: leave";
	render("lesson_200x60", NULL, 200, 60, (struct view_rect){ 0, 1, 200, 58 }, &v);

	view_init(&v);
	v.bottom = 1;
	v.focus = 0;
	v.status = "L: full screen";
	render("lesson_strip_80x4", NULL, 80, 4, (struct view_rect){ 0, 0, 80, 4 }, &v);

	view_init(&v);
	v.ascii = 1;
	v.footer = "Space: more";
	hidden = render("lesson_narrow_ascii_40x12", NULL, 40, 12, (struct view_rect){ 0, 0, 40, 12 }, &v);
	ok(hidden > 0, "40x12: rows hidden below are counted");

	view_init(&v);
	v.top = 3;
	v.scroll = 1000;
	grid_blank(&g, 80, 10);
	lesson_view_draw(&g, (struct view_rect){ 0, 0, 80, 10 }, &v);
	ok(v.scroll == 0, "scrolling past the end is clamped (a page may start at the top)");
	v.scroll = -1000;
	lesson_view_draw(&g, (struct view_rect){ 0, 0, 80, 10 }, &v);
	ok(v.scroll == -5, "scrolling up stops at the first row");
	view_grid_free(&g);

	view_init(&v);
	ok(lesson_view_rows(&v, 78) == 14, "rows at width 78: paragraphs wrap at blanks");
	ok(lesson_view_rows(&v, 20) > lesson_view_rows(&v, 78), "narrower panes take more rows");

	grid_blank(&g, 60, 8);
	lesson_editor_draw(&g, (struct view_rect){ 0, 0, 60, 8 }, "Edit scale.cu", ed, 5, 3, 4, &top,
			   "Ctrl-X: save and check   Ctrl-C: cancel", 0);
	{
		char *t = view_to_text(&g), *s = view_styles_to_text(&g);

		golden("lesson_editor_60x8", t);
		golden("lesson_editor_60x8_styles", s);
		free(t);
		free(s);
	}
	ok(top == 0, "the editor keeps the cursor row in view without scrolling");
	lesson_editor_draw(&g, (struct view_rect){ 0, 0, 60, 4 }, "Edit", ed, 5, 4, 0, &top, NULL, 1);
	ok(top == 2, "the editor scrolls to show the cursor row");
	view_grid_free(&g);

	return tap_end();
}
