/*
 * export.h - a view_grid as other formats: ANSI text (the frames of an
 * asciicast recording), asciicast v2 events, and SVG for slides.
 *
 * Contract: pure functions of the grid. The style palette lives here
 * (export_style): term.c draws with the same ANSI colors and attributes, so
 * a recording or an SVG shows what the terminal showed. Text is appended
 * to out.
 */
#ifndef WS_UI_EXPORT_H
#define WS_UI_EXPORT_H

#include <stdio.h>
#include "view.h"

/* The whole screen: home, each row with SGR attributes, reset. */
void export_ansi(const struct view_grid *g, struct strbuf *out);
/* One asciicast v2 output event: [time, "o", "text"] and a newline. */
void export_cast_event(FILE *f, double t, const char *text);
/* An SVG document of the grid (monospace cells, our colors; mono: no
 * color, as a monochrome terminal draws it: see export_no_color). */
void export_svg(const struct view_grid *g, int mono, struct strbuf *out);
/* Whether the user asked for no color: NO_COLOR set and not empty
 * (no-color.org), or WARPSTEP_MONO set. */
int export_no_color(void);
/* A style without color: reverse, bold, dim, underline. */
void export_mono_style(int style, int *rev, int *bold, int *dim, int *ul);
/* A style's ANSI colors (0-7; -1: the terminal's default) and attributes. */
void export_style(int style, int *fg, int *bg, int *bold, int *dim, int *ul);
/* The SVG color of ANSI color 0-7 (else the default foreground). */
const char *export_svg_rgb(int color);

#endif
