/*
 * host_engine.c - the wsapi_host vtable over the real engine (contract in
 * host_engine.h; the Lua side is api.c, the functions docs/lua-api.md).
 *
 * Design:
 * - Every object is a struct he_obj in one vector, named by an id that is
 *   never reused. alive() walks the parent chain (buffer -> machine ->
 *   program), so freeing a program makes its machines' and buffers'
 *   handles stale at once, without the Lua side knowing the tree.
 * - A machine runs either main() (m:run_main, or m:step on a machine with
 *   nothing launched) or kernels launched from Lua with no main() (the
 *   device-only mode of engine/inspect_lua.c); never both.
 * - Each machine is a debugger session (engine/session/session.h): its
 *   stepping, breakpoints and stops are the session's, the same as the
 *   interface's; this file translates granularities and stops to Lua
 *   tables. The session stops every granularity at breakpoints and new
 *   findings (session_set_step_stops); its step limit (max_steps, default
 *   50 million instructions per call) keeps a script from hanging.
 * - One observer per machine (through the session) queues the events a
 *   script subscribed to; api.c drains the queue after each step. The last
 *   memory accesses (m:access) are the session's access log.
 * - The script's budget (api.h): every machine charges its steps through
 *   machine_opts.interrupt (machine_run polls it; single steps are polled
 *   here every HE_POLL steps) and stops when it is spent; before each use a
 *   machine's memory cap is what it holds plus what the budget has left.
 */
#define _GNU_SOURCE /* fopencookie: a program's captured output, capped */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "api.h"
#include "host_engine.h"
#include "machine.h"
#include "eval.h"
#include "session.h"
#include "util.h"

#define HE_TAG_GLOBAL MACHINE_TAG_GLOBAL
#define HE_TAG_CONST MACHINE_TAG_CONST
#define HE_TAG_SHARED MACHINE_TAG_SHARED
#define HE_TAG_LOCAL MACHINE_TAG_LOCAL
#define HE_TAG_OF(a) ((unsigned)((a) >> MACHINE_TAG_SHIFT) & 0xffu)
#define HE_ADDR(tag, off) (((uint64_t)(tag) << MACHINE_TAG_SHIFT) | (uint64_t)(off))
#define HE_MAX_EVENTS 10000
#define HE_DEFAULT_STEPS 50000000ull
#define HE_ARRAY_MAX 256
#define HE_LAST_SLOTS 251
#define HE_POLL 4096
/* A program's compilation takes up to about this many bytes per source byte. */
#define HE_COMPILE_BYTES 32
/* What a machine's own bookkeeping takes, roughly (decoded code, warp state):
 * counted so that thousands of idle machines still meet the memory limit. */
#define HE_MACHINE_BYTES (32u << 10)

/* Event names a script may subscribe to; "line" is EV_INSN at a statement start. */
#define HE_EVENTS(X) \
	X(EV_INSN, "insn") \
	X(EV_MEM, "mem") \
	X(EV_BARRIER, "barrier") \
	X(EV_DIVERGE, "diverge") \
	X(EV_RECONVERGE, "reconverge") \
	X(EV_LAUNCH, "launch") \
	X(EV_KERNEL_END, "kernel") \
	X(EV_FINDING, "finding")
#define HE_EV_LINE EV_NKINDS

struct he_event {
	int kind; /* enum machine_event_kind, or HE_EV_LINE */
	int slot, warp, func, write;
	uint32_t mask, pc, size;
	uint64_t addr;
	size_t finding; /* EV_FINDING: index */
	int degree, sectors; /* EV_MEM: bank-conflict degree (shared), 32-byte sectors (global) */
	int has_lanes;       /* EV_MEM of a device warp: lanes[] holds each lane's address */
	uint64_t lanes[32];
};

struct he_mach {
	struct host_engine *he;
	struct session *s;
	struct machine *m;     /* session_machine(s): never rebuilt (not reversible) */
	const struct ir_module *mod;
	struct srcmgr *sm;
	int obs;
	unsigned sub;          /* subscribed kinds (bit HE_EV_LINE too) */
	VEC(struct he_event) evq;
	uint64_t max_steps;
	uint64_t polled;       /* machine steps when the budget was last charged */
	int mode;              /* 0 fresh, 1 device-only, 2 main */
	int its;               /* simt its (else stack) */
	struct { int func; int32_t stmt; } last_stmt[HE_LAST_SLOTS]; /* "line" events, per warp (hashed) */
	char **argv;
	int argc;
	char *schedule;        /* the witness replayed (mo.schedule points here) */
	struct he_cap *cap[2]; /* capture = true: the program's stdout and stderr */
	FILE *capf[2];
	FILE *in;              /* stdin = "...": the program's stdin */
	char *in_text;
	struct session_trace *trace; /* trace = "...": a GPU trace replayed (m:step("trace")) */
};

struct he_obj {
	enum wsapi_kind kind;
	uint64_t id, parent;
	struct session_program *c; /* PROGRAM */
	struct he_mach *hm;    /* MACHINE */
	uint64_t addr;         /* BUFFER */
	size_t size;
};

struct host_engine {
	struct wsapi_host host;
	struct wsapi_budget budget;
	VEC(struct he_obj *) objs;
	uint64_t next_id;
	FILE *out, *err;
	const struct session_compile_opts *fo;
	const struct machine_opts *mo;
	int confined;               /* host_engine_confine was called */
	VEC(char *) readable;       /* canonical folders the compilations may read */
	struct session_read_policy policy;
	int (*poll)(void *ctx, uint64_t steps, uint64_t total);
	void *poll_ctx;
	struct he_mach *shown;      /* the machine made or launched on last (host_engine_shown) */
	unsigned shown_gen;
};

static const char *const ev_names[] = {
#define X(k, n) [k] = n,
	HE_EVENTS(X)
#undef X
	[HE_EV_LINE] = "line",
};

/* ---- objects */

static struct he_obj *obj_find(struct host_engine *he, enum wsapi_kind kind, uint64_t id)
{
	for (size_t i = 0; i < he->objs.len; i++)
		if (he->objs.v[i]->id == id && he->objs.v[i]->kind == kind)
			return he->objs.v[i];
	return NULL;
}

static struct he_obj *obj_new(struct host_engine *he, enum wsapi_kind kind, uint64_t parent)
{
	struct he_obj *o = xcalloc(1, sizeof(*o));

	o->kind = kind;
	o->id = ++he->next_id;
	o->parent = parent;
	vec_push(&he->objs, o);
	return o;
}

static int he_alive(void *ctx, enum wsapi_kind kind, uint64_t id)
{
	struct host_engine *he = ctx;
	struct he_obj *o = obj_find(he, kind, id);

	if (!o)
		return 0;
	if (kind == WSAPI_BUFFER)
		return he_alive(ctx, WSAPI_MACHINE, o->parent);
	if (kind == WSAPI_MACHINE)
		return he_alive(ctx, WSAPI_PROGRAM, o->parent);
	return 1;
}

static void mach_free_argv(struct he_mach *hm)
{
	for (int i = 0; i < hm->argc; i++)
		free(hm->argv[i]);
	free(hm->argv);
	hm->argv = NULL;
	hm->argc = 0;
}

static void he_show(struct host_engine *he, struct he_mach *hm)
{
	if (he->shown != hm) {
		he->shown = hm;
		he->shown_gen++;
	}
}

/* A program's captured output (ws.machine{capture = true}): kept in memory
 * up to HE_CAP_MAX bytes per stream; the rest is counted, not kept, so a
 * program printing forever cannot exhaust the memory. */
#define HE_CAP_MAX ((size_t)4 << 20)
struct he_cap {
	char *buf;
	size_t len, cap, dropped;
};

static ssize_t cap_write(void *cookie, const char *b, size_t n)
{
	struct he_cap *c = cookie;
	size_t take = c->len >= HE_CAP_MAX ? 0 : n < HE_CAP_MAX - c->len ? n : HE_CAP_MAX - c->len;

	if (c->len + take + 1 > c->cap) {
		size_t nc = c->cap ? c->cap : 256;
		while (nc < c->len + take + 1)
			nc *= 2;
		c->buf = xrealloc(c->buf, nc);
		c->cap = nc;
	}
	memcpy(c->buf + c->len, b, take);
	c->len += take;
	c->buf[c->len] = 0;
	c->dropped += n - take;
	return (ssize_t)n;
}

static FILE *cap_open(struct he_cap **out)
{
	static const cookie_io_functions_t io = { NULL, cap_write, NULL, NULL };
	struct he_cap *c = xcalloc(1, sizeof(*c));
	FILE *f = fopencookie(c, "w", io);

	if (!f) {
		free(c);
		return NULL;
	}
	*out = c;
	return f;
}

static void mach_free(struct he_mach *hm)
{
	if (hm->he && hm->he->shown == hm)
		he_show(hm->he, NULL);
	session_free(hm->s);
	vec_free(&hm->evq);
	mach_free_argv(hm);
	free(hm->schedule);
	for (int i = 0; i < 2; i++) {
		if (hm->capf[i])
			fclose(hm->capf[i]);
		if (hm->cap[i])
			free(hm->cap[i]->buf);
		free(hm->cap[i]);
	}
	if (hm->in)
		fclose(hm->in);
	free(hm->in_text);
	session_trace_free(hm->trace);
	free(hm);
}

static void obj_destroy(struct he_obj *o)
{
	session_program_free(o->c);
	if (o->hm)
		mach_free(o->hm);
	free(o);
}

/* Remove the object and, first, everything that belongs to it. */
static void obj_remove(struct host_engine *he, struct he_obj *o)
{
	enum wsapi_kind child = o->kind == WSAPI_PROGRAM ? WSAPI_MACHINE : WSAPI_BUFFER;

	for (size_t i = 0; o->kind != WSAPI_BUFFER && i < he->objs.len;) {
		struct he_obj *c = he->objs.v[i];
		if (c->kind == child && c->parent == o->id) {
			obj_remove(he, c);
			i = 0;
		} else {
			i++;
		}
	}
	for (size_t i = 0; i < he->objs.len; i++)
		if (he->objs.v[i] == o) {
			he->objs.v[i] = he->objs.v[--he->objs.len];
			break;
		}
	obj_destroy(o);
}

static void he_release(void *ctx, enum wsapi_kind kind, uint64_t id)
{
	struct host_engine *he = ctx;
	struct he_obj *o = obj_find(he, kind, id);

	/* a buffer's memory stays with its machine (the kernel may still use it) */
	if (o)
		obj_remove(he, o);
}

/* ---- the script's budget */

/* machine_opts.interrupt: charge steps; nonzero when the script must stop. */
static int he_interrupt(void *ctx, uint64_t steps)
{
	struct host_engine *he = ctx;

	return he->budget.charge ? he->budget.charge(he->budget.ctx, steps) : 0;
}

static int he_spent(struct host_engine *he)
{
	return he_interrupt(he, 0);
}

/* Bytes the script may still take (no budget: no cap but the engine's). */
static uint64_t he_mem_left(struct host_engine *he)
{
	return he->budget.mem_left ? he->budget.mem_left(he->budget.ctx) : UINT64_MAX;
}

/* The cap for a machine's next allocations: what it holds plus what is left. */
static uint64_t mach_mem_cap(struct host_engine *he, struct machine *m)
{
	uint64_t left = he_mem_left(he), held = m ? machine_memory(m) : 0;

	if (left == UINT64_MAX)
		return 0; /* no cap */
	return left > UINT64_MAX - held - 1 ? UINT64_MAX : held + left + (held + left == 0);
}

/* The session's poll (every few thousand steps of a command): charge the
 * machine's steps to the script's budget; nonzero stops the command. */
static int he_session_poll(void *ctx, uint64_t steps, uint64_t total)
{
	struct he_mach *hm = ctx;
	struct host_engine *he = hm->he;

	if (machine_poll(hm->m))
		return 1;
	return he->poll ? he->poll(he->poll_ctx, steps, total) : 0;
}

/* Charge a machine's steps every HE_POLL (force: now): nonzero to stop. */
static int mach_poll(struct he_mach *hm, int force)
{
	if (!force && session_steps(hm->s) - hm->polled < HE_POLL)
		return 0;
	hm->polled = session_steps(hm->s);
	return machine_poll(hm->m);
}

