/*
 * session.c - one debugger session (session.h): stepping, breakpoints and
 * reverse execution, once for every front end.
 *
 * Design:
 * - Every change of the machine is a primitive: P_STEP (machine_step: one
 *   instruction of the scheduler's pick), P_WARP (machine_step_warp),
 *   P_BARRIER (machine_run_to_barrier) or P_RUN (machine_run for a chunk of
 *   steps with a given set of breakpoints marked in the code). A reversible
 *   session logs them (runs of equal ones collapsed); reverse execution
 *   rebuilds the machine and replays the log up to the previous command's
 *   mark, marking the same breakpoints around each P_RUN as it did then.
 * - Breakpoint lines are marked in the decoded code only during P_RUN
 *   (machine_break_line); stepping never sees them, so a step costs what it
 *   did. A stop is checked against conditions per lane here; a false one
 *   runs on (the engine passes the breakpoint once on resume).
 * - While P_RUN runs, no EV_INSN observer is registered (the interpreter's
 *   fast path): a wanted finding or a __brkpt() asks the machine to stop
 *   (machine_request_stop) from the observer.
 * - The memory-access log keeps, per space, the last device warp access
 *   (EV_MEM's lane addresses, copied); bank conflicts and sectors are
 *   computed when a front end asks (session_access_last).
 * - Statement steps run the focused warp one instruction at a time
 *   (machine_step_warp) until the group that ran stands on another line
 *   (or statement, for SESSION_STMT), waits at a barrier or a collective,
 *   or the warp exits; over/out compare call depths. In host code the host
 *   thread runs until it reaches another line or a kernel starts.
 */
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "builtin.h"
#include "check.h"
#include "eval.h"
#include "session.h"

#define CHUNK 20000          /* steps between polls */
#define STEP_BUDGET 5000000  /* instructions a single statement step may take */
#define CKPT_EVERY 100000    /* machine steps between checkpoints (at least) */
#define CKPT_MEMORY (256ull << 20) /* bytes all checkpoints may take, by default */

enum prim { P_STEP, P_WARP, P_BARRIER, P_RUN, P_SET };

struct logent {
	int kind, slot, warp;  /* P_RUN: slot is the breakpoint set, warp the steps */
	int set;               /* P_STEP, P_WARP: the breakpoint set marked (step stops), -1;
				* P_SET: the assignment (session.assigns) */
	uint64_t n;
	uint64_t upto;         /* P_RUN cut short: it stops when the machine reaches this step (0: no) */
};

/* A place in the log: entries before i whole, and k runs of entry i. */
struct lpos {
	size_t i;
	uint64_t k;
};

/* A copy of the machine at a place in the log (machine_clone). */
struct ckpt {
	struct lpos at;
	uint64_t steps, bytes;
	struct machine *m;
	int applied;
	struct session_access acc[SESSION_NSPACES];
	int acc_valid[SESSION_NSPACES], acc_done[SESSION_NSPACES];
	uint64_t acc_seq;
};

/* What a reverse step by statement looks for in the replayed past: the
 * focused thread's statement starts (or, reverse-continue, breakpoint hits
 * of any thread), the last one before the end of the replayed range. */
#define SCAN_DEPTH 256
struct scan {
	enum session_step how;
	int slot, warp, lane;
	uint32_t bidx[3];
	int depth0;             /* the focused thread's call depth now */
	uint64_t end;           /* only events before this machine step */
	struct { int func; int32_t stmt; uint32_t pc; } last[SCAN_DEPTH]; /* per depth */
	int ndepth;
	int found, line, bp, f_slot, f_warp, f_lane;
	uint64_t step;
	struct lpos unit;
	/* reverse-continue: the groups of the warp that ran last, before it ran */
	int pend, pslot, pwarp, np;
	struct { uint32_t mask, pc; int func; } pg[SESSION_MAX_GROUPS];
};

struct mark {
	size_t len;
	uint64_t last_n;
	uint64_t steps;        /* machine steps then (replay progress) */
};

struct sbp {
	struct session_bp pub;
	char *func, *cond;
};

struct fileline {
	uint32_t file;
	int line;
};

struct watch {
	int id, kind, slot;
	uint64_t addr;
	uint32_t size;
	int warp, lane;        /* one lane's accesses only (local memory), else -1 */
};

/* A frame whose return stops a P_RUN: a local watchpoint's (id), or the
 * focused thread's frame of until/advance LOCATION (id 0). */
struct scope {
	int id, slot, warp, lane, depth;
};

/* gdb's set var: one write (P_SET), re-applied by a replay. */
struct assign {
	int slot, warp, lane, up, reg;  /* reg >= 0: a register of that frame, else memory */
	uint64_t addr, bits;
	uint32_t size;
};

/* What a P_RUN stops at: marked lines, watched memory and the findings it
 * stops on. */
struct bpset {
	VEC(struct fileline) lines;
	VEC(struct watch) watches;
	VEC(struct scope) scopes;
	int any_finding;       /* stop at every new finding */
	int kernel_end;        /* stop when a kernel ends */
	VEC(char *) kinds;     /* else at those whose kind contains one of these */
};

struct sobs {
	unsigned kinds;
	int always;
	machine_observer_fn fn;
	void *ctx;
};

struct pos {
	int ok, func, depth, state, line;
	uint32_t pc, mask;
	int32_t stmt;
};

struct session {
	const struct ir_module *mod;
	const struct srcmgr *sm;
	uint32_t main_file;
	struct machine_opts mo;
	struct machine *m;
	int argc;
	char **argv;
	int has_main;
	int reversible, replaying;
	VEC(struct logent) log;
	VEC(struct mark) marks;
	VEC(struct ckpt) ckpts;
	uint64_t ck_cap;        /* bytes the checkpoints may take (0: none) */
	uint64_t ck_bytes, ck_every, ck_next;
	int ck_fixed;           /* the interval was given: not adapted to the machine's size */
	uint64_t ck_base;       /* the interval set (ck_every doubles when thinned) */
	struct lpos cur;        /* the log run being replayed (struct scan's unit) */
	uint64_t upto;          /* a cut-short P_RUN stops at this step */
	struct scan *scan;      /* a reverse step's scan, or NULL */
	VEC(struct sbp) bps;
	int next_bp;
	VEC(struct bpset) sets;
	int applied;           /* the set marked in the code now, -1: none */
	VEC(struct sobs) obs;
	int main_id;           /* the machine observer (on_event) */
	int fine_id;           /* the EV_INSN observer's id while stepping finely, 0: none */
	int in_run;            /* a P_RUN runs: wanted findings and __brkpt() stop it */
	int step_watch;        /* a step runs with watchpoints: their set's index + 1, 0: none */
	const struct bpset *run_set;
	int ran, ran_slot, ran_warp, ran_func;
	uint32_t ran_mask, ran_pc;
	size_t nfind0;         /* findings when the command began */
	int found;             /* a wanted finding since the command began */
	struct {
		int hit, slot, warp, line;
		uint32_t mask;
	} brk;
	uint64_t barriers, kernel_ends;
	struct session_access acc[SESSION_NSPACES];
	int acc_valid[SESSION_NSPACES], acc_done[SESSION_NSPACES];
	uint64_t acc_seq;
	struct {                /* a watched access during a P_RUN */
		int hit, id, slot, warp, lane, write;
		uint64_t old;
	} wh;
	int (*poll)(void *ctx, uint64_t steps, uint64_t total);
	void *poll_ctx;
	uint64_t limit, start_steps;
	int step_stops;
	void (*on_build)(void *ctx, struct machine_opts *mo);
	void *build_ctx;
	struct session_stop *stop; /* the command's result */
	VEC(struct eval_conv) conv; /* convenience variables (session_conv_set) */
	VEC(struct eval_val) hist;  /* gdb's value history ($1 is hist.v[0]) */
	VEC(uint8_t *) hist_data;   /* the snapshots of its arrays */
	VEC(struct assign) assigns; /* P_SET's writes */
	struct scope fret;          /* until/advance LOCATION: the frame whose return stops (id 0); depth -1: none */
	int until_bp, until_depth;  /* until LOCATION: its breakpoint stops only at this depth or outer (-1: any) */
	struct {                    /* a frame of a scope returned (set by scope_check) */
		int hit, id, slot, warp, lane, func;
	} sc;
};

/* ---- small helpers */

int session_line(const struct session *s, int func, uint32_t pc)
{
	const struct ir_func *f;
	const struct ir_insn *in;

	if (func < 0 || (uint32_t)func >= s->mod->nfuncs)
		return 0;
	f = &s->mod->funcs[func];
	if (pc >= f->ncode)
		return 0;
	in = &f->code[pc];
	if (in->stmt >= 0 && (uint32_t)in->stmt < f->nstmts && f->stmts[in->stmt].span.file == s->main_file)
		return (int)f->stmts[in->stmt].span.line;
	return in->span.file == s->main_file ? (int)in->span.line : 0;
}

static int running(const struct session *s)
{
	return machine_get_status(s->m) == MST_RUNNING;
}

static int kernel_active(const struct session *s, struct machine_kernel_info *k)
{
	struct machine_kernel_info tmp;

	return machine_kernel(s->m, k ? k : &tmp) == 0 && (k ? k : &tmp)->active;
}

static void lane_pos(const struct session *s, int slot, int warp, int lane, struct pos *p)
{
	struct machine_group_info gi;

	memset(p, 0, sizeof(*p));
	if (machine_lane(s->m, slot, warp, lane, &gi) < 0 || gi.state == LS_EXITED || gi.func < 0 ||
	    (uint32_t)gi.func >= s->mod->nfuncs)
		return;
	p->ok = 1;
	p->func = gi.func;
	p->pc = gi.pc;
	p->depth = gi.depth;
	p->state = gi.state;
	p->mask = gi.mask;
	p->stmt = gi.pc < s->mod->funcs[gi.func].ncode ? s->mod->funcs[gi.func].code[gi.pc].stmt : -1;
	p->line = session_line(s, gi.func, gi.pc);
}

static const char *func_name(const struct session *s, int f)
{
	return f >= 0 && (uint32_t)f < s->mod->nfuncs ? s->mod->funcs[f].name : "?";
}

static void stop_text(struct session *s, enum session_reason r, const char *fmt, ...) WS_PRINTF(3, 4);
static void stop_text(struct session *s, enum session_reason r, const char *fmt, ...)
{
	va_list ap;

	s->stop->reason = r;
	va_start(ap, fmt);
	vsnprintf(s->stop->text, sizeof(s->stop->text), fmt, ap);
	va_end(ap);
}

static void stop_at(struct session *s, int slot, int warp, int lane)
{
	struct pos p;

	s->stop->has_thread = 1;
	s->stop->slot = slot;
	s->stop->warp = warp;
	s->stop->lane = lane;
	lane_pos(s, slot, warp, lane, &p);
	s->stop->mask = p.mask;
	s->stop->line = p.line;
}

/* ---- observers */

static int finding_wanted(const struct bpset *set, const char *kind)
{
	if (!set || set->any_finding)
		return 1;
	for (size_t i = 0; i < set->kinds.len; i++)
		if (strstr(kind, set->kinds.v[i]))
			return 1;
	return 0;
}

static void forward(struct session *s, const struct machine_event *ev, int fine)
{
	for (size_t i = 0; i < s->obs.len; i++) {
		const struct sobs *o = &s->obs.v[i];

		if (!(o->kinds >> ev->kind & 1))
			continue;
		if (ev->kind == EV_INSN && (o->always ? fine : !fine))
			continue; /* each observer gets each instruction once */
		o->fn(o->ctx, ev);
	}
}

static void note_ran(struct session *s, const struct machine_event *ev)
{
	s->ran = 1;
	s->ran_slot = ev->slot;
	s->ran_warp = ev->warp;
	s->ran_mask = ev->mask;
	s->ran_func = ev->func;
	s->ran_pc = ev->pc;
}

/* Keep a device warp's access to shared, global or constant memory: the
 * raw addresses now, the views when asked (a continue pays a copy). */
static void access_keep(struct session *s, const struct machine_event *ev)
{
	unsigned tag = (unsigned)(ev->addr >> 40) & 0xffu;
	int sp = tag == 0x72u ? SESSION_SHARED : tag == 0x70u ? SESSION_GLOBAL
	       : tag == 0x71u ? SESSION_CONST : -1;
	struct session_access *a;

	if (sp < 0 || ev->slot < 0 || !ev->lane_addr)
		return;
	a = &s->acc[sp];
	a->slot = ev->slot;
	a->warp = ev->warp;
	a->func = ev->func;
	a->pc = ev->pc;
	a->write = ev->write;
	a->mask = ev->mask;
	a->size = ev->size;
	a->seq = ++s->acc_seq;
	for (int l = 0; l < 32; l++)
		a->addr[l] = ev->mask >> l & 1 ? ev->lane_addr[l] : 0;
	s->acc_valid[sp] = 1;
	s->acc_done[sp] = 0;
}

/* During a P_RUN: does this warp access touch a watched location? Then
 * remember the value before it and stop after it. */
static void watch_check(struct session *s, const struct machine_event *ev)
{
	const struct bpset *set = s->in_run ? s->run_set : s->step_watch ? &s->sets.v[s->step_watch - 1] : NULL;

	if (!set || !set->watches.len || !ev->lane_addr || s->wh.hit)
		return;
	for (size_t i = 0; i < set->watches.len; i++) {
		const struct watch *w = &set->watches.v[i];

		if ((w->kind == SESSION_WATCH_WRITE && !ev->write) ||
		    (w->kind == SESSION_WATCH_READ && ev->write) || (w->slot >= 0 && w->slot != ev->slot) ||
		    (w->warp >= 0 && w->warp != ev->warp))
			continue;
		/* a store: its last lane there writes last (lanes store in order) */
		for (int k = 0; k < 32; k++) {
			int l = ev->write ? 31 - k : k;
			uint64_t a = ev->lane_addr[l];

			if (!(ev->mask >> l & 1) || a + ev->size <= w->addr || a >= w->addr + w->size ||
			    (w->lane >= 0 && l != w->lane))
				continue;
			s->wh.hit = 1;
			s->wh.id = w->id;
			s->wh.slot = ev->slot;
			s->wh.warp = ev->warp;
			s->wh.lane = l;
			s->wh.write = ev->write;
			s->wh.old = 0;
			machine_read(s->m, ev->slot, ev->warp, l, w->addr, &s->wh.old, w->size);
			machine_request_stop(s->m);
			return;
		}
	}
}

const struct session_access *session_access_last(struct session *s, enum session_space sp)
{
	struct session_access *a;

	if ((unsigned)sp >= SESSION_NSPACES || !s->acc_valid[sp])
		return NULL;
	a = &s->acc[sp];
	if (s->acc_done[sp])
		return a;
	s->acc_done[sp] = 1;
	a->line = session_line(s, a->func, a->pc);
	if (sp != SESSION_SHARED) {
		a->sectors = machine_sectors(a->addr, a->mask, a->size);
		return a;
	}
	a->degree = machine_bank_conflicts(a->addr, a->mask, a->size, &a->banks);
	/* the first bank that serves the most words: which two lanes collide */
	snprintf(a->note, sizeof(a->note), "every bank serves one word");
	for (int b = 0; b < 32 && a->degree > 1; b++) {
		int words = 0, l0 = -1, l1 = -1;
		uint64_t w0 = 0;

		for (int l = 0; l < 32; l++) {
			uint64_t w = (a->addr[l] & (((uint64_t)1 << 40) - 1)) / 4;
			int seen = 0;

			if (!(a->mask >> l & 1) || (int)(w % 32) != b)
				continue;
			for (int k = 0; k < l; k++)
				seen |= (a->mask >> k & 1) &&
					(a->addr[k] & (((uint64_t)1 << 40) - 1)) / 4 == w;
			if (seen)
				continue;
			if (!words++) {
				l0 = l;
				w0 = w;
			} else if (l1 < 0 && w != w0) {
				l1 = l;
			}
		}
		if (words == a->degree && l1 >= 0) {
			snprintf(a->note, sizeof(a->note), "lanes %d and %d hit bank %d at different words",
				 l0, l1, b);
			break;
		}
	}
	return a;
}

/* The set whose scopes are checked now: the P_RUN's, or a step's. */
static const struct bpset *scope_set(const struct session *s)
{
	return s->in_run ? s->run_set : s->step_watch ? &s->sets.v[s->step_watch - 1] : NULL;
}

/* EV_INSN: a return of a watched frame (the lane's group runs IR_RET at
 * that frame's depth) stops after it (the return runs, then the machine
 * stops before the next instruction). */
static void scope_check(struct session *s, const struct machine_event *ev)
{
	const struct bpset *set = scope_set(s);
	struct machine_group_info gi;

	if (!set || !set->scopes.len || s->sc.hit || ev->func < 0 || (uint32_t)ev->func >= s->mod->nfuncs ||
	    ev->pc >= s->mod->funcs[ev->func].ncode || s->mod->funcs[ev->func].code[ev->pc].op != IR_RET)
		return;
	for (size_t i = 0; i < set->scopes.len; i++) {
		const struct scope *sc = &set->scopes.v[i];

		if (sc->slot != ev->slot || sc->warp != ev->warp || !(ev->mask >> sc->lane & 1) ||
		    machine_lane(s->m, sc->slot, sc->warp, sc->lane, &gi) < 0 || gi.depth != sc->depth)
			continue;
		s->sc.hit = 1;
		s->sc.id = sc->id;
		s->sc.slot = sc->slot;
		s->sc.warp = sc->warp;
		s->sc.lane = sc->lane;
		s->sc.func = ev->func;
		/* a run stops right after the return (its replay too: the set
		 * holds the scope); a step ends where it ends and is checked
		 * after it (a request there would not be replayed) */
		if (s->in_run)
			machine_request_stop(s->m);
		return;
	}
}

