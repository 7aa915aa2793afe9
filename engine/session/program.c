/*
 * program.c - compiling for the front ends (session.h, "compiling"): the
 * front end (front.h) behind the session's header, so that the interface
 * and the Lua host see only the session's and the machine's public headers.
 */
#include <stdlib.h>
#include <string.h>

#include "front.h"
#include "session.h"

struct program_impl {
	struct session_program pub;
	struct compilation c;
	struct pp_read_policy policy;
};

static struct front_opts front_opts_of(struct program_impl *p, const struct session_compile_opts *o)
{
	struct front_opts fo = { 0 };

	if (!o)
		return fo;
	fo.cuda_arch = o->cuda_arch;
	fo.include_dirs = o->include_dirs;
	fo.defines = o->defines;
	fo.cuda_version = o->cuda_version;
	fo.no_fmad = o->no_fmad;
	if (o->policy && p) {
		p->policy.may_read = o->policy->may_read;
		p->policy.ctx = o->policy->ctx;
		fo.policy = &p->policy;
	}
	return fo;
}

struct session_program *session_compile(const char *path, const char *text,
					const struct session_compile_opts *o)
{
	struct program_impl *p = xcalloc(1, sizeof(*p));
	struct front_opts fo = front_opts_of(p, o);
	int ret;

	compilation_init(&p->c);
	ret = text ? front_compile_string(&p->c, path, text, &fo) : front_compile_file(&p->c, path, &fo);
	if (ret == 0 && !(o && o->no_opt)) {
		if (o && o->inline_calls)
			ir_optimize_run(p->c.mod, &p->c.arena);
		else
			ir_optimize(p->c.mod);
	}
	p->pub.mod = ret == 0 ? p->c.mod : NULL;
	p->pub.sm = &p->c.sm;
	p->pub.diags = &p->c.diags;
	return &p->pub;
}

uint64_t session_program_bytes(const struct session_program *p)
{
	const struct program_impl *pi = (const struct program_impl *)p;

	return p ? pi->c.arena.total : 0;
}

void session_program_free(struct session_program *p)
{
	struct program_impl *pi = (struct program_impl *)p;

	if (!p)
		return;
	compilation_release(&pi->c);
	free(pi);
}

/* the diagnostics of p, rendered without color into out */
static void session_dump_diags(struct session_program *p, struct strbuf *out)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return;
	diag_render(p->diags, p->sm, f, 0);
	fclose(f);
	strbuf_add(out, buf, len);
	free(buf);
}

int session_dump(const char *path, enum session_dump stage, const struct session_compile_opts *o,
		 struct strbuf *out)
{
	struct program_impl tmp;
	struct front_opts fo;
	static const enum front_stage map[] = {
		[SESSION_DUMP_PP_HOST] = STAGE_PP_HOST, [SESSION_DUMP_PP_DEVICE] = STAGE_PP_DEVICE,
		[SESSION_DUMP_AST] = STAGE_AST, [SESSION_DUMP_IR] = STAGE_IR,
		[SESSION_DUMP_DIAGS] = STAGE_DIAGS,
	};

	if (stage == SESSION_DUMP_RUN_IR) {
		struct session_program *p = session_compile(path, NULL, o);
		int ret = p->mod ? 0 : -1;

		if (p->mod)
			ir_print(p->mod, out);
		else
			session_dump_diags(p, out);
		session_program_free(p);
		return ret;
	}
	memset(&tmp, 0, sizeof(tmp));
	fo = front_opts_of(&tmp, o);
	return front_dump(path, map[stage], &fo, out);
}

char *session_argv0(const char *path)
{
	const char *base = strrchr(path, '/');
	size_t n;
	char *r;

	base = base ? base + 1 : path;
	n = strlen(base);
	if (n > 3 && !strcmp(base + n - 3, ".cu"))
		n -= 3;
	r = xmalloc(n + 3);
	memcpy(r, "./", 2);
	memcpy(r + 2, base, n);
	r[n + 2] = 0;
	return r;
}
