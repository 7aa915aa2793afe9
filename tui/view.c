/*
 * view.c - render a ui_state into a view_grid (view.h). No curses here.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "view.h"

struct ctx {
	struct view_grid *g;
	const struct ui_state *st;
	const struct view_ctl *ctl;
	struct view_rect r; /* clip (the pane being drawn) */
};

/* ---- cells and strings ---- */

void view_grid_init(struct view_grid *g, int w, int h)
{
	g->w = g->h = 0;
	g->cells = NULL;
	view_grid_resize(g, w, h);
}

void view_grid_free(struct view_grid *g)
{
	free(g->cells);
	g->cells = NULL;
	g->w = g->h = 0;
}

void view_grid_resize(struct view_grid *g, int w, int h)
{
	if (w < 1)
		w = 1;
	if (h < 1)
		h = 1;
	if (w * h != g->w * g->h || !g->cells)
		g->cells = xrealloc(g->cells, sizeof(*g->cells) * (size_t)w * (size_t)h);
	g->w = w;
	g->h = h;
}

static void grid_clear(struct view_grid *g)
{
	for (int i = 0; i < g->w * g->h; i++) {
		g->cells[i].ch = ' ';
		g->cells[i].style = VS_NORMAL;
	}
}

/* Decode one UTF-8 codepoint at *p (advancing it); bad bytes give U+FFFD. */
static uint32_t utf8_next(const char **p)
{
	const unsigned char *s = (const unsigned char *)*p;
	uint32_t c = s[0];
	int n = c < 0x80 ? 0 : (c & 0xe0) == 0xc0 ? 1 : (c & 0xf0) == 0xe0 ? 2 : (c & 0xf8) == 0xf0 ? 3 : -1;

	if (n < 0) {
		*p += 1;
		return 0xfffd;
	}
	if (n)
		c &= 0x3f >> n;
	for (int i = 1; i <= n; i++) {
		if ((s[i] & 0xc0) != 0x80) {
			*p += i;
			return 0xfffd;
		}
		c = c << 6 | (s[i] & 0x3f);
	}
	*p += n + 1;
	return c;
}

/* Presentation mode as drawn: asked for, and the screen wide enough for it
 * (else the normal layout, as view_layout decides). */
static int present_on(const struct ctx *c)
{
	return c->ctl->present && c->g->w >= VIEW_WARPS_PRESENT;
}

static void put_ch(struct ctx *c, int x, int y, uint32_t ch, int style)
{
	struct view_cell *cell;

	if (x < c->r.x || y < c->r.y || x >= c->r.x + c->r.w || y >= c->r.y + c->r.h)
		return;
	if (ch == '\t')
		ch = ' ';
	if (ch < 32 || ch == 127 || (c->ctl->ascii && ch > 126))
		ch = ch > 126 && c->ctl->ascii ? '?' : ' ';
	cell = &c->g->cells[y * c->g->w + x];
	cell->ch = ch;
	/* presentation mode: high contrast, nothing dim on a projector */
	cell->style = (uint8_t)(present_on(c) && (style == VS_DIM || style == VS_BORDER) ? VS_NORMAL : style);
}

/* Draw s at (x, y); returns the x after it. Tabs expand to the next
 * multiple of 4 columns counted from the start of s (a source line's tabs
 * line up with each other wherever the pane puts the line). */
static int put_str(struct ctx *c, int x, int y, const char *s, int style)
{
	int x0 = x;

	if (!s)
		return x;
	while (*s && x < c->r.x + c->r.w) {
		uint32_t ch = utf8_next(&s);

		if (ch == '\t') {
			do
				put_ch(c, x++, y, ' ', style);
			while ((x - x0) % 4);
			continue;
		}
		put_ch(c, x++, y, ch, style);
	}
	return x;
}

/* Draw s from (x, y), wrapping at spaces at the clip's right edge; the
 * lines after the first start at column x2. Returns the last row used,
 * and in *xend the column after the text. */
static int put_wrapped(struct ctx *c, int x, int y, int x2, const char *s, int style, int *xend)
{
	int right = c->r.x + c->r.w;

	while (s && *s) {
		const char *p = s, *cut = NULL;
		int col = x;

		while (*p && col < right) {
			if (*p == ' ')
				cut = p;
			utf8_next(&p);
			col++;
		}
		if (!*p || !cut || cut == s)
			cut = p; /* all of it fits, or one word longer than the line */
		while (s < cut) {
			uint32_t ch = utf8_next(&s);

			put_ch(c, x++, y, ch, style);
		}
		while (*s == ' ')
			s++;
		if (!*s)
			break;
		x = x2;
		y++;
	}
	*xend = x;
	return y;
}

static int put_fmt(struct ctx *c, int x, int y, int style, const char *fmt, ...) WS_PRINTF(5, 6);
static int put_fmt(struct ctx *c, int x, int y, int style, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return put_str(c, x, y, buf, style);
}

static void fill_row(struct ctx *c, int y, int style)
{
	for (int x = c->r.x; x < c->r.x + c->r.w; x++)
		put_ch(c, x, y, ' ', style);
}

/* UTF-8 or ASCII spelling of a symbol. */
static const char *sym(const struct ctx *c, const char *utf8, const char *ascii)
{
	return c->ctl->ascii ? ascii : utf8;
}

static size_t text_cols(const char *s)
{
	size_t n = 0;

	while (s && *s) {
		utf8_next(&s);
		n++;
	}
	return n;
}

/* ---- layout ---- */

static const char *const pane_titles[] = {
#define X(n, t, k) t,
	VIEW_PANE_LIST(X)
#undef X
};

static const char pane_keys[] = {
#define X(n, t, k) k,
	VIEW_PANE_LIST(X)
#undef X
};

const char *view_pane_title(int pane)
{
	return pane >= 0 && pane < PANE_COUNT ? pane_titles[pane] : "";
}

void view_ctl_init(struct view_ctl *ctl)
{
	memset(ctl, 0, sizeof(*ctl));
	ctl->focus_pane = PANE_SOURCE;
	ctl->aux_pane = PANE_NONE; /* each layout's own default (the Order pane under --model relaxed) */
	ctl->zoom = PANE_NONE;
}

static struct view_rect rect(int x, int y, int w, int h)
{
	struct view_rect r = { x, y, w > 0 ? w : 0, h > 0 ? h : 0 };

	if (!r.w || !r.h)
		r.w = r.h = 0;
	return r;
}

/* Stack panes p[0..n) in column (x, y, w, h) with the given weights. */
static void stack(struct view_rect r[], const int p[], const int wt[], int n, int x, int y,
		  int w, int h)
{
	int total = 0, used = 0;

	for (int i = 0; i < n; i++)
		total += wt[i];
	for (int i = 0; i < n; i++) {
		int ph = i == n - 1 ? h - used : h * wt[i] / total;

		r[p[i]] = rect(x, y + used, w, ph);
		used += ph;
	}
}

static int aux_of(const struct view_ctl *ctl, const int *allowed, int n, int dflt)
{
	for (int i = 0; i < n; i++)
		if (ctl->aux_pane == allowed[i])
			return ctl->aux_pane;
	return dflt;
}

/* The swappable slot's pane unless one was chosen: the GPU pane under
 * :compare, the Order pane under --model relaxed, else the Thread pane. */
static int aux_default(const struct view_ctl *ctl)
{
	return ctl->gpu ? PANE_GPU : ctl->relaxed ? PANE_ORDER : PANE_THREAD;
}

/* Rows for the warps pane: its warps plus title, ruler and legend. */
static int warps_rows(int nwarps, int bh)
{
	int want = nwarps + 4, most = bh * 40 / 100;

	if (want > most)
		want = most;
	return want < 7 ? 7 : want;
}

