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
		if (!sm->files.v[i].borrowed)
			free(sm->files.v[i].text);
		free(sm->files.v[i].line_off);
	}
	vec_free(&sm->files);
}

uint32_t srcmgr_add(struct srcmgr *sm, const char *name, char *text, size_t len, int builtin)
{
	struct srcfile f = { xstrdup(name), text, len, builtin, NULL, 0, 0 };
	vec_push(&sm->files, f);
	return (uint32_t)sm->files.len;
}

uint32_t srcmgr_add_static(struct srcmgr *sm, const char *name, const char *text, size_t len, int builtin)
{
	struct srcfile f = { xstrdup(name), (char *)text, len, builtin, NULL, 0, 1 };
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
	for (size_t i = 0; i < dl->rules.len; i++)
		free(dl->rules.v[i].code);
	vec_free(&dl->rules);
	dl->nerrors = 0;
	dl->truncated = 0;
	dl->ruled = 0;
}

/* the warnings the diagnostic pragmas act on, with their stable numbers
 * (docs/diagnostics.md: append only, never renumber) */
static const struct { const char *code; int num; } diag_nums[] = {
	{ "pp-warning", 9001 },         /* #warning */
	{ "pp-extra-tokens", 9002 },
	{ "lex-int-unsigned", 9003 },
	{ "lex-bad-escape", 9004 },
	{ "lex-multichar", 9005 },
	{ "cuda-hd-call", 9006 },
	{ "string-to-char-ptr", 9007 },
	{ "delete-incomplete", 9008 },
	{ "pp-diag-pragma", 9009 },     /* a diagnostic pragma without a name */
};
#define NDIAG_NUMS (sizeof(diag_nums) / sizeof(diag_nums[0]))

int diag_code_number(const char *code)
{
	for (size_t i = 0; code && i < NDIAG_NUMS; i++)
		if (!strcmp(diag_nums[i].code, code))
			return diag_nums[i].num;
	return 0;
}

void diag_rule_add(struct diaglist *dl, struct span sp, enum diag_act act, const char *code)
{
	struct diag_rule r = { sp.file, sp.off, act, code ? xstrdup(code) : NULL };
	vec_push(&dl->rules, r);
}

/* the table index a pragma's name or number means, or -1 */
static int rule_index(const char *code)
{
	char *end;
	long n = strtol(code, &end, 10);
	for (size_t i = 0; i < NDIAG_NUMS; i++)
		if (*end ? !strcmp(diag_nums[i].code, code) : n == diag_nums[i].num)
			return (int)i;
	return -1;
}

/* what the pragmas before d in its file make of it: -1 as it is, else an
 * enum diag_act; *since: the offset of the `once` that holds */
static int rule_for(const struct diaglist *dl, const struct diag *d, int idx, uint32_t *since)
{
	enum { DEPTH = 16 };
	int8_t st[DEPTH][NDIAG_NUMS];
	uint32_t at[DEPTH][NDIAG_NUMS];
	int top = 0;
	memset(st[0], -1, sizeof(st[0]));
	for (size_t i = 0; i < dl->rules.len; i++) {
		const struct diag_rule *r = &dl->rules.v[i];
		if (r->file != d->span.file || r->off >= d->span.off)
			continue;
		if (r->act == DIAG_PUSH) {
			if (top + 1 < DEPTH) {
				memcpy(st[top + 1], st[top], sizeof(st[0]));
				memcpy(at[top + 1], at[top], sizeof(at[0]));
				top++;
			}
			continue;
		}
		if (r->act == DIAG_POP) {
			if (top > 0)
				top--;
			continue;
		}
		int k = r->code ? rule_index(r->code) : -1;
		if (k != idx)
			continue;
		st[top][k] = r->act == DIAG_DEFAULT ? -1 : (int8_t)r->act;
		at[top][k] = r->off;
	}
	*since = at[top][idx];
	return st[top][idx];
}

void diag_apply_rules(struct diaglist *dl)
{
	if (!dl->rules.len) {
		dl->ruled = dl->v.len;
		return;
	}
	size_t n = dl->ruled;
	int *map = xmalloc(sizeof(int) * (dl->v.len + 1));
	for (size_t i = 0; i < dl->v.len; i++) {
		struct diag d = dl->v.v[i];
		int keep = 1;
		map[i] = (int)n;
		if (i < dl->ruled) {
			map[i] = (int)i;
			continue;
		}
		if (d.level == DIAG_NOTE && d.parent >= 0) {
			keep = map[d.parent] >= 0;
			if (keep)
				d.parent = map[d.parent];
		} else if (d.level == DIAG_WARNING) {
			int idx = -1;
			for (size_t k = 0; d.code && k < NDIAG_NUMS; k++)
				if (!strcmp(diag_nums[k].code, d.code))
					idx = (int)k;
			uint32_t since = 0;
			int act = idx >= 0 ? rule_for(dl, &d, idx, &since) : -1;
			enum diag_level want = d.level;
			if (act == DIAG_SUPPRESS) {
				keep = 0;
			} else if (act == DIAG_AS_ERROR) {
				want = DIAG_ERROR;
			} else if (act == DIAG_AS_WARNING || act == DIAG_DEFAULT) {
				want = DIAG_WARNING;
			} else if (act == DIAG_ONCE) {
				/* an earlier one of the code after the pragma: a repeat */
				for (size_t k = 0; k < n && keep; k++) {
					const struct diag *e = &dl->v.v[k];
					if (e->level != DIAG_NOTE && e->code && !strcmp(e->code, d.code) &&
					    e->span.file == d.span.file && e->span.off > since)
						keep = 0;
				}
			}
			if (keep && want != d.level) {
				if (want == DIAG_ERROR)
					dl->nerrors++;
				else if (d.level == DIAG_ERROR && dl->nerrors > 0)
					dl->nerrors--;
				d.level = want;
			}
		}
		if (!keep) {
			map[i] = -1;
			free(d.code);
			free(d.msg);
			continue;
		}
		dl->v.v[n++] = d;
	}
	dl->v.len = n;
	dl->ruled = n;
	free(map);
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
