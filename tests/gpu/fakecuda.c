/*
 * fakecuda.c - a stand-in libcuda for tests/gpu/fake_driver.t: every entry
 * point warpstep's driver loader looks up, by its versioned name, with just
 * enough behaviour to run tests/gpu/fake_prog.cu through `run --gpu` on a
 * machine without a GPU. "Device" memory is host memory; a kernel is run
 * by name, in C, from its packed arguments:
 *   scale(int *p, int n, int k): p[i] *= k for i < n
 *   count(void): counter += 1 (the module global __device__ int counter)
 *   boom(int *p): the launch fails at the next synchronization with
 *                 CUDA_ERROR_ILLEGAL_ADDRESS (700)
 *   hello(int n): "hello from T\n" for T < n, written to file descriptor 1
 *                 as the driver writes device printf
 *   litmus(): for tests/litmus/SB_fence_gpu.cu (x_0, y_1, r_2 in the
 *             module) each run leaves one of the three outcomes the model
 *             allows in turn; with $FAKECUDA_PLANT, one run in 500 leaves
 *             r0=0 r1=0, which the model forbids (tests/gpu/litmus_gpu.t)
 * Under trace --gpu (the PTX has the probes' __ws_trace_buf) scale writes
 * two records, as two warps at the kernel's first probed statement would.
 * With $FAKECUDA_PLANT set (tests/gpu/compare.t only) the fake is a wrong
 * GPU: scale leaves p[3] one more than it should be, and hello's last line
 * says 7: run --compare must find both.
 * Under debug --gpu --live (the PTX has the gates' __ws_live_buf, set for
 * the launch stepped) scale plays the kernel's side of the gates in a
 * thread, as its warps would (one a block): each walks the gates of scale's
 * PTX in their order (the lines their st [%wgs+12] name), writes the slot
 * (mask 0xf, SM 40 + block, values 100 * warp + k) and waits for the host's
 * release, then ors its lanes into the exit mask; cuStreamQuery says
 * CUDA_ERROR_NOT_READY until it ends and cuCtxSynchronize waits for it.
 * A gate that waits longer than the header's timeout sets gave_up and
 * release_all, as the PTX does. The occupancy is one block per SM and the
 * SM count $FAKECUDA_SMS (4).
 * Built by the test with cc -shared -fPIC; not part of warpstep.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <pthread.h>
#include <time.h>
#include <unistd.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static char *module_text;
static int pending_error;
static struct global { char name[128]; void *p; size_t n; } globals[64];
static int nglobals;
static const char *names[] = { "no error" };
static void *allocs[256];   /* freed with the context, as the driver does */
static int nallocs;

CUresult cuInit(unsigned f) { (void)f; return 0; }
CUresult cuDriverGetVersion(int *v) { *v = 13000; return 0; }
CUresult cuDeviceGetCount(int *n) { *n = 1; return 0; }
CUresult cuDeviceGet(int *d, int i) { *d = i; return 0; }
CUresult cuDeviceGetName(char *s, int n, int d) { (void)d; snprintf(s, (size_t)n, "Fake GPU"); return 0; }
CUresult cuDeviceGetAttribute(int *v, int a, int d)
{
	(void)d;
	*v = a == 75 ? 9 : 0; /* compute capability 9.0 */
	if (a == 16) /* CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT */
		*v = getenv("FAKECUDA_SMS") ? atoi(getenv("FAKECUDA_SMS")) : 4;
	return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **c, int d) { (void)d; *c = (void *)1; return 0; }