void view_layout(int w, int h, const struct view_ctl *ctl, int nwarps, struct view_rect r[PANE_COUNT])
{
	int bh = h - 2, y = 1;

	memset(r, 0, sizeof(struct view_rect) * PANE_COUNT);
	if (w < VIEW_MIN_W || h < VIEW_MIN_H || ctl->help)
		return;
	if (ctl->zoom >= 0 && ctl->zoom < PANE_COUNT) {
		r[ctl->zoom] = rect(0, y, w, bh);
		return;
	}
	if (ctl->present && w >= VIEW_WARPS_PRESENT) {
		/* a projector: the source, the warps with wide glyphs, the
		 * swappable pane and a short console; nothing else */
		static const int allowed[] = { PANE_LANES, PANE_THREAD, PANE_MEMORY, PANE_SYNC, PANE_FINDINGS,
					       PANE_ORDER, PANE_GPU };
		int wr = warps_rows(nwarps, bh), ch = bh >= 30 ? 4 : 3;
		int rest = bh - wr - ch, sh = rest * 55 / 100;

		r[PANE_SOURCE] = rect(0, y, w, sh);
		r[PANE_WARPS] = rect(0, y + sh, w, wr);
		r[aux_of(ctl, allowed, 7, aux_default(ctl))] = rect(0, y + sh + wr, w, rest - sh);
		r[PANE_CONSOLE] = rect(0, y + bh - ch, w, ch);
		return;
	}
	if (w >= 180 && h >= 50) {
		int lw = w * 40 / 100, mw = w * 30 / 100, rw = w - lw - mw - 2;
		int lp[] = { PANE_SOURCE, PANE_CONSOLE }, lwt[] = { 65, 35 };
		int mp[] = { PANE_LANES, PANE_THREAD }, mwt[] = { 50, 50 };
		int rp[] = { PANE_MEMORY, PANE_SYNC, PANE_FINDINGS }, rwt[] = { 50, 30, 20 };
		int rpo[] = { PANE_ORDER, PANE_MEMORY, PANE_SYNC, PANE_FINDINGS }, rwto[] = { 45, 20, 20, 15 };
		int wr = warps_rows(nwarps, bh);

		stack(r, lp, lwt, 2, 0, y, lw, bh);
		r[PANE_WARPS] = rect(lw + 1, y, mw, wr);
		stack(r, mp, mwt, 2, lw + 1, y + wr, mw, bh - wr);
		if (ctl->gpu) { /* :compare: the GPU's run beside the emulator's comes first */
			rpo[0] = PANE_GPU;
			stack(r, rpo, rwto, 4, lw + mw + 2, y, rw, bh);
		} else if (ctl->relaxed) /* memory ordering: the execution graph comes first */
			stack(r, rpo, rwto, 4, lw + mw + 2, y, rw, bh);
		else
			stack(r, rp, rwt, 3, lw + mw + 2, y, rw, bh);
	} else if (w >= 120 && h >= 36) {
		int lw = w - 1 - VIEW_WARPS_FULL < w * 55 / 100 ? w - 1 - VIEW_WARPS_FULL : w * 55 / 100;
		int rw = w - lw - 1;
		static const int allowed[] = { PANE_THREAD, PANE_MEMORY, PANE_SYNC, PANE_FINDINGS, PANE_ORDER,
					       PANE_GPU };
		int lp[] = { PANE_SOURCE, PANE_CONSOLE }, lwt[] = { 65, 35 };
		int rp[] = { PANE_LANES, aux_of(ctl, allowed, 6, aux_default(ctl)) };
		int rwt[] = { 40, 60 };
		int wr = warps_rows(nwarps, bh);

		stack(r, lp, lwt, 2, 0, y, lw, bh);
		r[PANE_WARPS] = rect(lw + 1, y, rw, wr);
		stack(r, rp, rwt, 2, lw + 1, y + wr, rw, bh - wr);
	} else {
		static const int allowed[] = { PANE_LANES, PANE_THREAD, PANE_MEMORY, PANE_SYNC,
					       PANE_FINDINGS, PANE_ORDER, PANE_GPU };
		int ch = bh / 5 < 4 ? 4 : bh / 5, ta = bh - ch, sh = ta * 5 / 9;
		int ww = w >= 100 ? VIEW_WARPS_FULL : VIEW_WARPS_COMPACT;

		r[PANE_SOURCE] = rect(0, y, w, sh);
		r[PANE_WARPS] = rect(0, y + sh, ww, ta - sh);
		r[aux_of(ctl, allowed, 7, aux_default(ctl))] =
			rect(ww + 1, y + sh, w - ww - 1, ta - sh);
		r[PANE_CONSOLE] = rect(0, y + ta, w, ch);
	}
}

int view_pane_at(int w, int h, const struct view_ctl *ctl, int nwarps, int x, int y)
{
	struct view_rect r[PANE_COUNT];

	view_layout(w, h, ctl, nwarps, r);
	for (int p = 0; p < PANE_COUNT; p++)
		if (r[p].w && x >= r[p].x && x < r[p].x + r[p].w && y >= r[p].y &&
		    y < r[p].y + r[p].h)
			return p;
	return PANE_NONE;
}

/* ---- pane frame ---- */

/* Title row "── 2 Warps: extra ─────"; returns the content rect. */
static struct view_rect pane_title(struct ctx *c, int pane, const char *extra)
{
	int focus = c->ctl->focus_pane == pane;
	int style = focus ? VS_TITLE_FOCUS : VS_TITLE, x = c->r.x;
	const char *h = sym(c, "\u2500", "-");
	char buf[160];
	struct view_rect in = c->r;

	for (int i = c->r.x; i < c->r.x + c->r.w; i++)
		put_str(c, i, c->r.y, h, VS_BORDER);
	snprintf(buf, sizeof(buf), " %c %s%s%s ", pane_titles[pane][0] ? pane_keys[pane] : ' ',
		 pane_titles[pane], extra ? ": " : "", extra ? extra : "");
	x = put_str(c, x + 1, c->r.y, buf, style);
	if (focus)
		put_str(c, x, c->r.y, sym(c, "\u25c0", "<"), style);
	in.y++;
	in.h--;
	return in;
}

/* ---- source pane ---- */

static const struct ui_warp *focus_warp(const struct ui_state *st)
{
	if (st->focus_warp >= 0 && st->focus_warp < st->nwarps)
		return &st->warps[st->focus_warp];
	return NULL;
}

static int warp_line(const struct ui_warp *w)
{
	if (w->current >= 0 && w->current < w->ngroups)
		return w->groups[w->current].line;
	for (int l = 0; l < UI_WARP_SIZE; l++)
		if (w->status[l] != UI_LANE_EXITED && w->status[l] != UI_LANE_INACTIVE && w->line[l])
			return w->line[l];
	return 0;
}

static int bp_at(const struct ui_state *st, int line)
{
	for (int i = 0; i < st->nbps; i++)
		if (st->bps[i].line == line)
			return st->bps[i].enabled ? 2 : 1;
	return 0;
}

static int reconv_at(const struct ui_warp *w, int line)
{
	for (int i = 0; w && i < w->ngroups; i++)
		if (w->ngroups > 1 && w->groups[i].reconv_line == line)
			return 1;
	return 0;
}

/* "w0 w3:16" - warps with live lanes at line. */
static void warps_at_line(const struct ui_state *st, int line, char *buf, size_t n)
{
	size_t len = 0;

	buf[0] = 0;
	for (int i = 0; i < st->nwarps && len + 12 < n; i++) {
		const struct ui_warp *w = &st->warps[i];
		int k = 0, live = 0;

		for (int l = 0; l < UI_WARP_SIZE; l++) {
			int s = w->status[l];

			if (s == UI_LANE_EXITED || s == UI_LANE_INACTIVE)
				continue;
			live++;
			k += w->line[l] == line;
		}
		if (!k)
			continue;
		if (k == live)
			len += (size_t)snprintf(buf + len, n - len, " w%d", w->id);
		else
			len += (size_t)snprintf(buf + len, n - len, " w%d:%d", w->id, k);
	}
}

static void draw_source(struct ctx *c)
{
	const struct ui_state *st = c->st;
	const struct ui_warp *fw = focus_warp(st);
	int cur = fw ? warp_line(fw) : st->run == UI_RUN_HOST ? st->host_line : 0, first;
	char ann[128], extra[96];
	struct view_rect in;

	snprintf(extra, sizeof(extra), "%s", st->file ? st->file : "(no program)");
	/* breakpoints without a line (break finding KIND) are named in the title */
	for (int i = 0; i < st->nbps; i++)
		if (st->bps[i].line <= 0 && st->bps[i].cond && strlen(extra) + 40 < sizeof(extra))
			snprintf(extra + strlen(extra), sizeof(extra) - strlen(extra), "%s%s%s",
				 strstr(extra, " stops at ") ? ", " : "  " , strstr(extra, " stops at ") ?
				 "" : "stops at ", st->bps[i].cond);
	in = pane_title(c, PANE_SOURCE, extra);
	if (in.h <= 0)
		return;
	first = (cur ? cur - in.h / 2 : 1) + c->ctl->scroll[PANE_SOURCE];
	if (first > st->nlines - in.h + 1)
		first = st->nlines - in.h + 1;
	if (first < 1)
		first = 1;
	for (int row = 0; row < in.h; row++) {
		int line = first + row, y = in.y + row, x = in.x, bp, style;

		if (line > st->nlines)
			break;
		bp = bp_at(st, line);
		style = line == cur ? VS_CURRENT_LINE : VS_NORMAL;
		if (line == cur)
			fill_row(c, y, style);
		put_str(c, x, y, bp ? sym(c, "\u25cf", "B") : " ", bp == 2 ? VS_BREAKPOINT : VS_DIM);
		if (line == cur)
			put_str(c, x + 1, y, sym(c, "\u25b6", ">"), VS_CURRENT_LINE);
		else if (reconv_at(fw, line))
			put_str(c, x + 1, y, sym(c, "\u25c6", "*"), VS_DIVERGED_LANE);
		put_fmt(c, x + 2, y, line == cur ? style : VS_DIM, "%4d ", line);
		put_str(c, x + 7, y, st->lines[line - 1], style);
		warps_at_line(st, line, ann, sizeof(ann));
		if (ann[0]) {
			int aw = (int)text_cols(ann) + 2, ax = in.x + in.w - aw;

			if (ax < x + 7 + 8)
				ax = x + 7 + 8;
			put_str(c, ax, y, sym(c, "\u25c0", "<"), line == cur ? style : VS_HIGHLIGHT);
			put_str(c, ax + 1, y, ann, line == cur ? style : VS_HIGHLIGHT);
			put_ch(c, ax + aw - 1, y, ' ', line == cur ? style : VS_NORMAL);
		}
	}
}

