/*
 * findings.c - what the checkers found, for people and for tools: the
 * hints per kind, the other side of a race, the allocation of a memory
 * finding, the stderr rendering and the JSON report (docs/findings.md).
 */
#include "simt.h"

#include <inttypes.h>
#include <string.h>

struct hint { const char *kind, *hint; };

static const struct hint hints[] = {
	{ "oob-global-read", "check the index against the array's length (an `if (i < n)` guard) and the size given to cudaMalloc" },
	{ "oob-global-write", "check the index against the array's length (an `if (i < n)` guard) and the size given to cudaMalloc" },
	{ "oob-shared", "the index goes past the __shared__ array (or the dynamic size given at launch); check its bound" },
	{ "oob-local", "a local array is indexed past its end, or a pointer to a local outlived its function" },
	{ "misaligned", "a pointer cast to a wider type must point to an address that is a multiple of its size" },
	{ "use-after-free", "the memory was freed before this access: move the cudaFree after the last kernel that uses it" },
	{ "double-free", "free each allocation exactly once (set the pointer to NULL after freeing it)" },
	{ "invalid-free", "pass cudaFree/free exactly the pointer that cudaMalloc/malloc returned" },
	{ "host-pointer-in-kernel", "kernels can only use device memory: cudaMalloc a buffer, cudaMemcpy the data into it, pass that pointer" },
	{ "device-pointer-on-host", "host code cannot dereference device memory: cudaMemcpy it back to a host buffer first" },
	{ "shared-race", "put a __syncthreads() between the write and the other thread's access (or __syncwarp() inside one warp)" },
	{ "global-race", "order the two accesses: __syncthreads() within a block; between blocks make every access to the word atomic, or use a __threadfence() with a flag, or two launches" },
	{ "host-device-race", "a launch returns before the kernel has finished: call cudaDeviceSynchronize() (or synchronize the stream) before the host reads or writes memory the kernel uses" },
	{ "barrier-divergence", "every thread of the block must reach the same __syncthreads(): move it out of the condition or the early return" },
	{ "invalid-syncwarp-mask", "the mask must include the calling lane, and every lane it names must reach the same __syncwarp" },
	{ "invalid-collective-mask", "use __activemask() or the mask of the lanes that really take part, the same in every lane" },
	{ "shfl-inactive-source", "the lane read is not in the mask: it is not taking part, so the value is undefined; include it or clamp the source lane" },
	{ "uninitialized-read", "write the memory before reading it (cudaMemcpy or cudaMemset the buffer, or initialize the shared array)" },
	{ "deadlock", "a barrier, collective or spin-wait waits for threads that can never arrive: check conditions around __syncthreads and the flags threads wait on" },
	{ "integer-divide-by-zero", "the divisor is zero for some threads: guard the division" },
	{ "assert-failure", "the asserted condition was false for this thread" },
	{ "trap", "the kernel called __trap() (or reached code that must not run)" },
	{ "stack-overflow", "runaway recursion, or local arrays too large for the stack (cudaDeviceSetLimit(cudaLimitStackSize, ...))" },
	{ "step-limit", "the program may loop forever (a spin-wait no thread will release?); raise --max-steps if it is just long" },
	{ "interrupted", "the run was stopped with Ctrl-C; `warpstep debug` steps through it" },
	{ "barrier-uninitialized", "init(&bar, count) in one thread, then __syncthreads(), before any thread uses the cuda::barrier" },
	{ "barrier-overflow", "the count given to init() must equal the number of arrivals in each phase" },
	{ "barrier-bad-token", "wait() takes the token that this thread's arrive() on the same barrier returned" },
	{ "grid-sync-not-cooperative", "launch with cudaLaunchCooperativeKernel (and no more blocks than can be resident) to use this_grid().sync()" },
	{ "invalid-launch", "check the grid and block dimensions (at most 1024 threads per block) and the dynamic shared memory size" },
};

const char *finding_hint(const char *kind)
{
	for (size_t i = 0; i < sizeof(hints) / sizeof(hints[0]); i++)
		if (!strcmp(hints[i].kind, kind))
			return hints[i].hint;
	return NULL;
}

