/*
 * model.c - helpers to build and tear down a struct ui_state (model.h).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

#define UI_CONSOLE_MAX 2000 /* console lines kept */

void ui_state_init(struct ui_state *st)
{
	memset(st, 0, sizeof(*st));
	arena_init(&st->arena);
	st->focus_warp = 0;
	st->blockdim[0] = st->blockdim[1] = st->blockdim[2] = 1;
	st->grid[0] = st->grid[1] = st->grid[2] = 1;
}

static void console_free(struct ui_state *st)
{
	for (size_t i = 0; i < st->console.len; i++)
		free(st->console.v[i].text);
	vec_free(&st->console);
}

void ui_state_free(struct ui_state *st)
{
	arena_release(&st->arena);
	console_free(st);
	memset(st, 0, sizeof(*st));
}

void ui_state_clear_snapshot(struct ui_state *st)
{
	struct ui_state keep = *st;

	arena_release(&st->arena);
	ui_state_init(st);
	st->console = keep.console;
}

void *ui_alloc(struct ui_state *st, size_t n)
{
	return arena_alloc(&st->arena, n ? n : 1);
}

const char *ui_strdup(struct ui_state *st, const char *s)
{
	return s ? arena_strdup(&st->arena, s) : NULL;
}

const char *ui_strf(struct ui_state *st, const char *fmt, ...)
{
	char buf[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	return ui_strdup(st, buf);
}

void ui_set_source(struct ui_state *st, const char *file, const char *text)
{
	const char *p, *nl;
	int n = 0;

	st->file = ui_strdup(st, file);
	for (p = text; *p; p = nl + 1) {
		n++;
		if (!(nl = strchr(p, '\n')))
			break;
	}
	st->lines = UI_NEW(st, const char *, n);
	st->nlines = n;
	n = 0;
	for (p = text; *p && n < st->nlines; p = nl + 1) {
		nl = strchr(p, '\n');
		if (!nl)
			nl = p + strlen(p);
		st->lines[n++] = arena_strndup(&st->arena, p, (size_t)(nl - p));
		if (!*nl)
			break;
	}
}

static void console_push(struct ui_state *st, enum ui_con_kind kind, const char *s, size_t n)
{
	struct ui_con_line l = { kind, xstrndup(s, n) };

	if (st->console.len >= UI_CONSOLE_MAX) {
		free(st->console.v[0].text);
		memmove(st->console.v, st->console.v + 1,
			(st->console.len - 1) * sizeof(st->console.v[0]));
		st->console.len--;
	}
	vec_push(&st->console, l);
}

void ui_console_add(struct ui_state *st, enum ui_con_kind kind, const char *text)
{
	const char *nl;

	if (!text)
		return;
	while ((nl = strchr(text, '\n'))) {
		console_push(st, kind, text, (size_t)(nl - text));
		text = nl + 1;
	}
	if (*text)
		console_push(st, kind, text, strlen(text));
}

void ui_warp_fill(struct ui_warp *w, int id, int nlive, int line)
{
	memset(w, 0, sizeof(*w));
	w->id = id;
	for (int l = 0; l < UI_WARP_SIZE; l++) {
		w->status[l] = l < nlive ? UI_LANE_ACTIVE : UI_LANE_INACTIVE;
		w->line[l] = l < nlive ? line : 0;
	}
	w->ngroups = 1;
	w->groups[0].mask = nlive >= 32 ? 0xffffffffu : (1u << nlive) - 1;
	w->groups[0].line = line;
	w->current = 0;
}

int ui_block_threads(const struct ui_state *st)
{
	long n = 1;

	for (int i = 0; i < 3; i++)
		n *= st->blockdim[i] > 0 ? st->blockdim[i] : 1;
	return n > 1 << 20 ? 1 << 20 : (int)n;
}

void ui_thread_xyz(const struct ui_state *st, int linear, int xyz[3])
{
	int bx = st->blockdim[0] > 0 ? st->blockdim[0] : 1;
	int by = st->blockdim[1] > 0 ? st->blockdim[1] : 1;

	xyz[0] = linear % bx;
	xyz[1] = linear / bx % by;
	xyz[2] = linear / bx / by;
}

static const char *const lane_utf8[] = {
#define X(n, u, a, t) u,
	UI_LANE_LIST(X)
#undef X
};
static const char *const lane_ascii[] = {
#define X(n, u, a, t) a,
	UI_LANE_LIST(X)
#undef X
};
static const char *const lane_names[] = {
#define X(n, u, a, t) t,
	UI_LANE_LIST(X)
#undef X
};

const char *ui_lane_glyph(int status, int ascii)
{
	if (status < 0 || status >= UI_LANE_COUNT)
		return "?";
	return ascii ? lane_ascii[status] : lane_utf8[status];
}

const char *ui_lane_name(int status)
{
	return status >= 0 && status < UI_LANE_COUNT ? lane_names[status] : "?";
}