/* ---- warps pane ---- */

static const int lane_styles[UI_LANE_COUNT] = {
	[UI_LANE_ACTIVE] = VS_ACTIVE_LANE, [UI_LANE_DIVERGED] = VS_DIVERGED_LANE,
	[UI_LANE_EXITED] = VS_EXITED_LANE, [UI_LANE_BARRIER] = VS_BARRIER_WAIT,
	[UI_LANE_WARPSYNC] = VS_WARPSYNC_WAIT, [UI_LANE_INACTIVE] = VS_DIM,
};

static int lane_style(int s)
{
	return s >= 0 && s < UI_LANE_COUNT ? lane_styles[s] : VS_ERROR;
}

/* 32 lane glyphs in 4 groups of 8 (gaps 0: no gaps); returns x after. In
 * presentation mode each lane takes two cells (the glyph, then a space). */
static int draw_lanes_row(struct ctx *c, int x, int y, const struct ui_warp *w, int focus_lane, int gaps)
{
	/* lanes in groups of 8, or in the warp's cooperative-groups tiles */
	int gap = w->tile >= 4 && w->tile < 32 ? w->tile : 8;
	int cell = present_on(c) ? 2 : 1;

	for (int l = 0; l < UI_WARP_SIZE; l++) {
		int s = w->status[l];

		if (gaps && l && l % gap == 0)
			x++;
		put_str(c, x, y, ui_lane_glyph(s, c->ctl->ascii),
			 l == focus_lane ? VS_FOCUS_LANE : lane_style(s));
		x += cell;
	}
	return x;
}

static void draw_legend(struct ctx *c, int x, int y, int wide)
{
	for (int s = 0; s < UI_LANE_COUNT - 1; s++) {
		static const char *const brief[] = { "run", "div", "exit", "bar", "wsync" };

		x = put_str(c, x, y, ui_lane_glyph(s, c->ctl->ascii), lane_style(s));
		x = put_str(c, x, y, wide ? ui_lane_name(s) : brief[s], VS_DIM) + 1;
	}
}

/* The active mask of a warp: the lanes of the group that runs next (0:
 * none can run: every lane waits or has exited). */
static uint32_t active_mask(const struct ui_warp *w)
{
	return w->current >= 0 && w->current < w->ngroups ? w->groups[w->current].mask : 0;
}

/* Each warp row: its lanes, its line and its active mask in hex; the full
 * form needs VIEW_WARPS_FULL columns, the compact one (no gaps between the
 * lanes' groups of 8, no "0x") VIEW_WARPS_COMPACT. */
static void draw_warps(struct ctx *c)
{
	const struct ui_state *st = c->st;
	int rows = c->r.h - 3, first = 0, wide = c->r.w >= 70, full = c->r.w >= VIEW_WARPS_FULL;
	int cut[UI_MAX_WARPS], ncut = 0;
	char extra[96];
	struct view_rect in;

	if (rows < 1)
		rows = 1;
	if (st->focus_warp >= rows)
		first = st->focus_warp - rows + 1;
	first += c->ctl->scroll[PANE_WARPS];
	if (first > st->nwarps - rows)
		first = st->nwarps - rows;
	if (first < 0)
		first = 0;
	if (st->nwarps > rows)
		snprintf(extra, sizeof(extra), "%s w%d-%d of %d", st->kernel ? st->kernel : "",
			 first, first + rows - 1, st->nwarps);
	else
		snprintf(extra, sizeof(extra), "%s", st->kernel ? st->kernel : "");
	in = pane_title(c, PANE_WARPS, extra[0] ? extra : NULL);
	if (in.h <= 0)
		return;
	/* the ruler: lane numbers over their glyphs, then the columns' names */
	put_str(c, in.x, in.y, "lane", VS_DIM);
	{
		int cell = present_on(c) ? 2 : 1, lanes_end = (full ? 6 : 5) + 32 * cell + (full ? 3 : 0);

		for (int l = 0; l < UI_WARP_SIZE; l += 8)
			put_fmt(c, in.x + (full ? 6 + l * cell + l / 8 : 5 + l * cell), in.y, VS_DIM, "%d", l);
		put_str(c, in.x + lanes_end + 1, in.y, "line", VS_DIM);
		put_str(c, in.x + lanes_end + 6, in.y, "mask", VS_DIM);
	}
	if (!st->nwarps)
		put_str(c, in.x, in.y + 1, "(no kernel running)", VS_DIM);
	for (int i = 0; i < rows && first + i < st->nwarps; i++) {
		const struct ui_warp *w = &st->warps[first + i];
		int y = in.y + 1 + i, focus = first + i == st->focus_warp, x;
		uint32_t am = active_mask(w);

		put_str(c, in.x, y, focus ? sym(c, "\u25b6", ">") : " ", VS_HIGHLIGHT);
		put_fmt(c, in.x + 1, y, focus ? VS_HIGHLIGHT : VS_NORMAL, "w%-3d", w->id);
		x = draw_lanes_row(c, in.x + (full ? 6 : 5), y, w, focus ? st->focus_lane : -1, full);
		if (warp_line(w))
			put_fmt(c, x + 1, y, VS_NORMAL, "L%-3d", warp_line(w));
		x += 5;
		if (!am && w->note) { /* none of its lanes can run: what it waits at instead */
			if (x + 1 + (int)text_cols(w->note) > in.x + in.w)
				cut[ncut++] = first + i; /* in full below the rows, if there is room */
			put_str(c, x + 1, y, w->note, VS_BARRIER_WAIT);
			continue;
		}
		x = put_fmt(c, x + 1, y, am ? VS_NUMBER : VS_DIM, full ? "0x%08x" : "%08x", (unsigned)am);
		if (w->ngroups > 1 && wide) {
			for (int gi = 0; gi < w->ngroups; gi++)
				if (gi != w->current)
					x = put_fmt(c, x + 1, y, VS_DIVERGED_LANE, "%08x@L%d", w->groups[gi].mask,
						    w->groups[gi].line);
		} else if (w->ngroups > 1) {
			x = put_fmt(c, x + 1, y, VS_DIVERGED_LANE, "%dg", w->ngroups);
		}
		if (w->note && x + 1 + (int)text_cols(w->note) > in.x + in.w)
			cut[ncut++] = first + i;
		if (w->note)
			put_str(c, x + 1, y, w->note, VS_DIM);
	}
	/* notes cut at the pane's edge, whole on the free rows under the warps */
	for (int k = 0, y = in.y + 1 + (st->nwarps - first < rows ? st->nwarps - first : rows);
	     k < ncut && y < in.y + in.h - 1; k++, y++)
		put_fmt(c, in.x + 1, y, VS_BARRIER_WAIT, "w%d %s", st->warps[cut[k]].id, st->warps[cut[k]].note);
	draw_legend(c, in.x, in.y + in.h - 1, in.w >= 120);
}

/* ---- lanes pane ---- */

/* Column of lane l in a strip starting at x: a gap before each segment
 * (a shuffle's width when it is 2 or more and below 32, else 8 lanes). */
static int strip_x(int x, int l, int seg)
{
	return x + l + l / seg;
}

/* A collective's strips across the 32 lanes: the lane numbers, which lanes
 * took part, a shuffle's arrows (each lane's value comes from the lane its
 * arrow points to; o: its own value, the source was outside its segment),
 * a vote's predicates. */
static int coll_strips(struct ctx *c, const struct ui_lanevar *v, int y, int ymax)
{
	int seg = v->coll == UI_COLL_SHFL && v->width >= 2 && v->width < 32 ? v->width : 8;
	int x0 = c->r.x + 6, last = -10;

	if (y >= ymax)
		return y;
	put_str(c, c->r.x, y, "lane", VS_DIM);
	for (int l = 0; l < UI_WARP_SIZE; l += seg < 8 ? seg : 8) {
		int x = strip_x(x0, l, seg);
		char num[12];

		snprintf(num, sizeof(num), "%d", l);
		if (x <= last + 1)
			continue;
		last = put_str(c, x, y, num, VS_DIM) - 1;
	}
	y++;
	if (y < ymax) {
		put_str(c, c->r.x, y, "took", VS_DIM);
		for (int l = 0; l < UI_WARP_SIZE; l++) {
			int in = v->part >> l & 1;

			put_str(c, strip_x(x0, l, seg), y, in ? ui_lane_glyph(UI_LANE_ACTIVE, c->ctl->ascii)
				: sym(c, "\u00b7", "."), in ? VS_ACTIVE_LANE : VS_DIM);
		}
		y++;
	}
	if (v->coll == UI_COLL_SHFL && y < ymax) {
		put_str(c, c->r.x, y, "from", VS_DIM);
		for (int l = 0; l < UI_WARP_SIZE; l++) {
			int s = v->src[l];

			if (!(v->part >> l & 1) || s < 0)
				continue;
			put_str(c, strip_x(x0, l, seg), y, s > l ? sym(c, "\u2190", "<") : s < l ? sym(c, "\u2192", ">")
				: "o", l == c->st->focus_lane ? VS_FOCUS_LANE : s == l ? VS_DIM : VS_WARPSYNC_WAIT);
		}
		y++;
	}
	if (v->coll == UI_COLL_VOTE && y < ymax) {
		put_str(c, c->r.x, y, "pred", VS_DIM);
		for (int l = 0; l < UI_WARP_SIZE; l++)
			if (v->part >> l & 1)
				put_str(c, strip_x(x0, l, seg), y, v->gave[l] ? "1" : "0",
					v->gave[l] ? VS_ACTIVE_LANE : VS_DIM);
		y++;
	}
	return y;
}

