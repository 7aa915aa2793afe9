/*
 * gen_write.h - how the build-time table generators (tools/prelude-gen.c,
 * tools/units-gen.c) write their C output: only when it changed, so that a
 * regenerated but identical file keeps its time and nothing recompiles;
 * through OUTPUT.tmp and a rename, so that an interrupted build never
 * leaves half a file. On failure: "TOOL: cannot ..." on stderr, exit 1.
 */
#ifndef WS_TOOLS_GEN_WRITE_H
#define WS_TOOLS_GEN_WRITE_H

#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void gen_die(const char *tool, const char *msg, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s\n", tool, msg, arg ? ": " : "", arg ? arg : "");
	exit(1);
}

static void gen_write(const char *tool, const char *out, const struct strbuf *sb)
{
	size_t len;
	const char *err;
	char *old = util_read_file(out, &len, &err);
	int same = old && len == sb->len && !memcmp(old, sb->buf, len);
	free(old);
	if (same)
		return;
	struct strbuf tmp;
	strbuf_init(&tmp);
	strbuf_adds(&tmp, out);
	strbuf_adds(&tmp, ".tmp");
	FILE *f = fopen(strbuf_cstr(&tmp), "w");
	if (!f)
		gen_die(tool, "cannot write", strbuf_cstr(&tmp));
	fwrite(sb->buf, 1, sb->len, f);
	if (ferror(f) | fclose(f))
		gen_die(tool, "cannot write", strbuf_cstr(&tmp));
	if (rename(strbuf_cstr(&tmp), out) != 0)
		gen_die(tool, "cannot rename the output to", out);
	strbuf_release(&tmp);
}

#endif
