/*
 * fake_backend.c - the scripted backend (fake.h): a reduction kernel whose
 * states are written by hand, frame by frame, to show every pane.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fake.h"

static const char fake_source[] =
	"#include <cstdio>\n"
	"\n"
	"__global__ void reduce(const int *in, int *out, int n)\n"
	"{\n"
	"\t__shared__ int buf[128];\n"
	"\tint tid = threadIdx.x;\n"
	"\tint i = blockIdx.x * blockDim.x + tid;\n"
	"\tint v = i < n ? in[i] : 0;\n"
	"\tif (tid % 2 == 0)\n"
	"\t\tv = v * 2;\n"
	"\telse\n"
	"\t\tv = v + 1;\n"
	"\tbuf[tid * 2 % 128] = v;\n"
	"\t__syncthreads();\n"
	"\tfor (int off = 16; off > 0; off /= 2)\n"
	"\t\tv += __shfl_down_sync(0xffffffff, v, off);\n"
	"\tif (tid % 32 == 0)\n"
	"\t\tbuf[0] += v; /* every warp's lane 0: a race */\n"
	"}\n"
	"\n"
	"int main(void)\n"
	"{\n"
	"\tint *in, *out;\n"
	"\tcudaMallocManaged(&in, 120 * sizeof(int));\n"
	"\tcudaMallocManaged(&out, 2 * sizeof(int));\n"
	"\tfor (int k = 0; k < 120; k++)\n"
	"\t\tin[k] = k;\n"
	"\treduce<<<1, 120>>>(in, out, 120);\n"
	"\tcudaDeviceSynchronize();\n"
	"\tprintf(\"sum %d\\n\", out[0]);\n"
	"\treturn 0;\n"
	"}\n";

#define NT 120 /* threads in the block */
#define NW 4

struct fake {
	struct ui_backend be;
	int frame, thread;          /* focused linear thread */
	int bp_line[16], bp_id[16];
	char bp_cond[16][64];
	int nbps, next_bp;
	char lanes_expr[4][32];
	int nlanes;
	char simt[16], sched[32], model[16];
	int said_launch, said_output;
};

/* Per-frame line of a warp (kernel frames 1..14). */
static int frame_line(int k, int w)
{
	static const int common[] = { 6, 7, 8, 9, 0, 0, 0, 0, 0, 15, 16, 16, 17, 18 };

	if (k < 4 || k >= 9)
		return common[k];
	/* k 4..8: warps run at different paces */
	switch (k) {
	case 4: return w == 0 ? 10 : 9;
	case 5: return w == 0 ? 12 : 9;
	case 6: return w == 0 ? 13 : 9;
	case 7: return w < 2 ? 14 : w == 2 ? 13 : 10;
	default: return w < 3 ? 14 : 13;
	}
}

static int v_value(int t, int k)
{
	if (k < 6)
		return t;
	return t % 2 == 0 ? 2 * t : t + 1;
}

/* v after the shuffle steps of frame k (10: before, 11: after off=16 ...). */
static void warp_v(int w, int k, int out[32], int src[32])
{
	int v[32];

	for (int l = 0; l < 32; l++) {
		int t = w * 32 + l;

		v[l] = t < NT ? v_value(t, k < 6 ? k : 6) : 0;
		src[l] = -1;
	}
	for (int off = 16, n = k == 11 ? 1 : k >= 12 ? 5 : 0; off >= 1 && n > 0; off /= 2, n--) {
		int nv[32];

		for (int l = 0; l < 32; l++) {
			int s = l + off < 32 ? l + off : l;

			nv[l] = v[l] + v[s];
			src[l] = (int)s;
		}
		memcpy(v, nv, sizeof(v));
	}
	memcpy(out, v, sizeof(v));
}

