#include "diag.h"

#include <stdlib.h>
#include <string.h>

void srcmgr_init(struct srcmgr *sm)
{
	memset(sm, 0, sizeof(*sm));
}

void srcmgr_release(struct srcmgr *sm)
{
	for (size_t i = 0; i < sm->files.len; i++) {
		free(sm->files.v[i].name);
		free(sm->files.v[i].text);
		free(sm->files.v[i].line_off);
	}
	vec_free(&sm->files);
}

uint32_t srcmgr_add(struct srcmgr *sm, const char *name, char *text, size_t len, int builtin)
{
	struct srcfile f = { xstrdup(name), text, len, builtin, NULL, 0 };
	vec_push(&sm->files, f);
	return (uint32_t)sm->files.len;
}

const struct srcfile *srcmgr_file(const struct srcmgr *sm, uint32_t id)
{
	if (id == 0 || id > sm->files.len)
		return NULL;
	return &sm->files.v[id - 1];
}

const char *srcmgr_line(struct srcmgr *sm, uint32_t id, uint32_t line, size_t *n)
{
	if (id == 0 || id > sm->files.len || line == 0)
		return NULL;
	struct srcfile *f = &sm->files.v[id - 1];
	if (!f->line_off) {
		size_t cap = 16, cnt = 0;
		uint32_t *off = xmalloc(cap * sizeof(*off));
		off[cnt++] = 0;
		for (size_t i = 0; i < f->len; i++) {
			if (f->text[i] == '\n') {
				if (cnt == cap) {
					cap *= 2;
					off = xrealloc(off, cap * sizeof(*off));
				}
				off[cnt++] = (uint32_t)(i + 1);
			}
		}
		f->line_off = off;
		f->nlines = cnt;
	}
	if (line > f->nlines)
		return NULL;
	uint32_t s = f->line_off[line - 1];
	uint32_t e = s;
	while (e < f->len && f->text[e] != '\n')
		e++;
	if (e > s && f->text[e - 1] == '\r')
		e--;
	*n = e - s;
	return f->text + s;
}

void diaglist_init(struct diaglist *dl)
{
	memset(dl, 0, sizeof(*dl));
}

void diaglist_release(struct diaglist *dl)
{
	for (size_t i = 0; i < dl->v.len; i++) {
		free(dl->v.v[i].code);
		free(dl->v.v[i].msg);
	}
	vec_free(&dl->v);
	dl->nerrors = 0;
	dl->truncated = 0;
}

static int diag_vadd(struct diaglist *dl, enum diag_level lvl, struct span sp, const char *code,
		     int parent, const char *fmt, va_list ap)
{
	if (lvl == DIAG_ERROR) {
		if (dl->nerrors >= DIAG_MAX) {
			dl->truncated = 1;
			return -1;
		}
		dl->nerrors++;
	} else if (dl->v.len >= 4 * DIAG_MAX) {
		return -1;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_vaddf(&sb, fmt, ap);
	struct diag d = { lvl, sp, code ? xstrdup(code) : NULL, strbuf_detach(&sb), parent };
	vec_push(&dl->v, d);
	return (int)dl->v.len - 1;
}

int diag_add(struct diaglist *dl, enum diag_level lvl, struct span sp, const char *code,
	     const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = diag_vadd(dl, lvl, sp, code, -1, fmt, ap);
	va_end(ap);
	return r;
}

int diag_error(struct diaglist *dl, struct span sp, const char *code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = diag_vadd(dl, DIAG_ERROR, sp, code, -1, fmt, ap);
	va_end(ap);
	return r;
}

int diag_warning(struct diaglist *dl, struct span sp, const char *code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	int r = diag_vadd(dl, DIAG_WARNING, sp, code, -1, fmt, ap);
	va_end(ap);
	return r;
}

int diag_note(struct diaglist *dl, int parent, struct span sp, const char *fmt, ...)
{
	if (parent < 0)
		return -1;
	va_list ap;
	va_start(ap, fmt);
	int r = diag_vadd(dl, DIAG_NOTE, sp, NULL, parent, fmt, ap);
	va_end(ap);
	return r;
}

static const char *level_name(enum diag_level l)
{
	switch (l) {
	case DIAG_NOTE: return "note";
	case DIAG_WARNING: return "warning";
	default: return "error";
	}
}

static const char *level_color(enum diag_level l)
{
	switch (l) {
	case DIAG_NOTE: return "\033[1;36m";
	case DIAG_WARNING: return "\033[1;35m";
	default: return "\033[1;31m";
	}
}

void diag_render_one(struct srcmgr *sm, FILE *f, int color, enum diag_level lvl,
		     const char *kind, struct span sp, const char *msg)
{
	const struct srcfile *sf = srcmgr_file(sm, sp.file);
	if (color)
		fputs("\033[1m", f);
	if (sf)
		fprintf(f, "%s:%u:%u: ", sf->name, sp.line, sp.col);
	else
		fputs("warpstep: ", f);
	if (color)
		fputs(level_color(lvl), f);
	fputs(level_name(lvl), f);
	if (kind)
		fprintf(f, "[%s]", kind);
	if (color)
		fputs("\033[0m\033[1m", f);
	fprintf(f, ": %s", msg);
	if (color)
		fputs("\033[0m", f);
	fputc('\n', f);
	if (!sf)
		return;
	size_t n;
	const char *line = srcmgr_line(sm, sp.file, sp.line, &n);
	if (!line)
		return;
	fprintf(f, "%5u | ", sp.line);
	for (size_t i = 0; i < n; i++)
		fputc((unsigned char)line[i] < 32 && line[i] != '\t' ? '?' : line[i], f);
	fputs("\n      | ", f);
	for (uint32_t i = 1; i < sp.col && i <= n; i++)
		fputc(line[i - 1] == '\t' ? '\t' : ' ', f);
	if (color)
		fputs("\033[1;32m", f);
	fputc('^', f);
	size_t under = sp.len > 1 ? sp.len - 1 : 0;
	for (size_t i = 0; i < under && sp.col + i < n; i++)
		fputc('~', f);
	if (color)
		fputs("\033[0m", f);
	fputc('\n', f);
}

void diag_render(struct diaglist *dl, struct srcmgr *sm, FILE *f, int color)
{
	for (size_t i = 0; i < dl->v.len; i++) {
		struct diag *d = &dl->v.v[i];
		diag_render_one(sm, f, color, d->level, NULL, d->span, d->msg);
	}
	if (dl->truncated)
		fprintf(f, "warpstep: too many errors, stopping after %d\n", DIAG_MAX);
}