void finding_other(struct machine *m, struct machine_finding *f, int64_t block_linear,
		   int64_t tid_linear, int wrote)
{
	if (!f || !m->grid)
		return;
	const struct launch *L = &m->grid->l;
	f->has_other = 1;
	f->other_write = wrote;
	if (block_linear < 0) {
		memcpy(f->other_block, f->block, sizeof(f->block));
	} else {
		uint64_t b = (uint64_t)block_linear;
		f->other_block[0] = (uint32_t)(b % L->grid[0]);
		f->other_block[1] = (uint32_t)(b / L->grid[0] % L->grid[1]);
		f->other_block[2] = (uint32_t)(b / ((uint64_t)L->grid[0] * L->grid[1]));
	}
	if (tid_linear < 0) {
		f->other_warp = f->other_lane = -1;
		f->other_thread[0] = f->other_thread[1] = f->other_thread[2] = UINT32_MAX;
		return;
	}
	uint32_t t = (uint32_t)tid_linear;
	f->other_thread[0] = t % L->block[0];
	f->other_thread[1] = t / L->block[0] % L->block[1];
	f->other_thread[2] = t / (L->block[0] * L->block[1]);
	f->other_warp = (int)(t / WS_WARP);
	f->other_lane = (int)(t % WS_WARP);
}

void finding_alloc(struct machine_finding *f, uint64_t base, uint64_t size)
{
	if (!f)
		return;
	f->alloc_base = base;
	f->alloc_size = size;
	if (f->addr && (f->addr < base || f->addr >= base + size)) {
		f->has_distance = 1;
		f->distance = f->addr >= base + size ? (int64_t)(f->addr - (base + size))
						     : -(int64_t)(base - f->addr);
	}
}

/* ---- stderr */

static void thread_line(FILE *f, const char *role, const uint32_t *blk, const uint32_t *thr,
			int warp, int lane)
{
	fprintf(f, "      = %s: block (%u,%u,%u), ", role, blk[0], blk[1], blk[2]);
	if (warp < 0)
		fputs("thread unknown", f);
	else
		fprintf(f, "thread (%u,%u,%u), warp %d, lane %d", thr[0], thr[1], thr[2], warp, lane);
}

static const char *addr_space(uint64_t a)
{
	switch (ADDR_TAG(a)) {
	case TAG_HOST: return "host memory";
	case TAG_HSTACK: return "the host stack";
	case TAG_GLOBAL: return "global memory";
	case TAG_CONST: return "constant memory";
	case TAG_SHARED: return "shared memory";
	case TAG_LOCAL: return "local memory";
	case TAG_PARAM: return "kernel parameters";
	default: return "no address space";
	}
}

static void render_one(const struct machine *m, FILE *f, int color, const struct machine_finding *x)
{
	diag_render_one(m->mod->sm, f, color, x->error ? DIAG_ERROR : DIAG_WARNING, x->kind,
			x->span, x->msg);
	if (x->on_device) {
		thread_line(f, "thread", x->block, x->thread, x->warp, x->lane);
		if (x->lanes & (x->lanes - 1))
			fprintf(f, " (lanes 0x%08x)", x->lanes);
		fputc('\n', f);
	} else if (strcmp(x->kind, "step-limit") && strcmp(x->kind, "deadlock")) {
		fputs("      = thread: the host thread (main)\n", f);
	}
	if (x->has_other) {
		thread_line(f, "other thread", x->other_block, x->other_thread, x->other_warp,
			    x->other_lane);
		if (x->other_write >= 0)
			fprintf(f, " (%s)", x->other_write == 2 ? "updated atomically" :
					    x->other_write ? "wrote" : "read");
		fputc('\n', f);
	}
	if (x->addr) {
		fprintf(f, "      = address: 0x%" PRIx64 " (%s", x->addr, addr_space(x->addr));
		if (ADDR_TAG(x->addr) == TAG_SHARED || ADDR_TAG(x->addr) == TAG_LOCAL)
			fprintf(f, ", offset %" PRIu64, ADDR_OFF(x->addr));
		fputs(")\n", f);
	}
	if (x->alloc_size) {
		fprintf(f, "      = allocation: %" PRIu64 " bytes at 0x%" PRIx64, x->alloc_size,
			x->alloc_base);
		if (x->has_distance && x->distance >= 0)
			fprintf(f, "; the access is %" PRId64 " bytes after its end", x->distance);
		else if (x->has_distance)
			fprintf(f, "; the access is %" PRId64 " bytes before its start", -x->distance);
		fputc('\n', f);
	}
	if (x->hint)
		fprintf(f, "      = hint: %s\n", x->hint);
	if (x->count > 1)
		fprintf(f, "      = seen %" PRIu64 " times at this place\n", x->count);
}

void machine_findings_render(const struct machine *m, FILE *f, int color)
{
	for (size_t i = 0; i < m->findings.len; i++)
		render_one(m, f, color, &m->findings.v[i]);
	if (m->findings_dropped)
		fprintf(f, "warpstep: %" PRIu64 " more findings at other places were not kept (limit %d)\n",
			m->findings_dropped, WS_FINDINGS_MAX);
}

