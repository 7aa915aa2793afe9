/*
 * trace.c - a real execution recorded on the GPU (trace --gpu), replayed
 * through the session: the session steps, one statement at a time, the
 * warp the trace says the hardware ran next. docs/gpu.md "Traces" is the
 * file format; session.h has the contract.
 */
#include "session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "eval.h"

struct trace_rec {
	uint64_t t;
	uint32_t sm, hw, mask, line, pc;
	uint64_t block;
	uint32_t warp;
};

struct session_trace {
	char *kernel, *device, *program;
	uint64_t launch, dropped;
	uint32_t grid[3], block[3];
	VEC(struct trace_rec) r;
	size_t pos;
	uint64_t starts;        /* launches of the kernel met while replaying */
	int armed;              /* the traced launch runs */
	uint64_t skipped;
	/* session_trace_emulate: the emulator's own run of the launch */
	int emulated;
	VEC(struct trace_rec) e; /* sm: the emulator's; hw: the first value's index */
	VEC(char *) evals;      /* nexprs per record of e */
	VEC(char *) exprs;
	VEC(struct session_cmp_row) rows;
	VEC(char *) rowvals;    /* the replay's values the rows point at */
	VEC(const char *) rowptr;
	struct cmp_index *ix;   /* what does not change with the replay's point */
};

static void index_free(struct session_trace *t);

static void emu_clear(struct session_trace *t)
{
	index_free(t);
	for (size_t i = 0; i < t->evals.len; i++)
		free(t->evals.v[i]);
	for (size_t i = 0; i < t->exprs.len; i++)
		free(t->exprs.v[i]);
	t->evals.len = t->exprs.len = t->e.len = 0;
	t->emulated = 0;
}

static void rows_clear(struct session_trace *t)
{
	for (size_t i = 0; i < t->rowvals.len; i++)
		free(t->rowvals.v[i]);
	t->rowvals.len = t->rowptr.len = t->rows.len = 0;
}

void session_trace_free(struct session_trace *t)
{
	if (!t)
		return;
	free(t->kernel);
	free(t->device);
	free(t->program);
	vec_free(&t->r);
	emu_clear(t);
	vec_free(&t->e);
	vec_free(&t->evals);
	vec_free(&t->exprs);
	rows_clear(t);
	vec_free(&t->rows);
	vec_free(&t->rowvals);
	vec_free(&t->rowptr);
	free(t);
}

static int read_line(const char **p, const char *end, char *buf, size_t n)
{
	if (*p >= end)
		return 0;
	const char *nl = memchr(*p, '\n', (size_t)(end - *p));
	size_t len = (size_t)((nl ? nl : end) - *p);
	if (len >= n)
		len = n - 1;
	memcpy(buf, *p, len);
	buf[len] = 0;
	if (len && buf[len - 1] == '\r')
		buf[len - 1] = 0;
	*p = nl ? nl + 1 : end;
	return 1;
}

struct session_trace *session_trace_parse(const char *text, size_t len, struct strbuf *err)
{
	const char *p = text, *end = text + len;
	char line[1024];
	unsigned lineno = 0;
	uint64_t want = UINT64_MAX;
	struct session_trace *t = xcalloc(1, sizeof(*t));

