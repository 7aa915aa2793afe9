/*
 * prelude-gen.c - the host pass's prelude made at build time
 * (engine/front/prelude.h says what it holds and why).
 *
 * usage: prelude-gen OUTPUT
 *
 * Built from this tree's preprocessor, lexer, embedded headers and their
 * token tables, it preprocesses an empty program as the host pass of
 * front.c does with the default options (the implicit cuda_runtime.h, no
 * -D or -I, the default --cuda-version) and writes what the pass recorded
 * as its prelude (pp_prelude_emit) to OUTPUT, leaving OUTPUT untouched when
 * it is unchanged. Exits 1, writing nothing, when the prelude gives a
 * diagnostic, asks the read policy about a file, is not recorded (it
 * depends on __CUDA_ARCH__ or read a file from disk) or cannot be written.
 */
#include "pp.h"
#include "prelude.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* pp.o asks for the tables this tool makes: there are none yet */
const struct pb_prelude *pp_prebuilt(void)
{
	return NULL;
}

static void die(const char *msg, const char *arg)
{
	fprintf(stderr, "prelude-gen: %s%s%s\n", msg, arg ? ": " : "", arg ? arg : "");
	exit(1);
}

/* The prelude must not depend on the read policy: a run-time pass with
 * any policy loads the same tables. */
static int asked;
static int may_read(void *ctx, const char *path, const char **why)
{
	(void)ctx;
	(void)path;
	asked = 1;
	*why = "the prelude may not read files";
	return -1;
}

static int same_text(const char *path, const struct strbuf *sb)
{
	size_t len;
	const char *err;
	char *t = util_read_file(path, &len, &err);
	int same = t && len == sb->len && !memcmp(t, sb->buf, len);
	free(t);
	return same;
}

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: prelude-gen OUTPUT\n");
		return 2;
	}
	const char *out = argv[1];
	struct arena a;
	struct srcmgr sm;
	struct diaglist dl;
	arena_init(&a);
	srcmgr_init(&sm);
	diaglist_init(&dl);
	uint32_t id = srcmgr_add(&sm, "<prelude-gen>", xstrdup(""), 0, 0);
	struct pp_read_policy pol = { may_read, NULL };
	struct pp_opts o;
	memset(&o, 0, sizeof(o));
	o.implicit_include = "cuda_runtime.h"; /* as front.c's compile_id */
	o.policy = &pol;
	o.shared = pp_shared_new();
	o.no_prebuilt = 1;
	pp_run(&a, &sm, &dl, id, &o);
	if (dl.v.len)
		die("the prelude gives a diagnostic", dl.v.v[0].msg);
	if (asked)
		die("the prelude asks the read policy about a file", NULL);
	struct strbuf sb;
	strbuf_init(&sb);
	const char *why = NULL;
	if (pp_prelude_emit(o.shared, &sm, &sb, &why) < 0)
		die("the prelude cannot be written", why);
	if (same_text(out, &sb))
		return 0; /* unchanged: keep its time, so nothing recompiles */
	struct strbuf tmp;
	strbuf_init(&tmp);
	strbuf_adds(&tmp, out);
	strbuf_adds(&tmp, ".tmp");
	FILE *f = fopen(strbuf_cstr(&tmp), "w");
	if (!f)
		die("cannot write", strbuf_cstr(&tmp));
	fwrite(sb.buf, 1, sb.len, f);
	if (ferror(f) | fclose(f))
		die("cannot write", strbuf_cstr(&tmp));
	if (rename(strbuf_cstr(&tmp), out) != 0)
		die("cannot rename the output to", out);
	return 0;
}