CUresult cuDevicePrimaryCtxRelease_v2(int d)
{
	(void)d;
	for (int i = 0; i < nallocs; i++)
		free(allocs[i]);
	for (int i = 0; i < nglobals; i++)
		free(globals[i].p);
	free(module_text);
	module_text = NULL;
	nallocs = nglobals = 0;
	return 0;
}
CUresult cuCtxSetCurrent(void *c) { (void)c; return 0; }
static pthread_t live_thread;
static volatile int live_running;
static int live_joinable;
CUresult cuCtxSynchronize(void)
{
	int e = pending_error;
	if (live_joinable) {
		pthread_join(live_thread, NULL);
		live_joinable = 0;
	}
	return e;
}
CUresult cuCtxSetLimit(int l, size_t v) { (void)l; (void)v; return 0; }
CUresult cuGetErrorName(CUresult r, const char **s)
{
	*s = r == 700 ? "CUDA_ERROR_ILLEGAL_ADDRESS" : names[0];
	return 0;
}
CUresult cuGetErrorString(CUresult r, const char **s)
{
	*s = r == 700 ? "an illegal memory access was encountered" : names[0];
	return 0;
}
CUresult cuModuleLoadDataEx(void **m, const void *img, unsigned n, int *o, void **v)
{
	(void)n; (void)o; (void)v;
	free(module_text);
	module_text = strdup(img);
	if (!strstr(module_text, ".target sm_90"))
		return 218; /* CUDA_ERROR_INVALID_PTX */
	*m = module_text;
	return 0;
}
CUresult cuModuleUnload(void *m) { (void)m; return 0; }
CUresult cuModuleGetFunction(void **f, void *m, const char *name)
{
	(void)m;
	char pat[160];
	snprintf(pat, sizeof(pat), ".entry %s(", name);
	if (!strstr(module_text, pat))
		return 500; /* CUDA_ERROR_NOT_FOUND */
	static char fnames[16][128];
	static int nf;
	char *slot = fnames[nf++ % 16];
	snprintf(slot, 128, "%s", name);
	*f = slot;
	return 0;
}
CUresult cuModuleGetGlobal_v2(CUdeviceptr *p, size_t *n, void *m, const char *name)
{
	(void)m;
	for (int i = 0; i < nglobals; i++)
		if (!strcmp(globals[i].name, name)) {
			*p = (CUdeviceptr)(uintptr_t)globals[i].p;
			if (n)
				*n = globals[i].n;
			return 0;
		}
	/* ".b8 NAME[SIZE]" or ".u64 NAME;" / ".u32 NAME;" */
	char pat[160];
	size_t size = 0;
	snprintf(pat, sizeof(pat), " %s[", name);
	const char *s = strstr(module_text, pat);
	if (s)
		size = strtoul(s + strlen(pat), NULL, 10);
	snprintf(pat, sizeof(pat), " %s;", name);
	if (!s && (s = strstr(module_text, pat)))
		size = 8;
	if (!s || nglobals == 64)
		return 500;
	snprintf(globals[nglobals].name, sizeof(globals[0].name), "%s", name);
	globals[nglobals].p = calloc(1, size ? size : 1);
	globals[nglobals].n = size;
	*p = (CUdeviceptr)(uintptr_t)globals[nglobals].p;
	if (n)
		*n = size;
	nglobals++;
	return 0;
}
CUresult cuMemAlloc_v2(CUdeviceptr *p, size_t n)
{
	if (nallocs == 256)
		return 2;
	allocs[nallocs] = calloc(1, n);
	*p = (CUdeviceptr)(uintptr_t)allocs[nallocs++];
	return 0;
}
CUresult cuMemAllocManaged(CUdeviceptr *p, size_t n, unsigned f) { (void)f; return cuMemAlloc_v2(p, n); }
CUresult cuMemFree_v2(CUdeviceptr p)
{
	for (int i = 0; i < nallocs; i++)
		if (allocs[i] == (void *)(uintptr_t)p) {
			free(allocs[i]);
			allocs[i] = allocs[--nallocs];
			return 0;
		}
	return 1;
}
CUresult cuMemGetInfo_v2(size_t *f, size_t *t) { *f = 1u << 30; *t = 2u << 30; return 0; }
CUresult cuMemcpyHtoDAsync_v2(CUdeviceptr d, const void *s, size_t n, void *st)
{
	(void)st;
	memcpy((void *)(uintptr_t)d, s, n);
	return 0;
}
CUresult cuMemcpyDtoHAsync_v2(void *d, CUdeviceptr s, size_t n, void *st)
{
	(void)st;
	memcpy(d, (void *)(uintptr_t)s, n);
	return 0;
}
CUresult cuMemcpyDtoDAsync_v2(CUdeviceptr d, CUdeviceptr s, size_t n, void *st)
{
	(void)st;
	memmove((void *)(uintptr_t)d, (void *)(uintptr_t)s, n);
	return 0;
}
CUresult cuMemsetD8Async(CUdeviceptr d, unsigned char v, size_t n, void *st)
{
	(void)st;
	memset((void *)(uintptr_t)d, v, n);
	return 0;
}
CUresult cuStreamSynchronize(void *s) { (void)s; return 0; }

/* the live gates' side of scale (see the top): warps one a block */
static struct live_sim {
	unsigned char *area;
	unsigned nwarps;
	unsigned lines[16], nvals[16], stmts[16], nlines;
} lsim;

static uint32_t lsim_ld(const unsigned char *p) { return __atomic_load_n((const uint32_t *)p, __ATOMIC_ACQUIRE); }
static void lsim_st(unsigned char *p, uint32_t v) { __atomic_store_n((uint32_t *)p, v, __ATOMIC_RELEASE); }

