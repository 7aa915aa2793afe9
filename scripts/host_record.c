/*
 * host_record.c - a recording `ws` host (host_record.h).
 */
#include <ctype.h>
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

struct rec_buf {
	uint64_t id, machine;
	size_t bytes;
	unsigned char *init; /* what the script wrote, NULL: nothing */
};

struct rec_machine {
	uint64_t id, prog;
};

struct host_record {
	struct wsapi_host host, *in;
	unsigned gen, launches, moves, break_seq;
	int last_break;
	VEC(struct rec_prog) progs;
	VEC(struct rec_buf) bufs;
	VEC(struct rec_machine) machines;
	VEC(int) breaks;
	VEC(struct host_record_step) steps;
	size_t launch_steps; /* steps.len at the last launch */
	/* the last launch */
	uint64_t lmachine;
	char *lkernel;
	struct wsapi_launch launch;
	struct wsapi_arg *largs;
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
	struct host_record *r = ctx;
	int ret = r->in->machine_new(r->in->ctx, prog, o, machine, err);

	if (ret == 0) {
		struct rec_machine m = { *machine, prog };

		vec_push(&r->machines, m);
	}
	return ret;
}

static struct rec_buf *buf_find(struct host_record *r, uint64_t id)
{
	for (size_t i = r->bufs.len; i-- > 0;)
		if (r->bufs.v[i].id == id)
			return &r->bufs.v[i];
	return NULL;
}

static int r_buffer_new(void *ctx, uint64_t machine, size_t bytes, uint64_t *buf, char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->buffer_new(r->in->ctx, machine, bytes, buf, err);

	if (ret == 0) {
		struct rec_buf b = { *buf, machine, bytes, NULL };

		vec_push(&r->bufs, b);
	}
	return ret;
}

static int r_buffer_io(void *ctx, uint64_t buf, size_t offset, void *data, size_t n, int write,
		       char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->buffer_io(r->in->ctx, buf, offset, data, n, write, err);
	struct rec_buf *b;

	if (ret == 0 && write && (b = buf_find(r, buf)) && b->bytes <= HOST_RECORD_MAX_INIT &&
	    ws_range_in(0, b->bytes, offset, n)) {
		if (!b->init)
			b->init = xcalloc(1, b->bytes ? b->bytes : 1);
		memcpy(b->init + offset, data, n);
	}
	return ret;
}