static void fake_warp(struct ui_warp *wp, int w, int k)
{
	int live = NT - w * 32 > 32 ? 32 : NT - w * 32, line = frame_line(k, w);

	ui_warp_fill(wp, w, live, line);
	if (k == 13) {
		/* only lane 0 stores; the others wait at the reconvergence point */
		wp->groups[0].mask = 1;
		wp->groups[0].reconv_line = 19;
		wp->groups[1].mask = ((live >= 32 ? 0xffffffffu : (1u << live) - 1)) & ~1u;
		wp->groups[1].line = 19;
		wp->groups[1].reconv_line = 19;
		wp->ngroups = 2;
		for (int l = 1; l < live; l++) {
			wp->status[l] = UI_LANE_DIVERGED;
			wp->line[l] = 19;
		}
	} else if (((k == 4 || k == 5) && w == 0) || (k == 7 && w == 3)) {
		int evens_done = k == 5;
		uint32_t all = live >= 32 ? 0xffffffffu : (1u << live) - 1;

		wp->ngroups = 2;
		wp->groups[0] = (struct ui_group){ 0x55555555u & all, evens_done ? 13 : 10, 13 };
		wp->groups[1] = (struct ui_group){ 0xaaaaaaaau & all, 12, 13 };
		wp->current = evens_done ? 1 : 0;
		for (int l = 0; l < live; l++) {
			int even = l % 2 == 0, run = even != evens_done;

			wp->status[l] = run ? UI_LANE_ACTIVE : UI_LANE_DIVERGED;
			wp->line[l] = even ? wp->groups[0].line : 12;
		}
		wp->note = evens_done ? "else branch" : "if branch";
	} else if (line == 14) {
		for (int l = 0; l < live; l++)
			wp->status[l] = UI_LANE_BARRIER;
		wp->note = "barrier";
		wp->current = -1;
	} else if (k == 10 && w == 1) {
		for (int l = 0; l < live; l++)
			wp->status[l] = UI_LANE_WARPSYNC;
		wp->note = "waits: shfl";
		wp->current = -1;
	}
}

static void fake_lanes(struct fake *f, struct ui_state *st, int k)
{
	int w = f->thread / 32, vals[32], src[32];

	st->lanes = UI_NEW(st, struct ui_lanevar, f->nlanes + 3);
	warp_v(w, k, vals, src);
	if (k == 11) { /* the shuffle's row: what each lane received, from where */
		struct ui_lanevar *lv = &st->lanes[st->nlanes++];
		int before[32], src0[32];

		warp_v(w, 10, before, src0);
		lv->name = "__shfl_down_sync (line 17): width 32, delta 16";
		lv->coll = UI_COLL_SHFL;
		lv->has_src = 1;
		lv->width = 32;
		for (int l = 0; l < 32; l++) {
			lv->src[l] = -1;
			if (w * 32 + l >= NT)
				continue;
			lv->part |= 1u << l;
			lv->src[l] = (int8_t)src[l];
			lv->value[l] = ui_strf(st, "%d", vals[l] - before[l]);
		}
	}
	for (int i = 0; i < f->nlanes; i++) {
		struct ui_lanevar *lv = &st->lanes[st->nlanes++];
		const char *e = f->lanes_expr[i];

		lv->name = ui_strdup(st, e);
		for (int l = 0; l < 32; l++) {
			int t = w * 32 + l;

			if (t >= NT)
				continue;
			if (!strcmp(e, "v")) {
				lv->value[l] = ui_strf(st, "%d", vals[l]);
			} else {
				lv->value[l] = ui_strf(st, "%d", !strcmp(e, "tid") ? t : t);
			}
		}
	}
	if (k == 12) {
		struct ui_lanevar *lv = &st->lanes[st->nlanes++];

		lv->name = "__ballot_sync(~0, tid % 32 == 0)";
		lv->has_bits = 1;
		for (int l = 0; l < 32; l++) {
			if (w * 32 + l < NT)
				lv->value[l] = "0x1";
			lv->bits[l] = 1;
		}
	}
}

