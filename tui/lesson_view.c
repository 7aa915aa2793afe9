/*
 * lesson_view.c - the lesson pane and the built-in editor (lesson_view.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lesson_view.h"

struct row {
	const char *s;
	int n; /* bytes */
	int style;
	int para;
};

static uint32_t next_cp(const char **p, const char *end)
{
	const unsigned char *s = (const unsigned char *)*p;
	uint32_t c = s[0];
	int n = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;

	if (n < 0 || *p + n >= end + (n > 0)) {
		*p += 1;
		return n < 0 ? 0xfffd : c;
	}
	c &= n ? 0x3fu >> n : 0xffu;
	for (int i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*p += i;
			return 0xfffd;
		}
		c = c << 6 | (s[i] & 0x3fu);
	}
	*p += n + 1;
	return c;
}

static void cell(struct view_grid *g, struct view_rect r, int x, int y, uint32_t ch, int style,
		 int ascii)
{
	if (x < r.x || y < r.y || x >= r.x + r.w || y >= r.y + r.h || x >= g->w || y >= g->h)
		return;
	if (ch == '\t' || ch < 32 || ch == 127)
		ch = ' ';
	if (ascii && ch > 126)
		ch = '?';
	g->cells[y * g->w + x] = (struct view_cell){ ch, (uint8_t)style };
}

static int text(struct view_grid *g, struct view_rect r, int x, int y, const char *s, int n,
		int style, int ascii)
{
	const char *end = s + n;

	while (s < end && *s)
		cell(g, r, x++, y, next_cp(&s, end), style, ascii);
	return x;
}

static int cols(const char *s, int n)
{
	const char *end = s + n;
	int c = 0;

	while (s < end && *s) {
		next_cp(&s, end);
		c++;
	}
	return c;
}

/* Split paragraph text into rows of at most w columns, breaking at blanks. */
static int wrap(const char *t, int w, int style, int para, struct row *out, int cap, int n)
{
	if (w < 1)
		w = 1;
	for (;;) {
		const char *end = t + strcspn(t, "\n"), *s = t;

		do {
			const char *p = s, *brk = NULL;
			int c = 0;

			while (p < end && c < w) {
				if (*p == ' ')
					brk = p;
				next_cp(&p, end);
				c++;
			}
			if (p < end && *p != ' ' && brk && brk > s)
				p = brk;
			if (n < cap)
				out[n] = (struct row){ s, (int)(p - s), style, para };
			n++;
			s = p;
			while (s < end && *s == ' ')
				s++;
		} while (s < end);
		if (*end != '\n')
			break;
		t = end + 1;
	}
	return n;
}

static int rows_build(const struct lesson_view *v, int w, struct row *out, int cap)
{
	int n = 0;

	for (int i = 0; i < v->nlines; i++)
		n = wrap(v->lines[i].text ? v->lines[i].text : "", w, v->lines[i].style, i, out, cap, n);
	return n;
}

int lesson_view_rows(const struct lesson_view *v, int w)
{
	return rows_build(v, w, NULL, 0);
}

static void frame(struct view_grid *g, struct view_rect r, const char *title, const char *status,
		  int focus, int ascii)
{
	int x;

	for (int i = r.x; i < r.x + r.w; i++)
		cell(g, r, i, r.y, ascii ? '-' : 0x2500, VS_BORDER, 0);
	x = text(g, r, r.x + 1, r.y, " 9 ", 3, focus ? VS_TITLE_FOCUS : VS_TITLE, ascii);
	x = text(g, r, x, r.y, title, (int)strlen(title), focus ? VS_TITLE_FOCUS : VS_TITLE, ascii);
	x = text(g, r, x, r.y, " ", 1, focus ? VS_TITLE_FOCUS : VS_TITLE, ascii);
	if (status) {
		int sc = cols(status, (int)strlen(status));

		if (r.x + r.w - sc - 2 > x)
			text(g, r, r.x + r.w - sc - 2, r.y, status, (int)strlen(status), VS_DIM, ascii);
	}
}

static void blank(struct view_grid *g, struct view_rect r)
{
	for (int y = r.y; y < r.y + r.h; y++)
		for (int x = r.x; x < r.x + r.w; x++)
			cell(g, r, x, y, ' ', VS_NORMAL, 0);
}

int lesson_view_draw(struct view_grid *g, struct view_rect r, struct lesson_view *v)
{
	int w = r.w - 2, h = r.h - 1 - (v->footer != NULL), n, first = 0, top = 0, hidden;
	struct row *rows;

	if (r.w < 4 || r.h < 2)
		return 0;
	blank(g, r);
	frame(g, r, v->title ? v->title : "Lesson", v->status, v->focus, v->ascii);
	n = rows_build(v, w, NULL, 0);
	rows = xcalloc((size_t)n + 1, sizeof(*rows));
	rows_build(v, w, rows, n);
	for (int i = 0; i < n; i++)
		if (rows[i].para == v->top) {
			top = i;
			break;
		}
	first = v->bottom ? n - h : top + v->scroll;
	if (v->follow && first < n - h)
		first = n - h;
	if (first > (n - h > top ? n - h : top))
		first = n - h > top ? n - h : top;
	if (first < 0)
		first = 0;
	if (!v->bottom)
		v->scroll = first - top;
	for (int i = 0; i < h && first + i < n; i++)
		text(g, r, r.x + 1, r.y + 1 + i, rows[first + i].s, rows[first + i].n,
		     rows[first + i].style, v->ascii);
	hidden = n - (first + h);
	if (v->footer) {
		int y = r.y + r.h - 1;

		for (int x = r.x; x < r.x + r.w; x++)
			cell(g, r, x, y, ' ', VS_STATUS, 0);
		text(g, r, r.x + 1, y, v->footer, (int)strlen(v->footer), VS_STATUS, v->ascii);
	}
	free(rows);
	return hidden > 0 ? hidden : 0;
}

void lesson_editor_draw(struct view_grid *g, struct view_rect r, const char *title,
			char *const *lines, int n, int cy, int cx, int *top, const char *footer,
			int ascii)
{
	int h = r.h - 1 - (footer != NULL);

	if (r.w < 8 || h < 1)
		return;
	blank(g, r);
	frame(g, r, title, NULL, 1, ascii);
	if (cy < *top)
		*top = cy;
	if (cy >= *top + h)
		*top = cy - h + 1;
	for (int i = 0; i < h && *top + i < n; i++) {
		int l = *top + i, x = r.x;
		char num[16];

		snprintf(num, sizeof(num), "%4d ", l + 1);
		x = text(g, r, x, r.y + 1 + i, num, (int)strlen(num), VS_DIM, ascii);
		text(g, r, x, r.y + 1 + i, lines[l], (int)strlen(lines[l]), VS_NORMAL, ascii);
		if (l == cy) {
			int cx_col = cols(lines[l], cx);
			int at = r.y + 1 + i, cxpos = x + cx_col;
			uint32_t ch = ' ';

			if (cxpos < g->w && at < g->h && cxpos < r.x + r.w)
				ch = g->cells[at * g->w + cxpos].ch;
			cell(g, r, cxpos, at, ch, VS_FOCUS_LANE, ascii);
		}
	}
	if (footer) {
		int y = r.y + r.h - 1;

		for (int x = r.x; x < r.x + r.w; x++)
			cell(g, r, x, y, ' ', VS_STATUS, 0);
		text(g, r, r.x + 1, y, footer, (int)strlen(footer), VS_STATUS, ascii);
	}
}
