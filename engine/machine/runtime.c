/*
 * runtime.c - the HOST built-ins of builtins.def: the CUDA runtime API and
 * the C library, as the host thread calls them.
 *
 * - Error codes and strings are CUDA's (driver_types.h, libcudart). Errors
 *   after a device fault are sticky: every later call returns them.
 * - Launches are asynchronous: runtime_launch checks the configuration
 *   (errors go to cudaGetLastError) and queues the launch. A call that must
 *   wait for the device (cudaDeviceSynchronize, blocking copies, stream and
 *   event synchronization ...) returns 1 while work is queued or running:
 *   the host thread then parks, the machine runs the grids, and the call is
 *   executed again. Synchronizing calls flush the device printf buffer to
 *   the program's stdout; a program that never synchronizes loses it.
 */
#include "simt.h"
#include "builtin.h"
#include "memmodel.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
	E_OK = 0, E_INVAL = 1, E_NOMEM = 2, E_CONFIG = 9, E_PITCH = 12, E_SYMBOL = 13, E_DEVPTR = 17,
	E_DIR = 21, E_DEVFN = 98, E_DEVICE = 101, E_LIMIT = 215, E_HANDLE = 400, E_NOTREADY = 600,
	E_ILLADDR = 700, E_RESOURCES = 701, E_TIMEOUT = 702, E_ASSERT = 710, E_COOP = 720,
	E_CLUSTER = 912
};