static size_t he_memory(void *ctx)
{
	struct host_engine *he = ctx;
	size_t n = 0;

	for (size_t i = 0; i < he->objs.len; i++) {
		const struct he_obj *o = he->objs.v[i];

		if (o->c)
			n += (size_t)session_program_bytes(o->c);
		if (o->hm)
			n += HE_MACHINE_BYTES + (size_t)machine_memory(o->hm->m);
	}
	return n;
}

static struct he_mach *mach_get(struct host_engine *he, uint64_t id, char *err)
{
	struct he_obj *o = he_alive(he, WSAPI_MACHINE, id) ? obj_find(he, WSAPI_MACHINE, id) : NULL;

	if (!o) {
		snprintf(err, WSAPI_ERR_MAX, "no such machine #%llu", (unsigned long long)id);
		return NULL;
	}
	if (he->budget.mem_left)
		machine_set_max_memory(o->hm->m, mach_mem_cap(he, o->hm->m));
	return o->hm;
}

/* ---- programs */

static void diags_out(const struct session_program *c, struct wsapi_out *o)
{
	for (size_t i = 0; i < c->diags->v.len; i++) {
		const struct diag *d = &c->diags->v.v[i];
		const struct srcfile *f = srcmgr_file(c->sm, d->span.file);
		static const char *const lv[] = { "note", "warning", "error" };

		wsapi_out_begin(o, NULL);
		wsapi_out_str(o, "file", f ? f->name : "");
		wsapi_out_int(o, "line", d->span.line);
		wsapi_out_int(o, "col", d->span.col);
		wsapi_out_str(o, "level", lv[d->level]);
		if (d->code)
			wsapi_out_str(o, "code", d->code);
		wsapi_out_str(o, "message", d->msg);
		wsapi_out_end(o);
	}
}

static int compiled(struct host_engine *he, struct session_program *c, uint64_t *prog,
		    struct wsapi_out *diags, char *err)
{
	struct he_obj *o;

	diags_out(c, diags);
	if (!c->mod) {
		snprintf(err, WSAPI_ERR_MAX, "compilation failed: %d error%s", c->diags->nerrors,
			 c->diags->nerrors == 1 ? "" : "s");
		session_program_free(c);
		return -1;
	}
	o = obj_new(he, WSAPI_PROGRAM, 0);
	o->c = c;
	*prog = o->id;
	return 0;
}

/* ---- the file policy (host_engine_confine) */

/*
 * The canonical absolute path of path, links and ".." resolved, for a path
 * that may not exist: the real path of its longest existing prefix, then the
 * components that do not exist (which cannot be links; ".." among them is
 * refused). NULL when it cannot be resolved.
 */
static char *canon_path(const char *path)
{
	size_t n = strlen(path), cut = n;
	char *real, *prefix, *out;

	if (n == 0 || n >= PATH_MAX)
		return NULL;
	if ((real = realpath(path, NULL)))
		return real;
	for (;;) {
		size_t s = cut;

		if (errno != ENOENT && errno != ENOTDIR)
			return NULL;
		while (s > 0 && path[s - 1] != '/')
			s--;
		if (cut - s == 2 && !memcmp(path + s, "..", 2))
			return NULL;
		if (s == 0) {
			prefix = xstrdup(".");
			cut = 0;
		} else {
			cut = s - 1; /* the slash */
			prefix = cut ? xstrndup(path, cut) : xstrdup("/");
		}
		real = realpath(prefix, NULL);
		free(prefix);
		if (real)
			break;
		if (cut == 0)
			return NULL;
	}
	out = xmalloc(strlen(real) + (n - cut) + 2);
	sprintf(out, "%s%s%s", real, cut ? "" : "/", path + cut);
	free(real);
	return out;
}

static int he_may_read(void *ctx, const char *path, const char **why)
{
	struct host_engine *he = ctx;
	char *c = canon_path(path);

	for (size_t i = 0; c && i < he->readable.len; i++) {
		const char *d = he->readable.v[i];
		size_t dn = strlen(d);

		if (!strcmp(d, "/") || (!strncmp(c, d, dn) && (c[dn] == '/' || c[dn] == 0))) {
			free(c);
			return 0;
		}
	}
	free(c);
	*why = "outside the folders this script may read (--allow-read DIR adds one)";
	return -1;
}

int host_engine_confine(struct host_engine *he, const char *script, const char *const *dirs)
{
	char *real = script ? realpath(script, NULL) : NULL, *slash;
	int ret = script ? -1 : 0;

	for (size_t i = 0; i < he->readable.len; i++)
		free(he->readable.v[i]);
	he->readable.len = 0;
	he->confined = 1;
	he->policy.may_read = he_may_read;
	he->policy.ctx = he;
	if (real && (slash = strrchr(real, '/'))) {
		*slash = 0;
		vec_push(&he->readable, xstrdup(real[0] ? real : "/"));
		ret = 0;
	}
	free(real);
	for (const char *const *d = dirs; d && *d; d++)
		if ((real = realpath(*d, NULL)))
			vec_push(&he->readable, real);
	return ret;
}

/* The front end's options for one compilation: the CLI's, with the policy. */
static struct session_compile_opts he_front_opts(const struct host_engine *he)
{
	struct session_compile_opts fo = { 0 };

	if (he->fo)
		fo = *he->fo;
	if (he->confined)
		fo.policy = &he->policy;
	return fo;
}

static int he_compile(void *ctx, const char *name, const char *text, size_t len, uint64_t *prog,
		      struct wsapi_out *diags, char *err)
{
	struct host_engine *he = ctx;
	struct session_program *c;
	struct session_compile_opts fo = he_front_opts(he);
	char *copy;

	if (len > he_mem_left(he) / HE_COMPILE_BYTES) {
		snprintf(err, WSAPI_ERR_MAX, "the program (%zu bytes) is too large for the script's memory limit",
			 len);
		return -1;
	}
	copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = 0;
	c = session_compile(name, copy, &fo);
	free(copy);
	return compiled(he, c, prog, diags, err);
}

static int he_compile_file(void *ctx, const char *path, uint64_t *prog, struct wsapi_out *diags,
			   char *err)
{
	struct host_engine *he = ctx;
	struct session_compile_opts fo = he_front_opts(he);

	return compiled(he, session_compile(path, NULL, &fo), prog, diags, err);
}

/* ---- machines and buffers */

static void observe(void *ctx, const struct machine_event *e)
{
	struct he_mach *hm = ctx;
	struct he_event ev;
	int kind = (int)e->kind;

	if (e->kind == EV_INSN) {
		if (hm->sub >> HE_EV_LINE & 1) {
			unsigned h = ((unsigned)(e->slot + 1) * 67u + (unsigned)e->warp) % HE_LAST_SLOTS;
			int32_t st = hm->mod->funcs[e->func].code[e->pc].stmt;
			if (hm->last_stmt[h].func != e->func || hm->last_stmt[h].stmt != st)
				kind = HE_EV_LINE;
			hm->last_stmt[h].func = e->func;
			hm->last_stmt[h].stmt = st;
		}
	}
	if (!(hm->sub >> kind & 1) && !(kind == HE_EV_LINE))
		return;
	if (kind == HE_EV_LINE && !(hm->sub >> HE_EV_LINE & 1))
		return;
	if (hm->evq.len >= HE_MAX_EVENTS)
		return;
	memset(&ev, 0, sizeof(ev));
	ev.kind = kind;
	ev.slot = e->slot;
	ev.warp = e->warp;
	ev.func = e->func;
	ev.pc = e->pc;
	ev.mask = e->mask;
	ev.addr = e->addr;
	ev.size = e->size;
	ev.write = e->write;
	ev.finding = machine_nfindings(hm->m) ? machine_nfindings(hm->m) - 1 : 0;
	if (e->kind == EV_MEM && e->lane_addr && e->slot >= 0) {
		ev.has_lanes = 1;
		memcpy(ev.lanes, e->lane_addr, sizeof(ev.lanes));
		if (HE_TAG_OF(e->addr) == HE_TAG_SHARED)
			ev.degree = machine_bank_conflicts(e->lane_addr, e->mask, e->size, NULL);
		else if (HE_TAG_OF(e->addr) == HE_TAG_GLOBAL || HE_TAG_OF(e->addr) == HE_TAG_CONST)
			ev.sectors = machine_sectors(e->lane_addr, e->mask, e->size);
	}
	vec_push(&hm->evq, ev);
}

/* What the observer gets: the events
 * subscribed to, and every instruction only when "insn" or "line" is. */
static void observe_update(struct he_mach *hm)
{
	unsigned insn = (hm->sub >> EV_INSN & 1) || (hm->sub >> HE_EV_LINE & 1);

	session_observe_set(hm->s, hm->obs, (hm->sub & ((1u << EV_NKINDS) - 1)) |
			    (insn ? 1u << EV_INSN : 0), (int)insn);
}

/* Programs that a script runs open no file: the script's sandbox promise
 * (docs/lua-api.md) would otherwise leak through fopen. NEEDSWORK: once the
 * compile-time policy (host_engine_confine) is merged, allow what it allows. */
static int he_may_open(void *ctx, const char *path, int write, const char **why)
{
	(void)ctx;
	(void)path;
	(void)write;
	*why = "programs run by a script cannot open files";
	return -1;
}

static const struct machine_file_policy he_files = { he_may_open, NULL };

static int he_machine_new(void *ctx, uint64_t prog, const struct wsapi_machine_opts *wo,
			  uint64_t *id, char *err)
{
	struct host_engine *he = ctx;
	struct he_obj *p = obj_find(he, WSAPI_PROGRAM, prog), *o;
	struct machine_opts mo;
	struct he_mach *hm;

	if (!p || !p->c)
		return snprintf(err, WSAPI_ERR_MAX, "no such program #%llu", (unsigned long long)prog), -1;
	if (he->mo)
		mo = *he->mo;
	else
		machine_opts_init(&mo);
	if (wo->simt && strcmp(wo->simt, "stack") && strcmp(wo->simt, "its")) {
		snprintf(err, WSAPI_ERR_MAX, "unknown simt policy '%s' (stack, its)", wo->simt);
		return -1;
	}
	if (wo->sched && strcmp(wo->sched, "rr") && strcmp(wo->sched, "random")) {
		snprintf(err, WSAPI_ERR_MAX, "unknown scheduler '%s' (rr, random)", wo->sched);
		return -1;
	}
	if (wo->model && strcmp(wo->model, "sc") && strcmp(wo->model, "relaxed")) {
		snprintf(err, WSAPI_ERR_MAX, "unknown memory model '%s' (sc, relaxed)", wo->model);
		return -1;
	}
	if (wo->schedule && !machine_schedule_valid(wo->schedule)) {
		snprintf(err, WSAPI_ERR_MAX, "bad schedule '%.40s%s': a witness from m:explore looks like relaxed:0.1.0",
			 wo->schedule, strlen(wo->schedule) > 40 ? "..." : "");
		return -1;
	}
	if (wo->model)
		mo.model = strcmp(wo->model, "sc") ? MODEL_RELAXED : MODEL_SC;
	if (wo->simt)
		mo.simt = strcmp(wo->simt, "its") ? SIMT_STACK : SIMT_ITS;
	if (wo->sched)
		mo.sched = strcmp(wo->sched, "rr") ? SCHED_RANDOM : SCHED_RR;
	if (wo->seed)
		mo.seed = wo->seed;
	mo.fast = wo->fast;
	mo.max_steps = 0; /* enforced here: the engine's limit needs a main() */
	mo.out = he->out;
	mo.err = he->err;
	mo.interrupt = he_interrupt;
	mo.interrupt_ctx = he;
	mo.max_memory = mach_mem_cap(he, NULL);
	mo.in = NULL;
	mo.files = &he_files;
	hm = xcalloc(1, sizeof(*hm));
	if (wo->trace_text) {
		struct strbuf terr;
		strbuf_init(&terr);
		hm->trace = session_trace_parse(wo->trace_text, wo->trace_len, &terr);
		if (!hm->trace) {
			snprintf(err, WSAPI_ERR_MAX, "bad trace: %s", strbuf_cstr(&terr));
			strbuf_release(&terr);
			free(hm);
			return -1;
		}
		strbuf_release(&terr);
	}
	if (wo->capture) {
		hm->capf[0] = cap_open(&hm->cap[0]);
		hm->capf[1] = cap_open(&hm->cap[1]);
		if (hm->capf[0] && hm->capf[1]) {
			mo.out = hm->capf[0];
			mo.err = hm->capf[1];
		}
	}
	if (wo->stdin_text && wo->stdin_len) {
		hm->in_text = xmalloc(wo->stdin_len);
		memcpy(hm->in_text, wo->stdin_text, wo->stdin_len);
		hm->in = fmemopen(hm->in_text, wo->stdin_len, "r");
		mo.in = hm->in;
	}
	if (wo->schedule) {
		hm->schedule = xstrdup(wo->schedule);
		mo.schedule = hm->schedule;
	}
	hm->mod = p->c->mod;
	hm->its = mo.simt == SIMT_ITS;
	hm->sm = p->c->sm;
	hm->s = session_new(hm->mod, hm->sm, &mo, 0);
	hm->m = session_machine(hm->s);
	hm->max_steps = wo->max_steps ? wo->max_steps : HE_DEFAULT_STEPS;
	session_set_limit(hm->s, hm->max_steps);
	session_set_step_stops(hm->s, 1);
	hm->he = he;
	session_set_poll(hm->s, he_session_poll, hm);
	hm->obs = session_observe(hm->s, 0, 0, observe, hm);
	o = obj_new(he, WSAPI_MACHINE, prog);
	o->hm = hm;
	*id = o->id;
	he_show(he, hm);
	return 0;
}

