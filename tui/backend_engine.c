/*
 * backend_engine.c - struct ui_backend on the real engine (backend_engine.h).
 *
 * Design:
 * - Stepping: a statement step runs the focused warp one instruction at a
 *   time (machine_step_warp) until the group that ran stands at another
 *   statement (ir_insn.stmt), enters a barrier or a warp-sync, or the warp
 *   exits; next/finish compare call depths. In host code it steps the host
 *   thread until it reaches another statement or a kernel launches.
 * - continue runs machine_step in chunks, checking after each step the one
 *   group that ran (an EV_INSN observer names it) against the breakpoint
 *   lines, and stops on a new finding or at the end; between chunks it
 *   polls (Ctrl-C) and reports progress.
 * - Reverse: every change goes through prim(), which appends to a log of
 *   primitive steps (runs of equal ones collapsed); each command marks the
 *   log. reverse-step rebuilds the machine and replays the log up to the
 *   mark. The engine is deterministic, so the state is the same.
 * - Memory: an EV_MEM observer keeps the last shared and the last global
 *   warp access with each lane's address (machine_access_lanes): banks and
 *   conflict degree, sectors, highlighted cells.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_engine.h"
#include "backend_eval.h"
#include "builtin.h"

#define CHUNK 20000          /* steps between polls */
#define STEP_BUDGET 5000000  /* instructions a single statement step may take */
#define MAX_CELLS 4096       /* elements shown per array */
#define TAG_OF(a) ((unsigned)((a) >> 40) & 0xffu)
#define OFF_OF(a) ((a) & (((uint64_t)1 << 40) - 1))
#define TAG_GLOBAL 0x70u     /* machine.h: address tags */
#define TAG_SHARED 0x72u

enum prim { P_STEP, P_WARP, P_BARRIER };

struct logent {
	int kind, slot, warp;
	uint64_t n;
};

struct mark {
	size_t len;
	uint64_t last_n;
	uint64_t steps;         /* machine steps then (replay progress) */
};

struct bp {
	int id, line, enabled;
	char *cond;
};

struct access {
	int valid, slot, warp, write;
	uint32_t mask, size;
	int func;
	uint32_t pc;
	uint64_t addr[32];
	int degree;             /* shared: bank conflict degree */
	char note[96];
};

struct focus {
	int slot, warp, lane;   /* slot -1: the host thread */
};

struct pos {
	int ok, func, depth, state, line;
	uint32_t pc, mask;
	int32_t stmt;
};

struct eng {
	struct ui_backend be;
	struct compilation c;
	int loaded;             /* c holds a compilation (maybe a failed one) */
	char *path, *text;      /* the program: its file, and the text given (or NULL) */
	struct front_opts fo;
	const struct ir_module *mod; /* NULL: the program does not compile */
	uint32_t file;
	struct machine_opts mo;
	int argc;
	char **argv;
	struct machine *m;
	FILE *out, *err;
	char *obuf, *ebuf;
	size_t olen, elen, oseen, eseen;
	VEC(struct logent) log;
	VEC(struct mark) marks;
	VEC(struct bp) bps;
	int next_bp;
	int fb[3], ft;          /* focus: block index, linear thread in the block */
	VEC(char *) lanes;      /* print EXPR @ lanes rows */
	struct access sh, gl;
	int ran_slot, ran_warp, ran_func;
	uint32_t ran_mask, ran_pc;
	struct {                /* the focused block's last shuffle */
		int valid, slot, warp, line;
		int8_t src[32];
	} shfl;
	struct {                /* the last vote/match/redux and its result per lane */
		int pending, valid, slot, warp, func, line;
		uint32_t pc, mask, got;
		uint64_t val[32];
	} vote;
	int found, replaying;
	struct {                /* a __brkpt() that ran since the command began */
		int hit, slot, warp, line;
		uint32_t mask;
	} brk;
	size_t nfind_seen;
	VEC(struct ui_con_line) pending; /* console lines for the next snapshot, in order */
	char stop[160];
	char simt[16], sched[40];
	int (*poll)(void *ctx, uint64_t steps, uint64_t total);
	void *poll_ctx;
	int mm_seen;            /* relaxed model: explanation lines shown so far */
};

/* The program did not compile: say so (and what to do). */
static int no_program(struct eng *e, struct strbuf *msg)
{
	if (e->m)
		return 0;
	strbuf_addf(msg, "%s does not compile: fix it, then :reload", e->path);
	return 1;
}

/* ---- the machine, its observer and the log */

static const char *func_name(struct eng *e, int f)
{
	return f >= 0 && (uint32_t)f < e->mod->nfuncs ? e->mod->funcs[f].name : "?";
}

/* "name[i]" for an address inside a global object, else the address */
static const char *addr_name(struct eng *e, struct ui_state *st, uint64_t a)
{
	char buf[96];

	for (uint32_t i = 0; i < e->mod->nobjs; i++) {
		const struct ir_object *o = &e->mod->objs[i];
		uint64_t base;
		if (o->kind == OBJ_SHARED || !o->name || !o->name[0] ||
		    machine_object_addr(e->m, i, &base) < 0 || !ws_range_in(base, o->size, a, 1))
			continue;
		if (o->size <= 8)
			snprintf(buf, sizeof(buf), "%s", o->name);
		else
			snprintf(buf, sizeof(buf), "%s+%llu", o->name, (unsigned long long)(a - base));
		return ui_strdup(st, buf);
	}
	snprintf(buf, sizeof(buf), "0x%llx", (unsigned long long)a);
	return ui_strdup(st, buf);
}

/* relaxed model: every thread's stores that some thread may not see yet */
static void snap_pending(struct eng *e, struct ui_state *st)
{
	struct machine_mm_pending p[16];
	char buf[96];
	int nt = machine_mm_nthreads(e->m), n = 0, cap = 32;

	st->sync.pending = UI_NEW(st, struct ui_pending, cap);
	for (int i = 0; i < nt && n < cap; i++) {
		int blk, tid;
		if (machine_mm_thread(e->m, i, &blk, &tid) < 0)
			continue;
		int k = machine_mm_pending(e->m, blk, tid, p, 16);
		for (int j = 0; j < k && j < 16 && n < cap; j++, n++) {
			struct ui_pending *u = &st->sync.pending[n];
			int bv = machine_mm_block_view(e->m, blk, p[j].loc);
			snprintf(buf, sizeof(buf), "b%d.t%d", blk, tid);
			u->thread = ui_strdup(st, buf);
			u->target = addr_name(e, st, p[j].addr);
			snprintf(buf, sizeof(buf), "%lld", (long long)(int32_t)p[j].val);
			u->value = ui_strdup(st, buf);
			u->fence = bv >= p[j].pos ? "seen by its block (L1), not yet by the device (L2)"
						  : "seen by the writer only";
		}
	}
	st->sync.npending = n;
}

/* The line a student reads an instruction at: its statement's first line
 * (a call spread over lines is one line), 0 outside the program's file. */
static int insn_line(struct eng *e, int func, uint32_t pc)
{
	const struct ir_func *f;
	const struct ir_insn *in;

	if (func < 0 || (uint32_t)func >= e->mod->nfuncs)
		return 0;
	f = &e->mod->funcs[func];
	if (pc >= f->ncode)
		return 0;
	in = &f->code[pc];
	if (in->stmt >= 0 && (uint32_t)in->stmt < f->nstmts && f->stmts[in->stmt].span.file == e->file)
		return (int)f->stmts[in->stmt].span.line;
	return in->span.file == e->file ? (int)in->span.line : 0;
}

/* Bank conflict degree of a shared warp access: the most different 4-byte
 * words any one of the 32 banks must serve (each takes its own cycle). */
static void access_note(struct access *a)
{
	int words[32][32], lane0[32][32], nw[32] = { 0 }, best = 0, bank = -1;

	for (int l = 0; l < 32; l++) {
		int b, w, seen = 0;

		if (!(a->mask >> l & 1))
			continue;
		w = (int)(OFF_OF(a->addr[l]) / 4);
		b = w % 32;
		for (int k = 0; k < nw[b]; k++)
			seen |= words[b][k] == w;
		if (!seen) {
			lane0[b][nw[b]] = l;
			words[b][nw[b]++] = w;
		}
		if (nw[b] > best) {
			best = nw[b];
			bank = b;
		}
	}
	a->degree = best;
	if (best > 1)
		snprintf(a->note, sizeof(a->note), "lanes %d and %d hit bank %d at different words",
			 lane0[bank][0], lane0[bank][1], bank);
	else
		snprintf(a->note, sizeof(a->note), "every bank serves one word");
}

static void access_record(struct eng *e, const struct machine_event *ev)
{
	struct access a;
	unsigned tag = TAG_OF(ev->addr);

	if (ev->slot < 0 || (tag != TAG_SHARED && tag != TAG_GLOBAL))
		return;
	memset(&a, 0, sizeof(a));
	if (machine_access_lanes(e->m, ev->slot, ev->warp, ev->mask, a.addr) < 0)
		return;
	a.valid = 1;
	a.slot = ev->slot;
	a.warp = ev->warp;
	a.write = ev->write;
	a.mask = ev->mask;
	a.size = ev->size;
	a.func = ev->func;
	a.pc = ev->pc;
	if (tag == TAG_SHARED) {
		access_note(&a);
		e->sh = a;
	} else {
		e->gl = a;
	}
}

/* A shuffle's source lanes, kept while its warp stays on the shuffle's line. */
static void shfl_record(struct eng *e, const struct machine_event *ev)
{
	const struct ir_func *fn = &e->mod->funcs[ev->func];
	int line;

	if (ev->slot < 0)
		return;
	line = insn_line(e, ev->func, ev->pc);
	if (fn->code[ev->pc].op == IR_SHFL) {
		if (!e->shfl.valid || e->shfl.slot != ev->slot || e->shfl.warp != ev->warp ||
		    e->shfl.line != line)
			memset(e->shfl.src, -1, sizeof(e->shfl.src));
		int8_t src[32];

		if (machine_shfl_sources(e->m, ev->slot, ev->warp, ev->mask, src) == 0)
			for (int l = 0; l < 32; l++)
				if (src[l] >= 0)
					e->shfl.src[l] = src[l];
		e->shfl.valid = 1;
		e->shfl.slot = ev->slot;
		e->shfl.warp = ev->warp;
		e->shfl.line = line;
	} else if (e->shfl.valid && e->shfl.slot == ev->slot && e->shfl.warp == ev->warp &&
		   line && line != e->shfl.line) {
		e->shfl.valid = 0;
	}
}