	if (!read_line(&p, end, line, sizeof(line)) || strncmp(line, "warpstep-trace ", 15)) {
		strbuf_adds(err, "not a warpstep trace (its first line is not 'warpstep-trace 1')");
		goto bad;
	}
	lineno = 1;
	if (strcmp(line + 15, "1")) {
		strbuf_addf(err, "trace version '%.20s' is not one this warpstep reads (1)", line + 15);
		goto bad;
	}
	while (read_line(&p, end, line, sizeof(line))) {
		lineno++;
		char key[32], val[512];
		unsigned long long u[10];
		if (!line[0] || line[0] == '#')
			continue;
		if (line[0] >= '0' && line[0] <= '9') {
			char fn[512];
			struct trace_rec r;
			if (sscanf(line, "%llu %llu %llu %llu %llu %llu %llx %llu %llu %511s", &u[0], &u[1], &u[2], &u[3],
				   &u[4], &u[5], &u[6], &u[7], &u[8], fn) != 10 || u[0] != t->r.len || u[6] > 0xffffffffull ||
			    !u[6] || u[5] >= 32 || u[3] > 0xffffffffull || u[2] > 0xffffffffull) {
				strbuf_addf(err, "line %u: a bad record (index time sm hwwarp block warp mask line pc "
					    "function, numbered from 0)", lineno);
				goto bad;
			}
			r.t = u[1];
			r.sm = (uint32_t)u[2];
			r.hw = (uint32_t)u[3];
			r.block = u[4];
			r.warp = (uint32_t)u[5];
			r.mask = (uint32_t)u[6];
			r.line = (uint32_t)(u[7] > 0xffffffffull ? 0 : u[7]);
			r.pc = (uint32_t)(u[8] > 0xffffffffull ? 0 : u[8]);
			vec_push(&t->r, r);
			continue;
		}
		val[0] = 0;
		if (sscanf(line, "%31s %511[^\n]", key, val) < 1) {
			strbuf_addf(err, "line %u: expected KEY VALUE", lineno);
			goto bad;
		}
		if (!strcmp(key, "kernel"))
			free(t->kernel), t->kernel = xstrdup(val);
		else if (!strcmp(key, "device"))
			free(t->device), t->device = xstrdup(val);
		else if (!strcmp(key, "program"))
			free(t->program), t->program = xstrdup(val);
		else if (!strcmp(key, "launch") && sscanf(val, "%llu", &u[0]) == 1 && u[0] >= 1)
			t->launch = u[0];
		else if (!strcmp(key, "dropped") && sscanf(val, "%llu", &u[0]) == 1)
			t->dropped = u[0];
		else if (!strcmp(key, "records") && sscanf(val, "%llu", &u[0]) == 1)
			want = u[0];
		else if ((!strcmp(key, "grid") || !strcmp(key, "block")) &&
			 sscanf(val, "%llu %llu %llu", &u[0], &u[1], &u[2]) == 3 && u[0] && u[1] && u[2] &&
			 u[0] < (1ull << 32) && u[1] < 65536 && u[2] < 65536) {
			uint32_t *d = key[0] == 'g' ? t->grid : t->block;
			d[0] = (uint32_t)u[0], d[1] = (uint32_t)u[1], d[2] = (uint32_t)u[2];
		} else if (strcmp(key, "arch")) {
			strbuf_addf(err, "line %u: unknown or bad header '%.40s'", lineno, key);
			goto bad;
		}
	}
	if (!t->kernel || !t->launch || !t->grid[0] || !t->block[0]) {
		strbuf_adds(err, "the header lacks kernel, launch, grid or block");
		goto bad;
	}
	if (want != UINT64_MAX && want != t->r.len) {
		strbuf_addf(err, "the header says %llu records, the file holds %zu (cut short?)",
			    (unsigned long long)want, t->r.len);
		goto bad;
	}
	if (!t->device)
		t->device = xstrdup("a GPU");
	return t;
bad:
	session_trace_free(t);
	return NULL;
}

size_t session_trace_pos(const struct session_trace *t, size_t *n)
{
	if (n)
		*n = t->r.len;
	return t->pos;
}

const char *session_trace_kernel(const struct session_trace *t)
{
	return t->kernel;
}

static void rec_text(const struct session_trace *t, size_t i, struct strbuf *out)
{
	const struct trace_rec *r = &t->r.v[i];
	uint64_t bx = t->grid[0], by = t->grid[1];
	strbuf_addf(out, "SM %u warp slot %u: block (%llu,%llu,%llu) warp %u, lanes 0x%08x, line %u (+%llu ns)",
		    r->sm, r->hw, (unsigned long long)(r->block % bx), (unsigned long long)(r->block / bx % by),
		    (unsigned long long)(r->block / bx / by), r->warp, r->mask, r->line, (unsigned long long)r->t);
}

