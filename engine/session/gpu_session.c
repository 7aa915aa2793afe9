/*
 * gpu_session.c - the session's side of the real GPU: the PTX of a compiled
 * program (warpstep ptx) and, for run --gpu, the backend that connects the
 * machine's runtime (struct machine_gpu of machine.h) to the driver
 * (engine/gpu). docs/gpu.md.
 */
#include "session.h"

#include <stdlib.h>
#include <string.h>

#include "gpu.h"
#include "machine.h"

int session_ptx(const struct session_program *p, int arch, struct strbuf *out, struct strbuf *err)
{
	if (!p || !p->mod) {
		strbuf_adds(err, "the program did not compile");
		return -1;
	}
	return gpu_ptx_emit(p->mod, arch ? arch : 90, out, err);
}

/* ---- run --gpu: the backend of struct machine_gpu */

/* The GPU's copy of one block of device memory (machine_devmem): for an
 * allocation the same address, for a module object the module's variable;
 * shadow holds the bytes last exchanged, so unchanged blocks are not sent
 * again. */
struct mirror {
	uint64_t addr, dev, size;
	int32_t obj;
	uint8_t *shadow;
	int seen;
};

struct session_gpu {
	struct gpu_driver *drv;
	void *module;
	const struct ir_module *mod;
	struct machine_gpu ops;
	void **fns;
	VEC(struct mirror) mirrors;
	uint64_t grid_bar, coop_flag;
	uint64_t heap, printf_fifo, stack;
	int launched;
	void *ev0, *ev1;
};

static int code(int cu)
{
	return gpu_runtime_code(cu);
}

static int gpu_alloc(void *ctx, uint64_t size, int managed, uint64_t *addr)
{
	struct session_gpu *g = ctx;
	int r = managed ? gpu_mem_alloc_managed(g->drv, addr, size) : gpu_mem_alloc(g->drv, addr, size);
	return code(r);
}

static int gpu_free(void *ctx, uint64_t addr)
{
	struct session_gpu *g = ctx;
	return code(gpu_mem_free(g->drv, addr));
}

static struct mirror *mirror_of(struct session_gpu *g, const struct machine_devmem *d)
{
	for (size_t i = 0; i < g->mirrors.len; i++)
		if (g->mirrors.v[i].addr == d->addr && g->mirrors.v[i].size == d->size && g->mirrors.v[i].obj == d->obj)
			return &g->mirrors.v[i];
	struct mirror mr;
	memset(&mr, 0, sizeof(mr));
	mr.addr = d->addr;
	mr.size = d->size;
	mr.obj = d->obj;
	mr.dev = d->addr;
	if (d->obj >= 0) {
		struct strbuf nb;
		size_t bytes = 0;
		strbuf_init(&nb);
		gpu_ptx_obj_name(g->mod, (uint32_t)d->obj, &nb);
		int r = gpu_module_global(g->drv, g->module, strbuf_cstr(&nb), &mr.dev, &bytes);
		strbuf_release(&nb);
		if (r || bytes < d->size)
			return NULL;    /* not in the module (unused by device code) */
		/* a pointer in the object's initializer holds the emulator's
		 * address of its target in d->data, the GPU's in the module:
		 * the GPU's is the one device code can use */
		const struct ir_object *o = &g->mod->objs[d->obj];
		for (uint32_t k = 0; k < o->nrelocs; k++)
			if (o->relocs[k].off + 8 <= d->size)
				gpu_memcpy_dtoh(g->drv, d->data + o->relocs[k].off, mr.dev + o->relocs[k].off, 8, NULL);
	}
	vec_push(&g->mirrors, mr);
	return &g->mirrors.v[g->mirrors.len - 1];
}

/* a kernel argument that is the host's address of a module object (from
 * cudaGetSymbolAddress or &var) becomes the module variable's address */
