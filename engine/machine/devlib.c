/*
 * devlib.c - the ENGINE built-ins (printf, malloc/free, __assertfail,
 * memcpy/memset, __nanosleep, __brkpt, __prof_trigger), callable from the
 * host thread and from device code.
 *
 * Device printf appends to a buffer in execution order (lanes in ascending
 * order within one warp instruction); the runtime writes it to the
 * program's stdout at the next synchronization point. A device assert
 * prints CUDA's message for each failing lane (at the next sync point, on
 * stderr) and aborts the kernel with cudaErrorAssert.
 */
#include "simt.h"
#include "builtin.h"

#include <string.h>

struct lane_ctx {
	struct machine *m;
	struct warp *w;
	unsigned lane;
};

static int str_cb(void *ctx, uint64_t addr, struct strbuf *out)
{
	struct lane_ctx *c = ctx;
	return interp_read_str(c->m, c->w, c->lane, addr, out);
}

#define ARG(k, l) R[(size_t)in->args[k] * WS_WARP + (l)]

static int do_printf(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	const struct ir_func *fn = g->fr->fn;
	uint64_t args[64];
	uint8_t types[64];
	int nargs = in->nargs < 64 ? in->nargs : 64;
	struct strbuf fmt, out;
	strbuf_init(&fmt);
	strbuf_init(&out);
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		struct lane_ctx c = { m, w, l };
		strbuf_reset(&fmt);
		strbuf_reset(&out);
		int r = -1;
		if (nargs >= 1 && interp_read_str(m, w, l, ARG(0, l), &fmt) == 0) {
			for (int k = 1; k < nargs; k++) {
				args[k - 1] = ARG(k, l);
				types[k - 1] = (uint8_t)ir_row_ty(fn, in->args[k]);
			}
			r = builtin_format(&out, strbuf_cstr(&fmt), args, types, nargs - 1, str_cb, &c);
		}
		if (w->host) {
			fwrite(out.buf ? out.buf : "", 1, out.len, m->io.out);
		} else if (ws_range_in(0, m->rt.printf_limit, m->io.dev_out.len, out.len)) {
			strbuf_add(&m->io.dev_out, out.buf ? out.buf : "", out.len);
		}
		if (D)
			D[l] = (uint64_t)(int64_t)(r < 0 ? -1 : (int)out.len);
	}
	strbuf_release(&fmt);
	strbuf_release(&out);
	return 0;
}

static int do_assert(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	struct strbuf expr, file, func;
	strbuf_init(&expr);
	strbuf_init(&file);
	strbuf_init(&func);
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		strbuf_reset(&expr);
		strbuf_reset(&file);
		strbuf_reset(&func);
		if (in->nargs >= 4) {
			interp_read_str(m, w, l, ARG(0, l), &expr);
			interp_read_str(m, w, l, ARG(1, l), &file);
			interp_read_str(m, w, l, ARG(3, l), &func);
		}
		unsigned line = in->nargs >= 4 ? (unsigned)ARG(2, l) : 0;
		if (w->host) {
			const char *prog = m->argc > 0 ? m->argv[0] : "a.out";
			fflush(m->io.out);
			fprintf(m->io.err, "%s: %s:%u: %s: Assertion `%s' failed.\n", prog,
				strbuf_cstr(&file), line, strbuf_cstr(&func), strbuf_cstr(&expr));
			machine_finding_add(m, FK_ASSERT_FAILURE, w, 1, in->span, 0,
					    "assertion `%s' failed", strbuf_cstr(&expr));
			break;
		}
		struct block *b = w->blk;
		strbuf_addf(&m->io.dev_err, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n",
			    strbuf_cstr(&file), line, strbuf_cstr(&func), b->idx[0], b->idx[1], b->idx[2],
			    w->tid[0][l], w->tid[1][l], w->tid[2][l], strbuf_cstr(&expr));
	}
	if (!w->host)
		machine_finding_add(m, FK_ASSERT_FAILURE, w, g->mask, in->span, 0,
				    "device assertion `%s' failed; the kernel stops and later CUDA calls return cudaErrorAssert",
				    strbuf_cstr(&expr));
	strbuf_release(&expr);
	strbuf_release(&file);
	strbuf_release(&func);
	if (w->host)
		machine_exit(m, 134);
	else
		machine_fail_kernel(m, 710);
	return -1;
}

