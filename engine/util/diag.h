/*
 * diag.h - source files, source spans, and diagnostics as data.
 *
 * Contract:
 * - A struct srcmgr owns the text of every file read during one compilation
 *   (the main file, quoted includes, built-in headers). Files are numbered
 *   from 1; file id 0 means "no location".
 * - A struct span is a byte range in one file plus the line/col of its start
 *   (1-based). Every token, AST node and IR instruction carries one.
 * - Diagnostics go into a struct diaglist; nothing prints or exits while
 *   compiling. diag_render prints them the way a good compiler does:
 *   "file:line:col: error: message", the source line, a caret, then notes.
 * - The list caps itself (DIAG_MAX errors) and records that it stopped.
 */
#ifndef WS_DIAG_H
#define WS_DIAG_H

#include <stdio.h>
#include <stdint.h>
#include "util.h"

struct span {
	uint32_t file; /* srcmgr file id, 0 = none */
	uint32_t off;  /* byte offset of the start */
	uint32_t len;  /* bytes */
	uint32_t line; /* 1-based line of the start */
	uint32_t col;  /* 1-based column (bytes) of the start */
};

struct srcfile {
	char *name;     /* as shown in diagnostics ("prog.cu", "<built-in>/stdio.h") */
	char *text;     /* NUL-terminated contents */
	size_t len;
	int builtin;    /* a built-in system header */
	uint32_t *line_off; /* start offset of each line, computed lazily */
	size_t nlines;
	int borrowed;   /* text is static (srcmgr_add_static): not freed */
};

struct srcmgr {
	VEC(struct srcfile) files; /* files.v[id-1] */
};

void srcmgr_init(struct srcmgr *sm);
void srcmgr_release(struct srcmgr *sm);
/* Take ownership of text (malloc'd, NUL-terminated); return the file id. */
uint32_t srcmgr_add(struct srcmgr *sm, const char *name, char *text, size_t len, int builtin);
/* The same for text that outlives the srcmgr (a built-in header's static
 * text): it is never written or freed. */
uint32_t srcmgr_add_static(struct srcmgr *sm, const char *name, const char *text, size_t len, int builtin);
const struct srcfile *srcmgr_file(const struct srcmgr *sm, uint32_t id); /* NULL if bad id */
/* The text of 1-based line `line` of file id, without its newline; *n gets its length. */
const char *srcmgr_line(struct srcmgr *sm, uint32_t id, uint32_t line, size_t *n);

enum diag_level { DIAG_NOTE, DIAG_WARNING, DIAG_ERROR };

struct diag {
	enum diag_level level;
	struct span span;
	char *code;    /* stable short code, e.g. "cuda-kernel-return", "syntax"; may be NULL */
	char *msg;     /* lowercase, no full stop, the problem first */
	int parent;    /* for notes: index of the diagnostic they belong to, else -1 */
};

#define DIAG_MAX 50

/* A diagnostic pragma (#pragma nv_diag_suppress 9007, docs/diagnostics.md):
 * from its place on, in its file, it changes what becomes of the warnings
 * it names. */
enum diag_act { DIAG_SUPPRESS, DIAG_AS_WARNING, DIAG_AS_ERROR, DIAG_DEFAULT, DIAG_ONCE, DIAG_PUSH, DIAG_POP };
struct diag_rule {
	uint32_t file, off;     /* where the pragma is */
	enum diag_act act;
	char *code;             /* a warning's code or number as written; NULL for push and pop */
};

struct diaglist {
	VEC(struct diag) v;
	int nerrors;
	int truncated; /* more than DIAG_MAX errors: the rest were dropped */
	VEC(struct diag_rule) rules;
	size_t ruled;  /* diagnostics before this one went through the rules */
};

void diaglist_init(struct diaglist *dl);
void diaglist_release(struct diaglist *dl);
/* Add a diagnostic; returns its index (or -1 when dropped past the cap). */
int diag_add(struct diaglist *dl, enum diag_level lvl, struct span sp, const char *code,
	     const char *fmt, ...) WS_PRINTF(5, 6);
int diag_error(struct diaglist *dl, struct span sp, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
int diag_warning(struct diaglist *dl, struct span sp, const char *code, const char *fmt, ...) WS_PRINTF(4, 5);
/* A note attached to diagnostic `parent`. */
int diag_note(struct diaglist *dl, int parent, struct span sp, const char *fmt, ...) WS_PRINTF(4, 5);

/* Record a diagnostic pragma at sp (code: NULL for push and pop). */
void diag_rule_add(struct diaglist *dl, struct span sp, enum diag_act act, const char *code);
/* The stable number of a warning code that the pragmas act on (9001 ...),
 * or 0: the code is not one of them (errors are never changed). */
int diag_code_number(const char *code);
/* Apply the pragmas to the diagnostics added since the last call: drop the
 * suppressed ones and the repeats of a `once`, make warnings errors or back
 * (nerrors follows). */
void diag_apply_rules(struct diaglist *dl);

/* Print every diagnostic to f. color: use ANSI colors. */
void diag_render(struct diaglist *dl, struct srcmgr *sm, FILE *f, int color);
/* Render one diagnostic-like message (also used for runtime findings). */
void diag_render_one(struct srcmgr *sm, FILE *f, int color, enum diag_level lvl,
		     const char *kind, struct span sp, const char *msg);

#endif
