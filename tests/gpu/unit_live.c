/*
 * unit_live.c - live stepping's host side (engine/session/live.c, docs/gpu.md
 * "Live stepping") against a simulated device: a thread plays the kernel's
 * side of the gates' protocol (gpu.h GPU_PTX_LIVE) over plain memory, as the
 * PTX does over mapped host memory. Two blocks of 40 threads (four warps,
 * the second of each block 8 lanes wide) run lines 10, 11 and 12, with a
 * block barrier after line 11; each warp reports the values (t, v) = (its
 * warp number, its statements so far). The host waits for every warp at its
 * first statement, steps one warp one statement, finds a warp released over
 * the barrier running (not at a statement) until its sibling arrives, runs a
 * warp to a line, refuses to step a finished, running or absent warp, and a
 * warp that waits forever trips the watchdog, which releases every warp;
 * the simulated kernel then ends. Then the gates' variables for a real
 * program (gpu_live_vars on tests/gpu/trace/diverge.cu).
 */
#include "session.h"
#include "gpu.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tap.h"

#define NB 2
#define NT 40
#define WPB 2
#define NW (NB * WPB)

static uint8_t *area;
static volatile int sim_done;
static const uint32_t lines[] = { 10, 11, 12 };

static uint8_t *slot_of(uint32_t w)
{
	return area + GPU_LIVE_HDR + w * GPU_LIVE_SLOT;
}

static uint32_t ld(const uint8_t *p)
{
	return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE);
}

static void st(uint8_t *p, uint32_t v)
{
	__atomic_store_n((uint32_t *)p, v, __ATOMIC_RELEASE);
}

static uint32_t mask_of(uint32_t w)
{
	return w % WPB == WPB - 1 ? 0xffu : 0xffffffffu;
}

/* the kernel's side: each warp at statement k waits for go >= seq, then
 * goes on; after line 11 a warp waits until both warps of its block have
 * been released from line 11 (__syncthreads) */
static void *device(void *arg)
{
	int gone[NW] = { 0 };
	(void)arg;
	for (;;) {
		int all = 1, rel = ld(area + GPU_LIVE_H_RELEASE) != 0;
		for (uint32_t w = 0; w < NW; w++) {
			uint8_t *s = slot_of(w);
			if (gone[w])
				continue;
			all = 0;
			uint32_t seq = ld(s + GPU_LIVE_S_SEQ);
			if (seq && !rel && ld(s + GPU_LIVE_S_GO) < seq)
				continue; /* waiting at its gate */
			if (seq == 2) {
				/* past line 11: the barrier waits for the block's other warp */
				uint32_t o = w ^ 1;
				uint8_t *os = slot_of(o);
				if (!rel && !(ld(os + GPU_LIVE_S_SEQ) >= 2 && ld(os + GPU_LIVE_S_GO) >= 2))
					continue;
			}
			if (seq == 3 || rel) {
				st(s + GPU_LIVE_S_EXIT, mask_of(w));
				gone[w] = 1;
				continue;
			}
			/* the gate of the next statement */
			uint64_t vals[2] = { w, seq + 1 };
			st(s + GPU_LIVE_S_STMT, 7);
			st(s + GPU_LIVE_S_LINE, lines[seq]);
			st(s + GPU_LIVE_S_MASK, mask_of(w));
			st(s + GPU_LIVE_S_SMID, 100 + w / WPB);
			st(s + GPU_LIVE_S_WARPID, w % WPB);
			st(s + GPU_LIVE_S_NVALS, 2);
			memcpy(s + GPU_LIVE_S_VALS, vals, sizeof(vals));
			st(s + GPU_LIVE_S_SEQ, seq + 1);
		}
		if (all)
			break;
		struct timespec ts = { 0, 100000 };
		nanosleep(&ts, NULL);
	}
	sim_done = 1;
	return NULL;
}

static int finished(void *ctx)
{
	(void)ctx;
	return sim_done;
}

