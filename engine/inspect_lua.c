/*
 * inspect_lua.c - entry points the Lua binding (scripts/host_engine.c)
 * needs and the rest of machine.h lacks: device memory from outside the
 * program, launching one kernel with no host main() ("device-only" runs),
 * stepping one chosen convergence group, and where a lane's locals and a
 * module object live. Declarations at the end of machine.h.
 *
 * Device-only runs: a machine that never ran main() has no host thread.
 * machine_launch queues a grid as `<<<...>>>` would; machine_dev_step runs
 * the queued grids one scheduling step at a time and keeps the status
 * MST_RUNNING while a grid is queued or running, MST_IDLE when none is (so
 * machine_step, which would step a host thread, is never reached with no
 * grid). Device printf is flushed to the machine's stdout when a grid ends.
 */
#include "simt.h"

#include <string.h>

static void dev_settle(struct machine *m)
{
	if (m->host)
		return;
	while (!m->grid && m->qhead < m->queue.len)
		runtime_next_launch(m);
	if (!m->grid) {
		m->qhead = m->queue.len = 0;
		runtime_flush_output(m);
		m->status = MST_IDLE;
	} else {
		m->status = MST_RUNNING;
	}
}

uint64_t machine_dev_alloc(struct machine *m, uint64_t size)
{
	if (!size || size > ((uint64_t)1 << 32))
		return 0;
	return mem_alloc(&m->mem, TAG_GLOBAL, size, 256, AK_DEV_MALLOC)->base;
}

int machine_mem_io(struct machine *m, uint64_t addr, void *buf, size_t n, int write)
{
	struct alloc *a = mem_find(&m->mem, addr);

	if (!a || a->freed || addr + n > a->base + a->size)
		return -1;
	if (write)
		memcpy(a->data + (addr - a->base), buf, n);
	else
		memcpy(buf, a->data + (addr - a->base), n);
	return 0;
}

static const char *launch_problem(const struct machine *m, const struct launch *l)
{
	uint64_t t = (uint64_t)l->block[0] * l->block[1] * l->block[2];

	for (int k = 0; k < 3; k++)
		if (!l->grid[k] || !l->block[k])
			return "a grid or block dimension is 0 (invalid configuration argument)";
	if (t > 1024 || l->block[2] > 64)
		return "more than 1024 threads per block, or blockDim.z over 64 (invalid configuration argument)";
	if (l->grid[1] > 65535 || l->grid[2] > 65535)
		return "gridDim.y and gridDim.z are at most 65535 (invalid configuration argument)";
	if (m->mod->shared_static_size + l->shmem > 49152)
		return "more than 48 KiB of shared memory (invalid argument)";
	return NULL;
}

static void param_place(const struct ir_func *fn, uint32_t k, uint32_t *off, uint32_t *sz)
{
	uint32_t o = 0;

	for (uint32_t i = 0; i <= k; i++) {
		uint32_t s = fn->param_size ? fn->param_size[i] : 8;
		uint32_t a = fn->param_align && fn->param_align[i] ? fn->param_align[i]
								   : (s >= 8 ? 8 : s ? s : 1);
		o = (o + a - 1) & ~(a - 1);
		*off = o;
		*sz = s;
		o += s;
	}
}

