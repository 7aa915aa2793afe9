/*
 * mem.c - allocation table of the tagged address space (see simt.h).
 *
 * Each region (host heap, global, constant) hands out addresses with a bump
 * pointer, so its table stays sorted by base and lookup is a binary search.
 * Addresses are never reused: a freed allocation stays in the table (data
 * released) so a later access is reported as use-after-free, not as a hit
 * in an unrelated buffer. Allocations are separated by a guard gap.
 *
 * Mapped device memory: as on a GPU, where cudaMalloc sub-allocates from
 * 2 MiB pages, a device access a little outside an allocation does not
 * fault. A global allocation's data covers its tail up to the next
 * allocation (cap; an allocation of 2 MiB or more: up to the end of its own
 * 2 MiB-aligned pages), freed global data is kept (up to RETAIN bytes). A 2 MiB
 * page is mapped while a cudaMalloc'd (or managed) block in it is live, or
 * when it holds device heap blocks (the heap stays mapped); the rest of a
 * mapped page reads as zero until written (gap pages of 4 KiB). Module
 * objects (__device__, literals) map only their own bytes and tail, as they
 * live in the module's own memory on a GPU. Everything else faults.
 */
#include "simt.h"

#include <stdlib.h>
#include <string.h>

#define GUARD 256
#define RETAIN (64u << 20)
/* cudaMalloc's memory from DEV_MAP bytes up to DEV_MAP_MAX is committed when
 * it returns, as the GPU's is: a mapping of its own, populated (in huge
 * pages from MEM_PAGE up), so that a kernel's first writes to an output
 * array take no page faults inside the launch (vecadd at 2^20: 1024 of
 * them, a tenth of its kernel time; docs/PERFORMANCE.md, ninth session).
 * The host's malloc, cudaMallocHost and cudaMallocManaged too: committing
 * in one call costs less than faulting page by page in host code.
 * Bigger allocations stay lazy: a program may reserve more than it uses. */
#define DEV_MAP ((uint64_t)64 << 10)
#define DEV_MAP_MAX ((uint64_t)1 << 30)
#define GAP_PAGE 4096u

struct mem_page {
	uint64_t base;
	uint8_t b[GAP_PAGE];
};

size_t mem_page_bytes(void)
{
	return sizeof(struct mem_page);
}

void mem_init(struct mem *mm)
{
	memset(mm, 0, sizeof(*mm));
	mm->host.next = ADDR(TAG_HOST, 0x10000);
	mm->global.next = ADDR(TAG_GLOBAL, 0x200000);
	mm->cnst.next = ADDR(TAG_CONST, 0x10000);
}

/* an allocation's bytes back to where they came from */
static void data_free(struct alloc *a)
{
	if (a->mapped)
		util_unmap(a->data, (size_t)a->cap);
	else
		free(a->data);
	a->data = NULL;
	a->mapped = 0;
}

static void region_release(struct mem_region *r)
{
	for (size_t i = 0; i < r->a.len; i++) {
		data_free(r->a.v[i]);
		free(r->a.v[i]);
	}
	vec_free(&r->a);
}

void mem_release(struct mem *mm)
{
	region_release(&mm->host);
	region_release(&mm->global);
	region_release(&mm->cnst);
	region_release(&mm->ext);
	for (size_t i = 0; i < mm->gap.len; i++)
		free(mm->gap.v[i]);
	vec_free(&mm->gap);
	vec_free(&mm->pages);
}

static int page_counted(const struct alloc *a)
{
	return ADDR_TAG(a->base) == TAG_GLOBAL &&
	       (a->kind == AK_DEV_MALLOC || a->kind == AK_DEV_HEAP || a->kind == AK_MANAGED);
}

static void page_count(struct mem *mm, const struct alloc *a, int d)
{
	uint64_t lo = ADDR(TAG_GLOBAL, MEM_PAGE);
	uint64_t p0 = (a->base - lo) / MEM_PAGE, p1 = (a->base + a->cap - 1 - lo) / MEM_PAGE;
	while (mm->pages.len <= p1)
		vec_push(&mm->pages, 0);
	for (uint64_t p = p0; p <= p1; p++)
		mm->pages.v[p] += (uint32_t)d;
}

static struct mem_region *region_of(struct mem *mm, unsigned tag)
{
	switch (tag) {
	case TAG_HOST: return &mm->host;
	case TAG_GLOBAL: return &mm->global;
	case TAG_CONST: return &mm->cnst;
	default: return NULL;
	}
}

/* Host memory the emulator backs (malloc, calloc, realloc, cudaMallocHost):
 * past it, or when the real calloc fails, mem_try_alloc returns NULL, as
 * malloc would on a machine without that much memory, instead of the tool
 * aborting. */
#define HOST_MEM (8ull << 30)