static int lanes_var(struct ctx *c, const struct ui_lanevar *v, int y, int ymax)
{
	int vw = 1, cw, per, x0 = c->r.x;
	const char *arrow = sym(c, "\u2190", "<");

	for (int l = 0; l < UI_WARP_SIZE; l++)
		if (v->value[l] && (int)text_cols(v->value[l]) > vw)
			vw = (int)text_cols(v->value[l]);
	if (vw > 20)
		vw = 20;
	cw = 3 + vw + (v->has_src ? 4 : 0) + 1;
	per = c->r.w / cw >= 32 ? 32 : c->r.w / cw >= 16 ? 16 : c->r.w / cw >= 8 ? 8 : c->r.w / cw >= 4 ? 4 : c->r.w / cw >= 2 ? 2 : 1;
	put_fmt(c, x0, y, VS_KEYWORD, "%s", v->name);
	y++;
	if (v->frag_rows > 0 && v->frag_owner) {
		/* which lane holds each element; the focused lane's highlighted */
		if (v->frag_focus && y < ymax)
			put_str(c, x0, y++, v->frag_focus, VS_HIGHLIGHT);
		if (y < ymax)
			put_fmt(c, x0, y++, VS_DIM, "lane holding each element (rows %d, columns %d):", v->frag_rows,
				v->frag_cols);
		for (int r = 0; r < v->frag_rows && y < ymax; r++, y++) {
			put_fmt(c, x0, y, VS_DIM, "%3d", r);
			for (int k = 0; k < v->frag_cols; k++) {
				int l = v->frag_owner[r * v->frag_cols + k];

				put_fmt(c, x0 + 4 + 3 * k, y, l == c->st->focus_lane ? VS_FOCUS_LANE : VS_DIM, "%2d", l);
			}
		}
		if (y < ymax)
			put_str(c, x0, y++, "x[] of each lane:", VS_DIM);
	}
	if (v->coll)
		y = coll_strips(c, v, y, ymax);
	if (v->has_src && y < ymax)
		put_fmt(c, x0, y++, VS_DIM, "lane: value received %s source lane", arrow);
	/* a ballot or match: the focused lane's mask as bits first (lane 31 left) */
	if (v->has_bits && y < ymax) {
		int fl = c->st->focus_lane >= 0 && c->st->focus_lane < 32 ? c->st->focus_lane : 0;
		uint32_t m = v->bits[fl];
		int x = put_fmt(c, x0, y, VS_DIM, c->r.w >= 48 ? "lane %d mask " : "L%d ", fl);

		for (int b = 31; b >= 0; b--) {
			if (b != 31 && b % 8 == 7)
				x++;
			put_ch(c, x++, y, m >> b & 1 ? '1' : '0', m >> b & 1 ? VS_ACTIVE_LANE : VS_DIM);
		}
		if (x + 12 <= c->r.x + c->r.w)
			put_fmt(c, x + 1, y, VS_NUMBER, "0x%08x", m);
		y++;
	}
	for (int l = 0; l < UI_WARP_SIZE && y < ymax; l += per, y++) {
		for (int k = 0; k < per && l + k < UI_WARP_SIZE; k++) {
			int lane = l + k, x = x0 + k * cw;
			int focus = lane == c->st->focus_lane;
			const char *val = v->value[lane];

			put_fmt(c, x, y, focus ? VS_FOCUS_LANE : VS_DIM, "%2d:", lane);
			put_fmt(c, x + 3, y, val ? (focus ? VS_HIGHLIGHT : VS_NUMBER) : VS_DIM, "%*.*s",
				vw, vw, val ? val : "-");
			if (v->has_src && val && v->src[lane] >= 0) {
				put_str(c, x + 3 + vw, y, arrow, VS_WARPSYNC_WAIT);
				put_fmt(c, x + 4 + vw, y, VS_WARPSYNC_WAIT, "%-2d", v->src[lane]);
			}
		}
	}
	return y;
}

static void draw_lanes(struct ctx *c)
{
	struct view_rect in = pane_title(c, PANE_LANES, NULL);
	int y;

	if (in.h <= 0)
		return;
	c->r = in;
	y = in.y - c->ctl->scroll[PANE_LANES];
	if (!c->st->nlanes)
		put_str(c, in.x, in.y, "(no variables: print EXPR @ lanes)", VS_DIM);
	for (int i = 0; i < c->st->nlanes && y < in.y + in.h; i++)
		y = lanes_var(c, &c->st->lanes[i], y, in.y + in.h) + 1;
}

/* ---- thread pane ---- */

static void draw_thread(struct ctx *c)
{
	const struct ui_thread *t = &c->st->thread;
	struct view_rect in = pane_title(c, PANE_THREAD, NULL);
	int y = in.y - c->ctl->scroll[PANE_THREAD], nw = 4, tw = 4;

	if (in.h <= 0)
		return;
	c->r = in;
	if (!c->st->nwarps && !t->func) {
		put_str(c, in.x, y, "(host code: no GPU thread)", VS_DIM);
		return;
	}
	if (!c->st->nwarps) { /* the host thread: main()'s locals */
		put_fmt(c, in.x, y++, VS_NORMAL, "host thread (CPU)  line %d", t->line);
	} else {
		put_fmt(c, in.x, y++, VS_NORMAL, "blockIdx  (%d,%d,%d)", t->block[0], t->block[1], t->block[2]);
		put_fmt(c, in.x, y++, VS_NORMAL, "threadIdx (%d,%d,%d)", t->thread[0], t->thread[1], t->thread[2]);
		if (t->line > 0)
			put_fmt(c, in.x, y++, VS_NORMAL, "warp %d  lane %d  line %d", t->warp, t->lane, t->line);
		else
			put_fmt(c, in.x, y++, VS_NORMAL, "warp %d  lane %d", t->warp, t->lane);
	}
	if (t->func && t->func[0] == '(') /* "(exited)": no function to name */
		put_fmt(c, in.x, y++, VS_DIM, "%s", t->func);
	else if (t->func)
		put_fmt(c, in.x, y++, VS_DIM, "in %s()", t->func);
	for (int i = 0; i < t->nlocals; i++) {
		if ((int)text_cols(t->locals[i].name) > nw)
			nw = (int)text_cols(t->locals[i].name);
		if ((int)text_cols(t->locals[i].type) > tw)
			tw = (int)text_cols(t->locals[i].type);
	}
	for (int i = 0; i < t->nlocals; i++, y++) {
		int x = put_fmt(c, in.x, y, VS_KEYWORD, "%-*s ", tw, t->locals[i].type);

		x = put_fmt(c, x, y, VS_NORMAL, "%-*s = ", nw, t->locals[i].name);
		put_str(c, x, y, t->locals[i].value, VS_NUMBER);
	}
}

/* ---- memory pane ---- */

static int acc_style(const struct ui_array *a, int i)
{
	int m = a->access ? a->access[i] : 0;

	return m & UI_ACC_WRITE ? VS_WRITE : m & UI_ACC_READ ? VS_READ : VS_NUMBER;
}

/* Elements as a table; banks under each row when banks != 0. */
static int array_table(struct ctx *c, const struct ui_array *a, int y, int ymax, int banks)
{
	int vw = 1, cw, per = 1;

	for (int i = 0; i < a->count; i++)
		if (a->values && a->values[i] && (int)text_cols(a->values[i]) > vw)
			vw = (int)text_cols(a->values[i]);
	if (vw > 16)
		vw = 16;
	if (banks && vw < 3)
		vw = 3;
	cw = vw + 1;
	while (per * 2 <= 32 && 6 + per * 2 * cw <= c->r.w)
		per *= 2;
	for (int i = 0; i < a->count && y < ymax; i += per) {
		put_fmt(c, c->r.x, y, VS_DIM, "%4d:", i);
		for (int k = 0; k < per && i + k < a->count; k++) {
			const char *v = a->values ? a->values[i + k] : NULL;

			put_fmt(c, c->r.x + 5 + k * cw, y, acc_style(a, i + k), "%*.*s", vw, vw, v ? v : "?");
		}
		y++;
		if (banks && y < ymax) {
			put_str(c, c->r.x, y, "bank:", VS_DIM);
			for (int k = 0; k < per && i + k < a->count; k++) {
				uint64_t word = (a->addr + (uint64_t)(i + k) * (uint64_t)a->elem_size) / 4;

				put_fmt(c, c->r.x + 5 + k * cw, y, VS_DIM, "%*d", vw, (int)(word % 32));
			}
			y++;
		}
	}
	return y;
}