static const struct { int code; const char *name, *str; } errtab[] = {
	{ 0, "cudaSuccess", "no error" },
	{ 1, "cudaErrorInvalidValue", "invalid argument" },
	{ 2, "cudaErrorMemoryAllocation", "out of memory" },
	{ 3, "cudaErrorInitializationError", "initialization error" },
	{ 9, "cudaErrorInvalidConfiguration", "invalid configuration argument" },
	{ 12, "cudaErrorInvalidPitchValue", "invalid pitch argument" },
	{ 13, "cudaErrorInvalidSymbol", "invalid device symbol" },
	{ 16, "cudaErrorInvalidHostPointer", "invalid host pointer" },
	{ 17, "cudaErrorInvalidDevicePointer", "invalid device pointer" },
	{ 18, "cudaErrorInvalidTexture", "invalid texture reference" },
	{ 20, "cudaErrorInvalidChannelDescriptor", "invalid channel descriptor" },
	{ 21, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
	{ 26, "cudaErrorInvalidFilterSetting", "invalid filter setting" },
	{ 98, "cudaErrorInvalidDeviceFunction", "invalid device function" },
	{ 100, "cudaErrorNoDevice", "no CUDA-capable device is detected" },
	{ 101, "cudaErrorInvalidDevice", "invalid device ordinal" },
	{ 215, "cudaErrorUnsupportedLimit", "limit is not supported on this architecture" },
	{ 400, "cudaErrorInvalidResourceHandle", "invalid resource handle" },
	{ 600, "cudaErrorNotReady", "device not ready" },
	{ 700, "cudaErrorIllegalAddress", "an illegal memory access was encountered" },
	{ 701, "cudaErrorLaunchOutOfResources", "too many resources requested for launch" },
	{ 702, "cudaErrorLaunchTimeout", "the launch timed out and was terminated" },
	{ 710, "cudaErrorAssert", "device-side assert triggered" },
	{ 714, "cudaErrorHardwareStackError", "hardware stack error" },
	{ 715, "cudaErrorIllegalInstruction", "an illegal instruction was encountered" },
	{ 716, "cudaErrorMisalignedAddress", "misaligned address" },
	{ 718, "cudaErrorInvalidPc", "invalid program counter" },
	{ 719, "cudaErrorLaunchFailure", "unspecified launch failure" },
	{ 720, "cudaErrorCooperativeLaunchTooLarge", "too many blocks in cooperative launch" },
	{ 801, "cudaErrorNotSupported", "operation not supported" },
	{ 912, "cudaErrorInvalidClusterSize", "a kernel launch error has occurred due to cluster misconfiguration" },
	{ 999, "cudaErrorUnknown", "unknown error" },
};

const char *runtime_error_string(int e)
{
	for (size_t i = 0; i < WS_ARRAY_LEN(errtab); i++)
		if (errtab[i].code == e)
			return errtab[i].str;
	return "unrecognized error code";
}

const char *runtime_error_name(int e)
{
	for (size_t i = 0; i < WS_ARRAY_LEN(errtab); i++)
		if (errtab[i].code == e)
			return errtab[i].name;
	return "cudaErrorUnknown";
}

/* ---- helpers */

static int device_busy(struct machine *m)
{
	return m->dev.grid || m->dev.qhead < m->dev.queue.len;
}

void runtime_flush_output(struct machine *m)
{
	if (m->io.dev_out.len) {
		fwrite(m->io.dev_out.buf, 1, m->io.dev_out.len, m->io.out);
		strbuf_reset(&m->io.dev_out);
		fflush(m->io.out);
	}
	if (m->io.dev_err.len) {
		fflush(m->io.out);
		fwrite(m->io.dev_err.buf, 1, m->io.dev_err.len, m->io.err);
		strbuf_reset(&m->io.dev_err);
	}
}

/* Errors after which the context is unusable, as the runtime makes them
 * sticky (an illegal address, an assert, a trap ...). */
static int sticky_code(int e)
{
	return e == 700 || e == 702 || e == 710 || (e >= 714 && e <= 719);
}

/* run --gpu: the backend runs launch l to completion on the GPU */
static void gpu_run(struct machine *m, struct launch *l)
{
	struct machine_gpu_launch g;
	memset(&g, 0, sizeof(g));
	g.func = l->fidx;
	memcpy(g.grid, l->grid, sizeof(g.grid));
	memcpy(g.block, l->block, sizeof(g.block));
	g.shmem = l->shmem;
	g.stream = l->stream;
	g.param = l->param;
	g.param_size = l->param_size;
	g.cooperative = l->cooperative;
	g.heap_limit = m->rt.heap_limit;
	g.printf_limit = m->rt.printf_limit;
	g.stack_limit = m->rt.stack_limit;
	memcpy(g.cluster, l->cluster, sizeof(g.cluster));
	uint64_t ns = 0;
	fflush(m->io.out);
	int e = m->o.gpu->launch(m->o.gpu->ctx, m, &g, &ns);
	fflush(m->io.out);
	if (m->o.gpu->compare)
		return; /* the emulator runs it too (runtime_next_launch) */
	free(l->param);
	m->dev.cycles += ns;
	if (e && sticky_code(e))
		m->rt.sticky_err = e;
	else if (e)
		m->rt.last_err = e;
}

struct machine_devmem *machine_device_memory(struct machine *m, size_t *n)
{
	VEC(struct machine_devmem) v = { 0 };
	struct mem_region *rs[3] = { &m->mem.ext, &m->mem.global, &m->mem.cnst };
	for (int k = 0; k < 3; k++)
		for (size_t i = 0; i < rs[k]->a.len; i++) {
			struct alloc *a = rs[k]->a.v[i];
			if (a->freed || !a->data || a->kind == AK_STRING)
				continue;
			if (k == 0 ? !a->ext : a->obj < 0)
				continue;
			struct machine_devmem d = { a->base, a->size, a->data, k == 0 ? -1 : a->obj };
			vec_push(&v, d);
		}
	*n = v.len;
	return v.v;
}

const char *machine_device_output(const struct machine *m, size_t *len)
{
	*len = m->io.dev_out.len;
	return m->io.dev_out.len ? m->io.dev_out.buf : "";
}

int runtime_next_launch(struct machine *m)
{
	if (m->dev.grid)
		return 1;
	if (m->dev.qhead >= m->dev.queue.len) {
		m->dev.qhead = m->dev.queue.len = 0;
		return 0;
	}
	struct launch l = m->dev.queue.v[m->dev.qhead++];
	if (m->rt.sticky_err) {
		free(l.param);
		return 1;
	}
	if (m->o.gpu) {
		gpu_run(m, &l);
		if (!m->o.gpu->compare)
			return 1;
	}
	sched_grid_start(m, &l);
	return 1;
}

/* host-visible pointer to [addr, addr+n) or NULL; *dev: device memory */
static uint8_t *raw(struct machine *m, uint64_t addr, uint64_t n, int *dev)
{
	*dev = 0;
	if (ADDR_TAG(addr) == TAG_HSTACK) {
		uint64_t off;
		struct lstack *hs = hthread_stack(m, addr, &off);
		if (!hs || !ws_range_in(0, hs->sp, off, n))
			return NULL;
		return hs->buf + off;
	}
	struct alloc *a = mem_find(&m->mem, addr);
	if (!a || a->freed || !ws_range_in(a->base, a->size, addr, n))
		return NULL;
	*dev = a->dev_ok && !a->host_ok ? 1 : a->kind == AK_MANAGED ? 2 : 0;
	return a->data + (addr - a->base);
}

static struct span span_of(struct machine *m);

/* the runtime wrote [addr, addr+n): those bytes are initialized */
static void mark_written(struct machine *m, uint64_t addr, uint64_t n)
{
	if (CHECK_WANTS(m, CEV_COPY))
		machine_publish_copy(m, addr, n, 1, span_of(m));
}

/* the runtime copies from [addr, addr+n): warn if part was never written */
static void check_read(struct machine *m, uint64_t addr, uint64_t n);

static int ret_err(struct machine *m, int e)
{
	if (e)
		m->rt.last_err = e;
	return e;
}

static int put64(struct machine *m, uint64_t addr, uint64_t v)
{
	return machine_host_write(m, addr, &v, 8);
}

static int put32(struct machine *m, uint64_t addr, uint32_t v)
{
	return machine_host_write(m, addr, &v, 4);
}

static uint64_t str_addr(struct machine *m, int which, int code)
{
	int slot = code >= 0 && code < 1024 ? code : 1023;
	if (!m->rt.errstr[which][slot]) {
		const char *s = which ? runtime_error_name(code) : runtime_error_string(code);
		struct alloc *a = mem_alloc(&m->mem, TAG_HOST, strlen(s) + 1, 16, AK_STRING);
		memcpy(a->data, s, strlen(s) + 1);
		m->rt.errstr[which][slot] = a->base;
	}
	return m->rt.errstr[which][slot];
}

static struct span span_of(struct machine *m)
{
	struct group *g = &m->ht.cur->g[0];
	return g->fr->code[g->pc].span;
}

/* The host-visible bytes at addr and how many of them follow inside the
 * same allocation (or the live host stack), as a C library function on the
 * host may touch them; NULL when addr itself is not such a byte. */
static uint8_t *host_span(struct machine *m, uint64_t addr, uint64_t *avail)
{
	*avail = 0;
	if (ADDR_TAG(addr) == TAG_HSTACK) {
		uint64_t off;
		struct lstack *ls = hthread_stack(m, addr, &off);
		if (!ls || off >= ls->sp)
			return NULL;
		*avail = ls->sp - off;
		return ls->buf + off;
	}
	struct alloc *a = mem_find(&m->mem, addr);
	if (!a || a->freed || !a->host_ok || !a->data || !ws_range_in(a->base, a->size, addr, 1))
		return NULL;
	*avail = a->base + a->size - addr;
	return a->data + (addr - a->base);
}

/* A C library call (what) on the host touches n bytes at addr, and not all
 * of them are the program's memory: natively it would run into a page that
 * is not mapped and die of SIGSEGV. The finding points at the call; the
 * program stops with status 139. Always returns -1. */
static int host_range_fault(struct machine *m, const char *what, uint64_t addr, uint64_t n,
			    int write)
{
	uint64_t avail;
	if (!host_span(m, addr, &avail)) {
		/* the first byte already is bad: the translation knows why (null,
		 * freed, a device pointer, a wild address) and stops the program */
		if (interp_xlate(m, m->ht.cur, 0, addr, 1, write, span_of(m)) == NULL)
			return -1;
	}
	machine_finding_add(m, FK_INVALID_HOST_ACCESS, m->ht.cur, 1, span_of(m), addr,
			    "%s %s %llu bytes at 0x%llx, but only %llu bytes from there are the program's memory (%s)",
			    what, write ? "writes" : "reads", (unsigned long long)n,
			    (unsigned long long)addr, (unsigned long long)avail,
			    ADDR_TAG(addr) == TAG_HSTACK ? "the rest of the host stack" : "the rest of its block");
	fflush(m->io.out);
	machine_exit(m, 139);
	return -1;
}

/* Host bytes [addr, addr+n) for a C library call, or NULL after
 * host_range_fault (the program has stopped). */
static uint8_t *host_range(struct machine *m, const char *what, uint64_t addr, uint64_t n,
			   int write)
{
	uint64_t avail;
	uint8_t *p = host_span(m, addr, &avail);
	if (n == 0 && p)
		return p;
	if (!p || n > avail) {
		host_range_fault(m, what, addr, n, write);
		return NULL;
	}
	return p;
}

static int copy_checked(struct machine *m, uint64_t dst, uint64_t src, uint64_t n, int kind)
{
	if (n == 0)
		return E_OK;
	if (kind < 0 || kind > 4)
		return E_DIR;
	int dd, sd;
	uint8_t *d = raw(m, dst, n, &dd), *s = raw(m, src, n, &sd);
	if (!d || !s) {
		uint64_t bad = !s ? src : dst;
		struct alloc *a = mem_find(&m->mem, bad);
		struct machine_finding *f;
		if (a && a->freed)
			f = machine_finding_add(m, FK_USE_AFTER_FREE, m->ht.cur, 1, span_of(m), bad,
						"cudaMemcpy %s memory that was already freed",
						!s ? "reads" : "writes");
		else if (a)
			f = machine_finding_add(m, !s ? FK_OOB_GLOBAL_READ : FK_OOB_GLOBAL_WRITE, m->ht.cur, 1,
						span_of(m), bad,
						"cudaMemcpy of %llu bytes runs %llu bytes past the end of the %s, a %llu-byte allocation",
						(unsigned long long)n,
						(unsigned long long)(n - (a->base + a->size - bad)),
						!s ? "source" : "destination", (unsigned long long)a->size);
		else
			f = machine_finding_add(m, !s ? FK_OOB_GLOBAL_READ : FK_OOB_GLOBAL_WRITE, m->ht.cur, 1,
						span_of(m), bad,
						"cudaMemcpy of %llu bytes: the %s range is not inside one live allocation",
						(unsigned long long)n, !s ? "source" : "destination");
		if (a)
			finding_alloc(f, a->base, a->size);
		return E_INVAL;
	}
	/* with unified addressing a wrong direction on a plain host/device
	 * pointer is rejected by the driver */
	if ((kind == 1 && (dd == 0 || sd == 1)) || (kind == 2 && (sd == 0 || dd == 1)) ||
	    (kind == 3 && (dd == 0 || sd == 0)) || (kind == 0 && (dd == 1 || sd == 1)))
		return E_INVAL;
	check_read(m, src, n);
	memmove(d, s, n);
	mark_written(m, dst, n);
	return E_OK;
}

static void check_read(struct machine *m, uint64_t addr, uint64_t n)
{
	if (CHECK_WANTS(m, CEV_COPY))
		machine_publish_copy(m, addr, n, 0, span_of(m));
}

/* ---- launches */

/* A stream the program may name: the legacy default stream (0, or
 * cudaStreamLegacy 0x1), cudaStreamPerThread (0x2), or a handle that
 * cudaStreamCreate returned. Anything else is cudaErrorInvalidResourceHandle,
 * as the GPU's runtime answers. */
static int stream_ok(const struct machine *m, uint64_t s)
{
	if (s <= 2)
		return 1;
	uint64_t i = (ADDR_OFF(s) >> 4) - 1;
	return ADDR_TAG(s) == 0x7e && (ADDR_OFF(s) & 15) == 0 && ADDR_OFF(s) && i < m->rt.nstreams;
}

static int config_error(const uint32_t *g, const uint32_t *b)
{
	uint64_t t = (uint64_t)b[0] * b[1] * b[2];
	if (!g[0] || !g[1] || !g[2] || !b[0] || !b[1] || !b[2])
		return E_CONFIG;
	if (b[0] > 1024 || b[1] > 1024 || b[2] > 64 || t > 1024)
		return E_CONFIG;
	if (g[0] > 2147483647u || g[1] > 65535 || g[2] > 65535)
		return E_CONFIG;
	return E_OK;
}

/*
 * CUDA 12's runtime reports a bad launch configuration as 9
 * (cudaErrorInvalidConfiguration) and a launch over __launch_bounds__ as 701
 * (cudaErrorLaunchOutOfResources); CUDA 13.0's, measured on an H100, reports
 * both as 1 (cudaErrorInvalidValue). --cuda-version picks which one a
 * student's toolkit would show.
 */
static int launch_code(const struct machine *m, int e)
{
	return m->o.cuda_version >= 13 && (e == E_CONFIG || e == E_RESOURCES) ? E_INVAL : e;
}

/*
 * Thread block clusters: the kernel's __cluster_dims__ apply unless the
 * launch gave its own (cudaLaunchKernelEx); giving different ones is an
 * error, as is a grid that is not a whole number of clusters or a cluster
 * of more than 8 blocks (the portable limit) or more than fit on the
 * device at once: cudaErrorInvalidClusterSize. A cluster launch is an
 * sm_90 feature; the device profile's compute capability is not checked.
 */
static int cluster_check(struct machine *m, struct launch *l, const struct ir_func *fn)
{
	if (fn->cluster_dims[0]) {
		if (l->cluster[0] && memcmp(l->cluster, fn->cluster_dims, sizeof(l->cluster)))
			return E_CLUSTER;
		memcpy(l->cluster, fn->cluster_dims, sizeof(l->cluster));
	}
	if (!l->cluster[0])
		return E_OK;
	uint64_t n = 1;
	for (int k = 0; k < 3; k++) {
		if (!l->cluster[k] || l->grid[k] % l->cluster[k])
			return E_CLUSTER;
		n *= l->cluster[k];
	}
	if (n > 8 || n > sched_max_resident(m, l))
		return E_CLUSTER;
	return E_OK;
}

static int launch_check(struct machine *m, struct launch *l)
{
	const struct ir_func *fn = &m->mod->funcs[l->fidx];
	int e = config_error(l->grid, l->block);
	if (e)
		return launch_code(m, e);
	uint64_t t = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	if (fn->launch_bounds_max > 0 && t > (uint64_t)fn->launch_bounds_max)
		return launch_code(m, E_RESOURCES);
	uint64_t lim = m->rt.fn_maxdyn[l->fidx] ? (uint64_t)m->o.device->smem_optin : 49152;
	uint64_t dynlim = m->rt.fn_maxdyn[l->fidx] ? m->rt.fn_maxdyn[l->fidx] : 49152;
	if (!ws_range_in(0, lim, m->rt.fn_shared[l->fidx], l->shmem) || l->shmem > dynlim)
		return E_INVAL;
	if (!stream_ok(m, l->stream))
		return E_HANDLE;
	return cluster_check(m, l, fn);
}

static void launch_report(struct machine *m, struct launch *l, int e)
{
	machine_finding_add_sev(m, FK_INVALID_LAUNCH, 0, m->ht.cur, 1, span_of(m), 0,
			    "launch of %s<<<(%u,%u,%u), (%u,%u,%u), %llu>>> fails: %s%s",
			    m->mod->funcs[l->fidx].name, l->grid[0], l->grid[1], l->grid[2],
			    l->block[0], l->block[1], l->block[2], (unsigned long long)l->shmem,
			    runtime_error_string(e),
			    e == E_HANDLE ? " (the stream is not one that cudaStreamCreate returned)" : "");
}

static void param_layout(const struct ir_func *fn, uint32_t k, uint32_t *off, uint32_t *sz)
{
	uint32_t o = 0;
	for (uint32_t i = 0; i <= k; i++) {
		uint32_t s = fn->param_size ? fn->param_size[i] : 8;
		uint32_t a = fn->param_align && fn->param_align[i] ? fn->param_align[i] : (s >= 8 ? 8 : s ? s : 1);
		o = (o + a - 1) & ~(a - 1);
		if (i == k) {
			*off = o;
			*sz = s;
			return;
		}
		o += s;
	}
}

static uint32_t param_total(const struct ir_func *fn)
{
	if (!fn->nparams)
		return 0;
	uint32_t off, sz;
	param_layout(fn, fn->nparams - 1, &off, &sz);
	return off + sz;
}

static int capture_launch(struct machine *m, struct launch *l);

int runtime_launch(struct machine *m, struct warp *w, const struct ir_insn *in)
{
	uint64_t *R = w->g[0].fr->r;
	struct launch l;
	memset(&l, 0, sizeof(l));
	l.fidx = (int32_t)in->imm;
#define ARG(i) R[(size_t)in->args[i] * WS_WARP]
	uint32_t first = 8; /* the kernel's arguments */
	if (in->imm < 0) {
		/* through a function pointer: a pointer that is not a kernel
		 * launches nothing, and the runtime says nothing either (an H100
		 * with CUDA 13.0: cudaGetLastError is cudaSuccess) */
		uint64_t f = ARG(8), idx = (ADDR_OFF(f) >> 4) - 1;
		first = 9;
		if (ADDR_TAG(f) != TAG_CODE || idx >= m->mod->nfuncs || !(m->mod->funcs[idx].kind & FN_KERNEL))
			return 0;
		l.fidx = (int32_t)idx;
	}
	const struct ir_func *fn = &m->mod->funcs[l.fidx];
	for (int k = 0; k < 3; k++) {
		l.grid[k] = (uint32_t)ARG(k);
		l.block[k] = (uint32_t)ARG(3 + k);
	}
	l.shmem = in->nargs > 6 ? ARG(6) : 0;
	l.stream = in->nargs > 7 ? ARG(7) : 0;
	if (m->rt.sticky_err)
		return 0;
	int e = launch_check(m, &l);
	if (e) {
		launch_report(m, &l, e);
		m->rt.last_err = e;
		return 0;
	}
	l.param_size = param_total(fn);
	l.param = xcalloc(1, l.param_size ? l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams && first + k < in->nargs; k++) {
		uint32_t off, sz;
		param_layout(fn, k, &off, &sz);
		uint64_t v = ARG(first + k);
		if (interp_param_aggregate(fn, k)) {
			if (machine_host_read(m, v, l.param + off, sz))
				memset(l.param + off, 0, sz);
		} else {
			memcpy(l.param + off, &v, sz < 8 ? sz : 8);
		}
	}
#undef ARG
	if (capture_launch(m, &l))
		return 0;
	vec_push(&m->dev.queue, l);
	return 0;
}

int runtime_queue_launch(struct machine *m, int func, const uint32_t grid[3],
			 const uint32_t block[3], uint64_t shmem, const uint64_t *args, int nargs)
{
	struct launch l;
	memset(&l, 0, sizeof(l));
	l.fidx = func;
	memcpy(l.grid, grid, sizeof(l.grid));
	memcpy(l.block, block, sizeof(l.block));
	l.shmem = shmem;
	int e = launch_check(m, &l);
	if (e) {
		m->rt.last_err = e;
		return e;
	}
	const struct ir_func *fn = &m->mod->funcs[func];
	l.param_size = param_total(fn);
	l.param = xcalloc(1, l.param_size ? l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams && (int)k < nargs; k++) {
		uint32_t off, sz;
		param_layout(fn, k, &off, &sz);
		memcpy(l.param + off, &args[k], sz < 8 ? sz : 8);
	}
	vec_push(&m->dev.queue, l);
	return 0;
}

static int coop_launch(struct machine *m, const uint64_t *a)
{
	uint64_t f = a[0];
	uint64_t idx = (ADDR_OFF(f) >> 4) - 1;
	if (ADDR_TAG(f) != TAG_CODE || idx >= m->mod->nfuncs)
		return E_DEVFN;
	struct launch l;
	memset(&l, 0, sizeof(l));
	l.fidx = (int32_t)idx;
	l.cooperative = 1;
	if (machine_host_read(m, a[1], l.grid, 12) || machine_host_read(m, a[2], l.block, 12))
		return E_INVAL;
	l.shmem = a[4];
	l.stream = a[5];
	int e = launch_check(m, &l);
	if (e)
		return e;
	if ((uint64_t)l.grid[0] * l.grid[1] * l.grid[2] > sched_max_resident(m, &l))
		return E_COOP;
	const struct ir_func *fn = &m->mod->funcs[idx];
	l.param_size = param_total(fn);
	l.param = xcalloc(1, l.param_size ? l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams; k++) {
		uint32_t off, sz;
		uint64_t p;
		param_layout(fn, k, &off, &sz);
		if (machine_host_read(m, a[3] + 8 * k, &p, 8) || machine_host_read(m, p, l.param + off, sz)) {
			free(l.param);
			return E_INVAL;
		}
	}
	vec_push(&m->dev.queue, l);
	return E_OK;
}

/*
 * cudaLaunchKernelEx(config, kernel, args...) and cudaLaunchKernelExC(config,
 * func, args): the configuration (grid, block, dynamic shared memory,
 * stream) and its attributes; cudaLaunchAttributeClusterDimension sets the
 * cluster shape, cudaLaunchAttributeCooperative makes a cooperative launch,
 * the others are accepted and change nothing. types (the template form):
 * each argument's IR type, converted to the kernel parameter's as C++
 * would; 0 (and the C form) copies the parameter's size from the pointer.
 * The config structures are laid out as in CUDA 12 and 13.
 */
static int launch_ex(struct machine *m, uint64_t cfg, uint64_t f, uint64_t argv, uint64_t types, int nargs)
{
	uint8_t c[56];
	uint64_t idx = (ADDR_OFF(f) >> 4) - 1, attrs, nattr = 0;
	struct launch l;
	if (!cfg || machine_host_read(m, cfg, c, sizeof(c)))
		return E_INVAL;
	if (ADDR_TAG(f) != TAG_CODE || idx >= m->mod->nfuncs || !(m->mod->funcs[idx].kind & FN_KERNEL))
		return E_DEVFN;
	memset(&l, 0, sizeof(l));
	l.fidx = (int32_t)idx;
	memcpy(l.grid, c, 12);
	memcpy(l.block, c + 12, 12);
	memcpy(&l.shmem, c + 24, 8);
	memcpy(&l.stream, c + 32, 8);
	memcpy(&attrs, c + 40, 8);
	memcpy(&nattr, c + 48, 4);
	nattr &= 0xffffffffu;
	for (uint64_t i = 0; i < nattr; i++) {
		uint8_t at[24];
		uint32_t id;
		if (machine_host_read(m, attrs + i * 72, at, sizeof(at)))
			return E_INVAL;
		memcpy(&id, at, 4);
		if (id == 4) /* cudaLaunchAttributeClusterDimension: val.clusterDim */
			memcpy(l.cluster, at + 8, 12);
		else if (id == 2) /* cudaLaunchAttributeCooperative */
			l.cooperative = at[8] | at[9] | at[10] | at[11];
	}
	if (l.cluster[0] || l.cluster[1] || l.cluster[2])
		for (int k = 0; k < 3; k++)
			if (!l.cluster[k])
				return E_CLUSTER;
	int e = launch_check(m, &l);
	if (e) {
		launch_report(m, &l, e);
		return e;
	}
	if (l.cooperative && (uint64_t)l.grid[0] * l.grid[1] * l.grid[2] > sched_max_resident(m, &l))
		return E_COOP;
	const struct ir_func *fn = &m->mod->funcs[idx];
	if (nargs >= 0 && (uint32_t)nargs != fn->nparams)
		return E_INVAL;
	l.param_size = param_total(fn);
	l.param = xcalloc(1, l.param_size ? l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams; k++) {
		uint32_t off, sz;
		uint64_t p, v = 0;
		uint8_t t = 0;
		param_layout(fn, k, &off, &sz);
		if (types && machine_host_read(m, types + k, &t, 1))
			t = 0;
		if (machine_host_read(m, argv + 8 * k, &p, 8))
			goto bad;
		if (!t || interp_param_aggregate(fn, k) || !fn->param_ty) {
			if (machine_host_read(m, p, l.param + off, sz))
				goto bad;
			continue;
		}
		if (machine_host_read(m, p, &v, ir_type_size(t)))
			goto bad;
		if (t == IR_S8)
			v = (uint64_t)(int64_t)(int8_t)v;
		else if (t == IR_S16)
			v = (uint64_t)(int64_t)(int16_t)v;
		else if (t == IR_S32)
			v = (uint64_t)(int64_t)(int32_t)v;
		v = interp_cvt(v, fn->param_ty[k], t); /* to the parameter's type, from the argument's */
		memcpy(l.param + off, &v, sz < 8 ? sz : 8);
	}
	if (capture_launch(m, &l))
		return E_OK;
	vec_push(&m->dev.queue, l);
	return E_OK;
bad:
	free(l.param);
	return E_INVAL;
}

/* ---- device properties (the profile: device.h, devices.def) */

/*
 * cudaDeviceProp as the program sees it (engine/front/include/cuda_runtime.h),
 * listed once for both layouts: O12(x) is a CUDA 12 field that CUDA 13
 * removed, O13(x) a field that CUDA 13 added in place of reserved words.
 */
#define PROP_FIELDS(O12, O13) \
	char name[256]; char uuid[16]; char luid[8]; unsigned int luidDeviceNodeMask; \
	size_t totalGlobalMem; size_t sharedMemPerBlock; int regsPerBlock; int warpSize; \
	size_t memPitch; int maxThreadsPerBlock; int maxThreadsDim[3]; int maxGridSize[3]; \
	O12(int clockRate;) size_t totalConstMem; int major; int minor; \
	size_t textureAlignment; size_t texturePitchAlignment; O12(int deviceOverlap;) \
	int multiProcessorCount; O12(int kernelExecTimeoutEnabled;) int integrated; \
	int canMapHostMemory; O12(int computeMode;) int maxTexture1D; int maxTexture1DMipmap; \
	O12(int maxTexture1DLinear;) int maxTexture2D[2]; int maxTexture2DMipmap[2]; \
	int maxTexture2DLinear[3]; int maxTexture2DGather[2]; int maxTexture3D[3]; \
	int maxTexture3DAlt[3]; int maxTextureCubemap; int maxTexture1DLayered[2]; \
	int maxTexture2DLayered[3]; int maxTextureCubemapLayered[2]; int maxSurface1D; \
	int maxSurface2D[2]; int maxSurface3D[3]; int maxSurface1DLayered[2]; \
	int maxSurface2DLayered[3]; int maxSurfaceCubemap; int maxSurfaceCubemapLayered[2]; \
	size_t surfaceAlignment; int concurrentKernels; int ECCEnabled; int pciBusID; \
	int pciDeviceID; int pciDomainID; int tccDriver; int asyncEngineCount; \
	int unifiedAddressing; O12(int memoryClockRate;) int memoryBusWidth; int l2CacheSize; \
	int persistingL2CacheMaxSize; int maxThreadsPerMultiProcessor; \
	int streamPrioritiesSupported; int globalL1CacheSupported; int localL1CacheSupported; \
	size_t sharedMemPerMultiprocessor; int regsPerMultiprocessor; int managedMemory; \
	int isMultiGpuBoard; int multiGpuBoardGroupID; int hostNativeAtomicSupported; \
	O12(int singleToDoublePrecisionPerfRatio;) int pageableMemoryAccess; \
	int concurrentManagedAccess; int computePreemptionSupported; \
	int canUseHostPointerForRegisteredMem; int cooperativeLaunch; \
	O12(int cooperativeMultiDeviceLaunch;) size_t sharedMemPerBlockOptin; \
	int pageableMemoryAccessUsesHostPageTables; int directManagedMemAccessFromHost; \
	int maxBlocksPerMultiProcessor; int accessPolicyMaxWindowSize; \
	size_t reservedSharedMemPerBlock; int hostRegisterSupported; int sparseCudaArraySupported; \
	int hostRegisterReadOnlySupported; int timelineSemaphoreInteropSupported; \
	int memoryPoolsSupported; int gpuDirectRDMASupported; \
	unsigned int gpuDirectRDMAFlushWritesOptions; int gpuDirectRDMAWritesOrdering; \
	unsigned int memoryPoolSupportedHandleTypes; int deferredMappingCudaArraySupported; \
	int ipcEventSupported; int clusterLaunch; int unifiedFunctionPointers; \
	O12(int reserved2[3]; int reserved12[60];) \
	O13(int deviceNumaConfig; int deviceNumaId; int mpsEnabled; int hostNumaId; \
	    unsigned int gpuPciDeviceID; unsigned int gpuPciSubsystemID; \
	    int hostNumaMultinodeIpcSupported; int reserved[56];)
#define KEEP(x) x
#define DROP(x)
struct prop13 { PROP_FIELDS(DROP, KEEP) };
struct prop12 { PROP_FIELDS(KEEP, DROP) };
#undef KEEP
#undef DROP

/* cudaDeviceGetAttribute 1..147 on the H100 with CUDA 13.0 (tools/hw/h100-devprops.txt) */
static const int h100_attr[] = {
	0,
	1024, 1024, 1024, 64, 2147483647, 65535, 65535, 49152, 65536, 32,
	2147483647, 65536, 1980000, 512, 1, 132, 0, 0, 1, 0,
	131072, 131072, 65536, 16384, 16384, 16384, 32768, 32768, 2048, 512,
	1, 1, 0, 6, 0, 2619000, 5120, 52428800, 2048, 3,
	1, 32768, 2048, 1, 32768, 32768, 8192, 8192, 32768, 0,
	32, 32768, 32768, 2046, 32768, 131072, 65536, 16384, 16384, 16384,
	32768, 2048, 32768, 32768, 2048, 32768, 32768, 2046, 268435456, 131072,
	65000, 2097120, 32768, 32768, 9, 0, 32768, 1, 1, 1,
	233472, 65536, 1, 0, 0, 0, 2, 0, 1, 1,
	1, 0, 0, 0, 1, 1, 232448, 0, 1, 0,
	0, 1, 1, 0, 0, 32, 1, 32768000, 134217728, 1,
	1024, 1, 1, 1, 1, 1, 1, 100, 9, 1,
	1, 1, 1, 1, 1, 4, 1, 1, 1, 0,
	-1, 0, 0, 0, 0, 0, 0, 0, 590352606, 381751518,
	1, 1, 0, 1, 1, 0, 0,
};

/* attribute attr of the emulated device; 0 and E_OK, or E_INVAL past the last */
static int dev_attr(struct machine *m, int attr, int *v)
{
	const struct device_profile *d = m->o.device;
	if (attr < 1 || attr >= (int)WS_ARRAY_LEN(h100_attr))
		return E_INVAL;
	*v = h100_attr[attr];
	switch (attr) {
	case 13: *v = d->clock_khz; break;
	case 16: *v = m->o.num_sms; break;
	case 17: *v = d->exec_timeout; break;
	case 18: *v = d->integrated; break;
	case 32: *v = d->ecc; break;
	case 36: *v = d->mem_clock_khz; break;
	case 37: *v = d->bus_width; break;
	case 38: *v = d->l2; break;
	case 39: *v = d->threads_per_sm; break;
	case 40: *v = d->async_engines; break;
	case 75: *v = d->major; break;
	case 76: *v = d->minor; break;
	case 81: *v = d->smem_per_sm; break;
	case 87:        /* FP32 to FP64 throughput: 2 on the data-centre chips */
		*v = d->minor == 0 && d->major >= 7 ? 2 : d->major == 7 ? 32 : 64;
		break;
	case 97: *v = d->smem_optin; break;
	case 106: *v = m->o.max_blocks_per_sm; break;
	case 108: *v = d->persisting_l2; break;
	case 111: *v = d->major >= 8 ? 1024 : 0; break;
	default: break;
	}
	return E_OK;
}

static int A(struct machine *m, int attr)
{
	int v = 0;
	dev_attr(m, attr, &v);
	return v;
}

/* the fields both layouts have, from the attributes so that the two agree */
#define PROP_FILL(p, m) do { \
	snprintf((p)->name, sizeof((p)->name), "%s", (m)->o.device->name); \
	memcpy((p)->uuid, "warpstep-gpu-000", 16); \
	(p)->totalGlobalMem = (m)->o.device->global_mem; \
	(p)->sharedMemPerBlock = (size_t)A(m, 8); (p)->regsPerBlock = A(m, 12); \
	(p)->warpSize = A(m, 10); (p)->memPitch = (size_t)A(m, 11); \
	(p)->maxThreadsPerBlock = A(m, 1); \
	for (int i_ = 0; i_ < 3; i_++) { \
		(p)->maxThreadsDim[i_] = A(m, 2 + i_); (p)->maxGridSize[i_] = A(m, 5 + i_); \
	} \
	(p)->totalConstMem = (size_t)A(m, 9); (p)->major = A(m, 75); (p)->minor = A(m, 76); \
	(p)->textureAlignment = (size_t)A(m, 14); (p)->texturePitchAlignment = (size_t)A(m, 51); \
	(p)->multiProcessorCount = A(m, 16); (p)->integrated = A(m, 18); \
	(p)->canMapHostMemory = A(m, 19); \
	(p)->maxTexture1D = A(m, 21); (p)->maxTexture1DMipmap = A(m, 77); \
	(p)->maxTexture2D[0] = A(m, 22); (p)->maxTexture2D[1] = A(m, 23); \
	(p)->maxTexture2DMipmap[0] = A(m, 73); (p)->maxTexture2DMipmap[1] = A(m, 74); \
	(p)->maxTexture2DLinear[0] = A(m, 70); (p)->maxTexture2DLinear[1] = A(m, 71); \
	(p)->maxTexture2DLinear[2] = A(m, 72); \
	(p)->maxTexture2DGather[0] = A(m, 45); (p)->maxTexture2DGather[1] = A(m, 46); \
	(p)->maxTexture3D[0] = A(m, 24); (p)->maxTexture3D[1] = A(m, 25); \
	(p)->maxTexture3D[2] = A(m, 26); \
	(p)->maxTexture3DAlt[0] = A(m, 47); (p)->maxTexture3DAlt[1] = A(m, 48); \
	(p)->maxTexture3DAlt[2] = A(m, 49); \
	(p)->maxTextureCubemap = A(m, 52); \
	(p)->maxTexture1DLayered[0] = A(m, 42); (p)->maxTexture1DLayered[1] = A(m, 43); \
	(p)->maxTexture2DLayered[0] = A(m, 27); (p)->maxTexture2DLayered[1] = A(m, 28); \
	(p)->maxTexture2DLayered[2] = A(m, 29); \
	(p)->maxTextureCubemapLayered[0] = A(m, 53); (p)->maxTextureCubemapLayered[1] = A(m, 54); \
	(p)->maxSurface1D = A(m, 55); (p)->maxSurface2D[0] = A(m, 56); \
	(p)->maxSurface2D[1] = A(m, 57); (p)->maxSurface3D[0] = A(m, 58); \
	(p)->maxSurface3D[1] = A(m, 59); (p)->maxSurface3D[2] = A(m, 60); \
	(p)->maxSurface1DLayered[0] = A(m, 61); (p)->maxSurface1DLayered[1] = A(m, 62); \
	(p)->maxSurface2DLayered[0] = A(m, 63); (p)->maxSurface2DLayered[1] = A(m, 64); \
	(p)->maxSurface2DLayered[2] = A(m, 65); (p)->maxSurfaceCubemap = A(m, 66); \
	(p)->maxSurfaceCubemapLayered[0] = A(m, 67); (p)->maxSurfaceCubemapLayered[1] = A(m, 68); \
	(p)->surfaceAlignment = (size_t)A(m, 30); (p)->concurrentKernels = A(m, 31); \
	(p)->ECCEnabled = A(m, 32); (p)->pciBusID = A(m, 33); (p)->pciDeviceID = A(m, 34); \
	(p)->pciDomainID = A(m, 50); (p)->tccDriver = A(m, 35); \
	(p)->asyncEngineCount = A(m, 40); (p)->unifiedAddressing = A(m, 41); \
	(p)->memoryBusWidth = A(m, 37); (p)->l2CacheSize = A(m, 38); \
	(p)->persistingL2CacheMaxSize = A(m, 108); (p)->maxThreadsPerMultiProcessor = A(m, 39); \
	(p)->streamPrioritiesSupported = A(m, 78); (p)->globalL1CacheSupported = A(m, 79); \
	(p)->localL1CacheSupported = A(m, 80); \
	(p)->sharedMemPerMultiprocessor = (size_t)A(m, 81); (p)->regsPerMultiprocessor = A(m, 82); \
	(p)->managedMemory = A(m, 83); (p)->isMultiGpuBoard = A(m, 84); \
	(p)->multiGpuBoardGroupID = A(m, 85); (p)->hostNativeAtomicSupported = A(m, 86); \
	(p)->pageableMemoryAccess = A(m, 88); (p)->concurrentManagedAccess = A(m, 89); \
	(p)->computePreemptionSupported = A(m, 90); \
	(p)->canUseHostPointerForRegisteredMem = A(m, 91); (p)->cooperativeLaunch = A(m, 95); \
	(p)->sharedMemPerBlockOptin = (size_t)A(m, 97); \
	(p)->pageableMemoryAccessUsesHostPageTables = A(m, 100); \
	(p)->directManagedMemAccessFromHost = A(m, 101); \
	(p)->maxBlocksPerMultiProcessor = A(m, 106); (p)->accessPolicyMaxWindowSize = A(m, 109); \
	(p)->reservedSharedMemPerBlock = (size_t)A(m, 111); \
	(p)->hostRegisterSupported = A(m, 99); (p)->sparseCudaArraySupported = A(m, 112); \
	(p)->hostRegisterReadOnlySupported = A(m, 113); \
	(p)->timelineSemaphoreInteropSupported = A(m, 114); \
	(p)->memoryPoolsSupported = A(m, 115); (p)->gpuDirectRDMASupported = A(m, 116); \
	(p)->gpuDirectRDMAFlushWritesOptions = (unsigned)A(m, 117); \
	(p)->gpuDirectRDMAWritesOrdering = A(m, 118); \
	(p)->memoryPoolSupportedHandleTypes = (unsigned)A(m, 119); \
	(p)->deferredMappingCudaArraySupported = A(m, 121); (p)->ipcEventSupported = A(m, 125); \
	(p)->clusterLaunch = A(m, 120); (p)->unifiedFunctionPointers = A(m, 129); \
} while (0)

