/*
 * shadow.c - memory for the checkers' large shadows (check_shadow_alloc in
 * check.h): zero pages from the kernel, marked for transparent huge pages
 * where the system has them (faulting a 48 MB shadow in 4 KB pages cost
 * more than the race checks themselves on bench/vecadd,
 * docs/PERFORMANCE.md). Pages a checker never touches cost no memory.
 */
#define _DEFAULT_SOURCE 1
#include "check.h"

#include <stdlib.h>
#include <sys/mman.h>

#define SHADOW_BIG ((size_t)2 << 20)

void *check_shadow_alloc(size_t bytes)
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
	return xcalloc(1, bytes ? bytes : 1);
}

void check_shadow_free(void *p, size_t bytes)
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