static double lsim_now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void *live_sim(void *arg)
{
	unsigned at[16] = { 0 }, gone = 0;
	double since[16] = { 0 };
	uint64_t tmo;
	(void)arg;
	memcpy(&tmo, lsim.area + 16, 8);
	while (gone < lsim.nwarps) {
		int rel = lsim_ld(lsim.area + 4) != 0;
		for (unsigned w = 0; w < lsim.nwarps; w++) {
			unsigned char *s = lsim.area + 64 + w * 128;
			uint32_t seq = lsim_ld(s);
			if (at[w] <= lsim.nlines && seq && !rel && lsim_ld(s + 4) < seq &&
			    lsim_now() - since[w] > (double)tmo * 1e-9) {
				/* the gate's timeout, as %globaltimer bounds it */
				lsim_st(lsim.area + 8, 1);
				lsim_st(lsim.area + 4, 1);
				rel = 1;
			}
			if (at[w] > lsim.nlines || (seq && !rel && lsim_ld(s + 4) < seq))
				continue;
			if (at[w] == lsim.nlines || rel) {
				lsim_st(s + 28, lsim_ld(s + 28) | 0xf);
				at[w] = lsim.nlines + 1;
				gone++;
				continue;
			}
			lsim_st(s + 8, lsim.stmts[at[w]]);
			lsim_st(s + 12, lsim.lines[at[w]]);
			lsim_st(s + 16, 0xf);
			lsim_st(s + 20, 40 + w);
			lsim_st(s + 24, 0);
			lsim_st(s + 32, lsim.nvals[at[w]]);
			lsim_st(s + 36, w);
			for (unsigned k = 0; k < 8; k++) {
				uint64_t v = 100 * w + k;
				memcpy(s + 40 + 8 * k, &v, 8);
			}
			since[w] = lsim_now();
			lsim_st(s, seq + 1);
			at[w]++;
		}
		struct timespec ts = { 0, 200000 };
		nanosleep(&ts, NULL);
	}
	live_running = 0;
	return NULL;
}

static void live_start(unsigned nblocks)
{
	CUdeviceptr lb;
	const char *e = strstr(module_text, ".entry scale("), *end = e ? strstr(e + 1, ".entry ") : NULL;
	if (!e || cuModuleGetGlobal_v2(&lb, NULL, NULL, "__ws_live_buf") || !*(uint64_t *)(uintptr_t)lb)
		return;
	lsim.area = (unsigned char *)(uintptr_t)*(uint64_t *)(uintptr_t)lb;
	lsim.nwarps = nblocks < 16 ? nblocks : 16;
	lsim.nlines = 0;
	for (const char *q = e; (q = strstr(q, "[%wgs+12], ")) && (!end || q < end) && lsim.nlines < 16; q++) {
		const char *nv = strstr(q, "[%wgs+32], "), *sp = q;
		while (sp > e && strncmp(sp, "[%wgs+8], ", 10))
			sp--;
		lsim.stmts[lsim.nlines] = (unsigned)strtoul(sp + 10, NULL, 10);
		lsim.nvals[lsim.nlines] = nv ? (unsigned)strtoul(nv + 11, NULL, 10) : 0;
		lsim.lines[lsim.nlines++] = (unsigned)strtoul(q + 11, NULL, 10);
	}
	live_running = 1;
	if (pthread_create(&live_thread, NULL, live_sim, NULL))
		live_running = 0;
	else
		live_joinable = 1;
}

