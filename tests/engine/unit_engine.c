/*
 * unit_engine.c - TAP tests of the SIMT machine on hand-built IR.
 *
 * A tiny builder assembles kernels; a generated host main() launches one
 * and synchronizes, storing cudaDeviceSynchronize's result in a host
 * variable. Kernels write per-thread results into a __device__ array that
 * the test reads back.
 */
#include "machine.h"
#include "simt.h"
#include "builtin.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tap.h"

/* ---- IR builder */

struct fb {
	VEC(struct ir_insn) code;
	VEC(uint8_t) rty;
};

static int nreg(struct fb *b, unsigned t)
{
	vec_push(&b->rty, (uint8_t)t);
	return (int)b->rty.len - 1;
}

static int emit(struct fb *b, struct ir_insn in)
{
	vec_push(&b->code, in);
	return (int)b->code.len - 1;
}

static struct ir_insn I(unsigned op, unsigned t)
{
	struct ir_insn in;
	memset(&in, 0, sizeof(in));
	in.op = (uint16_t)op;
	in.t = (uint8_t)t;
	in.d = in.a = in.b = in.c = in.e = -1;
	in.tgt1 = in.tgt2 = -1;
	in.span.file = 0;
	return in;
}

static int k_const(struct fb *b, unsigned t, int64_t v)
{
	struct ir_insn in = I(IR_CONST, t);
	in.d = nreg(b, t);
	in.imm = v;
	emit(b, in);
	return in.d;
}

static int k_bin(struct fb *b, unsigned op, unsigned t, int x, int y)
{
	struct ir_insn in = I(op, t);
	in.d = nreg(b, op == IR_SETP ? IR_PRED : t);
	in.a = x;
	in.b = y;
	emit(b, in);
	return in.d;
}

static int k_setp(struct fb *b, unsigned cmp, unsigned t, int x, int y)
{
	struct ir_insn in = I(IR_SETP, t);
	in.d = nreg(b, IR_PRED);
	in.a = x;
	in.b = y;
	in.sub = (uint8_t)cmp;
	emit(b, in);
	return in.d;
}

static int k_sreg(struct fb *b, unsigned s)
{
	struct ir_insn in = I(IR_SREG, IR_U32);
	in.d = nreg(b, IR_U32);
	in.imm = s;
	emit(b, in);
	return in.d;
}

static void k_mov(struct fb *b, int d, int a)
{
	struct ir_insn in = I(IR_MOV, b->rty.v[d]);
	in.d = d;
	in.a = a;
	emit(b, in);
}

static int k_cbr(struct fb *b, int p)
{
	struct ir_insn in = I(IR_CBR, IR_PRED);
	in.a = p;
	return emit(b, in);
}

static int k_br(struct fb *b)
{
	return emit(b, I(IR_BR, IR_VOID));
}

static int here(struct fb *b)
{
	return (int)b->code.len;
}

/* out[idx] = v (u32), out = object 0 */
static void k_store_out(struct fb *b, int idx, int v, int64_t base)
{
	struct ir_insn in = I(IR_GADDR, IR_PTR);
	in.d = nreg(b, IR_PTR);
	in.imm = 0;
	emit(b, in);
	int base_r = in.d;
	int four = k_const(b, IR_U64, 4);
	struct ir_insn c = I(IR_CVT, IR_U64);
	c.t2 = IR_U32;
	c.d = nreg(b, IR_U64);
	c.a = idx;
	emit(b, c);
	int off = k_bin(b, IR_MUL, IR_U64, c.d, four);
	int addr = k_bin(b, IR_ADD, IR_U64, base_r, off);
	struct ir_insn st = I(IR_ST, IR_U32);
	st.a = addr;
	st.b = v;
	st.imm = base * 4;
	st.sp = SP_GENERIC;
	emit(b, st);
}

static int k_activemask(struct fb *b)
{
	struct ir_insn in = I(IR_ACTIVEMASK, IR_U32);
	in.d = nreg(b, IR_U32);
	emit(b, in);
	return in.d;
}

static void k_ret(struct fb *b, int r)
{
	struct ir_insn in = I(IR_RET, IR_VOID);
	in.a = r;
	emit(b, in);
}

static int k_tid(struct fb *b)
{
	return k_sreg(b, SREG_TID_X);
}

static void fb_finish(struct fb *b, struct ir_func *f, const char *name, uint32_t kind, uint32_t nparams)
{
	memset(f, 0, sizeof(*f));
	f->name = (char *)name;
	f->mangled = (char *)name;
	f->kind = kind;
	f->nparams = nparams;
	f->param_ty = calloc(nparams + 1, 1);
	f->param_size = calloc(nparams + 1, sizeof(uint32_t));
	f->param_align = calloc(nparams + 1, sizeof(uint32_t));
	for (uint32_t i = 0; i < nparams; i++) {
		f->param_ty[i] = b->rty.v[i];
		f->param_size[i] = 4;
		f->param_align[i] = 4;
	}
	f->nregs = (uint32_t)b->rty.len;
	f->reg_ty = b->rty.v;
	f->code = b->code.v;
	f->ncode = (uint32_t)b->code.len;
}

/* ---- test harness: a module with kernel (func 1), helper funcs, main (func 0) */

#define NOUT 4096
static uint32_t outbuf[NOUT];

struct tmod {
	struct ir_module mod;
	struct ir_func funcs[8];
	struct ir_object objs[2];
	struct srcmgr sm;
};