/* write the emulated device's cudaDeviceProp, in the program's layout, at addr */
static int put_props(struct machine *m, uint64_t addr)
{
	if (m->o.cuda_version == 12) {
		struct prop12 p;
		memset(&p, 0, sizeof(p));
		PROP_FILL(&p, m);
		p.clockRate = A(m, 13);
		p.deviceOverlap = A(m, 15);
		p.kernelExecTimeoutEnabled = A(m, 17);
		p.computeMode = A(m, 20);
		p.maxTexture1DLinear = A(m, 69);
		p.memoryClockRate = A(m, 36);
		p.singleToDoublePrecisionPerfRatio = A(m, 87);
		p.cooperativeMultiDeviceLaunch = A(m, 96);
		return machine_host_write(m, addr, &p, sizeof(p));
	}
	struct prop13 p;
	memset(&p, 0, sizeof(p));
	PROP_FILL(&p, m);
	p.deviceNumaConfig = A(m, 130);
	p.deviceNumaId = A(m, 131);
	p.mpsEnabled = A(m, 133);
	p.hostNumaId = A(m, 134);
	p.gpuPciDeviceID = (unsigned)A(m, 139);
	p.gpuPciSubsystemID = (unsigned)A(m, 140);
	p.hostNumaMultinodeIpcSupported = A(m, 143);
	return machine_host_write(m, addr, &p, sizeof(p));
}