static int he_buffer_new(void *ctx, uint64_t mach, size_t bytes, uint64_t *id, char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	struct he_obj *o;
	uint64_t addr;

	if (!hm)
		return -1;
	if (machine_alloc(hm->m, bytes, &addr) || !addr) {
		if (bytes > he_mem_left(he))
			snprintf(err, WSAPI_ERR_MAX, "cannot allocate %zu bytes of device memory: "
				 "past the script's memory limit", bytes);
		else
			snprintf(err, WSAPI_ERR_MAX, "cannot allocate %zu bytes of device memory", bytes);
		return -1;
	}
	o = obj_new(he, WSAPI_BUFFER, mach);
	o->addr = addr;
	o->size = bytes;
	*id = o->id;
	return 0;
}

static int he_buffer_addr(void *ctx, uint64_t buf, uint64_t *addr, char *err)
{
	struct host_engine *he = ctx;
	struct he_obj *o = obj_find(he, WSAPI_BUFFER, buf);

	if (!o) {
		snprintf(err, WSAPI_ERR_MAX, "no such buffer");
		return -1;
	}
	*addr = o->addr;
	return 0;
}

static int he_buffer_io(void *ctx, uint64_t buf, size_t off, void *data, size_t n, int write,
			char *err)
{
	struct host_engine *he = ctx;
	struct he_obj *o = obj_find(he, WSAPI_BUFFER, buf);
	struct he_obj *mo = o ? obj_find(he, WSAPI_MACHINE, o->parent) : NULL;

	if (!o || !mo)
		return snprintf(err, WSAPI_ERR_MAX, "no such buffer"), -1;
	if (!ws_range_in(0, o->size, off, n)) {
		snprintf(err, WSAPI_ERR_MAX, "bytes %zu..%zu are outside the buffer of %zu bytes", off,
			 off + n, o->size);
		return -1;
	}
	if (write ? machine_write(mo->hm->m, o->addr + off, data, n) < 0
		  : machine_read(mo->hm->m, -1, 0, 0, o->addr + off, data, n) < 0)
		return snprintf(err, WSAPI_ERR_MAX, "the buffer's memory is gone"), -1;
	return 0;
}

/* ---- running */

static int func_find(const struct ir_module *mod, const char *name, uint32_t kind)
{
	for (uint32_t i = 0; i < mod->nfuncs; i++)
		if ((mod->funcs[i].kind & kind) &&
		    (!strcmp(mod->funcs[i].name, name) || !strcmp(mod->funcs[i].mangled, name)))
			return (int)i;
	return -1;
}

static int arg_value(struct host_engine *he, const struct ir_func *fn, size_t k,
		     const struct wsapi_arg *a, uint64_t *v, char *err)
{
	unsigned t = fn->param_ty[k];
	double d = a->kind == WSAPI_ARG_NUM ? a->d : (double)a->i;

	*v = 0;
	if (a->kind == WSAPI_ARG_BUFFER) {
		struct he_obj *b = obj_find(he, WSAPI_BUFFER, a->buffer);
		if (!b)
			return snprintf(err, WSAPI_ERR_MAX, "argument %zu: no such buffer", k + 1), -1;
		*v = b->addr;
	} else if (t == IR_F32) {
		float f = (float)d;
		uint32_t u;
		memcpy(&u, &f, 4);
		*v = u;
	} else if (t == IR_F64) {
		memcpy(v, &d, 8);
	} else if (a->kind == WSAPI_ARG_NUM) {
		*v = (uint64_t)(long long)a->d;
	} else {
		*v = (uint64_t)a->i;
	}
	if (fn->param_size && fn->param_size[k] > 8) {
		snprintf(err, WSAPI_ERR_MAX, "argument %zu: structs passed by value are not supported", k + 1);
		return -1;
	}
	return 0;
}

static int he_launch(void *ctx, uint64_t mach, const char *kernel, const struct wsapi_launch *l,
		     char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	uint64_t args[256];
	int f, e;

	if (!hm)
		return -1;
	if ((f = func_find(hm->mod, kernel, FN_KERNEL)) < 0) {
		snprintf(err, WSAPI_ERR_MAX, "no kernel named '%s'", kernel);
		return -1;
	}
	if (l->nargs != hm->mod->funcs[f].nparams) {
		snprintf(err, WSAPI_ERR_MAX, "%s takes %u argument%s, got %zu", kernel,
			 hm->mod->funcs[f].nparams, hm->mod->funcs[f].nparams == 1 ? "" : "s", l->nargs);
		return -1;
	}
	for (size_t k = 0; k < l->nargs && k < 256; k++)
		if (arg_value(he, &hm->mod->funcs[f], k, &l->args[k], &args[k], err) < 0)
			return -1;
	if (hm->mode == 2) {
		snprintf(err, WSAPI_ERR_MAX, "this machine runs main(): launch kernels from a fresh machine");
		return -1;
	}
	if ((e = machine_launch(hm->m, f, l->grid, l->block, l->shared, args, (int)l->nargs))) {
		snprintf(err, WSAPI_ERR_MAX, "cannot launch %s: CUDA error %d (%s)", kernel, e,
			 e == 9 ? "invalid configuration argument" : e == 1 ? "invalid argument"
			 : "launch failed");
		return -1;
	}
	hm->mode = 1;
	machine_start_queued(hm->m);
	he_show(he, hm);
	return 0;
}

static int main_start(struct he_mach *hm, int argc, const char **argv, char *err)
{
	if (hm->mode) {
		snprintf(err, WSAPI_ERR_MAX, "%s", hm->mode == 1 ? "this machine launched kernels from the script: run main() in a fresh machine"
							   : "main() already started on this machine");
		return -1;
	}
	hm->argc = argc + 1;
	hm->argv = xcalloc((size_t)argc + 2, sizeof(char *));
	hm->argv[0] = xstrdup("a.out");
	for (int i = 0; i < argc; i++)
		hm->argv[i + 1] = xstrdup(argv[i]);
	if (session_start_main(hm->s, hm->argc, hm->argv) < 0) {
		/* the machine stays fresh: a second m:run_main() tries again */
		mach_free_argv(hm);
		snprintf(err, WSAPI_ERR_MAX, "the program has no main function");
		return -1;
	}
	hm->mode = 2;
	he_show(hm->he, hm);
	return 0;
}

static int he_run_main(void *ctx, uint64_t mach, int argc, const char **argv, int *status,
		       char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	struct session_stop stop;
	struct strbuf msg;

	if (!hm || main_start(hm, argc, argv, err) < 0)
		return -1;
	/* to the end: past breakpoints and findings, within the step limit */
	strbuf_init(&msg);
	session_set_step_stops(hm->s, 0);
	do
		session_step(hm->s, SESSION_CONTINUE, 1, NULL, &stop, &msg);
	while (stop.reason != SESSION_EXITED && stop.reason != SESSION_LIMIT &&
	       stop.reason != SESSION_INTERRUPTED && machine_get_status(hm->m) == MST_RUNNING &&
	       !msg.len);
	session_set_step_stops(hm->s, 1);
	strbuf_release(&msg);
	if (mach_poll(hm, 1) || he_spent(he))
		return snprintf(err, WSAPI_ERR_MAX, "stopped: the script's budget is spent"), -1;
	if (stop.reason == SESSION_LIMIT) {
		snprintf(err, WSAPI_ERR_MAX, "main() ran more than %llu instructions",
			 (unsigned long long)hm->max_steps);
		return -1;
	}
	if (stop.reason == SESSION_INTERRUPTED) {
		snprintf(err, WSAPI_ERR_MAX, "main() was interrupted after %llu instructions",
			 (unsigned long long)session_steps(hm->s));
		return -1;
	}
	*status = machine_exit_status(hm->m);
	return 0;
}

/* Where a lane stands: function and IR pc of its group; -1 if exited/absent. */
static int lane_where(struct he_mach *hm, int slot, int warp, int lane, int *func, uint32_t *pc,
		      int *state)
{
	struct machine_group_info gi;

	if (machine_lane(hm->m, slot, warp, lane, &gi) < 0 || gi.state == LS_EXITED)
		return -1;
	*func = gi.func;
	*pc = gi.pc;
	if (state)
		*state = gi.state;
	return 0;
}

static const struct ir_insn *insn_at(struct he_mach *hm, int func, uint32_t pc)
{
	if (func < 0 || (uint32_t)func >= hm->mod->nfuncs || pc >= hm->mod->funcs[func].ncode)
		return NULL;
	return &hm->mod->funcs[func].code[pc];
}

/* The group of a warp that runs next (the current one, else the first ready). */
static int warp_next(struct he_mach *hm, int slot, int warp, struct machine_group_info *gi)
{
	struct machine_warp_info wi;

	if (machine_warp(hm->m, slot, warp, &wi) < 0)
		return -1;
	if (wi.current >= 0 && machine_group(hm->m, slot, warp, wi.current, gi) == 0 &&
	    (gi->state == LS_ACTIVE || gi->state == LS_READY))
		return 0;
	for (int g = 0; g < wi.ngroups; g++)
		if (machine_group(hm->m, slot, warp, g, gi) == 0 &&
		    (gi->state == LS_ACTIVE || gi->state == LS_READY))
			return 0;
	return -1;
}

/* The stop as a Lua table: why, and where the warp that ran last stands. */
static void stop_out(struct he_mach *hm, const struct session_stop *sp, const char *reason,
		     struct wsapi_out *stop)
{
	struct machine_kernel_info k;
	struct machine_group_info gi;
	const struct ir_insn *in;
	int slot, warp, func;
	uint32_t pc;

	wsapi_out_str(stop, "reason", reason);
	wsapi_out_int(stop, "steps", (long long)session_steps(hm->s));
	if (sp->reason == SESSION_BREAKPOINT)
		wsapi_out_int(stop, "breakpoint", sp->bp);
	if (machine_kernel(hm->m, &k) == 0)
		wsapi_out_str(stop, "kernel", hm->mod->funcs[k.func].name);
	if (sp->has_thread && sp->reason == SESSION_BREAKPOINT) {
		slot = sp->slot;
		warp = sp->warp;
		func = -1;
		pc = 0;
	} else if (session_last_ran(hm->s, &slot, &warp, &func, &pc) < 0) {
		slot = -2;
	}
	if (slot > -2) {
		wsapi_out_int(stop, "block", slot);
		wsapi_out_int(stop, "warp", warp);
		if (warp_next(hm, slot, warp, &gi) == 0 && (in = insn_at(hm, gi.func, gi.pc))) {
			wsapi_out_int(stop, "line", in->span.line);
			wsapi_out_int(stop, "mask", gi.mask);
		} else if ((in = insn_at(hm, func, pc))) {
			wsapi_out_int(stop, "line", in->span.line);
		}
	}
	if (sp->reason == SESSION_FOUND) {
		const struct machine_finding *f = machine_finding_get(hm->m, sp->finding);
		wsapi_out_str(stop, "finding", f->kind);
		wsapi_out_str(stop, "message", f->msg ? f->msg : "");
		wsapi_out_int(stop, "line", f->span.line);
	}
	if (hm->mode == 2 && machine_get_status(hm->m) == MST_FINISHED)
		wsapi_out_int(stop, "exit_status", machine_exit_status(hm->m));
}