static void fake_thread(struct fake *f, struct ui_state *st, int k)
{
	struct ui_thread *t = &st->thread;
	int vals[32], src[32], n = 0;

	t->warp = f->thread / 32;
	t->lane = f->thread % 32;
	ui_thread_xyz(st, f->thread, t->thread);
	t->line = frame_line(k, t->warp);
	t->func = "reduce";
	t->locals = UI_NEW(st, struct ui_local, 6);
	warp_v(t->warp, k, vals, src);
	t->locals[n++] = (struct ui_local){ "in", "const int *", "0x10000000" };
	t->locals[n++] = (struct ui_local){ "n", "int", "120" };
	if (k >= 1)
		t->locals[n++] = (struct ui_local){ "tid", "int", ui_strf(st, "%d", f->thread) };
	if (k >= 2)
		t->locals[n++] = (struct ui_local){ "i", "int", ui_strf(st, "%d", f->thread) };
	if (k >= 3)
		t->locals[n++] = (struct ui_local){ "v", "int", ui_strf(st, "%d", vals[t->lane]) };
	if (k >= 10 && k <= 13)
		t->locals[n++] = (struct ui_local){ "off", "int", ui_strf(st, "%d", 16 >> (k - 10)) };
	t->nlocals = n;
}

static void fake_memory(struct fake *f, struct ui_state *st, int k)
{
	struct ui_memory *m = &st->mem;
	struct ui_array *a;
	int buf[128] = { 0 }, written = k >= 8 ? 3 : k >= 7 ? 2 : k >= 6 ? 1 : 0;

	m->shared = a = UI_NEW(st, struct ui_array, 1);
	m->nshared = 1;
	*a = (struct ui_array){ "buf", "int", 0, 4, 128, UI_NEW(st, const char *, 128),
				UI_NEW(st, uint8_t, 128) };
	for (int t = 0; t < written * 32 && t < NT; t++)
		buf[t * 2 % 128] = v_value(t, 6);
	if (k == 8) /* warp 3 writes */
		for (int t = 96; t < NT; t++)
			buf[t * 2 % 128] = v_value(t, 6);
	for (int i = 0; i < 128; i++)
		a->values[i] = ui_strf(st, "%d", buf[i]);
	if (k == 6 || k == 8) {
		int lo = k == 6 ? 0 : 96, hi = k == 6 ? 32 : NT;

		for (int t = lo; t < hi; t++)
			a->access[t * 2 % 128] |= UI_ACC_WRITE;
		m->conflict_degree = 2;
		m->conflict_note = "buf[tid * 2 % 128]: lanes 0 and 16 both hit bank 0";
	}
	if (k == 13) {
		a->access[0] = UI_ACC_READ | UI_ACC_WRITE;
		m->conflict_degree = 1;
	}
	m->global = a = UI_NEW(st, struct ui_array, 2);
	m->nglobal = 2;
	a[0] = (struct ui_array){ "in", "int", 0x10000000, 4, NT, UI_NEW(st, const char *, NT),
				  UI_NEW(st, uint8_t, NT) };
	for (int i = 0; i < NT; i++)
		a[0].values[i] = ui_strf(st, "%d", i);
	a[1] = (struct ui_array){ "out", "int", 0x10000200, 4, 2, UI_NEW(st, const char *, 2), NULL };
	a[1].values[0] = a[1].values[1] = "0";
	if (k == 2) {
		int w = f->thread / 32;

		for (int i = w * 32; i < w * 32 + 32 && i < NT; i++)
			a[0].access[i] = UI_ACC_READ;
		m->sectors = UI_NEW(st, uint64_t, 4);
		for (int s = 0; s < 4; s++)
			m->sectors[m->nsectors++] = 0x10000000u + (uint64_t)w * 128 + (uint64_t)s * 32;
		m->requests = 4;
	}
}

static void fake_sync(struct fake *f, struct ui_state *st, int k)
{
	struct ui_sync *s = &st->sync;
	struct ui_barrier *b;

	s->model = ui_strdup(st, f->model);
	s->barriers = b = UI_NEW(st, struct ui_barrier, 1);
	s->nbarriers = 1;
	b->generation = k >= 9 ? 1 : 0;
	b->expected = NT;
	b->nwarps = NW;
	b->arrived = UI_NEW(st, uint32_t, NW);
	for (int w = 0; w < NW && (k == 7 || k == 8); w++)
		if (frame_line(k, w) == 14)
			b->arrived[w] = w == 3 ? 0xffffffu : 0xffffffffu;
	if (k == 13 && !strcmp(f->model, "relaxed")) {
		s->pending = UI_NEW(st, struct ui_pending, NW);
		for (int w = 0; w < NW; w++)
			s->pending[s->npending++] = (struct ui_pending){
				ui_strf(st, "t%d", w * 32), "buf[0]",
				ui_strf(st, "%d", 1000 + w), NULL };
	}
}

