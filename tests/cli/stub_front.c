/*
 * stub_front.c - TEMPORARY stand-in for the front end (engine/front.c).
 *
 * The Makefile links this into libwarpstep.a only while engine/front.c does
 * not exist, so that the build branch builds and tests standalone. Every
 * compile fails with one diagnostic at 1:1 whose message contains "(stub)";
 * the CLI tests see that text and mark what needs the real front end TODO.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "front.h"

void compilation_init(struct compilation *c)
{
	arena_init(&c->arena);
	srcmgr_init(&c->sm);
	diaglist_init(&c->diags);
	c->mod = NULL;
}

void compilation_release(struct compilation *c)
{
	diaglist_release(&c->diags);
	srcmgr_release(&c->sm);
	arena_release(&c->arena);
	c->mod = NULL;
}

static int stub_fail(struct compilation *c, uint32_t id)
{
	struct span sp = { id, 0, 0, 1, 1 };
	diag_error(&c->diags, sp, "stub", "front end not built (stub)");
	return -1;
}

int front_compile_string(struct compilation *c, const char *name, const char *text,
			 const struct front_opts *opts)
{
	size_t n = strlen(text);
	return stub_fail(c, srcmgr_add(&c->sm, name, xstrndup(text, n), n, 0));
}

int front_compile_file(struct compilation *c, const char *path, const struct front_opts *opts)
{
	const char *err;
	size_t len;
	char *text = util_read_file(path, &len, &err);
	struct span none = { 0, 0, 0, 0, 0 };

	if (!text) {
		diag_error(&c->diags, none, "io", "cannot read %s: %s", path, err);
		return -1;
	}
	return stub_fail(c, srcmgr_add(&c->sm, path, text, len, 0));
}

int front_dump(const char *path, enum front_stage stage, const struct front_opts *opts,
	       struct strbuf *out)
{
	struct compilation c;
	int ret;
	FILE *f;
	char *buf = NULL;
	size_t n = 0;

	compilation_init(&c);
	ret = front_compile_file(&c, path, opts);
	f = open_memstream(&buf, &n);
	if (f) {
		diag_render(&c.diags, &c.sm, f, 0);
		fclose(f);
		strbuf_add(out, buf, n);
		free(buf);
	}
	compilation_release(&c);
	return ret;
}