static int do_malloc(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t n = in->nargs ? ARG(0, l) : 0, v = 0;
		if (w->host) {
			struct alloc *a = machine_mem_alloc(m, TAG_HOST, n, 16, AK_HOST_MALLOC);
			v = a ? a->base : 0;
			if (a && in->nargs >= 2)
				a->newkind = (uint8_t)ARG(1, l);
		} else if (m->rt.dev_heap_used <= m->rt.heap_limit &&
			   n <= m->rt.heap_limit - m->rt.dev_heap_used) {     /* no wrap */
			struct alloc *a = machine_mem_alloc(m, TAG_GLOBAL, n, 16, AK_DEV_HEAP);
			if (a) {
				if (in->nargs >= 2)
					a->newkind = (uint8_t)ARG(1, l);
				m->rt.dev_heap_used += n;
				machine_mem_undefined(m, a);
				v = a->base;
			}
		}
		if (D)
			D[l] = v;
	}
	return 0;
}

static int do_free(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t p = in->nargs ? ARG(0, l) : 0;
		if (!p)
			continue;
		struct alloc *a = mem_find(&m->mem, p);
		int want = w->host ? AK_HOST_MALLOC : AK_DEV_HEAP;
		int kind = -1;
		if (!a || a->base != p || a->kind != want)
			kind = FK_INVALID_FREE;
		else if (a->freed)
			kind = FK_DOUBLE_FREE;
		if (kind >= 0) {
			struct machine_finding *f;
			f = machine_finding_add(m, (enum finding_kind)kind, w, 1u << l, in->span, p,
						"free() of 0x%llx, %s", (unsigned long long)p,
						kind == FK_DOUBLE_FREE ? "which was already freed"
							       : "which is not the start of a block from malloc");
			if (kind == FK_DOUBLE_FREE)
				finding_note(f, "first freed here", a->freed_at);
			if (w->host) {
				fprintf(m->io.err, "%s\n", kind == FK_DOUBLE_FREE ? "free(): double free detected in tcache 2"
								       : "free(): invalid pointer");
				machine_exit(m, 134);
			} else {
				machine_fail_kernel(m, 719);	/* the device heap traps */
			}
			return -1;
		}
		unsigned want_new = in->nargs >= 2 ? (unsigned)ARG(1, l) : 0;
		if (a->newkind != want_new) {
			/* new/delete, new[]/delete[] and malloc/free must pair up:
			 * reported, and the block is freed as a native program would */
			static const char *const alloc_name[] = { "malloc", "new", "new[]" };
			static const char *const free_name[] = { "free()", "delete", "delete[]" };
			machine_finding_add(m, FK_MISMATCHED_DELETE, w, 1u << l, in->span, p,
					    "%s of 0x%llx, which was allocated with %s",
					    free_name[want_new < 3 ? want_new : 0], (unsigned long long)p,
					    alloc_name[a->newkind < 3 ? a->newkind : 0]);
		}
		if (!w->host)
			m->rt.dev_heap_used -= a->size;
		machine_mem_free(m, a);
		a->freed_at = in->span;
	}
	return 0;
}

static int do_mem(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in, int set)
{
	uint64_t *R = g->fr->r, *D = in->d >= 0 ? R + (size_t)in->d * WS_WARP : NULL;
	if (in->nargs < 3)
		return 0;
	for (uint32_t mm = g->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t dst = ARG(0, l), src = ARG(1, l), n = ARG(2, l);
		if (D)
			D[l] = dst;
		if (!n)
			continue;
		uint8_t *d = interp_xlate(m, w, l, dst, n, 1, in->span);
		if (!d)
			return -1;
		if (set) {
			memset(d, (int)(uint8_t)src, n);
		} else {
			uint8_t *s = interp_xlate(m, w, l, src, n, 0, in->span);
			if (!s)
				return -1;
			memmove(d, s, n);
		}
	}
	return 0;
}