/* A vote, match or redux: remember it when it starts; its result register
 * is read per lane once the lane has moved past it (a *_sync collective
 * may wait for its other lanes first). */
static void vote_settle(struct eng *e)
{
	const struct ir_insn *in;

	if (!e->vote.pending)
		return;
	in = &e->mod->funcs[e->vote.func].code[e->vote.pc];
	for (int l = 0; l < 32; l++) {
		struct machine_group_info gi;

		if (!(e->vote.mask >> l & 1) || e->vote.got >> l & 1)
			continue;
		if (machine_lane(e->m, e->vote.slot, e->vote.warp, l, &gi) == 0 &&
		    gi.state != LS_EXITED && gi.func == e->vote.func && gi.pc == e->vote.pc)
			continue; /* still waits at the collective */
		if (machine_lane_reg(e->m, e->vote.slot, e->vote.warp, l, 0, in->d, &e->vote.val[l]) == 0)
			e->vote.got |= 1u << l;
		else
			e->vote.mask &= ~(1u << l);
	}
	if ((e->vote.got & e->vote.mask) == e->vote.mask) {
		e->vote.pending = 0;
		e->vote.valid = e->vote.got != 0;
	}
}

static void vote_record(struct eng *e, const struct machine_event *ev)
{
	const struct ir_insn *in = &e->mod->funcs[ev->func].code[ev->pc];
	int line;

	vote_settle(e);
	if (ev->slot < 0)
		return;
	line = insn_line(e, ev->func, ev->pc);
	if (in->op == IR_VOTE || in->op == IR_MATCH || in->op == IR_REDUX) {
		if (!(e->vote.pending || e->vote.valid) || e->vote.slot != ev->slot ||
		    e->vote.warp != ev->warp || e->vote.pc != ev->pc || e->vote.func != ev->func)
			e->vote.got = e->vote.mask = 0;
		e->vote.pending = 1;
		e->vote.valid = 0;
		e->vote.slot = ev->slot;
		e->vote.warp = ev->warp;
		e->vote.func = ev->func;
		e->vote.pc = ev->pc;
		e->vote.line = line;
		e->vote.mask |= ev->mask;
		e->vote.got &= ~ev->mask;
	} else if (e->vote.valid && e->vote.slot == ev->slot && e->vote.warp == ev->warp && line &&
		   line != e->vote.line) {
		e->vote.valid = 0;
	}
}

static void pend_line(struct eng *e, enum ui_con_kind kind, const char *text, size_t n)
{
	struct ui_con_line l = { kind, xmalloc(n + 1) };

	memcpy(l.text, text, n);
	l.text[n] = 0;
	vec_push(&e->pending, l);
}

/* Program output so far (whole lines; all when done), queued in order. */
static void pend_output(struct eng *e, int all)
{
	size_t *seen[2] = { &e->oseen, &e->eseen };
	char **buf[2] = { &e->obuf, &e->ebuf };
	size_t *len[2] = { &e->olen, &e->elen };

	fflush(e->out);
	fflush(e->err);
	for (int k = 0; k < 2; k++) {
		size_t end = *len[k];

		while (!all && end > *seen[k] && (*buf[k])[end - 1] != '\n')
			end--;
		if (end <= *seen[k])
			continue;
		pend_line(e, k ? UI_CON_ERROR : UI_CON_OUTPUT, *buf[k] + *seen[k],
			  end - *seen[k] - ((*buf[k])[end - 1] == '\n'));
		*seen[k] = end;
	}
}

/* An event line, after the output that came before it. */
static void pend_event(struct eng *e, const char *fmt, const char *name)
{
	char line[160];
	const char *at = strstr(fmt, "%s");

	pend_output(e, 0);
	snprintf(line, sizeof(line), "%.*s%s%s", (int)(at - fmt), fmt, name, at + 2);
	pend_line(e, UI_CON_INFO, line, strlen(line));
}

/* break finding [KIND]: breakpoints with line BP_FINDING, cond the kind
 * (NULL: any). Without one, continue stops at every new finding; with
 * some, only at the findings they name (a kind or a part of one: "race"). */
#define BP_FINDING (-2)

static int finding_wanted(struct eng *e, const char *kind)
{
	int any = 0;

	for (size_t i = 0; i < e->bps.len; i++) {
		const struct bp *b = &e->bps.v[i];

		if (b->line != BP_FINDING)
			continue;
		any = 1;
		if (b->enabled && (!b->cond || strstr(kind, b->cond)))
			return 1;
	}
	return !any;
}

static void on_event(void *ctx, const struct machine_event *ev)
{
	struct eng *e = ctx;

	switch (ev->kind) {
	case EV_INSN:
		shfl_record(e, ev);
		vote_record(e, ev);
		e->ran_slot = ev->slot;
		e->ran_warp = ev->warp;
		e->ran_mask = ev->mask;
		e->ran_func = ev->func;
		e->ran_pc = ev->pc;
		break;
	case EV_MEM:
		access_record(e, ev);
		break;
	case EV_LAUNCH:
		if (!e->replaying)
			pend_event(e, "[kernel %s launched: stepping continues into it]",
				   func_name(e, ev->func));
		break;
	case EV_KERNEL_END:
		if (!e->replaying)
			pend_event(e, "[kernel %s finished: back in host code]", func_name(e, ev->func));
		break;
	case EV_FINDING:
		e->found |= finding_wanted(e, ev->finding ? ev->finding->kind : "");
		break;
	case EV_BRKPT:
		if (!e->brk.hit) {
			e->brk.hit = 1;
			e->brk.slot = ev->slot;
			e->brk.warp = ev->warp;
			e->brk.mask = ev->mask;
			e->brk.line = insn_line(e, ev->func, ev->pc);
		}
		break;
	default:
		break;
	}
}

static void machine_build(struct eng *e)
{
	if (e->m)
		machine_free(e->m);
	if (e->out)
		fclose(e->out);
	if (e->err)
		fclose(e->err);
	free(e->obuf);
	free(e->ebuf);
	e->obuf = e->ebuf = NULL;
	e->olen = e->elen = 0;
	e->out = open_memstream(&e->obuf, &e->olen);
	e->err = open_memstream(&e->ebuf, &e->elen);
	e->mo.out = e->out;
	e->mo.err = e->err;
	e->m = machine_new(e->mod, &e->mo);
	machine_observe(e->m, 1u << EV_INSN | 1u << EV_MEM | 1u << EV_LAUNCH | 1u << EV_KERNEL_END |
				      1u << EV_FINDING | 1u << EV_BRKPT, on_event, e);
	machine_start(e->m, e->argc, e->argv);
	memset(&e->sh, 0, sizeof(e->sh));
	memset(&e->gl, 0, sizeof(e->gl));
	memset(&e->vote, 0, sizeof(e->vote));
	e->shfl.valid = 0;
}

static int running(struct eng *e)
{
	return machine_get_status(e->m) == MST_RUNNING;
}

static int prim_exec(struct machine *m, int kind, int slot, int warp)
{
	switch (kind) {
	case P_STEP:
		machine_step(m);
		return 0;
	case P_WARP:
		return machine_step_warp(m, slot, warp);
	default:
		return machine_run_to_barrier(m);
	}
}

/* Every change of the machine: run it and log it. */
static int prim(struct eng *e, int kind, int slot, int warp)
{
	struct logent *l;

	if (!running(e) || prim_exec(e->m, kind, slot, warp) < 0)
		return -1;
	vote_settle(e);
	l = e->log.len ? &e->log.v[e->log.len - 1] : NULL;
	if (l && l->kind == kind && l->slot == slot && l->warp == warp)
		l->n++;
	else
		vec_push(&e->log, ((struct logent){ kind, slot, warp, 1 }));
	return 0;
}

/* Rebuild the machine and replay the log; total is the machine step the log
 * reaches (0: unknown). Polls between chunks: an interrupt cuts the log
 * where the replay got to (and the marks past it); returns 1 then. */
static int replay(struct eng *e, uint64_t total)
{
	uint64_t n = 0;
	int cut = 0;

	machine_build(e);
	e->replaying = 1;
	for (size_t i = 0; i < e->log.len && !cut; i++) {
		for (uint64_t k = 0; k < e->log.v[i].n; k++) {
			prim_exec(e->m, e->log.v[i].kind, e->log.v[i].slot, e->log.v[i].warp);
			if (++n % CHUNK || !e->poll ||
			    !e->poll(e->poll_ctx, machine_steps(e->m), total ? total : machine_steps(e->m)))
				continue;
			/* interrupted: the log ends here */
			e->log.v[i].n = k + 1;
			e->log.len = i + 1;
			while (e->marks.len && (e->marks.v[e->marks.len - 1].len > e->log.len ||
						(e->marks.v[e->marks.len - 1].len == e->log.len &&
						 e->marks.v[e->marks.len - 1].last_n > k + 1)))
				e->marks.len--;
			cut = 1;
			break;
		}
	}
	e->replaying = 0;
	fflush(e->out);
	fflush(e->err);
	e->oseen = e->olen;
	e->eseen = e->elen;
	e->nfind_seen = machine_nfindings(e->m);
	e->found = 0;
	e->brk.hit = 0;
	return cut;
}

static void mark_push(struct eng *e)
{
	struct mark mk = { e->log.len, e->log.len ? e->log.v[e->log.len - 1].n : 0,
			   machine_steps(e->m) };

	vec_push(&e->marks, mk);
	e->found = 0;
	e->brk.hit = 0;
	e->stop[0] = 0;
}

/* A command that changed nothing leaves no mark for reverse-step. */
static void mark_settle(struct eng *e)
{
	struct mark *mk = e->marks.len ? &e->marks.v[e->marks.len - 1] : NULL;

	if (mk && mk->len == e->log.len && (!mk->len || e->log.v[mk->len - 1].n == mk->last_n))
		e->marks.len--;
}

/* ---- positions and focus */

static int kernel_active(struct eng *e, struct machine_kernel_info *k)
{
	struct machine_kernel_info tmp;

	return machine_kernel(e->m, k ? k : &tmp) == 0 && (k ? k : &tmp)->active;
}

static void lane_pos(struct eng *e, int slot, int warp, int lane, struct pos *p)
{
	struct machine_group_info gi;

	memset(p, 0, sizeof(*p));
	if (machine_lane(e->m, slot, warp, lane, &gi) < 0 || gi.state == LS_EXITED ||
	    gi.func < 0 || (uint32_t)gi.func >= e->mod->nfuncs)
		return;
	p->ok = 1;
	p->func = gi.func;
	p->pc = gi.pc;
	p->depth = gi.depth;
	p->state = gi.state;
	p->mask = gi.mask;
	p->stmt = gi.pc < e->mod->funcs[gi.func].ncode ? e->mod->funcs[gi.func].code[gi.pc].stmt : -1;
	p->line = insn_line(e, gi.func, gi.pc);
}

