/*
 * interp.c - the SIMT interpreter: one instruction for a whole convergence
 * group at a time, lanes as the inner loop over lane-major registers.
 *
 * Group bookkeeping (divergence, tokens, parking, merging), barriers and
 * warp collectives live here too; see simt.h for the model.
 */
#include "simt.h"
#include "memmodel.h"
#include "builtin.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif


/* Register rows are either the same row or disjoint, so a full-warp loop
 * over registers has no dependence between lanes: tell gcc, whose -O2
 * vectorizer would otherwise not version the loop for aliasing. Loops
 * whose lanes may write the same memory (stores, atomics: ascending lane
 * order decides) use EACH_SEQ, without the promise. */
#if defined(__GNUC__) && !defined(__clang__)
#define LANES_INDEPENDENT _Pragma("GCC ivdep")
#else
#define LANES_INDEPENDENT
#endif

/* every lane of mask M: a full warp takes the branch-free path */
#define EACH_(PRAGMA, M, l, ...) do { \
	uint32_t m_ = (M); \
	if (m_ == 1) { \
		const unsigned l = 0; \
		__VA_ARGS__; \
	} else if (m_ == WS_FULL) { \
		PRAGMA \
		for (unsigned l = 0; l < WS_WARP; l++) { __VA_ARGS__; } \
	} else { \
		while (m_) { unsigned l = (unsigned)__builtin_ctz(m_); m_ &= m_ - 1; __VA_ARGS__; } \
	} \
} while (0)
#define EACH(M, l, ...) EACH_(LANES_INDEPENDENT, M, l, __VA_ARGS__)
#define EACH_SEQ(M, l, ...) EACH_(, M, l, __VA_ARGS__)

/* Operand x of a frame's registers R; x == -1 (no operand; decode.c
 * rejects anything below) is the frame's row -1, always zero: no branch.
 * Nothing may write through it (an instruction without a destination
 * must not store to D). */
static inline uint64_t *reg(uint64_t *R, int32_t x)
{
	return R + (ptrdiff_t)x * WS_WARP;
}

static float hval(uint64_t v)
{
	uint32_t h = (uint32_t)v & 0xffff, s = (h >> 15) << 31, e = (h >> 10) & 0x1f, f = h & 0x3ff;
	uint32_t u;
	if (e == 0) {
		float r = ldexpf((float)f, -24);
		return s ? -r : r;
	} else if (e == 31) {
		u = s | 0x7f800000u | (f << 13);
	} else {
		u = s | ((e + 112) << 23) | (f << 13);
	}
	return fval(u);
}
static uint64_t hbits(float x)
{
	uint32_t u = (uint32_t)fbits(x), s = (u >> 16) & 0x8000;
	float a = fabsf(x);
	if (isnan(x))
		return s | 0x7e00;
	if (a >= 65520.0f)
		return s | 0x7c00;
	if (a < ldexpf(1, -14)) {
		uint32_t f = (uint32_t)lrintf(ldexpf(a, 24));
		return s | f;
	}
	int e;
	float mnt = frexpf(a, &e); /* a = mnt * 2^e, mnt in [0.5,1) */
	uint32_t f = (uint32_t)lrintf(ldexpf(mnt, 11)); /* 1024..2048 */
	if (f == 2048) {
		f = 1024;
		e++;
	}
	return s | ((uint32_t)(e + 14) << 10) | (f - 1024);
}

/* lanes in a mask: without a popcnt-capable target __builtin_popcount is a
 * library call (__popcountdi2); one lane (the host) is the common case */
static inline uint32_t popc32(uint32_t x)
{
#ifdef __POPCNT__
	return (uint32_t)__builtin_popcount(x);
#else
	if (x == 1)
		return 1;
	x = x - ((x >> 1) & 0x55555555u);
	x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
	return (((x + (x >> 4)) & 0x0f0f0f0fu) * 0x01010101u) >> 24;
#endif
}

static inline int is_float(unsigned t)
{
	return t == IR_F32 || t == IR_F64 || t == IR_F16;
}
static inline int is_signed(unsigned t)
{
	return t == IR_S8 || t == IR_S16 || t == IR_S32 || t == IR_S64;
}
static unsigned type_size(unsigned t)
{
	return ir_type_size(t);
}


static inline void norm(uint64_t *D, uint32_t M, unsigned t)
{
	switch (t) {
	case IR_S8: EACH(M, l, D[l] = (uint64_t)(int64_t)(int8_t)D[l]); break;
	case IR_U8: EACH(M, l, D[l] &= 0xff); break;
	case IR_S16: EACH(M, l, D[l] = (uint64_t)(int64_t)(int16_t)D[l]); break;
	case IR_U16: case IR_F16: EACH(M, l, D[l] &= 0xffff); break;
	case IR_S32: EACH(M, l, D[l] = (uint64_t)(int64_t)(int32_t)D[l]); break;
	case IR_U32: case IR_F32: EACH(M, l, D[l] &= 0xffffffffu); break;
	case IR_PRED: EACH(M, l, D[l] = D[l] != 0); break;
	default: break;
	}
}

/* ---- findings and faults */


/* A fault of the program: device -> finding + the kernel fails with err;
 * host -> finding + the process dies like a segfault (status 139). */
static void fault(struct machine *m, struct warp *w, uint32_t lanes, struct span sp, uint64_t addr,
		  enum finding_kind kind, int err, const char *msg)
{
	machine_finding_add(m, kind, w, lanes, sp, addr, "%s", msg);
	if (w->host)
		machine_exit(m, err == 136 ? 136 : 139);
	else
		machine_fail_kernel(m, err);
}

/* A device access outside every live allocation that still lands in mapped
 * memory (mem_mapped): the finding, but no fault, as on a GPU; the bytes
 * there are read or written. Otherwise a fault with 700. NULL: faulted. */
static uint8_t *oob_global(struct machine *m, struct warp *w, unsigned lane, struct span sp,
			   uint64_t addr, uint64_t size, enum finding_kind kind, const char *msg)
{
	uint8_t *p = w->host ? NULL : mem_mapped(&m->mem, addr, size);
	if (p)
		machine_finding_add(m, kind, w, 1u << lane, sp, addr, "%s", msg);
	else
		fault(m, w, 1u << lane, sp, addr, kind, 700, msg);
	if (addr >= 4096)
		check_oob_nearest(m, addr);
	return p;
}

/* A local access outside the lane's live frames: local memory is mapped as
 * on a GPU (stack_limit bytes per thread for every thread the device can
 * hold), so it does not fault: inside the thread's own stack it reads and
 * writes the stack's bytes (a dead frame's values), further on other
 * threads' stacks (not modelled: reads see zero, writes are lost). Beyond
 * the whole local window: 700. */
static uint8_t *oob_local(struct machine *m, struct warp *w, unsigned lane, struct span sp,
			  uint64_t addr, uint64_t size, int write, const char *msg)
{
	uint64_t off = ADDR_OFF(addr), lim = m->rt.stack_limit;
	/* the driver maps the reported per-thread stack (1 KiB unless raised;
	 * frames here may use up to 64 KiB) for 2048 threads per SM */
	uint64_t per = lim > 64 * 1024 ? lim : 1024;
	uint64_t win = per * 2048 * (uint64_t)m->o.num_sms;
	struct lstack *ls = &warp_lstacks(w)[lane];
	if (size > sizeof(m->far_local) || !ws_range_in(0, win, off, size)) {
		fault(m, w, 1u << lane, sp, addr, FK_OOB_LOCAL, 700, msg);
		return NULL;
	}
	machine_finding_add(m, FK_OOB_LOCAL, w, 1u << lane, sp, addr, "%s", msg);
	if (!ws_range_in(0, lim, off, size)) {
		if (!write)
			memset(m->far_local, 0, sizeof(m->far_local));
		return m->far_local;
	}
	if (!ws_range_in(0, ls->cap, off, size)) {
		uint32_t nc = ls->cap ? ls->cap : 256;
		while (nc < off + size)
			nc *= 2;
		ls->buf = xrealloc(ls->buf, nc);
		memset(ls->buf + ls->cap, 0, nc - ls->cap);
		ls->cap = nc;
	}
	return ls->buf + off;
}

static const char *acc_name(int write)
{
	return write ? "write" : "read";
}

/* the checkers' name for the memory of allocation a (check.h) */
static enum check_region alloc_region(const struct alloc *a)
{
	switch (a->kind) {
	case AK_MANAGED: return CR_MANAGED;
	case AK_CONST: return CR_CONST;
	case AK_HOST_MALLOC: case AK_HOST_PINNED: case AK_HOST_OBJ: case AK_STRING: return CR_HOST;
	default: return CR_GLOBAL;
	}
}

/* the event is of another block's shared memory (distributed shared memory) */
static void dsmem_target(struct check_event *e, const struct block *tb)
{
	e->dslot = tb->slot + 1;
	e->drank = tb->crank;
	memcpy(e->didx, tb->idx, sizeof(e->didx));
}

/* CEV_LANE: lane of w writes [addr, addr+size) of block tb's shared memory,
 * another block of its cluster (interp_xlate's distributed shared memory) */
static WS_NOINLINE void dsmem_lane_event(struct machine *m, struct warp *w, unsigned lane,
					 uint64_t addr, unsigned size, struct span sp,
					 const struct block *tb)
{
	uint64_t la[WS_WARP];
	la[lane] = addr;
	struct check_event e = { .kind = CEV_LANE, .w = w, .b = w->blk, .mask = 1u << lane,
				 .span = sp, .space = ADDR_TAG(addr), .size = size,
				 .access = CHECK_WRITE, .lane_addr = la, .region = CR_SHARED,
				 .addr = ADDR(TAG_SHARED, (uint64_t)DSMEM_RANK(addr) << 32),
				 .bytes = tb->shared_size, .slot = w->blk->slot, .warp = w->id,
				 .phase = chk_phase(w->blk), .wsync = w->wsync, .block = w->blk->linear,
				 .crank = w->blk->crank };
	dsmem_target(&e, tb);
	machine_publish(m, &e);
}

static uint8_t *xl_alloc(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
			 uint64_t size, int write, struct span sp)
{
	char msg[200];
	struct alloc *a = mem_find(&m->mem, addr);
	int dev = !w->host;
	enum finding_kind okind = !dev ? FK_INVALID_HOST_ACCESS : write ? FK_OOB_GLOBAL_WRITE : FK_OOB_GLOBAL_READ;
	if (!a) {
		struct alloc *near = addr >= 256 ? mem_find(&m->mem, addr - 256) : NULL;
		if (!near && addr >= 1)
			near = NULL;
		if (addr < 4096)
			snprintf(msg, sizeof(msg), "%s of %llu bytes through a null pointer (address 0x%llx)",
				 acc_name(write), (unsigned long long)size, (unsigned long long)addr);
		else if (near && !near->freed)
			snprintf(msg, sizeof(msg), "%s of %llu bytes at 0x%llx, %llu bytes past the end of a %llu-byte allocation",
				 acc_name(write), (unsigned long long)size, (unsigned long long)addr,
				 (unsigned long long)(addr - near->base - near->size),
				 (unsigned long long)near->size);
		else
			snprintf(msg, sizeof(msg), "%s of %llu bytes at 0x%llx, which is in no allocation",
				 acc_name(write), (unsigned long long)size, (unsigned long long)addr);
		return oob_global(m, w, lane, sp, addr, size, okind, msg);
	}
	if (a->freed) {
		snprintf(msg, sizeof(msg), "%s of %llu bytes at 0x%llx in memory that was freed",
			 acc_name(write), (unsigned long long)size, (unsigned long long)addr);
		return oob_global(m, w, lane, sp, addr, size, FK_USE_AFTER_FREE, msg);
	}
	if (!ws_range_in(a->base, a->size, addr, size)) {
		snprintf(msg, sizeof(msg), "%s of %llu bytes at 0x%llx runs past the end of a %llu-byte allocation (%llu bytes from there are inside it)",
			 acc_name(write), (unsigned long long)size, (unsigned long long)addr,
			 (unsigned long long)a->size, (unsigned long long)(a->base + a->size - addr));
		return oob_global(m, w, lane, sp, addr, size, okind, msg);
	}
	if (dev && !a->dev_ok) {
		snprintf(msg, sizeof(msg), "the kernel dereferences host address 0x%llx (memory from malloc or a host variable); copy the data to the device with cudaMemcpy",
			 (unsigned long long)addr);
		fault(m, w, 1u << lane, sp, addr, FK_HOST_POINTER_IN_KERNEL, 700, msg);
		return NULL;
	}
	if (!dev && !a->host_ok) {
		snprintf(msg, sizeof(msg), "host code dereferences device address 0x%llx (from cudaMalloc or a __device__ variable); copy it back with cudaMemcpy first",
			 (unsigned long long)addr);
		fault(m, w, 1, sp, addr, FK_DEVICE_POINTER_ON_HOST, 139, msg);
		return NULL;
	}
	if (CHECK_WANTS(m, CEV_LANE))
		machine_publish_lane(m, w, lane, addr, (unsigned)size, write, sp, alloc_region(a),
				     a->base, a->size);
	if (write && a->kind == AK_CONST && dev) {
		fault(m, w, 1u << lane, sp, addr, okind, 700, "write to __constant__ memory");
		return NULL;
	}
	return a->data + (addr - a->base);
}

uint8_t *interp_xlate(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
		      uint64_t size, int write, struct span sp)
{
	uint64_t off = ADDR_OFF(addr);
	char msg[200];
	m->nstores += (uint64_t)write;
	switch (ADDR_TAG(addr)) {
	case TAG_HOST: case TAG_GLOBAL: case TAG_CONST:
		return xl_alloc(m, w, lane, addr, size, write, sp);
	case TAG_SHARED:
		if (w->host)
			break;
		if (DSMEM_RANK(addr)) {
			/* distributed shared memory: another block of the cluster (cluster.c) */
			struct block *tb = cluster_dsmem_block(m, w, lane, addr, sp);
			off = DSMEM_OFF(addr);
			if (!tb)
				return NULL;
			if (!ws_range_in(0, tb->shared_size, off, size)) {
				snprintf(msg, sizeof(msg), "distributed shared memory %s of %llu bytes at offset %llu of cluster block rank %u; the block has %llu bytes of shared memory",
					 acc_name(write), (unsigned long long)size, (unsigned long long)off,
					 tb->crank, (unsigned long long)tb->shared_size);
				fault(m, w, 1u << lane, sp, addr, FK_OOB_SHARED, 700, msg);
				return NULL;
			}
			if (write && CHECK_WANTS(m, CEV_LANE))
				dsmem_lane_event(m, w, lane, addr, (unsigned)size, sp, tb);
			return tb->shared + off;
		}
		if (!ws_range_in(0, w->blk->shared_size, off, size)) {
			snprintf(msg, sizeof(msg), "shared memory %s of %llu bytes at offset %llu; the block has %llu bytes of shared memory",
				 acc_name(write), (unsigned long long)size, (unsigned long long)off,
				 (unsigned long long)w->blk->shared_size);
			fault(m, w, 1u << lane, sp, addr, FK_OOB_SHARED, 700, msg);
			return NULL;
		}
		if (CHECK_WANTS(m, CEV_LANE))
			machine_publish_lane(m, w, lane, addr, (unsigned)size, write, sp, CR_SHARED,
					     ADDR(TAG_SHARED, 0), w->blk->shared_size);
		return w->blk->shared + off;
	case TAG_LOCAL:
		if (w->host)
			break;
		if (!ws_range_in(0, w->ls[lane].sp, off, size)) {
			snprintf(msg, sizeof(msg), "local memory %s of %llu bytes at offset %llu outside the thread's live stack frames",
				 acc_name(write), (unsigned long long)size, (unsigned long long)off);
			return oob_local(m, w, lane, sp, addr, size, write, msg);
		}
		if (CHECK_WANTS(m, CEV_LANE))
			machine_publish_lane(m, w, lane, addr, (unsigned)size, write, sp, CR_LOCAL,
					     ADDR(TAG_LOCAL, 0), w->ls[lane].sp);
		return w->ls[lane].buf + off;
	case TAG_HSTACK: {
		struct lstack *hs;
		if (!w->host) {
			snprintf(msg, sizeof(msg), "the kernel dereferences 0x%llx, the address of a local variable of the host; pass device memory instead",
				 (unsigned long long)addr);
			fault(m, w, 1u << lane, sp, addr, FK_HOST_POINTER_IN_KERNEL, 700, msg);
			return NULL;
		}
		hs = hthread_stack(m, addr, &off);
		if (!hs || !ws_range_in(0, hs->sp, off, size)) {
			uint64_t live = hs && off < hs->sp ? hs->sp - off : 0;
			snprintf(msg, sizeof(msg), "%s of %llu bytes at 0x%llx on the host stack runs past its live frames (%llu bytes from there are inside them)",
				 acc_name(write), (unsigned long long)size, (unsigned long long)addr,
				 (unsigned long long)live);
			fault(m, w, 1, sp, addr, FK_INVALID_HOST_ACCESS, 139, msg);
			return NULL;
		}
		return hs->buf + off;
	}
	case TAG_PARAM:
		if (w->host || !m->dev.grid || write || !ws_range_in(0, m->dev.grid->l.param_size, off, size))
			break;
		return m->dev.grid->l.param + off;
	default:
		break;
	}
	/* run --gpu: device memory at the GPU's addresses (mem_alloc_at) */
	if (m->mem.ext.a.len && mem_find(&m->mem, addr))
		return xl_alloc(m, w, lane, addr, size, write, sp);
	if (addr < 4096)
		snprintf(msg, sizeof(msg), "%s of %llu bytes through a null pointer", acc_name(write),
			 (unsigned long long)size);
	else
		snprintf(msg, sizeof(msg), "%s of %llu bytes at 0x%llx, which is not a valid address%s",
			 acc_name(write), (unsigned long long)size, (unsigned long long)addr,
			 w->host ? " (a wild or uninitialized pointer?)" : "");
	fault(m, w, 1u << lane, sp, addr,
	      w->host ? FK_INVALID_HOST_ACCESS : write ? FK_OOB_GLOBAL_WRITE : FK_OOB_GLOBAL_READ, 700, msg);
	return NULL;
}

int machine_host_read(struct machine *m, uint64_t addr, void *dst, uint64_t n)
{
	if (n == 0)
		return 0;
	struct span sp = {0};
	uint8_t *p;
	if (ADDR_TAG(addr) == TAG_HSTACK) {
		p = interp_xlate(m, m->ht.cur, 0, addr, n, 0, sp);
	} else {
		struct alloc *a = mem_find(&m->mem, addr);
		if (!a || a->freed || !ws_range_in(a->base, a->size, addr, n))
			return -1;
		p = a->data + (addr - a->base);
	}
	if (!p)
		return -1;
	memcpy(dst, p, n);
	return 0;
}

int machine_host_write(struct machine *m, uint64_t addr, const void *src, uint64_t n)
{
	if (n == 0)
		return 0;
	struct span sp = {0};
	uint8_t *p;
	if (ADDR_TAG(addr) == TAG_HSTACK) {
		p = interp_xlate(m, m->ht.cur, 0, addr, n, 1, sp);
	} else {
		struct alloc *a = mem_find(&m->mem, addr);
		if (!a || a->freed || !ws_range_in(a->base, a->size, addr, n))
			return -1;
		p = a->data + (addr - a->base);
	}
	if (!p)
		return -1;
	memcpy(p, src, n);
	return 0;
}

int interp_read_str(struct machine *m, struct warp *w, unsigned lane, uint64_t addr,
		    struct strbuf *out)
{
	if (addr == 0)
		return -1;
	struct span sp = {0};
	for (int i = 0; i < 1 << 20; i++) {
		uint8_t *p;
		unsigned tag = ADDR_TAG(addr + i);
		if (tag == TAG_HOST || tag == TAG_GLOBAL || tag == TAG_CONST) {
			struct alloc *a = mem_find(&m->mem, addr + i);
			if (!a || a->freed)
				return -1;
			p = a->data + (addr + i - a->base);
		} else if (tag == TAG_SHARED || tag == TAG_LOCAL || tag == TAG_HSTACK || tag == TAG_PARAM) {
			uint64_t save = m->findings.len;
			p = interp_xlate(m, w, lane, addr + i, 1, 0, sp);
			(void)save;
			if (!p)
				return -1;
		} else {
			return -1;
		}
		if (!*p)
			return 0;
		strbuf_addc(out, (char)*p);
	}
	return 0;
}

/* ---- frames and local stacks */

int interp_param_aggregate(const struct ir_func *fn, uint32_t k)
{
	return ir_param_aggregate(fn, k);
}

static int lstack_push(struct machine *m, struct warp *w, unsigned lane, struct lstack *ls,
		       uint32_t size, uint32_t align, uint32_t *base, int defined);

int interp_lstack_push(struct machine *m, struct warp *w, unsigned lane, uint32_t size,
		       uint32_t align, uint32_t *base)
{
	struct lstack *ls = &warp_lstacks(w)[lane];
	return lstack_push(m, w, lane, ls, size, align, base, 1);
}

/* CEV_STACK: lane of w pushed [base, base+size) on its stack */
static WS_NOINLINE void stack_event(struct machine *m, struct warp *w, unsigned lane, uint32_t base,
				    uint32_t size, int defined)
{
	uint64_t la[WS_WARP];
	la[lane] = ADDR(TAG_LOCAL, base);
	struct check_event e = { .kind = CEV_STACK, .w = w, .b = w->blk, .mask = 1u << lane,
				 .space = TAG_LOCAL, .size = size, .lane_addr = la, .arg = defined,
				 .slot = w->blk->slot, .warp = w->id, .block = w->blk->linear };
	machine_publish(m, &e);
}

/* push size bytes (zeroed) on lane's stack ls (of warp w); defined: the
 * bytes are copies of arguments (the initialization checker's business) */
static int lstack_push(struct machine *m, struct warp *w, unsigned lane, struct lstack *ls,
		       uint32_t size, uint32_t align, uint32_t *base, int defined)
{
	if (align < 8)
		align = 8;
	uint64_t b = ((uint64_t)ls->sp + align - 1) & ~(uint64_t)(align - 1);
	uint64_t need = b + size;
	/* the host thread has a process-sized stack (8 MiB, like ulimit -s) */
	uint64_t limit = ls->host ? (8u << 20) : m->rt.stack_limit;
	if (need > limit)
		return -1;
	if (need > ls->cap) {
		uint32_t nc = ls->cap ? ls->cap : 256;
		while (nc < need)
			nc *= 2;
		ls->buf = xrealloc(ls->buf, nc);
		/* the bytes past sp are read by out-of-range local accesses
		 * (oob_local): zero, never what malloc left, so runs repeat */
		memset(ls->buf + ls->cap, 0, nc - ls->cap);
		ls->cap = nc;
	}
	memset(ls->buf + b, 0, size);
	*base = (uint32_t)b;
	ls->sp = (uint32_t)need;
	w->ls_moved = 1;
	if (CHECK_WANTS(m, CEV_STACK) && !ls->host)
		stack_event(m, w, lane, (uint32_t)b, size, defined);
	return 0;
}

static WS_NOINLINE struct frame *frame_new_slow(struct machine *m, struct warp *w, const struct ir_func *fn,
						 const struct dfunc *sdf, int32_t fidx, struct frame *parent,
						 uint32_t mask);

/* A zeroed frame of cap rows, not on any list: from the warps' pool where
 * pooled (a device frame) and the pool has room, else from the heap */
struct frame *interp_frame_alloc(struct machine *m, uint32_t cap, int pooled)
{
	struct frame *f = pooled ? pool_alloc(&m->dev.wpool, FRAME_BYTES(cap)) : NULL;
	if (f) {
		f->pooled = 1;
		f->r = (uint64_t *)((unsigned char *)f + FRAME_HEAD) + WS_WARP;
	} else {
		f = xcalloc(1, sizeof(*f));
		/* row -1 stays zero: the "no operand" register (see reg) */
		f->r = (uint64_t *)xcalloc((size_t)(cap + 1) * WS_WARP, sizeof(uint64_t)) + WS_WARP;
	}
	f->cap = cap;
	return f;
}

/* The common case first (a launch starts one frame per warp): the first
 * free frame fits, the function is decoded and stackless, the depth is
 * within the limit; it sets what frame_new_slow sets. */
struct frame *interp_frame_new(struct machine *m, struct warp *w, const struct ir_func *fn,
			       int32_t fidx, struct frame *parent, uint32_t mask)
{
	struct frame *f = w->free_frames;
	const struct dfunc *df = m->df[fidx];
	uint32_t depth = parent ? parent->depth + 1 : 0;
	if (WS_UNLIKELY(!f || !df || f->cap < (ir_rows(fn) ? ir_rows(fn) : 1) || !df->stackless ||
			df->bad || (parent && depth > (w->host ? (1u << 16) : (uint32_t)(m->rt.stack_limit / 8)))))
		return frame_new_slow(m, w, fn, NULL, fidx, parent, mask);
	w->free_frames = f->next_free;
	frame_begin(f, fn, df, fidx, parent, depth, popc32(mask));
	return f;
}

struct frame *interp_frame_new_df(struct machine *m, struct warp *w, const struct ir_func *fn,
				  const struct dfunc *df, int32_t fidx, struct frame *parent, uint32_t mask)
{
	return frame_new_slow(m, w, fn, df, fidx, parent, mask);
}

/* sdf: the decoded code of fn when fn is a kernel's specialised copy, else
 * NULL (m->df[fidx], decoded here the first time) */
static WS_NOINLINE struct frame *frame_new_slow(struct machine *m, struct warp *w, const struct ir_func *fn,
						 const struct dfunc *sdf, int32_t fidx, struct frame *parent,
						 uint32_t mask)
{
	uint32_t need = ir_rows(fn) ? ir_rows(fn) : 1;
	struct frame *f = w->free_frames, **pp = &w->free_frames;
	while (f && f->cap < need) {
		pp = &f->next_free;
		f = f->next_free;
	}
	if (f) {
		*pp = f->next_free;
	} else {
		/* registers start at zero in a fresh frame; a reused frame keeps
		 * the previous activation's values, as a GPU's register file does
		 * (deterministic all the same) */
		/* a device frame has the rows its function uses (a resident
		 * block of a small kernel held 16 rows per warp, most of its
		 * memory) and comes with them from the pool (huge pages: a
		 * launch makes thousands at once); the host keeps room for a
		 * callee's (hostvm.c reuses frames only where they fit) */
		f = interp_frame_alloc(m, w->host && need < 16 ? 16 : need, !w->host);
		m->dev.nframes += !w->host;
		f->next_all = w->all_frames;
		w->all_frames = f;
	}
	if (!sdf && !m->df[fidx]) {
		m->df[fidx] = decode_func(fn, m->mod);
		if (m->bp.v.len && !m->df[fidx]->bad)
			machine_apply_breaks(m, m->df[fidx]);
	}
	const struct dfunc *df = sdf ? sdf : m->df[fidx];
	if (df->bad) {
		const struct dfunc *bd = df;
		machine_finding_add(m, FK_TRAP, w, mask,
				    bd->bad_at < fn->ncode ? fn->code[bd->bad_at].span : fn->span, 0,
				    "internal error: %s cannot run: %s (instruction %u); please report this",
				    fn->name, bd->bad, bd->bad_at);
		return NULL;
	}
	frame_begin(f, fn, df, fidx, parent, parent ? parent->depth + 1 : 0, popc32(mask));
	uint32_t fail = 0;
	/* every call costs stack on a GPU (return address, saved registers):
	 * charge it 8 bytes so that recursion without locals overflows too */
	if (f->depth > (w->host ? (1u << 16) : (uint32_t)(m->rt.stack_limit / 8)))
		fail = mask;
	if (f->df->stackless)
		; /* pushes nothing: frame_lbase finds its base when asked */
	else if (fn->frame_size == 0)
		EACH(mask, l, f->lbase[l] = warp_lstacks(w)[l].sp);
	else
		EACH(mask, l, {
			if (lstack_push(m, w, l, &warp_lstacks(w)[l], fn->frame_size, fn->frame_align, &f->lbase[l], 0))
				fail |= 1u << l;
		});
	if (fail) {
		f->next_free = w->free_frames;
		w->free_frames = f;
		return NULL;
	}
	return f;
}

/* f, done, back where it came from: its warp's free list, or the end of
 * the machine's queue (machine.c warp_start) */
static void frame_release(struct machine *m, struct warp *w, struct frame *f)
{
	struct fstash *q = f->stash;
	if (q) {
		f->next_free = NULL;
		*(q->tail ? &q->tail->next_free : &q->head) = f;
		q->tail = f;
		return;
	}
	f->next_free = w->free_frames;
	w->free_frames = f;
}

/* ---- groups and tokens */

static void group_remove(struct warp *w, uint32_t j)
{
	uint32_t last = --w->ng;
	if (j != last)
		w->g[j] = w->g[last];
	if (w->cur == (int32_t)j)
		w->cur = -1;
	else if (w->cur == (int32_t)last)
		w->cur = (int32_t)j;
}

static uint16_t tok_new(struct warp *w, uint32_t mask, uint32_t rpc, uint32_t depth)
{
	size_t i;
	for (i = 0; i < w->toks.len; i++)
		if (!w->toks.v[i].used)
			break;
	if (i == w->toks.len) {
		/* most warps hold one or two tokens at a time: a table of 2 to
		 * start with (vec_push's 8 were 4096 pages of 160 bytes per
		 * warp at 2^17 threads), doubled when needed */
		if (!w->toks.v) {
			w->toks.v = w->tok_in; /* the warp's own (struct warp) */
			w->toks.cap = WS_TOKIN;
		} else if (w->toks.len == w->toks.cap) {
			size_t cap = 2 * w->toks.cap, sz = sizeof(*w->toks.v);
			if (w->toks.v == w->tok_in) {
				struct token *v = xmalloc(cap * sz);
				memcpy(v, w->tok_in, w->toks.len * sz);
				w->toks.v = v;
			} else {
				w->toks.v = xrealloc(w->toks.v, cap * sz);
			}
			w->toks.cap = cap;
		}
		memset(&w->toks.v[w->toks.len++], 0, sizeof(*w->toks.v));
	}
	struct token *t = &w->toks.v[i];
	t->mask = mask;
	t->arrived = 0;
	t->rpc = rpc;
	t->depth = depth;
	t->used = 1;
	return (uint16_t)i;
}

static int at_token(const struct warp *w, const struct group *g)
{
	const struct token *t = &w->toks.v[g->tok[g->ntok - 1]];
	return g->fr->depth < t->depth || (g->fr->depth == t->depth && g->pc == t->rpc);
}

static void tok_complete(struct warp *w, uint16_t t)
{
	int first = -1;
	for (uint32_t j = 0; j < w->ng; j++) {
		struct group *g = &w->g[j];
		if (g->state != G_PARK || !g->ntok || g->tok[g->ntok - 1] != t)
			continue;
		if (first >= 0 && w->g[first].pc == g->pc && w->g[first].fr == g->fr) {
			w->g[first].mask |= g->mask;
			group_remove(w, j);
			if (first == (int)w->ng)
				first = (int)j;
			j--;
			continue;
		}
		if (first < 0)
			first = (int)j;
		g->ntok--;
		g->state = G_READY;
	}
	w->toks.v[t].used = 0;
}

static int same_toks(const struct group *a, const struct group *b)
{
	return a->ntok == b->ntok && memcmp(a->tok, b->tok, a->ntok * sizeof(a->tok[0])) == 0;
}

static void warp_settle(struct machine *m, struct warp *w);

/* Park groups that reached their reconvergence point, complete tokens,
 * merge groups that meet. Called after any change of the group set. */
static void warp_settle(struct machine *m, struct warp *w)
{
	interp_warp_settle(m, w);
}

/* The common end of a two-way split: one group ready at its token, the
 * other parked there, at the same place, each inside that token only, and
 * their lanes complete it. What interp_warp_settle's loops do then (park
 * the ready one, tok_complete: the first group takes both masks and is
 * ready, the second leaves; nothing more to park or merge), without their
 * scans. EV_RECONVERGE's observers take the loops. */
static int settle_pair(struct machine *m, struct warp *w)
{
	struct group *a = &w->g[0], *b = &w->g[1];
	if (a->ntok != 1 || b->ntok != 1 || a->tok[0] != b->tok[0] || a->pc != b->pc || a->fr != b->fr ||
	    (m->hooks & (1u << EV_RECONVERGE)))
		return 0;
	struct group *r = a->state == G_READY && b->state == G_PARK ? a
			  : a->state == G_PARK && b->state == G_READY ? b : NULL;
	if (!r || !at_token(w, r))
		return 0;
	struct token *t = &w->toks.v[a->tok[0]];
	if (((t->arrived | r->mask) & t->mask) != t->mask)
		return 0;
	t->arrived |= r->mask;
	t->used = 0;
	a->mask |= b->mask;
	a->ntok = 0;
	a->state = G_READY;
	group_remove(w, 1);
	return 1;
}

void interp_warp_settle_any(struct machine *m, struct warp *w)
{
	if (w->ng == 2 && settle_pair(m, w))
		return;
again:
	for (uint32_t j = 0; j < w->ng; j++) {
		struct group *g = &w->g[j];
		if (g->state != G_READY || !g->ntok || !at_token(w, g))
			continue;
		uint16_t ti = g->tok[g->ntok - 1];
		struct token *t = &w->toks.v[ti];
		t->arrived |= g->mask;
		g->state = G_PARK;
		if ((t->arrived & t->mask) == t->mask) {
			tok_complete(w, ti);
			if (m->hooks & (1u << EV_RECONVERGE)) {
				struct machine_event e = { .kind = EV_RECONVERGE, .slot = w->blk->slot,
							   .warp = (int)w->id, .mask = t->mask };
				machine_emit(m, &e);
			}
		}
		goto again;
	}
	for (uint32_t i = 0; i < w->ng; i++) {
		for (uint32_t j = i + 1; j < w->ng; j++) {
			struct group *a = &w->g[i], *b = &w->g[j];
			if (a->state == G_READY && b->state == G_READY && a->pc == b->pc &&
			    a->fr == b->fr && same_toks(a, b)) {
				a->mask |= b->mask;
				group_remove(w, j);
				goto again;
			}
		}
	}
}

static void coll_try(struct machine *m, struct warp *w);

/* lanes leave the kernel */
static void lanes_exit(struct machine *m, struct warp *w, uint32_t gi)
{
	uint32_t x = w->g[gi].mask;
	group_remove(w, gi);
	w->live &= ~x;
	w->exited |= x;
	struct block *b = w->blk;
	b->nexited += popc32(x);
	for (size_t i = 0; i < w->toks.len; i++) {
		struct token *t = &w->toks.v[i];
		if (!t->used || !(t->mask & x))
			continue;
		t->mask &= ~x;
		t->arrived &= ~x;
		if (t->mask == 0)
			t->used = 0;
		else if ((t->arrived & t->mask) == t->mask)
			tok_complete(w, (uint16_t)i);
	}
	warp_settle(m, w);
	/* collectives waiting for lanes that just exited complete without them */
	int waiting = 0;
	if (!w->host && CHECK_WANTS(m, CEV_WARP_EXIT)) {
		if (b->bar_arrived)
			b->exit_noted = 1; /* the release is a barrier_after_exit listener's */
		struct check_event e = { .kind = CEV_WARP_EXIT, .w = w, .b = w->blk, .mask = x };
		machine_publish(m, &e);
	}
	for (uint32_t j = 0; j < w->ng; j++)
		if (w->g[j].state == G_COLL) {
			w->g[j].coll_mask &= w->live;
			waiting = 1;
		}
	if (waiting)
		coll_try(m, w);
	if (!w->host && b->bar_arrived && b->bar_arrived >= b->nthreads - b->nexited)
		interp_bar_release(m, b);
}

/* Whether device warp w's RET (of group gi, at depth 0) leaves as
 * warp_ret_exit does: its one group, no token in use, no thread of its
 * block waiting at a barrier (lanes_exit would release it) */
static int warp_ret_plain(const struct warp *w, uint32_t gi)
{
	if (w->host || w->ng != 1 || gi != 0 || w->g[0].ntok || w->blk->bar_arrived)
		return 0;
	for (size_t i = 0; i < w->toks.len; i++)
		if (w->toks.v[i].used)
			return 0;
	return 1;
}

/* A device warp's one group (warp_ret_plain), its RET counted, leaves:
 * do_ret at depth 0 and lanes_exit for a warp whose one group leaves (no
 * token to complete, nothing to settle, no collective or barrier waiting
 * for the lanes); ev as interp_warp_quick_ret's. */
static void warp_ret_exit(struct machine *m, struct warp *w, struct check_event *ev)
{
	struct group *g = &w->g[0];
	struct frame *f = g->fr;
	struct block *b = w->blk;
	uint32_t x = g->mask;
	if (!f->df->stackless)
		EACH(x, l, w->ls[l].sp = f->lbase[l]);
	f->nlanes -= popc32(x);
	if (f->nlanes == 0)
		frame_release(m, w, f);
	w->ng = 0;
	if (w->cur == 0) /* group_remove's */
		w->cur = -1;
	w->live &= ~x;
	w->exited |= x;
	b->nexited += popc32(x);
	if (ev) {
		ev->w = w;
		ev->b = b;
		ev->mask = x;
		machine_publish(m, ev);
	}
}

int interp_warp_quick_ret(struct machine *m, struct warp *w, const struct dfunc *df, struct check_event *ev)
{
	struct group *g = &w->g[0];
	struct frame *f = g->fr;
	if (w->ng != 1 || g->state != G_READY || g->pc != 0 || g->ntok || w->toks.len ||
	    f->df != df || f->depth || w->blk->bar_arrived)
		return 0;
	w->cur = 0; /* interp_warp_pick's */
	/* interp_run_group's count */
	m->steps++;
	m->dev.cycles++;
	m->dev.smclk[w->blk->sm]++;
	warp_ret_exit(m, w, ev);
	return 1;
}

/* Forward progress: release parked groups when nothing else can run. */
void interp_warp_release(struct warp *w)
{
	for (uint32_t j = 0; j < w->ng; j++) {
		struct group *g = &w->g[j];
		if (g->state != G_PARK)
			continue;
		struct token *t = &w->toks.v[g->tok[g->ntok - 1]];
		t->mask &= ~g->mask;
		t->arrived &= ~g->mask;
		if (t->mask == 0)
			t->used = 0;
		g->ntok--;
		g->state = G_READY;
	}
}

static uint32_t tok_seq(const struct warp *w, const struct group *g)
{
	(void)w;
	return g->ntok ? (uint32_t)g->ntok : 0;
}

int interp_warp_pick(struct machine *m, struct warp *w)
{
	if (w->ng == 1 && w->g[0].state == G_READY) {
		w->cur = 0; /* the one ready group, under either policy */
		return 0;
	}
	for (int pass = 0; pass < 2; pass++) {
		int best = -1;
		uint32_t nready = 0;
		for (uint32_t j = 0; j < w->ng; j++)
			nready += w->g[j].state == G_READY;
		if (nready) {
			if (m->o.simt == SIMT_STACK || nready == 1) {
				if (w->cur >= 0 && (uint32_t)w->cur < w->ng && w->g[w->cur].state == G_READY)
					return w->cur;
				for (uint32_t j = 0; j < w->ng; j++) {
					if (w->g[j].state != G_READY)
						continue;
					if (best < 0 || tok_seq(w, &w->g[j]) > tok_seq(w, &w->g[best]))
						best = (int)j;
				}
			} else {
				uint32_t k = m->o.sched == SCHED_RANDOM ? (uint32_t)(machine_rand(m) % nready)
									: (w->rr++ % nready);
				for (uint32_t j = 0; j < w->ng; j++)
					if (w->g[j].state == G_READY && k-- == 0) {
						best = (int)j;
						break;
					}
			}
			w->cur = best;
			return best;
		}
		int parked = 0;
		for (uint32_t j = 0; j < w->ng; j++)
			parked |= w->g[j].state == G_PARK;
		if (!parked)
			return -1;
		interp_warp_release(w);
		warp_settle(m, w);
	}
	return -1;
}

/* ---- barriers */

/* a released group's result of __syncthreads_count, _and or _or (in->d) */
static WS_NOINLINE void bar_result(struct group *g, const struct ir_insn *in, uint32_t popc, int band, int bor)
{
	uint64_t v = in->sub == BAR_POPC ? popc : in->sub == BAR_AND ? (uint64_t)band : (uint64_t)bor;
	uint64_t *D = reg(g->fr->r, in->d);
	EACH(g->mask, l, D[l] = v);
}

void interp_bar_release(struct machine *m, struct block *b)
{
	if (CHECK_WANTS(m, CEV_BARRIER) && (m->chk.bar_loud || b->exit_noted)) {
		struct check_event e = { .kind = CEV_BARRIER, .b = b, .slot = b->slot,
					 .phase = b->bar_gen };
		b->exit_noted = 0;
		machine_publish(m, &e);
	}
	uint32_t popc = b->bar_popc, whole = b->bar_whole;
	int band = b->bar_and, bor = b->bar_or;
	b->bar_arrived = 0;
	b->bar_whole = 0;
	b->bar_popc = 0;
	b->bar_and = 1;
	b->bar_or = 0;
	b->bar_gen++;
	if (WS_UNLIKELY(m->mm))
		mm_bar(m, b);
	uint32_t nw = b->nwarps;
	if (whole == (nw >= 32 ? ~0u : (1u << nw) - 1)) {
		/* every warp waits whole (reduce_smem's full phases): the loop
		 * below's first case for each, without its tests */
		for (uint32_t i = 0; i < nw; i++) {
			struct group *g = &b->w[i].g[0];
			g->pc++;
			g->state = G_READY;
		}
		goto released;
	}
	for (uint32_t i = 0; i < nw; i++) {
		struct warp *w = &b->w[i];
		if (whole >> i & 1) {
			/* its one group at a plain barrier without tokens (bar_arrive) */
			w->g[0].pc++;
			w->g[0].state = G_READY;
			continue;
		}
		uint32_t ng = w->ng;
		if (ng == 1) {
			/* the common case: the warp's one group, waiting at a plain
			 * __syncthreads(), without tokens (nothing to settle) */
			struct group *g = &w->g[0];
			if (g->state != G_BAR)
				continue;
			const struct ir_insn *in = &g->fr->code[g->pc];
			if (WS_LIKELY(in->d < 0 && !g->ntok)) {
				g->pc++;
				g->state = G_READY;
				continue;
			}
		}
		int any = 0;
		for (uint32_t j = 0; j < ng; j++) {
			struct group *g = &w->g[j];
			if (g->state != G_BAR)
				continue;
			const struct ir_insn *in = &g->fr->code[g->pc];
			if (in->d >= 0)
				bar_result(g, in, popc, band, bor);
			g->pc++;
			g->state = G_READY;
			any = 1;
		}
		if (any && (ng > 1 || w->g[0].ntok)) /* else interp_warp_settle has nothing to do */
			warp_settle(m, w);
	}
released:
	if (m->hooks & (1u << EV_BARRIER)) {
		struct machine_event e = { .kind = EV_BARRIER, .slot = b->slot, .warp = -1 };
		machine_emit(m, &e);
	}
}

/* The group arrives at a barrier (and, the last to, releases the block).
 * Inline: fast_run's F_BAR takes the plain __syncthreads() with no arrival
 * checker through its two tests (tenth session, s10-dev's measured path). */
static inline void bar_arrive(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	struct block *b = w->blk;
	if (w->host) {
		g->pc++;
		return;
	}
	uint32_t M = g->mask;
	if (in->sub != BAR_SYNC) {
		uint64_t *A = reg(g->fr->r, in->a);
		EACH(M, l, {
			int p = A[l] != 0;
			b->bar_popc += (uint32_t)p;
			b->bar_and &= p;
			b->bar_or |= p;
		});
	}
	b->bar_arrived += M == WS_FULL ? WS_WARP : popc32(M);
	if ((M == WS_FULL || M == w->live) && in->d < 0 && !g->ntok)
		b->bar_whole |= 1u << w->id; /* the release's common case (interp_bar_release) */
	g->state = G_BAR;
	if (CHECK_WANTS(m, CEV_BARRIER_ARRIVE)) {
		struct check_event e = { .kind = CEV_BARRIER_ARRIVE, .w = w, .b = b, .mask = M,
					 .span = in->span };
		machine_publish(m, &e);
	}
	if (b->bar_arrived >= b->nthreads - b->nexited)
		interp_bar_release(m, b);
}

/* ---- warp collectives */

uint32_t interp_shfl_src(unsigned sub, unsigned lane, int32_t bval, uint32_t width, int *ok)
{
	bval &= 31; /* PTX shfl.sync: bval = b[4:0] (down by 40 is down by 8 on the GPU) */
	uint32_t segmask = (32 - width) & 31; /* c[12:8] */
	uint32_t cval = sub == SHFL_UP ? 0 : 31;
	int32_t maxl = (int32_t)((lane & segmask) | (cval & ~segmask));
	int32_t minl = (int32_t)(lane & segmask);
	int32_t j;
	switch (sub) {
	case SHFL_UP: j = (int32_t)lane - bval; *ok = j >= maxl; break;
	case SHFL_DOWN: j = (int32_t)lane + bval; *ok = j <= maxl; break;
	case SHFL_BFLY: j = (int32_t)(lane ^ (uint32_t)bval); *ok = j <= maxl; break;
	default: j = minl | (int32_t)((uint32_t)bval & ~segmask & 31); *ok = j <= maxl; break;
	}
	if (!*ok || j < 0 || j > 31)
		j = (int32_t)lane;
	return (uint32_t)j;
}

/* Complete the collective for the groups in list (all of them waiting). */
/* CEV_COLLECTIVE: groups that were apart complete one collective together */
static WS_NOINLINE void collective_event(struct machine *m, struct warp *w, const uint32_t *list,
					 int n)
{
	struct check_event e = { .kind = CEV_COLLECTIVE, .w = w, .b = w->host ? NULL : w->blk,
				 .groups = list, .ngroups = n };
	for (int k = 0; k < n; k++)
		e.mask |= w->g[list[k]].mask;
	e.span = w->g[list[0]].fr->code[w->g[list[0]].pc].span;
	machine_publish(m, &e);
}

static void coll_complete(struct machine *m, struct warp *w, const uint32_t *list, int n)
{
	if (CHECK_WANTS(m, CEV_COLLECTIVE) && n > 1)
		collective_event(m, w, list, n);
	uint64_t val[WS_WARP], res[WS_WARP], pred[WS_WARP];
	uint32_t part = 0;
	w->wsync++; /* orders the participants' shared accesses (race_check under its) */
	for (int k = 0; k < n; k++) {
		struct group *g = &w->g[list[k]];
		const struct ir_insn *in = &g->fr->code[g->pc];
		uint64_t *V = reg(g->fr->r, in->op == IR_SHFL ? in->a : in->b);
		EACH(g->mask, l, val[l] = V[l]);
		part |= g->mask;
	}
	if (WS_UNLIKELY(m->mm) && n && w->g[list[0]].fr->code[w->g[list[0]].pc].op == IR_WARPSYNC)
		mm_warpsync(m, w, part);
	for (int k = 0; k < n; k++) {
		struct group *g = &w->g[list[k]];
		const struct ir_insn *in = &g->fr->code[g->pc];
		uint64_t *R = g->fr->r;
		uint32_t named = g->coll_mask & part;
		switch (in->op) {
		case IR_SHFL: {
			uint64_t *B = reg(R, in->b), *C = reg(R, in->c);
			uint32_t bad = 0;
			EACH(g->mask, l, {
				uint32_t width = in->c >= 0 ? (uint32_t)C[l] : 32;
				if (width == 0 || width > 32 || (width & (width - 1)))
					width = 32;
				int ok;
				uint32_t j = interp_shfl_src(in->sub, l, (int32_t)B[l], width, &ok);
				if (!(named >> j & 1))
					bad |= 1u << l;
				res[l] = (part >> j & 1) ? val[j] : 0;
			});
			if (bad)
				machine_finding_add(m, FK_SHFL_INACTIVE_SOURCE, w, bad, in->span, 0,
						    "shuffle reads a lane that is not in the member mask; the value is undefined");
			break;
		}
		case IR_VOTE: {
			uint32_t ballot = 0;
			EACH(named, l, ballot |= (uint32_t)(val[l] != 0) << l);
			uint64_t r;
			switch (in->sub) {
			case VOTE_ALL: r = ballot == named; break;
			case VOTE_ANY: r = ballot != 0; break;
			case VOTE_UNI: r = ballot == 0 || ballot == named; break;
			default: r = ballot; break;
			}
			EACH(g->mask, l, res[l] = r);
			break;
		}
		case IR_MATCH: {
			uint32_t all = 1;
			EACH(g->mask, l, {
				uint32_t mm = 0;
				for (unsigned k2 = 0; k2 < WS_WARP; k2++)
					if (named >> k2 & 1)
						mm |= (uint32_t)(val[k2] == val[l]) << k2;
				res[l] = mm;
				if (mm != named)
					all = 0;
			});
			if (in->sub == MATCH_ALL)
				EACH(g->mask, l, { res[l] = all ? named : 0; pred[l] = all; });
			break;
		}
		case IR_REDUX: {
			uint64_t acc = in->sub == REDUX_AND ? ~(uint64_t)0 : 0;
			int first = 1, sg = is_signed(in->t);
			EACH(named, l, {
				uint64_t v = val[l];
				switch (in->sub) {
				case REDUX_ADD: acc += v; break;
				case REDUX_AND: acc &= v; break;
				case REDUX_OR: acc |= v; break;
				case REDUX_XOR: acc ^= v; break;
				case REDUX_MIN:
					if (first || (sg ? (int64_t)v < (int64_t)acc : v < acc)) acc = v;
					break;
				default:
					if (first || (sg ? (int64_t)v > (int64_t)acc : v > acc)) acc = v;
					break;
				}
				first = 0;
			});
			acc = ir_norm(acc, in->t ? in->t : IR_U32);
			EACH(g->mask, l, res[l] = acc);
			break;
		}
		default: /* WARPSYNC */
			break;
		}
		if (in->op != IR_WARPSYNC && in->d >= 0) {
			uint64_t *D = reg(R, in->d);
			EACH(g->mask, l, D[l] = ir_norm(res[l], in->t ? in->t : IR_U32));
		}
		if (in->op == IR_MATCH && in->sub == MATCH_ALL && in->e >= 0) {
			uint64_t *E = reg(R, in->e);
			EACH(g->mask, l, E[l] = pred[l]);
		}
		g->pc++;
		g->state = G_READY;
	}
}

/* Complete every set of waiting groups whose named lanes have all arrived. */
static void coll_try(struct machine *m, struct warp *w)
{
	uint32_t arrived = 0;
	for (uint32_t j = 0; j < w->ng; j++)
		if (w->g[j].state == G_COLL)
			arrived |= w->g[j].mask;
	for (uint32_t j = 0; j < w->ng; j++) {
		if (w->g[j].state != G_COLL)
			continue;
		uint32_t need = w->g[j].coll_mask | w->g[j].mask, prev = 0;
		while (need != prev) {
			prev = need;
			for (uint32_t k = 0; k < w->ng; k++)
				if (w->g[k].state == G_COLL && (w->g[k].mask & need))
					need |= w->g[k].coll_mask | w->g[k].mask;
		}
		if (need & ~arrived)
			continue;
		uint32_t list[WS_MAXG];
		int n = 0;
		for (uint32_t k = 0; k < w->ng; k++)
			if (w->g[k].state == G_COLL && (w->g[k].mask & need))
				list[n++] = k;
		coll_complete(m, w, list, n);
		warp_settle(m, w);
		j = (uint32_t)-1;
		arrived = 0;
		for (uint32_t k = 0; k < w->ng; k++)
			if (w->g[k].state == G_COLL)
				arrived |= w->g[k].mask;
	}
}

/* returns 1 if the group completed at once (keeps running) */
static int coll_arrive(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in)
{
	struct group *g = &w->g[gi];
	uint64_t *MK = reg(g->fr->r, in->op == IR_SHFL ? in->e : in->a);
	uint32_t named = 0, bad = 0;
	if ((in->op == IR_SHFL ? in->e : in->a) < 0) {
		named = g->mask;
	} else {
		EACH(g->mask, l, {
			uint32_t mk = (uint32_t)MK[l];
			if (!(mk >> l & 1))
				bad |= 1u << l;
			named |= mk;
		});
	}
	if (bad) {
		enum finding_kind kind = in->op == IR_WARPSYNC ? FK_INVALID_SYNCWARP_MASK : FK_INVALID_COLLECTIVE_MASK;
		machine_finding_add(m, kind, w, bad, in->span, 0,
				    "the member mask 0x%08x does not include the calling lane; every lane that executes a *_sync function must be named in its mask (the result is undefined on a GPU; warpstep lets the lane take part)",
				    (unsigned)MK[__builtin_ctz(bad)]);
		/* a GPU does not trap: the calling lanes take part as if named */
		named |= bad;
	}
	if (named & w->exited)
		/* a warning: the lanes are left out and the rest runs on */
		machine_finding_add_sev(m, in->op == IR_WARPSYNC ? FK_INVALID_SYNCWARP_MASK : FK_INVALID_COLLECTIVE_MASK,
				    0, w, g->mask, in->span, 0,
				    "the member mask 0x%08x names lanes that have already exited (0x%08x); they are left out, but the result is undefined on a GPU",
				    named, named & w->exited);
	named &= w->live;
	g->coll_mask = named;
	g->coll_op = in->op;
	g->state = G_COLL;
	if ((named & ~g->mask) == 0) {
		uint32_t list[1] = { gi };
		coll_complete(m, w, list, 1);
		return 1;
	}
	coll_try(m, w);
	return 0;
}

/* ---- conversions */

static uint64_t cvt1(uint64_t v, unsigned t, unsigned t2)
{
	if (t == t2)
		return v;
	if (!is_float(t2) && !is_float(t)) {
		if (t == IR_PRED)
			return v != 0;
		return ir_norm(v, t);
	}
	if (is_float(t) && is_float(t2)) {
		double x = t2 == IR_F64 ? dval(v) : t2 == IR_F32 ? (double)fval(v) : (double)hval(v);
		if (t == IR_F64)
			return t2 == IR_F32 ? dbits((double)fval(v)) : dbits(x);
		if (t == IR_F32)
			return t2 == IR_F16 ? fbits(hval(v)) : fbits((float)x);
		return hbits((float)x);
	}
	if (is_float(t)) { /* int -> float */
		if (t == IR_F64)
			return dbits(is_signed(t2) ? (double)(int64_t)v : t2 == IR_PRED ? (double)(v != 0) : (double)v);
		float f = is_signed(t2) ? (float)(int64_t)v : (float)v;
		return t == IR_F32 ? fbits(f) : hbits(f);
	}
	/* float -> int: truncate, saturate like the GPU's cvt.rzi, NaN -> 0 */
	double x = t2 == IR_F64 ? dval(v) : t2 == IR_F32 ? (double)fval(v) : (double)hval(v);
	if (t == IR_PRED)
		return x != 0;
	if (isnan(x))
		return 0;
	x = trunc(x);
	switch (t) {
	case IR_S8: return ir_norm((uint64_t)(int64_t)(x < -128 ? -128 : x > 127 ? 127 : x), t);
	case IR_U8: return (uint64_t)(x < 0 ? 0 : x > 255 ? 255 : x);
	case IR_S16: return ir_norm((uint64_t)(int64_t)(x < -32768 ? -32768 : x > 32767 ? 32767 : x), t);
	case IR_U16: return (uint64_t)(x < 0 ? 0 : x > 65535 ? 65535 : x);
	case IR_S32: return ir_norm((uint64_t)(int64_t)(x < -2147483648.0 ? -2147483648.0 : x > 2147483647.0 ? 2147483647.0 : x), t);
	case IR_U32: return (uint64_t)(x < 0 ? 0 : x > 4294967295.0 ? 4294967295.0 : x);
	case IR_S64:
		if (x < -9223372036854775808.0) return (uint64_t)INT64_MIN;
		if (x >= 9223372036854775808.0) return (uint64_t)INT64_MAX;
		return (uint64_t)(int64_t)x;
	default:
		if (x < 0) return 0;
		if (x >= 18446744073709551616.0) return UINT64_MAX;
		return (uint64_t)x;
	}
}

uint64_t interp_cvt(uint64_t v, unsigned t, unsigned t2)
{
	return cvt1(v, t, t2);
}

/* ---- memory access */

static inline uint64_t ld_raw(const uint8_t *p, unsigned t)
{
	switch (t) {
	case IR_S8: return (uint64_t)(int64_t)(int8_t)p[0];
	case IR_U8: case IR_PRED: return p[0];
	case IR_S16: { int16_t v; memcpy(&v, p, 2); return (uint64_t)(int64_t)v; }
	case IR_U16: case IR_F16: { uint16_t v; memcpy(&v, p, 2); return v; }
	case IR_S32: { int32_t v; memcpy(&v, p, 4); return (uint64_t)(int64_t)v; }
	case IR_U32: case IR_F32: { uint32_t v; memcpy(&v, p, 4); return v; }
	default: { uint64_t v; memcpy(&v, p, 8); return v; }
	}
}

static inline void st_raw(uint8_t *p, unsigned t, uint64_t v)
{
	switch (type_size(t)) {
	case 1: p[0] = (uint8_t)v; break;
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	case 4: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	default: memcpy(p, &v, 8); break;
	}
}


/* The fast path of address translation for device lanes: the last global
 * allocation hit, shared and local windows; anything else (and every
 * error) goes through interp_xlate. */
static inline uint8_t *xl(struct machine *m, struct warp *w, unsigned l, uint64_t addr,
			  unsigned sz, int write, struct span sp)
{
	struct alloc *a = m->lc.dev;
	unsigned tag = ADDR_TAG(addr);
	if (w->host) {
		a = m->lc.host;
		if (tag == TAG_HOST && a && ws_range_in(a->base, a->size, addr, sz) &&
		    !a->freed)
			return a->data + (addr - a->base);
		if (tag == TAG_HSTACK && ws_range_in(w->hbase, w->ls[0].sp, ADDR_OFF(addr), sz))
			return w->ls[0].buf + (ADDR_OFF(addr) - w->hbase);
		uint8_t *p = interp_xlate(m, w, l, addr, sz, write, sp);
		if (p && tag == TAG_HOST)
			m->lc.host = mem_find(&m->mem, addr);
		return p;
	}
	{
		if (tag == TAG_GLOBAL && a && ws_range_in(a->base, a->size, addr, sz) && !a->freed) {
			if (CHECK_WANTS(m, CEV_LANE))
				machine_publish_lane(m, w, l, addr, sz, write, sp, alloc_region(a),
						     a->base, a->size);
			return a->data + (addr - a->base);
		}
		if (tag == TAG_SHARED && ws_range_in(0, w->blk->shared_size, ADDR_OFF(addr), sz)) {
			if (CHECK_WANTS(m, CEV_LANE))
				machine_publish_lane(m, w, l, addr, sz, write, sp, CR_SHARED,
						     ADDR(TAG_SHARED, 0), w->blk->shared_size);
			return w->blk->shared + ADDR_OFF(addr);
		}
		if (tag == TAG_LOCAL && ws_range_in(0, w->ls[l].sp, ADDR_OFF(addr), sz)) {
			if (CHECK_WANTS(m, CEV_LANE))
				machine_publish_lane(m, w, l, addr, sz, write, sp, CR_LOCAL,
						     ADDR(TAG_LOCAL, 0), w->ls[l].sp);
			return w->ls[l].buf + ADDR_OFF(addr);
		}
	}
	uint8_t *p = interp_xlate(m, w, l, addr, sz, write, sp);
	if (p && !w->host && tag == TAG_GLOBAL)
		m->lc.dev = mem_find(&m->mem, addr);
	return p;
}

static int check_align(struct machine *m, struct warp *w, unsigned l, uint64_t addr, unsigned sz,
		       struct span sp)
{
	if (WS_LIKELY((addr & (sz - 1)) == 0) || w->host)
		return 0;
	machine_finding_add(m, FK_MISALIGNED, w, 1u << l, sp, addr,
			    "%u-byte access at 0x%llx, which is not a multiple of %u", sz,
			    (unsigned long long)addr, sz);
	machine_fail_kernel(m, 716);
	return -1;
}

static void mem_event(struct machine *m, struct warp *w, struct group *g, const uint64_t *A,
		      uint64_t imm, unsigned sz, int write)
{
	uint64_t la[WS_WARP] = {0};
	EACH(g->mask, l, la[l] = A[l] + imm);
	struct machine_event e = { .kind = EV_MEM, .slot = w->host ? -1 : w->blk->slot,
				   .warp = (int)w->id, .mask = g->mask, .func = g->fr->fidx,
				   .pc = g->fr->df->orig[g->pc], .addr = la[__builtin_ctz(g->mask)],
				   .size = sz, .write = write, .lane_addr = la };
	machine_emit(m, &e);
}


/* The memory window of a warp instruction: the allocation (or the block's
 * shared memory) that its first lane's address falls in. Lanes whose
 * addresses fall inside it, aligned, take the fast path; the others (and
 * every fault) go through xl/interp_xlate one by one. */
struct window {
	uint64_t lo, len;
	uint8_t *base;
	struct alloc *a;        /* NULL for shared memory */
	struct block *blk;      /* shared memory: whose (another block of the cluster for DSMEM) */
};

/* CEV_ACCESS for the checkers that listen (check.h): built only then. win:
 * the instruction's window (NULL: none, every lane takes the slow path). */
static WS_NOINLINE void access_event(struct machine *m, struct warp *w, struct group *g,
				     const struct ir_insn *in, const uint64_t *A, uint64_t imm,
				     unsigned sz, enum check_access acc, const struct window *win)
{
	uint64_t buf[WS_WARP];
	const uint64_t *la = A; /* the register row itself when no offset is added */
	if (imm) {
		LANES_INDEPENDENT
		for (unsigned l = 0; l < WS_WARP; l++)
			buf[l] = A[l] + imm; /* every row has 32 lanes: no mask test */
		la = buf;
	}
	/* every field stored once (no clearing of the whole event first, 24
	 * rep stos steps: the hottest event, one per warp's load or store) */
	struct check_event e;
	e.kind = CEV_ACCESS;
	e.m = m;
	e.w = w;
	e.mask = g->mask;
	e.span = in->span;
	e.space = ADDR_TAG(la[__builtin_ctz(g->mask)]);
	e.size = sz;
	e.access = acc;
	e.sem = in->sem;
	e.lane_addr = la;
	e.groups = NULL;
	e.ngroups = 0;
	e.arg = 0;
	e.finding = NULL;
	e.iflags = in->flags;
	e.dslot = 0;
	e.drank = e.crank = 0;
	e.didx[0] = e.didx[1] = e.didx[2] = 0;
	if (!w->host) {
		struct block *b = w->blk;
		e.b = b;
		e.slot = b->slot;
		e.warp = w->id;
		e.phase = chk_phase(b);
		e.wsync = w->wsync;
		e.block = b->linear;
	} else {
		e.b = NULL;
		e.slot = -1;
		e.warp = 0;
		e.phase = e.wsync = 0;
		e.block = 0;
	}
	e.region = CR_NONE;
	e.addr = e.bytes = 0;
	if (win) {
		e.region = win->a ? alloc_region(win->a) : CR_SHARED;
		e.addr = win->lo;
		e.bytes = win->len;
		if (!win->a) {
			e.crank = w->blk->crank;
			if (win->blk != w->blk)
				dsmem_target(&e, win->blk);
			else {
				e.drank = w->blk->crank;
				memcpy(e.didx, w->blk->idx, sizeof(e.didx));
			}
		}
	}
	machine_publish_access(m, &e);
}

/* The shared checker's cheap way in for a weak read whose window win is
 * shared memory (a full warp's from the fast paths: every lane inside,
 * shape from pair_load; a group's from do_ld): 1 when it took it (a
 * tile's read, deferred); 0, and the caller publishes its event, when the
 * memory is another block's or the checker did not take it */
static WS_NOINLINE int access_read_in(struct machine *m, struct warp *w, struct group *g, const uint64_t *A,
				      uint64_t imm, unsigned sz, const struct window *win, int shape)
{
	if (win->blk != w->blk)
		return 0;
	struct check_sread r = { w, A, imm, sz, w->blk->slot, w->id, w->wsync, win->lo, win->len, shape, g->mask };
	return machine_offer_sread(m, &r);
}

/* The shared checker's cheap way in for a weak 4-byte write whose window
 * win is shared memory (a full warp's from F_ST4, every lane inside, shape
 * from pair_store; a group's from do_st): 1 when it took it; 0, and the
 * caller publishes its event, when the memory is another block's or the
 * checker did not take it */
static WS_NOINLINE int access_write_in(struct machine *m, struct warp *w, struct group *g, const uint64_t *A,
				       uint64_t imm, const struct window *win, int shape)
{
	if (win->blk != w->blk)
		return 0;
	struct check_sread r = { w, A, imm, 4, w->blk->slot, w->id, w->wsync, win->lo, win->len, shape, g->mask };
	return machine_offer_swrite(m, &r);
}

/* The global checker's cheap way in for a full warp's weak 4-byte read or
 * write (write 1) whose every lane is inside allocation win->a, aligned,
 * each half-warp on 16 consecutive words (F_LD4's and F_ST4's, shape
 * CHECK_SHAPE_ROWS from pair_load or pair_store): 1 when the checker took
 * it; 0, and the caller publishes its event, when the allocation is not a
 * device one or the checker did not take it */
static WS_NOINLINE int access_global_in(struct machine *m, struct warp *w, const uint64_t *A, uint64_t imm,
					int write, const struct window *win)
{
	if (w->host || alloc_region(win->a) != CR_GLOBAL)
		return 0;
	struct block *b = w->blk;
	struct check_gwarp r = { w, A[0] + imm, A[16] + imm, write, b->slot, w->id, chk_phase(b), b->linear,
				 win->lo, win->len };
	return machine_offer_gwarp(m, &r);
}

/* The shared checker's commonest case without a call: a full warp's weak
 * 4-byte read (F_LD4's: window win of shared memory, every lane inside)
 * of its own block's memory whose shape pair_load found (CHECK_SHAPE_ROWS
 * or _HALVES: a tile's row or column after a barrier), appended to the
 * slot's open log (struct check_slog) as shared_read would append it: 1;
 * else 0 (access_read_in, then the event, as before). shared_read's tests,
 * two of them implied: a window of the warp's own block with the log's
 * addr (the block's memory, or the same memory by its cluster rank) has
 * the log's bytes (the block's size; a new block closes the log), and
 * every lane inside it has the high half of addr (its low half is 0, the
 * memory under 4 GiB), which is hib. chk.slogs has no slot while
 * by_region is not current (a checker's quiet changed: the offer makes
 * it). */
static WS_INLINE int access_read_log(struct machine *m, struct warp *w, const struct ir_insn *in, const uint64_t *A,
				     uint64_t imm, const struct window *win, int shape)
{
	const struct check_slogs *L = m->chk.slogs;
	const struct block *b = w->blk;
	size_t k = (size_t)b->slot;
	unsigned warp = w->id;
	if (win->blk != b || in->sem != SEM_WEAK || !shape || k >= L->len || warp >= CHECK_RLOG_WARPS)
		return 0;
	struct check_slog *q = (struct check_slog *)(L->base + k * L->stride);
	uint32_t n = q->nlog;
	if (n >= q->open || win->lo != q->addr)
		return 0;
	struct check_rbuf *lg = q->log;
	q->nlog = n + 1;
	lg->e[n].o0 = (uint32_t)(A[0] + imm);
	lg->e[n].o1 = (uint32_t)(A[16] + imm);
	lg->e[n].mask = ~0u;
	lg->e[n].meta = CHECK_RL_META(w->wsync, warp, 4, (unsigned)shape - 1);
	lg->w[warp] = w;
	return 1;
}

/* WS_NO_LDCHK=1: a checked run's group loads all go through do_ld
 * (ld_part_chk off); WS_NO_RUNLOG=1: ld_part_chk's reads of the block's
 * shared memory go to access_read_in (access_read_run off).
 * tests/findings/ldchk.t compares the findings with and without. */
static int ld_chk_on = 1, run_log_on = 1;

__attribute__((constructor)) static void ld_chk_choose(void)
{
	ld_chk_on = !util_env_on("WS_NO_LDCHK");
	run_log_on = !util_env_on("WS_NO_RUNLOG");
}

/* A group's weak 4-byte read (mask M, not every lane) of its own block's
 * shared memory whose lanes run4_at found on consecutive words (lane l at
 * a0 + 4 l, every lane of M inside the window, aligned), appended to the
 * slot's open log as one RL_ROWS entry with its mask (lane 0's and lane
 * 16's words, were they on) instead of the 32 lanes' low halves that
 * shared_read's log_read copies for a group (RL_LANES): the replay
 * (log_flush) gives every lane of M the same address either way and looks
 * at no other lane. Taken only where log_read would defer the read: the
 * log open for this memory, the warp under CHECK_RLOG_WARPS, and every
 * lane's address (those off M too, as log_read compares them) with the
 * log's high half, which lane 0's word then has too (a0 not below the
 * window, whose low half is 0). 1: done; else 0 (access_read_in, then the
 * event, as before). histogram's reload of local[threadIdx.x] under its
 * if: about 250 host instructions a warp through shared_read_any. */
static WS_INLINE int access_read_run(struct machine *m, struct warp *w, const struct ir_insn *in, const uint64_t *A,
				     uint64_t imm, const struct window *win, uint32_t M)
{
	const struct check_slogs *L = m->chk.slogs;
	const struct block *b = w->blk;
	size_t k = (size_t)b->slot;
	unsigned warp = w->id, l0 = (unsigned)__builtin_ctz(M);
	uint64_t a0 = A[l0] + imm - 4 * (uint64_t)l0; /* lane 0's word, were it on */
	if (!run_log_on || win->blk != b || in->sem != SEM_WEAK || k >= L->len || warp >= CHECK_RLOG_WARPS ||
	    a0 < win->lo)
		return 0;
	struct check_slog *q = (struct check_slog *)(L->base + k * L->stride);
	uint32_t n = q->nlog;
	if (n >= q->open || win->lo != q->addr)
		return 0;
	uint64_t d = 0, hib = q->hib;
	LANES_INDEPENDENT
	for (unsigned l = 0; l < WS_WARP; l++)
		d |= (A[l] + imm) ^ hib;
	if ((d | (a0 ^ hib)) >> 32)
		return 0;
	struct check_rbuf *lg = q->log;
	q->nlog = n + 1;
	lg->e[n].o0 = (uint32_t)a0;
	lg->e[n].o1 = (uint32_t)(a0 + 64);
	lg->e[n].mask = M;
	lg->e[n].meta = CHECK_RL_META(w->wsync, warp, 4, CHECK_SHAPE_ROWS - 1);
	lg->w[warp] = w;
	return 1;
}

/* A tile's read (a shape access_read_log takes) at a DF_QUIET load: no
 * warp of the block can write shared memory before the epoch ends
 * (epoch.c), and while the slot's log is open (struct check_slog: no weak
 * write in the epoch yet, the block's memory all initialized) the entry
 * would be dropped unread at the epoch's end: nothing but a later weak
 * write of the epoch replays the log (a flush by a read the checker does
 * not defer replays reads on words with no writer, which finds nothing,
 * and their records go at the epoch's end as the log does), and the words'
 * touched range (the slot's lo, hi), which decides its eager mode, is not
 * grown by a deferred read. Any shape and warp: an open log means the
 * slot is not eager, and a read log_read would not defer (RL_LANES, a
 * warp past CHECK_RLOG_WARPS) is checked at once against words no write
 * of the epoch touched, which finds nothing, and its records go at the
 * epoch's end, where the slot's eager mode stays off (it is off while the
 * log is open). 1: the read needs nothing; 0 otherwise (as before). A
 * cluster launch declines: another block may write this one's memory in
 * the epoch. */
static WS_INLINE int slog_open(const struct machine *m, const struct warp *w, const struct window *win)
{
	const struct check_slogs *L = m->chk.slogs;
	const struct block *b = w->blk;
	size_t k = (size_t)b->slot;
	if (win->blk != b || k >= L->len || m->dev.grid->csize > 1)
		return 0;
	const struct check_slog *q = (const struct check_slog *)(L->base + k * L->stride);
	return q->open && win->lo == q->addr;
}

static WS_INLINE int access_read_quiet(struct machine *m, const struct warp *w, const struct ir_insn *in,
				       const struct window *win)
{
	if (!(in->flags & DF_QUIET) || !slog_open(m, w, win))
		return 0;
	m->dev.nquiet++;
	return 1;
}

/* A 4-byte read of shared memory in the window win to the checkers (F_LD4's
 * and F_LDLD_FMAF's loads; shape as access_read_log's): nothing at a quiet
 * load, else the slot's open log, else the shared checker's way in (a weak
 * read), else the event */
static WS_INLINE void access_read_shared(struct machine *m, struct warp *w, struct group *g,
					 const struct ir_insn *in, const uint64_t *A, uint64_t imm,
					 const struct window *win, int shape)
{
	if (!access_read_quiet(m, w, in, win) && !access_read_log(m, w, in, A, imm, win, shape) &&
	    (in->sem != SEM_WEAK || !access_read_in(m, w, g, A, imm, 4, win, shape)))
		access_event(m, w, g, in, A, imm, 4, CHECK_READ, win);
}

/* access_event of a warp's 4-byte atomics whose window win is shared
 * memory (F_ATOM's): on the warp's own block's memory they go first to the
 * shared checker's cheap way in */
static WS_NOINLINE void access_atomic_in(struct machine *m, struct warp *w, struct group *g,
					 const struct ir_insn *in, const uint64_t *A, const struct window *win)
{
	if (win->blk == w->blk) {
		struct check_sread r = { w, A, 0, 4, w->blk->slot, w->id, w->wsync, win->lo, win->len, 0,
					 g->mask };
		if (machine_offer_satomic(m, &r))
			return;
	}
	access_event(m, w, g, in, A, 0, 4, CHECK_ATOMIC, win);
}

/* access_event of the other accesses of allocation win->a from the fast
 * paths (F_LD's bytes and halfwords, F_ATOM's atomics): of a device
 * allocation, they go first to the global checker's cheap way in for them
 * (struct check_gaccess) */
static WS_NOINLINE void access_global_other(struct machine *m, struct warp *w, struct group *g,
					    const struct ir_insn *in, const uint64_t *A, uint64_t imm,
					    unsigned sz, enum check_access acc, const struct window *win)
{
	/* what the checker's fast paths may take (else the offer is wasted):
	 * lanes 4 or sz bytes apart, from the first two lanes on */
	uint32_t M = g->mask, l0 = M ? (uint32_t)__builtin_ctz(M) : 0, M1 = M & (M - 1);
	uint32_t l1 = M1 ? (uint32_t)__builtin_ctz(M1) : 0;
	if (sz <= 4 && M1 && (acc == CHECK_ATOMIC || M == WS_FULL) &&
	    A[l1] - A[l0] == (uint64_t)sz * (l1 - l0) && !w->host && alloc_region(win->a) == CR_GLOBAL) {
		struct block *b = w->blk;
		struct check_gaccess r = { w, A, imm, sz, acc, in->sem, g->mask, b->slot, w->id,
					   chk_phase(b), b->linear, win->lo, win->len };
		if (machine_offer_gaccess(m, &r))
			return;
	}
	access_event(m, w, g, in, A, imm, sz, acc, win);
}

/* win covers allocation a's bytes */
static inline void window_of_alloc(struct window *win, struct alloc *a)
{
	win->lo = a->base;
	win->len = a->size;
	win->base = a->data;
	win->a = a;
	win->blk = NULL;
}

static inline int mem_window(struct machine *m, struct warp *w, uint64_t addr, int write,
			     struct window *win)
{
	unsigned tag = ADDR_TAG(addr);
	if (tag == TAG_SHARED) {
		struct block *tb = w->blk;
		if (DSMEM_RANK(addr)) {
			/* another block's shared memory; a bad rank goes the slow way to its finding */
			tb = m->dev.grid && m->dev.grid->csize > 1 ? cluster_block(m, w->blk, DSMEM_RANK(addr) - 1) : NULL;
			if (!tb || (tb->nexited == tb->nthreads && tb != w->blk))
				return 0;
		}
		win->lo = ADDR(TAG_SHARED, (uint64_t)DSMEM_RANK(addr) << 32);
		win->len = tb->shared_size;
		win->base = tb->shared;
		win->a = NULL;
		win->blk = tb;
		return 1;
	}
	if (tag != TAG_GLOBAL && !(tag == TAG_CONST && !write))
		return 0;
	struct alloc *a = m->lc.dev;
	if (!a || addr - a->base >= a->size || a->freed) {
		a = NULL;
		for (unsigned i = 0; i < 4 && !a; i++) {
			struct alloc *c = m->lc.d[i];
			if (c && addr - c->base < c->size && !c->freed && c->dev_ok)
				a = c;
		}
		if (!a) {
			a = mem_find(&m->mem, addr);
			if (!a || a->freed || !a->dev_ok)
				return 0;
			m->lc.d[m->lc.dnext++ & 3] = a;
		}
		m->lc.dev = a;
	}
	window_of_alloc(win, a);
	return 1;
}

/* The lanes of a diverged group (mask M, not a whole warp) whose offsets
 * A[l] + k fall outside [0, len - n] or are not n-aligned (len >= n, n a
 * power of two), found four at a time with AVX2 compares where the CPU has
 * them (lane_avx2), else lane by lane: the memory paths test a group's
 * lanes this way before they load, add or store without a test per lane. */
/* below this many lanes the test lane by lane costs less */
#define LANES_VEC_MIN 8
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(WS_NO_CLONES)
#define LANE_AVX2 1
#include <immintrin.h>
static int lane_avx2; /* set with fast_run's instruction set (fast_run_choose) */

__attribute__((target("avx2"))) WS_NOINLINE static uint32_t lanes_outside_avx2(const uint64_t *A, uint64_t k,
									       uint64_t lim, uint64_t al)
{
	/* off > lim unsigned: both biased by the sign bit, compared signed */
	const __m256i top = _mm256_set1_epi64x(INT64_MIN), vk = _mm256_set1_epi64x((long long)k),
		      vlim = _mm256_set1_epi64x((long long)(lim ^ (uint64_t)INT64_MIN)),
		      val = _mm256_set1_epi64x((long long)al), z = _mm256_setzero_si256();
	uint32_t out = 0;
	for (unsigned q = 0; q < WS_WARP / 4; q++) {
		__m256i off = _mm256_add_epi64(_mm256_loadu_si256((const __m256i *)(A + 4 * q)), vk);
		__m256i far = _mm256_cmpgt_epi64(_mm256_xor_si256(off, top), vlim);
		__m256i ok = _mm256_cmpeq_epi64(_mm256_and_si256(off, val), z);
		__m256i bad = _mm256_or_si256(far, _mm256_xor_si256(ok, _mm256_cmpeq_epi64(z, z)));
		out |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(bad)) << (4 * q);
	}
	return out;
}

/* A group's 32-bit loads and integer adds on consecutive words (lane l
 * at w0 + 4 l: local[threadIdx.x], bins[threadIdx.x]), eight lanes a
 * step with masked loads and stores: histogram's reload of
 * local[threadIdx.x] and its atomicAdd(&bins[threadIdx.x], ...) of about
 * 20 lanes were a loop of 7 host instructions a lane after lanes_outside.
 * lane_run4: WS_NO_RUN4=1 turns them off (tests/engine/unit_run4.c
 * compares). */
static int lane_run4;

/* the lanes whose row A is not a0 + 4 l */
__attribute__((target("avx2"))) WS_NOINLINE static uint32_t lanes_off_run4_avx2(const uint64_t *A, uint64_t a0)
{
	const __m256i q16 = _mm256_set1_epi64x(16);
	__m256i want = _mm256_add_epi64(_mm256_set1_epi64x((long long)a0), _mm256_set_epi64x(12, 8, 4, 0));
	uint32_t bad = 0;
	for (unsigned q = 0; q < WS_WARP / 4; q++) {
		__m256i eq = _mm256_cmpeq_epi64(_mm256_loadu_si256((const __m256i *)(A + 4 * q)), want);
		bad |= (uint32_t)(~_mm256_movemask_pd(_mm256_castsi256_pd(eq)) & 0xf) << (4 * q);
		want = _mm256_add_epi64(want, q16);
	}
	return bad;
}

/* The words of the lanes of M at w0 + 4 l (w0: lane 0's, an integer: it
 * may lie outside the window, the lanes of M do not), eight lanes a step:
 * a masked load and store touch no other lane's word (nor fault on one).
 * mode 0: D[l] = the word, sign-extended if sg, else zero-extended (a
 * load); 1: the word += B[l] (an atomic add whose old value nothing
 * reads; the lanes' words are distinct, so no order between them); 2:
 * the same, and D[l] = the old word, extended as in mode 0. */
__attribute__((target("avx2"))) WS_NOINLINE static void run4_avx2(uintptr_t w0, uint32_t M, uint64_t *D,
								   const uint64_t *B, int sg, int mode)
{
	const __m256i bit32 = _mm256_set_epi32(128, 64, 32, 16, 8, 4, 2, 1), bit64 = _mm256_set_epi64x(8, 4, 2, 1);
	for (unsigned q = 0; q < WS_WARP / 8; q++) {
		uint32_t mq = (M >> (8 * q)) & 0xff;
		if (!mq)
			continue;
		int *wq = (int *)(w0 + 32 * q);
		__m256i mk = _mm256_cmpeq_epi32(_mm256_and_si256(_mm256_set1_epi32((int)mq), bit32), bit32);
		__m256i v = _mm256_maskload_epi32(wq, mk);
		if (mode) {
			/* the low halves of B's eight rows, in lane order */
			__m256 b0 = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(B + 8 * q)));
			__m256 b1 = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(B + 8 * q + 4)));
			__m256i b = _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(b0, b1, 0x88)), 0xd8);
			_mm256_maskstore_epi32(wq, mk, _mm256_add_epi32(v, b));
			if (mode == 1)
				continue;
		}
		__m128i v0 = _mm256_castsi256_si128(v), v1 = _mm256_extracti128_si256(v, 1);
		__m256i lo = sg ? _mm256_cvtepi32_epi64(v0) : _mm256_cvtepu32_epi64(v0);
		__m256i hi = sg ? _mm256_cvtepi32_epi64(v1) : _mm256_cvtepu32_epi64(v1);
		__m256i mlo = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(mq & 0xf), bit64), bit64);
		__m256i mhi = _mm256_cmpeq_epi64(_mm256_and_si256(_mm256_set1_epi64x(mq >> 4), bit64), bit64);
		_mm256_maskstore_epi64((long long *)(D + 8 * q), mlo, lo);
		_mm256_maskstore_epi64((long long *)(D + 8 * q + 4), mhi, hi);
	}
}
#endif

/* Whether the lanes of M (LANES_VEC_MIN or more) read or write the
 * consecutive words base + A[l], all inside a window of len bytes,
 * aligned (the offsets A[l] + k): then lane 0's word, else 0. Two lanes
 * tested first (random addresses, as histogram's local[data[i]], fail
 * there), then every lane (lanes_off_run4_avx2), but where the row is
 * on lanes (ax: uniform.c UNI_AX, LDST_AX): lane l's address is then
 * u + 4 ext(T(c + x_l)), and the lanes from the first to the last are on
 * consecutive words exactly when the last's is the first's + 4 per lane
 * (pair_load_rows' and lane_run's argument), whichever lanes of them M
 * holds */
static inline uintptr_t run4_at(const uint64_t *A, uint32_t M, uint64_t k, uint64_t len, uintptr_t base, int ax)
{
#ifdef LANE_AVX2
	if (!lane_run4 || len < 4)
		return 0;
	unsigned lo = (unsigned)__builtin_ctz(M), hi = 31u - (unsigned)__builtin_clz(M);
	uint64_t a = A[lo] + k, b = A[hi] + k, lim = len - 4;
	if (b - a != 4 * (uint64_t)(hi - lo) || a > lim || b > lim || (a & 3))
		return 0;
	uint64_t a0 = A[lo] - 4 * (uint64_t)lo;
	if (!ax && (lanes_off_run4_avx2(A, a0) & M))
		return 0;
	return base + (uintptr_t)a0;
#else
	(void)A; (void)M; (void)k; (void)len; (void)base; (void)ax;
	return 0;
#endif
}
#ifndef LANE_AVX2
/* never called: run4_at found no run */
static inline void run4_avx2(uintptr_t w0, uint32_t M, uint64_t *D, const uint64_t *B, int sg, int mode)
{
	(void)w0; (void)M; (void)D; (void)B; (void)sg; (void)mode;
}
#endif

#ifdef LANE_AVX2
/* the lanes whose row holds a non-zero low 32 bits */
__attribute__((target("avx2"))) WS_NOINLINE static uint32_t lanes_nonzero32_avx2(const uint64_t *B)
{
	const __m256i z = _mm256_setzero_si256();
	uint32_t zero = 0;
	for (unsigned q = 0; q < WS_WARP / 4; q++) {
		__m256i v = _mm256_slli_epi64(_mm256_loadu_si256((const __m256i *)(B + 4 * q)), 32);
		zero |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(_mm256_cmpeq_epi64(v, z))) << (4 * q);
	}
	return ~zero;
}
#endif

/* how many lanes of M have a non-zero low 32 bits in row B */
static inline uint32_t count_nonzero32(const uint64_t *B, uint32_t M)
{
#ifdef LANE_AVX2
	if (lane_avx2 && popc32(M) >= LANES_VEC_MIN)
		return popc32(lanes_nonzero32_avx2(B) & M);
#endif
	uint32_t n = 0;
	EACH(M, l, n += (uint32_t)B[l] != 0);
	return n;
}

static inline uint32_t lanes_outside(const uint64_t *A, uint64_t k, uint64_t len, unsigned n, uint32_t M)
{
	uint64_t lim = len - n;
#ifdef LANE_AVX2
	if (lane_avx2)
		return lanes_outside_avx2(A, k, lim, n - 1) & M;
#endif
	uint32_t out = 0;
	EACH(M, l, {
		uint64_t off = A[l] + k;
		out |= (uint32_t)(off > lim || (off & (n - 1))) << l;
	});
	return out;
}

/* Loads and stores of the lanes whose addresses fall inside the window,
 * aligned, one loop per access type (no per-lane type switch); returns
 * the lanes left to the slow path. */
#define WIN_LD(T, CONV) EACH(M, l, { \
	uint64_t off = A[l] + imm - lo; \
	if (WS_LIKELY(off < len && len - off >= sizeof(T) && !(off & (sizeof(T) - 1)))) { \
		T v_; \
		memcpy(&v_, base + off, sizeof(T)); \
		D[l] = CONV; \
	} else { \
		slow |= 1u << l; \
	} \
})

/* A full warp whose 32 addresses all lie in the window, aligned to n
 * bytes: one branch-free pass (it vectorizes) instead of a test per lane.
 * off | (lim - off) has its top bit set when off > lim or off wrapped. */
static inline int win_all_in(const uint64_t *A, uint64_t k, uint64_t len, unsigned n)
{
	if (len < n)
		return 0;
	uint64_t lim = len - n, bad = 0, al = 0;
	LANES_INDEPENDENT
	for (unsigned l = 0; l < WS_WARP; l++) {
		uint64_t off = A[l] + k;
		bad |= off | (lim - off);
		al |= off;
	}
	return !(bad >> 63) && !(al & (n - 1));
}

/* a diverged group's load of type t at base + A[l], every lane inside the
 * window, aligned (lanes_outside found none): no test per lane. base
 * (the window's base less its lo, plus the instruction's offset) is an
 * integer, not a pointer: it may lie outside the window; with it the lane
 * loop adds one row to one register (0.66 M fewer host instructions in
 * histogram's reload of local[threadIdx.x] than base[A[l] + k]) */
#define LDG(l) ((const void *)(base + (uintptr_t)A[l]))
static inline void ld_group(unsigned t, uint32_t M, uint64_t *D, const uint64_t *A, uintptr_t base)
{
	switch (t) {
	case IR_S8: EACH(M, l, D[l] = (uint64_t)(int64_t)*(const int8_t *)LDG(l)); break;
	case IR_U8: case IR_PRED: EACH(M, l, D[l] = *(const uint8_t *)LDG(l)); break;
	case IR_S16: EACH(M, l, { int16_t v; memcpy(&v, LDG(l), 2); D[l] = (uint64_t)(int64_t)v; }); break;
	case IR_U16: case IR_F16: EACH(M, l, { uint16_t v; memcpy(&v, LDG(l), 2); D[l] = v; }); break;
	case IR_S32: EACH(M, l, { int32_t v; memcpy(&v, LDG(l), 4); D[l] = (uint64_t)(int64_t)v; }); break;
	case IR_U32: case IR_F32: EACH(M, l, { uint32_t v; memcpy(&v, LDG(l), 4); D[l] = v; }); break;
	default: EACH(M, l, memcpy(&D[l], LDG(l), 8)); break;
	}
}
#undef LDG

static uint32_t ld_window(const struct window *win, unsigned t, uint32_t M, uint64_t *D,
			  const uint64_t *A, uint64_t imm)
{
	uint64_t lo = win->lo, len = win->len;
	const uint8_t *base = win->base;
	uint32_t slow = 0;
	if (M == WS_FULL && (t == IR_S32 || t == IR_U32 || t == IR_F32) &&
	    win_all_in(A, imm - lo, len, 4)) {
		uint64_t k = imm - lo;
		if (t == IR_S32) {
			LANES_INDEPENDENT
			for (unsigned l = 0; l < WS_WARP; l++) {
				int32_t v;
				memcpy(&v, base + (A[l] + k), 4);
				D[l] = (uint64_t)(int64_t)v;
			}
		} else {
			LANES_INDEPENDENT
			for (unsigned l = 0; l < WS_WARP; l++) {
				uint32_t v;
				memcpy(&v, base + (A[l] + k), 4);
				D[l] = v;
			}
		}
		return 0;
	}
	if (M != WS_FULL && len >= 8 && popc32(M) >= LANES_VEC_MIN && !lanes_outside(A, imm - lo, len, type_size(t), M)) {
		ld_group(t, M, D, A, (uintptr_t)base + (uintptr_t)(imm - lo));
		return 0;
	}
	switch (t) {
	case IR_S8: WIN_LD(int8_t, (uint64_t)(int64_t)v_); break;
	case IR_U8: case IR_PRED: WIN_LD(uint8_t, v_); break;
	case IR_S16: WIN_LD(int16_t, (uint64_t)(int64_t)v_); break;
	case IR_U16: case IR_F16: WIN_LD(uint16_t, v_); break;
	case IR_S32: WIN_LD(int32_t, (uint64_t)(int64_t)v_); break;
	case IR_U32: case IR_F32: WIN_LD(uint32_t, v_); break;
	default: WIN_LD(uint64_t, v_); break;
	}
	return slow;
}
#undef WIN_LD

#define WIN_ST(T) EACH_SEQ(M, l, { \
	uint64_t off = A[l] + imm - lo; \
	if (WS_LIKELY(off < len && len - off >= sizeof(T) && !(off & (sizeof(T) - 1)))) { \
		T v_ = (T)B[l]; \
		memcpy(base + off, &v_, sizeof(T)); \
	} else { \
		slow |= 1u << l; \
	} \
})

static uint32_t st_window(const struct window *win, unsigned t, uint32_t M, const uint64_t *A,
			  const uint64_t *B, uint64_t imm)
{
	uint64_t lo = win->lo, len = win->len;
	uint8_t *base = win->base;
	uint32_t slow = 0;
	if (M == WS_FULL && type_size(t) == 4 && win_all_in(A, imm - lo, len, 4)) {
		/* ascending lanes: with several lanes on one address the highest wins */
		uint64_t k = imm - lo;
		for (unsigned l = 0; l < WS_WARP; l++) {
			uint32_t v = (uint32_t)B[l];
			memcpy(base + (A[l] + k), &v, 4);
		}
		return 0;
	}
	switch (type_size(t)) {
	case 1: WIN_ST(uint8_t); break;
	case 2: WIN_ST(uint16_t); break;
	case 4: WIN_ST(uint32_t); break;
	default: WIN_ST(uint64_t); break;
	}
	return slow;
}
#undef WIN_ST

/* The lanes of M at one address of their own stacks, in bounds and
 * aligned (a C++ object every thread keeps on its stack, as
 * cuda::atomic_ref's member functions read it: a local address names no
 * lane, so that the row is uniform; no window covers the 32 stacks),
 * nothing watching lanes one by one: the address's offset in each stack,
 * and ld_slow and st_slow go to the stacks without xl's tests of the other
 * spaces; else -1 (the lanes one by one through xl, whose errors and
 * events are the same for these lanes). */
static inline int64_t local_lanes(struct machine *m, const struct warp *w, uint32_t M, const uint64_t *A,
				  uint64_t imm, unsigned sz)
{
	if (w->host || CHECK_WANTS(m, CEV_LANE))
		return -1;
	unsigned l0 = (unsigned)__builtin_ctz(M);
	uint64_t a0 = A[l0], addr = a0 + imm, diff = 0, off = ADDR_OFF(addr), end = off + sz;
	if (ADDR_TAG(addr) != TAG_LOCAL || (addr & (sz - 1)))
		return -1;
	const struct lstack *ls = w->ls;
	if (M == WS_FULL) {
		for (unsigned l = 0; l < WS_WARP; l++)
			diff |= A[l] ^ a0;
		for (unsigned l = 0; l < WS_WARP; l++)
			diff |= (uint64_t)(end > ls[l].sp);
	} else {
		for (uint32_t q = M; q; q &= q - 1) {
			unsigned l = (unsigned)__builtin_ctz(q);
			diff |= (A[l] ^ a0) | (uint64_t)(end > ls[l].sp);
		}
	}
	return diff ? -1 : (int64_t)off;
}

/* A warp's loads or stores (write) of sz bytes, every lane of M on its own
 * local memory, aligned, inside its live stack, while a checker listens to
 * CEV_LANE: the one listener that acts on local memory takes them as one
 * event (struct checker's local_lanes, chk.llocal), where xl published a
 * CEV_LANE per lane to every listener. 1 when it did (the caller then loads
 * or stores each lane's bytes: nothing a lane's event does depends on the
 * bytes, nor do the bytes on it); 0, nothing done, else */
static int local_offer(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		       const uint64_t *A, uint64_t imm, unsigned sz, int write)
{
	if (!m->chk.llocal || w->host)
		return 0;
	uint64_t la[WS_WARP];
	for (uint32_t q = M; q; q &= q - 1) {
		unsigned l = (unsigned)__builtin_ctz(q);
		uint64_t addr = A[l] + imm;
		if (ADDR_TAG(addr) != TAG_LOCAL || (addr & (sz - 1)) || !ws_range_in(0, w->ls[l].sp, ADDR_OFF(addr), sz))
			return 0;
		la[l] = addr;
	}
	struct block *b = w->blk;
	struct check_event e = { .kind = CEV_LANE, .m = m, .w = w, .b = b, .mask = M, .span = in->span,
				 .space = TAG_LOCAL, .size = sz, .access = write ? CHECK_WRITE : CHECK_READ,
				 .lane_addr = la, .region = CR_LOCAL, .addr = ADDR(TAG_LOCAL, 0),
				 .slot = b->slot, .warp = w->id, .phase = chk_phase(b), .wsync = w->wsync,
				 .block = b->linear };
	return m->chk.llocal(m->chk.llocal_self, &e);
}

static int ld_slow(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		   uint64_t *D, const uint64_t *A)
{
	unsigned t = in->t, sz = type_size(t);
	uint64_t imm = (uint64_t)in->imm;
	int bad = 0;
	int64_t off = local_lanes(m, w, M, A, imm, sz);
	if (off >= 0) {
		const struct lstack *ls = w->ls;
		if (sz == 8 && M == WS_FULL)
			for (unsigned l = 0; l < WS_WARP; l++)
				memcpy(&D[l], ls[l].buf + off, 8);
		else
			for (uint32_t q = M; q; q &= q - 1) {
				unsigned l = (unsigned)__builtin_ctz(q);
				D[l] = ld_raw(ls[l].buf + off, t);
			}
		return 0;
	}
	if (CHECK_WANTS(m, CEV_LANE) && local_offer(m, w, in, M, A, imm, sz, 0)) {
		const struct lstack *ls = w->ls;
		for (uint32_t q = M; q; q &= q - 1) {
			unsigned l = (unsigned)__builtin_ctz(q);
			D[l] = ld_raw(ls[l].buf + ADDR_OFF(A[l] + imm), t);
		}
		return 0;
	}
	EACH(M, l, {
		if (bad) break;
		uint64_t addr = A[l] + imm;
		uint8_t *p;
		if (check_align(m, w, l, addr, sz, in->span) ||
		    !(p = xl(m, w, l, addr, sz, 0, in->span))) {
			bad = 1;
			break;
		}
		D[l] = ld_raw(p, t);
	});
	return bad ? -1 : 0;
}

/* The checkers' CEV_FENCE for group g's fence of in's scope, or for a
 * release of that scope (release_event): the shared checker's epoch of the
 * block ends (of every block of the cluster at cluster scope), the global
 * checker's at gpu and system scope, and the block's accesses after it are
 * in a new phase for the global checker (chk_phase), as after a barrier */
static void fence_event(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	struct check_event e = { .kind = CEV_FENCE, .w = w, .b = w->host ? NULL : w->blk, .mask = g->mask,
				 .span = in->span, .arg = (int)in->scope, .slot = w->host ? -1 : w->blk->slot };
	if (!w->host)
		w->blk->chk_sync++;
	machine_publish(m, &e);
	/* a cluster fence orders the accesses to the shared memory
	 * of every block of the cluster (distributed shared memory) */
	if (in->scope == SCOPE_CLUSTER && !w->host && m->dev.grid)
		for (uint32_t r = 0; r < m->dev.grid->csize; r++) {
			struct block *cb = cluster_block(m, w->blk, r);
			if (cb && cb != w->blk)
				machine_publish_sync(m, cb);
		}
}

/* A store with release semantics, or a read-modify-write with release,
 * acq_rel or seq_cst ones (cuda::atomic_ref's store(v, release), fetch_add
 * by default), orders what its thread did before it for whoever acquires
 * what it wrote: to the checkers, whose epochs stand in for happens-before,
 * it is a fence of its scope just before the access (the flag protocols
 * of release and acquire, as with a fence and a relaxed flag). fast_run's
 * F_ST and F_ATOM hand these to the general loop while a checker listens
 * for fences (REL_DECLINE); fast_pairs fuses no release store, so that
 * they reach F_ST (a --fast run, where nothing listens, keeps them). */
static inline int is_release(const struct ir_insn *in)
{
	return in->sem == SEM_RELEASE || in->sem == SEM_ACQ_REL || in->sem == SEM_SC;
}

static void release_event(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	if (is_release(in) && CHECK_WANTS(m, CEV_FENCE))
		fence_event(m, w, g, in);
}

static int do_ld(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *D = reg(R, in->d), *A = reg(R, in->a);
	unsigned t = in->t, sz = type_size(t);
	uint64_t imm = (uint64_t)in->imm;
	uint32_t M = g->mask, slow = 0;
	struct window win;
	if (WS_UNLIKELY(m->acp != NULL) && acp_inflight(m))
		acp_access(m, w, g, in, A, imm, sz, 0);
	if (WS_UNLIKELY(m->mm)) {
		int r = mm_ld(m, w, g, in);
		if (r != 1)
			return r;
	}
	if (m->hooks & (1u << EV_MEM))
		mem_event(m, w, g, A, imm, sz, 0);
	int inwin = !w->host && mem_window(m, w, A[__builtin_ctz(M)] + imm, 0, &win);
	if (CHECK_WANTS(m, CEV_ACCESS)) {
		if (!inwin || win.a || in->sem != SEM_WEAK || !access_read_in(m, w, g, A, imm, sz, &win, 0))
			access_event(m, w, g, in, A, imm, sz, CHECK_READ, inwin ? &win : NULL);
	}
	if (!inwin)
		return ld_slow(m, w, in, M, D, A);
	slow = ld_window(&win, t, M, D, A, imm);
	return slow ? ld_slow(m, w, in, slow, D, A) : 0;
}

static int st_slow(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		   const uint64_t *A, const uint64_t *B)
{
	unsigned t = in->t, sz = type_size(t);
	uint64_t imm = (uint64_t)in->imm;
	int bad = 0;
	int64_t off = local_lanes(m, w, M, A, imm, sz);
	if (off >= 0) {
		/* each lane's own stack: no two lanes store to one byte */
		const struct lstack *ls = w->ls;
		for (uint32_t q = M; q; q &= q - 1) {
			unsigned l = (unsigned)__builtin_ctz(q);
			st_raw(ls[l].buf + off, t, B[l]);
		}
		return 0;
	}
	if (CHECK_WANTS(m, CEV_LANE) && local_offer(m, w, in, M, A, imm, sz, 1)) {
		const struct lstack *ls = w->ls;
		for (uint32_t q = M; q; q &= q - 1) {
			unsigned l = (unsigned)__builtin_ctz(q);
			st_raw(ls[l].buf + ADDR_OFF(A[l] + imm), t, B[l]);
		}
		return 0;
	}
	EACH_SEQ(M, l, {
		if (bad) break;
		uint64_t addr = A[l] + imm;
		uint8_t *p;
		if (check_align(m, w, l, addr, sz, in->span) ||
		    !(p = xl(m, w, l, addr, sz, 1, in->span))) {
			bad = 1;
			break;
		}
		st_raw(p, t, B[l]);
	});
	return bad ? -1 : 0;
}

static int do_st(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *A = reg(R, in->a), *B = reg(R, in->b);
	unsigned t = in->t, sz = type_size(t);
	uint64_t imm = (uint64_t)in->imm;
	uint32_t M = g->mask, slow = 0;
	struct window win;
	m->nstores++; /* progress, for the spin-wait detector (check_spin.c) */
	if (WS_UNLIKELY(m->acp != NULL) && acp_inflight(m))
		acp_access(m, w, g, in, A, imm, sz, 1);
	if (WS_UNLIKELY(m->mm)) {
		int r = mm_st(m, w, g, in);
		if (r != 1)
			return r;
	}
	if (m->hooks & (1u << EV_MEM))
		mem_event(m, w, g, A, imm, sz, 1);
	release_event(m, w, g, in);
	int inwin = !w->host && mem_window(m, w, A[__builtin_ctz(M)] + imm, 1, &win);
	if (CHECK_WANTS(m, CEV_ACCESS)) {
		/* a partial warp's 4-byte store: what the shared checker's cheap
		 * way in for writes may take (lanes on consecutive words) */
		if (!inwin || win.a || sz != 4 || in->sem != SEM_WEAK ||
		    !access_write_in(m, w, g, A, imm, &win, 0))
			access_event(m, w, g, in, A, imm, sz, CHECK_WRITE, inwin ? &win : NULL);
	}
	if (!inwin)
		return st_slow(m, w, in, M, A, B);
	/* lanes in ascending order: with several lanes storing to one
	 * address, the highest lane's value wins (deterministic) */
	slow = st_window(&win, t, M, A, B, imm);
	return slow ? st_slow(m, w, in, slow, A, B) : 0;
}

static uint64_t atom_op(unsigned sub, unsigned t, uint64_t old, uint64_t b, uint64_t c, int *store)
{
	*store = 1;
	if (t == IR_F32) {
		float o = fval(old), x = fval(b), r;
		switch (sub) {
		case ATOM_ADD: r = o + x; break;
		case ATOM_SUB: r = o - x; break;
		case ATOM_MIN: r = fminf(o, x); break;
		case ATOM_MAX: r = fmaxf(o, x); break;
		case ATOM_EXCH: case ATOM_STORE: return b;
		case ATOM_CAS: if (old == b) return c; *store = 0; return old;
		default: *store = 0; return old;
		}
		return fbits(r);
	}
	if (t == IR_F64) {
		double o = dval(old), x = dval(b), r;
		switch (sub) {
		case ATOM_ADD: r = o + x; break;
		case ATOM_SUB: r = o - x; break;
		case ATOM_MIN: r = fmin(o, x); break;
		case ATOM_MAX: r = fmax(o, x); break;
		case ATOM_EXCH: case ATOM_STORE: return b;
		case ATOM_CAS: if (old == b) return c; *store = 0; return old;
		default: *store = 0; return old;
		}
		return dbits(r);
	}
	int sg = is_signed(t);
	uint64_t r;
	switch (sub) {
	case ATOM_ADD: r = old + b; break;
	case ATOM_SUB: r = old - b; break;
	case ATOM_EXCH: case ATOM_STORE: r = b; break;
	case ATOM_MIN: r = sg ? ((int64_t)old < (int64_t)b ? old : b) : (old < b ? old : b); break;
	case ATOM_MAX: r = sg ? ((int64_t)old > (int64_t)b ? old : b) : (old > b ? old : b); break;
	case ATOM_INC: r = ir_norm(old, IR_U32) >= ir_norm(b, IR_U32) ? 0 : old + 1; break;
	case ATOM_DEC: {
		uint64_t o = ir_norm(old, IR_U32), x = ir_norm(b, IR_U32);
		r = (o == 0 || o > x) ? x : o - 1;
		break;
	}
	case ATOM_CAS: if (old != b) { *store = 0; return old; } r = c; break;
	case ATOM_AND: r = old & b; break;
	case ATOM_OR: r = old | b; break;
	case ATOM_XOR: r = old ^ b; break;
	default: *store = 0; return old;
	}
	return ir_norm(r, t);
}
/* One lane's 32-bit read-modify-write at P (atom_fast's and atom32_run's
 * loops): o the word as read, r = ADD written back, ob and rb their bits,
 * then KEEP (which may read all four). */
#define ATOM_RMW32(P, T, ADD, KEEP) { \
	void *p_ = (P); \
	T o, r; \
	memcpy(&o, p_, 4); \
	r = ADD; \
	memcpy(p_, &r, 4); \
	uint32_t ob, rb; \
	memcpy(&ob, &o, 4); \
	memcpy(&rb, &r, 4); \
	(void)rb; \
	KEEP; \
}


/* The common atomics (32-bit integer or float add, the histogram and
 * counter idiom) when every lane's address lies in the window, aligned,
 * one pass checks, one pass adds in
 * ascending lane order, with the general path's side effects (shared
 * words marked written, stores that change memory counted for the
 * spin-wait detector). Returns 0 when the general path must run. */
static int atom_fast(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		     const struct window *win, uint64_t *D, const uint64_t *A, const uint64_t *B)
{
	unsigned t = in->t;
	if (in->sub != ATOM_ADD || (t != IR_U32 && t != IR_S32 && t != IR_F32) || win->len < 4)
		return 0;
	uint64_t lo = win->lo, lim = win->len - 4, bad = 0, changed = 0;
	uint8_t *base = win->base;
	if (M == WS_FULL) {
		if (!win_all_in(A, (uint64_t)0 - lo, win->len, 4))
			return 0;
	} else if (popc32(M) >= LANES_VEC_MIN) {
		if (lanes_outside(A, (uint64_t)0 - lo, win->len, 4, M))
			return 0;
	} else {
		EACH(M, l, { uint64_t off = A[l] - lo; bad |= (off > lim) | (off & 3); });
		if (bad)
			return 0;
	}
	/* one loop per form (result kept or not, its type): the lanes'
	 * read-add-write chain through memory is what remains per lane */
#define ATOM_ADD32(T, ADD, KEEP) EACH_SEQ(M, l, { ATOM_RMW32(base + (A[l] - lo), T, ADD, KEEP) })
	if (t == IR_F32) {
		if (in->d >= 0)
			ATOM_ADD32(float, o + fval(B[l]), { D[l] = ob; changed += rb != ob; });
		else
			ATOM_ADD32(float, o + fval(B[l]), changed += rb != ob);
	} else {
		/* an integer add changes the word exactly when it adds a non-zero */
		changed += count_nonzero32(B, M);
		if (in->d < 0)
			ATOM_ADD32(uint32_t, o + (uint32_t)B[l], (void)rb);
		else if (t == IR_S32)
			ATOM_ADD32(uint32_t, o + (uint32_t)B[l], { (void)rb; D[l] = (uint64_t)(int64_t)(int32_t)ob; });
		else
			ATOM_ADD32(uint32_t, o + (uint32_t)B[l], { (void)rb; D[l] = ob; });
	}
#undef ATOM_ADD32
	m->nstores += changed;
	return 1;
}

/* atom_op on register operands (the relaxed model's RMWs) */
static uint64_t atom_apply(unsigned sub, unsigned t, uint64_t old, uint64_t b, uint64_t c, int *store)
{
	return atom_op(sub, t, old, ir_norm(b, t), ir_norm(c, t), store);
}

static int atom_at(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		   const struct window *wp);

static int do_atom(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *A = reg(g->fr->r, in->a);
	unsigned sz = type_size(in->t);
	if (WS_UNLIKELY(m->mm)) {
		int r = mm_atom(m, w, g, in, atom_apply);
		if (r != 1)
			return r;
	}
	if (m->hooks & (1u << EV_MEM))
		mem_event(m, w, g, A, 0, sz, 1);
	release_event(m, w, g, in);
	struct window win = { 0, 0, NULL, NULL, NULL };
	int fast = !w->host && mem_window(m, w, A[__builtin_ctz(g->mask)], 1, &win);
	if (CHECK_WANTS(m, CEV_ACCESS))
		access_event(m, w, g, in, A, 0, sz, CHECK_ATOMIC, fast ? &win : NULL);
	return atom_at(m, w, g, in, fast ? &win : NULL);
}

/* The lanes of M one by one, in ascending order, from atom_at and from
 * fast_run's F_ATOM where its pass stopped (atom32_run): an address in
 * the window (wp, or NULL) is used there, any other through xl, which
 * faults. Returns -1 after a fault. */
static int atom_lanes(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t M,
		      const struct window *wp, uint64_t *D, const uint64_t *A, const uint64_t *B, const uint64_t *C)
{
	unsigned t = in->t, sz = type_size(t);
	struct window win = { 0, 0, NULL, NULL, NULL };
	int fast = wp != NULL, bad = 0;
	if (fast)
		win = *wp;
	/* lanes in ascending order: the order the hardware serializes them in is
	 * unspecified; this one is deterministic */
	EACH_SEQ(M, l, {
		if (bad) break;
		uint8_t *p;
		uint64_t off = A[l] - (fast ? win.lo : 0);
		if (fast && ws_range_in(0, win.len, off, sz) && !(off & (sz - 1)))
			p = win.base + off;
		else if (check_align(m, w, l, A[l], sz, in->span) ||
		    !(p = xl(m, w, l, A[l], sz, 1, in->span))) {
			bad = 1;
			break;
		}
		uint64_t old = ld_raw(p, t);
		int store;
		uint64_t nv = atom_op(in->sub, t, old, ir_norm(B[l], t), ir_norm(C[l], t), &store);
		if (store) {
			m->nstores += nv != old;
			st_raw(p, t, nv);
		}
		if (in->d >= 0)
			D[l] = old;
	});
	return bad ? -1 : 0;
}

/* do_atom after its look-up of the window (win: the one the first lane's
 * address lies in, or NULL) and the checkers' event: atom_fast, else the
 * lanes one by one. fast_run's F_ATOM comes in here too. Returns -1 after
 * a fault. */
static int atom_at(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		   const struct window *wp)
{
	uint64_t *R = g->fr->r, *D = reg(R, in->d), *A = reg(R, in->a), *B = reg(R, in->b),
		 *C = reg(R, in->c);
	if (wp && atom_fast(m, w, in, g->mask, wp, D, A, B))
		return 0;
	return atom_lanes(m, w, in, g->mask, wp, D, A, B, C);
}

static int do_memcpy_set(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in)
{
	uint64_t *R = g->fr->r, *A = reg(R, in->a), *B = reg(R, in->b);
	uint64_t n = (uint64_t)in->imm;
	int bad = 0;
	if (n == 0)
		return 0;
	EACH(g->mask, l, {
		if (bad) break;
		uint8_t *d = interp_xlate(m, w, l, A[l], n, 1, in->span);
		if (!d) { bad = 1; break; }
		if (in->op == IR_MEMSET) {
			memset(d, (int)(uint8_t)B[l], n);
		} else {
			uint8_t *s = interp_xlate(m, w, l, B[l], n, 0, in->span);
			if (!s) { bad = 1; break; }
			memmove(d, s, n);
		}
	});
	return bad ? -1 : 0;
}

/* ---- arithmetic */

/* integer ops on the common widths normalize in the same pass */
#define INTOP(OP) do { \
	if (t == IR_S32) EACH(M, l, D[l] = (uint64_t)(int64_t)(int32_t)(uint32_t)(A[l] OP B[l])); \
	else if (t == IR_U32) EACH(M, l, D[l] = (uint32_t)(A[l] OP B[l])); \
	else if (t == IR_S64 || t == IR_U64 || t == IR_PTR) EACH(M, l, D[l] = A[l] OP B[l]); \
	else { EACH(M, l, D[l] = A[l] OP B[l]); norm(D, M, t); } \
} while (0)

#define ARITH(OP) do { \
	if (t == IR_F32) EACH(M, l, D[l] = fbits(fval(A[l]) OP fval(B[l]))); \
	else if (t == IR_F64) EACH(M, l, D[l] = dbits(dval(A[l]) OP dval(B[l]))); \
	else if (t == IR_F16) EACH(M, l, D[l] = hbits(hval(A[l]) OP hval(B[l]))); \
	else INTOP(OP); \
} while (0)

#define BITOP(OP) do { \
	if (t == IR_PRED) EACH(M, l, D[l] = A[l] OP B[l]); \
	else INTOP(OP); \
} while (0)

#define CMPOP(OP) do { \
	if (t == IR_F32) EACH(M, l, D[l] = fval(A[l]) OP fval(B[l])); \
	else if (t == IR_F64) EACH(M, l, D[l] = dval(A[l]) OP dval(B[l])); \
	else if (t == IR_F16) EACH(M, l, D[l] = hval(A[l]) OP hval(B[l])); \
	else if (is_signed(t)) EACH(M, l, D[l] = (int64_t)A[l] OP (int64_t)B[l]); \
	else EACH(M, l, D[l] = A[l] OP B[l]); \
} while (0)

static void do_setp(const struct ir_insn *in, uint32_t M, uint64_t *D, uint64_t *A, uint64_t *B)
{
	unsigned t = in->t;
	switch (in->sub) {
	case CMP_EQ: CMPOP(==); break;
	case CMP_NE: CMPOP(!=); break;
	case CMP_LT: CMPOP(<); break;
	case CMP_LE: CMPOP(<=); break;
	case CMP_GT: CMPOP(>); break;
	default: CMPOP(>=); break;
	}
}

static int do_divrem(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		     uint64_t *D, uint64_t *A, uint64_t *B)
{
	unsigned t = in->t;
	uint32_t M = g->mask, zero = 0;
	int rem = in->op == IR_REM;
	if (t == IR_F32) {
		EACH(M, l, D[l] = fbits(rem ? fmodf(fval(A[l]), fval(B[l])) : fval(A[l]) / fval(B[l])));
		return 0;
	}
	if (t == IR_F64) {
		EACH(M, l, D[l] = dbits(rem ? fmod(dval(A[l]), dval(B[l])) : dval(A[l]) / dval(B[l])));
		return 0;
	}
	if (t == IR_F16) {
		EACH(M, l, D[l] = hbits(rem ? fmodf(hval(A[l]), hval(B[l])) : hval(A[l]) / hval(B[l])));
		return 0;
	}
	int sg = is_signed(t);
	EACH(M, l, {
		uint64_t a = A[l], b = B[l];
		if (b == 0) {
			zero |= 1u << l;
			D[l] = rem ? a : ~(uint64_t)0;
		} else if (sg) {
			if ((int64_t)b == -1)
				D[l] = rem ? 0 : (uint64_t)0 - a;
			else
				D[l] = rem ? (uint64_t)((int64_t)a % (int64_t)b) : (uint64_t)((int64_t)a / (int64_t)b);
		} else {
			D[l] = rem ? a % b : a / b;
		}
	});
	norm(D, M, t);
	if (zero) {
		machine_finding_add_sev(m, FK_INTEGER_DIVIDE_BY_ZERO, !w->host ? 0 : 1, w, zero, in->span, 0,
				    "integer %s by zero%s", rem ? "remainder" : "division",
				    w->host ? "" : "; the GPU does not trap and the result is undefined");
		if (w->host) {
			machine_exit(m, 136);
			return -1;
		}
	}
	return 0;
}

static void do_shift(const struct ir_insn *in, uint32_t M, uint64_t *D, uint64_t *A, uint64_t *B)
{
	unsigned t = in->t, bits = type_size(t) * 8;
	if (in->flags & DF_KB) { /* a constant count: the same shift for every lane */
		uint64_t s = B[0] & 0xffffffffu;
		if (in->op == IR_SHL) {
			if (s >= bits)
				EACH(M, l, D[l] = 0);
			else
				EACH(M, l, D[l] = A[l] << s);
			norm(D, M, t);
		} else if (is_signed(t)) {
			unsigned k = s >= bits ? 63 : (unsigned)s;
			EACH(M, l, D[l] = (uint64_t)((int64_t)A[l] >> k));
		} else if (s >= bits) {
			EACH(M, l, D[l] = 0);
		} else {
			EACH(M, l, D[l] = A[l] >> s);
		}
		return;
	}
	if (in->op == IR_SHL) {
		EACH(M, l, D[l] = (B[l] & 0xffffffffu) >= bits ? 0 : A[l] << (B[l] & 63));
	} else if (is_signed(t)) {
		EACH(M, l, {
			uint64_t s = B[l] & 0xffffffffu;
			D[l] = (uint64_t)((int64_t)A[l] >> (s >= bits ? 63 : s));
		});
	} else {
		EACH(M, l, D[l] = (B[l] & 0xffffffffu) >= bits ? 0 : A[l] >> (B[l] & 63));
	}
	/* right shifts of a normalized value stay normalized */
	if (in->op == IR_SHL)
		norm(D, M, t);
}

static void do_minmax(const struct ir_insn *in, uint32_t M, uint64_t *D, uint64_t *A, uint64_t *B)
{
	unsigned t = in->t;
	int mx = in->op == IR_MAX;
	if (t == IR_F32)
		EACH(M, l, D[l] = fbits(mx ? fmaxf(fval(A[l]), fval(B[l])) : fminf(fval(A[l]), fval(B[l]))));
	else if (t == IR_F64)
		EACH(M, l, D[l] = dbits(mx ? fmax(dval(A[l]), dval(B[l])) : fmin(dval(A[l]), dval(B[l]))));
	else if (is_signed(t))
		EACH(M, l, D[l] = (((int64_t)A[l] < (int64_t)B[l]) ^ mx) ? A[l] : B[l]);
	else
		EACH(M, l, D[l] = ((A[l] < B[l]) ^ mx) ? A[l] : B[l]);
}

/* blockIdx, blockDim and gridDim (s one of SREG_NTID_X..SREG_NCTAID_Z):
 * sreg_val's, and fast_run's in line (F_SREG_CTA) */
static inline uint64_t sreg_cta(const struct machine *m, const struct warp *w, unsigned s)
{
	const struct grid *gr = m->dev.grid;
	if (s >= SREG_CTAID_X && s <= SREG_CTAID_Z)
		return w->blk->idx[s - SREG_CTAID_X];
	if (!gr)
		return 1;
	if (s <= SREG_NTID_Z)
		return gr->l.block[s - SREG_NTID_X];
	return gr->l.grid[s - SREG_NCTAID_X];
}

static uint64_t sreg_val(struct machine *m, struct warp *w, unsigned l, unsigned s)
{
	struct block *b = w->blk;
	switch (s) {
	case SREG_TID_X: case SREG_TID_Y: case SREG_TID_Z: return w->tid[s - SREG_TID_X][l];
	case SREG_NTID_X: case SREG_NTID_Y: case SREG_NTID_Z:
	case SREG_CTAID_X: case SREG_CTAID_Y: case SREG_CTAID_Z:
	case SREG_NCTAID_X: case SREG_NCTAID_Y: case SREG_NCTAID_Z:
		return sreg_cta(m, w, s);
	case SREG_LANEID: return l;
	case SREG_WARPID: return w->id;
	case SREG_NWARPID: return 64;
	case SREG_SMID: return b->sm;
	case SREG_NSMID: return (uint64_t)m->o.num_sms;
	case SREG_CLOCK: return (uint32_t)m->dev.smclk[b->sm];
	case SREG_CLOCK64: return m->dev.smclk[b->sm];
	case SREG_GLOBALTIMER: return m->dev.cycles;
	case SREG_WARPSIZE: return WS_WARP;
	case SREG_LANEMASK_LT: return (1u << l) - 1;
	case SREG_LANEMASK_LE: return (uint32_t)((2ull << l) - 1);
	case SREG_LANEMASK_GT: return (uint32_t)~((2ull << l) - 1);
	case SREG_LANEMASK_GE: return (uint32_t)~((1u << l) - 1);
	case SREG_LANEMASK_EQ: return 1u << l;
	default: return 0;
	}
}

/* ---- calls */

void interp_stack_overflow(struct machine *m, struct warp *w, uint32_t mask,
			   const struct ir_func *fn, struct span call)
{
	uint64_t limit = w->host ? 8u << 20 : m->rt.stack_limit;
	const char *where = w->host ? "the host stack (8 MiB, as with ulimit -s 8192)"
				    : "the thread's stack";
	/* the largest local, by its extent in the frame (a type's size is 32
	 * bits and wraps for int[1 << 30]) */
	const struct ir_var *big = NULL;
	uint64_t bigext = 0;
	for (uint32_t i = 0; i < fn->nvars; i++) {
		const struct ir_var *v = &fn->vars[i];
		uint64_t end = fn->frame_size;
		if (v->loc != VLOC_LOCAL || v->off < 0)
			continue;
		for (uint32_t j = 0; j < fn->nvars; j++)
			if (fn->vars[j].loc == VLOC_LOCAL && fn->vars[j].off > v->off &&
			    (uint64_t)fn->vars[j].off < end)
				end = (uint64_t)fn->vars[j].off;
		if (!big || end - (uint64_t)v->off > bigext) {
			big = v;
			bigext = end - (uint64_t)v->off;
		}
	}
	if (big && big->decl.file && bigext * 2 > limit) {
		machine_finding_add(m, FK_STACK_OVERFLOW, w, mask, big->decl, 0,
				    "the local variable %s (%s) of %s does not fit in %s",
				    big->name ? big->name : "?",
				    big->type && big->type->name ? big->type->name : "?", fn->name, where);
		return;
	}
	if (w->host)
		machine_finding_add(m, FK_STACK_OVERFLOW, w, mask, call, 0,
				    "call to %s overflows %s; deep or unbounded recursion?", fn->name, where);
	else
		machine_finding_add(m, FK_STACK_OVERFLOW, w, mask, call, 0,
				    "call to %s overflows %s (%llu bytes); deep or unbounded recursion?",
				    fn->name, where, (unsigned long long)limit);
}

static int do_call(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
		   int32_t fidx)
{
	const struct ir_func *fn = &m->mod->funcs[fidx];
	struct frame *nf = interp_frame_new(m, w, fn, fidx, g->fr, g->mask);
	if (!nf && m->df[fidx] && m->df[fidx]->bad) {
		if (w->host)
			machine_exit(m, 134);
		else
			machine_fail_kernel(m, 719);
		return -1;
	}
	if (!nf) {
		interp_stack_overflow(m, w, g->mask, fn, in->span);
		if (w->host)
			machine_exit(m, 139);
		else
			machine_fail_kernel(m, 700);	/* a GPU: illegal address */
		return -1;
	}
	uint64_t *R = g->fr->r;
	for (uint32_t k = 0; k < in->nargs && k < fn->nregs; k++) {
		uint64_t *S = reg(R, in->args[k]), *T = nf->r + (size_t)k * WS_WARP;
		EACH(g->mask, l, T[l] = S[l]);
	}
	nf->ret_pc = g->pc + 1;
	nf->ret_reg = in->d;
	g->fr = nf;
	g->pc = 0;
	return 0;
}

/* group returns from its frame; returns 1 if structure changed */
static int do_ret(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in)
{
	struct group *g = &w->g[gi];
	struct frame *f = g->fr;
	uint32_t M = g->mask;
	if (f->depth == 0) {
		if (w->host) {
			uint64_t v = in->a >= 0 ? f->r[(size_t)in->a * WS_WARP] : 0;
			if (w->hid == 0) {
				machine_exit(m, (int)(v & 0xff));
			} else {
				/* a thread's start routine returned: the thread ends */
				hthread_end(m, w, v);
				hthread_pick(m);
			}
			return 1;
		}
		if (!f->df->stackless) /* else the stacks are where the frame found them */
			EACH(M, l, w->ls[l].sp = f->lbase[l]);
		f->nlanes -= popc32(M);
		if (f->nlanes == 0)
			frame_release(m, w, f);
		lanes_exit(m, w, gi);
		return 1;
	}
	struct frame *p = f->parent;
	if (f->ret_reg >= 0 && in->a >= 0) {
		uint64_t *S = reg(f->r, in->a), *D = reg(p->r, f->ret_reg);
		unsigned rt = f->fn->ret;
		EACH(M, l, D[l] = S[l]);
		if (rt != IR_VOID)
			norm(D, M, rt);
	}
	if (!f->df->stackless)
		EACH(M, l, w->ls[l].sp = f->lbase[l]);
	g->fr = p;
	g->pc = f->ret_pc;
	f->nlanes -= popc32(M);
	if (f->nlanes == 0)
		frame_release(m, w, f);
	return g->ntok && at_token(w, g);
}

/* The lanes of M for which (A sub B) holds: a fused SETP+CBR in one pass. */
#define CMPM(OP, CAST) EACH(M, l, T |= (uint32_t)((CAST)A[l] OP (CAST)B[l]) << l)
#define CMPM_ALL(CAST) do { \
	switch (in->sub) { \
	case CMP_EQ: CMPM(==, CAST); break; \
	case CMP_NE: CMPM(!=, CAST); break; \
	case CMP_LT: CMPM(<, CAST); break; \
	case CMP_LE: CMPM(<=, CAST); break; \
	case CMP_GT: CMPM(>, CAST); break; \
	default: CMPM(>=, CAST); break; \
	} \
} while (0)

#ifdef __SSE2__
/* 32-bit compares of all 32 lanes, four at a time: the low halves of the
 * 64-bit slots are gathered, compared (unsigned through a bias), and the
 * lane bits come from movemask. Lanes outside the group compare garbage
 * and are masked off by the caller. */
static uint32_t cmp_mask32(unsigned sub, int sgn, const uint64_t *A, const uint64_t *B)
{
	uint32_t lt = 0, eq = 0;
	const __m128i bias = _mm_set1_epi32(sgn ? 0 : INT32_MIN);
	for (unsigned l = 0; l < WS_WARP; l += 4) {
		__m128i a0 = _mm_loadu_si128((const __m128i *)(A + l));
		__m128i a1 = _mm_loadu_si128((const __m128i *)(A + l + 2));
		__m128i b0 = _mm_loadu_si128((const __m128i *)(B + l));
		__m128i b1 = _mm_loadu_si128((const __m128i *)(B + l + 2));
		__m128i a = _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(a0), _mm_castsi128_ps(a1), 0x88));
		__m128i b = _mm_castps_si128(_mm_shuffle_ps(_mm_castsi128_ps(b0), _mm_castsi128_ps(b1), 0x88));
		a = _mm_xor_si128(a, bias);
		b = _mm_xor_si128(b, bias);
		lt |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmplt_epi32(a, b))) << l;
		eq |= (uint32_t)_mm_movemask_ps(_mm_castsi128_ps(_mm_cmpeq_epi32(a, b))) << l;
	}
	switch (sub) {
	case CMP_EQ: return eq;
	case CMP_NE: return ~eq;
	case CMP_LT: return lt;
	case CMP_LE: return lt | eq;
	case CMP_GT: return ~(lt | eq);
	default: return ~lt;
	}
}

/* float add, subtract, multiply of a full warp, four lanes at a time
 * (results zero-extended, as fbits gives them) */
static int f32_full(unsigned op, uint64_t *D, const uint64_t *A, const uint64_t *B)
{
	const __m128i z = _mm_setzero_si128();
	for (unsigned l = 0; l < WS_WARP; l += 4) {
		__m128 a = _mm_shuffle_ps(_mm_loadu_ps((const float *)(A + l)),
					  _mm_loadu_ps((const float *)(A + l + 2)), 0x88);
		__m128 b = _mm_shuffle_ps(_mm_loadu_ps((const float *)(B + l)),
					  _mm_loadu_ps((const float *)(B + l + 2)), 0x88);
		__m128 r = op == IR_ADD ? _mm_add_ps(a, b) : op == IR_SUB ? _mm_sub_ps(a, b) : _mm_mul_ps(a, b);
		__m128i ri = _mm_castps_si128(r);
		_mm_storeu_si128((__m128i *)(D + l), _mm_unpacklo_epi32(ri, z));
		_mm_storeu_si128((__m128i *)(D + l + 2), _mm_unpackhi_epi32(ri, z));
	}
	return 1;
}
#define F32_FULL(op) (t == IR_F32 && M == WS_FULL && f32_full(op, D, A, B))
#else
#define F32_FULL(op) 0
#endif

static uint32_t cmp_mask(const struct ir_insn *in, uint32_t M, const uint64_t *A, const uint64_t *B)
{
	uint32_t T = 0;
	unsigned t = in->t;
#ifdef __SSE2__
	if ((t == IR_S32 || t == IR_U32) && M != 1)
		return cmp_mask32(in->sub, t == IR_S32, A, B) & M;
#endif
	if (is_float(t)) {
		uint64_t p[WS_WARP];
		do_setp(in, M, p, (uint64_t *)A, (uint64_t *)B);
		EACH(M, l, T |= (uint32_t)(p[l] != 0) << l);
	} else if (is_signed(t)) {
		CMPM_ALL(int64_t);
	} else {
		CMPM_ALL(uint64_t);
	}
	return T;
}

static int cbr_taken(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in, uint32_t T,
		     int park);

/* a new innermost token of group gi: its lanes M meet at rpc (depth) */
static inline void tok_push(struct warp *w, uint32_t gi, uint32_t M, uint32_t rpc, uint32_t depth)
{
	uint16_t t = tok_new(w, M, rpc, depth);
	struct group *g = &w->g[gi];
	g->tok[g->ntok++] = t;
}

/* a new group of lanes rest at pc, a copy of group gi (its frame, state,
 * tokens), which the caller leaves without them: warp_group_add, less its
 * zeroing (the copy writes every field) where the group fits where the
 * warp's groups are. Returns the new group. */
static inline struct group *group_fork(struct warp *w, uint32_t gi, uint32_t rest, uint32_t pc)
{
	struct group *n = w->ng < warp_gcap(w) ? &w->g[w->ng++] : warp_group_add(w);
	struct group *g = &w->g[gi];
	*n = *g;
	n->mask = rest;
	n->pc = pc;
	return n;
}

/* split1 (none under m->o.no_split1, WS_NO_SPLIT1=1; decode.c marks its
 * branches, df->split1): where a warp's one group diverges at an `if`
 * without `else` whose body is a short region of fast_run's (reduce_shfl's
 * lane 0 and its atomic, reduce_smem's `t < k` and `t == 0`), fast_run
 * leaves the taken lanes in the group, at the region, and the others in
 * w->pend, waiting at the reconvergence point (w->pend_stop): cbr_taken's
 * token and parked group without their making, nor the settle's unmaking
 * when the region's visit reaches the point (the lanes join again). The
 * visits are those of the split: the split ends the visit, the warp's next
 * runs the region under the taken lanes' mask (fast_run's stop: the
 * point), the settle ends that one (a chain's hop may begin that visit:
 * fast_run's stop is w->pend_stop where the group has no token).
 * Where anything else would look at the warp (the general loop, a stop of
 * machine_run, the region's visit ending before the point), pend_split
 * makes cbr_taken's groups and token as they would be. Only under run's
 * round robin and the stack (the visits the same as the split's: the
 * warp's one ready group is picked as pair_pick picks the taken one), with
 * no observer: m->dev.split1_on, which fast_run tests first.
 * Checked runs too (not under m->o.no_split1chk, WS_NO_SPLIT1CHK=1: then
 * only where no checker listens but the always-on ones), whatever the
 * checkers, since none sees a difference: a checker sees a warp only
 * through its events and check.h's services. The events of the region's
 * instructions (accesses, fences, findings) are its taken lanes', group
 * 0 either way, with the same mask; a warp holding a split runs nothing
 * until the region, so publishes nothing, and its block's barrier cannot
 * complete (its waiting lanes have not arrived); the services that read
 * groups show the second group the split stands for (warp_seen_group:
 * check_warp_info's count, check_group_get, check_warp_hash, the spin
 * span, a finding's place in a built-in header), check_warp_get makes
 * the splits (the spin checker's samples), and the step limit and Ctrl-C
 * make them before they report. */
void interp_split1_arm(struct machine *m)
{
	m->dev.split1_on = !m->o.no_split1 && !m->mm && (!m->o.no_split1chk || !(m->chk.listen & ~WLAZY_EVENTS)) &&
			   m->o.simt == SIMT_STACK && m->o.sched == SCHED_RR;
}

/* split1's split of warp w's group at CBR in, T its taken lanes, where
 * the warp has that one group, without tokens, the CBR is marked and no
 * observer watches: 1, else 0 (not split). Out of fast_run's line: its
 * code for every other branch stays as it was. */
static WS_NOINLINE int split1(struct machine *m, struct warp *w, const struct ir_insn *in, uint32_t T)
{
	struct group *g = &w->g[0];
	if (m->hooks || w->ng != 1 || g->ntok || !g->fr->df->split1[in - g->fr->code])
		return 0;
	w->pend = g->mask & ~T;
	w->pend_stop = (uint32_t)in->tgt2;
	g->mask = T;
	g->pc = (uint32_t)in->tgt1;
	w->cur = 0;
	m->dev.pend_any = 1;
	m->dev.nsplit1++;
	return 1;
}

/* split1's waiting lanes made what cbr_taken (its park: return 2) would
 * have made of them, group 0 where it is now in its region: a token of
 * both its lanes and them, they a group parked there */
static WS_NOINLINE void pend_split(struct warp *w)
{
	uint32_t rest = w->pend, rpc = w->pend_stop;
	w->pend = 0;
	w->pend_stop = UINT32_MAX;
	tok_push(w, 0, w->g[0].mask | rest, rpc, w->g[0].fr->depth);
	struct group *n = group_fork(w, 0, rest, rpc);
	n->state = G_PARK;
	w->toks.v[n->tok[n->ntok - 1]].arrived = rest;
	w->cur = 0;
}

void interp_pend_flush(struct machine *m)
{
	const struct grid *gr = m->dev.grid;
	m->dev.pend_any = 0;
	for (int s = 0; gr && s < gr->nres; s++) {
		struct block *b = gr->res[s];
		for (uint32_t i = 0; b && b->w && i < b->nwarps; i++)
			if (!(b->unstarted >> i & 1) && b->w[i].pend)
				pend_split(&b->w[i]);
	}
}

static int do_cbr(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in)
{
	struct group *g = &w->g[gi];
	uint64_t *A = reg(g->fr->r, in->a);
	uint32_t T = 0, M = g->mask;
	if (in->flags & DF_CMP) {
		uint64_t *B = (in->flags & DF_KB) ? (uint64_t *)g->fr->df->pool[in->b] : reg(g->fr->r, in->b);
		T = cmp_mask(in, M, A, B);
	} else {
		EACH(M, l, T |= (uint32_t)(A[l] != 0) << l);
	}
	return cbr_taken(m, w, gi, in, T, 0);
}

/* do_cbr once T, the lanes of group gi that take the branch, is known
 * (fast_run's F_CBR computed it): jump (0), or split the group (1). park:
 * the caller settles the warp before anything can look at it (fast_run,
 * which ends the visit at a split), so that the new group may be parked
 * here; 2: it was, and the settle would find nothing more to do */
static int cbr_taken(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in, uint32_t T,
		     int park)
{
	struct group *g = &w->g[gi];
	uint32_t M = g->mask;
	if (T == M) {
		g->pc = (uint32_t)in->tgt1;
		return 0;
	}
	if (T == 0) {
		g->pc = (uint32_t)in->tgt2;
		return 0;
	}
	/* divergence: taken lanes keep the group (and run first), the others
	 * get a new group; both wait at the immediate post-dominator */
	int32_t fidx = g->fr->fidx;
	int32_t ip = g->fr->df->ipdom[g->pc];
	uint32_t rpc = ip < 0 ? UINT32_MAX : (uint32_t)ip;
	uint32_t depth = g->fr->depth;
	if (!(g->ntok && w->toks.v[g->tok[g->ntok - 1]].rpc == rpc &&
	      w->toks.v[g->tok[g->ntok - 1]].depth == depth) && g->ntok < WS_TOKMAX)
		tok_push(w, gi, M, rpc, depth);
	if (w->ng >= WS_MAXG) {
		g->pc = (uint32_t)in->tgt1; /* cannot happen: at most 32 groups */
		return 0;
	}
	struct group *n = group_fork(w, gi, M & ~T, (uint32_t)in->tgt2);
	g = &w->g[gi];
	g->mask = T;
	g->pc = (uint32_t)in->tgt1;
	w->cur = (int32_t)gi;
	/* an `if` without `else`: the not-taken lanes are already at the
	 * reconvergence point. The settle that follows the split would park
	 * them and nothing else: the warp had one group (so none other is at
	 * its token or can merge), the taken one is not at the token, the
	 * innermost token is this split's and its lanes do not complete it.
	 * Parking them here is that settle's work, done where the group is at
	 * hand; no observer (m->hooks) may see the warp in between */
	if (park && w->ng == 2 && !m->hooks && n->pc == rpc && g->pc != rpc && n->ntok) {
		struct token *t = &w->toks.v[n->tok[n->ntok - 1]];
		if (t->rpc == rpc && t->depth == depth && ((t->arrived | n->mask) & t->mask) != t->mask) {
			t->arrived |= n->mask;
			n->state = G_PARK;
			return 2; /* no hook: no EV_DIVERGE to emit */
		}
	}
	if (m->hooks & (1u << EV_DIVERGE)) {
		struct machine_event e = { .kind = EV_DIVERGE, .slot = w->host ? -1 : w->blk->slot,
					   .warp = (int)w->id, .mask = T, .func = fidx,
					   .pc = g->fr->df->orig[in->tgt1] };
		machine_emit(m, &e);
	}
	return 1;
}

static int do_bcall(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in)
{
	struct group *g = &w->g[gi];
	int id = (int)in->imm;
	if (id < 0 || id >= BI_COUNT)
		return -1;
	const struct builtin_info *bi = &builtin_table[id];
	uint64_t *R = g->fr->r;
	if (bi->kind == BK_PURE) {
		builtin_pure_fn fn = builtin_pure(id);
		uint64_t args[16] = {0}, ret = 0;
		uint64_t *D = reg(R, in->d);
		unsigned nargs = in->nargs < 16 ? in->nargs : 16;
		if (!fn) {
			machine_finding_add(m, FK_TRAP, w, g->mask, in->span, 0,
					    "built-in %s is not implemented", bi->name);
			if (w->host)
				machine_exit(m, 134);
			else
				machine_fail_kernel(m, 719);
			return -1;
		}
		EACH(g->mask, l, {
			for (unsigned k = 0; k < nargs; k++)
				args[k] = R[(size_t)in->args[k] * WS_WARP + l];
			fn(&ret, args);
			if (in->d >= 0)
				D[l] = ret;
		});
		g->pc++;
		return 0;
	}
	if (bi->kind == BK_HOST && !w->host) {
		machine_finding_add(m, FK_TRAP, w, g->mask, in->span, 0,
				    "%s is a host function and cannot be called from device code", bi->name);
		machine_fail_kernel(m, 719);
		return -1;
	}
	if (bi->kind == BK_HOST) {
		uint64_t args[32] = {0}, ret = 0;
		uint8_t types[32] = {0};
		unsigned nargs = in->nargs < 32 ? in->nargs : 32;
		const struct ir_func *fn = g->fr->fn;
		for (unsigned k = 0; k < nargs; k++) {
			args[k] = R[(size_t)in->args[k] * WS_WARP];
			types[k] = (uint8_t)ir_row_ty(fn, in->args[k]);
		}
		int r = runtime_call(m, w, in, &ret, args, types);
		if (r == 1) {
			g->state = G_HOSTWAIT;
			return 1;
		}
		if (r < 0)
			return -1;
		g = &w->g[gi];
		if (in->d >= 0 && g->fr)
			R[(size_t)in->d * WS_WARP] = ir_norm(ret, ir_row_ty(fn, in->d));
		g->pc++;
		return 0;
	}
	int r = devlib_call(m, w, g, in);
	if (r)
		return r;
	g->pc++;
	return 0;
}

int interp_bcall(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in)
{
	return do_bcall(m, w, gi, in);
}

static int do_icall(struct machine *m, struct warp *w, uint32_t gi, const struct ir_insn *in)
{
	struct group *g = &w->g[gi];
	uint64_t *A = reg(g->fr->r, in->a);
	unsigned l0 = (unsigned)__builtin_ctz(g->mask);
	uint64_t tgt = A[l0];
	uint32_t same = 0;
	EACH(g->mask, l, same |= (uint32_t)(A[l] == tgt) << l);
	uint64_t idx = (ADDR_OFF(tgt) >> 4) - 1;
	if (ADDR_TAG(tgt) != TAG_CODE || (ADDR_OFF(tgt) & 15) || idx >= m->mod->nfuncs) {
		machine_finding_add(m, FK_TRAP, w, g->mask, in->span, tgt,
				    "indirect call through 0x%llx, which is not a function address",
				    (unsigned long long)tgt);
		if (w->host)
			machine_exit(m, 139);
		else
			machine_fail_kernel(m, 718);
		return -1;
	}
	if (same != g->mask) { /* lanes calling different functions run one after another */
		struct group *n = warp_group_add(w);
		g = &w->g[gi];
		*n = *g;
		n->mask = g->mask & ~same;
		g->mask = same;
	}
	return do_call(m, w, g, in, (int32_t)idx);
}

static void stmt_event(struct machine *m, struct warp *w, struct group *g)
{
	struct machine_event e = { .kind = EV_STMT, .slot = w->host ? -1 : w->blk->slot,
				   .warp = (int)w->id, .mask = g->mask, .func = g->fr->fidx,
				   .pc = g->fr->df->orig[g->pc] };
	machine_emit(m, &e);
}

static void insn_event(struct machine *m, struct warp *w, struct group *g)
{
	struct machine_event e = { .kind = EV_INSN, .slot = w->host ? -1 : w->blk->slot,
				   .warp = (int)w->id, .mask = g->mask, .func = g->fr->fidx,
				   .pc = g->fr->df->orig[g->pc] };
	machine_emit(m, &e);
}

/* XOP_IDX2 and XOP_IDXM: d = a + b * k1 (+ c * k2 when c). Element sizes
 * are powers of two, and shifts vectorise where a 64-bit multiply does not
 * (as XOP_IDX does). */
static inline void idx_rows(uint64_t *D, const uint64_t *A, const uint64_t *B, int64_t k1,
			    const uint64_t *C, int64_t k2, uint32_t M)
{
	int p1 = k1 > 0 && !(k1 & (k1 - 1)), p2 = !C || (k2 > 0 && !(k2 & (k2 - 1)));
	if (p1 && p2) {
		unsigned s1 = (unsigned)__builtin_ctzll((uint64_t)k1);
		if (C) {
			unsigned s2 = (unsigned)__builtin_ctzll((uint64_t)k2);
			EACH(M, l, D[l] = A[l] + (B[l] << s1) + (C[l] << s2));
		} else {
			EACH(M, l, D[l] = A[l] + (B[l] << s1));
		}
	} else if (C) {
		EACH(M, l, D[l] = A[l] + B[l] * (uint64_t)k1 + C[l] * (uint64_t)k2);
	} else {
		EACH(M, l, D[l] = A[l] + B[l] * (uint64_t)k1);
	}
}

/* The instructions that only compute lanes of registers: no memory, no
 * control flow, no finding. Both the general loop and the fast path
 * (fast_run) run them here, so they compute the same. */
static void lane_op(struct machine *m, struct warp *w, const struct frame *fr, const struct ir_insn *in,
		    uint32_t M, uint64_t *D, uint64_t *A, uint64_t *B)
{
	uint64_t *R = fr->r;
	unsigned t = in->t;
	switch (in->op) {
	case IR_CONST: {
		uint64_t v = ir_norm((uint64_t)in->imm, t);
		EACH(M, l, D[l] = v);
		break;
	}
	case XOP_IDX: {
		int64_t k = in->imm;
		if (k > 0 && !(k & (k - 1))) { /* element sizes: a shift */
			unsigned sh = (unsigned)__builtin_ctzll((uint64_t)k);
			EACH(M, l, D[l] = A[l] + (B[l] << sh));
		} else {
			EACH(M, l, D[l] = A[l] + B[l] * (uint64_t)k);
		}
		break;
	}
	case IR_MOV:
		if (M == WS_FULL && D != A)
			memcpy(D, A, WS_WARP * sizeof(uint64_t));
		else
			EACH(M, l, D[l] = A[l]);
		break;
	case IR_ADD:
		if (!F32_FULL(IR_ADD))
			ARITH(+);
		break;
	case IR_SUB:
		if (!F32_FULL(IR_SUB))
			ARITH(-);
		break;
	case IR_MUL:
		if (!F32_FULL(IR_MUL))
			ARITH(*);
		break;
	case IR_NEG:
		if (t == IR_F32) EACH(M, l, D[l] = A[l] ^ 0x80000000u);
		else if (t == IR_F64) EACH(M, l, D[l] = A[l] ^ 0x8000000000000000ull);
		else if (t == IR_F16) EACH(M, l, D[l] = A[l] ^ 0x8000u);
		else { EACH(M, l, D[l] = (uint64_t)0 - A[l]); norm(D, M, t); }
		break;
	case IR_AND: BITOP(&); break;
	case IR_OR: BITOP(|); break;
	case IR_XOR: BITOP(^); break;
	case IR_NOT:
		if (t == IR_PRED) EACH(M, l, D[l] = !A[l]);
		else { EACH(M, l, D[l] = ~A[l]); norm(D, M, t); }
		break;
	case IR_SHL: case IR_SHR: do_shift(in, M, D, A, B); break;
	case IR_MIN: case IR_MAX: do_minmax(in, M, D, A, B); break;
	case IR_SETP: do_setp(in, M, D, A, B); break;
	case IR_SEL: {
		const uint64_t *C = reg(R, in->c);
		EACH(M, l, D[l] = A[l] ? B[l] : C[l]);
		break;
	}
	case IR_CVT:
		if (!is_float(t) && !is_float(in->t2) && t != IR_PRED) {
			/* slots hold values extended per their type, so a
			 * widening to 64 bits is a copy */
			if (type_size(t) == 8)
				EACH(M, l, D[l] = A[l]);
			else if (t == IR_S32)
				EACH(M, l, D[l] = (uint64_t)(int64_t)(int32_t)A[l]);
			else if (t == IR_U32)
				EACH(M, l, D[l] = (uint32_t)A[l]);
			else {
				EACH(M, l, D[l] = A[l]);
				norm(D, M, t);
			}
		} else {
			unsigned t2 = in->t2;
			EACH(M, l, D[l] = cvt1(A[l], t, t2));
		}
		break;
	case IR_ACTIVEMASK: EACH(M, l, D[l] = M); break;
	case IR_SREG: {
		unsigned s = (unsigned)in->imm;
		if (s == SREG_TID_X || s == SREG_TID_Y || s == SREG_TID_Z) {
			const uint32_t *T = w->tid[s - SREG_TID_X];
			EACH(M, l, D[l] = T[l]);
		} else if (s == SREG_LANEID || s >= SREG_LANEMASK_LT) {
			EACH(M, l, D[l] = sreg_val(m, w, l, s));
		} else {
			uint64_t v = sreg_val(m, w, 0, s);
			EACH(M, l, D[l] = v);
		}
		if (t != IR_U32 && t != IR_U64 && t != IR_S64)
			norm(D, M, t ? t : IR_U32);
		break;
	}
	case IR_GADDR: {
		uint64_t v = m->obj_addr[in->imm];
		EACH(M, l, D[l] = v);
		break;
	}
	case IR_LADDR: {
		unsigned tag = w->host ? TAG_HSTACK : TAG_LOCAL;
		EACH(M, l, D[l] = ADDR(tag, w->hbase + fr->lbase[l] + (uint64_t)in->imm));
		break;
	}
	case IR_FADDR: EACH(M, l, D[l] = ADDR(TAG_CODE, ((uint64_t)in->imm + 1) << 4)); break;
	default:
		break;
	}
}

/* ---- the fast path of device warps (docs/PERFORMANCE.md)
 * fast_run runs a group's instructions while they are of the common kinds
 * below, with the group's frame, registers and mask held in locals and
 * dispatch by computed goto (a switch where the compiler has none) on a
 * per-instruction class decoded once per function (dfunc.fop). It gives
 * back to the general loop, before the instruction, at anything else: a
 * breakpoint, an observer hook, an instruction of another class (calls,
 * barriers, collectives, atomics...), the end of the budget. Every
 * instruction it runs computes exactly what the general loop's would (the
 * rarer types go through the same lane_op), and m->steps, the emulated
 * clocks and g->pc are brought up to date before anything that can read
 * them runs (loads, stores, special registers, findings) and before it
 * returns. Adding an instruction kind: give it a class in fast_class, or
 * leave it F_GEN and the general loop runs it; giving an existing op a new
 * meaning (a flag, an operand): teach fast_class, or add the flag to
 * FAST_FLAGS only once fast_run honours it. */
enum fast_op {
	F_GEN,          /* not here: the general loop runs it */
	F_LANE,         /* lane_op, any type */
	F_NOP, F_CONST, F_MOV, F_IDX_SH, F_IDX_MUL, F_GADDR, F_SREG_TID, F_SREG_CTA, F_SREG, F_SEL,
	F_SHL_K32S, F_SHL_K32U, F_SHL_K64, F_SHR_KS, F_SHR_KU, /* shifts by a constant count */
	F_ADD_S32, F_ADD_U32, F_ADD_64, F_ADD_F32, F_ADD_F64,
	F_SUB_S32, F_SUB_U32, F_SUB_64, F_SUB_F32, F_SUB_F64,
	F_MUL_S32, F_MUL_U32, F_MUL_64, F_MUL_F32, F_MUL_F64,
	F_AND_S32, F_AND_U32, F_AND_64, F_OR_S32, F_OR_U32, F_OR_64, F_XOR_S32, F_XOR_U32, F_XOR_64,
	F_SETP_S, F_SETP_U, F_SETP_F32, F_SETP_F64,
	F_CVT_COPY, F_CVT_S32, F_CVT_U32,
	F_BR, F_CBR, F_LD, F_ST, F_DIVREM,
	F_FMAF, F_FMA,  /* BCALL fmaf, fma: what nvcc's contraction of a*b+c makes */
	F_BAR,          /* bar_arrive, then back to the scheduler (as the general loop) */
	F_SHFL, F_VOTE, /* a whole warp naming every lane: the collective at once, else F_GEN */
	F_ATOM,         /* 32-bit atomicAdd (integer, float), and sub, exch, and, or, xor, min, max of
			 * 32-bit integers: atom32_run in the window, else atom_lanes or do_atom */
	/* superinstructions (fast_pairs; fastrun.h's block of that name): the
	 * instruction, then the next one in the same dispatch */
	F_IDX_SH_LD, F_IDX_MUL_LD,   /* XOP_IDX, then the 4-byte LD of its result */
	F_IDX_SH_ST, F_IDX_MUL_ST,   /* XOP_IDX, then the 4-byte ST to its result */
	F_ADDK_CBR,                  /* ADD.s32 of a constant, then a CBR comparing its result */
	F_SHRK_CBR,                  /* SHR by a constant, then a CBR comparing its result */
	F_ADDK_CBR_CMP, F_SHRK_CBR_CMP, /* the same, and where the CBR jumps back to the loop's
					 * top, the CBR there comparing a row with the counter */
	F_DIVREM_I32,                /* DIV or REM of s32 or u32 (a uniform divisor: multiply-high) */
	F_LD4, F_ST4,                /* a 4-byte LD or ST not after its indexing: pair_load, pair_store;
				      * f[ncode + i] LDST_AX where its address row is on lanes */
	F_LDLD_FMAF,                 /* two f32 LDs, then the fmaf of their results (matmul's
				      * `sum += as[ty][k] * bs[k][tx]`): llf_shape, llf_lanes;
				      * f[ncode + i] 1 where it continues the triple before */
	F_CONST_ATOM,                /* a CONST, then the F_ATOM whose value operand it writes
				      * (histogram's atomicAdd(&bin, 1)): atom32_run's add of
				      * one value */
	F_LDB_ATOM,                  /* a byte LD, NOPs, the F_IDX_SH of its value on a uniform
				      * base, then F_CONST_ATOM's pair adding into the address
				      * (histogram's atomicAdd(&local[data[i]], 1u)): ldb_atom;
				      * f[ncode + i] the run's length */
	/* uniform instructions (uniform.c: every lane of the group holds one
	 * value of each operand; fast_uniform) */
	F_UNI,          /* an ALU op of class fop[ncode + pc]: one lane computed, the value broadcast */
	F_CBR_U,        /* a CBR: one lane's test for the whole group */
	F_SHFL_U,       /* F_SHFL whose offset, width and member mask rows are not tested */
	F_SHFL_ADD,     /* a superinstruction: F_SHFL (or F_SHFL_U), then the F_ADD_S32,
			 * F_ADD_U32 or F_ADD_64 after it that reads its result; fop[ncode + pc]:
			 * SHFL_ADD_* */
	F_SHFL_RED,     /* a CONST that begins a run of CONSTs and F_SHFL_ADD pairs of 32-bit
			 * shuffles the whole warp wide accumulating into one row (fast_chains):
			 * the run in one dispatch (shfl_chain_avx2); fop[ncode + pc] its length */
	F_CBR_LTK,      /* F_CBR of u32 lanes below a constant (fast_cbr_ltk): reduce_smem's `t < k` */
	F_CBR_K,        /* F_CBR of s32 or u32 lanes and a constant by another relation or type
			 * (fast_cbr_ltk): reduce_smem's `t == 0` */
	/* classes of instructions that name narrow rows (n32_rows: 32-bit lanes,
	 * fop[2 ncode + pc] their N32_* operands); every other operand wide */
	F_N_ADD, F_N_SUB, F_N_MUL, F_N_AND, F_N_OR, F_N_XOR, /* s32 or u32, d a b narrow */
	F_N_FADD, F_N_FSUB, F_N_FMUL,                         /* f32, d a b narrow */
	F_N_CONST, F_N_MOV, F_N_SREG_TID, F_N_SREG_CTA,
	F_N_CVT,        /* CVT between s32, u32, s64 and u64, each operand by its form */
	F_N_UNI,        /* F_UNI, each operand by its form */
	F_N_WIDEN,      /* an indexing class (fop[3 ncode + pc]) whose index b is narrow:
			 * b widened into a row of fast_run's, then that class */
	F_COUNT
};
/* fop[2 ncode + pc]: the operands of the instruction whose rows are narrow */
enum { N32_D = 1, N32_A = 2, N32_B = 4 };
/* F_SHFL_ADD's fop[ncode + pc]: the shuffle's offset, width and member mask
 * rows are uniform (F_SHFL_U's); its row is dead after the add (fast_pairs);
 * the add's other operand is the shuffle's source */
enum { SHFL_ADD_UNI = 1, SHFL_ADD_DEAD = 2, SHFL_ADD_XA = 4 };
/* inside a run of F_SHFL_RED (fast_chains): a pair's fop[ncode + pc] has its
 * offset above these bits (SHFL_RED_S); a CONST's there is SHFL_RED_SKIP
 * where a later CONST of the run writes the same row. The first CONST's
 * fop[ncode + pc]: the run's length (SHFL_RED_LEN), SHFL_RED_CANON where
 * its pairs are five shuffles of one kind by 16, 8, 4, 2 and 1 (down or
 * xor) or by 1, 2, 4, 8 and 16 (SHFL_RED_ASC: up or xor). fop[3 ncode +
 * pc]: of each pair, how far the next pair is; of each CONST the run
 * writes, how far the next is; of the first CONST, how far the first
 * other it writes is, and SHFL_RED_W0 where its own row is written
 * (SHFL_RED_LINK: 0 after the last) */
enum {
	SHFL_RED_S = 3, SHFL_RED_SKIP = 1, SHFL_RED_LINK = 0x7f, SHFL_RED_W0 = 0x80,
	SHFL_RED_LEN = 0x3f, SHFL_RED_CANON = 0x40, SHFL_RED_ASC = 0x80
};
/* F_LD4's and F_ST4's fop[ncode + pc]: the address row is on lanes
 * (uniform.c UNI_AX; not 1, F_LDLD_FMAF's flag at the pc from which it
 * goes to F_LD4's code); passed on in their helpers' sgn and nb
 * (pair_load, pair_store, run_load, run_store and the checked two) */
enum { LDST_AX = 4 };
/* F_LDB_ATOM's f[ncode + i]: the run's length, and whether the index of
 * the load's address is on lanes (where the run begins at its CVT) */
enum { LDB_LEN = 0x7f, LDB_LANES = 0x80 };
_Static_assert(F_GEN == FOP_GEN, "simt.h's FOP_GEN is interp.c's F_GEN");

/* the class of an arithmetic op (ADD, SUB, MUL, AND, OR, XOR) of type t:
 * base + 0 s32, 1 u32, 2 64-bit integers, 3 f32, 4 f64; -1 other types */
static int fast_type(unsigned t, int fl)
{
	switch (t) {
	case IR_S32: return 0;
	case IR_U32: return 1;
	case IR_S64: case IR_U64: case IR_PTR: return 2;
	case IR_F32: return fl ? 3 : -1;
	case IR_F64: return fl ? 4 : -1;
	case IR_PRED: return fl ? -1 : 2; /* bitwise ops on 0/1 need no normalising */
	default: return -1;
	}
}

/* the instruction flags fast_run knows the meaning of; an instruction with
 * any other flag (a new operand form, say) is left to the general loop */
#define FAST_FLAGS (IRF_CACHE_MASK | IRF_STMT_START | IRF_DEAD | IRF_BITS_RMW | \
		    DF_KB | DF_BREAK | DF_CMP | DF_STMT | DF_KCE | DF_QUIET | DF_TIDA | DF_AUNI)

static uint8_t fast_class(const struct ir_insn *in)
{
	unsigned t = in->t;
	int k;
	if (in->flags & ~FAST_FLAGS)
		return F_GEN;
	/* a breakpoint: the general loop stops there (fast_run's FETCH then
	 * tests the class alone; machine_apply_breaks refreshes the classes) */
	if (in->flags & DF_BREAK)
		return F_GEN;
	switch (in->op) {
	case IR_NOP: return F_NOP;
	case IR_CONST: return F_CONST;
	case IR_MOV: return F_MOV;
	case XOP_IDX: return in->imm > 0 && !(in->imm & (in->imm - 1)) ? F_IDX_SH : F_IDX_MUL;
	case IR_GADDR: return F_GADDR;
	case IR_SREG:
		if (t != IR_U32 && t != IR_U64 && t != IR_S64)
			return F_SREG;
		if (in->imm == SREG_TID_X || in->imm == SREG_TID_Y || in->imm == SREG_TID_Z)
			return F_SREG_TID;
		if (in->imm >= SREG_NTID_X && in->imm <= SREG_NCTAID_Z) /* the same for every lane */
			return F_SREG_CTA;
		return F_SREG;
	case IR_SEL: return F_SEL;
	case IR_ADD: return (k = fast_type(t, 1)) < 0 ? F_LANE : (uint8_t)(F_ADD_S32 + k);
	case IR_SUB: return (k = fast_type(t, 1)) < 0 ? F_LANE : (uint8_t)(F_SUB_S32 + k);
	case IR_MUL: return (k = fast_type(t, 1)) < 0 ? F_LANE : (uint8_t)(F_MUL_S32 + k);
	case IR_AND: return (k = fast_type(t, 0)) < 0 ? F_LANE : (uint8_t)(F_AND_S32 + k);
	case IR_OR: return (k = fast_type(t, 0)) < 0 ? F_LANE : (uint8_t)(F_OR_S32 + k);
	case IR_XOR: return (k = fast_type(t, 0)) < 0 ? F_LANE : (uint8_t)(F_XOR_S32 + k);
	case IR_SETP:
		if (t == IR_F32) return F_SETP_F32;
		if (t == IR_F64) return F_SETP_F64;
		if (t == IR_F16) return F_LANE;
		return is_signed(t) ? F_SETP_S : F_SETP_U;
	case IR_CVT:
		if (is_float(t) || is_float(in->t2) || t == IR_PRED)
			return F_LANE;
		return type_size(t) == 8 ? F_CVT_COPY : t == IR_S32 ? F_CVT_S32 : t == IR_U32 ? F_CVT_U32 : F_LANE;
	case IR_SHL:
		if (!(in->flags & DF_KB))
			return F_LANE;
		return t == IR_S32 ? F_SHL_K32S : t == IR_U32 ? F_SHL_K32U :
		       t == IR_S64 || t == IR_U64 || t == IR_PTR ? F_SHL_K64 : F_LANE;
	case IR_SHR:
		if (!(in->flags & DF_KB) || is_float(t))
			return F_LANE;
		return is_signed(t) ? F_SHR_KS : F_SHR_KU;
	case IR_NEG: case IR_NOT: case IR_MIN: case IR_MAX:
	case IR_ACTIVEMASK: case IR_LADDR: case IR_FADDR:
		return F_LANE;
	case IR_BR: return F_BR;
	case IR_CBR: return F_CBR;
	case IR_LD: return F_LD;
	case IR_ST: return F_ST; /* a release declines there while a checker listens (REL_DECLINE) */
	case IR_DIV: case IR_REM: return t == IR_S32 || t == IR_U32 ? F_DIVREM_I32 : F_DIVREM;
	case IR_BAR: return F_BAR;
	case IR_SHFL: return F_SHFL;
	case IR_VOTE: return F_VOTE;
	case IR_ATOM:
		if (in->sub == ATOM_ADD && (t == IR_S32 || t == IR_U32 || t == IR_F32))
			return F_ATOM;
		switch (in->sub) { /* atom32_run's other RMWs, on 32-bit integers */
		case ATOM_SUB: case ATOM_EXCH: case ATOM_AND: case ATOM_OR: case ATOM_XOR: case ATOM_MIN: case ATOM_MAX:
			return t == IR_S32 || t == IR_U32 ? F_ATOM : F_GEN;
		default:
			return F_GEN;
		}
	case IR_BCALL:
		if (in->nargs == 3 && in->args && (in->imm == BI_fmaf || in->imm == BI_fma) &&
		    builtin_pure((int)in->imm))
			return in->imm == BI_fmaf ? F_FMAF : F_FMA;
		return F_GEN;
	default: return F_GEN;
	}
}

/* a narrow row's lanes (interp_n32): may_alias, the same bytes are read
 * as a wide row's uint64_t lanes where the row is widened */
typedef uint32_t __attribute__((may_alias)) n32_t;

/* lane l's offset from lane 0 on consecutive 4-byte words (a table: SSE2
 * and AVX2 have no 64-bit multiply) */
static const uint64_t pair_off4[WS_WARP] = {
	0, 4, 8, 12, 16, 20, 24, 28, 32, 36, 40, 44, 48, 52, 56, 60,
	64, 68, 72, 76, 80, 84, 88, 92, 96, 100, 104, 108, 112, 116, 120, 124,
};

/* The lane passes of the superinstructions, out of line: inside fast_run's
 * threaded code gcc 12 vectorizes no loop that reduces (an |= over the
 * lanes; win_all_in and the compare-and-branch's mask are scalar there),
 * here it does, in an AVX2 version chosen at load time. */

/* the 16 words of a half-warp (h: 0 or 1) at base + a, into its lanes of
 * D, sign-extended (sgn 1) or not (0), or copied into a narrow D (sgn 2) */
static inline void pair_row(uint64_t *D, unsigned h, uintptr_t src, int sgn)
{
	if (sgn == 2) {
		memcpy((unsigned char *)D + 64 * h, (const void *)src, 64);
		return;
	}
	D += 16 * h;
	if (sgn) {
		for (unsigned l = 0; l < 16; l++) {
			int32_t x;
			memcpy(&x, (const void *)(src + 4 * l), 4);
			D[l] = (uint64_t)(int64_t)x;
		}
	} else {
		for (unsigned l = 0; l < 16; l++) {
			uint32_t x;
			memcpy(&x, (const void *)(src + 4 * l), 4);
			D[l] = x;
		}
	}
}

/* one word at src for a half-warp's 16 lanes (pair_row's h and sgn) */
static inline void pair_bcast(uint64_t *D, unsigned h, uintptr_t src, int sgn)
{
	uint32_t x;
	memcpy(&x, (const void *)src, 4);
	if (sgn == 2) {
		n32_t *d = (n32_t *)D + 16 * h;
		for (unsigned l = 0; l < 16; l++)
			d[l] = x;
		return;
	}
	D += 16 * h;
	uint64_t v = sgn ? (uint64_t)(int64_t)(int32_t)x : x;
	for (unsigned l = 0; l < 16; l++)
		D[l] = v;
}

/* offset o (of a half-warp's first lane) in [0, lim - span], 4-byte
 * aligned: the half's lanes, on rows (span 60) or on one word (span 0),
 * all lie in the window (lim = its length - 4, below 2^62) */
static inline int pair_in(uint64_t o, uint64_t lim, uint64_t span)
{
	return lim >= span && o <= lim - span && !(o & 3);
}

/* every lane's offset A[l] + k in [0, lim] (lim: the window's length - 4)
 * and 4-byte aligned: the window test of shapes other than rows and words */
static inline int pair_lanes_in(const uint64_t *A, uint64_t k, uint64_t lim)
{
	uint64_t bad = 0, al = 0;
	for (unsigned l = 0; l < WS_WARP; l++) {
		uint64_t o = A[l] + k;
		bad |= o | (lim - o);
		al |= o;
	}
	return !(bad >> 63) && !(al & 3);
}

/* pair_load's other shapes: every lane's offset tested (lim: the window's
 * length - 4), then loaded (out of line: its frame is not the common
 * shapes') */
WS_CLONES WS_NOINLINE static int pair_load_lanes(uint64_t *D, const uint64_t *A, uintptr_t base, uint64_t k,
						   uint64_t lim, int sgn)
{
	if (!pair_lanes_in(A, k, lim))
		return 0;
	uint32_t v[WS_WARP];
	for (unsigned l = 0; l < WS_WARP; l++)
		memcpy(&v[l], (const void *)(base + (uintptr_t)A[l]), 4);
	if (sgn == 2)
		memcpy(D, v, sizeof(v));
	else if (sgn)
		for (unsigned l = 0; l < WS_WARP; l++)
			D[l] = (uint64_t)(int64_t)(int32_t)v[l];
	else
		for (unsigned l = 0; l < WS_WARP; l++)
			D[l] = v[l];
	return 1;
}

/* pair_load where the address row is known to be on 32 consecutive words
 * (fast_run's test of an indexing pair that uniform.c proved on lanes,
 * UNI_BX): no shape pass, the window test of the first lane for both
 * halves (span 124: pair_load's two tests of rows 64 bytes apart), the
 * same block copies and answer */
WS_CLONES WS_NOINLINE static int pair_load_rows(uint64_t *D, const uint64_t *A, uintptr_t base, uint64_t k,
						  uint64_t len, int sgn)
{
	uint64_t a0 = A[0];
	if (len < 4 || len >> 62 || !pair_in(a0 + k, len - 4, 124))
		return 0;
	pair_row(D, 0, base + (uintptr_t)a0, sgn);
	pair_row(D, 1, base + (uintptr_t)a0 + 64, sgn);
	return 1 + CHECK_SHAPE_ROWS;
}

/* A full warp's 4-byte load at base + A[l], when every lane's offset
 * A[l] + k lies in the window (length len) and is 4-byte aligned (else 0,
 * nothing loaded): a half-warp on 16 consecutive words or on one word is
 * copied as a block; the values sign-extended (sgn) or zero-extended into
 * D. The shape comes first (one pass of differences from each half's first
 * lane: rows, or one word); a half on rows or on one word is then in the window exactly when
 * its first and last lanes are, and only other shapes test every lane.
 * Returns, when it loaded, 1 + the shape the shared checker would find
 * again (struct check_sread: CHECK_SHAPE_ROWS, CHECK_SHAPE_HALVES, or 0).
 * sgn may carry LDST_AX: an address row on lanes, on 32 consecutive words
 * exactly when its last lane is its first's + 124 (pair_load_rows then,
 * without the pass for the shape). */
WS_CLONES WS_NOINLINE static int pair_load(uint64_t *D, const uint64_t *A, uintptr_t base, uint64_t k,
					     uint64_t len, int sgn)
{
	if (sgn & LDST_AX) {
		sgn &= ~LDST_AX;
		if (A[WS_WARP - 1] - A[0] == 4 * (WS_WARP - 1))
			return pair_load_rows(D, A, base, k, len, sgn);
	}
	if (len < 4 || len >> 62)
		return 0;
	uint64_t lim = len - 4, a0 = A[0], a1 = A[16], c0 = 0, c1 = 0, s0 = 0, s1 = 0;
	for (unsigned l = 0; l < 16; l++) {
		uint64_t d0 = A[l] - a0, d1 = A[l + 16] - a1;
		c0 |= d0 ^ pair_off4[l];
		c1 |= d1 ^ pair_off4[l];
		s0 |= d0;
		s1 |= d1;
	}
	uint64_t o0 = a0 + k, o1 = a1 + k;
	if (!c0 && !c1) { /* a tile's rows */
		if (!pair_in(o0, lim, 60) || !pair_in(o1, lim, 60))
			return 0;
		pair_row(D, 0, base + (uintptr_t)a0, sgn);
		pair_row(D, 1, base + (uintptr_t)a1, sgn);
		return 1 + CHECK_SHAPE_ROWS;
	}
	if ((!c0 || !s0) && (!c1 || !s1)) {
		/* each half on rows or on one word (they exclude each other) */
		if (!pair_in(o0, lim, c0 ? 0 : 60) || !pair_in(o1, lim, c1 ? 0 : 60))
			return 0;
		if (c0)
			pair_bcast(D, 0, base + (uintptr_t)a0, sgn);
		else
			pair_row(D, 0, base + (uintptr_t)a0, sgn);
		if (c1)
			pair_bcast(D, 1, base + (uintptr_t)a1, sgn);
		else
			pair_row(D, 1, base + (uintptr_t)a1, sgn);
		/* both broadcasts, or one of each */
		return 1 + (c0 && c1 ? CHECK_SHAPE_HALVES : 0);
	}
	return pair_load_lanes(D, A, base, k, lim, sgn);
}

/* a half-warp's 16 words narrowed from row S straight into memory at dst
 * (restrict: rows are not device memory); through an array and a copy,
 * gcc spilled every vector (pair_store_rows: 87 host instructions a warp,
 * 53 this way) */
static inline void pair_narrow(unsigned char *restrict dst, const uint64_t *restrict S)
{
	for (unsigned l = 0; l < 16; l++) {
		uint32_t x = (uint32_t)S[l];
		memcpy(dst + 4 * l, &x, 4);
	}
}

/* pair_store on a row known to be on 32 consecutive words (pair_load_rows) */
WS_CLONES WS_NOINLINE static int pair_store_rows(const uint64_t *A, const uint64_t *B, uintptr_t base, uint64_t k,
						   uint64_t len, int nb)
{
	uint64_t a0 = A[0];
	if (len < 4 || len >> 62 || !pair_in(a0 + k, len - 4, 124))
		return 0;
	if (nb) { /* a narrow row: its 128 bytes as they are */
		memcpy((void *)(base + (uintptr_t)a0), B, 128);
		return 1 + CHECK_SHAPE_ROWS;
	}
	pair_narrow((unsigned char *)(base + (uintptr_t)a0), B);
	pair_narrow((unsigned char *)(base + (uintptr_t)a0) + 64, B + 16);
	return 1 + CHECK_SHAPE_ROWS;
}

/* A full warp's 4-byte store of B to base + A[l], under pair_load's
 * window test (else 0, nothing stored): each half-warp on 16 consecutive
 * words as one block (the second half after the first; the window test
 * then of its first and last lanes), else lane by lane in ascending order
 * (with several lanes on one address the highest wins, as it does here:
 * the halves' words are distinct within each). Returns, when it stored,
 * 1 + CHECK_SHAPE_ROWS for the blocks, else 1. */
WS_CLONES WS_NOINLINE static int pair_store(const uint64_t *A, const uint64_t *B, uintptr_t base, uint64_t k,
					      uint64_t len, int nb)
{
	if (nb & LDST_AX) { /* pair_load's */
		nb &= ~LDST_AX;
		if (A[WS_WARP - 1] - A[0] == 4 * (WS_WARP - 1))
			return pair_store_rows(A, B, base, k, len, nb);
	}
	if (len < 4 || len >> 62)
		return 0;
	uint64_t lim = len - 4, a0 = A[0], a1 = A[16], c = 0;
	for (unsigned l = 0; l < 16; l++)
		c |= ((A[l] - a0) ^ pair_off4[l]) | ((A[l + 16] - a1) ^ pair_off4[l]);
	if (!c) {
		if (!pair_in(a0 + k, lim, 60) || !pair_in(a1 + k, lim, 60))
			return 0;
		if (nb) {
			memcpy((void *)(base + (uintptr_t)a0), B, 64);
			memcpy((void *)(base + (uintptr_t)a1), (const unsigned char *)B + 64, 64);
			return 1 + CHECK_SHAPE_ROWS;
		}
		pair_narrow((unsigned char *)(base + (uintptr_t)a0), B);
		pair_narrow((unsigned char *)(base + (uintptr_t)a1), B + 16);
		return 1 + CHECK_SHAPE_ROWS;
	}
	if (!pair_lanes_in(A, k, lim))
		return 0;
	for (unsigned l = 0; l < WS_WARP; l++) {
		uint32_t x = nb ? ((const n32_t *)B)[l] : (uint32_t)B[l];
		memcpy((void *)(base + (uintptr_t)A[l]), &x, 4);
	}
	return 1;
}

/* F_LDLD_FMAF's shape of a full warp's address row A (pair_load's test,
 * without the load): bit h set where half-warp h is on 16 consecutive
 * words, clear where it is on one word; -1 for any other shape */
WS_CLONES WS_NOINLINE static int llf_shape(const uint64_t *A)
{
	uint64_t a0 = A[0], a1 = A[16], c0 = 0, c1 = 0, s0 = 0, s1 = 0;
	for (unsigned l = 0; l < 16; l++) {
		uint64_t d0 = A[l] - a0, d1 = A[l + 16] - a1;
		c0 |= d0 ^ pair_off4[l];
		c1 |= d1 ^ pair_off4[l];
		s0 |= d0;
		s1 |= d1;
	}
	if ((c0 && s0) || (c1 && s1))
		return -1;
	return (c0 ? 0 : 1) | (c1 ? 0 : 2);
}

/* where F_LDLD_FMAF's two loads read: each half-warp's first word (p[0],
 * p[1] the first load's halves, p[2], p[3] the second's), and their shapes
 * (llf_shape) */
struct llf_src {
	uintptr_t p[4];
	int sx, sy;
};

/* a half-warp's 16 words: a row at src, or the word at src for each lane */
static inline void llf_half(uint32_t *v, uintptr_t src, int row)
{
	if (row) {
		memcpy(v, (const void *)src, 64);
	} else {
		uint32_t x;
		memcpy(&x, (const void *)src, 4);
		for (unsigned l = 0; l < 16; l++)
			v[l] = x;
	}
}

/* F_LDLD_FMAF's lanes, every read in the window (the caller's pair_in):
 * the first load into X, the second into Y (f32 bits zero-extended, as
 * pair_load stores them), then fmaf(X, Y, Z) into D, Z read after the
 * loads wrote (it may be X or Y). fmaf is correctly rounded wherever it is
 * computed, so the vector form equals F_FMAF's lane loop on every value
 * but a NaN, whose payload depends on which operand the instruction
 * propagates: where any lane's result is a NaN, nothing is written to D
 * and 0 returned (F_FMAF's own loop then computes it); else 1. upto 1
 * or 2: the first load only, or both (a checked triple that stops after
 * it). Out of line: in fast_run the lanes' loops and the NaN reduction
 * stay scalar */
WS_CLONES WS_NOINLINE static int llf_lanes(uint64_t *X, uint64_t *Y, uint64_t *D, const uint64_t *Z,
					   const struct llf_src *s, int upto)
{
	uint32_t x[WS_WARP], y[WS_WARP];
	float fx[WS_WARP], fy[WS_WARP], fz[WS_WARP], r[WS_WARP];
	llf_half(x, s->p[0], s->sx & 1);
	llf_half(x + 16, s->p[1], s->sx & 2);
	llf_half(y, s->p[2], s->sy & 1);
	llf_half(y + 16, s->p[3], s->sy & 2);
	for (unsigned l = 0; l < WS_WARP; l++)
		X[l] = x[l];
	if (upto < 2)
		return 1;
	for (unsigned l = 0; l < WS_WARP; l++)
		Y[l] = y[l];
	if (upto < 3)
		return 1;
	memcpy(fx, x, sizeof fx);
	memcpy(fy, y, sizeof fy);
	for (unsigned l = 0; l < WS_WARP; l++)
		fz[l] = fval(Z[l]);
	uint32_t nan = 0;
	for (unsigned l = 0; l < WS_WARP; l++) {
		r[l] = fmaf(fx[l], fy[l], fz[l]);
		nan |= r[l] != r[l];
	}
	if (nan)
		return 0;
	uint32_t u[WS_WARP];
	memcpy(u, r, sizeof u);
	for (unsigned l = 0; l < WS_WARP; l++)
		D[l] = u[l];
	return 1;
}

/* F_LD's bytes for a full warp, every lane's address in the window
 * (win_all_in): lane l reads base + A[l], s8 sign-extended (sg), u8 and
 * pred not. A warp on 32 consecutive bytes (A[l] = A[0] + l: data[i] with
 * i the thread's index) is one block read, widened in one pass; else
 * byte by byte. Out of line: in fast_run either loop moved its register
 * allocation */
static inline void ld_bytes_in(uint64_t *D, const uint64_t *A, uintptr_t base, int sg)
{
	uint64_t a0 = A[0], d = 0;
	for (unsigned l = 0; l < WS_WARP; l++)
		d |= A[l] - a0 - l;
	if (!d) {
		const uint8_t *p = (const uint8_t *)(base + (uintptr_t)a0);
		if (sg) {
			for (unsigned l = 0; l < WS_WARP; l++)
				D[l] = (uint64_t)(int64_t)(int8_t)p[l];
		} else {
			for (unsigned l = 0; l < WS_WARP; l++)
				D[l] = p[l];
		}
		return;
	}
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 8
#endif
	for (unsigned l = 0; l < WS_WARP; l++) {
		uint8_t v = *(const uint8_t *)(base + (uintptr_t)A[l]);
		D[l] = sg ? (uint64_t)(int64_t)(int8_t)v : v;
	}
}
WS_CLONES WS_NOINLINE static void ld_bytes(uint64_t *D, const uint64_t *A, uintptr_t base, int sg)
{
	ld_bytes_in(D, A, base, sg);
}

/* 0 when every lane of a full warp holds the same value */
WS_CLONES WS_NOINLINE static uint64_t pair_diff(const uint64_t *A)
{
	uint64_t a0 = A[0], d = 0;
	for (unsigned l = 0; l < WS_WARP; l++)
		d |= A[l] ^ a0;
	return d;
}

/* Superinstructions: pairs of consecutive instructions that one dispatch
 * runs (fastrun.h, "superinstructions"), chosen from the pair counts of
 * tools/opfreq.c (docs/PERFORMANCE.md, seventh session): indexing then the
 * load or store of the element (address folding), and a loop counter's
 * increment (an add, or a shift) then its compare-and-branch. Only the
 * class of the first changes; the second stays in the code with its own
 * class, so a jump to it, a breakpoint on it, a hook or the end of the
 * budget run it alone, and the pair counts two steps. */
/* Whether row r, which instruction j - 1 read last, is dead from j on: the
 * next instruction of the straight code after it that names r writes it in
 * every lane of its group without reading it (a shuffle, CONST or MOV),
 * and only NOPs and CONSTs (nothing that may stop, fault or be a
 * breakpoint's: those are F_GEN) lie between. Only in code that `run`
 * compiled (df->uni: no debugger reads the row meanwhile) */
static int shfl_dead_after(const struct dfunc *df, const uint8_t *f, uint32_t j, int32_t r)
{
	if (!df->uni)
		return 0;
	for (; j < df->ncode; j++) {
		const struct ir_insn *in = &df->code[j];
		if (f[j] != F_NOP && f[j] != F_CONST && f[j] != F_MOV && f[j] != F_SHFL)
			return 0;
		if (in->a == r || (f[j] == F_SHFL && (in->b == r || in->c == r || in->e == r)) ||
		    (f[j] == F_MOV && (in->flags & DF_KB)))
			return 0;
		if (f[j] != F_NOP && in->d == r)
			return 1;
		if (f[j] != F_NOP && f[j] != F_CONST)
			return 0;
	}
	return 0;
}

/* Whether row r is dead after instruction j of a kernel that `run`
 * compiled (df->uni; nothing but its code reads its rows there): on every
 * path on from j an instruction writes r before any reads it, or the
 * kernel returns (a thread's rows end with it). Each lane follows one
 * path, so that a write some lanes skip (an if) leaves the row live on
 * the path that skips it. Calls, and a kernel with an instruction that
 * reads other lanes' rows (a shuffle, vote, match or reduction, a builtin
 * not pure), count as reads. */
static int row_dead_after(const struct dfunc *df, uint32_t j, int32_t r)
{
	const uint32_t n = df->ncode;
	if (!df->uni || !(df->fn->kind & FN_KERNEL) || r < 0)
		return 0;
	for (uint32_t i = 0; i < n; i++) {
		unsigned op = df->code[i].op;
		if (op == IR_SHFL || op == IR_VOTE || op == IR_MATCH || op == IR_REDUX || op == IR_CALL ||
		    op == IR_ICALL || (op == IR_BCALL && !builtin_pure((int)df->code[i].imm)))
			return 0;
	}
	/* each instruction seen pushes two at most */
	uint32_t *stack = xmalloc((2 * (size_t)n + 2) * sizeof(uint32_t)), sp = 0;
	uint8_t *seen = xcalloc(n + 1, 1);
	int dead = 1;
	stack[sp++] = j + 1;
	while (sp && dead) {
		uint32_t i = stack[--sp];
		if (i >= n) {
			dead = 0;
			break;
		}
		if (seen[i])
			continue;
		seen[i] = 1;
		const struct ir_insn *in = &df->code[i];
		int32_t u[64], wr[2];
		if (in->nargs + 4 > 64)
			dead = 0;
		int k = dead ? decode_uses(in, u, 64) : 0, nw = ir_insn_writes(in, wr), wrote = 0;
		for (int q = 0; q < k; q++)
			dead &= u[q] != r;
		for (int q = 0; q < nw; q++)
			wrote |= wr[q] == r;
		if (!dead || wrote || in->op == IR_RET || in->op == IR_TRAP || in->op == IR_UNREACHABLE)
			continue;
		if (in->op == IR_BR || in->op == IR_CBR) {
			stack[sp++] = (uint32_t)in->tgt1;
			if (in->op == IR_CBR)
				stack[sp++] = (uint32_t)in->tgt2;
		} else {
			stack[sp++] = i + 1;
		}
	}
	free(stack);
	free(seen);
	return dead;
}

static void fast_pairs(const struct dfunc *df, uint8_t *f)
{
	for (uint32_t i = 0; i + 1 < df->ncode; i++) {
		const struct ir_insn *p = &df->code[i], *q = &df->code[i + 1];
		if (p->d < 0)
			continue;
		if ((f[i] == F_IDX_SH || f[i] == F_IDX_MUL) && q->a == p->d &&
		    type_size(q->t) == 4 && q->t != IR_F16) {
			int sh = f[i] == F_IDX_SH;
			if (f[i + 1] == F_LD)
				f[i] = sh ? F_IDX_SH_LD : F_IDX_MUL_LD;
			else if (f[i + 1] == F_ST && q->b != p->d && !(q->flags & DF_KB) && !is_release(q))
				f[i] = sh ? F_IDX_SH_ST : F_IDX_MUL_ST;
		} else if ((f[i] == F_ADD_S32 || ((f[i] == F_SHR_KS || f[i] == F_SHR_KU) &&
						   (p->t == IR_S32 || p->t == IR_U32))) &&
			   (p->flags & DF_KB) && f[i + 1] == F_CBR && (q->flags & DF_CMP) && q->a == p->d &&
			   (q->t == IR_S32 || q->t == IR_U32)) {
			f[i] = f[i] == F_ADD_S32 ? F_ADDK_CBR : F_SHRK_CBR;
			/* reduce_smem's `if (t < stride)` at the top of the loop that
			 * `stride >>= 1` ends: the counter is uniform when the pair's
			 * shortcut runs, so that compare is of one row with a value */
			uint32_t t1 = (uint32_t)q->tgt1;
			const struct ir_insn *r = t1 < df->ncode ? &df->code[t1] : NULL;
			if (r && f[t1] == F_CBR && (r->flags & DF_CMP) && !(r->flags & DF_KB) &&
			    (r->t == IR_S32 || r->t == IR_U32) && (r->a == p->d) != (r->b == p->d))
				f[i] = f[i] == F_ADDK_CBR ? F_ADDK_CBR_CMP : F_SHRK_CBR_CMP;
		} else if (f[i] == F_SHFL && (f[i + 1] == F_ADD_S32 || f[i + 1] == F_ADD_U32 || f[i + 1] == F_ADD_64) &&
			   !(q->flags & DF_KB) && (q->a == p->d || q->b == p->d)) {
			/* reduce_shfl's `v += __shfl_down_sync(m, v, s)` */
			/* the add's other operand; where it is the shuffle's row
			 * too (r + r), the add reads that row twice: neither dead
			 * nor the source's values (D may be A) */
			int32_t x = q->a == p->d ? q->b : q->a;
			f[i] = F_SHFL_ADD;
			if (x != p->d)
				f[df->ncode + i] = (uint8_t)((x == p->a ? SHFL_ADD_XA : 0) |
							     (shfl_dead_after(df, f, i + 2, p->d) ? SHFL_ADD_DEAD : 0));
		}
	}
	/* a CONST, then the atomic that adds it (F_CONST_ATOM): atom32_run
	 * knows every lane's value. WS_NO_CONSTATOM=1 turns them off
	 * (tests/ir/hist_warp.t compares) */
	if (!util_env_on("WS_NO_CONSTATOM"))
		for (uint32_t i = 0; i + 1 < df->ncode; i++) {
			const struct ir_insn *p = &df->code[i], *q = p + 1;
			if (f[i] == F_CONST && f[i + 1] == F_ATOM && p->d >= 0 && q->b == p->d && q->a != p->d &&
			    !(q->flags & DF_KB))
				f[i] = F_CONST_ATOM;
		}
	/* a byte load whose value indexes an atomicAdd of a constant
	 * (F_LDB_ATOM; fop[ncode + i] the run's length): [its address's CVT
	 * and ADD,] the LD, NOPs, the
	 * indexing by its value on a base the same in every lane (uniform.c)
	 * by a power of two of 4 or more, then F_CONST_ATOM's CONST and the
	 * integer add (no old value, not a release) at the indexing's
	 * result, which is dead after the add, as is the LD's row unless the
	 * CONST's overwrites it (row_dead_after: run's kernels only): neither
	 * is written. WS_NO_LDBATOM=1 turns them off (hist_warp.t compares) */
	if (df->uni && !util_env_on("WS_NO_LDBATOM"))
		for (uint32_t i = 0; i + 3 < df->ncode; i++) {
			const struct ir_insn *p = &df->code[i];
			uint32_t j = i + 1;
			while (j < df->ncode && f[j] == F_NOP)
				j++;
			if (f[i] != F_LD || (p->t != IR_U8 && p->t != IR_S8) || p->d < 0 || j + 2 >= df->ncode ||
			    j + 3 - i > LDB_LEN || f[j] != F_IDX_SH || f[j + 1] != F_CONST_ATOM)
				continue;
			const struct ir_insn *x = &df->code[j], *q = x + 2;
			if (x->b == p->d && !(x->flags & DF_KB) && x->d >= 0 && x->imm >= 4 && (df->uni[j] & UNI_A) &&
			    x[1].d != x->d && q->a == x->d && q->b == x[1].d && q->d < 0 && q->sub == ATOM_ADD &&
			    (q->t == IR_S32 || q->t == IR_U32) && !is_release(q) && row_dead_after(df, j + 2, x->d) &&
			    (x[1].d == p->d || row_dead_after(df, j + 2, p->d))) {
				f[i] = F_LDB_ATOM;
				f[df->ncode + i] = (uint8_t)(j + 3 - i);
				/* the LD's address computed just before it, a copy of an
				 * index widened (CVT: rows hold extended values) and its
				 * ADD to a uniform base, both rows dead after the run or
				 * the CONST's, neither the indexing's base: the run begins
				 * at the CVT (and still at the LD, where one enters there).
				 * LDB_LANES: the index is on lanes (uniform.c UNI_AL at the
				 * CVT: its operand's every definition outside every divergent
				 * region, the run's warp full), the bytes then consecutive
				 * when its last lane is its first + 31 (ldb_atom) */
				const struct ir_insn *c = p - 2;
				if (i >= 2 && j + 5 - i <= LDB_LEN && f[i - 2] == F_CVT_COPY && f[i - 1] == F_ADD_64 &&
				    c->d >= 0 && c[1].d >= 0 && c[1].b == c->d && !(c[1].flags & DF_KB) && c[1].a != c->d &&
				    (df->uni[i - 1] & UNI_A) && p->a == c[1].d && x->a != c->d && x->a != c[1].d &&
				    (c->d == x[1].d || row_dead_after(df, j + 2, c->d)) &&
				    (c[1].d == x[1].d || row_dead_after(df, j + 2, c[1].d))) {
					f[i - 2] = F_LDB_ATOM;
					f[df->ncode + i - 2] = (uint8_t)((j + 5 - i) | (df->uni[i - 2] & UNI_AL ? LDB_LANES : 0));
				}
			}
		}
	/* the other 4-byte loads and stores take the same block copies */
	for (uint32_t i = 0; i < df->ncode; i++) {
		const struct ir_insn *q = &df->code[i];
		if (type_size(q->t) != 4 || q->t == IR_F16)
			continue;
		if (f[i] == F_LD)
			f[i] = F_LD4;
		else if (f[i] == F_ST && !(q->flags & DF_KB) && !is_release(q))
			f[i] = F_ST4;
	}
	/* two f32 loads, then the fmaf of their results (an unrolled dot
	 * product's step: matmul's `sum += as[ty][k] * bs[k][tx]`); the second
	 * load's address is not the first's result. A triple that follows one
	 * on the same two address rows, which that one writes to neither,
	 * continues it: its rows' shapes are the ones already found.
	 * WS_NO_LDFMA=1 turns them off (tests/engine/ldfma.t compares) */
	if (util_env_on("WS_NO_LDFMA"))
		return;
	for (uint32_t i = 0; i + 2 < df->ncode; i++) {
		const struct ir_insn *x = &df->code[i], *y = x + 1, *z = x + 2;
		if (f[i] != F_LD4 || f[i + 1] != F_LD4 || f[i + 2] != F_FMAF || x->t != IR_F32 || y->t != IR_F32 ||
		    x->d < 0 || y->d < 0 || z->d < 0 || x->d == y->d || y->a == x->d || z->nargs != 3 ||
		    z->args[0] != x->d || z->args[1] != y->d)
			continue;
		f[i] = F_LDLD_FMAF;
		const struct ir_insn *p = x - 3;
		if (i >= 3 && f[i - 3] == F_LDLD_FMAF && p->a == x->a && p[1].a == y->a) {
			int32_t ra = x->a, rb = y->a;
			int w = 0;
			for (unsigned j = 0; j < 3; j++)
				w |= p[j].d == ra || p[j].d == rb;
			if (!w)
				f[df->ncode + i] = 1;
		}
	}
}

/* The classes of uniform instructions (df->uni, uniform.c): the ALU
 * classes whose every register operand is uniform become F_UNI, their
 * own class kept at f[ncode + i] (F_UNI's lane computes by it); a CBR on
 * uniform rows F_CBR_U (an integer compare, or a predicate); a shuffle
 * whose offset, width and member mask are uniform F_SHFL_U. After the
 * superinstructions: the first of a pair keeps the pair's class, with
 * f[ncode + i] 1 where its counter is uniform; the CBR of a pair may
 * become F_CBR_U (the pair's second runs by its own class). F_VOTE: 1
 * there where its member mask is uniform. */
static void fast_uniform(const struct dfunc *df, uint8_t *f)
{
	for (uint32_t i = 0; i < df->ncode; i++) {
		const struct ir_insn *in = &df->code[i];
		uint8_t u = df->uni[i];
		switch (f[i]) {
		case F_SHL_K32S: case F_SHL_K32U: case F_SHL_K64: case F_SHR_KS: case F_SHR_KU:
		case F_SEL:
		case F_ADD_S32: case F_ADD_U32: case F_ADD_64: case F_ADD_F32: case F_ADD_F64:
		case F_SUB_S32: case F_SUB_U32: case F_SUB_64: case F_SUB_F32: case F_SUB_F64:
		case F_MUL_S32: case F_MUL_U32: case F_MUL_64: case F_MUL_F32: case F_MUL_F64:
		case F_AND_S32: case F_AND_U32: case F_AND_64: case F_OR_S32: case F_OR_U32: case F_OR_64:
		case F_XOR_S32: case F_XOR_U32: case F_XOR_64:
		case F_SETP_S: case F_SETP_U: case F_SETP_F32: case F_SETP_F64:
		case F_CVT_S32: case F_CVT_U32: case F_IDX_SH: case F_IDX_MUL:
			if (u & UNI_OPS) {
				f[df->ncode + i] = f[i];
				f[i] = F_UNI;
			}
			break;
		case F_CBR:
			if ((u & UNI_OPS) && (!(in->flags & DF_CMP) || !is_float(in->t)))
				f[i] = F_CBR_U;
			break;
		case F_SHFL:
			if ((u & (UNI_B | UNI_C | UNI_E)) == (UNI_B | UNI_C | UNI_E))
				f[i] = F_SHFL_U;
			break;
		case F_SHFL_ADD:
			/* the pair's shuffle without its row tests */
			if ((u & (UNI_B | UNI_C | UNI_E)) == (UNI_B | UNI_C | UNI_E))
				f[df->ncode + i] |= SHFL_ADD_UNI;
			break;
		case F_VOTE:
			/* a uniform member mask: its first lane tested alone */
			if (u & UNI_A)
				f[df->ncode + i] = 1;
			break;
		case F_IDX_SH_LD: case F_IDX_SH_ST:
			/* a uniform base and an index on lanes (uniform.c UNI_BX) in
			 * 4-byte steps: the address row of a full warp is on 32
			 * consecutive words when the index's last lane is its first
			 * + 31 (fast_run's one test; pair_load_rows) */
			if ((u & UNI_A) && (u & UNI_BX) && in->imm == 4)
				f[df->ncode + i] = 1;
			break;
		case F_LD4: case F_ST4: case F_ATOM:
			/* an address row on lanes (uniform.c UNI_AX): a full warp's
			 * 32 addresses are consecutive words when its last is its
			 * first + 124, a run of n lanes' when its last is its first
			 * + 4 (n - 1) (fast_run's one test; pair_load_rows,
			 * lane_run), the lanes of a diverged group's from its first
			 * to its last likewise (run4_at: ld_part, atom32_run) */
			if (u & UNI_AX)
				f[df->ncode + i] = LDST_AX;
			break;
		case F_ADDK_CBR: case F_SHRK_CBR: case F_ADDK_CBR_CMP: case F_SHRK_CBR_CMP:
			/* a uniform counter: the pair's shortcut without its row test */
			if (u & UNI_OPS)
				f[df->ncode + i] = 1;
			break;
		default:
			break;
		}
	}
}

/* A CONST's value in a run of fast_chains: the last CONST of the run that
 * wrote row r before it, or 0 where none did */
static int chain_const(const int32_t *row, const uint64_t *val, unsigned n, int32_t r, uint64_t *v)
{
	for (unsigned q = n; q-- > 0;)
		if (row[q] == r) {
			*v = val[q];
			return 1;
		}
	return 0;
}

/* Runs of CONSTs and F_SHFL_ADD pairs `d = SHFL.t x, s, w, m; x = ADD.t x, d`
 * (t s32 or u32, each pair's x, d and t the same), from a CONST on: a
 * reduction's loop unrolled (reduce_shfl: the member mask, the offset and
 * the width, then five pairs with a CONST of the offset between them, 17
 * instructions) becomes F_SHFL_RED at its first CONST, which runs the run
 * in one dispatch (shfl_chain_avx2) on the x row's low words packed, kept
 * packed from one pair to the next. Every shuffle's offset, width and
 * member mask are CONSTs of the run before it (their values known here),
 * the width 32 and the mask every lane's (what F_SHFL tests at run time),
 * up, down or xor; no CONST of the run writes the x or d row. The runs'
 * instructions keep their own classes (a jump into one, or a run that
 * F_SHFL_RED declines, runs them one by one); a breakpoint's instruction
 * (F_GEN) ends a run. fop[ncode + first]: the run's length; a pair's
 * fop[ncode + pc] gets its offset (SHFL_RED_S), a CONST's SHFL_RED_SKIP
 * where a later one of the run writes its row (not written: nothing of
 * the run reads rows but x and d, and the run is not stopped inside).
 * The pairs, and the CONSTs written, are linked (fop[3 ncode + pc]), and
 * the commonest shapes marked (SHFL_RED_CANON), so that shfl_chain_avx2
 * visits only them (reduce_shfl: 7 of 16 instructions; the loop over all
 * 16 was a third of its cost), and a reduction's or a scan's shuffles
 * run in line. WS_NO_SHFLRED=1 turns them off (unit_warpcost compares). */
static unsigned long fast_chains_made;

unsigned long interp_fast_chains(void)
{
	return __atomic_load_n(&fast_chains_made, __ATOMIC_RELAXED);
}

static void fast_chains(const struct dfunc *df, uint8_t *f)
{
	enum { CHAIN_MAX = SHFL_RED_LEN };
	int32_t row[CHAIN_MAX];
	uint64_t val[CHAIN_MAX];
	uint32_t at[CHAIN_MAX];
	uint8_t off[CHAIN_MAX];
	for (uint32_t i = 0; i < df->ncode; i++) {
		if (f[i] != F_CONST || df->code[i].d < 0)
			continue;
		unsigned nc = 0, npair = 0;
		int32_t X = -1, Dr = -1;
		unsigned t = 0;
		uint32_t j = i, end = i;
		while (j < df->ncode && j - i + 2 <= CHAIN_MAX) {
			const struct ir_insn *in = &df->code[j];
			if (f[j] == F_CONST && in->d >= 0 && in->d != X && in->d != Dr) {
				row[nc] = in->d;
				val[nc] = ir_norm((uint64_t)in->imm, in->t);
				at[nc++] = j++;
				continue;
			}
			if (f[j] != F_SHFL_ADD || j + 1 >= df->ncode)
				break;
			const struct ir_insn *q = in + 1;
			uint64_t vb, vc = 32, ve = ~(uint64_t)0, dummy;
			if ((in->sub != SHFL_UP && in->sub != SHFL_DOWN && in->sub != SHFL_BFLY) ||
			    (in->t != IR_S32 && in->t != IR_U32) || f[j + 1] != (in->t == IR_S32 ? F_ADD_S32 : F_ADD_U32) ||
			    in->nargs || in->a < 0 || in->d < 0 || in->a == in->d || q->d != in->a || (q->flags & DF_KB) ||
			    !((q->a == in->d && q->b == in->a) || (q->b == in->d && q->a == in->a)))
				break;
			if (X < 0) {
				if (chain_const(row, val, nc, in->a, &dummy) || chain_const(row, val, nc, in->d, &dummy))
					break;
				X = in->a;
				Dr = in->d;
				t = in->t;
			} else if (in->a != X || in->d != Dr || in->t != t) {
				break;
			}
			if ((in->flags & DF_KB) ? (vb = df->pool[in->b][0], 0) : !chain_const(row, val, nc, in->b, &vb))
				break;
			if ((in->c >= 0 && !chain_const(row, val, nc, in->c, &vc)) ||
			    (in->e >= 0 && !chain_const(row, val, nc, in->e, &ve)))
				break;
			uint32_t width = (uint32_t)vc;
			if (width == 0 || width > 32 || (width & (width - 1)))
				width = 32;
			if (width != 32 || (uint32_t)ve != ~0u)
				break;
			off[npair++] = (uint8_t)((uint32_t)vb & 31);
			j += 2;
			end = j;
		}
		if (npair < 2)
			continue;
		/* the run ends at its last pair */
		f[i] = F_SHFL_RED;
		f[df->ncode + i] = (uint8_t)(end - i);
		if (npair == 5) {
			unsigned sub = df->code[end - 2].sub, down = 1, up = 1;
			for (unsigned q = 0; q < 5; q++) {
				down &= off[q] == 16u >> q;
				up &= off[q] == 1u << q;
			}
			for (uint32_t x = i + 1; x < end; x++)
				if (f[x] == F_SHFL_ADD && df->code[x].sub != sub)
					down = up = 0;
			if ((down && sub != SHFL_UP) || (up && sub != SHFL_DOWN))
				f[df->ncode + i] |= (uint8_t)(SHFL_RED_CANON | (up ? SHFL_RED_ASC : 0));
		}
		__atomic_fetch_add(&fast_chains_made, 1, __ATOMIC_RELAXED);
		uint8_t *link = f + 3 * (size_t)df->ncode;
		link[i] = SHFL_RED_W0;
		for (unsigned c = 0; c < nc && at[c] < end; c++)
			for (unsigned e = c + 1; e < nc && at[e] < end; e++)
				if (row[e] == row[c]) {
					if (c)
						f[df->ncode + at[c]] = SHFL_RED_SKIP;
					else
						link[i] = 0;
					break;
				}
		unsigned p = 0;
		uint32_t lastk = i, lastp = 0;
		for (uint32_t x = i + 1; x < end; x++) {
			if (f[x] == F_SHFL_ADD) {
				f[df->ncode + x] = (uint8_t)(f[df->ncode + x] | off[p++] << SHFL_RED_S);
				if (lastp)
					link[lastp] = (uint8_t)(x - lastp);
				lastp = x;
			} else if (f[x] == F_CONST && !(f[df->ncode + x] & SHFL_RED_SKIP)) {
				link[lastk] = (uint8_t)(link[lastk] | (x - lastk));
				lastk = x;
			}
		}
		i = end - 1;
	}
}

/* A CBR left to F_CBR (not a pair's, not uniform) comparing u32 lanes
 * below a constant becomes F_CBR_LTK: reduce_smem's `t < k`, eight a warp,
 * whose class tests in F_CBR (a predicate? a float? a constant? which
 * type, which relation?) were about 29 host instructions of a compare's 88;
 * any other compare of s32 or u32 lanes with a constant F_CBR_K
 * (cmp_row_k_avx2: reduce_smem's `t == 0`). The AVX2 and AVX-512 versions
 * go straight to the compare; the baseline one runs F_CBR. After
 * fast_pairs (which looks for F_CBR after a counter's add or shift) and
 * fast_uniform. WS_NO_CBRK=1: neither class (tests compare). */
static void fast_cbr_ltk(const struct dfunc *df, uint8_t *f)
{
	if (util_env_on("WS_NO_CBRK"))
		return;
	for (uint32_t i = 0; i < df->ncode; i++) {
		const struct ir_insn *in = &df->code[i];
		if (f[i] != F_CBR || !(in->flags & DF_CMP) || !(in->flags & DF_KB) ||
		    (in->t != IR_U32 && in->t != IR_S32))
			continue;
		f[i] = in->t == IR_U32 && in->sub == CMP_LT ? F_CBR_LTK : F_CBR_K;
	}
}

uint32_t interp_fast_ncbrk(const struct dfunc *df)
{
	uint32_t n = 0;
	for (uint32_t i = 0; df->fop && i < df->ncode; i++)
		n += df->fop[i] == F_CBR_LTK || df->fop[i] == F_CBR_K;
	return n;
}

/* ---- narrow rows (issue 13 item 1: 32-bit register rows where the type
 * allows). A row of run's code whose every naming operand is a 32-bit one
 * of a class with a narrow version (n32_can) keeps its 32 lanes as
 * uint32_t in the first 128 bytes of its slot: an s32 add then reads and
 * writes half the bytes and needs no extension. Which operands of an
 * instruction are narrow: fop[2 ncode + pc] (N32_*). Everything else that
 * reads rows (the general loop's helpers, the checkers, collectives, the
 * debugger) sees wide rows only: the rows of parameters, calls,
 * collectives, atomics, addresses, predicates and every class without a
 * narrow version stay wide, and the general loop widens an instruction's
 * narrow rows before it runs it and narrows them again after (run_general;
 * fast_run's fallbacks to do_ld and do_st the same). WS_NO_N32=1: none. */

/* the N32_* operands of instruction i (f: the classes of the code without
 * narrow rows) that may be narrow; *same: all of its register operands or
 * none (the class has no version that mixes the forms) */
static unsigned n32_can(const struct dfunc *df, const uint8_t *f, uint32_t i, int *same)
{
	const struct ir_insn *in = &df->code[i];
	unsigned t = in->t, t2 = in->t2, kb = (in->flags & DF_KB) != 0, u;
	int t32 = t == IR_S32 || t == IR_U32, a32 = t2 == IR_S32 || t2 == IR_U32;
	*same = 0;
	switch (f[i]) {
	case F_ADD_S32: case F_ADD_U32: case F_SUB_S32: case F_SUB_U32: case F_MUL_S32: case F_MUL_U32:
	case F_AND_S32: case F_AND_U32: case F_OR_S32: case F_OR_U32: case F_XOR_S32: case F_XOR_U32:
	case F_ADD_F32: case F_SUB_F32: case F_MUL_F32:
		*same = 1;
		return N32_D | N32_A | (kb ? 0 : N32_B);
	case F_CONST:
		return t32 || t == IR_F32 ? N32_D : 0;
	case F_MOV:
		if (kb || !(t32 || t == IR_F32))
			return 0;
		*same = 1;
		return N32_D | N32_A;
	case F_SREG_TID: case F_SREG_CTA:
		return t == IR_U32 ? N32_D : 0;
	case F_CVT_COPY: case F_CVT_S32: case F_CVT_U32:
		if (!(t32 || t == IR_S64 || t == IR_U64) || !(a32 || t2 == IR_S64 || t2 == IR_U64))
			return 0;
		return (t32 ? N32_D : 0) | (a32 ? N32_A : 0);
	case F_UNI:
		u = f[df->ncode + i];
		if (u == F_ADD_S32 || u == F_ADD_U32 || u == F_SUB_S32 || u == F_SUB_U32 || u == F_MUL_S32 ||
		    u == F_MUL_U32 || u == F_AND_S32 || u == F_AND_U32 || u == F_OR_S32 || u == F_OR_U32 ||
		    u == F_XOR_S32 || u == F_XOR_U32)
			return N32_D | N32_A | (kb ? 0 : N32_B);
		if (u == F_SHL_K32S || u == F_SHL_K32U || ((u == F_SHR_KS || u == F_SHR_KU) && t32))
			return N32_D | N32_A;
		if ((u == F_CVT_S32 || u == F_CVT_U32) && a32)
			return N32_D | N32_A;
		return 0;
	case F_IDX_SH: case F_IDX_MUL: case F_IDX_SH_LD: case F_IDX_MUL_LD: case F_IDX_SH_ST: case F_IDX_MUL_ST:
		return !kb && a32 ? N32_B : 0;
	case F_LD4:
		return t32 || t == IR_F32 ? N32_D : 0;
	case F_ST4:
		return !kb && (t32 || t == IR_F32) ? N32_B : 0;
	default:
		return 0;
	}
}

/* the narrow operands of in (df->nrow) */
static unsigned n32_forms(const struct dfunc *df, const struct ir_insn *in)
{
	uint32_t nr = df->nrows;
	unsigned nf = 0;
	if ((uint32_t)in->d < nr && df->nrow[in->d])
		nf |= N32_D;
	if ((uint32_t)in->a < nr && df->nrow[in->a])
		nf |= N32_A;
	if (!(in->flags & DF_KB) && (uint32_t)in->b < nr && df->nrow[in->b])
		nf |= N32_B;
	return nf;
}

static unsigned long n32_made;

unsigned long interp_n32_rows(void)
{
	return __atomic_load_n(&n32_made, __ATOMIC_RELAXED);
}

void interp_n32(struct dfunc *df)
{
	const struct ir_func *fn = df->fn;
	uint32_t n = df->ncode, nr = ir_rows(fn);
	const uint8_t *f = df->fop;
	if (!f || !n || !nr)
		return;
	uint8_t *row = xcalloc(nr, 1), *hold = xcalloc(n, 1), *same = xcalloc(n, 1);
	for (uint32_t r = 0; r < nr; r++)
		row[r] = 1;
	for (uint32_t i = 0; i < fn->nparams; i++) {
		uint32_t r = fn->regmap ? (uint32_t)fn->regmap[i] : i;
		if (r < nr)
			row[r] = 0;
	}
	/* the instructions a superinstruction runs after its first read their
	 * rows as 64-bit lanes there (but an indexing pair's load or store) */
	for (uint32_t i = 0; i < n; i++) {
		unsigned len = 0;
		switch (f[i]) {
		case F_ADDK_CBR: case F_SHRK_CBR: case F_SHFL_ADD: len = 2; break;
		case F_ADDK_CBR_CMP: case F_SHRK_CBR_CMP:
			len = 2;
			if (i + 1 < n && (uint32_t)df->code[i + 1].tgt1 < n)
				hold[df->code[i + 1].tgt1] = 1;
			break;
		case F_LDLD_FMAF: len = 3; break;
		case F_SHFL_RED: len = f[n + i] & SHFL_RED_LEN; break;
		case F_LDB_ATOM: len = f[n + i] & LDB_LEN; break;
		default: break;
		}
		for (uint32_t j = i + 1; j < i + len && j < n; j++)
			hold[j] = 1;
		if (f[i] == F_SHFL_RED || f[i] == F_LDB_ATOM)
			hold[i] = 1;
	}
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &df->code[i];
		int sm = 0;
		unsigned c = hold[i] ? 0 : n32_can(df, f, i, &sm);
		same[i] = (uint8_t)sm;
		int32_t o[64];
		int k = ir_insn_writes(in, o);
		for (int j = 0; j < k; j++)
			if ((uint32_t)o[j] < nr && (o[j] != in->d || !(c & N32_D)))
				row[o[j]] = 0;
		if ((uint32_t)in->d < nr && !(c & N32_D))
			row[in->d] = 0;
		if ((uint32_t)in->a < nr && !(c & N32_A))
			row[in->a] = 0;
		if (!(in->flags & DF_KB) && (uint32_t)in->b < nr && !(c & N32_B))
			row[in->b] = 0;
		if ((uint32_t)in->c < nr)
			row[in->c] = 0;
		if ((uint32_t)in->e < nr)
			row[in->e] = 0;
		for (uint32_t q = 0; q < in->nargs && in->args; q++)
			if ((uint32_t)in->args[q] < nr)
				row[in->args[q]] = 0;
	}
	/* an instruction of one form for all its operands: where one of them
	 * stays wide, all do */
	for (int changed = 1; changed;) {
		changed = 0;
		for (uint32_t i = 0; i < n; i++) {
			const struct ir_insn *in = &df->code[i];
			if (!same[i])
				continue;
			int32_t o[3] = { in->d, in->a, (in->flags & DF_KB) ? -1 : in->b };
			int wide = 0, nar = 0;
			for (int j = 0; j < 3; j++)
				if ((uint32_t)o[j] < nr) {
					wide |= !row[o[j]];
					nar |= row[o[j]];
				}
			if (wide && nar) {
				for (int j = 0; j < 3; j++)
					if ((uint32_t)o[j] < nr)
						row[o[j]] = 0;
				changed = 1;
			}
		}
	}
	/* the rows named at all */
	uint8_t *named = xcalloc(nr, 1);
	for (uint32_t i = 0; i < n; i++) {
		const struct ir_insn *in = &df->code[i];
		if ((uint32_t)in->d < nr)
			named[in->d] = 1;
		if ((uint32_t)in->a < nr)
			named[in->a] = 1;
		if (!(in->flags & DF_KB) && (uint32_t)in->b < nr)
			named[in->b] = 1;
	}
	uint32_t cnt = 0;
	for (uint32_t r = 0; r < nr; r++) {
		row[r] &= named[r];
		cnt += row[r];
	}
	free(named);
	free(hold);
	free(same);
	if (!cnt) {
		free(row);
		return;
	}
	df->nrow = row;
	df->nrows = nr;
	uint8_t *nf = interp_fast_ops(df);
	/* only where lanes are computed, loaded or stored on narrow rows: a
	 * kernel whose narrow rows are a uniform value's and an index's
	 * (reduce_smem's, reduce_shfl's blockDim) runs the version of
	 * fast_run without them (+1.4% to +2.7% device instructions there) */
	uint32_t lanes = 0;
	for (uint32_t i = 0; i < n; i++)
		lanes += nf[2 * (size_t)n + i] &&
			 ((nf[i] >= F_N_ADD && nf[i] <= F_N_MOV) || nf[i] == F_N_SREG_TID || nf[i] == F_N_CVT ||
			  nf[i] == F_LD4 || nf[i] == F_ST4);
	if (!lanes) {
		free(nf);
		free(row);
		df->nrow = NULL;
		df->nrows = 0;
		return;
	}
	__atomic_fetch_add(&n32_made, cnt, __ATOMIC_RELAXED);
	free(df->fop);
	df->fop = nf;
}

/* the classes of the instructions that name narrow rows (after every other
 * choice of class: a breakpoint's F_GEN stays, the general loop widens) */
static void n32_classes(const struct dfunc *df, uint8_t *f)
{
	uint32_t n = df->ncode;
	for (uint32_t i = 0; i < n; i++) {
		unsigned nf = n32_forms(df, &df->code[i]);
		f[2 * (size_t)n + i] = (uint8_t)nf;
		if (!nf)
			continue;
		switch (f[i]) {
		case F_ADD_S32: case F_ADD_U32: case F_SUB_S32: case F_SUB_U32: case F_MUL_S32: case F_MUL_U32:
		case F_AND_S32: case F_AND_U32: case F_OR_S32: case F_OR_U32: case F_XOR_S32: case F_XOR_U32:
		case F_ADD_F32: case F_SUB_F32: case F_MUL_F32:
			{
				static const uint8_t nc[] = {
					[F_ADD_S32] = F_N_ADD, [F_ADD_U32] = F_N_ADD, [F_SUB_S32] = F_N_SUB,
					[F_SUB_U32] = F_N_SUB, [F_MUL_S32] = F_N_MUL, [F_MUL_U32] = F_N_MUL,
					[F_AND_S32] = F_N_AND, [F_AND_U32] = F_N_AND, [F_OR_S32] = F_N_OR,
					[F_OR_U32] = F_N_OR, [F_XOR_S32] = F_N_XOR, [F_XOR_U32] = F_N_XOR,
					[F_ADD_F32] = F_N_FADD, [F_SUB_F32] = F_N_FSUB, [F_MUL_F32] = F_N_FMUL,
				};
				f[i] = nc[f[i]];
			}
			break;
		case F_CONST: f[i] = F_N_CONST; break;
		case F_MOV: f[i] = F_N_MOV; break;
		case F_SREG_TID: f[i] = F_N_SREG_TID; break;
		case F_SREG_CTA: f[i] = F_N_SREG_CTA; break;
		case F_CVT_COPY: case F_CVT_S32: case F_CVT_U32: f[i] = F_N_CVT; break;
		case F_UNI: f[i] = F_N_UNI; break;
		case F_IDX_SH: case F_IDX_MUL: case F_IDX_SH_LD: case F_IDX_MUL_LD: case F_IDX_SH_ST:
		case F_IDX_MUL_ST:
			f[3 * (size_t)n + i] = f[i];
			f[i] = F_N_WIDEN;
			break;
		case F_LD4: case F_ST4: case F_GEN: break; /* they read the forms */
		default: f[i] = F_GEN; break;
		}
	}
}

uint8_t *interp_fast_ops(const struct dfunc *df)
{
	/* the classes, then (F_UNI's) the classes they stand for, then the
	 * narrow operands (N32_*), then F_N_WIDEN's classes */
	uint8_t *f = xcalloc(df->ncode ? 4 * (size_t)df->ncode : 1, 1);
	/* WS_NO_SUPER=1: no superinstructions (tests/ir/super.t compares) */
	int super = !util_env_on("WS_NO_SUPER");
	for (uint32_t i = 0; i < df->ncode; i++) {
		f[i] = fast_class(&df->code[i]);
		if (!super && f[i] == F_DIVREM_I32)
			f[i] = F_DIVREM;
	}
	if (super)
		fast_pairs(df, f);
	if (df->uni)
		fast_uniform(df, f);
	fast_cbr_ltk(df, f);
	/* F_SHFL_ADD runs the instruction after it by its add's class */
	for (uint32_t i = 0; i + 1 < df->ncode; i++)
		if (f[i] == F_SHFL_ADD && f[i + 1] != F_ADD_S32 && f[i + 1] != F_ADD_U32 && f[i + 1] != F_ADD_64)
			f[i] = f[df->ncode + i] & SHFL_ADD_UNI ? F_SHFL_U : F_SHFL;
	if (super && !util_env_on("WS_NO_SHFLRED"))
		fast_chains(df, f);
	if (df->nrow)
		n32_classes(df, f);
	return f;
}

void interp_fast_refresh(struct dfunc *df)
{
	if (!df->fop)
		return;
	uint8_t *f = interp_fast_ops(df);
	memcpy(df->fop, f, df->ncode ? 4 * (size_t)df->ncode : 1);
	free(f);
}

enum { FR_GENERAL, FR_RETURN, FR_SETTLE };

/* nothing but the checkers observes memory accesses one by one: do_ld and
 * do_st would do no more than the fast path's window pass, after the
 * CEV_ACCESS event they publish when a checker listens (the fast path
 * publishes the same event, with the same window, at the same point) */
static inline int fast_mem_ok(const struct machine *m)
{
	return m->acp == NULL && !m->mm && !(m->hooks & (1u << EV_MEM));
}

/* mem_window, first through the machine's recent device allocations
 * (m->lc.d, which mem_window fills: one kernel often reads two arrays and
 * writes a third, which its one-entry lc.dev keeps missing). They outlive
 * the fast run: a warp's first access hits there too (a fast run's own
 * list, empty at each start, cost vecadd a mem_window call per array and
 * warp). */
static WS_NOINLINE int fast_window_miss(struct machine *m, struct warp *w, uint64_t addr, int write,
					struct window *win)
{
	return mem_window(m, w, addr, write, win);
}
#if defined(__GNUC__)
#define FAST_INLINE inline __attribute__((always_inline))
#else
#define FAST_INLINE inline
#endif
static FAST_INLINE int fast_window(struct machine *m, struct warp *w, uint64_t addr, int write,
				   struct window *win)
{
	if (ADDR_TAG(addr) == TAG_SHARED && !DSMEM_RANK(addr)) { /* the block's own: as mem_window */
		win->lo = ADDR(TAG_SHARED, 0);
		win->len = w->blk->shared_size;
		win->base = w->blk->shared;
		win->a = NULL;
		win->blk = w->blk;
		return 1;
	}
	if (ADDR_TAG(addr) == TAG_GLOBAL)
		for (unsigned i = 0; i < 4; i++) {
			struct alloc *a = m->lc.d[i];
			if (a && addr - a->base < a->size && !a->freed && a->dev_ok) {
				window_of_alloc(win, a);
				return 1;
			}
		}
	return fast_window_miss(m, w, addr, write, win);
}

/* F_LD of a diverged group (histogram's reload of local[threadIdx.x] in
 * the if's body, about 20 lanes; reduce_smem's last rounds): with nothing
 * observing (fast_mem_ok) and no checker listening for accesses, LANES_VEC_MIN
 * lanes or more (ld_part tested these), every lane's address in the
 * window, aligned (lanes_outside
 * found none): ld_group's loop, as do_ld's ld_window would run it, without
 * do_ld's tests of the observers and its look-up of the window (about 100
 * host instructions a call). Anything else goes to do_ld as before: a lane
 * outside the window, a fault, a checker's event. Returns do_ld's. Out of
 * line and in an AVX2 version (a mask loop of 64-bit lanes there). ax:
 * the address row is on lanes (run4_at). */
WS_CLONES WS_NOINLINE static int ld_part_run(struct machine *m, struct warp *w, struct group *g,
					     const struct ir_insn *in, uint64_t *D, const uint64_t *A, int ax)
{
	uint32_t M = g->mask;
	uint64_t imm = (uint64_t)in->imm;
	struct window win;
	if (fast_window(m, w, A[__builtin_ctz(M)] + imm, 0, &win) && win.len >= 8) {
		uintptr_t base = (uintptr_t)win.base + (uintptr_t)(imm - win.lo), w0;
		if (type_size(in->t) == 4 && (w0 = run4_at(A, M, imm - win.lo, win.len, base, ax))) {
			run4_avx2(w0, M, D, NULL, in->t == IR_S32, 0);
			return 0;
		}
		if (lanes_outside(A, imm - win.lo, win.len, type_size(in->t), M))
			return do_ld(m, w, g, in);
		if (type_size(in->t) == 4) {
			const int sg = in->t == IR_S32;
			for (uint64_t m_ = M; m_; m_ &= m_ - 1) {
				uint64_t l = (uint64_t)__builtin_ctzll(m_);
				uint32_t v;
				memcpy(&v, (const void *)(base + (uintptr_t)A[l]), 4);
				D[l] = sg ? (uint64_t)(int64_t)(int32_t)v : v;
			}
		} else {
			ld_group(in->t, M, D, A, base);
		}
		return 0;
	}
	return do_ld(m, w, g, in);
}


/* ld_part_run for a checked run (a checker listens for accesses, nothing
 * else observes: fast_mem_ok): the checkers' calls exactly as do_ld makes
 * them, in its order and with its arguments (the window mem_window finds,
 * which fast_window's is; a weak read of the block's shared memory to the
 * shared checker's way in, else the event; the event before the load, so
 * that D may be A's row), then the load as ld_part_run's where the lanes
 * are consecutive words (run4), else do_ld's own tail (ld_window, ld_slow
 * for the lanes outside it, with their faults). A window not found goes
 * to do_ld before anything is done. histogram's checked reload of
 * local[threadIdx.x] under its `if`, about 20 lanes: do_ld's observer
 * tests, mem_window, lanes_outside and ld_group's 9 a lane were about 470
 * host instructions a warp besides the checker's. */
WS_CLONES WS_NOINLINE static int ld_part_chk(struct machine *m, struct warp *w, struct group *g,
					     const struct ir_insn *in, uint64_t *D, const uint64_t *A, int ax)
{
	uint32_t M = g->mask;
	uint64_t imm = (uint64_t)in->imm;
	unsigned t = in->t, sz = type_size(t);
	struct window win;
	if (!fast_window(m, w, A[__builtin_ctz(M)] + imm, 0, &win))
		return do_ld(m, w, g, in);
	/* the lanes' shape first (it reads the addresses only) */
	uintptr_t w0 = sz == 4 && win.len >= 8 ?
		       run4_at(A, M, imm - win.lo, win.len, (uintptr_t)win.base + (uintptr_t)(imm - win.lo), ax) : 0;
	if (!(w0 && !win.a && access_read_run(m, w, in, A, imm, &win, M)) &&
	    (win.a || in->sem != SEM_WEAK || !access_read_in(m, w, g, A, imm, sz, &win, 0)))
		access_event(m, w, g, in, A, imm, sz, CHECK_READ, &win);
	if (w0) {
		run4_avx2(w0, M, D, NULL, t == IR_S32, 0);
		return 0;
	}
	uint32_t slow = ld_window(&win, t, M, D, A, imm);
	return slow ? ld_slow(m, w, in, slow, D, A) : 0;
}

/* ld_part_run's tests that need no window, in line: a small group's
 * loads go to do_ld without a second call (reduce_smem's checked last
 * rounds were +0.8% through ld_part_run); a checked run's to ld_part_chk.
 * ax: the address row is on lanes (run4_at) */
static FAST_INLINE int ld_part(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
			       uint64_t *D, const uint64_t *A, int ax)
{
	if (popc32(g->mask) >= LANES_VEC_MIN && fast_mem_ok(m)) {
		if (!CHECK_WANTS(m, CEV_ACCESS))
			return ld_part_run(m, w, g, in, D, A, ax);
		if (ld_chk_on)
			return ld_part_chk(m, w, g, in, D, A, ax);
	}
	return do_ld(m, w, g, in);
}

/* WS_NO_ATOM1=1: atom32_run's single-lane add goes through its passes
 * (tests/programs/atom_one: the same output either way) */
static int atom_one_on = 1;

__attribute__((constructor)) static void atom_one_choose(void)
{
	atom_one_on = !util_env_on("WS_NO_ATOM1");
}

/* F_ATOM's 32-bit add (integer or float), or other RMW of a 32-bit
 * integer (fast_class), with nothing observing but the checkers, whose
 * event came first: when every lane of M has its address in the window,
 * aligned (else 0: nothing done, atom_lanes runs them all, as atom_at
 * would), the lanes in ascending order, each read, changed and written
 * back, as atom_lanes does (atom_op's results); the words changed counted
 * in *nst for the spin-wait detector (an integer add changes its word
 * exactly when it adds a non-zero). A result nothing reads (d < 0) goes to a scratch row:
 * one loop per type, no test per lane. Out of line and in an AVX2 version
 * (the window test and the count vectorize there; inside fast_run's frame
 * gcc also kept the window and the mask in memory). ax: the address row
 * is on lanes (run4_at). */
#if defined(__GNUC__) && !defined(__clang__)
#define ATOM_UNROLL _Pragma("GCC unroll 4")
#else
#define ATOM_UNROLL
#endif
WS_CLONES WS_NOINLINE static int atom32_run(const struct ir_insn *in, uint32_t M, const struct window *win,
						  uint64_t *D, const uint64_t *A, const uint64_t *B, int bk, int ax,
						  uint64_t *nst)
{
	uint64_t len = win->len, k = (uint64_t)0 - win->lo, changed = 0;
	if (len < 4)
		return 0;
	uintptr_t w0;
	if (in->sub == ATOM_ADD && in->t != IR_F32 && popc32(M) >= LANES_VEC_MIN &&
	    (w0 = run4_at(A, M, k, len, (uintptr_t)win->base + (uintptr_t)k, ax))) {
		/* consecutive words: no two lanes on one word, all at once */
		*nst += count_nonzero32(B, M);
		run4_avx2(w0, M, D, B, in->t == IR_S32, in->d >= 0 ? 2 : 1);
		return 1;
	}
	if (M == WS_FULL) {
		if (!win_all_in(A, k, len, 4))
			return 0;
	} else if (popc32(M) >= LANES_VEC_MIN) {
		if (lanes_outside(A, k, len, 4, M))
			return 0;
	} else {
		if (!(M & (M - 1)) && in->sub == ATOM_ADD && in->t != IR_F32 && atom_one_on) {
			/* one lane's integer add (reduce_shfl's lane 0, a warp's total):
			 * the passes' set-up was most of it */
			const unsigned l = (unsigned)__builtin_ctz(M);
			const uint64_t off = A[l] + k;
			if (off > len - 4 || (off & 3))
				return 0;
			ATOM_RMW32((void *)((uintptr_t)win->base + (uintptr_t)off), uint32_t, o + (uint32_t)B[l],
				   if (in->d >= 0) D[l] = in->t == IR_S32 ? (uint64_t)(int64_t)(int32_t)ob : ob);
			*nst += (uint32_t)B[l] != 0;
			return 1;
		}
		uint64_t lim = len - 4, bad = 0;
		EACH(M, l, { uint64_t off = A[l] + k; bad |= (off > lim) | (off & 3); });
		if (bad)
			return 0;
	}
	/* lane l's word: base + A[l] (k folded in; an integer, not a pointer) */
	uintptr_t base = (uintptr_t)win->base + (uintptr_t)k;
	uint64_t sink[WS_WARP];
	uint64_t *Dk = in->d >= 0 ? D : sink;
	unsigned t = in->t;
/* ascending lanes; a whole warp's loop unrolled (it does not vectorize:
 * lanes may share a word) */
#define ATOM_LANE(T, ADD, KEEP) ATOM_RMW32((void *)(base + (uintptr_t)A[l]), T, ADD, KEEP)
#define ATOM_PASS(T, ADD, KEEP) do { \
	if (M == WS_FULL) { \
		ATOM_UNROLL \
		for (unsigned l = 0; l < WS_WARP; l++) \
			ATOM_LANE(T, ADD, KEEP) \
	} else { \
		for (uint64_t m_ = M; m_; m_ &= m_ - 1) { \
			uint64_t l = (uint64_t)__builtin_ctzll(m_); \
			ATOM_LANE(T, ADD, KEEP) \
		} \
	} \
} while (0)
	if (bk && in->d < 0 && t != IR_F32 && in->sub == ATOM_ADD) {
		/* bk: B's lanes hold one value (F_CONST_ATOM: the CONST before
		 * wrote it); an integer add of it whose old value nothing reads
		 * changes every lane's word or none, and each lane adds it (no
		 * count of B's lanes, no load of B a lane) */
		const uint32_t v = (uint32_t)B[__builtin_ctz(M)];
		ATOM_PASS(uint32_t, o + v, (void)ob);
		*nst += v ? popc32(M) : 0;
		return 1;
	}
	if (t != IR_F32 && in->sub == ATOM_ADD) {
		if (M == WS_FULL) {
			LANES_INDEPENDENT
			for (unsigned l = 0; l < WS_WARP; l++)
				changed += (B[l] << 32) != 0; /* the low 32 bits: a 64-bit compare */
		} else {
			changed = count_nonzero32(B, M);
		}
	}
	if (t == IR_F32) {
		ATOM_PASS(float, o + fval(B[l]), { Dk[l] = ob; changed += rb != ob; });
	} else if (in->sub == ATOM_ADD) {
		/* an old value nothing reads (decode.c atomdead): each lane one
		 * add into memory (3 host instructions a lane, not 7) */
		if (in->d < 0)
			ATOM_PASS(uint32_t, o + (uint32_t)B[l], (void)ob);
		else if (t == IR_S32)
			ATOM_PASS(uint32_t, o + (uint32_t)B[l], Dk[l] = (uint64_t)(int64_t)(int32_t)ob);
		else
			ATOM_PASS(uint32_t, o + (uint32_t)B[l], Dk[l] = ob);
	} else {
		/* atom_op's other integer RMWs on 32 bits (fast_class): the word
		 * changes where the result differs from it */
		const int sg = t == IR_S32;
#define ATOM_OP(EXPR) ATOM_PASS(uint32_t, (EXPR), \
	{ Dk[l] = sg ? (uint64_t)(int64_t)(int32_t)ob : ob; changed += rb != ob; })
#define BW ((uint32_t)B[l])
		switch (in->sub) {
		case ATOM_SUB: ATOM_OP(o - BW); break;
		case ATOM_EXCH: ATOM_OP(BW); break;
		case ATOM_AND: ATOM_OP(o & BW); break;
		case ATOM_OR: ATOM_OP(o | BW); break;
		case ATOM_XOR: ATOM_OP(o ^ BW); break;
		case ATOM_MIN:
			if (sg)
				ATOM_OP((int32_t)o < (int32_t)BW ? o : BW);
			else
				ATOM_OP(o < BW ? o : BW);
			break;
		default: /* ATOM_MAX */
			if (sg)
				ATOM_OP((int32_t)o > (int32_t)BW ? o : BW);
			else
				ATOM_OP(o > BW ? o : BW);
			break;
		}
#undef BW
#undef ATOM_OP
	}
#undef ATOM_PASS
#undef ATOM_LANE
	*nst += changed;
	return 1;
}

/* F_LDB_ATOM's window test: the atomic's offsets o + (x << sh), x every
 * value of a u8 (or an s8: sg) and o the base's offset in the window,
 * all inside its len bytes, on 4-byte words */
static FAST_INLINE int ldb_atom_in(uint64_t o, uint64_t len, unsigned sh, int sg)
{
	uint64_t below = sg ? (uint64_t)128 << sh : 0, above = (uint64_t)(sg ? 127 : 255) << sh;
	return sh >= 2 && sh < 16 && len >= 4 && above <= len - 4 && !(o & 3) && o >= below &&
	       o <= len - 4 - above;
}

/* F_LDB_ATOM's windows: the LD's addresses (A, or the first lane of the
 * ADD's base B0 plus A, then into la), each inside the bytes' window dw
 * (win_all_in; where *run, LDB_LANES, and B0, and A's last lane is its
 * first + 31, 32 consecutive bytes: the first's offset tells, and *run
 * stays 1, else 0), and the words for every value of the byte inside the
 * atomic's aw (ldb_atom_in); returns the address row, or NULL */
static FAST_INLINE const uint64_t *ldb_windows(struct machine *m, struct warp *w, const struct ir_insn *ld,
					       const uint64_t *A, const uint64_t *B0, uint64_t a0, unsigned sh,
					       uint64_t *la, struct window *dw, struct window *aw, int *run)
{
	const int lanes = *run = *run && B0 && A[WS_WARP - 1] - A[0] == WS_WARP - 1;
	if (B0) {
		const uint64_t b0 = B0[0];
		LANES_INDEPENDENT
		for (unsigned l = 0; l < WS_WARP; l++)
			la[l] = b0 + A[l];
		A = la;
	}
	const uint64_t imm = (uint64_t)ld->imm;
	if (!fast_window(m, w, A[0] + imm, 0, dw) ||
	    (lanes ? dw->len < WS_WARP || A[0] + imm - dw->lo > dw->len - WS_WARP
		   : !win_all_in(A, imm - dw->lo, dw->len, 1)) ||
	    !fast_window(m, w, a0, 1, aw) || !ldb_atom_in(a0 - aw->lo, aw->len, sh, ld->t == IR_S8))
		return NULL;
	return A;
}

/* F_LDB_ATOM's run from f (fastrun.h; lf its f[ncode + i]: L instructions
 * and LDB_LANES) in frame rows R,
 * a full warp, with nothing observing and no checker listening for
 * accesses: the LD's addresses (its row, or the first lane of the ADD's
 * base plus the CVT's row where the run begins at the address's CVT and
 * ADD) and the words inside their windows (ldb_windows; 32 consecutive
 * bytes, LDB_LANES', by the first's offset alone), else 0: nothing
 * done. Then lane l's byte x at its address and its add of the CONST's z
 * (low 32 bits) at a0 + (x << sh), the indexing's, in ascending lanes, as
 * atom32_run's (the words changed counted as it counts them: a non-zero
 * add changes every lane's); then the CONST's row (last: it may be the
 * addresses'). Every load before every add, as the instructions one by
 * one, but where the bytes' window is not the words' (no add changes a
 * byte): each lane's load then its add in one pass. Out of line, with its
 * own address row: in fast_run's frame that row cost every dispatch */
WS_CLONES WS_NOINLINE static int ldb_atom(struct machine *m, struct warp *w, const struct ir_insn *f, unsigned lf,
					  uint64_t *R)
{
	const unsigned L = lf & LDB_LEN;
	const int pre = f->op == IR_CVT;
	const struct ir_insn *ld = pre ? f + 2 : f, *ix = f + L - 3, *kc = ix + 1;
	const uint64_t a0 = reg(R, ix->a)[0], imm = (uint64_t)ld->imm, z = ir_norm((uint64_t)kc->imm, kc->t);
	const unsigned sh = (unsigned)__builtin_ctzll((uint64_t)ix->imm);
	const int sg = ld->t == IR_S8;
	const uint32_t v = (uint32_t)z;
	uint64_t *Z = reg(R, kc->d);
	uint64_t la[WS_WARP];
	struct window dw, aw;
	const uint64_t *A = reg(R, f->a);
	uintptr_t ab;
/* the pass of lane loads and adds, lane l's byte at P, extended by X (one
 * loop per extension: no test a lane) */
#define LDB_PASS(P, X) do { \
	ATOM_UNROLL \
	for (unsigned l = 0; l < WS_WARP; l++) { \
		uint8_t x = *(const uint8_t *)(P); \
		uint64_t o_ = (uint64_t)(X) << sh; \
		ATOM_RMW32((void *)(ab + (uintptr_t)o_), uint32_t, o + v, (void)ob) \
	} \
} while (0)
	if ((lf & LDB_LANES) && A[WS_WARP - 1] - A[0] == WS_WARP - 1) {
		/* the index on lanes (decode's LDB_LANES), its last lane its
		 * first + 31: the bytes are 32 consecutive ones (the IDX_ROWS
		 * argument), inside the window when the first's offset leaves
		 * 32 bytes; else no run, as ldb_windows would find */
		const uint64_t a = reg(R, f[1].a)[0] + A[0] + imm;
		if (!fast_window(m, w, a, 0, &dw) || dw.len < WS_WARP || a - dw.lo > dw.len - WS_WARP ||
		    !fast_window(m, w, a0, 1, &aw) || !ldb_atom_in(a0 - aw.lo, aw.len, sh, sg))
			return 0;
		if (dw.base != aw.base) {
			const uintptr_t db0 = (uintptr_t)dw.base + (uintptr_t)(a - dw.lo);
			ab = (uintptr_t)aw.base - (uintptr_t)aw.lo + (uintptr_t)a0;
			if (sg)
				LDB_PASS(db0 + l, (int64_t)(int8_t)x);
			else
				LDB_PASS(db0 + l, x);
			goto done;
		}
	}
	int run = 0;
	if (!(A = ldb_windows(m, w, ld, A, pre ? reg(R, f[1].a) : NULL, a0, sh, la, &dw, &aw, &run)))
		return 0;
	const uintptr_t dbase = (uintptr_t)dw.base + (uintptr_t)(imm - dw.lo);
	ab = (uintptr_t)aw.base - (uintptr_t)aw.lo + (uintptr_t)a0;
	if (dw.base != aw.base) {
		if (sg)
			LDB_PASS(dbase + (uintptr_t)A[l], (int64_t)(int8_t)x);
		else
			LDB_PASS(dbase + (uintptr_t)A[l], x);
#undef LDB_PASS
	} else {
		uint64_t T[WS_WARP];
		ld_bytes_in(T, A, dbase, sg);
		ATOM_UNROLL
		for (unsigned l = 0; l < WS_WARP; l++)
			ATOM_RMW32((void *)(ab + (uintptr_t)(T[l] << sh)), uint32_t, o + v, (void)ob)
	}
done:
	for (unsigned l = 0; l < WS_WARP; l++)
		Z[l] = z;
	m->nstores += v ? WS_WARP : 0;
	return 1;
}

/* F_LD's checkers' calls for a full warp's load, every lane inside window
 * win, before the load as do_ld makes them: a weak read of the block's
 * shared memory to the shared checker's way in, else the event; another
 * allocation's to the global checker's way in (access_global_other) */
static FAST_INLINE void ld_access(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
				  const uint64_t *A, uint64_t imm, unsigned sz, const struct window *win)
{
	if (!win->a) {
		if (in->sem != SEM_WEAK || !access_read_in(m, w, g, A, imm, sz, win, 0))
			access_event(m, w, g, in, A, imm, sz, CHECK_READ, win);
	} else
		access_global_other(m, w, g, in, A, imm, sz, CHECK_READ, win);
}

/* fast_run's SYNC of n more instructions begun, from inside a helper
 * that runs several (g->pc then at the last of them) */
static inline void fast_steps(struct machine *m, struct group *g, uint64_t *smclk, unsigned n)
{
	m->steps += n;
	m->dev.cycles += n;
	*smclk += n;
	g->pc += n;
}

/* WS_NO_LDBCHK=1: a checked run's F_LDB_ATOM runs its instructions one by
 * one (ldb_atom_chk off; tests/findings/ldbchk.t compares) */
static int ldb_chk_on = 1;

__attribute__((constructor)) static void ldb_chk_choose(void)
{
	ldb_chk_on = !util_env_on("WS_NO_LDBCHK");
}

/* F_LDB_ATOM of a checked run (a checker listens for accesses; nothing
 * else observes: fast_mem_ok), the run from f in frame rows R (lf its
 * f[ncode + i], as ldb_atom's), fast_run's SYNC done at f: ldb_atom's
 * windows (else 0, nothing done), then, with the steps and pc at the LD,
 * its checkers' calls as F_LD makes them (ld_access) and the bytes (32
 * consecutive ones at once where ldb_windows found them). Where those calls left a
 * hook that stops fast_run or an observer of memory, the rows of the CVT,
 * the ADD and the LD are written as one by one and 2 returned: fast_run
 * goes on after the LD. Else, with the steps and pc at the atomic, its
 * calls as F_ATOM makes them (where a checker still listens) on the
 * words' addresses, the adds and the CONST's row as ldb_atom's: 1. The
 * steps are counted here as fast_run's SYNC counts them */
WS_CLONES WS_NOINLINE static int ldb_atom_chk(struct machine *m, struct warp *w, struct group *g,
					      const struct ir_insn *f, unsigned lf, uint64_t *R, uint64_t *smclk)
{
	const unsigned L = lf & LDB_LEN;
	const int pre = f->op == IR_CVT;
	const struct ir_insn *ld = pre ? f + 2 : f, *ix = f + L - 3, *kc = ix + 1, *at = ix + 2;
	const uint64_t a0 = reg(R, ix->a)[0], imm = (uint64_t)ld->imm;
	const unsigned sh = (unsigned)__builtin_ctzll((uint64_t)ix->imm);
	uint64_t la[WS_WARP], T[WS_WARP];
	struct window dw, aw;
	int run = (lf & LDB_LANES) != 0;
	const uint64_t *A = ldb_windows(m, w, ld, reg(R, f->a), pre ? reg(R, f[1].a) : NULL, a0, sh, la, &dw, &aw,
					&run);
	if (!A)
		return 0;
	fast_steps(m, g, smclk, pre ? 2 : 0);
	ld_access(m, w, g, ld, A, imm, 1, &dw);
	const uintptr_t db = (uintptr_t)dw.base + (uintptr_t)(imm - dw.lo);
	if (run) {
		const uint8_t *p = (const uint8_t *)(db + (uintptr_t)A[0]);
		if (ld->t == IR_S8)
			for (unsigned l = 0; l < WS_WARP; l++)
				T[l] = (uint64_t)(int64_t)(int8_t)p[l];
		else
			for (unsigned l = 0; l < WS_WARP; l++)
				T[l] = p[l];
	} else {
		ld_bytes_in(T, A, db, ld->t == IR_S8);
	}
	if ((m->hooks & ((1u << EV_INSN) | (1u << EV_STMT) | MM_HOOK | STOP_HOOK)) || !fast_mem_ok(m)) {
		if (pre) {
			const uint64_t *X = reg(R, f->a), *P = reg(R, f[1].a);
			uint64_t *C = reg(R, f->d), *S = reg(R, f[1].d);
			for (unsigned l = 0; l < WS_WARP; l++)
				C[l] = X[l];
			const uint64_t *Q = reg(R, f[1].b);
			for (unsigned l = 0; l < WS_WARP; l++)
				S[l] = P[l] + Q[l];
		}
		memcpy(reg(R, ld->d), T, sizeof T);
		return 2;
	}
	LANES_INDEPENDENT
	for (unsigned l = 0; l < WS_WARP; l++)
		T[l] = a0 + (T[l] << sh);
	fast_steps(m, g, smclk, L - 1 - (pre ? 2 : 0));
	if (CHECK_WANTS(m, CEV_ACCESS)) {
		if (!aw.a)
			access_atomic_in(m, w, g, at, T, &aw);
		else
			access_global_other(m, w, g, at, T, 0, 4, CHECK_ATOMIC, &aw);
	}
	const uintptr_t ab = (uintptr_t)aw.base - (uintptr_t)aw.lo;
	const uint64_t z = ir_norm((uint64_t)kc->imm, kc->t);
	const uint32_t v = (uint32_t)z;
	ATOM_UNROLL
	for (unsigned l = 0; l < WS_WARP; l++)
		ATOM_RMW32((void *)(ab + (uintptr_t)T[l]), uint32_t, o + v, (void)ob)
	uint64_t *Z = reg(R, kc->d);
	for (unsigned l = 0; l < WS_WARP; l++)
		Z[l] = z;
	m->nstores += v ? WS_WARP : 0;
	return 1;
}

/* a collective's member mask (register x, or none: the group) names every
 * lane, in every lane: coll_arrive then finds nothing to report */
static FAST_INLINE int coll_names_all(const uint64_t *R, int32_t x)
{
	if (x < 0)
		return 1;
	const uint64_t *MK = reg((uint64_t *)R, x);
	uint64_t all = ~(uint64_t)0;
	LANES_INDEPENDENT
	for (unsigned l = 0; l < WS_WARP; l++)
		all &= MK[l];
	return (uint32_t)all == ~0u;
}

/* D[0..n) = V[0..n), normalised to type t (ir_norm) */
static FAST_INLINE void norm_rows(uint64_t *D, const uint64_t *V, unsigned n, unsigned t)
{
	switch (t) {
	case IR_S32: /* sign-extended on the 64-bit lanes (S32W in fast_run) */
		LANES_INDEPENDENT
		for (unsigned l = 0; l < n; l++)
			D[l] = ((V[l] & 0xffffffffu) ^ 0x80000000u) - 0x80000000u;
		break;
	case IR_U32:
		LANES_INDEPENDENT
		for (unsigned l = 0; l < n; l++)
			D[l] = V[l] & 0xffffffffu;
		break;
	default:
		for (unsigned l = 0; l < n; l++)
			D[l] = ir_norm(V[l], t);
		break;
	}
}

/* coll_complete's IR_SHFL for a whole warp that names every lane (so
 * every source lane takes part): D[l] = A[interp_shfl_src(l)], normalised */
static FAST_INLINE void fast_shfl(const struct ir_insn *in, uint64_t *D, const uint64_t *A,
				  const uint64_t *B, const uint64_t *C, int buni)
{
	/* C's lanes hold one value (DF_KCE; buni: B's and C's, F_SHFL_U): no
	 * test of the row */
	const uint64_t *CT = (in->flags & DF_KCE) || buni ? NULL : C;
	unsigned t = in->t ? in->t : IR_U32;
	uint32_t b0 = (uint32_t)B[0], c0 = C ? (uint32_t)C[0] : 32;
	/* the same offset (and width) in every lane: the rows' words are
	 * equal (a difference in the upper halves only takes the lane by
	 * lane way, which is right too) */
	uint64_t diff = 0;
	if (!buni) {
		LANES_INDEPENDENT
		for (unsigned l = 0; l < WS_WARP; l++)
			diff |= B[l] ^ B[0];
	}
	if (CT) {
		LANES_INDEPENDENT
		for (unsigned l = 0; l < WS_WARP; l++)
			diff |= CT[l] ^ CT[0];
	}
	if (!diff && c0 == 32 && in->sub != SHFL_BFLY) {
		/* one offset for every lane, the whole warp wide (shfl_src with
		 * width 32): lane l reads lane l + s, itself where that is
		 * outside 0..31; up is down by -s; idx reads one lane. The
		 * rows are either the same or disjoint; where D is A, the lanes
		 * that move are one overlapping copy (memmove) and those that
		 * read themselves are in place, then one normalising pass of
		 * fixed length (the two passes of variable length over a copy of
		 * A did not vectorize as well) */
		unsigned s = b0 & 31;
		if (in->sub == SHFL_IDX) {
			uint64_t v = A[s];
			for (unsigned l = 0; l < WS_WARP; l++)
				D[l] = v;
		} else if (D != A) {
			/* every lane its own value, then the lanes that move
			 * theirs (two normalising passes, no copy) */
			norm_rows(D, A, WS_WARP, t);
			if (in->sub == SHFL_UP)
				norm_rows(D + s, A, WS_WARP - s, t);
			else
				norm_rows(D, A + s, WS_WARP - s, t);
			return;
		} else if (in->sub == SHFL_UP) {
			memmove(D + s, A, (WS_WARP - s) * sizeof(uint64_t));
		} else {
			memmove(D, A + s, (WS_WARP - s) * sizeof(uint64_t));
		}
		norm_rows(D, D, WS_WARP, t);
		return;
	}
	uint64_t val[WS_WARP], res[WS_WARP];
	memcpy(val, A, sizeof val); /* D may be A */
	for (unsigned l = 0; l < WS_WARP; l++) {
		uint32_t width = C ? (uint32_t)C[l] : 32;
		if (width == 0 || width > 32 || (width & (width - 1)))
			width = 32;
		int ok;
		res[l] = val[interp_shfl_src(in->sub, l, (int32_t)B[l], width, &ok)];
	}
	norm_rows(D, res, WS_WARP, t);
}

/* coll_complete's IR_VOTE for a whole warp that names every lane */
static FAST_INLINE uint64_t fast_vote(unsigned sub, const uint64_t *P)
{
	uint32_t ballot = 0;
	for (unsigned l = 0; l < WS_WARP; l++)
		ballot |= (uint32_t)(P[l] != 0) << l;
	switch (sub) {
	case VOTE_ALL: return ballot == ~0u;
	case VOTE_ANY: return ballot != 0;
	case VOTE_UNI: return ballot == 0 || ballot == ~0u;
	default: return ballot;
	}
}

/* the compare sub of two values from their lt and eq (F_UNI, F_CBR_U) */
static inline int uni_cmp(unsigned sub, int lt, int eq)
{
	switch (sub) {
	case CMP_EQ: return eq;
	case CMP_NE: return !eq;
	case CMP_LT: return lt;
	case CMP_LE: return lt || eq;
	case CMP_GT: return !lt && !eq;
	default: return !lt;
	}
}

/* lane l's bit of a group's mask, for FL's blend: (M >> l) & 1 did not
 * vectorize (gcc 12), an and with a row of constants and a compare do */
static const uint64_t fl_lane_bit[WS_WARP] = {
#define FL_BITS4(n) 1ull << (n), 1ull << ((n) + 1), 1ull << ((n) + 2), 1ull << ((n) + 3)
	FL_BITS4(0), FL_BITS4(4), FL_BITS4(8), FL_BITS4(12),
	FL_BITS4(16), FL_BITS4(20), FL_BITS4(24), FL_BITS4(28),
#undef FL_BITS4
};

/* every lane of the group: a full warp in one pass the compiler vectorizes */
#define FL(EXPR) do { \
	if (full) { \
		LANES_INDEPENDENT \
		for (unsigned l = 0; l < WS_WARP; l++) D[l] = (EXPR); \
	} else { \
		for (uint32_t m_ = M; m_; m_ &= m_ - 1) { unsigned l = (unsigned)__builtin_ctz(m_); D[l] = (EXPR); } \
	} \
} while (0)
/* FL for the indexing classes (a diverged group's address before its load,
 * store or atomic: histogram's bins[t]); in the AVX2 and AVX-512 versions
 * (FL_BLEND) a group of LANES_VEC_MIN lanes or more computes every lane's
 * value and blends the group's lanes in (the expression reads rows and
 * constants only: nothing traps or has an effect in the other lanes).
 * Only there: in every FL it moved fast_run's register allocation
 * (matmul_tiled +1.4%, vecadd +1.1% device instructions) */
#define FLB(EXPR) do { \
	if (full) { \
		LANES_INDEPENDENT \
		for (unsigned l = 0; l < WS_WARP; l++) D[l] = (EXPR); \
	} else if (FL_BLEND && popc32(M) >= LANES_VEC_MIN) { \
		const uint64_t mw_ = M; \
		LANES_INDEPENDENT \
		for (unsigned l = 0; l < WS_WARP; l++) { \
			uint64_t k_ = 0 - (uint64_t)((mw_ & fl_lane_bit[l]) != 0); \
			D[l] = (D[l] & ~k_) | ((uint64_t)(EXPR) & k_); \
		} \
	} else { \
		for (uint32_t m_ = M; m_; m_ &= m_ - 1) { unsigned l = (unsigned)__builtin_ctz(m_); D[l] = (EXPR); } \
	} \
} while (0)
/* FLB of an index's lanes, A + OFF (OFF names the lane l): where A is a
 * kernel parameter's row (DF_AUNI: one value in every lane), its first
 * lane only, so that the index reads one cache line of the row, not four
 * (the round robin leaves a warp's rows cold between its visits) */
#define IDX_FLB(OFF) do { \
	if (in->flags & DF_AUNI) { \
		const uint64_t a_ = A[0]; \
		FLB(a_ + (OFF)); \
	} else { \
		FLB(A[l] + (OFF)); \
	} \
} while (0)
#define S32(x) ((uint64_t)(int64_t)(int32_t)(uint32_t)(x))
#define U32(x) ((uint64_t)(uint32_t)(x))
/* the same values, written on the 64-bit lanes: gcc vectorizes S32(a + b)
 * by narrowing both rows to 32 bits and widening again (77 instructions a
 * warp with AVX2); on 64-bit lanes, the low word's sign brought down by an
 * exclusive or and a subtraction, it takes 58 (U32: a mask, 38). Not for
 * MUL, where a 64-bit multiply is the dearer part. */
#define S32W(x) ((((uint64_t)(x) & 0xffffffffu) ^ 0x80000000u) - 0x80000000u)
#define U32W(x) ((uint64_t)(x) & 0xffffffffu)
#define FA_S32_ADD S32W
#define FA_S32_SUB S32W
#define FA_S32_AND S32W
#define FA_S32_OR S32W
#define FA_S32_XOR S32W
#define FA_S32_MUL S32
#define FA_U32_ADD U32W
#define FA_U32_SUB U32W
#define FA_U32_AND U32W
#define FA_U32_OR U32W
#define FA_U32_XOR U32W
#define FA_U32_MUL U32
#define FARITH(NAME, OP) \
	CASE(F_##NAME##_S32) FL(FA_S32_##NAME(A[l] OP B[l])); NEXT_PC(); \
	CASE(F_##NAME##_U32) FL(FA_U32_##NAME(A[l] OP B[l])); NEXT_PC(); \
	CASE(F_##NAME##_64) FL(A[l] OP B[l]); NEXT_PC();
#define FSETP(CAST, CONV) do { \
	switch (in->sub) { \
	case CMP_EQ: FL((uint64_t)(CONV((CAST)A[l]) == CONV((CAST)B[l]))); break; \
	case CMP_NE: FL((uint64_t)(CONV((CAST)A[l]) != CONV((CAST)B[l]))); break; \
	case CMP_LT: FL((uint64_t)(CONV((CAST)A[l]) < CONV((CAST)B[l]))); break; \
	case CMP_LE: FL((uint64_t)(CONV((CAST)A[l]) <= CONV((CAST)B[l]))); break; \
	case CMP_GT: FL((uint64_t)(CONV((CAST)A[l]) > CONV((CAST)B[l]))); break; \
	default: FL((uint64_t)(CONV((CAST)A[l]) >= CONV((CAST)B[l]))); break; \
	} \
} while (0)
#define NOCONV(x) (x)
/* T: the lanes of a full warp for which (A sub B) holds */
#define FCMPL(COND) do { \
	LANES_INDEPENDENT \
	for (unsigned l = 0; l < WS_WARP; l++) T |= (uint32_t)(COND) << l; \
} while (0)
#define FCMP(CAST, CONV) do { \
	switch (in->sub) { \
	case CMP_EQ: FCMPL(CONV((CAST)A[l]) == CONV((CAST)B[l])); break; \
	case CMP_NE: FCMPL(CONV((CAST)A[l]) != CONV((CAST)B[l])); break; \
	case CMP_LT: FCMPL(CONV((CAST)A[l]) < CONV((CAST)B[l])); break; \
	case CMP_LE: FCMPL(CONV((CAST)A[l]) <= CONV((CAST)B[l])); break; \
	case CMP_GT: FCMPL(CONV((CAST)A[l]) > CONV((CAST)B[l])); break; \
	default: FCMPL(CONV((CAST)A[l]) >= CONV((CAST)B[l])); break; \
	} \
} while (0)

/* FL for a narrow D (interp_n32): lane l's low 32 bits */
#define FL32(EXPR) do { \
	n32_t *D32_ = (n32_t *)D; \
	if (full) { \
		LANES_INDEPENDENT \
		for (unsigned l = 0; l < WS_WARP; l++) D32_[l] = (uint32_t)(EXPR); \
	} else { \
		for (uint32_t m_ = M; m_; m_ &= m_ - 1) { unsigned l = (unsigned)__builtin_ctz(m_); D32_[l] = (uint32_t)(EXPR); } \
	} \
} while (0)

static inline uint64_t n32_ext(uint32_t x, int sg)
{
	return sg ? (uint64_t)(int64_t)(int32_t)x : x;
}

/* row r's narrow lanes widened in place, sign-extended (sg) or not (through
 * a copy: the loops vectorize) */
static inline void n32_widen_row(uint64_t *r, int sg)
{
	uint32_t h[WS_WARP];
	memcpy(h, r, sizeof(h));
	if (sg)
		for (unsigned l = 0; l < WS_WARP; l++)
			r[l] = (uint64_t)(int64_t)(int32_t)h[l];
	else
		for (unsigned l = 0; l < WS_WARP; l++)
			r[l] = h[l];
}

/* and back */
static inline void n32_narrow_row(uint64_t *r)
{
	uint32_t h[WS_WARP];
	for (unsigned l = 0; l < WS_WARP; l++)
		h[l] = (uint32_t)r[l];
	memcpy(r, h, sizeof(h));
}

/* the extension a narrow operand (N32_A, N32_B, N32_D) of in has in a
 * wide row: its type's (a CVT's source, an index's t2) */
static int n32_sgn(const struct ir_insn *in, unsigned slot)
{
	unsigned t = in->t;
	if ((in->op == IR_CVT && slot == N32_A) || (in->op == XOP_IDX && slot == N32_B))
		t = in->t2;
	return t == IR_S32;
}

/* n32_widen's and n32_narrow's walk: each narrow row of in once */
WS_CLONES WS_NOINLINE static void n32_rows(uint64_t *R, const struct ir_insn *in, unsigned nf, int widen)
{
	const int32_t r[3] = { in->a, in->b, in->d };
	static const unsigned s[3] = { N32_A, N32_B, N32_D };
	for (int i = 0; i < 3; i++) {
		int dup = 0;
		if (!(nf & s[i]))
			continue;
		for (int j = 0; j < i; j++)
			dup |= (nf & s[j]) && r[j] == r[i];
		if (dup)
			continue;
		if (widen)
			n32_widen_row(reg(R, r[i]), n32_sgn(in, s[i]));
		else
			n32_narrow_row(reg(R, r[i]));
	}
}

/* in's narrow rows (nf: N32_*) widened in place for the general loop and
 * its helpers, which read rows as 64-bit lanes (a row two operands name is
 * widened by the first read's type); n32_narrow after it ran: every one
 * leaves narrow */
static inline void n32_widen(uint64_t *R, const struct ir_insn *in, unsigned nf)
{
	n32_rows(R, in, nf, 1);
}

static inline void n32_narrow(uint64_t *R, const struct ir_insn *in, unsigned nf)
{
	n32_rows(R, in, nf, 0);
}


/* fast_run's fallbacks of a 4-byte load or store whose value row is
 * narrow (F_LD4, F_ST4 and the indexing pairs' second halves): the
 * general loop's helpers (F_LD and F_ST come to the same), the row wide
 * while they run */
static WS_NOINLINE int n32_ld(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
			      unsigned nf, int full, uint64_t *D, const uint64_t *A)
{
	uint64_t *R = g->fr->r;
	n32_widen(R, in, nf);
	int r = full ? do_ld(m, w, g, in) : ld_part(m, w, g, in, D, A, 0);
	n32_narrow(R, in, nf);
	return r;
}

static WS_NOINLINE int n32_st(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
			      unsigned nf)
{
	uint64_t *R = g->fr->r;
	n32_widen(R, in, nf);
	int r = do_st(m, w, g, in);
	n32_narrow(R, in, nf);
	return r;
}

/* The lane loops in AVX2 and AVX-512 versions too, the best one the CPU
 * has chosen at run time; elsewhere the baseline instruction set only. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(WS_NO_CLONES)
#define FAST_CLONES 1
#endif

/* fast_run's 4-byte loads and stores of a diverged group (F_LD4, F_ST4)
 * whose lanes are one run, lanes lo .. lo + n - 1 of M, on n consecutive
 * words: reduce_smem's s[t] and s[t + stride] in its last rounds. The
 * window (fast_window's) holding them all, aligned, as ld_window and
 * st_window would find each lane's: its offset, else 0 (the shape or the
 * window is not that; nothing done, do_ld or do_st then). *lo, *n: the run */
/* whether mask M (not 0) is one run of consecutive lanes: the test before
 * run_load and run_store, in line in fast_run (a mask with a gap goes on
 * without the call) */
static inline int mask_one_run(uint32_t M)
{
	uint32_t r = M >> __builtin_ctz(M);
	return !(r & (r + 1));
}

/* M: one run of consecutive lanes, not all 32 (mask_one_run, tested in
 * line by the caller, and !full): its lanes are counted without a
 * population count (a call of its own in the baseline build) */
static inline int lane_run(struct machine *m, struct warp *w, uint32_t M, const uint64_t *A, uint64_t imm, int write,
			   int ax, unsigned *lo, unsigned *n, struct window *win, uint64_t *off)
{
	unsigned l0 = (unsigned)__builtin_ctz(M), k = (unsigned)__builtin_ctzll(~(uint64_t)(M >> l0));
	const uint64_t *a = A + l0;
	uint64_t a0 = a[0], bad = 0;
	if (ax) {
		/* an address row on lanes (UNI_AX): its run's last lane tells */
		bad = a[k - 1] - (a0 + 4 * (uint64_t)(k - 1));
	} else {
		/* every lane's difference from its word's address or'd: no
		 * exit inside the loop */
		for (unsigned l = 1; l < k; l++)
			bad |= a[l] - (a0 + 4 * (uint64_t)l);
	}
	if (bad)
		return 0;
	uint64_t addr = a0 + imm, o;
	if (!fast_window(m, w, addr, write, win))
		return 0;
	o = addr - win->lo;
	if ((o & 3) || win->len < 4 * (uint64_t)k || o > win->len - 4 * (uint64_t)k)
		return 0;
	*lo = l0;
	*n = k;
	*off = o;
	return 1;
}

/* the copy of a run of n consecutive words at p to D's lanes from lo: sg
 * 2 a narrow row, else extended as signed (1) or unsigned (0) */
static inline void run_copy_in(uint64_t *D, unsigned lo, unsigned n, const uint8_t *p, int sg)
{
	uint64_t *d = D + lo;
	/* one loop for each extension: the test out of the lanes' loop */
	if (sg == 2) { /* a narrow row (pair_row's sgn 2) */
		memcpy((n32_t *)D + lo, p, 4 * (size_t)n);
	} else if (sg) {
		for (unsigned l = 0; l < n; l++) {
			int32_t x;
			memcpy(&x, p + 4 * l, 4);
			d[l] = (uint64_t)(int64_t)x;
		}
	} else {
		for (unsigned l = 0; l < n; l++) {
			uint32_t x;
			memcpy(&x, p + 4 * l, 4);
			d[l] = x;
		}
	}
}

/* the copy of B's lanes from lo (nb: a narrow row) to n consecutive words at p */
static inline void run_copy_out(uint8_t *p, const uint64_t *B, unsigned lo, unsigned n, int nb)
{
	const uint64_t *b = B + lo;
	if (nb)
		memcpy(p, (const n32_t *)B + lo, 4 * (size_t)n);
	else
		for (unsigned l = 0; l < n; l++) {
			uint32_t x = (uint32_t)b[l];
			memcpy(p + 4 * l, &x, 4);
		}
}

/* (sg and nb may carry LDST_AX: lane_run's ax) */
static WS_NOINLINE int run_load(struct machine *m, struct warp *w, uint32_t M, uint64_t *D, const uint64_t *A,
				uint64_t imm, int sg)
{
	struct window win;
	unsigned lo, n;
	uint64_t o;
	if (!lane_run(m, w, M, A, imm, 0, sg & LDST_AX, &lo, &n, &win, &o))
		return 0;
	run_copy_in(D, lo, n, (const uint8_t *)win.base + o, sg & ~LDST_AX);
	return 1;
}

static WS_NOINLINE int run_store(struct machine *m, struct warp *w, uint32_t M, const uint64_t *A,
				 const uint64_t *B, uint64_t imm, int nb)
{
	struct window win;
	unsigned lo, n;
	uint64_t o;
	if (!lane_run(m, w, M, A, imm, 1, nb & LDST_AX, &lo, &n, &win, &o))
		return 0;
	run_copy_out((uint8_t *)win.base + o, B, lo, n, nb & ~LDST_AX);
	m->nstores++; /* as do_st counts it */
	return 1;
}

/* run_load and run_store for a checked run (a checker listens for
 * accesses, nothing else observes: fast_mem_ok): the lanes one run on
 * consecutive words in the window (lane_run: the window mem_window finds
 * for the group's first lane), the checkers' calls exactly as do_ld and
 * do_st make them (the shared checker's way in for the block's weak
 * accesses, else the event, before the access; do_st's count of stores
 * first), then the run's copy. Anything else, before anything is done, 0
 * (F_LD, F_ST, then do_ld or do_st, as before). reduce_smem's checked last
 * rounds (s[t] and s[t + stride] of 16 lanes down to 1) went through do_ld
 * and do_st: their tests of the observers, mem_window, ld_window's and
 * st_window's lane loops. WS_NO_LDCHK=1 turns them off with ld_part_chk. */
static WS_NOINLINE int run_load_chk(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
				    uint64_t *D, const uint64_t *A, int sg)
{
	struct window win;
	unsigned lo, n;
	uint64_t o, imm = (uint64_t)in->imm;
	if (!ld_chk_on || !lane_run(m, w, g->mask, A, imm, 0, sg & LDST_AX, &lo, &n, &win, &o))
		return 0;
	if (win.a || in->sem != SEM_WEAK || !access_read_in(m, w, g, A, imm, 4, &win, 0))
		access_event(m, w, g, in, A, imm, 4, CHECK_READ, &win);
	run_copy_in(D, lo, n, (const uint8_t *)win.base + o, sg & ~LDST_AX);
	return 1;
}

static WS_NOINLINE int run_store_chk(struct machine *m, struct warp *w, struct group *g, const struct ir_insn *in,
				     const uint64_t *A, const uint64_t *B, int nb)
{
	struct window win;
	unsigned lo, n;
	uint64_t o, imm = (uint64_t)in->imm;
	if (!ld_chk_on || is_release(in) || !lane_run(m, w, g->mask, A, imm, 1, nb & LDST_AX, &lo, &n, &win, &o))
		return 0;
	m->nstores++; /* as do_st counts it, first */
	if (win.a || in->sem != SEM_WEAK || !access_write_in(m, w, g, A, imm, &win, 0))
		access_event(m, w, g, in, A, imm, 4, CHECK_WRITE, &win);
	run_copy_out((uint8_t *)win.base + o, B, lo, n, nb & ~LDST_AX);
	return 1;
}

/* fast_run's F_*_CBR_CMP compare of row X with the counter's value y (in
 * every lane; the compare's a when ysub) where the lanes' loops are not
 * AVX2: cmp_mask's, on a row of y */
static uint32_t cmp_row_k(const struct ir_insn *in, const uint64_t *X, uint64_t y, int ysub)
{
	uint64_t Y[WS_WARP];
	for (unsigned l = 0; l < WS_WARP; l++)
		Y[l] = y;
	return ysub ? cmp_mask(in, WS_FULL, Y, X) : cmp_mask(in, WS_FULL, X, Y);
}

/* the lane loops that do not vectorize (loads and stores of 32 addresses) */
#if defined(__GNUC__) && !defined(__clang__)
#define FAST_UNROLL _Pragma("GCC unroll 8")
#else
#define FAST_UNROLL
#endif

#ifdef FAST_CLONES
#include <immintrin.h>
/* cmp_rows's loop: four lanes a compare, PREP making each 64-bit slot a
 * signed 64-bit value that orders as the type does */
#define CMP_ROWS(PREP) do { \
	for (unsigned q = 0; q < WS_WARP / 4; q++) { \
		__m256i x = _mm256_loadu_si256((const __m256i *)(X + 4 * q)); \
		__m256i y = _mm256_loadu_si256((const __m256i *)(Y + 4 * q)); \
		x = PREP(x); \
		y = PREP(y); \
		__m256i r = eq ? _mm256_cmpeq_epi64(x, y) : _mm256_cmpgt_epi64(x, y); \
		T |= (uint32_t)_mm256_movemask_pd(_mm256_castsi256_pd(r)) << (4 * q); \
	} \
} while (0)
#define CMP_S32(v) _mm256_slli_epi64(v, 32)
#define CMP_U32(v) _mm256_and_si256(v, lo32)
#define CMP_S64(v) (v)
#define CMP_U64(v) _mm256_xor_si256(v, top)

/* pair_diff inside the fast path's x86-64-v3 and v4 versions: 0 when
 * every lane of row A holds A[0] (a loop counter, its bound), without the
 * call (eight 4-lane compares with A[0], one movemask) */
__attribute__((target("avx2"))) static inline int row_diff_avx2(const uint64_t *A)
{
	const __m256i a0 = _mm256_set1_epi64x((long long)A[0]);
	__m256i d = _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)A), a0);
	for (unsigned q = 1; q < WS_WARP / 4; q++)
		d = _mm256_or_si256(d, _mm256_xor_si256(_mm256_loadu_si256((const __m256i *)(A + 4 * q)), a0));
	return !_mm256_testz_si256(d, d);
}

/* The lanes of a warp (all 32; the caller masks) for which the integer
 * compare A sub B of type t holds, as the FCMP loops of the fast path
 * decide it (S32 and U32 on the low 32 bits, the other signed types as
 * signed 64-bit slots, the rest unsigned): a vector compare and a
 * movemask for four lanes instead of a shift and an or per lane. AVX2:
 * only the fast path's x86-64-v3 and v4 versions call it. */
__attribute__((target("avx2"))) static inline uint32_t cmp_rows_avx2(unsigned sub, unsigned t, const uint64_t *A,
								   const uint64_t *B)
{
	/* LT is GT with the operands swapped; NE, LE and GE the complements
	 * of EQ, GT and swapped GT */
	int swap = sub == CMP_LT || sub == CMP_GE;
	int inv = sub == CMP_NE || sub == CMP_LE || sub == CMP_GE;
	int eq = sub == CMP_EQ || sub == CMP_NE;
	const uint64_t *X = swap ? B : A, *Y = swap ? A : B;
	const __m256i lo32 = _mm256_set1_epi64x(0xffffffffll), top = _mm256_set1_epi64x(INT64_MIN);
	uint32_t T = 0;
	switch (t) {
	case IR_S32: CMP_ROWS(CMP_S32); break;
	case IR_U32: CMP_ROWS(CMP_U32); break;
	case IR_S8: case IR_S16: case IR_S64: CMP_ROWS(CMP_S64); break;
	default: CMP_ROWS(CMP_U64); break;
	}
	return inv ? ~T : T;
}

/* lane l, in four-lane rows (shfl_rows_avx2's source lanes) */
static const int64_t shfl_lane[WS_WARP] = {
	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
	16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31,
};

/* each four lanes of the rows: L their indices; the whole loop unrolled
 * (sh stays in registers) */
#define SHFL_EACH(BODY) do { \
	_Pragma("GCC unroll 8") \
	for (unsigned q = 0; q < WS_WARP / 4; q++) { \
		const __m256i L = _mm256_loadu_si256((const __m256i *)(shfl_lane + 4 * q)); \
		(void)L; \
		BODY; \
	} \
} while (0)

/* The shuffled rows of a whole warp's shuffle by one offset s and width w
 * (a power of two, 1 to 32), into sh[0..8), four lanes each, as
 * interp_shfl_src picks them, not normalised: up and down read the lanes
 * that move with a masked load s lanes away (the lanes that keep their own
 * value read nothing there: no row before or after A is touched), blended
 * with A's; xor and idx gather each lane's source. Every lane of A is read
 * before the callers store anything: D and the fused add's rows may be A.
 * In line: its callers keep sh in registers. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void
shfl_rows_avx2(unsigned sub, const uint64_t *A, uint32_t s, uint32_t w, __m256i *sh)
{
	const __m256i wm = _mm256_set1_epi64x((long long)w - 1);
	const long long *a = (const long long *)A;
	switch (sub) {
	case SHFL_DOWN: {
		/* lane l + s, where (l mod w) + s < w */
		const __m256i lim = _mm256_set1_epi64x((long long)w - (long long)s);
		SHFL_EACH(__m256i ok = _mm256_cmpgt_epi64(lim, _mm256_and_si256(L, wm));
			  sh[q] = _mm256_blendv_epi8(_mm256_loadu_si256((const __m256i *)(a + 4 * q)),
						     _mm256_maskload_epi64(a + 4 * q + s, ok), ok));
		break;
	}
	case SHFL_UP: {
		/* lane l - s, where (l mod w) >= s */
		const __m256i s1 = _mm256_set1_epi64x((long long)s - 1);
		SHFL_EACH(__m256i ok = _mm256_cmpgt_epi64(_mm256_and_si256(L, wm), s1);
			  sh[q] = _mm256_blendv_epi8(_mm256_loadu_si256((const __m256i *)(a + 4 * q)),
						     _mm256_maskload_epi64(a + 4 * q - (long)s, ok), ok));
		break;
	}
	case SHFL_BFLY: {
		/* lane l ^ s, where it is at most the segment's last lane */
		const __m256i sv = _mm256_set1_epi64x((long long)s), one = _mm256_set1_epi64x(1);
		SHFL_EACH(__m256i j = _mm256_xor_si256(L, sv);
			  __m256i ok = _mm256_cmpgt_epi64(_mm256_add_epi64(_mm256_or_si256(L, wm), one), j);
			  sh[q] = _mm256_i64gather_epi64(a, _mm256_blendv_epi8(L, j, ok), 8));
		break;
	}
	default: {
		/* idx: the segment's lane s mod w */
		const __m256i sw = _mm256_set1_epi64x((long long)(s & (w - 1)));
		SHFL_EACH(sh[q] = _mm256_i64gather_epi64(a, _mm256_or_si256(_mm256_andnot_si256(wm, L), sw), 8));
		break;
	}
	}
}

/* shfl_packed_avx2's masks: lane l moves where T[32 + l + s] (down) or
 * T[32 + l - s] (up) is set */
static const int32_t shfl_move[96] = {
	[32] = -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
	-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
};

/* lanes 8j .. 8j + 7's low words of row R, in order (cmp_row_k_avx2's
 * packing) */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) __m256i shfl_pack(const uint64_t *R,
											      unsigned j)
{
	__m256 lo = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(R + 8 * j)));
	__m256 hi = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(R + 8 * j + 4)));
	return _mm256_permute4x64_epi64(_mm256_castps_si256(_mm256_shuffle_ps(lo, hi, 0x88)), 0xd8);
}

/* eight packed words into lanes 8j .. 8j + 7 of D, sign-extended (nk 0:
 * S32) or zero-extended (U32, F32): normalised */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void shfl_unpack(uint64_t *D, unsigned j,
											    __m256i x, int nk)
{
	__m128i lo = _mm256_castsi256_si128(x), hi = _mm256_extracti128_si256(x, 1);
	_mm256_storeu_si256((__m256i *)(D + 8 * j), nk ? _mm256_cvtepu32_epi64(lo) : _mm256_cvtepi32_epi64(lo));
	_mm256_storeu_si256((__m256i *)(D + 8 * j + 4), nk ? _mm256_cvtepu32_epi64(hi) : _mm256_cvtepi32_epi64(hi));
}

/* The commonest shuffle, up or down by s the whole warp wide, of a 32-bit
 * type, on the lanes' low words packed eight to a vector (only they count:
 * the result is normalised from them), into sh[0..4) packed: A's packed
 * rows stored on the stack, the lanes that move read s words away with a
 * masked load (those that keep their own value read nothing there), then
 * blended with their own. P: A packed. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void
shfl_packed_avx2(int up, uint32_t s, const __m256i *P, __m256i *sh)
{
	int32_t buf[96];
	for (unsigned j = 0; j < 4; j++)
		_mm256_storeu_si256((__m256i *)(buf + 32 + 8 * j), P[j]);
	const int32_t *src = up ? buf + 32 - s : buf + 32 + s, *mt = up ? shfl_move + 32 - s : shfl_move + 32 + s;
	for (unsigned j = 0; j < 4; j++) {
		__m256i mv = _mm256_loadu_si256((const __m256i *)(mt + 8 * j));
		sh[j] = _mm256_blendv_epi8(P[j], _mm256_maskload_epi32(src + 8 * j, mv), mv);
	}
}

/* v normalised as kind nk: 0 S32, 1 U32 (F32), 2 the 64-bit types */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) __m256i shfl_norm(__m256i v, int nk)
{
	if (nk == 2)
		return v;
	v = _mm256_and_si256(v, _mm256_set1_epi64x(0xffffffffll));
	if (nk == 1)
		return v;
	const __m256i sg = _mm256_set1_epi64x(0x80000000ll);
	return _mm256_sub_epi64(_mm256_xor_si256(v, sg), sg);
}

/* shfl_avx2's and shfl_add_avx2's tests: a shuffle they do (rows B and C
 * the same in every lane: tested unless buni, F_SHFL_U's; a type of 32 or
 * 64 bits), its normalising kind (shfl_norm), offset and width (1 to 32,
 * the others are fast_shfl's 32) */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) int
shfl_ok_avx2(const struct ir_insn *in, const uint64_t *B, const uint64_t *C, int buni, int *nk, uint32_t *s,
	     uint32_t *w)
{
	unsigned t = in->t ? in->t : IR_U32;
	*nk = t == IR_S32 ? 0 : t == IR_U32 || t == IR_F32 ? 1 :
	      t == IR_S64 || t == IR_U64 || t == IR_F64 || t == IR_PTR ? 2 : -1;
	if (*nk < 0 || (!buni && (row_diff_avx2(B) || (C && !(in->flags & DF_KCE) && row_diff_avx2(C)))))
		return 0;
	uint32_t width = C ? (uint32_t)C[0] : 32;
	if (width == 0 || width > 32 || (width & (width - 1)))
		width = 32;
	*s = (uint32_t)B[0] & 31;
	*w = width;
	return 1;
}

/* fast_shfl inside the fast path's x86-64-v3 and v4 versions: a whole
 * warp's shuffle (up, down, xor, idx) by one offset and width, of a 32- or
 * 64-bit type (shfl_rows_avx2), about 8 instructions for four lanes (the
 * previous version, up and down by width 32 only, took 108 a shuffle,
 * normalising pass included). Returns 0, having written nothing, where the
 * shuffle is not of that case (fast_shfl then). Out of line: in line it
 * moved fast_run's register allocation (vecadd +0.2%, reduce_smem +0.7%
 * device instructions at 2^17). */
__attribute__((target("avx2"))) static WS_NOINLINE int shfl_avx2(const struct ir_insn *in, uint64_t *D, const uint64_t *A,
							   const uint64_t *B, const uint64_t *C, int buni)
{
	uint32_t s, w;
	int nk;
	__m256i sh[WS_WARP / 4];
	if (!shfl_ok_avx2(in, B, C, buni, &nk, &s, &w))
		return 0;
	if (nk < 2 && w == 32 && (in->sub == SHFL_UP || in->sub == SHFL_DOWN)) {
		/* 32-bit, up or down the whole warp wide: packed */
		__m256i P[4];
		for (unsigned j = 0; j < 4; j++)
			P[j] = shfl_pack(A, j);
		shfl_packed_avx2(in->sub == SHFL_UP, s, P, sh);
		for (unsigned j = 0; j < 4; j++) {
			if (nk)
				shfl_unpack(D, j, sh[j], 1);
			else
				shfl_unpack(D, j, sh[j], 0);
		}
		return 1;
	}
	shfl_rows_avx2(in->sub, A, s, w, sh);
	switch (nk) {
	case 0: SHFL_EACH(_mm256_storeu_si256((__m256i *)(D + 4 * q), shfl_norm(sh[q], 0))); break;
	case 1: SHFL_EACH(_mm256_storeu_si256((__m256i *)(D + 4 * q), shfl_norm(sh[q], 1))); break;
	default: SHFL_EACH(_mm256_storeu_si256((__m256i *)(D + 4 * q), sh[q])); break;
	}
	return 1;
}

/* shfl_add_avx2's other cases, four lanes at a time: D, then V */
#define SHFL_ADD(NK, AK) SHFL_EACH( \
	__m256i n_ = shfl_norm(sh[q], NK); \
	_mm256_storeu_si256((__m256i *)(D + 4 * q), n_); \
	_mm256_storeu_si256((__m256i *)(V + 4 * q), \
			    shfl_norm(_mm256_add_epi64(_mm256_loadu_si256((const __m256i *)(X + 4 * q)), n_), AK)))
/* shfl_add_avx2's commonest case: a 32-bit shuffle up or down the whole
 * warp wide and a 32-bit add of its type (nk: 0 S32, 1 U32), on the packed
 * words (the sum's low word is the words' sum). xa: the add's other
 * operand X is the shuffle's A (reduce_shfl's `v += shfl(v)`: A's packed
 * words are X's); dd: D is dead after the add (fast_pairs), not written.
 * Otherwise X is packed after D was written: X may be D. Constant
 * arguments: each case its own straight code. */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void
shfl_add32_avx2(const uint64_t *A, uint64_t *D, uint64_t *V, const uint64_t *X, uint32_t s, int up, int nk, int xa,
		int dd)
{
	__m256i P[4], sh[4];
	for (unsigned j = 0; j < 4; j++)
		P[j] = shfl_pack(A, j);
	shfl_packed_avx2(up, s, P, sh);
	if (!dd)
		for (unsigned j = 0; j < 4; j++)
			shfl_unpack(D, j, sh[j], nk);
	for (unsigned j = 0; j < 4; j++)
		shfl_unpack(V, j, _mm256_add_epi32(xa ? P[j] : shfl_pack(X, j), sh[j]), nk);
}

/* F_SHFL_ADD: shfl_avx2, then the ADD that reads its result (the pair
 * `r = SHFL v ...; v = ADD v r` of a reduction) in the same pass: D (the
 * shuffle's row, which the program may read later) written unless fast_pairs
 * found it dead, then V = X + D normalised by the add's class ak (0 s32, 1
 * u32, 2 64-bit: F_ADD_S32 + ak). X is the add's other operand (an integer
 * add commutes); X and V may be A or D: every lane of A was read (into sh)
 * before the first store, and each four lanes of X are read after D's same
 * lanes were written. mode: fop[ncode + pc], SHFL_ADD_UNI (F_SHFL_U's
 * uniform rows), SHFL_ADD_DEAD, SHFL_ADD_XA (X is A). Returns 0, having
 * written nothing, where shfl_avx2 would. */
__attribute__((target("avx2"))) static WS_NOINLINE int shfl_add_avx2(const struct ir_insn *in, uint64_t *D,
							       const uint64_t *A, const uint64_t *B,
							       const uint64_t *C, unsigned mode, unsigned ak,
							       uint64_t *V, const uint64_t *X)
{
	uint32_t s, w;
	int nk;
	__m256i sh[WS_WARP / 4];
	if (!shfl_ok_avx2(in, B, C, mode & SHFL_ADD_UNI, &nk, &s, &w))
		return 0;
	if (nk == (int)ak && nk < 2 && w == 32 && (in->sub == SHFL_UP || in->sub == SHFL_DOWN)) {
		int up = in->sub == SHFL_UP, dd = (mode & SHFL_ADD_DEAD) != 0, xa = (mode & SHFL_ADD_XA) != 0;
		switch (up | nk << 1 | xa << 2 | dd << 3) {
#define SA32(K) case K: shfl_add32_avx2(A, D, V, X, s, K & 1, K >> 1 & 1, K >> 2 & 1, K >> 3 & 1); break;
		SA32(0) SA32(1) SA32(2) SA32(3) SA32(4) SA32(5) SA32(6) SA32(7)
		SA32(8) SA32(9) SA32(10) SA32(11) SA32(12) SA32(13) SA32(14) SA32(15)
#undef SA32
		}
		return 1;
	}
	shfl_rows_avx2(in->sub, A, s, w, sh);
	switch (nk * 3 + (int)ak) {
	case 0: SHFL_ADD(0, 0); break;
	case 1: SHFL_ADD(0, 1); break;
	case 2: SHFL_ADD(0, 2); break;
	case 3: SHFL_ADD(1, 0); break;
	case 4: SHFL_ADD(1, 1); break;
	case 5: SHFL_ADD(1, 2); break;
	case 6: SHFL_ADD(2, 0); break;
	case 7: SHFL_ADD(2, 1); break;
	default: SHFL_ADD(2, 2); break;
	}
	return 1;
}
#undef SHFL_ADD
#undef SHFL_EACH

/* One shuffle of shfl_chain_avx2's packed rows P into sh, by s, down, up
 * or xor: the offsets of a reduction's or a scan's unrolled loop (1, 2,
 * 4, 8, 16) in registers (whole vectors chosen, two halves joined, words
 * shifted across them: alignr), every other offset of up and down through
 * the stack (shfl_packed_avx2); the lanes past the warp's edge keep their
 * own words. Indices constant: P and sh stay in registers (a permute of
 * P[j ^ (s >> 3)] kept them on the stack). */
#define SHFL_DN12(K) do { \
	for (unsigned j = 0; j < 3; j++) \
		sh[j] = _mm256_alignr_epi8(_mm256_permute2x128_si256(P[j], P[j + 1], 0x21), P[j], 4 * (K)); \
	sh[3] = _mm256_blend_epi32(_mm256_alignr_epi8(_mm256_permute2x128_si256(P[3], P[3], 0x11), P[3], 4 * (K)), \
				   P[3], (0xff << (8 - (K))) & 0xff); \
} while (0)
#define SHFL_UP12(K) do { \
	for (unsigned j = 1; j < 4; j++) \
		sh[j] = _mm256_alignr_epi8(P[j], _mm256_permute2x128_si256(P[j - 1], P[j], 0x21), 16 - 4 * (K)); \
	sh[0] = _mm256_blend_epi32(_mm256_alignr_epi8(P[0], _mm256_permute2x128_si256(P[0], P[0], 0x00), 16 - 4 * (K)), \
				   P[0], (1 << (K)) - 1); \
} while (0)
#define SHFL_SET(A, B, C, D) do { \
	sh[0] = (A); \
	sh[1] = (B); \
	sh[2] = (C); \
	sh[3] = (D); \
} while (0)
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void shfl_step_avx2(unsigned sub, uint32_t s,
											       const __m256i *P, __m256i *sh)
{
	if (sub == SHFL_BFLY) {
		const __m256i ix = _mm256_xor_si256(_mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7),
						    _mm256_set1_epi32((int)(s & 7)));
		switch (s >> 3) {
		case 0: SHFL_SET(P[0], P[1], P[2], P[3]); break;
		case 1: SHFL_SET(P[1], P[0], P[3], P[2]); break;
		case 2: SHFL_SET(P[2], P[3], P[0], P[1]); break;
		default: SHFL_SET(P[3], P[2], P[1], P[0]); break;
		}
		if (s & 7)
			for (unsigned j = 0; j < 4; j++)
				sh[j] = _mm256_permutevar8x32_epi32(sh[j], ix);
		return;
	}
	switch (s | (sub == SHFL_UP) << 5) {
	case 1: SHFL_DN12(1); break;
	case 2: SHFL_DN12(2); break;
	case 4:
		for (unsigned j = 0; j < 3; j++)
			sh[j] = _mm256_permute2x128_si256(P[j], P[j + 1], 0x21);
		sh[3] = _mm256_permute2x128_si256(P[3], P[3], 0x11);
		break;
	case 8: SHFL_SET(P[1], P[2], P[3], P[3]); break;
	case 16: SHFL_SET(P[2], P[3], P[2], P[3]); break;
	case 32 | 1: SHFL_UP12(1); break;
	case 32 | 2: SHFL_UP12(2); break;
	case 32 | 4:
		for (unsigned j = 1; j < 4; j++)
			sh[j] = _mm256_permute2x128_si256(P[j - 1], P[j], 0x21);
		sh[0] = _mm256_permute2x128_si256(P[0], P[0], 0x00);
		break;
	case 32 | 8: SHFL_SET(P[0], P[0], P[1], P[2]); break;
	case 32 | 16: SHFL_SET(P[0], P[1], P[0], P[1]); break;
	default: shfl_packed_avx2(sub == SHFL_UP, s, P, sh); break;
	}
}
#undef SHFL_DN12
#undef SHFL_UP12
#undef SHFL_SET

/* a run's CONST at pc (shfl_chain_avx2): its value in every lane of its row */
__attribute__((target("avx2"))) static inline __attribute__((always_inline)) void shfl_chain_const(const struct ir_insn *in,
												 uint64_t *R)
{
	const __m256i v = _mm256_set1_epi64x((long long)ir_norm((uint64_t)in->imm, in->t));
	uint64_t *d = reg(R, in->d);
	for (unsigned l = 0; l < WS_WARP; l += 4)
		_mm256_storeu_si256((__m256i *)(d + l), v);
}

/* F_SHFL_RED: the run from pc that fast_chains found, a whole warp's: x's
 * low words packed once, each pair's shuffle added to them (a canonical
 * run's five in line, shfl_step_avx2 with constant operands; another's by
 * the pairs' links, each by its offset), d (the last shuffle's words,
 * unless that pair's row is dead: fast_pairs) and x unpacked, normalised
 * by the pairs' type, then the rows of the CONSTs the run writes, by
 * their links (no two of them are the same row, nor x or d: their order
 * does not matter). Returns the number of shuffles. Out of line:
 * fast_run's register allocation (see shfl_avx2). */
#define SHFL_RED_STEP(SUB, SH) do { \
	__m256i P_[4] = { p0, p1, p2, p3 }, sh_[4]; \
	shfl_step_avx2((SUB), (SH), P_, sh_); \
	p0 = _mm256_add_epi32(p0, s0 = sh_[0]); \
	p1 = _mm256_add_epi32(p1, s1 = sh_[1]); \
	p2 = _mm256_add_epi32(p2, s2 = sh_[2]); \
	p3 = _mm256_add_epi32(p3, s3 = sh_[3]); \
} while (0)
#define SHFL_RED_CANON5(SUB, ASC) do { \
	SHFL_RED_STEP((SUB), (ASC) ? 1 : 16); \
	SHFL_RED_STEP((SUB), (ASC) ? 2 : 8); \
	SHFL_RED_STEP((SUB), 4); \
	SHFL_RED_STEP((SUB), (ASC) ? 8 : 2); \
	SHFL_RED_STEP((SUB), (ASC) ? 16 : 1); \
} while (0)
__attribute__((target("avx2"))) static WS_NOINLINE unsigned shfl_chain_avx2(const struct ir_insn *code, const uint8_t *fop,
								       uint32_t ncode, uint32_t pc, uint64_t *R)
{
	/* the packed rows in variables, not arrays: across a loop GCC kept
	 * arrays on the stack */
	__m256i p0, p1, p2, p3, s0, s1, s2, s3;
	const uint8_t *link = fop + 3 * (size_t)ncode;
	const unsigned shape = fop[ncode + pc];
	uint32_t i = pc + 1;
	while (fop[i] != F_SHFL_ADD)
		i++;
	const struct ir_insn *in = &code[i];
	uint64_t *X = reg(R, in->a), *D = reg(R, in->d);
	const int nk = in->t != IR_S32;
	unsigned ns = 5;
	p0 = shfl_pack(X, 0);
	p1 = shfl_pack(X, 1);
	p2 = shfl_pack(X, 2);
	p3 = shfl_pack(X, 3);
	if (shape & SHFL_RED_CANON) {
		switch (in->sub | ((shape & SHFL_RED_ASC) ? 4 : 0)) {
		case SHFL_DOWN: SHFL_RED_CANON5(SHFL_DOWN, 0); break;
		case SHFL_UP | 4: SHFL_RED_CANON5(SHFL_UP, 1); break;
		case SHFL_BFLY: SHFL_RED_CANON5(SHFL_BFLY, 0); break;
		default: SHFL_RED_CANON5(SHFL_BFLY, 1); break;
		}
		i = pc + (shape & SHFL_RED_LEN) - 2; /* the last pair: the run ends with its add */
	} else {
		for (ns = 1;; ns++) {
			SHFL_RED_STEP(in->sub, fop[ncode + i] >> SHFL_RED_S);
			if (!link[i])
				break;
			i += link[i];
			in = &code[i];
		}
	}
	if (!(fop[ncode + i] & SHFL_ADD_DEAD)) {
		shfl_unpack(D, 0, s0, nk);
		shfl_unpack(D, 1, s1, nk);
		shfl_unpack(D, 2, s2, nk);
		shfl_unpack(D, 3, s3, nk);
	}
	shfl_unpack(X, 0, p0, nk);
	shfl_unpack(X, 1, p1, nk);
	shfl_unpack(X, 2, p2, nk);
	shfl_unpack(X, 3, p3, nk);
	if (link[pc] & SHFL_RED_W0)
		shfl_chain_const(&code[pc], R);
	for (uint32_t k = pc, nx = link[pc] & SHFL_RED_LINK; nx; nx = link[k]) {
		k += nx;
		shfl_chain_const(&code[k], R);
	}
	return ns;
}
#undef SHFL_RED_STEP
#undef SHFL_RED_CANON5

/* cmp_rows_avx2 where one operand is y in every lane (a uniform loop
 * counter, a constant): X sub y, or y sub X when ysub (the counter is the
 * compare's a). Only the low words count (S32: signed, U32: unsigned, as
 * cmp_rows_avx2's slots order them), so eight lanes' low words are packed
 * into one row (a shuffle and a permute of two loads) and compared at once
 * as signed 32-bit words, U32's with their top bits flipped on both sides
 * (four lanes a compare took twice the compares, movemasks and ors) */
#define CMP_ROW_K(CMP) do { \
	for (unsigned q = 0; q < WS_WARP / 8; q++) { \
		__m256 lo_ = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(X + 8 * q))); \
		__m256 hi_ = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(X + 8 * q + 4))); \
		__m256i x = _mm256_castps_si256(_mm256_shuffle_ps(lo_, hi_, 0x88)); \
		x = _mm256_xor_si256(_mm256_permute4x64_epi64(x, 0xd8), flip); \
		T |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(CMP)) << (8 * q); \
	} \
} while (0)
__attribute__((target("avx2"))) static WS_NOINLINE uint32_t cmp_row_k_avx2(unsigned sub, unsigned t,
									const uint64_t *X, uint64_t y, int ysub)
{
	/* A sub B is A > B (GT), B > A (LT), or EQ, each maybe complemented;
	 * X is A unless ysub */
	int inv = sub == CMP_NE || sub == CMP_LE || sub == CMP_GE;
	int eq = sub == CMP_EQ || sub == CMP_NE;
	int xgt = (sub == CMP_GT || sub == CMP_LE) != ysub;
	const uint32_t fb = t == IR_S32 ? 0 : 0x80000000u;
	const __m256i flip = _mm256_set1_epi32((int)fb);
	const __m256i yv = _mm256_set1_epi32((int)((uint32_t)y ^ fb));
	uint32_t T = 0;
	if (eq)
		CMP_ROW_K(_mm256_cmpeq_epi32(x, yv));
	else if (xgt)
		CMP_ROW_K(_mm256_cmpgt_epi32(x, yv));
	else
		CMP_ROW_K(_mm256_cmpgt_epi32(yv, x));
	return inv ? ~T : T;
}
#undef CMP_ROW_K
/* cmp_row_k_avx2's commonest case in line in the fast path's F_CBR (the
 * AVX2 and AVX-512 versions): u32 lanes below a constant, reduce_smem's
 * `t < k` of every warp at every round (the call and the choice of the
 * relation were a fifth of it) */
__attribute__((target("avx2"))) static inline uint32_t cmp_lt_u32k_avx2(const uint64_t *X, uint64_t y)
{
	const __m256i flip = _mm256_set1_epi32((int)0x80000000u);
	const __m256i yv = _mm256_set1_epi32((int)((uint32_t)y ^ 0x80000000u));
	uint32_t T = 0;
	for (unsigned q = 0; q < WS_WARP / 8; q++) {
		__m256 lo_ = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(X + 8 * q)));
		__m256 hi_ = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(X + 8 * q + 4)));
		__m256i x = _mm256_castps_si256(_mm256_shuffle_ps(lo_, hi_, 0x88));
		x = _mm256_xor_si256(_mm256_permute4x64_epi64(x, 0xd8), flip);
		T |= (uint32_t)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpgt_epi32(yv, x))) << (8 * q);
	}
	return T;
}
/* A compare of threadIdx.x (a CBR's DF_TIDA operand) with a constant k,
 * in a one-dimensional block (tid_1d), without a row: lane l of warp id
 * holds 32 id + l there (machine.c block_alloc's numbering, F_SREG_TID's),
 * below 2^31, the same as s32 and as u32, so that the lanes below k form
 * a prefix of the warp. The lanes of relation sub (enum ir_cmp) of type t
 * (IR_S32 or IR_U32: how k's low 32 bits read), as cmp_row_k_avx2 gives
 * them; the caller masks the lanes that do not exist. reduce_smem's warps
 * compare `t < k` and `t == 0` so, and read no line of their frame's
 * rows for it (the rows were written a round of the round robin before:
 * 4 L1 misses each, on the branch's path; docs/PERFORMANCE.md, the
 * twenty-fifth session). */
static inline int tid_1d(const struct warp *w)
{
	return w->blk->shape[1] == 1 && w->blk->shape[2] == 1;
}

static inline uint32_t cmp_tid_k(unsigned sub, unsigned t, uint32_t id, uint64_t k)
{
	int64_t kk = t == IR_S32 ? (int64_t)(int32_t)(uint32_t)k : (int64_t)(uint32_t)k;
	int64_t c = kk - 32 * (int64_t)id; /* lane c holds k */
	uint32_t lt = c <= 0 ? 0 : c >= 32 ? ~0u : (1u << c) - 1;        /* lanes below k */
	uint32_t le = c < 0 ? 0 : c >= 31 ? ~0u : (1u << (c + 1)) - 1;  /* at most k */
	uint32_t eq = c >= 0 && c < 32 ? 1u << c : 0;
	switch (sub) {
	case CMP_LT: return lt;
	case CMP_LE: return le;
	case CMP_GT: return ~le;
	case CMP_GE: return ~lt;
	case CMP_EQ: return eq;
	default: return ~eq;
	}
}

/* the least of eight u32 lanes' minima mn not below y */
__attribute__((target("avx2"))) static inline int min_u32_not_below(__m256i mn, uint64_t y)
{
	return _mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_max_epu32(mn, _mm256_set1_epi32((int)(uint32_t)y)), mn)) ==
	       -1;
}
/* no u32 lane of X below y (cmp_lt_u32k_avx2's 0): the lanes' least
 * against y, without their order (bar_sweep: the warps past k) */
__attribute__((target("avx2"))) static inline int lt_u32k_none_avx2(const uint64_t *X, uint64_t y)
{
	__m256i mn = _mm256_set1_epi32(-1);
	for (unsigned q = 0; q < WS_WARP / 8; q++) {
		__m256 lo_ = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(X + 8 * q)));
		__m256 hi_ = _mm256_castsi256_ps(_mm256_loadu_si256((const __m256i *)(X + 8 * q + 4)));
		mn = _mm256_min_epu32(mn, _mm256_castps_si256(_mm256_shuffle_ps(lo_, hi_, 0x88)));
	}
	return min_u32_not_below(mn, y);
}
/* the same on the 32-bit lanes of a thread index row (DF_TIDA) */
__attribute__((target("avx2"))) static inline int lt_u32k_none_tid_avx2(const uint32_t *X, uint64_t y)
{
	__m256i mn = _mm256_loadu_si256((const __m256i *)X);
	for (unsigned q = 1; q < WS_WARP / 8; q++)
		mn = _mm256_min_epu32(mn, _mm256_loadu_si256((const __m256i *)(X + 8 * q)));
	return min_u32_not_below(mn, y);
}
#undef CMP_ROWS
#undef CMP_S32
#undef CMP_U32
#undef CMP_S64
#undef CMP_U64
#endif

/* ret_quick's test, for fast_run in a chain (c->w's group 0 at in, an
 * instruction of class F_GEN; no hook that run_general acts on) */
static inline int ret_plain_at(const struct machine *m, const struct warp *w, const struct ir_insn *in)
{
	return in->op == IR_RET && !w->g[0].fr->depth && !(in->flags & DF_BREAK) &&
	       !(m->hooks & ((1u << EV_INSN) | (1u << EV_STMT) | MM_HOOK | STOP_HOOK)) && !m->o.no_exit_hop &&
	       warp_ret_plain(w, 0);
}

/* fast_run's chain c after its visit's warp left the kernel at a plain
 * RET (ret_quick's, counted: the visit ran k instructions, k >= 1):
 * decides as machine.c's sched_chain would after the visit and before the
 * next, and does what it would do, where the next visit is the same
 * block's (rr_advance's next place: no block to retire, this one still has
 * a warp). HOP_NEXT where the next warp's group 0 is its only one, ready,
 * without tokens, in decoded code (fast_run begins it; at a RET or another
 * instruction fast_run does not run, that visit goes on as interp_run_chain
 * would begin it: ret_quick, or the general loop); sched_hop_start's answer
 * where the next warp is not started yet; else HOP_NONE (the visit ends as
 * any other, to sched_chain). A visit's exit releases no barrier and
 * changes no barrier generation (warp_ret_plain: no thread of the block
 * waits at one); what a checker's exit event (CHECK_WANTS_PLAIN_EXIT) or
 * anything else did to the machine, chain_still sees (m->dev.chain_end). */
static inline int ret_hop(struct machine *m, struct chain *c, int k)
{
	struct grid *gr = c->gr;
	struct block *b = c->b;
	uint32_t nwi = b->bar_gen != c->gen ? 0 : c->wi + 1;
	if (b->nexited == b->nthreads || nwi >= gr->warps_per_block || !chain_still(m) || (gr->nlazy && !c->lazyv))
		return HOP_NONE;
	if (WS_UNLIKELY(b->unstarted >> nwi & 1))
		return sched_hop_start(m, c, k, nwi);
	struct warp *nw = &b->w[nwi];
	const struct group *ng = &nw->g[0];
	if (nw->ng != 1 || ng->state != G_READY || ng->ntok || !ng->fr->df->fop)
		return HOP_NONE;
	/* sched_hop's end of the visit: the round robin's next place is the
	 * block's next warp (or its first, after a release) */
	c->ran += k;
	chain_next_place(gr, c, nwi);
	m->dev.nrethop++;
	return hop_begin(m, c, nw, nwi);
}

/* fast_run's chain c after its visit's group reached its reconvergence
 * token (k instructions, counted): where the next visit is the block's
 * next warp's and fast_run can begin it (the whole warp's one group,
 * ready: sched_chain's visit; or, the warp split, its current group:
 * chain_other's, pair_pick's test), the end of this visit as sched_chain
 * and chain_other make it (the warp's settle, once: run_group's or
 * visit_make's; the round robin's next place), then that visit's begin
 * (HOP_NEXT: c->w, c->gi); else HOP_NONE, nothing done. A settle completes
 * a token; it releases no barrier, exits no lane, changes no barrier
 * generation; observers: none while chain_still holds. Not under its
 * (chain_other's quantum of 4 for a split warp). */
/* pair_hop where the round robin's next place, warp nwi of c's block,
 * waits at the block's barrier whole (b->bar_whole): reduce_smem's warp 0
 * split at `t < k` in its last rounds, whose next visit is the next
 * block's warp 0, split the same way. What machine.c would do: the
 * settle, rr_advance's place nwi, then (the warp there waits: sched_chain
 * calls chain_other) pair_pick there fails, pair_pick_past passes the
 * waiting warps and finds the next place's split warp, whose current
 * group chain_other visits as a chain's (chain_pair, the round robin's
 * place moved to it). Decided here the same way, in the same order, on
 * the same state (the settle changes no other warp: the next visit's warp
 * must not be this one); HOP_NEXT with c's block, slot, warp and group the
 * next visit's; else HOP_NONE, nothing done. Not inline: fast_run's
 * settle path stays as short as it was. */
/* whether fast_run's entry would run group g of warp nw: decoded code, an
 * instruction of a fast class, no token of a deeper frame */
static inline int hop_fast_entry(const struct warp *nw, const struct group *g)
{
	const uint8_t *nfop = g->fr->df->fop;
	if (!nfop || nfop[g->pc] == FOP_GEN)
		return 0;
	return !g->ntok || g->fr->depth >= nw->toks.v[g->tok[g->ntok - 1]].depth;
}

static WS_NOINLINE int pair_hop_past(struct machine *m, struct chain *c, int k, uint32_t nwi)
{
	struct grid *gr = c->gr;
	const struct block *b = c->b;
	uint32_t wpb = gr->warps_per_block;
	uint64_t total = (uint64_t)gr->nres * wpb;
	if (m->o.no_past_hop || b->nexited == b->nthreads) /* not a block sched_chain would retire */
		return HOP_NONE;
	/* rr_advance's place (not the grid's last: nwi < wpb), then
	 * pair_pick_past's steps from it */
	uint64_t idx = nwi ? gr->rr_idx + 1 : gr->rr_idx - c->wi;
	uint32_t nw = (uint32_t)__builtin_ctzll(~(uint64_t)(b->bar_whole >> nwi));
	if (nw >= total)
		return HOP_NONE;
	idx += nw;
	uint32_t wi = nwi + nw;
	int s = c->s;
	if (wi == wpb) {
		wi = 0;
		s++;
	}
	if (idx == total) {
		idx = 0;
		s = 0;
		wi = 0;
	}
	/* pair_pick's tests there */
	struct block *nb = gr->res[s];
	if (!nb || idx >= total || wi >= wpb || (nb->bar_whole >> wi & 1) || (nb->unstarted >> wi & 1))
		return HOP_NONE;
	struct warp *nw_ = &nb->w[wi];
	int32_t cur = pair_pick_cur(m, nw_);
	if (nw_ == c->w || cur < 0 || !hop_fast_entry(nw_, &nw_->g[cur])) /* fast_run's, as pair_hop's */
		return HOP_NONE;
	/* the visit ends */
	interp_warp_settle(m, c->w);
	c->ran += k;
	/* chain_other's: pair_pick_past's count, the round robin's place
	 * moved to the visit's, chain_pair's begin */
	m->dev.npast++;
	m->dev.npairhop++;
	m->dev.npasthop++;
	gr->rr = (int)idx;
	gr->rr_idx = idx;
	gr->rr_s = s;
	gr->rr_wi = wi;
	m->bp.mid_stop = 0;
	c->b = nb;
	c->s = s;
	c->w = nw_;
	c->gi = (uint32_t)cur;
	c->wi = wi;
	c->gen = nb->bar_gen;
	c->settled = 0;
	return HOP_NEXT;
}

static inline int pair_hop(struct machine *m, struct chain *c, int k)
{
	struct grid *gr = c->gr;
	struct block *b = c->b;
	uint32_t nwi = b->bar_gen != c->gen ? 0 : c->wi + 1;
	if (nwi >= gr->warps_per_block || m->o.simt == SIMT_ITS || m->o.no_pair_hop || !chain_still(m) ||
	    (gr->nlazy && !c->lazyv) || (b->unstarted >> nwi & 1))
		return HOP_NONE;
	if (b->bar_whole >> nwi & 1)
		return pair_hop_past(m, c, k, nwi);
	struct warp *nw = &b->w[nwi];
	uint32_t ngi = 0;
	if (nw->ng != 1) {
		int32_t cur = pair_pick_cur(m, nw);
		if (cur < 0)
			return HOP_NONE;
		ngi = (uint32_t)cur;
	} else if (nw->g[0].state != G_READY) {
		return HOP_NONE;
	}
	if (!hop_fast_entry(nw, &nw->g[ngi]))
		return HOP_NONE;
	/* the visit ends */
	interp_warp_settle(m, c->w);
	c->ran += k;
	chain_next_place(gr, c, nwi);
	m->dev.npairhop++;
	/* the next begins */
	if (ngi == 0 && nw->ng == 1)
		return hop_begin(m, c, nw, nwi);
	m->dev.npair++;
	m->bp.mid_stop = 0;
	c->w = nw;
	c->gi = ngi;
	c->wi = nwi;
	c->gen = b->bar_gen;
	c->settled = 0;
	return HOP_NEXT;
}

#ifdef FAST_CLONES
/* bar_arrive's common case: the whole warp w, its group g, at a plain
 * __syncthreads() of its block b (fast_run's F_BAR, bar_sweep); the block
 * released where it is the last to arrive */
static inline void bar_arrive_whole(struct machine *m, struct block *b, const struct warp *w, struct group *g)
{
	uint32_t n = b->bar_arrived + WS_WARP;
	b->bar_arrived = n;
	b->bar_whole |= 1u << w->id;
	g->state = G_BAR;
	if (n >= b->nthreads - b->nexited)
		interp_bar_release(m, b);
}

/* fast_run's hop at a barrier (its AVX2 and AVX-512 versions), where the
 * visit of chain c's warp c->w has begun (the hop's end of the visit
 * before and begin of this one done: F_BAR's in-line hop, sched_hop) and
 * its one group is at an F_CBR_LTK: where that compare takes no lane and
 * skips to a plain __syncthreads() (reduce_smem's `if (t < k)` in the
 * warps past k, at every round), the visit runs here as fast_run would
 * run it (BEGIN_VISIT, the CBR, F_BAR's arrival), its two instructions
 * counted, then F_BAR's in-line hop from it, for as long as the next
 * visit is such a one too: the visit's state, its dispatch and F_BAR's
 * tests, each once a warp, were most of a barrier's cost. Returns the
 * hop's answer for the visit under way: HOP_NEXT (c->w's visit begun,
 * fast_run runs it; where none ran here, c->w's own), SWEEP_CMP where
 * that visit's compare is done and takes some lane (*T: fast_run's F_CBR
 * goes on from its result), or, after a visit run here (2 instructions),
 * sched_hop's or sched_hop_start's where the in-line hop's tests fail.
 * Not under WS_NO_BARSWEEP=1 (m->o.no_bar_sweep). */
enum { SWEEP_CMP = HOP_LOOP + 1 };
__attribute__((target("avx2"))) static WS_NOINLINE int bar_sweep(struct machine *m, struct chain *c, int budget,
								  uint64_t *smclk, uint32_t *T)
{
	struct grid *gr = c->gr;
	struct block *b = c->b;
	struct warp *w = c->w;
	/* the instruction whose class and barrier were tested last (each
	 * warp of a round's sweep is at the same one): its frame's code, its
	 * pc, the compare's register, constant and target */
	const struct dfunc *df = NULL;
	uint32_t pc = 0, to = 0;
	int32_t ra = 0;
	uint64_t kv = 0;
	int tida = 0; /* the compare's a is threadIdx.x (DF_TIDA): the warp's tid row tells */
	/* the block's thread index rows (w->tid is tt[w->id]: machine_tid_rows),
	 * found from the first warp's pointer, so that the others' are not read */
	const ws_tid_rows *tt = NULL;
	if (budget < 2)
		return HOP_NEXT;
	for (;;) {
		struct group *g = &w->g[0];
		const struct frame *fr = g->fr;
		/* the warp's code: the sweep's where it has no call (df->flat:
		 * every warp of the grid runs it in its one frame, whose line is
		 * then not read at all where the compare is of threadIdx.x in a
		 * one-dimensional block) */
		const struct dfunc *cd = df && df->flat ? df : fr->df;
		if (cd != df || g->pc != pc) {
			/* fast_run's tests on the way: the frame's version (narrow
			 * rows: declined here), the class, the barrier's class (no
			 * breakpoint) and its in-line arrival's */
			const struct dfunc *d = cd;
			const struct ir_insn *in = &d->code[g->pc], *bar = &d->code[in->tgt2];
			if (d->nrow || d->fop[g->pc] != F_CBR_LTK || d->fop[in->tgt2] != F_BAR || bar->sub != BAR_SYNC ||
			    bar->d >= 0)
				return HOP_NEXT;
			df = d;
			pc = g->pc;
			to = (uint32_t)in->tgt2;
			ra = in->a;
			kv = ((const uint64_t *)d->pool[in->b])[0];
			tida = (in->flags & DF_TIDA) != 0;
		}
		/* the whole warp, the token's place (split1's), no checker of
		 * arrivals (a release may have called one), no lane taking it */
		if (g->mask != WS_FULL || to == w->pend_stop || CHECK_WANTS(m, CEV_BARRIER_ARRIVE))
			return HOP_NEXT;
		if (tida && tid_1d(w)) {
			uint32_t t1 = cmp_tid_k(CMP_LT, IR_U32, w->id, kv);
			if (t1) {
				*T = t1;
				return SWEEP_CMP;
			}
		} else {
			const uint64_t *X = reg(fr->r, ra);
			if (tida && !tt)
				tt = (const ws_tid_rows *)w->tid - w->id;
			if (!(tida ? lt_u32k_none_tid_avx2(tt[w->id][0], kv) : lt_u32k_none_avx2(X, kv))) {
				*T = cmp_lt_u32k_avx2(X, kv);
				return SWEEP_CMP;
			}
		}
		m->steps += 2;
		m->dev.cycles += 2;
		*smclk += 2;
		m->dev.nsweep++;
		g->pc = to;
		bar_arrive_whole(m, b, w, g);
		/* F_BAR's in-line hop (c->gi is 0: the hop's), else sched_hop */
		uint32_t nwi = b->bar_gen != c->gen ? 0 : c->wi + 1;
		if (nwi >= gr->warps_per_block || !chain_still(m) || (gr->nlazy && !c->lazyv))
			return sched_hop(m, c, 2);
		if (WS_UNLIKELY(b->unstarted >> nwi & 1))
			return sched_hop_start(m, c, 2, nwi);
		struct warp *nw = &b->w[nwi];
		const struct group *ng = &nw->g[0];
		const struct dfunc *nd = df->flat ? df : ng->fr->df;
		if (nw->ng != 1 || ng->state != G_READY || ng->ntok ||
		    ((nd != df || ng->pc != pc) && (!nd->fop || nd->fop[ng->pc] == FOP_GEN)))
			return sched_hop(m, c, 2);
		c->ran += 2;
		chain_next_place(gr, c, nwi);
		nw->cur = 0;
		c->w = w = nw;
		c->wi = nwi;
		c->gen = b->bar_gen;
	}
}
#endif

#if defined(__GNUC__) && !defined(WS_NO_THREADED)
#define FAST_THREADED 1
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic"
#endif

/* each twice: without the classes of narrow rows (the code as it was
 * before them: its register allocation, no test of forms), and with them
 * (_n), for the frames whose code has narrow rows (interp_n32) */
#define FAST_RUN_NAME fast_run_base
#define FAST_RUN_TARGET
#define FAST_RUN_N32 0
#include "fastrun.h"
#define FAST_RUN_NAME fast_run_base_n
#define FAST_RUN_TARGET
#define FAST_RUN_N32 1
#include "fastrun.h"
#ifdef FAST_CLONES
#define FAST_RUN_NAME fast_run_v3
#define FAST_RUN_TARGET __attribute__((target("arch=x86-64-v3")))
#define FAST_RUN_AVX2 1
#define FAST_RUN_N32 0
#include "fastrun.h"
#define FAST_RUN_NAME fast_run_v3_n
#define FAST_RUN_TARGET __attribute__((target("arch=x86-64-v3")))
#define FAST_RUN_AVX2 1
#define FAST_RUN_N32 1
#include "fastrun.h"
#define FAST_RUN_NAME fast_run_v4
#define FAST_RUN_TARGET __attribute__((target("arch=x86-64-v4")))
#define FAST_RUN_AVX2 1
#define FAST_RUN_N32 0
#include "fastrun.h"
#define FAST_RUN_NAME fast_run_v4_n
#define FAST_RUN_TARGET __attribute__((target("arch=x86-64-v4")))
#define FAST_RUN_AVX2 1
#define FAST_RUN_N32 1
#include "fastrun.h"
#endif

/* fast_run_base, or its AVX2 or AVX-512 version where the CPU has them.
 * Run group gi of device warp w from its pc while its instructions are of
 * the fast classes, at most budget of them; *ran: how many it ran (counted
 * in m->steps and the clocks). Returns FR_GENERAL (the general loop runs
 * the instruction at g->pc next, or the budget is spent), FR_RETURN (an
 * instruction asked interp_run_group to return) or FR_SETTLE (the group
 * reached its reconvergence token: settle the warp, then return). */
#ifdef FAST_CLONES
typedef int fast_run_fn(struct machine *m, struct warp *w, uint32_t gi, int budget, uint64_t *smclk, int *ran,
			struct chain *c);
/* chosen once, before main (the CPU's features were tested at every visit) */
static fast_run_fn *fast_run_best = fast_run_base, *fast_run_best_n = fast_run_base_n;

__attribute__((constructor)) static void fast_run_choose(void)
{
	__builtin_cpu_init();
#ifdef LANE_AVX2
	lane_avx2 = __builtin_cpu_supports("avx2");
	lane_run4 = lane_avx2 && !util_env_on("WS_NO_RUN4");
#endif
	if (__builtin_cpu_supports("x86-64-v4")) {
		fast_run_best = fast_run_v4;
		fast_run_best_n = fast_run_v4_n;
	} else if (__builtin_cpu_supports("x86-64-v3")) {
		fast_run_best = fast_run_v3;
		fast_run_best_n = fast_run_v3_n;
	}
}
#endif

void interp_fast_baseline(int on)
{
#ifdef FAST_CLONES
	if (on) {
		fast_run_best = fast_run_base;
		fast_run_best_n = fast_run_base_n;
	} else
		fast_run_choose();
#else
	(void)on;
#endif
}

static int fast_run(struct machine *m, struct warp *w, uint32_t gi, int budget, uint64_t *smclk, int *ran,
		    struct chain *c)
{
	/* a frame whose code has narrow rows: the version that runs them */
#ifdef FAST_CLONES
	if (WS_UNLIKELY(w->g[gi].fr->df->nrow != NULL))
		return fast_run_best_n(m, w, gi, budget, smclk, ran, c);
	return fast_run_best(m, w, gi, budget, smclk, ran, c);
#else
	if (WS_UNLIKELY(w->g[gi].fr->df->nrow != NULL))
		return fast_run_base_n(m, w, gi, budget, smclk, ran, c);
	return fast_run_base(m, w, gi, budget, smclk, ran, c);
#endif
}

#ifdef FAST_THREADED
#pragma GCC diagnostic pop
#endif
#undef FL
#undef S32
#undef U32
#undef S32W
#undef U32W
#undef FA_S32_ADD
#undef FA_S32_SUB
#undef FA_S32_AND
#undef FA_S32_OR
#undef FA_S32_XOR
#undef FA_S32_MUL
#undef FA_U32_ADD
#undef FA_U32_SUB
#undef FA_U32_AND
#undef FA_U32_OR
#undef FA_U32_XOR
#undef FA_U32_MUL
#undef FARITH
#undef FSETP
#undef NOCONV
#undef FCMPL
#undef FCMP

static int run_general(struct machine *m, struct warp *w, int gi, int budget, int n, int tried);
/* the hooks run_general acts on before an instruction */
#define RUN_HOOKS ((1u << EV_INSN) | (1u << EV_STMT) | MM_HOOK | STOP_HOOK)

/* Device group gi of w at a RET that ends the kernel for the whole warp,
 * as run_general would run it (no breakpoint on it, no hook it acts on;
 * warp_ret_plain): its count, then warp_ret_exit; returns 1. Else 0. */
static inline int ret_quick(struct machine *m, struct warp *w, int gi)
{
	const struct group *g = &w->g[gi];
	const struct ir_insn *in = &g->fr->code[g->pc];
	if (in->op != IR_RET || g->fr->depth || (in->flags & DF_BREAK) || (m->hooks & RUN_HOOKS) ||
	    !warp_ret_plain(w, (uint32_t)gi))
		return 0;
	m->steps++;
	m->dev.cycles++;
	m->dev.smclk[w->blk->sm]++;
	if (CHECK_WANTS_PLAIN_EXIT(m)) {
		/* built only here: zeroing the event was a fifth of the exit */
		struct check_event e = { .kind = CEV_WARP_EXIT };
		warp_ret_exit(m, w, &e);
	} else {
		warp_ret_exit(m, w, NULL);
	}
	return 1;
}

/* Run group gi of w for up to budget instructions, stopping early whenever
 * the set of groups changes (divergence, parking, barriers, collectives,
 * exits) so the caller re-picks. A device group at an instruction of
 * fast_run's goes there first, from this small function: a visit that
 * fast_run completes (to a barrier, say) does not pay for the general
 * loop's frame. */
static inline int run_group(struct machine *m, struct warp *w, int gi, int budget, struct chain *c, int defer)
{
	const struct group *g = &w->g[gi];
	if (w->host || budget <= 0)
		return run_general(m, w, gi, budget, 0, 0);
	if (!g->fr->df->fop || g->fr->df->fop[g->pc] == F_GEN) { /* a RET, say: not fast_run's */
		/* but a chain's visit at a RET goes through fast_run, which
		 * runs it as ret_quick would and may go on to the block's next
		 * warps (ret_hop: histogram's and reduce_shfl's exits, a block
		 * at a time); where it does not take the RET it returns at
		 * once (F_GEN: nothing run), and the lines below run it */
		if (!c || !g->fr->df->fop || g->fr->code[g->pc].op != IR_RET || m->o.no_exit_hop) {
			if (ret_quick(m, w, gi))
				return 1;
			if (WS_UNLIKELY(w->pend))
				pend_split(w); /* split1's region at a breakpoint's F_GEN */
			return run_general(m, w, gi, budget, 0, 1);
		}
	}
	int ran, why = fast_run(m, w, (uint32_t)gi, budget, &m->dev.smclk[w->blk->sm], &ran, c);
	if (why == FR_RETURN)
		return ran;
	if (c) {
		w = c->w; /* the visit under way (sched_hop, ret_hop, pair_hop) */
		gi = (int)c->gi;
	}
	if (why == FR_SETTLE) {
		if (!defer || w->ng <= 1)
			warp_settle(m, w);
		return ran;
	}
	if (ran >= budget)
		return ran;
	if (ret_quick(m, w, gi))
		return ran + 1;
	return run_general(m, w, gi, budget, ran, 1);
}

int interp_run_group(struct machine *m, struct warp *w, int gi, int budget)
{
	return run_group(m, w, gi, budget, NULL, 0);
}

int interp_run_visit(struct machine *m, struct warp *w, int gi, int budget)
{
	return run_group(m, w, gi, budget, NULL, 1);
}

int interp_run_chain(struct machine *m, struct chain *c)
{
	return run_group(m, c->w, (int)c->gi, c->budget, c, 1);
}

/* interp_run_group's loop, n instructions already run; tried: fast_run
 * has just handed the instruction at g->pc back (run it here first) */
static WS_NOINLINE int run_general(struct machine *m, struct warp *w, int gi, int budget, int n, int tried)
{
	struct group *g = &w->g[gi];
	/* the host thread is on no SM: its instructions advance no SM clock
	 * (those hostvm.c runs do not either) */
	uint64_t host_clk = 0, *smclk = w->host ? &host_clk : &m->dev.smclk[w->blk->sm];
	while (n < budget) {
		if (w->host && !m->hooks && !m->mm) { /* the memory model sees host accesses too */
			n += hostvm_run(m, w, gi, budget - n);
			if (n >= budget || WS_UNLIKELY(m->hv_stop)) {
				m->hv_stop = 0;
				return n;
			}
		}
		/* fast_run would stop before an instruction it does not know
		 * (a kernel that only returns starts with one) */
		if (tried)
			tried = 0;
		else if (!w->host && g->fr->df->fop && g->fr->df->fop[g->pc] != F_GEN) {
			int ran, why = fast_run(m, w, (uint32_t)gi, budget - n, smclk, &ran, NULL);
			n += ran;
			if (why == FR_RETURN)
				return n;
			if (why == FR_SETTLE) {
				warp_settle(m, w);
				return n;
			}
			if (n >= budget)
				return n;
		}
		struct frame *fr = g->fr;
		const struct ir_insn *in = &fr->code[g->pc];
		uint32_t M = g->mask;
		uint64_t *R = fr->r;
		uint64_t *D = reg(R, in->d), *A = reg(R, in->a);
		uint64_t *B = (in->flags & DF_KB) ? (uint64_t *)fr->df->pool[in->b] : reg(R, in->b);
		if (WS_UNLIKELY(in->flags & DF_BREAK)) {
			/* the group stopped here passes once; any other stops */
			if (w->bp_pass == g->pc + 1 && w->bp_pass_mask == M && w->bp_pass_fr == fr) {
				w->bp_pass = 0;
			} else {
				struct machine_break_info *bi = &m->bp.last;
				bi->slot = w->host ? -1 : w->blk->slot;
				bi->warp = (int)w->id;
				bi->mask = M;
				bi->func = fr->fidx;
				bi->pc = fr->df->orig[g->pc];
				bi->span = in->span;
				m->bp.hit = 1;
				m->dev.chain_end = 0; /* chain_live's */
				m->bp.mid_stop = 1;
				w->bp_pass = g->pc + 1;
				w->bp_pass_mask = M;
				w->bp_pass_fr = fr;
				return n;
			}
		}
		/* an instruction that names narrow rows (interp_n32): they are
		 * wide while it runs here (and while its observers look), narrow
		 * again after it */
		const unsigned nf = WS_UNLIKELY(fr->df->nrow != NULL) ? fr->df->fop[2 * (size_t)fr->df->ncode + g->pc] : 0;
		if (WS_UNLIKELY(nf))
			n32_widen(R, in, nf);
		if (WS_UNLIKELY(m->hooks & ((1u << EV_INSN) | (1u << EV_STMT) | MM_HOOK | STOP_HOOK))) {
			if (m->hooks & STOP_HOOK) {
				m->bp.mid_stop = 1;
				if (nf)
					n32_narrow(R, in, nf);
				return n; /* machine_request_stop: before this instruction */
			}
			if (m->hooks & MM_HOOK)
				mm_pre(m, w, g, in);
			if ((m->hooks & (1u << EV_STMT)) && (in->flags & DF_STMT))
				stmt_event(m, w, g);
			if (m->hooks & (1u << EV_INSN))
				insn_event(m, w, g);
		}
		n++;
		m->steps++;
		m->gen_steps += !w->host;
		m->dev.cycles++;
		(*smclk)++;
		switch (in->op) {
		case IR_NOP: break;
		case IR_FENCE:
			if (WS_UNLIKELY(m->mm))
				mm_fence(m, w, g, in);
			if (CHECK_WANTS(m, CEV_FENCE))
				fence_event(m, w, g, in);
			break;
		case XOP_IDXM: /* decode.c fuse_mem: run's device code only */
			idx_rows(D, A, B, in->imm, in->c >= 0 ? reg(R, in->c) : NULL, in->tgt1, M);
			if (m->hooks || (in[1].flags & DF_BREAK))
				break; /* the load or store then runs as itself */
			g->pc++; /* the LD or ST that reads d, in this dispatch */
			in++;
			if (in->op == IR_LD)
				goto op_ld;
			goto op_st;
		case XOP_GTID: { /* decode.c fuse_gtid: run's device code only */
			const uint32_t *T = w->tid[0];
			uint32_t base = (uint32_t)(sreg_val(m, w, 0, SREG_CTAID_X) *
						   sreg_val(m, w, 0, SREG_NTID_X));
			EACH(M, l, D[l] = (uint32_t)(base + T[l]));
			break;
		}
		case XOP_IDX2: /* decode.c fuse_idx2: run's device code only */
			idx_rows(D, A, B, in->imm, reg(R, in->c), in->tgt1, M);
			break;
		case IR_DIV: case IR_REM:
			if (do_divrem(m, w, g, in, D, A, B))
				return n;
			break;
		case IR_CONST: case XOP_IDX: case IR_MOV: case IR_ADD: case IR_SUB: case IR_MUL:
		case IR_NEG: case IR_AND: case IR_OR: case IR_XOR: case IR_NOT: case IR_SHL: case IR_SHR:
		case IR_MIN: case IR_MAX: case IR_SETP: case IR_SEL: case IR_CVT: case IR_ACTIVEMASK:
		case IR_SREG: case IR_GADDR: case IR_LADDR: case IR_FADDR:
			lane_op(m, w, fr, in, M, D, A, B);
			if (WS_UNLIKELY(nf))
				n32_narrow(R, in, nf);
			break;
		case IR_LD:
		op_ld: {
			int r = do_ld(m, w, g, in);
			if (WS_UNLIKELY(nf))
				n32_narrow(R, in, nf);
			if (r)
				return n;
			break;
		}
		case IR_ST:
		op_st: {
			int r = do_st(m, w, g, in);
			if (WS_UNLIKELY(nf))
				n32_narrow(R, in, nf);
			if (r)
				return n;
			break;
		}
		case IR_ATOM:
			if (do_atom(m, w, g, in))
				return n;
			break;
		case IR_BAR:
			bar_arrive(m, w, g, in);
			return n;
		case IR_WARPSYNC: case IR_SHFL: case IR_VOTE: case IR_MATCH: case IR_REDUX:
			if (w->host) {
				EACH(M, l, D[l] = in->op == IR_SHFL ? A[l] : 1);
				break;
			}
			if (coll_arrive(m, w, (uint32_t)gi, in) && w->ng == 1)
				continue;
			return n;
		case IR_ALLOCA: {
			int bad = 0;
			unsigned tag = w->host ? TAG_HSTACK : TAG_LOCAL;
			EACH(M, l, {
				uint32_t base = 0;
				if (lstack_push(m, w, l, &warp_lstacks(w)[l], (uint32_t)A[l], (uint32_t)(in->imm ? in->imm : 16), &base, 0))
					bad = 1;
				D[l] = ADDR(tag, w->hbase + base);
			});
			if (bad) {
				machine_finding_add(m, FK_STACK_OVERFLOW, w, M, in->span, 0, "alloca overflows the stack");
				if (w->host)
					machine_exit(m, 139);
				else
					machine_fail_kernel(m, 700);
				return n;
			}
			break;
		}
		case IR_MEMCPY: case IR_MEMSET:
			if (do_memcpy_set(m, w, g, in))
				return n;
			break;
		case IR_BR:
			g->pc = (uint32_t)in->tgt1;
			if (g->ntok && at_token(w, g)) {
				warp_settle(m, w);
				return n;
			}
			continue;
		case IR_CBR: {
			int r = do_cbr(m, w, (uint32_t)gi, in);
			if (WS_UNLIKELY(nf))
				n32_narrow(R, in, nf);
			if (r || (g->ntok && at_token(w, g))) {
				warp_settle(m, w);
				return n;
			}
			continue;
		}
		case IR_CALL:
			if (do_call(m, w, g, in, (int32_t)in->imm))
				return n;
			continue;
		case IR_ICALL:
			if (do_icall(m, w, (uint32_t)gi, in))
				return n;
			if (w->ng > 1)
				return n;
			continue;
		case IR_BCALL: {
			int r = do_bcall(m, w, (uint32_t)gi, in);
			if (r)
				return n;
			g = &w->g[gi];
			if (m->status != MST_RUNNING || (m->dev.grid && m->dev.fail_err))
				return n;
			/* a host thread gave up its turn (sched_yield): the next
			 * thread's turn starts here, as when stepping one by one */
			if (w->host && !m->ht.quant && m->ht.all.len > 1)
				return n;
			if (g->ntok && at_token(w, g)) {
				warp_settle(m, w);
				return n;
			}
			continue;
		}
		case IR_RET:
			if (!fr->depth && warp_ret_plain(w, (uint32_t)gi)) {
				/* the kernel's end for the whole warp: no token,
				 * group or barrier for lanes_exit to see to */
				struct check_event e = { .kind = CEV_WARP_EXIT };
				warp_ret_exit(m, w, CHECK_WANTS_PLAIN_EXIT(m) ? &e : NULL);
				return n;
			}
			if (do_ret(m, w, (uint32_t)gi, in)) {
				if (m->status == MST_RUNNING)
					warp_settle(m, w);
				return n;
			}
			continue;
		case IR_LAUNCH:
			if (!w->host) {
				machine_finding_add(m, FK_INVALID_LAUNCH, w, M, in->span, 0,
						    "dynamic parallelism (a launch from device code) is not supported");
				machine_fail_kernel(m, 719);
				return n;
			}
			if (runtime_launch(m, w, in))
				return n;
			break;
		case IR_TRAP:
		case IR_UNREACHABLE:
			if (in->op == IR_UNREACHABLE && in->sub)
				machine_finding_add(m, FK_UNREACHABLE, w, M, in->span, 0,
						    "__builtin_unreachable() reached: the kernel is aborted (behaviour the GPU leaves undefined)");
			else
				machine_finding_add(m, FK_TRAP, w, M, in->span, 0, "%s",
						    in->op == IR_TRAP ? "__trap() called: the kernel is aborted"
								      : "control reached code marked unreachable (the end of a non-void function?)");
			if (w->host)
				machine_exit(m, 134);
			else
				machine_fail_kernel(m, in->op == IR_TRAP ? 719 : 715);
			return n;
		default:
			break;
		}
		g->pc++;
		if (WS_UNLIKELY(g->ntok) && at_token(w, g)) {
			warp_settle(m, w);
			return n;
		}
	}
	return n;
}
