/*
 * backend_engine.c - struct ui_backend on the real engine (backend_engine.h).
 *
 * Design:
 * - Stepping, continue, breakpoints and reverse-step are the debugger
 *   session's (engine/session/session.h): this file translates commands to
 *   session_step and the stop it reports back to a focus and a status line.
 * - The session rebuilds the machine for reverse-step and `set`; on_build
 *   gives each new machine fresh output streams, and observers registered
 *   through the session follow it.
 * - Memory: the session's access log (session_access_last) gives the last
 *   shared and global warp access: banks and conflict degree, sectors,
 *   highlighted cells.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backend_engine.h"
#include "eval.h"
#include "session.h"

#define MAX_CELLS 4096       /* elements shown per array */
#define TAG_OF(a) ((unsigned)((a) >> MACHINE_TAG_SHIFT) & 0xffu)
#define OFF_OF(a) ((a) & (((uint64_t)1 << MACHINE_TAG_SHIFT) - 1))
#define TAG_GLOBAL MACHINE_TAG_GLOBAL
#define TAG_SHARED MACHINE_TAG_SHARED

struct focus {
	int slot, warp, lane;   /* slot -1: the host thread */
};

struct pos {
	int ok, func, line;
};

struct eng {
	struct ui_backend be;
	struct session_program *c; /* the compilation (maybe a failed one), NULL: none yet */
	const struct srcmgr *sm;   /* its sources (or the attached session's) */
	int attached;              /* showing a session owned by someone else (the Lua host) */
	char *path, *text;      /* the program: its file, and the text given (or NULL) */
	struct session_compile_opts fo;
	const struct ir_module *mod; /* NULL: the program does not compile */
	uint32_t file;
	struct machine_opts mo;
	int argc;
	char **argv;
	struct session *s;      /* NULL: the program does not compile */
	struct session *kept;   /* a session whose program stopped compiling: its breakpoints */
	struct machine *m;      /* session_machine(s), refreshed after each command */
	FILE *out, *err;
	char *obuf, *ebuf;
	size_t olen, elen, oseen, eseen;
	int fb[3], ft;          /* focus: block index, linear thread in the block */
	VEC(char *) lanes;      /* print EXPR @ lanes rows */
	struct session_collrec *coll; /* the last warp collective (session.h) */
	size_t nfind_seen;
	VEC(struct ui_con_line) pending; /* console lines for the next snapshot, in order */
	char stop[200];
	struct {                /* a breakpoint's group: drawn as the lanes there */
		int valid, slot, warp;
		uint32_t mask;
	} stopg;
	char simt[16], sched[128];
	int (*poll)(void *ctx, uint64_t steps, uint64_t total);
	void *poll_ctx;
	int mm_seen;            /* relaxed model: explanation lines shown so far */
	int frame;              /* the selected frame (gdb's frame/up/down), 0: innermost */
	int nlaunch;            /* kernels launched in this run (info cuda kernels) */
	VEC(char *) witness;    /* :explore's outcomes: each one's witness */
	char *witness_on;       /* the witness replayed (mo.schedule points here) */
	struct session_trace *trace; /* debug --trace: steps replay it (docs/gpu.md) */
	int trace_over;         /* its last record is replayed: stepping is the emulator's again */
	int compare;            /* :compare: the emulator's own run beside it (the GPU pane) */
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

/* a global object's name for an address (machine_addr_name), else the address */
static const char *addr_name(struct eng *e, struct ui_state *st, uint64_t a)
{
	char buf[96];

	machine_addr_name(e->m, a, 0, buf, sizeof(buf));
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

/* The line a student reads an instruction at (session_line). */
static int insn_line(struct eng *e, int func, uint32_t pc)
{
	return session_line(e->s, func, pc);
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
/* break finding [KIND] is the session's (session_break_finding); the
 * interface passes it as line BP_FINDING (cmd.c), barriers as line -1. */
#define BP_FINDING (-2)

static void on_event(void *ctx, const struct machine_event *ev)
{
	struct eng *e = ctx;

	switch (ev->kind) {
	case EV_LAUNCH:
		e->nlaunch++;
		if (!session_replaying(e->s))
			pend_event(e, "[kernel %s launched: stepping continues into it]",
				   func_name(e, ev->func));
		break;
	case EV_KERNEL_END:
		if (!session_replaying(e->s))
			pend_event(e, "[kernel %s finished: back in host code]", func_name(e, ev->func));
		break;
	default:
		break;
	}
}

/* Before the session builds a machine (first, and on every rebuild): fresh
 * output streams, no memory access or collective remembered. */
static void on_build(void *ctx, struct machine_opts *mo)
{
	struct eng *e = ctx;

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
	mo->out = e->out;
	mo->err = e->err;
	session_collectives_reset(e->coll);
	e->nlaunch = 0;
}

static int running(struct eng *e)
{
	return machine_get_status(e->m) == MST_RUNNING;
}

/* After a rebuild (reverse, set): what the console showed is the past. */
static void caught_up(struct eng *e)
{
	fflush(e->out);
	fflush(e->err);
	e->oseen = e->olen;
	e->eseen = e->elen;
	e->nfind_seen = machine_nfindings(e->m);
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
	p->line = insn_line(e, gi.func, gi.pc);
	/* inside a built-in header (cuda::barrier::wait): the line of its call */
	for (int up = 1, f = gi.func; !p->line && up < 64; up++) {
		uint32_t pc;

		if (machine_lane_frame_pc(e->m, slot, warp, lane, up, &f, &pc) < 0)
			break;
		p->line = insn_line(e, f, pc);
	}
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

/* ---- stepping, continue and breakpoints: the session's (session.h) */

/* The session stopped: the focus follows the thread it names. */
static void stop_apply(struct eng *e, const struct session_stop *sp)
{
	e->m = session_machine(e->s);
	e->frame = 0; /* like gdb: a stop selects the innermost frame */
	snprintf(e->stop, sizeof(e->stop), "%s", sp->text);
	e->stopg.valid = sp->reason == SESSION_BREAKPOINT && sp->has_thread && sp->mask;
	e->stopg.slot = sp->slot;
	e->stopg.warp = sp->warp;
	e->stopg.mask = sp->mask;
	if (sp->reason == SESSION_FOUND) {
		const struct machine_finding *fd = machine_finding_get(e->m, sp->finding);

		if (fd && fd->on_device) {
			for (int i = 0; i < 3; i++)
				e->fb[i] = (int)fd->block[i];
			e->ft = fd->warp * 32 + fd->lane;
		}
		return;
	}
	if (sp->has_thread && sp->slot >= 0) {
		struct machine_block_info bi;

		if (machine_block(e->m, sp->slot, &bi) == 0)
			for (int i = 0; i < 3; i++)
				e->fb[i] = (int)bi.idx[i];
		e->ft = sp->warp * 32 + sp->lane;
	}
	if (sp->reason == SESSION_BACKED)
		caught_up(e);
}

static int eng_step(void *self, enum ui_step how, long count, struct strbuf *msg)
{
	static const enum session_step map[] = {
		[UI_STEP_INSN] = SESSION_INSN, [UI_STEP_LINE] = SESSION_LINE,
		[UI_STEP_OVER] = SESSION_OVER, [UI_STEP_OUT] = SESSION_OUT,
		[UI_STEP_WARP] = SESSION_LINE, [UI_STEP_BLOCK] = SESSION_BLOCK,
		[UI_STEP_BARRIER] = SESSION_BARRIER, [UI_STEP_BACK] = SESSION_BACK_STEP,
		[UI_STEP_BACK_NEXT] = SESSION_BACK_NEXT, [UI_STEP_BACK_CONTINUE] = SESSION_BACK_CONTINUE,
		[UI_STEP_BACK_FINISH] = SESSION_BACK_FINISH, [UI_STEP_UNDO] = SESSION_BACK,
	};
	struct eng *e = self;
	struct session_stop sp;
	struct session_focus sf;
	struct focus f;
	int ret;

	if (no_program(e, msg))
		return -1;
	focus_get(e, &f);
	if (f.slot < 0 && how == UI_STEP_WARP && running(e)) {
		strbuf_adds(msg, "no kernel is running (host code): use step or continue");
		return -1;
	}
	sf = (struct session_focus){ f.slot, f.warp, f.lane };
	if (e->trace && !e->trace_over && (how == UI_STEP_INSN || how == UI_STEP_LINE || how == UI_STEP_OVER ||
					   how == UI_STEP_WARP)) {
		/* debug --trace: the recorded order picks the warp (session_trace_step) */
		for (long n = 0; n < (count > 0 ? count : 1); n++) {
			ret = session_trace_step(e->s, e->trace, &sp, msg);
			if (ret < 0)
				return -1;
			if (ret == 1) {
				size_t total;
				session_trace_pos(e->trace, &total);
				e->trace_over = 1; /* kept for the GPU pane */
				snprintf(e->stop, sizeof(e->stop), "the trace is over (%zu GPU steps): stepping goes on in the emulator's order", total);
				pend_line(e, UI_CON_INFO, e->stop, strlen(e->stop));
				return 0;
			}
			stop_apply(e, &sp);
		}
		return 0;
	}
	ret = session_step(e->s, map[how], count, &sf, &sp, msg);
	if (ret == 0)
		stop_apply(e, &sp);
	return ret;
}

static int stop_report(struct eng *e, const struct session_stop *sp, struct strbuf *msg);

static int eng_cont(void *self, struct strbuf *msg)
{
	struct eng *e = self;
	struct session_stop sp;
	struct focus f;
	struct session_focus sf;

	if (no_program(e, msg))
		return -1;
	focus_get(e, &f);
	sf = (struct session_focus){ f.slot, f.warp, f.lane };
	if (session_step(e->s, SESSION_CONTINUE, 1, &sf, &sp, msg) < 0)
		return -1;
	return stop_report(e, &sp, msg);
}

static int eng_break_set(void *self, int line, const char *cond, struct strbuf *msg)
{
	struct eng *e = self;
	int id;

	if (no_program(e, msg))
		return -1;
	if (line == BP_FINDING) {
		if ((id = session_break_finding(e->s, cond, msg)) < 0)
			return -1;
		if (cond)
			strbuf_addf(msg, "breakpoint %d: continue stops at a %s finding (other kinds "
				    "are listed, not stopped at)", id, cond);
		else
			strbuf_addf(msg, "breakpoint %d: continue stops at every new finding", id);
		return id;
	}
	if (line == -1)
		return session_break_barriers(e->s, msg);
	return session_break_line(e->s, 0, line, cond, 0, msg);
}

static int eng_break_delete(void *self, int id, struct strbuf *msg)
{
	struct eng *e = self;

	if (session_break_delete(e->s, id) < 0) {
		strbuf_addf(msg, "no breakpoint %d", id);
		return -1;
	}
	return 0;
}

/* ---- focus, print, info, set */

static struct eval_ctx ctx_for(struct eng *e, int slot, int warp, int lane)
{
	struct eval_ctx c;

	session_eval_ctx(e->s, slot, warp, lane, &c);
	return c;
}

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
	e->frame = 0;
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
		struct session_warp sw;
		const struct session_group *g;

		session_warp(e->s, f->slot, w, &sw);
		g = sw.ngroups ? &sw.g[sw.last >= 0 ? sw.last : 0] : NULL;
		if (g)
			strbuf_addf(out, "\n%s %4d  0x%08x  %4d  %s, %d group%s", w == f->warp ? "*" : " ",
				    w, sw.live, g->line, lane_state_name(g->state), sw.ngroups,
				    sw.ngroups == 1 ? "" : "s");
		else
			strbuf_addf(out, "\n%s %4d  0x%08x        exited", w == f->warp ? "*" : " ", w,
				    sw.live);
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

static struct eval_ctx frame_ctx(struct eng *e, struct focus *f);

/* the x[] of fragment variable name in lane c's frame as raw little-endian
 * units into raw (16 at most): 1 when read */
static int frag_raw(const struct eval_ctx *c, const char *name, const struct machine_wmma_frag *fr, uint8_t *raw)
{
	struct strbuf xs, err;
	const char *p;
	int k = 0;

	if (fr->nstorage > 16)
		return 0;
	strbuf_init(&xs);
	strbuf_init(&err);
	/* an aggregate evaluates to its address */
	if (eval_examine(c, name, fr->nstorage, 'x', fr->elem_size, &xs, &err) == 0)
		for (p = strbuf_cstr(&xs); (p = strchr(p, '\t')) != NULL && k < fr->nstorage; k++) {
			unsigned long long bits = strtoull(p + 1, (char **)&p, 16);
			memcpy(raw + (size_t)k * (size_t)fr->elem_size, &bits, (size_t)fr->elem_size);
		}
	strbuf_release(&xs);
	strbuf_release(&err);
	return k == fr->nstorage;
}

/* the lowest lane holding each element of fragment fr (rows * cols) */
static void frag_owners(const struct machine_wmma_frag *fr, int *owner)
{
	int r, col;

	for (int k = 0; k < fr->rows * fr->cols; k++)
		owner[k] = -1;
	for (int l = 31; l >= 0; l--)
		for (int k = fr->nstorage - 1; k >= 0; k--) {
			if (machine_wmma_rc(fr->code, (unsigned)l, (unsigned)k, &r, &col))
				continue;
			for (int w = 0; w < fr->per_word; w++) {
				int rr = (fr->code & 3) == 1 ? r + w : r, cc = (fr->code & 3) == 1 ? col : col + w;
				if (rr < fr->rows && cc < fr->cols)
					owner[rr * fr->cols + cc] = l;
			}
		}
}

/* info cuda wmma: for each warp matrix fragment among the focused lane's
 * variables, the elements the lane holds (x[e] = matrix[row][col] = value)
 * and a map of the matrix telling which lane holds each element */
static void info_wmma(struct eng *e, struct strbuf *out)
{
	const struct ir_var *vars[64];
	struct focus f;
	struct eval_ctx c = frame_ctx(e, &f);
	int n = session_frame_vars(e->s, f.slot, f.warp, f.lane, e->frame, 3, vars, 64), shown = 0;

	for (int i = 0; i < n; i++) {
		struct machine_wmma_frag fr;
		int r, col;

		if (!vars[i]->type || machine_wmma_frag(vars[i]->type->name, &fr))
			continue;
		strbuf_addf(out, "%s%s: %s, %d element%s in x[] per lane\nlane %d holds:", shown++ ? "\n" : "",
			    vars[i]->name, fr.desc, fr.nstorage, fr.nstorage == 1 ? "" : "s", f.lane);
		/* the lane's x[] as raw units: x/N of the variable's address */
		uint8_t raw[16 * 8] = { 0 };
		int have = frag_raw(&c, vars[i]->name, &fr, raw);
		for (int k = 0; k < fr.nstorage; k++) {
			if (machine_wmma_rc(fr.code, (unsigned)f.lane, (unsigned)k, &r, &col))
				continue;
			strbuf_addf(out, "%s x[%d] = ", k % 4 ? "," : "\n ", k);
			if (fr.per_word == 1)
				strbuf_addf(out, "[%d][%d] = ", r, col);
			else if ((fr.code & 3) == 1) /* a packed column of B */
				strbuf_addf(out, "[%d..%d][%d] = ", r, r + fr.per_word - 1, col);
			else
				strbuf_addf(out, "[%d][%d..%d] = ", r, col, col + fr.per_word - 1);
			if (have)
				machine_wmma_value(fr.code, raw + (size_t)k * (size_t)fr.elem_size, out);
			else
				strbuf_adds(out, "?");
		}
		/* the map: the first lane holding each element */
		strbuf_addf(out, "\nlanes holding each element (rows %d, columns %d):", fr.rows, fr.cols);
		int *owner = xcalloc((size_t)fr.rows * (size_t)fr.cols, sizeof(int));
		frag_owners(&fr, owner);
		for (int rr = 0; rr < fr.rows; rr++) {
			strbuf_adds(out, "\n ");
			for (int cc = 0; cc < fr.cols; cc++)
				strbuf_addf(out, owner[rr * fr.cols + cc] == f.lane ? "  *" : " %2d",
					    owner[rr * fr.cols + cc]);
		}
		free(owner);
	}
	if (!shown)
		strbuf_adds(out, "no wmma fragment among the focused thread's variables");
}

static void info_blocks(struct eng *e, struct focus *f, struct strbuf *out)
{
	struct machine_kernel_info k;
	struct machine_block_info b;

	kernel_active(e, &k);
	strbuf_addf(out, "kernel %s: %llu of %llu blocks done; resident:", func_name(e, k.func),
		    (unsigned long long)k.blocks_done, (unsigned long long)k.blocks_total);
	uint32_t cl[3] = { UINT32_MAX, 0, 0 };
	for (int s = 0; s < k.nresident; s++) {
		if (machine_block(e->m, s, &b) != 0)
			continue;
		/* a cluster launch: the blocks grouped under their cluster */
		if (b.clustered && memcmp(cl, b.cluster_idx, sizeof(cl))) {
			memcpy(cl, b.cluster_idx, sizeof(cl));
			strbuf_addf(out, "\n  cluster (%u,%u,%u):", cl[0], cl[1], cl[2]);
		}
		strbuf_addf(out, "\n%s %sblock (%u,%u,%u)", s == f->slot ? "*" : " ", b.clustered ? "  " : "",
			    b.idx[0], b.idx[1], b.idx[2]);
		if (b.clustered)
			strbuf_addf(out, " rank %u", b.cluster_rank);
		strbuf_addf(out, ": %d warps, %u threads, %u exited, %u at the barrier", b.nwarps, b.nthreads,
			    b.nexited, b.bar_arrived);
	}
}

static void info_barriers(struct eng *e, struct strbuf *out)
{
	struct machine_kernel_info k;
	struct session_barrier b;

	kernel_active(e, &k);
	for (int s = 0; s < k.nresident; s++)
		if (session_barrier(e->s, s, &b) == 0)
			strbuf_addf(out, "%sblock (%u,%u,%u) __syncthreads: %u of %u threads arrived, generation %u",
				    s ? "\n" : "", b.block[0], b.block[1], b.block[2], b.arrived, b.live,
				    b.generation);
}

static void info_breakpoints(struct eng *e, struct strbuf *out);
static void info_vars(struct eng *e, int which, struct strbuf *out);
static void info_threads(struct eng *e, const struct focus *f, struct strbuf *out);
static void info_kernels(struct eng *e, struct strbuf *out);
static int eng_frame(void *self, enum ui_frame_op op, int n, struct strbuf *out);

static int eng_explore(struct eng *e, struct strbuf *out);

static int eng_info(void *self, const char *what, struct strbuf *out)
{
	struct eng *e = self;
	struct focus f;

	if (no_program(e, out))
		return -1;
	if (!strcmp(what, "explore"))
		return eng_explore(e, out);
	if (!strcmp(what, "breakpoints")) {
		info_breakpoints(e, out);
		return 0;
	}
	if (!strcmp(what, "locals") || !strcmp(what, "args")) {
		info_vars(e, what[0] == 'a' ? 1 : 2, out);
		return 0;
	}
	if (!strcmp(what, "frame"))
		return eng_frame(e, UI_FRAME_INFO, 0, out);
	if (!strcmp(what, "kernels")) {
		info_kernels(e, out);
		return 0;
	}
	if (!strcmp(what, "textures")) {
		session_tex_text(e->s, -1, out);
		return 0;
	}
	if (!strcmp(what, "trace")) {
		if (e->trace && e->trace_over)
			strbuf_adds(out, "the trace is over: stepping follows the emulator's order");
		else if (e->trace)
			session_trace_text(e->trace, 8, out);
		else
			strbuf_adds(out, "no trace is being replayed (debug --trace FILE)");
		return 0;
	}
	focus_get(e, &f);
	if (f.slot < 0) {
		strbuf_adds(out, "no kernel is running (host code)");
		return 0;
	}
	if (!strcmp(what, "threads"))
		info_threads(e, &f, out);
	else if (!strcmp(what, "warps"))
		info_warps(e, &f, out);
	else if (!strcmp(what, "lanes"))
		info_lanes(e, &f, out);
	else if (!strcmp(what, "blocks"))
		info_blocks(e, &f, out);
	else if (!strcmp(what, "wmma"))
		info_wmma(e, out);
	else if (!strcmp(what, "async"))
		session_async_text(e->s, out);
	else
		info_barriers(e, out);
	return 0;
}

/* :explore: every execution the memory model allows (machine_explore), its
 * outcomes listed in the console; :witness N replays one */
static void explore_free(struct eng *e)
{
	for (size_t i = 0; i < e->witness.len; i++)
		free(e->witness.v[i]);
	e->witness.len = 0;
}

static int eng_explore(struct eng *e, struct strbuf *out)
{
	struct machine_explore r;
	struct machine_opts o = e->mo;

	if (e->mod->main_func < 0) {
		strbuf_adds(out, "explore runs main(): this program has none");
		return -1;
	}
	o.schedule = NULL;
	if (machine_explore(e->mod, &o, e->argc, e->argv, 20000, &r) < 0) {
		strbuf_adds(out, "explore failed");
		return -1;
	}
	explore_free(e);
	strbuf_addf(out, "explore (%s model): %zu outcome%s in %llu execution%s%s", o.model == MODEL_RELAXED ? "relaxed" : "sc",
		    r.n, r.n == 1 ? "" : "s", (unsigned long long)r.execs, r.execs == 1 ? "" : "s",
		    r.exhaustive ? ", every one the model allows" : " (stopped at 20000: not exhaustive)");
	for (size_t i = 0; i < r.n; i++) {
		const struct machine_outcome *oc = &r.o[i];
		const char *p = oc->out;

		strbuf_addf(out, "\n%zu: ", i + 1);
		while (*p) {
			size_t n = strcspn(p, "\n");
			strbuf_addf(out, "%.*s%s", (int)n, p, p[n] && p[n + 1] ? " / " : "");
			p += n + (p[n] ? 1 : 0);
		}
		strbuf_addf(out, "  (%llu execution%s, exit %d)", (unsigned long long)oc->count, oc->count == 1 ? "" : "s",
			    oc->status);
		vec_push(&e->witness, xstrdup(oc->witness));
	}
	if (r.n)
		strbuf_adds(out, "\n:witness N replays outcome N step by step");
	machine_explore_free(&r);
	return 0;
}

static int eng_witness(struct eng *e, const char *value, struct strbuf *msg)
{
	char *end;
	long k = strtol(value, &end, 10);

	if (!e->witness.len) {
		strbuf_adds(msg, "no outcomes yet: run :explore first");
		return -1;
	}
	if (*end || k < 1 || (size_t)k > e->witness.len) {
		strbuf_addf(msg, "no outcome '%s': choose 1 to %zu", value, e->witness.len);
		return -1;
	}
	free(e->witness_on);
	e->witness_on = xstrdup(e->witness.v[k - 1]);
	e->mo.schedule = e->witness_on;
	snprintf(e->sched, sizeof(e->sched), "witness of outcome %ld", k);
	session_set_opts(e->s, &e->mo);
	e->m = session_machine(e->s);
	caught_up(e);
	strbuf_addf(msg, "replaying outcome %ld: its schedule and read choices, from the start (step %llu)", k,
		    (unsigned long long)session_steps(e->s));
	return 0;
}

/* :compare: run the traced launch in the emulator's own order beside the
 * replay (session_trace_emulate), watching the lanes rows' expressions */
static int cmp_emulate(struct eng *e, struct strbuf *msg)
{
	struct machine_opts mo = e->mo;
	FILE *sink = fopen("/dev/null", "w");
	int r;

	if (!sink) {
		strbuf_adds(msg, "compare: cannot open /dev/null for the emulator's output");
		return -1;
	}
	mo.out = mo.err = sink;
	mo.in = NULL;
	mo.sigint = NULL;
	r = session_trace_emulate(e->trace, e->mod, e->sm, &mo, e->argc, e->argv,
				  (const char *const *)e->lanes.v, (int)e->lanes.len, 0, msg);
	fclose(sink);
	return r;
}

static int eng_compare(struct eng *e, const char *value, struct strbuf *msg)
{
	int on = !strcmp(value, "on") ? 1 : !strcmp(value, "off") ? 0 : !e->compare;
	const struct session_cmp_row *rows;

	if (!on) {
		e->compare = 0;
		strbuf_adds(msg, "compare off");
		return 0;
	}
	if (!e->trace) {
		strbuf_adds(msg, "compare needs a run recorded on the GPU: debug --gpu PROG.cu, or debug --trace FILE PROG.cu");
		return -1;
	}
	if (cmp_emulate(e, msg) < 0)
		return -1;
	e->compare = 1;
	strbuf_addf(msg, "compare on: the emulator's own run of the launch beside the GPU's, %zu warps (GPU pane, G)",
		    session_trace_compare(e->s, e->trace, &rows));
	return 0;
}

static int eng_set(void *self, const char *key, const char *value, struct strbuf *msg)
{
	struct eng *e = self;

	if (no_program(e, msg))
		return -1;
	if (!strcmp(key, "compare"))
		return eng_compare(e, value, msg);
	if (e->attached) {
		strbuf_addf(msg, "this is the lesson's own machine: its %s is the lesson's choice", key);
		return -1;
	}
	if (!strcmp(key, "witness"))
		return eng_witness(e, value, msg);
	if (!strcmp(key, "simt") && (!strcmp(value, "stack") || !strcmp(value, "its"))) {
		e->mo.simt = !strcmp(value, "its") ? SIMT_ITS : SIMT_STACK;
	} else if (!strcmp(key, "sched") && !strcmp(value, "rr")) {
		e->mo.sched = SCHED_RR;
		e->mo.schedule = NULL; /* a scheduler chosen: the witness is no longer replayed */
	} else if (!strcmp(key, "sched") && !strncmp(value, "random:", 7) && value[7]) {
		e->mo.schedule = NULL;
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
	session_set_opts(e->s, &e->mo);
	e->m = session_machine(e->s);
	caught_up(e);
	strbuf_addf(msg, "%s is now %s: re-ran the program to step %llu under it", key, value,
		    (unsigned long long)session_steps(e->s));
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

static void snap_warp(struct eng *e, struct ui_state *st, int slot, int w, struct ui_warp *uw)
{
	struct session_warp sw;

	memset(uw, 0, sizeof(*uw));
	uw->id = w;
	uw->current = -1;
	if (session_warp(e->s, slot, w, &sw) < 0)
		return;
	for (int l = 0; l < 32; l++)
		uw->status[l] = sw.exited >> l & 1 && sw.exists >> l & 1 ? UI_LANE_EXITED : UI_LANE_INACTIVE;
	/* at a breakpoint, the group stopped there (stop.mask) is the one
	 * drawn running: the lanes that start the statement, no others */
	if (e->stopg.valid && e->stopg.slot == slot && e->stopg.warp == w)
		for (int g = 0; g < sw.ngroups; g++)
			if (sw.g[g].mask == e->stopg.mask)
				sw.current = g;
	for (int g = 0; g < sw.ngroups; g++) {
		for (int l = 0; l < 32; l++) {
			if (!(sw.g[g].mask >> l & 1) || sw.exited >> l & 1)
				continue;
			uw->status[l] = (uint8_t)ui_status_of(sw.g[g].state, g == sw.current);
			uw->line[l] = sw.g[g].line;
		}
		if (uw->ngroups == UI_MAX_GROUPS)
			continue;
		if (g == sw.current)
			uw->current = uw->ngroups;
		uw->groups[uw->ngroups].mask = sw.g[g].mask;
		uw->groups[uw->ngroups].line = sw.g[g].line;
		uw->groups[uw->ngroups].reconv_line = sw.g[g].reconv_line;
		uw->ngroups++;
	}
	uw->note = sw.note;
	/* a warp none of whose lanes can run: say what it waits at (the kind of
	 * barrier, its name and phase, or the collective) */
	for (int g = 0; g < sw.ngroups; g++) {
		const struct session_group *sg = &sw.g[g];
		struct session_cubar cb;

		if (sg->wait == SESSION_WAIT_NONE || sw.current >= 0)
			continue;
		if (sg->wait == SESSION_WAIT_CUBARRIER && sg->wait_bar >= 0 &&
		    session_cubarrier(e->s, sg->wait_bar, &cb) == 0)
			uw->note = ui_strf(st, "waits: cuda::barrier %s phase %llu", cb.name ? cb.name : "",
					   (unsigned long long)sg->wait_phase);
		else if (sg->wait == SESSION_WAIT_COLLECTIVE)
			uw->note = ui_strf(st, "waits: %s", sg->wait_what ? sg->wait_what : "warp collective");
		else
			uw->note = ui_strf(st, "waits: %s", sg->wait_what ? sg->wait_what : session_wait_name(sg->wait));
		break;
	}
	uw->tile = sw.tile;
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

/* The thread pane's locals: each variable's name, type and value. */
static void thread_locals(struct ui_state *st, struct ui_thread *t, const struct eval_ctx *c,
			  const struct ir_var *const *vars, int n)
{
	struct strbuf sb;

	t->locals = UI_NEW(st, struct ui_local, n ? n : 1);
	strbuf_init(&sb);
	for (int i = 0; i < n; i++) {
		strbuf_reset(&sb);
		eval_var_text(c, vars[i], &sb);
		t->locals[i] = (struct ui_local){ ui_strdup(st, vars[i]->name),
						  ui_strdup(st, vars[i]->type ? vars[i]->type->name : "?"),
						  ui_strdup(st, strbuf_cstr(&sb)) };
	}
	t->nlocals = n;
	strbuf_release(&sb);
}

static void snap_thread(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct ui_thread *t = &st->thread;
	struct eval_ctx c = ctx_for(e, f->slot, f->warp, f->lane);
	const struct ir_var *vars[24];
	struct pos p;
	int n;

	lane_pos(e, f->slot, f->warp, f->lane, &p);
	if (e->frame > 0 && p.ok) { /* up/frame N: the thread pane shows that frame */
		struct session_frame fr[64];
		int nf = session_frames(e->s, f->slot, f->warp, f->lane, fr, 64);

		if (e->frame < nf) {
			session_eval_ctx_frame(e->s, f->slot, f->warp, f->lane, e->frame, &c);
			for (int i = 0; i < 3; i++) {
				t->block[i] = f->slot < 0 ? 0 : (int)c.ctaid[i];
				t->thread[i] = f->slot < 0 ? 0 : (int)c.tid[i];
			}
			t->warp = f->warp;
			t->lane = f->lane;
			t->line = fr[e->frame].line;
			t->func = ui_strf(st, "%s [frame #%d]", fr[e->frame].name, e->frame);
			n = session_frame_vars(e->s, f->slot, f->warp, f->lane, e->frame, 3, vars, 24);
			thread_locals(st, t, &c, vars, n);
			return;
		}
	}
	for (int i = 0; i < 3; i++) {
		t->block[i] = f->slot < 0 ? 0 : (int)c.ctaid[i];
		t->thread[i] = f->slot < 0 ? 0 : (int)c.tid[i];
	}
	t->warp = f->warp;
	t->lane = f->lane;
	t->line = p.line;
	t->func = p.ok ? func_name(e, p.func) : "(exited: this thread has returned)";
	if (!p.ok)
		return;
	n = scope_vars(e, f->slot, f->warp, f->lane, vars, 24);
	thread_locals(st, t, &c, vars, n);
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

/* The last warp collective of the focused warp as the lanes pane's first
 * row: what each lane got (a shuffle: the value received and its source
 * lane), which lanes took part and what each gave; a ballot or a match as
 * bits too. */
static void snap_coll(struct eng *e, struct ui_state *st, const struct session_coll *c,
		      struct ui_lanevar *lv)
{
	struct strbuf sb;

	if (c->op == IR_SHFL)
		lv->name = ui_strf(st, "%s (line %d): width %d, %s %d", c->what, c->line, c->width,
				   c->sub == SHFL_IDX ? "srcLane" : c->sub == SHFL_BFLY ? "laneMask" : "delta",
				   c->delta);
	else
		lv->name = ui_strf(st, "%s (line %d)", c->what, c->line);
	lv->coll = c->op == IR_SHFL ? UI_COLL_SHFL : c->op == IR_VOTE ? UI_COLL_VOTE : UI_COLL_OTHER;
	lv->part = c->part;
	lv->width = c->width;
	lv->has_bits = c->op == IR_MATCH || (c->op == IR_VOTE && c->sub == VOTE_BALLOT);
	lv->has_src = c->op == IR_SHFL;
	strbuf_init(&sb);
	for (int l = 0; l < 32; l++) {
		uint64_t v = c->result[l];

		lv->src[l] = c->op == IR_SHFL ? c->src[l] : -1;
		if (c->part >> l & 1)
			lv->gave[l] = (uint8_t)(c->arg[l] != 0);
		if (!(c->got >> l & 1))
			continue;
		strbuf_reset(&sb);
		if (lv->has_bits) {
			lv->bits[l] = (uint32_t)v;
			strbuf_addf(&sb, "0x%08x", (unsigned)(uint32_t)v);
		} else if (c->op == IR_VOTE) {
			strbuf_addf(&sb, "%d", (int)(v & 1));
		} else {
			eval_scalar_text(c->type, v, &sb);
		}
		lv->value[l] = ui_strdup(st, strbuf_cstr(&sb));
	}
	strbuf_release(&sb);
}

/* A wmma fragment local as a lanes-pane row: each lane's x[] values, the
 * map of which lane holds each element, the focused lane's elements. */
static void snap_fragrow(struct eng *e, struct ui_state *st, const struct focus *f, struct ui_lanevar *lv,
			 const struct ir_var *var, const struct machine_wmma_frag *fr)
{
	struct strbuf sb;
	uint8_t raw[16 * 8];
	int r, col;

	lv->name = ui_strf(st, "%s: %s", var->name, fr->desc);
	strbuf_init(&sb);
	for (int l = 0; l < 32; l++) {
		struct eval_ctx c = ctx_for(e, f->slot, f->warp, l);
		struct pos p;
		uint32_t pc;
		const struct ir_func *fn;

		lane_pos(e, f->slot, f->warp, l, &p);
		if (!p.ok || !(fn = eval_lane_func(&c, &pc)) || var < fn->vars || var >= fn->vars + fn->nvars ||
		    !eval_var_in_scope(var, pc) || !frag_raw(&c, var->name, fr, raw))
			continue;
		strbuf_reset(&sb);
		for (int k = 0; k < fr->nstorage; k++) {
			if (k)
				strbuf_adds(&sb, " ");
			machine_wmma_value(fr->code, raw + (size_t)k * (size_t)fr->elem_size, &sb);
		}
		lv->value[l] = ui_strdup(st, strbuf_cstr(&sb));
		if (l != f->lane)
			continue;
		strbuf_reset(&sb);
		strbuf_addf(&sb, "lane %d holds", l);
		for (int k = 0; k < fr->nstorage; k++)
			if (!machine_wmma_rc(fr->code, (unsigned)l, (unsigned)k, &r, &col))
				strbuf_addf(&sb, " x[%d]=[%d][%d]", k, r, col);
		lv->frag_focus = ui_strdup(st, strbuf_cstr(&sb));
	}
	strbuf_release(&sb);
	int n = fr->rows * fr->cols, *owner = xcalloc((size_t)n, sizeof(int));
	int8_t *o = UI_NEW(st, int8_t, n);
	frag_owners(fr, owner);
	for (int k = 0; k < n; k++)
		o[k] = (int8_t)owner[k];
	free(owner);
	lv->frag_rows = fr->rows;
	lv->frag_cols = fr->cols;
	lv->frag_owner = o;
}

/* Rows: print @ lanes, then the focused lane's scalar locals (not parameters). */
static void snap_lanes(struct eng *e, struct ui_state *st, const struct focus *f)
{
	const struct ir_var *vars[24];
	int n = scope_vars(e, f->slot, f->warp, f->lane, vars, 24), k = 0;

	const struct session_coll *c = session_collective_last(e->coll);

	st->lanes = UI_NEW(st, struct ui_lanevar, 7 + e->lanes.len);
	if (c && c->slot == f->slot && c->warp == f->warp)
		snap_coll(e, st, c, &st->lanes[k++]);
	for (size_t i = 0; i < e->lanes.len; i++)
		snap_lanerow(e, st, f, &st->lanes[k++], e->lanes.v[i], NULL);
	/* the latest declared first: usually the one the student is watching */
	for (int i = n - 1; i >= 0 && k < 7 + (int)e->lanes.len; i--) {
		struct machine_wmma_frag fr;

		if (vars[i]->is_param || !vars[i]->type)
			continue;
		if (vars[i]->type->scalar != IR_VOID)
			snap_lanerow(e, st, f, &st->lanes[k++], vars[i]->name, vars[i]);
		else if (vars[i]->type->name && !machine_wmma_frag(vars[i]->type->name, &fr))
			snap_fragrow(e, st, f, &st->lanes[k++], vars[i], &fr);
	}
	st->nlanes = k;
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
		       struct ui_array *a, uint8_t t, const struct session_access *acc, int shared)
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
	if (!acc || (shared && acc->slot != f->slot))
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
	const struct session_access *sh = session_access_last(e->s, SESSION_SHARED);

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
		snap_array(e, st, f, a, t, sh, 1);
		a->addr = OFF_OF(addr);
		n++;
	}
	st->mem.nshared = n;
	if (sh && sh->slot == f->slot) {
		st->mem.conflict_degree = sh->degree;
		st->mem.conflict_note = ui_strf(st, "warp %d %s, line %d: %s", sh->warp,
						sh->write ? "wrote" : "read", sh->line, sh->note);
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
	const struct session_access *gl = session_access_last(e->s, SESSION_GLOBAL);

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
		snap_array(e, st, f, a, v.ptr_elem, gl, 0);
		k++;
	}
	st->mem.nglobal = k;
	if (gl) {
		uint64_t sec[32];
		int ns = 0, nl = 0;

		for (int l = 0; l < 32; l++) {
			int seen = 0;

			if (!(gl->mask >> l & 1))
				continue;
			nl++;
			for (int j = 0; j < ns; j++)
				seen |= sec[j] == (gl->addr[l] & ~(uint64_t)31);
			if (!seen)
				sec[ns++] = gl->addr[l] & ~(uint64_t)31;
		}
		st->mem.sectors = UI_NEW(st, uint64_t, ns);
		memcpy(st->mem.sectors, sec, sizeof(uint64_t) * (size_t)ns);
		st->mem.nsectors = ns;
		st->mem.requests = (int)((nl * (int)gl->size + 31) / 32);
	}
}

/* The last texture fetch for the memory pane: the focused lane's, else the
 * first lane's that took part. */
static void snap_texture(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct machine_tex_probe p;
	const struct machine_tex_lane *q = NULL;
	int lane = -1;

	if (session_tex_last(e->s, &p))
		return;
	if (f->lane >= 0 && f->lane < 32 && p.lane[f->lane].valid && p.slot == f->slot && p.warp == f->warp)
		lane = f->lane;
	for (int l = 0; l < 32 && lane < 0; l++)
		if (p.lane[l].valid)
			lane = l;
	if (lane < 0)
		return;
	q = &p.lane[lane];
	st->mem.tex_head = ui_strf(st, "last texture fetch: %s (line %d), %s filtering, lane %d at (%.6g, %.6g, %.6g)",
				   p.func, (int)p.span.line, p.filter ? "linear" : "point", lane, q->coord[0],
				   q->coord[1], q->coord[2]);
	if (p.levels > 1)
		st->mem.tex_head = ui_strf(st, "%s lod %.4g of %d levels", st->mem.tex_head, q->lod, p.levels);
	st->mem.tex_texels = UI_NEW(st, const char *, q->ntexels ? q->ntexels : 1);
	for (int t = 0; t < q->ntexels; t++) {
		const struct machine_tex_texel *x = &q->t[t];
		double den = 256.0;

		while (den < 4294967296.0 && x->weight * den != (double)(long long)(x->weight * den))
			den *= 256.0;
		st->mem.tex_texels[t] = ui_strf(st, "texel (%d, %d, %d)%s%s weight %lld/%.0f = %.6g%s", x->x, x->y, x->z,
						p.levels > 1 ? " level " : "", p.levels > 1 ? ui_strf(st, "%d", x->level) : "",
						(long long)(x->weight * den), den, x->value[0], x->border ? " (border)" : "");
	}
	st->mem.ntex = q->ntexels;
	if (q->result_float) {
		float r[4];

		memcpy(r, q->result, sizeof(r));
		st->mem.tex_result = ui_strf(st, "result %.9g %.9g %.9g %.9g", r[0], r[1], r[2], r[3]);
	} else {
		st->mem.tex_result = ui_strf(st, "result %d %d %d %d", (int)q->result[0], (int)q->result[1],
					     (int)q->result[2], (int)q->result[3]);
	}
}

/* cuda::barrier objects of the focused block (and global ones), and the grid
 * barrier of a cooperative launch (session_cubarrier): expected and pending
 * counts, the phase, and which lanes of the focused block wait on which
 * phase; waiters in other blocks as text. */
static void snap_cubars(struct eng *e, struct ui_state *st, const struct focus *f)
{
	int n = session_cubarrier_count(e->s), k = 0, nw = st->nwarps;

	if (n <= 0)
		return;
	st->sync.cubars = UI_NEW(st, struct ui_cubarrier, n);
	for (int i = 0; i < n; i++) {
		struct session_cubar cb;
		struct ui_cubarrier *u = &st->sync.cubars[k];
		char buf[256];
		size_t len = 0;
		int other = 0;

		if (session_cubarrier(e->s, i, &cb) < 0 || (cb.slot >= 0 && cb.slot != f->slot))
			continue;
		u->kind = session_wait_name(cb.kind);
		u->name = cb.name ? ui_strdup(st, cb.name)
			: ui_strf(st, "@0x%llx", (unsigned long long)(cb.addr & 0xffffffffffull));
		u->expected = (int)cb.expected;
		u->pending = (int)cb.pending;
		u->phase = (int)cb.phase;
		u->nwarps = nw;
		u->waiting = UI_NEW(st, uint32_t, nw ? nw : 1);
		u->wait_phase = UI_NEW(st, int, nw ? nw : 1);
		buf[0] = 0;
		for (int j = 0; j < cb.nwaiters && j < SESSION_MAX_WAITERS; j++) {
			const struct session_waiter *x = &cb.w[j];

			if (x->slot == f->slot && x->warp >= 0 && x->warp < nw) {
				u->waiting[x->warp] |= x->lanes;
				u->wait_phase[x->warp] = (int)x->phase;
			} else if (len < sizeof(buf) - 64) {
				len += (size_t)snprintf(buf + len, sizeof(buf) - len, "%sslot %d w%d lanes %08x on %llu",
							other++ ? ", " : "", x->slot, x->warp, x->lanes,
							(unsigned long long)x->phase);
			}
		}
		if (cb.nwaiters > SESSION_MAX_WAITERS)
			snprintf(buf + len, sizeof(buf) - len, "%s(%d groups in all)", len ? " " : "", cb.nwaiters);
		u->waiters = buf[0] ? ui_strdup(st, buf) : NULL;
		k++;
	}
	st->sync.ncubars = k;
}

/* The cuda::pipelines of the focused block (and in global memory), each
 * stage's state, and the copies in flight of the focused block by group. */
static void snap_async(struct eng *e, struct ui_state *st, const struct focus *f)
{
	int np = session_pipeline_count(e->s), k = 0, ng;
	struct session_acopy_group g[16];
	char buf[320];

	if (np > 0) {
		st->sync.pipes = UI_NEW(st, struct ui_pipeline, np);
		for (int i = 0; i < np; i++) {
			struct session_pipe p;
			struct ui_pipeline *u = &st->sync.pipes[k];
			int ns;

			if (session_pipeline(e->s, i, &p) < 0 || (p.info.slot >= 0 && p.info.slot != f->slot))
				continue;
			ns = (int)(p.info.nstages < MACHINE_PIPE_MAXSTAGES ? p.info.nstages : MACHINE_PIPE_MAXSTAGES);
			u->title = ui_strf(st, "cuda::pipeline %s: %u stages, %u producers, %u consumers (%s)",
					   p.name ? p.name : "(state)", p.info.nstages, p.info.producers,
					   p.info.consumers, p.info.partitioned ? "partitioned" : "unified");
			u->nstages = ns;
			u->stage = UI_NEW(st, const char *, ns ? ns : 1);
			u->state = UI_NEW(st, const char *, ns ? ns : 1);
			for (int s = 0; s < ns; s++) {
				session_pipeline_stage_text(&p, s, buf, sizeof(buf));
				u->stage[s] = ui_strdup(st, buf);
				u->state[s] = session_stage_name(p.info.stage[s].state);
			}
			k++;
		}
		st->sync.npipes = k;
	}
	ng = session_acopy_groups(e->s, g, (int)WS_ARRAY_LEN(g));
	st->sync.copies_total = machine_acopy_count(e->m);
	if (ng <= 0)
		return;
	st->sync.copies = UI_NEW(st, const char *, ng);
	k = 0;
	for (int i = 0; i < ng && i < (int)WS_ARRAY_LEN(g); i++) {
		if (g[i].slot != f->slot)
			continue;
		session_acopy_group_text(&g[i], buf, sizeof(buf));
		st->sync.copies[k++] = ui_strdup(st, buf);
	}
	st->sync.ncopies = k;
}

/* Lanes of the focused block waiting at a warp collective, per group. */
static void snap_colls(struct eng *e, struct ui_state *st, const struct focus *f)
{
	int cap = 8;

	st->sync.colls = UI_NEW(st, struct ui_collwait, cap);
	for (int w = 0; w < st->nwarps && st->sync.ncolls < cap; w++) {
		struct session_warp sw;

		if (session_warp(e->s, f->slot, w, &sw) < 0)
			continue;
		for (int g = 0; g < sw.ngroups && st->sync.ncolls < cap; g++)
			if (sw.g[g].wait == SESSION_WAIT_COLLECTIVE)
				st->sync.colls[st->sync.ncolls++] = (struct ui_collwait){ w, sw.g[g].mask,
					sw.g[g].wait_what, sw.g[g].line };
	}
}

/* ---- the Order pane: the relaxed model's event log as an execution graph */

static const char *mm_sem_short(int sem)
{
	static const char *const n[] = { "", "vol", "rlx", "acq", "rel", "ar", "sc" };
	return sem >= 0 && sem < 7 ? n[sem] : "?";
}

static const char *mm_scope_short(int scope)
{
	static const char *const n[] = { "", "cta", "gpu", "sys", "cluster" };
	return scope >= 0 && scope < 5 ? n[scope] : "?";
}

static void mm_label(char out[4], int i)
{
	if (i < 26) {
		out[0] = (char)('a' + i);
		out[1] = 0;
	} else if (i < 26 + 26 * 26) {
		out[0] = (char)('a' + (i - 26) / 26);
		out[1] = (char)('a' + (i - 26) % 26);
		out[2] = 0;
	} else {
		snprintf(out, 4, "%s", "..");
	}
}

#define ORDER_SHOWN 200

static void snap_order(struct eng *e, struct ui_state *st)
{
	struct ui_order *o = &st->order;
	int dropped, n = machine_mm_nevents(e->m, &dropped);
	char name[64], buf[160];
	struct machine_mm_ev *ev;
	int keys[16][3], nk = 0, *col;

	o->on = 1;
	o->dropped = dropped;
	if (n <= 0)
		return;
	/* the latest ORDER_SHOWN events: what a pane can show, and the redraw
	 * stays cheap on a big kernel (the log holds up to 4096) */
	int first = n > ORDER_SHOWN ? n - ORDER_SHOWN : 0;
	n -= first;
	o->earlier = first;
	ev = xmalloc((size_t)n * sizeof(*ev));
	col = xmalloc((size_t)n * sizeof(int));
	for (int i = 0; i < n; i++) {
		machine_mm_event_get(e->m, first + i, &ev[i]);
		if (ev[i].rf >= 0)
			ev[i].rf = ev[i].rf >= first ? ev[i].rf - first : -2; /* -2: read from an earlier event */
		col[i] = -1;
		for (int k = 0; k < nk; k++)
			if (keys[k][0] == ev[i].host && keys[k][1] == ev[i].block && keys[k][2] == ev[i].thread)
				col[i] = k;
		if (col[i] < 0 && nk < 16) {
			keys[nk][0] = ev[i].host;
			keys[nk][1] = ev[i].block;
			keys[nk][2] = ev[i].thread;
			col[i] = nk++;
		} else if (col[i] < 0) {
			o->hidden++;
		}
	}
	o->nthreads = nk;
	o->threads = UI_NEW(st, const char *, nk ? nk : 1);
	for (int k = 0; k < nk; k++)
		o->threads[k] = keys[k][0] ? (keys[k][1] ? ui_strf(st, "host.t%d", keys[k][1]) : "host")
					: ui_strf(st, "b%d.t%d", keys[k][1], keys[k][2]);
	o->ev = UI_NEW(st, struct ui_mmev, n);
	o->nev = n;
	/* rows: program order within each thread (a deferred load is performed late) */
	for (int i = 0; i < n; i++) {
		struct ui_mmev *u = &o->ev[i];
		const struct machine_mm_ev *x = &ev[i];
		int row = 0;

		mm_label(u->label, first + i);
		u->col = col[i];
		u->line = x->line;
		for (int j = 0; j < n; j++)
			if (j != i && col[j] == col[i] && (ev[j].po < x->po || (ev[j].po == x->po && j < i)))
				row++;
		u->row = col[i] >= 0 ? row : -1;
		if (x->kind == MM_EV_READ || x->kind == MM_EV_WRITE || x->kind == MM_EV_RMW)
			machine_addr_name(e->m, x->addr, (unsigned)x->size, name, sizeof(name));
		const char *acc = x->kind == MM_EV_READ ? "R" : x->kind == MM_EV_WRITE ? "W" : "RMW";
		char q[24] = "";
		if (x->strong && x->kind != MM_EV_FENCE && x->kind != MM_EV_BARRIER)
			snprintf(q, sizeof(q), ".%s%s%s", mm_sem_short(x->sem), x->sem == 1 ? "" : ".",
				 x->sem == 1 ? "" : mm_scope_short(x->scope)); /* volatile: always system scope */
		switch (x->kind) {
		case MM_EV_READ:
			u->kind = UI_MM_R;
			u->weak = x->newer > 0;
			snprintf(buf, sizeof(buf), "%s%s %s=%lld", acc, q, name, (long long)x->val);
			break;
		case MM_EV_WRITE:
			u->kind = UI_MM_W;
			snprintf(buf, sizeof(buf), "%s%s %s=%lld", acc, q, name, (long long)x->val);
			break;
		case MM_EV_RMW:
			u->kind = UI_MM_RMW;
			snprintf(buf, sizeof(buf), "%s%s %s=%lld>%lld", acc, q, name, (long long)x->rval,
				 (long long)x->val);
			break;
		case MM_EV_FENCE:
			u->kind = UI_MM_F;
			snprintf(buf, sizeof(buf), "F.%s.%s", mm_sem_short(x->sem), mm_scope_short(x->scope));
			break;
		default:
			u->kind = UI_MM_BAR;
			snprintf(buf, sizeof(buf), "%s", x->scope == 3 ? "sync host" : "bar");
			break;
		}
		u->text = ui_strdup(st, buf);
	}
	/* edges: rf (write -> read), co (consecutive writes of a location), fr
	 * (read -> the write after the one it read in coherence order) */
	o->edges = UI_NEW(st, struct ui_mmedge, (size_t)n * 3 + 1);
	for (int i = 0; i < n; i++) {
		const struct machine_mm_ev *x = &ev[i];
		if (x->kind != MM_EV_READ && x->kind != MM_EV_RMW && x->kind != MM_EV_WRITE)
			continue;
		machine_addr_name(e->m, x->addr, (unsigned)x->size, name, sizeof(name));
		if (x->kind != MM_EV_WRITE && x->rf >= -1) {
			int rco = x->rf >= 0 ? ev[x->rf].co : 0, next = -1;
			o->edges[o->nedges++] = (struct ui_mmedge){ "rf", x->rf, i,
				ui_strf(st, "%s=%lld", name, (long long)(x->kind == MM_EV_RMW ? x->rval : x->val)) };
			for (int j = 0; j < n; j++)
				if ((ev[j].kind == MM_EV_WRITE || ev[j].kind == MM_EV_RMW) && ev[j].addr == x->addr &&
				    ev[j].co == rco + 1 && j != i)
					next = j;
			if (next >= 0)
				o->edges[o->nedges++] = (struct ui_mmedge){ "fr", i, next,
					ui_strf(st, "%s=%lld", name, (long long)ev[next].val) };
		}
		if (x->kind != MM_EV_READ) {
			for (int j = 0; j < n; j++)
				if ((ev[j].kind == MM_EV_WRITE || ev[j].kind == MM_EV_RMW) && ev[j].addr == x->addr &&
				    ev[j].co == x->co + 1)
					o->edges[o->nedges++] = (struct ui_mmedge){ "co", i, j, ui_strdup(st, name) };
		}
	}
	/* why: the latest read of an older value (the surprise), else the latest read */
	int weak = -1;
	for (int i = n - 1; i >= 0 && weak < 0; i--)
		if (ev[i].kind == MM_EV_READ && ev[i].newer > 0)
			weak = i;
	for (int i = weak >= 0 ? weak : n - 1; i >= 0; i--)
		if (ev[i].kind == MM_EV_READ || ev[i].kind == MM_EV_RMW) {
			o->why = ui_strdup(st, machine_mm_event_why(e->m, first + i));
			o->why_label = ui_strdup(st, o->ev[i].label);
			break;
		}
	/* each thread's view: the values a load of each location may read now */
	int nl = machine_mm_nlocs(e->m);
	o->views = UI_NEW(st, const char *, nk ? nk : 1);
	for (int k = 0; k < nk; k++) {
		struct strbuf sb;
		int blk = keys[k][0] ? (int)(MACHINE_MM_HOST_BLOCK + (uint32_t)keys[k][1]) : keys[k][1];
		strbuf_init(&sb);
		strbuf_addf(&sb, "%s may read", o->threads[k]);
		int any = 0;
		for (int l = 0; l < nl; l++) {
			uint64_t addr;
			int nw, v = machine_mm_view(e->m, blk, keys[k][2], l);
			if (v < 0 || machine_mm_loc(e->m, l, &addr, &nw) < 0)
				continue;
			unsigned sz = 0;
			for (int i = 0; i < n && !sz; i++)
				if (ev[i].addr == addr && ev[i].size)
					sz = (unsigned)ev[i].size;
			machine_addr_name(e->m, addr, sz, name, sizeof(name));
			strbuf_addf(&sb, "%s %s:", any++ ? "," : "", name);
			for (int p = v; p < nw; p++) {
				struct machine_mm_write wr;
				if (machine_mm_write_get(e->m, l, p, &wr) == 0)
					strbuf_addf(&sb, "%s%lld", p > v ? "|" : " ", (long long)(int32_t)wr.val);
			}
		}
		o->views[o->nviews++] = ui_strdup(st, any && sb.buf ? sb.buf : "");
		strbuf_release(&sb);
	}
	free(col);
	free(ev);
}

static void snap_sync(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct session_barrier b;
	struct ui_barrier *ub;

	st->sync.model = machine_mm_model(e->m) == MODEL_RELAXED ? "relaxed" : "sc";
	if (machine_mm_model(e->m) == MODEL_RELAXED)
		snap_pending(e, st);
	if (session_barrier(e->s, f->slot, &b) < 0)
		return;
	st->sync.barriers = ub = UI_NEW(st, struct ui_barrier, 1);
	st->sync.nbarriers = 1;
	for (int i = 0; i < 3; i++)
		ub->block[i] = (int)b.block[i];
	ub->generation = b.generation;
	ub->expected = (int)b.live;
	ub->nwarps = b.nwarps;
	ub->arrived = UI_NEW(st, uint32_t, b.nwarps);
	memcpy(ub->arrived, b.at_bar, sizeof(uint32_t) * (size_t)b.nwarps);
	ub->exited = UI_NEW(st, uint32_t, b.nwarps);
	memcpy(ub->exited, b.exited, sizeof(uint32_t) * (size_t)b.nwarps);
	snap_cubars(e, st, f);
	snap_async(e, st, f);
	snap_colls(e, st, f);
}

static const char *file_name(struct eng *e, uint32_t id)
{
	const struct srcfile *sf = srcmgr_file(e->sm, id);

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

	st->steps = session_steps(e->s);
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

/* ---- gdb's vocabulary (issue 16): struct ui_gdb on the session's
 * frames, conditions, ignore counts, watchpoints, until and restart */

/* The main file's name as a student writes it ("divergence.cu"). */
static const char *base_name(const char *path)
{
	const char *b = strrchr(path, '/');

	return b ? b + 1 : path;
}

/* A location: "LINE", "FILE:LINE" (file: 0 for the main file) or a
 * function (*func set). -1 with gdb's message when it names nothing. */
static int loc_parse(struct eng *e, const char *loc, uint32_t *file, int *line, const char **func,
		     struct strbuf *msg)
{
	const char *colon = strrchr(loc, ':');
	char *end;

	*file = 0;
	*line = 0;
	*func = NULL;
	if (isdigit((unsigned char)*loc)) {
		long l = strtol(loc, &end, 10);

		if (*end || l < 1 || l > 1 << 24) {
			strbuf_addf(msg, "malformed line number '%s'", loc);
			return -1;
		}
		*line = (int)l;
		return 0;
	}
	if (colon && colon > loc && colon[-1] != ':' && isdigit((unsigned char)colon[1])) {
		size_t n = (size_t)(colon - loc);
		long l = strtol(colon + 1, &end, 10);

		if (*end || l < 1 || l > 1 << 24) {
			strbuf_addf(msg, "malformed line number in '%s'", loc);
			return -1;
		}
		for (size_t i = 0; i < e->sm->files.len; i++) {
			const char *name = e->sm->files.v[i].name;
			size_t len = strlen(name);

			if (e->sm->files.v[i].builtin || len < n || strncmp(name + len - n, loc, n) ||
			    (len > n && name[len - n - 1] != '/'))
				continue;
			*file = (uint32_t)i + 1;
			*line = (int)l;
			return 0;
		}
		strbuf_addf(msg, "No source file named %.*s.", (int)n, loc);
		return -1;
	}
	if (!isalpha((unsigned char)*loc) && *loc != '_') {
		strbuf_addf(msg, "malformed location '%s' (LINE, FILE:LINE or FUNCTION)", loc);
		return -1;
	}
	*func = loc;
	return 0;
}

/* A breakpoint at loc; its id, or -1. */
static int break_loc(struct eng *e, const char *loc, const char *cond, int temporary, struct strbuf *msg)
{
	uint32_t file;
	int line, id;
	const char *func;
	struct strbuf err;

	if (loc_parse(e, loc, &file, &line, &func, msg) < 0)
		return -1;
	strbuf_init(&err);
	if (func) {
		id = session_break_func(e->s, func, cond, temporary, &err);
		if (id < 0) /* gdb's wording */
			strbuf_addf(msg, "Function \"%s\" not defined.", func);
	} else {
		id = session_break_line(e->s, file, line, cond, temporary, &err);
		if (id < 0)
			strbuf_adds(msg, strbuf_cstr(&err));
	}
	strbuf_release(&err);
	return id;
}

static const struct session_bp *bp_get(struct eng *e, int id)
{
	for (size_t i = 0; i < session_break_count(e->s); i++)
		if (session_break_get(e->s, i)->id == id)
			return session_break_get(e->s, i);
	return NULL;
}

/* "line 14", "helper.cu:8" */
static void bp_where(struct eng *e, const struct session_bp *b, struct strbuf *out)
{
	if (b->file == e->file || !b->file)
		strbuf_addf(out, "line %d", b->line);
	else
		strbuf_addf(out, "%s:%d", base_name(file_name(e, b->file)), b->line);
}

static int eng_break_at(void *self, const char *loc, const char *cond, int temporary, struct strbuf *msg)
{
	struct eng *e = self;
	const struct session_bp *b;
	int id;

	if (no_program(e, msg))
		return -1;
	if ((id = break_loc(e, loc, cond, temporary, msg)) < 0)
		return -1;
	b = bp_get(e, id);
	strbuf_addf(msg, "%sreakpoint %d at ", temporary ? "temporary b" : "b", id);
	if (b->kind == SBP_FUNC)
		strbuf_addf(msg, "%s: ", b->func);
	bp_where(e, b, msg);
	if (cond)
		strbuf_addf(msg, " if %s", cond);
	return id;
}

static int eng_break_op(void *self, enum ui_bp_op op, int id, const char *arg, struct strbuf *msg)
{
	struct eng *e = self;
	const struct session_bp *b;

	if (no_program(e, msg))
		return -1;
	if (!id) {
		if (op == UI_BP_DELETE)
			return session_break_delete(e->s, 0), 0;
		if (op == UI_BP_ENABLE || op == UI_BP_DISABLE) {
			for (size_t i = 0; i < session_break_count(e->s); i++)
				session_break_enable(e->s, session_break_get(e->s, i)->id, op == UI_BP_ENABLE);
			return 0;
		}
		if (op == UI_BP_ONCE || op == UI_BP_COUNT || op == UI_BP_ENABLE_DELETE) {
			int ids[256];
			size_t n = 0;

			for (size_t i = 0; i < session_break_count(e->s) && n < 256; i++)
				ids[n++] = session_break_get(e->s, i)->id;
			for (size_t i = 0; i < n; i++)
				eng_break_op(self, op, ids[i], arg, msg);
			return 0;
		}
	}
	if (!(b = bp_get(e, id))) {
		strbuf_addf(msg, "No breakpoint number %d.", id);
		return -1;
	}
	switch (op) {
	case UI_BP_ENABLE:
	case UI_BP_DISABLE:
		return session_break_enable(e->s, id, op == UI_BP_ENABLE);
	case UI_BP_DELETE:
		return session_break_delete(e->s, id);
	case UI_BP_CONDITION:
		if (b->kind != SBP_LINE && b->kind != SBP_FUNC) {
			strbuf_addf(msg, "breakpoint %d is a %s: conditions apply to line and function "
				    "breakpoints", id, b->kind == SBP_WATCH ? "watchpoint" : "finding breakpoint");
			return -1;
		}
		session_break_condition(e->s, id, arg);
		if (!arg)
			strbuf_addf(msg, "Breakpoint %d now unconditional.", id);
		return 0;
	case UI_BP_IGNORE: {
		long n = strtol(arg ? arg : "0", NULL, 10);

		session_break_ignore(e->s, id, (uint64_t)n);
		if (n == 0)
			strbuf_addf(msg, "Will stop next time breakpoint %d is reached.", id);
		else if (n == 1)
			strbuf_addf(msg, "Will ignore next crossing of breakpoint %d.", id);
		else
			strbuf_addf(msg, "Will ignore next %ld crossings of breakpoint %d.", n, id);
		return 0;
	}
	case UI_BP_ONCE:
		return session_break_enable_count(e->s, id, 1);
	case UI_BP_COUNT:
		return session_break_enable_count(e->s, id, strtoull(arg ? arg : "1", NULL, 10));
	case UI_BP_ENABLE_DELETE:
		return session_break_enable_delete(e->s, id);
	default:
		return -1;
	}
}

/* The focused lane's evaluation context in the selected frame. */
static struct eval_ctx frame_ctx(struct eng *e, struct focus *f)
{
	struct eval_ctx c;

	focus_get(e, f);
	session_eval_ctx_frame(e->s, f->slot, f->warp, f->lane, e->frame, &c);
	return c;
}

static int eng_watch(void *self, const char *expr, int kind, struct strbuf *msg)
{
	static const char *const kinds[] = { "watchpoint", "read watchpoint",
					     "access (read/write) watchpoint" };
	struct eng *e = self;
	struct focus f;
	struct eval_ctx c;
	struct eval_val v;
	struct strbuf err;
	unsigned tag;
	int id, size, slot = -1, warp = -1, lane = -1;
	const char *where = "global memory";

	if (no_program(e, msg))
		return -1;
	c = frame_ctx(e, &f);
	strbuf_init(&err);
	if (eval_expr(&c, expr, &v, &err) < 0) {
		strbuf_addf(msg, "cannot watch '%s': %s", expr, strbuf_cstr(&err));
		strbuf_release(&err);
		return -1;
	}
	strbuf_release(&err);
	if (!v.lval || v.count) {
		strbuf_addf(msg, "cannot watch '%s': it is not one value in memory (a register "
			    "variable or a computed value; watch a global, a __shared__ or local "
			    "array element, or *ptr)", expr);
		return -1;
	}
	size = eval_type_size(v.t);
	if (size < 1 || size > 8) {
		strbuf_addf(msg, "cannot watch '%s': %d bytes (1 to 8)", expr, size);
		return -1;
	}
	tag = TAG_OF(v.addr);
	if (tag == TAG_SHARED) {
		slot = f.slot;
		where = "shared memory of the focused block";
	} else if (tag == MACHINE_TAG_LOCAL) {
		slot = f.slot;
		warp = f.warp;
		lane = f.lane;
		where = "local memory of the focused thread";
	} else if (tag == MACHINE_TAG_HSTACK || tag == MACHINE_TAG_HOST) {
		where = "host memory";
	}
	id = session_watch_lane(e->s, v.addr, (uint32_t)size, v.t, (enum session_watch)kind, slot, warp,
				lane, expr, msg);
	if (id < 0)
		return -1;
	strbuf_addf(msg, "hardware %s %d: %s (%s)", kinds[kind % 3], id, expr, where);
	return id;
}

static int eng_print(void *self, const char *expr, char fmt, struct strbuf *out)
{
	struct eng *e = self;
	struct focus f;

	if (no_program(e, out))
		return -1;
	focus_get(e, &f);
	return session_print(e->s, f.slot, f.warp, f.lane, e->frame, expr, fmt, out);
}

/* display: print without adding to the value history (gdb's) */
static int eng_display(void *self, const char *expr, char fmt, struct strbuf *out)
{
	struct eng *e = self;
	struct focus f;
	struct eval_ctx c;
	struct strbuf err;
	int r;

	if (no_program(e, out))
		return -1;
	c = frame_ctx(e, &f);
	strbuf_init(&err);
	r = eval_print(&c, expr, fmt, out, &err);
	if (r < 0)
		strbuf_adds(out, strbuf_cstr(&err));
	strbuf_release(&err);
	return r;
}

static int eng_assign(void *self, const char *expr, struct strbuf *msg)
{
	struct eng *e = self;
	struct focus f;

	if (no_program(e, msg))
		return -1;
	focus_get(e, &f);
	return session_assign(e->s, f.slot, f.warp, f.lane, e->frame, expr, NULL, msg);
}

static int eng_examine(void *self, const char *expr, int count, char fmt, int size, struct strbuf *out)
{
	struct eng *e = self;
	struct focus f;
	struct eval_ctx c;
	struct strbuf err;
	int r;

	if (no_program(e, out))
		return -1;
	c = frame_ctx(e, &f);
	strbuf_init(&err);
	r = eval_examine(&c, expr, count, fmt, size, out, &err);
	if (r < 0)
		strbuf_adds(out, strbuf_cstr(&err));
	strbuf_release(&err);
	return r;
}

/* "#1  kernel (data=0x7000000000, n=64) at divergence.cu:20" */
static void frame_text(struct eng *e, const struct focus *f, const struct session_frame *fr, int level,
		       struct strbuf *out)
{
	const struct ir_var *vars[16];
	struct eval_ctx c;
	int n = session_frame_vars(e->s, f->slot, f->warp, f->lane, level, 1, vars, 16);

	session_eval_ctx_frame(e->s, f->slot, f->warp, f->lane, level, &c);
	strbuf_addf(out, "#%-2d %s (", level, fr->name);
	for (int i = 0; i < n; i++) {
		strbuf_addf(out, "%s%s=", i ? ", " : "", vars[i]->name);
		eval_var_text(&c, vars[i], out);
	}
	strbuf_adds(out, ")");
	if (fr->line)
		strbuf_addf(out, " at %s:%d", base_name(e->path), fr->line);
}

/* "20\t    x = helper(i);" */
static void source_line(struct eng *e, int line, struct strbuf *out)
{
	const struct srcfile *sf = srcmgr_file(e->sm, e->file);
	const char *p = sf ? sf->text : NULL;

	for (int l = 1; p && l < line; l++)
		if ((p = strchr(p, '\n')))
			p++;
	if (p && line > 0)
		strbuf_addf(out, "\n%d\t%.*s", line, (int)strcspn(p, "\n"), p);
}

static int eng_frame(void *self, enum ui_frame_op op, int n, struct strbuf *out)
{
	struct eng *e = self;
	struct session_frame fr[64];
	struct focus f;
	int nf, to;

	if (no_program(e, out))
		return -1;
	focus_get(e, &f);
	if (!running(e) || !(nf = session_frames(e->s, f.slot, f.warp, f.lane, fr, 64))) {
		strbuf_adds(out, "No stack.");
		return -1;
	}
	if (e->frame >= nf)
		e->frame = 0;
	switch (op) {
	case UI_FRAME_BT:
		for (int i = 0; i < nf && (!n || i < n); i++) {
			if (i)
				strbuf_addc(out, '\n');
			frame_text(e, &f, &fr[i], i, out);
		}
		if (n && n < nf)
			strbuf_adds(out, "\n(More stack frames follow...)");
		return 0;
	case UI_FRAME_INFO:
		strbuf_addf(out, "Stack level %d, frame in %s", e->frame, fr[e->frame].name);
		if (fr[e->frame].line)
			strbuf_addf(out, " at %s:%d", base_name(e->path), fr[e->frame].line);
		if (e->frame + 1 < nf)
			strbuf_addf(out, "\n called by frame at level %d (%s)", e->frame + 1,
				    fr[e->frame + 1].name);
		if (e->frame > 0)
			strbuf_addf(out, "\n caller of frame at level %d (%s)", e->frame - 1,
				    fr[e->frame - 1].name);
		if (f.slot >= 0)
			strbuf_addf(out, "\n thread: block (%d,%d,%d), warp %d, lane %d", e->fb[0], e->fb[1],
				    e->fb[2], f.warp, f.lane);
		else
			strbuf_adds(out, "\n thread: the host thread");
		return 0;
	case UI_FRAME_SELECT:
		to = n < 0 ? e->frame : n;
		if (to >= nf) {
			strbuf_addf(out, "No frame at level %d.", n);
			return -1;
		}
		break;
	default:
		to = e->frame + n;
		if (to >= nf)
			to = nf - 1;
		if (to < 0)
			to = 0;
		if (to == e->frame && n) {
			strbuf_adds(out, n > 0 ? "Initial frame selected; you cannot go up."
					       : "Bottom (innermost) frame selected; you cannot go down.");
			return -1;
		}
		break;
	}
	e->frame = to;
	frame_text(e, &f, &fr[to], to, out);
	source_line(e, fr[to].line, out);
	return 0;
}

/* The command stopped: the stop line, as continue shows it. */
static int stop_report(struct eng *e, const struct session_stop *sp, struct strbuf *msg)
{
	stop_apply(e, sp);
	if (msg->len)
		strbuf_addc(msg, '\n');
	strbuf_adds(msg, e->stop);
	if (sp->reason == SESSION_WATCHED && sp->has_thread && sp->slot >= 0) {
		int t[3];
		struct machine_kernel_info k;

		if (kernel_active(e, &k)) {
			int ti = sp->warp * 32 + sp->lane;

			t[0] = ti % (int)k.block[0];
			t[1] = ti / (int)k.block[0] % (int)k.block[1];
			t[2] = ti / (int)(k.block[0] * k.block[1]);
			strbuf_addf(msg, "\n  by block (%d,%d,%d) thread (%d,%d,%d), now at line %d", e->fb[0],
				    e->fb[1], e->fb[2], t[0], t[1], t[2], sp->line);
		}
	}
	return 0;
}

static int cont_now(struct eng *e, struct strbuf *msg)
{
	struct session_stop sp;
	struct session_focus sf;
	struct focus f;

	focus_get(e, &f);
	sf = (struct session_focus){ f.slot, f.warp, f.lane };
	if (session_step(e->s, SESSION_CONTINUE, 1, &sf, &sp, msg) < 0)
		return -1;
	return stop_report(e, &sp, msg);
}

/* A fresh run of the program, stopped before main(). */
static void restart(struct eng *e)
{
	session_restart(e->s);
	e->m = session_machine(e->s);
	e->oseen = e->eseen = 0;
	e->nfind_seen = 0;
	e->mm_seen = 0;
	e->frame = 0;
	snprintf(e->stop, sizeof(e->stop), "before main()");
}

static int eng_run(void *self, enum ui_run how, const char *loc, struct strbuf *msg)
{
	struct eng *e = self;
	struct session_stop sp;
	struct session_focus sf;
	struct focus f;
	int id;

	if (no_program(e, msg))
		return -1;
	e->frame = 0;
	switch (how) {
	case UI_RUN_KILL:
		restart(e);
		strbuf_addf(msg, "[program killed: stopped before main(); run, start or step starts it again]");
		pend_line(e, UI_CON_INFO, "[killed]", 8);
		return 0;
	case UI_RUN_RUN:
	case UI_RUN_START:
		if (session_steps(e->s) > 0 || !running(e)) {
			restart(e);
			pend_line(e, UI_CON_INFO, "[the program starts again]", 26);
		}
		strbuf_addf(msg, "Starting program: %s", e->path);
		for (int i = 1; i < e->argc; i++)
			strbuf_addf(msg, " %s", e->argv[i]);
		if (how == UI_RUN_START) {
			if ((id = session_break_func(e->s, "main", NULL, 1, msg)) < 0)
				return -1;
			strbuf_addf(msg, "\ntemporary breakpoint %d at main: line %d", id, bp_get(e, id)->line);
		}
		return cont_now(e, msg);
	case UI_RUN_UNTIL:
		if (!loc) {
			focus_get(e, &f);
			sf = (struct session_focus){ f.slot, f.warp, f.lane };
			if (session_until(e->s, &sf, &sp, msg) < 0)
				return -1;
			stop_apply(e, &sp);
			if (sp.reason != SESSION_STEPPED)
				strbuf_adds(msg, e->stop);
			return 0;
		}
		/* until LOCATION runs like advance */
		/* fall through */
	default: {
		uint32_t file;
		int line;
		const char *func;

		if (!running(e)) {
			strbuf_adds(msg, "The program is not being run.");
			return -1;
		}
		if (loc_parse(e, loc, &file, &line, &func, msg) < 0)
			return -1;
		focus_get(e, &f);
		sf = (struct session_focus){ f.slot, f.warp, f.lane };
		if (func && machine_find_function(e->m, func) < 0) { /* gdb's wording */
			strbuf_addf(msg, "Function \"%s\" not defined.", func);
			return -1;
		}
		if (session_advance(e->s, &sf, file, line, func, how == UI_RUN_UNTIL, &sp, msg) < 0)
			return -1;
		return stop_report(e, &sp, msg);
	}
	}
}

static int eng_setvar(void *self, const char *name, const char *expr, struct strbuf *msg)
{
	struct eng *e = self;
	struct focus f;
	struct eval_ctx c;
	struct eval_val v;

	if (no_program(e, msg))
		return -1;
	c = frame_ctx(e, &f);
	if (eval_expr(&c, expr, &v, msg) < 0)
		return -1;
	if (session_conv_set(e->s, name, &v) < 0) {
		strbuf_addf(msg, "$%s is built in (it describes the focused lane) and cannot be set", name);
		return -1;
	}
	return 0;
}

static int eng_locate(void *self, const char *loc, int *line, struct strbuf *msg)
{
	struct eng *e = self;
	uint32_t file;
	const char *func;
	int f;

	if (no_program(e, msg))
		return -1;
	if (loc_parse(e, loc, &file, line, &func, msg) < 0)
		return -1;
	if (!func)
		return 0;
	if ((f = machine_find_function(e->m, func)) < 0) {
		strbuf_addf(msg, "Function \"%s\" not defined.", func);
		return -1;
	}
	*line = (int)e->mod->funcs[f].span.line;
	if (e->mod->funcs[f].span.file != e->file) {
		strbuf_addf(msg, "function %s is not in %s", func, base_name(e->path));
		return -1;
	}
	return 0;
}

static const struct ui_gdb eng_gdb = { eng_break_at, eng_break_op, eng_watch, eng_print, eng_examine,
				       eng_frame, eng_run, eng_setvar, eng_locate, eng_assign, eng_display };

/* info breakpoints, gdb's table */
static void info_breakpoints(struct eng *e, struct strbuf *out)
{
	static const char *const wk[] = { "hw watchpoint", "read watchpoint", "acc watchpoint" };

	if (!session_break_count(e->s)) {
		strbuf_adds(out, "No breakpoints or watchpoints.");
		return;
	}
	strbuf_adds(out, "Num     Type            Disp Enb What");
	for (size_t i = 0; i < session_break_count(e->s); i++) {
		const struct session_bp *b = session_break_get(e->s, i);

		strbuf_addf(out, "\n%-7d %-15s %-4s %-3s ", b->id,
			    b->kind == SBP_WATCH ? wk[b->watch % 3] : b->kind == SBP_FINDING
			    ? "finding" : "breakpoint", b->temporary ? "del" : b->disp_disable ? "dis" : "keep",
			    b->enabled ? "y" : "n");
		if (b->kind == SBP_WATCH) {
			strbuf_adds(out, b->cond ? b->cond : "?");
		} else if (b->kind == SBP_FINDING) {
			strbuf_addf(out, "finding %s", b->cond ? b->cond : "(any kind)");
		} else {
			if (b->kind == SBP_FUNC)
				strbuf_addf(out, "in %s at ", b->func);
			else
				strbuf_adds(out, "at ");
			bp_where(e, b, out);
			if (b->cond)
				strbuf_addf(out, "\n\tstop only if %s", b->cond);
		}
		if (b->hits)
			strbuf_addf(out, "\n\tbreakpoint already hit %llu time%s", (unsigned long long)b->hits,
				    b->hits == 1 ? "" : "s");
		if (b->ignore)
			strbuf_addf(out, "\n\tWill ignore next %llu crossings of breakpoint.",
				    (unsigned long long)b->ignore);
		if (b->disp_disable && b->enable_count > 1)
			strbuf_addf(out, "\n\tdisable after %llu more hits",
				    (unsigned long long)b->enable_count);
	}
}

/* info locals / info args: the selected frame's */
static void info_vars(struct eng *e, int which, struct strbuf *out)
{
	const struct ir_var *vars[64];
	struct focus f;
	struct eval_ctx c = frame_ctx(e, &f);
	int n = running(e) ? session_frame_vars(e->s, f.slot, f.warp, f.lane, e->frame, which, vars, 64) : 0;

	if (!n)
		strbuf_adds(out, !running(e) ? "No frame selected." : which == 1 ? "No arguments." : "No locals.");
	for (int i = 0; i < n; i++) {
		strbuf_addf(out, "%s%s = ", i ? "\n" : "", vars[i]->name);
		eval_var_text(&c, vars[i], out);
	}
}

/* info cuda threads: runs of threads at the same line and state */
static void info_threads(struct eng *e, const struct focus *f, struct strbuf *out)
{
	struct machine_kernel_info k;

	kernel_active(e, &k);
	strbuf_adds(out, "  BlockIdx ThreadIdx To BlockIdx ThreadIdx Count  Line  State");
	for (int s = 0; s < k.nresident; s++) {
		struct machine_block_info b;
		int run_from = -1, run_line = 0, run_state = 0, mark = 0;

		if (machine_block(e->m, s, &b) < 0)
			continue;
		for (int t = 0; t <= (int)b.nthreads; t++) {
			struct machine_group_info gi;
			int line = 0, state = -1;

			if (t < (int)b.nthreads && machine_lane(e->m, s, t / 32, t % 32, &gi) == 0) {
				state = gi.state;
				line = gi.state == LS_EXITED ? 0 : insn_line(e, gi.func, gi.pc);
			}
			if (run_from >= 0 && (t == (int)b.nthreads || line != run_line || state != run_state)) {
				int a = run_from, z = t - 1;

				strbuf_addf(out, "\n%s (%u,%u,%u) (%d,%d,%d)    (%u,%u,%u) (%d,%d,%d) %5d  %4d  %s",
					    mark ? "*" : " ", b.idx[0], b.idx[1], b.idx[2],
					    a % (int)k.block[0], a / (int)k.block[0] % (int)k.block[1],
					    a / (int)(k.block[0] * k.block[1]), b.idx[0], b.idx[1], b.idx[2],
					    z % (int)k.block[0], z / (int)k.block[0] % (int)k.block[1],
					    z / (int)(k.block[0] * k.block[1]), z - a + 1, run_line,
					    lane_state_name(run_state));
				run_from = -1;
			}
			if (t == (int)b.nthreads || state < 0)
				continue;
			if (run_from < 0) {
				run_from = t;
				run_line = line;
				run_state = state;
				mark = 0;
			}
			mark |= s == f->slot && t == f->warp * 32 + f->lane;
		}
	}
}

static void info_kernels(struct eng *e, struct strbuf *out)
{
	struct machine_kernel_info k;

	if (!kernel_active(e, &k)) {
		strbuf_adds(out, "No CUDA kernels.");
		return;
	}
	strbuf_adds(out, "  Kernel Dev Grid Status   GridDim   BlockDim  Blocks done  Invocation");
	strbuf_addf(out, "\n* %6d %3d %4d Active  (%u,%u,%u) (%u,%u,%u) %5llu/%-5llu  %s()", e->nlaunch - 1,
		    0, e->nlaunch, k.grid[0], k.grid[1], k.grid[2], k.block[0], k.block[1], k.block[2],
		    (unsigned long long)k.blocks_done, (unsigned long long)k.blocks_total,
		    func_name(e, k.func));
}

/* The GPU pane: the trace's header and next records, or under :compare
 * each warp on the GPU beside the emulator's own run */
static void snap_gpu(struct eng *e, struct ui_state *st, const struct focus *f)
{
	struct ui_gpu *g = &st->gpu;
	struct strbuf sb;
	const struct session_cmp_row *rows;
	const char *const *ex;
	size_t n, k = 0;
	int nx;

	if (!e->trace)
		return;
	g->on = 1;
	g->compare = e->compare;
	strbuf_init(&sb);
	nx = session_trace_exprs(e->trace, &ex);
	if (e->compare && nx != (int)e->lanes.len) {
		/* a lanes row came or went: its values on both sides */
		if (cmp_emulate(e, &sb) < 0) {
			pend_line(e, UI_CON_ERROR, strbuf_cstr(&sb), sb.len);
			e->compare = g->compare = 0;
		}
		strbuf_reset(&sb);
		nx = session_trace_exprs(e->trace, &ex);
	}
	session_trace_text(e->trace, e->compare || e->trace_over ? 0 : 6, &sb);
	if (e->compare)
		session_trace_order_text(e->trace, &sb);
	if (e->trace_over)
		strbuf_adds(&sb, "(the trace is over: stepping follows the emulator's order)\n");
	g->lines = UI_NEW(st, const char *, 16);
	for (const char *p = strbuf_cstr(&sb); *p && g->nlines < 16;) {
		size_t len = strcspn(p, "\n");
		g->lines[g->nlines++] = ui_strf(st, "%.*s", (int)len, p);
		p += len + (p[len] == '\n');
	}
	{
		size_t total, pos = session_trace_pos(e->trace, &total);
		g->head = e->compare ? ui_strf(st, "step %zu of %zu beside the emulator", pos, total)
				     : ui_strf(st, "step %zu of %zu recorded", pos, total);
	}
	strbuf_release(&sb);
	if (!e->compare)
		return;
	n = session_trace_compare(e->s, e->trace, &rows);
	g->rows = UI_NEW(st, struct ui_gpurow, n + 1);
	if (nx > 0) {
		strbuf_init(&sb);
		for (int x = 0; x < nx; x++)
			strbuf_addf(&sb, "%s%s", x ? ", " : "", ex[x]);
		g->watch = ui_strdup(st, strbuf_cstr(&sb));
		strbuf_release(&sb);
	}
	uint64_t fblock = UINT64_MAX;
	struct machine_kernel_info ki;
	if (f->slot >= 0 && kernel_active(e, &ki))
		fblock = (uint64_t)e->fb[0] + (uint64_t)ki.grid[0] * ((uint64_t)e->fb[1] + (uint64_t)ki.grid[1] * (uint64_t)e->fb[2]);
	for (size_t i = 0; i < n; i++) {
		const struct session_cmp_row *r = &rows[i];
		struct ui_gpurow *u = &g->rows[k++];
		u->warp = ui_strf(st, "(%u,%u,%u) w%d", r->bidx[0], r->bidx[1], r->bidx[2], r->warp);
		u->n = (int)r->n;
		u->focus = r->block == fblock && r->warp == f->warp;
		u->differs = r->differs;
		if (!r->gpu_rank)
			u->gpu = ui_strdup(st, "(never ran)");
		else if (!r->n)
			u->gpu = ui_strf(st, "#%d SM %u/%u", r->gpu_rank, r->gpu_sm, r->gpu_slot);
		else
			u->gpu = ui_strf(st, "#%d SM %u/%u l%d 0x%08x", r->gpu_rank, r->gpu_sm, r->gpu_slot, r->gpu_line,
					 r->gpu_mask);
		if (!r->emu_rank)
			u->emu = ui_strdup(st, "(never ran)");
		else if (r->emu_done)
			u->emu = ui_strf(st, "#%d SM %u finished", r->emu_rank, r->emu_sm);
		else if (!r->n)
			u->emu = ui_strf(st, "#%d SM %u", r->emu_rank, r->emu_sm);
		else
			u->emu = ui_strf(st, "#%d SM %u l%d 0x%08x", r->emu_rank, r->emu_sm, r->emu_line, r->emu_mask);
		u->gpu_short = !r->gpu_rank ? "never ran" : !r->n ? "not yet" : ui_strf(st, "l%d 0x%08x", r->gpu_line, r->gpu_mask);
		u->emu_short = !r->emu_rank ? "never ran" : r->emu_done ? "finished" : !r->n ? "-"
			     : ui_strf(st, "l%d 0x%08x", r->emu_line, r->emu_mask);
		if (nx > 0) {
			strbuf_init(&sb);
			for (int x = 0; x < nx; x++)
				strbuf_addf(&sb, "%s%s|%s", x ? " " : "", r->gpu_val[x] ? r->gpu_val[x] : "-",
					    r->emu_val[x] ? r->emu_val[x] : "-");
			u->vals = ui_strdup(st, strbuf_cstr(&sb));
			strbuf_release(&sb);
		}
	}
	g->nrows = (int)k;
}

static void eng_snapshot(void *self, struct ui_state *st)
{
	struct eng *e = self;
	const struct srcfile *sf = srcmgr_file(e->sm, e->file);
	struct focus f;

	ui_state_clear_snapshot(st);
	if (!e->m) {
		/* it does not compile: the source as read, the diagnostics in the console */
		const struct srcfile *msf = NULL;

		for (size_t i = 0; e->sm && i < e->sm->files.len && !msf; i++)
			if (!e->sm->files.v[i].builtin && !strcmp(e->sm->files.v[i].name, e->path))
				msf = &e->sm->files.v[i];
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
	st->bps = UI_NEW(st, struct ui_breakpoint, session_break_count(e->s) + 1);
	for (size_t i = 0; i < session_break_count(e->s); i++) {
		const struct session_bp *b = session_break_get(e->s, i);

		if (b->kind == SBP_FINDING)	/* line 0: "finding KIND" as its condition */
			st->bps[st->nbps++] = (struct ui_breakpoint){ b->id, 0,
				ui_strf(st, "finding %s", b->cond ? b->cond : "(any)"), b->enabled };
		else if (b->file == e->file)
			st->bps[st->nbps++] = (struct ui_breakpoint){ b->id, b->line,
				b->cond ? ui_strdup(st, b->cond) : NULL, b->enabled };
	}
	snap_console(e, st);
	snap_findings(e, st);
	if (machine_mm_model(e->m) == MODEL_RELAXED) /* the host takes part: shown in host code too */
		snap_order(e, st);
	snap_gpu(e, st, &f);
	if (st->run == UI_RUN_FINISHED)
		return;
	snap_thread(e, st, &f);
	snap_global(e, st, &f);
	if (f.slot < 0)
		return;
	snap_warps(e, st, &f);
	snap_lanes(e, st, &f);
	snap_shared(e, st, &f);
	snap_texture(e, st, &f);
	snap_sync(e, st, &f);
}

void engine_backend_set_poll(struct ui_backend *be, int (*poll)(void *ctx, uint64_t steps, uint64_t total),
			     void *ctx)
{
	struct eng *e = be->self;

	e->poll = poll;
	e->poll_ctx = ctx;
	if (e->s && !e->attached) /* an attached session keeps its owner's poll */
		session_set_poll(e->s, poll, ctx);
}

static uint32_t main_file(const struct srcmgr *sm, const char *path)
{
	for (size_t i = 0; i < sm->files.len; i++)
		if (!sm->files.v[i].builtin && !strcmp(sm->files.v[i].name, path))
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

	struct session *old = e->s;

	e->s = NULL;
	e->m = NULL;
	if (old) /* its machine uses the module released below; its breakpoints stay */
		session_release_machine(old);
	session_program_free(e->c);
	e->mod = NULL;
	e->c = session_compile(e->path, ftext || !e->text ? NULL : e->text, &e->fo);
	e->sm = e->c->sm;
	ret = e->c->mod ? 0 : -1;
	free(ftext);
	e->lanes.len = e->lanes.len; /* print @ lanes rows stay */
	if (ret < 0 || !e->c->mod || e->c->mod->main_func < 0) {
		FILE *f = open_memstream(&buf, &len);

		diag_render(e->c->diags, e->c->sm, f, 0);
		if (!ret && e->c->mod && e->c->mod->main_func < 0)
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
		e->stopg.valid = 0;
		if (old) { /* keep the breakpoints for the next reload */
			e->kept = old;
		}
		return -1;
	}
	e->mod = e->c->mod;
	e->file = main_file(e->c->sm, e->path);
	on_build(e, &e->mo);
	e->s = session_new(e->mod, e->c->sm, &e->mo, 1);
	session_set_build(e->s, on_build, e);
	session_set_main_file(e->s, e->file);
	session_observe(e->s, 1u << EV_LAUNCH | 1u << EV_KERNEL_END, 0, on_event, e);
	session_collectives_free(e->coll);
	e->coll = session_collectives_watch(e->s);
	session_set_poll(e->s, e->poll, e->poll_ctx);
	session_start_main(e->s, e->argc, e->argv);
	e->m = session_machine(e->s);
	if (old || e->kept) {
		/* reload: the breakpoints whose lines still have code */
		session_break_copy(e->s, old ? old : e->kept);
		if (e->kept && e->kept != old)
			session_free(e->kept);
		e->kept = NULL;
	}
	if (old)
		session_free(old);
	e->oseen = e->eseen = 0;
	e->nfind_seen = 0;
	snprintf(e->stop, sizeof(e->stop), "before main()");
	e->stopg.valid = 0;
	return 0;
}

/* reload: recompile (the file as it is now) and start again before main();
 * breakpoints on lines that still have code are kept. */
static int eng_reload(void *self, struct strbuf *msg)
{
	struct eng *e = self;
	struct strbuf err;

	if (e->attached) {
		strbuf_adds(msg, "this is the lesson's own machine: the lesson decides when it starts again");
		return -1;
	}
	strbuf_init(&err);
	if (eng_load(e, 1, &err) < 0) {
		strbuf_release(&err);
		strbuf_addf(msg, "%s does not compile (the diagnostics are above)", e->path);
		return -1;
	}
	strbuf_release(&err);
	pend_line(e, UI_CON_INFO, "[reloaded: stopped before main()]", 33);
	strbuf_addf(msg, "%s compiled; stopped before main()", e->path);
	return 0;
}

static struct eng *eng_new(const char *path, const char *text, const struct session_compile_opts *fo,
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
		e->argv[i] = i ? xstrdup(argv[i]) : session_argv0(argv[0]); /* ./NAME */
	snprintf(e->simt, sizeof(e->simt), "%s", mo->simt == SIMT_ITS ? "its" : "stack");
	if (mo->schedule) /* replaying a witness of explore: its choices, not rr */
		snprintf(e->sched, sizeof(e->sched), "witness %s", mo->schedule);
	else if (mo->sched == SCHED_RANDOM)
		snprintf(e->sched, sizeof(e->sched), "random:%llu", (unsigned long long)mo->seed);
	else
		snprintf(e->sched, sizeof(e->sched), "rr");
	e->be = (struct ui_backend){ e, eng_step, eng_cont, eng_break_set, eng_break_delete,
				     eng_focus, eng_eval, eng_info, eng_set, eng_snapshot, eng_reload,
				     &eng_gdb };
	return e;
}

struct ui_backend *engine_backend_new(const char *path, const char *text,
				      const struct session_compile_opts *fo, const struct machine_opts *mo,
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
				       const struct session_compile_opts *fo, const struct machine_opts *mo,
				       int argc, char **argv, struct strbuf *err)
{
	struct eng *e = eng_new(path, text, fo, mo, argc, argv);

	eng_load(e, 0, err);
	return &e->be;
}

struct ui_backend *engine_backend_attach(struct session *s, const char *name,
					 const struct machine_opts *mo)
{
	struct session_compile_opts fo = { 0 };
	struct machine_opts dummy;
	char *argv[] = { (char *)name, NULL };
	struct eng *e = eng_new(name, NULL, &fo, mo, 1, argv);

	e->attached = 1;
	e->s = s;
	e->sm = session_sources(s);
	e->mod = session_module(s);
	e->file = main_file(e->sm, name);
	e->m = session_machine(s);
	dummy = *mo;
	on_build(e, &dummy); /* the console's streams (the program writes to its owner's) */
	snprintf(e->stop, sizeof(e->stop), "the lesson's machine");
	return &e->be;
}

int engine_backend_set_trace(struct ui_backend *be, const char *path, struct strbuf *err)
{
	struct eng *e = be->self;
	char *text = NULL;
	size_t len = 0;
	const char *why;

	if (!(text = util_read_file(path, &len, &why))) {
		strbuf_addf(err, "warpstep: --trace: cannot read '%s': %s\n", path, why);
		return -1;
	}
	struct strbuf perr;
	strbuf_init(&perr);
	e->trace = session_trace_parse(text, len, &perr);
	free(text);
	if (!e->trace) {
		strbuf_addf(err, "warpstep: --trace: %s: %s\n", path, strbuf_cstr(&perr));
		strbuf_release(&perr);
		return -1;
	}
	strbuf_release(&perr);
	char line[200];
	snprintf(line, sizeof(line), "[replaying the GPU trace %s: step (s, n) follows its warps]", path);
	pend_line(e, UI_CON_INFO, line, strlen(line));
	return 0;
}

void engine_backend_free(struct ui_backend *be)
{
	struct eng *e;

	if (!be)
		return;
	e = be->self;
	session_trace_free(e->trace);
	if (!e->attached)
		session_free(e->s);
	session_collectives_free(e->coll);
	if (e->kept)
		session_free(e->kept);
	if (e->out)
		fclose(e->out);
	if (e->err)
		fclose(e->err);
	explore_free(e);
	vec_free(&e->witness);
	free(e->witness_on);
	free(e->path);
	free(e->text);
	free(e->obuf);
	free(e->ebuf);
	for (int i = 0; i < e->argc; i++)
		free(e->argv[i]);
	free(e->argv);
	for (size_t i = 0; i < e->lanes.len; i++)
		free(e->lanes.v[i]);
	vec_free(&e->lanes);
	for (size_t i = 0; i < e->pending.len; i++)
		free(e->pending.v[i].text);
	vec_free(&e->pending);
	session_program_free(e->c);
	free(e);
}