void session_trace_text(const struct session_trace *t, size_t count, struct strbuf *out)
{
	strbuf_addf(out, "trace of launch %llu of %s on %s: %zu records (%llu dropped), next %zu\n",
		    (unsigned long long)t->launch, t->kernel, t->device, t->r.len, (unsigned long long)t->dropped,
		    t->pos);
	for (size_t i = t->pos; i < t->r.len && i < t->pos + count; i++) {
		strbuf_addf(out, "%s %zu  ", i == t->pos ? "->" : "  ", i);
		rec_text(t, i, out);
		strbuf_adds(out, "\n");
	}
}

/* the resident slot of block `lin` of the running grid, or -1 */
static int slot_of(struct machine *m, const struct machine_kernel_info *k, uint64_t lin)
{
	for (int s = 0; s < k->nresident; s++) {
		struct machine_block_info b;
		if (machine_block(m, s, &b) < 0)
			continue;
		uint64_t l = b.idx[0] + (uint64_t)k->grid[0] * (b.idx[1] + (uint64_t)k->grid[1] * b.idx[2]);
		if (l == lin)
			return s;
	}
	return -1;
}

int session_trace_step(struct session *s, struct session_trace *t, struct session_stop *stop, struct strbuf *msg)
{
	struct machine_kernel_info k;
	const struct ir_module *mod = session_module(s);

	memset(stop, 0, sizeof(*stop));
	if (t->pos >= t->r.len)
		return 1;
	if (!t->armed) {
		/* the host runs, statement by statement, to the traced launch */
		struct session_focus host = { -1, 0, 0 };
		for (int n = 0; n < 1000000; n++) {
			if (machine_kernel(session_machine(s), &k) == 0 && k.active && !strcmp(mod->funcs[k.func].name, t->kernel) &&
			    n == 0 && t->starts + 1 == t->launch) {
				/* already at it (the program was stepped there by hand) */
				t->starts++;
				t->armed = 1;
				break;
			}
			if (session_step(s, SESSION_LINE, 1, &host, stop, msg) < 0)
				return -1;
			if (stop->reason == SESSION_EXITED || machine_get_status(session_machine(s)) != MST_RUNNING) {
				strbuf_addf(msg, "the program ended before launch %llu of %s, the launch traced",
					    (unsigned long long)t->launch, t->kernel);
				return -1;
			}
			if (stop->reason == SESSION_KERNEL_START && machine_kernel(session_machine(s), &k) == 0 &&
			    !strcmp(mod->funcs[k.func].name, t->kernel) && ++t->starts == t->launch) {
				t->armed = 1;
				break;
			}
		}
		if (!t->armed) {
			strbuf_adds(msg, "the traced launch did not start");
			return -1;
		}
		if (k.grid[0] != t->grid[0] || k.grid[1] != t->grid[1] || k.grid[2] != t->grid[2] ||
		    k.block[0] != t->block[0] || k.block[1] != t->block[1] || k.block[2] != t->block[2]) {
			t->armed = 0;
			strbuf_addf(msg, "the launch runs <<<(%u,%u,%u),(%u,%u,%u)>>>, the trace recorded <<<(%u,%u,%u),(%u,%u,%u)>>>",
				    k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2], t->grid[0],
				    t->grid[1], t->grid[2], t->block[0], t->block[1], t->block[2]);
			return -1;
		}
		snprintf(stop->text, sizeof(stop->text), "kernel %s started: replaying %zu steps recorded on %s",
			 t->kernel, t->r.len, t->device);
		return 0;
	}
	if (machine_kernel(session_machine(s), &k) < 0 || !k.active) {
		t->pos = t->r.len;
		return 1;
	}
	/* the next record whose warp the emulator still runs */
	uint64_t skipped = 0;
	for (; t->pos < t->r.len; t->pos++, skipped++) {
		const struct trace_rec *r = &t->r.v[t->pos];
		int slot = slot_of(session_machine(s), &k, r->block);
		struct session_warp w;
		if (slot < 0 || session_warp(s, slot, (int)r->warp, &w) < 0 || !w.live)
			continue;
		uint32_t lanes = r->mask & w.live ? r->mask & w.live : w.live;
		int lane = __builtin_ctz(lanes);
		/* the kernel's prologue (its parameters, on the line of its name):
		 * the session steps the first warp past it when the kernel starts */
		if (r->line && r->line == mod->funcs[k.func].span.line && w.line[lane] &&
		    (uint32_t)w.line[lane] != r->line)
			continue;
		struct session_focus f = { slot, (int)r->warp, lane };
		int line0 = w.line[lane];
		uint32_t emask = 0;
		for (int gi = 0; gi < w.ngroups; gi++)
			if (w.g[gi].mask & (1u << lane))
				emask = w.g[gi].mask;
		size_t i = t->pos++;
		if (session_step(s, SESSION_STMT, 1, &f, stop, msg) < 0)
			return -1;
		struct strbuf sb;
		strbuf_init(&sb);
		strbuf_addf(&sb, "GPU step %zu of %zu: ", i + 1, t->r.len);
		rec_text(t, i, &sb);
		if (emask != r->mask)
			strbuf_addf(&sb, "; emulator lanes 0x%08x", emask);
		if (line0 && (uint32_t)line0 != r->line && r->line)
			strbuf_addf(&sb, "; emulator at line %d", line0);
		if (skipped)
			strbuf_addf(&sb, "; %llu records passed (warps the emulator finished or is past)",
				    (unsigned long long)skipped);
		snprintf(stop->text, sizeof(stop->text), "%s", strbuf_cstr(&sb));
		strbuf_release(&sb);
		if (!stop->has_thread) {
			stop->has_thread = 1;
			stop->slot = slot;
			stop->warp = (int)r->warp;
			stop->lane = lane;
		}
		return 0;
	}
	return 1;
}

