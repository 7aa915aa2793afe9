/*
 * check_init.c - the initialization checker (initcheck): reads of bytes
 * nothing has written yet, in
 * - device allocations that start undefined (cudaMalloc, device malloc:
 *   CEV_UNDEFINED): a bit per byte, set by every write (a kernel's stores
 *   and atomics, the runtime's copies and memsets: CEV_COPY); a read of an
 *   unset byte by a kernel (CEV_ACCESS, CEV_LANE) or by cudaMemcpy is a
 *   warning. Once every byte of an allocation has been written its bits
 *   are dropped: the common case costs nothing after the first cudaMemcpy.
 * - a thread's local memory: a frame or alloca starts undefined, copies of
 *   by-value arguments start defined (CEV_STACK); reads go through CEV_LANE.
 * Shared memory's initialization is the shared checker's
 * (check_race_shared.c), which keeps it in its race shadow.
 */
#include "check.h"
#include "ir.h"

#include <string.h>

#define WARP 32

/* an allocation's bits (NULL: every byte written) */
struct ialloc {
	uint64_t base, size;
	uint8_t *bits;
	uint64_t hint;          /* bytes marked so far (with repeats) */
};
/* one lane's stack bits */
struct lbits {
	uint8_t *bits;
	uint32_t cap;           /* bytes covered */
};
struct lslot {
	VEC(struct lbits) l;    /* by warp * 32 + lane */
};
struct init {
	VEC(struct ialloc *) a;  /* sorted by base */
	size_t live;            /* how many of them have bits (are tracked) */
	int quiet;              /* CEV_ACCESS not sent (check_access_quiet): live is 0 */
	struct ialloc *last;
	VEC(struct lslot) s;    /* by resident slot */
};

static void *init_create(struct machine *m)
{
	(void)m;
	return xcalloc(1, sizeof(struct init));
}

static void init_destroy(void *self)
{
	struct init *x = self;
	for (size_t i = 0; i < x->a.len; i++) {
		free(x->a.v[i]->bits);
		free(x->a.v[i]);
	}
	vec_free(&x->a);
	for (size_t i = 0; i < x->s.len; i++) {
		for (size_t j = 0; j < x->s.v[i].l.len; j++)
			free(x->s.v[i].l.v[j].bits);
		vec_free(&x->s.v[i].l);
	}
	vec_free(&x->s);
	free(x);
}

static uint8_t *dup(const uint8_t *p, size_t n)
{
	if (!p)
		return NULL;
	uint8_t *q = xmalloc(n ? n : 1);
	memcpy(q, p, n);
	return q;
}

static void *init_clone(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p),
			void *ctx)
{
	const struct init *o = self;
	struct init *x = xcalloc(1, sizeof(*x));
	for (size_t i = 0; i < o->a.len; i++) {
		struct ialloc *a = xmalloc(sizeof(*a));
		*a = *o->a.v[i];
		a->bits = dup(a->bits, (size_t)(a->size / 8 + 1));
		x->live += a->bits != NULL;
		vec_push(&x->a, a);
	}
	for (size_t i = 0; i < o->s.len; i++) {
		struct lslot n = { { NULL, 0, 0 } };
		for (size_t j = 0; j < o->s.v[i].l.len; j++) {
			struct lbits b = o->s.v[i].l.v[j];
			b.bits = dup(b.bits, b.cap / 8 + 1);
			vec_push(&n.l, b);
		}
		vec_push(&x->s, n);
	}
	(void)m;
	(void)map;
	(void)ctx;
	return x;
}

/* ---- allocations */