int devlib_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r;
	switch ((int)in->imm) {
	case BI_printf: return do_printf(m, w, g, in);
	case BI___assertfail: return do_assert(m, w, g, in);
	case BI_malloc: return do_malloc(m, w, g, in);
	case BI_free: return do_free(m, w, g, in);
	case BI_memcpy: return do_mem(m, w, g, in, 0);
	case BI_memset: return do_mem(m, w, g, in, 1);
	case BI___nanosleep:
		if (in->nargs)
			m->dev.cycles += (uint32_t)ARG(0, __builtin_ctz(g->mask));
		return 0;
	case BI___ws_bar_init: case BI___ws_bar_arrive: case BI___ws_bar_wait: case BI___ws_bar_test:
	case BI___ws_grid_arrive: case BI___ws_grid_wait: case BI___ws_grid_coop: case BI___ws_cg_tile:
	case BI___ws_bar_phase:
		return cg_call(m, w, g, in);
	case BI___ws_cluster_info: case BI___ws_cluster_arrive: case BI___ws_cluster_wait:
	case BI___ws_cluster_map: case BI___ws_cluster_rank_of:
		return cluster_call(m, w, g, in);
	case BI___ws_wmma_sync: case BI___ws_wmma_mma:
		return wmma_call(m, w, g, in);
	case BI___ws_acp_issue: case BI___ws_acp_commit: case BI___ws_acp_wait_prior: case BI___ws_acp_arrive_on:
	case BI___ws_pipe_make: case BI___ws_pipe_op:
		return acp_call(m, w, g, in);
	case BI___brkpt:
		if (m->o.debugger) {
			/* like cuda-gdb: the debugger stops here; continuing goes past it */
			struct machine_event ev = { .kind = EV_BRKPT, .slot = w->host ? -1 : w->blk->slot,
						    .warp = (int)w->id, .mask = g->mask,
						    .func = g->fr->fidx, .pc = g->fr->df->orig[g->pc] };

			machine_emit(m, &ev);
			return 0;
		}
		/* Without a debugger attached, the GPU's breakpoint trap ends the kernel with the
		 * sticky cudaErrorLaunchFailure (checked on an H100: tests/programs/brkpt.cu). */
		machine_finding_add(m, FK_TRAP, w, g->mask, in->span, 0,
				    "__brkpt() with no debugger attached: the kernel is aborted");
		if (w->host)
			machine_exit(m, 134);
		else
			machine_fail_kernel(m, 719);
		return -1;
	case BI___ws_tex: case BI___ws_surf:
		return texture_call(m, w, g, in);
	case BI___ws_assume: {
		/* a hint to the compiler: the GPU runs on with whatever the
		 * compiler made of it; the finding names the lanes it was false */
		uint32_t bad = 0;
		for (uint32_t mm = g->mask; mm && in->nargs; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			if (!(uint32_t)ARG(0, l))
				bad |= 1u << l;
		}
		if (bad)
			machine_finding_add(m, FK_ASSUME_VIOLATED, w, bad, in->span, 0,
					    "__builtin_assume with a false condition: the compiler may rely on it (the run goes on)");
		return 0;
	}
	case BI___ws_graph_set_cond:
		/* racing calls are undefined in CUDA: the lanes set it in lane order */
		for (unsigned l = 0; l < WS_WARP; l++)
			if (g->mask >> l & 1)
				runtime_set_conditional(m, ARG(0, l), (uint32_t)ARG(1, l));
		return 0;
	case BI___prof_trigger:
	default:
		return 0;
	}
}