/* ---- beside the emulator: the same launch in the emulator's own order */

#define EMU_MAX_RECORDS (1u << 21)

struct emu_ctx {
	struct session *s;
	struct session_trace *t;
	uint64_t starts;
	int armed, done, checked, bad_shape;
	uint64_t dropped;
	struct machine_kernel_info k;
};

static void emu_observe(void *ctx, const struct machine_event *ev)
{
	struct emu_ctx *c = ctx;
	struct session_trace *t = c->t;
	struct machine *m = session_machine(c->s);
	const struct ir_module *mod = session_module(c->s);

	if (ev->kind == EV_LAUNCH) {
		if (!c->done && ev->func >= 0 && (uint32_t)ev->func < mod->nfuncs &&
		    !strcmp(mod->funcs[ev->func].name, t->kernel) && ++c->starts == t->launch)
			c->armed = 1;
		return;
	}
	if (!c->armed)
		return;
	if (ev->kind == EV_KERNEL_END) {
		c->armed = 0;
		c->done = 1;
		machine_request_stop(m);
		return;
	}
	if (ev->kind != EV_STMT || ev->slot < 0 || !ev->mask)
		return;
	if (!c->checked) {
		c->checked = 1;
		if (machine_kernel(m, &c->k) < 0 || memcmp(c->k.grid, t->grid, sizeof(t->grid)) ||
		    memcmp(c->k.block, t->block, sizeof(t->block))) {
			c->bad_shape = 1;
			c->armed = 0;
			c->done = 1;
			machine_request_stop(m);
			return;
		}
	}
	if (t->e.len >= EMU_MAX_RECORDS) {
		c->dropped++;
		return;
	}
	struct machine_block_info b;
	if (machine_block(m, ev->slot, &b) < 0)
		return;
	struct trace_rec r;
	memset(&r, 0, sizeof(r));
	r.block = b.idx[0] + (uint64_t)t->grid[0] * (b.idx[1] + (uint64_t)t->grid[1] * b.idx[2]);
	r.warp = (uint32_t)ev->warp;
	r.mask = ev->mask;
	r.sm = b.sm;
	r.hw = (uint32_t)t->evals.len;
	r.pc = ev->pc;
	int line = session_line(c->s, ev->func, ev->pc);
	r.line = line > 0 ? (uint32_t)line : 0;
	r.t = t->e.len;
	vec_push(&t->e, r);
	/* the watched values as the group begins the statement */
	for (size_t i = 0; i < t->exprs.len; i++) {
		struct eval_ctx ec;
		struct eval_val v;
		struct strbuf sb;
		strbuf_init(&sb);
		session_eval_ctx(c->s, ev->slot, ev->warp, __builtin_ctz(ev->mask), &ec);
		if (eval_expr(&ec, t->exprs.v[i], &v, &sb) == 0) {
			strbuf_reset(&sb);
			eval_print_val(&ec, &v, 0, &sb);
			vec_push(&t->evals, xstrdup(strbuf_cstr(&sb)));
		} else {
			vec_push(&t->evals, NULL);
		}
		strbuf_release(&sb);
	}
}