static uint64_t arg_address(struct session_gpu *g, uint64_t v)
{
	for (size_t i = 0; i < g->mirrors.len; i++) {
		const struct mirror *mr = &g->mirrors.v[i];
		if (mr->obj >= 0 && v >= mr->addr && v - mr->addr < (mr->size ? mr->size : 1))
			return mr->dev + (v - mr->addr);
	}
	return v;
}

static int gpu_launch_cb(void *ctx, struct machine *m, const struct machine_gpu_launch *l, uint64_t *ns)
{
	struct session_gpu *g = ctx;
	const struct ir_func *fn = &g->mod->funcs[l->func];
	int r;
	*ns = 0;
	/* 1. bring the GPU's copy of device memory up to date */
	size_t n = 0;
	struct machine_devmem *mem = machine_device_memory(m, &n);
	for (size_t i = 0; i < g->mirrors.len; i++)
		g->mirrors.v[i].seen = 0;
	for (size_t i = 0; i < n; i++) {
		struct mirror *mr = mirror_of(g, &mem[i]);
		if (!mr)
			continue;
		mr->seen = 1;
		if (mr->shadow && !memcmp(mr->shadow, mem[i].data, mem[i].size))
			continue;
		if (mem[i].size && (r = gpu_memcpy_htod(g->drv, mr->dev, mem[i].data, mem[i].size, NULL))) {
			free(mem);
			return code(r);
		}
		if (!mr->shadow)
			mr->shadow = xmalloc(mr->size ? mr->size : 1);
		memcpy(mr->shadow, mem[i].data, mem[i].size);
	}
	/* blocks freed since: forget them */
	size_t k = 0;
	for (size_t i = 0; i < g->mirrors.len; i++) {
		if (g->mirrors.v[i].seen)
			g->mirrors.v[k++] = g->mirrors.v[i];
		else
			free(g->mirrors.v[i].shadow);
	}
	g->mirrors.len = k;
	/* 2. the arguments */
	uint8_t *buf = xcalloc(1, l->param_size + 8);
	memcpy(buf, l->param, l->param_size);
	void **ptrs = xcalloc(fn->nparams + 1, sizeof(void *));
	gpu_pack_args(fn, buf, ptrs);
	for (uint32_t a = 0; a < fn->nparams; a++) {
		uint32_t sz = fn->param_size ? fn->param_size[a] : 8;
		if (sz == 8 && fn->param_ty[a] == IR_PTR && !ir_param_aggregate(fn, a)) {
			uint64_t v;
			memcpy(&v, ptrs[a], 8);
			v = arg_address(g, v);
			memcpy(ptrs[a], &v, 8);
		}
	}
	/* 3. limits, the grid barrier, the function */
	if (!g->launched) {
		if (l->heap_limit)
			gpu_ctx_set_limit(g->drv, 2, l->heap_limit);
		if (l->printf_limit)
			gpu_ctx_set_limit(g->drv, 1, l->printf_limit);
	}
	if (l->stack_limit && l->stack_limit != g->stack) {
		gpu_ctx_set_limit(g->drv, 0, l->stack_limit);
		g->stack = l->stack_limit;
	}
	g->launched = 1;
	if (g->grid_bar)
		gpu_memset8(g->drv, g->grid_bar, 0, 8, NULL);
	if (g->coop_flag)
		gpu_memset8(g->drv, g->coop_flag, l->cooperative ? 1 : 0, 1, NULL);
	if (!g->fns[l->func]) {
		struct strbuf nb;
		strbuf_init(&nb);
		gpu_ptx_func_name(g->mod, (uint32_t)l->func, &nb);
		r = gpu_module_function(g->drv, g->module, strbuf_cstr(&nb), &g->fns[l->func]);
		strbuf_release(&nb);
		if (r) {
			free(buf);
			free(ptrs);
			free(mem);
			return code(r) == 500 ? 98 : code(r);
		}
	}
	if (l->shmem > 48 * 1024)
		gpu_func_set_max_dyn_shared(g->drv, g->fns[l->func], (int)l->shmem);
	/* 4. run it to completion */
	gpu_event_record(g->drv, g->ev0, NULL);
	r = gpu_launch(g->drv, g->fns[l->func], l->grid, l->block, (uint32_t)l->shmem, NULL, ptrs, l->cooperative);
	gpu_event_record(g->drv, g->ev1, NULL);
	int s = gpu_ctx_synchronize(g->drv);
	free(buf);
	free(ptrs);
	if (r || s) {
		free(mem);
		return code(r ? r : s);
	}
	float ms = 0;
	if (!gpu_event_elapsed(g->drv, &ms, g->ev0, g->ev1) && ms > 0)
		*ns = (uint64_t)((double)ms * 1e6);
	/* 5. device memory back into the emulator's copy */
	for (size_t i = 0; i < n; i++) {
		struct mirror *mr = mirror_of(g, &mem[i]);
		if (!mr || !mem[i].size)
			continue;
		if ((r = gpu_memcpy_dtoh(g->drv, mem[i].data, mr->dev, mem[i].size, NULL))) {
			free(mem);
			return code(r);
		}
		memcpy(mr->shadow, mem[i].data, mem[i].size);
	}
	free(mem);
	return 0;
}