static void fake_snapshot(void *self, struct ui_state *st)
{
	struct fake *f = self;
	int k = f->frame - 1; /* kernel frame, 0..13 */

	ui_state_clear_snapshot(st);
	ui_set_source(st, "reduce.cu", fake_source);
	st->steps = (uint64_t)f->frame * 7;
	st->simt = ui_strdup(st, f->simt);
	st->sched = ui_strdup(st, f->sched);
	st->grid[0] = 1;
	st->blockdim[0] = NT;
	st->focus_warp = f->thread / 32;
	st->focus_lane = f->thread % 32;
	st->bps = UI_NEW(st, struct ui_breakpoint, f->nbps + 1);
	for (int i = 0; i < f->nbps; i++)
		st->bps[st->nbps++] = (struct ui_breakpoint){ f->bp_id[i], f->bp_line[i],
			f->bp_cond[i][0] ? ui_strdup(st, f->bp_cond[i]) : NULL, 1 };
	if (k < 0 || k > 13) {
		st->run = f->frame >= FAKE_FRAMES - 1 ? UI_RUN_FINISHED : UI_RUN_HOST;
		st->host_line = k < 0 ? 28 : f->frame == FAKE_FRAMES - 2 ? 30 : 31;
		st->stop_reason = k < 0 ? "before launch" : NULL;
		if (k > 13 && !f->said_output) {
			ui_console_add(st, UI_CON_OUTPUT, "sum 7140");
			f->said_output = 1;
		}
		if (k > 13) {
			st->findings = UI_NEW(st, struct ui_finding, 1);
			st->findings[st->nfindings++] = (struct ui_finding){ "race", "reduce.cu", 18,
				"buf[0]: read-modify-write by t0, t32, t64, t96 with no barrier" };
		}
		return;
	}
	if (!f->said_launch) {
		ui_console_add(st, UI_CON_INFO, "[kernel reduce<<<1, 120>>> launched]");
		f->said_launch = 1;
	}
	st->run = UI_RUN_KERNEL;
	st->kernel = "reduce";
	st->stop_reason = "step";
	st->warps = UI_NEW(st, struct ui_warp, NW);
	st->nwarps = NW;
	for (int w = 0; w < NW; w++)
		fake_warp(&st->warps[w], w, k);
	fake_lanes(f, st, k);
	fake_thread(f, st, k);
	fake_memory(f, st, k);
	fake_sync(f, st, k);
	if (k == 13) {
		st->findings = UI_NEW(st, struct ui_finding, 2);
		st->findings[st->nfindings++] = (struct ui_finding){ "race", "reduce.cu", 18,
			"buf[0]: read-modify-write by t0, t32, t64, t96 with no barrier" };
	}
	if (k >= 10 && k <= 12) {
		if (!st->findings)
			st->findings = UI_NEW(st, struct ui_finding, 2);
		st->findings[st->nfindings++] = (struct ui_finding){ "shfl-mask", "reduce.cu", 16,
			"warp 3: mask 0xffffffff names lanes 24-31, which do not exist" };
	}
}

static int fake_step(void *self, enum ui_step how, long count, struct strbuf *msg)
{
	struct fake *f = self;

	if (how == UI_STEP_BACK || how == UI_STEP_UNDO) {
		if (f->frame == 0) {
			strbuf_adds(msg, "already at the start");
			return -1;
		}
		f->frame -= count > f->frame ? f->frame : (int)count;
		return 0;
	}
	if (f->frame >= FAKE_FRAMES - 1) {
		strbuf_adds(msg, "the program has finished");
		return -1;
	}
	if (how == UI_STEP_BARRIER)
		f->frame = f->frame < 8 ? 8 : FAKE_FRAMES - 1;
	else
		f->frame = f->frame + count >= FAKE_FRAMES ? FAKE_FRAMES - 1 : f->frame + (int)count;
	return 0;
}

