/*
 * shadow.c - memory for the checkers' large shadows (check_shadow_alloc in
 * check.h): zero pages from the kernel, marked for transparent huge pages
 * where the system has them (faulting a 48 MB shadow in 4 KB pages cost
 * more than the race checks themselves on bench/vecadd,
 * docs/PERFORMANCE.md). Pages a checker never touches cost no memory.
 * From 64 KiB up the pages come from mmap, already zero: calloc would
 * clear a reused heap block byte by byte (rep stosb: a third of what the
 * checkers add to vecadd at 2^14 elements); smaller shadows stay on the
 * heap, so that many small allocations do not each take a mapping.
 * Below 2 MiB (no huge pages) the mapping is populated at once: faulting
 * a shadow's pages one by one inside a kernel was most of what the
 * checkers added to vecadd at 2^17 elements (773 faults;
 * docs/PERFORMANCE.md); the global checker makes its shadows when the
 * allocation is made (CEV_UNDEFINED), outside any kernel.
 * check_shadow_alloc_now commits a shadow at every size (huge pages from
 * 2 MiB up): for the global checker's run records, which every access
 * reads (a sixteenth of the words' shadow). The mappings are
 * util_map_zero's (util.h).
 */
#define _DEFAULT_SOURCE 1
#include "check.h"

#include <stdlib.h>
#include <sys/mman.h>

#define SHADOW_MAP ((size_t)64 << 10)  /* mapped from here up */
#define SHADOW_BIG ((size_t)2 << 20)   /* huge pages from here up */

void *check_shadow_alloc(size_t bytes)
{
#if defined(MAP_ANONYMOUS)
	if (bytes >= SHADOW_MAP) {
		void *p = util_map_zero(bytes, bytes < SHADOW_BIG, bytes >= SHADOW_BIG);
		if (!p)
			util_oom(); /* not the heap: check_shadow_free unmaps what is this big */
		return p;
	}
#endif
	return xcalloc(1, bytes ? bytes : 1);
}

void *check_shadow_alloc_now(size_t bytes)
{
#if defined(MAP_ANONYMOUS)
	if (bytes >= SHADOW_MAP) {
		void *p = util_map_zero(bytes, 1, bytes >= SHADOW_BIG);
		if (!p)
			util_oom();
		return p;
	}
#endif
	return xcalloc(1, bytes ? bytes : 1);
}

void check_shadow_free(void *p, size_t bytes)
{
	if (!p)
		return;
#if defined(MAP_ANONYMOUS)
	if (bytes >= SHADOW_MAP) {
		util_unmap(p, bytes);
		return;
	}
#endif
	free(p);
}