static void make_main(struct ir_func *f, int kernel, uint32_t gx, uint32_t bx, uint32_t bxy)
{
	struct fb b = {0};
	int dims[8];
	dims[0] = k_const(&b, IR_U32, gx);
	dims[1] = k_const(&b, IR_U32, 1);
	dims[2] = k_const(&b, IR_U32, 1);
	dims[3] = k_const(&b, IR_U32, bx);
	dims[4] = k_const(&b, IR_U32, bxy);
	dims[5] = k_const(&b, IR_U32, 1);
	dims[6] = k_const(&b, IR_U64, 0);
	dims[7] = k_const(&b, IR_PTR, 0);
	struct ir_insn l = I(IR_LAUNCH, IR_VOID);
	l.imm = kernel;
	l.nargs = 8;
	l.args = malloc(8 * sizeof(int32_t));
	memcpy(l.args, dims, sizeof(dims));
	emit(&b, l);
	struct ir_insn s = I(IR_BCALL, IR_S32);
	s.imm = BI_cudaDeviceSynchronize;
	s.d = nreg(&b, IR_S32);
	emit(&b, s);
	/* host object 1 = result */
	struct ir_insn g = I(IR_GADDR, IR_PTR);
	g.d = nreg(&b, IR_PTR);
	g.imm = 1;
	emit(&b, g);
	struct ir_insn st = I(IR_ST, IR_S32);
	st.a = g.d;
	st.b = s.d;
	emit(&b, st);
	int z = k_const(&b, IR_S32, 0);
	k_ret(&b, z);
	fb_finish(&b, f, "main", FN_HOST, 0);
}

static int last_err;
static int step_mode;
struct ev_count { unsigned div, rec, bar, launch, insn, lane_seen; uint64_t steps; };
static struct ev_count evc;

static void count_ev(void *ctx, const struct machine_event *e)
{
	struct ev_count *c = ctx;
	switch (e->kind) {
	case EV_DIVERGE: c->div++; break;
	case EV_RECONVERGE: c->rec++; break;
	case EV_BARRIER: c->bar++; break;
	case EV_LAUNCH: c->launch++; break;
	case EV_INSN: c->insn++; break;
	default: break;
	}
}
static int custom_main;
/* step mode: the most groups a device warp held, and a copy of the machine
 * (machine_clone) made when one first held more than WS_GIN, run to the
 * end separately: its out array lands in clone_out (clone_ran 1) */
static int clone_check;
static uint32_t max_groups;
static int clone_ran;
static uint32_t clone_out[NOUT];
static int last_status;
static size_t last_nfind;
static char last_kind[64];

/* run: returns cudaDeviceSynchronize's result; out copied to outbuf */
static int run_mod(struct tmod *t, int nfuncs, uint32_t gx, uint32_t bx, uint32_t by,
		   enum simt_policy simt, enum sched_policy sched, uint64_t seed)
{
	memset(&t->mod, 0, sizeof(t->mod));
	if (!custom_main)
		make_main(&t->funcs[0], 1, gx, bx, by);
	custom_main = 0;
	t->mod.funcs = t->funcs;
	t->mod.nfuncs = (uint32_t)nfuncs;
	t->mod.main_func = 0;
	memset(t->objs, 0, sizeof(t->objs));
	t->objs[0].name = "out";
	t->objs[0].kind = OBJ_GLOBAL;
	t->objs[0].size = NOUT * 4;
	t->objs[0].align = 16;
	t->objs[1].name = "res";
	t->objs[1].kind = OBJ_HOST;
	t->objs[1].size = 4;
	t->objs[1].align = 4;
	t->mod.objs = t->objs;
	t->mod.nobjs = 2;
	t->mod.shared_static_size = 256;
	srcmgr_init(&t->sm);
	t->mod.sm = &t->sm;
	struct machine_opts o;
	machine_opts_init(&o);
	o.simt = simt;
	o.sched = sched;
	o.seed = seed;
	o.max_steps = 10000000;
	FILE *devnull = fopen("/dev/null", "w");
	o.err = devnull;
	struct machine *m = machine_new(&t->mod, &o);
	char *argv[] = { "test", NULL };
	if (step_mode) {
		struct ev_count *c = &evc;
		memset(c, 0, sizeof(*c));
		machine_observe(m, (1u << EV_DIVERGE) | (1u << EV_RECONVERGE) | (1u << EV_BARRIER) |
				   (1u << EV_LAUNCH) | (1u << EV_INSN), count_ev, c);
		machine_start(m, 1, argv);
		uint64_t n = 0;
		struct machine *copy = NULL;
		max_groups = 0;
		clone_ran = 0;
		while (machine_step(m) == MST_RUNNING) {
			struct grid *gr = m->dev.grid;
			for (int s = 0; clone_check && gr && s < gr->nres; s++)
				for (uint32_t wi = 0; gr->res[s] && wi < gr->res[s]->nwarps; wi++) {
					const struct warp *w = &gr->res[s]->w[wi];
					if (w->ng > max_groups)
						max_groups = w->ng;
					if (w->ng > WS_GIN && !copy)
						copy = machine_clone(m);
				}
			struct machine_kernel_info ki;
			if (machine_kernel(m, &ki) == 0 && ki.active) {
				struct machine_group_info gi;
				if (machine_lane(m, 0, 0, 3, &gi) == 0)
					evc.lane_seen++;
			}
			n++;
		}
		evc.steps = n;
		if (copy) {
			while (machine_step(copy) == MST_RUNNING)
				;
			clone_ran = machine_host_read(copy, copy->obj_addr[0], clone_out, sizeof(clone_out)) == 0;
			machine_free(copy);
		}
	} else {
		machine_run_main(m, 1, argv);
	}
	last_status = machine_exit_status(m);
	int32_t res = -1;
	machine_host_read(m, m->obj_addr[1], &res, 4);
	machine_host_read(m, m->obj_addr[0], outbuf, sizeof(outbuf));
	last_nfind = machine_nfindings(m);
	last_kind[0] = 0;
	if (last_nfind)
		snprintf(last_kind, sizeof(last_kind), "%s", machine_finding_get(m, 0)->kind);
	last_err = res;
	machine_free(m);
	fclose(devnull);
	srcmgr_release(&t->sm);
	for (int i = 0; i < nfuncs; i++) {
		struct ir_func *f = &t->funcs[i];
		for (uint32_t k = 0; k < f->ncode; k++)
			free(f->code[k].args);
		free(f->code);
		free(f->reg_ty);
		free(f->param_ty);
		free(f->param_size);
		free(f->param_align);
	}
	return res;
}