/* m:step("trace", n): the warps of the next n records of the GPU trace
 * (session_trace_step); the stop's text says the record and where the
 * emulator differs; reason "trace-over" after the last record */
static int trace_step(struct he_mach *hm, uint64_t n, struct wsapi_out *stop, char *err)
{
	struct session_stop sp;
	struct strbuf msg;
	int r = 0;

	if (!hm->trace)
		return snprintf(err, WSAPI_ERR_MAX, "m:step(\"trace\") needs a machine made with trace = TEXT"), -1;
	strbuf_init(&msg);
	memset(&sp, 0, sizeof(sp));
	for (uint64_t i = 0; i < n && r == 0; i++)
		r = session_trace_step(hm->s, hm->trace, &sp, &msg);
	mach_poll(hm, 1);
	if (r < 0) {
		snprintf(err, WSAPI_ERR_MAX, "%s", strbuf_cstr(&msg));
		strbuf_release(&msg);
		return -1;
	}
	strbuf_release(&msg);
	stop_out(hm, &sp, r == 1 ? "trace-over" : "step", stop);
	if (r == 0)
		wsapi_out_str(stop, "text", sp.text);
	return 0;
}

/* m:compare(EXPR): the GPU trace beside the emulator's own run of the same
 * launch (session_trace_compare), one row per warp; EXPR (optional) is the
 * watched value on both sides */
static int q_compare(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	const char *const *ex;
	int nx;
	const struct session_cmp_row *rows;
	size_t n;

	if (!hm->trace)
		return snprintf(err, WSAPI_ERR_MAX, "m:compare() needs a machine made with trace = TEXT"), -1;
	nx = session_trace_exprs(hm->trace, &ex);
	if (nx < 0 || (w->name ? nx != 1 || strcmp(ex[0], w->name) : nx != 0)) {
		struct machine_opts mo = *session_opts(hm->s);
		char *argv0[] = { "a.out", NULL };
		struct strbuf msg;
		FILE *sink = fopen("/dev/null", "w");
		int r;

		if (!sink)
			return snprintf(err, WSAPI_ERR_MAX, "m:compare: cannot open /dev/null"), -1;
		mo.out = mo.err = sink;
		mo.in = NULL;
		strbuf_init(&msg);
		r = session_trace_emulate(hm->trace, hm->mod, hm->sm, &mo, hm->argv ? hm->argc : 1,
					  hm->argv ? hm->argv : argv0, w->name ? &w->name : NULL, w->name ? 1 : 0,
					  hm->max_steps, &msg);
		fclose(sink);
		if (r < 0) {
			snprintf(err, WSAPI_ERR_MAX, "%s", strbuf_cstr(&msg));
			strbuf_release(&msg);
			return -1;
		}
		strbuf_release(&msg);
	}
	n = session_trace_compare(hm->s, hm->trace, &rows);
	for (size_t i = 0; i < n; i++) {
		const struct session_cmp_row *r = &rows[i];
		char d[40];

		wsapi_out_begin(o, NULL);
		wsapi_out_begin(o, "block");
		for (int k = 0; k < 3; k++)
			wsapi_out_int(o, NULL, r->bidx[k]);
		wsapi_out_end(o);
		wsapi_out_int(o, "warp", r->warp);
		wsapi_out_int(o, "n", (long long)r->n);
		wsapi_out_begin(o, "gpu");
		wsapi_out_int(o, "line", r->gpu_line);
		wsapi_out_int(o, "mask", r->gpu_mask);
		wsapi_out_int(o, "sm", r->gpu_sm);
		wsapi_out_int(o, "slot", r->gpu_slot);
		wsapi_out_int(o, "rank", r->gpu_rank);
		wsapi_out_int(o, "block_rank", r->gpu_brank);
		if (w->name && r->gpu_val[0])
			wsapi_out_str(o, "value", r->gpu_val[0]);
		wsapi_out_end(o);
		wsapi_out_begin(o, "emulator");
		wsapi_out_int(o, "line", r->emu_line);
		wsapi_out_int(o, "mask", r->emu_mask);
		wsapi_out_int(o, "sm", r->emu_sm);
		wsapi_out_int(o, "rank", r->emu_rank);
		wsapi_out_int(o, "block_rank", r->emu_brank);
		wsapi_out_bool(o, "finished", r->emu_done);
		if (w->name && r->emu_val[0])
			wsapi_out_str(o, "value", r->emu_val[0]);
		wsapi_out_end(o);
		snprintf(d, sizeof(d), "%s%s%s%s", r->differs & SESSION_CMP_LINE ? " path" : "",
			 r->differs & SESSION_CMP_LANES ? " lanes" : "", r->differs & SESSION_CMP_ORDER ? " order" : "",
			 r->differs & SESSION_CMP_VALUE ? " value" : "");
		wsapi_out_str(o, "differs", d[0] ? d + 1 : "");
		wsapi_out_end(o);
	}
	return 0;
}

static int he_step(void *ctx, uint64_t mach, enum wsapi_gran g, uint64_t n, struct wsapi_out *stop,
		   char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	struct session_stop sp;
	struct strbuf msg;
	enum session_step how;
	const char *reason;

	if (!hm)
		return -1;
	if (hm->mode == 0 && session_start_main(hm->s, 1, (char *[]){ "a.out", NULL }) == 0)
		hm->mode = 2;
	if (g == WSAPI_GRAN_TRACE)
		return trace_step(hm, n, stop, err);
	switch (g) {
	case WSAPI_GRAN_INSN: how = SESSION_INSN; break;
	case WSAPI_GRAN_WARP: how = SESSION_STMT; break;
	case WSAPI_GRAN_LINE: how = SESSION_LINE; break;
	case WSAPI_GRAN_BARRIER: how = SESSION_BARRIER; break;
	case WSAPI_GRAN_KERNEL: how = SESSION_KERNEL; break;
	default: how = SESSION_CONTINUE; break;
	}
	strbuf_init(&msg);
	memset(&sp, 0, sizeof(sp));
	if (machine_get_status(hm->m) == MST_RUNNING)
		session_step(hm->s, how, n > (uint64_t)LONG_MAX ? LONG_MAX : (long)n, NULL, &sp, &msg);
	strbuf_release(&msg);
	mach_poll(hm, 1); /* charge the steps to the script's budget */
	switch (sp.reason) {
	case SESSION_BREAKPOINT: case SESSION_BRKPT: reason = "breakpoint"; break;
	case SESSION_FOUND: reason = "finding"; break;
	case SESSION_LIMIT: case SESSION_INTERRUPTED: reason = "step-limit"; break;
	default: reason = machine_get_status(hm->m) != MST_RUNNING ? "done" : "step"; break;
	}
	stop_out(hm, &sp, reason, stop);
	return 0;
}

static int he_breakpoint(void *ctx, uint64_t mach, const char *file, int line, int set, int *bp,
			 char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	uint32_t fid = 1;
	struct strbuf msg;
	int id;

	if (!hm)
		return -1;
	if (file) {
		const struct srcfile *f;
		for (fid = 1; (f = srcmgr_file(hm->sm, fid)); fid++)
			if (!strcmp(f->name, file))
				break;
		if (!f)
			return snprintf(err, WSAPI_ERR_MAX, "no source file named '%s'", file), -1;
	}
	if ((id = session_break_find(hm->s, fid, line)) >= 0) {
		*bp = id;
		if (!set)
			session_break_delete(hm->s, id);
		return 0;
	}
	if (!set)
		return snprintf(err, WSAPI_ERR_MAX, "no breakpoint at line %d", line), -1;
	strbuf_init(&msg);
	id = session_break_line(hm->s, fid, line, NULL, 0, &msg);
	if (id < 0)
		snprintf(err, WSAPI_ERR_MAX, "%s", strbuf_cstr(&msg));
	strbuf_release(&msg);
	if (id < 0)
		return -1;
	*bp = id;
	return 0;
}

/* ---- state queries */

static void out_mask(struct wsapi_out *o, const char *key, uint32_t mask)
{
	char hex[16];

	wsapi_out_int(o, key, mask);
	snprintf(hex, sizeof(hex), "0x%08x", mask);
	wsapi_out_str(o, strcmp(key, "mask") ? "wait_hex" : "mask_hex", hex);
}

static const char *state_name(int s)
{
	static const char *const names[] = { "none", "active", "ready", "parked", "barrier",
					     "warpsync", "exited" };

	return s >= 0 && s <= LS_EXITED ? names[s] : "?";
}

/* The resident slot of the block with this linear index (-1: slot 0 when
 * nothing else fits; negative where: the first resident block). */
static int slot_of(struct he_mach *hm, long long block)
{
	struct machine_kernel_info k;
	struct machine_block_info b;

	if (machine_kernel(hm->m, &k) < 0)
		return -2;
	for (int s = 0; s < k.nresident; s++) {
		if (machine_block(hm->m, s, &b) < 0)
			continue;
		if (block < 0 || (long long)(b.idx[0] + (uint64_t)b.idx[1] * k.grid[0] +
					     (uint64_t)b.idx[2] * k.grid[0] * k.grid[1]) == block)
			return s;
	}
	return -1;
}

static int where_slot(struct he_mach *hm, const struct wsapi_where *w, char *err)
{
	int s = slot_of(hm, w->block);

	if (s == -2)
		snprintf(err, WSAPI_ERR_MAX, "no kernel is running");
	else if (s < 0)
		snprintf(err, WSAPI_ERR_MAX, "block %lld is not resident", w->block);
	return s;
}

static char lane_glyph(int state, int current)
{
	switch (state) {
	case LS_ACTIVE: return current ? '#' : '+';
	case LS_READY: return '+';
	case LS_PARKED: return 'p';
	case LS_BARRIER: return 'b';
	case LS_WARPSYNC: return 'w';
	case LS_EXITED: return 'x';
	default: return '.';
	}
}

static void warp_out(struct he_mach *hm, int slot, int warp, struct wsapi_out *o)
{
	struct session_warp sw;
	const struct session_group *g = NULL;
	const struct ir_insn *in;
	char lanes[33];

	session_warp(hm->s, slot, warp, &sw);
	for (int l = 0; l < 32; l++)
		lanes[l] = lane_glyph(sw.state[l], sw.last >= 0 && sw.g[sw.last].mask >> l & 1 &&
							   sw.state[l] == LS_ACTIVE);
	lanes[32] = 0;
	wsapi_out_begin(o, NULL);
	wsapi_out_int(o, "warp", warp);
	if (sw.current >= 0 || sw.last >= 0)
		g = &sw.g[sw.current >= 0 ? sw.current : sw.last];
	if (g && (in = insn_at(hm, g->func, g->pc))) {
		wsapi_out_int(o, "line", in->span.line);
		out_mask(o, "mask", g->mask);
		wsapi_out_str(o, "state", state_name(g->state));
	} else {
		out_mask(o, "mask", 0);
		wsapi_out_str(o, "state", sw.live ? "waiting" : "exited");
	}
	wsapi_out_int(o, "live", sw.live);
	wsapi_out_int(o, "exited", sw.exited);
	wsapi_out_int(o, "groups", sw.ngroups);
	wsapi_out_str(o, "lanes", lanes);
	wsapi_out_end(o);
}

static int q_warps(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	struct machine_block_info b;
	int s;

	if (machine_has_host(hm->m) && slot_of(hm, -1) == -2) {
		warp_out(hm, -1, 0, o); /* the host thread */
		return 0;
	}
	if ((s = where_slot(hm, w, err)) < 0 || machine_block(hm->m, s, &b) < 0)
		return -1;
	for (int i = 0; i < b.nwarps; i++)
		if (w->warp < 0 || w->warp == i)
			warp_out(hm, s, i, o);
	return 0;
}