/* ---- occupancy (the CUDA occupancy calculator's rules for compute capability 7.0 and later) */

uint64_t runtime_kernel_shared(const struct ir_module *mod, uint32_t fidx)
{
	uint8_t *fseen = xcalloc(mod->nfuncs ? mod->nfuncs : 1, 1);
	uint8_t *oseen = xcalloc(mod->nobjs ? mod->nobjs : 1, 1);
	uint32_t *stack = xmalloc((mod->nfuncs ? mod->nfuncs : 1) * sizeof(uint32_t));
	uint32_t sp = 0;
	fseen[fidx] = 1;
	stack[sp++] = fidx;
	while (sp) {
		const struct ir_func *fn = &mod->funcs[stack[--sp]];
		for (uint32_t i = 0; i < fn->ncode; i++) {
			const struct ir_insn *in = &fn->code[i];
			if (in->op == IR_GADDR && in->imm >= 0 && (uint64_t)in->imm < mod->nobjs)
				oseen[in->imm] = 1;
			else if ((in->op == IR_CALL || in->op == IR_FADDR) && in->imm >= 0 &&
				 (uint64_t)in->imm < mod->nfuncs && !fseen[in->imm]) {
				fseen[in->imm] = 1;
				stack[sp++] = (uint32_t)in->imm;
			}
		}
	}
	uint64_t off = 0;
	for (uint32_t i = 0; i < mod->nobjs; i++) {
		const struct ir_object *o = &mod->objs[i];
		if (!oseen[i] || o->kind != OBJ_SHARED || o->dynamic)
			continue;
		uint64_t al = o->align ? o->align : 1;
		off = (off + al - 1) / al * al + o->size;
	}
	free(fseen);
	free(oseen);
	free(stack);
	return off;
}

/*
 * Registers per thread of a kernel. warpstep allocates no registers, so this
 * is an estimate, fixed per kernel: the register pressure of its code as
 * lowered (ir_estimate_regs: the 32-bit registers live at once, inlined
 * calls included), which is near what ptxas reports for course kernels,
 * rounded up to the allocation unit of 8; without one (a module not from
 * the front end), a quarter of its IR registers. At least 16 and at most 64
 * (so that no estimate makes a 1024-thread launch fail), and no more than
 * __launch_bounds__ lets fit.
 */
static int kernel_regs(const struct ir_func *fn)
{
	uint32_t nr = fn->nregs_lowered ? fn->nregs_lowered : fn->nregs; /* ir_optimize changes no estimate */
	int r = fn->reg_pressure ? (int)((fn->reg_pressure + 7u) / 8 * 8) : (int)((nr / 4 + 7) / 8 * 8);
	r = r < 16 ? 16 : r > 64 ? 64 : r;
	if (fn->launch_bounds_max > 0) {
		int cap = 65536 / (((fn->launch_bounds_max + 31) / 32 * 32) *
				   (fn->launch_bounds_min > 0 ? fn->launch_bounds_min : 1));
		cap = cap / 8 * 8;
		if (cap >= 16 && r > cap)
			r = cap;
	}
	return r;
}

static const struct ir_func *kernel_of(struct machine *m, uint64_t f)
{
	uint64_t idx = (ADDR_OFF(f) >> 4) - 1;
	if (ADDR_TAG(f) != TAG_CODE || idx >= m->mod->nfuncs || !(m->mod->funcs[idx].kind & FN_KERNEL))
		return NULL;
	return &m->mod->funcs[idx];
}

/* the largest block a kernel can be launched with */
static int kernel_max_threads(const struct ir_func *fn)
{
	int t = 65536 / kernel_regs(fn) / 32 * 32;
	if (t > 1024)
		t = 1024;
	if (fn->launch_bounds_max > 0 && t > fn->launch_bounds_max)
		t = fn->launch_bounds_max;
	return t;
}

/* blocks of `threads` threads and `dyn` bytes of dynamic shared memory resident on one SM */
static int occupancy(struct machine *m, const struct ir_func *fn, int threads, uint64_t dyn)
{
	const struct device_profile *d = m->o.device;
	if (threads <= 0 || threads > kernel_max_threads(fn))
		return 0;
	int warps = (threads + 31) / 32;
	int by_warps = d->threads_per_sm / 32 / warps;
	int regs_warp = (kernel_regs(fn) * 32 + 255) / 256 * 256;
	int by_regs = 65536 / regs_warp / 4 * 4 / warps;
	uint64_t sh = m->rt.fn_shared[fn - m->mod->funcs] + dyn;
	/* above 48 KiB a block fits only once the kernel opted in with
	 * cudaFuncSetAttribute(MaxDynamicSharedMemorySize) (0 on an H100 else) */
	size_t fi = (size_t)(fn - m->mod->funcs);
	uint64_t lim = m->rt.fn_maxdyn[fi] ? (uint64_t)d->smem_optin : 49152;
	uint64_t dynlim = m->rt.fn_maxdyn[fi] ? m->rt.fn_maxdyn[fi] : 49152;
	if (sh > lim || dyn > dynlim)
		return 0;
	uint64_t alloc = (sh + (d->major >= 8 ? 1024 : 0) + 127) / 128 * 128;
	uint64_t by_smem = alloc ? (uint64_t)d->smem_per_sm / alloc : UINT32_MAX;
	uint64_t n = (uint64_t)m->o.max_blocks_per_sm;
	if ((uint64_t)by_warps < n)
		n = (uint64_t)by_warps;
	if ((uint64_t)by_regs < n)
		n = (uint64_t)by_regs;
	if (by_smem < n)
		n = by_smem;
	return (int)n;
}

/* cudaOccupancyMaxPotentialBlockSize(minGrid, block, func, dynamicSMem, blockSizeLimit) */
static int occ_potential(struct machine *m, const uint64_t *a)
{
	const struct ir_func *fn = kernel_of(m, a[2]);
	if (!fn)
		return E_DEVFN;
	int max = kernel_max_threads(fn), best = 0, best_bs = 0, best_blocks = 0;
	if ((int32_t)a[4] > 0 && (int32_t)a[4] < max)
		max = (int32_t)a[4];
	for (int aligned = (max + 31) / 32 * 32; aligned > 0; aligned -= 32) {
		int bs = aligned < max ? aligned : max;
		int n = occupancy(m, fn, bs, a[3]);
		if (n * bs > best) {
			best = n * bs;
			best_bs = bs;
			best_blocks = n;
		}
		if (best == m->o.device->threads_per_sm)
			break;
	}
	if (put32(m, a[0], (uint32_t)(best_blocks * m->o.num_sms)) || put32(m, a[1], (uint32_t)best_bs))
		return E_INVAL;
	return E_OK;
}

/* cudaFuncAttributes (driver_types.h, CUDA 12 and 13) */
struct func_attrs {
	uint64_t sharedSizeBytes, constSizeBytes, localSizeBytes;
	int32_t maxThreadsPerBlock, numRegs, ptxVersion, binaryVersion, cacheModeCA;
	int32_t maxDynamicSharedSizeBytes, preferredShmemCarveout, clusterDimMustBeSet;
	int32_t requiredClusterWidth, requiredClusterHeight, requiredClusterDepth;
	int32_t clusterSchedulingPolicyPreference, nonPortableClusterSizeAllowed;
	int32_t reserved[16];
};

static int func_attributes(struct machine *m, const uint64_t *a)
{
	const struct ir_func *fn = kernel_of(m, a[1]);
	if (!fn)
		return E_DEVFN;
	struct func_attrs f;
	memset(&f, 0, sizeof(f));
	uint64_t idx = (ADDR_OFF(a[1]) >> 4) - 1;
	f.sharedSizeBytes = m->rt.fn_shared[idx];
	f.localSizeBytes = fn->frame_size;
	f.maxThreadsPerBlock = kernel_max_threads(fn);
	f.numRegs = kernel_regs(fn);
	f.ptxVersion = f.binaryVersion = m->o.device->major * 10 + m->o.device->minor;
	f.maxDynamicSharedSizeBytes = m->rt.fn_maxdyn[idx] ? (int32_t)m->rt.fn_maxdyn[idx]
				      : (int32_t)(49152 - m->rt.fn_shared[idx]);
	f.preferredShmemCarveout = -1;
	return machine_host_write(m, a[0], &f, sizeof(f)) ? E_INVAL : E_OK;
}

/* ---- CUDA graphs: stream capture and explicit nodes, run in creation order */

/*
 * A node can only depend on nodes created before it, so the order of
 * creation is a topological order: warpstep runs a graph's nodes one after
 * the other, in that order, on its one device queue. Kernel nodes are
 * queued, copy and memset nodes wait for the queue, host nodes go back to
 * the program (cudaGraphLaunch in cuda_runtime.h calls them).
 */
enum { GN_KERNEL, GN_COPY, GN_SET, GN_HOST, GN_ALLOC, GN_FREE, GN_COND };
enum { COND_IF, COND_WHILE, COND_SWITCH };
#define GNODE_DEPS 8
#define COND_BODIES 16  /* the most body graphs of a conditional node (a SWITCH's size) */
#define COND_NEST 8     /* conditional nodes nested in each other's bodies */
struct gnode {
	int kind;
	uint32_t deps[GNODE_DEPS]; /* the first GNODE_DEPS dependencies (node indices) */
	uint32_t ndeps;
	int reused;             /* GN_FREE: an allocation node after it took its address */
	struct launch l;        /* GN_KERNEL (l.param owned) */
	uint64_t dst, src, n;   /* GN_COPY: bytes; GN_SET: elements of esize, rows of pitch;
				 * GN_ALLOC, GN_FREE: the allocation (dst) and, GN_ALLOC, its size */
	uint64_t pitch, height;
	uint32_t value, esize;
	int dir;
	uint64_t fn, data;      /* GN_HOST */
	uint64_t handle;        /* GN_COND: the conditional handle, its type and body graphs */
	int cond_type;
	uint32_t nbodies, bodies[COND_BODIES];
};
struct ws_graph {
	VEC(struct gnode) nodes;
	int freed;
	/* an executable graph while it runs: the conditional bodies entered
	 * (graph, cursor, the conditional node's index in the graph around it) */
	int started, depth;
	uint32_t fr_graph[COND_NEST], fr_cur[COND_NEST], fr_node[COND_NEST];
	uint32_t src;           /* the graph it was instantiated from */
};

/* conditional handles (cudaGraphConditionalHandleCreate): handle i + 1 */
struct cond_rec {
	uint32_t graph, value, dflt;
	int assign_default;
};

static uint64_t graph_handle(size_t i) { return ADDR(0x7d, (uint64_t)(i + 1) << 4); }
static uint64_t node_handle(size_t g, size_t i) { return ADDR(0x7c, ((uint64_t)g << 24 | (i + 1)) << 4); }

static struct ws_graph *graph_of(struct machine *m, uint64_t h, size_t *idx)
{
	uint64_t i = (ADDR_OFF(h) >> 4) - 1;
	if (ADDR_TAG(h) != 0x7d || i >= m->rt.graphs.len || m->rt.graphs.v[i]->freed)
		return NULL;
	if (idx)
		*idx = i;
	return m->rt.graphs.v[i];
}

static size_t graph_new(struct machine *m)
{
	struct ws_graph *g = xcalloc(1, sizeof(*g));
	vec_push(&m->rt.graphs, g);
	return m->rt.graphs.len - 1;
}

static void graph_free(struct ws_graph *g)
{
	for (size_t i = 0; i < g->nodes.len; i++)
		if (g->nodes.v[i].kind == GN_KERNEL)
			free(g->nodes.v[i].l.param);
	vec_free(&g->nodes);
	g->freed = 1;
}

void runtime_clone(struct machine *d, const struct machine *s)
{
	memset(&d->rt.gmem, 0, sizeof(d->rt.gmem));
	for (size_t i = 0; i < s->rt.gmem.len; i++)
		vec_push(&d->rt.gmem, s->rt.gmem.v[i]);
	memset(&d->rt.conds, 0, sizeof(d->rt.conds));
	for (size_t i = 0; i < s->rt.conds.len; i++)
		vec_push(&d->rt.conds, s->rt.conds.v[i]);
	memset(&d->rt.graphs, 0, sizeof(d->rt.graphs));
	for (size_t i = 0; i < s->rt.graphs.len; i++) {
		const struct ws_graph *o = s->rt.graphs.v[i];
		struct ws_graph *g = xcalloc(1, sizeof(*g));

		g->freed = o->freed;
		g->started = o->started;
		g->depth = o->depth;
		g->src = o->src;
		memcpy(g->fr_graph, o->fr_graph, sizeof(g->fr_graph));
		memcpy(g->fr_cur, o->fr_cur, sizeof(g->fr_cur));
		memcpy(g->fr_node, o->fr_node, sizeof(g->fr_node));
		for (size_t k = 0; k < o->nodes.len; k++) {
			struct gnode n = o->nodes.v[k];

			if (n.kind == GN_KERNEL && n.l.param) {
				uint8_t *p = xmalloc(n.l.param_size ? n.l.param_size : 1);

				memcpy(p, n.l.param, n.l.param_size);
				n.l.param = p;
			}
			vec_push(&g->nodes, n);
		}
		vec_push(&d->rt.graphs, g);
	}
}

void runtime_release(struct machine *m)
{
	for (size_t i = 0; i < m->rt.graphs.len; i++) {
		graph_free(m->rt.graphs.v[i]);
		free(m->rt.graphs.v[i]);
	}
	vec_free(&m->rt.graphs);
	vec_free(&m->rt.gmem);
	vec_free(&m->rt.conds);
}

/* add node n to graph gi; *pnode (when not 0) gets its handle */
static int graph_add(struct machine *m, size_t gi, struct gnode *n, uint64_t pnode)
{
	struct ws_graph *g = m->rt.graphs.v[gi];
	if (!pnode && g->nodes.len && !n->ndeps) /* a capture: after the node before it */
		n->deps[n->ndeps++] = (uint32_t)(g->nodes.len - 1);
	vec_push(&g->nodes, *n);
	if (pnode && put64(m, pnode, node_handle(gi, g->nodes.len - 1)))
		return E_INVAL;
	return E_OK;
}