/* ---- kernels */

/* nested if/else: out[tid] = mask inside, out[64+tid] = mask after */
static void build_nested(struct ir_func *f)
{
	struct fb b = {0};
	int tid = k_tid(&b);
	int c16 = k_const(&b, IR_U32, 16), c8 = k_const(&b, IR_U32, 8);
	int p = k_setp(&b, CMP_LT, IR_U32, tid, c16);
	int br1 = k_cbr(&b, p);
	/* else (tid >= 16) */
	int e0 = here(&b);
	k_store_out(&b, tid, k_activemask(&b), 0);
	int j1 = k_br(&b);
	/* then */
	int t0 = here(&b);
	int p2 = k_setp(&b, CMP_LT, IR_U32, tid, c8);
	int br2 = k_cbr(&b, p2);
	int e1 = here(&b);
	k_store_out(&b, tid, k_activemask(&b), 0);
	int j2 = k_br(&b);
	int t1 = here(&b);
	k_store_out(&b, tid, k_activemask(&b), 0);
	int j3 = k_br(&b);
	int join_inner = here(&b);
	k_store_out(&b, tid, k_activemask(&b), 128);
	int j4 = k_br(&b);
	int join = here(&b);
	k_store_out(&b, tid, k_activemask(&b), 64);
	k_ret(&b, -1);
	b.code.v[br1].tgt1 = t0;
	b.code.v[br1].tgt2 = e0;
	b.code.v[j1].tgt1 = join;
	b.code.v[br2].tgt1 = t1;
	b.code.v[br2].tgt2 = e1;
	b.code.v[j2].tgt1 = join_inner;
	b.code.v[j3].tgt1 = join_inner;
	b.code.v[j4].tgt1 = join;
	fb_finish(&b, f, "nested", FN_KERNEL, 0);
}

static void test_nested(void)
{
	for (int pol = 0; pol < 2; pol++) {
		struct tmod t;
		build_nested(&t.funcs[1]);
		int r = run_mod(&t, 2, 1, 32, 1, pol ? SIMT_ITS : SIMT_STACK, SCHED_RR, 0);
		int good = r == 0;
		for (int i = 0; i < 32; i++) {
			uint32_t want = i < 8 ? 0xffu : i < 16 ? 0xff00u : 0xffff0000u;
			if (outbuf[i] != want || outbuf[64 + i] != 0xffffffffu)
				good = 0;
			if (i < 16 && outbuf[128 + i] != 0xffffu)
				good = 0;
		}
		ok(good, "nested if/else masks and reconvergence at the ipdom (%s): %08x %08x %08x after %08x inner-join %08x",
		   pol ? "its" : "stack", outbuf[0], outbuf[8], outbuf[16], outbuf[64], outbuf[128]);
	}
}

/* loop: i = 0; while (i < tid) i++; out[tid] = i; out[64+tid] = activemask */
static void build_loop(struct ir_func *f)
{
	struct fb b = {0};
	int tid = k_tid(&b);
	int i = k_const(&b, IR_U32, 0);
	int one = k_const(&b, IR_U32, 1);
	int head = here(&b);
	int p = k_setp(&b, CMP_LT, IR_U32, i, tid);
	int cb = k_cbr(&b, p);
	int body = here(&b);
	int ni = k_bin(&b, IR_ADD, IR_U32, i, one);
	k_mov(&b, i, ni);
	int back = k_br(&b);
	int exit_ = here(&b);
	k_store_out(&b, tid, i, 0);
	k_store_out(&b, tid, k_activemask(&b), 64);
	k_ret(&b, -1);
	b.code.v[cb].tgt1 = body;
	b.code.v[cb].tgt2 = exit_;
	b.code.v[back].tgt1 = head;
	fb_finish(&b, f, "loop", FN_KERNEL, 0);
}

static void test_loop(void)
{
	for (int pol = 0; pol < 2; pol++) {
		struct tmod t;
		build_loop(&t.funcs[1]);
		int r = run_mod(&t, 2, 1, 32, 1, pol ? SIMT_ITS : SIMT_STACK, SCHED_RR, 0);
		int good = r == 0;
		for (int i = 0; i < 32; i++)
			if (outbuf[i] != (uint32_t)i || outbuf[64 + i] != 0xffffffffu)
				good = 0;
		ok(good, "loop with lane-dependent trip count reconverges after the loop (%s)", pol ? "its" : "stack");
	}
}

/* A resident warp's own bytes stay within budget (a launch makes thousands
 * of warps; what few need lives out of line), and a warp that needs more
 * groups than it holds inline gets them, also in a checkpoint's copy. */
static void test_warp_budget(void)
{
	ok(sizeof(struct warp) <= WS_WARP_BUDGET, "struct warp is %zu bytes, within its budget of %d",
	   sizeof(struct warp), WS_WARP_BUDGET);
	struct tmod t;
	build_loop(&t.funcs[1]);
	step_mode = 1;
	clone_check = 1;
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_STACK, SCHED_RR, 0);
	step_mode = 0;
	clone_check = 0;
	int good = r == 0 && clone_ran;
	for (int i = 0; i < 32; i++)
		if (outbuf[i] != (uint32_t)i || outbuf[64 + i] != 0xffffffffu || clone_out[i] != (uint32_t)i ||
		    clone_out[64 + i] != 0xffffffffu)
			good = 0;
	ok(good && max_groups > WS_GIN, "a warp holding %u groups (%d inline) runs to the end, and so does "
	   "its copy made when it first held more", max_groups, WS_GIN);
}