static void on_scope(void *ctx, const struct machine_event *ev)
{
	scope_check(ctx, ev);
}

static void on_event(void *ctx, const struct machine_event *ev)
{
	struct session *s = ctx;

	switch (ev->kind) {
	case EV_MEM:
		access_keep(s, ev);
		if (s->in_run || s->step_watch)
			watch_check(s, ev);
		break;
	case EV_INSN:
		if (!s->fine_id)
			note_ran(s, ev);
		break;
	case EV_BARRIER:
		s->barriers++;
		break;
	case EV_KERNEL_END:
		s->kernel_ends++;
		if (s->in_run && s->run_set && s->run_set->kernel_end)
			machine_request_stop(s->m);
		break;
	case EV_BRKPT:
		if (!s->brk.hit) {
			s->brk.hit = 1;
			s->brk.slot = ev->slot;
			s->brk.warp = ev->warp;
			s->brk.mask = ev->mask;
			s->brk.line = session_line(s, ev->func, ev->pc);
		}
		if (s->in_run)
			machine_request_stop(s->m);
		break;
	default:
		break;
	}
	forward(s, ev, 0);
}

static void on_fine(void *ctx, const struct machine_event *ev)
{
	struct session *s = ctx;

	note_ran(s, ev);
	if (s->step_watch)
		scope_check(s, ev);
	forward(s, ev, 1);
}

static unsigned base_kinds(const struct session *s)
{
	unsigned k = 1u << EV_BARRIER | 1u << EV_KERNEL_END | 1u << EV_FINDING | 1u << EV_BRKPT |
		     1u << EV_MEM;

	for (size_t i = 0; i < s->obs.len; i++)
		k |= s->obs.v[i].kinds & (s->obs.v[i].always ? ~0u : ~(1u << EV_INSN));
	return k;
}

static void fine_on(struct session *s)
{
	if (!s->fine_id)
		s->fine_id = machine_observe(s->m, 1u << EV_INSN, on_fine, s);
}

static void fine_off(struct session *s)
{
	if (s->fine_id)
		machine_unobserve(s->m, s->fine_id);
	s->fine_id = 0;
}

static void observers_attach(struct session *s)
{
	if (s->main_id)
		machine_unobserve(s->m, s->main_id);
	s->main_id = machine_observe(s->m, base_kinds(s), on_event, s);
}

/* Stops at findings: the session listens to the machine's CEV_FINDING
 * through the checker interface (check.h), as the checkers do. */
static void on_finding(void *self, const struct check_event *e)
{
	struct session *s = self;
	const struct finding_kind_info *k = finding_kind_info(e->arg);

	if (finding_wanted(s->in_run ? s->run_set : NULL, k ? k->name : "")) {
		s->found = 1;
		if (s->in_run)
			machine_request_stop(s->m);
	}
}

static const struct checker finding_stops = {
	.name = "session-stops",
	.what = "the debugger's stops at findings",
	.events = CEV_BIT(CEV_FINDING),
	.always = 1,
	.event = on_finding,
};

/* ---- the machine and the log */

static void machine_build(struct session *s)
{
	if (s->m)
		machine_free(s->m);
	if (s->on_build)
		s->on_build(s->build_ctx, &s->mo);
	s->m = machine_new(s->mod, &s->mo);
	machine_add_checker(s->m, &finding_stops, s);
	s->fine_id = 0;
	s->applied = -1;
	s->main_id = 0;
	observers_attach(s);
	fine_on(s);
	if (s->has_main)
		machine_start(s->m, s->argc, s->argv);
	s->ran = 0;
	s->brk.hit = 0;
	s->found = 0;
	memset(s->acc_valid, 0, sizeof(s->acc_valid));
}

/* Mark set k's lines in the code (-1: none). */
static void apply_set(struct session *s, int k)
{
	const struct bpset *old = s->applied >= 0 ? &s->sets.v[s->applied] : NULL;
	const struct bpset *set = k >= 0 ? &s->sets.v[k] : NULL;

	if (s->applied == k)
		return;
	for (size_t i = 0; old && i < old->lines.len; i++)
		machine_break_line(s->m, old->lines.v[i].file, (uint32_t)old->lines.v[i].line, 0);
	for (size_t i = 0; set && i < set->lines.len; i++)
		machine_break_line(s->m, set->lines.v[i].file, (uint32_t)set->lines.v[i].line, 1);
	s->applied = k;
}

static int set_current(struct session *s, int finding_step, int kernel_end);

/* The breakpoint set a step runs with: none (-1), or with step stops (the
 * Lua API) the lines continue would stop at. */
static int step_set(struct session *s)
{
	return s->step_stops && s->bps.len ? set_current(s, 0, 0) : -1;
}

/* Mark set k for a step; the group a breakpoint stopped passes it once. */
static void step_apply(struct session *s, int k)
{
	apply_set(s, k);
	if (k >= 0)
		machine_break_settle(s->m);
}

/* A cut-short P_RUN: stop once the machine has run s->upto steps. */
static void on_upto(void *ctx, const struct machine_event *ev)
{
	struct session *s = ctx;

	(void)ev;
	if (machine_steps(s->m) + 1 >= s->upto)
		machine_request_stop(s->m);
}

/* Apply one assignment (P_SET). */
static int assign_exec(struct session *s, const struct assign *a)
{
	if (a->reg >= 0)
		return machine_lane_set_reg(s->m, a->slot, a->warp, a->lane, a->up, a->reg, a->bits);
	return machine_lane_write(s->m, a->slot, a->warp, a->lane, a->addr, &a->bits, a->size);
}

static int prim_exec(struct session *s, int kind, int slot, int warp, int set, uint64_t upto)
{
	if (upto) {
		int id;

		if (machine_steps(s->m) >= upto)
			return 0;
		s->upto = upto;
		id = machine_observe(s->m, 1u << EV_INSN, on_upto, s);
		prim_exec(s, kind, slot, warp, set, 0);
		machine_unobserve(s->m, id);
		s->upto = 0;
		return 0;
	}
	switch (kind) {
	case P_STEP:
		step_apply(s, set);
		machine_step(s->m);
		return 0;
	case P_WARP:
		step_apply(s, set);
		return machine_step_warp(s->m, slot, warp);
	case P_BARRIER:
		apply_set(s, -1);
		return machine_run_to_barrier(s->m);
	case P_SET:
		return assign_exec(s, &s->assigns.v[set]);
	default: {
		int sid = 0;

		apply_set(s, slot);
		fine_off(s);
		s->in_run = 1;
		s->wh.hit = 0;
		s->sc.hit = 0;
		s->run_set = &s->sets.v[slot];
		if (s->run_set->scopes.len) /* frames whose return stops: watch the returns */
			sid = machine_observe(s->m, 1u << EV_INSN, on_scope, s);
		machine_break_settle(s->m);
		machine_run(s->m, (uint64_t)warp);
		if (sid)
			machine_unobserve(s->m, sid);
		s->in_run = 0;
		fine_on(s);
		return 0;
	}
	}
}

/* ---- places in the log, checkpoints */

static int lpos_le(struct lpos a, struct lpos b)
{
	return a.i < b.i || (a.i == b.i && a.k <= b.k);
}

static struct lpos log_end(const struct session *s)
{
	struct lpos p = { 0, 0 };

	if (s->log.len) {
		p.i = s->log.len - 1;
		p.k = s->log.v[p.i].n;
	}
	return p;
}

static struct lpos mark_pos(const struct mark *mk)
{
	struct lpos p = { 0, 0 };

	if (mk->len) {
		p.i = mk->len - 1;
		p.k = mk->last_n;
	}
	return p;
}

static void ckpt_drop(struct session *s, size_t i)
{
	s->ck_bytes -= s->ckpts.v[i].bytes;
	machine_free(s->ckpts.v[i].m);
	memmove(&s->ckpts.v[i], &s->ckpts.v[i + 1], (s->ckpts.len - i - 1) * sizeof(s->ckpts.v[0]));
	s->ckpts.len--;
}

static void ckpts_clear(struct session *s)
{
	while (s->ckpts.len)
		ckpt_drop(s, s->ckpts.len - 1);
	s->ck_every = s->ck_base;
	s->ck_next = (s->m ? machine_steps(s->m) : 0) + s->ck_base;
}

/* The log ends at p from now on: the marks and checkpoints past it go. */
static void log_cut(struct session *s, struct lpos p)
{
	if (p.i < s->log.len) {
		s->log.len = p.k ? p.i + 1 : p.i;
		if (p.k)
			s->log.v[p.i].n = p.k;
	}
	while (s->marks.len && !lpos_le(mark_pos(&s->marks.v[s->marks.len - 1]), p))
		s->marks.len--;
	while (s->ckpts.len && !lpos_le(s->ckpts.v[s->ckpts.len - 1].at, p))
		ckpt_drop(s, s->ckpts.len - 1);
}

/* Copy the machine at the end of the log. Past the memory cap, every other
 * checkpoint but the newest goes and the interval doubles: they stay spread
 * over the whole run, at most about twice the interval apart. */
static void ckpt_take(struct session *s)
{
	struct ckpt c;
	uint64_t every;

	memset(&c, 0, sizeof(c));
	c.steps = machine_steps(s->m);
	c.bytes = machine_clone_bytes(s->m);
	/* copying costs time in proportion to the state: copy big machines
	 * less often (about 1 byte per 4 steps run) */
	every = c.bytes / 4 > s->ck_every && !s->ck_fixed ? c.bytes / 4 : s->ck_every;
	if (!s->ck_cap || c.bytes > s->ck_cap || !machine_can_clone(s->m) || !(c.m = machine_clone(s->m))) {
		s->ck_next = c.steps + every;
		return;
	}
	c.at = log_end(s);
	c.applied = s->applied;
	memcpy(c.acc, s->acc, sizeof(c.acc));
	memcpy(c.acc_valid, s->acc_valid, sizeof(c.acc_valid));
	memcpy(c.acc_done, s->acc_done, sizeof(c.acc_done));
	c.acc_seq = s->acc_seq;
	vec_push(&s->ckpts, c);
	s->ck_bytes += c.bytes;
	while (s->ck_bytes > s->ck_cap && s->ckpts.len > 1) {
		for (size_t i = 1; i + 1 < s->ckpts.len; i++)
			ckpt_drop(s, i);
		if (s->ckpts.len == 2 && s->ck_bytes > s->ck_cap)
			ckpt_drop(s, 0);
		s->ck_every *= 2;
	}
	s->ck_next = c.steps + every;
}

/* Every change of the machine: run it and log it. */
static int prim(struct session *s, int kind, int slot, int warp)
{
	struct logent *l;

	int set = kind == P_STEP || kind == P_WARP ? step_set(s) : -1;

	if (!running(s) || prim_exec(s, kind, slot, warp, set, 0) < 0)
		return -1;
	if (!s->reversible)
		return 0;
	l = s->log.len ? &s->log.v[s->log.len - 1] : NULL;
	if (l && l->kind == kind && l->slot == slot && l->warp == warp && l->set == set && !l->upto)
		l->n++;
	else
		vec_push(&s->log, ((struct logent){ kind, slot, warp, set, 1, 0 }));
	if (!s->replaying && s->ck_cap && machine_steps(s->m) >= s->ck_next && running(s))
		ckpt_take(s);
	return 0;
}

/* Start a replay from checkpoint k (-1: a new machine at step 0): where in
 * the log it stands. */
static struct lpos replay_start(struct session *s, int k)
{
	const struct ckpt *c;
	struct lpos zero = { 0, 0 };

	s->replaying = 1;
	if (k < 0) {
		machine_build(s);
		return zero;
	}
	c = &s->ckpts.v[k];
	if (s->m)
		machine_free(s->m);
	if (s->on_build)
		s->on_build(s->build_ctx, &s->mo);
	s->m = machine_clone(c->m);
	machine_add_checker(s->m, &finding_stops, s);
	machine_set_output(s->m, s->mo.out, s->mo.err);
	s->fine_id = 0;
	s->main_id = 0;
	s->applied = c->applied;
	observers_attach(s);
	fine_on(s);
	s->ran = 0;
	s->brk.hit = 0;
	s->found = 0;
	memcpy(s->acc, c->acc, sizeof(s->acc));
	memcpy(s->acc_valid, c->acc_valid, sizeof(s->acc_valid));
	memcpy(s->acc_done, c->acc_done, sizeof(s->acc_done));
	s->acc_seq = c->acc_seq;
	return c->at;
}

/* The newest checkpoint at or before p, -1: none. */
static int ckpt_before(const struct session *s, struct lpos p)
{
	for (size_t i = s->ckpts.len; i-- > 0;)
		if (lpos_le(s->ckpts.v[i].at, p))
			return (int)i;
	return -1;
}

/* Replay the log from `from` to `to`; total is the machine step `to` stands
 * at (0: unknown). Polls between chunks: an interrupt cuts the log where the
 * replay got to (and the marks past it); returns 1 then. */
static int replay_run(struct session *s, struct lpos from, struct lpos to, uint64_t total)
{
	uint64_t n = 0;

	for (size_t i = from.i; i < s->log.len && i <= to.i; i++) {
		uint64_t end = i == to.i ? to.k : s->log.v[i].n;

		for (uint64_t k = i == from.i ? from.k : 0; k < end; k++) {
			uint64_t before = machine_steps(s->m);
			const struct logent *l = &s->log.v[i];

			s->cur.i = i;
			s->cur.k = k;
			prim_exec(s, l->kind, l->slot, l->warp, l->set, l->upto);
			n += machine_steps(s->m) > before ? machine_steps(s->m) - before : 1;
			if (n < CHUNK || !s->poll)
				continue;
			n = 0;
			if (!s->poll(s->poll_ctx, machine_steps(s->m), total ? total : machine_steps(s->m)))
				continue;
			/* interrupted: the log ends here */
			log_cut(s, (struct lpos){ i, k + 1 });
			return 1;
		}
	}
	return 0;
}

static void replay_done(struct session *s)
{
	s->ck_next = (s->ckpts.len ? s->ckpts.v[s->ckpts.len - 1].steps : 0) + s->ck_every;
	apply_set(s, -1);
	s->replaying = 0;
	s->found = 0;
	s->brk.hit = 0;
	s->sc.hit = 0;
}

/* Bring the machine to log place `to` (the log is cut there) from the
 * nearest checkpoint before it. 1: interrupted (see replay_run). */
static int replay(struct session *s, struct lpos to, uint64_t total)
{
	int cut;

	log_cut(s, to);
	cut = replay_run(s, replay_start(s, ckpt_before(s, to)), to, total);
	replay_done(s);
	return cut;
}

static void mark_push(struct session *s)
{
	struct mark mk = { s->log.len, s->log.len ? s->log.v[s->log.len - 1].n : 0,
			   machine_steps(s->m) };

	if (s->reversible)
		vec_push(&s->marks, mk);
	s->found = 0;
	s->brk.hit = 0;
	s->nfind0 = machine_nfindings(s->m);
	s->start_steps = machine_steps(s->m);
}

/* A command that changed nothing leaves no mark for reverse execution. */
static void mark_settle(struct session *s)
{
	struct mark *mk = s->marks.len ? &s->marks.v[s->marks.len - 1] : NULL;

	if (mk && mk->len == s->log.len && (!mk->len || s->log.v[mk->len - 1].n == mk->last_n))
		s->marks.len--;
}

/* ---- lifecycle */

struct session *session_new(const struct ir_module *mod, const struct srcmgr *sm,
			    const struct machine_opts *mo, int reversible)
{
	struct session *s = xcalloc(1, sizeof(*s));

	s->mod = mod;
	s->sm = sm;
	s->main_file = 1;
	s->mo = *mo;
	s->reversible = reversible;
	s->ck_cap = reversible ? CKPT_MEMORY : 0;
	s->ck_every = s->ck_base = CKPT_EVERY;
	s->ck_next = CKPT_EVERY;
	s->next_bp = 1;
	s->applied = -1;
	s->fret.depth = -1;
	machine_build(s);
	return s;
}

void session_set_build(struct session *s, void (*fn)(void *ctx, struct machine_opts *mo), void *ctx)
{
	s->on_build = fn;
	s->build_ctx = ctx;
}

static void set_free(struct bpset *b)
{
	vec_free(&b->watches);
	vec_free(&b->scopes);
	for (size_t i = 0; i < b->kinds.len; i++)
		free(b->kinds.v[i]);
	vec_free(&b->kinds);
	vec_free(&b->lines);
}