/* index of the first allocation whose base is >= base */
static size_t lower(const struct init *x, uint64_t base)
{
	size_t lo = 0, hi = x->a.len;
	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		if (x->a.v[mid]->base < base)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* the tracked allocation at base (NULL: not tracked, or fully written) */
static struct ialloc *find(struct init *x, uint64_t base)
{
	if (x->last && x->last->base == base)
		return x->last->bits ? x->last : NULL;
	size_t i = lower(x, base);
	if (i == x->a.len || x->a.v[i]->base != base)
		return NULL;
	x->last = x->a.v[i];
	return x->last->bits ? x->last : NULL;
}

static void track(struct init *x, uint64_t base, uint64_t size)
{
	if (!size)
		return;
	size_t i = lower(x, base);
	if (i < x->a.len && x->a.v[i]->base == base) {
		struct ialloc *a = x->a.v[i];
		if (!a->bits) {
			a->bits = xcalloc(size / 8 + 1, 1);
			x->live++;
		}
		return;
	}
	struct ialloc *a = xcalloc(1, sizeof(*a));
	a->base = base;
	a->size = size;
	a->bits = xcalloc(size / 8 + 1, 1);
	x->live++;
	vec_push(&x->a, a);
	memmove(&x->a.v[i + 1], &x->a.v[i], (x->a.len - 1 - i) * sizeof(*x->a.v));
	x->a.v[i] = a;
}

static void untrack(struct init *x, uint64_t base)
{
	size_t i = lower(x, base);
	if (i == x->a.len || x->a.v[i]->base != base)
		return;
	struct ialloc *a = x->a.v[i];
	if (x->last == a)
		x->last = NULL;
	x->live -= a->bits != NULL;
	free(a->bits);
	free(a);
	memmove(&x->a.v[i], &x->a.v[i + 1], (x->a.len - 1 - i) * sizeof(*x->a.v));
	x->a.len--;
}

/* ---- bit ranges: bit i of bits stands for byte i */

/* whether bits off..end-1 (off < end) are all set: the first and last
 * byte of bits under masks, the whole bytes between them 8 at a time (not
 * bit by bit: a warp's 128 bytes at a[i + s] start anywhere in a byte of
 * bits, a by-value struct's bytes are dozens) */
static int bits_all(const uint8_t *b, uint64_t off, uint64_t end)
{
	uint64_t fb = off >> 3, lb = (end - 1) >> 3;
	uint8_t first = (uint8_t)(0xffu << (off & 7)), last = (uint8_t)(0xffu >> (7 - ((end - 1) & 7)));
	if (fb == lb)
		return (b[fb] & (first & last)) == (first & last);
	if ((b[fb] & first) != first || (b[lb] & last) != last)
		return 0;
	uint64_t j = fb + 1;
	for (; j + 8 <= lb; j += 8) {
		uint64_t v;
		memcpy(&v, b + j, 8);
		if (v != ~(uint64_t)0)
			return 0;
	}
	for (; j < lb; j++)
		if (b[j] != 0xff)
			return 0;
	return 1;
}

/* bits off..end-1 (off < end) set (set 1) or cleared (set 0) */
static void bits_put(uint8_t *b, uint64_t off, uint64_t end, int set)
{
	uint64_t fb = off >> 3, lb = (end - 1) >> 3;
	uint8_t first = (uint8_t)(0xffu << (off & 7)), last = (uint8_t)(0xffu >> (7 - ((end - 1) & 7)));
	if (fb == lb) {
		uint8_t m = first & last;
		b[fb] = set ? (uint8_t)(b[fb] | m) : (uint8_t)(b[fb] & ~m);
		return;
	}
	b[fb] = set ? (uint8_t)(b[fb] | first) : (uint8_t)(b[fb] & ~first);
	b[lb] = set ? (uint8_t)(b[lb] | last) : (uint8_t)(b[lb] & ~last);
	if (lb > fb + 1)
		memset(b + fb + 1, set ? 0xff : 0, lb - fb - 1);
}

static int is_init(const struct ialloc *a, uint64_t off, uint64_t n)
{
	if (!a->bits)
		return 1;
	uint64_t end = ws_range_in(0, a->size, off, n) ? off + n : a->size;
	return off >= end || bits_all(a->bits, off, end);
}

/* n more bytes of a marked (with repeats): once they add up to its size,
 * whether every byte is written is checked, and a complete allocation is
 * no longer tracked (its bits dropped) */
static void mark_count(struct init *x, struct ialloc *a, uint64_t n)
{
	a->hint += n;
	if (a->hint >= a->size) {
		/* maybe complete: check once, then stop tracking */
		if (is_init(a, 0, a->size)) {
			free(a->bits);
			a->bits = NULL;
			x->live--;
		} else {
			a->hint = a->size / 2;
		}
	}
}

static void mark(struct init *x, struct ialloc *a, uint64_t off, uint64_t n)
{
	if (!a->bits || off >= a->size)
		return;
	if (!ws_range_in(0, a->size, off, n))
		n = a->size - off;
	if (n)
		bits_put(a->bits, off, off + n, 1);
	mark_count(x, a, n);
}

static void uninit_report(const struct check_event *e, unsigned l, const struct ialloc *a,
			  uint64_t addr, uint64_t size)
{
	check_report(e->m, FK_UNINITIALIZED_READ, e->w, 1u << l, e->span, addr,
		     "reads %llu bytes at offset %llu of a %llu-byte device allocation that were never written (forgot a cudaMemcpy or cudaMemset?)",
		     (unsigned long long)size, (unsigned long long)(addr - a->base),
		     (unsigned long long)a->size);
}

/* an instruction's lanes that its window serves (in the allocation,
 * aligned to their size): stores and atomics mark, loads are checked
 * (the first unwritten one is reported) */
static void access(struct init *x, const struct check_event *e)
{
	struct ialloc *a = find(x, e->addr);
	if (!a)
		return;
	if (e->access == CHECK_READ && (e->iflags & IRF_BITS_RMW))
		return; /* a bit-field store reads the bytes it keeps: not a read of the program's */
	uint64_t sz = e->size;
	int reported = 0;
	if (e->mask == ~0u && sz <= 8 && check_lanes_linear(e->lane_addr, (uint32_t)sz, ~0u)) {
		/* a warp on consecutive elements (a[i], i the thread index):
		 * the lanes' bytes are one run, marked or tested at once; a
		 * read (or an atomic, which reads) of a run not all written
		 * takes the lanes one by one below, to report the first lane
		 * as always */
		uint64_t off = e->lane_addr[0] - e->addr, n = WARP * sz;
		if (off < e->bytes && e->bytes - off >= n && !(off & (sz - 1))) {
			if (e->access == CHECK_WRITE) {
				mark(x, a, off, n);
				return;
			}
			if (is_init(a, off, n))
				return;
		}
	}
	if ((sz == 1 || sz == 2 || sz == 4 || sz == 8) && a->size >= e->bytes && e->bytes >= sz &&
	    e->access == CHECK_WRITE && a->hint + WARP * sz < a->size) {
		/* a warp's plain write on words of their own (nb_coalescing's
		 * strided a[i * s]; docs/PERFORMANCE.md, twenty-sixth session):
		 * each lane's aligned bytes (inside the window, so tracked)
		 * within one byte of bits, and no lane's can make the marks add
		 * up to the size (mark_count's test) before the last, so what
		 * the loop below does with mark, the bytes counted once */
		const unsigned bm0 = (1u << sz) - 1;
		const uint64_t base = e->addr, top = e->bytes - sz;
		uint32_t nmark = 0;
		for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			uint64_t off = e->lane_addr[l] - base;
			if (off > top || (off & (sz - 1)))
				continue;
			a->bits[off >> 3] |= (uint8_t)(bm0 << (off & 7));
			nmark++;
		}
		mark_count(x, a, (uint64_t)nmark * sz);
		return;
	}
	for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		uint64_t off = e->lane_addr[l] - e->addr;
		if (!(off < e->bytes && e->bytes - off >= sz && !(off & (sz - 1))))
			continue;
		if (e->access == CHECK_ATOMIC && !reported && !is_init(a, off, sz)) {
			/* an atomic reads the word it updates: atomicAdd on bins that
			 * no cudaMemset cleared adds to whatever was there (reported
			 * once per instruction; every lane's word is then written) */
			uninit_report(e, l, a, e->lane_addr[l], sz);
			reported = 1;
		}
		if (e->access != CHECK_READ) {
			mark(x, a, off, sz);
			if (!a->bits)
				return;
		} else if (!is_init(a, off, sz)) {
			uninit_report(e, l, a, e->lane_addr[l], sz);
			return;
		}
	}
}