/* n's dependencies from the program's array of ndeps node handles of graph gi */
static int graph_deps(struct machine *m, size_t gi, struct gnode *n, uint64_t deps, uint64_t ndeps)
{
	for (uint64_t i = 0; i < ndeps; i++) {
		uint64_t h;
		if (machine_host_read(m, deps + 8 * i, &h, 8))
			return E_INVAL;
		uint64_t k = (ADDR_OFF(h) >> 4) & 0xffffff;
		if (ADDR_TAG(h) != 0x7c || (ADDR_OFF(h) >> 28) != gi || !k || k > m->rt.graphs.v[gi]->nodes.len)
			return E_INVAL;
		if (n->ndeps < GNODE_DEPS)
			n->deps[n->ndeps++] = (uint32_t)(k - 1);
	}
	return E_OK;
}

/*
 * ---- graph memory: allocation and free nodes (cudaGraphAddMemAllocNode,
 * cudaMallocAsync and cudaFreeAsync in a stream capture).
 *
 * An allocation node's address is fixed when the node is made, as CUDA
 * does: a fresh one, or, when the node depends on a free node of the same
 * graph that freed an allocation of this graph at least as large, that
 * address again (CUDA's virtual address reuse; each freed address is taken
 * once). The memory is valid from when the node runs until a free node, or
 * cudaFree/cudaFreeAsync, frees it; outside that it is freed memory, and
 * the checkers say so. The physical memory behind it is modelled as a
 * reservation that grows in 2 MiB units when live graph allocations need
 * more than it holds, is reused after a free, and shrinks only at
 * cudaDeviceGraphMemTrim: cudaDeviceGetGraphMemAttribute reports it.
 */
#define GMEM_UNIT (2ull << 20)

static int dev_free(struct machine *m, uint64_t p);
static uint64_t dev_capacity(const struct machine *m);

static struct gmem_rec *gmem_of(struct machine *m, uint64_t addr)
{
	for (size_t i = 0; i < m->rt.gmem.len; i++)
		if (m->rt.gmem.v[i].addr == addr)
			return &m->rt.gmem.v[i];
	return NULL;
}

/* whether node `anc` of g is node k or reached from it through dependencies */
static int gnode_reaches(const struct ws_graph *g, uint32_t k, uint32_t anc, uint8_t *seen)
{
	if (k == anc)
		return 1;
	if (k >= g->nodes.len || seen[k])
		return 0;
	seen[k] = 1;
	const struct gnode *n = &g->nodes.v[k];
	for (uint32_t i = 0; i < n->ndeps; i++)
		if (gnode_reaches(g, n->deps[i], anc, seen))
			return 1;
	return 0;
}

/* n (GN_ALLOC of n->n bytes, its dependencies set) gets its address: n->dst */
static int gmem_node_address(struct machine *m, size_t gi, struct gnode *n)
{
	struct ws_graph *g = m->rt.graphs.v[gi];
	if (!n->n)
		return E_INVAL;
	uint8_t *seen = xcalloc(g->nodes.len + 1, 1);
	for (uint32_t k = 0; k < g->nodes.len && !n->dst; k++) {
		struct gnode *f = &g->nodes.v[k];
		if (f->kind != GN_FREE || f->reused)
			continue;
		struct gmem_rec *r = gmem_of(m, f->dst);
		int mine = 0;
		for (uint32_t j = 0; j < k && !mine; j++)
			mine = g->nodes.v[j].kind == GN_ALLOC && g->nodes.v[j].dst == f->dst;
		if (!r || !mine || r->size < n->n)
			continue;
		int reached = 0;
		for (uint32_t d = 0; d < n->ndeps && !reached; d++) {
			memset(seen, 0, g->nodes.len + 1);
			reached = gnode_reaches(g, n->deps[d], k, seen);
		}
		if (reached) {
			f->reused = 1;
			n->dst = f->dst;
		}
	}
	free(seen);
	if (n->dst)
		return E_OK;
	if (n->n > dev_capacity(m) - m->mem.dev_bytes)
		return E_NOMEM;
	struct alloc *al = machine_mem_alloc(m, TAG_GLOBAL, n->n, 256, AK_DEV_MALLOC);
	if (!al)
		return E_NOMEM;
	mem_free(&m->mem, al);  /* reserved address; valid while the graph holds it */
	struct gmem_rec r = { .addr = al->base, .size = n->n };
	vec_push(&m->rt.gmem, r);
	n->dst = al->base;
	return E_OK;
}

static uint64_t gmem_units(uint64_t size)
{
	return (size + GMEM_UNIT - 1) / GMEM_UNIT * GMEM_UNIT;
}

/* run an allocation or free node */
static int gmem_run(struct machine *m, const struct gnode *n)
{
	struct gmem_rec *r = gmem_of(m, n->dst);
	struct alloc *a = mem_find(&m->mem, n->dst);
	if (!r || !a || a->base != n->dst)
		return E_INVAL;
	if (n->kind == GN_FREE) {
		if (!r->live)
			return E_INVAL;
		return dev_free(m, n->dst);
	}
	if (r->live || mem_revive(&m->mem, a))
		return E_INVAL;    /* still allocated: a graph launched again before its free */
	machine_mem_undefined(m, a);
	r->live = 1;
	m->rt.gmem_in_use += gmem_units(r->size);
	if (m->rt.gmem_reserved < m->rt.gmem_in_use)
		m->rt.gmem_reserved = m->rt.gmem_in_use;
	if (m->rt.gmem_reserved_high < m->rt.gmem_reserved)
		m->rt.gmem_reserved_high = m->rt.gmem_reserved;
	if (m->rt.gmem_used_high < m->rt.gmem_reserved)
		m->rt.gmem_used_high = m->rt.gmem_reserved;
	return E_OK;
}

static int capturing(struct machine *m, uint64_t stream)
{
	if (!m->rt.capturing)
		return 0;
	if (stream == m->rt.capture_stream)
		return 1;
	for (int i = 0; i < m->rt.ncapture_joined; i++)
		if (m->rt.capture_joined[i] == stream)
			return 1;
	return 0;
}

/* a launch on the stream being captured becomes a kernel node: 1, else 0 */
static int capture_launch(struct machine *m, struct launch *l)
{
	if (!capturing(m, l->stream))
		return 0;
	struct gnode n;
	memset(&n, 0, sizeof(n));
	n.kind = GN_KERNEL;
	n.l = *l;
	graph_add(m, m->rt.capture_graph, &n, 0);
	return 1;
}

/* cudaGraphAddKernelNode(pNode, graph, deps, ndeps, const cudaKernelNodeParams *) */
static int graph_kernel_node(struct machine *m, const uint64_t *a)
{
	size_t gi;
	uint8_t kp[56];
	if (!graph_of(m, a[1], &gi) || machine_host_read(m, a[4], kp, sizeof(kp)))
		return E_INVAL;
	uint64_t func, args;
	memcpy(&func, kp, 8);
	memcpy(&args, kp + 40, 8);
	const struct ir_func *fn = kernel_of(m, func);
	if (!fn)
		return E_DEVFN;
	struct gnode n;
	memset(&n, 0, sizeof(n));
	n.kind = GN_KERNEL;
	n.l.fidx = (int32_t)(fn - m->mod->funcs);
	memcpy(n.l.grid, kp + 8, 12);
	memcpy(n.l.block, kp + 20, 12);
	uint32_t sh;
	memcpy(&sh, kp + 32, 4);
	n.l.shmem = sh;
	int e = launch_check(m, &n.l);
	if (!e)
		e = graph_deps(m, gi, &n, a[2], a[3]);
	if (e)
		return e;
	n.l.param_size = param_total(fn);
	n.l.param = xcalloc(1, n.l.param_size ? n.l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams; k++) {
		uint32_t off, sz;
		uint64_t p;
		param_layout(fn, k, &off, &sz);
		if (machine_host_read(m, args + 8 * k, &p, 8) || machine_host_read(m, p, n.l.param + off, sz)) {
			free(n.l.param);
			return E_INVAL;
		}
	}
	return graph_add(m, gi, &n, a[0]);
}

static struct cond_rec *cond_of(struct machine *m, uint64_t h)
{
	return h && h <= m->rt.conds.len ? &m->rt.conds.v[h - 1] : NULL;
}

void machine_graph_set_conditional(struct machine *m, uint64_t handle, uint32_t value)
{
	runtime_set_conditional(m, handle, value);
}

void runtime_set_conditional(struct machine *m, uint64_t handle, uint32_t value)
{
	struct cond_rec *c = cond_of(m, handle);
	if (c)
		c->value = value;
}

/* the body graph a conditional node runs now, or -1 */
static int64_t cond_body(struct machine *m, const struct gnode *n)
{
	struct cond_rec *c = cond_of(m, n->handle);
	uint32_t v = c ? c->value : 0;
	switch (n->cond_type) {
	case COND_IF:
		return v ? (int64_t)n->bodies[0] : n->nbodies == 2 ? (int64_t)n->bodies[1] : -1;
	case COND_WHILE:
		return v ? (int64_t)n->bodies[0] : -1;
	default:
		return v < n->nbodies ? (int64_t)n->bodies[v] : -1;
	}
}

/*
 * Run graph exec from node *cursor (a[2]): 0 and *fn (a[3]) = 0 when done, or
 * at a host node. Kernel nodes are queued; the other nodes wait for the
 * device (-1: call again once it is idle). A conditional node reads its
 * handle once the kernels before it are done and runs the body graph it
 * selects, a WHILE node until the handle is 0 after a run of its body.
 */
static int graph_run(struct machine *m, const uint64_t *a)
{
	struct ws_graph *x = graph_of(m, a[0], NULL);
	uint32_t top;
	if (!x || machine_host_read(m, a[2], &top, 4))
		return E_INVAL;
	if (!x->started) {
		x->started = 1;
		x->depth = 0;
		for (size_t i = 0; i < m->rt.conds.len; i++)
			if (m->rt.conds.v[i].assign_default && m->rt.conds.v[i].graph == x->src)
				m->rt.conds.v[i].value = m->rt.conds.v[i].dflt;
	}
	int e = E_OK;
	for (;;) {
		struct ws_graph *g = x->depth ? m->rt.graphs.v[x->fr_graph[x->depth - 1]] : x;
		uint32_t *cur = x->depth ? &x->fr_cur[x->depth - 1] : &top;
		if (*cur >= g->nodes.len) {
			if (!x->depth)
				break;
			/* a body ended: a WHILE node asks its handle again */
			struct ws_graph *pg = x->depth > 1 ? m->rt.graphs.v[x->fr_graph[x->depth - 2]] : x;
			const struct gnode *cn = &pg->nodes.v[x->fr_node[x->depth - 1]];
			if (cn->cond_type == COND_WHILE) {
				if (device_busy(m)) {
					put32(m, a[2], top);
					return -1;
				}
				if (cond_body(m, cn) >= 0) {
					*cur = 0;
					continue;
				}
			}
			x->depth--;
			(*(x->depth ? &x->fr_cur[x->depth - 1] : &top))++;
			continue;
		}
		struct gnode *n = &g->nodes.v[*cur];
		if (n->kind == GN_KERNEL) {
			struct launch l = n->l;
			l.stream = a[1];
			l.param = xmalloc(l.param_size ? l.param_size : 1);
			memcpy(l.param, n->l.param, l.param_size);
			vec_push(&m->dev.queue, l);
			(*cur)++;
			continue;
		}
		if (device_busy(m)) {
			put32(m, a[2], top);
			return -1;      /* wait for the kernels before it, then run again from here */
		}
		if (n->kind == GN_HOST) {
			if (x->depth) {
				e = E_INVAL;    /* not allowed in a conditional body */
				break;
			}
			put32(m, a[2], top + 1);
			if (put64(m, a[3], n->fn) || put64(m, a[4], n->data))
				return E_INVAL;
			return E_OK;
		} else if (n->kind == GN_COND) {
			int64_t body = cond_body(m, n);
			if (body >= 0) {
				if (x->depth == COND_NEST || (uint64_t)body >= m->rt.graphs.len ||
				    m->rt.graphs.v[body]->freed) {
					e = E_INVAL;
					break;
				}
				x->fr_graph[x->depth] = (uint32_t)body;
				x->fr_cur[x->depth] = 0;
				x->fr_node[x->depth] = *cur;
				x->depth++;
				continue;       /* the node's cursor moves on when its body is done */
			}
		} else if (n->kind == GN_COPY) {
			runtime_flush_output(m);
			e = copy_checked(m, n->dst, n->src, n->n, n->dir);
		} else if (n->kind == GN_ALLOC || n->kind == GN_FREE) {
			e = gmem_run(m, n);
		} else {
			for (uint64_t r = 0; r < n->height && n->n && !e; r++) {
				uint64_t bytes = n->n * n->esize, row = n->dst + r * n->pitch;
				int dv;
				uint8_t *p = raw(m, row, bytes, &dv);
				if (!p || !dv) {
					e = E_INVAL;
					break;
				}
				for (uint64_t k = 0; k < n->n; k++)
					memcpy(p + k * n->esize, &n->value, n->esize);
				mark_written(m, row, bytes);
			}
		}
		if (e)
			break;
		(*cur)++;
	}
	x->started = 0;
	x->depth = 0;
	if (e)
		return e;
	put32(m, a[2], top);
	return put64(m, a[3], 0) ? E_INVAL : E_OK;
}

/* the graph runtime calls; -1: not one of them */
static struct event_rec *event_of(struct machine *m, uint64_t h);

