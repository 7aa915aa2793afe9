/*
 * host_record.c - a recording `ws` host (host_record.h): what a script
 * compiled, and counts of what moved its machines.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "host_record.h"
#include "util.h"

struct rec_prog {
	uint64_t id;
	char *name, *text;
};

struct host_record {
	struct wsapi_host host, *in;
	unsigned gen, launches, moves;
	VEC(struct rec_prog) progs;
};

#define IN(r) ((struct host_record *)(r))->in

static int r_alive(void *ctx, enum wsapi_kind kind, uint64_t id)
{
	return IN(ctx)->alive(IN(ctx)->ctx, kind, id);
}

static void r_release(void *ctx, enum wsapi_kind kind, uint64_t id)
{
	IN(ctx)->release(IN(ctx)->ctx, kind, id);
}

static void prog_add(struct host_record *r, uint64_t id, const char *name, const char *text,
		     size_t len)
{
	struct rec_prog p = { id, xstrdup(name ? name : "script.cu"), xstrndup(text, len) };

	vec_push(&r->progs, p);
	r->gen++;
}

static int r_compile(void *ctx, const char *name, const char *text, size_t len, uint64_t *prog,
		     struct wsapi_out *diags, char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->compile(r->in->ctx, name, text, len, prog, diags, err);

	if (ret == 0)
		prog_add(r, *prog, name, text, len);
	return ret;
}

static int r_compile_file(void *ctx, const char *path, uint64_t *prog, struct wsapi_out *diags,
			  char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->compile_file(r->in->ctx, path, prog, diags, err);
	size_t len;
	const char *why;
	char *text;

	if (ret == 0 && (text = util_read_file(path, &len, &why))) {
		const char *slash = strrchr(path, '/');

		prog_add(r, *prog, slash ? slash + 1 : path, text, len);
		free(text);
	}
	return ret;
}

static int r_machine_new(void *ctx, uint64_t prog, const struct wsapi_machine_opts *o,
			 uint64_t *machine, char *err)
{
	return IN(ctx)->machine_new(IN(ctx)->ctx, prog, o, machine, err);
}

static int r_buffer_new(void *ctx, uint64_t machine, size_t bytes, uint64_t *buf, char *err)
{
	return IN(ctx)->buffer_new(IN(ctx)->ctx, machine, bytes, buf, err);
}

static int r_buffer_io(void *ctx, uint64_t buf, size_t offset, void *data, size_t n, int write,
		       char *err)
{
	return IN(ctx)->buffer_io(IN(ctx)->ctx, buf, offset, data, n, write, err);
}

static int r_buffer_addr(void *ctx, uint64_t buf, uint64_t *addr, char *err)
{
	return IN(ctx)->buffer_addr(IN(ctx)->ctx, buf, addr, err);
}

static int r_launch(void *ctx, uint64_t machine, const char *kernel, const struct wsapi_launch *l,
		    char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->launch(r->in->ctx, machine, kernel, l, err);

	if (ret == 0) {
		r->gen++;
		r->launches++;
		r->moves++;
	}
	return ret;
}

static int r_run_main(void *ctx, uint64_t machine, int argc, const char **argv, int *status,
		      char *err)
{
	((struct host_record *)ctx)->moves++;
	return IN(ctx)->run_main(IN(ctx)->ctx, machine, argc, argv, status, err);
}

static int r_step(void *ctx, uint64_t machine, enum wsapi_gran g, uint64_t n,
		  struct wsapi_out *stop, char *err)
{
	((struct host_record *)ctx)->moves++;
	return IN(ctx)->step(IN(ctx)->ctx, machine, g, n, stop, err);
}

static int r_breakpoint(void *ctx, uint64_t machine, const char *file, int line, int set, int *bp,
			char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->breakpoint(r->in->ctx, machine, file, line, set, bp, err);

	if (ret == 0)
		r->gen++;
	return ret;
}

static int r_query(void *ctx, uint64_t id, const char *what, const struct wsapi_where *w,
		   struct wsapi_out *out, char *err)
{
	return IN(ctx)->query(IN(ctx)->ctx, id, what, w, out, err);
}

static int r_choices(void *ctx, uint64_t machine, struct wsapi_out *out, char *err)
{
	return IN(ctx)->choices(IN(ctx)->ctx, machine, out, err);
}

static int r_choose(void *ctx, uint64_t machine, long long choice, char *err)
{
	((struct host_record *)ctx)->moves++;
	return IN(ctx)->choose(IN(ctx)->ctx, machine, choice, err);
}

static int r_explore(void *ctx, uint64_t machine, const struct wsapi_explore *x,
		     struct wsapi_out *out, char *err)
{
	return IN(ctx)->explore(IN(ctx)->ctx, machine, x, out, err);
}

static int r_subscribe(void *ctx, uint64_t machine, const char *event, int on, char *err)
{
	return IN(ctx)->subscribe(IN(ctx)->ctx, machine, event, on, err);
}

static int r_events(void *ctx, uint64_t machine, struct wsapi_out *out, char *err)
{
	return IN(ctx)->events(IN(ctx)->ctx, machine, out, err);
}

static size_t r_memory(void *ctx)
{
	struct host_record *r = ctx;

	return r->in->memory(r->in->ctx);
}

struct host_record *host_record_new(struct wsapi_host *in)
{
	struct host_record *r = xcalloc(1, sizeof(*r));
	struct wsapi_host *h = &r->host;

	r->in = in;
	h->ctx = r;
	if (!in)
		return r;
	h->budget = in->budget; /* the inner host does the work the budget counts */
#define SLOT(s) h->s = in->s ? r_##s : NULL
	SLOT(alive);
	SLOT(release);
	SLOT(compile);
	SLOT(compile_file);
	SLOT(machine_new);
	SLOT(buffer_new);
	SLOT(buffer_io);
	SLOT(buffer_addr);
	SLOT(launch);
	SLOT(run_main);
	SLOT(step);
	SLOT(breakpoint);
	SLOT(query);
	SLOT(choices);
	SLOT(choose);
	SLOT(explore);
	SLOT(subscribe);
	SLOT(events);
	SLOT(memory);
#undef SLOT
	return r;
}

struct wsapi_host *host_record_host(struct host_record *r)
{
	return r->in ? &r->host : NULL;
}

unsigned host_record_gen(const struct host_record *r)
{
	return r->gen;
}

const char *host_record_last_source(const struct host_record *r, const char **name)
{
	if (!r->progs.len)
		return NULL;
	*name = r->progs.v[r->progs.len - 1].name;
	return r->progs.v[r->progs.len - 1].text;
}

unsigned host_record_launches(const struct host_record *r)
{
	return r->launches;
}

unsigned host_record_moves(const struct host_record *r)
{
	return r->moves;
}

void host_record_free(struct host_record *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->progs.len; i++) {
		free(r->progs.v[i].name);
		free(r->progs.v[i].text);
	}
	vec_free(&r->progs);
	free(r);
}
