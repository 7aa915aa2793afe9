/*
 * live.c - live stepping on the GPU (debug --gpu --live; docs/gpu.md "Live
 * stepping"): the host's side of the gates' protocol (gpu.h GPU_PTX_LIVE)
 * over the live area, mapped host memory the kernel reads and writes. The
 * area is plain memory here, so the protocol is tested against a simulated
 * device (tests/gpu/unit_live.c); gpu_session.c maps it and launches.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "gpu.h"
#include "session.h"
#include "util.h"

struct live {
	uint8_t *area;
	uint32_t nwarps, wpb, lanes_last;
	uint32_t *go;                   /* what the host released, per warp */
	double watchdog;                /* seconds of no progress before release_all */
	int released;
	int (*finished)(void *ctx);
	void *ctx;
};

static double now_s(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void nap(void)
{
	struct timespec ts = { 0, 200000 }; /* 0.2 ms */
	nanosleep(&ts, NULL);
}

static uint8_t *slot(const struct live *lv, uint32_t w)
{
	return lv->area + GPU_LIVE_HDR + (size_t)w * GPU_LIVE_SLOT;
}

static uint32_t rd32(const uint8_t *p)
{
	uint32_t v = __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
	return v;
}

static void wr32(uint8_t *p, uint32_t v)
{
	__atomic_store_n((uint32_t *)p, v, __ATOMIC_RELEASE);
}

size_t live_area_size(uint32_t nwarps)
{
	return GPU_LIVE_HDR + (size_t)nwarps * GPU_LIVE_SLOT;
}

struct live *live_new(void *area, uint32_t nblocks, uint32_t threads, uint64_t timeout_ns,
		      int (*finished)(void *ctx), void *ctx)
{
	struct live *lv = xcalloc(1, sizeof(*lv));
	lv->area = area;
	lv->wpb = (threads + 31) / 32;
	lv->lanes_last = threads % 32 ? threads % 32 : 32;
	lv->nwarps = nblocks * lv->wpb;
	lv->go = xcalloc(lv->nwarps + 1, sizeof(uint32_t));
	lv->watchdog = 30;
	lv->finished = finished;
	lv->ctx = ctx;
	memset(area, 0, live_area_size(lv->nwarps));
	memcpy(lv->area + GPU_LIVE_H_TIMEOUT, &timeout_ns, 8);
	wr32(lv->area + GPU_LIVE_H_MAGIC, 0x5753454c); /* "LESW" */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	return lv;
}

void live_free(struct live *lv)
{
	if (!lv)
		return;
	free(lv->go);
	free(lv);
}

uint32_t live_nwarps(const struct live *lv)
{
	return lv->nwarps;
}

void live_set_watchdog(struct live *lv, double seconds)
{
	lv->watchdog = seconds > 0 ? seconds : 30;
}

static uint32_t full_mask(const struct live *lv, uint32_t w)
{
	uint32_t lanes = w % lv->wpb == lv->wpb - 1 ? lv->lanes_last : 32;
	return lanes == 32 ? 0xffffffffu : (1u << lanes) - 1;
}

static int kernel_done(struct live *lv)
{
	return lv->finished && lv->finished(lv->ctx);
}

int live_warp(struct live *lv, uint32_t w, struct live_warp *o)
{
	memset(o, 0, sizeof(*o));
	if (w >= lv->nwarps)
		return -1;
	const uint8_t *s = slot(lv, w);
	o->seq = rd32(s + GPU_LIVE_S_SEQ);
	o->stmt = rd32(s + GPU_LIVE_S_STMT);
	o->line = rd32(s + GPU_LIVE_S_LINE);
	o->mask = rd32(s + GPU_LIVE_S_MASK);
	o->smid = rd32(s + GPU_LIVE_S_SMID);
	o->warpid = rd32(s + GPU_LIVE_S_WARPID);
	o->exitmask = rd32(s + GPU_LIVE_S_EXIT);
	o->nvals = rd32(s + GPU_LIVE_S_NVALS);
	if (o->nvals > GPU_LIVE_NVALS)
		o->nvals = GPU_LIVE_NVALS;
	memcpy(o->vals, s + GPU_LIVE_S_VALS, sizeof(o->vals));
	o->block = w / lv->wpb;
	o->warp = w % lv->wpb;
	if ((o->exitmask & full_mask(lv, w)) == full_mask(lv, w) || lv->released || kernel_done(lv))
		o->state = LIVE_DONE;
	else if (o->seq > lv->go[w])
		o->state = LIVE_AT;
	else
		o->state = LIVE_RUNNING;
	return o->state;
}

int live_gave_up(const struct live *lv)
{
	return rd32(lv->area + GPU_LIVE_H_GAVEUP) != 0;
}

void live_release(struct live *lv)
{
	wr32(lv->area + GPU_LIVE_H_RELEASE, 1);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	lv->released = 1;
}

/* a number that changes whenever any warp moves (a gate reached, lanes gone) */
static uint64_t progress(const struct live *lv)
{
	uint64_t h = 0;
	for (uint32_t w = 0; w < lv->nwarps; w++)
		h = h * 1000003u + rd32(slot(lv, w) + GPU_LIVE_S_SEQ) * 33u + rd32(slot(lv, w) + GPU_LIVE_S_EXIT);
	return h;
}

int live_wait_all(struct live *lv, struct strbuf *err)
{
	double t0 = now_s();
	uint64_t last = progress(lv);
	for (;;) {
		uint32_t at = 0;
		struct live_warp o;
		for (uint32_t w = 0; w < lv->nwarps; w++)
			if (live_warp(lv, w, &o) != LIVE_RUNNING)
				at++;
		if (at == lv->nwarps)
			return 0;
		uint64_t p = progress(lv);
		if (p != last) {
			last = p;
			t0 = now_s();
		} else if (now_s() - t0 > lv->watchdog) {
			live_release(lv);
			strbuf_addf(err, "only %u of %u warps reached their first statement in %.0f s: every warp released",
				    at, lv->nwarps, lv->watchdog);
			return -1;
		}
		nap();
	}
}

int live_step(struct live *lv, uint32_t w, double wait_s, struct strbuf *err)
{
	struct live_warp o;
	if (w >= lv->nwarps) {
		strbuf_addf(err, "no warp %u (the launch has %u)", w, lv->nwarps);
		return -1;
	}
	int st = live_warp(lv, w, &o);
	if (st == LIVE_DONE) {
		strbuf_addf(err, "warp %u has finished", w);
		return -1;
	}
	if (st == LIVE_RUNNING) {
		strbuf_addf(err, "warp %u is running, not at a statement (it waits for other warps, e.g. at "
				 "__syncthreads: step them)", w);
		return -1;
	}
	lv->go[w] = o.seq;
	wr32(slot(lv, w) + GPU_LIVE_S_GO, o.seq);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	double t0 = now_s();
	while ((st = live_warp(lv, w, &o)) == LIVE_RUNNING && now_s() - t0 < wait_s)
		nap();
	return st;
}

int live_until(struct live *lv, uint32_t w, uint32_t line, uint64_t max, struct strbuf *err)
{
	struct live_warp o;
	uint64_t n = 0;
	for (;;) {
		int st = live_step(lv, w, lv->watchdog, err);
		if (st < 0)
			return -1;
		if (st == LIVE_RUNNING) {
			live_release(lv);
			strbuf_addf(err, "warp %u made no progress for %.0f s (it waits for other warps): every warp "
					 "released", w, lv->watchdog);
			return -1;
		}
		if (st == LIVE_DONE)
			return st;
		live_warp(lv, w, &o);
		if (o.line == line || ++n >= max)
			return st;
	}
}

void live_describe(const struct ir_module *mod, const struct live_warp *o, uint32_t w, struct strbuf *out)
{
	static const char *const state[] = { "at", "running", "finished" };
	strbuf_addf(out, "warp %u (block %u warp %u): %s", w, o->block, o->warp, state[o->state]);
	if (!o->seq) {
		strbuf_adds(out, "\n");
		return;
	}
	strbuf_addf(out, " line %u lanes 0x%08x SM %u slot %u statements %u", o->line, o->mask, o->smid,
		    o->warpid, o->seq);
	uint32_t fi = o->stmt >> 20, pc = o->stmt & 0xfffff;
	if (mod && fi < mod->nfuncs) {
		const struct ir_func *f = &mod->funcs[fi];
		uint32_t vars[GPU_LIVE_NVALS];
		uint32_t nv = gpu_live_vars(f, pc, vars);
		if (nv > o->nvals)
			nv = o->nvals;
		if (strcmp(f->name, "") && o->state != LIVE_DONE)
			strbuf_addf(out, " in %s", f->name);
		for (uint32_t k = 0; k < nv; k++) {
			const struct ir_var *v = &f->vars[vars[k]];
			uint64_t x = o->vals[k];
			strbuf_addf(out, "%s%s=", k ? " " : ": ", v->name);
			switch (v->type->scalar) {
			case IR_F32: {
				float fl;
				uint32_t b = (uint32_t)x;
				memcpy(&fl, &b, 4);
				strbuf_addf(out, "%g", (double)fl);
				break;
			}
			case IR_F64: {
				double d;
				memcpy(&d, &x, 8);
				strbuf_addf(out, "%g", d);
				break;
			}
			case IR_S8: strbuf_addf(out, "%d", (int)(int8_t)x); break;
			case IR_S16: strbuf_addf(out, "%d", (int)(int16_t)x); break;
			case IR_S32: strbuf_addf(out, "%d", (int32_t)x); break;
			case IR_S64: strbuf_addf(out, "%lld", (long long)x); break;
			case IR_PTR: strbuf_addf(out, "0x%llx", (unsigned long long)x); break;
			case IR_F16: strbuf_addf(out, "0x%04x", (unsigned)(x & 0xffff)); break;
			default: strbuf_addf(out, "%llu", (unsigned long long)(x & (v->type->size >= 8 ? ~0ull :
				v->type->size == 4 ? 0xffffffffull : v->type->size == 2 ? 0xffffull : 0xffull))); break;
			}
		}
	}
	strbuf_adds(out, "\n");
}