static int block_slot(struct eng *e, const int idx[3])
{
	struct machine_kernel_info k;
	struct machine_block_info b;

	if (!kernel_active(e, &k))
		return -1;
	for (int s = 0; s < k.nresident; s++)
		if (machine_block(e->m, s, &b) == 0 && (int)b.idx[0] == idx[0] &&
		    (int)b.idx[1] == idx[1] && (int)b.idx[2] == idx[2])
			return s;
	return -1;
}

/* The focused lane; in a kernel, a block that is no longer resident gives
 * way to the first resident one (the focus follows). */
static void focus_get(struct eng *e, struct focus *f)
{
	struct machine_kernel_info k;
	struct machine_block_info b;
	int s;

	f->slot = -1;
	f->warp = f->lane = 0;
	if (!kernel_active(e, &k))
		return;
	if ((s = block_slot(e, e->fb)) < 0) {
		for (s = 0; s < k.nresident && machine_block(e->m, s, &b) < 0; s++)
			;
		if (s >= k.nresident)
			return;
		for (int i = 0; i < 3; i++)
			e->fb[i] = (int)b.idx[i];
	}
	machine_block(e->m, s, &b);
	if (e->ft >= (int)b.nthreads)
		e->ft = 0;
	f->slot = s;
	f->warp = e->ft / 32;
	f->lane = e->ft % 32;
}

static int warp_live(struct eng *e, int slot, int warp)
{
	struct machine_warp_info wi;

	return machine_warp(e->m, slot, warp, &wi) == 0 && wi.live;
}

/* ---- stepping */

/* Every live group of the warp waits (barrier or collective). */
static int warp_blocked(struct eng *e, int slot, int warp)
{
	struct machine_warp_info wi;
	struct machine_group_info gi;

	if (machine_warp(e->m, slot, warp, &wi) < 0 || !wi.ngroups)
		return 0;
	for (int g = 0; g < wi.ngroups; g++)
		if (machine_group(e->m, slot, warp, g, &gi) == 0 && gi.state != LS_BARRIER &&
		    gi.state != LS_WARPSYNC)
			return 0;
	return 1;
}

/* A __brkpt() ran (the debugger is attached): stop there, on its thread. */
static int brkpt_stop(struct eng *e)
{
	if (!e->brk.hit)
		return 0;
	if (e->brk.slot >= 0) {
		struct machine_block_info bi;

		if (machine_block(e->m, e->brk.slot, &bi) == 0)
			for (int i = 0; i < 3; i++)
				e->fb[i] = (int)bi.idx[i];
		e->ft = e->brk.warp * 32 + (e->brk.mask ? __builtin_ctz(e->brk.mask) : 0);
	}
	snprintf(e->stop, sizeof(e->stop), "__brkpt() at line %d, warp %d (continue goes past it)",
		 e->brk.line, e->brk.warp);
	return 1;
}

static int interrupted(struct eng *e, uint64_t n)
{
	if (n % CHUNK || !e->poll || !e->poll(e->poll_ctx, machine_steps(e->m), 0))
		return 0;
	snprintf(e->stop, sizeof(e->stop), "interrupted (Ctrl-C) after %llu steps",
		 (unsigned long long)machine_steps(e->m));
	return 1;
}

/* After a step of the warp: has the group that ran reached a stopping point? */
static int step_done(struct eng *e, enum ui_step how, const struct pos before[32],
		     const struct focus *f)
{
	struct pos p;
	int l;

	if (e->ran_slot != f->slot || e->ran_warp != f->warp || !e->ran_mask)
		return 0;
	l = __builtin_ctz(e->ran_mask);
	lane_pos(e, f->slot, f->warp, l, &p);
	if (!p.ok)
		return !warp_live(e, f->slot, f->warp) ? (snprintf(e->stop, sizeof(e->stop),
							 "warp %d has exited", f->warp), 1) : 0;
	if (p.state == LS_BARRIER || p.state == LS_WARPSYNC) {
		snprintf(e->stop, sizeof(e->stop), "warp %d: lanes wait at %s (line %d)", f->warp,
			 p.state == LS_BARRIER ? "__syncthreads" : "a warp collective", p.line);
		return 1;
	}
	if (how == UI_STEP_INSN)
		return 1;
	/* like gdb: a statement step ends on another line (or another call) */
	if (before[l].ok && p.func == before[l].func && p.line == before[l].line &&
	    p.depth == before[l].depth)
		return 0;
	if (!p.line)
		return 0; /* inside a built-in header: keep going */
	if (how == UI_STEP_OVER && before[l].ok && p.depth > before[l].depth)
		return 0;
	if (how == UI_STEP_OUT && before[l].ok && p.depth >= before[l].depth)
		return 0;
	return 1;
}

static int step_warp_stmt(struct eng *e, enum ui_step how, struct focus f, struct strbuf *msg)
{
	struct pos before[32];
	struct machine_block_info b0, b1;

	for (int l = 0; l < 32; l++)
		lane_pos(e, f.slot, f.warp, l, &before[l]);
	machine_block(e->m, f.slot, &b0);
	for (uint64_t n = 1; n <= STEP_BUDGET; n++) {
		if (warp_blocked(e, f.slot, f.warp)) {
			/* the others must run before this warp can (one instruction
			 * at a time, so the focused warp stops at its next statement) */
			prim(e, P_STEP, 0, 0);
		} else if (prim(e, P_WARP, f.slot, f.warp) < 0) {
			strbuf_addf(msg, "warp %d cannot run", f.warp);
			return -1;
		}
		if (!kernel_active(e, NULL) || !running(e))
			return 0;
		if (machine_block(e->m, f.slot, &b1) < 0 || memcmp(b0.idx, b1.idx, sizeof(b0.idx))) {
			snprintf(e->stop, sizeof(e->stop), "block (%u,%u,%u) finished", b0.idx[0],
				 b0.idx[1], b0.idx[2]);
			return 0;
		}
		if (brkpt_stop(e) || step_done(e, how, before, &f) || interrupted(e, n))
			return 0;
	}
	snprintf(e->stop, sizeof(e->stop), "stopped after %d instructions", STEP_BUDGET);
	return 0;
}

static int step_host(struct eng *e, enum ui_step how, struct strbuf *msg)
{
	struct pos before, p;

	lane_pos(e, -1, 0, 0, &before);
	for (uint64_t n = 1; n <= STEP_BUDGET; n++) {
		if (prim(e, P_STEP, 0, 0) < 0)
			return -1;
		if (!running(e))
			return 0;
		if (kernel_active(e, NULL)) {
			struct machine_kernel_info k;

			kernel_active(e, &k);
			struct focus f;

			e->fb[0] = e->fb[1] = e->fb[2] = 0;
			e->ft = 0;
			focus_get(e, &f);
			/* past the kernel's prologue (parameters) to its first statement */
			lane_pos(e, f.slot, f.warp, f.lane, &p);
			if (f.slot >= 0 && p.ok && p.line == (int)e->mod->funcs[p.func].span.line)
				step_warp_stmt(e, UI_STEP_LINE, f, msg);
			snprintf(e->stop, sizeof(e->stop), "kernel %s<<<(%u,%u,%u),(%u,%u,%u)>>> started",
				 func_name(e, k.func), k.grid[0], k.grid[1], k.grid[2], k.block[0],
				 k.block[1], k.block[2]);
			return 0;
		}
		lane_pos(e, -1, 0, 0, &p);
		if (p.ok && (how == UI_STEP_INSN ||
			     ((p.func != before.func || p.line != before.line || p.depth != before.depth) &&
			      p.line && !(how == UI_STEP_OVER && p.depth > before.depth) &&
			      !(how == UI_STEP_OUT && p.depth >= before.depth))))
			return 0;
		if (interrupted(e, n))
			return 0;
	}
	return 0;
}

/* Every warp of the focused block that can run: one statement. */
static int step_block(struct eng *e, struct focus f, struct strbuf *msg)
{
	struct machine_block_info b;

	if (machine_block(e->m, f.slot, &b) < 0)
		return -1;
	for (int w = 0; w < b.nwarps && kernel_active(e, NULL); w++) {
		struct machine_warp_info wi;
		struct machine_group_info gi;
		int ready = 0;

		if (machine_warp(e->m, f.slot, w, &wi) < 0)
			continue;
		for (int g = 0; g < wi.ngroups; g++)
			if (machine_group(e->m, f.slot, w, g, &gi) == 0 &&
			    (gi.state == LS_ACTIVE || gi.state == LS_READY || gi.state == LS_PARKED))
				ready = 1;
		f.warp = w;
		if (ready && step_warp_stmt(e, UI_STEP_LINE, f, msg) < 0)
			return -1;
		if (block_slot(e, e->fb) != f.slot)
			break;
	}
	snprintf(e->stop, sizeof(e->stop), "block step");
	return 0;
}

static int step_back(struct eng *e, long count, struct strbuf *msg)
{
	struct mark mk;

	if (!e->marks.len) {
		strbuf_adds(msg, "already at the start");
		return -1;
	}
	if (count > (long)e->marks.len)
		count = (long)e->marks.len;
	e->marks.len -= (size_t)count;
	mk = e->marks.v[e->marks.len];
	e->log.len = mk.len;
	if (mk.len)
		e->log.v[mk.len - 1].n = mk.last_n;
	if (replay(e, mk.steps)) {
		snprintf(e->stop, sizeof(e->stop), "reverse step interrupted (Ctrl-C): at step %llu of "
			 "%llu (an earlier point of the same run)", (unsigned long long)machine_steps(e->m),
			 (unsigned long long)mk.steps);
		return 0;
	}
	snprintf(e->stop, sizeof(e->stop), "reverse step: back at step %llu (re-executed)",
		 (unsigned long long)machine_steps(e->m));
	return 0;
}

static int step_one(struct eng *e, enum ui_step how, struct strbuf *msg)
{
	struct focus f;

	focus_get(e, &f);
	if (f.slot < 0) {
		if (how == UI_STEP_BARRIER || how == UI_STEP_BLOCK || how == UI_STEP_WARP) {
			strbuf_adds(msg, "no kernel is running (host code): use step or continue");
			return -1;
		}
		return step_host(e, how, msg);
	}
	switch (how) {
	case UI_STEP_BLOCK:
		return step_block(e, f, msg);
	case UI_STEP_BARRIER:
		if (prim(e, P_BARRIER, 0, 0) < 0)
			return -1;
		snprintf(e->stop, sizeof(e->stop), "a barrier completed");
		return 0;
	default:
		return step_warp_stmt(e, how == UI_STEP_WARP ? UI_STEP_LINE : how, f, msg);
	}
}