static void test_protocol(void)
{
	pthread_t th;
	struct strbuf err;
	struct live_warp o;
	strbuf_init(&err);
	area = xcalloc(1, live_area_size(NW));
	struct live *lv = live_new(area, NB, NT, 5000000000ull, finished, NULL);
	uint64_t tmo;
	memcpy(&tmo, area + GPU_LIVE_H_TIMEOUT, 8);
	ok(live_nwarps(lv) == NW && tmo == 5000000000ull, "4 warps (2 blocks of 40 threads); the timeout in the header");
	live_set_watchdog(lv, 1.0);
	if (pthread_create(&th, NULL, device, NULL)) {
		ok(0, "the simulated device starts");
		return;
	}
	ok(live_wait_all(lv, &err) == 0, "every warp reaches its first statement");
	int all = 1;
	for (uint32_t w = 0; w < NW; w++) {
		live_warp(lv, w, &o);
		all &= o.state == LIVE_AT && o.line == 10 && o.mask == mask_of(w) && o.block == w / WPB &&
		       o.warp == w % WPB && o.smid == 100 + w / WPB && o.seq == 1 && o.nvals == 2 && o.vals[0] == w;
	}
	ok(all, "each at line 10 with its lanes, block, warp, SM and values");

	ok(live_step(lv, 0, 2.0, &err) == LIVE_AT, "step warp 0: at its next statement");
	live_warp(lv, 0, &o);
	ok(o.line == 11 && o.seq == 2 && o.vals[1] == 2, "warp 0 at line 11, its second statement");
	live_warp(lv, 1, &o);
	ok(o.line == 10 && o.state == LIVE_AT, "warp 1 has not moved");

	ok(live_step(lv, 0, 0.2, &err) == LIVE_RUNNING, "warp 0 released over the barrier: running");
	strbuf_reset(&err);
	ok(live_step(lv, 0, 0.2, &err) < 0 && strstr(strbuf_cstr(&err), "warp 0 is running, not at a statement"),
	   "stepping a running warp is refused");
	ok(live_step(lv, 1, 2.0, &err) == LIVE_AT, "warp 1 to line 11");
	ok(live_step(lv, 1, 2.0, &err) == LIVE_AT, "warp 1 over the barrier to line 12");
	live_warp(lv, 1, &o);
	ok(o.line == 12, "warp 1 at line 12");
	for (int i = 0; i < 2000 && live_warp(lv, 0, &o) != LIVE_AT; i++) {
		struct timespec ts = { 0, 1000000 };
		nanosleep(&ts, NULL);
	}
	ok(o.state == LIVE_AT && o.line == 12, "warp 0 reached line 12 once its sibling arrived");
	ok(live_step(lv, 0, 2.0, &err) == LIVE_DONE, "warp 0 steps past its last statement: finished");
	strbuf_reset(&err);
	ok(live_step(lv, 0, 2.0, &err) < 0 && strstr(strbuf_cstr(&err), "warp 0 has finished"),
	   "stepping a finished warp is refused");
	strbuf_reset(&err);
	ok(live_step(lv, 9, 2.0, &err) < 0 && strstr(strbuf_cstr(&err), "no warp 9 (the launch has 4)"),
	   "no such warp");

	ok(live_until(lv, 3, 11, 100, &err) == LIVE_AT, "until warp 3 line 11");
	live_warp(lv, 3, &o);
	ok(o.line == 11 && o.seq == 2, "warp 3 at line 11");
	strbuf_reset(&err);
	ok(live_until(lv, 2, 12, 100, &err) < 0 && strstr(strbuf_cstr(&err), "warp 2 made no progress") &&
	   strstr(strbuf_cstr(&err), "every warp released"),
	   "warp 2 waits at the barrier for warp 3: the watchdog releases every warp");
	ok(ld(area + GPU_LIVE_H_RELEASE) == 1, "release_all is set in the area");
	pthread_join(th, NULL);
	all = 1;
	for (uint32_t w = 0; w < NW; w++)
		all &= live_warp(lv, w, &o) == LIVE_DONE && ld(slot_of(w) + GPU_LIVE_S_EXIT) == mask_of(w);
	ok(all && sim_done, "every warp of the simulated kernel ended");
	ok(!live_gave_up(lv), "no gate timed out");
	st(area + GPU_LIVE_H_GAVEUP, 1);
	ok(live_gave_up(lv), "a gate that timed out is seen");
	live_free(lv);
	free(area);
	strbuf_release(&err);
}

