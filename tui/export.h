/*
 * export.h - a view_grid as other formats: ANSI text (the frames of an
 * asciicast recording), asciicast v2 events, and SVG for slides.
 *
 * Contract: pure functions of the grid; the style colors follow term.c's
 * (keep them in step). Text is appended to out.
 */
#ifndef WS_UI_EXPORT_H
#define WS_UI_EXPORT_H

#include <stdio.h>
#include "view.h"

/* The whole screen: home, each row with SGR attributes, reset. */
void export_ansi(const struct view_grid *g, struct strbuf *out);
/* One asciicast v2 output event: [time, "o", "text"] and a newline. */
void export_cast_event(FILE *f, double t, const char *text);
/* An SVG document of the grid (monospace cells, our colors). */
void export_svg(const struct view_grid *g, struct strbuf *out);

#endif