static int eng_step(void *self, enum ui_step how, long count, struct strbuf *msg)
{
	struct eng *e = self;
	int ret = 0;

	if (no_program(e, msg))
		return -1;
	if (how == UI_STEP_BACK)
		return step_back(e, count < 1 ? 1 : count, msg);
	if (!running(e)) {
		strbuf_addf(msg, "the program has finished (exit status %d)", machine_exit_status(e->m));
		return -1;
	}
	mark_push(e);
	for (long i = 0; i < (count < 1 ? 1 : count) && running(e) && ret == 0; i++) {
		ret = step_one(e, how, msg);
		if (e->stop[0] && !strncmp(e->stop, "interrupted", 11))
			break;
	}
	mark_settle(e);
	if (!running(e))
		snprintf(e->stop, sizeof(e->stop), "program exited with status %d",
			 machine_exit_status(e->m));
	return ret;
}

/* ---- continue and breakpoints */

static struct eval_ctx ctx_for(struct eng *e, int slot, int warp, int lane)
{
	struct eval_ctx c;
	struct machine_kernel_info k;
	struct machine_block_info b;
	int t = warp * 32 + lane;

	memset(&c, 0, sizeof(c));
	c.m = e->m;
	c.mod = e->mod;
	c.slot = slot;
	c.warp = warp;
	c.lane = lane;
	if (slot >= 0 && kernel_active(e, &k) && machine_block(e->m, slot, &b) == 0) {
		memcpy(c.ctaid, b.idx, sizeof(c.ctaid));
		memcpy(c.ntid, k.block, sizeof(c.ntid));
		memcpy(c.nctaid, k.grid, sizeof(c.nctaid));
		c.tid[0] = (uint32_t)t % k.block[0];
		c.tid[1] = (uint32_t)t / k.block[0] % k.block[1];
		c.tid[2] = (uint32_t)t / (k.block[0] * k.block[1]);
	}
	return c;
}

static const struct bp *bp_match(struct eng *e, int line, int slot, int warp, uint32_t mask, int *lane)
{
	for (size_t i = 0; i < e->bps.len; i++) {
		const struct bp *b = &e->bps.v[i];

		if (!b->enabled || b->line != line)
			continue;
		for (int l = 0; l < 32; l++) {
			struct eval_ctx c;
			struct eval_val v;
			struct strbuf err;
			int hit;

			if (!(mask >> l & 1))
				continue;
			if (!b->cond) {
				*lane = l;
				return b;
			}
			c = ctx_for(e, slot, warp, l);
			strbuf_init(&err);
			hit = eval_expr(&c, b->cond, &v, &err) == 0 && (v.isf ? v.f != 0 : v.i != 0);
			strbuf_release(&err);
			if (hit) {
				*lane = l;
				return b;
			}
		}
	}
	return NULL;
}

/* After one machine step: did the group that ran enter a breakpoint line? */
static int bp_check(struct eng *e)
{
	struct pos p;
	const struct bp *b;
	int lane, before_line;

	if (!e->bps.len || !e->ran_mask)
		return 0;
	lane_pos(e, e->ran_slot, e->ran_warp, __builtin_ctz(e->ran_mask), &p);
	if (!p.ok || !p.line)
		return 0;
	before_line = insn_line(e, e->ran_func, e->ran_pc);
	if (p.func == e->ran_func && p.line == before_line)
		return 0;
	if (!(b = bp_match(e, p.line, e->ran_slot, e->ran_warp, p.mask, &lane)))
		return 0;
	if (e->ran_slot >= 0) {
		struct machine_block_info bi;

		machine_block(e->m, e->ran_slot, &bi);
		for (int i = 0; i < 3; i++)
			e->fb[i] = (int)bi.idx[i];
		e->ft = e->ran_warp * 32 + lane;
	}
	snprintf(e->stop, sizeof(e->stop), "breakpoint %d, line %d%s%s", b->id, b->line,
		 b->cond ? " if " : "", b->cond ? b->cond : "");
	return 1;
}

static int eng_cont(void *self, struct strbuf *msg)
{
	struct eng *e = self;

	if (no_program(e, msg))
		return -1;
	if (!running(e)) {
		strbuf_addf(msg, "the program has finished (exit status %d)", machine_exit_status(e->m));
		return -1;
	}
	mark_push(e);
	for (uint64_t n = 1; running(e); n++) {
		e->ran_mask = 0;
		prim(e, P_STEP, 0, 0);
		if (bp_check(e) || brkpt_stop(e))
			break;
		if (e->found) {
			const struct machine_finding *fd =
				machine_finding_get(e->m, machine_nfindings(e->m) - 1);

			for (size_t i = machine_nfindings(e->m); i-- > 0;) {
				const struct machine_finding *fi = machine_finding_get(e->m, i);

				if (finding_wanted(e, fi->kind)) {
					fd = fi;
					break;
				}
			}
			snprintf(e->stop, sizeof(e->stop), "finding: %s at line %u", fd->kind,
				 fd->span.line);
			if (fd->on_device) {
				memcpy(e->fb, fd->block, sizeof(e->fb));
				e->ft = fd->warp * 32 + fd->lane;
			}
			break;
		}
		if (interrupted(e, n))
			break;
	}
	mark_settle(e);
	if (!running(e))
		snprintf(e->stop, sizeof(e->stop), "program exited with status %d",
			 machine_exit_status(e->m));
	strbuf_adds(msg, e->stop);
	return 0;
}

static int line_has_code(struct eng *e, int line)
{
	for (uint32_t f = 0; f < e->mod->nfuncs; f++)
		for (uint32_t i = 0; i < e->mod->funcs[f].ncode; i++)
			if (insn_line(e, (int)f, i) == line)
				return 1;
	return 0;
}

/* break barrier: a breakpoint on every line with a __syncthreads. */
static int break_barriers(struct eng *e, struct strbuf *msg)
{
	int first = -1, maxl = 0;
	uint8_t *has;

	for (uint32_t f = 0; f < e->mod->nfuncs; f++)
		for (uint32_t i = 0; i < e->mod->funcs[f].ncode; i++)
			if (insn_line(e, (int)f, i) > maxl)
				maxl = insn_line(e, (int)f, i);
	has = xcalloc((size_t)maxl + 1, 1);
	for (uint32_t f = 0; f < e->mod->nfuncs; f++)
		for (uint32_t i = 0; i < e->mod->funcs[f].ncode; i++)
			if (e->mod->funcs[f].code[i].op == IR_BAR ||
			    (e->mod->funcs[f].code[i].op == IR_BCALL &&
			     (e->mod->funcs[f].code[i].imm == BI___ws_bar_wait ||
			      e->mod->funcs[f].code[i].imm == BI___ws_bar_arrive ||
			      e->mod->funcs[f].code[i].imm == BI___ws_grid_wait)))
				has[insn_line(e, (int)f, i)] = 1;
	strbuf_adds(msg, "breakpoints at the barrier lines (__syncthreads, cuda::barrier, grid sync):");
	for (int line = 1; line <= maxl; line++) {
		if (!has[line])
			continue;
		vec_push(&e->bps, ((struct bp){ ++e->next_bp, line, 1, NULL }));
		strbuf_addf(msg, " %d", line);
		if (first < 0)
			first = e->next_bp;
	}
	free(has);
	if (first < 0) {
		strbuf_reset(msg);
		strbuf_adds(msg, "the program has no barrier (__syncthreads, cuda::barrier, grid sync)");
	}
	return first;
}

static int eng_break_set(void *self, int line, const char *cond, struct strbuf *msg)
{
	struct eng *e = self;
	struct bp b = { ++e->next_bp, line, 1, cond ? xstrdup(cond) : NULL };

	if (no_program(e, msg))
		return -1;
	if (line == BP_FINDING) {
		static const char *const kinds[] = {
			"oob-global-read", "oob-global-write", "oob-shared", "oob-local", "misaligned",
			"use-after-free", "double-free", "invalid-free", "host-pointer-in-kernel",
			"device-pointer-on-host", "invalid-host-access", "shared-race", "global-race", "barrier-divergence",
			"invalid-syncwarp-mask", "invalid-collective-mask", "shfl-inactive-source",
			"uninitialized-read", "deadlock", "integer-divide-by-zero", "assert-failure",
			"trap", "stack-overflow", "step-limit", "invalid-launch", "barrier-", "grid-sync",
			"oob", "race", "uninitialized", "free", "mask",
		};
		int known = !cond;

		for (size_t i = 0; !known && i < WS_ARRAY_LEN(kinds); i++)
			known = strstr(kinds[i], cond) != NULL || strstr(cond, kinds[i]) == cond;
		if (!known) {
			strbuf_addf(msg, "no finding kind '%s' (e.g. shared-race, oob-global-read, "
				    "deadlock, race, oob)", cond);
			free(b.cond);
			e->next_bp--;
			return -1;
		}
		b.line = BP_FINDING;
		vec_push(&e->bps, b);
		if (cond)
			strbuf_addf(msg, "breakpoint %d: continue stops at a %s finding (other kinds "
				    "are listed, not stopped at)", b.id, cond);
		else
			strbuf_addf(msg, "breakpoint %d: continue stops at every new finding", b.id);
		return b.id;
	}
	if (line == -1) {
		e->next_bp--;
		return break_barriers(e, msg);
	}
	if (!line_has_code(e, line)) {
		strbuf_addf(msg, "no code at line %d (pick a line with a statement)", line);
		free(b.cond);
		e->next_bp--;
		return -1;
	}
	vec_push(&e->bps, b);
	return b.id;
}

static int eng_break_delete(void *self, int id, struct strbuf *msg)
{
	struct eng *e = self;
	size_t j = 0;
	int found = 0;

	for (size_t i = 0; i < e->bps.len; i++) {
		if (!id || e->bps.v[i].id == id) {
			free(e->bps.v[i].cond);
			found = 1;
			continue;
		}
		e->bps.v[j++] = e->bps.v[i];
	}
	e->bps.len = j;
	if (id && !found) {
		strbuf_addf(msg, "no breakpoint %d", id);
		return -1;
	}
	return 0;
}

/* ---- focus, print, info, set */