int machine_launch(struct machine *m, int func, const uint32_t grid[3], const uint32_t block[3],
		   uint64_t shmem, const uint64_t *args, size_t nargs, const char **why)
{
	const struct ir_func *fn;
	struct launch l;
	uint32_t off = 0, sz = 0;

	*why = NULL;
	if (m->host) {
		*why = "this machine runs main(): launch kernels from a fresh machine";
		return -1;
	}
	if (func < 0 || (uint32_t)func >= m->mod->nfuncs || !(m->mod->funcs[func].kind & FN_KERNEL)) {
		*why = "not a __global__ function";
		return -1;
	}
	fn = &m->mod->funcs[func];
	if (nargs != fn->nparams) {
		*why = "wrong number of arguments";
		return -1;
	}
	memset(&l, 0, sizeof(l));
	l.fidx = func;
	memcpy(l.grid, grid, sizeof(l.grid));
	memcpy(l.block, block, sizeof(l.block));
	l.shmem = shmem;
	if ((*why = launch_problem(m, &l)))
		return -1;
	if (fn->nparams)
		param_place(fn, fn->nparams - 1, &off, &sz);
	l.param_size = off + sz;
	l.param = xcalloc(1, l.param_size ? l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams; k++) {
		param_place(fn, k, &off, &sz);
		memcpy(l.param + off, &args[k], sz < 8 ? sz : 8);
	}
	vec_push(&m->queue, l);
	dev_settle(m);
	return 0;
}

enum machine_status machine_dev_step(struct machine *m, int budget)
{
	if (m->host) {
		if (budget <= 1)
			return machine_step(m);
		return machine_run(m, (uint64_t)budget);
	}
	dev_settle(m);
	if (m->status != MST_RUNNING)
		return m->status;
	sched_device_step(m, budget < 1 ? 1 : budget);
	dev_settle(m);
	return m->status;
}

int machine_step_group(struct machine *m, int slot, int warp, int group)
{
	struct grid *gr = m->grid;
	struct warp *w;
	enum sched_policy sp = m->o.sched;
	uint32_t k = 0;
	int r;

	if (!gr || slot < 0 || slot >= gr->nres || !gr->res[slot] || warp < 0 ||
	    (uint32_t)warp >= gr->res[slot]->nwarps)
		return -1;
	w = &gr->res[slot]->w[warp];
	if (group >= 0) {
		if ((uint32_t)group >= w->ng || w->g[group].state != G_READY)
			return -1;
		for (int j = 0; j < group; j++)
			k += w->g[j].state == G_READY;
		w->cur = group;
		w->rr = k;
	}
	m->o.sched = SCHED_RR;
	r = machine_step_warp(m, slot, warp);
	m->o.sched = sp;
	dev_settle(m);
	return r;
}

int machine_group_ready(const struct machine *m, int slot, int warp, int group)
{
	const struct grid *gr = m->grid;

	if (!gr || slot < 0 || slot >= gr->nres || !gr->res[slot] || warp < 0 ||
	    (uint32_t)warp >= gr->res[slot]->nwarps)
		return 0;
	const struct warp *w = &gr->res[slot]->w[warp];
	return group >= 0 && (uint32_t)group < w->ng && w->g[group].state == G_READY;
}

int machine_lane_local(const struct machine *m, int slot, int warp, int lane, int up,
		       uint64_t *base)
{
	const struct grid *gr = m->grid;
	const struct warp *w;

	if (slot < 0)
		w = m->host;
	else if (!gr || slot >= gr->nres || !gr->res[slot] || warp < 0 ||
		 (uint32_t)warp >= gr->res[slot]->nwarps)
		return -1;
	else
		w = &gr->res[slot]->w[warp];
	if (!w || lane < 0 || lane >= WS_WARP)
		return -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		const struct frame *f = w->g[j].fr;
		if (!(w->g[j].mask >> lane & 1))
			continue;
		while (f && up-- > 0)
			f = f->parent;
		if (!f)
			return -1;
		*base = ADDR(w->host ? TAG_HSTACK : TAG_LOCAL, f->lbase[lane]);
		return 0;
	}
	return -1;
}

uint64_t machine_object_addr(const struct machine *m, int obj)
{
	if (obj < 0 || (uint32_t)obj >= m->mod->nobjs)
		return 0;
	if (m->mod->objs[obj].kind == OBJ_SHARED)
		return ADDR(TAG_SHARED, m->mod->objs[obj].shared_off);
	return m->obj_addr[obj];
}

int machine_sticky_error(const struct machine *m)
{
	return m->sticky_err;
}

int machine_has_host(const struct machine *m)
{
	return m->host != NULL;
}