static CUresult run(const char *name, void **params)
{
	if (!strcmp(name, "scale")) {
		int *p = *(int **)params[0];
		int n = *(int *)params[1], k = *(int *)params[2];
		for (int i = 0; i < n; i++)
			p[i] *= k;
		if (getenv("FAKECUDA_PLANT") && n > 3)
			p[3] += 1;
		CUdeviceptr tb, tn, tc;
		const char *e = strstr(module_text, ".entry scale("), *st = e ? strstr(e, "[%wsa+20], ") : NULL;
		if (st && !cuModuleGetGlobal_v2(&tb, NULL, NULL, "__ws_trace_buf") &&
		    !cuModuleGetGlobal_v2(&tn, NULL, NULL, "__ws_trace_n") &&
		    !cuModuleGetGlobal_v2(&tc, NULL, NULL, "__ws_trace_cap") && *(uint64_t *)(uintptr_t)tb) {
			uint32_t stmt = (uint32_t)strtoul(st + 11, NULL, 10);
			for (uint32_t w = 0; w < 2; w++) {
				uint64_t *cnt = (uint64_t *)(uintptr_t)tn, i = (*cnt)++;
				if (i >= *(uint64_t *)(uintptr_t)tc)
					continue;
				unsigned char *r = (unsigned char *)(uintptr_t)*(uint64_t *)(uintptr_t)tb + i * 32;
				uint64_t t = 5000 + 40 * (1 - w);
				uint32_t v[6] = { 2 * w, w, 0xf, stmt, 1 - w, 0 };
				memcpy(r, &t, 8);
				memcpy(r + 8, v, sizeof(v));
			}
		}
		return 0;
	}
	if (!strcmp(name, "hello")) {
		int n = *(int *)params[0];
		for (int t = 0; t < n; t++) {
			char line[64];
			int len = snprintf(line, sizeof(line), "hello from %d\n",
					   getenv("FAKECUDA_PLANT") && t == n - 1 ? 7 : t);
			if (write(1, line, (size_t)len) != len)
				return 999;
		}
		return 0;
	}
	if (!strcmp(name, "litmus")) {
		static unsigned runs;
		CUdeviceptr x, y, r;
		if (cuModuleGetGlobal_v2(&x, NULL, NULL, "x_0") || cuModuleGetGlobal_v2(&y, NULL, NULL, "y_1") ||
		    cuModuleGetGlobal_v2(&r, NULL, NULL, "r_2"))
			return 500;
		int *rr = (int *)(uintptr_t)r;
		unsigned k = runs++;
		*(int *)(uintptr_t)x = *(int *)(uintptr_t)y = 1;
		rr[0] = k % 3 != 0;
		rr[1] = k % 3 != 1;
		if (getenv("FAKECUDA_PLANT") && k % 500 == 499)
			rr[0] = rr[1] = 0;
		return 0;
	}
	if (!strcmp(name, "count")) {
		CUdeviceptr c;
		if (cuModuleGetGlobal_v2(&c, NULL, NULL, "counter_0"))
			return 500;
		(*(int *)(uintptr_t)c)++;
		return 0;
	}
	if (!strcmp(name, "boom")) {
		pending_error = 700;
		return 0;
	}
	return 98;
}

CUresult cuLaunchKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by, unsigned bz,
			unsigned sh, void *st, void **params, void **extra)
{
	(void)gy; (void)gz; (void)bx; (void)by; (void)bz; (void)sh; (void)st; (void)extra;
	if (pending_error)
		return pending_error;
	if (!strcmp(f, "scale"))
		live_start(gx);
	return run(f, params);
}
CUresult cuLaunchCooperativeKernel(void *f, unsigned gx, unsigned gy, unsigned gz, unsigned bx, unsigned by,
				   unsigned bz, unsigned sh, void *st, void **params)
{
	return cuLaunchKernel(f, gx, gy, gz, bx, by, bz, sh, st, params, NULL);
}
CUresult cuFuncSetAttribute(void *f, int a, int v) { (void)f; (void)a; (void)v; return 0; }
CUresult cuStreamCreate(void **s, unsigned f) { (void)f; *s = NULL; return 0; }
CUresult cuStreamDestroy_v2(void *s) { (void)s; return 0; }
CUresult cuStreamQuery(void *s) { (void)s; return live_running ? 600 : 0; }
CUresult cuMemHostAlloc(void **p, size_t n, unsigned f) { (void)f; *p = calloc(1, n); return *p ? 0 : 2; }
CUresult cuMemHostGetDevicePointer_v2(CUdeviceptr *d, void *p, unsigned f)
{
	(void)f;
	*d = (CUdeviceptr)(uintptr_t)p;
	return 0;
}
CUresult cuMemFreeHost(void *p) { free(p); return 0; }
CUresult cuOccupancyMaxActiveBlocksPerMultiprocessor(int *n, void *f, int threads, size_t sh)
{
	(void)f; (void)threads; (void)sh;
	*n = 1;
	return 0;
}
static char events[64];
static int nevents;
CUresult cuEventCreate(void **e, unsigned f) { (void)f; *e = &events[nevents++ % 64]; return 0; }
CUresult cuEventDestroy_v2(void *e) { (void)e; return 0; }
CUresult cuEventRecord(void *e, void *s) { (void)e; (void)s; return 0; }
CUresult cuEventSynchronize(void *e) { (void)e; return 0; }
CUresult cuEventQuery(void *e) { (void)e; return 0; }
CUresult cuEventElapsedTime(float *ms, void *a, void *b) { (void)a; (void)b; *ms = 2.5f; return 0; }