static int rt_graph(struct machine *m, int id, const uint64_t *a, uint64_t *ret)
{
	size_t gi;
	struct gnode n;
	memset(&n, 0, sizeof(n));
	switch (id) {
	case BI_cudaGraphCreate:
		return put64(m, a[0], graph_handle(graph_new(m))) ? E_INVAL : E_OK;
	case BI_cudaStreamBeginCapture:
		if (m->rt.capturing)
			return E_INVAL;
		m->rt.capture_graph = (uint32_t)graph_new(m);
		m->rt.capture_stream = a[0];
		m->rt.capturing = 1;
		m->rt.ncapture_joined = 0;
		return E_OK;
	case BI_cuda__wsBeginCaptureToGraph:
		if (m->rt.capturing || !graph_of(m, a[1], &gi))
			return E_INVAL;
		m->rt.capture_graph = (uint32_t)gi;
		m->rt.capture_stream = a[0];
		m->rt.capturing = 1;
		m->rt.ncapture_joined = 0;
		return E_OK;
	case BI_cudaStreamEndCapture:
		if (!capturing(m, a[0]))
			return E_INVAL;
		m->rt.capturing = 0;
		m->rt.ncapture_joined = 0;
		if (!a[1])
			return E_OK;    /* cudaStreamBeginCaptureToGraph: the graph is the program's */
		return put64(m, a[1], graph_handle(m->rt.capture_graph)) ? E_INVAL : E_OK;
	case BI_cuda__wsCaptureInfo: {
		/* status, id, graph, the dependencies (the last node: a CUDA-owned
		 * array of one, runtime memory), their count */
		int on = capturing(m, a[0]);
		struct ws_graph *cg = on ? m->rt.graphs.v[m->rt.capture_graph] : NULL;
		size_t nn = cg ? cg->nodes.len : 0;
		if (!m->rt.capture_deps)
			m->rt.capture_deps = mem_alloc(&m->mem, TAG_HOST, 8, 16, AK_STRING)->base;
		uint64_t last = nn ? node_handle(m->rt.capture_graph, nn - 1) : 0;
		if (put64(m, m->rt.capture_deps, last) || put32(m, a[1], on ? 1 : 0) ||
		    (a[2] && put64(m, a[2], on ? m->rt.capture_graph + 1 : 0)) ||
		    (a[3] && put64(m, a[3], on ? graph_handle(m->rt.capture_graph) : 0)) ||
		    (a[4] && put64(m, a[4], m->rt.capture_deps)) || (a[5] && put64(m, a[5], nn ? 1 : 0)))
			return E_INVAL;
		return E_OK;
	}
	case BI_cudaGraphConditionalHandleCreate: {
		if (!graph_of(m, a[1], &gi) || (a[3] & ~1ull))
			return E_INVAL;
		struct cond_rec c = { .graph = (uint32_t)gi, .value = (uint32_t)a[2], .dflt = (uint32_t)a[2],
				      .assign_default = (int)(a[3] & 1) };
		vec_push(&m->rt.conds, c);
		return put64(m, a[0], m->rt.conds.len) ? E_INVAL : E_OK;
	}
	case BI_cuda__wsGraphAddCond: {
		/* (node, graph, deps, ndeps, handle, type, size, cudaGraph_t *bodies out) */
		if (!graph_of(m, a[1], &gi) || !cond_of(m, a[4]) || a[5] > COND_SWITCH || !a[6] ||
		    (a[5] == COND_WHILE && a[6] != 1) || (a[5] == COND_IF && a[6] > 2))
			return E_INVAL;
		if (a[6] > COND_BODIES)
			return 801;     /* cudaErrorNotSupported: more bodies than warpstep keeps */
		n.kind = GN_COND;
		n.handle = a[4];
		n.cond_type = (int)a[5];
		n.nbodies = (uint32_t)a[6];
		if (graph_deps(m, gi, &n, a[2], a[3]))
			return E_INVAL;
		/* the CUDA-owned array of body graphs (runtime memory, as the error strings) */
		struct alloc *arr = mem_alloc(&m->mem, TAG_HOST, 8 * n.nbodies, 16, AK_STRING);
		for (uint32_t i = 0; i < n.nbodies; i++) {
			n.bodies[i] = (uint32_t)graph_new(m);
			uint64_t h = graph_handle(n.bodies[i]);
			memcpy(arr->data + 8 * i, &h, 8);
		}
		if (put64(m, a[7], arr->base))
			return E_INVAL;
		return graph_add(m, gi, &n, a[0]);
	}
	case BI_cuda__wsCaptureJoin: {
		/* cudaStreamWaitEvent on an event recorded in the capture: the
		 * waiting stream's work joins the graph (the fork of a capture
		 * onto other streams) */
		struct event_rec *r = event_of(m, a[1]);
		if (!r)
			return E_HANDLE;
		if (m->rt.capturing && r->in_capture && !capturing(m, a[0]) && m->rt.ncapture_joined < 8)
			m->rt.capture_joined[m->rt.ncapture_joined++] = a[0];
		return E_OK;
	}
	case BI_cudaStreamIsCapturing:
		return put32(m, a[1], capturing(m, a[0]) ? 1 : 0) ? E_INVAL : E_OK;
	case BI_cuda__wsCaptureHostFunc:
		n.kind = GN_HOST;
		n.fn = a[1];
		n.data = a[2];
		return graph_add(m, m->rt.capture_graph, &n, 0);
	case BI_cudaGraphAddKernelNode:
		return graph_kernel_node(m, a);
	case BI_cudaGraphAddMemcpyNode1D:
		if (!graph_of(m, a[1], &gi))
			return E_INVAL;
		n.kind = GN_COPY;
		n.dst = a[4];
		n.src = a[5];
		n.n = a[6];
		n.dir = (int)a[7];
		if (graph_deps(m, gi, &n, a[2], a[3]))
			return E_INVAL;
		return graph_add(m, gi, &n, a[0]);
	case BI_cudaGraphAddMemsetNode: {
		uint8_t mp[40];
		if (!graph_of(m, a[1], &gi) || machine_host_read(m, a[4], mp, sizeof(mp)))
			return E_INVAL;
		n.kind = GN_SET;
		memcpy(&n.dst, mp, 8);
		memcpy(&n.pitch, mp + 8, 8);
		memcpy(&n.value, mp + 16, 4);
		memcpy(&n.esize, mp + 20, 4);
		memcpy(&n.n, mp + 24, 8);
		memcpy(&n.height, mp + 32, 8);
		if ((n.esize != 1 && n.esize != 2 && n.esize != 4) || (n.height > 1 && n.pitch < n.n * n.esize) ||
		    graph_deps(m, gi, &n, a[2], a[3]))
			return E_INVAL;
		return graph_add(m, gi, &n, a[0]);
	}
	case BI_cudaGraphAddHostNode: {
		uint64_t hp[2];
		if (!graph_of(m, a[1], &gi) || machine_host_read(m, a[4], hp, sizeof(hp)))
			return E_INVAL;
		n.kind = GN_HOST;
		n.fn = hp[0];
		n.data = hp[1];
		if (graph_deps(m, gi, &n, a[2], a[3]))
			return E_INVAL;
		return graph_add(m, gi, &n, a[0]);
	}
	case BI_cuda__wsGraphAddMemAlloc: {
		if (!graph_of(m, a[1], &gi))
			return E_INVAL;
		n.kind = GN_ALLOC;
		n.n = a[4];
		int e = graph_deps(m, gi, &n, a[2], a[3]);
		if (!e)
			e = gmem_node_address(m, gi, &n);
		if (!e && put64(m, a[5], n.dst))
			e = E_INVAL;
		return e ? e : graph_add(m, gi, &n, a[0]);
	}
	case BI_cudaGraphAddMemFreeNode: {
		if (!graph_of(m, a[1], &gi))
			return E_INVAL;
		n.kind = GN_FREE;
		n.dst = a[4];
		if (!gmem_of(m, n.dst) || graph_deps(m, gi, &n, a[2], a[3]))
			return E_INVAL;
		return graph_add(m, gi, &n, a[0]);
	}
	case BI_cuda__wsMallocAsync: {
		if (!capturing(m, a[2]))
			return -1;
		n.kind = GN_ALLOC;
		n.n = a[1];
		int e = gmem_node_address(m, m->rt.capture_graph, &n);
		if (!e && put64(m, a[0], n.dst))
			e = E_INVAL;
		return e ? e : graph_add(m, m->rt.capture_graph, &n, 0);
	}
	case BI_cuda__wsFreeAsync: {
		if (!capturing(m, a[1]))
			return -1;
		n.kind = GN_FREE;
		n.dst = a[0];
		if (!gmem_of(m, n.dst))
			return E_INVAL;
		return graph_add(m, m->rt.capture_graph, &n, 0);
	}
	case BI_cudaDeviceGetGraphMemAttribute: {
		uint64_t v;
		switch (a[1]) {
		case 0: v = m->rt.gmem_reserved; break;       /* cudaGraphMemAttrUsedMemCurrent */
		case 1: v = m->rt.gmem_used_high; break;      /* cudaGraphMemAttrUsedMemHigh */
		case 2: v = m->rt.gmem_reserved; break;       /* cudaGraphMemAttrReservedMemCurrent */
		case 3: v = m->rt.gmem_reserved_high; break;  /* cudaGraphMemAttrReservedMemHigh */
		default: return E_INVAL;
		}
		if ((int)a[0] != 0)
			return E_DEVICE;
		return put64(m, a[2], v) ? E_INVAL : E_OK;
	}
	case BI_cudaDeviceSetGraphMemAttribute: {
		uint64_t v;
		if ((int)a[0] != 0)
			return E_DEVICE;
		if ((a[1] != 1 && a[1] != 3) || machine_host_read(m, a[2], &v, 8) || v)
			return E_INVAL; /* only the high watermarks, only reset to 0 */
		if (a[1] == 1)
			m->rt.gmem_used_high = m->rt.gmem_reserved;
		else
			m->rt.gmem_reserved_high = m->rt.gmem_reserved;
		return E_OK;
	}
	case BI_cudaDeviceGraphMemTrim: {
		if ((int)a[0] != 0)
			return E_DEVICE;
		m->rt.gmem_reserved = m->rt.gmem_in_use;
		return E_OK;
	}
	case BI_cudaGraphGetNodes: {
		struct ws_graph *g = graph_of(m, a[0], &gi);
		uint64_t cnt;
		if (!g || machine_host_read(m, a[2], &cnt, 8))
			return E_INVAL;
		for (uint64_t i = 0; a[1] && i < cnt && i < g->nodes.len; i++)
			if (put64(m, a[1] + 8 * i, node_handle(gi, i)))
				return E_INVAL;
		return put64(m, a[2], g->nodes.len) ? E_INVAL : E_OK;
	}
	case BI_cudaGraphInstantiate: {
		struct ws_graph *g = graph_of(m, a[1], NULL);
		if (!g)
			return E_INVAL;
		size_t ei = graph_new(m);
		struct ws_graph *x = m->rt.graphs.v[ei];
		g = m->rt.graphs.v[(ADDR_OFF(a[1]) >> 4) - 1];     /* graph_new may move the array */
		x->src = (uint32_t)((ADDR_OFF(a[1]) >> 4) - 1);
		for (size_t i = 0; i < g->nodes.len; i++) {
			struct gnode c = g->nodes.v[i];
			if (c.kind == GN_KERNEL) {
				c.l.param = xmalloc(c.l.param_size ? c.l.param_size : 1);
				memcpy(c.l.param, g->nodes.v[i].l.param, c.l.param_size);
			}
			vec_push(&x->nodes, c);
		}
		return put64(m, a[0], graph_handle(ei)) ? E_INVAL : E_OK;
	}
	case BI_cudaGraph__wsRun: {
		int e = graph_run(m, a);
		if (e < 0)
			return -2;
		return e;
	}
	case BI_cudaGraphDestroy: case BI_cudaGraphExecDestroy: {
		struct ws_graph *g = graph_of(m, a[0], NULL);
		if (!g)
			return E_INVAL;
		graph_free(g);
		return E_OK;
	}
	default:
		return -1;
	}
}

/* ---- glibc's random_r (TYPE_3), so rand() sequences match a real run */

static void rand_seed(struct machine *m, uint32_t seed)
{
	int32_t *r = (int32_t *)m->rnd.rand_state;
	if (seed == 0)
		seed = 1;
	r[0] = (int32_t)seed;
	for (int i = 1; i < 31; i++) {
		int32_t word = r[i - 1];
		int32_t hi = word / 127773, lo = word % 127773;
		word = 16807 * lo - 2836 * hi;
		if (word < 0)
			word += 2147483647;
		r[i] = word;
	}
	for (int i = 31; i < 34; i++)
		r[i] = r[i - 31];
	m->rnd.rand_i = 34;
	for (int i = 34; i < 344; i++) {
		uint32_t *u = m->rnd.rand_state;
		u[i] = u[i - 31] + u[i - 3];
	}
	m->rnd.rand_i = 344;
	m->rnd.rand_seeded = 1;
}

int32_t runtime_rand(struct machine *m)
{
	if (!m->rnd.rand_seeded)
		rand_seed(m, 1);
	uint32_t *u = m->rnd.rand_state;
	/* keep a ring of the last 344 values */
	uint32_t v = u[(m->rnd.rand_i - 31) % 344] + u[(m->rnd.rand_i - 3) % 344];
	u[m->rnd.rand_i % 344] = v;
	m->rnd.rand_i++;
	if (m->rnd.rand_i >= 2 * 344)
		m->rnd.rand_i -= 344;
	return (int32_t)(v >> 1);
}

/* ---- C library helpers */

static int read_str(struct machine *m, uint64_t addr, struct strbuf *sb)
{
	strbuf_reset(sb);
	return interp_read_str(m, m->ht.cur, 0, addr, sb);
}

static int fmt_cb(void *ctx, uint64_t addr, struct strbuf *out)
{
	struct machine *m = ctx;
	return interp_read_str(m, m->ht.cur, 0, addr, out);
}

/* format args[fi] with the variadic args after it */
static int host_format(struct machine *m, struct strbuf *out, const uint64_t *args,
		       const uint8_t *types, int nargs, int fi)
{
	struct strbuf fmt;
	strbuf_init(&fmt);
	if (read_str(m, args[fi], &fmt) < 0) {
		strbuf_release(&fmt);
		return -1;
	}
	int r = builtin_format(out, strbuf_cstr(&fmt), args + fi + 1, types + fi + 1,
			       nargs - fi - 1, fmt_cb, m);
	strbuf_release(&fmt);
	return r;
}

static uint64_t host_alloc(struct machine *m, uint64_t n, int kind)
{
	struct alloc *a = machine_mem_alloc(m, TAG_HOST, n, 16, kind);
	return a ? a->base : 0;
}

static int host_free(struct machine *m, uint64_t p)
{
	if (!p)
		return 0;
	struct alloc *a = mem_find(&m->mem, p);
	if (!a || a->base != p || ADDR_TAG(p) != TAG_HOST || a->kind != AK_HOST_MALLOC) {
		machine_finding_add(m, FK_INVALID_FREE, m->ht.cur, 1, span_of(m), p,
				    "free() of 0x%llx, which is not the start of a malloc'd block",
				    (unsigned long long)p);
		fprintf(m->io.err, "free(): invalid pointer\n");
		machine_exit(m, 134);
		return -1;
	}
	if (a->freed) {
		finding_note(machine_finding_add(m, FK_DOUBLE_FREE, m->ht.cur, 1, span_of(m), p,
						 "free() of 0x%llx, which was already freed",
						 (unsigned long long)p),
			     "first freed here", a->freed_at);
		fprintf(m->io.err, "free(): double free detected in tcache 2\n");
		machine_exit(m, 134);
		return -1;
	}
	machine_mem_free(m, a);
	a->freed_at = span_of(m);
	return 0;
}