static int emu_poll(void *ctx, uint64_t steps, uint64_t total)
{
	struct emu_ctx *c = ctx;

	(void)steps, (void)total;
	return c->done;
}

int session_trace_emulate(struct session_trace *t, const struct ir_module *mod, const struct srcmgr *sm,
			  const struct machine_opts *mo, int argc, char **argv, const char *const *exprs,
			  int nexprs, uint64_t limit, struct strbuf *msg)
{
	struct emu_ctx c;
	struct session_stop stop;
	struct session_focus host = { -1, 0, 0 };
	struct session *s = session_new(mod, sm, mo, 0);

	emu_clear(t);
	rows_clear(t);
	for (int i = 0; i < nexprs; i++)
		vec_push(&t->exprs, xstrdup(exprs[i]));
	memset(&c, 0, sizeof(c));
	c.s = s;
	c.t = t;
	if (session_start_main(s, argc, argv) < 0) {
		strbuf_adds(msg, "the program has no main function");
		goto bad;
	}
	session_observe(s, (1u << EV_LAUNCH) | (1u << EV_KERNEL_END) | (1u << EV_STMT), 1, emu_observe, &c);
	session_set_poll(s, emu_poll, &c);
	session_set_limit(s, limit ? limit : 100000000ull);
	while (!c.done) {
		struct strbuf m2;
		strbuf_init(&m2);
		int r = session_step(s, SESSION_CONTINUE, 1, &host, &stop, &m2);
		strbuf_release(&m2);
		if (c.done)
			break;
		if (r < 0 || stop.reason == SESSION_EXITED || machine_get_status(session_machine(s)) != MST_RUNNING) {
			strbuf_addf(msg, "the emulator's run ended before launch %llu of %s, the launch traced",
				    (unsigned long long)t->launch, t->kernel);
			goto bad;
		}
		if (stop.reason == SESSION_LIMIT) {
			strbuf_addf(msg, "the emulator's run did not finish launch %llu of %s within %llu steps",
				    (unsigned long long)t->launch, t->kernel,
				    (unsigned long long)(limit ? limit : 100000000ull));
			goto bad;
		}
	}
	if (c.bad_shape) {
		strbuf_addf(msg, "the launch runs <<<(%u,%u,%u),(%u,%u,%u)>>>, the trace recorded <<<(%u,%u,%u),(%u,%u,%u)>>>",
			    c.k.grid[0], c.k.grid[1], c.k.grid[2], c.k.block[0], c.k.block[1], c.k.block[2],
			    t->grid[0], t->grid[1], t->grid[2], t->block[0], t->block[1], t->block[2]);
		goto bad;
	}
	session_free(s);
	t->emulated = 1;
	return 0;
bad:
	session_free(s);
	emu_clear(t);
	return -1;
}

int session_trace_exprs(const struct session_trace *t, const char *const **exprs)
{
	if (exprs)
		*exprs = (const char *const *)t->exprs.v;
	return t->emulated ? (int)t->exprs.len : -1;
}

/* One warp of either run: its key is block * 32 + warp. */
struct wkey {
	uint64_t key;
	size_t gfirst, efirst;  /* its first record on each side (SIZE_MAX: none) */
	size_t eoff, en;        /* its records in the emulator: eidx[eoff .. eoff + en) */
	size_t bi;              /* its block's index in blocks */
	int gwr, ewr;           /* the order in which the warps first ran: 1 first, 0 never */
};