static void draw_memory(struct ctx *c)
{
	const struct ui_memory *m = &c->st->mem;
	struct view_rect in = pane_title(c, PANE_MEMORY, NULL);
	int y, ymax = in.y + in.h;

	if (in.h <= 0)
		return;
	c->r = in;
	y = in.y - c->ctl->scroll[PANE_MEMORY];
	if (!m->nshared && !m->nglobal && !m->tex_head)
		put_str(c, in.x, y, "(no shared arrays or global buffers yet)", VS_DIM);
	for (int i = 0; i < m->nshared && y < ymax; i++) {
		const struct ui_array *a = &m->shared[i];
		int x = put_fmt(c, in.x, y, VS_KEYWORD, "__shared__ %s %s[%d]", a->type, a->name, a->count);

		if (i == 0 && m->conflict_degree)
			put_fmt(c, x + 2, y, m->conflict_degree > 1 ? VS_ERROR : VS_ACTIVE_LANE,
				"last access: %d-way%s%s", m->conflict_degree,
				m->conflict_degree > 1 ? " bank conflict" : " (no conflict)",
				m->conflict_note ? "" : "");
		y++;
		if (i == 0 && m->conflict_note && y < ymax)
			put_str(c, in.x + 2, y++, m->conflict_note, VS_DIM);
		y = array_table(c, a, y, ymax, 1);
	}
	for (int i = 0; i < m->nglobal && y < ymax; i++) {
		const struct ui_array *a = &m->global[i];

		put_fmt(c, in.x, y++, VS_KEYWORD, "global %s %s[%d] @0x%llx", a->type, a->name,
			a->count, (unsigned long long)a->addr);
		y = array_table(c, a, y, ymax, 0);
	}
	if (m->tex_head && y < ymax) {
		put_str(c, in.x, y++, m->tex_head, VS_KEYWORD);
		for (int i = 0; i < m->ntex && y < ymax; i++)
			put_str(c, in.x + 2, y++, m->tex_texels[i], strstr(m->tex_texels[i], "(border)") ? VS_DIM : VS_NUMBER);
		if (m->tex_result && y < ymax)
			put_str(c, in.x + 2, y++, m->tex_result, VS_HIGHLIGHT);
	}
	if (m->nsectors && y < ymax) {
		int x = put_fmt(c, in.x, y, VS_NORMAL, "last global warp access: %d sector%s", m->nsectors,
				m->nsectors == 1 ? "" : "s");

		if (m->requests)
			x = put_fmt(c, x, y, m->nsectors > m->requests ? VS_ERROR : VS_ACTIVE_LANE,
				    " (ideal %d)", m->requests);
		y++;
		x = in.x + 2;
		for (int i = 0; i < m->nsectors && y < ymax; i++) {
			if (x + 12 > in.x + in.w) {
				x = in.x + 2;
				y++;
			}
			x = put_fmt(c, x, y, VS_DIM, "0x%llx ", (unsigned long long)m->sectors[i]);
		}
	}
}

/* ---- sync pane ---- */

/* A lane of warp w of the focused block as the warps pane draws it. */
static int sync_lane_status(const struct ui_state *st, int w, int l, uint32_t exited)
{
	if (exited >> l & 1)
		return UI_LANE_EXITED;
	if (w >= 0 && w < st->nwarps && st->warps[w].id == w)
		return st->warps[w].status[l];
	return UI_LANE_INACTIVE;
}

/* One warp's lanes: those in `in` as waiting at the barrier, the others as
 * the warps pane draws them (exited lanes as exited). Returns x after. */
static int sync_lanes(struct ctx *c, int x, int y, int w, uint32_t in, uint32_t exited, int live)
{
	for (int l = 0; l < UI_WARP_SIZE; l++) {
		int s = in >> l & 1 ? UI_LANE_BARRIER : sync_lane_status(c->st, w, l, exited);

		if (!(in >> l & 1) && ((s == UI_LANE_INACTIVE && w * 32 + l < live) || s == UI_LANE_BARRIER))
			s = UI_LANE_DIVERGED; /* not arrived: runs or waits elsewhere */
		if (l && l % 8 == 0)
			x++;
		put_str(c, x++, y, ui_lane_glyph(s, c->ctl->ascii), lane_style(s));
	}
	return x;
}

static void draw_sync(struct ctx *c)
{
	const struct ui_sync *s = &c->st->sync;
	struct view_rect in = pane_title(c, PANE_SYNC, s->model);
	int y, ymax = in.y + in.h;

	if (in.h <= 0)
		return;
	c->r = in;
	y = in.y - c->ctl->scroll[PANE_SYNC];
	if (!s->nbarriers && !s->ncubars && !s->npending && !s->ncolls && !s->npipes && !s->ncopies)
		put_str(c, in.x, y, "(no barrier or pending store)", VS_DIM);
	for (int i = 0; i < s->nbarriers && y < ymax; i++) {
		const struct ui_barrier *b = &s->barriers[i];
		int n = 0;

		for (int w = 0; w < b->nwarps; w++)
			n += __builtin_popcount(b->arrived[w]);
		put_fmt(c, in.x, y++, VS_KEYWORD, "__syncthreads block (%d,%d,%d) gen %u: %d/%d arrived",
			b->block[0], b->block[1], b->block[2], b->generation, n, b->expected);
		for (int w = 0; w < b->nwarps && y < ymax; w++, y++) {
			put_fmt(c, in.x + 1, y, VS_DIM, "w%-3d", w);
			sync_lanes(c, in.x + 5, y, w, b->arrived[w], b->exited ? b->exited[w] : 0, b->expected);
		}
	}
	for (int i = 0; i < s->ncubars && y < ymax; i++) {
		const struct ui_cubarrier *b = &s->cubars[i];
		int grid = b->kind && !strcmp(b->kind, "grid sync");

		put_fmt(c, in.x, y++, VS_KEYWORD, grid ? "%s %s: generation %d, %d of %d threads pending"
			: "%s %s: phase %d, %d of %d arrivals pending", b->kind ? b->kind : "cuda::barrier",
			b->name, b->phase, b->pending, b->expected);
		for (int w = 0; w < b->nwarps && y < ymax; w++) {
			int x;

			if (!b->waiting[w])
				continue;
			put_fmt(c, in.x + 1, y, VS_DIM, "w%-3d", w);
			x = sync_lanes(c, in.x + 5, y, w, b->waiting[w], 0, 0);
			put_fmt(c, x + 1, y++, VS_BARRIER_WAIT, "wait for %s %d", grid ? "generation" : "phase",
				b->wait_phase ? b->wait_phase[w] : 0);
		}
		if (b->waiters && y < ymax)
			put_fmt(c, in.x + 2, y++, VS_BARRIER_WAIT, "waiting: %s", b->waiters);
	}
	for (int i = 0; i < s->ncolls && y < ymax; i++, y++) {
		const struct ui_collwait *k = &s->colls[i];
		int x = put_fmt(c, in.x, y, VS_KEYWORD, "warp collective %s", k->what);

		put_fmt(c, x, y, VS_WARPSYNC_WAIT, ": w%d lanes 0x%08x wait (line %d)", k->warp,
			(unsigned)k->lanes, k->line);
	}
	if (s->npending && y < ymax)
		put_str(c, in.x, y++, "pending stores (not yet visible to other threads):", VS_KEYWORD);
	for (int i = 0; i < s->npending && y < ymax; i++, y++) {
		const struct ui_pending *p = &s->pending[i];
		int x = put_fmt(c, in.x + 2, y, VS_NORMAL, "%-12s %s = ", p->thread, p->target);

		x = put_str(c, x, y, p->value, VS_WRITE);
		if (p->fence)
			put_fmt(c, x + 2, y, VS_WARPSYNC_WAIT, "[%s]", p->fence);
	}
	for (int i = 0; i < s->npipes && y < ymax; i++) {
		const struct ui_pipeline *p = &s->pipes[i];

		put_str(c, in.x, y++, p->title, VS_KEYWORD);
		for (int k = 0; k < p->nstages && y < ymax; k++) {
			int ready = !strcmp(p->state[k], "ready"), flight = !strcmp(p->state[k], "committed");

			put_str(c, in.x + 2, y++, p->stage[k],
				ready ? VS_WRITE : flight ? VS_BARRIER_WAIT : !strcmp(p->state[k], "free") ? VS_DIM
										  : VS_NORMAL);
		}
	}
	if (s->ncopies && y < ymax)
		put_fmt(c, in.x, y++, VS_KEYWORD, "asynchronous copies in flight: %d", s->copies_total);
	for (int i = 0; i < s->ncopies && y < ymax; i++)
		put_str(c, in.x + 2, y++, s->copies[i], VS_BARRIER_WAIT);
}