/* a kernel that never reaches its first statement (blocks not resident):
 * the watchdog, not a hang */
static void test_never_arrives(void)
{
	struct strbuf err;
	strbuf_init(&err);
	uint8_t *a = xcalloc(1, live_area_size(2));
	struct live *lv = live_new(a, 1, 64, 1000, NULL, NULL);
	live_set_watchdog(lv, 0.3);
	ok(live_wait_all(lv, &err) < 0 && strstr(strbuf_cstr(&err), "only 0 of 2 warps reached their first statement") &&
	   __atomic_load_n((uint32_t *)(a + GPU_LIVE_H_RELEASE), __ATOMIC_ACQUIRE) == 1,
	   "warps that never arrive: an error and every gate released");
	live_free(lv);
	free(a);
	strbuf_release(&err);
}

static void test_vars(void)
{
	struct session_compile_opts fo;
	memset(&fo, 0, sizeof(fo));
	struct session_program *p = session_compile("tests/gpu/trace/diverge.cu", NULL, &fo);
	if (!ok(p && p->mod, "diverge.cu compiles"))
		return;
	const struct ir_func *f = NULL;
	for (uint32_t i = 0; i < p->mod->nfuncs; i++)
		if (!strcmp(p->mod->funcs[i].name, "diverge"))
			f = &p->mod->funcs[i];
	int seen_tv = 0;
	for (uint32_t pc = 0; f && pc < f->ncode; pc++) {
		uint32_t v[GPU_LIVE_NVALS];
		if (!(f->code[pc].flags & IRF_STMT_START) || f->code[pc].span.line != 14)
			continue;
		uint32_t n = gpu_live_vars(f, pc, v);
		struct strbuf names;
		strbuf_init(&names);
		for (uint32_t k = 0; k < n; k++)
			strbuf_addf(&names, "%s ", f->vars[v[k]].name);
		seen_tv |= strstr(strbuf_cstr(&names), "t ") && strstr(strbuf_cstr(&names), "v ");
		strbuf_release(&names);
	}
	ok(seen_tv, "at line 14 (out[t] = v) the gate writes t and v");
	/* the text for a warp, values named and typed */
	struct live_warp o;
	memset(&o, 0, sizeof(o));
	for (uint32_t pc = 0; f && pc < f->ncode; pc++)
		if ((f->code[pc].flags & IRF_STMT_START) && f->code[pc].span.line == 14) {
			o.stmt = (uint32_t)(f - p->mod->funcs) << 20 | pc;
			break;
		}
	o.seq = 3;
	o.line = 14;
	o.mask = 0x55555555;
	o.smid = 124;
	o.nvals = 3;
	o.vals[0] = 0x7f0000001000ull;
	o.vals[1] = 5;
	o.vals[2] = (uint32_t)-7;
	struct strbuf sb;
	strbuf_init(&sb);
	live_describe(p->mod, &o, 2, &sb);
	ok(strstr(strbuf_cstr(&sb), "warp 2 (block 0 warp 0): at line 14 lanes 0x55555555 SM 124") &&
	   strstr(strbuf_cstr(&sb), "in diverge"), "a warp's line: where, lanes, SM, function");
	ok(strstr(strbuf_cstr(&sb), ": out=0x7f0000001000 t=5 v=-7\n") != NULL,
	   "the values named and as their types (a pointer, -7 signed)");
	strbuf_release(&sb);
	session_program_free(p);
}

int main(void)
{
	tap_start();
	test_protocol();
	test_never_arrives();
	test_vars();
	return tap_end();
}