static uint64_t strconv(struct machine *m, const uint64_t *a, int which, uint64_t *out)
{
	struct strbuf sb;
	strbuf_init(&sb);
	read_str(m, a[0], &sb);
	const char *s = strbuf_cstr(&sb);
	char *end = (char *)s;
	union { int64_t i; uint64_t u; double d; } v;
	errno = 0;
	switch (which) {
	case 0: v.i = strtol(s, &end, which == 0 ? (int)(int32_t)a[2] : 10); break;
	case 1: v.u = strtoul(s, &end, (int)(int32_t)a[2]); break;
	default: v.d = strtod(s, &end); break;
	}
	if (a[1]) {
		uint64_t e = a[0] + (uint64_t)(end - s);
		put64(m, a[1], e);
	}
	strbuf_release(&sb);
	memcpy(out, &v, 8);
	return 0;
}

/* ---- dispatch */

static int rt_cuda(struct machine *m, int id, const uint64_t *a, uint64_t *ret);
static int rt_libc(struct machine *m, int id, const uint64_t *a, const uint8_t *types, int nargs,
		   uint64_t *ret);

int runtime_call(struct machine *m, struct warp *w, const struct ir_insn *in, uint64_t *ret,
		 const uint64_t *args, const uint8_t *types)
{
	int id = (int)in->imm;
	const char *name = builtin_table[id].name;
	if (hthread_is_builtin(id))
		return hthread_call(m, w, id, args, ret);
	if (name[0] == 'c' && name[1] == 'u' && name[2] == 'd' && name[3] == 'a')
		return rt_cuda(m, id, args, ret);
	return rt_libc(m, id, args, types, in->nargs, ret);
}

/* wait for the device; then the host thread sees what the grids wrote */
#define WAIT() do { if (device_busy(m)) return 1; if (m->mm) mm_host_sync(m); } while (0)
#define STICKY() do { if (m->rt.sticky_err) { *ret = (uint64_t)m->rt.sticky_err; m->rt.last_err = m->rt.sticky_err; return 0; } } while (0)
#define RET(e) do { *ret = (uint64_t)ret_err(m, (e)); return 0; } while (0)

static uint64_t events_handle(size_t i) { return ADDR(0x7f, (i + 1) << 4); }
static uint64_t stream_handle(uint32_t i) { return ADDR(0x7e, (uint64_t)(i + 1) << 4); }

static struct event_rec *event_of(struct machine *m, uint64_t h)
{
	uint64_t i = (ADDR_OFF(h) >> 4) - 1;
	if (ADDR_TAG(h) != 0x7f || i >= m->rt.events.len)
		return NULL;
	return &m->rt.events.v[i];
}

static int dev_free(struct machine *m, uint64_t p)
{
	if (!p)
		return E_OK;
	struct alloc *a = mem_find(&m->mem, p);
	if (!a || a->base != p || (a->kind != AK_DEV_MALLOC && a->kind != AK_MANAGED)) {
		machine_finding_add(m, FK_INVALID_FREE, m->ht.cur, 1, span_of(m), p,
				    "cudaFree of 0x%llx, which is not a pointer returned by cudaMalloc",
				    (unsigned long long)p);
		return E_INVAL;
	}
	if (a->freed) {
		finding_note(machine_finding_add(m, FK_DOUBLE_FREE, m->ht.cur, 1, span_of(m), p,
						 "cudaFree of 0x%llx, which was already freed",
						 (unsigned long long)p),
			     "first freed here", a->freed_at);
		return E_INVAL;
	}
	if (a->ext && m->o.gpu)
		m->o.gpu->free(m->o.gpu->ctx, p);
	machine_mem_free(m, a);
	a->freed_at = span_of(m);
	struct gmem_rec *r = gmem_of(m, p);
	if (r && r->live) {             /* graph memory: its physical memory stays reserved */
		r->live = 0;
		m->rt.gmem_in_use -= gmem_units(r->size);
	}
	return E_OK;
}

/*
 * What cudaMalloc can hand out: the profile's memory, but at most 8 GiB, as
 * the emulated device memory is the host's own.
 */
#define EMU_MEM_CAP (8ull << 30)

static uint64_t dev_capacity(const struct machine *m)
{
	uint64_t g = m->o.device->global_mem;
	return g < EMU_MEM_CAP ? g : EMU_MEM_CAP;
}

static int dev_malloc(struct machine *m, uint64_t pp, uint64_t size, int kind)
{
	if (size > dev_capacity(m) - m->mem.dev_bytes) {     /* not dev_bytes + size: it wraps */
		put64(m, pp, 0);
		return E_NOMEM;
	}
	uint64_t v = 0;
	if (size && m->o.gpu) {
		/* run --gpu: the GPU's address, so that pointers agree (pinned
		 * host memory too: a kernel may use it, mapped) */
		uint64_t d = 0;
		int e = m->o.gpu->alloc(m->o.gpu->ctx, size, kind != AK_DEV_MALLOC, &d);
		struct alloc *a = e ? NULL : mem_alloc_at(&m->mem, d, size, kind);
		if (!a) {
			if (!e)
				m->o.gpu->free(m->o.gpu->ctx, d);
			put64(m, pp, 0);
			return e ? e : E_NOMEM;
		}
		v = a->base;
	} else if (size) {
		struct alloc *a = machine_mem_alloc(m, kind == AK_HOST_PINNED ? TAG_HOST : TAG_GLOBAL,
						size, 256, kind);
		if (!a) {
			put64(m, pp, 0);
			return E_NOMEM;
		}
		if (kind == AK_DEV_MALLOC)
			machine_mem_undefined(m, a);
		v = a->base;
	}
	if (put64(m, pp, v))
		return E_INVAL;
	return E_OK;
}

static int rt_cuda(struct machine *m, int id, const uint64_t *a, uint64_t *ret)
{
	int e = rt_graph(m, id, a, ret);
	if (e == -2)
		return 1;       /* cudaGraphLaunch waits for the device */
	if (e >= 0)
		RET(e);
	switch (id) {
	case BI_cudaGetLastError:
		*ret = (uint64_t)(m->rt.last_err ? m->rt.last_err : m->rt.sticky_err);
		m->rt.last_err = 0;
		return 0;
	case BI_cudaPeekAtLastError:
		*ret = (uint64_t)(m->rt.last_err ? m->rt.last_err : m->rt.sticky_err);
		return 0;
	case BI_cudaGetErrorString: *ret = str_addr(m, 0, (int)(int32_t)a[0]); return 0;
	case BI_cudaGetErrorName: *ret = str_addr(m, 1, (int)(int32_t)a[0]); return 0;
	case BI_cudaRuntimeGetVersion: case BI_cudaDriverGetVersion:
		RET(put32(m, a[0], m->o.cuda_version == 12 ? 12080 : 13000) ? E_INVAL : E_OK);
	case BI_cudaGetDeviceCount: RET(put32(m, a[0], 1) ? E_INVAL : E_OK);
	case BI_cudaGetDevice: RET(put32(m, a[0], 0) ? E_INVAL : E_OK);
	case BI_cudaSetDevice: RET((int32_t)a[0] == 0 ? E_OK : E_DEVICE);
	case BI_cudaGetDeviceProperties: {
		if ((int32_t)a[1] != 0)
			RET(E_DEVICE);
		RET(put_props(m, a[0]) ? E_INVAL : E_OK);
	}
	case BI_cudaMemGetInfo: {
		/* the H100 reports about 0.6 GiB less free than total with no allocation */
		uint64_t total = m->o.device->global_mem, used = m->mem.dev_bytes + ((uint64_t)529 << 20);
		if ((a[0] && put64(m, a[0], used < total ? total - used : 0)) || (a[1] && put64(m, a[1], total)))
			RET(E_INVAL);
		RET(E_OK);
	}
	case BI_cudaDeviceGetAttribute: {
		int v = 0;
		e = dev_attr(m, (int)(int32_t)a[1], &v);
		if (!e && put32(m, a[0], (uint32_t)v))
			e = E_INVAL;
		RET(e);
	}
	case BI_cudaOccupancyMaxActiveBlocksPerMultiprocessor: {
		const struct ir_func *fn = kernel_of(m, a[1]);
		if (!fn)
			RET(E_DEVFN);
		RET(put32(m, a[0], (uint32_t)occupancy(m, fn, (int)(int32_t)a[2], a[3])) ? E_INVAL : E_OK);
	}
	case BI_cudaOccupancyMaxPotentialBlockSize: RET(occ_potential(m, a));
	case BI_cudaMemcpyAsync: case BI_cudaMemsetAsync:
		if (!capturing(m, id == BI_cudaMemcpyAsync ? a[4] : a[3]))
			break;
		{
			struct gnode n;
			memset(&n, 0, sizeof(n));
			n.kind = id == BI_cudaMemcpyAsync ? GN_COPY : GN_SET;
			n.dst = a[0];
			if (id == BI_cudaMemcpyAsync) {
				n.src = a[1];
				n.n = a[2];
				n.dir = (int)a[3];
			} else {
				n.value = (uint8_t)a[1];
				n.esize = 1;
				n.n = a[2];
				n.height = 1;
			}
			RET(graph_add(m, m->rt.capture_graph, &n, 0));
		}
	case BI_cudaFuncGetAttributes: RET(func_attributes(m, a));
	case BI_cudaFuncSetAttribute: {
		uint64_t idx = (ADDR_OFF(a[0]) >> 4) - 1;
		if (ADDR_TAG(a[0]) != TAG_CODE || idx >= m->mod->nfuncs)
			RET(E_DEVFN);
		if ((int32_t)a[1] == 8) {
			if ((int32_t)a[2] < 0 || (int32_t)a[2] > m->o.device->smem_optin)
				RET(E_INVAL);
			m->rt.fn_maxdyn[idx] = (uint32_t)a[2];
		}
		RET(E_OK);
	}
	case BI_cudaDeviceSetLimit:
		switch ((int)a[0]) {
		case 0:
			/* the device reserves the stack for every thread it can hold;
			 * more than 1 MiB a thread is more than it has (an unbounded
			 * size would also make local-window arithmetic wrap) */
			if (a[1] > (1u << 20))
				RET(E_NOMEM);
			m->rt.stack_limit = a[1] < 64 * 1024 ? 64 * 1024 : a[1];
			break;
		case 1: m->rt.printf_limit = a[1]; break;
		case 2: m->rt.heap_limit = a[1]; break;
		case 3: case 4: break; /* dynamic parallelism's limits: no device launches here */
		case 5:
			if (a[1] > 128)
				RET(E_INVAL);
			break;
		case 6:
			/* the persisting L2 set-aside: kept for cudaDeviceGetLimit, at
			 * most the profile's maximum; the cache is not modelled */
			if (a[1] > (uint64_t)m->o.device->persisting_l2)
				RET(E_INVAL);
			m->rt.persist_l2_limit = a[1];
			break;
		default: RET(E_LIMIT);
		}
		RET(E_OK);
	case BI_cudaDeviceGetLimit: {
		uint64_t v;
		switch ((int)a[1]) {
		case 0: v = 1024; break;
		case 1: v = m->rt.printf_limit; break;
		case 2: v = m->rt.heap_limit; break;
		case 3: v = 2; break;
		case 4: v = 2048; break;
		case 5: v = 32; break;
		case 6: v = m->rt.persist_l2_limit; break;
		default: RET(E_LIMIT);
		}
		RET(put64(m, a[0], v) ? E_INVAL : E_OK);
	}
	default:
		break;
	}
	/* everything below fails with the sticky error after a device fault */
	switch (id) {
	case BI_cudaDeviceReset:
		WAIT();
		runtime_flush_output(m);
		for (size_t i = 0; i < m->mem.global.a.len; i++) {
			struct alloc *x = m->mem.global.a.v[i];
			if (!x->freed && (x->kind == AK_DEV_MALLOC || x->kind == AK_MANAGED || x->kind == AK_DEV_HEAP))
				machine_mem_free(m, x);
		}
		m->rt.sticky_err = m->rt.last_err = 0;
		RET(E_OK);
	case BI_cudaDeviceSynchronize:
		WAIT();
		runtime_flush_output(m);
		STICKY();
		RET(E_OK);
	case BI_cudaStreamSynchronize:
		if (!stream_ok(m, a[0]))
			RET(E_HANDLE);
		WAIT();
		runtime_flush_output(m);
		STICKY();
		RET(E_OK);
	case BI_cudaStreamQuery: case BI_cudaEventQuery:
		if (id == BI_cudaStreamQuery && !stream_ok(m, a[0]))
			RET(E_HANDLE);
		WAIT();
		STICKY();
		RET(E_OK);
	default:
		break;
	}
	switch (id) {
	case BI_cudaMemcpy: case BI_cudaMemcpy2D: case BI_cudaMemcpyToSymbol:
	case BI_cudaMemcpyFromSymbol: case BI_cudaEventSynchronize:
		/* blocking calls: wait for the device and show its output first */
		WAIT();
		runtime_flush_output(m);
		break;
	default:
		break;
	}
	STICKY();
	if ((e = texture_runtime(m, id, a)) != -2) {
		if (e == -3)
			return 1;       /* cudaFreeArray waits for the device */
		RET(e);
	}
	switch (id) {
	case BI_cudaMalloc: RET(dev_malloc(m, a[0], a[1], AK_DEV_MALLOC));
	case BI_cudaMallocManaged: RET(dev_malloc(m, a[0], a[1], AK_MANAGED));
	case BI_cudaMallocHost: case BI_cudaHostAlloc: RET(dev_malloc(m, a[0], a[1], AK_HOST_PINNED));
	case BI_cudaMallocPitch: {
		/* rows padded to 512 bytes; a width or width * height that wraps
		 * around is more memory than any device has */
		uint64_t pitch = (a[2] + 511) & ~(uint64_t)511;
		if (a[2] > UINT64_MAX - 511 || (a[3] && pitch > UINT64_MAX / a[3])) {
			put64(m, a[0], 0);
			RET(E_NOMEM);
		}
		if (put64(m, a[1], pitch))
			RET(E_INVAL);
		RET(dev_malloc(m, a[0], pitch * a[3], AK_DEV_MALLOC));
	}
	case BI_cudaFree:
		WAIT();
		RET(dev_free(m, a[0]));
	case BI_cuda__wsMallocAsync:      /* not captured: stream order is issue order here */
		RET(dev_malloc(m, a[0], a[1], AK_DEV_MALLOC));
	case BI_cuda__wsFreeAsync:
		WAIT();
		RET(dev_free(m, a[0]));
	case BI_cudaFreeHost: {
		struct alloc *x = mem_find(&m->mem, a[0]);
		if (!a[0])
			RET(E_OK);
		if (!x || x->base != a[0] || x->kind != AK_HOST_PINNED || x->freed)
			RET(E_INVAL);
		if (x->ext && m->o.gpu)
			m->o.gpu->free(m->o.gpu->ctx, a[0]);
		machine_mem_free(m, x);
		x->freed_at = span_of(m);
		RET(E_OK);
	}
	case BI_cudaMemcpy:
		WAIT();
		runtime_flush_output(m);
		RET(copy_checked(m, a[0], a[1], a[2], (int)a[3]));
	case BI_cudaMemcpyAsync:
		if (!stream_ok(m, a[4]))
			RET(E_HANDLE);
		WAIT();
		RET(copy_checked(m, a[0], a[1], a[2], (int)a[3]));
	case BI_cudaMemcpy2D: {
		WAIT();
		runtime_flush_output(m);
		if (a[1] > 2147483647 || a[3] > 2147483647)
			RET(E_PITCH);   /* over cudaDeviceProp.memPitch */
		if (a[4] > a[1] || a[4] > a[3])
			RET(E_INVAL);
		if (!a[4] || !a[5])
			RET(E_OK);
		/* the last row must be addressable: (height - 1) * pitch + width
		 * must not wrap, for either side; then each row is checked */
		if (a[5] - 1 > (UINT64_MAX - a[4]) / a[1] || a[5] - 1 > (UINT64_MAX - a[4]) / a[3])
			RET(E_INVAL);
		for (uint64_t r = 0; r < a[5]; r++)
			if ((e = copy_checked(m, a[0] + r * a[1], a[2] + r * a[3], a[4], (int)a[6])))
				RET(e);
		RET(E_OK);
	}
	case BI_cudaMemset: case BI_cudaMemsetAsync: {
		if (id == BI_cudaMemsetAsync && !stream_ok(m, a[3]))
			RET(E_HANDLE);
		WAIT();
		int dv;
		uint8_t *p = raw(m, a[0], a[2], &dv);
		if (a[2] == 0)
			RET(E_OK);
		if (!p) {
			struct alloc *x = mem_find(&m->mem, a[0]);
			if (x && !x->freed && x->dev_ok)
				finding_alloc(machine_finding_add(m, FK_OOB_GLOBAL_WRITE, m->ht.cur, 1, span_of(m), a[0],
								  "%s of %llu bytes runs %llu bytes past the end of a %llu-byte allocation",
								  builtin_table[id].name, (unsigned long long)a[2],
								  (unsigned long long)(a[2] - (x->base + x->size - a[0])),
								  (unsigned long long)x->size),
					      x->base, x->size);
			RET(E_INVAL);
		}
		if (dv == 0)
			RET(E_INVAL);
		memset(p, (int)(uint8_t)a[1], a[2]);
		mark_written(m, a[0], a[2]);
		RET(E_OK);
	}
	case BI_cudaMemcpyToSymbol: case BI_cudaMemcpyFromSymbol: {
		WAIT();
		runtime_flush_output(m);
		int to = id == BI_cudaMemcpyToSymbol;
		uint64_t sym = to ? a[0] : a[1];
		struct alloc *x = mem_find(&m->mem, sym);
		if (!x || x->obj < 0 || x->base != sym)
			RET(E_SYMBOL);
		if (!ws_range_in(0, x->size, a[3], a[2]))
			RET(E_INVAL);
		int dd, sd;
		uint8_t *s = raw(m, to ? a[1] : sym + a[3], a[2], &sd);
		uint8_t *d = raw(m, to ? sym + a[3] : a[0], a[2], &dd);
		if (!s || !d)
			RET(E_INVAL);
		memmove(d, s, a[2]);
		mark_written(m, to ? sym + a[3] : a[0], a[2]);
		RET(E_OK);
	}
	case BI_cudaGetSymbolAddress: {
		struct alloc *x = mem_find(&m->mem, a[1]);
		if (!x || x->obj < 0)
			RET(E_SYMBOL);
		RET(put64(m, a[0], a[1]) ? E_INVAL : E_OK);
	}
	case BI_cudaGetSymbolSize: {
		struct alloc *x = mem_find(&m->mem, a[1]);
		if (!x || x->obj < 0 || x->base != a[1])
			RET(E_SYMBOL);
		RET(put64(m, a[0], x->size) ? E_INVAL : E_OK);
	}
	case BI_cudaStreamCreate: case BI_cudaStreamCreateWithFlags:
		RET(put64(m, a[0], stream_handle(m->rt.nstreams++)) ? E_INVAL : E_OK);
	case BI_cudaStreamDestroy:
		RET(stream_ok(m, a[0]) ? E_OK : E_HANDLE);
	case BI_cudaEventCreate: case BI_cudaEventCreateWithFlags: {
		struct event_rec r = { 0, 0, 0, 0 };
		vec_push(&m->rt.events, r);
		RET(put64(m, a[0], events_handle(m->rt.events.len - 1)) ? E_INVAL : E_OK);
	}
	case BI_cudaEventDestroy:
		RET(event_of(m, a[0]) ? E_OK : E_HANDLE);
	case BI_cudaEventRecord: {
		struct event_rec *r = event_of(m, a[0]);
		if (!r || !stream_ok(m, a[1]))
			RET(E_HANDLE);
		r->in_capture = capturing(m, a[1]);
		WAIT();
		r->done = 1;
		r->time = m->dev.cycles;
		r->stream = a[1];
		RET(E_OK);
	}
	case BI_cudaEventSynchronize:
		if (!event_of(m, a[0]))
			RET(E_HANDLE);
		WAIT();
		runtime_flush_output(m);
		RET(E_OK);
	case BI_cudaEventElapsedTime: {
		struct event_rec *s = event_of(m, a[1]), *t = event_of(m, a[2]);
		if (!s || !t || !s->done || !t->done)
			RET(E_HANDLE);
		/* the emulated clock runs at 1 GHz: one cycle per nanosecond */
		float ms = (float)((double)(int64_t)(t->time - s->time) / 1e6);
		uint32_t bits;
		memcpy(&bits, &ms, 4);
		RET(put32(m, a[0], bits) ? E_INVAL : E_OK);
	}
	case BI_cudaLaunchCooperativeKernel:
		RET(coop_launch(m, a));
	case BI_cuda__wsLaunchKernelEx:
		RET(launch_ex(m, a[0], a[1], a[2], a[3], (int)a[4]));
	case BI_cudaLaunchKernelExC:
		RET(launch_ex(m, a[0], a[1], a[2], 0, -1));
	default:
		RET(E_OK);
	}
}