void session_free(struct session *s)
{
	if (!s)
		return;
	if (s->m)
		machine_free(s->m);
	s->m = NULL;
	for (int i = 0; i < s->argc; i++)
		free(s->argv[i]);
	free(s->argv);
	for (size_t i = 0; i < s->bps.len; i++) {
		free(s->bps.v[i].func);
		free(s->bps.v[i].cond);
	}
	vec_free(&s->bps);
	for (size_t i = 0; i < s->sets.len; i++)
		set_free(&s->sets.v[i]);
	vec_free(&s->sets);
	ckpts_clear(s);
	vec_free(&s->ckpts);
	vec_free(&s->log);
	vec_free(&s->marks);
	vec_free(&s->obs);
	vec_free(&s->conv);
	vec_free(&s->hist);
	for (size_t i = 0; i < s->hist_data.len; i++)
		free(s->hist_data.v[i]);
	vec_free(&s->hist_data);
	vec_free(&s->assigns);
	free(s);
}

void session_release_machine(struct session *s)
{
	if (s->m)
		machine_free(s->m);
	s->m = NULL;
	ckpts_clear(s); /* copies of it: they use the module too */
}

struct machine *session_machine(const struct session *s)
{
	return s->m;
}

const struct ir_module *session_module(const struct session *s)
{
	return s->mod;
}

const struct srcmgr *session_sources(const struct session *s)
{
	return s->sm;
}

int session_start_main(struct session *s, int argc, char **argv)
{
	if (s->mod->main_func < 0)
		return -1;
	ckpts_clear(s); /* copies of a machine that used the old argv */
	for (int i = 0; i < s->argc; i++)
		free(s->argv[i]);
	free(s->argv);
	s->argc = argc;
	s->argv = xcalloc((size_t)argc + 1, sizeof(char *));
	for (int i = 0; i < argc; i++)
		s->argv[i] = xstrdup(argv[i]);
	s->has_main = 1;
	return machine_start(s->m, s->argc, s->argv);
}

void session_set_opts(struct session *s, const struct machine_opts *mo)
{
	uint64_t target = machine_steps(s->m);
	FILE *out = s->mo.out, *err = s->mo.err;

	s->mo = *mo;
	s->mo.out = out;
	s->mo.err = err;
	s->log.len = 0;
	s->marks.len = 0;
	ckpts_clear(s);
	replay_start(s, -1);
	replay_done(s);
	s->replaying = 1; /* catching up: its events were seen already */
	while (machine_steps(s->m) < target && running(s))
		prim(s, P_STEP, 0, 0);
	s->replaying = 0;
}

const struct machine_opts *session_opts(const struct session *s)
{
	return &s->mo;
}

void session_set_poll(struct session *s, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
		      void *ctx)
{
	s->poll = poll;
	s->poll_ctx = ctx;
}

void session_set_limit(struct session *s, uint64_t steps)
{
	s->limit = steps;
}

void session_set_step_stops(struct session *s, int on)
{
	s->step_stops = on;
}

int session_observe(struct session *s, unsigned kinds, int always, machine_observer_fn fn, void *ctx)
{
	struct sobs o = { kinds, always, fn, ctx };

	vec_push(&s->obs, o);
	observers_attach(s); /* one registration: on_event dispatches */
	return (int)s->obs.len;
}

void session_set_checkpoints(struct session *s, uint64_t bytes, uint64_t every)
{
	if (!s->reversible)
		return;
	s->ck_cap = bytes;
	s->ck_base = every ? every : CKPT_EVERY;
	s->ck_fixed = every != 0;
	ckpts_clear(s);
}

size_t session_checkpoints(const struct session *s)
{
	return s->ckpts.len;
}

int session_replaying(const struct session *s)
{
	return s->replaying;
}

size_t session_marks(const struct session *s)
{
	return s->marks.len;
}

void session_set_main_file(struct session *s, uint32_t file)
{
	s->main_file = file ? file : 1;
}

void session_eval_ctx(const struct session *s, int slot, int warp, int lane, struct eval_ctx *c)
{
	struct machine_kernel_info k;
	struct machine_block_info b;
	int t = warp * 32 + lane;

	memset(c, 0, sizeof(*c));
	c->m = s->m;
	c->mod = s->mod;
	c->slot = slot;
	c->warp = warp;
	c->lane = lane;
	c->conv = s->conv.v;
	c->nconv = s->conv.len;
	c->hist = s->hist.v;
	c->nhist = s->hist.len;
	if (slot >= 0 && kernel_active(s, &k) && machine_block(s->m, slot, &b) == 0) {
		memcpy(c->ctaid, b.idx, sizeof(c->ctaid));
		memcpy(c->ntid, k.block, sizeof(c->ntid));
		memcpy(c->nctaid, k.grid, sizeof(c->nctaid));
		c->tid[0] = (uint32_t)t % k.block[0];
		c->tid[1] = (uint32_t)t / k.block[0] % k.block[1];
		c->tid[2] = (uint32_t)t / (k.block[0] * k.block[1]);
	}
}

/* ---- breakpoints */

static struct sbp *bp_by_id(struct session *s, int id)
{
	for (size_t i = 0; i < s->bps.len; i++)
		if (s->bps.v[i].pub.id == id)
			return &s->bps.v[i];
	return NULL;
}

static int file_line_has_code(const struct session *s, uint32_t file, int line)
{
	for (uint32_t f = 0; f < s->mod->nfuncs; f++) {
		const struct ir_func *fn = &s->mod->funcs[f];

		for (uint32_t i = 0; i < fn->ncode; i++) {
			const struct ir_insn *in = &fn->code[i];
			struct span sp = in->stmt >= 0 && (uint32_t)in->stmt < fn->nstmts
					 ? fn->stmts[in->stmt].span : in->span;

			if (sp.file == file && (int)sp.line == line)
				return 1;
		}
	}
	return 0;
}

int session_line_has_code(const struct session *s, int line)
{
	return file_line_has_code(s, s->main_file, line);
}

static int bp_add(struct session *s, enum session_bp_kind kind, uint32_t file, int line,
		  const char *func, const char *cond, int temporary)
{
	struct sbp b;

	memset(&b, 0, sizeof(b));
	b.pub.id = s->next_bp++;
	b.pub.kind = kind;
	b.pub.file = file;
	b.pub.line = line;
	b.pub.enabled = 1;
	b.pub.temporary = temporary;
	b.func = func ? xstrdup(func) : NULL;
	b.cond = cond ? xstrdup(cond) : NULL;
	vec_push(&s->bps, b);
	return b.pub.id;
}

int session_break_line(struct session *s, uint32_t file, int line, const char *cond, int temporary,
		       struct strbuf *msg)
{
	if (!file)
		file = s->main_file;
	if (line <= 0 || !file_line_has_code(s, file, line)) {
		strbuf_addf(msg, "no code at line %d (pick a line with a statement)", line);
		return -1;
	}
	return bp_add(s, SBP_LINE, file, line, NULL, cond, temporary);
}

int session_break_func(struct session *s, const char *name, const char *cond, int temporary,
		       struct strbuf *msg)
{
	int f = machine_find_function(s->m, name);
	const struct ir_func *fn;

	if (f < 0) {
		strbuf_addf(msg, "no function '%s' in the program", name);
		return -1;
	}
	fn = &s->mod->funcs[f];
	/* its first statement past the prologue (the parameters) */
	for (uint32_t i = 0; i < fn->ncode; i++) {
		const struct ir_insn *in = &fn->code[i];
		struct span sp;

		if (in->stmt < 0 || (uint32_t)in->stmt >= fn->nstmts)
			continue;
		sp = fn->stmts[in->stmt].span;
		if (sp.line && sp.line != fn->span.line)
			return bp_add(s, SBP_FUNC, sp.file, (int)sp.line, name, cond, temporary);
	}
	if (!file_line_has_code(s, fn->span.file, (int)fn->span.line)) {
		strbuf_addf(msg, "function '%s' has no statement to stop at", name);
		return -1;
	}
	return bp_add(s, SBP_FUNC, fn->span.file, (int)fn->span.line, name, cond, temporary);
}

int session_break_finding(struct session *s, const char *kind, struct strbuf *msg)
{
	/* a kind (check/findings.def), or a part of one: "race", "oob" */
	int known = !kind;
	const char *k;

	for (size_t i = 0; !known && (k = machine_finding_kind(i)); i++)
		known = strstr(k, kind) != NULL;
	if (!known) {
		strbuf_addf(msg, "no finding kind '%s' (e.g. shared-race, oob-global-read, "
			    "deadlock, race, oob)", kind);
		return -1;
	}
	return bp_add(s, SBP_FINDING, 0, 0, NULL, kind, 0);
}

static uint8_t *barrier_lines(const struct session *s, int *maxl);
static void barrier_lines_text(const struct session *s, const uint8_t *has, int maxl, int first, int n,
			       int had, struct strbuf *msg);

int session_break_barriers(struct session *s, struct strbuf *msg)
{
	int first = -1, maxl = 0, n = 0, had = 0;
	uint8_t *has = barrier_lines(s, &maxl);

	for (int line = 1; line <= maxl; line++) {
		if (!has[line])
			continue;
		if (session_break_find(s, s->main_file, line) >= 0) {
			had++;
			continue;
		}
		if (first < 0)
			first = bp_add(s, SBP_LINE, s->main_file, line, NULL, NULL, 0);
		else
			bp_add(s, SBP_LINE, s->main_file, line, NULL, NULL, 0);
		n++;
	}
	barrier_lines_text(s, has, maxl, first, n, had, msg);
	free(has);
	return first >= 0 ? first : had ? 0 : -1;
}

int session_watch(struct session *s, uint64_t addr, uint32_t size, enum session_watch kind, int slot,
		  const char *what, struct strbuf *msg)
{
	uint8_t probe[8];
	int id;

	if (size < 1 || size > 8) {
		strbuf_addf(msg, "cannot watch %u bytes (1 to 8)", size);
		return -1;
	}
	if (machine_read(s->m, slot < 0 ? -1 : slot, 0, 0, addr, probe, size) < 0 &&
	    machine_peek(s->m, addr, probe, size) < 0) {
		strbuf_addf(msg, "cannot watch 0x%llx: no memory there", (unsigned long long)addr);
		return -1;
	}
	id = bp_add(s, SBP_WATCH, 0, 0, NULL, what, 0);
	s->bps.v[s->bps.len - 1].pub.warp = -1;
	s->bps.v[s->bps.len - 1].pub.lane = -1;
	s->bps.v[s->bps.len - 1].pub.scope_depth = -1;
	s->bps.v[s->bps.len - 1].pub.addr = addr;
	s->bps.v[s->bps.len - 1].pub.size = size;
	s->bps.v[s->bps.len - 1].pub.watch = kind;
	s->bps.v[s->bps.len - 1].pub.slot = slot;
	return id;
}

int session_break_delete(struct session *s, int id)
{
	size_t j = 0;
	int found = 0;

	for (size_t i = 0; i < s->bps.len; i++) {
		if (!id || s->bps.v[i].pub.id == id) {
			free(s->bps.v[i].cond);
			free(s->bps.v[i].func);
			found = 1;
			continue;
		}
		s->bps.v[j++] = s->bps.v[i];
	}
	s->bps.len = j;
	return id && !found ? -1 : 0;
}

int session_break_enable(struct session *s, int id, int on)
{
	struct sbp *b = bp_by_id(s, id);

	if (!b)
		return -1;
	b->pub.enabled = on;
	return 0;
}

int session_break_enable_count(struct session *s, int id, uint64_t count)
{
	struct sbp *b = bp_by_id(s, id);

	if (!b || !count)
		return -1;
	b->pub.enabled = 1;
	b->pub.disp_disable = 1;
	b->pub.enable_count = count;
	b->pub.temporary = 0;
	return 0;
}

int session_break_enable_delete(struct session *s, int id)
{
	struct sbp *b = bp_by_id(s, id);

	if (!b)
		return -1;
	b->pub.enabled = 1;
	b->pub.disp_disable = 0;
	b->pub.enable_count = 0;
	b->pub.temporary = 1;
	return 0;
}

int session_break_find(const struct session *s, uint32_t file, int line)
{
	if (!file)
		file = s->main_file;
	for (size_t i = 0; i < s->bps.len; i++)
		if (s->bps.v[i].pub.kind == SBP_LINE && s->bps.v[i].pub.file == file &&
		    s->bps.v[i].pub.line == line)
			return s->bps.v[i].pub.id;
	return -1;
}

size_t session_break_count(const struct session *s)
{
	return s->bps.len;
}

const struct session_bp *session_break_get(const struct session *s, size_t i)
{
	struct sbp *b;

	if (i >= s->bps.len)
		return NULL;
	b = &s->bps.v[i];
	b->pub.func = b->func;
	b->pub.cond = b->cond;
	return &b->pub;
}

void session_break_copy(struct session *to, const struct session *from)
{
	for (size_t i = 0; i < from->bps.len; i++) {
		struct sbp b = from->bps.v[i];

		if (b.pub.kind == SBP_WATCH)
			continue; /* its address means nothing in the new program */
		if (b.pub.file == from->main_file)
			b.pub.file = to->main_file;
		b.func = b.func ? xstrdup(b.func) : NULL;
		b.cond = b.cond ? xstrdup(b.cond) : NULL;
		vec_push(&to->bps, b);
	}
	if (from->next_bp > to->next_bp)
		to->next_bp = from->next_bp;
	session_break_prune(to);
}

void session_break_prune(struct session *s)
{
	size_t j = 0;

	for (size_t i = 0; i < s->bps.len; i++) {
		struct sbp *b = &s->bps.v[i];

		if (b->pub.kind != SBP_FINDING && !file_line_has_code(s, b->pub.file, b->pub.line)) {
			free(b->cond);
			free(b->func);
			continue;
		}
		s->bps.v[j++] = *b;
	}
	s->bps.len = j;
}

/* The set a continue runs with now (saved once per distinct set). */
static int set_current(struct session *s, int finding_step, int kernel_end)
{
	struct bpset cur;
	int any = 0;

	memset(&cur, 0, sizeof(cur));
	for (size_t i = 0; i < s->bps.len; i++) {
		const struct sbp *b = &s->bps.v[i];

		if (b->pub.kind == SBP_FINDING) {
			any = 1;
			if (b->pub.enabled)
				vec_push(&cur.kinds, xstrdup(b->cond ? b->cond : ""));
			continue;
		}
		if (b->pub.kind == SBP_WATCH) {
			if (b->pub.enabled && !finding_step)
				vec_push(&cur.watches, ((struct watch){ b->pub.id, b->pub.watch, b->pub.slot,
									b->pub.addr, b->pub.size,
									b->pub.warp, b->pub.lane }));
			if (b->pub.enabled && !finding_step && b->pub.scope_depth >= 0)
				vec_push(&cur.scopes, ((struct scope){ b->pub.id, b->pub.slot, b->pub.warp,
								       b->pub.lane, b->pub.scope_depth }));
			continue;
		}
		if (!b->pub.enabled || finding_step)
			continue;
		int dup = 0;
		for (size_t k = 0; k < cur.lines.len; k++)
			dup |= cur.lines.v[k].file == b->pub.file && cur.lines.v[k].line == b->pub.line;
		if (!dup)
			vec_push(&cur.lines, ((struct fileline){ b->pub.file, b->pub.line }));
	}
	if (s->fret.depth >= 0 && !finding_step)
		vec_push(&cur.scopes, s->fret);
	cur.any_finding = !any || finding_step;
	cur.kernel_end = kernel_end;
	if (s->sets.len) {
		const struct bpset *last = &s->sets.v[s->sets.len - 1];
		int same = last->any_finding == cur.any_finding && last->kernel_end == cur.kernel_end &&
			   last->lines.len == cur.lines.len &&
			   last->kinds.len == cur.kinds.len && last->watches.len == cur.watches.len &&
			   last->scopes.len == cur.scopes.len;

		for (size_t k = 0; same && k < cur.scopes.len; k++)
			same = !memcmp(&last->scopes.v[k], &cur.scopes.v[k], sizeof(struct scope));
		for (size_t k = 0; same && k < cur.watches.len; k++)
			same = !memcmp(&last->watches.v[k], &cur.watches.v[k], sizeof(struct watch));
		for (size_t k = 0; same && k < cur.lines.len; k++)
			same = last->lines.v[k].file == cur.lines.v[k].file &&
			       last->lines.v[k].line == cur.lines.v[k].line;
		for (size_t k = 0; same && k < cur.kinds.len; k++)
			same = !strcmp(last->kinds.v[k], cur.kinds.v[k]);
		if (same) {
			set_free(&cur);
			return (int)s->sets.len - 1;
		}
	}
	vec_push(&s->sets, cur);
	return (int)s->sets.len - 1;
}

/* The engine stopped at a marked statement: which breakpoint (a condition
 * true in some lane of the group), or NULL to run on. */
static struct sbp *bp_match(struct session *s, const struct machine_break_info *bi, int *lane)
{
	const struct ir_func *fn = &s->mod->funcs[bi->func];
	const struct ir_insn *in = &fn->code[bi->pc];
	struct span sp = in->stmt >= 0 && (uint32_t)in->stmt < fn->nstmts ? fn->stmts[in->stmt].span : in->span;