static struct alloc *alloc_new(struct mem *mm, unsigned tag, uint64_t size, uint64_t align,
			       int kind, int may_fail)
{
	struct mem_region *r = region_of(mm, tag);
	if (align < 256)
		align = 256;
	uint64_t cap = size ? size : 1;
	if (tag == TAG_GLOBAL)
		cap = ((size + 255) & ~(uint64_t)255) + GUARD;
	/* A cudaMalloc of a page or more gets pages of its own, as on the GPU:
	 * 2 MiB aligned, its tail mapped up to the end of its last page and no
	 * further, so an access just past a page-multiple allocation faults
	 * (700) as it does on the hardware instead of reading a guard tail. */
	if (tag == TAG_GLOBAL && kind == AK_DEV_MALLOC && size >= MEM_PAGE) {
		align = MEM_PAGE;
		cap = (size + MEM_PAGE - 1) & ~(uint64_t)(MEM_PAGE - 1);
	}
	void *data = NULL;
	int mapped = 0;
	if (may_fail) {
		if (size > HOST_MEM || (tag == TAG_HOST && size > HOST_MEM - mm->host_bytes))
			return NULL;
		uint64_t used = mm->host_bytes + mm->dev_bytes;
		if (mm->limit && (used >= mm->limit || size > mm->limit - used))
			return NULL;
	}
	if ((kind == AK_DEV_MALLOC || kind == AK_HOST_MALLOC || kind == AK_HOST_PINNED || kind == AK_MANAGED) &&
	    cap >= DEV_MAP && cap <= DEV_MAP_MAX)
		mapped = (data = util_map_zero((size_t)cap, 1, cap >= MEM_PAGE)) != NULL;
	if (!data && may_fail) {
		if (!(data = calloc(1, (size_t)cap)))
			return NULL;
	} else if (!data) {
		data = xcalloc(1, cap);
	}
	uint64_t base = (r->next + align - 1) & ~(align - 1);
	struct alloc *a = xcalloc(1, sizeof(*a));
	a->base = base;
	a->size = size;
	a->cap = cap;
	a->data = data;
	a->mapped = (uint8_t)mapped;
	a->kind = (uint8_t)kind;
	a->id = ++mm->next_id;
	a->obj = -1;
	switch (kind) {
	case AK_HOST_MALLOC: case AK_HOST_OBJ: a->host_ok = 1; break;
	case AK_HOST_PINNED: case AK_MANAGED: case AK_STRING: a->host_ok = a->dev_ok = 1; break;
	default: a->dev_ok = 1; break;
	}
	r->next = base + (cap > size + GUARD ? cap : size + GUARD);
	vec_push(&r->a, a);
	if (page_counted(a))
		page_count(mm, a, 1);
	if (tag == TAG_GLOBAL)
		mm->dev_bytes += size;
	else if (tag == TAG_HOST)
		mm->host_bytes += size;
	return a;
}

struct alloc *mem_alloc(struct mem *mm, unsigned tag, uint64_t size, uint64_t align, int kind)
{
	return alloc_new(mm, tag, size, align, kind, 0);
}

struct alloc *mem_try_alloc(struct mem *mm, unsigned tag, uint64_t size, uint64_t align, int kind)
{
	return alloc_new(mm, tag, size, align, kind, 1);
}

static struct alloc *region_find(struct mem_region *r, uint64_t addr);

struct alloc *mem_alloc_at(struct mem *mm, uint64_t base, uint64_t size, int kind)
{
	struct mem_region *r = &mm->ext;
	size_t at = 0;
	while (at < r->a.len && r->a.v[at]->base < base)
		at++;
	uint64_t len = size ? size : 1;
	if (at > 0 && !r->a.v[at - 1]->freed && r->a.v[at - 1]->base + (r->a.v[at - 1]->size ? r->a.v[at - 1]->size : 1) > base)
		return NULL;
	for (size_t k = at; k < r->a.len && r->a.v[k]->base < base + len; k++)
		if (!r->a.v[k]->freed)
			return NULL;
	uint64_t used = mm->host_bytes + mm->dev_bytes;
	if (size > HOST_MEM || (mm->limit && (used >= mm->limit || size > mm->limit - used)))
		return NULL;
	void *data = calloc(1, (size_t)len);
	if (!data)
		return NULL;
	struct alloc *a = xcalloc(1, sizeof(*a));
	a->base = base;
	a->size = size;
	a->cap = len;
	a->data = data;
	a->kind = (uint8_t)kind;
	a->id = ++mm->next_id;
	a->obj = -1;
	a->dev_ok = 1;
	a->host_ok = kind == AK_MANAGED || kind == AK_HOST_PINNED;
	a->ext = 1;
	/* freed allocations that start inside the new one (the GPU reuses
	 * addresses, also in other sizes) leave: else an address of the new
	 * block past such a start would be found in the freed one */
	size_t end = at;
	while (end < r->a.len && r->a.v[end]->base < base + len) {
		free(r->a.v[end]->data);
		free(r->a.v[end]);
		end++;
	}
	if (end > at) {
		memmove(&r->a.v[at + 1], &r->a.v[end], (r->a.len - end) * sizeof(r->a.v[0]));
		r->a.len -= end - at - 1;
		r->a.v[at] = a;
	} else {
		vec_push(&r->a, a);
		memmove(&r->a.v[at + 1], &r->a.v[at], (r->a.len - 1 - at) * sizeof(r->a.v[0]));
		r->a.v[at] = a;
	}
	mm->dev_bytes += size;
	return a;
}