static int rt_libc(struct machine *m, int id, const uint64_t *a, const uint8_t *types, int nargs,
		   uint64_t *ret)
{
	struct strbuf sb, sb2;
	int r;
	*ret = 0;
	switch (id) {
	case BI_calloc:
		if (a[1] && a[0] > UINT64_MAX / a[1])
			return 0;       /* count * size overflows: NULL, as glibc */
		*ret = host_alloc(m, a[0] * a[1], AK_HOST_MALLOC);
		return 0;
	case BI_realloc: {
		uint64_t nb = host_alloc(m, a[1], AK_HOST_MALLOC);
		if (!nb)
			return 0;       /* the old block stays valid */
		if (a[0]) {
			struct alloc *o = mem_find(&m->mem, a[0]);
			if (o && !o->freed && o->base == a[0]) {
				struct alloc *n = mem_find(&m->mem, nb);
				memcpy(n->data, o->data, o->size < a[1] ? o->size : a[1]);
			}
			if (host_free(m, a[0]))
				return -1;
		}
		*ret = nb;
		return 0;
	}
	case BI_exit:
		fflush(m->io.out);
		machine_exit(m, (int)(int32_t)a[0] & 0xff);
		return -1;
	case BI_abort:
		machine_exit(m, 134);
		return -1;
	case BI_fprintf: case BI_sprintf: case BI_snprintf: {
		strbuf_init(&sb);
		int fi = id == BI_snprintf ? 2 : 1;
		r = host_format(m, &sb, a, types, nargs, fi);
		if (r >= 0 || sb.len) {
			if (id == BI_fprintf) {
				FILE *f = hostio_out(m, a[0]);
				if (f)
					fwrite(sb.buf, 1, sb.len, f);
			} else {
				uint64_t n = id == BI_snprintf ? a[1] : sb.len + 1;
				if (n) {
					uint64_t k = sb.len < n - 1 ? sb.len : n - 1;
					strbuf_addc(&sb, 0);
					sb.buf[k] = 0;
					uint8_t *d = host_range(m, builtin_table[id].name, a[0], k + 1, 1);
					if (!d) {
						strbuf_release(&sb);
						return -1;
					}
					memcpy(d, sb.buf, k + 1);
				}
			}
		}
		*ret = (uint64_t)(int64_t)(r < 0 ? -1 : (int)(id == BI_fprintf ? sb.len : (size_t)r));
		strbuf_release(&sb);
		return 0;
	}
	case BI_puts: case BI_fputs:
		strbuf_init(&sb);
		read_str(m, a[0], &sb);
		if (id == BI_puts) {
			strbuf_addc(&sb, '\n');
			fwrite(sb.buf, 1, sb.len, m->io.out);
		} else if (hostio_out(m, a[1])) {
			fwrite(strbuf_cstr(&sb), 1, sb.len, hostio_out(m, a[1]));
		}
		strbuf_release(&sb);
		*ret = 1;
		return 0;
	case BI_putchar:
		fputc((int)(uint8_t)a[0], m->io.out);
		*ret = (uint8_t)a[0];
		return 0;
	case BI_fflush:
		if (hostio_out(m, a[0]))
			fflush(hostio_out(m, a[0]));
		else
			fflush(m->io.out);
		return 0;
	case BI_strlen:
		strbuf_init(&sb);
		read_str(m, a[0], &sb);
		*ret = sb.len;
		strbuf_release(&sb);
		return 0;
	case BI_strcmp: case BI_strncmp: case BI_strcpy: case BI_strncpy: {
		strbuf_init(&sb);
		strbuf_init(&sb2);
		read_str(m, a[1], &sb2);
		if (id == BI_strcmp || id == BI_strncmp) {
			read_str(m, a[0], &sb);
			int c = id == BI_strcmp ? strcmp(strbuf_cstr(&sb), strbuf_cstr(&sb2))
						: strncmp(strbuf_cstr(&sb), strbuf_cstr(&sb2), a[2]);
			*ret = (uint64_t)(int64_t)(c < 0 ? -1 : c > 0);
		} else {
			/* strncpy writes exactly n bytes (the string, then zeros): a
			 * huge n runs off the end of the destination, as natively */
			uint64_t n = id == BI_strcpy ? sb2.len + 1 : a[2];
			uint8_t *d = n ? host_range(m, builtin_table[id].name, a[0], n, 1) : NULL;
			if (n && !d) {
				strbuf_release(&sb);
				strbuf_release(&sb2);
				return -1;
			}
			uint64_t k = sb2.len + 1 < n ? sb2.len + 1 : n;
			if (n) {
				memmove(d, strbuf_cstr(&sb2), k);
				memset(d + k, 0, n - k);
			}
			*ret = a[0];
		}
		strbuf_release(&sb);
		strbuf_release(&sb2);
		return 0;
	}
	case BI_strcat: case BI_strncat: {
		/* append at most n characters of s (all for strcat) and a NUL
		 * after the destination's string: that many bytes must be there */
		strbuf_init(&sb);
		strbuf_init(&sb2);
		read_str(m, a[0], &sb);
		read_str(m, a[1], &sb2);
		uint64_t k = id == BI_strncat && a[2] < sb2.len ? a[2] : sb2.len;
		uint8_t *d = host_range(m, builtin_table[id].name, a[0] + sb.len, k + 1, 1);
		if (d) {
			memmove(d, strbuf_cstr(&sb2), k);
			d[k] = 0;
		}
		strbuf_release(&sb);
		strbuf_release(&sb2);
		*ret = a[0];
		return d ? 0 : -1;
	}
	case BI_memcmp: {
		/* like the C library: compare until the first difference; reading
		 * past either buffer before one is found is a fault */
		uint64_t n = a[2], nx = 0, ny = 0, k;
		if (!n)
			return 0;
		uint8_t *x = host_span(m, a[0], &nx), *y = host_span(m, a[1], &ny);
		if (!x)
			return host_range_fault(m, "memcmp", a[0], n, 0);
		if (!y)
			return host_range_fault(m, "memcmp", a[1], n, 0);
		uint64_t can = n < nx ? n : nx;
		can = can < ny ? can : ny;
		for (k = 0; k < can && x[k] == y[k]; k++)
			;
		if (k < can) {
			*ret = (uint64_t)(int64_t)(x[k] < y[k] ? -1 : 1);
			return 0;
		}
		if (k < n)
			return host_range_fault(m, "memcmp", k < nx ? a[1] : a[0], n, 0);
		return 0;
	}
	case BI_atoi: case BI_atol: case BI_atof: {
		strbuf_init(&sb);
		read_str(m, a[0], &sb);
		if (id == BI_atof) {
			double d = atof(strbuf_cstr(&sb));
			memcpy(ret, &d, 8);
		} else {
			*ret = (uint64_t)(id == BI_atoi ? (int64_t)atoi(strbuf_cstr(&sb)) : atol(strbuf_cstr(&sb)));
		}
		strbuf_release(&sb);
		return 0;
	}
	case BI_strtol: return (int)strconv(m, a, 0, ret);
	case BI_strtoul: return (int)strconv(m, a, 1, ret);
	case BI_strtod: return (int)strconv(m, a, 2, ret);
	case BI_rand: *ret = (uint64_t)(int64_t)runtime_rand(m); return 0;
	case BI_srand: rand_seed(m, (uint32_t)a[0]); return 0;
	case BI_time:
		if (a[0])
			put64(m, a[0], 1700000000);
		*ret = 1700000000;
		return 0;
	case BI_clock_host: *ret = m->dev.cycles / 1000; return 0;
	case BI_getenv: *ret = 0; return 0;
	default:
		r = hostio_call(m, id, a, nargs, ret);
		return r == -2 ? 0 : r;
	}
}