	for (size_t i = 0; i < s->bps.len; i++) {
		struct sbp *b = &s->bps.v[i];

		if (b->pub.kind == SBP_FINDING || b->pub.kind == SBP_WATCH || !b->pub.enabled ||
		    b->pub.file != sp.file ||
		    b->pub.line != (int)sp.line)
			continue;
		for (int l = 0; l < 32; l++) {
			struct eval_ctx c;
			struct eval_val v;
			struct strbuf err;
			int hit;

			if (!(bi->mask >> l & 1))
				continue;
			if (!b->cond) {
				hit = 1;
			} else {
				session_eval_ctx(s, bi->slot, bi->warp, l, &c);
				strbuf_init(&err);
				hit = eval_expr(&c, b->cond, &v, &err) == 0 && (v.isf ? v.f != 0 : v.i != 0);
				strbuf_release(&err);
			}
			if (hit && b->pub.ignore) { /* gdb's ignore count: a hit that passes */
				b->pub.ignore--;
				b->pub.hits++;
				break;
			}
			if (hit) {
				*lane = l;
				return b;
			}
		}
	}
	return NULL;
}

/* ---- stepping */

/* A breakpoint or watchpoint stops: count the hit; gdb's `enable once` and
 * `enable count` disable it when their hits run out (a temporary one is
 * deleted by the caller, after the stop's text). */
static void bp_hit(struct sbp *b)
{
	b->pub.hits++;
	if (b->pub.disp_disable && b->pub.enable_count && !--b->pub.enable_count)
		b->pub.enabled = 0;
}

/* "breakpoint 1, line 13: block (0,0,0) warp 0, lanes 0xaaaaaaaa": which
 * breakpoint, and the group that stopped there (docs/debugging.md). */
static void bp_text(struct session *s, const struct sbp *b, const struct machine_break_info *bi)
{
	struct machine_block_info blk;
	char where[96];

	if (bi->slot < 0)
		snprintf(where, sizeof(where), "host");
	else if (machine_block(s->m, bi->slot, &blk) == 0)
		snprintf(where, sizeof(where), "block (%u,%u,%u) warp %d, lanes 0x%08x", blk.idx[0],
			 blk.idx[1], blk.idx[2], bi->warp, bi->mask);
	else
		snprintf(where, sizeof(where), "warp %d, lanes 0x%08x", bi->warp, bi->mask);
	stop_text(s, SESSION_BREAKPOINT, "%sbreakpoint %d, line %d: %s%s%s", b->pub.temporary ? "temporary " : "",
		  b->pub.id, b->pub.line, where, b->cond ? " if " : "", b->cond ? b->cond : "");
}

static int64_t sext_bytes(uint64_t v, uint32_t size)
{
	if (size >= 8)
		return (int64_t)v;
	v &= ((uint64_t)1 << (size * 8)) - 1;
	if (v >> (size * 8 - 1) & 1)
		v |= ~(((uint64_t)1 << (size * 8)) - 1);
	return (int64_t)v;
}

static int interrupted(struct session *s, uint64_t n)
{
	if (s->limit && machine_steps(s->m) - s->start_steps >= s->limit) {
		stop_text(s, SESSION_LIMIT, "stopped after %llu steps (the step limit)",
			  (unsigned long long)(machine_steps(s->m) - s->start_steps));
		return 1;
	}
	if (n % CHUNK || !s->poll || !s->poll(s->poll_ctx, machine_steps(s->m), 0))
		return 0;
	stop_text(s, SESSION_INTERRUPTED, "interrupted (Ctrl-C) after %llu steps",
		  (unsigned long long)machine_steps(s->m));
	return 1;
}

/* A __brkpt() ran (with opts.debugger): stop there, on its thread. */
static int brkpt_stop(struct session *s)
{
	if (!s->brk.hit)
		return 0;
	if (s->brk.slot >= 0)
		stop_at(s, s->brk.slot, s->brk.warp, s->brk.mask ? __builtin_ctz(s->brk.mask) : 0);
	stop_text(s, SESSION_BRKPT, "__brkpt() at line %d, warp %d (continue goes past it)",
		  s->brk.line, s->brk.warp);
	return 1;
}

static int found_stop(struct session *s, int any)
{
	const struct machine_finding *fd;
	size_t n = machine_nfindings(s->m), idx = n - 1;

	if (!s->found || n <= s->nfind0)
		return 0;
	for (size_t i = n; !any && i-- > s->nfind0;) {
		const struct bpset *set = s->sets.len ? &s->sets.v[s->sets.len - 1] : NULL;

		if (finding_wanted(set, machine_finding_get(s->m, i)->kind)) {
			idx = i;
			break;
		}
	}
	fd = machine_finding_get(s->m, idx);
	s->stop->finding = idx;
	stop_text(s, SESSION_FOUND, "finding: %s at line %u", fd->kind, fd->span.line);
	if (fd->on_device) {
		struct machine_kernel_info k;
		int slot = -1;

		if (kernel_active(s, &k))
			for (int i = 0; i < k.nresident && slot < 0; i++) {
				struct machine_block_info b;

				if (machine_block(s->m, i, &b) == 0 && !memcmp(b.idx, fd->block, sizeof(b.idx)))
					slot = i;
			}
		s->stop->has_thread = 1;
		s->stop->slot = slot;
		s->stop->warp = fd->warp;
		s->stop->lane = fd->lane;
		s->stop->line = (int)fd->span.line;
	}
	return 1;
}

/* Lua's stepping (session_set_step_stops): a new finding, or a group
 * that starts a statement of a breakpoint line (the engine stops it there
 * as continue does: the breakpoint lines are marked during steps too, and
 * the group passes the statement on the next step), stops any step. */
static int watch_stop(struct session *s);

/* A watched frame returned (scope_check): a local watchpoint goes, as
 * gdb's does, or until/advance stops in the caller. The machine stands
 * just past the return, in the caller. */
static int scope_stop(struct session *s)
{
	struct sbp *b = s->sc.id ? bp_by_id(s, s->sc.id) : NULL;
	struct pos p;
	int id = s->sc.id;

	s->sc.hit = 0;
	lane_pos(s, s->sc.slot, s->sc.warp, s->sc.lane, &p);
	if (p.ok)
		stop_at(s, s->sc.slot, s->sc.warp, s->sc.lane);
	if (!id) {
		stop_text(s, SESSION_STEPPED, "Run till exit from %s: back in %s, line %d",
			  func_name(s, s->sc.func), p.ok ? func_name(s, p.func) : "?", p.line);
		return 1;
	}
	if (!b)
		return 0;
	session_break_delete(s, id);
	if (p.ok)
		stop_text(s, SESSION_WATCHED, "Watchpoint %d deleted because the program has left the block "
			  "in which its expression is valid. (%s returned to %s, line %d)", id,
			  func_name(s, s->sc.func), func_name(s, p.func), p.line);
	else
		stop_text(s, SESSION_WATCHED, "Watchpoint %d deleted because the program has left the block "
			  "in which its expression is valid. (warp %d lane %d has exited)", id,
			  s->sc.warp, s->sc.lane);
	s->stop->bp = id;
	return 1;
}

static int step_stop_check(struct session *s)
{
	struct machine_break_info bi;
	struct sbp *b;
	int lane;

	/* a watchpoint stops any step, as in gdb (a write of the same value
	 * does not) */
	if (s->step_watch && s->wh.hit) {
		int st = watch_stop(s);

		s->wh.hit = 0;
		if (st)
			return 1;
	}
	if (s->step_watch && s->sc.hit && scope_stop(s))
		return 1;
	if (!s->step_stops)
		return 0;
	if (machine_nfindings(s->m) > s->nfind0) {
		s->found = 1;
		return found_stop(s, 1);
	}
	if (!machine_break_hit(s->m, &bi) || !(b = bp_match(s, &bi, &lane)))
		return 0;
	bp_hit(b);
	s->stop->bp = b->pub.id;
	stop_at(s, bi.slot, bi.warp, lane);
	s->stop->mask = bi.mask;
	bp_text(s, b, &bi);
	if (b->pub.temporary)
		session_break_delete(s, b->pub.id);
	return 1;
}

/* Every live group of the warp waits (barrier or collective). */
static int warp_blocked(struct session *s, int slot, int warp)
{
	struct machine_warp_info wi;
	struct machine_group_info gi;

	if (machine_warp(s->m, slot, warp, &wi) < 0 || !wi.ngroups)
		return 0;
	for (int g = 0; g < wi.ngroups; g++)
		if (machine_group(s->m, slot, warp, g, &gi) == 0 && gi.state != LS_BARRIER &&
		    gi.state != LS_WARPSYNC)
			return 0;
	return 1;
}

static int warp_live(struct session *s, int slot, int warp)
{
	struct machine_warp_info wi;

	return machine_warp(s->m, slot, warp, &wi) == 0 && wi.live;
}

/* Is p in its function's prologue (the statement that takes the
 * parameters, on the line of the function's name)? */
static int in_prologue(const struct session *s, const struct pos *p)
{
	const struct ir_func *fn = &s->mod->funcs[p->func];

	return fn->ncode && p->stmt == fn->code[0].stmt && p->line == (int)fn->span.line;
}

/* After a step of the warp: has the followed thread reached a stopping
 * point? *lane is the focused lane, followed through divergence (its
 * group may wait while another runs), reconvergence, calls and barriers;
 * -1 follows whichever group of the warp runs (and becomes -1 when the
 * focused lane has exited before the warp). */
static int step_done(struct session *s, enum session_step how, const struct pos before[32], int slot,
		     int warp, int *lane)
{
	struct pos p;
	int l = *lane;

	if (s->ran_slot != slot || s->ran_warp != warp || !s->ran_mask)
		return 0;
	if (l >= 0 && !(s->ran_mask >> l & 1))
		return 0; /* another group of the warp ran: the followed lane has not moved */
	if (l < 0)
		l = __builtin_ctz(s->ran_mask);
	lane_pos(s, slot, warp, l, &p);
	if (!p.ok) {
		if (warp_live(s, slot, warp)) {
			*lane = -1; /* the lane has returned: go on with the warp's other lanes */
			return 0;
		}
		stop_text(s, SESSION_WARP_EXITED, "warp %d has exited", warp);
		return 1;
	}
	if (how == SESSION_INSN) {
		if (p.state == LS_BARRIER || p.state == LS_WARPSYNC) {
			char what[120];

			session_wait_text(s, slot, warp, l, what, sizeof(what));
			stop_text(s, SESSION_WAITS, "warp %d waits at %s", warp, what);
		}
		return 1;
	}
	/* statement and line steps go through barriers and collectives: the
	 * other warps (or lanes) run until the followed lane goes on */
	if (p.state == LS_BARRIER || p.state == LS_WARPSYNC)
		return 0;
	if (how == SESSION_STMT)
		return !before[l].ok || p.func != before[l].func || p.stmt != before[l].stmt ||
		       p.depth != before[l].depth;
	/* like gdb: a line step ends on another line (or another call) */
	if (before[l].ok && p.func == before[l].func && p.line == before[l].line &&
	    p.depth == before[l].depth)
		return 0;
	if (!p.line)
		return 0; /* inside a built-in header: keep going */
	if (before[l].ok && p.depth > before[l].depth && in_prologue(s, &p))
		return 0; /* a call's parameters: on to its first statement, as gdb does */
	if (how == SESSION_OVER && before[l].ok && p.depth > before[l].depth)
		return 0;
	if (how == SESSION_OUT && before[l].ok && p.depth >= before[l].depth)
		return 0;
	if (*lane >= 0)
		stop_at(s, slot, warp, l);
	return 1;
}

static int step_warp_run(struct session *s, enum session_step how, int slot, int warp, int lane,
			 const struct pos before[32], struct strbuf *msg)
{
	struct machine_block_info b0, b1;

	machine_block(s->m, slot, &b0);
	for (uint64_t n = 1; n <= STEP_BUDGET; n++) {
		s->ran_mask = 0;
		if (warp_blocked(s, slot, warp)) {
			/* the others must run before this warp can (one instruction
			 * at a time, so the focused warp stops at its next statement) */
			prim(s, P_STEP, 0, 0);
		} else if (prim(s, P_WARP, slot, warp) < 0) {
			strbuf_addf(msg, "warp %d cannot run", warp);
			return -1;
		}
		if (!kernel_active(s, NULL) || !running(s))
			return 0;
		if (machine_block(s->m, slot, &b1) < 0 || memcmp(b0.idx, b1.idx, sizeof(b0.idx))) {
			stop_text(s, SESSION_BLOCK_DONE, "block (%u,%u,%u) finished", b0.idx[0], b0.idx[1],
				  b0.idx[2]);
			return 0;
		}
		if (brkpt_stop(s) || step_stop_check(s) || step_done(s, how, before, slot, warp, &lane) ||
		    interrupted(s, n))
			return 0;
	}
	stop_text(s, SESSION_LIMIT, "stopped after %d instructions", STEP_BUDGET);
	return 0;
}

/* Step warp of slot, following lane (-1: whichever group runs). */
static int step_warp_stmt(struct session *s, enum session_step how, int slot, int warp, int lane,
			  struct strbuf *msg)
{
	struct pos before[32];

	for (int l = 0; l < 32; l++)
		lane_pos(s, slot, warp, l, &before[l]);
	if (lane >= 0 && (lane > 31 || !before[lane].ok))
		lane = -1;
	return step_warp_run(s, how, slot, warp, lane, before, msg);
}

static int block_slot0(struct session *s)
{
	struct machine_kernel_info k;
	struct machine_block_info b;
	int first = -1;

	if (!kernel_active(s, &k))
		return -1;
	for (int i = 0; i < k.nresident; i++)
		if (machine_block(s->m, i, &b) == 0) {
			if (!b.idx[0] && !b.idx[1] && !b.idx[2])
				return i;
			if (first < 0)
				first = i;
		}
	return first;
}

static int step_host(struct session *s, enum session_step how, struct strbuf *msg)
{
	struct pos before, p;

	lane_pos(s, -1, 0, 0, &before);
	for (uint64_t n = 1; n <= STEP_BUDGET; n++) {
		s->ran = 0;
		if (prim(s, P_STEP, 0, 0) < 0)
			return -1;
		if (!running(s))
			return 0;
		if (kernel_active(s, NULL)) {
			struct machine_kernel_info k;
			int slot = block_slot0(s);

			kernel_active(s, &k);
			/* past the kernel's prologue (parameters) to its first statement */
			if (slot >= 0) {
				lane_pos(s, slot, 0, 0, &p);
				if (p.ok && p.line == (int)s->mod->funcs[p.func].span.line)
					step_warp_stmt(s, SESSION_LINE, slot, 0, -1, msg);
				slot = block_slot0(s);
			}
			memset(s->stop, 0, sizeof(*s->stop));
			if (slot >= 0)
				stop_at(s, slot, 0, 0);
			stop_text(s, SESSION_KERNEL_START, "kernel %s<<<(%u,%u,%u),(%u,%u,%u)>>> started",
				  func_name(s, k.func), k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1],
				  k.block[2]);
			return 0;
		}
		if (brkpt_stop(s) || step_stop_check(s))
			return 0;
		lane_pos(s, -1, 0, 0, &p);
		if (p.ok && (how == SESSION_INSN ||
			     (how == SESSION_STMT && (p.func != before.func || p.stmt != before.stmt ||
						      p.depth != before.depth)) ||
			     (how != SESSION_STMT &&
			      (p.func != before.func || p.line != before.line || p.depth != before.depth) &&
			      p.line && !(how == SESSION_OVER && p.depth > before.depth) &&
			      !(how == SESSION_OUT && p.depth >= before.depth))))
			return 0;
		if (interrupted(s, n))
			return 0;
	}
	return 0;
}

/* Every warp of the block in slot that can run: one line each. */
static int step_block(struct session *s, int slot, struct strbuf *msg)
{
	struct machine_block_info b, b1;

	if (machine_block(s->m, slot, &b) < 0)
		return -1;
	for (int w = 0; w < b.nwarps && kernel_active(s, NULL); w++) {
		struct machine_warp_info wi;
		struct machine_group_info gi;
		int ready = 0;

		if (machine_warp(s->m, slot, w, &wi) < 0)
			continue;
		for (int g = 0; g < wi.ngroups; g++)
			if (machine_group(s->m, slot, w, g, &gi) == 0 &&
			    (gi.state == LS_ACTIVE || gi.state == LS_READY || gi.state == LS_PARKED))
				ready = 1;
		if (ready && step_warp_stmt(s, SESSION_LINE, slot, w, -1, msg) < 0)
			return -1;
		if (machine_block(s->m, slot, &b1) < 0 || memcmp(b.idx, b1.idx, sizeof(b.idx)))
			break;
	}
	stop_text(s, SESSION_STEPPED, "block step");
	return 0;
}

/* The scheduler's pick: one instruction, then that warp alone to its next
 * statement or line (the Lua API's "warp" and "line" steps). */
