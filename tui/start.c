/*
 * start.c - the start screen's view (start.h).
 */
#include <string.h>

#include "start.h"

static void put(struct view_grid *g, int x, int y, const char *s, int style, int maxw)
{
	/* UTF-8 decode enough for our own text */
	while (*s && x < g->w && x < maxw && y >= 0 && y < g->h) {
		uint32_t ch = (unsigned char)*s++;

		if (ch >= 0xc0) {
			int extra = ch >= 0xf0 ? 3 : ch >= 0xe0 ? 2 : 1;

			ch &= 0x3fu >> extra;
			while (extra-- && (*s & 0xc0) == 0x80)
				ch = ch << 6 | ((unsigned char)*s++ & 0x3fu);
		}
		g->cells[y * g->w + x] = (struct view_cell){ ch, (uint8_t)style };
		x++;
	}
}

static void fill_row(struct view_grid *g, int y, int style)
{
	for (int x = 0; x < g->w && y < g->h; x++)
		g->cells[y * g->w + x] = (struct view_cell){ ' ', (uint8_t)style };
}

void start_render(struct view_grid *g, const struct start_item *items, int n, int sel, int ascii)
{
	int y = 3, top = 0, rows = g->h - 7, nw = 23;

	/* the names' column fits the longest name (within a third of the
	 * screen), so "16-cooperative-groups.lua" never runs into its summary */
	for (int i = 0; i < n; i++)
		if (items[i].name && (int)strlen(items[i].name) > nw)
			nw = (int)strlen(items[i].name);
	if (nw > g->w / 3)
		nw = g->w / 3 > 23 ? g->w / 3 : 23;

	for (int i = 0; i < g->w * g->h; i++)
		g->cells[i] = (struct view_cell){ ' ', VS_NORMAL };
	fill_row(g, 0, VS_STATUS);
	put(g, 1, 0, "warpstep - step a CUDA program warp by warp", VS_STATUS, g->w);
	put(g, 2, 2, "Pick a lesson, or an example to debug (Enter); q quits:", VS_KEYWORD, g->w);
	if (rows < 1)
		rows = 1;
	if (sel >= rows)
		top = sel - rows + 1;
	for (int i = top; i < n && y < g->h - 3; i++, y++) {
		int style = i == sel ? VS_TITLE_FOCUS : VS_NORMAL;
		const char *tag = items[i].kind == START_LESSON ? "lesson " : items[i].kind == START_PUZZLE ? "puzzle " : "example";
		static const char *const marks[] = { "[ ]", "[~]", "[x]" };

		if (i == sel)
			fill_row(g, y, style);
		put(g, 2, y, i == sel ? (ascii ? ">" : "\u25b6") : " ", style, g->w);
		put(g, 4, y, tag, i == sel ? style : VS_DIM, g->w);
		if (items[i].kind != START_EXAMPLE)
			put(g, 12, y, marks[items[i].mark >= 0 && items[i].mark <= 2 ? items[i].mark : 0],
			    i == sel ? style : items[i].mark == 2 ? VS_ACTIVE_LANE : VS_NORMAL, g->w);
		put(g, 16, y, items[i].name, i == sel ? style : VS_HIGHLIGHT, 16 + nw < g->w ? 16 + nw : g->w);
		put(g, 17 + nw, y, items[i].summary, style, g->w - 1);
	}
	if (!n)
		put(g, 4, y, "(no examples were built in)", VS_DIM, g->w);
	put(g, 2, g->h - 2, "j/k or arrows: move   Enter: open   q: quit   "
	    "[ ] new  [~] in progress  [x] done", VS_DIM, g->w);
}

const char *start_example_summary(const char *text)
{
	static char buf[128];
	const char *p = text, *dash;
	size_t n;

	if (strncmp(p, "// ", 3) && strncmp(p, "-- ", 3))
		return "";
	p += 3;
	n = strcspn(p, "\n");
	dash = strstr(p, " - ");
	if (dash && (size_t)(dash - p) < n) {
		n -= (size_t)(dash + 3 - p);
		p = dash + 3;
	}
	if (n >= sizeof(buf))
		n = sizeof(buf) - 1;
	memcpy(buf, p, n);
	buf[n] = 0;
	return buf;
}