/* ---- the Order pane: memory events as an execution graph ---- */

static int mm_style(const struct ui_mmev *e)
{
	switch (e->kind) {
	case UI_MM_R: return e->weak ? VS_ERROR : VS_READ;
	case UI_MM_W: return VS_WRITE;
	case UI_MM_RMW: return VS_WRITE;
	case UI_MM_F: return VS_KEYWORD;
	default: return VS_BARRIER_WAIT;
	}
}

static void draw_order(struct ctx *c)
{
	const struct ui_order *o = &c->st->order;
	char extra[48];
	struct view_rect in;
	int y, ymax, rows = 0, cw, ncol;

	if (!o->on)
		snprintf(extra, sizeof(extra), "sc");
	else
		snprintf(extra, sizeof(extra), "relaxed, %d event%s%s%s", o->nev + o->earlier,
			 o->nev + o->earlier == 1 ? "" : "s", o->earlier ? ", the latest shown" : "",
			 o->dropped ? " (log full)" : "");
	in = pane_title(c, PANE_ORDER, extra);
	if (in.h <= 0)
		return;
	c->r = in;
	ymax = in.y + in.h;
	y = in.y - c->ctl->scroll[PANE_ORDER];
	if (!o->on) {
		put_str(c, in.x, y, "(memory ordering is shown under --model relaxed)", VS_DIM);
		return;
	}
	if (!o->nev) {
		put_str(c, in.x, y, "(no memory event in this launch yet)", VS_DIM);
		return;
	}
	/* one column per thread, its events in program order */
	cw = o->nthreads ? in.w / o->nthreads : in.w;
	if (cw > 24)
		cw = 24;
	if (cw < 14)
		cw = 14;
	ncol = in.w / cw;
	if (ncol > o->nthreads)
		ncol = o->nthreads;
	for (int k = 0; k < ncol; k++)
		put_str(c, in.x + k * cw, y, o->threads[k], VS_KEYWORD);
	if (o->nthreads > ncol || o->hidden)
		put_fmt(c, in.x + ncol * cw, y, VS_DIM, "+%d", o->nthreads - ncol + (o->hidden ? 1 : 0));
	y++;
	for (int i = 0; i < o->nev; i++)
		if (o->ev[i].row + 1 > rows)
			rows = o->ev[i].row + 1;
	for (int r = 0; r < rows; r++, y++) {
		if (y < in.y || y >= ymax)
			continue;
		for (int i = 0; i < o->nev; i++) {
			const struct ui_mmev *e = &o->ev[i];
			char cell[64];
			int x;

			if (e->row != r || e->col < 0 || e->col >= ncol)
				continue;
			x = put_fmt(c, in.x + e->col * cw, y, VS_DIM, "%s ", e->label);
			snprintf(cell, sizeof(cell), "%.*s", cw - (x - (in.x + e->col * cw)) - 1, e->text);
			put_str(c, x, y, cell, mm_style(e));
		}
	}
	/* the edges, packed into lines */
	if (o->nedges) {
		int x = put_str(c, in.x, y, "edges", VS_KEYWORD) + 1;

		for (int i = 0; i < o->nedges; i++) {
			const struct ui_mmedge *d = &o->edges[i];
			char t[96];

			snprintf(t, sizeof(t), "%s %s%s%s %s", d->kind, d->from >= 0 ? o->ev[d->from].label : "init",
				 c->ctl->ascii ? "->" : "\u2192", o->ev[d->to].label, d->note ? d->note : "");
			if (x + (int)text_cols(t) > in.x + in.w && x > in.x + 6) {
				y++;
				x = in.x + 6;
			}
			x = put_str(c, x, y, t, !strcmp(d->kind, "rf") ? VS_READ : !strcmp(d->kind, "co") ? VS_WRITE
											 : VS_BARRIER_WAIT) + 2;
		}
		y++;
	}
	if (o->why && y < ymax) {
		int x = put_fmt(c, in.x, y, VS_KEYWORD, "why %s", o->why_label ? o->why_label : "");

		y = put_wrapped(c, x + 1, y, in.x + 2, o->why, VS_NORMAL, &x) + 1;
	}
	for (int k = 0; k < o->nviews && y < ymax; k++) {
		int x;

		if (!o->views[k][0])
			continue;
		y = put_wrapped(c, in.x, y, in.x + 2, o->views[k], VS_DIM, &x) + 1;
	}
}

/* ---- findings and console ---- */

static void draw_findings(struct ctx *c)
{
	const struct ui_state *st = c->st;
	char extra[16];
	struct view_rect in;
	int y;

	snprintf(extra, sizeof(extra), "%d", st->nfindings);
	in = pane_title(c, PANE_FINDINGS, extra);
	if (in.h <= 0)
		return;
	c->r = in;
	y = in.y - c->ctl->scroll[PANE_FINDINGS];
	if (!st->nfindings)
		put_str(c, in.x, y, "(none)", VS_DIM);
	for (int i = 0; i < st->nfindings; i++, y++) {
		const struct ui_finding *f = &st->findings[i];
		int x = put_fmt(c, in.x, y, VS_ERROR, "%s", f->kind);
		char where[300];

		snprintf(where, sizeof(where), "%s:%d", f->file ? f->file : "?", f->line);
		if (x + 1 + (int)text_cols(where) > in.x + in.w)
			x = in.x + 1, y++; /* the place on its own line (wrapped if need be) */
		y = put_wrapped(c, x + 1, y, in.x + 2, where, VS_HIGHLIGHT, &x);
		if (x + 1 + (int)text_cols(f->message) > in.x + in.w)
			x = in.x + 1, y++; /* the message on its own lines */
		y = put_wrapped(c, x + 1, y, in.x + 2, f->message, VS_NORMAL, &x);
	}
}

static void draw_console(struct ctx *c)
{
	const struct ui_state *st = c->st;
	struct view_rect in = pane_title(c, PANE_CONSOLE, NULL);
	int n = (int)st->console.len, last = n - c->ctl->scroll[PANE_CONSOLE], first;

	if (in.h <= 0)
		return;
	if (last > n)
		last = n;
	first = last - in.h;
	if (first < 0)
		first = 0;
	for (int i = first; i < last; i++) {
		const struct ui_con_line *l = &st->console.v[i];
		int y = in.y + i - first;
		int style = l->kind == UI_CON_ECHO ? VS_HIGHLIGHT : l->kind == UI_CON_ERROR ? VS_ERROR
			  : l->kind == UI_CON_INFO ? VS_DIM : VS_NORMAL;

		if (l->kind == UI_CON_ECHO)
			put_str(c, put_str(c, in.x, y, "(ws) ", VS_DIM), y, l->text, style);
		else
			put_str(c, in.x, y, l->text, style);
	}
}

/* ---- status, command row, help, too small ---- */

/* "120" or "(4,2,1)" */
static int dims(char *buf, size_t n, const int d[3])
{
	if (d[1] <= 1 && d[2] <= 1)
		return snprintf(buf, n, "%d", d[0]);
	return snprintf(buf, n, "(%d,%d,%d)", d[0], d[1], d[2]);
}

/* The left part of the status line; terse: the short forms. */
static int status_text(const struct ui_state *st, char *buf, size_t size, int wide, int terse)
{
	static const char *const run[] = { "idle", "host", "kernel", "finished" };
	const char *file = st->file ? st->file : "-", *slash = strrchr(file, '/');
	size_t n;

	n = (size_t)snprintf(buf, size, " %s%s", wide && !terse ? "warpstep | " : "",
			     terse && slash ? slash + 1 : file);
	if (st->kernel && n < size) {
		n += (size_t)snprintf(buf + n, size - n, " | %s<<<", st->kernel);
		n += (size_t)dims(buf + n, size - n, st->grid);
		n += (size_t)snprintf(buf + n, size - n, ",");
		n += (size_t)dims(buf + n, size - n, st->blockdim);
		n += (size_t)snprintf(buf + n, size - n, ">>>");
	}
	if (st->nwarps && n < size)
		n += (size_t)snprintf(buf + n, size - n,
				      wide && !terse ? " | block (%d,%d,%d) warp %d lane %d" : " | blk (%d,%d,%d) w%d lane %d",
				      st->focus_block[0], st->focus_block[1], st->focus_block[2],
				      st->focus_warp, st->focus_lane);
	if (st->nfindings && n < size)
		n += (size_t)snprintf(buf + n, size - n, " | %d finding%s (7)", st->nfindings,
				      st->nfindings == 1 ? "" : "s");
	if (n < size)
		n += (size_t)snprintf(buf + n, size - n, " | step %llu | %s%s%s", (unsigned long long)st->steps,
				      terse && st->stop_reason ? "" : run[st->run < 4 ? st->run : 0],
				      st->stop_reason && !terse ? ": " : "", st->stop_reason ? st->stop_reason : "");
	return (int)text_cols(buf);
}