static int step_sched(struct session *s, enum session_step how, struct strbuf *msg)
{
	struct pos before[32];
	int slot, warp;
	const struct ir_insn *in;

	s->ran = 0;
	if (prim(s, P_STEP, 0, 0) < 0)
		return 0;
	if (brkpt_stop(s) || step_stop_check(s) || !s->ran || how == SESSION_INSN)
		return 0;
	slot = s->ran_slot;
	warp = s->ran_warp;
	in = &s->mod->funcs[s->ran_func].code[s->ran_pc];
	for (int l = 0; l < 32; l++) {
		lane_pos(s, slot, warp, l, &before[l]);
		if (!(s->ran_mask >> l & 1) || !before[l].ok)
			continue;
		before[l].func = s->ran_func;
		before[l].stmt = in->stmt;
		before[l].line = session_line(s, s->ran_func, s->ran_pc);
	}
	if (slot < 0) {
		/* host code: on to its next statement (or a kernel's start) */
		for (uint64_t n = 1; n <= STEP_BUDGET && running(s) && !kernel_active(s, NULL); n++) {
			struct pos p;

			lane_pos(s, -1, 0, 0, &p);
			if (!p.ok || p.func != before[0].func ||
			    (how == SESSION_STMT ? p.stmt != before[0].stmt : p.line != before[0].line))
				return 0;
			s->ran = 0;
			if (prim(s, P_STEP, 0, 0) < 0 || brkpt_stop(s) || step_stop_check(s) ||
			    interrupted(s, n))
				return 0;
		}
		return 0;
	}
	{
		int lane = -1;

		if (step_done(s, how, before, slot, warp, &lane))
			return 0;
		return step_warp_run(s, how, slot, warp, lane, before, msg);
	}
}

/* A watched access ran: stop, unless a write left the value as it was. */
static int watch_stop(struct session *s)
{
	struct sbp *b = bp_by_id(s, s->wh.id);
	uint64_t now = 0;

	if (!b)
		return 0;
	machine_read(s->m, s->wh.slot, s->wh.warp, s->wh.lane, b->pub.addr, &now, b->pub.size);
	if (b->pub.watch == SESSION_WATCH_WRITE && now == s->wh.old)
		return 0;
	bp_hit(b);
	s->stop->bp = b->pub.id;
	s->stop->old_val = s->wh.old;
	s->stop->new_val = now;
	stop_at(s, s->wh.slot, s->wh.warp, s->wh.lane);
	if (b->pub.type != IR_VOID) { /* a typed value (session_watch_lane) */
		struct strbuf o, n;

		strbuf_init(&o);
		strbuf_init(&n);
		eval_scalar_text(b->pub.type, s->wh.old, &o);
		eval_scalar_text(b->pub.type, now, &n);
		if (s->wh.write)
			stop_text(s, SESSION_WATCHED, "watchpoint %d: %s, old = %s, new = %s (warp %d lane %d wrote)",
				  b->pub.id, b->cond ? b->cond : "?", strbuf_cstr(&o), strbuf_cstr(&n),
				  s->wh.warp, s->wh.lane);
		else
			stop_text(s, SESSION_WATCHED, "watchpoint %d: %s = %s (warp %d lane %d read)",
				  b->pub.id, b->cond ? b->cond : "?", strbuf_cstr(&n), s->wh.warp, s->wh.lane);
		strbuf_release(&o);
		strbuf_release(&n);
	} else if (s->wh.write)
		stop_text(s, SESSION_WATCHED, "watchpoint %d: %s, old = %lld, new = %lld (warp %d lane %d wrote)",
			  b->pub.id, b->cond ? b->cond : "?", (long long)sext_bytes(s->wh.old, b->pub.size),
			  (long long)sext_bytes(now, b->pub.size), s->wh.warp, s->wh.lane);
	else
		stop_text(s, SESSION_WATCHED, "watchpoint %d: %s = %lld (warp %d lane %d read)", b->pub.id,
			  b->cond ? b->cond : "?", (long long)sext_bytes(now, b->pub.size), s->wh.warp,
			  s->wh.lane);
	if (b->pub.temporary)
		session_break_delete(s, b->pub.id);
	return 1;
}

/* continue (and the runs to a kernel's end or to a finding). */
static int run_on(struct session *s, enum session_step how)
{
	int k = set_current(s, how == SESSION_FINDING, how == SESSION_KERNEL);
	uint64_t kends = s->kernel_ends;

	for (uint64_t n = 1; running(s); n++) {
		struct machine_break_info bi;
		struct sbp *b;
		int lane;

		uint64_t budget = CHUNK;

		if (s->limit && s->limit - (machine_steps(s->m) - s->start_steps) < budget)
			budget = s->limit - (machine_steps(s->m) - s->start_steps);
		prim(s, P_RUN, k, (int)(budget ? budget : 1));
		if (s->wh.hit && watch_stop(s))
			return 0;
		if (s->sc.hit && scope_stop(s))
			return 0;
		b = machine_break_hit(s->m, &bi) ? bp_match(s, &bi, &lane) : NULL;
		if (b && b->pub.id == s->until_bp && s->until_depth >= 0) {
			struct machine_group_info gi;

			/* until LOCATION: reached only in the current frame or an outer one */
			if (machine_lane(s->m, bi.slot, bi.warp, lane, &gi) == 0 && gi.depth > s->until_depth)
				b = NULL;
		}
		if (b) {
			bp_hit(b);
			s->stop->bp = b->pub.id;
			stop_at(s, bi.slot, bi.warp, lane);
			s->stop->mask = bi.mask; /* the group that starts the statement */
			bp_text(s, b, &bi);
			if (b->pub.temporary)
				session_break_delete(s, b->pub.id);
			return 0;
		}
		if (brkpt_stop(s) || found_stop(s, how == SESSION_FINDING))
			return 0;
		if (how == SESSION_KERNEL && s->kernel_ends != kends) {
			stop_text(s, SESSION_KERNEL_DONE, "a kernel finished");
			return 0;
		}
		if (interrupted(s, n * CHUNK))
			return 0;
	}
	return 0;
}

static int step_back(struct session *s, long count, struct strbuf *msg)
{
	struct mark mk;

	if (!s->marks.len) {
		strbuf_adds(msg, "already at the start");
		return -1;
	}
	if (count > (long)s->marks.len)
		count = (long)s->marks.len;
	s->marks.len -= (size_t)count;
	mk = s->marks.v[s->marks.len];
	if (replay(s, mark_pos(&mk), mk.steps)) {
		stop_text(s, SESSION_BACKED, "reverse step interrupted (Ctrl-C): at step %llu of %llu "
			  "(an earlier point of the same run)", (unsigned long long)machine_steps(s->m),
			  (unsigned long long)mk.steps);
		return 0;
	}
	stop_text(s, SESSION_BACKED, "reverse step: back at step %llu (re-executed)",
		  (unsigned long long)machine_steps(s->m));
	return 0;
}

/* ---- reverse by statement: replay the past between checkpoints (newest
 * first) watching every instruction, keep the last wanted event before the
 * present, then replay to just before it (a P_RUN cut short there). */

/* The first instruction of a statement as it runs (the one a line
 * breakpoint marks) */
static int static_start(const struct session *s, int func, uint32_t pc)
{
	return machine_stmt_start(s->m, func, pc);
}

static int scan_block_ok(struct session *s, const struct scan *sc)
{
	struct machine_block_info b;

	return sc->slot < 0 ||
	       (machine_block(s->m, sc->slot, &b) == 0 && !memcmp(b.idx, sc->bidx, sizeof(b.idx)));
}

static void scan_record(struct session *s, struct scan *sc, int line, int slot, int warp, int lane)
{
	sc->found = 1;
	sc->step = machine_steps(s->m);
	sc->unit = s->cur;
	sc->line = line;
	sc->f_slot = slot;
	sc->f_warp = warp;
	sc->f_lane = lane;
}

/* Reverse-continue looks for arrivals: a group of the warp that ran last
 * that now stands at the start of a statement with a breakpoint whose
 * condition holds, and did not stand there before that instruction. */
static void scan_snapshot(struct session *s, struct scan *sc, int slot, int warp)
{
	struct machine_warp_info wi;
	struct machine_group_info gi;

	sc->pend = 1;
	sc->pslot = slot;
	sc->pwarp = warp;
	sc->np = 0;
	if (machine_warp(s->m, slot, warp, &wi) < 0)
		return;
	for (int g = 0; g < wi.ngroups && sc->np < SESSION_MAX_GROUPS; g++)
		if (machine_group(s->m, slot, warp, g, &gi) == 0) {
			sc->pg[sc->np].mask = gi.mask;
			sc->pg[sc->np].pc = gi.pc;
			sc->pg[sc->np].func = gi.func;
			sc->np++;
		}
}

static void scan_arrivals(struct session *s, struct scan *sc)
{
	struct machine_warp_info wi;
	struct machine_group_info gi;

	if (!sc->pend || machine_warp(s->m, sc->pslot, sc->pwarp, &wi) < 0)
		return;
	sc->pend = 0;
	for (int g = 0; g < wi.ngroups; g++) {
		struct machine_break_info bi;
		struct sbp *b;
		int lane, old = 0;

		if (machine_group(s->m, sc->pslot, sc->pwarp, g, &gi) < 0 || gi.state == LS_EXITED ||
		    !static_start(s, gi.func, gi.pc))
			continue;
		for (int k = 0; k < sc->np && !old; k++)
			old = sc->pg[k].mask == gi.mask && sc->pg[k].pc == gi.pc && sc->pg[k].func == gi.func;
		if (old)
			continue;
		bi = (struct machine_break_info){ sc->pslot, sc->pwarp, gi.mask, gi.func, gi.pc, { 0 } };
		if ((b = bp_match(s, &bi, &lane)) != NULL) {
			scan_record(s, sc, b->pub.line, sc->pslot, sc->pwarp, lane);
			sc->bp = b->pub.id;
		}
	}
}

static void on_scan(void *ctx, const struct machine_event *ev)
{
	struct session *s = ctx;
	struct scan *sc = s->scan;
	struct machine_group_info gi;
	const struct ir_func *fn;
	int32_t stmt;
	int start, line;

	if (!sc || ev->kind != EV_INSN || machine_steps(s->m) >= sc->end || ev->func < 0 ||
	    (uint32_t)ev->func >= s->mod->nfuncs || ev->pc >= s->mod->funcs[ev->func].ncode)
		return;
	fn = &s->mod->funcs[ev->func];
	stmt = fn->code[ev->pc].stmt;
	if (sc->how == SESSION_BACK_CONTINUE) {
		scan_arrivals(s, sc);
		scan_snapshot(s, sc, ev->slot, ev->warp);
		return;
	}
	if (ev->slot != sc->slot || ev->warp != sc->warp || !(ev->mask >> sc->lane & 1) ||
	    !scan_block_ok(s, sc) || machine_lane(s->m, sc->slot, sc->warp, sc->lane, &gi) < 0 ||
	    gi.depth < 0 || gi.depth >= SCAN_DEPTH)
		return;
	if (gi.depth >= sc->ndepth)
		start = 1;   /* a new call */
	else if (sc->last[gi.depth].func < 0)
		start = static_start(s, ev->func, ev->pc);
	else
		start = static_start(s, ev->func, ev->pc) || sc->last[gi.depth].func != ev->func ||
			sc->last[gi.depth].stmt != stmt;
	for (int d = sc->ndepth; d < gi.depth; d++)
		sc->last[d].func = -1;
	sc->last[gi.depth].func = ev->func;
	sc->last[gi.depth].stmt = stmt;
	sc->last[gi.depth].pc = ev->pc;
	sc->ndepth = gi.depth + 1;
	if (!start || !(line = session_line(s, ev->func, ev->pc)))
		return;
	if ((sc->how == SESSION_BACK_NEXT && gi.depth > sc->depth0) ||
	    (sc->how == SESSION_BACK_FINISH && gi.depth >= sc->depth0))
		return;
	scan_record(s, sc, line, sc->slot, sc->warp, sc->lane);
}

/* Where the focused thread stands when a scan starts (its statement there
 * began before the scan: not a start). */
static void scan_init(struct session *s, struct scan *sc)
{
	struct pos p;

	sc->ndepth = 0;
	if (sc->how == SESSION_BACK_CONTINUE || !scan_block_ok(s, sc))
		return;
	lane_pos(s, sc->slot, sc->warp, sc->lane, &p);
	if (!p.ok || p.depth < 0 || p.depth >= SCAN_DEPTH)
		return;
	for (int d = 0; d < p.depth; d++)
		sc->last[d].func = -1;
	sc->last[p.depth].func = p.func;
	sc->last[p.depth].stmt = p.stmt;
	sc->last[p.depth].pc = p.pc;
	sc->ndepth = p.depth + 1;
}

static const char *back_name(enum session_step how)
{
	switch (how) {
	case SESSION_BACK_NEXT: return "reverse-next";
	case SESSION_BACK_CONTINUE: return "reverse-continue";
	case SESSION_BACK_FINISH: return "reverse-finish";
	default: return "reverse-step";
	}
}

static int back_stmt_once(struct session *s, enum session_step how, const struct session_focus *f,
			  struct strbuf *msg)
{
	struct scan *sc = xcalloc(1, sizeof(*sc));
	struct lpos now = log_end(s);
	uint64_t now_steps = machine_steps(s->m);
	int k, ret = 0;

	sc->how = how;
	sc->slot = f->slot;
	sc->warp = f->warp;
	sc->lane = f->lane;
	if (f->slot == SESSION_SCHED) {
		/* the thread that ran last, else the host thread */
		sc->slot = s->ran ? s->ran_slot : -1;
		sc->warp = s->ran ? s->ran_warp : 0;
		sc->lane = s->ran && s->ran_mask ? __builtin_ctz(s->ran_mask) : 0;
	}
	if (how != SESSION_BACK_CONTINUE) {
		struct machine_block_info b;
		struct pos p;

		if (sc->slot >= 0 && machine_block(s->m, sc->slot, &b) < 0) {
			strbuf_addf(msg, "no block runs in slot %d", sc->slot);
			free(sc);
			return -1;
		}
		if (sc->slot >= 0)
			memcpy(sc->bidx, b.idx, sizeof(sc->bidx));
		lane_pos(s, sc->slot, sc->warp, sc->lane, &p);
		sc->depth0 = p.ok ? p.depth : SCAN_DEPTH;
		if (how == SESSION_BACK_FINISH && (!p.ok || p.depth == 0)) {
			strbuf_adds(msg, p.ok ? "\"finish\" not meaningful in the outermost frame"
					      : "the focused thread has exited");
			free(sc);
			return -1;
		}
	}
	if (!now_steps) {
		strbuf_adds(msg, "already at the start");
		free(sc);
		return -1;
	}
	s->scan = sc;
	/* the ranges between checkpoints, newest first */
	for (k = ckpt_before(s, now);; k--) {
		int next = k + 1;
		struct lpos from, to = next < (int)s->ckpts.len ? s->ckpts.v[next].at : now;
		int id, cut;

		sc->end = next < (int)s->ckpts.len ? s->ckpts.v[next].steps : now_steps;
		from = replay_start(s, k);
		scan_init(s, sc);
		id = machine_observe(s->m, 1u << EV_INSN, on_scan, s);
		cut = replay_run(s, from, to, sc->end);
		/* an arrival at a checkpoint's step (not at the present: that is
		 * where we stand) */
		if (!cut && how == SESSION_BACK_CONTINUE && next < (int)s->ckpts.len &&
		    machine_steps(s->m) == sc->end && sc->end < now_steps)
			scan_arrivals(s, sc);
		machine_unobserve(s->m, id);
		if (cut) {
			s->scan = NULL;
			replay_done(s);
			stop_text(s, SESSION_BACKED, "%s interrupted (Ctrl-C): at step %llu (an earlier point "
				  "of the same run)", back_name(how), (unsigned long long)machine_steps(s->m));
			free(sc);
			return 0;
		}
		if (sc->found || k < 0)
			break;
	}
	s->scan = NULL;
	if (!sc->found) {
		/* nothing earlier: back to the present */
		replay_run(s, replay_start(s, ckpt_before(s, now)), now, now_steps);
		replay_done(s);
		if (how == SESSION_BACK_CONTINUE)
			strbuf_adds(msg, "no breakpoint was hit before this point");
		else
			strbuf_adds(msg, "no earlier statement of this thread");
		free(sc);
		return -1;
	}
	/* land just before the event: the runs before its own, then that one
	 * cut short at its step */
	replay_run(s, replay_start(s, k), sc->unit, sc->step);
	if (machine_steps(s->m) < sc->step && sc->unit.i < s->log.len) {
		struct logent l = s->log.v[sc->unit.i];

		log_cut(s, sc->unit);
		if (l.kind == P_RUN) {
			prim_exec(s, P_RUN, l.slot, l.warp, -1, sc->step);
			vec_push(&s->log, ((struct logent){ P_RUN, l.slot, l.warp, -1, 1, sc->step }));
		} else {
			/* a barrier step is machine_step over and over */
			uint64_t n = 0;

			apply_set(s, -1);
			while (machine_steps(s->m) < sc->step && running(s)) {
				machine_step(s->m);
				n++;
			}
			if (n)
				vec_push(&s->log, ((struct logent){ P_STEP, 0, 0, -1, n, 0 }));
		}
	} else {
		log_cut(s, sc->unit);
	}
	/* the commands undone by this: SESSION_BACK goes before what is left */
	while (s->marks.len && s->marks.v[s->marks.len - 1].steps >= machine_steps(s->m))
		s->marks.len--;
	replay_done(s);
	/* a breakpoint where it landed is passed on the next run, as after a
	 * stop there */
	machine_break_pass(s->m, sc->f_slot, sc->f_warp, sc->f_lane);
	stop_at(s, sc->f_slot, sc->f_warp, sc->f_lane);
	if (how == SESSION_BACK_CONTINUE) {
		s->stop->bp = sc->bp;
		stop_text(s, SESSION_BACKED, "reverse-continue: breakpoint %d, line %d (step %llu)", sc->bp,
			  sc->line, (unsigned long long)machine_steps(s->m));
	} else {
		stop_text(s, SESSION_BACKED, "%s: line %d (step %llu)", back_name(how), sc->line,
			  (unsigned long long)machine_steps(s->m));
	}
	free(sc);
	return ret;
}