/* early return inside divergence: if (tid & 1) return; out[tid] = activemask */
static void build_early_ret(struct ir_func *f)
{
	struct fb b = {0};
	int tid = k_tid(&b);
	int one = k_const(&b, IR_U32, 1);
	int odd = k_bin(&b, IR_AND, IR_U32, tid, one);
	int zero = k_const(&b, IR_U32, 0);
	int p = k_setp(&b, CMP_NE, IR_U32, odd, zero);
	int cb = k_cbr(&b, p);
	int t = here(&b);
	k_ret(&b, -1);
	int e = here(&b);
	k_store_out(&b, tid, k_activemask(&b), 0);
	k_ret(&b, -1);
	b.code.v[cb].tgt1 = t;
	b.code.v[cb].tgt2 = e;
	fb_finish(&b, f, "early", FN_KERNEL, 0);
}

static void test_early_ret(void)
{
	struct tmod t;
	build_early_ret(&t.funcs[1]);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_STACK, SCHED_RR, 0);
	ok(r == 0 && outbuf[0] == 0x55555555u && outbuf[1] == 0, "early return inside divergence: mask %08x", outbuf[0]);
}

/* recursion: fib(n) = n < 2 ? n : fib(n-1) + fib(n-2); out[tid] = fib(tid % 12) */
static void build_fib(struct ir_func *f)
{
	struct fb b = {0};
	int n = nreg(&b, IR_U32);
	int two = k_const(&b, IR_U32, 2);
	int p = k_setp(&b, CMP_LT, IR_U32, n, two);
	int cb = k_cbr(&b, p);
	int t = here(&b);
	k_ret(&b, n);
	int e = here(&b);
	int one = k_const(&b, IR_U32, 1);
	int n1 = k_bin(&b, IR_SUB, IR_U32, n, one);
	int n2 = k_bin(&b, IR_SUB, IR_U32, n, two);
	struct ir_insn c = I(IR_CALL, IR_U32);
	c.imm = 2;
	c.nargs = 1;
	c.args = malloc(sizeof(int32_t));
	c.args[0] = n1;
	c.d = nreg(&b, IR_U32);
	emit(&b, c);
	struct ir_insn c2 = c;
	c2.args = malloc(sizeof(int32_t));
	c2.args[0] = n2;
	c2.d = nreg(&b, IR_U32);
	emit(&b, c2);
	int s = k_bin(&b, IR_ADD, IR_U32, c.d, c2.d);
	k_ret(&b, s);
	b.code.v[cb].tgt1 = t;
	b.code.v[cb].tgt2 = e;
	fb_finish(&b, f, "fib", FN_DEVICE, 1);
	f->ret = IR_U32;
}

static void build_fib_kernel(struct ir_func *f, int depth_mod)
{
	struct fb b = {0};
	int tid = k_tid(&b);
	int md = k_const(&b, IR_U32, depth_mod);
	int n = k_bin(&b, IR_REM, IR_U32, tid, md);
	struct ir_insn c = I(IR_CALL, IR_U32);
	c.imm = 2;
	c.nargs = 1;
	c.args = malloc(sizeof(int32_t));
	c.args[0] = n;
	c.d = nreg(&b, IR_U32);
	emit(&b, c);
	k_store_out(&b, tid, c.d, 0);
	k_store_out(&b, tid, k_activemask(&b), 64);
	k_ret(&b, -1);
	fb_finish(&b, f, "fibk", FN_KERNEL, 0);
}

static void test_recursion(void)
{
	static const uint32_t fib[] = { 0, 1, 1, 2, 3, 5, 8, 13, 21, 34, 55, 89 };
	for (int pol = 0; pol < 2; pol++) {
		struct tmod t;
		build_fib_kernel(&t.funcs[1], 12);
		build_fib(&t.funcs[2]);
		int r = run_mod(&t, 3, 1, 32, 1, pol ? SIMT_ITS : SIMT_STACK, SCHED_RR, 0);
		int good = r == 0;
		for (int i = 0; i < 32; i++)
			if (outbuf[i] != fib[i % 12] || outbuf[64 + i] != 0xffffffffu)
				good = 0;
		ok(good, "divergent recursion (fib) gives the right values and reconverges (%s): fib(11)=%u mask %08x",
		   pol ? "its" : "stack", outbuf[11], outbuf[64]);
	}
}

/* infinite recursion -> stack-overflow finding, kernel fails */
static void build_inf(struct ir_func *f)
{
	struct fb b = {0};
	int n = nreg(&b, IR_U32);
	struct ir_insn c = I(IR_CALL, IR_U32);
	c.imm = 2;
	c.nargs = 1;
	c.args = malloc(sizeof(int32_t));
	c.args[0] = n;
	c.d = nreg(&b, IR_U32);
	emit(&b, c);
	k_ret(&b, c.d);
	fb_finish(&b, f, "inf", FN_DEVICE, 1);
	f->ret = IR_U32;
	f->frame_size = 64;
	f->frame_align = 8;
}

static void test_stack_overflow(void)
{
	struct tmod t;
	build_fib_kernel(&t.funcs[1], 12);
	build_inf(&t.funcs[2]);
	int r = run_mod(&t, 3, 1, 32, 1, SIMT_STACK, SCHED_RR, 0);
	ok(r == 700 && strcmp(last_kind, "stack-overflow") == 0,
	   "infinite recursion: stack-overflow finding, kernel fails with 700 as on a GPU (got %d, %s)", r, last_kind);
}

