/*
 * report.c - the machine's findings, for people and for tools: recording
 * one (machine_finding_add, with the kind's row of check/findings.def),
 * the other side of a race, the allocation of a memory finding, the stderr
 * rendering and the JSON report (docs/findings.md).
 */
#include "simt.h"

#include <inttypes.h>
#include <stdarg.h>
#include <string.h>

const char *machine_finding_kind(size_t i)
{
	const struct finding_kind_info *k = finding_kind_info((int)(i < FK_NKINDS ? i : FK_NKINDS));
	return k ? k->name : NULL;
}

const char *machine_finding_title(const char *kind)
{
	const struct finding_kind_info *k = finding_kind_info(finding_kind_lookup(kind));
	return k ? k->title : NULL;
}

struct machine_finding *machine_finding_vadd(struct machine *m, enum finding_kind kind, int error,
					     struct warp *w, uint32_t lanes, struct span sp,
					     uint64_t addr, const char *fmt, va_list ap)
{
	const struct finding_kind_info *ki = finding_kind_info(kind);
	struct machine_finding f;
	/* one finding per site and kind: repeats only count (newest first, as
	 * repeats come in bursts); the site of a finding made inside a built-in
	 * header is the user's call */
	struct span us = cg_user_span(m, w, lanes, sp);
	for (size_t i = m->findings.len; i-- > 0;) {
		struct machine_finding *o = &m->findings.v[i];
		if (o->span.off == us.off && o->span.file == us.file &&
		    o->id == (int)kind) {
			o->count++;
			return NULL;
		}
	}
	if (m->findings.len >= WS_FINDINGS_MAX) {
		m->findings_dropped++;
		return NULL;
	}
	memset(&f, 0, sizeof(f));
	f.count = 1;
	f.step = m->steps;
	f.other_warp = f.other_lane = -1;
	f.id = (int)kind;
	f.hint = ki->hint;
	f.kind = ki->name;
	f.error = error;
	f.span = us;
	f.addr = addr;
	f.lanes = lanes;
	f.on_device = w && !w->host;
	if (f.on_device) {
		unsigned l = lanes ? (unsigned)__builtin_ctz(lanes) : 0;
		memcpy(f.block, w->blk->idx, sizeof(f.block));
		for (int k = 0; k < 3; k++)
			f.thread[k] = w->tid[k][l];
		f.warp = (int)w->id;
		f.lane = (int)l;
	}
	struct strbuf sb;
	strbuf_init(&sb);
	strbuf_vaddf(&sb, fmt, ap);
	f.msg = strbuf_detach(&sb);
	vec_push(&m->findings, f);
	struct machine_finding *res = &m->findings.v[m->findings.len - 1];
	if (CHECK_WANTS(m, CEV_FINDING)) {
		struct check_event e = { .kind = CEV_FINDING, .w = w,
					 .b = w && !w->host ? w->blk : NULL, .mask = lanes, .span = res->span,
					 .addr = addr, .arg = (int)kind, .finding = res };
		machine_publish(m, &e);
	}
	if (m->hooks & (1u << EV_FINDING)) {
		struct machine_event e = { .kind = EV_FINDING, .finding = res, .mask = lanes,
					   .slot = f.on_device ? w->blk->slot : -1,
					   .warp = f.on_device ? (int)w->id : 0 };
		machine_emit(m, &e);
	}
	return res;
}

struct machine_finding *machine_finding_add(struct machine *m, enum finding_kind kind,
					    struct warp *w, uint32_t lanes, struct span sp,
					    uint64_t addr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct machine_finding *f = machine_finding_vadd(m, kind, finding_kind_info(kind)->error, w,
							 lanes, sp, addr, fmt, ap);
	va_end(ap);
	return f;
}

struct machine_finding *machine_finding_add_sev(struct machine *m, enum finding_kind kind,
						int error, struct warp *w, uint32_t lanes,
						struct span sp, uint64_t addr, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct machine_finding *f = machine_finding_vadd(m, kind, error, w, lanes, sp, addr, fmt, ap);
	va_end(ap);
	return f;
}

void finding_other(struct machine *m, struct machine_finding *f, int64_t block_linear,
		   int64_t tid_linear, int wrote)
{
	if (!f || !m->dev.grid)
		return;
	const struct launch *L = &m->dev.grid->l;
	f->has_other = 1;
	f->other_write = wrote;
	if (block_linear < 0) {
		memcpy(f->other_block, f->block, sizeof(f->block));
	} else {
		uint64_t b = (uint64_t)block_linear;
		f->other_block[0] = (uint32_t)(b % L->grid[0]);
		f->other_block[1] = (uint32_t)(b / L->grid[0] % L->grid[1]);
		f->other_block[2] = (uint32_t)(b / ((uint64_t)L->grid[0] * L->grid[1]));
	}
	if (tid_linear < 0) {
		f->other_warp = f->other_lane = -1;
		f->other_thread[0] = f->other_thread[1] = f->other_thread[2] = UINT32_MAX;
		return;
	}
	uint32_t t = (uint32_t)tid_linear;
	f->other_thread[0] = t % L->block[0];
	f->other_thread[1] = t / L->block[0] % L->block[1];
	f->other_thread[2] = t / (L->block[0] * L->block[1]);
	f->other_warp = (int)(t / WS_WARP);
	f->other_lane = (int)(t % WS_WARP);
}