static int eng_focus(void *self, const int block[3], const int thread[3], struct strbuf *msg)
{
	struct eng *e = self;
	struct machine_kernel_info k;
	int t;

	if (no_program(e, msg))
		return -1;
	if (!kernel_active(e, &k)) {
		strbuf_adds(msg, "no kernel is running: focus applies to device threads");
		return -1;
	}
	for (int i = 0; i < 3; i++) {
		if (block[i] < 0 || (uint32_t)block[i] >= k.grid[i]) {
			strbuf_addf(msg, "no block (%d,%d,%d): the grid is (%u,%u,%u)", block[0],
				    block[1], block[2], k.grid[0], k.grid[1], k.grid[2]);
			return -1;
		}
		if (thread[i] < 0 || (uint32_t)thread[i] >= k.block[i]) {
			strbuf_addf(msg, "no thread (%d,%d,%d): the block is (%u,%u,%u)", thread[0],
				    thread[1], thread[2], k.block[0], k.block[1], k.block[2]);
			return -1;
		}
	}
	if (block_slot(e, block) < 0) {
		strbuf_addf(msg, "block (%d,%d,%d) is not resident now (it has finished or not started)",
			    block[0], block[1], block[2]);
		return -1;
	}
	t = thread[0] + thread[1] * (int)k.block[0] + thread[2] * (int)(k.block[0] * k.block[1]);
	memcpy(e->fb, block, sizeof(e->fb));
	e->ft = t;
	return 0;
}

static int eng_eval(void *self, const char *expr, int lanes, struct strbuf *out)
{
	struct eng *e = self;
	struct focus f;
	struct eval_ctx c;
	struct eval_val v;

	if (no_program(e, out))
		return -1;
	focus_get(e, &f);
	c = ctx_for(e, f.slot, f.warp, f.lane);
	if (lanes) {
		if (f.slot < 0) {
			strbuf_adds(out, "@ lanes needs a running kernel");
			return -1;
		}
		for (size_t i = 0; i < e->lanes.len; i++)
			if (!strcmp(e->lanes.v[i], expr))
				return 0;
		if (eval_expr(&c, expr, &v, out) < 0)
			return -1;
		vec_push(&e->lanes, xstrdup(expr));
		strbuf_addf(out, "%s: shown across the warp in the lanes pane", expr);
		return 0;
	}
	if (eval_expr(&c, expr, &v, out) < 0)
		return -1;
	strbuf_addf(out, "%s = ", expr);
	eval_val_text(&v, out);
	return 0;
}

static const char *lane_state_name(int s)
{
	static const char *const n[] = { "-", "active", "ready (diverged)", "at reconvergence",
					 "at __syncthreads", "at warp collective", "exited" };

	return s >= 0 && s < (int)WS_ARRAY_LEN(n) ? n[s] : "?";
}

static void info_warps(struct eng *e, struct focus *f, struct strbuf *out)
{
	struct machine_block_info b;

	machine_block(e->m, f->slot, &b);
	strbuf_addf(out, "block (%u,%u,%u):  warp  live        line  state", b.idx[0], b.idx[1],
		    b.idx[2]);
	for (int w = 0; w < b.nwarps; w++) {
		struct machine_warp_info wi;
		struct machine_group_info gi;

		machine_warp(e->m, f->slot, w, &wi);
		if (wi.ngroups && machine_group(e->m, f->slot, w, wi.current >= 0 ? wi.current : 0, &gi) == 0)
			strbuf_addf(out, "\n%s %4d  0x%08x  %4d  %s, %d group%s", w == f->warp ? "*" : " ",
				    w, wi.live, insn_line(e, gi.func, gi.pc), lane_state_name(gi.state),
				    wi.ngroups, wi.ngroups == 1 ? "" : "s");
		else
			strbuf_addf(out, "\n%s %4d  0x%08x        exited", w == f->warp ? "*" : " ", w,
				    wi.live);
	}
}

static void info_lanes(struct eng *e, struct focus *f, struct strbuf *out)
{
	strbuf_addf(out, "warp %d:  lane  thread  line  state", f->warp);
	for (int l = 0; l < 32; l++) {
		struct machine_group_info gi;

		if (machine_lane(e->m, f->slot, f->warp, l, &gi) < 0)
			continue;
		strbuf_addf(out, "\n%s %4d  %6d  %4d  %s", l == f->lane ? "*" : " ", l, f->warp * 32 + l,
			    gi.state == LS_EXITED ? 0 : insn_line(e, gi.func, gi.pc),
			    lane_state_name(gi.state));
	}
}

static void info_blocks(struct eng *e, struct focus *f, struct strbuf *out)
{
	struct machine_kernel_info k;
	struct machine_block_info b;

	kernel_active(e, &k);
	strbuf_addf(out, "kernel %s: %llu of %llu blocks done; resident:", func_name(e, k.func),
		    (unsigned long long)k.blocks_done, (unsigned long long)k.blocks_total);
	for (int s = 0; s < k.nresident; s++)
		if (machine_block(e->m, s, &b) == 0)
			strbuf_addf(out, "\n%s block (%u,%u,%u): %d warps, %u threads, %u exited, %u at the barrier",
				    s == f->slot ? "*" : " ", b.idx[0], b.idx[1], b.idx[2], b.nwarps,
				    b.nthreads, b.nexited, b.bar_arrived);
}

static void info_barriers(struct eng *e, struct strbuf *out)
{
	struct machine_kernel_info k;
	struct machine_block_info b;

	kernel_active(e, &k);
	for (int s = 0; s < k.nresident; s++)
		if (machine_block(e->m, s, &b) == 0)
			strbuf_addf(out, "%sblock (%u,%u,%u) __syncthreads: %u of %u threads arrived, generation %u",
				    s ? "\n" : "", b.idx[0], b.idx[1], b.idx[2], b.bar_arrived,
				    b.nthreads - b.nexited, b.bar_generation);
}

static int eng_info(void *self, const char *what, struct strbuf *out)
{
	struct eng *e = self;
	struct focus f;

	if (no_program(e, out))
		return -1;
	focus_get(e, &f);
	if (f.slot < 0) {
		strbuf_adds(out, "no kernel is running (host code)");
		return 0;
	}
	if (!strcmp(what, "warps"))
		info_warps(e, &f, out);
	else if (!strcmp(what, "lanes"))
		info_lanes(e, &f, out);
	else if (!strcmp(what, "blocks"))
		info_blocks(e, &f, out);
	else
		info_barriers(e, out);
	return 0;
}

static int eng_set(void *self, const char *key, const char *value, struct strbuf *msg)
{
	struct eng *e = self;
	uint64_t target;

	if (no_program(e, msg))
		return -1;
	target = machine_steps(e->m);
	if (!strcmp(key, "simt") && (!strcmp(value, "stack") || !strcmp(value, "its"))) {
		e->mo.simt = !strcmp(value, "its") ? SIMT_ITS : SIMT_STACK;
	} else if (!strcmp(key, "sched") && !strcmp(value, "rr")) {
		e->mo.sched = SCHED_RR;
	} else if (!strcmp(key, "sched") && !strncmp(value, "random:", 7) && value[7]) {
		e->mo.sched = SCHED_RANDOM;
		e->mo.seed = strtoull(value + 7, NULL, 0);
	} else if (!strcmp(key, "model") && !strcmp(value, "sc")) {
		strbuf_adds(msg, "model is sc");
		return 0;
	} else {
		strbuf_addf(msg, "bad value '%s' for %s (simt: stack|its, sched: rr|random:SEED, model: sc)",
			    value, key);
		return -1;
	}
	snprintf(!strcmp(key, "simt") ? e->simt : e->sched, !strcmp(key, "simt") ? sizeof(e->simt)
		 : sizeof(e->sched), "%s", value);
	/* the same number of steps under the new policy, from the start */
	e->log.len = 0;
	e->marks.len = 0;
	replay(e, 0);
	e->replaying = 1; /* catching up: its launches were shown already */
	while (machine_steps(e->m) < target && running(e))
		prim(e, P_STEP, 0, 0);
	e->replaying = 0;
	fflush(e->out);
	fflush(e->err);
	e->oseen = e->olen;
	e->eseen = e->elen;
	e->nfind_seen = machine_nfindings(e->m);
	strbuf_addf(msg, "%s is now %s: re-ran the program to step %llu under it", key, value,
		    (unsigned long long)machine_steps(e->m));
	return 0;
}

/* ---- snapshot: the engine's state as a ui_state */

static int ui_status_of(int state, int current_ready)
{
	switch (state) {
	case LS_ACTIVE: case LS_READY: return current_ready ? UI_LANE_ACTIVE : UI_LANE_DIVERGED;
	case LS_PARKED: return UI_LANE_DIVERGED;
	case LS_BARRIER: return UI_LANE_BARRIER;
	case LS_WARPSYNC: return UI_LANE_WARPSYNC;
	case LS_EXITED: return UI_LANE_EXITED;
	default: return UI_LANE_INACTIVE;
	}
}

/* The ready group that runs next: the one that ran last if still ready,
 * else the first ready one. */
static int warp_current(struct eng *e, int slot, int w, const struct machine_warp_info *wi)
{
	struct machine_group_info gi;
	int first = -1;

	for (int g = 0; g < wi->ngroups; g++) {
		if (machine_group(e->m, slot, w, g, &gi) < 0 ||
		    (gi.state != LS_ACTIVE && gi.state != LS_READY))
			continue;
		if (g == wi->current)
			return g;
		if (first < 0)
			first = g;
	}
	return first;
}

static void snap_warp(struct eng *e, struct ui_state *st, int slot, int w, struct ui_warp *uw)
{
	struct machine_warp_info wi;
	struct machine_group_info gi;
	int cur, nbar = 0, nsync = 0;

	memset(uw, 0, sizeof(*uw));
	uw->id = w;
	uw->current = -1;
	if (machine_warp(e->m, slot, w, &wi) < 0)
		return;
	cur = warp_current(e, slot, w, &wi);
	for (int l = 0; l < 32; l++)
		uw->status[l] = !(wi.exists >> l & 1) ? UI_LANE_INACTIVE
			      : wi.exited >> l & 1 ? UI_LANE_EXITED : UI_LANE_INACTIVE;
	for (int g = 0; g < wi.ngroups; g++) {
		uint32_t rpc;

		if (machine_group(e->m, slot, w, g, &gi) < 0)
			continue;
		for (int l = 0; l < 32; l++) {
			if (!(gi.mask >> l & 1))
				continue;
			uw->status[l] = (uint8_t)ui_status_of(gi.state, g == cur);
			uw->line[l] = insn_line(e, gi.func, gi.pc);
		}
		nbar += gi.state == LS_BARRIER;
		nsync += gi.state == LS_WARPSYNC;
		if (uw->ngroups == UI_MAX_GROUPS)
			continue;
		if (g == cur)
			uw->current = uw->ngroups;
		uw->groups[uw->ngroups].mask = gi.mask;
		uw->groups[uw->ngroups].line = insn_line(e, gi.func, gi.pc);
		if (machine_group_reconv(e->m, slot, w, g, &rpc) == 0)
			uw->groups[uw->ngroups].reconv_line = insn_line(e, gi.func, rpc);
		uw->ngroups++;
	}
	if (!wi.live && wi.exists)
		uw->note = "exited";
	else if (nbar && nbar == wi.ngroups)
		uw->note = "at __syncthreads";
	else if (nsync && !nbar && cur < 0)
		uw->note = "waits: warp collective";
	else if (uw->ngroups > 1)
		uw->note = "diverged";
	uw->tile = machine_warp_tile(e->m, slot, w);
	if (uw->tile > 1 && uw->tile < 32 && !uw->note)
		uw->note = ui_strf(st, "tiles of %d lanes", uw->tile);
}