/* ---- local memory */

static struct lbits *lane_bits(struct init *x, const struct check_event *e, unsigned l)
{
	while (x->s.len <= (size_t)e->slot) {
		struct lslot z = { { NULL, 0, 0 } };
		vec_push(&x->s, z);
	}
	struct lslot *s = &x->s.v[e->slot];
	size_t k = (size_t)e->warp * WARP + l;
	while (s->l.len <= k) {
		struct lbits z = { NULL, 0 };
		vec_push(&s->l, z);
	}
	return &s->l.v[k];
}

static void stack_push(struct init *x, const struct check_event *e)
{
	unsigned l = (unsigned)__builtin_ctz(e->mask);
	struct lbits *b = lane_bits(x, e, l);
	uint64_t off = CHECK_ADDR_OFF(e->lane_addr[l]), end = off + e->size;
	if (end > b->cap) {
		uint32_t nc = b->cap ? b->cap : 256;
		while (nc < end)
			nc *= 2;
		b->bits = xrealloc(b->bits, nc / 8 + 1);
		memset(b->bits + b->cap / 8, 0, nc / 8 + 1 - b->cap / 8);
		b->cap = nc;
	}
	if (off < end)
		bits_put(b->bits, off, end, e->arg != 0);
}

/* lane l's access of its local memory */
static void local_lane_at(const struct check_event *e, unsigned l, const struct lbits *b)
{
	uint64_t off = CHECK_ADDR_OFF(e->lane_addr[l]), n = e->size;
	if (!b->bits || !ws_range_in(0, b->cap, off, n))
		return;
	if (!n)
		return;
	if (e->access != CHECK_READ)
		bits_put(b->bits, off, off + n, 1);
	else if (!bits_all(b->bits, off, off + n))
		check_report(e->m, FK_UNINITIALIZED_READ, e->w, 1u << l, e->span, e->lane_addr[l],
			     "reads %llu bytes of the thread's local memory (a local variable or array) that were never written",
			     (unsigned long long)n);
}