static int q_groups(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	struct session_warp sw;
	const struct ir_insn *in;
	int s = w->block < 0 && machine_has_host(hm->m) && slot_of(hm, -1) == -2 ? -1
										: where_slot(hm, w, err);
	int warp = w->warp < 0 ? 0 : (int)w->warp;

	if (s < -1 || (s == -1 && w->block >= 0) || session_warp(hm->s, s, warp, &sw) < 0)
		return snprintf(err, WSAPI_ERR_MAX, "no warp %d there", warp), -1;
	for (int g = 0; g < sw.ngroups; g++) {
		const struct session_group *gi = &sw.g[g];

		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "group", g);
		out_mask(o, "mask", gi->mask);
		wsapi_out_str(o, "state", state_name(gi->state));
		wsapi_out_bool(o, "current", g == sw.last);
		wsapi_out_str(o, "func", hm->mod->funcs[gi->func].name);
		if ((in = insn_at(hm, gi->func, gi->pc)))
			wsapi_out_int(o, "line", in->span.line);
		wsapi_out_int(o, "pc", gi->pc);
		wsapi_out_int(o, "depth", gi->depth);
		if (gi->wait_mask)
			out_mask(o, "wait", gi->wait_mask);
		wsapi_out_end(o);
	}
	return 0;
}

/* A scalar of type t from raw little-endian bytes. */
static void scalar_out(struct wsapi_out *o, const char *key, unsigned t, const uint8_t *p)
{
	uint64_t bits = 0;
	struct eval_val v;

	memcpy(&bits, p, (size_t)eval_type_size((uint8_t)t));
	eval_scalar_val((uint8_t)t, bits, &v);
	if (t == IR_PRED)
		wsapi_out_bool(o, key, v.i & 1);
	else if (v.isf)
		wsapi_out_num(o, key, v.f);
	else
		wsapi_out_int(o, key, v.i);
}

static unsigned type_size(unsigned t)
{
	return ir_type_size(t);
}

/* Elements of type t at addr, as lane (slot, warp, lane) sees memory,
 * appended to the current table. */
static int mem_vals(struct he_mach *hm, int slot, int warp, int lane, uint64_t addr, unsigned t,
		    uint64_t count, struct wsapi_out *o)
{
	uint8_t buf[8];
	unsigned sz = type_size(t);

	if (count > HE_ARRAY_MAX)
		count = HE_ARRAY_MAX;
	for (uint64_t i = 0; i < count; i++) {
		if (machine_read(hm->m, slot, warp, lane, addr + i * sz, buf, sz) < 0)
			return -1;
		scalar_out(o, NULL, t, buf);
	}
	return 0;
}

static int mem_out(struct he_mach *hm, int slot, int warp, int lane, uint64_t addr, unsigned t,
		   uint64_t count, const char *key, struct wsapi_out *o)
{
	int r;

	wsapi_out_begin(o, key);
	r = mem_vals(hm, slot, warp, lane, addr, t, count, o);
	wsapi_out_end(o);
	return r;
}

static const struct ir_var *var_find(struct he_mach *hm, int func, uint32_t pc, const char *name)
{
	const struct ir_func *fn = &hm->mod->funcs[func];
	const struct ir_var *best = NULL;

	for (uint32_t i = 0; i < fn->nvars; i++) {
		const struct ir_var *v = &fn->vars[i];
		if (strcmp(v->name, name) || pc < v->live_from || pc > v->live_to)
			continue;
		if (!best || v->live_from >= best->live_from)
			best = v;
	}
	return best;
}

/* One variable's value in one lane (key NULL: append); false when not in scope. */
static void var_out(struct he_mach *hm, int slot, int warp, int lane, const char *name,
		    const char *key, struct wsapi_out *o)
{
	const struct ir_var *v;
	const struct ir_dbgtype *ty;
	uint64_t r, base;
	uint8_t buf[8];
	uint32_t pc;
	int func;

	if (lane_where(hm, slot, warp, lane, &func, &pc, NULL) < 0 || !(v = var_find(hm, func, pc, name))) {
		wsapi_out_bool(o, key, 0);
		return;
	}
	ty = v->type;
	if (v->loc == VLOC_REG) {
		if (machine_lane_reg(hm->m, slot, warp, lane, 0, v->reg, &r) < 0) {
			wsapi_out_bool(o, key, 0);
			return;
		}
		memcpy(buf, &r, 8);
		scalar_out(o, key, ty && ty->scalar ? ty->scalar : hm->mod->funcs[func].reg_ty[v->reg], buf);
		return;
	}
	if (v->loc == VLOC_LOCAL) {
		if (machine_lane_local_addr(hm->m, slot, warp, lane, 0, 0, &base) < 0) {
			wsapi_out_bool(o, key, 0);
			return;
		}
		base += (uint64_t)v->off;
	} else {
		if (machine_object_addr(hm->m, (uint32_t)v->off, &base) < 0)
			base = 0;
	}
	if (ty && ty->scalar && ty->elem_count <= 1) {
		if (machine_read(hm->m, slot, warp, lane, base, buf, type_size(ty->scalar)) < 0) {
			wsapi_out_bool(o, key, 0);
			return;
		}
		scalar_out(o, key, ty->scalar, buf);
	} else if (ty && ty->elem) {
		mem_out(hm, slot, warp, lane, base, ty->elem, ty->elem_count, key, o);
	} else {
		wsapi_out_str(o, key, ty ? ty->name : "?");
	}
}

static int q_vars(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	int s = w->block < 0 && machine_has_host(hm->m) && slot_of(hm, -1) == -2 ? -1
									   : where_slot(hm, w, err);
	int warp = w->warp < 0 ? 0 : (int)w->warp;
	struct machine_warp_info wi;

	if (!w->name)
		return snprintf(err, WSAPI_ERR_MAX, "vars needs a variable name"), -1;
	if (s < -1 || (s == -1 && w->block >= 0) || machine_warp(hm->m, s, warp, &wi) < 0)
		return snprintf(err, WSAPI_ERR_MAX, "no warp %d there", warp), -1;
	for (int l = 0; l < (s < 0 ? 1 : 32); l++)
		if (w->lane < 0 || w->lane == l)
			var_out(hm, s, warp, l, w->name, NULL, o);
	return 0;
}

/* thread{block=, thread=} (or warp=, lane=): indices, state and locals. */
static int q_thread(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	int s = where_slot(hm, w, err), warp, lane, func, state;
	uint32_t pc;
	const struct ir_insn *in;
	const struct ir_func *fn;

	if (s < 0)
		return -1;
	warp = w->thread >= 0 ? (int)(w->thread / 32) : w->warp < 0 ? 0 : (int)w->warp;
	lane = w->thread >= 0 ? (int)(w->thread % 32) : w->lane < 0 ? 0 : (int)w->lane;
	wsapi_out_int(o, "warp", warp);
	wsapi_out_int(o, "lane", lane);
	if (lane_where(hm, s, warp, lane, &func, &pc, &state) < 0) {
		wsapi_out_str(o, "state", "exited");
		wsapi_out_begin(o, "vars");
		wsapi_out_end(o);
		return 0;
	}
	wsapi_out_str(o, "state", state_name(state));
	wsapi_out_str(o, "func", hm->mod->funcs[func].name);
	if ((in = insn_at(hm, func, pc)))
		wsapi_out_int(o, "line", in->span.line);
	fn = &hm->mod->funcs[func];
	wsapi_out_begin(o, "vars");
	for (uint32_t i = 0; i < fn->nvars; i++)
		if (pc >= fn->vars[i].live_from && pc <= fn->vars[i].live_to &&
		    var_find(hm, func, pc, fn->vars[i].name) == &fn->vars[i])
			var_out(hm, s, warp, lane, fn->vars[i].name, fn->vars[i].name, o);
	wsapi_out_end(o);
	return 0;
}

/* A thread's call stack (the session's, as the interface's bt shows it):
 * per frame {level, func, line, args = {name = text}, locals = {name = text}};
 * the host thread while no kernel runs. */
static int q_frames(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	struct session_frame fr[64];
	int s = -1, warp = 0, lane = 0, n;
	struct machine_kernel_info k;

	if (machine_kernel(hm->m, &k) == 0 && k.active) {
		if ((s = where_slot(hm, w, err)) < 0)
			return -1;
		warp = w->thread >= 0 ? (int)(w->thread / 32) : w->warp < 0 ? 0 : (int)w->warp;
		lane = w->thread >= 0 ? (int)(w->thread % 32) : w->lane < 0 ? 0 : (int)w->lane;
	}
	n = session_frames(hm->s, s, warp, lane, fr, 64);
	for (int i = 0; i < n; i++) {
		const struct ir_var *vars[64];
		struct eval_ctx c;
		struct strbuf sb;

		session_eval_ctx_frame(hm->s, s, warp, lane, i, &c);
		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "level", i);
		wsapi_out_str(o, "func", fr[i].name);
		wsapi_out_int(o, "line", fr[i].line);
		strbuf_init(&sb);
		for (int which = 1; which <= 2; which++) {
			int nv = session_frame_vars(hm->s, s, warp, lane, i, which, vars, 64);

			wsapi_out_begin(o, which == 1 ? "args" : "locals");
			for (int j = 0; j < nv; j++) {
				strbuf_reset(&sb);
				eval_var_text(&c, vars[j], &sb);
				wsapi_out_str(o, vars[j]->name, strbuf_cstr(&sb));
			}
			wsapi_out_end(o);
		}
		strbuf_release(&sb);
		wsapi_out_end(o);
	}
	return 0;
}

/* An expression for one thread, printed as the interface's print does
 * (eval_print: arrays, *p@n, $lane ...): {value = text}. */
static int q_eval(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	struct machine_kernel_info k;
	struct eval_ctx c;
	struct strbuf out, e;
	int s = -1, warp = 0, lane = 0, r;

	if (!w->name)
		return snprintf(err, WSAPI_ERR_MAX, "eval needs an expression: {name = \"EXPR\"}"), -1;
	if (machine_kernel(hm->m, &k) == 0 && k.active) {
		if ((s = where_slot(hm, w, err)) < 0)
			return -1;
		warp = w->thread >= 0 ? (int)(w->thread / 32) : w->warp < 0 ? 0 : (int)w->warp;
		lane = w->thread >= 0 ? (int)(w->thread % 32) : w->lane < 0 ? 0 : (int)w->lane;
	}
	session_eval_ctx(hm->s, s, warp, lane, &c);
	strbuf_init(&out);
	strbuf_init(&e);
	if ((r = eval_print(&c, w->name, 0, &out, &e)) < 0)
		snprintf(err, WSAPI_ERR_MAX, "%s", strbuf_cstr(&e));
	else
		wsapi_out_str(o, "value", strbuf_cstr(&out));
	strbuf_release(&out);
	strbuf_release(&e);
	return r;
}

/* A module object by source name; a function's static ("k::tile") also
 * answers to its short name. */
static int obj_named(struct he_mach *hm, const char *name, int shared)
{
	for (int pass = 0; pass < 2; pass++)
		for (uint32_t i = 0; i < hm->mod->nobjs; i++) {
			const char *n = hm->mod->objs[i].name, *c = strrchr(n, ':');
			if ((hm->mod->objs[i].kind == OBJ_SHARED) != shared)
				continue;
			if (!strcmp(n, name) || (pass && c && !strcmp(c + 1, name)))
				return (int)i;
		}
	return -1;
}

static int q_memory(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err,
		    int shared)
{
	int s = shared ? where_slot(hm, w, err) : -1;
	uint64_t addr = HE_ADDR(HE_TAG_SHARED, w->offset < 0 ? 0 : w->offset);
	uint64_t count = w->count < 0 ? 64 : (uint64_t)w->count;
	unsigned t = IR_U8;
	int obj;

	if (shared && s < 0)
		return -1;
	if (w->name) {
		const struct ir_object *ob;
		if ((obj = obj_named(hm, w->name, shared)) < 0)
			return snprintf(err, WSAPI_ERR_MAX, "no %s variable named '%s'",
					shared ? "__shared__" : "__device__", w->name), -1;
		ob = &hm->mod->objs[obj];
		t = ob->type && ob->type->elem ? ob->type->elem : ob->type && ob->type->scalar ? ob->type->scalar : IR_U8;
		if (machine_object_addr(hm->m, (uint32_t)obj, &addr) < 0)
			addr = 0;
		addr += (uint64_t)(w->offset < 0 ? 0 : w->offset) * type_size(t);
		if (w->count < 0)
			count = ob->size / type_size(t);
	} else if (!shared) {
		return snprintf(err, WSAPI_ERR_MAX, "global needs the name of a __device__ variable (buffers: b:read)"), -1;
	}
	/* shared: read through the block's first warp (the window is the block's) */
	return mem_vals(hm, s, 0, 0, addr, t, count, o) < 0
		? (snprintf(err, WSAPI_ERR_MAX, "cannot read that memory"), -1) : 0;
}