static void snap_warps(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct machine_block_info b;

	if (machine_block(e->m, f->slot, &b) < 0)
		return;
	st->nwarps = b.nwarps < UI_MAX_WARPS ? b.nwarps : UI_MAX_WARPS;
	st->warps = UI_NEW(st, struct ui_warp, st->nwarps);
	for (int w = 0; w < st->nwarps; w++)
		snap_warp(e, st, f->slot, w, &st->warps[w]);
}

/* Variables in scope for a lane: parameters and locals of its function. */
static int scope_vars(struct eng *e, int slot, int warp, int lane, const struct ir_var **out,
		      int max)
{
	struct eval_ctx c = ctx_for(e, slot, warp, lane);
	const struct ir_func *fn;
	uint32_t pc;
	int n = 0;

	if (!(fn = eval_lane_func(&c, &pc)))
		return 0;
	for (uint32_t k = 0; k < fn->nvars && n < max; k++) {
		int shadowed = 0;

		if (!eval_var_in_scope(&fn->vars[k], pc) || fn->vars[k].loc == VLOC_SHARED)
			continue;
		for (int j = 0; j < n; j++)
			if (!strcmp(out[j]->name, fn->vars[k].name)) {
				out[j] = &fn->vars[k]; /* the inner one hides the outer */
				shadowed = 1;
			}
		if (!shadowed)
			out[n++] = &fn->vars[k];
	}
	return n;
}

static void snap_thread(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct ui_thread *t = &st->thread;
	struct eval_ctx c = ctx_for(e, f->slot, f->warp, f->lane);
	const struct ir_var *vars[24];
	struct strbuf sb;
	struct pos p;
	int n;

	lane_pos(e, f->slot, f->warp, f->lane, &p);
	for (int i = 0; i < 3; i++) {
		t->block[i] = f->slot < 0 ? 0 : (int)c.ctaid[i];
		t->thread[i] = f->slot < 0 ? 0 : (int)c.tid[i];
	}
	t->warp = f->warp;
	t->lane = f->lane;
	t->line = p.line;
	t->func = p.ok ? func_name(e, p.func) : "(exited)";
	if (!p.ok)
		return;
	n = scope_vars(e, f->slot, f->warp, f->lane, vars, 24);
	t->locals = UI_NEW(st, struct ui_local, n ? n : 1);
	strbuf_init(&sb);
	for (int i = 0; i < n; i++) {
		strbuf_reset(&sb);
		eval_var_text(&c, vars[i], &sb);
		t->locals[i] = (struct ui_local){ ui_strdup(st, vars[i]->name),
						  ui_strdup(st, vars[i]->type ? vars[i]->type->name : "?"),
						  ui_strdup(st, strbuf_cstr(&sb)) };
	}
	t->nlocals = n;
	strbuf_release(&sb);
}

static void snap_lanerow(struct eng *e, struct ui_state *st, const struct focus *f,
			 struct ui_lanevar *lv, const char *name, const struct ir_var *var)
{
	struct strbuf sb;

	lv->name = ui_strdup(st, name);
	strbuf_init(&sb);
	for (int l = 0; l < 32; l++) {
		struct eval_ctx c = ctx_for(e, f->slot, f->warp, l);
		struct eval_val v;
		struct pos p;

		lane_pos(e, f->slot, f->warp, l, &p);
		if (!p.ok)
			continue;
		strbuf_reset(&sb);
		if (var) {
			uint32_t pc;
			const struct ir_func *fn = eval_lane_func(&c, &pc);

			if (!fn || var < fn->vars || var >= fn->vars + fn->nvars ||
			    !eval_var_in_scope(var, pc))
				continue;
			eval_var_text(&c, var, &sb);
		} else if (eval_expr(&c, name, &v, &sb) == 0) {
			eval_val_text(&v, &sb);
		} else {
			continue;
		}
		lv->value[l] = ui_strdup(st, strbuf_cstr(&sb));
	}
	strbuf_release(&sb);
}

/* After a shuffle: rows whose variable is named on the shuffle's line get
 * each lane's source lane. */