void finding_alloc(struct machine_finding *f, uint64_t base, uint64_t size)
{
	if (!f)
		return;
	f->alloc_base = base;
	f->alloc_size = size;
	if (f->addr && !ws_range_in(base, size, f->addr, 1)) {
		f->has_distance = 1;
		f->distance = f->addr >= base + size ? (int64_t)(f->addr - (base + size))
						     : -(int64_t)(base - f->addr);
	}
}

void finding_note(struct machine_finding *f, const char *note, struct span at)
{
	if (!f || !at.file)
		return;
	f->note = note;
	f->note_span = at;
}

/* ---- stderr */

static void thread_line(FILE *f, const char *role, const uint32_t *blk, const uint32_t *thr,
			int warp, int lane)
{
	fprintf(f, "      = %s: block (%u,%u,%u), ", role, blk[0], blk[1], blk[2]);
	if (warp < 0)
		fputs("thread unknown", f);
	else
		fprintf(f, "thread (%u,%u,%u), warp %d, lane %d", thr[0], thr[1], thr[2], warp, lane);
}

static const char *addr_space(uint64_t a)
{
	switch (ADDR_TAG(a)) {
	case TAG_HOST: return "host memory";
	case TAG_HSTACK: return "the host stack";
	case TAG_GLOBAL: return "global memory";
	case TAG_CONST: return "constant memory";
	case TAG_SHARED: return "shared memory";
	case TAG_LOCAL: return "local memory";
	case TAG_PARAM: return "kernel parameters";
	default: return "no address space";
	}
}

static void render_one(const struct machine *m, FILE *f, int color, const struct machine_finding *x)
{
	diag_render_one(m->mod->sm, f, color, x->error ? DIAG_ERROR : DIAG_WARNING, x->kind,
			x->span, x->msg);
	if (x->on_device) {
		thread_line(f, "thread", x->block, x->thread, x->warp, x->lane);
		if (x->lanes & (x->lanes - 1))
			fprintf(f, " (lanes 0x%08x)", x->lanes);
		fputc('\n', f);
	} else if (x->id != FK_STEP_LIMIT && x->id != FK_DEADLOCK) {
		fputs("      = thread: the host thread (main)\n", f);
	}
	if (x->has_other) {
		thread_line(f, "other thread", x->other_block, x->other_thread, x->other_warp,
			    x->other_lane);
		if (x->other_write >= 0)
			fprintf(f, " (%s)", x->other_write == 2 ? "updated atomically" :
					    x->other_write ? "wrote" : "read");
		fputc('\n', f);
	}
	if (x->addr) {
		fprintf(f, "      = address: 0x%" PRIx64 " (%s", x->addr, addr_space(x->addr));
		if (ADDR_TAG(x->addr) == TAG_SHARED || ADDR_TAG(x->addr) == TAG_LOCAL)
			fprintf(f, ", offset %" PRIu64, ADDR_OFF(x->addr));
		fputs(")\n", f);
	}
	if (x->alloc_size) {
		fprintf(f, "      = allocation: %" PRIu64 " bytes at 0x%" PRIx64, x->alloc_size,
			x->alloc_base);
		if (x->has_distance && x->distance >= 0)
			fprintf(f, "; the access is %" PRId64 " bytes after its end", x->distance);
		else if (x->has_distance)
			fprintf(f, "; the access is %" PRId64 " bytes before its start", -x->distance);
		fputc('\n', f);
	}
	if (x->note) {
		const struct srcfile *sf = srcmgr_file(m->mod->sm, x->note_span.file);
		fprintf(f, "      = note: %s: %s:%u:%u\n", x->note, sf ? sf->name : "?",
			x->note_span.line, x->note_span.col);
	}
	if (x->hint)
		fprintf(f, "      = hint: %s\n", x->hint);
	if (x->count > 1)
		fprintf(f, "      = seen %" PRIu64 " times at this place\n", x->count);
}

void machine_findings_render(const struct machine *m, FILE *f, int color)
{
	for (size_t i = 0; i < m->findings.len; i++)
		render_one(m, f, color, &m->findings.v[i]);
	if (m->findings_dropped)
		fprintf(f, "warpstep: %" PRIu64 " more findings at other places were not kept (limit %d)\n",
			m->findings_dropped, WS_FINDINGS_MAX);
}

