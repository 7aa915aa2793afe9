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

#include <errno.h>
#include <stdlib.h>
#include <string.h>

enum {
	E_OK = 0, E_INVAL = 1, E_NOMEM = 2, E_CONFIG = 9, E_PITCH = 12, E_SYMBOL = 13, E_DEVPTR = 17,
	E_DIR = 21, E_DEVFN = 98, E_DEVICE = 101, E_LIMIT = 215, E_HANDLE = 400, E_NOTREADY = 600,
	E_ILLADDR = 700, E_RESOURCES = 701, E_TIMEOUT = 702, E_ASSERT = 710, E_COOP = 720
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
	{ 21, "cudaErrorInvalidMemcpyDirection", "invalid copy direction for memcpy" },
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
	return m->grid || m->qhead < m->queue.len;
}

void runtime_flush_output(struct machine *m)
{
	if (m->dev_out.len) {
		fwrite(m->dev_out.buf, 1, m->dev_out.len, m->out);
		strbuf_reset(&m->dev_out);
		fflush(m->out);
	}
	if (m->dev_err.len) {
		fflush(m->out);
		fwrite(m->dev_err.buf, 1, m->dev_err.len, m->err);
		strbuf_reset(&m->dev_err);
	}
}

int runtime_next_launch(struct machine *m)
{
	if (m->grid)
		return 1;
	if (m->qhead >= m->queue.len) {
		m->qhead = m->queue.len = 0;
		return 0;
	}
	struct launch l = m->queue.v[m->qhead++];
	if (m->sticky_err) {
		free(l.param);
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
		struct warp *h = m->host;
		if (!ws_range_in(0, h->ls[0].sp, ADDR_OFF(addr), n))
			return NULL;
		return h->ls[0].buf + ADDR_OFF(addr);
	}
	struct alloc *a = mem_find(&m->mem, addr);
	if (!a || a->freed || !ws_range_in(a->base, a->size, addr, n))
		return NULL;
	*dev = a->dev_ok && !a->host_ok ? 1 : a->kind == AK_MANAGED ? 2 : 0;
	return a->data + (addr - a->base);
}

/* the runtime wrote [addr, addr+n): those bytes are initialized */
static void mark_written(struct machine *m, uint64_t addr, uint64_t n)
{
	struct alloc *a = mem_find(&m->mem, addr);
	if (a && a->shadow)
		mem_mark_init(a, addr - a->base, n);
}

/* the runtime copies from [addr, addr+n): warn if part was never written */
static void check_read(struct machine *m, uint64_t addr, uint64_t n);

static int ret_err(struct machine *m, int e)
{
	if (e)
		m->last_err = e;
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
	if (!m->errstr[which][slot]) {
		const char *s = which ? runtime_error_name(code) : runtime_error_string(code);
		struct alloc *a = mem_alloc(&m->mem, TAG_HOST, strlen(s) + 1, 16, AK_STRING);
		memcpy(a->data, s, strlen(s) + 1);
		m->errstr[which][slot] = a->base;
	}
	return m->errstr[which][slot];
}

static struct span span_of(struct machine *m)
{
	struct group *g = &m->host->g[0];
	return g->fr->code[g->pc].span;
}

/* The host-visible bytes at addr and how many of them follow inside the
 * same allocation (or the live host stack), as a C library function on the
 * host may touch them; NULL when addr itself is not such a byte. */