static void snap_shfl(struct eng *e, struct ui_state *st)
{
	const char *text = e->shfl.line > 0 && e->shfl.line <= st->nlines ? st->lines[e->shfl.line - 1] : "";

	for (int i = 0; i < st->nlanes; i++) {
		const char *p = text, *name = st->lanes[i].name;
		size_t n = strlen(name);
		int found = 0;

		while (!found && (p = strstr(p, name))) {
			found = (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
				!(isalnum((unsigned char)p[n]) || p[n] == '_');
			p += n;
		}
		if (!found)
			continue;
		st->lanes[i].has_src = 1;
		memcpy(st->lanes[i].src, e->shfl.src, sizeof(e->shfl.src));
	}
}

/* After a vote/match/redux of the focused warp: its result in each lane,
 * and for a ballot or a match the mask as bits. */
static void snap_vote(struct eng *e, struct ui_state *st, struct ui_lanevar *lv)
{
	const struct ir_insn *in = &e->mod->funcs[e->vote.func].code[e->vote.pc];
	static const char *const votes[] = { "__all_sync", "__any_sync", "__ballot_sync", "__uni_sync" };
	static const char *const reds[] = { "add", "min", "max", "and", "or", "xor" };
	struct strbuf sb;

	if (in->op == IR_VOTE)
		lv->name = ui_strf(st, "%s (line %d)", votes[in->sub & 3], e->vote.line);
	else if (in->op == IR_MATCH)
		lv->name = ui_strf(st, "__match_%s_sync (line %d)", in->sub == MATCH_ALL ? "all" : "any",
				   e->vote.line);
	else
		lv->name = ui_strf(st, "__reduce_%s_sync (line %d)", reds[in->sub % 6], e->vote.line);
	lv->has_bits = in->op == IR_MATCH || (in->op == IR_VOTE && in->sub == VOTE_BALLOT);
	strbuf_init(&sb);
	for (int l = 0; l < 32; l++) {
		uint64_t v = e->vote.val[l];

		if (!(e->vote.got >> l & 1))
			continue;
		strbuf_reset(&sb);
		if (lv->has_bits) {
			lv->bits[l] = (uint32_t)v;
			strbuf_addf(&sb, "0x%08x", (unsigned)(uint32_t)v);
		} else if (in->op == IR_VOTE) {
			strbuf_addf(&sb, "%d", (int)(v & 1));
		} else {
			eval_scalar_text(in->t, v, &sb);
		}
		lv->value[l] = ui_strdup(st, strbuf_cstr(&sb));
	}
	strbuf_release(&sb);
}

/* Rows: print @ lanes, then the focused lane's scalar locals (not parameters). */
static void snap_lanes(struct eng *e, struct ui_state *st, const struct focus *f)
{
	const struct ir_var *vars[24];
	int n = scope_vars(e, f->slot, f->warp, f->lane, vars, 24), k = 0;

	st->lanes = UI_NEW(st, struct ui_lanevar, 7 + e->lanes.len);
	vote_settle(e);
	if (e->vote.valid && e->vote.slot == f->slot && e->vote.warp == f->warp)
		snap_vote(e, st, &st->lanes[k++]);
	for (size_t i = 0; i < e->lanes.len; i++)
		snap_lanerow(e, st, f, &st->lanes[k++], e->lanes.v[i], NULL);
	/* the latest declared first: usually the one the student is watching */
	for (int i = n - 1; i >= 0 && k < 7 + (int)e->lanes.len; i--)
		if (!vars[i]->is_param && vars[i]->type && vars[i]->type->scalar != IR_VOID)
			snap_lanerow(e, st, f, &st->lanes[k++], vars[i]->name, vars[i]);
	st->nlanes = k;
	if (e->shfl.valid && e->shfl.slot == f->slot && e->shfl.warp == f->warp)
		snap_shfl(e, st);
}

static void cell_text(struct eng *e, const uint8_t *p, uint8_t t, struct strbuf *sb)
{
	uint64_t bits = 0;

	memcpy(&bits, p, (size_t)eval_type_size(t));
	strbuf_reset(sb);
	eval_scalar_text(t, bits, sb);
}

/* An array of count elements of type t at addr, read as the focused lane sees it. */
static void snap_array(struct eng *e, struct ui_state *st, const struct focus *f,
		       struct ui_array *a, uint8_t t, const struct access *acc, int shared)
{
	int sz = eval_type_size(t);
	uint8_t *buf = xmalloc((size_t)a->count * (size_t)sz + 8);
	struct strbuf sb;
	int ok;

	a->elem_size = sz;
	a->values = UI_NEW(st, const char *, a->count);
	a->access = UI_NEW(st, uint8_t, a->count);
	ok = shared ? machine_read(e->m, f->slot, f->warp, f->lane, a->addr, buf,
				   (size_t)a->count * (size_t)sz) == 0
		    : machine_peek(e->m, a->addr, buf, (size_t)a->count * (size_t)sz) == 0;
	strbuf_init(&sb);
	for (int i = 0; i < a->count; i++) {
		cell_text(e, buf + (size_t)i * (size_t)sz, t, &sb);
		a->values[i] = ok ? ui_strdup(st, strbuf_cstr(&sb)) : "?";
	}
	strbuf_release(&sb);
	free(buf);
	if (!acc->valid || (shared && acc->slot != f->slot))
		return;
	for (int l = 0; l < 32; l++) {
		uint64_t ad = acc->addr[l];

		if (!(acc->mask >> l & 1) || !ws_range_in(a->addr, (uint64_t)a->count * (uint64_t)sz, ad, 1))
			continue;
		a->access[(ad - a->addr) / (uint64_t)sz] |= acc->write ? UI_ACC_WRITE : UI_ACC_READ;
	}
}

/* The kernel's variable naming shared object obj (its source name), or NULL. */
static const char *kernel_uses(struct eng *e, int func, uint32_t obj)
{
	const struct ir_func *fn = &e->mod->funcs[func];

	for (uint32_t k = 0; k < fn->nvars; k++)
		if (fn->vars[k].loc == VLOC_SHARED && fn->vars[k].off == (int64_t)obj)
			return fn->vars[k].name;
	return NULL;
}

/* "float[16][16]" -> "float": the memory pane shows elements. */
static const char *elem_type_name(struct ui_state *st, const char *name)
{
	const char *br = strchr(name, '[');
	char buf[64];

	if (!br || br - name >= (long)sizeof(buf))
		return ui_strdup(st, name);
	memcpy(buf, name, (size_t)(br - name));
	buf[br - name] = 0;
	return ui_strdup(st, buf);
}

static void snap_shared(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct machine_kernel_info k;
	uint64_t total;
	int n = 0;

	if (!kernel_active(e, &k) || machine_block_shared(e->m, f->slot, &total) < 0)
		return;
	st->mem.shared = UI_NEW(st, struct ui_array, e->mod->nobjs);
	for (uint32_t i = 0; i < e->mod->nobjs; i++) {
		const struct ir_object *o = &e->mod->objs[i];
		struct ui_array *a = &st->mem.shared[n];
		uint8_t t = o->type ? (o->type->scalar != IR_VOID ? o->type->scalar : o->type->elem) : IR_S32;
		uint64_t addr;

		if (o->kind != OBJ_SHARED || !(a->name = kernel_uses(e, k.func, i)) ||
		    machine_object_addr(e->m, i, &addr) < 0)
			continue;
		if (t == IR_VOID)
			t = IR_U8;
		a->type = o->type ? elem_type_name(st, o->type->name) : "int";
		a->addr = addr;
		a->count = (int)((o->dynamic ? total - OFF_OF(addr) : o->size) / (uint64_t)eval_type_size(t));
		if (a->count > MAX_CELLS)
			a->count = MAX_CELLS;
		snap_array(e, st, f, a, t, &e->sh, 1);
		a->addr = OFF_OF(addr);
		n++;
	}
	st->mem.nshared = n;
	if (e->sh.valid && e->sh.slot == f->slot) {
		st->mem.conflict_degree = e->sh.degree;
		st->mem.conflict_note = ui_strf(st, "warp %d %s, line %d: %s", e->sh.warp,
						e->sh.write ? "wrote" : "read",
						insn_line(e, e->sh.func, e->sh.pc), e->sh.note);
	}
}

/* Global buffers: the pointer variables of the focused thread (kernel
 * parameters, or main's locals) that point into device allocations. */
static void snap_global(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct eval_ctx c = ctx_for(e, f->slot, f->warp, f->lane);
	const struct ir_var *vars[24];
	uint64_t bases[24];
	int n = scope_vars(e, f->slot, f->warp, f->lane, vars, 24), k = 0;

	st->mem.global = UI_NEW(st, struct ui_array, n ? n : 1);
	for (int i = 0; i < n; i++) {
		struct strbuf err;
		struct eval_val v;
		uint64_t base, size;
		int dev, dup = 0;
		struct ui_array *a = &st->mem.global[k];

		if (!vars[i]->type || vars[i]->type->scalar != IR_PTR)
			continue;
		strbuf_init(&err);
		if (eval_expr(&c, vars[i]->name, &v, &err) < 0 || v.ptr_elem == IR_VOID ||
		    machine_alloc_find(e->m, (uint64_t)v.i, &base, &size, &dev) < 0 || !dev) {
			strbuf_release(&err);
			continue;
		}
		strbuf_release(&err);
		for (int j = 0; j < k; j++)
			dup |= bases[j] == (uint64_t)v.i;
		if (dup)
			continue;
		bases[k] = (uint64_t)v.i;
		a->name = ui_strdup(st, vars[i]->name);
		a->type = ui_strdup(st, ir_type_name(v.ptr_elem));
		a->type = eval_type_size(v.ptr_elem) == 4 && v.ptr_elem == IR_F32 ? "float"
			: v.ptr_elem == IR_S32 ? "int" : a->type;
		a->addr = (uint64_t)v.i;
		a->count = (int)((base + size - (uint64_t)v.i) / (uint64_t)eval_type_size(v.ptr_elem));
		if (a->count > MAX_CELLS)
			a->count = MAX_CELLS;
		snap_array(e, st, f, a, v.ptr_elem, &e->gl, 0);
		k++;
	}
	st->mem.nglobal = k;
	if (e->gl.valid) {
		uint64_t sec[32];
		int ns = 0, nl = 0;

		for (int l = 0; l < 32; l++) {
			int seen = 0;

			if (!(e->gl.mask >> l & 1))
				continue;
			nl++;
			for (int j = 0; j < ns; j++)
				seen |= sec[j] == (e->gl.addr[l] & ~(uint64_t)31);
			if (!seen)
				sec[ns++] = e->gl.addr[l] & ~(uint64_t)31;
		}
		st->mem.sectors = UI_NEW(st, uint64_t, ns);
		memcpy(st->mem.sectors, sec, sizeof(uint64_t) * (size_t)ns);
		st->mem.nsectors = ns;
		st->mem.requests = (int)((nl * (int)e->gl.size + 31) / 32);
	}
}

/* cuda::barrier objects of the focused block (and global ones), and the grid
 * barrier of a cooperative launch: expected and pending counts, the phase,
 * and who waits on which phase's token. */
static void snap_cubars(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct machine_gridsync_info gs;
	int n = machine_cgbar_count(e->m), k = 0;
	int grid = machine_gridsync(e->m, &gs) == 0 && gs.cooperative;

	if (!n && !grid)
		return;
	st->sync.cubars = UI_NEW(st, struct ui_cubarrier, n + 1);
	for (int i = 0; i < n; i++) {
		struct machine_cgbar_info bi;
		struct machine_cgbar_waiter wt[8];
		struct ui_cubarrier *u = &st->sync.cubars[k];
		char buf[256];
		size_t len = 0;
		int nw;

		if (machine_cgbar(e->m, i, &bi) < 0 || (bi.slot >= 0 && bi.slot != f->slot))
			continue;
		if (bi.obj >= 0 && (uint32_t)bi.obj < e->c.mod->nobjs && e->c.mod->objs[bi.obj].name[0])
			u->name = e->c.mod->objs[bi.obj].name;
		else
			u->name = ui_strf(st, "@0x%llx", (unsigned long long)(bi.addr & 0xffffffffffull));
		u->expected = (int)bi.expected;
		u->pending = (int)bi.pending;
		u->phase = (int)bi.phase;
		nw = machine_cgbar_waiters(e->m, i, wt, 8);
		buf[0] = 0;
		for (int j = 0; j < nw && j < 8 && len < sizeof(buf) - 64; j++)
			len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%sw%d lanes %08x on phase %llu",
						j ? ", " : "", wt[j].warp, wt[j].lanes,
						(unsigned long long)wt[j].phase);
		if (nw > 8)
			snprintf(buf + len, sizeof(buf) - len, " ...");
		u->waiters = nw > 0 ? ui_strf(st, "%s", buf) : NULL;
		k++;
	}
	if (grid) {
		struct ui_cubarrier *u = &st->sync.cubars[k++];

		u->name = "this_grid()";
		u->expected = (int)gs.expected;
		u->pending = (int)(gs.expected - gs.arrived);
		u->phase = (int)gs.generation;
		u->waiters = gs.arrived ? ui_strf(st, "%llu threads in grid.sync()", (unsigned long long)gs.arrived)
					: NULL;
	}
	st->sync.ncubars = k;
}

static void snap_sync(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct machine_block_info b;
	struct ui_barrier *ub;

	st->sync.model = machine_mm_model(e->m) == MODEL_RELAXED ? "relaxed" : "sc";
	if (machine_mm_model(e->m) == MODEL_RELAXED)
		snap_pending(e, st);
	if (machine_block(e->m, f->slot, &b) < 0)
		return;
	st->sync.barriers = ub = UI_NEW(st, struct ui_barrier, 1);
	st->sync.nbarriers = 1;
	for (int i = 0; i < 3; i++)
		ub->block[i] = (int)b.idx[i];
	ub->generation = b.bar_generation;
	ub->expected = (int)(b.nthreads - b.nexited);
	ub->nwarps = b.nwarps;
	ub->arrived = UI_NEW(st, uint32_t, b.nwarps);
	for (int w = 0; w < b.nwarps; w++) {
		struct machine_warp_info wi;
		struct machine_group_info gi;

		if (machine_warp(e->m, f->slot, w, &wi) < 0)
			continue;
		for (int g = 0; g < wi.ngroups; g++)
			if (machine_group(e->m, f->slot, w, g, &gi) == 0 && gi.state == LS_BARRIER)
				ub->arrived[w] |= gi.mask;
	}
	snap_cubars(e, st, f);
}

static const char *file_name(struct eng *e, uint32_t id)
{
	const struct srcfile *sf = srcmgr_file(&e->c.sm, id);

	return sf ? sf->name : "?";
}

static void snap_findings(struct eng *e, struct ui_state *st)
{
	size_t n = machine_nfindings(e->m);

	st->findings = UI_NEW(st, struct ui_finding, n ? n : 1);
	for (size_t i = 0; i < n; i++) {
		const struct machine_finding *fd = machine_finding_get(e->m, i);
		const char *who = fd->on_device
			? ui_strf(st, "block (%u,%u,%u) thread (%u,%u,%u): ", fd->block[0], fd->block[1],
				  fd->block[2], fd->thread[0], fd->thread[1], fd->thread[2])
			: "host: ";

		const char *other = "", *times = "";

		if (fd->has_other && fd->other_warp >= 0)
			other = ui_strf(st, " [other side: block (%u,%u,%u) thread (%u,%u,%u)%s]",
					fd->other_block[0], fd->other_block[1], fd->other_block[2],
					fd->other_thread[0], fd->other_thread[1], fd->other_thread[2],
					fd->other_write < 0 ? "" : fd->other_write ? ", wrote" : ", read");
		else if (fd->has_other)
			other = ui_strf(st, " [other side: block (%u,%u,%u), %s]", fd->other_block[0],
					fd->other_block[1], fd->other_block[2],
					fd->other_write ? "wrote" : "read");
		if (fd->count > 1)
			times = ui_strf(st, " (x%llu)", (unsigned long long)fd->count);
		st->findings[i] = (struct ui_finding){ fd->kind, file_name(e, fd->span.file),
			(int)fd->span.line, ui_strf(st, "%s%s%s%s", who, fd->msg, other, times) };
		if (i >= e->nfind_seen)
			ui_console_add(st, UI_CON_ERROR, ui_strf(st, "[finding] %s at line %u: %s%s",
				       fd->kind, fd->span.line, who, fd->msg));
	}
	st->nfindings = (int)n;
	e->nfind_seen = n;
}