/* The comparison's index, made once per session_trace_emulate: the warps
 * and blocks of both runs, their order on each side, each GPU record's
 * warp and each warp's emulator records. */
struct cmp_index {
	struct wkey *w;
	size_t nk;
	uint64_t *blocks;
	size_t nb;
	int *gbr, *ebr;         /* per block: its place in each side's block order */
	size_t *eidx;
	uint32_t *gk;           /* per GPU record: its warp's index in w */
};

static void index_free(struct session_trace *t)
{
	struct cmp_index *x = t->ix;
	if (!x)
		return;
	free(x->w);
	free(x->blocks);
	free(x->gbr);
	free(x->ebr);
	free(x->eidx);
	free(x->gk);
	free(x);
	t->ix = NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

static int cmp_wkey(const void *a, const void *b)
{
	return cmp_u64(&((const struct wkey *)a)->key, &((const struct wkey *)b)->key);
}

static struct wkey *wkey_find(struct wkey *w, size_t n, uint64_t key)
{
	struct wkey k = { .key = key };
	return bsearch(&k, w, n, sizeof(*w), cmp_wkey);
}

/* ranks[i]: the place (1 first) of block blocks[i] in the order in which
 * the records first name it */
static void block_ranks(const struct trace_rec *r, size_t n, const uint64_t *blocks, size_t nb, int *ranks)
{
	int next = 1;
	memset(ranks, 0, nb * sizeof(*ranks));
	for (size_t i = 0; i < n; i++) {
		const uint64_t *p = bsearch(&r[i].block, blocks, nb, sizeof(*blocks), cmp_u64);
		if (p && !ranks[p - blocks])
			ranks[p - blocks] = next++;
	}
}

static struct cmp_index *index_make(const struct session_trace *t)
{
	struct cmp_index *x = xcalloc(1, sizeof(*x));
	size_t nr = t->r.len, ne = t->e.len;
	uint64_t *keys = xmalloc((nr + ne + 1) * sizeof(*keys));
	int g = 1, e = 1;

	x->blocks = xmalloc((nr + ne + 1) * sizeof(*x->blocks));
	for (size_t i = 0; i < nr + ne; i++) {
		const struct trace_rec *r = i < nr ? &t->r.v[i] : &t->e.v[i - nr];
		keys[i] = r->block * 32 + r->warp;
		x->blocks[i] = r->block;
	}
	qsort(keys, nr + ne, sizeof(*keys), cmp_u64);
	qsort(x->blocks, nr + ne, sizeof(*x->blocks), cmp_u64);
	for (size_t i = 0; i < nr + ne; i++) {
		if (!x->nk || keys[x->nk - 1] != keys[i])
			keys[x->nk++] = keys[i];
		if (!x->nb || x->blocks[x->nb - 1] != x->blocks[i])
			x->blocks[x->nb++] = x->blocks[i];
	}
	x->w = xcalloc(x->nk + 1, sizeof(*x->w));
	for (size_t i = 0; i < x->nk; i++) {
		uint64_t b = keys[i] / 32;
		x->w[i].key = keys[i];
		x->w[i].gfirst = x->w[i].efirst = SIZE_MAX;
		x->w[i].bi = (size_t)((const uint64_t *)bsearch(&b, x->blocks, x->nb, sizeof(*x->blocks), cmp_u64) -
				      x->blocks);
	}
	free(keys);
	x->gk = xmalloc((nr + 1) * sizeof(*x->gk));
	for (size_t i = 0; i < nr; i++) {
		struct wkey *k = wkey_find(x->w, x->nk, t->r.v[i].block * 32 + t->r.v[i].warp);
		x->gk[i] = (uint32_t)(k - x->w);
		if (k->gfirst == SIZE_MAX)
			k->gfirst = i, k->gwr = g++;
	}
	/* each warp's emulator records, in order: counted, then placed */
	x->eidx = xmalloc((ne + 1) * sizeof(*x->eidx));
	for (size_t i = 0; i < ne; i++) {
		struct wkey *k = wkey_find(x->w, x->nk, t->e.v[i].block * 32 + t->e.v[i].warp);
		if (k->efirst == SIZE_MAX)
			k->efirst = i, k->ewr = e++;
		k->en++;
	}
	for (size_t i = 0, off = 0; i < x->nk; i++)
		x->w[i].eoff = off, off += x->w[i].en, x->w[i].en = 0;
	for (size_t i = 0; i < ne; i++) {
		struct wkey *k = wkey_find(x->w, x->nk, t->e.v[i].block * 32 + t->e.v[i].warp);
		x->eidx[k->eoff + k->en++] = i;
	}
	x->gbr = xmalloc((x->nb + 1) * sizeof(int));
	x->ebr = xmalloc((x->nb + 1) * sizeof(int));
	block_ranks(t->r.v, nr, x->blocks, x->nb, x->gbr);
	block_ranks(t->e.v, ne, x->blocks, x->nb, x->ebr);
	return x;
}

static int cmp_row(const void *a, const void *b)
{
	const struct session_cmp_row *x = a, *y = b;
	int gx = x->gpu_rank ? x->gpu_rank : 1 << 30, gy = y->gpu_rank ? y->gpu_rank : 1 << 30;
	if (gx != gy)
		return gx < gy ? -1 : 1;
	int ex = x->emu_rank ? x->emu_rank : 1 << 30, ey = y->emu_rank ? y->emu_rank : 1 << 30;
	return ex < ey ? -1 : ex > ey;
}

size_t session_trace_compare(struct session *s, struct session_trace *t, const struct session_cmp_row **rows)
{
	rows_clear(t);
	*rows = NULL;
	if (!t->emulated)
		return 0;
	if (!t->ix)
		t->ix = index_make(t);
	const struct cmp_index *x = t->ix;
	size_t nx = t->exprs.len, nk = x->nk;
	/* each warp's GPU records up to the current point: how many, the latest */
	uint64_t *gn = xcalloc(nk + 1, sizeof(*gn));
	size_t *glast = xmalloc((nk + 1) * sizeof(*glast));
	for (size_t i = 0; i < nk; i++)
		glast[i] = SIZE_MAX;
	for (size_t i = 0; i < t->pos && i < t->r.len; i++)
		gn[x->gk[i]]++, glast[x->gk[i]] = i;
	struct machine_kernel_info ki;
	int live = machine_kernel(session_machine(s), &ki) == 0 && ki.active && t->armed;
	for (size_t i = 0; i < nk; i++) {
		struct session_cmp_row row;
		const struct wkey *k = &x->w[i];
		memset(&row, 0, sizeof(row));
		row.block = k->key / 32;
		row.warp = (int)(k->key % 32);
		row.bidx[0] = (uint32_t)(row.block % t->grid[0]);
		row.bidx[1] = (uint32_t)(row.block / t->grid[0] % t->grid[1]);
		row.bidx[2] = (uint32_t)(row.block / t->grid[0] / t->grid[1]);
		row.n = gn[i];
		row.gpu_brank = x->gbr[k->bi];
		row.emu_brank = x->ebr[k->bi];
		row.gpu_rank = k->gwr;
		row.emu_rank = k->ewr;
		if (k->gfirst != SIZE_MAX) {
			const struct trace_rec *g = &t->r.v[glast[i] != SIZE_MAX ? glast[i] : k->gfirst];
			row.gpu_sm = g->sm;
			row.gpu_slot = g->hw;
		}
		if (glast[i] != SIZE_MAX) {
			row.gpu_line = (int)t->r.v[glast[i]].line;
			row.gpu_mask = t->r.v[glast[i]].mask;
		}
		if (k->efirst != SIZE_MAX)
			row.emu_sm = t->e.v[k->efirst].sm;
		if (row.n) {
			if (row.n <= k->en) {
				const struct trace_rec *e = &t->e.v[x->eidx[k->eoff + row.n - 1]];
				row.emu_line = (int)e->line;
				row.emu_mask = e->mask;
			} else {
				row.emu_done = 1;
			}
			if (row.emu_done || (row.emu_line && row.gpu_line && row.emu_line != row.gpu_line))
				row.differs |= SESSION_CMP_LINE;
			else if (row.emu_mask != row.gpu_mask)
				row.differs |= SESSION_CMP_LANES;
		}
		if (row.gpu_brank && row.emu_brank && row.gpu_brank != row.emu_brank)
			row.differs |= SESSION_CMP_ORDER;
		/* the values: the emulator's as the warp began its next statement,
		 * the replay's now, at the same lane */
		size_t base = t->rowptr.len;
		for (size_t v = 0; v < 2 * nx; v++)
			vec_push(&t->rowptr, (const char *)NULL);
		if (nx && row.n < k->en) {
			const struct trace_rec *e = &t->e.v[x->eidx[k->eoff + row.n]];
			int lane = __builtin_ctz(e->mask), slot = live ? slot_of(session_machine(s), &ki, row.block) : -1;
			struct session_warp sw;
			int ok = slot >= 0 && session_warp(s, slot, row.warp, &sw) == 0 && (sw.live >> lane & 1);
			for (size_t v = 0; v < nx; v++) {
				t->rowptr.v[base + nx + v] = t->evals.v[e->hw + v];
				if (!ok)
					continue;
				struct eval_ctx ec;
				struct eval_val val;
				struct strbuf sb;
				strbuf_init(&sb);
				session_eval_ctx(s, slot, row.warp, lane, &ec);
				if (eval_expr(&ec, t->exprs.v[v], &val, &sb) == 0) {
					strbuf_reset(&sb);
					eval_print_val(&ec, &val, 0, &sb);
					char *str = xstrdup(strbuf_cstr(&sb));
					vec_push(&t->rowvals, str);
					t->rowptr.v[base + v] = str;
					if (t->rowptr.v[base + nx + v] && strcmp(str, t->rowptr.v[base + nx + v]))
						row.differs |= SESSION_CMP_VALUE;
				}
				strbuf_release(&sb);
			}
		}
		row.gpu_val = (const char *const *)(uintptr_t)base; /* an index until the vector stops moving */
		vec_push(&t->rows, row);
	}
	for (size_t i = 0; i < t->rows.len; i++) {
		size_t base = (size_t)(uintptr_t)t->rows.v[i].gpu_val;
		t->rows.v[i].gpu_val = nx ? t->rowptr.v + base : NULL;
		t->rows.v[i].emu_val = nx ? t->rowptr.v + base + nx : NULL;
	}
	qsort(t->rows.v, t->rows.len, sizeof(*t->rows.v), cmp_row);
	free(gn);
	free(glast);
	*rows = t->rows.v;
	return t->rows.len;
}

static void order_line(const struct session_trace *t, const struct trace_rec *r, size_t n, const char *who,
		       struct strbuf *out)
{
	VEC(uint64_t) seen = { 0 };
	strbuf_addf(out, "%s:", who);
	for (size_t i = 0; i < n && seen.len < 64; i++) {
		size_t j;
		for (j = 0; j < seen.len && seen.v[j] != r[i].block; j++)
			;
		if (j < seen.len)
			continue;
		strbuf_adds(out, seen.len ? ", " : " ");
		vec_push(&seen, r[i].block);
		strbuf_addf(out, "(%llu,%llu,%llu) SM %u", (unsigned long long)(r[i].block % t->grid[0]),
			    (unsigned long long)(r[i].block / t->grid[0] % t->grid[1]),
			    (unsigned long long)(r[i].block / t->grid[0] / t->grid[1]), r[i].sm);
	}
	if (seen.len == 64)
		strbuf_adds(out, " ...");
	strbuf_adds(out, "\n");
	vec_free(&seen);
}

void session_trace_order_text(const struct session_trace *t, struct strbuf *out)
{
	order_line(t, t->r.v, t->r.len, "blocks first ran on the GPU", out);
	if (t->emulated)
		order_line(t, t->e.v, t->e.len, "in the emulator", out);
}