/* barriers with count/and/or over 64 threads */
static void build_bar(struct ir_func *f)
{
	struct fb b = {0};
	int tid = k_tid(&b);
	int three = k_const(&b, IR_U32, 3), zero = k_const(&b, IR_U32, 0);
	int rem = k_bin(&b, IR_REM, IR_U32, tid, three);
	int p = k_setp(&b, CMP_EQ, IR_U32, rem, zero);
	unsigned subs[3] = { BAR_POPC, BAR_AND, BAR_OR };
	int r[3];
	for (int k = 0; k < 3; k++) {
		struct ir_insn in = I(IR_BAR, IR_S32);
		in.sub = (uint8_t)subs[k];
		in.a = k == 2 ? k_setp(&b, CMP_LT, IR_U32, tid, k_const(&b, IR_U32, 0)) : p;
		in.d = nreg(&b, IR_S32);
		emit(&b, in);
		r[k] = in.d;
	}
	k_store_out(&b, tid, r[0], 0);
	k_store_out(&b, tid, r[1], 64);
	k_store_out(&b, tid, r[2], 128);
	k_ret(&b, -1);
	fb_finish(&b, f, "bar", FN_KERNEL, 0);
}

static void test_barrier(void)
{
	struct tmod t;
	build_bar(&t.funcs[1]);
	int r = run_mod(&t, 2, 2, 64, 1, SIMT_ITS, SCHED_RANDOM, 7);
	ok(r == 0 && outbuf[0] == 22 && outbuf[63] == 22 && outbuf[64] == 0 && outbuf[128] == 0,
	   "__syncthreads_count/and/or over 64 threads: %u %u %u", outbuf[0], outbuf[64], outbuf[128]);
}

/* shuffles: out[base + lane] = shfl(mode, lane*10, arg, width) */
static void add_shfl(struct fb *b, int tid, unsigned sub, int arg, int width, int64_t base)
{
	int ten = k_const(b, IR_U32, 10);
	int v = k_bin(b, IR_MUL, IR_U32, tid, ten);
	struct ir_insn in = I(IR_SHFL, IR_U32);
	in.sub = (uint8_t)sub;
	in.a = v;
	in.b = k_const(b, IR_U32, arg);
	in.c = k_const(b, IR_U32, width);
	in.e = k_const(b, IR_U32, 0xffffffff);
	in.d = nreg(b, IR_U32);
	emit(b, in);
	k_store_out(b, tid, in.d, base);
}

static uint32_t ref_shfl(unsigned sub, unsigned lane, int arg, unsigned w)
{
	unsigned seg = lane / w * w;
	int src;
	switch (sub) {
	case SHFL_IDX: src = (int)(seg + ((unsigned)arg % w)); break;
	case SHFL_UP: src = (int)lane - arg; if (src < (int)seg) src = (int)lane; break;
	case SHFL_DOWN: src = (int)lane + arg; if (src >= (int)(seg + w)) src = (int)lane; break;
	default: src = (int)(lane ^ (unsigned)arg); if (src >= (int)(seg + w)) src = (int)lane; break;
	}
	return (uint32_t)src * 10;
}

