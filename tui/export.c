/*
 * export.c - ANSI, asciicast and SVG renderings of a view_grid (export.h).
 */
#include <stdlib.h>
#include <string.h>

#include "export.h"

/* Per style: ANSI color (0-7, -1 default) of fg and bg, bold, dim,
 * underline. The one palette: term.c takes its curses colors from here
 * (export_style), so the terminal, the recording and the SVG agree. */
static const struct {
	signed char fg, bg;
	unsigned char bold, dim, ul;
} export_styles[VS_COUNT] = {
	[VS_NORMAL] = { -1, -1, 0, 0, 0 },
	[VS_DIM] = { -1, -1, 0, 1, 0 },
	[VS_HIGHLIGHT] = { 3, -1, 1, 0, 0 },
	[VS_ACTIVE_LANE] = { 2, -1, 1, 0, 0 },
	[VS_DIVERGED_LANE] = { 3, -1, 0, 0, 0 },
	[VS_EXITED_LANE] = { -1, -1, 0, 1, 0 },
	[VS_BARRIER_WAIT] = { 5, -1, 1, 0, 0 },
	[VS_WARPSYNC_WAIT] = { 6, -1, 1, 0, 0 },
	[VS_BREAKPOINT] = { 1, -1, 1, 0, 0 },
	[VS_CURRENT_LINE] = { 0, 6, 0, 0, 0 },
	[VS_ERROR] = { 1, -1, 1, 0, 0 },
	[VS_TITLE] = { 6, -1, 1, 0, 0 },
	[VS_TITLE_FOCUS] = { 0, 3, 1, 0, 0 },
	[VS_BORDER] = { 4, -1, 0, 0, 0 },
	[VS_STATUS] = { 0, 7, 0, 0, 0 },
	[VS_READ] = { 6, -1, 0, 0, 1 },
	[VS_WRITE] = { 1, -1, 1, 0, 1 },
	[VS_KEYWORD] = { 6, -1, 0, 0, 0 },
	[VS_NUMBER] = { -1, -1, 0, 0, 0 },
	[VS_FOCUS_LANE] = { 0, 3, 1, 0, 0 },
};

/* Without color (NO_COLOR, --mono): attributes that keep every style
 * distinct; term.c draws a monochrome terminal with the same table. */
static const struct {
	unsigned char rev, bold, dim, ul;
} export_mono[VS_COUNT] = {
	[VS_DIM] = { 0, 0, 1, 0 }, [VS_HIGHLIGHT] = { 0, 1, 0, 0 }, [VS_ACTIVE_LANE] = { 0, 1, 0, 0 },
	[VS_EXITED_LANE] = { 0, 0, 1, 0 }, [VS_BARRIER_WAIT] = { 0, 0, 0, 1 },
	[VS_WARPSYNC_WAIT] = { 0, 0, 0, 1 }, [VS_BREAKPOINT] = { 0, 1, 0, 0 },
	[VS_CURRENT_LINE] = { 1, 0, 0, 0 }, [VS_ERROR] = { 0, 1, 0, 1 }, [VS_TITLE] = { 0, 1, 0, 0 },
	[VS_TITLE_FOCUS] = { 1, 1, 0, 0 }, [VS_BORDER] = { 0, 0, 1, 0 }, [VS_STATUS] = { 1, 0, 0, 0 },
	[VS_READ] = { 0, 0, 0, 1 }, [VS_WRITE] = { 0, 1, 0, 1 }, [VS_KEYWORD] = { 0, 1, 0, 0 },
	[VS_FOCUS_LANE] = { 1, 1, 0, 0 },
};

void export_mono_style(int style, int *rev, int *bold, int *dim, int *ul)
{
	if (style < 0 || style >= VS_COUNT)
		style = VS_NORMAL;
	*rev = export_mono[style].rev;
	*bold = export_mono[style].bold;
	*dim = export_mono[style].dim;
	*ul = export_mono[style].ul;
}

int export_no_color(void)
{
	const char *v = getenv("NO_COLOR");

	return (v && *v) || getenv("WARPSTEP_MONO");
}

/* Colors for SVG, on a dark background (a projector-friendly palette). */
static const char *const rgb[8] = { "#1e1e1e", "#f05050", "#50d050", "#e0c040",
				    "#5080f0", "#d060d0", "#40c8d0", "#e8e8e8" };
#define SVG_BG "#101418"
#define SVG_FG "#d8d8d8"

void export_style(int style, int *fg, int *bg, int *bold, int *dim, int *ul)
{
	if (style < 0 || style >= VS_COUNT)
		style = VS_NORMAL;
	*fg = export_styles[style].fg;
	*bg = export_styles[style].bg;
	*bold = export_styles[style].bold;
	*dim = export_styles[style].dim;
	*ul = export_styles[style].ul;
}

const char *export_svg_rgb(int color)
{
	return color >= 0 && color < 8 ? rgb[color] : SVG_FG;
}