/* ---- JSON */

static void json_str(FILE *f, const char *s)
{
	fputc('"', f);
	for (; s && *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c == '\n')
			fputs("\\n", f);
		else if (c == '\t')
			fputs("\\t", f);
		else if (c < 32)
			fprintf(f, "\\u%04x", c);
		else
			fputc(c, f);
	}
	fputc('"', f);
}

static void json_thread(FILE *f, const char *role, int dev, const uint32_t *blk, const uint32_t *thr,
			int warp, int lane)
{
	fprintf(f, "{\"role\": \"%s\", ", role);
	if (!dev) {
		fputs("\"host\": true}", f);
		return;
	}
	fprintf(f, "\"host\": false, \"block\": [%u, %u, %u], ", blk[0], blk[1], blk[2]);
	if (warp < 0)
		fputs("\"thread\": null, \"warp\": null, \"lane\": null", f);
	else
		fprintf(f, "\"thread\": [%u, %u, %u], \"warp\": %d, \"lane\": %d", thr[0], thr[1],
			thr[2], warp, lane);
}

void machine_findings_json(const struct machine *m, FILE *f)
{
	fputs("{\n  \"version\": 1,\n  \"findings\": [", f);
	for (size_t i = 0; i < m->findings.len; i++) {
		const struct machine_finding *x = &m->findings.v[i];
		const struct srcfile *sf = srcmgr_file(m->mod->sm, x->span.file);
		fprintf(f, "%s\n    {\"kind\": ", i ? "," : "");
		json_str(f, x->kind);
		fprintf(f, ", \"severity\": \"%s\", \"file\": ", x->error ? "error" : "warning");
		json_str(f, sf ? sf->name : "");
		fprintf(f, ", \"line\": %u, \"col\": %u, \"count\": %" PRIu64 ",\n     \"message\": ",
			x->span.line, x->span.col, x->count);
		json_str(f, x->msg);
		fputs(",\n     \"hint\": ", f);
		if (x->hint)
			json_str(f, x->hint);
		else
			fputs("null", f);
		fputs(",\n     \"threads\": [", f);
		if (x->on_device || strcmp(x->kind, "deadlock")) {
			json_thread(f, "first", x->on_device, x->block, x->thread, x->warp, x->lane);
			if (x->on_device)
				fprintf(f, ", \"lanes\": \"0x%08x\"}", x->lanes);
		}
		if (x->has_other) {
			fputs(", ", f);
			json_thread(f, "other", 1, x->other_block, x->other_thread, x->other_warp,
				    x->other_lane);
			if (x->other_write >= 0)
				fprintf(f, ", \"access\": \"%s\"", x->other_write == 2 ? "atomic" :
					x->other_write ? "write" : "read");
			fputc('}', f);
		}
		fputs("],\n     \"address\": ", f);
		if (x->addr)
			fprintf(f, "\"0x%" PRIx64 "\"", x->addr);
		else
			fputs("null", f);
		fputs(", \"allocation\": ", f);
		if (x->alloc_size)
			fprintf(f, "{\"base\": \"0x%" PRIx64 "\", \"size\": %" PRIu64 "}", x->alloc_base,
				x->alloc_size);
		else
			fputs("null", f);
		fputs(", \"distance\": ", f);
		if (x->has_distance)
			fprintf(f, "%" PRId64, x->distance);
		else
			fputs("null", f);
		fputs("}", f);
	}
	fprintf(f, "%s],\n  \"dropped\": %" PRIu64 "\n}\n", m->findings.len ? "\n  " : "",
		m->findings_dropped);
}

void check_oob_nearest(struct machine *m, uint64_t addr)
{
	if (!m->findings.len)
		return;
	struct machine_finding *f = &m->findings.v[m->findings.len - 1];
	if (f->addr != addr || f->alloc_size || f->count > 1)
		return;
	struct mem_region *r = ADDR_TAG(addr) == TAG_GLOBAL ? &m->mem.global :
			       ADDR_TAG(addr) == TAG_HOST ? &m->mem.host :
			       ADDR_TAG(addr) == TAG_CONST ? &m->mem.cnst : NULL;
	if (!r || !r->a.len)
		return;
	struct alloc *best = NULL;
	uint64_t bd = UINT64_MAX;
	for (size_t i = 0; i < r->a.len; i++) {
		struct alloc *a = r->a.v[i];
		uint64_t d = addr < a->base ? a->base - addr :
			     addr >= a->base + a->size ? addr - (a->base + a->size) : 0;
		if (d < bd) {
			bd = d;
			best = a;
		}
	}
	if (best)
		finding_alloc(f, best->base, best->size);
}