static void draw_status(struct ctx *c)
{
	const struct ui_state *st = c->st;
	char buf[400];
	int n;

	c->r = rect(0, 0, c->g->w, 1);
	fill_row(c, 0, VS_STATUS);
	char right[200];
	int rn;

	snprintf(right, sizeof(right), " simt %s, sched %s | ? help ", st->simt ? st->simt : "stack",
		 st->sched ? st->sched : "rr");
	rn = (int)strlen(right);
	/* the long form, or the short one when the stop reason would be cut,
	 * or an unusual scheduler (right) would not be shown */
	n = status_text(st, buf, sizeof(buf), c->g->w >= 100, 0);
	/* the scheduler and SIMT policy are worth the short form only when
	 * they are not the defaults (a replayed witness, --simt its) */
	int unusual = (st->sched && strcmp(st->sched, "rr")) || (st->simt && strcmp(st->simt, "stack"));
	if (n > c->g->w || (unusual && n + rn + 2 > c->g->w)) {
		char terse[400];
		int tn = status_text(st, terse, sizeof(terse), c->g->w >= 100, 1);

		if (tn + rn + 2 <= c->g->w || n > c->g->w) {
			memcpy(buf, terse, sizeof(buf));
			n = tn;
		}
	}
	put_str(c, 0, 0, buf, VS_STATUS);
	if (n + rn + 2 <= c->g->w)
		put_str(c, c->g->w - rn, 0, right, VS_STATUS);
}

static void draw_cmdrow(struct ctx *c)
{
	int y = c->g->h - 1;
	const struct view_ctl *ctl = c->ctl;

	c->r = rect(0, y, c->g->w, 1);
	fill_row(c, y, VS_NORMAL);
	if (ctl->cmdline) {
		int x = put_str(c, 0, y, "(ws) ", VS_HIGHLIGHT), cur = 0, skip;
		const char *p = ctl->cmdline;

		while (*p && (int)(p - ctl->cmdline) < ctl->cursor) {
			utf8_next(&p);
			cur++;
		}
		skip = cur - (c->g->w - x - 2);
		p = ctl->cmdline;
		for (; skip > 0 && *p; skip--, cur--)
			utf8_next(&p);
		put_str(c, x, y, p, VS_NORMAL);
		put_ch(c, x + cur, y, c->g->cells[y * c->g->w + x + cur].ch, VS_FOCUS_LANE);
	} else if (ctl->help) {
		put_str(c, 0, y, " j/k scroll   q, ? or Esc: back", VS_DIM);
	} else if (ctl->message) {
		put_str(c, 0, y, ctl->message, VS_ERROR);
	} else {
		put_str(c, 0, y, c->g->w >= 100 ?
			" :command  s step  n next  c continue  W warp-step  h/l lane  J/K warp  Tab pane  ? help  q quit" :
			" : cmd  s step  n next  c cont  h/l lane  J/K warp  ? help  q quit", VS_DIM);
	}
}

const char *const view_help_lines[] = {
	"warpstep - step a CUDA program warp by warp  (j/k scroll, q closes)",
	"",
	"Keys (gdb's TUI single-key mode where they clash)",
	"  s / n / i      step a line / next (over calls) / an instruction",
	"  c / f / r      continue / finish / run (asks while the program runs)",
	"  u / d / w / v  up / down a frame / where (backtrace) / info locals",
	"  W / b / B      step the focused warp / the whole block / to a barrier",
	"  R / N / C      reverse-step / reverse-next / reverse-continue",
	"  h l Left Right previous / next lane     J K  next / previous warp",
	"  j k Up Down    scroll the focused pane  PgUp PgDn  scroll faster",
	"  0              scroll every pane back   mouse: click focus, wheel",
	"  Tab Shift-Tab  next / previous pane     z  Esc  zoom it / back",
	"  1-9            show a pane: 1 source 2 warps 3 lanes 4 thread",
	"                 5 memory 6 sync 7 findings 8 console 9 order; o also",
	"  G              the GPU pane: a replayed GPU trace beside the emulator",
	"  :              command line (Tab completes, Up/Down history)",
	"  Enter          repeat the last command  ?  this help",
	"  q              quit (asks y or n while the program runs)",
	"  Ctrl-C         stop a long continue or a replay (it never quits)",
	"",
	"Commands (gdb / cuda-gdb style; a unique prefix works; help CMD)",
	"  step [N] (s)  next [N] (n)  stepi [N] (si)  finish  continue [N] (c)",
	"  until [LOC] (u)  advance LOC (both stop too when the frame returns)",
	"  warp-step (ws)  block-step (bs)",
	"  to-barrier (bar)  reverse-step (rs)  reverse-next (rn)",
	"  reverse-continue (rc)  reverse-finish  undo [N]  run (r)  start  kill (k)",
	"  break [LOC] [if COND] (b)  tbreak LOC (tb)  LOC: LINE, FILE:LINE, FUNC",
	"  break barrier  break finding [KIND]  condition N [COND]  ignore N COUNT",
	"  delete (d) | disable (dis) | enable (en) [N...]  watch|rwatch|awatch EXPR",
	"  enable once N | enable count C N | enable delete N",
	"  display[/FMT] EXPR  undisplay [N]  print[/FMT] EXPR [@ lanes] (p)",
	"  print: $1 $2 ...; $ $$ $$N $N reuse them   p x = 5  set var x = 5",
	"  x/NFU ADDR  p *ptr@N  $lane $warp $tid $block  set $VAR = EXPR",
	"  backtrace [N] (bt)  frame [N] (f)  up [N]  down [N]  list [LOC|-] (l)",
	"  info breakpoints|locals|args|frame|display (i)",
	"  info cuda threads|warps|lanes|blocks|kernels|barriers|textures",
	"  cuda thread (shows) | cuda block B thread T | cuda warp W lane L",
	"  focus warp W [lane L]  pane NAME|N  set simt|sched|model VALUE",
	"  reload (after a fix)  export svg [PANE] FILE  present [on|off]",
	"  explore (the outcomes the memory model allows)  witness N (replay one)",
	"  compare (G): a GPU trace beside the emulator's own run of the launch",
	"  help [CMD] (h)  quit (q)",
	"  A kernel's __brkpt() stops like a breakpoint; continue goes past it.",
	"",
	"In a lesson",
	"  Space Enter    next page (Space scrolls a long page first)",
	"  a  :answer     answer the question   e  :edit  edit the exercise",
	"  L  9  :lesson  lesson pane full screen / back to the debugger",
	"  j k PgUp PgDn  scroll the lesson     q  leave (progress is kept)",
	"  editor: arrows move; Ctrl-S or Ctrl-X saves and checks; Ctrl-C drops",
	"  :script FILE.lua  a scenario script (in its pauses any key steps)",
	"",
	"Panes (README.md, The interface, says more)",
	"  2 Warps  a row per warp: lanes, line, active mask in hex (or what it waits at)",
	"  3 Lanes  after a shuffle, vote, match or reduction: who took part, arrows",
	"           to each lane's source lane, the value each lane received",
	"  6 Sync   __syncthreads arrivals; each cuda::barrier's phase, expected and",
	"           pending counts and waiting lanes; grid sync; warp collectives",
	"  G GPU    (debug --gpu / --trace, :compare) per warp: the GPU's statement,",
	"           lanes, SM and order beside the emulator's; differences in red",
	"",
	"Warps pane glyphs",
	NULL,
};

static void draw_help(struct ctx *c)
{
	int y = 1, x;

	c->r = rect(1, 1, c->g->w - 2, c->g->h - 2);
	for (int i = c->ctl->help_scroll; view_help_lines[i] && y < c->g->h - 1; i++, y++)
		put_str(c, 2, y, view_help_lines[i], i == 0 ? VS_TITLE_FOCUS : view_help_lines[i][0] != ' ' ? VS_KEYWORD : VS_NORMAL);
	for (int s = 0; s < UI_LANE_COUNT && y < c->g->h - 1; s++, y++) {
		x = put_str(c, 4, y, ui_lane_glyph(s, c->ctl->ascii), lane_style(s));
		put_fmt(c, x + 2, y, VS_NORMAL, "%s", ui_lane_name(s));
	}
	if (y < c->g->h - 1)
		put_str(c, 2, ++y, "Source pane marks", VS_KEYWORD);
	for (int i = 0; i < 4 && ++y < c->g->h - 1; i++) {
		static const char *const u[] = { "\u25cf", "\u25b6", "\u25c6", "\u25c0 w1 w2:16" };
		static const char *const a[] = { "B", ">", "*", "< w1 w2:16" };
		static const char *const t[] = { "breakpoint", "the focused warp's current line",
						 "where diverged lanes reconverge",
						 "warps at this line (w2:16: 16 of its lanes)" };
		static const int st[] = { VS_BREAKPOINT, VS_CURRENT_LINE, VS_DIVERGED_LANE, VS_HIGHLIGHT };

		x = put_str(c, 4, y, sym(c, u[i], a[i]), st[i]);
		put_str(c, x + 2, y, t[i], VS_NORMAL);
	}
}