struct alloc *mem_find(struct mem *mm, uint64_t addr)
{
	struct mem_region *r = region_of(mm, ADDR_TAG(addr));
	struct alloc *a = r ? region_find(r, addr) : NULL;
	if (!a && mm->ext.a.len)
		a = region_find(&mm->ext, addr);
	return a;
}

static struct alloc *region_find(struct mem_region *r, uint64_t addr)
{
	if (r->a.len == 0)
		return NULL;
	size_t lo = 0, hi = r->a.len;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;
		if (r->a.v[mid]->base <= addr)
			lo = mid;
		else
			hi = mid;
	}
	struct alloc *a = r->a.v[lo];
	if (addr < a->base || addr >= a->base + (a->size ? a->size : 1))
		return NULL;
	return a;
}

int mem_free(struct mem *mm, struct alloc *a)
{
	if (a->freed)
		return -1;
	a->freed = 1;
	mm->nfrees++;
	if (page_counted(a) && a->kind != AK_DEV_HEAP)
		page_count(mm, a, -1);
	if (a->ext) {
		mm->dev_bytes -= a->size;  /* its data stays: it may be reused at this address */
		return 0;
	}
	if (ADDR_TAG(a->base) == TAG_GLOBAL && mm->retained + a->cap <= RETAIN) {
		mm->retained += a->cap;     /* freed memory stays mapped */
	} else {
		data_free(a);
	}
	if (ADDR_TAG(a->base) == TAG_GLOBAL)
		mm->dev_bytes -= a->size;
	else if (ADDR_TAG(a->base) == TAG_HOST)
		mm->host_bytes -= a->size;
	return 0;
}

int mem_revive(struct mem *mm, struct alloc *a)
{
	if (!a->freed || a->ext || ADDR_TAG(a->base) != TAG_GLOBAL)
		return -1;
	if (a->data)
		mm->retained -= a->cap;     /* it was kept mapped */
	else
		a->data = xcalloc(1, a->cap ? a->cap : 1);
	a->freed = 0;
	if (page_counted(a) && a->kind != AK_DEV_HEAP)
		page_count(mm, a, 1);
	mm->dev_bytes += a->size;
	return 0;
}

static uint8_t *gap_page(struct mem *mm, uint64_t addr, uint64_t size)
{
	uint64_t pb = addr & ~(uint64_t)(GAP_PAGE - 1);
	if (!ws_range_in(pb, GAP_PAGE, addr, size))
		return NULL;
	for (size_t i = 0; i < mm->gap.len; i++)
		if (mm->gap.v[i]->base == pb)
			return mm->gap.v[i]->b + (addr - pb);
	struct mem_page *p = xcalloc(1, sizeof(*p));
	p->base = pb;
	vec_push(&mm->gap, p);
	return p->b + (addr - pb);
}

uint8_t *mem_mapped(struct mem *mm, uint64_t addr, uint64_t size)
{
	struct mem_region *r = &mm->global;
	uint64_t lo = ADDR(TAG_GLOBAL, MEM_PAGE);
	uint64_t hi = (r->next + MEM_PAGE - 1) & ~(uint64_t)(MEM_PAGE - 1);
	if (ADDR_TAG(addr) != TAG_GLOBAL || !r->a.len || hi < lo || !ws_range_in(lo, hi - lo, addr, size))
		return NULL;
	uint64_t pg = (addr - lo) / MEM_PAGE;
	int live = pg < mm->pages.len && mm->pages.v[pg] > 0;
	size_t l = 0, h = r->a.len;
	while (h - l > 1) {
		size_t mid = (l + h) / 2;
		if (r->a.v[mid]->base <= addr)
			l = mid;
		else
			h = mid;
	}
	struct alloc *a = r->a.v[l];
	int in = addr >= a->base && addr < a->base + a->cap;
	if (!live && !(in && a->obj >= 0 && a->data))
		return NULL;
	if (in && a->data && ws_range_in(a->base, a->cap, addr, size))
		return a->data + (addr - a->base);
	if (in && a->data)
		return NULL;        /* straddles the end of the tail: not modelled */
	return gap_page(mm, addr, size);
}