static int fake_cont(void *self, struct strbuf *msg)
{
	struct fake *f = self;

	for (int fr = f->frame + 1; fr < FAKE_FRAMES; fr++) {
		for (int i = 0; i < f->nbps; i++) {
			int k = fr - 1, line = k >= 0 && k <= 13 ? frame_line(k, f->thread / 32) : 0;

			if (line == f->bp_line[i]) {
				f->frame = fr;
				strbuf_addf(msg, "breakpoint %d, line %d", f->bp_id[i], line);
				return 0;
			}
		}
	}
	f->frame = FAKE_FRAMES - 1;
	strbuf_adds(msg, "program exited with status 0");
	return 0;
}

static int fake_break_set(void *self, int line, const char *cond, struct strbuf *msg)
{
	struct fake *f = self;

	if (line > 32 || f->nbps == 16) {
		strbuf_addf(msg, "no code at line %d", line);
		return -1;
	}
	f->bp_line[f->nbps] = line;
	f->bp_id[f->nbps] = ++f->next_bp;
	snprintf(f->bp_cond[f->nbps], sizeof(f->bp_cond[0]), "%s", cond ? cond : "");
	return f->bp_id[f->nbps++];
}

static int fake_break_delete(void *self, int id, struct strbuf *msg)
{
	struct fake *f = self;

	for (int i = 0; i < f->nbps; i++) {
		if (id && f->bp_id[i] != id)
			continue;
		f->nbps--;
		memmove(&f->bp_line[i], &f->bp_line[i + 1], sizeof(int) * (size_t)(f->nbps - i));
		memmove(&f->bp_id[i], &f->bp_id[i + 1], sizeof(int) * (size_t)(f->nbps - i));
		memmove(f->bp_cond[i], f->bp_cond[i + 1], sizeof(f->bp_cond[0]) * (size_t)(f->nbps - i));
		i--;
		if (id)
			return 0;
	}
	if (id) {
		strbuf_addf(msg, "no breakpoint %d", id);
		return -1;
	}
	return 0;
}

static int fake_focus(void *self, const int block[3], const int thread[3], struct strbuf *msg)
{
	struct fake *f = self;

	if (block[0] || block[1] || block[2]) {
		strbuf_addf(msg, "no block (%d,%d,%d): the grid is (1,1,1)", block[0], block[1], block[2]);
		return -1;
	}
	if (thread[1] || thread[2] || thread[0] >= NT) {
		strbuf_addf(msg, "no thread (%d,%d,%d): the block is (%d,1,1)", thread[0], thread[1],
			    thread[2], NT);
		return -1;
	}
	f->thread = thread[0];
	return 0;
}

static int fake_eval(void *self, const char *expr, int lanes, struct strbuf *out)
{
	struct fake *f = self;
	int k = f->frame - 1, vals[32], src[32];

	if (k < 0 || k > 13) {
		strbuf_adds(out, "no kernel is running");
		return -1;
	}
	if (strcmp(expr, "v") && strcmp(expr, "tid") && strcmp(expr, "i")) {
		strbuf_addf(out, "no symbol '%s' in this scope", expr);
		return -1;
	}
	if (lanes) {
		for (int i = 0; i < f->nlanes; i++)
			if (!strcmp(f->lanes_expr[i], expr))
				return 0;
		if (f->nlanes < 4)
			snprintf(f->lanes_expr[f->nlanes++], sizeof(f->lanes_expr[0]), "%s", expr);
		return 0;
	}
	warp_v(f->thread / 32, k, vals, src);
	strbuf_addf(out, "%s = %d", expr, !strcmp(expr, "v") ? vals[f->thread % 32] : f->thread);
	return 0;
}

static int fake_info(void *self, const char *what, struct strbuf *out)
{
	struct fake *f = self;
	int k = f->frame - 1;

	if (k < 0 || k > 13) {
		strbuf_adds(out, "no kernel is running");
		return 0;
	}
	if (!strcmp(what, "warps")) {
		strbuf_adds(out, "  warp  line  active");
		for (int w = 0; w < NW; w++)
			strbuf_addf(out, "\n%s %4d  %4d  %s", w == f->thread / 32 ? "*" : " ", w,
				    frame_line(k, w), w == 3 ? "0x00ffffff" : "0xffffffff");
	} else if (!strcmp(what, "blocks")) {
		strbuf_adds(out, "* block (0,0,0): 4 warps, 120 threads, running");
	} else if (!strcmp(what, "barriers")) {
		strbuf_addf(out, "block (0,0,0) __syncthreads: generation %d", k >= 9);
	} else {
		strbuf_addf(out, "warp %d: lanes 0-%d live, focused lane %d", f->thread / 32,
			    f->thread / 32 == 3 ? 23 : 31, f->thread % 32);
	}
	return 0;
}