static int step_back_stmt(struct session *s, enum session_step how, long count,
			  const struct session_focus *f, struct strbuf *msg)
{
	if (!s->reversible) {
		strbuf_adds(msg, "this session cannot run backwards");
		return -1;
	}
	for (long i = 0; i < count; i++) {
		struct session_focus here = *f;
		int r;

		if (i && s->stop->has_thread) {
			here.slot = s->stop->slot;
			here.warp = s->stop->warp;
			here.lane = s->stop->lane;
		}
		if (i)
			memset(s->stop, 0, sizeof(*s->stop));
		if ((r = back_stmt_once(s, how, &here, msg)) < 0)
			return i ? 0 : r;
		if (strstr(s->stop->text, "interrupted"))
			break;
	}
	return 0;
}

static int step_one(struct session *s, enum session_step how, const struct session_focus *f,
		    struct strbuf *msg)
{
	switch (how) {
	case SESSION_CONTINUE:
	case SESSION_KERNEL:
	case SESSION_FINDING:
		return run_on(s, how);
	case SESSION_BARRIER:
		if (!kernel_active(s, NULL) && f->slot == SESSION_SCHED)
			while (running(s) && !kernel_active(s, NULL) && prim(s, P_STEP, 0, 0) == 0)
				;
		if (!kernel_active(s, NULL)) {
			if (!running(s))
				return 0;
			strbuf_adds(msg, "no kernel is running (host code): use step or continue");
			return -1;
		}
		if (prim(s, P_BARRIER, 0, 0) < 0)
			return -1;
		stop_text(s, SESSION_BARRIER_DONE, "a barrier completed");
		return 0;
	default:
		break;
	}
	if (f->slot == SESSION_SCHED)
		return step_sched(s, how, msg);
	if (f->slot < 0) {
		if (how == SESSION_BLOCK) {
			strbuf_adds(msg, "no kernel is running (host code): use step or continue");
			return -1;
		}
		return step_host(s, how, msg);
	}
	if (how == SESSION_BLOCK)
		return step_block(s, f->slot, msg);
	return step_warp_stmt(s, how, f->slot, f->warp, f->lane, msg);
}

int session_step(struct session *s, enum session_step how, long count,
		 const struct session_focus *focus, struct session_stop *stop, struct strbuf *msg)
{
	struct session_focus sched = { SESSION_SCHED, 0, 0 };
	int ret = 0;

	memset(stop, 0, sizeof(*stop));
	s->stop = stop;
	if (!focus)
		focus = &sched;
	if (how == SESSION_BACK)
		return step_back(s, count < 1 ? 1 : count, msg);
	if (how > SESSION_BACK)
		return step_back_stmt(s, how, count < 1 ? 1 : count, focus, msg);
	if (!running(s)) {
		if (s->has_main)
			strbuf_addf(msg, "the program has finished (exit status %d)",
				    machine_exit_status(s->m));
		else
			strbuf_adds(msg, "nothing is running (launch a kernel first)");
		return -1;
	}
	mark_push(s);
	s->step_watch = 0;
	s->wh.hit = 0;
	s->sc.hit = 0;
	if (how != SESSION_CONTINUE && how != SESSION_KERNEL && how != SESSION_FINDING)
		for (size_t i = 0; i < s->bps.len; i++)
			if (s->bps.v[i].pub.kind == SBP_WATCH && s->bps.v[i].pub.enabled) {
				s->step_watch = set_current(s, 0, 0) + 1;
				break;
			}
	for (long i = 0; i < (count < 1 ? 1 : count) && running(s) && ret == 0; i++) {
		ret = step_one(s, how, focus, msg);
		if (stop->reason != SESSION_STEPPED && stop->reason != SESSION_WAITS &&
		    stop->reason != SESSION_WARP_EXITED && stop->reason != SESSION_BLOCK_DONE &&
		    stop->reason != SESSION_KERNEL_START && stop->reason != SESSION_BARRIER_DONE)
			break;
		if (i + 1 < (count < 1 ? 1 : count) && running(s))
			memset(stop, 0, sizeof(*stop));
	}
	s->step_watch = 0;
	mark_settle(s);
	if (!running(s)) {
		stop->reason = SESSION_EXITED;
		if (s->has_main)
			snprintf(stop->text, sizeof(stop->text), "program exited with status %d",
				 machine_exit_status(s->m));
		else
			snprintf(stop->text, sizeof(stop->text), "the launched kernels have finished");
	}
	return ret;
}

int session_observe_set(struct session *s, int id, unsigned kinds, int always)
{
	if (id < 1 || (size_t)id > s->obs.len)
		return -1;
	s->obs.v[id - 1].kinds = kinds;
	s->obs.v[id - 1].always = always;
	observers_attach(s);
	return 0;
}

int session_choose(struct session *s, const struct machine_choice *c)
{
	int r;

	if (!running(s))
		return -1;
	s->ran = 0;
	apply_set(s, -1);
	if (c->group < 0)
		return prim(s, P_WARP, c->slot, c->warp);
	r = machine_choose(s->m, c);
	if (r == 0 && s->reversible) {
		/* a choice cannot be replayed by the log: no way back past it,
		 * but a copy of the machine after it is the log's new start */
		s->log.len = s->marks.len = 0;
		ckpts_clear(s);
		ckpt_take(s);
	}
	return r;
}

int session_last_ran(const struct session *s, int *slot, int *warp, int *func, uint32_t *pc)
{
	if (!s->ran)
		return -1;
	*slot = s->ran_slot;
	*warp = s->ran_warp;
	if (func)
		*func = s->ran_func;
	if (pc)
		*pc = s->ran_pc;
	return 0;
}

uint64_t session_steps(const struct session *s)
{
	return machine_steps(s->m);
}

/* ---- summaries */

static int user_line(const struct session *s, int slot, int warp, int lane, int func, uint32_t pc);
static int wait_of(const struct session *s, const struct machine_group_info *gi, const char **what);
static void group_wait(const struct session *s, int slot, int warp, const struct machine_group_info *gi,
		       struct session_group *sg);

int session_warp(const struct session *s, int slot, int warp, struct session_warp *w)
{
	struct machine_warp_info wi;
	int first = -1, nbar = 0, nsync = 0;
	unsigned kinds = 0;

	memset(w, 0, sizeof(*w));
	w->current = w->last = -1;
	if (machine_warp(s->m, slot, warp, &wi) < 0)
		return -1;
	w->exists = wi.exists;
	w->live = wi.live;
	w->exited = wi.exited;
	w->last = wi.current;
	for (int l = 0; l < 32; l++)
		w->state[l] = !(wi.exists >> l & 1) ? LS_NONE : wi.exited >> l & 1 ? LS_EXITED : LS_NONE;
	for (int g = 0; g < wi.ngroups && w->ngroups < SESSION_MAX_GROUPS; g++) {
		struct machine_group_info gi;
		struct session_group *sg = &w->g[w->ngroups];
		uint32_t rpc;

		if (machine_group(s->m, slot, warp, g, &gi) < 0)
			continue;
		sg->mask = gi.mask;
		sg->func = gi.func;
		sg->depth = gi.depth;
		sg->state = gi.state;
		sg->pc = gi.pc;
		sg->wait_mask = gi.wait_mask;
		sg->line = user_line(s, slot, warp, gi.mask ? __builtin_ctz(gi.mask) : 0, gi.func, gi.pc);
		group_wait(s, slot, warp, &gi, sg);
		if (machine_group_reconv(s->m, slot, warp, g, &rpc) == 0)
			sg->reconv_line = session_line(s, gi.func, rpc);
		for (int l = 0; l < 32; l++)
			if (gi.mask >> l & 1 && !(wi.exited >> l & 1)) {
				w->state[l] = (uint8_t)gi.state;
				w->line[l] = sg->line;
			}
		if (gi.state == LS_ACTIVE || gi.state == LS_READY) {
			if (g == wi.current)
				w->current = w->ngroups;
			else if (first < 0)
				first = w->ngroups;
		}
		if (g == wi.current)
			w->last = w->ngroups;
		nbar += gi.state == LS_BARRIER;
		nsync += gi.state == LS_WARPSYNC;
		kinds |= 1u << sg->wait;
		w->ngroups++;
	}
	if (w->current < 0)
		w->current = first;
	if (!wi.live && wi.exists)
		w->note = "exited";
	else if (nbar && nbar == w->ngroups)
		w->note = kinds == 1u << SESSION_WAIT_CUBARRIER ? "at cuda::barrier wait"
			: kinds == 1u << SESSION_WAIT_GRID ? "at grid sync"
			: kinds == 1u << SESSION_WAIT_PIPELINE ? "at cuda::pipeline wait"
			: kinds == 1u << SESSION_WAIT_SYNCTHREADS ? "at __syncthreads" : "at barriers";
	else if (nsync && !nbar && w->current < 0)
		w->note = "waits: warp collective";
	else if (w->ngroups > 1)
		w->note = "diverged";
	w->tile = slot >= 0 ? machine_warp_tile(s->m, slot, warp) : 0;
	return 0;
}

int session_barrier(const struct session *s, int slot, struct session_barrier *b)
{
	struct machine_block_info bi;

	memset(b, 0, sizeof(*b));
	if (machine_block(s->m, slot, &bi) < 0)
		return -1;
	memcpy(b->block, bi.idx, sizeof(b->block));
	b->arrived = bi.bar_arrived;
	b->expected = bi.bar_expected;
	b->generation = bi.bar_generation;
	b->live = bi.nthreads - bi.nexited;
	b->nwarps = bi.nwarps < 32 ? bi.nwarps : 32;
	for (int w = 0; w < b->nwarps; w++) {
		struct machine_warp_info wi;
		struct machine_group_info gi;

		if (machine_warp(s->m, slot, w, &wi) < 0)
			continue;
		b->exists[w] = wi.exists;
		b->exited[w] = wi.exited;
		for (int g = 0; g < wi.ngroups; g++) {
			if (machine_group(s->m, slot, w, g, &gi) < 0)
				continue;
			if (gi.state == LS_BARRIER && wait_of(s, &gi, NULL) == SESSION_WAIT_SYNCTHREADS)
				b->at_bar[w] |= gi.mask & ~wi.exited;
			else if (gi.state == LS_BARRIER)
				b->at_cg[w] |= gi.mask & ~wi.exited;
			else if (gi.state == LS_WARPSYNC)
				b->at_sync[w] |= gi.mask & ~wi.exited;
		}
	}
	return 0;
}

/* ---- what a group waits at, and the cuda::barrier objects (the sync pane) */

static const char *const wait_names[] = {
#define X(n, t) t,
	SESSION_WAIT_LIST(X)
#undef X
};

const char *session_wait_name(int kind)
{
	return kind >= 0 && kind < SESSION_WAIT_COUNT ? wait_names[kind] : "?";
}

/* The main file's line of pc, else of the calls up the lane's stack: a wait
 * inside a built-in header (cuda::barrier::wait) is read at its call. */
static int user_line(const struct session *s, int slot, int warp, int lane, int func, uint32_t pc)
{
	int line = session_line(s, func, pc);

	for (int up = 1; !line && up < 64; up++) {
		if (machine_lane_frame_pc(s->m, slot, warp, lane, up, &func, &pc) < 0)
			break;
		line = session_line(s, func, pc);
	}
	return line;
}

/* What a waiting group waits at, from the instruction it waits on (a
 * barrier leaves its pc there): enum session_wait_kind, and its name. */