static int r_launch(void *ctx, uint64_t machine, const char *kernel, const struct wsapi_launch *l,
		    char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->launch(r->in->ctx, machine, kernel, l, err);

	if (ret == 0) {
		free(r->lkernel);
		free(r->largs);
		r->lmachine = machine;
		r->lkernel = xstrdup(kernel);
		r->launch = *l;
		r->largs = xcalloc(l->nargs ? l->nargs : 1, sizeof(*r->largs));
		if (l->nargs)
			memcpy(r->largs, l->args, l->nargs * sizeof(*r->largs));
		r->launch.args = r->largs;
		r->gen++;
		r->launches++;
		r->launch_steps = r->steps.len;
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
	struct host_record *r = ctx;
	struct host_record_step st = { (int)g, (unsigned long long)n };

	r->moves++;
	vec_push(&r->steps, st);
	return r->in->step(r->in->ctx, machine, g, n, stop, err);
}

static int r_breakpoint(void *ctx, uint64_t machine, const char *file, int line, int set, int *bp,
			char *err)
{
	struct host_record *r = ctx;
	int ret = r->in->breakpoint(r->in->ctx, machine, file, line, set, bp, err);

	if (ret == 0) {
		size_t i;

		for (i = 0; i < r->breaks.len && r->breaks.v[i] != line; i++)
			;
		if (set) {
			r->last_break = line;
			r->break_seq++;
		}
		if (set && i == r->breaks.len)
			vec_push(&r->breaks, line);
		else if (!set && i < r->breaks.len)
			r->breaks.v[i] = r->breaks.v[--r->breaks.len];
		r->gen++;
	}
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

size_t host_record_launch_steps(const struct host_record *r)
{
	return r->launch_steps;
}

const struct host_record_step *host_record_steps(const struct host_record *r, size_t *n)
{
	*n = r->steps.len;
	return r->steps.v;
}

unsigned host_record_launches(const struct host_record *r)
{
	return r->launches;
}

unsigned host_record_moves(const struct host_record *r)
{
	return r->moves;
}

int host_record_last_break(const struct host_record *r, unsigned *seq)
{
	*seq = r->break_seq;
	return r->last_break;
}

const int *host_record_breaks(const struct host_record *r, size_t *n)
{
	*n = r->breaks.len;
	return r->breaks.v;
}

static const struct rec_prog *launch_prog(const struct host_record *r)
{
	uint64_t prog = 0;

	for (size_t i = 0; i < r->machines.len; i++)
		if (r->machines.v[i].id == r->lmachine)
			prog = r->machines.v[i].prog;
	for (size_t i = r->progs.len; i-- > 0;)
		if (r->progs.v[i].id == prog)
			return &r->progs.v[i];
	return NULL;
}

/* The type of parameter i of kernel in src ("int *"), or "" when unknown. */
static void param_type(const char *src, const char *kernel, size_t i, char *out, size_t cap)
{
	const char *p = src, *q, *start;
	size_t klen = strlen(kernel), n = 0;
	int depth = 0;

	out[0] = 0;
	while ((p = strstr(p, kernel)) != NULL) {
		q = p + klen;
		if ((p == src || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
		    *(q += strspn(q, " \t\n")) == '(')
			break;
		p += klen;
	}
	if (!p)
		return;
	for (start = ++q; *q && depth >= 0; q++) {
		if (*q == '(' || *q == '<' || *q == '[')
			depth++;
		else if ((*q == ')' || *q == '>' || *q == ']') && depth-- == 0)
			break;
		if ((*q == ',' && depth == 0) || (*q == ')' && depth < 0)) {
			if (n++ == i)
				break;
			start = q + 1;
		}
	}
	if (n < i || !*q)
		return;
	/* start..q is "const int *a": drop the trailing name */
	{
		const char *e = q;

		while (e > start && isspace((unsigned char)e[-1]))
			e--;
		while (e > start && (isalnum((unsigned char)e[-1]) || e[-1] == '_'))
			e--;
		while (start < e && isspace((unsigned char)*start))
			start++;
		n = (size_t)(e - start) < cap - 1 ? (size_t)(e - start) : cap - 1;
		memcpy(out, start, n);
		out[n] = 0;
	}
}

static void gen_buffer(const struct host_record *r, struct strbuf *sb, size_t i, const char *type)
{
	const struct rec_buf *b = buf_find((struct host_record *)r, r->largs[i].buffer);
	size_t bytes = b ? b->bytes : 4;

	strbuf_addf(sb, "\t%s a%zu = 0;\n\tcudaMalloc((void **)&a%zu, %zu);\n", type, i, i, bytes);
	if (!b || !b->init) {
		strbuf_addf(sb, "\tcudaMemset(a%zu, 0, %zu);\n", i, bytes);
		return;
	}
	strbuf_addf(sb, "\tstatic const unsigned char init%zu[%zu] = {", i, bytes);
	for (size_t k = 0; k < bytes; k++)
		strbuf_addf(sb, "%s%u", k ? (k % 24 ? "," : ",\n\t\t") : "", b->init[k]);
	strbuf_addf(sb, "};\n\tcudaMemcpy(a%zu, init%zu, %zu, cudaMemcpyHostToDevice);\n", i, i, bytes);
}

char *host_record_program(const struct host_record *r, const char **name)
{
	const struct rec_prog *p = r->lkernel ? launch_prog(r) : NULL;
	const struct wsapi_launch *l = &r->launch;
	struct strbuf sb;
	char type[128];

	if (!p)
		return NULL;
	*name = p->name;
	strbuf_init(&sb);
	strbuf_adds(&sb, p->text);
	if (sb.len && p->text[sb.len - 1] != '\n')
		strbuf_addc(&sb, '\n');
	strbuf_adds(&sb, "\n// added by warpstep: a main() that launches the kernel as the script did\nint main(void)\n{\n");
	for (size_t i = 0; i < l->nargs; i++) {
		if (r->largs[i].kind != WSAPI_ARG_BUFFER)
			continue;
		param_type(p->text, r->lkernel, i, type, sizeof(type));
		gen_buffer(r, &sb, i, strchr(type, '*') ? type : "char *");
	}
	strbuf_addf(&sb, "\t%s<<<dim3(%u, %u, %u), dim3(%u, %u, %u), %zu>>>(", r->lkernel,
		    l->grid[0], l->grid[1], l->grid[2], l->block[0], l->block[1], l->block[2],
		    l->shared);
	for (size_t i = 0; i < l->nargs; i++) {
		const struct wsapi_arg *a = &r->largs[i];

		strbuf_adds(&sb, i ? ", " : "");
		if (a->kind == WSAPI_ARG_BUFFER)
			strbuf_addf(&sb, "a%zu", i);
		else if (a->kind == WSAPI_ARG_INT)
			strbuf_addf(&sb, "%lld", a->i);
		else
			strbuf_addf(&sb, "%.17g", a->d);
	}
	strbuf_adds(&sb, ");\n\tcudaDeviceSynchronize();\n\treturn 0;\n}\n");
	return strbuf_detach(&sb);
}

void host_record_free(struct host_record *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->progs.len; i++) {
		free(r->progs.v[i].name);
		free(r->progs.v[i].text);
	}
	for (size_t i = 0; i < r->bufs.len; i++)
		free(r->bufs.v[i].init);
	vec_free(&r->progs);
	vec_free(&r->bufs);
	vec_free(&r->machines);
	vec_free(&r->breaks);
	vec_free(&r->steps);
	free(r->lkernel);
	free(r->largs);
	free(r);
}