static int fake_set(void *self, const char *key, const char *value, struct strbuf *msg)
{
	struct fake *f = self;
	char *dst = !strcmp(key, "simt") ? f->simt : !strcmp(key, "sched") ? f->sched : f->model;
	size_t cap = !strcmp(key, "sched") ? sizeof(f->sched) : sizeof(f->simt);

	if ((!strcmp(key, "simt") && strcmp(value, "stack") && strcmp(value, "its")) ||
	    (!strcmp(key, "model") && strcmp(value, "sc") && strcmp(value, "relaxed")) ||
	    (!strcmp(key, "sched") && strcmp(value, "rr") && strncmp(value, "random:", 7))) {
		strbuf_addf(msg, "bad value '%s' for %s", value, key);
		return -1;
	}
	snprintf(dst, cap, "%s", value);
	strbuf_addf(msg, "%s is now %s", key, value);
	return 0;
}

struct ui_backend *fake_backend_new(void)
{
	struct fake *f = xcalloc(1, sizeof(*f));

	f->be = (struct ui_backend){ f, fake_step, fake_cont, fake_break_set, fake_break_delete,
				     fake_focus, fake_eval, fake_info, fake_set, fake_snapshot, NULL, NULL };
	strcpy(f->simt, "stack");
	strcpy(f->sched, "rr");
	strcpy(f->model, "relaxed");
	strcpy(f->lanes_expr[0], "v");
	f->nlanes = 1;
	return &f->be;
}

void fake_backend_free(struct ui_backend *be)
{
	free(be ? be->self : NULL);
}

void fake_goto(struct ui_backend *be, int frame)
{
	struct fake *f = be->self;

	f->frame = frame < 0 ? 0 : frame >= FAKE_FRAMES ? FAKE_FRAMES - 1 : frame;
}

void fake_sync_extras(struct ui_state *st)
{
	struct ui_sync *s = &st->sync;

	s->cubars = UI_NEW(st, struct ui_cubarrier, 1);
	s->cubars[0] = (struct ui_cubarrier){ .kind = "cuda::barrier", .name = "bar", .expected = 128,
		.pending = 64, .phase = 1, .waiters = "t0 t1 t2 t3 ... (64 threads)" };
	s->ncubars = 1;
	s->pipes = UI_NEW(st, struct ui_pipeline, 1);
	s->pipes[0].title = "cuda::pipeline shared_state: 2 stages, 64 producers, 64 consumers (unified)";
	s->pipes[0].nstages = 2;
	s->pipes[0].stage = UI_NEW(st, const char *, 2);
	s->pipes[0].state = UI_NEW(st, const char *, 2);
	s->pipes[0].stage[0] = "stage 0: ready (use 2; acquired 64, committed 64/64, released 0/64, 0 in flight)";
	s->pipes[0].state[0] = "ready";
	s->pipes[0].stage[1] = "stage 1: committed (use 3; acquired 64, committed 64/64, released 0/64, 64 in flight)";
	s->pipes[0].state[1] = "committed";
	s->npipes = 1;
	s->copies = UI_NEW(st, const char *, 1);
	s->copies[0] = "line 44 memcpy_async (pipeline): 64 copies, 256 bytes to 0x720000000100..0x720000000200 by threads 0..63, use 3: stage committed, lands at consumer_wait()";
	s->ncopies = 1;
	s->copies_total = 64;
	s->pending = UI_NEW(st, struct ui_pending, 2);
	s->pending[0] = (struct ui_pending){ "t5", "flag", "1", "after __threadfence(): waiting" };
	s->pending[1] = (struct ui_pending){ "t5", "data[5]", "42", NULL };
	s->npending = 2;
	s->model = "relaxed";
}