/* relaxed model: each thread's stores some other thread may not see yet,
 * with what its block (L1) and the device (L2) see of that location */
static int q_pending(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o)
{
	struct machine_mm_pending p[64];
	int nt = machine_mm_nthreads(hm->m);

	for (int i = 0; i < nt; i++) {
		int blk, tid;
		if (machine_mm_thread(hm->m, i, &blk, &tid) < 0 || (w->block >= 0 && w->block != blk))
			continue;
		int k = machine_mm_pending(hm->m, blk, tid, p, 64);
		for (int j = 0; j < k && j < 64; j++) {
			struct machine_mm_write wr;
			int bv = machine_mm_block_view(hm->m, blk, p[j].loc);
			int dv = machine_mm_device_view(hm->m, p[j].loc);
			wsapi_out_begin(o, NULL);
			wsapi_out_int(o, "block", blk);
			wsapi_out_int(o, "thread", tid);
			wsapi_out_int(o, "addr", (long long)p[j].addr);
			wsapi_out_int(o, "value", (long long)(int32_t)p[j].val);
			wsapi_out_str(o, "visible", bv >= p[j].pos ? "block" : "thread");
			if (machine_mm_write_get(hm->m, p[j].loc, dv, &wr) == 0)
				wsapi_out_int(o, "device_sees", (long long)(int32_t)wr.val);
			wsapi_out_end(o);
		}
	}
	return 0;
}

/* relaxed model: the memory events of this launch in the order performed
 * (machine_mm_event_get), with reads-from, coherence and the why of reads */
static int q_mm_events(struct he_mach *hm, struct wsapi_out *o)
{
	static const char *const kinds[] = { "read", "write", "rmw", "fence", "barrier" };
	static const char *const scopes[] = { "none", "cta", "gpu", "sys", "cluster" };
	static const char *const sems[] = { "weak", "volatile", "relaxed", "acquire", "release", "acq_rel", "sc" };
	int n = machine_mm_nevents(hm->m, NULL);
	for (int i = 0; i < n; i++) {
		struct machine_mm_ev ev;
		char name[64];
		if (machine_mm_event_get(hm->m, i, &ev) < 0)
			break;
		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "index", i + 1);
		wsapi_out_str(o, "kind", ev.kind >= 0 && ev.kind < 5 ? kinds[ev.kind] : "?");
		wsapi_out_int(o, "host", ev.host);
		wsapi_out_int(o, "block", ev.block);
		wsapi_out_int(o, "thread", ev.thread);
		wsapi_out_int(o, "po", ev.po);
		wsapi_out_int(o, "line", ev.line);
		wsapi_out_str(o, "scope", !ev.strong ? "none" : ev.scope >= 0 && ev.scope < 5 ? scopes[ev.scope] : "?");
		wsapi_out_str(o, "sem", ev.sem >= 0 && ev.sem < 7 ? sems[ev.sem] : "?");
		wsapi_out_int(o, "strong", ev.strong);
		if (ev.kind == MM_EV_READ || ev.kind == MM_EV_WRITE || ev.kind == MM_EV_RMW) {
			machine_addr_name(hm->m, ev.addr, (unsigned)ev.size, name, sizeof(name));
			wsapi_out_str(o, "loc", name);
			wsapi_out_int(o, "addr", (long long)ev.addr);
			wsapi_out_int(o, "value", (long long)ev.val);
		}
		if (ev.kind == MM_EV_RMW)
			wsapi_out_int(o, "read_value", (long long)ev.rval);
		if (ev.kind == MM_EV_READ || ev.kind == MM_EV_RMW)
			wsapi_out_int(o, "rf", ev.rf >= 0 ? ev.rf + 1 : 0);
		if (ev.kind == MM_EV_WRITE || ev.kind == MM_EV_RMW)
			wsapi_out_int(o, "co", ev.co);
		if (ev.kind == MM_EV_READ) {
			wsapi_out_int(o, "choices", ev.choices);
			wsapi_out_int(o, "newer", ev.newer);
		}
		const char *why = machine_mm_event_why(hm->m, i);
		if (why)
			wsapi_out_str(o, "why", why);
		wsapi_out_end(o);
	}
	return 0;
}

/* m:output(): what a machine made with capture = true printed so far */
static int q_output(struct he_mach *hm, struct wsapi_out *o, char *err)
{
	if (!hm->cap[0]) {
		snprintf(err, WSAPI_ERR_MAX, "m:output() needs a machine made with capture = true");
		return -1;
	}
	for (int i = 0; i < 2; i++)
		fflush(hm->capf[i]);
	wsapi_out_str(o, "stdout", hm->cap[0]->buf ? hm->cap[0]->buf : "");
	wsapi_out_str(o, "stderr", hm->cap[1]->buf ? hm->cap[1]->buf : "");
	wsapi_out_int(o, "dropped", (long long)(hm->cap[0]->dropped + hm->cap[1]->dropped));
	return 0;
}

/* relaxed model: the explanation log (what synchronized what, stale reads) */
static int q_memlog(struct he_mach *hm, struct wsapi_out *o)
{
	for (int i = 0; i < machine_mm_nsync(hm->m); i++)
		wsapi_out_str(o, NULL, machine_mm_sync(hm->m, i));
	return 0;
}

/* relaxed model: the values a load of __device__ variable name[offset] by a
 * thread (block, thread) could read now, newest first */
static int q_candidates(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o,
			char *err)
{
	int obj, pos[64];
	uint64_t addr;

	if (!w->name || (obj = obj_named(hm, w->name, 0)) < 0 ||
	    machine_object_addr(hm->m, (uint32_t)obj, &addr) < 0)
		return snprintf(err, WSAPI_ERR_MAX, "candidates needs the name of a __device__ variable"), -1;
	addr += (uint64_t)(w->offset < 0 ? 0 : w->offset) * 4;
	int n = machine_mm_candidates(hm->m, (int)(w->block < 0 ? 0 : w->block),
				      (int)(w->thread < 0 ? 0 : w->thread), addr, pos, 64);
	for (int i = 0; i < n && i < 64; i++) {
		struct machine_mm_write wr;
		int loc;
		for (loc = 0; loc < machine_mm_nlocs(hm->m); loc++) {
			uint64_t a;
			int nw;
			if (machine_mm_loc(hm->m, loc, &a, &nw) == 0 && a == addr)
				break;
		}
		if (machine_mm_write_get(hm->m, loc, pos[i], &wr) < 0)
			continue;
		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "value", (long long)(int32_t)wr.val);
		wsapi_out_int(o, "block", wr.block);
		wsapi_out_int(o, "thread", wr.thread);
		wsapi_out_bool(o, "newest", i == 0);
		wsapi_out_end(o);
	}
	return 0;
}

static int q_barriers(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	struct machine_kernel_info k;
	struct machine_block_info b;
	struct session_barrier sb;

	if (machine_kernel(hm->m, &k) < 0)
		return 0; /* no kernel: no barriers */
	for (int s = 0; s < k.nresident; s++) {
		if (machine_block(hm->m, s, &b) < 0)
			continue;
		long long lin = b.idx[0] + (long long)b.idx[1] * k.grid[0] +
				(long long)b.idx[2] * k.grid[0] * k.grid[1];
		if (w->block >= 0 && w->block != lin)
			continue;
		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "block", lin);
		wsapi_out_str(o, "barrier", "__syncthreads");
		session_barrier(hm->s, s, &sb);
		wsapi_out_int(o, "arrived", sb.arrived);
		wsapi_out_int(o, "expected", sb.expected);
		wsapi_out_int(o, "generation", sb.generation);
		wsapi_out_begin(o, "waiting");
		for (int i = 0; i < sb.nwarps; i++) {
			uint32_t m = sb.at_bar[i], sync = sb.at_sync[i];

			if (!m && !sync)
				continue;
			wsapi_out_begin(o, NULL);
			wsapi_out_int(o, "warp", i);
			out_mask(o, "mask", m);
			if (sync)
				out_mask(o, "wait", sync);
			wsapi_out_end(o);
		}
		wsapi_out_end(o);
		wsapi_out_end(o);
	}
	return 0;
}

static void dim3_out(struct wsapi_out *o, const char *key, const uint32_t d[3])
{
	wsapi_out_begin(o, key);
	for (int i = 0; i < 3; i++)
		wsapi_out_int(o, NULL, d[i]);
	wsapi_out_end(o);
}

static void finding_out(struct he_mach *hm, const struct machine_finding *f, struct wsapi_out *o)
{
	const struct srcfile *sf = srcmgr_file(hm->sm, f->span.file);

	wsapi_out_str(o, "kind", f->kind);
	wsapi_out_bool(o, "error", f->error);
	wsapi_out_str(o, "file", sf ? sf->name : "");
	wsapi_out_int(o, "line", f->span.line);
	wsapi_out_int(o, "col", f->span.col);
	wsapi_out_bool(o, "on_device", f->on_device);
	if (f->on_device) {
		dim3_out(o, "block", f->block);
		dim3_out(o, "thread", f->thread);
		wsapi_out_int(o, "warp", f->warp);
		wsapi_out_int(o, "lane", f->lane);
		out_mask(o, "mask", f->lanes);
	}
	if (f->addr)
		wsapi_out_int(o, "addr", (long long)f->addr);
	wsapi_out_str(o, "message", f->msg ? f->msg : "");
}

static int q_findings(struct he_mach *hm, struct wsapi_out *o)
{
	for (size_t i = 0; i < machine_nfindings(hm->m); i++) {
		wsapi_out_begin(o, NULL);
		finding_out(hm, machine_finding_get(hm->m, i), o);
		wsapi_out_end(o);
	}
	return 0;
}

static int q_source(struct srcmgr *sm, struct wsapi_out *o)
{
	const struct srcfile *f = srcmgr_file(sm, 1);
	size_t n;

	if (!f)
		return 0;
	for (uint32_t l = 1;; l++) {
		const char *s = srcmgr_line(sm, 1, l, &n);
		char *copy;
		if (!s)
			break;
		copy = xmalloc(n + 1);
		memcpy(copy, s, n);
		copy[n] = 0;
		wsapi_out_str(o, NULL, copy);
		free(copy);
	}
	return 0;
}

static int q_status(struct he_mach *hm, struct wsapi_out *o)
{
	struct machine_kernel_info k;
	enum machine_status st = machine_get_status(hm->m);
	static const char *const modes[] = { "fresh", "kernels", "main" };

	wsapi_out_str(o, "mode", modes[hm->mode]);
	wsapi_out_int(o, "steps", (long long)session_steps(hm->s));
	wsapi_out_bool(o, "finished", st != MST_RUNNING);
	if (hm->mode == 2 && st == MST_FINISHED)
		wsapi_out_int(o, "exit_status", machine_exit_status(hm->m));
	if (machine_cuda_error(hm->m))
		wsapi_out_int(o, "error", machine_cuda_error(hm->m));
	wsapi_out_int(o, "findings", (long long)machine_nfindings(hm->m));
	if (machine_kernel(hm->m, &k) == 0) {
		wsapi_out_str(o, "kernel", hm->mod->funcs[k.func].name);
		dim3_out(o, "grid", k.grid);
		dim3_out(o, "block", k.block);
		wsapi_out_int(o, "shared", (long long)k.shmem);
		wsapi_out_int(o, "blocks_done", (long long)k.blocks_done);
		wsapi_out_int(o, "blocks_total", (long long)k.blocks_total);
		wsapi_out_int(o, "resident", k.nresident);
	}
	return 0;
}