/* Below the minimum size: the message wrapped at spaces and centered; on
 * a screen too small even for that, the shortest form that fits. */
static void draw_too_small(struct ctx *c)
{
	char full[128], mid[64];
	const char *forms[] = { full, mid, "too small", "small", "!" };
	int w = c->g->w, h = c->g->h;

	snprintf(full, sizeof(full), "terminal too small (need %dx%d, have %dx%d)", VIEW_MIN_W, VIEW_MIN_H, w, h);
	snprintf(mid, sizeof(mid), "too small (need %dx%d)", VIEW_MIN_W, VIEW_MIN_H);
	c->r = rect(0, 0, w, h);
	for (size_t f = 0; f < WS_ARRAY_LEN(forms); f++) {
		const char *lines[16];
		int len[16], n = 0, fits = 1, y;
		const char *p = forms[f];

		/* greedy lines of whole words */
		while (*p && fits) {
			const char *start = p, *end = p;

			while (*p) {
				const char *q = p;

				while (*q && *q != ' ')
					q++;
				if (q - start > w && end != start)
					break;
				end = q;
				p = *q ? q + 1 : q;
				if (q - start > w)
					break;
			}
			if (end - start > w || n == 16) {
				fits = 0;
				break;
			}
			lines[n] = start;
			len[n++] = (int)(end - start);
		}
		if (!fits || n > h)
			continue;
		y = (h - n) / 2;
		for (int i = 0; i < n; i++) {
			char part[128];

			snprintf(part, sizeof(part), "%.*s", len[i], lines[i]);
			put_str(c, (w - len[i]) / 2, y + i, part, VS_ERROR);
		}
		return;
	}
}

/* ---- the GPU pane: the hardware's run beside the emulator's ---- */

static void draw_gpu(struct ctx *c)
{
	const struct ui_gpu *g = &c->st->gpu;
	struct view_rect in = pane_title(c, PANE_GPU, g->head);
	int y, ymax, xg, xe, xv, wide;

	if (in.h <= 0)
		return;
	c->r = in;
	ymax = in.y + in.h;
	y = in.y - c->ctl->scroll[PANE_GPU];
	if (!g->on) {
		put_str(c, in.x, y, "(a run recorded on the GPU is shown under debug --gpu or debug --trace FILE)",
			VS_DIM);
		return;
	}
	for (int i = 0; i < g->nlines; i++, y++)
		if (y >= in.y && y < ymax)
			put_str(c, in.x, y, g->lines[i], i || !g->compare ? VS_NORMAL : VS_KEYWORD);
	if (!g->compare) {
		if (y >= in.y && y < ymax)
			put_str(c, in.x, y, "(:compare or G: the emulator's own run of this launch beside it)", VS_DIM);
		return;
	}
	/* the columns: warp, its statements so far, the GPU's, the emulator's,
	 * values; a narrow pane leaves out the order and the SMs (the lines
	 * above say them per block) */
	wide = in.w >= 96;
	xg = in.x + 14;
	xe = xg + (wide ? 28 : 16);
	xv = xe + (wide ? 24 : 16);
	if (y >= in.y && y < ymax) {
		put_str(c, in.x, y, "warp       n", VS_DIM);
		put_str(c, xg, y, wide ? "GPU: # SM/slot line lanes" : "GPU", VS_DIM);
		put_str(c, xe, y, wide ? "emu: # SM line lanes" : "emulator", VS_DIM);
		if (g->watch)
			put_fmt(c, xv, y, VS_DIM, "%s (GPU|emulator)", g->watch);
	}
	y++;
	for (int i = 0; i < g->nrows; i++, y++) {
		const struct ui_gpurow *r = &g->rows[i];
		int x;

		if (y < in.y || y >= ymax)
			continue;
		x = put_fmt(c, in.x, y, r->focus ? VS_FOCUS_LANE : VS_NORMAL, "%-10s", r->warp);
		put_fmt(c, x + 1, y, VS_DIM, "%d", r->n);
		put_str(c, xg, y, wide ? r->gpu : r->gpu_short, wide && (r->differs & UI_GPU_ORDER) ? VS_ERROR : VS_NORMAL);
		put_str(c, xe, y, wide ? r->emu : r->emu_short,
			r->differs & (UI_GPU_LINE | UI_GPU_LANES) ? VS_ERROR : VS_NORMAL);
		x = xv;
		if (r->vals)
			x = put_str(c, xv, y, r->vals, r->differs & UI_GPU_VALUE ? VS_ERROR : VS_NORMAL) + 1;
		if (r->differs)
			put_fmt(c, x, y, VS_ERROR, "%s%s%s%s", r->differs & UI_GPU_LINE ? "path " : "",
				r->differs & UI_GPU_LANES ? "lanes " : "", r->differs & UI_GPU_ORDER ? "order " : "",
				r->differs & UI_GPU_VALUE ? "value" : "");
	}
}

/* ---- entry points ---- */

typedef void (*pane_fn)(struct ctx *c);
static const pane_fn pane_draw[PANE_COUNT] = {
	draw_source, draw_warps, draw_lanes, draw_thread,
	draw_memory, draw_sync, draw_findings, draw_console, draw_order, draw_gpu,
};

static void draw_pane(struct ctx *c, int p, struct view_rect r)
{
	c->r = r;
	for (int y = r.y; y < r.y + r.h; y++)
		fill_row(c, y, VS_NORMAL);
	pane_draw[p](c);
}

void view_render(struct view_grid *g, const struct ui_state *st, const struct view_ctl *ctl)
{
	struct ctx c = { g, st, ctl, { 0, 0, g->w, g->h } };
	struct view_rect r[PANE_COUNT];

	grid_clear(g);
	if (g->w < VIEW_MIN_W || g->h < VIEW_MIN_H) {
		draw_too_small(&c);
		return;
	}
	c.r = rect(0, 1, g->w, g->h - 2);
	for (int y = 1; y < g->h - 1; y++)
		for (int x = 0; x < g->w; x++)
			put_str(&c, x, y, sym(&c, "\u2502", "|"), VS_BORDER);
	draw_status(&c);
	if (ctl->help) {
		c.r = rect(0, 1, g->w, g->h - 2);
		for (int y = 1; y < g->h - 1; y++)
			fill_row(&c, y, VS_NORMAL);
		draw_help(&c);
	} else {
		view_layout(g->w, g->h, ctl, st->nwarps, r);
		for (int p = 0; p < PANE_COUNT; p++)
			if (r[p].w)
				draw_pane(&c, p, r[p]);
	}
	draw_cmdrow(&c);
}

void view_render_pane(struct view_grid *g, int pane, const struct ui_state *st,
		      const struct view_ctl *ctl)
{
	struct ctx c = { g, st, ctl, { 0, 0, g->w, g->h } };

	grid_clear(g);
	if (pane >= 0 && pane < PANE_COUNT)
		draw_pane(&c, pane, c.r);
}

static void put_utf8(struct strbuf *sb, uint32_t ch)
{
	char b[4];
	size_t n;

	if (ch < 0x80) {
		b[0] = (char)ch;
		n = 1;
	} else if (ch < 0x800) {
		b[0] = (char)(0xc0 | ch >> 6);
		b[1] = (char)(0x80 | (ch & 0x3f));
		n = 2;
	} else if (ch < 0x10000) {
		b[0] = (char)(0xe0 | ch >> 12);
		b[1] = (char)(0x80 | (ch >> 6 & 0x3f));
		b[2] = (char)(0x80 | (ch & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | ch >> 18);
		b[1] = (char)(0x80 | (ch >> 12 & 0x3f));
		b[2] = (char)(0x80 | (ch >> 6 & 0x3f));
		b[3] = (char)(0x80 | (ch & 0x3f));
		n = 4;
	}
	strbuf_add(sb, b, n);
}

char *view_to_text(const struct view_grid *g)
{
	struct strbuf sb;

	strbuf_init(&sb);
	for (int y = 0; y < g->h; y++) {
		int end = g->w;

		while (end > 0 && g->cells[y * g->w + end - 1].ch == ' ')
			end--;
		for (int x = 0; x < end; x++)
			put_utf8(&sb, g->cells[y * g->w + x].ch);
		strbuf_addc(&sb, '\n');
	}
	return strbuf_detach(&sb);
}

char *view_styles_to_text(const struct view_grid *g)
{
	static const char letters[] = {
#define X(n, ch) ch,
		VIEW_STYLE_LIST(X)
#undef X
	};
	struct strbuf sb;

	strbuf_init(&sb);
	for (int y = 0; y < g->h; y++) {
		for (int x = 0; x < g->w; x++) {
			int s = g->cells[y * g->w + x].style;

			strbuf_addc(&sb, s < VS_COUNT ? letters[s] : '?');
		}
		strbuf_addc(&sb, '\n');
	}
	return strbuf_detach(&sb);
}