static uint8_t *host_span(struct machine *m, uint64_t addr, uint64_t *avail)
{
	*avail = 0;
	if (ADDR_TAG(addr) == TAG_HSTACK) {
		struct lstack *ls = &m->host->ls[0];
		uint64_t off = ADDR_OFF(addr);
		if (off >= ls->sp)
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
		if (interp_xlate(m, m->host, 0, addr, 1, write, span_of(m)) == NULL)
			return -1;
	}
	machine_finding_add(m, "invalid-host-access", 1, m->host, 1, span_of(m), addr,
			    "%s %s %llu bytes at 0x%llx, but only %llu bytes from there are the program's memory (%s)",
			    what, write ? "writes" : "reads", (unsigned long long)n,
			    (unsigned long long)addr, (unsigned long long)avail,
			    ADDR_TAG(addr) == TAG_HSTACK ? "the rest of the host stack" : "the rest of its block");
	fflush(m->out);
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
			f = machine_finding_add(m, "use-after-free", 1, m->host, 1, span_of(m), bad,
						"cudaMemcpy %s memory that was already freed",
						!s ? "reads" : "writes");
		else if (a)
			f = machine_finding_add(m, !s ? "oob-global-read" : "oob-global-write", 1, m->host, 1,
						span_of(m), bad,
						"cudaMemcpy of %llu bytes runs %llu bytes past the end of the %s, a %llu-byte allocation",
						(unsigned long long)n,
						(unsigned long long)(n - (a->base + a->size - bad)),
						!s ? "source" : "destination", (unsigned long long)a->size);
		else
			f = machine_finding_add(m, !s ? "oob-global-read" : "oob-global-write", 1, m->host, 1,
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
	struct alloc *a = mem_find(&m->mem, addr);
	if (a && a->shadow && !m->o.fast && !mem_is_init(a, addr - a->base, n))
		machine_finding_add(m, "uninitialized-read", 0, m->host, 1, span_of(m), addr,
				    "cudaMemcpy copies device memory that no kernel or copy has written yet (%llu bytes from offset %llu of a %llu-byte allocation)",
				    (unsigned long long)n, (unsigned long long)(addr - a->base),
				    (unsigned long long)a->size);
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
	return ADDR_TAG(s) == 0x7e && (ADDR_OFF(s) & 15) == 0 && ADDR_OFF(s) && i < m->nstreams;
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

static int launch_check(struct machine *m, struct launch *l)
{
	const struct ir_func *fn = &m->mod->funcs[l->fidx];
	int e = config_error(l->grid, l->block);
	if (e)
		return launch_code(m, e);
	uint64_t t = (uint64_t)l->block[0] * l->block[1] * l->block[2];
	if (fn->launch_bounds_max > 0 && t > (uint64_t)fn->launch_bounds_max)
		return launch_code(m, E_RESOURCES);
	uint64_t lim = m->fn_maxdyn[l->fidx] ? 232448 : 49152;
	uint64_t dynlim = m->fn_maxdyn[l->fidx] ? m->fn_maxdyn[l->fidx] : 49152;
	if (!ws_range_in(0, lim, m->mod->shared_static_size, l->shmem) || l->shmem > dynlim)
		return E_INVAL;
	if (!stream_ok(m, l->stream))
		return E_HANDLE;
	return E_OK;
}

static void launch_report(struct machine *m, struct launch *l, int e)
{
	machine_finding_add(m, "invalid-launch", 0, m->host, 1, span_of(m), 0,
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

int runtime_launch(struct machine *m, struct warp *w, const struct ir_insn *in)
{
	uint64_t *R = w->g[0].fr->r;
	struct launch l;
	memset(&l, 0, sizeof(l));
	l.fidx = (int32_t)in->imm;
	const struct ir_func *fn = &m->mod->funcs[l.fidx];
#define ARG(i) R[(size_t)in->args[i] * WS_WARP]
	for (int k = 0; k < 3; k++) {
		l.grid[k] = (uint32_t)ARG(k);
		l.block[k] = (uint32_t)ARG(3 + k);
	}
	l.shmem = in->nargs > 6 ? ARG(6) : 0;
	l.stream = in->nargs > 7 ? ARG(7) : 0;
	if (m->sticky_err)
		return 0;
	int e = launch_check(m, &l);
	if (e) {
		launch_report(m, &l, e);
		m->last_err = e;
		return 0;
	}
	l.param_size = param_total(fn);
	l.param = xcalloc(1, l.param_size ? l.param_size : 1);
	for (uint32_t k = 0; k < fn->nparams && 8 + k < in->nargs; k++) {
		uint32_t off, sz;
		param_layout(fn, k, &off, &sz);
		uint64_t v = ARG(8 + k);
		if (interp_param_aggregate(fn, k)) {
			if (machine_host_read(m, v, l.param + off, sz))
				memset(l.param + off, 0, sz);
		} else {
			memcpy(l.param + off, &v, sz < 8 ? sz : 8);
		}
	}
#undef ARG
	vec_push(&m->queue, l);
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
		m->last_err = e;
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
	vec_push(&m->queue, l);
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
	vec_push(&m->queue, l);
	return E_OK;
}

/* ---- device properties */

struct cudaDeviceProp {
	char name[256];
	size_t totalGlobalMem;
	size_t sharedMemPerBlock;
	int regsPerBlock;
	int warpSize;
	size_t memPitch;
	int maxThreadsPerBlock;
	int maxThreadsDim[3];
	int maxGridSize[3];
	int clockRate;
	size_t totalConstMem;
	int major;
	int minor;
	size_t textureAlignment;
	int deviceOverlap;
	int multiProcessorCount;
	int kernelExecTimeoutEnabled;
	int integrated;
	int canMapHostMemory;
	int computeMode;
	int concurrentKernels;
	int ECCEnabled;
	int pciBusID;
	int pciDeviceID;
	int asyncEngineCount;
	int unifiedAddressing;
	int memoryClockRate;
	int memoryBusWidth;
	int l2CacheSize;
	int maxThreadsPerMultiProcessor;
	size_t sharedMemPerMultiprocessor;
	int regsPerMultiprocessor;
	int managedMemory;
	int isMultiGpuBoard;
	int cooperativeLaunch;
	size_t sharedMemPerBlockOptin;
	int maxBlocksPerMultiProcessor;
	int reserved[64];
};

#define GLOBAL_MEM (8ull << 30)

static void fill_props(struct machine *m, struct cudaDeviceProp *p)
{
	memset(p, 0, sizeof(*p));
	snprintf(p->name, sizeof(p->name), "warpstep emulated GPU (sm_90)");
	p->totalGlobalMem = GLOBAL_MEM;
	p->sharedMemPerBlock = 49152;
	p->regsPerBlock = 65536;
	p->warpSize = 32;
	p->memPitch = 2147483647;
	p->maxThreadsPerBlock = 1024;
	p->maxThreadsDim[0] = 1024; p->maxThreadsDim[1] = 1024; p->maxThreadsDim[2] = 64;
	p->maxGridSize[0] = 2147483647; p->maxGridSize[1] = 65535; p->maxGridSize[2] = 65535;
	p->clockRate = 1000000;
	p->totalConstMem = 65536;
	p->major = 9;
	p->minor = 0;
	p->textureAlignment = 512;
	p->deviceOverlap = 1;
	p->multiProcessorCount = m->o.num_sms;
	p->canMapHostMemory = 1;
	p->concurrentKernels = 1;
	p->asyncEngineCount = 2;
	p->unifiedAddressing = 1;
	p->memoryClockRate = 2619000;
	p->memoryBusWidth = 5120;
	p->l2CacheSize = 52428800;
	p->maxThreadsPerMultiProcessor = 2048;
	p->sharedMemPerMultiprocessor = 233472;
	p->regsPerMultiprocessor = 65536;
	p->managedMemory = 1;
	p->cooperativeLaunch = 1;
	p->sharedMemPerBlockOptin = 232448;
	p->maxBlocksPerMultiProcessor = m->o.max_blocks_per_sm;
}

static int dev_attr(struct machine *m, int attr, int *v)
{
	struct cudaDeviceProp p;
	fill_props(m, &p);
	switch (attr) {
	case 1: *v = p.maxThreadsPerBlock; break;
	case 2: case 3: case 4: *v = p.maxThreadsDim[attr - 2]; break;
	case 5: case 6: case 7: *v = p.maxGridSize[attr - 5]; break;
	case 8: *v = (int)p.sharedMemPerBlock; break;
	case 9: *v = (int)p.totalConstMem; break;
	case 10: *v = 32; break;
	case 12: *v = p.regsPerBlock; break;
	case 13: *v = p.clockRate; break;
	case 16: *v = p.multiProcessorCount; break;
	case 31: *v = 1; break;
	case 36: *v = p.memoryClockRate; break;
	case 37: *v = p.memoryBusWidth; break;
	case 38: *v = p.l2CacheSize; break;
	case 39: *v = 2048; break;
	case 41: *v = 1; break;
	case 75: *v = 9; break;
	case 76: *v = 0; break;
	case 81: *v = (int)p.sharedMemPerMultiprocessor; break;
	case 83: *v = 1; break;
	case 95: *v = 1; break;
	case 97: *v = (int)p.sharedMemPerBlockOptin; break;
	case 106: *v = p.maxBlocksPerMultiProcessor; break;
	default: return E_INVAL;
	}
	return E_OK;
}

/* ---- glibc's random_r (TYPE_3), so rand() sequences match a real run */

static void rand_seed(struct machine *m, uint32_t seed)
{
	int32_t *r = (int32_t *)m->rand_state;
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
	m->rand_i = 34;
	for (int i = 34; i < 344; i++) {
		uint32_t *u = m->rand_state;
		u[i] = u[i - 31] + u[i - 3];
	}
	m->rand_i = 344;
	m->rand_seeded = 1;
}

static int32_t rand_next(struct machine *m)
{
	if (!m->rand_seeded)
		rand_seed(m, 1);
	uint32_t *u = m->rand_state;
	/* keep a ring of the last 344 values */
	uint32_t v = u[(m->rand_i - 31) % 344] + u[(m->rand_i - 3) % 344];
	u[m->rand_i % 344] = v;
	m->rand_i++;
	if (m->rand_i >= 2 * 344)
		m->rand_i -= 344;
	return (int32_t)(v >> 1);
}

/* ---- C library helpers */

static int read_str(struct machine *m, uint64_t addr, struct strbuf *sb)
{
	strbuf_reset(sb);
	return interp_read_str(m, m->host, 0, addr, sb);
}

static int fmt_cb(void *ctx, uint64_t addr, struct strbuf *out)
{
	struct machine *m = ctx;
	return interp_read_str(m, m->host, 0, addr, out);
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
	struct alloc *a = mem_try_alloc(&m->mem, TAG_HOST, n, 16, kind);
	return a ? a->base : 0;
}

static int host_free(struct machine *m, uint64_t p)
{
	if (!p)
		return 0;
	struct alloc *a = mem_find(&m->mem, p);
	if (!a || a->base != p || ADDR_TAG(p) != TAG_HOST || a->kind != AK_HOST_MALLOC) {
		machine_finding_add(m, "invalid-free", 1, m->host, 1, span_of(m), p,
				    "free() of 0x%llx, which is not the start of a malloc'd block",
				    (unsigned long long)p);
		fprintf(m->err, "free(): invalid pointer\n");
		machine_exit(m, 134);
		return -1;
	}
	if (a->freed) {
		finding_note(machine_finding_add(m, "double-free", 1, m->host, 1, span_of(m), p,
						 "free() of 0x%llx, which was already freed",
						 (unsigned long long)p),
			     "first freed here", a->freed_at);
		fprintf(m->err, "free(): double free detected in tcache 2\n");
		machine_exit(m, 134);
		return -1;
	}
	mem_free(&m->mem, a);
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
	(void)w;
	int id = (int)in->imm;
	const char *name = builtin_table[id].name;
	if (name[0] == 'c' && name[1] == 'u' && name[2] == 'd' && name[3] == 'a')
		return rt_cuda(m, id, args, ret);
	return rt_libc(m, id, args, types, in->nargs, ret);
}

#define WAIT() do { if (device_busy(m)) return 1; } while (0)
#define STICKY() do { if (m->sticky_err) { *ret = (uint64_t)m->sticky_err; m->last_err = m->sticky_err; return 0; } } while (0)
#define RET(e) do { *ret = (uint64_t)ret_err(m, (e)); return 0; } while (0)

static uint64_t events_handle(size_t i) { return ADDR(0x7f, (i + 1) << 4); }
static uint64_t stream_handle(uint32_t i) { return ADDR(0x7e, (uint64_t)(i + 1) << 4); }

static struct event_rec *event_of(struct machine *m, uint64_t h)
{
	uint64_t i = (ADDR_OFF(h) >> 4) - 1;
	if (ADDR_TAG(h) != 0x7f || i >= m->events.len)
		return NULL;
	return &m->events.v[i];
}

static int dev_free(struct machine *m, uint64_t p)
{
	if (!p)
		return E_OK;
	struct alloc *a = mem_find(&m->mem, p);
	if (!a || a->base != p || (a->kind != AK_DEV_MALLOC && a->kind != AK_MANAGED)) {
		machine_finding_add(m, "invalid-free", 1, m->host, 1, span_of(m), p,
				    "cudaFree of 0x%llx, which is not a pointer returned by cudaMalloc",
				    (unsigned long long)p);
		return E_INVAL;
	}
	if (a->freed) {
		finding_note(machine_finding_add(m, "double-free", 1, m->host, 1, span_of(m), p,
						 "cudaFree of 0x%llx, which was already freed",
						 (unsigned long long)p),
			     "first freed here", a->freed_at);
		return E_INVAL;
	}
	mem_free(&m->mem, a);
	a->freed_at = span_of(m);
	return E_OK;
}

static int dev_malloc(struct machine *m, uint64_t pp, uint64_t size, int kind)
{
	if (size > GLOBAL_MEM - m->mem.dev_bytes) {     /* not dev_bytes + size: it wraps */
		put64(m, pp, 0);
		return E_NOMEM;
	}
	uint64_t v = 0;
	if (size) {
		struct alloc *a = mem_try_alloc(&m->mem, kind == AK_HOST_PINNED ? TAG_HOST : TAG_GLOBAL,
						size, 256, kind);
		if (!a) {
			put64(m, pp, 0);
			return E_NOMEM;
		}
		if (kind == AK_DEV_MALLOC && !m->o.fast)
			mem_track_init(a);
		v = a->base;
	}
	if (put64(m, pp, v))
		return E_INVAL;
	return E_OK;
}

static int rt_cuda(struct machine *m, int id, const uint64_t *a, uint64_t *ret)
{
	int e;
	switch (id) {
	case BI_cudaGetLastError:
		*ret = (uint64_t)(m->last_err ? m->last_err : m->sticky_err);
		m->last_err = 0;
		return 0;
	case BI_cudaPeekAtLastError:
		*ret = (uint64_t)(m->last_err ? m->last_err : m->sticky_err);
		return 0;
	case BI_cudaGetErrorString: *ret = str_addr(m, 0, (int)(int32_t)a[0]); return 0;
	case BI_cudaGetErrorName: *ret = str_addr(m, 1, (int)(int32_t)a[0]); return 0;
	case BI_cudaRuntimeGetVersion: case BI_cudaDriverGetVersion:
		RET(put32(m, a[0], 12040) ? E_INVAL : E_OK);
	case BI_cudaGetDeviceCount: RET(put32(m, a[0], 1) ? E_INVAL : E_OK);
	case BI_cudaGetDevice: RET(put32(m, a[0], 0) ? E_INVAL : E_OK);
	case BI_cudaSetDevice: RET((int32_t)a[0] == 0 ? E_OK : E_DEVICE);
	case BI_cudaGetDeviceProperties: {
		if ((int32_t)a[1] != 0)
			RET(E_DEVICE);
		struct cudaDeviceProp p;
		fill_props(m, &p);
		RET(machine_host_write(m, a[0], &p, sizeof(p)) ? E_INVAL : E_OK);
	}
	case BI_cudaDeviceGetAttribute: {
		int v = 0;
		e = dev_attr(m, (int)(int32_t)a[1], &v);
		if (!e && put32(m, a[0], (uint32_t)v))
			e = E_INVAL;
		RET(e);
	}
	case BI_cudaOccupancyMaxActiveBlocksPerMultiprocessor: {
		struct launch l;
		memset(&l, 0, sizeof(l));
		l.block[0] = (uint32_t)a[2];
		l.block[1] = l.block[2] = 1;
		l.shmem = a[3];
		RET(put32(m, a[0], sched_max_resident(m, &l) / (uint32_t)m->o.num_sms) ? E_INVAL : E_OK);
	}
	case BI_cudaFuncSetAttribute: {
		uint64_t idx = (ADDR_OFF(a[0]) >> 4) - 1;
		if (ADDR_TAG(a[0]) != TAG_CODE || idx >= m->mod->nfuncs)
			RET(E_DEVFN);
		if ((int32_t)a[1] == 8) {
			if ((int32_t)a[2] < 0 || (int32_t)a[2] > 232448)
				RET(E_INVAL);
			m->fn_maxdyn[idx] = (uint32_t)a[2];
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
			m->stack_limit = a[1] < 64 * 1024 ? 64 * 1024 : a[1];
			break;
		case 1: m->printf_limit = a[1]; break;
		case 2: m->heap_limit = a[1]; break;
		default: RET(E_LIMIT);
		}
		RET(E_OK);
	case BI_cudaDeviceGetLimit: {
		uint64_t v;
		switch ((int)a[1]) {
		case 0: v = 1024; break;
		case 1: v = m->printf_limit; break;
		case 2: v = m->heap_limit; break;
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
				mem_free(&m->mem, x);
		}
		m->sticky_err = m->last_err = 0;
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
	case BI_cudaFreeHost: {
		struct alloc *x = mem_find(&m->mem, a[0]);
		if (!a[0])
			RET(E_OK);
		if (!x || x->base != a[0] || x->kind != AK_HOST_PINNED || x->freed)
			RET(E_INVAL);
		mem_free(&m->mem, x);
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
				finding_alloc(machine_finding_add(m, "oob-global-write", 1, m->host, 1, span_of(m), a[0],
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
		RET(put64(m, a[0], stream_handle(m->nstreams++)) ? E_INVAL : E_OK);
	case BI_cudaStreamDestroy:
		RET(stream_ok(m, a[0]) ? E_OK : E_HANDLE);
	case BI_cudaEventCreate: case BI_cudaEventCreateWithFlags: {
		struct event_rec r = { 0, 0, 0 };
		vec_push(&m->events, r);
		RET(put64(m, a[0], events_handle(m->events.len - 1)) ? E_INVAL : E_OK);
	}
	case BI_cudaEventDestroy:
		RET(event_of(m, a[0]) ? E_OK : E_HANDLE);
	case BI_cudaEventRecord: {
		struct event_rec *r = event_of(m, a[0]);
		if (!r || !stream_ok(m, a[1]))
			RET(E_HANDLE);
		WAIT();
		r->done = 1;
		r->time = m->cycles;
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
		fflush(m->out);
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
			fwrite(sb.buf, 1, sb.len, m->out);
		} else if (hostio_out(m, a[1])) {
			fwrite(strbuf_cstr(&sb), 1, sb.len, hostio_out(m, a[1]));
		}
		strbuf_release(&sb);
		*ret = 1;
		return 0;
	case BI_putchar:
		fputc((int)(uint8_t)a[0], m->out);
		*ret = (uint8_t)a[0];
		return 0;
	case BI_fflush:
		if (hostio_out(m, a[0]))
			fflush(hostio_out(m, a[0]));
		else
			fflush(m->out);
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
	case BI_rand: *ret = (uint64_t)(int64_t)rand_next(m); return 0;
	case BI_srand: rand_seed(m, (uint32_t)a[0]); return 0;
	case BI_time:
		if (a[0])
			put64(m, a[0], 1700000000);
		*ret = 1700000000;
		return 0;
	case BI_clock_host: *ret = m->cycles / 1000; return 0;
	case BI_getenv: *ret = 0; return 0;
	default:
		r = hostio_call(m, id, a, nargs, ret);
		return r == -2 ? 0 : r;
	}
}