static int q_kernels(const struct ir_module *mod, struct wsapi_out *o)
{
	for (uint32_t i = 0; i < mod->nfuncs; i++)
		if (mod->funcs[i].kind & FN_KERNEL)
			wsapi_out_str(o, NULL, mod->funcs[i].name);
	return 0;
}
/* cuda::barrier objects (engine/cg.c) and the grid barrier of a cooperative
 * launch: {block, name, addr, expected, pending, phase, waiting = {{warp,
 * mask, phase}}}; the grid barrier has name "this_grid()" and no block. */
static int q_cubarriers(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	struct machine_kernel_info k;
	struct machine_gridsync_info gs;
	int n = machine_cgbar_count(hm->m);

	if (machine_kernel(hm->m, &k) < 0)
		return 0;
	for (int i = 0; i < n; i++) {
		struct machine_cgbar_info bi;
		struct machine_cgbar_waiter wt[64];
		long long lin = -1;

		if (machine_cgbar(hm->m, i, &bi) < 0)
			continue;
		if (bi.slot >= 0)
			lin = bi.block[0] + (long long)bi.block[1] * k.grid[0] +
			      (long long)bi.block[2] * k.grid[0] * k.grid[1];
		if (w->block >= 0 && lin >= 0 && w->block != lin)
			continue;
		wsapi_out_begin(o, NULL);
		if (lin >= 0)
			wsapi_out_int(o, "block", lin);
		if (bi.obj >= 0 && (uint32_t)bi.obj < hm->mod->nobjs)
			wsapi_out_str(o, "name", hm->mod->objs[bi.obj].name);
		wsapi_out_int(o, "addr", (long long)bi.addr);
		wsapi_out_int(o, "expected", bi.expected);
		wsapi_out_int(o, "pending", bi.pending);
		wsapi_out_int(o, "phase", (long long)bi.phase);
		int nw = machine_cgbar_waiters(hm->m, i, wt, 64);
		wsapi_out_begin(o, "waiting");
		for (int j = 0; j < nw && j < 64; j++) {
			wsapi_out_begin(o, NULL);
			wsapi_out_int(o, "warp", wt[j].warp);
			out_mask(o, "mask", wt[j].lanes);
			wsapi_out_int(o, "phase", (long long)wt[j].phase);
			wsapi_out_end(o);
		}
		wsapi_out_end(o);
		wsapi_out_end(o);
	}
	if (machine_gridsync(hm->m, &gs) == 0 && gs.cooperative) {
		wsapi_out_begin(o, NULL);
		wsapi_out_str(o, "name", "this_grid()");
		wsapi_out_int(o, "expected", (long long)gs.expected);
		wsapi_out_int(o, "pending", (long long)(gs.expected - gs.arrived));
		wsapi_out_int(o, "phase", (long long)gs.generation);
		wsapi_out_end(o);
	}
	return 0;
}

/* m:textures(): the last texture fetch, one entry per lane that took part */
static int q_textures(struct he_mach *hm, struct wsapi_out *o)
{
	struct machine_tex_probe p;

	if (session_tex_last(hm->s, &p))
		return 0;
	for (int l = 0; l < 32; l++) {
		const struct machine_tex_lane *q = &p.lane[l];

		if (!q->valid)
			continue;
		wsapi_out_begin(o, NULL);
		wsapi_out_str(o, "func", p.func);
		wsapi_out_int(o, "object", (long long)p.obj);
		wsapi_out_int(o, "line", p.span.line);
		wsapi_out_int(o, "warp", p.warp);
		wsapi_out_int(o, "lane", l);
		wsapi_out_num(o, "x", q->coord[0]);
		wsapi_out_num(o, "y", q->coord[1]);
		wsapi_out_num(o, "z", q->coord[2]);
		wsapi_out_int(o, "layer", q->layer);
		wsapi_out_num(o, "lod", q->lod);
		wsapi_out_int(o, "levels", p.levels);
		wsapi_out_begin(o, "result");
		for (int k = 0; k < 4; k++) {
			float f;

			memcpy(&f, &q->result[k], 4);
			if (q->result_float)
				wsapi_out_num(o, NULL, f);
			else
				wsapi_out_int(o, NULL, (int32_t)q->result[k]);
		}
		wsapi_out_end(o);
		wsapi_out_begin(o, "texels");
		for (int t = 0; t < q->ntexels; t++) {
			wsapi_out_begin(o, NULL);
			wsapi_out_int(o, "x", q->t[t].x);
			wsapi_out_int(o, "y", q->t[t].y);
			wsapi_out_int(o, "z", q->t[t].z);
			wsapi_out_int(o, "layer", q->t[t].layer);
			wsapi_out_int(o, "level", q->t[t].level);
			wsapi_out_num(o, "weight", q->t[t].weight);
			wsapi_out_bool(o, "border", q->t[t].border);
			wsapi_out_num(o, "value", q->t[t].value[0]);
			wsapi_out_end(o);
		}
		wsapi_out_end(o);
		wsapi_out_end(o);
	}
	return 0;
}

static long long slot_linear(struct he_mach *hm, int s);

/* Asynchronous copies and pipelines (engine/machine/async.c): {pipelines =
 * {{block, name, addr, stages, producers, consumers, partitioned, stage =
 * {{state, use, acquired, committed, released, inflight}}}}, copies =
 * {{block, thread, line, kind, bytes, dst, src, batch, committed}}}. */
static int q_async(struct he_mach *hm, const struct wsapi_where *w, struct wsapi_out *o, char *err)
{
	static const char *const kinds[] = { "batch", "barrier", "pipeline", "primitive" };
	struct machine_kernel_info k;
	int np = machine_pipe_count(hm->m), nc = machine_acopy_count(hm->m);

	if (machine_kernel(hm->m, &k) < 0)
		np = nc = 0; /* no grid: both lists empty */
	wsapi_out_begin(o, "pipelines");
	for (int i = 0; i < np; i++) {
		struct machine_pipe_info pi;
		long long lin = -1;

		if (machine_pipe(hm->m, i, &pi) < 0)
			continue;
		if (pi.slot >= 0)
			lin = pi.block[0] + (long long)pi.block[1] * k.grid[0] +
			      (long long)pi.block[2] * k.grid[0] * k.grid[1];
		if (w->block >= 0 && lin >= 0 && w->block != lin)
			continue;
		wsapi_out_begin(o, NULL);
		if (lin >= 0)
			wsapi_out_int(o, "block", lin);
		if (pi.obj >= 0 && (uint32_t)pi.obj < hm->mod->nobjs)
			wsapi_out_str(o, "name", hm->mod->objs[pi.obj].name);
		wsapi_out_int(o, "addr", (long long)pi.addr);
		wsapi_out_int(o, "stages", pi.nstages);
		wsapi_out_int(o, "producers", pi.producers);
		wsapi_out_int(o, "consumers", pi.consumers);
		wsapi_out_bool(o, "partitioned", pi.partitioned);
		wsapi_out_begin(o, "stage");
		for (uint32_t s = 0; s < pi.nstages && s < MACHINE_PIPE_MAXSTAGES; s++) {
			wsapi_out_begin(o, NULL);
			wsapi_out_str(o, "state", session_stage_name(pi.stage[s].state));
			wsapi_out_int(o, "use", (long long)pi.stage[s].use);
			wsapi_out_int(o, "acquired", pi.stage[s].acquired);
			wsapi_out_int(o, "committed", pi.stage[s].committed);
			wsapi_out_int(o, "released", pi.stage[s].released);
			wsapi_out_int(o, "inflight", pi.stage[s].inflight);
			wsapi_out_end(o);
		}
		wsapi_out_end(o);
		wsapi_out_end(o);
	}
	wsapi_out_end(o);
	wsapi_out_begin(o, "copies");
	for (int i = 0; i < nc; i++) {
		struct machine_acopy_info c;
		long long lin;

		if (machine_acopy(hm->m, i, &c) < 0)
			continue;
		lin = c.block[0] + (long long)c.block[1] * k.grid[0] + (long long)c.block[2] * k.grid[0] * k.grid[1];
		if (w->block >= 0 && w->block != lin)
			continue;
		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "block", lin);
		wsapi_out_int(o, "thread", c.tid);
		wsapi_out_int(o, "line", c.line);
		wsapi_out_str(o, "kind", kinds[c.kind >= 0 && c.kind < 4 ? c.kind : 0]);
		wsapi_out_int(o, "bytes", (long long)c.size);
		wsapi_out_int(o, "dst", (long long)c.dst);
		wsapi_out_int(o, "src", (long long)c.src);
		wsapi_out_int(o, "batch", (long long)c.batch);
		wsapi_out_bool(o, "committed", c.committed);
		wsapi_out_end(o);
	}
	wsapi_out_end(o);
	return 0;
}

static const char *space_name(uint64_t addr)
{
	switch (HE_TAG_OF(addr)) {
	case HE_TAG_GLOBAL: return "global";
	case HE_TAG_CONST: return "constant";
	case HE_TAG_SHARED: return "shared";
	case HE_TAG_LOCAL: return "local";
	default: return "host";
	}
}

/* One kept access: {block, warp, line, write, space, mask, size, addrs = {per
 * lane}, then shared: degree, banks (banks touched), bank = {per lane};
 * global: sectors}. Inactive lanes are false in the per-lane lists. */
static void access_out(struct he_mach *hm, const struct session_access *a, const char *key,
		       struct wsapi_out *o)
{
	const struct ir_insn *in = insn_at(hm, a->func, a->pc);
	int shared = key[0] == 's';
	long long blk = slot_linear(hm, a->slot);

	wsapi_out_begin(o, key);
	if (blk >= 0)
		wsapi_out_int(o, "block", blk);
	wsapi_out_int(o, "warp", a->warp);
	if (in)
		wsapi_out_int(o, "line", in->span.line);
	wsapi_out_bool(o, "write", a->write);
	wsapi_out_str(o, "space", key);
	out_mask(o, "mask", a->mask);
	wsapi_out_int(o, "size", a->size);
	wsapi_out_begin(o, "addrs");
	for (int l = 0; l < 32; l++)
		if (a->mask >> l & 1)
			wsapi_out_int(o, NULL, (long long)(shared ? a->addr[l] & 0xffffffffffull : a->addr[l]));
		else
			wsapi_out_bool(o, NULL, 0);
	wsapi_out_end(o);
	if (shared) {
		wsapi_out_int(o, "degree", a->degree);
		wsapi_out_int(o, "banks", __builtin_popcount(a->banks));
		wsapi_out_begin(o, "bank");
		for (int l = 0; l < 32; l++)
			if (a->mask >> l & 1)
				wsapi_out_int(o, NULL, (long long)(a->addr[l] >> 2 & 31));
			else
				wsapi_out_bool(o, NULL, 0);
		wsapi_out_end(o);
	} else {
		wsapi_out_int(o, "sectors", a->sectors);
	}
	wsapi_out_end(o);
}

/* m:access(): the last warp access to shared and to global memory. */
static int q_access(struct he_mach *hm, struct wsapi_out *o)
{
	const struct session_access *sh = session_access_last(hm->s, SESSION_SHARED);
	const struct session_access *gl = session_access_last(hm->s, SESSION_GLOBAL);
	const struct session_access *cn = session_access_last(hm->s, SESSION_CONST);

	if (sh)
		access_out(hm, sh, "shared", o);
	if (cn && (!gl || cn->seq > gl->seq))
		gl = cn; /* m:access's "global" is global or constant memory */
	if (gl)
		access_out(hm, gl, "global", o);
	return 0;
}

static int he_query(void *ctx, uint64_t id, const char *what, const struct wsapi_where *w,
		    struct wsapi_out *o, char *err)
{
	struct host_engine *he = ctx;
	struct he_obj *p = obj_find(he, WSAPI_PROGRAM, id);
	struct he_mach *hm;