static void snap_console(struct eng *e, struct ui_state *st)
{
	int nsync = machine_mm_nsync(e->m);

	if (nsync < e->mm_seen) /* rebuilt (reverse step): the log starts again */
		e->mm_seen = nsync;
	for (; e->mm_seen < nsync; e->mm_seen++)
		pend_event(e, "[memory] %s", machine_mm_sync(e->m, e->mm_seen));
	pend_output(e, !running(e));
	for (size_t i = 0; i < e->pending.len; i++) {
		ui_console_add(st, e->pending.v[i].kind, e->pending.v[i].text);
		free(e->pending.v[i].text);
	}
	e->pending.len = 0;
}

static void snap_status(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct machine_kernel_info k;
	struct pos p;

	st->steps = machine_steps(e->m);
	st->simt = e->simt;
	st->sched = e->sched;
	st->stop_reason = e->stop[0] ? ui_strdup(st, e->stop) : NULL;
	if (!running(e)) {
		st->run = UI_RUN_FINISHED;
		return;
	}
	if (kernel_active(e, &k)) {
		st->run = UI_RUN_KERNEL;
		st->kernel = func_name(e, k.func);
		for (int i = 0; i < 3; i++) {
			st->grid[i] = (int)k.grid[i];
			st->blockdim[i] = (int)k.block[i];
			st->focus_block[i] = e->fb[i];
		}
		st->focus_warp = f->warp;
		st->focus_lane = f->lane;
		return;
	}
	st->run = UI_RUN_HOST;
	lane_pos(e, -1, 0, 0, &p);
	st->host_line = p.line;
}

static void eng_snapshot(void *self, struct ui_state *st)
{
	struct eng *e = self;
	const struct srcfile *sf = srcmgr_file(&e->c.sm, e->file);
	struct focus f;

	ui_state_clear_snapshot(st);
	if (!e->m) {
		/* it does not compile: the source as read, the diagnostics in the console */
		const struct srcfile *msf = NULL;

		for (size_t i = 0; i < e->c.sm.files.len && !msf; i++)
			if (!e->c.sm.files.v[i].builtin && !strcmp(e->c.sm.files.v[i].name, e->path))
				msf = &e->c.sm.files.v[i];
		ui_set_source(st, e->path, msf ? msf->text : e->text ? e->text : "");
		st->run = UI_RUN_IDLE;
		st->simt = e->simt;
		st->sched = e->sched;
		st->stop_reason = ui_strdup(st, e->stop);
		for (size_t i = 0; i < e->pending.len; i++) {
			ui_console_add(st, e->pending.v[i].kind, e->pending.v[i].text);
			free(e->pending.v[i].text);
		}
		e->pending.len = 0;
		return;
	}
	focus_get(e, &f);
	ui_set_source(st, sf ? sf->name : "?", sf ? sf->text : "");
	snap_status(e, st, &f);
	st->bps = UI_NEW(st, struct ui_breakpoint, e->bps.len + 1);
	for (size_t i = 0; i < e->bps.len; i++) {
		const struct bp *b = &e->bps.v[i];

		if (b->line == BP_FINDING)	/* line 0: "finding KIND" as its condition */
			st->bps[st->nbps++] = (struct ui_breakpoint){ b->id, 0,
				ui_strf(st, "finding %s", b->cond ? b->cond : "(any)"), b->enabled };
		else
			st->bps[st->nbps++] = (struct ui_breakpoint){ b->id, b->line,
				b->cond ? ui_strdup(st, b->cond) : NULL, b->enabled };
	}
	snap_console(e, st);
	snap_findings(e, st);
	if (st->run == UI_RUN_FINISHED)
		return;
	snap_thread(e, st, &f);
	snap_global(e, st, &f);
	if (f.slot < 0)
		return;
	snap_warps(e, st, &f);
	snap_lanes(e, st, &f);
	snap_shared(e, st, &f);
	snap_sync(e, st, &f);
}

void engine_backend_set_poll(struct ui_backend *be, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
			     void *ctx)
{
	struct eng *e = be->self;

	e->poll = poll;
	e->poll_ctx = ctx;
}

static uint32_t main_file(const struct compilation *c, const char *path)
{
	for (size_t i = 0; i < c->sm.files.len; i++)
		if (!c->sm.files.v[i].builtin && !strcmp(c->sm.files.v[i].name, path))
			return (uint32_t)i + 1;
	return 1;
}

/* Compile the program (the file when it can be read, else the text given)
 * and start main() stopped before its first statement. On a compile error
 * the backend has no machine: the diagnostics are queued for the console
 * and in err; everything but reload and snapshot says to fix and reload. */
static int eng_load(struct eng *e, int prefer_file, struct strbuf *err)
{
	char *buf = NULL;
	size_t len = 0;
	const char *why;
	char *ftext = prefer_file || !e->text ? util_read_file(e->path, NULL, &why) : NULL;
	int ret;

	if (e->m)
		machine_free(e->m);
	e->m = NULL;
	if (e->loaded)
		compilation_release(&e->c);
	e->loaded = 1;
	e->mod = NULL;
	compilation_init(&e->c);
	if (ftext || !e->text)
		ret = front_compile_file(&e->c, e->path, &e->fo);
	else
		ret = front_compile_string(&e->c, e->path, e->text, &e->fo);
	free(ftext);
	e->log.len = e->marks.len = 0;
	e->lanes.len = e->lanes.len; /* print @ lanes rows stay */
	if (ret < 0 || !e->c.mod || e->c.mod->main_func < 0) {
		FILE *f = open_memstream(&buf, &len);

		diag_render(&e->c.diags, &e->c.sm, f, 0);
		if (!ret && e->c.mod && e->c.mod->main_func < 0)
			fprintf(f, "%s: the program has no main function\n", e->path);
		fclose(f);
		strbuf_adds(err, buf);
		if (len && buf[len - 1] == '\n')
			len--;
		if (len)
			pend_line(e, UI_CON_ERROR, buf, len);
		pend_line(e, UI_CON_INFO, "[the program does not compile: fix it, then :reload]", 53);
		free(buf);
		snprintf(e->stop, sizeof(e->stop), "does not compile: fix it, then :reload");
		return -1;
	}
	e->mod = e->c.mod;
	e->file = main_file(&e->c, e->path);
	machine_build(e);
	e->oseen = e->eseen = 0;
	e->nfind_seen = 0;
	snprintf(e->stop, sizeof(e->stop), "before main()");
	return 0;
}

/* reload: recompile (the file as it is now) and start again before main();
 * breakpoints on lines that still have code are kept. */
static int eng_reload(void *self, struct strbuf *msg)
{
	struct eng *e = self;
	struct strbuf err;
	size_t j = 0;

	strbuf_init(&err);
	if (eng_load(e, 1, &err) < 0) {
		strbuf_release(&err);
		strbuf_addf(msg, "%s does not compile (the diagnostics are above)", e->path);
		return -1;
	}
	strbuf_release(&err);
	for (size_t i = 0; i < e->bps.len; i++) {
		if (e->bps.v[i].line > 0 && !line_has_code(e, e->bps.v[i].line)) {
			free(e->bps.v[i].cond);
			continue;
		}
		e->bps.v[j++] = e->bps.v[i];
	}
	e->bps.len = j;
	pend_line(e, UI_CON_INFO, "[reloaded: stopped before main()]", 33);
	strbuf_addf(msg, "%s compiled; stopped before main()", e->path);
	return 0;
}

static struct eng *eng_new(const char *path, const char *text, const struct front_opts *fo,
			   const struct machine_opts *mo, int argc, char **argv)
{
	struct eng *e = xcalloc(1, sizeof(*e));

	e->path = xstrdup(path);
	e->text = text ? xstrdup(text) : NULL;
	e->fo = *fo;
	e->mo = *mo;
	e->mo.debugger = 1;
	e->argc = argc;
	e->argv = xcalloc((size_t)argc + 1, sizeof(char *));
	for (int i = 0; i < argc; i++)
		e->argv[i] = xstrdup(argv[i]);
	snprintf(e->simt, sizeof(e->simt), "%s", mo->simt == SIMT_ITS ? "its" : "stack");
	if (mo->sched == SCHED_RANDOM)
		snprintf(e->sched, sizeof(e->sched), "random:%llu", (unsigned long long)mo->seed);
	else
		snprintf(e->sched, sizeof(e->sched), "rr");
	e->be = (struct ui_backend){ e, eng_step, eng_cont, eng_break_set, eng_break_delete,
				     eng_focus, eng_eval, eng_info, eng_set, eng_snapshot, eng_reload };
	return e;
}

struct ui_backend *engine_backend_new(const char *path, const char *text,
				      const struct front_opts *fo, const struct machine_opts *mo,
				      int argc, char **argv, struct strbuf *err)
{
	struct eng *e = eng_new(path, text, fo, mo, argc, argv);

	if (eng_load(e, 0, err) < 0) {
		engine_backend_free(&e->be);
		return NULL;
	}
	return &e->be;
}

struct ui_backend *engine_backend_open(const char *path, const char *text,
				       const struct front_opts *fo, const struct machine_opts *mo,
				       int argc, char **argv, struct strbuf *err)
{
	struct eng *e = eng_new(path, text, fo, mo, argc, argv);

	eng_load(e, 0, err);
	return &e->be;
}

void engine_backend_free(struct ui_backend *be)
{
	struct eng *e;

	if (!be)
		return;
	e = be->self;
	if (e->m)
		machine_free(e->m);
	if (e->out)
		fclose(e->out);
	if (e->err)
		fclose(e->err);
	free(e->path);
	free(e->text);
	free(e->obuf);
	free(e->ebuf);
	for (int i = 0; i < e->argc; i++)
		free(e->argv[i]);
	free(e->argv);
	for (size_t i = 0; i < e->bps.len; i++)
		free(e->bps.v[i].cond);
	for (size_t i = 0; i < e->lanes.len; i++)
		free(e->lanes.v[i]);
	vec_free(&e->bps);
	vec_free(&e->lanes);
	vec_free(&e->log);
	vec_free(&e->marks);
	for (size_t i = 0; i < e->pending.len; i++)
		free(e->pending.v[i].text);
	vec_free(&e->pending);
	if (e->loaded)
		compilation_release(&e->c);
	free(e);
}
