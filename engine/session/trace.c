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
};

void session_trace_free(struct session_trace *t)
{
	if (!t)
		return;
	free(t->kernel);
	free(t->device);
	free(t->program);
	vec_free(&t->r);
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