static int wait_of(const struct session *s, const struct machine_group_info *gi, const char **what)
{
	static const char *const bars[] = { "__syncthreads", "__syncthreads_count", "__syncthreads_and",
					    "__syncthreads_or" };
	static const char *const shfl[] = { "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
					    "__shfl_xor_sync" };
	static const char *const votes[] = { "__all_sync", "__any_sync", "__ballot_sync", "__uni_sync" };
	static const char *const reds[] = { "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
					    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync" };
	const struct ir_insn *in = NULL;
	const char *dummy;

	if (!what)
		what = &dummy;
	*what = NULL;
	if (gi->state != LS_BARRIER && gi->state != LS_WARPSYNC)
		return SESSION_WAIT_NONE;
	if (gi->func >= 0 && (uint32_t)gi->func < s->mod->nfuncs && gi->pc < s->mod->funcs[gi->func].ncode)
		in = &s->mod->funcs[gi->func].code[gi->pc];
	if (gi->state == LS_WARPSYNC) {
		*what = "a warp collective";
		if (in && in->op == IR_WARPSYNC)
			*what = "__syncwarp";
		else if (in && in->op == IR_SHFL)
			*what = shfl[in->sub & 3];
		else if (in && in->op == IR_VOTE)
			*what = votes[in->sub & 3];
		else if (in && in->op == IR_MATCH)
			*what = in->sub == MATCH_ALL ? "__match_all_sync" : "__match_any_sync";
		else if (in && in->op == IR_REDUX)
			*what = reds[in->sub % 6];
		return SESSION_WAIT_COLLECTIVE;
	}
	if (in && in->op == IR_BCALL && in->imm == BI___ws_bar_wait) {
		*what = "cuda::barrier";
		return SESSION_WAIT_CUBARRIER;
	}
	if (in && in->op == IR_BCALL && in->imm == BI___ws_grid_wait) {
		*what = "this_grid().sync()";
		return SESSION_WAIT_GRID;
	}
	if (in && in->op == IR_BCALL && in->imm == BI___ws_pipe_op) {
		*what = "cuda::pipeline acquire/wait";
		return SESSION_WAIT_PIPELINE;
	}
	*what = in && in->op == IR_BAR ? bars[in->sub & 3] : "__syncthreads";
	return SESSION_WAIT_SYNCTHREADS;
}

static const char *cubar_name(const struct session *s, int obj)
{
	const char *n, *c;

	if (obj < 0 || (uint32_t)obj >= s->mod->nobjs || !(n = s->mod->objs[obj].name) || !n[0])
		return NULL;
	c = strrchr(n, ':'); /* "phases::bar": a function's static shared object */
	return c ? c + 1 : n;
}

static void group_wait(const struct session *s, int slot, int warp, const struct machine_group_info *gi,
		       struct session_group *sg)
{
	sg->wait = wait_of(s, gi, &sg->wait_what);
	sg->wait_bar = -1;
	if (sg->wait == SESSION_WAIT_CUBARRIER) {
		int n = machine_cgbar_count(s->m);

		for (int i = 0; i < n && sg->wait_bar < 0; i++) {
			struct machine_cgbar_waiter wt[SESSION_MAX_WAITERS * 4];
			int k = machine_cgbar_waiters(s->m, i, wt, (int)WS_ARRAY_LEN(wt));

			for (int j = 0; j < k && j < (int)WS_ARRAY_LEN(wt); j++)
				if (wt[j].slot == slot && wt[j].warp == warp && wt[j].lanes == gi->mask) {
					sg->wait_bar = i;
					sg->wait_phase = wt[j].phase;
				}
		}
	} else if (sg->wait == SESSION_WAIT_GRID) {
		struct machine_gridsync_info gs;

		if (machine_gridsync(s->m, &gs) == 0)
			sg->wait_phase = gs.generation;
	}
}

void session_wait_text(const struct session *s, int slot, int warp, int lane, char *buf, size_t n)
{
	struct session_warp w;

	buf[0] = 0;
	if (session_warp(s, slot, warp, &w) < 0)
		return;
	for (int g = 0; g < w.ngroups; g++) {
		const struct session_group *sg = &w.g[g];
		struct session_cubar cb;

		if (!(sg->mask >> lane & 1) || sg->wait == SESSION_WAIT_NONE)
			continue;
		if (sg->wait == SESSION_WAIT_CUBARRIER && sg->wait_bar >= 0 &&
		    session_cubarrier(s, sg->wait_bar, &cb) == 0)
			snprintf(buf, n, "cuda::barrier %s, phase %llu (line %d)", cb.name ? cb.name : "(unnamed)",
				 (unsigned long long)sg->wait_phase, sg->line);
		else
			snprintf(buf, n, "%s (line %d)", sg->wait_what ? sg->wait_what : session_wait_name(sg->wait),
				 sg->line);
		return;
	}
}

/* Groups of the resident blocks waiting at the grid barrier. */
static void grid_waiters(const struct session *s, struct session_cubar *c)
{
	struct machine_kernel_info k;

	if (machine_kernel(s->m, &k) < 0 || !k.active)
		return;
	for (int sl = 0; sl < k.nresident; sl++) {
		struct machine_block_info bi;

		if (machine_block(s->m, sl, &bi) < 0)
			continue;
		for (int w = 0; w < bi.nwarps; w++) {
			struct machine_warp_info wi;

			if (machine_warp(s->m, sl, w, &wi) < 0)
				continue;
			for (int g = 0; g < wi.ngroups; g++) {
				struct machine_group_info gi;
				struct session_waiter *x;

				if (machine_group(s->m, sl, w, g, &gi) < 0 ||
				    wait_of(s, &gi, NULL) != SESSION_WAIT_GRID)
					continue;
				if (c->nwaiters < SESSION_MAX_WAITERS) {
					x = &c->w[c->nwaiters];
					x->slot = sl;
					x->warp = w;
					x->lanes = gi.mask;
					x->phase = c->phase;
					x->line = user_line(s, sl, w, __builtin_ctz(gi.mask), gi.func, gi.pc);
				}
				c->nwaiters++;
			}
		}
	}
}

int session_cubarrier_count(const struct session *s)
{
	struct machine_gridsync_info gs;

	return machine_cgbar_count(s->m) + (machine_gridsync(s->m, &gs) == 0 && gs.cooperative);
}

int session_cubarrier(const struct session *s, int i, struct session_cubar *out)
{
	struct machine_cgbar_info bi;
	struct machine_cgbar_waiter wt[SESSION_MAX_WAITERS];
	struct machine_gridsync_info gs;
	int n = machine_cgbar_count(s->m), k;

	memset(out, 0, sizeof(*out));
	if (i == n && machine_gridsync(s->m, &gs) == 0 && gs.cooperative) {
		out->kind = SESSION_WAIT_GRID;
		out->slot = -1;
		out->name = "this_grid()";
		out->expected = gs.expected;
		out->pending = gs.expected - gs.arrived;
		out->phase = gs.generation;
		grid_waiters(s, out);
		return 0;
	}
	if (i < 0 || i >= n || machine_cgbar(s->m, i, &bi) < 0)
		return -1;
	out->kind = SESSION_WAIT_CUBARRIER;
	out->slot = bi.slot;
	memcpy(out->block, bi.block, sizeof(out->block));
	out->addr = bi.addr;
	out->name = cubar_name(s, bi.obj);
	out->expected = bi.expected;
	out->pending = bi.pending;
	out->phase = bi.phase;
	k = machine_cgbar_waiters(s->m, i, wt, SESSION_MAX_WAITERS);
	out->nwaiters = k < 0 ? 0 : k;
	for (int j = 0; j < k && j < SESSION_MAX_WAITERS; j++) {
		struct machine_group_info gi;

		out->w[j] = (struct session_waiter){ wt[j].slot, wt[j].warp, wt[j].lanes, wt[j].phase, 0 };
		if (wt[j].lanes && machine_lane(s->m, wt[j].slot, wt[j].warp, __builtin_ctz(wt[j].lanes), &gi) == 0)
			out->w[j].line = user_line(s, wt[j].slot, wt[j].warp, __builtin_ctz(wt[j].lanes),
						   gi.func, gi.pc);
	}
	return 0;
}

/* ---- the last warp collective */

struct session_collrec {
	struct session *s;
	int valid;                /* c names a collective */
	int pending;              /* some lanes have not moved past it yet */
	struct session_coll c;
};

static int coll_op(int op)
{
	return op == IR_SHFL || op == IR_VOTE || op == IR_MATCH || op == IR_REDUX;
}

/* Read the results of the lanes that have moved past the collective. */
static void coll_settle(struct session_collrec *r)
{
	struct machine *m = r->s->m;
	const struct ir_insn *in;

	if (!r->valid || !r->pending)
		return;
	in = &r->s->mod->funcs[r->c.func].code[r->c.pc];
	for (int l = 0; l < 32; l++) {
		struct machine_group_info gi;

		if (!(r->c.part >> l & 1) || r->c.got >> l & 1)
			continue;
		if (machine_lane(m, r->c.slot, r->c.warp, l, &gi) == 0 && gi.state != LS_EXITED &&
		    gi.func == r->c.func && gi.pc == r->c.pc)
			continue; /* still waits at the collective */
		if (in->d >= 0 && machine_lane_reg(m, r->c.slot, r->c.warp, l, 0, in->d, &r->c.result[l]) == 0)
			r->c.got |= 1u << l;
		else
			r->c.part &= ~(1u << l);
	}
	r->pending = (r->c.got & r->c.part) != r->c.part;
}

static void coll_event(void *ctx, const struct machine_event *ev)
{
	static const char *const shfl[] = { "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync",
					    "__shfl_xor_sync" };
	static const char *const votes[] = { "__all_sync", "__any_sync", "__ballot_sync", "__uni_sync" };
	static const char *const reds[] = { "__reduce_add_sync", "__reduce_min_sync", "__reduce_max_sync",
					    "__reduce_and_sync", "__reduce_or_sync", "__reduce_xor_sync" };
	struct session_collrec *r = ctx;
	struct session *s = r->s;
	const struct ir_insn *in;
	int line;

	if (ev->kind != EV_INSN || ev->slot < 0 || ev->func < 0 || (uint32_t)ev->func >= s->mod->nfuncs ||
	    ev->pc >= s->mod->funcs[ev->func].ncode)
		return;
	coll_settle(r);
	in = &s->mod->funcs[ev->func].code[ev->pc];
	line = ev->mask ? user_line(s, ev->slot, ev->warp, __builtin_ctz(ev->mask), ev->func, ev->pc) : 0;
	if (!coll_op(in->op)) {
		/* the warp went on to another line: the collective is the past */
		if (r->valid && !r->pending && r->c.slot == ev->slot && r->c.warp == ev->warp && line &&
		    line != r->c.line)
			r->valid = 0;
		return;
	}
	if (!r->valid || r->c.slot != ev->slot || r->c.warp != ev->warp || r->c.func != ev->func ||
	    r->c.pc != ev->pc || !r->pending) {
		memset(&r->c, 0, sizeof(r->c));
		memset(r->c.src, -1, sizeof(r->c.src));
		r->c.slot = ev->slot;
		r->c.warp = ev->warp;
		r->c.func = ev->func;
		r->c.pc = ev->pc;
		r->c.line = line;
		r->c.op = in->op;
		r->c.sub = in->sub;
		r->c.type = in->t;
		r->c.width = 32;
		r->c.what = in->op == IR_SHFL ? shfl[in->sub & 3] : in->op == IR_VOTE ? votes[in->sub & 3]
			  : in->op == IR_MATCH ? (in->sub == MATCH_ALL ? "__match_all_sync" : "__match_any_sync")
			  : reds[in->sub % 6];
	}
	r->valid = r->pending = 1;
	r->c.part |= ev->mask;
	r->c.got &= ~ev->mask;
	for (int l = 0; l < 32; l++) {
		uint64_t v;

		if (!(ev->mask >> l & 1))
			continue;
		int given = in->op == IR_SHFL ? in->a : in->b; /* a vote's, match's, reduction's value is b */

		if (given >= 0 && machine_lane_reg(s->m, ev->slot, ev->warp, l, 0, given, &v) == 0)
			r->c.arg[l] = v;
		if (in->op == IR_SHFL && in->c >= 0 && machine_lane_reg(s->m, ev->slot, ev->warp, l, 0, in->c, &v) == 0 &&
		    v >= 1 && v <= 32 && !(v & (v - 1)))
			r->c.width = (int)v;
	}
	if (in->op == IR_SHFL) {
		int8_t src[32];
		uint64_t b;

		if (machine_shfl_sources(s->m, ev->slot, ev->warp, ev->mask, src) == 0)
			for (int l = 0; l < 32; l++)
				if (ev->mask >> l & 1)
					r->c.src[l] = src[l];
		if (in->b >= 0 && machine_lane_reg(s->m, ev->slot, ev->warp, __builtin_ctz(ev->mask), 0, in->b, &b) == 0)
			r->c.delta = (int)(int32_t)b;
	}
}

struct session_collrec *session_collectives_watch(struct session *s)
{
	struct session_collrec *r = xcalloc(1, sizeof(*r));

	r->s = s;
	session_observe(s, 1u << EV_INSN, 0, coll_event, r);
	return r;
}

void session_collectives_reset(struct session_collrec *r)
{
	if (r)
		r->valid = r->pending = 0;
}

void session_collectives_free(struct session_collrec *r)
{
	free(r);
}

const struct session_coll *session_collective_last(struct session_collrec *r)
{
	if (!r || !r->valid)
		return NULL;
	coll_settle(r);
	return r->c.got ? &r->c : NULL;
}

/* ---- break barrier: the lines of the main file where a barrier waits */

static int is_barrier_insn(const struct ir_insn *in)
{
	return in->op == IR_BAR ||
	       (in->op == IR_BCALL && (in->imm == BI___ws_bar_wait || in->imm == BI___ws_bar_arrive ||
				       in->imm == BI___ws_grid_wait || in->imm == BI___ws_grid_arrive));
}

/* has[line] for every line of the main file with a barrier: its own
 * (__syncthreads) or a call of a function outside the main file that
 * reaches one (cuda::barrier::arrive_and_wait, this_grid().sync()). The
 * caller frees it; *maxl is its last index. */
static uint8_t *barrier_lines(const struct session *s, int *maxl)
{
	uint32_t nf = s->mod->nfuncs;
	uint8_t *reach = xcalloc(nf ? nf : 1, 1), *has;
	int changed = 1;

	*maxl = 0;
	for (uint32_t f = 0; f < nf; f++)
		for (uint32_t i = 0; i < s->mod->funcs[f].ncode; i++) {
			reach[f] |= (uint8_t)is_barrier_insn(&s->mod->funcs[f].code[i]);
			if (session_line(s, (int)f, i) > *maxl)
				*maxl = session_line(s, (int)f, i);
		}
	while (changed) { /* functions that call one that reaches a barrier */
		changed = 0;
		for (uint32_t f = 0; f < nf; f++)
			for (uint32_t i = 0; i < s->mod->funcs[f].ncode && !reach[f]; i++) {
				const struct ir_insn *in = &s->mod->funcs[f].code[i];

				if (in->op == IR_CALL && in->imm >= 0 && (uint64_t)in->imm < nf && reach[in->imm])
					reach[f] = changed = 1;
			}
	}
	has = xcalloc((size_t)*maxl + 1, 1);
	for (uint32_t f = 0; f < nf; f++)
		for (uint32_t i = 0; i < s->mod->funcs[f].ncode; i++) {
			const struct ir_insn *in = &s->mod->funcs[f].code[i];
			int line = session_line(s, (int)f, i);

			if (!line)
				continue;
			if (is_barrier_insn(in))
				has[line] = 1;
			/* a call into a built-in header's barrier method; a call of
			 * the program's own function stops in that function */
			else if (in->op == IR_CALL && in->imm >= 0 && (uint64_t)in->imm < nf && reach[in->imm] &&
				 !session_line(s, (int)in->imm, 0))
				has[line] = 1;
		}
	free(reach);
	return has;
}

/* What break barrier did: exactly the breakpoints it set, by id and line. */
static void barrier_lines_text(const struct session *s, const uint8_t *has, int maxl, int first, int n,
			       int had, struct strbuf *msg)
{
	int id = first;

	if (!n && !had) {
		strbuf_adds(msg, "the program has no barrier (__syncthreads, cuda::barrier, grid sync)");
		return;
	}
	if (n)
		strbuf_addf(msg, "%d breakpoint%s at the barrier lines (__syncthreads, cuda::barrier, grid sync):",
			    n, n == 1 ? "" : "s");
	for (int line = 1; n && line <= maxl; line++)
		if (has[line] && session_break_find(s, s->main_file, line) == id) {
			strbuf_addf(msg, "%s %d at line %d", id > first ? "," : "", id, line);
			id++;
		}
	if (had)
		strbuf_addf(msg, "%s%d barrier line%s had a breakpoint already", n ? "; " : "", had,
			    had == 1 ? "" : "s");
}

/* ---- gdb's vocabulary (issue 16): frames, conditions, ignore counts,
 * one lane's watchpoints, until, restart, convenience variables */

int session_frames(const struct session *s, int slot, int warp, int lane,
		   struct session_frame *out, int max)
{
	struct machine_group_info gi;
	int n = 0, func;
	uint32_t pc;

	if (machine_lane(s->m, slot, warp, lane, &gi) < 0 || gi.state == LS_EXITED)
		return 0;
	for (int up = 0; up < 1024; up++) {
		if (machine_lane_frame_pc(s->m, slot, warp, lane, up, &func, &pc) < 0 || func < 0 ||
		    (uint32_t)func >= s->mod->nfuncs)
			break;
		if (n < max)
			out[n] = (struct session_frame){ func, pc, session_line(s, func, pc),
							 s->mod->funcs[func].name };
		n++;
	}
	return n < max ? n : max;
}

int session_frame_vars(const struct session *s, int slot, int warp, int lane, int up, int which,
		       const struct ir_var **out, int max)
{
	struct eval_ctx c;
	const struct ir_func *fn;
	uint32_t pc;
	int n = 0;

	session_eval_ctx_frame(s, slot, warp, lane, up, &c);
	if (!(fn = eval_lane_func(&c, &pc)))
		return 0;
	for (uint32_t k = 0; k < fn->nvars && n < max; k++) {
		const struct ir_var *v = &fn->vars[k];
		int shadowed = 0;

		if (!eval_var_in_scope(v, pc) || v->loc == VLOC_SHARED ||
		    !(which & (v->is_param ? 1 : 2)))
			continue;
		for (int j = 0; j < n; j++)
			if (!strcmp(out[j]->name, v->name)) {
				out[j] = v; /* the inner one hides the outer */
				shadowed = 1;
			}
		if (!shadowed)
			out[n++] = v;
	}
	return n;
}

void session_eval_ctx_frame(const struct session *s, int slot, int warp, int lane, int up,
			    struct eval_ctx *c)
{
	session_eval_ctx(s, slot, warp, lane, c);
	c->frame = up > 0 ? up : 0;
}

int session_break_condition(struct session *s, int id, const char *cond)
{
	struct sbp *b = bp_by_id(s, id);

	if (!b || (b->pub.kind != SBP_LINE && b->pub.kind != SBP_FUNC))
		return -1;
	free(b->cond);
	b->cond = cond && *cond ? xstrdup(cond) : NULL;
	return 0;
}

int session_break_ignore(struct session *s, int id, uint64_t count)
{
	struct sbp *b = bp_by_id(s, id);

	if (!b)
		return -1;
	b->pub.ignore = count;
	return 0;
}

int session_watch_lane(struct session *s, uint64_t addr, uint32_t size, uint8_t type,
		       enum session_watch kind, int slot, int warp, int lane, const char *what,
		       struct strbuf *msg)
{
	int id = session_watch(s, addr, size, kind, slot, what, msg);
	struct sbp *b;

	if (id < 0 || !(b = bp_by_id(s, id)))
		return -1;
	b->pub.type = type;
	if (warp >= 0 && lane >= 0) {
		struct machine_group_info gi;
		uint64_t base;

		b->pub.warp = warp;
		b->pub.lane = lane;
		/* local memory: the frame that holds addr (the innermost whose
		 * area starts at or below it) scopes it */
		if (((unsigned)(addr >> MACHINE_TAG_SHIFT) & 0xffu) == MACHINE_TAG_LOCAL &&
		    machine_lane(s->m, slot, warp, lane, &gi) == 0)
			for (int up = 0; up <= gi.depth; up++)
				if (machine_lane_frame(s->m, slot, warp, lane, up, &base) == 0 && base <= addr) {
					b->pub.scope_depth = gi.depth - up;
					break;
				}
	}
	return id;
}

int session_until(struct session *s, const struct session_focus *focus, struct session_stop *stop,
		  struct strbuf *msg)
{
	struct pos start, p;
	int slot = focus ? focus->slot : -1, warp = focus ? focus->warp : 0, lane = focus ? focus->lane : 0;
	int ret = 0;

	memset(stop, 0, sizeof(*stop));
	s->stop = stop;
	if (!focus || slot == SESSION_SCHED)
		return session_step(s, SESSION_OVER, 1, focus, stop, msg);
	if (!running(s))
		return session_step(s, SESSION_OVER, 1, focus, stop, msg); /* its message */
	lane_pos(s, slot, warp, lane, &start);
	mark_push(s);
	for (uint64_t n = 1; running(s); n++) {
		memset(stop, 0, sizeof(*stop));
		if ((ret = step_one(s, SESSION_OVER, focus, msg)) < 0 || stop->reason != SESSION_STEPPED)
			break;
		lane_pos(s, slot, warp, lane, &p);
		if (!start.ok || !p.ok || p.depth < start.depth ||
		    (p.depth == start.depth && (p.func != start.func || p.line > start.line)))
			break;
		if (slot >= 0 && !kernel_active(s, NULL))
			break;
		if (interrupted(s, n * CHUNK))
			break;
	}
	mark_settle(s);
	if (!running(s)) {
		stop->reason = SESSION_EXITED;
		if (s->has_main)
			snprintf(stop->text, sizeof(stop->text), "program exited with status %d",
				 machine_exit_status(s->m));
		else
			snprintf(stop->text, sizeof(stop->text), "the launched kernels have finished");
	}
	return ret;
}

int session_advance(struct session *s, const struct session_focus *focus, uint32_t file, int line,
		    const char *func, int until, struct session_stop *stop, struct strbuf *msg)
{
	struct pos p;
	int id, ret;

	memset(stop, 0, sizeof(*stop));
	s->stop = stop;
	if (!running(s)) {
		strbuf_adds(msg, "The program is not being run.");
		return -1;
	}
	id = func ? session_break_func(s, func, NULL, 1, msg) : session_break_line(s, file, line, NULL, 1, msg);
	if (id < 0)
		return -1;
	s->fret.depth = -1;
	s->until_bp = id;
	s->until_depth = -1;
	if (focus && focus->slot != SESSION_SCHED) {
		lane_pos(s, focus->slot, focus->warp, focus->lane, &p);
		/* a return from the outermost frame ends the thread: nothing to stop in */
		if (p.ok && p.depth > 0)
			s->fret = (struct scope){ 0, focus->slot, focus->warp, focus->lane, p.depth };
		if (p.ok && until)
			s->until_depth = p.depth;
	}
	ret = session_step(s, SESSION_CONTINUE, 1, focus, stop, msg);
	s->fret.depth = -1;
	s->until_bp = 0;
	s->until_depth = -1;
	session_break_delete(s, id); /* stopped elsewhere: it goes (a temporary one) */
	return ret;
}

int session_restart(struct session *s)
{
	if (!s->has_main)
		return -1;
	s->log.len = 0;
	s->marks.len = 0;
	ckpts_clear(s); /* copies of the run being restarted */
	replay_start(s, -1); /* an empty log: a fresh machine, main() started */
	replay_done(s);
	s->nfind0 = 0;
	return 0;
}

int session_conv_set(struct session *s, const char *name, const struct eval_val *v)
{
	static const char *const builtin[] = { "lane", "laneid", "warp", "warpid", "tid", "block",
					       "threadIdx", "blockIdx", "blockDim", "gridDim" };
	struct eval_conv c;

	if (!name || !(isalpha((unsigned char)*name) || *name == '_') || strlen(name) >= sizeof(c.name))
		return -1;
	for (const char *p = name; *p; p++)
		if (!isalnum((unsigned char)*p) && *p != '_')
			return -1;
	for (size_t i = 0; i < WS_ARRAY_LEN(builtin); i++)
		if (!strcmp(name, builtin[i]))
			return -1;
	memset(&c, 0, sizeof(c));
	snprintf(c.name, sizeof(c.name), "%s", name);
	c.v = *v;
	c.v.lval = 0;
	c.v.count = 0;
	for (size_t i = 0; i < s->conv.len; i++)
		if (!strcmp(s->conv.v[i].name, name)) {
			s->conv.v[i] = c;
			return 0;
		}
	vec_push(&s->conv, c);
	return 0;
}

/* ---- gdb's value history and assignments */

size_t session_history_count(const struct session *s)
{
	return s->hist.len;
}

/* Append v to the value history, its array elements copied (a snapshot). */
static size_t history_add(struct session *s, const struct eval_ctx *c, const struct eval_val *v)
{
	struct eval_val h = *v;

	h.lval = 0;
	h.data = NULL;
	if (v->count) {
		int sz = eval_type_size(v->t);
		uint8_t *d = xcalloc(v->count, (size_t)sz);

		for (uint32_t i = 0; i < v->count; i++)
			if (v->data)
				memcpy(d + (size_t)i * (size_t)sz, v->data + (size_t)i * (size_t)sz, (size_t)sz);
			else
				machine_read(s->m, c->slot, c->warp, c->lane, v->addr + (uint64_t)i * (uint64_t)sz,
					     d + (size_t)i * (size_t)sz, (size_t)sz);
		h.data = d;
		h.is_ptr = 1;
		h.ptr_elem = v->t;
		vec_push(&s->hist_data, d);
	}
	vec_push(&s->hist, h);
	return s->hist.len;
}

int session_assign(struct session *s, int slot, int warp, int lane, int up, const char *expr,
		   struct eval_val *v, struct strbuf *msg)
{
	struct eval_ctx c;
	struct eval_val rhs;
	struct assign a;
	size_t eq;
	const char *rtext;
	char *lhs, *compound = NULL, op;
	uint8_t t;
	int r;

	if (!running(s)) {
		strbuf_adds(msg, "The program is not being run.");
		return -1;
	}
	if (!eval_split_assign(expr, &eq)) {
		strbuf_adds(msg, "an assignment needs LHS = VALUE");
		return -1;
	}
	session_eval_ctx_frame(s, slot, warp, lane, up, &c);
	rtext = expr + eq + 1;
	lhs = xstrdup(expr);
	lhs[eq] = 0;
	while (eq && isspace((unsigned char)lhs[eq - 1]))
		lhs[--eq] = 0;
	if (eq && strchr("+-*/%&|^", lhs[eq - 1])) {
		/* x += 2: x = (x) + (2) */
		size_t n = strlen(rtext) + eq + 16;

		op = lhs[eq - 1];
		lhs[--eq] = 0;
		while (eq && isspace((unsigned char)lhs[eq - 1]))
			lhs[--eq] = 0;
		compound = xmalloc(n);
		snprintf(compound, n, "(%s) %c (%s)", lhs, op, rtext);
		rtext = compound;
	}
	memset(&a, 0, sizeof(a));
	r = eval_lvalue(&c, lhs, &a.reg, &a.addr, &t, msg);
	if (r == 0 && eval_expr(&c, rtext, &rhs, msg) < 0)
		r = -1;
	free(compound);
	if (r == 0 && rhs.count) {
		strbuf_adds(msg, "cannot assign an array (assign its elements one by one)");
		r = -1;
	}
	if (r < 0) {
		free(lhs);
		return -1;
	}
	a.slot = slot;
	a.warp = warp;
	a.lane = lane;
	a.up = up > 0 ? up : 0;
	a.size = (uint32_t)eval_type_size(t);
	a.bits = eval_bits_of(&rhs, t);
	if (a.reg < 0) {
		uint64_t probe = 0;

		if (machine_read(s->m, slot, warp, lane, a.addr, &probe, a.size) < 0) {
			strbuf_addf(msg, "cannot access memory at address 0x%llx", (unsigned long long)a.addr);
			free(lhs);
			return -1;
		}
		a.bits &= a.size >= 8 ? ~(uint64_t)0 : ((uint64_t)1 << (a.size * 8)) - 1;
	}
	/* one command: a mark before it, the write a step of the log */
	mark_push(s);
	vec_push(&s->assigns, a);
	if (assign_exec(s, &s->assigns.v[s->assigns.len - 1]) < 0) {
		s->assigns.len--;
		mark_settle(s);
		strbuf_addf(msg, "cannot assign to '%s' here", lhs);
		free(lhs);
		return -1;
	}
	if (s->reversible)
		vec_push(&s->log, ((struct logent){ P_SET, 0, 0, (int)s->assigns.len - 1, 1, 0 }));
	mark_settle(s);
	if (v) {
		session_eval_ctx_frame(s, slot, warp, lane, up, &c);
		if (eval_expr(&c, lhs, v, msg) < 0)
			eval_scalar_val(t, a.bits, v);
	}
	free(lhs);
	return 0;
}

int session_print(struct session *s, int slot, int warp, int lane, int up, const char *expr, char fmt,
		  struct strbuf *out)
{
	struct eval_ctx c;
	struct eval_val v;
	struct strbuf err;
	size_t eq, n;

	if (fmt && !strchr("xduotcfaz", fmt)) {
		strbuf_addf(out, "undefined output format '%c' (x d u o t c f a z)", fmt);
		return -1;
	}
	strbuf_init(&err);
	if (eval_split_assign(expr, &eq)) {
		if (session_assign(s, slot, warp, lane, up, expr, &v, &err) < 0)
			goto fail;
	} else {
		session_eval_ctx_frame(s, slot, warp, lane, up, &c);
		if (eval_expr(&c, *expr ? expr : "$", &v, &err) < 0)
			goto fail;
	}
	strbuf_release(&err);
	session_eval_ctx_frame(s, slot, warp, lane, up, &c);
	n = history_add(s, &c, &v);
	strbuf_addf(out, "$%zu = ", n);
	c.hist = s->hist.v;
	c.nhist = s->hist.len;
	eval_print_val(&c, &s->hist.v[n - 1], fmt, out);
	return 0;
fail:
	strbuf_adds(out, strbuf_cstr(&err));
	strbuf_release(&err);
	return -1;
}
/* ---- the last texture fetch */

int session_tex_last(const struct session *s, struct machine_tex_probe *out)
{
	return machine_tex_last(session_machine(s), out);
}

int session_tex_text(const struct session *s, int lane, struct strbuf *out)
{
	static const char *const am[] = { "wrap", "clamp", "mirror", "border" };
	struct machine_tex_probe p;

	if (session_tex_last(s, &p)) {
		strbuf_adds(out, "no texture fetch yet");
		return -1;
	}
	strbuf_addf(out, "%s on texture object %llu at line %d (%s", p.func, (unsigned long long)p.obj,
		    p.span.line, p.slot < 0 ? "host" : "block slot ");
	if (p.slot >= 0)
		strbuf_addf(out, "%d, warp %d", p.slot, p.warp);
	strbuf_addf(out, "): %s filtering, %s coordinates, address %s/%s/%s, %s",
		    p.filter ? "linear" : "point", p.norm ? "normalized" : "texel",
		    am[p.addr[0] & 3], am[p.addr[1] & 3], am[p.addr[2] & 3],
		    p.readmode ? "normalized-float read" : "element-type read");
	for (int l = 0; l < 32; l++) {
		const struct machine_tex_lane *q = &p.lane[l];
		if (!q->valid || (lane >= 0 && l != lane))
			continue;
		strbuf_addf(out, "\nlane %2d: (%.9g, %.9g, %.9g) layer %d", l, q->coord[0], q->coord[1],
			    q->coord[2], q->layer);
		if (p.levels > 1)
			strbuf_addf(out, " lod %.9g of %d levels", q->lod, p.levels);
		strbuf_addf(out, " ->");
		for (int k = 0; k < 4; k++) {
			float f;
			memcpy(&f, &q->result[k], 4);
			if (q->result_float)
				strbuf_addf(out, " %.9g", f);
			else
				strbuf_addf(out, " %d", (int)q->result[k]);
		}
		for (int t = 0; t < q->ntexels; t++) {
			const struct machine_tex_texel *x = &q->t[t];
			/* a weight is k/256 per dimension: show it as a fraction */
			double den = 256.0;
			while (den < 4294967296.0 && x->weight * den != (double)(long long)(x->weight * den))
				den *= 256.0;
			strbuf_addf(out, "\n    texel (%d, %d, %d) layer %d", x->x, x->y, x->z, x->layer);
			if (p.levels > 1)
				strbuf_addf(out, " level %d", x->level);
			strbuf_addf(out, " weight %lld/%.0f%s = %.9g %.9g %.9g %.9g", (long long)(x->weight * den), den,
				    x->border ? " (border)" : "", x->value[0], x->value[1], x->value[2], x->value[3]);
		}
	}
	return 0;
}

/* ---- asynchronous copies and pipelines (the sync pane, `info cuda async`) */

static const char *const stage_names[] = { "free", "acquired", "committed", "ready", "released" };

const char *session_stage_name(int state)
{
	return state >= 0 && state < (int)WS_ARRAY_LEN(stage_names) ? stage_names[state] : "?";
}

int session_pipeline_count(const struct session *s)
{
	return machine_pipe_count(s->m);
}

int session_pipeline(const struct session *s, int i, struct session_pipe *out)
{
	struct machine_pipe_info pi;

	memset(out, 0, sizeof(*out));
	if (machine_pipe(s->m, i, &pi) < 0)
		return -1;
	out->info = pi;
	out->name = cubar_name(s, pi.obj);
	return 0;
}

int session_acopy_groups(const struct session *s, struct session_acopy_group *out, int max)
{
	int n = machine_acopy_count(s->m), k = 0;

	for (int i = 0; i < n; i++) {
		struct machine_acopy_info c;
		struct session_acopy_group *g = NULL;

		if (machine_acopy(s->m, i, &c) < 0)
			continue;
		for (int j = 0; j < k && j < max; j++)
			if (out[j].slot == c.slot && !memcmp(out[j].block, c.block, sizeof(c.block)) &&
			    out[j].line == (int)c.line && out[j].kind == c.kind && out[j].sync == c.sync &&
			    out[j].batch == c.batch && out[j].committed == c.committed && out[j].landed == c.landed)
				g = &out[j];
		if (!g) {
			if (k >= max) {
				k++;
				continue;
			}
			g = &out[k++];
			memset(g, 0, sizeof(*g));
			g->slot = c.slot;
			memcpy(g->block, c.block, sizeof(c.block));
			g->line = (int)c.line;
			g->kind = c.kind;
			g->sync = c.sync;
			g->batch = c.batch;
			g->committed = c.committed;
			g->landed = c.landed;
			g->tid_lo = g->tid_hi = c.tid;
			g->dst_lo = c.dst;
			g->dst_hi = c.dst + c.size;
		}
		g->ncopies++;
		g->bytes += c.size;
		if (c.tid < g->tid_lo)
			g->tid_lo = c.tid;
		if (c.tid > g->tid_hi)
			g->tid_hi = c.tid;
		if (c.dst < g->dst_lo)
			g->dst_lo = c.dst;
		if (c.dst + c.size > g->dst_hi)
			g->dst_hi = c.dst + c.size;
	}
	return k;
}

static const char *acopy_waits(const struct session_acopy_group *g)
{
	if (g->landed)
		return "landed already, not waited for yet";
	switch (g->kind) {
	case ACOPY_BARRIER: return "lands when the barrier's phase completes";
	case ACOPY_PIPELINE: return g->committed ? "stage committed, lands at consumer_wait()"
						 : "stage not committed yet";
	default: return g->committed ? "batch committed, lands at the wait for it" : "batch not committed yet";
	}
}

void session_acopy_group_text(const struct session_acopy_group *g, char *buf, size_t n)
{
	static const char *const kinds[] = { "memcpy_async", "memcpy_async (barrier)", "memcpy_async (pipeline)",
					     "__pipeline_memcpy_async" };
	char who[48];

	if (g->tid_lo == g->tid_hi)
		snprintf(who, sizeof(who), "thread %u", g->tid_lo);
	else
		snprintf(who, sizeof(who), "threads %u..%u", g->tid_lo, g->tid_hi);
	snprintf(buf, n, "line %d %s: %d cop%s, %llu bytes to 0x%llx..0x%llx by %s, %s %llu: %s", g->line,
		 kinds[g->kind >= 0 && g->kind < 4 ? g->kind : 0], g->ncopies, g->ncopies == 1 ? "y" : "ies",
		 (unsigned long long)g->bytes, (unsigned long long)g->dst_lo, (unsigned long long)g->dst_hi, who,
		 g->kind == ACOPY_PIPELINE ? "use" : g->kind == ACOPY_BARRIER ? "batch" : "batch",
		 (unsigned long long)g->batch, acopy_waits(g));
}

void session_pipeline_stage_text(const struct session_pipe *p, int k, char *buf, size_t n)
{
	const struct machine_pipe_stage *st = &p->info.stage[k];

	if (st->state == STAGE_FREE) {
		snprintf(buf, n, "stage %d: free", k);
		return;
	}
	snprintf(buf, n, "stage %d: %s (use %llu; acquired %u, committed %u/%u, released %u/%u, %u in flight)", k,
		 session_stage_name(st->state), (unsigned long long)st->use, st->acquired, st->committed,
		 p->info.producers, st->released, p->info.consumers, st->inflight);
}

void session_async_text(const struct session *s, struct strbuf *out)
{
	int np = session_pipeline_count(s), ng;
	struct session_acopy_group g[64];
	char buf[320];

	for (int i = 0; i < np; i++) {
		struct session_pipe p;

		if (session_pipeline(s, i, &p) < 0)
			continue;
		strbuf_addf(out, "%scuda::pipeline %s", out->len ? "\n" : "", p.name ? p.name : "");
		if (!p.name)
			strbuf_addf(out, "@0x%llx", (unsigned long long)p.info.addr);
		if (p.info.slot >= 0)
			strbuf_addf(out, " block (%u,%u,%u)", p.info.block[0], p.info.block[1], p.info.block[2]);
		strbuf_addf(out, ": %u stages, %u producers, %u consumers (%s)", p.info.nstages, p.info.producers,
			    p.info.consumers, p.info.partitioned ? "partitioned" : "unified");
		for (uint32_t k = 0; k < p.info.nstages && k < MACHINE_PIPE_MAXSTAGES; k++) {
			session_pipeline_stage_text(&p, (int)k, buf, sizeof(buf));
			strbuf_addf(out, "\n  %s", buf);
		}
	}
	ng = session_acopy_groups(s, g, (int)WS_ARRAY_LEN(g));
	if (!ng) {
		strbuf_addf(out, "%sno asynchronous copy in flight", out->len ? "\n" : "");
		return;
	}
	strbuf_addf(out, "%sasynchronous copies in flight: %d", out->len ? "\n" : "", machine_acopy_count(s->m));
	for (int i = 0; i < ng && i < (int)WS_ARRAY_LEN(g); i++) {
		session_acopy_group_text(&g[i], buf, sizeof(buf));
		strbuf_addf(out, "\n  block (%u,%u,%u) %s", g[i].block[0], g[i].block[1], g[i].block[2], buf);
	}
	if (ng > (int)WS_ARRAY_LEN(g))
		strbuf_addf(out, "\n  and %d more groups", ng - (int)WS_ARRAY_LEN(g));
}