struct session_gpu *session_gpu_open(const struct ir_module *mod, struct strbuf *err, int *lowering)
{
	*lowering = 0;
	struct gpu_driver *drv = gpu_driver_open(err);
	if (!drv)
		return NULL;
	struct strbuf ptx, why;
	strbuf_init(&ptx);
	strbuf_init(&why);
	if (gpu_ptx_emit(mod, gpu_driver_arch(drv), &ptx, &why) < 0) {
		strbuf_addf(err, "cannot lower to PTX: %s", strbuf_cstr(&why));
		*lowering = 1;
		strbuf_release(&ptx);
		strbuf_release(&why);
		gpu_driver_close(drv);
		return NULL;
	}
	struct session_gpu *g = xcalloc(1, sizeof(*g));
	g->drv = drv;
	g->mod = mod;
	if (gpu_module_load(drv, strbuf_cstr(&ptx), &g->module, &why)) {
		strbuf_addf(err, "the driver rejects the PTX (%s): %s", gpu_driver_name(drv), strbuf_cstr(&why));
		*lowering = 1;
		strbuf_release(&ptx);
		strbuf_release(&why);
		gpu_driver_close(drv);
		free(g);
		return NULL;
	}
	strbuf_release(&ptx);
	strbuf_release(&why);
	g->fns = xcalloc(mod->nfuncs + 1, sizeof(void *));
	if (gpu_module_global(drv, g->module, GPU_GRID_BAR, &g->grid_bar, NULL))
		g->grid_bar = 0;
	if (gpu_module_global(drv, g->module, GPU_GRID_COOP, &g->coop_flag, NULL))
		g->coop_flag = 0;
	gpu_event_create(drv, &g->ev0, 0);
	gpu_event_create(drv, &g->ev1, 0);
	g->ops.ctx = g;
	g->ops.alloc = gpu_alloc;
	g->ops.free = gpu_free;
	g->ops.launch = gpu_launch_cb;
	return g;
}

const struct machine_gpu *session_gpu_backend(struct session_gpu *g)
{
	return &g->ops;
}

const char *session_gpu_device(const struct session_gpu *g)
{
	return gpu_driver_name(g->drv);
}

void session_gpu_close(struct session_gpu *g)
{
	if (!g)
		return;
	for (size_t i = 0; i < g->mirrors.len; i++)
		free(g->mirrors.v[i].shadow);
	vec_free(&g->mirrors);
	if (g->ev0)
		gpu_event_destroy(g->drv, g->ev0);
	if (g->ev1)
		gpu_event_destroy(g->drv, g->ev1);
	gpu_ctx_synchronize(g->drv);
	if (g->module)
		gpu_module_unload(g->drv, g->module);
	gpu_driver_close(g->drv);
	free(g->fns);
	free(g);
}