static void local_access(struct init *x, const struct check_event *e)
{
	unsigned l = (unsigned)__builtin_ctz(e->mask);
	local_lane_at(e, l, lane_bits(x, e, l));
}

/* struct checker's local_lanes: each lane of the mask as its own CEV_LANE
 * would be (lc_soa's by-value struct read field by field, per lane, went
 * through every CEV_LANE listener) */
static int init_local_lanes(void *self, const struct check_event *e)
{
	struct init *x = self;
	if (e->slot < 0)
		return 0;
	/* the warp's lanes' bits found once (lane_bits for its last lane
	 * makes every entry before it: an entry without bits is skipped, as
	 * an entry not made) */
	const struct lbits *b = lane_bits(x, e, 31 - (unsigned)__builtin_clz(e->mask)) -
				(31 - __builtin_clz(e->mask));
	for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
		unsigned l = (unsigned)__builtin_ctz(mm);
		local_lane_at(e, l, &b[l]);
	}
	return 1;
}

static void init_event(void *self, const struct check_event *e)
{
	struct init *x = self;
	switch (e->kind) {
	case CEV_ACCESS:
		if (e->slot >= 0 && e->region == CR_GLOBAL && x->live)
			access(x, e);
		break;
	case CEV_LANE:
		if (e->region == CR_LOCAL) {
			if (e->slot >= 0)
				local_access(x, e);
		} else if (e->region == CR_GLOBAL && x->a.len) {
			struct ialloc *a = find(x, e->addr);
			unsigned l = (unsigned)__builtin_ctz(e->mask);
			uint64_t off = e->lane_addr[l] - e->addr;
			if (!a)
				break;
			if (e->access != CHECK_READ)
				mark(x, a, off, e->size);
			else if (!is_init(a, off, e->size))
				uninit_report(e, l, a, e->lane_addr[l], e->size);
		}
		break;
	case CEV_COPY: {
		struct ialloc *a = x->a.len ? find(x, e->addr) : NULL;
		uint64_t off = e->lane_addr[0] - e->addr;
		if (!a)
			break;
		if (e->access != CHECK_READ)
			mark(x, a, off, e->size);
		else if (!is_init(a, off, e->size))
			check_report(e->m, FK_UNINITIALIZED_READ, e->w, 1, e->span, e->lane_addr[0],
				     "cudaMemcpy copies device memory that no kernel or copy has written yet (%llu bytes from offset %llu of a %llu-byte allocation)",
				     (unsigned long long)e->size, (unsigned long long)off,
				     (unsigned long long)a->size);
		break;
	}
	case CEV_STACK:
		if (e->slot >= 0)
			stack_push(x, e);
		break;
	case CEV_UNDEFINED:
		track(x, e->addr, e->bytes);
		break;
	case CEV_FREE:
		untrack(x, e->addr);
		break;
	default:
		break;
	}
	/* with no allocation tracked, accesses of device memory have nothing
	 * to check: the machine stops sending them until one is again */
	if ((x->live == 0) != x->quiet) {
		x->quiet = x->live == 0;
		check_access_quiet(e->m, x, x->quiet);
	}
}

const struct checker check_init = {
	.name = "init",
	.what = "reads of device allocations and local memory never written",
	.events = CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_LANE) | CEV_BIT(CEV_COPY) | CEV_BIT(CEV_STACK) |
		  CEV_BIT(CEV_UNDEFINED) | CEV_BIT(CEV_FREE),
	.regions = 1u << CR_GLOBAL,
	.lane_regions = (1u << CR_GLOBAL) | (1u << CR_LOCAL),
	.local_lanes = init_local_lanes,
	.create = init_create,
	.destroy = init_destroy,
	.clone = init_clone,
	.event = init_event,
};
