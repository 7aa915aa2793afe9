/*
 * shadow.c - memory for the checkers' shadow state (the global race
 * records: 16 bytes per 4-byte word). Large shadows are zero pages from the
 * kernel, marked for transparent huge pages where the system has them:
 * faulting a 48 MB shadow in 4 KB pages cost more than the race checks
 * themselves on bench/vecadd (docs/PERFORMANCE.md).
 */
#define _DEFAULT_SOURCE 1
#include "simt.h"

#include <stdlib.h>
#include <sys/mman.h>

#define SHADOW_BIG ((size_t)2 << 20)

void *shadow_alloc(size_t bytes)
{
#if defined(MAP_ANONYMOUS)
	if (bytes >= SHADOW_BIG) {
		void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p != MAP_FAILED) {
#if defined(MADV_HUGEPAGE)
			madvise(p, bytes, MADV_HUGEPAGE);
#endif
			return p;
		}
	}
#endif
	return xcalloc(1, bytes);
}

void shadow_free(void *p, size_t bytes)
{
	if (!p)
		return;
#if defined(MAP_ANONYMOUS)
	if (bytes >= SHADOW_BIG) {
		munmap(p, bytes);
		return;
	}
#endif
	free(p);
}