	if (p && !strcmp(what, "kernels"))
		return q_kernels(p->c->mod, o);
	if (!(hm = mach_get(he, id, err)))
		return -1;
	if (!strcmp(what, "kernels"))
		return q_kernels(hm->mod, o);
	if (!strcmp(what, "status"))
		return q_status(hm, o);
	if (!strcmp(what, "warps"))
		return q_warps(hm, w, o, err);
	if (!strcmp(what, "groups"))
		return q_groups(hm, w, o, err);
	if (!strcmp(what, "vars"))
		return q_vars(hm, w, o, err);
	if (!strcmp(what, "thread"))
		return q_thread(hm, w, o, err);
	if (!strcmp(what, "frames"))
		return q_frames(hm, w, o, err);
	if (!strcmp(what, "eval"))
		return q_eval(hm, w, o, err);
	if (!strcmp(what, "shared") || !strcmp(what, "global"))
		return q_memory(hm, w, o, err, what[0] == 's');
	if (!strcmp(what, "barriers"))
		return q_barriers(hm, w, o, err);
	if (!strcmp(what, "cubarriers"))
		return q_cubarriers(hm, w, o, err);
	if (!strcmp(what, "textures"))
		return q_textures(hm, o);
	if (!strcmp(what, "async"))
		return q_async(hm, w, o, err);
	if (!strcmp(what, "access"))
		return q_access(hm, o);
	if (!strcmp(what, "pending"))
		return q_pending(hm, w, o);
	if (!strcmp(what, "memlog"))
		return q_memlog(hm, o);
	if (!strcmp(what, "mm_events"))
		return q_mm_events(hm, o);
	if (!strcmp(what, "output"))
		return q_output(hm, o, err);
	if (!strcmp(what, "compare"))
		return q_compare(hm, w, o, err);
	if (!strcmp(what, "candidates"))
		return q_candidates(hm, w, o, err);
	if (!strcmp(what, "findings"))
		return q_findings(hm, o);
	if (!strcmp(what, "source"))
		return q_source(hm->sm, o);
	snprintf(err, WSAPI_ERR_MAX, "unknown query '%s'", what);
	return -1;
}

/* m:explore{max_runs=}: every execution of the machine's program (its
 * main()) under its memory model, grouped by outcome (engine/explore.c) */
static int he_explore(void *ctx, uint64_t mach, const struct wsapi_explore *x, struct wsapi_out *o,
		      char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	struct machine_opts mo;
	struct machine_explore r;
	char *argv[] = { "prog", NULL };

	if (!hm)
		return -1;
	if (hm->mod->main_func < 0) {
		snprintf(err, WSAPI_ERR_MAX, "explore needs a program with main()");
		return -1;
	}
	if (he->mo)
		mo = *he->mo;
	else
		machine_opts_init(&mo);
	mo.model = machine_mm_model(hm->m);
	mo.max_steps = x->max_steps;
	mo.schedule = NULL;
	mo.interrupt = he_interrupt;
	mo.interrupt_ctx = he;
	mo.max_memory = mach_mem_cap(he, NULL);
	mo.in = NULL;
	mo.files = &he_files;
	machine_explore(hm->mod, &mo, 1, argv, x->max_runs, &r);
	if (he_spent(he)) {
		machine_explore_free(&r);
		return snprintf(err, WSAPI_ERR_MAX, "stopped: the script's budget is spent"), -1;
	}
	wsapi_out_bool(o, "exhaustive", r.exhaustive);
	wsapi_out_int(o, "executions", (long long)r.execs);
	wsapi_out_int(o, "axiom_violations", (long long)r.axiom_violations);
	wsapi_out_begin(o, "outcomes");
	for (size_t i = 0; i < r.n; i++) {
		wsapi_out_begin(o, NULL);
		wsapi_out_str(o, "stdout", r.o[i].out);
		wsapi_out_int(o, "status", r.o[i].status);
		wsapi_out_int(o, "count", (long long)r.o[i].count);
		wsapi_out_str(o, "witness", r.o[i].witness);
		wsapi_out_end(o);
	}
	wsapi_out_end(o);
	machine_explore_free(&r);
	return 0;
}

/* ---- the scheduler's choices */

struct he_choice {
	int slot, warp, group;
	uint32_t mask;
	int line;
};

static long long slot_linear(struct he_mach *hm, int s)
{
	struct machine_kernel_info k;
	struct machine_block_info b;

	if (machine_kernel(hm->m, &k) < 0 || machine_block(hm->m, s, &b) < 0)
		return -1;
	return b.idx[0] + (long long)b.idx[1] * k.grid[0] + (long long)b.idx[2] * k.grid[0] * k.grid[1];
}

static void choice_add(struct he_mach *hm, struct he_choice *c, size_t *n, int s, int w, int g,
		       const struct machine_group_info *gi)
{
	const struct ir_insn *in = insn_at(hm, gi->func, gi->pc);

	c[(*n)++] = (struct he_choice){ s, w, g, gi->mask, in ? (int)in->span.line : 0 };
}

/* Every move the scheduler may make next: each ready group of each resident
 * warp under `its`; under `stack` one per warp (the stack decides the group). */
static size_t choices_list(struct he_mach *hm, struct he_choice *c, size_t max)
{
	struct machine_kernel_info k;
	struct machine_block_info b;
	struct machine_warp_info wi;
	struct machine_group_info gi;
	size_t n = 0;

	if (machine_kernel(hm->m, &k) < 0)
		return 0;
	for (int s = 0; s < k.nresident; s++) {
		if (machine_block(hm->m, s, &b) < 0)
			continue;
		for (int w = 0; w < b.nwarps && n < max; w++) {
			if (machine_warp(hm->m, s, w, &wi) < 0)
				continue;
			if (!hm->its) {
				if (warp_next(hm, s, w, &gi) == 0)
					choice_add(hm, c, &n, s, w, -1, &gi);
				continue;
			}
			for (int g = 0; g < wi.ngroups && n < max; g++)
				if (machine_group(hm->m, s, w, g, &gi) == 0 &&
				    (gi.state == LS_ACTIVE || gi.state == LS_READY))
					choice_add(hm, c, &n, s, w, g, &gi);
		}
	}
	return n;
}

static int he_choices(void *ctx, uint64_t mach, struct wsapi_out *o, char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	struct he_choice c[256];
	char label[160];
	size_t n;

	if (!hm)
		return -1;
	n = choices_list(hm, c, 256);
	for (size_t i = 0; i < n; i++) {
		wsapi_out_begin(o, NULL);
		wsapi_out_int(o, "block", slot_linear(hm, c[i].slot));
		wsapi_out_int(o, "warp", c[i].warp);
		wsapi_out_int(o, "group", c[i].group);
		out_mask(o, "mask", c[i].mask);
		wsapi_out_int(o, "line", c[i].line);
		snprintf(label, sizeof(label), "block %lld warp %d lanes 0x%08x at line %d",
			 slot_linear(hm, c[i].slot), c[i].warp, c[i].mask, c[i].line);
		wsapi_out_str(o, "label", label);
		wsapi_out_end(o);
	}
	return 0;
}

static int he_choose(void *ctx, uint64_t mach, long long i, char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	struct he_choice c[256];
	size_t n;

	if (!hm)
		return -1;
	n = choices_list(hm, c, 256);
	if (i < 1 || (size_t)i > n) {
		snprintf(err, WSAPI_ERR_MAX, "choice %lld: there %s %zu (see m:choices())", i,
			 n == 1 ? "is" : "are", n);
		return -1;
	}
	struct machine_choice mc = { c[i - 1].slot, c[i - 1].warp, c[i - 1].group, c[i - 1].mask, 0, 0 };
	if (session_choose(hm->s, &mc) < 0) {
		snprintf(err, WSAPI_ERR_MAX, "that group cannot run now");
		return -1;
	}
	return 0;
}

/* ---- events */

static int he_subscribe(void *ctx, uint64_t mach, const char *event, int on, char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	int k;

	if (!hm)
		return -1;
	for (k = 0; k <= HE_EV_LINE; k++)
		if (ev_names[k] && !strcmp(ev_names[k], event))
			break;
	if (k > HE_EV_LINE) {
		snprintf(err, WSAPI_ERR_MAX, "unknown event '%s' (insn, line, mem, barrier, diverge, reconverge, launch, kernel, finding)", event);
		return -1;
	}
	if (on)
		hm->sub |= 1u << k;
	else
		hm->sub &= ~(1u << k);
	observe_update(hm);
	return 0;
}

static int he_events(void *ctx, uint64_t mach, struct wsapi_out *o, char *err)
{
	struct host_engine *he = ctx;
	struct he_mach *hm = mach_get(he, mach, err);
	const struct ir_insn *in;

	if (!hm)
		return -1;
	for (size_t i = 0; i < hm->evq.len; i++) {
		const struct he_event *e = &hm->evq.v[i];
		wsapi_out_begin(o, NULL);
		wsapi_out_str(o, "event", ev_names[e->kind]);
		if (e->slot >= 0 && e->kind != EV_LAUNCH && e->kind != EV_KERNEL_END) {
			wsapi_out_int(o, "block", e->slot);
			if (e->warp >= 0)
				wsapi_out_int(o, "warp", e->warp);
		}
		if (e->kind == EV_INSN || e->kind == HE_EV_LINE || e->kind == EV_MEM ||
		    e->kind == EV_DIVERGE || e->kind == EV_RECONVERGE) {
			out_mask(o, "mask", e->mask);
			if ((in = insn_at(hm, e->func, e->pc)))
				wsapi_out_int(o, "line", in->span.line);
		}
		if (e->kind == EV_LAUNCH || e->kind == EV_KERNEL_END)
			wsapi_out_str(o, "kernel", hm->mod->funcs[e->func].name);
		if (e->kind == EV_MEM) {
			wsapi_out_int(o, "addr", (long long)e->addr);
			wsapi_out_int(o, "size", e->size);
			wsapi_out_bool(o, "write", e->write);
			wsapi_out_str(o, "space", space_name(e->addr));
			if (e->degree)
				wsapi_out_int(o, "degree", e->degree);
			if (e->sectors)
				wsapi_out_int(o, "sectors", e->sectors);
			if (e->has_lanes) {
				/* addrs[lane + 1]: the lane's address, false outside mask */
				wsapi_out_begin(o, "addrs");
				for (int l = 0; l < 32; l++) {
					if (e->mask >> l & 1)
						wsapi_out_int(o, NULL, (long long)e->lanes[l]);
					else
						wsapi_out_bool(o, NULL, 0);
				}
				wsapi_out_end(o);
			}
		}
		if (e->kind == EV_FINDING && e->finding < machine_nfindings(hm->m))
			finding_out(hm, machine_finding_get(hm->m, e->finding), o);
		wsapi_out_end(o);
	}
	hm->evq.len = 0;
	return 0;
}

/* ---- the host */

struct host_engine *host_engine_new(FILE *out, FILE *err, const struct session_compile_opts *fo,
				    const struct machine_opts *mo)
{
	struct host_engine *he = xcalloc(1, sizeof(*he));

	he->out = out;
	he->err = err;
	he->fo = fo;
	he->mo = mo;
	he->host = (struct wsapi_host){
		.ctx = he,
		.memory = he_memory,
		.budget = &he->budget,
		.alive = he_alive,
		.release = he_release,
		.compile = he_compile,
		.compile_file = he_compile_file,
		.machine_new = he_machine_new,
		.buffer_new = he_buffer_new,
		.buffer_io = he_buffer_io,
		.buffer_addr = he_buffer_addr,
		.launch = he_launch,
		.run_main = he_run_main,
		.step = he_step,
		.breakpoint = he_breakpoint,
		.query = he_query,
		.choices = he_choices,
		.choose = he_choose,
		.explore = he_explore,
		.subscribe = he_subscribe,
		.events = he_events,
	};
	return he;
}

void host_engine_set_poll(struct host_engine *he, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
			  void *ctx)
{
	/* the sessions' poll (he_session_poll) asks it after the budget */
	he->poll = poll;
	he->poll_ctx = ctx;
}

struct wsapi_host *host_engine_host(struct host_engine *he)
{
	return &he->host;
}

struct session *host_engine_shown(const struct host_engine *he, unsigned *gen)
{
	*gen = he->shown_gen;
	return he->shown ? he->shown->s : NULL;
}

void host_engine_free(struct host_engine *he)
{
	if (!he)
		return;
	/* children first, so a machine never outlives its module */
	for (int k = WSAPI_BUFFER; k >= WSAPI_PROGRAM; k--)
		for (size_t i = 0; i < he->objs.len;)
			if (he->objs.v[i]->kind == (enum wsapi_kind)k)
				obj_remove(he, he->objs.v[i]);
			else
				i++;
	vec_free(&he->objs);
	for (size_t i = 0; i < he->readable.len; i++)
		free(he->readable.v[i]);
	vec_free(&he->readable);
	free(he);
}
