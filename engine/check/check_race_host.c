/*
 * check_race_host.c - host/device races on managed memory.
 *
 * A launch returns at once: until the host synchronizes, a queued kernel
 * runs concurrently with the host thread (warpstep runs it later, when the
 * host waits). A host load or store of managed memory while launches are
 * queued (CEV_LANE of the host thread) is noted; an access by one of those
 * kernels to the same bytes (CEV_ACCESS), one of the two a write, is a
 * host-device-race, reported at the host's access with the kernel's thread
 * as the other side. On a GPU with concurrentManagedAccess (the H100) the
 * two race; on one without it, the host access faults. At most HRACE_MAX
 * notes are kept until the device is idle (CEV_GRID_END with nothing
 * queued); a host loop over an array makes one note per contiguous range.
 */
#include "check.h"
#include "ir.h"

#include <string.h>

#define HRACE_MAX 256
#define WARP 32

/* a host access noted while launches were queued: kernels up to serial
 * number upto may race with it */
struct note {
	uint64_t base, size;    /* the allocation */
	uint64_t lo, hi;        /* byte range in it */
	uint64_t upto;          /* the last launch queued before the access */
	struct span sp;         /* the host access */
	int write, done;
};
struct hrace {
	VEC(struct note) v;
	size_t open;            /* notes not done */
};

static void *hrace_create(struct machine *m)
{
	(void)m;
	return xcalloc(1, sizeof(struct hrace));
}

static void hrace_destroy(void *self)
{
	struct hrace *h = self;
	vec_free(&h->v);
	free(h);
}

static void *hrace_clone(const void *self, struct machine *m, void *(*map)(void *ctx, const void *p),
			 void *ctx)
{
	const struct hrace *o = self;
	struct hrace *h = xcalloc(1, sizeof(*h));
	for (size_t i = 0; i < o->v.len; i++)
		vec_push(&h->v, o->v.v[i]);
	h->open = o->open;
	(void)m;
	(void)map;
	(void)ctx;
	return h;
}

static void host_access(struct hrace *h, const struct check_event *e)
{
	uint64_t started, queued;
	if (!check_launches_pending(e->m, &started, &queued) || !e->size)
		return;
	uint64_t upto = started + queued;
	uint64_t off = e->lane_addr[__builtin_ctz(e->mask)] - e->addr, n = e->size;
	int write = e->access != CHECK_READ;
	struct span sp = check_user_span(e->m, e->w, 1, e->span);
	/* extend a recent note of the same access (a loop over an array) */
	for (size_t i = h->v.len, k = 0; i-- > 0 && k < 4; k++) {
		struct note *r = &h->v.v[i];
		if (r->base == e->addr && r->write == write && r->upto == upto && !r->done &&
		    r->sp.off == sp.off && r->sp.file == sp.file && off <= r->hi && off + n >= r->lo) {
			if (off < r->lo)
				r->lo = off;
			if (off + n > r->hi)
				r->hi = off + n;
			return;
		}
	}
	if (h->v.len >= HRACE_MAX)
		return;
	struct note r = { e->addr, e->bytes, off, off + n, upto, sp, write, 0 };
	vec_push(&h->v, r);
	h->open++;
}

static void report(const struct check_event *e, unsigned l, const struct note *r, uint64_t off,
		   int acc)
{
	struct span dsp = check_user_span(e->m, e->w, 1u << l, e->span);
	struct machine_finding *f = check_report(e->m, FK_HOST_DEVICE_RACE, check_host_thread(e->m), 1,
			    r->sp, r->base + off,
			    "the host %s managed memory at offset %llu of a %llu-byte allocation while kernel %s, launched before and not synchronized with, %s (line %u): a launch returns at once and the kernel runs concurrently with the host, so the host sees old or new values (a GPU without concurrent managed access faults instead)",
			    r->write ? "writes" : "reads", (unsigned long long)off,
			    (unsigned long long)r->size, check_grid_name(e->m),
			    acc == 2 ? "updates it atomically" : acc ? "writes it" : "reads it", dsp.line);
	check_report_alloc(f, r->base, r->size);
	check_report_other_at(e->m, f, (int64_t)e->block, (int64_t)(e->warp * WARP + l), acc);
}

/* a device access (acc 0 read, 1 write, 2 atomic update) meets the notes */
static void device_access(struct hrace *h, const struct check_event *e)
{
	uint64_t started, queued;
	check_launches_pending(e->m, &started, &queued);
	int acc = e->access == CHECK_ATOMIC ? 2 : e->access == CHECK_WRITE ? 1 : 0;
	if (e->sem != SEM_WEAK && e->sem != SEM_VOLATILE && e->access != CHECK_ATOMIC)
		acc = acc ? 2 : 0;
	int write = acc != 0;
	for (size_t i = 0; i < h->v.len && h->open; i++) {
		struct note *r = &h->v.v[i];
		if (r->base != e->addr || r->done)
			continue;
		if (started > r->upto) {
			/* this kernel was launched after the host access: ordered */
			r->done = 1;
			h->open--;
			continue;
		}
		if (!write && !r->write)
			continue;
		for (uint32_t mm = e->mask; mm; mm &= mm - 1) {
			unsigned l = (unsigned)__builtin_ctz(mm);
			uint64_t off = e->lane_addr[l] - e->addr;
			if (off < r->hi && off + e->size > r->lo) {
				report(e, l, r, off > r->lo ? off : r->lo, acc);
				r->done = 1;
				h->open--;
				break;
			}
		}
	}
}

static void hrace_event(void *self, const struct check_event *e)
{
	struct hrace *h = self;
	uint64_t started, queued;
	switch (e->kind) {
	case CEV_LANE:
		if (e->slot < 0 && e->region == CR_MANAGED)
			host_access(h, e);
		break;
	case CEV_ACCESS:
		if (h->open && e->slot >= 0 && e->region == CR_MANAGED)
			device_access(h, e);
		break;
	case CEV_GRID_END:
		if (h->v.len && !check_launches_pending(e->m, &started, &queued)) {
			h->v.len = 0; /* the device is idle: the host's notes are void */
			h->open = 0;
		}
		break;
	default:
		break;
	}
}

const struct checker check_race_host = {
	.name = "hostrace",
	.what = "host accesses to managed memory while a kernel that uses it may be running",
	.events = CEV_BIT(CEV_LANE) | CEV_BIT(CEV_ACCESS) | CEV_BIT(CEV_GRID_END),
	.regions = 1u << CR_MANAGED,
	.lane_regions = 1u << CR_MANAGED, /* its CEV_LANE: the host thread's */
	.create = hrace_create,
	.destroy = hrace_destroy,
	.clone = hrace_clone,
	.event = hrace_event,
};