static void utf8_put(struct strbuf *out, uint32_t c)
{
	char b[4];
	size_t n;

	if (c < 0x80) {
		b[0] = (char)c;
		n = 1;
	} else if (c < 0x800) {
		b[0] = (char)(0xc0 | c >> 6);
		b[1] = (char)(0x80 | (c & 0x3f));
		n = 2;
	} else if (c < 0x10000) {
		b[0] = (char)(0xe0 | c >> 12);
		b[1] = (char)(0x80 | (c >> 6 & 0x3f));
		b[2] = (char)(0x80 | (c & 0x3f));
		n = 3;
	} else {
		b[0] = (char)(0xf0 | c >> 18);
		b[1] = (char)(0x80 | (c >> 12 & 0x3f));
		b[2] = (char)(0x80 | (c >> 6 & 0x3f));
		b[3] = (char)(0x80 | (c & 0x3f));
		n = 4;
	}
	strbuf_add(out, b, n);
}

static void sgr(struct strbuf *out, int s)
{
	strbuf_adds(out, "\x1b[0");
	if (export_styles[s].bold)
		strbuf_adds(out, ";1");
	if (export_styles[s].dim)
		strbuf_adds(out, ";2");
	if (export_styles[s].ul)
		strbuf_adds(out, ";4");
	if (export_styles[s].fg >= 0)
		strbuf_addf(out, ";%d", 30 + export_styles[s].fg);
	if (export_styles[s].bg >= 0)
		strbuf_addf(out, ";%d", 40 + export_styles[s].bg);
	strbuf_addc(out, 'm');
}

void export_ansi(const struct view_grid *g, struct strbuf *out)
{
	strbuf_adds(out, "\x1b[H");
	for (int y = 0; y < g->h; y++) {
		int cur = -1;

		strbuf_addf(out, "\x1b[%d;1H", y + 1);
		for (int x = 0; x < g->w; x++) {
			const struct view_cell *c = &g->cells[y * g->w + x];
			int s = c->style < VS_COUNT ? c->style : 0;

			if (s != cur)
				sgr(out, cur = s);
			utf8_put(out, c->ch ? c->ch : ' ');
		}
	}
	strbuf_adds(out, "\x1b[0m");
}

void export_cast_event(FILE *f, double t, const char *text)
{
	fprintf(f, "[%.6f, \"o\", \"", t);
	for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
		if (*p == '"' || *p == '\\')
			fprintf(f, "\\%c", *p);
		else if (*p < 0x20)
			fprintf(f, "\\u%04x", *p);
		else
			fputc(*p, f);
	}
	fputs("\"]\n", f);
}

static void svg_text(struct strbuf *out, uint32_t c)
{
	if (c == '&')
		strbuf_adds(out, "&amp;");
	else if (c == '<')
		strbuf_adds(out, "&lt;");
	else if (c == '>')
		strbuf_adds(out, "&gt;");
	else
		utf8_put(out, c);
}

/* One run of cells of one style on row y, from x0 to x1 (exclusive);
 * mono: the gray of the background and the foreground only, reverse for
 * the styles a monochrome terminal shows reversed. */
static void svg_run(struct strbuf *out, const struct view_grid *g, int y, int x0, int x1, int s, int mono)
{
	const char *fg = export_styles[s].fg >= 0 ? rgb[export_styles[s].fg] : SVG_FG;
	const char *bg = export_styles[s].bg >= 0 ? rgb[export_styles[s].bg] : NULL;
	int blank = 1, bold = export_styles[s].bold, dim = export_styles[s].dim, ul = export_styles[s].ul;

	if (mono) {
		fg = export_mono[s].rev ? SVG_BG : SVG_FG;
		bg = export_mono[s].rev ? SVG_FG : NULL;
		bold = export_mono[s].bold;
		dim = export_mono[s].dim;
		ul = export_mono[s].ul;
	}
	if (bg)
		strbuf_addf(out, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"18\" fill=\"%s\"/>\n",
			    x0 * 9, y * 18, (x1 - x0) * 9, bg);
	for (int x = x0; x < x1; x++)
		blank &= g->cells[y * g->w + x].ch == ' ' || !g->cells[y * g->w + x].ch;
	if (blank)
		return;
	strbuf_addf(out, "<text x=\"%d\" y=\"%d\" fill=\"%s\"%s%s%s textLength=\"%d\">", x0 * 9,
		    y * 18 + 14, fg, bold ? " font-weight=\"bold\"" : "", dim ? " opacity=\"0.6\"" : "",
		    ul ? " text-decoration=\"underline\"" : "", (x1 - x0) * 9);
	for (int x = x0; x < x1; x++)
		svg_text(out, g->cells[y * g->w + x].ch ? g->cells[y * g->w + x].ch : ' ');
	strbuf_adds(out, "</text>\n");
}

void export_svg(const struct view_grid *g, int mono, struct strbuf *out)
{
	strbuf_addf(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
		    "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
		    "font-size=\"15\" xml:space=\"preserve\">\n"
		    "<rect width=\"100%%\" height=\"100%%\" fill=\"" SVG_BG "\"/>\n",
		    g->w * 9, g->h * 18, g->w * 9, g->h * 18);
	for (int y = 0; y < g->h; y++) {
		int x0 = 0;

		for (int x = 1; x <= g->w; x++) {
			int s0 = g->cells[y * g->w + x0].style;

			if (x < g->w && g->cells[y * g->w + x].style == s0)
				continue;
			svg_run(out, g, y, x0, x, s0 < VS_COUNT ? s0 : 0, mono);
			x0 = x;
		}
	}
	strbuf_adds(out, "</svg>\n");
}