/* ---- JSON */

static void json_thread(FILE *f, const char *role, int dev, const uint32_t *blk, const uint32_t *thr,
			int warp, int lane)
{
	fprintf(f, "{\"role\": \"%s\", ", role);
	if (!dev) {
		fputs("\"host\": true}", f);
		return;
	}
	fprintf(f, "\"host\": false, \"block\": [%u, %u, %u], ", blk[0], blk[1], blk[2]);
	if (warp < 0)
		fputs("\"thread\": null, \"warp\": null, \"lane\": null", f);
	else
		fprintf(f, "\"thread\": [%u, %u, %u], \"warp\": %d, \"lane\": %d", thr[0], thr[1],
			thr[2], warp, lane);
}

void machine_findings_json(const struct machine *m, FILE *f)
{
	fputs("{\n  \"version\": 1,\n  \"findings\": [", f);
	for (size_t i = 0; i < m->findings.len; i++) {
		const struct machine_finding *x = &m->findings.v[i];
		const struct srcfile *sf = srcmgr_file(m->mod->sm, x->span.file);
		fprintf(f, "%s\n    {\"kind\": ", i ? "," : "");
		util_json_str(f, x->kind);
		fprintf(f, ", \"severity\": \"%s\", \"file\": ", x->error ? "error" : "warning");
		util_json_str(f, sf ? sf->name : "");
		fprintf(f, ", \"line\": %u, \"col\": %u, \"count\": %" PRIu64 ",\n     \"message\": ",
			x->span.line, x->span.col, x->count);
		util_json_str(f, x->msg);
		fputs(",\n     \"hint\": ", f);
		if (x->hint)
			util_json_str(f, x->hint);
		else
			fputs("null", f);
		fputs(",\n     \"threads\": [", f);
		if (x->on_device || x->id != FK_DEADLOCK) {
			json_thread(f, "first", x->on_device, x->block, x->thread, x->warp, x->lane);
			if (x->on_device)
				fprintf(f, ", \"lanes\": \"0x%08x\"}", x->lanes);
		}
		if (x->has_other) {
			fputs(", ", f);
			json_thread(f, "other", 1, x->other_block, x->other_thread, x->other_warp,
				    x->other_lane);
			if (x->other_write >= 0)
				fprintf(f, ", \"access\": \"%s\"", x->other_write == 2 ? "atomic" :
					x->other_write ? "write" : "read");
			fputc('}', f);
		}
		fputs("],\n     \"address\": ", f);
		if (x->addr)
			fprintf(f, "\"0x%" PRIx64 "\"", x->addr);
		else
			fputs("null", f);
		fputs(", \"allocation\": ", f);
		if (x->alloc_size)
			fprintf(f, "{\"base\": \"0x%" PRIx64 "\", \"size\": %" PRIu64 "}", x->alloc_base,
				x->alloc_size);
		else
			fputs("null", f);
		fputs(", \"distance\": ", f);
		if (x->has_distance)
			fprintf(f, "%" PRId64, x->distance);
		else
			fputs("null", f);
		fputs(", \"note\": ", f);
		if (x->note) {
			const struct srcfile *nf = srcmgr_file(m->mod->sm, x->note_span.file);
			fputs("{\"message\": ", f);
			util_json_str(f, x->note);
			fputs(", \"file\": ", f);
			util_json_str(f, nf ? nf->name : "");
			fprintf(f, ", \"line\": %u, \"col\": %u}", x->note_span.line, x->note_span.col);
		} else {
			fputs("null", f);
		}
		fputs("}", f);
	}
	fprintf(f, "%s],\n  \"dropped\": %" PRIu64 "\n}\n", m->findings.len ? "\n  " : "",
		m->findings_dropped);
}

void check_oob_nearest(struct machine *m, uint64_t addr)
{
	if (!m->findings.len)
		return;
	struct machine_finding *f = &m->findings.v[m->findings.len - 1];
	if (f->addr != addr || f->alloc_size || f->count > 1)
		return;
	struct mem_region *r = ADDR_TAG(addr) == TAG_GLOBAL ? &m->mem.global :
			       ADDR_TAG(addr) == TAG_HOST ? &m->mem.host :
			       ADDR_TAG(addr) == TAG_CONST ? &m->mem.cnst : NULL;
	if (!r || !r->a.len)
		return;
	struct alloc *best = NULL;
	uint64_t bd = UINT64_MAX;
	for (size_t i = 0; i < r->a.len; i++) {
		struct alloc *a = r->a.v[i];
		uint64_t d = addr < a->base ? a->base - addr :
			     addr >= a->base + a->size ? addr - (a->base + a->size) : 0;
		if (d < bd) {
			bd = d;
			best = a;
		}
	}
	if (best)
		finding_alloc(f, best->base, best->size);
}