static void test_shfl(void)
{
	static const struct { unsigned sub; int arg, w; } cs[] = {
		{ SHFL_IDX, 5, 32 }, { SHFL_IDX, 5, 8 }, { SHFL_IDX, 37, 16 }, { SHFL_UP, 1, 32 },
		{ SHFL_UP, 3, 8 }, { SHFL_DOWN, 1, 32 }, { SHFL_DOWN, 3, 16 }, { SHFL_BFLY, 1, 32 },
		{ SHFL_BFLY, 4, 8 }, { SHFL_BFLY, 16, 32 }, { SHFL_DOWN, 16, 32 }, { SHFL_UP, 31, 32 },
	};
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	for (size_t k = 0; k < WS_ARRAY_LEN(cs); k++)
		add_shfl(&b, tid, cs[k].sub, cs[k].arg, cs[k].w, (int64_t)k * 32);
	k_ret(&b, -1);
	fb_finish(&b, &t.funcs[1], "shfl", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	static const char *names[] = { "idx", "up", "down", "xor" };
	for (size_t k = 0; k < WS_ARRAY_LEN(cs); k++) {
		int good = r == 0;
		unsigned bad = 0;
		for (unsigned l = 0; l < 32; l++)
			if (outbuf[k * 32 + l] != ref_shfl(cs[k].sub, l, cs[k].arg, (unsigned)cs[k].w)) {
				good = 0;
				bad = l;
			}
		ok(good, "shfl %s arg %d width %d (lane %u: %u want %u)", names[cs[k].sub], cs[k].arg,
		   cs[k].w, bad, outbuf[k * 32 + bad], ref_shfl(cs[k].sub, bad, cs[k].arg, (unsigned)cs[k].w));
	}
}

/* votes, match, redux over a full warp */
static void test_vote_match_redux(void)
{
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	int full = k_const(&b, IR_U32, 0xffffffff);
	int one = k_const(&b, IR_U32, 1), two = k_const(&b, IR_U32, 2);
	int odd = k_bin(&b, IR_AND, IR_U32, tid, one);
	unsigned vs[4] = { VOTE_BALLOT, VOTE_ANY, VOTE_ALL, VOTE_UNI };
	for (int k = 0; k < 4; k++) {
		struct ir_insn in = I(IR_VOTE, IR_U32);
		in.sub = (uint8_t)vs[k];
		in.a = full;
		in.b = odd;
		in.d = nreg(&b, IR_U32);
		emit(&b, in);
		k_store_out(&b, tid, in.d, k * 32);
	}
	int grp = k_bin(&b, IR_SHR, IR_U32, tid, two);
	struct ir_insn ma = I(IR_MATCH, IR_U32);
	ma.sub = MATCH_ANY;
	ma.a = full;
	ma.b = grp;
	ma.d = nreg(&b, IR_U32);
	emit(&b, ma);
	k_store_out(&b, tid, ma.d, 128);
	struct ir_insn mall = I(IR_MATCH, IR_U32);
	mall.sub = MATCH_ALL;
	mall.a = full;
	mall.b = one;
	mall.d = nreg(&b, IR_U32);
	mall.e = nreg(&b, IR_PRED);
	emit(&b, mall);
	k_store_out(&b, tid, mall.d, 160);
	unsigned rs[3] = { REDUX_ADD, REDUX_MIN, REDUX_MAX };
	for (int k = 0; k < 3; k++) {
		struct ir_insn in = I(IR_REDUX, IR_U32);
		in.sub = (uint8_t)rs[k];
		in.a = full;
		in.b = tid;
		in.d = nreg(&b, IR_U32);
		emit(&b, in);
		k_store_out(&b, tid, in.d, 192 + k * 32);
	}
	k_ret(&b, -1);
	fb_finish(&b, &t.funcs[1], "votes", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	ok(r == 0 && outbuf[0] == 0xaaaaaaaau, "ballot of odd lanes = %08x", outbuf[0]);
	ok(outbuf[32] == 1 && outbuf[64] == 0 && outbuf[96] == 0, "any/all/uni: %u %u %u", outbuf[32], outbuf[64], outbuf[96]);
	ok(outbuf[128 + 5] == 0xf0u && outbuf[128 + 31] == 0xf0000000u, "match_any groups of 4: %08x", outbuf[133]);
	ok(outbuf[160] == 0xffffffffu, "match_all of equal values: %08x", outbuf[160]);
	ok(outbuf[192] == 496 && outbuf[224] == 0 && outbuf[256] == 31, "redux add/min/max: %u %u %u",
	   outbuf[192], outbuf[224], outbuf[256]);
}

/* atomics: 256 threads x 4 blocks atomicAdd(out[0], 1), atomicInc(out[1], 9), atomicMax(out[2], tid), CAS */
static void test_atomics(void)
{
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	struct ir_insn g = I(IR_GADDR, IR_PTR);
	g.d = nreg(&b, IR_PTR);
	g.imm = 0;
	emit(&b, g);
	int ops[3] = { ATOM_ADD, ATOM_INC, ATOM_MAX };
	int vals[3] = { k_const(&b, IR_U32, 1), k_const(&b, IR_U32, 9), tid };
	for (int k = 0; k < 3; k++) {
		int addr = k_bin(&b, IR_ADD, IR_U64, g.d, k_const(&b, IR_U64, 4 * k));
		struct ir_insn in = I(IR_ATOM, IR_U32);
		in.sub = (uint8_t)ops[k];
		in.a = addr;
		in.b = vals[k];
		in.d = nreg(&b, IR_U32);
		emit(&b, in);
	}
	k_ret(&b, -1);
	fb_finish(&b, &t.funcs[1], "atom", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 4, 256, 1, SIMT_ITS, SCHED_RANDOM, 3);
	ok(r == 0 && outbuf[0] == 1024 && outbuf[1] == 1024 % 10 && outbuf[2] == 255,
	   "atomics under contention: add %u inc(9) %u max %u", outbuf[0], outbuf[1], outbuf[2]);
}

/* deadlock: lane 0 waits at __syncthreads, lanes 1..31 at __syncwarp(full) */
static void test_deadlock(void)
{
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	int zero = k_const(&b, IR_U32, 0);
	int p = k_setp(&b, CMP_EQ, IR_U32, tid, zero);
	int cb = k_cbr(&b, p);
	int th = here(&b);
	struct ir_insn bar = I(IR_BAR, IR_VOID);
	emit(&b, bar);
	int j = k_br(&b);
	int el = here(&b);
	struct ir_insn ws = I(IR_WARPSYNC, IR_VOID);
	ws.a = k_const(&b, IR_U32, 0xffffffff);
	emit(&b, ws);
	int join = here(&b);
	k_ret(&b, -1);
	b.code.v[cb].tgt1 = th;
	b.code.v[cb].tgt2 = el;
	b.code.v[j].tgt1 = join;
	fb_finish(&b, &t.funcs[1], "dead", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	ok(r == 702 && strcmp(last_kind, "deadlock") == 0, "deadlock detected, kernel fails (%d, %s)", r, last_kind);
}

/* out-of-bounds store just past the end -> finding, but the memory is mapped
 * (2 MiB pages, docs/engine.md): no fault, as on a GPU */
static void test_oob(void)
{
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	int big = k_const(&b, IR_U32, NOUT);
	int idx = k_bin(&b, IR_ADD, IR_U32, tid, big);
	k_store_out(&b, idx, tid, 0);
	k_ret(&b, -1);
	fb_finish(&b, &t.funcs[1], "oob", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	ok(r == 0 && strcmp(last_kind, "oob-global-write") == 0, "out-of-bounds store in mapped memory: %d %s", r, last_kind);
}

/* divergent collectives: lanes < 16 shfl with mask 0xffff, others with 0xffff0000 */
static void test_partial_shfl(void)
{
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	int c16 = k_const(&b, IR_U32, 16);
	int one = k_const(&b, IR_U32, 1), c32 = k_const(&b, IR_U32, 32);
	int p = k_setp(&b, CMP_LT, IR_U32, tid, c16);
	int cb = k_cbr(&b, p);
	int th = here(&b);
	struct ir_insn in = I(IR_SHFL, IR_U32);
	in.sub = SHFL_BFLY;
	in.a = tid;
	in.b = one;
	in.c = c32;
	in.e = k_const(&b, IR_U32, 0xffff);
	in.d = nreg(&b, IR_U32);
	emit(&b, in);
	k_store_out(&b, tid, in.d, 0);
	int j = k_br(&b);
	int el = here(&b);
	struct ir_insn in2 = in;
	in2.e = k_const(&b, IR_U32, 0xffff0000);
	in2.d = nreg(&b, IR_U32);
	emit(&b, in2);
	k_store_out(&b, tid, in2.d, 0);
	int join = here(&b);
	k_ret(&b, -1);
	b.code.v[cb].tgt1 = th;
	b.code.v[cb].tgt2 = el;
	b.code.v[j].tgt1 = join;
	fb_finish(&b, &t.funcs[1], "pshfl", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RANDOM, 11);
	int good = r == 0;
	for (unsigned l = 0; l < 32; l++)
		if (outbuf[l] != (l ^ 1))
			good = 0;
	ok(good, "shuffles in diverged halves with half masks (r=%d %s: %u %u %u %u)", r, last_kind, outbuf[0], outbuf[1], outbuf[16], outbuf[17]);
}


/* vecadd-like kernel over n threads: out[i % NOUT] = float(i) * 2 + 1, with
 * a bounds check; reports the instruction rate as a TAP comment */
static void test_speed(void)
{
	const char *env = getenv("UNIT_ENGINE_BIG");
	uint32_t n = env ? 1u << 20 : 1u << 16;
	struct tmod t;
	struct fb b = {0};
	int tid = k_tid(&b);
	int bid = k_sreg(&b, SREG_CTAID_X), bdim = k_sreg(&b, SREG_NTID_X);
	int i = k_bin(&b, IR_ADD, IR_U32, k_bin(&b, IR_MUL, IR_U32, bid, bdim), tid);
	int nn = k_const(&b, IR_U32, n);
	int p = k_setp(&b, CMP_LT, IR_U32, i, nn);
	int cb = k_cbr(&b, p);
	int th = here(&b);
	struct ir_insn c = I(IR_CVT, IR_F32);
	c.t2 = IR_U32;
	c.d = nreg(&b, IR_F32);
	c.a = i;
	emit(&b, c);
	int two = k_const(&b, IR_F32, 0x40000000), one = k_const(&b, IR_F32, 0x3f800000);
	int v = k_bin(&b, IR_ADD, IR_F32, k_bin(&b, IR_MUL, IR_F32, c.d, two), one);
	int mask = k_const(&b, IR_U32, NOUT - 1);
	k_store_out(&b, k_bin(&b, IR_AND, IR_U32, i, mask), v, 0);
	int ex = here(&b);
	k_ret(&b, -1);
	b.code.v[cb].tgt1 = th;
	b.code.v[cb].tgt2 = ex;
	fb_finish(&b, &t.funcs[1], "vecadd", FN_KERNEL, 0);
	struct timespec t0, t1;
	clock_gettime(CLOCK_MONOTONIC, &t0);
	int r = run_mod(&t, 2, n / 256, 256, 1, SIMT_ITS, SCHED_RR, 0);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	double sec = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
	float f;
	memcpy(&f, &outbuf[5], 4);
	ok(r == 0 && f == (float)(n - NOUT + 5) * 2 + 1, "vecadd-like kernel over %u threads: out[5] = %g", n, (double)f);
	printf("# %u threads in %.3f s (%.1f M thread-instructions/s)\n", n, sec,
	       (double)n * 16 / sec / 1e6);
}


static void test_stepping(void)
{
	struct tmod t;
	build_nested(&t.funcs[1]);
	step_mode = 1;
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_STACK, SCHED_RR, 0);
	step_mode = 0;
	ok(r == 0 && outbuf[64] == 0xffffffffu && evc.div == 2 && evc.rec == 2 && evc.launch == 1,
	   "single-stepping the program: %llu steps, %u divergences, %u reconvergences, %u launches, %u insn events",
	   (unsigned long long)evc.steps, evc.div, evc.rec, evc.launch, evc.insn);
	ok(evc.insn + evc.launch == evc.steps && evc.lane_seen > 0, "one instruction (or one launch start) per step; lane queries work during a kernel (%u)", evc.lane_seen);
}

/* host main: out = rand(); rand(); launch with 1025 threads; res = cudaGetLastError */
static void test_host_runtime(void)
{
	struct tmod t;
	struct fb b = {0};
	int rr[2];
	for (int k = 0; k < 2; k++) {
		struct ir_insn c = I(IR_BCALL, IR_S32);
		c.imm = BI_rand;
		c.d = nreg(&b, IR_S32);
		emit(&b, c);
		rr[k] = c.d;
	}
	int dims[8];
	uint32_t v[8] = { 1, 1, 1, 1025, 1, 1, 0, 0 };
	for (int k = 0; k < 8; k++)
		dims[k] = k_const(&b, k < 6 ? IR_U32 : IR_U64, v[k]);
	struct ir_insn l = I(IR_LAUNCH, IR_VOID);
	l.imm = 1;
	l.nargs = 8;
	l.args = malloc(8 * sizeof(int32_t));
	memcpy(l.args, dims, sizeof(dims));
	emit(&b, l);
	struct ir_insn s = I(IR_BCALL, IR_S32);
	s.imm = BI_cudaGetLastError;
	s.d = nreg(&b, IR_S32);
	emit(&b, s);
	struct ir_insn g = I(IR_GADDR, IR_PTR);
	g.d = nreg(&b, IR_PTR);
	g.imm = 1;
	emit(&b, g);
	struct ir_insn st = I(IR_ST, IR_S32);
	st.a = g.d;
	st.b = s.d;
	emit(&b, st);
	k_ret(&b, rr[1]);
	fb_finish(&b, &t.funcs[0], "main", FN_HOST, 0);
	t.funcs[0].ret = IR_S32;
	build_nested(&t.funcs[1]);
	custom_main = 1;
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	ok(r == 1, "launch with 1025 threads: cudaGetLastError = %d (cudaErrorInvalidValue, CUDA 13.0's code)", r);
	ok(last_status == (846930886 & 0xff), "glibc rand(): second value's low byte %d, and main's return is the exit status", last_status);
}


/* order of diverged paths: each side appends its id three times through an
 * atomic counter at out[1000]; stack runs the taken side to the
 * reconvergence point first, its lets the sides take turns */
static void build_order(struct ir_func *f)
{
	struct fb b = {0};
	int tid = k_tid(&b);
	int c16 = k_const(&b, IR_U32, 16);
	struct ir_insn g = I(IR_GADDR, IR_PTR);
	g.d = nreg(&b, IR_PTR);
	g.imm = 0;
	emit(&b, g);
	int cnt = k_bin(&b, IR_ADD, IR_U64, g.d, k_const(&b, IR_U64, 4000));
	int one = k_const(&b, IR_U32, 1);
	int p = k_setp(&b, CMP_LT, IR_U32, tid, c16);
	int cb = k_cbr(&b, p);
	int side[2], jump = -1;
	for (int sd = 0; sd < 2; sd++) {
		side[sd] = here(&b);
		int id = k_const(&b, IR_U32, sd + 1);
		for (int k = 0; k < 3; k++) {
			struct ir_insn at = I(IR_ATOM, IR_U32);
			at.sub = ATOM_ADD;
			at.a = cnt;
			at.b = one;
			at.d = nreg(&b, IR_U32);
			emit(&b, at);
			k_store_out(&b, at.d, id, 0);
		}
		if (sd == 0)
			jump = k_br(&b);
	}
	int join = here(&b);
	k_ret(&b, -1);
	b.code.v[cb].tgt1 = side[0];
	b.code.v[cb].tgt2 = side[1];
	b.code.v[jump].tgt1 = join;
	fb_finish(&b, f, "order", FN_KERNEL, 0);
}

static void test_order(void)
{
	struct tmod t;
	build_order(&t.funcs[1]);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_STACK, SCHED_RR, 0);
	int good = r == 0;
	for (int i = 0; i < 96; i++)
		if (outbuf[i] != (i < 48 ? 1u : 2u))
			good = 0;
	ok(good, "stack: the taken side runs to the reconvergence point first (%u %u %u)", outbuf[0], outbuf[47], outbuf[48]);
	build_order(&t.funcs[1]);
	r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	int inter = 0;
	for (int i = 0; i < 48; i++)
		if (outbuf[i] == 2)
			inter = 1;
	ok(r == 0 && inter && outbuf[95] != 0, "its: the diverged sides take turns (%u %u %u %u %u %u)", outbuf[0], outbuf[16], outbuf[32], outbuf[48], outbuf[64], outbuf[80]);
}


/* invalid IR from a front-end bug: a finding and a failed kernel, no crash */
static void test_bad_ir(void)
{
	struct tmod t;
	struct fb b = {0};
	int br = k_br(&b);
	k_ret(&b, -1);
	b.code.v[br].tgt1 = 99;
	fb_finish(&b, &t.funcs[1], "bad", FN_KERNEL, 0);
	int r = run_mod(&t, 2, 1, 32, 1, SIMT_ITS, SCHED_RR, 0);
	ok(r == 719 && strcmp(last_kind, "trap") == 0, "invalid IR (branch out of range): kernel fails with 719 (%d, %s)", r, last_kind);
}


static void test_perf_views(void)
{
	uint64_t a[32];
	for (int l = 0; l < 32; l++)
		a[l] = ADDR(TAG_SHARED, 4 * l);
	ok(machine_bank_conflicts(a, WS_FULL, 4, NULL) == 1, "consecutive words: conflict-free");
	for (int l = 0; l < 32; l++)
		a[l] = ADDR(TAG_SHARED, 8 * l);
	ok(machine_bank_conflicts(a, WS_FULL, 4, NULL) == 2, "stride 2 words: 2-way conflict");
	for (int l = 0; l < 32; l++)
		a[l] = ADDR(TAG_SHARED, 128 * l);
	ok(machine_bank_conflicts(a, WS_FULL, 4, NULL) == 32, "stride 32 words: 32-way conflict");
	for (int l = 0; l < 32; l++)
		a[l] = ADDR(TAG_SHARED, 0);
	ok(machine_bank_conflicts(a, WS_FULL, 4, NULL) == 1, "broadcast of one word: no conflict");
	for (int l = 0; l < 32; l++)
		a[l] = ADDR(TAG_GLOBAL, 0x1000 + 4 * l);
	ok(machine_sectors(a, WS_FULL, 4) == 4, "coalesced floats: 4 sectors");
	for (int l = 0; l < 32; l++)
		a[l] = ADDR(TAG_GLOBAL, 0x1000 + 128 * l);
	ok(machine_sectors(a, WS_FULL, 4) == 32, "strided floats: 32 sectors");
}

int main(void)
{
	tap_start();
	test_nested();
	test_loop();
	test_warp_budget();
	test_early_ret();
	test_recursion();
	test_stack_overflow();
	test_barrier();
	test_shfl();
	test_vote_match_redux();
	test_atomics();
	test_deadlock();
	test_oob();
	test_partial_shfl();
	test_order();
	test_stepping();
	test_host_runtime();
	test_bad_ir();
	test_perf_views();
	test_speed();
	return tap_end();
}
